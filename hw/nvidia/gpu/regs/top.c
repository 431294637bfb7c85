/*
 * PTOP (scaling counts, device-info table) and FUSE (floorsweeping): what
 * the chip is made of, from the chip profile and the configured topology.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "regs.h"

/* Encodes one engine as ENGINE_TYPE, DATA, ENUM dwords; returns the count (3). */
unsigned nv_top_encode(const NvTopEngine *e, uint32_t out[3])
{
    uint32_t type = 0, data = 0, en = 0;

    type = NV_FDP32(type, PTOP_DEVICE_INFO, KIND, NV_PTOP_KIND_ENGINE_TYPE);
    type = NV_FDP32(type, PTOP_DEVICE_INFO, TYPE, e->type);
    type = NV_FDP32(type, PTOP_DEVICE_INFO, CHAIN, 1);

    data = NV_FDP32(data, PTOP_DEVICE_INFO, KIND, NV_PTOP_KIND_DATA);
    data = NV_FDP32(data, PTOP_DEVICE_INFO, INST, e->inst);
    data = NV_FDP32(data, PTOP_DEVICE_INFO, PRI_BASE, e->pri_base >> 12);
    data = NV_FDP32(data, PTOP_DEVICE_INFO, FAULT_ID_VALID, 1);
    data = NV_FDP32(data, PTOP_DEVICE_INFO, FAULT_ID, e->fault_id);
    data = NV_FDP32(data, PTOP_DEVICE_INFO, CHAIN, 1);

    en = NV_FDP32(en, PTOP_DEVICE_INFO, KIND, NV_PTOP_KIND_ENUM);
    if (!e->no_runlist) {
        en = NV_FDP32(en, PTOP_DEVICE_INFO, ENGINE_VALID, 1);
        en = NV_FDP32(en, PTOP_DEVICE_INFO, ENGINE, e->engine);
        en = NV_FDP32(en, PTOP_DEVICE_INFO, RUNLIST_VALID, 1);
        en = NV_FDP32(en, PTOP_DEVICE_INFO, RUNLIST, e->runlist);
    }
    en = NV_FDP32(en, PTOP_DEVICE_INFO, INTR_VALID, 1);
    en = NV_FDP32(en, PTOP_DEVICE_INFO, INTR, e->intr);
    en = NV_FDP32(en, PTOP_DEVICE_INFO, RESET_VALID, 1);
    en = NV_FDP32(en, PTOP_DEVICE_INFO, RESET, e->reset);

    out[0] = type;
    out[1] = data;
    out[2] = en;
    return 3;
}

/* The table lists the engines the model runs (the chip profile's list). */
void nv_top_build_device_info(NvGpu *gpu)
{
    unsigned n = 0;

    memset(gpu->device_info, 0, sizeof(gpu->device_info));
    for (size_t i = 0; i < gpu->chip.engine_count; i++) {
        if (n + 3 > NV_PTOP_DEVICE_INFO_ENTRIES) {
            break;
        }
        n += nv_top_encode(&gpu->chip.engines[i], &gpu->device_info[n]);
    }
}

/* Mask of the units above count among max, as a fuse "disabled" mask. */
static uint32_t disabled_mask(unsigned count, unsigned max)
{
    return ((1u << max) - 1) & ~((1u << count) - 1);
}

bool nv_top_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    const NvChipProfile *c = &gpu->chip;

    if (addr >= A_PTOP_DEVICE_INFO(0) &&
        addr < A_PTOP_DEVICE_INFO(NV_PTOP_DEVICE_INFO_ENTRIES)) {
        *val = gpu->device_info[(addr - A_PTOP_DEVICE_INFO(0)) / 4];
        return true;
    }
    switch (addr) {
    case A_PTOP_SCAL_NUM_GPCS:
        *val = c->max_gpcs;
        return true;
    case A_PTOP_SCAL_NUM_TPC_PER_GPC:
        *val = c->max_tpcs_per_gpc;
        return true;
    case A_PTOP_SCAL_NUM_FBPS:
        *val = c->fbps;
        return true;
    case A_PTOP_SCAL_LTC_PER_FBP:
        *val = c->ltc_per_fbp;
        return true;
    case A_PTOP_SCAL_SLICES_PER_LTC:
        *val = c->slices_per_ltc;
        return true;
    }
    return false;
}

bool nv_fuse_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    const NvChipProfile *c = &gpu->chip;

    if (addr >= A_FUSE_STATUS_OPT_TPC_GPC(0) &&
        addr < A_FUSE_STATUS_OPT_TPC_GPC(NV_FUSE_TPC_GPC_COUNT)) {
        unsigned gpc = (addr - A_FUSE_STATUS_OPT_TPC_GPC(0)) / 4;
        unsigned tpcs = gpc < gpu->cfg.gpcs ? gpu->cfg.tpcs_per_gpc : 0;
        *val = disabled_mask(tpcs, c->max_tpcs_per_gpc);
        return true;
    }
    switch (addr) {
    case A_FUSE_OPT_CE_DISABLE:
        *val = 0;
        return true;
    case A_FUSE_OPT_DISP_DISABLE:
        *val = c->display_fused_off;
        return true;
    case A_FUSE_STATUS_OPT_GPC:
        *val = disabled_mask(gpu->cfg.gpcs, c->max_gpcs);
        return true;
    }
    return false;
}
