/*
 * Turing texture descriptors: the texture header (TIC, "TEXHEAD") and the
 * sampler (TSC, "TEXSAMP"), 32 bytes each, in the pools the compute and 3D
 * classes point at (SET_TEX_HEADER_POOL_*, SET_TEX_SAMPLER_POOL_*). Bit
 * positions across the 256-bit descriptor, as NVIDIA's clc597tex.h lays
 * out TEXHEAD_BL / TEXHEAD_PITCH and TEXSAMP0..7 (see
 * ../shared/reference/turing-3d.md §3.2). A handle names a header in bits
 * 19..0 and a sampler in bits 31..20.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_TEX_H
#define HW_NVIDIA_NV_TEX_H

#include <stdint.h>

#include "hw/nvidia/nv-fields.h"

#define NV_TEX_DESC_BYTES       32
#define NV_TEX_DESC_DWORDS      8
#define NV_TEX_HANDLE_TIC_BITS  20
#define NV_TEX_HANDLE_TIC_MASK  ((1u << NV_TEX_HANDLE_TIC_BITS) - 1)

/* X(name, bit, width) */
#define NV_TIC_FIELDS(X) \
    X(COMPONENTS, 0, 7) \
    X(R_DATA_TYPE, 7, 3) \
    X(G_DATA_TYPE, 10, 3) \
    X(B_DATA_TYPE, 13, 3) \
    X(A_DATA_TYPE, 16, 3) \
    X(X_SOURCE, 19, 3) \
    X(Y_SOURCE, 22, 3) \
    X(Z_SOURCE, 25, 3) \
    X(W_SOURCE, 28, 3) \
    X(PACK_COMPONENTS, 31, 1) \
    X(PITCH_ADDRESS_BITS31TO5, 37, 27) \
    X(BL_ADDRESS_BITS31TO9, 41, 23) \
    X(ADDRESS_BITS48TO32, 64, 17) \
    X(HEADER_VERSION, 85, 3) \
    X(PITCH_BITS20TO5, 96, 16) \
    X(GOBS_PER_BLOCK_WIDTH, 96, 3) \
    X(GOBS_PER_BLOCK_HEIGHT, 99, 3) \
    X(GOBS_PER_BLOCK_DEPTH, 102, 3) \
    X(TILE_WIDTH_IN_GOBS, 106, 3) \
    X(GOB3D, 109, 1) \
    X(DEPTH_TEXTURE, 123, 1) \
    X(MAX_MIP_LEVEL, 124, 4) \
    X(WIDTH_MINUS_ONE, 128, 17) \
    X(PITCH_BIT21, 145, 1) \
    X(S_R_G_B_CONVERSION, 150, 1) \
    X(TEXTURE_TYPE, 151, 4) \
    X(HEIGHT_MINUS_ONE, 160, 16) \
    X(DEPTH_MINUS_ONE, 176, 14) \
    X(NORMALIZED_COORDS, 191, 1) \
    X(RES_VIEW_MIN_MIP_LEVEL, 224, 4) \
    X(RES_VIEW_MAX_MIP_LEVEL, 228, 4)

#define NV_TSC_FIELDS(X) \
    X(ADDRESS_U, 0, 3) \
    X(ADDRESS_V, 3, 3) \
    X(ADDRESS_P, 6, 3) \
    X(DEPTH_COMPARE, 9, 1) \
    X(DEPTH_COMPARE_FUNC, 10, 3) \
    X(MAG_FILTER, 32, 3) \
    X(MIN_FILTER, 36, 2) \
    X(MIP_FILTER, 38, 2) \
    X(MIP_LOD_BIAS, 44, 13) \
    X(FLOAT_COORD_NORMALIZATION, 57, 1) \
    X(MIN_LOD_CLAMP, 64, 12) \
    X(MAX_LOD_CLAMP, 76, 12) \
    X(BORDER_COLOR_R, 128, 32) \
    X(BORDER_COLOR_G, 160, 32) \
    X(BORDER_COLOR_B, 192, 32) \
    X(BORDER_COLOR_A, 224, 32)

#define NV_TEX_FIELD_ENUM(name, bit, width) \
    NV_TIC_##name##_BIT = (bit), NV_TIC_##name##_WIDTH = (width),
enum { NV_TIC_FIELDS(NV_TEX_FIELD_ENUM) };
#undef NV_TEX_FIELD_ENUM
#define NV_TEX_FIELD_ENUM(name, bit, width) \
    NV_TSC_##name##_BIT = (bit), NV_TSC_##name##_WIDTH = (width),
enum { NV_TSC_FIELDS(NV_TEX_FIELD_ENUM) };
#undef NV_TEX_FIELD_ENUM

/* HEADER_VERSION */
enum { NV_TIC_HEADER_PITCH = 2, NV_TIC_HEADER_BLOCKLINEAR = 3 };

/* TEXTURE_TYPE */
enum {
    NV_TIC_TYPE_1D = 0, NV_TIC_TYPE_2D = 1, NV_TIC_TYPE_3D = 2, NV_TIC_TYPE_CUBE = 3,
    NV_TIC_TYPE_1D_ARRAY = 4, NV_TIC_TYPE_2D_ARRAY = 5, NV_TIC_TYPE_1D_BUFFER = 6,
    NV_TIC_TYPE_2D_NO_MIPMAP = 7, NV_TIC_TYPE_CUBE_ARRAY = 8,
};

/* R/G/B/A_DATA_TYPE */
enum {
    NV_TIC_SNORM = 1, NV_TIC_UNORM = 2, NV_TIC_SINT = 3, NV_TIC_UINT = 4, NV_TIC_FLOAT = 7,
};

/* X/Y/Z/W_SOURCE */
enum {
    NV_TIC_SRC_ZERO = 0, NV_TIC_SRC_R = 2, NV_TIC_SRC_G = 3, NV_TIC_SRC_B = 4, NV_TIC_SRC_A = 5,
    NV_TIC_SRC_ONE_INT = 6, NV_TIC_SRC_ONE_FLOAT = 7,
};

/*
 * COMPONENTS: X(name, value, bits of R, G, B, A). Components are packed from
 * bit 0 up in R, G, B, A order (A8B8G8R8: R in the lowest byte).
 */
#define NV_TIC_FORMATS(X) \
    X(R32_G32_B32_A32, 0x01, 32, 32, 32, 32) \
    X(R32_G32_B32, 0x02, 32, 32, 32, 0) \
    X(R16_G16_B16_A16, 0x03, 16, 16, 16, 16) \
    X(R32_G32, 0x04, 32, 32, 0, 0) \
    X(A8B8G8R8, 0x08, 8, 8, 8, 8) \
    X(A2B10G10R10, 0x09, 10, 10, 10, 2) \
    X(R16_G16, 0x0c, 16, 16, 0, 0) \
    X(R32, 0x0f, 32, 0, 0, 0) \
    X(G8R8, 0x18, 8, 8, 0, 0) \
    X(R16, 0x1b, 16, 0, 0, 0) \
    X(R8, 0x1d, 8, 0, 0, 0) \
    X(BF10GF11RF11, 0x21, 11, 11, 10, 0)

#define NV_TIC_FORMAT_ENUM(name, value, r, g, b, a) NV_TIC_FMT_##name = (value),
enum { NV_TIC_FORMATS(NV_TIC_FORMAT_ENUM) };
#undef NV_TIC_FORMAT_ENUM

/*
 * Depth/stencil COMPONENTS: X(name, value, bytes, depth bits, its lowest
 * bit, stencil bits, its lowest bit). Depth reads as R, stencil as G. The
 * names list components from the most significant bits down (S8Z24: stencil
 * in bits 31..24), as the colour formats' do (A8B8G8R8).
 */
#define NV_TIC_DEPTH_FORMATS(X) \
    X(Z16, 0x3a, 2, 16, 0, 0, 0) \
    X(ZF32, 0x2f, 4, 32, 0, 0, 0) \
    X(X8Z24, 0x2a, 4, 24, 0, 0, 0) \
    X(S8Z24, 0x2b, 4, 24, 0, 8, 24) \
    X(Z24S8, 0x29, 4, 24, 8, 8, 0) \
    X(ZF32_X24S8, 0x30, 8, 32, 0, 8, 32)

#define NV_TIC_FORMAT_ENUM(name, value, bytes, zb, zp, sb, sp) NV_TIC_FMT_##name = (value),
enum { NV_TIC_DEPTH_FORMATS(NV_TIC_FORMAT_ENUM) };
#undef NV_TIC_FORMAT_ENUM

/* TSC ADDRESS_U/V/P */
enum {
    NV_TSC_WRAP = 0, NV_TSC_MIRROR = 1, NV_TSC_CLAMP_TO_EDGE = 2, NV_TSC_BORDER = 3,
    NV_TSC_CLAMP_OGL = 4,
};
/* TSC MAG_FILTER / MIN_FILTER */
enum { NV_TSC_FILTER_POINT = 1, NV_TSC_FILTER_LINEAR = 2 };
/* TSC DEPTH_COMPARE_FUNC (VkCompareOp's order): reference OP texel */
enum {
    NV_TSC_COMPARE_NEVER = 0, NV_TSC_COMPARE_LESS = 1, NV_TSC_COMPARE_EQUAL = 2,
    NV_TSC_COMPARE_LEQUAL = 3, NV_TSC_COMPARE_GREATER = 4, NV_TSC_COMPARE_NOTEQUAL = 5,
    NV_TSC_COMPARE_GEQUAL = 6, NV_TSC_COMPARE_ALWAYS = 7,
};
/* TSC MIP_FILTER */
enum { NV_TSC_MIP_NONE = 1, NV_TSC_MIP_POINT = 2, NV_TSC_MIP_LINEAR = 3 };

/* A field of a 256-bit descriptor (width <= 32, may straddle two dwords). */
static inline uint32_t nv_tex_get(const uint32_t d[NV_TEX_DESC_DWORDS], unsigned bit,
                                  unsigned width)
{
    return nv_dwords_get(d, NV_TEX_DESC_DWORDS, bit, width);
}

static inline void nv_tex_set(uint32_t d[NV_TEX_DESC_DWORDS], unsigned bit, unsigned width,
                              uint32_t v)
{
    nv_dwords_set(d, NV_TEX_DESC_DWORDS, bit, width, v);
}

#define NV_TIC_GET(d, name) nv_tex_get((d), NV_TIC_##name##_BIT, NV_TIC_##name##_WIDTH)
#define NV_TIC_SET(d, name, v) nv_tex_set((d), NV_TIC_##name##_BIT, NV_TIC_##name##_WIDTH, (v))
#define NV_TSC_GET(d, name) nv_tex_get((d), NV_TSC_##name##_BIT, NV_TSC_##name##_WIDTH)
#define NV_TSC_SET(d, name, v) nv_tex_set((d), NV_TSC_##name##_BIT, NV_TSC_##name##_WIDTH, (v))

#endif
