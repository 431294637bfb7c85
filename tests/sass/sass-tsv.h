/*
 * Golden decode tables (.tsv): function, offset, lo64, hi64, nvdisasm text.
 * A file whose header line is "# raw ..." was produced by nvdisasm -b SM75 on
 * bare words: targets print as addresses, not labels.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_SASS_SASS_TSV_H
#define TESTS_SASS_SASS_TSV_H

#include <glib.h>
#include <stdint.h>

#include "hw/nvidia/sm/sass.h"

typedef struct TsvRow {
    char *function;
    uint64_t offset, lo, hi;
    char *text;
} TsvRow;

typedef struct TsvFile {
    char *path;
    bool raw;
    TsvRow *rows;
    size_t n;
} TsvFile;

bool tsv_load(const char *path, TsvFile *out);
void tsv_free(TsvFile *f);
/* Sorted paths of the *.tsv files in dir. */
GPtrArray *tsv_list(const char *dir);
/*
 * Decodes every row (NULL text where the decoder refuses it) and prints it
 * with nvdisasm's labels: a new text section starts where the offset goes
 * back to 0, and each function's first row is its symbol.
 */
char **tsv_disasm(const TsvFile *f, NvSassInsn *insns);
/*
 * Every encoding of the tables in dir by its nvdisasm text (the first row of
 * a text wins): text -> uint64_t[2] { lo, hi }.
 */
GHashTable *tsv_words(const char *dir);

#endif
