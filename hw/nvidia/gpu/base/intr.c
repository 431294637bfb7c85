/*
 * Interrupt latches of the floor. Latching only records the interrupt:
 * the device layer recomputes the line when the entry point that caused it
 * returns (gpu.c), so no room has to call up into the interrupt tree.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "base.h"

void nv_vf_raise(NvGpu *gpu, unsigned vector)
{
    if (vector < NV_VF_INTR_LEAVES * 32) {
        gpu->r.vf.leaf[vector / 32] |= 1u << (vector % 32);
    }
}
