/*
 * TU102_DISP_CURSOR (class 0xc57a), the cursor PIO channel. Every method and
 * field comes from the class's method table (methods/c57a.h, generated from
 * NVIDIA's published class description).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C57A_H
#define HW_NVIDIA_CL_C57A_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c57a.h"

NV_CLASS_CONSTS(NV_C57A_METHODS)

#endif
