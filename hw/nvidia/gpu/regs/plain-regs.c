/*
 * Plain registers: the table of plain-regs.h as storage.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>

#include "regs.h"

_Static_assert(NV_PLAIN_COUNT <= NV_PLAIN_MAX, "NvRegs.plain is too small");

#define PLAIN(name, off, cold, kind) { #name, off, cold, kind },
const NvPlainReg nv_plain_regs[NV_PLAIN_COUNT] = { NV_PLAIN_REGS(PLAIN) };
#undef PLAIN

static int plain_cmp(const void *key, const void *elem)
{
    uint32_t off = *(const uint32_t *)key;
    const NvPlainReg *r = elem;

    return off < r->offset ? -1 : off > r->offset;
}

static int plain_index(uint32_t addr)
{
    const NvPlainReg *r = bsearch(&addr, nv_plain_regs, NV_PLAIN_COUNT,
                                  sizeof(NvPlainReg), plain_cmp);

    return r ? (int)(r - nv_plain_regs) : -1;
}

bool nv_plain_read(NvGpu *gpu, uint32_t addr, uint32_t *val)
{
    int i = plain_index(addr);

    if (i < 0) {
        return false;
    }
    *val = gpu->r.plain[i];
    return true;
}

bool nv_plain_write(NvGpu *gpu, uint32_t addr, uint32_t val)
{
    int i = plain_index(addr);

    if (i < 0) {
        return false;
    }
    switch (nv_plain_regs[i].kind) {
    case NV_PLAIN_RW:
        gpu->r.plain[i] = val;
        break;
    case NV_PLAIN_W1C:
        gpu->r.plain[i] &= ~val;
        break;
    }
    return true;
}

void nv_plain_reset(NvGpu *gpu)
{
    for (unsigned i = 0; i < NV_PLAIN_COUNT; i++) {
        gpu->r.plain[i] = nv_plain_regs[i].cold;
    }
}
