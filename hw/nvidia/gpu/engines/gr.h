/*
 * PGRAPH (gr.c): GR's register file, FECS's host interface and the SM
 * trap tree, as nouveau's GR code sees them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_GR_H
#define HW_NVIDIA_GPU_ENGINES_GR_H

#include "../base/base.h"

bool nv_gr_alloc(NvGpu *gpu);
void nv_gr_reset(NvGpu *gpu);
/* An SM error of a launch on the channel at inst, raised as GR's SM trap. */
void nv_gr_sm_exception(NvGpu *gpu, NvPhys inst, NvSmErrorKind kind);
/* The PMC_INTR_0 bit of GR when its trap is pending and enabled. */
uint32_t nv_gr_intr_lines(NvGpu *gpu);

NvUnitRead nv_pgraph_read;
NvUnitWrite nv_pgraph_write;

#endif
