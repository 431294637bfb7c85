/*
 * sm_75 SASS disassembler: prints a decoded instruction the way CUDA 11.8's
 * nvdisasm does, so traces can be diffed against NVIDIA's listings. The
 * per-family printers live in disasm-*.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "disasm-internal.h"

static void put_char(SassPrinter *p, char c)
{
    if (p->pos + 1 < p->len) {
        p->buf[p->pos] = c;
        p->buf[p->pos + 1] = '\0';
    }
    p->pos++;
}

/*
 * Appends s. Blanks are held back until something else follows, because
 * nvdisasm pads some operands ("+INF ") but never ends a line with blanks.
 */
void sass_puts(SassPrinter *p, const char *s)
{
    for (; *s; s++) {
        if (*s == ' ') {
            p->pending_blanks++;
            continue;
        }
        for (; p->pending_blanks; p->pending_blanks--) {
            put_char(p, ' ');
        }
        put_char(p, *s);
    }
}

void sass_printf(SassPrinter *p, const char *fmt, ...)
{
    char tmp[96];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    sass_puts(p, tmp);
}

void sass_mnemonic(SassPrinter *p, const char *name)
{
    sass_puts(p, name);
    p->first = true;
}

void sass_sep(SassPrinter *p)
{
    sass_puts(p, p->first ? " " : ", ");
    p->first = false;
}

void sass_print_reg(SassPrinter *p, unsigned reg, bool uniform)
{
    if (uniform) {
        reg == NV_SASS_URZ ? sass_puts(p, "URZ") : sass_printf(p, "UR%u", reg);
    } else {
        reg == NV_SASS_RZ ? sass_puts(p, "RZ") : sass_printf(p, "R%u", reg);
    }
}

void sass_print_pred(SassPrinter *p, NvSassPred pred)
{
    sass_puts(p, pred.negate ? "!" : "");
    sass_puts(p, pred.uniform ? "U" : "");
    if (pred.index == NV_SASS_PT) {
        sass_puts(p, "PT");
    } else {
        sass_printf(p, "P%u", pred.index);
    }
}

void sass_print_imm_hex(SassPrinter *p, uint32_t v, bool is_signed)
{
    if (is_signed && (v >> 31)) {
        sass_printf(p, "-0x%x", -v);
    } else {
        sass_printf(p, "0x%x", v);
    }
}

/*
 * nvdisasm's float spelling: %.20g, or %.20e from 1e9 up; negative zero,
 * infinities and NaNs as words followed by a space ("-0.0 ", "+INF ").
 */
static void print_double(SassPrinter *p, double v, bool nan_quiet)
{
    const char *sign = signbit(v) ? "-" : "+";

    if (isnan(v)) {
        sass_printf(p, "%s%s ", sign, nan_quiet ? "QNAN" : "SNAN");
    } else if (isinf(v)) {
        sass_printf(p, "%sINF ", sign);
    } else if (v == 0) {
        sass_puts(p, signbit(v) ? "-0.0 " : "0");
    } else if (fabs(v) >= 1e9) {
        sass_printf(p, "%.20e", v);
    } else {
        sass_printf(p, "%.20g", v);
    }
}

static double f32_value(uint32_t bits)
{
    float f;

    memcpy(&f, &bits, sizeof(f));
    return f;
}

static double f16_value(uint16_t h)
{
    int exp = (h >> 10) & 0x1f;
    double mant = h & 0x3ff;
    double v;

    if (exp == 0x1f) {
        v = mant ? NAN : INFINITY;
    } else if (exp == 0) {
        v = ldexp(mant, -24);
    } else {
        v = ldexp(mant + 1024, exp - 25);
    }
    return (h >> 15) ? -v : v;
}

void sass_print_float(SassPrinter *p, uint32_t bits, NvSassImmType type)
{
    uint64_t b64;
    double d;

    switch (type) {
    case NV_SASS_IMM_F64_HI:
        b64 = (uint64_t)bits << 32;
        memcpy(&d, &b64, sizeof(d));
        /* the quiet bit of a double is bit 51 */
        print_double(p, d, (bits >> 19) & 1);
        break;
    case NV_SASS_IMM_F16X2:
        /* the high half first */
        print_double(p, f16_value(bits >> 16), true);
        sass_puts(p, ", ");
        print_double(p, f16_value(bits & 0xffff), true);
        break;
    default:
        /* nvdisasm calls every single-precision NaN quiet */
        print_double(p, f32_value(bits), true);
        break;
    }
}

void sass_print_operand(SassPrinter *p, const NvSassOperand *op)
{
    bool abs = op->mods & NV_SASS_MOD_ABS;

    sass_puts(p, op->mods & NV_SASS_MOD_NEG ? "-" : "");
    sass_puts(p, op->mods & NV_SASS_MOD_NOT ? "~" : "");
    sass_puts(p, abs ? "|" : "");
    switch (op->kind) {
    case NV_SASS_OPND_REG:
        sass_print_reg(p, op->reg, false);
        break;
    case NV_SASS_OPND_UREG:
        sass_print_reg(p, op->reg, true);
        break;
    case NV_SASS_OPND_IMM:
        if (op->imm_type == NV_SASS_IMM_INT) {
            sass_print_imm_hex(p, op->imm, p->imm_signed);
        } else {
            sass_print_float(p, op->imm, op->imm_type);
        }
        break;
    case NV_SASS_OPND_CBUF:
        if (op->mods & NV_SASS_MOD_CX) {
            sass_puts(p, "cx[");
            sass_print_reg(p, op->reg, true);
            sass_puts(p, p->fp16 ? "] [" : "][");
        } else {
            sass_printf(p, p->fp16 ? "c[0x%x] [" : "c[0x%x][", op->reg);
        }
        /* bound banks print a signed offset, cx[] an unsigned one */
        sass_print_imm_hex(p, op->mods & NV_SASS_MOD_CX ? op->imm & 0xffff : op->imm,
                           !(op->mods & NV_SASS_MOD_CX));
        sass_puts(p, "]");
        break;
    case NV_SASS_OPND_SREG: {
        char tmp[8];

        sass_puts(p, sass_sreg_name(op->reg, tmp));
        break;
    }
    default:
        sass_puts(p, "?");
        break;
    }
    sass_puts(p, abs ? "|" : "");
    sass_puts(p, op->mods & NV_SASS_MOD_REUSE ? ".reuse" : "");
    sass_puts(p, op->mods & NV_SASS_MOD_F32 ? ".F32" : "");
    sass_puts(p, op->mods & NV_SASS_MOD_H0_H0 ? ".H0_H0" : "");
    sass_puts(p, op->mods & NV_SASS_MOD_H1_H1 ? ".H1_H1" : "");
}

void sass_print_addr(SassPrinter *p)
{
    const NvSassAddr *a = &p->in->addr;
    static const char *const scale[4] = { "", ".X4", ".X8", ".X16" };
    bool any = false;

    sass_puts(p, "[");
    if (a->reg == NV_SASS_RZ && !a->has_ureg && a->offset) {
        /* an absolute address prints as an unsigned 24-bit number */
        sass_printf(p, "0x%x]", (uint32_t)a->offset & 0xffffff);
        return;
    }
    if (a->reg != NV_SASS_RZ || (!a->has_ureg && a->offset == 0)) {
        sass_print_reg(p, a->reg, false);
        if (a->has_ureg && a->width == NV_SASS_ADDR_64) {
            sass_puts(p, ".64");
        } else if (a->has_ureg && a->width == NV_SASS_ADDR_U32) {
            sass_puts(p, ".U32");
        }
        sass_puts(p, scale[a->scale & 3]);
        any = true;
    }
    if (a->has_ureg) {
        sass_puts(p, any ? "+" : "");
        sass_print_reg(p, a->ureg, true);
        any = true;
    }
    if (a->offset) {
        sass_puts(p, any ? "+" : "");
        sass_print_imm_hex(p, a->offset, true);
    }
    sass_puts(p, "]");
}

void sass_print_target(SassPrinter *p)
{
    const NvSassInsn *in = p->in;
    const char *name = NULL;

    if (p->sym && p->sym->name) {
        name = p->sym->name(p->sym->opaque, p->sym->section, in->target);
    }
    if (name) {
        sass_puts(p, "`(");             /* whole: template names run to hundreds of bytes */
        sass_puts(p, name);
        sass_puts(p, ")");
    } else if ((int64_t)in->target < 0) {
        sass_printf(p, "-0x%" PRIx64, -in->target);
    } else {
        sass_printf(p, "0x%" PRIx64, in->target);
    }
}

void sass_op(SassPrinter *p, const NvSassOperand *op)
{
    sass_sep(p);
    sass_print_operand(p, op);
}

void sass_op_pred(SassPrinter *p, NvSassPred pred)
{
    sass_sep(p);
    sass_print_pred(p, pred);
}

void sass_op_dst(SassPrinter *p)
{
    sass_op(p, &p->in->dst);
}

void sass_op_srcs(SassPrinter *p, unsigned from, unsigned to)
{
    for (unsigned i = from; i < to && i < p->in->n_src; i++) {
        sass_op(p, &p->in->src[i]);
    }
}

void sass_op_psrcs(SassPrinter *p)
{
    for (unsigned i = 0; i < p->in->n_psrc; i++) {
        sass_op_pred(p, p->in->psrc[i]);
    }
}

void sass_op_hex(SassPrinter *p, uint32_t v)
{
    sass_sep(p);
    sass_printf(p, "0x%x", v);
}

#define SASS_PRINTER_ROW(name, ...) [NV_SASS_OP_##name] = sass_print_##name,
static const SassPrintFn printers[NV_SASS_OP_COUNT] = {
    NV_SASS_OPCODES(SASS_PRINTER_ROW)
};

size_t nv_sass_disasm_sym(const NvSassInsn *in, const NvSassSymbolizer *sym,
                          char *buf, size_t len)
{
    SassPrinter p = { .buf = buf, .len = len, .in = in, .sym = sym };
    SassPrintFn fn = in->opcode < NV_SASS_OP_COUNT ? printers[in->opcode] : NULL;

    if (len) {
        buf[0] = '\0';
    }
    if (!fn) {
        sass_puts(&p, "<invalid>");
        return p.pos;
    }
    if (in->guard.index != NV_SASS_PT || in->guard.negate) {
        sass_puts(&p, "@");
        sass_print_pred(&p, in->guard);
        sass_puts(&p, " ");
    }
    fn(&p);
    return p.pos;
}

size_t nv_sass_disasm(const NvSassInsn *in, char *buf, size_t len)
{
    return nv_sass_disasm_sym(in, NULL, buf, len);
}
