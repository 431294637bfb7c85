/*
 * Unit tests of the fat binary reader of the CUDA runtime (tools/cudart/
 * fatbin.c) over fat binaries built here: the sm_75 cubin among other
 * architectures, plain, LZ4- and zstd-compressed; PTX only; and hostile
 * headers, sizes and compressed data.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include <lz4.h>
#include <zstd.h>

#include "fatbin.h"

#define ARCH    75

typedef struct Entry {
    uint16_t kind;
    uint32_t arch;
    const char *text;           /* the payload before compression */
    uint64_t flags;             /* NV_FATBIN_F_LZ4 or _ZSTD to compress */
} Entry;

static void put(GByteArray *b, size_t at, const void *v, size_t n)
{
    memcpy(b->data + at, v, n);
}

/* Appends one entry (64-byte header, payload padded to 8). */
static void add_entry(GByteArray *b, const Entry *e)
{
    size_t raw = strlen(e->text), at = b->len, packed = raw;
    g_autofree uint8_t *z = g_malloc(raw + 1024);
    uint64_t padded, hsize = NV_FATBIN_E_MIN_HEADER, raw64 = raw;
    uint32_t packed32;

    if (e->flags & NV_FATBIN_F_LZ4) {
        packed = LZ4_compress_default(e->text, (char *)z, (int)raw, (int)raw + 1024);
    } else if (e->flags & NV_FATBIN_F_ZSTD) {
        packed = ZSTD_compress(z, raw + 1024, e->text, raw, 3);
    } else {
        memcpy(z, e->text, raw);
    }
    padded = (packed + 7) & ~7ull;
    g_byte_array_set_size(b, at + hsize + padded);
    memset(b->data + at, 0, hsize + padded);
    put(b, at + NV_FATBIN_E_KIND, &e->kind, 2);
    put(b, at + NV_FATBIN_E_HEADER_SIZE, &(uint32_t){ (uint32_t)hsize }, 4);
    put(b, at + NV_FATBIN_E_PAYLOAD_SIZE, &padded, 8);
    put(b, at + NV_FATBIN_E_ARCH, &e->arch, 4);
    put(b, at + NV_FATBIN_E_FLAGS, &e->flags, 8);
    if (e->flags) {
        packed32 = (uint32_t)packed;
        put(b, at + NV_FATBIN_E_COMPRESSED_SIZE, &packed32, 4);
        put(b, at + NV_FATBIN_E_RAW_SIZE, &raw64, 8);
    }
    put(b, at + hsize, z, packed);
}

static GByteArray *fatbin(const Entry *entries, unsigned n)
{
    GByteArray *b = g_byte_array_sized_new(4096);
    uint32_t magic = NV_FATBIN_MAGIC;
    uint16_t version = 1, hsize = NV_FATBIN_HEADER_SIZE;
    uint64_t body;

    g_byte_array_set_size(b, NV_FATBIN_HEADER_SIZE);
    put(b, 0, &magic, 4);
    put(b, 4, &version, 2);
    put(b, 6, &hsize, 2);
    for (unsigned i = 0; i < n; i++) {
        add_entry(b, &entries[i]);
    }
    body = b->len - NV_FATBIN_HEADER_SIZE;
    put(b, 8, &body, 8);
    return b;
}

static const char *cubin_text = "\177ELF this stands for the sm_75 cubin, repeated repeated "
                                "repeated repeated repeated repeated repeated repeated";

static NvFatbinResult find(GByteArray *b, GBytes **out, char *why)
{
    return nv_fatbin_find_cubin(b->data, b->len, ARCH, out, why, 200);
}

static void check_found(uint64_t flags)
{
    Entry e[] = {
        { NV_FATBIN_KIND_PTX, 80, ".version 9.0 .target sm_80", 0 },
        { NV_FATBIN_KIND_ELF, 86, "\177ELF sm_86", flags },
        { NV_FATBIN_KIND_ELF, ARCH, cubin_text, flags },
    };
    g_autoptr(GByteArray) b = fatbin(e, 3);
    GBytes *out;
    char why[200];
    gsize n;
    const void *p;

    g_assert_cmpuint(nv_fatbin_size(b->data), ==, b->len);
    g_assert_cmpint(find(b, &out, why), ==, NV_FATBIN_FOUND);
    p = g_bytes_get_data(out, &n);
    /* plain payloads keep their padding; decompressed ones are exact */
    g_assert_cmpuint(n, ==, flags ? strlen(cubin_text) : (strlen(cubin_text) + 7) & ~7u);
    g_assert_cmpmem(p, strlen(cubin_text), cubin_text, strlen(cubin_text));
    g_bytes_unref(out);
}

static void test_plain(void)
{
    check_found(0);
}

static void test_lz4(void)
{
    check_found(NV_FATBIN_F_LZ4);
}

static void test_zstd(void)
{
    check_found(NV_FATBIN_F_ZSTD);
}

/* PTX only, or cubins for other chips: a clear account of what there is. */
static void test_no_code(void)
{
    Entry e[] = {
        { NV_FATBIN_KIND_PTX, 75, ".version 9.0 .target sm_75", 0 },
        { NV_FATBIN_KIND_ELF, 80, "\177ELF sm_80", 0 },
    };
    g_autoptr(GByteArray) b = fatbin(e, 2);
    GBytes *out = (GBytes *)1;
    char why[200];

    g_assert_cmpint(find(b, &out, why), ==, NV_FATBIN_NO_CODE);
    g_assert_null(out);
    g_assert_cmpstr(why, ==, "PTX for compute_75, cubin for sm_80");
}

static void test_bad_header(void)
{
    Entry e[] = { { NV_FATBIN_KIND_ELF, ARCH, cubin_text, 0 } };
    g_autoptr(GByteArray) b = fatbin(e, 1);
    uint64_t huge = UINT64_MAX - 8;
    GBytes *out;
    char why[200];

    g_assert_cmpint(nv_fatbin_find_cubin(b->data, 8, ARCH, &out, why, 200), ==,
                    NV_FATBIN_MALFORMED);
    /* the header claims more than the buffer holds */
    g_assert_cmpint(nv_fatbin_find_cubin(b->data, b->len - 1, ARCH, &out, why, 200), ==,
                    NV_FATBIN_MALFORMED);
    put(b, 8, &huge, 8);
    g_assert_cmpuint(nv_fatbin_size(b->data), ==, 0);
    g_assert_cmpint(find(b, &out, why), ==, NV_FATBIN_MALFORMED);
    b->data[0] ^= 1;
    g_assert_cmpuint(nv_fatbin_size(b->data), ==, 0);
    g_assert_cmpstr(why, ==, "not a fat binary");
}

/* Entry sizes that overflow or run past the end are refused, never followed. */
static void test_bad_entries(void)
{
    static const struct {
        size_t field;
        uint64_t value;
        unsigned width;
    } cases[] = {
        { NV_FATBIN_E_HEADER_SIZE, 8, 4 },              /* smaller than a header */
        { NV_FATBIN_E_HEADER_SIZE, 0xffffffffu, 4 },
        { NV_FATBIN_E_PAYLOAD_SIZE, 1u << 20, 8 },
        { NV_FATBIN_E_PAYLOAD_SIZE, UINT64_MAX, 8 },
        { NV_FATBIN_E_RAW_SIZE, 0, 8 },                 /* compressed, no size */
        { NV_FATBIN_E_RAW_SIZE, 5, 8 },                 /* wrong size */
        { NV_FATBIN_E_RAW_SIZE, UINT64_MAX, 8 },
    };

    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        for (unsigned c = 0; c < 2; c++) {
            Entry e[] = { { NV_FATBIN_KIND_ELF, ARCH, cubin_text,
                            c ? NV_FATBIN_F_ZSTD : NV_FATBIN_F_LZ4 } };
            g_autoptr(GByteArray) b = fatbin(e, 1);
            GBytes *out;
            char why[200];

            put(b, NV_FATBIN_HEADER_SIZE + cases[i].field, &cases[i].value, cases[i].width);
            g_assert_cmpint(find(b, &out, why), ==, NV_FATBIN_MALFORMED);
            g_assert_null(out);
        }
    }
}

/* Corrupt compressed payloads fail to decompress and are reported. */
static void test_corrupt_payload(void)
{
    for (unsigned c = 0; c < 2; c++) {
        Entry e[] = { { NV_FATBIN_KIND_ELF, ARCH, cubin_text,
                        c ? NV_FATBIN_F_ZSTD : NV_FATBIN_F_LZ4 } };
        g_autoptr(GByteArray) b = fatbin(e, 1);
        size_t payload = NV_FATBIN_HEADER_SIZE + NV_FATBIN_E_MIN_HEADER;
        GBytes *out;
        char why[200];

        memset(b->data + payload, 0xff, b->len - payload);
        g_assert_cmpint(find(b, &out, why), ==, NV_FATBIN_MALFORMED);
        g_assert_cmpstr(why, ==, "corrupt compressed cubin for sm_75");
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/fatbin/plain", test_plain);
    g_test_add_func("/fatbin/lz4", test_lz4);
    g_test_add_func("/fatbin/zstd", test_zstd);
    g_test_add_func("/fatbin/no-code", test_no_code);
    g_test_add_func("/fatbin/bad-header", test_bad_header);
    g_test_add_func("/fatbin/bad-entries", test_bad_entries);
    g_test_add_func("/fatbin/corrupt-payload", test_corrupt_payload);
    return g_test_run();
}
