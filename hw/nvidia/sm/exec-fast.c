/*
 * Fast forms: executors for the commonest shapes of the hottest ALU
 * instructions, chosen once per instruction when its code chunk is decoded
 * (nv_sm_executor_for). Each is the general executor with the decisions its
 * instruction makes the same every time taken out: operands are a register
 * row or one value every lane shares (no copy into a temporary), no source
 * modifiers, a fixed truth table, shift, signedness or flush. Results are
 * bit-identical to the general executors (tests/sass/test-sm-fast.c runs
 * both on the same random state).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#include "sm-internal.h"

#define LANES NV_SM_LANES

/*
 * Operand shapes: R a register row, U one value every lane shares (an
 * immediate, a constant or a uniform register), N none.
 */
#define SRC_R(i)    const uint32_t *s##i = nv_sm_rrow(w, in->src[i].reg)
#define SRC_U(i)                                                            \
    uint32_t s##i;                                                          \
    if (G_UNLIKELY(!uniform_src(w, &in->src[i], 0, &s##i))) {               \
        general(w, in, mask);                                               \
        return;                                                             \
    }
#define SRC_N(i)

/*
 * The value of a U-shaped source (word extra: 0 low, 4 high of a pair) in
 * *v; false where only the general path can read it (a constant bank not
 * snapshotted yet, or an offset past its size): the fast form then hands
 * the instruction to its general executor, so the fast path makes no calls.
 */
static inline bool uniform_src(NvSmWarp *w, const NvSassOperand *o, unsigned extra, uint32_t *v)
{
    NvSmLaunch *l = w->l;
    const uint8_t *bank;
    uint32_t off;

    switch (o->kind) {
    case NV_SASS_OPND_IMM:
        *v = extra ? 0 : o->imm;
        return true;
    case NV_SASS_OPND_UREG:
        *v = o->reg == NV_SASS_URZ ? 0 : nv_sm_ureg(w, o->reg + extra / 4);
        return true;
    default:
        off = (o->imm & NV_SM_CBUF_ADDR_MASK) + extra;
        bank = o->reg < NV_SM_CBUF_BANKS ? g_atomic_pointer_get(&l->cbuf[o->reg]) : NULL;
        if (!bank || l->cbuf_size[o->reg] < 4 || off > l->cbuf_size[o->reg] - 4) {
            return false;
        }
        memcpy(v, bank + (off & ~3u), 4);
        *v = GUINT32_FROM_LE(*v);
        return true;
    }
}

/* The general executor of in (its fast form's way out). */
static void general(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    NV_SM_VARIANT_NAME(nv_sm_exec_table)[in->opcode](w, in, mask);
}

/*
 * CHUNK lanes as one host vector register (8 with AVX2, 4 with the
 * baseline's SSE2), loaded and stored from any 4-byte aligned address.
 */
#ifdef __AVX2__
#define CHUNK 8
#else
#define CHUNK 4
#endif
typedef uint32_t Vec __attribute__((vector_size(CHUNK * 4)));
typedef int32_t VecS __attribute__((vector_size(CHUNK * 4)));
typedef float VecF __attribute__((vector_size(CHUNK * 4)));
typedef uint32_t VecMem __attribute__((vector_size(CHUNK * 4), aligned(4), may_alias));

/* Lanes q..q+CHUNK-1 of a source (R: its row; U: the shared value; N: 0). */
#define CHUNK_R(i, q)   (*(const VecMem *)(s##i + (q)))
#define CHUNK_U(i, q)   ((Vec){ 0 } + s##i)
#define CHUNK_N(i, q)   ((Vec){ 0 })

/*
 * d = EXPR(x, y, z) over the lanes, CHUNK at a time, sources of shapes A,
 * B, C. A chunk's sources are read before its results are written, so a
 * destination that is also a source is right. With every lane executing
 * (nearly always), results go straight into the destination row and the
 * executor needs no stack; otherwise into r, then under the mask.
 */
#define FAST3(name, A, B, C, EXPR)                                          \
static __attribute__((noinline)) void                                       \
name##_##A##B##C##_masked(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
{                                                                           \
    uint32_t r[LANES];                                                      \
    SRC_##A(0);                                                             \
    SRC_##B(1);                                                             \
    SRC_##C(2);                                                             \
                                                                            \
    if (mask) {                                                             \
        FAST3_LANES(r, A, B, C, EXPR);                                      \
        nv_sm_write(w, in->dst.reg, r, mask);                               \
    }                                                                       \
}                                                                           \
                                                                            \
static void name##_##A##B##C(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
{                                                                           \
    uint32_t *d;                                                            \
                                                                            \
    if (G_UNLIKELY(mask != NV_SM_ALL_LANES)) {                              \
        name##_##A##B##C##_masked(w, in, mask);                             \
        return;                                                             \
    }                                                                       \
    SRC_##A(0);                                                             \
    SRC_##B(1);                                                             \
    SRC_##C(2);                                                             \
    d = nv_sm_wrow(w, in->dst.reg);                                         \
    FAST3_LANES(d, A, B, C, EXPR);                                          \
}

/* The lanes' results into d (sources s0, s1, s2 of shapes A, B, C). */
#define FAST3_LANES(d, A, B, C, EXPR)                                       \
    for (unsigned q = 0; q < LANES; q += CHUNK) {                           \
        Vec x = CHUNK_##A(0, q), y = CHUNK_##B(1, q), z = CHUNK_##C(2, q);  \
                                                                            \
        *(VecMem *)((d) + q) = EXPR;                                        \
        (void)x, (void)y, (void)z;                                          \
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

/* Lanes as fp32 values (the same bits). */
static inline VecF f32(Vec v)
{
    return (VecF)v;
}

/* The SM's fp32 results: NaN is the canonical 0x7fffffff. */
static inline Vec canon(VecF f)
{
    Vec nan = (Vec)(f != f);

    return ((Vec)f & ~nan) | (((Vec){ 0 } + 0x7fffffffu) & nan);
}

/* Denormals (exponent 0) to zeros of their sign; NaNs and the rest kept. */
static inline Vec ftz(Vec v)
{
    Vec denormal = (Vec)((v & 0x7f800000u) == 0);

    return v & ~(denormal & 0x7fffffffu);
}

#ifdef NV_SM_VARIANT
/* Fused multiply-add per lane, rounded once (this build has FMA). */
static inline VecF fma_lanes(VecF a, VecF b, VecF c)
{
    return (VecF)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c);
}
#endif

FAST3_SHAPES(imad, x * y + z)
FAST3_SHAPES(iadd3, x + y + z)
#ifdef NV_SM_VARIANT
FAST3_SHAPES(ffma, canon(fma_lanes(f32(x), f32(y), f32(z))))
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
SHF_IMM(shf_l_hi, z << y | x >> (32u - y))
SHF_IMM(shf_r, x >> y | z << (32u - y))
SHF_IMM(shf_r_hi_u, z >> y)
SHF_IMM(shf_r_hi_s, (Vec)((VecS)z >> (VecS)y))

/* {hi:lo} = a * b + {chi:clo} per lane, a and b signed or not. */
static inline void mad_wide(Vec a, Vec b, Vec clo, Vec chi, bool sgn, Vec *lo, Vec *hi)
{
#ifdef __AVX2__
    /* even lanes' products, then odd lanes' (the multiplies use 64-bit lanes' low words) */
    __m256i ai = (__m256i)a, bi = (__m256i)b;
    __m256i a_odd = _mm256_srli_epi64(ai, 32), b_odd = _mm256_srli_epi64(bi, 32);
    __m256i pe = sgn ? _mm256_mul_epi32(ai, bi) : _mm256_mul_epu32(ai, bi);
    __m256i po = sgn ? _mm256_mul_epi32(a_odd, b_odd) : _mm256_mul_epu32(a_odd, b_odd);
    __m256i ce = _mm256_blend_epi32((__m256i)clo, _mm256_slli_epi64((__m256i)chi, 32), 0xaa);
    __m256i co = _mm256_blend_epi32(_mm256_srli_epi64((__m256i)clo, 32), (__m256i)chi, 0xaa);
    __m256i se = _mm256_add_epi64(pe, ce), so = _mm256_add_epi64(po, co);

    *lo = (Vec)_mm256_blend_epi32(se, _mm256_slli_epi64(so, 32), 0xaa);
    *hi = (Vec)_mm256_blend_epi32(_mm256_srli_epi64(se, 32), so, 0xaa);
#else
    for (unsigned k = 0; k < CHUNK; k++) {
        uint64_t p = sgn ? (uint64_t)((int64_t)(int32_t)a[k] * (int32_t)b[k])
                         : (uint64_t)a[k] * b[k];
        uint64_t v = p + ((uint64_t)chi[k] << 32 | clo[k]);

        (*lo)[k] = (uint32_t)v;
        (*hi)[k] = (uint32_t)(v >> 32);
    }
#endif
}

/*
 * IMAD.WIDE(.U32) without carry-out: {d+1:d} = a * b + {c+1:c}, c a
 * register pair or a U-shaped 64-bit value.
 */
#define IMAD_WIDE(B, C, S)                                                  \
static __attribute__((noinline)) void                                       \
imad_wide##S##_R##B##C##_masked(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
{                                                                           \
    uint32_t r[LANES], rh[LANES];                                           \
    SRC_R(0);                                                               \
    SRC_##B(1);                                                             \
    WIDE_C_##C;                                                             \
                                                                            \
    if (mask) {                                                             \
        WIDE_LANES(r, rh, B, C, S);                                         \
        nv_sm_write(w, in->dst.reg, r, mask);                               \
        nv_sm_write(w, in->dst.reg + 1u, rh, mask);                         \
    }                                                                       \
}                                                                           \
                                                                            \
static void imad_wide##S##_R##B##C(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
{                                                                           \
    uint32_t *d, *dh;                                                       \
                                                                            \
    if (G_UNLIKELY(mask != NV_SM_ALL_LANES)) {                              \
        imad_wide##S##_R##B##C##_masked(w, in, mask);                       \
        return;                                                             \
    }                                                                       \
    SRC_R(0);                                                               \
    SRC_##B(1);                                                             \
    WIDE_C_##C;                                                             \
    d = nv_sm_wrow(w, in->dst.reg);                                         \
    dh = nv_sm_wrow(w, in->dst.reg + 1u);                                   \
    WIDE_LANES(d, dh, B, C, S);                                             \
}
#define WIDE_LANES(d, dh, B, C, S)                                          \
    for (unsigned q = 0; q < LANES; q += CHUNK) {                           \
        Vec lo, hi;                                                         \
                                                                            \
        mad_wide(CHUNK_R(0, q), CHUNK_##B(1, q), WIDE_CHUNK_##C(c0, q),     \
                 WIDE_CHUNK_##C(c1, q), #S[1] == 's', &lo, &hi);            \
        *(VecMem *)((d) + q) = lo;                                          \
        *(VecMem *)((dh) + q) = hi;                                         \
    }
#define WIDE_C_R                                                            \
    const uint32_t *c0 = nv_sm_rrow(w, in->src[2].reg);                     \
    const uint32_t *c1 = nv_sm_rrow(w, in->src[2].reg == NV_SASS_RZ ? NV_SASS_RZ : in->src[2].reg + 1u)
#define WIDE_C_U                                                            \
    uint32_t c0, c1;                                                        \
    if (G_UNLIKELY(!uniform_src(w, &in->src[2], 0, &c0) ||                  \
                   !uniform_src(w, &in->src[2], 4, &c1))) {                 \
        general(w, in, mask);                                               \
        return;                                                             \
    }
#define WIDE_CHUNK_R(c, q)  (*(const VecMem *)((c) + (q)))
#define WIDE_CHUNK_U(c, q)  ((Vec){ 0 } + (c))
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
    uint32_t t = 0, acc;                                                    \
    SRC_R(0);                                                               \
    SRC_##B(1);                                                             \
                                                                            \
    for (unsigned q = 0; q < LANES; q += CHUNK) {                           \
        Vec x = CHUNK_R(0, q) ^ flip, y = CHUNK_##B(1, q) ^ flip;           \
        Vec v = ((Vec)(x < y) & want_lt) | ((Vec)(x == y) & want_eq) | ((Vec)(x > y) & want_gt); \
                                                                            \
        t |= chunk_bits(v) << q;                                            \
    }                                                                       \
    if (!mask) {                                                            \
        return;                                                             \
    }                                                                       \
    acc = nv_sm_pred(w, in->psrc[0]);                                       \
    nv_sm_set_pred(w, in->pdst[0], bool_result(m->bool_op, t, acc), mask);  \
    nv_sm_set_pred(w, in->pdst[1], bool_result(m->bool_op, ~t, acc), mask); \
}

/* The lane mask of a chunk whose lanes are 0 or all ones. */
static inline uint32_t chunk_bits(Vec v)
{
#if defined(__AVX2__)
    return (uint32_t)_mm256_movemask_ps((__m256)v);
#elif defined(__SSE2__)
    return (uint32_t)_mm_movemask_ps((__m128)v);
#else
    uint32_t m = 0;

    for (unsigned k = 0; k < CHUNK; k++) {
        m |= (v[k] & 1) << k;
    }
    return m;
#endif
}

/* PTX BoolOp on lane masks (as int-alu.h's bool_s). */
static inline uint32_t bool_result(unsigned op, uint32_t t, uint32_t acc)
{
    return op == NV_SASS_BOOL_AND ? t & acc : op == NV_SASS_BOOL_OR ? t | acc : t ^ acc;
}

ISETP(R)
ISETP(U)

/* The lanes q..q+CHUNK-1 of lane mask m as a chunk of 0 and 1. */
static inline Vec mask_chunk(uint32_t m, unsigned q)
{
    Vec bit = { 0 };

    for (unsigned k = 0; k < CHUNK; k++) {
        bit[k] = 1u << k;
    }
    return (Vec)((((Vec){ 0 } + (m >> q)) & bit) != 0) & 1u;
}

/*
 * IADD3 with its carries (the low word of a 64-bit add: carry-out into
 * P/P', .X adding the carry-in predicates), no modifiers: d = a + b + c
 * (+ cin0 + cin1), the first predicate where the sum carried, the second
 * where it carried twice.
 */
#define IADD3_CARRY(B, C)                                                   \
static void iadd3c_R##B##C(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
{                                                                           \
    uint32_t r[LANES], p0 = 0, p1 = 0, cin0 = 0, cin1 = 0;                  \
    uint32_t *d = mask == NV_SM_ALL_LANES ? nv_sm_wrow(w, in->dst.reg) : r; \
    SRC_R(0);                                                               \
    SRC_##B(1);                                                             \
    SRC_##C(2);                                                             \
                                                                            \
    if (in->mod.i.x) {                                                      \
        cin0 = nv_sm_pred(w, in->psrc[0]);                                  \
        cin1 = nv_sm_pred(w, in->psrc[1]);                                  \
    }                                                                       \
    for (unsigned q = 0; q < LANES; q += CHUNK) {                           \
        Vec x = CHUNK_R(0, q), y = CHUNK_##B(1, q), z = CHUNK_##C(2, q);    \
        Vec ab = x + y, abc = ab + z;                                       \
        Vec sum = abc + mask_chunk(cin0, q) + mask_chunk(cin1, q);          \
        /* each compare is -1 where that step wrapped (the carry-in adds at most 2) */ \
        Vec n = -((Vec)(ab < x) + (Vec)(abc < ab) + (Vec)(sum < abc));      \
                                                                            \
        *(VecMem *)(d + q) = sum;                                           \
        p0 |= chunk_bits((Vec)(n >= 1)) << q;                               \
        p1 |= chunk_bits((Vec)(n >= 2)) << q;                               \
    }                                                                       \
    if (!mask) {                                                            \
        return;                                                             \
    }                                                                       \
    if (d == r) {                                                           \
        nv_sm_write(w, in->dst.reg, r, mask);                               \
    }                                                                       \
    nv_sm_set_pred(w, in->pdst[0], p0, mask);                               \
    nv_sm_set_pred(w, in->pdst[1], p1, mask);                               \
}
IADD3_CARRY(R, R)
IADD3_CARRY(U, R)
IADD3_CARRY(R, U)
IADD3_CARRY(U, U)

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

/* .FTZ: denormal sources and results are zeros of their sign */
#ifdef NV_SM_VARIANT
FAST3_SHAPES(ffma_ftz, ftz(canon(fma_lanes(f32(ftz(x)), f32(ftz(y)), f32(ftz(z))))))
#endif
FAST2_SHAPES(fadd_ftz, ftz(canon(f32(ftz(x)) + f32(ftz(y)))))
FAST2_SHAPES(fmul_ftz, ftz(canon(f32(ftz(x)) * f32(ftz(y)))))

/* Round to nearest, no saturation or .FMZ (.FTZ has forms of its own). */
static bool float_plain(const NvSassModFloat *m)
{
    return !m->rnd && !m->sat && !m->fmz;
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
        if (!plain3(in)) {
            return NULL;
        }
        if (!mi->x && pred_discarded(in->pdst[0]) && pred_discarded(in->pdst[1])) {
            return FAST3_PICK(iadd3, in);
        }
        return FAST3_PICK(iadd3c, in);
    case NV_SASS_OP_LOP3:
        return plain3(in) ? fast_lop3(in) : NULL;
    case NV_SASS_OP_SHF:
        return plain3(in) ? fast_shf(in) : NULL;
#ifdef NV_SM_VARIANT
    /* the baseline build's general FFMA picks the host's fma at run time */
    case NV_SASS_OP_FFMA:
        if (!plain3(in) || !float_plain(&in->mod.f)) {
            return NULL;
        }
        return in->mod.f.ftz ? FAST3_PICK(ffma_ftz, in) : FAST3_PICK(ffma, in);
#endif
    case NV_SASS_OP_FADD:
        if (!plain2(in) || !float_plain(&in->mod.f)) {
            return NULL;
        }
        return in->mod.f.ftz ? FAST2_PICK(fadd_ftz, in) : FAST2_PICK(fadd, in);
    case NV_SASS_OP_FMUL:
        if (!plain2(in) || !float_plain(&in->mod.f) || in->mod.f.pdiv != 4) {
            return NULL;
        }
        return in->mod.f.ftz ? FAST2_PICK(fmul_ftz, in) : FAST2_PICK(fmul, in);
    default:
        return NULL;
    }
}
