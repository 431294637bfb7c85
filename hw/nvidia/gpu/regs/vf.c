/*
 * The Turing virtual-function block's CPU interrupt tree (BAR0 0xb81000):
 * leaves latched by the units (base/intr.c) and a top register.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "regs.h"

#define LEAVES_PER_TOP_BIT  2

static uint32_t vf_top(const NvGpu *gpu)
{
    uint32_t top = 0;

    for (unsigned i = 0; i < NV_VF_INTR_LEAVES; i++) {
        if (gpu->r.vf.leaf[i] & gpu->r.vf.leaf_en[i]) {
            top |= 1u << (i / LEAVES_PER_TOP_BIT);
        }
    }
    return top;
}

bool nv_vf_pending(NvGpu *gpu)
{
    return vf_top(gpu) & gpu->r.vf.top_en;
}

/* Index of a leaf register in the array starting at base, or -1. */
static int leaf_index(uint32_t addr, uint32_t base)
{
    return addr >= base && addr < base + 4 * NV_VF_INTR_LEAVES ? (int)(addr - base) / 4 : -1;
}

bool nv_vf_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    int i;

    if ((i = leaf_index(addr, A_VF_CPU_INTR_LEAF(0))) >= 0) {
        *val = gpu->r.vf.leaf[i];
    } else if ((i = leaf_index(addr, A_VF_CPU_INTR_LEAF_EN_SET(0))) >= 0 ||
               (i = leaf_index(addr, A_VF_CPU_INTR_LEAF_EN_CLEAR(0))) >= 0) {
        *val = gpu->r.vf.leaf_en[i];
    } else if (addr == A_VF_CPU_INTR_TOP) {
        *val = vf_top(gpu);
    } else if (addr == A_VF_CPU_INTR_TOP_EN_SET || addr == A_VF_CPU_INTR_TOP_EN_CLEAR) {
        *val = gpu->r.vf.top_en;
    } else {
        return false;
    }
    return true;
}

bool nv_vf_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    int i;

    if ((i = leaf_index(addr, A_VF_CPU_INTR_LEAF(0))) >= 0) {
        gpu->r.vf.leaf[i] &= ~val;
    } else if ((i = leaf_index(addr, A_VF_CPU_INTR_LEAF_EN_SET(0))) >= 0) {
        gpu->r.vf.leaf_en[i] |= val;
    } else if ((i = leaf_index(addr, A_VF_CPU_INTR_LEAF_EN_CLEAR(0))) >= 0) {
        gpu->r.vf.leaf_en[i] &= ~val;
    } else if (addr == A_VF_CPU_INTR_TOP_EN_SET) {
        gpu->r.vf.top_en |= val;
    } else if (addr == A_VF_CPU_INTR_TOP_EN_CLEAR) {
        gpu->r.vf.top_en &= ~val;
    } else {
        return false;           /* TOP is derived */
    }
    return true;
}
