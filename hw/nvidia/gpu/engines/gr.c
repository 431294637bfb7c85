/*
 * PGRAPH as nouveau's GR init sees it: a register file (storage, so its
 * read-modify-writes work), the unit counts of the configured topology, the
 * registers it polls reading idle, and FECS's host interface. FECS runs
 * once the SEC2 RTOS has bootstrapped it (falcon.c); its methods answer at
 * once through the mailboxes. An SM error of a compute launch (other than an
 * MMU fault, which the fault unit reports) raises GR's TRAP interrupt with
 * the error in the SM's registers, as the hardware reports SM exceptions.
 * The golden context FECS would save is left as nouveau allocated it: the
 * model keeps GR state per channel itself (compute.c), never in a context
 * image.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "gr.h"

/* Context image sizes FECS reports: small (nouveau copies the golden image through BAR2). */
#define NV_GR_GOLDEN_IMAGE_SIZE     0x10000
#define NV_GR_ZCULL_IMAGE_SIZE      0x1000
#define NV_GR_PM_IMAGE_SIZE         0x1000

static uint32_t *gr_reg(NvGpu *gpu, uint32_t addr)
{
    return &gpu->pgraph[(addr - NV_PGRAPH_BASE) / 4];
}

bool nv_gr_alloc(NvGpu *gpu)
{
    gpu->pgraph = calloc(NV_PGRAPH_SIZE / 4, sizeof(uint32_t));
    return gpu->pgraph != NULL;
}

void nv_gr_reset(NvGpu *gpu)
{
    memset(gpu->pgraph, 0, NV_PGRAPH_SIZE);
}

/*
 * The counts nouveau divides by and sizes its tables with: every enabled GPC
 * reports its TPCs, and PES masks that cover them exactly.
 */
static bool gpc_count_read(NvGpu *gpu, uint32_t addr, uint32_t *val)
{
    unsigned gpc = (addr - NV_GPC_BASE) / NV_GPC_STRIDE;
    uint32_t off = (addr - NV_GPC_BASE) % NV_GPC_STRIDE;
    uint32_t tpcs = gpc < gpu->cfg.gpcs ? (1u << gpu->cfg.tpcs_per_gpc) - 1 : 0;
    uint32_t pes_all = (1u << NV_TPCS_PER_PES) - 1, present = 0;

    if (addr < NV_GPC_BASE || gpc >= NV_GPC_MAX) {
        return false;
    }
    if (off == NV_GPC_FS_TPC_COUNT) {
        *val = gpc < gpu->cfg.gpcs ? gpu->cfg.tpcs_per_gpc : 0;
        return true;
    }
    for (unsigned p = 0; p < NV_GPC_PES_COUNT; p++) {
        uint32_t mask = tpcs & pes_all << (p * NV_TPCS_PER_PES);
        if (off == NV_GPC_PES_TPC_MASK(p)) {
            *val = mask;
            return true;
        }
        present |= (mask != 0) << p;
    }
    if (off == NV_GPC_PES_PRESENT) {
        *val = present;
        return true;
    }
    return false;
}

/* The SM error codes of the hardware's exception registers, per SM error. */
void nv_gr_sm_exception(NvGpu *gpu, NvPhys inst, NvSmErrorKind kind)
{
    uint32_t werr = 0, gerr = 0;

    switch (kind) {
    case NV_SM_ERR_ILLEGAL_INSN: werr = NV_SM_WARP_ERR_ILLEGAL_INSTR_ENCODING; break;
    case NV_SM_ERR_OOR_ADDR:     werr = NV_SM_WARP_ERR_OOR_ADDR; break;
    case NV_SM_ERR_MISALIGNED:   werr = NV_SM_WARP_ERR_MISALIGNED_ADDR; break;
    /* a header or sampler index or content the texture unit refuses */
    case NV_SM_ERR_TEX_DESC:     werr = NV_SM_WARP_ERR_ILLEGAL_INSTR_PARAM; break;
    case NV_SM_ERR_TRAP:         gerr = NV_SM_GLOBAL_ERR_BPT_INT; break;
    case NV_SM_ERR_TIMEOUT:      gerr = NV_SM_GLOBAL_ERR_TIMEOUT; break;
    /* a deadlock the hardware would sit in until its watchdog: reported as that */
    case NV_SM_ERR_BARRIER:      gerr = NV_SM_GLOBAL_ERR_TIMEOUT; break;
    default:
        return;         /* MMU faults go to the fault unit; the rest has no SM code */
    }
    gpu->r.gr = (typeof(gpu->r.gr)) { .trap = true, .warp_err = werr, .global_err = gerr };
    /* The context GR was running: nouveau names the channel from it. */
    *gr_reg(gpu, A_FECS_CURRENT_CTX) = NV_FECS_CURRENT_CTX_VALID |
                                       inst.target << NV_FECS_CURRENT_CTX_TARGET_SHIFT |
                                       ((uint32_t)(inst.addr >> 12) & 0x0fffffff);
}

uint32_t nv_gr_intr_lines(NvGpu *gpu)
{
    const NvTopEngine *e = nv_top_engine(gpu, NV_PTOP_TYPE_GR);

    return e && gpu->r.gr.trap && (*gr_reg(gpu, A_PGRAPH_INTR_EN) & NV_PGRAPH_INTR_TRAP) ?
           1u << e->intr : 0;
}

#define TPC0 (NV_GPC_BASE + NV_TPC_BASE)

/* The trap tree: INTR -> EXCEPTION -> GPC 0 -> TPC 0 -> SM 0's error registers. */
static bool trap_read(NvGpu *gpu, uint32_t addr, uint32_t *val)
{
    bool t = gpu->r.gr.trap;

    switch (addr) {
    case A_PGRAPH_INTR:          *val = t ? NV_PGRAPH_INTR_TRAP : 0; return true;
    case A_PGRAPH_EXCEPTION:     *val = t ? NV_PGRAPH_EXCEPTION_GPC : 0; return true;
    case A_PGRAPH_GPC_EXCEPTION: *val = t ? 1 : 0; return true;
    case NV_GPC_BASE + NV_GPC_EXCEPTION: *val = t ? NV_GPC_EXCEPTION_TPC(0) : 0; return true;
    case TPC0 + NV_TPC_EXCEPTION: *val = t ? NV_TPC_EXCEPTION_SM : 0; return true;
    case TPC0 + NV_SM_WARP_ERROR(0):   *val = t ? gpu->r.gr.warp_err : 0; return true;
    case TPC0 + NV_SM_GLOBAL_ERROR(0): *val = t ? gpu->r.gr.global_err : 0; return true;
    }
    return false;
}

bool nv_pgraph_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (gpc_count_read(gpu, addr, val) || trap_read(gpu, addr, val)) {
        return true;
    }
    switch (addr) {
    case A_PGRAPH_FS_GPC_COUNT:
        *val = gpu->cfg.gpcs;
        break;
    /* Idle: GR work completes inside the methods that start it. */
    case A_PGRAPH_FE_BUSY: case A_PGRAPH_STATUS: case A_FECS_CTXSW_STATUS_1:
    case A_FECS_HOST_INT_STATUS:
        *val = 0;
        break;
    case A_PGRAPH_FE_PWR_MODE:
        *val = *gr_reg(gpu, addr) & ~NV_PGRAPH_FE_PWR_MODE_REQ;
        break;
    case A_FECS_FALCON_HWCFG:
        *val = NV_FALCON_HWCFG_KIB(32, 8);      /* holds nouveau's FECS images */
        break;
    case A_GPCCS_FALCON_HWCFG:
        *val = NV_FALCON_HWCFG_KIB(16, 4);
        break;
    case A_FECS_FALCON_HWCFG1: case A_GPCCS_FALCON_HWCFG1:
        *val = NV_FALCON_HWCFG1_LS;
        break;
    default:
        *val = *gr_reg(gpu, addr);
        break;
    }
    return true;
}

/* FECS answers a method at once: sizes in MAILBOX0, completions as flags. */
static void fecs_method(NvGpu *gpu, uint32_t mthd)
{
    uint32_t *mb0 = gr_reg(gpu, A_FECS_CTXSW_MAILBOX(0));
    uint32_t *mb1 = gr_reg(gpu, A_FECS_CTXSW_MAILBOX(1));

    switch (mthd) {
    case NV_FECS_MTHD_SET_WATCHDOG_TIMEOUT:
        break;
    case NV_FECS_MTHD_DISCOVER_IMAGE_SIZE:
        *mb0 = NV_GR_GOLDEN_IMAGE_SIZE;
        break;
    case NV_FECS_MTHD_DISCOVER_ZCULL_SIZE:
        *mb0 = NV_GR_ZCULL_IMAGE_SIZE;
        break;
    case NV_FECS_MTHD_DISCOVER_PM_SIZE:
        *mb0 = NV_GR_PM_IMAGE_SIZE;
        break;
    case NV_FECS_MTHD_BIND_POINTER:
        *gr_reg(gpu, A_FECS_CURRENT_CTX) = *gr_reg(gpu, A_FECS_METHOD_DATA);
        *mb0 |= NV_FECS_MB0_BIND_DONE;
        break;
    case NV_FECS_MTHD_WFI_GOLDEN_SAVE:
        *mb0 |= NV_FECS_MB0_RUNNING;            /* the "done" flag of this method */
        break;
    case NV_FECS_MTHD_STOP_CTXSW: case NV_FECS_MTHD_START_CTXSW:
    case NV_FECS_MTHD_HALT_PIPELINE:
        *mb1 = NV_FECS_MB1_DONE;
        break;
    default:
        NV_GUEST_ERR(gpu, FECS_BAD_METHOD, "FECS: method 0x%02x not supported", mthd);
        *mb0 |= NV_FECS_MB0_ERROR;
        break;
    }
}

static bool fecs_running(NvGpu *gpu)
{
    return gpu->falcon[NV_FALCON_SEC2].gr_booted & 1u << NV_ACR_FALCON_FECS;
}

bool nv_pgraph_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    *gr_reg(gpu, addr) = val;
    switch (addr) {
    case A_PGRAPH_INTR:
        if (val & NV_PGRAPH_INTR_TRAP) {
            gpu->r.gr.trap = false;     /* the handler walked the tree: it is acknowledged */
        }
        break;
    case A_FECS_FALCON_CPUCTL: case A_FECS_FALCON_CPUCTL_ALIAS:
        /* Only firmware ACR placed runs; its first act is to raise "running". */
        if (NV_FEX32(val, FALCON_CPUCTL, STARTCPU) && fecs_running(gpu)) {
            *gr_reg(gpu, A_FECS_CTXSW_MAILBOX(0)) |= NV_FECS_MB0_RUNNING;
        }
        break;
    case A_FECS_METHOD_PUSH:
        if (fecs_running(gpu)) {
            fecs_method(gpu, val);
        } else {
            NV_GUEST_ERR(gpu, FECS_NOT_RUNNING,
                         "FECS: method 0x%02x pushed while FECS is not running", val);
        }
        break;
    }
    return true;
}
