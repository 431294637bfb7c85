/*
 * PBDMA: the registers of the pushbuffer DMA units (one per runlist) and
 * the error latches a channel's slice raises: a PBDMA error (latched with
 * the method and data it was working on), a channel fault, a copy-engine
 * interrupt. Each only records state; the device layer updates the line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>

#include "host.h"
#include "../engines/ce.h"

/* A faulted channel stops until the driver clears the fault or unbinds it. */
void nv_chan_fault(NvGpu *gpu, NvChannel *c, bool engine)
{
    gpu->r.fifo.pccsr_ctrl[c->chid] |= engine ? R_PCCSR_CHANNEL_ENG_FAULTED_MASK
                                              : R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK;
    c->pending = false;
}

/* The PBDMA interrupt each kind of PBDMA error raises (NV_PBDMA_INTR_*). */
static const uint32_t pbdma_bits[NV_ERR_COUNT] = {
    [NV_ERR_PBDMA_MEMREQ] = NV_PBDMA_INTR_MEMREQ,
    [NV_ERR_PBDMA_GPFIFO] = NV_PBDMA_INTR_GPFIFO,
    [NV_ERR_PBDMA_GPPTR] = NV_PBDMA_INTR_GPPTR,
    [NV_ERR_PBDMA_GPENTRY] = NV_PBDMA_INTR_GPENTRY,
    [NV_ERR_PBDMA_PBENTRY] = NV_PBDMA_INTR_PBENTRY,
    [NV_ERR_PBDMA_BAD_METHOD] = NV_PBDMA_INTR_METHOD,
    [NV_ERR_PBDMA_BAD_CLASS] = NV_PBDMA_INTR_METHOD,
    [NV_ERR_PBDMA_NO_OBJECT] = NV_PBDMA_INTR_METHOD,
    [NV_ERR_PBDMA_SW_METHOD] = NV_PBDMA_INTR_DEVICE,
    [NV_ERR_PBDMA_SEMAPHORE] = NV_PBDMA_INTR_SEMAPHORE,
    [NV_ERR_PBDMA_MEM_OP] = NV_PBDMA_INTR_METHOD,
    [NV_ERR_CHAN_NO_HOST_MEMORY] = NV_PBDMA_INTR_METHOD,   /* the object could not be made */
};

void nv_pbdma_error(NvGpu *gpu, NvChannel *c, NvGuestErrorKind kind, uint32_t subch,
                    uint32_t mthd, uint32_t data)
{
    unsigned p = c->runlist < NV_PBDMAS ? c->runlist : 0;
    uint32_t bit = pbdma_bits[kind] ? pbdma_bits[kind] : NV_PBDMA_INTR_METHOD;

    gpu->r.fifo.pbdma_intr0[p] |= bit;
    gpu->r.fifo.pbdma_method[p] = subch << NV_PBDMA_METHOD0_SUBCH_SHIFT | mthd;
    gpu->r.fifo.pbdma_data[p] = data;
    gpu->r.fifo.pbdma_chid[p] = c->chid;
    nv_guest_err(gpu, kind, "PBDMA%u: error 0x%08x on channel %u (subch %u method 0x%04x "
                 "data 0x%08x)", p, bit, c->chid, subch, mthd, data);
    nv_chan_fault(gpu, c, false);
}

void nv_ce_interrupt(NvGpu *gpu, NvChannel *c, uint32_t bit, uint32_t code)
{
    int inst = nv_ce_inst_of_runlist(gpu, c->runlist);

    if (inst >= 0) {
        nv_ce_intr_raise(gpu, (unsigned)inst, bit, code);
    }
}

uint32_t nv_pbdma_pending(const NvGpu *gpu)
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
