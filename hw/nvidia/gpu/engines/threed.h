/*
 * The 3D class's object, shared by its parts: the method state and the
 * MME (threed.c), clears (clear.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_THREED_H
#define HW_NVIDIA_GPU_ENGINES_THREED_H

#include "engine.h"
#include "mme.h"
#include "../base/coro.h"
#include "../base/gpu.h"
#include "hw/nvidia/nv-3d.h"
#include "hw/nvidia/sm/sm.h"
#include "hw/nvidia/nv-blocklinear.h"
#include "hw/nvidia/nv-rt.h"

#define THREED_MTHD_END     0x4000      /* the class's method range */
#define RT_MAX_BPP          16          /* the widest texel a target has */
#define THREED_SLICE_TEXELS (1u << 20)  /* a clear's texels per host slice */

/* A target: where its texels are and how they are laid out. */
typedef struct RtSurf {
    uint64_t va;
    uint32_t width, height, depth;      /* texels; layers or slices */
    unsigned bpp;
    bool pitch_linear;
    uint32_t pitch;                     /* pitch layout: bytes between rows */
    NvBlGeom geom;                      /* block linear */
    uint64_t layer_stride;              /* block-linear arrays: bytes between layers */
    bool slices;                        /* the third dimension is depth (3D), not layers */
} RtSurf;

typedef struct RtColorFormat {
    uint8_t value, bytes, type, bits[4];
    bool swap_rb;
} RtColorFormat;

typedef struct RtDepthFormat {
    uint8_t value, bytes, zbits, zpos, sbits, spos;
} RtDepthFormat;

/* One target's part of a clear: a texel (under a mask) over a rectangle of a layer. */
typedef struct NvClearPart {
    RtSurf surf;
    uint32_t r[4], z;                   /* [x0, x1) x [y0, y1), layer */
    uint8_t texel[RT_MAX_BPP], mask[RT_MAX_BPP];
} NvClearPart;

/*
 * A CLEAR_SURFACE in progress, row by row: its targets were resolved when
 * the method came, so later methods do not change it. The class is busy
 * (the channel waits) until it is done.
 */
typedef struct NvClearOp {
    NvClearPart part[2];                /* colour, then depth/stencil */
    unsigned parts, cur;                /* cur == parts: none in progress */
    uint32_t y;                         /* the next row of part cur */
} NvClearOp;

/* A constant buffer a bind group holds in one slot (BIND_GROUP_CONSTANT_BUFFER). */
typedef struct NvThreedCbuf {
    uint64_t addr;
    uint32_t size;
    bool valid;
} NvThreedCbuf;

typedef struct NvDrawScratch NvDrawScratch;

/* Where a draw's vertex list comes from. */
enum { NV_DRAW_ARRAY, NV_DRAW_INDEXED, NV_DRAW_INLINE };

/* What a draw method asks for, resolved when it comes (draw.c). */
typedef struct NvDrawArgs {
    unsigned source;                    /* NV_DRAW_* */
    unsigned op;                        /* NV_3D_OP_* */
    uint32_t first, count;              /* the array's first vertex or the buffer's first index */
    unsigned index_log2;                /* indices of 1 << index_log2 bytes */
    uint32_t instances;                 /* drawn in turn, the instance counting up */
    bool ignore_base_vertex, ignore_base_instance;
} NvDrawArgs;

typedef struct NvThreed {
    uint32_t mthd[THREED_MTHD_END / 4];
    uint32_t reported[THREED_MTHD_END / 4 / 32];    /* stored-only methods already reported */
    NvMme mme;
    const NvMemIf *mem;                 /* the channel's, during a method */
    bool in_macro;                      /* a macro is emitting */
    NvClearOp clear;
    bool mme_parked;                    /* the macro waits for the clear to end */
    /* methods a macro emitted in the group that started a clear, run after it */
    uint32_t deferred[2][2];
    unsigned deferred_count;
    /*
     * The pipeline's counters REPORT_ONLY reads (NV_RS_REPORT_*): they count
     * what the pipeline did, which without draws is nothing.
     */
    uint64_t counters[NV_RS_REPORT_COUNT];
    /* the draw pipeline (draw.c, raster.c) */
    NvComputeConfig cfg;                /* the SM array and its limits */
    NvThreedCbuf cb[NV_3D_BIND_GROUPS][NV_3D_CB_SLOTS];
    bool in_begin;                      /* between BEGIN and END */
    uint32_t instance;                  /* the instance BEGIN's INSTANCE_ID counts */
    NvSmError sm_err;                   /* why the last shader launch stopped */
    NvDrawScratch *scratch;             /* the pipeline's buffers, made at the first draw */
    /* the draw in progress, on its coroutine (draw.c), and its slice */
    NvCoro *draw_co;
    NvDrawArgs draw;
    bool draw_ok, draw_abort;
    int64_t draw_deadline_us;
    /* inline indices gathered since BEGIN, drawn at END; the ALIGN methods' skip and cap */
    uint32_t *inl;
    uint32_t inl_n, inl_cap, inl_skip, inl_left;
} NvThreed;

/* The last value of method mthd (byte offset below THREED_MTHD_END). */
static inline uint32_t nv_threed_state(const NvThreed *t, uint32_t mthd)
{
    return t->mthd[(mthd % THREED_MTHD_END) / 4];
}

/* Whether mthd is inside one of the [first, last] method ranges. */
bool nv_threed_in_ranges(const uint32_t (*ranges)[2], size_t n, uint32_t mthd);
/* Reports, once per method, that the class stored mthd without acting on it. */
void nv_threed_unimp(NvThreed *t, uint32_t mthd, uint32_t data);
/*
 * CLEAR_SURFACE: resolves the targets and runs the clear as far as a
 * method's share of work goes (small clears finish here); false on a fault
 * (reported). nv_threed_clear_run continues it for about budget texels.
 */
bool nv_threed_clear(NvThreed *t, uint32_t data);
NvEngineStatus nv_threed_clear_run(NvThreed *t, uint64_t budget);

/* Render targets (clear.c): where they are, their formats, texel packing. */
const RtColorFormat *nv_rt_color_format(uint32_t value);     /* NULL: not a known format */
bool nv_rt_color_target(NvThreed *t, unsigned i, RtSurf *s, const RtColorFormat **fmt);
bool nv_rt_depth_target(NvThreed *t, RtSurf *s, const RtDepthFormat **fmt);
uint64_t nv_rt_texel(const RtSurf *s, uint32_t x, uint32_t y, uint32_t z);
void nv_rt_put_bits(uint8_t *b, unsigned pos, unsigned n, uint64_t v);
uint64_t nv_rt_get_bits(const uint8_t *b, unsigned pos, unsigned n);
uint64_t nv_rt_color_bits(uint32_t v, unsigned type, unsigned n, bool alpha);
/* Components v (float bits or integers, as a shader or a clear value gives them) as a texel. */
void nv_rt_pack(const RtColorFormat *f, const uint32_t v[4], unsigned enables,
                uint8_t texel[RT_MAX_BPP], uint8_t mask[RT_MAX_BPP]);
void nv_rt_unpack(const RtColorFormat *f, const uint8_t *texel, float out[4]);

/*
 * The draw pipeline (draw.c): methods that bind state it snapshots, BEGIN,
 * END and the draws. false: the draw stopped on an error (reported).
 */
bool nv_threed_draw_method(NvThreed *t, uint32_t mthd, uint32_t data, bool *handled);
void nv_threed_draw_free(NvThreed *t);
/* Continues a draw that did not end in its method; IDLE once it has ended. */
NvEngineStatus nv_threed_draw_run(NvThreed *t, int64_t deadline_us);

static inline bool nv_threed_clearing(const NvThreed *t)
{
    return t->clear.cur < t->clear.parts;
}

static inline bool nv_threed_drawing(const NvThreed *t)
{
    return nv_coro_suspended(t->draw_co);
}

/* A clear or a draw in progress: the class is busy, a macro parks behind it. */
static inline bool nv_threed_busy(const NvThreed *t)
{
    return nv_threed_clearing(t) || nv_threed_drawing(t);
}

#endif
