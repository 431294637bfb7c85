/*
 * The nvqemu GPU model: public interface of the core library.
 *
 * The core (hw/nvidia/gpu, hw/nvidia/sm) knows nothing of QEMU. A front end
 * (the QEMU device, unit tests, fuzzers, benchmarks) supplies an NvPlatform
 * and calls the entry points below.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NVGPU_H
#define HW_NVIDIA_NVGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/nvidia/nv-errors.h"
#include "hw/nvidia/nv-trace.h"

typedef struct NvGpu NvGpu;

/* Services the model needs from its host. All callbacks may be NULL except time_ns. */
typedef struct NvPlatform {
    void *opaque;
    /* Monotonic nanoseconds (guest virtual time in QEMU). */
    uint64_t (*time_ns)(void *opaque);
    /* Call nvgpu_timer_expired() once time_ns() >= deadline; a later call replaces it. */
    void (*timer_arm)(void *opaque, uint64_t deadline_ns);
    void (*timer_cancel)(void *opaque);
    /*
     * Every translation a front end took from nvgpu_bar_page() is void: the
     * guest's later BAR accesses must come back through nvgpu_bar_read/write.
     * Called from any thread the model runs on.
     */
    void (*bar_unmap)(void *opaque);
    /* The display's vblank: call nvgpu_disp_timer_expired() once time_ns() >= deadline. */
    void (*disp_timer_arm)(void *opaque, uint64_t deadline_ns);
    /* The interrupt line or its edge count changed (see nvgpu_irq_level()). */
    void (*irq_update)(void *opaque);
    /* System-memory DMA; return false when the access failed. */
    bool (*dma_read)(void *opaque, uint64_t addr, void *buf, size_t len);
    bool (*dma_write)(void *opaque, uint64_t addr, const void *buf, size_t len);
    /*
     * Optional: host memory backing the whole 4 KiB system-memory page at
     * addr (page aligned), valid for as long as the model runs, or NULL.
     * Where it gives one, the SM reads and writes system memory directly
     * (its fast path, as for VRAM) instead of through dma_read/dma_write.
     */
    uint8_t *(*dma_page)(void *opaque, uint64_t addr, bool write);
    /*
     * The guest did something the hardware would flag: kind is an
     * NvGuestErrorKind (nv-errors.h), msg one line of detail.
     */
    void (*guest_error)(void *opaque, unsigned kind, const char *msg);
    /* Host (FIFO) work is waiting: call nvgpu_host_work() soon (not from this call). */
    void (*host_kick)(void *opaque);
    /* Call nvgpu_host_work() once time_ns() >= deadline (parked semaphore acquires). */
    void (*host_kick_at)(void *opaque, uint64_t deadline_ns);
    /*
     * Between two channel slices of nvgpu_host_work(): a front end running
     * the host on its own thread may let other calls into the model run here
     * (it holds no pointers into the model across this call).
     */
    void (*host_yield)(void *opaque);
    /* An access to a register the model does not implement (for tracing). */
    void (*unimp)(void *opaque, bool is_write, uint32_t offset, unsigned size,
                  uint32_t value);
    /*
     * A class method the model stores but does not execute (reported once
     * per method and object): the class's and the method's names.
     */
    void (*unimp_method)(void *opaque, uint32_t chid, const char *cls, const char *mthd,
                         uint32_t offset, uint32_t data);
    /* One executed SM instruction, disassembled (only with NvGpuConfig.sm_trace). */
    void (*sm_trace)(void *opaque, const char *line);
    /*
     * Trace points (nv-trace.h): while *trace_on[id] is non-zero (a NULL
     * pointer: never), the core calls trace with a record of point id.
     */
    const uint16_t *trace_on[NV_TRACE_COUNT];
    void (*trace)(void *opaque, const NvTraceRecord *rec);
    /*
     * Called on each SM worker thread before it first runs work, and before
     * it exits (QEMU registers the thread with RCU: workers reach system
     * memory through dma_read/dma_write).
     */
    void (*thread_start)(void *opaque);
    void (*thread_stop)(void *opaque);
} NvPlatform;

/* One engine of the PTOP device-info table. */
typedef struct NvTopEngine {
    uint32_t type, inst, pri_base, fault_id;
    uint32_t engine, runlist, intr, reset;
    bool no_runlist;                    /* not a host engine: engine and runlist unset */
} NvTopEngine;

/* Chip identity and fixed facts (one per supported chip). */
typedef struct NvChipProfile {
    const char *name;
    uint32_t boot0;
    uint16_t pci_vendor, pci_device;
    uint16_t subsys_vendor, subsys_device;
    uint32_t pci_class;                 /* base << 16 | sub << 8 | prog-if */
    uint32_t strap;                     /* PEXTDEV_BOOT_0 */
    uint8_t vbios_version[5];           /* major, chip, minor, micro, oem */
    uint8_t max_gpcs, max_tpcs_per_gpc, sms_per_tpc;
    uint8_t fbps, ltc_per_fbp, slices_per_ltc;
    bool display_fused_off;
    const NvTopEngine *engines;         /* engines the model runs, in table order */
    size_t engine_count;
} NvChipProfile;

extern const NvChipProfile nv_chip_tu104;             /* Tesla T4: display fused off */
extern const NvChipProfile nv_chip_tu104_display;     /* Quadro RTX 4000: one output */

/* Per-instance configuration (device properties). */
typedef struct NvGpuConfig {
    const NvChipProfile *chip;
    uint64_t vram_size;                 /* bytes: power of two, 256 MiB .. 32 GiB */
    uint32_t gpcs, tpcs_per_gpc, sms_per_tpc;
    uint32_t sm_threads;                /* SM worker threads */
    uint64_t sm_budget;                 /* warp-instructions per launch; 0: the default */
    uint64_t sm_mem_max;                /* host memory the SM may use for all launches (decoded
                                           code, CTA state, local memory, constant banks);
                                           0: NV_SM_DEFAULT_MEM_MAX */
    uint64_t sm_resident_mem;           /* NvSmConfig.resident_mem: 0 keeps few CTAs live */
    bool sm_trace;                      /* every executed instruction to plat.sm_trace */
} NvGpuConfig;

/*
 * The watchdog: about 2 s of interpretation on one host core (Windows TDR),
 * as a count so that when it fires does not depend on the host.
 */
#define NV_SM_DEFAULT_BUDGET    (1ull << 27)

#define NV_VRAM_SIZE_MIN        (256ull << 20)
#define NV_VRAM_SIZE_MAX        (32ull << 30)
#define NV_MAX_SM_THREADS       64

/* Checks a configuration; on failure writes a reason into err and returns false. */
bool nvgpu_config_valid(const NvGpuConfig *cfg, char *err, size_t errlen);

/* Creates a model in its cold-reset state (VRAM committed lazily). NULL on failure. */
NvGpu *nvgpu_new(const NvGpuConfig *cfg, const NvPlatform *plat);
void nvgpu_free(NvGpu *gpu);
/* Returns every register to its cold value. VRAM contents are kept. */
void nvgpu_reset(NvGpu *gpu);

/* BAR0 (privileged registers): 1, 2 or 4 bytes at any offset < NV_BAR0_SIZE. */
uint32_t nvgpu_bar0_read(NvGpu *gpu, uint32_t offset, unsigned size);
/*
 * The counter registers the guest polls (PTIMER TIME_0/1 and the usermode
 * mirror, 32-bit reads): may be called without serialising with the other
 * entry points. True with *val for those, false for anything else.
 */
bool nvgpu_bar0_read_time(NvGpu *gpu, uint32_t offset, unsigned size, uint32_t *val);
void nvgpu_bar0_write(NvGpu *gpu, uint32_t offset, uint32_t value, unsigned size);

/*
 * BAR1 (bar = 1) and BAR2 (bar = 2, PCI BAR3) apertures: 1..8 bytes at an
 * offset, translated through the MMU of the bound instance block (or VRAM
 * directly in physical mode). A failing access reads 0 / is dropped and is
 * reported as an MMU fault.
 */
uint64_t nvgpu_bar_read(NvGpu *gpu, unsigned bar, uint64_t offset, unsigned size);
/*
 * The VRAM address behind the 4 KiB page of a BAR offset, for a front end
 * that lets the guest reach it directly until the platform's bar_unmap
 * (which every TLB invalidate, BAR rebind and reset calls): only pages the
 * guest may write and that are VRAM (not sparse, read-only or system
 * memory). Reports nothing; false for any other page.
 */
bool nvgpu_bar_page(NvGpu *gpu, unsigned bar, uint64_t offset, uint64_t *vram_addr);
void nvgpu_bar_write(NvGpu *gpu, unsigned bar, uint64_t offset, uint64_t value,
                     unsigned size);

/* The VBIOS image served by the PROM window and the PCI expansion ROM. */
const uint8_t *nvgpu_rom(const NvGpu *gpu, size_t *len);

/* Interrupt state: the level of the line and the count of its rising edges. */
bool nvgpu_irq_level(NvGpu *gpu);
uint32_t nvgpu_irq_edges(NvGpu *gpu);

/*
 * Runs the host (FIFO) for a bounded amount of work: GPFIFO entries,
 * pushbuffers, host methods and engines of the runnable channels. Returns
 * true if work remains (call again soon).
 */
bool nvgpu_host_work(NvGpu *gpu);

/*
 * The guest-error catalogue (nv-errors.h): a kind's trace name and meaning
 * (NULL past the end), and how often the guest made it since creation.
 */
const char *nvgpu_guest_error_name(unsigned kind);
const char *nvgpu_guest_error_what(unsigned kind);
uint64_t nvgpu_guest_error_count(const NvGpu *gpu, unsigned kind);

/*
 * A front-end thread is about to wait for the lock it serialises calls into
 * the model with, while another thread runs host work: the running work
 * ends at its next check (a pushbuffer chunk, a copy step, an SM quantum)
 * rather than at its budget. Thread-safe; pair with nvgpu_lock_wait_end()
 * once the lock is taken.
 */
void nvgpu_lock_wait_begin(NvGpu *gpu);
void nvgpu_lock_wait_end(NvGpu *gpu);

/* Host memory the SM holds for guest launches now (bytes, at most NvGpuConfig.sm_mem_max). */
uint64_t nvgpu_sm_mem_used(const NvGpu *gpu);

/* The platform timer armed through timer_arm() expired. */
void nvgpu_timer_expired(NvGpu *gpu);

/* Direct VRAM access for front ends and tests (bounds-checked; false if out of range). */
uint64_t nvgpu_vram_size(const NvGpu *gpu);
bool nvgpu_vram_read(NvGpu *gpu, uint64_t addr, void *buf, size_t len);
bool nvgpu_vram_write(NvGpu *gpu, uint64_t addr, const void *buf, size_t len);
/*
 * Host memory behind VRAM [addr, addr + len), for a front end that shows a
 * surface without copying it (the mapping lives as long as the model);
 * NULL when the range is not inside VRAM.
 */
uint8_t *nvgpu_vram_ptr(NvGpu *gpu, uint64_t addr, uint64_t len);

/*
 * The display (chips whose display is not fused off). What a head shows,
 * as of the last armed state: the raster, and the planes of the windows
 * it owns, back to front, each already checked against its context DMA
 * and VRAM.
 */
typedef struct NvScanoutPlane {
    uint32_t format;            /* NV_DISP_FMT_* (nv-disp.h) */
    uint32_t bpp;               /* bytes per pixel */
    uint64_t addr;              /* VRAM offset of the surface */
    uint32_t pitch;             /* bytes per row (block linear: per row of GOBs / 8) */
    bool block_linear;
    uint32_t block_height_log2, surface_height;
    uint32_t src_x, src_y, src_w, src_h;    /* the part of the surface shown */
    int32_t dst_x, dst_y;       /* where it is shown */
} NvScanoutPlane;

#define NV_SCANOUT_PLANES   2

typedef struct NvScanout {
    bool active;                /* an output is routed to the head and it has a mode */
    uint32_t width, height;     /* visible size */
    uint32_t refresh_mhz;
    unsigned planes;            /* windows showing a surface, back to front */
    NvScanoutPlane plane[NV_SCANOUT_PLANES];
    /* the cursor: a square of premultiplied ARGB over the plane (nouveau's composition) */
    bool cursor;
    uint32_t cursor_size, cursor_format;    /* 32..256; NV_DISP_FMT_A8R8G8B8 or _A1R5G5B5 */
    uint64_t cursor_addr;                   /* VRAM offset, packed rows */
    int32_t cursor_x, cursor_y;             /* its top left on the head (may be negative) */
    uint32_t generation;        /* changes whenever anything above may have changed */
} NvScanout;

/* false: no display or no such head. */
bool nvgpu_disp_scanout(NvGpu *gpu, unsigned head, NvScanout *out);
/* Copies the shown rectangle of a plane, rows dst_pitch bytes apart. */
bool nvgpu_disp_read_plane(NvGpu *gpu, const NvScanoutPlane *p, uint8_t *dst,
                           uint32_t dst_pitch);
/* The cursor image of a scanout as premultiplied 0xAARRGGBB, cursor_size^2 words. */
bool nvgpu_disp_read_cursor(NvGpu *gpu, const NvScanout *so, uint32_t *argb);
/*
 * The monitor's EDID (up to 256 bytes), read by the driver over DDC. A
 * different one than before is a new monitor: the hot-plug line pulses.
 */
void nvgpu_disp_set_edid(NvGpu *gpu, const uint8_t *edid, size_t len);
/* The timer armed through disp_timer_arm() expired (a vblank). */
void nvgpu_disp_timer_expired(NvGpu *gpu);

#endif
