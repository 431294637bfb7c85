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
#include "hw/nvidia/nv-blocklinear.h"

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
