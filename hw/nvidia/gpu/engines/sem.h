/*
 * Semaphores written by engines: the release (one word, or payload, 0 and
 * the 64-bit time) and the reductions of the old value. One implementation
 * of the reductions serves the host class (32- and 64-bit payloads), the
 * copy engine, inline-to-memory and the QMD releases.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_SEM_H
#define HW_NVIDIA_GPU_ENGINES_SEM_H

#include "engine.h"

/* Semaphore release with an optional reduction of the old value. */
typedef enum NvSemOp {
    NV_SEM_OP_ADD,
    NV_SEM_OP_MIN,
    NV_SEM_OP_MAX,
    NV_SEM_OP_INC,              /* old >= payload ? 0 : old + 1 */
    NV_SEM_OP_DEC,              /* old == 0 || old > payload ? payload : old - 1 */
    NV_SEM_OP_AND,
    NV_SEM_OP_OR,
    NV_SEM_OP_XOR,
    NV_SEM_OP_FADD,             /* IEEE single-precision add */
    NV_SEM_OP_COUNT
} NvSemOp;

typedef struct NvSemRelease {
    uint64_t addr;              /* GPU virtual address */
    uint32_t payload;
    bool four_word;             /* payload, 0, then the 64-bit PTIMER time */
    bool reduce;                /* write reduce(old, payload) instead of payload */
    bool is_signed;             /* MIN/MAX compare as int32_t */
    NvSemOp op;
} NvSemRelease;

/*
 * reduce(old, val) on 32-bit (wide false) or 64-bit values; MIN and MAX
 * compare as signed when is_signed; FADD is 32-bit only (its upper half of
 * a wide value is 0). Results are truncated to the width.
 */
uint64_t nv_sem_reduce(NvSemOp op, bool is_signed, bool wide, uint64_t old, uint64_t val);
bool nv_sem_release(const NvMemIf *mem, const NvSemRelease *r);
/*
 * The release a SET_REPORT_SEMAPHORE_D of the 3D or the compute class asks
 * for (both place STRUCTURE_SIZE and the reduction fields alike: nv-rt.h),
 * at va with payload (SET_REPORT_SEMAPHORE_C).
 */
NvSemRelease nv_sem_report_release(uint64_t va, uint32_t payload, uint32_t d);

#endif
