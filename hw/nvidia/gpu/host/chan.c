/*
 * Running a channel: GPFIFO entries, pushbuffer segments, host methods
 * (TURING_CHANNEL_GPFIFO_A), semaphores, and routing methods >= 0x100 to the
 * engine object bound on the subchannel.
 *
 * Everything the channel reads from guest memory is copied into locals and
 * checked before use. Each slice is bounded (dwords, copy bytes); a method
 * that cannot proceed (an acquire not yet satisfied) parks the channel
 * without consuming the method, and other channels keep running.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/cl-c5c0.h"
#include "host.h"
#include "../engines/ce.h"
#include "../engines/compute.h"
#include "../engines/gr.h"
#include "../engines/i2m.h"
#include "../mem/mmu.h"

#define GP_LIMIT2_MAX   20      /* at most 1M GPFIFO entries */

typedef struct ChanCtx {
    NvGpu *gpu;
    NvChannel *c;
    NvPhys inst;
    NvPhys userd;
    uint32_t engine;            /* MMU engine id for faults */
    bool yield;
    bool faulted;               /* a memory access failed (already reported) */
    bool copied;                /* this slice has used its copy budget */
} ChanCtx;

/* The MMU engine id of the copy engine on the channel's runlist (fault records). */
static uint32_t ce_fault_engine(ChanCtx *x)
{
    int inst = nv_ce_inst_of_runlist(x->gpu, x->c->runlist);

    return NV_MMU_ENG_CE0 + (inst < 0 ? 0 : (uint32_t)inst);
}

/* ---- memory through the channel ---- */

static NvPhys chan_inst(NvGpu *gpu, const NvChannel *c)
{
    uint32_t v = gpu->r.fifo.pccsr_inst[c->chid];

    return (NvPhys) { (uint64_t)NV_FEX32(v, PCCSR_INST, PTR) << NV_PAGE_SHIFT_4K,
                      NV_FEX32(v, PCCSR_INST, TARGET) };
}

/* Virtual access in the channel's address space, page by page; faults are reported. */
static bool chan_virt(ChanCtx *x, uint64_t va, void *buf, size_t len, bool write)
{
    uint8_t *p = buf;

    while (len) {
        size_t chunk = (1u << NV_PAGE_SHIFT_4K) - (va & ((1u << NV_PAGE_SHIFT_4K) - 1));
        uint32_t reason;
        NvXlate t;

        chunk = chunk < len ? chunk : len;
        if (!nv_mmu_translate(x->gpu, x->inst, va, write, &t, &reason)) {
            x->faulted = true;
            nv_guest_error(x->gpu, "channel %u: MMU fault at 0x%llx (reason %u, engine 0x%x)",
                           x->c->chid, (unsigned long long)va, reason, x->engine);
            nv_fault_report(x->gpu, &(NvFault) {
                .inst = x->inst, .va = va, .reason = reason, .engine = x->engine,
                .access = write ? NV_FAULT_ACCESS_VIRT_WRITE : NV_FAULT_ACCESS_VIRT_READ,
            });
            return false;
        }
        if (t.sparse) {
            if (!write) {
                memset(p, 0, chunk);
            }
        } else if (!(write ? nv_phys_write(x->gpu, t.phys, p, chunk)
                           : nv_phys_read(x->gpu, t.phys, p, chunk))) {
            x->faulted = true;
            nv_guest_error(x->gpu, "channel %u: 0x%llx maps to missing memory 0x%llx",
                           x->c->chid, (unsigned long long)va,
                           (unsigned long long)t.phys.addr);
            return false;
        }
        va += chunk;
        p += chunk;
        len -= chunk;
    }
    return true;
}

static bool userd_rw(ChanCtx *x, uint32_t off, uint32_t *v, bool write)
{
    NvPhys at = { x->userd.addr + off, x->userd.target };

    return write ? nv_phys_write(x->gpu, at, v, 4) : nv_phys_read(x->gpu, at, v, 4);
}

/* ---- the engine memory interface ---- */

static bool eng_access(void *opaque, bool virt, uint32_t target, uint64_t addr,
                       void *buf, size_t len, bool write)
{
    ChanCtx *x = opaque;
    NvPhys p = { addr, target };

    if (virt) {
        return chan_virt(x, addr, buf, len, write);
    }
    if (write ? nv_phys_write(x->gpu, p, buf, len) : nv_phys_read(x->gpu, p, buf, len)) {
        return true;
    }
    x->faulted = true;
    nv_guest_error(x->gpu, "channel %u: physical %s at 0x%llx (target %u) failed", x->c->chid,
                   write ? "write" : "read", (unsigned long long)addr, target);
    return false;
}

static bool eng_read(void *o, bool virt, uint32_t target, uint64_t addr, void *buf, size_t len)
{
    return eng_access(o, virt, target, addr, buf, len, false);
}

static bool eng_write(void *o, bool virt, uint32_t target, uint64_t addr, const void *buf,
                      size_t len)
{
    return eng_access(o, virt, target, addr, (void *)buf, len, true);
}

static uint64_t eng_time(void *o)
{
    return nv_ptimer_now(((ChanCtx *)o)->gpu);
}

static void eng_nonstall(void *o)
{
    ChanCtx *x = o;

    x->gpu->r.fifo.intr |= R_PFIFO_INTR_0_NON_STALL_MASK;
}

static void eng_error(void *o, const char *msg)
{
    ChanCtx *x = o;

    nv_guest_error(x->gpu, "channel %u: engine error: %s", x->c->chid, msg);
}

/* VRAM pages of the channel's address space as host memory (the SM's fast path). */
static uint8_t *eng_page(void *o, uint64_t va, bool write, bool *fault)
{
    ChanCtx *x = o;
    uint32_t reason;
    NvXlate t;

    *fault = false;
    if (!nv_mmu_translate(x->gpu, x->inst, va, write, &t, &reason)) {
        uint8_t probe;

        /* report through the normal path, which records the fault */
        *fault = !chan_virt(x, va, &probe, 1, write);
        return NULL;
    }
    if (t.sparse || t.phys.target != NV_TARGET_VRAM ||
        t.phys.addr >= x->gpu->vram_size ||
        x->gpu->vram_size - t.phys.addr < (1u << NV_PAGE_SHIFT_4K)) {
        return NULL;    /* system memory and sparse pages take read/write */
    }
    return x->gpu->vram + (t.phys.addr & ~(uint64_t)((1u << NV_PAGE_SHIFT_4K) - 1));
}

static NvMemIf engine_mem(ChanCtx *x)
{
    return (NvMemIf) { x, eng_read, eng_write, eng_time, eng_nonstall, eng_error, eng_page };
}

/* ---- objects ---- */

void nv_chan_free_engines(NvChannel *c)
{
    if (c->compute) {
        nv_compute_fini(c->compute);
    }
    free(c->ce);
    free(c->i2m);
    free(c->compute);
    c->ce = NULL;
    c->i2m = NULL;
    c->compute = NULL;
}

static NvObjKind class_kind(uint32_t cls)
{
    switch (cls) {
    case NV_CLASS_TURING_DMA_COPY_A:
        return NV_OBJ_CE;
    case NV_CLASS_KEPLER_INLINE_TO_MEMORY_B:
        return NV_OBJ_I2M;
    case NV_CLASS_TURING_COMPUTE_A:
        return NV_OBJ_COMPUTE;
    case NV_CLASS_TURING_A:
    case NV_CLASS_FERMI_TWOD_A:
        return NV_OBJ_STATE_ONLY;
    }
    return NV_OBJ_NONE;
}

static bool set_object(ChanCtx *x, uint32_t subch, uint32_t data)
{
    NvChannel *c = x->c;
    uint32_t cls = NV_FEX32(data, C46F_SET_OBJECT, NVCLASS);
    NvObjKind kind = class_kind(cls);

    if (kind == NV_OBJ_CE && !c->ce && (c->ce = calloc(1, sizeof(NvCeState)))) {
        nv_ce_reset(c->ce);
    }
    if (kind == NV_OBJ_I2M && !c->i2m && (c->i2m = calloc(1, sizeof(NvI2mState)))) {
        nv_i2m_reset(c->i2m);
    }
    if (kind == NV_OBJ_COMPUTE && !c->compute &&
        (c->compute = calloc(1, sizeof(NvComputeState)))) {
        nv_compute_init(c->compute, &x->gpu->compute_cfg);
    }
    if (kind == NV_OBJ_NONE || (kind == NV_OBJ_CE && !c->ce) ||
        (kind == NV_OBJ_I2M && !c->i2m) || (kind == NV_OBJ_COMPUTE && !c->compute)) {
        return false;
    }
    c->obj[subch] = kind;
    c->obj_class[subch] = cls;
    return true;
}

/* ---- semaphores ---- */

typedef struct Sem {
    uint64_t va;
    uint64_t payload;
    bool wide;                  /* 64-bit payload */
} Sem;

static bool sem_read(ChanCtx *x, const Sem *s, uint64_t *v)
{
    uint32_t w[2] = { 0, 0 };

    if (!chan_virt(x, s->va, w, s->wide ? 8 : 4, false)) {
        return false;
    }
    *v = (uint64_t)w[1] << 32 | w[0];
    return true;
}

static bool sem_write(ChanCtx *x, uint64_t va, uint64_t v, bool wide)
{
    uint32_t w[2] = { (uint32_t)v, (uint32_t)(v >> 32) };

    return chan_virt(x, va, w, wide ? 8 : 4, true);
}

/* The host's REDUCTION encodings (both semaphore forms), as the engines' reductions. */
static const NvSemOp host_sem_ops[8] = {
    [NV_SEM_RED_MIN] = NV_SEM_OP_MIN, [NV_SEM_RED_MAX] = NV_SEM_OP_MAX,
    [NV_SEM_RED_XOR] = NV_SEM_OP_XOR, [NV_SEM_RED_AND] = NV_SEM_OP_AND,
    [NV_SEM_RED_OR] = NV_SEM_OP_OR, [NV_SEM_RED_ADD] = NV_SEM_OP_ADD,
    [NV_SEM_RED_INC] = NV_SEM_OP_INC, [NV_SEM_RED_DEC] = NV_SEM_OP_DEC,
};

static uint64_t reduce(uint32_t op, bool is_unsigned, bool wide, uint64_t cur, uint64_t arg)
{
    /* the reserved encodings 8-15 act as DEC, as they always have in the model */
    return nv_sem_reduce(op < 8 ? host_sem_ops[op] : NV_SEM_OP_DEC, !is_unsigned, wide, cur,
                         arg);
}

/* Parks the channel until the semaphore may have changed. */
static NvSinkResult park(ChanCtx *x)
{
    NvGpu *gpu = x->gpu;

    x->c->parked = true;
    gpu->any_parked = true;
    if (!gpu->poll_armed && gpu->plat.host_kick_at) {
        gpu->poll_armed = true;
        gpu->plat.host_kick_at(gpu->plat.opaque,
                               gpu->plat.time_ns(gpu->plat.opaque) + NV_ACQUIRE_POLL_NS);
    }
    return NV_SINK_RETRY;
}

/* Another channel's release may satisfy parked acquires: let them look again. */
static void unpark_all(NvGpu *gpu)
{
    if (!gpu->any_parked) {
        return;                 /* the common case: a release nobody waits for */
    }
    gpu->any_parked = false;
    for (uint32_t i = 0; i < NV_CHANNELS; i++) {
        if (gpu->chan[i] && gpu->chan[i]->parked) {
            gpu->chan[i]->parked = false;
        }
    }
}

static NvSinkResult sem_acquire(ChanCtx *x, bool met)
{
    return met ? NV_SINK_OK : park(x);
}

static NvSinkResult sem_fault(ChanCtx *x)
{
    nv_chan_fault(x->gpu, x->c, false);
    return NV_SINK_STOP;
}

/* SEMAPHORED (the A-D form). */
static NvSinkResult semaphore_d(ChanCtx *x, uint32_t data)
{
    NvChannel *c = x->c;
    Sem s = { (uint64_t)(c->sem_a & 0xff) << 32 | (c->sem_b & ~3u), c->sem_c, false };
    uint32_t op = NV_FEX32(data, C46F_SEMAPHORED, OPERATION);
    uint64_t v;

    if (op == NV_SEMD_OP_RELEASE) {
        uint32_t w[4] = { c->sem_c, 0, 0, 0 };
        uint64_t now = nv_ptimer_now(x->gpu);
        bool four = NV_FEX32(data, C46F_SEMAPHORED, RELEASE_SIZE_4BYTE);
        w[2] = (uint32_t)now;
        w[3] = (uint32_t)(now >> 32);
        if (!chan_virt(x, s.va, w, four ? 4 : sizeof(w), true)) {
            return sem_fault(x);
        }
        unpark_all(x->gpu);
        return NV_SINK_OK;
    }
    if (op != NV_SEMD_OP_ACQUIRE && op != NV_SEMD_OP_ACQ_GEQ && op != NV_SEMD_OP_ACQ_AND &&
        op != NV_SEMD_OP_REDUCTION) {
        nv_pbdma_error(x->gpu, c, NV_PBDMA_INTR_SEMAPHORE, 0, NV_C46F_SEMAPHORED, data);
        return NV_SINK_STOP;
    }
    if (!sem_read(x, &s, &v)) {
        return sem_fault(x);
    }
    switch (op) {
    case NV_SEMD_OP_ACQUIRE:
        return sem_acquire(x, (uint32_t)v == (uint32_t)s.payload);
    case NV_SEMD_OP_ACQ_GEQ:    /* wrapping comparison, as the hardware does */
        return sem_acquire(x, (int32_t)((uint32_t)v - (uint32_t)s.payload) >= 0);
    case NV_SEMD_OP_ACQ_AND:
        return sem_acquire(x, (v & s.payload) != 0);
    }
    v = reduce(NV_FEX32(data, C46F_SEMAPHORED, REDUCTION),
               NV_FEX32(data, C46F_SEMAPHORED, FORMAT_UNSIGNED), false, v, s.payload);
    if (!sem_write(x, s.va, v, false)) {
        return sem_fault(x);
    }
    unpark_all(x->gpu);
    return NV_SINK_OK;
}

/* SEM_EXECUTE (the Volta+ form with 64-bit payloads and optional timestamps). */
static NvSinkResult sem_execute(ChanCtx *x, uint32_t data)
{
    NvChannel *c = x->c;
    bool wide = NV_FEX32(data, C46F_SEM_EXECUTE, PAYLOAD_SIZE_64BIT);
    Sem s = { (uint64_t)(c->sem_addr_hi & 0xff) << 32 | (c->sem_addr_lo & ~3u),
              (uint64_t)c->sem_payload_hi << 32 | c->sem_payload_lo, wide };
    uint32_t op = NV_FEX32(data, C46F_SEM_EXECUTE, OPERATION);
    uint64_t v, mask = wide ? UINT64_MAX : UINT32_MAX;

    s.payload &= mask;
    if (op == NV_SEMX_OP_RELEASE) {
        if (!sem_write(x, s.va, s.payload, wide) ||
            (NV_FEX32(data, C46F_SEM_EXECUTE, RELEASE_TIMESTAMP) &&
             !sem_write(x, s.va + 8, nv_ptimer_now(x->gpu), true))) {
            return sem_fault(x);
        }
        unpark_all(x->gpu);
        return NV_SINK_OK;
    }
    if (op > NV_SEMX_OP_REDUCTION) {
        nv_pbdma_error(x->gpu, c, NV_PBDMA_INTR_SEMAPHORE, 0, NV_C46F_SEM_EXECUTE, data);
        return NV_SINK_STOP;
    }
    if (!sem_read(x, &s, &v)) {
        return sem_fault(x);
    }
    switch (op) {
    case NV_SEMX_OP_ACQUIRE:
        return sem_acquire(x, v == s.payload);
    case NV_SEMX_OP_ACQ_STRICT_GEQ:
        return sem_acquire(x, v >= s.payload);
    case NV_SEMX_OP_ACQ_CIRC_GEQ:
        return sem_acquire(x, wide ? (int64_t)(v - s.payload) >= 0
                                       : (int32_t)(uint32_t)(v - s.payload) >= 0);
    case NV_SEMX_OP_ACQ_AND:
        return sem_acquire(x, (v & s.payload) != 0);
    case NV_SEMX_OP_ACQ_NOR:
        return sem_acquire(x, (~(v | s.payload) & mask) != 0);
    }
    v = reduce(NV_FEX32(data, C46F_SEM_EXECUTE, REDUCTION),
               NV_FEX32(data, C46F_SEM_EXECUTE, FORMAT_UNSIGNED), wide, v, s.payload);
    if (!sem_write(x, s.va, v, wide)) {
        return sem_fault(x);
    }
    unpark_all(x->gpu);
    return NV_SINK_OK;
}

/* ---- methods ---- */

static NvSinkResult mem_op(ChanCtx *x, uint32_t data)
{
    switch (NV_FEX32(data, C46F_MEM_OP_D, OPERATION)) {
    case NV_MEMOP_MMU_TLB_INVALIDATE:
    case NV_MEMOP_MMU_TLB_INVALIDATE_TARGETED:
        nv_mmu_tlb_flush(x->gpu);
        return NV_SINK_OK;
    case NV_MEMOP_MEMBAR:
    case NV_MEMOP_L2_PEERMEM_INVALIDATE:
    case NV_MEMOP_L2_SYSMEM_INVALIDATE:
    case NV_MEMOP_L2_CLEAN_COMPTAGS:
    case NV_MEMOP_L2_FLUSH_DIRTY:
    case NV_MEMOP_L2_WAIT_FOR_SYS_PENDING_READS:
        return NV_SINK_OK;      /* the model has no caches to flush */
    }
    nv_pbdma_error(x->gpu, x->c, NV_PBDMA_INTR_METHOD, 0, NV_C46F_MEM_OP_D, data);
    return NV_SINK_STOP;
}

static NvSinkResult host_method(ChanCtx *x, uint32_t subch, uint32_t mthd, uint32_t data)
{
    NvChannel *c = x->c;

    switch (mthd) {
    case NV_C46F_SET_OBJECT:
        if (set_object(x, subch, data)) {
            return NV_SINK_OK;
        }
        break;
    case NV_C46F_NOP:
    case NV_C46F_FB_FLUSH:
    case NV_C46F_WFI:           /* work is synchronous: it is already idle */
    case NV_C46F_CRC_CHECK:
    case NV_C46F_CLEAR_FAULTED:
        return NV_SINK_OK;
    case NV_C46F_SEMAPHOREA:
        c->sem_a = data;
        return NV_SINK_OK;
    case NV_C46F_SEMAPHOREB:
        c->sem_b = data;
        return NV_SINK_OK;
    case NV_C46F_SEMAPHOREC:
        c->sem_c = data;
        return NV_SINK_OK;
    case NV_C46F_SEMAPHORED:
        return semaphore_d(x, data);
    case NV_C46F_NON_STALL_INTERRUPT:
        x->gpu->r.fifo.intr |= R_PFIFO_INTR_0_NON_STALL_MASK;
        return NV_SINK_OK;
    case NV_C46F_MEM_OP_A:
        c->memop_a = data;
        return NV_SINK_OK;
    case NV_C46F_MEM_OP_B:
        c->memop_b = data;
        return NV_SINK_OK;
    case NV_C46F_MEM_OP_C:
        c->memop_c = data;
        return NV_SINK_OK;
    case NV_C46F_MEM_OP_D:
        return mem_op(x, data);
    case NV_C46F_SET_REFERENCE:
        c->reference = data;
        userd_rw(x, NV_USERD_REF, &c->reference, true);
        return NV_SINK_OK;
    case NV_C46F_SEM_ADDR_LO:
        c->sem_addr_lo = data;
        return NV_SINK_OK;
    case NV_C46F_SEM_ADDR_HI:
        c->sem_addr_hi = data;
        return NV_SINK_OK;
    case NV_C46F_SEM_PAYLOAD_LO:
        c->sem_payload_lo = data;
        return NV_SINK_OK;
    case NV_C46F_SEM_PAYLOAD_HI:
        c->sem_payload_hi = data;
        return NV_SINK_OK;
    case NV_C46F_SEM_EXECUTE:
        return sem_execute(x, data);
    case NV_C46F_YIELD:
        x->yield = true;
        return NV_SINK_STOP;
    }
    /* ILLEGAL, an unknown host method, or SET_OBJECT of a class we do not have. */
    nv_pbdma_error(x->gpu, c, NV_PBDMA_INTR_METHOD, subch, mthd, data);
    return NV_SINK_STOP;
}

/* After an engine step: a finished blocking launch raises the CE's stalling interrupt. */
static void engine_interrupts(ChanCtx *x)
{
    NvCeState *ce = x->c->ce;

    if (ce && ce->blocking_intr) {
        ce->blocking_intr = false;
        nv_ce_interrupt(x->gpu, x->c, NV_CE_INTR_BLOCKPIPE, 0);
    }
}

/*
 * An engine error: a failed memory access was already reported as an MMU
 * fault (the channel just stops); a compute launch's error (logged with its
 * PC and warp) faults the channel; anything else is the CE's launch error.
 */
static void engine_error(ChanCtx *x, NvObjKind kind)
{
    if (kind == NV_OBJ_COMPUTE && !x->faulted) {
        nv_gr_sm_exception(x->gpu, x->inst, x->c->compute->err.kind);
    }
    if (x->faulted || kind == NV_OBJ_COMPUTE) {
        nv_chan_fault(x->gpu, x->c, true);
    } else {
        nv_ce_interrupt(x->gpu, x->c, NV_CE_INTR_LAUNCHERR, NV_CE_LAUNCH_ERR_INVALID);
    }
}

static NvSinkResult engine_status(ChanCtx *x, NvObjKind kind, NvEngineStatus st)
{
    engine_interrupts(x);
    if (st == NV_ENGINE_BUSY && (kind == NV_OBJ_CE || kind == NV_OBJ_COMPUTE)) {
        x->c->busy_engine = kind;
        return NV_SINK_STOP;    /* finish the copy/launch before the next method */
    }
    if (st == NV_ENGINE_ERROR) {
        engine_error(x, kind);
        return NV_SINK_STOP;
    }
    return NV_SINK_OK;          /* I2M "busy" only waits for its inline data */
}

static NvSinkResult chan_method(void *opaque, uint32_t subch, uint32_t mthd, uint32_t data)
{
    ChanCtx *x = opaque;
    NvChannel *c = x->c;
    NvMemIf mem = engine_mem(x);

    if (mthd < NV_HOST_METHOD_LIMIT) {
        return host_method(x, subch, mthd, data);
    }
    /*
     * The copy engine needs no SET_OBJECT: on a copy-engine runlist every
     * subchannel reaches it, on the GR runlist subchannel 4 (GRCE) does.
     */
    if (c->obj[subch] == NV_OBJ_NONE && subch < NV_SW_SUBCH_FIRST &&
        (subch == NV_GRCE_SUBCH || !nv_runlist_has_gr(x->gpu, c->runlist)) &&
        nv_ce_inst_of_runlist(x->gpu, c->runlist) >= 0) {
        set_object(x, subch, NV_CLASS_TURING_DMA_COPY_A);
    }
    switch (c->obj[subch]) {
    case NV_OBJ_CE:
        x->engine = ce_fault_engine(x);
        return engine_status(x, NV_OBJ_CE, nv_ce_method(c->ce, &mem, mthd, data));
    case NV_OBJ_I2M:
        x->engine = NV_MMU_ENG_HOST0 + (c->runlist < NV_PBDMAS ? c->runlist : 0);
        return engine_status(x, NV_OBJ_I2M, nv_i2m_method(c->i2m, &mem, mthd, data));
    case NV_OBJ_COMPUTE:
        x->engine = NV_MMU_ENG_GR;
        return engine_status(x, NV_OBJ_COMPUTE, nv_compute_method(c->compute, &mem, mthd, data));
    case NV_OBJ_STATE_ONLY:
        return NV_SINK_OK;              /* no 3D/2D pipeline: state is accepted, nothing drawn */
    default:
        /* No object: methods on subchannels 5-7 go to software, else it's an error. */
        nv_pbdma_error(x->gpu, c, subch >= NV_SW_SUBCH_FIRST ? NV_PBDMA_INTR_DEVICE
                                                             : NV_PBDMA_INTR_METHOD,
                       subch, mthd, data);
        return NV_SINK_STOP;
    }
}

/* ---- the GPFIFO ---- */

/* Reads RAMFC: USERD and the GP ring; false (with a PBDMA error) if unusable. */
static bool load_ramfc(ChanCtx *x, uint64_t *gp_base, uint32_t *entries)
{
    uint32_t f[0x50 / 4];
    NvPhys at = x->inst;
    uint32_t hi, limit2;

    if (!nv_phys_read(x->gpu, at, f, sizeof(f))) {
        nv_pbdma_error(x->gpu, x->c, NV_PBDMA_INTR_MEMREQ, 0, 0, 0);
        return false;
    }
    x->userd.addr = (uint64_t)f[NV_RAMFC_USERD_HI / 4] << 32 |
                    (f[NV_RAMFC_USERD_LO / 4] & NV_RAMFC_USERD_ADDR_MASK);
    x->userd.target = f[NV_RAMFC_USERD_LO / 4] & NV_RAMFC_USERD_TARGET_MASK;
    hi = f[NV_RAMFC_GP_BASE_HI / 4];
    limit2 = NV_FEX32(hi, RAMFC_GP_BASE_HI, LIMIT2);
    *gp_base = (uint64_t)NV_FEX32(hi, RAMFC_GP_BASE_HI, ADDR) << 32 |
               (f[NV_RAMFC_GP_BASE_LO / 4] & NV_RAMFC_GP_BASE_LO_MASK);
    *entries = 1u << (limit2 > GP_LIMIT2_MAX ? 0 : limit2);
    if (limit2 > GP_LIMIT2_MAX) {
        nv_pbdma_error(x->gpu, x->c, NV_PBDMA_INTR_GPFIFO, 0, 0, hi);
        return false;
    }
    return true;
}

static void write_back(ChanCtx *x)
{
    NvChannel *c = x->c;
    uint32_t v[] = { c->gp_get, (uint32_t)c->pb_get, (uint32_t)(c->pb_get >> 32),
                     (uint32_t)c->top_level_get, (uint32_t)(c->top_level_get >> 32) };

    userd_rw(x, NV_USERD_GP_GET, &v[0], true);
    userd_rw(x, NV_USERD_GET, &v[1], true);
    userd_rw(x, NV_USERD_GET_HI, &v[2], true);
    userd_rw(x, NV_USERD_TOP_LEVEL_GET, &v[3], true);
    userd_rw(x, NV_USERD_TOP_LEVEL_GET_HI, &v[4], true);
}

/* Fetches GP entry gp_get; false when the channel stopped (error or fault). */
static bool next_segment(ChanCtx *x, uint64_t gp_base, uint32_t entries)
{
    NvChannel *c = x->c;
    uint32_t e[2], len;

    x->engine = NV_MMU_ENG_HOST0 + (c->runlist < NV_PBDMAS ? c->runlist : 0);
    if (!chan_virt(x, gp_base + (uint64_t)c->gp_get * NV_GP_ENTRY_SIZE, e, sizeof(e), false)) {
        nv_chan_fault(x->gpu, c, false);
        return false;
    }
    len = NV_FEX32(e[1], GP_ENTRY1, LENGTH);
    if (len == 0) {                             /* a control entry */
        uint32_t op = NV_FEX32(e[1], GP_ENTRY1, OPCODE);
        if (op != NV_GP_OPCODE_NOP && op != NV_GP_OPCODE_GP_CRC && op != NV_GP_OPCODE_PB_CRC) {
            nv_pbdma_error(x->gpu, c, NV_PBDMA_INTR_GPENTRY, 0, 0, e[1]);
            return false;
        }
        c->gp_get = (c->gp_get + 1) % entries;
        return true;
    }
    c->pb_get = (uint64_t)NV_FEX32(e[1], GP_ENTRY1, GET_HI) << 32 |
                (e[0] & ~3u & ~(uint32_t)R_GP_ENTRY0_FETCH_CONDITIONAL_MASK);
    c->pb_left = len;
    c->in_segment = !(NV_FEX32(e[0], GP_ENTRY0, FETCH_CONDITIONAL) && c->pb.inactive);
    c->seg_top_level = !NV_FEX32(e[1], GP_ENTRY1, LEVEL_SUBROUTINE);
    if (!c->in_segment) {
        c->gp_get = (c->gp_get + 1) % entries;
    }
    return true;
}

/* Decodes part of the current segment; returns dwords consumed, or -1 to stop. */
static long run_segment(ChanCtx *x, uint32_t entries, uint32_t budget)
{
    NvChannel *c = x->c;
    uint32_t buf[NV_PB_FETCH_DWORDS], bad = 0;
    uint32_t n = c->pb_left < NV_PB_FETCH_DWORDS ? c->pb_left : NV_PB_FETCH_DWORDS;
    NvPbSink sink = { x, chan_method };
    NvPbResult r;
    size_t used;

    n = n < budget ? n : budget;
    x->engine = NV_MMU_ENG_HOST0 + (c->runlist < NV_PBDMAS ? c->runlist : 0);
    if (!chan_virt(x, c->pb_get, buf, n * 4, false)) {
        nv_chan_fault(x->gpu, c, false);
        return -1;
    }
    r = nv_pb_decode(&c->pb, buf, n, &sink, &used, &bad);
    c->pb_get += used * 4;
    c->pb_left -= used;
    if (c->seg_top_level) {
        c->top_level_get = c->pb_get;
    }
    if (r == NV_PB_BAD_ENTRY) {
        nv_pbdma_error(x->gpu, c, NV_PBDMA_INTR_PBENTRY, 0, 0, bad);
        return -1;
    }
    if (r == NV_PB_END_SEGMENT || c->pb_left == 0) {
        c->in_segment = false;
        c->pb_left = 0;
        c->gp_get = (c->gp_get + 1) % entries;
    }
    return r == NV_PB_STOPPED ? -1 : (long)(used ? used : 1);
}

/* Continues an engine operation; false while it still has work (slice over). */
static bool run_engine(ChanCtx *x)
{
    NvChannel *c = x->c;
    NvMemIf mem = engine_mem(x);
    NvEngineStatus st;

    NvObjKind kind = c->busy_engine;

    if ((kind != NV_OBJ_CE || !c->ce) && (kind != NV_OBJ_COMPUTE || !c->compute)) {
        c->busy_engine = NV_OBJ_NONE;
        return true;
    }
    if (x->copied) {
        return false;           /* one engine budget per slice: resume next slice */
    }
    x->copied = true;
    if (kind == NV_OBJ_CE) {
        x->engine = ce_fault_engine(x);
        st = nv_ce_run(c->ce, &mem, NV_SLICE_COPY_BYTES);
    } else {
        x->engine = NV_MMU_ENG_GR;
        st = nv_compute_run(c->compute, &mem, NV_SLICE_SM_INSNS);
    }
    engine_interrupts(x);
    if (st == NV_ENGINE_BUSY) {
        return false;
    }
    c->busy_engine = NV_OBJ_NONE;
    if (st == NV_ENGINE_ERROR) {
        engine_error(x, kind);
        return false;
    }
    return true;
}

void nv_chan_run_slice(NvGpu *gpu, NvChannel *c)
{
    ChanCtx x = { .gpu = gpu, .c = c, .inst = chan_inst(gpu, c) };
    uint32_t entries, gp_put = 0, budget = NV_SLICE_DWORDS;
    uint64_t gp_base;

    if (!load_ramfc(&x, &gp_base, &entries) || !run_engine(&x)) {
        return;
    }
    if (!userd_rw(&x, NV_USERD_GP_PUT, &gp_put, false) || gp_put >= entries) {
        nv_pbdma_error(gpu, c, NV_PBDMA_INTR_GPPTR, 0, 0, gp_put);
        return;
    }
    while (budget && nv_chan_runnable(gpu, c) && !x.yield) {
        long used;

        if (!c->in_segment) {
            if (c->gp_get == gp_put) {
                c->pending = false;             /* caught up */
                break;
            }
            if (!next_segment(&x, gp_base, entries)) {
                break;
            }
            budget--;
            continue;
        }
        used = run_segment(&x, entries, budget);
        if (used < 0) {
            run_engine(&x);
            break;
        }
        budget -= used < budget ? used : budget;
    }
    write_back(&x);
}
