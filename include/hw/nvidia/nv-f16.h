/*
 * Float bit views, and IEEE binary16 <-> binary32/64 conversions in plain C
 * (the SM and the 3D class share them):
 * clang 14 (the fuzzing and QEMU fuzz builds) has no _Float16 on x86-64.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_F16_H
#define HW_NVIDIA_NV_F16_H

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

static inline float nv_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    uint32_t bits;
    float f;

    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | man << 13;          /* Inf, NaN (payload kept) */
    } else if (exp) {
        bits = sign | (exp + 112) << 23 | man << 13;    /* normal: rebias 15 -> 127 */
    } else if (man) {
        /* denormal: normalise into a binary32 normal */
        exp = 113;
        while (!(man & 0x400)) {
            man <<= 1;
            exp--;
        }
        bits = sign | exp << 23 | (man & 0x3ff) << 13;
    } else {
        bits = sign;
    }
    memcpy(&f, &bits, 4);
    return f;
}

/* binary64 -> binary16, round to nearest even (one rounding); NaNs stay quiet. */
static inline uint16_t nv_f64_to_f16(double d)
{
    uint64_t bits, man, rest, half;
    uint32_t sign, r;
    int e;

    memcpy(&bits, &d, 8);
    sign = (uint32_t)(bits >> 48) & 0x8000;
    e = (int)((bits >> 52) & 0x7ff);
    man = bits & ((1ull << 52) - 1);
    if (e == 0x7ff) {
        return (uint16_t)(sign | 0x7c00 | (man ? 0x200 | (uint32_t)(man >> 42) : 0));
    }
    e = e - 1023 + 15;
    if (e >= 0x1f) {
        return (uint16_t)(sign | 0x7c00);
    }
    if (e <= 0) {
        unsigned shift = (unsigned)(43 - e);     /* 43..: into the denormal position */

        if (e < -11) {
            return (uint16_t)sign;              /* below half the smallest denormal */
        }
        man |= 1ull << 52;
        r = (uint32_t)(man >> shift);
        rest = man & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
    } else {
        r = (uint32_t)e << 10 | (uint32_t)(man >> 42);
        rest = man & ((1ull << 42) - 1);
        half = 1ull << 41;
    }
    if (rest > half || (rest == half && (r & 1))) {
        r++;    /* may carry into the exponent, up to Inf: still correct */
    }
    return (uint16_t)(sign | r);
}

static inline uint16_t nv_f32_to_f16(float f)
{
    return nv_f64_to_f16(f);    /* float -> double is exact: one rounding */
}

#endif
