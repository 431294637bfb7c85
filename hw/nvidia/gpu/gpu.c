/*
 * The device layer of the model core: lifecycle and the entry points
 * (BAR0 dispatch through the unit table, BAR1/BAR2, host work, the timer).
 * Every entry point that can change an interrupt latch recomputes the line
 * before it returns, so the rooms below only latch.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "units.h"

bool nvgpu_config_valid(const NvGpuConfig *cfg, char *err, size_t errlen)
{
    const NvChipProfile *chip = cfg->chip;

    if (!chip) {
        snprintf(err, errlen, "no chip profile");
        return false;
    }
    if (cfg->vram_size < NV_VRAM_SIZE_MIN || cfg->vram_size > NV_VRAM_SIZE_MAX ||
        (cfg->vram_size & (cfg->vram_size - 1))) {
        snprintf(err, errlen, "vram-size must be a power of two from %llu MiB to %llu GiB",
                 NV_VRAM_SIZE_MIN >> 20, NV_VRAM_SIZE_MAX >> 30);
        return false;
    }
    if (cfg->gpcs < 1 || cfg->gpcs > chip->max_gpcs ||
        cfg->tpcs_per_gpc < 1 || cfg->tpcs_per_gpc > chip->max_tpcs_per_gpc ||
        cfg->sms_per_tpc < 1 || cfg->sms_per_tpc > chip->sms_per_tpc) {
        snprintf(err, errlen, "%s topology: gpcs 1..%u, tpcs-per-gpc 1..%u, sms-per-tpc 1..%u",
                 chip->name, chip->max_gpcs, chip->max_tpcs_per_gpc, chip->sms_per_tpc);
        return false;
    }
    if (cfg->sm_threads < 1 || cfg->sm_threads > NV_MAX_SM_THREADS) {
        snprintf(err, errlen, "sm-threads must be 1..%u", NV_MAX_SM_THREADS);
        return false;
    }
    return true;
}

NvGpu *nvgpu_new(const NvGpuConfig *cfg, const NvPlatform *plat)
{
    char why[128];
    NvGpu *gpu;

    if (!nvgpu_config_valid(cfg, why, sizeof(why)) || !plat->time_ns) {
        return NULL;
    }
    gpu = calloc(1, sizeof(*gpu));
    if (!gpu) {
        return NULL;
    }
    gpu->cfg = *cfg;
    gpu->chip = *cfg->chip;
    gpu->plat = *plat;
    gpu->vram_size = cfg->vram_size;
    /* Anonymous and unreserved: the host commits pages only when touched. */
    gpu->vram = mmap(NULL, gpu->vram_size, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (gpu->vram == MAP_FAILED || !nv_gr_alloc(gpu) || !nv_disp_alloc(gpu)) {
        if (gpu->vram != MAP_FAILED) {
            munmap(gpu->vram, gpu->vram_size);
        }
        free(gpu->pgraph);
        free(gpu);
        return NULL;
    }
    gpu->sm = nv_sm_new(&(NvSmConfig) {
        .workers = cfg->sm_threads, .mem_max = cfg->sm_mem_max,
        .resident_mem = cfg->sm_resident_mem,
        .thread_start = plat->thread_start, .thread_stop = plat->thread_stop,
        .opaque = plat->opaque,
    });
    gpu->compute_cfg = (NvComputeConfig) {
        .sm = gpu->sm,
        .budget = cfg->sm_budget ? cfg->sm_budget : NV_SM_DEFAULT_BUDGET,
        .sm_count = cfg->gpcs * cfg->tpcs_per_gpc * cfg->sms_per_tpc,
        .trace = cfg->sm_trace ? plat->sm_trace : NULL,
        .trace_opaque = plat->opaque,
    };
    gpu->rom_len = nv_vbios_build(&gpu->chip, gpu->rom);
    nv_top_build_device_info(gpu);
    nvgpu_reset(gpu);
    return gpu;
}

void nvgpu_free(NvGpu *gpu)
{
    if (!gpu) {
        return;
    }
    if (gpu->plat.timer_cancel) {
        gpu->plat.timer_cancel(gpu->plat.opaque);
    }
    nv_host_free(gpu);
    nv_disp_free(gpu);
    nv_sm_free(gpu->sm);
    munmap(gpu->vram, gpu->vram_size);
    free(gpu->pgraph);
    free(gpu);
}

void nvgpu_reset(NvGpu *gpu)
{
    memset(&gpu->r, 0, sizeof(gpu->r));
    nv_mmu_tlb_flush(gpu);
    gpu->r.pcfg.rom_shadow = 1;
    nv_plain_reset(gpu);
    nv_falcon_reset_all(gpu);
    nv_gr_reset(gpu);
    nv_host_reset(gpu);
    nv_ptimer_reset(gpu);
    nv_disp_reset(gpu);
    nv_irq_update(gpu);
}

static void report_unimp(NvGpu *gpu, bool is_write, uint32_t off, unsigned size, uint32_t val)
{
    if (gpu->plat.unimp) {
        gpu->plat.unimp(gpu->plat.opaque, is_write, off, size, val);
    }
}

static bool access_ok(uint32_t offset, unsigned size)
{
    return (size == 1 || size == 2 || size == 4) && offset < NV_BAR0_SIZE &&
           size <= NV_BAR0_SIZE - offset;
}

/* A unit's handler, then the plain registers; false if neither knows the offset. */
static bool bar0_read_reg(NvGpu *gpu, const NvUnit *u, uint32_t offset, unsigned size,
                          uint32_t *val)
{
    if (u && u->bytewise) {
        return size <= u->size && offset - u->base <= u->size - size &&
               u->read(gpu, offset, size, val);
    }
    /* Registers are 32-bit: a narrower read sees part of the dword. */
    uint32_t aligned = offset & ~3u, shift = (offset & 3) * 8;
    if (shift + size * 8 > 32) {
        return false;
    }
    if (!(u && u->read(gpu, aligned, 4, val)) && !nv_plain_read(gpu, aligned, val)) {
        return false;
    }
    if (size < 4) {
        *val = (*val >> shift) & ((1u << (size * 8)) - 1);
    }
    return true;
}

static bool bar0_write_reg(NvGpu *gpu, const NvUnit *u, uint32_t offset, uint32_t value,
                           unsigned size)
{
    if (u && u->bytewise) {
        return u->write && size <= u->size && offset - u->base <= u->size - size &&
               u->write(gpu, offset, value, size);
    }
    if (size != 4 || (offset & 3)) {
        return false;
    }
    return (u && u->write && u->write(gpu, offset, value, 4)) ||
           nv_plain_write(gpu, offset, value);
}

uint32_t nvgpu_bar0_read(NvGpu *gpu, uint32_t offset, unsigned size)
{
    uint32_t val = 0;

    if (access_ok(offset, size) && bar0_read_reg(gpu, nv_unit_find(offset), offset, size, &val)) {
        return val;
    }
    report_unimp(gpu, false, offset, size, 0);
    return 0;
}

void nvgpu_bar0_write(NvGpu *gpu, uint32_t offset, uint32_t value, unsigned size)
{
    if (!access_ok(offset, size) ||
        !bar0_write_reg(gpu, nv_unit_find(offset), offset, value, size)) {
        report_unimp(gpu, true, offset, size, value);
    }
    nv_irq_update(gpu);
}

const uint8_t *nvgpu_rom(const NvGpu *gpu, size_t *len)
{
    *len = gpu->rom_len;
    return gpu->rom;
}

bool nvgpu_irq_level(NvGpu *gpu)
{
    return gpu->irq_level;
}

uint32_t nvgpu_irq_edges(NvGpu *gpu)
{
    return gpu->irq_edges;
}

void nvgpu_timer_expired(NvGpu *gpu)
{
    nv_ptimer_alarm_fire(gpu);
    nv_irq_update(gpu);
}

void nvgpu_disp_set_edid(NvGpu *gpu, const uint8_t *edid, size_t len)
{
    nv_disp_set_edid(gpu, edid, len);
    nv_irq_update(gpu);
}

void nvgpu_disp_timer_expired(NvGpu *gpu)
{
    if (gpu->disp) {
        nv_disp_vblank(gpu);
        nv_irq_update(gpu);
    }
}

uint64_t nvgpu_bar_read(NvGpu *gpu, unsigned bar, uint64_t offset, unsigned size)
{
    uint64_t v = nv_bar_read(gpu, bar, offset, size);

    nv_irq_update(gpu);         /* a failed translation raised an MMU fault */
    return v;
}

void nvgpu_bar_write(NvGpu *gpu, unsigned bar, uint64_t offset, uint64_t value,
                     unsigned size)
{
    nv_bar_write(gpu, bar, offset, value, size);
    nv_irq_update(gpu);
}

void nvgpu_lock_wait_begin(NvGpu *gpu)
{
    __atomic_fetch_add(&gpu->lock_waiters, 1, __ATOMIC_RELAXED);
    nv_sm_yield_request(gpu->sm);      /* a launch's workers end their slice now */
}

uint64_t nvgpu_sm_mem_used(const NvGpu *gpu)
{
    return nv_sm_mem_used(gpu->sm);
}

void nvgpu_lock_wait_end(NvGpu *gpu)
{
    __atomic_fetch_sub(&gpu->lock_waiters, 1, __ATOMIC_RELAXED);
}

bool nvgpu_host_work(NvGpu *gpu)
{
    bool more = nv_host_work(gpu);

    nv_irq_update(gpu);
    return more;
}
