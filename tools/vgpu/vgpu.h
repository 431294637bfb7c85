/*
 * An in-process virtual GPU driven through the real hardware path: the model
 * core (a TU104 laid out like a Tesla T4) with a platform of its own, page
 * tables and a channel, a pushbuffer binding TURING_DMA_COPY_A and
 * TURING_COMPUTE_A, copies and fills on the copy engine, QMD launches by
 * SEND_PCAS, and completion seen in host semaphores. Used by nvgpu-run and
 * by the CUDA runtime (tools/cudart).
 *
 * Addresses are unified as CUDA's are: device memory and pinned host memory
 * have one address each, the same on the host and the GPU, taken from host
 * address space the library reserves so nothing else can ever alias them.
 * Pinned host memory is system memory the GPU reaches by DMA.
 *
 * Every operation is submitted and waited for before its call returns. After
 * a fault (a kernel error or an engine fault) the channel is dead: every later
 * operation fails until the NvVgpu is freed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TOOLS_VGPU_VGPU_H
#define TOOLS_VGPU_VGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/nvidia/sm/cubin.h"
#include "hw/nvidia/sm/sm.h"

typedef struct NvVgpu NvVgpu;
typedef struct NvVgpuModule NvVgpuModule;

typedef struct NvVgpuConfig {
    unsigned workers;           /* SM worker threads (0: one per host core) */
    uint64_t budget;            /* watchdog in warp-instructions (0: the model's default) */
    bool trace;                 /* every executed instruction to stderr */
} NvVgpuConfig;

/* What the device is, for property queries. */
typedef struct NvVgpuInfo {
    const char *name;
    uint32_t pci_device, pci_subsystem;
    unsigned sms;               /* streaming multiprocessors */
    uint64_t device_memory;     /* bytes of the device heap */
    uint64_t host_memory;       /* bytes of the pinned host heap */
} NvVgpuInfo;

typedef struct NvVgpuLaunch {
    uint32_t grid[3], block[3];
    uint32_t dyn_shared;        /* bytes of dynamic shared memory */
    const void *params;         /* the kernel's parameter bytes, as the cubin lays them out */
    uint32_t param_size;
    uint32_t stack_size;        /* per-thread stack bytes (0: CUDA's default, 1 KiB) */
    uint64_t grid_sync;         /* a cooperative launch's grid-barrier workspace (0: none) */
} NvVgpuLaunch;

/* NULL (with a message on stderr) when the address space cannot be reserved. */
NvVgpu *nv_vgpu_new(const NvVgpuConfig *cfg);
void nv_vgpu_free(NvVgpu *v);
void nv_vgpu_info(const NvVgpu *v, NvVgpuInfo *info);

/* Device memory (VRAM), 256-byte aligned; 0 when full. */
uint64_t nv_vgpu_alloc(NvVgpu *v, uint64_t bytes);
/* Frees an address nv_vgpu_alloc returned; false for anything else. */
bool nv_vgpu_free_mem(NvVgpu *v, uint64_t va);
/* Pinned host memory, reachable by the GPU at the same address; NULL when full. */
void *nv_vgpu_host_alloc(NvVgpu *v, uint64_t bytes);
bool nv_vgpu_host_free(NvVgpu *v, void *ptr);
uint64_t nv_vgpu_mem_free_bytes(const NvVgpu *v);
/*
 * Registers host memory [ptr, ptr + size) (any host memory the process
 * owns; whole pages around it are mapped): the GPU reaches it at the same
 * addresses, as pinned memory. false when it overlaps GPU memory or another
 * registration, or the page tables are full. Unregister with its ptr.
 */
bool nv_vgpu_host_register(NvVgpu *v, void *ptr, uint64_t size);
bool nv_vgpu_host_unregister(NvVgpu *v, void *ptr);

typedef enum NvVgpuMemKind {
    NV_VGPU_MEM_NONE,           /* not memory of this GPU (pageable host memory) */
    NV_VGPU_MEM_DEVICE,
    NV_VGPU_MEM_HOST,           /* pinned (allocated or registered) */
    NV_VGPU_MEM_INVALID,        /* in the GPU's ranges, but not inside one allocation */
} NvVgpuMemKind;

/*
 * The allocation containing [va, va + len): its kind, start and size (either
 * may be NULL).
 */
NvVgpuMemKind nv_vgpu_mem_find(const NvVgpu *v, uint64_t va, uint64_t len, uint64_t *base,
                               uint64_t *size);

/* Host buffer <-> GPU memory (device memory through a staging buffer and the copy engine). */
bool nv_vgpu_write(NvVgpu *v, uint64_t va, const void *buf, uint64_t len);
bool nv_vgpu_read(NvVgpu *v, uint64_t va, void *buf, uint64_t len);
/* Copy engine work between GPU addresses (device or pinned host memory). */
bool nv_vgpu_copy(NvVgpu *v, uint64_t dst, uint64_t src, uint64_t len);
bool nv_vgpu_copy2d(NvVgpu *v, uint64_t dst, uint64_t dpitch, uint64_t src, uint64_t spitch,
                    uint64_t width, uint64_t height);
/*
 * A block-linear side of a copy (nv-blocklinear.h): the surface's width in
 * bytes, height in rows, depth in slices, its block height and depth (log2
 * GOBs), the slice copied and the origin (x in bytes, y in rows).
 */
typedef struct NvVgpuBlock {
    uint32_t width, height, depth;
    uint8_t log2_h, log2_d;
    uint32_t layer, origin_x, origin_y;
} NvVgpuBlock;
/* A 2D copy where either side may be block linear (a NULL side is pitch linear). */
bool nv_vgpu_copy_block(NvVgpu *v, uint64_t dst, uint64_t dpitch, const NvVgpuBlock *dbl,
                        uint64_t src, uint64_t spitch, const NvVgpuBlock *sbl, uint64_t width,
                        uint64_t height);
/* Points the compute class at texture header and sampler pools (largest valid indices). */
bool nv_vgpu_tex_pools(NvVgpu *v, uint64_t headers, uint32_t header_max, uint64_t samplers,
                       uint32_t sampler_max);
/* Fills width bytes of each of height lines, pitch apart, with byte. */
bool nv_vgpu_fill2d(NvVgpu *v, uint64_t dst, uint64_t pitch, uint8_t byte, uint64_t width,
                    uint64_t height);
/*
 * The same with an element of esize bytes (1, 2 or 4; dst, pitch and width
 * multiples of it): width is in bytes.
 */
bool nv_vgpu_fill2d_elem(NvVgpu *v, uint64_t dst, uint64_t pitch, uint32_t value, unsigned esize,
                         uint64_t width, uint64_t height);
/* The GPU's timer (ns) when everything submitted before has completed. */
bool nv_vgpu_timestamp(NvVgpu *v, uint64_t *ns);

/*
 * Functions a cubin calls but does not define (vprintf, malloc: the driver's
 * in CUDA): fn gives the code address of an implementation and the
 * registers per thread it uses, or false when it has none. Set before
 * loading modules that need it.
 */
typedef bool (*NvVgpuResolveFn)(void *opaque, const char *name, uint64_t *va, unsigned *regs);
void nv_vgpu_set_resolver(NvVgpu *v, NvVgpuResolveFn fn, void *opaque);

/*
 * Loads a cubin (copied): globals, constant banks and code with their
 * relocations. NULL if unusable.
 */
NvVgpuModule *nv_vgpu_module_load(NvVgpu *v, const void *cubin, size_t size);
/*
 * The same, with the variables named in ov placed at the given addresses
 * instead of in the module's sections (CUDA's __managed__ variables live in
 * managed memory): relocations and nv_vgpu_module_symbol() use them.
 */
typedef struct NvVgpuSymbol {
    const char *name;
    uint64_t va;
} NvVgpuSymbol;
NvVgpuModule *nv_vgpu_module_load_placed(NvVgpu *v, const void *cubin, size_t size,
                                         const NvVgpuSymbol *ov, unsigned n_ov);
void nv_vgpu_module_free(NvVgpuModule *m);
const NvCubin *nv_vgpu_module_cubin(const NvVgpuModule *m);
/* The device address and size of a global or constant variable; false if absent. */
bool nv_vgpu_module_symbol(NvVgpuModule *m, const char *name, uint64_t *va, uint64_t *size);
/* The code address of function name (its code loaded) and its registers per thread. */
bool nv_vgpu_module_function(NvVgpuModule *m, const char *name, uint64_t *va, unsigned *regs);

/*
 * Runs kernel k of m to completion. Returns true on success; false with *err
 * (the SM's error; kind NV_SM_OK when the launch was refused or the channel
 * was already dead) and a message in nv_vgpu_last_error(). stats may be NULL.
 */
bool nv_vgpu_launch(NvVgpu *v, NvVgpuModule *m, const NvCubinKernel *k,
                    const NvVgpuLaunch *launch, NvSmError *err, NvSmStats *stats);
const char *nv_vgpu_last_error(const NvVgpu *v);
/* The channel faulted (see above). */
bool nv_vgpu_dead(const NvVgpu *v);

#endif
