/*
 * The 3D class's draws: BEGIN / DRAW_VERTEX_ARRAY, DRAW_INDEX_BUFFER or
 * inline indices / END (sent directly or emitted by NVK's and nvc0's
 * macros). A draw takes its vertex list and each vertex's attributes from
 * vertex.c, runs the vertex shader on the SM over batches of primitives
 * (one thread per corner: strips and fans shade shared vertices more than
 * once, with the same results), assembles primitives as Vulkan orders them
 * (the provoking vertex first), clips them against the near, far and w
 * planes and hands them to the rasterizer (raster.c).
 *
 * Shaders: SET_PIPELINE_SHADER(1) (vertex) and (5) (pixel) with their
 * program header at SET_PIPELINE_PROGRAM_ADDRESS and code 0x80 after it;
 * constant buffers from the stage's bind group (BIND_GROUP_CONSTANT_BUFFER
 * snapshots SET_CONSTANT_BUFFER_SELECTOR), texture pools from the class
 * state. Points and lines are drawn as quads of two triangles (raster.c).
 * Tessellation and geometry stages are a guest error; patches and strips
 * with adjacency are reported as not executed and draw nothing.
 *
 * A draw runs on its own coroutine (base/coro.h): it yields whenever a
 * shader launch's slice of the SM ends and between vertex batches once the
 * slice's time is up, so the method returns BUSY and the channel's next
 * slices go on with it (nv_threed_draw_run), as with compute launches: no
 * draw holds the device lock for longer than a slice.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "compute.h"
#include "../base/coro.h"
#include "../base/util.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/nv-f16.h"

_Static_assert(NV_3D_CB_SLOTS <= NV_SM_CBUF_BANKS, "a stage's slots are the SM's banks");

static uint32_t st(const NvThreed *t, uint32_t mthd)
{
    return nv_threed_state(t, mthd);
}

static uint64_t st64(const NvThreed *t, uint32_t hi, uint32_t lo)
{
    return (uint64_t)(st(t, hi) & 0xff) << 32 | st(t, lo);
}

void nv_draw_error(NvThreed *t, const char *what)
{
    t->mem->error(t->mem->opaque, NV_ERR_DRAW_INVALID, what);
}

/* ---- constant buffers ---- */

/* LOAD_CONSTANT_BUFFER(i): a word into the selected buffer at the offset, which advances. */
static bool load_cbuf(NvThreed *t, uint32_t data)
{
    uint32_t off = st(t, A_C597_LOAD_CONSTANT_BUFFER_OFFSET);
    uint32_t size = NV_FEX32(st(t, A_C597_SET_CONSTANT_BUFFER_SELECTOR_A),
                             C597_SET_CONSTANT_BUFFER_SELECTOR_A, SIZE);
    uint64_t va = st64(t, A_C597_SET_CONSTANT_BUFFER_SELECTOR_B,
                       A_C597_SET_CONSTANT_BUFFER_SELECTOR_C);
    uint32_t le = GUINT32_TO_LE(data);

    t->mthd[A_C597_LOAD_CONSTANT_BUFFER_OFFSET / 4] = off + 4;
    if ((uint64_t)off + 4 > size) {
        return true;                    /* past the buffer: dropped, as the hardware clamps */
    }
    return t->mem->write(t->mem->opaque, true, 0, va + off, &le, 4);
}

/* BIND_GROUP_CONSTANT_BUFFER(g): the selected buffer becomes slot n of group g (or none). */
static void bind_cbuf(NvThreed *t, uint32_t mthd, uint32_t data)
{
    unsigned g = (mthd - A_C597_BIND_GROUP_CONSTANT_BUFFER) / A_C597_BIND_GROUP_CONSTANT_BUFFER_STRIDE;
    unsigned slot = NV_FEX32(data, C597_BIND_GROUP_CONSTANT_BUFFER, SHADER_SLOT);
    NvThreedCbuf *cb;

    if (g >= NV_3D_BIND_GROUPS || slot >= NV_3D_CB_SLOTS) {
        return;
    }
    cb = &t->cb[g][slot];
    cb->valid = NV_FEX32(data, C597_BIND_GROUP_CONSTANT_BUFFER, VALID);
    cb->addr = st64(t, A_C597_SET_CONSTANT_BUFFER_SELECTOR_B, A_C597_SET_CONSTANT_BUFFER_SELECTOR_C);
    cb->size = NV_FEX32(st(t, A_C597_SET_CONSTANT_BUFFER_SELECTOR_A),
                        C597_SET_CONSTANT_BUFFER_SELECTOR_A, SIZE);
}

/* ---- shaders ---- */

static uint32_t sph_field(const uint32_t *sph, unsigned pos, unsigned len)
{
    return (uint32_t)(((uint64_t)sph[pos / 32] | (uint64_t)sph[pos / 32 + 1 < NV_SPH_DWORDS ?
                       pos / 32 + 1 : pos / 32] << 32) >> (pos % 32)) & ((1ull << len) - 1);
}
#define SPH(sph, f) sph_field((sph), f)

/* Reads stage idx's header and fills its launch (all but the grid and the stage's arrays). */
static bool shader_load(NvThreed *t, unsigned idx, DrawShader *sh)
{
    uint32_t o = idx * A_C597_SET_PIPELINE_SHADER_STRIDE;
    uint64_t va = st64(t, A_C597_SET_PIPELINE_PROGRAM_ADDRESS_A + o,
                       A_C597_SET_PIPELINE_PROGRAM_ADDRESS_B + o);
    unsigned group = st(t, A_C597_SET_PIPELINE_BINDING + o) & 7;
    NvSmLaunchDesc *d = &sh->desc;
    char msg[128];

    memset(sh, 0, sizeof(*sh));
    if (!t->mem->read(t->mem->opaque, true, 0, va, sh->sph, sizeof(sh->sph))) {
        return false;
    }
    for (unsigned i = 0; i < NV_SPH_DWORDS; i++) {
        sh->sph[i] = GUINT32_FROM_LE(sh->sph[i]);
    }
    if (SPH(sh->sph, NV_SPH_SHADER_TYPE) != idx ||
        SPH(sh->sph, NV_SPH_TYPE) != (idx == NV_3D_STAGE_PIXEL ? NV_SPH_TYPE_PS : NV_SPH_TYPE_VTG) ||
        (va + NV_SPH_BYTES) & 15) {
        snprintf(msg, sizeof(msg), "3D: the program header at 0x%llx is not a stage %u header",
                 (unsigned long long)va, idx);
        nv_draw_error(t, msg);
        return false;
    }
    d->entry = va + NV_SPH_BYTES;
    d->regs = MIN(st(t, A_C597_SET_PIPELINE_REGISTER_COUNT + o), 255u);
    d->local_bytes = MIN(SPH(sh->sph, NV_SPH_LOCAL_LOW_SIZE), NV_SM_MAX_LOCAL);
    d->block[0] = DRAW_LANES;
    d->block[1] = d->block[2] = d->grid[1] = d->grid[2] = 1;
    d->budget = t->cfg.budget ? t->cfg.budget : DRAW_DEFAULT_BUDGET;
    d->sm_count = t->cfg.sm_count;
    d->trace = t->cfg.trace;
    d->trace_opaque = t->cfg.trace_opaque;
    for (unsigned b = 0; b < NV_3D_CB_SLOTS && group < NV_3D_BIND_GROUPS; b++) {
        const NvThreedCbuf *cb = &t->cb[group][b];

        d->cbuf[b].valid = cb->valid;
        d->cbuf[b].addr = cb->addr;
        d->cbuf[b].size = MIN(cb->size, NV_SM_CBUF_MAX);
    }
    d->tex_headers.addr = st64(t, A_C597_SET_TEX_HEADER_POOL_A, A_C597_SET_TEX_HEADER_POOL_B);
    d->tex_headers.max_index = NV_FEX32(st(t, A_C597_SET_TEX_HEADER_POOL_C),
                                        C597_SET_TEX_HEADER_POOL_C, MAXIMUM_INDEX);
    d->samplers.addr = st64(t, A_C597_SET_TEX_SAMPLER_POOL_A, A_C597_SET_TEX_SAMPLER_POOL_B);
    d->samplers.max_index = NV_FEX32(st(t, A_C597_SET_TEX_SAMPLER_POOL_C),
                                     C597_SET_TEX_SAMPLER_POOL_C, MAXIMUM_INDEX);
    return true;
}

static bool stage_on(const NvThreed *t, unsigned idx)
{
    return NV_FEX32(st(t, A_C597_SET_PIPELINE_SHADER + idx * A_C597_SET_PIPELINE_SHADER_STRIDE),
                    C597_SET_PIPELINE_SHADER, ENABLE);
}

/* ---- slices ---- */

/* Back to the channel until its next slice; false: the object is going away, stop. */
static bool draw_yield(NvThreed *t)
{
    nv_coro_yield(t->draw_co);
    return !t->draw_abort;
}

bool nv_draw_pause(NvThreed *t)
{
    return g_get_monotonic_time() < t->draw_deadline_us || draw_yield(t);
}

bool nv_draw_run_launch(NvThreed *t, NvSmLaunchDesc *d, const char *stage)
{
    const NvSmMemOps ops = nv_engine_sm_mem(&t->mem);
    NvSmLaunch *l = nv_sm_launch_new(t->cfg.sm, d, &ops, &t->sm_err);
    char who[32], msg[256];

    if (l) {
        while (!nv_sm_launch_run(l, NV_COMPUTE_SLICE_INSNS, t->draw_deadline_us)) {
            if (!draw_yield(t)) {
                nv_sm_launch_free(l);
                return false;
            }
        }
        t->sm_err = *nv_sm_launch_error(l);
        nv_sm_launch_free(l);
        if (t->sm_err.kind == NV_SM_OK) {
            return true;
        }
    }
    snprintf(who, sizeof(who), "3D: %s shader", stage);
    nv_engine_sm_error(t->mem, who, &t->sm_err, msg, sizeof(msg));
    return false;
}

/* ---- primitive assembly ---- */

/* One primitive of a segment of the vertex list: its corners and which one is provoking. */
typedef struct DrawPrim {
    uint32_t c[3];                      /* vertex positions in the segment */
    uint8_t first, last;                /* the provoking corner, FIRST and LAST conventions */
} DrawPrim;

/* Corners per primitive of a topology (0: not drawn), and how many a segment of n makes. */
static unsigned prim_corners(unsigned op)
{
    switch (op) {
    case NV_3D_OP_POINTS:
        return 1;
    case NV_3D_OP_LINES:
    case NV_3D_OP_LINE_LOOP:
    case NV_3D_OP_LINE_STRIP:
    case NV_3D_OP_LINELIST_ADJCY:
    case NV_3D_OP_LINESTRIP_ADJCY:
        return 2;
    case NV_3D_OP_TRIANGLES:
    case NV_3D_OP_TRIANGLE_STRIP:
    case NV_3D_OP_TRIANGLE_FAN:
    case NV_3D_OP_QUADS:
    case NV_3D_OP_QUAD_STRIP:
    case NV_3D_OP_POLYGON:
    case NV_3D_OP_TRIANGLELIST_ADJCY:
        return 3;
    }
    return 0;
}

static uint32_t prim_count(unsigned op, uint32_t n)
{
    switch (op) {
    case NV_3D_OP_POINTS:
        return n;
    case NV_3D_OP_LINES:
        return n / 2;
    case NV_3D_OP_LINE_LOOP:
        return n >= 2 ? n : 0;
    case NV_3D_OP_LINE_STRIP:
        return n >= 2 ? n - 1 : 0;
    case NV_3D_OP_LINELIST_ADJCY:
        return n / 4;
    case NV_3D_OP_LINESTRIP_ADJCY:
        return n >= 4 ? n - 3 : 0;
    case NV_3D_OP_TRIANGLES:
        return n / 3;
    case NV_3D_OP_QUADS:
        return n / 4 * 2;
    case NV_3D_OP_QUAD_STRIP:
        return n >= 4 ? (n - 2) / 2 * 2 : 0;
    case NV_3D_OP_TRIANGLELIST_ADJCY:
        return n / 6;
    default:                            /* strips, fans, polygons */
        return n >= 3 ? n - 2 : 0;
    }
}

static void prim_set(DrawPrim *p, uint32_t a, uint32_t b, uint32_t c, unsigned first,
                     unsigned last)
{
    p->c[0] = a, p->c[1] = b, p->c[2] = c;
    p->first = first, p->last = last;
}

/*
 * Primitive k (< prim_count) of a segment of n vertices, in Vulkan's corner
 * order with the first-vertex convention's provoking vertex first: strips
 * (k, k+1, k+2), odd k (k, k+2, k+1); fans (k+1, k+2, 0); lines in the
 * stream's order. `last` names the last-vertex convention's (GL's default)
 * corner: the primitive's last vertex in the stream. GL's quads are two
 * triangles split along a diagonal through the convention's provoking
 * vertex (quads: the 4th or the 1st, quad strips: the 3rd or the 1st),
 * polygons fans whose flat attributes come from the first vertex;
 * adjacency vertices are skipped.
 */
static void prim_at(unsigned op, uint32_t k, uint32_t n, bool last, DrawPrim *p)
{
    uint32_t q = 4 * (k / 2), s = 2 * (k / 2);

    switch (op) {
    case NV_3D_OP_POINTS:
        return prim_set(p, k, 0, 0, 0, 0);
    case NV_3D_OP_LINES:
        return prim_set(p, 2 * k, 2 * k + 1, 0, 0, 1);
    case NV_3D_OP_LINE_LOOP:
        return prim_set(p, k, k + 1 < n ? k + 1 : 0, 0, 0, 1);
    case NV_3D_OP_LINE_STRIP:
        return prim_set(p, k, k + 1, 0, 0, 1);
    case NV_3D_OP_LINELIST_ADJCY:
        return prim_set(p, 4 * k + 1, 4 * k + 2, 0, 0, 1);
    case NV_3D_OP_LINESTRIP_ADJCY:
        return prim_set(p, k + 1, k + 2, 0, 0, 1);
    case NV_3D_OP_TRIANGLES:
        return prim_set(p, 3 * k, 3 * k + 1, 3 * k + 2, 0, 2);
    case NV_3D_OP_TRIANGLELIST_ADJCY:
        return prim_set(p, 6 * k, 6 * k + 2, 6 * k + 4, 0, 2);
    case NV_3D_OP_TRIANGLE_STRIP:
        return prim_set(p, k, k + 1 + (k & 1), k + 2 - (k & 1), 0, k & 1 ? 1 : 2);
    case NV_3D_OP_TRIANGLE_FAN:
        return prim_set(p, k + 1, k + 2, 0, 0, 1);
    case NV_3D_OP_POLYGON:
        return prim_set(p, 0, k + 1, k + 2, 0, 0);
    case NV_3D_OP_QUADS:                /* corners q, q+1, q+2, q+3 */
        if (last) {
            return k & 1 ? prim_set(p, q + 1, q + 2, q + 3, 2, 2)
                         : prim_set(p, q, q + 1, q + 3, 2, 2);
        }
        return k & 1 ? prim_set(p, q, q + 2, q + 3, 0, 0) : prim_set(p, q, q + 1, q + 2, 0, 0);
    default:                            /* quad strip: corners s, s+1, s+3, s+2 */
        return k & 1 ? prim_set(p, s, s + 3, s + 2, 0, 1) : prim_set(p, s, s + 1, s + 3, 0, 2);
    }
}

/*
 * ---- clipping: the near and far planes, w > 0 and the enabled user clip
 * distances (x and y stay to the guard band); user cull distances ----
 */

#define CLIP_BUILTIN    3                               /* near, far, w */
#define CLIP_PLANES     (CLIP_BUILTIN + NV_3D_USER_CLIPS)
#define CLIP_MAX_VERTS  (3 + CLIP_PLANES)               /* each plane adds at most one */

static bool clip_plane_on(const DrawRaster *r, unsigned plane)
{
    return plane < CLIP_BUILTIN || ((r->user_clip >> (plane - CLIP_BUILTIN)) & 1);
}

static float clip_distance(const DrawRaster *r, const DrawVert *v, unsigned plane)
{
    float z = v->a[NV_ATTR_POSITION / 4 + 2], w = v->a[NV_ATTR_POSITION / 4 + 3];

    switch (plane) {
    case 0:
        return r->z_clip_zero ? z : z + w;      /* near */
    case 1:
        return w - z;                           /* far */
    case 2:
        return w - 1e-6f;                       /* w > 0: in front of the eye */
    default:
        return v->a[NV_ATTR_CLIP_DISTANCE / 4 + plane - CLIP_BUILTIN];
    }
}

/* A primitive is culled when all of its n corners have one enabled cull distance below 0. */
static bool culled_by_distance(const DrawRaster *r, const DrawVert *const *v, unsigned n)
{
    for (unsigned i = 0; i < NV_3D_USER_CLIPS; i++) {
        unsigned neg = 0;

        if (!((r->user_cull >> i) & 1)) {
            continue;
        }
        for (unsigned k = 0; k < n; k++) {
            neg += !(v[k]->a[NV_ATTR_CLIP_DISTANCE / 4 + i] >= 0);
        }
        if (neg == n) {
            return true;
        }
    }
    return false;
}

/* Sutherland-Hodgman against one plane; returns the new vertex count. */
static unsigned clip_plane(const DrawRaster *r, const DrawVert *in, unsigned n, DrawVert *out,
                           unsigned plane)
{
    unsigned m = 0;

    for (unsigned i = 0; i < n; i++) {
        const DrawVert *a = &in[i], *b = &in[(i + 1) % n];
        float da = clip_distance(r, a, plane), db = clip_distance(r, b, plane);

        if (da >= 0) {
            out[m++] = *a;
        }
        if ((da >= 0) != (db >= 0) && m < CLIP_MAX_VERTS) {
            float f = da / (da - db);

            for (unsigned w = 0; w < NV_SM_ATTR_WORDS; w++) {
                out[m].a[w] = a->a[w] + f * (b->a[w] - a->a[w]);
            }
            m++;
        }
        if (m >= CLIP_MAX_VERTS) {
            break;
        }
    }
    return m;
}

static bool clip_triangle(DrawRaster *r, const DrawVert *v[3], const uint32_t *flat)
{
    DrawVert poly[2][CLIP_MAX_VERTS];
    unsigned n = 3, cur = 0, outside = 0;

    if (culled_by_distance(r, v, 3)) {
        return true;
    }
    for (unsigned p = 0; p < CLIP_PLANES; p++) {
        unsigned neg = 0;

        for (unsigned i = 0; i < 3 && clip_plane_on(r, p); i++) {
            neg += clip_distance(r, v[i], p) < 0;
        }
        if (neg == 3) {
            return true;                /* wholly outside one plane */
        }
        outside |= (neg != 0) << p;
    }
    if (!outside) {
        return nv_draw_triangle(r, v[0], v[1], v[2], flat);
    }
    for (unsigned i = 0; i < 3; i++) {
        poly[0][i] = *v[i];
    }
    for (unsigned p = 0; p < CLIP_PLANES && n >= 3; p++) {
        if ((outside >> p) & 1) {
            n = clip_plane(r, poly[cur], n, poly[cur ^ 1], p);
            cur ^= 1;
        }
    }
    for (unsigned i = 1; i + 1 < n; i++) {
        if (!nv_draw_triangle(r, &poly[cur][0], &poly[cur][i], &poly[cur][i + 1], flat)) {
            return false;
        }
    }
    return true;
}

/* ---- a draw ---- */

static void scratch_free(NvThreed *t)
{
    NvDrawScratch *s = t->scratch;

    if (s) {
        g_free(s->vin);
        g_free(s->vout);
        g_free(s->pixels);
        g_free(s->ps_out);
        g_free(s->ps_kept);
        g_free(s->prims);
        g_free(s);
    }
    t->scratch = NULL;
}

static bool scratch_alloc(NvThreed *t)
{
    NvDrawScratch *s = t->scratch;
    size_t rec = (size_t)3 * DRAW_BATCH_PRIMS * NV_SM_ATTR_WORDS;

    if (s) {
        return true;
    }
    s = t->scratch = g_try_new0(NvDrawScratch, 1);
    if (!s) {
        return false;
    }
    s->vin = g_try_new(uint32_t, rec);
    s->vout = g_try_new(uint32_t, rec);
    s->pixels = g_try_new(NvSmPixel, DRAW_MAX_PIXELS);
    s->ps_out = g_try_new(uint32_t, (size_t)DRAW_MAX_PIXELS * DRAW_MAX_OUT_REGS);
    s->ps_kept = g_try_new(uint8_t, DRAW_MAX_PIXELS);
    s->prims = g_try_new(NvSmPrim, DRAW_MAX_PRIMS);
    if (!s->vin || !s->vout || !s->pixels || !s->ps_out || !s->ps_kept || !s->prims) {
        scratch_free(t);
        return false;
    }
    return true;
}

void nv_threed_draw_free(NvThreed *t)
{
    if (nv_threed_drawing(t)) {
        /* a draw between slices: it unwinds (freeing what it holds) at its yield */
        t->draw_abort = true;
        nv_coro_resume(t->draw_co);
    }
    nv_coro_free(t->draw_co);
    t->draw_co = NULL;
    g_free(t->inl);
    t->inl = NULL;
    t->inl_n = t->inl_cap = 0;
    scratch_free(t);
}

/* SET_COLOR_CLAMP: GL's vertex colours (front and back, both) clamped to [0, 1]. */
static void clamp_colors(const DrawRaster *r, uint32_t *rec, unsigned n)
{
    if (!r->clamp_colors) {
        return;
    }
    for (unsigned i = 0; i < n; i++, rec += NV_SM_ATTR_WORDS) {
        for (unsigned w = NV_ATTR_COLOR0 / 4; w < NV_ATTR_COLOR_END / 4; w++) {
            rec[w] = nv_bits_f32(fminf(fmaxf(nv_f32_of(rec[w]), 0.0f), 1.0f));
        }
    }
}

/* A point is drawn when its vertex is inside every clip plane (x and y: the guard band). */
static bool clip_point(DrawRaster *r, const DrawVert *v, const uint32_t *flat)
{
    if (culled_by_distance(r, &v, 1)) {
        return true;
    }
    for (unsigned p = 0; p < CLIP_PLANES; p++) {
        if (clip_plane_on(r, p) && !(clip_distance(r, v, p) >= 0)) {
            return true;
        }
    }
    return nv_draw_point(r, v, flat);
}

/* A line's part inside every clip plane. */
static bool clip_line(DrawRaster *r, const DrawVert *v[2], const uint32_t *flat)
{
    float t0 = 0, t1 = 1;
    DrawVert c[2];

    if (culled_by_distance(r, v, 2)) {
        return true;
    }
    for (unsigned p = 0; p < CLIP_PLANES; p++) {
        float d0 = clip_distance(r, v[0], p), d1 = clip_distance(r, v[1], p);

        if (!clip_plane_on(r, p)) {
            continue;
        }

        if (!(d0 >= 0) && !(d1 >= 0)) {
            return true;                /* wholly outside (or not a number) */
        }
        if (d0 < 0) {
            t0 = fmaxf(t0, d0 / (d0 - d1));
        } else if (d1 < 0) {
            t1 = fminf(t1, d0 / (d0 - d1));
        }
    }
    if (!(t0 < t1)) {
        return true;
    }
    for (unsigned e = 0; e < 2; e++) {
        float f = e ? t1 : t0;

        for (unsigned w = 0; w < NV_SM_ATTR_WORDS; w++) {
            c[e].a[w] = v[0]->a[w] + f * (v[1]->a[w] - v[0]->a[w]);
        }
    }
    return nv_draw_line(r, &c[0], &c[1], flat);
}

/*
 * Shades the corners of primitives [k0, k0 + n) of a segment of the draw
 * (nc corners each, one vertex-shader thread per corner: shared vertices
 * are shaded more than once, with the same results), then clips and
 * rasterizes them.
 */
static bool draw_batch(NvThreed *t, DrawRaster *r, DrawShader *vs, unsigned op,
                       const uint32_t *ids, uint32_t count, uint32_t k0, uint32_t n)
{
    NvDrawScratch *s = t->scratch;
    unsigned nc = prim_corners(op);
    NvSmGfx g = { .stage = NV_SM_STAGE_VERTEX, .threads = nc * n, .in = s->vin, .out = s->vout };
    DrawPrim p;

    for (uint32_t k = 0; k < n; k++) {
        prim_at(op, k0 + k, count, r->provoking_last, &p);
        for (unsigned i = 0; i < nc; i++) {
            if (!nv_draw_fetch_vertex(t, ids[p.c[i]], s->vin + (size_t)(nc * k + i) * NV_SM_ATTR_WORDS)) {
                return false;
            }
        }
    }
    /* outputs the shader leaves unwritten read 0, and the position's w 1 (nouveau's blits) */
    memset(s->vout, 0, (size_t)nc * n * NV_SM_ATTR_WORDS * 4);
    for (uint32_t i = 0; i < nc * n; i++) {
        s->vout[(size_t)i * NV_SM_ATTR_WORDS + NV_ATTR_POSITION / 4 + 3] = nv_bits_f32(1.0f);
    }
    vs->desc.grid[0] = (nc * n + DRAW_LANES - 1) / DRAW_LANES;
    vs->desc.gfx = &g;
    if (!nv_draw_run_launch(t, &vs->desc, "vertex")) {
        return false;
    }
    t->counters[NV_RS_REPORT_VS_INVOCATIONS] += nc * n;
    clamp_colors(r, s->vout, nc * n);
    for (uint32_t k = 0; k < n; k++) {
        const uint32_t *rec = s->vout + (size_t)nc * k * NV_SM_ATTR_WORDS, *flat;
        const DrawVert *v[3];
        bool ok;

        prim_at(op, k0 + k, count, r->provoking_last, &p);
        for (unsigned i = 0; i < nc; i++) {
            v[i] = (const DrawVert *)(rec + i * NV_SM_ATTR_WORDS);
        }
        /* flat attributes come from the provoking vertex's record */
        flat = rec + (r->provoking_last ? p.last : p.first) * NV_SM_ATTR_WORDS;
        t->counters[NV_RS_REPORT_CLIPPER_INVOCATIONS]++;
        ok = nc == 3 ? clip_triangle(r, v, flat) : nc == 2 ? clip_line(r, v, flat)
                                                           : clip_point(r, v[0], flat);
        if (!ok) {
            return false;
        }
    }
    return true;
}

/* The primitives of one segment (between restarts) of the vertex list. */
static bool draw_segment(NvThreed *t, DrawRaster *r, DrawShader *vs, unsigned op,
                         const uint32_t *ids, uint32_t n)
{
    uint32_t prims = prim_count(op, n);

    t->counters[NV_RS_REPORT_DA_PRIMITIVES_GENERATED] += prims;
    for (uint32_t k = 0; k < prims; k += DRAW_BATCH_PRIMS) {
        if (!nv_draw_pause(t) ||
            !draw_batch(t, r, vs, op, ids, n, k, MIN(prims - k, DRAW_BATCH_PRIMS))) {
            return false;
        }
    }
    return true;
}

/* The segments (between restarts) of one instance. */
static bool draw_instance(NvThreed *t, DrawRaster *r, DrawShader *vs, const uint32_t *ids)
{
    uint32_t count = t->draw.count, start = 0;
    bool ok = true;

    t->counters[NV_RS_REPORT_DA_VERTICES_GENERATED] += count;
    for (uint32_t k = 0; ok && k <= count; k++) {
        if (k == count || ids[k] == DRAW_RESTART) {
            ok = draw_segment(t, r, vs, t->draw.op, ids + start, k - start);
            start = k + 1;
        }
    }
    return ok;
}

static bool draw(NvThreed *t)
{
    const NvDrawArgs *a = &t->draw;
    DrawShader vs, ps;
    DrawRaster r;
    uint32_t *ids;
    bool ok = true, fault = false;

    if (!a->count || !a->instances) {
        return true;
    }
    if (!prim_corners(a->op)) {
        nv_threed_unimp(t, A_C597_BEGIN, a->op);   /* patches, strips with adjacency */
        return true;
    }
    for (unsigned i = NV_3D_STAGE_TESSELLATION_INIT; i <= NV_3D_STAGE_GEOMETRY; i++) {
        if (stage_on(t, i)) {
            nv_draw_error(t, "3D: tessellation and geometry shaders are not modelled");
            return false;
        }
    }
    if (a->count > DRAW_MAX_COUNT || (uint64_t)a->count * a->instances > DRAW_MAX_WORK) {
        nv_draw_error(t, "3D: a draw of more than 2^24 vertices, or 2^32 over its instances");
        return false;
    }
    if (!stage_on(t, NV_3D_STAGE_VERTEX) || !stage_on(t, NV_3D_STAGE_PIXEL)) {
        nv_threed_unimp(t, A_C597_SET_PIPELINE_SHADER, 0);     /* nothing to rasterize with */
        return true;
    }
    if (!st(t, A_C597_SET_RASTER_ENABLE)) {
        return true;                    /* rasterizer discard */
    }
    if (!scratch_alloc(t)) {
        nv_draw_error(t, "3D: no host memory for the draw");
        return false;
    }
    if (!shader_load(t, NV_3D_STAGE_VERTEX, &vs) || !shader_load(t, NV_3D_STAGE_PIXEL, &ps) ||
        !nv_draw_raster_begin(&r, t, &ps)) {
        return false;
    }
    ids = nv_draw_vertex_list(t, a->count, a->source, &fault);
    if (!ids) {
        if (!fault) {
            nv_draw_error(t, "3D: no host memory for the draw");
        }
        return false;
    }
    for (uint32_t i = 0; ok && i < a->instances; i++) {
        t->instance += i > 0;
        ok = draw_instance(t, &r, &vs, ids);
    }
    g_free(ids);
    return ok && nv_draw_flush(&r);
}

/* The draw's body, on the draw coroutine's stack. */
static void draw_body(NvCoro *co, void *opaque)
{
    NvThreed *t = opaque;

    (void)co;
    t->draw_ok = draw(t);
    if (t->draw.source == NV_DRAW_INLINE) {
        t->inl_n = 0;                   /* drawn: the next BEGIN gathers anew */
    }
}

/* Starts draw a and runs its first slice; false: it stopped on an error (reported). */
/*
 * The topology a draw uses: its method's, or SET_PRIMITIVE_TOPOLOGY's when
 * SET_PRIMITIVE_TOPOLOGY_CONTROL selects the separate state (newer NVK sets
 * it once per channel). UINT_MAX: a value the class does not define.
 */
static unsigned draw_topology(NvThreed *t, unsigned op)
{
    if (NV_FEX32(st(t, A_C597_SET_PRIMITIVE_TOPOLOGY_CONTROL), C597_SET_PRIMITIVE_TOPOLOGY_CONTROL,
                 OVERRIDE) != NV_3D_TOPOLOGY_SEPARATE) {
        return op;
    }
    switch (NV_FEX32(st(t, A_C597_SET_PRIMITIVE_TOPOLOGY), C597_SET_PRIMITIVE_TOPOLOGY, V)) {
#define TOPOLOGY_CASE(name, value, begin_op) case value: return begin_op;
    NV_3D_TOPOLOGIES(TOPOLOGY_CASE)
#undef TOPOLOGY_CASE
    }
    return UINT_MAX;
}

static bool draw_start(NvThreed *t, const NvDrawArgs *args)
{
    NvDrawArgs a = *args;

    a.op = draw_topology(t, a.op);
    if (a.op == UINT_MAX) {
        nv_draw_error(t, "3D: SET_PRIMITIVE_TOPOLOGY holds no topology");
        return false;
    }
    if (!t->draw_co && !(t->draw_co = nv_coro_new(DRAW_STACK_BYTES))) {
        nv_draw_error(t, "3D: no host memory for the draw");
        return false;
    }
    t->draw = a;
    t->draw_abort = false;
    t->draw_deadline_us = g_get_monotonic_time() + DRAW_METHOD_SLICE_US;
    /* not finished: the class stays busy (nv_threed_busy) and its run() goes on */
    return !nv_coro_start(t->draw_co, draw_body, t) || t->draw_ok;
}

NvEngineStatus nv_threed_draw_run(NvThreed *t, int64_t deadline_us)
{
    if (!nv_threed_drawing(t)) {
        return NV_ENGINE_IDLE;
    }
    t->draw_deadline_us = deadline_us ? deadline_us : g_get_monotonic_time() + DRAW_METHOD_SLICE_US;
    if (!nv_coro_resume(t->draw_co)) {
        return NV_ENGINE_BUSY;
    }
    return t->draw_ok ? NV_ENGINE_IDLE : NV_ENGINE_ERROR;
}

/* INSTANCE_ID FIRST, SUBSEQUENT or UNCHANGED: the instance the next draws are. */
static void set_instance(NvThreed *t, unsigned id)
{
    if (id == NV_3D_INSTANCE_FIRST) {
        t->instance = 0;
    } else if (id == NV_3D_INSTANCE_SUBSEQUENT) {
        t->instance++;
    }
}

/* BEGIN: the topology, and which instance the draws until END are. */
static void begin(NvThreed *t, uint32_t data)
{
    t->inl_n = t->inl_skip = 0;
    t->inl_left = UINT32_MAX;
    set_instance(t, NV_FEX32(data, 3D_BEGIN, INSTANCE_ID));
    t->in_begin = true;
}

/*
 * A draw between BEGIN and END: DRAW_VERTEX_ARRAY, DRAW_INDEX_BUFFER, or
 * the inline indices at END. Outside them it draws nothing (reported).
 */
static bool draw_in_begin(NvThreed *t, uint32_t mthd, unsigned source, uint32_t count)
{
    NvDrawArgs a = {
        .source = source, .op = NV_FEX32(st(t, A_C597_BEGIN), 3D_BEGIN, OP), .count = count,
        .first = st(t, source == NV_DRAW_ARRAY ? A_C597_SET_VERTEX_ARRAY_START : A_C597_SET_INDEX_BUFFER_F),
        .index_log2 = NV_FEX32(st(t, A_C597_SET_INDEX_BUFFER_E), C597_SET_INDEX_BUFFER_E, INDEX_SIZE),
        .instances = 1,
    };

    if (!t->in_begin) {
        nv_threed_unimp(t, mthd, count);
        return true;
    }
    a.first = source == NV_DRAW_INLINE ? 0 : a.first;
    return draw_start(t, &a);
}

/*
 * The one-method draws, BEGIN and END included: DRAW_VERTEX_ARRAY_BEGIN_END_
 * INSTANCE_* and DRAW_INDEX_BUFFER{32,16,8}_BEGIN_END_INSTANCE_* (16-bit
 * first, 12-bit count, the topology), and DRAW_*_BEGIN_END_B (the count,
 * with _A's first and SET_DRAW_CONTROL_A/B's topology, instance and
 * instance count).
 */
static bool draw_begin_end(NvThreed *t, uint32_t mthd, uint32_t data)
{
    uint32_t ctl = st(t, A_C597_SET_DRAW_CONTROL_A);
    NvDrawArgs a = { .source = NV_DRAW_ARRAY, .instances = 1,
                     .op = NV_FEX32(data, C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST, TOPOLOGY),
                     .first = NV_FEX32(data, C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST, START_INDEX),
                     .count = NV_FEX32(data, C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST, COUNT) };

    switch (mthd) {
    case A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B:
    case A_C597_DRAW_INDEX_BUFFER_BEGIN_END_B:
        a.op = NV_FEX32(ctl, C597_SET_DRAW_CONTROL_A, TOPOLOGY);
        a.count = data;
        a.instances = NV_FEX32(ctl, C597_SET_DRAW_CONTROL_A, INSTANCE_ITERATE_ENABLE) ?
                      st(t, A_C597_SET_DRAW_CONTROL_B) : 1;
        a.ignore_base_vertex = NV_FEX32(ctl, C597_SET_DRAW_CONTROL_A, IGNORE_GLOBAL_BASE_VERTEX_INDEX);
        a.ignore_base_instance = NV_FEX32(ctl, C597_SET_DRAW_CONTROL_A,
                                          IGNORE_GLOBAL_BASE_INSTANCE_INDEX);
        set_instance(t, NV_FEX32(ctl, C597_SET_DRAW_CONTROL_A, INSTANCE_ID));
        if (mthd == A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B) {
            a.first = st(t, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_A);
            break;
        }
        a.source = NV_DRAW_INDEXED;
        a.first = st(t, A_C597_DRAW_INDEX_BUFFER_BEGIN_END_A);
        a.index_log2 = NV_FEX32(st(t, A_C597_SET_INDEX_BUFFER_E), C597_SET_INDEX_BUFFER_E, INDEX_SIZE);
        break;
    case A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST:
    case A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT:
        set_instance(t, mthd == A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST ?
                        NV_3D_INSTANCE_FIRST : NV_3D_INSTANCE_SUBSEQUENT);
        break;
    default: {                          /* DRAW_INDEX_BUFFER{32,16,8}_BEGIN_END_INSTANCE_* */
        unsigned k = (mthd - A_C597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST) / 4;

        set_instance(t, k < 3 ? NV_3D_INSTANCE_FIRST : NV_3D_INSTANCE_SUBSEQUENT);
        a.source = NV_DRAW_INDEXED;
        a.index_log2 = NV_3D_INDEX_FOUR_BYTES - k % 3;
        break;
    }
    }
    return draw_start(t, &a);
}

/*
 * State the pipeline reads when a draw runs: [first, last] method offsets,
 * not reported as stored-only.
 */
static const uint32_t draw_consumed[][2] = {
    { A_C597_SET_VERTEX_ATTRIBUTE_A, A_C597_SET_VERTEX_ATTRIBUTE_A + 4 * NV_3D_ATTRIBUTES - 4 },
    { A_C597_SET_VERTEX_STREAM_A_FORMAT, A_C597_SET_VERTEX_STREAM_A_FREQUENCY + 16 * 15 },
    { A_C597_SET_VERTEX_STREAM_SIZE_A, A_C597_SET_VERTEX_STREAM_SIZE_B + 8 * 15 },
    { A_C597_SET_VERTEX_STREAM_INSTANCE_A, A_C597_SET_VERTEX_STREAM_INSTANCE_A + 4 * 15 },
    { A_C597_SET_VERTEX_ARRAY_START, A_C597_SET_VERTEX_ARRAY_START },
    { A_C597_SET_INDEX_BUFFER_A, A_C597_SET_INDEX_BUFFER_F },
    { A_C597_SET_DRAW_CONTROL_A, A_C597_DRAW_INDEX_BUFFER_BEGIN_END_A },
    { A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_A, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_A },
    { A_C597_SET_INDEX_BUFFER_SIZE_A, A_C597_SET_INDEX_BUFFER_SIZE_B },
    { A_C597_SET_DA_PRIMITIVE_RESTART, A_C597_SET_DA_PRIMITIVE_RESTART_INDEX },
    { A_C597_SET_PRIMITIVE_TOPOLOGY_CONTROL, A_C597_SET_PRIMITIVE_TOPOLOGY_CONTROL },
    { A_C597_SET_PRIMITIVE_TOPOLOGY, A_C597_SET_PRIMITIVE_TOPOLOGY },
    { A_C597_SET_GLOBAL_BASE_VERTEX_INDEX, A_C597_SET_GLOBAL_BASE_INSTANCE_INDEX },
    { A_C597_SET_PIPELINE_SHADER, A_C597_SET_PIPELINE_PROGRAM_ADDRESS_B + 5 * 0x40 },
    { A_C597_SET_CONSTANT_BUFFER_SELECTOR_A, A_C597_SET_CONSTANT_BUFFER_SELECTOR_C },
    { A_C597_SET_TEX_SAMPLER_POOL_A, A_C597_SET_TEX_SAMPLER_POOL_C },
    { A_C597_SET_TEX_HEADER_POOL_A, A_C597_SET_TEX_HEADER_POOL_C },
    { A_C597_SET_VIEWPORT_SCALE_X, A_C597_SET_VIEWPORT_OFFSET_X + 8 },
    { A_C597_SET_VIEWPORT_SCALE_OFFSET, A_C597_SET_VIEWPORT_SCALE_OFFSET },
    { A_C597_SET_VIEWPORT_CLIP_HORIZONTAL, A_C597_SET_VIEWPORT_CLIP_MAX_Z },
    { A_C597_SET_VIEWPORT_Z_CLIP, A_C597_SET_VIEWPORT_Z_CLIP },
    { A_C597_SET_USER_CLIP_ENABLE, A_C597_SET_USER_CLIP_ENABLE },
    { A_C597_SET_DEPTH_BOUNDS_MIN, A_C597_SET_DEPTH_BOUNDS_MAX },
    { A_C597_SET_DEPTH_BOUNDS_TEST, A_C597_SET_DEPTH_BOUNDS_TEST },
    { A_C597_SET_LOGIC_OP, A_C597_SET_LOGIC_OP_FUNC },
    { A_C597_SET_ALPHA_TEST, A_C597_SET_ALPHA_TEST },
    { A_C597_SET_ALPHA_REF, A_C597_SET_ALPHA_FUNC },
    { A_C597_SET_USER_CLIP_OP, A_C597_SET_USER_CLIP_OP },
    { A_C597_SET_SCISSOR_ENABLE, A_C597_SET_SCISSOR_VERTICAL },
    { A_C597_SET_RASTER_ENABLE, A_C597_SET_RASTER_ENABLE },
    { A_C597_OGL_SET_CULL, A_C597_OGL_SET_CULL_FACE },
    { A_C597_SET_WINDOW_ORIGIN, A_C597_SET_WINDOW_ORIGIN },
    { A_C597_SET_DEPTH_TEST, A_C597_SET_DEPTH_TEST },
    { A_C597_SET_DEPTH_WRITE, A_C597_SET_DEPTH_WRITE },
    { A_C597_SET_DEPTH_FUNC, A_C597_SET_DEPTH_FUNC },
    { A_C597_SET_BLEND_STATE_PER_TARGET, A_C597_SET_BLEND_STATE_PER_TARGET },
    { A_C597_SET_BLEND_CONST_RED, A_C597_SET_BLEND_CONST_ALPHA },
    { A_C597_SET_BLEND_SEPARATE_FOR_ALPHA, A_C597_SET_BLEND_ALPHA_SOURCE_COEFF },
    { A_C597_SET_BLEND_ALPHA_DEST_COEFF, A_C597_SET_BLEND_ALPHA_DEST_COEFF },
    { A_C597_SET_BLEND, A_C597_SET_BLEND + 4 * 7 },
    { A_C597_SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA, A_C597_SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF + 0x20 * 7 },
    { A_C597_SET_CT_WRITE, A_C597_SET_CT_WRITE + 4 * 7 },
    { A_C597_SET_COLOR_CLAMP, A_C597_SET_COLOR_CLAMP },
    { A_C597_SET_PS_SATURATE, A_C597_SET_PS_SATURATE },
    { A_C597_SET_STENCIL_TEST, A_C597_SET_STENCIL_MASK },
    { A_C597_SET_BACK_STENCIL_FUNC_REF, A_C597_SET_BACK_STENCIL_FUNC_MASK },
    { A_C597_SET_TWO_SIDED_STENCIL_TEST, A_C597_SET_BACK_STENCIL_FUNC },
    { A_C597_SET_ZPASS_PIXEL_COUNT, A_C597_SET_ZPASS_PIXEL_COUNT },
    { A_C597_SET_SHADE_MODE, A_C597_SET_SHADE_MODE },
    { A_C597_SET_PROVOKING_VERTEX, A_C597_SET_PROVOKING_VERTEX },
    { A_C597_SET_FRONT_POLYGON_MODE, A_C597_SET_BACK_POLYGON_MODE },
    { A_C597_SET_POLY_OFFSET_POINT, A_C597_SET_POLY_OFFSET_FILL },
    { A_C597_SET_DEPTH_BIAS, A_C597_SET_DEPTH_BIAS },
    { A_C597_SET_SLOPE_SCALE_DEPTH_BIAS, A_C597_SET_SLOPE_SCALE_DEPTH_BIAS },
    { A_C597_SET_DEPTH_BIAS_CLAMP, A_C597_SET_DEPTH_BIAS_CLAMP },
    { A_C597_SET_DEPTH_BIAS_CONTROL, A_C597_SET_DEPTH_BIAS_CONTROL },
    { A_C597_SET_RT_LAYER, A_C597_SET_RT_LAYER },
    { A_C597_SET_POINT_SIZE, A_C597_SET_POINT_SIZE },
    { A_C597_SET_ATTRIBUTE_POINT_SIZE, A_C597_SET_ATTRIBUTE_POINT_SIZE },
    { A_C597_SET_POINT_SPRITE_SELECT, A_C597_SET_POINT_SPRITE_SELECT },
    { A_C597_SET_LINE_WIDTH_FLOAT, A_C597_SET_ALIASED_LINE_WIDTH_FLOAT },
    { A_C597_SET_ALIASED_LINE_WIDTH_ENABLE, A_C597_SET_ALIASED_LINE_WIDTH_ENABLE },
    { A_C597_SET_ANTI_ALIAS_ENABLE, A_C597_SET_ANTI_ALIAS_ENABLE },
};

bool nv_threed_draw_method(NvThreed *t, uint32_t mthd, uint32_t data, bool *handled)
{
    *handled = true;
    if (mthd >= A_C597_LOAD_CONSTANT_BUFFER &&
        mthd < A_C597_LOAD_CONSTANT_BUFFER + 16 * A_C597_LOAD_CONSTANT_BUFFER_STRIDE) {
        return load_cbuf(t, data);
    }
    if (mthd >= A_C597_BIND_GROUP_CONSTANT_BUFFER &&
        mthd < A_C597_BIND_GROUP_CONSTANT_BUFFER +
               NV_3D_BIND_GROUPS * A_C597_BIND_GROUP_CONSTANT_BUFFER_STRIDE) {
        /* the groups' reserved methods in between are stored only (and reported) */
        *handled = !((mthd - A_C597_BIND_GROUP_CONSTANT_BUFFER) %
                     A_C597_BIND_GROUP_CONSTANT_BUFFER_STRIDE);
        if (*handled) {
            bind_cbuf(t, mthd, data);
        }
        return true;
    }
    switch (mthd) {
    case A_C597_LOAD_CONSTANT_BUFFER_OFFSET:
        return true;
    case A_C597_BEGIN:
        begin(t, data);
        return true;
    case A_C597_END: {
        bool ok = !t->inl_n || draw_in_begin(t, A_C597_DRAW_INLINE_INDEX, NV_DRAW_INLINE, t->inl_n);

        t->in_begin = false;
        return ok;
    }
    case A_C597_DRAW_VERTEX_ARRAY:
        return draw_in_begin(t, mthd, NV_DRAW_ARRAY, data);
    case A_C597_DRAW_INDEX_BUFFER:
        return draw_in_begin(t, mthd, NV_DRAW_INDEXED, data);
    case A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST:
    case A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT:
    case A_C597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST:
    case A_C597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST:
    case A_C597_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST:
    case A_C597_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT:
    case A_C597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT:
    case A_C597_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT:
    case A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B:
    case A_C597_DRAW_INDEX_BUFFER_BEGIN_END_B:
        return draw_begin_end(t, mthd, data);
    case A_C597_DRAW_INLINE_INDEX:
    case A_C597_DRAW_INLINE_INDEX2X16:
    case A_C597_DRAW_INLINE_INDEX4X8:
        return nv_draw_inline_indices(t, mthd, data);
    case A_C597_SET_INLINE_INDEX2X16_ALIGN:
        t->inl_skip = NV_FEX32(data, C597_SET_INLINE_INDEX2X16_ALIGN, START_ODD);
        t->inl_left = NV_FEX32(data, C597_SET_INLINE_INDEX2X16_ALIGN, COUNT);
        return true;
    case A_C597_SET_INLINE_INDEX4X8_ALIGN:
        t->inl_skip = NV_FEX32(data, C597_SET_INLINE_INDEX4X8_ALIGN, START);
        t->inl_left = NV_FEX32(data, C597_SET_INLINE_INDEX4X8_ALIGN, COUNT);
        return true;
    }
    *handled = nv_threed_in_ranges(draw_consumed, G_N_ELEMENTS(draw_consumed), mthd);
    return true;
}
