/*
 * Turing's macro method expander (the "tu104" MME of the 3D class): the
 * instruction group layout, registers, operations and output sources, as
 * NVIDIA's open-gpu-doc (MME-MacroMethodExpander/tu104) and Mesa's
 * simulator describe them.
 *
 * A group is 96 bits; the class receives it as 3 dwords, bits 95..64
 * first. Fields (bit positions in the group):
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_MME_H
#define HW_NVIDIA_NV_MME_H

/* X(name, lowest bit, width) */
#define NV_MME_FIELDS(X) \
    X(END_NEXT, 0, 1)       /* the next group is the last */ \
    X(PRED_MODE, 1, 4)      /* NV_MME_PRED_*: which parts the predicate guards */ \
    X(PRED, 5, 5)           /* the predicate register */ \
    X(ALU0_OP, 10, 5) \
    X(ALU0_DST, 15, 5) \
    X(ALU0_SRC0, 20, 5) \
    X(ALU0_SRC1, 25, 5) \
    X(IMM0, 30, 16) \
    X(ALU1_OP, 46, 5) \
    X(ALU1_DST, 51, 5) \
    X(ALU1_SRC0, 56, 5) \
    X(ALU1_SRC1, 61, 5) \
    X(IMM1, 66, 16) \
    X(OUT0_MTHD, 82, 3)     /* NV_MME_OUT_*: the method's source */ \
    X(OUT0_EMIT, 85, 4)     /* NV_MME_OUT_*: the data's source */ \
    X(OUT1_MTHD, 89, 3) \
    X(OUT1_EMIT, 92, 4)

#define NV_MME_GROUP_WORDS  3
#define NV_MME_GROUPS       0x1000      /* instruction RAM, in groups */
#define NV_MME_IRAM_WORDS   (NV_MME_GROUPS * NV_MME_GROUP_WORDS)
#define NV_MME_MACROS       0x100       /* CALL_MME_MACRO(0..255) */
#define NV_MME_DRAM_WORDS   0xc00       /* data RAM (DREAD/DWRITE) */
#define NV_MME_REGS         24          /* R0..R23 */
#define NV_MME_FIFO_WORDS   1024        /* parameter FIFO: 4 KiB, as the DMA FIFO */
#define NV_MME_WATCHDOG     (1u << 22)  /* groups one macro may run (all its resumes) */

/* Registers (5 bits): R0..R23, then the special sources. */
enum {
    NV_MME_REG_ZERO = 24,
    NV_MME_REG_IMM = 25,            /* the ALU's own immediate, sign-extended */
    NV_MME_REG_IMMPAIR = 26,        /* the other ALU's immediate, sign-extended */
    NV_MME_REG_IMM32 = 27,          /* IMM0 << 16 | IMM1 */
    NV_MME_REG_LOAD0 = 28,          /* the group's first parameter */
    NV_MME_REG_LOAD1 = 29,          /* its second */
};

/* ALU operations (5 bits), in encoding order. */
#define NV_MME_ALU_OPS(X) \
    X(ADD) X(ADDC) X(SUB) X(SUBB) X(MUL) X(MULH) X(MULU) X(EXTENDED) \
    X(CLZ) X(SLL) X(SRL) X(SRA) X(AND) X(NAND) X(OR) X(XOR) \
    X(MERGE) X(SLT) X(SLTU) X(SLE) X(SLEU) X(SEQ) X(STATE) X(LOOP) \
    X(JAL) X(BLT) X(BLTU) X(BLE) X(BLEU) X(BEQ) X(DREAD) X(DWRITE)

typedef enum NvMmeAluOp {
#define NV_MME_ALU_ENUM_ROW(name) NV_MME_ALU_##name,
    NV_MME_ALU_OPS(NV_MME_ALU_ENUM_ROW)
#undef NV_MME_ALU_ENUM_ROW
} NvMmeAluOp;

/* Output sources (method 3 bits, emit 4 bits). */
enum {
    NV_MME_OUT_NONE, NV_MME_OUT_ALU0, NV_MME_OUT_ALU1, NV_MME_OUT_LOAD0, NV_MME_OUT_LOAD1,
    NV_MME_OUT_IMM0, NV_MME_OUT_IMM1, NV_MME_OUT_RESERVED, NV_MME_OUT_IMMHIGH0,
    NV_MME_OUT_IMMHIGH1, NV_MME_OUT_IMM32,
};

/*
 * Predicate modes (4 bits): for ALU0, ALU1, OUT0, OUT1 in turn, U runs
 * always, T when the predicate register is non-zero, F when it is zero.
 */
#define NV_MME_PRED_MODES \
    "UUUU", "TTTT", "FFFF", "TTUU", "FFUU", "TFUU", "TUUU", "FUUU", \
    "UUTT", "UUTF", "UUTU", "UUFT", "UUFF", "UUFU", "UUUT", "UUUF"

/* EXTENDED's one known form: (0x1000, 1), the barrier after MME_DMA_READ_FIFOED. */
#define NV_MME_EXTENDED_BARRIER     0x1000

/* Branches: bit 15 of the immediate is the outcome that branches; 12..0 the signed offset. */
#define NV_MME_BRANCH_IF_TRUE       (1u << 15)
#define NV_MME_BRANCH_OFFSET_BITS   13
#define NV_MME_BRANCH_STOP          (-4096)     /* an offset that ends the macro */

#endif
