/*
 * The Queue Meta Data (QMD) a compute launch reads: 64 dwords in memory.
 * Versions 2.2 (Volta's, which NVK writes on Turing) and 2.3 (Turing's)
 * share every field the model uses, the 49-bit PROGRAM_ADDRESS included
 * (NVK 25 on a TU104 puts its shader's VA there and leaves the older
 * PROGRAM_OFFSET at 0, and sets no program region). Written from NVIDIA's
 * published layouts (open-gpu-doc, classes/compute/clc3c0qmd.h and
 * clc5c0qmd.h) as (first bit, width) pairs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_QMD_H
#define HW_NVIDIA_NV_QMD_H

#include <stdint.h>

#include "hw/nvidia/nv-fields.h"

#define NV_QMD_DWORDS                   64
#define NV_QMD_BYTES                    (NV_QMD_DWORDS * 4)

/* X(name, first bit, width) */
#define NV_QMD_FIELDS(X) \
    X(SEMAPHORE_RELEASE_ENABLE0,    138, 1) \
    X(SEMAPHORE_RELEASE_ENABLE1,    139, 1) \
    X(CTA_RASTER_WIDTH,             384, 32) \
    X(CTA_RASTER_HEIGHT,            416, 16) \
    X(CTA_RASTER_DEPTH,             448, 16) \
    X(SHARED_MEMORY_SIZE,           544, 18) \
    X(QMD_VERSION,                  576, 4) \
    X(QMD_MAJOR_VERSION,            580, 4) \
    X(CTA_THREAD_DIMENSION0,        592, 16) \
    X(CTA_THREAD_DIMENSION1,        608, 16) \
    X(CTA_THREAD_DIMENSION2,        624, 16) \
    X(CONSTANT_BUFFER_VALID,        640, 8)     /* one bit per bank */ \
    X(RELEASE0_ADDRESS_LOWER,       736, 32) \
    X(RELEASE0_ADDRESS_UPPER,       768, 8) \
    X(RELEASE0_REDUCTION_OP,        788, 3) \
    X(RELEASE0_REDUCTION_FORMAT,    792, 2) \
    X(RELEASE0_REDUCTION_ENABLE,    794, 1) \
    X(RELEASE0_STRUCTURE_SIZE,      799, 1)     /* 0: four words, 1: one */ \
    X(RELEASE0_PAYLOAD,             800, 32) \
    X(RELEASE1_ADDRESS_LOWER,       832, 32) \
    X(RELEASE1_ADDRESS_UPPER,       864, 8) \
    X(RELEASE1_REDUCTION_OP,        884, 3) \
    X(RELEASE1_REDUCTION_FORMAT,    888, 2) \
    X(RELEASE1_REDUCTION_ENABLE,    890, 1) \
    X(RELEASE1_STRUCTURE_SIZE,      895, 1) \
    X(RELEASE1_PAYLOAD,             896, 32) \
    X(SHADER_LOCAL_MEMORY_LOW_SIZE, 928, 24) \
    X(BARRIER_COUNT,                955, 5) \
    X(SHADER_LOCAL_MEMORY_HIGH_SIZE, 960, 24) \
    X(REGISTER_COUNT,               984, 8) \
    X(PROGRAM_ADDRESS_LOWER,        1536, 32) \
    X(PROGRAM_ADDRESS_UPPER,        1568, 17)

enum {
#define NV_QMD_ENUM(name, bit, width) NV_QMD_##name##_BIT = (bit), NV_QMD_##name##_WIDTH = (width),
    NV_QMD_FIELDS(NV_QMD_ENUM)
#undef NV_QMD_ENUM
};

/* Constant buffer i (0..7): address (49 bits) and size / 16, 64 bits each from bit 1024. */
#define NV_QMD_CBUF_ADDR_LOWER_BIT(i)   (1024 + (i) * 64)
#define NV_QMD_CBUF_ADDR_UPPER_BIT(i)   (1056 + (i) * 64)
#define NV_QMD_CBUF_ADDR_UPPER_WIDTH    17
#define NV_QMD_CBUF_SIZE_SHIFTED4_BIT(i) (1075 + (i) * 64)
#define NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH 13
#define NV_QMD_CBUF_BANKS               8

#define NV_QMD_MAJOR_2                  2
#define NV_QMD_MINOR_2                  2
#define NV_QMD_MINOR_3                  3

/* Bits bit..bit+width-1 (width <= 32, inside the QMD) of a QMD copy. */
static inline uint32_t nv_qmd_get(const uint32_t qmd[NV_QMD_DWORDS], unsigned bit,
                                  unsigned width)
{
    return nv_dwords_get(qmd, NV_QMD_DWORDS, bit, width);
}

static inline void nv_qmd_set(uint32_t qmd[NV_QMD_DWORDS], unsigned bit, unsigned width,
                              uint32_t v)
{
    nv_dwords_set(qmd, NV_QMD_DWORDS, bit, width, v);
}

#define NV_QMD_GET(q, name) nv_qmd_get((q), NV_QMD_##name##_BIT, NV_QMD_##name##_WIDTH)
#define NV_QMD_SET(q, name, v) nv_qmd_set((q), NV_QMD_##name##_BIT, NV_QMD_##name##_WIDTH, (v))

/* A version 2.3 launch of the program at program over grid x block threads. */
static inline void nv_qmd_set_launch(uint32_t qmd[NV_QMD_DWORDS], uint64_t program,
                                     const uint32_t grid[3], const uint32_t block[3])
{
    NV_QMD_SET(qmd, QMD_MAJOR_VERSION, NV_QMD_MAJOR_2);
    NV_QMD_SET(qmd, QMD_VERSION, NV_QMD_MINOR_3);
    NV_QMD_SET(qmd, PROGRAM_ADDRESS_LOWER, (uint32_t)program);
    NV_QMD_SET(qmd, PROGRAM_ADDRESS_UPPER, (uint32_t)(program >> 32));
    NV_QMD_SET(qmd, CTA_RASTER_WIDTH, grid[0]);
    NV_QMD_SET(qmd, CTA_RASTER_HEIGHT, grid[1]);
    NV_QMD_SET(qmd, CTA_RASTER_DEPTH, grid[2]);
    NV_QMD_SET(qmd, CTA_THREAD_DIMENSION0, block[0]);
    NV_QMD_SET(qmd, CTA_THREAD_DIMENSION1, block[1]);
    NV_QMD_SET(qmd, CTA_THREAD_DIMENSION2, block[2]);
}

/* Constant buffer `bank` at va, size bytes (rounded up to 16, as the QMD stores it). */
static inline void nv_qmd_set_cbuf(uint32_t qmd[NV_QMD_DWORDS], unsigned bank, uint64_t va,
                                   uint32_t size)
{
    nv_qmd_set(qmd, NV_QMD_CBUF_ADDR_LOWER_BIT(bank), 32, (uint32_t)va);
    nv_qmd_set(qmd, NV_QMD_CBUF_ADDR_UPPER_BIT(bank), NV_QMD_CBUF_ADDR_UPPER_WIDTH,
               (uint32_t)(va >> 32));
    nv_qmd_set(qmd, NV_QMD_CBUF_SIZE_SHIFTED4_BIT(bank), NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH,
               (size + 15) >> 4);
}


#endif
