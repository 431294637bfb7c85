/*
 * The SM's texture unit: texture headers (TIC) and samplers (TSC) read from
 * the launch's pools, texel addresses in pitch and block-linear layouts
 * (nv-blocklinear.h, the copy engine's code), format decoding, addressing
 * modes, nearest and bilinear filtering, mip levels (NIL's layout), cube
 * face selection, gathers, and surface accesses (raw and formatted).
 *
 * A descriptor is read once per instruction (32 bytes through the warp's
 * page cache) and validated before any texel is touched; one the unit does
 * not support (a format outside NV_TIC_FORMATS, a view outside its image's
 * levels, a layout it does not know) stops the launch with
 * NV_SM_ERR_TEX_DESC, never a silent zero. Bilinear and mipmap weights are
 * fractions quantised to 8 bits (CUDA's documented 9-bit fixed point with 8
 * fraction bits; Vulkan's subTexelPrecisionBits and mipmapPrecisionBits).
 * Cube maps filter within a face (no seams across its edges).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>

#include "sm-internal.h"
#include "tex.h"
#include "hw/nvidia/nv-f16.h"

#define TEX_FRAC_BITS   8
#define TEX_LOD_LIMIT   32.0    /* |LOD| beyond any image's levels */

typedef struct TexFormat {
    uint8_t components;
    uint8_t bytes;
    uint8_t bits[4];
    uint8_t pos[4];             /* lowest bit of each component */
} TexFormat;

/* Colour formats pack R, G, B, A from bit 0 up. */
#define NV_TEX_FORMAT_ROW(name, value, r, g, b, a) \
    { (value), ((r) + (g) + (b) + (a)) / 8, { (r), (g), (b), (a) }, \
      { 0, (r), (r) + (g), (r) + (g) + (b) } },
#define NV_TEX_DEPTH_ROW(name, value, bytes, zb, zp, sb, sp) \
    { (value), (bytes), { (zb), (sb), 0, 0 }, { (zp), (sp), 0, 0 } },
static const TexFormat tex_formats[] = {
    NV_TIC_FORMATS(NV_TEX_FORMAT_ROW)
    NV_TIC_DEPTH_FORMATS(NV_TEX_DEPTH_ROW)
};
#undef NV_TEX_FORMAT_ROW
#undef NV_TEX_DEPTH_ROW

static const TexFormat *find_format(unsigned components)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(tex_formats); i++) {
        if (tex_formats[i].components == components) {
            return &tex_formats[i];
        }
    }
    return NULL;
}

/* Reads a 32-byte descriptor; false: the launch has stopped. */
static bool read_desc(NvSmWarp *w, uint64_t pool, uint32_t max_index, uint32_t index,
                      uint32_t d[NV_TEX_DESC_DWORDS], unsigned lane)
{
    uint64_t va = pool + (uint64_t)index * NV_TEX_DESC_BYTES;

    if (index > max_index) {
        nv_sm_fault(w, NV_SM_ERR_TEX_DESC, index, false, lane);
        return false;
    }
    for (unsigned i = 0; i < 2; i++) {
        if (!nv_sm_global_access(w, va + 16 * i, lane, d + 4 * i, 16, false)) {
            return false;
        }
    }
    for (unsigned i = 0; i < NV_TEX_DESC_DWORDS; i++) {
        d[i] = GUINT32_FROM_LE(d[i]);
    }
    return true;
}

static bool valid_type(unsigned t)
{
    return t == NV_TIC_SNORM || t == NV_TIC_UNORM || t == NV_TIC_SINT || t == NV_TIC_UINT ||
           t == NV_TIC_FLOAT;
}

/* ---- mip levels, laid out as NIL lays them out (and the hardware expects) ---- */

/*
 * Level `level`'s extent and block-linear geometry: the level-0 block
 * shrunk to the smallest power of two that holds the level's height (in
 * GOBs) and depth (NIL's Tiling::clamp). Its bytes: whole blocks.
 */
static uint64_t level_geom(const NvSmTexView *v, unsigned level, uint32_t ext[3], NvBlGeom *g)
{
    bool is3d = v->type == NV_TIC_TYPE_3D;
    unsigned lh, ld;

    ext[0] = MAX(v->width0 >> level, 1u);
    ext[1] = MAX(v->height0 >> level, 1u);
    ext[2] = is3d ? MAX(v->depth0 >> level, 1u) : v->depth0;
    lh = MIN(v->log2_h0, nv_bl_ceil_log2(nv_bl_div_round_up_pow2(ext[1], 3)));
    ld = is3d ? MIN(v->log2_d0, nv_bl_ceil_log2(ext[2])) : 0;
    nv_bl_geom_init(g, 0, lh, ld, (uint64_t)ext[0] * v->bpp, ext[1]);
    return g->blocks_x * g->blocks_y * (is3d ? nv_bl_div_round_up_pow2(ext[2], ld) : 1) <<
           (NV_GOB_SHIFT + lh + ld);
}

/* Bytes of one layer, every level, aligned to level 0's block (NIL's array stride). */
static uint64_t layer_bytes(const NvSmTexView *v)
{
    uint64_t sum = 0, align = 1ull << (NV_GOB_SHIFT + v->log2_h0 + v->log2_d0);
    uint32_t ext[3];
    NvBlGeom g;

    if (!v->block_linear) {
        return 0;
    }
    for (unsigned i = 0; i < v->levels; i++) {
        sum += level_geom(v, i, ext, &g);
    }
    return (sum + align - 1) / align * align;
}

bool nv_sm_tex_level(const NvSmTexView *v, unsigned level, NvSmTexView *out)
{
    uint64_t off = 0;
    uint32_t ext[3];
    NvBlGeom g;

    if (level >= v->levels) {
        return false;
    }
    *out = *v;
    if (!v->block_linear) {
        return true;            /* pitch headers have one level */
    }
    for (unsigned i = 0; i < level; i++) {
        off += level_geom(v, i, ext, &g);
    }
    level_geom(v, level, ext, &out->geom);
    out->base = v->base0 + off;
    out->width = ext[0];
    out->height = ext[1];
    out->depth = ext[2];
    return true;
}

void nv_sm_tex_lod(const NvSmTexView *v, NvSmSampler *s, float lod, unsigned level[2],
                   float *frac)
{
    unsigned q = v->view_max - v->view_min;

    lod = fminf(fmaxf(lod + s->lod_bias, s->min_lod), s->max_lod);
    s->linear = lod > 0 ? s->min_linear : s->linear;
    level[0] = level[1] = v->view_min;
    *frac = 0;
    if (s->mip == NV_TSC_MIP_NONE || !q || !(lod > 0)) {
        return;
    }
    lod = fminf(lod, (float)q);
    if (s->mip == NV_TSC_MIP_POINT) {
        /* Vulkan: ceil(lod + 0.5) - 1, level 0 up to 0.5 */
        level[0] = level[1] = v->view_min + (lod <= 0.5f ? 0 : (unsigned)ceilf(lod + 0.5f) - 1);
        return;
    }
    level[0] = v->view_min + (unsigned)floorf(lod);
    level[1] = MIN(level[0] + 1, (unsigned)v->view_max);
    *frac = rintf((lod - floorf(lod)) * (1 << TEX_FRAC_BITS)) / (1 << TEX_FRAC_BITS);
}

/* The parts of a header the unit supports; false says which is not (for the log). */
static bool parse_view(const uint32_t d[NV_TEX_DESC_DWORDS], NvSmTexView *v)
{
    unsigned version = NV_TIC_GET(d, HEADER_VERSION);
    const TexFormat *f = find_format(NV_TIC_GET(d, COMPONENTS));
    static const uint8_t types[] = {
        NV_TIC_TYPE_1D, NV_TIC_TYPE_2D, NV_TIC_TYPE_3D, NV_TIC_TYPE_1D_ARRAY,
        NV_TIC_TYPE_2D_ARRAY, NV_TIC_TYPE_2D_NO_MIPMAP, NV_TIC_TYPE_CUBE,
        NV_TIC_TYPE_CUBE_ARRAY,
    };
    bool type_ok = false;

    memset(v, 0, sizeof(*v));
    v->type = NV_TIC_GET(d, TEXTURE_TYPE);
    for (unsigned i = 0; i < G_N_ELEMENTS(types); i++) {
        type_ok |= v->type == types[i];
    }
    v->levels = NV_TIC_GET(d, MAX_MIP_LEVEL) + 1u;
    v->view_min = NV_TIC_GET(d, RES_VIEW_MIN_MIP_LEVEL);
    v->view_max = NV_TIC_GET(d, RES_VIEW_MAX_MIP_LEVEL);
    if (!f || !type_ok || v->view_min > v->view_max || v->view_max >= v->levels ||
        (version != NV_TIC_HEADER_PITCH && version != NV_TIC_HEADER_BLOCKLINEAR) ||
        (version == NV_TIC_HEADER_PITCH && v->levels > 1)) {
        return false;
    }
    for (unsigned c = 0; c < 4; c++) {
        v->bits[c] = f->bits[c];
        v->pos[c] = f->pos[c];
        v->types[c] = nv_tex_get(d, NV_TIC_R_DATA_TYPE_BIT + 3 * c, 3);
        v->swizzle[c] = nv_tex_get(d, NV_TIC_X_SOURCE_BIT + 3 * c, 3);
        if (f->bits[c] && !valid_type(v->types[c])) {
            return false;
        }
    }
    v->bpp = f->bytes;
    v->is_int = v->types[0] == NV_TIC_SINT || v->types[0] == NV_TIC_UINT;
    v->srgb = NV_TIC_GET(d, S_R_G_B_CONVERSION);
    v->normalized = NV_TIC_GET(d, NORMALIZED_COORDS);
    v->width = NV_TIC_GET(d, WIDTH_MINUS_ONE) + 1u;
    v->height = NV_TIC_GET(d, HEIGHT_MINUS_ONE) + 1u;
    v->depth = NV_TIC_GET(d, DEPTH_MINUS_ONE) + 1u;
    if (v->type == NV_TIC_TYPE_1D || v->type == NV_TIC_TYPE_1D_ARRAY) {
        v->height = 1;
    }
    if (v->type == NV_TIC_TYPE_CUBE || v->type == NV_TIC_TYPE_CUBE_ARRAY) {
        v->depth *= 6;          /* the depth field counts cubes: six faces each */
    } else if (v->type != NV_TIC_TYPE_3D && v->type != NV_TIC_TYPE_1D_ARRAY &&
               v->type != NV_TIC_TYPE_2D_ARRAY) {
        v->depth = 1;
    }
    v->block_linear = version == NV_TIC_HEADER_BLOCKLINEAR;
    v->base = (uint64_t)NV_TIC_GET(d, ADDRESS_BITS48TO32) << 32;
    if (v->block_linear) {
        bool is3d = v->type == NV_TIC_TYPE_3D;
        unsigned log2_d = NV_TIC_GET(d, GOBS_PER_BLOCK_DEPTH);

        if (NV_TIC_GET(d, GOBS_PER_BLOCK_WIDTH) || NV_TIC_GET(d, GOBS_PER_BLOCK_HEIGHT) >
            NV_BL_LOG2_MAX || log2_d > NV_BL_LOG2_MAX || (!is3d && log2_d)) {
            return false;
        }
        v->base |= (uint64_t)NV_TIC_GET(d, BL_ADDRESS_BITS31TO9) << 9;
        v->log2_h0 = NV_TIC_GET(d, GOBS_PER_BLOCK_HEIGHT);
        v->log2_d0 = log2_d;          /* the level's geometry: nv_sm_tex_level() */
    } else {
        v->base |= (uint64_t)NV_TIC_GET(d, PITCH_ADDRESS_BITS31TO5) << 5;
        v->pitch = NV_TIC_GET(d, PITCH_BITS20TO5) << 5 | NV_TIC_GET(d, PITCH_BIT21) << 21;
        if (v->type != NV_TIC_TYPE_1D && v->type != NV_TIC_TYPE_2D &&
            v->type != NV_TIC_TYPE_2D_NO_MIPMAP) {
            return false;
        }
        if ((uint64_t)v->width * v->bpp > v->pitch && v->height > 1) {
            return false;
        }
    }
    v->base0 = v->base;
    v->width0 = v->width;
    v->height0 = v->height;
    v->depth0 = v->depth;
    v->layer_stride = layer_bytes(v);
    return nv_sm_tex_level(v, v->view_min, v);
}

bool nv_sm_tex_view(NvSmWarp *w, uint32_t index, NvSmTexView *v, unsigned lane)
{
    uint32_t d[NV_TEX_DESC_DWORDS];

    if (!read_desc(w, w->l->d.tex_headers.addr, w->l->d.tex_headers.max_index, index, d,
                   lane)) {
        return false;
    }
    if (!parse_view(d, v)) {
        nv_sm_fault(w, NV_SM_ERR_TEX_DESC, index, false, lane);
        return false;
    }
    return true;
}

bool nv_sm_tex_sampler(NvSmWarp *w, uint32_t index, NvSmSampler *s, unsigned lane)
{
    uint32_t d[NV_TEX_DESC_DWORDS];

    if (!read_desc(w, w->l->d.samplers.addr, w->l->d.samplers.max_index, index, d, lane)) {
        return false;
    }
    for (unsigned c = 0; c < 3; c++) {
        s->address[c] = nv_tex_get(d, NV_TSC_ADDRESS_U_BIT + 3 * c, 3);
    }
    for (unsigned c = 0; c < 4; c++) {
        s->border[c] = d[NV_TSC_BORDER_COLOR_R_BIT / 32 + c];
    }
    s->linear = NV_TSC_GET(d, MAG_FILTER) == NV_TSC_FILTER_LINEAR;
    s->min_linear = NV_TSC_GET(d, MIN_FILTER) == NV_TSC_FILTER_LINEAR;
    s->mip = NV_TSC_GET(d, MIP_FILTER);
    /* fixed point with 8 fraction bits; the bias signed */
    s->lod_bias = (float)((int32_t)(NV_TSC_GET(d, MIP_LOD_BIAS) << 19) >> 19) / 256.0f;
    s->min_lod = (float)NV_TSC_GET(d, MIN_LOD_CLAMP) / 256.0f;
    s->max_lod = (float)NV_TSC_GET(d, MAX_LOD_CLAMP) / 256.0f;
    s->unnormalized = NV_TSC_GET(d, FLOAT_COORD_NORMALIZATION);
    s->compare = NV_TSC_GET(d, DEPTH_COMPARE) ? (int8_t)NV_TSC_GET(d, DEPTH_COMPARE_FUNC) : -1;
    if (s->address[0] > NV_TSC_CLAMP_OGL ||
        s->address[1] > NV_TSC_CLAMP_OGL || s->address[2] > NV_TSC_CLAMP_OGL) {
        nv_sm_fault(w, NV_SM_ERR_TEX_DESC, index, false, lane);
        return false;
    }
    return true;
}

/* ---- texels ---- */

uint64_t nv_sm_tex_address(const NvSmTexView *v, uint64_t x_bytes, uint32_t y, uint32_t z)
{
    uint64_t layer = v->type == NV_TIC_TYPE_3D ? 0 : z;

    if (!v->block_linear) {
        return v->base + (uint64_t)y * v->pitch + x_bytes;
    }
    return v->base + layer * v->layer_stride +
           nv_bl_offset(&v->geom, x_bytes, y, v->type == NV_TIC_TYPE_3D ? z : 0);
}

static uint32_t bits_at(const uint8_t *b, unsigned pos, unsigned n)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < n; i++, pos++) {
        v |= (uint32_t)((b[pos / 8] >> (pos % 8)) & 1) << i;
    }
    return v;
}

/* Unsigned 11/10-bit floats: 5-bit exponent (bias 15), no sign. */
static float small_float(uint32_t v, unsigned mant_bits)
{
    unsigned e = v >> mant_bits, m = v & ((1u << mant_bits) - 1);

    if (e == 31) {
        return m ? NAN : INFINITY;
    }
    if (!e) {
        return ldexpf((float)m, -14 - (int)mant_bits);
    }
    return ldexpf(1.0f + (float)m / (float)(1u << mant_bits), (int)e - 15);
}

static float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* One component as the register value: float bits, or the integer. */
static uint32_t decode_component(const NvSmTexView *v, unsigned c, uint32_t raw)
{
    unsigned n = v->bits[c];
    int32_t s = n < 32 ? (int32_t)(raw << (32 - n)) >> (32 - n) : (int32_t)raw;

    switch (v->types[c]) {
    case NV_TIC_UNORM: {
        float f = (float)((double)raw / (double)((1ull << n) - 1));

        return nv_bits_f32(v->srgb && c < 3 ? srgb_to_linear(f) : f);
    }
    case NV_TIC_SNORM:
        return nv_bits_f32(fmaxf((float)((double)s / (double)((1ull << (n - 1)) - 1)), -1.0f));
    case NV_TIC_SINT:
        return (uint32_t)s;
    case NV_TIC_UINT:
        return raw;
    default:        /* FLOAT */
        if (n == 32) {
            return raw;
        }
        if (n == 16) {
            return nv_bits_f32(nv_f16_to_f32((uint16_t)raw));
        }
        return nv_bits_f32(small_float(raw, n - 5));
    }
}

bool nv_sm_tex_texel(NvSmWarp *w, const NvSmTexView *v, uint32_t x, uint32_t y, uint32_t z,
                     uint32_t out[4], unsigned lane)
{
    uint8_t b[16];
    uint64_t va = nv_sm_tex_address(v, (uint64_t)x * v->bpp, y, z);
    unsigned unit = (v->bpp & (v->bpp - 1)) ? 4 : v->bpp;

    for (unsigned off = 0; off < v->bpp; off += unit) {
        if (!nv_sm_global_access(w, va + off, lane, b + off, unit, false)) {
            return false;
        }
    }
    for (unsigned c = 0; c < 4; c++) {
        if (!v->bits[c]) {
            out[c] = c == 3 ? (v->is_int ? 1 : nv_bits_f32(1.0f)) : 0;
            continue;
        }
        out[c] = decode_component(v, c, bits_at(b, v->pos[c], v->bits[c]));
    }
    return true;
}

static void set_bits(uint8_t *b, unsigned pos, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++, pos++) {
        b[pos / 8] = (uint8_t)((b[pos / 8] & ~(1u << (pos % 8))) | ((v >> i) & 1) << (pos % 8));
    }
}

/* A register value as component c's bits; false for a type the unit cannot encode. */
static bool encode_component(const NvSmTexView *v, unsigned c, uint32_t reg, uint32_t *raw)
{
    unsigned n = v->bits[c];
    double max = (double)((1ull << n) - 1), smax = (double)((1ull << (n - 1)) - 1);
    float f = nv_f32_of(reg);

    switch (v->types[c]) {
    case NV_TIC_UNORM:
        *raw = (uint32_t)rint(isnan(f) ? 0 : fmin(fmax(f, 0.0), 1.0) * max);
        return true;
    case NV_TIC_SNORM:
        *raw = (uint32_t)(int32_t)rint(isnan(f) ? 0 : fmin(fmax(f, -1.0), 1.0) * smax);
        return true;
    case NV_TIC_SINT:
    case NV_TIC_UINT:
        *raw = reg;     /* the low bits, as the hardware truncates */
        return true;
    default:            /* FLOAT */
        *raw = n == 32 ? reg : nv_f32_to_f16(f);
        return n == 32 || n == 16;
    }
}

bool nv_sm_tex_store(NvSmWarp *w, const NvSmTexView *v, uint32_t x, uint32_t y, uint32_t z,
                     const uint32_t in[4], unsigned mask, unsigned lane)
{
    uint8_t b[16];
    uint64_t va = nv_sm_tex_address(v, (uint64_t)x * v->bpp, y, z);
    unsigned unit = (v->bpp & (v->bpp - 1)) ? 4 : v->bpp, reg = 0;

    for (unsigned off = 0; off < v->bpp; off += unit) {
        if (!nv_sm_global_access(w, va + off, lane, b + off, unit, false)) {
            return false;
        }
    }
    for (unsigned c = 0; c < 4 && v->bits[c]; c++) {
        uint32_t raw;

        if ((mask >> c) & 1) {
            if (!encode_component(v, c, in[reg++], &raw)) {
                nv_sm_fault(w, NV_SM_ERR_TEX_DESC, va, true, lane);
                return false;
            }
            set_bits(b, v->pos[c], v->bits[c], raw);
        }
    }
    for (unsigned off = 0; off < v->bpp; off += unit) {
        if (!nv_sm_global_access(w, va + off, lane, b + off, unit, true)) {
            return false;
        }
    }
    return true;
}

void nv_sm_tex_swizzle(const NvSmTexView *v, const uint32_t in[4], uint32_t out[4])
{
    for (unsigned c = 0; c < 4; c++) {
        unsigned s = v->swizzle[c];

        out[c] = s >= NV_TIC_SRC_R && s <= NV_TIC_SRC_A ? in[s - NV_TIC_SRC_R] :
                 s == NV_TIC_SRC_ONE_INT ? 1 : s == NV_TIC_SRC_ONE_FLOAT ? nv_bits_f32(1.0f) : 0;
    }
}

/* ---- sampling ---- */

/* An integer coordinate after the address mode; -1: the border. */
static int64_t wrap_coord(int64_t i, uint32_t n, unsigned mode)
{
    int64_t m;

    switch (mode) {
    case NV_TSC_WRAP:
        m = i % n;
        return m < 0 ? m + n : m;
    case NV_TSC_MIRROR:
        m = i % (2 * (int64_t)n);
        m = m < 0 ? m + 2 * (int64_t)n : m;
        return m >= n ? 2 * (int64_t)n - 1 - m : m;
    case NV_TSC_BORDER:
        return i < 0 || i >= n ? -1 : i;
    default:        /* CLAMP_TO_EDGE, CLAMP_OGL (its coordinate is clamped first) */
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

/* The texel coordinate space: unnormalised, clamped for CLAMP_OGL. */
static double texel_coord(const NvSmTexView *v, const NvSmSampler *s, float u, uint32_t n,
                          unsigned axis)
{
    double x = v->normalized && !s->unnormalized ? (double)u * n : (double)u;

    if (s->address[axis] == NV_TSC_CLAMP_OGL) {
        x = x < 0 ? 0 : x > n ? n : x;
    }
    return isfinite(x) ? fmax(fmin(x, 1e12), -1e12) : 0;
}

/* Texel (x, y, z) after addressing: its decoded value, or the border colour. */
static bool fetch_wrapped(NvSmWarp *w, const NvSmTexView *v, const NvSmSampler *s,
                          const int64_t c[3], uint32_t layer, uint32_t out[4], unsigned lane)
{
    const uint32_t size[3] = { v->width, v->height, v->depth };
    uint32_t at[3] = { 0, 0, layer };

    for (unsigned a = 0; a < 3; a++) {
        if (a == 2 && v->type != NV_TIC_TYPE_3D) {
            break;
        }
        int64_t i = wrap_coord(c[a], size[a], s->address[a]);

        if (i < 0) {
            memcpy(out, s->border, sizeof(s->border));
            return true;
        }
        at[a] = (uint32_t)i;
    }
    return nv_sm_tex_texel(w, v, at[0], at[1], at[2], out, lane);
}

/*
 * A cube map direction's face: the one of its major axis, ties going to Z,
 * then Y (Vulkan's cube map face selection table).
 */
unsigned nv_sm_tex_cube_face(const float dir[3])
{
    float ax = fabsf(dir[0]), ay = fabsf(dir[1]), az = fabsf(dir[2]);

    if (az >= ax && az >= ay) {
        return dir[2] < 0 ? 5 : 4;
    }
    if (ay >= ax) {
        return dir[1] < 0 ? 3 : 2;
    }
    return dir[0] < 0 ? 1 : 0;
}

/* The normalised coordinates of a direction on a face (Vulkan's table). */
void nv_sm_tex_cube_project(const float dir[3], unsigned face, float st[2])
{
    unsigned axis = face / 2;
    bool neg = face & 1;
    float ma = fabsf(dir[axis]), sc, tc;

    if (axis == 2) {
        sc = neg ? -dir[0] : dir[0];
        tc = -dir[1];
    } else if (axis == 1) {
        sc = dir[0];
        tc = neg ? -dir[2] : dir[2];
    } else {
        sc = neg ? dir[2] : -dir[2];
        tc = -dir[1];
    }
    st[0] = ma > 0 ? 0.5f * (sc / ma + 1) : 0.5f;
    st[1] = ma > 0 ? 0.5f * (tc / ma + 1) : 0.5f;
}

static unsigned axes(const NvSmTexView *v)
{
    return v->type == NV_TIC_TYPE_3D ? 3 :
           v->type == NV_TIC_TYPE_1D || v->type == NV_TIC_TYPE_1D_ARRAY ? 1 : 2;
}

/* Vulkan's depth comparison of reference dref with a texel's depth. */
static bool depth_pass(int op, float dref, float d)
{
    switch (op) {
    case NV_TSC_COMPARE_LESS:       return dref < d;
    case NV_TSC_COMPARE_EQUAL:      return dref == d;
    case NV_TSC_COMPARE_LEQUAL:     return dref <= d;
    case NV_TSC_COMPARE_GREATER:    return dref > d;
    case NV_TSC_COMPARE_NOTEQUAL:   return dref != d;
    case NV_TSC_COMPARE_GEQUAL:     return dref >= d;
    case NV_TSC_COMPARE_ALWAYS:     return true;
    default:                        return false;   /* NEVER */
    }
}

/* Texel t's R replaced by its comparison with *dref (1.0 or 0.0), when there is one. */
static void depth_compare(const NvSmTexView *v, const NvSmSampler *s, const float *dref,
                          uint32_t t[4])
{
    float ref;

    if (!dref || s->compare < 0) {
        return;
    }
    /* a fixed-point depth compares with the reference clamped to its range */
    ref = v->types[0] == NV_TIC_UNORM ? fminf(fmaxf(*dref, 0.0f), 1.0f) : *dref;
    t[0] = nv_bits_f32(depth_pass(s->compare, ref, nv_f32_of(t[0])) ? 1.0f : 0.0f);
}

bool nv_sm_tex_sample(NvSmWarp *w, const NvSmTexView *v, const NvSmSampler *s,
                      const NvSmTexAt *at, uint32_t out[4], unsigned lane)
{
    const uint32_t size[3] = { v->width, v->height, v->depth };
    unsigned n = axes(v);
    uint32_t layer = MIN(at->layer, v->depth - 1);
    int64_t i0[3] = { 0 }, c[3];
    float a[3] = { 0 }, acc[4] = { 0 };
    bool linear = s->linear && !v->is_int;

    for (unsigned k = 0; k < n; k++) {
        double x = texel_coord(v, s, at->coord[k], size[k], k) + at->offset[k];

        if (linear) {
            double f = x - 0.5;

            i0[k] = (int64_t)floor(f);
            a[k] = (float)(rint((f - floor(f)) * (1 << TEX_FRAC_BITS)) / (1 << TEX_FRAC_BITS));
        } else {
            i0[k] = (int64_t)floor(x);
        }
    }
    if (!linear) {
        if (!fetch_wrapped(w, v, s, i0, layer, out, lane)) {
            return false;
        }
        depth_compare(v, s, at->dref, out);
        return true;
    }
    /* the 2^n texels around the point, weighted by the quantised fractions */
    for (unsigned corner = 0; corner < (1u << n); corner++) {
        uint32_t t[4];
        float weight = 1.0f;

        for (unsigned k = 0; k < 3; k++) {
            unsigned hi = k < n ? (corner >> k) & 1 : 0;

            c[k] = i0[k] + hi;
            weight *= k < n ? (hi ? a[k] : 1.0f - a[k]) : 1.0f;
        }
        if (!fetch_wrapped(w, v, s, c, layer, t, lane)) {
            return false;
        }
        depth_compare(v, s, at->dref, t);   /* before filtering: percentage closer */
        for (unsigned ch = 0; ch < 4; ch++) {
            acc[ch] += weight * nv_f32_of(t[ch]);
        }
    }
    for (unsigned ch = 0; ch < 4; ch++) {
        out[ch] = nv_bits_f32(acc[ch]);
    }
    return true;
}

bool nv_sm_tex_gather(NvSmWarp *w, const NvSmTexView *v, const NvSmSampler *s,
                      const NvSmTexAt *at, unsigned component, uint32_t out[4], unsigned lane)
{
    /* Vulkan's order: (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
    static const uint8_t corner[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
    const uint32_t size[2] = { v->width, v->height };
    uint32_t layer = MIN(at->layer, v->depth - 1);
    int64_t i0[2];

    for (unsigned k = 0; k < 2; k++) {
        i0[k] = (int64_t)floor(texel_coord(v, s, at->coord[k], size[k], k) - 0.5) +
                at->offset[k];
    }
    for (unsigned q = 0; q < 4; q++) {
        int64_t c[3] = { i0[0] + corner[q][0], i0[1] + corner[q][1], 0 };
        uint32_t t[4], sw[4];

        if (!fetch_wrapped(w, v, s, c, layer, t, lane)) {
            return false;
        }
        if (at->dref) {
            depth_compare(v, s, at->dref, t);   /* the comparison of each texel */
            out[q] = t[0];
            continue;
        }
        nv_sm_tex_swizzle(v, t, sw);
        out[q] = sw[component & 3];
    }
    return true;
}

float nv_sm_tex_grad_lod(const NvSmTexView *v, const NvSmSampler *s, const float ddx[3],
                         const float ddy[3], unsigned n)
{
    const uint32_t size[3] = { v->width, v->height, v->depth };
    bool texels = !v->normalized || s->unnormalized;
    double rx = 0, ry = 0, lod;

    for (unsigned k = 0; k < n && k < 3; k++) {
        double scale = texels ? 1.0 : size[k];

        rx += (ddx[k] * scale) * (ddx[k] * scale);
        ry += (ddy[k] * scale) * (ddy[k] * scale);
    }
    /* log2 of the longer scaled gradient, with the LOD unit's 8 fraction bits */
    lod = 0.5 * log2(fmax(rx, ry));
    lod = isnan(lod) ? TEX_LOD_LIMIT : fmin(fmax(lod, -TEX_LOD_LIMIT), TEX_LOD_LIMIT);
    return (float)(rint(lod * (1 << TEX_FRAC_BITS)) / (1 << TEX_FRAC_BITS));
}
