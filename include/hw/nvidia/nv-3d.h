/*
 * Values of the 3D class's draw-pipeline methods (TURING_A, NVIDIA's class
 * header clc597.h) and the fields of the shader program header (SPH,
 * NVIDIA's Shader-Program-Header document; version 3, 32 dwords on Turing)
 * that the model's pipeline reads. Method offsets and field positions come
 * from methods/c597.h; these are the enumerated values inside them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_3D_H
#define HW_NVIDIA_NV_3D_H

#include "hw/nvidia/nv-fields.h"

/* BEGIN: OP, INSTANCE_ID */
enum {
    NV_3D_OP_POINTS = 0x0, NV_3D_OP_LINES = 0x1, NV_3D_OP_LINE_LOOP = 0x2,
    NV_3D_OP_LINE_STRIP = 0x3, NV_3D_OP_TRIANGLES = 0x4, NV_3D_OP_TRIANGLE_STRIP = 0x5,
    NV_3D_OP_TRIANGLE_FAN = 0x6, NV_3D_OP_QUADS = 0x7, NV_3D_OP_QUAD_STRIP = 0x8,
    NV_3D_OP_POLYGON = 0x9, NV_3D_OP_LINELIST_ADJCY = 0xa, NV_3D_OP_LINESTRIP_ADJCY = 0xb,
    NV_3D_OP_TRIANGLELIST_ADJCY = 0xc, NV_3D_OP_TRIANGLESTRIP_ADJCY = 0xd, NV_3D_OP_PATCH = 0xe,
};
NV_FIELD(3D_BEGIN, OP, 0, 16)

/*
 * SET_PRIMITIVE_TOPOLOGY (used instead of the draw methods' topology when
 * SET_PRIMITIVE_TOPOLOGY_CONTROL says USE_SEPARATE_TOPOLOGY_STATE): X(name,
 * value, the BEGIN op it draws as). The LEGACY_* values name how the vertex
 * distributor fetched; the primitives they make are those of the plain op.
 */
#define NV_3D_TOPOLOGIES(X) \
    X(POINTLIST, 0x0001, NV_3D_OP_POINTS) \
    X(LINELIST, 0x0002, NV_3D_OP_LINES) \
    X(LINESTRIP, 0x0003, NV_3D_OP_LINE_STRIP) \
    X(TRIANGLELIST, 0x0004, NV_3D_OP_TRIANGLES) \
    X(TRIANGLESTRIP, 0x0005, NV_3D_OP_TRIANGLE_STRIP) \
    X(LINELIST_ADJCY, 0x000a, NV_3D_OP_LINELIST_ADJCY) \
    X(LINESTRIP_ADJCY, 0x000b, NV_3D_OP_LINESTRIP_ADJCY) \
    X(TRIANGLELIST_ADJCY, 0x000c, NV_3D_OP_TRIANGLELIST_ADJCY) \
    X(TRIANGLESTRIP_ADJCY, 0x000d, NV_3D_OP_TRIANGLESTRIP_ADJCY) \
    X(PATCHLIST, 0x000e, NV_3D_OP_PATCH) \
    X(LEGACY_POINTS, 0x1001, NV_3D_OP_POINTS) \
    X(LEGACY_INDEXEDLINELIST, 0x1002, NV_3D_OP_LINES) \
    X(LEGACY_INDEXEDTRIANGLELIST, 0x1003, NV_3D_OP_TRIANGLES) \
    X(LEGACY_LINELIST, 0x100f, NV_3D_OP_LINES) \
    X(LEGACY_LINESTRIP, 0x1010, NV_3D_OP_LINE_STRIP) \
    X(LEGACY_INDEXEDLINESTRIP, 0x1011, NV_3D_OP_LINE_STRIP) \
    X(LEGACY_TRIANGLELIST, 0x1012, NV_3D_OP_TRIANGLES) \
    X(LEGACY_TRIANGLESTRIP, 0x1013, NV_3D_OP_TRIANGLE_STRIP) \
    X(LEGACY_INDEXEDTRIANGLESTRIP, 0x1014, NV_3D_OP_TRIANGLE_STRIP) \
    X(LEGACY_TRIANGLEFAN, 0x1015, NV_3D_OP_TRIANGLE_FAN) \
    X(LEGACY_INDEXEDTRIANGLEFAN, 0x1016, NV_3D_OP_TRIANGLE_FAN) \
    X(LEGACY_TRIANGLEFAN_IMM, 0x1017, NV_3D_OP_TRIANGLE_FAN) \
    X(LEGACY_LINELIST_IMM, 0x1018, NV_3D_OP_LINES) \
    X(LEGACY_INDEXEDTRIANGLELIST2, 0x101a, NV_3D_OP_TRIANGLES) \
    X(LEGACY_INDEXEDLINELIST2, 0x101b, NV_3D_OP_LINES)
/* SET_PRIMITIVE_TOPOLOGY_CONTROL OVERRIDE */
enum { NV_3D_TOPOLOGY_IN_BEGIN = 0, NV_3D_TOPOLOGY_SEPARATE = 1 };
NV_FIELD(3D_BEGIN, INSTANCE_ID, 26, 2)
enum { NV_3D_INSTANCE_FIRST = 0, NV_3D_INSTANCE_SUBSEQUENT = 1, NV_3D_INSTANCE_UNCHANGED = 2 };

/* SET_USER_CLIP_ENABLE: plane i at bit i; SET_USER_CLIP_OP: plane i's CULL at bit 4 * i */
#define NV_3D_USER_CLIPS            8
#define NV_3D_USER_CLIP_OP_SHIFT(i) (4 * (i))

/* SET_RT_LAYER CONTROL */
enum { NV_3D_RT_LAYER_FROM_METHOD = 0, NV_3D_RT_LAYER_FROM_SHADER = 1 };

/* SET_PS_SATURATE: OUTPUTj and CLAMP_RANGEj repeat every 4 bits */
#define NV_3D_PS_SATURATE_STRIDE    4

/* SET_FRONT_POLYGON_MODE, SET_BACK_POLYGON_MODE */
enum { NV_3D_POLYGON_POINT = 0x1b00, NV_3D_POLYGON_LINE = 0x1b01, NV_3D_POLYGON_FILL = 0x1b02 };
/* SET_POINT_SPRITE_SELECT ORIGIN: where the sprite's t = 0 is */
enum { NV_3D_SPRITE_ORIGIN_BOTTOM = 0, NV_3D_SPRITE_ORIGIN_TOP = 1 };

/* SET_INDEX_BUFFER_E INDEX_SIZE: bytes = 1 << value */
enum { NV_3D_INDEX_ONE_BYTE = 0, NV_3D_INDEX_TWO_BYTES = 1, NV_3D_INDEX_FOUR_BYTES = 2 };

/*
 * SET_VERTEX_ATTRIBUTE_A COMPONENT_BIT_WIDTHS: X(name, value, bits of R,
 * G, B, A) from the lowest address up (0: the component is not fetched).
 */
#define NV_3D_VERTEX_FORMATS(X) \
    X(R32_G32_B32_A32, 0x01, 32, 32, 32, 32) \
    X(R32_G32_B32, 0x02, 32, 32, 32, 0) \
    X(R16_G16_B16_A16, 0x03, 16, 16, 16, 16) \
    X(R32_G32, 0x04, 32, 32, 0, 0) \
    X(R16_G16_B16, 0x05, 16, 16, 16, 0) \
    X(A8B8G8R8, 0x2f, 8, 8, 8, 8) \
    X(R8_G8_B8_A8, 0x0a, 8, 8, 8, 8) \
    X(X8B8G8R8, 0x33, 8, 8, 8, 0) \
    X(A2B10G10R10, 0x30, 10, 10, 10, 2) \
    X(R16_G16, 0x0f, 16, 16, 0, 0) \
    X(R32, 0x12, 32, 0, 0, 0) \
    X(R8_G8_B8, 0x13, 8, 8, 8, 0) \
    X(G8R8, 0x32, 8, 8, 0, 0) \
    X(R8_G8, 0x18, 8, 8, 0, 0) \
    X(R16, 0x1b, 16, 0, 0, 0) \
    X(R8, 0x1d, 8, 0, 0, 0)

/* SET_VERTEX_ATTRIBUTE_A NUMERICAL_TYPE */
enum {
    NV_3D_NUM_SNORM = 1, NV_3D_NUM_UNORM = 2, NV_3D_NUM_SINT = 3, NV_3D_NUM_UINT = 4,
    NV_3D_NUM_USCALED = 5, NV_3D_NUM_SSCALED = 6, NV_3D_NUM_FLOAT = 7,
};
enum { NV_3D_ATTR_SOURCE_ACTIVE = 0, NV_3D_ATTR_SOURCE_INACTIVE = 1 };

/* SET_PIPELINE_SHADER TYPE (and the SPH's ShaderType): the stage index is the type */
enum {
    NV_3D_STAGE_VERTEX_CULL_BEFORE_FETCH = 0, NV_3D_STAGE_VERTEX = 1,
    NV_3D_STAGE_TESSELLATION_INIT = 2, NV_3D_STAGE_TESSELLATION = 3,
    NV_3D_STAGE_GEOMETRY = 4, NV_3D_STAGE_PIXEL = 5, NV_3D_STAGES = 6,
};
#define NV_3D_BIND_GROUPS   5           /* BIND_GROUP_CONSTANT_BUFFER(g) */
#define NV_3D_CB_SLOTS      18          /* SHADER_SLOT: c[0]..c[17] */
#define NV_3D_ATTRIBUTES    32          /* SET_VERTEX_ATTRIBUTE_A(i), i < 32 (A then B) */
#define NV_3D_STREAMS       16          /* SET_VERTEX_STREAM_A_*(j) */
#define NV_3D_TARGETS       8

/* OGL_SET_FRONT_FACE, OGL_SET_CULL_FACE; SET_WINDOW_ORIGIN MODE */
enum { NV_3D_FACE_CW = 0x900, NV_3D_FACE_CCW = 0x901 };
enum { NV_3D_CULL_FRONT = 0x404, NV_3D_CULL_BACK = 0x405, NV_3D_CULL_FRONT_AND_BACK = 0x408 };
enum { NV_3D_ORIGIN_UPPER_LEFT = 0, NV_3D_ORIGIN_LOWER_LEFT = 1 };

/* SET_SHADE_MODE: how IPA.STATE interpolates the colour attributes */
enum { NV_3D_SHADE_FLAT = 0x1, NV_3D_SHADE_OGL_FLAT = 0x1d00 };

/* SET_VIEWPORT_Z_CLIP RANGE; SET_PROVOKING_VERTEX */
enum { NV_3D_Z_CLIP_NEGATIVE_W = 0, NV_3D_Z_CLIP_ZERO = 1 };
enum { NV_3D_PROVOKING_FIRST = 0, NV_3D_PROVOKING_LAST = 1 };

/* SET_DEPTH_FUNC (OpenGL and Direct3D spellings of the same eight tests) */
enum { NV_3D_OGL_NEVER = 0x200, NV_3D_OGL_ALWAYS = 0x207, NV_3D_D3D_NEVER = 1, NV_3D_D3D_ALWAYS = 8 };

/* SET_STENCIL_OP_* (and the BACK_ ones): the OpenGL and Direct3D spellings */
enum {
    NV_3D_SOP_OGL_KEEP = 0x1e00, NV_3D_SOP_OGL_ZERO = 0, NV_3D_SOP_OGL_REPLACE = 0x1e01,
    NV_3D_SOP_OGL_INCRSAT = 0x1e02, NV_3D_SOP_OGL_DECRSAT = 0x1e03, NV_3D_SOP_OGL_INVERT = 0x150a,
    NV_3D_SOP_OGL_INCR = 0x8507, NV_3D_SOP_OGL_DECR = 0x8508,
    NV_3D_SOP_D3D_KEEP = 1, NV_3D_SOP_D3D_ZERO = 2, NV_3D_SOP_D3D_REPLACE = 3,
    NV_3D_SOP_D3D_INCRSAT = 4, NV_3D_SOP_D3D_DECRSAT = 5, NV_3D_SOP_D3D_INVERT = 6,
    NV_3D_SOP_D3D_INCR = 7, NV_3D_SOP_D3D_DECR = 8,
};

/* SET_BLEND_PER_TARGET_*_OP */
enum {
    NV_3D_BLEND_OGL_ADD = 0x8006, NV_3D_BLEND_OGL_MIN = 0x8007, NV_3D_BLEND_OGL_MAX = 0x8008,
    NV_3D_BLEND_OGL_SUBTRACT = 0x800a, NV_3D_BLEND_OGL_REVERSE_SUBTRACT = 0x800b,
    NV_3D_BLEND_D3D_ADD = 1, NV_3D_BLEND_D3D_SUBTRACT = 2, NV_3D_BLEND_D3D_REVSUBTRACT = 3,
    NV_3D_BLEND_D3D_MIN = 4, NV_3D_BLEND_D3D_MAX = 5,
};

/* SET_BLEND_PER_TARGET_*_COEFF (the OpenGL spellings NVK and nvc0 send) */
enum {
    NV_3D_COEF_ZERO = 0x4000, NV_3D_COEF_ONE = 0x4001,
    NV_3D_COEF_SRC_COLOR = 0x4300, NV_3D_COEF_ONE_MINUS_SRC_COLOR = 0x4301,
    NV_3D_COEF_SRC_ALPHA = 0x4302, NV_3D_COEF_ONE_MINUS_SRC_ALPHA = 0x4303,
    NV_3D_COEF_DST_ALPHA = 0x4304, NV_3D_COEF_ONE_MINUS_DST_ALPHA = 0x4305,
    NV_3D_COEF_DST_COLOR = 0x4306, NV_3D_COEF_ONE_MINUS_DST_COLOR = 0x4307,
    NV_3D_COEF_SRC_ALPHA_SATURATE = 0x4308,
    NV_3D_COEF_CONSTANT_COLOR = 0xc001, NV_3D_COEF_ONE_MINUS_CONSTANT_COLOR = 0xc002,
    NV_3D_COEF_CONSTANT_ALPHA = 0xc003, NV_3D_COEF_ONE_MINUS_CONSTANT_ALPHA = 0xc004,
};

/* SET_CT_WRITE: one enable bit per component, R at bit 0, G 4, B 8, A 12 */
#define NV_3D_CT_WRITE_SHIFT(c) ((c) * 4)

/* FERMI_TWOD_A (cl902d.h): surface layouts, the copy operation, PIXELS_FROM_MEMORY sampling */
enum { NV_2D_LAYOUT_BLOCKLINEAR = 0, NV_2D_LAYOUT_PITCH = 1 };
enum { NV_2D_OP_SRCCOPY = 3 };
enum { NV_2D_ORIGIN_CENTER = 0, NV_2D_ORIGIN_CORNER = 1 };
enum { NV_2D_FILTER_POINT = 0, NV_2D_FILTER_BILINEAR = 1 };

/* ---- the shader program header: bit positions in its 32-dword array ---- */
#define NV_SPH_DWORDS           32
#define NV_SPH_BYTES            (NV_SPH_DWORDS * 4)     /* code starts after it */
#define NV_SPH_TYPE             0, 5        /* 1 VTG, 2 PS */
#define NV_SPH_SHADER_TYPE      10, 4       /* NV_3D_STAGE_* */
#define NV_SPH_MRT_ENABLE       14, 1       /* PS: each target its own output (else 0 to all) */
#define NV_SPH_LOCAL_LOW_SIZE   32, 24      /* bytes of local memory per thread */
#define NV_SPH_PS_IMAP_GENERIC  192         /* PS: 2 bits per generic component (NV_SPH_IMAP_*) */
#define NV_SPH_PS_OMAP_TARGETS  576         /* PS: 4 bits per target, components written */
#define NV_SPH_PS_OMAP_SAMPLE_MASK  608, 1
#define NV_SPH_PS_OMAP_DEPTH    609, 1
enum { NV_SPH_TYPE_VTG = 1, NV_SPH_TYPE_PS = 2 };
enum { NV_SPH_IMAP_UNUSED = 0, NV_SPH_IMAP_CONSTANT = 1, NV_SPH_IMAP_PERSPECTIVE = 2,
       NV_SPH_IMAP_LINEAR = 3 };

/* The attribute space (NvSm's ALD/AST/IPA addresses): what the pipeline fills or reads. */
enum {
    NV_ATTR_RT_LAYER = 0x64,            /* the render-target layer, by the last vertex stage */
    NV_ATTR_POINT_SIZE = 0x6c,          /* written by the last vertex stage */
    NV_ATTR_POSITION = 0x70,            /* x, y, z, w */
    NV_ATTR_GENERIC0 = 0x80,            /* 32 vectors of 4 */
    NV_ATTR_GENERIC_END = 0x280,
    NV_ATTR_COLOR0 = 0x280,             /* GL's front and back colours (IPA.STATE) */
    NV_ATTR_COLOR_END = 0x2c0,
    NV_ATTR_CLIP_DISTANCE = 0x2c0,      /* 8 user clip (or cull) distances */
    NV_ATTR_POINT_COORD = 0x2e0,        /* s, t: where in its point sprite a pixel is */
    NV_ATTR_INSTANCE_ID = 0x2f8,
    NV_ATTR_VERTEX_ID = 0x2fc,
    NV_ATTR_FRONT_FACE = 0x3fc,
};

#endif
