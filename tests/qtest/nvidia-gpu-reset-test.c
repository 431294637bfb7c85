/*
 * Reset and hot-unplug in the middle of work, on the host thread
 * (host-thread=on): endless compute launches on two channels and a large
 * copy-engine copy into guest RAM run while the machine resets or the
 * device is unplugged, at a random moment. Afterwards guest RAM the
 * workload wrote to is poisoned and must stay poisoned (no DMA after the
 * reset or unplug: every engine and SM worker has stopped), the device's
 * registers are cold again, QEMU answers, and re-plugging gives a working
 * device. Plug cycles must not leak: QEMU's resident memory after the last
 * cycle stays within a small margin of that after the first.
 *
 * make check runs a short version; NVQEMU_SOAK=1 runs the soak (1,000
 * resets, 200 plug cycles) used to qualify changes to the threads; under
 * make qtest-asan/qtest-tsan two of each.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "hw/pci/pci_regs.h"
#include "qobject/qdict.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-qtest.h"

#define CH_BASE(i)      (0x1000000ull + 0x100000ull * (i))
#define SYS_RING(i)     (0x400000ull + 0x40000ull * (i))
#define QMD_PA          0x3100000ull
#define QMD_VA          0x800000ull
#define CODE_PA         0x3200000ull
#define CODE_VA         0x900000ull
#define COPY_SRC_PA     0x4000000ull        /* VRAM */
#define COPY_DST_PA     0x2000000ull        /* guest RAM, written by the copy */
#define COPY_BYTES      (4u << 20)
#define POISON          0xa5u
#define BAR0_ADDR       0xe0000000ull       /* where the test maps BAR0 every time */
#define SUBCH_COMPUTE   1
#define SUBCH_COPY      4
#define BRA_SELF_LO     0xfffffff000007947ull
#define BRA_SELF_HI     0x000fc0000383ffffull
#define RSS_MARGIN      (1u << 20)

typedef LoggedGpu Host;

/* Rounds: the soak's, make check's, or two under a sanitizer (TSan runs it ~50x slower). */
static unsigned rounds(unsigned quick, unsigned soak)
{
    return g_getenv("NVQEMU_SOAK") ? soak : NV_QTEST_SANITIZED ? MIN(quick, 2) : quick;
}

/* BAR0 at the same address every time (libqos would take a new window per mapping). */
static void map_fixed(Gpu *g, QPCIBus *bus)
{
    g_free(g->dev);
    g->dev = qpci_device_find(bus, QPCI_DEVFN(GPU_SLOT, 0));
    g_assert_nonnull(g->dev);
    qpci_config_writel(g->dev, PCI_BASE_ADDRESS_0, (uint32_t)BAR0_ADDR);
    qpci_config_writew(g->dev, PCI_COMMAND, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
    g->bar0 = (QPCIBar) { .addr = BAR0_ADDR };
}

static void chan_new(Gpu *g, NvTestChan *ch, uint32_t chid, uint32_t rl)
{
    nvch_init(ch, gpu_pt_mem(g), gpu_regs(g), chid, rl, CH_BASE(chid), NV_TARGET_SYS_COH,
              SYS_RING(chid), SYS_RING(chid) + 0x1000);
    nvpt_map(&ch->vmm, QMD_VA, QMD_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(&ch->vmm, CODE_VA, CODE_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
}

static void endless_launch(Gpu *g, NvTestChan *ch, uint32_t qmd_off)
{
    uint32_t q[NV_QMD_DWORDS] = { 0 }, grid[3] = { 16, 1, 1 }, block[3] = { 64, 1, 1 };

    nv_qmd_set_launch(q, CODE_VA, grid, block);
    NV_QMD_SET(q, REGISTER_COUNT, 8);
    for (unsigned i = 0; i < NV_QMD_DWORDS; i += 2) {
        vram_write64(g, QMD_PA + qmd_off + 4 * i, q[i] | (uint64_t)q[i + 1] << 32);
    }
    nvch_launch(ch, SUBCH_COMPUTE, QMD_VA + qmd_off, false);
    nvch_submit(ch);
}

/* COPY_BYTES from VRAM into guest RAM, both physical: many slices of work. */
static void long_copy(NvTestChan *ch)
{
    uint32_t in_out[] = { (uint32_t)(COPY_SRC_PA >> 32), (uint32_t)COPY_SRC_PA,
                          (uint32_t)(COPY_DST_PA >> 32), (uint32_t)COPY_DST_PA };

    nvch_mthd1(ch, SUBCH_COPY, A_C5B5_SET_SRC_PHYS_MODE, C5B5_PHYS_MODE_TARGET_LOCAL_FB);
    nvch_mthd1(ch, SUBCH_COPY, A_C5B5_SET_DST_PHYS_MODE,
               C5B5_PHYS_MODE_TARGET_COHERENT_SYSMEM);
    nvch_mthd(ch, SUBCH_COPY, A_C5B5_OFFSET_IN_UPPER, 4, in_out);
    nvch_mthd1(ch, SUBCH_COPY, A_C5B5_LINE_LENGTH_IN, COPY_BYTES);
    nvch_mthd1(ch, SUBCH_COPY, A_C5B5_LAUNCH_DMA,
               NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE, C5B5_DATA_TRANSFER_PIPELINED) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_TYPE, C5B5_TYPE_PHYSICAL) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, DST_TYPE, C5B5_TYPE_PHYSICAL));
    nvch_submit(ch);
}

/* Endless launches on two channels and the long copy on a third. */
static void start_workload(Gpu *g)
{
    NvTestChan a, b, c;

    vram_write64(g, CODE_PA, BRA_SELF_LO);
    vram_write64(g, CODE_PA + 8, BRA_SELF_HI);
    chan_new(g, &a, 1, 0);
    endless_launch(g, &a, 0);
    chan_new(g, &b, 2, 0);
    endless_launch(g, &b, 0x100);
    chan_new(g, &c, 3, 1);
    long_copy(&c);
}

/* After a reset or unplug nothing may write guest RAM: poison, wait, check. */
static void check_no_dma_after(QTestState *qts)
{
    static uint8_t buf[COPY_BYTES];

    memset(buf, POISON, sizeof(buf));
    qtest_memwrite(qts, COPY_DST_PA, buf, sizeof(buf));
    g_usleep(20000);
    qtest_clock_step(qts, 1000000);
    memset(buf, 0, sizeof(buf));
    qtest_memread(qts, COPY_DST_PA, buf, sizeof(buf));
    for (size_t i = 0; i < sizeof(buf); i++) {
        if (buf[i] != POISON) {
            g_error("guest RAM at 0x%" PRIx64 " written after the reset/unplug",
                    (uint64_t)(COPY_DST_PA + i));
        }
    }
}

static void check_cold(Gpu *g)
{
    g_assert_cmphex(rd(g, A_PMC_BOOT_0), ==, 0x164000a1);
    for (uint32_t chid = 1; chid <= 3; chid++) {
        g_assert_cmphex(rd(g, A_PCCSR_INST(chid)), ==, 0);
        g_assert_cmphex(rd(g, A_PCCSR_CHANNEL(chid)), ==, 0);
    }
}

static void test_reset_mid_work(void)
{
    unsigned n = rounds(12, 1000);
    Gpu g;

    gpu_start(&g, "q35", "-global nvidia-gpu.host-thread=on -m 256M");
    for (unsigned i = 0; i < n; i++) {
        start_workload(&g);
        g_usleep(g_test_rand_int_range(0, 5000));
        qtest_system_reset(g.qts);
        check_no_dma_after(g.qts);
        g_free(g.dev);
        gpu_map(&g);
        check_cold(&g);
    }
    gpu_stop(&g);
}

static void unplug_plug(Gpu *g, QPCIBus *bus)
{
    start_workload(g);
    g_usleep(g_test_rand_int_range(0, 5000));
    qpci_unplug_acpi_device_test(g->qts, GPU_ID, GPU_SLOT);
    check_no_dma_after(g->qts);
    qtest_qmp_device_add(g->qts, TYPE_NVIDIA_GPU, GPU_ID,
                         "{'addr': %s, 'host-thread': true}", G_STRINGIFY(GPU_SLOT) ".0");
    map_fixed(g, bus);
    check_cold(g);
}

static void test_unplug_mid_work(void)
{
    unsigned n = rounds(5, 200);
    uint64_t rss_first = 0;
    Gpu g;

    /* i440fx: ACPI hotplug on the root bus */
    g.qts = qtest_initf("-nodefaults -machine pc -m 256M -device %s,id=%s,addr=%d.0,"
                        "host-thread=on", TYPE_NVIDIA_GPU, GPU_ID, GPU_SLOT);
    g.bus = qpci_new_pc(g.qts, NULL);
    g.dev = NULL;
    map_fixed(&g, g.bus);
    for (unsigned i = 0; i < n; i++) {
        unplug_plug(&g, g.bus);
        if (i == 1) {
            rss_first = qemu_rss(g.qts);   /* after allocators warmed up */
        }
    }
    g_test_message("note: QEMU's RSS after %u plug cycles: %+" PRId64 " KiB since cycle 2",
                   n, (int64_t)(qemu_rss(g.qts) - rss_first) / 1024);
    if (!NV_QTEST_SANITIZED) {  /* ASan's quarantine, TSan's shadow stay resident */
        g_assert_cmpuint(qemu_rss(g.qts), <=, rss_first + RSS_MARGIN);
    }
    gpu_stop(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/reset/mid-work", test_reset_mid_work);
    qtest_add_func("/nvidia-gpu/unplug/mid-work", test_unplug_mid_work);
    return g_test_run();
}
