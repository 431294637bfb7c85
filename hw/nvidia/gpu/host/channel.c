/*
 * Channels: binding through PCCSR (an instance block bound starts a channel
 * from scratch, unbinding frees its state and objects), enable and fault
 * bits, and whether a channel may run.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "host.h"

NvChannel *nv_chan_get(NvGpu *gpu, uint32_t chid)
{
    return chid < NV_CHANNELS ? gpu->chan[chid] : NULL;
}

uint32_t nv_chan_next_bound(const NvGpu *gpu, uint32_t chid)
{
    for (uint32_t w = chid / 64; chid < NV_CHANNELS && w < NV_CHANNELS / 64; w++) {
        uint64_t bits = gpu->chan_bound[w] & (w == chid / 64 ? ~0ull << (chid % 64) : ~0ull);

        if (bits) {
            return w * 64 + (uint32_t)__builtin_ctzll(bits);
        }
    }
    return NV_CHANNELS;
}

void nv_host_unpark_all(NvGpu *gpu)
{
    if (!gpu->any_parked) {
        return;                 /* the common case: nobody waits */
    }
    gpu->any_parked = false;
    for (uint32_t i = nv_chan_next_bound(gpu, 0); i < NV_CHANNELS;
         i = nv_chan_next_bound(gpu, i + 1)) {
        gpu->chan[i]->parked = false;
    }
}

static void chan_set(NvGpu *gpu, uint32_t chid, NvChannel *c)
{
    gpu->chan[chid] = c;
    if (c) {
        gpu->chan_bound[chid / 64] |= 1ull << (chid % 64);
    } else {
        gpu->chan_bound[chid / 64] &= ~(1ull << (chid % 64));
    }
}

static void chan_unbind(NvGpu *gpu, uint32_t chid)
{
    NvChannel *c = gpu->chan[chid];

    if (c) {
        nv_chan_free_objects(c);
        free(c);
        chan_set(gpu, chid, NULL);
    }
}

/* Binding (again) starts the channel from scratch: GP_GET 0, no objects. */
static void chan_bind(NvGpu *gpu, uint32_t chid)
{
    NvChannel *c;

    chan_unbind(gpu, chid);
    c = calloc(1, sizeof(NvChannel));

    chan_set(gpu, chid, c);
    if (!c) {
        NV_GUEST_ERR(gpu, CHAN_NO_HOST_MEMORY, "channel %u: out of host memory for its state",
                     chid);
        return;
    }
    c->chid = chid;
    c->busy_class = NV_CLASS_NONE;
    memset(c->subch_class, NV_CLASS_NONE, sizeof(c->subch_class));
    nv_pb_reset(&c->pb);
}

bool nv_chan_runnable(NvGpu *gpu, const NvChannel *c)
{
    uint32_t ctrl = gpu->r.fifo.pccsr_ctrl[c->chid];

    return c->pending && !c->parked && NV_FEX32(ctrl, PCCSR_CHANNEL, ENABLE) &&
           !(ctrl & (R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK | R_PCCSR_CHANNEL_ENG_FAULTED_MASK)) &&
           !(gpu->r.fifo.runlist_block & (1u << c->runlist));
}

void nv_host_free(NvGpu *gpu)
{
    for (uint32_t i = 0; i < NV_CHANNELS; i++) {
        chan_unbind(gpu, i);
    }
}

void nv_host_reset(NvGpu *gpu)
{
    nv_host_free(gpu);
    gpu->next_chid = 0;
    gpu->poll_armed = false;
    gpu->any_parked = false;
    for (unsigned p = 0; p < NV_PBDMAS; p++) {
        gpu->r.fifo.pbdma_chid[p] = 0xfff;      /* no channel */
    }
}

bool nv_pccsr_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    uint32_t chid = (addr - A_PCCSR_INST(0)) / 8;

    if (chid >= NV_CHANNELS) {
        return false;
    }
    *val = addr & 4 ? gpu->r.fifo.pccsr_ctrl[chid] : gpu->r.fifo.pccsr_inst[chid];
    return true;
}

static void pccsr_ctrl_write(NvGpu *gpu, uint32_t chid, uint32_t val)
{
    uint32_t *ctrl = &gpu->r.fifo.pccsr_ctrl[chid];

    if (NV_FEX32(val, PCCSR_CHANNEL, ENABLE_SET)) {
        *ctrl |= R_PCCSR_CHANNEL_ENABLE_MASK;
    }
    if (NV_FEX32(val, PCCSR_CHANNEL, ENABLE_CLR)) {
        *ctrl &= ~R_PCCSR_CHANNEL_ENABLE_MASK;
    }
    /* Writing 1 to a faulted bit resets it. */
    *ctrl &= ~(val & (R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK | R_PCCSR_CHANNEL_ENG_FAULTED_MASK));
    nv_host_kick(gpu);
}

bool nv_pccsr_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    uint32_t chid = (addr - A_PCCSR_INST(0)) / 8;

    if (chid >= NV_CHANNELS) {
        return false;
    }
    if (addr & 4) {
        pccsr_ctrl_write(gpu, chid, val);
        return true;
    }
    gpu->r.fifo.pccsr_inst[chid] = val;
    if (NV_FEX32(val, PCCSR_INST, BIND)) {
        chan_bind(gpu, chid);
    } else {
        chan_unbind(gpu, chid);
        gpu->r.fifo.pccsr_ctrl[chid] = 0;
    }
    return true;
}
