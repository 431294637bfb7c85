/*
 * qtests of the nvidia-gpu display: a register-level modeset as nouveau
 * performs it (instance memory, RAMHT and context DMAs in VRAM, the core
 * channel's pushbuffer, UPDATE, the three supervisor stages, the core
 * notifier), a window showing a pattern the test wrote to VRAM, and QMP
 * screendumps of QEMU's console compared pixel by pixel: XRGB8888 (shown
 * from VRAM directly) and R5G6B5 (converted by pixman), then with a
 * cursor composited over it (premultiplied, half its columns clear,
 * partly off the screen). And the headless
 * Tesla T4 (display=off) has no display registers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "libqtest.h"
#include "hw/nvidia/cl-c57a.h"
#include "hw/nvidia/cl-c57b.h"
#include "hw/nvidia/cl-c57d.h"
#include "hw/nvidia/cl-c57e.h"
#include "hw/nvidia/nv-disp.h"
#include "hw/nvidia/nv-regs.h"
#include "nv-qtest.h"

#define W           320
#define H           200
#define INST        0x100000u       /* instance memory: RAMHT at +0, objects after */
#define OBJ_SYNC    0x2000u
#define OBJ_VRAM    0x2020u
#define SYNC        0x180000u
#define PB_CORE     0x200000u
#define PB_WIN      0x201000u
#define SURF        0x300000u
#define CURSOR      0x400000u
#define CURS_USER   NV_DISP_CHAN_USER(NV_DISP_ID_CURS(0))
#define H_SYNC      0xf0000000u
#define H_VRAM      0xfb000000u

typedef struct Pb {
    uint32_t id, base, put;
} Pb;

/* nouveau's RAMHT insertion: the handle folded in 10-bit pieces, chid << 6, probing. */
static void ramht_insert(Gpu *g, uint32_t chid, uint32_t handle, uint32_t obj)
{
    uint32_t hash = 0;

    for (uint32_t h = handle; h; h >>= 10) {
        hash ^= h & 0x3ff;
    }
    hash = (hash ^ chid << 6) & 0x3ff;
    while (vram_read32(g, INST + hash * 8)) {
        hash = (hash + 1) & 0x3ff;
    }
    vram_write32(g, INST + hash * 8, handle);
    vram_write32(g, INST + hash * 8 + 4, chid << 25 | 0x40 | obj << 9);
}

static void ctxdma(Gpu *g, uint32_t obj, uint64_t start, uint64_t limit)
{
    vram_write32(g, INST + obj, 0x5);               /* VRAM, read-write */
    vram_write32(g, INST + obj + 4, start >> 8);
    vram_write32(g, INST + obj + 8, start >> 40);
    vram_write32(g, INST + obj + 12, limit >> 8);
    vram_write32(g, INST + obj + 16, limit >> 40);
}

/* Instance memory and the RAMHT: SYNCBUF for core and window 0, the window's VRAM range. */
static void display_setup(Gpu *g, uint64_t vram_start, uint64_t vram_limit)
{
    wr(g, A_DISP_FE_INST_MEM0, 0x9);
    wr(g, A_DISP_FE_INST_MEM1, INST >> 16);
    wr(g, A_DISP_EN_CTRL_DISP, 0x187);
    wr(g, A_DISP_EN_EXC_WIN, 1);
    ctxdma(g, OBJ_SYNC, SYNC, SYNC + 0xfff);
    ctxdma(g, OBJ_VRAM, vram_start, vram_limit);
    ramht_insert(g, 0, H_SYNC, OBJ_SYNC);
    ramht_insert(g, 0, H_VRAM, OBJ_VRAM);
    for (uint32_t chid = 1; chid <= 2; chid++) {         /* windows 0 and 1 */
        ramht_insert(g, chid, H_SYNC, OBJ_SYNC);
        ramht_insert(g, chid, H_VRAM, OBJ_VRAM);
    }
}

static Pb chan_open(Gpu *g, uint32_t id, uint32_t base)
{
    Pb p = { .id = id, .base = base };

    wr(g, A_DISP_FE_PBBASEHI(id), 0);
    wr(g, A_DISP_FE_PBBASE(id), base >> 8 | 1);
    wr(g, A_DISP_FE_CHNCTL(id), 0x10);
    wr(g, id ? NV_DISP_CHAN_USER(id) : NV_DISP_CORE_USER, 0);
    wr(g, A_DISP_FE_CHNCTL(id), 0x13);
    return p;
}

static void mthd(Gpu *g, Pb *p, uint32_t m, uint32_t data)
{
    vram_write32(g, p->base + p->put, 1u << 18 | m);
    vram_write32(g, p->base + p->put + 4, data);
    p->put += 8;
}

static void kick(Gpu *g, Pb *p)
{
    wr(g, p->id ? NV_DISP_CHAN_USER(p->id) : NV_DISP_CORE_USER, p->put);
}

static void core_update(Gpu *g, Pb *c)
{
    vram_write32(g, SYNC, 0);
    mthd(g, c, A_C57D_SET_NOTIFIER_CONTROL, 1u << 12);
    mthd(g, c, A_C57D_UPDATE, 1);
    kick(g, c);
}

/* 320x200 at 60 Hz: 400x225 total at 5.4 MHz, active from (40, 10). */
static void modeset(Gpu *g, Pb *c)
{
    mthd(g, c, A_C57D_SET_CONTEXT_DMA_NOTIFIER, H_SYNC);
    mthd(g, c, A_C57D_SOR_SET_CONTROL, 0x1 | NV_DISP_PROTOCOL_SINGLE_TMDS_A << 8);
    mthd(g, c, A_C57D_WINDOW_SET_CONTROL, 0);
    mthd(g, c, A_C57D_HEAD_SET_PIXEL_CLOCK_FREQUENCY, 400 * 225 * 60);
    mthd(g, c, A_C57D_HEAD_SET_RASTER_SIZE, 400 | 225u << 16);
    mthd(g, c, A_C57D_HEAD_SET_RASTER_SYNC_END, 10 | 2u << 16);
    mthd(g, c, A_C57D_HEAD_SET_RASTER_BLANK_END, 40 | 10u << 16);
    mthd(g, c, A_C57D_HEAD_SET_RASTER_BLANK_START, (40 + W) | (10u + H) << 16);
    core_update(g, c);
    /* nouveau's supervisor work: each stage acked, its head word cleared, restarted */
    for (unsigned stage = 0; stage < 3; stage++) {
        g_assert_cmphex(rd(g, A_DISP_RM_INTR_STAT_CTRL_DISP), ==, 1u << stage);
        g_assert_cmphex(rd(g, A_DISP_FE_SUPERVISOR_HEAD(0)) & (1u << 12), ==, 1u << 12);
        g_assert_cmphex(vram_read32(g, SYNC), ==, 0);
        wr(g, A_DISP_EVT_CTRL_DISP, 1u << stage);
        wr(g, A_DISP_FE_SUPERVISOR_HEAD(0), 0);
        wr(g, A_DISP_FE_SUPERVISOR_MAIN, 0x80000000);
    }
    g_assert_cmphex(vram_read32(g, SYNC) >> 30, ==, NV_DISP_NOTIFIER_FINISHED);
    g_assert_cmphex(rd(g, NV_DISP_CORE_USER + NV_DISP_CORE_ARMED +
                       A_C57D_HEAD_SET_RASTER_SIZE), ==, 400 | 225u << 16);
}

/* A window's image: size, format, pitch, composition depth (larger: further back). */
typedef struct Image {
    uint32_t surf, width, height, format, pitch, depth;
} Image;

static void window_image(Gpu *g, Pb *w, const Image *im, bool with_core)
{
    vram_write32(g, SYNC + 0x40, 0);
    mthd(g, w, A_C57E_SET_CONTEXT_DMA_NOTIFIER, H_SYNC);
    mthd(g, w, A_C57E_SET_NOTIFIER_CONTROL, 0x40);      /* offset 0x40 */
    mthd(g, w, A_C57E_SET_PRESENT_CONTROL, 0x10);       /* IMMEDIATE */
    mthd(g, w, A_C57E_SET_SIZE, im->width | im->height << 16);
    mthd(g, w, A_C57E_SET_STORAGE, NV_DISP_LAYOUT_PITCH << 4);
    mthd(g, w, A_C57E_SET_PARAMS, im->format);
    mthd(g, w, A_C57E_SET_PLANAR_STORAGE, im->pitch / 64);
    mthd(g, w, A_C57E_SET_CONTEXT_DMA_ISO, H_VRAM);
    mthd(g, w, A_C57E_SET_OFFSET, im->surf >> 8);
    mthd(g, w, A_C57E_SET_COMPOSITION_CONTROL, im->depth << 4);
    mthd(g, w, A_C57E_SET_INTERLOCK_FLAGS, with_core);
    mthd(g, w, A_C57E_UPDATE, 1);
    kick(g, w);
}

static void window(Gpu *g, Pb *w, uint32_t format, uint32_t pitch, bool with_core)
{
    window_image(g, w, &(Image) { SURF, W, H, format, pitch, 255 }, with_core);
}

/* The test pattern's colour at (x, y): 8 bits per channel. */
static uint32_t pattern(unsigned x, unsigned y)
{
    return (x * 255 / (W - 1)) << 16 | (y * 255 / (H - 1)) << 8 | ((x ^ y) & 0xff);
}

static uint16_t to_565(uint32_t c)
{
    return (c >> 19 & 0x1f) << 11 | (c >> 10 & 0x3f) << 5 | (c >> 3 & 0x1f);
}

/* pixman widens by replicating the top bits */
static uint32_t from_565(uint16_t p)
{
    uint32_t r = p >> 11, gr = p >> 5 & 0x3f, b = p & 0x1f;

    return (r << 3 | r >> 2) << 16 | (gr << 2 | gr >> 4) << 8 | (b << 3 | b >> 2);
}

/* Takes a screendump and returns its pixels as 0xRRGGBB (W x H), checking the size. */
static uint32_t *screendump(Gpu *g)
{
    g_autofree char *path = NULL, *data = NULL;
    int fd = g_file_open_tmp("nvgpu-shot-XXXXXX.ppm", &path, NULL);
    uint32_t *px = g_new(uint32_t, W * H);
    unsigned w, h, maxval, n = 0;
    size_t len;

    close(fd);
    qtest_qmp_assert_success(g->qts, "{'execute': 'screendump', "
                             "'arguments': {'filename': %s}}", path);
    g_assert_true(g_file_get_contents(path, &data, &len, NULL));
    unlink(path);
    g_assert_cmpint(sscanf(data, "P6 %u %u %u%n", &w, &h, &maxval, &n), ==, 3);
    g_assert_cmpuint(w, ==, W);
    g_assert_cmpuint(h, ==, H);
    g_assert_cmpuint(maxval, ==, 255);
    g_assert_cmpuint(len, ==, n + 1 + W * H * 3);
    for (unsigned i = 0; i < W * H; i++) {
        const uint8_t *p = (const uint8_t *)data + n + 1 + i * 3;

        px[i] = p[0] << 16 | p[1] << 8 | p[2];
    }
    return px;
}

static void test_modeset_screendump(void)
{
    g_autofree uint32_t *img = g_new(uint32_t, W * H);
    g_autofree uint16_t *img16 = g_new(uint16_t, W * H);
    uint32_t *shot;
    Gpu g;
    Pb c, w;

    gpu_start(&g, "q35", NULL);
    display_setup(&g, 0, (256ull << 20) - 1);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            img[y * W + x] = 0xff000000u | pattern(x, y);
            img16[y * W + x] = to_565(pattern(x, y));
        }
    }
    vram_write_buf(&g, SURF, img, W * H * 4);

    c = chan_open(&g, NV_DISP_ID_CORE, PB_CORE);
    modeset(&g, &c);
    w = chan_open(&g, NV_DISP_ID_WIN(0), PB_WIN);
    window(&g, &w, NV_DISP_FMT_A8R8G8B8, W * 4, true);
    g_assert_cmphex(vram_read32(&g, SYNC + 0x40), ==, 0);     /* waits for the core */
    core_update(&g, &c);
    g_assert_cmphex(vram_read32(&g, SYNC + 0x40) >> 30, ==, NV_DISP_NOTIFIER_BEGUN);
    shot = screendump(&g);
    for (unsigned i = 0; i < W * H; i++) {
        g_assert_cmphex(shot[i], ==, img[i] & 0xffffff);
    }
    g_free(shot);

    /* the same picture in R5G6B5, flipped at once: pixman converts it */
    vram_write_buf(&g, SURF, img16, W * H * 2);
    window(&g, &w, NV_DISP_FMT_R5G6B5, W * 2, false);
    g_assert_cmphex(vram_read32(&g, SYNC + 0x40) >> 30, ==, NV_DISP_NOTIFIER_BEGUN);
    shot = screendump(&g);
    for (unsigned i = 0; i < W * H; i++) {
        g_assert_cmphex(shot[i], ==, from_565(img16[i]));
    }
    g_free(shot);

    /* a 32x32 cursor: opaque green on the left half, clear on the right, hot spot (1, 2) */
    for (unsigned i = 0; i < 32 * 32; i++) {
        vram_write32(&g, CURSOR + 4 * i, i % 32 < 16 ? 0xff00ff00u : 0);
    }
    wr(&g, A_DISP_FE_CHNCTL(NV_DISP_ID_CURS(0)), 1);
    wr(&g, CURS_USER + A_C57A_SET_CURSOR_HOT_SPOT_POINT_OUT, (W - 8 + 1) | 2u << 16);
    wr(&g, CURS_USER + A_C57A_UPDATE, 1);
    mthd(&g, &c, A_C57D_HEAD_SET_CONTEXT_DMA_CURSOR, H_VRAM);
    mthd(&g, &c, A_C57D_HEAD_SET_OFFSET_CURSOR, CURSOR >> 8);
    mthd(&g, &c, A_C57D_HEAD_SET_CONTROL_CURSOR,
         1u << 31 | 1u << 12 | 2u << 20 | NV_DISP_FMT_A8R8G8B8);
    core_update(&g, &c);
    shot = screendump(&g);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            bool green = x >= W - 8 && y < 32;      /* the image starts at (W - 8, 0) */

            g_assert_cmphex(shot[y * W + x], ==, green ? 0x00ff00 : from_565(img16[y * W + x]));
        }
    }
    g_free(shot);
    g_assert_cmpuint(gpu_guest_errors(&g, "disp_surface"), ==, 0);
    gpu_stop(&g);
}

/*
 * Two windows: a small overlay in front of the full-screen one at the
 * position its window-immediate channel gives; moved behind it, it is gone.
 */
static void test_overlay(void)
{
    const uint32_t OV = 0x500000, OW = 64, OH = 32, X = 100, Y = 50;
    g_autofree uint32_t *img = g_new(uint32_t, W * H);
    uint32_t *shot;
    Gpu g;
    Pb c, w0, w1;

    gpu_start(&g, "q35", NULL);
    display_setup(&g, 0, (256ull << 20) - 1);
    for (unsigned i = 0; i < W * H; i++) {
        img[i] = 0xff000000u | pattern(i % W, i / W);
    }
    vram_write_buf(&g, SURF, img, W * H * 4);
    for (unsigned i = 0; i < OW * OH; i++) {
        vram_write32(&g, OV + 4 * i, 0xff123456u);
    }
    c = chan_open(&g, NV_DISP_ID_CORE, PB_CORE);
    modeset(&g, &c);
    mthd(&g, &c, A_C57D_WINDOW_SET_CONTROL + A_C57D_WINDOW_SET_CONTROL_STRIDE, 0);
    core_update(&g, &c);                                /* window 1 on head 0 too */
    w0 = chan_open(&g, NV_DISP_ID_WIN(0), PB_WIN);
    window(&g, &w0, NV_DISP_FMT_A8R8G8B8, W * 4, false);
    w1 = chan_open(&g, NV_DISP_ID_WIN(1), PB_WIN + 0x1000);
    window_image(&g, &w1, &(Image) { OV, OW, OH, NV_DISP_FMT_A8R8G8B8, OW * 4, 254 }, false);
    /* the position through the window-immediate channel's pushbuffer */
    {
        Pb im = chan_open(&g, NV_DISP_ID_WIMM(1), PB_WIN + 0x2000);

        mthd(&g, &im, A_C57B_SET_POINT_OUT, X | Y << 16);
        mthd(&g, &im, A_C57B_UPDATE, 1);
        kick(&g, &im);
    }
    shot = screendump(&g);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            bool in = x >= X && x < X + OW && y >= Y && y < Y + OH;

            g_assert_cmphex(shot[y * W + x], ==, in ? 0x123456 : pattern(x, y));
        }
    }
    g_free(shot);
    /* behind the full-screen window */
    window_image(&g, &w1, &(Image) { OV, OW, OH, NV_DISP_FMT_A8R8G8B8, OW * 4, 255 }, false);
    window_image(&g, &w0, &(Image) { SURF, W, H, NV_DISP_FMT_A8R8G8B8, W * 4, 254 }, false);
    shot = screendump(&g);
    for (unsigned i = 0; i < W * H; i++) {
        g_assert_cmphex(shot[i], ==, pattern(i % W, i / W));
    }
    g_free(shot);
    gpu_stop(&g);
}

/* A window past VRAM: the window's exception, nothing read, the console blank. */
static void test_bad_surface(void)
{
    Gpu g;
    Pb c, w;

    gpu_start(&g, "q35", NULL);
    display_setup(&g, (256ull << 20) - 0x1000, (256ull << 20) - 1);    /* its last page */
    c = chan_open(&g, NV_DISP_ID_CORE, PB_CORE);
    modeset(&g, &c);
    w = chan_open(&g, NV_DISP_ID_WIN(0), PB_WIN);
    window(&g, &w, NV_DISP_FMT_A8R8G8B8, W * 4, false);
    g_assert_cmphex(rd(&g, A_DISP_EVT_EXC_WIN), ==, 1);
    g_assert_cmphex(rd(&g, A_DISP_RM_INTR_DISPATCH) & (1u << 9), ==, 1u << 9);
    g_assert_cmpuint(rd(&g, A_DISP_FE_EXCEPT(1)) >> 12 & 7, ==, NV_DISP_EXC_INVALID_ARG);
    g_assert_cmpuint(gpu_guest_errors(&g, "disp_surface"), ==, 1);
    g_free(screendump(&g));                     /* the head is on, the plane black */

    /* a 32000x32000 mode: QEMU shows the blank screen instead of allocating 4 GB */
    mthd(&g, &c, A_C57D_HEAD_SET_RASTER_SIZE, 32760 | 32760u << 16);
    mthd(&g, &c, A_C57D_HEAD_SET_RASTER_BLANK_START, 32040 | 32010u << 16);
    core_update(&g, &c);
    for (unsigned stage = 0; stage < 3; stage++) {
        wr(&g, A_DISP_EVT_CTRL_DISP, 1u << stage);
        wr(&g, A_DISP_FE_SUPERVISOR_MAIN, 0x80000000);
    }
    g_assert_cmphex(vram_read32(&g, SYNC) >> 30, ==, NV_DISP_NOTIFIER_FINISHED);
    {
        g_autofree char *path = NULL, *data = NULL;
        int fd = g_file_open_tmp("nvgpu-shot-XXXXXX.ppm", &path, NULL);
        unsigned width = 0, height = 0;

        close(fd);
        qtest_qmp_assert_success(g.qts, "{'execute': 'screendump', "
                                 "'arguments': {'filename': %s}}", path);
        g_assert_true(g_file_get_contents(path, &data, NULL, NULL));
        unlink(path);
        g_assert_cmpint(sscanf(data, "P6 %u %u", &width, &height), ==, 2);
        g_assert_cmpuint(width, <, 32000);
        g_assert_cmpuint(height, <, 32000);
    }
    gpu_stop(&g);
}

static void test_headless(void)
{
    Gpu g;

    gpu_start(&g, "q35", "-global nvidia-gpu.display=off");
    g_assert_cmphex(rd(&g, A_FUSE_OPT_DISP_DISABLE), ==, 1);
    g_assert_cmphex(rd(&g, A_DISP_FE_HW_SYS_CAP), ==, 0);
    wr(&g, A_DISP_FE_CHNCTL(0), 0x13);
    g_assert_cmphex(rd(&g, A_DISP_FE_CHNSTATUS_CORE), ==, 0);
    gpu_stop(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/display/modeset-screendump", test_modeset_screendump);
    qtest_add_func("/nvidia-gpu/display/overlay", test_overlay);
    qtest_add_func("/nvidia-gpu/display/bad-surface", test_bad_surface);
    qtest_add_func("/nvidia-gpu/display/headless", test_headless);
    return g_test_run();
}
