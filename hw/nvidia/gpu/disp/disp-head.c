/*
 * The head: what a core UPDATE does (a modeset runs the three supervisor
 * stages nouveau answers; anything else arms at once), the raster timing
 * that follows from the armed mode (position, vblank), window flips
 * latched at vblank, and the scan-out description front ends display.
 *
 * Raster coordinates are the hardware's: line 0 starts at the sync pulse,
 * the active area is x in (BLANK_END.x, BLANK_START.x], likewise for y.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hw/nvidia/cl-c57a.h"
#include "hw/nvidia/cl-c57b.h"
#include "hw/nvidia/cl-c57d.h"
#include "hw/nvidia/cl-c57e.h"
#include "disp.h"

#define HEAD_STRIDE     (A_C57D_HEAD_SET_PROCAMP_STRIDE)
#define SOR_STRIDE      (A_C57D_SOR_SET_CONTROL_STRIDE)
#define WIN_STRIDE      (A_C57D_WINDOW_SET_CONTROL_STRIDE)
#define NS_PER_S        1000000000ull
/*
 * Vblank events at most every millisecond: no display refreshes faster
 * than 1 kHz, and a guest's absurd mode (a 1x1 raster at 2 GHz) must not
 * make the timer fire every nanosecond.
 */
#define VBLANK_MIN_NS   1000000ull

static uint32_t head_m(const uint32_t *state, uint32_t mthd, unsigned h)
{
    return state[(mthd + h * HEAD_STRIDE) / 4];
}

/* The head's mode methods: a change of any of them is a modeset. */
static const uint32_t mode_methods[] = {
    A_C57D_HEAD_SET_CONTROL_OUTPUT_RESOURCE, A_C57D_HEAD_SET_PIXEL_CLOCK_FREQUENCY,
    A_C57D_HEAD_SET_RASTER_SIZE, A_C57D_HEAD_SET_RASTER_SYNC_END,
    A_C57D_HEAD_SET_RASTER_BLANK_END, A_C57D_HEAD_SET_RASTER_BLANK_START,
};

/* The SORs a state routes to head h. */
static uint32_t head_sors(const uint32_t *state, unsigned h)
{
    uint32_t mask = 0;

    for (unsigned s = 0; s < NV_DISP_SORS; s++) {
        uint32_t ctl = state[(A_C57D_SOR_SET_CONTROL + s * SOR_STRIDE) / 4];

        if (NV_FEX32(ctl, C57D_SOR_SET_CONTROL, OWNER_MASK) & (1u << h)) {
            mask |= 1u << s;
        }
    }
    return mask;
}

/*
 * SUPERVISOR_HEAD bits for head h of a pending core state: 0 when not a
 * modeset. Never WILL_CHANGE_VPLL: the model has no PLL (the pixel clock is
 * the core method's), and nouveau would program one from VBIOS PLL limits
 * the image does not carry.
 */
static uint32_t modeset_bits(const NvDispChan *core, unsigned h)
{
    bool mode = head_sors(core->assy, h) != head_sors(core->armed, h);

    for (size_t i = 0; i < NV_ARRAY_SIZE(mode_methods); i++) {
        mode |= head_m(core->assy, mode_methods[i], h) != head_m(core->armed, mode_methods[i], h);
    }
    return mode ? R_DISP_FE_SUPERVISOR_HEAD_WILL_SHUTDOWN_MASK : 0;
}

static void raise_stage(NvDisp *d, unsigned stage)
{
    d->super_stage = stage;
    for (unsigned h = 0; h < NV_DISP_HEADS; h++) {
        d->super_head[h] = d->super_head_pending[h];
    }
    d->evt_ctrl |= 1u << (stage - 1);   /* SUPERVISOR1..3 */
}

/* The core's pending state becomes what the heads show. */
static void core_arm(NvGpu *gpu)
{
    NvDisp *d = gpu->disp;
    NvDispChan *core = &d->chan[NV_DCH_CORE];
    bool was_active = nv_disp_head_active(d, 0);

    nv_disp_chan_arm(gpu, core);
    nv_disp_cursor_latch(gpu);
    if (!was_active && nv_disp_head_active(d, 0)) {
        d->frame_origin_ns = gpu->plat.time_ns(gpu->plat.opaque);
    }
    nv_disp_core_notify(gpu);
    nv_disp_vblank_schedule(gpu);
}

void nv_disp_core_update(NvGpu *gpu)
{
    NvDisp *d = gpu->disp;
    NvDispChan *core = &d->chan[NV_DCH_CORE];
    bool modeset = false;

    /* windows interlocked with the core take their state now (nouveau sends theirs first) */
    for (unsigned w = 0; w < NV_DISP_WINDOWS; w++) {
        if (d->chan[NV_DCH_WIN0 + w].parked) {
            nv_disp_chan_arm(gpu, &d->chan[NV_DCH_WIN0 + w]);
        }
    }
    for (unsigned h = 0; h < NV_DISP_HEADS; h++) {
        d->super_head_pending[h] = modeset_bits(core, h);
        modeset |= d->super_head_pending[h] != 0;
    }
    if (modeset) {
        raise_stage(d, 1);
    } else {
        core_arm(gpu);
    }
}

void nv_disp_super_restart(NvGpu *gpu)
{
    NvDisp *d = gpu->disp;

    if (!d->super_stage) {
        nv_guest_err(gpu, NV_ERR_DISP_SUPERVISOR,
                     "display: supervisor restart with no stage pending");
        d->evt_error |= 1;
        d->evt_ctrl |= 1u << 7;         /* CTRL_DISP ERROR */
        return;
    }
    if (d->super_stage < 3) {
        raise_stage(d, d->super_stage + 1);
        return;
    }
    d->super_stage = 0;
    for (unsigned h = 0; h < NV_DISP_HEADS; h++) {
        d->super_head[h] = d->super_head_pending[h] = 0;
    }
    core_arm(gpu);
    nv_disp_chan_run(gpu, &d->chan[NV_DCH_CORE]);    /* an UPDATE that waited */
}

/* ---- timing ---- */

typedef struct Raster {
    uint32_t htotal, vtotal;
    uint32_t blank_start_y;
    uint64_t clock;             /* pixels per second */
    uint64_t period_ns;         /* one frame, rounded down */
} Raster;

static bool raster(const NvDisp *d, unsigned h, Raster *r)
{
    const uint32_t *a = d->chan[NV_DCH_CORE].armed;
    uint32_t size = head_m(a, A_C57D_HEAD_SET_RASTER_SIZE, h);
    uint64_t clock = NV_FEX32(head_m(a, A_C57D_HEAD_SET_PIXEL_CLOCK_FREQUENCY, h),
                              C57D_HEAD_SET_PIXEL_CLOCK_FREQUENCY, HERTZ);

    r->htotal = NV_FEX32(size, C57D_HEAD_SET_RASTER_SIZE, WIDTH);
    r->vtotal = NV_FEX32(size, C57D_HEAD_SET_RASTER_SIZE, HEIGHT);
    r->blank_start_y = NV_FEX32(head_m(a, A_C57D_HEAD_SET_RASTER_BLANK_START, h),
                                C57D_HEAD_SET_RASTER_BLANK_START, Y);
    if (!r->htotal || !r->vtotal || !clock) {
        return false;
    }
    r->clock = clock;
    r->period_ns = (uint64_t)r->htotal * r->vtotal * NS_PER_S / clock;
    return r->period_ns != 0;
}

bool nv_disp_head_active(NvDisp *d, unsigned h)
{
    Raster r;

    return head_sors(d->chan[NV_DCH_CORE].armed, h) && raster(d, h, &r);
}

void nv_disp_rg_position(NvGpu *gpu, unsigned h, uint32_t *line, uint32_t *pixel)
{
    NvDisp *d = gpu->disp;
    Raster r;
    uint64_t t;

    *line = *pixel = 0;
    if (!nv_disp_head_active(d, h) || !raster(d, h, &r)) {
        return;
    }
    /* t < one frame (at most 2^62 / 2^31 ns): t * clock stays in 64 bits */
    t = (gpu->plat.time_ns(gpu->plat.opaque) - d->frame_origin_ns) % r.period_ns;
    t = t * r.clock / NS_PER_S;         /* pixels since line 0 */
    *line = (uint32_t)(t / r.htotal % r.vtotal);
    *pixel = (uint32_t)(t % r.htotal);
}

/* The next vblank (the line after BLANK_START.y) of head h after now. */
static uint64_t next_vblank(NvGpu *gpu, unsigned h, uint64_t now)
{
    NvDisp *d = gpu->disp;
    Raster r;
    uint64_t at, frames;

    if (!raster(d, h, &r)) {
        return 0;
    }
    at = d->frame_origin_ns + (r.blank_start_y + 1ull) * r.htotal * NS_PER_S / r.clock;
    frames = now >= at ? (now - at) / r.period_ns + 1 : 0;
    return at + frames * r.period_ns;
}

static bool vblank_wanted(NvDisp *d, unsigned h)
{
    bool flips = false;

    for (unsigned w = 0; w < NV_DISP_WINDOWS; w++) {
        flips |= d->chan[NV_DCH_WIN0 + w].flip_pending;
    }
    return nv_disp_head_active(d, h) &&
           (flips || (d->en_head[h] & R_DISP_EVT_HEAD_TIMING_VBLANK_MASK));
}

void nv_disp_vblank_schedule(NvGpu *gpu)
{
    NvDisp *d = gpu->disp;
    uint64_t now, at;

    if (!vblank_wanted(d, 0)) {
        return;                     /* a stale deadline finds nothing to do */
    }
    now = gpu->plat.time_ns(gpu->plat.opaque);
    at = next_vblank(gpu, 0, now);
    if (at && at < now + VBLANK_MIN_NS) {
        at = now + VBLANK_MIN_NS;
    }
    if (at && at != d->vblank_deadline && gpu->plat.disp_timer_arm) {
        d->vblank_deadline = at;
        gpu->plat.disp_timer_arm(gpu->plat.opaque, at);
    }
}

void nv_disp_vblank(NvGpu *gpu)
{
    NvDisp *d = gpu->disp;

    d->vblank_deadline = 0;
    if (nv_disp_head_active(d, 0)) {
        for (unsigned w = 0; w < NV_DISP_WINDOWS; w++) {
            if (d->chan[NV_DCH_WIN0 + w].flip_pending) {
                nv_disp_chan_arm(gpu, &d->chan[NV_DCH_WIN0 + w]);
                d->evt_head[0] |= R_DISP_EVT_HEAD_TIMING_LOADV_MASK;
            }
        }
        if (d->en_head[0] & R_DISP_EVT_HEAD_TIMING_VBLANK_MASK) {
            d->evt_head[0] |= R_DISP_EVT_HEAD_TIMING_VBLANK_MASK;
        }
    }
    nv_disp_vblank_schedule(gpu);
}

uint32_t nv_disp_refresh_mhz(NvDisp *d, unsigned h)
{
    Raster r;

    return raster(d, h, &r) ? (uint32_t)(r.clock * 1000 / ((uint64_t)r.htotal * r.vtotal)) : 0;
}

/* The visible size: from the end of one blank to the start of the next. */
void nv_disp_head_size(NvDisp *d, unsigned h, uint32_t *w, uint32_t *hgt)
{
    const uint32_t *a = d->chan[NV_DCH_CORE].armed;
    uint32_t be = head_m(a, A_C57D_HEAD_SET_RASTER_BLANK_END, h);
    uint32_t bs = head_m(a, A_C57D_HEAD_SET_RASTER_BLANK_START, h);
    uint32_t bex = NV_FEX32(be, C57D_HEAD_SET_RASTER_BLANK_END, X);
    uint32_t bey = NV_FEX32(be, C57D_HEAD_SET_RASTER_BLANK_END, Y);
    uint32_t bsx = NV_FEX32(bs, C57D_HEAD_SET_RASTER_BLANK_START, X);
    uint32_t bsy = NV_FEX32(bs, C57D_HEAD_SET_RASTER_BLANK_START, Y);

    *w = bsx > bex ? bsx - bex : 0;
    *hgt = bsy > bey ? bsy - bey : 0;
}
