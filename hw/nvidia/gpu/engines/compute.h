/*
 * TURING_COMPUTE_A (0xc5c0): QMD launches on the SM, plus the class's
 * inline-to-memory methods. A pure state machine over engine.h's NvMemIf,
 * run in bounded slices like the copy engine.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_COMPUTE_H
#define HW_NVIDIA_GPU_ENGINES_COMPUTE_H

#include "../base/gpu.h"
#include "engine.h"
#include "i2m.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/sm/sm.h"

#define NV_COMPUTE_SLICE_INSNS  (1u << 20)   /* SM warp-instructions per host slice */

typedef struct NvComputeState {
    uint32_t mthd[C5C0_MTHD_END / 4];   /* every method's last value */
    NvI2mState i2m;             /* the class's inline-to-memory methods */
    NvComputeConfig cfg;
    NvSmLaunch *launch;         /* the launch in progress, NULL when idle */
    uint32_t qmd[NV_QMD_DWORDS];/* its QMD, read once at SEND_PCAS */
    const NvMemIf *mem;         /* the memory of the current call (SM provider) */
    NvSmError err;              /* why the last launch stopped */
    uint64_t launches;          /* completed launches (statistics) */
    NvSmStats stats;            /* the last launch's instruction counts */
} NvComputeState;

void nv_compute_init(NvComputeState *s, const NvComputeConfig *cfg);
/* Drops a launch in progress (channel unbind, reset). */
void nv_compute_fini(NvComputeState *s);
NvEngineStatus nv_compute_method(NvComputeState *s, const NvMemIf *mem, uint32_t mthd,
                                 uint32_t data);
/* Continues a launch for up to slice warp-instructions or until deadline_us (host time, 0: none). */
NvEngineStatus nv_compute_run(NvComputeState *s, const NvMemIf *mem, uint64_t slice,
                              int64_t deadline_us);

/*
 * Decodes and validates a QMD with the class's window methods into a launch
 * descriptor; false (with a reason) for a QMD the hardware would reject.
 */
bool nv_compute_qmd_desc(const uint32_t qmd[NV_QMD_DWORDS], const uint32_t *mthd,
                         NvSmLaunchDesc *d, char *why, size_t whylen);

/*
 * The SM's view of memory for a class that launches on it: the channel's
 * address space through the NvMemIf *mem points at during the call.
 */
NvSmMemOps nv_engine_sm_mem(const NvMemIf **mem);
/* The guest-error kind (nv-errors.h) of an SM error, for launches of any class. */
NvGuestErrorKind nv_compute_sm_error_kind(NvSmErrorKind k);
/*
 * Reports a launch's SM error as a guest error: "who: kind at pc ...", with
 * an illegal instruction's words; msg (len bytes) is the buffer.
 */
void nv_engine_sm_error(const NvMemIf *mem, const char *who, const NvSmError *e, char *msg,
                        size_t len);

#endif
