/*
 * The host class TURING_CHANNEL_GPFIFO_A (0xc46f): methods below 0x100 on
 * any subchannel. Every value is kept (the channel's host_mthd[]); the
 * methods that act have a handler in the table at the end, and a method
 * without one is a PBDMA METHOD error. Semaphores park the channel on an
 * acquire that is not yet met (the method is presented again) and wake
 * parked channels on a release.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "chan.h"
#include "../engines/sem.h"
#include "../mem/mmu.h"

/* The last value of host method NAME. */
#define HOST_MTHD(h, name)  ((h)[A_C46F_##name / 4])

typedef NvSinkResult NvHostMethodFn(NvChanCtx *x, uint32_t subch, uint32_t data);

/* ---- semaphores ---- */

typedef struct Sem {
    uint64_t va;
    uint64_t payload;
    bool wide;                  /* 64-bit payload */
} Sem;

static bool sem_read(NvChanCtx *x, const Sem *s, uint64_t *v)
{
    uint32_t w[2] = { 0, 0 };

    if (!nv_chan_virt(x, s->va, w, s->wide ? 8 : 4, false)) {
        return false;
    }
    *v = (uint64_t)w[1] << 32 | w[0];
    return true;
}

static bool sem_write(NvChanCtx *x, uint64_t va, uint64_t v, bool wide)
{
    uint32_t w[2] = { (uint32_t)v, (uint32_t)(v >> 32) };

    return nv_chan_virt(x, va, w, wide ? 8 : 4, true);
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
static NvSinkResult park(NvChanCtx *x)
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

static NvSinkResult sem_acquire(NvChanCtx *x, bool met)
{
    return met ? NV_SINK_OK : park(x);
}

static NvSinkResult sem_fault(NvChanCtx *x)
{
    nv_chan_fault(x->gpu, x->c, false);
    return NV_SINK_STOP;
}

/* SEMAPHORED (the A-D form). */
static NvSinkResult host_semaphore_d(NvChanCtx *x, uint32_t subch, uint32_t data)
{
    const uint32_t *h = x->c->host_mthd;
    Sem s = { (uint64_t)NV_FEX32(HOST_MTHD(h, SEMAPHOREA), C46F_SEMAPHOREA, OFFSET_UPPER) << 32 |
                  (HOST_MTHD(h, SEMAPHOREB) & R_C46F_SEMAPHOREB_OFFSET_LOWER_MASK),
              HOST_MTHD(h, SEMAPHOREC), false };
    uint32_t op = NV_FEX32(data, C46F_SEMAPHORED, OPERATION);
    uint64_t v;

    if (op == NV_SEMD_OP_RELEASE) {
        uint32_t w[4] = { (uint32_t)s.payload, 0, 0, 0 };
        uint64_t now = nv_ptimer_now(x->gpu);
        bool four = NV_FEX32(data, C46F_SEMAPHORED, RELEASE_SIZE) == NV_SEMD_RELEASE_SIZE_4BYTE;
        w[2] = (uint32_t)now;
        w[3] = (uint32_t)(now >> 32);
        if (!nv_chan_virt(x, s.va, w, four ? 4 : sizeof(w), true)) {
            return sem_fault(x);
        }
        nv_host_unpark_all(x->gpu);     /* a release may satisfy parked acquires */
        return NV_SINK_OK;
    }
    if (op != NV_SEMD_OP_ACQUIRE && op != NV_SEMD_OP_ACQ_GEQ && op != NV_SEMD_OP_ACQ_AND &&
        op != NV_SEMD_OP_REDUCTION) {
        nv_pbdma_error(x->gpu, x->c, NV_ERR_PBDMA_SEMAPHORE, 0, A_C46F_SEMAPHORED, data);
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
               NV_FEX32(data, C46F_SEMAPHORED, FORMAT) == NV_SEMD_FORMAT_UNSIGNED, false, v,
               s.payload);
    if (!sem_write(x, s.va, v, false)) {
        return sem_fault(x);
    }
    nv_host_unpark_all(x->gpu);
    return NV_SINK_OK;
}

/* SEM_EXECUTE (the Volta+ form with 64-bit payloads and optional timestamps). */
static NvSinkResult host_sem_execute(NvChanCtx *x, uint32_t subch, uint32_t data)
{
    const uint32_t *h = x->c->host_mthd;
    bool wide = NV_FEX32(data, C46F_SEM_EXECUTE, PAYLOAD_SIZE) == NV_SEMX_PAYLOAD_SIZE_64BIT;
    Sem s = { (uint64_t)NV_FEX32(HOST_MTHD(h, SEM_ADDR_HI), C46F_SEM_ADDR_HI, OFFSET) << 32 |
                  (HOST_MTHD(h, SEM_ADDR_LO) & R_C46F_SEM_ADDR_LO_OFFSET_MASK),
              (uint64_t)HOST_MTHD(h, SEM_PAYLOAD_HI) << 32 | HOST_MTHD(h, SEM_PAYLOAD_LO), wide };
    uint32_t op = NV_FEX32(data, C46F_SEM_EXECUTE, OPERATION);
    uint64_t v, mask = wide ? UINT64_MAX : UINT32_MAX;

    s.payload &= mask;
    if (op == NV_SEMX_OP_RELEASE) {
        if (!sem_write(x, s.va, s.payload, wide) ||
            (NV_FEX32(data, C46F_SEM_EXECUTE, RELEASE_TIMESTAMP) &&
             !sem_write(x, s.va + 8, nv_ptimer_now(x->gpu), true))) {
            return sem_fault(x);
        }
        nv_host_unpark_all(x->gpu);
        return NV_SINK_OK;
    }
    if (op > NV_SEMX_OP_REDUCTION) {
        nv_pbdma_error(x->gpu, x->c, NV_ERR_PBDMA_SEMAPHORE, 0, A_C46F_SEM_EXECUTE, data);
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
               NV_FEX32(data, C46F_SEM_EXECUTE, REDUCTION_FORMAT) == NV_SEMX_FORMAT_UNSIGNED,
               wide, v, s.payload);
    if (!sem_write(x, s.va, v, wide)) {
        return sem_fault(x);
    }
    nv_host_unpark_all(x->gpu);
    return NV_SINK_OK;
}

static NvSinkResult host_mem_op(NvChanCtx *x, uint32_t subch, uint32_t data)
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
    nv_pbdma_error(x->gpu, x->c, NV_ERR_PBDMA_MEM_OP, 0, A_C46F_MEM_OP_D, data);
    return NV_SINK_STOP;
}

static NvSinkResult host_set_object(NvChanCtx *x, uint32_t subch, uint32_t data)
{
    return nv_chan_bind(x, subch, NV_FEX32(data, C46F_SET_OBJECT, NVCLASS)) ? NV_SINK_OK
                                                                           : NV_SINK_STOP;
}

/* Stored only, or complete at once (work is synchronous: WFI finds the host idle). */
static NvSinkResult host_accept(NvChanCtx *x, uint32_t subch, uint32_t data)
{
    return NV_SINK_OK;
}

static NvSinkResult host_nonstall(NvChanCtx *x, uint32_t subch, uint32_t data)
{
    x->gpu->r.fifo.intr |= R_PFIFO_INTR_0_NON_STALL_MASK;
    return NV_SINK_OK;
}

static NvSinkResult host_set_reference(NvChanCtx *x, uint32_t subch, uint32_t data)
{
    nv_chan_userd(x, NV_USERD_REF, &data, true);
    return NV_SINK_OK;
}

static NvSinkResult host_yield(NvChanCtx *x, uint32_t subch, uint32_t data)
{
    x->yield = true;
    return NV_SINK_STOP;
}

#define HOST_ROW(name, fn) [A_C46F_##name / 4] = fn,
static NvHostMethodFn *const host_methods[NV_HOST_METHOD_LIMIT / 4] = {
    HOST_ROW(SET_OBJECT, host_set_object)
    HOST_ROW(NOP, host_accept)
    HOST_ROW(SEMAPHOREA, host_accept)
    HOST_ROW(SEMAPHOREB, host_accept)
    HOST_ROW(SEMAPHOREC, host_accept)
    HOST_ROW(SEMAPHORED, host_semaphore_d)
    HOST_ROW(NON_STALL_INTERRUPT, host_nonstall)
    HOST_ROW(FB_FLUSH, host_accept)
    HOST_ROW(MEM_OP_A, host_accept)
    HOST_ROW(MEM_OP_B, host_accept)
    HOST_ROW(MEM_OP_C, host_accept)
    HOST_ROW(MEM_OP_D, host_mem_op)
    HOST_ROW(SET_REFERENCE, host_set_reference)
    HOST_ROW(SEM_ADDR_LO, host_accept)
    HOST_ROW(SEM_ADDR_HI, host_accept)
    HOST_ROW(SEM_PAYLOAD_LO, host_accept)
    HOST_ROW(SEM_PAYLOAD_HI, host_accept)
    HOST_ROW(SEM_EXECUTE, host_sem_execute)
    HOST_ROW(WFI, host_accept)
    HOST_ROW(CRC_CHECK, host_accept)
    HOST_ROW(YIELD, host_yield)
    HOST_ROW(CLEAR_FAULTED, host_accept)
};

NvSinkResult nv_host_method(NvChanCtx *x, uint32_t subch, uint32_t mthd, uint32_t data)
{
    NvHostMethodFn *fn = host_methods[(mthd % NV_HOST_METHOD_LIMIT) / 4];

    x->engine = nv_chan_host_engine(x->c);
    if (!fn) {                  /* ILLEGAL, or a method the host does not have */
        nv_pbdma_error(x->gpu, x->c, NV_ERR_PBDMA_BAD_METHOD, subch, mthd, data);
        return NV_SINK_STOP;
    }
    x->c->host_mthd[(mthd % NV_HOST_METHOD_LIMIT) / 4] = data;
    return fn(x, subch, data);
}
