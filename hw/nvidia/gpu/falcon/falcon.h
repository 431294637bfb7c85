/*
 * The falcons nouveau boots through ACR (SEC2, GSP, PMU), emulated at the
 * level of their observable effects: no falcon code runs. Starting a falcon
 * runs the job nouveau loaded into it (the HS ACR images set up or tear down
 * the WPR region; the ASB places SEC2's RTOS), and SEC2's RTOS serves its
 * command queue (ACR bootstrap and unload commands) with replies in its
 * message queue and the SWGEN0 interrupt.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_FALCON_FALCON_H
#define HW_NVIDIA_GPU_FALCON_FALCON_H

#include "../base/base.h"

void nv_falcon_reset_all(NvGpu *gpu);
/* The PMC_INTR_0 bits of falcons with a pending, unmasked, host-routed interrupt. */
uint32_t nv_falcon_intr_lines(NvGpu *gpu);

NvUnitRead nv_pmu_read, nv_gsp_read, nv_sec2_read;
NvUnitWrite nv_pmu_write, nv_gsp_write, nv_sec2_write;

#endif
