/*
 * A flat device memory and kernel loader for running cubin kernels straight
 * on the SM API (no channel): tests and benchmarks of the interpreter.
 *
 * Device memory is one host buffer mapped at SM_DEV_BASE; the constant bank
 * 0 driver area is laid out as NVIDIA's CUDA driver does (blockDim at 0x0,
 * gridDim at 0xc, the shared and local generic windows at 0x18 and 0x20,
 * the stack top at 0x28, parameters from the cubin's parameter base).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_SASS_SM_HARNESS_H
#define TESTS_SASS_SM_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nvidia/sm/cubin.h"
#include "hw/nvidia/sm/sm.h"

#define SM_DEV_BASE     0x200000000ull
#define SM_SHARED_WIN   0x7f0000000000ull
#define SM_LOCAL_WIN    0x7f0001000000ull

typedef struct SmDev {
    uint8_t *mem;
    uint64_t size, top;         /* bytes mapped, bump allocator position */
    NvSm *sm;
    uint64_t budget;            /* watchdog for launches (0 = none) */
    uint32_t local_bytes;       /* local memory per thread (0 = what the kernel needs) */
    bool trace;
} SmDev;

typedef struct SmModule {
    char *image;                /* the cubin bytes (owned) */
    NvCubin cubin;
    uint64_t section_va[64];    /* device address of loaded sections (code, globals, banks) */
} SmModule;

typedef struct SmKernel {
    SmModule *mod;
    NvCubinKernel k;
    uint64_t entry;
} SmKernel;

bool sm_dev_init(SmDev *d, uint64_t size, unsigned workers);
/* The same with the SM array's configuration. */
bool sm_dev_init_cfg(SmDev *d, uint64_t size, const NvSmConfig *cfg);
void sm_dev_fini(SmDev *d);
/* The SM's view of the device memory (every page mapped directly). */
NvSmMemOps sm_dev_ops(SmDev *d);
/* Device memory (zeroed); 0 when full. */
uint64_t sm_dev_alloc(SmDev *d, uint64_t size);
/* Host pointer of device address va (NULL outside the memory). */
void *sm_dev_ptr(SmDev *d, uint64_t va, uint64_t len);

/* Loads a cubin file: code, globals, constant banks (with relocations). */
bool sm_module_load(SmDev *d, const char *path, SmModule *out);
void sm_module_free(SmModule *m);
bool sm_kernel_get(SmModule *m, const char *name, SmKernel *out);

/*
 * Creates the launch (parameters and driver area in a new constant bank 0)
 * for the caller to run; NULL with *err filled when the SM refuses it.
 */
NvSmLaunch *sm_launch_start(SmDev *d, const SmKernel *k, const uint32_t grid[3],
                            const uint32_t block[3], uint32_t dyn_shared,
                            const void *params, uint32_t param_size, NvSmError *err);
/*
 * Launches and runs to the end. params: the kernel's parameter bytes.
 * Returns the error kind (NV_SM_OK on success); err/stats may be NULL.
 */
NvSmErrorKind sm_launch(SmDev *d, const SmKernel *k, const uint32_t grid[3],
                        const uint32_t block[3], uint32_t dyn_shared,
                        const void *params, uint32_t param_size,
                        NvSmError *err, NvSmStats *stats);

#endif
