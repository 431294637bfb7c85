/*
 * Float bit views, and IEEE binary16 (and the other 5-bit-exponent floats:
 * R11G11B10's) <-> binary32/64 conversions in plain C (the SM and the 3D
 * class share them):
 * clang 14 (the fuzzing and QEMU fuzz builds) has no _Float16 on x86-64.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_F16_H
#define HW_NVIDIA_NV_F16_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline float nv_f32_of(uint32_t v)
{
    float f;

    memcpy(&f, &v, 4);
    return f;
}

static inline uint32_t nv_bits_f32(float f)
{
    uint32_t v;

    memcpy(&v, &f, 4);
    return v;
}

static inline double nv_f64_of(uint64_t v)
{
    double f;

    memcpy(&f, &v, 8);
    return f;
}

static inline uint64_t nv_bits_f64(double f)
{
    uint64_t v;

    memcpy(&v, &f, 8);
    return v;
}

/*
 * Floats with a 5-bit exponent (bias 15) and m mantissa bits, signed
 * (binary16: m = 10) or not (the 11- and 10-bit floats of R11G11B10
 * targets: m = 6, 5): to binary32.
 */
static inline float nv_minifloat_to_f32(uint32_t v, unsigned m, bool is_signed)
{
    uint32_t sign = is_signed ? (v >> (m + 5) & 1) << 31 : 0, exp = (v >> m) & 0x1f;
    uint32_t man = v & ((1u << m) - 1), bits;
    float f;

    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | man << (23 - m);    /* Inf, NaN (payload kept) */
    } else if (exp) {
        bits = sign | (exp + 112) << 23 | man << (23 - m);  /* normal: rebias 15 -> 127 */
    } else if (man) {
        /* denormal: normalise into a binary32 normal */
        exp = 113;
        while (!(man & (1u << m))) {
            man <<= 1;
            exp--;
        }
        bits = sign | exp << 23 | (man & ((1u << m) - 1)) << (23 - m);
    } else {
        bits = sign;
    }
    memcpy(&f, &bits, 4);
    return f;
}

static inline float nv_f16_to_f32(uint16_t h)
{
    return nv_minifloat_to_f32(h, 10, true);
}

/*
 * binary64 -> a float of a 5-bit exponent and m mantissa bits, round to
 * nearest even (one rounding); NaNs stay quiet. Unsigned ones (is_signed
 * false) take negative values and -0 as 0.
 */
static inline uint32_t nv_f64_to_minifloat(double d, unsigned m, bool is_signed)
{
    uint64_t bits, man, rest, half;
    uint32_t sign, r, inf = 0x1fu << m;
    int e;

    memcpy(&bits, &d, 8);
    sign = (uint32_t)(bits >> 63) << (m + 5);
    e = (int)((bits >> 52) & 0x7ff);
    man = bits & ((1ull << 52) - 1);
    if (e == 0x7ff && man) {
        return (is_signed ? sign : 0) | inf | 1u << (m - 1) | (uint32_t)(man >> (52 - m));
    }
    if (!is_signed && sign) {
        return 0;
    }
    if (e == 0x7ff) {
        return sign | inf;
    }
    e = e - 1023 + 15;
    if (e >= 0x1f) {
        return sign | inf;
    }
    if (e <= 0) {
        unsigned shift = (unsigned)(53 - (int)m - e);   /* into the denormal position */

        if (e < -(int)m - 1) {
            return sign;                /* below half the smallest denormal */
        }
        man |= 1ull << 52;
        r = (uint32_t)(man >> shift);
        rest = man & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
    } else {
        r = (uint32_t)e << m | (uint32_t)(man >> (52 - m));
        rest = man & ((1ull << (52 - m)) - 1);
        half = 1ull << (51 - m);
    }
    if (rest > half || (rest == half && (r & 1))) {
        r++;    /* may carry into the exponent, up to Inf: still correct */
    }
    return sign | r;
}

static inline uint16_t nv_f64_to_f16(double d)
{
    return (uint16_t)nv_f64_to_minifloat(d, 10, true);
}

static inline uint16_t nv_f32_to_f16(float f)
{
    return nv_f64_to_f16(f);    /* float -> double is exact: one rounding */
}

#endif
