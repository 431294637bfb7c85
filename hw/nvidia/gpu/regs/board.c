/*
 * Registers that describe the board as firmware left it: the PCI config
 * mirror, straps, the devinit (GFW boot) handshake, the PROM window serving
 * the VBIOS image, and the VGA CRTC ports.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "regs.h"

bool nv_pcfg_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (addr == A_PCFG_ROM_SHADOW) {
        *val = gpu->r.pcfg.rom_shadow;
        return true;
    }
    return false;
}

bool nv_pcfg_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    switch (addr) {
    case A_PCFG_ROM_SHADOW:
        gpu->r.pcfg.rom_shadow = val;
        return true;
    case A_PCFG_MSI_REARM:
        return true;            /* every rising edge of the line already sends an MSI */
    }
    return false;
}

bool nv_pextdev_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (addr == A_PEXTDEV_BOOT_0) {
        *val = gpu->chip.strap;
        return true;
    }
    return false;
}

/* The GPU firmware's boot finished before the driver looks: report it done. */
bool nv_pgc6_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    switch (addr) {
    case A_PGC6_SCRATCH_LOCK:
        *val = 1;
        return true;
    case A_PGC6_GFW_BOOT_PROGRESS:
        *val = NV_GFW_BOOT_COMPLETED;
        return true;
    }
    return false;
}

/* PROM: the image, little-endian, zero past its end; writes are ignored. */
bool nv_prom_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    uint32_t off = addr - NV_PROM_BASE;

    *val = 0;
    for (unsigned i = 0; i < size && off + i < gpu->rom_len; i++) {
        *val |= (uint32_t)gpu->rom[off + i] << (8 * i);
    }
    return true;
}

/* The VGA CRTC index/data ports (8-bit): nouveau unlocks extended registers. */
bool nv_vga_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    *val = addr == A_VGA_CRTC_INDEX && size == 1 ? gpu->r.vga.vga_crtc_index : 0;
    return size == 1;
}

bool nv_vga_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    if (addr == A_VGA_CRTC_INDEX && size == 1) {
        gpu->r.vga.vga_crtc_index = val & 0xff;
    }
    return size == 1;           /* CRTC data writes are accepted and ignored */
}
