/*
 * The BAR0 unit table: every implemented range and its handlers, sorted by
 * base so that a lookup is a binary search. Anything outside these ranges
 * (or not handled inside them) reads 0, ignores writes and is reported to
 * the platform as unimplemented.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>

#include "units.h"

#define UNIT(name, base, size, bytewise, rd, wr) { #name, base, size, bytewise, rd, wr },
const NvUnit nv_units[] = { NV_UNITS(UNIT) };
#undef UNIT
const size_t nv_units_count = sizeof(nv_units) / sizeof(nv_units[0]);

static int unit_cmp(const void *key, const void *elem)
{
    uint32_t off = *(const uint32_t *)key;
    const NvUnit *u = elem;

    if (off < u->base) {
        return -1;
    }
    return off - u->base < u->size ? 0 : 1;
}

const NvUnit *nv_unit_find(uint32_t offset)
{
    return bsearch(&offset, nv_units, nv_units_count, sizeof(NvUnit), unit_cmp);
}
