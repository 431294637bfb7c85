/*
 * Memory as a channel sees it: virtual accesses through its instance
 * block's address space (an MMU fault is reported with the engine id of the
 * step that made it and recorded in the fault buffer), USERD, and the
 * memory interface its engines run on (engines/engine.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "chan.h"
#include "../engines/ce.h"
#include "../mem/mmu.h"

NvPhys nv_chan_inst(NvGpu *gpu, const NvChannel *c)
{
    uint32_t v = gpu->r.fifo.pccsr_inst[c->chid];

    return (NvPhys) { (uint64_t)NV_FEX32(v, PCCSR_INST, PTR) << NV_PAGE_SHIFT_4K,
                      NV_FEX32(v, PCCSR_INST, TARGET) };
}

uint32_t nv_chan_host_engine(const NvChannel *c)
{
    return NV_MMU_ENG_HOST0 + (c->runlist < NV_PBDMAS ? c->runlist : 0);
}

/* The MMU engine id faults of a class's work carry. */
static uint32_t unit_engine(NvChanCtx *x, NvClassUnit unit)
{
    int inst;

    switch (unit) {
    case NV_UNIT_CE:
        inst = nv_ce_inst_of_runlist(x->gpu, x->c->runlist);
        return NV_MMU_ENG_CE0 + (inst < 0 ? 0 : (uint32_t)inst);
    case NV_UNIT_GR:
        return NV_MMU_ENG_GR;
    default:
        return nv_chan_host_engine(x->c);
    }
}

/* The guest-error kind of an MMU fault of engine id eng. */
static NvGuestErrorKind fault_kind(uint32_t eng)
{
    if (eng == NV_MMU_ENG_GR) {
        return NV_ERR_MMU_FAULT_GR;
    }
    if (eng >= NV_MMU_ENG_CE0 && eng < NV_MMU_ENG_CE0 + NV_CE_INSTANCES) {
        return NV_ERR_MMU_FAULT_CE;
    }
    return NV_ERR_MMU_FAULT_HOST;
}

/* A fault record of the channel's current engine; the guest error is the caller's. */
static void record_fault(NvChanCtx *x, uint64_t addr, uint32_t reason, uint32_t access)
{
    x->faulted = true;
    nv_fault_report(x->gpu, &(NvFault) {
        .inst = x->inst, .va = addr, .reason = reason, .engine = x->engine, .access = access,
    });
}

static void report_fault(NvChanCtx *x, uint64_t va, uint32_t reason, bool write)
{
    nv_guest_err(x->gpu, fault_kind(x->engine),
                 "channel %u: MMU fault at 0x%llx (reason %u, engine 0x%x)", x->c->chid,
                 (unsigned long long)va, reason, x->engine);
    record_fault(x, va, reason, write ? NV_FAULT_ACCESS_VIRT_WRITE : NV_FAULT_ACCESS_VIRT_READ);
}

/*
 * An access that translated but reached no memory (past VRAM, or system
 * memory that is not RAM: DMA is memory-only): the bus answers with an
 * error, which the hardware reports as a fault of an aperture it cannot
 * use, so the driver hears of it like any other fault of the channel.
 */
static void report_unbacked(NvChanCtx *x, uint64_t addr, bool virt, bool write)
{
    uint32_t access = virt ? (write ? NV_FAULT_ACCESS_VIRT_WRITE : NV_FAULT_ACCESS_VIRT_READ)
                           : (write ? NV_FAULT_ACCESS_PHYS_WRITE : NV_FAULT_ACCESS_PHYS_READ);

    record_fault(x, addr, NV_FAULT_UNSUPPORTED_APERTURE, access);
}

bool nv_chan_virt(NvChanCtx *x, uint64_t va, void *buf, size_t len, bool write)
{
    uint8_t *p = buf;

    while (len) {
        size_t chunk = (1u << NV_PAGE_SHIFT_4K) - (va & ((1u << NV_PAGE_SHIFT_4K) - 1));
        uint32_t reason;
        NvXlate t;

        chunk = chunk < len ? chunk : len;
        if (!nv_mmu_translate(x->gpu, x->inst, va, write, &t, &reason)) {
            report_fault(x, va, reason, write);
            return false;
        }
        if (t.sparse) {
            if (!write) {
                memset(p, 0, chunk);
            }
        } else if (!(write ? nv_phys_write(x->gpu, t.phys, p, chunk)
                           : nv_phys_read(x->gpu, t.phys, p, chunk))) {
            NV_GUEST_ERR(x->gpu, MEM_UNBACKED, "channel %u: 0x%llx maps to missing memory 0x%llx",
                         x->c->chid, (unsigned long long)va, (unsigned long long)t.phys.addr);
            report_unbacked(x, va, true, write);
            return false;
        }
        va += chunk;
        p += chunk;
        len -= chunk;
    }
    return true;
}

bool nv_chan_userd(NvChanCtx *x, uint32_t off, uint32_t *v, bool write)
{
    NvPhys at = { x->userd.addr + off, x->userd.target };

    return write ? nv_phys_write(x->gpu, at, v, 4) : nv_phys_read(x->gpu, at, v, 4);
}

/* ---- the engine memory interface ---- */

static bool eng_access(void *opaque, bool virt, uint32_t target, uint64_t addr,
                       void *buf, size_t len, bool write)
{
    NvChanCtx *x = opaque;
    NvPhys p = { addr, target };

    if (virt) {
        return nv_chan_virt(x, addr, buf, len, write);
    }
    if (write ? nv_phys_write(x->gpu, p, buf, len) : nv_phys_read(x->gpu, p, buf, len)) {
        return true;
    }
    NV_GUEST_ERR(x->gpu, MEM_UNBACKED, "channel %u: physical %s at 0x%llx (target %u) failed",
                 x->c->chid, write ? "write" : "read", (unsigned long long)addr, target);
    report_unbacked(x, addr, false, write);
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
    return nv_ptimer_now(((NvChanCtx *)o)->gpu);
}

static void eng_nonstall(void *o)
{
    NvChanCtx *x = o;

    x->gpu->r.fifo.intr |= R_PFIFO_INTR_0_NON_STALL_MASK;
}

/* A stalling interrupt: the copy engine's BLOCKPIPE (no other unit raises one). */
static void eng_stall(void *o)
{
    NvChanCtx *x = o;

    if (x->row != NV_CLASS_NONE && nv_classes[x->row].unit == NV_UNIT_CE) {
        nv_ce_interrupt(x->gpu, x->c, NV_CE_INTR_BLOCKPIPE, 0);
    }
}

static void eng_error(void *o, NvGuestErrorKind kind, const char *msg)
{
    NvChanCtx *x = o;

    nv_guest_err(x->gpu, kind, "channel %u: %s", x->c->chid, msg);
}

/*
 * Pages of the channel's address space as host memory (the SM's fast path):
 * VRAM, and system memory where the platform maps it.
 */
static uint8_t *eng_page(void *o, uint64_t va, bool write, bool *fault)
{
    NvChanCtx *x = o;
    const NvPlatform *p = &x->gpu->plat;
    uint64_t page = ~(uint64_t)((1u << NV_PAGE_SHIFT_4K) - 1);
    uint32_t reason;
    NvXlate t;

    *fault = false;
    if (!nv_mmu_translate(x->gpu, x->inst, va, write, &t, &reason)) {
        report_fault(x, va, reason, write);
        *fault = true;
        return NULL;
    }
    if (t.sparse) {
        return NULL;    /* sparse pages take read/write */
    }
    if (t.phys.target != NV_TARGET_VRAM) {
        return p->dma_page ? p->dma_page(p->opaque, t.phys.addr & page, write) : NULL;
    }
    if (t.phys.addr >= x->gpu->vram_size ||
        x->gpu->vram_size - t.phys.addr < (1u << NV_PAGE_SHIFT_4K)) {
        return NULL;
    }
    return x->gpu->vram + (t.phys.addr & page);
}

static void eng_trace(void *o, NvTraceRecord *rec)
{
    NvChanCtx *x = o;
    char buf[96];

    if (!nv_trace_on(x->gpu, rec->id)) {
        return;
    }
    if (rec->id == NV_TRACE_LAUNCH) {
        rec->launch.chid = x->c->chid;
    }
    if (rec->id == NV_TRACE_MME_METHOD) {
        const char *name = nv_method_name(&nv_classes[x->row], rec->method.mthd, buf,
                                          sizeof(buf));

        rec->method.chid = x->c->chid;
        rec->method.cls = nv_classes[x->row].number;
        rec->method.cls_name = nv_classes[x->row].name;
        rec->method.mthd_name = name ? name : "?";
    }
    nv_trace(x->gpu, rec);
}

static void eng_unimp_method(void *o, uint32_t mthd, uint32_t data)
{
    NvChanCtx *x = o;
    const NvPlatform *p = &x->gpu->plat;
    char buf[96];
    const char *name = nv_method_name(&nv_classes[x->row], mthd, buf, sizeof(buf));

    if (p->unimp_method) {
        p->unimp_method(p->opaque, x->c->chid, nv_classes[x->row].name, name ? name : "?", mthd,
                        data);
    }
}

NvMemIf nv_chan_engine_mem(NvChanCtx *x, int row)
{
    x->row = row;
    x->engine = unit_engine(x, nv_classes[row].unit);
    return (NvMemIf) {
        .opaque = x, .read = eng_read, .write = eng_write, .time_ns = eng_time,
        .nonstall_intr = eng_nonstall, .stall_intr = eng_stall, .error = eng_error,
        .page = eng_page, .trace = eng_trace, .unimp_method = eng_unimp_method,
    };
}
