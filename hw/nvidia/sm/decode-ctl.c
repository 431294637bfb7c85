/*
 * sm_75 SASS decoders: control flow, convergence barriers, block barriers,
 * warp-wide operations, special registers and uniform moves.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "decode-internal.h"

/* Relative targets: next instruction + signed word offset at 34..(34+bits). */
static void decode_rel_target(SassDec *d, unsigned bits)
{
    NvSassInsn *in = d->in;

    in->has_target = true;
    in->target = in->pc + 16 + (uint64_t)(sass_take_signed(d, 34, bits) * 4);
}

static NvSassOperand sreg(SassDec *d)
{
    return (NvSassOperand){ .kind = NV_SASS_OPND_SREG, .reg = sass_take(d, 72, 8) };
}

/* The trailing predicate operand most control ops carry at 87..90. */
static void decode_ctl_pred(SassDec *d)
{
    sass_add_psrc(d, sass_pred(d, 87, 90));
}

static bool only_form(SassDec *d, unsigned form)
{
    return d->in->form == form;
}

bool sass_decode_BRA(SassDec *d)
{
    NvSassInsn *in = d->in;
    unsigned kind;

    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    kind = sass_take(d, 32, 2);
    in->mod.ctl.uniform_br = kind == 1;
    in->mod.ctl.div = kind == 2;
    in->mod.ctl.conv = kind == 3;
    decode_rel_target(d, 48);
    decode_ctl_pred(d);
    return true;
}

bool sass_decode_BSSY(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RIR) || !sass_expect(d, 32, 2, 0)) {
        return false;
    }
    in->mod.ctl.barrier = sass_take(d, 16, 4);
    decode_rel_target(d, 30);
    decode_ctl_pred(d);
    return true;
}

bool sass_decode_BSYNC(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    d->in->mod.ctl.barrier = sass_take(d, 16, 4);
    decode_ctl_pred(d);
    return true;
}

/*
 * .ABS targets: an absolute code address at 32..80 (CALL.ABS, RET.ABS), not
 * a label; register forms add {Ra+1:Ra}.
 */
static bool decode_abs_target(SassDec *d)
{
    d->in->target = sass_take(d, 32, 49);
    return sass_expect(d, 81, 1, 0);
}

/*
 * CALL.REL(.NOINC) target (0x944), or CALL.REL.NOINC Ra `(fn) (0x344): an
 * indirect call to fn's base + {Ra+1:Ra}, the base given like RET's.
 * CALL.ABS(.NOINC) [Ra] [imm] (0x943, 0x343): to imm + {Ra+1:Ra}, how code
 * calls a function whose address the driver resolved (vprintf, malloc).
 */
bool sass_decode_CALL(SassDec *d)
{
    NvSassInsn *in = d->in;
    unsigned op = in->op12 & 0x1ff;

    if ((in->form != NV_SASS_FORM_RIR && in->form != NV_SASS_FORM_RRR) ||
        (op == 0x144 && !sass_expect(d, 32, 2, 0))) {
        return false;
    }
    if (in->form == NV_SASS_FORM_RRR) {
        sass_add_src(d, sass_reg(d, 24), 0);
    }
    in->mod.ctl.relative = op == 0x144;
    in->mod.ctl.inc = !sass_take(d, 86, 1);
    if (in->mod.ctl.relative) {
        decode_rel_target(d, 48);
    } else if (!decode_abs_target(d)) {
        return false;
    }
    decode_ctl_pred(d);
    return true;
}

/*
 * RET.REL.NODEC Ra `(fn): returns to {Ra+1:Ra} relative to the function's
 * base; RET.ABS.NODEC Ra imm (bit 85): to imm + {Ra+1:Ra}.
 */
bool sass_decode_RET(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RIR) || !sass_expect(d, 86, 1, 1)) {
        return false;
    }
    in->mod.ctl.relative = !sass_take(d, 85, 1);
    sass_add_src(d, sass_reg(d, 24), 0);
    if (in->mod.ctl.relative) {
        if (!sass_expect(d, 32, 2, 0)) {
            return false;
        }
        decode_rel_target(d, 48);
    } else if (!decode_abs_target(d)) {
        return false;
    }
    decode_ctl_pred(d);
    return true;
}

/* LEPC Rd: {Rd+1:Rd} = this instruction's address (code computes return addresses from it). */
bool sass_decode_LEPC(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RRR)) {
        return false;
    }
    d->in->dst = sass_reg(d, 16);
    return true;
}

static bool decode_simple_ctl(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    decode_ctl_pred(d);
    return true;
}

bool sass_decode_EXIT(SassDec *d)
{
    return decode_simple_ctl(d);
}

bool sass_decode_YIELD(SassDec *d)
{
    return decode_simple_ctl(d);
}

bool sass_decode_NOP(SassDec *d)
{
    return only_form(d, NV_SASS_FORM_RIR);
}

bool sass_decode_WARPSYNC(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->form == NV_SASS_FORM_RIR) {
        sass_add_src(d, sass_imm32(d, 32, NV_SASS_IMM_INT), -1);
    } else if (in->form == NV_SASS_FORM_RRR) {
        sass_add_src(d, sass_reg(d, 32), 1);
    } else {
        return false;
    }
    decode_ctl_pred(d);
    return true;
}

bool sass_decode_NANOSLEEP(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    sass_add_src(d, sass_imm32(d, 32, NV_SASS_IMM_INT), -1);
    in->mod.ctl.sleep_warp = sass_take(d, 85, 1);
    decode_ctl_pred(d);
    return true;
}

/*
 * BMOV.32(.CLEAR) Rd, Bn reads (and clears) a convergence barrier (0x355);
 * BMOV.32 Bn, Rb writes one (0x356): spills around calls.
 */
/*
 * BMOV.32 Bd, MACTIVE (op 0xf55) and BMOV.32[.PQUAD] MACTIVE, Bs (0xf56):
 * the barrier at 16..19 and a special register at 24..29, of which only
 * MACTIVE (0x1a: the active mask, what ptxas saves and widens around
 * tex3DGrad's quad) is accepted; .PQUAD at 84.
 */
static bool decode_bmov_special(SassDec *d)
{
    NvSassInsn *in = d->in;

    in->mod.ctl.barrier = sass_take(d, 16, 4);
    in->mod.ctl.pquad = sass_take(d, 84, 1);
    return sass_expect(d, 20, 4, 0) && sass_expect(d, 24, 6, NV_SASS_SR_MACTIVE) &&
           (in->op12 == 0xf56 || !in->mod.ctl.pquad);
}

bool sass_decode_BMOV(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->op12 == 0xf55 || in->op12 == 0xf56) {
        return decode_bmov_special(d);
    }

    in->mod.ctl.barrier = sass_take(d, 24, 4);
    in->mod.ctl.clear = sass_take(d, 84, 1);
    if (in->op12 == 0x355) {
        in->dst = sass_reg(d, 16);
        return true;
    }
    if (in->op12 == 0x356) {
        sass_add_src(d, sass_reg(d, 32), 1);
        return !in->mod.ctl.clear;
    }
    return false;
}

/* CS2R(.32) Rd, SR: the fast (coupled) special-register read, 64-bit by default */
bool sass_decode_CS2R(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    d->in->dst = sass_reg(d, 16);
    sass_add_src(d, sreg(d), -1);
    d->in->mod.ctl.cs2r_64 = sass_take(d, 80, 1);
    return true;
}

/* BPT.TRAP n: raise a trap (__trap() passes 1) */
bool sass_decode_BPT(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RIR) || !sass_expect(d, 84, 2, 3)) {
        return false;
    }
    sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 34, 3) }, -1);
    return true;
}

/* DEPBAR.LE SBn, count: wait until scoreboard n has at most count pending. */
bool sass_decode_DEPBAR(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RIR) || !sass_expect(d, 47, 1, 1)) {
        return false;
    }
    in->mod.ctl.depbar_sb = sass_take(d, 44, 3);
    in->mod.ctl.depbar_set = sass_take(d, 32, 6);
    sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 38, 6) }, -1);
    return in->mod.ctl.depbar_sb <= 5;
}

/* B2R.RESULT Rd(, Pd): the value reduced by the last BAR.RED */
bool sass_decode_B2R(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RRR)) {
        return false;
    }
    in->mod.ctl.b2r_mode = sass_take(d, 78, 2);
    in->dst = sass_reg(d, 16);
    in->pdst[0] = sass_pred_dst(d, 81);
    return in->mod.ctl.b2r_mode == 1;
}

/*
 * BAR.{SYNC,ARV,RED} id(, count)(, P): block-wide barrier with immediate id
 * (ptxas, NAK), or nv50_ir's register form (op 0x31d, nouveau's GL driver and
 * rusticl), whose register at 32..39 nvdisasm prints twice. nv50_ir only
 * writes RZ there (barrier 0, immediate zeros become RZ): other registers
 * stay refused, their meaning not established.
 */
bool sass_decode_BAR(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModCtl *m = &in->mod.ctl;

    if (only_form(d, NV_SASS_FORM_RRR)) {
        NvSassOperand rz = sass_reg(d, 32);

        if (rz.reg != NV_SASS_RZ) {
            return false;
        }
        sass_add_src(d, rz, -1);
        sass_add_src(d, rz, -1);
    } else if (only_form(d, NV_SASS_FORM_RCR)) {
        sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 54, 4) },
                     -1);
        sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 42, 12) },
                     -1);
    } else {
        return false;
    }
    m->bar_red = sass_take(d, 74, 2);
    m->bar_mode = sass_take(d, 77, 2);
    m->bar_defer = sass_take(d, 80, 1);
    if (m->bar_mode == 2) {
        decode_ctl_pred(d);
    } else if (m->bar_red != 0) {
        return false;
    } else if (in->form == NV_SASS_FORM_RRR && sass_take(d, 87, 4) != NV_SASS_PT) {
        return false;       /* nv50_ir fills the unused predicate field with PT */
    }
    /* BAR.SCAN has not been seen from ptxas; ARV cannot defer */
    return m->bar_mode < 3 && m->bar_red < 3 && !(m->bar_defer && m->bar_mode == 1);
}

/* VOTE.{ALL,ANY,EQ} Rd, Pd, Pin; VOTEU writes a UR and a uniform predicate. */
static bool decode_vote(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    in->uniform = uniform;
    in->dst = uniform ? sass_ureg(d, 16) : sass_reg(d, 16);
    in->mod.warp.mode = sass_take(d, 72, 2);
    in->pdst[0] = uniform ? sass_upred_dst(d, 81) : sass_pred_dst(d, 81);
    decode_ctl_pred(d);
    return in->mod.warp.mode < 3;
}

bool sass_decode_VOTE(SassDec *d)
{
    return decode_vote(d, false);
}

bool sass_decode_VOTEU(SassDec *d)
{
    return decode_vote(d, true);
}

/* SHFL.{IDX,UP,DOWN,BFLY} Pd, Rd, Ra, lane, clamp|segmask */
bool sass_decode_SHFL(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassOperand lane, c;

    switch (in->form) {
    case NV_SASS_FORM_RRR:
        lane = sass_reg(d, 32);
        c = sass_reg(d, 64);
        break;
    case NV_SASS_FORM_RRI:
        lane = sass_reg(d, 32);
        c = (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 40, 13) };
        break;
    case NV_SASS_FORM_RIR:
        lane = (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 53, 5) };
        c = sass_reg(d, 64);
        break;
    case NV_SASS_FORM_RRU:
        lane = (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 53, 5) };
        c = (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = sass_take(d, 40, 13) };
        break;
    default:
        return false;
    }
    in->mod.warp.mode = sass_take(d, 58, 2);
    in->dst = sass_reg(d, 16);
    in->pdst[0] = sass_pred_dst(d, 81);
    sass_add_src(d, sass_reg(d, 24), 0);
    sass_add_src(d, lane, 1);
    sass_add_src(d, c, 2);
    return true;
}

/* MATCH.{ANY,ALL}(.U64) (Pd,) Rd, Ra */
bool sass_decode_MATCH(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RRR)) {
        return false;
    }
    in->mod.warp.u64 = sass_take(d, 73, 1);
    in->mod.warp.mode = sass_take(d, 79, 1);
    in->dst = sass_reg(d, 16);
    in->pdst[0] = sass_pred_dst(d, 81);
    sass_add_src(d, sass_reg(d, 24), 0);
    /* only MATCH.ALL reports "all lanes matched" in a predicate */
    return in->mod.warp.mode == 0 || in->pdst[0].index == NV_SASS_PT;
}

bool sass_decode_S2R(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    d->in->dst = sass_reg(d, 16);
    sass_add_src(d, sreg(d), -1);
    return true;
}

bool sass_decode_S2UR(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    d->in->uniform = true;
    d->in->dst = sass_ureg(d, 16);
    sass_add_src(d, sreg(d), -1);
    return true;
}

/* UMOV URd, URb | imm */
bool sass_decode_UMOV(SassDec *d)
{
    NvSassInsn *in = d->in;

    in->uniform = true;
    in->dst = sass_ureg(d, 16);
    /* encoded like a vector ALU op: bit 91 marks the UR source form only */
    if (in->form == NV_SASS_FORM_RUR) {
        sass_add_src(d, sass_ureg(d, 32), 1);
        return sass_expect(d, 91, 1, 1);
    }
    if (in->form == NV_SASS_FORM_RIR) {
        sass_add_src(d, sass_imm32(d, 32, NV_SASS_IMM_INT), 1);
        return true;
    }
    return false;
}

/* R2UR (Pd,) URd, Ra: a register the compiler knows is warp-uniform, to a UR */
bool sass_decode_R2UR(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!only_form(d, NV_SASS_FORM_RRR)) {
        return false;
    }
    in->uniform = true;
    in->dst = sass_ureg(d, 16);
    in->pdst[0] = sass_pred_dst(d, 81);
    sass_add_src(d, sass_reg(d, 24), 0);
    return true;
}

/* BREAK (P,) Bn: leave convergence barrier n (a loop exit under divergence) */
bool sass_decode_BREAK(SassDec *d)
{
    if (!only_form(d, NV_SASS_FORM_RIR)) {
        return false;
    }
    d->in->mod.ctl.barrier = sass_take(d, 16, 4);
    decode_ctl_pred(d);
    return true;
}

/*
 * BRX Ra (offset): indirect branch to next instruction + offset + {Ra+1:Ra}
 * (jump tables); the signed word offset sits where BRA keeps its own.
 */
bool sass_decode_BRX(SassDec *d)
{
    int64_t offset;

    if (!only_form(d, NV_SASS_FORM_RIR) || !sass_expect(d, 32, 2, 0)) {
        return false;
    }
    offset = sass_take_signed(d, 34, 48) * 4;
    sass_add_src(d, sass_reg(d, 24), 0);
    sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_IMM, .imm = (uint32_t)offset }, -1);
    decode_ctl_pred(d);
    /* offsets beyond +-2 GiB are not representable here (nor plausible) */
    return offset == (int32_t)offset;
}

/*
 * MOVM.16.MT88 Rd, Ra (movmatrix.trans): transposes the 8x8 matrix of
 * 16-bit elements the warp holds in Ra, two per lane. The .M832 forms
 * (bit 76) are refused.
 */
bool sass_decode_MOVM(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->op12 != 0x23a) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 24), 0);
    return true;
}
