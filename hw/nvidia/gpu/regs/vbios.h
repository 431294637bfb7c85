/*
 * The synthetic VBIOS image: one 64 KiB type-0x00 PCI expansion-ROM image
 * holding the few tables nouveau needs on a headless TU10x (BIT tokens 'i',
 * 'I' and 'P', a RAMMAP table, an empty DCB 4.0 header).
 *
 * The enums below split into two kinds of facts:
 *  - format facts (PCI ROM header, PCIR, BIT, token, RAMMAP and DCB field
 *    offsets, signatures, versions): fixed by the formats the parsers read;
 *  - placement (NV_VBIOS_AT_*): where this model chose to put each table.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_VBIOS_H
#define HW_NVIDIA_GPU_VBIOS_H

#include <stddef.h>
#include <stdint.h>

#include "../base/gpu.h"

#define NV_X86_RETF 0xcb              /* far return: the init entry does nothing */

/* Indices into NvChipProfile.vbios_version[] (the order nouveau prints). */
enum {
    NV_VBIOS_VER_MAJOR = 0,
    NV_VBIOS_VER_CHIP  = 1,
    NV_VBIOS_VER_MINOR = 2,
    NV_VBIOS_VER_MICRO = 3,
    NV_VBIOS_VER_OEM   = 4,
};

/* PCI expansion-ROM header at image offset 0. */
enum {
    NV_ROM_SIG_OFF        = 0x00,   /* u16 */
    NV_ROM_SIG            = 0xAA55, /* bytes 55 AA */
    NV_ROM_LEGACY_LEN_OFF = 0x02,   /* u8, image size in blocks */
    NV_ROM_INIT_ENTRY_OFF = 0x03,   /* x86 code: the BIOS far-calls it at boot */
    NV_ROM_PCIR_PTR_OFF   = 0x18,   /* u16 -> PCI data structure */
    NV_ROM_DCB_PTR_OFF    = 0x36,   /* u16 -> DCB header (NVIDIA convention) */
    NV_ROM_BLOCK          = 512,    /* unit of both image-length fields */
};

/* PCI data structure ("PCIR"). */
#define NV_PCIR_SIG     "PCIR"
#define NV_SIG_LEN      4u          /* length of the 4-byte ASCII signatures */
enum {
    NV_PCIR_SIG_OFF       = 0x00,
    NV_PCIR_VENDOR_OFF    = 0x04,   /* u16 */
    NV_PCIR_DEVICE_OFF    = 0x06,   /* u16 */
    NV_PCIR_DEVLIST_OFF   = 0x08,   /* u16, 0 = no device list */
    NV_PCIR_HDR_LEN_OFF   = 0x0a,   /* u16 */
    NV_PCIR_REV_OFF       = 0x0c,   /* u8 structure revision */
    NV_PCIR_CLASS_OFF     = 0x0d,   /* 3 bytes: prog-if, sub-class, base class */
    NV_PCIR_CLASS_LEN     = 3,
    NV_PCIR_IMAGE_LEN_OFF = 0x10,   /* u16, in NV_ROM_BLOCK units */
    NV_PCIR_CODE_REV_OFF  = 0x12,   /* u16 */
    NV_PCIR_CODE_TYPE_OFF = 0x14,   /* u8 */
    NV_PCIR_INDICATOR_OFF = 0x15,   /* u8 */
    NV_PCIR_MAX_RT_OFF    = 0x16,   /* u16 max runtime length (PCI 3.0), 0 */
    NV_PCIR_HDR_LEN       = 0x18,
    NV_PCIR_REV           = 0x00,
    NV_PCIR_CODE_TYPE_X86 = 0x00,   /* the type whose byte sum nouveau checks */
    NV_PCIR_INDICATOR_LAST = 0x80,  /* bit 7: last image in the ROM */
};

/* NVIDIA extension found at (pcir + hdrlen + 0xf) & ~0xf; must NOT be present. */
#define NV_NPDE_SIG     "NPDE"
enum {
    NV_NPDE_ALIGN = 0x10,
};

/* BIT ("BIOS Information Table") header and entries. */
#define NV_BIT_SIG      "\xff\xb8" "BIT" /* searched-for prefix */
#define NV_BIT_SIG_LEN  5u
#define NV_BMP_SIG      "\xff\x7f" "NV" /* legacy BMP marker, followed by 00 */
#define NV_BMP_SIG_LEN  5u              /* including the trailing 00 */
enum {
    NV_BIT_ID_OFF          = 0x00,  /* FF B8 "BIT" 00 */
    NV_BIT_ID_LEN          = 6,
    NV_BIT_VERSION_OFF     = 0x06,  /* u16 */
    NV_BIT_HDR_SIZE_OFF    = 0x08,  /* u8 */
    NV_BIT_ENTRY_SIZE_OFF  = 0x09,  /* u8 */
    NV_BIT_ENTRY_COUNT_OFF = 0x0a,  /* u8 */
    NV_BIT_CHECKSUM_OFF    = 0x0b,  /* u8, header bytes sum to 0 */
    NV_BIT_VERSION         = 0x0100,
    NV_BIT_HDR_SIZE        = 12,    /* parsers read entries at +12 regardless */
    NV_BIT_ENTRY_SIZE      = 6,
    /* Entry fields. */
    NV_BIT_ENT_ID_OFF      = 0,     /* u8 token id */
    NV_BIT_ENT_VERSION_OFF = 1,     /* u8 */
    NV_BIT_ENT_LEN_OFF     = 2,     /* u16 data length */
    NV_BIT_ENT_PTR_OFF     = 4,     /* u16 raw image offset of the data */
};

/* Token ids. */
enum {
    NV_BIT_TOKEN_INFO = 'i',        /* 0x69: VBIOS version, features */
    NV_BIT_TOKEN_INIT = 'I',        /* 0x49: init script tables */
    NV_BIT_TOKEN_PERF = 'P',        /* 0x50: perf/memory tables */
};

/* 'i' token data. The version is stored least-significant byte first. */
enum {
    NV_BIT_INFO_VERSION      = 2,
    NV_BIT_INFO_LEN          = 0x10,
    NV_BIT_INFO_MIN_LEN      = 15,  /* DRM parser rejects anything shorter */
    NV_BIT_INFO_MICRO_OFF    = 0,
    NV_BIT_INFO_MINOR_OFF    = 1,
    NV_BIT_INFO_CHIP_OFF     = 2,
    NV_BIT_INFO_MAJOR_OFF    = 3,
    NV_BIT_INFO_OEM_OFF      = 4,   /* printed last ("patch") */
    NV_BIT_INFO_FEATURE_OFF  = 5,   /* u8, bit 4 = mobile; 0 */
    NV_BIT_INFO_DACLOAD_OFF  = 13,  /* u16 DAC-load table pointer; 0 */
};

/* 'I' token data: all-zero script pointers. */
enum {
    NV_BIT_INIT_VERSION = 1,
    NV_BIT_INIT_LEN     = 0x1c,
    NV_BIT_INIT_MIN_LEN = 14,
};

/* 'P' token data: only the RAMMAP pointer is set. */
enum {
    NV_BIT_PERF_VERSION    = 2,
    NV_BIT_PERF_LEN        = 0x40,
    NV_BIT_PERF_MIN_LEN    = 8,
    NV_BIT_PERF_RAMMAP_OFF = 0x04,  /* u32 -> RAMMAP table */
};

/* RAMMAP table header (read by the GP100+ RAM init). */
enum {
    NV_RAMMAP_VERSION_OFF      = 0x00,
    NV_RAMMAP_HDR_LEN_OFF      = 0x01,
    NV_RAMMAP_SCRIPT_LIST_OFF  = 0x10,  /* u32, ignored when the count is 0 */
    NV_RAMMAP_SCRIPT_COUNT_OFF = 0x14,  /* u8 */
    NV_RAMMAP_VERSION_10       = 0x10,
    NV_RAMMAP_VERSION_11       = 0x11,
    NV_RAMMAP_HDR_LEN          = 0x15,
};

/*
 * DCB 4.0: a header (with no entries on a chip whose display is fused off,
 * which silences "DCB table not found"), output entries, and the tables
 * the header points at: the CCB (I2C ports) and the connectors.
 */
enum {
    NV_DCB_VERSION_OFF    = 0x00,
    NV_DCB_HDR_LEN_OFF    = 0x01,
    NV_DCB_COUNT_OFF      = 0x02,
    NV_DCB_ENTRY_SIZE_OFF = 0x03,
    NV_DCB_I2C_PTR_OFF    = 0x04,   /* u16 */
    NV_DCB_SIG_OFF        = 0x06,   /* u32 */
    NV_DCB_GPIO_PTR_OFF   = 0x0a,   /* u16 */
    NV_DCB_CONN_PTR_OFF   = 0x14,   /* u16, read when the header is >= 0x16 bytes */
    NV_DCB_VERSION        = 0x40,
    NV_DCB_HDR_LEN        = 0x17,
    NV_DCB_ENTRY_SIZE     = 8,
};
#define NV_DCB_SIG      0x4EDCBDCBu

/*
 * DCB output entry, word 0: type 3:0, CCB index 7:4, heads 11:8, connector
 * 15:12, bus 19:16, location 21:20 (0 on chip), OR mask 27:24; word 1 for
 * TMDS: sublinks 5:4. The model's one output: TMDS on SOR 0, head 0,
 * connector 0, CCB port 0, link A; then the end-of-list entry.
 */
#define NV_DCB_OUT_TYPE_TMDS    0x2
#define NV_DCB_OUT_TYPE_EOL     0xe
#define NV_DCB_OUT0(type, ccb, heads, conn, bus, ors) \
    ((type) | (ccb) << 4 | (heads) << 8 | (conn) << 12 | (bus) << 16 | (ors) << 24)
#define NV_DCB_OUT1_LINK_A      (1u << 4)

/* CCB (DCB I2C table) 4.1 and connector table 4.0 (4-byte entries), GPIO table: a 5-byte header */
enum {
    NV_DCB_TAB_VERSION_OFF = 0x00,
    NV_DCB_TAB_HDR_LEN_OFF = 0x01,
    NV_DCB_TAB_COUNT_OFF   = 0x02,
    NV_DCB_TAB_ENTRY_OFF   = 0x03,
    NV_DCB_TAB_HDR_LEN     = 5,
    NV_DCB_TAB_ENTRY_SIZE  = 4,
    NV_CCB_VERSION         = 0x41,
    NV_CONN_VERSION        = 0x40,
};
/* CCB entry: I2C port 4:0, AUX channel 9:5 (0x1f: none) */
#define NV_CCB_ENTRY(port, aux) ((port) | (aux) << 5)
#define NV_CCB_NONE             0x1f
/* Connector entry: byte 0 type, byte 1 location 3:0 and HPD 5:4 (bit 0: GPIO HPD_0) */
#define NV_CONN_TYPE_DVI_D      0x31
#define NV_CONN_HPD_0           (0x1u << 12)
/*
 * GPIO table 4.1: 5-byte entries after a 5-byte header. Word: line 5:0,
 * function 15:8; byte 4: the logic levels, 7:6 for "on": 1 = active high.
 */
#define NV_GPIO_TAB_VERSION     0x41
#define NV_GPIO_TAB_ENTRY_SIZE  5
#define NV_GPIO_FUNC_HPD_0      0x07
#define NV_GPIO_ENTRY(line, func) ((line) | (func) << 8)
#define NV_GPIO_LOG_ACTIVE_HIGH 0x40

/* Placement chosen by this model (all inside the one image). */
enum {
    NV_VBIOS_AT_PCIR     = 0x0040,
    NV_VBIOS_AT_BIT      = 0x0100,
    NV_VBIOS_AT_BIT_ENTS = NV_VBIOS_AT_BIT + NV_BIT_HDR_SIZE,
    NV_VBIOS_AT_INFO     = 0x0180,
    NV_VBIOS_AT_INIT     = 0x01a0,
    NV_VBIOS_AT_PERF     = 0x01c0,
    NV_VBIOS_AT_DCB      = 0x0200,
    NV_VBIOS_AT_RAMMAP   = 0x0240,
    NV_VBIOS_AT_CCB      = 0x0280,
    NV_VBIOS_AT_CONN     = 0x02a0,
    NV_VBIOS_AT_GPIO     = 0x02c0,
    NV_VBIOS_AT_CHECKSUM = NV_VBIOS_SIZE - 1,
};

/* Builds the VBIOS image for chip into out[NV_VBIOS_SIZE]; returns the image length (NV_VBIOS_SIZE). */
size_t nv_vbios_build(const NvChipProfile *chip, uint8_t *out);

#endif
