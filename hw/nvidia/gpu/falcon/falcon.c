/*
 * SEC2, GSP and PMU falcons: the register block, instance binding, DMEM
 * PIO, and the jobs their start runs (see falcon.h). Everything a job does
 * happens inside the MMIO write that starts it, bounded: nouveau polls for
 * HALTED and MAILBOX0 right after.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "falcon.h"
#include "../mem/mmu.h"

static const uint32_t falcon_base[NV_FALCONS] = {
    [NV_FALCON_SEC2] = NV_SEC2_BASE, [NV_FALCON_GSP] = NV_GSP_BASE,
    [NV_FALCON_PMU] = NV_PMU_BASE,
};

static uint32_t *reg(NvFalcon *f, uint32_t off)
{
    return &f->regs[off / 4];
}

static void falcon_reset(NvFalcon *f)
{
    memset(f, 0, sizeof(*f));
    f->cpuctl = R_FALCON_CPUCTL_HALTED_MASK;
}

void nv_falcon_reset_all(NvGpu *gpu)
{
    for (unsigned i = 0; i < NV_FALCONS; i++) {
        falcon_reset(&gpu->falcon[i]);
    }
}

static bool sec2_line(const NvFalcon *f)
{
    uint32_t host = NV_FEX32(f->irqdest, FALCON_IRQDEST, HOST) &
                    ~NV_FEX32(f->irqdest, FALCON_IRQDEST, TARGET);

    return f->irqstat & f->irqmask & host;
}

uint32_t nv_falcon_intr_lines(NvGpu *gpu)
{
    const NvTopEngine *e = nv_top_engine(gpu, NV_PTOP_TYPE_SEC2);

    return e && sec2_line(&gpu->falcon[NV_FALCON_SEC2]) ? 1u << e->intr : 0;
}

/* ---- the HS ACR jobs and the WPR region ---- */

/* A 32-bit word at va in the falcon's bound address space. */
static bool falcon_read_va32(NvGpu *gpu, NvFalcon *f, uint64_t va, uint32_t *val)
{
    uint32_t reason;
    NvXlate x;
    uint8_t b[4];

    if (!f->inst_bound || (va & 3) || !nv_mmu_translate(gpu, f->inst, va, false, &x, &reason) ||
        x.sparse || !nv_phys_read(gpu, x.phys, b, sizeof(b))) {
        return false;
    }
    *val = nv_ld_le(b, 4);
    return true;
}

/*
 * AHESASC on SEC2: sets the WPR region up from the ACR descriptor at the
 * start of the HS data image, whose VA the bootloader descriptor in DMEM 0
 * gives. The real image also copies the shadow into WPR and checks the LS
 * signatures; nothing in the model reads WPR, so neither is done.
 */
static uint32_t job_acr_load(NvGpu *gpu, NvFalcon *f)
{
    uint64_t data = (uint64_t)nv_ld_le(f->dmem + NV_HS_BL_DESC_DATA_DMA_BASE + 4, 4) << 32 |
                    nv_ld_le(f->dmem + NV_HS_BL_DESC_DATA_DMA_BASE, 4);
    uint32_t start, end;

    if (!falcon_read_va32(gpu, f, data + NV_ACR_DESC_REGION0_START, &start) ||
        !falcon_read_va32(gpu, f, data + NV_ACR_DESC_REGION0_END, &end)) {
        NV_GUEST_ERR(gpu, ACR_DESC_UNREADABLE,
                     "SEC2: ACR descriptor at VA 0x%llx unreadable (instance %s)",
                     (unsigned long long)data, f->inst_bound ? "bound" : "not bound");
        return NV_ACR_ERROR_NO_WPR;
    }
    /* 256-byte units; WPR_INFO reports 64 KiB-aligned bounds, the last 128 KiB apart. */
    if (end <= start || ((start | end) & 0xff) || end - start < NV_WPR_LIMIT_GRANULE >> 8) {
        NV_GUEST_ERR(gpu, ACR_BAD_WPR, "SEC2: ACR WPR region 0x%x00..0x%x00 is not a valid region",
                     start, end);
        return NV_ACR_ERROR_NO_WPR;
    }
    gpu->r.pfb.wpr_start = (uint64_t)start << 8;
    gpu->r.pfb.wpr_end = (uint64_t)end << 8;
    return 0;
}

/* ASB on GSP: places SEC2's LS RTOS, which needs the WPR region. */
static uint32_t job_acr_asb(NvGpu *gpu)
{
    if (!gpu->r.pfb.wpr_end) {
        NV_GUEST_ERR(gpu, ASB_NO_WPR, "GSP: ASB started before the WPR region was set up");
        return NV_ACR_ERROR_NO_WPR;
    }
    gpu->falcon[NV_FALCON_SEC2].state = NV_FALCON_LS_LOADED;
    return 0;
}

/* unload on PMU: tears WPR down. */
static uint32_t job_acr_unload(NvGpu *gpu)
{
    gpu->r.pfb.wpr_start = gpu->r.pfb.wpr_end = 0;
    return 0;
}

/* ---- SEC2's RTOS: queues in DMEM ---- */

/*
 * Appends a message to the message queue. nouveau's reader restarts at the
 * queue's start as soon as head < its tail, so the RTOS wraps only when the
 * reader has caught up, and never writes up to the tail.
 */
static void msgq_post(NvGpu *gpu, NvFalcon *f, const uint8_t *msg, uint32_t size)
{
    const uint32_t base = NV_SEC2_MSGQ_BASE, end = base + NV_SEC2_QUEUE_SIZE;
    uint32_t head = *reg(f, A_SEC2_MSGQ_HEAD), tail = *reg(f, A_SEC2_MSGQ_TAIL);
    uint32_t len = (size + 3) & ~3u;

    if (head < base || head > end || tail < base || tail > end) {
        NV_GUEST_ERR(gpu, SEC2_MSGQ_BAD,
                     "SEC2: message queue head 0x%x / tail 0x%x outside 0x%x..0x%x", head, tail,
                     base, end);
        return;
    }
    bool full = false;
    if (head + len > end) {
        full = tail != head;
        head = base;
    }
    if (full || (head < tail && head + len >= tail)) {
        NV_GUEST_ERR(gpu, SEC2_MSGQ_FULL, "SEC2: message queue full (tail 0x%x): message dropped",
                     tail);
        return;
    }
    memcpy(f->dmem + head, msg, size);
    *reg(f, A_SEC2_MSGQ_HEAD) = head + len;
    f->irqstat |= R_FALCON_IRQ_SWGEN0_MASK;
}

static void rtos_start(NvGpu *gpu, NvFalcon *f)
{
    uint8_t msg[NV_SEC2_INIT_MSG_SIZE] = {
        NV_SEC2_UNIT_INIT, NV_SEC2_INIT_MSG_SIZE, 0, 0,
        0 /* INIT */, 2 /* queues */,
    };

    f->state = NV_FALCON_RTOS;
    f->cpuctl &= ~R_FALCON_CPUCTL_HALTED_MASK;
    /* What the RTOS sets up for itself: its interrupts go to the host. */
    f->irqmask |= R_FALCON_IRQ_SWGEN0_MASK | R_FALCON_IRQ_HALT_MASK;
    f->irqdest = R_FALCON_IRQ_SWGEN0_MASK | R_FALCON_IRQ_HALT_MASK;
    *reg(f, A_SEC2_CMDQ_HEAD) = *reg(f, A_SEC2_CMDQ_TAIL) = NV_SEC2_CMDQ_BASE;
    *reg(f, A_SEC2_MSGQ_HEAD) = *reg(f, A_SEC2_MSGQ_TAIL) = NV_SEC2_MSGQ_BASE;
    /* queue_info[i] at 8 + 8i: offset (u32), size (u16), index (u8), id (u8) */
    nv_st_le(msg + 8, NV_SEC2_CMDQ_BASE, 4);
    nv_st_le(msg + 12, NV_SEC2_QUEUE_SIZE, 2);
    msg[15] = NV_SEC2_QUEUE_ID_CMDQ;
    nv_st_le(msg + 16, NV_SEC2_MSGQ_BASE, 4);
    nv_st_le(msg + 20, NV_SEC2_QUEUE_SIZE, 2);
    msg[23] = NV_SEC2_QUEUE_ID_MSGQ;
    msgq_post(gpu, f, msg, sizeof(msg));
}

/* One command (header included); replies carry the command's sequence id. */
static void rtos_command(NvGpu *gpu, NvFalcon *f, const uint8_t *cmd, uint32_t size)
{
    uint8_t reply[NV_SEC2_ACR_MSG_SIZE] = { cmd[0], NV_FALCON_QHDR_SIZE, 0, cmd[3] };

    switch (cmd[0]) {
    case NV_SEC2_UNIT_ACR: {
        uint32_t id = size >= NV_SEC2_ACR_MSG_SIZE ? nv_ld_le(cmd + 12, 4) : ~0u;
        bool ok = cmd[4] == NV_SEC2_ACR_BOOTSTRAP_FALCON &&
                  (id == NV_ACR_FALCON_FECS || id == NV_ACR_FALCON_GPCCS);
        if (!ok) {
            NV_GUEST_ERR(gpu, SEC2_CMD_UNSUPPORTED,
                         "SEC2: ACR command type %u for falcon %u not supported", cmd[4], id);
        } else {
            f->gr_booted |= 1u << id;
        }
        reply[1] = NV_SEC2_ACR_MSG_SIZE;
        nv_st_le(reply + 8, ok ? 0 : 1, 4);     /* error code */
        nv_st_le(reply + 12, id, 4);
        msgq_post(gpu, f, reply, NV_SEC2_ACR_MSG_SIZE);
        break;
    }
    case NV_SEC2_UNIT_UNLOAD:
        msgq_post(gpu, f, reply, NV_FALCON_QHDR_SIZE);
        f->state = NV_FALCON_HALTED;
        f->cpuctl |= R_FALCON_CPUCTL_HALTED_MASK;
        break;
    default:
        NV_GUEST_ERR(gpu, SEC2_CMD_UNKNOWN_UNIT, "SEC2: command for unknown unit 0x%02x ignored",
                     cmd[0]);
        break;
    }
}

/* The driver moved the command queue's head: consume up to it, then move the tail. */
static void rtos_commands(NvGpu *gpu, NvFalcon *f)
{
    const uint32_t base = NV_SEC2_CMDQ_BASE, end = base + NV_SEC2_QUEUE_SIZE;
    uint32_t head = *reg(f, A_SEC2_CMDQ_HEAD), rp = *reg(f, A_SEC2_CMDQ_TAIL);

    /* Each step consumes at least 4 bytes or rewinds once: bounded by the queue. */
    for (unsigned n = 0; rp != head && n <= NV_SEC2_QUEUE_SIZE / 4; n++) {
        if (head < base || head > end || rp < base || rp > end - NV_FALCON_QHDR_SIZE) {
            NV_GUEST_ERR(gpu, SEC2_CMDQ_BAD,
                         "SEC2: command queue head 0x%x / read 0x%x outside " "0x%x..0x%x", head,
                         rp, base, end);
            rp = head;
            break;
        }
        const uint8_t *hdr = f->dmem + rp;
        uint32_t size = hdr[1];
        if (hdr[0] == NV_FALCON_UNIT_REWIND) {
            rp = base;
            continue;
        }
        if (size < NV_FALCON_QHDR_SIZE || size > NV_FALCON_QMSG_MAX || rp + size > end) {
            NV_GUEST_ERR(gpu, SEC2_CMD_BAD_SIZE, "SEC2: command of %u bytes at 0x%x: bad size",
                         size, rp);
            rp = head;
            break;
        }
        rtos_command(gpu, f, hdr, size);
        rp += (size + 3) & ~3u;
    }
    *reg(f, A_SEC2_CMDQ_TAIL) = rp;
}

/* ---- the register block ---- */

/* STARTCPU: runs what the falcon holds; HS jobs halt with their result in MAILBOX0. */
static void falcon_start(NvGpu *gpu, NvFalconId id, NvFalcon *f)
{
    uint32_t result;

    if (id == NV_FALCON_SEC2 && f->state == NV_FALCON_LS_LOADED) {
        rtos_start(gpu, f);
        return;
    }
    if (f->state == NV_FALCON_RTOS) {
        return;                                 /* already running */
    }
    switch (id) {
    case NV_FALCON_SEC2:
        result = job_acr_load(gpu, f);
        break;
    case NV_FALCON_GSP:
        result = job_acr_asb(gpu);
        break;
    default:
        result = job_acr_unload(gpu);
        break;
    }
    *reg(f, A_FALCON_MAILBOX0) = result;
    f->cpuctl |= R_FALCON_CPUCTL_HALTED_MASK;
}

static void falcon_bind(NvFalcon *f, uint32_t val)
{
    uint64_t ptr = NV_FEX32(val, FALCON_INST_BIND, PTR);

    if (!NV_FEX32(val, FALCON_INST_BIND, VALID)) {
        f->inst_bound = false;
        return;
    }
    f->inst = (NvPhys) { ptr << NV_PAGE_SHIFT_4K, NV_FEX32(val, FALCON_INST_BIND, TARGET) };
    f->inst_bound = true;
    f->bind_state = NV_FALCON_BIND_STATE_DONE;
    f->irqstat |= R_FALCON_IRQ_BIND_MASK;
}

_Static_assert(R_FALCON_MEMC_OFFSET_SHIFT == 2, "MEMC's OFFSET counts 4-byte words");

static uint32_t dmem_port(NvFalcon *f, bool write, uint32_t val)
{
    uint32_t word = NV_FEX32(f->dmemc, FALCON_MEMC, OFFSET), off = word * 4, out = 0;
    bool inc = write ? NV_FEX32(f->dmemc, FALCON_MEMC, AINCW) :
                       NV_FEX32(f->dmemc, FALCON_MEMC, AINCR);

    if (off <= NV_FALCON_DMEM_SIZE - 4) {
        if (write) {
            nv_st_le(f->dmem + off, val, 4);
        } else {
            out = nv_ld_le(f->dmem + off, 4);
        }
    }
    if (inc) {
        f->dmemc = NV_FDP32(f->dmemc, FALCON_MEMC, OFFSET, word + 1);
    }
    return out;
}

static bool falcon_read(NvGpu *gpu, NvFalconId id, uint32_t addr, uint32_t *val)
{
    NvFalcon *f = &gpu->falcon[id];
    uint32_t off = addr - falcon_base[id];

    switch (off) {
    case A_FALCON_IRQSSET: case A_FALCON_IRQSCLR:
    case A_FALCON_IRQMSET: case A_FALCON_IRQMCLR:
        *val = 0;                               /* nouveau read-modify-writes these */
        break;
    case A_FALCON_IRQSTAT: *val = f->irqstat; break;
    case A_FALCON_IRQMASK: *val = f->irqmask; break;
    case A_FALCON_IRQDEST: *val = f->irqdest; break;
    case A_FALCON_CPUCTL: case A_FALCON_CPUCTL_ALIAS: *val = f->cpuctl; break;
    case A_FALCON_HWCFG: *val = NV_FALCON_HWCFG_VALUE; break;
    case A_FALCON_HWCFG1: *val = NV_FALCON_HWCFG1_HS; break;
    case A_FALCON_DMACTL:                       /* scrubbing done at once */
        *val = *reg(f, off) & ~(R_FALCON_DMACTL_DMEM_SCRUBBING_MASK |
                                R_FALCON_DMACTL_IMEM_SCRUBBING_MASK);
        break;
    case A_FALCON_BIND_STATUS:
        *val = NV_FDP32(0, FALCON_BIND_STATUS, STATE, f->bind_state);
        break;
    case A_FALCON_DMEMC: *val = f->dmemc; break;
    case A_FALCON_DMEMD: *val = dmem_port(f, false, 0); break;
    default: *val = *reg(f, off); break;
    }
    return true;
}

static bool falcon_write(NvGpu *gpu, NvFalconId id, uint32_t addr, uint32_t val)
{
    NvFalcon *f = &gpu->falcon[id];
    uint32_t off = addr - falcon_base[id];

    switch (off) {
    case A_FALCON_IRQSSET: f->irqstat |= val; break;
    case A_FALCON_IRQSCLR: f->irqstat &= ~val; break;
    case A_FALCON_IRQMSET: f->irqmask |= val; break;
    case A_FALCON_IRQMCLR: f->irqmask &= ~val; break;
    case A_FALCON_IRQDEST: f->irqdest = val; break;
    case A_FALCON_CPUCTL: case A_FALCON_CPUCTL_ALIAS:
        if (NV_FEX32(val, FALCON_CPUCTL, STARTCPU)) {
            falcon_start(gpu, id, f);
        }
        f->cpuctl = NV_FDP32(f->cpuctl, FALCON_CPUCTL, ALIAS_EN,
                             NV_FEX32(val, FALCON_CPUCTL, ALIAS_EN));
        break;
    case A_FALCON_INST_BIND:
        falcon_bind(f, val);
        break;
    case A_FALCON_PMU_INST_BIND:
        if (id == NV_FALCON_PMU) {
            falcon_bind(f, val);
        }
        *reg(f, off) = val;
        break;
    case A_FALCON_BIND_CTRL:
        if (NV_FEX32(val, FALCON_BIND_CTRL, ACK)) {
            f->bind_state = 0;
        }
        break;
    case A_FALCON_ENGINE:
        if (NV_FEX32(val, FALCON_ENGINE, RESET)) {
            falcon_reset(f);
        }
        *reg(f, off) = val;
        break;
    case A_FALCON_DMEMC: f->dmemc = val; break;
    case A_FALCON_DMEMD: dmem_port(f, true, val); break;
    case A_SEC2_CMDQ_HEAD:
        *reg(f, off) = val;
        if (id == NV_FALCON_SEC2 && f->state == NV_FALCON_RTOS) {
            rtos_commands(gpu, f);
        }
        break;
    default:
        *reg(f, off) = val;                     /* IMEM PIO included: code is not kept */
        break;
    }
    return true;
}

#define FALCON_UNIT(name, id)                                                     \
    bool nv_##name##_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val) \
    {                                                                             \
        return falcon_read(gpu, id, addr, val);                                   \
    }                                                                             \
    bool nv_##name##_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size) \
    {                                                                             \
        return falcon_write(gpu, id, addr, val);                                  \
    }
FALCON_UNIT(pmu, NV_FALCON_PMU)
FALCON_UNIT(gsp, NV_FALCON_GSP)
FALCON_UNIT(sec2, NV_FALCON_SEC2)
