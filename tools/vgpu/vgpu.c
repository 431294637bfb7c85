/*
 * The in-process virtual GPU (see vgpu.h).
 *
 * System memory is one host mapping: "physical" address p is sys + p, and
 * the GPU maps all of it at the mapping's own host address, so pinned host
 * memory has one address everywhere. The channel's GP ring, pushbuffer,
 * fence and launch descriptors live at its start; then a staging buffer for
 * pageable copies; the rest is the pinned heap. Device memory is VRAM
 * mapped with 2 MiB pages at a host range reserved without access.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "vgpu.h"
#include "heap.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/nvgpu.h"
#include "nv-chan.h"
#include "base/gpu.h"
#include "host/host.h"
#include "engines/compute.h"

#define VRAM_SIZE       (16ull << 30)       /* a Tesla T4 */
#define CH_BASE         0x1000000ull        /* instance block, USERD, page tables */
#define HEAP_PA         (64ull << 20)       /* device memory: the rest of VRAM */
#define HEAP_SIZE       (VRAM_SIZE - HEAP_PA)
#define SYS_SIZE        (1ull << 30)
#define SYS_FENCE       0x0                 /* 16 bytes: payload, timestamp */
#define SYS_GP          0x10000
#define SYS_PB          0x11000
#define SYS_QMD         0x40000
#define SYS_CB0         0x41000
#define SYS_STAGE       (2ull << 20)
#define STAGE_SIZE      (8ull << 20)
#define SYS_PINNED      (16ull << 20)
#define REG_PA          (1ull << 40)        /* system addresses of registered host memory */
#define PT_LIMIT        (HEAP_PA - (1ull << 20))  /* page tables stop short of the heap */
#define GPU_VA_LIMIT    ((1ull << 47) - 1)  /* the host's user addresses */
#define PT_COST_2M      (16u << 10)         /* at most, for the tables of a 2 MiB range */
#define PAGE_2M         (1ull << NV_PAGE_SHIFT_2M)
#define VA_FIRST        (64ull << 30)       /* where reservations are tried first ... */
#define VA_STEP         (64ull << 30)
#define VA_END          (1ull << 40)        /* ... below the channel's VA limit */
#define ALLOC_ALIGN     256
#define SHARED_WINDOW   0x7f0000000000ull   /* above VA_END: never aliases memory */
#define LOCAL_WINDOW    0x7f0001000000ull
#define CUDA_STACK_LIMIT 1024u              /* the CUDA runtime's default per-thread stack */
#define CB0_MAX         0x10000u            /* a whole bank: CUDA allows 32 KiB of parameters */
#define MAX_LOCAL_BYTES (512u << 10)        /* per thread, as CUDA's stack limit */
#define SUBCH_COMPUTE   1
#define SUBCH_COPY      4
#define PB_DWORDS       (NVCH_PB_PAGES * 1024u)
#define PB_OP_MAX       256                 /* dwords one operation may push */
#define CE_CHUNK        (1ull << 30)        /* LINE_LENGTH_IN is 32 bits */
#define MAX_HOST_ROUNDS 4000000000ull
/* the CUDA driver's part of constant bank 0 */
#define DRV_BLOCK       0x0
#define DRV_GRID        0xc
#define DRV_SHARED_WIN  0x18
#define DRV_LOCAL_WIN   0x20
#define DRV_STACK_TOP   0x28
#define DRV_GRID_SYNC_HI 0x8c   /* cooperative groups' grid barrier: its address, high word */
#define DRV_GRID_SYNC_LO 0x90   /* ... and low word (0: not a cooperative launch; grid.sync() traps) */

struct NvVgpu {
    NvPlatform plat;
    NvGpu *gpu;
    uint8_t *sys;               /* system memory; also its GPU address */
    uint8_t *heap_va;           /* the reserved range device memory is mapped at */
    NvHeap dev, host;
    uint32_t *page_refs;        /* allocations on each 2 MiB page of device memory */
    NvTestChan ch;
    uint32_t fence;             /* the last fence payload */
    bool dead;
    unsigned sms;
    GArray *regs;               /* NvVgpuReg: registered host memory */
    uint64_t reg_pa_next;
    NvVgpuResolveFn resolve;
    void *resolve_opaque;
    char error[320];
};

/* Registered host memory: the pages [va, va + size) at system address pa. */
typedef struct NvVgpuReg {
    uint64_t ptr, len;          /* as registered */
    uint64_t va, size, pa;      /* the whole pages */
} NvVgpuReg;

struct NvVgpuModule {
    NvVgpu *v;
    char *image;
    NvCubin cubin;
    uint64_t *section_va;       /* per section of the cubin, 0 until loaded */
    unsigned sections;
    unsigned extern_regs;       /* registers of the functions resolved outside it */
    NvVgpuSymbol *placed;       /* variables placed elsewhere (names owned) */
    unsigned n_placed;
};

/* ---- the platform: real time, DMA into the system memory mapping ---- */

static uint64_t plat_time(void *o)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void plat_nop(void *o)
{
}

static void plat_timer_arm(void *o, uint64_t deadline)
{
}

static bool sys_range(uint64_t addr, uint64_t len)
{
    return addr <= SYS_SIZE && len <= SYS_SIZE - addr;
}

/* Host memory behind system addresses [addr, addr + len): ours or registered; NULL if none. */
static uint8_t *sys_host(NvVgpu *v, uint64_t addr, uint64_t len)
{
    if (sys_range(addr, len)) {
        return v->sys + addr;
    }
    for (guint i = 0; v->regs && i < v->regs->len; i++) {
        const NvVgpuReg *r = &g_array_index(v->regs, NvVgpuReg, i);

        if (addr >= r->pa && addr - r->pa <= r->size && len <= r->size - (addr - r->pa)) {
            return (uint8_t *)(uintptr_t)(r->va + (addr - r->pa));
        }
    }
    return NULL;
}

static bool plat_dma_read(void *o, uint64_t addr, void *buf, size_t len)
{
    uint8_t *p = sys_host(o, addr, len);

    if (p) {
        memcpy(buf, p, len);
    }
    return p != NULL;
}

static bool plat_dma_write(void *o, uint64_t addr, const void *buf, size_t len)
{
    uint8_t *p = sys_host(o, addr, len);

    if (p) {
        memcpy(p, buf, len);
    }
    return p != NULL;
}

/*
 * System memory is the library's own mapping, alive as long as the GPU, or
 * registered memory, which no kernel outlives (work completes at
 * submission): the SM uses it directly.
 */
static uint8_t *plat_dma_page(void *o, uint64_t addr, bool write)
{
    return sys_host(o, addr, 4096);
}

static void plat_error(void *o, unsigned kind, const char *msg)
{
    NvVgpu *v = o;

    snprintf(v->error, sizeof(v->error), "%s: %s", nvgpu_guest_error_name(kind), msg);
}

static void plat_unimp(void *o, bool is_write, uint32_t off, unsigned size, uint32_t val)
{
}

static void plat_sm_trace(void *o, const char *line)
{
    fprintf(stderr, "%s\n", line);
}

/* Page tables and channel structures, for the builders of nv-chan.h. */
static void pt_w64(void *o, uint32_t target, uint64_t addr, uint64_t val)
{
    NvVgpu *v = o;

    if (target == NV_TARGET_VRAM) {
        nvgpu_vram_write(v->gpu, addr, &val, 8);
    } else if (sys_range(addr, 8)) {
        memcpy(v->sys + addr, &val, 8);
    }
}

static uint64_t pt_r64(void *o, uint32_t target, uint64_t addr)
{
    NvVgpu *v = o;
    uint64_t val = 0;

    if (target == NV_TARGET_VRAM) {
        nvgpu_vram_read(v->gpu, addr, &val, 8);
    } else if (sys_range(addr, 8)) {
        memcpy(&val, v->sys + addr, 8);
    }
    return val;
}

static uint32_t reg_rd(void *o, uint32_t off)
{
    return nvgpu_bar0_read(((NvVgpu *)o)->gpu, off, 4);
}

static void reg_wr(void *o, uint32_t off, uint32_t val)
{
    nvgpu_bar0_write(((NvVgpu *)o)->gpu, off, val, 4);
}

/* ---- setup ---- */

/* Host address space below VA_END, 2 MiB aligned, that nothing else uses. */
static void *reserve(uint64_t size, int prot)
{
    for (uint64_t at = VA_FIRST; at <= VA_END - size; at += VA_STEP) {
        void *p = mmap((void *)(uintptr_t)at, size, prot,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);

        if (p == (void *)(uintptr_t)at) {
            return p;
        }
        if (p != MAP_FAILED) {
            munmap(p, size);
        }
    }
    return NULL;
}

static uint64_t sys_va(const NvVgpu *v, uint64_t pa)
{
    return (uint64_t)(uintptr_t)v->sys + pa;
}

static void push(NvVgpu *v, unsigned subch, uint32_t mthd, uint32_t val)
{
    nvch_mthd1(&v->ch, subch, mthd, val);
}

static bool op_finish(NvVgpu *v, bool stamp);

static bool channel_setup(NvVgpu *v)
{
    nvch_init(&v->ch, (NvPtMem) { v, pt_w64, pt_r64 }, (NvTestRegs) { v, reg_rd, reg_wr },
              0, 0, CH_BASE, NV_TARGET_SYS_COH, SYS_GP, SYS_PB);
    /* the whole user address space: registered host memory is anywhere in it */
    v->ch.vmm.mem.write64(v, NV_TARGET_VRAM, CH_BASE + A_RAMIN_VA_LIMIT, GPU_VA_LIMIT);
    for (uint64_t off = 0; off < SYS_SIZE; off += PAGE_2M) {
        nvpt_map(&v->ch.vmm, sys_va(v, off), off, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_2M, 0);
    }
    push(v, SUBCH_COMPUTE, A_C46F_SET_OBJECT, NV_CLASS_TURING_COMPUTE_A);
    push(v, SUBCH_COPY, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    push(v, SUBCH_COMPUTE, A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_A,
         (uint32_t)(SHARED_WINDOW >> 32));
    push(v, SUBCH_COMPUTE, A_C5C0_SET_SHADER_SHARED_MEMORY_WINDOW_B, (uint32_t)SHARED_WINDOW);
    push(v, SUBCH_COMPUTE, A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A,
         (uint32_t)(LOCAL_WINDOW >> 32));
    push(v, SUBCH_COMPUTE, A_C5C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B, (uint32_t)LOCAL_WINDOW);
    return op_finish(v, false);
}

NvVgpu *nv_vgpu_new(const NvVgpuConfig *cfg)
{
    NvVgpu *v = g_new0(NvVgpu, 1);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    NvGpuConfig gc = {
        .chip = &nv_chip_tu104, .vram_size = VRAM_SIZE,
        .gpcs = 5, .tpcs_per_gpc = 4, .sms_per_tpc = 2,    /* 40 SMs, as a T4 */
        .sm_threads = cfg->workers ? MIN(cfg->workers, NV_MAX_SM_THREADS) :
                      (uint32_t)MIN(MAX(cores, 1), NV_MAX_SM_THREADS),
        .sm_budget = cfg->budget, .sm_trace = cfg->trace,
        /* CUDA's cooperative launches need every block of the grid live */
        .sm_resident_mem = NV_SM_DEFAULT_MEM_MAX / 4,
    };

    v->sms = gc.gpcs * gc.tpcs_per_gpc * gc.sms_per_tpc;
    v->plat = (NvPlatform) {
        .opaque = v, .time_ns = plat_time, .timer_arm = plat_timer_arm,
        .timer_cancel = plat_nop, .irq_update = plat_nop,
        .dma_read = plat_dma_read, .dma_write = plat_dma_write, .dma_page = plat_dma_page,
        .guest_error = plat_error, .unimp = plat_unimp,
        .host_kick = plat_nop, .host_kick_at = plat_timer_arm, .sm_trace = plat_sm_trace,
    };
    v->sys = reserve(SYS_SIZE, PROT_READ | PROT_WRITE);
    v->heap_va = reserve(HEAP_SIZE, PROT_NONE);
    v->gpu = v->sys && v->heap_va ? nvgpu_new(&gc, &v->plat) : NULL;
    if (!v->gpu || !channel_setup(v)) {
        fprintf(stderr, "vgpu: cannot create the virtual GPU (%s)\n",
                !v->sys || !v->heap_va ? "no free address space below 1 TiB" : v->error);
        nv_vgpu_free(v);
        return NULL;
    }
    nv_heap_init(&v->dev, (uint64_t)(uintptr_t)v->heap_va, HEAP_SIZE, ALLOC_ALIGN);
    v->page_refs = g_new0(uint32_t, HEAP_SIZE / PAGE_2M);
    nv_heap_init(&v->host, sys_va(v, SYS_PINNED), SYS_SIZE - SYS_PINNED, ALLOC_ALIGN);
    return v;
}

void nv_vgpu_free(NvVgpu *v)
{
    if (!v) {
        return;
    }
    if (v->gpu) {
        nvgpu_free(v->gpu);
    }
    nv_heap_fini(&v->dev);
    nv_heap_fini(&v->host);
    g_free(v->page_refs);
    if (v->regs) {
        g_array_free(v->regs, true);
    }
    if (v->sys) {
        munmap(v->sys, SYS_SIZE);
    }
    if (v->heap_va) {
        munmap(v->heap_va, HEAP_SIZE);
    }
    g_free(v);
}

void nv_vgpu_info(const NvVgpu *v, NvVgpuInfo *info)
{
    *info = (NvVgpuInfo) {
        .name = "Tesla T4", .pci_device = nv_chip_tu104.pci_device,
        .pci_subsystem = nv_chip_tu104.subsys_device, .sms = v->sms,
        .device_memory = HEAP_SIZE, .host_memory = SYS_SIZE - SYS_PINNED,
    };
}

const char *nv_vgpu_last_error(const NvVgpu *v)
{
    return v->error;
}

bool nv_vgpu_dead(const NvVgpu *v)
{
    return v->dead;
}

/* ---- submission: every operation ends with a fence it waits for ---- */

static uint32_t fence_value(const NvVgpu *v)
{
    return __atomic_load_n((const uint32_t *)(v->sys + SYS_FENCE), __ATOMIC_ACQUIRE);
}

static bool op_begin(NvVgpu *v)
{
    if (v->dead) {
        snprintf(v->error, sizeof(v->error), "the GPU channel has faulted");
        return false;
    }
    /* everything submitted has completed: the pushbuffer can start over */
    if (v->ch.pb_pos == v->ch.pb_start && v->ch.pb_pos > PB_DWORDS - PB_OP_MAX) {
        v->ch.pb_pos = v->ch.pb_start = 0;
    }
    return true;
}

static bool op_finish(NvVgpu *v, bool stamp)
{
    uint32_t payload = ++v->fence;
    uint64_t va = sys_va(v, SYS_FENCE), rounds = 0;

    push(v, 0, A_C46F_SEM_ADDR_LO, (uint32_t)va);
    push(v, 0, A_C46F_SEM_ADDR_HI, (uint32_t)(va >> 32));
    push(v, 0, A_C46F_SEM_PAYLOAD_LO, payload);
    push(v, 0, A_C46F_SEM_PAYLOAD_HI, 0);
    push(v, 0, A_C46F_SEM_EXECUTE,
         NV_FDP32(0, C46F_SEM_EXECUTE, OPERATION, NV_SEMX_OP_RELEASE) |
         NV_FDP32(0, C46F_SEM_EXECUTE, RELEASE_TIMESTAMP, stamp));
    nvch_submit(&v->ch);
    while (fence_value(v) != payload && rounds++ < MAX_HOST_ROUNDS) {
        if (!nvgpu_host_work(v->gpu) && fence_value(v) != payload) {
            break;      /* idle without the fence: the channel faulted */
        }
    }
    if (fence_value(v) != payload) {
        v->dead = true;
        if (!v->error[0]) {
            snprintf(v->error, sizeof(v->error), "the GPU channel stopped");
        }
        return false;
    }
    return true;
}

/* ---- memory ---- */

/*
 * Device memory is mapped while allocated, so that stray accesses fault as
 * on a GPU; in 2 MiB pages, which small allocations share. Unmapping writes
 * the PTE invalid and invalidates the TLB, as a driver does.
 */
static void map_pages(NvVgpu *v, uint64_t va, uint64_t size, bool map)
{
    uint64_t first = (va - v->dev.base) / PAGE_2M, last = (va - v->dev.base + size - 1) / PAGE_2M;
    bool unmapped = false;

    for (uint64_t p = first; p <= last; p++) {
        uint64_t pva = v->dev.base + p * PAGE_2M;

        if (map && v->page_refs[p]++ == 0) {
            nvpt_map(&v->ch.vmm, pva, HEAP_PA + p * PAGE_2M, NV_TARGET_VRAM, NV_PAGE_SHIFT_2M, 0);
        } else if (!map && --v->page_refs[p] == 0) {
            v->ch.vmm.mem.write64(v, NV_TARGET_VRAM,
                                  nvpt_pte_addr(&v->ch.vmm, pva, NV_PAGE_SHIFT_2M), 0);
            unmapped = true;
        }
    }
    if (unmapped) {
        reg_wr(v, A_VF_MMU_INVALIDATE, R_VF_MMU_INVALIDATE_TRIGGER_MASK |
                                       R_VF_MMU_INVALIDATE_ALL_VA_MASK |
                                       R_VF_MMU_INVALIDATE_ALL_PDB_MASK);
    }
}

uint64_t nv_vgpu_alloc(NvVgpu *v, uint64_t bytes)
{
    uint64_t va = nv_heap_alloc(&v->dev, bytes), size;

    if (va && nv_heap_find(&v->dev, va, 1, NULL, &size)) {
        map_pages(v, va, size, true);
    }
    return va;
}

bool nv_vgpu_free_mem(NvVgpu *v, uint64_t va)
{
    uint64_t start, size;

    if (!nv_heap_find(&v->dev, va, 1, &start, &size) || start != va) {
        return false;
    }
    nv_heap_free(&v->dev, va);
    map_pages(v, va, size, false);
    return true;
}

void *nv_vgpu_host_alloc(NvVgpu *v, uint64_t bytes)
{
    return (void *)(uintptr_t)nv_heap_alloc(&v->host, bytes);
}

bool nv_vgpu_host_free(NvVgpu *v, void *ptr)
{
    return nv_heap_free(&v->host, (uint64_t)(uintptr_t)ptr);
}

uint64_t nv_vgpu_mem_free_bytes(const NvVgpu *v)
{
    return v->dev.size - v->dev.in_use;
}

/* The registration whose pages overlap [va, va + len), or -1. */
static int reg_find(const NvVgpu *v, uint64_t va, uint64_t len)
{
    for (guint i = 0; v->regs && i < v->regs->len; i++) {
        const NvVgpuReg *r = &g_array_index(v->regs, NvVgpuReg, i);

        if (va < r->va + r->size && r->va < va + MAX(len, 1)) {
            return (int)i;
        }
    }
    return -1;
}

NvVgpuMemKind nv_vgpu_mem_find(const NvVgpu *v, uint64_t va, uint64_t len, uint64_t *base,
                               uint64_t *size)
{
    int reg;

    if (nv_heap_find(&v->dev, va, len, base, size)) {
        return NV_VGPU_MEM_DEVICE;
    }
    if (nv_heap_find(&v->host, va, len, base, size)) {
        return NV_VGPU_MEM_HOST;
    }
    if ((reg = reg_find(v, va, len)) >= 0) {
        const NvVgpuReg *r = &g_array_index(v->regs, NvVgpuReg, reg);

        if (va < r->ptr || len > r->len || va - r->ptr > r->len - len) {
            return NV_VGPU_MEM_INVALID;
        }
        if (base) {
            *base = r->ptr;
        }
        if (size) {
            *size = r->len;
        }
        return NV_VGPU_MEM_HOST;
    }
    if ((va >= v->dev.base && va - v->dev.base < HEAP_SIZE) ||
        (va >= sys_va(v, 0) && va - sys_va(v, 0) < SYS_SIZE) ||
        (va < v->dev.base && len > v->dev.base - va) ||
        (va < sys_va(v, 0) && len > sys_va(v, 0) - va)) {
        return NV_VGPU_MEM_INVALID;
    }
    return NV_VGPU_MEM_NONE;
}

/* Host pointer to pinned or registered memory [va, va + len), or NULL. */
static uint8_t *pinned(NvVgpu *v, uint64_t va, uint64_t len)
{
    uint64_t base = sys_va(v, 0);

    if (va >= base && sys_range(va - base, len)) {
        return v->sys + (va - base);
    }
    return nv_vgpu_mem_find(v, va, len, NULL, NULL) == NV_VGPU_MEM_HOST
           ? (uint8_t *)(uintptr_t)va : NULL;
}

/* Maps (pa != 0) or unmaps the 4 KiB pages [va, va + size), then invalidates the TLB. */
static void map_sys_pages(NvVgpu *v, uint64_t va, uint64_t size, uint64_t pa)
{
    for (uint64_t off = 0; off < size; off += 4096) {
        if (pa) {
            nvpt_map(&v->ch.vmm, va + off, pa + off, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
        } else {
            v->ch.vmm.mem.write64(v, NV_TARGET_VRAM,
                                  nvpt_pte_addr(&v->ch.vmm, va + off, NV_PAGE_SHIFT_4K), 0);
        }
    }
    reg_wr(v, A_VF_MMU_INVALIDATE, R_VF_MMU_INVALIDATE_TRIGGER_MASK |
                                   R_VF_MMU_INVALIDATE_ALL_VA_MASK |
                                   R_VF_MMU_INVALIDATE_ALL_PDB_MASK);
}

bool nv_vgpu_host_register(NvVgpu *v, void *ptr, uint64_t size)
{
    NvVgpuReg r = { .ptr = (uint64_t)(uintptr_t)ptr, .len = size };

    r.va = r.ptr & ~4095ull;
    if (!ptr || !size || r.ptr + size < r.ptr || r.ptr + size > GPU_VA_LIMIT) {
        return false;
    }
    r.size = ((r.ptr + size + 4095) & ~4095ull) - r.va;
    /* its pages must not touch GPU memory or another registration's pages */
    if (nv_vgpu_mem_find(v, r.va, r.size, NULL, NULL) != NV_VGPU_MEM_NONE ||
        reg_find(v, r.va, r.size) >= 0 || v->ch.vmm.next > PT_LIMIT ||
        (r.size / PAGE_2M + 2) * PT_COST_2M > PT_LIMIT - v->ch.vmm.next) {
        return false;
    }
    r.pa = v->reg_pa_next ? v->reg_pa_next : REG_PA;
    v->reg_pa_next = r.pa + r.size + 4096;      /* a hole between registrations */
    map_sys_pages(v, r.va, r.size, r.pa);
    if (!v->regs) {
        v->regs = g_array_new(false, false, sizeof(NvVgpuReg));
    }
    g_array_append_val(v->regs, r);
    return true;
}

bool nv_vgpu_host_unregister(NvVgpu *v, void *ptr)
{
    for (guint i = 0; v->regs && i < v->regs->len; i++) {
        NvVgpuReg *r = &g_array_index(v->regs, NvVgpuReg, i);

        if (r->ptr == (uint64_t)(uintptr_t)ptr) {
            map_sys_pages(v, r->va, r->size, 0);
            g_array_remove_index_fast(v->regs, i);
            return true;
        }
    }
    return false;
}

/* The block-linear side of a copy: its block size, extent and origin. */
static void ce_bl_side(NvVgpu *v, const NvVgpuBlock *b, bool dst)
{
    uint32_t bs = NV_FDP32(0, C5B5_BLOCK_SIZE, HEIGHT, b->log2_h) |
                  NV_FDP32(0, C5B5_BLOCK_SIZE, DEPTH, b->log2_d) |
                  NV_FDP32(0, C5B5_BLOCK_SIZE, GOB_HEIGHT, C5B5_GOB_HEIGHT_FERMI_8);

    push(v, SUBCH_COPY, dst ? A_C5B5_SET_DST_BLOCK_SIZE : A_C5B5_SET_SRC_BLOCK_SIZE, bs);
    push(v, SUBCH_COPY, dst ? A_C5B5_SET_DST_WIDTH : A_C5B5_SET_SRC_WIDTH, b->width);
    push(v, SUBCH_COPY, dst ? A_C5B5_SET_DST_HEIGHT : A_C5B5_SET_SRC_HEIGHT, b->height);
    push(v, SUBCH_COPY, dst ? A_C5B5_SET_DST_DEPTH : A_C5B5_SET_SRC_DEPTH, b->depth);
    push(v, SUBCH_COPY, dst ? A_C5B5_SET_DST_LAYER : A_C5B5_SET_SRC_LAYER, b->layer);
    push(v, SUBCH_COPY, dst ? A_C5B5_DST_ORIGIN_X : A_C5B5_SRC_ORIGIN_X, b->origin_x);
    push(v, SUBCH_COPY, dst ? A_C5B5_DST_ORIGIN_Y : A_C5B5_SRC_ORIGIN_Y, b->origin_y);
}

/*
 * One copy (or with remap, fill) on the copy engine, then the fence. A
 * side with a block description is block linear (widths in bytes), else pitch.
 */
static bool ce_run_layout(NvVgpu *v, uint64_t dst, uint64_t dpitch, const NvVgpuBlock *dbl,
                          uint64_t src, uint64_t spitch, const NvVgpuBlock *sbl,
                          uint64_t width, uint64_t height, bool fill)
{
    uint32_t launch =
        NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE, C5B5_DATA_TRANSFER_NON_PIPELINED) |
        NV_FDP32(0, C5B5_LAUNCH_DMA, FLUSH_ENABLE, 1) |
        NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT,
                 sbl ? C5B5_LAYOUT_BLOCKLINEAR : C5B5_LAYOUT_PITCH) |
        NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT,
                 dbl ? C5B5_LAYOUT_BLOCKLINEAR : C5B5_LAYOUT_PITCH) |
        NV_FDP32(0, C5B5_LAUNCH_DMA, MULTI_LINE_ENABLE, height > 1) |
        NV_FDP32(0, C5B5_LAUNCH_DMA, REMAP_ENABLE, fill) |
        NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_TYPE, C5B5_TYPE_VIRTUAL) |
        NV_FDP32(0, C5B5_LAUNCH_DMA, DST_TYPE, C5B5_TYPE_VIRTUAL);

    if (width > UINT32_MAX || height > UINT32_MAX || dpitch > UINT32_MAX ||
        spitch > UINT32_MAX || !op_begin(v)) {
        return false;
    }
    if (!width || !height) {
        return true;
    }
    push(v, SUBCH_COPY, A_C5B5_OFFSET_IN_UPPER, (uint32_t)(src >> 32));
    push(v, SUBCH_COPY, A_C5B5_OFFSET_IN_LOWER, (uint32_t)src);
    push(v, SUBCH_COPY, A_C5B5_OFFSET_OUT_UPPER, (uint32_t)(dst >> 32));
    push(v, SUBCH_COPY, A_C5B5_OFFSET_OUT_LOWER, (uint32_t)dst);
    push(v, SUBCH_COPY, A_C5B5_PITCH_IN, (uint32_t)spitch);
    push(v, SUBCH_COPY, A_C5B5_PITCH_OUT, (uint32_t)dpitch);
    if (sbl) {
        ce_bl_side(v, sbl, false);
    }
    if (dbl) {
        ce_bl_side(v, dbl, true);
    }
    push(v, SUBCH_COPY, A_C5B5_LINE_LENGTH_IN, (uint32_t)width);
    push(v, SUBCH_COPY, A_C5B5_LINE_COUNT, (uint32_t)height);
    push(v, SUBCH_COPY, A_C5B5_LAUNCH_DMA, launch);
    return op_finish(v, false);
}

static bool ce_run(NvVgpu *v, uint64_t dst, uint64_t dpitch, uint64_t src, uint64_t spitch,
                   uint64_t width, uint64_t height, bool fill)
{
    return ce_run_layout(v, dst, dpitch, NULL, src, spitch, NULL, width, height, fill);
}

bool nv_vgpu_copy_block(NvVgpu *v, uint64_t dst, uint64_t dpitch, const NvVgpuBlock *dbl,
                        uint64_t src, uint64_t spitch, const NvVgpuBlock *sbl, uint64_t width,
                        uint64_t height)
{
    return ce_run_layout(v, dst, dpitch, dbl, src, spitch, sbl, width, height, false);
}

bool nv_vgpu_tex_pools(NvVgpu *v, uint64_t headers, uint32_t header_max, uint64_t samplers,
                       uint32_t sampler_max)
{
    if (!op_begin(v)) {
        return false;
    }
    push(v, SUBCH_COMPUTE, A_C5C0_SET_TEX_HEADER_POOL_A, (uint32_t)(headers >> 32));
    push(v, SUBCH_COMPUTE, A_C5C0_SET_TEX_HEADER_POOL_B, (uint32_t)headers);
    push(v, SUBCH_COMPUTE, A_C5C0_SET_TEX_HEADER_POOL_C, header_max);
    push(v, SUBCH_COMPUTE, A_C5C0_SET_TEX_SAMPLER_POOL_A, (uint32_t)(samplers >> 32));
    push(v, SUBCH_COMPUTE, A_C5C0_SET_TEX_SAMPLER_POOL_B, (uint32_t)samplers);
    push(v, SUBCH_COMPUTE, A_C5C0_SET_TEX_SAMPLER_POOL_C, sampler_max);
    return op_finish(v, false);
}

bool nv_vgpu_copy2d(NvVgpu *v, uint64_t dst, uint64_t dpitch, uint64_t src, uint64_t spitch,
                    uint64_t width, uint64_t height)
{
    return ce_run(v, dst, dpitch, src, spitch, width, height, false);
}

bool nv_vgpu_copy(NvVgpu *v, uint64_t dst, uint64_t src, uint64_t len)
{
    for (uint64_t off = 0; off < len; off += CE_CHUNK) {
        if (!ce_run(v, dst + off, 0, src + off, 0, MIN(CE_CHUNK, len - off), 1, false)) {
            return false;
        }
    }
    return true;
}

bool nv_vgpu_fill2d(NvVgpu *v, uint64_t dst, uint64_t pitch, uint8_t byte, uint64_t width,
                    uint64_t height)
{
    /* 4-byte components when every line allows it, else bytes */
    bool words = !(dst & 3) && !(pitch & 3) && !(width & 3);

    return nv_vgpu_fill2d_elem(v, dst, pitch, byte * (words ? 0x01010101u : 1u), words ? 4 : 1,
                               width, height);
}

bool nv_vgpu_fill2d_elem(NvVgpu *v, uint64_t dst, uint64_t pitch, uint32_t konst, unsigned csize,
                         uint64_t width, uint64_t height)
{
    if ((csize != 1 && csize != 2 && csize != 4) || (dst | pitch | width) % csize) {
        return false;
    }
    if (!op_begin(v)) {
        return false;
    }
    push(v, SUBCH_COPY, A_C5B5_SET_REMAP_CONST_A, konst);
    push(v, SUBCH_COPY, A_C5B5_SET_REMAP_COMPONENTS,
         NV_FDP32(0, C5B5_SET_REMAP_COMPONENTS, DST_X, C5B5_REMAP_CONST_A) |
         NV_FDP32(0, C5B5_SET_REMAP_COMPONENTS, DST_Y, C5B5_REMAP_NO_WRITE) |
         NV_FDP32(0, C5B5_SET_REMAP_COMPONENTS, DST_Z, C5B5_REMAP_NO_WRITE) |
         NV_FDP32(0, C5B5_SET_REMAP_COMPONENTS, DST_W, C5B5_REMAP_NO_WRITE) |
         NV_FDP32(0, C5B5_SET_REMAP_COMPONENTS, COMPONENT_SIZE, csize - 1));
    if (height == 1) {
        for (uint64_t off = 0; off < width; off += CE_CHUNK) {
            if (!ce_run(v, dst + off, 0, dst + off, 0, MIN(CE_CHUNK, width - off) / csize, 1,
                        true)) {
                return false;
            }
        }
        return true;
    }
    return ce_run(v, dst, pitch, dst, pitch, width / csize, height, true);
}

bool nv_vgpu_timestamp(NvVgpu *v, uint64_t *ns)
{
    if (!op_begin(v) || !op_finish(v, true)) {
        return false;
    }
    memcpy(ns, v->sys + SYS_FENCE + 8, 8);
    return true;
}

/* Pageable host memory moves through the staging buffer in pieces. */
bool nv_vgpu_write(NvVgpu *v, uint64_t va, const void *buf, uint64_t len)
{
    uint8_t *p = pinned(v, va, len);

    if (p) {
        memcpy(p, buf, len);
        return true;
    }
    for (uint64_t off = 0; off < len; off += STAGE_SIZE) {
        uint64_t n = MIN(STAGE_SIZE, len - off);

        memcpy(v->sys + SYS_STAGE, (const uint8_t *)buf + off, n);
        if (!nv_vgpu_copy(v, va + off, sys_va(v, SYS_STAGE), n)) {
            return false;
        }
    }
    return true;
}

bool nv_vgpu_read(NvVgpu *v, uint64_t va, void *buf, uint64_t len)
{
    uint8_t *p = pinned(v, va, len);

    if (p) {
        memcpy(buf, p, len);
        return true;
    }
    for (uint64_t off = 0; off < len; off += STAGE_SIZE) {
        uint64_t n = MIN(STAGE_SIZE, len - off);

        if (!nv_vgpu_copy(v, sys_va(v, SYS_STAGE), va + off, n)) {
            return false;
        }
        memcpy((uint8_t *)buf + off, v->sys + SYS_STAGE, n);
    }
    return true;
}

/* ---- modules ---- */

const NvCubin *nv_vgpu_module_cubin(const NvVgpuModule *m)
{
    return &m->cubin;
}

static bool relocate_code(NvVgpuModule *m, const NvCubinSection *s, uint8_t *code);

/* Copies section idx to device memory once (code relocated); its address, 0 on failure. */
static uint64_t load_section(NvVgpuModule *m, unsigned idx)
{
    NvCubinSection s;
    g_autofree uint8_t *code = NULL;
    const uint8_t *data;

    if (idx >= m->sections || !nv_cubin_section(&m->cubin, idx, &s)) {
        return 0;
    }
    if (!m->section_va[idx]) {
        uint64_t va = nv_vgpu_alloc(m->v, MAX(s.size, 16));

        if (!va) {
            return 0;
        }
        m->section_va[idx] = va;    /* before relocating: code may refer to itself */
        data = s.data;
        if (data && g_str_has_prefix(s.name, ".text.")) {
            data = code = g_memdup2(s.data, s.size);
        }
        if ((code && !relocate_code(m, &s, code)) ||
            !(data && s.size ? nv_vgpu_write(m->v, va, data, s.size)
                             : nv_vgpu_fill2d(m->v, va, 0, 0, MAX(s.size, 16), 1))) {
            nv_vgpu_free_mem(m->v, va);
            m->section_va[idx] = 0;
            return 0;
        }
    }
    return m->section_va[idx];
}

/*
 * The address symbol sym stands for: in a section of the module (loaded on
 * demand), or, undefined, a function the resolver supplies.
 */
static bool symbol_address(NvVgpuModule *m, const NvCubinSymbol *sym, uint64_t *addr,
                           char *why, size_t why_len)
{
    NvVgpu *v = m->v;
    uint64_t base;
    unsigned regs;

    for (unsigned i = 0; i < m->n_placed; i++) {
        if (!strcmp(m->placed[i].name, sym->name)) {
            *addr = m->placed[i].va;
            return true;
        }
    }
    if (sym->section == 0) {
        if (!v->resolve || !v->resolve(v->resolve_opaque, sym->name, addr, &regs)) {
            snprintf(why, why_len,
                     "the code calls %s, a device-side library function nvqemu does not provide",
                     sym->name);
            return false;
        }
        m->extern_regs = MAX(m->extern_regs, regs);
        return true;
    }
    if (!(base = load_section(m, sym->section))) {
        return false;
    }
    *addr = base + sym->value;
    return true;
}

/*
 * One relocation of a code section: the address of a global split over two
 * 32-bit immediates (MOV lo; MOV hi) at bits 32..63 of the instruction. A
 * REL entry's addend would be the field's value, 0 in nvcc's output; any
 * other is refused. The YIELD rewrites are optional and left out (a YIELD
 * only lets other lanes run).
 */
static bool relocate_code_one(NvVgpuModule *m, const NvCubinSection *s, const NvCubinReloc *rl,
                              bool implicit_addend, void *code, char *why, size_t why_len)
{
    uint8_t *insn = (uint8_t *)code + rl->offset;
    NvCubinSymbol sym;
    uint64_t addr;
    uint32_t half;

    if (rl->type == NV_CUBIN_R_CUDA_YIELD_OPCODE9_0 ||
        rl->type == NV_CUBIN_R_CUDA_YIELD_CLEAR_PRED4_87) {
        return true;
    }
    if ((rl->type != NV_CUBIN_R_CUDA_ABS32_LO_32 && rl->type != NV_CUBIN_R_CUDA_ABS32_HI_32) ||
        rl->offset > s->size || s->size - rl->offset < 8 || (rl->offset & 15) ||
        (implicit_addend && memcmp(insn + 4, "\0\0\0\0", 4)) ||
        !nv_cubin_symbol(&m->cubin, rl->symbol, &sym)) {
        snprintf(why, why_len, "unsupported relocation in %s", s->name);
        return false;
    }
    if (!symbol_address(m, &sym, &addr, why, why_len)) {
        return false;
    }
    addr += (uint64_t)rl->addend;
    half = GUINT32_TO_LE(rl->type == NV_CUBIN_R_CUDA_ABS32_LO_32 ? (uint32_t)addr
                                                                 : (uint32_t)(addr >> 32));
    memcpy(insn + 4, &half, 4);
    return true;
}

/* One 64-bit address relocation of a data section (loaded at *va); false with *why set. */
static bool relocate_data_one(NvVgpuModule *m, const NvCubinSection *s, const NvCubinReloc *rl,
                              bool implicit_addend, void *va, char *why, size_t why_len)
{
    NvCubinSymbol sym;
    uint64_t addr, addend = (uint64_t)rl->addend;

    if ((rl->type != NV_CUBIN_R_CUDA_64 && rl->type != NV_CUBIN_R_CUDA_G64) ||
        !nv_cubin_symbol(&m->cubin, rl->symbol, &sym)) {
        snprintf(why, why_len, "unsupported relocation in %s", s->name);
        return false;
    }
    if (rl->offset > s->size || s->size - rl->offset < 8 ||
        !symbol_address(m, &sym, &addr, why, why_len)) {
        if (!why[0]) {
            snprintf(why, why_len, "bad relocation in %s", s->name);
        }
        return false;
    }
    if (implicit_addend && s->data) {
        uint64_t stored;

        memcpy(&stored, s->data + rl->offset, 8);
        addend = GUINT64_FROM_LE(stored);
    }
    addr = GUINT64_TO_LE(addr + addend);
    if (!nv_vgpu_write(m->v, *(uint64_t *)va + rl->offset, &addr, 8)) {
        snprintf(why, why_len, "cannot write %s", s->name);
        return false;
    }
    return true;
}

typedef bool (*RelocFn)(NvVgpuModule *m, const NvCubinSection *s, const NvCubinReloc *rl,
                        bool implicit_addend, void *ctx, char *why, size_t why_len);

/*
 * Applies fn to every relocation of section s (.rel, whose addends are
 * implicit, then .rela); false with *why set at the first that fails.
 */
static bool relocate_each(NvVgpuModule *m, const NvCubinSection *s, RelocFn fn, void *ctx,
                          char *why, size_t why_len)
{
    static const char *const prefixes[] = { ".rel", ".rela" };

    for (unsigned p = 0; p < G_N_ELEMENTS(prefixes); p++) {
        g_autofree char *rel_name = g_strconcat(prefixes[p], s->name, NULL);
        unsigned rel = nv_cubin_find_section(&m->cubin, rel_name);

        for (unsigned k = 0; rel && k < nv_cubin_reloc_count(&m->cubin, rel); k++) {
            NvCubinReloc rl;

            if (!nv_cubin_reloc(&m->cubin, rel, k, &rl) ||
                !fn(m, s, &rl, p == 0, ctx, why, why_len)) {
                if (!why[0]) {
                    snprintf(why, why_len, "bad relocation in %s", s->name);
                }
                return false;
            }
        }
    }
    return true;
}

/*
 * The relocations of a code section, in its copy before it is written (a
 * failure's reason in the GPU's error).
 */
static bool relocate_code(NvVgpuModule *m, const NvCubinSection *s, uint8_t *code)
{
    char why[sizeof(m->v->error)] = "";

    if (!relocate_each(m, s, relocate_code_one, code, why, sizeof(why))) {
        snprintf(m->v->error, sizeof(m->v->error), "%s", why);
        return false;
    }
    return true;
}

/*
 * The relocations of a data section: constant banks (globals, functions)
 * and initialised globals (pointers to other globals). With unified
 * addressing a generic address is the global address.
 */
static bool relocate(NvVgpuModule *m, unsigned idx, const NvCubinSection *s, char *why,
                     size_t why_len)
{
    return relocate_each(m, s, relocate_data_one, &m->section_va[idx], why, why_len);
}

static bool is_data_section(const char *name)
{
    return g_str_has_prefix(name, ".nv.global") || g_str_has_prefix(name, ".nv.constant");
}

NvVgpuModule *nv_vgpu_module_load(NvVgpu *v, const void *cubin, size_t size)
{
    return nv_vgpu_module_load_placed(v, cubin, size, NULL, 0);
}

NvVgpuModule *nv_vgpu_module_load_placed(NvVgpu *v, const void *cubin, size_t size,
                                         const NvVgpuSymbol *ov, unsigned n_ov)
{
    NvVgpuModule *m = g_new0(NvVgpuModule, 1);
    char why[sizeof(v->error)] = "";

    m->v = v;
    m->placed = g_new0(NvVgpuSymbol, n_ov);
    m->n_placed = n_ov;
    for (unsigned i = 0; i < n_ov; i++) {
        m->placed[i] = (NvVgpuSymbol){ g_strdup(ov[i].name), ov[i].va };
    }
    m->image = g_memdup2(cubin, size);
    if (!nv_cubin_open(&m->cubin, m->image, size) || m->cubin.sm != 75) {
        snprintf(why, sizeof(why), "not an sm_75 cubin");
    } else {
        m->sections = nv_cubin_section_count(&m->cubin);
        m->section_va = g_new0(uint64_t, m->sections);
    }
    for (unsigned i = 1; !why[0] && i < nv_cubin_section_count(&m->cubin); i++) {
        NvCubinSection s;

        if (nv_cubin_section(&m->cubin, i, &s) && is_data_section(s.name) &&
            !load_section(m, i)) {
            snprintf(why, sizeof(why), "cannot load %s", s.name);
        }
    }
    for (unsigned i = 1; !why[0] && i < nv_cubin_section_count(&m->cubin); i++) {
        NvCubinSection s;

        if (nv_cubin_section(&m->cubin, i, &s) && is_data_section(s.name)) {
            relocate(m, i, &s, why, sizeof(why));
        }
    }
    if (why[0]) {
        snprintf(v->error, sizeof(v->error), "%s", why);
        nv_vgpu_module_free(m);
        return NULL;
    }
    return m;
}

void nv_vgpu_module_free(NvVgpuModule *m)
{
    if (!m) {
        return;
    }
    for (unsigned i = 0; i < m->sections; i++) {
        if (m->section_va[i]) {
            nv_vgpu_free_mem(m->v, m->section_va[i]);
        }
    }
    for (unsigned i = 0; i < m->n_placed; i++) {
        g_free((char *)m->placed[i].name);
    }
    g_free(m->placed);
    g_free(m->section_va);
    g_free(m->image);
    g_free(m);
}

/*
 * Symbol name of m in a data section (globals, constants) or, with code, a
 * function in a code section; its section loaded at *base.
 */
static bool find_symbol(NvVgpuModule *m, const char *name, bool code, NvCubinSymbol *sym,
                        NvCubinSection *s, uint64_t *base)
{
    for (unsigned i = 1; i < nv_cubin_symbol_count(&m->cubin); i++) {
        if (!nv_cubin_symbol(&m->cubin, i, sym) || strcmp(sym->name, name) ||
            !nv_cubin_section(&m->cubin, sym->section, s) ||
            (code ? (sym->info & 0xf) != NV_CUBIN_STT_FUNC || !g_str_has_prefix(s->name, ".text.")
                  : !is_data_section(s->name)) ||
            sym->value > s->size || sym->size > s->size - sym->value ||
            !(*base = load_section(m, sym->section))) {
            continue;
        }
        return true;
    }
    return false;
}

bool nv_vgpu_module_symbol(NvVgpuModule *m, const char *name, uint64_t *va, uint64_t *size)
{
    NvCubinSymbol sym;
    NvCubinSection s;
    uint64_t base;
    char why[8];

    if (!find_symbol(m, name, false, &sym, &s, &base) ||
        !symbol_address(m, &sym, va, why, sizeof(why))) {
        return false;
    }
    *size = sym.size;
    return true;
}

bool nv_vgpu_module_function(NvVgpuModule *m, const char *name, uint64_t *va, unsigned *regs)
{
    NvCubinSymbol sym;
    NvCubinSection s;
    uint64_t base;

    if (!find_symbol(m, name, true, &sym, &s, &base)) {
        return false;
    }
    *va = base + sym.value;
    *regs = MAX(s.info >> 24, m->extern_regs);
    return true;
}

void nv_vgpu_set_resolver(NvVgpu *v, NvVgpuResolveFn fn, void *opaque)
{
    v->resolve = fn;
    v->resolve_opaque = opaque;
}

/* ---- launches ---- */

static void fill_qmd(uint32_t *q, NvVgpuModule *m, const NvCubinKernel *k,
                     const NvVgpuLaunch *ln, uint64_t entry, uint64_t cb0, uint32_t cb0_size,
                     uint32_t local)
{
    unsigned valid = 1;

    nv_qmd_set_launch(q, entry, ln->grid, ln->block);
    /* functions linked in from elsewhere run with the kernel's registers */
    NV_QMD_SET(q, REGISTER_COUNT, MAX(k->registers, m->extern_regs));
    NV_QMD_SET(q, SHARED_MEMORY_SIZE, k->shared_size + ln->dyn_shared);
    NV_QMD_SET(q, SHADER_LOCAL_MEMORY_LOW_SIZE, local);
    nv_qmd_set_cbuf(q, 0, cb0, cb0_size);
    for (unsigned b = 1; b < NV_QMD_CBUF_BANKS; b++) {
        unsigned sec = nv_cubin_const_bank(&m->cubin, k, b);
        NvCubinSection s;
        uint64_t va;

        if (sec && nv_cubin_section(&m->cubin, sec, &s) && s.size <= NV_SM_CBUF_MAX &&
            (va = load_section(m, sec))) {
            valid |= 1u << b;
            nv_qmd_set_cbuf(q, b, va, (uint32_t)s.size);
        }
    }
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, valid);
}

bool nv_vgpu_launch(NvVgpu *v, NvVgpuModule *m, const NvCubinKernel *k,
                    const NvVgpuLaunch *ln, NvSmError *err, NvSmStats *stats)
{
    uint8_t *cb = v->sys + SYS_CB0;
    uint32_t *q = (uint32_t *)(v->sys + SYS_QMD);
    uint64_t stack = ln->stack_size ? ln->stack_size : CUDA_STACK_LIMIT;
    uint32_t local = (uint32_t)MIN((MAX(k->min_stack_size, k->frame_size) + stack + 15) & ~15ull,
                                   MAX_LOCAL_BYTES);
    uint64_t windows[2] = { SHARED_WINDOW, LOCAL_WINDOW }, entry;
    uint32_t cb0_size;
    NvChannel *c;
    NvComputeState *cs;
    bool ok;

    *err = (NvSmError){ .kind = NV_SM_OK };
    if (!op_begin(v)) {
        return false;
    }
    v->error[0] = 0;
    entry = load_section(m, k->text_section);
    if (!entry || k->param_base > CB0_MAX || ln->param_size > CB0_MAX - k->param_base) {
        if (!v->error[0]) {
            snprintf(v->error, sizeof(v->error), "out of device memory or parameters too large");
        }
        return false;
    }
    cb0_size = MAX((k->param_base + ln->param_size + 255) & ~255u, 256u);
    memset(cb, 0, cb0_size);
    memcpy(cb + DRV_BLOCK, ln->block, 12);
    memcpy(cb + DRV_GRID, ln->grid, 12);
    memcpy(cb + DRV_SHARED_WIN, &windows[0], 8);
    memcpy(cb + DRV_LOCAL_WIN, &windows[1], 8);
    memcpy(cb + DRV_STACK_TOP, &local, 4);
    *(uint32_t *)(cb + DRV_GRID_SYNC_HI) = GUINT32_TO_LE((uint32_t)(ln->grid_sync >> 32));
    *(uint32_t *)(cb + DRV_GRID_SYNC_LO) = GUINT32_TO_LE((uint32_t)ln->grid_sync);
    memcpy(cb + k->param_base, ln->params, ln->param_size);
    memset(q, 0, NV_QMD_BYTES);
    fill_qmd(q, m, k, ln, entry, sys_va(v, SYS_CB0), cb0_size, local);
    push(v, SUBCH_COMPUTE, A_C5C0_SEND_PCAS_A,
         (uint32_t)(sys_va(v, SYS_QMD) >> C5C0_QMD_ADDRESS_SHIFT));
    push(v, SUBCH_COMPUTE, A_C5C0_SEND_SIGNALING_PCAS_B,
         R_C5C0_SEND_SIGNALING_PCAS_B_INVALIDATE_MASK |
         R_C5C0_SEND_SIGNALING_PCAS_B_SCHEDULE_MASK);
    ok = op_finish(v, false);
    c = v->gpu->chan[0];
    cs = c ? nv_chan_object(c, NV_CLASS_COMPUTE) : NULL;
    if (cs) {
        if (stats) {
            *stats = cs->stats;
        }
        if (!ok) {
            *err = cs->err;
        }
    }
    return ok;
}
