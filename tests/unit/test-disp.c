/*
 * Unit tests of the display engine (hw/nvidia/gpu/disp) through BAR0 and
 * VRAM as nouveau drives it: DDC over the bit-banged I2C port, a core
 * channel modeset with its three supervisor stages and notifier, RAMHT and
 * context DMA resolution, window surfaces (pitch and block linear), flips
 * latched at vblank, the vblank interrupt and raster position, and bad
 * input (unknown methods, looping pushbuffers, surfaces outside their
 * context DMA, unresolvable handles, stray supervisor restarts).
 *
 * The RAMHT hash and probing, the context DMA layout and the pushbuffer
 * format are written out here from nouveau's and NVIDIA's descriptions,
 * not taken from the model.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "fake-platform.h"
#include "hw/nvidia/cl-c57a.h"
#include "hw/nvidia/cl-c57d.h"
#include "hw/nvidia/cl-c57e.h"
#include "hw/nvidia/nv-disp.h"
#include "hw/nvidia/nv-regs.h"

#define VRAM        (256ull << 20)
#define INST        0x100000u       /* display instance memory: RAMHT at +0 */
#define OBJ_SYNC    0x2000u         /* context DMA objects in it */
#define OBJ_VRAM    0x2020u
#define OBJ_SMALL   0x2040u
#define SYNC        0x180000u       /* notifiers */
#define PB_CORE     0x200000u
#define PB_WIN      0x201000u
#define SURF        0x300000u
#define H_SYNC      0xf0000000u
#define H_VRAM      0xfb000000u
#define H_SMALL     0xfb000001u     /* a 1 MiB context DMA */
#define HEAD(m)     (m)             /* head 0's methods */

typedef struct Pb {
    uint32_t id, base, put;
} Pb;

static FakePlatform *disp_new(void)
{
    NvGpuConfig cfg = {
        .chip = &nv_chip_tu104_display, .vram_size = VRAM,
        .gpcs = 1, .tpcs_per_gpc = 2, .sms_per_tpc = 2, .sm_threads = 1,
    };

    return fake_new_cfg(&cfg);
}

static void vram_wr32(FakePlatform *f, uint64_t a, uint32_t v)
{
    g_assert_true(nvgpu_vram_write(f->gpu, a, &v, 4));
}

static uint32_t vram_rd32(FakePlatform *f, uint64_t a)
{
    uint32_t v = 0;

    g_assert_true(nvgpu_vram_read(f->gpu, a, &v, 4));
    return v;
}

/* nouveau's RAMHT: handle folded in 10-bit pieces, chid << 6, linear probing. */
static void ramht_insert(FakePlatform *f, uint32_t chid, uint32_t handle, uint32_t obj)
{
    uint32_t hash = 0;

    for (uint32_t h = handle; h; h >>= 10) {
        hash ^= h & 0x3ff;
    }
    hash = (hash ^ chid << 6) & 0x3ff;
    while (vram_rd32(f, INST + hash * 8) || vram_rd32(f, INST + hash * 8 + 4)) {
        hash = (hash + 1) & 0x3ff;
    }
    vram_wr32(f, INST + hash * 8, handle);
    vram_wr32(f, INST + hash * 8 + 4, chid << 25 | 0x40 | obj << 9);
}

/* A VRAM context DMA object: flags, start >> 8, limit >> 8 (64-bit halves). */
static void ctxdma(FakePlatform *f, uint32_t obj, uint64_t start, uint64_t limit)
{
    vram_wr32(f, INST + obj, 0x1 | 0x4);
    vram_wr32(f, INST + obj + 4, (uint32_t)(start >> 8));
    vram_wr32(f, INST + obj + 8, (uint32_t)(start >> 40));
    vram_wr32(f, INST + obj + 12, (uint32_t)(limit >> 8));
    vram_wr32(f, INST + obj + 16, (uint32_t)(limit >> 40));
}

/* Instance memory, the RAMHT and the context DMAs of the core (0) and window 0 (1). */
static void disp_setup(FakePlatform *f)
{
    wr32(f, A_DISP_FE_INST_MEM0, 0x9);
    wr32(f, A_DISP_FE_INST_MEM1, INST >> 16);
    ctxdma(f, OBJ_SYNC, SYNC, SYNC + 0xfff);
    ctxdma(f, OBJ_VRAM, 0, VRAM - 1);
    ctxdma(f, OBJ_SMALL, SURF, SURF + 0xfffff);
    ramht_insert(f, 0, H_SYNC, OBJ_SYNC);
    ramht_insert(f, 0, H_VRAM, OBJ_VRAM);
    ramht_insert(f, 1, H_SYNC, OBJ_SYNC);
    ramht_insert(f, 1, H_VRAM, OBJ_VRAM);
    ramht_insert(f, 1, H_SMALL, OBJ_SMALL);
    wr32(f, A_DISP_EN_CTRL_DISP, 0x187);
    wr32(f, A_DISP_EN_EXC_OTHER, 1);
    wr32(f, A_DISP_EN_EXC_WIN, 1);
    wr32(f, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_DISP);
}

/* Allocates and connects channel id with a pushbuffer page in VRAM. */
static Pb chan_open(FakePlatform *f, uint32_t id, uint32_t base)
{
    Pb p = { .id = id, .base = base };

    wr32(f, A_DISP_FE_PBBASEHI(id), 0);
    wr32(f, A_DISP_FE_PBBASE(id), base >> 8 | 1);
    wr32(f, A_DISP_FE_CHNCTL(id), 0x10);
    wr32(f, id ? NV_DISP_CHAN_USER(id) : NV_DISP_CORE_USER, 0);
    wr32(f, A_DISP_FE_CHNCTL(id), 0x13);
    return p;
}

static void emit(FakePlatform *f, Pb *p, uint32_t dword)
{
    vram_wr32(f, p->base + p->put, dword);
    p->put = (p->put + 4) % 0x1000;
}

static void mthd(FakePlatform *f, Pb *p, uint32_t m, uint32_t data)
{
    emit(f, p, 1u << 18 | m);
    emit(f, p, data);
}

static uint32_t user(const Pb *p)
{
    return p->id ? NV_DISP_CHAN_USER(p->id) : NV_DISP_CORE_USER;
}

static void kick(FakePlatform *f, Pb *p)
{
    wr32(f, user(p), p->put);
}

/* 1024x768 at 60 Hz (65 MHz, 1344x806 total), as nouveau encodes a mode. */
static void core_mode(FakePlatform *f, Pb *c)
{
    mthd(f, c, A_C57D_SET_CONTEXT_DMA_NOTIFIER, H_SYNC);
    mthd(f, c, A_C57D_SOR_SET_CONTROL, 0x1 | 1u << 8);
    mthd(f, c, A_C57D_WINDOW_SET_CONTROL, 0);
    mthd(f, c, HEAD(A_C57D_HEAD_SET_PIXEL_CLOCK_FREQUENCY), 65000000);
    mthd(f, c, HEAD(A_C57D_HEAD_SET_RASTER_SIZE), 1344 | 806u << 16);
    mthd(f, c, HEAD(A_C57D_HEAD_SET_RASTER_SYNC_END), 135 | 5u << 16);
    mthd(f, c, HEAD(A_C57D_HEAD_SET_RASTER_BLANK_END), 295 | 34u << 16);
    mthd(f, c, HEAD(A_C57D_HEAD_SET_RASTER_BLANK_START), 1319 | 802u << 16);
}

static void core_update(FakePlatform *f, Pb *c)
{
    vram_wr32(f, SYNC, 0);                          /* NOT_BEGUN */
    mthd(f, c, A_C57D_SET_NOTIFIER_CONTROL, 1u << 12);
    mthd(f, c, A_C57D_UPDATE, 1);
    mthd(f, c, A_C57D_SET_NOTIFIER_CONTROL, 0);
    kick(f, c);
}

/* nouveau's supervisor work for one stage: ack, clear the head word, restart. */
static void super_stage(FakePlatform *f, unsigned stage)
{
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_STAT_CTRL_DISP), ==, 1u << (stage - 1));
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_DISPATCH), ==, 1u << 12);
    g_assert_cmphex(rd32(f, A_PMC_INTR_0) & NV_PMC_INTR_DISP, ==, NV_PMC_INTR_DISP);
    g_assert_cmphex(rd32(f, A_DISP_FE_SUPERVISOR_HEAD(0)), ==, 1u << 12);
    wr32(f, A_DISP_EVT_CTRL_DISP, 1u << (stage - 1));
    wr32(f, A_DISP_FE_SUPERVISOR_HEAD(0), 0);
    wr32(f, A_DISP_FE_SUPERVISOR_MAIN, 0x80000000);
}

/* A modeset through the three supervisor stages; returns the core channel. */
static Pb modeset(FakePlatform *f)
{
    Pb c = chan_open(f, NV_DISP_ID_CORE, PB_CORE);

    g_assert_cmphex(rd32(f, A_DISP_FE_CHNSTATUS_CORE) >> 16 & 0x1f, ==, 0xb);
    core_mode(f, &c);
    core_update(f, &c);
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + NV_DISP_USER_GET), ==, c.put - 8);
    /* the pending mirror has the mode, the armed one not yet */
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + A_C57D_HEAD_SET_RASTER_SIZE), ==,
                    1344 | 806u << 16);
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + NV_DISP_CORE_ARMED +
                        A_C57D_HEAD_SET_RASTER_SIZE), ==, 0);
    for (unsigned s = 1; s <= 3; s++) {
        g_assert_cmphex(vram_rd32(f, SYNC), ==, 0);
        super_stage(f, s);
    }
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_DISPATCH), ==, 0);
    /* armed at the end, the method after UPDATE taken, FINISHED written */
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + NV_DISP_CORE_ARMED +
                        A_C57D_HEAD_SET_RASTER_SIZE), ==, 1344 | 806u << 16);
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + NV_DISP_USER_GET), ==, c.put);
    g_assert_cmphex(vram_rd32(f, SYNC) >> 30, ==, NV_DISP_NOTIFIER_FINISHED);
    return c;
}

static void test_modeset(void)
{
    FakePlatform *f = disp_new();
    NvScanout so;
    Pb c;

    disp_setup(f);
    c = modeset(f);
    g_assert_true(nvgpu_disp_scanout(f->gpu, 0, &so));
    g_assert_true(so.active);
    g_assert_cmpuint(so.width, ==, 1024);
    g_assert_cmpuint(so.height, ==, 768);
    g_assert_cmpuint(so.refresh_mhz, ==, 65000000ull * 1000 / (1344 * 806));
    g_assert_cmpuint(so.planes, ==, 0);
    /* an update that changes no mode arms at once: no supervisor */
    mthd(f, &c, HEAD(A_C57D_HEAD_SET_DITHER_CONTROL), 1);
    core_update(f, &c);
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_STAT_CTRL_DISP), ==, 0);
    g_assert_cmphex(vram_rd32(f, SYNC) >> 30, ==, NV_DISP_NOTIFIER_FINISHED);
    g_assert_cmpuint(f->guest_errors, ==, 0);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);
}

/* Window 0's image: 64x32 XRGB8888 at addr (a VRAM offset in ctxdma iso). */
static void window_image(FakePlatform *f, Pb *w, uint32_t iso, uint32_t offset, bool bl)
{
    mthd(f, w, A_C57E_SET_CONTEXT_DMA_NOTIFIER, H_SYNC);
    mthd(f, w, A_C57E_SET_NOTIFIER_CONTROL, 0x80 >> 4 << 4);
    mthd(f, w, A_C57E_SET_SIZE, 64 | 32u << 16);
    mthd(f, w, A_C57E_SET_STORAGE, bl ? 0 : 1u << 4);
    mthd(f, w, A_C57E_SET_PARAMS, NV_DISP_FMT_A8R8G8B8);
    mthd(f, w, A_C57E_SET_PLANAR_STORAGE, 256 / 64);
    mthd(f, w, A_C57E_SET_CONTEXT_DMA_ISO, iso);
    mthd(f, w, A_C57E_SET_OFFSET, offset >> 8);
}

static void window_update(FakePlatform *f, Pb *w, bool with_core, uint32_t present)
{
    vram_wr32(f, SYNC + 0x80, 0);
    mthd(f, w, A_C57E_SET_PRESENT_CONTROL, present);
    mthd(f, w, A_C57E_SET_INTERLOCK_FLAGS, with_core);
    mthd(f, w, A_C57E_UPDATE, 1);
    kick(f, w);
}

/* The GOB layout written out (x in bytes): 64 x 8 rows, blocks one GOB high. */
static uint64_t ref_bl(uint64_t xb, uint64_t y, uint64_t width_bytes)
{
    uint64_t gob = ((xb % 64) / 32) << 8 | ((y % 8) / 2) << 6 | ((xb % 32) / 16) << 5 |
                   (y % 2) << 4 | (xb % 16);

    return ((y / 8) * (width_bytes / 64) + xb / 64) * 512 + gob;
}

static void test_window(void)
{
    FakePlatform *f = disp_new();
    uint32_t pix[64 * 32], got[64 * 32];
    NvScanout so;
    Pb c, w;

    disp_setup(f);
    c = modeset(f);
    w = chan_open(f, NV_DISP_ID_WIN(0), PB_WIN);
    for (unsigned i = 0; i < 64 * 32; i++) {
        pix[i] = 0xff000000u | i * 2654435761u >> 8;
        vram_wr32(f, SURF + (i / 64) * 256 + (i % 64) * 4, pix[i]);
        vram_wr32(f, SURF + 0x10000 + ref_bl((i % 64) * 4, i / 64, 256), pix[i]);
    }
    /* interlocked with the core: shown at the core's UPDATE, BEGUN written */
    window_image(f, &w, H_VRAM, SURF, false);
    window_update(f, &w, true, 0);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_cmpuint(so.planes, ==, 0);
    core_update(f, &c);
    g_assert_cmphex(vram_rd32(f, SYNC + 0x80) >> 30, ==, NV_DISP_NOTIFIER_BEGUN);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_cmpuint(so.planes, ==, 1);
    g_assert_cmphex(so.plane[0].addr, ==, SURF);
    g_assert_cmpuint(so.plane[0].pitch, ==, 256);
    g_assert_cmphex(so.plane[0].format, ==, NV_DISP_FMT_A8R8G8B8);
    g_assert_cmpuint(so.plane[0].src_w, ==, 64);
    g_assert_cmpuint(so.plane[0].src_h, ==, 32);
    g_assert_true(nvgpu_disp_read_plane(f->gpu, &so.plane[0], (uint8_t *)got, 256));
    g_assert_cmpmem(got, sizeof(got), pix, sizeof(pix));

    /* a flip waits for the vblank, then reads BEGUN; block linear reads back linear */
    window_image(f, &w, H_VRAM, SURF + 0x10000, true);
    window_update(f, &w, false, 1);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_cmphex(so.plane[0].addr, ==, SURF);
    g_assert_cmphex(vram_rd32(f, SYNC + 0x80), ==, 0);
    g_assert_true(f->disp_timer_armed);
    fake_advance(f, 20 * 1000 * 1000);
    g_assert_cmphex(vram_rd32(f, SYNC + 0x80) >> 30, ==, NV_DISP_NOTIFIER_BEGUN);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_cmphex(so.plane[0].addr, ==, SURF + 0x10000);
    g_assert_true(so.plane[0].block_linear);
    memset(got, 0, sizeof(got));
    g_assert_true(nvgpu_disp_read_plane(f->gpu, &so.plane[0], (uint8_t *)got, 256));
    g_assert_cmpmem(got, sizeof(got), pix, sizeof(pix));
    g_assert_cmpuint(f->guest_errors, ==, 0);
    fake_free(f);
}

static void test_vblank(void)
{
    FakePlatform *f = disp_new();
    uint32_t line0, line1;

    disp_setup(f);
    modeset(f);
    g_assert_false(f->disp_timer_armed);            /* nothing waits for a vblank */
    wr32(f, A_DISP_EN_HEAD_TIMING(0), 1u << 2);
    g_assert_true(f->disp_timer_armed);
    line0 = rd32(f, A_DISP_RG_DPCA(0));
    fake_advance(f, 1000 * 1000);                   /* 1 ms: about 48 lines */
    line1 = rd32(f, A_DISP_RG_DPCA(0));
    g_assert_cmpuint((line1 - line0 + 806) % 806, >=, 40);
    g_assert_cmpuint((line1 - line0 + 806) % 806, <=, 56);
    fake_advance(f, 17 * 1000 * 1000);
    g_assert_cmphex(rd32(f, A_DISP_EVT_HEAD_TIMING(0)) & 4, ==, 4);
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_DISPATCH), ==, 1);
    g_assert_true(f->disp_timer_armed);             /* the next one */
    wr32(f, A_DISP_EVT_HEAD_TIMING(0), 4);
    wr32(f, A_DISP_EN_HEAD_TIMING(0), 0);
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_DISPATCH), ==, 0);
    fake_advance(f, 17 * 1000 * 1000);
    g_assert_cmphex(rd32(f, A_DISP_EVT_HEAD_TIMING(0)), ==, 0);
    fake_free(f);
}

/* The exception of channel id: reason and method, then the restart. */
static void expect_exception(FakePlatform *f, uint32_t id, uint32_t reason, uint32_t m,
                             unsigned kind)
{
    uint32_t e = rd32(f, A_DISP_FE_EXCEPT(id));

    g_assert_cmpuint(e >> 12 & 7, ==, reason);
    g_assert_cmphex((e & 0xfff) << 2, ==, m);
    g_assert_cmpuint(f->last_error_kind, ==, kind);
    wr32(f, A_DISP_FE_EXCEPT(id), 0x90000000);
    g_assert_cmphex(rd32(f, A_DISP_FE_EXCEPT(id)), ==, 0);
}

static void test_bad_input(void)
{
    FakePlatform *f = disp_new();
    NvScanout so;
    Pb c, w;

    disp_setup(f);
    c = modeset(f);
    /* a method the core class does not have: exception, halted until restarted */
    mthd(f, &c, 0x0100, 0x1234);
    mthd(f, &c, HEAD(A_C57D_HEAD_SET_DITHER_CONTROL), 5);
    kick(f, &c);
    g_assert_cmphex(rd32(f, A_DISP_EVT_EXC_OTHER), ==, 1);
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_DISPATCH), ==, 1u << 11);
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + A_C57D_HEAD_SET_DITHER_CONTROL), ==, 0);
    g_assert_cmpuint(rd32(f, A_DISP_FE_EXCEPTARG(0)), ==, 0x1234);
    expect_exception(f, 0, NV_DISP_EXC_RESERVED_METHOD, 0x100, NV_ERR_DISP_BAD_METHOD);
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + A_C57D_HEAD_SET_DITHER_CONTROL), ==, 5);
    wr32(f, A_DISP_EVT_EXC_OTHER, 1);

    /* a pushbuffer jumping to itself: refused, the channel does not spin */
    emit(f, &c, 1u << 29 | c.put);
    emit(f, &c, 0);
    kick(f, &c);
    expect_exception(f, 0, NV_DISP_EXC_PUSHBUFFER_ERR, 0, NV_ERR_DISP_PUSHBUFFER);
    g_assert_cmphex(rd32(f, NV_DISP_CORE_USER + NV_DISP_USER_GET), ==, c.put);

    /* a surface past its context DMA, an unknown handle: nothing is shown */
    w = chan_open(f, NV_DISP_ID_WIN(0), PB_WIN);
    window_image(f, &w, H_SMALL, 0xff000, false);    /* 8 KiB at 1 MiB - 4 KiB */
    window_update(f, &w, false, 0);
    g_assert_cmphex(rd32(f, A_DISP_EVT_EXC_WIN), ==, 1);
    expect_exception(f, 1, NV_DISP_EXC_INVALID_ARG, A_C57E_SET_OFFSET, NV_ERR_DISP_SURFACE);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_cmpuint(so.planes, ==, 0);
    window_image(f, &w, 0xdead, SURF, false);
    window_update(f, &w, false, 0);
    expect_exception(f, 1, NV_DISP_EXC_UNRESOLVABLE_HANDLE, A_C57E_SET_CONTEXT_DMA_ISO,
                     NV_ERR_DISP_HANDLE);
    window_image(f, &w, H_SMALL, 0, false);
    window_update(f, &w, false, 0);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_cmpuint(so.planes, ==, 1);
    g_assert_cmphex(so.plane[0].addr, ==, SURF);

    /* a supervisor restart with none pending */
    wr32(f, A_DISP_FE_SUPERVISOR_MAIN, 0x80000000);
    g_assert_cmpuint(f->last_error_kind, ==, NV_ERR_DISP_SUPERVISOR);
    g_assert_cmphex(rd32(f, A_DISP_RM_INTR_STAT_CTRL_DISP), ==, 1u << 7);
    fake_free(f);
}

/* The cursor's image at (the hot spot's point) - (the hot spot), A1R5G5B5 widened. */
static void test_cursor(void)
{
    FakePlatform *f = disp_new();
    const uint32_t curs = NV_DISP_CHAN_USER(NV_DISP_ID_CURS(0));
    uint32_t got[32 * 32];
    NvScanout so;
    Pb c;

    disp_setup(f);
    c = modeset(f);
    for (unsigned i = 0; i < 32 * 32; i += 2) {
        vram_wr32(f, SURF + 2 * i, 0x7c00u << 16 | 0x8000u | 0x001f);  /* blue, clear red */
    }
    wr32(f, A_DISP_FE_CHNCTL(NV_DISP_ID_CURS(0)), 1);
    g_assert_cmpuint(rd32(f, curs + NV_DISP_CURS_FREE), >=, 4);
    wr32(f, curs + A_C57A_SET_CURSOR_HOT_SPOT_POINT_OUT, 100 | 50u << 16);
    wr32(f, curs + A_C57A_UPDATE, 1);
    mthd(f, &c, HEAD(A_C57D_HEAD_SET_CONTEXT_DMA_CURSOR), H_VRAM);
    mthd(f, &c, HEAD(A_C57D_HEAD_SET_OFFSET_CURSOR), SURF >> 8);
    mthd(f, &c, HEAD(A_C57D_HEAD_SET_CONTROL_CURSOR),
         1u << 31 | 2u << 12 | 3u << 20 | NV_DISP_FMT_A1R5G5B5);
    core_update(f, &c);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_true(so.cursor);
    g_assert_cmpuint(so.cursor_size, ==, 32);
    g_assert_cmpint(so.cursor_x, ==, 98);
    g_assert_cmpint(so.cursor_y, ==, 47);
    g_assert_true(nvgpu_disp_read_cursor(f->gpu, &so, got));
    g_assert_cmphex(got[0], ==, 0xff0000ff);
    g_assert_cmphex(got[1], ==, 0);
    /* an image past its context DMA: the core's exception, no cursor */
    mthd(f, &c, HEAD(A_C57D_HEAD_SET_OFFSET_CURSOR), (uint32_t)((VRAM - 0x400) >> 8));    /* 2 KiB in 1 */
    core_update(f, &c);
    nvgpu_disp_scanout(f->gpu, 0, &so);
    g_assert_false(so.cursor);
    expect_exception(f, 0, NV_DISP_EXC_INVALID_ARG, A_C57D_HEAD_SET_CONTROL_CURSOR,
                     NV_ERR_DISP_SURFACE);
    fake_free(f);
}

/* ---- DDC: an I2C master bit-banging the port as nouveau's i2c-algo-bit does ---- */

static void i2c_set(FakePlatform *f, bool scl, bool sda)
{
    wr32(f, A_I2C_PORT(0), scl | sda << 1);
}

static bool i2c_sda(FakePlatform *f)
{
    return rd32(f, A_I2C_PORT(0)) >> 5 & 1;
}

static void i2c_start(FakePlatform *f)
{
    i2c_set(f, 1, 1);
    i2c_set(f, 1, 0);
    i2c_set(f, 0, 0);
}

static void i2c_stop(FakePlatform *f)
{
    i2c_set(f, 0, 0);
    i2c_set(f, 1, 0);
    i2c_set(f, 1, 1);
}

/* Sends a byte; returns whether the slave acknowledged. */
static bool i2c_write(FakePlatform *f, uint8_t b)
{
    bool ack;

    for (int i = 7; i >= 0; i--) {
        i2c_set(f, 0, b >> i & 1);
        i2c_set(f, 1, b >> i & 1);
        i2c_set(f, 0, b >> i & 1);
    }
    i2c_set(f, 0, 1);
    i2c_set(f, 1, 1);
    ack = !i2c_sda(f);
    i2c_set(f, 0, 1);
    return ack;
}

static uint8_t i2c_read(FakePlatform *f, bool last)
{
    uint8_t b = 0;

    for (int i = 0; i < 8; i++) {
        i2c_set(f, 0, 1);
        i2c_set(f, 1, 1);
        b = b << 1 | i2c_sda(f);
        i2c_set(f, 0, 1);
    }
    i2c_set(f, 0, last);
    i2c_set(f, 1, last);
    i2c_set(f, 0, last);
    return b;
}

static void test_ddc(void)
{
    FakePlatform *f = disp_new();
    uint8_t edid[256], got[256];

    for (unsigned i = 0; i < sizeof(edid); i++) {
        edid[i] = (uint8_t)(i * 7 + 3);
    }
    nvgpu_disp_set_edid(f->gpu, edid, sizeof(edid));
    wr32(f, A_I2C_PORT(0), 7);
    g_assert_cmphex(rd32(f, A_I2C_PORT(0)) & 0x33, ==, 0x33);  /* both lines high */
    /* nobody at 0x51: no ACK */
    i2c_start(f);
    g_assert_false(i2c_write(f, 0x51 << 1));
    i2c_stop(f);
    /* offset 0x70, then a repeated START and 0x20 bytes across the block boundary */
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1));
    g_assert_true(i2c_write(f, 0x70));
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1 | 1));
    for (unsigned i = 0; i < 0x20; i++) {
        got[i] = i2c_read(f, i == 0x1f);
    }
    i2c_stop(f);
    g_assert_cmpmem(got, 0x20, edid + 0x70, 0x20);
    /* the next transfer starts where it is told, not where the last ended */
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1));
    g_assert_true(i2c_write(f, 0));
    i2c_stop(f);
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1 | 1));
    got[0] = i2c_read(f, true);
    i2c_stop(f);
    g_assert_cmphex(got[0], ==, edid[0]);
    /* E-DDC: segment 1 (bytes 256..) is past this 256-byte EDID: a released bus */
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x30 << 1));
    g_assert_true(i2c_write(f, 1));
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1));
    g_assert_true(i2c_write(f, 0));
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1 | 1));
    got[0] = i2c_read(f, true);
    i2c_stop(f);
    g_assert_cmphex(got[0], ==, 0xff);
    /* the STOP ended the segment: segment 0 again */
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1));
    g_assert_true(i2c_write(f, 5));
    i2c_start(f);
    g_assert_true(i2c_write(f, 0x50 << 1 | 1));
    got[0] = i2c_read(f, true);
    i2c_stop(f);
    g_assert_cmphex(got[0], ==, edid[5]);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);
}

/* A new EDID pulses the hot-plug line: both edges latched, PMC bit 21 when enabled. */
static void test_hotplug(void)
{
    FakePlatform *f = disp_new();
    const uint32_t line = NV_DISP_HPD_LINE;
    uint8_t edid[128] = { 0x00, 0xff };

    nvgpu_disp_set_edid(f->gpu, edid, sizeof(edid));
    nvgpu_reset(f->gpu);                            /* plugged in at power-on: no edge */
    g_assert_cmphex(rd32(f, A_GPIO_LINE(line)) & R_GPIO_LINE_SENSE_MASK, !=, 0);
    g_assert_cmphex(rd32(f, A_GPIO_INTR_0), ==, 0);
    wr32(f, A_GPIO_INTR_EN_0, 1u << line | 1u << (16 + line));
    wr32(f, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_GPIO);
    nvgpu_disp_set_edid(f->gpu, edid, sizeof(edid));            /* the same monitor */
    g_assert_cmphex(rd32(f, A_GPIO_INTR_0), ==, 0);
    edid[2] = 1;
    nvgpu_disp_set_edid(f->gpu, edid, sizeof(edid));
    g_assert_cmphex(rd32(f, A_GPIO_INTR_0), ==, 1u << line | 1u << (16 + line));
    g_assert_cmphex(rd32(f, A_PMC_INTR_0) & NV_PMC_INTR_GPIO, ==, NV_PMC_INTR_GPIO);
    g_assert_true(nvgpu_irq_level(f->gpu));
    g_assert_cmphex(rd32(f, A_GPIO_LINE(line)) & R_GPIO_LINE_SENSE_MASK, !=, 0);
    wr32(f, A_GPIO_INTR_0, 1u << line | 1u << (16 + line));
    g_assert_cmphex(rd32(f, A_PMC_INTR_0) & NV_PMC_INTR_GPIO, ==, 0);
    fake_free(f);
}

/* The Tesla T4's display is fused off: its display registers do not exist. */
static void test_fused_off(void)
{
    FakePlatform *f = fake_new(VRAM);
    NvScanout so;

    g_assert_cmphex(rd32(f, A_FUSE_OPT_DISP_DISABLE), ==, 1);
    g_assert_cmphex(rd32(f, A_DISP_FE_HW_SYS_CAP), ==, 0);
    g_assert_cmpuint(f->unimp_count, ==, 1);
    g_assert_false(nvgpu_disp_scanout(f->gpu, 0, &so));
    fake_free(f);

    f = disp_new();
    g_assert_cmphex(rd32(f, A_FUSE_OPT_DISP_DISABLE), ==, 0);
    g_assert_cmphex(rd32(f, A_DISP_FE_HW_SYS_CAP), ==, 0x101);
    g_assert_cmphex(rd32(f, A_DISP_FE_HW_SYS_CAPB), ==, 0x3);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/disp/fused-off", test_fused_off);
    g_test_add_func("/disp/ddc", test_ddc);
    g_test_add_func("/disp/hotplug", test_hotplug);
    g_test_add_func("/disp/modeset", test_modeset);
    g_test_add_func("/disp/window", test_window);
    g_test_add_func("/disp/vblank", test_vblank);
    g_test_add_func("/disp/cursor", test_cursor);
    g_test_add_func("/disp/bad-input", test_bad_input);
    return g_test_run();
}
