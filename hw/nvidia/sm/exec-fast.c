/*
 * Fast forms: executors for the commonest shapes of the hottest ALU
 * instructions, chosen once per instruction when its code chunk is decoded
 * (nv_sm_executor_for). Each is the general executor with the decisions its
 * instruction makes the same every time taken out: operands are a register
 * row or an immediate known to be one (no copy into a temporary), no
 * modifiers, carries or predicate results, and a fixed truth table or shift
 * direction. Results are bit-identical to the general executors
 * (tests/sass/test-sm-fast.c runs both on the same random state).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifdef __AVX2__
#include <immintrin.h>
#endif
#include "sm-internal.h"
#include "hw/nvidia/nv-f16.h"

#define LANES NV_SM_LANES

/*
 * Operand shapes: R a register row, U one value every lane shares (an
 * immediate, a constant or a uniform register), N none.
 */
#define SRC_R(i)    const uint32_t *s##i = nv_sm_rrow(w, in->src[i].reg)
#define SRC_U(i)    const uint32_t s##i = uniform_src(w, &in->src[i], 0)
#define SRC_N(i)
#define GET_R(i)    s##i[l]
#define GET_U(i)    s##i
#define GET_N(i)    0

/* The value of a U-shaped source (word extra: 0 low, 4 high of a pair). */
static inline uint32_t uniform_src(NvSmWarp *w, const NvSassOperand *o, unsigned extra)
{
    NvSmLaunch *l = w->l;
    const uint8_t *bank;
    uint32_t off, v;

    switch (o->kind) {
    case NV_SASS_OPND_IMM:
        return extra ? 0 : o->imm;
    case NV_SASS_OPND_UREG:
        return o->reg == NV_SASS_URZ ? 0 : nv_sm_ureg(w, o->reg + extra / 4);
    default:
        /* a snapshotted bank read in place; anything else as the general path does */
        off = (o->imm & NV_SM_CBUF_ADDR_MASK) + extra;
        bank = o->reg < NV_SM_CBUF_BANKS ? g_atomic_pointer_get(&l->cbuf[o->reg]) : NULL;
        if (bank && l->cbuf_size[o->reg] >= 4 && off <= l->cbuf_size[o->reg] - 4) {
            memcpy(&v, bank + (off & ~3u), 4);
            return GUINT32_FROM_LE(v);
        }
        return nv_sm_cbuf32(w, o->reg, off);
    }
}

/* d = EXPR(x, y, z) over the lanes, sources of shapes A, B, C. */
#define FAST3(name, A, B, C, EXPR)                                          \
static void name##_##A##B##C(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
{                                                                           \
    uint32_t r[LANES];                                                      \
    SRC_##A(0);                                                             \
    SRC_##B(1);                                                             \
    SRC_##C(2);                                                             \
                                                                            \
    for (unsigned l = 0; l < LANES; l++) {                                  \
        uint32_t x = GET_##A(0), y = GET_##B(1), z = GET_##C(2);            \
        r[l] = EXPR;                                                        \
        (void)x, (void)y, (void)z;                                          \
    }                                                                       \
    if (mask) {                                                             \
        nv_sm_write(w, in->dst.reg, r, mask);                               \
    }                                                                       \
}

/* The four shapes with a register first source. */
#define FAST3_SHAPES(name, EXPR)                                            \
    FAST3(name, R, R, R, EXPR)                                              \
    FAST3(name, R, U, R, EXPR)                                              \
    FAST3(name, R, R, U, EXPR)                                              \
    FAST3(name, R, U, U, EXPR)

/* The two shapes of a two-source operation. */
#define FAST2_SHAPES(name, EXPR)                                            \
    FAST3(name, R, R, N, EXPR)                                              \
    FAST3(name, R, U, N, EXPR)

#define FAST2_PICK(name, in) (is_uniform(&(in)->src[1]) ? name##_RUN : name##_RRN)

/* Picks name's shape for the kinds of in's sources b and c. */
#define FAST3_PICK(name, in)                                                \
    (is_uniform(&(in)->src[1]) ? (is_uniform(&(in)->src[2]) ? name##_RUU : name##_RUR) \
                               : (is_uniform(&(in)->src[2]) ? name##_RRU : name##_RRR))

static inline float f32(uint32_t v)
{
    return nv_f32_of(v);
}

/* The SM's fp32 result: NaN is the canonical 0x7fffffff. */
static inline uint32_t canon(float v)
{
    return v != v ? 0x7fffffffu : nv_bits_f32(v);
}

FAST3_SHAPES(imad, x * y + z)
FAST3_SHAPES(iadd3, x + y + z)
#ifdef NV_SM_VARIANT
FAST3_SHAPES(ffma, canon(__builtin_fmaf(f32(x), f32(y), f32(z))))
#endif
FAST2_SHAPES(fadd, canon(f32(x) + f32(y)))
FAST2_SHAPES(fmul, canon(f32(x) * f32(y)))
/* LOP3's commonest truth tables (c is often RZ and unused) */
FAST3_SHAPES(lop_xor, x ^ y)
FAST3_SHAPES(lop_xor3, x ^ y ^ z)
FAST3_SHAPES(lop_and, x & y)
FAST3_SHAPES(lop_or, x | y)
FAST3_SHAPES(lop_or3, x | y | z)
FAST3_SHAPES(lop_andnot, x & ~y)
/*
 * SHF by an immediate s in 1..31 (lo, s, hi): within that range every type
 * gives the same funnel of hi:lo; only the high word of a right shift
 * depends on the sign.
 */
#define SHF_IMM(name, EXPR) FAST3(name, R, U, R, EXPR)
SHF_IMM(shf_l, x << y)
SHF_IMM(shf_l_hi, z << y | x >> (32 - y))
SHF_IMM(shf_r, x >> y | z << (32 - y))
SHF_IMM(shf_r_hi_u, z >> y)
SHF_IMM(shf_r_hi_s, (uint32_t)((int32_t)z >> y))

/*
 * IMAD.WIDE(.U32) without carry-out: {d+1:d} = a * b + {c+1:c}, c a
 * register pair or a U-shaped 64-bit value.
 */
#define IMAD_WIDE(B, C, S)                                                  \
static void imad_wide##S##_R##B##C(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
{                                                                           \
    uint32_t r[LANES], rh[LANES];                                           \
    const bool sgn = #S[1] == 's';                                          \
    const uint32_t *s0 = nv_sm_rrow(w, in->src[0].reg);                     \
    WIDE_B_##B;                                                             \
    WIDE_C_##C;                                                             \
                                                                            \
    for (unsigned l = 0; l < LANES; l++) {                                  \
        uint64_t p = sgn ? (uint64_t)((int64_t)(int32_t)s0[l] * (int32_t)WIDE_GET_B_##B) \
                         : (uint64_t)s0[l] * WIDE_GET_B_##B;                \
        uint64_t v = p + ((uint64_t)WIDE_GET_CH_##C << 32 | WIDE_GET_C_##C); \
        r[l] = (uint32_t)v;                                                 \
        rh[l] = (uint32_t)(v >> 32);                                        \
    }                                                                       \
    if (mask) {                                                             \
        nv_sm_write(w, in->dst.reg, r, mask);                               \
        nv_sm_write(w, in->dst.reg + 1u, rh, mask);                         \
    }                                                                       \
}
#define WIDE_B_R        SRC_R(1)
#define WIDE_B_U        SRC_U(1)
#define WIDE_GET_B_R    s1[l]
#define WIDE_GET_B_U    s1
#define WIDE_C_R                                                            \
    const uint32_t *c0 = nv_sm_rrow(w, in->src[2].reg);                     \
    const uint32_t *c1 = nv_sm_rrow(w, in->src[2].reg == NV_SASS_RZ ? NV_SASS_RZ : in->src[2].reg + 1u)
#define WIDE_C_U                                                            \
    const uint32_t c0 = uniform_src(w, &in->src[2], 0), c1 = uniform_src(w, &in->src[2], 4)
#define WIDE_GET_C_R    c0[l]
#define WIDE_GET_CH_R   c1[l]
#define WIDE_GET_C_U    c0
#define WIDE_GET_CH_U   c1
#define IMAD_WIDE_SIGNS(B, C) IMAD_WIDE(B, C, _s) IMAD_WIDE(B, C, _u)
IMAD_WIDE_SIGNS(R, R)
IMAD_WIDE_SIGNS(U, R)
IMAD_WIDE_SIGNS(R, U)
IMAD_WIDE_SIGNS(U, U)

/*
 * ISETP without .EX: the lanes' compare as a mask, combined with the
 * accumulator predicate into both results as the general executor does.
 */
#define ISETP(B)                                                            \
static void isetp_R##B(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)    \
{                                                                           \
    const NvSassModIntAlu *m = &in->mod.i;                                  \
    uint32_t want_lt = m->cmp & 1 ? ~0u : 0, want_eq = m->cmp & 2 ? ~0u : 0; \
    uint32_t want_gt = m->cmp & 4 ? ~0u : 0, flip = m->is_signed ? 0x80000000u : 0; \
    uint32_t v[LANES], t, acc;                                              \
    SRC_R(0);                                                               \
    SRC_##B(1);                                                             \
                                                                            \
    for (unsigned l = 0; l < LANES; l++) {                                  \
        uint32_t x = s0[l] ^ flip, y = GET_##B(1) ^ flip;                   \
        v[l] = (x < y ? want_lt : 0) | (x == y ? want_eq : 0) | (x > y ? want_gt : 0); \
    }                                                                       \
    t = lane_bits(v);                                                       \
    if (!mask) {                                                            \
        return;                                                             \
    }                                                                       \
    acc = nv_sm_pred(w, in->psrc[0]);                                       \
    nv_sm_set_pred(w, in->pdst[0], bool_result(m->bool_op, t, acc), mask);  \
    nv_sm_set_pred(w, in->pdst[1], bool_result(m->bool_op, ~t, acc), mask); \
}

/* The lane mask of v[] (each lane's word 0 or all ones). */
static inline uint32_t lane_bits(const uint32_t v[LANES])
{
    uint32_t m = 0;

#ifdef __AVX2__
    for (unsigned l = 0; l < LANES; l += 8) {
        __m256 x = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(v + l)));

        m |= (uint32_t)_mm256_movemask_ps(x) << l;
    }
#else
    for (unsigned l = 0; l < LANES; l++) {
        m |= (v[l] & 1) << l;
    }
#endif
    return m;
}

/* PTX BoolOp on lane masks (as int-alu.h's bool_s). */
static inline uint32_t bool_result(unsigned op, uint32_t t, uint32_t acc)
{
    return op == NV_SASS_BOOL_AND ? t & acc : op == NV_SASS_BOOL_OR ? t | acc : t ^ acc;
}

ISETP(R)
ISETP(U)

static bool is_uniform(const NvSassOperand *o)
{
    return o->kind != NV_SASS_OPND_REG;
}

/*
 * A register, immediate, constant or uniform register without modifiers
 * (.reuse is a timing hint; bindless constants go the general way).
 */
static bool plain(const NvSassOperand *o)
{
    return (o->kind == NV_SASS_OPND_REG || o->kind == NV_SASS_OPND_IMM ||
            o->kind == NV_SASS_OPND_CBUF || o->kind == NV_SASS_OPND_UREG) &&
           !(o->mods & ~NV_SASS_MOD_REUSE);
}

static bool plain3(const NvSassInsn *in)
{
    return in->n_src >= 3 && in->src[0].kind == NV_SASS_OPND_REG && plain(&in->src[0]) &&
           plain(&in->src[1]) && plain(&in->src[2]);
}

static bool plain2(const NvSassInsn *in)
{
    return in->n_src >= 2 && in->src[0].kind == NV_SASS_OPND_REG && plain(&in->src[0]) &&
           plain(&in->src[1]);
}

static bool pred_discarded(NvSassPred p)
{
    return p.index == NV_SASS_PT;
}

static NvSmExecFn fast_lop3(const NvSassInsn *in)
{
    if (!pred_discarded(in->pdst[0])) {
        return NULL;
    }
    switch (in->mod.i.lut) {
    case 0x3c: return FAST3_PICK(lop_xor, in);
    case 0x96: return FAST3_PICK(lop_xor3, in);
    case 0xc0: return FAST3_PICK(lop_and, in);
    case 0xfc: return FAST3_PICK(lop_or, in);
    case 0xfe: return FAST3_PICK(lop_or3, in);
    case 0x30: return FAST3_PICK(lop_andnot, in);
    default: return NULL;
    }
}

static NvSmExecFn fast_shf(const NvSassInsn *in)
{
    const NvSassModIntAlu *m = &in->mod.i;
    bool is_signed = m->shf_type == 0 || m->shf_type == 2;

    if (in->src[1].kind != NV_SASS_OPND_IMM || in->src[1].imm < 1 || in->src[1].imm > 31 ||
        is_uniform(&in->src[2])) {
        return NULL;
    }
    if (!m->right) {
        return m->hi ? shf_l_hi_RUR : shf_l_RUR;
    }
    if (!m->hi) {
        return shf_r_RUR;
    }
    return is_signed ? shf_r_hi_s_RUR : shf_r_hi_u_RUR;
}

static bool float_plain(const NvSassModFloat *m)
{
    return !m->rnd && !m->ftz && !m->sat && !m->fmz;
}

NvSmExecFn NV_SM_VARIANT_NAME(nv_sm_fast_executor)(const NvSassInsn *in)
{
    const NvSassModIntAlu *mi = &in->mod.i;

    if (in->uniform) {
        return NULL;
    }
    switch (in->opcode) {
    case NV_SASS_OP_IMAD:
        if (!plain3(in) || mi->x || mi->hi) {
            return NULL;
        }
        if (!mi->wide) {
            return FAST3_PICK(imad, in);
        }
        if (!pred_discarded(in->pdst[0])) {
            return NULL;
        }
        return mi->is_signed ? FAST3_PICK(imad_wide_s, in) : FAST3_PICK(imad_wide_u, in);
    case NV_SASS_OP_ISETP:
        return plain2(in) && !mi->ex ? (is_uniform(&in->src[1]) ? isetp_RU : isetp_RR) : NULL;
    case NV_SASS_OP_IADD3:
        return plain3(in) && !mi->x && pred_discarded(in->pdst[0]) &&
               pred_discarded(in->pdst[1]) ? FAST3_PICK(iadd3, in) : NULL;
    case NV_SASS_OP_LOP3:
        return plain3(in) ? fast_lop3(in) : NULL;
    case NV_SASS_OP_SHF:
        return plain3(in) ? fast_shf(in) : NULL;
#ifdef NV_SM_VARIANT
    /* the baseline build's general FFMA picks the host's fma at run time */
    case NV_SASS_OP_FFMA:
        return plain3(in) && float_plain(&in->mod.f) ? FAST3_PICK(ffma, in) : NULL;
#endif
    case NV_SASS_OP_FADD:
        return plain2(in) && float_plain(&in->mod.f) ?
               FAST2_PICK(fadd, in) : NULL;
    case NV_SASS_OP_FMUL:
        return plain2(in) && float_plain(&in->mod.f) && in->mod.f.pdiv == 4 ?
               FAST2_PICK(fmul, in) : NULL;
    default:
        return NULL;
    }
}
