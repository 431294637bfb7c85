/*
 * TURING_A (0xc597), the 3D class: the method state (the last value of
 * every method, as the hardware's shadow keeps it: macros read it back)
 * and the macro method expander (mme.c). Macros are loaded through
 * LOAD_MME_*, run on CALL_MME_MACRO/CALL_MME_DATA, and their emitted
 * methods come back here in order (traced as nvgpu_mme_method). The class
 * executes clears (clear.c) and report semaphores; drawing is not modelled
 * yet: the pipeline's methods are stored, and each is reported once
 * (unimp_method: LOG_UNIMP and the trace event nvgpu_unimp_method).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>

#include "threed.h"
#include "sem.h"
#include "../base/util.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/nv-f16.h"

/*
 * Method state a new object starts with where it is not zero, as the
 * golden context leaves it: each stage reads the constant buffers of its own
 * bind group (vertex 0 ... pixel 4; nouveau's GL driver relies on it, NVK
 * sets them), the rasterizer and the viewport transform are on, and points
 * and lines are 1 pixel wide.
 */
static void threed_defaults(NvThreed *t)
{
    for (unsigned i = 0; i < NV_3D_STAGES; i++) {
        t->mthd[(A_C597_SET_PIPELINE_BINDING + i * A_C597_SET_PIPELINE_BINDING_STRIDE) / 4] =
            i ? i - 1 : 0;
    }
    t->mthd[A_C597_SET_RASTER_ENABLE / 4] = t->mthd[A_C597_SET_VIEWPORT_SCALE_OFFSET / 4] = 1;
    t->mthd[A_C597_SET_POINT_SIZE / 4] = t->mthd[A_C597_SET_LINE_WIDTH_FLOAT / 4] =
        t->mthd[A_C597_SET_ALIASED_LINE_WIDTH_FLOAT / 4] = nv_bits_f32(1.0f);
}

static void *threed_create(const NvGpu *gpu)
{
    NvThreed *t = g_try_new0(NvThreed, 1);

    if (t) {
        threed_defaults(t);
    }
    if (t && gpu) {
        t->cfg = gpu->compute_cfg;
    }
    return t;
}

static void threed_destroy(void *obj)
{
    nv_threed_draw_free(obj);
    g_free(obj);
}

/* Why the last draw stopped: its shader's SM error (NV_SM_OK for other errors). */
static unsigned threed_error_code(void *obj)
{
    return ((NvThreed *)obj)->sm_err.kind;
}

static void threed_error(NvThreed *t, const char *what)
{
    t->mem->error(t->mem->opaque, NV_ERR_MME_MACRO, what);
}

static bool threed_do(NvThreed *t, uint32_t mthd, uint32_t data);

/* ---- what a running macro reaches ---- */

static bool mme_method(void *opaque, uint32_t mthd, uint32_t data)
{
    NvThreed *t = opaque;
    bool ok;

    if (nv_threed_busy(t)) {
        /* the group's other output, after a clear or draw it started: runs when it ends */
        if (t->deferred_count == NV_ARRAY_SIZE(t->deferred)) {
            threed_error(t, "more than two methods emitted behind a clear or draw");
            return false;
        }
        t->deferred[t->deferred_count][0] = mthd;
        t->deferred[t->deferred_count++][1] = data;
        return true;
    }
    if (t->mem->trace) {
        NvTraceRecord rec = { .id = NV_TRACE_MME_METHOD,
                              .method = { .mthd = mthd, .data = data } };

        t->mem->trace(t->mem->opaque, &rec);
    }

    t->in_macro = true;
    ok = threed_do(t, mthd, data);
    t->in_macro = false;
    return ok;
}

static uint32_t mme_state(void *opaque, uint32_t mthd)
{
    NvThreed *t = opaque;

    return mthd < THREED_MTHD_END ? t->mthd[mthd / 4] : 0;
}

/* MME_DMA_READ_FIFOED's dwords from SET_MME_MEM_ADDRESS_A/B, through the channel's MMU. */
static int mme_dma_fifo(void *opaque, uint32_t *buf, unsigned max)
{
    NvThreed *t = opaque;
    uint64_t va = (uint64_t)NV_FEX32(t->mthd[A_C597_SET_MME_MEM_ADDRESS_A / 4],
                                     C597_SET_MME_MEM_ADDRESS_A, UPPER) << 32 |
                  t->mthd[A_C597_SET_MME_MEM_ADDRESS_B / 4];
    uint32_t n = t->mthd[A_C597_MME_DMA_READ_FIFOED / 4];

    t->mthd[A_C597_MME_DMA_READ_FIFOED / 4] = 0;        /* consumed */
    if (n > max) {
        threed_error(t, "MME_DMA_READ_FIFOED of more dwords than the FIFO holds");
        return -1;
    }
    if (n && !t->mem->read(t->mem->opaque, true, 0, va, buf, n * 4u)) {
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        buf[i] = GUINT32_FROM_LE(buf[i]);
    }
    return (int)n;
}

static bool mme_busy(void *opaque)
{
    return nv_threed_busy(opaque);
}

static const NvMmeOps threed_mme_ops = {
    .method = mme_method, .state = mme_state, .dma_fifo = mme_dma_fifo, .busy = mme_busy,
};

static bool mme_status(NvThreed *t, NvMmeStatus st)
{
    t->mme_parked = st == NV_MME_BUSY;
    if (st == NV_MME_ERROR) {
        threed_error(t, t->mme.error);
        return false;
    }
    return true;
}

/* CALL_MME_MACRO(j) starts macro j; CALL_MME_DATA(j) feeds the running one. */
static bool threed_call(NvThreed *t, uint32_t mthd, uint32_t data)
{
    unsigned j = (mthd - A_C597_CALL_MME_MACRO) / A_C597_CALL_MME_MACRO_STRIDE;
    bool is_data = (mthd - A_C597_CALL_MME_MACRO) % A_C597_CALL_MME_MACRO_STRIDE;
    NvMmeStatus st;

    if (t->in_macro) {
        threed_error(t, "a macro emitted a macro call");
        return false;
    }
    st = is_data ? nv_mme_data(&t->mme, data, &threed_mme_ops, t)
                 : nv_mme_call(&t->mme, j, data, &threed_mme_ops, t);
    return mme_status(t, st);
}

/*
 * A method the class stores but does not act on: said once per method, so a
 * missing feature is never silent (the pipeline is not modelled yet).
 */
void nv_threed_unimp(NvThreed *t, uint32_t mthd, uint32_t data)
{
    uint32_t *word = &t->reported[mthd / 4 / 32], bit = 1u << (mthd / 4 % 32);

    if (!(*word & bit) && t->mem->unimp_method) {
        t->mem->unimp_method(t->mem->opaque, mthd, data);
    }
    *word |= bit;
}

/*
 * SET_REPORT_SEMAPHORE_D: a release of C (one word, or C, 0 and the time;
 * reductions as the host's), or a report of a pipeline counter (one word,
 * or the 64-bit counter and the time) at the address of A and B. ACQUIRE
 * and TRAP are not modelled: reported as not executed.
 */
static bool threed_report(NvThreed *t, uint32_t d)
{
    const NvMemIf *m = t->mem;
    uint64_t va = (uint64_t)NV_FEX32(nv_threed_state(t, A_C597_SET_REPORT_SEMAPHORE_A),
                                     C597_SET_REPORT_SEMAPHORE_A, OFFSET_UPPER) << 32 |
                  nv_threed_state(t, A_C597_SET_REPORT_SEMAPHORE_B);
    bool one_word = NV_FEX32(d, C597_SET_REPORT_SEMAPHORE_D, STRUCTURE_SIZE) == NV_RS_ONE_WORD;
    uint8_t b[16];

    switch (NV_FEX32(d, C597_SET_REPORT_SEMAPHORE_D, OPERATION)) {
    case NV_RS_OP_RELEASE: {
        NvSemRelease r = nv_sem_report_release(
            va, nv_threed_state(t, A_C597_SET_REPORT_SEMAPHORE_C), d);

        return nv_sem_release(m, &r);
    }
    case NV_RS_OP_REPORT_ONLY: {
        uint64_t v = t->counters[NV_FEX32(d, C597_SET_REPORT_SEMAPHORE_D, REPORT)];

        nv_st_le(b, v, 8);
        nv_st_le(b + 8, m->time_ns(m->opaque), 8);
        return m->write(m->opaque, true, 0, va, b, one_word ? 4 : 16);
    }
    default:
        nv_threed_unimp(t, A_C597_SET_REPORT_SEMAPHORE_D, d);
        return true;
    }
}

/*
 * State the class acts on when a later method runs (CLEAR_SURFACE,
 * SET_REPORT_SEMAPHORE_D): [first,
 * last] method offsets. Every other stored method is reported as not
 * executed.
 */
static const uint32_t threed_consumed[][2] = {
    { A_C597_SET_COLOR_TARGET_A,
      A_C597_SET_COLOR_TARGET_A + 8 * A_C597_SET_COLOR_TARGET_A_STRIDE - 4 },
    { A_C597_SET_VIEWPORT_CLIP_HORIZONTAL, A_C597_SET_VIEWPORT_CLIP_VERTICAL },
    { A_C597_SET_CLEAR_RECT_HORIZONTAL, A_C597_SET_CLEAR_RECT_VERTICAL },
    { A_C597_SET_COLOR_CLEAR_VALUE, A_C597_SET_Z_CLEAR_VALUE },
    { A_C597_SET_STENCIL_CLEAR_VALUE, A_C597_SET_STENCIL_CLEAR_VALUE },
    { A_C597_SET_SCISSOR_ENABLE, A_C597_SET_SCISSOR_VERTICAL },
    { A_C597_SET_ZT_A, A_C597_SET_SURFACE_CLIP_VERTICAL },
    { A_C597_SET_CLEAR_SURFACE_CONTROL, A_C597_SET_CLEAR_SURFACE_CONTROL },
    { A_C597_SET_CT_SELECT, A_C597_SET_CT_SELECT },
    { A_C597_SET_ZT_SIZE_A, A_C597_SET_ZT_SIZE_C },
    { A_C597_SET_STENCIL_MASK, A_C597_SET_STENCIL_MASK },
    { A_C597_SET_ZT_SELECT, A_C597_SET_ZT_SELECT },
    { A_C597_SET_REPORT_SEMAPHORE_A, A_C597_SET_REPORT_SEMAPHORE_C },
};

bool nv_threed_in_ranges(const uint32_t (*ranges)[2], size_t n, uint32_t mthd)
{
    for (size_t i = 0; i < n; i++) {
        if (mthd >= ranges[i][0] && mthd <= ranges[i][1]) {
            return true;
        }
    }
    return false;
}

/* One method, from the pushbuffer or emitted by a macro. */
static bool threed_do(NvThreed *t, uint32_t mthd, uint32_t data)
{
    if (mthd >= THREED_MTHD_END) {
        return true;
    }
    t->sm_err.kind = NV_SM_OK;
    if (mthd >= A_C597_CALL_MME_MACRO) {
        return threed_call(t, mthd, data);
    }
    t->mthd[mthd / 4] = data;
    if (mthd >= A_C597_SET_MME_SHADOW_SCRATCH) {
        return true;                    /* scratch: state is all it is */
    }
    switch (mthd) {
    case A_C597_NO_OPERATION:
    case A_C597_WAIT_FOR_IDLE:          /* nothing runs behind the class */
    case A_C597_SET_MME_MEM_ADDRESS_A:  /* read at the EXTENDED barrier */
    case A_C597_SET_MME_MEM_ADDRESS_B:
    case A_C597_MME_DMA_READ_FIFOED:
        return true;
    case A_C597_LOAD_MME_INSTRUCTION_RAM_POINTER:
        nv_mme_set_insn_ptr(&t->mme, data);
        return true;
    case A_C597_LOAD_MME_INSTRUCTION_RAM:
        if (!nv_mme_load_insn(&t->mme, data)) {
            threed_error(t, "LOAD_MME_INSTRUCTION_RAM past the instruction RAM");
            return false;
        }
        return true;
    case A_C597_LOAD_MME_START_ADDRESS_RAM_POINTER:
        t->mme.start_ptr = data;
        return true;
    case A_C597_LOAD_MME_START_ADDRESS_RAM:
        if (!nv_mme_load_start(&t->mme, data)) {
            threed_error(t, "LOAD_MME_START_ADDRESS_RAM past the start address RAM");
            return false;
        }
        return true;
    case A_C597_CLEAR_SURFACE:
        return nv_threed_clear(t, data);
    case A_C597_SET_REPORT_SEMAPHORE_D:
        return threed_report(t, data);
    case A_C597_SET_FALCON04:
        /*
         * The firmware's software method: a masked privileged-register
         * write (address in data, value and mask in scratch 1 and 2),
         * answered by setting scratch 0, which the driver's macro polls.
         * The registers it names only tune the SM, which the model does
         * not have, so the write itself changes nothing.
         */
        t->mthd[A_C597_SET_MME_SHADOW_SCRATCH / 4] = 1;
        return true;
    default: {
        bool handled, ok = nv_threed_draw_method(t, mthd, data, &handled);

        if (!handled && !nv_threed_in_ranges(threed_consumed, G_N_ELEMENTS(threed_consumed), mthd)) {
            nv_threed_unimp(t, mthd, data);
        }
        return ok;
    }
    }
}

/* Busy while a clear or a draw runs (the channel waits); a macro parked behind it waits too. */
static NvEngineStatus threed_status(const NvThreed *t)
{
    return nv_threed_busy(t) || t->mme_parked ? NV_ENGINE_BUSY : NV_ENGINE_IDLE;
}

static NvEngineStatus threed_method(void *obj, const NvMemIf *mem, uint32_t mthd, uint32_t data)
{
    NvThreed *t = obj;

    t->mem = mem;
    return threed_do(t, mthd, data) ? threed_status(t) : NV_ENGINE_ERROR;
}

/*
 * A clear's next rows or a draw's next slice; once it ends, the methods its
 * macro emitted behind it, then the macro itself goes on.
 */
static NvEngineStatus threed_run(void *obj, const NvMemIf *mem, uint64_t budget,
                                 int64_t deadline_us)
{
    NvThreed *t = obj;
    NvEngineStatus st;

    t->mem = mem;
    st = nv_threed_clear_run(t, budget);
    if (st == NV_ENGINE_IDLE) {
        st = nv_threed_draw_run(t, deadline_us);
    }
    if (st != NV_ENGINE_IDLE) {
        return st;
    }
    while (t->deferred_count && !nv_threed_busy(t)) {
        uint32_t mthd = t->deferred[0][0], data = t->deferred[0][1];
        bool ok;

        t->deferred[0][0] = t->deferred[1][0];
        t->deferred[0][1] = t->deferred[1][1];
        t->deferred_count--;
        t->in_macro = true;
        ok = threed_do(t, mthd, data);
        t->in_macro = false;
        if (!ok) {
            return NV_ENGINE_ERROR;
        }
    }
    if (t->mme_parked && !nv_threed_busy(t) &&
        !mme_status(t, nv_mme_resume(&t->mme, &threed_mme_ops, t))) {
        return NV_ENGINE_ERROR;
    }
    return threed_status(t);
}

const NvEngineOps nv_threed_engine = {
    .create = threed_create, .destroy = threed_destroy, .method = threed_method, .run = threed_run,
    .run_budget = THREED_SLICE_TEXELS, .error_code = threed_error_code,
};
