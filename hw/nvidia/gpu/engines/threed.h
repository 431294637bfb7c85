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
} NvThreed;

/* The last value of method mthd (byte offset below THREED_MTHD_END). */
static inline uint32_t nv_threed_state(const NvThreed *t, uint32_t mthd)
{
    return t->mthd[(mthd % THREED_MTHD_END) / 4];
}

/* Reports, once per method, that the class stored mthd without acting on it. */
void nv_threed_unimp(NvThreed *t, uint32_t mthd, uint32_t data);
/*
 * CLEAR_SURFACE: resolves the targets and runs the clear as far as a
 * method's share of work goes (small clears finish here); false on a fault
 * (reported). nv_threed_clear_run continues it for about budget texels.
 */
bool nv_threed_clear(NvThreed *t, uint32_t data);
NvEngineStatus nv_threed_clear_run(NvThreed *t, uint64_t budget);

static inline bool nv_threed_clearing(const NvThreed *t)
{
    return t->clear.cur < t->clear.parts;
}

#endif
