/*
 * The 3D class's rasterizer and raster operations. A triangle's window
 * positions are snapped to 1/256 pixel; a pixel is covered when its centre
 * is inside all three edges, or on an edge that is a top or a left edge
 * (the top-left rule, y down), evaluated exactly in integers. Covered
 * pixels go to the pixel shader in 2x2 quads (uncovered quad members run
 * as helper lanes), with one plane equation per attribute word as the
 * shader's input map asks: perspective components as a/w (the shader
 * multiplies by the interpolated w), screen-linear ones as they are, flat
 * ones from the provoking vertex. Then, in primitive order: the stencil and
 * depth tests (late, with separate back-face stencil state), blending and
 * the colour write mask, and the writes to the targets. Points and lines
 * (and triangles in polygon mode POINT or LINE) become quads of two
 * triangles around them, never culled; the depth bias moves a primitive's
 * depth plane. Multisampling and depth written by the shader are not
 * modelled.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "draw.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/nv-f16.h"

#define RECT_MAX        16384u          /* the largest target */
#define SUBPIXEL        256             /* 8 fractional bits */
#define GUARD_BAND      (1 << 18)       /* pixels from the origin a vertex may be */
#define NO_REG          0xff

static uint32_t st(const NvThreed *t, uint32_t mthd)
{
    return nv_threed_state(t, mthd);
}

static float stf(const NvThreed *t, uint32_t mthd)
{
    return nv_f32_of(st(t, mthd));
}

static void clip_to(uint32_t r[4], uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1)
{
    r[0] = MAX(r[0], x0);
    r[1] = MIN(r[1], x1);
    r[2] = MAX(r[2], y0);
    r[3] = MIN(r[3], y1);
}

/* Surface clip, scissor 0 and viewport clip 0: the pixels a draw may touch. */
static void raster_rect(NvThreed *t, uint32_t r[4])
{
    uint32_t h = st(t, A_C597_SET_SURFACE_CLIP_HORIZONTAL), v = st(t, A_C597_SET_SURFACE_CLIP_VERTICAL);
    uint32_t vh = st(t, A_C597_SET_VIEWPORT_CLIP_HORIZONTAL);
    uint32_t vv = st(t, A_C597_SET_VIEWPORT_CLIP_VERTICAL);
    uint32_t x = NV_FEX32(h, C597_SET_SURFACE_CLIP_HORIZONTAL, X);
    uint32_t y = NV_FEX32(v, C597_SET_SURFACE_CLIP_VERTICAL, Y);
    uint32_t vx = NV_FEX32(vh, C597_SET_VIEWPORT_CLIP_HORIZONTAL, X0);
    uint32_t vy = NV_FEX32(vv, C597_SET_VIEWPORT_CLIP_VERTICAL, Y0);

    r[0] = r[2] = 0;
    r[1] = r[3] = RECT_MAX;
    clip_to(r, x, x + NV_FEX32(h, C597_SET_SURFACE_CLIP_HORIZONTAL, WIDTH),
            y, y + NV_FEX32(v, C597_SET_SURFACE_CLIP_VERTICAL, HEIGHT));
    clip_to(r, vx, vx + NV_FEX32(vh, C597_SET_VIEWPORT_CLIP_HORIZONTAL, WIDTH),
            vy, vy + NV_FEX32(vv, C597_SET_VIEWPORT_CLIP_VERTICAL, HEIGHT));
    if (NV_FEX32(st(t, A_C597_SET_SCISSOR_ENABLE), C597_SET_SCISSOR_ENABLE, V)) {
        uint32_t sh = st(t, A_C597_SET_SCISSOR_HORIZONTAL), sv = st(t, A_C597_SET_SCISSOR_VERTICAL);

        clip_to(r, NV_FEX32(sh, C597_SET_SCISSOR_HORIZONTAL, XMIN),
                NV_FEX32(sh, C597_SET_SCISSOR_HORIZONTAL, XMAX),
                NV_FEX32(sv, C597_SET_SCISSOR_VERTICAL, YMIN),
                NV_FEX32(sv, C597_SET_SCISSOR_VERTICAL, YMAX));
    }
}

static uint32_t sph_bits(const uint32_t *sph, unsigned pos, unsigned len)
{
    return (sph[pos / 32] >> (pos % 32)) & ((1u << len) - 1);     /* len <= 4, within a dword */
}

/* Which registers hold the pixel shader's outputs at EXIT (the SPH's output map). */
static void ps_outputs(DrawRaster *r)
{
    const uint32_t *sph = r->ps.sph;
    unsigned reg = 0;

    for (unsigned j = 0; j < NV_3D_TARGETS; j++) {
        unsigned mask = sph_bits(sph, NV_SPH_PS_OMAP_TARGETS + 4 * j, 4);

        r->ps_comps[j] = (uint8_t)mask;
        r->ps_regs_of[j] = (uint8_t)reg;
        reg += (unsigned)__builtin_popcount(mask);
    }
    if (sph_bits(sph, NV_SPH_PS_OMAP_SAMPLE_MASK) || sph_bits(sph, NV_SPH_PS_OMAP_DEPTH)) {
        nv_threed_unimp(r->t, A_C597_SET_PIPELINE_SHADER + NV_3D_STAGE_PIXEL *
                        A_C597_SET_PIPELINE_SHADER_STRIDE, 0);
        reg += 2;
    }
    r->ps_out_regs = MIN(reg, (unsigned)DRAW_MAX_OUT_REGS);
}

/*
 * Depth bias: SET_POLY_OFFSET_POINT/LINE/FILL enable it per kind of
 * primitive; SET_DEPTH_BIAS counts half units of the target's least
 * resolvable difference (nouveau's GL driver doubles GL's units, and NVK
 * notes that NVIDIA's driver doubles Vulkan's): 2^-16 or 2^-24 for fixed
 * point, or for a float target 2^(e - 23) with e the exponent of the
 * primitive's largest depth (2^-24 whatever the target when
 * SET_DEPTH_BIAS_CONTROL is not format-dependent).
 */
static void bias_begin(DrawRaster *r, NvThreed *t)
{
    const RtDepthFormat *zf;
    RtSurf zs;

    r->bias_on[DRAW_KIND_POINT] = NV_FEX32(st(t, A_C597_SET_POLY_OFFSET_POINT), C597_SET_POLY_OFFSET_POINT, ENABLE);
    r->bias_on[DRAW_KIND_LINE] = NV_FEX32(st(t, A_C597_SET_POLY_OFFSET_LINE), C597_SET_POLY_OFFSET_LINE, ENABLE);
    r->bias_on[DRAW_KIND_FILL] = NV_FEX32(st(t, A_C597_SET_POLY_OFFSET_FILL), C597_SET_POLY_OFFSET_FILL, ENABLE);
    r->bias_units = stf(t, A_C597_SET_DEPTH_BIAS);
    r->bias_slope = stf(t, A_C597_SET_SLOPE_SCALE_DEPTH_BIAS);
    r->bias_clamp = stf(t, A_C597_SET_DEPTH_BIAS_CLAMP);
    r->bias_zbits = 24;
    if (NV_FEX32(st(t, A_C597_SET_DEPTH_BIAS_CONTROL), C597_SET_DEPTH_BIAS_CONTROL,
                 DEPTH_FORMAT_DEPENDENT) && nv_rt_depth_target(t, &zs, &zf)) {
        r->bias_zbits = zf->zbits == 32 ? 0 : zf->zbits;
    }
}

/* The enabled user clip distances, each clipping or (SET_USER_CLIP_OP) culling. */
static void user_clip_begin(DrawRaster *r, NvThreed *t)
{
    for (unsigned i = 0; i < NV_3D_USER_CLIPS; i++) {
        bool on = (st(t, A_C597_SET_USER_CLIP_ENABLE) >> i) & 1;
        bool culls = (st(t, A_C597_SET_USER_CLIP_OP) >> NV_3D_USER_CLIP_OP_SHIFT(i)) & 1;

        r->user_clip |= (on && !culls) << i;
        r->user_cull |= (on && culls) << i;
    }
}

bool nv_draw_raster_begin(DrawRaster *r, NvThreed *t, const DrawShader *ps)
{
    uint32_t origin = st(t, A_C597_SET_WINDOW_ORIGIN);
    uint32_t cull = st(t, A_C597_OGL_SET_CULL_FACE);
    bool vp;

    memset(r, 0, sizeof(*r));
    r->t = t;
    r->s = t->scratch;
    r->ps = *ps;
    ps_outputs(r);
    for (unsigned i = 0; i < NV_ATTR_GENERIC_END / 4 - NV_ATTR_GENERIC0 / 4; i++) {
        r->imap[NV_ATTR_GENERIC0 / 4 + i] = sph_bits(ps->sph, NV_SPH_PS_IMAP_GENERIC + 2 * i, 2);
    }
    raster_rect(t, r->rect);
    /* without the viewport transform (nouveau's GL blits) positions are window coordinates */
    vp = NV_FEX32(st(t, A_C597_SET_VIEWPORT_SCALE_OFFSET), C597_SET_VIEWPORT_SCALE_OFFSET, ENABLE);
    for (unsigned c = 0; c < 3; c++) {
        r->scale[c] = vp ? stf(t, A_C597_SET_VIEWPORT_SCALE_X + 4 * c) : 1.0f;
        r->offset[c] = vp ? stf(t, A_C597_SET_VIEWPORT_OFFSET_X + 4 * c) : 0.0f;
    }
    r->zmin = fminf(stf(t, A_C597_SET_VIEWPORT_CLIP_MIN_Z), stf(t, A_C597_SET_VIEWPORT_CLIP_MAX_Z));
    r->zmax = fmaxf(stf(t, A_C597_SET_VIEWPORT_CLIP_MIN_Z), stf(t, A_C597_SET_VIEWPORT_CLIP_MAX_Z));
    r->z_clip_zero = (st(t, A_C597_SET_VIEWPORT_Z_CLIP) & 1) == NV_3D_Z_CLIP_ZERO;
    user_clip_begin(r, t);
    r->ccw_negative = NV_FEX32(origin, C597_SET_WINDOW_ORIGIN, MODE) == NV_3D_ORIGIN_UPPER_LEFT;
    r->front_ccw = st(t, A_C597_OGL_SET_FRONT_FACE) == NV_3D_FACE_CCW;
    r->provoking_last = (st(t, A_C597_SET_PROVOKING_VERTEX) & 1) == NV_3D_PROVOKING_LAST;
    r->shade_flat = st(t, A_C597_SET_SHADE_MODE) == NV_3D_SHADE_OGL_FLAT ||
                    st(t, A_C597_SET_SHADE_MODE) == NV_3D_SHADE_FLAT;
    if (NV_FEX32(st(t, A_C597_OGL_SET_CULL), C597_OGL_SET_CULL, ENABLE)) {
        r->cull_front = cull == NV_3D_CULL_FRONT || cull == NV_3D_CULL_FRONT_AND_BACK;
        r->cull_back = cull == NV_3D_CULL_BACK || cull == NV_3D_CULL_FRONT_AND_BACK;
    }
    r->clamp_colors = NV_FEX32(st(t, A_C597_SET_COLOR_CLAMP), C597_SET_COLOR_CLAMP, ENABLE);
    /* the layer (or 3D slice) of every target the draw writes, or each primitive's own */
    r->rt_layer = NV_FEX32(st(t, A_C597_SET_RT_LAYER), C597_SET_RT_LAYER, V);
    r->shader_layer = NV_FEX32(st(t, A_C597_SET_RT_LAYER), C597_SET_RT_LAYER, CONTROL) ==
                      NV_3D_RT_LAYER_FROM_SHADER;
    bias_begin(r, t);
    r->poly_mode[0] = st(t, A_C597_SET_BACK_POLYGON_MODE);
    r->poly_mode[1] = st(t, A_C597_SET_FRONT_POLYGON_MODE);
    r->point_size = stf(t, A_C597_SET_POINT_SIZE);
    r->point_size_attr = NV_FEX32(st(t, A_C597_SET_ATTRIBUTE_POINT_SIZE),
                                  C597_SET_ATTRIBUTE_POINT_SIZE, ENABLE);
    r->sprite_t_down = (NV_FEX32(st(t, A_C597_SET_POINT_SPRITE_SELECT), C597_SET_POINT_SPRITE_SELECT,
                                 ORIGIN) == NV_3D_SPRITE_ORIGIN_TOP) == r->ccw_negative;
    r->strict_lines = NV_FEX32(st(t, A_C597_SET_ANTI_ALIAS_ENABLE), C597_SET_ANTI_ALIAS_ENABLE, V);
    r->line_width = stf(t, NV_FEX32(st(t, A_C597_SET_ALIASED_LINE_WIDTH_ENABLE),
                                    C597_SET_ALIASED_LINE_WIDTH_ENABLE, V) && !r->strict_lines ?
                           A_C597_SET_ALIASED_LINE_WIDTH_FLOAT : A_C597_SET_LINE_WIDTH_FLOAT);
    /* a point sprite's coordinates are screen-linear whatever the input map says */
    r->imap[NV_ATTR_POINT_COORD / 4] = r->imap[NV_ATTR_POINT_COORD / 4 + 1] = NV_SPH_IMAP_LINEAR;
    if (NV_FEX32(origin, C597_SET_WINDOW_ORIGIN, FLIP_Y)) {
        nv_threed_unimp(t, A_C597_SET_WINDOW_ORIGIN, origin);
    }
    return true;
}

/* ---- triangle setup ---- */

typedef struct SetupVert {
    const DrawVert *v;
    float x, y, z, inv_w;               /* window position, depth, 1 / clip w */
    int64_t sx, sy;                     /* snapped to 1/256 */
} SetupVert;

static bool setup_vertex(const DrawRaster *r, const DrawVert *v, SetupVert *o)
{
    const float *p = &v->a[NV_ATTR_POSITION / 4];

    o->v = v;
    o->inv_w = 1.0f / p[3];
    o->x = r->scale[0] * p[0] * o->inv_w + r->offset[0];
    o->y = r->scale[1] * p[1] * o->inv_w + r->offset[1];
    o->z = r->scale[2] * p[2] * o->inv_w + r->offset[2];
    if (!(fabsf(o->x) < GUARD_BAND && fabsf(o->y) < GUARD_BAND && isfinite(o->z))) {
        return false;
    }
    o->sx = llrintf(o->x * SUBPIXEL);
    o->sy = llrintf(o->y * SUBPIXEL);
    return true;
}

/* The value of attribute word w that vertex k contributes to its plane. */
static float plane_value(const DrawRaster *r, const SetupVert *k, unsigned w)
{
    switch (w) {
    case NV_ATTR_POSITION / 4:
        return (float)k->sx / SUBPIXEL;
    case NV_ATTR_POSITION / 4 + 1:
        return (float)k->sy / SUBPIXEL;
    case NV_ATTR_POSITION / 4 + 2:
        return k->z;
    case NV_ATTR_POSITION / 4 + 3:
        return k->inv_w;
    }
    return r->imap[w] == NV_SPH_IMAP_LINEAR ? k->v->a[w] : k->v->a[w] * k->inv_w;
}

/* Plane equations of every attribute word over the (snapped) triangle. */
static void setup_planes(const DrawRaster *r, const SetupVert *v, const uint32_t *flat,
                         bool front, NvSmPrim *p)
{
    double x1 = (double)(v[1].sx - v[0].sx) / SUBPIXEL, y1 = (double)(v[1].sy - v[0].sy) / SUBPIXEL;
    double x2 = (double)(v[2].sx - v[0].sx) / SUBPIXEL, y2 = (double)(v[2].sy - v[0].sy) / SUBPIXEL;
    double det = x1 * y2 - x2 * y1;

    p->x0 = (float)v[0].sx / SUBPIXEL;
    p->y0 = (float)v[0].sy / SUBPIXEL;
    memcpy(p->flat, flat, sizeof(p->flat));
    p->flat[NV_ATTR_FRONT_FACE / 4] = front ? ~0u : 0;
    memset(p->plane, 0, sizeof(p->plane));
    for (unsigned w = NV_ATTR_POSITION / 4; w < NV_ATTR_FRONT_FACE / 4; w++) {
        double f0, f1, f2;

        if (r->imap[w] == NV_SPH_IMAP_CONSTANT) {
            p->plane[w].a = nv_f32_of(flat[w]);
            continue;
        }
        f0 = plane_value(r, &v[0], w);
        f1 = plane_value(r, &v[1], w) - f0;
        f2 = plane_value(r, &v[2], w) - f0;
        p->plane[w].a = (float)f0;
        p->plane[w].dx = (float)((f1 * y2 - f2 * y1) / det);
        p->plane[w].dy = (float)((f2 * x1 - f1 * x2) / det);
    }
}

/* The bias added to a primitive's depth plane. */
static void depth_bias(const DrawRaster *r, const SetupVert *v, NvSmPrim *p)
{
    NvSmPlane *z = &p->plane[NV_ATTR_POSITION / 4 + 2];
    float unit, o;
    int e;

    if (!r->bias_on[r->kind]) {
        return;
    }
    if (r->bias_zbits) {
        unit = ldexpf(1.0f, -(int)r->bias_zbits);
    } else {
        frexpf(fmaxf(fabsf(v[0].z), fmaxf(fabsf(v[1].z), fabsf(v[2].z))), &e);
        unit = ldexpf(1.0f, e - 24);
    }
    o = r->bias_units * unit / 2 + r->bias_slope * fmaxf(fabsf(z->dx), fabsf(z->dy));
    if (r->bias_clamp > 0) {
        o = fminf(o, r->bias_clamp);
    } else if (r->bias_clamp < 0) {
        o = fmaxf(o, r->bias_clamp);
    }
    if (isfinite(o)) {
        z->a += o;
    }
}

/* ---- coverage ---- */

typedef struct Edge {
    int64_t ax, ay, dx, dy;
    bool top_left;
} Edge;

static Edge edge(const SetupVert *a, const SetupVert *b)
{
    Edge e = { .ax = a->sx, .ay = a->sy, .dx = b->sx - a->sx, .dy = b->sy - a->sy };

    e.top_left = e.dy < 0 || (e.dy == 0 && e.dx > 0);
    return e;
}

static bool inside(const Edge *e, int64_t px, int64_t py)
{
    int64_t v = e->dx * (py - e->ay) - e->dy * (px - e->ax);

    return v > 0 || (v == 0 && e->top_left);
}

static bool covered(const Edge e[3], const uint32_t rect[4], int64_t x, int64_t y)
{
    int64_t px = x * SUBPIXEL + SUBPIXEL / 2, py = y * SUBPIXEL + SUBPIXEL / 2;

    return x >= rect[0] && x < rect[1] && y >= rect[2] && y < rect[3] &&
           inside(&e[0], px, py) && inside(&e[1], px, py) && inside(&e[2], px, py);
}

/* Flushes the queued pixels, keeping primitive `keep` (the one being rasterized) as the first. */
static bool flush_keeping(DrawRaster *r, uint32_t *keep)
{
    NvSmPrim cur = r->s->prims[*keep];

    r->nprims = *keep + 1;
    if (!nv_draw_flush(r)) {
        return false;
    }
    r->s->prims[0] = cur;
    r->nprims = 1;
    *keep = 0;
    return true;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Queues the quads of the triangle's covered pixels; returns false on an error. */
static bool rasterize(DrawRaster *r, const Edge e[3], const SetupVert *v, uint32_t *prim,
                      bool *any)
{
    int64_t minx = MIN(v[0].sx, MIN(v[1].sx, v[2].sx)), maxx = MAX(v[0].sx, MAX(v[1].sx, v[2].sx));
    int64_t miny = MIN(v[0].sy, MIN(v[1].sy, v[2].sy)), maxy = MAX(v[0].sy, MAX(v[1].sy, v[2].sy));
    int64_t x0 = MAX(floor_div(minx - SUBPIXEL / 2, SUBPIXEL), (int64_t)r->rect[0]);
    int64_t x1 = MIN(floor_div(maxx - SUBPIXEL / 2, SUBPIXEL) + 1, (int64_t)r->rect[1]);
    int64_t y0 = MAX(floor_div(miny - SUBPIXEL / 2, SUBPIXEL), (int64_t)r->rect[2]);
    int64_t y1 = MIN(floor_div(maxy - SUBPIXEL / 2, SUBPIXEL) + 1, (int64_t)r->rect[3]);

    for (int64_t qy = y0 & ~1ll; qy < y1; qy += 2) {
        if (!nv_draw_pause(r->t)) {
            return false;
        }
        for (int64_t qx = x0 & ~1ll; qx < x1; qx += 2) {
            bool c[4];

            for (unsigned i = 0; i < 4; i++) {
                c[i] = covered(e, r->rect, qx + (i & 1), qy + (i >> 1));
            }
            if (!(c[0] || c[1] || c[2] || c[3])) {
                continue;
            }
            if (r->npix + 4 > DRAW_MAX_PIXELS && !flush_keeping(r, prim)) {
                return false;
            }
            for (unsigned i = 0; i < 4; i++) {
                r->s->pixels[r->npix++] = (NvSmPixel){
                    .x = (uint16_t)(qx + (i & 1)), .y = (uint16_t)(qy + (i >> 1)),
                    .prim = *prim, .covered = c[i] };
            }
            *any = true;
        }
    }
    return true;
}

static bool polygon_edges(DrawRaster *r, const SetupVert *v, const uint32_t *flat, bool front,
                          uint32_t mode);

/*
 * Rasterizes the triangle: facing < 0 for a polygon (facing from its
 * winding, culled as SET_CULL asks, drawn in its polygon mode), else a
 * part of a point or a line, never culled, facing as given.
 */
static bool triangle(DrawRaster *r, const DrawVert *v0, const DrawVert *v1, const DrawVert *v2,
                     const uint32_t *flat, int facing)
{
    SetupVert v[3];
    Edge e[3];
    int64_t area;
    uint32_t prim, mode;
    bool front, any = false;

    if (!setup_vertex(r, v0, &v[0]) || !setup_vertex(r, v1, &v[1]) || !setup_vertex(r, v2, &v[2])) {
        return true;                    /* outside the guard band: not drawn */
    }
    area = (v[1].sx - v[0].sx) * (v[2].sy - v[0].sy) - (v[1].sy - v[0].sy) * (v[2].sx - v[0].sx);
    if (!area) {
        return true;
    }
    /* y down: counter-clockwise on the screen is a negative area */
    front = facing < 0 ? r->front_ccw == ((area < 0) == r->ccw_negative) : facing;
    if (facing < 0) {
        r->kind = DRAW_KIND_FILL;
        if ((front && r->cull_front) || (!front && r->cull_back)) {
            return true;
        }
        mode = r->poly_mode[front];
        if (mode == NV_3D_POLYGON_POINT || mode == NV_3D_POLYGON_LINE) {
            return polygon_edges(r, v, flat, front, mode);
        }
    }
    if (area < 0) {                     /* keep the provoking vertex first */
        SetupVert tmp = v[1];

        v[1] = v[2];
        v[2] = tmp;
    }
    e[0] = edge(&v[1], &v[2]);
    e[1] = edge(&v[2], &v[0]);
    e[2] = edge(&v[0], &v[1]);
    if (r->nprims == DRAW_MAX_PRIMS && !nv_draw_flush(r)) {
        return false;
    }
    prim = r->nprims;
    setup_planes(r, v, flat, front, &r->s->prims[prim]);
    depth_bias(r, v, &r->s->prims[prim]);
    if (!rasterize(r, e, v, &prim, &any)) {
        return false;
    }
    if (any) {
        r->nprims = prim + 1;
    }
    return true;
}

bool nv_draw_triangle(DrawRaster *r, const DrawVert *v0, const DrawVert *v1,
                      const DrawVert *v2, const uint32_t *flat)
{
    return triangle(r, v0, v1, v2, flat, -1);
}

/* ---- points and lines: quads of two triangles around them ---- */

/* The window position of a clip-space vertex (not snapped). */
static void window_xy(const DrawRaster *r, const DrawVert *v, float *x, float *y)
{
    const float *p = &v->a[NV_ATTR_POSITION / 4];

    *x = r->scale[0] * p[0] / p[3] + r->offset[0];
    *y = r->scale[1] * p[1] / p[3] + r->offset[1];
}

/* v moved by (dx, dy) pixels in window space, as a clip-space vertex. */
static void moved(const DrawRaster *r, const DrawVert *v, float dx, float dy, DrawVert *o)
{
    float w = v->a[NV_ATTR_POSITION / 4 + 3];

    memcpy(o, v, sizeof(*o));
    o->a[NV_ATTR_POSITION / 4] += dx * w / r->scale[0];
    o->a[NV_ATTR_POSITION / 4 + 1] += dy * w / r->scale[1];
}

/* The quad q[0] q[1] q[3] q[2] as two triangles sharing the diagonal q[1] q[2]. */
static bool quad(DrawRaster *r, DrawVert q[4], const uint32_t *flat, bool front)
{
    return triangle(r, &q[0], &q[1], &q[2], flat, front) &&
           triangle(r, &q[1], &q[3], &q[2], flat, front);
}

static bool point(DrawRaster *r, const DrawVert *v, const uint32_t *flat, bool front)
{
    float size = r->point_size_attr ? v->a[NV_ATTR_POINT_SIZE / 4] : r->point_size;
    float h = fminf(fmaxf(size, 1.0f), DRAW_MAX_POINT_SIZE) / 2;  /* NaN: 1 */
    DrawVert *q = r->s->corners;

    for (unsigned i = 0; i < 4; i++) {
        moved(r, v, i & 1 ? h : -h, i & 2 ? h : -h, &q[i]);
        /* the sprite's s grows with x, t with the row or against it */
        q[i].a[NV_ATTR_POINT_COORD / 4] = i & 1;
        q[i].a[NV_ATTR_POINT_COORD / 4 + 1] = !(i & 2) != r->sprite_t_down;
    }
    r->kind = DRAW_KIND_POINT;
    return quad(r, q, flat, front);
}

/*
 * A line of the line width: a rectangle around the segment (strict lines,
 * ANTI_ALIAS_ENABLE, as NVK asks) or a parallelogram whose ends are along
 * the minor axis (aliased lines: one pixel per column or row at width 1).
 * Corners at an end carry that end's attributes, so the planes interpolate
 * along the line.
 */
static bool line(DrawRaster *r, const DrawVert *v0, const DrawVert *v1, const uint32_t *flat,
                 bool front)
{
    float x0, y0, x1, y1, dx, dy, len, h = fminf(fmaxf(r->line_width, 1.0f), DRAW_MAX_LINE_WIDTH) / 2;
    float nx, ny;
    DrawVert *q = r->s->corners;

    window_xy(r, v0, &x0, &y0);
    window_xy(r, v1, &x1, &y1);
    dx = x1 - x0;
    dy = y1 - y0;
    len = hypotf(dx, dy);
    if (!(len > 0) || !isfinite(len)) {
        return true;                    /* no length, or not in the window's range */
    }
    if (r->strict_lines) {
        nx = -dy / len * h;
        ny = dx / len * h;
    } else {
        nx = fabsf(dx) >= fabsf(dy) ? 0 : h;
        ny = fabsf(dx) >= fabsf(dy) ? h : 0;
    }
    moved(r, v0, nx, ny, &q[0]);
    moved(r, v0, -nx, -ny, &q[1]);
    moved(r, v1, nx, ny, &q[2]);
    moved(r, v1, -nx, -ny, &q[3]);
    r->kind = DRAW_KIND_LINE;
    return quad(r, q, flat, front);
}

bool nv_draw_point(DrawRaster *r, const DrawVert *v, const uint32_t *flat)
{
    return point(r, v, flat, true);
}

bool nv_draw_line(DrawRaster *r, const DrawVert *v0, const DrawVert *v1, const uint32_t *flat)
{
    return line(r, v0, v1, flat, true);
}

/* Polygon mode POINT or LINE: the triangle's corners or edges, facing as the triangle. */
static bool polygon_edges(DrawRaster *r, const SetupVert *v, const uint32_t *flat, bool front,
                          uint32_t mode)
{
    /* the corners go to a copy: point() and line() reuse the scratch corners */
    DrawVert c[3];

    for (unsigned i = 0; i < 3; i++) {
        memcpy(&c[i], v[i].v, sizeof(c[i]));
    }
    for (unsigned i = 0; i < 3; i++) {
        if (mode == NV_3D_POLYGON_POINT ? !point(r, &c[i], flat, front)
                                        : !line(r, &c[i], &c[(i + 1) % 3], flat, front)) {
            return false;
        }
    }
    return true;
}

/* ---- raster operations ---- */

static float plane_at(const NvSmPrim *p, unsigned w, const NvSmPixel *px)
{
    const NvSmPlane *pl = &p->plane[w];

    return pl->a + pl->dx * ((float)px->x + 0.5f - p->x0) + pl->dy * ((float)px->y + 0.5f - p->y0);
}

/* The eight tests of SET_DEPTH_FUNC and SET_STENCIL_FUNC (OGL or D3D spelling). */
static bool compare(uint32_t fn, double v, double old)
{
    switch ((fn >= NV_3D_OGL_NEVER ? fn - NV_3D_OGL_NEVER : fn - NV_3D_D3D_NEVER) & 7) {
    case 0: return false;
    case 1: return v < old;
    case 2: return v == old;
    case 3: return v <= old;
    case 4: return v > old;
    case 5: return v != old;
    case 6: return v >= old;
    default: return true;
    }
}

/* A stencil operation on an 8-bit value. */
static uint32_t stencil_op(uint32_t op, uint32_t s, uint32_t ref)
{
    switch (op) {
    case NV_3D_SOP_OGL_ZERO: case NV_3D_SOP_D3D_ZERO: return 0;
    case NV_3D_SOP_OGL_REPLACE: case NV_3D_SOP_D3D_REPLACE: return ref & 0xff;
    case NV_3D_SOP_OGL_INCRSAT: case NV_3D_SOP_D3D_INCRSAT: return MIN(s + 1, 0xffu);
    case NV_3D_SOP_OGL_DECRSAT: case NV_3D_SOP_D3D_DECRSAT: return s ? s - 1 : 0;
    case NV_3D_SOP_OGL_INVERT: case NV_3D_SOP_D3D_INVERT: return ~s & 0xff;
    case NV_3D_SOP_OGL_INCR: case NV_3D_SOP_D3D_INCR: return (s + 1) & 0xff;
    case NV_3D_SOP_OGL_DECR: case NV_3D_SOP_D3D_DECR: return (s - 1) & 0xff;
    default: return s;                  /* KEEP */
    }
}

/* The stencil state of a face: its function, reference, masks and three operations. */
typedef struct Stencil {
    uint32_t func, ref, func_mask, write_mask, op_fail, op_zfail, op_zpass;
} Stencil;

static void stencil_state(NvThreed *t, bool front, Stencil *s)
{
    if (front || !(st(t, A_C597_SET_TWO_SIDED_STENCIL_TEST) & 1)) {
        *s = (Stencil){ st(t, A_C597_SET_STENCIL_FUNC), st(t, A_C597_SET_STENCIL_FUNC_REF),
                        st(t, A_C597_SET_STENCIL_FUNC_MASK), st(t, A_C597_SET_STENCIL_MASK),
                        st(t, A_C597_SET_STENCIL_OP_FAIL), st(t, A_C597_SET_STENCIL_OP_ZFAIL),
                        st(t, A_C597_SET_STENCIL_OP_ZPASS) };
    } else {
        *s = (Stencil){ st(t, A_C597_SET_BACK_STENCIL_FUNC), st(t, A_C597_SET_BACK_STENCIL_FUNC_REF),
                        st(t, A_C597_SET_BACK_STENCIL_FUNC_MASK), st(t, A_C597_SET_BACK_STENCIL_MASK),
                        st(t, A_C597_SET_BACK_STENCIL_OP_FAIL),
                        st(t, A_C597_SET_BACK_STENCIL_OP_ZFAIL),
                        st(t, A_C597_SET_BACK_STENCIL_OP_ZPASS) };
    }
}

/*
 * The stencil and depth tests of one pixel, with their writes (one read and
 * one write of the depth/stencil texel); false in *pass when either fails.
 */
/*
 * The layer a pixel writes: SET_RT_LAYER's, or with its control at
 * GEOMETRY_SHADER_SELECTS_LAYER the last vertex stage's layer output of the
 * primitive's provoking vertex (0 when the shader writes none): NVK's blits
 * into 3D images and layered targets draw an instance per layer so.
 */
static uint32_t px_layer(const DrawRaster *r, const NvSmPixel *px)
{
    return r->shader_layer ? r->s->prims[px->prim].flat[NV_ATTR_RT_LAYER / 4] : r->rt_layer;
}

/*
 * The depth bounds test (SET_DEPTH_BOUNDS_TEST): the depth already stored at
 * the pixel, not the fragment's, must lie in [SET_DEPTH_BOUNDS_MIN, _MAX]
 * (for fixed-point formats, the bounds rounded to the format as depths
 * are: a stored 0.5 passes a bound of 0.5); a fragment that fails it is
 * dropped before the stencil test.
 */
static bool depth_bounds_fail(NvThreed *t, const RtDepthFormat *f, const uint8_t *texel)
{
    uint64_t bits = nv_rt_get_bits(texel, f->zpos, f->zbits);
    double lo = stf(t, A_C597_SET_DEPTH_BOUNDS_MIN), hi = stf(t, A_C597_SET_DEPTH_BOUNDS_MAX);
    double one = (double)((1ull << f->zbits) - 1);

    if (f->zbits == 32) {
        double stored = nv_f32_of((uint32_t)bits);

        return !(stored >= lo && stored <= hi);
    }
    if (isnan(lo) || isnan(hi)) {
        return true;
    }
    return !(bits >= (uint64_t)llrint(fmin(fmax(lo, 0.0), 1.0) * one) &&
             bits <= (uint64_t)llrint(fmin(fmax(hi, 0.0), 1.0) * one));
}

static bool depth_stencil(DrawRaster *r, const RtSurf *zs, const RtDepthFormat *f,
                          const NvSmPixel *px, bool *pass)
{
    NvThreed *t = r->t;
    const NvMemIf *m = t->mem;
    const NvSmPrim *p = &r->s->prims[px->prim];
    bool ztest = f->zbits && (st(t, A_C597_SET_DEPTH_TEST) & 1);
    bool stest = f->sbits && (st(t, A_C597_SET_STENCIL_TEST) & 1);
    bool btest = f->zbits && (st(t, A_C597_SET_DEPTH_BOUNDS_TEST) & 1);
    float z = fminf(fmaxf(plane_at(p, NV_ATTR_POSITION / 4 + 2, px), r->zmin), r->zmax);
    uint32_t layer = px_layer(r, px);
    uint64_t va = nv_rt_texel(zs, px->x, px->y, layer), zq = 0, old = 0;
    uint8_t texel[RT_MAX_BPP];
    bool zpass = true, spass = true, write;
    uint32_t s = 0, s_new = 0;
    Stencil sc = { 0 };

    *pass = true;
    if ((!ztest && !stest && !btest) || px->x >= zs->width || px->y >= zs->height ||
        layer >= zs->depth) {
        return true;
    }
    if (!m->read(m->opaque, true, 0, va, texel, f->bytes)) {
        return false;
    }
    if (btest && depth_bounds_fail(t, f, texel)) {
        *pass = false;
        return true;
    }
    if (stest) {
        stencil_state(t, p->flat[NV_ATTR_FRONT_FACE / 4] != 0, &sc);
        s = (uint32_t)nv_rt_get_bits(texel, f->spos, f->sbits);
        spass = compare(sc.func, sc.ref & sc.func_mask & 0xff, s & sc.func_mask & 0xff);
    }
    if (ztest && spass) {
        old = nv_rt_get_bits(texel, f->zpos, f->zbits);
        zq = f->zbits == 32 ? nv_bits_f32(z) : (uint64_t)llrint((double)z * ((1u << f->zbits) - 1));
        zpass = compare(st(t, A_C597_SET_DEPTH_FUNC),
                        f->zbits == 32 ? (double)z : (double)zq,
                        f->zbits == 32 ? (double)nv_f32_of((uint32_t)old) : (double)old);
    }
    *pass = spass && zpass;
    write = false;
    if (stest) {
        s_new = stencil_op(!spass ? sc.op_fail : !zpass ? sc.op_zfail : sc.op_zpass, s, sc.ref);
        s_new = (s & ~sc.write_mask) | (s_new & sc.write_mask);
        write = (s_new & 0xff) != s;
        nv_rt_put_bits(texel, f->spos, f->sbits, s_new & 0xff);
    }
    if (ztest && *pass && (st(t, A_C597_SET_DEPTH_WRITE) & 1)) {
        nv_rt_put_bits(texel, f->zpos, f->zbits, zq);
        write = true;
    }
    return !write || m->write(m->opaque, true, 0, va, texel, f->bytes);
}

typedef struct Blend {
    uint32_t op[2], src[2], dst[2];     /* colour, alpha */
} Blend;

static void blend_state(NvThreed *t, unsigned j, Blend *b)
{
    bool per_target = st(t, A_C597_SET_BLEND_STATE_PER_TARGET) & 1;
    uint32_t o = j * A_C597_SET_BLEND_PER_TARGET_COLOR_OP_STRIDE;
    bool separate = per_target ? st(t, A_C597_SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA + o) & 1 :
                                 st(t, A_C597_SET_BLEND_SEPARATE_FOR_ALPHA) & 1;

    if (per_target) {
        *b = (Blend){ { st(t, A_C597_SET_BLEND_PER_TARGET_COLOR_OP + o),
                        st(t, A_C597_SET_BLEND_PER_TARGET_ALPHA_OP + o) },
                      { st(t, A_C597_SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF + o),
                        st(t, A_C597_SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF + o) },
                      { st(t, A_C597_SET_BLEND_PER_TARGET_COLOR_DEST_COEFF + o),
                        st(t, A_C597_SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF + o) } };
    } else {
        *b = (Blend){ { st(t, A_C597_SET_BLEND_COLOR_OP), st(t, A_C597_SET_BLEND_ALPHA_OP) },
                      { st(t, A_C597_SET_BLEND_COLOR_SOURCE_COEFF),
                        st(t, A_C597_SET_BLEND_ALPHA_SOURCE_COEFF) },
                      { st(t, A_C597_SET_BLEND_COLOR_DEST_COEFF),
                        st(t, A_C597_SET_BLEND_ALPHA_DEST_COEFF) } };
    }
    if (!separate) {
        b->op[1] = b->op[0];
        b->src[1] = b->src[0];
        b->dst[1] = b->dst[0];
    }
}

/* Blend factor coef for component c, or NAN for a factor the model does not have. */
static float blend_factor(uint32_t coef, const float s[4], const float d[4], const float k[4],
                          unsigned c)
{
    switch (coef) {
    case NV_3D_COEF_ZERO: return 0.0f;
    case NV_3D_COEF_ONE: return 1.0f;
    case NV_3D_COEF_SRC_COLOR: return s[c];
    case NV_3D_COEF_ONE_MINUS_SRC_COLOR: return 1.0f - s[c];
    case NV_3D_COEF_SRC_ALPHA: return s[3];
    case NV_3D_COEF_ONE_MINUS_SRC_ALPHA: return 1.0f - s[3];
    case NV_3D_COEF_DST_ALPHA: return d[3];
    case NV_3D_COEF_ONE_MINUS_DST_ALPHA: return 1.0f - d[3];
    case NV_3D_COEF_DST_COLOR: return d[c];
    case NV_3D_COEF_ONE_MINUS_DST_COLOR: return 1.0f - d[c];
    case NV_3D_COEF_SRC_ALPHA_SATURATE: return c == 3 ? 1.0f : fminf(s[3], 1.0f - d[3]);
    case NV_3D_COEF_CONSTANT_COLOR: return k[c];
    case NV_3D_COEF_ONE_MINUS_CONSTANT_COLOR: return 1.0f - k[c];
    case NV_3D_COEF_CONSTANT_ALPHA: return k[3];
    case NV_3D_COEF_ONE_MINUS_CONSTANT_ALPHA: return 1.0f - k[3];
    default: return NAN;
    }
}

static float blend_op(uint32_t op, float s, float sf, float d, float df)
{
    switch (op) {
    case NV_3D_BLEND_OGL_ADD: case NV_3D_BLEND_D3D_ADD: return s * sf + d * df;
    case NV_3D_BLEND_OGL_SUBTRACT: case NV_3D_BLEND_D3D_SUBTRACT: return s * sf - d * df;
    case NV_3D_BLEND_OGL_REVERSE_SUBTRACT: case NV_3D_BLEND_D3D_REVSUBTRACT: return d * df - s * sf;
    case NV_3D_BLEND_OGL_MIN: case NV_3D_BLEND_D3D_MIN: return fminf(s, d);
    case NV_3D_BLEND_OGL_MAX: case NV_3D_BLEND_D3D_MAX: return fmaxf(s, d);
    default: return NAN;
    }
}

static void blend(NvThreed *t, unsigned j, const RtColorFormat *f, const uint8_t *old,
                  uint32_t v[4])
{
    float s[4], d[4], k[4];
    Blend b;

    blend_state(t, j, &b);
    nv_rt_unpack(f, old, d);
    for (unsigned c = 0; c < 4; c++) {
        s[c] = nv_f32_of(v[c]);
        k[c] = nv_f32_of(st(t, A_C597_SET_BLEND_CONST_RED + 4 * c));
        if (f->type == NV_RT_UNORM || f->type == NV_RT_SRGB) {
            s[c] = fminf(fmaxf(s[c], 0.0f), 1.0f);      /* colour clamp before blending */
        }
    }
    for (unsigned c = 0; c < 4; c++) {
        unsigned a = c == 3;
        float sf = blend_factor(b.src[a], s, d, k, c), df = blend_factor(b.dst[a], s, d, k, c);
        float out = blend_op(b.op[a], s[c], sf, d[c], df);

        if (isnan(sf) || isnan(df) || isnan(out)) {
            nv_threed_unimp(t, A_C597_SET_BLEND_PER_TARGET_COLOR_OP, b.op[a]);
            out = s[c];
        }
        v[c] = nv_bits_f32(out);
    }
}

/* Output j of lane i into its colour target. */
/*
 * SET_PS_SATURATE: output j clamped to [0, 1] (or [-1, 1]) before blending
 * (GL's fragment colour clamp); NaN becomes the range's low end.
 */
static void saturate(NvThreed *t, unsigned j, const RtColorFormat *f, uint32_t v[4])
{
    uint32_t sat = st(t, A_C597_SET_PS_SATURATE) >> (NV_3D_PS_SATURATE_STRIDE * j);
    float lo = NV_FEX32(sat, C597_SET_PS_SATURATE, CLAMP_RANGE0) ? -1.0f : 0.0f;

    if (!NV_FEX32(sat, C597_SET_PS_SATURATE, OUTPUT0) || f->type == NV_RT_UINT ||
        f->type == NV_RT_SINT) {
        return;
    }
    for (unsigned c = 0; c < 4; c++) {
        v[c] = nv_bits_f32(fminf(fmaxf(nv_f32_of(v[c]), lo), 1.0f));
    }
}

/*
 * SET_LOGIC_OP_FUNC (GL's values 0x1500..0x150f): the low four bits are the
 * result's truth table over (source, destination) bits: bit 0 for (1, 1),
 * 1 for (1, 0), 2 for (0, 1), 3 for (0, 0).
 */
static uint8_t logic_op(uint32_t func, uint8_t s, uint8_t d)
{
    return (uint8_t)(((func & 1) ? s & d : 0) | ((func & 2) ? s & ~d : 0) |
                     ((func & 4) ? ~s & d : 0) | ((func & 8) ? ~s & ~d : 0));
}

static bool color_write(DrawRaster *r, unsigned j, const NvSmPixel *px, const uint32_t *out)
{
    NvThreed *t = r->t;
    const NvMemIf *m = t->mem;
    uint32_t sel = st(t, A_C597_SET_CT_SELECT);
    unsigned src = sph_bits(r->ps.sph, NV_SPH_MRT_ENABLE) ? j : 0;  /* else output 0 to all */
    unsigned target = (sel >> (R_C597_SET_CT_SELECT_TARGET0_SHIFT + 3 * j)) & 7;
    unsigned write = 0, reg = r->ps_regs_of[src];
    uint32_t wmask = st(t, A_C597_SET_CT_WRITE + 4 * j), v[4];
    uint8_t texel[RT_MAX_BPP], mask[RT_MAX_BPP], old[RT_MAX_BPP];
    const RtColorFormat *f;
    uint32_t layer = px_layer(r, px);
    bool logic;
    RtSurf s;
    uint64_t va;

    if (!r->ps_comps[src] || !nv_rt_color_target(t, target, &s, &f) ||
        px->x >= s.width || px->y >= s.height || layer >= s.depth) {
        return true;
    }
    for (unsigned c = 0; c < 4; c++) {
        bool has = (r->ps_comps[src] >> c) & 1;

        v[c] = has ? out[reg++] : c == 3 ? nv_bits_f32(1.0f) : 0;
        write |= (has && (wmask >> NV_3D_CT_WRITE_SHIFT(c)) & 1) << c;
    }
    saturate(t, j, f, v);
    va = nv_rt_texel(&s, px->x, px->y, layer);
    if (!m->read(m->opaque, true, 0, va, old, f->bytes)) {
        return false;
    }
    logic = NV_FEX32(st(t, A_C597_SET_LOGIC_OP), C597_SET_LOGIC_OP, ENABLE);
    if (!logic && (st(t, A_C597_SET_BLEND + 4 * j) & 1) && f->type != NV_RT_UINT &&
        f->type != NV_RT_SINT) {
        blend(t, j, f, old, v);
    }
    nv_rt_pack(f, v, write, texel, mask);
    for (unsigned i = 0; i < f->bytes; i++) {
        /* logic ops take the packed bits of integer and normalized formats */
        uint8_t bits = logic && f->type != NV_RT_FLOAT && f->type != NV_RT_SRGB ?
                       logic_op(st(t, A_C597_SET_LOGIC_OP_FUNC), texel[i], old[i]) : texel[i];

        texel[i] = (uint8_t)((old[i] & ~mask[i]) | (bits & mask[i]));
    }
    return m->write(m->opaque, true, 0, va, texel, f->bytes);
}

/* Depth test, then every colour target, for one kept pixel lane. */
/*
 * GL's alpha test (SET_ALPHA_TEST): the alpha the pixel shader writes to
 * its first target (1 when it writes none) against SET_ALPHA_REF by
 * SET_ALPHA_FUNC; a fragment that fails it is dropped before the depth and
 * stencil tests.
 */
static bool alpha_test_fail(const DrawRaster *r, const uint32_t *out)
{
    NvThreed *t = r->t;
    unsigned comps = r->ps_comps[0];
    float alpha = 1.0f;

    if (!NV_FEX32(st(t, A_C597_SET_ALPHA_TEST), C597_SET_ALPHA_TEST, ENABLE)) {
        return false;
    }
    if ((comps >> 3) & 1) {
        alpha = nv_f32_of(out[r->ps_regs_of[0] + __builtin_popcount(comps & 7)]);
    }
    return !compare(st(t, A_C597_SET_ALPHA_FUNC), alpha, stf(t, A_C597_SET_ALPHA_REF));
}

static bool rop(DrawRaster *r, const NvSmPixel *px, const uint32_t *out,
                const RtSurf *zs, const RtDepthFormat *zf)
{
    NvThreed *t = r->t;
    unsigned count = NV_FEX32(st(t, A_C597_SET_CT_SELECT), C597_SET_CT_SELECT, TARGET_COUNT);
    bool pass = true;

    if (alpha_test_fail(r, out)) {
        return true;
    }
    if (zf && !depth_stencil(r, zs, zf, px, &pass)) {
        return false;
    }
    if (!pass) {
        return true;
    }
    r->passed++;
    for (unsigned j = 0; j < MIN(count, (unsigned)NV_3D_TARGETS); j++) {
        if (!color_write(r, j, px, out)) {
            return false;
        }
    }
    return true;
}

bool nv_draw_flush(DrawRaster *r)
{
    NvThreed *t = r->t;
    NvDrawScratch *s = r->s;
    NvSmGfx g = { .stage = NV_SM_STAGE_PIXEL, .threads = r->npix, .pixels = s->pixels,
                  .prims = s->prims, .nprims = r->nprims, .ps_out = s->ps_out,
                  .ps_out_regs = r->ps_out_regs, .ps_kept = s->ps_kept,
                  .shade_flat = r->shade_flat };
    const RtDepthFormat *zf = NULL;
    RtSurf zs;
    bool ok = true;

    if (!r->npix) {
        return true;
    }
    memset(s->ps_kept, 0, r->npix);
    r->ps.desc.grid[0] = (r->npix + DRAW_LANES - 1) / DRAW_LANES;
    r->ps.desc.gfx = &g;
    if (!nv_draw_run_launch(t, &r->ps.desc, "pixel")) {
        return false;
    }
    if (!nv_rt_depth_target(t, &zs, &zf)) {
        zf = NULL;
    }
    for (uint32_t i = 0; ok && i < r->npix; i++) {
        if (s->ps_kept[i]) {
            r->kept++;
            ok = rop(r, &s->pixels[i], s->ps_out + (size_t)i * r->ps_out_regs, &zs, zf);
        }
    }
    t->counters[NV_RS_REPORT_PS_INVOCATIONS] += r->kept;
    if (NV_FEX32(st(t, A_C597_SET_ZPASS_PIXEL_COUNT), C597_SET_ZPASS_PIXEL_COUNT, ENABLE)) {
        t->counters[NV_RS_REPORT_ZPASS_PIXEL_CNT] += r->passed;
        t->counters[NV_RS_REPORT_ZPASS_PIXEL_CNT64] += r->passed;
    }
    r->kept = r->passed = 0;
    r->npix = r->nprims = 0;
    return ok;
}
