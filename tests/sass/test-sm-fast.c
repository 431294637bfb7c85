/*
 * The fast forms (hw/nvidia/sm/exec-fast.c) against the general executors:
 * every shape each fast form serves is built as a decoded instruction with
 * random registers, operands, modifiers and guard masks, run by both on
 * identical warps (registers, predicates, uniform registers and constant
 * banks holding random and boundary values), and the whole warp state
 * compared. Run once per executor build (NVGPU_SM_BASELINE=1: baseline).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "../../hw/nvidia/sm/sm-internal.h"

#define TRIALS      400
#define CBUF_BYTES  0x1000u

/* source kinds: register, immediate, constant, uniform register */
enum { R, I, C, U };

/* One shape: the opcode, its modifiers and the kinds of its sources. */
typedef struct Shape {
    const char *name;
    uint16_t opcode;
    uint8_t n_src;
    uint8_t kinds[3];
    uint8_t lut;                /* LOP3 */
    bool wide, is_signed;       /* IMAD */
    bool right, hi;             /* SHF */
    uint8_t shf_type;
    bool isetp;                 /* random compare, BoolOp and predicates */
    bool ftz;                   /* FADD/FMUL/FFMA .FTZ */
    bool carry, x;              /* IADD3: random carry-out predicates; .X's carry-ins */
} Shape;

#define IMAD(b, c)      { "IMAD " #b #c, NV_SASS_OP_IMAD, 3, { R, b, c }, .lut = 0 }
#define IMAD_W(b, c, s) { "IMAD.WIDE " #b #c "-" #s, NV_SASS_OP_IMAD, 3, { R, b, c }, \
                          .wide = true, .is_signed = s }
#define OP3(op, b, c)   { #op " " #b #c, NV_SASS_OP_##op, 3, { R, b, c }, .lut = 0 }
#define LOP(lut_, b, c) { "LOP3 " #lut_ " " #b #c, NV_SASS_OP_LOP3, 3, { R, b, c }, \
                          .lut = lut_ }
#define SHF(r, h, t)    { "SHF " #r #h #t, NV_SASS_OP_SHF, 3, { R, I, R }, \
                          .right = r, .hi = h, .shf_type = t }
#define OP2(op, b)      { #op " " #b, NV_SASS_OP_##op, 2, { R, b }, .lut = 0 }
#define CARRY(x_, b, c)  { "IADD3 carry " #x_ " " #b #c, NV_SASS_OP_IADD3, 3, { R, b, c }, \
                           .carry = true, .x = x_ }
#define FTZ(op, n, b, c) { #op ".FTZ " #b #c, NV_SASS_OP_##op, n, { R, b, c }, .ftz = true }
#define ISETP(b)        { "ISETP " #b, NV_SASS_OP_ISETP, 2, { R, b }, .isetp = true }

static const Shape shapes[] = {
    IMAD(R, R), IMAD(I, R), IMAD(C, R), IMAD(R, I),
    IMAD(U, C), IMAD(I, I),
    IMAD_W(R, R, false), IMAD_W(R, R, true), IMAD_W(I, C, false),
    IMAD_W(C, R, true), IMAD_W(R, U, true), IMAD_W(U, I, false),
    OP3(IADD3, R, R), OP3(IADD3, I, R), OP3(IADD3, R, C),
    OP3(IADD3, U, I),
    CARRY(false, R, R), CARRY(false, I, R), CARRY(false, R, C), CARRY(true, R, R),
    CARRY(true, U, R), CARRY(true, R, I), CARRY(true, C, U),
    OP3(FFMA, R, R), OP3(FFMA, I, R), OP3(FFMA, R, I),
    OP3(FFMA, C, R), OP3(FFMA, R, C), OP3(FFMA, U, U),
    OP2(FADD, R), OP2(FADD, I), OP2(FADD, C), OP2(FMUL, R), OP2(FMUL, I),
    OP2(FMUL, U),
    FTZ(FFMA, 3, R, R), FTZ(FFMA, 3, I, R), FTZ(FFMA, 3, R, C), FTZ(FFMA, 3, U, I),
    FTZ(FADD, 2, R, R), FTZ(FADD, 2, I, R), FTZ(FMUL, 2, R, R), FTZ(FMUL, 2, C, R),
    LOP(0x3c, R, R), LOP(0x96, R, R), LOP(0xc0, I, R),
    LOP(0xfc, R, R), LOP(0xfe, C, R), LOP(0x30, R, U),
    LOP(0x96, U, I),
    SHF(false, false, 3), SHF(false, true, 1), SHF(true, false, 1), SHF(true, true, 3),
    SHF(true, true, 2), SHF(true, true, 0), SHF(false, true, 2),
    ISETP(R), ISETP(I), ISETP(C), ISETP(U),
};

/* Values worth meeting often: integer and fp32 boundaries (NaN, Inf, denormals, -0). */
static const uint32_t special[] = {
    0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, 0x7f800000, 0xff800000,
    0x7fc00000, 0xffc00001, 0x00000001, 0x807fffff, 0x3f800000, 0xbf800000, 0x00800000,
    0x7f7fffff, 0x0000ffff, 0x00010000, 0x3f000000, 0x00800001, 0x80800000,
};

static uint32_t value(GRand *g)
{
    return g_rand_int_range(g, 0, 3) ? g_rand_int(g)
                                     : special[g_rand_int_range(g, 0, G_N_ELEMENTS(special))];
}

static uint8_t *bank;

static NvSmWarp *warp_new(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);

    g_assert_nonnull(w);
    /* charged like a snapshot, since the launch's end frees it as one */
    w->l->cbuf[2] = nv_sm_host_alloc(w->l->sm, CBUF_BYTES);
    g_assert_nonnull(w->l->cbuf[2]);
    memcpy(w->l->cbuf[2], bank, CBUF_BYTES);
    w->l->cbuf_size[2] = CBUF_BYTES;
    return w;
}

static void randomize(NvSmWarp *w, GRand *g)
{
    for (unsigned r = 0; r < NV_SM_ZERO_ROW; r++) {
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            w->r[r][l] = value(g);
        }
    }
    for (unsigned u = 0; u < NV_SASS_URZ; u++) {
        w->ur[u] = value(g);
    }
    for (unsigned p = 0; p < 7; p++) {
        w->p[p] = g_rand_int(g);
    }
    w->up = (uint8_t)g_rand_int(g) | 0x80;
}

static void copy_state(NvSmWarp *to, const NvSmWarp *from)
{
    memcpy(to->r, from->r, sizeof(uint32_t) * NV_SM_LANES * NV_SM_ROWS);
    memcpy(to->ur, from->ur, sizeof(to->ur));
    memcpy(to->p, from->p, sizeof(to->p));
    to->up = from->up;
}

static void check_same(const NvSmWarp *a, const NvSmWarp *b, const char *name, unsigned trial)
{
    for (unsigned r = 0; r < NV_SM_ZERO_ROW; r++) {
        if (memcmp(a->r[r], b->r[r], sizeof(a->r[r]))) {
            for (unsigned l = 0; l < NV_SM_LANES; l++) {
                if (a->r[r][l] != b->r[r][l]) {
                    g_error("%s, trial %u: R%u lane %u: fast 0x%08x, general 0x%08x", name,
                            trial, r, l, a->r[r][l], b->r[r][l]);
                }
            }
        }
    }
    for (unsigned p = 0; p < 7; p++) {
        if (a->p[p] != b->p[p]) {
            g_error("%s, trial %u: P%u: fast 0x%08x, general 0x%08x", name, trial, p, a->p[p],
                    b->p[p]);
        }
    }
    g_assert_cmphex(a->up, ==, b->up);
}

static NvSassOperand operand(GRand *g, unsigned kind, bool wide_pair)
{
    NvSassOperand o = { 0 };

    switch (kind) {
    case R:
        o.kind = NV_SASS_OPND_REG;
        /* now and then RZ, or R254 whose pair's upper half is RZ */
        o.reg = g_rand_int_range(g, 0, 10) ? g_rand_int_range(g, 0, 254) & ~(unsigned)wide_pair
                                           : (g_rand_boolean(g) ? NV_SASS_RZ : 254);
        break;
    case I:
        o.kind = NV_SASS_OPND_IMM;
        o.imm = value(g);
        break;
    case C:
        o.kind = NV_SASS_OPND_CBUF;
        /* bank 2 is bound; bank 5 is not (reads 0); some offsets past the end */
        o.reg = g_rand_int_range(g, 0, 8) ? 2 : 5;
        o.imm = g_rand_int_range(g, 0, CBUF_BYTES / 4 + 8) * 4;
        break;
    default:
        o.kind = NV_SASS_OPND_UREG;
        o.reg = g_rand_int_range(g, 0, 10) ? g_rand_int_range(g, 0, NV_SASS_URZ) : NV_SASS_URZ;
        break;
    }
    if (g_rand_boolean(g)) {
        o.mods = NV_SASS_MOD_REUSE;
    }
    return o;
}

static NvSassPred pred(GRand *g, bool may_discard)
{
    NvSassPred p = { .index = g_rand_int_range(g, 0, may_discard ? 8 : 7),
                     .negate = g_rand_boolean(g) };

    return p;
}

static void build(const Shape *s, GRand *g, NvSassInsn *in)
{
    memset(in, 0, sizeof(*in));
    in->opcode = s->opcode;
    in->guard.index = NV_SASS_PT;
    in->dst.kind = NV_SASS_OPND_REG;
    in->dst.reg = g_rand_int_range(g, 0, 12) ? g_rand_int_range(g, 0, 255) : NV_SASS_RZ;
    in->pdst[0].index = in->pdst[1].index = NV_SASS_PT;
    in->psrc[0].index = in->psrc[1].index = NV_SASS_PT;
    in->n_src = s->n_src;
    for (unsigned i = 0; i < s->n_src; i++) {
        in->src[i] = operand(g, s->kinds[i], s->wide && i == 2);
    }
    in->mod.i.lut = s->lut;
    in->mod.i.wide = s->wide;
    in->mod.i.is_signed = s->is_signed;
    in->mod.i.right = s->right;
    in->mod.i.hi = s->hi;
    in->mod.i.shf_type = s->shf_type;
    in->mod.i.wrap = g_rand_boolean(g);
    in->mod.f.pdiv = 4;
    in->mod.f.ftz = s->ftz;
    if (s->opcode == NV_SASS_OP_SHF) {
        in->src[1].imm = g_rand_int_range(g, 1, 32);
    }
    if (s->carry) {
        in->mod.i.x = s->x;
        in->pdst[0] = pred(g, true);
        in->pdst[1] = pred(g, true);
        in->pdst[0].negate = in->pdst[1].negate = false;
        in->psrc[0] = pred(g, true);
        in->psrc[1] = pred(g, true);
    }
    if (s->isetp) {
        in->mod.i.cmp = g_rand_int_range(g, 0, 8);
        in->mod.i.bool_op = g_rand_int_range(g, 0, 3);
        in->mod.i.is_signed = g_rand_boolean(g);
        in->pdst[0] = pred(g, true);
        in->pdst[1] = pred(g, true);
        in->pdst[0].negate = in->pdst[1].negate = false;
        in->psrc[0] = pred(g, true);
        in->dst.kind = NV_SASS_OPND_NONE;
    }
}

static uint32_t guard_mask(GRand *g)
{
    switch (g_rand_int_range(g, 0, 10)) {
    case 0:
        return 0;
    case 1 ... 5:
        return NV_SM_ALL_LANES;
    default:
        return g_rand_int(g);
    }
}

static const Shape *shape_named(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(shapes); i++) {
        if (!strcmp(shapes[i].name, name)) {
            return &shapes[i];
        }
    }
    g_error("no shape %s", name);
}

/* The baseline executors are in use (NVGPU_SM_BASELINE=1, or no AVX2 build or host). */
static bool baseline_in_use(void)
{
    const NvSmExecFn *v3 = nv_sm_exec_table_get(true);

    return !v3 || nv_sm_executor(NV_SASS_OP_MOV) != v3[NV_SASS_OP_MOV];
}

static void test_shape(gconstpointer data)
{
    const Shape *s = data;
    GRand *g = g_rand_new_with_seed(0x5eed0000u + (unsigned)(s - shapes));
    NvSmWarp *a = warp_new(), *b = warp_new();

    for (unsigned t = 0; t < TRIALS; t++) {
        NvSassInsn in;
        NvSmExecFn fast, general;
        uint32_t mask;

        build(s, g, &in);
        fast = nv_sm_fast_executor_in_use(&in);
        general = nv_sm_executor(in.opcode);
        if (!fast && s->opcode == NV_SASS_OP_FFMA && baseline_in_use()) {
            /* the baseline's general FFMA already picks the host's fma */
            g_test_skip("no fast FFMA in the baseline build");
            break;
        }
        if (!fast) {
            g_error("%s: no fast form", s->name);
        }
        g_assert_true(fast != general && general);
        g_assert_true(nv_sm_executor_for(&in) == fast);
        randomize(a, g);
        copy_state(b, a);
        mask = guard_mask(g);
        a->active = b->active = NV_SM_ALL_LANES;
        fast(a, &in, mask);
        general(b, &in, mask);
        check_same(a, b, s->name, t);
    }
    nv_sm_test_warp_free(a);
    nv_sm_test_warp_free(b);
    g_rand_free(g);
}

/* Forms the fast executors leave to the general ones. */
static void test_not_fast(void)
{
    GRand *g = g_rand_new_with_seed(7);
    NvSassInsn in;

    build(shape_named("IMAD RR"), g, &in);
    in.mod.i.x = true;                              /* IMAD.X: carry in */
    g_assert_null(nv_sm_fast_executor_in_use(&in));
    build(shape_named("IMAD RR"), g, &in);
    in.src[2].mods = NV_SASS_MOD_NEG;               /* IMAD with -c */
    g_assert_null(nv_sm_fast_executor_in_use(&in));
    build(shape_named("IMAD RR"), g, &in);
    in.src[1].kind = NV_SASS_OPND_CBUF;
    in.src[1].mods = NV_SASS_MOD_CX;                /* bindless constant */
    g_assert_null(nv_sm_fast_executor_in_use(&in));
    build(shape_named("IMAD.WIDE RR-false"), g, &in);
    in.pdst[0].index = 0;                           /* IMAD.WIDE with a carry out */
    g_assert_null(nv_sm_fast_executor_in_use(&in));
    build(shape_named("LOP3 0x3c RR"), g, &in);
    in.mod.i.lut = 0x5a;                            /* a truth table without a fast form */
    g_assert_null(nv_sm_fast_executor_in_use(&in));
    build(shape_named("SHF falsefalse3"), g, &in);
    in.src[1].imm = 32;                             /* SHF by 32 */
    g_assert_null(nv_sm_fast_executor_in_use(&in));
    build(shape_named("FADD R"), g, &in);
    in.mod.f.sat = true;                            /* FADD.SAT */
    g_assert_null(nv_sm_fast_executor_in_use(&in));
    g_rand_free(g);
}

int main(int argc, char **argv)
{
    GRand *g = g_rand_new_with_seed(1);
    int rc;

    g_test_init(&argc, &argv, NULL);
    bank = g_malloc(CBUF_BYTES);
    for (unsigned i = 0; i < CBUF_BYTES; i += 4) {
        uint32_t v = value(g);

        memcpy(bank + i, &v, 4);
    }
    for (size_t i = 0; i < G_N_ELEMENTS(shapes); i++) {
        char *path = g_strdup_printf("/sm/fast/%s", shapes[i].name);

        for (char *p = path; *p; p++) {
            *p = *p == ' ' || *p == '.' ? '-' : *p;
        }
        g_test_add_data_func(path, &shapes[i], test_shape);
        g_free(path);
    }
    g_test_add_func("/sm/fast/not-fast", test_not_fast);
    rc = g_test_run();
    g_free(bank);
    g_rand_free(g);
    return rc;
}
