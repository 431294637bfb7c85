/*
 * nvgpu-run: runs one kernel of a cubin on the model core through the real
 * hardware path: an in-process GPU (the platform of the unit tests), page
 * tables and a channel in VRAM, a pushbuffer binding TURING_COMPUTE_A, a
 * QMD launched by SEND_PCAS, completion seen in the QMD's release semaphore.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/sm/cubin.h"
#include "fake-platform.h"
#include "gpu.h"
#include "host.h"

#define VRAM_SIZE       (1ull << 30)
#define CH_BASE         0x1000000ull        /* instance block, USERD, page tables */
#define SEM_PA          0x3000000ull
#define SEM_VA          0x10000000ull
#define HEAP_PA         0x4000000ull        /* 512 MiB of VRAM ... */
#define HEAP_VA         0x100000000ull      /* ... mapped here with 2 MiB pages */
#define HEAP_SIZE       (512ull << 20)
#define SHARED_WINDOW   0x7f0000000000ull
#define LOCAL_WINDOW    0x7f0001000000ull
#define CUDA_STACK_LIMIT 1024u
#define CB0_SIZE        0x1000u
#define MAX_ARGS        64
#define MAX_SECTIONS    256
#define PAYLOAD         0x600dcafeu
#define SUBCH           1
#define MAX_HOST_ROUNDS 100000000ull

typedef struct Arg {
    char kind[4];
    uint64_t value;             /* scalar bits, or the buffer's device address */
    uint64_t bytes;             /* buffer size */
} Arg;

typedef struct Run {
    FakePlatform *f;
    NvTestChan ch;
    uint64_t heap_top;          /* bump allocator over the heap */
    NvCubin cubin;
    uint64_t section_va[MAX_SECTIONS];
} Run;

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

/* ---- device memory ---- */

static uint64_t dev_alloc(Run *r, uint64_t bytes)
{
    uint64_t at = (r->heap_top + 255) & ~255ull;

    if (bytes > HEAP_SIZE || at > HEAP_SIZE - bytes) {
        die(1, "out of device memory (%llu bytes asked)", (unsigned long long)bytes);
    }
    r->heap_top = at + MAX(bytes, 1);
    return HEAP_VA + at;
}

static void dev_write(Run *r, uint64_t va, const void *p, uint64_t len)
{
    if (!nvgpu_vram_write(r->f->gpu, HEAP_PA + (va - HEAP_VA), p, len)) {
        die(1, "cannot write device memory at 0x%llx", (unsigned long long)va);
    }
}

static void dev_read(Run *r, uint64_t va, void *p, uint64_t len)
{
    if (!nvgpu_vram_read(r->f->gpu, HEAP_PA + (va - HEAP_VA), p, len)) {
        die(1, "cannot read device memory at 0x%llx", (unsigned long long)va);
    }
}

/* ---- the module ---- */

static uint64_t load_section(Run *r, unsigned idx)
{
    NvCubinSection s;

    if (idx >= MAX_SECTIONS || !nv_cubin_section(&r->cubin, idx, &s)) {
        die(1, "cubin: bad section %u", idx);
    }
    if (!r->section_va[idx]) {
        r->section_va[idx] = dev_alloc(r, MAX(s.size, 16));
        if (s.data && s.size) {
            dev_write(r, r->section_va[idx], s.data, s.size);
        }
    }
    return r->section_va[idx];
}

/* Globals and constant banks, with the 64-bit address relocations of the banks. */
static void load_module(Run *r)
{
    for (unsigned i = 1; i < nv_cubin_section_count(&r->cubin); i++) {
        NvCubinSection s;

        if (nv_cubin_section(&r->cubin, i, &s) &&
            (g_str_has_prefix(s.name, ".nv.global") || g_str_has_prefix(s.name, ".nv.constant"))) {
            load_section(r, i);
        }
    }
    for (unsigned i = 1; i < nv_cubin_section_count(&r->cubin); i++) {
        NvCubinSection s;
        g_autofree char *rel_name = NULL;
        unsigned rel;

        if (!nv_cubin_section(&r->cubin, i, &s) || !g_str_has_prefix(s.name, ".nv.constant")) {
            continue;
        }
        rel_name = g_strconcat(".rel", s.name, NULL);
        rel = nv_cubin_find_section(&r->cubin, rel_name);
        for (unsigned k = 0; rel && k < nv_cubin_reloc_count(&r->cubin, rel); k++) {
            NvCubinReloc rl;
            NvCubinSymbol sym;
            uint64_t addr;

            if (!nv_cubin_reloc(&r->cubin, rel, k, &rl) || rl.type != NV_CUBIN_R_CUDA_64 ||
                !nv_cubin_symbol(&r->cubin, rl.symbol, &sym) || rl.offset + 8 > s.size) {
                die(1, "cubin: unsupported relocation %u in %s", k, rel_name);
            }
            addr = GUINT64_TO_LE(load_section(r, sym.section) + sym.value + (uint64_t)rl.addend);
            dev_write(r, r->section_va[i] + rl.offset, &addr, 8);
        }
    }
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

static void parse_arg(Run *r, const char *spec, Arg *a)
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
        a->value = dev_alloc(r, a->bytes);
        if (file) {
            gchar *data;
            gsize len;

            if (!g_file_get_contents(file + 1, &data, &len, NULL)) {
                die(2, "cannot read %s", file + 1);
            }
            dev_write(r, a->value, data, MIN(len, a->bytes));
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

/* ---- the launch ---- */

static void write_qmd(Run *r, uint64_t qmd_va, const NvCubinKernel *k, uint64_t entry,
                      const uint32_t grid[3], const uint32_t block[3], uint32_t shared,
                      uint64_t cb0, uint32_t local)
{
    uint32_t q[NV_QMD_DWORDS] = { 0 };
    unsigned valid = 1;

    NV_QMD_SET(q, QMD_MAJOR_VERSION, NV_QMD_MAJOR_2);
    NV_QMD_SET(q, QMD_VERSION, NV_QMD_MINOR_3);
    NV_QMD_SET(q, PROGRAM_ADDRESS_LOWER, (uint32_t)entry);
    NV_QMD_SET(q, PROGRAM_ADDRESS_UPPER, (uint32_t)(entry >> 32));
    NV_QMD_SET(q, CTA_RASTER_WIDTH, grid[0]);
    NV_QMD_SET(q, CTA_RASTER_HEIGHT, grid[1]);
    NV_QMD_SET(q, CTA_RASTER_DEPTH, grid[2]);
    NV_QMD_SET(q, CTA_THREAD_DIMENSION0, block[0]);
    NV_QMD_SET(q, CTA_THREAD_DIMENSION1, block[1]);
    NV_QMD_SET(q, CTA_THREAD_DIMENSION2, block[2]);
    NV_QMD_SET(q, REGISTER_COUNT, k->registers);
    NV_QMD_SET(q, SHARED_MEMORY_SIZE, shared);
    NV_QMD_SET(q, SHADER_LOCAL_MEMORY_LOW_SIZE, local);
    nv_qmd_set(q, NV_QMD_CBUF_ADDR_LOWER_BIT(0), 32, (uint32_t)cb0);
    nv_qmd_set(q, NV_QMD_CBUF_ADDR_UPPER_BIT(0), NV_QMD_CBUF_ADDR_UPPER_WIDTH,
               (uint32_t)(cb0 >> 32));
    nv_qmd_set(q, NV_QMD_CBUF_SIZE_SHIFTED4_BIT(0), NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH,
               CB0_SIZE >> 4);
    for (unsigned b = 1; b < NV_QMD_CBUF_BANKS; b++) {
        unsigned sec = nv_cubin_const_bank(&r->cubin, k, b);
        NvCubinSection s;

        if (sec && nv_cubin_section(&r->cubin, sec, &s) && s.size <= NV_SM_CBUF_MAX) {
            uint64_t va = load_section(r, sec);

            valid |= 1u << b;
            nv_qmd_set(q, NV_QMD_CBUF_ADDR_LOWER_BIT(b), 32, (uint32_t)va);
            nv_qmd_set(q, NV_QMD_CBUF_ADDR_UPPER_BIT(b), NV_QMD_CBUF_ADDR_UPPER_WIDTH,
                       (uint32_t)(va >> 32));
            nv_qmd_set(q, NV_QMD_CBUF_SIZE_SHIFTED4_BIT(b), NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH,
                       (uint32_t)((s.size + 15) >> 4));
        }
    }
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, valid);
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA);
    NV_QMD_SET(q, RELEASE0_ADDRESS_UPPER, (uint32_t)(SEM_VA >> 32));
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 1);
    NV_QMD_SET(q, RELEASE0_PAYLOAD, PAYLOAD);
    dev_write(r, qmd_va, q, sizeof(q));
}

static void push_launch(Run *r, uint64_t qmd_va)
{
    NvTestChan *ch = &r->ch;

    nvch_mthd1(ch, SUBCH, NV_C46F_SET_OBJECT, NV_CLASS_TURING_COMPUTE_A);
    nvch_mthd1(ch, SUBCH, A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A,
               (uint32_t)(SHARED_WINDOW >> 32));
    nvch_mthd1(ch, SUBCH, A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B, (uint32_t)SHARED_WINDOW);
    nvch_mthd1(ch, SUBCH, A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A, (uint32_t)(LOCAL_WINDOW >> 32));
    nvch_mthd1(ch, SUBCH, A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B, (uint32_t)LOCAL_WINDOW);
    nvch_mthd1(ch, SUBCH, A_C5C0_SEND_PCAS_A, (uint32_t)(qmd_va >> C5C0_QMD_ADDRESS_SHIFT));
    nvch_mthd1(ch, SUBCH, A_C5C0_SEND_SIGNALING_PCAS_B,
               R_C5C0_SEND_SIGNALING_PCAS_B_INVALIDATE_MASK |
               R_C5C0_SEND_SIGNALING_PCAS_B_SCHEDULE_MASK);
    nvch_submit(ch);
}

static uint32_t sem_value(Run *r)
{
    uint32_t v = 0;

    nvgpu_vram_read(r->f->gpu, SEM_PA, &v, 4);
    return v;
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
    Run r = { 0 };
    Arg args[MAX_ARGS];
    unsigned nargs = 0;
    uint32_t grid[3], block[3], local;
    NvCubinKernel k;
    gchar *image;
    gsize image_len;
    uint8_t cb[CB0_SIZE] = { 0 };
    uint64_t cb0, qmd, entry, rounds = 0, base;
    NvChannel *c;
    gint64 t0, t1;
    NvGpuConfig cfg = {
        .chip = &nv_chip_tu104, .vram_size = VRAM_SIZE,
        .gpcs = 1, .tpcs_per_gpc = 2, .sms_per_tpc = 2,
    };

    g_option_context_add_main_entries(ctx, entries, NULL);
    if (!g_option_context_parse(ctx, &argc, &argv, &err)) {
        die(2, "%s", err->message);
    }
    if (argc != 3 || !grid_s || !block_s) {
        die(2, "usage: nvgpu-run CUBIN KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] ... "
            "(--help)");
    }
    parse_dims(grid_s, grid, "grid");
    parse_dims(block_s, block, "block");
    cfg.sm_threads = workers > 0 ? (uint32_t)MIN(workers, NV_MAX_SM_THREADS) :
                     (uint32_t)MIN(MAX(sysconf(_SC_NPROCESSORS_ONLN), 1), NV_MAX_SM_THREADS);
    cfg.sm_budget = budget > 0 ? (uint64_t)budget : 0;
    cfg.sm_trace = trace;
    if (!g_file_get_contents(argv[1], &image, &image_len, &err) ||
        !nv_cubin_open(&r.cubin, image, image_len)) {
        die(2, "%s: not a readable sm_75 cubin", argv[1]);
    }
    if (r.cubin.sm != 75) {
        die(2, "%s: code for sm_%u, not sm_75", argv[1], r.cubin.sm);
    }
    if (!nv_cubin_find_kernel(&r.cubin, argv[2], &k) || k.text_section >= MAX_SECTIONS) {
        die(2, "%s: no kernel \"%s\"", argv[1], argv[2]);
    }

    /* the GPU, a channel, and the heap mapped into it */
    r.f = fake_new_cfg(&cfg);
    nvch_init(&r.ch, fake_pt_mem(r.f), fake_regs(r.f), 0, 0, CH_BASE, NV_TARGET_SYS_COH,
              0x10000, 0x11000);
    nvpt_map(&r.ch.vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (base = 0; base < HEAP_SIZE; base += 1ull << NV_PAGE_SHIFT_2M) {
        nvpt_map(&r.ch.vmm, HEAP_VA + base, HEAP_PA + base, NV_TARGET_VRAM,
                 NV_PAGE_SHIFT_2M, 0);
    }
    load_module(&r);
    entry = load_section(&r, k.text_section);

    /* parameters, laid out and checked by the cubin's records */
    for (unsigned i = 0; arg_specs && arg_specs[i]; i++) {
        if (nargs == MAX_ARGS) {
            die(2, "too many --arg");
        }
        parse_arg(&r, arg_specs[i], &args[nargs++]);
    }
    if (nargs != k.param_count) {
        die(2, "kernel %s takes %u parameters, %u given", argv[2], k.param_count, nargs);
    }
    for (unsigned i = 0; i < k.param_count; i++) {
        NvCubinParam p;
        bool found = false;

        for (unsigned j = 0; j < k.param_count && !found; j++) {
            found = nv_cubin_kernel_param(&r.cubin, &k, j, &p) && p.ordinal == i;
        }
        if (!found || p.size != arg_size(&args[i]) || k.param_base + p.offset > CB0_SIZE - 8) {
            die(2, "parameter %u: the kernel wants %u bytes, --arg gives %u", i,
                found ? p.size : 0, arg_size(&args[i]));
        }
        memcpy(cb + k.param_base + p.offset, &args[i].value, p.size);
    }
    /* the CUDA driver's part of bank 0 */
    /* the frame plus the CUDA runtime's default stack limit (1 KiB), for calls */
    local = (MAX(k.min_stack_size, k.frame_size) + CUDA_STACK_LIMIT + 15) & ~15u;
    memcpy(cb + 0x0, block, 12);
    memcpy(cb + 0xc, grid, 12);
    base = SHARED_WINDOW;
    memcpy(cb + 0x18, &base, 8);
    base = LOCAL_WINDOW;
    memcpy(cb + 0x20, &base, 8);
    memcpy(cb + 0x28, &local, 4);
    cb0 = dev_alloc(&r, CB0_SIZE);
    dev_write(&r, cb0, cb, CB0_SIZE);
    qmd = dev_alloc(&r, NV_QMD_BYTES);
    write_qmd(&r, qmd, &k, entry, grid, block, k.shared_size + (uint32_t)MAX(shared, 0), cb0,
              local);

    t0 = g_get_monotonic_time();
    push_launch(&r, qmd);
    c = r.f->gpu->chan[0];
    while (sem_value(&r) != PAYLOAD && rounds++ < MAX_HOST_ROUNDS) {
        if (!nvgpu_host_work(r.f->gpu) && sem_value(&r) != PAYLOAD) {
            break;      /* idle without the release: the launch failed */
        }
    }
    t1 = g_get_monotonic_time();
    if (sem_value(&r) != PAYLOAD) {
        NvSmError *e = c && c->compute ? &c->compute->err : NULL;

        fprintf(stderr, "nvgpu-run: the launch failed: %s\n",
                r.f->guest_errors ? r.f->last_error : "no completion");
        if (e && e->kind != NV_SM_OK) {
            fprintf(stderr, "nvgpu-run: %s at pc 0x%llx (offset 0x%llx in %s), CTA (%u,%u,%u) "
                    "warp %u lane %u, address 0x%llx\n", nv_sm_error_name(e->kind),
                    (unsigned long long)e->pc, (unsigned long long)(e->pc - entry), argv[2],
                    e->cta[0], e->cta[1], e->cta[2], e->warp, e->lane,
                    (unsigned long long)e->addr);
        }
        return 1;
    }
    for (unsigned i = 0; dumps && dumps[i]; i++) {
        char *end;
        unsigned long n = strtoul(dumps[i], &end, 10);
        g_autofree uint8_t *data = NULL;

        if (*end != ':' || n >= nargs || strcmp(args[n].kind, "buf")) {
            die(2, "--dump %s: N:FILE with N a buf argument", dumps[i]);
        }
        data = g_malloc(args[n].bytes);
        dev_read(&r, args[n].value, data, args[n].bytes);
        if (!g_file_set_contents(end + 1, (const char *)data, (gssize)args[n].bytes, &err)) {
            die(1, "%s", err->message);
        }
    }
    if (stats && c && c->compute) {
        double secs = MAX((t1 - t0) / 1e6, 1e-9);

        printf("warp-instructions: %llu\nthread-instructions: %llu\n"
               "time: %.3f s\nrate: %.1f M warp-instr/s, %.1f M thread-instr/s\n",
               (unsigned long long)c->compute->stats.warp_insns,
               (unsigned long long)c->compute->stats.thread_insns, secs,
               c->compute->stats.warp_insns / secs / 1e6,
               c->compute->stats.thread_insns / secs / 1e6);
    }
    fake_free(r.f);
    g_free(image);
    return 0;
}
