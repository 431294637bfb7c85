/*
 * PFIFO, PCCSR, PBDMA and copy-engine interrupt registers, the doorbell, and
 * the channel lifecycle (bind, enable, fault, unbind).
 *
 * Host work itself runs in nvgpu_host_work() (chan.c runs one slice); MMIO
 * only records state and asks the front end for a kick, so a register write
 * never waits for channel work. Binds, runlist submits and preemptions
 * complete at once: between two host slices no channel is on a PBDMA.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdlib.h>

#include "host.h"
#include "mmu.h"
#include "units.h"

/* ---- channels ---- */

NvChannel *nv_chan_get(NvGpu *gpu, uint32_t chid)
{
    return chid < NV_CHANNELS ? gpu->chan[chid] : NULL;
}

static void chan_unbind(NvGpu *gpu, uint32_t chid)
{
    NvChannel *c = gpu->chan[chid];

    if (c) {
        nv_chan_free_engines(c);
        free(c);
        gpu->chan[chid] = NULL;
    }
}

/* Binding (again) starts the channel from scratch: GP_GET 0, no objects. */
static void chan_bind(NvGpu *gpu, uint32_t chid)
{
    chan_unbind(gpu, chid);
    gpu->chan[chid] = calloc(1, sizeof(NvChannel));
    if (gpu->chan[chid]) {
        gpu->chan[chid]->chid = chid;
        nv_pb_reset(&gpu->chan[chid]->pb);
    } else {
        nv_guest_error(gpu, "channel %u: out of host memory for its state", chid);
    }
}

bool nv_chan_runnable(NvGpu *gpu, const NvChannel *c)
{
    uint32_t ctrl = gpu->r.fifo.pccsr_ctrl[c->chid];

    return c->pending && !c->parked && NV_FEX32(ctrl, PCCSR_CHANNEL, ENABLE) &&
           !(ctrl & (R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK | R_PCCSR_CHANNEL_ENG_FAULTED_MASK)) &&
           !(gpu->r.fifo.runlist_block & (1u << c->runlist));
}

/* A faulted channel stops until the driver clears the fault or unbinds it. */
void nv_chan_fault(NvGpu *gpu, NvChannel *c, bool engine)
{
    gpu->r.fifo.pccsr_ctrl[c->chid] |= engine ? R_PCCSR_CHANNEL_ENG_FAULTED_MASK
                                              : R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK;
    c->pending = false;
}

/* A PBDMA error: latch what it was working on, raise INTR_0, stop the channel. */
void nv_pbdma_error(NvGpu *gpu, NvChannel *c, uint32_t bit, uint32_t subch,
                    uint32_t mthd, uint32_t data)
{
    unsigned p = c->runlist < NV_PBDMAS ? c->runlist : 0;

    gpu->r.fifo.pbdma_intr0[p] |= bit;
    gpu->r.fifo.pbdma_method[p] = subch << NV_PBDMA_METHOD0_SUBCH_SHIFT | mthd;
    gpu->r.fifo.pbdma_data[p] = data;
    gpu->r.fifo.pbdma_chid[p] = c->chid;
    nv_guest_error(gpu, "PBDMA%u: error 0x%08x on channel %u (subch %u method 0x%04x "
                   "data 0x%08x)", p, bit, c->chid, subch, mthd, data);
    nv_chan_fault(gpu, c, false);
}

/* The copy engine (LCE instance) serving runlist rl, or -1. */
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

/* Whether runlist rl serves GR (else only copy engines: no SET_OBJECT needed). */
bool nv_runlist_has_gr(const NvGpu *gpu, uint32_t rl)
{
    const NvTopEngine *e = nv_top_engine(gpu, NV_PTOP_TYPE_GR);

    return e && !e->no_runlist && e->runlist == rl;
}

/*
 * A copy-engine interrupt on the channel's LCE: BLOCKPIPE for a finished
 * blocking launch, or LAUNCHERR with its code (which also stops the channel).
 */
void nv_ce_interrupt(NvGpu *gpu, NvChannel *c, uint32_t bit, uint32_t code)
{
    int inst = nv_ce_inst_of_runlist(gpu, c->runlist);

    if (inst >= 0) {
        gpu->r.fifo.ce_intr[inst] |= bit;
        if (bit == NV_CE_INTR_LAUNCHERR) {
            gpu->r.fifo.ce_launch_err[inst] = code;
        }
    }
    if (bit == NV_CE_INTR_LAUNCHERR) {
        nv_chan_fault(gpu, c, true);
    }
}

void nv_host_kick(NvGpu *gpu)
{
    if (gpu->plat.host_kick) {
        gpu->plat.host_kick(gpu->plat.opaque);
    }
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

/* ---- interrupt lines ---- */

static uint32_t pbdma_pending(const NvGpu *gpu)
{
    uint32_t mask = 0;

    for (unsigned p = 0; p < NV_PBDMAS; p++) {
        if ((gpu->r.fifo.pbdma_intr0[p] & gpu->r.fifo.pbdma_en0[p]) ||
            (gpu->r.fifo.pbdma_intr1[p] & gpu->r.fifo.pbdma_en1[p])) {
            mask |= 1u << p;
        }
    }
    return mask;
}

uint32_t nv_pfifo_intr(NvGpu *gpu)
{
    uint32_t v = gpu->r.fifo.intr;

    return pbdma_pending(gpu) ? NV_FDP32(v, PFIFO_INTR_0, PBDMA_INTR, 1) : v;
}

uint32_t nv_ce_intr_lines(NvGpu *gpu)
{
    const NvChipProfile *chip = &gpu->chip;
    uint32_t lines = 0;

    for (size_t i = 0; i < chip->engine_count; i++) {
        const NvTopEngine *e = &chip->engines[i];
        if (e->type == NV_PTOP_TYPE_LCE && e->inst < NV_CE_INSTANCES &&
            (gpu->r.fifo.ce_intr[e->inst] & gpu->r.fifo.ce_intr_en[e->inst])) {
            lines |= NV_PMC_INTR_CE(e->intr);
        }
    }
    return lines;
}

/* ---- PFIFO registers ---- */

/* Reads and checks a submitted runlist; entries are hints for the scheduler. */
static void runlist_submit(NvGpu *gpu, unsigned rl, uint32_t count)
{
    uint64_t base = (uint64_t)gpu->r.fifo.rl_base_hi[rl] << 32 |
                    (gpu->r.fifo.rl_base_lo[rl] & ~0xfffu);
    uint32_t e[4];

    gpu->r.fifo.rl_count[rl] = count;
    if (count > NV_RUNLIST_MAX_ENTRIES) {
        nv_guest_error(gpu, "runlist %u: %u entries (at most %u)", rl, count,
                       NV_RUNLIST_MAX_ENTRIES);
        return;
    }
    for (uint32_t i = 0; i < count; i++) {
        NvPhys at = { base + (uint64_t)i * NV_RUNLIST_ENTRY_SIZE, NV_TARGET_VRAM };
        if (!nv_phys_read(gpu, at, e, sizeof(e))) {
            nv_guest_error(gpu, "runlist %u: entry %u at 0x%llx is not in VRAM", rl, i,
                           (unsigned long long)at.addr);
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

static bool in_array(uint32_t addr, uint32_t base, uint32_t stride, unsigned n, unsigned *i)
{
    if (addr < base || (addr - base) % stride || (addr - base) / stride >= n) {
        return false;
    }
    *i = (addr - base) / stride;
    return true;
}

bool nv_pfifo_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    unsigned i;

    if (in_array(addr, A_PFIFO_PBDMA_RUNLISTS(0), 4, NV_PBDMAS, &i)) {
        *val = 1u << i;                         /* PBDMA p serves runlist p */
    } else if (in_array(addr, A_PFIFO_RUNLIST_BASE_LO(0), 0x10, NV_RUNLISTS, &i)) {
        *val = gpu->r.fifo.rl_base_lo[i];
    } else if (in_array(addr, A_PFIFO_RUNLIST_BASE_HI(0), 0x10, NV_RUNLISTS, &i)) {
        *val = gpu->r.fifo.rl_base_hi[i];
    } else if (in_array(addr, A_PFIFO_RUNLIST_SUBMIT(0), 0x10, NV_RUNLISTS, &i)) {
        *val = gpu->r.fifo.rl_count[i];
    } else if (in_array(addr, A_PFIFO_RUNLIST_STATUS(0), 0x10, NV_RUNLISTS, &i) ||
               in_array(addr, A_PFIFO_ENGINE_STATUS(0), 8, NV_PFIFO_ENGINES, &i) ||
               in_array(addr, A_PFIFO_PBDMA_STATUS(0), 4, NV_PBDMAS, &i)) {
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
            *val = pbdma_pending(gpu);
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
        }
        return false;
    }
    return true;
}

bool nv_pfifo_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    unsigned i;

    if (in_array(addr, A_PFIFO_RUNLIST_BASE_LO(0), 0x10, NV_RUNLISTS, &i)) {
        gpu->r.fifo.rl_base_lo[i] = val;
    } else if (in_array(addr, A_PFIFO_RUNLIST_BASE_HI(0), 0x10, NV_RUNLISTS, &i)) {
        gpu->r.fifo.rl_base_hi[i] = val;
    } else if (in_array(addr, A_PFIFO_RUNLIST_SUBMIT(0), 0x10, NV_RUNLISTS, &i)) {
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

/* ---- PBDMA registers ---- */

/* PBDMA registers: offset in PBDMA 0 and the array (indexed by PBDMA) behind it. */
static const struct {
    uint32_t reg;
    size_t field;
} pbdma_regs[] = {
    { A_PBDMA_METHOD0(0), offsetof(NvRegs, fifo.pbdma_method) },
    { A_PBDMA_DATA0(0), offsetof(NvRegs, fifo.pbdma_data) },
    { A_PBDMA_INTR_0(0), offsetof(NvRegs, fifo.pbdma_intr0) },
    { A_PBDMA_INTR_EN_0(0), offsetof(NvRegs, fifo.pbdma_en0) },
    { A_PBDMA_CHANNEL(0), offsetof(NvRegs, fifo.pbdma_chid) },
    { A_PBDMA_INTR_1(0), offsetof(NvRegs, fifo.pbdma_intr1) },
    { A_PBDMA_INTR_EN_1(0), offsetof(NvRegs, fifo.pbdma_en1) },
    { A_PBDMA_TIMEOUT(0), offsetof(NvRegs, fifo.pbdma_timeout) },   /* storage only */
    { A_PBDMA_CONFIG(0), offsetof(NvRegs, fifo.pbdma_config) },
};

static uint32_t *pbdma_reg(NvGpu *gpu, uint32_t addr)
{
    unsigned p = (addr - A_PBDMA_METHOD0(0)) / NV_PBDMA_STRIDE;
    uint32_t reg = addr - p * NV_PBDMA_STRIDE;

    if (addr < A_PBDMA_METHOD0(0) || p >= NV_PBDMAS) {
        return NULL;
    }
    for (size_t i = 0; i < sizeof(pbdma_regs) / sizeof(pbdma_regs[0]); i++) {
        if (pbdma_regs[i].reg == reg) {
            return (uint32_t *)((char *)&gpu->r + pbdma_regs[i].field) + p;
        }
    }
    return NULL;
}

bool nv_pbdma_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    uint32_t *r = pbdma_reg(gpu, addr);

    if (r) {
        *val = *r;
    }
    return r;
}

bool nv_pbdma_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    uint32_t *r = pbdma_reg(gpu, addr);
    uint32_t p = (addr - A_PBDMA_METHOD0(0)) / NV_PBDMA_STRIDE;

    if (!r || r == &gpu->r.fifo.pbdma_chid[p]) {
        return r != NULL;                       /* CHANNEL is read-only */
    }
    if (r == &gpu->r.fifo.pbdma_intr0[p] || r == &gpu->r.fifo.pbdma_intr1[p]) {
        *r &= ~val;                             /* write-1-clear */
    } else {
        *r = val;
    }
    return true;
}

/* ---- PCCSR ---- */

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

/* ---- the doorbell (usermode 0xbb0090) ---- */

void nv_doorbell(NvGpu *gpu, uint32_t token)
{
    uint32_t chid = NV_FEX32(token, USERMODE_DOORBELL, CHID);
    uint32_t rl = NV_FEX32(token, USERMODE_DOORBELL, RUNLIST);
    NvChannel *c = nv_chan_get(gpu, chid);

    if (!c || rl >= NV_RUNLISTS) {
        nv_guest_error(gpu, "doorbell 0x%08x: no bound channel %u on runlist %u", token,
                       chid, rl);
        return;
    }
    c->runlist = rl;
    c->pending = true;
    nv_host_kick(gpu);
}

/* ---- copy-engine interrupt unit ---- */

bool nv_ceintr_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    unsigned i;

    if (addr == A_CE_PCE_MAP) {
        *val = NV_CE_PCE_MAP_VALUE;
    } else if (in_array(addr, A_CE_INTR_EN(0), 0x80, NV_CE_INSTANCES, &i)) {
        *val = gpu->r.fifo.ce_intr_en[i];
    } else if (in_array(addr, A_CE_INTR_STATUS(0), 0x80, NV_CE_INSTANCES, &i)) {
        *val = gpu->r.fifo.ce_intr[i];
    } else if (in_array(addr, A_CE_LAUNCH_ERR(0), 0x80, NV_CE_INSTANCES, &i)) {
        *val = gpu->r.fifo.ce_launch_err[i];
    } else {
        return false;
    }
    return true;
}

bool nv_ceintr_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    unsigned i;

    if (in_array(addr, A_CE_INTR_EN(0), 0x80, NV_CE_INSTANCES, &i)) {
        gpu->r.fifo.ce_intr_en[i] = val;
    } else if (in_array(addr, A_CE_INTR_STATUS(0), 0x80, NV_CE_INSTANCES, &i)) {
        gpu->r.fifo.ce_intr[i] &= ~val;
    } else {
        return false;
    }
    return true;
}

/* ---- the scheduler ---- */

bool nvgpu_host_work(NvGpu *gpu)
{
    unsigned slices = 0;
    bool more = false;

    /* Parked acquires look again on every pass (and the poll re-arms if needed). */
    gpu->poll_armed = false;
    gpu->any_parked = false;
    for (uint32_t i = 0; i < NV_CHANNELS; i++) {
        if (gpu->chan[i]) {
            gpu->chan[i]->parked = false;
        }
    }
    /* Round robin from where the last call stopped: each runnable channel once. */
    uint32_t start = gpu->next_chid;
    for (uint32_t n = 0; n < NV_CHANNELS && slices < NV_SLICES_PER_CALL; n++) {
        uint32_t chid = (start + n) % NV_CHANNELS;
        NvChannel *c = gpu->chan[chid];

        if (c && nv_chan_runnable(gpu, c)) {
            nv_chan_run_slice(gpu, c);
            slices++;
            gpu->next_chid = (chid + 1) % NV_CHANNELS;
            if (gpu->plat.host_yield) {
                /* MMIO may bind, unbind or reset here: channels are looked up again */
                gpu->plat.host_yield(gpu->plat.opaque);
            }
        }
    }
    for (uint32_t i = 0; i < NV_CHANNELS && !more; i++) {
        more = gpu->chan[i] && nv_chan_runnable(gpu, gpu->chan[i]);
    }
    nv_irq_update(gpu);
    return more;
}
