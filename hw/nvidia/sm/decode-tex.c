/*
 * sm_75 SASS decoders: texture fetches and queries (TEX, TLD, TLD4, TMML,
 * TXD, TXQ) and surface accesses (SULD, SUST, SUATOM, SURED) in two handle forms: a constant-bank word,
 * c[bank 54..58][word 40..53] (form 5: what ptxas emits for CUDA texture
 * and surface objects), or bindless, in a register (what NAK emits for
 * NVK's descriptors): first in Rb for fetches (form 1, .B at bit 59), at
 * 64..71 for surfaces (forms 4 and 1). Field maps checked bit by bit
 * against nvdisasm 11.8 (docs/isa.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "decode-internal.h"

enum { FORM_BINDLESS_TEX = 1, FORM_BINDLESS_SU = 4, FORM_CBUF = 5 };

/* Surface dimensions (bits 61..63) as texture dimensions; 6 and 7 are invalid. */
static const int8_t surface_dims[8] = {
    NV_SASS_TEX_1D, NV_SASS_TEX_1D_BUFFER, NV_SASS_TEX_ARRAY_1D, NV_SASS_TEX_2D,
    NV_SASS_TEX_ARRAY_2D, NV_SASS_TEX_3D, -1, -1,
};

/* nvdisasm accepts .reuse hints on texture and surface operations and prints none. */
static void reuse_ignored(SassDec *d)
{
    d->reuse_ok = 0xf;
}

/* The constant-bank handle: an unsigned word index and a bank (not ALU operands' signed offset). */
static void decode_cbuf_handle(SassDec *d)
{
    NvSassOperand h = { .kind = NV_SASS_OPND_CBUF };

    h.imm = (uint32_t)sass_take(d, 40, 14) * 4;
    h.reg = sass_take(d, 54, 5);
    sass_add_src(d, h, -1);
}

/*
 * What TEX, TLD, TLD4, TMML and TXD share: registers, handle, dimension,
 * mask, the fault predicate (PT only), eviction and .NODEP. Refused: fp16
 * results (79..80) and dimension 6; in the constant-bank form its .B (59).
 * Bits 76..78 and 87..89 are each op's own.
 */
static bool decode_tex_common(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModTex *t = &in->mod.tex;

    if (in->form != FORM_CBUF && in->form != FORM_BINDLESS_TEX) {
        return false;
    }
    reuse_ignored(d);
    t->bindless = in->form == FORM_BINDLESS_TEX;
    if (sass_take(d, 59, 1) != t->bindless || sass_take(d, 79, 2) ||
        sass_take(d, 81, 3) != NV_SASS_PT) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 24), -1);
    sass_add_src(d, sass_reg(d, 32), -1);
    if (t->bindless) {
        sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_NONE }, -1);
        if (!sass_expect(d, 40, 19, 0) || in->src[1].reg == NV_SASS_RZ) {
            return false;       /* the handle is Rb's first register */
        }
    } else {
        decode_cbuf_handle(d);
    }
    if (in->src[0].reg == NV_SASS_RZ) {
        return false;           /* no coordinates: nvdisasm prints ???255 */
    }
    t->scr = sass_take(d, 60, 1);
    t->dim = sass_take(d, 61, 3);
    t->dst2 = sass_take(d, 64, 8);
    t->mask = sass_take(d, 72, 4);
    t->cache = sass_take(d, 84, 3);
    t->nodep = sass_take(d, 90, 1);
    in->pdst[0].index = NV_SASS_PT;
    return t->mask && t->cache <= 5 && t->dim != NV_SASS_TEX_DIM_INVALID6;
}

/* TEX: every LOD mode but the clamped ones (LC, 4..7); .AOFFI (76), .NDV, .DC. */
bool sass_decode_TEX(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d)) {
        return false;
    }
    t->offsets = sass_take(d, 76, 1);
    t->ndv = sass_take(d, 77, 1);
    t->dc = sass_take(d, 78, 1);
    t->lod = sass_take(d, 87, 3);
    return t->lod <= NV_SASS_LOD_LL;
}

/* TLD: integer texel coordinates, LZ or LL, .AOFFI, not of cube maps; not .CL (77) or .MS (78). */
bool sass_decode_TLD(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d) || sass_take(d, 77, 2) || t->dim == NV_SASS_TEX_CUBE ||
        t->dim == NV_SASS_TEX_ARRAY_CUBE) {
        return false;
    }
    t->offsets = sass_take(d, 76, 1);
    t->lod = sass_take(d, 87, 3);
    return t->lod == NV_SASS_LOD_LZ || t->lod == NV_SASS_LOD_LL;
}

/* TLD4: the 2x2 footprint of one channel, of 2D images; .AOFFI (76; not .PTP, 77), .DC. */
bool sass_decode_TLD4(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d) || (t->dim != NV_SASS_TEX_2D && t->dim != NV_SASS_TEX_ARRAY_2D)) {
        return false;
    }
    t->offsets = sass_take(d, 76, 2);
    t->dc = sass_take(d, 78, 1);
    t->component = sass_take(d, 87, 2);
    t->lod = NV_SASS_LOD_LZ;
    return t->offsets <= NV_SASS_TEXOFF_AOFFI && sass_expect(d, 89, 1, 0);
}

/*
 * TMML: the LOD an implicit fetch at the coordinates would use; .NDV. No
 * .SCR or eviction priority (nvdisasm prints neither: only 0 and the
 * default are accepted).
 */
bool sass_decode_TMML(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d) || sass_take(d, 76, 1) || sass_take(d, 78, 1) || t->scr ||
        t->cache != NV_SASS_CACHE_DEFAULT) {
        return false;
    }
    t->ndv = sass_take(d, 77, 1);
    t->lod = NV_SASS_LOD_AUTO;
    return sass_expect(d, 87, 3, 0);
}

/*
 * TXD: a fetch with explicit gradients, of 1D and 2D images and arrays;
 * .AOFFI (76); not .LC (87); no .SCR (nvdisasm does not print it).
 */
bool sass_decode_TXD(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d) || sass_take(d, 77, 2) || t->scr || t->dim == NV_SASS_TEX_3D ||
        t->dim == NV_SASS_TEX_CUBE || t->dim == NV_SASS_TEX_ARRAY_CUBE) {
        return false;
    }
    t->offsets = sass_take(d, 76, 1);
    t->lod = NV_SASS_LOD_AUTO;
    return sass_expect(d, 87, 3, 0);
}

/*
 * The surface fields every form shares: coordinates at 24..31, bounds mode
 * 59..60, dimension 61..63, scope/order as global accesses, eviction; the
 * handle (constant bank, or the register at 64..71); .PRIVATE (76) refused.
 */
static bool decode_surface_common(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModTex *t = &in->mod.tex;
    int dim;

    if (sass_take(d, 76, 1)) {
        return false;
    }
    reuse_ignored(d);
    t->clamp = sass_take(d, 59, 2);
    dim = surface_dims[sass_take(d, 61, 3)];
    t->dim = dim < 0 ? 0 : (uint8_t)dim;
    t->scope = sass_take(d, 77, 2);
    t->order = sass_take(d, 79, 2);
    t->cache = sass_take(d, 84, 3);
    if (t->bindless) {
        sass_add_src(d, sass_reg(d, 64), -1);
    } else {
        decode_cbuf_handle(d);
    }
    return dim >= 0 && t->clamp <= NV_SASS_SU_TRAP && t->order != NV_SASS_ORDER_CONSTANT &&
           t->order != NV_SASS_ORDER_MMIO && t->cache <= 5 &&
           (!t->bindless || sass_expect(d, 40, 19, 0));
}

/*
 * SULD/SUST: .D (raw, a size at 73..75, .BA at 72 for x in bytes) in both handle forms,
 * .P (formatted, a channel mask R, RG, RGBA at 72..75) bindless.
 * SUST has its data at 32..39 and no fault predicate.
 */
static bool decode_surface(SassDec *d, bool store)
{
    NvSassInsn *in = d->in;
    NvSassModTex *t = &in->mod.tex;
    unsigned op = in->op12 & 0x1ff;

    if (in->form != (op == 0x199 || op == 0x19d ? FORM_CBUF : FORM_BINDLESS_SU)) {
        return false;
    }
    t->bindless = in->form == FORM_BINDLESS_SU;
    t->formatted = op == 0x198 || op == 0x19c;
    sass_add_src(d, sass_reg(d, 24), -1);
    if (store) {
        sass_add_src(d, sass_reg(d, 32), -1);
        /* nvdisasm ignores a fault predicate on stores; the compilers leave it 0 */
        if (sass_take(d, 81, 3)) {
            return false;
        }
    } else {
        in->dst = sass_reg(d, 16);
        if (sass_take(d, 81, 3) != NV_SASS_PT) {
            return false;
        }
        sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_REG, .reg = NV_SASS_RZ }, -1);
    }
    in->pdst[0].index = NV_SASS_PT;
    if (!decode_surface_common(d)) {
        return false;
    }
    if (t->formatted) {
        t->mask = sass_take(d, 72, 4);
        return t->mask == 0x1 || t->mask == 0x3 || t->mask == 0xf;
    }
    /* without .BA (nv50_ir) x counts elements of the surface's format, as SUATOM's */
    t->ba = sass_take(d, 72, 1);
    t->size = sass_take(d, 73, 3);
    return t->size != NV_SASS_MEM_U128;
}

bool sass_decode_SULD(SassDec *d)
{
    return decode_surface(d, false);
}

bool sass_decode_SUST(SassDec *d)
{
    return decode_surface(d, true);
}

/*
 * SUATOM.D (bindless): Rd, [Ra], Rb data, handle at 64..71; .BA (72) for x
 * in bytes, else in elements; the operation at 87..90 as ATOM's (op 0x196:
 * CAS, Rb the compare value and Rb+1 the new one), 32-bit types only
 * (73..75: U32, S32). SURED (op 0x1a0) is the same without a result and
 * CAS, its operation at 87..89: nvdisasm ignores its destination, fault
 * predicate and bit 90.
 */
static bool decode_surface_atom(SassDec *d, bool reduction)
{
    NvSassInsn *in = d->in;
    NvSassModTex *t = &in->mod.tex;
    unsigned pred = sass_take(d, 81, 3);

    if (in->form != FORM_BINDLESS_TEX) {
        return false;
    }
    t->bindless = true;
    in->dst = sass_reg(d, 16);
    if (reduction) {
        in->dst.reg = NV_SASS_RZ;
    }
    sass_add_src(d, sass_reg(d, 24), -1);
    sass_add_src(d, sass_reg(d, 32), -1);
    if ((!reduction && pred != NV_SASS_PT) || !decode_surface_common(d)) {
        return false;
    }
    in->pdst[0].index = NV_SASS_PT;
    t->ba = sass_take(d, 72, 1);
    t->atom_type = sass_take(d, 73, 3);
    if (in->op12 == 0x396) {
        t->atom_op = NV_SASS_ATOM_CAS;
    } else {
        t->atom_op = sass_take(d, 87, reduction ? 3 : 4);
        if (reduction) {
            sass_take(d, 90, 1);        /* ignored */
        }
    }
    t->size = NV_SASS_MEM_32;
    return (t->atom_type == NV_SASS_ATYPE_U32 || t->atom_type == NV_SASS_ATYPE_S32) &&
           (t->atom_op <= NV_SASS_ATOM_EXCH || (!reduction && t->atom_op == NV_SASS_ATOM_CAS));
}

bool sass_decode_SUATOM(SassDec *d)
{
    return decode_surface_atom(d, false);
}

bool sass_decode_SURED(SassDec *d)
{
    return decode_surface_atom(d, true);
}

/*
 * TXQ: Ra = [handle, LOD] for TXQ.B (bindless, opcode 0x170, form 1), Ra =
 * LOD with the handle in a constant-bank word for TXQ (0x16f, form 5: NAK
 * of Mesa 26 emits it); the query at 62..63 (only TEX_HEADER_DIMENSION:
 * width, height, depth or layers, levels), dst2 at 64..71, the mask at
 * 72..75, .NODEP at 90. nvdisasm prints .B for bit 59 in either form.
 */
#define TXQ_CBUF_OPCODE 0x16f

bool sass_decode_TXQ(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModTex *t = &in->mod.tex;

    t->bindless = sass_peek(d, 0, 9) != TXQ_CBUF_OPCODE;
    if (in->form != (t->bindless ? FORM_BINDLESS_TEX : FORM_CBUF) ||
        !sass_expect(d, 59, 1, t->bindless)) {
        return false;
    }
    reuse_ignored(d);
    in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 24), -1);
    if (!t->bindless) {
        sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_NONE }, -1);
        decode_cbuf_handle(d);
    }
    t->query = sass_take(d, 62, 2);
    t->dst2 = sass_take(d, 64, 8);
    t->mask = sass_take(d, 72, 4);
    t->nodep = sass_take(d, 90, 1);
    in->pdst[0].index = NV_SASS_PT;
    return t->query == 0 && t->mask && (!t->bindless || in->src[0].reg != NV_SASS_RZ);
}
