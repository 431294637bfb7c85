/*
 * Graphics-stage instructions as text. nvdisasm's spelling of these has not
 * been compared (the corpus has no graphics shaders): docs/isa.md says so.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "disasm-internal.h"

static const char *const comp_suffix[5] = { "", "", ".64", ".96", ".128" };

/* a[Ro+0xaddr] */
static void print_attr(SassPrinter *p, const NvSassOperand *off, unsigned addr)
{
    sass_sep(p);
    sass_puts(p, "a[");
    if (off && off->reg != NV_SASS_RZ) {
        sass_print_reg(p, off->reg, false);
        sass_puts(p, "+");
    }
    sass_printf(p, "0x%x]", addr);
}

void sass_print_ALD(SassPrinter *p)
{
    const NvSassInsn *in = p->in;

    sass_mnemonic(p, "ALD");
    sass_puts(p, comp_suffix[in->mod.attr.comps]);
    sass_puts(p, in->mod.attr.output ? ".O" : "");
    sass_op_dst(p);
    print_attr(p, &in->src[0], in->mod.attr.addr);
    sass_op(p, &in->src[1]);
}

void sass_print_AST(SassPrinter *p)
{
    const NvSassInsn *in = p->in;

    sass_mnemonic(p, "AST");
    sass_puts(p, comp_suffix[in->mod.attr.comps]);
    print_attr(p, &in->src[0], in->mod.attr.addr);
    sass_op(p, &in->src[1]);
    sass_op(p, &in->src[2]);
}

void sass_print_IPA(SassPrinter *p)
{
    const NvSassInsn *in = p->in;

    sass_mnemonic(p, "IPA");
    sass_puts(p, in->mod.attr.freq == NV_SASS_IPA_CONSTANT ? ".CONSTANT" :
                 in->mod.attr.freq == NV_SASS_IPA_STATE ? ".STATE" : "");
    sass_puts(p, in->mod.attr.loc ? ".CENTROID" : "");
    sass_op_dst(p);
    print_attr(p, NULL, in->mod.attr.addr);
}

void sass_print_KIL(SassPrinter *p)
{
    sass_mnemonic(p, "KIL");
    if (p->in->psrc[0].index != NV_SASS_PT || p->in->psrc[0].negate) {
        sass_op_pred(p, p->in->psrc[0]);
    }
}
