/*
 * sm_75 SASS decoders: fp32, fp64, fp16x2 arithmetic and the conversions.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "decode-internal.h"

static void float_mods(SassDec *d, SassAlu *alu, unsigned i)
{
    sass_alu_neg(d, alu, i, NV_SASS_MOD_NEG);
    sass_alu_abs(d, alu, i);
}

/*
 * Two-source float op: a and the second source (b in forms 1/4/5/6, c in
 * forms 2/3/7); the remaining register slot is unused. Ops whose second
 * source goes in c (FADD, DSETP: a + c) keep its reuse flag in c's slot
 * even when the register form puts it in b (nvdisasm: FADD R0, R0, R2.reuse
 * is bit 124, and bit 123 is invalid there).
 */
static bool float2(SassDec *d, unsigned forms, NvSassImmType imm, SassAlu *alu)
{
    unsigned second, reuse;

    if (!sass_alu(d, forms, false, alu, imm)) {
        return false;
    }
    second = sass_alu_second(alu, d->in->form);
    if (!sass_alu_unused(alu, 3 - second)) {
        return false;
    }
    float_mods(d, alu, 0);
    float_mods(d, alu, second);
    d->in->dst = sass_reg(d, 16);
    reuse = (forms & SASS_FORMS(2)) ? 2 : second;
    sass_add_src(d, alu->src[0], 0);
    sass_add_src(d, alu->src[second], reuse);
    return true;
}

/*
 * Forms 6 and 7 (a uniform register as b or c) are not in ptxas's output
 * for these floating-point operations, but NVK's compiler encodes them the
 * way it does for every ALU operation, and Turing runs them.
 */
static bool float3(SassDec *d, NvSassImmType imm, SassAlu *alu)
{
    if (!sass_alu(d, SASS_FORMS(1, 2, 3, 4, 5, 6, 7), false, alu, imm)) {
        return false;
    }
    for (unsigned i = 0; i < 3; i++) {
        float_mods(d, alu, i);
        sass_add_src(d, alu->src[i], i);
    }
    d->in->dst = sass_reg(d, 16);
    return true;
}

/*
 * FSWZADD Rd, Ra, Rb, table (op 0x822): per quad lane a sum of Ra and Rb
 * with signs from the table (32..39); .NDV 77, .FTZ 80; rounding other
 * than RN (78..79) refused.
 */
bool sass_decode_FSWZADD(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModFloat *m = &in->mod.f;

    if (in->op12 != 0x822) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 24), 0);
    sass_add_src(d, sass_reg(d, 64), 1);
    m->swz = sass_take(d, 32, 8);
    m->ndv = sass_take(d, 77, 1);
    m->ftz = sass_take(d, 80, 1);
    return sass_expect(d, 78, 2, 0);
}

bool sass_decode_FADD(SassDec *d)
{
    NvSassModFloat *m = &d->in->mod.f;
    SassAlu alu;

    if (!float2(d, SASS_FORMS(1, 2, 3, 7), NV_SASS_IMM_F32, &alu)) {
        return false;
    }
    m->sat = sass_take(d, 77, 1);
    m->rnd = sass_take(d, 78, 2);
    m->ftz = sass_take(d, 80, 1);
    return true;
}

bool sass_decode_FMUL(SassDec *d)
{
    NvSassModFloat *m = &d->in->mod.f;
    SassAlu alu;

    if (!float2(d, SASS_FORMS(1, 4, 5, 6), NV_SASS_IMM_F32, &alu)) {
        return false;
    }
    m->fmz = sass_take(d, 76, 1);
    m->sat = sass_take(d, 77, 1);
    m->rnd = sass_take(d, 78, 2);
    m->ftz = sass_take(d, 80, 1);
    m->pdiv = sass_take(d, 84, 3);
    /* .FTZ and .FMZ together print as INVALID3; post-scales .D8 (1) to .M8 (7), 4 none */
    return m->pdiv != 0 && !(m->ftz && m->fmz);
}

bool sass_decode_FFMA(SassDec *d)
{
    NvSassModFloat *m = &d->in->mod.f;
    SassAlu alu;

    if (!float3(d, NV_SASS_IMM_F32, &alu)) {
        return false;
    }
    m->fmz = sass_take(d, 76, 1);
    m->sat = sass_take(d, 77, 1);
    m->rnd = sass_take(d, 78, 2);
    m->ftz = sass_take(d, 80, 1);
    return !(m->ftz && m->fmz);
}

static bool decode_fsel_like(SassDec *d)
{
    SassAlu alu;

    if (!float2(d, SASS_FORMS(1, 4, 5, 6), NV_SASS_IMM_F32, &alu)) {
        return false;
    }
    sass_add_psrc(d, sass_pred(d, 87, 90));
    return true;
}

bool sass_decode_FSEL(SassDec *d)
{
    return decode_fsel_like(d);
}

bool sass_decode_FMNMX(SassDec *d)
{
    if (!decode_fsel_like(d)) {
        return false;
    }
    d->in->mod.f.ftz = sass_take(d, 80, 1);
    return true;
}

/* FSETP / DSETP: Pd = (a cmp b) bool Pacc, Pd2 = !(a cmp b) bool Pacc */
static bool decode_setp(SassDec *d, unsigned forms, NvSassImmType imm, bool has_ftz)
{
    NvSassInsn *in = d->in;
    NvSassModFloat *m = &in->mod.f;
    SassAlu alu;

    if (!float2(d, forms, imm, &alu)) {
        return false;
    }
    in->dst = (NvSassOperand){ 0 };
    if (!sass_expect(d, 16, 8, 0)) {
        return false;
    }
    m->bool_op = sass_take(d, 74, 2);
    m->cmp = sass_take(d, 76, 4);
    if (has_ftz) {
        m->ftz = sass_take(d, 80, 1);
    }
    in->pdst[0] = sass_pred_dst(d, 81);
    in->pdst[1] = sass_pred_dst(d, 84);
    sass_add_psrc(d, sass_pred(d, 87, 90));
    return m->bool_op < 3;
}

/* FSET(.BF) Rd = ((a cmp b) bool Pacc) ? 1.0 : 0.0 (nv50_ir's set-to-float) */
bool sass_decode_FSET(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModFloat *m = &in->mod.f;
    SassAlu alu;

    if (!float2(d, SASS_FORMS(1, 4, 5, 6), NV_SASS_IMM_F32, &alu)) {
        return false;
    }
    m->bool_op = sass_take(d, 74, 2);
    m->cmp = sass_take(d, 76, 4);
    m->ftz = sass_take(d, 80, 1);
    sass_add_psrc(d, sass_pred(d, 87, 90));
    return m->bool_op < 3;
}

bool sass_decode_FSETP(SassDec *d)
{
    return decode_setp(d, SASS_FORMS(1, 4, 5, 6), NV_SASS_IMM_F32, true);
}

bool sass_decode_DSETP(SassDec *d)
{
    return decode_setp(d, SASS_FORMS(1, 2, 3, 7), NV_SASS_IMM_F64_HI, false);
}

/* DADD adds a and c: its second source is in the c slot in every form. */
bool sass_decode_DADD(SassDec *d)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 2, 3, 7), false, &alu, NV_SASS_IMM_F64_HI) ||
        !sass_alu_unused(&alu, 1)) {
        return false;
    }
    float_mods(d, &alu, 0);
    float_mods(d, &alu, 2);
    in->dst = sass_reg(d, 16);
    sass_add_src(d, alu.src[0], 0);
    sass_add_src(d, alu.src[2], 2);
    d->in->mod.f.rnd = sass_take(d, 78, 2);
    return true;
}

bool sass_decode_DMUL(SassDec *d)
{
    SassAlu alu;

    if (!float2(d, SASS_FORMS(1, 4, 5, 6), NV_SASS_IMM_F64_HI, &alu)) {
        return false;
    }
    d->in->mod.f.rnd = sass_take(d, 78, 2);
    return true;
}

bool sass_decode_DFMA(SassDec *d)
{
    SassAlu alu;

    if (!float3(d, NV_SASS_IMM_F64_HI, &alu)) {
        return false;
    }
    d->in->mod.f.rnd = sass_take(d, 78, 2);
    return true;
}

/* MUFU: transcendental approximations of the b source. */
bool sass_decode_MUFU(SassDec *d)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 4, 5), false, &alu, NV_SASS_IMM_F32) ||
        !sass_alu_unused(&alu, 0) || !sass_alu_unused(&alu, 2)) {
        return false;
    }
    float_mods(d, &alu, 1);
    in->dst = sass_reg(d, 16);
    in->mod.f.mufu = sass_take(d, 74, 6);
    if (in->mod.f.mufu == 6 || in->mod.f.mufu == 7) {
        /* RCP64H / RSQ64H work on the high word of a double */
        alu.src[1].imm_type = NV_SASS_IMM_F64_HI;
    }
    sass_add_src(d, alu.src[1], 1);
    return in->mod.f.mufu <= 9;
}

/*
 * Conversions read the b slot. The 0x1xx opcode is for 32-bit operands, the
 * 0x11x twin for 64-bit ones (either side).
 */
static bool decode_cvt(SassDec *d, unsigned op32, unsigned op64, NvSassImmType imm,
                       bool float_src)
{
    NvSassInsn *in = d->in;
    NvSassModCvt *m = &in->mod.cvt;
    unsigned op9 = in->op12 & 0x1ff;
    SassAlu alu;
    bool wide;

    /* of the conversions, only I2F takes a UR source */
    if (!sass_alu(d, op9 == 0x112 || op9 == 0x106 ? SASS_FORMS(1, 4, 5, 6) : SASS_FORMS(1, 4, 5),
                  false, &alu, imm) ||
        !sass_alu_unused(&alu, 0) || !sass_alu_unused(&alu, 2)) {
        return false;
    }
    if (float_src) {
        float_mods(d, &alu, 1);
    }
    in->dst = sass_reg(d, 16);
    m->dst_bytes = sass_take(d, 75, 2);
    m->rnd = sass_take(d, 78, 2);
    m->src_bytes = sass_take(d, 84, 2);
    wide = m->dst_bytes == 3 || m->src_bytes == 3;
    if (op9 != (wide ? op64 : op32)) {
        return false;
    }
    if (float_src && m->src_bytes == 3) {
        alu.src[1].imm_type = NV_SASS_IMM_F64_HI;
    }
    /* half-precision sources only from registers: nvdisasm spells others differently */
    if (float_src && m->src_bytes < 2 && alu.src[1].kind != NV_SASS_OPND_REG) {
        return false;
    }
    /* I2F picks a byte or half of a register source (bits 60..61): B0-B3, H0-H1 */
    if ((op9 == 0x106 || op9 == 0x112) && alu.src[1].kind == NV_SASS_OPND_REG) {
        m->src_sel = sass_take(d, 60, 2);
        if (m->src_bytes > 1 ? m->src_sel : m->src_bytes == 1 && m->src_sel > 1) {
            return false;
        }
    }
    sass_add_src(d, alu.src[1], 1);
    return true;
}

bool sass_decode_F2I(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModCvt *m = &in->mod.cvt;

    if (!decode_cvt(d, 0x105, 0x111, NV_SASS_IMM_F32, true)) {
        return false;
    }
    m->dst_signed = sass_take(d, 72, 1);
    m->ntz = sass_take(d, 77, 1);
    m->ftz = sass_take(d, 80, 1);
    return m->src_bytes >= 1 && m->dst_bytes >= 1;
}

bool sass_decode_I2F(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModCvt *m = &in->mod.cvt;

    if (!decode_cvt(d, 0x106, 0x112, NV_SASS_IMM_INT, false)) {
        return false;
    }
    m->src_signed = sass_take(d, 74, 1);
    if (m->src_bytes >= 2) {
        return m->dst_bytes >= 1;
    }
    /*
     * 8/16-bit sources: a byte/half of a register (the selector at 60..61,
     * taken by decode_cvt), or the low one of a UR or constant (nvdisasm
     * prints a selector there oddly: refused).
     */
    return m->dst_bytes >= 1 && in->src[0].kind != NV_SASS_OPND_IMM &&
           (in->src[0].kind == NV_SASS_OPND_REG || sass_take(d, 60, 2) == 0);
}

bool sass_decode_F2F(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModCvt *m = &in->mod.cvt;

    if (!decode_cvt(d, 0x104, 0x110, NV_SASS_IMM_F32, true)) {
        return false;
    }
    m->ftz = sass_take(d, 80, 1);
    /* a double-to-double F2F does not exist (FRND rounds in place) */
    return m->src_bytes >= 1 && m->dst_bytes >= 1 && !(m->src_bytes == 3 && m->dst_bytes == 3);
}

/*
 * fp16x2 sources: like other ALU ops, plus a swizzle per register/cbuf
 * source (none, .F32, .H0_H0, .H1_H1) at 74..75 (a), 60..61 (bits 32..63
 * slot) and 81..82 (c slot, whose abs/neg move to 83/84).
 */
static const uint8_t swizzle_mods[4] = { 0, NV_SASS_MOD_F32, NV_SASS_MOD_H0_H0, NV_SASS_MOD_H1_H1 };

static void fp16_mods(SassDec *d, NvSassOperand *op, unsigned slot)
{
    static const uint8_t neg_bit[3] = { 72, 63, 84 }, abs_bit[3] = { 73, 62, 83 };
    static const uint8_t swz_bit[3] = { 74, 60, 81 };

    if (op->kind == NV_SASS_OPND_IMM) {
        return;
    }
    op->mods |= sass_take(d, neg_bit[slot], 1) ? NV_SASS_MOD_NEG : 0;
    op->mods |= sass_take(d, abs_bit[slot], 1) ? NV_SASS_MOD_ABS : 0;
    op->mods |= swizzle_mods[sass_take(d, swz_bit[slot], 2)];
}

/*
 * Reads the operands of an fp16 op with n (2 or 3) sources; c_free: the
 * c slot carries other fields rather than an unused register.
 */
static bool fp16_srcs(SassDec *d, unsigned forms, unsigned n, bool c_free,
                      const int *reuse_as)
{
    SassAlu alu;
    unsigned order[3] = { 0, 1, 2 };

    if (!sass_alu(d, forms, false, &alu, NV_SASS_IMM_F16X2)) {
        return false;
    }
    if (n == 2) {
        /* two-source ops take their second operand from bits 32..63 */
        order[1] = alu.slot[1] == 1 ? 1 : 2;
        if (!c_free && !sass_alu_unused(&alu, 3 - order[1])) {
            return false;
        }
    }
    for (unsigned i = 0; i < n; i++) {
        NvSassOperand op = alu.src[order[i]];

        fp16_mods(d, &op, alu.slot[order[i]]);
        sass_add_src(d, op, reuse_as ? reuse_as[i] : (int)order[i]);
    }
    return true;
}

/* nvdisasm reports HADD2's second source's reuse hint as the c operand's */
static const int hadd2_reuse[2] = { 0, 2 };

bool sass_decode_HADD2(SassDec *d)
{
    NvSassModFloat *m = &d->in->mod.f;

    if (!fp16_srcs(d, SASS_FORMS(1, 2, 3), 2, false, hadd2_reuse)) {
        return false;
    }
    d->in->dst = sass_reg(d, 16);
    m->sat = sass_take(d, 77, 1);
    m->f32 = sass_take(d, 78, 1);
    m->ftz = sass_take(d, 80, 1);
    return true;
}

bool sass_decode_HMUL2(SassDec *d)
{
    NvSassModFloat *m = &d->in->mod.f;

    if (!fp16_srcs(d, SASS_FORMS(1, 4, 5), 2, false, NULL)) {
        return false;
    }
    d->in->dst = sass_reg(d, 16);
    m->fmz = sass_take(d, 76, 1);
    m->sat = sass_take(d, 77, 1);
    m->f32 = sass_take(d, 78, 1);
    m->ftz = sass_take(d, 80, 1);
    return !(m->fmz && m->ftz);
}

bool sass_decode_HFMA2(SassDec *d)
{
    NvSassModFloat *m = &d->in->mod.f;

    if (!fp16_srcs(d, SASS_FORMS(1, 2, 3, 4, 5), 3, false, NULL)) {
        return false;
    }
    d->in->dst = sass_reg(d, 16);
    m->fmz = sass_take(d, 76, 1);
    m->sat = sass_take(d, 77, 1);
    m->f32 = sass_take(d, 78, 1);
    m->ftz = sass_take(d, 80, 1);
    return !(m->fmz && m->ftz);
}

/* HSETP2: two predicate results per lane pair; HSET2 writes masks/1.0. */
static bool decode_hset(SassDec *d, bool to_pred)
{
    NvSassInsn *in = d->in;
    NvSassModFloat *m = &in->mod.f;

    if (!fp16_srcs(d, SASS_FORMS(1, 2, 3), 2, true, NULL)) {
        return false;
    }
    /* bits 64..71 hold op bits here, not a register */
    sass_release(d, 64, 8);
    m->bool_op = sass_take(d, 69, 2);
    m->cmp = sass_take(d, 76, 4);
    m->ftz = sass_take(d, 80, 1);
    if (to_pred) {
        m->h_and = sass_take(d, 71, 1);
        in->pdst[0] = sass_pred_dst(d, 81);
        in->pdst[1] = sass_pred_dst(d, 84);
        if (!sass_expect(d, 16, 8, 0)) {
            return false;
        }
    } else {
        m->bf = sass_take(d, 71, 1);
        in->dst = sass_reg(d, 16);
    }
    sass_add_psrc(d, sass_pred(d, 87, 90));
    return m->bool_op < 3 && sass_expect(d, 64, 5, 0);
}

bool sass_decode_HSETP2(SassDec *d)
{
    return decode_hset(d, true);
}

bool sass_decode_HSET2(SassDec *d)
{
    return decode_hset(d, false);
}

/* FCHK Pd, a, b: P = a / b needs the slow (IEEE) division path */
bool sass_decode_FCHK(SassDec *d)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 4, 5), false, &alu, NV_SASS_IMM_F32) ||
        !sass_alu_unused(&alu, 2)) {
        return false;
    }
    float_mods(d, &alu, 0);
    float_mods(d, &alu, 1);
    in->pdst[0] = sass_pred_dst(d, 81);
    sass_add_src(d, alu.src[0], 0);
    sass_add_src(d, alu.src[1], 1);
    return sass_expect(d, 16, 8, 0);
}

/* FRND: round to an integral value in the same format */
bool sass_decode_FRND(SassDec *d)
{
    NvSassModCvt *m = &d->in->mod.cvt;

    if (!decode_cvt(d, 0x107, 0x113, NV_SASS_IMM_F32, true)) {
        return false;
    }
    m->ftz = sass_take(d, 80, 1);
    return m->src_bytes == m->dst_bytes && m->src_bytes >= 2;
}

/* I2I.{U8,S8,U16,S16}.S32.SAT: saturating narrowing of a 32-bit integer */
bool sass_decode_I2I(SassDec *d)
{
    NvSassInsn *in = d->in;
    SassAlu alu;

    if (!sass_alu(d, SASS_FORMS(1, 4, 5), false, &alu, NV_SASS_IMM_INT) ||
        !sass_alu_unused(&alu, 0) || !sass_alu_unused(&alu, 2)) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    in->mod.cvt.dst_signed = sass_take(d, 76, 1);
    in->mod.cvt.dst_bytes = sass_take(d, 77, 1);
    in->mod.cvt.src_bytes = 2;
    in->mod.cvt.src_signed = true;
    in->mod.cvt.sat = true;
    sass_add_src(d, alu.src[1], 1);
    return true;
}

/* The operands of HMMA and IMMA: Rd, Ra, Rb, Rc (register groups by shape). */
static void mma_operands(SassDec *d)
{
    d->in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 24), 0);
    sass_add_src(d, sass_reg(d, 32), 1);
    sass_add_src(d, sass_reg(d, 64), 2);
}

/*
 * HMMA.1688.F16/.F32 Rd, Ra, Rb, Rc (mma.sync.m16n8k8 with fp16 inputs): a
 * warp-wide 16x8x8 matrix product. Ra/Ra+1 hold A, Rb holds B, Rc.. and
 * Rd.. hold C and D (4 registers of fp32 with .F32, else 2 of fp16x2).
 * The 1684 shape, .SATFINITE and negated sources are refused.
 */
bool sass_decode_HMMA(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->op12 != 0x23c || !sass_expect(d, 72, 4, 0) || !sass_expect(d, 77, 2, 0)) {
        return false;
    }
    mma_operands(d);
    in->mod.f.f32 = sass_take(d, 76, 1);
    return true;
}

/*
 * IMMA.8816.{U8,S8}.{U8,S8}(.SAT) Rd, Ra.ROW, Rb.COL, Rc (mma.m8n8k16 on
 * 8-bit integers): a warp-wide 8x8x16 product into 32-bit sums. Bit 76:
 * A signed, 78: B signed, 74: B column-major (the only layout), 82: .SAT.
 * The 4-bit shapes and other layouts are refused.
 */
bool sass_decode_IMMA(SassDec *d)
{
    NvSassInsn *in = d->in;
    unsigned kind;

    if (in->op12 != 0x237 || !sass_expect(d, 72, 2, 0) || !sass_expect(d, 74, 1, 1) ||
        !sass_expect(d, 75, 1, 0) || !sass_expect(d, 77, 1, 0) ||
        !sass_expect(d, 79, 3, 0)) {
        return false;
    }
    mma_operands(d);
    in->mod.f.a_signed = sass_take(d, 76, 1);
    in->mod.f.b_signed = sass_take(d, 78, 1);
    in->mod.f.sat = sass_take(d, 82, 1);
    /* 83..85: 0 the 8816 byte shape, 7 the 8832 nibble one (others unverified) */
    kind = sass_take(d, 83, 3);
    in->mod.f.nibbles = kind == 7;
    return kind == 0 || kind == 7;
}

/*
 * BMMA.88128.XOR.POPC Rd, Ra.ROW, Rb.COL, Rc (bmma m8n8k128 on bits): the
 * only combination ptxas emits for sm_75 (layouts 73..74, shape 75..76,
 * XOR 77, POPC 80).
 */
bool sass_decode_BMMA(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->op12 != 0x23d || !sass_expect(d, 72, 2, 0) || !sass_expect(d, 74, 1, 1) ||
        !sass_expect(d, 75, 5, 0) || !sass_expect(d, 80, 1, 1)) {
        return false;
    }
    mma_operands(d);
    return true;
}
