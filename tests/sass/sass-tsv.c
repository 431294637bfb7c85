/*
 * Golden decode table reader shared by the SASS tests and tools.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "sass-tsv.h"

static bool parse_row(char *line, TsvRow *row)
{
    char **f = g_strsplit(line, "\t", 5);
    bool ok = g_strv_length(f) == 5;

    if (ok) {
        row->function = g_strdup(f[0]);
        row->offset = g_ascii_strtoull(f[1], NULL, 16);
        row->lo = g_ascii_strtoull(f[2], NULL, 16);
        row->hi = g_ascii_strtoull(f[3], NULL, 16);
        row->text = g_strdup(f[4]);
    }
    g_strfreev(f);
    return ok;
}

bool tsv_load(const char *path, TsvFile *out)
{
    char *data = NULL;
    char **lines;
    GArray *rows = g_array_new(FALSE, TRUE, sizeof(TsvRow));
    bool ok = true;

    memset(out, 0, sizeof(*out));
    if (!g_file_get_contents(path, &data, NULL, NULL)) {
        g_array_free(rows, TRUE);
        return false;
    }
    lines = g_strsplit(data, "\n", -1);
    for (char **l = lines; *l && ok; l++) {
        TsvRow row = { 0 };

        g_strchomp(*l);
        if (g_str_has_prefix(*l, "# raw")) {
            out->raw = true;
        }
        if (!**l || **l == '#') {
            continue;
        }
        ok = parse_row(*l, &row);
        g_array_append_val(rows, row);
    }
    g_strfreev(lines);
    g_free(data);
    out->path = g_strdup(path);
    out->n = rows->len;
    out->rows = (TsvRow *)g_array_free(rows, FALSE);
    if (!ok) {
        tsv_free(out);
    }
    return ok;
}

void tsv_free(TsvFile *f)
{
    for (size_t i = 0; i < f->n; i++) {
        g_free(f->rows[i].function);
        g_free(f->rows[i].text);
    }
    g_free(f->rows);
    g_free(f->path);
    memset(f, 0, sizeof(*f));
}

static gint cmp_str(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

GPtrArray *tsv_list(const char *dir)
{
    GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;

    while (d && (name = g_dir_read_name(d))) {
        if (g_str_has_suffix(name, ".tsv")) {
            g_ptr_array_add(v, g_build_filename(dir, name, NULL));
        }
    }
    if (d) {
        g_dir_close(d);
    }
    g_ptr_array_sort(v, cmp_str);
    return v;
}

char **tsv_disasm(const TsvFile *f, NvSassInsn *insns)
{
    NvSassLabels *labels = nv_sass_labels_new();
    uint32_t *section = g_new0(uint32_t, f->n + 1);
    char **texts = g_new0(char *, f->n + 1);
    uint32_t sec = 0;
    size_t start = 0;

    /* pass 1: decode, sections, function symbols */
    for (size_t i = 0; i < f->n; i++) {
        const TsvRow *r = &f->rows[i];

        if (i > 0 && r->offset <= f->rows[i - 1].offset) {
            sec++;
        }
        section[i] = sec;
        if (!nv_sass_decode(r->lo, r->hi, r->offset, &insns[i])) {
            insns[i].opcode = NV_SASS_OP_INVALID;
        }
        if (i == 0 || sec != section[i - 1] || strcmp(r->function, f->rows[i - 1].function)) {
            nv_sass_labels_add_symbol(labels, sec, r->offset, r->function);
        }
    }
    /* pass 2: number the local labels section by section */
    for (size_t i = 0; i <= f->n; i++) {
        if (i == f->n || section[i] != section[start]) {
            nv_sass_labels_scan(labels, section[start], insns + start, i - start);
            start = i;
        }
    }
    for (size_t i = 0; i < f->n; i++) {
        NvSassSymbolizer sym = nv_sass_labels_symbolizer(labels, section[i]);
        char buf[2048];                 /* CUB's mangled labels exceed 256 bytes */

        if (insns[i].opcode == NV_SASS_OP_INVALID) {
            continue;
        }
        nv_sass_disasm_sym(&insns[i], f->raw ? NULL : &sym, buf, sizeof(buf));
        texts[i] = g_strdup(buf);
    }
    nv_sass_labels_free(labels);
    g_free(section);
    return texts;
}

GHashTable *tsv_words(const char *dir)
{
    g_autoptr(GPtrArray) files = tsv_list(dir);
    GHashTable *words = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);

    for (guint i = 0; i < files->len; i++) {
        TsvFile f;

        g_assert_true(tsv_load(files->pdata[i], &f));
        for (size_t r = 0; r < f.n; r++) {
            if (!g_hash_table_contains(words, f.rows[r].text)) {
                uint64_t *w = g_new(uint64_t, 2);

                w[0] = f.rows[r].lo;
                w[1] = f.rows[r].hi;
                g_hash_table_insert(words, g_strdup(f.rows[r].text), w);
            }
        }
        tsv_free(&f);
    }
    return words;
}
