/*
 * The registers the device fuzzers write and read (tools/fuzz/fuzz-gpu.c on
 * the core, tests/qtest/nv-fuzz.c through QEMU): base, element count and
 * stride of each, as an X-macro so each fuzzer adds rows of its own layout.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_QTEST_NV_FUZZ_REGS_H
#define TESTS_QTEST_NV_FUZZ_REGS_H

#include "hw/nvidia/nv-falcon.h"
#include "hw/nvidia/nv-regs.h"

typedef struct NvFuzzReg {
    uint32_t base;
    uint16_t count, stride;
} NvFuzzReg;

#define NV_FUZZ_REG_ROW(base, count, stride) { (base), (count), (stride) },

#define NV_FUZZ_REGS(X) \
    X(A_PCCSR_INST(0), 4, 8) \
    X(A_PCCSR_CHANNEL(0), 4, 8) \
    X(A_PCCSR_INST(NV_CHANNELS - 1), 1, 0) \
    X(A_PCCSR_CHANNEL(NV_CHANNELS - 1), 1, 0) \
    X(A_USERMODE_DOORBELL, 1, 0) \
    X(A_PFIFO_RUNLIST_BASE_LO(0), NV_RUNLISTS, 0x10) \
    X(A_PFIFO_RUNLIST_BASE_HI(0), NV_RUNLISTS, 0x10) \
    X(A_PFIFO_RUNLIST_SUBMIT(0), NV_RUNLISTS, 0x10) \
    X(A_PFIFO_RUNLIST_STATUS(0), NV_RUNLISTS, 0x10) \
    X(A_PFIFO_RUNLIST_BLOCK, 1, 0) \
    X(A_PFIFO_PREEMPT, 1, 0) \
    X(A_PFIFO_RUNLIST_PREEMPT, 1, 0) \
    X(A_PFIFO_INTR_0, 1, 0) \
    X(A_PFIFO_INTR_EN_0, 1, 0) \
    X(A_PFIFO_PBDMA_INTR_PENDING, 1, 0) \
    X(A_PFIFO_ENGINE_STATUS(0), NV_PFIFO_ENGINES, 8) \
    X(A_PBDMA_METHOD0(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_DATA0(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_INTR_0(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_INTR_EN_0(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_CHANNEL(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_TIMEOUT(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_CONFIG(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_INTR_1(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_PBDMA_INTR_EN_1(0), NV_PBDMAS, NV_PBDMA_STRIDE) \
    X(A_CE_INTR_EN(0), NV_CE_INSTANCES, 0x80) \
    X(A_CE_INTR_STATUS(0), NV_CE_INSTANCES, 0x80) \
    X(A_CE_LAUNCH_ERR(0), NV_CE_INSTANCES, 0x80) \
    X(A_VF_BAR1_BLOCK, 1, 0) \
    X(A_VF_BAR2_BLOCK, 1, 0) \
    X(A_VF_BAR_BIND_STATUS, 1, 0) \
    X(A_VF_FAULT_BUF_LO(0), NV_FAULT_BUFFERS, 0x20) \
    X(A_VF_FAULT_BUF_HI(0), NV_FAULT_BUFFERS, 0x20) \
    X(A_VF_FAULT_BUF_GET(0), NV_FAULT_BUFFERS, 0x20) \
    X(A_VF_FAULT_BUF_PUT(0), NV_FAULT_BUFFERS, 0x20) \
    X(A_VF_FAULT_BUF_SIZE(0), NV_FAULT_BUFFERS, 0x20) \
    X(A_VF_FAULT_ADDR_LO, 5, 4) \
    X(A_VF_FAULT_STATUS, 1, 0) \
    X(A_VF_MMU_INVALIDATE_PDB, 2, 4) \
    X(A_VF_MMU_INVALIDATE, 1, 0) \
    X(A_PMC_INTR_0, 2, 4) \
    X(A_PMC_INTR_EN_SET_0, 2, 4) \
    X(A_PMC_INTR_EN_CLEAR_0, 2, 4) \
    X(A_PMC_ENABLE, 1, 0) \
    X(A_PTIMER_TIME_0, 1, 0) \
    X(A_PTIMER_TIME_1, 1, 0) \
    X(A_PTIMER_ALARM_0, 1, 0) \
    X(A_PTIMER_INTR_0, 1, 0) \
    X(A_PTIMER_INTR_EN_0, 1, 0) \
    X(A_PBUS_BAR0_WINDOW, 1, 0) \
    X(NV_PRAMIN_BASE + NV_PRAMIN_SIZE - 8, 2, 4) \
    X(A_VF_CPU_INTR_LEAF(0), NV_VF_INTR_LEAVES, 4) \
    X(A_VF_CPU_INTR_LEAF_EN_SET(0), NV_VF_INTR_LEAVES, 4) \
    X(A_VF_CPU_INTR_LEAF_EN_CLEAR(0), NV_VF_INTR_LEAVES, 4) \
    X(A_VF_CPU_INTR_TOP, 1, 0) \
    X(A_VF_CPU_INTR_TOP_EN_SET, 1, 0) \
    X(A_VF_CPU_INTR_TOP_EN_CLEAR, 1, 0) \
    X(A_UFLUSH_FB_FLUSH, 1, 0) \
    X(A_USERMODE_TIME_0, 2, 4) \
    /* The falcons (SEC2, GSP, PMU): jobs, DMEM port, queues; WPR; FECS. */ \
    X(NV_SEC2_BASE + A_FALCON_CPUCTL, 1, 0) \
    X(NV_SEC2_BASE + A_FALCON_INST_BIND, 1, 0) \
    X(NV_SEC2_BASE + A_FALCON_BIND_CTRL, 1, 0) \
    X(NV_SEC2_BASE + A_FALCON_DMEMC, 2, 4) \
    X(NV_SEC2_BASE + A_SEC2_CMDQ_HEAD, 2, 4) \
    X(NV_SEC2_BASE + A_SEC2_MSGQ_HEAD, 2, 4) \
    X(NV_SEC2_BASE + A_FALCON_IRQSSET, 8, 4) \
    X(NV_SEC2_BASE + A_FALCON_ENGINE, 1, 0) \
    X(NV_GSP_BASE + A_FALCON_CPUCTL, 1, 0) \
    X(NV_PMU_BASE + A_FALCON_CPUCTL, 1, 0) \
    X(NV_PMU_BASE + A_FALCON_PMU_INST_BIND, 1, 0) \
    X(A_PFB_PRI_MMU_WPR_INFO, 1, 0) \
    X(A_FECS_FALCON_CPUCTL, 1, 0) \
    X(A_FECS_METHOD_DATA, 2, 4) \
    X(A_FECS_CTXSW_MAILBOX(0), 2, 4) \
    X(NV_GPC_BASE + NV_GPC_PES_TPC_MASK(0), NV_GPC_MAX, NV_GPC_STRIDE)

#endif
