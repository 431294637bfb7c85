/*
 * The executor table: one executor per row of NV_SASS_OPCODES, so an
 * opcode the decoder knows but no exec-*.c implements fails the link.
 * Compiled with each build of the executors (nv_sm_exec_table and, with
 * NV_SM_VARIANT, nv_sm_exec_table_v3); exec.c picks one at run time.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

#define NV_SM_EXEC_ROW(name, ...) [NV_SASS_OP_##name] = NV_SM_EXEC(name),
const NvSmExecFn NV_SM_VARIANT_NAME(nv_sm_exec_table)[NV_SASS_OP_COUNT] = {
    NV_SASS_OPCODES(NV_SM_EXEC_ROW)
};
