/*
 * What an engine class (copy, inline-to-memory, ...) sees of the channel it
 * runs on: memory access through the channel's address space (or physical),
 * the clock, and the ways to signal. Engines are pure state machines over
 * this interface, so they can be unit-tested with a fake memory.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_ENGINE_H
#define HW_NVIDIA_GPU_ENGINES_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct NvMemIf {
    void *opaque;
    /*
     * Reads or writes len bytes at addr: a GPU virtual address of the channel
     * when virt, else a physical address in target (NV_TARGET_* of nv-mmu.h).
     * false means the access faulted; the provider has already reported the
     * MMU fault, and the engine must stop the operation.
     */
    bool (*read)(void *opaque, bool virt, uint32_t target, uint64_t addr,
                 void *buf, size_t len);
    bool (*write)(void *opaque, bool virt, uint32_t target, uint64_t addr,
                  const void *buf, size_t len);
    /* The GPU clock (PTIMER), for semaphore timestamps. */
    uint64_t (*time_ns)(void *opaque);
    /* A non-stalling interrupt (e.g. LAUNCH_DMA's INTERRUPT_TYPE NON_BLOCKING). */
    void (*nonstall_intr)(void *opaque);
    /* A launch or method error: the engine's error interrupt plus a guest error. */
    void (*error)(void *opaque, const char *msg);
    /*
     * Optional (may be NULL): host memory of the whole 4 KiB page at virtual
     * address va when it is directly addressable (VRAM), else NULL; a fault
     * sets *fault (already reported, like read/write).
     */
    uint8_t *(*page)(void *opaque, uint64_t va, bool write, bool *fault);
} NvMemIf;

/* Result of running an engine for a bounded amount of work. */
typedef enum NvEngineStatus {
    NV_ENGINE_IDLE,         /* nothing left to do */
    NV_ENGINE_BUSY,         /* more work: call run again (the budget was used up) */
    NV_ENGINE_ERROR,        /* the operation stopped on an error (already reported) */
} NvEngineStatus;

#endif
