/*
 * TURING_COMPUTE_A: SEND_PCAS_A gives a QMD address; SEND_SIGNALING_PCAS_B
 * with SCHEDULE reads the QMD once, validates every field, and starts a
 * launch on the SM; nv_compute_run() then executes it slice by slice (the
 * channel stays busy, so later methods wait, as on hardware where the next
 * launch is ordered after the previous one's releases). On completion the
 * QMD's semaphore releases are written. An SM error stops the launch with
 * a guest error naming the PC, CTA, warp and lane; MMU faults have already
 * been recorded by the channel's memory path.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "compute.h"
#include "../base/util.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/nv-rt.h"
#include "sem.h"

#define QMD_MAX_BLOCK_XY    1024u
#define QMD_MAX_BLOCK_Z     64u
#define QMD_MAX_GRID_YZ     65535u
#define QMD_WINDOW_ALIGN    (16u << 20)

void nv_compute_init(NvComputeState *s, const NvComputeConfig *cfg)
{
    memset(s, 0, sizeof(*s));
    nv_i2m_reset(&s->i2m);
    s->cfg = *cfg;
}

void nv_compute_fini(NvComputeState *s)
{
    nv_sm_launch_free(s->launch);
    s->launch = NULL;
}

/* ---- the SM's memory: the channel's address space ---- */

/* opaque: where the engine keeps the NvMemIf of the call in progress */
static const NvMemIf *sm_mem(void *opaque)
{
    return *(const NvMemIf **)opaque;
}

static uint8_t *sm_page(void *opaque, uint64_t va, bool write, bool *fault)
{
    const NvMemIf *m = sm_mem(opaque);

    *fault = false;
    return m->page ? m->page(m->opaque, va, write, fault) : NULL;
}

static bool sm_read(void *opaque, uint64_t va, void *buf, size_t len)
{
    const NvMemIf *m = sm_mem(opaque);

    return m->read(m->opaque, true, 0, va, buf, len);
}

static bool sm_write(void *opaque, uint64_t va, const void *buf, size_t len)
{
    const NvMemIf *m = sm_mem(opaque);

    return m->write(m->opaque, true, 0, va, buf, len);
}

static uint64_t sm_time(void *opaque)
{
    const NvMemIf *m = sm_mem(opaque);

    return m->time_ns(m->opaque);
}

NvSmMemOps nv_engine_sm_mem(const NvMemIf **mem)
{
    return (NvSmMemOps){ .opaque = (void *)mem, .page = sm_page, .read = sm_read,
                         .write = sm_write, .time_ns = sm_time };
}

/* The guest-error kind of each SM error. */
NvGuestErrorKind nv_compute_sm_error_kind(NvSmErrorKind k)
{
    static const NvGuestErrorKind kinds[] = {
        [NV_SM_ERR_MMU] = NV_ERR_SM_MMU,
        [NV_SM_ERR_OOR_ADDR] = NV_ERR_SM_OOR_ADDR,
        [NV_SM_ERR_MISALIGNED] = NV_ERR_SM_MISALIGNED,
        [NV_SM_ERR_ILLEGAL_INSN] = NV_ERR_SM_ILLEGAL_INSN,
        [NV_SM_ERR_TRAP] = NV_ERR_SM_TRAP,
        [NV_SM_ERR_TIMEOUT] = NV_ERR_SM_TIMEOUT,
        [NV_SM_ERR_BARRIER] = NV_ERR_SM_BARRIER,
        [NV_SM_ERR_RESOURCE] = NV_ERR_SM_RESOURCE,
        [NV_SM_ERR_TEX_DESC] = NV_ERR_SM_TEX_DESC,
    };

    return (unsigned)k < NV_ARRAY_SIZE(kinds) && kinds[k] ? kinds[k] : NV_ERR_SM_ILLEGAL_INSN;
}

void nv_engine_sm_error(const NvMemIf *mem, const char *who, const NvSmError *e, char *msg,
                        size_t len)
{
    uint64_t w[2];
    int n = snprintf(msg, len, "%s: %s at pc 0x%llx, CTA (%u,%u,%u) warp %u lane %u, address "
                     "0x%llx", who, nv_sm_error_name(e->kind), (unsigned long long)e->pc,
                     e->cta[0], e->cta[1], e->cta[2], e->warp, e->lane,
                     (unsigned long long)e->addr);

    /* An illegal instruction: its words, for whoever extends the decoder. */
    if (e->kind == NV_SM_ERR_ILLEGAL_INSN && n > 0 && (size_t)n < len &&
        mem->read(mem->opaque, true, 0, e->pc, w, sizeof(w))) {
        snprintf(msg + n, len - n, ", instruction 0x%016llx%016llx",
                 (unsigned long long)w[1], (unsigned long long)w[0]);
    }
    mem->error(mem->opaque, nv_compute_sm_error_kind(e->kind), msg);
}

/* ---- the QMD ---- */

static uint32_t mthd_value(const uint32_t *mthd, uint32_t offset)
{
    return mthd[offset / 4];
}

static uint64_t window(const uint32_t *mthd, uint32_t a, uint32_t b)
{
    return (uint64_t)NV_FEX32(mthd_value(mthd, a), C5C0_WINDOW_A, BASE_ADDRESS_UPPER) << 32 |
           mthd_value(mthd, b);
}

#define QMD_FAIL(...) do { snprintf(why, whylen, __VA_ARGS__); return false; } while (0)

bool nv_compute_qmd_desc(const uint32_t qmd[NV_QMD_DWORDS], const uint32_t *mthd,
                         NvSmLaunchDesc *d, char *why, size_t whylen)
{
    uint32_t major = NV_QMD_GET(qmd, QMD_MAJOR_VERSION), minor = NV_QMD_GET(qmd, QMD_VERSION);
    uint32_t valid = NV_QMD_GET(qmd, CONSTANT_BUFFER_VALID);
    uint64_t threads;

    memset(d, 0, sizeof(*d));
    if (major != NV_QMD_MAJOR_2 || (minor != NV_QMD_MINOR_2 && minor != NV_QMD_MINOR_3)) {
        QMD_FAIL("QMD version %u.%u is not supported (2.2, 2.3)", major, minor);
    }
    d->entry = (uint64_t)NV_QMD_GET(qmd, PROGRAM_ADDRESS_UPPER) << 32 |
               NV_QMD_GET(qmd, PROGRAM_ADDRESS_LOWER);
    d->grid[0] = NV_QMD_GET(qmd, CTA_RASTER_WIDTH);
    d->grid[1] = NV_QMD_GET(qmd, CTA_RASTER_HEIGHT);
    d->grid[2] = NV_QMD_GET(qmd, CTA_RASTER_DEPTH);
    d->block[0] = NV_QMD_GET(qmd, CTA_THREAD_DIMENSION0);
    d->block[1] = NV_QMD_GET(qmd, CTA_THREAD_DIMENSION1);
    d->block[2] = NV_QMD_GET(qmd, CTA_THREAD_DIMENSION2);
    threads = (uint64_t)d->block[0] * d->block[1] * d->block[2];
    if (!d->grid[0] || !d->grid[1] || !d->grid[2] || d->grid[0] > INT32_MAX) {
        QMD_FAIL("grid %ux%ux%u", d->grid[0], d->grid[1], d->grid[2]);
    }
    if (!threads || threads > NV_SM_MAX_THREADS || d->block[0] > QMD_MAX_BLOCK_XY ||
        d->block[1] > QMD_MAX_BLOCK_XY || d->block[2] > QMD_MAX_BLOCK_Z) {
        QMD_FAIL("block %ux%ux%u", d->block[0], d->block[1], d->block[2]);
    }
    if (d->entry & 15) {
        QMD_FAIL("program address 0x%llx is not 16-byte aligned", (unsigned long long)d->entry);
    }
    d->regs = NV_QMD_GET(qmd, REGISTER_COUNT);
    d->shared_bytes = NV_QMD_GET(qmd, SHARED_MEMORY_SIZE);
    d->local_bytes = NV_QMD_GET(qmd, SHADER_LOCAL_MEMORY_LOW_SIZE);
    if (d->shared_bytes > NV_SM_MAX_SHARED) {
        QMD_FAIL("shared memory size %u", d->shared_bytes);
    }
    if (d->local_bytes > NV_SM_MAX_LOCAL) {
        QMD_FAIL("local memory size %u", d->local_bytes);
    }
    d->shared_window = window(mthd, A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A,
                              A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B);
    d->local_window = window(mthd, A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A,
                             A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B);
    if ((d->shared_window | d->local_window) % QMD_WINDOW_ALIGN) {
        QMD_FAIL("memory windows are not 16 MiB aligned");
    }
    for (unsigned b = 0; b < NV_QMD_CBUF_BANKS; b++) {
        uint32_t size = nv_qmd_get(qmd, NV_QMD_CBUF_SIZE_SHIFTED4_BIT(b),
                                   NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH) << 4;

        if (!((valid >> b) & 1)) {
            continue;
        }
        if (size > NV_SM_CBUF_MAX) {
            QMD_FAIL("constant buffer %u size %u", b, size);
        }
        d->cbuf[b].valid = true;
        d->cbuf[b].size = size;
        d->cbuf[b].addr = (uint64_t)nv_qmd_get(qmd, NV_QMD_CBUF_ADDR_UPPER_BIT(b),
                                               NV_QMD_CBUF_ADDR_UPPER_WIDTH) << 32 |
                          nv_qmd_get(qmd, NV_QMD_CBUF_ADDR_LOWER_BIT(b), 32);
    }
    d->tex_headers.addr = (uint64_t)NV_FEX32(mthd_value(mthd, A_C5C0_SET_TEX_HEADER_POOL_A),
                                             C5C0_SET_TEX_HEADER_POOL_A, OFFSET_UPPER) << 32 |
                          mthd_value(mthd, A_C5C0_SET_TEX_HEADER_POOL_B);
    d->tex_headers.max_index = NV_FEX32(mthd_value(mthd, A_C5C0_SET_TEX_HEADER_POOL_C),
                                        C5C0_SET_TEX_HEADER_POOL_C, MAXIMUM_INDEX);
    d->samplers.addr = (uint64_t)NV_FEX32(mthd_value(mthd, A_C5C0_SET_TEX_SAMPLER_POOL_A),
                                          C5C0_SET_TEX_SAMPLER_POOL_A, OFFSET_UPPER) << 32 |
                       mthd_value(mthd, A_C5C0_SET_TEX_SAMPLER_POOL_B);
    d->samplers.max_index = NV_FEX32(mthd_value(mthd, A_C5C0_SET_TEX_SAMPLER_POOL_C),
                                     C5C0_SET_TEX_SAMPLER_POOL_C, MAXIMUM_INDEX);
    return true;
}

static NvEngineStatus launch(NvComputeState *s, const NvMemIf *mem)
{
    uint64_t qmd_va = (uint64_t)mthd_value(s->mthd, A_C5C0_SEND_PCAS_A) <<
                      C5C0_QMD_ADDRESS_SHIFT;
    const NvSmMemOps ops = nv_engine_sm_mem(&s->mem);
    NvSmLaunchDesc d;
    char why[160], msg[224];

    if (s->launch) {
        return NV_ENGINE_BUSY;      /* the channel does not get here while busy */
    }
    s->err = (NvSmError){ .kind = NV_SM_OK };  /* only the SM sets an error kind */
    /* the QMD is read once; the launch uses this copy only */
    if (!mem->read(mem->opaque, true, 0, qmd_va, s->qmd, sizeof(s->qmd))) {
        return NV_ENGINE_ERROR;
    }
    if (!nv_compute_qmd_desc(s->qmd, s->mthd, &d, why, sizeof(why))) {
        snprintf(msg, sizeof(msg), "compute: QMD at 0x%llx: %s", (unsigned long long)qmd_va,
                 why);
        mem->error(mem->opaque, NV_ERR_QMD_INVALID, msg);
        return NV_ENGINE_ERROR;
    }
    d.budget = s->cfg.budget;
    d.sm_count = s->cfg.sm_count;
    d.trace = s->cfg.trace;
    d.trace_opaque = s->cfg.trace_opaque;
    s->mem = mem;
    s->launch = nv_sm_launch_new(s->cfg.sm, &d, &ops, &s->err);
    s->mem = NULL;
    if (s->launch && mem->trace) {
        NvTraceRecord r = { .id = NV_TRACE_LAUNCH, .launch = {
            .qmd = qmd_va, .entry = d.entry,
            .grid = { d.grid[0], d.grid[1], d.grid[2] },
            .block = { d.block[0], d.block[1], d.block[2] } } };

        mem->trace(mem->opaque, &r);
    }
    if (!s->launch) {
        snprintf(msg, sizeof(msg), "compute: launch refused: %s at 0x%llx",
                 nv_sm_error_name(s->err.kind), (unsigned long long)s->err.addr);
        mem->error(mem->opaque, nv_compute_sm_error_kind(s->err.kind), msg);
        return NV_ENGINE_ERROR;
    }
    return NV_ENGINE_BUSY;
}

/* RELEASE1's fields sit RELEASE0's distance further, and its enable bit next. */
#define QMD_RELEASE_STRIDE  (NV_QMD_RELEASE1_ADDRESS_LOWER_BIT - NV_QMD_RELEASE0_ADDRESS_LOWER_BIT)
#define QMD_SAME_LAYOUT(name) \
    _Static_assert(NV_QMD_RELEASE1_##name##_BIT == NV_QMD_RELEASE0_##name##_BIT + \
                   QMD_RELEASE_STRIDE, "RELEASE1 " #name)
QMD_SAME_LAYOUT(ADDRESS_UPPER);
QMD_SAME_LAYOUT(REDUCTION_OP);
QMD_SAME_LAYOUT(REDUCTION_FORMAT);
QMD_SAME_LAYOUT(REDUCTION_ENABLE);
QMD_SAME_LAYOUT(STRUCTURE_SIZE);
QMD_SAME_LAYOUT(PAYLOAD);
#define QMD_RELEASE(q, i, name) \
    nv_qmd_get((q), NV_QMD_RELEASE0_##name##_BIT + (i) * QMD_RELEASE_STRIDE, \
               NV_QMD_RELEASE0_##name##_WIDTH)

/* The QMD's semaphore releases, after the grid has finished. */
static bool releases(NvComputeState *s, const NvMemIf *mem)
{
    const uint32_t *q = s->qmd;

    for (unsigned i = 0; i < 2; i++) {
        NvSemRelease r = {
            .addr = (uint64_t)QMD_RELEASE(q, i, ADDRESS_UPPER) << 32 |
                    QMD_RELEASE(q, i, ADDRESS_LOWER),
            .payload = QMD_RELEASE(q, i, PAYLOAD),
            .four_word = !QMD_RELEASE(q, i, STRUCTURE_SIZE),
            .reduce = QMD_RELEASE(q, i, REDUCTION_ENABLE),
            .is_signed = QMD_RELEASE(q, i, REDUCTION_FORMAT) == A140_REDUCTION_FORMAT_SIGNED_32,
            .op = (NvSemOp)QMD_RELEASE(q, i, REDUCTION_OP),
        };

        if (nv_qmd_get(q, NV_QMD_SEMAPHORE_RELEASE_ENABLE0_BIT + i, 1) &&
            !nv_sem_release(mem, &r)) {
            return false;
        }
    }
    return true;
}

NvEngineStatus nv_compute_run(NvComputeState *s, const NvMemIf *mem, uint64_t slice,
                              int64_t deadline_us)
{
    bool over;
    char msg[256];

    if (!s->launch) {
        return NV_ENGINE_IDLE;
    }
    s->mem = mem;
    over = nv_sm_launch_run(s->launch, slice, deadline_us);
    s->mem = NULL;
    if (!over) {
        return NV_ENGINE_BUSY;
    }
    s->err = *nv_sm_launch_error(s->launch);
    nv_sm_launch_stats(s->launch, &s->stats);
    nv_compute_fini(s);
    if (s->err.kind != NV_SM_OK) {
        nv_engine_sm_error(mem, "compute", &s->err, msg, sizeof(msg));
        return NV_ENGINE_ERROR;
    }
    s->launches++;
    return releases(s, mem) ? NV_ENGINE_IDLE : NV_ENGINE_ERROR;
}

/*
 * SET_REPORT_SEMAPHORE_D: a release of C at the address of A and B (one
 * word, or C, 0 and the time: how NVK times a compute queue), with the
 * host's reductions. TRAP is not modelled: reported as not executed.
 */
static NvEngineStatus report(NvComputeState *s, const NvMemIf *mem, uint32_t d)
{
    uint64_t va = (uint64_t)NV_FEX32(mthd_value(s->mthd, A_C5C0_SET_REPORT_SEMAPHORE_A),
                                     C5C0_SET_REPORT_SEMAPHORE_A, OFFSET_UPPER) << 32 |
                  mthd_value(s->mthd, A_C5C0_SET_REPORT_SEMAPHORE_B);
    NvSemRelease r = nv_sem_report_release(va, mthd_value(s->mthd, A_C5C0_SET_REPORT_SEMAPHORE_C),
                                           d);

    if (NV_FEX32(d, RS_D, OPERATION) != NV_RS_OP_RELEASE) {
        if (mem->unimp_method) {
            mem->unimp_method(mem->opaque, A_C5C0_SET_REPORT_SEMAPHORE_D, d);
        }
        return NV_ENGINE_IDLE;
    }
    return nv_sem_release(mem, &r) ? NV_ENGINE_IDLE : NV_ENGINE_ERROR;
}

NvEngineStatus nv_compute_method(NvComputeState *s, const NvMemIf *mem, uint32_t mthd,
                                 uint32_t data)
{
    s->err = (NvSmError){ .kind = NV_SM_OK };  /* only a launch reports an SM error */
    if (mthd < C5C0_MTHD_FIRST || mthd >= C5C0_MTHD_END || (mthd & 3)) {
        mem->error(mem->opaque, NV_ERR_COMPUTE_BAD_METHOD, "compute: method outside the class");
        return NV_ENGINE_ERROR;
    }
    if (mthd >= C5C0_I2M_FIRST && mthd <= C5C0_I2M_LAST) {
        return nv_i2m_method(&s->i2m, mem, mthd, data);
    }
    s->mthd[mthd / 4] = data;
    if (mthd == A_C5C0_SEND_SIGNALING_PCAS_B &&
        NV_FEX32(data, C5C0_SEND_SIGNALING_PCAS_B, SCHEDULE)) {
        return launch(s, mem);
    }
    if (mthd == A_C5C0_SET_REPORT_SEMAPHORE_D) {
        return report(s, mem, data);
    }
    return NV_ENGINE_IDLE;
}

static void *compute_create(const NvGpu *gpu)
{
    NvComputeState *s = g_try_new0(NvComputeState, 1);

    if (s) {
        nv_compute_init(s, &gpu->compute_cfg);
    }
    return s;
}

static void compute_destroy(void *obj)
{
    nv_compute_fini(obj);
    g_free(obj);
}

static NvEngineStatus compute_method(void *obj, const NvMemIf *mem, uint32_t mthd,
                                     uint32_t data)
{
    return nv_compute_method(obj, mem, mthd, data);
}

static NvEngineStatus compute_run(void *obj, const NvMemIf *mem, uint64_t budget,
                                  int64_t deadline_us)
{
    return nv_compute_run(obj, mem, budget, deadline_us);
}

static unsigned compute_error_code(void *obj)
{
    return ((NvComputeState *)obj)->err.kind;
}

const NvEngineOps nv_compute_engine = {
    .create = compute_create, .destroy = compute_destroy, .method = compute_method,
    .run = compute_run, .run_budget = NV_COMPUTE_SLICE_INSNS, .error_code = compute_error_code,
};
