/*
 * A channel while it runs a slice (host room internals): the context every
 * step of the slice shares, memory through the channel's address space,
 * and the host class's methods.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_HOST_CHAN_H
#define HW_NVIDIA_GPU_HOST_CHAN_H

#include "host.h"

typedef struct NvChanCtx {
    NvGpu *gpu;
    NvChannel *c;
    NvPhys inst;
    NvPhys userd;
    uint32_t engine;            /* MMU engine id of faults of the current step */
    int64_t deadline_us;        /* host monotonic time the slice ends at */
    int row;                    /* class row of the engine step, or NV_CLASS_NONE */
    bool yield;
    bool faulted;               /* a memory access failed (already reported) */
    bool copied;                /* this slice has used its engine budget */
} NvChanCtx;

/* chanmem.c */
NvPhys nv_chan_inst(NvGpu *gpu, const NvChannel *c);
/* Virtual access in the channel's address space; a fault is reported and recorded. */
bool nv_chan_virt(NvChanCtx *x, uint64_t va, void *buf, size_t len, bool write);
bool nv_chan_userd(NvChanCtx *x, uint32_t off, uint32_t *v, bool write);
/* The memory an engine of class row sees; sets the engine id its faults carry. */
NvMemIf nv_chan_engine_mem(NvChanCtx *x, int row);
/* The MMU engine id of the channel's PBDMA. */
uint32_t nv_chan_host_engine(const NvChannel *c);

/* methods.c: the host class (methods below 0x100 on any subchannel) */
NvSinkResult nv_host_method(NvChanCtx *x, uint32_t subch, uint32_t mthd, uint32_t data);

/* classes.c: binds class number cls on subchannel subch; false with the error raised. */
bool nv_chan_bind(NvChanCtx *x, uint32_t subch, uint32_t cls);
/* How an engine's error (not a fault) is reported, per class row. */
void nv_class_report_error(NvChanCtx *x, int row);

#endif
