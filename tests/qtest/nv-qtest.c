/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "hw/pci/pci_regs.h"
#include "qobject/qdict.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-qtest.h"

void gpu_map(Gpu *g)
{
    g->dev = qpci_device_find(g->bus, QPCI_DEVFN(GPU_SLOT, 0));
    g_assert_nonnull(g->dev);
    qpci_device_enable(g->dev);
    g->bar0 = qpci_iomap(g->dev, NVIDIA_GPU_BAR_REGS, NULL);
}

void gpu_start(Gpu *g, const char *machine, const char *extra)
{
    /* the main-loop host is deterministic under qtest's clock; extra may override it */
    g->qts = qtest_initf("-nodefaults -machine %s -global %s.host-thread=off "
                         "-device %s,id=%s,addr=%d.0 %s", machine, TYPE_NVIDIA_GPU,
                         TYPE_NVIDIA_GPU, GPU_ID, GPU_SLOT, extra ? extra : "");
    g->bus = qpci_new_pc(g->qts, NULL);
    gpu_map(g);
}

uint64_t gpu_guest_errors(Gpu *g, const char *kind)
{
    QDict *resp = qtest_qmp(g->qts, "{'execute': 'qom-get', 'arguments': "
                            "{'path': '/machine/peripheral/" GPU_ID "', "
                            "'property': 'guest-errors'}}");
    QDict *counts = qdict_get_qdict(resp, "return");
    uint64_t n;

    g_assert_nonnull(counts);
    g_assert_true(qdict_haskey(counts, kind));
    n = qdict_get_int(counts, kind);
    qobject_unref(resp);
    return n;
}

void gpu_stop(Gpu *g)
{
    g_free(g->dev);
    qpci_free_pc(g->bus);
    qtest_quit(g->qts);
}

uint64_t qemu_rss(QTestState *qts)
{
    g_autofree char *path = g_strdup_printf("/proc/%d/statm", (int)qtest_pid(qts));
    g_autofree char *text = NULL;
    unsigned long size, rss;

    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    g_assert_cmpint(sscanf(text, "%lu %lu", &size, &rss), ==, 2);
    return (uint64_t)rss * (uint64_t)sysconf(_SC_PAGESIZE);
}

uint32_t rd(Gpu *g, uint32_t off)
{
    return qpci_io_readl(g->dev, g->bar0, off);
}

void wr(Gpu *g, uint32_t off, uint32_t v)
{
    qpci_io_writel(g->dev, g->bar0, off, v);
}

static uint32_t pramin_at(Gpu *g, uint64_t addr)
{
    wr(g, A_PBUS_BAR0_WINDOW, (uint32_t)(addr >> NV_BAR0_WINDOW_SHIFT));
    return NV_PRAMIN_BASE + (uint32_t)(addr & ((1u << NV_BAR0_WINDOW_SHIFT) - 1));
}

uint64_t vram_read64(Gpu *g, uint64_t addr)
{
    uint32_t off = pramin_at(g, addr);

    return rd(g, off) | (uint64_t)rd(g, off + 4) << 32;
}

void vram_write64(Gpu *g, uint64_t addr, uint64_t v)
{
    uint32_t off = pramin_at(g, addr);

    wr(g, off, (uint32_t)v);
    wr(g, off + 4, (uint32_t)(v >> 32));
}

uint32_t vram_read32(Gpu *g, uint64_t addr)
{
    return (uint32_t)(vram_read64(g, addr & ~7ull) >> ((addr & 4) * 8));
}

void vram_write32(Gpu *g, uint64_t addr, uint32_t v)
{
    uint64_t q = vram_read64(g, addr & ~7ull);
    unsigned sh = (addr & 4) * 8;

    vram_write64(g, addr & ~7ull, (q & ~(0xffffffffull << sh)) | (uint64_t)v << sh);
}

void vram_write_buf(Gpu *g, uint64_t addr, const void *buf, size_t len)
{
    const uint8_t *b = buf;

    for (size_t i = 0; i < len; i += 8) {
        uint64_t q = 0;

        memcpy(&q, b + i, MIN(8, len - i));
        vram_write64(g, addr + i, q);
    }
}

unsigned sass_upload(Gpu *g, const char *listing, const char *func, uint64_t pa)
{
    /* tests/sass beside this file's directory (through QEMU's tests/qtest/oot link) */
    g_autofree char *dir = g_path_get_dirname(__FILE__);
    g_autofree char *path = g_build_filename(dir, "..", "sass", listing, NULL);
    g_autofree char *text = NULL;
    g_auto(GStrv) lines = NULL;
    unsigned n = 0;

    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        g_auto(GStrv) f = g_strsplit(*l, "\t", 5);

        if (g_strv_length(f) == 5 && !strcmp(f[0], func)) {
            uint64_t off = g_ascii_strtoull(f[1], NULL, 16);

            vram_write64(g, pa + off, g_ascii_strtoull(f[2], NULL, 16));
            vram_write64(g, pa + off + 8, g_ascii_strtoull(f[3], NULL, 16));
            n++;
        }
    }
    return n;
}

void msi_enable(Gpu *g)
{
    uint8_t cap = qpci_find_capability(g->dev, PCI_CAP_ID_MSI, 0);
    uint16_t ctl = qpci_config_readw(g->dev, cap + PCI_MSI_FLAGS);

    g_assert(ctl & PCI_MSI_FLAGS_64BIT);
    qpci_config_writel(g->dev, cap + PCI_MSI_ADDRESS_LO, (uint32_t)MSI_ADDR);
    qpci_config_writel(g->dev, cap + PCI_MSI_ADDRESS_HI, 0);
    qpci_config_writew(g->dev, cap + PCI_MSI_DATA_64, MSI_DATA);
    qpci_config_writew(g->dev, cap + PCI_MSI_FLAGS, ctl | PCI_MSI_FLAGS_ENABLE);
}

static void qt_w64(void *ctx, uint32_t target, uint64_t addr, uint64_t val)
{
    Gpu *g = ctx;

    if (target == NV_TARGET_VRAM) {
        vram_write64(g, addr, val);
    } else {
        qtest_writeq(g->qts, addr, val);
    }
}

static uint64_t qt_r64(void *ctx, uint32_t target, uint64_t addr)
{
    Gpu *g = ctx;

    return target == NV_TARGET_VRAM ? vram_read64(g, addr) : qtest_readq(g->qts, addr);
}

NvPtMem gpu_pt_mem(Gpu *g)
{
    return (NvPtMem) { g, qt_w64, qt_r64 };
}

static uint32_t qt_rd32(void *ctx, uint32_t off)
{
    return rd(ctx, off);
}

static void qt_wr32(void *ctx, uint32_t off, uint32_t v)
{
    wr(ctx, off, v);
}

NvTestRegs gpu_regs(Gpu *g)
{
    return (NvTestRegs) { g, qt_rd32, qt_wr32 };
}

void gpu_start_logged(LoggedGpu *h, const char *machine)
{
    gpu_start_logged_with(h, machine, "");
}

void gpu_start_logged_with(LoggedGpu *h, const char *machine, const char *extra)
{
    int fd = g_file_open_tmp("nvgpu-log-XXXXXX", &h->log, NULL);
    g_autofree char *args = g_strdup_printf("-d guest_errors -D %s %s", h->log, extra);

    g_assert_cmpint(fd, >=, 0);
    close(fd);
    gpu_start(&h->g, machine, args);
}

char *gpu_stop_logged(LoggedGpu *h)
{
    char *text = NULL;

    gpu_stop(&h->g);
    g_assert_true(g_file_get_contents(h->log, &text, NULL, NULL));
    unlink(h->log);
    g_free(h->log);
    return text;
}
