/*
 * sm_75 SASS decoders: integer ALU, predicate logic and their uniform
 * (per-warp) twins, which share the layout with bit 91 set and URs in
 * place of GPRs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "decode-internal.h"

static NvSassOperand dst_reg(SassDec *d, bool uniform)
{
    return uniform ? sass_ureg(d, 16) : sass_reg(d, 16);
}

static NvSassPred pred_dst(SassDec *d, unsigned pos, bool uniform)
{
    return uniform ? sass_upred_dst(d, pos) : sass_pred_dst(d, pos);
}

static NvSassPred pred_src(SassDec *d, unsigned pos, unsigned neg, bool uniform)
{
    return uniform ? sass_upred(d, pos, neg) : sass_pred(d, pos, neg);
}

/*
 * A carry-in predicate slot the instruction does not use (no .X): ptxas
 * writes !PT there, NVK's compiler (NAK) leaves it zero.
 */
static bool expect_unused_pred(SassDec *d, unsigned pos, unsigned neg)
{
    NvSassPred p = sass_pred(d, pos, neg);

    return (p.index == NV_SASS_PT && p.negate) || (p.index == 0 && !p.negate);
}

static void add_alu_srcs(SassDec *d, const SassAlu *alu, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        sass_add_src(d, alu->src[i], i);
    }
}

bool sass_decode_MOV(SassDec *d)
{
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 4, 5, 6), false, &alu, NV_SASS_IMM_INT) ||
        !sass_alu_unused(&alu, 0) || !sass_alu_unused(&alu, 2)) {
        return false;
    }
    d->in->dst = sass_reg(d, 16);
    d->in->mod.i.mov_mask = sass_take(d, 72, 4);
    sass_add_src(d, alu.src[1], 1);
    /*
     * nv50_ir's scheduler numbers reuse hints by its own source order, so a
     * register MOV gets the hint of slot a, which it does not read: a hint,
     * ignored (the hardware runs nouveau's GL shaders with it).
     */
    if (d->in->form == NV_SASS_FORM_RRR) {
        d->reuse_ok |= 1u << 0;
    }
    return d->in->mod.i.mov_mask != 0;
}

static bool decode_sel(SassDec *d, bool uniform)
{
    SassAlu alu;

    if (!sass_alu(d, uniform ? SASS_FORMS(1, 4) : SASS_FORMS(1, 4, 5), uniform, &alu,
                  NV_SASS_IMM_INT) ||
        !sass_alu_unused(&alu, 2)) {
        return false;
    }
    d->in->uniform = uniform;
    d->in->dst = dst_reg(d, uniform);
    add_alu_srcs(d, &alu, 2);
    sass_add_psrc(d, pred_src(d, 87, 90, uniform));
    return true;
}

bool sass_decode_SEL(SassDec *d)
{
    return decode_sel(d, false);
}

bool sass_decode_USEL(SassDec *d)
{
    return decode_sel(d, true);
}

/* ISETP / UISETP: Pd = (a cmp b) bool Pacc; Pd2 = !(a cmp b) bool Pacc. */
static bool decode_isetp(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;
    NvSassModIntAlu *m = &in->mod.i;
    SassAlu alu;

    if (!sass_alu(d, uniform ? SASS_FORMS(1, 4) : SASS_FORMS(1, 4, 5, 6), uniform, &alu,
                  NV_SASS_IMM_INT)) {
        return false;
    }
    /* the c slot holds the .EX low-compare predicate instead of a register */
    sass_release(d, 64, 8);
    in->uniform = uniform;
    m->ex = sass_take(d, 72, 1);
    m->is_signed = sass_take(d, 73, 1);
    m->bool_op = sass_take(d, 74, 2);
    m->cmp = sass_take(d, 76, 3);
    in->pdst[0] = pred_dst(d, 81, uniform);
    in->pdst[1] = pred_dst(d, 84, uniform);
    add_alu_srcs(d, &alu, 2);
    sass_add_psrc(d, pred_src(d, 87, 90, uniform));
    /* .EX chains the low half's result in; ISETP prints it whenever it is not PT */
    sass_add_psrc(d, pred_src(d, 68, 71, uniform));
    if (uniform && !m->ex && (in->psrc[1].index != NV_SASS_PT || in->psrc[1].negate)) {
        return false;
    }
    return m->bool_op < 3 && sass_expect(d, 64, 4, 0);
}

bool sass_decode_ISETP(SassDec *d)
{
    return decode_isetp(d, false);
}

bool sass_decode_UISETP(SassDec *d)
{
    return decode_isetp(d, true);
}

/* IADD3 / UIADD3: a + b + c with two carry-outs; .X adds two carry-ins. */
static bool decode_iadd3(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;
    SassAlu alu;
    uint8_t mod;

    /* c is always a register: no forms 2, 3, 7 */
    if (!sass_alu(d, SASS_FORMS(1, 4, 5, 6), uniform, &alu, NV_SASS_IMM_INT)) {
        return false;
    }
    in->uniform = uniform;
    in->mod.i.x = sass_take(d, 74, 1);
    mod = in->mod.i.x ? NV_SASS_MOD_NOT : NV_SASS_MOD_NEG;
    for (unsigned i = 0; i < 3; i++) {
        sass_alu_neg(d, &alu, i, mod);
    }
    in->dst = dst_reg(d, uniform);
    in->pdst[0] = pred_dst(d, 81, uniform);
    in->pdst[1] = pred_dst(d, 84, uniform);
    add_alu_srcs(d, &alu, 3);
    if (in->mod.i.x) {
        sass_add_psrc(d, pred_src(d, 87, 90, uniform));
        sass_add_psrc(d, pred_src(d, 77, 80, uniform));
        return true;
    }
    return expect_unused_pred(d, 87, 90) && expect_unused_pred(d, 77, 80);
}

bool sass_decode_IADD3(SassDec *d)
{
    return decode_iadd3(d, false);
}

bool sass_decode_UIADD3(SassDec *d)
{
    return decode_iadd3(d, true);
}

/* LEA: d = (a << s) + b;  .HI: d = b + ({c:a} << s) >> 32;  .X: + carry-in */
static bool decode_lea(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;
    NvSassModIntAlu *m = &in->mod.i;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 2, 4, 5), uniform, &alu, NV_SASS_IMM_INT)) {
        return false;
    }
    in->uniform = uniform;
    m->x = sass_take(d, 74, 1);
    m->shift = sass_take(d, 75, 5);
    m->hi = sass_take(d, 80, 1);
    /* .SX32: a is sign-extended to 64 bits before the high-word shift */
    m->is_signed = m->hi && sass_take(d, 73, 1);
    sass_alu_neg(d, &alu, 0, m->x ? NV_SASS_MOD_NOT : NV_SASS_MOD_NEG);
    /* bits 74..79 are .X and the shift: b can only be negated in bits 32..63 */
    if (alu.slot[1] == 1) {
        sass_alu_neg(d, &alu, 1, m->x ? NV_SASS_MOD_NOT : NV_SASS_MOD_NEG);
    }
    in->dst = dst_reg(d, uniform);
    in->pdst[0] = pred_dst(d, 81, uniform);
    /* the high word comes from c, or from a's sign with .SX32 */
    add_alu_srcs(d, &alu, m->hi && !m->is_signed ? 3 : 2);
    if ((!m->hi || m->is_signed) && !sass_alu_is_zero(&alu, 2)) {
        return false;
    }
    if (m->x) {
        sass_add_psrc(d, pred_src(d, 87, 90, uniform));
        return true;
    }
    return expect_unused_pred(d, 87, 90);
}

bool sass_decode_LEA(SassDec *d)
{
    return decode_lea(d, false);
}

bool sass_decode_ULEA(SassDec *d)
{
    return decode_lea(d, true);
}

/* LOP3.LUT: d = LUT(a, b, c); optional P = (d != 0). */
static bool decode_lop3(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 4, 5, 6), uniform, &alu, NV_SASS_IMM_INT)) {
        return false;
    }
    in->uniform = uniform;
    in->mod.i.lut = sass_take(d, 72, 8);
    in->mod.i.pand = sass_take(d, 80, 1);
    in->dst = dst_reg(d, uniform);
    in->pdst[0] = pred_dst(d, 81, uniform);
    add_alu_srcs(d, &alu, 3);
    sass_add_psrc(d, pred_src(d, 87, 90, uniform));
    return true;
}

bool sass_decode_LOP3(SassDec *d)
{
    return decode_lop3(d, false);
}

bool sass_decode_ULOP3(SassDec *d)
{
    return decode_lop3(d, true);
}

/* Single-source ops read the b slot: IABS, POPC, BREV, FLO. */
static bool decode_unary(SassDec *d, bool uniform, unsigned forms)
{
    SassAlu alu;

    if (!sass_alu(d, forms, uniform, &alu, NV_SASS_IMM_INT) ||
        alu.src[0].reg != 0 || !sass_alu_unused(&alu, 2)) {
        return false;
    }
    d->in->uniform = uniform;
    d->in->dst = dst_reg(d, uniform);
    sass_add_src(d, alu.src[1], 1);
    return true;
}

bool sass_decode_IABS(SassDec *d)
{
    return decode_unary(d, false, SASS_FORMS(1, 4, 5));
}

static bool decode_popc(SassDec *d, bool uniform)
{
    if (!decode_unary(d, uniform, uniform ? SASS_FORMS(1, 4) : SASS_FORMS(1, 4, 5, 6))) {
        return false;
    }
    if (sass_take(d, 63, 1) && d->in->src[0].kind != NV_SASS_OPND_IMM) {
        d->in->src[0].mods |= NV_SASS_MOD_NOT;
    }
    return true;
}

bool sass_decode_POPC(SassDec *d)
{
    return decode_popc(d, false);
}

bool sass_decode_UPOPC(SassDec *d)
{
    return decode_popc(d, true);
}

bool sass_decode_BREV(SassDec *d)
{
    return decode_unary(d, false, SASS_FORMS(1, 4, 5));
}

bool sass_decode_UBREV(SassDec *d)
{
    return decode_unary(d, true, SASS_FORMS(1, 4));
}

/* FLO: index of the highest set (or sign-differing) bit; .SH: as shift count. */
static bool decode_flo(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;

    if (!decode_unary(d, uniform, uniform ? SASS_FORMS(1, 4) : SASS_FORMS(1, 4, 5))) {
        return false;
    }
    in->mod.i.is_signed = sass_take(d, 73, 1);
    in->mod.i.sh = sass_take(d, 74, 1);
    in->pdst[0] = pred_dst(d, 81, uniform);
    if (sass_take(d, 63, 1) && in->src[0].kind != NV_SASS_OPND_IMM) {
        in->src[0].mods |= NV_SASS_MOD_NOT;
    }
    return true;
}

bool sass_decode_FLO(SassDec *d)
{
    return decode_flo(d, false);
}

bool sass_decode_UFLO(SassDec *d)
{
    return decode_flo(d, true);
}

static bool decode_prmt(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, uniform ? SASS_FORMS(1, 4) : SASS_FORMS(1, 2, 3, 4, 5), uniform, &alu,
                  NV_SASS_IMM_INT)) {
        return false;
    }
    in->uniform = uniform;
    in->mod.i.prmt_mode = sass_take(d, 72, 3);
    in->dst = dst_reg(d, uniform);
    add_alu_srcs(d, &alu, 3);
    /* UPRMT has only the plain index mode */
    return in->mod.i.prmt_mode < (uniform ? 1 : 7);
}

bool sass_decode_PRMT(SassDec *d)
{
    return decode_prmt(d, false);
}

bool sass_decode_UPRMT(SassDec *d)
{
    return decode_prmt(d, true);
}

bool sass_decode_IMNMX(SassDec *d)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 4, 5), false, &alu, NV_SASS_IMM_INT) ||
        !sass_alu_unused(&alu, 2)) {
        return false;
    }
    in->mod.i.is_signed = sass_take(d, 73, 1);
    in->dst = sass_reg(d, 16);
    add_alu_srcs(d, &alu, 2);
    sass_add_psrc(d, sass_pred(d, 87, 90));
    return true;
}

/*
 * VABSDIFF: |a - b| + c (PTX sad), signed when bit 73 is set. Other video
 * modifiers (selectors, saturation, merge) are refused until verified; the
 * predicate field at 81..83 was only ever seen as PT.
 */
bool sass_decode_VABSDIFF(SassDec *d)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 2, 4), false, &alu, NV_SASS_IMM_INT) ||
        !sass_expect(d, 72, 1, 0) || !sass_expect(d, 74, 7, 0) || !sass_expect(d, 81, 3, 7) ||
        !sass_expect(d, 84, 3, 0)) {
        return false;
    }
    in->mod.i.is_signed = sass_take(d, 73, 1);
    in->dst = sass_reg(d, 16);
    add_alu_srcs(d, &alu, 3);
    return true;
}

/* SHF: funnel shift of {c:a} by b. */
static bool decode_shf(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;
    NvSassModIntAlu *m = &in->mod.i;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 2, 3, 4, 5), uniform, &alu, NV_SASS_IMM_INT)) {
        return false;
    }
    in->uniform = uniform;
    m->shf_type = sass_take(d, 73, 2);
    m->wrap = sass_take(d, 75, 1);
    m->right = sass_take(d, 76, 1);
    m->hi = sass_take(d, 80, 1);
    in->dst = dst_reg(d, uniform);
    add_alu_srcs(d, &alu, 3);
    return true;
}

bool sass_decode_SHF(SassDec *d)
{
    return decode_shf(d, false);
}

bool sass_decode_USHF(SassDec *d)
{
    return decode_shf(d, true);
}

/* PLOP3: two LUTs over three predicates. */
static bool decode_plop3(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;

    if (in->form != NV_SASS_FORM_RIR) {
        return false;
    }
    in->uniform = uniform;
    in->mod.i.lut = sass_take(d, 64, 3) | sass_take(d, 72, 5) << 3;
    in->mod.i.lut2 = sass_take(d, 16, 8);
    in->pdst[0] = pred_dst(d, 81, uniform);
    in->pdst[1] = pred_dst(d, 84, uniform);
    sass_add_psrc(d, pred_src(d, 87, 90, uniform));
    sass_add_psrc(d, pred_src(d, 77, 80, uniform));
    /* the warp form may take its third source from the uniform predicates (bit 67) */
    sass_add_psrc(d, pred_src(d, 68, 71, uniform || (!uniform && sass_take(d, 67, 1))));
    return true;
}

bool sass_decode_PLOP3(SassDec *d)
{
    return decode_plop3(d, false);
}

bool sass_decode_UPLOP3(SassDec *d)
{
    return decode_plop3(d, true);
}

/* IMAD (0x024), IMAD.WIDE (0x025), IMAD.HI (0x027) and the uniform UIMAD. */
static bool decode_imad(SassDec *d, bool uniform)
{
    NvSassInsn *in = d->in;
    NvSassModIntAlu *m = &in->mod.i;
    unsigned op = in->op12 & 0x7f;
    unsigned forms;
    SassAlu alu;

    /* the operand forms nvdisasm knows for each */
    if (uniform) {
        forms = op == 0x25 ? SASS_FORMS(1, 4) : SASS_FORMS(1, 2, 4);
    } else {
        forms = op == 0x25 ? SASS_FORMS(1, 3, 4, 5, 6, 7) :
                op == 0x27 ? SASS_FORMS(1, 3, 4, 5) : SASS_ALL_FORMS;
    }
    if (!sass_alu(d, forms, uniform, &alu, NV_SASS_IMM_INT)) {
        return false;
    }
    in->uniform = uniform;
    m->wide = op == 0x25;
    m->hi = op == 0x27;
    m->is_signed = sass_take(d, 73, 1);
    m->x = sass_take(d, 74, 1);
    sass_alu_neg(d, &alu, 2, m->x ? NV_SASS_MOD_NOT : NV_SASS_MOD_NEG);
    in->dst = dst_reg(d, uniform);
    /* only the 64-bit forms have a carry-out; the others leave PT there (ptxas, NAK) or P0 (nv50_ir) */
    in->pdst[0] = pred_dst(d, 81, uniform);
    if (!m->wide && !m->hi) {
        if (in->pdst[0].index != NV_SASS_PT && in->pdst[0].index != 0) {
            return false;
        }
        in->pdst[0].index = NV_SASS_PT;
    }
    add_alu_srcs(d, &alu, 3);
    if (m->x) {
        sass_add_psrc(d, pred_src(d, 87, 90, uniform));
        return true;
    }
    return expect_unused_pred(d, 87, 90);
}

bool sass_decode_IMAD(SassDec *d)
{
    return decode_imad(d, false);
}

bool sass_decode_UIMAD(SassDec *d)
{
    return decode_imad(d, true);
}

/* SGXT: sign-extend (or zero-extend, .U32) from bit b; BMSK: (1 << b) - 1 << a */
static bool decode_bitfield(SassDec *d, bool uniform, bool has_sign)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, uniform ? SASS_FORMS(1, 4) : SASS_FORMS(1, 4, 5), uniform, &alu,
                  NV_SASS_IMM_INT) ||
        !sass_alu_unused(&alu, 2)) {
        return false;
    }
    in->uniform = uniform;
    in->dst = dst_reg(d, uniform);
    in->mod.i.is_signed = has_sign && sass_take(d, 73, 1);
    in->mod.i.wrap = sass_take(d, 75, 1);
    add_alu_srcs(d, &alu, 2);
    return true;
}

bool sass_decode_SGXT(SassDec *d)
{
    return decode_bitfield(d, false, true);
}

bool sass_decode_USGXT(SassDec *d)
{
    return decode_bitfield(d, true, true);
}

bool sass_decode_BMSK(SassDec *d)
{
    return decode_bitfield(d, false, false);
}

bool sass_decode_UBMSK(SassDec *d)
{
    return decode_bitfield(d, true, false);
}

/* IDP.4A: four 8-bit products; IDP.2A.LO/HI: two 16x8-bit products, + c */
bool sass_decode_IDP(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModIntAlu *m = &in->mod.i;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 5), false, &alu, NV_SASS_IMM_INT)) {
        return false;
    }
    m->is_signed = sass_take(d, 73, 1);
    m->b_signed = sass_take(d, 74, 1);
    sass_alu_neg(d, &alu, 2, NV_SASS_MOD_NEG);
    m->idp_4a = !sass_take(d, 76, 1);
    m->idp_hi = sass_take(d, 77, 1);
    in->dst = sass_reg(d, 16);
    add_alu_srcs(d, &alu, 3);
    return !(m->idp_4a && m->idp_hi);
}

/*
 * P2R Rd, PR, Ra, mask: Rd = (PR & mask) | (Ra & ~mask), the predicate bits
 * shifted into byte n with .Bn. R2P PR, Ra(.Bn), mask is the reverse.
 */
static bool decode_pr_move(SassDec *d, bool to_reg)
{
    NvSassInsn *in = d->in;
    NvSassOperand mask;

    if (in->form == NV_SASS_FORM_RIR) {
        mask = sass_imm32(d, 32, NV_SASS_IMM_INT);
    } else if (in->form == NV_SASS_FORM_RRR) {
        mask = sass_reg(d, 32);
    } else {
        return false;
    }
    in->mod.i.prmt_mode = sass_take(d, 76, 2);   /* byte .B0...B3 */
    if (to_reg) {
        in->dst = sass_reg(d, 16);
    }
    sass_add_src(d, sass_reg(d, 24), 0);
    sass_add_src(d, mask, 1);
    return true;
}

bool sass_decode_P2R(SassDec *d)
{
    return decode_pr_move(d, true);
}

bool sass_decode_R2P(SassDec *d)
{
    return decode_pr_move(d, false);
}
