/*
 * The display channels: core (0xc57d), window (0xc57e), window-immediate
 * (0xc57b) with their pushbuffers, and the cursor (0xc57a) with its PIO
 * methods. A PUT write runs the channel at once (the pushbuffer is one
 * 4 KiB page, read once into a local copy): methods go to the pending
 * ("ASSY") state, UPDATE arms them. Context DMA handles resolve through
 * the RAMHT in the display's instance memory.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/cl-c57a.h"
#include "hw/nvidia/cl-c57b.h"
#include "hw/nvidia/cl-c57d.h"
#include "hw/nvidia/cl-c57e.h"
#include "../host/classes.h"
#include "disp.h"

/* Headers and data words one run may take before a looping pushbuffer is refused. */
#define RUN_MAX_WORDS   (2 * NV_DISP_PB_SIZE / 4)

NvDispChan *nv_disp_chan_by_id(NvDisp *d, uint32_t id)
{
    for (unsigned i = 0; i < NV_DCH_COUNT; i++) {
        if (d->chan[i].id == id) {
            return &d->chan[i];
        }
    }
    return NULL;
}

static bool chan_allocated(const NvDispChan *c)
{
    return NV_FEX32(c->ctl, DISP_FE_CHNCTL, ALLOCATION);
}

static bool chan_active(const NvDispChan *c)
{
    return chan_allocated(c) && (c->kind == NV_DK_CURS ||
                                 NV_FEX32(c->ctl, DISP_FE_CHNCTL, CONNECTION));
}

/* The methods of an allocated channel execute at once: it is always idle. */
uint32_t nv_disp_chan_state(const NvDispChan *c)
{
    if (c->kind == NV_DK_CORE) {
        return (chan_allocated(c) ? NV_DISP_CORE_STATE_IDLE : NV_DISP_CORE_STATE_DEALLOC)
               << R_DISP_FE_CHNSTATUS_CORE_STATE_SHIFT;
    }
    return (chan_allocated(c) ? NV_DISP_CHN_STATE_IDLE : NV_DISP_CHN_STATE_DEALLOC)
           << R_DISP_FE_CHNSTATUS_STATE_SHIFT;
}

/* Allocation starts from the armed state, with nothing parked or faulted. */
void nv_disp_chan_ctl(NvGpu *gpu, NvDispChan *c, uint32_t val)
{
    bool was = chan_allocated(c);

    c->ctl = val;
    if (chan_allocated(c) && !was) {
        memcpy(c->assy, c->armed, c->words * 4);
        c->halted = c->parked = c->flip_pending = false;
        c->hdr_done = 0;
        c->except = c->except_arg = c->except_err = 0;
    }
    if (chan_active(c)) {
        nv_disp_chan_run(gpu, c);
    }
}

void nv_disp_chan_put(NvGpu *gpu, NvDispChan *c, uint32_t put)
{
    c->put = put & R_DISP_USER_PTR_PTR_MASK;
    if (!chan_active(c)) {
        if (NV_FEX32(c->ctl, DISP_FE_CHNCTL, PUTPTR_WRITE)) {
            c->get = c->put;            /* the driver places both pointers */
        }
        return;
    }
    nv_disp_chan_run(gpu, c);
}

/* ---- context DMAs ---- */

static uint32_t ramht_hash(uint32_t chid, uint32_t handle)
{
    uint32_t hash = 0;

    for (; handle; handle >>= NV_DISP_RAMHT_BITS) {
        hash ^= handle & (NV_DISP_RAMHT_ENTRIES - 1);
    }
    return (hash ^ chid << NV_DISP_RAMHT_CHID_SHIFT) & (NV_DISP_RAMHT_ENTRIES - 1);
}

/* The RAMHT context of handle for channel chid (linear probing, as the driver inserts). */
static bool ramht_find(NvGpu *gpu, uint64_t inst, uint32_t chid, uint32_t handle,
                       uint32_t *ctx)
{
    uint32_t at = ramht_hash(chid, handle);

    for (unsigned n = 0; n < NV_DISP_RAMHT_ENTRIES; n++) {
        uint32_t e[2];

        if (!nvgpu_vram_read(gpu, inst + 8ull * at, e, sizeof(e))) {
            return false;
        }
        if (e[0] == handle && NV_FEX32(e[1], DISP_RAMHT_CTX, VALID) &&
            NV_FEX32(e[1], DISP_RAMHT_CTX, CHID) == chid) {
            *ctx = e[1];
            return true;
        }
        at = (at + 1) % NV_DISP_RAMHT_ENTRIES;
    }
    return false;
}

bool nv_disp_ctxdma(NvGpu *gpu, uint32_t chid, uint32_t handle, uint64_t *start,
                    uint64_t *limit)
{
    NvDisp *d = gpu->disp;
    uint64_t inst = (uint64_t)d->inst_mem1 << NV_DISP_INST_SHIFT;
    uint32_t ctx, o[NV_DISP_CTXDMA_WORDS];

    if (!NV_FEX32(d->inst_mem0, DISP_FE_INST_MEM0, VALID) ||
        !ramht_find(gpu, inst, chid, handle, &ctx) ||
        !nvgpu_vram_read(gpu, inst + NV_FEX32(ctx, DISP_RAMHT_CTX, OFFSET), o, sizeof(o)) ||
        NV_FEX32(o[0], DISP_CTXDMA_FLAGS, TARGET) != NV_DISP_CTXDMA_TARGET_VRAM) {
        return false;
    }
    *start = ((uint64_t)o[2] << 32 | o[1]) << NV_DISP_CTXDMA_SHIFT;
    *limit = ((uint64_t)o[4] << 32 | o[3]) << NV_DISP_CTXDMA_SHIFT |
             ((1u << NV_DISP_CTXDMA_SHIFT) - 1);
    return *start <= *limit && *limit < nvgpu_vram_size(gpu);
}

/* Writes a notifier's status word at offset of a context DMA; false: unreachable. */
static bool write_notifier(NvGpu *gpu, NvDispChan *c, uint32_t handle, uint32_t offset,
                           uint32_t status)
{
    uint64_t start, limit;
    uint32_t w0 = NV_FDP32(0, DISP_NOTIFIER0, STATUS, status);

    if (!nv_disp_ctxdma(gpu, c->kind == NV_DK_CORE ? 0 : c->id, handle, &start, &limit) ||
        offset + 16 > limit - start + 1) {
        nv_disp_exception(gpu, c, NV_DISP_EXC_UNRESOLVABLE_HANDLE, 0, handle,
                          NV_ERR_DISP_HANDLE, "a notifier context DMA that resolves to no "
                          "VRAM range holding the notifier");
        return false;
    }
    return nvgpu_vram_write(gpu, start + offset, &w0, sizeof(w0));
}

/* The core notifier after an update, if the update asked for one. */
void nv_disp_core_notify(NvGpu *gpu)
{
    NvDispChan *c = &gpu->disp->chan[NV_DCH_CORE];
    uint32_t ctl = c->armed[A_C57D_SET_NOTIFIER_CONTROL / 4];
    uint32_t handle = c->armed[A_C57D_SET_CONTEXT_DMA_NOTIFIER / 4];

    if (NV_FEX32(ctl, C57D_SET_NOTIFIER_CONTROL, NOTIFY) && handle) {
        write_notifier(gpu, c, handle, NV_FEX32(ctl, C57D_SET_NOTIFIER_CONTROL, OFFSET)
                       << NV_DISP_NOTIFIER_OFFSET_SHIFT, NV_DISP_NOTIFIER_FINISHED);
    }
}

void nv_disp_chan_arm(NvGpu *gpu, NvDispChan *c)
{
    NvDisp *d = gpu->disp;

    memcpy(c->armed, c->assy, c->words * 4);
    c->parked = c->flip_pending = false;
    d->generation++;
    if (c->kind == NV_DK_WIN) {
        uint32_t ctl = c->armed[A_C57E_SET_NOTIFIER_CONTROL / 4];
        uint32_t handle = c->armed[A_C57E_SET_CONTEXT_DMA_NOTIFIER / 4];
        NvDispChan *imm = &d->chan[NV_DCH_WIMM0 + c->unit];

        nv_disp_window_latch(gpu, c);
        if (handle) {           /* a window's flip reads BEGUN once it took */
            write_notifier(gpu, c, handle, NV_FEX32(ctl, C57E_SET_NOTIFIER_CONTROL, OFFSET)
                           << NV_DISP_NOTIFIER_OFFSET_SHIFT, NV_DISP_NOTIFIER_BEGUN);
        }
        if (imm->parked) {
            nv_disp_chan_arm(gpu, imm);
        }
    }
}

/* ---- methods ---- */

static const int class_rows[] = {
    [NV_DK_CORE] = NV_CLASS_DISP_CORE, [NV_DK_WIN] = NV_CLASS_DISP_WINDOW,
    [NV_DK_WIMM] = NV_CLASS_DISP_WIMM, [NV_DK_CURS] = NV_CLASS_DISP_CURSOR,
};

static bool method_known(NvGpu *gpu, const NvDispChan *c, uint32_t mthd, uint32_t data)
{
    const NvClass *cls = &nv_classes[class_rows[c->kind]];
    char buf[64];
    const char *name = mthd / 4 < c->words ? nv_method_name(cls, mthd, buf, sizeof(buf)) : NULL;

    if (nv_trace_on(gpu, NV_TRACE_DISP_METHOD)) {
        nv_trace(gpu, &(NvTraceRecord) {
            .id = NV_TRACE_DISP_METHOD,
            .method = { .chid = c->id, .cls = cls->number, .cls_name = cls->name,
                        .mthd_name = name ? name : "?", .mthd = mthd, .data = data } });
    }
    return name != NULL;
}

static void window_update(NvGpu *gpu, NvDispChan *c)
{
    uint32_t present = c->assy[A_C57E_SET_PRESENT_CONTROL / 4];

    if (NV_FEX32(c->assy[A_C57E_SET_INTERLOCK_FLAGS / 4], C57E_SET_INTERLOCK_FLAGS,
                 INTERLOCK_WITH_CORE)) {
        c->parked = true;           /* armed by the core's UPDATE */
    } else if (NV_FEX32(present, C57E_SET_PRESENT_CONTROL, BEGIN_MODE) ==
                   NV_DISP_BEGIN_NON_TEARING &&
               NV_FEX32(present, C57E_SET_PRESENT_CONTROL, MIN_PRESENT_INTERVAL) &&
               nv_disp_head_active(gpu->disp, 0)) {
        c->flip_pending = true;     /* latched at the next vblank */
        nv_disp_vblank_schedule(gpu);
    } else {
        nv_disp_chan_arm(gpu, c);
    }
}

/*
 * One method into the pending state; UPDATE acts on it. false: the channel
 * cannot take it now (the core channel waits while the supervisors of its
 * last UPDATE run: the update armed at their end is the one latched at the
 * UPDATE): it is taken again when they end.
 */
static bool method(NvGpu *gpu, NvDispChan *c, uint32_t mthd, uint32_t data)
{
    if (c->kind == NV_DK_CORE && gpu->disp->super_stage) {
        return false;
    }
    if (!method_known(gpu, c, mthd, data)) {
        nv_disp_exception(gpu, c, NV_DISP_EXC_RESERVED_METHOD, mthd, data,
                          NV_ERR_DISP_BAD_METHOD, "a method the class does not have");
        return true;
    }
    c->assy[mthd / 4] = data;
    if (mthd != A_C57D_UPDATE) {    /* UPDATE is 0x200 in every display class */
        return true;
    }
    switch (c->kind) {
    case NV_DK_CORE:
        nv_disp_core_update(gpu);
        break;
    case NV_DK_WIN:
        window_update(gpu, c);
        break;
    case NV_DK_WIMM:
        if (NV_FEX32(data, C57B_UPDATE, INTERLOCK_WITH_WINDOW)) {
            c->parked = true;       /* armed with its window */
        } else {
            nv_disp_chan_arm(gpu, c);
        }
        break;
    case NV_DK_CURS:
        nv_disp_chan_arm(gpu, c);
        break;
    }
    return true;
}

void nv_disp_curs_pio(NvGpu *gpu, NvDispChan *c, uint32_t mthd, uint32_t val)
{
    if (chan_active(c) && !c->halted) {
        method(gpu, c, mthd, val);
    }
}

/* The pushbuffer page, read once per run. */
static bool read_pb(NvGpu *gpu, NvDispChan *c, uint32_t *pb)
{
    uint32_t target = NV_FEX32(c->pb_lo, DISP_FE_PBBASE, TARGET);
    NvPhys p = {
        .addr = ((uint64_t)c->pb_hi << 32 | (c->pb_lo & ~0xfu)) << NV_DISP_PB_SHIFT,
        .target = target == 1 ? NV_TARGET_VRAM : target,
    };

    return target != 0 && nv_phys_read(gpu, p, pb, NV_DISP_PB_SIZE);
}

static void pb_error(NvGpu *gpu, NvDispChan *c, uint32_t data, const char *what)
{
    c->get = c->put;                /* the rest is dropped */
    c->hdr_done = 0;
    nv_disp_exception(gpu, c, NV_DISP_EXC_PUSHBUFFER_ERR, 0, data, NV_ERR_DISP_PUSHBUFFER,
                      what);
}

/* Runs a header at GET with its data; false: stop here (GET stays at the header). */
static bool run_header(NvGpu *gpu, NvDispChan *c, const uint32_t *pb, unsigned *taken)
{
    const unsigned dwords = NV_DISP_PB_SIZE / 4;
    uint32_t at = c->get / 4, hdr = pb[at];
    uint32_t op = NV_FEX32(hdr, DISP_DMA, OPCODE), count = NV_FEX32(hdr, DISP_DMA, COUNT);
    uint32_t mthd = NV_FEX32(hdr, DISP_DMA, OFFSET) << 2;
    uint32_t avail = ((c->put - c->get) % NV_DISP_PB_SIZE) / 4;

    switch (op) {
    case NV_DISP_DMA_JUMP:
        c->get = NV_FEX32(hdr, DISP_DMA, JUMP_OFFSET) << 2;
        *taken += 1;
        return true;
    case NV_DISP_DMA_SUBDEV_MASK:
        count = 0;
        /* fall through */
    case NV_DISP_DMA_METHOD:
    case NV_DISP_DMA_NONINC:
        break;
    default:
        pb_error(gpu, c, hdr, "a pushbuffer header with a reserved opcode");
        return false;
    }
    if (count >= avail) {
        return false;               /* its data is not all there yet */
    }
    for (uint32_t i = c->hdr_done; i < count; i++) {
        uint32_t m = op == NV_DISP_DMA_NONINC ? mthd : mthd + 4 * i;

        if (!method(gpu, c, m, pb[(at + 1 + i) % dwords])) {
            c->hdr_done = i;        /* resumed at this method of the header */
            return false;
        }
        if (c->halted && i + 1 < count) {
            c->hdr_done = i + 1;    /* its restart goes on after the failed method */
            return false;
        }
    }
    c->hdr_done = 0;
    c->get = (c->get + 4 * (count + 1)) % NV_DISP_PB_SIZE;
    *taken += count + 1;
    return true;
}

void nv_disp_chan_run(NvGpu *gpu, NvDispChan *c)
{
    uint32_t pb[NV_DISP_PB_SIZE / 4];
    unsigned taken = 0;

    if (!chan_active(c) || c->halted || c->kind == NV_DK_CURS || c->get == c->put) {
        return;
    }
    if (!read_pb(gpu, c, pb)) {
        pb_error(gpu, c, c->pb_lo, "a pushbuffer that cannot be read");
        return;
    }
    while (c->get != c->put && !c->halted) {
        if (taken >= RUN_MAX_WORDS) {
            pb_error(gpu, c, c->get, "a pushbuffer that jumps without end");
            return;
        }
        if (!run_header(gpu, c, pb, &taken)) {
            return;
        }
    }
}
