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
#ifndef HW_NVIDIA_GPU_FALCON_H
#define HW_NVIDIA_GPU_FALCON_H

#include "hw/nvidia/nv-falcon.h"

typedef enum NvFalconId { NV_FALCON_SEC2, NV_FALCON_GSP, NV_FALCON_PMU, NV_FALCONS } NvFalconId;

typedef enum NvFalconState {
    NV_FALCON_HALTED,           /* after reset or a finished job */
    NV_FALCON_LS_LOADED,        /* SEC2: the ASB placed the RTOS; the next start runs it */
    NV_FALCON_RTOS,             /* SEC2: the RTOS serves its queues */
} NvFalconState;

typedef struct NvFalcon {
    uint32_t regs[NV_FALCON_SIZE / 4];  /* registers without behaviour: storage */
    uint32_t irqstat, irqmask, irqdest;
    uint32_t cpuctl, bind_state, dmemc;
    NvPhys inst;                        /* bound instance block (valid if inst_bound) */
    bool inst_bound;
    NvFalconState state;
    uint32_t gr_booted;                 /* SEC2: bit n = ACR falcon n bootstrapped */
    uint8_t dmem[NV_FALCON_DMEM_SIZE];
} NvFalcon;

void nv_falcon_reset_all(NvGpu *gpu);
/* The PMC_INTR_0 bits of falcons with a pending, unmasked, host-routed interrupt. */
uint32_t nv_falcon_intr_lines(NvGpu *gpu);

#endif
