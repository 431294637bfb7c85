/*
 * BAR1 and BAR2 (PCI BAR3): apertures into VRAM, translated through the
 * address space of the instance block bound by the BAR block registers
 * (or physical), and UFLUSH. A failed translation is an MMU fault of the
 * BAR engine.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "mmu.h"

static const uint32_t bar_fault_engine[] = { NV_MMU_ENG_BAR1, NV_MMU_ENG_BAR2 };

bool nv_bar_xlate(NvGpu *gpu, unsigned bar, uint64_t off, bool write, NvXlate *x,
                  NvPhys *inst, uint32_t *reason)
{
    uint32_t block = gpu->r.mmu.bar_block[bar - 1];

    inst->addr = (uint64_t)NV_FEX32(block, VF_BAR_BLOCK, PTR) << NV_PAGE_SHIFT_4K;
    inst->target = NV_FEX32(block, VF_BAR_BLOCK, TARGET);
    if (!NV_FEX32(block, VF_BAR_BLOCK, MODE)) {
        *x = (NvXlate) { .phys = { off, NV_TARGET_VRAM } };
        return true;
    }
    return nv_mmu_translate(gpu, *inst, off, write, x, reason);
}

/* A BAR access that fails translation is an MMU fault of the BAR engine. */
static bool bar_resolve(NvGpu *gpu, unsigned bar, uint64_t off, bool write, NvXlate *x)
{
    uint32_t reason;
    NvPhys inst;

    if (nv_bar_xlate(gpu, bar, off, write, x, &inst, &reason)) {
        return true;
    }
    nv_guest_err(gpu, bar == 1 ? NV_ERR_MMU_FAULT_BAR1 : NV_ERR_MMU_FAULT_BAR2,
                 "BAR%u %s at 0x%llx: MMU fault (reason %u)", bar,
                 write ? "write" : "read", (unsigned long long)off, reason);
    nv_fault_report(gpu, &(NvFault) {
        .inst = inst, .va = off, .reason = reason, .engine = bar_fault_engine[bar - 1],
        .access = write ? NV_FAULT_ACCESS_VIRT_WRITE : NV_FAULT_ACCESS_VIRT_READ,
    });
    return false;
}

uint64_t nv_bar_read(NvGpu *gpu, unsigned bar, uint64_t offset, unsigned size)
{
    uint8_t b[8] = { 0 };
    NvXlate x;

    if ((bar != 1 && bar != 2) || size > sizeof(b) || !bar_resolve(gpu, bar, offset, false, &x)) {
        return 0;
    }
    if (!x.sparse && !nv_phys_read(gpu, x.phys, b, size)) {
        NV_GUEST_ERR(gpu, MEM_UNBACKED, "BAR%u read at 0x%llx: target 0x%llx (%u) not backed", bar,
                     (unsigned long long)offset, (unsigned long long)x.phys.addr, x.phys.target);
        return 0;
    }
    return nv_ld_le(b, 8);
}

void nv_bar_write(NvGpu *gpu, unsigned bar, uint64_t offset, uint64_t value,
                     unsigned size)
{
    uint8_t b[8];
    NvXlate x;

    if ((bar != 1 && bar != 2) || size > sizeof(b) || !bar_resolve(gpu, bar, offset, true, &x)) {
        return;
    }
    nv_st_le(b, value, 8);
    if (!x.sparse && !nv_phys_write(gpu, x.phys, b, size)) {
        NV_GUEST_ERR(gpu, MEM_UNBACKED, "BAR%u write at 0x%llx: target 0x%llx (%u) not backed",
                     bar, (unsigned long long)offset, (unsigned long long)x.phys.addr,
                     x.phys.target);
    }
}

bool nvgpu_bar_page(NvGpu *gpu, unsigned bar, uint64_t offset, uint64_t *vram_addr)
{
    uint64_t page = offset & ~((1ull << NV_PAGE_SHIFT_4K) - 1);
    uint32_t reason;
    NvPhys inst;
    NvXlate x;

    if ((bar != 1 && bar != 2) || !nv_bar_xlate(gpu, bar, page, true, &x, &inst, &reason) ||
        x.sparse || x.phys.target != NV_TARGET_VRAM ||
        !nvgpu_vram_ptr(gpu, x.phys.addr, 1ull << NV_PAGE_SHIFT_4K)) {
        return false;
    }
    *vram_addr = x.phys.addr;
    return true;
}

/* BAR binding registers (0xb80f40..): binds complete at once. */
bool nv_vfbar_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    switch (addr) {
    case A_VF_BAR1_BLOCK:
    case A_VF_BAR2_BLOCK:
        *val = gpu->r.mmu.bar_block[addr == A_VF_BAR2_BLOCK];
        return true;
    case A_VF_BAR_BIND_STATUS:
        *val = 0;
        return true;
    }
    return false;
}

bool nv_vfbar_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    switch (addr) {
    case A_VF_BAR1_BLOCK:
    case A_VF_BAR2_BLOCK:
        gpu->r.mmu.bar_block[addr == A_VF_BAR2_BLOCK] = val;
        nv_mmu_tlb_flush(gpu);
        return true;
    case A_VF_BAR_BIND_STATUS:
        return true;
    }
    return false;
}

/* UFLUSH: the model writes through, so a flush is complete when requested. */
bool nv_uflush_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (addr == A_UFLUSH_FB_FLUSH) {
        *val = 0;
        return true;
    }
    return false;
}

bool nv_uflush_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    return addr == A_UFLUSH_FB_FLUSH;
}
