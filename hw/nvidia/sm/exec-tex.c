/*
 * SM executors: texture fetches (TEX, TLD, TLD4) and surface accesses
 * (SULD, SUST, SUATOM) through the texture unit (tex.c).
 *
 * The handle names a texture header in bits 19..0 and a sampler in 31..20
 * (nv-tex.h): a constant-bank word, or a register (bindless). A fetch's
 * inputs are one list, [array layer], coordinates, [LOD], over two register
 * vectors. With a constant-bank handle Ra holds the first k, Rb the rest,
 * where k is the smallest power of two at least half the list (1 for one
 * or two inputs, 2 for three or four, 4 for five), the split of every shape
 * ptxas emits; bindless, Ra holds the layer and coordinates and Rb the
 * handle and the rest, as NAK emits them (docs/isa.md). Results: the
 * channels of the write mask in order, the first two to Rd, Rd+1, the next
 * two to the second destination.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"
#include "tex.h"
#include "f16.h"

#define TEX_MAX_INPUTS  6

/* A lane's header and sampler, read again only when the handle changes. */
typedef struct TexCache {
    bool valid;
    uint32_t handle;
    NvSmTexView v;
    NvSmSampler s;
} TexCache;

static bool dim_is_array(unsigned dim)
{
    return dim == NV_SASS_TEX_ARRAY_1D || dim == NV_SASS_TEX_ARRAY_2D ||
           dim == NV_SASS_TEX_ARRAY_CUBE;
}

static bool dim_is_cube(unsigned dim)
{
    return dim == NV_SASS_TEX_CUBE || dim == NV_SASS_TEX_ARRAY_CUBE;
}

static unsigned dim_coords(unsigned dim)
{
    return dim == NV_SASS_TEX_3D || dim_is_cube(dim) ? 3 :
           dim == NV_SASS_TEX_1D || dim == NV_SASS_TEX_ARRAY_1D ||
           dim == NV_SASS_TEX_1D_BUFFER ? 1 : 2;
}

/* The lane's handle: the constant-bank word, the surface's register, or Rb's first. */
static uint32_t lane_handle(NvSmWarp *w, const NvSassInsn *in, unsigned l)
{
    const NvSassOperand *h = &in->src[2];

    if (h->kind == NV_SASS_OPND_CBUF) {
        return nv_sm_cbuf32(w, h->reg, h->imm);
    }
    if (in->opcode == NV_SASS_OP_TXQ) {
        return nv_sm_rrow(w, in->src[0].reg)[l];        /* Ra = [handle, LOD] */
    }
    return nv_sm_rrow(w, h->kind == NV_SASS_OPND_REG ? h->reg : in->src[1].reg)[l];
}

static bool lane_view(NvSmWarp *w, const NvSassInsn *in, unsigned l, bool sampler,
                      TexCache *c)
{
    uint32_t h = lane_handle(w, in, l);

    if (c->valid && c->handle == h) {
        return true;
    }
    c->valid = nv_sm_tex_view(w, h & NV_TEX_HANDLE_TIC_MASK, &c->v, l) &&
               (!sampler || nv_sm_tex_sampler(w, h >> NV_TEX_HANDLE_TIC_BITS, &c->s, l));
    c->handle = h;
    return c->valid;
}

/*
 * Level `level` of a view: the view itself at its base level (the common
 * case: no copy), else computed into tmp.
 */
static const NvSmTexView *view_level(const NvSmTexView *v, unsigned level, NvSmTexView *tmp)
{
    if (level == v->view_min) {
        return v;
    }
    nv_sm_tex_level(v, level, tmp);
    return tmp;
}

/*
 * The lane's n inputs, the first ncoord of them the array layer and the
 * coordinates: from Ra's vector and Rb's (after the handle, when bindless).
 */
static void lane_inputs(NvSmWarp *w, const NvSassInsn *in, unsigned n, unsigned ncoord,
                        unsigned l, uint32_t v[TEX_MAX_INPUTS])
{
    unsigned b = in->mod.tex.bindless, half = (n + 1) / 2;
    unsigned k = b ? ncoord : half > 2 ? 4 : half > 1 ? 2 : 1;

    for (unsigned i = 0; i < n; i++) {
        unsigned reg = i < k ? in->src[0].reg + i : in->src[1].reg + b + (i - k);

        v[i] = nv_sm_rrow(w, in->src[1].reg == NV_SASS_RZ && i >= k ? NV_SASS_RZ : reg)[l];
    }
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
    unsigned nc = dim_coords(t->dim), n = array + nc + ll + t->dc;
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4], sw[4];
        float coord[3] = { 0 }, frac, dref;
        unsigned level[2], layer;
        NvSmSampler ls;

        if (!lane_view(w, in, l, true, &c)) {
            return;
        }
        lane_inputs(w, in, n, array + nc, l, x);
        for (unsigned i = 0; i < nc; i++) {
            coord[i] = nv_f32_of(x[array + i]);
        }
        layer = array ? x[0] & 0xffff : 0;
        dref = nv_f32_of(x[n - 1]);      /* .DC: the reference is the last input */
        ls = c.s;
        if (dim_is_cube(t->dim)) {
            /* a face of the cube: 2D coordinates on layer 6 * cube + face, clamped to it */
            float dir[3] = { coord[0], coord[1], coord[2] };
            unsigned face;

            nv_sm_tex_cube(dir, coord, &face);
            coord[2] = 0;
            layer = layer * 6 + face;
            ls.unnormalized = false;
            ls.address[0] = ls.address[1] = NV_TSC_CLAMP_TO_EDGE;
        }
        /* the level(s) the LOD selects, blended by its fraction (trilinear) */
        nv_sm_tex_lod(&c.v, &ls, ll ? nv_f32_of(x[n - 1 - t->dc]) : 0.0f, level, &frac);
        for (unsigned k = 0; k < 1u + (frac > 0); k++) {
            NvSmTexView tmp;
            const NvSmTexView *lv = view_level(&c.v, level[k], &tmp);
            uint32_t part[4];

            if (!nv_sm_tex_sample(w, lv, &ls, coord, layer, t->dc ? &dref : NULL, part, l)) {
                return;
            }
            for (unsigned ch = 0; ch < 4; ch++) {
                r[ch] = k ? nv_bits_f32(nv_f32_of(r[ch]) * (1 - frac) +
                                        nv_f32_of(part[ch]) * frac) : part[ch];
            }
        }
        nv_sm_tex_swizzle(&c.v, r, sw);
        for (unsigned k = 0; k < 4; k++) {
            out[k][l] = sw[k];
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
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4] = { 0 }, sw[4] = { 0 }, at[3] = { 0, 0, 0 };
        NvSmTexView tmp;
        const NvSmTexView *lv;
        bool inside;

        if (!lane_view(w, in, l, false, &c)) {
            return;
        }
        lane_inputs(w, in, n, array + nc, l, x);
        /* the LOD counts from the view's base level, up to its last */
        inside = !ll || x[n - 1] <= (uint32_t)(c.v.view_max - c.v.view_min);
        lv = view_level(&c.v, c.v.view_min + (ll && inside ? x[n - 1] : 0), &tmp);
        for (unsigned i = 0; i < nc; i++) {
            at[i] = x[array + i];
            inside &= at[i] < (i == 0 ? lv->width : i == 1 ? lv->height : lv->depth);
        }
        if (array) {
            at[2] = x[0];
            inside &= at[2] < lv->depth;
        }
        /* outside the image: zeros (Vulkan's robust image access) */
        if (inside) {
            if (!nv_sm_tex_texel(w, lv, at[0], at[1], at[2], r, l)) {
                return;
            }
            nv_sm_tex_swizzle(lv, r, sw);
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
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4];
        float coord[2];

        if (!lane_view(w, in, l, true, &c)) {
            return;
        }
        lane_inputs(w, in, n, n, l, x);
        coord[0] = nv_f32_of(x[array]);
        coord[1] = nv_f32_of(x[array + 1]);
        if (!nv_sm_tex_gather(w, &c.v, &c.s, coord, array ? x[0] & 0xffff : 0, t->component,
                              r, l)) {
            return;
        }
        for (unsigned k = 0; k < 4; k++) {
            out[k][l] = r[k];
        }
    }
    write_results(w, in, mask, out);
}

/*
 * TXQ TEX_HEADER_DIMENSION: Ra = [handle, LOD]; the width, height, depth
 * (3D) or layers of the view's level LOD (zeros past its last), and the
 * view's levels.
 */
static void exec_TXQ(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t lod = nv_sm_rrow(w, in->src[0].reg + 1)[l];
        NvSmTexView lv = { 0 };

        if (!lane_view(w, in, l, false, &c)) {
            return;
        }
        if (lod <= (uint32_t)(c.v.view_max - c.v.view_min)) {
            nv_sm_tex_level(&c.v, c.v.view_min + lod, &lv);
        }
        out[0][l] = lv.width;
        out[1][l] = lv.height;
        /* cube arrays count cubes, not faces */
        out[2][l] = c.v.type == NV_TIC_TYPE_CUBE_ARRAY ? lv.depth / 6 : lv.depth;
        out[3][l] = c.v.view_max - c.v.view_min + 1u;
    }
    write_results(w, in, mask, out);
}

/* ---- surfaces ---- */

static unsigned surface_bytes(unsigned size)
{
    static const uint8_t bytes[] = { 1, 1, 2, 2, 4, 8, 16, 16 };

    return bytes[size & 7];
}

/* A surface access of one lane: the element's coordinates and address. */
typedef struct SuLane {
    uint32_t x, y, z;           /* x in bytes */
    uint64_t va;
} SuLane;

/*
 * The lane's address for size bytes at its coordinates per the bounds mode:
 * true with the address, or false with *skip set (IGN: nothing happens), or
 * false with the launch stopped (TRAP, x not aligned to the access).
 */
static bool surface_address(NvSmWarp *w, const NvSassInsn *in, const NvSmTexView *v,
                            unsigned l, unsigned size, bool write, SuLane *s, bool *skip)
{
    const NvSassModTex *t = &in->mod.tex;
    unsigned reg = in->src[0].reg, n = dim_coords(t->dim) + dim_is_array(t->dim);
    uint32_t c[3] = { 0, 0, 0 };
    uint64_t row = (uint64_t)v->width * v->bpp;
    bool out;

    for (unsigned i = 0; i < n; i++) {
        c[i] = nv_sm_rrow(w, reg + i)[l];
    }
    /* [x, layer] for 1D arrays, [x, y, layer or z] otherwise */
    s->x = c[0];
    s->y = t->dim == NV_SASS_TEX_ARRAY_1D ? 0 : c[1];
    s->z = t->dim == NV_SASS_TEX_ARRAY_1D ? c[1] : c[2];
    *skip = false;
    if (!t->ba) {
        if (c[0] > UINT32_MAX / v->bpp) {
            s->x = UINT32_MAX & ~(uint32_t)(size - 1);      /* out of range below */
        } else {
            s->x = c[0] * v->bpp;
        }
    }
    if (!(size & (size - 1)) && (s->x & (size - 1))) {
        nv_sm_fault(w, NV_SM_ERR_MISALIGNED, s->x, write, l);
        return false;
    }
    out = s->x + (uint64_t)size > row || s->y >= v->height || s->z >= v->depth;
    if (out && t->clamp == NV_SASS_SU_TRAP) {
        nv_sm_fault(w, NV_SM_ERR_OOR_ADDR, s->x, write, l);
        return false;
    }
    if (out && t->clamp == NV_SASS_SU_IGN) {
        *skip = true;
        return false;
    }
    if (out) {          /* clamp to the last element inside */
        s->x = (uint32_t)MIN((uint64_t)s->x, row >= size ? (row - size) / size * size : 0);
        s->y = MIN(s->y, v->height - 1);
        s->z = MIN(s->z, v->depth - 1);
    }
    s->va = nv_sm_tex_address(v, s->x, s->y, s->z);
    return true;
}

/* The bytes an access moves: the size of .D, the element of .P and SUATOM's word. */
static unsigned access_bytes(const NvSassInsn *in, const NvSmTexView *v)
{
    return in->mod.tex.formatted ? v->bpp : surface_bytes(in->mod.tex.size);
}

static void surface_access(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, bool write)
{
    const NvSassModTex *t = &in->mod.tex;
    unsigned words = t->formatted ? (unsigned)__builtin_popcount(t->mask) :
                     MAX(surface_bytes(t->size) / 4, 1u);
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m), size;
        uint32_t data[4] = { 0 };
        SuLane s;
        bool skip, ok;

        if (!lane_view(w, in, l, false, &c)) {
            return;
        }
        size = access_bytes(in, &c.v);
        if (!surface_address(w, in, &c.v, l, size, write, &s, &skip) && !skip) {
            return;
        }
        for (unsigned i = 0; write && i < words; i++) {
            data[i] = nv_sm_rrow(w, in->src[1].reg + i)[l];
        }
        if (skip) {
            ok = true;
        } else if (t->formatted) {
            ok = write ? nv_sm_tex_store(w, &c.v, s.x / c.v.bpp, s.y, s.z, data, t->mask, l)
                       : nv_sm_tex_texel(w, &c.v, s.x / c.v.bpp, s.y, s.z, data, l);
        } else {
            for (unsigned i = 0; write && i < 4; i++) {
                data[i] = GUINT32_TO_LE(data[i]);
            }
            ok = nv_sm_global_access(w, s.va, l, data, size, write);
            for (unsigned i = 0; !write && i < 4; i++) {
                data[i] = GUINT32_FROM_LE(data[i]);
            }
            if (ok && !write && size < 4) {
                const uint8_t *b = (const uint8_t *)data;

                data[0] = t->size == NV_SASS_MEM_S8 ? (uint32_t)(int8_t)b[0] :
                          t->size == NV_SASS_MEM_S16 ? (uint32_t)(int16_t)(b[0] | b[1] << 8) :
                          size == 1 ? b[0] : (uint32_t)(b[0] | b[1] << 8);
            }
        }
        if (!ok) {
            return;
        }
        for (unsigned i = 0; !write && i < 4; i++) {
            out[i][l] = data[i];
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

/* SUATOM: a 32-bit atomic on the element (host atomics where the page is host memory). */
static void exec_SUATOM(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    uint32_t out[NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint64_t old = 0, b, cas;
        uint8_t *page;
        SuLane s;
        bool skip, fault;

        if (!lane_view(w, in, l, false, &c)) {
            return;
        }
        if (!t->ba && c.v.bpp != 4) {
            nv_sm_fault(w, NV_SM_ERR_TEX_DESC, c.handle, true, l);
            return;     /* element atomics are on 32-bit formats */
        }
        if (!surface_address(w, in, &c.v, l, 4, true, &s, &skip)) {
            if (!skip) {
                return;
            }
            out[l] = 0;
            continue;
        }
        /* CAS: Rb holds the compare value, Rb+1 the new one */
        b = nv_sm_rrow(w, in->src[1].reg)[l];
        cas = nv_sm_rrow(w, in->src[1].reg == NV_SASS_RZ ? NV_SASS_RZ : in->src[1].reg + 1)[l];
        page = nv_sm_global_page(w, s.va, true, &fault);
        if (page) {
            old = nv_sm_atom_host(page + (s.va & (NV_SM_PAGE_SIZE - 1)), false, t->atom_op,
                                  t->atom_type, b, cas);
        } else if (fault || !nv_sm_atom_slow(w, s.va, false, t->atom_op, t->atom_type, b, cas,
                                             &old)) {
            nv_sm_fault(w, NV_SM_ERR_MMU, s.va, true, l);
            return;
        }
        out[l] = (uint32_t)old;
    }
    nv_sm_write(w, in->dst.reg, out, mask);
}

NV_SM_EXECUTOR(TEX, exec_TEX)
NV_SM_EXECUTOR(TLD, exec_TLD)
NV_SM_EXECUTOR(TLD4, exec_TLD4)
NV_SM_EXECUTOR(TXQ, exec_TXQ)
NV_SM_EXECUTOR(SULD, exec_SULD)
NV_SM_EXECUTOR(SUST, exec_SUST)
NV_SM_EXECUTOR(SUATOM, exec_SUATOM)
