/*
 * Host (FIFO): channels, their PBDMA state, and the scheduler.
 *
 * The host runs from nvgpu_host_work(), called by the front end when the
 * model asks for it (NvPlatform.host_kick): in QEMU on its host thread (or
 * from the main loop), serialised with MMIO by the device lock. Each call
 * runs bounded slices of the runnable channels in turn, so no channel can
 * starve another.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_HOST_HOST_H
#define HW_NVIDIA_GPU_HOST_HOST_H

#include "hw/nvidia/nv-host.h"
#include "../base/base.h"
#include "../engines/engine.h"
#include "pb.h"
#include "classes.h"

#define NV_SLICE_DWORDS         2048    /* pushbuffer dwords per channel per slice */
#define NV_SLICE_US             1000    /* host time a slice may take (checked per chunk) */
#define NV_SLICES_PER_CALL      16
#define NV_ACQUIRE_POLL_NS      100000  /* how often a parked acquire looks again */
#define NV_PB_FETCH_DWORDS      256

typedef struct NvChannel {
    uint32_t chid;
    uint32_t runlist;           /* from the doorbell token */
    bool pending;               /* work to look at */
    bool parked;                /* waiting for a semaphore acquire */
    uint32_t gp_get;
    bool in_segment;
    uint64_t pb_get;            /* VA of the next pushbuffer dword */
    uint32_t pb_left;           /* dwords left in the segment */
    bool seg_top_level;
    uint64_t top_level_get;
    NvPbState pb;
    int8_t subch_class[NV_SUBCHANNELS]; /* class row bound on each subchannel, or NV_CLASS_NONE */
    int8_t busy_class;          /* class row whose operation still runs, or NV_CLASS_NONE */
    void *obj[NV_CLASS_COUNT];  /* per class row: the channel's object, made at its first bind */
    uint32_t host_mthd[NV_HOST_METHOD_LIMIT / 4];   /* the host class's last method values */
} NvChannel;

/* channel.c: lifecycle and PCCSR */
NvChannel *nv_chan_get(NvGpu *gpu, uint32_t chid);
/* The first bound channel's id at or after chid; NV_CHANNELS when none. */
uint32_t nv_chan_next_bound(const NvGpu *gpu, uint32_t chid);
/* Lets every parked channel look at its semaphore again. */
void nv_host_unpark_all(NvGpu *gpu);
bool nv_chan_runnable(NvGpu *gpu, const NvChannel *c);
void nv_host_free(NvGpu *gpu);
void nv_host_reset(NvGpu *gpu);

/* pbdma.c: PBDMA registers and the latches of a channel's errors */
void nv_chan_fault(NvGpu *gpu, NvChannel *c, bool engine);
/*
 * A PBDMA error of a kind of the catalogue: the guest error, the kind's
 * PBDMA interrupt bit latched with what the PBDMA was working on, and the
 * channel stops.
 */
void nv_pbdma_error(NvGpu *gpu, NvChannel *c, NvGuestErrorKind kind, uint32_t subch,
                    uint32_t mthd, uint32_t data);
/* A copy-engine interrupt (NV_CE_INTR_*) latched on the channel's LCE. */
void nv_ce_interrupt(NvGpu *gpu, NvChannel *c, uint32_t bit, uint32_t code);
/* Bit p set: PBDMA p has a pending, enabled interrupt. */
uint32_t nv_pbdma_pending(const NvGpu *gpu);

/* fifo.c: registers, the doorbell and the scheduler */
void nv_host_kick(NvGpu *gpu);
void nv_doorbell(NvGpu *gpu, uint32_t token);
uint32_t nv_pfifo_intr(NvGpu *gpu);
/* nvgpu_host_work() without the interrupt-line update. */
bool nv_host_work(NvGpu *gpu);

/* chan.c: running a channel */
void nv_chan_run_slice(NvGpu *gpu, NvChannel *c);

/* classes.c: the objects of a channel */
void nv_chan_free_objects(NvChannel *c);
/* The channel's object of class row, or NULL when it has none. */
void *nv_chan_object(const NvChannel *c, unsigned row);

/* Register units */
NvUnitRead nv_pfifo_read, nv_pbdma_read, nv_pccsr_read, nv_usermode_read;
NvUnitWrite nv_pfifo_write, nv_pbdma_write, nv_pccsr_write, nv_usermode_write;

#endif
