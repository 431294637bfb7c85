/*
 * Finding an architecture's cubin in a fat binary (see fatbin.h): every size is
 * checked against the container before it is used.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <lz4.h>
#include <zstd.h>

#include "fatbin.h"

static uint16_t rd16(const uint8_t *p)
{
    uint16_t v;

    memcpy(&v, p, 2);
    return GUINT16_FROM_LE(v);
}

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;

    memcpy(&v, p, 4);
    return GUINT32_FROM_LE(v);
}

static uint64_t rd64(const uint8_t *p)
{
    uint64_t v;

    memcpy(&v, p, 8);
    return GUINT64_FROM_LE(v);
}

size_t nv_fatbin_size(const void *data)
{
    const uint8_t *p = data;
    uint64_t body;

    if (rd32(p) != NV_FATBIN_MAGIC || rd16(p + 6) < NV_FATBIN_HEADER_SIZE) {
        return 0;
    }
    body = rd64(p + 8);
    return body > NV_FATBIN_MAX_SIZE ? 0 : (size_t)(rd16(p + 6) + body);
}

/* The payload of an entry, decompressed; NULL if corrupt. */
static GBytes *entry_payload(const uint8_t *e, const uint8_t *payload, uint64_t size)
{
    uint64_t flags = rd64(e + NV_FATBIN_E_FLAGS), raw = rd64(e + NV_FATBIN_E_RAW_SIZE);
    uint64_t packed = rd32(e + NV_FATBIN_E_COMPRESSED_SIZE);
    uint8_t *out;

    if (!(flags & (NV_FATBIN_F_LZ4 | NV_FATBIN_F_ZSTD))) {
        return g_bytes_new(payload, size);
    }
    packed = packed && packed <= size ? packed : size;
    if (!raw || raw > NV_FATBIN_MAX_SIZE) {
        return NULL;
    }
    out = g_malloc(raw);
    if (flags & NV_FATBIN_F_ZSTD) {
        size_t n = ZSTD_decompress(out, raw, payload, packed);

        if (ZSTD_isError(n) || n != raw) {
            g_free(out);
            return NULL;
        }
    } else if (raw > INT32_MAX || packed > INT32_MAX ||
               LZ4_decompress_safe((const char *)payload, (char *)out, (int)packed,
                                   (int)raw) != (int)raw) {
        g_free(out);
        return NULL;
    }
    return g_bytes_new_take(out, raw);
}

NvFatbinResult nv_fatbin_find_cubin(const void *data, size_t size, unsigned arch,
                                    GBytes **cubin, char *why, size_t whylen)
{
    const uint8_t *p = data;
    size_t total = size >= NV_FATBIN_HEADER_SIZE ? nv_fatbin_size(data) : 0;
    g_autoptr(GString) seen = g_string_new(NULL);

    *cubin = NULL;
    if (!total || total > size) {
        snprintf(why, whylen, "not a fat binary");
        return NV_FATBIN_MALFORMED;
    }
    for (size_t at = rd16(p + 6); at < total;) {
        const uint8_t *e = p + at;
        uint32_t hsize;
        uint64_t psize;
        uint16_t kind;

        if (total - at < NV_FATBIN_E_MIN_HEADER ||
            (hsize = rd32(e + NV_FATBIN_E_HEADER_SIZE)) < NV_FATBIN_E_MIN_HEADER ||
            hsize > total - at || (psize = rd64(e + NV_FATBIN_E_PAYLOAD_SIZE)) >
            total - at - hsize) {
            snprintf(why, whylen, "truncated fat binary entry at offset %zu", at);
            return NV_FATBIN_MALFORMED;
        }
        kind = rd16(e + NV_FATBIN_E_KIND);
        if (kind == NV_FATBIN_KIND_ELF && rd32(e + NV_FATBIN_E_ARCH) == arch) {
            *cubin = entry_payload(e, e + hsize, psize);
            if (!*cubin) {
                snprintf(why, whylen, "corrupt compressed cubin for sm_%u", arch);
                return NV_FATBIN_MALFORMED;
            }
            return NV_FATBIN_FOUND;
        }
        g_string_append_printf(seen, "%s%s %s_%u", seen->len ? ", " : "",
                               kind == NV_FATBIN_KIND_PTX ? "PTX for" : "cubin for",
                               kind == NV_FATBIN_KIND_PTX ? "compute" : "sm",
                               rd32(e + NV_FATBIN_E_ARCH));
        at += hsize + psize;
    }
    snprintf(why, whylen, "%s", seen->len ? seen->str : "empty fat binary");
    return NV_FATBIN_NO_CODE;
}
