/*
 * SM interpreter benchmark (make bench): an ALU-bound kernel
 * (tools/bench/kernels/alu.cu) and a memory-bound one (the corpus saxpy),
 * run on the SM API with 1 worker thread and with one per host core.
 * Prints warp-instructions/s and thread-instructions/s; never pass/fail.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sm-harness.h"

typedef struct Bench {
    const char *name;
    const char *cubin;
    const char *kernel;
    uint32_t grid, block;
} Bench;

/* Lays out the kernel's parameters and runs it once; false on any error. */
static bool run(const Bench *b, const char *dir, unsigned workers, NvSmStats *st, double *secs)
{
    char *path = g_build_filename(dir, b->cubin, NULL);
    uint32_t grid[3] = { b->grid, 1, 1 }, block[3] = { b->block, 1, 1 };
    uint32_t n = b->grid * b->block * 16;  /* saxpy: 16 grid-stride iterations */
    uint8_t params[64] = { 0 };
    SmDev d;
    SmModule m;
    SmKernel k;
    NvSmError e;
    gint64 t0;
    bool ok;

    if (!sm_dev_init(&d, 256u << 20, workers) || !sm_module_load(&d, path, &m) ||
        !sm_kernel_get(&m, b->kernel, &k)) {
        g_free(path);
        return false;
    }
    if (!strcmp(b->kernel, "alu")) {
        uint64_t out = sm_dev_alloc(&d, n * 4);
        int iters = 256;

        memcpy(params, &out, 8);
        memcpy(params + 8, &iters, 4);
    } else {
        uint64_t x = sm_dev_alloc(&d, n * 4), y = sm_dev_alloc(&d, n * 4);
        float a = 2.0f;

        memcpy(params, &n, 4);
        memcpy(params + 4, &a, 4);
        memcpy(params + 8, &x, 8);
        memcpy(params + 16, &y, 8);
    }
    t0 = g_get_monotonic_time();
    ok = sm_launch(&d, &k, grid, block, 0, params, k.k.param_size, &e, st) == NV_SM_OK;
    *secs = (g_get_monotonic_time() - t0) / 1e6;
    sm_module_free(&m);
    sm_dev_fini(&d);
    g_free(path);
    return ok;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : ".";
    char *kdir = g_build_filename(root, "tools/bench/kernels", NULL);
    char *sdir = g_build_filename(root, "tests/sass", NULL);
    unsigned cores = (unsigned)MAX(sysconf(_SC_NPROCESSORS_ONLN), 1);
    const Bench benches[] = {
        { "ALU-bound (integer + fp32 loop)", "alu.sm_75.cubin", "alu", 160, 256 },
        { "memory-bound (saxpy, 1 load+1 load+1 store per FFMA)", "k02_saxpy.sm_75.cubin",
          "saxpy", 640, 256 },
    };

    printf("SM interpreter (model core, this machine, %u cores)\n", cores);
    for (size_t i = 0; i < G_N_ELEMENTS(benches); i++) {
        const unsigned counts[2] = { 1, cores };

        for (unsigned c = 0; c < (cores > 1 ? 2u : 1u); c++) {
            NvSmStats st;
            double secs;

            if (!run(&benches[i], i ? sdir : kdir, counts[c], &st, &secs)) {
                printf("  %-55s %2u worker(s): FAILED\n", benches[i].name, counts[c]);
                continue;
            }
            printf("  %-55s %2u worker(s): %8.2f M warp-instr/s  %9.1f M thread-instr/s"
                   "  (%.3f s)\n", benches[i].name, counts[c],
                   st.warp_insns / secs / 1e6, st.thread_insns / secs / 1e6, secs);
        }
    }
    g_free(kdir);
    g_free(sdir);
    return 0;
}
