/*
 * PBUS: bus interrupts and the PRAMIN window (BAR0 0x700000, 1 MiB) onto
 * VRAM or system memory at BAR0_WINDOW.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "regs.h"

bool nv_pbus_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    switch (addr) {
    case A_PBUS_INTR_0:
        *val = gpu->r.pbus.intr;
        return true;
    case A_PBUS_INTR_EN_0:
        *val = gpu->r.pbus.intr_en;
        return true;
    case A_PBUS_BAR0_WINDOW:
        *val = gpu->r.pbus.bar0_window;
        return true;
    }
    return false;
}

bool nv_pbus_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    switch (addr) {
    case A_PBUS_INTR_0:
        gpu->r.pbus.intr &= ~val;
        return true;
    case A_PBUS_INTR_EN_0:
        gpu->r.pbus.intr_en = val;
        return true;
    case A_PBUS_BAR0_WINDOW:
        gpu->r.pbus.bar0_window = val & (R_PBUS_BAR0_WINDOW_BASE_MASK |
                                         R_PBUS_BAR0_WINDOW_TARGET_MASK);
        return true;
    }
    return false;
}

/* Where a PRAMIN offset lands; false (and a guest error) if nowhere. */
static bool pramin_target(NvGpu *gpu, uint32_t addr, unsigned size,
                          uint64_t *where, bool *vram)
{
    uint32_t win = gpu->r.pbus.bar0_window;
    uint64_t base = (uint64_t)NV_FEX32(win, PBUS_BAR0_WINDOW, BASE) << NV_BAR0_WINDOW_SHIFT;
    unsigned target = NV_FEX32(win, PBUS_BAR0_WINDOW, TARGET);

    *where = base + (addr - NV_PRAMIN_BASE);
    *vram = target == NV_BAR0_WINDOW_TARGET_VRAM;
    if (*vram && (*where >= gpu->vram_size || size > gpu->vram_size - *where)) {
        NV_GUEST_ERR(gpu, PRAMIN_RANGE, "PRAMIN: VRAM address 0x%llx beyond %llu MiB",
                     (unsigned long long)*where, (unsigned long long)(gpu->vram_size >> 20));
        return false;
    }
    if (!*vram && target != NV_BAR0_WINDOW_TARGET_SYS_COHERENT &&
        target != NV_BAR0_WINDOW_TARGET_SYS_NONCOH) {
        NV_GUEST_ERR(gpu, PRAMIN_TARGET, "PRAMIN: invalid window target %u", target);
        return false;
    }
    return true;
}

bool nv_pramin_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    uint8_t buf[4] = { 0 };
    uint64_t where;
    bool vram;

    if (!pramin_target(gpu, addr, size, &where, &vram)) {
        *val = 0;
        return true;
    }
    if (vram) {
        *val = nv_ld_le(gpu->vram + where, size);
        return true;
    }
    if (!gpu->plat.dma_read || !gpu->plat.dma_read(gpu->plat.opaque, where, buf, size)) {
        NV_GUEST_ERR(gpu, PRAMIN_DMA, "PRAMIN: system memory read at 0x%llx failed",
                     (unsigned long long)where);
    }
    *val = nv_ld_le(buf, size);
    return true;
}

bool nv_pramin_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    uint8_t buf[4];
    uint64_t where;
    bool vram;

    if (!pramin_target(gpu, addr, size, &where, &vram)) {
        return true;
    }
    if (vram) {
        nv_st_le(gpu->vram + where, val, size);
        return true;
    }
    nv_st_le(buf, val, size);
    if (!gpu->plat.dma_write || !gpu->plat.dma_write(gpu->plat.opaque, where, buf, size)) {
        NV_GUEST_ERR(gpu, PRAMIN_DMA, "PRAMIN: system memory write at 0x%llx failed",
                     (unsigned long long)where);
    }
    return true;
}
