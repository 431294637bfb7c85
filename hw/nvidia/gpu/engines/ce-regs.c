/*
 * The copy engines' interrupt registers (BAR0 0x104000): per LCE instance
 * an interrupt status, its enable and the launch-error code, and the PCE
 * map. Engines latch their interrupts here; the device layer routes the
 * lines to PMC.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ce.h"
#include "../base/gpu.h"

/* Latches bit on copy engine inst; a launch error also records its code. */
void nv_ce_intr_raise(NvGpu *gpu, unsigned inst, uint32_t bit, uint32_t code)
{
    if (inst >= NV_CE_INSTANCES) {
        return;
    }
    gpu->r.fifo.ce_intr[inst] |= bit;
    if (bit == NV_CE_INTR_LAUNCHERR) {
        gpu->r.fifo.ce_launch_err[inst] = code;
    }
}

uint32_t nv_ce_intr_lines(NvGpu *gpu)
{
    const NvChipProfile *chip = &gpu->chip;
    uint32_t lines = 0;

    for (size_t i = 0; i < chip->engine_count; i++) {
        const NvTopEngine *e = &chip->engines[i];
        if (e->type == NV_PTOP_TYPE_LCE && e->inst < NV_CE_INSTANCES &&
            (gpu->r.fifo.ce_intr[e->inst] & gpu->r.fifo.ce_intr_en[e->inst])) {
            lines |= NV_PMC_INTR_CE(e->intr);
        }
    }
    return lines;
}

bool nv_ceintr_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    unsigned i;

    if (addr == A_CE_PCE_MAP) {
        *val = NV_CE_PCE_MAP_VALUE;
    } else if (nv_in_array(addr, A_CE_INTR_EN(0), 0x80, NV_CE_INSTANCES, &i)) {
        *val = gpu->r.fifo.ce_intr_en[i];
    } else if (nv_in_array(addr, A_CE_INTR_STATUS(0), 0x80, NV_CE_INSTANCES, &i)) {
        *val = gpu->r.fifo.ce_intr[i];
    } else if (nv_in_array(addr, A_CE_LAUNCH_ERR(0), 0x80, NV_CE_INSTANCES, &i)) {
        *val = gpu->r.fifo.ce_launch_err[i];
    } else {
        return false;
    }
    return true;
}

bool nv_ceintr_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    unsigned i;

    if (nv_in_array(addr, A_CE_INTR_EN(0), 0x80, NV_CE_INSTANCES, &i)) {
        gpu->r.fifo.ce_intr_en[i] = val;
    } else if (nv_in_array(addr, A_CE_INTR_STATUS(0), 0x80, NV_CE_INSTANCES, &i)) {
        gpu->r.fifo.ce_intr[i] &= ~val;
    } else {
        return false;
    }
    return true;
}
