/*
 * The in-process virtual GPU (see vgpu.h). The platform is the unit tests'
 * (tests/unit/fake-platform.c: a hand-driven clock and a small system
 * memory), the channel and page tables come from the builders the tests
 * share (tests/qtest/nv-chan.h, nv-pt.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "vgpu.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "fake-platform.h"
#include "gpu.h"
#include "host.h"

#define VRAM_SIZE       (1ull << 30)
#define CH_BASE         0x1000000ull        /* instance block, USERD, page tables */
#define SEM_PA          0x3000000ull
#define SEM_VA          0x10000000ull
#define HEAP_PA         0x4000000ull        /* 512 MiB of VRAM ... */
#define HEAP_VA         0x100000000ull      /* ... mapped here with 2 MiB pages */
#define HEAP_SIZE       (512ull << 20)
#define SHARED_WINDOW   0x7f0000000000ull
#define LOCAL_WINDOW    0x7f0001000000ull
#define CUDA_STACK_LIMIT 1024u              /* the CUDA runtime's default per-thread stack */
#define CB0_SIZE        0x1000u
#define MAX_SECTIONS    256
#define SUBCH           1
#define MAX_HOST_ROUNDS 100000000ull
/* the CUDA driver's part of constant bank 0 */
#define DRV_BLOCK       0x0
#define DRV_GRID        0xc
#define DRV_SHARED_WIN  0x18
#define DRV_LOCAL_WIN   0x20
#define DRV_STACK_TOP   0x28

struct NvVgpu {
    FakePlatform *f;
    NvTestChan ch;
    uint64_t heap_top;
    uint32_t payload;           /* the next launch's release value */
    char error[320];
};

struct NvVgpuModule {
    NvVgpu *v;
    char *image;
    NvCubin cubin;
    uint64_t section_va[MAX_SECTIONS];
};

NvVgpu *nv_vgpu_new(const NvVgpuConfig *cfg)
{
    NvVgpu *v = g_new0(NvVgpu, 1);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    NvGpuConfig gc = {
        .chip = &nv_chip_tu104, .vram_size = VRAM_SIZE,
        .gpcs = 1, .tpcs_per_gpc = 2, .sms_per_tpc = 2,
        .sm_threads = cfg->workers ? MIN(cfg->workers, NV_MAX_SM_THREADS) :
                      (uint32_t)MIN(MAX(cores, 1), NV_MAX_SM_THREADS),
        .sm_budget = cfg->budget, .sm_trace = cfg->trace,
    };

    v->f = fake_new_cfg(&gc);
    nvch_init(&v->ch, fake_pt_mem(v->f), fake_regs(v->f), 0, 0, CH_BASE, NV_TARGET_SYS_COH,
              0x10000, 0x11000);
    nvpt_map(&v->ch.vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (uint64_t off = 0; off < HEAP_SIZE; off += 1ull << NV_PAGE_SHIFT_2M) {
        nvpt_map(&v->ch.vmm, HEAP_VA + off, HEAP_PA + off, NV_TARGET_VRAM, NV_PAGE_SHIFT_2M, 0);
    }
    nvch_mthd1(&v->ch, SUBCH, NV_C46F_SET_OBJECT, NV_CLASS_TURING_COMPUTE_A);
    nvch_mthd1(&v->ch, SUBCH, A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A,
               (uint32_t)(SHARED_WINDOW >> 32));
    nvch_mthd1(&v->ch, SUBCH, A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B, (uint32_t)SHARED_WINDOW);
    nvch_mthd1(&v->ch, SUBCH, A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A,
               (uint32_t)(LOCAL_WINDOW >> 32));
    nvch_mthd1(&v->ch, SUBCH, A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B, (uint32_t)LOCAL_WINDOW);
    return v;
}

void nv_vgpu_free(NvVgpu *v)
{
    if (v) {
        fake_free(v->f);
        g_free(v);
    }
}

const char *nv_vgpu_last_error(const NvVgpu *v)
{
    return v->error;
}

/* ---- memory ---- */

uint64_t nv_vgpu_alloc(NvVgpu *v, uint64_t bytes)
{
    uint64_t at = (v->heap_top + 255) & ~255ull;

    if (bytes > HEAP_SIZE || at > HEAP_SIZE - bytes) {
        return 0;
    }
    v->heap_top = at + MAX(bytes, 1);
    return HEAP_VA + at;
}

static bool in_heap(uint64_t va, uint64_t len)
{
    return va >= HEAP_VA && va - HEAP_VA <= HEAP_SIZE && len <= HEAP_SIZE - (va - HEAP_VA);
}

bool nv_vgpu_write(NvVgpu *v, uint64_t va, const void *buf, uint64_t len)
{
    return in_heap(va, len) && nvgpu_vram_write(v->f->gpu, HEAP_PA + (va - HEAP_VA), buf, len);
}

bool nv_vgpu_read(NvVgpu *v, uint64_t va, void *buf, uint64_t len)
{
    return in_heap(va, len) && nvgpu_vram_read(v->f->gpu, HEAP_PA + (va - HEAP_VA), buf, len);
}

/* ---- modules ---- */

const NvCubin *nv_vgpu_module_cubin(const NvVgpuModule *m)
{
    return &m->cubin;
}

/* Copies section idx to device memory once; its address, 0 on failure. */
static uint64_t load_section(NvVgpuModule *m, unsigned idx)
{
    NvCubinSection s;

    if (idx >= MAX_SECTIONS || !nv_cubin_section(&m->cubin, idx, &s)) {
        return 0;
    }
    if (!m->section_va[idx]) {
        uint64_t va = nv_vgpu_alloc(m->v, MAX(s.size, 16));

        if (!va || (s.data && s.size && !nv_vgpu_write(m->v, va, s.data, s.size))) {
            return 0;
        }
        m->section_va[idx] = va;
    }
    return m->section_va[idx];
}

/* The 64-bit address relocations of a constant bank (globals, functions). */
static bool relocate(NvVgpuModule *m, unsigned idx, const NvCubinSection *s)
{
    g_autofree char *rel_name = g_strconcat(".rel", s->name, NULL);
    unsigned rel = nv_cubin_find_section(&m->cubin, rel_name);

    for (unsigned k = 0; rel && k < nv_cubin_reloc_count(&m->cubin, rel); k++) {
        NvCubinReloc rl;
        NvCubinSymbol sym;
        uint64_t base, addr;

        if (!nv_cubin_reloc(&m->cubin, rel, k, &rl) || rl.type != NV_CUBIN_R_CUDA_64 ||
            !nv_cubin_symbol(&m->cubin, rl.symbol, &sym) || rl.offset > s->size ||
            s->size - rl.offset < 8 || !(base = load_section(m, sym.section))) {
            return false;
        }
        addr = GUINT64_TO_LE(base + sym.value + (uint64_t)rl.addend);
        if (!nv_vgpu_write(m->v, m->section_va[idx] + rl.offset, &addr, 8)) {
            return false;
        }
    }
    return true;
}

NvVgpuModule *nv_vgpu_module_load(NvVgpu *v, const void *cubin, size_t size)
{
    NvVgpuModule *m = g_new0(NvVgpuModule, 1);

    m->v = v;
    m->image = g_memdup2(cubin, size);
    if (!nv_cubin_open(&m->cubin, m->image, size) || m->cubin.sm != 75) {
        snprintf(v->error, sizeof(v->error), "not an sm_75 cubin");
        nv_vgpu_module_free(m);
        return NULL;
    }
    for (unsigned i = 1; i < nv_cubin_section_count(&m->cubin); i++) {
        NvCubinSection s;

        if (!nv_cubin_section(&m->cubin, i, &s)) {
            continue;
        }
        if ((g_str_has_prefix(s.name, ".nv.global") || g_str_has_prefix(s.name, ".nv.constant")) &&
            !load_section(m, i)) {
            snprintf(v->error, sizeof(v->error), "cannot load section %s", s.name);
            nv_vgpu_module_free(m);
            return NULL;
        }
    }
    for (unsigned i = 1; i < nv_cubin_section_count(&m->cubin); i++) {
        NvCubinSection s;

        if (nv_cubin_section(&m->cubin, i, &s) && g_str_has_prefix(s.name, ".nv.constant") &&
            !relocate(m, i, &s)) {
            snprintf(v->error, sizeof(v->error), "unsupported relocation in %s", s.name);
            nv_vgpu_module_free(m);
            return NULL;
        }
    }
    return m;
}

void nv_vgpu_module_free(NvVgpuModule *m)
{
    if (m) {
        g_free(m->image);
        g_free(m);
    }
}

/* ---- launches ---- */

static bool write_qmd(NvVgpuModule *m, const NvCubinKernel *k, const NvVgpuLaunch *ln,
                      uint64_t qmd_va, uint64_t entry, uint64_t cb0, uint32_t local,
                      uint32_t payload)
{
    uint32_t q[NV_QMD_DWORDS] = { 0 };
    unsigned valid = 1;

    NV_QMD_SET(q, QMD_MAJOR_VERSION, NV_QMD_MAJOR_2);
    NV_QMD_SET(q, QMD_VERSION, NV_QMD_MINOR_3);
    NV_QMD_SET(q, PROGRAM_ADDRESS_LOWER, (uint32_t)entry);
    NV_QMD_SET(q, PROGRAM_ADDRESS_UPPER, (uint32_t)(entry >> 32));
    NV_QMD_SET(q, CTA_RASTER_WIDTH, ln->grid[0]);
    NV_QMD_SET(q, CTA_RASTER_HEIGHT, ln->grid[1]);
    NV_QMD_SET(q, CTA_RASTER_DEPTH, ln->grid[2]);
    NV_QMD_SET(q, CTA_THREAD_DIMENSION0, ln->block[0]);
    NV_QMD_SET(q, CTA_THREAD_DIMENSION1, ln->block[1]);
    NV_QMD_SET(q, CTA_THREAD_DIMENSION2, ln->block[2]);
    NV_QMD_SET(q, REGISTER_COUNT, k->registers);
    NV_QMD_SET(q, SHARED_MEMORY_SIZE, k->shared_size + ln->dyn_shared);
    NV_QMD_SET(q, SHADER_LOCAL_MEMORY_LOW_SIZE, local);
    nv_qmd_set(q, NV_QMD_CBUF_ADDR_LOWER_BIT(0), 32, (uint32_t)cb0);
    nv_qmd_set(q, NV_QMD_CBUF_ADDR_UPPER_BIT(0), NV_QMD_CBUF_ADDR_UPPER_WIDTH,
               (uint32_t)(cb0 >> 32));
    nv_qmd_set(q, NV_QMD_CBUF_SIZE_SHIFTED4_BIT(0), NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH,
               CB0_SIZE >> 4);
    for (unsigned b = 1; b < NV_QMD_CBUF_BANKS; b++) {
        unsigned sec = nv_cubin_const_bank(&m->cubin, k, b);
        NvCubinSection s;
        uint64_t va;

        if (!sec || !nv_cubin_section(&m->cubin, sec, &s) || s.size > NV_SM_CBUF_MAX ||
            !(va = load_section(m, sec))) {
            continue;
        }
        valid |= 1u << b;
        nv_qmd_set(q, NV_QMD_CBUF_ADDR_LOWER_BIT(b), 32, (uint32_t)va);
        nv_qmd_set(q, NV_QMD_CBUF_ADDR_UPPER_BIT(b), NV_QMD_CBUF_ADDR_UPPER_WIDTH,
                   (uint32_t)(va >> 32));
        nv_qmd_set(q, NV_QMD_CBUF_SIZE_SHIFTED4_BIT(b), NV_QMD_CBUF_SIZE_SHIFTED4_WIDTH,
                   (uint32_t)((s.size + 15) >> 4));
    }
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, valid);
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA);
    NV_QMD_SET(q, RELEASE0_ADDRESS_UPPER, (uint32_t)(SEM_VA >> 32));
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 1);
    NV_QMD_SET(q, RELEASE0_PAYLOAD, payload);
    return nv_vgpu_write(m->v, qmd_va, q, sizeof(q));
}

static uint32_t sem_value(NvVgpu *v)
{
    uint32_t x = 0;

    nvgpu_vram_read(v->f->gpu, SEM_PA, &x, 4);
    return x;
}

bool nv_vgpu_launch(NvVgpu *v, NvVgpuModule *m, const NvCubinKernel *k,
                    const NvVgpuLaunch *ln, NvSmError *err, NvSmStats *stats)
{
    uint8_t cb[CB0_SIZE] = { 0 };
    uint32_t local = (MAX(k->min_stack_size, k->frame_size) + CUDA_STACK_LIMIT + 15) & ~15u;
    uint64_t entry = load_section(m, k->text_section), windows[2] = { SHARED_WINDOW, LOCAL_WINDOW };
    uint64_t cb0 = nv_vgpu_alloc(v, CB0_SIZE), qmd = nv_vgpu_alloc(v, NV_QMD_BYTES), rounds = 0;
    uint32_t payload = ++v->payload;
    NvChannel *c;

    *err = (NvSmError){ .kind = NV_SM_OK };
    v->error[0] = 0;
    if (!entry || !cb0 || !qmd || ln->param_size > CB0_SIZE - k->param_base) {
        snprintf(v->error, sizeof(v->error), "out of device memory or parameters too large");
        return false;
    }
    memcpy(cb + DRV_BLOCK, ln->block, 12);
    memcpy(cb + DRV_GRID, ln->grid, 12);
    memcpy(cb + DRV_SHARED_WIN, &windows[0], 8);
    memcpy(cb + DRV_LOCAL_WIN, &windows[1], 8);
    memcpy(cb + DRV_STACK_TOP, &local, 4);
    memcpy(cb + k->param_base, ln->params, ln->param_size);
    if (!nv_vgpu_write(v, cb0, cb, CB0_SIZE) ||
        !write_qmd(m, k, ln, qmd, entry, cb0, local, payload)) {
        snprintf(v->error, sizeof(v->error), "cannot write the launch");
        return false;
    }
    nvch_mthd1(&v->ch, SUBCH, A_C5C0_SEND_PCAS_A, (uint32_t)(qmd >> C5C0_QMD_ADDRESS_SHIFT));
    nvch_mthd1(&v->ch, SUBCH, A_C5C0_SEND_SIGNALING_PCAS_B,
               R_C5C0_SEND_SIGNALING_PCAS_B_INVALIDATE_MASK |
               R_C5C0_SEND_SIGNALING_PCAS_B_SCHEDULE_MASK);
    nvch_submit(&v->ch);
    while (sem_value(v) != payload && rounds++ < MAX_HOST_ROUNDS) {
        if (!nvgpu_host_work(v->f->gpu) && sem_value(v) != payload) {
            break;      /* idle without the release: the launch failed */
        }
    }
    c = v->f->gpu->chan[0];
    if (c && c->compute && stats) {
        *stats = c->compute->stats;
    }
    if (sem_value(v) != payload) {
        if (c && c->compute) {
            *err = c->compute->err;
        }
        snprintf(v->error, sizeof(v->error), "%s",
                 v->f->guest_errors ? v->f->last_error : "the launch did not complete");
        return false;
    }
    return true;
}
