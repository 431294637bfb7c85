/*
 * nvidia-gpu's display glue: the model's head 0 as a QEMU graphic console,
 * the vblank timer, and the monitor's EDID (QEMU's standard EDID
 * properties, regenerated when the UI's window is resized).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_QEMU_NVIDIA_DISPLAY_H
#define HW_NVIDIA_QEMU_NVIDIA_DISPLAY_H

#include "hw/display/edid.h"
#include "ui/console.h"
#include "hw/nvidia/nvgpu.h"

typedef struct NvidiaDisplay {
    NvGpu *gpu;
    /* the device's lock around calls into the model */
    void (*lock)(void *opaque);
    void (*unlock)(void *opaque);
    void *opaque;
    QemuConsole *con;
    QEMUTimer *vblank;
    qemu_edid_info edid_info;   /* from the device's xres/yres/... properties */
    uint32_t shown_generation;  /* of the scanout last put on the console */
    bool shown_active;
    bool wrapped;               /* the console surface is VRAM itself */
    uint8_t *shadow[NV_SCANOUT_PLANES];     /* converted planes' pixels (g_malloc) */
    size_t shadow_size[NV_SCANOUT_PLANES];
    uint32_t *cursor;           /* the cursor image, premultiplied ARGB (256 x 256) */
} NvidiaDisplay;

/* After the model exists: the console, the EDID and the timer. */
void nvidia_display_init(NvidiaDisplay *d, DeviceState *dev);
void nvidia_display_fini(NvidiaDisplay *d);
/* The monitor now prefers width x height: a new EDID, a hot-plug pulse. */
void nvidia_display_set_mode(NvidiaDisplay *d, uint32_t width, uint32_t height);
/* NvPlatform.disp_timer_arm */
void nvidia_display_timer_arm(void *opaque, uint64_t deadline_ns);

#endif
