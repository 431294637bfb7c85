/*
 * An in-process virtual GPU driven through the real hardware path: the model
 * core with an in-process platform, page tables and a channel in VRAM, a
 * pushbuffer binding TURING_COMPUTE_A, QMD launches by SEND_PCAS, completion
 * by the QMD's release semaphore. Used by nvgpu-run; the base for a CUDA
 * runtime over the model.
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

typedef struct NvVgpuLaunch {
    uint32_t grid[3], block[3];
    uint32_t dyn_shared;        /* bytes of dynamic shared memory */
    const void *params;         /* the kernel's parameter bytes, as the cubin lays them out */
    uint32_t param_size;
} NvVgpuLaunch;

NvVgpu *nv_vgpu_new(const NvVgpuConfig *cfg);
void nv_vgpu_free(NvVgpu *v);

/* Device memory: a bump allocator over 512 MiB of VRAM; 0 when full. */
uint64_t nv_vgpu_alloc(NvVgpu *v, uint64_t bytes);
bool nv_vgpu_write(NvVgpu *v, uint64_t va, const void *buf, uint64_t len);
bool nv_vgpu_read(NvVgpu *v, uint64_t va, void *buf, uint64_t len);

/* Loads a cubin (copied): globals, constant banks with their relocations. NULL if unusable. */
NvVgpuModule *nv_vgpu_module_load(NvVgpu *v, const void *cubin, size_t size);
void nv_vgpu_module_free(NvVgpuModule *m);
const NvCubin *nv_vgpu_module_cubin(const NvVgpuModule *m);

/*
 * Runs kernel of m to completion. Returns true on success; false with *err
 * (the SM's error, kind NV_SM_OK when the launch was refused) and a message
 * in nv_vgpu_last_error(). stats may be NULL.
 */
bool nv_vgpu_launch(NvVgpu *v, NvVgpuModule *m, const NvCubinKernel *k,
                    const NvVgpuLaunch *launch, NvSmError *err, NvSmStats *stats);
const char *nv_vgpu_last_error(const NvVgpu *v);

#endif
