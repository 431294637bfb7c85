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

/* errors.c: a guest mistake, reported through the platform (printf-style). */
void nv_guest_error(NvGpu *gpu, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

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
