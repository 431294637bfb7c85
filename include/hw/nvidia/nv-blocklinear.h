/*
 * Block-linear layout (Fermi-style GOBs, the only kind Turing has): the
 * address of a byte of a block-linear surface. Shared by the engines that
 * read and write surfaces (hw/nvidia/gpu/engines/surface.c) and the SM's
 * texture unit, so copies and texture fetches agree on every byte.
 *
 * A GOB is 64 bytes x 8 rows = 512 bytes; a block is 2^w x 2^h x 2^d GOBs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_BLOCKLINEAR_H
#define HW_NVIDIA_NV_BLOCKLINEAR_H

#include <stdint.h>

#define NV_GOB_WIDTH            64
#define NV_GOB_HEIGHT           8
#define NV_GOB_SHIFT            9       /* log2 of the 512-byte GOB */
#define NV_BL_LOG2_MAX          5       /* 32 GOBs: the largest block edge */

typedef struct NvBlGeom {
    uint8_t log2_w, log2_h, log2_d;     /* block edges in GOBs, log2 */
    uint64_t blocks_x;                  /* blocks in a row of blocks */
    uint64_t blocks_y;                  /* rows of blocks in a slab of blocks */
} NvBlGeom;

/* ceil(v / 2^shift) without the overflow of (v + 2^shift - 1) */
static inline uint64_t nv_bl_div_round_up_pow2(uint64_t v, unsigned shift)
{
    return (v >> shift) + ((v & ((1ull << shift) - 1)) != 0);
}

/* The smallest l with 2^l >= v: block edges that hold v GOBs (or slices). */
static inline unsigned nv_bl_ceil_log2(uint64_t v)
{
    unsigned l = 0;

    while (l < 63 && (1ull << l) < v) {
        l++;
    }
    return l;
}

/*
 * Inside a GOB (64 bytes x 8 rows), the byte offset interleaves the
 * coordinate bits as x5 y2 y1 x4 y0 x3 x2 x1 x0 (bit 8 down to bit 0):
 * sixteen 16-byte row segments, pairs of rows forming 32-byte sectors.
 * Sources: the Tegra X1 TRM's GOB address equations as quoted by yuzu
 * (video_core/textures/decoders.cpp) and Mesa (src/nouveau/nil/copy.rs,
 * "x5 y2 y1 x4 y0 x3 x2 x1 x0", Turing GOBs).
 */
static inline uint32_t nv_bl_gob_offset(uint64_t x, uint64_t y)
{
    return (uint32_t)(((x % 64) / 32) * 256 + ((y % 8) / 2) * 64 +
                      ((x % 32) / 16) * 32 + (y % 2) * 16 + (x % 16));
}

/* width in bytes, height in rows; log2 block edges above NV_BL_LOG2_MAX are clamped. */
static inline void nv_bl_geom_init(NvBlGeom *g, unsigned log2_w, unsigned log2_h,
                                   unsigned log2_d, uint64_t width, uint64_t height)
{
    g->log2_w = (uint8_t)(log2_w < NV_BL_LOG2_MAX ? log2_w : NV_BL_LOG2_MAX);
    g->log2_h = (uint8_t)(log2_h < NV_BL_LOG2_MAX ? log2_h : NV_BL_LOG2_MAX);
    g->log2_d = (uint8_t)(log2_d < NV_BL_LOG2_MAX ? log2_d : NV_BL_LOG2_MAX);
    g->blocks_x = nv_bl_div_round_up_pow2(nv_bl_div_round_up_pow2(width, 6), g->log2_w);
    g->blocks_y = nv_bl_div_round_up_pow2(nv_bl_div_round_up_pow2(height, 3), g->log2_h);
}

/*
 * Blocks are laid out row-major: along X first (the row is the surface
 * width rounded up to whole blocks), then Y (rows of blocks), then Z (slabs
 * of 2^d slices). Inside a block the GOBs are row-major the same way: X,
 * then Y, then Z; with the one-GOB-wide blocks every driver uses, that is a
 * column of 2^h GOBs per slice, slice after slice. Source: Mesa
 * src/nouveau/nil/copy.rs (BlockPointer: x, y, z multipliers for both the
 * block grid and the GOBs in a block) and yuzu's SwizzleImpl (block height
 * and depth, one-GOB-wide blocks).
 *
 *   block  = ((z >> d) * blocks_y + (gy >> h)) * blocks_x + (gx >> w)
 *   gob    = ((z & (2^d-1)) << h | (gy & (2^h-1))) << w | (gx & (2^w-1))
 *   offset = block * 512 * 2^(w+h+d) + gob * 512 + gob_offset(x, y)
 *
 * with gx = x / 64 and gy = y / 8. The result is modulo 2^64.
 */
static inline uint64_t nv_bl_offset(const NvBlGeom *g, uint64_t x, uint64_t y, uint64_t z)
{
    uint64_t gx = x / NV_GOB_WIDTH, gy = y / NV_GOB_HEIGHT;
    uint64_t wmask = (1u << g->log2_w) - 1, hmask = (1u << g->log2_h) - 1;
    uint64_t dmask = (1u << g->log2_d) - 1;
    uint64_t block = ((z >> g->log2_d) * g->blocks_y + (gy >> g->log2_h)) *
                     g->blocks_x + (gx >> g->log2_w);
    uint64_t gob = (((z & dmask) << g->log2_h | (gy & hmask)) << g->log2_w) |
                   (gx & wmask);
    unsigned block_shift = NV_GOB_SHIFT + g->log2_w + g->log2_h + g->log2_d;

    return (block << block_shift) + (gob << NV_GOB_SHIFT) + nv_bl_gob_offset(x, y);
}

#endif
