/*
 * CLEAR_SURFACE: the 3D class fills a colour target, or the depth and
 * stencil of the depth target, with the clear values of its state, inside
 * the target, the surface clip and (per SET_CLEAR_SURFACE_CONTROL) the
 * clear rectangle, scissor 0 and viewport clip 0. Targets are pitch or
 * block linear (nv-blocklinear.h, the layout the copy engine and the
 * texture unit use); formats in nv-rt.h. A target format the model does
 * not know is reported (unimplemented), not guessed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "threed.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/nv-blocklinear.h"
#include "hw/nvidia/nv-f16.h"
#include "hw/nvidia/nv-rt.h"

#define RT_RUN_BYTES    4096        /* one write call at most */
#define CLEAR_METHOD_TEXELS (1u << 16)  /* cleared inside the method; the rest in run slices */

static const RtColorFormat rt_color_formats[] = {
#define RT_COLOR_ROW(name, v, bytes, type, r, g, b, a, swap) \
    { v, bytes, type, { r, g, b, a }, swap },
    NV_RT_COLOR_FORMATS(RT_COLOR_ROW)
#undef RT_COLOR_ROW
};

static const RtDepthFormat rt_depth_formats[] = {
#define RT_DEPTH_ROW(name, v, bytes, zb, zp, sb, sp) { v, bytes, zb, zp, sb, sp },
    NV_RT_DEPTH_FORMATS(RT_DEPTH_ROW)
#undef RT_DEPTH_ROW
};


const RtColorFormat *nv_rt_color_format(uint32_t value)
{
    for (unsigned k = 0; k < G_N_ELEMENTS(rt_color_formats); k++) {
        if (rt_color_formats[k].value == value) {
            return &rt_color_formats[k];
        }
    }
    return NULL;
}

static uint32_t st(const NvThreed *t, uint32_t mthd)
{
    return nv_threed_state(t, mthd);
}

static uint64_t rt_address(const NvThreed *t, uint32_t hi_mthd, uint32_t lo_mthd)
{
    return (uint64_t)(st(t, hi_mthd) & 0xff) << 32 | st(t, lo_mthd);
}

/* Byte address of texel (x, y) of layer or slice z. */
uint64_t nv_rt_texel(const RtSurf *s, uint32_t x, uint32_t y, uint32_t z)
{
    uint64_t xb = (uint64_t)x * s->bpp;

    if (s->pitch_linear) {
        return s->va + (uint64_t)y * s->pitch + xb;
    }
    if (s->slices) {
        return s->va + nv_bl_offset(&s->geom, xb, y, z);
    }
    return s->va + z * s->layer_stride + nv_bl_offset(&s->geom, xb, y, 0);
}

/* Block-linear geometry of a target width x height texels with blocks of 2^log2_h x 2^log2_d GOBs. */
static void rt_block_linear(RtSurf *s, unsigned log2_h, unsigned log2_d)
{
    nv_bl_geom_init(&s->geom, 0, log2_h, log2_d, (uint64_t)s->width * s->bpp, s->height);
}

/*
 * Colour target i (after SET_CT_SELECT's map); false when it is disabled
 * or its format unknown (reported).
 */
bool nv_rt_color_target(NvThreed *t, unsigned i, RtSurf *s, const RtColorFormat **fmt)
{
    uint32_t o = i * A_C597_SET_COLOR_TARGET_A_STRIDE;
    uint32_t format = st(t, A_C597_SET_COLOR_TARGET_FORMAT + o);
    uint32_t mem = st(t, A_C597_SET_COLOR_TARGET_MEMORY + o);

    *fmt = nv_rt_color_format(format);
    if (!*fmt) {
        if (format != NV_RT_FMT_DISABLED) {
            nv_threed_unimp(t, A_C597_SET_COLOR_TARGET_FORMAT + o, format);
        }
        return false;
    }
    memset(s, 0, sizeof(*s));
    s->va = rt_address(t, A_C597_SET_COLOR_TARGET_A + o, A_C597_SET_COLOR_TARGET_B + o);
    s->bpp = (*fmt)->bytes;
    s->height = NV_FEX32(st(t, A_C597_SET_COLOR_TARGET_HEIGHT + o), C597_SET_COLOR_TARGET_HEIGHT, V);
    if (NV_FEX32(mem, C597_SET_COLOR_TARGET_MEMORY, LAYOUT) == NV_RT_LAYOUT_PITCH) {
        /* pitch targets: WIDTH is the row pitch in bytes; one layer */
        s->pitch_linear = true;
        s->pitch = NV_FEX32(st(t, A_C597_SET_COLOR_TARGET_WIDTH + o), C597_SET_COLOR_TARGET_WIDTH, V);
        s->width = s->pitch / s->bpp;
        s->depth = 1;
        return true;
    }
    s->width = NV_FEX32(st(t, A_C597_SET_COLOR_TARGET_WIDTH + o), C597_SET_COLOR_TARGET_WIDTH, V);
    s->depth = MAX(NV_FEX32(st(t, A_C597_SET_COLOR_TARGET_THIRD_DIMENSION + o),
                            C597_SET_COLOR_TARGET_THIRD_DIMENSION, V), 1u);
    s->slices = NV_FEX32(mem, C597_SET_COLOR_TARGET_MEMORY, THIRD_DIMENSION_CONTROL) ==
                NV_RT_THIRD_DIM_DEPTH;
    s->layer_stride = (uint64_t)st(t, A_C597_SET_COLOR_TARGET_ARRAY_PITCH + o) << 2;
    rt_block_linear(s, NV_FEX32(mem, C597_SET_COLOR_TARGET_MEMORY, BLOCK_HEIGHT),
                    NV_FEX32(mem, C597_SET_COLOR_TARGET_MEMORY, BLOCK_DEPTH));
    return true;
}

/* The depth target, when SET_ZT_SELECT enables it and its format is known. */
bool nv_rt_depth_target(NvThreed *t, RtSurf *s, const RtDepthFormat **fmt)
{
    uint32_t format = NV_FEX32(st(t, A_C597_SET_ZT_FORMAT), C597_SET_ZT_FORMAT, V);
    uint32_t block = st(t, A_C597_SET_ZT_BLOCK_SIZE), size_c = st(t, A_C597_SET_ZT_SIZE_C);

    *fmt = NULL;
    if (!NV_FEX32(st(t, A_C597_SET_ZT_SELECT), C597_SET_ZT_SELECT, TARGET_COUNT)) {
        return false;
    }
    for (unsigned k = 0; k < G_N_ELEMENTS(rt_depth_formats); k++) {
        if (rt_depth_formats[k].value == format) {
            *fmt = &rt_depth_formats[k];
        }
    }
    if (!*fmt) {
        nv_threed_unimp(t, A_C597_SET_ZT_FORMAT, format);
        return false;
    }
    memset(s, 0, sizeof(*s));
    s->va = rt_address(t, A_C597_SET_ZT_A, A_C597_SET_ZT_B);
    s->bpp = (*fmt)->bytes;
    s->width = NV_FEX32(st(t, A_C597_SET_ZT_SIZE_A), C597_SET_ZT_SIZE_A, WIDTH);
    s->height = NV_FEX32(st(t, A_C597_SET_ZT_SIZE_B), C597_SET_ZT_SIZE_B, HEIGHT);
    s->depth = NV_FEX32(size_c, C597_SET_ZT_SIZE_C, CONTROL) == NV_RT_ZT_ARRAY_SIZE_IS_ONE ? 1 :
               MAX(NV_FEX32(size_c, C597_SET_ZT_SIZE_C, THIRD_DIMENSION), 1u);
    s->layer_stride = (uint64_t)st(t, A_C597_SET_ZT_ARRAY_PITCH) << 2;
    rt_block_linear(s, NV_FEX32(block, C597_SET_ZT_BLOCK_SIZE, HEIGHT),
                    NV_FEX32(block, C597_SET_ZT_BLOCK_SIZE, DEPTH));
    return true;
}

/* Intersects [*lo, *hi) with [lo2, hi2). */
static void clip(uint32_t *lo, uint32_t *hi, uint32_t lo2, uint32_t hi2)
{
    *lo = MAX(*lo, lo2);
    *hi = MIN(*hi, hi2);
}

/* The rectangle [x0, x1) x [y0, y1) a clear of surface s touches. */
static void clear_rect(const NvThreed *t, const RtSurf *s, uint32_t r[4])
{
    uint32_t ctl = st(t, A_C597_SET_CLEAR_SURFACE_CONTROL);
    uint32_t h = st(t, A_C597_SET_SURFACE_CLIP_HORIZONTAL), v = st(t, A_C597_SET_SURFACE_CLIP_VERTICAL);
    uint32_t x = NV_FEX32(h, C597_SET_SURFACE_CLIP_HORIZONTAL, X);
    uint32_t y = NV_FEX32(v, C597_SET_SURFACE_CLIP_VERTICAL, Y);

    r[0] = 0;
    r[1] = s->width;
    r[2] = 0;
    r[3] = s->height;
    clip(&r[0], &r[1], x, x + NV_FEX32(h, C597_SET_SURFACE_CLIP_HORIZONTAL, WIDTH));
    clip(&r[2], &r[3], y, y + NV_FEX32(v, C597_SET_SURFACE_CLIP_VERTICAL, HEIGHT));
    if (NV_FEX32(ctl, C597_SET_CLEAR_SURFACE_CONTROL, USE_CLEAR_RECT)) {
        uint32_t ch = st(t, A_C597_SET_CLEAR_RECT_HORIZONTAL);
        uint32_t cv = st(t, A_C597_SET_CLEAR_RECT_VERTICAL);

        clip(&r[0], &r[1], NV_FEX32(ch, C597_SET_CLEAR_RECT_HORIZONTAL, XMIN),
             NV_FEX32(ch, C597_SET_CLEAR_RECT_HORIZONTAL, XMAX));
        clip(&r[2], &r[3], NV_FEX32(cv, C597_SET_CLEAR_RECT_VERTICAL, YMIN),
             NV_FEX32(cv, C597_SET_CLEAR_RECT_VERTICAL, YMAX));
    }
    if (NV_FEX32(ctl, C597_SET_CLEAR_SURFACE_CONTROL, USE_SCISSOR0) &&
        NV_FEX32(st(t, A_C597_SET_SCISSOR_ENABLE), C597_SET_SCISSOR_ENABLE, V)) {
        uint32_t sh = st(t, A_C597_SET_SCISSOR_HORIZONTAL), sv = st(t, A_C597_SET_SCISSOR_VERTICAL);

        clip(&r[0], &r[1], NV_FEX32(sh, C597_SET_SCISSOR_HORIZONTAL, XMIN),
             NV_FEX32(sh, C597_SET_SCISSOR_HORIZONTAL, XMAX));
        clip(&r[2], &r[3], NV_FEX32(sv, C597_SET_SCISSOR_VERTICAL, YMIN),
             NV_FEX32(sv, C597_SET_SCISSOR_VERTICAL, YMAX));
    }
    if (NV_FEX32(ctl, C597_SET_CLEAR_SURFACE_CONTROL, USE_VIEWPORT_CLIP0)) {
        uint32_t vh = st(t, A_C597_SET_VIEWPORT_CLIP_HORIZONTAL);
        uint32_t vv = st(t, A_C597_SET_VIEWPORT_CLIP_VERTICAL);
        uint32_t vx = NV_FEX32(vh, C597_SET_VIEWPORT_CLIP_HORIZONTAL, X0);
        uint32_t vy = NV_FEX32(vv, C597_SET_VIEWPORT_CLIP_VERTICAL, Y0);

        clip(&r[0], &r[1], vx, vx + NV_FEX32(vh, C597_SET_VIEWPORT_CLIP_HORIZONTAL, WIDTH));
        clip(&r[2], &r[3], vy, vy + NV_FEX32(vv, C597_SET_VIEWPORT_CLIP_VERTICAL, HEIGHT));
    }
}

/* Sets bits [pos, pos + n) of the little-endian texel to v. */
void nv_rt_put_bits(uint8_t *b, unsigned pos, unsigned n, uint64_t v)
{
    if (!(pos % 8) && !(n % 8)) {       /* whole bytes: most formats' components */
        for (unsigned i = 0; i < n / 8; i++) {
            b[pos / 8 + i] = (uint8_t)(v >> (8 * i));
        }
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned at = pos + i;

        b[at / 8] = (uint8_t)((b[at / 8] & ~(1u << (at % 8))) | ((v >> i) & 1) << (at % 8));
    }
}

static float srgb_encode(float c)
{
    return c <= 0.0031308f ? c * 12.92f : 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

/* Mantissa bits of an n-bit float component: binary16, or R11G11B10's unsigned 11 and 10. */
static unsigned minifloat_mant(unsigned n)
{
    return n == 16 ? 10 : n - 5;
}

/* A clear value (a VkClearColorValue dword) as an n-bit component of type. */
uint64_t nv_rt_color_bits(uint32_t v, unsigned type, unsigned n, bool alpha)
{
    float f = nv_f32_of(v);
    uint64_t max = n >= 64 ? ~0ull : (1ull << n) - 1;

    if (type == NV_RT_SRGB && !alpha) {
        f = srgb_encode(fminf(fmaxf(f, 0.0f), 1.0f));
    }
    switch (type) {
    case NV_RT_UNORM:
    case NV_RT_SRGB:
        return (uint64_t)lrintf(fminf(fmaxf(isnan(f) ? 0.0f : f, 0.0f), 1.0f) * (float)max);
    case NV_RT_SNORM: {
        float half = (float)(max >> 1);

        return (uint64_t)lrintf(fminf(fmaxf(isnan(f) ? 0.0f : f, -1.0f), 1.0f) * half) & max;
    }
    case NV_RT_UINT:
        return MIN((uint64_t)v, max);
    case NV_RT_SINT: {
        int64_t hi = (int64_t)(max >> 1), s = (int32_t)v;

        return (uint64_t)MAX(MIN(s, hi), -hi - 1) & max;
    }
    default:        /* FLOAT: 32, 16, or unsigned 11 and 10 bits */
        return n == 32 ? v : nv_f64_to_minifloat(f, minifloat_mant(n), n == 16);
    }
}

/*
 * The target's texel for the clear colour, and the mask of its bits the
 * clear writes (the components CLEAR_SURFACE enables).
 */
void nv_rt_pack(const RtColorFormat *f, const uint32_t v[4], unsigned enables,
                uint8_t texel[RT_MAX_BPP], uint8_t mask[RT_MAX_BPP])
{
    static const uint8_t swapped[4] = { 2, 1, 0, 3 };
    unsigned pos = 0;

    memset(texel, 0, RT_MAX_BPP);
    memset(mask, 0, RT_MAX_BPP);
    for (unsigned k = 0; k < 4; k++) {
        unsigned c = f->swap_rb ? swapped[k] : k, n = f->bits[c];

        if (!n) {
            continue;
        }
        nv_rt_put_bits(texel, pos, n, nv_rt_color_bits(v[c], f->type, n, c == 3));
        nv_rt_put_bits(mask, pos, n, (enables >> c) & 1 ? ~0ull : 0);
        pos += n;
    }
}

uint64_t nv_rt_get_bits(const uint8_t *b, unsigned pos, unsigned n)
{
    uint64_t v = 0;

    if (!(pos % 8) && !(n % 8)) {
        for (unsigned i = 0; i < n / 8; i++) {
            v |= (uint64_t)b[pos / 8 + i] << (8 * i);
        }
        return v;
    }
    for (unsigned i = 0; i < n; i++) {
        v |= (uint64_t)((b[(pos + i) / 8] >> ((pos + i) % 8)) & 1) << i;
    }
    return v;
}

static float srgb_decode(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* A texel's components as floats (what blending reads); absent ones are 0, alpha 1. */
void nv_rt_unpack(const RtColorFormat *f, const uint8_t *texel, float out[4])
{
    static const uint8_t swapped[4] = { 2, 1, 0, 3 };
    unsigned pos = 0;

    out[0] = out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
    for (unsigned k = 0; k < 4; k++) {
        unsigned c = f->swap_rb ? swapped[k] : k, n = f->bits[c];
        uint64_t v, max;

        if (!n) {
            continue;
        }
        v = nv_rt_get_bits(texel, pos, n);
        max = n >= 64 ? ~0ull : (1ull << n) - 1;
        pos += n;
        switch (f->type) {
        case NV_RT_UNORM:
            out[c] = (float)v / (float)max;
            break;
        case NV_RT_SRGB:
            out[c] = c == 3 ? (float)v / (float)max : srgb_decode((float)v / (float)max);
            break;
        case NV_RT_SNORM: {
            int64_t sv = (int64_t)(v << (64 - n)) >> (64 - n);

            out[c] = fmaxf((float)sv / (float)(max >> 1), -1.0f);
            break;
        }
        case NV_RT_FLOAT:
            out[c] = n == 32 ? nv_f32_of((uint32_t)v)
                             : nv_minifloat_to_f32((uint32_t)v, minifloat_mant(n), n == 16);
            break;
        default:            /* integers are not blended */
            out[c] = (float)v;
            break;
        }
    }
}

/* The depth target's texel for the clear values, and the mask of what is cleared. */
static void depth_texel(const NvThreed *t, const RtDepthFormat *f, bool z, bool s,
                        uint8_t texel[RT_MAX_BPP], uint8_t mask[RT_MAX_BPP])
{
    float d = fminf(fmaxf(nv_f32_of(st(t, A_C597_SET_Z_CLEAR_VALUE)), 0.0f), 1.0f);
    uint32_t stencil = NV_FEX32(st(t, A_C597_SET_STENCIL_CLEAR_VALUE),
                                C597_SET_STENCIL_CLEAR_VALUE, V);
    uint32_t smask = 0xff;

    if (NV_FEX32(st(t, A_C597_SET_CLEAR_SURFACE_CONTROL), C597_SET_CLEAR_SURFACE_CONTROL,
                 RESPECT_STENCIL_MASK)) {
        smask = st(t, A_C597_SET_STENCIL_MASK) & 0xff;
    }
    memset(texel, 0, RT_MAX_BPP);
    memset(mask, 0, RT_MAX_BPP);
    if (z && f->zbits) {
        uint64_t zv = f->zbits == 32 ? nv_bits_f32(d) :
                      (uint64_t)lrint((double)d * (double)((1u << f->zbits) - 1));

        nv_rt_put_bits(texel, f->zpos, f->zbits, zv);
        nv_rt_put_bits(mask, f->zpos, f->zbits, ~0ull);
    }
    if (s && f->sbits) {
        nv_rt_put_bits(texel, f->spos, f->sbits, stencil);
        nv_rt_put_bits(mask, f->spos, f->sbits, smask);
    }
}

/* Whether part p writes anything at all. */
static bool part_empty(const NvClearPart *p)
{
    bool none = true;

    for (unsigned i = 0; i < p->surf.bpp; i++) {
        none &= p->mask[i] == 0;
    }
    return none || p->r[0] >= p->r[1] || p->r[2] >= p->r[3] || p->z >= p->surf.depth;
}

/*
 * Writes part p's texel (under its mask) over row y of its rectangle:
 * whole runs where the mask is full, read-modify-write where it is not.
 */
static bool fill_row(NvThreed *t, const NvClearPart *p, uint32_t y)
{
    const NvMemIf *m = t->mem;
    const RtSurf *s = &p->surf;
    uint8_t run[RT_RUN_BYTES], old[RT_MAX_BPP];
    bool full = true;
    unsigned per_run;

    for (unsigned i = 0; i < s->bpp; i++) {
        full &= p->mask[i] == 0xff;
    }
    for (unsigned i = 0; i < RT_RUN_BYTES; i++) {
        run[i] = p->texel[i % s->bpp];
    }
    /* texels contiguous in memory: a pitch row, or 16 bytes of a GOB */
    per_run = s->pitch_linear ? RT_RUN_BYTES / s->bpp : MAX(16u / s->bpp, 1u);
    for (uint32_t x = p->r[0]; x < p->r[1];) {
        uint64_t va = nv_rt_texel(s, x, y, p->z);
        unsigned n = full ? per_run - (unsigned)((x * s->bpp) % (per_run * s->bpp)) / s->bpp : 1;

        n = MIN(n, p->r[1] - x);
        if (full) {
            if (!m->write(m->opaque, true, 0, va, run, (size_t)n * s->bpp)) {
                return false;
            }
        } else {
            if (!m->read(m->opaque, true, 0, va, old, s->bpp)) {
                return false;
            }
            for (unsigned i = 0; i < s->bpp; i++) {
                old[i] = (uint8_t)((old[i] & ~p->mask[i]) | (p->texel[i] & p->mask[i]));
            }
            if (!m->write(m->opaque, true, 0, va, old, s->bpp)) {
                return false;
            }
        }
        x += n;
    }
    return true;
}

NvEngineStatus nv_threed_clear_run(NvThreed *t, uint64_t budget)
{
    NvClearOp *c = &t->clear;
    uint64_t done = 0;

    while (c->cur < c->parts) {
        const NvClearPart *p = &c->part[c->cur];

        if (c->y >= p->r[3]) {
            if (++c->cur < c->parts) {
                c->y = c->part[c->cur].r[2];
            }
            continue;
        }
        if (done >= budget) {
            return NV_ENGINE_BUSY;
        }
        if (!fill_row(t, p, c->y)) {
            c->parts = c->cur = 0;          /* the fault stops the clear */
            return NV_ENGINE_ERROR;
        }
        c->y++;
        done += p->r[1] - p->r[0];
    }
    return NV_ENGINE_IDLE;
}

/* Adds a part of the clear being set up, unless it writes nothing. */
static void add_part(NvClearOp *c, const RtSurf *s, const NvThreed *t, uint32_t z)
{
    NvClearPart *p = &c->part[c->parts];

    p->surf = *s;
    p->z = z;
    clear_rect(t, s, p->r);
    if (!part_empty(p)) {
        c->parts++;
    }
}

bool nv_threed_clear(NvThreed *t, uint32_t data)
{
    unsigned mrt = NV_FEX32(data, C597_CLEAR_SURFACE, MRT_SELECT);
    uint32_t layer = NV_FEX32(data, C597_CLEAR_SURFACE, RT_ARRAY_INDEX);
    unsigned colors = (data >> R_C597_CLEAR_SURFACE_R_ENABLE_SHIFT) & 0xf;
    bool z = NV_FEX32(data, C597_CLEAR_SURFACE, Z_ENABLE);
    bool s = NV_FEX32(data, C597_CLEAR_SURFACE, STENCIL_ENABLE);
    NvClearOp *c = &t->clear;
    RtSurf surf;

    c->parts = c->cur = 0;
    if (colors && mrt < 8) {
        uint32_t sel = st(t, A_C597_SET_CT_SELECT);
        unsigned target = (sel >> (R_C597_SET_CT_SELECT_TARGET0_SHIFT + 3 * mrt)) & 7;
        const RtColorFormat *f;

        if (mrt < NV_FEX32(sel, C597_SET_CT_SELECT, TARGET_COUNT) &&
            nv_rt_color_target(t, target, &surf, &f)) {
            uint32_t v[4];

            for (unsigned k = 0; k < 4; k++) {
                v[k] = st(t, A_C597_SET_COLOR_CLEAR_VALUE + 4 * k);
            }
            nv_rt_pack(f, v, colors, c->part[c->parts].texel, c->part[c->parts].mask);
            add_part(c, &surf, t, layer);
        }
    }
    if (z || s) {
        const RtDepthFormat *f;

        if (nv_rt_depth_target(t, &surf, &f)) {
            depth_texel(t, f, z, s, c->part[c->parts].texel, c->part[c->parts].mask);
            add_part(c, &surf, t, layer);
        }
    }
    c->y = c->parts ? c->part[0].r[2] : 0;
    return nv_threed_clear_run(t, CLEAR_METHOD_TEXELS) != NV_ENGINE_ERROR;
}
