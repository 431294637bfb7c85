/*
 * Unit tests of PGRAPH as nouveau's GR init drives it: the unit counts,
 * the register file and the polled registers, and FECS's host interface
 * (start, methods, mailboxes) before and after SEC2 bootstraps it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "fake-platform.h"
#include "engines/gr.h"

static FakePlatform *gr_new(void)
{
    NvGpuConfig cfg = { .chip = &nv_chip_tu104, .vram_size = 256ull << 20, .gpcs = 3,
                        .tpcs_per_gpc = 3, .sms_per_tpc = 2, .sm_threads = 1 };

    return fake_new_cfg(&cfg);
}

/* The configured GPCs, each with its TPCs, and PES masks that are disjoint and cover them. */
static void test_counts(void)
{
    FakePlatform *f = gr_new();

    g_assert_cmpuint(rd32(f, A_PGRAPH_FS_GPC_COUNT) & 0x1f, ==, 3);
    for (unsigned g = 0; g < NV_GPC_MAX; g++) {
        uint32_t at = NV_GPC_BASE + g * NV_GPC_STRIDE, all = 0;
        g_assert_cmpuint(rd32(f, at + NV_GPC_FS_TPC_COUNT), ==, g < 3 ? 3 : 0);
        for (unsigned p = 0; p < NV_GPC_PES_COUNT; p++) {
            uint32_t mask = rd32(f, at + NV_GPC_PES_TPC_MASK(p));
            g_assert_cmphex(all & mask, ==, 0);
            all |= mask;
        }
        g_assert_cmphex(all, ==, g < 3 ? 0x7 : 0);
        g_assert_cmphex(rd32(f, at + NV_GPC_PES_PRESENT), ==, g < 3 ? 0x3 : 0);
    }
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);
}

static void test_register_file(void)
{
    FakePlatform *f = gr_new();

    /* Storage (read-modify-writes work), across PGRAPH and the GPC units. */
    wr32(f, 0x418880, 0x12345678);
    wr32(f, NV_GPC_BASE + 5 * NV_GPC_STRIDE + 0x914, 0xabc);
    wr32(f, 0x5ffffc, 7);
    g_assert_cmphex(rd32(f, 0x418880), ==, 0x12345678);
    g_assert_cmphex(rd32(f, NV_GPC_BASE + 5 * NV_GPC_STRIDE + 0x914), ==, 0xabc);
    g_assert_cmphex(rd32(f, 0x5ffffc), ==, 7);
    /* What nouveau polls reads idle, whatever was written. */
    wr32(f, A_PGRAPH_FE_PWR_MODE, 0x12);
    g_assert_cmphex(rd32(f, A_PGRAPH_FE_PWR_MODE), ==, 0x02);
    wr32(f, A_PGRAPH_INTR, ~0u);
    g_assert_cmphex(rd32(f, A_PGRAPH_INTR), ==, 0);
    g_assert_cmphex(rd32(f, A_PGRAPH_STATUS), ==, 0);
    g_assert_cmphex(rd32(f, A_PGRAPH_FE_BUSY), ==, 0);
    /* FECS and GPCCS falcon configuration (ACR reads it at probe). */
    g_assert_cmphex((rd32(f, A_FECS_FALCON_HWCFG) & 0x1ff) << 8, ==, 32 << 10);
    g_assert_cmphex(rd32(f, A_GPCCS_FALCON_HWCFG1), ==, NV_FALCON_HWCFG1_LS);
    /* A reset empties the file. */
    nvgpu_reset(f->gpu);
    g_assert_cmphex(rd32(f, 0x418880), ==, 0);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);
}

static uint32_t fecs_method(FakePlatform *f, uint32_t mthd, uint32_t data)
{
    wr32(f, A_FECS_METHOD_DATA, data);
    wr32(f, A_FECS_METHOD_PUSH, mthd);
    return rd32(f, A_FECS_CTXSW_MAILBOX(0));
}

static void test_fecs(void)
{
    FakePlatform *f = gr_new();

    /* Not bootstrapped by SEC2: a start does nothing, methods are refused. */
    wr32(f, A_FECS_CTXSW_MAILBOX(0), 0);
    wr32(f, A_FECS_FALCON_CPUCTL, R_FALCON_CPUCTL_STARTCPU_MASK);
    g_assert_cmphex(rd32(f, A_FECS_CTXSW_MAILBOX(0)), ==, 0);
    g_assert_cmphex(fecs_method(f, NV_FECS_MTHD_DISCOVER_IMAGE_SIZE, 0), ==, 0);
    g_assert_cmpuint(f->guest_errors, ==, 1);

    /* After the SEC2 RTOS bootstrapped it (falcon.c), FECS starts and answers. */
    f->gpu->falcon[NV_FALCON_SEC2].gr_booted = 1u << NV_ACR_FALCON_FECS;
    wr32(f, A_FECS_FALCON_CPUCTL_ALIAS, R_FALCON_CPUCTL_STARTCPU_MASK);
    g_assert_cmphex(rd32(f, A_FECS_CTXSW_MAILBOX(0)) & NV_FECS_MB0_RUNNING, !=, 0);
    wr32(f, A_FECS_CTXSW_MAILBOX(0), 0);
    uint32_t size = fecs_method(f, NV_FECS_MTHD_DISCOVER_IMAGE_SIZE, 0);
    g_assert_cmphex(size, !=, 0);
    g_assert_cmphex(size & 0xff, ==, 0);
    wr32(f, A_FECS_CTXSW_MAILBOX(0), 0);
    g_assert_cmphex(fecs_method(f, NV_FECS_MTHD_DISCOVER_ZCULL_SIZE, 0), !=, 0);
    wr32(f, A_FECS_CTXSW_MAILBOX(0), 0);
    g_assert_cmphex(fecs_method(f, NV_FECS_MTHD_BIND_POINTER, 0x80012345), ==,
                    NV_FECS_MB0_BIND_DONE);
    g_assert_cmphex(rd32(f, A_FECS_CURRENT_CTX), ==, 0x80012345);
    wr32(f, A_FECS_CTXSW_MAILBOX(0), 0);
    g_assert_cmphex(fecs_method(f, NV_FECS_MTHD_WFI_GOLDEN_SAVE, 0x80012345), ==,
                    NV_FECS_MB0_RUNNING);
    wr32(f, A_FECS_CTXSW_MAILBOX(1), ~0u);
    fecs_method(f, NV_FECS_MTHD_STOP_CTXSW, ~0u);
    g_assert_cmpuint(rd32(f, A_FECS_CTXSW_MAILBOX(1)), ==, NV_FECS_MB1_DONE);
    /* An unknown method: the error flag and a guest error. */
    wr32(f, A_FECS_CTXSW_MAILBOX(0), 0);
    g_assert_cmphex(fecs_method(f, 0x7f, 0), ==, NV_FECS_MB0_ERROR);
    g_assert_cmpuint(f->guest_errors, ==, 2);
    fake_free(f);
}

/*
 * An SM exception walks nouveau's trap tree: INTR TRAP, EXCEPTION GPC, GPC 0,
 * TPC 0, SM 0's warp and global errors; the line follows INTR_EN; an
 * acknowledge of TRAP clears the tree.
 */
static void test_sm_trap(void)
{
    FakePlatform *f = gr_new();
    const uint32_t tpc0 = NV_GPC_BASE + NV_TPC_BASE;
    NvPhys inst = { .addr = 0x3fe8f000, .target = 0 };

    wr32(f, A_PMC_INTR_EN_SET_0, ~0u);
    nv_gr_sm_exception(f->gpu, inst, NV_SM_ERR_MISALIGNED);
    g_assert_false(nvgpu_irq_level(f->gpu));            /* GR's interrupts still disabled */
    wr32(f, A_PGRAPH_INTR_EN, ~0u);
    g_assert_true(nvgpu_irq_level(f->gpu));
    g_assert_cmphex(rd32(f, A_PMC_INTR_0) & (1u << 12), !=, 0);
    g_assert_cmphex(rd32(f, A_PGRAPH_INTR), ==, NV_PGRAPH_INTR_TRAP);
    g_assert_cmphex(rd32(f, A_PGRAPH_EXCEPTION), ==, NV_PGRAPH_EXCEPTION_GPC);
    g_assert_cmphex(rd32(f, A_PGRAPH_GPC_EXCEPTION), ==, 1);
    g_assert_cmphex(rd32(f, NV_GPC_BASE + NV_GPC_EXCEPTION), ==, NV_GPC_EXCEPTION_TPC(0));
    g_assert_cmphex(rd32(f, tpc0 + NV_TPC_EXCEPTION), ==, NV_TPC_EXCEPTION_SM);
    g_assert_cmphex(rd32(f, tpc0 + NV_SM_WARP_ERROR(0)), ==, NV_SM_WARP_ERR_MISALIGNED_ADDR);
    g_assert_cmphex(rd32(f, tpc0 + NV_SM_GLOBAL_ERROR(0)), ==, 0);
    g_assert_cmphex(rd32(f, A_FECS_CURRENT_CTX), ==, 0x80000000 | 0x3fe8f);
    wr32(f, A_PGRAPH_INTR, NV_PGRAPH_INTR_TRAP);
    g_assert_false(nvgpu_irq_level(f->gpu));
    g_assert_cmphex(rd32(f, A_PGRAPH_INTR), ==, 0);
    g_assert_cmphex(rd32(f, tpc0 + NV_SM_WARP_ERROR(0)), ==, 0);
    /* A trap instruction is a global error; an MMU fault is none of GR's. */
    nv_gr_sm_exception(f->gpu, inst, NV_SM_ERR_TRAP);
    g_assert_cmphex(rd32(f, tpc0 + NV_SM_GLOBAL_ERROR(0)), ==, NV_SM_GLOBAL_ERR_BPT_INT);
    wr32(f, A_PGRAPH_INTR, NV_PGRAPH_INTR_TRAP);
    nv_gr_sm_exception(f->gpu, inst, NV_SM_ERR_MMU);
    g_assert_cmphex(rd32(f, A_PGRAPH_INTR), ==, 0);
    fake_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gr/counts", test_counts);
    g_test_add_func("/gr/register-file", test_register_file);
    g_test_add_func("/gr/fecs", test_fecs);
    g_test_add_func("/gr/sm-trap", test_sm_trap);
    return g_test_run();
}
