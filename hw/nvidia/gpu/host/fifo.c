/*
 * PFIFO: its registers (runlists, interrupts, preemption), the doorbell and
 * the usermode window, and the scheduler.
 *
 * Host work itself runs in nv_host_work(), called by the front end when the
 * model asks for it (NvPlatform.host_kick); a slice of one channel is
 * chan.c's. MMIO only records state and asks the front end for a kick, so a
 * register write never waits for channel work. Binds, runlist submits and
 * preemptions complete at once: between two host slices no channel is on a
 * PBDMA.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "host.h"

void nv_host_kick(NvGpu *gpu)
{
    if (gpu->plat.host_kick) {
        gpu->plat.host_kick(gpu->plat.opaque);
    }
}

uint32_t nv_pfifo_intr(NvGpu *gpu)
{
    uint32_t v = gpu->r.fifo.intr;

    return nv_pbdma_pending(gpu) ? NV_FDP32(v, PFIFO_INTR_0, PBDMA_INTR, 1) : v;
}

/* ---- PFIFO registers ---- */

/* A scheduler error: SCHED_ERROR in PFIFO_INTR_0 with its code (the guest error is the caller's). */
static void sched_error(NvGpu *gpu, uint32_t code)
{
    gpu->r.fifo.sched_error = NV_FDP32(0, PFIFO_INTR_SCHED_ERROR, CODE, code);
    gpu->r.fifo.intr |= R_PFIFO_INTR_0_SCHED_ERROR_MASK;
}

/* Reads and checks a submitted runlist; entries are hints for the scheduler. */
static void runlist_submit(NvGpu *gpu, unsigned rl, uint32_t count)
{
    uint64_t base = (uint64_t)gpu->r.fifo.rl_base_hi[rl] << 32 |
                    (gpu->r.fifo.rl_base_lo[rl] & ~0xfffu);
    uint32_t e[4];

    gpu->r.fifo.rl_count[rl] = count;
    if (nv_trace_on(gpu, NV_TRACE_RUNLIST)) {
        nv_trace(gpu, &(NvTraceRecord) { .id = NV_TRACE_RUNLIST, .runlist = { rl, count, base } });
    }
    if (count > NV_RUNLIST_MAX_ENTRIES) {
        NV_GUEST_ERR(gpu, RUNLIST_TOO_LONG, "runlist %u: %u entries (at most %u)", rl, count,
                     NV_RUNLIST_MAX_ENTRIES);
        sched_error(gpu, NV_SCHED_ERROR_RL_RDAT_EXTRA);
        return;
    }
    for (uint32_t i = 0; i < count; i++) {
        NvPhys at = { base + (uint64_t)i * NV_RUNLIST_ENTRY_SIZE, NV_TARGET_VRAM };
        if (!nv_phys_read(gpu, at, e, sizeof(e))) {
            NV_GUEST_ERR(gpu, RUNLIST_UNREADABLE, "runlist %u: entry %u at 0x%llx is not in VRAM",
                         rl, i, (unsigned long long)at.addr);
            sched_error(gpu, NV_SCHED_ERROR_RL_RDAT_TIMEOUT);
            return;
        }
        if (!(e[0] & NV_RL_TYPE_TSG)) {
            NvChannel *c = nv_chan_get(gpu, e[2] & NV_RL_CHAN_ID_MASK);
            if (c) {
                c->runlist = rl;
                c->pending = true;      /* (re)scheduling looks at its GP_PUT */
            }
        }
    }
    nv_host_kick(gpu);
}

bool nv_pfifo_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    unsigned i;

    if (nv_in_array(addr, A_PFIFO_PBDMA_RUNLISTS(0), 4, NV_PBDMAS, &i)) {
        *val = 1u << i;                         /* PBDMA p serves runlist p */
    } else if (nv_in_array(addr, A_PFIFO_RUNLIST_BASE_LO(0), 0x10, NV_RUNLISTS, &i)) {
        *val = gpu->r.fifo.rl_base_lo[i];
    } else if (nv_in_array(addr, A_PFIFO_RUNLIST_BASE_HI(0), 0x10, NV_RUNLISTS, &i)) {
        *val = gpu->r.fifo.rl_base_hi[i];
    } else if (nv_in_array(addr, A_PFIFO_RUNLIST_SUBMIT(0), 0x10, NV_RUNLISTS, &i)) {
        *val = gpu->r.fifo.rl_count[i];
    } else if (nv_in_array(addr, A_PFIFO_RUNLIST_STATUS(0), 0x10, NV_RUNLISTS, &i) ||
               nv_in_array(addr, A_PFIFO_ENGINE_STATUS(0), 8, NV_PFIFO_ENGINES, &i) ||
               nv_in_array(addr, A_PFIFO_PBDMA_STATUS(0), 4, NV_PBDMAS, &i)) {
        *val = 0;                               /* submitted, idle */
    } else {
        switch (addr) {
        case A_PFIFO_PBDMA_COUNT:
            *val = NV_PBDMAS;
            return true;
        case A_PFIFO_CHANNEL_COUNT:
            *val = NV_CHANNELS;
            return true;
        case A_PFIFO_INTR_0:
            *val = nv_pfifo_intr(gpu);
            return true;
        case A_PFIFO_INTR_EN_0:
            *val = gpu->r.fifo.intr_en;
            return true;
        case A_PFIFO_PBDMA_INTR_PENDING:
            *val = nv_pbdma_pending(gpu);
            return true;
        case A_PFIFO_RUNLIST_BLOCK:
            *val = gpu->r.fifo.runlist_block;
            return true;
        case A_PFIFO_PREEMPT:                   /* complete: pending reads 0 */
            *val = gpu->r.fifo.preempt & ~R_PFIFO_PREEMPT_PENDING_MASK;
            return true;
        case A_PFIFO_RUNLIST_PREEMPT:
            *val = gpu->r.fifo.runlist_preempt;
            return true;
        case A_PFIFO_INTR_SCHED_ERROR:
            *val = gpu->r.fifo.sched_error;
            return true;
        }
        return false;
    }
    return true;
}

bool nv_pfifo_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    unsigned i;

    if (nv_in_array(addr, A_PFIFO_RUNLIST_BASE_LO(0), 0x10, NV_RUNLISTS, &i)) {
        gpu->r.fifo.rl_base_lo[i] = val;
    } else if (nv_in_array(addr, A_PFIFO_RUNLIST_BASE_HI(0), 0x10, NV_RUNLISTS, &i)) {
        gpu->r.fifo.rl_base_hi[i] = val;
    } else if (nv_in_array(addr, A_PFIFO_RUNLIST_SUBMIT(0), 0x10, NV_RUNLISTS, &i)) {
        runlist_submit(gpu, i, val);
    } else {
        switch (addr) {
        case A_PFIFO_INTR_0:
            gpu->r.fifo.intr &= ~val;
            return true;
        case A_PFIFO_INTR_EN_0:
            gpu->r.fifo.intr_en = val;
            return true;
        case A_PFIFO_RUNLIST_BLOCK:
            gpu->r.fifo.runlist_block = val;
            nv_host_kick(gpu);                  /* unblocking may free work */
            return true;
        case A_PFIFO_PREEMPT:
            gpu->r.fifo.preempt = val;
            return true;
        case A_PFIFO_RUNLIST_PREEMPT:
            gpu->r.fifo.runlist_preempt = val;
            return true;
        }
        return false;
    }
    return true;
}

/* ---- the doorbell (usermode 0xbb0090) ---- */

void nv_doorbell(NvGpu *gpu, uint32_t token)
{
    uint32_t chid = NV_FEX32(token, USERMODE_DOORBELL, CHID);
    uint32_t rl = NV_FEX32(token, USERMODE_DOORBELL, RUNLIST);
    NvChannel *c = nv_chan_get(gpu, chid);

    if (!c || rl >= NV_RUNLISTS) {
        NV_GUEST_ERR(gpu, DOORBELL_NO_CHANNEL,
                     "doorbell 0x%08x: no bound channel %u on runlist %u", token, chid, rl);
        sched_error(gpu, NV_SCHED_ERROR_BAD_TSG);
        return;
    }
    if (nv_trace_on(gpu, NV_TRACE_DOORBELL)) {
        nv_trace(gpu, &(NvTraceRecord) { .id = NV_TRACE_DOORBELL, .doorbell = { chid, rl } });
    }
    c->runlist = rl;
    c->pending = true;
    nv_host_kick(gpu);
}

/* The usermode window: the time registers and the doorbell. */
bool nv_usermode_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (addr == A_USERMODE_TIME_0 || addr == A_USERMODE_TIME_1) {
        *val = nv_ptimer_read_time(gpu, addr == A_USERMODE_TIME_1);
        return true;
    }
    return false;
}

bool nv_usermode_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    if (addr == A_USERMODE_DOORBELL) {
        nv_doorbell(gpu, val);
        return true;
    }
    return false;
}

/* ---- the scheduler ---- */

/*
 * One pass of the scheduler: each runnable channel one slice, round robin
 * from where the last call stopped. Only bound channels are visited (a
 * doorbell's round trip does not walk all 512 ids).
 */
bool nv_host_work(NvGpu *gpu)
{
    uint32_t start = gpu->next_chid;
    unsigned slices = 0;

    /* Parked acquires look again on every pass (and the poll re-arms if needed). */
    gpu->poll_armed = false;
    nv_host_unpark_all(gpu);
    for (unsigned pass = 0; pass < 2; pass++) {     /* [start, end), then [0, start) */
        uint32_t end = pass ? start : NV_CHANNELS;

        for (uint32_t chid = nv_chan_next_bound(gpu, pass ? 0 : start);
             chid < end && slices < NV_SLICES_PER_CALL; chid = nv_chan_next_bound(gpu, chid + 1)) {
            NvChannel *c = gpu->chan[chid];

            if (nv_preempted(gpu)) {
                return true;    /* let the waiting thread in; the rest stays runnable */
            }
            if (nv_chan_runnable(gpu, c)) {
                nv_chan_run_slice(gpu, c);
                slices++;
                gpu->next_chid = (chid + 1) % NV_CHANNELS;
                if (gpu->plat.host_yield) {
                    /* MMIO may bind, unbind or reset here: channels are looked up again */
                    gpu->plat.host_yield(gpu->plat.opaque);
                }
            }
        }
    }
    for (uint32_t i = nv_chan_next_bound(gpu, 0); i < NV_CHANNELS; i = nv_chan_next_bound(gpu, i + 1)) {
        if (nv_chan_runnable(gpu, gpu->chan[i])) {
            return true;
        }
    }
    return false;
}
