/*
 * Decoder checks that do not go through the printed text: fields of
 * representative instructions, refusal of unknown encodings, and that no
 * 128-bit value can crash the decoder or the disassembler.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "sass-tsv.h"

static const char *corpus_dir;

/* Check one word: decoding is pure and printing stays in bounds. */
static bool check_word(uint64_t lo, uint64_t hi, uint64_t pc)
{
    NvSassInsn a, b;
    char text[128], small[8];
    size_t n;

    if (!nv_sass_decode(lo, hi, pc, &a)) {
        return false;
    }
    g_assert_true(nv_sass_decode(lo, hi, pc, &b));
    g_assert_cmpmem(&a, sizeof(a), &b, sizeof(b));
    n = nv_sass_disasm(&a, text, sizeof(text));
    g_assert_cmpuint(n, >, 0);
    g_assert_cmpuint(n, <, sizeof(text));
    g_assert_cmpuint(strlen(text), ==, n);
    g_assert_cmpuint(nv_sass_disasm(&a, small, sizeof(small)), ==, n);
    g_assert_cmpuint(strlen(small), ==, MIN(n, sizeof(small) - 1));
    g_assert_cmpuint(nv_sass_disasm(&a, NULL, 0), ==, n);
    return true;
}

static NvSassInsn decode_ok(uint64_t lo, uint64_t hi, uint64_t pc)
{
    NvSassInsn in;

    g_assert_true(nv_sass_decode(lo, hi, pc, &in));
    return in;
}

static void assert_reg(const NvSassOperand *op, unsigned kind, unsigned reg)
{
    g_assert_cmpuint(op->kind, ==, kind);
    g_assert_cmpuint(op->reg, ==, reg);
}

static void assert_pred(NvSassPred p, unsigned index, bool negate)
{
    g_assert_cmpuint(p.index, ==, index);
    g_assert_cmpuint(p.negate, ==, negate);
}

static void test_imad_cbuf(void)
{
    /* IMAD R6, R6, c[0x0][0x0], R3 */
    NvSassInsn in = decode_ok(0x0000000006067a24, 0x001fca00078e0203, 0x30);

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_IMAD);
    g_assert_cmpuint(in.form, ==, NV_SASS_FORM_RCR);
    assert_pred(in.guard, NV_SASS_PT, false);
    assert_reg(&in.dst, NV_SASS_OPND_REG, 6);
    g_assert_cmpuint(in.n_src, ==, 3);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, 6);
    assert_reg(&in.src[1], NV_SASS_OPND_CBUF, 0);
    g_assert_cmpuint(in.src[1].imm, ==, 0);
    assert_reg(&in.src[2], NV_SASS_OPND_REG, 3);
    g_assert_true(in.mod.i.is_signed);
    g_assert_false(in.mod.i.wide || in.mod.i.hi || in.mod.i.x);
    g_assert_cmpuint(in.sched.wait_mask, ==, 1);     /* waits for the S2Rs */
}

static void test_isetp(void)
{
    /* ISETP.GE.AND P0, PT, R6, c[0x0][0x178], PT */
    NvSassInsn in = decode_ok(0x00005e0006007a0c, 0x000fd80003f06270, 0x40);

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_ISETP);
    g_assert_cmpuint(in.mod.i.cmp, ==, 6);
    g_assert_true(in.mod.i.is_signed);
    g_assert_cmpuint(in.mod.i.bool_op, ==, NV_SASS_BOOL_AND);
    g_assert_false(in.mod.i.ex);
    assert_pred(in.pdst[0], 0, false);
    assert_pred(in.pdst[1], NV_SASS_PT, false);
    assert_reg(&in.src[1], NV_SASS_OPND_CBUF, 0);
    g_assert_cmpuint(in.src[1].imm, ==, 0x178);
    assert_pred(in.psrc[0], NV_SASS_PT, false);
}

static void test_iadd3_x(void)
{
    /* IADD3.X R11, RZ, RZ, R8, P2, P1 */
    NvSassInsn in = decode_ok(0x000000ffff0b7210, 0x000fc600017e2408, 0x9b0);

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_IADD3);
    g_assert_true(in.mod.i.x);
    assert_reg(&in.dst, NV_SASS_OPND_REG, 11);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, NV_SASS_RZ);
    assert_reg(&in.src[2], NV_SASS_OPND_REG, 8);
    g_assert_cmpuint(in.n_psrc, ==, 2);
    assert_pred(in.psrc[0], 2, false);
    assert_pred(in.psrc[1], 1, false);
}

static void test_guard_exit_bra(void)
{
    /* @P0 EXIT, then BRA to itself at 0xf0 */
    NvSassInsn in = decode_ok(0x000000000000094d, 0x000fea0003800000, 0x50);

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_EXIT);
    assert_pred(in.guard, 0, false);
    in = decode_ok(0xfffffff000007947, 0x000fc0000383ffff, 0xf0);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_BRA);
    g_assert_true(in.has_target);
    g_assert_cmphex(in.target, ==, 0xf0);
    /* RET.REL.NODEC R4 `(warp_partial): the base is the section start */
    in = decode_ok(0xfffffdd004007950, 0x000fea0003c3ffff, 0x220);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_RET);
    g_assert_cmphex(in.target, ==, 0);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, 4);
}

static const char *long_name(const void *opaque, uint32_t section, uint64_t target)
{
    return opaque;
}

/* A label is printed whole however long (CUB's mangled kernel names exceed 300 bytes). */
static void test_long_label(void)
{
    NvSassInsn in = decode_ok(0xfffffdd004007950, 0x000fea0003c3ffff, 0x220);
    char name[400], text[512], want[512];
    NvSassSymbolizer sym = { .name = long_name, .opaque = name };

    memset(name, 'k', sizeof(name) - 1);
    name[sizeof(name) - 1] = 0;
    snprintf(want, sizeof(want), "RET.REL.NODEC R4 `(%s)", name);
    g_assert_cmpuint(nv_sass_disasm_sym(&in, &sym, text, sizeof(text)), ==, strlen(want));
    g_assert_cmpstr(text, ==, want);
}

static void test_memory(void)
{
    /* LDG.E.SYS R4, [R4] */
    NvSassInsn in = decode_ok(0x0000000004047381, 0x000ea800001ee900, 0x90);

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_LDG);
    g_assert_true(in.mod.mem.e);
    g_assert_cmpuint(in.mod.mem.size, ==, NV_SASS_MEM_32);
    g_assert_cmpuint(in.mod.mem.scope, ==, NV_SASS_SCOPE_SYS);
    g_assert_cmpuint(in.mod.mem.order, ==, NV_SASS_ORDER_WEAK);
    g_assert_true(in.has_addr);
    g_assert_cmpuint(in.addr.reg, ==, 4);
    g_assert_cmpint(in.addr.offset, ==, 0);
    g_assert_cmpuint(in.sched.write_sb, ==, 2);
    /* @!P1 LDS.U R4, [R7.X4] */
    in = decode_ok(0x0000000007049984, 0x000fe20000005800, 0x140);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_LDS);
    assert_pred(in.guard, 1, true);
    g_assert_cmpuint(in.addr.reg, ==, 7);
    g_assert_cmpuint(in.addr.scale, ==, 1);
    g_assert_true(in.mod.mem.u);
    /* STG.E.SYS [R2.64+UR4], R7 */
    in = decode_ok(0x0000000702007986, 0x000fea000c10e904, 0x280);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_STG);
    g_assert_true(in.addr.has_ureg);
    g_assert_cmpuint(in.addr.ureg, ==, 4);
    g_assert_cmpuint(in.addr.width, ==, NV_SASS_ADDR_64);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, 7);
    /* ATOMG.E.CAS.STRONG.GPU PT, R3, [R2], R4, R5 */
    in = decode_ok(0x00000004020373a9, 0x000ea400001f4105, 0xb0);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_ATOMG);
    g_assert_cmpuint(in.mod.mem.atom_op, ==, NV_SASS_ATOM_CAS);
    g_assert_cmpuint(in.mod.mem.order, ==, NV_SASS_ORDER_STRONG);
    g_assert_cmpuint(in.mod.mem.scope, ==, NV_SASS_SCOPE_GPU);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, 4);
    assert_reg(&in.src[1], NV_SASS_OPND_REG, 5);
    /*
     * RED.E.ADD.STRONG.SYS [R0], R2 as NVK's compiler encodes it (a shader's
     * atomicAdd): RZ and PT in the fields ATOMG uses for its destinations.
     */
    in = decode_ok(0x0000000200ff798e, 0x0011c400001f6100, 0x630);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_RED);
    g_assert_cmpuint(in.mod.mem.atom_op, ==, NV_SASS_ATOM_ADD);
    g_assert_cmpuint(in.mod.mem.scope, ==, NV_SASS_SCOPE_SYS);
    g_assert_cmpuint(in.addr.reg, ==, 0);
    g_assert_false(in.addr.has_ureg);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, 2);
}

/* Encodings of NVK's compiler (NAK) that ptxas does not produce. */
static void test_nak_forms(void)
{
    /* IMAD.WIDE.U32 R2, R1, 0x4ec4ec4f, RZ: the unused carry-in slot is P0, not !PT */
    NvSassInsn in = decode_ok(0x4ec4ec4f01027825, 0x001fcc00000e00ff, 0x290);

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_IMAD);
    g_assert_true(in.mod.i.wide);
    g_assert_cmpuint(in.src[1].imm, ==, 0x4ec4ec4f);
    g_assert_cmpuint(in.n_psrc, ==, 0);
    /* ... which stays refused with another predicate there (P3) */
    g_assert_false(nv_sass_decode(0x4ec4ec4f01027825, 0x001fcc00018e00ff, 0x290, &in));
    /* PLOP3.LUT P0, PT, PT, PT, UP0, 0xaa, 0x0: bit 67 makes src2 a uniform predicate */
    in = decode_ok(0x000000000000781c, 0x000fda0003f0f50a, 0x7a0);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_PLOP3);
    g_assert_cmpuint(in.mod.i.lut, ==, 0xaa);
    g_assert_true(in.psrc[2].uniform);
    g_assert_cmpuint(in.psrc[2].index, ==, 0);
    g_assert_false(in.psrc[0].uniform);
    /* DFMA R8, R6, UR4, R8: a uniform register as b (form 6) */
    in = decode_ok(0x0000000406087c2b, 0x001e0c0008000008, 0xaf0);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_DFMA);
    assert_reg(&in.src[1], NV_SASS_OPND_UREG, 4);
    assert_reg(&in.src[2], NV_SASS_OPND_REG, 8);
    /* ULDC UR2, bindless handle UR2:UR3 at 24..31, RZ at 64..71, bit 91 (zink's UBOs) */
    in = decode_ok(0x0000000002027ab9, 0x00029600080008ff, 0x100);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_ULDC);
    g_assert_true(in.mod.mem.bindless);
    g_assert_cmpuint(in.src[0].reg, ==, 2);
    /* ... an 8-bit bindless load has not been seen: refused */
    g_assert_false(nv_sass_decode(0x0000000002027ab9, 0x00029600080000ff, 0x100, &in));
    /* ATOMS.MAX R0, [RZ], R3: the unused compare slot is R0, not RZ */
    in = decode_ok(0x00000003ff00738c, 0x001e020001000000, 0xf20);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_ATOMS);
    g_assert_cmpuint(in.mod.mem.atom_op, ==, NV_SASS_ATOM_MAX);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, 3);
    g_assert_cmpuint(in.n_src, ==, 1);
}

/* Forms of Mesa's nv50_ir code generator (nvc0 GL, rusticl OpenCL). */
/*
 * Graphics-stage instructions in NAK's encodings (sm70_encode.rs): attribute
 * loads and stores with their component counts, interpolation, discard.
 * Per-patch/physical attributes and interpolation at an offset are refused.
 */
static void test_graphics_forms(void)
{
    NvSassInsn in;
    char text[128];

    /* ALD.128 R4, a[0x90], RZ */
    in = decode_ok(0x000090ffff047321, 0x0000000000000c00, 0x80);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_ALD);
    g_assert_cmpuint(in.mod.attr.addr, ==, 0x90);
    g_assert_cmpuint(in.mod.attr.comps, ==, 4);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "ALD.128 R4, a[0x90], RZ");
    /* ALD.O R0, a[R3+0x80], RZ */
    in = decode_ok(0x000080ff03007321, 0x0000000000008000, 0x80);
    g_assert_true(in.mod.attr.output);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "ALD.O R0, a[R3+0x80], RZ");
    /* ... .P and .PHYS (tessellation) are refused */
    g_assert_false(nv_sass_decode(0x000090ffff047321, 0x0000000000001c00, 0x80, &in));
    g_assert_false(nv_sass_decode(0x000090ffff047321, 0x0000000000002c00, 0x80, &in));
    /* AST.64 a[0x70], R2, RZ */
    in = decode_ok(0x00007002ff007322, 0x00000000000004ff, 0x80);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_AST);
    g_assert_cmpuint(in.mod.attr.comps, ==, 2);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "AST.64 a[0x70], R2, RZ");
    /* IPA R1, a[0x84]; IPA.CONSTANT R0, a[0x80] */
    in = decode_ok(0x000000ff00017326, 0x00000000000e0021, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "IPA R1, a[0x84]");
    in = decode_ok(0x000000ff00007326, 0x00000000000e4020, 0x80);
    g_assert_cmpuint(in.mod.attr.freq, ==, NV_SASS_IPA_CONSTANT);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "IPA.CONSTANT R0, a[0x80]");
    /* ... .OFFSET is refused; nv50_ir's P0 in the predicate-result field is accepted */
    g_assert_false(nv_sass_decode(0x000000ff00017326, 0x00000000000e2021, 0x80, &in));
    /* nv50_ir's IPA.STATE of GL's secondary colour: IPA.STATE R2, a[0x290] */
    in = decode_ok(0x000000ff00027326, 0x00000000000080a4, 0x80);
    g_assert_cmpuint(in.mod.attr.freq, ==, NV_SASS_IPA_STATE);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "IPA.STATE R2, a[0x290]");
    /* nv50_ir's FSET (to 1.0 or 0.0) and FMUL's post-scale, as its fragment shaders use them */
    in = decode_ok(0x00000000ff007a0a, 0x0000000003814000, 0x80);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_FSET);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "FSET.BF.GT.FTZ.AND R0, RZ, c[0x0][0x0], PT");
    in = decode_ok(0x0000000001017220, 0x0000000000310000, 0x80);
    g_assert_cmpuint(in.mod.f.pdiv, ==, 3);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "FMUL.D2.FTZ R1, R1, R0");
    /* KIL, and @P1 KIL !P2 */
    in = decode_ok(0x000000000000795b, 0x0000000003800000, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "KIL");
    in = decode_ok(0x000000000000195b, 0x0000000005000000, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "@P1 KIL !P2");
}

static void test_nv50ir_forms(void)
{
    /* IMAD.U32 R2, R4, c[0x7][0x100], RZ with P0 in the unused carry-out field */
    NvSassInsn in = decode_ok(0x01c0400004027a24, 0x001e1600000000ff, 0x80);
    char text[128];

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_IMAD);
    g_assert_false(in.mod.i.wide);
    g_assert_cmpuint(in.pdst[0].index, ==, NV_SASS_PT);
    assert_reg(&in.src[0], NV_SASS_OPND_REG, 4);
    g_assert_cmpuint(in.src[1].kind, ==, NV_SASS_OPND_CBUF);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "IMAD.U32 R2, R4, c[0x7][0x100], RZ");
    /* ... and with P1 there it stays refused */
    g_assert_false(nv_sass_decode(0x01c0400004027a24, 0x001e1600000200ff, 0x80, &in));
    /* CCTL.IV with an address (texts as nvdisasm prints them) */
    in = decode_ok(0x000000100200798f, 0x004fca0001800100, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "CCTL.E.IV [R2+0x10]");
    in = decode_ok(0xfffffff00200798f, 0x004fca0001800000, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "CCTL.IV [R2+-0x10]");
    /* MOV R1, R0 with nv50_ir's reuse hint on slot a, which MOV does not read */
    in = decode_ok(0x0000000000017202, 0x07ffc20000000f00, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "MOV R1, R0");
    /* nv50_ir's SULD.D without .BA (x in elements), bindless handle in R7 */
    in = decode_ok(0x600000000000099a, 0x00020200000e8807, 0x80);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_SULD);
    g_assert_false(in.mod.tex.ba);
    /* NAK's CCTL.WBALL (address-less, like IVALL) */
    in = decode_ok(0x00000000ff00798f, 0x000fd60003800000, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "CCTL.WBALL");
    /* nv50_ir's CCTL_IV sub-op (5) in the op field, predicated (piglit's compute shaders) */
    in = decode_ok(0x000000000000898f, 0x000fc20002800100, 0x80);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "@!P0 CCTL.E.RS [R0]");
    /* BAR.SYNC in the register form, as nv50_ir emits it for barrier 0 (rusticl's reduction) */
    in = decode_ok(0x000000ff0000731d, 0x000fde0003800000, 0x80);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_BAR);
    g_assert_cmpuint(in.mod.ctl.bar_mode, ==, 0);
    nv_sass_disasm(&in, text, sizeof(text));
    g_assert_cmpstr(text, ==, "BAR.SYNC RZ, RZ");
    /* ... with another register its meaning is not established: refused */
    g_assert_false(nv_sass_decode(0x000000050000731d, 0x000fde0003800000, 0x80, &in));
}

/*
 * Words ptxas (CUDA 13) emits in CUB, Thrust, libcu++ and cooperative groups;
 * texts as nvdisasm prints them (at pc 0x100).
 */
static const struct {
    uint64_t lo, hi;
    const char *text;
} ur_forms[] = {
    { 0x0000000600087d00, 0x000e2200080e0000, "FLO.U32 R8, UR6" },
    { 0x0001001aff007985, 0x0003e8000c114b04, "ST.E.64.STRONG.GPU [UR4+0x100], R26" },
    { 0x00001004ff047980, 0x000f66000c1eeb00, "LD.E.64.SYS R4, [UR4+0x10]" },
    { 0x00000000ff07098a, 0x002ea800081f4344, "@P0 ATOM.E.ADD.S32.STRONG.GPU PT, R7, [UR4], R0" },
    { 0x0000002300007947, 0x000fea0003800000, "BRA.CONV 0x130" },
    { 0x1000000200057306, 0x000fe20000001000, "I2F.U8 R5, R2.B1" },
    { 0x3000000200057306, 0x000fe20000001000, "I2F.U8 R5, R2.B3" },
    { 0x1000000200057306, 0x000fe20000101000, "I2F.U16 R5, R2.H1" },
    { 0x00000804ff0c7984, 0x000e620008001a00, "LDS.U.64 R12, [UR4+0x8]" },
    { 0x00000804020c7984, 0x000e620008001a00, "LDS.U.64 R12, [R2+UR4+0x8]" },
};

static void test_ur_forms(void)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(ur_forms); i++) {
        NvSassInsn in = decode_ok(ur_forms[i].lo, ur_forms[i].hi, 0x100);
        char text[128];

        nv_sass_disasm(&in, text, sizeof(text));
        g_assert_cmpstr(text, ==, ur_forms[i].text);
    }
    /* the uniform operand is the address base of the generic accesses */
    for (unsigned i = 1; i < 4; i++) {
        NvSassInsn in = decode_ok(ur_forms[i].lo, ur_forms[i].hi, 0x100);

        g_assert_true(in.addr.has_ureg);
        g_assert_cmpuint(in.addr.ureg, ==, 4);
    }
    /* a selector nvdisasm calls INVALID2 (.H2), and one on a 32-bit source, stay refused */
    {
        NvSassInsn in;

        g_assert_false(nv_sass_decode(0x2000000200057306, 0x000fe20000101000, 0x100, &in));
        g_assert_false(nv_sass_decode(0x1000000200057306, 0x000fe20000201000, 0x100, &in));
    }
}

static void test_immediates(void)
{
    /* FFMA R6, R5, 0.69314718246459960938, R6 */
    NvSassInsn in = decode_ok(0x3f31721805067823, 0x000fc80000000006, 0x1f0);

    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_FFMA);
    g_assert_cmpuint(in.src[1].kind, ==, NV_SASS_OPND_IMM);
    g_assert_cmpuint(in.src[1].imm_type, ==, NV_SASS_IMM_F32);
    g_assert_cmphex(in.src[1].imm, ==, 0x3f317218);
    /* HFMA2 R11, R11, R0, 1.5, 1.5 */
    in = decode_ok(0x3e003e000b0b7431, 0x004fd00000000000, 0x4b0);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_HFMA2);
    g_assert_cmpuint(in.src[2].imm_type, ==, NV_SASS_IMM_F16X2);
    g_assert_cmphex(in.src[2].imm, ==, 0x3e003e00);
    /* SHFL.BFLY PT, R5, R0, 0x2, 0x1f */
    in = decode_ok(0x0c401f0000057f89, 0x00006400000e0000, 0xc0);
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_SHFL);
    g_assert_cmpuint(in.mod.warp.mode, ==, 3);
    g_assert_cmpuint(in.src[1].imm, ==, 2);
    g_assert_cmpuint(in.src[2].imm, ==, 0x1f);
    /* UIADD3 UR4, UP1, URZ, -UR6, URZ: uniform registers and predicates */
    in = decode_ok(0x800000063f047290, 0x000fe4000ff3e03f, 0x840);
    g_assert_true(in.uniform);
    assert_reg(&in.dst, NV_SASS_OPND_UREG, 4);
    assert_reg(&in.src[0], NV_SASS_OPND_UREG, NV_SASS_URZ);
    assert_reg(&in.src[1], NV_SASS_OPND_UREG, 6);
    g_assert_true(in.src[1].mods & NV_SASS_MOD_NEG);
    g_assert_true(in.pdst[0].uniform);
    g_assert_cmpuint(in.pdst[0].index, ==, 1);
}

/* Opcodes no table row has, reserved modifier values and stray bits are refused. */
static void test_unknown_rejected(void)
{
    NvSassInsn in;
    unsigned refused = 0;

    /* 0x000 and 0x1ff are no operation; a non-zero word must be zeroed on refusal */
    memset(&in, 0xa5, sizeof(in));
    g_assert_false(nv_sass_decode(0x0000000000007000, 0, 0, &in));
    g_assert_cmpuint(in.opcode, ==, NV_SASS_OP_INVALID);
    g_assert_false(nv_sass_decode(0x00000000000071ff, 0, 0, &in));
    g_assert_false(nv_sass_decode(0xffffffffffffffff, 0xffffffffffffffff, 0, &in));
    /* FADD R9, R4, R3 with a bit set nobody has seen meaning in (bit 45) */
    g_assert_true(nv_sass_decode(0x0000000304097221, 0x004fd00000000000, 0, &in));
    g_assert_false(nv_sass_decode(0x0000200304097221, 0x004fd00000000000, 0, &in));
    /* ISETP with the reserved boolean operation 3 */
    g_assert_false(nv_sass_decode(0x00005e0006007a0c, 0x000fd80003f06e70, 0, &in));
    /* FADD and DSETP keep the second source's reuse flag in c's slot (bit 124); b's
     * (bit 123) is invalid for them (nvdisasm), and valid for FSETP */
    g_assert_false(nv_sass_decode(0x0000000200007221, 0x080fe20000000000, 0, &in));
    g_assert_false(nv_sass_decode(0x000000020000722a, 0x080fe20003f06000, 0, &in));
    g_assert_true(nv_sass_decode(0x0000000200007221, 0x100fe20000000000, 0, &in));
    g_assert_true(in.src[1].mods & NV_SASS_MOD_REUSE);
    g_assert_false(nv_sass_decode(0x000000020000720b, 0x100fe20003f06000, 0, &in));
    /* FMUL with post-divide field 0 (nvdisasm: INVALID0) */
    g_assert_false(nv_sass_decode(0x0000000000027220, 0x000fe20000000000, 0, &in));
    /* every operation number without a row refuses an otherwise empty word */
    for (unsigned op = 0; op < 0x1000; op++) {
        if (!nv_sass_decode(0x7000 | op, 0, 0, &in)) {
            refused++;
        }
    }
    g_assert_cmpuint(refused, >, 3500);
}

/* Random words: decoding is pure, never crashes, and printing stays in bounds. */
static void test_random_words(void)
{
    GRand *rng = g_rand_new_with_seed(1816);
    unsigned accepted = 0;

    for (unsigned i = 0; i < 400000; i++) {
        uint64_t lo = (uint64_t)g_rand_int(rng) << 32 | g_rand_int(rng);
        uint64_t hi = (uint64_t)g_rand_int(rng) << 32 | g_rand_int(rng);
        /* keep the opcode random but clear most of the rest half the time */
        if (i & 1) {
            lo &= 0xff00ffffffffffffull;
            hi &= 0xffffff00f0000fffull;
        }
        accepted += check_word(lo, hi, i * 16);
    }
    g_test_message("%u of 400000 random words decode", accepted);
    g_rand_free(rng);
}

/* Golden words with random bits flipped reach the odd corners of every decoder. */
static void test_mutated_corpus(void)
{
    GPtrArray *files = tsv_list(corpus_dir);
    GRand *rng = g_rand_new_with_seed(75);
    unsigned tried = 0, accepted = 0;

    for (guint fi = 0; fi < files->len; fi++) {
        TsvFile f;

        g_assert_true(tsv_load(files->pdata[fi], &f));
        for (size_t i = 0; i < f.n; i++) {
            for (unsigned m = 0; m < 24; m++) {
                uint64_t w[2] = { f.rows[i].lo, f.rows[i].hi };
                unsigned flips = g_rand_int_range(rng, 1, 4);

                for (unsigned k = 0; k < flips; k++) {
                    unsigned bit = g_rand_int_range(rng, 12, 128);

                    w[bit / 64] ^= UINT64_C(1) << (bit % 64);
                }
                tried++;
                accepted += check_word(w[0], w[1], f.rows[i].offset);
            }
        }
        tsv_free(&f);
    }
    g_test_message("%u of %u mutated golden words decode", accepted, tried);
    g_assert_cmpuint(accepted, >, tried / 10);
    g_rand_free(rng);
    g_ptr_array_free(files, TRUE);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : ".";
    g_test_add_func("/sass/decode/mutated-corpus", test_mutated_corpus);
    g_test_add_func("/sass/decode/long-label", test_long_label);
    g_test_add_func("/sass/decode/imad-cbuf", test_imad_cbuf);
    g_test_add_func("/sass/decode/isetp", test_isetp);
    g_test_add_func("/sass/decode/iadd3-x", test_iadd3_x);
    g_test_add_func("/sass/decode/guard-exit-bra-ret", test_guard_exit_bra);
    g_test_add_func("/sass/decode/memory", test_memory);
    g_test_add_func("/sass/decode/nak-forms", test_nak_forms);
    g_test_add_func("/sass/decode/nv50ir-forms", test_nv50ir_forms);
    g_test_add_func("/sass/decode/graphics-forms", test_graphics_forms);
    g_test_add_func("/sass/decode/ur-forms", test_ur_forms);
    g_test_add_func("/sass/decode/immediates", test_immediates);
    g_test_add_func("/sass/decode/unknown-rejected", test_unknown_rejected);
    g_test_add_func("/sass/decode/random-words", test_random_words);
    return g_test_run();
}
