/*
 * A small builder of Turing GPU page tables for tests: instance blocks,
 * the 5-level directory, and 4 KiB / 64 KiB / 2 MiB mappings, written through
 * callbacks so that the unit tests (fake VRAM) and the qtests (PRAMIN and
 * guest RAM) share one implementation. Tables come from a bump allocator
 * over memory that must read as zero.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_NV_PT_H
#define TESTS_NV_PT_H

#include <stdint.h>
#include "hw/nvidia/nv-mmu.h"

typedef struct NvPtMem {
    void *ctx;
    void (*write64)(void *ctx, uint32_t target, uint64_t addr, uint64_t val);
    uint64_t (*read64)(void *ctx, uint32_t target, uint64_t addr);
} NvPtMem;

typedef struct NvVmm {
    NvPtMem mem;
    uint32_t target;        /* where the tables live (NV_TARGET_*) */
    uint64_t next;          /* bump allocator */
    uint64_t inst;          /* instance block (same target as the tables) */
    uint64_t pd3;
} NvVmm;

static inline uint64_t nvpt_alloc(NvVmm *v, uint64_t size)
{
    uint64_t at = (v->next + size - 1) & ~(size - 1);

    v->next = at + size;
    return at;
}

static inline uint64_t nvpt_pde(uint32_t target, uint64_t addr)
{
    uint64_t aper = target == NV_TARGET_VRAM ? NV_PDE_APERTURE_VRAM :
                    target == NV_TARGET_SYS_COH ? NV_PDE_APERTURE_SYS_COH :
                                                  NV_PDE_APERTURE_SYS_NONCOH;
    uint64_t pde = NV_FDP64(0, PDE, ADDR, addr >> NV_PDE_ADDR_ALIGN_SHIFT);

    pde = NV_FDP64(pde, PDE, APERTURE, aper);
    return NV_FDP64(pde, PDE, VOL, target != NV_TARGET_VRAM);
}

/* A valid PTE. ADDR_VID is the low part of ADDR_SYS: one deposit serves both. */
_Static_assert((int)R_PTE_ADDR_VID_SHIFT == (int)R_PTE_ADDR_SYS_SHIFT, "PTE address fields");
static inline uint64_t nvpt_pte(uint32_t target, uint64_t addr)
{
    uint64_t aper = target == NV_TARGET_VRAM ? NV_PTE_APERTURE_VRAM :
                    target == NV_TARGET_SYS_COH ? NV_PTE_APERTURE_SYS_COH :
                                                  NV_PTE_APERTURE_SYS_NONCOH;
    uint64_t pte = NV_FDP64(0, PTE, VALID, 1);

    pte = NV_FDP64(pte, PTE, APERTURE, aper);
    return NV_FDP64(pte, PTE, ADDR_SYS, addr >> NV_PAGE_SHIFT_4K);
}

/* The instance block's PDB word: a ver2 directory at pd3 with 64 KiB big pages. */
static inline uint64_t nvpt_pdb(uint32_t target, uint64_t pd3)
{
    uint64_t pdb = NV_FDP64(0, RAMIN_PDB, ADDR, pd3 >> NV_PAGE_SHIFT_4K);

    pdb = NV_FDP64(pdb, RAMIN_PDB, TARGET, target);
    pdb = NV_FDP64(pdb, RAMIN_PDB, VOL, target != NV_TARGET_VRAM);
    pdb = NV_FDP64(pdb, RAMIN_PDB, VER2, 1);
    return NV_FDP64(pdb, RAMIN_PDB, BIG_PAGE_64K, 1);
}

/* Creates an address space of [0, limit] with its instance block at inst. */
static inline void nvpt_init(NvVmm *v, NvPtMem mem, uint32_t target, uint64_t inst,
                             uint64_t pool, uint64_t limit)
{
    *v = (NvVmm) { .mem = mem, .target = target, .next = pool, .inst = inst };
    v->pd3 = nvpt_alloc(v, 4096);
    mem.write64(mem.ctx, target, inst + A_RAMIN_PDB, nvpt_pdb(target, v->pd3));
    mem.write64(mem.ctx, target, inst + A_RAMIN_VA_LIMIT, limit);
}

/* The table a PDE at entry points to, allocating it if absent. */
static inline uint64_t nvpt_next(NvVmm *v, uint64_t entry, uint64_t size)
{
    uint64_t pde = v->mem.read64(v->mem.ctx, v->target, entry);
    uint64_t table;

    if (NV_FEX64(pde, PDE, APERTURE)) {
        return NV_FEX64(pde, PDE, ADDR) << NV_PDE_ADDR_ALIGN_SHIFT;
    }
    table = nvpt_alloc(v, size);
    v->mem.write64(v->mem.ctx, v->target, entry, nvpt_pde(v->target, table));
    return table;
}

static inline uint64_t nvpt_index(uint64_t va, unsigned shift, unsigned bits)
{
    return (va >> shift) & ((1ull << bits) - 1);
}

/* Address of the PD0 entry (16 bytes) covering va, building PD2..PD0 as needed. */
static inline uint64_t nvpt_pd0_entry(NvVmm *v, uint64_t va)
{
    uint64_t t = v->pd3;

    t = nvpt_next(v, t + 8 * nvpt_index(va, NV_PD3_SHIFT, NV_PD3_BITS), 4096);
    t = nvpt_next(v, t + 8 * nvpt_index(va, NV_PD2_SHIFT, NV_PDX_BITS), 4096);
    t = nvpt_next(v, t + 8 * nvpt_index(va, NV_PD1_SHIFT, NV_PDX_BITS), 4096);
    return t + NV_PD0_ENTRY_SIZE * nvpt_index(va, NV_PD0_SHIFT, NV_PD0_BITS);
}

/* Address of the PTE for va at the given page size, building tables as needed. */
static inline uint64_t nvpt_pte_addr(NvVmm *v, uint64_t va, unsigned page_shift)
{
    uint64_t e = nvpt_pd0_entry(v, va);

    switch (page_shift) {
    case NV_PAGE_SHIFT_2M:
        return e;
    case NV_PAGE_SHIFT_64K:     /* 32 entries, 256-byte aligned */
        return nvpt_next(v, e, 256) + 8 * nvpt_index(va, NV_BIGPT_SHIFT, NV_BIGPT_BITS);
    default:
        return nvpt_next(v, e + 8, 4096) + 8 * nvpt_index(va, NV_SMALLPT_SHIFT,
                                                          NV_SMALLPT_BITS);
    }
}

/* Maps the page at va to pa (in target pa_target) with extra PTE bits. */
static inline void nvpt_map(NvVmm *v, uint64_t va, uint64_t pa, uint32_t pa_target,
                            unsigned page_shift, uint64_t extra)
{
    v->mem.write64(v->mem.ctx, v->target, nvpt_pte_addr(v, va, page_shift),
                   nvpt_pte(pa_target, pa) | extra);
}

#endif
