/*
 * SM interpreter benchmark (make bench): an ALU-bound kernel
 * (tools/bench/kernels/alu.cu), a memory-bound one (the corpus saxpy) and
 * one of many small CTAs (the corpus vector add),
 * run on the SM API with 1 worker thread and with one per host core, each
 * figure the min / median / max of repeated runs of at least a second
 * (bench-stats.h), with the ratio of the medians and the load average;
 * never pass/fail.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench-stats.h"
#include "sm-harness.h"

typedef struct Bench {
    const char *name;
    const char *cubin;
    const char *kernel;
    uint32_t grid, block;
} Bench;

/* A loaded kernel with its parameters, launched once per measured unit. */
typedef struct Run {
    SmDev d;
    SmModule m;
    SmKernel k;
    uint32_t grid[3], block[3];
    uint8_t params[64];
    NvSmStats st;                   /* of the last launch */
} Run;

static bool run_open(Run *r, const Bench *b, const char *dir, unsigned workers)
{
    char *path = g_build_filename(dir, b->cubin, NULL);
    uint32_t n = b->grid * b->block * 16;  /* saxpy: 16 grid-stride iterations */
    bool ok;

    memset(r, 0, sizeof(*r));
    r->grid[0] = b->grid;
    r->grid[1] = r->grid[2] = 1;
    r->block[0] = b->block;
    r->block[1] = r->block[2] = 1;
    ok = sm_dev_init(&r->d, 256u << 20, workers) && sm_module_load(&r->d, path, &r->m) &&
         sm_kernel_get(&r->m, b->kernel, &r->k);
    g_free(path);
    if (!ok) {
        return false;
    }
    if (!strcmp(b->kernel, "alu")) {
        uint64_t out = sm_dev_alloc(&r->d, n * 4);
        int iters = 256;

        memcpy(r->params, &out, 8);
        memcpy(r->params + 8, &iters, 4);
    } else if (!strcmp(b->kernel, "vadd")) {
        uint32_t elems = b->grid * b->block;    /* one per thread */
        uint64_t a = sm_dev_alloc(&r->d, elems * 4), bb = sm_dev_alloc(&r->d, elems * 4);
        uint64_t c = sm_dev_alloc(&r->d, elems * 4);

        memcpy(r->params, &a, 8);
        memcpy(r->params + 8, &bb, 8);
        memcpy(r->params + 16, &c, 8);
        memcpy(r->params + 24, &elems, 4);
    } else {
        uint64_t x = sm_dev_alloc(&r->d, n * 4), y = sm_dev_alloc(&r->d, n * 4);
        float a = 2.0f;

        memcpy(r->params, &n, 4);
        memcpy(r->params + 4, &a, 4);
        memcpy(r->params + 8, &x, 8);
        memcpy(r->params + 16, &y, 8);
    }
    return true;
}

static void run_close(Run *r)
{
    sm_module_free(&r->m);
    sm_dev_fini(&r->d);
}

/* One launch: its thread-instructions. */
static bool run_unit(void *ctx, double *units)
{
    Run *r = ctx;
    NvSmError e;

    if (sm_launch(&r->d, &r->k, r->grid, r->block, 0, r->params, r->k.k.param_size, &e,
                  &r->st) != NV_SM_OK) {
        return false;
    }
    *units = (double)r->st.thread_insns;
    return true;
}

/* User and system CPU time of the process so far. */
static double cpu_seconds(void)
{
    struct rusage u;

    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + (double)u.ru_stime.tv_sec +
           u.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    const char *only = argc > 2 ? argv[2] : NULL;   /* a kernel name: that one only (perf) */
    char *kdir = g_build_filename(root, "tools/bench/kernels", NULL);
    char *sdir = g_build_filename(root, "tests/sass", NULL);
    unsigned cores = (unsigned)MAX(sysconf(_SC_NPROCESSORS_ONLN), 1);
    const Bench benches[] = {
        { "ALU-bound (integer + fp32 loop)", "alu.sm_75.cubin", "alu", 160, 256 },
        { "memory-bound (saxpy, 2 loads + 1 store per FFMA)", "k02_saxpy.sm_75.cubin",
          "saxpy", 640, 256 },
        /* as NVK's and rusticl's kernels often are: the cost of starting a CTA */
        { "small CTAs (vector add, one element per thread, 64-thread CTAs)",
          "k01_vadd.sm_75.cubin", "vadd", 65536, 64 },
    };

    printf("SM interpreter (model core, this machine, %u cores): M thread-instructions/s, "
           "min / median / max of %d runs of >= %.0f s\n", cores, BENCH_RUNS, BENCH_MIN_SECS);
    bench_print_load("before");
    for (size_t i = 0; i < G_N_ELEMENTS(benches); i++) {
        const unsigned counts[2] = { 1, cores };
        double median[2] = { 0, 0 };

        if (only && strcmp(only, benches[i].kernel)) {
            continue;
        }
        printf("  %s\n", benches[i].name);
        for (unsigned c = 0; c < (cores > 1 ? 2u : 1u); c++) {
            double cpu0 = cpu_seconds(), wall0 = (double)g_get_monotonic_time() / 1e6;
            BenchFigure f;
            Run r;

            if (!run_open(&r, &benches[i], strcmp(benches[i].kernel, "alu") ? sdir : kdir,
                          counts[c]) ||
                !bench_measure(run_unit, &r, &f)) {
                printf("    %2u worker(s): FAILED\n", counts[c]);
                continue;
            }
            median[c] = f.median;
            printf("    %2u worker(s): ", counts[c]);
            bench_print(&f, 1e6, "M thread-instr/s");
            /* CPU time over wall time: how busy the workers kept the cores */
            printf("  (%.1f thread-instr per warp-instr, %.2f cores busy)\n",
                   (double)r.st.thread_insns / (double)MAX(r.st.warp_insns, 1),
                   (cpu_seconds() - cpu0) / ((double)g_get_monotonic_time() / 1e6 - wall0));
            run_close(&r);
        }
        if (median[0] > 0 && median[1] > 0) {
            printf("    %u workers / 1 worker (medians): %.2fx\n", cores, median[1] / median[0]);
        }
    }
    bench_print_load("after");
    g_free(kdir);
    g_free(sdir);
    return 0;
}
