/*
 * The hang suite: hostile workloads that would keep a naive device busy
 * forever, run together on the host thread (host-thread=on), while the
 * test measures how long QEMU takes to answer a BAR0 read (which takes the
 * device lock) and a QMP command:
 *   - endless shader loops (a branch to itself) on four channels;
 *   - an acquire that is never satisfied;
 *   - a GP entry of the maximum length (2^21 - 1 dwords of NOPs);
 *   - page tables that point at themselves (the pushbuffer fetch faults);
 *   - a runlist of the maximum length, and a GP_PUT a ring of 2^20 entries
 *     ahead (a million GPFIFO control entries).
 * The assertions are liveness, not speed (speed is for make bench): no
 * answer takes a second, every workload ends as the hardware would end it
 * (the watchdog, the fault, the error), and a fresh channel then works.
 * The measured latencies are printed as notes.
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

#define CH_BASE(i)      (0x1000000ull + 0x100000ull * (i))
#define SYS_RING(i)     (0x400000ull + 0x40000ull * (i))
#define SEM_PA          0x3000000ull
#define SEM_VA          0x400000ull
#define QMD_PA          0x3100000ull
#define QMD_VA          0x800000ull
#define CODE_PA         0x3200000ull
#define CODE_VA         0x900000ull
#define BIG_PB_VA       0x10000000ull       /* the maximal segment's VA */
#define BIG_PB_PA       0x1000000ull        /* guest RAM, zeros: NOP headers */
#define BIG_GP_PA       0x2000000ull        /* guest RAM, zeros: GP control NOPs */
#define MAX_SEGMENT     ((1u << 21) - 1)
#define BIG_GP_LIMIT2   20
#define LOOP_CHANNELS   4
#define SUBCH           1
#define SAMPLES         400
#define LIVENESS_US     (1000 * 1000)       /* a stall, not a slow answer */
#define BRA_SELF_LO     0xfffffff000007947ull   /* BRA to itself */
#define BRA_SELF_HI     0x000fc0000383ffffull

typedef LoggedGpu Host;

static void chan_new(Host *h, NvTestChan *ch, uint32_t chid, uint32_t rl)
{
    nvch_init(ch, gpu_pt_mem(&h->g), gpu_regs(&h->g), chid, rl, CH_BASE(chid),
              NV_TARGET_SYS_COH, SYS_RING(chid), SYS_RING(chid) + 0x1000);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(&ch->vmm, QMD_VA, QMD_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(&ch->vmm, CODE_VA, CODE_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
}

/* A launch of grid CTAs of 64 threads at the code page's instruction pc. */
static void launch(Host *h, NvTestChan *ch, uint32_t qmd_off, uint32_t pc, uint32_t grid,
                   uint32_t payload)
{
    uint32_t q[NV_QMD_DWORDS] = { 0 }, g[3] = { grid, 1, 1 }, b[3] = { 64, 1, 1 };

    nv_qmd_set_launch(q, CODE_VA + pc, g, b);
    NV_QMD_SET(q, REGISTER_COUNT, 8);
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA + qmd_off / 16);
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 1);
    NV_QMD_SET(q, RELEASE0_PAYLOAD, payload);
    for (unsigned i = 0; i < NV_QMD_DWORDS; i += 2) {
        vram_write64(&h->g, QMD_PA + qmd_off + 4 * i, q[i] | (uint64_t)q[i + 1] << 32);
    }
    nvch_launch(ch, SUBCH, QMD_VA + qmd_off, false);
    nvch_submit(ch);
}

static void never_acquire(NvTestChan *ch)
{
    uint32_t acq[] = { 0, (uint32_t)SEM_VA + 0x800, 0xdead, NV_SEMD_OP_ACQUIRE };

    nvch_mthd(ch, 0, A_C46F_SEMAPHOREA, 4, acq);
    nvch_submit(ch);
}

/* One GP entry of 2^21 - 1 dwords over zeroed guest RAM (zero dwords are NOPs). */
static void max_segment(NvTestChan *ch)
{
    for (uint64_t off = 0; off < 4ull * MAX_SEGMENT; off += 0x1000) {
        nvpt_map(&ch->vmm, BIG_PB_VA + off, BIG_PB_PA + off, NV_TARGET_SYS_COH,
                 NV_PAGE_SHIFT_4K, 0);
    }
    nvch_gp_entry(ch, BIG_PB_VA, MAX_SEGMENT);
    nvch_kick(ch);
}

/* A ring of 2^20 entries, all zero (GPFIFO control NOPs), GP_PUT at its last. */
static void far_gp_put(Host *h, NvTestChan *ch)
{
    uint64_t ring = (1ull << BIG_GP_LIMIT2) * NV_GP_ENTRY_SIZE;

    for (uint64_t off = 0; off < ring; off += 0x1000) {
        nvpt_map(&ch->vmm, NVCH_GP_VA + off, BIG_GP_PA + off, NV_TARGET_SYS_COH,
                 NV_PAGE_SHIFT_4K, 0);
    }
    nvch_w32(ch, NV_TARGET_VRAM, ch->inst + NV_RAMFC_GP_BASE_HI, BIG_GP_LIMIT2 << 16);
    nvch_w32(ch, NV_TARGET_VRAM, ch->userd + NV_USERD_GP_PUT, (1u << BIG_GP_LIMIT2) - 1);
    wr(&h->g, A_USERMODE_DOORBELL, ch->runlist << 16 | ch->chid);
}

/* Page tables whose top directory points at itself: every walk ends in a fault. */
static void cyclic_tables(Host *h, NvTestChan *ch)
{
    for (unsigned i = 0; i < 4; i++) {
        vram_write64(&h->g, ch->vmm.pd3 + 8 * i, nvpt_pde(NV_TARGET_VRAM, ch->vmm.pd3));
    }
    nvch_mthd1(ch, 0, A_C46F_NOP, 0);
    nvch_submit(ch);
}

/* A runlist of the maximum length (zeroed VRAM: channel entries of channel 0). */
static void max_runlist(Host *h)
{
    wr(&h->g, A_PFIFO_RUNLIST_BASE_LO(1), 0x3800000);
    wr(&h->g, A_PFIFO_RUNLIST_BASE_HI(1), 0);
    wr(&h->g, A_PFIFO_RUNLIST_SUBMIT(1), NV_RUNLIST_MAX_ENTRIES);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

    return x < y ? -1 : x > y;
}

/* Sorts the samples and prints their median, 99th percentile and maximum. */
static int64_t report(const char *what, int64_t *us, unsigned n)
{
    qsort(us, n, sizeof(*us), cmp_i64);
    g_test_message("note: %s under the hang workloads: median %.3f ms, p99 %.3f ms, "
                   "max %.3f ms (%u samples)", what, us[n / 2] / 1000.0,
                   us[n * 99 / 100] / 1000.0, us[n - 1] / 1000.0, n);
    return us[n - 1];
}

static void measure(Host *h, int64_t *mmio, int64_t *qmp)
{
    for (unsigned i = 0; i < SAMPLES; i++) {
        int64_t t0 = g_get_monotonic_time();
        QDict *rsp;

        g_assert_cmphex(rd(&h->g, A_PMC_BOOT_0), ==, 0x164000a1);
        mmio[i] = g_get_monotonic_time() - t0;
        t0 = g_get_monotonic_time();
        rsp = qtest_qmp(h->g.qts, "{'execute': 'query-status'}");
        qmp[i] = g_get_monotonic_time() - t0;
        g_assert_true(qdict_haskey(rsp, "return"));
        qobject_unref(rsp);
        g_usleep(2000);
    }
}

static void test_hang_suite(void)
{
    static int64_t mmio[SAMPLES], qmp[SAMPLES];
    g_autofree char *log = NULL;
    NvTestChan loop[LOOP_CHANNELS], acq, seg, cyc, gp, fresh;
    Host h;

    gpu_start_logged_with(&h, "q35", "-global nvidia-gpu.host-thread=on "
                          "-global nvidia-gpu.sm-budget=4000000 -m 256M");
    vram_write64(&h.g, CODE_PA, BRA_SELF_LO);
    vram_write64(&h.g, CODE_PA + 8, BRA_SELF_HI);
    for (unsigned i = 0; i < LOOP_CHANNELS; i++) {
        chan_new(&h, &loop[i], 1 + i, i % 2);
        launch(&h, &loop[i], 0x100 * i, 0, 32, 1);
    }
    chan_new(&h, &acq, 8, 0);
    never_acquire(&acq);
    chan_new(&h, &seg, 9, 1);
    max_segment(&seg);
    chan_new(&h, &cyc, 10, 0);
    cyclic_tables(&h, &cyc);
    chan_new(&h, &gp, 11, 1);
    far_gp_put(&h, &gp);
    max_runlist(&h);

    measure(&h, mmio, qmp);
    g_assert_cmpint(report("BAR0 read", mmio, SAMPLES), <, LIVENESS_US);
    g_assert_cmpint(report("QMP query-status", qmp, SAMPLES), <, LIVENESS_US);

    /* every endless loop ended by the watchdog, on its own channel */
    for (unsigned i = 0; i < LOOP_CHANNELS; i++) {
        uint32_t ctrl;

        for (int t = 0; t < 3000 &&
             !((ctrl = rd(&h.g, A_PCCSR_CHANNEL(1 + i))) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK); t++) {
            g_usleep(10000);
        }
        g_assert_cmphex(ctrl & R_PCCSR_CHANNEL_ENG_FAULTED_MASK, !=, 0);
    }
    g_assert_cmpuint(gpu_guest_errors(&h.g, "sm_timeout"), ==, LOOP_CHANNELS);
    g_assert_cmpuint(gpu_guest_errors(&h.g, "mmu_fault_host"), >=, 1);   /* the cycle */
    g_assert_cmphex(rd(&h.g, A_PCCSR_CHANNEL(10)) & R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK, !=, 0);
    g_assert_cmpuint(nvch_userd(&acq, NV_USERD_GP_GET), ==, 0);      /* still waiting */

    /* the device still works: a fresh channel's launch that exits at once */
    vram_write64(&h.g, CODE_PA + 0x10, 0x000000000000794dull);        /* EXIT */
    vram_write64(&h.g, CODE_PA + 0x18, 0x000fea0003800000ull);
    chan_new(&h, &fresh, 12, 0);
    launch(&h, &fresh, 0x800, 0x10, 1, 0x600d);
    for (int t = 0; t < 500 && (vram_read64(&h.g, SEM_PA + 0x80) & 0xffffffff) != 0x600d; t++) {
        g_usleep(10000);
    }
    g_assert_cmphex(vram_read64(&h.g, SEM_PA + 0x80) & 0xffffffff, ==, 0x600d);
    log = gpu_stop_logged(&h);
    g_assert_nonnull(strstr(log, "sm_timeout"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/hang-suite", test_hang_suite);
    return g_test_run();
}
