/*
 * The display room: Turing's display engine (NVDisplay) as nouveau drives
 * it. Registers and interrupts (disp-regs.c), the display channels and
 * their methods (disp-chan.c), the head: supervisors, vblank, raster
 * position and what it scans out (disp-head.c), and the GPIO/I2C pads
 * that carry DDC to the monitor's EDID (disp-ddc.c).
 *
 * State lives in NvDisp (gpu->disp), allocated with the model; a chip
 * whose display is fused off has none and its display registers are
 * unimplemented.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_DISP_DISP_H
#define HW_NVIDIA_GPU_DISP_DISP_H

#include "hw/nvidia/nv-disp.h"
#include "../base/base.h"

/* The display channels the model has, by index (not control id). */
typedef enum NvDispChanIdx {
    NV_DCH_CORE,
    NV_DCH_WIN0,
    NV_DCH_WIMM0 = NV_DCH_WIN0 + NV_DISP_WINDOWS,
    NV_DCH_CURS0 = NV_DCH_WIMM0 + NV_DISP_WINDOWS,
    NV_DCH_COUNT = NV_DCH_CURS0 + NV_DISP_HEADS,
} NvDispChanIdx;

typedef enum NvDispKind { NV_DK_CORE, NV_DK_WIN, NV_DK_WIMM, NV_DK_CURS } NvDispKind;

#define NV_DISP_CORE_WORDS  (0x4000 / 4)    /* the core class's method space */
#define NV_DISP_WIN_WORDS   (NV_DISP_CHAN_ARMED / 4)

typedef struct NvDispChan {
    NvDispKind kind;
    unsigned unit;              /* window or head index */
    uint32_t id;                /* control id (CHNCTL, PBBASE, exceptions) */
    uint32_t ctl;
    uint32_t pb_hi, pb_lo, pb_subdev, pb_client;
    uint32_t put, get;          /* byte offsets in the pushbuffer page */
    uint32_t except, except_arg, except_err;
    bool halted;                /* an exception waits for its RESTART */
    bool parked;                /* an UPDATE interlocked with core waits for the core's */
    bool flip_pending;          /* a window UPDATE to arm at the next vblank */
    uint32_t hdr_done;          /* data words of the header at GET already taken */
    uint32_t words;             /* method space in words */
    uint32_t *assy, *armed;     /* pending and armed method state */
} NvDispChan;

/* The I2C slave at 0x50 (EDID) and 0x30 (segment pointer) behind the bit-banged port. */
typedef enum NvDdcState {
    NV_DDC_IDLE, NV_DDC_ADDR, NV_DDC_ACK_ADDR, NV_DDC_RX, NV_DDC_ACK_RX, NV_DDC_TX,
    NV_DDC_ACK_TX,
} NvDdcState;

typedef struct NvDdc {
    bool scl, sda;              /* the master's outputs (1: released) */
    bool slave_sda;             /* the slave's output (0: pulls low) */
    NvDdcState state;
    unsigned bit;
    uint8_t shift;
    uint8_t addr;               /* 7-bit address of the transfer */
    bool read, first_byte, nack;
    uint8_t offset, segment;
} NvDdc;

#define NV_DISP_EDID_MAX    256
#define NV_DISP_STORE_MAX   128     /* plain storage registers of the block */

/* A window's armed surface, resolved to VRAM and checked when it was armed. */
typedef struct NvDispSurface {
    bool valid;
    uint64_t addr;              /* VRAM offset of the surface */
    uint32_t width, height, pitch, format, bpp;
    bool block_linear;
    uint32_t block_height_log2;
    uint32_t src_x, src_y, src_w, src_h;
} NvDispSurface;

typedef struct NvDispStore {
    uint32_t addr, val;
} NvDispStore;

struct NvDisp {
    NvDispChan chan[NV_DCH_COUNT];
    uint32_t inst_mem0, inst_mem1, lock_caps;
    uint32_t caps[NV_DISP_CAPS_SIZE / 4];
    /* supervisor: stage 0 none, 1..3 raised and waiting for its restart */
    unsigned super_stage;
    uint32_t super_head[NV_DISP_HEADS], super_head_pending[NV_DISP_HEADS];
    /* interrupts: event status (W1C), RM mask, RM enable */
    uint32_t evt_head[NV_DISP_HEADS], evt_error, evt_exc_win, evt_exc_winim;
    uint32_t evt_exc_other, evt_ctrl;
    uint32_t msk_head[NV_DISP_HEADS], msk_exc_win, msk_exc_winim, msk_exc_other;
    uint32_t msk_ctrl, msk_or;
    uint32_t en_head[NV_DISP_HEADS], en_exc_win, en_exc_winim, en_exc_other, en_ctrl, en_or;
    uint32_t rg_line_latched[NV_DISP_HEADS], rg_pixel_latched[NV_DISP_HEADS];
    NvDispStore store[NV_DISP_STORE_MAX];
    unsigned stores;
    /* GPIO and I2C pads */
    NvDdc ddc;
    uint32_t gpio_line[NV_GPIO_LINES], gpio_mux[NV_GPIO_INPUT_MUXES];
    uint32_t gpio_intr, gpio_intr_en;   /* lines 0..15 */
    uint8_t edid[NV_DISP_EDID_MAX];
    size_t edid_len;
    /* scan-out */
    uint64_t frame_origin_ns;   /* platform time of line 0 of a frame */
    uint64_t vblank_deadline;   /* armed platform timer deadline; 0: none */
    NvDispSurface surf[NV_DISP_WINDOWS];
    NvDispSurface cursor[NV_DISP_HEADS];   /* width = height = size; src_x/y: hot spot */
    uint32_t generation;        /* bumped whenever what is scanned out changes */
    uint32_t core_store[2][NV_DISP_CORE_WORDS];
    uint32_t chan_store[NV_DCH_COUNT - 1][2][NV_DISP_WIN_WORDS];
};

/* disp-regs.c: the BAR0 units (display block, GPIO/I2C pads, HDA capability) */
NvUnitRead nv_disp_read, nv_gpio_read, nv_hda_read;
NvUnitWrite nv_disp_write, nv_gpio_write;
bool nv_disp_alloc(NvGpu *gpu);
void nv_disp_free(NvGpu *gpu);
void nv_disp_reset(NvGpu *gpu);
/* PMC_INTR_0 lines of the display and the GPIO pads. */
uint32_t nv_disp_intr_lines(NvGpu *gpu);
/* An exception of channel c (FE_EXCEPT reason), its channel halted until restarted. */
void nv_disp_exception(NvGpu *gpu, NvDispChan *c, uint32_t reason, uint32_t mthd,
                       uint32_t data, NvGuestErrorKind kind, const char *what);

/* disp-chan.c: channels, pushbuffers, methods */
NvDispChan *nv_disp_chan_by_id(NvDisp *d, uint32_t id);
void nv_disp_chan_ctl(NvGpu *gpu, NvDispChan *c, uint32_t val);
uint32_t nv_disp_chan_state(const NvDispChan *c);
void nv_disp_chan_put(NvGpu *gpu, NvDispChan *c, uint32_t put);
void nv_disp_chan_run(NvGpu *gpu, NvDispChan *c);
/* Cursor PIO channel: a method written to its user area. */
void nv_disp_curs_pio(NvGpu *gpu, NvDispChan *c, uint32_t mthd, uint32_t val);
/* The core notifier of the armed update, if it asked for one (FINISHED). */
void nv_disp_core_notify(NvGpu *gpu);
/* Arms channel c's pending state (and writes its notifier, BEGUN or FINISHED). */
void nv_disp_chan_arm(NvGpu *gpu, NvDispChan *c);
/* The VRAM range [*start, *limit] of context DMA handle of channel chid; false: none. */
bool nv_disp_ctxdma(NvGpu *gpu, uint32_t chid, uint32_t handle, uint64_t *start,
                    uint64_t *limit);

/* disp-head.c: supervisors, vblank, raster position */
/* A core UPDATE: a modeset runs the supervisors first; else it arms at once. */
void nv_disp_core_update(NvGpu *gpu);
/* FE_SUPERVISOR_MAIN written with RESTART: the next stage, or the end. */
void nv_disp_super_restart(NvGpu *gpu);
/* A window's armed surface resolved and checked (its exception if it is bad). */
void nv_disp_window_latch(NvGpu *gpu, NvDispChan *c);
/* The heads' cursor images of the armed core state, likewise. */
void nv_disp_cursor_latch(NvGpu *gpu);
/* Whether head h scans out (an SOR routed to it and a raster). */
bool nv_disp_head_active(NvDisp *d, unsigned h);
/* RG_DPCA/DPCB: the raster position now (line, pixel). */
void nv_disp_rg_position(NvGpu *gpu, unsigned h, uint32_t *line, uint32_t *pixel);
/* (Re)arms the vblank timer if anything waits for a vblank. */
void nv_disp_vblank_schedule(NvGpu *gpu);
/* The vblank timer expired: flips waiting for it take, the vblank event. */
void nv_disp_vblank(NvGpu *gpu);
/* The armed mode's refresh rate in mHz (0: none) and visible size. */
uint32_t nv_disp_refresh_mhz(NvDisp *d, unsigned h);
void nv_disp_head_size(NvDisp *d, unsigned h, uint32_t *w, uint32_t *hgt);

/* The monitor's EDID; a change pulses the hot-plug line (disp-scanout.c). */
void nv_disp_set_edid(NvGpu *gpu, const uint8_t *edid, size_t len);

/* disp-ddc.c: the I2C slave behind port 0 */
void nv_ddc_reset(NvDdc *ddc);
/* The master drives SCL and SDA (1: released); returns the SDA line. */
bool nv_ddc_drive(NvDdc *ddc, const uint8_t *edid, size_t len, bool scl, bool sda);
bool nv_ddc_sda(const NvDdc *ddc);

#endif
