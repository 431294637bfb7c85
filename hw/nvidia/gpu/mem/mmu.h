/*
 * The memory room: the Pascal "ver2" page-table walker with its TLB
 * (mmu.c), BAR1/BAR2 translation (bar.c) and MMU fault reporting
 * (fault.c). Physical accesses by target are the floor's (base/phys.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_MEM_MMU_H
#define HW_NVIDIA_GPU_MEM_MMU_H

#include "../base/base.h"

/* The result of a translation: where the byte is, or that the page is sparse. */
typedef struct NvXlate {
    NvPhys phys;
    bool sparse;            /* reads return 0, writes are dropped, no fault */
} NvXlate;

/* An MMU fault as the fault unit records it. */
typedef struct NvFault {
    NvPhys inst;
    uint64_t va;
    uint32_t reason;        /* NV_FAULT_* */
    uint32_t access;        /* NV_FAULT_ACCESS_* */
    uint32_t engine;        /* NV_MMU_ENG_* */
} NvFault;

/*
 * Translates va in the address space of the instance block inst. On failure
 * returns false with the fault reason in *reason (nothing is reported).
 */
bool nv_mmu_translate(NvGpu *gpu, NvPhys inst, uint64_t va, bool write,
                      NvXlate *out, uint32_t *reason);
/* Forgets every cached translation (TLB invalidate, rebinding). */
void nv_mmu_tlb_flush(NvGpu *gpu);

/*
 * Resolves an access through BAR1 or BAR2 (bar = 1 or 2) without reporting:
 * physical mode maps the offset to VRAM, virtual mode translates it. On a
 * failure *inst and *reason describe the fault.
 */
bool nv_bar_xlate(NvGpu *gpu, unsigned bar, uint64_t off, bool write, NvXlate *x,
                  NvPhys *inst, uint32_t *reason);

/* Records a fault in the fault buffer (or the info latch) and raises its vector. */
void nv_fault_report(NvGpu *gpu, const NvFault *f);

/* BAR1 (bar 1) and BAR2 (bar 2) accesses; nvgpu_bar_read/write without the line update. */
uint64_t nv_bar_read(NvGpu *gpu, unsigned bar, uint64_t offset, unsigned size);
void nv_bar_write(NvGpu *gpu, unsigned bar, uint64_t offset, uint64_t value, unsigned size);

/* Register units: the BAR block registers, UFLUSH, the fault unit (0xb83000). */
NvUnitRead nv_vfbar_read, nv_uflush_read, nv_vfmmu_read;
NvUnitWrite nv_vfbar_write, nv_uflush_write, nv_vfmmu_write;

#endif
