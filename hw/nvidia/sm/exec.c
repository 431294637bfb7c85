/*
 * The SM interpreter: the executor table in use, errors, guest memory reads
 * through the provider, the host memory cap, launches run in slices on
 * worker threads, the SM array and test hooks. warp.c schedules a warp's
 * lanes, cta.c runs CTAs and their barriers, operand.c reads source
 * operands; the executors are in exec-*.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>

#include "sm-internal.h"
#include "hw/nvidia/nv-f16.h"

#define NV_SM_CTA_QUANTUM   (1u << 16)  /* per CTA turn on a worker */
#define NV_SM_CTA_RUN       8           /* neighbouring CTAs that go to one worker (cta_order) */

/* One slice's work, shared by the workers that run it. */
typedef struct NvSmTask {
    NvSmLaunch *l;
    uint64_t until;             /* the launch's count where the slice ends; 0: none */
    int64_t deadline_us;        /* 0: none */
} NvSmTask;

struct NvSm {
    NvSmConfig cfg;
    unsigned workers;
    uint64_t mem_max;
    uint64_t resident_mem;      /* NvSmConfig.resident_mem */
    uint64_t mem_used;          /* atomic: bytes charged (nv_sm_host_alloc) */
    int yield;                  /* atomic: nv_sm_yield_request() */
    GThread **threads;          /* nthreads workers (none with one worker) */
    unsigned nthreads;
    GMutex lock;                /* the fields below */
    GCond wake, done;
    NvSmTask task;              /* the current slice */
    uint64_t gen;               /* slices dispatched: a worker takes one share of each */
    unsigned tickets;           /* shares of the slice not taken yet */
    unsigned running;           /* shares not finished yet */
    bool quit;
};

/* ---- the executor table ---- */

/*
 * The executors are also built for x86-64 hosts with AVX2/FMA/BMI (the
 * 32-lane loops then vectorise 8 wide, 2-3x faster) where the build links
 * them (a weak reference: NULL otherwise); pick them when the host has
 * those extensions, and the baseline build otherwise.
 */
extern const NvSmExecFn nv_sm_exec_table_v3[NV_SASS_OP_COUNT] __attribute__((weak));
extern NvSmExecFn nv_sm_fast_executor_v3(const NvSassInsn *in) __attribute__((weak));

static const NvSmExecFn *exec_table;
static NvSmExecFn (*fast_executor)(const NvSassInsn *in);

const NvSmExecFn *nv_sm_exec_table_get(bool v3)
{
    return v3 ? nv_sm_exec_table_v3 : nv_sm_exec_table;
}

static bool use_v3(void)
{
#if defined(__x86_64__)
    if (!nv_sm_exec_table_v3 || g_getenv("NVGPU_SM_BASELINE")) {
        return false;       /* not built, or NVGPU_SM_BASELINE=1 (tests run both) */
    }
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
#else
    return false;
#endif
}

static gpointer exec_table_init(gpointer unused)
{
    bool v3 = use_v3();

    exec_table = v3 ? nv_sm_exec_table_v3 : nv_sm_exec_table;
    /* NVGPU_SM_GENERIC=1: the general executors only (to compare with) */
    if (!g_getenv("NVGPU_SM_GENERIC")) {
        fast_executor = v3 ? nv_sm_fast_executor_v3 : nv_sm_fast_executor;
    }
    return NULL;
}

static void exec_tables_init(void)
{
    static GOnce once = G_ONCE_INIT;

    g_once(&once, exec_table_init, NULL);
}

NvSmExecFn nv_sm_executor(unsigned opcode)
{
    exec_tables_init();
    return opcode < NV_SASS_OP_COUNT ? exec_table[opcode] : NULL;
}

NvSmExecFn nv_sm_fast_executor_in_use(const NvSassInsn *in)
{
    exec_tables_init();
    return fast_executor ? fast_executor(in) : NULL;
}

NvSmExecFn nv_sm_executor_for(const NvSassInsn *in)
{
    NvSmExecFn fn = nv_sm_fast_executor_in_use(in);

    return fn ? fn : nv_sm_executor(in->opcode);
}

/* ---- errors ---- */

static const char *const error_names[] = {
    [NV_SM_OK] = "ok",
    [NV_SM_ERR_MMU] = "MMU fault",
    [NV_SM_ERR_OOR_ADDR] = "out-of-range address",
    [NV_SM_ERR_MISALIGNED] = "misaligned address",
    [NV_SM_ERR_ILLEGAL_INSN] = "illegal instruction",
    [NV_SM_ERR_TRAP] = "trap",
    [NV_SM_ERR_TIMEOUT] = "instruction budget exhausted",
    [NV_SM_ERR_BARRIER] = "barrier deadlock",
    [NV_SM_ERR_RESOURCE] = "out of host memory",
    [NV_SM_ERR_TEX_DESC] = "invalid texture descriptor",
};

const char *nv_sm_error_name(NvSmErrorKind kind)
{
    return (unsigned)kind < G_N_ELEMENTS(error_names) ? error_names[kind] : "?";
}

static void launch_error(NvSmLaunch *l, const NvSmError *e)
{
    g_mutex_lock(&l->lock);
    if (!l->stopped) {
        l->err = *e;
        g_atomic_int_set(&l->stopped, 1);
    }
    g_mutex_unlock(&l->lock);
}

void nv_sm_fault(NvSmWarp *w, NvSmErrorKind kind, uint64_t addr, bool write, uint32_t lane)
{
    NvSmError e = {
        .kind = kind, .pc = w->pc, .addr = addr, .write = write,
        .warp = w->index, .lane = lane,
    };

    memcpy(e.cta, w->cta->id, sizeof(e.cta));
    launch_error(w->l, &e);
}

/* ---- host memory: charged against the cap before it is allocated ---- */

/* Charges bytes; false (nothing charged) when that would exceed the cap. */
static bool nv_sm_host_charge(NvSm *sm, uint64_t bytes)
{
    uint64_t used = __atomic_load_n(&sm->mem_used, __ATOMIC_RELAXED);

    do {
        if (bytes > sm->mem_max || used > sm->mem_max - bytes) {
            return false;
        }
    } while (!__atomic_compare_exchange_n(&sm->mem_used, &used, used + bytes, true,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return true;
}

static void nv_sm_host_uncharge(NvSm *sm, uint64_t bytes)
{
    __atomic_fetch_sub(&sm->mem_used, bytes, __ATOMIC_RELAXED);
}

#define NV_SM_ALIGN_UP(n) (((n) + 63) & ~(size_t)63)

void *nv_sm_host_alloc(NvSm *sm, size_t bytes)
{
    void *p;

    if (!nv_sm_host_charge(sm, bytes)) {
        return NULL;
    }
    /* whole cache lines: what two workers write never shares one */
    p = g_aligned_alloc0(1, NV_SM_ALIGN_UP(MAX(bytes, 1)), 64);
    if (!p) {
        nv_sm_host_uncharge(sm, bytes);
    }
    return p;
}

void nv_sm_host_free(NvSm *sm, void *p, size_t bytes)
{
    if (p) {
        g_aligned_free(p);
        nv_sm_host_uncharge(sm, bytes);
    }
}

uint64_t nv_sm_mem_used(const NvSm *sm)
{
    return __atomic_load_n(&sm->mem_used, __ATOMIC_RELAXED);
}

/* ---- memory through the provider ---- */

bool nv_sm_mem_read(NvSmLaunch *l, uint64_t va, void *buf, size_t len)
{
    uint8_t *out = buf;
    bool ok = true;

    g_mutex_lock(&l->mem_lock);
    while (len && ok) {
        size_t chunk = MIN(len, NV_SM_PAGE_SIZE - (va & (NV_SM_PAGE_SIZE - 1)));
        bool fault = false;
        uint8_t *page = l->mem.page ? l->mem.page(l->mem.opaque, va & ~(uint64_t)(NV_SM_PAGE_SIZE - 1),
                                                  false, &fault) : NULL;

        if (page) {
            memcpy(out, page + (va & (NV_SM_PAGE_SIZE - 1)), chunk);
        } else {
            ok = !fault && l->mem.read && l->mem.read(l->mem.opaque, va, out, chunk);
        }
        out += chunk;
        va += chunk;
        len -= chunk;
    }
    g_mutex_unlock(&l->mem_lock);
    return ok;
}

/*
 * A worker thread's translation cache, behind the warps' small ones: pages
 * are shared by the warps of every CTA the worker runs, so most warp misses
 * end here without the launch's memory lock (a launch's mappings do not
 * change while it runs; the cache is keyed by the launch's serial).
 */
#define NV_SM_WORKER_TLB_BITS   10
#define NV_SM_WORKER_TLB    (1u << NV_SM_WORKER_TLB_BITS)
static __thread struct {
    uint64_t serial;
    NvSmWtlbEntry e[NV_SM_WORKER_TLB];
} worker_tlb;

uint8_t *nv_sm_global_page_miss(NvSmWarp *w, uint64_t va, bool write, bool *fault)
{
    uint64_t vpn = va >> NV_SM_PAGE_BITS;
    NvSmWtlbEntry *e = &w->tlb[nv_sm_tlb_slot(vpn, NV_SM_WTLB_BITS)], *we;
    NvSmLaunch *l = w->l;
    uint8_t *page = NULL;

    if (worker_tlb.serial != l->serial) {
        for (unsigned i = 0; i < NV_SM_WORKER_TLB; i++) {
            worker_tlb.e[i].vpn = UINT64_MAX;
        }
        worker_tlb.serial = l->serial;
    }
    we = &worker_tlb.e[nv_sm_tlb_slot(vpn, NV_SM_WORKER_TLB_BITS)];
    if (we->vpn == vpn && (!write || we->writable)) {
        *e = *we;
        return we->host;
    }
    g_mutex_lock(&l->mem_lock);
    if (l->mem.page) {
        page = l->mem.page(l->mem.opaque, vpn << NV_SM_PAGE_BITS, write, fault);
    } else {
        *fault = !l->mem.read;
    }
    g_mutex_unlock(&l->mem_lock);
    if (*fault) {
        return NULL;
    }
    *e = (NvSmWtlbEntry){ .vpn = vpn, .host = page, .writable = write };
    *we = *e;
    return page;
}

bool nv_sm_global_slow(NvSmWarp *w, uint64_t va, void *buf, unsigned size, bool write)
{
    NvSmLaunch *l = w->l;
    bool ok;

    g_mutex_lock(&l->mem_lock);
    ok = write ? l->mem.write && l->mem.write(l->mem.opaque, va, buf, size)
               : l->mem.read && l->mem.read(l->mem.opaque, va, buf, size);
    g_mutex_unlock(&l->mem_lock);
    return ok;
}

bool nv_sm_global_access(NvSmWarp *w, uint64_t va, unsigned l, void *buf, unsigned size,
                         bool write)
{
    uint8_t *p;
    bool fault;

    if (va & (size - 1)) {
        nv_sm_fault(w, NV_SM_ERR_MISALIGNED, va, write, l);
        return false;
    }
    p = nv_sm_global_page(w, va, write, &fault);
    if (!p && !fault) {
        if (nv_sm_global_slow(w, va, buf, size, write)) {
            return true;
        }
        fault = true;
    }
    if (fault) {
        nv_sm_fault(w, NV_SM_ERR_MMU, va, write, l);
        return false;
    }
    p += va & (NV_SM_PAGE_SIZE - 1);
    memcpy(write ? p : buf, write ? buf : p, size);
    return true;
}

/* ---- atomics (global memory, surfaces) ---- */

/* fp16x2 add of two packed halves (the fp32 sum of two halves is exact: one rounding). */
static uint32_t f16x2_add(uint32_t a, uint32_t b)
{
    uint32_t r = 0;

    for (unsigned i = 0; i < 2; i++) {
        float s = nv_f16_to_f32((uint16_t)(a >> (16 * i))) +
                  nv_f16_to_f32((uint16_t)(b >> (16 * i)));

        r |= (uint32_t)nv_f32_to_f16(s) << (16 * i);
    }
    return r;
}

/* The new memory value of an atomic op (old value, operand b, CAS value c). */
uint64_t nv_sm_atom_apply(unsigned op, unsigned type, uint64_t old, uint64_t b, uint64_t c)
{
    bool sgn = type == NV_SASS_ATYPE_S32 || type == NV_SASS_ATYPE_S64;
    bool is64 = (type == NV_SASS_ATYPE_U64 || type == NV_SASS_ATYPE_S64 || type == NV_SASS_ATYPE_F64);
    int64_t so = is64 ? (int64_t)old : (int32_t)old, sb = is64 ? (int64_t)b : (int32_t)b;

    switch (op) {
    case NV_SASS_ATOM_ADD:
    case NV_SASS_ATOM_SAFEADD:
        if (type == NV_SASS_ATYPE_F32) {
            return nv_bits_f32(nv_f32_of(old) + nv_f32_of(b));
        }
        if (type == NV_SASS_ATYPE_F64) {
            return nv_bits_f64(nv_f64_of(old) + nv_f64_of(b));
        }
        if (type == NV_SASS_ATYPE_F16X2) {
            return f16x2_add(old, b);
        }
        return old + b;
    case NV_SASS_ATOM_MIN:
        if (type == NV_SASS_ATYPE_F32) {
            return nv_bits_f32(fminf(nv_f32_of(old), nv_f32_of(b)));
        }
        return sgn ? (uint64_t)MIN(so, sb) : MIN(old, b);
    case NV_SASS_ATOM_MAX:
        if (type == NV_SASS_ATYPE_F32) {
            return nv_bits_f32(fmaxf(nv_f32_of(old), nv_f32_of(b)));
        }
        return sgn ? (uint64_t)MAX(so, sb) : MAX(old, b);
    case NV_SASS_ATOM_INC:
        return old >= b ? 0 : old + 1;
    case NV_SASS_ATOM_DEC:
        return old == 0 || old > b ? b : old - 1;
    case NV_SASS_ATOM_AND:
        return old & b;
    case NV_SASS_ATOM_OR:
        return old | b;
    case NV_SASS_ATOM_XOR:
        return old ^ b;
    case NV_SASS_ATOM_EXCH:
        return b;
    case NV_SASS_ATOM_CAS:
    case NV_SASS_ATOM_CAST:
    case NV_SASS_ATOM_CAST_SPIN:
        return old == b ? c : old;
    default:
        return old;
    }
}

/*
 * One lane's atomic at p (host memory, aligned): returns the old value.
 * Host atomics make it correct across workers.
 */
uint64_t nv_sm_atom_host(uint8_t *p, bool is64, unsigned op, unsigned type,
                          uint64_t b, uint64_t c)
{
    if (is64) {
        uint64_t *q = (uint64_t *)p, old = __atomic_load_n(q, __ATOMIC_RELAXED), nv;

        do {
            nv = GUINT64_TO_LE(nv_sm_atom_apply(op, type, GUINT64_FROM_LE(old), b, c));
        } while (!__atomic_compare_exchange_n(q, &old, nv, true, __ATOMIC_SEQ_CST,
                                              __ATOMIC_RELAXED));
        return GUINT64_FROM_LE(old);
    } else {
        uint32_t *q = (uint32_t *)p, old = __atomic_load_n(q, __ATOMIC_RELAXED), nv;

        do {
            nv = GUINT32_TO_LE((uint32_t)nv_sm_atom_apply(op, type, GUINT32_FROM_LE(old), b, c));
        } while (!__atomic_compare_exchange_n(q, &old, nv, true, __ATOMIC_SEQ_CST,
                                              __ATOMIC_RELAXED));
        return GUINT32_FROM_LE(old);
    }
}

/* An atomic on memory without a host pointer: read-modify-write under the lock. */
bool nv_sm_atom_slow(NvSmWarp *w, uint64_t addr, bool is64, unsigned op, unsigned type,
                      uint64_t b, uint64_t c, uint64_t *old)
{
    NvSmLaunch *l = w->l;
    unsigned size = is64 ? 8 : 4;
    uint64_t v = 0, nv;
    bool ok;

    g_mutex_lock(&l->mem_lock);
    ok = l->mem.read && l->mem.read(l->mem.opaque, addr, &v, size);
    v = GUINT64_FROM_LE(v);
    nv = GUINT64_TO_LE(nv_sm_atom_apply(op, type, v, b, c));
    ok = ok && l->mem.write && l->mem.write(l->mem.opaque, addr, &nv, size);
    g_mutex_unlock(&l->mem_lock);
    *old = is64 ? v : (uint32_t)v;
    return ok;
}

/* ---- launches ---- */

/* A graphics launch's arrays are there for every thread of the grid it covers. */
static bool gfx_valid(const NvSmGfx *g, uint64_t grid_threads)
{
    if (g->threads > grid_threads) {
        return false;
    }
    switch (g->stage) {
    case NV_SM_STAGE_VERTEX:
        return g->in && g->out;
    case NV_SM_STAGE_PIXEL:
        return g->pixels && g->prims && g->ps_out && g->ps_kept;
    default:
        return false;
    }
}

static bool desc_valid(const NvSmLaunchDesc *d)
{
    uint64_t threads = (uint64_t)d->block[0] * d->block[1] * d->block[2];

    for (unsigned i = 0; i < 3; i++) {
        if (!d->grid[i] || !d->block[i]) {
            return false;
        }
    }
    if (d->gfx && !gfx_valid(d->gfx, threads * d->grid[0] * d->grid[1] * d->grid[2])) {
        return false;
    }
    return threads <= NV_SM_MAX_THREADS && d->shared_bytes <= NV_SM_MAX_SHARED &&
           d->local_bytes <= NV_SM_MAX_LOCAL && !(d->entry & 15);
}

/*
 * Snapshots the bound constant banks (charged); false with *err filled.
 * A graphics launch snapshots a bank when a shader first reads it
 * (nv_sm_cbuf_fetch): bind groups keep slots the shader never reads, which
 * may point at memory long unmapped, and only a read faults on hardware.
 */
static bool snapshot_cbufs(NvSmLaunch *l, NvSmError *err)
{
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        uint32_t size = MIN(l->d.cbuf[b].size, NV_SM_CBUF_MAX);

        if (!l->d.cbuf[b].valid) {
            continue;
        }
        if (l->d.gfx) {
            l->cbuf_lazy[b] = 1;
            continue;
        }
        l->cbuf_size[b] = size;
        l->cbuf[b] = nv_sm_host_alloc(l->sm, MAX(size, 4));
        if (!l->cbuf[b]) {
            err->kind = NV_SM_ERR_RESOURCE;
            return false;
        }
        if (size && !nv_sm_mem_read(l, l->d.cbuf[b].addr, l->cbuf[b], size)) {
            err->kind = NV_SM_ERR_MMU;
            err->addr = l->d.cbuf[b].addr;
            return false;
        }
    }
    return true;
}

bool nv_sm_cbuf_fetch(NvSmWarp *w, unsigned bank)
{
    NvSmLaunch *l = w->l;
    uint32_t size = MIN(l->d.cbuf[bank].size, NV_SM_CBUF_MAX);
    bool ok = true;
    uint8_t *p;

    g_mutex_lock(&l->cbuf_lock);
    if (g_atomic_int_get(&l->cbuf_lazy[bank]) && !l->cbuf[bank]) {
        p = nv_sm_host_alloc(l->sm, MAX(size, 4));
        ok = p && (!size || nv_sm_mem_read(l, l->d.cbuf[bank].addr, p, size));
        if (ok) {
            l->cbuf_size[bank] = size;
            g_atomic_pointer_set(&l->cbuf[bank], p);
        } else {
            nv_sm_host_free(l->sm, p, MAX(size, 4));
        }
        g_atomic_int_set(&l->cbuf_lazy[bank], 0);  /* a fault is reported once */
    }
    g_mutex_unlock(&l->cbuf_lock);
    if (!ok) {
        nv_sm_fault(w, p ? NV_SM_ERR_MMU : NV_SM_ERR_RESOURCE, l->d.cbuf[bank].addr, false, 0);
    }
    return ok;
}

/*
 * The CTAs of a launch a Turing GPU holds at once: per SM at most 16, 32
 * warps, 64K registers and 64 KiB of shared memory between them.
 */
static uint32_t resident_ctas(const NvSmLaunchDesc *d, uint32_t nwarps)
{
    uint32_t per_sm = MIN(NV_SM_CTAS_PER_SM, NV_SM_WARPS_PER_SM / MAX(nwarps, 1u));
    uint64_t regs = (uint64_t)MAX(d->regs, 1u) * NV_SM_LANES * nwarps;

    per_sm = MIN(per_sm, (uint32_t)MIN(NV_SM_REGS_PER_SM / regs, UINT32_MAX));
    if (d->shared_bytes) {
        per_sm = MIN(per_sm, NV_SM_SHARED_PER_SM / d->shared_bytes);
    }
    return MAX(per_sm, 1u) * MAX(d->sm_count, 1u);
}

NvSmLaunch *nv_sm_launch_new(NvSm *sm, const NvSmLaunchDesc *desc,
                             const NvSmMemOps *mem, NvSmError *err)
{
    NvSmLaunch *l;

    *err = (NvSmError){ .kind = NV_SM_OK };
    if (!desc_valid(desc)) {
        err->kind = NV_SM_ERR_OOR_ADDR;
        return NULL;
    }
    l = nv_sm_host_alloc(sm, sizeof(*l));
    if (!l) {
        err->kind = NV_SM_ERR_RESOURCE;
        return NULL;
    }
    static uint64_t launches;

    l->sm = sm;
    l->d = *desc;
    l->mem = *mem;
    l->serial = __atomic_add_fetch(&launches, 1, __ATOMIC_RELAXED);
    g_mutex_init(&l->mem_lock);
    g_mutex_init(&l->lock);
    g_mutex_init(&l->code_lock);
    g_mutex_init(&l->cbuf_lock);
    l->parked = g_ptr_array_sized_new(sm->workers);
    l->spare = g_ptr_array_sized_new(sm->workers);
    l->threads = desc->block[0] * desc->block[1] * desc->block[2];
    l->nwarps = (l->threads + NV_SM_LANES - 1) / NV_SM_LANES;
    l->total_ctas = (uint64_t)desc->grid[0] * desc->grid[1] * desc->grid[2];
    l->resident_max = resident_ctas(desc, l->nwarps);
    if (!snapshot_cbufs(l, err)) {
        nv_sm_launch_free(l);
        return NULL;
    }
    return l;
}

/* Starting a CTA failed: no memory for it. */
static void cta_resource_error(NvSmLaunch *l, uint64_t index)
{
    NvSmError e = { .kind = NV_SM_ERR_RESOURCE, .pc = l->d.entry };

    nv_sm_cta_id(l, index, e.cta);
    launch_error(l, &e);
}

/*
 * The grid position of the k-th CTA to start. With several workers, the
 * workers (which take turns starting CTAs) would run neighbouring CTAs at
 * once, and neighbouring CTAs touch neighbouring memory: the host's caches
 * then pass lines between cores (adjacent-line prefetch) and a streaming
 * kernel scaled 1.5x on 2 workers instead of 2x. So CTAs start in windows
 * of workers x NV_SM_CTA_RUN positions, the k-th start of a window taking
 * the next position of run k % workers: a worker that takes every
 * workers-th start walks one run of neighbours. Every position of a window
 * starts before any of the next, and a window is never larger than the CTAs
 * the GPU holds at once, so a CTA that waits for lower-numbered ones (a
 * single-pass scan's look-back) cannot wait for one that never starts.
 */
static uint64_t cta_order(const NvSmLaunch *l, uint64_t k)
{
    uint64_t workers = MAX(l->sm->workers, 1), window = workers * NV_SM_CTA_RUN;
    uint64_t base = k - k % window, j = k % window;

    if (workers == 1 || window > l->resident_max || base + window > l->total_ctas) {
        return k;       /* in order: one worker, too few resident, the last window */
    }
    return base + (j % workers) * NV_SM_CTA_RUN + j / workers;
}

/*
 * Takes a parked CTA or starts the next one, charging its setup to the
 * launch's count and to t; NULL when none is left (or none could start).
 * As on a GPU, CTAs are started while fewer than the GPU holds at once are
 * live (and less than NvSmConfig.resident_mem is charged), and the parked
 * ones take turns oldest first: a CTA that waits for others (a grid-wide
 * barrier of a cooperative launch) lets them start and run.
 */
static NvSmCta *take_cta(NvSmLaunch *l, NvSmTimer *t, NvSmCta **done)
{
    NvSmCta *c = NULL;
    uint64_t index, cost = NV_SM_CTA_SETUP_COST(l->nwarps, l->d.shared_bytes);
    bool start;

    g_mutex_lock(&l->lock);
    if (*done) {
        l->live--;          /* the worker's finished CTA: counted here, one lock per CTA */
    }
    /* a CTA whose turn a slice cut short goes on first: slices change nothing */
    start = l->next_cta < l->total_ctas &&
            (!l->parked->len ||
             (!((NvSmCta *)g_ptr_array_index(l->parked, 0))->cut &&
              l->live < l->resident_max && nv_sm_mem_used(l->sm) < l->sm->resident_mem));
    if (!start && l->parked->len) {
        c = g_ptr_array_steal_index(l->parked, 0);
    }
    if (c || !start) {
        if (*done) {
            nv_sm_cta_spare(l, *done);
            *done = NULL;
        }
        g_mutex_unlock(&l->lock);
        return c;
    }
    index = cta_order(l, l->next_cta++);
    l->live++;
    g_mutex_unlock(&l->lock);
    __atomic_fetch_add(&l->used, cost, __ATOMIC_RELAXED);
    nv_sm_timer_charge(l, t, cost);
    /* the finished CTA's memory (and its warps' code and translation caches) serves this one */
    c = nv_sm_cta_new(l, index, *done);
    *done = NULL;
    if (!c) {
        cta_resource_error(l, index);
    }
    return c;
}

/* The watchdog fired while c ran: report it at a warp that was running. */
static void cta_timeout(NvSmCta *c)
{
    NvSmWarp *w = &c->warps[0];

    for (uint32_t i = 0; i < c->nwarps; i++) {
        if (c->warps[i].active) {
            w = &c->warps[i];
            break;
        }
    }
    nv_sm_fault(w, NV_SM_ERR_TIMEOUT, 0, false, w->active ? __builtin_ctz(w->active) : 0);
}

/* Parks c: at the back when its turn is over, else (cut) at the front. */
static void park(NvSmLaunch *l, NvSmCta *c, bool cut)
{
    g_mutex_lock(&l->lock);
    c->cut = cut;
    if (cut) {
        g_ptr_array_insert(l->parked, 0, c);
    } else {
        g_ptr_array_add(l->parked, c);
    }
    g_mutex_unlock(&l->lock);
}

bool nv_sm_timer_charge(NvSmLaunch *l, NvSmTimer *t, uint64_t units)
{
    if (units < t->left) {
        t->left -= units;
        return t->over;
    }
    t->left = NV_SM_WARP_QUANTUM;
    t->over = t->over || g_atomic_int_get(&l->sm->yield) ||
              (t->deadline_us && g_get_monotonic_time() >= t->deadline_us);
    return t->over;
}

/* Warp-instructions the next CTA turn may use at count used (0: the slice's count is spent). */
static uint64_t turn_limit(const NvSmLaunch *l, uint64_t until, uint64_t used)
{
    uint64_t limit = NV_SM_CTA_QUANTUM;

    if (until) {
        limit = used < until ? MIN(limit, until - used) : 0;
    }
    if (l->d.budget) {
        limit = MIN(limit, l->d.budget - used);     /* used < budget here */
    }
    return limit;
}

/*
 * One worker's share of a slice: CTA turns until the slice's count is used,
 * t says it is over (checked after the first quantum of work, so every call
 * progresses), or no CTA is left.
 */
static void run_worker(const NvSmTask *task)
{
    NvSmLaunch *l = task->l;
    NvSmTimer t = { .deadline_us = task->deadline_us, .left = NV_SM_WARP_QUANTUM };
    NvSmCta *done = NULL;           /* finished, not yet accounted for (take_cta does) */

    while (!g_atomic_int_get(&l->stopped) && !t.over) {
        uint64_t used = __atomic_load_n(&l->used, __ATOMIC_RELAXED), n = 0, limit;
        NvSmCta *c;

        if (task->until && used >= task->until) {
            break;
        }
        c = take_cta(l, &t, &done);
        if (!c) {
            break;
        }
        used = __atomic_load_n(&l->used, __ATOMIC_RELAXED);
        if (l->d.budget && used >= l->d.budget) {
            cta_timeout(c);
            park(l, c, true);
            break;
        }
        limit = turn_limit(l, task->until, used);
        if (limit && nv_sm_cta_run(c, limit, &n, &t)) {
            done = c;
        } else {
            park(l, c, t.over || limit < NV_SM_CTA_QUANTUM || n < NV_SM_CTA_QUANTUM);
        }
        __atomic_fetch_add(&l->used, n, __ATOMIC_RELAXED);
    }
    if (done) {
        nv_sm_cta_recycle(l, done);
    }
}

/* A worker thread: one share of each slice dispatched, until nv_sm_free. */
static gpointer worker_main(gpointer data)
{
    NvSm *sm = data;
    uint64_t seen = 0;

    if (sm->cfg.thread_start) {
        sm->cfg.thread_start(sm->cfg.opaque);
    }
    g_mutex_lock(&sm->lock);
    while (!sm->quit) {
        NvSmTask task;

        if (sm->gen == seen || !sm->tickets) {
            g_cond_wait(&sm->wake, &sm->lock);
            continue;
        }
        task = sm->task;
        seen = sm->gen;
        sm->tickets--;
        g_mutex_unlock(&sm->lock);
        run_worker(&task);
        g_mutex_lock(&sm->lock);
        if (--sm->running == 0) {
            g_cond_signal(&sm->done);
        }
    }
    g_mutex_unlock(&sm->lock);
    if (sm->cfg.thread_stop) {
        sm->cfg.thread_stop(sm->cfg.opaque);
    }
    return NULL;
}

/* Runs the slice on n worker threads and waits for them. */
static void dispatch(NvSm *sm, const NvSmTask *task, unsigned n)
{
    g_mutex_lock(&sm->lock);
    sm->task = *task;
    sm->gen++;
    sm->tickets = n;
    sm->running = n;
    g_cond_broadcast(&sm->wake);
    while (sm->running) {
        g_cond_wait(&sm->done, &sm->lock);
    }
    g_mutex_unlock(&sm->lock);
}

static bool launch_over(NvSmLaunch *l)
{
    bool over;

    g_mutex_lock(&l->lock);
    over = l->stopped || (!l->parked->len && l->next_cta >= l->total_ctas);
    g_mutex_unlock(&l->lock);
    return over;
}

bool nv_sm_launch_run(NvSmLaunch *l, uint64_t slice, int64_t deadline_us)
{
    NvSm *sm = l->sm;
    uint64_t start = __atomic_load_n(&l->used, __ATOMIC_RELAXED);
    NvSmTask task = { .l = l, .until = slice ? start + slice : 0, .deadline_us = deadline_us };
    unsigned n = sm->nthreads ? MIN((uint64_t)sm->nthreads, l->total_ctas) : 0;

    if (task.until && task.until < start) {
        task.until = 0;     /* overflow: no limit */
    }
    g_atomic_int_set(&sm->yield, 0);
    if (n <= 1) {
        run_worker(&task);
    } else {
        dispatch(sm, &task, n);
    }
    return launch_over(l);
}

void nv_sm_yield_request(NvSm *sm)
{
    g_atomic_int_set(&sm->yield, 1);
}

const NvSmError *nv_sm_launch_error(const NvSmLaunch *l)
{
    return &l->err;
}

void nv_sm_launch_stats(const NvSmLaunch *l, NvSmStats *stats)
{
    stats->warp_insns = __atomic_load_n(&l->used, __ATOMIC_RELAXED);
    stats->thread_insns = __atomic_load_n(&l->thread_insns, __ATOMIC_RELAXED);
}

void nv_sm_launch_free(NvSmLaunch *l)
{
    if (!l) {
        return;
    }
    for (unsigned i = 0; i < l->parked->len; i++) {
        nv_sm_cta_free(g_ptr_array_index(l->parked, i));
    }
    g_ptr_array_free(l->parked, true);
    for (unsigned i = 0; i < l->spare->len; i++) {
        nv_sm_cta_free(g_ptr_array_index(l->spare, i));
    }
    g_ptr_array_free(l->spare, true);
    nv_sm_code_free(l);
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        nv_sm_host_free(l->sm, l->cbuf[b], MAX(l->cbuf_size[b], 4));
    }
    g_mutex_clear(&l->mem_lock);
    g_mutex_clear(&l->lock);
    g_mutex_clear(&l->code_lock);
    g_mutex_clear(&l->cbuf_lock);
    nv_sm_host_free(l->sm, l, sizeof(*l));
}

/* ---- the SM array ---- */

NvSm *nv_sm_new(const NvSmConfig *cfg)
{
    static const NvSmConfig defaults = { .workers = 1 };
    NvSm *sm = g_new0(NvSm, 1);

    sm->cfg = cfg ? *cfg : defaults;
    sm->mem_max = sm->cfg.mem_max ? sm->cfg.mem_max : NV_SM_DEFAULT_MEM_MAX;
    sm->resident_mem = MIN(sm->cfg.resident_mem, sm->mem_max);
    g_mutex_init(&sm->lock);
    g_cond_init(&sm->wake);
    g_cond_init(&sm->done);
    if (sm->cfg.workers > 1) {
        sm->threads = g_new0(GThread *, sm->cfg.workers);
        while (sm->nthreads < sm->cfg.workers &&
               (sm->threads[sm->nthreads] = g_thread_try_new("nv-sm", worker_main, sm, NULL))) {
            sm->nthreads++;
        }
    }
    sm->workers = MAX(sm->nthreads, 1);
    return sm;
}

void nv_sm_free(NvSm *sm)
{
    if (!sm) {
        return;
    }
    g_mutex_lock(&sm->lock);
    sm->quit = true;
    g_cond_broadcast(&sm->wake);
    g_mutex_unlock(&sm->lock);
    for (unsigned i = 0; i < sm->nthreads; i++) {
        g_thread_join(sm->threads[i]);
    }
    g_free(sm->threads);
    g_mutex_clear(&sm->lock);
    g_cond_clear(&sm->wake);
    g_cond_clear(&sm->done);
    g_free(sm);
}

unsigned nv_sm_workers(const NvSm *sm)
{
    return sm->workers;
}

/* ---- test hooks ---- */

static const NvSmMemOps no_mem;

NvSmWarp *nv_sm_test_warp_new_mem(uint32_t threads, const NvSmLaunchDesc *base,
                                  const NvSmMemOps *mem)
{
    static NvSm test_sm = { .workers = 1, .mem_max = NV_SM_DEFAULT_MEM_MAX };
    NvSmLaunchDesc d = base ? *base : (NvSmLaunchDesc){ 0 };
    NvSmError err;
    NvSmLaunch *l;
    NvSmCta *c;

    d.grid[0] = d.grid[1] = d.grid[2] = 1;
    d.block[0] = MAX(MIN(threads, NV_SM_LANES), 1);
    d.block[1] = d.block[2] = 1;
    d.shared_bytes = 1024;
    d.local_bytes = 64;
    l = nv_sm_launch_new(&test_sm, &d, mem ? mem : &no_mem, &err);
    c = l ? nv_sm_cta_new(l, 0, NULL) : NULL;
    if (!c) {
        nv_sm_launch_free(l);
        return NULL;
    }
    return &c->warps[0];
}

NvSmWarp *nv_sm_test_warp_new(uint32_t threads)
{
    return nv_sm_test_warp_new_mem(threads, NULL, NULL);
}

void nv_sm_test_warp_free(NvSmWarp *w)
{
    NvSmLaunch *l;

    if (!w) {
        return;
    }
    l = w->l;
    nv_sm_cta_free(w->cta);
    nv_sm_launch_free(l);
}

NvSmErrorKind nv_sm_test_error(NvSmWarp *w)
{
    NvSmErrorKind k = w->l->err.kind;

    w->l->err = (NvSmError){ .kind = NV_SM_OK };
    g_atomic_int_set(&w->l->stopped, 0);
    return k;
}
