/*
 * The integer ALU's semantics for one lane, shared by the vector executors
 * (exec-int.c, a loop over the 32 lanes into a local array, written back
 * under the lane mask) and their uniform twins (exec-uniform.c, once per
 * warp on URs / uniform predicates): every operation is written once.
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
#ifndef HW_NVIDIA_SM_INT_ALU_H
#define HW_NVIDIA_SM_INT_ALU_H

#include "sm-internal.h"

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

/* The modified a operand of LEA: ~a (.X) or -a. */
static inline uint32_t lea_a(const NvSassOperand *o, uint32_t a)
{
    if (has_mod(o, NV_SASS_MOD_NOT)) {
        return ~a;
    }
    return has_mod(o, NV_SASS_MOD_NEG) ? 0u - a : a;
}

/* For sub-forms whose behaviour is not known: stop rather than guess. */
static inline void illegal(NvSmWarp *w, uint32_t mask)
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

#endif
