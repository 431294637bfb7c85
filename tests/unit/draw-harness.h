/*
 * A 3D-class draw harness over a fake memory (unit tests and make bench):
 * a colour target (pitch RGBA8, w x h), a vertex stream of positions and
 * colours, and hand-assembled vertex and pixel shaders for the SM
 * interpreter (field maps in hw/nvidia/sm/decode-gfx.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_UNIT_DRAW_HARNESS_H
#define TESTS_UNIT_DRAW_HARNESS_H

#include "fake-mem.h"
#include "base/gpu.h"
#include "engines/engine.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/nv-3d.h"
#include "hw/nvidia/nv-f16.h"
#include "hw/nvidia/nv-rt.h"

#define ZT_VA       (FAKE_VA_BASE + 0x20000)    /* ZF32, block linear (up to 64 KiB) */
#define VB_VA       (FAKE_VA_BASE + 0x30000)    /* vertices: 32 bytes each, up to 48 KiB */
#define IB_VA       (FAKE_VA_BASE + 0x3c000)
#define VS_VA       (FAKE_VA_BASE + 0x40000)
#define PS_VA       (FAKE_VA_BASE + 0x41000)
#define RT_VA       (FAKE_VA_BASE + 0x100000)   /* the colour target, pitch w * 4 */
#define STAGE(m, i) ((m) + (i) * A_C597_SET_PIPELINE_SHADER_STRIDE)

typedef struct Ctx {
    FakeMem *f;
    NvMemIf mem;
    NvGpu *gpu;
    void *obj;
    unsigned w, h;
    unsigned slices;                    /* run() calls the last method took to end */
} Ctx;

/* A 3D object with target, viewport (the whole target), stream 0 and both shaders set. */
Ctx *draw_ctx_new(unsigned w, unsigned h, unsigned workers);
void draw_ctx_free(Ctx *c);

/* A method, then run() while the class is busy; the final status. */
NvEngineStatus mthd_send(Ctx *c, uint32_t m, uint32_t data);
void mthd_expect(Ctx *c, uint32_t m, uint32_t data, NvEngineStatus want);
void mthd(Ctx *c, uint32_t m, uint32_t data);
void mthd_f(Ctx *c, uint32_t m, float v);
void mthd_va(Ctx *c, uint32_t hi, uint32_t lo, uint64_t va);

/* A shader's header at va (dword, value pairs in extra for the rest), bound; its code. */
uint8_t *shader(Ctx *c, uint64_t va, unsigned stage, const uint32_t *extra, unsigned nextra);
/* The pixel shader: generic 0 (interpolated as imap says) to target 0. */
void pixel_shader(Ctx *c, unsigned imap);
/* The same after nops NOPs: a shader that outlasts a slice of the SM. */
void pixel_shader_long(Ctx *c, unsigned imap, unsigned nops);
void bpt_trap(uint8_t **p);
/* Shaders passing attribute 1 through address addr, read with IPA of freq (0 PASS, 2 STATE). */
void varying_shaders(Ctx *c, unsigned addr, unsigned freq);
/*
 * The default vertex shader (position, colour to generic 0) with extras:
 * only the position's x and y written (nouveau's GL blits), the colour's
 * red as clip distance 0, the instance as the render-target layer.
 */
enum { VS_XY_ONLY = 1, VS_CLIP0 = 2, VS_INSTANCE_LAYER = 4 };
void vertex_shader_with(Ctx *c, unsigned extras);
/* A pixel shader writing a point's sprite coordinates (s, t) and generic 0's b, a. */
void point_coord_shader(Ctx *c);

/* Vertex i: window position (x, y) in pixels, depth z, colour. */
void vertex(Ctx *c, unsigned i, float x, float y, float z, const float rgba[4]);
void draw_arrays(Ctx *c, unsigned op, uint32_t first, uint32_t count);
const uint8_t *pixel(Ctx *c, unsigned x, unsigned y);

#endif
