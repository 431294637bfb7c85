/*
 * TU102_DISP_WINDOW_CHANNEL_DMA (class 0xc57e), a display window channel.
 * Every method and field comes from the class's method table
 * (methods/c57e.h, generated from NVIDIA's published class description).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C57E_H
#define HW_NVIDIA_CL_C57E_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c57e.h"

NV_CLASS_CONSTS(NV_C57E_METHODS)

#endif
