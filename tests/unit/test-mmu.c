/*
 * Unit tests of the GPU MMU: every page size and aperture through BAR1 and
 * BAR2, page tables in VRAM and in system memory, the TLB and its
 * invalidate, sparse pages, and faults (records, the info latch, vectors)
 * for invalid entries, out-of-range targets and looping tables.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "fake-platform.h"
#include "base/gpu.h"

#define VRAM_SIZE   (256ull << 20)
#define INST        0x100000ull     /* instance block in VRAM */
#define POOL        0x200000ull     /* page tables in VRAM */
#define FAULT_BUF   0x800000ull     /* physical fault buffer in VRAM */
#define FAULT_VA    0x1f00000ull    /* BAR2 VA of the fault buffer */

static void fake_w64(void *ctx, uint32_t target, uint64_t addr, uint64_t val)
{
    fake_pt_mem(ctx).write64(ctx, target, addr, val);
}

static uint64_t fake_r64(void *ctx, uint32_t target, uint64_t addr)
{
    return fake_pt_mem(ctx).read64(ctx, target, addr);
}

static uint64_t vram64(FakePlatform *f, uint64_t addr)
{
    return fake_r64(f, NV_TARGET_VRAM, addr);
}

/* A model with a BAR2 address space in VRAM, bound and ready. */
static FakePlatform *setup(NvVmm *v)
{
    FakePlatform *f = fake_new(VRAM_SIZE);

    nvpt_init(v, fake_pt_mem(f), NV_TARGET_VRAM, INST, POOL,
              (32u << 20) - 1);
    wr32(f, A_VF_BAR2_BLOCK, R_VF_BAR_BLOCK_MODE_MASK | (uint32_t)(INST >> 12));
    return f;
}

static void invalidate(FakePlatform *f)
{
    wr32(f, A_VF_MMU_INVALIDATE, R_VF_MMU_INVALIDATE_TRIGGER_MASK |
                                  R_VF_MMU_INVALIDATE_ALL_VA_MASK);
    g_assert_cmphex(rd32(f, A_VF_MMU_INVALIDATE) & R_VF_MMU_INVALIDATE_TRIGGER_MASK, ==, 0);
}

static void test_page_sizes(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);

    nvpt_map(&v, 0x1000, 0x300000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(&v, 0x20000, 0x410000, NV_TARGET_VRAM, NV_PAGE_SHIFT_64K, 0);
    nvpt_map(&v, 0x400000, 0x600000, NV_TARGET_VRAM, NV_PAGE_SHIFT_2M, 0);

    nvgpu_bar_write(f->gpu, 2, 0x1ff8, 0x1122334455667788ull, 8);
    g_assert_cmphex(vram64(f, 0x300ff8), ==, 0x1122334455667788ull);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x1ffc, 4), ==, 0x11223344);

    nvgpu_bar_write(f->gpu, 2, 0x2fff0, 0xabcd, 2);             /* last 64K page bytes */
    g_assert_cmphex(vram64(f, 0x41fff0) & 0xffff, ==, 0xabcd);

    nvgpu_bar_write(f->gpu, 2, 0x400000 + 0x1ffff8, 0xfeedfacecafebeefull, 8);
    g_assert_cmphex(vram64(f, 0x600000 + 0x1ffff8), ==, 0xfeedfacecafebeefull);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x400000 + 0x1fffff, 1), ==, 0xfe);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    fake_free(f);
}

/* Dual PD0: a zero big PTE defers to the small table; invalid+PRIV blocks it. */
static void test_dual_pd0(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);
    uint64_t big;

    nvpt_map(&v, 0x40000, 0x500000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    big = nvpt_pte_addr(&v, 0x50000, NV_PAGE_SHIFT_64K);   /* creates the big table */
    nvgpu_bar_write(f->gpu, 2, 0x40010, 0x5a5a5a5a, 4);
    g_assert_cmphex(vram64(f, 0x500010) & 0xffffffff, ==, 0x5a5a5a5a);

    fake_w64(f, NV_TARGET_VRAM, nvpt_pte_addr(&v, 0x40000, NV_PAGE_SHIFT_64K), R_PTE_PRIV_MASK);
    invalidate(f);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x40010, 4), ==, 0);
    g_assert_cmpuint(f->guest_errors, ==, 1);
    g_assert_cmpuint(big, !=, 0);
    fake_free(f);
}

static void test_sysmem(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);

    /* A VRAM-resident table mapping system memory. */
    nvpt_map(&v, 0x3000, 0x8000, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    nvgpu_bar_write(f->gpu, 2, 0x3010, 0x77665544, 4);
    g_assert_cmphex(f->sysmem[0x8010], ==, 0x44);
    g_assert_cmphex(f->sysmem[0x8013], ==, 0x77);
    fake_free(f);

    /* Instance block and every table in system memory (BAR1 this time). */
    f = fake_new(VRAM_SIZE);
    nvpt_init(&v, fake_pt_mem(f), NV_TARGET_SYS_COH, 0x1000, 0x10000,
              (256u << 20) - 1);
    nvpt_map(&v, 0x10000, 0x700000, NV_TARGET_VRAM, NV_PAGE_SHIFT_64K, 0);
    nvpt_map(&v, 0x200000, 0x9000, NV_TARGET_SYS_NONCOH, NV_PAGE_SHIFT_4K, 0);
    wr32(f, A_VF_BAR1_BLOCK, R_VF_BAR_BLOCK_MODE_MASK |
                             NV_TARGET_SYS_COH << R_VF_BAR_BLOCK_TARGET_SHIFT | 0x1);
    nvgpu_bar_write(f->gpu, 1, 0x10008, 0x0102030405060708ull, 8);
    g_assert_cmphex(vram64(f, 0x700008), ==, 0x0102030405060708ull);
    nvgpu_bar_write(f->gpu, 1, 0x200004, 0xc3, 1);
    g_assert_cmphex(f->sysmem[0x9004], ==, 0xc3);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    fake_free(f);
}

static void test_physical_mode(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);

    nvgpu_bar_write(f->gpu, 1, 0x123450, 0xdeadbeef, 4);
    g_assert_cmphex(vram64(f, 0x123450) & 0xffffffff, ==, 0xdeadbeef);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x123450, 4), ==, 0xdeadbeef);
    fake_free(f);
}

/* Like the hardware, a changed PTE is seen only after an invalidate. */
static void test_tlb_invalidate(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);

    fake_w64(f, NV_TARGET_VRAM, 0x300000, 0xaaaa);
    fake_w64(f, NV_TARGET_VRAM, 0x301000, 0xbbbb);
    nvpt_map(&v, 0x5000, 0x300000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x5000, 8), ==, 0xaaaa);
    nvpt_map(&v, 0x5000, 0x301000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x5000, 8), ==, 0xaaaa);
    invalidate(f);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x5000, 8), ==, 0xbbbb);
    /* Rebinding the BAR flushes too. */
    nvpt_map(&v, 0x5000, 0x300000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    wr32(f, A_VF_BAR2_BLOCK, rd32(f, A_VF_BAR2_BLOCK));
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x5000, 8), ==, 0xaaaa);
    fake_free(f);
}

static void test_sparse(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);

    fake_w64(f, NV_TARGET_VRAM, nvpt_pte_addr(&v, 0x7000, NV_PAGE_SHIFT_4K), R_PTE_VOL_MASK);
    nvgpu_bar_write(f->gpu, 2, 0x7000, 0x1234, 4);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x7000, 4), ==, 0);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    g_assert_cmphex(rd32(f, A_VF_FAULT_STATUS), ==, 0);
    fake_free(f);
}

/* Enables fault buffer 0 at a physical VRAM address, as the tests' default. */
static void fault_buffer_phys(FakePlatform *f, uint32_t entries)
{
    wr32(f, A_VF_FAULT_BUF_LO(0), (uint32_t)FAULT_BUF | R_VF_FAULT_BUF_LO_PHYS_MODE_MASK);
    wr32(f, A_VF_FAULT_BUF_HI(0), 0);
    wr32(f, A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_ENABLE_MASK | entries);
}

static void enable_fault_irq(FakePlatform *f)
{
    wr32(f, A_VF_CPU_INTR_LEAF_EN_SET(NV_FAULT_VECTOR_NRP_NOTIFY / 32),
         1u << (NV_FAULT_VECTOR_NRP_NOTIFY % 32));
    wr32(f, A_VF_CPU_INTR_LEAF_EN_SET(NV_FAULT_VECTOR_INFO / 32),
         1u << (NV_FAULT_VECTOR_INFO % 32));
    wr32(f, A_VF_CPU_INTR_TOP_EN_SET, 0xf);
}

static void check_record(FakePlatform *f, uint64_t at, uint64_t va, uint32_t engine,
                         uint32_t reason, uint32_t access)
{
    uint64_t inst = vram64(f, at + A_FAULT_ENTRY_INST_LO);
    uint64_t addr = vram64(f, at + A_FAULT_ENTRY_ADDR_LO);
    uint64_t info = vram64(f, at + A_FAULT_ENTRY_INFO0);

    g_assert_cmphex(inst & ~0xfffull, ==, INST);
    g_assert_cmphex(addr, ==, va);
    g_assert_cmphex(info & 0xff, ==, engine);
    g_assert_cmphex(info >> 63, ==, 1);                         /* valid */
    g_assert_cmphex(info >> 52 & 1, ==, 1);                     /* hub */
    g_assert_cmphex((info >> 32) & 0x1f, ==, reason);
    g_assert_cmphex(NV_FEX32(info >> 32, FAULT_ENTRY_INFO1, ACCESS), ==, access);
}

/*
 * The PDB, PDE and PTE rows against the masks and shifts they replaced:
 * the masks, and the builders of nv-pt.h against the old expressions.
 */
static void test_fields(void)
{
    static const uint32_t targets[] = { NV_TARGET_VRAM, NV_TARGET_SYS_COH,
                                        NV_TARGET_SYS_NONCOH };
    static const uint64_t addrs[] = { 0, 0x1000, 0x12345000, 0x1ffffff000ull,
                                      0x3fffffffff000ull };

    g_assert_cmphex(R_RAMIN_PDB_TARGET_MASK, ==, 0x3);
    g_assert_cmphex(R_RAMIN_PDB_ADDR_MASK, ==, ~0xfffull);
    g_assert_cmphex(R_PDE_IS_PTE_MASK | R_PDE_APERTURE_MASK | R_PDE_VOL_MASK, ==, 0xf);
    g_assert_cmphex(R_PDE_ADDR_MASK, ==, 0x003ffffffffffff0ull);
    g_assert_cmphex(R_PTE_VALID_MASK | R_PTE_APERTURE_MASK | R_PTE_VOL_MASK, ==, 0xf);
    g_assert_cmphex(R_PTE_PRIV_MASK | R_PTE_READ_ONLY_MASK, ==, 0x60);
    g_assert_cmphex(NV_FEX64(~0ull, PTE, ADDR_VID), ==, 0x1ffffff);
    g_assert_cmphex(NV_FEX64(~0ull, PTE, ADDR_SYS), ==, 0x3fffffffffffull);
    for (unsigned t = 0; t < G_N_ELEMENTS(targets); t++) {
        uint64_t aper = targets[t] == NV_TARGET_VRAM ? 0 : targets[t];
        uint64_t vol = targets[t] == NV_TARGET_VRAM ? 0 : 1;

        for (unsigned i = 0; i < G_N_ELEMENTS(addrs); i++) {
            uint64_t a = addrs[i];
            g_assert_cmphex(nvpt_pdb(targets[t], a), ==,
                            a | targets[t] | vol << 2 | 1ull << 10 | 1ull << 11);
            g_assert_cmphex(nvpt_pde(targets[t], a), ==,
                            ((a >> 4) & 0x003ffffffffffff0ull) |
                            (aper ? aper : 1) << 1 | vol << 3);
            g_assert_cmphex(nvpt_pte(targets[t], a), ==, 1 | aper << 1 | (a >> 12) << 8);
        }
    }
}

static void test_fault_invalid_pte(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);

    fault_buffer_phys(f, 4);
    enable_fault_irq(f);
    nvpt_pte_addr(&v, 0x9000, NV_PAGE_SHIFT_4K);            /* tables, no PTE */
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x9008, 4), ==, 0);
    check_record(f, FAULT_BUF, 0x9008, NV_MMU_ENG_BAR2, NV_FAULT_PTE,
                 NV_FAULT_ACCESS_VIRT_READ);
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_PUT(0)), ==, 1);
    g_assert_cmphex(rd32(f, A_VF_FAULT_STATUS) & R_VF_FAULT_STATUS_NRP_NOTIFY_MASK, !=, 0);
    g_assert_cmphex(rd32(f, A_VF_CPU_INTR_LEAF(4)), ==, 1u << 4);   /* vector 0x84 */
    g_assert_true(nvgpu_irq_level(f->gpu));
    g_assert_nonnull(strstr(f->last_error, "BAR2 read at 0x9008: MMU fault"));

    /* A write to a read-only page: a second record, memory untouched. */
    fake_w64(f, NV_TARGET_VRAM, 0x300000, 0x42);
    nvpt_map(&v, 0xa000, 0x300000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, R_PTE_READ_ONLY_MASK);
    nvgpu_bar_write(f->gpu, 2, 0xa000, 0x99, 4);
    g_assert_cmphex(vram64(f, 0x300000), ==, 0x42);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0xa000, 4), ==, 0x42);
    check_record(f, FAULT_BUF + NV_FAULT_ENTRY_SIZE, 0xa000, NV_MMU_ENG_BAR2,
                 NV_FAULT_RO_VIOLATION, NV_FAULT_ACCESS_VIRT_WRITE);
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_PUT(0)), ==, 2);
    fake_free(f);
}

/* nouveau's way: the fault buffer address is a BAR2 virtual address. */
static void test_fault_buffer_virtual(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);

    nvpt_map(&v, FAULT_VA, FAULT_BUF, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    wr32(f, A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_SET_DEFAULT_MASK);
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_SIZE(0)), ==, NV_FAULT_BUF_DEFAULT_ENTRIES);
    wr32(f, A_VF_FAULT_BUF_LO(0), (uint32_t)FAULT_VA);
    wr32(f, A_VF_FAULT_BUF_SIZE(0), rd32(f, A_VF_FAULT_BUF_SIZE(0)) |
                                    R_VF_FAULT_BUF_SIZE_ENABLE_MASK);
    nvgpu_bar_write(f->gpu, 1, 0x0, 0, 4);                   /* BAR1 physical: fine */
    wr32(f, A_VF_BAR1_BLOCK, R_VF_BAR_BLOCK_MODE_MASK | (uint32_t)(INST >> 12));
    nvgpu_bar_write(f->gpu, 1, 0x1000000, 1, 4);             /* unmapped in BAR1 */
    check_record(f, FAULT_BUF, 0x1000000, NV_MMU_ENG_BAR1, NV_FAULT_PDE,
                 NV_FAULT_ACCESS_VIRT_WRITE);
    fake_free(f);
}

static void test_fault_targets(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);
    uint64_t e;

    fault_buffer_phys(f, 16);
    /* A PTE pointing past VRAM: the access fails and is logged. */
    nvpt_map(&v, 0xb000, VRAM_SIZE + 0x1000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0xb000, 4), ==, 0);
    g_assert_nonnull(strstr(f->last_error, "not backed"));

    /* A page-table pointer past VRAM: the PTE cannot be read. */
    e = nvpt_pd0_entry(&v, 0x1000000);
    fake_w64(f, NV_TARGET_VRAM, e + 8, nvpt_pde(NV_TARGET_VRAM, VRAM_SIZE + 0x10000));
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x1000000, 4), ==, 0);
    check_record(f, FAULT_BUF, 0x1000000, NV_MMU_ENG_BAR2, NV_FAULT_PTE,
                 NV_FAULT_ACCESS_VIRT_READ);

    /* Past the VA limit. */
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 32u << 20, 4), ==, 0);
    check_record(f, FAULT_BUF + NV_FAULT_ENTRY_SIZE, 32u << 20, NV_MMU_ENG_BAR2,
                 NV_FAULT_VA_LIMIT, NV_FAULT_ACCESS_VIRT_READ);

    /* A directory pointer (PD3 entry) past VRAM: a PDE fault. */
    fake_w64(f, NV_TARGET_VRAM, v.pd3, nvpt_pde(NV_TARGET_VRAM, VRAM_SIZE));
    invalidate(f);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x1000, 4), ==, 0);
    check_record(f, FAULT_BUF + 2 * NV_FAULT_ENTRY_SIZE, 0x1000, NV_MMU_ENG_BAR2,
                 NV_FAULT_PDE, NV_FAULT_ACCESS_VIRT_READ);

    /* Every directory entry points back at PD3: the walk ends in a fault. */
    for (unsigned i = 0; i < 512; i++) {
        fake_w64(f, NV_TARGET_VRAM, v.pd3 + 8 * i, nvpt_pde(NV_TARGET_VRAM, v.pd3));
    }
    invalidate(f);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0x1000, 4), ==, 0);
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_PUT(0)), ==, 4);
    check_record(f, FAULT_BUF + 3 * NV_FAULT_ENTRY_SIZE, 0x1000, NV_MMU_ENG_BAR2,
                 NV_FAULT_PTE, NV_FAULT_ACCESS_VIRT_READ);
    fake_free(f);
}

/* With buffer 0 off or full, a fault goes to the info latch and its vector. */
static void test_fault_info_latch(void)
{
    NvVmm v;
    FakePlatform *f = setup(&v);

    enable_fault_irq(f);
    g_assert_cmphex(nvgpu_bar_read(f->gpu, 2, 0xc000, 4), ==, 0);
    g_assert_cmphex(rd32(f, A_VF_FAULT_STATUS), ==, R_VF_FAULT_STATUS_INFO_VALID_MASK);
    g_assert_cmphex(rd32(f, A_VF_FAULT_ADDR_LO), ==, 0xc000);
    g_assert_cmphex(rd32(f, A_VF_FAULT_INFO0), ==, (uint32_t)INST | NV_MMU_ENG_BAR2);
    g_assert_cmphex(rd32(f, A_VF_FAULT_INFO1) & 0x8000001f, ==, 0x80000000 | NV_FAULT_PDE);
    g_assert_cmphex(rd32(f, A_VF_CPU_INTR_LEAF(NV_FAULT_VECTOR_INFO / 32)), ==,
                    1u << (NV_FAULT_VECTOR_INFO % 32));
    g_assert_true(nvgpu_irq_level(f->gpu));
    /* The latch keeps the first fault until acknowledged. */
    nvgpu_bar_read(f->gpu, 2, 0xd000, 4);
    g_assert_cmphex(rd32(f, A_VF_FAULT_ADDR_LO), ==, 0xc000);
    wr32(f, A_VF_FAULT_STATUS, R_VF_FAULT_STATUS_INFO_VALID_MASK);
    g_assert_cmphex(rd32(f, A_VF_FAULT_STATUS), ==, 0);

    /* A full buffer: overflow, then the latch. */
    fault_buffer_phys(f, 2);
    nvgpu_bar_read(f->gpu, 2, 0xe000, 4);                   /* entry 0, put -> 1 */
    nvgpu_bar_read(f->gpu, 2, 0xf000, 4);                   /* full (put+1 == get) */
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_PUT(0)), ==,
                    R_VF_FAULT_BUF_PUT_OVERFLOW_MASK | 1);
    g_assert_cmphex(rd32(f, A_VF_FAULT_ADDR_LO), ==, 0xf000);
    /* The driver consumes the entry and clears the overflow. */
    wr32(f, A_VF_FAULT_BUF_GET(0), R_VF_FAULT_BUF_PUT_OVERFLOW_MASK | 1);
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_PUT(0)), ==, 1);
    fake_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/mmu/fields", test_fields);
    g_test_add_func("/mmu/page-sizes", test_page_sizes);
    g_test_add_func("/mmu/dual-pd0", test_dual_pd0);
    g_test_add_func("/mmu/sysmem", test_sysmem);
    g_test_add_func("/mmu/physical-mode", test_physical_mode);
    g_test_add_func("/mmu/tlb-invalidate", test_tlb_invalidate);
    g_test_add_func("/mmu/sparse", test_sparse);
    g_test_add_func("/mmu/fault-invalid-pte", test_fault_invalid_pte);
    g_test_add_func("/mmu/fault-buffer-virtual", test_fault_buffer_virtual);
    g_test_add_func("/mmu/fault-targets", test_fault_targets);
    g_test_add_func("/mmu/fault-info-latch", test_fault_info_latch);
    return g_test_run();
}
