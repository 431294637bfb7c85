/*
 * Physical memory by target: VRAM, a host buffer the model owns and
 * bounds-checks on every access, and system memory through the platform's
 * DMA (which fails rather than reaching MMIO).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "base.h"

uint64_t nvgpu_vram_size(const NvGpu *gpu)
{
    return gpu->vram_size;
}

static bool vram_range_ok(const NvGpu *gpu, uint64_t addr, size_t len)
{
    return addr <= gpu->vram_size && len <= gpu->vram_size - addr;
}

bool nvgpu_vram_read(NvGpu *gpu, uint64_t addr, void *buf, size_t len)
{
    if (!vram_range_ok(gpu, addr, len)) {
        return false;
    }
    memcpy(buf, gpu->vram + addr, len);
    return true;
}

bool nvgpu_vram_write(NvGpu *gpu, uint64_t addr, const void *buf, size_t len)
{
    if (!vram_range_ok(gpu, addr, len)) {
        return false;
    }
    memcpy(gpu->vram + addr, buf, len);
    return true;
}

uint8_t *nvgpu_vram_ptr(NvGpu *gpu, uint64_t addr, uint64_t len)
{
    return vram_range_ok(gpu, addr, len) ? gpu->vram + addr : NULL;
}

bool nv_phys_read(NvGpu *gpu, NvPhys p, void *buf, size_t len)
{
    if (p.target == NV_TARGET_VRAM) {
        return nvgpu_vram_read(gpu, p.addr, buf, len);
    }
    return nv_target_is_sys(p.target) && gpu->plat.dma_read &&
           gpu->plat.dma_read(gpu->plat.opaque, p.addr, buf, len);
}

bool nv_phys_write(NvGpu *gpu, NvPhys p, const void *buf, size_t len)
{
    if (p.target == NV_TARGET_VRAM) {
        return nvgpu_vram_write(gpu, p.addr, buf, len);
    }
    return nv_target_is_sys(p.target) && gpu->plat.dma_write &&
           gpu->plat.dma_write(gpu->plat.opaque, p.addr, buf, len);
}
