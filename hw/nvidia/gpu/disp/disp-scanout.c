/*
 * What the heads scan out: a window's armed surface, resolved through its
 * context DMA and checked against it and VRAM when it is armed (a bad one
 * raises the window's exception and shows nothing), and the front ends'
 * view of it (nvgpu.h: nvgpu_disp_scanout, nvgpu_disp_read_plane), and
 * the monitor's EDID.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/cl-c57a.h"
#include "hw/nvidia/cl-c57b.h"
#include "hw/nvidia/cl-c57d.h"
#include "hw/nvidia/cl-c57e.h"
#include "hw/nvidia/nv-blocklinear.h"
#include "disp.h"

/* Bytes per pixel of a window format; 0: not one the model scans out. */
static uint32_t format_bpp(uint32_t format)
{
    switch (format) {
    case NV_DISP_FMT_I8:
        return 1;
    case NV_DISP_FMT_R5G6B5:
    case NV_DISP_FMT_A1R5G5B5:
        return 2;
    case NV_DISP_FMT_A8R8G8B8:
    case NV_DISP_FMT_A8B8G8R8:
    case NV_DISP_FMT_A2B10G10R10:
    case NV_DISP_FMT_A2R10G10B10:
        return 4;
    case NV_DISP_FMT_RF16_GF16_BF16_AF16:
        return 8;
    }
    return 0;
}

static void bad_surface(NvGpu *gpu, NvDispChan *c, uint32_t mthd, uint32_t data,
                        uint32_t reason, const char *what)
{
    nv_disp_exception(gpu, c, reason, mthd, data, NV_ERR_DISP_SURFACE, what);
}

/* The bytes a surface spans from its start (0 if its geometry overflows). */
static uint64_t surface_span(const NvDispSurface *s)
{
    uint64_t rows = s->height;

    if (s->block_linear) {
        uint64_t block_rows = (uint64_t)NV_GOB_HEIGHT << s->block_height_log2;

        rows = (rows + block_rows - 1) / block_rows * block_rows;
    }
    return (uint64_t)s->pitch * rows;
}

static bool surface_geometry(NvDispSurface *s, const uint32_t *a)
{
    uint32_t size = a[A_C57E_SET_SIZE / 4], storage = a[A_C57E_SET_STORAGE / 4];
    uint32_t in = a[A_C57E_SET_POINT_IN / 4], size_in = a[A_C57E_SET_SIZE_IN / 4];

    s->format = NV_FEX32(a[A_C57E_SET_PARAMS / 4], C57E_SET_PARAMS, FORMAT);
    s->bpp = format_bpp(s->format);
    s->width = NV_FEX32(size, C57E_SET_SIZE, WIDTH);
    s->height = NV_FEX32(size, C57E_SET_SIZE, HEIGHT);
    s->block_linear = NV_FEX32(storage, C57E_SET_STORAGE, MEMORY_LAYOUT) != NV_DISP_LAYOUT_PITCH;
    s->block_height_log2 = NV_FEX32(storage, C57E_SET_STORAGE, BLOCK_HEIGHT);
    /* pitch layout: bytes / 64; block linear: the width in 64-byte GOBs */
    s->pitch = NV_FEX32(a[A_C57E_SET_PLANAR_STORAGE / 4], C57E_SET_PLANAR_STORAGE, PITCH) *
               NV_GOB_WIDTH;
    s->src_x = NV_FEX32(in, C57E_SET_POINT_IN, X);
    s->src_y = NV_FEX32(in, C57E_SET_POINT_IN, Y);
    s->src_w = NV_FEX32(size_in, C57E_SET_SIZE_IN, WIDTH);
    s->src_h = NV_FEX32(size_in, C57E_SET_SIZE_IN, HEIGHT);
    if (!s->src_w || !s->src_h) {
        s->src_w = s->width - (s->src_x < s->width ? s->src_x : s->width);
        s->src_h = s->height - (s->src_y < s->height ? s->src_y : s->height);
    }
    return s->bpp && s->width && s->height && s->block_height_log2 <= NV_BL_LOG2_MAX &&
           (uint64_t)s->width * s->bpp <= s->pitch &&
           (uint64_t)s->src_x + s->src_w <= s->width &&
           (uint64_t)s->src_y + s->src_h <= s->height;
}

void nv_disp_window_latch(NvGpu *gpu, NvDispChan *c)
{
    NvDispSurface *s = &gpu->disp->surf[c->unit];
    const uint32_t *a = c->armed;
    uint32_t iso = a[A_C57E_SET_CONTEXT_DMA_ISO / 4];
    uint64_t start, limit, span;

    *s = (NvDispSurface) { 0 };
    if (!iso) {
        return;                         /* the window shows nothing */
    }
    if (!nv_disp_ctxdma(gpu, c->id, iso, &start, &limit)) {
        nv_disp_exception(gpu, c, NV_DISP_EXC_UNRESOLVABLE_HANDLE, A_C57E_SET_CONTEXT_DMA_ISO,
                          iso, NV_ERR_DISP_HANDLE, "a surface context DMA that resolves to "
                          "no VRAM range");
        return;
    }
    if (!surface_geometry(s, a)) {
        bad_surface(gpu, c, A_C57E_SET_PARAMS, a[A_C57E_SET_PARAMS / 4],
                    NV_DISP_EXC_INVALID_ARG, "a surface of an unknown format or impossible "
                    "size, pitch or source rectangle");
        s->valid = false;
        return;
    }
    s->addr = start + ((uint64_t)a[A_C57E_SET_OFFSET / 4] << NV_DISP_CTXDMA_SHIFT);
    span = surface_span(s);
    if (s->addr < start || s->addr > limit || span > limit - s->addr + 1) {
        bad_surface(gpu, c, A_C57E_SET_OFFSET, a[A_C57E_SET_OFFSET / 4],
                    NV_DISP_EXC_INVALID_ARG, "a surface that runs past its context DMA");
        s->valid = false;
        return;
    }
    s->valid = true;
}

#define CURSOR_MIN  32      /* HEAD_SET_CONTROL_CURSOR SIZE: 32 << n pixels square */

/* The armed cursor of each head: its image through the core's context DMA. */
void nv_disp_cursor_latch(NvGpu *gpu)
{
    NvDispChan *core = &gpu->disp->chan[NV_DCH_CORE];

    for (unsigned h = 0; h < NV_DISP_HEADS; h++) {
        NvDispSurface *s = &gpu->disp->cursor[h];
        uint32_t hs = h * A_C57D_HEAD_SET_PROCAMP_STRIDE;
        uint32_t ctl = core->armed[(A_C57D_HEAD_SET_CONTROL_CURSOR + hs) / 4];
        uint32_t handle = core->armed[(A_C57D_HEAD_SET_CONTEXT_DMA_CURSOR + hs) / 4];
        uint32_t offset = core->armed[(A_C57D_HEAD_SET_OFFSET_CURSOR + hs) / 4];
        uint64_t start, limit;

        *s = (NvDispSurface) { 0 };
        if (!NV_FEX32(ctl, C57D_HEAD_SET_CONTROL_CURSOR, ENABLE)) {
            continue;
        }
        s->format = NV_FEX32(ctl, C57D_HEAD_SET_CONTROL_CURSOR, FORMAT);
        s->src_x = NV_FEX32(ctl, C57D_HEAD_SET_CONTROL_CURSOR, HOT_SPOT_X);
        s->src_y = NV_FEX32(ctl, C57D_HEAD_SET_CONTROL_CURSOR, HOT_SPOT_Y);
        s->width = s->height = CURSOR_MIN << NV_FEX32(ctl, C57D_HEAD_SET_CONTROL_CURSOR, SIZE);
        s->bpp = s->format == NV_DISP_FMT_A1R5G5B5 ? 2 : 4;
        s->pitch = s->width * s->bpp;
        if (!nv_disp_ctxdma(gpu, 0, handle, &start, &limit)) {
            nv_disp_exception(gpu, core, NV_DISP_EXC_UNRESOLVABLE_HANDLE,
                              A_C57D_HEAD_SET_CONTEXT_DMA_CURSOR + hs, handle,
                              NV_ERR_DISP_HANDLE, "a cursor context DMA that resolves to no "
                              "VRAM range");
            continue;
        }
        s->addr = start + ((uint64_t)offset << NV_DISP_CTXDMA_SHIFT);
        if ((s->format != NV_DISP_FMT_A8R8G8B8 && s->format != NV_DISP_FMT_A1R5G5B5) ||
            s->addr > limit || (uint64_t)s->pitch * s->height > limit - s->addr + 1) {
            bad_surface(gpu, core, A_C57D_HEAD_SET_CONTROL_CURSOR + hs, ctl,
                        NV_DISP_EXC_INVALID_ARG, "a cursor of an unknown format or past "
                        "its context DMA");
            continue;
        }
        s->valid = true;
    }
}

/* A1R5G5B5 as premultiplied ARGB: opaque or nothing. */
static uint32_t argb_from_1555(uint16_t p)
{
    uint32_t r = p >> 10 & 0x1f, g = p >> 5 & 0x1f, b = p & 0x1f;

    if (!(p & 0x8000)) {
        return 0;
    }
    return 0xff000000u | (r << 3 | r >> 2) << 16 | (g << 3 | g >> 2) << 8 | (b << 3 | b >> 2);
}

bool nvgpu_disp_read_cursor(NvGpu *gpu, const NvScanout *so, uint32_t *argb)
{
    uint32_t n = so->cursor_size * so->cursor_size;

    if (!so->cursor) {
        return false;
    }
    if (so->cursor_format == NV_DISP_FMT_A8R8G8B8) {
        return nvgpu_vram_read(gpu, so->cursor_addr, argb, n * 4ull);
    }
    for (uint32_t i = 0; i < n; i++) {
        uint16_t p;

        if (!nvgpu_vram_read(gpu, so->cursor_addr + 2ull * i, &p, 2)) {
            return false;
        }
        argb[i] = argb_from_1555(p);
    }
    return true;
}

/* ---- front ends ---- */

static bool shows(NvDisp *d, unsigned w, unsigned h)
{
    const uint32_t *core = d->chan[NV_DCH_CORE].armed;
    uint32_t ctl = core[(A_C57D_WINDOW_SET_CONTROL + w * A_C57D_WINDOW_SET_CONTROL_STRIDE) / 4];

    return NV_FEX32(ctl, C57D_WINDOW_SET_CONTROL, OWNER) == h && d->surf[w].valid;
}

/* Composition depth: the larger, the further back (nouveau: 255 - zpos). */
static uint32_t depth(NvDisp *d, unsigned w)
{
    return NV_FEX32(d->chan[NV_DCH_WIN0 + w].armed[A_C57E_SET_COMPOSITION_CONTROL / 4],
                    C57E_SET_COMPOSITION_CONTROL, DEPTH);
}

static void add_plane(NvDisp *d, unsigned w, NvScanoutPlane *p)
{
    const NvDispSurface *s = &d->surf[w];
    uint32_t at = d->chan[NV_DCH_WIMM0 + w].armed[A_C57B_SET_POINT_OUT / 4];

    *p = (NvScanoutPlane) {
        .format = s->format, .bpp = s->bpp, .addr = s->addr, .pitch = s->pitch,
        .block_linear = s->block_linear, .block_height_log2 = s->block_height_log2,
        .surface_height = s->height, .src_x = s->src_x, .src_y = s->src_y,
        .src_w = s->src_w, .src_h = s->src_h,
        .dst_x = (int16_t)NV_FEX32(at, C57B_SET_POINT_OUT, X),
        .dst_y = (int16_t)NV_FEX32(at, C57B_SET_POINT_OUT, Y),
    };
}

/* The windows head h shows, back to front (equal depths: the lower window behind). */
static void head_planes(NvDisp *d, unsigned h, NvScanout *out)
{
    unsigned order[NV_DISP_WINDOWS], n = 0;

    for (unsigned w = 0; w < NV_DISP_WINDOWS; w++) {
        unsigned i = n;

        if (!shows(d, w, h)) {
            continue;
        }
        n++;
        for (; i > 0 && depth(d, order[i - 1]) < depth(d, w); i--) {
            order[i] = order[i - 1];
        }
        order[i] = w;
    }
    for (unsigned i = 0; i < n && i < NV_SCANOUT_PLANES; i++) {
        add_plane(d, order[i], &out->plane[out->planes++]);
    }
}

bool nvgpu_disp_scanout(NvGpu *gpu, unsigned head, NvScanout *out)
{
    NvDisp *d = gpu->disp;

    memset(out, 0, sizeof(*out));
    if (!d || head >= NV_DISP_HEADS) {
        return false;
    }
    out->generation = d->generation;
    out->active = nv_disp_head_active(d, head);
    if (!out->active) {
        return true;
    }
    nv_disp_head_size(d, head, &out->width, &out->height);
    out->refresh_mhz = nv_disp_refresh_mhz(d, head);
    if (d->cursor[head].valid) {
        uint32_t at = d->chan[NV_DCH_CURS0 + head].armed[A_C57A_SET_CURSOR_HOT_SPOT_POINT_OUT / 4];

        out->cursor = true;
        out->cursor_size = d->cursor[head].width;
        out->cursor_format = d->cursor[head].format;
        out->cursor_addr = d->cursor[head].addr;
        /* the channel places the hot spot; the image starts that far up and left */
        out->cursor_x = (int16_t)NV_FEX32(at, C57A_SET_CURSOR_HOT_SPOT_POINT_OUT, X) -
                        (int32_t)d->cursor[head].src_x;
        out->cursor_y = (int16_t)NV_FEX32(at, C57A_SET_CURSOR_HOT_SPOT_POINT_OUT, Y) -
                        (int32_t)d->cursor[head].src_y;
    }
    head_planes(d, head, out);
    return true;
}

#define BL_RUN  16      /* contiguous bytes of a row inside a GOB */

/* Byte offset of (x, y) of a block-linear surface (x in bytes). */
static uint64_t bl_offset(const NvScanoutPlane *so, uint64_t x, uint64_t y)
{
    NvBlGeom g;

    nv_bl_geom_init(&g, 0, so->block_height_log2, 0, so->pitch, so->surface_height);
    return nv_bl_offset(&g, x, y, 0);
}

bool nvgpu_disp_read_plane(NvGpu *gpu, const NvScanoutPlane *so, uint8_t *dst,
                           uint32_t dst_pitch)
{
    uint64_t row_bytes = (uint64_t)so->src_w * so->bpp;

    if (row_bytes > dst_pitch) {
        return false;
    }
    for (uint32_t y = 0; y < so->src_h; y++) {
        uint8_t *row = dst + (uint64_t)y * dst_pitch;
        uint64_t sy = so->src_y + y, sx = (uint64_t)so->src_x * so->bpp;

        if (!so->block_linear) {
            if (!nvgpu_vram_read(gpu, so->addr + sy * so->pitch + sx, row, row_bytes)) {
                return false;
            }
            continue;
        }
        /* a GOB row holds 16 contiguous bytes: copy in those pieces */
        for (uint64_t x = 0, n; x < row_bytes; x += n) {
            n = BL_RUN - (sx + x) % BL_RUN;
            n = n < row_bytes - x ? n : row_bytes - x;
            if (!nvgpu_vram_read(gpu, so->addr + bl_offset(so, sx + x, sy), row + x, n)) {
                return false;
            }
        }
    }
    return true;
}

/*
 * Another monitor (or the same one in another mode): the hot-plug line
 * drops and rises again, and the driver reads the new EDID.
 */
void nv_disp_set_edid(NvGpu *gpu, const uint8_t *edid, size_t len)
{
    NvDisp *d = gpu->disp;
    const uint32_t line = 1u << NV_DISP_HPD_LINE;

    if (!d) {
        return;
    }
    len = len < NV_DISP_EDID_MAX ? len : NV_DISP_EDID_MAX;
    if (len == d->edid_len && !memcmp(d->edid, edid, len)) {
        return;
    }
    if (d->gpio_line[NV_DISP_HPD_LINE] & R_GPIO_LINE_SENSE_MASK) {
        d->gpio_intr |= line << NV_GPIO_INTR_LOW_SHIFT;
    }
    d->edid_len = len;
    memcpy(d->edid, edid, len);
    d->gpio_line[NV_DISP_HPD_LINE] |= R_GPIO_LINE_SENSE_MASK;
    d->gpio_intr |= line;
}
