/*
 * Every instruction of every golden table in tests/sass decodes, and prints
 * exactly as CUDA 11.8's nvdisasm printed it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>

#include "sass-tsv.h"

static const char *corpus_dir;

static void test_golden_text(void)
{
    GPtrArray *files = tsv_list(corpus_dir);
    size_t total = 0, good = 0;

    g_assert_cmpuint(files->len, >, 0);
    for (guint fi = 0; fi < files->len; fi++) {
        TsvFile f;
        NvSassInsn *insns;
        char **texts;
        size_t file_good = 0;

        g_assert_true(tsv_load(files->pdata[fi], &f));
        insns = g_new0(NvSassInsn, f.n);
        texts = tsv_disasm(&f, insns);
        for (size_t i = 0; i < f.n; i++) {
            const TsvRow *r = &f.rows[i];

            if (texts[i] && !strcmp(texts[i], r->text)) {
                file_good++;
                continue;
            }
            g_test_message("%s %s+0x%04" G_GINT64_MODIFIER "x 0x%016" G_GINT64_MODIFIER
                           "x 0x%016" G_GINT64_MODIFIER "x: want \"%s\" got \"%s\"",
                           g_path_get_basename(f.path), r->function, r->offset, r->lo,
                           r->hi, r->text, texts[i] ? texts[i] : "<not decoded>");
        }
        g_test_message("%s: %zu/%zu", f.path, file_good, f.n);
        total += f.n;
        good += file_good;
        g_strfreev(texts);
        g_free(insns);
        tsv_free(&f);
    }
    g_test_message("golden text: %zu/%zu instructions match nvdisasm", good, total);
    printf("# golden text: %zu/%zu instructions match nvdisasm\n", good, total);
    g_ptr_array_free(files, TRUE);
    g_assert_cmpuint(good, ==, total);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : ".";
    g_test_add_func("/sass/golden-text", test_golden_text);
    return g_test_run();
}
