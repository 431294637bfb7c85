/*
 * sm_75 SASS disassembler internals: the output buffer and the operand
 * printers shared by the per-family printers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_DISASM_INTERNAL_H
#define HW_NVIDIA_SM_DISASM_INTERNAL_H

#include "hw/nvidia/sm/sass.h"

typedef struct SassPrinter {
    char *buf;
    size_t len;
    size_t pos;                 /* length of the full text so far */
    unsigned pending_blanks;    /* blanks not written yet (see sass_puts) */
    const NvSassInsn *in;
    const NvSassSymbolizer *sym;
    bool first;                 /* next operand is the first (no comma) */
    bool imm_signed;            /* print integer immediates as -0x.. when negative */
    bool fp16;                  /* fp16x2 op: "c[b] [off]" and swizzle suffixes */
} SassPrinter;

typedef void (*SassPrintFn)(SassPrinter *p);

void sass_puts(SassPrinter *p, const char *s);
void sass_printf(SassPrinter *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Mnemonic and the separator before each operand. */
void sass_mnemonic(SassPrinter *p, const char *name);
void sass_sep(SassPrinter *p);

void sass_print_operand(SassPrinter *p, const NvSassOperand *op);
void sass_print_pred(SassPrinter *p, NvSassPred pred);
void sass_print_reg(SassPrinter *p, unsigned reg, bool uniform);
void sass_print_imm_hex(SassPrinter *p, uint32_t v, bool is_signed);
void sass_print_float(SassPrinter *p, uint32_t bits, NvSassImmType type);
void sass_print_addr(SassPrinter *p);
void sass_print_target(SassPrinter *p);

/* Operand helpers that add the separator first. */
void sass_op(SassPrinter *p, const NvSassOperand *op);
void sass_op_pred(SassPrinter *p, NvSassPred pred);
void sass_op_dst(SassPrinter *p);
void sass_op_srcs(SassPrinter *p, unsigned from, unsigned to);
void sass_op_psrcs(SassPrinter *p);
void sass_op_hex(SassPrinter *p, uint32_t v);

const char *sass_sreg_name(unsigned idx, char tmp[8]);

#define SASS_DECL_PRINTER(name, ...) void sass_print_##name(SassPrinter *p);
NV_SASS_OPCODES(SASS_DECL_PRINTER)
#undef SASS_DECL_PRINTER

#endif
