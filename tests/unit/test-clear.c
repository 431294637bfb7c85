/*
 * Unit tests of the 3D class's CLEAR_SURFACE (engines/clear.c) over a fake
 * memory: colour targets in block-linear and pitch layouts against a GOB
 * layout written out here, clip rectangles (surface clip, clear rectangle,
 * scissor), component enables, format conversions (UNORM, sRGB, SNORM,
 * integers, half floats), the depth target (depth and stencil apart),
 * layers, and a format the model does not know (reported, memory kept).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <string.h>

#include "fake-mem.h"
#include "engines/engine.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/nv-f16.h"
#include "hw/nvidia/nv-rt.h"

#define VA_SIZE     (1u << 20)
#define RT_VA       (FAKE_VA_BASE + 0x10000)
#define SENTINEL    0xee
#define CT(m, i)    ((m) + (i) * A_C597_SET_COLOR_TARGET_A_STRIDE)

typedef struct Ctx {
    FakeMem *f;
    NvMemIf mem;
    void *obj;
} Ctx;

static Ctx *ctx_new(void)
{
    Ctx *c = g_new0(Ctx, 1);

    c->f = fake_mem_new(VA_SIZE, 4096);
    c->mem = fake_mem_if(c->f);
    c->obj = nv_threed_engine.create(NULL);
    memset(c->f->va, SENTINEL, VA_SIZE);
    return c;
}

static void ctx_free(Ctx *c)
{
    nv_threed_engine.destroy(c->obj);
    fake_mem_free(c->f);
    g_free(c);
}

static void mthd(Ctx *c, uint32_t m, uint32_t data)
{
    g_assert_cmpint(nv_threed_engine.method(c->obj, &c->mem, m, data), ==, NV_ENGINE_IDLE);
}

/* The GOB layout written out: 64-byte x 8-row GOBs, blocks 2^log2_h GOBs high. */
static uint64_t ref_bl(uint64_t xb, uint64_t y, unsigned width_bytes, unsigned log2_h)
{
    uint64_t blocks_x = (width_bytes + 63) / 64, rows = 8u << log2_h;
    uint64_t gob = ((xb % 64) / 32) << 8 | ((y % 8) / 2) << 6 | ((xb % 32) / 16) << 5 |
                   (y % 2) << 4 | (xb % 16);

    return ((y / rows) * blocks_x + xb / 64) * (512u << log2_h) + ((y / 8) % (1u << log2_h)) *
           512 + gob;
}

/* Colour target 0 at RT_VA, selected alone, surface clip the whole target. */
static void target0(Ctx *c, uint32_t format, uint32_t width, uint32_t height, uint32_t memory,
                    uint32_t layers, uint32_t array_pitch)
{
    mthd(c, CT(A_C597_SET_COLOR_TARGET_A, 0), (uint32_t)(RT_VA >> 32));
    mthd(c, CT(A_C597_SET_COLOR_TARGET_B, 0), (uint32_t)RT_VA);
    mthd(c, CT(A_C597_SET_COLOR_TARGET_WIDTH, 0), width);
    mthd(c, CT(A_C597_SET_COLOR_TARGET_HEIGHT, 0), height);
    mthd(c, CT(A_C597_SET_COLOR_TARGET_FORMAT, 0), format);
    mthd(c, CT(A_C597_SET_COLOR_TARGET_MEMORY, 0), memory);
    mthd(c, CT(A_C597_SET_COLOR_TARGET_THIRD_DIMENSION, 0), layers);
    mthd(c, CT(A_C597_SET_COLOR_TARGET_ARRAY_PITCH, 0), array_pitch >> 2);
    mthd(c, A_C597_SET_CT_SELECT, 1);
    mthd(c, A_C597_SET_SURFACE_CLIP_HORIZONTAL, 0xffffu << 16);
    mthd(c, A_C597_SET_SURFACE_CLIP_VERTICAL, 0xffffu << 16);
}

static void clear_color(Ctx *c, float r, float g, float b, float a)
{
    float v[4] = { r, g, b, a };

    for (unsigned i = 0; i < 4; i++) {
        mthd(c, A_C597_SET_COLOR_CLEAR_VALUE + 4 * i, nv_bits_f32(v[i]));
    }
}

#define CLEAR_RGBA  (0xfu << R_C597_CLEAR_SURFACE_R_ENABLE_SHIFT)

/*
 * RGBA8 UNORM, block linear (2-GOB blocks), 40x20: a clear inside the clear
 * rectangle [3, 37) x [2, 19) and the surface clip x < 30 writes exactly
 * those texels at the reference GOB offsets; the rest keeps its bytes.
 */
static void test_block_linear(void)
{
    const unsigned W = 40, H = 20;
    Ctx *c = ctx_new();

    target0(c, NV_RT_FMT_A8B8G8R8, W, H, 1u << R_C597_SET_COLOR_TARGET_MEMORY_BLOCK_HEIGHT_SHIFT,
            1, 0);
    mthd(c, A_C597_SET_SURFACE_CLIP_HORIZONTAL, 30u << 16);
    mthd(c, A_C597_SET_CLEAR_RECT_HORIZONTAL, 3 | 37u << 16);
    mthd(c, A_C597_SET_CLEAR_RECT_VERTICAL, 2 | 19u << 16);
    mthd(c, A_C597_SET_CLEAR_SURFACE_CONTROL,
         1u << R_C597_SET_CLEAR_SURFACE_CONTROL_USE_CLEAR_RECT_SHIFT);
    clear_color(c, 1.0f, 0.5f, 0.0f, 0.25f);
    mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA);
    for (unsigned y = 0; y < H + 8; y++) {
        for (unsigned x = 0; x < 64 / 4; x++) {
            for (unsigned xx = x; xx < W; xx += 16) {
                const uint8_t *p = fake_va(c->f, RT_VA + ref_bl(xx * 4, y, W * 4, 1), 4);
                bool in = xx >= 3 && xx < 30 && y >= 2 && y < 19;

                g_assert_cmphex(p[0], ==, in ? 255 : SENTINEL);
                g_assert_cmphex(p[1], ==, in ? 128 : SENTINEL);
                g_assert_cmphex(p[2], ==, in ? 0 : SENTINEL);
                g_assert_cmphex(p[3], ==, in ? 64 : SENTINEL);
            }
        }
    }
    ctx_free(c);
}

/*
 * RGBA32F pitch target (WIDTH is the pitch in bytes), scissor 0, only R
 * and A enabled: G and B keep their bytes.
 */
static void test_pitch_mask(void)
{
    const unsigned W = 12, H = 6, PITCH = W * 16 + 64;
    Ctx *c = ctx_new();

    target0(c, NV_RT_FMT_RF32_GF32_BF32_AF32, PITCH, H,
            NV_RT_LAYOUT_PITCH << R_C597_SET_COLOR_TARGET_MEMORY_LAYOUT_SHIFT, 1, 0);
    mthd(c, A_C597_SET_SURFACE_CLIP_HORIZONTAL, W << 16);
    mthd(c, A_C597_SET_SCISSOR_ENABLE, 1);
    mthd(c, A_C597_SET_SCISSOR_HORIZONTAL, 1 | 5u << 16);
    mthd(c, A_C597_SET_SCISSOR_VERTICAL, 2 | 100u << 16);
    mthd(c, A_C597_SET_CLEAR_SURFACE_CONTROL,
         1u << R_C597_SET_CLEAR_SURFACE_CONTROL_USE_SCISSOR0_SHIFT);
    clear_color(c, -2.5f, 7.0f, 8.0f, 0.125f);
    mthd(c, A_C597_CLEAR_SURFACE, 0x9u << R_C597_CLEAR_SURFACE_R_ENABLE_SHIFT);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < PITCH / 16; x++) {
            const uint8_t *p = fake_va(c->f, RT_VA + y * PITCH + x * 16, 16);
            bool in = x >= 1 && x < 5 && y >= 2;
            float r, a;

            memcpy(&r, p, 4);
            memcpy(&a, p + 12, 4);
            g_assert_cmphex(p[4], ==, SENTINEL);            /* G, B kept */
            g_assert_cmphex(p[11], ==, SENTINEL);
            if (in) {
                g_assert_cmpfloat(r, ==, -2.5f);
                g_assert_cmpfloat(a, ==, 0.125f);
            } else {
                g_assert_cmphex(p[0], ==, SENTINEL);
            }
        }
    }
    ctx_free(c);
}

/* Conversions of one clear colour into the formats' texels (pitch, one texel wide). */
static void test_formats(void)
{
    static const struct {
        uint32_t format;
        float rgba[4];
        uint8_t bytes[8];
        unsigned n;
    } cases[] = {
        /* sRGB: 0.5 encodes to 188; A stays linear */
        { NV_RT_FMT_A8BL8GL8RL8, { 0.5f, 1.0f, 0.0f, 0.5f }, { 188, 255, 0, 128 }, 4 },
        /* BGRA: B in the low byte */
        { NV_RT_FMT_A8R8G8B8, { 1.0f, 0.0f, 0.2f, 1.0f }, { 51, 0, 255, 255 }, 4 },
        /* SNORM: -1 is -127; clamps */
        { NV_RT_FMT_AN8BN8GN8RN8, { -1.0f, 2.0f, 0.5f, 0.0f }, { 0x81, 127, 64, 0 }, 4 },
        /* 10-10-10-2 */
        { NV_RT_FMT_A2B10G10R10, { 1.0f, 0.0f, 0.0f, 1.0f }, { 0xff, 0x03, 0x00, 0xc0 }, 4 },
        /* half floats */
        { NV_RT_FMT_RF16_GF16, { 1.0f, -2.0f, 0, 0 }, { 0x00, 0x3c, 0x00, 0xc0 }, 4 },
        /* R8 */
        { NV_RT_FMT_R8, { 0.6f, 0, 0, 0 }, { 153 }, 1 },
        /* 5-6-5 from the top: R 6, G 25, B 19 */
        { NV_RT_FMT_R5G6B5, { 0.2f, 0.4f, 0.6f, 0 }, { 0x33, 0x33 }, 2 },
        /* A in bit 15, then R, G, B */
        { NV_RT_FMT_A1R5G5B5, { 1.0f, 0.0f, 1.0f, 1.0f }, { 0x1f, 0xfc }, 2 },
        /*
         * unsigned 11-, 11- and 10-bit floats: 1.0 (0x3c0), 0.25 (0x340),
         * and 1 + 3/64, a tie at 5 mantissa bits, rounded to even (0x1e2)
         */
        { NV_RT_FMT_BF10GF11RF11, { 1.0f, 0.25f, 1.046875f, 0 }, { 0xc0, 0x03, 0x9a, 0x78 }, 4 },
        /* negative values in unsigned floats are 0 */
        { NV_RT_FMT_BF10GF11RF11, { -1.0f, 0, 0, 0 }, { 0, 0, 0, 0 }, 4 },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Ctx *c = ctx_new();

        target0(c, cases[i].format, 64, 1,
                NV_RT_LAYOUT_PITCH << R_C597_SET_COLOR_TARGET_MEMORY_LAYOUT_SHIFT, 1, 0);
        mthd(c, A_C597_SET_SURFACE_CLIP_HORIZONTAL, 1u << 16);
        clear_color(c, cases[i].rgba[0], cases[i].rgba[1], cases[i].rgba[2], cases[i].rgba[3]);
        mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA);
        g_assert_cmpmem(fake_va(c->f, RT_VA, cases[i].n), cases[i].n, cases[i].bytes,
                        cases[i].n);
        g_assert_cmphex(*fake_va(c->f, RT_VA + cases[i].n, 1), ==, SENTINEL);
        ctx_free(c);
    }
    /* integers: RU16 clamps, RS8 keeps its sign */
    Ctx *c = ctx_new();

    target0(c, NV_RT_FMT_RU16, 64, 1,
            NV_RT_LAYOUT_PITCH << R_C597_SET_COLOR_TARGET_MEMORY_LAYOUT_SHIFT, 1, 0);
    mthd(c, A_C597_SET_SURFACE_CLIP_HORIZONTAL, 1u << 16);
    mthd(c, A_C597_SET_COLOR_CLEAR_VALUE, 70000);
    mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA);
    g_assert_cmphex(fake_va(c->f, RT_VA, 2)[0] | fake_va(c->f, RT_VA, 2)[1] << 8, ==, 0xffff);
    mthd(c, CT(A_C597_SET_COLOR_TARGET_FORMAT, 0), NV_RT_FMT_RS8);
    mthd(c, A_C597_SET_COLOR_CLEAR_VALUE, (uint32_t)-5);
    mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA);
    g_assert_cmphex(*fake_va(c->f, RT_VA, 1), ==, 0xfb);
    ctx_free(c);
}

/* Layers: RT_ARRAY_INDEX picks the layer, ARRAY_PITCH apart. */
static void test_layers(void)
{
    const unsigned W = 16, H = 8, PITCH = 0x1000;
    Ctx *c = ctx_new();

    target0(c, NV_RT_FMT_RF32, W, H, 0, 3, PITCH);
    clear_color(c, 9.0f, 0, 0, 0);
    mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA | 2u << R_C597_CLEAR_SURFACE_RT_ARRAY_INDEX_SHIFT);
    for (unsigned l = 0; l < 3; l++) {
        float v;

        memcpy(&v, fake_va(c->f, RT_VA + l * PITCH + ref_bl(4 * 4, 5, W * 4, 0), 4), 4);
        if (l == 2) {
            g_assert_cmpfloat(v, ==, 9.0f);
        } else {
            g_assert_cmphex(*fake_va(c->f, RT_VA + l * PITCH, 1), ==, SENTINEL);
        }
    }
    /* past the target's layers: nothing */
    fake_mem_clear_counts(c->f);
    mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA | 3u << R_C597_CLEAR_SURFACE_RT_ARRAY_INDEX_SHIFT);
    g_assert_cmpuint(c->f->writes, ==, 0);
    ctx_free(c);
}

/* The depth target: S8Z24 depth alone keeps the stencil; stencil alone keeps depth. */
static void test_depth(void)
{
    const unsigned W = 8, H = 8;
    Ctx *c = ctx_new();
    uint32_t word;

    mthd(c, A_C597_SET_ZT_A, (uint32_t)(RT_VA >> 32));
    mthd(c, A_C597_SET_ZT_B, (uint32_t)RT_VA);
    mthd(c, A_C597_SET_ZT_FORMAT, NV_RT_FMT_S8Z24);
    mthd(c, A_C597_SET_ZT_SIZE_A, W);
    mthd(c, A_C597_SET_ZT_SIZE_B, H);
    mthd(c, A_C597_SET_ZT_SIZE_C, 1);
    mthd(c, A_C597_SET_ZT_SELECT, 1);
    mthd(c, A_C597_SET_SURFACE_CLIP_HORIZONTAL, W << 16);
    mthd(c, A_C597_SET_SURFACE_CLIP_VERTICAL, H << 16);
    mthd(c, A_C597_SET_Z_CLEAR_VALUE, nv_bits_f32(0.5f));
    mthd(c, A_C597_SET_STENCIL_CLEAR_VALUE, 0x5a);
    mthd(c, A_C597_CLEAR_SURFACE, 1u << R_C597_CLEAR_SURFACE_Z_ENABLE_SHIFT);
    memcpy(&word, fake_va(c->f, RT_VA + ref_bl(3 * 4, 6, W * 4, 0), 4), 4);
    g_assert_cmphex(word, ==, 0xee000000u | 0x800000u);      /* round(0.5 * (2^24 - 1)) */
    mthd(c, A_C597_CLEAR_SURFACE, 1u << R_C597_CLEAR_SURFACE_STENCIL_ENABLE_SHIFT);
    memcpy(&word, fake_va(c->f, RT_VA + ref_bl(3 * 4, 6, W * 4, 0), 4), 4);
    g_assert_cmphex(word, ==, 0x5a800000u);
    /* no depth target selected: nothing written */
    mthd(c, A_C597_SET_ZT_SELECT, 0);
    fake_mem_clear_counts(c->f);
    mthd(c, A_C597_CLEAR_SURFACE, 3);
    g_assert_cmpuint(c->f->writes, ==, 0);
    ctx_free(c);
}

/* A format the model does not know: reported once, memory untouched. */
static void test_unknown_format(void)
{
    Ctx *c = ctx_new();

    target0(c, 0x42 /* AF32 */, 16, 8, 0, 1, 0);
    g_assert_cmpuint(c->f->unimp_methods, ==, 0);       /* the target's state is used */
    fake_mem_clear_counts(c->f);
    mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA);
    mthd(c, A_C597_CLEAR_SURFACE, CLEAR_RGBA);
    g_assert_cmpuint(c->f->writes, ==, 0);
    g_assert_cmpuint(c->f->unimp_methods, ==, 1);
    ctx_free(c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/clear/block-linear", test_block_linear);
    g_test_add_func("/clear/pitch-mask", test_pitch_mask);
    g_test_add_func("/clear/formats", test_formats);
    g_test_add_func("/clear/layers", test_layers);
    g_test_add_func("/clear/depth", test_depth);
    g_test_add_func("/clear/unknown-format", test_unknown_format);
    return g_test_run();
}
