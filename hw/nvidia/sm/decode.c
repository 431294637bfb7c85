/*
 * sm_75 SASS decoder: the field readers and the dispatch from the 9-bit
 * operation number to one decoder per mnemonic (decode-*.c).
 *
 * Every field a decoder reads is claimed; afterwards any unclaimed set bit
 * below the scheduling field makes the whole instruction unknown. Together
 * with the decoders refusing reserved enum values this keeps the decoder
 * from guessing at encodings nobody has compared with nvdisasm.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "decode-internal.h"

/* Bits 64..104 of the high word are instruction; 105..127 scheduling. */
#define SASS_HI_INSN_MASK ((UINT64_C(1) << 41) - 1)

static uint64_t field_mask(unsigned len)
{
    return len >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << len) - 1;
}

/* Reads bits without claiming them (for dispatch and scheduling fields). */
static uint64_t peek(const uint64_t w[2], unsigned pos, unsigned len)
{
    uint64_t v;

    if (pos >= 64) {
        v = w[1] >> (pos - 64);
    } else if (pos + len <= 64) {
        v = w[0] >> pos;
    } else {
        v = (w[0] >> pos) | (w[1] << (64 - pos));
    }
    return v & field_mask(len);
}

static void claim(SassDec *d, unsigned pos, unsigned len)
{
    unsigned end = pos + len;

    for (unsigned w = 0; w < 2; w++) {
        unsigned lo = w * 64, hi = lo + 64;
        unsigned a = pos > lo ? pos : lo, b = end < hi ? end : hi;

        if (a < b) {
            d->used[w] |= field_mask(b - a) << (a - lo);
        }
    }
}

uint64_t sass_take(SassDec *d, unsigned pos, unsigned len)
{
    if (len == 0 || len > 64 || pos + len > 128) {
        return 0;
    }
    claim(d, pos, len);
    return peek(d->w, pos, len);
}

uint64_t sass_peek(const SassDec *d, unsigned pos, unsigned len)
{
    return len == 0 || len > 64 || pos + len > 128 ? 0 : peek(d->w, pos, len);
}

int64_t sass_take_signed(SassDec *d, unsigned pos, unsigned len)
{
    uint64_t v = sass_take(d, pos, len);

    if (len > 0 && len < 64 && (v >> (len - 1)) & 1) {
        v |= ~field_mask(len);
    }
    return (int64_t)v;
}

bool sass_expect(SassDec *d, unsigned pos, unsigned len, uint64_t val)
{
    return sass_take(d, pos, len) == val;
}

NvSassOperand sass_reg(SassDec *d, unsigned pos)
{
    return (NvSassOperand){ .kind = NV_SASS_OPND_REG, .reg = sass_take(d, pos, 8) };
}

NvSassOperand sass_ureg(SassDec *d, unsigned pos)
{
    /* UR numbers are 6 bits; nvdisasm ignores the slot's top two bits */
    return (NvSassOperand){ .kind = NV_SASS_OPND_UREG, .reg = sass_take(d, pos, 6) };
}

NvSassOperand sass_imm32(SassDec *d, unsigned pos, NvSassImmType type)
{
    return (NvSassOperand){
        .kind = NV_SASS_OPND_IMM, .imm_type = type, .imm = sass_take(d, pos, 32),
    };
}

static bool cbuf_bank(SassDec *d, NvSassOperand *out)
{
    if (sass_take(d, 91, 1)) {
        /* cx[URn][off]: the bank is chosen by a uniform register */
        out->mods |= NV_SASS_MOD_CX;
        out->reg = sass_take(d, 32, 6);
        return sass_expect(d, 54, 5, 0);
    }
    out->reg = sass_take(d, 54, 5);
    return true;
}

bool sass_cbuf(SassDec *d, NvSassOperand *out)
{
    *out = (NvSassOperand){
        .kind = NV_SASS_OPND_CBUF,
        /* ALU operands: a signed word offset; bits 38..39 are not part of it */
        .imm = (uint32_t)sass_take_signed(d, 40, 14) * 4,
    };
    return cbuf_bank(d, out);
}

/* LDC/ULDC: a signed byte offset at 38..53, so 8/16-bit loads can address any byte. */
bool sass_cbuf_bytes(SassDec *d, NvSassOperand *out)
{
    *out = (NvSassOperand){
        .kind = NV_SASS_OPND_CBUF,
        .imm = (uint32_t)sass_take_signed(d, 38, 16),
    };
    return cbuf_bank(d, out);
}

NvSassPred sass_pred(SassDec *d, unsigned pos, unsigned neg_pos)
{
    return (NvSassPred){
        .index = sass_take(d, pos, 3), .negate = sass_take(d, neg_pos, 1),
    };
}

NvSassPred sass_upred(SassDec *d, unsigned pos, unsigned neg_pos)
{
    NvSassPred p = sass_pred(d, pos, neg_pos);

    p.uniform = true;
    return p;
}

NvSassPred sass_pred_dst(SassDec *d, unsigned pos)
{
    return (NvSassPred){ .index = sass_take(d, pos, 3) };
}

NvSassPred sass_upred_dst(SassDec *d, unsigned pos)
{
    return (NvSassPred){ .index = sass_take(d, pos, 3), .uniform = true };
}

unsigned sass_forms_mask(const int *forms)
{
    unsigned m = 0;

    for (; *forms; forms++) {
        m |= 1u << *forms;
    }
    return m;
}

static NvSassOperand alu_reg(SassDec *d, unsigned pos, bool uniform)
{
    return uniform ? sass_ureg(d, pos) : sass_reg(d, pos);
}

bool sass_alu(SassDec *d, unsigned forms, bool uniform, SassAlu *alu, NvSassImmType imm)
{
    unsigned form = d->in->form;
    NvSassOperand *s = alu->src;

    /* a uniform register may stand wherever a constant does (ptxas substitutes it) */
    if (!uniform) {
        forms |= (forms >> NV_SASS_FORM_RCR & 1u) << NV_SASS_FORM_RUR |
                 (forms >> NV_SASS_FORM_RRC & 1u) << NV_SASS_FORM_RRU;
    }
    if (!(forms & (1u << form))) {
        return false;
    }
    if (uniform && form != NV_SASS_FORM_RRR && form != NV_SASS_FORM_RRI &&
        form != NV_SASS_FORM_RIR) {
        return false;
    }
    s[0] = alu_reg(d, 24, uniform);
    alu->slot[0] = 0;
    switch (form) {
    case NV_SASS_FORM_RRR:
        s[1] = alu_reg(d, 32, uniform);
        s[2] = alu_reg(d, 64, uniform);
        alu->slot[1] = 1, alu->slot[2] = 2;
        break;
    case NV_SASS_FORM_RRI:
        s[1] = alu_reg(d, 64, uniform);
        s[2] = sass_imm32(d, 32, imm);
        alu->slot[1] = 2, alu->slot[2] = 1;
        break;
    case NV_SASS_FORM_RRC:
        s[1] = sass_reg(d, 64);
        alu->slot[1] = 2, alu->slot[2] = 1;
        return sass_cbuf(d, &s[2]);
    case NV_SASS_FORM_RIR:
        s[1] = sass_imm32(d, 32, imm);
        s[2] = alu_reg(d, 64, uniform);
        alu->slot[1] = 1, alu->slot[2] = 2;
        break;
    case NV_SASS_FORM_RCR:
        s[2] = sass_reg(d, 64);
        alu->slot[1] = 1, alu->slot[2] = 2;
        return sass_cbuf(d, &s[1]);
    case NV_SASS_FORM_RUR:
        s[1] = sass_ureg(d, 32);
        s[2] = sass_reg(d, 64);
        alu->slot[1] = 1, alu->slot[2] = 2;
        return sass_expect(d, 91, 1, 1);
    case NV_SASS_FORM_RRU:
        s[1] = sass_reg(d, 64);
        s[2] = sass_ureg(d, 32);
        alu->slot[1] = 2, alu->slot[2] = 1;
        return sass_expect(d, 91, 1, 1);
    default:
        return false;
    }
    /* Uniform ops carry bit 91; vector ops without a UR source must not. */
    return sass_expect(d, 91, 1, uniform);
}

/* neg / abs bit positions of the three source slots */
static const uint8_t slot_neg_bit[3] = { 72, 63, 75 };
static const uint8_t slot_abs_bit[3] = { 73, 62, 74 };

void sass_alu_neg(SassDec *d, SassAlu *alu, unsigned i, uint8_t mod)
{
    NvSassOperand *s = &alu->src[i];

    if (s->kind == NV_SASS_OPND_IMM || i >= 3) {
        return;
    }
    if (sass_take(d, slot_neg_bit[alu->slot[i]], 1)) {
        s->mods |= mod;
    }
}

void sass_alu_abs(SassDec *d, SassAlu *alu, unsigned i)
{
    NvSassOperand *s = &alu->src[i];

    if (s->kind == NV_SASS_OPND_IMM || i >= 3) {
        return;
    }
    if (sass_take(d, slot_abs_bit[alu->slot[i]], 1)) {
        s->mods |= NV_SASS_MOD_ABS;
    }
}

bool sass_alu_is_zero(const SassAlu *alu, unsigned i)
{
    const NvSassOperand *s = &alu->src[i];

    return (s->kind == NV_SASS_OPND_REG && s->reg == NV_SASS_RZ) ||
           (s->kind == NV_SASS_OPND_UREG && s->reg == NV_SASS_URZ);
}

bool sass_alu_unused(const SassAlu *alu, unsigned i)
{
    const NvSassOperand *s = &alu->src[i];

    return (s->kind == NV_SASS_OPND_REG || s->kind == NV_SASS_OPND_UREG) && !s->mods &&
           (s->reg == 0 || sass_alu_is_zero(alu, i));
}

unsigned sass_alu_second(const SassAlu *alu, unsigned form)
{
    return form == NV_SASS_FORM_RRI || form == NV_SASS_FORM_RRC || form == NV_SASS_FORM_RRU ? 2 : 1;
}

void sass_release(SassDec *d, unsigned pos, unsigned len)
{
    uint64_t saved[2] = { d->used[0], d->used[1] };

    d->used[0] = d->used[1] = 0;
    claim(d, pos, len);
    d->used[0] = saved[0] & ~d->used[0];
    d->used[1] = saved[1] & ~d->used[1];
}

/* 9-bit operation number -> opcode */
#define SASS_OP9_ENTRY(name, op9) [op9] = NV_SASS_OP_##name,
#define SASS_FE_1(n, a) SASS_OP9_ENTRY(n, a)
#define SASS_FE_2(n, a, ...) SASS_OP9_ENTRY(n, a) SASS_FE_1(n, __VA_ARGS__)
#define SASS_FE_3(n, a, ...) SASS_OP9_ENTRY(n, a) SASS_FE_2(n, __VA_ARGS__)
#define SASS_FE_PICK(_1, _2, _3, pick, ...) pick
#define SASS_OP9_ROW(name, ...) \
    SASS_FE_PICK(__VA_ARGS__, SASS_FE_3, SASS_FE_2, SASS_FE_1, unused)(name, __VA_ARGS__)

static const uint8_t op9_to_opcode[512] = {
    NV_SASS_OPCODES(SASS_OP9_ROW)
};

#define SASS_DECODER_ROW(name, ...) [NV_SASS_OP_##name] = sass_decode_##name,
static const SassDecodeFn decoders[NV_SASS_OP_COUNT] = {
    NV_SASS_OPCODES(SASS_DECODER_ROW)
};

#define SASS_NAME_ROW(name, ...) [NV_SASS_OP_##name] = #name,
static const char *const opcode_names[NV_SASS_OP_COUNT] = {
    NV_SASS_OPCODES(SASS_NAME_ROW)
};

const char *nv_sass_opcode_name(NvSassOpcode op)
{
    if ((unsigned)op >= NV_SASS_OP_COUNT || !opcode_names[op]) {
        return "???";
    }
    return opcode_names[op];
}

static void decode_sched(const uint64_t w[2], NvSassSched *s)
{
    s->stall = peek(w, 105, 4);
    s->yield = peek(w, 109, 1);
    s->write_sb = peek(w, 110, 3);
    s->read_sb = peek(w, 113, 3);
    s->wait_mask = peek(w, 116, 6);
    s->reuse = peek(w, 122, 4);
}

void sass_add_src(SassDec *d, NvSassOperand op, int logical)
{
    NvSassInsn *in = d->in;

    /* .reuse hints follow the logical operand order a, b, c */
    if (logical >= 0 && logical < 4 && op.kind == NV_SASS_OPND_REG) {
        d->reuse_ok |= 1u << logical;
        if ((in->sched.reuse >> logical) & 1) {
            op.mods |= NV_SASS_MOD_REUSE;
        }
    }
    if (in->n_src < NV_SASS_MAX_SRC) {
        in->src[in->n_src++] = op;
    }
}

void sass_add_psrc(SassDec *d, NvSassPred p)
{
    NvSassInsn *in = d->in;

    if (in->n_psrc < NV_SASS_MAX_PSRC) {
        in->psrc[in->n_psrc++] = p;
    }
}

bool nv_sass_decode(uint64_t lo, uint64_t hi, uint64_t pc, NvSassInsn *out)
{
    SassDec d = { .w = { lo, hi }, .in = out };
    unsigned op9 = lo & 0x1ff;
    unsigned opcode = op9_to_opcode[op9];
    SassDecodeFn fn = opcode < NV_SASS_OP_COUNT ? decoders[opcode] : NULL;

    memset(out, 0, sizeof(*out));
    if (!fn) {
        return false;
    }
    out->pc = pc;
    out->opcode = opcode;
    out->op12 = lo & 0xfff;
    out->form = (lo >> 9) & 7;
    claim(&d, 0, 12);
    out->guard = sass_pred(&d, 12, 15);
    decode_sched(d.w, &out->sched);
    /*
     * nvdisasm refuses a reuse hint for anything but a register source, and
     * on uniform instructions (which have no operand reuse cache).
     */
    if (!fn(&d) || (lo & ~d.used[0]) || (hi & SASS_HI_INSN_MASK & ~d.used[1]) ||
        (out->sched.reuse & ~d.reuse_ok)) {
        memset(out, 0, sizeof(*out));
        return false;
    }
    /* uniform instructions are guarded by a uniform predicate */
    out->guard.uniform = out->uniform && out->opcode != NV_SASS_OP_VOTEU &&
                         out->opcode != NV_SASS_OP_R2UR;
    return true;
}
