/*
 * The 3D class's vertex input: each vertex's attributes fetched from its
 * vertex streams (SET_VERTEX_ATTRIBUTE_A, SET_VERTEX_STREAM_*: the class
 * header's component layouts, every numerical type, per-instance streams
 * with divisors, zeroes past a stream's size), and a draw's list of vertex
 * numbers: an array's first + k, an index buffer's indices, or the inline
 * indices gathered since BEGIN, with the base vertex and primitive restart.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "draw.h"
#include "../base/util.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/nv-f16.h"

static uint32_t st(const NvThreed *t, uint32_t mthd)
{
    return nv_threed_state(t, mthd);
}

static uint64_t st64(const NvThreed *t, uint32_t hi, uint32_t lo)
{
    return (uint64_t)(st(t, hi) & 0xff) << 32 | st(t, lo);
}

/* ---- vertex fetch ---- */

typedef struct VertexFormat {
    uint8_t value, bits[4];
} VertexFormat;

static const VertexFormat vertex_formats[] = {
#define VF_ROW(name, v, r, g, b, a) { v, { r, g, b, a } },
    NV_3D_VERTEX_FORMATS(VF_ROW)
#undef VF_ROW
};

static const VertexFormat *vertex_format(uint32_t value)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(vertex_formats); i++) {
        if (vertex_formats[i].value == value) {
            return &vertex_formats[i];
        }
    }
    return NULL;
}

/* One fetched component as the shader sees it (a float, or an integer for the integer types). */
static uint32_t convert_component(uint64_t raw, unsigned bits, unsigned type)
{
    uint64_t max = (1ull << bits) - 1;
    int64_t sv = (int64_t)(raw << (64 - bits)) >> (64 - bits);

    switch (type) {
    case NV_3D_NUM_UNORM:
        return nv_bits_f32((float)raw / (float)max);
    case NV_3D_NUM_SNORM:
        return nv_bits_f32(fmaxf((float)sv / (float)(max >> 1), -1.0f));
    case NV_3D_NUM_USCALED:
        return nv_bits_f32((float)raw);
    case NV_3D_NUM_SSCALED:
        return nv_bits_f32((float)sv);
    case NV_3D_NUM_SINT:
        return (uint32_t)sv;
    case NV_3D_NUM_FLOAT:
        return bits == 16 ? nv_bits_f32(nv_f16_to_f32((uint16_t)raw)) : (uint32_t)raw;
    default:                            /* UINT */
        return (uint32_t)raw;
    }
}

/* Generic vector i of the vertex: its stream element, or the defaults (0, 0, 0, 1). */
static bool fetch_attribute(NvThreed *t, unsigned i, uint32_t vertex, uint32_t *out)
{
    uint32_t a = st(t, A_C597_SET_VERTEX_ATTRIBUTE_A + 4 * i);
    unsigned s = NV_FEX32(a, C597_SET_VERTEX_ATTRIBUTE_A, STREAM) % NV_3D_STREAMS;
    unsigned type = NV_FEX32(a, C597_SET_VERTEX_ATTRIBUTE_A, NUMERICAL_TYPE);
    const VertexFormat *f = vertex_format(NV_FEX32(a, C597_SET_VERTEX_ATTRIBUTE_A,
                                                    COMPONENT_BIT_WIDTHS));
    uint32_t fmt = st(t, A_C597_SET_VERTEX_STREAM_A_FORMAT + s * A_C597_SET_VERTEX_STREAM_A_FORMAT_STRIDE);
    uint64_t base = st64(t, A_C597_SET_VERTEX_STREAM_A_LOCATION_A + s * 16,
                         A_C597_SET_VERTEX_STREAM_A_LOCATION_B + s * 16);
    uint64_t size = st64(t, A_C597_SET_VERTEX_STREAM_SIZE_A + s * 8,
                         A_C597_SET_VERTEX_STREAM_SIZE_B + s * 8);
    bool is_int = type == NV_3D_NUM_SINT || type == NV_3D_NUM_UINT;
    uint64_t index = vertex, off, bytes = 0;
    uint8_t raw[16] = { 0 };
    unsigned pos = 0;

    out[0] = out[1] = out[2] = 0;
    out[3] = is_int ? 1 : nv_bits_f32(1.0f);
    if (NV_FEX32(a, C597_SET_VERTEX_ATTRIBUTE_A, SOURCE) == NV_3D_ATTR_SOURCE_INACTIVE) {
        return true;
    }
    if (!f) {                           /* no components (NVK's unused attributes): defaults */
        if (NV_FEX32(a, C597_SET_VERTEX_ATTRIBUTE_A, COMPONENT_BIT_WIDTHS)) {
            nv_threed_unimp(t, A_C597_SET_VERTEX_ATTRIBUTE_A + 4 * i, a);
        }
        return true;
    }
    if (NV_FEX32(st(t, A_C597_SET_VERTEX_STREAM_INSTANCE_A + 4 * s),
                 C597_SET_VERTEX_STREAM_INSTANCE_A, IS_INSTANCED)) {
        uint32_t div = st(t, A_C597_SET_VERTEX_STREAM_A_FREQUENCY + s * 16);

        index = (t->draw.ignore_base_instance ? 0 : st(t, A_C597_SET_GLOBAL_BASE_INSTANCE_INDEX)) +
                (div ? t->instance / div : 0);
    }
    for (unsigned c = 0; c < 4; c++) {
        bytes += f->bits[c];
    }
    bytes = (bytes + 7) / 8;
    off = index * NV_FEX32(fmt, C597_SET_VERTEX_STREAM_A_FORMAT, STRIDE) +
          NV_FEX32(a, C597_SET_VERTEX_ATTRIBUTE_A, OFFSET);
    /* a disabled stream, or an element past the stream's size, reads zeroes */
    if (NV_FEX32(fmt, C597_SET_VERTEX_STREAM_A_FORMAT, ENABLE) && off + bytes <= size &&
        !t->mem->read(t->mem->opaque, true, 0, base + off, raw, bytes)) {
        return false;
    }
    for (unsigned k = 0; k < 4; k++) {
        unsigned c = NV_FEX32(a, C597_SET_VERTEX_ATTRIBUTE_A, SWAP_R_AND_B) && k != 3 ? 2 - k : k;

        if (f->bits[k]) {
            out[c] = convert_component(nv_rt_get_bits(raw, pos, f->bits[k]), f->bits[k], type);
            pos += f->bits[k];
        }
    }
    return true;
}

bool nv_draw_fetch_vertex(NvThreed *t, uint32_t vertex, uint32_t *rec)
{
    memset(rec, 0, NV_SM_ATTR_WORDS * 4);
    for (unsigned i = 0; i < NV_3D_ATTRIBUTES; i++) {
        if (!fetch_attribute(t, i, vertex, rec + NV_ATTR_GENERIC0 / 4 + 4 * i)) {
            return false;
        }
    }
    rec[NV_ATTR_INSTANCE_ID / 4] = t->instance;
    rec[NV_ATTR_VERTEX_ID / 4] = vertex;
    return true;
}

/* ---- the vertex list of a draw ---- */

/* Vertex numbers of a vertex array: first + k. */
static uint32_t *vertex_array(NvThreed *t, uint32_t count)
{
    uint32_t first = t->draw.first;
    uint32_t *ids = g_try_new(uint32_t, MAX(count, 1u));

    for (uint32_t k = 0; ids && k < count; k++) {
        ids[k] = first + k;
    }
    return ids;
}

/*
 * Indices to vertex numbers: plus the base vertex; restart indices become
 * DRAW_RESTART when primitive restart is on.
 */
static void vertex_ids(NvThreed *t, uint32_t *ids, uint32_t count)
{
    bool restart = st(t, A_C597_SET_DA_PRIMITIVE_RESTART) & 1;
    uint32_t restart_index = st(t, A_C597_SET_DA_PRIMITIVE_RESTART_INDEX);
    uint32_t base = t->draw.ignore_base_vertex ? 0 : st(t, A_C597_SET_GLOBAL_BASE_VERTEX_INDEX);

    for (uint32_t k = 0; k < count; k++) {
        ids[k] = restart && ids[k] == restart_index ? DRAW_RESTART : ids[k] + base;
    }
}

/*
 * Vertex numbers of an index-buffer draw: the indices from the draw's first
 * on (indices past the buffer's size read 0), as vertex_ids makes them.
 */
static uint32_t *index_buffer(NvThreed *t, uint32_t count, bool *fault)
{
    unsigned isz = 1u << MIN(t->draw.index_log2, (unsigned)NV_3D_INDEX_FOUR_BYTES);
    uint64_t va = st64(t, A_C597_SET_INDEX_BUFFER_A, A_C597_SET_INDEX_BUFFER_B);
    uint64_t size = st64(t, A_C597_SET_INDEX_BUFFER_SIZE_A, A_C597_SET_INDEX_BUFFER_SIZE_B);
    uint64_t first = (uint64_t)t->draw.first * isz;
    uint64_t avail = first < size ? MIN((size - first) / isz, count) : 0;
    uint8_t *raw = g_try_malloc0((size_t)MAX(count, 1u) * isz);
    uint32_t *ids = g_try_new(uint32_t, MAX(count, 1u));

    *fault = false;
    if (!raw || !ids || (avail && !t->mem->read(t->mem->opaque, true, 0, va + first, raw,
                                               avail * isz))) {
        *fault = raw && ids;
        g_free(raw);
        g_free(ids);
        return NULL;
    }
    for (uint32_t k = 0; k < count; k++) {
        ids[k] = (uint32_t)nv_ld_le(raw + (size_t)k * isz, isz);
    }
    g_free(raw);
    vertex_ids(t, ids, count);
    return ids;
}

/* Vertex numbers of the inline indices gathered since BEGIN. */
static uint32_t *inline_ids(NvThreed *t, uint32_t count)
{
    uint32_t *ids = g_try_new(uint32_t, MAX(count, 1u));

    if (ids) {
        memcpy(ids, t->inl, (size_t)MIN(count, t->inl_n) * 4);
        vertex_ids(t, ids, MIN(count, t->inl_n));
    }
    return ids;
}

/*
 * Inline indices (DRAW_INLINE_INDEX, 2X16, 4X8: nouveau's GL driver sends
 * an application's own index array so) are gathered until END, then drawn
 * as one indexed draw: the same primitives, in the same order, as the
 * hardware's streaming. The ALIGN methods skip the first word's leading
 * indices and cap how many of the following are taken.
 */
static bool inline_add(NvThreed *t, uint32_t index)
{
    if (t->inl_skip) {
        t->inl_skip--;
        return true;
    }
    if (!t->inl_left) {
        return true;                    /* past the ALIGN method's count */
    }
    t->inl_left -= t->inl_left != UINT32_MAX;
    if (t->inl_n == DRAW_MAX_COUNT) {
        nv_draw_error(t, "3D: more than 2^24 inline indices between BEGIN and END");
        return false;
    }
    if (t->inl_n == t->inl_cap) {
        uint32_t cap = MIN(MAX(t->inl_cap * 2, 256u), DRAW_MAX_COUNT);
        uint32_t *inl = g_try_renew(uint32_t, t->inl, cap);

        if (!inl) {
            nv_draw_error(t, "3D: no host memory for inline indices");
            return false;
        }
        t->inl = inl;
        t->inl_cap = cap;
    }
    t->inl[t->inl_n++] = index;
    return true;
}

bool nv_draw_inline_indices(NvThreed *t, uint32_t mthd, uint32_t data)
{
    unsigned per = mthd == A_C597_DRAW_INLINE_INDEX ? 1 : mthd == A_C597_DRAW_INLINE_INDEX2X16 ? 2 : 4;
    unsigned bits = 32 / per;

    if (!t->in_begin) {
        nv_threed_unimp(t, mthd, data);     /* outside BEGIN/END: nothing to draw */
        return true;
    }
    for (unsigned k = 0; k < per; k++) {
        if (!inline_add(t, per == 1 ? data : (data >> (bits * k)) & ((1u << bits) - 1))) {
            return false;
        }
    }
    return true;
}

uint32_t *nv_draw_vertex_list(NvThreed *t, uint32_t count, unsigned source, bool *fault)
{
    *fault = false;
    return source == NV_DRAW_INDEXED ? index_buffer(t, count, fault) :
           source == NV_DRAW_INLINE ? inline_ids(t, count) : vertex_array(t, count);
}
