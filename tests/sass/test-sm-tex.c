/*
 * The texture unit against C references: texel fetches of every format the
 * unit decodes, block-linear and pitch addressing (the GOB layout written
 * out here independently), bilinear weights, the address modes, gathers,
 * raw surface loads and stores with their bounds modes, LODs from
 * gradients and quads, texel offsets, and the errors a
 * bad descriptor or address gives. Encodings come from the nvdisasm-checked
 * tables by their text.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "sass-tsv.h"
#include "sm-harness.h"
#include "hw/nvidia/nv-tex.h"
#include "../../hw/nvidia/sm/sm-internal.h"
#include "../../hw/nvidia/sm/tex.h"
#include "hw/nvidia/nv-f16.h"

#define TLD_2D      "TLD.SCR.LZ R6, R4, R0, R1, 0x0, 0x58, 2D"
#define TEX_2D      "TEX.SCR.LZ R6, R4, R4, R6, 0x0, 0x58, 2D"
#define TLD4_A      "TLD4.SCR.A.EF R6, R4, R4, R5, 0x0, 0x58, 2D"
#define SULD_32     "SULD.D.BA.2D.STRONG.CTA.TRAP R4, [R8], 0x0, 0x58"
#define SULD_32_IGN "SULD.D.BA.2D.STRONG.CTA.IGN R4, [R8], 0x0, 0x58"
#define SULD_32_CL  "SULD.D.BA.2D.STRONG.CTA R4, [R8], 0x0, 0x58"
#define SULD_U8     "SULD.D.BA.2D.U8.STRONG.CTA.TRAP R4, [R8], 0x0, 0x58"
#define SUST_128    "SUST.D.BA.2D.128.STRONG.CTA.TRAP [R8], R4, 0x0, 0x58"
#define SUST_32_IGN "SUST.D.BA.2D.STRONG.CTA.IGN [R8], R4, 0x0, 0x58"
#define HANDLE_OFF  (0x58 * 4)
#define POOL_SLOTS  16

static GHashTable *words;

typedef struct Tex {
    SmDev dev;
    uint64_t cb, tic, tsc, img;
    NvSmMemOps ops;
} Tex;

static NvSmErrorKind exec_text(NvSmWarp *w, const char *text)
{
    const uint64_t *word = g_hash_table_lookup(words, text);

    if (!word) {
        g_error("no nvdisasm-checked encoding for \"%s\"", text);
    }
    g_assert_true(nv_sm_test_exec(w, word[0], word[1]));
    return nv_sm_test_error(w);
}

static void tex_init(Tex *t)
{
    g_assert_true(sm_dev_init(&t->dev, 1 << 20, 1));
    t->cb = sm_dev_alloc(&t->dev, 0x1000);
    t->tic = sm_dev_alloc(&t->dev, POOL_SLOTS * NV_TEX_DESC_BYTES);
    t->tsc = sm_dev_alloc(&t->dev, POOL_SLOTS * NV_TEX_DESC_BYTES);
    t->img = sm_dev_alloc(&t->dev, 0x10000 + 512);
    t->img = (t->img + 511) & ~511ull;          /* block-linear bases are GOB aligned */
    t->ops = sm_dev_ops(&t->dev);
}

static uint32_t *tic_at(Tex *t, unsigned slot)
{
    return sm_dev_ptr(&t->dev, t->tic + slot * NV_TEX_DESC_BYTES, NV_TEX_DESC_BYTES);
}

static uint32_t *tsc_at(Tex *t, unsigned slot)
{
    return sm_dev_ptr(&t->dev, t->tsc + slot * NV_TEX_DESC_BYTES, NV_TEX_DESC_BYTES);
}

/* A warp whose constant bank 0 holds handle (pools: POOL_SLOTS entries at tic/tsc). */
static NvSmWarp *tex_warp(Tex *t, uint32_t handle, uint64_t tic_pool)
{
    NvSmLaunchDesc d = { 0 };

    memcpy(sm_dev_ptr(&t->dev, t->cb + HANDLE_OFF, 4), &handle, 4);
    d.cbuf[0].valid = true;
    d.cbuf[0].addr = t->cb;
    d.cbuf[0].size = 0x1000;
    d.tex_headers.addr = tic_pool;
    d.tex_headers.max_index = POOL_SLOTS - 1;
    d.samplers.addr = t->tsc;
    d.samplers.max_index = POOL_SLOTS - 1;
    return nv_sm_test_warp_new_mem(32, &d, &t->ops);
}

/* Header basics: format, one data type for all components, identity swizzle. */
static void tic_format(uint32_t *d, unsigned comps, unsigned type)
{
    memset(d, 0, NV_TEX_DESC_BYTES);
    NV_TIC_SET(d, COMPONENTS, comps);
    for (unsigned c = 0; c < 4; c++) {
        nv_tex_set(d, NV_TIC_R_DATA_TYPE_BIT + 3 * c, 3, type);
        nv_tex_set(d, NV_TIC_X_SOURCE_BIT + 3 * c, 3, NV_TIC_SRC_R + c);
    }
    NV_TIC_SET(d, NORMALIZED_COORDS, 1);
}

static void tic_bl2d(uint32_t *d, uint64_t va, unsigned w, unsigned h, unsigned log2_h)
{
    NV_TIC_SET(d, HEADER_VERSION, NV_TIC_HEADER_BLOCKLINEAR);
    NV_TIC_SET(d, BL_ADDRESS_BITS31TO9, (uint32_t)va >> 9);
    NV_TIC_SET(d, ADDRESS_BITS48TO32, (uint32_t)(va >> 32));
    NV_TIC_SET(d, GOBS_PER_BLOCK_HEIGHT, log2_h);
    NV_TIC_SET(d, TEXTURE_TYPE, NV_TIC_TYPE_2D);
    NV_TIC_SET(d, WIDTH_MINUS_ONE, w - 1);
    NV_TIC_SET(d, HEIGHT_MINUS_ONE, h - 1);
}

static void tic_pitch(uint32_t *d, uint64_t va, unsigned w, unsigned h, unsigned pitch)
{
    NV_TIC_SET(d, HEADER_VERSION, NV_TIC_HEADER_PITCH);
    NV_TIC_SET(d, PITCH_ADDRESS_BITS31TO5, (uint32_t)va >> 5);
    NV_TIC_SET(d, ADDRESS_BITS48TO32, (uint32_t)(va >> 32));
    NV_TIC_SET(d, PITCH_BITS20TO5, pitch >> 5);
    NV_TIC_SET(d, TEXTURE_TYPE, NV_TIC_TYPE_2D_NO_MIPMAP);
    NV_TIC_SET(d, WIDTH_MINUS_ONE, w - 1);
    NV_TIC_SET(d, HEIGHT_MINUS_ONE, h - 1);
}

/*
 * The reference block-linear offset: blocks of 2^log2_h GOBs (64 B x 8 rows)
 * in rows of blocks; in a GOB, bits x5 y2 y1 x4 y0 x3 x2 x1 x0.
 */
static uint64_t ref_bl(uint64_t xb, uint64_t y, unsigned width_bytes, unsigned log2_h)
{
    uint64_t blocks_x = (width_bytes + 63) / 64, rows = 8u << log2_h;
    uint64_t gob = ((xb % 64) / 32) << 8 | ((y % 8) / 2) << 6 | ((xb % 32) / 16) << 5 |
                   (y % 2) << 4 | (xb % 16);

    return ((y / rows) * blocks_x + xb / 64) * (512u << log2_h) + ((y / 8) % (1u << log2_h)) *
           512 + gob;
}

/* TLD of a block-linear RGBA8 UNORM image: exact n/255, zeros outside. */
static void test_tld_block_linear(void)
{
    const unsigned W = 37, H = 11, LOG2_H = 1;
    Tex t;
    NvSmWarp *w;
    uint8_t *img;

    tex_init(&t);
    img = sm_dev_ptr(&t.dev, t.img, 0x10000);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            uint8_t *p = img + ref_bl(x * 4, y, W * 4, LOG2_H);

            p[0] = (uint8_t)(x * 7 + y);
            p[1] = (uint8_t)(255 - x);
            p[2] = (uint8_t)(y * 20);
            p[3] = (uint8_t)(x ^ y);
        }
    }
    tic_format(tic_at(&t, 3), NV_TIC_FMT_A8B8G8R8, NV_TIC_UNORM);
    tic_bl2d(tic_at(&t, 3), t.img, W, H, LOG2_H);
    w = tex_warp(&t, 3, t.tic);
    for (unsigned l = 0; l < 32; l++) {
        w->r[0][l] = l * 5 % (W + 3);           /* some beyond the right edge */
        w->r[1][l] = l % (H + 1);
    }
    g_assert_cmpint(exec_text(w, TLD_2D), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        unsigned x = l * 5 % (W + 3), y = l % (H + 1);
        bool in = x < W && y < H;
        uint8_t want[4] = { (uint8_t)(x * 7 + y), (uint8_t)(255 - x), (uint8_t)(y * 20),
                            (uint8_t)(x ^ y) };
        uint32_t got[4] = { w->r[4][l], w->r[5][l], w->r[6][l], w->r[7][l] };

        for (unsigned c = 0; c < 4; c++) {
            g_assert_cmpfloat(nv_f32_of(got[c]), ==, in ? (float)(want[c] / 255.0) : 0.0f);
        }
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

/* One texel of each format through a pitch header, against hand-decoded values. */
static void test_formats(void)
{
    static const struct {
        unsigned comps, type;
        bool srgb;
        uint8_t raw[16];
        float want[4];              /* NAN: compare want_int */
        uint32_t want_int[4];
    } cases[] = {
        { NV_TIC_FMT_R16, NV_TIC_FLOAT, false, { 0x00, 0x3c }, { 1.0f, 0, 0, 1.0f }, { 0 } },
        { NV_TIC_FMT_R16, NV_TIC_FLOAT, false, { 0x00, 0xc5 }, { -5.0f, 0, 0, 1.0f }, { 0 } },
        { NV_TIC_FMT_R8, NV_TIC_SNORM, false, { 0x80 }, { -1.0f, 0, 0, 1.0f }, { 0 } },
        { NV_TIC_FMT_G8R8, NV_TIC_SNORM, false, { 0x7f, 0xc1 }, { 1.0f, -63 / 127.0f, 0, 1.0f }, { 0 } },
        { NV_TIC_FMT_R16, NV_TIC_SINT, false, { 0x01, 0x80 }, { NAN },
          { 0xffff8001u, 0, 0, 1 } },
        { NV_TIC_FMT_R32_G32, NV_TIC_UINT, false, { 1, 2, 3, 4, 0xff, 0xff, 0xff, 0xff },
          { NAN }, { 0x04030201u, 0xffffffffu, 0, 1 } },
        /* R 1.0 (e 15), G 2.0 (e 16), B 0.5 (e 14, 5-bit mantissa) */
        { NV_TIC_FMT_BF10GF11RF11, NV_TIC_FLOAT, false, { 0xc0, 0x03, 0x20, 0x70 },
          { 1.0f, 2.0f, 0.5f, 1.0f }, { 0 } },
        { NV_TIC_FMT_A2B10G10R10, NV_TIC_UNORM, false, { 0xff, 0x03, 0x00, 0xc0 },
          { 1.0f, 0, 0, 1.0f }, { 0 } },
        { NV_TIC_FMT_A8B8G8R8, NV_TIC_UNORM, true, { 0xff, 0x00, 0x80, 0x40 },
          { 1.0f, 0, 0.2158605f, 64 / 255.0f }, { 0 } },
    };
    Tex t;

    tex_init(&t);
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        uint32_t *d = tic_at(&t, 1);
        NvSmWarp *w;

        tic_format(d, cases[i].comps, cases[i].type);
        if (cases[i].comps != NV_TIC_FMT_A8B8G8R8 && cases[i].comps != NV_TIC_FMT_A2B10G10R10 &&
            cases[i].comps != NV_TIC_FMT_BF10GF11RF11) {
            /* one or two components: the others from constants, as the CUDA runtime does */
            bool two = cases[i].comps == NV_TIC_FMT_G8R8 || cases[i].comps == NV_TIC_FMT_R32_G32;
            bool is_int = cases[i].type == NV_TIC_SINT || cases[i].type == NV_TIC_UINT;

            NV_TIC_SET(d, Y_SOURCE, two ? NV_TIC_SRC_G : NV_TIC_SRC_ZERO);
            NV_TIC_SET(d, Z_SOURCE, NV_TIC_SRC_ZERO);
            NV_TIC_SET(d, W_SOURCE, is_int ? NV_TIC_SRC_ONE_INT : NV_TIC_SRC_ONE_FLOAT);
        }
        if (cases[i].comps == NV_TIC_FMT_BF10GF11RF11) {
            NV_TIC_SET(d, W_SOURCE, NV_TIC_SRC_ONE_FLOAT);
        }
        NV_TIC_SET(d, S_R_G_B_CONVERSION, cases[i].srgb);
        tic_pitch(d, t.img, 4, 2, 64);
        memcpy(sm_dev_ptr(&t.dev, t.img + 64, 16), cases[i].raw, 16);   /* texel (0, 1) */
        w = tex_warp(&t, 1, t.tic);
        for (unsigned l = 0; l < 32; l++) {
            w->r[0][l] = 0;
            w->r[1][l] = 1;
        }
        g_assert_cmpint(exec_text(w, TLD_2D), ==, NV_SM_OK);
        for (unsigned c = 0; c < 4; c++) {
            uint32_t got = w->r[c < 2 ? 4 + c : 6 + c - 2][0];

            if (isnan(cases[i].want[0])) {
                g_assert_cmphex(got, ==, cases[i].want_int[c]);
            } else {
                g_assert_cmpfloat_with_epsilon(nv_f32_of(got), cases[i].want[c], 1e-7);
            }
        }
        nv_sm_test_warp_free(w);
    }
    sm_dev_fini(&t.dev);
}

static unsigned ref_wrap(int i, unsigned n, unsigned mode, bool *border)
{
    int m;

    *border = false;
    switch (mode) {
    case NV_TSC_WRAP:
        return (unsigned)(((i % (int)n) + (int)n) % (int)n);
    case NV_TSC_MIRROR:
        m = ((i % (2 * (int)n)) + 2 * (int)n) % (2 * (int)n);
        return (unsigned)(m >= (int)n ? 2 * (int)n - 1 - m : m);
    case NV_TSC_BORDER:
        *border = i < 0 || i >= (int)n;
        return *border ? 0 : (unsigned)i;
    default:
        return (unsigned)(i < 0 ? 0 : i >= (int)n ? (int)n - 1 : i);
    }
}

/* TEX on an R32 FLOAT image: nearest with every address mode, then bilinear. */
static void test_tex_sample(void)
{
    const unsigned W = 8, H = 4;
    static const unsigned modes[] = { NV_TSC_WRAP, NV_TSC_MIRROR, NV_TSC_CLAMP_TO_EDGE,
                                      NV_TSC_BORDER };
    float img[4][8];
    Tex t;

    tex_init(&t);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            img[y][x] = (float)(y * 10 + x) - 7.25f;
        }
    }
    memcpy(sm_dev_ptr(&t.dev, t.img, sizeof(img)), img, sizeof(img));
    tic_format(tic_at(&t, 2), NV_TIC_FMT_R32, NV_TIC_FLOAT);
    tic_pitch(tic_at(&t, 2), t.img, W, H, W * 4);
    for (unsigned linear = 0; linear < 2; linear++) {
        for (unsigned m = 0; m < G_N_ELEMENTS(modes); m++) {
            uint32_t *s = tsc_at(&t, 2);
            NvSmWarp *w;

            memset(s, 0, NV_TEX_DESC_BYTES);
            NV_TSC_SET(s, ADDRESS_U, modes[m]);
            NV_TSC_SET(s, ADDRESS_V, modes[m]);
            NV_TSC_SET(s, MAG_FILTER, linear ? NV_TSC_FILTER_LINEAR : NV_TSC_FILTER_POINT);
            NV_TSC_SET(s, FLOAT_COORD_NORMALIZATION, 1);        /* texel coordinates */
            NV_TSC_SET(s, BORDER_COLOR_R, 0x40490fdb);           /* 3.1415927 */
            NV_TSC_SET(s, BORDER_COLOR_A, 0x3f800000);           /* 1.0, as A reads */
            w = tex_warp(&t, 2 | 2u << NV_TEX_HANDLE_TIC_BITS, t.tic);
            for (unsigned l = 0; l < 32; l++) {
                /* -12.5 .. 19.5 texels: outside on both sides; fractions in 1/256 */
                w->r[4][l] = nv_bits_f32((float)l - 12.5f + l / 256.0f);
                w->r[6][l] = nv_bits_f32((float)(l % 9) - 2.0f + 0.25f);
            }
            g_assert_cmpint(exec_text(w, TEX_2D), ==, NV_SM_OK);
            for (unsigned l = 0; l < 32; l++) {
                float u = (float)l - 12.5f + l / 256.0f, v = (float)(l % 9) - 2.0f + 0.25f;
                float want = 0;

                if (!linear) {
                    bool bx, by;
                    unsigned x = ref_wrap((int)floorf(u), W, modes[m], &bx);
                    unsigned y = ref_wrap((int)floorf(v), H, modes[m], &by);

                    want = bx || by ? 3.1415927f : img[y][x];
                } else {
                    float xb = u - 0.5f, yb = v - 0.5f;
                    int x0 = (int)floorf(xb), y0 = (int)floorf(yb);
                    float a = rintf((xb - floorf(xb)) * 256) / 256;
                    float b = rintf((yb - floorf(yb)) * 256) / 256;

                    for (unsigned k = 0; k < 4; k++) {
                        bool bx, by;
                        unsigned x = ref_wrap(x0 + (k & 1), W, modes[m], &bx);
                        unsigned y = ref_wrap(y0 + (k >> 1), H, modes[m], &by);
                        float texel = bx || by ? 3.1415927f : img[y][x];

                        want += ((k & 1) ? a : 1 - a) * ((k >> 1) ? b : 1 - b) * texel;
                    }
                }
                if (fabsf(nv_f32_of(w->r[4][l]) - want) > 1e-4f) {
                    g_error("%s mode %u lane %u (%g, %g): %g, want %g", linear ? "bilinear" :
                            "nearest", modes[m], l, u, v, nv_f32_of(w->r[4][l]), want);
                }
                /* R32 has no A: it reads 1.0, as the border's A */
                g_assert_cmpfloat_with_epsilon(nv_f32_of(w->r[7][l]), 1.0f, 1e-6);
            }
            nv_sm_test_warp_free(w);
        }
    }
    sm_dev_fini(&t.dev);
}

/*
 * Where a fetch's inputs are: with .SCR (ptxas) a 2D fetch's x is in Ra and
 * y in Rb; without it (nv50_ir, nouveau's GL driver) both are in Ra and Rb
 * may be RZ. Sampled nearest at texel coordinates, both read the texel.
 */
static void test_tex_split(void)
{
    const unsigned W = 8, H = 4;
    static const char *const forms[] = { "TEX.SCR.LZ R6, R4, R4, R6, 0x0, 0x58, 2D",
                                         "TEX.LZ R6, R4, R4, 0x0, 0x58, 2D" };
    float img[4][8];
    Tex t;

    tex_init(&t);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            img[y][x] = (float)(y * 10 + x);
        }
    }
    memcpy(sm_dev_ptr(&t.dev, t.img, sizeof(img)), img, sizeof(img));
    tic_format(tic_at(&t, 2), NV_TIC_FMT_R32, NV_TIC_FLOAT);
    tic_pitch(tic_at(&t, 2), t.img, W, H, W * 4);
    NV_TSC_SET(tsc_at(&t, 2), FLOAT_COORD_NORMALIZATION, 1);     /* texel coordinates */
    for (unsigned f = 0; f < G_N_ELEMENTS(forms); f++) {
        NvSmWarp *w = tex_warp(&t, 2 | 2u << NV_TEX_HANDLE_TIC_BITS, t.tic);

        for (unsigned l = 0; l < 32; l++) {
            w->r[4][l] = nv_bits_f32((float)(l % W) + 0.5f);
            /* y: R6 for .SCR, R5 without; the other holds a wrong row */
            w->r[f ? 5 : 6][l] = nv_bits_f32((float)(l / W) + 0.5f);
            w->r[f ? 6 : 5][l] = nv_bits_f32(3.5f - (float)(l / W));
        }
        g_assert_cmpint(exec_text(w, forms[f]), ==, NV_SM_OK);
        for (unsigned l = 0; l < 32; l++) {
            g_assert_cmpfloat(nv_f32_of(w->r[4][l]), ==, img[l / W][l % W]);
        }
        nv_sm_test_warp_free(w);
    }
    sm_dev_fini(&t.dev);
}

/* TLD4.A: the alpha of the bilinear footprint, in Vulkan's corner order. */
static void test_gather(void)
{
    const unsigned W = 8, H = 8;
    Tex t;
    NvSmWarp *w;
    uint8_t *img;

    tex_init(&t);
    img = sm_dev_ptr(&t.dev, t.img, W * H * 4);
    for (unsigned i = 0; i < W * H; i++) {
        img[i * 4 + 3] = (uint8_t)(i * 3);
    }
    tic_format(tic_at(&t, 4), NV_TIC_FMT_A8B8G8R8, NV_TIC_UINT);
    tic_pitch(tic_at(&t, 4), t.img, W, H, W * 4);
    memset(tsc_at(&t, 4), 0, NV_TEX_DESC_BYTES);
    NV_TSC_SET(tsc_at(&t, 4), ADDRESS_U, NV_TSC_CLAMP_TO_EDGE);
    NV_TSC_SET(tsc_at(&t, 4), ADDRESS_V, NV_TSC_CLAMP_TO_EDGE);
    w = tex_warp(&t, 4 | 4u << NV_TEX_HANDLE_TIC_BITS, t.tic);
    for (unsigned l = 0; l < 32; l++) {
        w->r[4][l] = nv_bits_f32((float)(l % 7) / W + 0.01f);
        w->r[5][l] = nv_bits_f32((float)(l / 7) / H + 0.01f);
    }
    g_assert_cmpint(exec_text(w, TLD4_A), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        int x0 = (int)(l % 7) - 1, y0 = (int)(l / 7) - 1;
        int xs[4] = { x0, x0 + 1, x0 + 1, x0 }, ys[4] = { y0 + 1, y0 + 1, y0, y0 };
        unsigned regs[4] = { 4, 5, 6, 7 };

        for (unsigned q = 0; q < 4; q++) {
            unsigned x = xs[q] < 0 ? 0 : (unsigned)xs[q], y = ys[q] < 0 ? 0 : (unsigned)ys[q];

            g_assert_cmpuint(w->r[regs[q]][l], ==, (uint8_t)((y * W + x) * 3));
        }
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

/* Raw surface loads and stores on a block-linear R32 surface, each bounds mode. */
static void test_surfaces(void)
{
    const unsigned W = 20, H = 9, LOG2_H = 1;
    Tex t;
    NvSmWarp *w;
    uint8_t *img;

    tex_init(&t);
    img = sm_dev_ptr(&t.dev, t.img, 0x10000);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W * 4; x++) {
            img[ref_bl(x, y, W * 4, LOG2_H)] = (uint8_t)(x + y * 80);
        }
    }
    tic_format(tic_at(&t, 5), NV_TIC_FMT_R32, NV_TIC_UINT);
    tic_bl2d(tic_at(&t, 5), t.img, W, H, LOG2_H);
    w = tex_warp(&t, 5, t.tic);
    for (unsigned l = 0; l < 32; l++) {
        w->r[8][l] = (l % W) * 4;
        w->r[9][l] = l % H;
    }
    g_assert_cmpint(exec_text(w, SULD_32), ==, NV_SM_OK);
    g_assert_cmpint(exec_text(w, SULD_U8), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        uint32_t want;

        memcpy(&want, img + ref_bl((l % W) * 4, l % H, W * 4, LOG2_H), 4);
        g_assert_cmphex(w->r[4][l], ==, want & 0xff);       /* the U8 load, zero-extended */
    }
    /* a 16-byte store at x = 16 bytes lands in the reference GOB slot */
    for (unsigned l = 0; l < 32; l++) {
        w->r[8][l] = 16;
        w->r[9][l] = 3;
        for (unsigned i = 0; i < 4; i++) {
            w->r[4 + i][l] = 0xa0b0c000u + i;
        }
    }
    g_assert_cmpint(exec_text(w, SUST_128), ==, NV_SM_OK);
    for (unsigned i = 0; i < 4; i++) {
        uint32_t got;

        memcpy(&got, img + ref_bl(16 + 4 * i, 3, W * 4, LOG2_H), 4);
        g_assert_cmphex(got, ==, 0xa0b0c000u + i);
    }
    /* out of range: IGN loads 0 and drops stores, clamp reads the edge, TRAP faults */
    for (unsigned l = 0; l < 32; l++) {
        w->r[8][l] = W * 4 + l * 4;
        w->r[9][l] = 1;
        w->r[4][l] = 0x5a5a5a5a;
    }
    g_assert_cmpint(exec_text(w, SUST_32_IGN), ==, NV_SM_OK);
    g_assert_cmpint(exec_text(w, SULD_32_IGN), ==, NV_SM_OK);
    g_assert_cmphex(w->r[4][5], ==, 0);
    g_assert_cmpint(exec_text(w, SULD_32_CL), ==, NV_SM_OK);
    {
        uint32_t edge;

        memcpy(&edge, img + ref_bl((W - 1) * 4, 1, W * 4, LOG2_H), 4);
        g_assert_cmphex(w->r[4][7], ==, edge);
    }
    g_assert_cmpint(exec_text(w, SULD_32), ==, NV_SM_ERR_OOR_ADDR);
    w->r[8][0] = 2;                                             /* not 4-byte aligned */
    g_assert_cmpint(exec_text(w, SULD_32_IGN), ==, NV_SM_ERR_MISALIGNED);
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

/* Bad descriptors and addresses stop the launch with their own errors. */
static void test_errors(void)
{
    Tex t;
    NvSmWarp *w;

    tex_init(&t);
    tic_format(tic_at(&t, 6), NV_TIC_FMT_R32, NV_TIC_FLOAT);
    tic_pitch(tic_at(&t, 6), t.img, 4, 4, 64);
    /* index past the pool */
    w = tex_warp(&t, POOL_SLOTS, t.tic);
    g_assert_cmpint(exec_text(w, TLD_2D), ==, NV_SM_ERR_TEX_DESC);
    nv_sm_test_warp_free(w);
    /* a sampler index past the pool */
    w = tex_warp(&t, 6 | (uint32_t)POOL_SLOTS << NV_TEX_HANDLE_TIC_BITS, t.tic);
    g_assert_cmpint(exec_text(w, TEX_2D), ==, NV_SM_ERR_TEX_DESC);
    nv_sm_test_warp_free(w);
    /* the header pool unmapped */
    w = tex_warp(&t, 6, 0x7000000000ull);
    g_assert_cmpint(exec_text(w, TLD_2D), ==, NV_SM_ERR_MMU);
    nv_sm_test_warp_free(w);
    /* a texel outside memory */
    tic_pitch(tic_at(&t, 6), 0x7000000000ull, 4, 4, 64);
    w = tex_warp(&t, 6, t.tic);
    memset(w->r[0], 0, 128);
    memset(w->r[1], 0, 128);
    g_assert_cmpint(exec_text(w, TLD_2D), ==, NV_SM_ERR_MMU);
    nv_sm_test_warp_free(w);
    /* formats, mip levels and layouts the unit does not have */
    for (unsigned i = 0; i < 3; i++) {
        uint32_t *d = tic_at(&t, 7);

        tic_format(d, i == 0 ? 0x7f : NV_TIC_FMT_R32, NV_TIC_FLOAT);
        tic_pitch(d, t.img, 4, 4, 64);
        if (i == 1) {
            NV_TIC_SET(d, MAX_MIP_LEVEL, 1);
        }
        if (i == 2) {
            NV_TIC_SET(d, HEADER_VERSION, 0);
        }
        w = tex_warp(&t, 7, t.tic);
        g_assert_cmpint(exec_text(w, TLD_2D), ==, NV_SM_ERR_TEX_DESC);
        nv_sm_test_warp_free(w);
    }
    sm_dev_fini(&t.dev);
}

/*
 * Mip levels as NIL lays them out, computed here from its rule: each
 * level's block height is level 0's shrunk to the smallest power of two
 * of GOBs holding the level, levels follow one another in whole blocks.
 */
static void test_levels(void)
{
    const unsigned W = 100, H = 37, LOG2_H = 2, LEVELS = 5, BPP = 4;
    NvSmTexView v = { 0 };
    uint64_t off = 0;

    v.type = NV_TIC_TYPE_2D;
    v.block_linear = true;
    v.bpp = BPP;
    v.base0 = 0x100000;
    v.width0 = W;
    v.height0 = H;
    v.depth0 = 1;
    v.log2_h0 = LOG2_H;
    v.levels = LEVELS;
    for (unsigned i = 0; i < LEVELS; i++) {
        unsigned w = MAX(W >> i, 1u), h = MAX(H >> i, 1u), gobs = (h + 7) / 8, lh = 0;
        NvSmTexView lv;

        while ((1u << lh) < gobs && lh < LOG2_H) {
            lh++;
        }
        g_assert_true(nv_sm_tex_level(&v, i, &lv));
        g_assert_cmpuint(lv.width, ==, w);
        g_assert_cmpuint(lv.height, ==, h);
        g_assert_cmpuint(lv.geom.log2_h, ==, lh);
        g_assert_cmphex(lv.base, ==, v.base0 + off);
        off += (uint64_t)((w * BPP + 63) / 64 * 64) * ((h + (8u << lh) - 1) / (8u << lh) *
                                                        (8u << lh));
    }
    g_assert_false(nv_sm_tex_level(&v, LEVELS, &(NvSmTexView){ 0 }));
}

/* LOD selection: bias, min/max clamps, the view's levels, point and linear mipmapping. */
static void test_lod(void)
{
    static const struct {
        uint8_t mip;
        float bias, min, max, lod;
        unsigned l0, l1;
        float frac;
        bool minify;
    } cases[] = {
        { NV_TSC_MIP_LINEAR, 0.5f, 0, 10, -1.0f, 1, 1, 0, false },   /* magnified: base */
        { NV_TSC_MIP_LINEAR, 0.5f, 0, 10, 0.75f, 2, 3, 0.25f, true },
        { NV_TSC_MIP_LINEAR, 0.5f, 0, 10, 5.0f, 3, 3, 0, true },     /* past the view */
        { NV_TSC_MIP_LINEAR, 0, 0, 1.0f, 3.0f, 2, 3, 0, true },      /* max clamp */
        { NV_TSC_MIP_LINEAR, 0, 0, 10, 1.3f, 2, 3, 77 / 256.0f, true }, /* 8-bit fraction */
        { NV_TSC_MIP_POINT, 0, 0, 10, 0.4f, 1, 1, 0, true },         /* up to 0.5: base */
        { NV_TSC_MIP_POINT, 0, 0, 10, 0.6f, 2, 2, 0, true },
        { NV_TSC_MIP_POINT, 0, 0, 10, 1.6f, 3, 3, 0, true },
        { NV_TSC_MIP_NONE, 0, 0, 10, 2.0f, 1, 1, 0, true },
        { NV_TSC_MIP_LINEAR, 0, 1.5f, 10, 0.0f, 2, 3, 0.5f, true },  /* min clamp */
    };
    NvSmTexView v = { .levels = 5, .view_min = 1, .view_max = 3 };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        NvSmSampler s = { .mip = cases[i].mip, .lod_bias = cases[i].bias,
                          .min_lod = cases[i].min, .max_lod = cases[i].max,
                          .linear = false, .min_linear = true };
        unsigned level[2];
        float frac;

        nv_sm_tex_lod(&v, &s, cases[i].lod, level, &frac);
        g_assert_cmpuint(level[0], ==, cases[i].l0);
        g_assert_cmpuint(level[1], ==, cases[i].l1);
        g_assert_cmpfloat(frac, ==, cases[i].frac);
        g_assert_cmpint(s.linear, ==, cases[i].minify);
    }
}

/*
 * A 16x16 R32F block-linear image of 5 levels whose every texel of level k
 * is k, with a point-mipmapped sampler (slot 6): a fetch returns the level
 * it selected.
 */
#define MIP_W       16u
#define MIP_LEVELS  5u

static NvSmWarp *mip_warp(Tex *t, unsigned mip_filter)
{
    uint32_t *d = tic_at(t, 6), *s = tsc_at(t, 6);
    NvSmTexView v = { .type = NV_TIC_TYPE_2D, .block_linear = true, .bpp = 4, .base0 = t->img,
                      .width0 = MIP_W, .height0 = MIP_W, .depth0 = 1, .log2_h0 = 1,
                      .levels = MIP_LEVELS };
    NvSmWarp *w;

    for (unsigned k = 0; k < MIP_LEVELS; k++) {
        NvSmTexView lv, next;
        uint64_t end;

        g_assert_true(nv_sm_tex_level(&v, k, &lv));
        end = k + 1 < MIP_LEVELS && nv_sm_tex_level(&v, k + 1, &next) ? next.base :
              lv.base + 0x1000;
        for (uint64_t a = lv.base; a < end; a += 4) {
            float f = (float)k;

            memcpy(sm_dev_ptr(&t->dev, a, 4), &f, 4);
        }
    }
    tic_format(d, NV_TIC_FMT_R32, NV_TIC_FLOAT);
    tic_bl2d(d, t->img, MIP_W, MIP_W, 1);
    NV_TIC_SET(d, MAX_MIP_LEVEL, MIP_LEVELS - 1);
    NV_TIC_SET(d, RES_VIEW_MAX_MIP_LEVEL, MIP_LEVELS - 1);
    memset(s, 0, NV_TEX_DESC_BYTES);
    NV_TSC_SET(s, MIN_FILTER, NV_TSC_FILTER_POINT);
    NV_TSC_SET(s, MAG_FILTER, NV_TSC_FILTER_POINT);
    NV_TSC_SET(s, MIP_FILTER, mip_filter);
    NV_TSC_SET(s, MAX_LOD_CLAMP, MIP_LEVELS * 256);
    w = tex_warp(t, 0, t->tic);
    for (unsigned l = 0; l < 32; l++) {
        w->r[0][l] = 6 | 6u << NV_TEX_HANDLE_TIC_BITS;
    }
    return w;
}

/* nv_sm_tex_grad_lod: log2 of the longer scaled gradient, in 1/256 steps. */
static void test_grad_lod(void)
{
    NvSmTexView v = { .width = 16, .height = 8, .depth = 1, .normalized = true };
    NvSmSampler s = { 0 };

    g_assert_cmpfloat(nv_sm_tex_grad_lod(&v, &s, (float[3]){ 2 / 16.0f, 0, 0 },
                                         (float[3]){ 0, 1 / 8.0f, 0 }, 2), ==, 1.0f);
    /* anisotropic: the longer one (4 texels) counts; the third axis is not used */
    g_assert_cmpfloat(nv_sm_tex_grad_lod(&v, &s, (float[3]){ 0, 4 / 8.0f, 9 },
                                         (float[3]){ 1 / 16.0f, 0, 0 }, 2), ==, 2.0f);
    /* 3 texels: log2(3) = 1.58496 rounds to 406/256 */
    g_assert_cmpfloat(nv_sm_tex_grad_lod(&v, &s, (float[3]){ 3 / 16.0f, 0, 0 },
                                         (float[3]){ 0, 0, 0 }, 2), ==, 406 / 256.0f);
    /* the length of a diagonal gradient: (3, 4) texels, 5 */
    g_assert_cmpfloat(nv_sm_tex_grad_lod(&v, &s, (float[3]){ 3 / 16.0f, 4 / 8.0f, 0 },
                                         (float[3]){ 0, 0, 0 }, 2), ==,
                      rintf(log2f(5) * 256) / 256);
    /* no change: as small as the unit goes; texel coordinates: not scaled */
    g_assert_cmpfloat(nv_sm_tex_grad_lod(&v, &s, (float[3]){ 0 }, (float[3]){ 0 }, 2), <, -16);
    s.unnormalized = true;
    g_assert_cmpfloat(nv_sm_tex_grad_lod(&v, &s, (float[3]){ 8, 0, 0 }, (float[3]){ 0 }, 2),
                      ==, 3.0f);
}

/*
 * Implicit LOD from quads: quad q's lanes step 2^q texels across x (half
 * that down y), so TEX (AUTO) selects level q (clamped to the last), TEX.LB
 * with a bias of 1 level q + 1, and TMML reports q and the level.
 */
static void test_implicit_lod(void)
{
    Tex t;
    NvSmWarp *w;

    tex_init(&t);
    w = mip_warp(&t, NV_TSC_MIP_POINT);
    for (unsigned l = 0; l < 32; l++) {
        float step = (float)(1u << (l / 4)) / MIP_W;

        w->r[4][l] = nv_bits_f32(0.03f + (l & 1) * step);
        w->r[5][l] = nv_bits_f32(0.02f + (l >> 1 & 1) * step / 2);
        w->r[1][l] = nv_bits_f32(1.0f);                     /* the bias */
    }
    g_assert_cmpint(exec_text(w, "TEX.B R12, R8, R4, R0, 2D"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmpfloat(nv_f32_of(w->r[8][l]), ==, (float)MIN(l / 4, MIP_LEVELS - 1));
    }
    g_assert_cmpint(exec_text(w, "TEX.B.LB R12, R8, R4, R0, 2D"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmpfloat(nv_f32_of(w->r[8][l]), ==, (float)MIN(l / 4 + 1, MIP_LEVELS - 1));
    }
    g_assert_cmpint(exec_text(w, "TMML.B.LOD R12, R8, R4, R0, 2D, 0x3"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        /* 8.8 fixed point: the computed LOD (to the sampler's max 5), the level accessed */
        g_assert_cmpint((int32_t)w->r[8][l], ==, (int)MIN(l / 4, MIP_LEVELS) * 256);
        g_assert_cmpuint(w->r[9][l], ==, MIN(l / 4, MIP_LEVELS - 1) * 256);
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

/* TXD: Ra = [handle, u, v], Rb = [du/dx, du/dy, dv/dx, dv/dy]; lane l's LOD l % 6. */
static void test_txd(void)
{
    Tex t;
    NvSmWarp *w;

    tex_init(&t);
    w = mip_warp(&t, NV_TSC_MIP_POINT);
    for (unsigned l = 0; l < 32; l++) {
        w->r[4][l] = w->r[0][l];
        w->r[5][l] = nv_bits_f32(0.5f);
        w->r[6][l] = nv_bits_f32(0.5f);
        w->r[0][l] = nv_bits_f32((float)(1u << (l % 6)) / MIP_W);
        w->r[1][l] = 0;
        w->r[2][l] = 0;
        w->r[3][l] = nv_bits_f32(l & 1 ? 0.5f / MIP_W : 0.0f);
    }
    g_assert_cmpint(exec_text(w, "TXD.B R12, R8, R4, R0, 2D"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmpfloat(nv_f32_of(w->r[8][l]), ==, (float)MIN(l % 6, MIP_LEVELS - 1));
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

/*
 * Texel offsets: TEX.LZ and TLD with 4-bit offsets, a TLD4 with 8-bit ones
 * and a depth reference, on an 8x8 R32F image of y * 8 + x (clamp to edge).
 */
static void test_offsets(void)
{
    const unsigned W = 8;
    Tex t;
    NvSmWarp *w;
    float img[8][8];
    uint32_t *s;

    tex_init(&t);
    for (unsigned i = 0; i < W * W; i++) {
        img[i / W][i % W] = (float)i;
    }
    memcpy(sm_dev_ptr(&t.dev, t.img, sizeof(img)), img, sizeof(img));
    tic_format(tic_at(&t, 3), NV_TIC_FMT_R32, NV_TIC_FLOAT);
    tic_pitch(tic_at(&t, 3), t.img, W, W, W * 4);
    s = tsc_at(&t, 3);
    memset(s, 0, NV_TEX_DESC_BYTES);
    NV_TSC_SET(s, ADDRESS_U, NV_TSC_CLAMP_TO_EDGE);
    NV_TSC_SET(s, ADDRESS_V, NV_TSC_CLAMP_TO_EDGE);
    NV_TSC_SET(s, DEPTH_COMPARE, 1);
    NV_TSC_SET(s, DEPTH_COMPARE_FUNC, NV_TSC_COMPARE_LESS);
    w = tex_warp(&t, 0, t.tic);
    for (unsigned l = 0; l < 32; l++) {
        int ox = (int)(l % 16) - 8, oy = (int)(l / 4) - 4;

        w->r[0][l] = 3 | 3u << NV_TEX_HANDLE_TIC_BITS;
        w->r[1][l] = (uint32_t)(ox & 15) | (uint32_t)(oy & 15) << 4;
        w->r[4][l] = nv_bits_f32(3.5f / W);
        w->r[5][l] = nv_bits_f32(4.5f / W);
    }
    g_assert_cmpint(exec_text(w, "TEX.B.LZ.AOFFI R12, R8, R4, R0, 2D"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        int x = CLAMP(3 + (int)(l % 16) - 8, 0, 7), y = CLAMP(4 + (int)(l / 4) - 4, 0, 7);

        g_assert_cmpfloat(nv_f32_of(w->r[8][l]), ==, img[y][x]);
    }
    /* TLD: integer coordinates plus the offsets; outside the image: zero */
    for (unsigned l = 0; l < 32; l++) {
        w->r[4][l] = 5;
        w->r[5][l] = 2;
    }
    g_assert_cmpint(exec_text(w, "TLD.B.LZ.AOFFI R12, R8, R4, R0, 2D"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        int x = 5 + (int)(l % 16) - 8, y = 2 + (int)(l / 4) - 4;
        bool in = x >= 0 && x < 8 && y >= 0 && y < 8;

        g_assert_cmpfloat(nv_f32_of(w->r[8][l]), ==, in ? img[y][x] : 0.0f);
    }
    /* TLD4.DC: 8-bit offsets; each of the four texels compared (reference < texel) */
    for (unsigned l = 0; l < 32; l++) {
        int ox = (int)(l % 8) - 3;

        w->r[1][l] = (uint32_t)(ox & 255) | 1u << 8;
        w->r[2][l] = nv_bits_f32(20.5f + l);
        w->r[4][l] = nv_bits_f32(2.0f / W);         /* footprint x 1..2, y 0..1 (+ 1) */
        w->r[5][l] = nv_bits_f32(1.0f / W);
    }
    g_assert_cmpint(exec_text(w, "TLD4.R.B.AOFFI.DC R12, R8, R4, R0, 2D"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        int x0 = 1 + (int)(l % 8) - 3, y0 = 1;
        int xs[4] = { x0, x0 + 1, x0 + 1, x0 }, ys[4] = { y0 + 1, y0 + 1, y0, y0 };
        unsigned regs[4] = { 8, 9, 12, 13 };

        for (unsigned q = 0; q < 4; q++) {
            float texel = img[ys[q]][CLAMP(xs[q], 0, 7)];

            g_assert_cmpfloat(nv_f32_of(w->r[regs[q]][l]), ==, 20.5f + l < texel ? 1.0f : 0.0f);
        }
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

/* SURED.ADD: the element gains the data; no register changes. */
static void test_sured(void)
{
    const unsigned W = 8, H = 4;
    Tex t;
    NvSmWarp *w;
    uint32_t *img;

    tex_init(&t);
    img = sm_dev_ptr(&t.dev, t.img, W * H * 4);
    for (unsigned i = 0; i < W * H; i++) {
        img[i] = i * 1000;
    }
    tic_format(tic_at(&t, 7), NV_TIC_FMT_R32, NV_TIC_UINT);
    tic_pitch(tic_at(&t, 7), t.img, W, H, W * 4);
    w = tex_warp(&t, 0, t.tic);
    for (unsigned l = 0; l < 32; l++) {
        w->r[0][l] = l % W;
        w->r[1][l] = l / W % H;
        w->r[2][l] = 7;
        w->r[3][l] = l + 1;
    }
    g_assert_cmpint(exec_text(w, "SURED.D.2D.ADD.STRONG.SYS.IGN [R0], R3, R2"), ==, NV_SM_OK);
    for (unsigned i = 0; i < W * H; i++) {
        g_assert_cmpuint(img[i], ==, i * 1000 + i + 1);
    }
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmpuint(w->r[3][l], ==, l + 1);
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

/*
 * TXQ with a constant-bank handle (NAK of Mesa 26): Ra is the LOD alone;
 * a 3D block-linear 40x20x6 image of 3 levels answers each lane's level's
 * width and height (in Rd) and depth (in Rd2), zeros past the last level.
 */
static void test_txq_cbuf(void)
{
    const unsigned W = 40, H = 20, D = 6, LEVELS = 3;
    Tex t;
    NvSmWarp *w;

    tex_init(&t);
    tic_format(tic_at(&t, 2), NV_TIC_FMT_A8B8G8R8, NV_TIC_UNORM);
    tic_bl2d(tic_at(&t, 2), t.img, W, H, 0);
    NV_TIC_SET(tic_at(&t, 2), TEXTURE_TYPE, NV_TIC_TYPE_3D);
    NV_TIC_SET(tic_at(&t, 2), DEPTH_MINUS_ONE, D - 1);
    NV_TIC_SET(tic_at(&t, 2), MAX_MIP_LEVEL, LEVELS - 1);
    NV_TIC_SET(tic_at(&t, 2), RES_VIEW_MAX_MIP_LEVEL, LEVELS - 1);
    w = tex_warp(&t, 2, t.tic);
    for (unsigned l = 0; l < 32; l++) {
        w->r[4][l] = l % 5;                     /* the LOD: levels 3 and 4 do not exist */
    }
    g_assert_cmpint(exec_text(w, "TXQ R4, R6, R4, TEX_HEADER_DIMENSION, 0x0, 0x58, 0x7"), ==,
                    NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        unsigned lod = l % 5;
        bool in = lod < LEVELS;

        g_assert_cmpuint(w->r[6][l], ==, in ? MAX(W >> lod, 1u) : 0);
        g_assert_cmpuint(w->r[7][l], ==, in ? MAX(H >> lod, 1u) : 0);
        g_assert_cmpuint(w->r[4][l], ==, in ? MAX(D >> lod, 1u) : 0);
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&t.dev);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    words = tsv_words(argc > 1 ? argv[1] : "tests/sass");
    g_test_add_func("/sm/tex/tld-block-linear", test_tld_block_linear);
    g_test_add_func("/sm/tex/formats", test_formats);
    g_test_add_func("/sm/tex/sample", test_tex_sample);
    g_test_add_func("/sm/tex/split", test_tex_split);
    g_test_add_func("/sm/tex/gather", test_gather);
    g_test_add_func("/sm/tex/surfaces", test_surfaces);
    g_test_add_func("/sm/tex/errors", test_errors);
    g_test_add_func("/sm/tex/levels", test_levels);
    g_test_add_func("/sm/tex/lod", test_lod);
    g_test_add_func("/sm/tex/grad-lod", test_grad_lod);
    g_test_add_func("/sm/tex/implicit-lod", test_implicit_lod);
    g_test_add_func("/sm/tex/txd", test_txd);
    g_test_add_func("/sm/tex/offsets", test_offsets);
    g_test_add_func("/sm/tex/sured", test_sured);
    g_test_add_func("/sm/tex/txq-cbuf", test_txq_cbuf);
    return g_test_run();
}
