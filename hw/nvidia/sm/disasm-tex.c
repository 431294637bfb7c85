/*
 * sm_75 SASS printers: texture fetches and surface accesses, as nvdisasm
 * 11.8 prints them (the handle as its bank and word index in hex).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>

#include "disasm-internal.h"

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

static const char *const tex_dims[] = {
    [NV_SASS_TEX_1D] = "1D", [NV_SASS_TEX_2D] = "2D", [NV_SASS_TEX_3D] = "3D",
    [NV_SASS_TEX_CUBE] = "CUBE", [NV_SASS_TEX_ARRAY_1D] = "ARRAY_1D",
    [NV_SASS_TEX_ARRAY_2D] = "ARRAY_2D", [NV_SASS_TEX_DIM_INVALID6] = "INVALID6",
    [NV_SASS_TEX_ARRAY_CUBE] = "ARRAY_CUBE", [NV_SASS_TEX_1D_BUFFER] = "INVALID",
};
static const char *const surface_dims[] = {
    [NV_SASS_TEX_1D] = ".1D", [NV_SASS_TEX_1D_BUFFER] = ".1D_BUFFER",
    [NV_SASS_TEX_ARRAY_1D] = ".1D_ARRAY", [NV_SASS_TEX_2D] = ".2D",
    [NV_SASS_TEX_ARRAY_2D] = ".2D_ARRAY", [NV_SASS_TEX_3D] = ".3D",
    [NV_SASS_TEX_CUBE] = ".INVALID", [NV_SASS_TEX_DIM_INVALID6] = ".INVALID6",
    [NV_SASS_TEX_ARRAY_CUBE] = ".INVALID",
};
static const char *const evict_names[8] = {
    ".EF", "", ".EL", ".LU", ".EU", ".NA", ".INVALID6", ".INVALID7",
};
static const char *const size_names[8] = {
    ".U8", ".S8", ".U16", ".S16", "", ".64", ".128", ".U.128",
};
static const char *const order_names[4] = { ".CONSTANT", "", ".STRONG", ".MMIO" };
static const char *const scope_names[4] = { ".CTA", ".SM", ".GPU", ".SYS" };
static const char *const clamp_names[4] = { ".IGN", "", ".TRAP", ".INVALID3" };

static void op_reg(SassPrinter *p, unsigned reg)
{
    sass_sep(p);
    sass_print_reg(p, reg, false);
}

/* The handle: a register (bindless surfaces), or the constant bank and word index. */
static void op_handle(SassPrinter *p)
{
    const NvSassOperand *h = &p->in->src[2];

    if (h->kind == NV_SASS_OPND_REG) {
        op_reg(p, h->reg);
    } else if (h->kind == NV_SASS_OPND_CBUF) {
        sass_op_hex(p, h->reg);
        sass_op_hex(p, h->imm / 4);
    }
}

/* OP.SCR[.component].B.mods dst2, dst, Ra[, Rb], [bank, index,] dim[, mask] */
static void print_tex(SassPrinter *p, const char *name, const char *component,
                      const char *mods)
{
    const NvSassModTex *t = &p->in->mod.tex;

    sass_puts(p, name);
    sass_puts(p, t->scr ? ".SCR" : "");
    sass_puts(p, component);
    sass_puts(p, t->bindless ? ".B" : "");
    sass_puts(p, mods);
    sass_puts(p, t->dc ? ".DC" : "");
    sass_puts(p, evict_names[t->cache & 7]);
    sass_puts(p, t->ndv ? ".NDV" : "");
    sass_puts(p, t->nodep ? ".NODEP" : "");
    p->first = true;
    op_reg(p, t->dst2);
    op_reg(p, p->in->dst.reg);
    op_reg(p, p->in->src[0].reg);
    if (p->in->src[1].reg != NV_SASS_RZ || t->bindless) {
        op_reg(p, p->in->src[1].reg);
    }
    op_handle(p);
    sass_sep(p);
    sass_puts(p, tex_dims[t->dim % NELEMS(tex_dims)]);
    if (t->mask != 0xf) {
        sass_op_hex(p, t->mask);
    }
}

static const char *const lod_names[4] = { "", ".LZ", ".LB", ".LL" };
static const char *const offset_names[3] = { "", ".AOFFI", ".PTP" };

/* The LOD mode, then the offsets. */
static void print_tex_lod(SassPrinter *p, const char *name, const char *component)
{
    const NvSassModTex *t = &p->in->mod.tex;
    char mods[16];

    snprintf(mods, sizeof(mods), "%s%s", lod_names[t->lod & 3], offset_names[t->offsets % 3]);
    print_tex(p, name, component, mods);
}

void sass_print_TEX(SassPrinter *p)
{
    print_tex_lod(p, "TEX", "");
}

void sass_print_TLD(SassPrinter *p)
{
    print_tex_lod(p, "TLD", "");
}

void sass_print_TLD4(SassPrinter *p)
{
    static const char *const comp[4] = { ".R", ".G", ".B", ".A" };

    print_tex(p, "TLD4", comp[p->in->mod.tex.component & 3],
              offset_names[p->in->mod.tex.offsets % 3]);
}

void sass_print_TMML(SassPrinter *p)
{
    print_tex(p, "TMML", "", ".LOD");
}

void sass_print_TXD(SassPrinter *p)
{
    print_tex_lod(p, "TXD", "");
}

static const char *const mask_names[16] = {
    [1] = ".R", [3] = ".RG", [15] = "",     /* RGBA is the default */
};
static const char *const atom_ops[16] = {
    ".ADD", ".MIN", ".MAX", ".INC", ".DEC", ".AND", ".OR", ".XOR", ".EXCH",
    [NV_SASS_ATOM_CAS] = ".CAS",
};

/* SULD/SUST/SUATOM/SURED: .P or .D[.BA], dimension, [op], eviction, [size or type], order, scope, [mask], bounds */
static void surface_mods(SassPrinter *p, const char *name)
{
    const NvSassModTex *t = &p->in->mod.tex;
    bool atom = p->in->opcode == NV_SASS_OP_SUATOM || p->in->opcode == NV_SASS_OP_SURED;

    sass_puts(p, name);
    sass_puts(p, t->formatted ? ".P" : t->ba ? ".D.BA" : ".D");
    sass_puts(p, surface_dims[t->dim % NELEMS(surface_dims)]);
    sass_puts(p, atom ? atom_ops[t->atom_op & 15] : "");
    sass_puts(p, evict_names[t->cache & 7]);
    if (atom) {
        sass_puts(p, t->atom_type == NV_SASS_ATYPE_S32 ? ".S32" : "");
    } else if (!t->formatted) {
        sass_puts(p, size_names[t->size & 7]);
    }
    sass_puts(p, order_names[t->order & 3]);
    sass_puts(p, scope_names[t->scope & 3]);
    sass_puts(p, t->formatted ? mask_names[t->mask & 15] : "");
    sass_puts(p, clamp_names[t->clamp & 3]);
    p->first = true;
}

static void op_coords(SassPrinter *p)
{
    sass_sep(p);
    sass_puts(p, "[");
    sass_print_reg(p, p->in->src[0].reg, false);
    sass_puts(p, "]");
}

void sass_print_SULD(SassPrinter *p)
{
    surface_mods(p, "SULD");
    op_reg(p, p->in->dst.reg);
    op_coords(p);
    op_handle(p);
}

void sass_print_SUST(SassPrinter *p)
{
    surface_mods(p, "SUST");
    op_coords(p);
    op_reg(p, p->in->src[1].reg);
    op_handle(p);
}

void sass_print_SUATOM(SassPrinter *p)
{
    surface_mods(p, "SUATOM");
    op_reg(p, p->in->dst.reg);
    op_coords(p);
    op_reg(p, p->in->src[1].reg);
    op_handle(p);
}

void sass_print_SURED(SassPrinter *p)
{
    surface_mods(p, "SURED");
    op_coords(p);
    op_reg(p, p->in->src[1].reg);
    op_handle(p);
}

void sass_print_TXQ(SassPrinter *p)
{
    const NvSassModTex *t = &p->in->mod.tex;

    sass_puts(p, t->bindless ? "TXQ.B" : "TXQ");
    sass_puts(p, t->nodep ? ".NODEP" : "");
    p->first = true;
    op_reg(p, t->dst2);
    op_reg(p, p->in->dst.reg);
    op_reg(p, p->in->src[0].reg);
    sass_sep(p);
    sass_puts(p, "TEX_HEADER_DIMENSION");
    op_handle(p);
    sass_op_hex(p, t->mask);
}
