/*
 * The 3D-class draw harness (draw-harness.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "draw-harness.h"

#define VA_SIZE     (4u << 20)


/* ---- hand-assembled sm_75 instructions (field maps in hw/nvidia/sm/decode-gfx.c) ---- */

#define RZ 0xffull
#define PT_GUARD (7ull << 12)

static void put_insn(uint8_t *p, uint64_t lo, uint64_t hi)
{
    for (unsigned i = 0; i < 8; i++) {
        p[i] = (uint8_t)(lo >> (8 * i));
        p[8 + i] = (uint8_t)(hi >> (8 * i));
    }
}

/* ALD(.comps) Rd, a[addr] */
static void ald(uint8_t **p, unsigned rd, unsigned addr, unsigned comps)
{
    put_insn(*p, 0x321 | PT_GUARD | (uint64_t)rd << 16 | RZ << 24 | RZ << 32 | (uint64_t)addr << 40,
             (uint64_t)(comps - 1) << 10);
    *p += 16;
}

/* AST(.comps) a[addr], Rs */
static void ast(uint8_t **p, unsigned addr, unsigned rs, unsigned comps)
{
    put_insn(*p, 0x322 | PT_GUARD | RZ << 24 | (uint64_t)rs << 32 | (uint64_t)addr << 40,
             RZ | (uint64_t)(comps - 1) << 10);
    *p += 16;
}

/* IPA Rd, a[addr] (freq 1: .CONSTANT) */
static void ipa(uint8_t **p, unsigned rd, unsigned addr, unsigned freq)
{
    put_insn(*p, 0x326 | PT_GUARD | (uint64_t)rd << 16 | RZ << 32,
             addr / 4 | (uint64_t)freq << 14 | 7ull << 17);
    *p += 16;
}

static void nop(uint8_t **p)
{
    put_insn(*p, 0x918 | PT_GUARD, 0);
    *p += 16;
}

static void exit_insn(uint8_t **p)
{
    put_insn(*p, 0x94d | PT_GUARD, 7ull << 23);
    *p += 16;
}

void bpt_trap(uint8_t **p)
{
    put_insn(*p, 0x95c | PT_GUARD | 1ull << 34, 3ull << 20);
    *p += 16;
}

/* ---- setup ---- */

NvEngineStatus mthd_send(Ctx *c, uint32_t m, uint32_t data)
{
    NvEngineStatus st = nv_threed_engine.method(c->obj, &c->mem, m, data);

    /* as the channel does: while the class is busy, its run() goes on, slice by slice */
    c->slices = 0;
    while (st == NV_ENGINE_BUSY) {
        st = nv_threed_engine.run(c->obj, &c->mem, nv_threed_engine.run_budget, 0);
        c->slices++;
    }
    return st;
}

void mthd_expect(Ctx *c, uint32_t m, uint32_t data, NvEngineStatus want)
{
    g_assert_cmpint(mthd_send(c, m, data), ==, want);
}

void mthd(Ctx *c, uint32_t m, uint32_t data)
{
    mthd_expect(c, m, data, NV_ENGINE_IDLE);
}

void mthd_f(Ctx *c, uint32_t m, float v)
{
    mthd(c, m, nv_bits_f32(v));
}

void mthd_va(Ctx *c, uint32_t hi, uint32_t lo, uint64_t va)
{
    mthd(c, hi, (uint32_t)(va >> 32));
    mthd(c, lo, (uint32_t)va);
}

/* A shader at va: its header (type, stage, and for pixel shaders imap/omap words), then code. */
uint8_t *shader(Ctx *c, uint64_t va, unsigned stage, const uint32_t *extra, unsigned nextra)
{
    uint8_t *p = fake_va(c->f, va, 0x200);
    uint32_t sph[NV_SPH_DWORDS] = { 0 };

    sph[0] = (stage == NV_3D_STAGE_PIXEL ? NV_SPH_TYPE_PS : NV_SPH_TYPE_VTG) | 3u << 5 |
             stage << 10 | (stage == NV_3D_STAGE_PIXEL ? 1u << 14 : 0);
    for (unsigned i = 0; i + 1 < nextra; i += 2) {
        sph[extra[i]] = extra[i + 1];
    }
    memcpy(p, sph, sizeof(sph));
    mthd(c, STAGE(A_C597_SET_PIPELINE_SHADER, stage), 1 | stage << 4);
    mthd_va(c, STAGE(A_C597_SET_PIPELINE_PROGRAM_ADDRESS_A, stage),
            STAGE(A_C597_SET_PIPELINE_PROGRAM_ADDRESS_B, stage), va);
    mthd(c, STAGE(A_C597_SET_PIPELINE_REGISTER_COUNT, stage), 16);
    return p + NV_SPH_BYTES;
}

/*
 * The vertex shader: position from attribute 0 (x and y alone with
 * VS_XY_ONLY), colour (attribute 1) to attribute address out; with VS_CLIP0
 * also the colour's red as clip distance 0, with VS_INSTANCE_LAYER the
 * instance as the layer output.
 */
static void emit_vertex_shader(Ctx *c, unsigned out, unsigned extras)
{
    unsigned pos = extras & VS_XY_ONLY ? 2 : 4;
    uint8_t *p = shader(c, VS_VA, NV_3D_STAGE_VERTEX, NULL, 0);

    ald(&p, 0, NV_ATTR_GENERIC0, pos);
    ald(&p, 4, NV_ATTR_GENERIC0 + 16, 4);
    if (extras & VS_INSTANCE_LAYER) {
        ald(&p, 8, NV_ATTR_INSTANCE_ID, 1);
        ast(&p, NV_ATTR_RT_LAYER, 8, 1);
    }
    ast(&p, NV_ATTR_POSITION, 0, pos);
    ast(&p, out, 4, 4);
    if (extras & VS_CLIP0) {
        ast(&p, NV_ATTR_CLIP_DISTANCE, 4, 1);
    }
    exit_insn(&p);
}

static void vertex_shader(Ctx *c, unsigned out)
{
    emit_vertex_shader(c, out, 0);
}

void vertex_shader_with(Ctx *c, unsigned extras)
{
    emit_vertex_shader(c, NV_ATTR_GENERIC0, extras);
}

/* The pixel shader: generic 0 (interpolated screen-linearly, or flat) to target 0. */
void pixel_shader(Ctx *c, unsigned imap)
{
    pixel_shader_long(c, imap, 0);
}

void pixel_shader_long(Ctx *c, unsigned imap, unsigned nops)
{
    /* dword 6: generic 0's four components (2 bits each); dword 18: target 0 writes RGBA */
    const uint32_t extra[] = { 6, imap * 0x55u, 18, 0xf };
    uint8_t *p = shader(c, PS_VA, NV_3D_STAGE_PIXEL, extra, G_N_ELEMENTS(extra));

    p = fake_va(c->f, PS_VA + NV_SPH_BYTES, (nops + 5) * 16u);
    for (unsigned i = 0; i < nops; i++) {
        nop(&p);
    }
    for (unsigned i = 0; i < 4; i++) {
        ipa(&p, i, NV_ATTR_GENERIC0 + 4 * i, imap == NV_SPH_IMAP_CONSTANT);
    }
    exit_insn(&p);
}

/*
 * Shaders passing attribute 1 through attribute address addr (a generic or
 * GL's COLOR0), which the pixel shader reads with IPA of freq (0 PASS, 1
 * CONSTANT, 2 STATE).
 */
void varying_shaders(Ctx *c, unsigned addr, unsigned freq)
{
    const uint32_t extra[] = { 6, NV_SPH_IMAP_LINEAR * 0x55u, 18, 0xf };
    uint8_t *p;

    vertex_shader(c, addr);
    p = shader(c, PS_VA, NV_3D_STAGE_PIXEL, extra, G_N_ELEMENTS(extra));
    for (unsigned i = 0; i < 4; i++) {
        ipa(&p, i, addr + 4 * i, freq);
    }
    exit_insn(&p);
}

/* A pixel shader writing a point's sprite coordinates (s, t) and generic 0's b, a to target 0. */
void point_coord_shader(Ctx *c)
{
    const uint32_t extra[] = { 6, NV_SPH_IMAP_LINEAR * 0x55u, 18, 0xf };
    uint8_t *p = shader(c, PS_VA, NV_3D_STAGE_PIXEL, extra, G_N_ELEMENTS(extra));

    ipa(&p, 0, NV_ATTR_POINT_COORD, 0);
    ipa(&p, 1, NV_ATTR_POINT_COORD + 4, 0);
    ipa(&p, 2, NV_ATTR_GENERIC0 + 8, 0);
    ipa(&p, 3, NV_ATTR_GENERIC0 + 12, 0);
    exit_insn(&p);
}

Ctx *draw_ctx_new(unsigned w, unsigned h, unsigned workers)
{
    Ctx *c = g_new0(Ctx, 1);

    c->f = fake_mem_new(VA_SIZE, 4096);
    c->mem = fake_mem_if(c->f);
    c->gpu = g_new0(NvGpu, 1);
    c->gpu->compute_cfg.sm = nv_sm_new(&(NvSmConfig){ .workers = workers });
    c->w = w;
    c->h = h;
    c->gpu->compute_cfg.sm_count = 40;
    c->obj = nv_threed_engine.create(c->gpu);
    memset(c->f->va, 0, VA_SIZE);
    /* colour target 0: pitch RGBA8 */
    mthd_va(c, A_C597_SET_COLOR_TARGET_A, A_C597_SET_COLOR_TARGET_B, RT_VA);
    mthd(c, A_C597_SET_COLOR_TARGET_WIDTH, w * 4);
    mthd(c, A_C597_SET_COLOR_TARGET_HEIGHT, h);
    mthd(c, A_C597_SET_COLOR_TARGET_FORMAT, NV_RT_FMT_A8B8G8R8);
    mthd(c, A_C597_SET_COLOR_TARGET_MEMORY, NV_RT_LAYOUT_PITCH << R_C597_SET_COLOR_TARGET_MEMORY_LAYOUT_SHIFT);
    mthd(c, A_C597_SET_CT_SELECT, 1);
    mthd(c, A_C597_SET_CT_WRITE, 0x1111);
    mthd(c, A_C597_SET_SURFACE_CLIP_HORIZONTAL, w << 16);
    mthd(c, A_C597_SET_SURFACE_CLIP_VERTICAL, h << 16);
    mthd(c, A_C597_SET_VIEWPORT_CLIP_HORIZONTAL, w << 16);
    mthd(c, A_C597_SET_VIEWPORT_CLIP_VERTICAL, h << 16);
    mthd_f(c, A_C597_SET_VIEWPORT_SCALE_X, w / 2.0f);
    mthd_f(c, A_C597_SET_VIEWPORT_SCALE_X + 4, h / 2.0f);
    mthd_f(c, A_C597_SET_VIEWPORT_SCALE_X + 8, 1.0f);
    mthd_f(c, A_C597_SET_VIEWPORT_OFFSET_X, w / 2.0f);
    mthd_f(c, A_C597_SET_VIEWPORT_OFFSET_X + 4, h / 2.0f);
    mthd_f(c, A_C597_SET_VIEWPORT_CLIP_MAX_Z, 1.0f);
    mthd(c, A_C597_SET_VIEWPORT_Z_CLIP, NV_3D_Z_CLIP_ZERO);
    mthd(c, A_C597_SET_RASTER_ENABLE, 1);
    mthd(c, A_C597_OGL_SET_FRONT_FACE, NV_3D_FACE_CCW);
    /* vertex stream 0: position and colour, 8 floats per vertex */
    mthd(c, A_C597_SET_VERTEX_STREAM_A_FORMAT, 32 | 1u << 12);
    mthd_va(c, A_C597_SET_VERTEX_STREAM_A_LOCATION_A, A_C597_SET_VERTEX_STREAM_A_LOCATION_B, VB_VA);
    mthd(c, A_C597_SET_VERTEX_STREAM_SIZE_A, 0);
    mthd(c, A_C597_SET_VERTEX_STREAM_SIZE_B, IB_VA - VB_VA);
    for (unsigned i = 0; i < NV_3D_ATTRIBUTES; i++) {
        uint32_t a = 0x01u << 21 | NV_3D_NUM_FLOAT << 27;

        mthd(c, A_C597_SET_VERTEX_ATTRIBUTE_A + 4 * i,
             i < 2 ? a | (16 * i) << 7 : NV_3D_ATTR_SOURCE_INACTIVE << 6);
    }
    vertex_shader(c, NV_ATTR_GENERIC0);
    pixel_shader(c, NV_SPH_IMAP_LINEAR);
    return c;
}

void draw_ctx_free(Ctx *c)
{
    nv_threed_engine.destroy(c->obj);
    nv_sm_free(c->gpu->compute_cfg.sm);
    g_free(c->gpu);
    fake_mem_free(c->f);
    g_free(c);
}

/* Vertex i: window position (x, y) in pixels, depth z, colour. */
void vertex(Ctx *c, unsigned i, float x, float y, float z, const float rgba[4])
{
    float v[8] = { x / (c->w / 2.0f) - 1.0f, y / (c->h / 2.0f) - 1.0f, z, 1.0f,
                   rgba[0], rgba[1], rgba[2], rgba[3] };

    memcpy(fake_va(c->f, VB_VA + 32 * i, 32), v, 32);
}

void draw_arrays(Ctx *c, unsigned op, uint32_t first, uint32_t count)
{
    mthd(c, A_C597_BEGIN, op);
    mthd(c, A_C597_SET_VERTEX_ARRAY_START, first);
    mthd(c, A_C597_DRAW_VERTEX_ARRAY, count);
    mthd(c, A_C597_END, 0);
}

const uint8_t *pixel(Ctx *c, unsigned x, unsigned y)
{
    return fake_va(c->f, RT_VA + ((uint64_t)y * c->w + x) * 4, 4);
}

