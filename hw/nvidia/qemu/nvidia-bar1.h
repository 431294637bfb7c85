/*
 * nvidia-gpu's BAR1 fast path: translated BAR1 pages mapped straight onto
 * the model's VRAM, so guest CPU accesses to mapped buffers (fbcon, dumb
 * buffers, NVK's host-visible memory) run at RAM speed instead of one MMIO
 * callback each.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_QEMU_NVIDIA_BAR1_H
#define HW_NVIDIA_QEMU_NVIDIA_BAR1_H

#include "exec/memory.h"
#include "hw/nvidia/nvgpu.h"

#define NVIDIA_BAR1_ALIASES 1024    /* at most 2 MiB each */

typedef struct NvidiaBar1Map {
    NvGpu *gpu;
    MemoryRegion *bar;          /* the BAR1 container: the MMIO region below, aliases above */
    MemoryRegion vram;          /* the model's VRAM as RAM */
    MemoryRegion alias[NVIDIA_BAR1_ALIASES];
    uint64_t start[NVIDIA_BAR1_ALIASES], len[NVIDIA_BAR1_ALIASES];  /* BAR1 offsets mapped */
    unsigned used;
    QEMUBH *unmap_bh;           /* an unmap requested off the main loop */
    bool ready;
} NvidiaBar1Map;

void nvidia_bar1_init(NvidiaBar1Map *m, Object *owner, MemoryRegion *bar, NvGpu *gpu);
void nvidia_bar1_fini(NvidiaBar1Map *m);
/* After a trapped access at offset (BQL and the device lock held): map its pages. */
void nvidia_bar1_touch(NvidiaBar1Map *m, uint64_t offset);
/* NvPlatform.bar_unmap: drop every mapping (at once under the BQL, else soon). */
void nvidia_bar1_unmap(NvidiaBar1Map *m);

#endif
