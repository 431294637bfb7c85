/*
 * The range allocator of heap.h: two GTrees keyed by start address, one of
 * allocations (start -> size), one of free ranges.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "heap.h"

#define KEY(x)  ((gpointer)(uintptr_t)(x))
#define VAL(p)  ((uint64_t)(uintptr_t)(p))

static gint cmp_u64(gconstpointer a, gconstpointer b)
{
    return VAL(a) < VAL(b) ? -1 : VAL(a) > VAL(b);
}

void nv_heap_init(NvHeap *h, uint64_t base, uint64_t size, uint64_t align)
{
    *h = (NvHeap) { .base = base, .size = size, .align = align,
                    .used = g_tree_new(cmp_u64), .free = g_tree_new(cmp_u64) };
    if (size) {
        g_tree_insert(h->free, KEY(base), KEY(size));
    }
}

void nv_heap_fini(NvHeap *h)
{
    if (h->used) {
        g_tree_destroy(h->used);
        g_tree_destroy(h->free);
    }
    *h = (NvHeap) { 0 };
}

uint64_t nv_heap_alloc(NvHeap *h, uint64_t bytes)
{
    uint64_t need;

    if (bytes > h->size) {
        return 0;
    }
    need = (MAX(bytes, 1) + h->align - 1) & ~(h->align - 1);
    for (GTreeNode *n = g_tree_node_first(h->free); n; n = g_tree_node_next(n)) {
        uint64_t at = VAL(g_tree_node_key(n)), len = VAL(g_tree_node_value(n));

        if (len >= need) {
            g_tree_remove(h->free, KEY(at));
            if (len > need) {
                g_tree_insert(h->free, KEY(at + need), KEY(len - need));
            }
            g_tree_insert(h->used, KEY(at), KEY(need));
            h->in_use += need;
            return at;
        }
    }
    return 0;
}

bool nv_heap_free(NvHeap *h, uint64_t addr)
{
    gpointer key, val;
    uint64_t at = addr, len;
    GTreeNode *n;

    if (!h->used || !g_tree_lookup_extended(h->used, KEY(addr), &key, &val)) {
        return false;
    }
    len = VAL(val);
    g_tree_remove(h->used, KEY(addr));
    h->in_use -= len;
    /* merge with the free neighbours */
    n = g_tree_upper_bound(h->free, KEY(at));
    if (n && VAL(g_tree_node_key(n)) == at + len) {
        len += VAL(g_tree_node_value(n));
        g_tree_remove(h->free, g_tree_node_key(n));
    }
    n = g_tree_lower_bound(h->free, KEY(at));
    n = n ? g_tree_node_previous(n) : g_tree_node_last(h->free);
    if (n && VAL(g_tree_node_key(n)) + VAL(g_tree_node_value(n)) == at) {
        at = VAL(g_tree_node_key(n));
        len += VAL(g_tree_node_value(n));
    }
    g_tree_insert(h->free, KEY(at), KEY(len));
    return true;
}

bool nv_heap_find(const NvHeap *h, uint64_t addr, uint64_t len, uint64_t *start, uint64_t *size)
{
    GTreeNode *n;
    uint64_t at, sz;

    if (!h->used) {
        return false;
    }
    n = g_tree_upper_bound(h->used, KEY(addr));
    n = n ? g_tree_node_previous(n) : g_tree_node_last(h->used);
    if (!n) {
        return false;
    }
    at = VAL(g_tree_node_key(n));
    sz = VAL(g_tree_node_value(n));
    if (addr - at >= sz || len > sz - (addr - at)) {
        return false;
    }
    if (start) {
        *start = at;
    }
    if (size) {
        *size = sz;
    }
    return true;
}
