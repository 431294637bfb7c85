/*
 * nvdisasm-style branch labels: function symbols print by name, every other
 * target as .L_x_N, numbered in order of first reference over the module's
 * text sections in file order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/nvidia/sm/sass.h"

typedef struct SassLabel {
    uint32_t section;
    uint64_t offset;
    char *name;
} SassLabel;

/* Labels in insertion order plus an open-addressing index (size: power of 2). */
struct NvSassLabels {
    SassLabel *v;
    size_t n, cap;
    size_t *index;              /* slot -> label number + 1, 0 = empty */
    size_t index_size;
    unsigned next_local;
};

NvSassLabels *nv_sass_labels_new(void)
{
    return calloc(1, sizeof(NvSassLabels));
}

void nv_sass_labels_free(NvSassLabels *labels)
{
    if (!labels) {
        return;
    }
    for (size_t i = 0; i < labels->n; i++) {
        free(labels->v[i].name);
    }
    free(labels->v);
    free(labels->index);
    free(labels);
}

static size_t hash(uint32_t section, uint64_t offset, size_t size)
{
    uint64_t h = (offset ^ ((uint64_t)section << 40)) * UINT64_C(0x9e3779b97f4a7c15);

    return (h >> 32) & (size - 1);
}

/* The index slot holding (section, offset), or the empty slot where it goes. */
static size_t probe(const size_t *index, size_t size, const SassLabel *v,
                    uint32_t section, uint64_t offset)
{
    size_t i = hash(section, offset, size);

    while (index[i] && (v[index[i] - 1].section != section || v[index[i] - 1].offset != offset)) {
        i = (i + 1) & (size - 1);
    }
    return i;
}

static SassLabel *find(const NvSassLabels *labels, uint32_t section, uint64_t offset)
{
    size_t slot;

    if (!labels->index_size) {
        return NULL;
    }
    slot = labels->index[probe(labels->index, labels->index_size, labels->v, section, offset)];
    return slot ? &labels->v[slot - 1] : NULL;
}

/* Keeps the index at most half full; rebuilds it when growing. */
static bool reindex(NvSassLabels *labels)
{
    size_t size = labels->index_size ? labels->index_size : 64;
    size_t *index;

    while (size < 2 * (labels->n + 1)) {
        size *= 2;
    }
    if (size == labels->index_size) {
        return true;
    }
    index = calloc(size, sizeof(*index));
    if (!index) {
        return false;
    }
    for (size_t n = 0; n < labels->n; n++) {
        index[probe(index, size, labels->v, labels->v[n].section, labels->v[n].offset)] = n + 1;
    }
    free(labels->index);
    labels->index = index;
    labels->index_size = size;
    return true;
}

static bool add(NvSassLabels *labels, uint32_t section, uint64_t offset, const char *name)
{
    SassLabel *v;
    char *copy;

    if (labels->n == labels->cap) {
        size_t cap = labels->cap ? labels->cap * 2 : 32;

        v = realloc(labels->v, cap * sizeof(*v));
        if (!v) {
            return false;
        }
        labels->v = v;
        labels->cap = cap;
    }
    copy = strdup(name);
    if (!copy || !reindex(labels)) {
        free(copy);
        return false;
    }
    labels->v[labels->n] = (SassLabel){ section, offset, copy };
    labels->n++;
    labels->index[probe(labels->index, labels->index_size, labels->v, section, offset)] = labels->n;
    return true;
}

bool nv_sass_labels_add_symbol(NvSassLabels *labels, uint32_t section,
                               uint64_t offset, const char *name)
{
    SassLabel *l = find(labels, section, offset);

    if (l) {
        /* the first symbol at an address names it */
        return true;
    }
    return add(labels, section, offset, name);
}

bool nv_sass_labels_scan(NvSassLabels *labels, uint32_t section,
                         const NvSassInsn *insns, size_t n)
{
    char name[32];

    for (size_t i = 0; i < n; i++) {
        if (!insns[i].has_target || find(labels, section, insns[i].target)) {
            continue;
        }
        snprintf(name, sizeof(name), ".L_x_%u", labels->next_local++);
        if (!add(labels, section, insns[i].target, name)) {
            return false;
        }
    }
    return true;
}

const char *nv_sass_labels_lookup(const NvSassLabels *labels, uint32_t section,
                                  uint64_t offset)
{
    SassLabel *l = find(labels, section, offset);

    return l ? l->name : NULL;
}

static const char *symbolize(const void *opaque, uint32_t section, uint64_t target)
{
    return nv_sass_labels_lookup(opaque, section, target);
}

NvSassSymbolizer nv_sass_labels_symbolizer(const NvSassLabels *labels, uint32_t section)
{
    return (NvSassSymbolizer){ .name = symbolize, .opaque = labels, .section = section };
}
