/*
 * SM executors: texture fetches (TEX, TLD, TLD4) and raw surface accesses
 * (SULD.D.BA, SUST.D.BA) through the texture unit (tex.c).
 *
 * The handle is a constant-bank word: texture header index in bits 19..0,
 * sampler index in 31..20 (nv-tex.h). A fetch's inputs are one list,
 * [array layer], coordinates, [LOD], split over two register vectors: Ra
 * holds the first k, Rb the rest, where k is the smallest power of two at
 * least half the list (1 for one or two inputs, 2 for three or four, 4 for
 * five): the split ptxas's code shows for every shape it emits (docs/isa.md).
 * Results: the channels of the write mask in order, the first two to Rd,
 * Rd+1, the next two to the second destination.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"
#include "tex.h"
#include "f16.h"

#define TEX_MAX_INPUTS  6

static bool dim_is_array(unsigned dim)
{
    return dim == NV_SASS_TEX_ARRAY_1D || dim == NV_SASS_TEX_ARRAY_2D;
}

static unsigned dim_coords(unsigned dim)
{
    return dim == NV_SASS_TEX_3D ? 3 :
           dim == NV_SASS_TEX_1D || dim == NV_SASS_TEX_ARRAY_1D ? 1 : 2;
}

/* The lane's inputs, from Ra's and Rb's vectors. */
static void lane_inputs(NvSmWarp *w, const NvSassInsn *in, unsigned n, unsigned l,
                        uint32_t v[TEX_MAX_INPUTS])
{
    unsigned half = (n + 1) / 2, k = half > 2 ? 4 : half > 1 ? 2 : 1;

    for (unsigned i = 0; i < n; i++) {
        unsigned reg = i < k ? in->src[0].reg + i : in->src[1].reg + (i - k);

        v[i] = nv_sm_rrow(w, in->src[1].reg == NV_SASS_RZ && i >= k ? NV_SASS_RZ : reg)[l];
    }
}

/* The handle's header and (for filtering ops) sampler, read once per instruction. */
static bool load_handle(NvSmWarp *w, const NvSassInsn *in, unsigned lane, NvSmTexView *v,
                        NvSmSampler *s)
{
    uint32_t h = nv_sm_cbuf32(w, in->src[2].reg, in->src[2].imm);

    if (!nv_sm_tex_view(w, h & NV_TEX_HANDLE_TIC_MASK, v, lane)) {
        return false;
    }
    return !s || nv_sm_tex_sampler(w, h >> NV_TEX_HANDLE_TIC_BITS, s, lane);
}

/* Writes the mask's channels of out[][lane] to Rd, Rd+1, Rd2, Rd2+1. */
static void write_results(NvSmWarp *w, const NvSassInsn *in, uint32_t mask,
                          uint32_t out[4][NV_SM_LANES])
{
    unsigned slot = 0;

    for (unsigned c = 0; c < 4; c++) {
        if ((in->mod.tex.mask >> c) & 1) {
            /* RZ + 1 is a scratch row too: writes to RZ vanish */
            unsigned reg = slot < 2 ? in->dst.reg + slot : in->mod.tex.dst2 + slot - 2;

            nv_sm_write(w, reg, out[c], mask);
            slot++;
        }
    }
}

static void exec_TEX(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    bool array = dim_is_array(t->dim), ll = t->lod == NV_SASS_LOD_LL;
    unsigned nc = dim_coords(t->dim), n = array + nc + ll;
    uint32_t out[4][NV_SM_LANES];
    NvSmTexView v;
    NvSmSampler s;

    if (!mask || !load_handle(w, in, __builtin_ctz(mask), &v, &s)) {
        return;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4], sw[4];
        float coord[3] = { 0 };
        NvSmSampler ls = s;

        lane_inputs(w, in, n, l, x);
        for (unsigned i = 0; i < nc; i++) {
            coord[i] = nv_f32_of(x[array + i]);
        }
        /* a positive LOD minifies: the min filter applies (one level: no mipmapping) */
        ls.linear = ll && nv_f32_of(x[n - 1]) > 0 ? s.min_linear : s.linear;
        if (!nv_sm_tex_sample(w, &v, &ls, coord, array ? x[0] & 0xffff : 0, r, l)) {
            return;
        }
        nv_sm_tex_swizzle(&v, r, sw);
        for (unsigned c = 0; c < 4; c++) {
            out[c][l] = sw[c];
        }
    }
    write_results(w, in, mask, out);
}

static void exec_TLD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    bool array = dim_is_array(t->dim), ll = t->lod == NV_SASS_LOD_LL;
    unsigned nc = dim_coords(t->dim), n = array + nc + ll;
    uint32_t out[4][NV_SM_LANES];
    NvSmTexView v;

    if (!mask || !load_handle(w, in, __builtin_ctz(mask), &v, NULL)) {
        return;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4] = { 0 }, sw[4] = { 0 }, c[3] = { 0, 0, 0 };
        const uint32_t size[3] = { v.width, v.height, v.depth };
        bool inside;

        lane_inputs(w, in, n, l, x);
        inside = !ll || !x[n - 1];      /* only level 0 exists */
        for (unsigned i = 0; i < nc; i++) {
            c[i] = x[array + i];
            inside &= c[i] < size[i];
        }
        if (array) {
            c[2] = x[0];
            inside &= c[2] < v.depth;
        }
        /* outside the image: zeros (Vulkan's robust image access) */
        if (inside) {
            if (!nv_sm_tex_texel(w, &v, c[0], c[1], c[2], r, l)) {
                return;
            }
            nv_sm_tex_swizzle(&v, r, sw);
        }
        for (unsigned k = 0; k < 4; k++) {
            out[k][l] = sw[k];
        }
    }
    write_results(w, in, mask, out);
}

static void exec_TLD4(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    bool array = dim_is_array(t->dim);
    unsigned n = array + dim_coords(t->dim);
    uint32_t out[4][NV_SM_LANES];
    NvSmTexView v;
    NvSmSampler s;

    if (!mask || !load_handle(w, in, __builtin_ctz(mask), &v, &s)) {
        return;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4];
        float coord[2];

        lane_inputs(w, in, n, l, x);
        coord[0] = nv_f32_of(x[array]);
        coord[1] = nv_f32_of(x[array + 1]);
        if (!nv_sm_tex_gather(w, &v, &s, coord, array ? x[0] & 0xffff : 0, t->component, r,
                              l)) {
            return;
        }
        for (unsigned c = 0; c < 4; c++) {
            out[c][l] = r[c];
        }
    }
    write_results(w, in, mask, out);
}

/* ---- surfaces ---- */

static unsigned surface_bytes(unsigned size)
{
    static const uint8_t bytes[] = { 1, 1, 2, 2, 4, 8, 16, 16 };

    return bytes[size & 7];
}

/*
 * The lane's address for size bytes at (x bytes, y, z) per the bounds mode:
 * true with *va, or false with *skip set (IGN: nothing happens), or false
 * with the launch stopped (TRAP, misaligned x).
 */
static bool surface_address(NvSmWarp *w, const NvSassInsn *in, const NvSmTexView *v,
                            unsigned l, unsigned size, bool write, uint64_t *va, bool *skip)
{
    const NvSassModTex *t = &in->mod.tex;
    unsigned reg = in->src[0].reg;
    uint32_t x = nv_sm_rrow(w, reg)[l], y = 0, z = 0;
    uint64_t row = (uint64_t)v->width * v->bpp;
    bool out;

    switch (t->dim) {
    case NV_SASS_TEX_2D:
        y = nv_sm_rrow(w, reg + 1)[l];
        break;
    case NV_SASS_TEX_ARRAY_1D:
        z = nv_sm_rrow(w, reg + 1)[l];
        break;
    case NV_SASS_TEX_ARRAY_2D:
    case NV_SASS_TEX_3D:
        y = nv_sm_rrow(w, reg + 1)[l];
        z = nv_sm_rrow(w, reg + 2)[l];
        break;
    }
    *skip = false;
    if (x & (size - 1)) {
        nv_sm_fault(w, NV_SM_ERR_MISALIGNED, x, write, l);
        return false;
    }
    out = x + (uint64_t)size > row || y >= v->height || z >= v->depth;
    if (out && t->clamp == NV_SASS_SU_TRAP) {
        nv_sm_fault(w, NV_SM_ERR_OOR_ADDR, x, write, l);
        return false;
    }
    if (out && t->clamp == NV_SASS_SU_IGN) {
        *skip = true;
        return false;
    }
    if (out) {          /* clamp to the last element inside */
        x = (uint32_t)MIN((uint64_t)x, row >= size ? (row - size) & ~(uint64_t)(size - 1) : 0);
        y = MIN(y, v->height - 1);
        z = MIN(z, v->depth - 1);
    }
    *va = nv_sm_tex_address(v, x, y, z);
    return true;
}

static void surface_access(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, bool write)
{
    unsigned size = surface_bytes(in->mod.tex.size), words = MAX(size / 4, 1u);
    uint32_t out[4][NV_SM_LANES];
    NvSmTexView v;

    if (!mask || !load_handle(w, in, __builtin_ctz(mask), &v, NULL)) {
        return;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t data[4] = { 0 };
        uint64_t va;
        bool skip;

        if (!surface_address(w, in, &v, l, size, write, &va, &skip) && !skip) {
            return;
        }
        for (unsigned i = 0; write && i < words; i++) {
            data[i] = GUINT32_TO_LE(nv_sm_rrow(w, in->src[1].reg + i)[l]);
        }
        if (!skip && !nv_sm_global_access(w, va, l, data, size, write)) {
            return;
        }
        for (unsigned i = 0; !write && i < 4; i++) {
            out[i][l] = GUINT32_FROM_LE(data[i]);
        }
        if (!write && size < 4) {
            const uint8_t *b = (const uint8_t *)data;

            out[0][l] = in->mod.tex.size == NV_SASS_MEM_S8 ? (uint32_t)(int8_t)b[0] :
                        in->mod.tex.size == NV_SASS_MEM_S16 ? (uint32_t)(int16_t)(b[0] | b[1] << 8) :
                        size == 1 ? b[0] : (uint32_t)(b[0] | b[1] << 8);
        }
    }
    for (unsigned i = 0; !write && i < words; i++) {
        nv_sm_write(w, in->dst.reg == NV_SASS_RZ ? NV_SASS_RZ : in->dst.reg + i, out[i], mask);
    }
}

static void exec_SULD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    surface_access(w, in, mask, false);
}

static void exec_SUST(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    surface_access(w, in, mask, true);
}

NV_SM_EXECUTOR(TEX, exec_TEX)
NV_SM_EXECUTOR(TLD, exec_TLD)
NV_SM_EXECUTOR(TLD4, exec_TLD4)
NV_SM_EXECUTOR(SULD, exec_SULD)
NV_SM_EXECUTOR(SUST, exec_SUST)
