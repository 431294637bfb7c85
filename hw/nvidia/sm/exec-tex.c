/*
 * SM executors: texture fetches and queries (TEX, TLD, TLD4, TMML, TXD,
 * TXQ) and surface accesses (SULD, SUST, SUATOM, SURED) through the
 * texture unit (tex.c).
 *
 * The handle names a texture header in bits 19..0 and a sampler in 31..20
 * (nv-tex.h): a constant-bank word, or a register (bindless). A fetch's
 * inputs are one list, [array layer], coordinates, [LOD or bias], [packed
 * offsets], [depth reference], over two register vectors (TXD's differ:
 * exec_TXD). With .SCR and a constant-bank handle (ptxas's form) Ra holds
 * the first k, Rb the rest, where k is the smallest power of two at least
 * half the list (1 for one or two inputs, 2 for three or four, 4 for
 * five); without .SCR Ra holds the layer and coordinates and Rb the rest,
 * after the handle when bindless: NAK's bindless forms and nv50_ir's
 * constant-bank ones (nouveau's GL driver), both of which run on hardware
 * with the coordinates together (docs/isa.md). Results: the
 * channels of the write mask in order, the first two to Rd, Rd+1, the next
 * two to the second destination.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <limits.h>
#include <math.h>

#include "sm-internal.h"
#include "tex.h"
#include "hw/nvidia/nv-f16.h"

#define TEX_MAX_INPUTS  7       /* cube array layer, 3 coordinates, LOD, offsets, reference */

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

/*
 * The lane's handle: the constant-bank word, the surface's register, Ra's
 * first (TXQ, TXD) or Rb's first (the other bindless fetches).
 */
static uint32_t lane_handle(NvSmWarp *w, const NvSassInsn *in, unsigned l)
{
    const NvSassOperand *h = &in->src[2];

    if (h->kind == NV_SASS_OPND_CBUF) {
        return nv_sm_cbuf32(w, h->reg, h->imm);
    }
    if (in->opcode == NV_SASS_OP_TXQ || in->opcode == NV_SASS_OP_TXD) {
        return nv_sm_rrow(w, in->src[0].reg)[l];
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
 * The input list of TEX, TLD, TLD4 and TMML: [array layer], coordinates,
 * then [LOD or bias], [packed offsets], [depth reference]; the index of
 * each optional input, or -1.
 */
typedef struct TexList {
    unsigned n, ncoord;         /* inputs; the layer and coordinates of them */
    int lod, offsets, dref;
} TexList;

static TexList tex_list(const NvSassModTex *t)
{
    TexList a = { .ncoord = dim_is_array(t->dim) + dim_coords(t->dim) };

    a.n = a.ncoord;
    a.lod = t->lod == NV_SASS_LOD_LL || t->lod == NV_SASS_LOD_LB ? (int)a.n++ : -1;
    a.offsets = t->offsets ? (int)a.n++ : -1;
    a.dref = t->dc ? (int)a.n++ : -1;
    return a;
}

/* How many of the inputs Ra's vector holds (the split above). */
static unsigned ra_inputs(const NvSassInsn *in, const TexList *a)
{
    unsigned half = (a->n + 1) / 2;

    if (in->mod.tex.scr && !in->mod.tex.bindless) {
        return half > 2 ? 4 : half > 1 ? 2 : 1;
    }
    return a->ncoord;
}

/* The lane's inputs: from Ra's vector and Rb's (after the handle, when bindless). */
static void lane_inputs(NvSmWarp *w, const NvSassInsn *in, const TexList *a, unsigned l,
                        uint32_t v[TEX_MAX_INPUTS])
{
    unsigned b = in->mod.tex.bindless, k = ra_inputs(in, a);

    for (unsigned i = 0; i < a->n && i < TEX_MAX_INPUTS; i++) {
        unsigned reg = i < k ? in->src[0].reg + i : in->src[1].reg + b + (i - k);

        v[i] = nv_sm_rrow(w, in->src[1].reg == NV_SASS_RZ && i >= k ? NV_SASS_RZ : reg)[l];
    }
}

/* Offsets packed `bits` to a component, signed, x first. */
static void unpack_offsets(uint32_t word, unsigned bits, int8_t off[3])
{
    for (unsigned k = 0; k < 3; k++) {
        off[k] = (int8_t)((int32_t)(word << (32 - bits * (k + 1))) >> (32 - bits));
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

/* Lane l's coordinates; a cube map's projected onto `face` (the lane's own when -1). */
static unsigned lane_coords(const NvSassInsn *in, const uint32_t x[], int face, float coord[3])
{
    unsigned dim = in->mod.tex.dim, first = dim_is_array(dim), nc = dim_coords(dim);

    for (unsigned k = 0; k < 3; k++) {
        coord[k] = k < nc ? nv_f32_of(x[first + k]) : 0.0f;
    }
    if (!dim_is_cube(dim)) {
        return nc;
    }
    float dir[3] = { coord[0], coord[1], coord[2] };
    unsigned f = face < 0 ? nv_sm_tex_cube_face(dir) : (unsigned)face;

    nv_sm_tex_cube_project(dir, f, coord);
    coord[2] = 0;
    return f;
}

/*
 * The implicit LOD of lane l: from the coordinates of its quad (lanes
 * 4q..4q+3 as a 2x2 block, x across): one LOD per quad, from the
 * differences of its first lane with the next (x) and the one below (y).
 * A cube map's are projected on the face of the quad's first lane.
 */
static float quad_lod(NvSmWarp *w, const NvSassInsn *in, const TexList *a, const TexCache *c,
                      unsigned l)
{
    unsigned q = l & ~3u, nc = dim_is_cube(in->mod.tex.dim) ? 2 : dim_coords(in->mod.tex.dim);
    float p[3][3], ddx[3], ddy[3];
    int face = -1;

    for (unsigned i = 0; i < 3; i++) {
        uint32_t x[TEX_MAX_INPUTS];
        unsigned f;

        lane_inputs(w, in, a, q + (i == 2 ? 2 : i), x);
        f = lane_coords(in, x, face, p[i]);
        face = dim_is_cube(in->mod.tex.dim) ? (int)f : -1;
    }
    for (unsigned k = 0; k < 3; k++) {
        ddx[k] = p[1][k] - p[0][k];
        ddy[k] = p[2][k] - p[0][k];
    }
    return nv_sm_tex_grad_lod(&c->v, &c->s, ddx, ddy, nc);
}

/* The quad's implicit LOD, computed once per quad and handle. */
typedef struct QuadLod {
    unsigned quad;              /* UINT_MAX: none yet */
    uint32_t handle;
    float lod;
} QuadLod;

static float quad_lod_cached(NvSmWarp *w, const NvSassInsn *in, const TexList *a,
                             const TexCache *c, unsigned l, QuadLod *q)
{
    if (q->quad != l / 4 || q->handle != c->handle) {
        q->quad = l / 4;
        q->handle = c->handle;
        q->lod = quad_lod(w, in, a, c, l);
    }
    return q->lod;
}

/*
 * A filtered fetch of lane l at `at` (cube maps: direction in at->coord)
 * and LOD lod (before the sampler's bias and clamps): blended between two
 * levels by the LOD's fraction (trilinear), swizzled.
 */
static bool fetch_filtered(NvSmWarp *w, const NvSassInsn *in, TexCache *c, NvSmTexAt *at,
                           float lod, unsigned l, uint32_t out[4])
{
    NvSmSampler ls = c->s;
    unsigned level[2];
    uint32_t r[4];
    float frac;

    if (dim_is_cube(in->mod.tex.dim)) {
        /* a face of the cube: 2D coordinates on layer 6 * cube + face, clamped to it */
        float dir[3] = { at->coord[0], at->coord[1], at->coord[2] };
        unsigned face = nv_sm_tex_cube_face(dir);

        nv_sm_tex_cube_project(dir, face, at->coord);
        at->coord[2] = 0;
        at->layer = at->layer * 6 + face;
        ls.unnormalized = false;
        ls.address[0] = ls.address[1] = NV_TSC_CLAMP_TO_EDGE;
    }
    nv_sm_tex_lod(&c->v, &ls, lod, level, &frac);
    for (unsigned k = 0; k < 1u + (frac > 0); k++) {
        NvSmTexView tmp;
        const NvSmTexView *lv = view_level(&c->v, level[k], &tmp);
        uint32_t part[4];

        if (!nv_sm_tex_sample(w, lv, &ls, at, part, l)) {
            return false;
        }
        for (unsigned ch = 0; ch < 4; ch++) {
            r[ch] = k ? nv_bits_f32(nv_f32_of(r[ch]) * (1 - frac) +
                                    nv_f32_of(part[ch]) * frac) : part[ch];
        }
    }
    nv_sm_tex_swizzle(&c->v, r, out);
    return true;
}

/* TEX: the LOD zero, explicit, implicit (the quad's), or implicit plus a bias. */
static void exec_TEX(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    TexList a = tex_list(t);
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };
    QuadLod ql = { .quad = UINT_MAX };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4];
        NvSmTexAt at = { 0 };
        float lod = 0, dref;

        if (!lane_view(w, in, l, true, &c)) {
            return;
        }
        lane_inputs(w, in, &a, l, x);
        at.layer = dim_is_array(t->dim) ? x[0] & 0xffff : 0;
        for (unsigned k = 0; k < dim_coords(t->dim); k++) {
            at.coord[k] = nv_f32_of(x[dim_is_array(t->dim) + k]);
        }
        if (t->lod == NV_SASS_LOD_AUTO || t->lod == NV_SASS_LOD_LB) {
            lod = quad_lod_cached(w, in, &a, &c, l, &ql);
        }
        if (a.lod >= 0) {
            lod += nv_f32_of(x[a.lod]);     /* LL: the LOD; LB: the bias */
        }
        if (a.offsets >= 0) {
            unpack_offsets(x[a.offsets], 4, at.offset);
        }
        if (a.dref >= 0) {
            dref = nv_f32_of(x[a.dref]);
            at.dref = &dref;
        }
        if (!fetch_filtered(w, in, &c, &at, lod, l, r)) {
            return;
        }
        for (unsigned k = 0; k < 4; k++) {
            out[k][l] = r[k];
        }
    }
    write_results(w, in, mask, out);
}

/*
 * TXD: explicit gradients. Ra = [handle (bindless)], coordinates, then the
 * array layer in bits 0..15 and packed offsets in 16..31 of one more
 * register when either is present; Rb = d/dx and d/dy of each coordinate
 * in turn.
 */
static void exec_TXD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    unsigned nc = dim_coords(t->dim), base = in->src[0].reg + t->bindless;
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        NvSmTexAt at = { 0 };
        float ddx[3] = { 0 }, ddy[3] = { 0 };
        uint32_t r[4];

        if (!lane_view(w, in, l, true, &c)) {
            return;
        }
        for (unsigned k = 0; k < nc; k++) {
            at.coord[k] = nv_f32_of(nv_sm_rrow(w, base + k)[l]);
            if (in->src[1].reg != NV_SASS_RZ) {
                ddx[k] = nv_f32_of(nv_sm_rrow(w, in->src[1].reg + 2 * k)[l]);
                ddy[k] = nv_f32_of(nv_sm_rrow(w, in->src[1].reg + 2 * k + 1)[l]);
            }
        }
        if (dim_is_array(t->dim) || t->offsets) {
            uint32_t extra = nv_sm_rrow(w, base + nc)[l];

            at.layer = dim_is_array(t->dim) ? extra & 0xffff : 0;
            unpack_offsets(t->offsets ? extra >> 16 : 0, 4, at.offset);
        }
        if (!fetch_filtered(w, in, &c, &at, nv_sm_tex_grad_lod(&c.v, &c.s, ddx, ddy, nc), l,
                            r)) {
            return;
        }
        for (unsigned k = 0; k < 4; k++) {
            out[k][l] = r[k];
        }
    }
    write_results(w, in, mask, out);
}

/*
 * TMML: the LOD an implicit fetch would use, as two 8.8 fixed-point
 * values: the computed LOD (signed, after the sampler's bias and clamps),
 * then the level(s) it accesses relative to the view's base (fractional
 * between two levels with linear mipmap filtering).
 */
static void exec_TMML(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    TexList a = tex_list(&in->mod.tex);
    uint32_t out[4][NV_SM_LANES] = { { 0 } };
    TexCache c = { 0 };
    QuadLod ql = { .quad = UINT_MAX };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m), level[2];
        float lod, computed, frac;
        NvSmSampler ls;

        if (!lane_view(w, in, l, true, &c)) {
            return;
        }
        ls = c.s;
        lod = quad_lod_cached(w, in, &a, &c, l, &ql);
        computed = fminf(fmaxf(lod + ls.lod_bias, ls.min_lod), ls.max_lod);
        nv_sm_tex_lod(&c.v, &ls, lod, level, &frac);
        out[0][l] = (uint32_t)(int32_t)rintf(computed * 256);
        out[1][l] = (uint32_t)rintf(((float)(level[0] - c.v.view_min) + frac) * 256);
    }
    write_results(w, in, mask, out);
}

static void exec_TLD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    bool array = dim_is_array(t->dim);
    TexList a = tex_list(t);
    unsigned nc = dim_coords(t->dim);
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4] = { 0 }, sw[4] = { 0 }, at[3] = { 0, 0, 0 };
        int8_t off[3] = { 0, 0, 0 };
        NvSmTexView tmp;
        const NvSmTexView *lv;
        bool inside;

        if (!lane_view(w, in, l, false, &c)) {
            return;
        }
        lane_inputs(w, in, &a, l, x);
        if (a.offsets >= 0) {
            unpack_offsets(x[a.offsets], 4, off);
        }
        /* the LOD counts from the view's base level, up to its last */
        inside = a.lod < 0 || x[a.lod] <= (uint32_t)(c.v.view_max - c.v.view_min);
        lv = view_level(&c.v, c.v.view_min + (a.lod >= 0 && inside ? x[a.lod] : 0), &tmp);
        for (unsigned i = 0; i < nc; i++) {
            at[i] = x[array + i] + (uint32_t)(int32_t)off[i];
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

/* TLD4: a gather of level 0, with [offsets] (8 bits a component) and [a depth reference]. */
static void exec_TLD4(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModTex *t = &in->mod.tex;
    bool array = dim_is_array(t->dim);
    TexList a = tex_list(t);
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t x[TEX_MAX_INPUTS], r[4];
        NvSmTexAt at = { 0 };
        float dref;

        if (!lane_view(w, in, l, true, &c)) {
            return;
        }
        lane_inputs(w, in, &a, l, x);
        at.coord[0] = nv_f32_of(x[array]);
        at.coord[1] = nv_f32_of(x[array + 1]);
        at.layer = array ? x[0] & 0xffff : 0;
        if (a.offsets >= 0) {
            unpack_offsets(x[a.offsets], 8, at.offset);
        }
        if (a.dref >= 0) {
            dref = nv_f32_of(x[a.dref]);
            at.dref = &dref;
        }
        if (!nv_sm_tex_gather(w, &c.v, &c.s, &at, t->component, r, l)) {
            return;
        }
        for (unsigned k = 0; k < 4; k++) {
            out[k][l] = r[k];
        }
    }
    write_results(w, in, mask, out);
}

/*
 * TXQ TEX_HEADER_DIMENSION: Ra = [handle, LOD] (TXQ.B) or LOD; the width, height, depth
 * (3D) or layers of the view's level LOD (zeros past its last), and the
 * view's levels.
 */
static void exec_TXQ(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t out[4][NV_SM_LANES];
    TexCache c = { 0 };

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint32_t lod = nv_sm_rrow(w, in->src[0].reg + in->mod.tex.bindless)[l];
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
NV_SM_EXECUTOR(TMML, exec_TMML)
NV_SM_EXECUTOR(TXD, exec_TXD)
NV_SM_EXECUTOR(TXQ, exec_TXQ)
NV_SM_EXECUTOR(SULD, exec_SULD)
NV_SM_EXECUTOR(SUST, exec_SUST)
NV_SM_EXECUTOR(SUATOM, exec_SUATOM)
NV_SM_EXECUTOR(SURED, exec_SUATOM)         /* its result register is RZ */
