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

#define NV_SLICE_DWORDS         2048    /* pushbuffer dwords per channel per slice */
#define NV_SLICE_COPY_BYTES     (256u << 10)  /* bounds one slice's main-loop time */
#define NV_SLICES_PER_CALL      16
#define NV_SLICE_SM_INSNS       (1u << 20)   /* SM warp-instructions per channel slice */
#define NV_ACQUIRE_POLL_NS      100000  /* how often a parked acquire looks again */
#define NV_PB_FETCH_DWORDS      256

typedef struct NvCeState NvCeState;
typedef struct NvI2mState NvI2mState;

/*
 * What a subchannel is bound to (by SET_OBJECT, or implicitly the copy
 * engine, see chan_method()). STATE_ONLY: the 3D and 2D classes bind and
 * take every method (drivers set their state up at context creation), but the
 * model executes none of them.
 */
typedef enum NvObjKind {
    NV_OBJ_NONE, NV_OBJ_CE, NV_OBJ_I2M, NV_OBJ_COMPUTE, NV_OBJ_STATE_ONLY
} NvObjKind;

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
    NvObjKind obj[NV_SUBCHANNELS];
    uint32_t obj_class[NV_SUBCHANNELS];
    NvObjKind busy_engine;      /* an engine operation still running */
    NvCeState *ce;
    NvI2mState *i2m;
    struct NvComputeState *compute;
    uint32_t sem_a, sem_b, sem_c;
    uint32_t sem_addr_lo, sem_addr_hi, sem_payload_lo, sem_payload_hi;
    uint32_t reference;
    uint32_t memop_a, memop_b, memop_c;
} NvChannel;

/* channel.c: lifecycle and PCCSR */
NvChannel *nv_chan_get(NvGpu *gpu, uint32_t chid);
bool nv_chan_runnable(NvGpu *gpu, const NvChannel *c);
void nv_host_free(NvGpu *gpu);
void nv_host_reset(NvGpu *gpu);

/* pbdma.c: PBDMA registers and the latches of a channel's errors */
void nv_chan_fault(NvGpu *gpu, NvChannel *c, bool engine);
void nv_pbdma_error(NvGpu *gpu, NvChannel *c, uint32_t bit, uint32_t subch,
                    uint32_t mthd, uint32_t data);
/* A copy-engine interrupt on the channel's LCE; LAUNCHERR also faults the channel. */
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
void nv_chan_free_engines(NvChannel *c);

/* Register units */
NvUnitRead nv_pfifo_read, nv_pbdma_read, nv_pccsr_read, nv_usermode_read;
NvUnitWrite nv_pfifo_write, nv_pbdma_write, nv_pccsr_write, nv_usermode_write;

#endif
