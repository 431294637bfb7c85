/*
 * KEPLER_INLINE_TO_MEMORY_B (class 0xa140), "I2M": data carried in the
 * pushbuffer (LOAD_INLINE_DATA) written to memory. Every method and field
 * comes from the class's method table (methods/a140.h, generated from
 * NVIDIA's published class description); this header adds the encodings
 * the model acts on. The 3D and compute classes carry the same methods at
 * the same offsets.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_A140_H
#define HW_NVIDIA_CL_A140_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/a140.h"

#define NV_CLASS_KEPLER_INLINE_TO_MEMORY_B  0xa140

NV_CLASS_CONSTS(NV_A140_METHODS)

/* Encodings: SET_DST_BLOCK_SIZE, LAUNCH_DMA */
#define A140_BLOCK_SIZE_LOG2_MAX                    5   /* THIRTYTWO_GOBS */

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

#endif
