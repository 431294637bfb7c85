/*
 * TURING_COMPUTE_A through the host path on the model core: a channel binds
 * 0xc5c0, a QMD launch runs the corpus vadd kernel (code from its cubin) on
 * the SM, its release semaphore lands after the results; QMD validation
 * (each bad field refused), an illegal instruction, an unmapped access (an
 * MMU fault record), and a second channel that keeps working.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/sm/cubin.h"
#include "fake-platform.h"
#include "engines/compute.h"

#define VRAM_SIZE   (256ull << 20)
#define CH0_BASE    0x1000000ull
#define CH1_BASE    0x2000000ull
#define SEM_PA      0x3000000ull
#define SEM_VA      0x400000ull
#define DATA_PA     0x3100000ull        /* 256 KiB of VRAM mapped at DATA_VA */
#define DATA_VA     0x800000ull
#define DATA_PAGES  64
#define A_OFF       0x00000
#define B_OFF       0x10000
#define C_OFF       0x20000
#define QMD_OFF     0x30000
#define CB0_OFF     0x31000
#define CODE_OFF    0x32000
#define UNMAPPED_VA 0x40000000ull
#define SUBCH       1
#define N           1000

static const char *corpus_dir;

static void chan_new(FakePlatform *f, NvTestChan *ch, uint32_t chid, uint32_t rl, uint64_t base)
{
    uint64_t sys = 0x10000 + 0x20000 * chid;

    nvch_init(ch, fake_pt_mem(f), fake_regs(f), chid, rl,
              base, NV_TARGET_SYS_COH, sys, sys + 0x1000);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (unsigned i = 0; i < DATA_PAGES; i++) {
        nvpt_map(&ch->vmm, DATA_VA + 0x1000 * i, DATA_PA + 0x1000 * i, NV_TARGET_VRAM,
                 NV_PAGE_SHIFT_4K, 0);
    }
}

static void vram_write(FakePlatform *f, uint64_t pa, const void *p, size_t len)
{
    g_assert_true(nvgpu_vram_write(f->gpu, pa, p, len));
}

static uint32_t vram32(FakePlatform *f, uint64_t pa)
{
    uint32_t v = 0;

    g_assert_true(nvgpu_vram_read(f->gpu, pa, &v, 4));
    return v;
}

/* Uploads vadd's code; returns its size. */
static size_t upload_vadd(FakePlatform *f)
{
    char *path = g_build_filename(corpus_dir, "k01_vadd.sm_75.cubin", NULL);
    char *data;
    gsize len;
    NvCubin c;
    NvCubinKernel k;

    g_assert_true(g_file_get_contents(path, &data, &len, NULL));
    g_assert_true(nv_cubin_open(&c, data, len));
    g_assert_true(nv_cubin_find_kernel(&c, "vadd", &k));
    vram_write(f, DATA_PA + CODE_OFF, k.code, k.code_size);
    g_free(data);
    g_free(path);
    return k.code_size;
}

/* A QMD (version 2.3) for vadd over n elements, releasing payload at SEM_VA + sem. */
static void make_qmd(uint32_t q[NV_QMD_DWORDS], uint64_t code_va, uint32_t n, uint32_t payload)
{
    uint64_t cb = DATA_VA + CB0_OFF;
    const uint32_t grid[3] = { (n + 127) / 128, 1, 1 }, block[3] = { 128, 1, 1 };

    memset(q, 0, NV_QMD_BYTES);
    nv_qmd_set_launch(q, code_va, grid, block);
    NV_QMD_SET(q, REGISTER_COUNT, 16);
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, 1);
    nv_qmd_set_cbuf(q, 0, cb, 0x400);
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA);
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 1);      /* one word */
    NV_QMD_SET(q, RELEASE0_PAYLOAD, payload);
}

/* Constant bank 0 as the CUDA driver lays it out for vadd(a, b, c, n). */
static void make_cb0(FakePlatform *f, uint32_t n, uint64_t c_va)
{
    uint8_t cb[0x400] = { 0 };
    uint32_t block[3] = { 128, 1, 1 }, grid[3] = { (n + 127) / 128, 1, 1 };
    uint64_t a = DATA_VA + A_OFF, b = DATA_VA + B_OFF;

    memcpy(cb + 0x0, block, 12);
    memcpy(cb + 0xc, grid, 12);
    memcpy(cb + 0x160, &a, 8);
    memcpy(cb + 0x168, &b, 8);
    memcpy(cb + 0x170, &c_va, 8);
    memcpy(cb + 0x178, &n, 4);
    vram_write(f, DATA_PA + CB0_OFF, cb, sizeof(cb));
}

static void push_launch(NvTestChan *ch)
{
    nvch_launch(ch, SUBCH, DATA_VA + QMD_OFF, true);
}

static void fill_inputs(FakePlatform *f, float *a, float *b)
{
    for (int i = 0; i < N; i++) {
        a[i] = (float)i * 0.5f;
        b[i] = (float)(N - i) * 0.25f;
    }
    vram_write(f, DATA_PA + A_OFF, a, N * 4);
    vram_write(f, DATA_PA + B_OFF, b, N * 4);
}

/* Channel 2 on runlist 0, vadd's code and its inputs a and b. */
static void vadd_setup(FakePlatform *f, NvTestChan *ch, float *a, float *b)
{
    chan_new(f, ch, 2, 0, CH0_BASE);
    upload_vadd(f);
    fill_inputs(f, a, b);
}

/* vadd over n elements into c_va on ch, run to completion (or its error). */
static void launch_vadd(FakePlatform *f, NvTestChan *ch, uint32_t n, uint64_t c_va,
                        uint32_t payload)
{
    uint32_t q[NV_QMD_DWORDS];

    make_cb0(f, n, c_va);
    make_qmd(q, DATA_VA + CODE_OFF, n, payload);
    vram_write(f, DATA_PA + QMD_OFF, q, sizeof(q));
    push_launch(ch);
    nvch_submit(ch);
    fake_run_host(f);
}

static void test_vadd_launch(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;
    static float a[N], b[N];

    vadd_setup(f, &ch, a, b);
    launch_vadd(f, &ch, N, DATA_VA + C_OFF, 0x5a5a0001);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    g_assert_cmphex(vram32(f, SEM_PA), ==, 0x5a5a0001);
    for (int i = 0; i < N; i++) {
        uint32_t bits = vram32(f, DATA_PA + C_OFF + 4 * i);
        float c;

        memcpy(&c, &bits, 4);
        g_assert_cmpfloat(c, ==, a[i] + b[i]);
    }
    g_assert_cmpuint(vram32(f, DATA_PA + C_OFF + 4 * N), ==, 0);
    fake_free(f);
}

/*
 * vadd with b read from and c written to system memory, through the
 * platform's slow path (dma_read/dma_write) and through its fast path
 * (dma_page, the pages used directly): the same sums either way.
 */
static void test_sysmem_paths(void)
{
    static float a[N], b[N];

    for (int fast = 0; fast < 2; fast++) {
        FakePlatform *f = fake_new(VRAM_SIZE);
        NvTestChan ch;
        const uint64_t b_pa = 0x200000, c_pa = 0x201000;
        unsigned dma_before;

        f->sys_pages = fast;
        vadd_setup(f, &ch, a, b);
        nvpt_map(&ch.vmm, DATA_VA + B_OFF, b_pa, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
        nvpt_map(&ch.vmm, DATA_VA + C_OFF, c_pa, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
        memcpy(f->sysmem + b_pa, b, N * 4);
        dma_before = f->dma_calls;
        launch_vadd(f, &ch, N, DATA_VA + C_OFF, 0x5a5a0002);
        g_assert_cmpuint(f->guest_errors, ==, 0);
        g_assert_cmphex(vram32(f, SEM_PA), ==, 0x5a5a0002);
        for (int i = 0; i < N; i++) {
            float c;

            memcpy(&c, f->sysmem + c_pa + 4 * i, 4);
            g_assert_cmpfloat(c, ==, a[i] + b[i]);
        }
        /* the fast path took the pages; the slow one copied every access */
        if (fast) {
            g_assert_cmpuint(f->sys_page_calls, >, 0);
            g_assert_cmpuint(f->dma_calls - dma_before, <, 2 * N / 32);
        } else {
            g_assert_cmpuint(f->dma_calls - dma_before, >=, 2 * N / 32);
        }
        fake_free(f);
    }
}

/* Each invalid QMD field is refused before anything runs. */
static void test_qmd_validation(void)
{
    static const struct { const char *what; unsigned bit, width; uint32_t v; } bad[] = {
        { "major version", NV_QMD_QMD_MAJOR_VERSION_BIT, NV_QMD_QMD_MAJOR_VERSION_WIDTH, 3 },
        { "minor version", NV_QMD_QMD_VERSION_BIT, NV_QMD_QMD_VERSION_WIDTH, 7 },
        { "grid width 0", NV_QMD_CTA_RASTER_WIDTH_BIT, NV_QMD_CTA_RASTER_WIDTH_WIDTH, 0 },
        { "grid height 0", NV_QMD_CTA_RASTER_HEIGHT_BIT, NV_QMD_CTA_RASTER_HEIGHT_WIDTH, 0 },
        { "block 0", NV_QMD_CTA_THREAD_DIMENSION0_BIT, NV_QMD_CTA_THREAD_DIMENSION0_WIDTH, 0 },
        { "block 2048", NV_QMD_CTA_THREAD_DIMENSION0_BIT, NV_QMD_CTA_THREAD_DIMENSION0_WIDTH,
          2048 },
        { "block z 65", NV_QMD_CTA_THREAD_DIMENSION2_BIT, NV_QMD_CTA_THREAD_DIMENSION2_WIDTH, 65 },
        { "shared 128K", NV_QMD_SHARED_MEMORY_SIZE_BIT, NV_QMD_SHARED_MEMORY_SIZE_WIDTH,
          128 << 10 },
        { "local 1M", NV_QMD_SHADER_LOCAL_MEMORY_LOW_SIZE_BIT,
          NV_QMD_SHADER_LOCAL_MEMORY_LOW_SIZE_WIDTH, 1 << 20 },
        { "misaligned program", NV_QMD_PROGRAM_ADDRESS_LOWER_BIT,
          NV_QMD_PROGRAM_ADDRESS_LOWER_WIDTH, (uint32_t)DATA_VA + CODE_OFF + 8 },
        { "cbuf 0 of 64K + 16", NV_QMD_CBUF_SIZE_SHIFTED4_BIT(0),
          NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH, ((64 << 10) + 16) >> 4 },
    };
    uint32_t q[NV_QMD_DWORDS], mthd[C5C0_MTHD_END / 4] = { 0 };
    NvSmLaunchDesc d;
    char why[160];

    make_qmd(q, DATA_VA + CODE_OFF, N, 1);
    g_assert_true(nv_compute_qmd_desc(q, mthd, &d, why, sizeof(why)));
    g_assert_cmpuint(d.entry, ==, DATA_VA + CODE_OFF);
    g_assert_cmpuint(d.grid[0], ==, (N + 127) / 128);
    g_assert_cmpuint(d.block[0], ==, 128);
    g_assert_true(d.cbuf[0].valid);
    g_assert_cmpuint(d.cbuf[0].addr, ==, DATA_VA + CB0_OFF);
    g_assert_cmpuint(d.cbuf[0].size, ==, 0x400);
    g_assert_false(d.cbuf[1].valid);
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        make_qmd(q, DATA_VA + CODE_OFF, N, 1);
        nv_qmd_set(q, bad[i].bit, bad[i].width, bad[i].v);
        if (nv_compute_qmd_desc(q, mthd, &d, why, sizeof(why))) {
            g_error("QMD with a bad %s accepted", bad[i].what);
        }
    }
    /* version 2.2 (NVK's on Turing): the same program address */
    make_qmd(q, DATA_VA + CODE_OFF, N, 1);
    NV_QMD_SET(q, QMD_VERSION, NV_QMD_MINOR_2);
    g_assert_true(nv_compute_qmd_desc(q, mthd, &d, why, sizeof(why)));
    g_assert_cmphex(d.entry, ==, DATA_VA + CODE_OFF);
    /* the windows come from the class methods */
    mthd[A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A / 4] = 0x7f;
    mthd[A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B / 4] = 0;
    g_assert_true(nv_compute_qmd_desc(q, mthd, &d, why, sizeof(why)));
    g_assert_cmphex(d.shared_window, ==, 0x7f00000000ull);
    mthd[A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B / 4] = 0x1000;
    g_assert_false(nv_compute_qmd_desc(q, mthd, &d, why, sizeof(why)));
}

/* A bad QMD through the channel: a guest error, the channel faulted, no release. */
static void test_bad_qmd_faults_channel(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;
    uint32_t q[NV_QMD_DWORDS];

    chan_new(f, &ch, 2, 0, CH0_BASE);
    make_qmd(q, DATA_VA + CODE_OFF, N, 7);
    NV_QMD_SET(q, CTA_THREAD_DIMENSION0, 0);
    vram_write(f, DATA_PA + QMD_OFF, q, sizeof(q));
    push_launch(&ch);
    nvch_submit(&ch);
    fake_run_host(f);
    g_assert_cmpuint(f->guest_errors, >=, 1);
    g_assert_nonnull(strstr(f->last_error, "block"));
    g_assert_cmphex(vram32(f, SEM_PA), ==, 0);
    g_assert_true(rd32(f, A_PCCSR_CHANNEL(2)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    fake_free(f);
}

/*
 * An illegal instruction word stops the launch with its PC in the log; an
 * access to an unmapped address records an MMU fault; another channel
 * launching vadd still completes.
 */
static void test_errors_isolated(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan bad, good;
    uint32_t q[NV_QMD_DWORDS];
    uint64_t ill[2] = { ~0ull, ~0ull };
    static float a[N], b[N];

    chan_new(f, &bad, 2, 0, CH0_BASE);
    chan_new(f, &good, 5, 1, CH1_BASE);
    upload_vadd(f);
    fill_inputs(f, a, b);
    /* the bad channel: vadd writing to an unmapped c */
    make_cb0(f, N, UNMAPPED_VA);
    make_qmd(q, DATA_VA + CODE_OFF, N, 9);
    vram_write(f, DATA_PA + QMD_OFF, q, sizeof(q));
    push_launch(&bad);
    nvch_submit(&bad);
    fake_run_host(f);
    g_assert_nonnull(strstr(f->last_error, "MMU fault"));
    g_assert_cmphex(vram32(f, SEM_PA), ==, 0);
    g_assert_true(rd32(f, A_PCCSR_CHANNEL(2)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_assert_cmphex(rd32(f, A_PGRAPH_INTR), ==, 0);     /* a fault is no SM exception */

    /* an illegal instruction at the program start, on the other channel */
    vram_write(f, DATA_PA + CODE_OFF + 0x1000, ill, sizeof(ill));
    make_qmd(q, DATA_VA + CODE_OFF + 0x1000, N, 10);
    vram_write(f, DATA_PA + QMD_OFF, q, sizeof(q));
    push_launch(&good);
    nvch_submit(&good);
    fake_run_host(f);
    g_assert_nonnull(strstr(f->last_error, "illegal instruction at pc 0x833000"));
    g_assert_true(rd32(f, A_PCCSR_CHANNEL(5)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    /* ... which GR reports as an SM exception: the trap tree down to the SM's code */
    g_assert_cmphex(rd32(f, A_PGRAPH_INTR), ==, NV_PGRAPH_INTR_TRAP);
    g_assert_cmphex(rd32(f, NV_GPC_BASE + NV_TPC_BASE + NV_SM_WARP_ERROR(0)), ==,
                    NV_SM_WARP_ERR_ILLEGAL_INSTR_ENCODING);
    g_assert_cmphex(rd32(f, A_FECS_CURRENT_CTX) & 0x0fffffff, ==, CH1_BASE >> 12);
    fake_free(f);

    /* a fresh pair: one faults, the other completes its launch */
    f = fake_new(VRAM_SIZE);
    chan_new(f, &bad, 2, 0, CH0_BASE);
    chan_new(f, &good, 5, 1, CH1_BASE);
    upload_vadd(f);
    fill_inputs(f, a, b);
    vram_write(f, DATA_PA + CODE_OFF + 0x1000, ill, sizeof(ill));
    make_qmd(q, DATA_VA + CODE_OFF + 0x1000, N, 11);
    vram_write(f, DATA_PA + QMD_OFF + 0x100, q, sizeof(q));
    nvch_mthd1(&bad, SUBCH, A_C46F_SET_OBJECT, NV_CLASS_TURING_COMPUTE_A);
    nvch_mthd1(&bad, SUBCH, A_C5C0_SEND_PCAS_A, (uint32_t)((DATA_VA + QMD_OFF + 0x100) >> 8));
    nvch_mthd1(&bad, SUBCH, A_C5C0_SEND_SIGNALING_PCAS_B,
               R_C5C0_SEND_SIGNALING_PCAS_B_SCHEDULE_MASK);
    make_cb0(f, N, DATA_VA + C_OFF);
    make_qmd(q, DATA_VA + CODE_OFF, N, 12);
    vram_write(f, DATA_PA + QMD_OFF, q, sizeof(q));
    push_launch(&good);
    nvch_submit(&bad);
    nvch_submit(&good);
    fake_run_host(f);
    g_assert_true(rd32(f, A_PCCSR_CHANNEL(2)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_assert_false(rd32(f, A_PCCSR_CHANNEL(5)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_assert_cmphex(vram32(f, SEM_PA), ==, 12);
    for (int i = 0; i < N; i += 97) {
        uint32_t bits = vram32(f, DATA_PA + C_OFF + 4 * i);
        float c;

        memcpy(&c, &bits, 4);
        g_assert_cmpfloat(c, ==, a[i] + b[i]);
    }
    fake_free(f);
}

/*
 * A full warp's aligned store to an unmapped page (the coalesced path) is
 * one MMU fault: one guest error of each kind, not a second report from the
 * per-lane path.
 */
static void test_warp_fault_once(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;
    static float a[N], b[N];

    vadd_setup(f, &ch, a, b);
    launch_vadd(f, &ch, 32, UNMAPPED_VA, 4);        /* one warp stores, the others exit */
    g_assert_true(rd32(f, A_PCCSR_CHANNEL(2)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_assert_cmpuint(nvgpu_guest_error_count(f->gpu, NV_ERR_MMU_FAULT_GR), ==, 1);
    g_assert_cmpuint(nvgpu_guest_error_count(f->gpu, NV_ERR_SM_MMU), ==, 1);
    g_assert_cmpuint(f->guest_errors, ==, 2);
    fake_free(f);
}

/* The watchdog (NvGpuConfig.sm_budget, the sm-budget property) ends a long launch as a
 * channel error with the PC in the log; the host keeps running other work. */
static void test_watchdog(void)
{
    NvGpuConfig cfg = {
        .chip = &nv_chip_tu104, .vram_size = VRAM_SIZE, .gpcs = 1, .tpcs_per_gpc = 2,
        .sms_per_tpc = 2, .sm_threads = 2, .sm_budget = 50,
    };
    FakePlatform *f = fake_new_cfg(&cfg);
    NvTestChan ch;
    static float a[N], b[N];

    vadd_setup(f, &ch, a, b);
    launch_vadd(f, &ch, N, DATA_VA + C_OFF, 3);
    g_assert_nonnull(strstr(f->last_error, "instruction budget exhausted at pc 0x83"));
    g_assert_true(rd32(f, A_PCCSR_CHANNEL(2)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_assert_cmphex(vram32(f, SEM_PA), ==, 0);
    fake_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : "tests/sass";
    g_test_add_func("/compute/vadd-launch", test_vadd_launch);
    g_test_add_func("/compute/sysmem-paths", test_sysmem_paths);
    g_test_add_func("/compute/qmd-validation", test_qmd_validation);
    g_test_add_func("/compute/bad-qmd", test_bad_qmd_faults_channel);
    g_test_add_func("/compute/errors-isolated", test_errors_isolated);
    g_test_add_func("/compute/warp-fault-once", test_warp_fault_once);
    g_test_add_func("/compute/watchdog", test_watchdog);
    return g_test_run();
}
