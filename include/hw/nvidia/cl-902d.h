/*
 * FERMI_TWOD_A (class 0x902d), the 2D class. Every method and field comes
 * from the class's method table (methods/902d.h, generated from NVIDIA's
 * published class description).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_902D_H
#define HW_NVIDIA_CL_902D_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/902d.h"

#define NV_CLASS_FERMI_TWOD_A   0x902d

NV_CLASS_CONSTS(NV_902D_METHODS)

#endif
