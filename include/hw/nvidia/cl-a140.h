/*
 * KEPLER_INLINE_TO_MEMORY_B (class 0xa140), "I2M": data carried in the
 * pushbuffer (LOAD_INLINE_DATA) written to memory. Method byte offsets and
 * fields, written from NVIDIA's published class description (cla140.h);
 * names follow nv-fields.h. The 3D and compute classes carry the same
 * methods at the same offsets.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_A140_H
#define HW_NVIDIA_CL_A140_H

#include "hw/nvidia/nv-fields.h"

#define NV_CLASS_KEPLER_INLINE_TO_MEMORY_B  0xa140

NV_REG32(A140_NO_OPERATION,             0x0100)
NV_REG32(A140_SET_NOTIFY_A,             0x0104)
NV_REG32(A140_SET_NOTIFY_B,             0x0108)
NV_REG32(A140_NOTIFY,                   0x010c)
NV_REG32(A140_WAIT_FOR_IDLE,            0x0110)

/* The transfer: LINE_COUNT lines of LINE_LENGTH_IN bytes */
NV_REG32(A140_LINE_LENGTH_IN,           0x0180)
NV_REG32(A140_LINE_COUNT,               0x0184)
NV_REG32(A140_OFFSET_OUT_UPPER,         0x0188)
    NV_FIELD(A140_OFFSET_OUT_UPPER, VALUE, 0, 25)   /* VA bits 56:32 */
NV_REG32(A140_OFFSET_OUT,               0x018c)     /* VA bits 31:0 */
NV_REG32(A140_PITCH_OUT,                0x0190)

/* Block-linear destination */
NV_REG32(A140_SET_DST_BLOCK_SIZE,       0x0194)
    NV_FIELD(A140_SET_DST_BLOCK_SIZE, WIDTH, 0, 4)  /* log2 GOBs */
    NV_FIELD(A140_SET_DST_BLOCK_SIZE, HEIGHT, 4, 4)
    NV_FIELD(A140_SET_DST_BLOCK_SIZE, DEPTH, 8, 4)
#define A140_BLOCK_SIZE_LOG2_MAX                    5   /* THIRTYTWO_GOBS */
NV_REG32(A140_SET_DST_WIDTH,            0x0198)     /* bytes */
NV_REG32(A140_SET_DST_HEIGHT,           0x019c)
NV_REG32(A140_SET_DST_DEPTH,            0x01a0)
NV_REG32(A140_SET_DST_LAYER,            0x01a4)
NV_REG32(A140_SET_DST_ORIGIN_BYTES_X,   0x01a8)
    NV_FIELD(A140_SET_DST_ORIGIN_BYTES_X, V, 0, 21)
NV_REG32(A140_SET_DST_ORIGIN_SAMPLES_Y, 0x01ac)
    NV_FIELD(A140_SET_DST_ORIGIN_SAMPLES_Y, V, 0, 17)

NV_REG32(A140_LAUNCH_DMA,               0x01b0)
    NV_FIELD(A140_LAUNCH_DMA, DST_MEMORY_LAYOUT, 0, 1)
    NV_FIELD(A140_LAUNCH_DMA, REDUCTION_ENABLE, 1, 1)
    NV_FIELD(A140_LAUNCH_DMA, REDUCTION_FORMAT, 2, 2)
    NV_FIELD(A140_LAUNCH_DMA, COMPLETION_TYPE, 4, 2)
    NV_FIELD(A140_LAUNCH_DMA, SYSMEMBAR_DISABLE, 6, 1)
    NV_FIELD(A140_LAUNCH_DMA, INTERRUPT_TYPE, 8, 2)
    NV_FIELD(A140_LAUNCH_DMA, SEMAPHORE_STRUCT_SIZE, 12, 1)
    NV_FIELD(A140_LAUNCH_DMA, REDUCTION_OP, 13, 3)
#define A140_LAYOUT_BLOCKLINEAR                     0
#define A140_LAYOUT_PITCH                           1
#define A140_REDUCTION_FORMAT_UNSIGNED_32           0
#define A140_REDUCTION_FORMAT_SIGNED_32             1
#define A140_COMPLETION_FLUSH_DISABLE               0
#define A140_COMPLETION_FLUSH_ONLY                  1
#define A140_COMPLETION_RELEASE_SEMAPHORE           2
#define A140_INTERRUPT_NONE                         0
#define A140_INTERRUPT_INTERRUPT                    1
#define A140_SEMAPHORE_FOUR_WORDS                   0   /* payload, 0, u64 time */
#define A140_SEMAPHORE_ONE_WORD                     1
#define A140_REDUCTION_ADD                          0
#define A140_REDUCTION_MIN                          1
#define A140_REDUCTION_MAX                          2
#define A140_REDUCTION_INC                          3
#define A140_REDUCTION_DEC                          4
#define A140_REDUCTION_AND                          5
#define A140_REDUCTION_OR                           6
#define A140_REDUCTION_XOR                          7

NV_REG32(A140_LOAD_INLINE_DATA,         0x01b4)

/* Semaphore released on completion (COMPLETION_TYPE RELEASE_SEMAPHORE) */
NV_REG32(A140_SET_I2M_SEMAPHORE_A,      0x01dc)
    NV_FIELD(A140_SET_I2M_SEMAPHORE_A, OFFSET_UPPER, 0, 25)
NV_REG32(A140_SET_I2M_SEMAPHORE_B,      0x01e0)
NV_REG32(A140_SET_I2M_SEMAPHORE_C,      0x01e4)     /* payload */

#endif
