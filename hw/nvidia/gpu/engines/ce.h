/*
 * The copy engine class TURING_DMA_COPY_A (0xc5b5) as a pure state machine
 * over NvMemIf: methods are stored as they arrive, LAUNCH_DMA snapshots them
 * into an operation, and nv_ce_run() advances that operation by a bounded
 * amount per call, so that a guest's 4 GiB x 4 GiB copy never stalls the
 * caller. Surfaces (surface.h) and semaphore releases (sem.h) are shared
 * with the inline-to-memory and compute classes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_CE_H
#define HW_NVIDIA_GPU_ENGINES_CE_H

#include "../base/gpu.h"
#include "surface.h"
#include "sem.h"

/* The copy engine */
#define NV_CE_MTHD_FIRST        0x100   /* below: host methods, not the class's */
#define NV_CE_MTHD_END          0x2000  /* the class's method range */
#define NV_CE_CHUNK             4096    /* bytes moved per step, through the stack */
#define NV_CE_SLICE_BYTES       (256u << 10)  /* per host slice: bounds the slice's time */

/* A launched operation, snapshotted from the methods at LAUNCH_DMA. */
typedef struct NvCeOp {
    bool active;
    NvSurface src, dst;
    uint32_t src_elem, dst_elem;    /* bytes per element: 1 without remap */
    uint32_t line_len;              /* elements per line */
    uint32_t line_count;
    uint32_t line;                  /* progress: the line being copied */
    uint32_t elem;                  /* progress: its next element */
    bool remap;
    bool read_src;                  /* some destination component is a source one */
    bool read_dst;                  /* some destination component is NO_WRITE */
    uint8_t comp_size, num_src, num_dst;
    uint8_t swizzle[4];             /* C5B5_REMAP_* for DST_X, Y, Z, W */
    uint32_t konst[2];              /* SET_REMAP_CONST_A, _B */
    bool release;
    NvSemRelease sem;
    uint8_t intr;                   /* C5B5_INTERRUPT_* */
} NvCeOp;

typedef struct NvCeState {
    uint32_t mthd[NV_CE_MTHD_END / 4];  /* every method's last value */
    NvCeOp op;
} NvCeState;

void nv_ce_reset(NvCeState *s);
/*
 * Stores one method (byte offset mthd >= 0x100 of the class, data). A
 * LAUNCH_DMA starts an operation: returns NV_ENGINE_BUSY if it has work left
 * (then the caller calls nv_ce_run), IDLE if done (or nothing started), ERROR
 * on an invalid method or launch (reported through mem->error).
 */
NvEngineStatus nv_ce_method(NvCeState *s, const NvMemIf *mem, uint32_t mthd,
                            uint32_t data);
/*
 * Continues the current operation for about budget bytes or until the host's
 * monotonic clock reaches deadline_us (0: none), whichever comes first, and
 * at least one step of up to NV_CE_CHUNK bytes, so that every call makes
 * progress. On completion, releases the semaphore and signals the
 * interrupt. ERROR: a fault (reported by the provider); the operation is
 * dropped, no semaphore.
 */
NvEngineStatus nv_ce_run(NvCeState *s, const NvMemIf *mem, uint64_t budget,
                         int64_t deadline_us);

/* ce-regs.c: the copy engines' interrupt registers (BAR0 0x104000) */
NvUnitRead nv_ceintr_read;
NvUnitWrite nv_ceintr_write;
/* Latches an interrupt bit (NV_CE_INTR_*) of LCE inst; LAUNCHERR records its code. */
void nv_ce_intr_raise(NvGpu *gpu, unsigned inst, uint32_t bit, uint32_t code);
/* The PMC_INTR_0 bits of LCEs with a pending, enabled interrupt. */
uint32_t nv_ce_intr_lines(NvGpu *gpu);

#endif
