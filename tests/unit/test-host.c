/*
 * Unit tests of the host (FIFO): channels built in fake memory run GPFIFO
 * entries and pushbuffers; host methods, semaphores, engines through
 * SET_OBJECT, two runlists, disable/enable, and one test per malformed-input
 * class with the error state it must leave (and another channel unharmed).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/cl-902d.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/cl-c5b5.h"
#include "fake-platform.h"
#include "base/gpu.h"

#define VRAM_SIZE   (256ull << 20)
#define CH0_BASE    0x1000000ull
#define CH1_BASE    0x2000000ull
#define SEM_PA      0x3000000ull        /* VRAM page mapped at SEM_VA in every channel */
#define SEM_VA      0x400000ull
#define DATA_PA     0x3100000ull        /* 64 KiB of VRAM mapped at DATA_VA */
#define DATA_VA     0x800000ull

/* Channel chid on runlist rl: GP ring and pushbuffer in system memory (like nouveau). */
/* A channel whose GP ring and 16 pushbuffer pages are system memory slot `slot`. */
static void chan_new_at(FakePlatform *f, NvTestChan *ch, uint32_t chid, uint32_t rl, uint64_t base,
                        unsigned slot)
{
    uint64_t sys = 0x10000 + 0x20000 * slot;

    nvch_init(ch, fake_pt_mem(f), fake_regs(f), chid, rl,
              base, NV_TARGET_SYS_COH, sys, sys + 0x1000);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (unsigned i = 0; i < 16; i++) {
        nvpt_map(&ch->vmm, DATA_VA + 0x1000 * i, DATA_PA + 0x1000 * i, NV_TARGET_VRAM,
                 NV_PAGE_SHIFT_4K, 0);
    }
}

static void chan_new(FakePlatform *f, NvTestChan *ch, uint32_t chid, uint32_t rl, uint64_t base)
{
    chan_new_at(f, ch, chid, rl, base, chid);
}

static uint32_t vram32(FakePlatform *f, uint64_t addr)
{
    uint32_t v = 0;

    g_assert_true(nvgpu_vram_read(f->gpu, addr, &v, 4));
    return v;
}

static void vram_w32(FakePlatform *f, uint64_t addr, uint32_t v)
{
    g_assert_true(nvgpu_vram_write(f->gpu, addr, &v, 4));
}

/* SEMAPHOREA..D release of payload at SEM_VA + off (4-byte form unless four == false). */
static void sem_release_d(NvTestChan *ch, uint32_t off, uint32_t payload, bool four)
{
    uint32_t d[] = { (uint32_t)((SEM_VA + off) >> 32), (uint32_t)(SEM_VA + off), payload,
                     NV_SEMD_OP_RELEASE | (four ? R_C46F_SEMAPHORED_RELEASE_SIZE_MASK : 0) };

    nvch_mthd(ch, 0, A_C46F_SEMAPHOREA, 4, d);
}

static void sem_acquire_d(NvTestChan *ch, uint32_t off, uint32_t payload, uint32_t op)
{
    uint32_t d[] = { (uint32_t)((SEM_VA + off) >> 32), (uint32_t)(SEM_VA + off), payload, op };

    nvch_mthd(ch, 0, A_C46F_SEMAPHOREA, 4, d);
}

static void test_release_and_writeback(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 3, 0, CH0_BASE);
    f->now = 0x123456789ull;
    sem_release_d(&ch, 0x10, 0xcafe0001, false);            /* 16-byte form */
    sem_release_d(&ch, 0x40, 0xcafe0002, true);             /* 4-byte form */
    nvch_submit(&ch);
    g_assert_cmpuint(f->host_kicks, >, 0);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, SEM_PA + 0x10), ==, 0xcafe0001);
    g_assert_cmphex(vram32(f, SEM_PA + 0x14), ==, 0);
    g_assert_cmpuint(vram32(f, SEM_PA + 0x18) | (uint64_t)vram32(f, SEM_PA + 0x1c) << 32, >, 0);
    g_assert_cmphex(vram32(f, SEM_PA + 0x40), ==, 0xcafe0002);
    g_assert_cmphex(vram32(f, SEM_PA + 0x44), ==, 0);       /* nothing past 4 bytes */
    /* GP_GET and GET written back to USERD. */
    g_assert_cmpuint(nvch_userd(&ch, NV_USERD_GP_GET), ==, 1);
    g_assert_cmphex(nvch_userd(&ch, NV_USERD_GET), ==, (uint32_t)(NVCH_PB_VA + 4 * ch.pb_pos));
    g_assert_cmpuint(f->guest_errors, ==, 0);
    fake_free(f);
}

static void test_sem_execute(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;
    uint32_t rel64[] = { (uint32_t)SEM_VA + 0x80, 0, 0x11112222, 0x33334444,
                         NV_SEMX_OP_RELEASE | R_C46F_SEM_EXECUTE_PAYLOAD_SIZE_MASK |
                         R_C46F_SEM_EXECUTE_RELEASE_TIMESTAMP_MASK };
    uint32_t add[] = { (uint32_t)SEM_VA + 0xc0, 0, 5, 0,
                       NV_SEMX_OP_REDUCTION | NV_SEM_RED_ADD << 27 |
                       R_C46F_SEM_EXECUTE_REDUCTION_FORMAT_MASK };
    uint32_t imin[] = { (uint32_t)SEM_VA + 0xd0, 0, (uint32_t)-7, 0,
                        NV_SEMX_OP_REDUCTION | NV_SEM_RED_MIN << 27 };
    uint32_t inc[] = { (uint32_t)SEM_VA + 0xe0, 0, 3, 0,
                       NV_SEMX_OP_REDUCTION | NV_SEM_RED_INC << 27 |
                       R_C46F_SEM_EXECUTE_REDUCTION_FORMAT_MASK };

    chan_new(f, &ch, 0, 0, CH0_BASE);
    vram_w32(f, SEM_PA + 0xc0, 10);
    vram_w32(f, SEM_PA + 0xd0, 4);
    vram_w32(f, SEM_PA + 0xe0, 3);
    nvch_mthd(&ch, 0, A_C46F_SEM_ADDR_LO, 5, rel64);
    nvch_mthd(&ch, 0, A_C46F_SEM_ADDR_LO, 5, add);
    nvch_mthd(&ch, 0, A_C46F_SEM_ADDR_LO, 5, imin);
    nvch_mthd(&ch, 0, A_C46F_SEM_ADDR_LO, 5, inc);
    nvch_submit(&ch);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, SEM_PA + 0x80), ==, 0x11112222);
    g_assert_cmphex(vram32(f, SEM_PA + 0x84), ==, 0x33334444);
    g_assert_cmpuint(vram32(f, SEM_PA + 0x88), !=, 0);          /* timestamp */
    g_assert_cmpuint(vram32(f, SEM_PA + 0xc0), ==, 15);
    g_assert_cmpint((int32_t)vram32(f, SEM_PA + 0xd0), ==, -7);  /* signed minimum */
    g_assert_cmpuint(vram32(f, SEM_PA + 0xe0), ==, 0);           /* INC wraps at payload */
    fake_free(f);
}

/* An acquire that is not met parks its channel; the other channel keeps going. */
static void test_acquire_parks(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan a, b;

    chan_new(f, &a, 1, 0, CH0_BASE);
    chan_new(f, &b, 2, 1, CH1_BASE);
    sem_acquire_d(&a, 0x100, 7, NV_SEMD_OP_ACQ_GEQ);
    sem_release_d(&a, 0x104, 0xa, true);
    nvch_submit(&a);
    sem_release_d(&b, 0x108, 0xb, true);
    nvch_submit(&b);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, SEM_PA + 0x104), ==, 0);          /* a waits */
    g_assert_cmphex(vram32(f, SEM_PA + 0x108), ==, 0xb);        /* b ran */
    g_assert_true(f->host_poll_armed);
    g_assert_cmpuint(nvch_userd(&a, NV_USERD_GP_GET), ==, 0);
    vram_w32(f, SEM_PA + 0x100, 6);                             /* not yet */
    fake_advance(f, 100000);
    g_assert_cmphex(vram32(f, SEM_PA + 0x104), ==, 0);
    vram_w32(f, SEM_PA + 0x100, 9);                             /* now >= 7 */
    fake_advance(f, 100000);
    g_assert_cmphex(vram32(f, SEM_PA + 0x104), ==, 0xa);
    g_assert_cmpuint(nvch_userd(&a, NV_USERD_GP_GET), ==, 1);
    fake_free(f);
}

static void test_nonstall_interrupt(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 0, 0, CH0_BASE);
    wr32(f, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_FIFO);
    wr32(f, A_PFIFO_INTR_EN_0, R_PFIFO_INTR_0_NON_STALL_MASK);
    nvch_mthd1(&ch, 0, A_C46F_NON_STALL_INTERRUPT, 0);
    nvch_submit(&ch);
    g_assert_false(nvgpu_irq_level(f->gpu));
    fake_run_host(f);
    g_assert_cmphex(rd32(f, A_PFIFO_INTR_0), ==, R_PFIFO_INTR_0_NON_STALL_MASK);
    g_assert_cmphex(rd32(f, A_PMC_INTR_0) & NV_PMC_INTR_FIFO, !=, 0);
    g_assert_true(nvgpu_irq_level(f->gpu));
    wr32(f, A_PFIFO_INTR_0, R_PFIFO_INTR_0_NON_STALL_MASK);
    g_assert_false(nvgpu_irq_level(f->gpu));
    fake_free(f);
}

/* Disabled channels do not run; enabling them resumes where they were. */
static void test_disable_enable(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 5, 0, CH0_BASE);
    wr32(f, A_PCCSR_CHANNEL(5), R_PCCSR_CHANNEL_ENABLE_CLR_MASK);
    g_assert_cmphex(rd32(f, A_PCCSR_CHANNEL(5)), ==, 0);
    sem_release_d(&ch, 0x200, 0x55, true);
    nvch_submit(&ch);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, SEM_PA + 0x200), ==, 0);
    wr32(f, A_PCCSR_CHANNEL(5), R_PCCSR_CHANNEL_ENABLE_SET_MASK);
    g_assert_cmphex(rd32(f, A_PCCSR_CHANNEL(5)), ==, R_PCCSR_CHANNEL_ENABLE_MASK);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, SEM_PA + 0x200), ==, 0x55);
    /* Preempt completes at once; runlist submit is never pending. */
    wr32(f, A_PFIFO_PREEMPT, 0x01000000 | 5);
    g_assert_cmphex(rd32(f, A_PFIFO_PREEMPT) & R_PFIFO_PREEMPT_PENDING_MASK, ==, 0);
    g_assert_cmphex(rd32(f, A_PFIFO_RUNLIST_STATUS(0)), ==, 0);
    fake_free(f);
}

/* Puts channel b to work next to a broken channel and checks b still completes. */
static void check_other_channel_runs(FakePlatform *f)
{
    NvTestChan b;

    chan_new(f, &b, 9, 1, CH1_BASE);
    sem_release_d(&b, 0x300, 0x99, true);
    nvch_submit(&b);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, SEM_PA + 0x300), ==, 0x99);
}

static void expect_pbdma_error(FakePlatform *f, unsigned p, uint32_t bit, uint32_t chid)
{
    g_assert_cmphex(rd32(f, A_PBDMA_INTR_0(p)) & bit, ==, bit);
    g_assert_cmpuint(rd32(f, A_PBDMA_CHANNEL(p)), ==, chid);
    g_assert_cmphex(rd32(f, A_PCCSR_CHANNEL(chid)) & R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK, !=, 0);
    wr32(f, A_PBDMA_INTR_EN_0(p), 0xffffffff);
    g_assert_cmphex(rd32(f, A_PFIFO_INTR_0) & R_PFIFO_INTR_0_PBDMA_INTR_MASK, !=, 0);
    g_assert_cmphex(rd32(f, A_PFIFO_PBDMA_INTR_PENDING), ==, 1u << p);
    g_assert_cmpuint(f->guest_errors, >, 0);
}

static void test_bad_opcode(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 4, 0, CH0_BASE);
    nvch_push(&ch, 0xc0000000);                             /* SEC_OP 6 */
    nvch_submit(&ch);
    fake_run_host(f);
    expect_pbdma_error(f, 0, NV_PBDMA_INTR_PBENTRY, 4);
    g_assert_nonnull(strstr(f->last_error, "PBDMA0"));
    check_other_channel_runs(f);
    fake_free(f);
}

static void test_gp_put_beyond_ring(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 4, 0, CH0_BASE);
    nvch_w32(&ch, NV_TARGET_VRAM, ch.userd + NV_USERD_GP_PUT, 1u << NVCH_GP_LIMIT2);
    wr32(f, A_USERMODE_DOORBELL, 4);
    fake_run_host(f);
    expect_pbdma_error(f, 0, NV_PBDMA_INTR_GPPTR, 4);
    check_other_channel_runs(f);
    fake_free(f);
}

static void test_invalid_class(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 4, 0, CH0_BASE);
    nvch_mthd1(&ch, 1, A_C46F_SET_OBJECT, 0x1234);
    nvch_submit(&ch);
    fake_run_host(f);
    expect_pbdma_error(f, 0, NV_PBDMA_INTR_METHOD, 4);
    g_assert_cmphex(rd32(f, A_PBDMA_DATA0(0)), ==, 0x1234);
    g_assert_cmphex(rd32(f, A_PBDMA_METHOD0(0)), ==, 1u << 16 | A_C46F_SET_OBJECT);
    check_other_channel_runs(f);
    fake_free(f);
}

/* A GP entry pointing at unmapped memory: an MMU fault by the host, channel stopped. */
static void test_unmapped_pushbuffer(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 4, 0, CH0_BASE);
    wr32(f, A_VF_FAULT_BUF_LO(0), 0x3800000 | R_VF_FAULT_BUF_LO_PHYS_MODE_MASK);
    wr32(f, A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_ENABLE_MASK | 16);
    nvch_gp_entry(&ch, 0x7000000000ull, 8);
    nvch_kick(&ch);
    fake_run_host(f);
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_PUT(0)), ==, 1);
    g_assert_cmphex(vram32(f, 0x3800000 + A_FAULT_ENTRY_ADDR_LO), ==, 0);
    g_assert_cmphex(vram32(f, 0x3800000 + A_FAULT_ENTRY_ADDR_HI), ==, 0x70);
    g_assert_cmphex(vram32(f, 0x3800000 + A_FAULT_ENTRY_INFO0) & 0xff, ==, NV_MMU_ENG_HOST0);
    g_assert_cmphex(rd32(f, A_PCCSR_CHANNEL(4)) & R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK, !=, 0);
    check_other_channel_runs(f);
    fake_free(f);
}

/* An acquire that never completes: the channel stays parked, others are unaffected. */
static void test_acquire_never(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 4, 0, CH0_BASE);
    sem_acquire_d(&ch, 0x400, 1, NV_SEMD_OP_ACQUIRE);
    nvch_submit(&ch);
    fake_run_host(f);
    for (int i = 0; i < 10; i++) {
        fake_advance(f, 1000000);
    }
    g_assert_cmpuint(nvch_userd(&ch, NV_USERD_GP_GET), ==, 0);
    g_assert_true(f->host_poll_armed);
    check_other_channel_runs(f);
    fake_free(f);
}

/* Unbinding drops the channel's state; a later bind starts from GP_GET 0. */
static void test_unbind(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;

    chan_new(f, &ch, 6, 0, CH0_BASE);
    sem_release_d(&ch, 0x500, 1, true);
    nvch_submit(&ch);
    fake_run_host(f);
    wr32(f, A_PCCSR_INST(6), 0);
    g_assert_cmphex(rd32(f, A_PCCSR_CHANNEL(6)), ==, 0);
    wr32(f, A_USERMODE_DOORBELL, 6);                        /* no channel: a guest error */
    g_assert_nonnull(strstr(f->last_error, "doorbell"));
    fake_free(f);
}

/* One host-work call gives every runnable channel exactly one slice. */
static void test_round_robin(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan a, b;

    chan_new(f, &a, 0, 0, CH0_BASE);
    chan_new(f, &b, 1, 1, CH1_BASE);
    sem_release_d(&a, 0x600, 0xa, true);
    nvch_submit(&a);
    sem_release_d(&b, 0x604, 0xb, true);
    nvch_submit(&b);
    nvgpu_host_work(f->gpu);
    g_assert_cmphex(vram32(f, SEM_PA + 0x600), ==, 0xa);
    g_assert_cmphex(vram32(f, SEM_PA + 0x604), ==, 0xb);
    fake_free(f);
}

/*
 * The scheduler visits bound channels only (a bitmap of 64-bit words): ids
 * on both sides of a word boundary and at the ends each run in one pass,
 * and an unbound one is skipped.
 */
static void test_sparse_channels(void)
{
    static const uint32_t ids[] = { 0, 63, 64, 127 };
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch[G_N_ELEMENTS(ids)];

    for (unsigned i = 0; i < G_N_ELEMENTS(ids); i++) {
        chan_new_at(f, &ch[i], ids[i], 0, CH0_BASE + 0x400000ull * i, i);
        sem_release_d(&ch[i], 0x700 + 4 * i, 0x100 + i, true);
        nvch_submit(&ch[i]);
    }
    wr32(f, A_PCCSR_INST(64), 0);                           /* unbound: its work never runs */
    g_assert_false(nvgpu_host_work(f->gpu));
    for (unsigned i = 0; i < G_N_ELEMENTS(ids); i++) {
        g_assert_cmphex(vram32(f, SEM_PA + 0x700 + 4 * i), ==, ids[i] == 64 ? 0 : 0x100 + i);
    }
    fake_free(f);
}

/* A copy-engine fault names the runlist's LCE (LCE2 on runlist 1: 0x0f + 2). */
static void test_ce_fault_engine(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    uint32_t regs[] = { 0x70, 0, 0, (uint32_t)DATA_VA, 64, 64, 64, 1 };
    NvTestChan ch;

    chan_new(f, &ch, 2, 1, CH1_BASE);
    wr32(f, A_VF_FAULT_BUF_LO(0), 0x3800000 | R_VF_FAULT_BUF_LO_PHYS_MODE_MASK);
    wr32(f, A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_ENABLE_MASK | 16);
    nvch_mthd1(&ch, 4, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    nvch_mthd(&ch, 4, A_C5B5_OFFSET_IN_UPPER, 8, regs);     /* source 0x70_0000_0000: unmapped */
    nvch_mthd1(&ch, 4, A_C5B5_LAUNCH_DMA,
               NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE, C5B5_DATA_TRANSFER_NON_PIPELINED) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH));
    nvch_submit(&ch);
    fake_run_host(f);
    g_assert_cmphex(rd32(f, A_VF_FAULT_BUF_PUT(0)), ==, 1);
    g_assert_cmphex(vram32(f, 0x3800000 + A_FAULT_ENTRY_INFO0) & 0xff, ==, NV_MMU_ENG_CE0 + 2);
    g_assert_cmphex(rd32(f, A_PCCSR_CHANNEL(2)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK, !=, 0);
    g_assert_cmphex(rd32(f, A_CE_INTR_STATUS(2)), ==, 0);   /* a fault, not a launch error */
    fake_free(f);
}

/* A 64-byte pitch copy DATA_VA -> DATA_VA + 0x100 on subch, with no SET_OBJECT. */
static void push_unbound_copy(NvTestChan *ch, unsigned subch)
{
    uint32_t regs[] = { 0, (uint32_t)DATA_VA, 0, (uint32_t)DATA_VA + 0x100, 64, 64, 64, 1 };

    nvch_mthd(ch, subch, A_C5B5_OFFSET_IN_UPPER, 8, regs);
    nvch_mthd1(ch, subch, A_C5B5_LAUNCH_DMA,
               NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE, C5B5_DATA_TRANSFER_NON_PIPELINED) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
               NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH));
}

/*
 * The copy engine needs no SET_OBJECT (NVK relies on it): every subchannel of
 * a copy-engine runlist and subchannel 4 (GRCE) of the GR runlist reach it;
 * another unbound subchannel of the GR runlist is still a METHOD error.
 */
static void test_unbound_copy(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ce, gr;

    vram_w32(f, DATA_PA, 0x600dc0de);
    chan_new(f, &ce, 2, 1, CH1_BASE);
    push_unbound_copy(&ce, 0);
    nvch_submit(&ce);
    chan_new(f, &gr, 4, 0, CH0_BASE);
    push_unbound_copy(&gr, NV_GRCE_SUBCH);
    sem_release_d(&gr, 0, 0x44, true);
    nvch_submit(&gr);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, DATA_PA + 0x100), ==, 0x600dc0de);
    g_assert_cmphex(vram32(f, SEM_PA), ==, 0x44);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    push_unbound_copy(&gr, 2);
    nvch_submit(&gr);
    fake_run_host(f);
    expect_pbdma_error(f, 0, NV_PBDMA_INTR_METHOD, 4);
    fake_free(f);
}

/* The 3D and 2D classes bind and take their state; work behind them goes on. */
static void test_state_only_classes(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    uint32_t state[64] = { 0 };
    NvTestChan ch;

    chan_new(f, &ch, 4, 0, CH0_BASE);
    nvch_mthd1(&ch, 0, A_C46F_SET_OBJECT, NV_CLASS_TURING_A);
    nvch_mthd1(&ch, 3, A_C46F_SET_OBJECT, NV_CLASS_FERMI_TWOD_A);
    nvch_mthd(&ch, 0, 0x0200, 64, state);
    nvch_mthd(&ch, 3, 0x0200, 64, state);
    sem_release_d(&ch, 0, 0x3d, true);
    nvch_submit(&ch);
    fake_run_host(f);
    g_assert_cmphex(vram32(f, SEM_PA), ==, 0x3d);
    g_assert_cmphex(rd32(f, A_PCCSR_CHANNEL(4)) & R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK, ==, 0);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    fake_free(f);
}

/* Scheduler errors: the bit and code the hardware sets, the guest error of the kind. */
static void check_sched_error(FakePlatform *f, uint32_t code, NvGuestErrorKind kind)
{
    g_assert_cmphex(rd32(f, A_PFIFO_INTR_0) & R_PFIFO_INTR_0_SCHED_ERROR_MASK, !=, 0);
    g_assert_cmphex(rd32(f, A_PFIFO_INTR_SCHED_ERROR), ==, code);
    g_assert_cmpuint(nvgpu_guest_error_count(f->gpu, kind), ==, 1);
    wr32(f, A_PFIFO_INTR_EN_0, R_PFIFO_INTR_0_SCHED_ERROR_MASK);
    g_assert_cmphex(rd32(f, A_PMC_INTR_0) & NV_PMC_INTR_FIFO, ==, NV_PMC_INTR_FIFO);
    wr32(f, A_PFIFO_INTR_0, R_PFIFO_INTR_0_SCHED_ERROR_MASK);      /* write 1 clears */
    g_assert_cmphex(rd32(f, A_PFIFO_INTR_0) & R_PFIFO_INTR_0_SCHED_ERROR_MASK, ==, 0);
}

static void test_sched_errors(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);

    wr32(f, A_USERMODE_DOORBELL, 7);                    /* channel 7 is not bound */
    check_sched_error(f, NV_SCHED_ERROR_BAD_TSG, NV_ERR_DOORBELL_NO_CHANNEL);
    wr32(f, A_PFIFO_RUNLIST_SUBMIT(0), NV_RUNLIST_MAX_ENTRIES + 1);
    check_sched_error(f, NV_SCHED_ERROR_RL_RDAT_EXTRA, NV_ERR_RUNLIST_TOO_LONG);
    wr32(f, A_PFIFO_RUNLIST_BASE_LO(1), 0xfffff000);    /* past the end of VRAM */
    wr32(f, A_PFIFO_RUNLIST_BASE_HI(1), 0xff);
    wr32(f, A_PFIFO_RUNLIST_SUBMIT(1), 2);
    check_sched_error(f, NV_SCHED_ERROR_RL_RDAT_TIMEOUT, NV_ERR_RUNLIST_UNREADABLE);
    fake_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/host/release-writeback", test_release_and_writeback);
    g_test_add_func("/host/sem-execute", test_sem_execute);
    g_test_add_func("/host/acquire-parks", test_acquire_parks);
    g_test_add_func("/host/nonstall-interrupt", test_nonstall_interrupt);
    g_test_add_func("/host/disable-enable", test_disable_enable);
    g_test_add_func("/host/bad-opcode", test_bad_opcode);
    g_test_add_func("/host/gp-put-beyond-ring", test_gp_put_beyond_ring);
    g_test_add_func("/host/invalid-class", test_invalid_class);
    g_test_add_func("/host/unmapped-pushbuffer", test_unmapped_pushbuffer);
    g_test_add_func("/host/acquire-never", test_acquire_never);
    g_test_add_func("/host/unbind", test_unbind);
    g_test_add_func("/host/round-robin", test_round_robin);
    g_test_add_func("/host/sparse-channels", test_sparse_channels);
    g_test_add_func("/host/ce-fault-engine", test_ce_fault_engine);
    g_test_add_func("/host/unbound-copy", test_unbound_copy);
    g_test_add_func("/host/state-only-classes", test_state_only_classes);
    g_test_add_func("/host/sched-errors", test_sched_errors);
    return g_test_run();
}
