/*
 * FERMI_TWOD_A (0x902d), the 2D class: PIXELS_FROM_MEMORY blits, which
 * nouveau's GL driver uses to upload and copy textures. The last method of
 * the blit (PIXELS_FROM_MEMORY_SRC_Y0_INT) starts it: each pixel of the
 * destination rectangle (clipped to the surface and SET_CLIP) samples the
 * source at src0 + (pixel - dst0 + 1/2) * (du/dx, dv/dy) (32.32 fixed
 * point; the corner origin drops the half), nearest or bilinear, converted
 * between the render-target formats (nv-rt.h; equal formats are copied
 * bit for bit). Surfaces are pitch or block linear, as the 3D class's
 * targets. The blit runs in slices of rows with the channel waiting. Solid
 * fills, pixels from the CPU and operations other than SRCCOPY are stored
 * and reported as not executed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "threed.h"
#include "hw/nvidia/cl-902d.h"
#include "hw/nvidia/nv-f16.h"

#define TWOD_MTHD_END       0x4000
#define TWOD_SLICE_TEXELS   (1u << 18)  /* texels per host slice */
#define TWOD_METHOD_TEXELS  (1u << 14)  /* written inside the launching method */

typedef struct TwodSurf {
    RtSurf s;
    const RtColorFormat *f;
    uint32_t layer;
} TwodSurf;

typedef struct NvTwod {
    uint32_t mthd[TWOD_MTHD_END / 4];
    uint32_t reported[TWOD_MTHD_END / 4 / 32];
    /* the blit in progress */
    bool busy;
    TwodSurf src, dst;
    uint32_t r[4];                      /* destination pixels [x0, x1) x [y0, y1) */
    uint32_t y;                         /* the next row */
    int64_t u0, v0, du, dv;             /* 32.32: source position of pixel (x0, y0), steps */
    bool bilinear;
} NvTwod;

static uint32_t st(const NvTwod *o, uint32_t mthd)
{
    return o->mthd[mthd / 4];
}

static void *twod_create(const NvGpu *gpu)
{
    return g_try_new0(NvTwod, 1);
}

/* Said once per method: the class stored it and does not act on it. */
static void twod_unimp(NvTwod *o, const NvMemIf *mem, uint32_t mthd, uint32_t data)
{
    uint32_t *word = &o->reported[mthd / 4 / 32], bit = 1u << (mthd / 4 % 32);

    if (!(*word & bit) && mem->unimp_method) {
        mem->unimp_method(mem->opaque, mthd, data);
    }
    *word |= bit;
}

/* The source (src) or destination surface from the class state; false: an unknown format. */
static bool surface(NvTwod *o, const NvMemIf *mem, bool src, TwodSurf *t)
{
    uint32_t d = src ? A_902D_SET_SRC_FORMAT - A_902D_SET_DST_FORMAT : 0;
    uint32_t block = st(o, A_902D_SET_DST_BLOCK_SIZE + d);
    RtSurf *s = &t->s;

    memset(t, 0, sizeof(*t));
    t->f = nv_rt_color_format(st(o, A_902D_SET_DST_FORMAT + d) & 0xff);
    if (!t->f) {
        twod_unimp(o, mem, A_902D_SET_DST_FORMAT + d, st(o, A_902D_SET_DST_FORMAT + d));
        return false;
    }
    s->va = (uint64_t)(st(o, A_902D_SET_DST_OFFSET_UPPER + d) & 0xff) << 32 |
            st(o, A_902D_SET_DST_OFFSET_LOWER + d);
    s->bpp = t->f->bytes;
    s->width = st(o, A_902D_SET_DST_WIDTH + d);
    s->height = st(o, A_902D_SET_DST_HEIGHT + d);
    s->depth = MAX(st(o, A_902D_SET_DST_DEPTH + d), 1u);
    s->pitch_linear = (st(o, A_902D_SET_DST_MEMORY_LAYOUT + d) & 1) == NV_2D_LAYOUT_PITCH;
    s->pitch = st(o, A_902D_SET_DST_PITCH + d);
    s->slices = s->depth > 1;
    t->layer = src ? 0 : st(o, A_902D_SET_DST_LAYER);
    nv_bl_geom_init(&s->geom, 0, NV_FEX32(block, 902D_SET_DST_BLOCK_SIZE, HEIGHT),
                    NV_FEX32(block, 902D_SET_DST_BLOCK_SIZE, DEPTH),
                    (uint64_t)s->width * s->bpp, s->height);
    return true;
}

static int64_t fixed(const NvTwod *o, uint32_t int_mthd, uint32_t frac_mthd)
{
    return (int64_t)((uint64_t)st(o, int_mthd) << 32 | st(o, frac_mthd));
}

/* PIXELS_FROM_MEMORY_SRC_Y0_INT: sets the blit up. */
static bool blit_start(NvTwod *o, const NvMemIf *mem)
{
    uint32_t mode = st(o, A_902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE);
    uint32_t x0 = st(o, A_902D_SET_PIXELS_FROM_MEMORY_DST_X0);
    uint32_t y0 = st(o, A_902D_SET_PIXELS_FROM_MEMORY_DST_Y0);
    uint64_t x1 = (uint64_t)x0 + st(o, A_902D_SET_PIXELS_FROM_MEMORY_DST_WIDTH);
    uint64_t y1 = (uint64_t)y0 + st(o, A_902D_SET_PIXELS_FROM_MEMORY_DST_HEIGHT);
    bool center = NV_FEX32(mode, 902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE, ORIGIN) ==
                  NV_2D_ORIGIN_CENTER;

    if ((st(o, A_902D_SET_OPERATION) & 7) != NV_2D_OP_SRCCOPY) {
        twod_unimp(o, mem, A_902D_SET_OPERATION, st(o, A_902D_SET_OPERATION));
    }
    if (!surface(o, mem, true, &o->src) || !surface(o, mem, false, &o->dst)) {
        return false;
    }
    x1 = MIN(x1, o->dst.s.width);
    y1 = MIN(y1, o->dst.s.height);
    if (st(o, A_902D_SET_CLIP_ENABLE) & 1) {
        uint64_t cx = st(o, A_902D_SET_CLIP_X0), cy = st(o, A_902D_SET_CLIP_Y0);

        x0 = (uint32_t)MAX(x0, cx);
        y0 = (uint32_t)MAX(y0, cy);
        x1 = MIN(x1, cx + st(o, A_902D_SET_CLIP_WIDTH));
        y1 = MIN(y1, cy + st(o, A_902D_SET_CLIP_HEIGHT));
    }
    o->du = fixed(o, A_902D_SET_PIXELS_FROM_MEMORY_DU_DX_INT, A_902D_SET_PIXELS_FROM_MEMORY_DU_DX_FRAC);
    o->dv = fixed(o, A_902D_SET_PIXELS_FROM_MEMORY_DV_DY_INT, A_902D_SET_PIXELS_FROM_MEMORY_DV_DY_FRAC);
    /* the source position of the first pixel; clipping moved it by whole pixels */
    o->u0 = fixed(o, A_902D_SET_PIXELS_FROM_MEMORY_SRC_X0_INT, A_902D_SET_PIXELS_FROM_MEMORY_SRC_X0_FRAC) +
            (int64_t)(x0 - st(o, A_902D_SET_PIXELS_FROM_MEMORY_DST_X0)) * o->du +
            (center ? o->du / 2 : 0);
    o->v0 = fixed(o, A_902D_PIXELS_FROM_MEMORY_SRC_Y0_INT, A_902D_SET_PIXELS_FROM_MEMORY_SRC_Y0_FRAC) +
            (int64_t)(y0 - st(o, A_902D_SET_PIXELS_FROM_MEMORY_DST_Y0)) * o->dv +
            (center ? o->dv / 2 : 0);
    o->bilinear = NV_FEX32(mode, 902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE, FILTER) ==
                  NV_2D_FILTER_BILINEAR;
    o->r[0] = x0, o->r[1] = (uint32_t)x1, o->r[2] = y0, o->r[3] = (uint32_t)y1;
    o->y = y0;
    o->busy = x0 < x1 && y0 < y1 && o->dst.layer < o->dst.s.depth;
    return true;
}

static bool texel_io(const NvMemIf *m, const TwodSurf *t, int64_t x, int64_t y, uint8_t *b,
                     bool write)
{
    uint64_t va;

    /* outside the source: its nearest edge texel */
    x = CLAMP(x, 0, (int64_t)MAX(t->s.width, 1u) - 1);
    y = CLAMP(y, 0, (int64_t)MAX(t->s.height, 1u) - 1);
    va = nv_rt_texel(&t->s, (uint32_t)x, (uint32_t)y, t->layer);
    return write ? m->write(m->opaque, true, 0, va, b, t->f->bytes) :
                   m->read(m->opaque, true, 0, va, b, t->f->bytes);
}

/* The source sample at (u, v) (32.32) as the destination's texel. */
static bool sample(NvTwod *o, const NvMemIf *m, int64_t u, int64_t v, uint8_t *texel)
{
    uint8_t b[RT_MAX_BPP], mask[RT_MAX_BPP];
    float acc[4] = { 0 }, c[4];
    uint32_t bits[4];

    if (!o->bilinear) {
        if (!texel_io(m, &o->src, u >> 32, v >> 32, b, false)) {
            return false;
        }
        if (o->src.f == o->dst.f) {
            memcpy(texel, b, o->dst.f->bytes);
            return true;
        }
        nv_rt_unpack(o->src.f, b, acc);
    } else {
        /* the four texels around (u - 1/2, v - 1/2), weighted by its fraction */
        int64_t us = u - (1ll << 31), vs = v - (1ll << 31);
        float fu = (float)(us & 0xffffffffll) / 4294967296.0f;
        float fv = (float)(vs & 0xffffffffll) / 4294967296.0f;

        for (unsigned k = 0; k < 4; k++) {
            float w = (k & 1 ? fu : 1 - fu) * (k & 2 ? fv : 1 - fv);

            if (!texel_io(m, &o->src, (us >> 32) + (k & 1), (vs >> 32) + (k >> 1), b, false)) {
                return false;
            }
            nv_rt_unpack(o->src.f, b, c);
            for (unsigned i = 0; i < 4; i++) {
                acc[i] += w * c[i];
            }
        }
    }
    for (unsigned i = 0; i < 4; i++) {
        bits[i] = nv_bits_f32(acc[i]);
    }
    nv_rt_pack(o->dst.f, bits, 0xf, texel, mask);
    return true;
}

/* Blits rows until about budget texels are written or the blit ends. */
static NvEngineStatus blit_run(NvTwod *o, const NvMemIf *m, uint64_t budget)
{
    uint64_t done = 0;
    uint8_t texel[RT_MAX_BPP];

    while (o->busy && o->y < o->r[3]) {
        int64_t v = o->v0 + (int64_t)(o->y - o->r[2]) * o->dv;

        if (done >= budget) {
            return NV_ENGINE_BUSY;
        }
        for (uint32_t x = o->r[0]; x < o->r[1]; x++) {
            if (!sample(o, m, o->u0 + (int64_t)(x - o->r[0]) * o->du, v, texel) ||
                !texel_io(m, &o->dst, x, o->y, texel, true)) {
                o->busy = false;
                return NV_ENGINE_ERROR;
            }
        }
        done += o->r[1] - o->r[0];
        o->y++;
    }
    o->busy = false;
    return NV_ENGINE_IDLE;
}

static NvEngineStatus twod_method(void *obj, const NvMemIf *mem, uint32_t mthd, uint32_t data)
{
    NvTwod *o = obj;

    if (mthd >= TWOD_MTHD_END) {
        return NV_ENGINE_IDLE;
    }
    o->mthd[mthd / 4] = data;
    switch (mthd) {
    case A_902D_PIXELS_FROM_MEMORY_SRC_Y0_INT:
        if (!blit_start(o, mem)) {
            return NV_ENGINE_IDLE;          /* an unknown format: reported, nothing drawn */
        }
        return blit_run(o, mem, TWOD_METHOD_TEXELS);
    case A_902D_RENDER_SOLID_PRIM_POINT_X_Y:
    case A_902D_PIXELS_FROM_CPU_DATA:
        twod_unimp(o, mem, mthd, data);
        return NV_ENGINE_IDLE;
    default:
        if (mthd >= A_902D_RENDER_SOLID_PRIM_POINT_SET_X &&
            mthd < A_902D_RENDER_SOLID_PRIM_POINT_SET_X + 64 * A_902D_RENDER_SOLID_PRIM_POINT_SET_X_STRIDE) {
            twod_unimp(o, mem, A_902D_RENDER_SOLID_PRIM_POINT_SET_X, data);
        }
        return NV_ENGINE_IDLE;
    }
}

static NvEngineStatus twod_run(void *obj, const NvMemIf *mem, uint64_t budget, int64_t deadline_us)
{
    return blit_run(obj, mem, budget);
}

const NvEngineOps nv_twod_engine = {
    .create = twod_create, .destroy = g_free, .method = twod_method, .run = twod_run,
    .run_budget = TWOD_SLICE_TEXELS,
};
