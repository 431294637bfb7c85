/*
 * The SM's defences against a hostile guest: the host memory cap
 * (NvSmConfig.mem_max) on decoded code, local memory and constant banks,
 * slices that end at a deadline or on a yield request after bounded work,
 * results that do not depend on where slices end, and the worker thread
 * hooks. No assertion here depends on how long anything takes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "sm-harness.h"

#define NOP_LO      0x0000000000007918ull   /* NOP (the corpus .tsv files) */
#define NOP_HI      0x000fc00000000000ull
#define S2R_TIME_LO 0x0000000000017919ull   /* S2R R1, SR_GLOBALTIMERLO */
#define S2R_TIME_HI 0x000e220000005200ull
#define BRA_M20_LO  0xffffffe000007947ull   /* BRA to the instruction before */
#define BRA_M20_HI  0x000fc0000383ffffull
#define PAST        1                       /* a deadline long gone */

static const char *corpus_dir;

/* The most warp-instructions a worker may run after the slice should end. */
static uint64_t overshoot(uint32_t threads, uint32_t shared)
{
    uint64_t setup = NV_SM_CTA_SETUP_COST((threads + 31) / 32, shared);

    return NV_SM_WARP_QUANTUM + MAX(setup, (uint64_t)NV_SM_DECODE_COST);
}

static uint64_t warp_insns(const NvSmLaunch *l)
{
    NvSmStats st;

    nv_sm_launch_stats(l, &st);
    return st.warp_insns;
}

/* ---- the code cache: one page of code aliased over the whole VA space ---- */

typedef struct Alias {
    uint8_t page[NV_SM_PAGE_SIZE];
    NvSm *sm;
    uint64_t cap, max_seen;
    unsigned reads;
} Alias;

static uint8_t *alias_page(void *opaque, uint64_t va, bool write, bool *fault)
{
    *fault = false;
    return NULL;            /* every page through read() */
}

static bool alias_read(void *opaque, uint64_t va, void *buf, size_t len)
{
    Alias *a = opaque;

    /* during the run too, the charged memory stays under the cap */
    a->max_seen = MAX(a->max_seen, nv_sm_mem_used(a->sm));
    a->reads++;
    memcpy(buf, a->page + (va & (NV_SM_PAGE_SIZE - 1)), len);
    return true;
}

static void test_code_alias(void)
{
    static Alias a;
    NvSmMemOps ops = { .opaque = &a, .page = alias_page, .read = alias_read };
    NvSmLaunchDesc d = {
        .entry = 0x100000, .grid = { 1, 1, 1 }, .block = { 1, 1, 1 }, .regs = 8,
        .budget = 1ull << 40, .sm_count = 1,
    };
    NvSmError err;
    NvSmLaunch *l;
    unsigned slices = 0;

    for (unsigned i = 0; i < NV_SM_PAGE_SIZE / 16; i++) {
        memcpy(a.page + i * 16, &(uint64_t){ NOP_LO }, 8);
        memcpy(a.page + i * 16 + 8, &(uint64_t){ NOP_HI }, 8);
    }
    a.cap = 4u << 20;
    a.sm = nv_sm_new(&(NvSmConfig){ .workers = 1, .mem_max = a.cap });
    l = nv_sm_launch_new(a.sm, &d, &ops, &err);
    g_assert_nonnull(l);
    while (!nv_sm_launch_run(l, 1u << 16, 0)) {
        g_assert_cmpuint(nv_sm_mem_used(a.sm), <=, a.cap);
        g_assert_cmpuint(++slices, <, 10000);
    }
    g_assert_cmpint(nv_sm_launch_error(l)->kind, ==, NV_SM_ERR_RESOURCE);
    g_test_message("stopped at pc 0x%" G_GINT64_MODIFIER "x after %u chunks, %" G_GUINT64_FORMAT
                   " bytes charged", nv_sm_launch_error(l)->pc, a.reads, nv_sm_mem_used(a.sm));
    /* the PC walked forward until the decoded code filled the cap */
    g_assert_cmphex(nv_sm_launch_error(l)->pc, >, d.entry + (256u << 10));
    g_assert_cmpuint(a.max_seen, <=, a.cap);
    g_assert_cmpuint(nv_sm_mem_used(a.sm), <=, a.cap);
    g_assert_cmpuint(nv_sm_mem_used(a.sm), >, a.cap / 2);
    /* each 1 KiB chunk was read once */
    g_assert_cmpuint(a.reads, ==, (nv_sm_launch_error(l)->pc - d.entry) / 1024);
    nv_sm_launch_free(l);
    g_assert_cmpuint(nv_sm_mem_used(a.sm), ==, 0);
    nv_sm_free(a.sm);
}

/* ---- local memory: launches of several channels against the cap ---- */

enum { LOC_THREADS = 64, LOC_N = 3000, LOC_LAUNCHES = 3 };

static void localmem_check(SmDev *dev, uint64_t dout, const int *idx)
{
    const int *out = sm_dev_ptr(dev, dout, LOC_THREADS * 4);

    for (int t = 0; t < LOC_THREADS; t++) {
        int buf[64], s = 0;

        for (int i = 0; i < 64; i++) {
            buf[i] = i * t;
        }
        for (int i = 0; i < LOC_N; i++) {
            s += buf[idx[(t + i) & 255] & 63];
        }
        buf[idx[t & 255] & 63] = s;
        g_assert_cmpint(out[t], ==, s + buf[(t * 7) & 63]);
    }
}

static void test_local_cap(void)
{
    /* two launches fit (2 warps x 2 MiB of local memory each, and some), not three */
    const uint64_t cap = 10u << 20;
    const uint32_t grid[3] = { 1, 1, 1 }, block[3] = { LOC_THREADS, 1, 1 };
    char *path = g_build_filename(corpus_dir, "k10_local.sm_75.cubin", NULL);
    NvSmLaunch *l[LOC_LAUNCHES];
    uint64_t dout[LOC_LAUNCHES], didx;
    bool over[LOC_LAUNCHES] = { false };
    unsigned live = LOC_LAUNCHES;
    int idx[256];
    SmDev dev;
    SmModule mod;
    SmKernel k;

    g_assert_true(sm_dev_init_cfg(&dev, 16u << 20, &(NvSmConfig){ .workers = 2, .mem_max = cap }));
    g_assert_true(sm_module_load(&dev, path, &mod));
    g_assert_true(sm_kernel_get(&mod, "localmem", &k));
    dev.local_bytes = 64u << 10;
    for (int i = 0; i < 256; i++) {
        idx[i] = i * 37 + 5;
    }
    didx = sm_dev_alloc(&dev, sizeof(idx));
    memcpy(sm_dev_ptr(&dev, didx, sizeof(idx)), idx, sizeof(idx));
    for (unsigned i = 0; i < LOC_LAUNCHES; i++) {
        struct { uint64_t idx, out; int n; } __attribute__((packed)) p;
        NvSmError err;

        dout[i] = sm_dev_alloc(&dev, LOC_THREADS * 4);
        p.idx = didx;
        p.out = dout[i];
        p.n = LOC_N;
        l[i] = sm_launch_start(&dev, &k, grid, block, 0, &p, sizeof(p), &err);
        g_assert_nonnull(l[i]);
    }
    /* round-robin slices, as the host runs channels: each launch is parked in between */
    while (live) {
        for (unsigned i = 0; i < LOC_LAUNCHES; i++) {
            if (over[i] || !(over[i] = nv_sm_launch_run(l[i], 5000, 0))) {
                g_assert_cmpuint(nv_sm_mem_used(dev.sm), <=, cap);
                continue;
            }
            live--;
            g_test_message("launch %u over: %s, %" G_GUINT64_FORMAT " bytes charged", i,
                           nv_sm_error_name(nv_sm_launch_error(l[i])->kind),
                           nv_sm_mem_used(dev.sm));
            if (i == LOC_LAUNCHES - 1) {
                /* the third needed memory the first two hold */
                g_assert_cmpint(nv_sm_launch_error(l[i])->kind, ==, NV_SM_ERR_RESOURCE);
                g_assert_cmpuint(live, ==, LOC_LAUNCHES - 1);
            } else {
                g_assert_cmpint(nv_sm_launch_error(l[i])->kind, ==, NV_SM_OK);
                localmem_check(&dev, dout[i], idx);
            }
        }
    }
    for (unsigned i = 0; i < LOC_LAUNCHES; i++) {
        nv_sm_launch_free(l[i]);
    }
    g_assert_cmpuint(nv_sm_mem_used(dev.sm), ==, 0);
    sm_module_free(&mod);
    sm_dev_fini(&dev);
    g_free(path);
}

/* ---- constant banks over the cap: refused before anything runs ---- */

static void test_cbuf_cap(void)
{
    SmDev dev;
    NvSmMemOps ops;
    NvSmLaunchDesc d = {
        .grid = { 1, 1, 1 }, .block = { 32, 1, 1 }, .regs = 8, .sm_count = 1,
    };
    NvSmError err;
    NvSmLaunch *l;

    g_assert_true(sm_dev_init_cfg(&dev, 2u << 20, &(NvSmConfig){ .workers = 1,
                                                                   .mem_max = 256u << 10 }));
    ops = sm_dev_ops(&dev);
    d.entry = sm_dev_alloc(&dev, 4096);
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        d.cbuf[b].valid = true;
        d.cbuf[b].addr = sm_dev_alloc(&dev, NV_SM_CBUF_MAX);
        d.cbuf[b].size = NV_SM_CBUF_MAX;
    }
    l = nv_sm_launch_new(dev.sm, &d, &ops, &err);
    g_assert_null(l);
    g_assert_cmpint(err.kind, ==, NV_SM_ERR_RESOURCE);
    g_assert_cmpuint(nv_sm_mem_used(dev.sm), ==, 0);
    /* three banks fit */
    for (unsigned b = 3; b < NV_SM_CBUF_BANKS; b++) {
        d.cbuf[b].valid = false;
    }
    l = nv_sm_launch_new(dev.sm, &d, &ops, &err);
    g_assert_nonnull(l);
    g_assert_cmpuint(nv_sm_mem_used(dev.sm), >, 3 * NV_SM_CBUF_MAX);
    nv_sm_launch_free(l);
    g_assert_cmpuint(nv_sm_mem_used(dev.sm), ==, 0);
    sm_dev_fini(&dev);
}

/* ---- deadlines and yield requests: an endless loop ---- */

typedef struct Spin {
    SmDev dev;
    NvSmLaunchDesc d;
    NvSmMemOps ops;
    int yield_in_kernel;        /* atomic: the kernel's clock reads request a yield */
    int clock_reads;            /* atomic */
} Spin;

static uint64_t spin_time(void *opaque)
{
    Spin *s = opaque;

    g_atomic_int_inc(&s->clock_reads);
    if (g_atomic_int_get(&s->yield_in_kernel)) {
        nv_sm_yield_request(s->dev.sm);
    }
    return 0;
}

static uint8_t *spin_page(void *opaque, uint64_t va, bool write, bool *fault)
{
    Spin *s = opaque;
    uint8_t *p = sm_dev_ptr(&s->dev, va, NV_SM_PAGE_SIZE);

    *fault = !p;
    return p;
}

/* loop: S2R R1, SR_GLOBALTIMERLO; BRA loop, on grid x block threads. */
static void spin_init(Spin *s, unsigned workers, uint32_t grid, uint32_t block, uint64_t budget)
{
    const uint64_t code[4] = { S2R_TIME_LO, S2R_TIME_HI, BRA_M20_LO, BRA_M20_HI };

    memset(s, 0, sizeof(*s));
    g_assert_true(sm_dev_init(&s->dev, 1u << 20, workers));
    s->ops = (NvSmMemOps){ .opaque = s, .page = spin_page, .time_ns = spin_time };
    s->d = (NvSmLaunchDesc){
        .grid = { grid, 1, 1 }, .block = { block, 1, 1 }, .regs = 8, .budget = budget,
        .sm_count = 1,
    };
    s->d.entry = sm_dev_alloc(&s->dev, sizeof(code));
    memcpy(sm_dev_ptr(&s->dev, s->d.entry, sizeof(code)), code, sizeof(code));
}

static NvSmLaunch *spin_launch(Spin *s)
{
    NvSmError err;
    NvSmLaunch *l;

    l = nv_sm_launch_new(s->dev.sm, &s->d, &s->ops, &err);
    g_assert_nonnull(l);
    return l;
}

/* Every call ends after a bounded amount of work, and makes progress. */
static void spin_slices(Spin *s, NvSmLaunch *l, int64_t deadline)
{
    uint64_t bound = nv_sm_workers(s->dev.sm) * overshoot(s->d.block[0], 0);
    uint64_t before = 0;

    for (unsigned i = 0; i < 20; i++) {
        uint64_t after;

        g_assert_false(nv_sm_launch_run(l, 0, deadline));
        after = warp_insns(l);
        g_assert_cmpuint(after, >, before);
        g_assert_cmpuint(after - before, <=, bound);
        before = after;
    }
}

static void test_deadline(void)
{
    for (unsigned workers = 1; workers <= 2; workers++) {
        Spin s;
        NvSmLaunch *l;

        spin_init(&s, workers, 8, 128, 0);
        l = spin_launch(&s);
        spin_slices(&s, l, PAST);
        nv_sm_launch_free(l);
        sm_dev_fini(&s.dev);
    }
}

static void test_yield(void)
{
    for (unsigned workers = 1; workers <= 2; workers++) {
        Spin s;
        NvSmLaunch *l;

        /* the watchdog ends it in case the yield request is lost */
        spin_init(&s, workers, 8, 96, 1ull << 26);
        l = spin_launch(&s);
        g_atomic_int_set(&s.yield_in_kernel, 1);
        spin_slices(&s, l, 0);
        g_assert_cmpint(nv_sm_launch_error(l)->kind, ==, NV_SM_OK);
        nv_sm_launch_free(l);
        sm_dev_fini(&s.dev);
    }
}

static gpointer yield_thread(gpointer data)
{
    Spin *s = data;

    while (!g_atomic_int_get(&s->clock_reads)) {
        g_thread_yield();
    }
    nv_sm_yield_request(s->dev.sm);
    return NULL;
}

/* A request from another thread, as reset would: the running slice returns. */
static void test_yield_thread(void)
{
    Spin s;
    NvSmLaunch *l;
    GThread *t;

    spin_init(&s, 2, 4, 64, 1ull << 32);
    l = spin_launch(&s);
    t = g_thread_new("yield", yield_thread, &s);
    g_assert_false(nv_sm_launch_run(l, 0, 0));
    g_thread_join(t);
    g_assert_cmpint(nv_sm_launch_error(l)->kind, ==, NV_SM_OK);
    /* and it goes on */
    g_assert_false(nv_sm_launch_run(l, 1000, 0));
    nv_sm_launch_free(l);
    sm_dev_fini(&s.dev);
}

/* The watchdog fires at the same count however the slices were cut. */
static void test_spin_watchdog(void)
{
    uint64_t first = 0;

    for (unsigned mode = 0; mode < 4; mode++) {
        Spin s;
        NvSmLaunch *l;
        const NvSmError *e;

        spin_init(&s, 1, 3, 96, 123457);
        l = spin_launch(&s);
        g_atomic_int_set(&s.yield_in_kernel, mode == 3);
        while (!nv_sm_launch_run(l, mode == 2 ? 777 : 0, mode == 1 ? PAST : 0)) {
        }
        e = nv_sm_launch_error(l);
        g_assert_cmpint(e->kind, ==, NV_SM_ERR_TIMEOUT);
        g_assert_cmpuint(warp_insns(l), >=, s.d.budget);
        first = first ? first : warp_insns(l);
        g_assert_cmpuint(warp_insns(l), ==, first);
        nv_sm_launch_free(l);
        sm_dev_fini(&s.dev);
    }
}

/* ---- determinism: a divergent kernel, cut in slices every way ---- */

typedef struct Outcome {
    NvSmError err;
    NvSmStats st;
    int out[512];
} Outcome;

static void control_run(unsigned mode, uint64_t budget, Outcome *o)
{
    const uint32_t grid[3] = { 8, 1, 1 }, block[3] = { 64, 1, 1 };
    char *path = g_build_filename(corpus_dir, "k11_control.sm_75.cubin", NULL);
    struct { uint64_t in, out; int n; } __attribute__((packed)) p;
    int in[512];
    SmDev dev;
    SmModule mod;
    SmKernel k;
    NvSmLaunch *l;
    NvSmError err;

    g_assert_true(sm_dev_init(&dev, 4u << 20, 1));
    g_assert_true(sm_module_load(&dev, path, &mod));
    g_assert_true(sm_kernel_get(&mod, "control", &k));
    dev.budget = budget;
    for (int i = 0; i < 512; i++) {
        in[i] = (i * 7919) % 300 - 20;
    }
    p.in = sm_dev_alloc(&dev, sizeof(in));
    p.out = sm_dev_alloc(&dev, sizeof(in));
    p.n = 512;
    memcpy(sm_dev_ptr(&dev, p.in, sizeof(in)), in, sizeof(in));
    l = sm_launch_start(&dev, &k, grid, block, 0, &p, sizeof(p), &err);
    g_assert_nonnull(l);
    while (!nv_sm_launch_run(l, mode == 2 ? 333 : 0, mode == 1 ? PAST : 0)) {
    }
    o->err = *nv_sm_launch_error(l);
    nv_sm_launch_stats(l, &o->st);
    memcpy(o->out, sm_dev_ptr(&dev, p.out, sizeof(o->out)), sizeof(o->out));
    nv_sm_launch_free(l);
    sm_module_free(&mod);
    sm_dev_fini(&dev);
    g_free(path);
}

static void test_determinism(void)
{
    static Outcome ref, o;

    control_run(0, 0, &ref);
    g_assert_cmpint(ref.err.kind, ==, NV_SM_OK);
    for (unsigned pass = 0; pass < 2; pass++) {
        /* pass 1: the watchdog fires in the middle of the grid */
        uint64_t budget = pass ? ref.st.warp_insns / 2 + 1 : 0;

        if (pass) {
            control_run(0, budget, &ref);
            g_assert_cmpint(ref.err.kind, ==, NV_SM_ERR_TIMEOUT);
        }
        for (unsigned mode = 1; mode < 3; mode++) {
            control_run(mode, budget, &o);
            g_assert_cmpint(o.err.kind, ==, ref.err.kind);
            g_assert_cmphex(o.err.pc, ==, ref.err.pc);
            g_assert_cmpuint(o.err.cta[0], ==, ref.err.cta[0]);
            g_assert_cmpuint(o.err.warp, ==, ref.err.warp);
            g_assert_cmpuint(o.err.lane, ==, ref.err.lane);
            g_assert_cmpuint(o.st.warp_insns, ==, ref.st.warp_insns);
            g_assert_cmpuint(o.st.thread_insns, ==, ref.st.thread_insns);
            g_assert_cmpmem(o.out, sizeof(o.out), ref.out, sizeof(ref.out));
        }
    }
}

/* ---- the worker thread hooks ---- */

typedef struct Hooks {
    GMutex lock;
    GHashTable *started, *stopped;      /* GThread -> calls */
    unsigned bad;                       /* provider calls on a thread outside start..stop */
    Spin spin;
} Hooks;

static void count(GHashTable *h, GThread *t)
{
    g_hash_table_insert(h, t, GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(h, t)) + 1));
}

static void hook_start(void *opaque)
{
    Hooks *h = opaque;

    g_mutex_lock(&h->lock);
    count(h->started, g_thread_self());
    g_mutex_unlock(&h->lock);
}

static void hook_stop(void *opaque)
{
    Hooks *h = opaque;

    g_mutex_lock(&h->lock);
    count(h->stopped, g_thread_self());
    g_mutex_unlock(&h->lock);
}

static uint64_t hook_time(void *opaque)
{
    Hooks *h = opaque;
    GThread *self = g_thread_self();

    g_mutex_lock(&h->lock);
    h->bad += !g_hash_table_contains(h->started, self) ||
              g_hash_table_contains(h->stopped, self);
    g_mutex_unlock(&h->lock);
    return 0;
}

static uint8_t *hook_page(void *opaque, uint64_t va, bool write, bool *fault)
{
    Hooks *h = opaque;
    uint8_t *p = sm_dev_ptr(&h->spin.dev, va, NV_SM_PAGE_SIZE);

    *fault = !p;
    return p;
}

static void test_thread_hooks(void)
{
    static Hooks h;
    NvSmConfig cfg = { .workers = 3, .thread_start = hook_start, .thread_stop = hook_stop,
                       .opaque = &h };
    NvSmMemOps ops = { .opaque = &h, .page = hook_page, .time_ns = hook_time };
    GHashTableIter it;
    gpointer t, calls;
    NvSmError err;
    NvSmLaunch *l;

    g_mutex_init(&h.lock);
    h.started = g_hash_table_new(NULL, NULL);
    h.stopped = g_hash_table_new(NULL, NULL);
    spin_init(&h.spin, 1, 6, 64, 200000);
    nv_sm_free(h.spin.dev.sm);
    h.spin.dev.sm = nv_sm_new(&cfg);
    g_assert_cmpuint(nv_sm_workers(h.spin.dev.sm), ==, 3);
    l = nv_sm_launch_new(h.spin.dev.sm, &h.spin.d, &ops, &err);
    g_assert_nonnull(l);
    while (!nv_sm_launch_run(l, 5000, 0)) {
    }
    g_assert_cmpint(nv_sm_launch_error(l)->kind, ==, NV_SM_ERR_TIMEOUT);
    nv_sm_launch_free(l);
    g_assert_cmpuint(h.bad, ==, 0);
    g_assert_cmpuint(g_hash_table_size(h.stopped), ==, 0);
    sm_dev_fini(&h.spin.dev);       /* nv_sm_free: the workers stop */
    g_assert_cmpuint(g_hash_table_size(h.started), ==, 3);
    g_assert_cmpuint(g_hash_table_size(h.stopped), ==, 3);
    g_hash_table_iter_init(&it, h.started);
    while (g_hash_table_iter_next(&it, &t, &calls)) {
        g_assert_true(t != g_thread_self());
        g_assert_cmpuint(GPOINTER_TO_UINT(calls), ==, 1);
        g_assert_cmpuint(GPOINTER_TO_UINT(g_hash_table_lookup(h.stopped, t)), ==, 1);
    }
    g_hash_table_destroy(h.started);
    g_hash_table_destroy(h.stopped);
    g_mutex_clear(&h.lock);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : "tests/sass";
    g_test_add_func("/sm/limits/code-alias", test_code_alias);
    g_test_add_func("/sm/limits/local", test_local_cap);
    g_test_add_func("/sm/limits/cbuf", test_cbuf_cap);
    g_test_add_func("/sm/slice/deadline", test_deadline);
    g_test_add_func("/sm/slice/yield", test_yield);
    g_test_add_func("/sm/slice/yield-thread", test_yield_thread);
    g_test_add_func("/sm/slice/watchdog", test_spin_watchdog);
    g_test_add_func("/sm/slice/determinism", test_determinism);
    g_test_add_func("/sm/threads/hooks", test_thread_hooks);
    return g_test_run();
}
