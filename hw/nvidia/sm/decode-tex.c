/*
 * sm_75 SASS decoders: texture fetches (TEX, TLD, TLD4) and surface loads
 * and stores (SULD.D, SUST.D) in the forms whose handle is a constant-bank
 * word, c[bank 54..58][word 40..53]: what ptxas emits for CUDA texture and
 * surface objects (the kernel parameter holding the object). Field map
 * checked bit by bit against nvdisasm 11.8 (docs/isa.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "decode-internal.h"

/* Surface dimensions (bits 61..63) as texture dimensions; 6 and 7 are invalid. */
static const int8_t surface_dims[8] = {
    NV_SASS_TEX_1D, NV_SASS_TEX_1D_BUFFER, NV_SASS_TEX_ARRAY_1D, NV_SASS_TEX_2D,
    NV_SASS_TEX_ARRAY_2D, NV_SASS_TEX_3D, -1, -1,
};

/* The handle: an unsigned word index and a bank (not ALU operands' signed offset). */
static void decode_handle(SassDec *d)
{
    NvSassOperand h = { .kind = NV_SASS_OPND_CBUF };

    h.imm = (uint32_t)sass_take(d, 40, 14) * 4;
    h.reg = sass_take(d, 54, 5);
    sass_add_src(d, h, -1);
}

/*
 * What TEX, TLD and TLD4 share: registers, handle, dimension, mask, the
 * fault predicate (PT only), eviction and .NODEP. Refused: the .B flag of
 * this form, fp16 results (79..80), offsets (76), depth compare (78), the
 * cube dimensions (no face selection yet) and dimension 6.
 */
static bool decode_tex_common(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModTex *t = &in->mod.tex;

    if (in->form != 5 || sass_take(d, 59, 1) || sass_take(d, 76, 1) || sass_take(d, 78, 3) ||
        sass_take(d, 81, 3) != NV_SASS_PT) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 24), -1);
    sass_add_src(d, sass_reg(d, 32), -1);
    decode_handle(d);
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
    return t->mask && t->cache <= 5 && t->dim != NV_SASS_TEX_CUBE &&
           t->dim < NV_SASS_TEX_DIM_INVALID6;
}

/* TEX: LZ or LL (compute has no derivatives for the implicit LOD). */
bool sass_decode_TEX(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d)) {
        return false;
    }
    t->ndv = sass_take(d, 77, 1);
    t->lod = sass_take(d, 87, 3);
    return t->lod == NV_SASS_LOD_LZ || t->lod == NV_SASS_LOD_LL;
}

/* TLD: integer texel coordinates, LZ or LL; not .CL (77) or .MS (78). */
bool sass_decode_TLD(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d) || sass_take(d, 77, 1)) {
        return false;
    }
    t->lod = sass_take(d, 87, 3);
    return t->lod == NV_SASS_LOD_LZ || t->lod == NV_SASS_LOD_LL;
}

/* TLD4: the 2x2 footprint of one channel, of 2D images only; no offsets (76..77). */
bool sass_decode_TLD4(SassDec *d)
{
    NvSassModTex *t = &d->in->mod.tex;

    if (!decode_tex_common(d) || sass_take(d, 77, 1) ||
        (t->dim != NV_SASS_TEX_2D && t->dim != NV_SASS_TEX_ARRAY_2D)) {
        return false;
    }
    t->component = sass_take(d, 87, 2);
    t->lod = NV_SASS_LOD_LZ;
    return sass_expect(d, 89, 1, 0);
}

/*
 * SULD.D / SUST.D (raw data): the coordinate vector at 24..31 (x in bytes
 * with .BA, bit 72), SUST's data at 32..39, bounds mode, dimension, size,
 * scope/order as global accesses. Formatted (.P) forms and .PRIVATE (76)
 * are refused.
 */
static bool decode_surface(SassDec *d, bool store)
{
    NvSassInsn *in = d->in;
    NvSassModTex *t = &in->mod.tex;
    int dim;

    if (in->form != 5 || sass_take(d, 76, 1)) {
        return false;
    }
    sass_add_src(d, sass_reg(d, 24), -1);
    if (store) {
        sass_add_src(d, sass_reg(d, 32), -1);
        /* nvdisasm ignores a fault predicate on stores; ptxas leaves it 0 */
        if (sass_take(d, 81, 3)) {
            return false;
        }
        in->pdst[0].index = NV_SASS_PT;
    } else {
        in->dst = sass_reg(d, 16);
        if (sass_take(d, 81, 3) != NV_SASS_PT) {
            return false;
        }
        in->pdst[0].index = NV_SASS_PT;
        sass_add_src(d, (NvSassOperand){ .kind = NV_SASS_OPND_REG, .reg = NV_SASS_RZ }, -1);
    }
    decode_handle(d);
    t->clamp = sass_take(d, 59, 2);
    dim = surface_dims[sass_take(d, 61, 3)];
    t->dim = dim < 0 ? 0 : (uint8_t)dim;
    t->size = sass_take(d, 73, 3);
    t->scope = sass_take(d, 77, 2);
    t->order = sass_take(d, 79, 2);
    t->cache = sass_take(d, 84, 3);
    return dim >= 0 && t->clamp <= NV_SASS_SU_TRAP && sass_take(d, 72, 1) &&
           t->size != NV_SASS_MEM_U128 && t->order != NV_SASS_ORDER_CONSTANT &&
           t->order != NV_SASS_ORDER_MMIO && t->cache <= 5;
}

bool sass_decode_SULD(SassDec *d)
{
    return decode_surface(d, false);
}

bool sass_decode_SUST(SassDec *d)
{
    return decode_surface(d, true);
}
