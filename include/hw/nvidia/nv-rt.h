/*
 * Render-target formats of the 3D class (TURING_A SET_COLOR_TARGET_FORMAT
 * and SET_ZT_FORMAT values, from NVIDIA's class header clc597.h) and how
 * the model lays their components out in memory.
 *
 * Names list components from the most significant bits down (A8B8G8R8:
 * R in bits 7..0), multi-word formats word by word from R (RF32_GF32: R
 * the first word). Letters: F float, S signed int, U unsigned int, N
 * signed normalised, none unsigned normalised, L sRGB-encoded unsigned
 * normalised.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_RT_H
#define HW_NVIDIA_NV_RT_H

#include "hw/nvidia/nv-fields.h"

/* How a component is stored. */
enum {
    NV_RT_UNORM, NV_RT_SNORM, NV_RT_UINT, NV_RT_SINT, NV_RT_FLOAT, NV_RT_SRGB,
};

/*
 * Colour formats: X(name, value, bytes, type, R bits, G bits, B bits,
 * A bits, swap_rb); components are packed R, G, B, A from bit 0 up (B,
 * G, R, A with swap_rb). sRGB formats store A linear. FLOAT components of
 * 11 and 10 bits are unsigned floats with a 5-bit exponent (nv-f16.h).
 */
#define NV_RT_COLOR_FORMATS(X) \
    X(RF32_GF32_BF32_AF32, 0xc0, 16, NV_RT_FLOAT, 32, 32, 32, 32, 0) \
    X(RS32_GS32_BS32_AS32, 0xc1, 16, NV_RT_SINT, 32, 32, 32, 32, 0) \
    X(RU32_GU32_BU32_AU32, 0xc2, 16, NV_RT_UINT, 32, 32, 32, 32, 0) \
    X(R16_G16_B16_A16, 0xc6, 8, NV_RT_UNORM, 16, 16, 16, 16, 0) \
    X(RN16_GN16_BN16_AN16, 0xc7, 8, NV_RT_SNORM, 16, 16, 16, 16, 0) \
    X(RS16_GS16_BS16_AS16, 0xc8, 8, NV_RT_SINT, 16, 16, 16, 16, 0) \
    X(RU16_GU16_BU16_AU16, 0xc9, 8, NV_RT_UINT, 16, 16, 16, 16, 0) \
    X(RF16_GF16_BF16_AF16, 0xca, 8, NV_RT_FLOAT, 16, 16, 16, 16, 0) \
    X(RF32_GF32, 0xcb, 8, NV_RT_FLOAT, 32, 32, 0, 0, 0) \
    X(RS32_GS32, 0xcc, 8, NV_RT_SINT, 32, 32, 0, 0, 0) \
    X(RU32_GU32, 0xcd, 8, NV_RT_UINT, 32, 32, 0, 0, 0) \
    X(A8R8G8B8, 0xcf, 4, NV_RT_UNORM, 8, 8, 8, 8, 1) \
    X(A8RL8GL8BL8, 0xd0, 4, NV_RT_SRGB, 8, 8, 8, 8, 1) \
    X(A2B10G10R10, 0xd1, 4, NV_RT_UNORM, 10, 10, 10, 2, 0) \
    X(BF10GF11RF11, 0xe0, 4, NV_RT_FLOAT, 11, 11, 10, 0, 0) \
    X(R5G6B5, 0xe8, 2, NV_RT_UNORM, 5, 6, 5, 0, 1) \
    X(A1R5G5B5, 0xe9, 2, NV_RT_UNORM, 5, 5, 5, 1, 1) \
    X(X1R5G5B5, 0xf8, 2, NV_RT_UNORM, 5, 5, 5, 0, 1) \
    X(AU2BU10GU10RU10, 0xd2, 4, NV_RT_UINT, 10, 10, 10, 2, 0) \
    X(A8B8G8R8, 0xd5, 4, NV_RT_UNORM, 8, 8, 8, 8, 0) \
    X(A8BL8GL8RL8, 0xd6, 4, NV_RT_SRGB, 8, 8, 8, 8, 0) \
    X(AN8BN8GN8RN8, 0xd7, 4, NV_RT_SNORM, 8, 8, 8, 8, 0) \
    X(AS8BS8GS8RS8, 0xd8, 4, NV_RT_SINT, 8, 8, 8, 8, 0) \
    X(AU8BU8GU8RU8, 0xd9, 4, NV_RT_UINT, 8, 8, 8, 8, 0) \
    X(R16_G16, 0xda, 4, NV_RT_UNORM, 16, 16, 0, 0, 0) \
    X(RN16_GN16, 0xdb, 4, NV_RT_SNORM, 16, 16, 0, 0, 0) \
    X(RS16_GS16, 0xdc, 4, NV_RT_SINT, 16, 16, 0, 0, 0) \
    X(RU16_GU16, 0xdd, 4, NV_RT_UINT, 16, 16, 0, 0, 0) \
    X(RF16_GF16, 0xde, 4, NV_RT_FLOAT, 16, 16, 0, 0, 0) \
    X(RS32, 0xe3, 4, NV_RT_SINT, 32, 0, 0, 0, 0) \
    X(RU32, 0xe4, 4, NV_RT_UINT, 32, 0, 0, 0, 0) \
    X(RF32, 0xe5, 4, NV_RT_FLOAT, 32, 0, 0, 0, 0) \
    X(G8R8, 0xea, 2, NV_RT_UNORM, 8, 8, 0, 0, 0) \
    X(GN8RN8, 0xeb, 2, NV_RT_SNORM, 8, 8, 0, 0, 0) \
    X(GS8RS8, 0xec, 2, NV_RT_SINT, 8, 8, 0, 0, 0) \
    X(GU8RU8, 0xed, 2, NV_RT_UINT, 8, 8, 0, 0, 0) \
    X(R16, 0xee, 2, NV_RT_UNORM, 16, 0, 0, 0, 0) \
    X(RN16, 0xef, 2, NV_RT_SNORM, 16, 0, 0, 0, 0) \
    X(RS16, 0xf0, 2, NV_RT_SINT, 16, 0, 0, 0, 0) \
    X(RU16, 0xf1, 2, NV_RT_UINT, 16, 0, 0, 0, 0) \
    X(RF16, 0xf2, 2, NV_RT_FLOAT, 16, 0, 0, 0, 0) \
    X(R8, 0xf3, 1, NV_RT_UNORM, 8, 0, 0, 0, 0) \
    X(RN8, 0xf4, 1, NV_RT_SNORM, 8, 0, 0, 0, 0) \
    X(RS8, 0xf5, 1, NV_RT_SINT, 8, 0, 0, 0, 0) \
    X(RU8, 0xf6, 1, NV_RT_UINT, 8, 0, 0, 0, 0)

#define NV_RT_FORMAT_ENUM(name, value, ...) NV_RT_FMT_##name = (value),
enum { NV_RT_FMT_DISABLED = 0, NV_RT_COLOR_FORMATS(NV_RT_FORMAT_ENUM) };

/*
 * Depth/stencil formats: X(name, value, bytes, depth bits, its lowest bit,
 * stencil bits, its lowest bit); 32-bit depth is a float. The same layouts
 * as the texture headers' depth formats (nv-tex.h), so a depth buffer the
 * 3D class clears samples back as written.
 */
#define NV_RT_DEPTH_FORMATS(X) \
    X(ZF32, 0x0a, 4, 32, 0, 0, 0) \
    X(Z16, 0x13, 2, 16, 0, 0, 0) \
    X(Z24S8, 0x14, 4, 24, 8, 8, 0) \
    X(X8Z24, 0x15, 4, 24, 0, 0, 0) \
    X(S8Z24, 0x16, 4, 24, 0, 8, 24) \
    X(S8, 0x17, 1, 0, 0, 8, 0) \
    X(ZF32_X24S8, 0x19, 8, 32, 0, 8, 32)

enum { NV_RT_DEPTH_FORMATS(NV_RT_FORMAT_ENUM) };
#undef NV_RT_FORMAT_ENUM

/* SET_COLOR_TARGET_MEMORY LAYOUT; THIRD_DIMENSION_CONTROL; SET_ZT_SIZE_C CONTROL. */
enum { NV_RT_LAYOUT_BLOCKLINEAR = 0, NV_RT_LAYOUT_PITCH = 1 };
enum { NV_RT_THIRD_DIM_ARRAY = 0, NV_RT_THIRD_DIM_DEPTH = 1 };
enum { NV_RT_ZT_THIRD_DIM_ARRAY = 0, NV_RT_ZT_ARRAY_SIZE_IS_ONE = 1 };

/*
 * SET_REPORT_SEMAPHORE_D: OPERATION, STRUCTURE_SIZE and the counters REPORT
 * selects. The 3D class (c597) and the compute class (c5c0) place the
 * fields of a release alike:
 */
NV_FIELD(RS_D, OPERATION, 0, 2)
NV_FIELD(RS_D, REDUCTION_ENABLE, 3, 1)
NV_FIELD(RS_D, REDUCTION_OP, 9, 3)
NV_FIELD(RS_D, REDUCTION_FORMAT, 17, 2)
NV_FIELD(RS_D, STRUCTURE_SIZE, 28, 1)
enum {
    NV_RS_OP_RELEASE = 0, NV_RS_OP_ACQUIRE = 1, NV_RS_OP_REPORT_ONLY = 2, NV_RS_OP_TRAP = 3,
};
enum { NV_RS_FOUR_WORDS = 0, NV_RS_ONE_WORD = 1 };
#define NV_RS_REPORTS(X) \
    X(NONE, 0x00) X(DA_VERTICES_GENERATED, 0x01) X(ZPASS_PIXEL_CNT, 0x02) \
    X(DA_PRIMITIVES_GENERATED, 0x03) X(ALPHA_BETA_CLOCKS, 0x04) X(VS_INVOCATIONS, 0x05) \
    X(STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED, 0x06) X(GS_INVOCATIONS, 0x07) \
    X(GS_PRIMITIVES_GENERATED, 0x09) X(ZCULL_STATS0, 0x0a) \
    X(STREAMING_PRIMITIVES_SUCCEEDED, 0x0b) X(ZCULL_STATS1, 0x0c) \
    X(STREAMING_PRIMITIVES_NEEDED, 0x0d) X(ZCULL_STATS2, 0x0e) X(CLIPPER_INVOCATIONS, 0x0f) \
    X(ZCULL_STATS3, 0x10) X(CLIPPER_PRIMITIVES_GENERATED, 0x11) X(VTG_PRIMITIVES_OUT, 0x12) \
    X(PS_INVOCATIONS, 0x13) X(ZPASS_PIXEL_CNT64, 0x15) X(STREAMING_BYTE_COUNT, 0x1a) \
    X(TI_INVOCATIONS, 0x1b) X(TS_INVOCATIONS, 0x1d) \
    X(TOTAL_STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED, 0x1e) X(TS_PRIMITIVES_GENERATED, 0x1f)

#define NV_RS_REPORT_ENUM(name, v) NV_RS_REPORT_##name = (v),
enum { NV_RS_REPORTS(NV_RS_REPORT_ENUM) NV_RS_REPORT_COUNT = 0x20 };
#undef NV_RS_REPORT_ENUM

#endif
