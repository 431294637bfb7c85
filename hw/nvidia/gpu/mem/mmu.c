/*
 * The GPU MMU: Pascal "ver2" page tables as Turing walks them.
 *
 * One walker serves BAR1, BAR2 and (later) channels and engines. Each level
 * is read exactly once from guest-controlled memory into a local value and
 * then validated, so a table that points at itself, outside VRAM or at MMIO
 * ends the walk with a fault after at most five reads. Translations are
 * cached per 4 KiB page in a small direct-mapped TLB; like the hardware, a
 * changed PTE is seen only after the driver invalidates (0xb830b0), and a
 * rebinding of BAR1/BAR2 flushes too.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "mmu.h"

static bool read_u64(NvGpu *gpu, NvPhys p, uint64_t *v)
{
    uint8_t b[8];

    if (!nv_phys_read(gpu, p, b, sizeof(b))) {
        return false;
    }
    *v = nv_ld_le(b, 8);
    return true;
}

/* ---- the walk ---- */

/* Where a PDE points, or false if it points nowhere. */
static bool pde_target(uint64_t pde, NvPhys *next)
{
    static const uint32_t target[] = {
        [NV_PDE_APERTURE_VRAM] = NV_TARGET_VRAM,
        [NV_PDE_APERTURE_SYS_COH] = NV_TARGET_SYS_COH,
        [NV_PDE_APERTURE_SYS_NONCOH] = NV_TARGET_SYS_NONCOH,
    };
    unsigned aper = NV_FEX64(pde, PDE, APERTURE);

    if (NV_FEX64(pde, PDE, IS_PTE) || aper == NV_PDE_APERTURE_INVALID) {
        return false;
    }
    next->addr = NV_FEX64(pde, PDE, ADDR) << NV_PDE_ADDR_ALIGN_SHIFT;
    next->target = target[aper];
    return true;
}

static NvPhys entry_at(NvPhys table, uint64_t va, unsigned shift, unsigned bits,
                       unsigned size)
{
    uint64_t index = (va >> shift) & ((1ull << bits) - 1);

    return (NvPhys) { table.addr + index * size, table.target };
}

/* Turns a valid PTE mapping a page of 1 << shift bytes into a translation. */
static bool pte_to_xlate(uint64_t pte, unsigned shift, uint64_t va, bool write,
                         NvXlate *out, bool *read_only, uint32_t *reason)
{
    unsigned aper = NV_FEX64(pte, PTE, APERTURE);
    uint64_t frame, mask = (1ull << shift) - 1;

    if (aper == NV_PTE_APERTURE_PEER) {
        *reason = NV_FAULT_UNSUPPORTED_APERTURE;
        return false;
    }
    *read_only = NV_FEX64(pte, PTE, READ_ONLY);
    if (write && *read_only) {
        *reason = NV_FAULT_RO_VIOLATION;
        return false;
    }
    frame = aper == NV_PTE_APERTURE_VRAM ? NV_FEX64(pte, PTE, ADDR_VID) :
                                           NV_FEX64(pte, PTE, ADDR_SYS);
    out->phys.addr = ((frame << NV_PAGE_SHIFT_4K) & ~mask) | (va & mask);
    out->phys.target = aper == NV_PTE_APERTURE_VRAM ? NV_TARGET_VRAM :
                       aper == NV_PTE_APERTURE_SYS_COH ? NV_TARGET_SYS_COH :
                                                         NV_TARGET_SYS_NONCOH;
    out->sparse = false;
    return true;
}

/* A leaf PTE: valid, sparse (invalid + VOL), or a fault. */
static bool leaf(uint64_t pte, unsigned shift, uint64_t va, bool write, NvXlate *out,
                 bool *read_only, uint32_t *reason)
{
    if (NV_FEX64(pte, PTE, VALID)) {
        return pte_to_xlate(pte, shift, va, write, out, read_only, reason);
    }
    if (NV_FEX64(pte, PTE, VOL)) {
        out->sparse = true;
        *read_only = false;
        return true;
    }
    *reason = NV_FAULT_PTE;
    return false;
}

/* The last level: the dual PD0 entry, its big (64 KiB) and small (4 KiB) tables. */
static bool walk_pd0(NvGpu *gpu, NvPhys pd0, uint64_t va, bool write, NvXlate *out,
                     bool *read_only, uint32_t *reason)
{
    uint64_t big, small, pte;
    NvPhys e = entry_at(pd0, va, NV_PD0_SHIFT, NV_PD0_BITS, NV_PD0_ENTRY_SIZE), pt;

    if (!read_u64(gpu, e, &big) ||
        !read_u64(gpu, (NvPhys) { e.addr + 8, e.target }, &small)) {
        *reason = NV_FAULT_PDE;
        return false;
    }
    if (NV_FEX64(big, PDE, IS_PTE)) {
        return leaf(big, NV_PAGE_SHIFT_2M, va, write, out, read_only, reason);
    }
    if (pde_target(big, &pt)) {
        if (!read_u64(gpu, entry_at(pt, va, NV_BIGPT_SHIFT, NV_BIGPT_BITS, 8), &pte)) {
            *reason = NV_FAULT_PTE;
            return false;
        }
        if (NV_FEX64(pte, PTE, VALID) || NV_FEX64(pte, PTE, VOL)) {
            return leaf(pte, NV_PAGE_SHIFT_64K, va, write, out, read_only, reason);
        }
        if (NV_FEX64(pte, PTE, PRIV)) {        /* invalid + PRIV: blocked, no small PTEs */
            *reason = NV_FAULT_PTE;
            return false;
        }
    }
    if (!pde_target(small, &pt)) {
        *reason = pde_target(big, &pt) ? NV_FAULT_PTE : NV_FAULT_PDE;
        return false;
    }
    if (!read_u64(gpu, entry_at(pt, va, NV_SMALLPT_SHIFT, NV_SMALLPT_BITS, 8), &pte)) {
        *reason = NV_FAULT_PTE;
        return false;
    }
    return leaf(pte, NV_PAGE_SHIFT_4K, va, write, out, read_only, reason);
}

static bool walk(NvGpu *gpu, NvPhys inst, uint64_t va, bool write, NvXlate *out,
                 bool *read_only, uint32_t *reason)
{
    static const struct { unsigned shift, bits; } dirs[] = {
        { NV_PD3_SHIFT, NV_PD3_BITS }, { NV_PD2_SHIFT, NV_PDX_BITS },
        { NV_PD1_SHIFT, NV_PDX_BITS },
    };
    uint64_t pdb, limit, pde;
    NvPhys table;

    if (!read_u64(gpu, (NvPhys) { inst.addr + A_RAMIN_PDB, inst.target }, &pdb) ||
        !read_u64(gpu, (NvPhys) { inst.addr + A_RAMIN_VA_LIMIT, inst.target }, &limit)) {
        *reason = NV_FAULT_UNBOUND_INST_BLOCK;
        return false;
    }
    if (va >> NV_VA_BITS || va > limit) {
        *reason = NV_FAULT_VA_LIMIT;
        return false;
    }
    table.addr = NV_FEX64(pdb, RAMIN_PDB, ADDR) << NV_PAGE_SHIFT_4K;
    table.target = NV_FEX64(pdb, RAMIN_PDB, TARGET);
    if (!NV_FEX64(pdb, RAMIN_PDB, VER2) ||
        !(table.target == NV_TARGET_VRAM || nv_target_is_sys(table.target))) {
        *reason = NV_FAULT_PDE;
        return false;
    }
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        if (!read_u64(gpu, entry_at(table, va, dirs[i].shift, dirs[i].bits, 8), &pde) ||
            !pde_target(pde, &table)) {
            *reason = NV_FAULT_PDE;
            return false;
        }
    }
    return walk_pd0(gpu, table, va, write, out, read_only, reason);
}

/* ---- the TLB ---- */

static bool same_phys(NvPhys a, NvPhys b)
{
    return a.addr == b.addr && a.target == b.target;
}

void nv_mmu_tlb_flush(NvGpu *gpu)
{
    memset(gpu->tlb, 0, sizeof(gpu->tlb));
    if (gpu->plat.bar_unmap) {
        gpu->plat.bar_unmap(gpu->plat.opaque);  /* the front end's copies of BAR translations */
    }
}

bool nv_mmu_translate(NvGpu *gpu, NvPhys inst, uint64_t va, bool write,
                      NvXlate *out, uint32_t *reason)
{
    uint64_t vpn = va >> NV_PAGE_SHIFT_4K, off = va & ((1u << NV_PAGE_SHIFT_4K) - 1);
    NvTlbEntry *t = &gpu->tlb[vpn % NV_TLB_ENTRIES];
    bool read_only;

    if (t->valid && t->vpn == vpn && same_phys(t->inst, inst)) {
        if (write && t->read_only) {
            *reason = NV_FAULT_RO_VIOLATION;
            return false;
        }
        out->sparse = t->sparse;
        out->phys = (NvPhys) { t->page.addr + off, t->page.target };
        return true;
    }
    if (!walk(gpu, inst, va, write, out, &read_only, reason)) {
        return false;
    }
    *t = (NvTlbEntry) {
        .valid = true, .read_only = read_only, .sparse = out->sparse, .inst = inst,
        .vpn = vpn, .page = { out->phys.addr - off, out->phys.target },
    };
    return true;
}
