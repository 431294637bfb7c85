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
#include "hw/nvidia/nv-rt.h"

#define THREED_MTHD_END     0x4000      /* the class's method range */

typedef struct NvThreed {
    uint32_t mthd[THREED_MTHD_END / 4];
    uint32_t reported[THREED_MTHD_END / 4 / 32];    /* stored-only methods already reported */
    NvMme mme;
    const NvMemIf *mem;                 /* the channel's, during a method */
    bool in_macro;                      /* a macro is emitting */
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
/* CLEAR_SURFACE: false on a fault (reported). */
bool nv_threed_clear(NvThreed *t, uint32_t data);

#endif
