/*
 * Unit tests of the synthetic VBIOS image. A small parser written here reads
 * the image the way nouveau does (ROM header -> PCIR -> BIT search -> tokens
 * -> RAMMAP / DCB); it takes only field offsets from vbios.h, never the
 * builder's placement (NV_VBIOS_AT_*), so a misplaced or mislinked table
 * fails. Expected values are spelled out as the documented numbers, so a
 * wrong constant in vbios.h does not check itself.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hw/nvidia/nvgpu.h"
#include "regs/vbios.h"

#define IMAGE_LIMIT 0x10000u    /* the BIT search returns a u16 offset */

static uint8_t rom[NV_VBIOS_SIZE];
static size_t rom_len;

static void build(void)
{
    rom_len = nv_vbios_build(&nv_chip_tu104, rom);
    g_assert_cmpuint(rom_len, ==, NV_VBIOS_SIZE);
}

static unsigned rd8(size_t off)
{
    g_assert_cmpuint(off, <, rom_len);
    return rom[off];
}

static unsigned rd16(size_t off)
{
    return rd8(off) | rd8(off + 1) << 8;
}

static uint32_t rd32(size_t off)
{
    return rd16(off) | (uint32_t)rd16(off + 2) << 16;
}

/* Offset of the first occurrence of pat[0..len), or -1. */
static long find_bytes(const uint8_t *img, size_t img_len, const char *pat, size_t len)
{
    for (size_t i = 0; i + len <= img_len; i++) {
        if (memcmp(img + i, pat, len) == 0) {
            return (long)i;
        }
    }
    return -1;
}

static bool checksum_ok(const uint8_t *img, size_t len)
{
    uint8_t sum = 0;

    for (size_t i = 0; i < len; i++) {
        sum += img[i];
    }
    return sum == 0;
}

static size_t pcir_offset(void)
{
    size_t pcir = rd16(NV_ROM_PCIR_PTR_OFF);

    g_assert_cmpuint(pcir + NV_PCIR_HDR_LEN, <=, rom_len);
    return pcir;
}

static size_t bit_offset(void)
{
    long bit = find_bytes(rom, rom_len, NV_BIT_SIG, NV_BIT_SIG_LEN);

    g_assert_cmpint(bit, >=, 0);
    g_assert_cmpuint((size_t)bit, <, IMAGE_LIMIT);
    return (size_t)bit;
}

typedef struct Token {
    unsigned version, len;
    size_t data;
} Token;

/* Looks the token up in the BIT table; its data must lie inside the image. */
static Token find_token(uint8_t id)
{
    size_t bit = bit_offset();
    size_t ents = bit + rd8(bit + NV_BIT_HDR_SIZE_OFF);
    unsigned count = rd8(bit + NV_BIT_ENTRY_COUNT_OFF);
    unsigned esize = rd8(bit + NV_BIT_ENTRY_SIZE_OFF);

    for (unsigned i = 0; i < count; i++) {
        size_t e = ents + i * esize;
        if (rd8(e + NV_BIT_ENT_ID_OFF) == id) {
            Token t = {
                .version = rd8(e + NV_BIT_ENT_VERSION_OFF),
                .len = rd16(e + NV_BIT_ENT_LEN_OFF),
                .data = rd16(e + NV_BIT_ENT_PTR_OFF),
            };
            g_assert_cmpuint(t.data, >, 0);
            g_assert_cmpuint(t.data + t.len, <=, rom_len);
            return t;
        }
    }
    g_assert_not_reached();
    return (Token){ 0 };
}

static void test_rom_header(void)
{
    build();
    g_assert_cmphex(rd16(NV_ROM_SIG_OFF), ==, 0xAA55);
    g_assert_cmphex(rom[0], ==, 0x55);
    g_assert_cmphex(rom[1], ==, 0xAA);
    g_assert_cmpuint(rd8(NV_ROM_LEGACY_LEN_OFF) * NV_ROM_BLOCK, ==, rom_len);
    /* The BIOS far-calls offset 3 of an option ROM: it must be a far return (retf). */
    g_assert_cmphex(rom[3], ==, 0xcb);
}

static void test_pcir(void)
{
    const NvChipProfile *chip = &nv_chip_tu104;
    size_t pcir;

    build();
    pcir = pcir_offset();
    g_assert_cmpmem(rom + pcir + NV_PCIR_SIG_OFF, NV_SIG_LEN, "PCIR", 4);
    g_assert_cmphex(rd16(pcir + NV_PCIR_VENDOR_OFF), ==, 0x10de);
    g_assert_cmphex(rd16(pcir + NV_PCIR_DEVICE_OFF), ==, 0x1eb8);
    g_assert_cmphex(rd16(pcir + NV_PCIR_VENDOR_OFF), ==, chip->pci_vendor);
    g_assert_cmphex(rd16(pcir + NV_PCIR_DEVICE_OFF), ==, chip->pci_device);
    /* 3D controller 0x030200 is stored prog-if, sub-class, base class. */
    g_assert_cmphex(rd8(pcir + NV_PCIR_CLASS_OFF + 0), ==, 0x00);
    g_assert_cmphex(rd8(pcir + NV_PCIR_CLASS_OFF + 1), ==, 0x02);
    g_assert_cmphex(rd8(pcir + NV_PCIR_CLASS_OFF + 2), ==, 0x03);
    g_assert_cmpuint(rd16(pcir + NV_PCIR_HDR_LEN_OFF), >=, NV_PCIR_HDR_LEN);
    g_assert_cmpuint(rd16(pcir + NV_PCIR_IMAGE_LEN_OFF) * NV_ROM_BLOCK, ==, rom_len);
    g_assert_cmphex(rd8(pcir + NV_PCIR_CODE_TYPE_OFF), ==, 0x00);
    g_assert_cmphex(rd8(pcir + NV_PCIR_INDICATOR_OFF) & NV_PCIR_INDICATOR_LAST, ==, 0x80);
}

static void test_no_npde(void)
{
    size_t pcir, npde;

    build();
    pcir = pcir_offset();
    npde = (pcir + rd16(pcir + NV_PCIR_HDR_LEN_OFF) + NV_NPDE_ALIGN - 1) &
           ~(size_t)(NV_NPDE_ALIGN - 1);
    g_assert_cmpuint(npde + NV_SIG_LEN, <=, rom_len);
    g_assert_true(memcmp(rom + npde, "NPDE", NV_SIG_LEN) != 0);
}

static void test_bit_header(void)
{
    size_t bit;
    unsigned count;

    build();
    bit = bit_offset();
    g_assert_cmpmem(rom + bit + NV_BIT_ID_OFF, NV_BIT_ID_LEN, "\xff\xb8" "BIT\0", 6);
    g_assert_cmphex(rd16(bit + NV_BIT_VERSION_OFF), ==, 0x0100);
    g_assert_cmpuint(rd8(bit + NV_BIT_HDR_SIZE_OFF), ==, 12);
    g_assert_cmpuint(rd8(bit + NV_BIT_ENTRY_SIZE_OFF), ==, 6);
    count = rd8(bit + NV_BIT_ENTRY_COUNT_OFF);
    g_assert_cmpuint(count, >=, 3);
    g_assert_cmpuint(bit + rd8(bit + NV_BIT_HDR_SIZE_OFF) +
                     count * rd8(bit + NV_BIT_ENTRY_SIZE_OFF), <=, rom_len);
    g_assert_true(checksum_ok(rom + bit, rd8(bit + NV_BIT_HDR_SIZE_OFF)));
    /* A BMP marker would make the parsers take the pre-BIT path. */
    g_assert_cmpint(find_bytes(rom, rom_len, "\xff\x7f" "NV\0", 5), ==, -1);
}

/* The string nouveau prints: major.chip.minor.micro.oem from +3 +2 +1 +0 +4. */
static void test_token_info(void)
{
    Token t;
    char ver[32];

    build();
    t = find_token('i');
    g_assert_cmpuint(t.version, ==, 2);
    g_assert_cmpuint(t.len, >=, 15);
    g_assert_cmphex(rd8(t.data + NV_BIT_INFO_FEATURE_OFF), ==, 0);
    g_assert_cmphex(rd16(t.data + NV_BIT_INFO_DACLOAD_OFF), ==, 0);
    snprintf(ver, sizeof(ver), "%02x.%02x.%02x.%02x.%02x",
             rd8(t.data + NV_BIT_INFO_MAJOR_OFF), rd8(t.data + NV_BIT_INFO_CHIP_OFF),
             rd8(t.data + NV_BIT_INFO_MINOR_OFF), rd8(t.data + NV_BIT_INFO_MICRO_OFF),
             rd8(t.data + NV_BIT_INFO_OEM_OFF));
    g_assert_cmpstr(ver, ==, "90.04.10.00.01");
}

static void test_token_init(void)
{
    Token t;

    build();
    t = find_token('I');
    g_assert_cmpuint(t.len, >=, 14);
    g_assert_cmpuint(t.version, ==, 1);
    g_assert_cmpuint(t.len, >=, 0x1c);
    for (unsigned i = 0; i < t.len; i++) {
        g_assert_cmphex(rd8(t.data + i), ==, 0);   /* no init scripts */
    }
}

static void test_token_perf(void)
{
    Token t;
    size_t rammap;
    unsigned ver, hdr;

    build();
    t = find_token('P');
    g_assert_cmpuint(t.version, ==, 2);
    g_assert_cmpuint(t.len, >=, 8);
    rammap = rd32(t.data + NV_BIT_PERF_RAMMAP_OFF);
    g_assert_cmpuint(rammap, >, 0);
    ver = rd8(rammap + NV_RAMMAP_VERSION_OFF);
    hdr = rd8(rammap + NV_RAMMAP_HDR_LEN_OFF);
    g_assert_true(ver == 0x10 || ver == 0x11);
    g_assert_cmpuint(hdr, >=, 0x15);
    g_assert_cmpuint(rammap + hdr, <=, rom_len);
    g_assert_cmpuint(rd8(rammap + NV_RAMMAP_SCRIPT_COUNT_OFF), ==, 0);
}

static void test_dcb(void)
{
    size_t dcb;

    build();
    dcb = rd16(NV_ROM_DCB_PTR_OFF);
    g_assert_cmpuint(dcb, >, 0);
    g_assert_cmphex(rd8(dcb + NV_DCB_VERSION_OFF), ==, 0x40);
    g_assert_cmpuint(rd8(dcb + NV_DCB_HDR_LEN_OFF), >=, 0x17);
    g_assert_cmpuint(dcb + rd8(dcb + NV_DCB_HDR_LEN_OFF), <=, rom_len);
    g_assert_cmpuint(rd8(dcb + NV_DCB_COUNT_OFF), ==, 0);
    g_assert_cmphex(rd32(dcb + NV_DCB_SIG_OFF), ==, 0x4EDCBDCB);
    g_assert_cmphex(rd16(dcb + NV_DCB_I2C_PTR_OFF), ==, 0);
    g_assert_cmphex(rd16(dcb + NV_DCB_GPIO_PTR_OFF), ==, 0);
}

static void test_checksum(void)
{
    build();
    g_assert_true(checksum_ok(rom, rom_len));
}

/* The checksum check can fail: any single changed byte breaks the sum. */
static void test_checksum_detects_flip(void)
{
    static uint8_t copy[NV_VBIOS_SIZE];
    const size_t where[] = { 0, 0x1234, NV_VBIOS_SIZE - 1 };

    build();
    for (size_t i = 0; i < G_N_ELEMENTS(where); i++) {
        memcpy(copy, rom, rom_len);
        copy[where[i]] ^= 0x01;
        g_assert_false(checksum_ok(copy, rom_len));
    }
}

static void test_deterministic(void)
{
    static uint8_t first[NV_VBIOS_SIZE];

    build();
    memcpy(first, rom, rom_len);
    memset(rom, 0xa5, sizeof(rom));     /* stale contents must not leak through */
    build();
    g_assert_cmpmem(first, sizeof(first), rom, rom_len);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/vbios/rom-header", test_rom_header);
    g_test_add_func("/vbios/pcir", test_pcir);
    g_test_add_func("/vbios/no-npde", test_no_npde);
    g_test_add_func("/vbios/bit-header", test_bit_header);
    g_test_add_func("/vbios/token-i", test_token_info);
    g_test_add_func("/vbios/token-I", test_token_init);
    g_test_add_func("/vbios/token-P", test_token_perf);
    g_test_add_func("/vbios/dcb", test_dcb);
    g_test_add_func("/vbios/checksum", test_checksum);
    g_test_add_func("/vbios/checksum-detects-flip", test_checksum_detects_flip);
    g_test_add_func("/vbios/deterministic", test_deterministic);
    return g_test_run();
}
