/*
 * qtests of the nvidia-gpu device: PCI identity and BARs, BOOT_0, PTIMER and
 * its alarm MSI, the PRAMIN window, the VBIOS through the ROM BAR and PROM,
 * unimplemented-register tracing, reset and topology properties.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "libqtest.h"
#include "libqos/pci.h"
#include "libqos/pci-pc.h"
#include "hw/pci/pci_regs.h"
#include "qobject/qjson.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-qtest.h"

#define ROM_SIZE        0x10000u
#define SYS_WINDOW      0x200000ull     /* guest RAM used as a PRAMIN target */

/* display=on (the default): a Quadro RTX 4000; off: the Tesla T4, display fused off */
static void check_identity(const char *machine, bool display)
{
    Gpu g;

    gpu_start(&g, machine, display ? NULL : "-global nvidia-gpu.display=off");
    g_assert_cmphex(qpci_config_readw(g.dev, PCI_VENDOR_ID), ==, 0x10de);
    g_assert_cmphex(qpci_config_readw(g.dev, PCI_DEVICE_ID), ==, display ? 0x1eb1 : 0x1eb8);
    g_assert_cmphex(qpci_config_readw(g.dev, PCI_SUBSYSTEM_VENDOR_ID), ==, 0x10de);
    g_assert_cmphex(qpci_config_readw(g.dev, PCI_SUBSYSTEM_ID), ==, display ? 0x12a0 : 0x12a2);
    g_assert_cmphex(qpci_config_readw(g.dev, PCI_CLASS_DEVICE), ==, display ? 0x0300 : 0x0302);
    g_assert_cmphex(rd(&g, A_FUSE_OPT_DISP_DISABLE), ==, !display);
    g_assert_cmphex(qpci_config_readb(g.dev, PCI_CLASS_PROG), ==, 0);
    g_assert_cmphex(qpci_config_readb(g.dev, PCI_INTERRUPT_PIN), ==, 1);
    g_assert_cmpint(qpci_find_capability(g.dev, PCI_CAP_ID_EXP, 0), ==,
                    NVIDIA_GPU_CAP_PCIE);
    g_assert_cmpint(qpci_find_capability(g.dev, PCI_CAP_ID_MSI, 0), ==,
                    NVIDIA_GPU_CAP_MSI);
    g_assert_cmphex(rd(&g, A_PMC_BOOT_0), ==, 0x164000a1);
    g_assert_cmphex(rd(&g, A_PMC_BOOT_1), ==, 0);
    gpu_stop(&g);
}

static void test_identity_q35(void)
{
    check_identity("q35", true);
    check_identity("q35", false);
}

static void test_identity_pc(void)
{
    check_identity("pc", true);
}

#define BAR_REG(n)  (PCI_BASE_ADDRESS_0 + 4 * (n))

/* Size and type of the BAR at config register reg, probed the way firmware does. */
static uint64_t bar_probe(QPCIDevice *dev, uint8_t reg, uint32_t *flags)
{
    bool rom = reg == PCI_ROM_ADDRESS;
    uint32_t lo, hi = 0xffffffff;
    uint64_t mask;

    qpci_config_writel(dev, reg, 0xffffffff);
    lo = qpci_config_readl(dev, reg);
    *flags = rom ? 0 : lo & 0xf;
    if (*flags & PCI_BASE_ADDRESS_MEM_TYPE_64) {
        qpci_config_writel(dev, reg + 4, 0xffffffff);
        hi = qpci_config_readl(dev, reg + 4);
        qpci_config_writel(dev, reg + 4, 0);
    }
    qpci_config_writel(dev, reg, 0);
    lo &= rom ? PCI_ROM_ADDRESS_MASK : PCI_BASE_ADDRESS_MEM_MASK;
    if (!(*flags & PCI_BASE_ADDRESS_MEM_TYPE_64)) {
        return (uint32_t)(~lo + 1);         /* 0 for an unimplemented BAR */
    }
    mask = (uint64_t)hi << 32 | lo;
    return ~mask + 1;
}

static void test_bars(void)
{
    const uint32_t pref64 = PCI_BASE_ADDRESS_MEM_TYPE_64 | PCI_BASE_ADDRESS_MEM_PREFETCH;
    uint32_t flags;
    Gpu g;

    gpu_start(&g, "q35", NULL);
    g_assert_cmphex(bar_probe(g.dev, BAR_REG(NVIDIA_GPU_BAR_REGS), &flags), ==, NV_BAR0_SIZE);
    g_assert_cmphex(flags, ==, PCI_BASE_ADDRESS_SPACE_MEMORY);
    g_assert_cmphex(bar_probe(g.dev, BAR_REG(NVIDIA_GPU_BAR_FB), &flags), ==, NVIDIA_GPU_BAR1_SIZE);
    g_assert_cmphex(flags, ==, pref64);
    g_assert_cmphex(bar_probe(g.dev, BAR_REG(NVIDIA_GPU_BAR_INST), &flags), ==, NVIDIA_GPU_BAR3_SIZE);
    g_assert_cmphex(flags, ==, pref64);
    g_assert_cmphex(bar_probe(g.dev, PCI_ROM_ADDRESS, &flags), ==, ROM_SIZE);
    /* BAR2 is the upper half of BAR1; BAR5 is unused. */
    g_assert_cmphex(bar_probe(g.dev, BAR_REG(5), &flags), ==, 0);
    gpu_stop(&g);
}

static void test_ptimer(void)
{
    uint32_t prev, t, hi;
    Gpu g;

    gpu_start(&g, "q35", NULL);
    /* Virtual time stands still under qtest; reads still strictly increase. */
    prev = rd(&g, A_PTIMER_TIME_0);
    for (int i = 0; i < 20; i++) {
        t = rd(&g, A_PTIMER_TIME_0);
        g_assert_cmpuint(t, >, prev);
        prev = t;
    }
    /* Once virtual time passes the bumped reads, PTIMER is the VM clock again
     * (counted from the reset at machine start, virtual time 0). */
    int64_t clock = qtest_clock_step(g.qts, 1000000);
    g_assert_cmpint(clock, >, prev);
    t = rd(&g, A_PTIMER_TIME_0);
    g_assert_cmpuint(t, ==, clock);
    hi = rd(&g, A_PTIMER_TIME_1);
    g_assert_cmpuint(hi, ==, 0);
    gpu_stop(&g);
}

static void test_alarm_msi(void)
{
    uint32_t now;
    Gpu g;

    gpu_start(&g, "q35", NULL);
    msi_enable(&g);
    qtest_writel(g.qts, MSI_ADDR, 0);
    wr(&g, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_TIMER);
    wr(&g, A_PTIMER_INTR_EN_0, 1);
    now = rd(&g, A_PTIMER_TIME_0);
    wr(&g, A_PTIMER_ALARM_0, now + 50000);

    qtest_clock_step(g.qts, 20000);
    g_assert_cmphex(rd(&g, A_PTIMER_INTR_0), ==, 0);
    g_assert_cmphex(qtest_readl(g.qts, MSI_ADDR), ==, 0);

    qtest_clock_step(g.qts, 40000);
    g_assert_cmphex(rd(&g, A_PTIMER_INTR_0), ==, 1);
    g_assert_cmphex(rd(&g, A_PMC_INTR_0), ==, NV_PMC_INTR_TIMER);
    g_assert_cmphex(qtest_readl(g.qts, MSI_ADDR), ==, MSI_DATA);

    /* Acknowledged: no new message; unarm + rearm while pending sends another. */
    qtest_writel(g.qts, MSI_ADDR, 0);
    wr(&g, A_PMC_INTR_EN_CLEAR_0, 0xffffffff);
    wr(&g, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_TIMER);
    qtest_clock_step(g.qts, 1);
    g_assert_cmphex(qtest_readl(g.qts, MSI_ADDR), ==, MSI_DATA);
    qtest_writel(g.qts, MSI_ADDR, 0);
    wr(&g, A_PTIMER_INTR_0, 1);
    qtest_clock_step(g.qts, 1);
    g_assert_cmphex(rd(&g, A_PMC_INTR_0), ==, 0);
    g_assert_cmphex(qtest_readl(g.qts, MSI_ADDR), ==, 0);
    gpu_stop(&g);
}

static void test_pramin(void)
{
    Gpu g;

    gpu_start(&g, "q35", NULL);
    /* Window at VRAM 0x10000: write at +0x10010 ... */
    wr(&g, A_PBUS_BAR0_WINDOW, 0x1);
    wr(&g, NV_PRAMIN_BASE + 0x10010, 0x600dcafe);
    g_assert_cmphex(rd(&g, NV_PRAMIN_BASE + 0x10010), ==, 0x600dcafe);
    /* ... is VRAM 0x20010, seen at +0x10 through a window moved to 0x20000. */
    wr(&g, A_PBUS_BAR0_WINDOW, 0x2);
    g_assert_cmphex(rd(&g, NV_PRAMIN_BASE + 0x10), ==, 0x600dcafe);
    g_assert_cmphex(qpci_io_readb(g.dev, g.bar0, NV_PRAMIN_BASE + 0x13), ==, 0x60);
    /* A window onto system memory reaches guest RAM by DMA. */
    wr(&g, A_PBUS_BAR0_WINDOW, NV_BAR0_WINDOW_TARGET_SYS_COHERENT << 24 |
                              (uint32_t)(SYS_WINDOW >> NV_BAR0_WINDOW_SHIFT));
    wr(&g, NV_PRAMIN_BASE + 0x40, 0x12345678);
    g_assert_cmphex(qtest_readl(g.qts, SYS_WINDOW + 0x40), ==, 0x12345678);
    qtest_writel(g.qts, SYS_WINDOW + 0x44, 0x9abcdef0);
    g_assert_cmphex(rd(&g, NV_PRAMIN_BASE + 0x44), ==, 0x9abcdef0);
    gpu_stop(&g);
}

/* Maps the expansion ROM at a free address and returns its contents. */
static void rom_read(Gpu *g, uint8_t *buf)
{
    uint64_t addr = QEMU_ALIGN_UP(g->bus->mmio_alloc_ptr, ROM_SIZE);

    g_assert_cmpuint(addr + ROM_SIZE, <=, g->bus->mmio_limit);
    g->bus->mmio_alloc_ptr = addr + ROM_SIZE;
    qpci_config_writel(g->dev, PCI_ROM_ADDRESS, addr | PCI_ROM_ADDRESS_ENABLE);
    qtest_memread(g->qts, addr, buf, ROM_SIZE);
}

static const uint8_t *bit_token(const uint8_t *rom, uint8_t id)
{
    for (uint32_t i = 0; i + 12 <= ROM_SIZE; i++) {
        if (memcmp(rom + i, "\xff\xb8" "BIT", 5) == 0) {
            const uint8_t *h = rom + i;
            for (unsigned e = 0; e < h[10]; e++) {
                const uint8_t *ent = h + h[8] + e * h[9];
                if (ent[0] == id) {
                    return ent;
                }
            }
            return NULL;
        }
    }
    return NULL;
}

static void test_vbios(void)
{
    g_autofree uint8_t *rom = g_malloc(ROM_SIZE);
    g_autofree uint8_t *prom = g_malloc(ROM_SIZE);
    uint8_t sum = 0;
    Gpu g;

    gpu_start(&g, "q35", NULL);
    rom_read(&g, rom);
    qpci_memread(g.dev, g.bar0, NV_PROM_BASE, prom, ROM_SIZE);
    g_assert_cmpmem(rom, ROM_SIZE, prom, ROM_SIZE);

    g_assert_cmphex(rom[0], ==, 0x55);
    g_assert_cmphex(rom[1], ==, 0xaa);
    g_assert_cmpmem(rom + (rom[0x18] | rom[0x19] << 8), 4, "PCIR", 4);
    for (uint32_t i = 0; i < ROM_SIZE; i++) {
        sum += rom[i];
    }
    g_assert_cmphex(sum, ==, 0);
    g_assert_nonnull(bit_token(rom, 'i'));
    g_assert_nonnull(bit_token(rom, 'I'));
    g_assert_nonnull(bit_token(rom, 'P'));
    /* Past the image the PROM window reads zero. */
    g_assert_cmphex(rd(&g, NV_PROM_BASE + ROM_SIZE), ==, 0);
    gpu_stop(&g);
}

static void test_unimp_traced(void)
{
    g_autofree char *log = NULL;
    g_autofree char *text = NULL;
    int fd = g_file_open_tmp("nvgpu-trace-XXXXXX", &log, NULL);
    Gpu g;

    g_assert_cmpint(fd, >=, 0);
    close(fd);
    g_autofree char *args = g_strdup_printf("-trace 'nvgpu_unimp*' -D %s", log);
    gpu_start(&g, "q35", args);
    g_assert_cmphex(rd(&g, 0x005000), ==, 0);
    wr(&g, 0x005004, 0xfeedbeef);
    g_assert_cmphex(rd(&g, 0x005004), ==, 0);
    g_assert_cmphex(rd(&g, A_PMC_BOOT_0), ==, 0x164000a1);   /* implemented: not traced */
    gpu_stop(&g);

    g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "nvgpu_unimp_read BAR0 0x005000 size 4"));
    g_assert_nonnull(strstr(text, "nvgpu_unimp_write BAR0 0x005004 size 4"
                                  ": unimplemented write 0xfeedbeef"));
    g_assert_null(strstr(text, "0x000000 size"));
    unlink(log);
}

static void test_reset(void)
{
    static const uint32_t regs[] = {
        A_PMC_ENABLE, A_PMC_INTR_EN_0, A_PBUS_BAR0_WINDOW, A_PBUS_INTR_EN_0,
        A_PTIMER_INTR_EN_0, A_PTIMER_ALARM_0, A_PCFG_ROM_SHADOW, A_VF_CPU_INTR_TOP_EN_SET,
    };
    uint32_t cold[G_N_ELEMENTS(regs)];
    Gpu g;

    gpu_start(&g, "q35", NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(regs); i++) {
        cold[i] = rd(&g, regs[i]);
    }
    wr(&g, A_PMC_ENABLE, 0xffffffff);
    wr(&g, A_PMC_INTR_EN_SET_0, 0x100100);
    wr(&g, A_PBUS_BAR0_WINDOW, 0x1234);
    wr(&g, A_PBUS_INTR_EN_0, 0xe);
    wr(&g, A_PTIMER_INTR_EN_0, 1);
    wr(&g, A_PTIMER_ALARM_0, 0x7fffffff);
    wr(&g, A_PCFG_ROM_SHADOW, 0);
    wr(&g, A_VF_CPU_INTR_TOP_EN_SET, 0xf);
    wr(&g, A_PTIMER_TIME_1, 0x1000);
    wr(&g, A_PTIMER_TIME_0, 0);
    g_assert_cmphex(rd(&g, A_PMC_ENABLE), ==, 0xffffffff);
    g_assert_cmphex(rd(&g, A_PTIMER_TIME_1), ==, 0x1000);

    qtest_system_reset(g.qts);
    g_free(g.dev);
    gpu_map(&g);                    /* config space was reset too: map again */
    for (size_t i = 0; i < G_N_ELEMENTS(regs); i++) {
        g_assert_cmphex(rd(&g, regs[i]), ==, cold[i]);
    }
    g_assert_cmphex(rd(&g, A_PTIMER_TIME_1), ==, 0);
    gpu_stop(&g);
}

static void test_topology(void)
{
    Gpu g;

    g.qts = qtest_initf("-nodefaults -machine q35 -device %s,addr=%d.0,gpcs=3,"
                        "tpcs-per-gpc=4,vram-size=512M", TYPE_NVIDIA_GPU, GPU_SLOT);
    g.bus = qpci_new_pc(g.qts, NULL);
    gpu_map(&g);
    g_assert_cmphex(rd(&g, A_FUSE_STATUS_OPT_GPC), ==, 0x38);
    g_assert_cmphex(rd(&g, A_FUSE_STATUS_OPT_TPC_GPC(2)), ==, 0);
    g_assert_cmphex(rd(&g, A_FUSE_STATUS_OPT_TPC_GPC(3)), ==, 0xf);
    g_assert_cmphex(rd(&g, A_PFB_LOCAL_MEMORY_RANGE), ==, 0x19);
    g_assert_cmphex(rd(&g, A_PGC6_GFW_BOOT_PROGRESS), ==, 0xff);
    g_assert_cmphex(rd(&g, A_FUSE_OPT_DISP_DISABLE), ==, 0);      /* display=on */
    gpu_stop(&g);
}

/* Config read through the 0xcf8/0xcfc mechanism (reaches buses other than 0). */
static uint32_t cfg_readl(QTestState *qts, int bus, int devfn, uint8_t reg)
{
    qtest_outl(qts, 0xcf8, 0x80000000u | bus << 16 | devfn << 8 | reg);
    return qtest_inl(qts, 0xcfc);
}

/* Behind a pcie-root-port: numbered like firmware would, the GPU answers on bus 1. */
static void test_root_port(void)
{
    QTestState *qts = qtest_initf("-nodefaults -machine q35 "
                                  "-device pcie-root-port,id=rp0,chassis=1,addr=5.0 "
                                  "-device %s,bus=rp0,id=gpu0", TYPE_NVIDIA_GPU);
    QPCIBus *bus = qpci_new_pc(qts, NULL);
    QPCIDevice *port = qpci_device_find(bus, QPCI_DEVFN(5, 0));

    g_assert_nonnull(port);
    g_assert_cmphex(cfg_readl(qts, 1, 0, PCI_VENDOR_ID), ==, 0xffffffff);
    qpci_config_writeb(port, PCI_SECONDARY_BUS, 1);
    qpci_config_writeb(port, PCI_SUBORDINATE_BUS, 1);
    g_assert_cmphex(cfg_readl(qts, 1, 0, PCI_VENDOR_ID), ==, 0x1eb110de);
    g_assert_cmphex(cfg_readl(qts, 1, 0, PCI_CLASS_REVISION) >> 8, ==, 0x030000);

    QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-pci' }");
    g_autoptr(GString) json = qobject_to_json(QOBJECT(rsp));
    g_assert_nonnull(strstr(json->str, "\"qdev_id\": \"gpu0\""));
    qobject_unref(rsp);
    g_free(port);
    qpci_free_pc(bus);
    qtest_quit(qts);
}

/*
 * A realize that fails after the model, timers, bottom halves and locks
 * exist (romfile is refused late) undoes all of it: repeated failures leave
 * a machine where the device then realizes and works.
 */
static void test_realize_error_path(void)
{
    QTestState *qts = qtest_init("-nodefaults -machine pc");     /* hotplug on the root bus */
    QPCIBus *bus = qpci_new_pc(qts, NULL);
    QPCIDevice *dev;
    QDict *rsp;

    for (int i = 0; i < 20; i++) {
        rsp = qtest_qmp(qts, "{'execute': 'device_add', 'arguments': {'driver': %s, "
                        "'addr': '4.0', 'romfile': '/dev/null', 'id': 'bad'}}",
                        TYPE_NVIDIA_GPU);
        g_assert_true(qdict_haskey(rsp, "error"));
        g_assert_nonnull(strstr(qdict_get_str(qdict_get_qdict(rsp, "error"), "desc"),
                                "romfile is not supported"));
        qobject_unref(rsp);
    }
    rsp = qtest_qmp(qts, "{'execute': 'device_add', 'arguments': {'driver': %s, "
                    "'addr': '4.0', 'id': 'good'}}", TYPE_NVIDIA_GPU);
    g_assert_false(qdict_haskey(rsp, "error"));
    qobject_unref(rsp);
    dev = qpci_device_find(bus, QPCI_DEVFN(4, 0));
    g_assert_nonnull(dev);
    g_assert_cmphex(qpci_config_readl(dev, PCI_VENDOR_ID), ==, 0x1eb110de);
    g_free(dev);
    qpci_free_pc(bus);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/identity-q35", test_identity_q35);
    qtest_add_func("/nvidia-gpu/identity-pc", test_identity_pc);
    qtest_add_func("/nvidia-gpu/bars", test_bars);
    qtest_add_func("/nvidia-gpu/ptimer", test_ptimer);
    qtest_add_func("/nvidia-gpu/alarm-msi", test_alarm_msi);
    qtest_add_func("/nvidia-gpu/pramin", test_pramin);
    qtest_add_func("/nvidia-gpu/vbios", test_vbios);
    qtest_add_func("/nvidia-gpu/unimp-traced", test_unimp_traced);
    qtest_add_func("/nvidia-gpu/reset", test_reset);
    qtest_add_func("/nvidia-gpu/topology", test_topology);
    qtest_add_func("/nvidia-gpu/root-port", test_root_port);
    qtest_add_func("/nvidia-gpu/realize-error-path", test_realize_error_path);
    return g_test_run();
}
