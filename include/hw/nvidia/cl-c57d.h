/*
 * TU102_DISP_CORE_CHANNEL_DMA (class 0xc57d), the display core channel.
 * Every method and field comes from the class's method table
 * (methods/c57d.h, generated from NVIDIA's published class description).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C57D_H
#define HW_NVIDIA_CL_C57D_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c57d.h"

NV_CLASS_CONSTS(NV_C57D_METHODS)

#endif
