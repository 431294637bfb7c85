/*
 * The SM interpreter: the executor table in use, errors, guest memory reads
 * through the provider, launches run in slices on worker threads, the SM
 * array and test hooks. warp.c schedules a warp's lanes, cta.c runs CTAs
 * and their barriers, operand.c reads source operands; the executors are
 * in exec-*.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

#define NV_SM_CTA_QUANTUM   (1u << 16)  /* per CTA turn on a worker */

struct NvSm {
    unsigned workers;
    GThreadPool *pool;
    GMutex lock;
    GCond done;
    unsigned running;           /* pool tasks of the current slice */
};

/* ---- the executor table ---- */

/*
 * The executors are also built for x86-64 hosts with AVX2/FMA/BMI (the
 * 32-lane loops then vectorise 8 wide, 2-3x faster) where the build links
 * them (a weak reference: NULL otherwise); pick them when the host has
 * those extensions, and the baseline build otherwise.
 */
extern const NvSmExecFn nv_sm_exec_table_v3[NV_SASS_OP_COUNT] __attribute__((weak));

static const NvSmExecFn *exec_table;

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
    exec_table = use_v3() ? nv_sm_exec_table_v3 : nv_sm_exec_table;
    return NULL;
}

NvSmExecFn nv_sm_executor(unsigned opcode)
{
    static GOnce once = G_ONCE_INIT;

    g_once(&once, exec_table_init, NULL);
    return opcode < NV_SASS_OP_COUNT ? exec_table[opcode] : NULL;
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

/* ---- launches ---- */

static guint chunk_hash(gconstpointer key)
{
    return g_int64_hash(key);
}

static bool desc_valid(const NvSmLaunchDesc *d)
{
    uint64_t threads = (uint64_t)d->block[0] * d->block[1] * d->block[2];

    for (unsigned i = 0; i < 3; i++) {
        if (!d->grid[i] || !d->block[i]) {
            return false;
        }
    }
    return threads <= NV_SM_MAX_THREADS && d->shared_bytes <= NV_SM_MAX_SHARED &&
           d->local_bytes <= NV_SM_MAX_LOCAL && !(d->entry & 15);
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
    l = g_new0(NvSmLaunch, 1);
    l->sm = sm;
    l->d = *desc;
    l->mem = *mem;
    g_mutex_init(&l->mem_lock);
    g_mutex_init(&l->lock);
    g_mutex_init(&l->code_lock);
    l->code = g_hash_table_new_full(chunk_hash, g_int64_equal, NULL, g_free);
    l->parked = g_ptr_array_new();
    l->spare = g_ptr_array_new();
    l->threads = desc->block[0] * desc->block[1] * desc->block[2];
    l->nwarps = (l->threads + NV_SM_LANES - 1) / NV_SM_LANES;
    l->total_ctas = (uint64_t)desc->grid[0] * desc->grid[1] * desc->grid[2];
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        uint32_t size = MIN(desc->cbuf[b].size, NV_SM_CBUF_MAX);

        if (!desc->cbuf[b].valid) {
            continue;
        }
        l->cbuf[b] = g_malloc0(MAX(size, 4));
        l->cbuf_size[b] = size;
        if (size && !nv_sm_mem_read(l, desc->cbuf[b].addr, l->cbuf[b], size)) {
            err->kind = NV_SM_ERR_MMU;
            err->addr = desc->cbuf[b].addr;
            nv_sm_launch_free(l);
            return NULL;
        }
    }
    return l;
}

/* Takes a parked CTA or starts the next one; NULL when none is left. */
static NvSmCta *take_cta(NvSmLaunch *l)
{
    NvSmCta *c = NULL;

    g_mutex_lock(&l->lock);
    if (l->parked->len) {
        c = g_ptr_array_steal_index_fast(l->parked, l->parked->len - 1);
    } else if (l->next_cta < l->total_ctas) {
        uint64_t index = l->next_cta++;

        g_mutex_unlock(&l->lock);
        c = nv_sm_cta_new(l, index);
        if (!c) {
            NvSmError e = { .kind = NV_SM_ERR_RESOURCE };

            launch_error(l, &e);
        }
        return c;
    }
    g_mutex_unlock(&l->lock);
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

static void park(NvSmLaunch *l, NvSmCta *c)
{
    g_mutex_lock(&l->lock);
    g_ptr_array_add(l->parked, c);
    g_mutex_unlock(&l->lock);
}

/* One worker's share of a slice: CTAs until the slice (an absolute count) is used. */
static void run_worker(NvSmLaunch *l, uint64_t until)
{
    while (!g_atomic_int_get(&l->stopped)) {
        uint64_t used = __atomic_load_n(&l->used, __ATOMIC_RELAXED), n = 0;
        uint64_t limit = NV_SM_CTA_QUANTUM;
        NvSmCta *c;

        if (until && used >= until) {
            break;
        }
        c = take_cta(l);
        if (!c) {
            break;
        }
        if (l->d.budget && used >= l->d.budget) {
            cta_timeout(c);
            park(l, c);
            break;
        }
        if (until) {
            limit = MIN(limit, until - used);
        }
        if (l->d.budget) {
            limit = MIN(limit, l->d.budget - used);
        }
        if (nv_sm_cta_run(c, limit, &n)) {
            nv_sm_cta_recycle(l, c);
        } else {
            park(l, c);
        }
        __atomic_fetch_add(&l->used, n, __ATOMIC_RELAXED);
    }
}

typedef struct NvSmTask {
    NvSmLaunch *l;
    uint64_t slice;
} NvSmTask;

static void pool_task(gpointer data, gpointer user)
{
    NvSm *sm = user;
    NvSmTask *t = data;

    run_worker(t->l, t->slice);
    g_mutex_lock(&sm->lock);
    if (--sm->running == 0) {
        g_cond_signal(&sm->done);
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

bool nv_sm_launch_run(NvSmLaunch *l, uint64_t slice)
{
    NvSm *sm = l->sm;
    uint64_t start = __atomic_load_n(&l->used, __ATOMIC_RELAXED);
    uint64_t until = slice ? start + slice : 0;
    NvSmTask task = { .l = l, .slice = until };
    unsigned n = sm->pool ? MIN((uint64_t)sm->workers, l->total_ctas) : 0;

    if (until && until < start) {
        until = 0;      /* overflow: no limit */
    }
    if (n <= 1) {
        run_worker(l, until);
        return launch_over(l);
    }
    g_mutex_lock(&sm->lock);
    sm->running = n;
    g_mutex_unlock(&sm->lock);
    for (unsigned i = 0; i < n; i++) {
        g_thread_pool_push(sm->pool, &task, NULL);
    }
    g_mutex_lock(&sm->lock);
    while (sm->running) {
        g_cond_wait(&sm->done, &sm->lock);
    }
    g_mutex_unlock(&sm->lock);
    return launch_over(l);
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
    g_hash_table_destroy(l->code);
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        g_free(l->cbuf[b]);
    }
    g_mutex_clear(&l->mem_lock);
    g_mutex_clear(&l->lock);
    g_mutex_clear(&l->code_lock);
    g_free(l);
}

/* ---- the SM array ---- */

NvSm *nv_sm_new(unsigned workers)
{
    NvSm *sm = g_new0(NvSm, 1);

    sm->workers = MAX(workers, 1);
    g_mutex_init(&sm->lock);
    g_cond_init(&sm->done);
    if (sm->workers > 1) {
        sm->pool = g_thread_pool_new(pool_task, sm, (int)sm->workers, false, NULL);
    }
    return sm;
}

void nv_sm_free(NvSm *sm)
{
    if (!sm) {
        return;
    }
    if (sm->pool) {
        g_thread_pool_free(sm->pool, false, true);
    }
    g_mutex_clear(&sm->lock);
    g_cond_clear(&sm->done);
    g_free(sm);
}

unsigned nv_sm_workers(const NvSm *sm)
{
    return sm->workers;
}

/* ---- test hooks ---- */

static const NvSmMemOps no_mem;

NvSmWarp *nv_sm_test_warp_new(uint32_t threads)
{
    static NvSm test_sm = { .workers = 1 };
    NvSmLaunchDesc d = {
        .grid = { 1, 1, 1 }, .block = { MAX(MIN(threads, NV_SM_LANES), 1), 1, 1 },
        .shared_bytes = 1024, .local_bytes = 64,
    };
    NvSmError err;
    NvSmLaunch *l = nv_sm_launch_new(&test_sm, &d, &no_mem, &err);
    NvSmCta *c = l ? nv_sm_cta_new(l, 0) : NULL;

    if (!c) {
        nv_sm_launch_free(l);
        return NULL;
    }
    return &c->warps[0];
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
