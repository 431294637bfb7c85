/*
 * SM executors: integer ALU, predicate logic and their uniform twins.
 *
 * Every operation is written once as a scalar inline function (the hardware
 * semantics of one lane) used by the vector executor (a loop over the 32
 * lanes into a local array, written back under the lane mask) and by the
 * uniform executor (once per warp, on URs / uniform predicates).
 *
 * Semantics sources: Mesa NAK's constant folders (checked by NAK against
 * real hardware: IADD3 carries, ISETP.EX, SHF, FLO, PRMT index mode, LOP3),
 * PTX ISA definitions of the instructions ptxas maps 1:1 onto these ops
 * (bmsk, szext, prmt modes, lop3.BoolOp, dp4a/dp2a, bfind, cvt.sat) and the
 * way ptxas uses them (e.g. FLO.SH of 0 is -1, SHF.R.S64 by >= 64 fills
 * with the sign, IMAD.HI/WIDE add a 64-bit register pair and carry out of
 * bit 64). Sub-forms whose behaviour is not known (a predicate result of
 * FLO / R2UR) raise an illegal-instruction error instead of guessing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

#define LANES NV_SM_LANES

/* ---- operand helpers ---- */

static inline bool has_mod(const NvSassOperand *o, uint8_t mod)
{
    return (o->mods & mod) != 0;
}

/* Bitwise complement mask for a NOT-ed source. */
static inline uint32_t not_mask(const NvSassOperand *o)
{
    return has_mod(o, NV_SASS_MOD_NOT) ? UINT32_MAX : 0;
}

/* The upper word of a uniform 64-bit source (UR pair, cbuf + 4, imm: 0). */
static uint32_t usrc_hi(NvSmWarp *w, const NvSassOperand *o)
{
    uint32_t tmp[LANES];

    if (o->kind == NV_SASS_OPND_UREG || o->kind == NV_SASS_OPND_CBUF) {
        return nv_sm_src_hi(w, o, tmp)[0];
    }
    return 0;
}

static inline bool upred(const NvSmWarp *w, NvSassPred p)
{
    return nv_sm_pred(w, p) != 0;
}

static inline void set_upred(NvSmWarp *w, NvSassPred p, bool v)
{
    nv_sm_set_pred(w, p, v ? NV_SM_ALL_LANES : 0, NV_SM_ALL_LANES);
}

static void illegal(NvSmWarp *w, uint32_t mask)
{
    nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, w->pc, false, mask ? __builtin_ctz(mask) : 0);
}

/* ---- scalar semantics ---- */

/* LOP3 truth table: bit (a << 2 | b << 1 | c) of lut, per bit position. */
static inline uint32_t lop3_s(unsigned lut, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 0;

    r |= (0u - ((lut >> 0) & 1)) & (~a & ~b & ~c);
    r |= (0u - ((lut >> 1) & 1)) & (~a & ~b & c);
    r |= (0u - ((lut >> 2) & 1)) & (~a & b & ~c);
    r |= (0u - ((lut >> 3) & 1)) & (~a & b & c);
    r |= (0u - ((lut >> 4) & 1)) & (a & ~b & ~c);
    r |= (0u - ((lut >> 5) & 1)) & (a & ~b & c);
    r |= (0u - ((lut >> 6) & 1)) & (a & b & ~c);
    r |= (0u - ((lut >> 7) & 1)) & (a & b & c);
    return r;
}

/* PTX BoolOp on lane masks. */
static inline uint32_t bool_s(unsigned op, uint32_t t, uint32_t acc)
{
    return op == NV_SASS_BOOL_AND ? t & acc : op == NV_SASS_BOOL_OR ? t | acc : t ^ acc;
}

/*
 * ISETP: cmp is a mask of LT (1), EQ (2), GT (4). .EX chains a 64-bit
 * compare: where the high words are equal the low words' result decides.
 */
static inline bool isetp_s(unsigned cmp, bool sgn, bool ex, uint32_t a, uint32_t b, bool low)
{
    bool lt = sgn ? (int32_t)a < (int32_t)b : a < b;
    bool eq = a == b;
    bool gt = !lt && !eq;

    return ((cmp & 1) && lt) || ((cmp & 4) && gt) || (eq && (ex ? low : (cmp & 2) != 0));
}

/* SHF: funnel shift of {hi:lo}; type 0 S64, 1 U64, 2 S32, 3 U32. */
static inline uint32_t shf_s(unsigned type, bool wrap, bool right, bool dst_hi,
                             uint32_t lo, uint32_t sh, uint32_t hi)
{
    unsigned bits = type < 2 ? 64 : 32;
    unsigned s = wrap ? (sh & (bits - 1)) : (sh < bits ? sh : bits);
    uint64_t x = (uint64_t)hi << 32 | lo;
    uint64_t r;

    if (right) {
        if (type == 0 || type == 2) {
            r = (uint64_t)((int64_t)x >> (s < 64 ? s : 63));
        } else {
            r = s < 64 ? x >> s : 0;
        }
    } else {
        r = s < 64 ? x << s : 0;
    }
    return dst_hi ? (uint32_t)(r >> 32) : (uint32_t)r;
}

/* PRMT byte select (mode 0) and the fixed-pattern modes (F4E..RC16). */
static inline uint32_t prmt_s(unsigned mode, uint32_t a, uint32_t sel, uint32_t b)
{
    static const uint16_t pattern[6][4] = {
        /* byte indices for d.b0..d.b3, nibble each (b0 lowest), per sel & 3 */
        { 0x3210, 0x4321, 0x5432, 0x6543 },     /* F4E */
        { 0x5670, 0x6701, 0x7012, 0x0123 },     /* B4E */
        { 0x0000, 0x1111, 0x2222, 0x3333 },     /* RC8 */
        { 0x3210, 0x3211, 0x3222, 0x3333 },     /* ECL */
        { 0x0000, 0x1110, 0x2210, 0x3210 },     /* ECR */
        { 0x1010, 0x3232, 0x1010, 0x3232 },     /* RC16 */
    };
    uint64_t x = (uint64_t)b << 32 | a;
    unsigned s = mode == 0 ? sel & 0xffff : pattern[(mode - 1) % 6][sel & 3];
    uint32_t r = 0;

    for (unsigned i = 0; i < 4; i++) {
        unsigned n = (s >> (4 * i)) & 0xf;
        uint32_t byte = (uint32_t)(x >> (8 * (n & 7))) & 0xff;

        if (mode == 0 && (n & 8)) {
            byte = (byte & 0x80) ? 0xff : 0;
        }
        r |= byte << (8 * i);
    }
    return r;
}

/* SGXT (PTX szext): sign- or zero-extend the low b bits of a. */
static inline uint32_t sgxt_s(bool sgn, bool wrap, uint32_t a, uint32_t b)
{
    unsigned n = b & 31;
    bool too_large = !wrap && b >= 32;
    uint32_t m = too_large ? 0 : UINT32_MAX << n;
    bool sign = sgn && n != 0 && !too_large && ((a >> ((n - 1) & 31)) & 1);

    return (a & ~m) | (sign ? m : 0);
}

/* BMSK (PTX bmsk): b one bits starting at bit a. */
static inline uint32_t bmsk_s(bool wrap, uint32_t a, uint32_t b)
{
    unsigned pos = a & 31, width = b & 31, sum = pos + width;
    uint32_t m0 = UINT32_MAX << pos;
    uint32_t m1 = sum < 32 ? UINT32_MAX << sum : 0;
    bool over = sum >= 32;

    if (!wrap) {
        if (a >= 32) {
            m0 = 0;
            over = true;
        }
        if (b >= 32) {
            over = true;
        }
    }
    if (over) {
        m1 = 0;
    } else if (width == 0) {
        m1 = UINT32_MAX;
    }
    return m0 & ~m1;
}

/* FLO: index of the highest bit differing from the sign (signed) or set;
 * .SH: 31 - index. No such bit: 0xffffffff in both modes. */
static inline uint32_t flo_s(bool sgn, bool sh, uint32_t x)
{
    uint32_t v = sgn && (x >> 31) ? ~x : x;
    uint32_t idx;

    if (v == 0) {
        return UINT32_MAX;
    }
    idx = 31 - (uint32_t)__builtin_clz(v);
    return sh ? 31 - idx : idx;
}

static inline uint32_t brev_s(uint32_t x)
{
    x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
    x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
    x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
    x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
    return x >> 16 | x << 16;
}

static inline uint32_t popc_s(uint32_t x)
{
    return (uint32_t)__builtin_popcount(x);
}

static inline uint32_t iabs_s(uint32_t x)
{
    return (x >> 31) ? 0u - x : x;
}

static inline uint32_t imnmx_s(bool sgn, bool min, uint32_t a, uint32_t b)
{
    bool lt = sgn ? (int32_t)a < (int32_t)b : a < b;

    return lt == min ? a : b;
}

/*
 * IADD3: a + b + c with the modifiers already applied as (x ^ inv) + one;
 * non-.X negation is the literal two's complement ~x + 1 (so -0 carries).
 * Returns the 34-bit sum; carries: bit 32 set or higher (P0), >= 2^33 (P1).
 */
static inline uint64_t iadd3_s(uint32_t a, uint32_t b, uint32_t c, uint32_t k)
{
    return (uint64_t)a + b + c + k;
}

/* LEA: (a << s) + b (+ cin); .HI: b + hi32({c:a} << s) (+ cin). Carry in bit 32. */
static inline uint64_t lea_s(bool hi, unsigned s, uint32_t a, uint32_t b, uint32_t c, uint32_t cin)
{
    uint32_t sh = hi ? (uint32_t)((((uint64_t)c << 32) | a) << (s & 31) >> 32) : a << (s & 31);

    return (uint64_t)sh + b + cin;
}

/* 64-bit multiply of 32-bit sources. */
static inline uint64_t mul64_s(bool sgn, uint32_t a, uint32_t b)
{
    return sgn ? (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b) : (uint64_t)a * b;
}

/* a*b + c + cin on 64 bits, *carry = bit 64 of the unsigned sum. */
static inline uint64_t mad64_s(uint64_t p, uint64_t c, uint32_t cin, uint32_t *carry)
{
    uint64_t s = p + c;
    uint64_t t = s + cin;

    *carry = (s < p) | (t < s);
    return t;
}

/* IDP.4A / IDP.2A: dot products of bytes (and halves) plus c. */
static inline uint32_t idp_s(bool four, bool hi, bool as, bool bs, uint32_t a, uint32_t b, uint32_t c)
{
    int64_t acc = 0;

    if (four) {
        for (unsigned i = 0; i < 4; i++) {
            uint32_t x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff;
            int32_t xs = as ? (int32_t)(int8_t)x : (int32_t)x;
            int32_t ys = bs ? (int32_t)(int8_t)y : (int32_t)y;

            acc += (int64_t)xs * ys;
        }
    } else {
        for (unsigned i = 0; i < 2; i++) {
            uint32_t x = (a >> (16 * i)) & 0xffff, y = (b >> (8 * (i + (hi ? 2 : 0)))) & 0xff;
            int32_t xs = as ? (int32_t)(int16_t)x : (int32_t)x;
            int32_t ys = bs ? (int32_t)(int8_t)y : (int32_t)y;

            acc += (int64_t)xs * ys;
        }
    }
    return (uint32_t)((uint64_t)acc + c);
}

/* I2I.{U8,S8,U16,S16}.S32.SAT: saturate a signed 32-bit value. */
static inline uint32_t i2i_s(unsigned dst_bytes, bool dst_signed, uint32_t x)
{
    int32_t v = (int32_t)x;
    int32_t lo, hi;

    if (dst_bytes == 0) {
        lo = dst_signed ? -128 : 0;
        hi = dst_signed ? 127 : 255;
    } else {
        lo = dst_signed ? -32768 : 0;
        hi = dst_signed ? 32767 : 65535;
    }
    v = v < lo ? lo : v > hi ? hi : v;
    return (uint32_t)v;
}

/* P2R: predicate bits P0..P6 into byte n of a, where mask selects. */
static inline uint32_t p2r_s(unsigned byte, uint32_t pr, uint32_t a, uint32_t mask)
{
    uint32_t m = (mask & 0x7f) << (8 * byte);

    return (a & ~m) | ((pr << (8 * byte)) & m);
}

/* ---- MOV, SEL ---- */

static void exec_mov(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t[LANES];
    const uint32_t *b = nv_sm_src(w, &in->src[0], t);

    if (mask) {
        nv_sm_write(w, in->dst.reg, b, mask);
    }
}

static void exec_sel(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], r[LANES];
    const uint32_t *a, *b;
    uint32_t p;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    p = nv_sm_pred(w, in->psrc[0]);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = (p >> l) & 1 ? a[l] : b[l];
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- ISETP ---- */

static void exec_isetp(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t ta[LANES], tb[LANES], tv[LANES];
    const uint32_t *a, *b;
    uint32_t low, acc, t = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    acc = nv_sm_pred(w, in->psrc[0]);
    low = m->ex ? nv_sm_pred(w, in->psrc[1]) : 0;
    for (unsigned l = 0; l < LANES; l++) {
        tv[l] = isetp_s(m->cmp, m->is_signed, m->ex, a[l], b[l], (low >> l) & 1);
    }
    for (unsigned l = 0; l < LANES; l++) {
        t |= tv[l] << l;
    }
    nv_sm_set_pred(w, in->pdst[0], bool_s(m->bool_op, t, acc), mask);
    nv_sm_set_pred(w, in->pdst[1], bool_s(m->bool_op, ~t, acc), mask);
}

/* ---- IADD3 ---- */

static void exec_iadd3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES], carry[LANES];
    const uint32_t *a, *b, *c;
    uint32_t inv[3], k = 0, cin0 = 0, cin1 = 0, p0 = 0, p1 = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, &in->src[2], t2);
    for (unsigned i = 0; i < 3; i++) {
        bool neg = has_mod(&in->src[i], NV_SASS_MOD_NEG) || has_mod(&in->src[i], NV_SASS_MOD_NOT);

        inv[i] = neg ? UINT32_MAX : 0;
        k += has_mod(&in->src[i], NV_SASS_MOD_NEG);
    }
    if (in->mod.i.x) {
        cin0 = nv_sm_pred(w, in->psrc[0]);
        cin1 = nv_sm_pred(w, in->psrc[1]);
    }
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t s = iadd3_s(a[l] ^ inv[0], b[l] ^ inv[1], c[l] ^ inv[2],
                             k + ((cin0 >> l) & 1) + ((cin1 >> l) & 1));

        r[l] = (uint32_t)s;
        carry[l] = (uint32_t)(s >> 32);
    }
    /* carries as lane masks only when some predicate takes them */
    if (in->pdst[0].index != NV_SASS_PT || in->pdst[1].index != NV_SASS_PT) {
        for (unsigned l = 0; l < LANES; l++) {
            p0 |= (uint32_t)(carry[l] >= 1) << l;
            p1 |= (uint32_t)(carry[l] >= 2) << l;
        }
    }
    nv_sm_write(w, in->dst.reg, r, mask);
    nv_sm_set_pred(w, in->pdst[0], p0, mask);
    nv_sm_set_pred(w, in->pdst[1], p1, mask);
}

/* ---- LEA ---- */

/* The modified a operand of LEA: ~a (.X) or -a. */
static inline uint32_t lea_a(const NvSassOperand *o, uint32_t a)
{
    if (has_mod(o, NV_SASS_MOD_NOT)) {
        return ~a;
    }
    return has_mod(o, NV_SASS_MOD_NEG) ? 0u - a : a;
}

static void exec_lea(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *b, *c = NULL;
    uint32_t binv = not_mask(&in->src[1]), bneg = has_mod(&in->src[1], NV_SASS_MOD_NEG);
    uint32_t cin = 0, p = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    if (m->hi && !m->is_signed) {
        c = nv_sm_src(w, &in->src[2], t2);
    }
    if (m->x) {
        cin = nv_sm_pred(w, in->psrc[0]);
    }
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t av = lea_a(&in->src[0], a[l]);
        uint32_t bv = bneg ? 0u - b[l] : b[l] ^ binv;
        uint32_t cv = c ? c[l] : (uint32_t)((int32_t)av >> 31);
        uint64_t s = lea_s(m->hi, m->shift, av, bv, cv, (cin >> l) & 1);

        r[l] = (uint32_t)s;
        p |= (uint32_t)(s >> 32) << l;
    }
    nv_sm_write(w, in->dst.reg, r, mask);
    nv_sm_set_pred(w, in->pdst[0], p, mask);
}

/* ---- LOP3, PLOP3 ---- */

static void exec_lop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *b, *c;
    uint32_t nz = 0, q;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = lop3_s(m->lut, a[l], b[l], c[l]);
    }
    for (unsigned l = 0; l < LANES; l++) {
        nz |= (uint32_t)(r[l] != 0) << l;
    }
    q = nv_sm_pred(w, in->psrc[0]);
    nv_sm_write(w, in->dst.reg, r, mask);
    /* PTX lop3.{or,and}: p = (d != 0) BoolOp q */
    nv_sm_set_pred(w, in->pdst[0], m->pand ? nz & q : nz | q, mask);
}

static void exec_plop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t a = nv_sm_pred(w, in->psrc[0]);
    uint32_t b = nv_sm_pred(w, in->psrc[1]);
    uint32_t c = nv_sm_pred(w, in->psrc[2]);
    uint32_t r0 = lop3_s(in->mod.i.lut, a, b, c), r1 = lop3_s(in->mod.i.lut2, a, b, c);

    nv_sm_set_pred(w, in->pdst[0], r0, mask);
    nv_sm_set_pred(w, in->pdst[1], r1, mask);
}

/* ---- unary ops: IABS, POPC, BREV, FLO ---- */

#define UNARY_EXEC(name, expr)                                              \
static void exec_##name(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)   \
{                                                                           \
    uint32_t t[LANES], r[LANES];                                            \
    const uint32_t *s;                                                      \
    uint32_t inv;                                                           \
                                                                            \
    if (!mask) {                                                            \
        return;                                                             \
    }                                                                       \
    s = nv_sm_src(w, &in->src[0], t);                                       \
    inv = not_mask(&in->src[0]);                                            \
    (void)inv;                                                              \
    for (unsigned l = 0; l < LANES; l++) {                                  \
        uint32_t x = s[l];                                                  \
        r[l] = (expr);                                                      \
    }                                                                       \
    nv_sm_write(w, in->dst.reg, r, mask);                                   \
}

UNARY_EXEC(iabs, iabs_s(x))
UNARY_EXEC(popc, popc_s(x ^ inv))
UNARY_EXEC(brev, brev_s(x))
UNARY_EXEC(flo_body, flo_s(in->mod.i.is_signed, in->mod.i.sh, x ^ inv))

static void exec_flo(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    /* what FLO's predicate result means is not known */
    if (in->pdst[0].index != NV_SASS_PT) {
        if (mask) {
            illegal(w, mask);
        }
        return;
    }
    exec_flo_body(w, in, mask);
}

/* ---- PRMT, IMNMX, SGXT, BMSK, SHF ---- */

static void exec_prmt(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *s, *b;
    unsigned mode = in->mod.i.prmt_mode;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    s = nv_sm_src(w, &in->src[1], t1);
    b = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = prmt_s(mode, a[l], s[l], b[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_imnmx(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], r[LANES];
    const uint32_t *a, *b;
    uint32_t p;
    bool sgn = in->mod.i.is_signed;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    p = nv_sm_pred(w, in->psrc[0]);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = imnmx_s(sgn, (p >> l) & 1, a[l], b[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* |a - b| + c, wrapping at 32 bits like PTX sad */
static void exec_vabsdiff(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], tc[LANES], r[LANES];
    const uint32_t *a, *b, *c;
    bool sgn = in->mod.i.is_signed;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    c = nv_sm_src(w, &in->src[2], tc);
    for (unsigned l = 0; l < LANES; l++) {
        bool a_less = sgn ? (int32_t)a[l] < (int32_t)b[l] : a[l] < b[l];

        r[l] = (a_less ? b[l] - a[l] : a[l] - b[l]) + c[l];
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

#define BINARY_EXEC(name, expr)                                             \
static void exec_##name(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)   \
{                                                                           \
    uint32_t ta[LANES], tb[LANES], r[LANES];                                \
    const uint32_t *a, *b;                                                  \
                                                                            \
    if (!mask) {                                                            \
        return;                                                             \
    }                                                                       \
    a = nv_sm_src(w, &in->src[0], ta);                                      \
    b = nv_sm_src(w, &in->src[1], tb);                                      \
    for (unsigned l = 0; l < LANES; l++) {                                  \
        r[l] = (expr);                                                      \
    }                                                                       \
    nv_sm_write(w, in->dst.reg, r, mask);                                   \
}

BINARY_EXEC(sgxt, sgxt_s(in->mod.i.is_signed, in->mod.i.wrap, a[l], b[l]))
BINARY_EXEC(bmsk, bmsk_s(in->mod.i.wrap, a[l], b[l]))

static void exec_shf(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *lo, *sh, *hi;

    if (!mask) {
        return;
    }
    lo = nv_sm_src(w, &in->src[0], t0);
    sh = nv_sm_src(w, &in->src[1], t1);
    hi = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = shf_s(m->shf_type, m->wrap, m->right, m->hi, lo[l], sh[l], hi[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- IMAD (plain, .WIDE, .HI), IDP ---- */

static void exec_imad(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], t3[LANES], r[LANES], rh[LANES];
    const uint32_t *a, *b, *c, *ch;
    const NvSassOperand *co = &in->src[2];
    bool neg = has_mod(co, NV_SASS_MOD_NEG);
    uint32_t inv = neg || has_mod(co, NV_SASS_MOD_NOT) ? UINT32_MAX : 0;
    uint32_t cin = 0, p = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, co, t2);
    if (m->x) {
        cin = nv_sm_pred(w, in->psrc[0]);
    }
    if (!m->wide && !m->hi) {
        for (unsigned l = 0; l < LANES; l++) {
            r[l] = a[l] * b[l] + (c[l] ^ inv) + neg + ((cin >> l) & 1);
        }
        nv_sm_write(w, in->dst.reg, r, mask);
        return;
    }
    /* the 64-bit forms add the register pair {c+1:c} */
    ch = nv_sm_src_hi(w, co, t3);
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t c64 = ((uint64_t)(ch[l] ^ inv) << 32 | (c[l] ^ inv));
        uint32_t carry;
        uint64_t s = mad64_s(mul64_s(m->is_signed, a[l], b[l]), c64,
                             neg + ((cin >> l) & 1), &carry);

        r[l] = (uint32_t)s;
        rh[l] = (uint32_t)(s >> 32);
        p |= carry << l;
    }
    if (m->wide) {
        nv_sm_write(w, in->dst.reg, r, mask);
        nv_sm_write(w, in->dst.reg + 1u, rh, mask);
    } else {
        nv_sm_write(w, in->dst.reg, rh, mask);
    }
    nv_sm_set_pred(w, in->pdst[0], p, mask);
}

static void exec_idp(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *b, *c;
    bool neg = has_mod(&in->src[2], NV_SASS_MOD_NEG);

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = idp_s(m->idp_4a, m->idp_hi, m->is_signed, m->b_signed, a[l], b[l],
                     neg ? 0u - c[l] : c[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- P2R, R2P, I2I ---- */

static uint32_t pr_bits(const NvSmWarp *w, unsigned lane)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < 7; i++) {
        v |= ((w->p[i] >> lane) & 1) << i;
    }
    return v;
}

static void exec_p2r(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tm[LANES], r[LANES];
    const uint32_t *a, *m;
    unsigned byte = in->mod.i.prmt_mode & 3;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    m = nv_sm_src(w, &in->src[1], tm);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = p2r_s(byte, pr_bits(w, l), a[l], m[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_r2p(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tm[LANES], val[7] = { 0 }, sel[7] = { 0 };
    const uint32_t *a, *m;
    unsigned shift = 8 * (in->mod.i.prmt_mode & 3);

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    m = nv_sm_src(w, &in->src[1], tm);
    for (unsigned l = 0; l < LANES; l++) {
        for (unsigned i = 0; i < 7; i++) {
            val[i] |= ((a[l] >> (shift + i)) & 1) << l;
            sel[i] |= ((m[l] >> i) & 1) << l;
        }
    }
    for (unsigned i = 0; i < 7; i++) {
        uint32_t lanes = sel[i] & mask;

        w->p[i] = (w->p[i] & ~lanes) | (val[i] & lanes);
    }
}

static void exec_i2i(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t[LANES], r[LANES];
    const uint32_t *s;
    unsigned bytes = in->mod.cvt.dst_bytes;
    bool sgn = in->mod.cvt.dst_signed;

    if (!mask) {
        return;
    }
    s = nv_sm_src(w, &in->src[0], t);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = i2i_s(bytes, sgn, s[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- uniform datapath ---- */

static inline uint32_t usrc(NvSmWarp *w, const NvSassInsn *in, unsigned i)
{
    return nv_sm_src_uniform(w, &in->src[i]);
}

static inline void set_udst(NvSmWarp *w, const NvSassInsn *in, uint32_t v)
{
    nv_sm_set_ureg(w, in->dst.reg, v);
}

static void exec_umov(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, usrc(w, in, 0));
    }
}

static void exec_usel(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, upred(w, in->psrc[0]) ? usrc(w, in, 0) : usrc(w, in, 1));
    }
}

static void exec_uisetp(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t, acc;

    if (!mask) {
        return;
    }
    t = isetp_s(m->cmp, m->is_signed, m->ex, usrc(w, in, 0), usrc(w, in, 1),
                m->ex && upred(w, in->psrc[1])) ? 1 : 0;
    acc = upred(w, in->psrc[0]) ? 1 : 0;
    set_upred(w, in->pdst[0], bool_s(m->bool_op, t, acc) & 1);
    set_upred(w, in->pdst[1], bool_s(m->bool_op, t ^ 1, acc) & 1);
}

static void exec_uiadd3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t v[3], k = 0;
    uint64_t s;

    if (!mask) {
        return;
    }
    for (unsigned i = 0; i < 3; i++) {
        const NvSassOperand *o = &in->src[i];

        v[i] = usrc(w, in, i);
        if (has_mod(o, NV_SASS_MOD_NEG) || has_mod(o, NV_SASS_MOD_NOT)) {
            v[i] = ~v[i];
        }
        k += has_mod(o, NV_SASS_MOD_NEG);
    }
    if (in->mod.i.x) {
        k += upred(w, in->psrc[0]) + upred(w, in->psrc[1]);
    }
    s = iadd3_s(v[0], v[1], v[2], k);
    set_udst(w, in, (uint32_t)s);
    set_upred(w, in->pdst[0], s >= (UINT64_C(1) << 32));
    set_upred(w, in->pdst[1], s >= (UINT64_C(2) << 32));
}

static void exec_ulea(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    const NvSassOperand *bo = &in->src[1];
    uint32_t a, b, c;
    uint64_t s;

    if (!mask) {
        return;
    }
    a = lea_a(&in->src[0], usrc(w, in, 0));
    b = usrc(w, in, 1);
    b = has_mod(bo, NV_SASS_MOD_NEG) ? 0u - b : b ^ not_mask(bo);
    c = m->hi && !m->is_signed ? usrc(w, in, 2) : (uint32_t)((int32_t)a >> 31);
    s = lea_s(m->hi, m->shift, a, b, c, m->x && upred(w, in->psrc[0]));
    set_udst(w, in, (uint32_t)s);
    set_upred(w, in->pdst[0], s >> 32);
}

static void exec_ulop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t r;
    bool nz, q;

    if (!mask) {
        return;
    }
    r = lop3_s(in->mod.i.lut, usrc(w, in, 0), usrc(w, in, 1), usrc(w, in, 2));
    nz = r != 0;
    q = upred(w, in->psrc[0]);
    set_udst(w, in, r);
    set_upred(w, in->pdst[0], in->mod.i.pand ? nz && q : nz || q);
}

static void exec_uprmt(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, prmt_s(in->mod.i.prmt_mode, usrc(w, in, 0), usrc(w, in, 1),
                               usrc(w, in, 2)));
    }
}

static void exec_ushf(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;

    if (mask) {
        set_udst(w, in, shf_s(m->shf_type, m->wrap, m->right, m->hi, usrc(w, in, 0),
                              usrc(w, in, 1), usrc(w, in, 2)));
    }
}

static void exec_usgxt(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, sgxt_s(in->mod.i.is_signed, in->mod.i.wrap, usrc(w, in, 0),
                               usrc(w, in, 1)));
    }
}

static void exec_ubmsk(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, bmsk_s(in->mod.i.wrap, usrc(w, in, 0), usrc(w, in, 1)));
    }
}

static void exec_uplop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t a, b, c;

    if (!mask) {
        return;
    }
    a = upred(w, in->psrc[0]) ? 1 : 0;
    b = upred(w, in->psrc[1]) ? 1 : 0;
    c = upred(w, in->psrc[2]) ? 1 : 0;
    set_upred(w, in->pdst[0], lop3_s(in->mod.i.lut, a, b, c) & 1);
    set_upred(w, in->pdst[1], lop3_s(in->mod.i.lut2, a, b, c) & 1);
}

static void exec_uimad(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    const NvSassOperand *co = &in->src[2];
    bool neg = has_mod(co, NV_SASS_MOD_NEG);
    uint32_t inv = neg || has_mod(co, NV_SASS_MOD_NOT) ? UINT32_MAX : 0;
    uint32_t a, b, c, cin, carry;
    uint64_t c64, s;

    if (!mask) {
        return;
    }
    a = usrc(w, in, 0);
    b = usrc(w, in, 1);
    c = usrc(w, in, 2);
    cin = m->x && upred(w, in->psrc[0]);
    if (!m->wide && !m->hi) {
        set_udst(w, in, a * b + (c ^ inv) + neg + cin);
        return;
    }
    c64 = (uint64_t)(usrc_hi(w, co) ^ inv) << 32 | (c ^ inv);
    s = mad64_s(mul64_s(m->is_signed, a, b), c64, neg + cin, &carry);
    if (m->wide) {
        set_udst(w, in, (uint32_t)s);
        nv_sm_set_ureg(w, in->dst.reg + 1u, (uint32_t)(s >> 32));
    } else {
        set_udst(w, in, (uint32_t)(s >> 32));
    }
    set_upred(w, in->pdst[0], carry);
}

static void exec_uflo(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (!mask) {
        return;
    }
    if (in->pdst[0].index != NV_SASS_PT) {
        illegal(w, mask);
        return;
    }
    set_udst(w, in, flo_s(in->mod.i.is_signed, in->mod.i.sh,
                          usrc(w, in, 0) ^ not_mask(&in->src[0])));
}

static void exec_ubrev(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, brev_s(usrc(w, in, 0)));
    }
}

static void exec_upopc(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, popc_s(usrc(w, in, 0) ^ not_mask(&in->src[0])));
    }
}

/* R2UR: the value of the first executing lane (the compiler knows it is uniform). */
static void exec_r2ur(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (!mask) {
        return;
    }
    if (in->pdst[0].index != NV_SASS_PT) {
        illegal(w, mask);
        return;
    }
    set_udst(w, in, nv_sm_rrow(w, in->src[0].reg)[__builtin_ctz(mask)]);
}

/* ---- executors by opcode (exec-table.c) ---- */

NV_SM_EXECUTOR(MOV, exec_mov)
NV_SM_EXECUTOR(SEL, exec_sel)
NV_SM_EXECUTOR(ISETP, exec_isetp)
NV_SM_EXECUTOR(IADD3, exec_iadd3)
NV_SM_EXECUTOR(LEA, exec_lea)
NV_SM_EXECUTOR(LOP3, exec_lop3)
NV_SM_EXECUTOR(IABS, exec_iabs)
NV_SM_EXECUTOR(PRMT, exec_prmt)
NV_SM_EXECUTOR(IMNMX, exec_imnmx)
NV_SM_EXECUTOR(VABSDIFF, exec_vabsdiff)
NV_SM_EXECUTOR(SGXT, exec_sgxt)
NV_SM_EXECUTOR(SHF, exec_shf)
NV_SM_EXECUTOR(BMSK, exec_bmsk)
NV_SM_EXECUTOR(PLOP3, exec_plop3)
NV_SM_EXECUTOR(IMAD, exec_imad)
NV_SM_EXECUTOR(IDP, exec_idp)
NV_SM_EXECUTOR(FLO, exec_flo)
NV_SM_EXECUTOR(BREV, exec_brev)
NV_SM_EXECUTOR(POPC, exec_popc)
NV_SM_EXECUTOR(P2R, exec_p2r)
NV_SM_EXECUTOR(R2P, exec_r2p)
NV_SM_EXECUTOR(I2I, exec_i2i)

NV_SM_EXECUTOR(UMOV, exec_umov)
NV_SM_EXECUTOR(USEL, exec_usel)
NV_SM_EXECUTOR(UISETP, exec_uisetp)
NV_SM_EXECUTOR(UIADD3, exec_uiadd3)
NV_SM_EXECUTOR(ULEA, exec_ulea)
NV_SM_EXECUTOR(ULOP3, exec_ulop3)
NV_SM_EXECUTOR(UPRMT, exec_uprmt)
NV_SM_EXECUTOR(USHF, exec_ushf)
NV_SM_EXECUTOR(USGXT, exec_usgxt)
NV_SM_EXECUTOR(UBMSK, exec_ubmsk)
NV_SM_EXECUTOR(UPLOP3, exec_uplop3)
NV_SM_EXECUTOR(UIMAD, exec_uimad)
NV_SM_EXECUTOR(UFLO, exec_uflo)
NV_SM_EXECUTOR(UBREV, exec_ubrev)
NV_SM_EXECUTOR(UPOPC, exec_upopc)
NV_SM_EXECUTOR(R2UR, exec_r2ur)
