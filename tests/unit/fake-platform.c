/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "fake-platform.h"

static uint64_t fake_time(void *o)
{
    return ((FakePlatform *)o)->now;
}

static void fake_timer_arm(void *o, uint64_t deadline)
{
    FakePlatform *f = o;
    f->timer_armed = true;
    f->timer_deadline = deadline;
}

static void fake_disp_timer_arm(void *o, uint64_t deadline)
{
    FakePlatform *f = o;

    f->disp_timer_armed = true;
    f->disp_timer_deadline = deadline;
}

static void fake_timer_cancel(void *o)
{
    ((FakePlatform *)o)->timer_armed = false;
}

static void fake_irq_update(void *o)
{
    ((FakePlatform *)o)->irq_updates++;
}

static bool fake_dma(FakePlatform *f, uint64_t addr, size_t len)
{
    return addr <= FAKE_SYSMEM_SIZE && len <= FAKE_SYSMEM_SIZE - addr;
}

static uint8_t *fake_dma_page(void *o, uint64_t addr, bool write)
{
    FakePlatform *f = o;

    if (!f->sys_pages || !fake_dma(f, addr, 4096)) {
        return NULL;
    }
    f->sys_page_calls++;
    return f->sysmem + addr;
}

static bool fake_dma_read(void *o, uint64_t addr, void *buf, size_t len)
{
    FakePlatform *f = o;

    f->dma_calls++;
    if (!fake_dma(f, addr, len)) {
        return false;
    }
    memcpy(buf, f->sysmem + addr, len);
    return true;
}

static bool fake_dma_write(void *o, uint64_t addr, const void *buf, size_t len)
{
    FakePlatform *f = o;

    f->dma_calls++;
    if (!fake_dma(f, addr, len)) {
        return false;
    }
    memcpy(f->sysmem + addr, buf, len);
    return true;
}

static void fake_guest_error(void *o, unsigned kind, const char *msg)
{
    FakePlatform *f = o;
    f->guest_errors++;
    f->last_error_kind = kind;
    g_strlcpy(f->last_error, msg, sizeof(f->last_error));
}

static void fake_host_kick(void *o)
{
    ((FakePlatform *)o)->host_kicks++;
}

static void fake_host_kick_at(void *o, uint64_t deadline)
{
    FakePlatform *f = o;
    f->host_poll_armed = true;
    f->host_poll_deadline = deadline;
}

static void fake_unimp(void *o, bool is_write, uint32_t off, unsigned size, uint32_t val)
{
    FakePlatform *f = o;
    f->unimp_count++;
    f->unimp_write = is_write;
    f->unimp_offset = off;
}

static void fake_sm_trace(void *opaque, const char *line)
{
    fprintf(stderr, "%s\n", line);
}

FakePlatform *fake_new(uint64_t vram_size)
{
    NvGpuConfig cfg = {
        .chip = &nv_chip_tu104, .vram_size = vram_size,
        .gpcs = 1, .tpcs_per_gpc = 2, .sms_per_tpc = 2, .sm_threads = 1,
    };

    return fake_new_cfg(&cfg);
}

FakePlatform *fake_new_cfg(const NvGpuConfig *config)
{
    FakePlatform *f = g_new0(FakePlatform, 1);
    NvGpuConfig cfg = *config;

    f->now = 1000;
    f->plat = (NvPlatform) {
        .opaque = f, .time_ns = fake_time, .timer_arm = fake_timer_arm,
        .timer_cancel = fake_timer_cancel, .irq_update = fake_irq_update,
        .disp_timer_arm = fake_disp_timer_arm,
        .dma_read = fake_dma_read, .dma_write = fake_dma_write, .dma_page = fake_dma_page,
        .guest_error = fake_guest_error, .unimp = fake_unimp,
        .host_kick = fake_host_kick, .host_kick_at = fake_host_kick_at,
        .sm_trace = fake_sm_trace,
    };
    f->gpu = nvgpu_new(&cfg, &f->plat);
    g_assert_nonnull(f->gpu);
    return f;
}

void fake_free(FakePlatform *f)
{
    nvgpu_free(f->gpu);
    g_free(f);
}

void fake_advance(FakePlatform *f, uint64_t ns)
{
    f->now += ns;
    if (f->timer_armed && f->now >= f->timer_deadline) {
        f->timer_armed = false;
        nvgpu_timer_expired(f->gpu);
    }
    if (f->disp_timer_armed && f->now >= f->disp_timer_deadline) {
        f->disp_timer_armed = false;
        nvgpu_disp_timer_expired(f->gpu);
    }
    if (f->host_poll_armed && f->now >= f->host_poll_deadline) {
        f->host_poll_armed = false;
        fake_run_host(f);
    }
}

unsigned fake_run_host(FakePlatform *f)
{
    unsigned passes = 1;

    f->host_kicks = 0;
    while (nvgpu_host_work(f->gpu) && passes < 10000) {
        passes++;
    }
    return passes;
}

static void pt_w64(void *ctx, uint32_t target, uint64_t addr, uint64_t val)
{
    FakePlatform *f = ctx;

    if (target == NV_TARGET_VRAM) {
        g_assert_true(nvgpu_vram_write(f->gpu, addr, &val, 8));
    } else {
        g_assert_cmpuint(addr + 8, <=, FAKE_SYSMEM_SIZE);
        memcpy(f->sysmem + addr, &val, 8);
    }
}

static uint64_t pt_r64(void *ctx, uint32_t target, uint64_t addr)
{
    FakePlatform *f = ctx;
    uint64_t v = 0;

    if (target == NV_TARGET_VRAM) {
        g_assert_true(nvgpu_vram_read(f->gpu, addr, &v, 8));
    } else {
        g_assert_cmpuint(addr + 8, <=, FAKE_SYSMEM_SIZE);
        memcpy(&v, f->sysmem + addr, 8);
    }
    return v;
}

NvPtMem fake_pt_mem(FakePlatform *f)
{
    return (NvPtMem) { f, pt_w64, pt_r64 };
}

static uint32_t reg_rd(void *ctx, uint32_t off)
{
    return rd32(ctx, off);
}

static void reg_wr(void *ctx, uint32_t off, uint32_t v)
{
    wr32(ctx, off, v);
}

NvTestRegs fake_regs(FakePlatform *f)
{
    return (NvTestRegs) { f, reg_rd, reg_wr };
}
