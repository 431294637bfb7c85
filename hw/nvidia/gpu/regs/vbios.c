/*
 * Builds the synthetic VBIOS image served by the PROM window and the PCI
 * expansion ROM.
 *
 * nouveau needs very little from a TU10x VBIOS that it does not post: a
 * valid ROM/PCIR header, a BIT table in the first 64 KiB with the 'i', 'I'
 * and 'P' tokens, and a RAMMAP table behind 'P'. The legacy DRM parser does
 * not follow Turing's multi-image redirection, so everything lives in one
 * type-0x00 image marked last. Layout (see vbios.h for the offsets):
 *
 *   0x0000  55 AA, legacy length 0x80; +0x18 PCIR ptr; +0x36 DCB ptr
 *   0x0040  PCIR (no NPDE follows at 0x0060)
 *   0x0100  BIT header, entries 'i' 'I' 'P' at 0x010c
 *   0x0180  'i' data    0x01a0  'I' data    0x01c0  'P' data
 *   0x0200  DCB 4.0 header (with a display: one TMDS output and the end entry)
 *   0x0240  RAMMAP header (no scripts)
 *   0x0280  CCB (I2C port 0)    0x02a0  connector table (DVI-D, HPD_0)
 *   0x02c0  GPIO table (HPD_0 on line 1)
 *   0xffff  checksum fix-up: the whole image sums to 0 mod 256
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/nv-disp.h"
#include "vbios.h"

/* Every multi-byte field in the image is little-endian. */
static void put8(uint8_t *p, size_t off, uint8_t v)
{
    p[off] = v;
}

static void put16(uint8_t *p, size_t off, uint16_t v)
{
    p[off] = (uint8_t)v;
    p[off + 1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, size_t off, uint32_t v)
{
    put16(p, off, (uint16_t)v);
    put16(p, off + 2, (uint16_t)(v >> 16));
}

/* Returns the byte that makes len bytes at p sum to 0 mod 256 when added. */
static uint8_t sum_complement(const uint8_t *p, size_t len)
{
    uint8_t sum = 0;

    for (size_t i = 0; i < len; i++) {
        sum += p[i];
    }
    return (uint8_t)-sum;
}

static void put_rom_header(uint8_t *rom)
{
    put16(rom, NV_ROM_SIG_OFF, NV_ROM_SIG);
    put8(rom, NV_ROM_LEGACY_LEN_OFF, NV_VBIOS_SIZE / NV_ROM_BLOCK);
    /* Firmware (SeaBIOS) runs a PCI option ROM's init entry: make it return. */
    put8(rom, NV_ROM_INIT_ENTRY_OFF, NV_X86_RETF);
    put16(rom, NV_ROM_PCIR_PTR_OFF, NV_VBIOS_AT_PCIR);
    put16(rom, NV_ROM_DCB_PTR_OFF, NV_VBIOS_AT_DCB);
}

/*
 * The PCIR class code is the 24-bit config-space class in little-endian
 * order (prog-if, sub-class, base class), which is how pci_class packs it.
 */
static void put_pcir(uint8_t *rom, const NvChipProfile *chip)
{
    uint8_t *pcir = rom + NV_VBIOS_AT_PCIR;

    memcpy(pcir + NV_PCIR_SIG_OFF, NV_PCIR_SIG, NV_SIG_LEN);
    put16(pcir, NV_PCIR_VENDOR_OFF, chip->pci_vendor);
    put16(pcir, NV_PCIR_DEVICE_OFF, chip->pci_device);
    put16(pcir, NV_PCIR_DEVLIST_OFF, 0);
    put16(pcir, NV_PCIR_HDR_LEN_OFF, NV_PCIR_HDR_LEN);
    put8(pcir, NV_PCIR_REV_OFF, NV_PCIR_REV);
    for (unsigned i = 0; i < NV_PCIR_CLASS_LEN; i++) {
        put8(pcir, NV_PCIR_CLASS_OFF + i, (uint8_t)(chip->pci_class >> (8 * i)));
    }
    put16(pcir, NV_PCIR_IMAGE_LEN_OFF, NV_VBIOS_SIZE / NV_ROM_BLOCK);
    put16(pcir, NV_PCIR_CODE_REV_OFF, 0);
    put8(pcir, NV_PCIR_CODE_TYPE_OFF, NV_PCIR_CODE_TYPE_X86);
    /* Last image: no NPDE and no further images for nouveau to chain. */
    put8(pcir, NV_PCIR_INDICATOR_OFF, NV_PCIR_INDICATOR_LAST);
    put16(pcir, NV_PCIR_MAX_RT_OFF, 0);
}

typedef struct BitEntry {
    uint8_t id, version;
    uint16_t len, ptr;
} BitEntry;

static const BitEntry bit_entries[] = {
    { NV_BIT_TOKEN_INFO, NV_BIT_INFO_VERSION, NV_BIT_INFO_LEN, NV_VBIOS_AT_INFO },
    { NV_BIT_TOKEN_INIT, NV_BIT_INIT_VERSION, NV_BIT_INIT_LEN, NV_VBIOS_AT_INIT },
    { NV_BIT_TOKEN_PERF, NV_BIT_PERF_VERSION, NV_BIT_PERF_LEN, NV_VBIOS_AT_PERF },
};

#define BIT_ENTRY_COUNT (sizeof(bit_entries) / sizeof(bit_entries[0]))

static void put_bit_entry(uint8_t *ent, const BitEntry *e)
{
    put8(ent, NV_BIT_ENT_ID_OFF, e->id);
    put8(ent, NV_BIT_ENT_VERSION_OFF, e->version);
    put16(ent, NV_BIT_ENT_LEN_OFF, e->len);
    put16(ent, NV_BIT_ENT_PTR_OFF, e->ptr);
}

/* Header then entries; the header checksum is unused but kept honest. */
static void put_bit(uint8_t *rom)
{
    uint8_t *bit = rom + NV_VBIOS_AT_BIT;

    memcpy(bit + NV_BIT_ID_OFF, NV_BIT_SIG, NV_BIT_ID_LEN);   /* copies the 00 too */
    put16(bit, NV_BIT_VERSION_OFF, NV_BIT_VERSION);
    put8(bit, NV_BIT_HDR_SIZE_OFF, NV_BIT_HDR_SIZE);
    put8(bit, NV_BIT_ENTRY_SIZE_OFF, NV_BIT_ENTRY_SIZE);
    put8(bit, NV_BIT_ENTRY_COUNT_OFF, BIT_ENTRY_COUNT);
    put8(bit, NV_BIT_CHECKSUM_OFF, sum_complement(bit, NV_BIT_HDR_SIZE));

    for (size_t i = 0; i < BIT_ENTRY_COUNT; i++) {
        put_bit_entry(rom + NV_VBIOS_AT_BIT_ENTS + i * NV_BIT_ENTRY_SIZE,
                      &bit_entries[i]);
    }
}

/*
 * 'i': nouveau reads the version as major = +3, chip = +2, minor = +1,
 * micro = +0 and prints "major.chip.minor.micro.oem" with the OEM ("patch")
 * byte from +4. So {0x90,0x04,0x10,0x00,0x01} is stored as 00 10 04 90 01
 * and printed "90.04.10.00.01".
 */
static void put_token_info(uint8_t *rom, const NvChipProfile *chip)
{
    uint8_t *info = rom + NV_VBIOS_AT_INFO;
    const uint8_t *v = chip->vbios_version;

    put8(info, NV_BIT_INFO_MICRO_OFF, v[NV_VBIOS_VER_MICRO]);
    put8(info, NV_BIT_INFO_MINOR_OFF, v[NV_VBIOS_VER_MINOR]);
    put8(info, NV_BIT_INFO_CHIP_OFF, v[NV_VBIOS_VER_CHIP]);
    put8(info, NV_BIT_INFO_MAJOR_OFF, v[NV_VBIOS_VER_MAJOR]);
    put8(info, NV_BIT_INFO_OEM_OFF, v[NV_VBIOS_VER_OEM]);
    put8(info, NV_BIT_INFO_FEATURE_OFF, 0);      /* not mobile */
    put16(info, NV_BIT_INFO_DACLOAD_OFF, 0);     /* no DAC-load table */
}

/* 'I' stays all zero: no init scripts, which nouveau accepts. */

/* 'P' points only at RAMMAP, whose zero script count makes RAM init a no-op. */
static void put_token_perf(uint8_t *rom)
{
    uint8_t *rammap = rom + NV_VBIOS_AT_RAMMAP;

    put32(rom + NV_VBIOS_AT_PERF, NV_BIT_PERF_RAMMAP_OFF, NV_VBIOS_AT_RAMMAP);
    put8(rammap, NV_RAMMAP_VERSION_OFF, NV_RAMMAP_VERSION_11);
    put8(rammap, NV_RAMMAP_HDR_LEN_OFF, NV_RAMMAP_HDR_LEN);
    put32(rammap, NV_RAMMAP_SCRIPT_LIST_OFF, 0);
    put8(rammap, NV_RAMMAP_SCRIPT_COUNT_OFF, 0);
}

static void put_dcb_table(uint8_t *rom, size_t at, uint8_t version, uint8_t count,
                          uint8_t entry_size)
{
    put8(rom, at + NV_DCB_TAB_VERSION_OFF, version);
    put8(rom, at + NV_DCB_TAB_HDR_LEN_OFF, NV_DCB_TAB_HDR_LEN);
    put8(rom, at + NV_DCB_TAB_COUNT_OFF, count);
    put8(rom, at + NV_DCB_TAB_ENTRY_OFF, entry_size);
}

/*
 * DCB 4.0. Fused off: no entries (headless, but no "DCB table not found"
 * warnings). With a display: one TMDS output (DVI-D), its EDID over DDC
 * on I2C port 0, its hot-plug detect on a GPIO line (active high).
 */
static void put_dcb(uint8_t *rom, const NvChipProfile *chip)
{
    uint8_t *dcb = rom + NV_VBIOS_AT_DCB;
    bool display = !chip->display_fused_off;

    put8(dcb, NV_DCB_VERSION_OFF, NV_DCB_VERSION);
    put8(dcb, NV_DCB_HDR_LEN_OFF, NV_DCB_HDR_LEN);
    put8(dcb, NV_DCB_COUNT_OFF, display ? 2 : 0);
    put8(dcb, NV_DCB_ENTRY_SIZE_OFF, NV_DCB_ENTRY_SIZE);
    put16(dcb, NV_DCB_I2C_PTR_OFF, display ? NV_VBIOS_AT_CCB : 0);
    put32(dcb, NV_DCB_SIG_OFF, NV_DCB_SIG);
    put16(dcb, NV_DCB_GPIO_PTR_OFF, display ? NV_VBIOS_AT_GPIO : 0);
    put16(dcb, NV_DCB_CONN_PTR_OFF, display ? NV_VBIOS_AT_CONN : 0);
    if (!display) {
        return;
    }
    put32(dcb, NV_DCB_HDR_LEN, NV_DCB_OUT0(NV_DCB_OUT_TYPE_TMDS, 0, 1, 0, 0, 1));
    put32(dcb, NV_DCB_HDR_LEN + 4, NV_DCB_OUT1_LINK_A);
    put32(dcb, NV_DCB_HDR_LEN + NV_DCB_ENTRY_SIZE, NV_DCB_OUT_TYPE_EOL);
    put_dcb_table(rom, NV_VBIOS_AT_CCB, NV_CCB_VERSION, 1, NV_DCB_TAB_ENTRY_SIZE);
    put32(rom, NV_VBIOS_AT_CCB + NV_DCB_TAB_HDR_LEN, NV_CCB_ENTRY(0, NV_CCB_NONE));
    put_dcb_table(rom, NV_VBIOS_AT_CONN, NV_CONN_VERSION, 1, NV_DCB_TAB_ENTRY_SIZE);
    put32(rom, NV_VBIOS_AT_CONN + NV_DCB_TAB_HDR_LEN, NV_CONN_TYPE_DVI_D | NV_CONN_HPD_0);
    put_dcb_table(rom, NV_VBIOS_AT_GPIO, NV_GPIO_TAB_VERSION, 1, NV_GPIO_TAB_ENTRY_SIZE);
    put32(rom, NV_VBIOS_AT_GPIO + NV_DCB_TAB_HDR_LEN,
          NV_GPIO_ENTRY(NV_DISP_HPD_LINE, NV_GPIO_FUNC_HPD_0));
    put8(rom, NV_VBIOS_AT_GPIO + NV_DCB_TAB_HDR_LEN + 4, NV_GPIO_LOG_ACTIVE_HIGH);
}

/* A type-0x00 image summing to 0 scores 4 with nouveau rather than 2. */
static void put_checksum(uint8_t *rom)
{
    put8(rom, NV_VBIOS_AT_CHECKSUM, 0);
    put8(rom, NV_VBIOS_AT_CHECKSUM, sum_complement(rom, NV_VBIOS_SIZE));
}

size_t nv_vbios_build(const NvChipProfile *chip, uint8_t *out)
{
    memset(out, 0, NV_VBIOS_SIZE);
    put_rom_header(out);
    put_pcir(out, chip);
    put_bit(out);
    put_token_info(out, chip);
    put_token_perf(out);
    put_dcb(out, chip);
    put_checksum(out);
    return NV_VBIOS_SIZE;
}
