/*
 * sm_75 SASS decoder internals shared by the per-family decoder files.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_DECODE_INTERNAL_H
#define HW_NVIDIA_SM_DECODE_INTERNAL_H

#include "hw/nvidia/sm/sass.h"

/*
 * The word being decoded plus the set of bits some field has claimed.
 * nv_sass_decode() refuses the instruction if any bit below the scheduling
 * field (0..104) is set without having been claimed: such a bit could change
 * the meaning in a way nobody has verified.
 */
typedef struct SassDec {
    uint64_t w[2];
    uint64_t used[2];
    unsigned reuse_ok;          /* logical sources a, b, c, d that are GPRs */
    NvSassInsn *in;
} SassDec;

typedef bool (*SassDecodeFn)(SassDec *d);

/* Bits pos..pos+len-1 (len <= 64, may straddle the two words); marks them used. */
uint64_t sass_take(SassDec *d, unsigned pos, unsigned len);
/* The same field without marking it used (to choose a decoding). */
uint64_t sass_peek(const SassDec *d, unsigned pos, unsigned len);
/* The same field sign-extended. */
int64_t sass_take_signed(SassDec *d, unsigned pos, unsigned len);
/* Claims the field and checks it holds val. */
bool sass_expect(SassDec *d, unsigned pos, unsigned len, uint64_t val);

/* Operand readers. */
NvSassOperand sass_reg(SassDec *d, unsigned pos);
NvSassOperand sass_ureg(SassDec *d, unsigned pos);
NvSassOperand sass_imm32(SassDec *d, unsigned pos, NvSassImmType type);
/* c[bank 54..58][word offset 40..53]; with bit 91, cx[UR 32..37][offset]. */
bool sass_cbuf(SassDec *d, NvSassOperand *out);
bool sass_cbuf_bytes(SassDec *d, NvSassOperand *out);
NvSassPred sass_pred(SassDec *d, unsigned pos, unsigned neg_pos);
NvSassPred sass_upred(SassDec *d, unsigned pos, unsigned neg_pos);
NvSassPred sass_pred_dst(SassDec *d, unsigned pos);
NvSassPred sass_upred_dst(SassDec *d, unsigned pos);

/*
 * Generic ALU sources a, b, c by operand form (see NV_SASS_FORM_*); slot[i]
 * is where source i lives: 0 = bits 24..31, 1 = bits 32..63, 2 = bits 64..71.
 * forms: bit mask of accepted forms. For uniform ops (bit 91) the registers
 * are URs and only forms 1, 2, 4 exist.
 */
typedef struct SassAlu {
    NvSassOperand src[3];
    uint8_t slot[3];
} SassAlu;

#define SASS_FORMS(...) sass_forms_mask((const int[]){ __VA_ARGS__, 0 })
unsigned sass_forms_mask(const int *forms);

bool sass_alu(SassDec *d, unsigned forms, bool uniform, SassAlu *alu, NvSassImmType imm);
/* Reads the neg (and/or abs) bit of source i's slot into its mods. */
void sass_alu_neg(SassDec *d, SassAlu *alu, unsigned i, uint8_t mod);
void sass_alu_abs(SassDec *d, SassAlu *alu, unsigned i);
/* Source i is RZ/URZ. */
bool sass_alu_is_zero(const SassAlu *alu, unsigned i);
/* Source i is a register slot the op does not read: R0 or RZ, no modifiers. */
bool sass_alu_unused(const SassAlu *alu, unsigned i);
/* For two-source ops: the index (1 or 2) of the second source by form. */
unsigned sass_alu_second(const SassAlu *alu, unsigned form);
/* Un-claims a field some helper read that the op uses differently. */
void sass_release(SassDec *d, unsigned pos, unsigned len);

/* Appends a source; logical = its a/b/c position for .reuse (-1: none). */
void sass_add_src(SassDec *d, NvSassOperand op, int logical);
void sass_add_psrc(SassDec *d, NvSassPred p);

#define SASS_ALL_FORMS 0xfe

/* Per-family decoders, one per opcode row (decode-*.c). */
#define SASS_DECL_DECODER(name, ...) bool sass_decode_##name(SassDec *d);
NV_SASS_OPCODES(SASS_DECL_DECODER)
#undef SASS_DECL_DECODER

#endif
