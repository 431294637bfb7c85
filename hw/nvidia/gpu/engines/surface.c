/*
 * Surfaces: access in contiguous runs (addressing: nv-blocklinear.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "surface.h"
#include "../base/util.h"

static bool mem_io(const NvMemIf *mem, const NvSurface *sf, bool write,
                   uint64_t addr, void *buf, uint32_t len)
{
    if (write) {
        return mem->write(mem->opaque, sf->virt, sf->target, addr, buf, len);
    }
    return mem->read(mem->opaque, sf->virt, sf->target, addr, buf, len);
}

bool nv_surface_io(const NvMemIf *mem, const NvSurface *sf, bool write,
                   uint64_t line, uint64_t x, void *buf, uint32_t len)
{
    uint8_t *p = buf;
    uint64_t y;

    if (!len) {
        return true;
    }
    if (!sf->block_linear) {
        return mem_io(mem, sf, write, sf->base + line * sf->pitch + x, p, len);
    }
    /* Only 16-byte row segments are contiguous in a GOB. */
    x += sf->origin_x;
    y = sf->origin_y + line;
    while (len) {
        uint32_t run = NV_MIN(len, 16 - (uint32_t)(x % 16));
        uint64_t addr = sf->base + nv_bl_offset(&sf->geom, x, y, sf->layer);

        if (!mem_io(mem, sf, write, addr, p, run)) {
            return false;
        }
        x += run;
        p += run;
        len -= run;
    }
    return true;
}
