/*
 * TU102_DISP_WINDOW_IMM_CHANNEL_DMA (class 0xc57b), a window-immediate
 * channel. Every method and field comes from the class's method table
 * (methods/c57b.h, generated from NVIDIA's published class description).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C57B_H
#define HW_NVIDIA_CL_C57B_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c57b.h"

NV_CLASS_CONSTS(NV_C57B_METHODS)

#endif
