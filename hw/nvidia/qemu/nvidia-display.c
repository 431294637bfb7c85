/*
 * nvidia-gpu's display glue: what the model's head 0 scans out becomes a
 * QEMU graphic console.
 *
 * Each UI refresh asks the model what the head shows (nvgpu_disp_scanout,
 * under the device lock). A single pitch-linear XRGB8888 plane covering the
 * head is VRAM itself: the console surface wraps the model's VRAM mapping
 * (the model checked the range when the window was armed). Anything else
 * (other formats, block-linear surfaces, a plane smaller than the head or
 * moved, an overlay) is copied out of VRAM by the model and composed by
 * pixman into a console-owned surface, the windows back to front. A cursor is composited there too (premultiplied
 * OVER, the composition nouveau programs), so screendumps show it. VRAM changes have no dirty log (BAR1 writes are
 * MMIO callbacks), so every refresh redraws the whole surface.
 *
 * The vblank timer runs on the virtual clock only while the guest waits
 * for a vblank (an enabled interrupt or a flip to latch).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "hw/qdev-core.h"
#include "ui/qemu-pixman.h"
#include "hw/nvidia/nv-disp.h"
#include "nvidia-display.h"
#include "hw/oot/nvidia/qemu/trace-hw_nvidia.h"

#define EDID_SIZE       256         /* base block and the DisplayID extension */
/*
 * The largest head and plane the console shows (the hardware's heads stop
 * at 16384): a guest's absurd raster or surface must not make QEMU allocate
 * gigabytes. Larger ones show the blank screen.
 */
#define MAX_DIM         8192
#define BLANK_WIDTH     640
#define BLANK_HEIGHT    480

/* The pixman format of a window format, 0 where the model has no conversion. */
static pixman_format_code_t plane_format(uint32_t format)
{
    switch (format) {
    case NV_DISP_FMT_A8R8G8B8:      return PIXMAN_x8r8g8b8;
    case NV_DISP_FMT_A8B8G8R8:      return PIXMAN_x8b8g8r8;
    case NV_DISP_FMT_R5G6B5:        return PIXMAN_r5g6b5;
    case NV_DISP_FMT_A1R5G5B5:      return PIXMAN_x1r5g5b5;
    case NV_DISP_FMT_A2B10G10R10:   return PIXMAN_x2b10g10r10;
    case NV_DISP_FMT_A2R10G10B10:   return PIXMAN_x2r10g10b10;
    }
    return 0;
}

static void show_blank(NvidiaDisplay *d)
{
    dpy_gfx_replace_surface(d->con, qemu_create_placeholder_surface(
                                BLANK_WIDTH, BLANK_HEIGHT, "Display output is not active."));
    d->wrapped = false;
}

#define CURSOR_MAX      256

/* One plane covering the head in XRGB8888, pitch linear, no cursor: show VRAM as it is. */
static bool can_wrap(const NvScanout *so)
{
    const NvScanoutPlane *p = &so->plane[0];

    return so->planes == 1 && !so->cursor && !p->block_linear &&
           p->format == NV_DISP_FMT_A8R8G8B8 && p->dst_x == 0 && p->dst_y == 0 &&
           p->src_w == so->width && p->src_h == so->height;
}

static void show_wrapped(NvidiaDisplay *d, const NvScanout *so)
{
    const NvScanoutPlane *pl = &so->plane[0];
    uint64_t start = pl->addr + (uint64_t)pl->src_y * pl->pitch + pl->src_x * 4ull;
    uint64_t len = (uint64_t)(pl->src_h - 1) * pl->pitch + pl->src_w * 4ull;
    uint8_t *p = nvgpu_vram_ptr(d->gpu, start, len);

    if (!p) {
        show_blank(d);
        return;
    }
    dpy_gfx_replace_surface(d->con, qemu_create_displaysurface_from(
                                so->width, so->height, PIXMAN_x8r8g8b8, pl->pitch, p));
    d->wrapped = true;
}

/* Copies plane i out of VRAM (under the device lock) for show_converted. */
static bool copy_plane(NvidiaDisplay *d, const NvScanout *so, unsigned i)
{
    const NvScanoutPlane *p = &so->plane[i];
    size_t need = (size_t)p->src_w * p->bpp * p->src_h;

    if (!plane_format(p->format) || !need || need > (size_t)MAX_DIM * MAX_DIM * 4) {
        return false;
    }
    if (need > d->shadow_size[i]) {
        g_free(d->shadow[i]);
        d->shadow_size[i] = 0;
        d->shadow[i] = g_try_malloc(need);
        if (!d->shadow[i]) {
            return false;
        }
        d->shadow_size[i] = need;
    }
    return nvgpu_disp_read_plane(d->gpu, p, d->shadow[i], p->src_w * p->bpp);
}

static void composite_cursor(NvidiaDisplay *d, const NvScanout *so, pixman_image_t *dst)
{
    pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, so->cursor_size,
                                                   so->cursor_size, d->cursor,
                                                   so->cursor_size * 4);

    pixman_image_composite(PIXMAN_OP_OVER, src, NULL, dst, 0, 0, 0, 0, so->cursor_x,
                           so->cursor_y, so->cursor_size, so->cursor_size);
    pixman_image_unref(src);
}

/* The planes back to front, converted by pixman, on black where none covers the head. */
static void show_converted(NvidiaDisplay *d, const NvScanout *so, const bool *have_plane,
                           bool have_cursor)
{
    DisplaySurface *ds = qemu_console_surface(d->con);

    if (d->wrapped || !ds || surface_width(ds) != (int)so->width ||
        surface_height(ds) != (int)so->height) {
        qemu_console_resize(d->con, so->width, so->height);
        d->wrapped = false;
        ds = qemu_console_surface(d->con);
    }
    pixman_image_fill_rectangles(PIXMAN_OP_SRC, ds->image, &(pixman_color_t) { 0 }, 1,
                                 &(pixman_rectangle16_t) { 0, 0, so->width, so->height });
    for (unsigned i = 0; i < so->planes; i++) {
        const NvScanoutPlane *p = &so->plane[i];
        pixman_image_t *src;

        if (!have_plane[i]) {
            continue;
        }
        src = pixman_image_create_bits(plane_format(p->format), p->src_w, p->src_h,
                                       (uint32_t *)d->shadow[i], p->src_w * p->bpp);
        pixman_image_composite(PIXMAN_OP_SRC, src, NULL, ds->image, 0, 0, 0, 0,
                               p->dst_x, p->dst_y, p->src_w, p->src_h);
        pixman_image_unref(src);
    }
    if (have_cursor) {
        composite_cursor(d, so, ds->image);
    }
}

static void nvidia_display_update(void *opaque)
{
    NvidiaDisplay *d = opaque;
    NvScanout so;
    bool have_plane[NV_SCANOUT_PLANES] = { false }, have_cursor = false, changed;

    d->lock(d->opaque);
    nvgpu_disp_scanout(d->gpu, 0, &so);
    if (so.active && so.width && so.height && so.width <= MAX_DIM && so.height <= MAX_DIM &&
        !can_wrap(&so)) {
        for (unsigned i = 0; i < so.planes; i++) {
            have_plane[i] = copy_plane(d, &so, i);
        }
        have_cursor = so.cursor && so.cursor_size <= CURSOR_MAX &&
                      nvgpu_disp_read_cursor(d->gpu, &so, d->cursor);
    }
    d->unlock(d->opaque);

    changed = so.generation != d->shown_generation || so.active != d->shown_active;
    if (changed) {
        trace_nvgpu_disp_scanout(so.generation, so.active, so.width, so.height, so.planes,
                                 so.plane[0].addr, so.plane[0].pitch, so.plane[0].format,
                                 so.plane[0].block_linear);
    }
    d->shown_generation = so.generation;
    d->shown_active = so.active;
    if (!so.active || !so.width || !so.height || so.width > MAX_DIM || so.height > MAX_DIM) {
        if (changed) {
            show_blank(d);
        }
        return;
    }
    if (can_wrap(&so)) {
        if (changed || !d->wrapped) {
            show_wrapped(d, &so);
        }
    } else {
        show_converted(d, &so, have_plane, have_cursor);
    }
    dpy_gfx_update_full(d->con);
}

static void nvidia_display_invalidate(void *opaque)
{
    NvidiaDisplay *d = opaque;

    d->shown_generation = 0;
    d->shown_active = false;
}

static void set_edid(NvidiaDisplay *d)
{
    uint8_t edid[EDID_SIZE];

    qemu_edid_generate(edid, sizeof(edid), &d->edid_info);
    d->lock(d->opaque);
    nvgpu_disp_set_edid(d->gpu, edid, sizeof(edid));
    d->unlock(d->opaque);
}

void nvidia_display_set_mode(NvidiaDisplay *d, uint32_t width, uint32_t height)
{
    if (!d->con || (width == d->edid_info.prefx && height == d->edid_info.prefy)) {
        return;
    }
    d->edid_info.prefx = width;
    d->edid_info.prefy = height;
    set_edid(d);                /* a new EDID pulses the hot-plug line */
}

/* The UI's window changed size: the monitor now prefers that mode. */
static void nvidia_display_ui_info(void *opaque, uint32_t head, QemuUIInfo *info)
{
    NvidiaDisplay *d = opaque;

    if (head != 0 || !info->width || !info->height) {
        return;
    }
    if (info->width_mm && info->height_mm) {
        d->edid_info.width_mm = info->width_mm;
        d->edid_info.height_mm = info->height_mm;
    }
    nvidia_display_set_mode(d, info->width, info->height);
}

static const GraphicHwOps nvidia_display_ops = {
    .gfx_update = nvidia_display_update,
    .invalidate = nvidia_display_invalidate,
    .ui_info = nvidia_display_ui_info,
};

static void vblank_cb(void *opaque)
{
    NvidiaDisplay *d = opaque;

    d->lock(d->opaque);
    nvgpu_disp_timer_expired(d->gpu);
    d->unlock(d->opaque);
}

void nvidia_display_timer_arm(void *opaque, uint64_t deadline_ns)
{
    NvidiaDisplay *d = opaque;

    if (d->vblank) {
        timer_mod(d->vblank, deadline_ns);
    }
}

void nvidia_display_init(NvidiaDisplay *d, DeviceState *dev)
{
    d->vblank = timer_new_ns(QEMU_CLOCK_VIRTUAL, vblank_cb, d);
    d->cursor = g_new(uint32_t, CURSOR_MAX * CURSOR_MAX);
    d->con = graphic_console_init(dev, 0, &nvidia_display_ops, d);
    set_edid(d);
}

void nvidia_display_fini(NvidiaDisplay *d)
{
    if (d->con) {
        graphic_console_close(d->con);
        d->con = NULL;
    }
    g_clear_pointer(&d->vblank, timer_free);
    for (unsigned i = 0; i < NV_SCANOUT_PLANES; i++) {
        g_clear_pointer(&d->shadow[i], g_free);
        d->shadow_size[i] = 0;
    }
    g_clear_pointer(&d->cursor, g_free);
}
