/*
 * Unit tests of the 3D class's draws (engines/draw.c, raster.c) over a fake
 * memory, with hand-assembled shaders on the SM interpreter: coverage
 * against the top-left rule worked out by hand (two triangles sharing a
 * diagonal cover each pixel of their square exactly once, seen through
 * additive blending), interpolation, indexed and strip draws, the depth
 * test, culling, the write mask, a shader that traps, and a draw cut into
 * slices.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <string.h>

#include "draw-harness.h"
#include "engines/threed.h"
#include "hw/nvidia/cl-902d.h"

#define N           16                      /* the target: N x N */

static const float quarter[4] = { 0.25f, 0.25f, 0.25f, 0.25f };

static void additive_blend(Ctx *c)
{
    mthd(c, A_C597_SET_BLEND_STATE_PER_TARGET, 1);
    mthd(c, A_C597_SET_BLEND, 1);
    mthd(c, A_C597_SET_BLEND_PER_TARGET_COLOR_OP, NV_3D_BLEND_OGL_ADD);
    mthd(c, A_C597_SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF, NV_3D_COEF_ONE);
    mthd(c, A_C597_SET_BLEND_PER_TARGET_COLOR_DEST_COEFF, NV_3D_COEF_ONE);
}

/*
 * The square [0, 8) x [0, 8) as two triangles sharing the diagonal from
 * (8, 0) to (0, 8), whose line holds the centres of the pixels x + y = 7.
 * The first triangle covers x + y < 7 (28 pixels: the diagonal is its right
 * edge), the second the other 36 (the diagonal is its left edge; its right
 * and bottom edges hold no centres). With additive blending a pixel drawn
 * twice would read 128.
 */
static void test_top_left(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    unsigned n = 0;

    additive_blend(c);
    vertex(c, 0, 0, 0, 0.5f, quarter);
    vertex(c, 1, 8, 0, 0.5f, quarter);
    vertex(c, 2, 0, 8, 0.5f, quarter);
    vertex(c, 3, 8, 0, 0.5f, quarter);
    vertex(c, 4, 8, 8, 0.5f, quarter);
    vertex(c, 5, 0, 8, 0.5f, quarter);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x + y < 7 ? 64 : 0);
            n += pixel(c, x, y)[0] != 0;
        }
    }
    g_assert_cmpuint(n, ==, 28);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 3, 3);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[1], ==, x < 8 && y < 8 ? 64 : 0);
        }
    }
    draw_ctx_free(c);
}

/* Additive blending and the corners of the square [0, 8) x [0, 8) as vertices 0..3. */
static void square_corners(Ctx *c)
{
    additive_blend(c);
    vertex(c, 0, 0, 0, 0.5f, quarter);
    vertex(c, 1, 8, 0, 0.5f, quarter);
    vertex(c, 2, 0, 8, 0.5f, quarter);
    vertex(c, 3, 8, 8, 0.5f, quarter);
}

/* The same square as a strip of four vertices, and as an indexed list of 16-bit indices. */
static void test_strip_and_indexed(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const uint16_t idx[6] = { 0, 1, 2, 1, 3, 2 };

    square_corners(c);
    draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
    memcpy(fake_va(c->f, IB_VA, sizeof(idx)), idx, sizeof(idx));
    mthd_va(c, A_C597_SET_INDEX_BUFFER_A, A_C597_SET_INDEX_BUFFER_B, IB_VA);
    mthd(c, A_C597_SET_INDEX_BUFFER_SIZE_B, sizeof(idx));
    mthd(c, A_C597_SET_INDEX_BUFFER_E, NV_3D_INDEX_TWO_BYTES);
    mthd(c, A_C597_SET_INDEX_BUFFER_F, 0);
    mthd(c, A_C597_BEGIN, NV_3D_OP_TRIANGLES);
    mthd(c, A_C597_DRAW_INDEX_BUFFER, 6);
    mthd(c, A_C597_END, 0);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[2], ==, x < 8 && y < 8 ? 128 : 0);
        }
    }
    draw_ctx_free(c);
}

/*
 * Inline indices (nouveau's GL driver for an application's index array)
 * gathered until END in all three widths, the ALIGN methods skipping
 * leading indices and capping the count: 0, 1 | 2 | 1, 3, 2 is the square
 * as two triangles, each pixel once; outside BEGIN they draw nothing.
 */
static void test_inline_indices(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);

    square_corners(c);
    mthd(c, A_C597_DRAW_INLINE_INDEX, 0);                /* outside BEGIN: ignored */
    mthd(c, A_C597_BEGIN, NV_3D_OP_TRIANGLES);
    mthd(c, A_C597_DRAW_INLINE_INDEX, 0);
    mthd(c, A_C597_DRAW_INLINE_INDEX, 1);
    mthd(c, A_C597_SET_INLINE_INDEX2X16_ALIGN, 1u << 31 | 1);   /* start odd, one index */
    mthd(c, A_C597_DRAW_INLINE_INDEX2X16, 2u << 16 | 0x7777);
    mthd(c, A_C597_SET_INLINE_INDEX4X8_ALIGN, 1u << 30 | 3);    /* start at byte 1, three */
    mthd(c, A_C597_DRAW_INLINE_INDEX4X8, 2u << 24 | 3u << 16 | 1u << 8 | 0x99);
    g_assert_cmpuint(pixel(c, 1, 1)[0], ==, 0);                 /* nothing before END */
    mthd(c, A_C597_END, 0);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x < 8 && y < 8 ? 64 : 0);
        }
    }
    draw_ctx_free(c);
}

/*
 * The one-method draws, BEGIN and END included: a strip from
 * DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST, a list of 16-bit indices
 * from DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST (whatever
 * SET_INDEX_BUFFER_E says), and three instances of one triangle from
 * DRAW_VERTEX_ARRAY_BEGIN_END_A/B under SET_DRAW_CONTROL_A/B's instance
 * iteration, seen through additive blending.
 */
static void test_one_method_draws(void)
{
    const uint16_t idx[6] = { 0, 1, 2, 1, 3, 2 };
    Ctx *c = draw_ctx_new(N, N, 1);

    square_corners(c);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST,
         (uint32_t)NV_3D_OP_TRIANGLE_STRIP << 28 | 4u << 16 | 0);
    memcpy(fake_va(c->f, IB_VA, sizeof(idx)), idx, sizeof(idx));
    mthd_va(c, A_C597_SET_INDEX_BUFFER_A, A_C597_SET_INDEX_BUFFER_B, IB_VA);
    mthd(c, A_C597_SET_INDEX_BUFFER_SIZE_B, sizeof(idx));
    mthd(c, A_C597_SET_INDEX_BUFFER_E, NV_3D_INDEX_FOUR_BYTES);
    mthd(c, A_C597_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST,
         (uint32_t)NV_3D_OP_TRIANGLES << 28 | 6u << 16 | 0);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x < 8 && y < 8 ? 128 : 0);
        }
    }
    vertex(c, 4, 8, 8, 0.5f, quarter);
    vertex(c, 5, 16, 8, 0.5f, quarter);
    vertex(c, 6, 8, 16, 0.5f, quarter);
    mthd(c, A_C597_SET_DRAW_CONTROL_A, NV_3D_OP_TRIANGLES | 1u << 9);   /* iterate instances */
    mthd(c, A_C597_SET_DRAW_CONTROL_B, 3);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_A, 4);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B, 3);
    g_assert_cmpuint(pixel(c, 9, 9)[0], ==, 192);
    g_assert_cmpuint(pixel(c, 7, 7)[0], ==, 128);
    draw_ctx_free(c);
}

/*
 * User clip distances (gl_ClipDistance): the vertex shader writes the
 * colour's red as distance 0, -1 on the square's left edge and +1 on its
 * right, so plane 0 clips at x = 8 of 0..16: exactly the right half's
 * pixels are drawn (their centres' distance > 0), and without
 * SET_USER_CLIP_ENABLE all. As a cull distance (SET_USER_CLIP_OP) the same
 * square stays whole (its corners are not all negative), and one whose
 * corners are all negative is culled.
 */
static void draw_clip_square(Ctx *c, float left, float right)
{
    const float l[4] = { left, 0.25f, 0, 0 }, rt[4] = { right, 0.25f, 0, 0 };

    vertex(c, 0, 0, 0, 0.5f, l);
    vertex(c, 1, 16, 0, 0.5f, rt);
    vertex(c, 2, 0, 16, 0.5f, l);
    vertex(c, 3, 16, 16, 0.5f, rt);
    draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
}

static void test_clip_distances(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);

    additive_blend(c);
    vertex_shader_with(c, VS_CLIP0);
    mthd(c, A_C597_SET_USER_CLIP_ENABLE, 1);
    draw_clip_square(c, -1.0f, 1.0f);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[1], ==, x >= 8 && x < 16 && y < 16 ? 64 : 0);
        }
    }
    mthd(c, A_C597_SET_USER_CLIP_OP, 1);                            /* plane 0 culls */
    draw_clip_square(c, -1.0f, 1.0f);
    g_assert_cmpuint(pixel(c, 2, 2)[1], ==, 64);
    g_assert_cmpuint(pixel(c, 12, 2)[1], ==, 128);
    draw_clip_square(c, -1.0f, -0.5f);                              /* all corners negative */
    g_assert_cmpuint(pixel(c, 2, 2)[1], ==, 64);
    mthd(c, A_C597_SET_USER_CLIP_ENABLE, 0);
    draw_clip_square(c, -1.0f, -0.5f);
    g_assert_cmpuint(pixel(c, 2, 2)[1], ==, 128);
    draw_ctx_free(c);
}

/*
 * nouveau's GL blits: SET_VIEWPORT_SCALE_OFFSET off makes positions window
 * coordinates, and a vertex shader that writes only x and y leaves w at 1
 * (0 would clip every triangle away). A square from (2, 3) to (6, 7)
 * covers exactly those 16 pixels.
 */
static void test_window_coordinates(void)
{
    const float corners[4][2] = { { 2, 3 }, { 6, 3 }, { 2, 7 }, { 6, 7 } };
    Ctx *c = draw_ctx_new(N, N, 1);

    square_corners(c);
    for (unsigned i = 0; i < 4; i++) {
        const float v[4] = { corners[i][0], corners[i][1], 0.5f, 0.0f };

        memcpy(fake_va(c->f, VB_VA + 32 * i, sizeof(v)), v, sizeof(v));
    }
    vertex_shader_with(c, VS_XY_ONLY);
    mthd(c, A_C597_SET_VIEWPORT_SCALE_OFFSET, 0);
    draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x >= 2 && x < 6 && y >= 3 && y < 7 ? 64 : 0);
        }
    }
    draw_ctx_free(c);
}

/* Target 0 as a block-linear N x N RGBA8 target of `layers` layers (one GOB per block). */
static void layered_target(Ctx *c, unsigned layers)
{
    mthd(c, A_C597_SET_COLOR_TARGET_WIDTH, N);
    mthd(c, A_C597_SET_COLOR_TARGET_MEMORY, NV_RT_LAYOUT_BLOCKLINEAR << R_C597_SET_COLOR_TARGET_MEMORY_LAYOUT_SHIFT);
    mthd(c, A_C597_SET_COLOR_TARGET_THIRD_DIMENSION, layers);
    mthd(c, A_C597_SET_COLOR_TARGET_ARRAY_PITCH, N * N);          /* 4-byte units: one layer */
}

/*
 * SET_RT_LAYER's control at GEOMETRY_SHADER_SELECTS_LAYER: each primitive
 * writes the layer its vertex shader output (NVK blits into 3D images an
 * instance per slice so). Two instances of a square whose vertex shader
 * writes the instance as the layer fill layers 0 and 1 of a 3-layer target
 * once each; layer 2 stays clear. With the method's layer the same draw
 * writes layer 1 twice.
 */
static void test_shader_layer(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const RtColorFormat *f;
    RtSurf rt;

    layered_target(c, 3);
    vertex_shader_with(c, VS_INSTANCE_LAYER);
    square_corners(c);
    mthd(c, A_C597_SET_DRAW_CONTROL_A, NV_3D_OP_TRIANGLE_STRIP | 1u << 9);   /* iterate instances */
    mthd(c, A_C597_SET_DRAW_CONTROL_B, 2);
    mthd(c, A_C597_SET_RT_LAYER, 1 | NV_3D_RT_LAYER_FROM_SHADER << 16);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_A, 0);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B, 4);
    g_assert_true(nv_rt_color_target(c->obj, 0, &rt, &f));
    for (unsigned z = 0; z < 3; z++) {
        for (unsigned y = 0; y < N; y++) {
            for (unsigned x = 0; x < N; x++) {
                const uint8_t *p = fake_va(c->f, nv_rt_texel(&rt, x, y, z), 4);

                g_assert_cmpuint(p[0], ==, z < 2 && x < 8 && y < 8 ? 64 : 0);
            }
        }
    }
    mthd(c, A_C597_SET_RT_LAYER, 1);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B, 4);
    g_assert_cmpuint(((const uint8_t *)fake_va(c->f, nv_rt_texel(&rt, 0, 0, 1), 4))[0], ==, 192);
    g_assert_cmpuint(((const uint8_t *)fake_va(c->f, nv_rt_texel(&rt, 0, 0, 0), 4))[0], ==, 64);
    draw_ctx_free(c);
}

/*
 * SET_PRIMITIVE_TOPOLOGY_CONTROL = USE_SEPARATE_TOPOLOGY_STATE (newer NVK
 * sets it once per channel): SET_PRIMITIVE_TOPOLOGY's value decides, not the
 * draw method's op (POINTS here, which alone would draw 4 pixels); a legacy
 * value draws as its plain topology, and a value the class does not define
 * ends the draw with the channel's error.
 */
static void test_separate_topology(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);

    square_corners(c);
    mthd(c, A_C597_SET_PRIMITIVE_TOPOLOGY_CONTROL, NV_3D_TOPOLOGY_SEPARATE);
    mthd(c, A_C597_SET_PRIMITIVE_TOPOLOGY, 0x0005);              /* TRIANGLESTRIP */
    mthd(c, A_C597_SET_DRAW_CONTROL_A, NV_3D_OP_POINTS);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_A, 0);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B, 4);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x < 8 && y < 8 ? 64 : 0);
        }
    }
    mthd(c, A_C597_SET_PRIMITIVE_TOPOLOGY, 0x1015);              /* LEGACY_TRIANGLEFAN */
    vertex(c, 4, 8, 8, 0.5f, quarter);
    vertex(c, 5, 16, 8, 0.5f, quarter);
    vertex(c, 6, 16, 16, 0.5f, quarter);
    vertex(c, 7, 8, 16, 0.5f, quarter);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_A, 4);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B, 4);
    g_assert_cmpuint(pixel(c, 8, 8)[0], ==, 64);
    g_assert_cmpuint(pixel(c, 15, 15)[0], ==, 64);
    g_assert_cmpuint(pixel(c, 7, 7)[0], ==, 64);
    mthd(c, A_C597_SET_PRIMITIVE_TOPOLOGY, 0x0006);              /* not defined */
    mthd_expect(c, A_C597_DRAW_VERTEX_ARRAY_BEGIN_END_B, 3, NV_ENGINE_ERROR);
    g_assert_cmpint(c->f->last_error_kind, ==, NV_ERR_DRAW_INVALID);
    draw_ctx_free(c);
}

/*
 * SET_RT_LAYER picks the layer (or 3D slice) a draw writes: nouveau's GL
 * driver fills a 3D texture slice by slice so. A block-linear target of two
 * layers (16x16 RGBA8, one GOB per block), a square drawn into layer 1:
 * layer 1 has it, layer 0 stays clear.
 */
static void test_rt_layer(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const RtColorFormat *f;
    RtSurf rt;

    layered_target(c, 2);
    mthd(c, A_C597_SET_RT_LAYER, 1);
    square_corners(c);
    draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
    g_assert_true(nv_rt_color_target(c->obj, 0, &rt, &f));
    for (unsigned z = 0; z < 2; z++) {
        for (unsigned y = 0; y < N; y++) {
            for (unsigned x = 0; x < N; x++) {
                const uint8_t *p = fake_va(c->f, nv_rt_texel(&rt, x, y, z), 4);

                g_assert_cmpuint(p[0], ==, z == 1 && x < 8 && y < 8 ? 64 : 0);
            }
        }
    }
    draw_ctx_free(c);
}

/*
 * A screen-linear gradient: red goes 0 -> 1 across a full-target triangle
 * pair; each pixel holds its centre's value within one step of 8 bits.
 * A flat pixel shader (IPA.CONSTANT) takes the provoking (first) vertex's.
 */
static void test_interpolation(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const float black[4] = { 0, 0, 0, 1 }, red[4] = { 1, 0, 0, 1 };

    vertex(c, 0, 0, 0, 0.5f, black);
    vertex(c, 1, N, 0, 0.5f, red);
    vertex(c, 2, 0, N, 0.5f, black);
    vertex(c, 3, N, N, 0.5f, red);
    draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            int want = (int)lrintf((x + 0.5f) / N * 255.0f);

            g_assert_cmpint(abs(pixel(c, x, y)[0] - want), <=, 1);
            g_assert_cmpuint(pixel(c, x, y)[3], ==, 255);
        }
    }
    pixel_shader(c, NV_SPH_IMAP_CONSTANT);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 1, 3);       /* provoking vertex 1: red */
    g_assert_cmpuint(pixel(c, 15, 0)[0], ==, 255);
    g_assert_cmpuint(pixel(c, 1, 14)[0], ==, 255);
    /*
     * GL's last-vertex convention, with vertices black, red, red, black: a
     * list's triangle takes vertex 2 (red, the first is black); a strip's
     * odd triangle (1, 3, 2) takes vertex 3 (black, the first is red).
     */
    vertex(c, 0, 0, 0, 0.5f, black);
    vertex(c, 1, N, 0, 0.5f, red);
    vertex(c, 2, 0, N, 0.5f, red);
    vertex(c, 3, N, N, 0.5f, black);
    mthd(c, A_C597_SET_PROVOKING_VERTEX, NV_3D_PROVOKING_LAST);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    g_assert_cmpuint(pixel(c, 1, 1)[0], ==, 255);
    draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
    g_assert_cmpuint(pixel(c, 1, 1)[0], ==, 255);
    g_assert_cmpuint(pixel(c, 14, 14)[0], ==, 0);
    draw_ctx_free(c);
}

static unsigned lit(Ctx *c)
{
    unsigned n = 0;

    for (unsigned y = 0; y < c->h; y++) {
        for (unsigned x = 0; x < c->w; x++) {
            n += pixel(c, x, y)[0] != 0;
        }
    }
    return n;
}

static void clear_target(Ctx *c)
{
    memset(fake_va(c->f, RT_VA, c->w * c->h * 4), 0, c->w * c->h * 4);
}

/*
 * Points are squares of the point size around the vertex (pixel centres
 * inside, the top-left rule on the edges); the sprite coordinates s and t
 * run from 0 to 1 across the square (t down the rows with ORIGIN TOP).
 */
static void test_points(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const float white[4] = { 1, 1, 1, 1 };

    additive_blend(c);
    vertex(c, 0, 4.5f, 4.5f, 0.5f, quarter);        /* size 3: [3, 6) x [3, 6) */
    mthd_f(c, A_C597_SET_POINT_SIZE, 3.0f);
    draw_arrays(c, NV_3D_OP_POINTS, 0, 1);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x >= 3 && x < 6 && y >= 3 && y < 6 ? 64 : 0);
        }
    }
    vertex(c, 1, 10, 10, 0.5f, quarter);            /* size 2 on a pixel corner: 2 x 2 */
    vertex(c, 2, 1.5f, 12.5f, 0.5f, quarter);       /* size 1: one pixel */
    mthd_f(c, A_C597_SET_POINT_SIZE, 2.0f);
    draw_arrays(c, NV_3D_OP_POINTS, 1, 1);
    mthd_f(c, A_C597_SET_POINT_SIZE, 0.25f);        /* clamped to 1 */
    draw_arrays(c, NV_3D_OP_POINTS, 2, 1);
    g_assert_cmpuint(lit(c), ==, 9 + 4 + 1);
    g_assert_cmpuint(pixel(c, 9, 9)[0], ==, 64);
    g_assert_cmpuint(pixel(c, 10, 10)[0], ==, 64);
    g_assert_cmpuint(pixel(c, 1, 12)[0], ==, 64);
    /* sprite coordinates of a size-4 point: s = (x + 0.5 - 6) / 4 */
    clear_target(c);
    mthd(c, A_C597_SET_BLEND, 0);
    point_coord_shader(c);
    mthd(c, A_C597_SET_POINT_SPRITE_SELECT, NV_3D_SPRITE_ORIGIN_TOP << 2);
    mthd_f(c, A_C597_SET_POINT_SIZE, 4.0f);
    vertex(c, 0, 8, 8, 0.5f, white);
    draw_arrays(c, NV_3D_OP_POINTS, 0, 1);
    for (unsigned i = 0; i < 4; i++) {
        int want = (int)lrintf((i + 0.5f) / 4 * 255.0f);

        g_assert_cmpint(abs(pixel(c, 6 + i, 7)[0] - want), <=, 1);
        g_assert_cmpint(abs(pixel(c, 7, 6 + i)[1] - want), <=, 1);
    }
    g_assert_cmpuint(lit(c), ==, 16);
    draw_ctx_free(c);
}

/*
 * Lines: aliased (a parallelogram whose ends are along the minor axis: one
 * pixel per column of an x-major line, the last column not drawn), strict
 * (a rectangle of the line width, ANTI_ALIAS_ENABLE), attributes
 * interpolated along the line, and a strip whose shared vertices are drawn
 * once.
 */
static void test_lines(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const float black[4] = { 0, 0, 0, 1 }, red[4] = { 1, 0, 0, 1 };
    int prev = -1;

    additive_blend(c);
    vertex(c, 0, 0.5f, 0.5f, 0.5f, quarter);
    vertex(c, 1, 8.5f, 4.5f, 0.5f, quarter);
    draw_arrays(c, NV_3D_OP_LINES, 0, 2);
    for (unsigned x = 0; x < N; x++) {
        int row = -1;

        for (unsigned y = 0; y < N; y++) {
            if (pixel(c, x, y)[0]) {
                g_assert_cmpint(row, ==, -1);   /* one per column */
                g_assert_cmpuint(pixel(c, x, y)[0], ==, 64);
                row = (int)y;
            }
        }
        if (x < 8) {
            /* within half a pixel of the line at the column's centre, rows never go back */
            g_assert_cmpint(row, >=, prev);
            g_assert_cmpfloat(fabsf(row + 0.5f - (0.5f + x / 2.0f)), <=, 0.5f);
            prev = row;
        } else {
            g_assert_cmpint(row, ==, -1);
        }
    }
    /* a strict line of width 2: [2, 12) x [7, 9) */
    clear_target(c);
    mthd(c, A_C597_SET_ANTI_ALIAS_ENABLE, 1);
    mthd_f(c, A_C597_SET_LINE_WIDTH_FLOAT, 2.0f);
    vertex(c, 0, 2, 8, 0.5f, quarter);
    vertex(c, 1, 12, 8, 0.5f, quarter);
    draw_arrays(c, NV_3D_OP_LINES, 0, 2);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x >= 2 && x < 12 && y >= 7 && y < 9 ? 64 : 0);
        }
    }
    /* a strip: each pixel once, the shared vertex included */
    clear_target(c);
    mthd(c, A_C597_SET_ANTI_ALIAS_ENABLE, 0);
    mthd_f(c, A_C597_SET_LINE_WIDTH_FLOAT, 1.0f);
    vertex(c, 0, 1, 4.5f, 0.5f, quarter);
    vertex(c, 1, 5, 4.5f, 0.5f, quarter);
    vertex(c, 2, 9, 4.5f, 0.5f, quarter);
    draw_arrays(c, NV_3D_OP_LINE_STRIP, 0, 3);
    for (unsigned x = 0; x < N; x++) {
        g_assert_cmpuint(pixel(c, x, 4)[0], ==, x >= 1 && x < 9 ? 64 : 0);
    }
    g_assert_cmpuint(lit(c), ==, 8);
    /* black to red along a line across the target */
    clear_target(c);
    mthd(c, A_C597_SET_BLEND, 0);
    vertex(c, 0, 0, 2.5f, 0.5f, black);
    vertex(c, 1, N, 2.5f, 0.5f, red);
    draw_arrays(c, NV_3D_OP_LINES, 0, 2);
    for (unsigned x = 0; x < N; x++) {
        g_assert_cmpint(abs(pixel(c, x, 2)[0] - (int)lrintf((x + 0.5f) / N * 255.0f)), <=, 1);
    }
    draw_ctx_free(c);
}

/*
 * Polygon modes draw a triangle's edges or corners (culling first), and
 * GL's quads are two triangles that cover the quad once, flat-shaded from
 * the quad's last vertex under the last-vertex convention.
 */
static void test_polygon_mode_and_quads(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const float black[4] = { 0, 0, 0, 1 }, red[4] = { 1, 0, 0, 1 };

    vertex(c, 0, 2, 2, 0.5f, quarter);
    vertex(c, 1, 12, 2, 0.5f, quarter);
    vertex(c, 2, 2, 12, 0.5f, quarter);
    mthd(c, A_C597_SET_FRONT_POLYGON_MODE, NV_3D_POLYGON_LINE);
    mthd(c, A_C597_SET_BACK_POLYGON_MODE, NV_3D_POLYGON_LINE);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    /* edges on pixel boundaries: the top-left rule takes the row above, the column left */
    g_assert_cmpuint(pixel(c, 5, 1)[0], !=, 0);      /* the top edge */
    g_assert_cmpuint(pixel(c, 1, 5)[0], !=, 0);      /* the left edge */
    g_assert_cmpuint(pixel(c, 4, 4)[0], ==, 0);      /* inside: not filled */
    g_assert_cmpuint(lit(c), <, 40);
    clear_target(c);
    mthd(c, A_C597_SET_FRONT_POLYGON_MODE, NV_3D_POLYGON_POINT);
    mthd(c, A_C597_SET_BACK_POLYGON_MODE, NV_3D_POLYGON_POINT);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    g_assert_cmpuint(lit(c), ==, 3);
    g_assert_cmpuint(pixel(c, 1, 1)[0], !=, 0);      /* the point at (2, 2) */
    mthd(c, A_C597_SET_FRONT_POLYGON_MODE, NV_3D_POLYGON_FILL);
    mthd(c, A_C597_SET_BACK_POLYGON_MODE, NV_3D_POLYGON_FILL);
    /* a quad, twice: additive blending shows every pixel once; then flat from vertex 3 */
    clear_target(c);
    additive_blend(c);
    vertex(c, 0, 0, 0, 0.5f, quarter);
    vertex(c, 1, 8, 0, 0.5f, quarter);
    vertex(c, 2, 8, 8, 0.5f, quarter);
    vertex(c, 3, 0, 8, 0.5f, quarter);
    draw_arrays(c, NV_3D_OP_QUADS, 0, 4);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, x < 8 && y < 8 ? 64 : 0);
        }
    }
    clear_target(c);
    mthd(c, A_C597_SET_BLEND, 0);
    pixel_shader(c, NV_SPH_IMAP_CONSTANT);
    mthd(c, A_C597_SET_PROVOKING_VERTEX, NV_3D_PROVOKING_LAST);
    vertex(c, 0, 0, 0, 0.5f, black);
    vertex(c, 1, 8, 0, 0.5f, black);
    vertex(c, 2, 8, 8, 0.5f, black);
    vertex(c, 3, 0, 8, 0.5f, red);
    draw_arrays(c, NV_3D_OP_QUADS, 0, 4);
    for (unsigned y = 0; y < 8; y++) {
        for (unsigned x = 0; x < 8; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, 255);
        }
    }
    draw_ctx_free(c);
}

/*
 * GL's clamps, seen in an RGBA32F target (which would keep any value):
 * SET_COLOR_CLAMP clamps the vertex colours to [0, 1] before they are
 * interpolated, SET_PS_SATURATE a pixel shader output to [0, 1] or [-1, 1].
 */
static void test_color_clamps(void)
{
    static const struct {
        unsigned addr;
        uint32_t method, value;
        float want[4];
    } cases[] = {
        { NV_ATTR_COLOR0, A_C597_SET_COLOR_CLAMP, 0, { 2.0f, -1.0f, 0.5f, 3.0f } },
        { NV_ATTR_COLOR0, A_C597_SET_COLOR_CLAMP, 1, { 1.0f, 0.0f, 0.5f, 1.0f } },
        { NV_ATTR_GENERIC0, A_C597_SET_PS_SATURATE, 1, { 1.0f, 0.0f, 0.5f, 1.0f } },
        { NV_ATTR_GENERIC0, A_C597_SET_PS_SATURATE, 3, { 1.0f, -1.0f, 0.5f, 1.0f } },
    };
    const float wild[4] = { 2.0f, -1.0f, 0.5f, 3.0f };

    for (unsigned k = 0; k < G_N_ELEMENTS(cases); k++) {
        Ctx *c = draw_ctx_new(N, N, 1);
        float got[4];

        mthd(c, A_C597_SET_COLOR_TARGET_FORMAT, NV_RT_FMT_RF32_GF32_BF32_AF32);
        mthd(c, A_C597_SET_COLOR_TARGET_WIDTH, N * 16);
        varying_shaders(c, cases[k].addr, 0);
        mthd(c, cases[k].method, cases[k].value);
        vertex(c, 0, 0, 0, 0.5f, wild);
        vertex(c, 1, N, 0, 0.5f, wild);
        vertex(c, 2, 0, N, 0.5f, wild);
        draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
        memcpy(got, fake_va(c->f, RT_VA + 16 * (N + 1), 16), 16);  /* pixel (1, 1) */
        for (unsigned i = 0; i < 4; i++) {
            g_assert_cmpfloat_with_epsilon(got[i], cases[k].want[i], 1e-6);
        }
        draw_ctx_free(c);
    }
}

/*
 * GL's colours under SET_SHADE_MODE: IPA.STATE (nv50_ir's read of an
 * unqualified gl_Color) takes the provoking vertex under the flat model and
 * the plane under the smooth one; IPA.PASS (a colour redeclared smooth)
 * interpolates under either.
 */
static void test_shade_model(void)
{
    const float black[4] = { 0, 0, 0, 1 }, red[4] = { 1, 0, 0, 1 };

    for (unsigned k = 0; k < 4; k++) {
        bool flat_model = k & 1, state = k & 2;
        Ctx *c = draw_ctx_new(N, N, 1);

        varying_shaders(c, NV_ATTR_COLOR0, state ? 2 : 0);
        mthd(c, A_C597_SET_SHADE_MODE, flat_model ? NV_3D_SHADE_OGL_FLAT : 0);
        vertex(c, 0, 0, 0, 0.5f, red);              /* provoking (first) */
        vertex(c, 1, N, 0, 0.5f, black);
        vertex(c, 2, 0, N, 0.5f, black);
        draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
        for (unsigned x = 0; x < 8; x++) {
            int want = flat_model && state ? 255 : (int)lrintf((1 - (x + 1.0f) / N) * 255);

            g_assert_cmpint(abs(pixel(c, x, 0)[0] - want), <=, 1);
        }
        draw_ctx_free(c);
    }
}

/* Back faces culled (counter-clockwise is front), and the write mask keeps green. */
static void test_cull_and_mask(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const float white[4] = { 1, 1, 1, 1 };

    vertex(c, 0, 0, 0, 0.5f, white);
    vertex(c, 1, 8, 0, 0.5f, white);
    vertex(c, 2, 0, 8, 0.5f, white);
    mthd(c, A_C597_OGL_SET_CULL, 1);
    mthd(c, A_C597_OGL_SET_CULL_FACE, NV_3D_CULL_BACK);
    /* clockwise on the screen (y down) is a back face for counter-clockwise front faces */
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    g_assert_cmpuint(pixel(c, 1, 1)[0], ==, 0);
    mthd(c, A_C597_OGL_SET_CULL_FACE, NV_3D_CULL_FRONT);
    mthd(c, A_C597_SET_CT_WRITE, 0x1101);           /* R, B, A */
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    g_assert_cmpuint(pixel(c, 1, 1)[0], ==, 255);
    g_assert_cmpuint(pixel(c, 1, 1)[1], ==, 0);
    g_assert_cmpuint(pixel(c, 1, 1)[2], ==, 255);
    draw_ctx_free(c);
}

/* The GOB layout written out: 64-byte x 8-row GOBs, one-GOB blocks. */
static uint64_t gob_offset(uint64_t xb, uint64_t y, uint64_t width_bytes)
{
    uint64_t gob = ((xb % 64) / 32) << 8 | ((y % 8) / 2) << 6 | ((xb % 32) / 16) << 5 |
                   (y % 2) << 4 | (xb % 16);

    return ((y / 8) * ((width_bytes + 63) / 64) + xb / 64) * 512 + gob;
}

/* The depth/stencil target at ZT_VA, N x N block linear (one-GOB blocks). */
static void depth_target(Ctx *c, uint32_t format)
{
    mthd_va(c, A_C597_SET_ZT_A, A_C597_SET_ZT_B, ZT_VA);
    mthd(c, A_C597_SET_ZT_FORMAT, format);
    mthd(c, A_C597_SET_ZT_SIZE_A, N);
    mthd(c, A_C597_SET_ZT_SIZE_B, N);
    mthd(c, A_C597_SET_ZT_SIZE_C, NV_RT_ZT_ARRAY_SIZE_IS_ONE << 16);
    mthd(c, A_C597_SET_ZT_SELECT, 1);
}

/* A ZF32 depth target cleared to 1, tested with LESS and written. */
static void depth_less(Ctx *c)
{
    depth_target(c, NV_RT_FMT_ZF32);
    mthd_f(c, A_C597_SET_Z_CLEAR_VALUE, 1.0f);
    mthd(c, A_C597_CLEAR_SURFACE, 1);
    mthd(c, A_C597_SET_DEPTH_TEST, 1);
    mthd(c, A_C597_SET_DEPTH_WRITE, 1);
    mthd(c, A_C597_SET_DEPTH_FUNC, NV_3D_OGL_NEVER + 1);     /* LESS */
}

/* The depth test: a far triangle drawn after a near one only shows where the near one is not. */
static void test_depth(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };

    depth_less(c);
    vertex(c, 0, 0, 0, 0.25f, red);                          /* near: the top-left half */
    vertex(c, 1, 16, 0, 0.25f, red);
    vertex(c, 2, 0, 16, 0.25f, red);
    vertex(c, 3, 0, 0, 0.75f, green);                        /* far: the whole target */
    vertex(c, 4, 32, 0, 0.75f, green);
    vertex(c, 5, 0, 32, 0.75f, green);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 3, 3);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            bool near = x + y < 15;

            g_assert_cmpuint(pixel(c, x, y)[0], ==, near ? 255 : 0);
            g_assert_cmpuint(pixel(c, x, y)[1], ==, near ? 0 : 255);
        }
    }
    draw_ctx_free(c);
}

/*
 * The depth bounds test reads the depth already stored: after a near
 * triangle (0.25) over the top-left half of a target cleared to 1, a
 * square drawn everywhere with depth test off and bounds [0, 0.5] lands only
 * where 0.25 is stored; with bounds [0.5, 1] only where 1 is; with the test
 * off everywhere.
 */
static void test_depth_bounds(void)
{
    static const struct {
        bool on;
        float lo, hi;
        bool near_drawn, far_drawn;
    } cases[] = { { true, 0.0f, 0.5f, true, false }, { true, 0.5f, 1.0f, false, true },
                  { false, 0.5f, 0.5f, true, true } };
    const float red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };

    for (unsigned k = 0; k < G_N_ELEMENTS(cases); k++) {
        Ctx *c = draw_ctx_new(N, N, 1);

        depth_less(c);
        vertex(c, 0, 0, 0, 0.25f, red);
        vertex(c, 1, 16, 0, 0.25f, red);
        vertex(c, 2, 0, 16, 0.25f, red);
        draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
        mthd(c, A_C597_SET_DEPTH_TEST, 0);
        mthd(c, A_C597_SET_DEPTH_BOUNDS_TEST, cases[k].on);
        mthd_f(c, A_C597_SET_DEPTH_BOUNDS_MIN, cases[k].lo);
        mthd_f(c, A_C597_SET_DEPTH_BOUNDS_MAX, cases[k].hi);
        vertex(c, 0, 0, 0, 0.5f, blue);
        vertex(c, 1, 32, 0, 0.5f, blue);
        vertex(c, 2, 0, 32, 0.5f, blue);
        draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
        for (unsigned y = 0; y < N; y++) {
            for (unsigned x = 0; x < N; x++) {
                bool near = x + y < 15;

                g_assert_cmpuint(pixel(c, x, y)[2], ==,
                                 (near ? cases[k].near_drawn : cases[k].far_drawn) ? 255 : 0);
            }
        }
        draw_ctx_free(c);
    }
}

/*
 * On a fixed-point depth target the bounds are rounded as depths are: a
 * Z16 target cleared to 0.5 holds 32768/65535 (just over 0.5), which
 * passes bounds [0, 0.5] (nouveau's GL driver relies on it: piglit's
 * depth_bounds) and fails [0, 0.49].
 */
static void test_depth_bounds_fixed(void)
{
    const float blue[4] = { 0, 0, 1, 1 };

    for (unsigned k = 0; k < 2; k++) {
        Ctx *c = draw_ctx_new(N, N, 1);

        depth_target(c, NV_RT_FMT_Z16);
        mthd_f(c, A_C597_SET_Z_CLEAR_VALUE, 0.5f);
        mthd(c, A_C597_CLEAR_SURFACE, 1);
        mthd(c, A_C597_SET_DEPTH_BOUNDS_TEST, 1);
        mthd_f(c, A_C597_SET_DEPTH_BOUNDS_MIN, 0.0f);
        mthd_f(c, A_C597_SET_DEPTH_BOUNDS_MAX, k ? 0.49f : 0.5f);
        vertex(c, 0, 0, 0, 0.5f, blue);
        vertex(c, 1, 32, 0, 0.5f, blue);
        vertex(c, 2, 0, 32, 0.5f, blue);
        draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
        g_assert_cmpuint(pixel(c, 3, 3)[2], ==, k ? 0 : 255);
        draw_ctx_free(c);
    }
}

/*
 * GL's alpha test: two squares of alpha 0.25 (left) and 0.75 (right) under
 * GREATER 0.5 leave only the right one; under LESS 0.5 only the left; off,
 * both.
 */
static void test_alpha_test(void)
{
    static const struct {
        bool on;
        uint32_t func;
        bool left, right;
    } cases[] = { { true, NV_3D_OGL_NEVER + 4, false, true },     /* GREATER */
                  { true, NV_3D_OGL_NEVER + 1, true, false },     /* LESS */
                  { false, NV_3D_OGL_NEVER, true, true } };
    const float lo[4] = { 1, 0, 0, 0.25f }, hi[4] = { 0, 1, 0, 0.75f };

    for (unsigned k = 0; k < G_N_ELEMENTS(cases); k++) {
        Ctx *c = draw_ctx_new(N, N, 1);

        mthd(c, A_C597_SET_ALPHA_TEST, cases[k].on);
        mthd(c, A_C597_SET_ALPHA_FUNC, cases[k].func);
        mthd_f(c, A_C597_SET_ALPHA_REF, 0.5f);
        for (unsigned i = 0; i < 4; i++) {
            vertex(c, i, (i & 1) * 8.0f, (i >> 1) * 16.0f, 0.5f, lo);
            vertex(c, 4 + i, 8 + (i & 1) * 8.0f, (i >> 1) * 16.0f, 0.5f, hi);
        }
        draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
        draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 4, 4);
        for (unsigned y = 0; y < N; y++) {
            for (unsigned x = 0; x < N; x++) {
                bool drawn = x < 8 ? cases[k].left : cases[k].right;

                g_assert_cmpuint(pixel(c, x, y)[3], ==, drawn ? (x < 8 ? 64 : 191) : 0);
            }
        }
        draw_ctx_free(c);
    }
}

/*
 * Logic ops (SET_LOGIC_OP) on an RGBA8 target instead of blending: the
 * target holds 0x5a in every byte (a first square), a second square of
 * 0x0f bytes (colour 15/255) combines with it by XOR, AND, OR_REVERSE and
 * COPY_INVERTED, each checked against the bitwise C expression; blending,
 * left on, does not apply.
 */
static void test_logic_ops(void)
{
    static const struct {
        uint32_t func;
        uint8_t want;
    } cases[] = { { 0x1506, 0x5a ^ 0x0f }, { 0x1501, 0x5a & 0x0f },
                  { 0x150b, (uint8_t)(0x0f | ~0x5a) }, { 0x150c, (uint8_t)~0x0f } };
    const float first[4] = { 0x5a / 255.0f, 0x5a / 255.0f, 0x5a / 255.0f, 0x5a / 255.0f };
    const float second[4] = { 15 / 255.0f, 15 / 255.0f, 15 / 255.0f, 15 / 255.0f };

    for (unsigned k = 0; k < G_N_ELEMENTS(cases); k++) {
        Ctx *c = draw_ctx_new(N, N, 1);

        additive_blend(c);
        mthd(c, A_C597_SET_LOGIC_OP, 1);
        mthd(c, A_C597_SET_LOGIC_OP_FUNC, 0x1503);                  /* COPY */
        for (unsigned i = 0; i < 4; i++) {
            vertex(c, i, (i & 1) * 16.0f, (i >> 1) * 16.0f, 0.5f, first);
            vertex(c, 4 + i, (i & 1) * 16.0f, (i >> 1) * 16.0f, 0.5f, second);
        }
        draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 0, 4);
        mthd(c, A_C597_SET_LOGIC_OP_FUNC, cases[k].func);
        draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 4, 4);
        for (unsigned y = 0; y < N; y++) {
            for (unsigned x = 0; x < N; x++) {
                for (unsigned ch = 0; ch < 4; ch++) {
                    g_assert_cmphex(pixel(c, x, y)[ch], ==, cases[k].want);
                }
            }
        }
        draw_ctx_free(c);
    }
}

/*
 * Depth bias on a ZF32 target: a second triangle at the first's depth
 * (0.5) fails LESS unless biased towards the eye: -2 half units of
 * 2^(-1 - 23) make it 0.5 - 2^-24 and it passes; a clamp of -2^-30 leaves
 * less than a step (it rounds back to 0.5) and it fails again; with
 * SET_POLY_OFFSET_FILL off the bias is not applied.
 */
static void test_depth_bias(void)
{
    static const struct {
        bool enable;
        float clamp;
        bool passes;
    } cases[] = { { true, 0.0f, true }, { true, -0x1p-30f, false }, { false, 0.0f, false } };
    const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };

    for (unsigned k = 0; k < G_N_ELEMENTS(cases); k++) {
        Ctx *c = draw_ctx_new(N, N, 1);

        depth_less(c);
        mthd(c, A_C597_SET_DEPTH_BIAS_CONTROL, 1);                /* format-dependent */
        vertex(c, 0, 0, 0, 0.5f, red);
        vertex(c, 1, N, 0, 0.5f, red);
        vertex(c, 2, 0, N, 0.5f, red);
        vertex(c, 3, 0, 0, 0.5f, green);
        vertex(c, 4, N, 0, 0.5f, green);
        vertex(c, 5, 0, N, 0.5f, green);
        draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
        mthd(c, A_C597_SET_POLY_OFFSET_FILL, cases[k].enable);
        mthd_f(c, A_C597_SET_DEPTH_BIAS, -2.0f);
        mthd_f(c, A_C597_SET_DEPTH_BIAS_CLAMP, cases[k].clamp);
        draw_arrays(c, NV_3D_OP_TRIANGLES, 3, 3);
        g_assert_cmpuint(pixel(c, 2, 2)[1], ==, cases[k].passes ? 255 : 0);
        g_assert_cmpuint(pixel(c, 2, 2)[0], ==, cases[k].passes ? 0 : 255);
        draw_ctx_free(c);
    }
}

/*
 * The stencil test, S8Z24 (stencil in the top byte): a triangle writes 5
 * (REPLACE, ALWAYS), then a quad over the target with EQUAL 5 draws only
 * there and increments (INCR) the stencil where it passes, and DECRSAT
 * where it fails (0 stays 0); back faces use their own state (two-sided):
 * a back-facing quad with NEVER and INVERT inverts what it covers.
 */
static void test_stencil(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };

    depth_target(c, NV_RT_FMT_S8Z24);
    mthd(c, A_C597_SET_STENCIL_TEST, 1);
    mthd(c, A_C597_SET_STENCIL_MASK, 0xff);
    mthd(c, A_C597_SET_STENCIL_FUNC_MASK, 0xff);
    mthd(c, A_C597_SET_STENCIL_FUNC, NV_3D_OGL_ALWAYS);
    mthd(c, A_C597_SET_STENCIL_FUNC_REF, 5);
    mthd(c, A_C597_SET_STENCIL_OP_ZPASS, NV_3D_SOP_OGL_REPLACE);
    vertex(c, 0, 0, 0, 0.5f, red);
    vertex(c, 1, 8, 0, 0.5f, red);
    vertex(c, 2, 0, 8, 0.5f, red);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 0, 3);
    mthd(c, A_C597_SET_STENCIL_FUNC, NV_3D_OGL_NEVER + 2);             /* EQUAL */
    mthd(c, A_C597_SET_STENCIL_OP_ZPASS, NV_3D_SOP_OGL_INCR);
    mthd(c, A_C597_SET_STENCIL_OP_FAIL, NV_3D_SOP_OGL_DECRSAT);
    vertex(c, 3, 0, 0, 0.5f, green);
    vertex(c, 4, N, 0, 0.5f, green);
    vertex(c, 5, 0, N, 0.5f, green);
    vertex(c, 6, N, N, 0.5f, green);
    draw_arrays(c, NV_3D_OP_TRIANGLE_STRIP, 3, 4);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            bool in = x + y < 7;
            const uint8_t *z = fake_va(c->f, ZT_VA + gob_offset(x * 4, y, N * 4), 4);

            g_assert_cmpuint(pixel(c, x, y)[1], ==, in ? 255 : 0);  /* green over red */
            g_assert_cmpuint(pixel(c, x, y)[0], ==, 0);
            g_assert_cmpuint(z[3], ==, in ? 6 : 0);
        }
    }
    /* a back-facing quad (clockwise on the screen is back for CCW front faces) */
    mthd(c, A_C597_SET_TWO_SIDED_STENCIL_TEST, 1);
    mthd(c, A_C597_SET_BACK_STENCIL_FUNC, NV_3D_OGL_NEVER);
    mthd(c, A_C597_SET_BACK_STENCIL_FUNC_MASK, 0xff);
    mthd(c, A_C597_SET_BACK_STENCIL_MASK, 0x0f);
    mthd(c, A_C597_SET_BACK_STENCIL_OP_FAIL, NV_3D_SOP_OGL_INVERT);
    vertex(c, 7, 0, 0, 0.5f, red);
    vertex(c, 8, N, 0, 0.5f, red);
    vertex(c, 9, 0, N, 0.5f, red);
    draw_arrays(c, NV_3D_OP_TRIANGLES, 7, 3);
    for (unsigned y = 0; y < N; y++) {
        for (unsigned x = 0; x < N; x++) {
            const uint8_t *z = fake_va(c->f, ZT_VA + gob_offset(x * 4, y, N * 4), 4);
            unsigned before = x + y < 7 ? 6 : 0;

            /* INVERT under the write mask 0x0f, where the back face covers */
            g_assert_cmpuint(z[3], ==, x + y < 15 ? (before & 0xf0) | (~before & 0x0f) : before);
        }
    }
    draw_ctx_free(c);
}

/* A pixel shader that traps stops the draw with the SM's error; nothing is written. */
static void test_trap(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    uint8_t *p = shader(c, PS_VA, NV_3D_STAGE_PIXEL, NULL, 0);

    bpt_trap(&p);
    vertex(c, 0, 0, 0, 0.5f, quarter);
    vertex(c, 1, 8, 0, 0.5f, quarter);
    vertex(c, 2, 0, 8, 0.5f, quarter);
    mthd(c, A_C597_BEGIN, NV_3D_OP_TRIANGLES);
    mthd_expect(c, A_C597_DRAW_VERTEX_ARRAY, 3, NV_ENGINE_ERROR);
    g_assert_cmpint(c->f->last_error_kind, ==, NV_ERR_SM_TRAP);
    g_assert_cmpuint(nv_threed_engine.error_code(c->obj), ==, NV_SM_ERR_TRAP);
    g_assert_cmpuint(pixel(c, 1, 1)[0], ==, 0);
    draw_ctx_free(c);
}

/* A vertex shader header of the wrong stage is a guest error, not a guess. */
static void test_bad_header(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);

    memset(fake_va(c->f, VS_VA, 4), 0, 4);
    mthd(c, A_C597_BEGIN, NV_3D_OP_TRIANGLES);
    mthd_expect(c, A_C597_DRAW_VERTEX_ARRAY, 3, NV_ENGINE_ERROR);
    g_assert_cmpint(c->f->last_error_kind, ==, NV_ERR_DRAW_INVALID);
    draw_ctx_free(c);
}

/*
 * A draw whose pixel shader outlasts a slice of the SM does not hold the
 * channel to its end: the method returns BUSY with nothing written yet,
 * and run() goes on slice by slice (on the SM's worker threads) to the
 * same pixels. An object destroyed between two slices abandons its draw.
 */
#define LONG_W      64                      /* 4096 lanes: 128 warps */
#define LONG_NOPS   20000                   /* > 2 slices of 2^20 warp-instructions */

static void long_square(Ctx *c)
{
    vertex(c, 0, 0, 0, 0.5f, quarter);
    vertex(c, 1, LONG_W, 0, 0.5f, quarter);
    vertex(c, 2, 0, LONG_W, 0.5f, quarter);
    vertex(c, 3, LONG_W, 0, 0.5f, quarter);
    vertex(c, 4, LONG_W, LONG_W, 0.5f, quarter);
    vertex(c, 5, 0, LONG_W, 0.5f, quarter);
    mthd(c, A_C597_BEGIN, NV_3D_OP_TRIANGLES);
    g_assert_cmpint(nv_threed_engine.method(c->obj, &c->mem, A_C597_DRAW_VERTEX_ARRAY, 6), ==,
                    NV_ENGINE_BUSY);
    g_assert_cmpuint(pixel(c, 0, 0)[0], ==, 0);
}

static void test_sliced(void)
{
    Ctx *c = draw_ctx_new(LONG_W, LONG_W, 2);
    NvEngineStatus st = NV_ENGINE_BUSY;
    unsigned slices = 0;

    pixel_shader_long(c, NV_SPH_IMAP_LINEAR, LONG_NOPS);
    long_square(c);
    while (st == NV_ENGINE_BUSY) {
        st = nv_threed_engine.run(c->obj, &c->mem, nv_threed_engine.run_budget, 0);
        slices++;
    }
    g_assert_cmpint(st, ==, NV_ENGINE_IDLE);
    g_assert_cmpuint(slices, >=, 2);
    mthd(c, A_C597_END, 0);
    for (unsigned y = 0; y < LONG_W; y++) {
        for (unsigned x = 0; x < LONG_W; x++) {
            g_assert_cmpuint(pixel(c, x, y)[0], ==, 64);
        }
    }
    /* again, and the object goes away between slices */
    memset(fake_va(c->f, RT_VA, LONG_W * LONG_W * 4), 0, LONG_W * LONG_W * 4);
    long_square(c);
    draw_ctx_free(c);
}

/* ---- FERMI_TWOD_A ---- */

#define SRC_VA      (FAKE_VA_BASE + 0x50000)
#define DST_VA      (FAKE_VA_BASE + 0x60000)

static void twod(Ctx *c, void *obj, uint32_t m, uint32_t data)
{
    g_assert_cmpint(nv_twod_engine.method(obj, &c->mem, m, data), ==, NV_ENGINE_IDLE);
}

/*
 * A PIXELS_FROM_MEMORY blit, as nouveau's GL driver uploads a texture: an
 * 8x8 RGBA32F pitch source into an RGBA8 block-linear destination at
 * (4, 2), then the source's left half stretched 2x into a pitch RGBA32F
 * destination (nearest: each source texel twice), clipped to x < 6.
 */
static void test_twod_blit(void)
{
    Ctx *c = draw_ctx_new(N, N, 1);
    void *o = nv_twod_engine.create(c->gpu);
    float *src = (float *)fake_va(c->f, SRC_VA, 8 * 8 * 16);

    for (unsigned i = 0; i < 8 * 8; i++) {
        src[4 * i] = (i % 8) / 7.0f;
        src[4 * i + 1] = (i / 8) / 7.0f;
        src[4 * i + 2] = 0.5f;
        src[4 * i + 3] = 1.0f;
    }
    twod(c, o, A_902D_SET_SRC_FORMAT, NV_RT_FMT_RF32_GF32_BF32_AF32);
    twod(c, o, A_902D_SET_SRC_MEMORY_LAYOUT, NV_2D_LAYOUT_PITCH);
    twod(c, o, A_902D_SET_SRC_PITCH, 8 * 16);
    twod(c, o, A_902D_SET_SRC_WIDTH, 8);
    twod(c, o, A_902D_SET_SRC_HEIGHT, 8);
    twod(c, o, A_902D_SET_SRC_OFFSET_UPPER, (uint32_t)(SRC_VA >> 32));
    twod(c, o, A_902D_SET_SRC_OFFSET_LOWER, (uint32_t)SRC_VA);
    twod(c, o, A_902D_SET_DST_FORMAT, NV_RT_FMT_A8B8G8R8);
    twod(c, o, A_902D_SET_DST_MEMORY_LAYOUT, NV_2D_LAYOUT_BLOCKLINEAR);
    twod(c, o, A_902D_SET_DST_WIDTH, 16);
    twod(c, o, A_902D_SET_DST_HEIGHT, 16);
    twod(c, o, A_902D_SET_DST_OFFSET_UPPER, (uint32_t)(DST_VA >> 32));
    twod(c, o, A_902D_SET_DST_OFFSET_LOWER, (uint32_t)DST_VA);
    twod(c, o, A_902D_SET_OPERATION, NV_2D_OP_SRCCOPY);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DST_X0, 4);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DST_Y0, 2);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DST_WIDTH, 8);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DST_HEIGHT, 8);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DU_DX_INT, 1);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DV_DY_INT, 1);
    twod(c, o, A_902D_PIXELS_FROM_MEMORY_SRC_Y0_INT, 0);
    for (unsigned y = 0; y < 16; y++) {
        for (unsigned x = 0; x < 16; x++) {
            const uint8_t *p = fake_va(c->f, DST_VA + gob_offset(x * 4, y, 64), 4);
            bool in = x >= 4 && x < 12 && y >= 2 && y < 10;

            g_assert_cmpuint(p[0], ==, in ? (unsigned)lrintf((x - 4) / 7.0f * 255) : 0);
            g_assert_cmpuint(p[1], ==, in ? (unsigned)lrintf((y - 2) / 7.0f * 255) : 0);
            g_assert_cmpuint(p[2], ==, in ? 128 : 0);
            g_assert_cmpuint(p[3], ==, in ? 255 : 0);
        }
    }
    /* 2x stretch of the left half into a pitch RGBA32F surface, clipped to x < 6 */
    memset(fake_va(c->f, DST_VA, 8 * 128), 0, 8 * 128);
    twod(c, o, A_902D_SET_DST_FORMAT, NV_RT_FMT_RF32_GF32_BF32_AF32);
    twod(c, o, A_902D_SET_DST_MEMORY_LAYOUT, NV_2D_LAYOUT_PITCH);
    twod(c, o, A_902D_SET_DST_PITCH, 8 * 16);
    twod(c, o, A_902D_SET_DST_WIDTH, 8);
    twod(c, o, A_902D_SET_DST_HEIGHT, 8);
    twod(c, o, A_902D_SET_CLIP_X0, 0);
    twod(c, o, A_902D_SET_CLIP_Y0, 0);
    twod(c, o, A_902D_SET_CLIP_WIDTH, 6);
    twod(c, o, A_902D_SET_CLIP_HEIGHT, 8);
    twod(c, o, A_902D_SET_CLIP_ENABLE, 1);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DST_X0, 0);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DST_Y0, 0);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DU_DX_INT, 0);
    twod(c, o, A_902D_SET_PIXELS_FROM_MEMORY_DU_DX_FRAC, 0x80000000u);
    twod(c, o, A_902D_PIXELS_FROM_MEMORY_SRC_Y0_INT, 0);
    for (unsigned y = 0; y < 8; y++) {
        for (unsigned x = 0; x < 8; x++) {
            const float *p = (const float *)fake_va(c->f, DST_VA + y * 128 + x * 16, 16);

            g_assert_cmpfloat(p[0], ==, x < 6 ? (x / 2) / 7.0f : 0.0f);
            g_assert_cmpfloat(p[1], ==, x < 6 ? y / 7.0f : 0.0f);
        }
    }
    nv_twod_engine.destroy(o);
    draw_ctx_free(c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/draw/top-left", test_top_left);
    g_test_add_func("/draw/strip-and-indexed", test_strip_and_indexed);
    g_test_add_func("/draw/inline-indices", test_inline_indices);
    g_test_add_func("/draw/one-method", test_one_method_draws);
    g_test_add_func("/draw/separate-topology", test_separate_topology);
    g_test_add_func("/draw/rt-layer", test_rt_layer);
    g_test_add_func("/draw/shader-layer", test_shader_layer);
    g_test_add_func("/draw/window-coordinates", test_window_coordinates);
    g_test_add_func("/draw/clip-distances", test_clip_distances);
    g_test_add_func("/draw/interpolation", test_interpolation);
    g_test_add_func("/draw/points", test_points);
    g_test_add_func("/draw/lines", test_lines);
    g_test_add_func("/draw/polygon-mode-and-quads", test_polygon_mode_and_quads);
    g_test_add_func("/draw/color-clamps", test_color_clamps);
    g_test_add_func("/draw/shade-model", test_shade_model);
    g_test_add_func("/draw/cull-and-mask", test_cull_and_mask);
    g_test_add_func("/draw/depth", test_depth);
    g_test_add_func("/draw/stencil", test_stencil);
    g_test_add_func("/draw/depth-bias", test_depth_bias);
    g_test_add_func("/draw/depth-bounds", test_depth_bounds);
    g_test_add_func("/draw/depth-bounds-fixed", test_depth_bounds_fixed);
    g_test_add_func("/draw/logic-ops", test_logic_ops);
    g_test_add_func("/draw/alpha-test", test_alpha_test);
    g_test_add_func("/draw/trap", test_trap);
    g_test_add_func("/draw/bad-header", test_bad_header);
    g_test_add_func("/draw/sliced", test_sliced);
    g_test_add_func("/twod/blit", test_twod_blit);
    return g_test_run();
}
