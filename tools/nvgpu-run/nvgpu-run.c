/*
 * nvgpu-run: runs one kernel of a cubin on the model core through the real
 * hardware path (tools/vgpu: page tables and a channel in VRAM, a pushbuffer
 * binding TURING_COMPUTE_A, a QMD launched by SEND_PCAS, completion seen in
 * the QMD's release semaphore).
 *
 *   nvgpu-run CUBIN KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared BYTES]
 *             [--arg SPEC]... [--dump N:FILE]... [--stats] [--workers N]
 *             [--budget N] [--trace]
 *
 * SPEC: u32:V s32:V u64:V f32:V f64:V, or buf:BYTES[:INFILE] (device memory,
 * zeroed or loaded from INFILE; the kernel gets its address). --dump N:FILE
 * writes argument N's buffer back after the run. Exit status 0 on success,
 * 1 on a launch error (printed), 2 on bad usage.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "vgpu.h"

#define MAX_ARGS        64

typedef struct Arg {
    char kind[4];
    uint64_t value;             /* scalar bits, or the buffer's device address */
    uint64_t bytes;             /* buffer size */
} Arg;

static void die(int code, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void die(int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fprintf(stderr, "nvgpu-run: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(code);
}

static uint64_t dev_alloc(NvVgpu *v, uint64_t bytes)
{
    uint64_t va = nv_vgpu_alloc(v, bytes);

    if (!va) {
        die(1, "out of device memory (%llu bytes asked)", (unsigned long long)bytes);
    }
    return va;
}

/* ---- arguments ---- */

static void parse_dims(const char *s, uint32_t d[3], const char *what)
{
    char **p = g_strsplit(s ? s : "", ",", 4);
    guint n = g_strv_length(p);

    if (n < 1 || n > 3) {
        die(2, "--%s X[,Y[,Z]] expected", what);
    }
    for (guint i = 0; i < 3; i++) {
        char *end;
        unsigned long v = i < n ? strtoul(p[i], &end, 0) : 1;

        if ((i < n && (*end || !*p[i])) || v == 0 || v > UINT32_MAX) {
            die(2, "--%s: bad dimension \"%s\"", what, p[i]);
        }
        d[i] = (uint32_t)v;
    }
    g_strfreev(p);
}

static void parse_arg(NvVgpu *gpu, const char *spec, Arg *a)
{
    const char *colon = strchr(spec, ':');
    char *end;

    if (!colon || colon - spec > 3) {
        die(2, "bad --arg \"%s\" (u32:V s32:V u64:V f32:V f64:V buf:BYTES[:FILE])", spec);
    }
    memcpy(a->kind, spec, colon - spec);
    a->kind[colon - spec] = 0;
    errno = 0;
    if (!strcmp(a->kind, "u32") || !strcmp(a->kind, "s32") || !strcmp(a->kind, "u64")) {
        long long sv = strtoll(colon + 1, &end, 0);

        if (*end || errno) {
            a->value = strtoull(colon + 1, &end, 0);
            if (*end || errno) {
                die(2, "bad integer in --arg \"%s\"", spec);
            }
        } else {
            a->value = (uint64_t)sv;
        }
    } else if (!strcmp(a->kind, "f32")) {
        float v = strtof(colon + 1, &end);
        uint32_t bits;

        memcpy(&bits, &v, 4);
        a->value = bits;
    } else if (!strcmp(a->kind, "f64")) {
        double v = strtod(colon + 1, &end);

        memcpy(&a->value, &v, 8);
    } else if (!strcmp(a->kind, "buf")) {
        const char *file = strchr(colon + 1, ':');

        a->bytes = strtoull(colon + 1, &end, 0);
        if (end == colon + 1 || (*end && *end != ':') || !a->bytes) {
            die(2, "bad size in --arg \"%s\"", spec);
        }
        a->value = dev_alloc(gpu, a->bytes);
        if (file) {
            gchar *data;
            gsize len;

            if (!g_file_get_contents(file + 1, &data, &len, NULL)) {
                die(2, "cannot read %s", file + 1);
            }
            nv_vgpu_write(gpu, a->value, data, MIN(len, a->bytes));
            g_free(data);
        }
        return;
    } else {
        die(2, "unknown kind in --arg \"%s\"", spec);
    }
    if (*end) {
        die(2, "bad number in --arg \"%s\"", spec);
    }
}

static uint32_t arg_size(const Arg *a)
{
    return !strcmp(a->kind, "u32") || !strcmp(a->kind, "s32") || !strcmp(a->kind, "f32") ? 4 : 8;
}

int main(int argc, char **argv)
{
    g_autofree char *grid_s = NULL, *block_s = NULL;
    g_auto(GStrv) arg_specs = NULL, dumps = NULL;
    gint shared = 0, workers = 0;
    gint64 budget = 0;
    gboolean stats = FALSE, trace = FALSE;
    GOptionEntry entries[] = {
        { "grid", 0, 0, G_OPTION_ARG_STRING, &grid_s, "CTAs", "X[,Y[,Z]]" },
        { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "threads per CTA", "X[,Y[,Z]]" },
        { "shared", 0, 0, G_OPTION_ARG_INT, &shared, "dynamic shared memory", "BYTES" },
        { "arg", 0, 0, G_OPTION_ARG_STRING_ARRAY, &arg_specs, "kernel argument", "SPEC" },
        { "dump", 0, 0, G_OPTION_ARG_STRING_ARRAY, &dumps, "write buffer N to FILE", "N:FILE" },
        { "stats", 0, 0, G_OPTION_ARG_NONE, &stats, "print instruction counts and rate", NULL },
        { "workers", 0, 0, G_OPTION_ARG_INT, &workers, "SM worker threads (default: cores)", "N" },
        { "budget", 0, 0, G_OPTION_ARG_INT64, &budget, "watchdog (warp-instructions)", "N" },
        { "trace", 0, 0, G_OPTION_ARG_NONE, &trace, "print every executed instruction", NULL },
        { NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("CUBIN KERNEL");
    GError *err = NULL;
    Arg args[MAX_ARGS];
    unsigned nargs = 0;
    uint8_t params[4096] = { 0 };
    uint32_t param_end = 0;
    NvVgpuLaunch ln = { .params = params };
    NvVgpuConfig vc;
    NvCubinKernel k;
    const NvCubin *cubin;
    NvVgpuModule *m;
    NvVgpu *v;
    NvSmError e;
    NvSmStats st = { 0 };
    gchar *image;
    gsize image_len;
    gint64 t0, t1;

    g_option_context_add_main_entries(ctx, entries, NULL);
    if (!g_option_context_parse(ctx, &argc, &argv, &err)) {
        die(2, "%s", err->message);
    }
    if (argc != 3 || !grid_s || !block_s) {
        die(2, "usage: nvgpu-run CUBIN KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] ... "
            "(--help)");
    }
    parse_dims(grid_s, ln.grid, "grid");
    parse_dims(block_s, ln.block, "block");
    ln.dyn_shared = (uint32_t)MAX(shared, 0);
    vc = (NvVgpuConfig){ .workers = (unsigned)MAX(workers, 0),
                         .budget = budget > 0 ? (uint64_t)budget : 0, .trace = trace };
    if (!g_file_get_contents(argv[1], &image, &image_len, &err)) {
        die(2, "%s", err->message);
    }
    v = nv_vgpu_new(&vc);
    m = nv_vgpu_module_load(v, image, image_len);
    if (!m) {
        die(2, "%s: %s", argv[1], nv_vgpu_last_error(v));
    }
    cubin = nv_vgpu_module_cubin(m);
    if (!nv_cubin_find_kernel(cubin, argv[2], &k)) {
        die(2, "%s: no kernel \"%s\"", argv[1], argv[2]);
    }

    /* parameters, laid out and checked by the cubin's records */
    for (unsigned i = 0; arg_specs && arg_specs[i]; i++) {
        if (nargs == MAX_ARGS) {
            die(2, "too many --arg");
        }
        parse_arg(v, arg_specs[i], &args[nargs++]);
    }
    if (nargs != k.param_count) {
        die(2, "kernel %s takes %u parameters, %u given", argv[2], k.param_count, nargs);
    }
    for (unsigned i = 0; i < k.param_count; i++) {
        NvCubinParam p;
        bool found = false;

        for (unsigned j = 0; j < k.param_count && !found; j++) {
            found = nv_cubin_kernel_param(cubin, &k, j, &p) && p.ordinal == i;
        }
        if (!found || p.size != arg_size(&args[i]) || p.offset > sizeof(params) - 8) {
            die(2, "parameter %u: the kernel wants %u bytes, --arg gives %u", i,
                found ? p.size : 0, arg_size(&args[i]));
        }
        memcpy(params + p.offset, &args[i].value, p.size);
        param_end = MAX(param_end, p.offset + p.size);
    }
    ln.param_size = param_end;

    t0 = g_get_monotonic_time();
    if (!nv_vgpu_launch(v, m, &k, &ln, &e, &st)) {
        fprintf(stderr, "nvgpu-run: the launch failed: %s\n", nv_vgpu_last_error(v));
        if (e.kind != NV_SM_OK) {
            fprintf(stderr, "nvgpu-run: %s at pc 0x%llx, CTA (%u,%u,%u) warp %u lane %u, "
                    "address 0x%llx\n", nv_sm_error_name(e.kind), (unsigned long long)e.pc,
                    e.cta[0], e.cta[1], e.cta[2], e.warp, e.lane, (unsigned long long)e.addr);
        }
        return 1;
    }
    t1 = g_get_monotonic_time();
    for (unsigned i = 0; dumps && dumps[i]; i++) {
        char *end;
        unsigned long n = strtoul(dumps[i], &end, 10);
        g_autofree uint8_t *data = NULL;

        if (*end != ':' || n >= nargs || strcmp(args[n].kind, "buf")) {
            die(2, "--dump %s: N:FILE with N a buf argument", dumps[i]);
        }
        data = g_malloc(args[n].bytes);
        if (!nv_vgpu_read(v, args[n].value, data, args[n].bytes) ||
            !g_file_set_contents(end + 1, (const char *)data, (gssize)args[n].bytes, &err)) {
            die(1, "--dump %s: %s", dumps[i], err ? err->message : "cannot read the buffer");
        }
    }
    if (stats) {
        double secs = MAX((t1 - t0) / 1e6, 1e-9);

        printf("warp-instructions: %llu\nthread-instructions: %llu\n"
               "time: %.3f s\nrate: %.1f M warp-instr/s, %.1f M thread-instr/s\n",
               (unsigned long long)st.warp_insns, (unsigned long long)st.thread_insns, secs,
               st.warp_insns / secs / 1e6, st.thread_insns / secs / 1e6);
    }
    nv_vgpu_module_free(m);
    nv_vgpu_free(v);
    g_free(image);
    return 0;
}
