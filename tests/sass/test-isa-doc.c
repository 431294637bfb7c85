/*
 * docs/isa.md's coverage table says which instructions execute: every row's
 * "execute" cell must start with "yes" exactly when the interpreter has an
 * executor for that mnemonic, so the documentation cannot drift.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hw/nvidia/sm/sass.h"

typedef void (*AnyFn)(void);
/* from hw/nvidia/sm/sm-internal.h (an executor or NULL) */
AnyFn nv_sm_executor(unsigned opcode);

static const char *doc_path;

static int opcode_of(const char *name)
{
    for (unsigned op = 1; op < NV_SASS_OP_COUNT; op++) {
        if (!strcmp(nv_sass_opcode_name(op), name)) {
            return (int)op;
        }
    }
    return -1;
}

static void test_execute_column(void)
{
    char *text;
    char **lines;
    unsigned rows = 0;
    bool seen[NV_SASS_OP_COUNT] = { false };

    g_assert_true(g_file_get_contents(doc_path, &text, NULL, NULL));
    lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        char **cells;
        guint n;
        int op;

        if (!g_str_has_prefix(*l, "| ") || !g_str_has_suffix(g_strchomp(*l), "|")) {
            continue;
        }
        cells = g_strsplit(*l, "|", -1);
        n = g_strv_length(cells);
        op = n >= 9 ? opcode_of(g_strstrip(cells[1])) : -1;
        if (op > 0) {
            const char *exec = g_strstrip(cells[n - 2]);
            bool says_yes = g_str_has_prefix(exec, "yes");

            if (says_yes != (nv_sm_executor(op) != NULL)) {
                g_error("docs/isa.md row %s says \"%s\" but the executor is %s",
                        cells[1], exec, nv_sm_executor(op) ? "present" : "absent");
            }
            seen[op] = true;
            rows++;
        }
        g_strfreev(cells);
    }
    /* every mnemonic the decoder knows has a row */
    for (unsigned op = 1; op < NV_SASS_OP_COUNT; op++) {
        if (!seen[op]) {
            g_error("docs/isa.md has no row for %s", nv_sass_opcode_name(op));
        }
    }
    g_assert_cmpuint(rows, >=, NV_SASS_OP_COUNT - 1);
    g_strfreev(lines);
    g_free(text);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    doc_path = argc > 1 ? argv[1] : "docs/isa.md";
    g_test_add_func("/isa-doc/execute-column", test_execute_column);
    return g_test_run();
}
