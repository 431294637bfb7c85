/*
 * Unit tests of the SEC2/GSP/PMU falcons as nouveau drives them: the bind
 * handshake, DMEM PIO, the HS ACR jobs and the WPR_INFO readback, the SEC2
 * RTOS (init message, interrupt line, command queue with rewinds, replies,
 * unload), and what malformed input does (no WPR, bad commands, a full
 * message queue).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "fake-platform.h"
#include "nv-pt.h"
#include "base/gpu.h"

#define VRAM_SIZE   (256ull << 20)
#define INST        0x100000ull     /* the ACR instance block, in VRAM */
#define POOL        0x200000ull
#define DATA_VA     0x4000000ull    /* the HS data image's VA ... */
#define DATA_PA     0x20000ull      /* ... in system memory */
#define WPR_START   0x3fe40000ull
#define WPR_END     0x3fe80000ull
#define SEC2(r)     (NV_SEC2_BASE + (r))
#define GSP(r)      (NV_GSP_BASE + (r))
#define PMU(r)      (NV_PMU_BASE + (r))

static void dmem_write(FakePlatform *f, uint32_t base, uint32_t at, const void *buf,
                       size_t len)
{
    const uint8_t *b = buf;

    wr32(f, base + A_FALCON_DMEMC, R_FALCON_MEMC_AINCW_MASK | at);
    for (size_t i = 0; i < len; i += 4) {
        uint32_t w = 0;
        memcpy(&w, b + i, len - i < 4 ? len - i : 4);
        wr32(f, base + A_FALCON_DMEMD, w);
    }
}

static void dmem_read(FakePlatform *f, uint32_t base, uint32_t at, void *buf, size_t len)
{
    wr32(f, base + A_FALCON_DMEMC, R_FALCON_MEMC_AINCR_MASK | at);
    for (size_t i = 0; i < len; i += 4) {
        uint32_t w = rd32(f, base + A_FALCON_DMEMD);
        memcpy((uint8_t *)buf + i, &w, 4);
    }
}

/* nouveau's bind: instance block, wait for state 5 with IRQ bit 3, ack, wait for 0. */
static void bind(FakePlatform *f, uint32_t base, uint32_t bind_reg)
{
    wr32(f, base + bind_reg, R_FALCON_INST_BIND_VALID_MASK | (uint32_t)(INST >> 12));
    g_assert_cmphex(rd32(f, base + A_FALCON_IRQSTAT) & R_FALCON_IRQ_BIND_MASK, !=, 0);
    g_assert_cmpuint(rd32(f, base + A_FALCON_BIND_STATUS) >> 12 & 7, ==, 5);
    g_assert_cmphex(rd32(f, base + A_FALCON_IRQSCLR), ==, 0);
    wr32(f, base + A_FALCON_IRQSCLR, R_FALCON_IRQ_BIND_MASK);
    wr32(f, base + A_FALCON_BIND_CTRL, R_FALCON_BIND_CTRL_ACK_MASK);
    g_assert_cmpuint(rd32(f, base + A_FALCON_BIND_STATUS) >> 12 & 7, ==, 0);
    g_assert_cmphex(rd32(f, base + A_FALCON_IRQSTAT) & R_FALCON_IRQ_BIND_MASK, ==, 0);
}

/* Starts an HS image as gm200_flcn_fw_boot() does; returns MAILBOX0. */
static uint32_t boot(FakePlatform *f, uint32_t base)
{
    wr32(f, base + A_FALCON_MAILBOX0, 0xcafebeef);
    wr32(f, base + A_FALCON_CPUCTL, R_FALCON_CPUCTL_STARTCPU_MASK);
    g_assert_cmphex(rd32(f, base + A_FALCON_CPUCTL) & R_FALCON_CPUCTL_HALTED_MASK, !=, 0);
    return rd32(f, base + A_FALCON_MAILBOX0);
}

static uint64_t wpr_info(FakePlatform *f, uint32_t index)
{
    wr32(f, A_PFB_PRI_MMU_WPR_INFO, index);
    return (uint64_t)(rd32(f, A_PFB_PRI_MMU_WPR_INFO) & 0xffffff00) << 8;
}

/*
 * A model with the ACR address space of nouveau: the data image in system
 * memory with the region in its ACR descriptor, mapped at DATA_VA.
 */
static FakePlatform *acr_setup(uint64_t start, uint64_t end)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    uint8_t desc[NV_HS_BL_DESC_SIZE] = { 0 };
    NvVmm v;

    nvpt_init(&v, fake_pt_mem(f), NV_TARGET_VRAM, INST, POOL, (1ull << 40) - 1);
    nvpt_map(&v, DATA_VA, DATA_PA, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    memcpy(f->sysmem + DATA_PA + NV_ACR_DESC_REGION0_START, &(uint32_t){ start >> 8 }, 4);
    memcpy(f->sysmem + DATA_PA + NV_ACR_DESC_REGION0_END, &(uint32_t){ end >> 8 }, 4);
    memcpy(desc + NV_HS_BL_DESC_DATA_DMA_BASE, &(uint64_t){ DATA_VA }, 8);
    bind(f, NV_SEC2_BASE, A_FALCON_INST_BIND);
    dmem_write(f, NV_SEC2_BASE, 0, desc, sizeof(desc));
    return f;
}

static void test_registers(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    uint32_t bases[] = { NV_SEC2_BASE, NV_GSP_BASE, NV_PMU_BASE };

    for (unsigned i = 0; i < G_N_ELEMENTS(bases); i++) {
        uint32_t hwcfg = rd32(f, bases[i] + A_FALCON_HWCFG);
        g_assert_cmphex((hwcfg & 0x1ff) << 8, ==, 0x10000);         /* IMEM */
        g_assert_cmphex((hwcfg & 0x3fe00) >> 1, ==, 0x10000);       /* DMEM */
        g_assert_cmphex(rd32(f, bases[i] + A_FALCON_HWCFG1) >> 4 & 3, ==, 3);
        g_assert_cmphex(rd32(f, bases[i] + A_FALCON_CPUCTL), ==, R_FALCON_CPUCTL_HALTED_MASK);
        wr32(f, bases[i] + A_FALCON_CPUCTL, 1u << 6);  /* ALIAS_EN reads back */
        g_assert_cmphex(rd32(f, bases[i] + A_FALCON_CPUCTL), ==, 0x50);
        wr32(f, bases[i] + A_FALCON_CPUCTL, 0);
        g_assert_cmphex(rd32(f, bases[i] + A_FALCON_CPUCTL), ==, 0x10);
        wr32(f, bases[i] + A_FALCON_DMACTL, 6);
        g_assert_cmphex(rd32(f, bases[i] + A_FALCON_DMACTL) & 6, ==, 0);  /* scrubbed */
        wr32(f, bases[i] + 0x604, 0x7);             /* storage: RMWs work */
        g_assert_cmphex(rd32(f, bases[i] + 0x604), ==, 7);
    }
    /* DMEM: auto-increment on write and on read, independently; writes past the end drop. */
    dmem_write(f, NV_SEC2_BASE, 0x100, "abcdefgh", 8);
    char back[8];
    dmem_read(f, NV_SEC2_BASE, 0x100, back, 8);
    g_assert_cmpmem(back, 8, "abcdefgh", 8);
    wr32(f, SEC2(A_FALCON_DMEMC), NV_FALCON_DMEM_SIZE);
    wr32(f, SEC2(A_FALCON_DMEMD), 1);
    g_assert_cmpuint(rd32(f, SEC2(A_FALCON_DMEMD)), ==, 0);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);
}

/* The HWCFG rows give the values of the expressions they replaced. */
static void test_hwcfg_values(void)
{
    g_assert_cmphex(NV_FALCON_HWCFG_VALUE, ==, 64 * 4 | 64 * 4 << 9);
    g_assert_cmphex(NV_FALCON_HWCFG_KIB(32, 8), ==, 32 * 4 | 8 * 4 << 9);
    g_assert_cmphex(NV_FALCON_HWCFG_KIB(16, 4), ==, 16 * 4 | 4 * 4 << 9);
    g_assert_cmphex(NV_FALCON_HWCFG1_HS, ==, 6 | 3 << 4 | 1 << 8 | 1 << 12);
    g_assert_cmphex(NV_FALCON_HWCFG1_LS, ==, 6 | 2 << 4 | 1 << 8 | 1 << 12);
}

static void test_acr_boot(void)
{
    FakePlatform *f = acr_setup(WPR_START, WPR_END);

    g_assert_cmphex(wpr_info(f, 2), ==, 0);
    g_assert_cmphex(boot(f, NV_SEC2_BASE), ==, 0);             /* AHESASC */
    g_assert_cmphex(wpr_info(f, 2), ==, WPR_START);
    g_assert_cmphex(rd32(f, A_PFB_PRI_MMU_WPR_INFO), ==, (WPR_START >> 8 & ~0xffu) | 2);
    g_assert_cmphex(wpr_info(f, 3) + NV_WPR_LIMIT_GRANULE, ==, WPR_END);
    bind(f, NV_GSP_BASE, A_FALCON_INST_BIND);
    g_assert_cmphex(boot(f, NV_GSP_BASE), ==, 0);              /* ASB */
    /* The PMU binds through its own register, then unload tears WPR down. */
    bind(f, NV_PMU_BASE, A_FALCON_PMU_INST_BIND);
    g_assert_cmphex(boot(f, NV_PMU_BASE), ==, 0);
    g_assert_cmphex(wpr_info(f, 2), ==, 0);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    fake_free(f);
}

static void test_acr_bad_input(void)
{
    /* A descriptor VA with nothing mapped: the job fails, WPR stays unset. */
    FakePlatform *f = acr_setup(WPR_START, WPR_END);
    uint8_t desc[8];

    memcpy(desc, &(uint64_t){ DATA_VA + 0x100000 }, 8);
    dmem_write(f, NV_SEC2_BASE, NV_HS_BL_DESC_DATA_DMA_BASE, desc, 8);
    g_assert_cmphex(boot(f, NV_SEC2_BASE), ==, NV_ACR_ERROR_NO_WPR);
    g_assert_cmpuint(f->guest_errors, ==, 1);
    g_assert_cmphex(wpr_info(f, 2), ==, 0);
    /* ASB without a WPR region fails too, and SEC2 stays halted. */
    g_assert_cmphex(boot(f, NV_GSP_BASE), ==, NV_ACR_ERROR_NO_WPR);
    wr32(f, SEC2(A_FALCON_CPUCTL), R_FALCON_CPUCTL_STARTCPU_MASK);
    g_assert_cmphex(rd32(f, SEC2(A_FALCON_IRQSTAT)) & R_FALCON_IRQ_SWGEN0_MASK, ==, 0);
    fake_free(f);

    /* An empty or reversed region is refused. */
    f = acr_setup(WPR_END, WPR_START);
    g_assert_cmphex(boot(f, NV_SEC2_BASE), ==, NV_ACR_ERROR_NO_WPR);
    g_assert_cmphex(wpr_info(f, 3), ==, 0);
    fake_free(f);
}

/* AHESASC, ASB, then SEC2's start: the RTOS and its init message. */
static FakePlatform *rtos_setup(void)
{
    FakePlatform *f = acr_setup(WPR_START, WPR_END);
    uint8_t msg[NV_SEC2_INIT_MSG_SIZE];

    g_assert_cmphex(boot(f, NV_SEC2_BASE), ==, 0);
    g_assert_cmphex(boot(f, NV_GSP_BASE), ==, 0);
    wr32(f, SEC2(A_FALCON_IRQMCLR), ~0u);
    wr32(f, A_PMC_INTR_EN_SET_0, ~0u);
    g_assert_false(nvgpu_irq_level(f->gpu));
    wr32(f, SEC2(A_FALCON_CPUCTL), R_FALCON_CPUCTL_STARTCPU_MASK);
    g_assert_cmphex(rd32(f, SEC2(A_FALCON_CPUCTL)) & R_FALCON_CPUCTL_HALTED_MASK, ==, 0);
    g_assert_true(nvgpu_irq_level(f->gpu));
    g_assert_cmphex(rd32(f, A_PMC_INTR_0) & (1u << 15), !=, 0);
    uint32_t disp = rd32(f, SEC2(A_FALCON_IRQDEST));
    g_assert_cmphex(rd32(f, SEC2(A_FALCON_IRQSTAT)) & disp & ~(disp >> 16), ==,
                    R_FALCON_IRQ_SWGEN0_MASK);
    uint32_t tail = rd32(f, SEC2(A_SEC2_MSGQ_TAIL));
    g_assert_cmpuint(rd32(f, SEC2(A_SEC2_MSGQ_HEAD)), ==, tail + NV_SEC2_INIT_MSG_SIZE);
    dmem_read(f, NV_SEC2_BASE, tail, msg, sizeof(msg));
    g_assert_cmpuint(msg[0], ==, NV_SEC2_UNIT_INIT);
    g_assert_cmpuint(msg[1], ==, NV_SEC2_INIT_MSG_SIZE);
    g_assert_cmpuint(msg[4], ==, 0);                            /* INIT */
    g_assert_cmpuint(msg[5], ==, 2);
    uint32_t cmdq, msgq;
    memcpy(&cmdq, msg + 8, 4);
    memcpy(&msgq, msg + 16, 4);
    g_assert_cmpuint(msg[15], ==, NV_SEC2_QUEUE_ID_CMDQ);
    g_assert_cmpuint(msg[23], ==, NV_SEC2_QUEUE_ID_MSGQ);
    g_assert_cmpuint(cmdq, ==, rd32(f, SEC2(A_SEC2_CMDQ_HEAD)));
    g_assert_cmpuint(cmdq, ==, rd32(f, SEC2(A_SEC2_CMDQ_TAIL)));
    g_assert_cmpuint(msgq, ==, tail);
    /* The driver consumes it and acknowledges: the line drops. */
    wr32(f, SEC2(A_SEC2_MSGQ_TAIL), tail + NV_SEC2_INIT_MSG_SIZE);
    wr32(f, SEC2(A_FALCON_IRQSCLR), R_FALCON_IRQ_SWGEN0_MASK);
    g_assert_false(nvgpu_irq_level(f->gpu));
    return f;
}

/* Pushes one command as nvkm_falcon_cmdq does (rewinding when the end is near). */
static void cmdq_send(FakePlatform *f, const uint8_t *cmd, uint32_t size)
{
    uint32_t head = rd32(f, SEC2(A_SEC2_CMDQ_HEAD));

    if (head + size + NV_FALCON_QHDR_SIZE > NV_SEC2_CMDQ_BASE + NV_SEC2_QUEUE_SIZE) {
        dmem_write(f, NV_SEC2_BASE, head, (uint8_t[4]){ NV_FALCON_UNIT_REWIND, 4 }, 4);
        head = NV_SEC2_CMDQ_BASE;
    }
    dmem_write(f, NV_SEC2_BASE, head, cmd, size);
    wr32(f, SEC2(A_SEC2_CMDQ_HEAD), head + size);
    g_assert_cmpuint(rd32(f, SEC2(A_SEC2_CMDQ_TAIL)), ==, head + size);
}

/* Reads the next message as nvkm_falcon_msgq does (restarting when head < tail). */
static bool msgq_recv(FakePlatform *f, uint8_t *msg)
{
    uint32_t head = rd32(f, SEC2(A_SEC2_MSGQ_HEAD));
    uint32_t tail = rd32(f, SEC2(A_SEC2_MSGQ_TAIL));

    if (head == tail) {
        return false;
    }
    if (head < tail) {
        tail = NV_SEC2_MSGQ_BASE;
    }
    dmem_read(f, NV_SEC2_BASE, tail, msg, 4);
    g_assert_cmpuint(msg[1], >=, 4);
    g_assert_cmpuint(msg[1], <=, head - tail);
    dmem_read(f, NV_SEC2_BASE, tail + 4, msg + 4, msg[1] - 4);
    wr32(f, SEC2(A_SEC2_MSGQ_TAIL), tail + msg[1]);
    return true;
}

static void test_rtos_bootstrap(void)
{
    FakePlatform *f = rtos_setup();
    uint8_t msg[NV_FALCON_QMSG_MAX];

    /* Enough commands to wrap both queues several times. */
    for (unsigned i = 0; i < 600; i++) {
        uint32_t id = i & 1 ? NV_ACR_FALCON_GPCCS : NV_ACR_FALCON_FECS;
        uint8_t cmd[16] = { NV_SEC2_UNIT_ACR, 16, 3, (uint8_t)(i & 15),
                            NV_SEC2_ACR_BOOTSTRAP_FALCON };
        memcpy(cmd + 12, &id, 4);
        cmdq_send(f, cmd, sizeof(cmd));
        g_assert_true(nvgpu_irq_level(f->gpu));
        g_assert_true(msgq_recv(f, msg));
        g_assert_false(msgq_recv(f, msg));
        wr32(f, SEC2(A_FALCON_IRQSCLR), R_FALCON_IRQ_SWGEN0_MASK);
        uint32_t err, fid;
        memcpy(&err, msg + 8, 4);
        memcpy(&fid, msg + 12, 4);
        g_assert_cmpuint(msg[0], ==, NV_SEC2_UNIT_ACR);
        g_assert_cmpuint(msg[1], ==, NV_SEC2_ACR_MSG_SIZE);
        g_assert_cmpuint(msg[3], ==, i & 15);                  /* sequence id echoed */
        g_assert_cmpuint(err, ==, 0);
        g_assert_cmpuint(fid, ==, id);
    }
    g_assert_cmphex(f->gpu->falcon[NV_FALCON_SEC2].gr_booted, ==,
                    1u << NV_ACR_FALCON_FECS | 1u << NV_ACR_FALCON_GPCCS);
    /* UNLOAD: a reply, then the falcon halts. */
    cmdq_send(f, (uint8_t[4]){ NV_SEC2_UNIT_UNLOAD, 4, 3, 7 }, 4);
    g_assert_true(msgq_recv(f, msg));
    g_assert_cmpuint(msg[0], ==, NV_SEC2_UNIT_UNLOAD);
    g_assert_cmpuint(msg[3], ==, 7);
    g_assert_cmphex(rd32(f, SEC2(A_FALCON_CPUCTL)) & R_FALCON_CPUCTL_HALTED_MASK, !=, 0);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    fake_free(f);
}

static void test_rtos_bad_commands(void)
{
    FakePlatform *f = rtos_setup();
    uint8_t msg[NV_FALCON_QMSG_MAX];
    uint32_t id = 9;

    /* A falcon SEC2 does not bootstrap: the reply carries an error. */
    uint8_t cmd[16] = { NV_SEC2_UNIT_ACR, 16, 3, 1, NV_SEC2_ACR_BOOTSTRAP_FALCON };
    memcpy(cmd + 12, &id, 4);
    cmdq_send(f, cmd, sizeof(cmd));
    g_assert_true(msgq_recv(f, msg));
    g_assert_cmpuint(msg[8], ==, 1);
    g_assert_cmpuint(f->guest_errors, ==, 1);
    /* Unknown unit: no reply. A zero size or a head outside the queue: skipped. */
    cmdq_send(f, (uint8_t[4]){ 0x33, 4 }, 4);
    g_assert_false(msgq_recv(f, msg));
    uint32_t head = rd32(f, SEC2(A_SEC2_CMDQ_HEAD));
    dmem_write(f, NV_SEC2_BASE, head, (uint8_t[4]){ NV_SEC2_UNIT_ACR, 0 }, 4);
    wr32(f, SEC2(A_SEC2_CMDQ_HEAD), head + 4);
    g_assert_cmpuint(rd32(f, SEC2(A_SEC2_CMDQ_TAIL)), ==, head + 4);
    wr32(f, SEC2(A_SEC2_CMDQ_HEAD), 0xfff0);
    g_assert_cmpuint(rd32(f, SEC2(A_SEC2_CMDQ_TAIL)), ==, 0xfff0);
    /* A read position near 2^32 (the tail register is writable): no wrap-around. */
    wr32(f, SEC2(A_SEC2_CMDQ_TAIL), 0xfffffffe);
    wr32(f, SEC2(A_SEC2_CMDQ_HEAD), NV_SEC2_CMDQ_BASE);
    g_assert_cmpuint(rd32(f, SEC2(A_SEC2_CMDQ_TAIL)), ==, NV_SEC2_CMDQ_BASE);
    g_assert_cmpuint(f->guest_errors, ==, 5);
    g_assert_false(msgq_recv(f, msg));
    fake_free(f);

    /* A driver that never consumes replies: the queue fills, then replies drop. */
    f = rtos_setup();
    unsigned sent = 0;
    while (f->guest_errors == 0 && sent < 1000) {
        wr32(f, SEC2(A_SEC2_CMDQ_TAIL), NV_SEC2_CMDQ_BASE);   /* restart the queue */
        wr32(f, SEC2(A_SEC2_CMDQ_HEAD), NV_SEC2_CMDQ_BASE);
        uint32_t fecs = NV_ACR_FALCON_FECS;
        memcpy(cmd + 12, &fecs, 4);
        cmdq_send(f, cmd, sizeof(cmd));
        sent++;
    }
    /* The init message's slot was read, so replies fill the rest of the queue. */
    g_assert_cmpuint(sent, ==, (NV_SEC2_QUEUE_SIZE - NV_SEC2_INIT_MSG_SIZE) /
                               NV_SEC2_ACR_MSG_SIZE + 1);
    g_assert_nonnull(strstr(f->last_error, "full"));
    unsigned got = 0;
    while (msgq_recv(f, msg)) {
        got++;
    }
    g_assert_cmpuint(got, ==, sent - 1);
    fake_free(f);
}

static void test_reset(void)
{
    FakePlatform *f = rtos_setup();

    wr32(f, SEC2(A_FALCON_ENGINE), 1);
    wr32(f, SEC2(A_FALCON_ENGINE), 0);
    g_assert_cmphex(rd32(f, SEC2(A_FALCON_CPUCTL)), ==, R_FALCON_CPUCTL_HALTED_MASK);
    g_assert_cmphex(rd32(f, SEC2(A_FALCON_IRQSTAT)), ==, 0);
    /* Started again without a new ASB it is the AHESASC job again (no instance bound). */
    g_assert_cmphex(boot(f, NV_SEC2_BASE), ==, NV_ACR_ERROR_NO_WPR);
    fake_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/falcon/registers", test_registers);
    g_test_add_func("/falcon/hwcfg-values", test_hwcfg_values);
    g_test_add_func("/falcon/acr-boot", test_acr_boot);
    g_test_add_func("/falcon/acr-bad-input", test_acr_bad_input);
    g_test_add_func("/falcon/rtos-bootstrap", test_rtos_bootstrap);
    g_test_add_func("/falcon/rtos-bad-commands", test_rtos_bad_commands);
    g_test_add_func("/falcon/reset", test_reset);
    return g_test_run();
}
