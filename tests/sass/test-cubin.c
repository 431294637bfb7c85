/*
 * The cubin reader finds every kernel of every cubin in tests/sass, its code
 * matches the golden table's words, launch metadata is right for a few
 * known kernels, and corrupted files are refused or read without crashing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "hw/nvidia/sm/cubin.h"
#include "sass-tsv.h"

static const char *corpus_dir;

static GBytes *load(const char *name)
{
    char *path = g_build_filename(corpus_dir, name, NULL);
    char *data;
    gsize len;

    g_assert_true(g_file_get_contents(path, &data, &len, NULL));
    g_free(path);
    return g_bytes_new_take(data, len);
}

static uint64_t le64(const uint8_t *p)
{
    uint64_t v;

    memcpy(&v, p, 8);
    return GUINT64_FROM_LE(v);
}

/* The function symbol name in text section sec at offset 0..size, if any. */
static bool find_function(const NvCubin *c, const char *name, NvCubinSymbol *out)
{
    for (unsigned i = 0; i < nv_cubin_symbol_count(c); i++) {
        if (nv_cubin_symbol(c, i, out) && (out->info & 0xf) == 2 && !strcmp(out->name, name)) {
            return true;
        }
    }
    return false;
}

static void check_cubin_against_tsv(const char *cubin_path, const char *tsv_path, size_t *insns)
{
    char *data;
    gsize len;
    NvCubin c;
    TsvFile f;
    GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);

    g_assert_true(g_file_get_contents(cubin_path, &data, &len, NULL));
    g_assert_true(nv_cubin_open(&c, data, len));
    g_assert_cmpuint(c.sm, ==, 75);
    g_assert_true(tsv_load(tsv_path, &f));
    for (size_t i = 0; i < f.n; i++) {
        const TsvRow *r = &f.rows[i];
        NvCubinSymbol sym;
        NvCubinSection text;

        /* rows of a cloned device function are offsets into its kernel's section */
        g_assert_true(find_function(&c, r->function, &sym));
        g_assert_true(nv_cubin_section(&c, sym.section, &text));
        g_assert_nonnull(text.data);
        g_assert_cmpuint(r->offset + 16, <=, text.size);
        g_assert_cmphex(le64(text.data + r->offset), ==, r->lo);
        g_assert_cmphex(le64(text.data + r->offset + 8), ==, r->hi);
        g_hash_table_add(seen, r->function);
    }
    g_assert_cmpuint(nv_cubin_kernel_count(&c), >, 0);
    for (unsigned k = 0; k < nv_cubin_kernel_count(&c); k++) {
        NvCubinKernel kern;
        NvCubinSection text;
        size_t rows = 0;

        g_assert_true(nv_cubin_kernel(&c, k, &kern));
        g_assert_true(g_hash_table_contains(seen, kern.name));
        g_assert_true(nv_cubin_section(&c, kern.text_section, &text));
        g_assert_true(g_str_has_prefix(text.name, ".text."));
        g_assert_cmpstr(text.name + 6, ==, kern.name);
        g_assert_cmpuint(kern.registers, >, 0);
        g_assert_cmpuint(kern.param_base, ==, 0x160);
        /* every instruction of the section is in the table, in order */
        for (size_t i = 0; i < f.n; i++) {
            NvCubinSymbol sym;

            if (find_function(&c, f.rows[i].function, &sym) && sym.section == kern.text_section) {
                g_assert_cmpuint(f.rows[i].offset, ==, rows * 16);
                rows++;
            }
        }
        g_assert_cmpuint(rows * 16, ==, text.size);
        *insns += rows;
    }
    g_hash_table_destroy(seen);
    tsv_free(&f);
    g_free(data);
}

static void test_corpus(void)
{
    GDir *d = g_dir_open(corpus_dir, 0, NULL);
    const char *name;
    unsigned files = 0;
    size_t insns = 0;

    g_assert_nonnull(d);
    while ((name = g_dir_read_name(d))) {
        char *base, *cubin, *tsv;

        if (!g_str_has_suffix(name, ".sm_75.cubin")) {
            continue;
        }
        base = g_strndup(name, strlen(name) - strlen(".cubin"));
        cubin = g_build_filename(corpus_dir, name, NULL);
        tsv = g_strdup_printf("%s/%s.tsv", corpus_dir, base);
        check_cubin_against_tsv(cubin, tsv, &insns);
        files++;
        g_free(base);
        g_free(cubin);
        g_free(tsv);
    }
    g_dir_close(d);
    g_assert_cmpuint(files, >=, 16);
    printf("# %u cubins, %zu instructions match their tables\n", files, insns);
}

static void test_vadd(void)
{
    GBytes *b = load("k01_vadd.sm_75.cubin");
    NvCubin c;
    NvCubinKernel k;
    NvCubinParam p;

    g_assert_true(nv_cubin_open(&c, g_bytes_get_data(b, NULL), g_bytes_get_size(b)));
    g_assert_cmpuint(nv_cubin_kernel_count(&c), ==, 1);
    g_assert_true(nv_cubin_find_kernel(&c, "vadd", &k));
    g_assert_cmpuint(k.registers, ==, 12);
    g_assert_cmpuint(k.code_size, ==, 0x100);
    g_assert_cmpuint(k.param_base, ==, 0x160);
    g_assert_cmpuint(k.param_size, ==, 0x1c);
    g_assert_cmpuint(k.param_count, ==, 4);
    g_assert_cmpuint(k.shared_size, ==, 0);
    /* vadd(const float *a, const float *b, float *c, int n) */
    for (unsigned i = 0; i < 4; i++) {
        g_assert_true(nv_cubin_kernel_param(&c, &k, i, &p));
        g_assert_cmpuint(p.offset, ==, p.ordinal * 8);
        g_assert_cmpuint(p.size, ==, p.ordinal == 3 ? 4 : 8);
    }
    g_assert_false(nv_cubin_kernel_param(&c, &k, 4, &p));
    g_assert_cmpuint(nv_cubin_const_bank(&c, &k, 0), !=, 0);
    g_assert_false(nv_cubin_find_kernel(&c, "missing", &k));
    g_bytes_unref(b);
}

static void test_sync_and_globals(void)
{
    GBytes *b = load("k14_sync.sm_75.cubin");
    GBytes *g = load("k09_mufu.sm_75.cubin");
    NvCubin c;
    NvCubinKernel k;
    NvCubinReloc r;
    NvCubinSymbol sym;
    NvCubinSection s;
    unsigned rel;

    g_assert_true(nv_cubin_open(&c, g_bytes_get_data(b, NULL), g_bytes_get_size(b)));
    g_assert_true(nv_cubin_find_kernel(&c, "sync_ops", &k));
    g_assert_cmpuint(k.registers, ==, 18);
    g_assert_cmpuint(k.shared_size, ==, 1032);
    g_assert_cmpuint(k.barriers, ==, 3);
    g_assert_cmpuint(k.param_size, ==, 0x28);

    /* k09: a __device__ table address patched into c[0x4] by R_CUDA_64 */
    g_assert_true(nv_cubin_open(&c, g_bytes_get_data(g, NULL), g_bytes_get_size(g)));
    g_assert_true(nv_cubin_find_kernel(&c, "mufu", &k));
    g_assert_cmpuint(nv_cubin_const_bank(&c, &k, 4), ==,
                     nv_cubin_find_section(&c, ".nv.constant4"));
    g_assert_cmpuint(nv_cubin_const_bank(&c, &k, 2), ==,
                     nv_cubin_find_section(&c, ".nv.constant2.mufu"));
    rel = nv_cubin_find_section(&c, ".rel.nv.constant4");
    g_assert_cmpuint(rel, !=, 0);
    g_assert_cmpuint(nv_cubin_reloc_count(&c, rel), ==, 1);
    g_assert_true(nv_cubin_reloc(&c, rel, 0, &r));
    g_assert_cmpuint(r.type, ==, NV_CUBIN_R_CUDA_64);
    g_assert_cmpuint(r.offset, ==, 0);
    g_assert_true(nv_cubin_symbol(&c, r.symbol, &sym));
    g_assert_cmpstr(sym.name, ==, "__cudart_i2opi_f");
    g_assert_true(nv_cubin_section(&c, sym.section, &s));
    g_assert_cmpstr(s.name, ==, ".nv.global.init");
    g_bytes_unref(b);
    g_bytes_unref(g);
}

/* Walks everything the reader offers; must neither crash nor read out of bounds. */
static void walk(const uint8_t *data, size_t len)
{
    NvCubin c;
    NvCubinSection s;
    NvCubinSymbol sym;
    NvCubinKernel k;
    NvCubinParam p;
    NvCubinReloc r;

    if (!nv_cubin_open(&c, data, len)) {
        return;
    }
    for (unsigned i = 0; i < nv_cubin_section_count(&c); i++) {
        if (nv_cubin_section(&c, i, &s)) {
            g_assert_true(!s.data || (s.data >= data && s.data + s.size <= data + len));
        }
        for (unsigned j = 0; j < nv_cubin_reloc_count(&c, i) && j < 64; j++) {
            nv_cubin_reloc(&c, i, j, &r);
        }
    }
    for (unsigned i = 0; i < nv_cubin_symbol_count(&c) && i < 256; i++) {
        nv_cubin_symbol(&c, i, &sym);
    }
    for (unsigned i = 0; i < nv_cubin_kernel_count(&c); i++) {
        if (nv_cubin_kernel(&c, i, &k)) {
            g_assert_true(k.code >= data && k.code + k.code_size <= data + len);
            for (unsigned j = 0; j < k.param_count && j < 64; j++) {
                nv_cubin_kernel_param(&c, &k, j, &p);
            }
            nv_cubin_const_bank(&c, &k, 0);
        }
    }
}

static void test_corrupt(void)
{
    GBytes *b = load("k04_atomics.sm_75.cubin");
    gsize len;
    const uint8_t *orig = g_bytes_get_data(b, &len);
    GRand *rng = g_rand_new_with_seed(75);
    NvCubin c;

    g_assert_false(nv_cubin_open(&c, NULL, 0));
    g_assert_false(nv_cubin_open(&c, orig, 63));
    /* every truncation: a copy of exactly that size, so overreads are caught by ASan */
    for (gsize cut = 0; cut < len; cut += 7) {
        uint8_t *copy = g_memdup2(orig, cut ? cut : 1);

        walk(copy, cut);
        g_free(copy);
    }
    for (unsigned iter = 0; iter < 3000; iter++) {
        uint8_t *copy = g_memdup2(orig, len);
        unsigned flips = g_rand_int_range(rng, 1, 16);

        for (unsigned i = 0; i < flips; i++) {
            copy[g_rand_int_range(rng, 0, len)] = g_rand_int_range(rng, 0, 256);
        }
        walk(copy, len);
        g_free(copy);
    }
    g_rand_free(rng);
    g_bytes_unref(b);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : ".";
    g_test_add_func("/cubin/corpus", test_corpus);
    g_test_add_func("/cubin/vadd", test_vadd);
    g_test_add_func("/cubin/sync-and-globals", test_sync_and_globals);
    g_test_add_func("/cubin/corrupt", test_corrupt);
    return g_test_run();
}
