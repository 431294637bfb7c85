/*
 * TURING_COMPUTE_A (class 0xc5c0): the compute class methods the model acts
 * on, as byte offsets in the class, with their fields. Written from NVIDIA's
 * published class description (open-gpu-doc, classes/compute/clc5c0.h);
 * names follow nv-fields.h. The class also carries the inline-to-memory
 * methods (0x180..0x1e4, same layout as KEPLER_INLINE_TO_MEMORY_B); every
 * other method in the class's range is stored and otherwise ignored, as the
 * hardware does for state the model does not use.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C5C0_H
#define HW_NVIDIA_CL_C5C0_H

#include "hw/nvidia/nv-fields.h"

#define NV_CLASS_TURING_COMPUTE_A       0xc5c0

/* inline-to-memory methods shared with 0xa140 (handled by i2m.c) */
#define C5C0_I2M_FIRST                  0x0180
#define C5C0_I2M_LAST                   0x01e4

/* generic-address windows of shared and local memory (16 MiB each) */
NV_REG32(C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A, 0x02a0)
    NV_FIELD(C5C0_WINDOW_A, BASE_ADDRESS_UPPER, 0, 17)
NV_REG32(C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B, 0x02a4)
NV_REG32(C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A, 0x07b0)
NV_REG32(C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B, 0x07b4)

/* launch: QMD address >> 8, then SEND_SIGNALING_PCAS_B with SCHEDULE */
NV_REG32(C5C0_SEND_PCAS_A,              0x02b4)
NV_REG32(C5C0_SEND_SIGNALING_PCAS_B,    0x02bc)
    NV_FIELD(C5C0_SEND_SIGNALING_PCAS_B, INVALIDATE, 0, 1)
    NV_FIELD(C5C0_SEND_SIGNALING_PCAS_B, SCHEDULE, 1, 1)
#define C5C0_QMD_ADDRESS_SHIFT          8

/* the driver's local memory buffer (throttled and not): stored */
NV_REG32(C5C0_SET_SHADER_LOCAL_MEMORY_A, 0x0790)
NV_REG32(C5C0_SET_SHADER_LOCAL_MEMORY_B, 0x0794)
NV_REG32(C5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A, 0x02e4)
NV_REG32(C5C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B, 0x02e8)

/* caches: the model's are always coherent; accepted */
NV_REG32(C5C0_INVALIDATE_SHADER_CACHES, 0x021c)
NV_REG32(C5C0_INVALIDATE_SKED_CACHES,   0x0298)
NV_REG32(C5C0_INVALIDATE_SHADER_CACHES_NO_WFI, 0x1698)

/* the class's method range (like every class: one subchannel's 16 KiB) */
#define C5C0_MTHD_FIRST                 0x0100
#define C5C0_MTHD_END                   0x4000

#endif
