/*
 * The device library in a context: what NVIDIA's driver links into device
 * code that calls vprintf (printf), __assertfail (assert), malloc and free.
 * Our implementation (devlib/nvq-devlib.cu, committed as an sm_75 cubin and
 * embedded here) is loaded into the context the first time a module calls
 * one of them, with its printf FIFO in pinned host memory and its heap in
 * device memory, and the calls are resolved to its functions.
 *
 * The FIFO is printed at the points CUDA documents (synchronisation, blocking
 * copies, context destruction) and when a kernel faults. Its content was
 * written by device code, so every length is checked before use.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "cudart-internal.h"
#include "devlib-resources.h"
#include "devlib/devlib-abi.h"
#include "devlib/devlib-format.h"

#define DEVLIB_RESOURCE "/org/nvqemu/cudart/nvq-devlib.sm_75.cubin"
#define WIDTH_MAX       4096    /* field widths and precisions printed at most */

/* The driver's names and ours. */
static const struct {
    const char *name, *impl;
} devlib_functions[] = {
    { "vprintf", "nvq_vprintf" },
    { "__assertfail", "nvq_assertfail" },
    { "malloc", "nvq_malloc" },
    { "free", "nvq_free" },
};

static uint64_t alloc_zeroed(uint64_t bytes)
{
    uint64_t va = nv_vgpu_alloc(crt.gpu, bytes);

    if (va && !nv_vgpu_fill2d(crt.gpu, va, 0, 0, bytes, 1)) {
        nv_vgpu_free_mem(crt.gpu, va);
        return 0;
    }
    return va;
}

/* Loads the library into the current context with its FIFO and heap. */
static bool devlib_load(void)
{
    g_autoptr(GBytes) cubin = g_resources_lookup_data(DEVLIB_RESOURCE, 0, NULL);
    NvqDevlibState st = { 0 };
    NvqFifoHeader *h;
    uint64_t va, size;

    if (!cubin) {
        return false;
    }
    crt.devlib = nv_vgpu_module_load(crt.gpu, g_bytes_get_data(cubin, NULL),
                                      g_bytes_get_size(cubin));
    crt.fifo_size = crt.printf_fifo;
    crt.fifo = nv_vgpu_host_alloc(crt.gpu, sizeof(*h) + crt.fifo_size);
    st.chunks = (uint32_t)(crt.malloc_heap >> NVQ_CHUNK_SHIFT);
    st.heap = nv_vgpu_alloc(crt.gpu, (uint64_t)st.chunks << NVQ_CHUNK_SHIFT);
    st.chunk_state = alloc_zeroed((uint64_t)st.chunks * 4);
    st.bitmaps = alloc_zeroed((uint64_t)st.chunks * NVQ_BITMAP_WORDS * 4);
    if (!crt.devlib || !crt.fifo || !st.heap || !st.chunk_state || !st.bitmaps ||
        !nv_vgpu_module_symbol(crt.devlib, "nvq_devlib", &va, &size) || size != sizeof(st)) {
        return false;
    }
    h = crt.fifo;
    *h = (NvqFifoHeader){ .size = (uint32_t)crt.fifo_size };
    st.fifo = (uint64_t)(uintptr_t)crt.fifo;
    return nv_vgpu_write(crt.gpu, va, &st, sizeof(st));
}

/* NvVgpuResolveFn: a driver function's address in the library (loaded on first use). */
static bool devlib_resolve(void *opaque, const char *name, uint64_t *va, unsigned *regs)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(devlib_functions); i++) {
        if (strcmp(name, devlib_functions[i].name)) {
            continue;
        }
        if (!crt.devlib && !crt.devlib_failed && !devlib_load()) {
            /* what was allocated dies with the context */
            crt.devlib_failed = true;
            nv_vgpu_module_free(crt.devlib);
            crt.devlib = NULL;
            crt.fifo = NULL;
            fprintf(stderr, "nvqemu cudart: cannot set up the device library (%s)\n",
                    nv_vgpu_last_error(crt.gpu));
        }
        return crt.devlib && nv_vgpu_module_function(crt.devlib, devlib_functions[i].impl, va, regs);
    }
    return false;
}

void crt_devlib_attach(void)
{
    crt.devlib = NULL;
    crt.fifo = NULL;
    crt.devlib_failed = false;
    nv_vgpu_set_resolver(crt.gpu, devlib_resolve, NULL);
}

/* The next string of a record, or NULL when the record has no more. */
static const char *next_str(const char **p, const char *end)
{
    const char *s = *p, *nul = s < end ? memchr(s, 0, (size_t)(end - s)) : NULL;

    if (!nul) {
        return NULL;
    }
    *p = nul + 1;
    return s;
}

/* An integer argument of size bytes at *off of the blob (0 past its end). */
static uint64_t blob_arg(const uint8_t *blob, uint32_t len, uint32_t *off, unsigned size)
{
    uint64_t v = 0;

    *off = (*off + size - 1) & ~(size - 1);
    if (*off <= len && len - *off >= size) {
        memcpy(&v, blob + *off, size);
        v = size == 8 ? GUINT64_FROM_LE(v) : GUINT32_FROM_LE((uint32_t)v);
    }
    *off += size;
    return v;
}

/* A field width or precision written in the format: its digits, capped. */
static int spec_number(const char *fmt, unsigned *i, unsigned end)
{
    int v = 0;

    for (; *i < end && g_ascii_isdigit(fmt[*i]); ++*i) {
        v = MIN(v * 10 + (fmt[*i] - '0'), WIDTH_MAX);
    }
    return v;
}

/*
 * The host printf spec of a conversion: its flags, width and precision
 * ('*' ones taken from the blob, as printf would) as plain numbers within
 * WIDTH_MAX, and the length the host needs for the argument's size.
 */
static void build_spec(char *spec, size_t len, const char *fmt, const NvqConv *cv,
                       const uint8_t *blob, uint32_t blob_len, uint32_t *off)
{
    unsigned i = cv->start + 1, n = 1;
    int width = -1, prec = -1;
    bool left = false;

    spec[0] = '%';
    for (; fmt[i] && strchr("-+ #0", fmt[i]); i++) {
        if (n < 8) {
            spec[n++] = fmt[i];
        }
    }
    if (cv->star_width) {
        width = (int32_t)blob_arg(blob, blob_len, off, 4);
        left = width < 0;
        width = MIN(ABS(MAX(width, -WIDTH_MAX)), WIDTH_MAX);
        i++;
    } else if (g_ascii_isdigit(fmt[i])) {
        width = spec_number(fmt, &i, cv->end);
    }
    if (fmt[i] == '.' && i < cv->end) {
        i++;
        if (cv->star_prec) {
            prec = (int32_t)blob_arg(blob, blob_len, off, 4);
            prec = prec < 0 ? -1 : MIN(prec, WIDTH_MAX);
        } else {
            prec = spec_number(fmt, &i, cv->end);
        }
    }
    if (left && n < 9) {
        spec[n++] = '-';
    }
    if (width >= 0) {
        n += (unsigned)snprintf(spec + n, len - n, "%d", width);
    }
    if (prec >= 0) {
        n += (unsigned)snprintf(spec + n, len - n, ".%d", prec);
    }
    snprintf(spec + n, len - n, "%s%c",
             strchr("diouxX", cv->conv) ? (cv->size == 8 ? "ll" : cv->length == 'H' ? "hh" :
                                          cv->length == 'h' ? "h" : "")
                                         : "", cv->conv);
}

/* One conversion of a printf record to out. */
static void print_conv(GString *out, const char *fmt, const NvqConv *cv, const uint8_t *blob,
                       uint32_t blob_len, uint32_t *off, const char **strs, const char *end)
{
    char spec[48];
    uint64_t v;
    double d;

    if (!cv->size) {
        if (cv->conv == '%') {
            g_string_append_c(out, '%');
        }
        return;
    }
    build_spec(spec, sizeof(spec), fmt, cv, blob, blob_len, off);
    v = blob_arg(blob, blob_len, off, cv->size);
    switch (cv->conv) {
    case 's': {
        const char *s = next_str(strs, end);

        g_string_append_printf(out, spec, s ? s : "");
        break;
    }
    case 'n':
        break;              /* nothing can be written back into a finished kernel */
    case 'p':
        g_string_append_printf(out, spec, (void *)(uintptr_t)v);
        break;
    case 'c':
        g_string_append_printf(out, spec, (int)v);
        break;
    default:
        if (strchr("eEfFgGaA", cv->conv)) {
            memcpy(&d, &v, 8);
            g_string_append_printf(out, spec, d);
        } else if (cv->size == 8) {
            g_string_append_printf(out, spec, (unsigned long long)v);
        } else {
            g_string_append_printf(out, spec, (unsigned)v);
        }
    }
}

/* A printf record: the format with its arguments. */
static void print_printf(GString *out, const uint8_t *blob, uint32_t blob_len, const char *strs,
                         const char *end)
{
    const char *fmt = next_str(&strs, end);
    unsigned pos = 0, len, lit;
    uint32_t off = 0;
    NvqConv cv;

    if (!fmt) {
        return;
    }
    len = (unsigned)strlen(fmt);
    for (lit = 0; nvq_fmt_next(fmt, len, &pos, &cv); lit = cv.end) {
        g_string_append_len(out, fmt + lit, cv.start - lit);
        print_conv(out, fmt, &cv, blob, blob_len, &off, &strs, end);
    }
    g_string_append(out, fmt + lit);
}

/* An assert record, as NVIDIA's driver prints one. */
static void print_assert(GString *out, const uint8_t *blob, uint32_t blob_len, const char *strs,
                         const char *end)
{
    const char *msg = next_str(&strs, end), *file = next_str(&strs, end);
    const char *fn = next_str(&strs, end);
    uint32_t a[NVQ_ASSERT_ARGS];

    if (!fn || blob_len < sizeof(a)) {
        return;
    }
    memcpy(a, blob, sizeof(a));
    g_string_append_printf(out, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] "
                           "Assertion `%s` failed.\n", file, a[0], fn, a[1], a[2], a[3], a[4],
                           a[5], a[6], msg);
}

bool crt_devlib_flush(void)
{
    NvqFifoHeader *h = crt.fifo, hdr;
    const uint8_t *area = (const uint8_t *)(h + 1);
    g_autoptr(GString) out = g_string_new(NULL), err = g_string_new(NULL);
    uint32_t off = 0, end;
    unsigned asserts = 0;

    if (!h) {
        return false;
    }
    hdr = *h;
    end = MIN(hdr.end, (uint32_t)crt.fifo_size);
    while (off < end && end - off >= sizeof(NvqRecord)) {
        NvqRecord r;

        memcpy(&r, area + off, sizeof(r));
        if (r.len < sizeof(r) || r.len > end - off || (r.len & 7) ||
            r.args_len > r.len - sizeof(r)) {
            break;          /* not what the library writes: stop at the damage */
        }
        if (r.kind == NVQ_REC_PRINTF) {
            print_printf(out, area + off + sizeof(r), r.args_len,
                         (const char *)area + off + sizeof(r) + r.args_len,
                         (const char *)area + off + r.len);
        } else if (r.kind == NVQ_REC_ASSERT) {
            print_assert(err, area + off + sizeof(r), r.args_len,
                         (const char *)area + off + sizeof(r) + r.args_len,
                         (const char *)area + off + r.len);
            asserts++;
        }
        off += r.len;
    }
    if (hdr.dropped) {
        g_string_append_printf(err, "nvqemu cudart: %u device printf records lost: the FIFO "
                               "(cudaLimitPrintfFifoSize, %zu bytes) was full\n", hdr.dropped,
                               crt.fifo_size);
    }
    *h = (NvqFifoHeader){ .size = (uint32_t)crt.fifo_size };
    fwrite(out->str, 1, out->len, stdout);
    fflush(stdout);
    fwrite(err->str, 1, err->len, stderr);
    return asserts > 0;
}
