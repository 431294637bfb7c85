/*
 * Surfaces the engines read and write: pitch or block-linear (Turing GOBs)
 * layouts, virtual or physical, accessed through NvMemIf in the runs that
 * are contiguous in memory. Shared by the copy engine, inline-to-memory and
 * compute (and, later, textures and render targets).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_SURFACE_H
#define HW_NVIDIA_GPU_ENGINES_SURFACE_H

#include "engine.h"

/*
 * Block-linear surfaces (Fermi-style GOBs, the only kind Turing has): a GOB
 * is 64 bytes x 8 rows = 512 bytes; a block is 2^w x 2^h x 2^d GOBs.
 */
#define NV_GOB_WIDTH            64
#define NV_GOB_HEIGHT           8
#define NV_GOB_SHIFT            9       /* log2 of the 512-byte GOB */
#define NV_BL_LOG2_MAX          5       /* 32 GOBs: the largest block edge */

typedef struct NvBlGeom {
    uint8_t log2_w, log2_h, log2_d;     /* block edges in GOBs, log2 */
    uint64_t blocks_x;                  /* blocks in a row of blocks */
    uint64_t blocks_y;                  /* rows of blocks in a slab of blocks */
} NvBlGeom;

/* width in bytes, height in rows; the log2 block edges must be <= NV_BL_LOG2_MAX. */
void nv_bl_geom_init(NvBlGeom *g, unsigned log2_w, unsigned log2_h,
                     unsigned log2_d, uint64_t width, uint64_t height);
/* Byte offset of (x % 64, y % 8) inside its GOB. */
uint32_t nv_bl_gob_offset(uint64_t x, uint64_t y);
/* Byte offset of (x bytes, y rows, z slice) from the surface base (mod 2^64). */
uint64_t nv_bl_offset(const NvBlGeom *g, uint64_t x, uint64_t y, uint64_t z);

/* Where one side of a transfer lives and how it is laid out. */
typedef struct NvSurface {
    bool virt;                  /* else physical, in target */
    uint32_t target;            /* NV_TARGET_* */
    bool block_linear;          /* else pitch */
    uint64_t base;
    uint32_t pitch;             /* pitch layout: bytes from a line to the next */
    uint64_t origin_x;          /* block linear: bytes */
    uint64_t origin_y;          /* block linear: rows */
    uint64_t layer;             /* block linear: the Z slice */
    NvBlGeom geom;
} NvSurface;

/*
 * Reads or writes len bytes at byte x of line `line` of the surface (from
 * its origin, for block linear), split into the runs that are contiguous in
 * memory. false: a fault, already reported by the provider.
 */
bool nv_surface_io(const NvMemIf *mem, const NvSurface *sf, bool write,
                   uint64_t line, uint64_t x, void *buf, uint32_t len);

#endif
