/*
 * Queries of the chip profile's engine list (the device-info table's
 * source): which engine has a type, which copy engine serves a runlist.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "base.h"

/* The first engine of the profile with this PTOP type, or NULL. */
const NvTopEngine *nv_top_engine(const NvGpu *gpu, uint32_t type)
{
    for (size_t i = 0; i < gpu->chip.engine_count; i++) {
        if (gpu->chip.engines[i].type == type) {
            return &gpu->chip.engines[i];
        }
    }
    return NULL;
}

int nv_ce_inst_of_runlist(const NvGpu *gpu, uint32_t rl)
{
    for (size_t i = 0; i < gpu->chip.engine_count; i++) {
        const NvTopEngine *e = &gpu->chip.engines[i];
        if (e->type == NV_PTOP_TYPE_LCE && e->runlist == rl && e->inst < NV_CE_INSTANCES) {
            return (int)e->inst;
        }
    }
    return -1;
}

bool nv_runlist_has_gr(const NvGpu *gpu, uint32_t rl)
{
    const NvTopEngine *e = nv_top_engine(gpu, NV_PTOP_TYPE_GR);

    return e && !e->no_runlist && e->runlist == rl;
}
