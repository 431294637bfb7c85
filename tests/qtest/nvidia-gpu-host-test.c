/*
 * qtests of the host (FIFO) inside QEMU, with no guest OS: instance blocks,
 * page tables, GPFIFO rings, USERD and pushbuffers are built in VRAM and
 * guest RAM; effects are checked in memory. Covers the pushbuffer header
 * kinds (through inline-to-memory), semaphores, the copy engine (pitch and
 * block-linear), GP_GET/GET writeback, two runlists, disable/preempt, the
 * non-stall interrupt, and each malformed-input class with its error state,
 * its guest-error log line, and another channel still completing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-qtest.h"

#define CH_BASE(i)  (0x1000000ull + 0x100000ull * (i))  /* VRAM: inst, USERD, tables */
#define SYS_RING(i) (0x400000ull + 0x40000ull * (i))    /* guest RAM: GP ring + pushbuffer */
#define SEM_PA      0x3000000ull                        /* VRAM, mapped at SEM_VA */
#define SEM_VA      0x400000ull
#define DATA_PA     0x3100000ull                        /* VRAM, 256 KiB at DATA_VA */
#define DATA_VA     0x800000ull
#define DATA_PAGES  64

typedef LoggedGpu Host;

static void chan_new(Host *h, NvTestChan *ch, uint32_t chid, uint32_t rl)
{
    nvch_init(ch, gpu_pt_mem(&h->g), gpu_regs(&h->g), chid, rl, CH_BASE(chid),
              NV_TARGET_SYS_COH, SYS_RING(chid), SYS_RING(chid) + 0x1000);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (unsigned i = 0; i < DATA_PAGES; i++) {
        nvpt_map(&ch->vmm, DATA_VA + 0x1000 * i, DATA_PA + 0x1000 * i, NV_TARGET_VRAM,
                 NV_PAGE_SHIFT_4K, 0);
    }
}

/* Lets the main loop run the host's bottom half and any due timers. */
static void settle(Host *h)
{
    for (int i = 0; i < 4; i++) {
        qtest_clock_step(h->g.qts, 50000);
    }
}

static uint32_t vram32(Host *h, uint64_t a)
{
    return vram_read32(&h->g, a);
}

static void vram_w32(Host *h, uint64_t a, uint32_t v)
{
    vram_write32(&h->g, a, v);
}

static void release_4(NvTestChan *ch, uint32_t off, uint32_t payload)
{
    uint32_t d[] = { 0, (uint32_t)SEM_VA + off, payload,
                     NV_SEMD_OP_RELEASE | R_C46F_SEMAPHORED_RELEASE_SIZE_MASK };

    nvch_mthd(ch, 0, A_C46F_SEMAPHOREA, 4, d);
}

/* ---- pushbuffer header kinds, through inline-to-memory ---- */

static void test_header_kinds(void)
{
    const uint32_t subch = 2, data = A_A140_LOAD_INLINE_DATA;
    uint32_t geom[] = { 32, 1 };                            /* 32 bytes, one line */
    uint32_t out[] = { 0, (uint32_t)DATA_VA + 0x100, (uint32_t)DATA_VA };
    Host h;
    NvTestChan ch;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &ch, 0, 0);
    nvch_mthd1(&ch, subch, A_C46F_SET_OBJECT, NV_CLASS_KEPLER_INLINE_TO_MEMORY_B);
    nvch_mthd(&ch, subch, A_A140_LINE_LENGTH_IN, 2, geom);          /* incrementing */
    nvch_push(&ch, NV_PB_SEC_ONE_INC << 29 | 3 << 16 | subch << 13 | A_A140_OFFSET_OUT_UPPER >> 2);
    for (int i = 0; i < 3; i++) {                                   /* increment-once */
        nvch_push(&ch, out[i]);
    }
    nvch_mthd1(&ch, subch, A_A140_LAUNCH_DMA,
               NV_FDP32(0, A140_LAUNCH_DMA, DST_MEMORY_LAYOUT, 1)); /* pitch */
    nvch_push(&ch, NV_PB_SEC_NON_INC_METHOD << 29 | 3 << 16 | subch << 13 | data >> 2);
    nvch_push(&ch, 0x11111111);
    nvch_push(&ch, 0x22222222);
    nvch_push(&ch, 0x33333333);
    nvch_push(&ch, NV_PB_SEC_IMMD_DATA << 29 | 0x444 << 16 | subch << 13 | data >> 2);
    nvch_push(&ch, 2 << 29 | 1 << 18 | subch << 13 | data);         /* legacy non-inc */
    nvch_push(&ch, 0x55555555);
    nvch_push(&ch, NV_PB_SEC_NON_INC_METHOD << 29 | 3 << 16 | subch << 13 | data >> 2);
    nvch_push(&ch, 0x66666666);
    nvch_submit(&ch);                       /* the last two dwords: the next segment */
    nvch_push(&ch, 0x77777777);
    nvch_push(&ch, 0x88888888);
    nvch_submit(&ch);
    settle(&h);

    static const uint32_t expect[] = { 0x11111111, 0x22222222, 0x33333333, 0x444,
                                       0x55555555, 0x66666666, 0x77777777, 0x88888888 };
    for (unsigned i = 0; i < G_N_ELEMENTS(expect); i++) {
        g_assert_cmphex(vram32(&h, DATA_PA + 4 * i), ==, expect[i]);
    }
    g_assert_cmphex(vram32(&h, DATA_PA + 0x100), ==, 0);            /* offset replaced */
    /* GP_GET and GET written back to USERD. */
    g_assert_cmpuint(nvch_userd(&ch, NV_USERD_GP_GET), ==, 2);
    g_assert_cmphex(nvch_userd(&ch, NV_USERD_GET), ==, (uint32_t)(NVCH_PB_VA + 4 * ch.pb_pos));
    g_free(gpu_stop_logged(&h));
}

/* ---- semaphores ---- */

static void test_semaphores(void)
{
    uint32_t rel16[] = { 0, (uint32_t)SEM_VA + 0x10, 0xabcd0001, NV_SEMD_OP_RELEASE };
    uint32_t acq[] = { 0, (uint32_t)SEM_VA + 0x40, 5, NV_SEMD_OP_ACQ_GEQ };
    uint32_t red[] = { (uint32_t)SEM_VA + 0x60, 0, 7, 0,
                       NV_SEMX_OP_REDUCTION | NV_SEM_RED_ADD << 27 };
    uint32_t rel64[] = { (uint32_t)SEM_VA + 0x80, 0, 0x89abcdef, 0x01234567,
                         NV_SEMX_OP_RELEASE | R_C46F_SEM_EXECUTE_PAYLOAD_SIZE_MASK |
                         R_C46F_SEM_EXECUTE_RELEASE_TIMESTAMP_MASK };
    uint64_t t0, ts;
    Host h;
    NvTestChan ch;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &ch, 1, 0);
    vram_w32(&h, SEM_PA + 0x60, 100);
    t0 = rd(&h.g, A_PTIMER_TIME_0) | (uint64_t)rd(&h.g, A_PTIMER_TIME_1) << 32;
    nvch_mthd(&ch, 0, A_C46F_SEMAPHOREA, 4, rel16);
    nvch_mthd(&ch, 0, A_C46F_SEMAPHOREA, 4, acq);
    nvch_mthd(&ch, 0, A_C46F_SEM_ADDR_LO, 5, red);
    nvch_mthd(&ch, 0, A_C46F_SEM_ADDR_LO, 5, rel64);
    nvch_submit(&ch);
    settle(&h);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x10), ==, 0xabcd0001);
    ts = vram32(&h, SEM_PA + 0x18) | (uint64_t)vram32(&h, SEM_PA + 0x1c) << 32;
    g_assert_cmpuint(ts, >, t0);
    g_assert_cmpuint(vram32(&h, SEM_PA + 0x60), ==, 100);           /* waits for 0x40 >= 5 */
    vram_w32(&h, SEM_PA + 0x40, 4);
    settle(&h);
    g_assert_cmpuint(vram32(&h, SEM_PA + 0x60), ==, 100);
    vram_w32(&h, SEM_PA + 0x40, 5);
    settle(&h);
    g_assert_cmpuint(vram32(&h, SEM_PA + 0x60), ==, 107);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x80), ==, 0x89abcdef);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x84), ==, 0x01234567);
    g_assert_cmpuint(vram32(&h, SEM_PA + 0x88) | (uint64_t)vram32(&h, SEM_PA + 0x8c) << 32,
                     >=, ts);
    g_free(gpu_stop_logged(&h));
}

/* ---- the copy engine ---- */

static void ce_launch(NvTestChan *ch, uint64_t src, uint64_t dst, uint32_t pitch_in,
                      uint32_t pitch_out, uint32_t len, uint32_t lines, uint32_t layout_bits)
{
    uint32_t regs[] = { (uint32_t)(src >> 32), (uint32_t)src, (uint32_t)(dst >> 32),
                        (uint32_t)dst, pitch_in, pitch_out, len, lines };
    uint32_t sem[] = { 0, (uint32_t)SEM_VA + 0x100, 0x5e5e0000 + lines };
    uint32_t launch = 0;

    launch = NV_FDP32(launch, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE,
                      C5B5_DATA_TRANSFER_NON_PIPELINED);
    launch = NV_FDP32(launch, C5B5_LAUNCH_DMA, MULTI_LINE_ENABLE, 1);
    launch = NV_FDP32(launch, C5B5_LAUNCH_DMA, SEMAPHORE_TYPE, C5B5_SEMAPHORE_RELEASE_ONE_WORD);
    nvch_mthd(ch, 4, A_C5B5_OFFSET_IN_UPPER, 8, regs);
    nvch_mthd(ch, 4, A_C5B5_SET_SEMAPHORE_A, 3, sem);
    nvch_mthd1(ch, 4, A_C5B5_LAUNCH_DMA, launch | layout_bits);
}

static void fill_pattern(Host *h, uint64_t pa, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i += 8) {
        vram_write64(&h->g, pa + i, 0x0101010101010101ull * (i / 8 % 251) ^ (pa + i) << 20);
    }
}

static void test_copy_pitch(void)
{
    Host h;
    NvTestChan ch;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &ch, 2, 1);
    fill_pattern(&h, DATA_PA, 0x4000);
    nvch_mthd1(&ch, 4, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    /* 24 lines of 200 bytes, pitch 256 in, 512 out. */
    ce_launch(&ch, DATA_VA, DATA_VA + 0x10000, 256, 512, 200, 24,
              NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
              NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH));
    nvch_submit(&ch);
    settle(&h);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x100), ==, 0x5e5e0000 + 24);
    for (unsigned y = 0; y < 24; y++) {
        for (unsigned x = 0; x < 200; x += 4) {
            g_assert_cmphex(vram32(&h, DATA_PA + 0x10000 + y * 512 + x), ==,
                            vram32(&h, DATA_PA + y * 256 + x));
        }
        g_assert_cmphex(vram32(&h, DATA_PA + 0x10000 + y * 512 + 200), ==, 0);
    }
    g_free(gpu_stop_logged(&h));
}

/* Pitch -> block-linear -> pitch gives the original back; the middle is not pitch. */
static void test_copy_blocklinear(void)
{
    const uint32_t w = 256, rows = 32;
    uint32_t bl[] = { NV_FDP32(NV_FDP32(0, C5B5_BLOCK_SIZE, HEIGHT, 1), C5B5_BLOCK_SIZE,
                               GOB_HEIGHT, C5B5_GOB_HEIGHT_FERMI_8),   /* 1 x 2 GOBs */
                      w, rows, 1, 0 };
    Host h;
    NvTestChan ch;
    bool differs = false;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &ch, 3, 0);
    fill_pattern(&h, DATA_PA, w * rows);
    nvch_mthd1(&ch, 4, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    nvch_mthd(&ch, 4, A_C5B5_SET_DST_BLOCK_SIZE, 5, bl);
    ce_launch(&ch, DATA_VA, DATA_VA + 0x10000, w, w, w, rows,
              NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
              NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_BLOCKLINEAR));
    nvch_mthd(&ch, 4, A_C5B5_SET_SRC_BLOCK_SIZE, 5, bl);
    ce_launch(&ch, DATA_VA + 0x10000, DATA_VA + 0x20000, w, w, w, rows,
              NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_BLOCKLINEAR) |
              NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH));
    nvch_submit(&ch);
    settle(&h);
    for (unsigned i = 0; i < w * rows; i += 4) {
        g_assert_cmphex(vram32(&h, DATA_PA + 0x20000 + i), ==, vram32(&h, DATA_PA + i));
        differs |= vram32(&h, DATA_PA + 0x10000 + i) != vram32(&h, DATA_PA + i);
    }
    g_assert_true(differs);
    /* Row 1 of the pitch image starts 16 bytes into the first GOB (Turing GOB layout). */
    g_assert_cmphex(vram32(&h, DATA_PA + 0x10000 + 16), ==, vram32(&h, DATA_PA + w));
    g_free(gpu_stop_logged(&h));
}

/* ---- scheduling ---- */

static void test_two_runlists(void)
{
    Host h;
    NvTestChan a, b;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &a, 4, 0);
    chan_new(&h, &b, 5, 1);
    for (unsigned i = 0; i < 64; i++) {
        release_4(&a, 0x200 + 4 * (i % 8), i);
        release_4(&b, 0x300 + 4 * (i % 8), 0x100 + i);
    }
    nvch_submit(&a);
    nvch_submit(&b);
    settle(&h);
    g_assert_cmpuint(vram32(&h, SEM_PA + 0x200 + 4 * 7), ==, 63);
    g_assert_cmpuint(vram32(&h, SEM_PA + 0x300 + 4 * 7), ==, 0x100 + 63);
    g_free(gpu_stop_logged(&h));
}

/* A channel stopped by disable (after a preempt) does nothing until re-enabled. */
static void test_disable_preempt(void)
{
    uint32_t acq[] = { 0, (uint32_t)SEM_VA + 0x400, 1, NV_SEMD_OP_ACQUIRE };
    Host h;
    NvTestChan ch;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &ch, 6, 0);
    nvch_mthd(&ch, 0, A_C46F_SEMAPHOREA, 4, acq);
    release_4(&ch, 0x404, 0x77);
    nvch_submit(&ch);
    settle(&h);                                         /* parked mid-stream */
    wr(&h.g, A_PFIFO_PREEMPT, 0x01000000 | 6);
    g_assert_cmphex(rd(&h.g, A_PFIFO_PREEMPT) & R_PFIFO_PREEMPT_PENDING_MASK, ==, 0);
    wr(&h.g, A_PCCSR_CHANNEL(6), R_PCCSR_CHANNEL_ENABLE_CLR_MASK);
    vram_w32(&h, SEM_PA + 0x400, 1);
    settle(&h);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x404), ==, 0);
    wr(&h.g, A_PCCSR_CHANNEL(6), R_PCCSR_CHANNEL_ENABLE_SET_MASK);
    settle(&h);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x404), ==, 0x77);
    g_free(gpu_stop_logged(&h));
}

static void test_nonstall_msi(void)
{
    Host h;
    NvTestChan ch;

    gpu_start_logged(&h, "q35");
    msi_enable(&h.g);
    qtest_writel(h.g.qts, MSI_ADDR, 0);
    wr(&h.g, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_FIFO);
    wr(&h.g, A_PFIFO_INTR_EN_0, R_PFIFO_INTR_0_NON_STALL_MASK);
    chan_new(&h, &ch, 7, 1);
    nvch_mthd1(&ch, 0, A_C46F_NON_STALL_INTERRUPT, 0);
    nvch_submit(&ch);
    settle(&h);
    g_assert_cmphex(rd(&h.g, A_PFIFO_INTR_0), ==, R_PFIFO_INTR_0_NON_STALL_MASK);
    g_assert_cmphex(qtest_readl(h.g.qts, MSI_ADDR), ==, MSI_DATA);
    g_free(gpu_stop_logged(&h));
}

/* ---- malformed input: the channel's error state, the log, and another channel ---- */

typedef void (*Breaker)(Host *h, NvTestChan *ch);

/*
 * The bad channel stops with the PBDMA error (pbdma_bit, unless 0), the log
 * has log_needle, and the QOM counter of the guest-error kind went from 0 to 1.
 */
static void check_malformed(Breaker brk, uint32_t pbdma_bit, const char *kind,
                            const char *log_needle)
{
    g_autofree char *log = NULL;
    Host h;
    NvTestChan bad, good;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &bad, 8, 0);
    chan_new(&h, &good, 9, 1);
    g_assert_cmpuint(gpu_guest_errors(&h.g, kind), ==, 0);
    brk(&h, &bad);
    release_4(&good, 0x500, 0x600d);
    nvch_submit(&good);
    settle(&h);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x500), ==, 0x600d);
    if (pbdma_bit) {
        g_assert_cmphex(rd(&h.g, A_PBDMA_INTR_0(0)) & pbdma_bit, ==, pbdma_bit);
        g_assert_cmpuint(rd(&h.g, A_PBDMA_CHANNEL(0)), ==, 8);
        g_assert_cmphex(rd(&h.g, A_PCCSR_CHANNEL(8)) & R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK,
                        !=, 0);
        wr(&h.g, A_PBDMA_INTR_EN_0(0), 0xffffffff);
        g_assert_cmphex(rd(&h.g, A_PFIFO_INTR_0) & R_PFIFO_INTR_0_PBDMA_INTR_MASK, !=, 0);
    }
    g_assert_cmpuint(gpu_guest_errors(&h.g, kind), ==, 1);
    log = gpu_stop_logged(&h);
    g_assert_nonnull(strstr(log, log_needle));
}

static void brk_opcode(Host *h, NvTestChan *ch)
{
    nvch_push(ch, 0xc0000000);                          /* SEC_OP 6 */
    nvch_submit(ch);
}

static void brk_gp_put(Host *h, NvTestChan *ch)
{
    nvch_w32(ch, NV_TARGET_VRAM, ch->userd + NV_USERD_GP_PUT, 1u << NVCH_GP_LIMIT2);
    wr(&h->g, A_USERMODE_DOORBELL, ch->chid);
}

static void brk_class(Host *h, NvTestChan *ch)
{
    nvch_mthd1(ch, 1, A_C46F_SET_OBJECT, 0xbeef);
    nvch_submit(ch);
}

static void brk_unmapped(Host *h, NvTestChan *ch)
{
    nvch_gp_entry(ch, 0x7000000000ull, 16);
    nvch_kick(ch);
}

static void brk_acquire(Host *h, NvTestChan *ch)
{
    uint32_t acq[] = { 0, (uint32_t)SEM_VA + 0x600, 0xffff, NV_SEMD_OP_ACQUIRE };

    nvch_mthd(ch, 0, A_C46F_SEMAPHOREA, 4, acq);
    release_4(ch, 0x604, 1);
    nvch_submit(ch);
}

static void test_bad_opcode(void)
{
    check_malformed(brk_opcode, NV_PBDMA_INTR_PBENTRY, "pbdma_pbentry",
                    "pbdma_pbentry: PBDMA0: error 0x00040000 on channel 8");
}

static void test_gp_put_beyond_ring(void)
{
    check_malformed(brk_gp_put, NV_PBDMA_INTR_GPPTR, "pbdma_gpptr",
                    "pbdma_gpptr: PBDMA0: error 0x00004000 on channel 8");
}

static void test_invalid_class(void)
{
    check_malformed(brk_class, NV_PBDMA_INTR_METHOD, "pbdma_bad_class",
                    "subch 1 method 0x0000 data 0x0000beef");
}

static void test_unmapped_pushbuffer(void)
{
    check_malformed(brk_unmapped, 0, "mmu_fault_host", "channel 8: MMU fault at 0x7000000000");
}

static void test_acquire_never(void)
{
    g_autofree char *log = NULL;
    Host h;
    NvTestChan bad, good;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &bad, 8, 0);
    chan_new(&h, &good, 9, 1);
    brk_acquire(&h, &bad);
    for (int i = 0; i < 20; i++) {
        settle(&h);
    }
    release_4(&good, 0x500, 0x600d);
    nvch_submit(&good);
    settle(&h);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x500), ==, 0x600d);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x604), ==, 0);             /* still waiting */
    g_assert_cmpuint(nvch_userd(&bad, NV_USERD_GP_GET), ==, 0);
    g_assert_cmphex(rd(&h.g, A_PCCSR_CHANNEL(8)), ==, R_PCCSR_CHANNEL_ENABLE_MASK);
    g_free(gpu_stop_logged(&h));
}

/* ---- host-thread=on ---- */

/*
 * Polls (real time: the work runs on the host thread) until a semaphore
 * holds want, stepping the virtual clock so parked acquires are polled.
 */
static bool wait_sem(Host *h, uint64_t pa, uint32_t want)
{
    for (int i = 0; i < 10000; i++) {
        if (vram32(h, pa) == want) {
            return true;
        }
        qtest_clock_step(h->g.qts, 100000);
        g_usleep(1000);
    }
    return false;
}

static bool wait_pbdma_faulted(Host *h, uint32_t chid)
{
    for (int i = 0; i < 10000; i++) {
        if (rd(&h->g, A_PCCSR_CHANNEL(chid)) & R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK) {
            return true;
        }
        g_usleep(1000);
    }
    return false;
}

/* Whether QEMU runs a thread of that name (needs -name debug-threads=on). */
static bool has_thread(Host *h, const char *name)
{
    g_autofree char *dir = g_strdup_printf("/proc/%d/task", (int)qtest_pid(h->g.qts));
    g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
    const char *tid;
    bool found = false;

    while (d && !found && (tid = g_dir_read_name(d))) {
        g_autofree char *path = g_strdup_printf("%s/%s/comm", dir, tid);
        g_autofree char *comm = NULL;

        found = g_file_get_contents(path, &comm, NULL, NULL) && g_str_has_prefix(comm, name);
    }
    return found;
}

/*
 * The host on its own thread: two runlists' releases complete while MMIO
 * stays usable, a parked acquire completes once memory satisfies it, a
 * malformed stream still faults only its channel, and quitting QEMU joins
 * the thread.
 */
static void test_host_thread(void)
{
    uint32_t acq[] = { 0, (uint32_t)SEM_VA + 0x400, 1, NV_SEMD_OP_ACQUIRE };
    Host h;
    NvTestChan a, b, bad;
    g_autofree char *log = NULL;

    gpu_start_logged_with(&h, "q35", "-name debug-threads=on -global nvidia-gpu.host-thread=on");
    /* a new thread names itself once it runs: allow it a moment on a busy host */
    for (unsigned i = 0; i < 500 && !has_thread(&h, "nvgpu-host"); i++) {
        g_usleep(10 * 1000);
    }
    g_assert_true(has_thread(&h, "nvgpu-host"));
    chan_new(&h, &a, 4, 0);
    chan_new(&h, &b, 5, 1);
    chan_new(&h, &bad, 8, 0);
    for (unsigned i = 0; i < 64; i++) {
        release_4(&a, 0x200 + 4 * (i % 8), i);
        release_4(&b, 0x300 + 4 * (i % 8), 0x100 + i);
    }
    nvch_mthd(&b, 0, A_C46F_SEMAPHOREA, 4, acq);
    release_4(&b, 0x404, 0x77);
    nvch_submit(&a);
    nvch_submit(&b);
    brk_opcode(&h, &bad);
    g_assert_true(wait_sem(&h, SEM_PA + 0x200 + 4 * 7, 63));
    g_assert_true(wait_sem(&h, SEM_PA + 0x300 + 4 * 7, 0x100 + 63));
    g_assert_true(wait_pbdma_faulted(&h, 8));
    g_assert_cmphex(vram32(&h, SEM_PA + 0x404), ==, 0);           /* parked */
    vram_w32(&h, SEM_PA + 0x400, 1);
    g_assert_true(wait_sem(&h, SEM_PA + 0x404, 0x77));
    log = gpu_stop_logged(&h);
    g_assert_nonnull(strstr(log, "PBDMA0: error 0x00040000 on channel 8"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/host/header-kinds", test_header_kinds);
    qtest_add_func("/nvidia-gpu/host/semaphores", test_semaphores);
    qtest_add_func("/nvidia-gpu/host/copy-pitch", test_copy_pitch);
    qtest_add_func("/nvidia-gpu/host/copy-blocklinear", test_copy_blocklinear);
    qtest_add_func("/nvidia-gpu/host/two-runlists", test_two_runlists);
    qtest_add_func("/nvidia-gpu/host/disable-preempt", test_disable_preempt);
    qtest_add_func("/nvidia-gpu/host/nonstall-msi", test_nonstall_msi);
    qtest_add_func("/nvidia-gpu/host/bad/opcode", test_bad_opcode);
    qtest_add_func("/nvidia-gpu/host/bad/gp-put-beyond-ring", test_gp_put_beyond_ring);
    qtest_add_func("/nvidia-gpu/host/bad/invalid-class", test_invalid_class);
    qtest_add_func("/nvidia-gpu/host/bad/unmapped-pushbuffer", test_unmapped_pushbuffer);
    qtest_add_func("/nvidia-gpu/host/bad/acquire-never", test_acquire_never);
    qtest_add_func("/nvidia-gpu/host/thread", test_host_thread);
    return g_test_run();
}
