/*
 * sm_75 SASS printers: memory, control flow, barriers, warp operations and
 * special registers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <stdio.h>

#include "disasm-internal.h"

static const char *const size_names[8] = {
    ".U8", ".S8", ".U16", ".S16", "", ".64", ".128", ".U.128",
};
static const char *const order_names[4] = { ".CONSTANT", "", ".STRONG", ".MMIO" };
static const char *const scope_names[4] = { ".CTA", ".SM", ".GPU", ".SYS" };
static const char *const evict_names[8] = {
    ".EF", "", ".EL", ".LU", ".EU", ".NA", ".INVALID6", ".INVALID7",
};

static bool pred_is_pt(NvSassPred pr)
{
    return pr.index == NV_SASS_PT && !pr.negate;
}

static void op_psrc_opt(SassPrinter *p, unsigned i)
{
    if (i < p->in->n_psrc && !pred_is_pt(p->in->psrc[i])) {
        sass_op_pred(p, p->in->psrc[i]);
    }
}

static void op_addr(SassPrinter *p)
{
    sass_sep(p);
    sass_print_addr(p);
}

/* .E .evict .size .order .scope of a global / generic access */
static void global_suffix(SassPrinter *p, const char *size)
{
    const NvSassModMem *m = &p->in->mod.mem;

    sass_puts(p, m->e ? ".E" : "");
    sass_puts(p, evict_names[m->cache & 7]);
    sass_puts(p, size);
    sass_puts(p, order_names[m->order & 3]);
    sass_puts(p, scope_names[m->scope & 3]);
}

static void print_load_global(SassPrinter *p, const char *name)
{
    sass_puts(p, name);
    global_suffix(p, size_names[p->in->mod.mem.size & 7]);
    p->first = true;
    if (!pred_is_pt(p->in->pdst[0])) {
        sass_op_pred(p, p->in->pdst[0]);
    }
    sass_op_dst(p);
    op_addr(p);
}

void sass_print_LDG(SassPrinter *p)
{
    print_load_global(p, "LDG");
}

void sass_print_LD(SassPrinter *p)
{
    print_load_global(p, "LD");
}

static void print_store_global(SassPrinter *p, const char *name)
{
    sass_puts(p, name);
    global_suffix(p, size_names[p->in->mod.mem.size & 7]);
    p->first = true;
    op_addr(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_STG(SassPrinter *p)
{
    print_store_global(p, "STG");
}

void sass_print_ST(SassPrinter *p)
{
    print_store_global(p, "ST");
}

void sass_print_LDS(SassPrinter *p)
{
    sass_puts(p, "LDS");
    sass_puts(p, p->in->mod.mem.u ? ".U" : "");
    sass_puts(p, size_names[p->in->mod.mem.size & 7]);
    p->first = true;
    sass_op_dst(p);
    op_addr(p);
}

void sass_print_STS(SassPrinter *p)
{
    sass_puts(p, "STS");
    sass_puts(p, size_names[p->in->mod.mem.size & 7]);
    p->first = true;
    op_addr(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_LDL(SassPrinter *p)
{
    sass_puts(p, "LDL");
    sass_puts(p, evict_names[p->in->mod.mem.cache & 7]);
    sass_puts(p, size_names[p->in->mod.mem.size & 7]);
    p->first = true;
    sass_op_dst(p);
    op_addr(p);
}

void sass_print_STL(SassPrinter *p)
{
    sass_puts(p, "STL");
    sass_puts(p, evict_names[p->in->mod.mem.cache & 7]);
    sass_puts(p, size_names[p->in->mod.mem.size & 7]);
    p->first = true;
    op_addr(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_LDC(SassPrinter *p)
{
    const NvSassInsn *in = p->in;
    const NvSassOperand *cb = &in->src[0], *idx = &in->src[1];

    static const char *const modes[4] = { "", ".IL", ".IS", ".ISL" };

    sass_puts(p, "LDC");
    sass_puts(p, size_names[in->mod.mem.size & 7]);
    sass_puts(p, modes[in->mod.mem.ldc_mode & 3]);
    p->first = true;
    sass_op_dst(p);
    sass_sep(p);
    sass_printf(p, "c[0x%x][", cb->reg);
    if (idx->reg != NV_SASS_RZ) {
        sass_print_operand(p, idx);
        if (cb->imm) {
            sass_puts(p, "+");
            sass_print_imm_hex(p, cb->imm, true);
        }
    } else {
        sass_printf(p, "0x%x", cb->imm);
    }
    sass_puts(p, "]");
}

void sass_print_ULDC(SassPrinter *p)
{
    sass_puts(p, "ULDC");
    sass_puts(p, size_names[p->in->mod.mem.size & 7]);
    p->first = true;
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

static const char *const atom_op_names[] = {
    [NV_SASS_ATOM_ADD] = ".ADD", [NV_SASS_ATOM_MIN] = ".MIN", [NV_SASS_ATOM_MAX] = ".MAX",
    [NV_SASS_ATOM_INC] = ".INC", [NV_SASS_ATOM_DEC] = ".DEC", [NV_SASS_ATOM_AND] = ".AND",
    [NV_SASS_ATOM_OR] = ".OR", [NV_SASS_ATOM_XOR] = ".XOR", [NV_SASS_ATOM_EXCH] = ".EXCH",
    [NV_SASS_ATOM_SAFEADD] = ".SAFEADD", [NV_SASS_ATOM_CAS] = ".CAS",
    [NV_SASS_ATOM_CAST] = ".CAST", [NV_SASS_ATOM_CAST_SPIN] = ".CAST.SPIN",
};
static const char *const atom_type_names[8] = {
    "", ".S32", ".64", ".F32.FTZ.RN", ".F16x2.RN", ".S64", ".F64.RN", ".INVALID7",
};

static const char *atom_op_name(unsigned op)
{
    return op < sizeof(atom_op_names) / sizeof(atom_op_names[0]) ? atom_op_names[op] : ".?";
}

static void atom_suffix(SassPrinter *p)
{
    const NvSassModMem *m = &p->in->mod.mem;

    sass_puts(p, m->e ? ".E" : "");
    sass_puts(p, atom_op_name(m->atom_op));
    sass_puts(p, evict_names[m->cache & 7]);
    sass_puts(p, atom_type_names[m->atom_type & 7]);
    sass_puts(p, order_names[m->order & 3]);
    sass_puts(p, scope_names[m->scope & 3]);
}

void sass_print_ATOMG(SassPrinter *p)
{
    sass_puts(p, "ATOMG");
    atom_suffix(p);
    p->first = true;
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_dst(p);
    op_addr(p);
    sass_op_srcs(p, 0, 2);
}

void sass_print_ATOM(SassPrinter *p)
{
    sass_puts(p, "ATOM");
    atom_suffix(p);
    p->first = true;
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_dst(p);
    op_addr(p);
    sass_op_srcs(p, 0, 2);
}

void sass_print_RED(SassPrinter *p)
{
    sass_puts(p, "RED");
    atom_suffix(p);
    p->first = true;
    op_addr(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_ATOMS(SassPrinter *p)
{
    const NvSassModMem *m = &p->in->mod.mem;

    sass_puts(p, "ATOMS");
    sass_puts(p, atom_op_name(m->atom_op));
    sass_puts(p, atom_type_names[m->atom_type & 7]);
    p->first = true;
    sass_op_dst(p);
    op_addr(p);
    sass_op_srcs(p, 0, 2);
}

void sass_print_CCTL(SassPrinter *p)
{
    static const char *const ops[16] = {
        ".PF1", ".PF2", ".WB", ".IV", ".IVALL", ".RS", ".IVALLP", ".WBALL", ".WBALLP",
    };
    const char *op = ops[p->in->mod.mem.cctl_op & 15];

    sass_puts(p, "CCTL");
    sass_puts(p, p->in->mod.mem.e ? ".E" : "");
    sass_puts(p, op ? op : ".INVALID");
    if (p->in->has_addr) {
        p->first = true;
        op_addr(p);
    }
}

void sass_print_MEMBAR(SassPrinter *p)
{
    static const char *const modes[4] = { ".SC", ".ALL", "", ".INVALID3" };
    const NvSassModMem *m = &p->in->mod.mem;

    sass_puts(p, "MEMBAR");
    sass_puts(p, modes[m->membar & 3]);
    sass_puts(p, scope_names[m->scope & 3]);
    sass_puts(p, m->e ? ".MMIO" : "");
}

void sass_print_ERRBAR(SassPrinter *p)
{
    sass_puts(p, "ERRBAR");
}

void sass_print_QSPC(SassPrinter *p)
{
    static const char *const space[4] = { ".G", ".L", ".S", ".INVALID3" };

    sass_puts(p, "QSPC");
    sass_puts(p, p->in->mod.mem.e ? ".E" : "");
    sass_puts(p, space[p->in->mod.mem.qspc & 3]);
    p->first = true;
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_dst(p);
    op_addr(p);
}

/* control flow */

static void op_target(SassPrinter *p)
{
    sass_sep(p);
    sass_print_target(p);
}

static void op_barrier(SassPrinter *p)
{
    sass_sep(p);
    sass_printf(p, "B%u", p->in->mod.ctl.barrier);
}

void sass_print_BRA(SassPrinter *p)
{
    const NvSassModCtl *m = &p->in->mod.ctl;

    sass_mnemonic(p, m->div ? "BRA.DIV" : m->conv ? "BRA.CONV" : m->uniform_br ? "BRA.U" : "BRA");
    op_psrc_opt(p, 0);
    op_target(p);
}

void sass_print_BSSY(SassPrinter *p)
{
    sass_mnemonic(p, "BSSY");
    op_psrc_opt(p, 0);
    op_barrier(p);
    op_target(p);
}

void sass_print_BSYNC(SassPrinter *p)
{
    sass_mnemonic(p, "BSYNC");
    op_psrc_opt(p, 0);
    op_barrier(p);
}

void sass_print_BREAK(SassPrinter *p)
{
    sass_mnemonic(p, "BREAK");
    op_psrc_opt(p, 0);
    op_barrier(p);
}

void sass_print_BRX(SassPrinter *p)
{
    sass_mnemonic(p, "BRX");
    op_psrc_opt(p, 0);
    sass_op_srcs(p, 0, 1);
    if (p->in->src[1].imm) {
        /* the offset follows after a space, signed */
        sass_puts(p, " ");
        sass_print_imm_hex(p, p->in->src[1].imm, true);
    }
}

/* An .ABS address: "0x..." after a space where a register precedes it. */
static void op_abs_target(SassPrinter *p, bool space)
{
    sass_printf(p, "%s0x%" PRIx64, space ? " " : "", p->in->target);
}

void sass_print_CALL(SassPrinter *p)
{
    const NvSassModCtl *m = &p->in->mod.ctl;

    sass_mnemonic(p, m->relative ? (m->inc ? "CALL.REL" : "CALL.REL.NOINC")
                                 : (m->inc ? "CALL.ABS" : "CALL.ABS.NOINC"));
    op_psrc_opt(p, 0);
    if (!m->relative) {
        if (p->in->n_src) {
            /* CALL.ABS.NOINC Ra: the address is printed only when not 0 */
            sass_op_srcs(p, 0, 1);
            if (p->in->target) {
                op_abs_target(p, true);
            }
        } else {
            sass_sep(p);
            op_abs_target(p, false);
        }
        return;
    }
    if (p->in->n_src) {
        /* like RET: "Ra `(base)" with a space */
        sass_op_srcs(p, 0, 1);
        sass_puts(p, " ");
        sass_print_target(p);
        return;
    }
    op_target(p);
}

void sass_print_RET(SassPrinter *p)
{
    sass_mnemonic(p, p->in->mod.ctl.relative ? "RET.REL.NODEC" : "RET.ABS.NODEC");
    op_psrc_opt(p, 0);
    sass_op_srcs(p, 0, 1);
    if (!p->in->mod.ctl.relative) {
        op_abs_target(p, true);
        return;
    }
    /* nvdisasm separates the return target with a space only */
    sass_puts(p, " ");
    sass_print_target(p);
}

void sass_print_LEPC(SassPrinter *p)
{
    sass_mnemonic(p, "LEPC");
    sass_op_dst(p);
}

void sass_print_EXIT(SassPrinter *p)
{
    sass_mnemonic(p, "EXIT");
    op_psrc_opt(p, 0);
}

void sass_print_YIELD(SassPrinter *p)
{
    sass_mnemonic(p, "YIELD");
    op_psrc_opt(p, 0);
}

void sass_print_NOP(SassPrinter *p)
{
    sass_mnemonic(p, "NOP");
}

void sass_print_WARPSYNC(SassPrinter *p)
{
    sass_mnemonic(p, "WARPSYNC");
    op_psrc_opt(p, 0);
    sass_op_srcs(p, 0, 1);
}

void sass_print_NANOSLEEP(SassPrinter *p)
{
    sass_mnemonic(p, p->in->mod.ctl.sleep_warp ? "NANOSLEEP.WARP" : "NANOSLEEP");
    op_psrc_opt(p, 0);
    sass_op_srcs(p, 0, 1);
}

void sass_print_BMOV(SassPrinter *p)
{
    if (p->in->op12 == 0xf55) {
        sass_mnemonic(p, "BMOV.32");
        op_barrier(p);
        sass_sep(p);
        sass_puts(p, "MACTIVE");
        return;
    }
    if (p->in->op12 == 0xf56) {
        sass_mnemonic(p, p->in->mod.ctl.pquad ? "BMOV.32.PQUAD" : "BMOV.32");
        sass_sep(p);
        sass_puts(p, "MACTIVE");
        op_barrier(p);
        return;
    }
    sass_mnemonic(p, p->in->mod.ctl.clear ? "BMOV.32.CLEAR" : "BMOV.32");
    if (p->in->dst.kind) {
        sass_op_dst(p);
        op_barrier(p);
    } else {
        op_barrier(p);
        sass_op_srcs(p, 0, 1);
    }
}

void sass_print_CS2R(SassPrinter *p)
{
    sass_mnemonic(p, p->in->mod.ctl.cs2r_64 ? "CS2R" : "CS2R.32");
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_BPT(SassPrinter *p)
{
    sass_mnemonic(p, "BPT.TRAP");
    if (p->in->src[0].imm) {
        sass_op_srcs(p, 0, 1);
    }
}

void sass_print_DEPBAR(SassPrinter *p)
{
    sass_mnemonic(p, "DEPBAR.LE");
    sass_sep(p);
    sass_printf(p, "SB%u", p->in->mod.ctl.depbar_sb);
    sass_op_srcs(p, 0, 1);
    if (p->in->mod.ctl.depbar_set) {
        const char *sep = "{";

        sass_sep(p);
        for (int b = 5; b >= 0; b--) {
            if ((p->in->mod.ctl.depbar_set >> b) & 1) {
                sass_printf(p, "%s%d", sep, b);
                sep = ",";
            }
        }
        sass_puts(p, "}");
    }
}

void sass_print_B2R(SassPrinter *p)
{
    sass_mnemonic(p, "B2R.RESULT");
    sass_op_dst(p);
    if (!pred_is_pt(p->in->pdst[0])) {
        sass_op_pred(p, p->in->pdst[0]);
    }
}

void sass_print_BAR(SassPrinter *p)
{
    static const char *const modes[4] = { "BAR.SYNC", "BAR.ARV", "BAR.RED", "BAR.SCAN" };
    static const char *const red[4] = { ".POPC", ".AND", ".OR", ".INVALID3" };
    const NvSassModCtl *m = &p->in->mod.ctl;

    sass_puts(p, modes[m->bar_mode & 3]);
    sass_puts(p, m->bar_mode == 2 ? red[m->bar_red & 3] : "");
    sass_puts(p, m->bar_defer ? ".DEFER_BLOCKING" : "");
    p->first = true;
    sass_op_srcs(p, 0, 1);
    /* a zero thread count (all threads) is implied for SYNC and RED */
    if (p->in->form == NV_SASS_FORM_RRR || p->in->src[1].imm || m->bar_mode == 1 ||
        m->bar_mode == 3) {
        sass_op_srcs(p, 1, 2);
    }
    sass_op_psrcs(p);
}

/* warp-wide */

static void print_vote(SassPrinter *p, const char *name)
{
    static const char *const modes[4] = { ".ALL", ".ANY", ".EQ", ".INVALID3" };

    sass_puts(p, name);
    sass_puts(p, modes[p->in->mod.warp.mode & 3]);
    p->first = true;
    sass_op_dst(p);
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_psrcs(p);
}

void sass_print_VOTE(SassPrinter *p)
{
    print_vote(p, "VOTE");
}

void sass_print_VOTEU(SassPrinter *p)
{
    print_vote(p, "VOTEU");
}

void sass_print_SHFL(SassPrinter *p)
{
    static const char *const modes[4] = { ".IDX", ".UP", ".DOWN", ".BFLY" };

    sass_puts(p, "SHFL");
    sass_puts(p, modes[p->in->mod.warp.mode & 3]);
    p->first = true;
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
}

void sass_print_MATCH(SassPrinter *p)
{
    sass_puts(p, p->in->mod.warp.mode ? "MATCH.ANY" : "MATCH.ALL");
    sass_puts(p, p->in->mod.warp.u64 ? ".U64" : "");
    p->first = true;
    if (!p->in->mod.warp.mode) {
        sass_op_pred(p, p->in->pdst[0]);
    }
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

/* special registers and uniform moves */

static const char *const sreg_names[256] = {
    [0] = "SR_LANEID", [1] = "SR_CLOCK", [2] = "SR_VIRTCFG", [3] = "SR_VIRTID",
    [15] = "SR_ORDERING_TICKET", [16] = "SR_PRIM_TYPE", [17] = "SR_INVOCATION_ID",
    [18] = "SR_Y_DIRECTION", [19] = "SR_THREAD_KILL", [20] = "SM_SHADER_TYPE",
    [21] = "SR_DIRECTCBEWRITEADDRESSLOW", [22] = "SR_DIRECTCBEWRITEADDRESSHIGH",
    [23] = "SR_DIRECTCBEWRITEENABLED", [24] = "SR_MACHINE_ID_0", [25] = "SR_MACHINE_ID_1",
    [26] = "SR_MACHINE_ID_2", [27] = "SR_MACHINE_ID_3", [28] = "SR_AFFINITY",
    [29] = "SR_INVOCATION_INFO", [30] = "SR_WSCALEFACTOR_XY", [31] = "SR_WSCALEFACTOR_Z",
    [32] = "SR_TID", [33] = "SR_TID.X", [34] = "SR_TID.Y", [35] = "SR_TID.Z",
    [37] = "SR_CTAID.X", [38] = "SR_CTAID.Y", [39] = "SR_CTAID.Z", [40] = "SR_NTID",
    [41] = "SR_CirQueueIncrMinusOne", [42] = "SR_NLATC", [44] = "SR_SM_SPA_VERSION",
    [45] = "SR_MULTIPASSSHADERINFO", [46] = "SR_LWINHI", [47] = "SR_SWINHI",
    [48] = "SR_SWINLO", [49] = "SR_SWINSZ", [50] = "SR_SMEMSZ", [51] = "SR_SMEMBANKS",
    [52] = "SR_LWINLO", [53] = "SR_LWINSZ", [54] = "SR_LMEMLOSZ", [55] = "SR_LMEMHIOFF",
    [56] = "SR_EQMASK", [57] = "SR_LTMASK", [58] = "SR_LEMASK", [59] = "SR_GTMASK",
    [60] = "SR_GEMASK", [61] = "SR_REGALLOC", [62] = "SR_BARRIERALLOC",
    [64] = "SR_GLOBALERRORSTATUS", [66] = "SR_WARPERRORSTATUS", [67] = "SR_VIRTUALSMID",
    [68] = "SR_VIRTUALENGINEID", [80] = "SR_CLOCKLO", [81] = "SR_CLOCKHI",
    [82] = "SR_GLOBALTIMERLO", [83] = "SR_GLOBALTIMERHI", [84] = "SR_ESR_PC",
    [85] = "SR_ESR_PC_HI", [96] = "SR_HWTASKID", [97] = "SR_CIRCULARQUEUEENTRYINDEX",
    [98] = "SR_CIRCULARQUEUEENTRYADDRESSLOW", [99] = "SR_CIRCULARQUEUEENTRYADDRESSHIGH",
    [100] = "SR_PM0", [101] = "SR_PM_HI0", [102] = "SR_PM1", [103] = "SR_PM_HI1",
    [104] = "SR_PM2", [105] = "SR_PM_HI2", [106] = "SR_PM3", [107] = "SR_PM_HI3",
    [108] = "SR_PM4", [109] = "SR_PM_HI4", [110] = "SR_PM5", [111] = "SR_PM_HI5",
    [112] = "SR_PM6", [113] = "SR_PM_HI6", [114] = "SR_PM7", [115] = "SR_PM_HI7",
    [116] = "SR_SNAP_PM0", [117] = "SR_SNAP_PM_HI0", [118] = "SR_SNAP_PM1",
    [119] = "SR_SNAP_PM_HI1", [120] = "SR_SNAP_PM2", [121] = "SR_SNAP_PM_HI2",
    [122] = "SR_SNAP_PM3", [123] = "SR_SNAP_PM_HI3", [124] = "SR_SNAP_PM4",
    [125] = "SR_SNAP_PM_HI4", [126] = "SR_SNAP_PM5", [127] = "SR_SNAP_PM_HI5",
    [128] = "SR_SNAP_PM6", [129] = "SR_SNAP_PM_HI6", [130] = "SR_SNAP_PM7",
    [131] = "SR_SNAP_PM_HI7", [132] = "SR_VARIABLE_RATE", [133] = "SR_TTU_TICKET_INFO",
    [255] = "SRZ",
};

const char *sass_sreg_name(unsigned idx, char tmp[8])
{
    if (idx < 256 && sreg_names[idx]) {
        return sreg_names[idx];
    }
    snprintf(tmp, 8, "SR%u", idx & 0xff);
    return tmp;
}

void sass_print_S2R(SassPrinter *p)
{
    sass_mnemonic(p, "S2R");
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_S2UR(SassPrinter *p)
{
    sass_mnemonic(p, "S2UR");
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_R2UR(SassPrinter *p)
{
    sass_mnemonic(p, "R2UR");
    if (!pred_is_pt(p->in->pdst[0])) {
        sass_op_pred(p, p->in->pdst[0]);
    }
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_UMOV(SassPrinter *p)
{
    sass_mnemonic(p, "UMOV");
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_LDSM(SassPrinter *p)
{
    unsigned n = p->in->mod.mem.matrices;

    sass_puts(p, p->in->mod.mem.trans ? "LDSM.16.MT88" : "LDSM.16.M88");
    sass_puts(p, n == 4 ? ".4" : n == 2 ? ".2" : "");
    p->first = true;
    sass_op_dst(p);
    op_addr(p);
}

void sass_print_MOVM(SassPrinter *p)
{
    sass_mnemonic(p, "MOVM.16.MT88");
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}
