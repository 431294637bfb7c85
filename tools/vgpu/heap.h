/*
 * A first-fit range allocator over [base, base + size) with neighbour
 * merging: device memory and pinned host memory of the virtual GPU. Lookups
 * of the allocation containing an address answer pointer queries.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TOOLS_VGPU_HEAP_H
#define TOOLS_VGPU_HEAP_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

typedef struct NvHeap {
    uint64_t base, size, align;
    uint64_t in_use;            /* bytes allocated, rounded to align */
    GTree *used;                /* start -> rounded size */
    GTree *free;                /* start -> size */
} NvHeap;

void nv_heap_init(NvHeap *h, uint64_t base, uint64_t size, uint64_t align);
void nv_heap_fini(NvHeap *h);
/* An aligned block of at least bytes (1 if 0); 0 when none is free. */
uint64_t nv_heap_alloc(NvHeap *h, uint64_t bytes);
/* Frees a block by its start; false if addr starts no allocation. */
bool nv_heap_free(NvHeap *h, uint64_t addr);
/* The allocation holding [addr, addr + len): its start and (rounded) size. */
bool nv_heap_find(const NvHeap *h, uint64_t addr, uint64_t len, uint64_t *start, uint64_t *size);

#endif
