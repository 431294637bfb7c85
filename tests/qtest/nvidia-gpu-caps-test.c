/*
 * qtests of the host-memory caps a guest cannot exceed. The aliasing
 * attack on the SM's decoded-code cache: one 4 KiB page of NOPs mapped
 * over 8 MiB of VA and a one-thread launch at its start, so the PC walks
 * through thousands of distinct 1 KiB code chunks that all read the same
 * bytes. Each decoded chunk costs the host ~9 KiB; under the property
 * sm-max-hostmem the launch ends with an SM resource error on its channel
 * (GR trap, ENG_FAULTED, guest error sm_resource), the SM's memory
 * (QOM sm-hostmem-used) never exceeds the cap and returns to 0, QEMU's
 * resident memory grows by less than the cap, and another channel's
 * launch still runs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-qtest.h"

#define CAP_MIB     16
#define CH_BASE(i)  (0x1000000ull + 0x100000ull * (i))
#define SYS_RING(i) (0x400000ull + 0x40000ull * (i))
#define SEM_PA      0x3000000ull
#define SEM_VA      0x400000ull
#define QMD_PA      0x3100000ull
#define QMD_VA      0x800000ull
#define CODE_PA     0x3200000ull        /* the one page of NOPs */
#define CODE_VA     0x10000000ull
#define CODE_SPAN   (8ull << 20)        /* VA it is mapped over */
#define SUBCH       1
#define NOP_LO      0x0000000000007918ull
#define NOP_HI      0x000fc00000000000ull
#define EXIT_LO     0x000000000000794dull
#define EXIT_HI     0x000fea0003800000ull

typedef LoggedGpu Host;

static void settle(Host *h)
{
    for (int i = 0; i < 200; i++) {
        qtest_clock_step(h->g.qts, 50000);
    }
}

static uint64_t qom_u64(Host *h, const char *prop)
{
    QDict *rsp = qtest_qmp(h->g.qts, "{'execute': 'qom-get', 'arguments': "
                           "{'path': '/machine/peripheral/" GPU_ID "', 'property': %s}}", prop);
    uint64_t v = qdict_get_int(rsp, "return");

    qobject_unref(rsp);
    return v;
}

/* QEMU's resident set in bytes (/proc/PID/statm, second field in pages). */
static void chan_new(Host *h, NvTestChan *ch, uint32_t chid, uint32_t rl)
{
    nvch_init(ch, gpu_pt_mem(&h->g), gpu_regs(&h->g), chid, rl, CH_BASE(chid),
              NV_TARGET_SYS_COH, SYS_RING(chid), SYS_RING(chid) + 0x1000);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(&ch->vmm, QMD_VA, QMD_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
}

/* A one-thread launch at entry, releasing payload at SEM_VA + sem_off. */
static void launch(Host *h, NvTestChan *ch, uint32_t qmd_off, uint64_t entry,
                   uint32_t sem_off, uint32_t payload)
{
    uint32_t q[NV_QMD_DWORDS] = { 0 }, one[3] = { 1, 1, 1 };

    nv_qmd_set_launch(q, entry, one, one);
    NV_QMD_SET(q, REGISTER_COUNT, 8);
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA + sem_off);
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 1);      /* one word */
    NV_QMD_SET(q, RELEASE0_PAYLOAD, payload);
    for (unsigned i = 0; i < NV_QMD_DWORDS; i += 2) {
        vram_write64(&h->g, QMD_PA + qmd_off + 4 * i, q[i] | (uint64_t)q[i + 1] << 32);
    }
    nvch_launch(ch, SUBCH, QMD_VA + qmd_off, true);
    nvch_submit(ch);
}

static void test_code_cache_aliasing(void)
{
    g_autofree char *log = NULL;
    uint64_t rss0, peak = 0;
    Host h;
    NvTestChan bad, good;

    gpu_start_logged_with(&h, "q35", "-global nvidia-gpu.sm-max-hostmem=" G_STRINGIFY(CAP_MIB) "M");
    chan_new(&h, &bad, 1, 0);
    chan_new(&h, &good, 2, 1);
    for (unsigned i = 0; i < 4096; i += 16) {
        vram_write64(&h.g, CODE_PA + i, NOP_LO);
        vram_write64(&h.g, CODE_PA + i + 8, NOP_HI);
    }
    for (uint64_t va = 0; va < CODE_SPAN; va += 0x1000) {
        nvpt_map(&bad.vmm, CODE_VA + va, CODE_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    }
    /* the good channel's program: EXIT at the start of its own page */
    vram_write64(&h.g, CODE_PA + 0x1000, EXIT_LO);
    vram_write64(&h.g, CODE_PA + 0x1008, EXIT_HI);
    nvpt_map(&good.vmm, CODE_VA, CODE_PA + 0x1000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);

    rss0 = qemu_rss(h.g.qts);
    launch(&h, &bad, 0, CODE_VA, 0, 0xbad);
    for (int i = 0; i < 20; i++) {
        settle(&h);
        peak = MAX(peak, qom_u64(&h, "sm-hostmem-used"));
    }
    g_assert_cmpuint(peak, <=, (uint64_t)CAP_MIB << 20);
    g_assert_cmpuint(qom_u64(&h, "sm-hostmem-used"), ==, 0);       /* the launch ended */
    g_assert_cmpuint(gpu_guest_errors(&h.g, "sm_resource"), ==, 1);
    g_assert_cmpuint(gpu_guest_errors(&h.g, "mmu_fault_gr"), ==, 0);
    g_assert_cmphex(rd(&h.g, A_PCCSR_CHANNEL(1)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK, !=, 0);
    g_assert_cmphex(vram_read64(&h.g, SEM_PA) & 0xffffffff, !=, 0xbad);  /* no release */
    if (!NV_QTEST_SANITIZED) {  /* ASan's quarantine, TSan's shadow stay resident */
        g_assert_cmpuint(qemu_rss(h.g.qts), <, rss0 + ((uint64_t)CAP_MIB << 20) + (8u << 20));
    }

    launch(&h, &good, 0x100, CODE_VA, 0x10, 0x600d);
    settle(&h);
    g_assert_cmphex(vram_read64(&h.g, SEM_PA + 0x10) & 0xffffffff, ==, 0x600d);
    log = gpu_stop_logged(&h);
    g_assert_nonnull(strstr(log, "sm_resource: channel 1: compute: out of host memory"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/caps/code-cache-aliasing", test_code_cache_aliasing);
    return g_test_run();
}
