/*
 * Small helpers every room uses: array size, min/max, little-endian
 * access to byte buffers. No state, no NvGpu.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_BASE_UTIL_H
#define HW_NVIDIA_GPU_BASE_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NV_ARRAY_SIZE(a)    (sizeof(a) / sizeof((a)[0]))
#define NV_MIN(a, b)        ((a) < (b) ? (a) : (b))
#define NV_MAX(a, b)        ((a) > (b) ? (a) : (b))

/* Index i of a register array at base (n registers, stride bytes apart) holding addr. */
static inline bool nv_in_array(uint32_t addr, uint32_t base, uint32_t stride, unsigned n,
                               unsigned *i)
{
    if (addr < base || (addr - base) % stride || (addr - base) / stride >= n) {
        return false;
    }
    *i = (addr - base) / stride;
    return true;
}

/* Little-endian access to n <= 8 bytes of a buffer at a checked offset. */
static inline uint64_t nv_ld_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < n; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

static inline void nv_st_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

#endif
