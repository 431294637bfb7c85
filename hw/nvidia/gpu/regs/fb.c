/*
 * The memory subsystem as nouveau reads it: the VRAM size (PFB), the L2
 * (LTC) counts, the WPR region the ACR jobs set up, and the MMU fault
 * vectors.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "regs.h"

#define MiB_SHIFT 20

/* PFB_LOCAL_MEMORY_RANGE: size = MAG << (SCALE + 20); sizes are powers of two. */
static uint32_t vram_size_code(uint64_t size)
{
    unsigned log2 = 63 - __builtin_clzll(size);
    uint32_t v = 0;

    v = NV_FDP32(v, PFB_LOCAL_MEMORY_RANGE, MAG, 1);
    return NV_FDP32(v, PFB_LOCAL_MEMORY_RANGE, SCALE, log2 - MiB_SHIFT);
}

static uint32_t fault_vectors(uint32_t notify, uint32_t error)
{
    uint32_t v = NV_FDP32(0, PFB_MMU_FAULT_VECTOR, NOTIFY, notify);

    return NV_FDP32(v, PFB_MMU_FAULT_VECTOR, ERROR, error);
}

/*
 * WPR_INFO: the bound of the WPR region the index selects, as the ACR image
 * set it (falcon.c): ADDR holds address bits 39:16; the upper bound is the
 * start of the region's last 128 KiB. The index reads back.
 */
static uint32_t wpr_info(const NvGpu *gpu)
{
    uint32_t index = gpu->r.pfb.wpr_index;
    uint32_t v = NV_FDP32(0, PFB_PRI_MMU_WPR_INFO, INDEX, index);
    uint64_t addr = 0;

    if (index == NV_WPR_INFO_WPR1_ADDR_LO) {
        addr = gpu->r.pfb.wpr_start;
    } else if (index == NV_WPR_INFO_WPR1_ADDR_HI && gpu->r.pfb.wpr_end) {
        addr = gpu->r.pfb.wpr_end - NV_WPR_LIMIT_GRANULE;
    }
    return NV_FDP32(v, PFB_PRI_MMU_WPR_INFO, ADDR, addr >> 16);
}

bool nv_pfb_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    if (addr != A_PFB_PRI_MMU_WPR_INFO) {
        return false;
    }
    gpu->r.pfb.wpr_index = NV_FEX32(val, PFB_PRI_MMU_WPR_INFO, INDEX);
    return true;
}

bool nv_pfb_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    switch (addr) {
    case A_PFB_PRI_MMU_WPR_INFO:
        *val = wpr_info(gpu);
        return true;
    case A_PFB_FBHUB_NUM_ACTIVE_LTCS:
        *val = gpu->chip.fbps * gpu->chip.ltc_per_fbp;
        return true;
    case A_PFB_LOCAL_MEMORY_RANGE:
        *val = vram_size_code(gpu->vram_size);
        return true;
    case A_PFB_MMU_INFO_FAULT_VECTOR:
        *val = NV_FAULT_VECTOR_INFO;
        return true;
    case A_PFB_MMU_NRP_FAULT_VECTOR:
        *val = fault_vectors(NV_FAULT_VECTOR_NRP_NOTIFY, NV_FAULT_VECTOR_NRP_ERROR);
        return true;
    case A_PFB_MMU_RP_FAULT_VECTOR:
        *val = fault_vectors(NV_FAULT_VECTOR_RP_NOTIFY, NV_FAULT_VECTOR_RP_ERROR);
        return true;
    }
    return false;
}

/* PPRIV master: the ring is never busy; the LTC count comes from the profile. */
bool nv_ppriv_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (addr == A_PPRIV_MASTER_LTC_COUNT) {
        *val = gpu->chip.fbps * gpu->chip.ltc_per_fbp;
        return true;
    }
    return false;
}

bool nv_ltc_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (addr == A_LTC_CBC_PARAM) {
        *val = NV_FDP32(0, LTC_CBC_PARAM, SLICES_PER_LTC, gpu->chip.slices_per_ltc);
        return true;
    }
    return false;
}
