/*
 * The SM's texture unit (tex.c), used by the texture and surface executors
 * (exec-tex.c). Every function taking a lane stops the launch (and returns
 * false) on a fault: an MMU fault, or NV_SM_ERR_TEX_DESC for a descriptor
 * the unit rejects.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_TEX_H
#define HW_NVIDIA_SM_TEX_H

#include "hw/nvidia/nv-blocklinear.h"
#include "hw/nvidia/nv-tex.h"
#include "sm-internal.h"

/*
 * A validated texture header: the layout and the format, and one level of
 * it (base, width, height, depth, geom: at first the view's base level,
 * nv_sm_tex_level() gives another).
 */
typedef struct NvSmTexView {
    uint64_t base;                  /* the level's first byte (layer 0) */
    uint32_t width, height, depth;  /* depth: 3D slices or array layers (else 1) */
    uint64_t base0;                 /* level 0 */
    uint32_t width0, height0, depth0;
    uint8_t log2_h0, log2_d0;       /* level 0's block, in GOBs (log2) */
    uint8_t levels;                 /* the image's levels (MAX_MIP_LEVEL + 1) */
    uint8_t view_min, view_max;     /* the view's levels */
    uint8_t type;                   /* NV_TIC_TYPE_* */
    bool block_linear;
    NvBlGeom geom;                  /* block linear */
    uint64_t layer_stride;          /* block linear arrays: bytes between layers */
    uint32_t pitch;                 /* pitch layout: bytes between rows */
    uint8_t bpp;                    /* bytes per texel */
    uint8_t bits[4], types[4];      /* per component R, G, B, A (0 bits: absent) */
    uint8_t pos[4];                 /* each component's lowest bit in the texel */
    uint8_t swizzle[4];             /* NV_TIC_SRC_* of X, Y, Z, W */
    bool is_int;                    /* integer data: no filtering */
    bool srgb, normalized;
} NvSmTexView;

typedef struct NvSmSampler {
    uint8_t address[3];             /* NV_TSC_WRAP.. per axis */
    bool linear;                    /* bilinear (else nearest): the filter in use */
    bool min_linear;                /* the minification filter (LOD > 0) */
    uint8_t mip;                    /* NV_TSC_MIP_NONE, _POINT, _LINEAR */
    int8_t compare;                 /* NV_TSC_COMPARE_*, -1: none */
    float lod_bias, min_lod, max_lod;
    bool unnormalized;              /* coordinates in texels whatever the header says */
    uint32_t border[4];
} NvSmSampler;

/* Where a fetch samples, after its LOD selected a level. */
typedef struct NvSmTexAt {
    float coord[3];                 /* normalised (or texel) coordinates; 2D for cube faces */
    uint32_t layer;                 /* array layer (cube maps: 6 * cube + face) */
    int8_t offset[3];               /* texel offsets (AOFFI), in texels of the level */
    const float *dref;              /* depth compare reference; NULL: none */
} NvSmTexAt;

bool nv_sm_tex_view(NvSmWarp *w, uint32_t index, NvSmTexView *v, unsigned lane);
bool nv_sm_tex_sampler(NvSmWarp *w, uint32_t index, NvSmSampler *s, unsigned lane);
/* Level `level` of the image (as v, with that level's base and extent); false past the last. */
bool nv_sm_tex_level(const NvSmTexView *v, unsigned level, NvSmTexView *out);
/*
 * The levels and weights a fetch at explicit LOD lod (before bias and
 * clamps) samples: level[0] with weight 1 - *frac, level[1] with *frac; the
 * filter in s->linear set for magnification or minification.
 */
void nv_sm_tex_lod(const NvSmTexView *v, NvSmSampler *s, float lod, unsigned level[2],
                   float *frac);
/* Byte address of (x bytes, row y, slice or layer z). */
uint64_t nv_sm_tex_address(const NvSmTexView *v, uint64_t x_bytes, uint32_t y, uint32_t z);
/* Texel (x, y, z) inside the view, decoded: R, G, B, A as register values. */
bool nv_sm_tex_texel(NvSmWarp *w, const NvSmTexView *v, uint32_t x, uint32_t y, uint32_t z,
                     uint32_t out[4], unsigned lane);
/*
 * Formatted store of element (x, y, z): the mask's components (R, G, B, A
 * order) from in[] (consecutive, as the registers hold them), the others kept.
 */
bool nv_sm_tex_store(NvSmWarp *w, const NvSmTexView *v, uint32_t x, uint32_t y, uint32_t z,
                     const uint32_t in[4], unsigned mask, unsigned lane);
/* A cube map direction's face (0..5), and its normalised coordinates on a face. */
unsigned nv_sm_tex_cube_face(const float dir[3]);
void nv_sm_tex_cube_project(const float dir[3], unsigned face, float st[2]);
/*
 * The LOD (before bias and clamps) of a fetch whose first n coordinates
 * change by ddx and ddy from one pixel to the next: log2 of the longer
 * gradient scaled to the view's base level, in steps of 1/256.
 */
float nv_sm_tex_grad_lod(const NvSmTexView *v, const NvSmSampler *s, const float ddx[3],
                         const float ddy[3], unsigned n);
/* The header's X/Y/Z/W sources applied to R, G, B, A. */
void nv_sm_tex_swizzle(const NvSmTexView *v, const uint32_t in[4], uint32_t out[4]);
/*
 * A filtered sample at `at`, before the swizzle; with a reference (and the
 * sampler's compare function), each texel's depth compared with it before
 * filtering.
 */
bool nv_sm_tex_sample(NvSmWarp *w, const NvSmTexView *v, const NvSmSampler *s,
                      const NvSmTexAt *at, uint32_t out[4], unsigned lane);
/*
 * TLD4: one channel (after the swizzle) of the four bilinear texels; with a
 * reference, each texel's comparison instead.
 */
bool nv_sm_tex_gather(NvSmWarp *w, const NvSmTexView *v, const NvSmSampler *s,
                      const NvSmTexAt *at, unsigned component, uint32_t out[4], unsigned lane);

#endif
