/*
 * The floor of the model core: what every room uses and none owns.
 * Physical memory by target (VRAM or system memory), guest errors, the GPU
 * clock, chip-profile queries and interrupt latches. Nothing here calls
 * into a room above (regs, mem, host, engines, falcon) or the device layer:
 * a latch only sets state, and the device layer recomputes the interrupt
 * line when an entry point returns.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_BASE_BASE_H
#define HW_NVIDIA_GPU_BASE_BASE_H

#include "hw/nvidia/nv-mmu.h"
#include "gpu.h"

static inline bool nv_target_is_sys(uint32_t target)
{
    return target == NV_TARGET_SYS_COH || target == NV_TARGET_SYS_NONCOH;
}

/* phys.c: VRAM (bounds-checked) or system memory (platform DMA). */
bool nv_phys_read(NvGpu *gpu, NvPhys p, void *buf, size_t len);
bool nv_phys_write(NvGpu *gpu, NvPhys p, const void *buf, size_t len);

/*
 * errors.c: a guest mistake of a kind of the catalogue (nv-errors.h),
 * counted and reported through the platform with a printf-style detail:
 * NV_GUEST_ERR(gpu, PBDMA_PBENTRY, "channel %u: ...", chid).
 */
void nv_guest_err(NvGpu *gpu, NvGuestErrorKind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define NV_GUEST_ERR(gpu, kind, ...) nv_guest_err((gpu), NV_ERR_##kind, __VA_ARGS__)

/*
 * Whether a front-end thread waits to call into the model (an MMIO access,
 * a reset): running work ends at its next check instead of its budget.
 */
static inline bool nv_preempted(const NvGpu *gpu)
{
    return __atomic_load_n(&gpu->lock_waiters, __ATOMIC_RELAXED) > 0;
}

/* Trace points (nv-trace.h): whether point id is enabled; then nv_trace(). */
static inline bool nv_trace_on(const NvGpu *gpu, NvTraceId id)
{
    const uint16_t *on = gpu->plat.trace_on[id];

    return on && __builtin_expect(__atomic_load_n(on, __ATOMIC_RELAXED) != 0, 0);
}

static inline void nv_trace(const NvGpu *gpu, const NvTraceRecord *rec)
{
    if (gpu->plat.trace) {
        gpu->plat.trace(gpu->plat.opaque, rec);
    }
}

/* clock.c: the GPU clock (PTIMER): strictly increasing, readable from any thread. */
uint64_t nv_ptimer_now(NvGpu *gpu);
uint32_t nv_ptimer_read_time(NvGpu *gpu, bool high);
/* Platform time plus the driver's offset, without the strictly-increasing step. */
uint64_t nv_clock_raw(NvGpu *gpu);
/* Sets the counter to t (the driver writes TIME_1, then TIME_0). */
void nv_clock_set(NvGpu *gpu, uint64_t t);

/* chip.c: the chip profile's engines. */
const NvTopEngine *nv_top_engine(const NvGpu *gpu, uint32_t type);
/* The copy engine (LCE instance) serving runlist rl, or -1. */
int nv_ce_inst_of_runlist(const NvGpu *gpu, uint32_t rl);
/* Whether runlist rl serves GR (else only copy engines). */
bool nv_runlist_has_gr(const NvGpu *gpu, uint32_t rl);

/* intr.c: latches interrupt vector v of the VF tree (leaf v / 32, bit v % 32). */
void nv_vf_raise(NvGpu *gpu, unsigned vector);

#endif
