/*
 * qtests of the GPU MMU inside QEMU: page tables built in VRAM (through
 * PRAMIN) and in guest RAM, every page size, both apertures, BAR1 and BAR2
 * (PCI BAR3) accesses landing on the right bytes, remapping after an
 * invalidate, and faults (record contents, MSI) for invalid PTEs,
 * out-of-range targets and looping tables.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-qtest.h"

#define INST        0x100000ull     /* VRAM: instance block */
#define POOL        0x200000ull     /* VRAM: page tables */
#define FAULT_BUF   0x800000ull     /* VRAM: fault buffer (physical mode) */
#define SYS_INST    0x400000ull     /* guest RAM: instance block */
#define SYS_POOL    0x410000ull     /* guest RAM: page tables */
#define SYS_PAGE    0x600000ull     /* guest RAM: a mapped page */
#define BAR2_LIMIT  (NVIDIA_GPU_BAR3_SIZE - 1)

typedef struct Mmu {
    Gpu g;
    QPCIBar bar1, bar3;
    NvVmm vmm;
} Mmu;

/* Starts the GPU with BAR1 and BAR3 mapped and an address space in target. */
static void mmu_start(Mmu *m, uint32_t target, const char *extra)
{
    bool vram = target == NV_TARGET_VRAM;

    gpu_start(&m->g, "q35", extra);
    m->bar3 = qpci_iomap(m->g.dev, NVIDIA_GPU_BAR_INST, NULL);    /* before BAR1: fits */
    m->bar1 = qpci_iomap(m->g.dev, NVIDIA_GPU_BAR_FB, NULL);
    nvpt_init(&m->vmm, gpu_pt_mem(&m->g), target,
              vram ? INST : SYS_INST, vram ? POOL : SYS_POOL, BAR2_LIMIT);
}

static void bind_bar(Mmu *m, uint32_t reg)
{
    wr(&m->g, reg, R_VF_BAR_BLOCK_MODE_MASK |
                   m->vmm.target << R_VF_BAR_BLOCK_TARGET_SHIFT |
                   (uint32_t)(m->vmm.inst >> 12));
    g_assert_cmphex(rd(&m->g, A_VF_BAR_BIND_STATUS), ==, 0);
}

static void invalidate(Mmu *m)
{
    wr(&m->g, A_VF_MMU_INVALIDATE_PDB, (uint32_t)(m->vmm.pd3 >> 8));
    wr(&m->g, A_VF_MMU_INVALIDATE, R_VF_MMU_INVALIDATE_TRIGGER_MASK |
                                   R_VF_MMU_INVALIDATE_ALL_VA_MASK);
    g_assert_cmphex(rd(&m->g, A_VF_MMU_INVALIDATE) & R_VF_MMU_INVALIDATE_TRIGGER_MASK, ==, 0);
}

static void test_vram_tables(void)
{
    Mmu m;

    mmu_start(&m, NV_TARGET_VRAM, NULL);
    bind_bar(&m, A_VF_BAR2_BLOCK);
    nvpt_map(&m.vmm, 0x1000, 0x300000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(&m.vmm, 0x30000, 0x410000, NV_TARGET_VRAM, NV_PAGE_SHIFT_64K, 0);
    nvpt_map(&m.vmm, 0x600000, 0xa00000, NV_TARGET_VRAM, NV_PAGE_SHIFT_2M, 0);
    nvpt_map(&m.vmm, 0x2000, SYS_PAGE, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);

    /* Writes through BAR3 land in VRAM / guest RAM at the translated address... */
    qpci_io_writeq(m.g.dev, m.bar3, 0x1ff8, 0x0123456789abcdefull);
    g_assert_cmphex(vram_read64(&m.g, 0x300ff8), ==, 0x0123456789abcdefull);
    qpci_io_writel(m.g.dev, m.bar3, 0x3fffc, 0xcafed00d);
    g_assert_cmphex(vram_read64(&m.g, 0x41fff8) >> 32, ==, 0xcafed00d);
    qpci_io_writew(m.g.dev, m.bar3, 0x600000 + 0x123456, 0xbeef);
    g_assert_cmphex(vram_read64(&m.g, 0xa00000 + 0x123450) >> 48, ==, 0xbeef);
    qpci_io_writeb(m.g.dev, m.bar3, 0x2abc, 0x5a);
    g_assert_cmphex(qtest_readb(m.g.qts, SYS_PAGE + 0xabc), ==, 0x5a);

    /* ... and reads see what was put there behind the MMU's back. */
    vram_write64(&m.g, 0x300010, 0x1111222233334444ull);
    g_assert_cmphex(qpci_io_readq(m.g.dev, m.bar3, 0x1010), ==, 0x1111222233334444ull);
    qtest_writel(m.g.qts, SYS_PAGE + 0x20, 0x87654321);
    g_assert_cmphex(qpci_io_readl(m.g.dev, m.bar3, 0x2020), ==, 0x87654321);
    gpu_stop(&m.g);
}

static void test_sys_tables(void)
{
    Mmu m;

    mmu_start(&m, NV_TARGET_SYS_COH, NULL);
    bind_bar(&m, A_VF_BAR1_BLOCK);
    nvpt_map(&m.vmm, 0x10000, 0x700000, NV_TARGET_VRAM, NV_PAGE_SHIFT_64K, 0);
    nvpt_map(&m.vmm, 0x200000, SYS_PAGE, NV_TARGET_SYS_NONCOH, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(&m.vmm, 0x400000, 0xc00000, NV_TARGET_VRAM, NV_PAGE_SHIFT_2M, 0);

    qpci_io_writeq(m.g.dev, m.bar1, 0x1fff8, 0xa5a5a5a55a5a5a5aull);
    g_assert_cmphex(vram_read64(&m.g, 0x70fff8), ==, 0xa5a5a5a55a5a5a5aull);
    qpci_io_writel(m.g.dev, m.bar1, 0x200ffc, 0x13579bdf);
    g_assert_cmphex(qtest_readl(m.g.qts, SYS_PAGE + 0xffc), ==, 0x13579bdf);
    qpci_io_writel(m.g.dev, m.bar1, 0x5ffffc, 0x2468ace0);
    g_assert_cmphex(vram_read64(&m.g, 0xdffff8) >> 32, ==, 0x2468ace0);
    /* BAR2 is still unbound: physical mode reaches VRAM directly. */
    g_assert_cmphex(qpci_io_readq(m.g.dev, m.bar3, 0x70fff8), ==, 0xa5a5a5a55a5a5a5aull);
    gpu_stop(&m.g);
}

static void test_remap_invalidate(void)
{
    Mmu m;

    mmu_start(&m, NV_TARGET_VRAM, NULL);
    bind_bar(&m, A_VF_BAR2_BLOCK);
    vram_write64(&m.g, 0x300000, 0xaaaa);
    vram_write64(&m.g, 0x301000, 0xbbbb);
    nvpt_map(&m.vmm, 0x5000, 0x300000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    g_assert_cmphex(qpci_io_readq(m.g.dev, m.bar3, 0x5000), ==, 0xaaaa);
    nvpt_map(&m.vmm, 0x5000, 0x301000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    invalidate(&m);
    g_assert_cmphex(qpci_io_readq(m.g.dev, m.bar3, 0x5000), ==, 0xbbbb);
    gpu_stop(&m.g);
}

/*
 * BAR1's fast path: a translated page is mapped onto VRAM after its first
 * access, and the mapping goes with the TLB: after a remap and invalidate
 * the writes land in the new page, after a read-only remap they fault.
 */
static void test_bar1_direct(void)
{
    Mmu m;

    mmu_start(&m, NV_TARGET_VRAM, NULL);
    bind_bar(&m, A_VF_BAR1_BLOCK);
    nvpt_map(&m.vmm, 0x5000, 0x300000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (unsigned i = 0; i < 4; i++) {                  /* trapped, then direct */
        qpci_io_writeq(m.g.dev, m.bar1, 0x5000 + 8 * i, 0x1000 + i);
    }
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex(vram_read64(&m.g, 0x300000 + 8 * i), ==, 0x1000 + i);
        g_assert_cmphex(qpci_io_readq(m.g.dev, m.bar1, 0x5000 + 8 * i), ==, 0x1000 + i);
    }
    vram_write64(&m.g, 0x300040, 0xfeed);               /* VRAM itself, seen through BAR1 */
    g_assert_cmphex(qpci_io_readq(m.g.dev, m.bar1, 0x5040), ==, 0xfeed);

    nvpt_map(&m.vmm, 0x5000, 0x301000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    invalidate(&m);
    qpci_io_writeq(m.g.dev, m.bar1, 0x5000, 0x2222);
    qpci_io_writeq(m.g.dev, m.bar1, 0x5008, 0x3333);
    g_assert_cmphex(vram_read64(&m.g, 0x301000), ==, 0x2222);
    g_assert_cmphex(vram_read64(&m.g, 0x301008), ==, 0x3333);
    g_assert_cmphex(vram_read64(&m.g, 0x300000), ==, 0x1000);

    nvpt_map(&m.vmm, 0x5000, 0x301000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K,
             R_PTE_READ_ONLY_MASK);
    invalidate(&m);
    qpci_io_writeq(m.g.dev, m.bar1, 0x5000, 0x4444);
    qpci_io_writeq(m.g.dev, m.bar1, 0x5000, 0x5555);
    g_assert_cmphex(vram_read64(&m.g, 0x301000), ==, 0x2222);
    g_assert_cmpuint(gpu_guest_errors(&m.g, "mmu_fault_bar1"), ==, 2);
    g_assert_cmphex(qpci_io_readq(m.g.dev, m.bar1, 0x5000), ==, 0x2222);
    gpu_stop(&m.g);
}

static void enable_fault_msi(Mmu *m)
{
    msi_enable(&m->g);
    qtest_writel(m->g.qts, MSI_ADDR, 0);
    wr(&m->g, A_VF_CPU_INTR_LEAF_EN_SET(NV_FAULT_VECTOR_NRP_NOTIFY / 32),
       1u << (NV_FAULT_VECTOR_NRP_NOTIFY % 32));
    wr(&m->g, A_VF_CPU_INTR_TOP_EN_SET, 0xf);
    wr(&m->g, A_VF_FAULT_BUF_LO(0), (uint32_t)FAULT_BUF | R_VF_FAULT_BUF_LO_PHYS_MODE_MASK);
    wr(&m->g, A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_SET_DEFAULT_MASK);
    wr(&m->g, A_VF_FAULT_BUF_SIZE(0), rd(&m->g, A_VF_FAULT_BUF_SIZE(0)) |
                                      R_VF_FAULT_BUF_SIZE_ENABLE_MASK);
}

/* Checks fault record n and that an MSI arrived for it; acknowledges both. */
static void expect_fault(Mmu *m, unsigned n, uint64_t va, uint32_t reason, bool write)
{
    uint64_t rec = FAULT_BUF + n * NV_FAULT_ENTRY_SIZE;
    uint64_t info = vram_read64(&m->g, rec + A_FAULT_ENTRY_INFO0);

    qtest_clock_step(m->g.qts, 1);                       /* let the bottom half run */
    g_assert_cmphex(rd(&m->g, A_VF_FAULT_BUF_PUT(0)), ==, n + 1);
    g_assert_cmphex(vram_read64(&m->g, rec + A_FAULT_ENTRY_ADDR_LO), ==, va);
    g_assert_cmphex(vram_read64(&m->g, rec + A_FAULT_ENTRY_INST_LO) & ~0xfffull, ==,
                    m->vmm.inst);
    g_assert_cmphex(info & 0xff, ==, NV_MMU_ENG_BAR2);
    g_assert_cmphex(info >> 63, ==, 1);
    g_assert_cmphex((info >> 32) & 0x1f, ==, reason);
    g_assert_cmphex(NV_FEX32(info >> 32, FAULT_ENTRY_INFO1, ACCESS), ==,
                    write ? NV_FAULT_ACCESS_VIRT_WRITE : NV_FAULT_ACCESS_VIRT_READ);
    g_assert_cmphex(qtest_readl(m->g.qts, MSI_ADDR), ==, MSI_DATA);
    qtest_writel(m->g.qts, MSI_ADDR, 0);
    wr(&m->g, A_VF_FAULT_BUF_GET(0), n + 1);
    wr(&m->g, A_VF_CPU_INTR_LEAF(NV_FAULT_VECTOR_NRP_NOTIFY / 32),
       1u << (NV_FAULT_VECTOR_NRP_NOTIFY % 32));
}

static void test_faults(void)
{
    g_autofree char *log = NULL;
    g_autofree char *text = NULL;
    int fd = g_file_open_tmp("nvgpu-mmu-XXXXXX", &log, NULL);
    g_autofree char *args = g_strdup_printf("-d guest_errors -D %s", log);
    Mmu m;

    close(fd);
    mmu_start(&m, NV_TARGET_VRAM, args);
    bind_bar(&m, A_VF_BAR2_BLOCK);
    enable_fault_msi(&m);

    /* An invalid PTE: reads 0, writes are dropped, one record each. */
    nvpt_pte_addr(&m.vmm, 0x9000, NV_PAGE_SHIFT_4K);
    g_assert_cmphex(qpci_io_readl(m.g.dev, m.bar3, 0x9008), ==, 0);
    expect_fault(&m, 0, 0x9008, NV_FAULT_PTE, false);
    qpci_io_writel(m.g.dev, m.bar3, 0x9010, 0x1234);
    expect_fault(&m, 1, 0x9010, NV_FAULT_PTE, true);

    /* A page-table pointer past the end of VRAM. */
    uint64_t e = nvpt_pd0_entry(&m.vmm, 0x1000000);
    vram_write64(&m.g, e + 8, nvpt_pde(NV_TARGET_VRAM, 4ull << 30));
    g_assert_cmphex(qpci_io_readl(m.g.dev, m.bar3, 0x1000000), ==, 0);
    expect_fault(&m, 2, 0x1000000, NV_FAULT_PTE, false);

    /* A PTE whose page lies past the end of VRAM: logged, reads 0. */
    nvpt_map(&m.vmm, 0xb000, 2ull << 30, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    g_assert_cmphex(qpci_io_readl(m.g.dev, m.bar3, 0xb000), ==, 0);

    /* Every PD3 entry points back at PD3: the walk ends in a fault. */
    for (unsigned i = 0; i < 4; i++) {
        vram_write64(&m.g, m.vmm.pd3 + 8 * i, nvpt_pde(NV_TARGET_VRAM, m.vmm.pd3));
    }
    invalidate(&m);
    g_assert_cmphex(qpci_io_readl(m.g.dev, m.bar3, 0x1000), ==, 0);
    expect_fault(&m, 3, 0x1000, NV_FAULT_PTE, false);
    /* each kind counted: four BAR2 faults, one access reaching no memory, no BAR1 fault */
    g_assert_cmpuint(gpu_guest_errors(&m.g, "mmu_fault_bar2"), ==, 4);
    g_assert_cmpuint(gpu_guest_errors(&m.g, "mem_unbacked"), ==, 1);
    g_assert_cmpuint(gpu_guest_errors(&m.g, "mmu_fault_bar1"), ==, 0);
    gpu_stop(&m.g);

    g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "nvidia-gpu: mmu_fault_bar2: BAR2 read at 0x9008: "
                                  "MMU fault (reason 2)"));
    g_assert_nonnull(strstr(text, "nvidia-gpu: mem_unbacked: BAR2 read at 0xb000: "
                                  "target 0x80000000"));
    unlink(log);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/mmu/vram-tables", test_vram_tables);
    qtest_add_func("/nvidia-gpu/mmu/sys-tables", test_sys_tables);
    qtest_add_func("/nvidia-gpu/mmu/remap-invalidate", test_remap_invalidate);
    qtest_add_func("/nvidia-gpu/mmu/faults", test_faults);
    qtest_add_func("/nvidia-gpu/mmu/bar1-direct", test_bar1_direct);
    return g_test_run();
}
