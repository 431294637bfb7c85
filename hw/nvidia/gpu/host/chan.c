/*
 * Running a channel's slice: GPFIFO entries, pushbuffer segments, and
 * routing each method: below 0x100 to the host class (methods.c), from
 * 0x100 to the object bound on the subchannel (classes.h). An engine
 * operation that outlasts its method (a copy, a compute launch) holds the
 * channel and continues in later slices.
 *
 * Everything the channel reads from guest memory is copied into locals and
 * checked before use. Each slice is bounded (dwords, one engine budget); a
 * method that cannot proceed (an acquire not yet satisfied) parks the
 * channel without consuming the method, and other channels keep running.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>

#include <glib.h>

#include "chan.h"

#define GP_LIMIT2_MAX   20      /* at most 1M GPFIFO entries */

/* ---- methods ---- */

/* An engine error: a fault was already reported (the channel just stops); else its report. */
static void engine_error(NvChanCtx *x, int row)
{
    if (!x->faulted) {
        nv_class_report_error(x, row);
    }
    nv_chan_fault(x->gpu, x->c, true);
}

static NvSinkResult engine_status(NvChanCtx *x, int row, NvEngineStatus st)
{
    if (st == NV_ENGINE_BUSY && nv_classes[row].ops->run) {
        x->c->busy_class = (int8_t)row;
        return NV_SINK_STOP;    /* finish the copy/launch before the next method */
    }
    if (st == NV_ENGINE_ERROR) {
        engine_error(x, row);
        return NV_SINK_STOP;
    }
    return NV_SINK_OK;          /* I2M's "busy" only waits for its inline data */
}

/*
 * The copy engine needs no SET_OBJECT: on a copy-engine runlist every
 * subchannel reaches it, on the GR runlist subchannel 4 (GRCE) does.
 */
#define SUBCH_FAILED (-2)      /* binding the copy engine failed (already raised) */

static int subch_row(NvChanCtx *x, uint32_t subch)
{
    NvChannel *c = x->c;

    if (c->subch_class[subch] == NV_CLASS_NONE && subch < NV_SW_SUBCH_FIRST &&
        (subch == NV_GRCE_SUBCH || !nv_runlist_has_gr(x->gpu, c->runlist)) &&
        nv_ce_inst_of_runlist(x->gpu, c->runlist) >= 0 &&
        !nv_chan_bind(x, subch, nv_classes[NV_CLASS_CE].number)) {
        return SUBCH_FAILED;
    }
    return c->subch_class[subch];
}

static void trace_method(NvChanCtx *x, uint32_t subch, int row, uint32_t mthd, uint32_t data)
{
    const NvClass *cls = &nv_classes[mthd < NV_HOST_METHOD_LIMIT || row == NV_CLASS_NONE ?
                                     NV_CLASS_HOST : row];
    char buf[64];
    const char *name = nv_method_name(cls, mthd, buf, sizeof(buf));
    NvTraceRecord r = {
        .id = NV_TRACE_METHOD,
        .method = { x->c->chid, subch, cls->number, mthd, data, cls->name, name ? name : "?" },
    };

    nv_trace(x->gpu, &r);
}

static NvSinkResult chan_method(void *opaque, uint32_t subch, uint32_t mthd, uint32_t data)
{
    NvChanCtx *x = opaque;
    NvChannel *c = x->c;
    int row = mthd < NV_HOST_METHOD_LIMIT ? NV_CLASS_HOST : subch_row(x, subch);
    NvMemIf mem;

    if (row == SUBCH_FAILED) {
        return NV_SINK_STOP;
    }
    if (nv_trace_on(x->gpu, NV_TRACE_METHOD)) {
        trace_method(x, subch, row, mthd, data);
    }
    if (row == NV_CLASS_HOST) {
        return nv_host_method(x, subch, mthd, data);
    }
    if (row == NV_CLASS_NONE) {
        /* No object: methods on subchannels 5-7 go to software, else it's an error. */
        nv_pbdma_error(x->gpu, c, subch >= NV_SW_SUBCH_FIRST ? NV_ERR_PBDMA_SW_METHOD
                                                             : NV_ERR_PBDMA_NO_OBJECT,
                       subch, mthd, data);
        return NV_SINK_STOP;
    }
    mem = nv_chan_engine_mem(x, row);
    return engine_status(x, row, nv_classes[row].ops->method(c->obj[row], &mem, mthd, data));
}

/*
 * A run of host NOPs (the data of NOP is ignored, only the last value stays
 * in the host method file): taken whole unless each method is traced.
 */
static size_t chan_run(void *opaque, uint32_t subch, uint32_t mthd, const uint32_t *data,
                       size_t n)
{
    NvChanCtx *x = opaque;

    if (mthd != A_C46F_NOP || nv_trace_on(x->gpu, NV_TRACE_METHOD)) {
        return 0;
    }
    x->engine = nv_chan_host_engine(x->c);
    x->c->host_mthd[A_C46F_NOP / 4] = data[n - 1];
    return n;
}

/* ---- the GPFIFO ---- */

/* Reads RAMFC: USERD and the GP ring; false (with a PBDMA error) if unusable. */
static bool load_ramfc(NvChanCtx *x, uint64_t *gp_base, uint32_t *entries)
{
    uint32_t f[0x50 / 4];
    NvPhys at = x->inst;
    uint32_t hi, limit2;

    if (!nv_phys_read(x->gpu, at, f, sizeof(f))) {
        nv_pbdma_error(x->gpu, x->c, NV_ERR_PBDMA_MEMREQ, 0, 0, 0);
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
        nv_pbdma_error(x->gpu, x->c, NV_ERR_PBDMA_GPFIFO, 0, 0, hi);
        return false;
    }
    return true;
}

static void write_back(NvChanCtx *x)
{
    NvChannel *c = x->c;
    uint32_t v[] = { c->gp_get, (uint32_t)c->pb_get, (uint32_t)(c->pb_get >> 32),
                     (uint32_t)c->top_level_get, (uint32_t)(c->top_level_get >> 32) };

    nv_chan_userd(x, NV_USERD_GP_GET, &v[0], true);
    nv_chan_userd(x, NV_USERD_GET, &v[1], true);
    nv_chan_userd(x, NV_USERD_GET_HI, &v[2], true);
    nv_chan_userd(x, NV_USERD_TOP_LEVEL_GET, &v[3], true);
    nv_chan_userd(x, NV_USERD_TOP_LEVEL_GET_HI, &v[4], true);
}

/* The pushbuffer address of a GP entry's segment. */
static uint64_t gp_entry_va(const uint32_t e[2])
{
    return (uint64_t)NV_FEX32(e[1], GP_ENTRY1, GET_HI) << 32 |
           (uint64_t)NV_FEX32(e[0], GP_ENTRY0, GET) << R_GP_ENTRY0_GET_SHIFT;
}

/* Fetches GP entry gp_get; false when the channel stopped (error or fault). */
static bool next_segment(NvChanCtx *x, uint64_t gp_base, uint32_t entries)
{
    NvChannel *c = x->c;
    uint32_t e[2], len;

    x->engine = nv_chan_host_engine(c);
    if (!nv_chan_virt(x, gp_base + (uint64_t)c->gp_get * NV_GP_ENTRY_SIZE, e, sizeof(e), false)) {
        nv_chan_fault(x->gpu, c, false);
        return false;
    }
    len = NV_FEX32(e[1], GP_ENTRY1, LENGTH);
    if (nv_trace_on(x->gpu, NV_TRACE_GPFIFO)) {
        nv_trace(x->gpu, &(NvTraceRecord) { .id = NV_TRACE_GPFIFO, .gpfifo = {
                     c->chid, c->gp_get, e[0], e[1], len, gp_entry_va(e) } });
    }
    if (len == 0) {                             /* a control entry */
        uint32_t op = NV_FEX32(e[1], GP_ENTRY1, OPCODE);
        if (op != NV_GP_OPCODE_NOP && op != NV_GP_OPCODE_GP_CRC && op != NV_GP_OPCODE_PB_CRC) {
            nv_pbdma_error(x->gpu, c, NV_ERR_PBDMA_GPENTRY, 0, 0, e[1]);
            return false;
        }
        c->gp_get = (c->gp_get + 1) % entries;
        return true;
    }
    c->pb_get = gp_entry_va(e);
    c->pb_left = len;
    c->in_segment = !(NV_FEX32(e[0], GP_ENTRY0, FETCH_CONDITIONAL) && c->pb.inactive);
    c->seg_top_level = !NV_FEX32(e[1], GP_ENTRY1, LEVEL_SUBROUTINE);
    if (!c->in_segment) {
        c->gp_get = (c->gp_get + 1) % entries;
    }
    return true;
}

/* Decodes part of the current segment; returns dwords consumed, or -1 to stop. */
static long run_segment(NvChanCtx *x, uint32_t entries, uint32_t budget)
{
    NvChannel *c = x->c;
    uint32_t buf[NV_PB_FETCH_DWORDS], bad = 0;
    uint32_t n = c->pb_left < NV_PB_FETCH_DWORDS ? c->pb_left : NV_PB_FETCH_DWORDS;
    NvPbSink sink = { x, chan_method, chan_run };
    NvPbResult r;
    size_t used;

    n = n < budget ? n : budget;
    x->engine = nv_chan_host_engine(c);
    if (!nv_chan_virt(x, c->pb_get, buf, n * 4, false)) {
        nv_chan_fault(x->gpu, c, false);
        return -1;
    }
    r = nv_pb_decode(&c->pb, buf, n, &sink, &used, &bad);
    if (used && nv_trace_on(x->gpu, NV_TRACE_PB_FETCH)) {
        /* the dwords consumed: a retried method is traced once, when it goes through */
        nv_trace(x->gpu, &(NvTraceRecord) { .id = NV_TRACE_PB_FETCH,
                                            .pb = { c->chid, (uint32_t)used, c->pb_get, buf } });
    }
    c->pb_get += used * 4;
    c->pb_left -= used;
    if (c->seg_top_level) {
        c->top_level_get = c->pb_get;
    }
    if (r == NV_PB_BAD_ENTRY) {
        nv_pbdma_error(x->gpu, c, NV_ERR_PBDMA_PBENTRY, 0, 0, bad);
        return -1;
    }
    if (r == NV_PB_END_SEGMENT || c->pb_left == 0) {
        c->in_segment = false;
        c->pb_left = 0;
        c->gp_get = (c->gp_get + 1) % entries;
    }
    return r == NV_PB_STOPPED ? -1 : (long)(used ? used : 1);
}

/* Continues the busy engine's operation; false while it still has work (slice over). */
static bool run_engine(NvChanCtx *x)
{
    NvChannel *c = x->c;
    int row = c->busy_class;
    const NvEngineOps *ops;
    NvEngineStatus st;
    NvMemIf mem;

    if (row == NV_CLASS_NONE) {
        return true;
    }
    if (x->copied) {
        return false;           /* one engine budget per slice: resume next slice */
    }
    x->copied = true;
    ops = nv_classes[row].ops;
    mem = nv_chan_engine_mem(x, row);
    st = ops->run(c->obj[row], &mem, ops->run_budget, x->deadline_us);
    if (st == NV_ENGINE_BUSY) {
        return false;
    }
    c->busy_class = NV_CLASS_NONE;
    if (st == NV_ENGINE_ERROR) {
        engine_error(x, row);
        return false;
    }
    return true;
}

/* The slice's time is up, or a front-end thread waits for the model. */
static bool slice_over(const NvChanCtx *x)
{
    return nv_preempted(x->gpu) || g_get_monotonic_time() >= x->deadline_us;
}

void nv_chan_run_slice(NvGpu *gpu, NvChannel *c)
{
    NvChanCtx x = { .gpu = gpu, .c = c, .inst = nv_chan_inst(gpu, c), .row = NV_CLASS_NONE,
                    .deadline_us = g_get_monotonic_time() + NV_SLICE_US };
    uint32_t entries, gp_put = 0, budget = NV_SLICE_DWORDS;
    uint64_t gp_base;

    if (!load_ramfc(&x, &gp_base, &entries) || !run_engine(&x)) {
        return;
    }
    if (!nv_chan_userd(&x, NV_USERD_GP_PUT, &gp_put, false) || gp_put >= entries) {
        nv_pbdma_error(gpu, c, NV_ERR_PBDMA_GPPTR, 0, 0, gp_put);
        return;
    }
    while (budget && nv_chan_runnable(gpu, c) && !x.yield && !slice_over(&x)) {
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
