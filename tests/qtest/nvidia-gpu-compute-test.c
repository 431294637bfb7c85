/*
 * qtests of compute launches inside QEMU, no guest OS: a channel binds
 * TURING_COMPUTE_A, and a QMD launch runs nvcc's vadd kernel (its words from
 * the corpus listing tests/sass/k01_vadd.sm_75.tsv) on the SM: GPFIFO ->
 * compute class -> SM -> memory, then the QMD's release semaphore. A kernel
 * storing to an unmapped address faults its channel (MMU fault record, the
 * guest-error log names it) while a launch on another channel completes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "hw/pci/pci_regs.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-qtest.h"

#define CH_BASE(i)  (0x1000000ull + 0x100000ull * (i))
#define SYS_RING(i) (0x400000ull + 0x40000ull * (i))
#define SEM_PA      0x3000000ull
#define SEM_VA      0x400000ull
#define DATA_PA     0x3100000ull        /* 256 KiB of VRAM at DATA_VA */
#define DATA_VA     0x800000ull
#define DATA_PAGES  64
#define A_OFF       0x00000
#define B_OFF       0x08000
#define C_OFF       0x10000
#define C2_OFF      0x18000
#define QMD_OFF     0x20000
#define CB0_OFF     0x21000
#define CODE_OFF    0x30000
#define UNMAPPED_VA 0x40000000ull
#define SUBCH       1
#define N           300
#define BLOCK       64

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

/* Lets the main loop run the host's bottom halves (each slice is bounded). */
static void settle(Host *h)
{
    for (int i = 0; i < 20; i++) {
        qtest_clock_step(h->g.qts, 50000);
    }
}

static uint32_t vram32(Host *h, uint64_t a)
{
    return vram_read32(&h->g, a);
}

static void vram_write(Host *h, uint64_t pa, const void *p, size_t len)
{
    vram_write_buf(&h->g, pa, p, len);
}

/* vadd's instruction words from the golden listing (function "vadd"). */
static void upload_vadd(Host *h)
{
    g_assert_cmpuint(sass_upload(&h->g, "k01_vadd.sm_75.tsv", "vadd", DATA_PA + CODE_OFF), >, 8);
}

/* vadd's arguments: c[i] = a[i] + b[i] for i < n. */
typedef struct VaddArgs {
    uint64_t a, b, c;
    uint32_t n;
} VaddArgs;

static const VaddArgs vram_args = { DATA_VA + A_OFF, DATA_VA + B_OFF, DATA_VA + C_OFF, N };

static void write_launch(Host *h, uint64_t qmd_pa, uint64_t cb_pa, uint64_t cb_va,
                         const VaddArgs *args, uint32_t payload)
{
    uint32_t q[NV_QMD_DWORDS] = { 0 };
    uint8_t cb[0x200] = { 0 };
    uint32_t block[3] = { BLOCK, 1, 1 }, grid[3] = { (args->n + BLOCK - 1) / BLOCK, 1, 1 };
    uint64_t code = DATA_VA + CODE_OFF;

    memcpy(cb + 0x0, block, 12);
    memcpy(cb + 0xc, grid, 12);
    memcpy(cb + 0x160, &args->a, 8);
    memcpy(cb + 0x168, &args->b, 8);
    memcpy(cb + 0x170, &args->c, 8);
    memcpy(cb + 0x178, &args->n, 4);
    vram_write(h, cb_pa, cb, sizeof(cb));
    nv_qmd_set_launch(q, code, grid, block);
    NV_QMD_SET(q, REGISTER_COUNT, 16);
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, 1);
    nv_qmd_set_cbuf(q, 0, cb_va, sizeof(cb));
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA);
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 0);      /* four words: payload, 0, time */
    NV_QMD_SET(q, RELEASE0_PAYLOAD, payload);
    vram_write(h, qmd_pa, q, sizeof(q));
}

static void push_launch(NvTestChan *ch, uint64_t qmd_va)
{
    nvch_launch(ch, SUBCH, qmd_va, true);
}

static void fill_inputs(Host *h, float *a, float *b)
{
    for (int i = 0; i < N; i++) {
        a[i] = (float)i * 1.5f;
        b[i] = 100.0f - (float)i;
    }
    vram_write(h, DATA_PA + A_OFF, a, N * 4);
    vram_write(h, DATA_PA + B_OFF, b, N * 4);
}

static void check_sums(Host *h, uint64_t c_pa, const float *a, const float *b)
{
    for (int i = 0; i < N; i++) {
        uint32_t bits = vram32(h, c_pa + 4 * i);
        float c;

        memcpy(&c, &bits, 4);
        g_assert_cmpfloat(c, ==, a[i] + b[i]);
    }
}

static void test_vadd(void)
{
    static float a[N], b[N];
    Host h;
    NvTestChan ch;
    g_autofree char *log = NULL;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &ch, 0, 0);
    upload_vadd(&h);
    fill_inputs(&h, a, b);
    write_launch(&h, DATA_PA + QMD_OFF, DATA_PA + CB0_OFF, DATA_VA + CB0_OFF, &vram_args,
                 0xc0de0001);
    push_launch(&ch, DATA_VA + QMD_OFF);
    nvch_submit(&ch);
    settle(&h);
    g_assert_cmphex(vram32(&h, SEM_PA), ==, 0xc0de0001);
    g_assert_cmpuint(vram32(&h, SEM_PA + 8) | (uint64_t)vram32(&h, SEM_PA + 12) << 32, >, 0);
    check_sums(&h, DATA_PA + C_OFF, a, b);
    g_assert_cmpuint(nvch_userd(&ch, NV_USERD_GP_GET), ==, 1);
    log = gpu_stop_logged(&h);
    g_assert_null(strstr(log, "nvidia-gpu"));
}

static void test_fault_isolated(void)
{
    static float a[N], b[N];
    Host h;
    NvTestChan bad, good;
    VaddArgs bad_args = vram_args, good_args = vram_args;
    g_autofree char *log = NULL;

    gpu_start_logged(&h, "q35");
    chan_new(&h, &bad, 1, 0);
    chan_new(&h, &good, 2, 1);
    upload_vadd(&h);
    fill_inputs(&h, a, b);
    /* the bad launch stores to an unmapped address */
    bad_args.c = UNMAPPED_VA;
    good_args.c = DATA_VA + C2_OFF;
    write_launch(&h, DATA_PA + QMD_OFF, DATA_PA + CB0_OFF, DATA_VA + CB0_OFF, &bad_args, 1);
    push_launch(&bad, DATA_VA + QMD_OFF);
    write_launch(&h, DATA_PA + QMD_OFF + 0x100, DATA_PA + CB0_OFF + 0x200,
                 DATA_VA + CB0_OFF + 0x200, &good_args, 2);
    /* the good one releases at SEM_VA + 0x10 */
    {
        uint32_t q[NV_QMD_DWORDS];

        for (int i = 0; i < NV_QMD_DWORDS; i += 2) {
            uint64_t v = vram_read64(&h.g, DATA_PA + QMD_OFF + 0x100 + 4 * i);

            q[i] = (uint32_t)v;
            q[i + 1] = (uint32_t)(v >> 32);
        }
        NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA + 0x10);
        NV_QMD_SET(q, RELEASE0_PAYLOAD, 2);
        vram_write(&h, DATA_PA + QMD_OFF + 0x100, q, sizeof(q));
    }
    push_launch(&good, DATA_VA + QMD_OFF + 0x100);
    nvch_submit(&bad);
    nvch_submit(&good);
    settle(&h);
    g_assert_true(rd(&h.g, A_PCCSR_CHANNEL(1)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_assert_false(rd(&h.g, A_PCCSR_CHANNEL(2)) & R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_assert_cmphex(vram32(&h, SEM_PA), ==, 0);
    g_assert_cmphex(vram32(&h, SEM_PA + 0x10), ==, 2);
    check_sums(&h, DATA_PA + C2_OFF, a, b);
    log = gpu_stop_logged(&h);
    g_assert_nonnull(strstr(log, "MMU fault at 0x40000000"));
    g_assert_nonnull(strstr(log, "compute: MMU fault at pc"));
}

/*
 * The threaded device (host thread, two SM workers) running kernels whose
 * every load and store goes to guest RAM while the test keeps changing the
 * machine's memory map under them: PCI memory decoding off and on and BAR3
 * moved between two windows, each a new FlatView with the old one freed
 * after an RCU grace period. The workers are RCU readers (docs/architecture.md,
 * Threads): every sum must be right and QEMU must stay up. make qtest-tsan
 * runs this under ThreadSanitizer.
 */
#define SYS_N       16384               /* floats per array, 64 KiB */
#define SYS_A_PA    0x2000000ull        /* guest RAM */
#define SYS_VA      0x10000000ull
#define SYS_LAUNCHES 24

static void map_sys_arrays(NvTestChan *ch)
{
    for (uint64_t off = 0; off < 3ull * SYS_N * 4; off += 0x1000) {
        nvpt_map(&ch->vmm, SYS_VA + off, SYS_A_PA + off, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    }
}

static void fill_sys_inputs(Host *h, float *a, float *b)
{
    for (int i = 0; i < SYS_N; i++) {
        a[i] = (float)i * 0.5f;
        b[i] = (float)(SYS_N - i);
    }
    qtest_memwrite(h->g.qts, SYS_A_PA, a, SYS_N * 4);
    qtest_memwrite(h->g.qts, SYS_A_PA + SYS_N * 4, b, SYS_N * 4);
}

/* Memory decoding off, BAR3 to its other window, decoding on: two new FlatViews. */
static void remap(Gpu *g, const uint64_t bar3_at[2], unsigned i)
{
    uint16_t cmd = qpci_config_readw(g->dev, PCI_COMMAND);

    qpci_config_writew(g->dev, PCI_COMMAND, cmd & ~PCI_COMMAND_MEMORY);
    qpci_config_writel(g->dev, PCI_BASE_ADDRESS_0 + 4 * NVIDIA_GPU_BAR_INST,
                       (uint32_t)bar3_at[i & 1]);
    qpci_config_writew(g->dev, PCI_COMMAND, cmd);
}

/* Remaps until the launch's release arrives; returns how many times. */
static unsigned wait_sem_remapping(Host *h, uint32_t payload, const uint64_t bar3_at[2])
{
    unsigned i;

    for (i = 0; vram32(h, SEM_PA) != payload; i++) {
        g_assert_cmpuint(i, <, 200000);     /* minutes even under TSan */
        remap(&h->g, bar3_at, i);
    }
    return i;
}

static void test_sysmem_remap(void)
{
    static float a[SYS_N], b[SYS_N], c[SYS_N];
    const VaddArgs args = { SYS_VA, SYS_VA + SYS_N * 4, SYS_VA + 2 * SYS_N * 4, SYS_N };
    uint64_t bar3_at[2];
    unsigned remaps = 0;
    Host h;
    NvTestChan ch;
    g_autofree char *log = NULL;

    gpu_start_logged_with(&h, "q35", "-m 256M -global nvidia-gpu.host-thread=on "
                          "-global nvidia-gpu.sm-threads=2");
    /* two windows for BAR3: libqos takes a new one per mapping */
    for (unsigned i = 0; i < 2; i++) {
        bar3_at[i] = qpci_iomap(h.g.dev, NVIDIA_GPU_BAR_INST, NULL).addr;
    }
    chan_new(&h, &ch, 0, 0);
    map_sys_arrays(&ch);
    upload_vadd(&h);
    fill_sys_inputs(&h, a, b);
    for (uint32_t n = 1; n <= SYS_LAUNCHES; n++) {
        qtest_memset(h.g.qts, SYS_A_PA + 2 * SYS_N * 4, 0, SYS_N * 4);
        write_launch(&h, DATA_PA + QMD_OFF, DATA_PA + CB0_OFF, DATA_VA + CB0_OFF, &args, n);
        push_launch(&ch, DATA_VA + QMD_OFF);
        nvch_submit(&ch);
        remaps += wait_sem_remapping(&h, n, bar3_at);
        qtest_memread(h.g.qts, SYS_A_PA + 2 * SYS_N * 4, c, SYS_N * 4);
        for (int i = 0; i < SYS_N; i++) {
            g_assert_cmpfloat(c[i], ==, a[i] + b[i]);
        }
    }
    g_test_message("%u remaps while %u launches ran", remaps, SYS_LAUNCHES);
    g_assert_cmpuint(remaps, >=, SYS_LAUNCHES);     /* each launch saw the map change */
    log = gpu_stop_logged(&h);
    g_assert_null(strstr(log, "nvidia-gpu"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/compute/vadd", test_vadd);
    qtest_add_func("/nvidia-gpu/compute/fault-isolated", test_fault_isolated);
    qtest_add_func("/nvidia-gpu/compute/sysmem-remap", test_sysmem_remap);
    return g_test_run();
}
