/*
 * The executor tables: every opcode of NV_SASS_OPCODES has an executor in
 * the baseline table and in the AVX2 build's (linked on x86-64 hosts), and
 * nv_sm_executor() serves one of the two. The link already fails without
 * an executor; this keeps the tables themselves honest (no NULL row, the
 * baseline row is the opcode's sass_exec_NAME).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>

#include "../../hw/nvidia/sm/sm-internal.h"

typedef struct OpcodeRow {
    unsigned op;
    const char *name;
    NvSmExecFn exec;            /* the baseline build's sass_exec_NAME */
} OpcodeRow;

#define OPCODE_ROW(name, ...) { NV_SASS_OP_##name, #name, NV_SM_EXEC(name) },
static const OpcodeRow opcodes[] = {
    NV_SASS_OPCODES(OPCODE_ROW)
};

static void check_table(const NvSmExecFn *table, const char *which)
{
    g_assert_null(table[NV_SASS_OP_INVALID]);
    for (size_t i = 0; i < G_N_ELEMENTS(opcodes); i++) {
        if (!table[opcodes[i].op]) {
            g_error("%s table: no executor for %s", which, opcodes[i].name);
        }
    }
}

static void test_baseline(void)
{
    const NvSmExecFn *table = nv_sm_exec_table_get(false);

    g_assert_cmpuint(G_N_ELEMENTS(opcodes), ==, NV_SASS_OP_COUNT - 1);
    check_table(table, "baseline");
    for (size_t i = 0; i < G_N_ELEMENTS(opcodes); i++) {
        g_assert_true(table[opcodes[i].op] == opcodes[i].exec);
    }
}

static void test_variant(void)
{
    const NvSmExecFn *table = nv_sm_exec_table_get(true);

#if defined(__x86_64__)
    g_assert_nonnull(table);    /* meson links the AVX2 build on x86-64 */
#endif
    if (!table) {
        g_test_skip("the AVX2 executors are not linked");
        return;
    }
    check_table(table, "AVX2");
}

/* The table in use (whichever the host and NVGPU_SM_BASELINE chose). */
static void test_in_use(void)
{
    const NvSmExecFn *base = nv_sm_exec_table_get(false);
    const NvSmExecFn *v3 = nv_sm_exec_table_get(true);
    bool is_v3 = v3 && nv_sm_executor(NV_SASS_OP_MOV) == v3[NV_SASS_OP_MOV];

    g_assert_null(nv_sm_executor(NV_SASS_OP_INVALID));
    g_assert_null(nv_sm_executor(NV_SASS_OP_COUNT));
    for (size_t i = 0; i < G_N_ELEMENTS(opcodes); i++) {
        unsigned op = opcodes[i].op;

        g_assert_true(nv_sm_executor(op) == (is_v3 ? v3 : base)[op]);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/sm/table/baseline", test_baseline);
    g_test_add_func("/sm/table/variant", test_variant);
    g_test_add_func("/sm/table/in-use", test_in_use);
    return g_test_run();
}
