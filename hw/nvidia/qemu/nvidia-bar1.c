/*
 * nvidia-gpu's BAR1 fast path.
 *
 * BAR1 is a container: the MMIO region (every access a call into the
 * model, which translates it through the BAR1 page tables) lies at the
 * bottom, and above it aliases of the model's VRAM (a RAM region over the
 * model's own mapping) for translated pages. A trapped access maps its
 * page and the pages after it that translate to consecutive VRAM (up to
 * 2 MiB an alias), so the guest's later accesses there are plain RAM
 * accesses. Only what the model's MMU allows is mapped: writable VRAM
 * pages (read-only, sparse, system-memory and faulting pages stay trapped,
 * where they fault or read as the MMU says).
 *
 * A mapping is a TLB entry in all but name, and it is dropped when the
 * model drops its TLB (MMU invalidate, BAR rebind, reset: NvPlatform's
 * bar_unmap), as a real GPU stops using a translation only at its TLB
 * invalidate. nouveau invalidates BAR1 through BAR0 (under the BQL: the
 * aliases go at once); an invalidate from a channel's MEM_OP, on the host
 * thread, unmaps in a bottom half.
 *
 * Aliases are allocated once and reused: a FlatView refers to the VRAM
 * region, not to the alias, so changing an alias after taking it out of
 * the tree is safe for RCU readers of an older view.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/main-loop.h"
#include "nvidia-bar1.h"

#define PAGE            4096ull
#define ALIAS_MAX       (2ull << 20)

static void unmap_all(NvidiaBar1Map *m)
{
    if (!m->used) {
        return;
    }
    memory_region_transaction_begin();
    for (unsigned i = 0; i < m->used; i++) {
        memory_region_del_subregion(m->bar, &m->alias[i]);
    }
    memory_region_transaction_commit();
    m->used = 0;
}

static void unmap_bh(void *opaque)
{
    unmap_all(opaque);
}

void nvidia_bar1_unmap(NvidiaBar1Map *m)
{
    if (!m->ready) {
        return;
    }
    if (bql_locked()) {
        unmap_all(m);
    } else {
        qemu_bh_schedule(m->unmap_bh);
    }
}

static bool mapped(const NvidiaBar1Map *m, uint64_t offset)
{
    for (unsigned i = 0; i < m->used; i++) {
        if (offset - m->start[i] < m->len[i]) {
            return true;
        }
    }
    return false;
}

void nvidia_bar1_touch(NvidiaBar1Map *m, uint64_t offset)
{
    uint64_t page = offset & ~(PAGE - 1), vram, next, len = PAGE;
    uint64_t bar_size = memory_region_size(m->bar);
    unsigned i = m->used;

    if (!m->ready || i == NVIDIA_BAR1_ALIASES || mapped(m, page) ||
        !nvgpu_bar_page(m->gpu, 1, page, &vram)) {
        return;
    }
    while (len < ALIAS_MAX && page + len < bar_size && !mapped(m, page + len) &&
           nvgpu_bar_page(m->gpu, 1, page + len, &next) && next == vram + len) {
        len += PAGE;
    }
    memory_region_set_alias_offset(&m->alias[i], vram);
    memory_region_set_size(&m->alias[i], len);
    memory_region_add_subregion_overlap(m->bar, page, &m->alias[i], 1);
    m->start[i] = page;
    m->len[i] = len;
    m->used++;
}

void nvidia_bar1_init(NvidiaBar1Map *m, Object *owner, MemoryRegion *bar, NvGpu *gpu)
{
    uint64_t size = nvgpu_vram_size(gpu);

    m->gpu = gpu;
    m->bar = bar;
    memory_region_init_ram_ptr(&m->vram, owner, "nvidia-gpu.vram", size,
                               nvgpu_vram_ptr(gpu, 0, size));
    for (unsigned i = 0; i < NVIDIA_BAR1_ALIASES; i++) {
        memory_region_init_alias(&m->alias[i], owner, "nvidia-gpu.bar1-page", &m->vram, 0,
                                 PAGE);
    }
    m->unmap_bh = qemu_bh_new(unmap_bh, m);
    m->ready = true;
}

void nvidia_bar1_fini(NvidiaBar1Map *m)
{
    if (!m->ready) {
        return;
    }
    unmap_all(m);
    m->ready = false;
    g_clear_pointer(&m->unmap_bh, qemu_bh_delete);
    for (unsigned i = 0; i < NVIDIA_BAR1_ALIASES; i++) {
        object_unparent(OBJECT(&m->alias[i]));
    }
    object_unparent(OBJECT(&m->vram));
}
