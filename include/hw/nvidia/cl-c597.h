/*
 * TURING_A (class 0xc597), the 3D class. Every method and field comes from
 * the class's method table (methods/c597.h, generated from NVIDIA's
 * published class description).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C597_H
#define HW_NVIDIA_CL_C597_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c597.h"

#define NV_CLASS_TURING_A       0xc597

NV_CLASS_CONSTS(NV_C597_METHODS)

#endif
