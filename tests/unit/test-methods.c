/*
 * Unit tests of the class method tables (include/hw/nvidia/methods/, made by
 * scripts/gen-class-methods.py): all six compile together with the
 * constants they declare, and each table, built from its X-macro, is sound:
 * methods in order, aligned and inside the class's method space, no method
 * offset named twice (arrays included), fields inside the word and apart;
 * then facts about the classes checked against the constants.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdbool.h>
#include <string.h>

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c46f.h"
#include "hw/nvidia/methods/c5b5.h"
#include "hw/nvidia/methods/a140.h"
#include "hw/nvidia/methods/c5c0.h"
#include "hw/nvidia/methods/c597.h"
#include "hw/nvidia/methods/902d.h"

NV_CLASS_CONSTS(NV_C46F_METHODS)
NV_CLASS_CONSTS(NV_C5B5_METHODS)
NV_CLASS_CONSTS(NV_A140_METHODS)
NV_CLASS_CONSTS(NV_C5C0_METHODS)
NV_CLASS_CONSTS(NV_C597_METHODS)
NV_CLASS_CONSTS(NV_902D_METHODS)

#define MTHD_SPACE      0x4000      /* one subchannel's methods, in bytes */
#define HOST_LIMIT      0x0100      /* the host's methods, on every subchannel */

typedef struct Mthd {
    uint32_t offset;
    uint32_t stride;                /* 0: a single method */
    uint32_t count;
    const char *name;
} Mthd;

typedef struct Field {
    const char *mthd;
    const char *name;
    uint32_t shift;
    uint32_t length;
} Field;

#define ROW_M(cls, name, off)                   { (off), 0, 1, #name },
#define ROW_A(cls, name, base, stride, count)   { (base), (stride), (count), #name },
#define ROW_F(cls, mthd, field, shift, len)     { #mthd, #field, (shift), (len) },

#define CLASS_TABLES(lc, LIST)                                                \
    static const Mthd lc ## _mthds[] = { LIST(ROW_M, ROW_A, NV_MTHD_IGNORE) }; \
    static const Field lc ## _fields[] = { LIST(NV_MTHD_IGNORE, NV_MTHD_IGNORE, ROW_F) };

CLASS_TABLES(c46f, NV_C46F_METHODS)
CLASS_TABLES(c5b5, NV_C5B5_METHODS)
CLASS_TABLES(a140, NV_A140_METHODS)
CLASS_TABLES(c5c0, NV_C5C0_METHODS)
CLASS_TABLES(c597, NV_C597_METHODS)
CLASS_TABLES(n902d, NV_902D_METHODS)

typedef struct Class {
    uint32_t cls;
    const Mthd *mthds;
    size_t n_mthds;
    const Field *fields;
    size_t n_fields;
} Class;

#define CLASS(c, lc) { c, lc ## _mthds, G_N_ELEMENTS(lc ## _mthds), \
                       lc ## _fields, G_N_ELEMENTS(lc ## _fields) }

static const Class classes[] = {
    CLASS(0xc46f, c46f), CLASS(0xc5b5, c5b5), CLASS(0xa140, a140),
    CLASS(0xc5c0, c5c0), CLASS(0xc597, c597), CLASS(0x902d, n902d),
};

/*
 * The host's MEM_OP_A, _C and _D carry one of several layouts, chosen by
 * MEM_OP_D's OPERATION (TLB invalidate, membar, access counter clear): their
 * fields overlap by design.
 */
static bool fields_may_overlap(uint32_t cls, const char *mthd)
{
    return cls == 0xc46f && (!strcmp(mthd, "MEM_OP_A") || !strcmp(mthd, "MEM_OP_C") ||
                             !strcmp(mthd, "MEM_OP_D"));
}

/* The method at byte offset off, and its index for an array; NULL if none */
static const Mthd *mthd_at(const Class *c, uint32_t off, uint32_t *index)
{
    for (size_t i = 0; i < c->n_mthds; i++) {
        const Mthd *m = &c->mthds[i];

        if (!m->stride) {
            if (off == m->offset) {
                *index = 0;
                return m;
            }
        } else if (off >= m->offset && (off - m->offset) % m->stride == 0 &&
                   (off - m->offset) / m->stride < m->count) {
            *index = (off - m->offset) / m->stride;
            return m;
        }
    }
    return NULL;
}

static const Mthd *mthd_named(const Class *c, const char *name)
{
    for (size_t i = 0; i < c->n_mthds; i++) {
        if (!strcmp(c->mthds[i].name, name)) {
            return &c->mthds[i];
        }
    }
    return NULL;
}

static void test_methods(void)
{
    for (size_t k = 0; k < G_N_ELEMENTS(classes); k++) {
        const Class *c = &classes[k];
        uint32_t lo = c->cls == 0xc46f ? 0 : HOST_LIMIT;
        uint32_t hi = c->cls == 0xc46f ? HOST_LIMIT : MTHD_SPACE;
        const char **owner = g_new0(const char *, MTHD_SPACE / 4);

        g_assert_cmpuint(c->n_mthds, >, 1);
        for (size_t i = 0; i < c->n_mthds; i++) {
            const Mthd *m = &c->mthds[i];

            if (i) {
                g_assert_cmpuint(m->offset, >, c->mthds[i - 1].offset);
            }
            g_assert_cmpuint(m->offset % 4, ==, 0);
            g_assert_cmpuint(m->offset, >=, lo);
            g_assert_cmpuint(m->count, >=, 1);
            g_assert_cmpuint(m->stride % 4, ==, 0);
            g_assert_true(m->stride || m->count == 1);
            g_assert_true(!m->stride || m->stride >= 4);
            /* every element lies in the space and names its offset alone:
             * no array runs into a method (or a sibling array) after it */
            for (uint32_t j = 0; j < m->count; j++) {
                uint32_t off = m->offset + j * m->stride;

                g_assert_cmpuint(off, <=, hi - 4);
                if (owner[off / 4]) {
                    g_test_message("%04x: 0x%04x is %s and %s", c->cls, off,
                                   owner[off / 4], m->name);
                }
                g_assert_null(owner[off / 4]);
                owner[off / 4] = m->name;
            }
        }
        g_free(owner);
    }
}

static void test_fields(void)
{
    for (size_t k = 0; k < G_N_ELEMENTS(classes); k++) {
        const Class *c = &classes[k];
        size_t m = 0;

        for (size_t i = 0; i < c->n_fields; i++) {
            const Field *f = &c->fields[i];

            g_assert_cmpuint(f->length, >=, 1);
            g_assert_cmpuint(f->shift + f->length, <=, 32);
            /* fields follow their method, in the methods' order */
            while (m < c->n_mthds && strcmp(c->mthds[m].name, f->mthd)) {
                m++;
            }
            g_assert_cmpuint(m, <, c->n_mthds);
            /* apart from the method's other fields, and not one whole-word
             * field alone (the generator drops those) */
            size_t first = i, last = i;
            while (first && !strcmp(c->fields[first - 1].mthd, f->mthd)) {
                first--;
            }
            while (last + 1 < c->n_fields && !strcmp(c->fields[last + 1].mthd, f->mthd)) {
                last++;
            }
            g_assert_false(first == last && f->shift == 0 && f->length == 32);
            if (fields_may_overlap(c->cls, f->mthd)) {
                continue;
            }
            for (size_t j = first; j <= last; j++) {
                const Field *g = &c->fields[j];

                if (j == i) {
                    continue;
                }
                g_assert_cmpstr(g->name, !=, f->name);
                if (f->shift < g->shift + g->length && g->shift < f->shift + f->length) {
                    g_test_message("%04x %s: %s and %s overlap", c->cls, f->mthd,
                                   f->name, g->name);
                }
                g_assert_false(f->shift < g->shift + g->length &&
                               g->shift < f->shift + f->length);
            }
        }
    }
}

static void test_facts(void)
{
    /* host */
    g_assert_cmpuint(A_C46F_SET_OBJECT, ==, 0x0000);
    g_assert_cmpuint(A_C46F_SEMAPHOREA, ==, 0x0010);
    g_assert_cmpuint(A_C46F_SEM_EXECUTE, ==, 0x006c);
    g_assert_cmpuint(R_C46F_SEM_EXECUTE_OPERATION_LENGTH, ==, 3);
    g_assert_cmpuint(R_C46F_SEM_EXECUTE_PAYLOAD_SIZE_SHIFT, ==, 24);
    g_assert_cmpuint(R_C46F_SET_OBJECT_NVCLASS_MASK, ==, 0xffff);
    g_assert_cmpuint(R_C46F_MEM_OP_D_OPERATION_SHIFT, ==, 27);
    /* copy engine */
    g_assert_cmpuint(A_C5B5_NOP, ==, 0x0100);
    g_assert_cmpuint(A_C5B5_LAUNCH_DMA, ==, 0x0300);
    g_assert_cmpuint(R_C5B5_LAUNCH_DMA_REMAP_ENABLE_SHIFT, ==, 10);
    g_assert_cmpuint(R_C5B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_MASK, ==, 0xf << 14);
    g_assert_cmpuint(A_C5B5_SET_REMAP_COMPONENTS, ==, 0x0708);
    g_assert_cmpuint(NV_FEX32(1u << 10, C5B5_LAUNCH_DMA, REMAP_ENABLE), ==, 1);
    g_assert_cmpuint(NV_FDP32(0, C5B5_SET_REMAP_COMPONENTS, NUM_DST_COMPONENTS, 3), ==,
                     3u << 24);
    /* inline to memory, and the same methods in compute and 3D */
    g_assert_cmpuint(A_A140_LAUNCH_DMA, ==, 0x01b0);
    g_assert_cmpuint(A_A140_LOAD_INLINE_DATA, ==, 0x01b4);
    g_assert_cmpuint(A_C5C0_LOAD_INLINE_DATA, ==, A_A140_LOAD_INLINE_DATA);
    g_assert_cmpuint(A_C597_LOAD_INLINE_DATA, ==, A_A140_LOAD_INLINE_DATA);
    /* compute */
    g_assert_cmpuint(A_C5C0_SEND_PCAS_A, ==, 0x02b4);
    g_assert_cmpuint(A_C5C0_SEND_SIGNALING_PCAS_B, ==, 0x02bc);
    g_assert_cmpuint(R_C5C0_SEND_SIGNALING_PCAS_B_SCHEDULE_SHIFT, ==, 1);
    g_assert_cmpuint(A_C5C0_LOAD_INLINE_QMD_DATA_COUNT * 4, ==, 256);   /* one QMD */
    g_assert_cmpuint(A_C5C0_SET_MME_SHADOW_SCRATCH_COUNT, ==, 256);
    /* 3D: 8 colour targets, 16 viewports and scissors, 32 vertex attributes
     * and streams (two arrays of 16 each), 6 pipeline stages, 5 bind groups */
    g_assert_cmpuint(A_C597_SET_COLOR_TARGET_A, ==, 0x0800);
    g_assert_cmpuint(A_C597_SET_COLOR_TARGET_A_STRIDE, ==, 0x40);
    g_assert_cmpuint(A_C597_SET_COLOR_TARGET_A_COUNT, ==, 8);
    g_assert_cmpuint(A_C597_SET_CT_WRITE_COUNT, ==, 8);
    g_assert_cmpuint(A_C597_SET_BLEND_COUNT, ==, 8);
    g_assert_cmpuint(A_C597_SET_BLEND_PER_TARGET_COLOR_OP_COUNT, ==, 8);
    g_assert_cmpuint(A_C597_SET_VIEWPORT_SCALE_X_COUNT, ==, 16);
    g_assert_cmpuint(A_C597_SET_VIEWPORT_CLIP_HORIZONTAL_COUNT, ==, 16);
    g_assert_cmpuint(A_C597_SET_SCISSOR_ENABLE, ==, 0x0e00);
    g_assert_cmpuint(A_C597_SET_SCISSOR_VERTICAL_COUNT, ==, 16);
    g_assert_cmpuint(A_C597_SET_POSITION_W_SCALED_OFFSET_SCALE_A_COUNT, ==, 16);
    g_assert_cmpuint(A_C597_SET_VERTEX_ATTRIBUTE_A, ==, 0x1160);
    g_assert_cmpuint(A_C597_SET_VERTEX_ATTRIBUTE_A_STRIDE, ==, 4);
    g_assert_cmpuint(A_C597_SET_VERTEX_ATTRIBUTE_A_COUNT + A_C597_SET_VERTEX_ATTRIBUTE_B_COUNT,
                     ==, 32);
    g_assert_cmpuint(A_C597_SET_VERTEX_ATTRIBUTE_B, ==, A_C597_SET_VERTEX_ATTRIBUTE_A + 16 * 4);
    g_assert_cmpuint(R_C597_SET_VERTEX_ATTRIBUTE_A_OFFSET_SHIFT, ==,
                     R_C597_SET_VERTEX_ATTRIBUTE_B_OFFSET_SHIFT);
    g_assert_cmpuint(A_C597_SET_VERTEX_STREAM_A_FORMAT, ==, 0x1c00);
    g_assert_cmpuint(A_C597_SET_VERTEX_STREAM_A_FORMAT_COUNT, ==, 16);
    g_assert_cmpuint(A_C597_SET_VERTEX_STREAM_B_FORMAT, ==, 0x1d00);
    g_assert_cmpuint(A_C597_SET_VERTEX_STREAM_SIZE_A_COUNT, ==, 32);
    g_assert_cmpuint(A_C597_SET_VERTEX_STREAM_INSTANCE_B_COUNT, ==, 16);
    g_assert_cmpuint(A_C597_SET_PIPELINE_SHADER, ==, 0x2000);
    g_assert_cmpuint(A_C597_SET_PIPELINE_PROGRAM_ADDRESS_B_COUNT, ==, 6);
    g_assert_cmpuint(A_C597_LOAD_CONSTANT_BUFFER, ==, 0x2390);
    g_assert_cmpuint(A_C597_LOAD_CONSTANT_BUFFER_COUNT, ==, 16);
    g_assert_cmpuint(A_C597_BIND_GROUP_CONSTANT_BUFFER_COUNT, ==, 5);
    g_assert_cmpuint(A_C597_SET_POLYGON_STIPPLE_PATTERN_COUNT, ==, 32);
    g_assert_cmpuint(A_C597_SET_STREAM_OUT_LAYOUT_SELECT_COUNT, ==, 4 * 32);
    g_assert_cmpuint(A_C597_SET_MME_SHADOW_SCRATCH_COUNT, ==, 256);
    g_assert_cmpuint(A_C597_CALL_MME_MACRO, ==, 0x3800);
    g_assert_cmpuint(A_C597_CALL_MME_DATA, ==, 0x3804);
    g_assert_cmpuint(A_C597_CALL_MME_MACRO + (A_C597_CALL_MME_MACRO_COUNT - 1) *
                     A_C597_CALL_MME_MACRO_STRIDE, ==, 0x3ff8);
    /* 2D: the class token starts with a digit */
    g_assert_cmpuint(A_902D_SET_DST_FORMAT, ==, 0x0200);
    g_assert_cmpuint(A_902D_PIXELS_FROM_MEMORY_SRC_Y0_INT, ==, 0x08dc);
    g_assert_cmpuint(A_902D_COLOR_PATTERN_X8R8G8B8_COUNT, ==, 64);     /* 8x8, 32 bpp */
    g_assert_cmpuint(NV_FEX32(0xcf, 902D_SET_DST_FORMAT, V), ==, 0xcf);
}

/* The model names any method offset of a class (as a trace would) */
static void test_lookup(void)
{
    const Class *c597 = &classes[4], *c46f = &classes[0], *c5c0 = &classes[3];
    const Class *a140 = &classes[2];
    const Mthd *m;
    uint32_t i;

    m = mthd_at(c597, A_C597_SET_VIEWPORT_SCALE_X + 3 * A_C597_SET_VIEWPORT_SCALE_X_STRIDE +
                4, &i);
    g_assert_nonnull(m);
    g_assert_cmpstr(m->name, ==, "SET_VIEWPORT_SCALE_Y");
    g_assert_cmpuint(i, ==, 3);
    m = mthd_at(c597, 0x11a0 + 4 * 5, &i);
    g_assert_cmpstr(m->name, ==, "SET_VERTEX_ATTRIBUTE_B");
    g_assert_cmpuint(i, ==, 5);
    m = mthd_at(c597, 0x2800 + 3 * 128 + 31 * 4, &i);
    g_assert_cmpstr(m->name, ==, "SET_STREAM_OUT_LAYOUT_SELECT");
    g_assert_cmpuint(i, ==, 127);
    g_assert_null(mthd_at(c597, 0x2a00 + 16 * 16, &i));     /* past the viewports */
    m = mthd_at(c46f, 0x6c, &i);
    g_assert_cmpstr(m->name, ==, "SEM_EXECUTE");
    g_assert_null(mthd_at(c5c0, 0x0000, &i));               /* the host's */

    /* the inline-to-memory methods are the same in compute and 3D */
    for (size_t k = 0; k < a140->n_mthds; k++) {
        const Mthd *a = &a140->mthds[k];

        if (a->offset < 0x180 || a->offset > 0x1e4) {
            continue;
        }
        for (const Class *c = c5c0; c <= c597; c++) {
            m = mthd_named(c, a->name);
            g_assert_nonnull(m);
            g_assert_cmpuint(m->offset, ==, a->offset);
        }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/methods/order-and-space", test_methods);
    g_test_add_func("/methods/fields", test_fields);
    g_test_add_func("/methods/facts", test_facts);
    g_test_add_func("/methods/lookup", test_lookup);
    return g_test_run();
}
