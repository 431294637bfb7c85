/*
 * A fake NvPlatform for unit tests: a hand-driven clock, a small system
 * memory, and records of interrupts, timers, guest errors and unimplemented
 * accesses.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_UNIT_FAKE_PLATFORM_H
#define TESTS_UNIT_FAKE_PLATFORM_H

#include <glib.h>
#include "hw/nvidia/nvgpu.h"
#include "nv-chan.h"

#define FAKE_SYSMEM_SIZE (4u << 20)

typedef struct FakePlatform {
    NvPlatform plat;
    NvGpu *gpu;
    uint64_t now;
    bool timer_armed;
    uint64_t timer_deadline;
    bool disp_timer_armed;              /* the display's vblank timer */
    uint64_t disp_timer_deadline;
    unsigned irq_updates;
    unsigned guest_errors;
    char last_error[256];
    unsigned last_error_kind;           /* NV_ERR_* of the last guest error */
    unsigned host_kicks;
    bool host_poll_armed;
    uint64_t host_poll_deadline;
    unsigned unimp_count;
    bool unimp_write;
    uint32_t unimp_offset;
    bool sys_pages;                     /* give the SM system memory pages (dma_page) */
    unsigned sys_page_calls, dma_calls;
    uint8_t sysmem[FAKE_SYSMEM_SIZE];
} FakePlatform;

/* Creates a TU104 model with default topology and the given VRAM size. */
FakePlatform *fake_new(uint64_t vram_size);
/* The same with a whole configuration (SM workers, watchdog, SM trace to stderr). */
FakePlatform *fake_new_cfg(const NvGpuConfig *cfg);
void fake_free(FakePlatform *f);
/* Advances the clock, firing the armed timer (and a due host poll). */
void fake_advance(FakePlatform *f, uint64_t ns);
/* Runs host work until the model says it is idle (bounded); returns the passes. */
unsigned fake_run_host(FakePlatform *f);

/* VRAM and fake system memory, and BAR0, for the page-table and channel builders. */
NvPtMem fake_pt_mem(FakePlatform *f);
NvTestRegs fake_regs(FakePlatform *f);

static inline uint32_t rd32(FakePlatform *f, uint32_t off)
{
    return nvgpu_bar0_read(f->gpu, off, 4);
}

static inline void wr32(FakePlatform *f, uint32_t off, uint32_t v)
{
    nvgpu_bar0_write(f->gpu, off, v, 4);
}

#endif
