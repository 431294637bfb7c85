/*
 * sm_75 SASS printers: integer, float and conversion instructions.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "disasm-internal.h"

static const char *const int_cmp_names[8] = {
    ".F", ".LT", ".EQ", ".LE", ".GT", ".NE", ".GE", ".T",
};
static const char *const float_cmp_names[16] = {
    ".F", ".LT", ".EQ", ".LE", ".GT", ".NE", ".GE", ".NUM",
    ".NAN", ".LTU", ".EQU", ".LEU", ".GTU", ".NEU", ".GEU", ".T",
};
static const char *const bool_names[4] = { ".AND", ".OR", ".XOR", ".INVALID3" };
static const char *const round_names[4] = { "", ".RM", ".RP", ".RZ" };

static bool is_zero_reg(const NvSassOperand *op)
{
    return !(op->mods & ~NV_SASS_MOD_REUSE) &&
           ((op->kind == NV_SASS_OPND_REG && op->reg == NV_SASS_RZ) ||
            (op->kind == NV_SASS_OPND_UREG && op->reg == NV_SASS_URZ));
}

static bool pred_is_pt(NvSassPred pr)
{
    return pr.index == NV_SASS_PT && !pr.negate;
}

/* An optional predicate result, printed only when it is not PT. */
static void op_pdst_opt(SassPrinter *p, unsigned i)
{
    if (!pred_is_pt(p->in->pdst[i])) {
        sass_op_pred(p, p->in->pdst[i]);
    }
}

static void mnemonic_u(SassPrinter *p, const char *name)
{
    sass_puts(p, p->in->uniform ? "U" : "");
    sass_puts(p, name);
}

static void end_mnemonic(SassPrinter *p)
{
    p->first = true;
}

void sass_print_MOV(SassPrinter *p)
{
    sass_mnemonic(p, "MOV");
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
    if (p->in->mod.i.mov_mask != 0xf) {
        sass_op_hex(p, p->in->mod.i.mov_mask);
    }
}

static void print_sel(SassPrinter *p)
{
    mnemonic_u(p, "SEL");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 2);
    sass_op_psrcs(p);
}

void sass_print_SEL(SassPrinter *p)
{
    print_sel(p);
}

void sass_print_USEL(SassPrinter *p)
{
    print_sel(p);
}

static void print_isetp(SassPrinter *p)
{
    const NvSassModIntAlu *m = &p->in->mod.i;

    p->imm_signed = true;
    mnemonic_u(p, "ISETP");
    sass_puts(p, int_cmp_names[m->cmp & 7]);
    sass_puts(p, m->is_signed ? "" : ".U32");
    sass_puts(p, bool_names[m->bool_op & 3]);
    sass_puts(p, m->ex ? ".EX" : "");
    end_mnemonic(p);
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_pred(p, p->in->pdst[1]);
    sass_op_srcs(p, 0, 2);
    sass_op_pred(p, p->in->psrc[0]);
    /* UISETP prints the .EX input always, ISETP whenever it is not PT */
    if (p->in->uniform ? m->ex : !pred_is_pt(p->in->psrc[1])) {
        sass_op_pred(p, p->in->psrc[1]);
    }
}

void sass_print_ISETP(SassPrinter *p)
{
    print_isetp(p);
}

void sass_print_UISETP(SassPrinter *p)
{
    print_isetp(p);
}

static void print_iadd3(SassPrinter *p)
{
    p->imm_signed = true;
    mnemonic_u(p, "IADD3");
    sass_puts(p, p->in->mod.i.x ? ".X" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    op_pdst_opt(p, 0);
    op_pdst_opt(p, 1);
    sass_op_srcs(p, 0, 3);
    sass_op_psrcs(p);
}

void sass_print_IADD3(SassPrinter *p)
{
    print_iadd3(p);
}

void sass_print_UIADD3(SassPrinter *p)
{
    print_iadd3(p);
}

static void print_lea(SassPrinter *p)
{
    const NvSassModIntAlu *m = &p->in->mod.i;

    mnemonic_u(p, "LEA");
    sass_puts(p, m->hi ? ".HI" : "");
    sass_puts(p, m->x ? ".X" : "");
    sass_puts(p, m->is_signed ? ".SX32" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    op_pdst_opt(p, 0);
    sass_op_srcs(p, 0, 3);
    sass_op_hex(p, m->shift);
    sass_op_psrcs(p);
}

void sass_print_LEA(SassPrinter *p)
{
    print_lea(p);
}

void sass_print_ULEA(SassPrinter *p)
{
    print_lea(p);
}

static void print_lop3(SassPrinter *p)
{
    const NvSassModIntAlu *m = &p->in->mod.i;

    mnemonic_u(p, "LOP3.LUT");
    sass_puts(p, m->pand ? ".PAND" : "");
    end_mnemonic(p);
    op_pdst_opt(p, 0);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
    sass_op_hex(p, m->lut);
    sass_op_psrcs(p);
}

void sass_print_LOP3(SassPrinter *p)
{
    print_lop3(p);
}

void sass_print_ULOP3(SassPrinter *p)
{
    print_lop3(p);
}

static void print_unary(SassPrinter *p, const char *name)
{
    mnemonic_u(p, name);
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_IABS(SassPrinter *p)
{
    p->imm_signed = true;
    print_unary(p, "IABS");
}

void sass_print_POPC(SassPrinter *p)
{
    print_unary(p, "POPC");
}

void sass_print_UPOPC(SassPrinter *p)
{
    print_unary(p, "POPC");
}

void sass_print_BREV(SassPrinter *p)
{
    print_unary(p, "BREV");
}

void sass_print_UBREV(SassPrinter *p)
{
    print_unary(p, "BREV");
}

static void print_flo(SassPrinter *p)
{
    const NvSassModIntAlu *m = &p->in->mod.i;

    mnemonic_u(p, "FLO");
    sass_puts(p, m->is_signed ? "" : ".U32");
    sass_puts(p, m->sh ? ".SH" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    op_pdst_opt(p, 0);
    sass_op_srcs(p, 0, 1);
}

void sass_print_FLO(SassPrinter *p)
{
    print_flo(p);
}

void sass_print_UFLO(SassPrinter *p)
{
    print_flo(p);
}

static void print_prmt(SassPrinter *p)
{
    static const char *const modes[8] = {
        "", ".F4E", ".B4E", ".RC8", ".ECL", ".ECR", ".RC16", ".INVALID7",
    };

    mnemonic_u(p, "PRMT");
    sass_puts(p, modes[p->in->mod.i.prmt_mode & 7]);
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
}

void sass_print_PRMT(SassPrinter *p)
{
    print_prmt(p);
}

void sass_print_UPRMT(SassPrinter *p)
{
    print_prmt(p);
}

void sass_print_IMNMX(SassPrinter *p)
{
    p->imm_signed = true;
    sass_puts(p, "IMNMX");
    sass_puts(p, p->in->mod.i.is_signed ? "" : ".U32");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 2);
    sass_op_psrcs(p);
}

void sass_print_VABSDIFF(SassPrinter *p)
{
    sass_puts(p, "VABSDIFF");
    sass_puts(p, p->in->mod.i.is_signed ? "" : ".U32");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
}

static void print_shf(SassPrinter *p)
{
    static const char *const types[4] = { ".S64", ".U64", ".S32", ".U32" };
    const NvSassModIntAlu *m = &p->in->mod.i;

    mnemonic_u(p, "SHF");
    sass_puts(p, m->right ? ".R" : ".L");
    sass_puts(p, m->wrap ? ".W" : "");
    sass_puts(p, types[m->shf_type & 3]);
    sass_puts(p, m->hi ? ".HI" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
}

void sass_print_SHF(SassPrinter *p)
{
    print_shf(p);
}

void sass_print_USHF(SassPrinter *p)
{
    print_shf(p);
}

static void print_plop3(SassPrinter *p)
{
    const NvSassModIntAlu *m = &p->in->mod.i;

    mnemonic_u(p, "PLOP3.LUT");
    end_mnemonic(p);
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_pred(p, p->in->pdst[1]);
    sass_op_psrcs(p);
    sass_op_hex(p, m->lut);
    sass_op_hex(p, m->lut2);
}

void sass_print_PLOP3(SassPrinter *p)
{
    print_plop3(p);
}

void sass_print_UPLOP3(SassPrinter *p)
{
    print_plop3(p);
}

static bool is_pow2_imm(const NvSassOperand *op)
{
    return op->kind == NV_SASS_OPND_IMM && op->imm && !(op->imm & (op->imm - 1));
}

static bool is_uniform_source(const NvSassOperand *op)
{
    return op->kind == NV_SASS_OPND_UREG || (op->mods & NV_SASS_MOD_CX);
}

static bool is_zero_operand(const NvSassOperand *op)
{
    return is_zero_reg(op) || (op->kind == NV_SASS_OPND_IMM && op->imm == 0);
}

/*
 * nvdisasm spells common IMAD uses as MOV, SHL and IADD. SHL: a power of two
 * from 2 to 2^30 with c = RZ, except 2^16 (checked with nvdisasm 11.8 on
 * every power; CUB's radix sort has the 2^16 form); times 1 plus RZ is MOV.
 */
static const char *imad_alias(const NvSassInsn *in)
{
    const NvSassOperand *a = &in->src[0], *b = &in->src[1], *c = &in->src[2];
    bool plus_rz = c->kind == NV_SASS_OPND_REG && c->reg == NV_SASS_RZ;

    if (in->mod.i.x || in->mod.i.wide || in->mod.i.hi || in->uniform) {
        return "";
    }
    /* a zero product: a move of c (not spelled so with a UR or cx[] source) */
    if ((is_zero_operand(a) || is_zero_operand(b)) && !is_uniform_source(b) &&
        !is_uniform_source(c)) {
        return ".MOV";
    }
    if (in->form == NV_SASS_FORM_RIR && b->imm == 1 && plus_rz) {
        return ".MOV";
    }
    if (in->form == NV_SASS_FORM_RIR && is_pow2_imm(b) && plus_rz && b->imm != 1 &&
        b->imm != 1u << 16 && b->imm != 1u << 31) {
        return ".SHL";
    }
    if (in->form == NV_SASS_FORM_RIR && b->imm == 1) {
        return ".IADD";
    }
    return "";
}

static void print_imad(SassPrinter *p)
{
    const NvSassInsn *in = p->in;
    const NvSassModIntAlu *m = &in->mod.i;

    p->imm_signed = true;
    mnemonic_u(p, "IMAD");
    sass_puts(p, m->wide ? ".WIDE" : m->hi ? ".HI" : imad_alias(in));
    sass_puts(p, m->is_signed ? "" : ".U32");
    sass_puts(p, m->x ? ".X" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    op_pdst_opt(p, 0);
    sass_op_srcs(p, 0, 3);
    sass_op_psrcs(p);
}

void sass_print_IMAD(SassPrinter *p)
{
    print_imad(p);
}

void sass_print_UIMAD(SassPrinter *p)
{
    print_imad(p);
}

static void print_bitfield(SassPrinter *p, const char *name, bool has_sign)
{
    const NvSassModIntAlu *m = &p->in->mod.i;

    mnemonic_u(p, name);
    sass_puts(p, m->wrap ? ".W" : "");
    sass_puts(p, has_sign && !m->is_signed ? ".U32" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 2);
}

void sass_print_SGXT(SassPrinter *p)
{
    print_bitfield(p, "SGXT", true);
}

void sass_print_USGXT(SassPrinter *p)
{
    print_bitfield(p, "SGXT", true);
}

void sass_print_BMSK(SassPrinter *p)
{
    print_bitfield(p, "BMSK", false);
}

void sass_print_UBMSK(SassPrinter *p)
{
    print_bitfield(p, "BMSK", false);
}

void sass_print_IDP(SassPrinter *p)
{
    const NvSassModIntAlu *m = &p->in->mod.i;

    p->imm_signed = true;
    sass_puts(p, m->idp_4a ? "IDP.4A" : m->idp_hi ? "IDP.2A.HI" : "IDP.2A.LO");
    if (m->idp_4a) {
        sass_puts(p, m->is_signed ? ".S8" : ".U8");
    } else {
        sass_puts(p, m->is_signed ? ".S16" : ".U16");
    }
    sass_puts(p, m->b_signed ? ".S8" : ".U8");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
}

static const char *const byte_names[4] = { "", ".B1", ".B2", ".B3" };

void sass_print_P2R(SassPrinter *p)
{
    p->imm_signed = true;
    sass_puts(p, "P2R");
    sass_puts(p, byte_names[p->in->mod.i.prmt_mode & 3]);
    end_mnemonic(p);
    sass_op_dst(p);
    sass_sep(p);
    sass_puts(p, "PR");
    sass_op_srcs(p, 0, 2);
}

void sass_print_R2P(SassPrinter *p)
{
    sass_mnemonic(p, "R2P");
    sass_sep(p);
    sass_puts(p, "PR");
    sass_op_srcs(p, 0, 1);
    sass_puts(p, byte_names[p->in->mod.i.prmt_mode & 3]);
    /* all eight bits is the default */
    if (p->in->src[1].kind != NV_SASS_OPND_IMM || p->in->src[1].imm != 0xff) {
        sass_op_srcs(p, 1, 2);
    }
}

/* fp32 / fp64 arithmetic */

static void print_float_arith(SassPrinter *p, const char *name)
{
    const NvSassModFloat *m = &p->in->mod.f;

    sass_puts(p, name);
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, m->fmz ? ".FMZ" : "");
    sass_puts(p, round_names[m->rnd & 3]);
    sass_puts(p, m->sat ? ".SAT" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
    sass_op_psrcs(p);
}

void sass_print_FADD(SassPrinter *p)
{
    print_float_arith(p, "FADD");
}

void sass_print_FMUL(SassPrinter *p)
{
    static const char *const scale[8] = { "FMUL.INVALID0", "FMUL.D8", "FMUL.D4", "FMUL.D2",
                                          "FMUL", "FMUL.M2", "FMUL.M4", "FMUL.M8" };

    print_float_arith(p, scale[p->in->mod.f.pdiv & 7]);
}

void sass_print_FFMA(SassPrinter *p)
{
    print_float_arith(p, "FFMA");
}

void sass_print_DADD(SassPrinter *p)
{
    print_float_arith(p, "DADD");
}

void sass_print_DMUL(SassPrinter *p)
{
    print_float_arith(p, "DMUL");
}

void sass_print_DFMA(SassPrinter *p)
{
    print_float_arith(p, "DFMA");
}

void sass_print_FSEL(SassPrinter *p)
{
    print_float_arith(p, "FSEL");
}

void sass_print_FMNMX(SassPrinter *p)
{
    print_float_arith(p, "FMNMX");
}

static void print_setp(SassPrinter *p, const char *name)
{
    const NvSassModFloat *m = &p->in->mod.f;

    sass_puts(p, name);
    sass_puts(p, float_cmp_names[m->cmp & 15]);
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, bool_names[m->bool_op & 3]);
    end_mnemonic(p);
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_pred(p, p->in->pdst[1]);
    sass_op_srcs(p, 0, 2);
    sass_op_psrcs(p);
}

void sass_print_FSET(SassPrinter *p)
{
    const NvSassModFloat *m = &p->in->mod.f;

    sass_puts(p, "FSET.BF");
    sass_puts(p, float_cmp_names[m->cmp & 15]);
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, bool_names[m->bool_op & 3]);
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 2);
    sass_op_psrcs(p);
}

void sass_print_FSETP(SassPrinter *p)
{
    print_setp(p, "FSETP");
}

void sass_print_DSETP(SassPrinter *p)
{
    /* DSETP spells the never-true/always-true codes MIN and MAX */
    static const char *const edge[2] = { ".MIN", ".MAX" };
    const NvSassModFloat *m = &p->in->mod.f;

    if (m->cmp != 0 && m->cmp != 15) {
        print_setp(p, "DSETP");
        return;
    }
    sass_puts(p, "DSETP");
    sass_puts(p, edge[m->cmp != 0]);
    sass_puts(p, bool_names[m->bool_op & 3]);
    end_mnemonic(p);
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_pred(p, p->in->pdst[1]);
    sass_op_srcs(p, 0, 2);
    sass_op_psrcs(p);
}

void sass_print_MUFU(SassPrinter *p)
{
    static const char *const fn[16] = {
        ".COS", ".SIN", ".EX2", ".LG2", ".RCP", ".RSQ", ".RCP64H", ".RSQ64H",
        ".SQRT", ".TANH",
    };
    const char *f = fn[p->in->mod.f.mufu & 15];

    sass_puts(p, "MUFU");
    sass_puts(p, f ? f : ".INVALID");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

/* conversions */

static const char *const float_type_names[4] = { ".F8", ".F16", ".F32", ".F64" };
static const char *const sint_type_names[4] = { ".S8", ".S16", ".S32", ".S64" };
static const char *const uint_type_names[4] = { ".U8", ".U16", ".U32", ".U64" };

static const char *int_type(unsigned bytes, bool is_signed)
{
    return (is_signed ? sint_type_names : uint_type_names)[bytes & 3];
}

void sass_print_F2I(SassPrinter *p)
{
    static const char *const rnd[4] = { "", ".FLOOR", ".CEIL", ".TRUNC" };
    const NvSassModCvt *m = &p->in->mod.cvt;
    const char *dst = int_type(m->dst_bytes, m->dst_signed);

    sass_puts(p, "F2I");
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, m->dst_bytes == 2 && m->dst_signed ? "" : dst);
    sass_puts(p, m->src_bytes == 2 ? "" : float_type_names[m->src_bytes & 3]);
    sass_puts(p, rnd[m->rnd & 3]);
    sass_puts(p, m->ntz ? ".NTZ" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_I2F(SassPrinter *p)
{
    const NvSassModCvt *m = &p->in->mod.cvt;
    const char *src = int_type(m->src_bytes, m->src_signed);

    p->imm_signed = m->src_signed;
    sass_puts(p, "I2F");
    sass_puts(p, m->dst_bytes == 2 ? "" : float_type_names[m->dst_bytes & 3]);
    sass_puts(p, m->src_bytes == 2 && m->src_signed ? "" : src);
    sass_puts(p, round_names[m->rnd & 3]);
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
    if (m->src_sel) {
        sass_printf(p, m->src_bytes ? ".H%u" : ".B%u", m->src_sel);
    }
}

void sass_print_F2F(SassPrinter *p)
{
    const NvSassModCvt *m = &p->in->mod.cvt;

    sass_puts(p, "F2F");
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, float_type_names[m->dst_bytes & 3]);
    sass_puts(p, float_type_names[m->src_bytes & 3]);
    sass_puts(p, round_names[m->rnd & 3]);
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_FCHK(SassPrinter *p)
{
    sass_mnemonic(p, "FCHK");
    sass_op_pred(p, p->in->pdst[0]);
    sass_op_srcs(p, 0, 2);
}

void sass_print_FRND(SassPrinter *p)
{
    static const char *const rnd[4] = { "", ".FLOOR", ".CEIL", ".TRUNC" };
    const NvSassModCvt *m = &p->in->mod.cvt;

    sass_puts(p, "FRND");
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, m->dst_bytes == 3 ? ".F64" : "");
    sass_puts(p, rnd[m->rnd & 3]);
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

void sass_print_I2I(SassPrinter *p)
{
    const NvSassModCvt *m = &p->in->mod.cvt;

    p->imm_signed = true;
    sass_puts(p, "I2I");
    sass_puts(p, int_type(m->dst_bytes, m->dst_signed));
    sass_puts(p, ".S32.SAT");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
}

/* fp16x2 */

static void print_fp16_arith(SassPrinter *p, const char *name)
{
    const NvSassModFloat *m = &p->in->mod.f;

    p->fp16 = true;
    sass_puts(p, name);
    sass_puts(p, m->f32 ? ".F32" : "");
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, m->fmz ? ".FMZ" : "");
    sass_puts(p, m->sat ? ".SAT" : "");
    end_mnemonic(p);
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
}

void sass_print_HADD2(SassPrinter *p)
{
    print_fp16_arith(p, "HADD2");
}

void sass_print_HMUL2(SassPrinter *p)
{
    print_fp16_arith(p, "HMUL2");
}

void sass_print_HFMA2(SassPrinter *p)
{
    print_fp16_arith(p, "HFMA2");
}

static void print_hset(SassPrinter *p, const char *name)
{
    const NvSassModFloat *m = &p->in->mod.f;

    p->fp16 = true;
    sass_puts(p, name);
    sass_puts(p, m->bf ? ".BF" : "");
    sass_puts(p, float_cmp_names[m->cmp & 15]);
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, m->h_and ? ".H_AND" : "");
    sass_puts(p, bool_names[m->bool_op & 3]);
    end_mnemonic(p);
    if (p->in->dst.kind) {
        sass_op_dst(p);
    } else {
        sass_op_pred(p, p->in->pdst[0]);
        sass_op_pred(p, p->in->pdst[1]);
    }
    sass_op_srcs(p, 0, 2);
    sass_op_psrcs(p);
}

void sass_print_HSET2(SassPrinter *p)
{
    print_hset(p, "HSET2");
}

void sass_print_HSETP2(SassPrinter *p)
{
    print_hset(p, "HSETP2");
}

void sass_print_HMMA(SassPrinter *p)
{
    sass_mnemonic(p, p->in->mod.f.f32 ? "HMMA.1688.F32" : "HMMA.1688.F16");
    sass_op_dst(p);
    sass_op_srcs(p, 0, 3);
}

/* Rd, Ra.ROW, Rb.COL, Rc of IMMA and BMMA. */
static void mma_row_col(SassPrinter *p)
{
    p->first = true;
    sass_op_dst(p);
    sass_op_srcs(p, 0, 1);
    sass_puts(p, ".ROW");
    sass_op_srcs(p, 1, 2);
    sass_puts(p, ".COL");
    sass_op_srcs(p, 2, 3);
}

/* Each quad lane's signs of A and B: P plus, N minus, Z none. */
void sass_print_FSWZADD(SassPrinter *p)
{
    static const char *const ops[4] = { "PP", "PN", "NP", "ZP" };
    const NvSassModFloat *m = &p->in->mod.f;

    sass_puts(p, "FSWZADD");
    sass_puts(p, m->ftz ? ".FTZ" : "");
    sass_puts(p, m->ndv ? ".NDV" : "");
    p->first = true;
    sass_op_dst(p);
    sass_op_srcs(p, 0, 2);
    sass_sep(p);
    for (unsigned q = 0; q < 4; q++) {
        sass_puts(p, ops[(m->swz >> (6 - 2 * q)) & 3]);
    }
}

void sass_print_IMMA(SassPrinter *p)
{
    const NvSassModFloat *m = &p->in->mod.f;

    if (m->nibbles) {
        sass_puts(p, "IMMA.8832");
        sass_puts(p, m->a_signed ? ".S4" : ".U4");
        sass_puts(p, m->b_signed ? ".S4" : ".U4");
    } else {
        sass_puts(p, "IMMA.8816");
        sass_puts(p, m->a_signed ? ".S8" : ".U8");
        sass_puts(p, m->b_signed ? ".S8" : ".U8");
    }
    sass_puts(p, m->sat ? ".SAT" : "");
    mma_row_col(p);
}

void sass_print_BMMA(SassPrinter *p)
{
    sass_puts(p, "BMMA.88128.XOR.POPC");
    mma_row_col(p);
}
