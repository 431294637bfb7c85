/*
 * TURING_COMPUTE_A (class 0xc5c0). Every method and field comes from the
 * class's method table (methods/c5c0.h, generated from NVIDIA's published
 * class description); this header adds what the model needs beyond it. The
 * class also carries the inline-to-memory methods (0x180..0x1e4, the layout
 * of KEPLER_INLINE_TO_MEMORY_B); every other method in the class's range is
 * stored and otherwise ignored, as the hardware does for state the model
 * does not use.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C5C0_H
#define HW_NVIDIA_CL_C5C0_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c5c0.h"

#define NV_CLASS_TURING_COMPUTE_A       0xc5c0

NV_CLASS_CONSTS(NV_C5C0_METHODS)

/* inline-to-memory methods shared with 0xa140 (handled by i2m.c) */
#define C5C0_I2M_FIRST                  A_C5C0_LINE_LENGTH_IN
#define C5C0_I2M_LAST                   A_C5C0_SET_I2M_SEMAPHORE_C

/* SET_SHADER_{SHARED,LOCAL}_MEMORY_WINDOW_A: the 16 MiB windows' address bits 48:32 */
NV_FIELD(C5C0_WINDOW_A, BASE_ADDRESS_UPPER, 0, 17)
_Static_assert((int)R_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER_LENGTH ==
               (int)R_C5C0_WINDOW_A_BASE_ADDRESS_UPPER_LENGTH &&
               (int)R_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER_LENGTH ==
               (int)R_C5C0_WINDOW_A_BASE_ADDRESS_UPPER_LENGTH &&
               R_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER_SHIFT == 0 &&
               R_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER_SHIFT == 0,
               "the two windows share a layout");

/* SEND_PCAS_A: the QMD address >> 8 */
#define C5C0_QMD_ADDRESS_SHIFT          8

/* the class's method range (like every class: one subchannel's 16 KiB) */
#define C5C0_MTHD_FIRST                 0x0100
#define C5C0_MTHD_END                   0x4000

#endif
