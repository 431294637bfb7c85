/*
 * Every kernel of the corpus (tests/sass/kNN_*.cu, compiled by nvcc for
 * sm_75) runs on the SM and its output is compared with C reference code
 * here, for several launch shapes; plus the launch error paths.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sm-harness.h"
#include "hw/nvidia/nv-f16.h"

static const char *corpus_dir;
static unsigned workers = 1;

typedef struct Run {
    SmDev dev;
    SmModule mod;
    SmKernel k;
} Run;

static void run_open(Run *r, const char *cubin, const char *kernel)
{
    char *path = g_build_filename(corpus_dir, cubin, NULL);

    g_assert_true(sm_dev_init(&r->dev, 64u << 20, workers));
    r->dev.budget = 200000000;
    r->dev.trace = g_getenv("SM_TRACE") != NULL;
    g_assert_true(sm_module_load(&r->dev, path, &r->mod));
    g_assert_true(sm_kernel_get(&r->mod, kernel, &r->k));
    g_free(path);
}

static void run_close(Run *r)
{
    sm_module_free(&r->mod);
    sm_dev_fini(&r->dev);
}

/* Device buffer initialised from host data (or zeroed when data is NULL). */
static uint64_t dbuf(Run *r, const void *data, size_t len)
{
    uint64_t va = sm_dev_alloc(&r->dev, MAX(len, 4));

    g_assert_cmpuint(va, !=, 0);
    if (data) {
        memcpy(sm_dev_ptr(&r->dev, va, len), data, len);
    }
    return va;
}

static void *hptr(Run *r, uint64_t va, size_t len)
{
    void *p = sm_dev_ptr(&r->dev, va, len);

    g_assert_nonnull(p);
    return p;
}

/* Parameters packed at the cubin's offsets, checked against its sizes. */
typedef struct Params {
    uint8_t bytes[4096];
    unsigned n;
    uint32_t size;
} Params;

static void param(Run *r, Params *p, const void *v, uint32_t size)
{
    NvCubinParam cp = { 0 };
    bool found = false;

    /* the records are not in parameter order: find the ordinal */
    for (unsigned i = 0; i < r->k.k.param_count && !found; i++) {
        found = nv_cubin_kernel_param(&r->mod.cubin, &r->k.k, i, &cp) && cp.ordinal == p->n;
    }
    g_assert_true(found);
    g_assert_cmpuint(cp.size, ==, size);
    memcpy(p->bytes + cp.offset, v, size);
    p->size = MAX(p->size, cp.offset + size);
    p->n++;
}

#define P(r, p, v) do { __typeof__(v) v_ = (v); param(r, p, &v_, sizeof(v_)); } while (0)

static void launch3(Run *r, Params *p, const uint32_t grid[3], const uint32_t block[3],
                    uint32_t dyn)
{
    NvSmError e;

    g_assert_cmpuint(p->n, ==, r->k.k.param_count);
    if (sm_launch(&r->dev, &r->k, grid, block, dyn, p->bytes, p->size, &e, NULL) != NV_SM_OK) {
        g_error("%s: %s at pc 0x%" G_GINT64_MODIFIER "x cta %u warp %u lane %u addr 0x%"
                G_GINT64_MODIFIER "x", r->k.k.name, nv_sm_error_name(e.kind), e.pc, e.cta[0],
                e.warp, e.lane, e.addr);
    }
}

static void launch_ok(Run *r, Params *p, uint32_t gx, uint32_t bx, uint32_t dyn)
{
    const uint32_t grid[3] = { gx, 1, 1 }, block[3] = { bx, 1, 1 };

    launch3(r, p, grid, block, dyn);
}

static uint32_t rng_state = 12345;

static uint32_t rnd(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 1;
}

static float rndf(void)
{
    return (float)(rnd() % 20000) / 100.0f - 100.0f;
}

/* ---- k01: vector add ---- */

static void test_vadd(void)
{
    static const uint32_t shapes[][2] = { { 1, 32 }, { 4, 64 }, { 3, 100 }, { 7, 33 } };

    for (size_t s = 0; s < G_N_ELEMENTS(shapes); s++) {
        Run r;
        Params p = { 0 };
        int n = (int)(shapes[s][0] * shapes[s][1]) - 5;
        float a[1024], b[1024];
        uint64_t da, db, dc;
        const float *c;

        run_open(&r, "k01_vadd.sm_75.cubin", "vadd");
        for (int i = 0; i < n; i++) {
            a[i] = rndf();
            b[i] = rndf();
        }
        da = dbuf(&r, a, n * 4);
        db = dbuf(&r, b, n * 4);
        dc = dbuf(&r, NULL, (n + 8) * 4);
        P(&r, &p, da);
        P(&r, &p, db);
        P(&r, &p, dc);
        P(&r, &p, n);
        launch_ok(&r, &p, shapes[s][0], shapes[s][1], 0);
        c = hptr(&r, dc, (n + 8) * 4);
        for (int i = 0; i < n; i++) {
            g_assert_cmpfloat(c[i], ==, a[i] + b[i]);
        }
        for (int i = n; i < n + 8; i++) {
            g_assert_cmpfloat(c[i], ==, 0.0f);      /* threads past n did not store */
        }
        run_close(&r);
    }
}

/* ---- k02: saxpy, grid-stride loop ---- */

static void test_saxpy(void)
{
    Run r;
    Params p = { 0 };
    int n = 1000;
    float x[1000], y[1000], a = 2.5f;
    const float *out;
    uint64_t dx, dy;

    run_open(&r, "k02_saxpy.sm_75.cubin", "saxpy");
    for (int i = 0; i < n; i++) {
        x[i] = rndf();
        y[i] = rndf();
    }
    dx = dbuf(&r, x, sizeof(x));
    dy = dbuf(&r, y, sizeof(y));
    P(&r, &p, n);
    P(&r, &p, a);
    P(&r, &p, dx);
    P(&r, &p, dy);
    launch_ok(&r, &p, 3, 96, 0);
    out = hptr(&r, dy, sizeof(y));
    for (int i = 0; i < n; i++) {
        g_assert_cmpfloat(out[i], ==, fmaf(a, x[i], y[i]));
    }
    run_close(&r);
}

/* ---- k03: shared-memory reductions ---- */

static void test_reduce(void)
{
    Run r;
    Params p = { 0 };
    enum { N = 3000, B = 256 };
    static float in[N];
    unsigned blocks = (N + 2 * B - 1) / (2 * B);
    uint64_t din, dout;
    const float *out;

    run_open(&r, "k03_reduce.sm_75.cubin", "reduce_sum");
    for (int i = 0; i < N; i++) {
        in[i] = (float)(rnd() % 100);       /* integers: exact in any order */
    }
    din = dbuf(&r, in, sizeof(in));
    dout = dbuf(&r, NULL, blocks * 4);
    P(&r, &p, din);
    P(&r, &p, dout);
    P(&r, &p, (int)N);
    launch_ok(&r, &p, blocks, B, 0);
    out = hptr(&r, dout, blocks * 4);
    for (unsigned b = 0; b < blocks; b++) {
        float want = 0;

        for (unsigned i = b * 2 * B; i < MIN((b + 1) * 2 * B, (unsigned)N); i++) {
            want += in[i];
        }
        g_assert_cmpfloat(out[b], ==, want);
    }
    run_close(&r);
}

static void test_reduce_dyn(void)
{
    Run r;
    Params p = { 0 };
    enum { N = 1000, B = 128 };
    static int in[N];
    unsigned blocks = (N + B - 1) / B;
    uint64_t din, dout;
    const int *out;

    run_open(&r, "k03_reduce.sm_75.cubin", "reduce_dyn");
    for (int i = 0; i < N; i++) {
        in[i] = (int)(rnd() % 1000) - 500;
    }
    din = dbuf(&r, in, sizeof(in));
    dout = dbuf(&r, NULL, blocks * 4);
    P(&r, &p, din);
    P(&r, &p, dout);
    P(&r, &p, (int)N);
    launch_ok(&r, &p, blocks, B, B * 4);
    out = hptr(&r, dout, blocks * 4);
    for (unsigned b = 0; b < blocks; b++) {
        int want = 0;

        for (unsigned i = b * B; i < MIN((b + 1) * B, (unsigned)N); i++) {
            want += in[i];
        }
        g_assert_cmpint(out[b], ==, want);
    }
    run_close(&r);
}

/* ---- k04: atomics ---- */

static void test_histogram(void)
{
    Run r;
    Params p = { 0 };
    enum { N = 5000 };
    static unsigned char data[N];
    unsigned want[256] = { 0 };
    uint64_t dd, dbins;
    const unsigned *bins;

    run_open(&r, "k04_atomics.sm_75.cubin", "histogram");
    for (int i = 0; i < N; i++) {
        data[i] = (unsigned char)(rnd() % 61);
        want[data[i]]++;
    }
    dd = dbuf(&r, data, N);
    dbins = dbuf(&r, NULL, sizeof(want));
    P(&r, &p, dd);
    P(&r, &p, (int)N);
    P(&r, &p, dbins);
    launch_ok(&r, &p, 5, 96, 0);
    bins = hptr(&r, dbins, sizeof(want));
    for (int i = 0; i < 256; i++) {
        g_assert_cmpuint(bins[i], ==, want[i]);
    }
    run_close(&r);
}

static void test_atomic_mix(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 96 };
    int ip[8] = { 1000, -5, 5, 0, 7, 0, 0, 0 };
    float f = 1.0f;
    uint64_t l = 10, dip, dfp, dlp, dret;
    const int *oi, *ret;
    int last = 0;

    run_open(&r, "k04_atomics.sm_75.cubin", "atomic_mix");
    dip = dbuf(&r, ip, sizeof(ip));
    dfp = dbuf(&r, &f, 4);
    dlp = dbuf(&r, &l, 8);
    dret = dbuf(&r, NULL, T * 4);
    P(&r, &p, dip);
    P(&r, &p, dfp);
    P(&r, &p, dlp);
    P(&r, &p, dret);
    launch_ok(&r, &p, 3, 32, 0);
    oi = hptr(&r, dip, sizeof(ip));
    ret = hptr(&r, dret, T * 4);
    g_assert_cmpint(oi[0], ==, 1000 + T * (T - 1) / 2);
    g_assert_cmpint(oi[1], ==, T - 1);
    g_assert_cmpint(oi[2], ==, -(T - 1));
    g_assert_true(oi[3] >= 0 && oi[3] < T);
    /* t == 7 turns 7 into 8; then t == 8 may find 8, and so on: a chain */
    g_assert_cmpint(oi[4], >=, 8);
    g_assert_cmpint(oi[4], <=, T);
    g_assert_cmpuint((unsigned)oi[5], ==, 0xffffffffu);
    g_assert_cmpint(oi[6], ==, T % 101);        /* atomicInc wraps at 100 */
    g_assert_cmpfloat(*(float *)hptr(&r, dfp, 4), ==, 1.0f + 1.5f * T);
    g_assert_cmpuint(*(uint64_t *)hptr(&r, dlp, 8), ==, 10 + T * (T - 1) / 2);
    /* old values: each at least the start, and the last adder saw final - t */
    for (int t = 0; t < T; t++) {
        g_assert_cmpint(ret[t], >=, 1000);
        g_assert_cmpint(ret[t] + t, <=, oi[0]);
        last += ret[t] + t == oi[0];
    }
    g_assert_cmpint(last, >=, 1);
    run_close(&r);
}

static void test_atomic_fmax(void)
{
    Run r;
    Params p = { 0 };
    float v[64], init = -1000.0f, want = init;
    uint64_t da, dv;

    run_open(&r, "k04_atomics.sm_75.cubin", "atomic_fmax");
    for (int i = 0; i < 64; i++) {
        v[i] = rndf();
        want = MAX(want, v[i]);
    }
    da = dbuf(&r, &init, 4);
    dv = dbuf(&r, v, sizeof(v));
    P(&r, &p, da);
    P(&r, &p, dv);
    launch_ok(&r, &p, 1, 64, 0);
    g_assert_cmpfloat(*(float *)hptr(&r, da, 4), ==, want);
    run_close(&r);
}

/* ---- k05: warp intrinsics ---- */

static void test_warp_ops(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 64 };
    int in[T];
    const int *out;
    uint64_t din, dout;

    run_open(&r, "k05_warp.sm_75.cubin", "warp_ops");
    for (int i = 0; i < T; i++) {
        in[i] = (int)(rnd() % 21) - 10;
    }
    in[3] = in[9];      /* some equal values for match_any */
    din = dbuf(&r, in, sizeof(in));
    dout = dbuf(&r, NULL, 4 * T * 4);
    P(&r, &p, din);
    P(&r, &p, dout);
    launch_ok(&r, &p, 2, 32, 0);
    out = hptr(&r, dout, 4 * T * 4);
    for (int t = 0; t < T; t++) {
        const int *w = in + (t & ~31);
        int lane = t & 31, s = 0, x = INT32_MIN, any = 0, all = 1;
        unsigned ballot = 0, m = 0;
        int sdown[32];

        /* shfl_down tree: lanes past the end keep their own value */
        for (int i = 0; i < 32; i++) {
            sdown[i] = w[i];
        }
        for (int o = 16; o > 0; o >>= 1) {
            int nx[32];

            for (int i = 0; i < 32; i++) {
                nx[i] = sdown[i] + (i + o < 32 ? sdown[i + o] : sdown[i]);
            }
            memcpy(sdown, nx, sizeof(nx));
        }
        s = sdown[lane];
        for (int i = 0; i < 32; i++) {
            x = MAX(x, w[i]);
            ballot |= (unsigned)(w[i] > 0) << i;
            any |= w[i] < 0;
            all &= w[i] != 0;
            m |= (unsigned)(w[i] == w[lane]) << i;
        }
        g_assert_cmpint(out[4 * t + 0], ==, s + x);
        g_assert_cmpint(out[4 * t + 1], ==, w[0] + (lane ? w[lane - 1] : w[lane]));
        g_assert_cmpint(out[4 * t + 2], ==, __builtin_popcount(ballot) + any * 2 + all * 4);
        g_assert_cmpuint((unsigned)out[4 * t + 3], ==, 0xffffffffu ^ m);
    }
    run_close(&r);
}

static void test_warp_partial(void)
{
    Run r;
    Params p = { 0 };
    int d[64];
    const int *out;
    uint64_t dd;

    run_open(&r, "k05_warp.sm_75.cubin", "warp_partial");
    for (int i = 0; i < 64; i++) {
        d[i] = (int)(rnd() % 100);
    }
    dd = dbuf(&r, d, sizeof(d));
    P(&r, &p, dd);
    launch_ok(&r, &p, 1, 64, 0);
    out = hptr(&r, dd, sizeof(d));
    for (int t = 0; t < 64; t++) {
        int lane = t & 31, base = t & ~31, want = d[t];

        if (lane < 16) {
            int v1[16];

            for (int i = 0; i < 16; i++) {
                v1[i] = d[base + i] + d[base + (i ^ 1)];
            }
            want = v1[lane] + v1[lane ^ 2];
        }
        g_assert_cmpint(out[t], ==, want);
    }
    run_close(&r);
}


/* ---- k06: integer division (inline sequences and the 64-bit subroutine) ---- */

static void test_intdiv(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 96 };
    int a[T], b[T];
    unsigned ua[T], ud = 13;
    long long la[T], ld = -7919;
    uint64_t da, db, dq, dr, dua, duq, dla, dlq;
    const int *q, *rem;
    const unsigned *uq;
    const long long *lq;

    run_open(&r, "k06_intdiv.sm_75.cubin", "intdiv");
    for (int t = 0; t < T; t++) {
        a[t] = (int)rnd() - (int)(rnd() >> 1);
        b[t] = (int)(rnd() % 2001) - 1000;
        b[t] = b[t] ? b[t] : 3;
        ua[t] = rnd() * 3u;
        la[t] = (long long)rnd() * (long long)rnd() * (t & 1 ? -1 : 1);
    }
    a[0] = INT32_MIN;
    b[0] = 7;
    a[1] = 5;
    b[1] = INT32_MIN;
    ua[2] = 0xffffffffu;
    da = dbuf(&r, a, sizeof(a));
    db = dbuf(&r, b, sizeof(b));
    dq = dbuf(&r, NULL, sizeof(a));
    dr = dbuf(&r, NULL, sizeof(a));
    dua = dbuf(&r, ua, sizeof(ua));
    duq = dbuf(&r, NULL, sizeof(ua));
    dla = dbuf(&r, la, sizeof(la));
    dlq = dbuf(&r, NULL, sizeof(la));
    P(&r, &p, da);
    P(&r, &p, db);
    P(&r, &p, dq);
    P(&r, &p, dr);
    P(&r, &p, dua);
    P(&r, &p, ud);
    P(&r, &p, duq);
    P(&r, &p, dla);
    P(&r, &p, ld);
    P(&r, &p, dlq);
    launch_ok(&r, &p, 3, 32, 0);
    q = hptr(&r, dq, sizeof(a));
    rem = hptr(&r, dr, sizeof(a));
    uq = hptr(&r, duq, sizeof(ua));
    lq = hptr(&r, dlq, sizeof(la));
    for (int t = 0; t < T; t++) {
        g_assert_cmpint(q[t], ==, a[t] / b[t]);
        g_assert_cmpint(rem[t], ==, a[t] % b[t]);
        g_assert_cmpuint(uq[t], ==, ua[t] / ud + ua[t] % 7u + ua[t] / 16u);
        g_assert_cmpint(lq[t], ==, la[t] / ld);
    }
    run_close(&r);
}

/* ---- k07: 64-bit pointers and integers, a linked list ---- */

typedef struct Node {
    uint64_t next;
    long long val;
} Node;

static void test_ptr64(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 64, NODES = 5 };
    long long stride = 24, list_sum = 0;
    uint64_t mask = 0xfedcba9876543210ull, dnodes, dbase, dout;
    Node nodes[NODES];
    const long long *out;
    uint8_t *base;

    run_open(&r, "k07_ptr64.sm_75.cubin", "ptr64");
    dnodes = dbuf(&r, NULL, sizeof(nodes));
    for (int i = 0; i < NODES; i++) {
        nodes[i].val = (long long)rnd() << 20;
        nodes[i].next = i + 1 < NODES ? dnodes + (i + 1) * sizeof(Node) : 0;
        list_sum += nodes[i].val;
    }
    memcpy(hptr(&r, dnodes, sizeof(nodes)), nodes, sizeof(nodes));
    dbase = dbuf(&r, NULL, T * stride + 8);
    base = hptr(&r, dbase, T * stride + 8);
    for (int t = 0; t < T; t++) {
        long long v = (long long)rnd() * 1000 - 7;

        memcpy(base + t * stride, &v, 8);
    }
    dout = dbuf(&r, NULL, T * 8);
    P(&r, &p, dnodes);
    P(&r, &p, dout);
    P(&r, &p, dbase);
    P(&r, &p, stride);
    P(&r, &p, mask);
    launch_ok(&r, &p, 2, 32, 0);
    out = hptr(&r, dout, T * 8);
    for (long long t = 0; t < T; t++) {
        long long v, acc;

        memcpy(&v, base + t * stride, 8);
        acc = v * t + (t >> 3) - (long long)((unsigned long long)t << 40);
        acc ^= (long long)(mask >> (t & 63));
        g_assert_cmpint(out[t], ==, acc + list_sum);
    }
    run_close(&r);
}

/* ---- k08: fp64 (division and sqrt through Newton sequences and calls) ---- */

static void test_fp64(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 64 };
    double x[T], y[T];
    float f[T];
    const double *out;
    uint64_t dx, dy, dout, df;

    run_open(&r, "k08_fp64.sm_75.cubin", "fp64");
    for (int t = 0; t < T; t++) {
        x[t] = (double)(int)(rnd() % 20001 - 10000) / 37.0;
        y[t] = (double)(int)(rnd() % 20001 - 10000) / 13.0 + 0.5;
        f[t] = rndf();
    }
    x[1] = 1e-310;      /* denormal: the slow paths */
    y[2] = 1e300;
    dx = dbuf(&r, x, sizeof(x));
    dy = dbuf(&r, y, sizeof(y));
    dout = dbuf(&r, NULL, sizeof(x));
    df = dbuf(&r, f, sizeof(f));
    P(&r, &p, dx);
    P(&r, &p, dy);
    P(&r, &p, dout);
    P(&r, &p, df);
    P(&r, &p, (int)T);
    launch_ok(&r, &p, 2, 32, 0);
    out = hptr(&r, dout, sizeof(x));
    for (int t = 0; t < T; t++) {
        double a = x[t], b = y[t];
        double want = fma(a, b, 1.0) + a * 0.5 - b;

        if (a > b) {
            want += (double)f[t];
        }
        want += a / b;
        want += sqrt(fabs(a));
        want += (double)(int)a;
        /* the compiler may contract a * 0.5 - b: allow an ulp-level difference */
        g_assert_cmpfloat_with_epsilon(out[t], want, fabs(want) * 1e-14 + 1e-300);
    }
    run_close(&r);
}

/* ---- k09: transcendentals (fast intrinsics and precise library code) ---- */

static void test_mufu(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 96 };
    float x[T];
    const float *out;
    uint64_t dx, dout;

    run_open(&r, "k09_mufu.sm_75.cubin", "mufu");
    for (int t = 0; t < T; t++) {
        x[t] = (float)((int)(rnd() % 6001) - 3000) / 1000.0f;
    }
    x[0] = 0.0f;
    x[1] = -0.5f;       /* 1 / (v + 0.5) = Inf */
    x[2] = 80.0f;       /* sinf: range reduction far from 0 */
    dx = dbuf(&r, x, sizeof(x));
    dout = dbuf(&r, NULL, 3 * sizeof(x));
    P(&r, &p, dx);
    P(&r, &p, dout);
    launch_ok(&r, &p, 3, 32, 0);
    out = hptr(&r, dout, 3 * sizeof(x));
    for (int t = 0; t < T; t++) {
        double v = x[t];
        double r0 = sin(v) + cos(v) + exp(v) + log(v + 2.0) + 1.0 / sqrt(v * v + 1.0) +
                    sqrt(fabs(v)) + v / (3.0 + v * v) + 1.0 / (v + 0.5);
        double r1 = sin(v) * exp(v), r2 = tanh(v) + rint(v);

        if (isnan(r0)) {
            g_assert_true(isnan(out[3 * t]));       /* log of a negative */
        } else if (isinf(r0)) {
            g_assert_true(isinf(out[3 * t]));
        } else {
            g_assert_cmpfloat_with_epsilon(out[3 * t], r0, fabs(r0) * 2e-5 + 2e-5);
        }
        g_assert_cmpfloat_with_epsilon(out[3 * t + 1], r1, fabs(r1) * 2e-6 + 1e-6);
        g_assert_cmpfloat_with_epsilon(out[3 * t + 2], r2, fabs(r2) * 2e-6 + 1e-6);
    }
    run_close(&r);
}

/* ---- k10: local memory (dynamically indexed array) ---- */

static void test_localmem(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 96, N = 20 };
    int idx[256];
    const int *out;
    uint64_t didx, dout;

    run_open(&r, "k10_local.sm_75.cubin", "localmem");
    for (int i = 0; i < 256; i++) {
        idx[i] = (int)rnd();
    }
    didx = dbuf(&r, idx, sizeof(idx));
    dout = dbuf(&r, NULL, T * 4);
    P(&r, &p, didx);
    P(&r, &p, dout);
    P(&r, &p, (int)N);
    launch_ok(&r, &p, 3, 32, 0);
    out = hptr(&r, dout, T * 4);
    for (int t = 0; t < T; t++) {
        int buf[64], s = 0;

        for (int i = 0; i < 64; i++) {
            buf[i] = i * t;
        }
        for (int i = 0; i < N; i++) {
            s += buf[idx[(t + i) & 255] & 63];
        }
        buf[idx[t & 255] & 63] = s;
        g_assert_cmpint(out[t], ==, s + buf[(t * 7) & 63]);
    }
    run_close(&r);
}

/* ---- k11: divergent control flow, calls, loops with break, switch ---- */

static int collatz(int v)
{
    int steps = 0;

    while (v != 1 && steps < 1000) {
        v = (v & 1) ? 3 * v + 1 : v >> 1;
        ++steps;
    }
    return steps;
}

static void test_control(void)
{
    static const uint32_t shapes[][2] = { { 2, 64 }, { 5, 27 } };

    for (size_t sh = 0; sh < G_N_ELEMENTS(shapes); sh++) {
        Run r;
        Params p = { 0 };
        int n = (int)(shapes[sh][0] * shapes[sh][1]) - 3, in[512];
        const int *out;
        uint64_t din, dout;

        run_open(&r, "k11_control.sm_75.cubin", "control");
        for (int t = 0; t < n; t++) {
            in[t] = (int)(rnd() % 300) - 20;
        }
        din = dbuf(&r, in, n * 4);
        dout = dbuf(&r, NULL, (n + 3) * 4);
        P(&r, &p, din);
        P(&r, &p, dout);
        P(&r, &p, n);
        launch_ok(&r, &p, shapes[sh][0], shapes[sh][1], 0);
        out = hptr(&r, dout, (n + 3) * 4);
        for (int t = 0; t < n; t++) {
            int v = in[t], want;

            if (v & 1) {
                want = collatz(v);
            } else if (v % 3 == 0) {
                want = 0;
                for (int i = 0; i < v; ++i) {
                    want += i * i;
                    if (want > 10000) {
                        break;
                    }
                }
            } else {
                switch (v & 7) {
                case 0: want = 11; break;
                case 2: want = v * 5; break;
                case 4: want = -v; break;
                default: want = v ^ 0x55; break;
                }
            }
            g_assert_cmpint(out[t], ==, want);
        }
        run_close(&r);
    }
}

/* ---- k12: tiled SGEMM with a 2-D grid ---- */

static void test_matmul(void)
{
    Run r;
    Params p = { 0 };
    enum { N = 40 };
    static float a[N * N], b[N * N];
    const uint32_t grid[3] = { 3, 3, 1 }, block[3] = { 16, 16, 1 };
    const float *c;
    uint64_t da, db, dc;

    run_open(&r, "k12_matmul.sm_75.cubin", "matmul");
    for (int i = 0; i < N * N; i++) {
        a[i] = (float)((int)(rnd() % 17) - 8);      /* small integers: exact sums */
        b[i] = (float)((int)(rnd() % 17) - 8);
    }
    da = dbuf(&r, a, sizeof(a));
    db = dbuf(&r, b, sizeof(b));
    dc = dbuf(&r, NULL, sizeof(a));
    P(&r, &p, da);
    P(&r, &p, db);
    P(&r, &p, dc);
    P(&r, &p, (int)N);
    launch3(&r, &p, grid, block, 0);
    c = hptr(&r, dc, sizeof(a));
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            float want = 0;

            for (int k = 0; k < N; k++) {
                want += a[i * N + k] * b[k * N + j];
            }
            g_assert_cmpfloat(c[i * N + j], ==, want);
        }
    }
    run_close(&r);
}

/* Device address of a module section by name (0 if absent). */
static uint64_t section_va(Run *r, const char *name)
{
    unsigned idx = nv_cubin_find_section(&r->mod.cubin, name);

    return idx && idx < G_N_ELEMENTS(r->mod.section_va) ? r->mod.section_va[idx] : 0;
}

static uint32_t brev32(uint32_t v)
{
    uint32_t r = 0;

    for (int i = 0; i < 32; i++) {
        r |= ((v >> i) & 1) << (31 - i);
    }
    return r;
}

/* __byte_perm: byte i of the result is byte (s >> 4i) & 7 of {y:x}. */
static uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
    uint64_t v = (uint64_t)y << 32 | x;
    uint32_t r = 0;

    for (int i = 0; i < 4; i++) {
        r |= (uint32_t)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
    }
    return r;
}

/* ---- k13: bit manipulation, __constant__ data, 3-D blocks ---- */

static void test_misc(void)
{
    Run r;
    Params p = { 0 };
    const uint32_t grid[3] = { 2, 1, 1 }, block[3] = { 8, 4, 2 };
    enum { T = 128 };
    float coeffs[4] = { 0.5f, -0.25f, 3.0f, 1.0f };
    uint32_t in[T];
    const float *fo;
    const uint32_t *uo;
    uint64_t din, dfo, duo, bank3;

    run_open(&r, "k13_misc.sm_75.cubin", "misc");
    bank3 = section_va(&r, ".nv.constant3");
    g_assert_cmpuint(bank3, !=, 0);
    memcpy(hptr(&r, bank3, sizeof(coeffs)), coeffs, sizeof(coeffs));
    for (int t = 0; t < T; t++) {
        in[t] = t % 5 == 0 ? 0 : rnd() * (t & 1 ? 1u : 12345u);
    }
    din = dbuf(&r, in, sizeof(in));
    dfo = dbuf(&r, NULL, T * 4);
    duo = dbuf(&r, NULL, T * 4);
    P(&r, &p, din);
    P(&r, &p, dfo);
    P(&r, &p, duo);
    launch3(&r, &p, grid, block, 0);
    fo = hptr(&r, dfo, T * 4);
    uo = hptr(&r, duo, T * 4);
    for (uint32_t t = 0; t < T; t++) {
        uint32_t v = in[t];
        uint32_t rr = (v ? (uint32_t)__builtin_clz(v) : 32) + brev32(v) +
                      (uint32_t)__builtin_popcount(v) + (uint32_t)__builtin_ffs((int)v) +
                      ((v >> 5) & 0x3f) + byte_perm(v, t, 0x3210 ^ 0x0123);
        float f;

        rr = MAX(rr, t) - MIN(v, 77u);
        f = (float)(int32_t)v * coeffs[0] + (float)rr * coeffs[1] + coeffs[t & 3];
        f = (v & 4) ? f : -f;
        g_assert_true(uo[t] == rr || uo[t] == rr + 1);      /* + (clock64() & 1) */
        g_assert_cmpfloat_with_epsilon(fo[t], f, fabsf(f) * 1e-6f + 1e-6f);
    }
    run_close(&r);
}

/* ---- k15: generic pointers to shared, local and global memory ---- */

static void test_generic(void)
{
    for (int sel = 0; sel < 3; sel++) {
        Run r;
        Params p = { 0 };
        enum { T = 64 };
        int g[T];
        const int *out;
        uint64_t dg;

        run_open(&r, "k15_generic.sm_75.cubin", "generic_ptrs");
        for (int t = 0; t < T; t++) {
            g[t] = (int)(rnd() % 1000);
        }
        dg = dbuf(&r, g, sizeof(g));
        P(&r, &p, dg);
        P(&r, &p, sel);
        launch_ok(&r, &p, 1, T, 0);
        out = hptr(&r, dg, sizeof(g));
        for (int t = 0; t < T; t++) {
            /* l[sel & 7] = (sel & 7) + sel, bumped too when p points at it */
            int l_sel = (sel & 7) + sel + (sel == 1 && (t & 7) == (sel & 7) ? 5 : 0);
            int deref = sel == 0 ? t + 5 : sel == 1 ? (t & 7) + sel + 5 : g[t] + 5;
            int is_shared = sel == 0, is_global = sel == 2;

            g_assert_cmpint(out[t], ==, deref + l_sel + is_shared + is_global + 4 + 32);
        }
        run_close(&r);
    }
}

/* ---- k16: module globals (relocated addresses in bank 4) ---- */

static void test_globals(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 96 };
    const float *out;
    uint64_t dout, counter;

    run_open(&r, "k16_globals.sm_75.cubin", "useglob");
    dout = dbuf(&r, NULL, T * 4);
    P(&r, &p, dout);
    launch_ok(&r, &p, 1, T, 0);
    out = hptr(&r, dout, T * 4);
    for (int t = 0; t < T; t++) {
        g_assert_cmpfloat(out[t], ==, (float)((t & 3) + 1));
    }
    counter = section_va(&r, ".nv.global");
    g_assert_cmpuint(counter, !=, 0);
    g_assert_cmpint(*(int *)hptr(&r, counter, 4), ==, T);
    run_close(&r);
}

/* ---- k18: dot products, bit fields, saturation, 64-bit conversions ---- */

static int32_t bfe_s32(uint32_t x, uint32_t pos, uint32_t len)
{
    uint32_t msb = pos + len - 1 > 31 ? 31 : pos + len - 1;
    uint32_t sbit = (x >> msb) & 1, r = 0;

    for (uint32_t i = 0; i < 32; i++) {
        uint32_t bit = i < len && pos + i <= 31 ? (x >> (pos + i)) & 1 : sbit;

        r |= bit << i;
    }
    return (int32_t)r;
}

static void test_intmisc(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 64 };
    int a[T], b[T];
    double d[T];
    const int *out;
    const long long *ll;
    const unsigned long long *ull;
    const double *dout;
    uint64_t da, db, dout_i, dd, dll, dull, ddout;

    run_open(&r, "k18_intmisc.sm_75.cubin", "intmisc");
    for (int t = 0; t < T; t++) {
        a[t] = (int)rnd() - (int)(rnd() >> 1);
        b[t] = t % 3 ? (int)rnd() : (int)(rnd() % 70000) - 1000;
        d[t] = (double)(int)(rnd() % 200000) / 64.0;
    }
    da = dbuf(&r, a, sizeof(a));
    db = dbuf(&r, b, sizeof(b));
    dout_i = dbuf(&r, NULL, sizeof(a));
    dd = dbuf(&r, d, sizeof(d));
    dll = dbuf(&r, NULL, T * 8);
    dull = dbuf(&r, NULL, T * 8);
    ddout = dbuf(&r, NULL, T * 8);
    P(&r, &p, da);
    P(&r, &p, db);
    P(&r, &p, dout_i);
    P(&r, &p, dd);
    P(&r, &p, dll);
    P(&r, &p, dull);
    P(&r, &p, ddout);
    P(&r, &p, (int)T);
    launch_ok(&r, &p, 2, 32, 0);
    out = hptr(&r, dout_i, sizeof(a));
    ll = hptr(&r, dll, T * 8);
    ull = hptr(&r, dull, T * 8);
    dout = hptr(&r, ddout, T * 8);
    for (int i = 0; i < T; i++) {
        uint32_t x = (uint32_t)a[i], y = (uint32_t)b[i];
        int32_t dp4 = i, dp2lo = 7;
        uint32_t dp2hi = 3, mask = (((1u << (i & 15)) - 1) << 3), ins;
        int32_t sat = a[i] < -128 ? -128 : a[i] > 127 ? 127 : a[i];
        int32_t sat16 = b[i] < 0 ? 0 : b[i] > 65535 ? 65535 : b[i];
        long long want_ll;
        double want_d;

        for (int k = 0; k < 4; k++) {
            dp4 += (int8_t)(x >> (8 * k)) * (int8_t)(y >> (8 * k));
        }
        for (int k = 0; k < 2; k++) {
            dp2lo += (int16_t)(x >> (16 * k)) * (int8_t)(y >> (8 * k));
            dp2hi += (uint16_t)(x >> (16 * k)) * (uint8_t)(y >> (16 + 8 * k));
        }
        ins = (y & ~mask) | ((x << 3) & mask);
        g_assert_cmpint(out[i], ==, (int32_t)((uint32_t)dp4 + (uint32_t)dp2lo + dp2hi +
                                              (uint32_t)bfe_s32(x, y & 31, 5) + ins +
                                              (uint32_t)sat + (uint32_t)sat16));
        want_ll = (long long)d[i] + (long long)(float)a[i];
        g_assert_cmpint(ll[i], ==, want_ll);
        g_assert_cmpuint(ull[i], >=, (unsigned long long)(d[i] * 3.0));
        want_d = fmin(d[i], (double)b[i]) + fmax(d[i], 2.0) + trunc(d[i]) + floor(d[i]) +
                 (double)want_ll;
        g_assert_cmpfloat_with_epsilon(dout[i], want_d, fabs(want_d) * 1e-15);
    }
    run_close(&r);
}

/* ---- k20: recursion, indirect calls through a table, switch, loop breaks ---- */

static int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static void test_ctl2(void)
{
    Run r;
    Params p = { 0 };
    enum { N = 70 };
    int in[N];
    const int *out;
    uint64_t din, dout;

    run_open(&r, "k20_ctl2.sm_75.cubin", "ctl2");
    for (int t = 0; t < N; t++) {
        in[t] = t % 13 == 0 ? 42 : (int)(rnd() % 40);
    }
    din = dbuf(&r, in, sizeof(in));
    dout = dbuf(&r, NULL, sizeof(in));
    P(&r, &p, din);
    P(&r, &p, dout);
    P(&r, &p, (int)N);
    launch_ok(&r, &p, 3, 32, 0);
    out = hptr(&r, dout, sizeof(in));
    for (int t = 0; t < N; t++) {
        int v = in[t], rr = 0;

        switch (v & 7) {
        case 0: rr = v * 3; break;
        case 1: rr = v ^ 0x55; break;
        case 2: rr = v + 17; break;
        case 3: rr = v >> 2; break;
        case 4: rr = -v; break;
        case 5: rr = v * v; break;
        case 6: rr = v | 0x100; break;
        default: rr = 1; break;
        }
        for (int k = 0; k < v; k++) {
            if (in[(t + k) % N] == 42) {
                break;
            }
            rr += k;
        }
        rr += t % 3 == 0 ? rr + v : t % 3 == 1 ? rr * v : rr - v;
        rr += fib(v & 15);
        g_assert_cmpint(out[t], ==, rr);
    }
    run_close(&r);
}

/* ---- k21: uniform datapath (block-uniform values in URs) ---- */

static void test_uniform(void)
{
    Run r;
    Params p = { 0 };
    enum { N = 256, B = 64, G = 3 };
    int in[N + 1], k = 9;
    uint32_t m = 0x1234u;
    const int *out;
    uint64_t din, dout;

    run_open(&r, "k21_uniform.sm_75.cubin", "uniform");
    for (int i = 0; i <= N; i++) {
        in[i] = (int)(rnd() % 100);
    }
    din = dbuf(&r, in, sizeof(in));
    dout = dbuf(&r, NULL, G * B * 4);
    P(&r, &p, din);
    P(&r, &p, dout);
    P(&r, &p, (int)N);
    P(&r, &p, k);
    P(&r, &p, m);
    launch_ok(&r, &p, G, B, 0);
    out = hptr(&r, dout, G * B * 4);
    for (int bx = 0; bx < G; bx++) {
        int base = bx * k + __builtin_popcount(m) + __builtin_ffs((int)m);
        uint32_t sel = byte_perm(m, (uint32_t)k, 0x5140);
        uint32_t pos = (uint32_t)k & 31, len = N & 31;
        int acc = 0, lm;

        for (int j = 0; j < k; j++) {
            int idx = (base + j * 4 + (int)(sel & 7)) & (N - 1);

            acc += in[idx + (m > 3 ? 1 : 0)] << (j & 3);
        }
        lm = (int)(pos >= 32 ? 0 : (uint32_t)(((len >= 32 ? 0xffffffffull : (1ull << len) - 1))
                                              << pos));
        for (int t = 0; t < B; t++) {
            g_assert_cmpint(out[bx * B + t], ==, acc + lm + (int)(sel >> 8));
        }
    }
    run_close(&r);
}

/* ---- k14: barrier reductions, shared float atomics, named barriers ---- */

static void test_sync(void)
{
    Run r;
    Params p = { 0 };
    enum { B = 128, G = 2, T = B * G };
    static float in4[T][4];
    const float *out;
    const double *dsm;
    const int *flags;
    uint64_t din, dflags, dout, ddsm, dh;

    run_open(&r, "k14_sync.sm_75.cubin", "sync_ops");
    for (int t = 0; t < T; t++) {
        int blk = t / B;

        in4[t][0] = (float)((int)(rnd() % 9) - 4);
        in4[t][1] = blk == 0 ? (float)(1 + rnd() % 5) : (float)((int)(rnd() % 5) - 1);
        in4[t][2] = blk == 0 ? -(float)(rnd() % 3) : (float)((int)(rnd() % 3) - 1);
        in4[t][3] = (float)(rnd() % 8);
    }
    in4[B + 5][1] = -1.0f;      /* block 1: not all y > 0 */
    in4[B + 6][2] = 1.0f;       /* block 1: some z > 0 */
    din = dbuf(&r, in4, sizeof(in4));
    dflags = dbuf(&r, NULL, G * 4);
    dout = dbuf(&r, NULL, T * 4);
    ddsm = dbuf(&r, NULL, T * 8);
    dh = dbuf(&r, NULL, (B + 1) * 4);
    P(&r, &p, din);
    P(&r, &p, dflags);
    P(&r, &p, dout);
    P(&r, &p, ddsm);
    P(&r, &p, dh);
    launch_ok(&r, &p, G, B, 0);
    out = hptr(&r, dout, T * 4);
    dsm = hptr(&r, ddsm, T * 8);
    flags = hptr(&r, dflags, G * 4);
    for (int blk = 0; blk < G; blk++) {
        float sf = 0;
        int cnt = 0, all = 1, any = 0;

        for (int t = blk * B; t < (blk + 1) * B; t++) {
            cnt += in4[t][0] > 0;
            all &= in4[t][1] > 0;
            any |= in4[t][2] > 0;
            sf += in4[t][3];
        }
        g_assert_cmpint(flags[blk], ==, 1);
        for (int t = 0; t < B; t++) {
            g_assert_cmpfloat(out[blk * B + t], ==, sf + cnt + all * 2 + any * 4);
            g_assert_cmpfloat(dsm[blk * B + t], ==, (double)in4[blk * B + ((t * 7) & 127)][0]);
        }
    }
    run_close(&r);
}

/* ---- k17: fp16x2 arithmetic, comparisons, saturation; float rounding ---- */

static double h2d(uint16_t h)
{
    return nv_f16_to_f32(h);
}

static uint16_t d2h(double d)
{
    return nv_f64_to_f16(d);
}

static void test_half(void)
{
    Run r;
    Params p = { 0 };
    enum { N = 96 };
    uint32_t a[N], b[N];
    float x[N];
    const uint32_t *out;
    const float *y;
    uint64_t da, db, dout, dx, dy;

    run_open(&r, "k17_half.sm_75.cubin", "half_ops");
    for (int i = 0; i < N; i++) {
        a[i] = d2h(((int)(rnd() % 400) - 200) / 64.0) |
               (uint32_t)d2h(((int)(rnd() % 400) - 200) / 64.0) << 16;
        b[i] = d2h(((int)(rnd() % 400) - 200) / 32.0) |
               (uint32_t)d2h(((int)(rnd() % 400) - 200) / 32.0) << 16;
        x[i] = (float)((int)(rnd() % 2000) - 1000) / 128.0f;
    }
    da = dbuf(&r, a, sizeof(a));
    db = dbuf(&r, b, sizeof(b));
    dout = dbuf(&r, NULL, sizeof(a));
    dx = dbuf(&r, x, sizeof(x));
    dy = dbuf(&r, NULL, sizeof(x));
    P(&r, &p, da);
    P(&r, &p, db);
    P(&r, &p, dout);
    P(&r, &p, dx);
    P(&r, &p, dy);
    P(&r, &p, (int)N);
    launch_ok(&r, &p, 3, 32, 0);
    out = hptr(&r, dout, sizeof(a));
    y = hptr(&r, dy, sizeof(x));
    for (int i = 0; i < N; i++) {
        uint16_t ph[2] = { (uint16_t)a[i], (uint16_t)(a[i] >> 16) };
        uint16_t qh[2] = { (uint16_t)b[i], (uint16_t)(b[i] >> 16) };
        uint16_t f[2], sh[2], mh[2], want[2];
        bool both_gt = h2d(ph[0]) > h2d(qh[0]) && h2d(ph[1]) > h2d(qh[1]);
        float v = x[i], rr;

        for (int k = 0; k < 2; k++) {
            sh[k] = d2h(h2d(ph[k]) + h2d(qh[k]));
            mh[k] = d2h(h2d(sh[k]) * -h2d(qh[k]));
            f[k] = d2h(fma(h2d(mh[k]), h2d(ph[k]), 0.25));
        }
        for (int k = 0; k < 2; k++) {
            double sel = h2d(f[k]) > h2d(ph[k]) ? 1.0 : 0.0;
            double fk = both_gt ? h2d(d2h(h2d(f[k]) - sel)) : h2d(f[k]);
            double o = fma(fk, h2d(sh[k]), h2d(mh[k]));

            o = o < 0 ? 0 : o > 1 ? 1 : o;
            want[k] = d2h(o);
        }
        g_assert_cmphex(out[i], ==, want[0] | (uint32_t)want[1] << 16);
        rr = fminf(v, 3.0f) + fmaxf(v, -1.0f) + truncf(v) + floorf(v * 2.f) + ceilf(v) + rintf(v);
        rr += (float)h2d(ph[0]) * (float)h2d(qh[1]);
        g_assert_cmpfloat_with_epsilon(y[i], rr / (v + 1.5f),
                                       fabsf(rr / (v + 1.5f)) * 1e-6f + 1e-6f);
    }
    run_close(&r);
}

/* ---- k19: match/vote/uni, atomics on generic, shared and global memory ---- */

static void test_warp2(void)
{
    Run r;
    Params p = { 0 };
    enum { T = 64 };
    int g[T];
    float f0[8] = { 0 };
    uint64_t u0[5] = { 0 };
    const int *go;
    const float *fo;
    const uint64_t *uo;
    uint64_t dg, dout, df, du, dany;
    int and_all = -1, xor_all = 0, dec = 0, even_sum = 0;

    run_open(&r, "k19_warp2.sm_75.cubin", "warp2");
    for (int t = 0; t < T; t++) {
        g[t] = (int)(rnd() % 1000) + 1;
    }
    g[3] = 5;
    dg = dbuf(&r, g, sizeof(g));
    dout = dbuf(&r, NULL, T * 4);
    df = dbuf(&r, f0, sizeof(f0));
    du = dbuf(&r, u0, sizeof(u0));
    dany = dbuf(&r, NULL, 8);
    P(&r, &p, dg);
    P(&r, &p, dout);
    P(&r, &p, df);
    P(&r, &p, du);
    P(&r, &p, dany);
    launch_ok(&r, &p, 1, T, 0);
    go = hptr(&r, dg, sizeof(g));
    fo = hptr(&r, df, sizeof(f0));
    uo = hptr(&r, du, sizeof(u0));
    /* every thread read g[t] before any atomic changed g[1..3] (one CTA: in order) */
    dec = g[3];
    for (int t = 0; t < T; t++) {
        and_all &= g[t];
        xor_all ^= g[t];
        dec = dec == 0 || dec > 9 ? 9 : dec - 1;
        even_sum += t & 1 ? 0 : g[t];
    }
    g_assert_cmpint(go[1], ==, g[1] & and_all);
    g_assert_cmpint(go[2], ==, g[2] ^ xor_all);
    g_assert_cmpint(go[3], ==, dec);
    g_assert_cmpint(*(int *)hptr(&r, dany, 4), ==, even_sum);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(fo[i], ==, 1.5f * (T / 8));
    }
    for (int i = 0; i < 4; i++) {
        g_assert_cmpuint(uo[i], ==, 3ull * (T / 4));
    }
    g_assert_cmpuint(uo[4], <, T);
    run_close(&r);
}

/* ---- launch errors: watchdog, unmapped access ---- */

static void test_watchdog(void)
{
    Run r;
    Params p = { 0 };
    int in[64];
    NvSmError e;
    const uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };

    run_open(&r, "k11_control.sm_75.cubin", "control");
    for (int t = 0; t < 64; t++) {
        in[t] = 27;     /* collatz(27): 111 steps */
    }
    r.dev.budget = 500;
    {
        uint64_t din = dbuf(&r, in, sizeof(in)), dout = dbuf(&r, NULL, sizeof(in));

        P(&r, &p, din);
        P(&r, &p, dout);
        P(&r, &p, 64);
    }
    g_assert_cmpint(sm_launch(&r.dev, &r.k, grid, block, 0, p.bytes, p.size, &e, NULL), ==,
                    NV_SM_ERR_TIMEOUT);
    g_assert_cmpuint(e.pc, >=, r.mod.section_va[r.k.k.text_section]);
    run_close(&r);
}

static void test_unmapped(void)
{
    Run r;
    Params p = { 0 };
    NvSmError e;
    const uint32_t grid[3] = { 2, 1, 1 }, block[3] = { 32, 1, 1 };
    uint64_t bad = 0x1000;      /* below the device memory: unmapped */

    run_open(&r, "k01_vadd.sm_75.cubin", "vadd");
    P(&r, &p, dbuf(&r, NULL, 256));
    P(&r, &p, dbuf(&r, NULL, 256));
    P(&r, &p, bad);
    P(&r, &p, 64);
    g_assert_cmpint(sm_launch(&r.dev, &r.k, grid, block, 0, p.bytes, p.size, &e, NULL), ==,
                    NV_SM_ERR_MMU);
    g_assert_cmphex(e.addr, ==, bad + 4 * (e.cta[0] * 32 + e.lane));
    g_assert_true(e.write);
    run_close(&r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : "tests/sass";
    if (g_getenv("SM_WORKERS")) {
        workers = (unsigned)atoi(g_getenv("SM_WORKERS"));
    }
    g_test_add_func("/sm/kernel/vadd", test_vadd);
    g_test_add_func("/sm/kernel/saxpy", test_saxpy);
    g_test_add_func("/sm/kernel/reduce_sum", test_reduce);
    g_test_add_func("/sm/kernel/reduce_dyn", test_reduce_dyn);
    g_test_add_func("/sm/kernel/histogram", test_histogram);
    g_test_add_func("/sm/kernel/atomic_mix", test_atomic_mix);
    g_test_add_func("/sm/kernel/atomic_fmax", test_atomic_fmax);
    g_test_add_func("/sm/kernel/warp_ops", test_warp_ops);
    g_test_add_func("/sm/kernel/warp_partial", test_warp_partial);
    g_test_add_func("/sm/kernel/intdiv", test_intdiv);
    g_test_add_func("/sm/kernel/ptr64", test_ptr64);
    g_test_add_func("/sm/kernel/fp64", test_fp64);
    g_test_add_func("/sm/kernel/mufu", test_mufu);
    g_test_add_func("/sm/kernel/localmem", test_localmem);
    g_test_add_func("/sm/kernel/control", test_control);
    g_test_add_func("/sm/kernel/matmul", test_matmul);
    g_test_add_func("/sm/kernel/misc", test_misc);
    g_test_add_func("/sm/kernel/generic", test_generic);
    g_test_add_func("/sm/kernel/globals", test_globals);
    g_test_add_func("/sm/kernel/intmisc", test_intmisc);
    g_test_add_func("/sm/kernel/ctl2", test_ctl2);
    g_test_add_func("/sm/kernel/uniform", test_uniform);
    g_test_add_func("/sm/kernel/sync", test_sync);
    g_test_add_func("/sm/kernel/half", test_half);
    g_test_add_func("/sm/kernel/warp2", test_warp2);
    g_test_add_func("/sm/error/watchdog", test_watchdog);
    g_test_add_func("/sm/error/unmapped", test_unmapped);
    return g_test_run();
}
