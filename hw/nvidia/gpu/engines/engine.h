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

#include "hw/nvidia/nvgpu.h"

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
    /* The engine's stalling interrupt (e.g. INTERRUPT_TYPE BLOCKING). */
    void (*stall_intr)(void *opaque);
    /*
     * A launch or method error of a kind of the catalogue (nv-errors.h):
     * a guest error; the engine's error interrupt follows when the method
     * or run call returns NV_ENGINE_ERROR.
     */
    void (*error)(void *opaque, NvGuestErrorKind kind, const char *msg);
    /*
     * Optional (may be NULL): host memory of the whole 4 KiB page at virtual
     * address va when it is directly addressable (VRAM), else NULL; a fault
     * sets *fault (already reported, like read/write).
     */
    uint8_t *(*page)(void *opaque, uint64_t va, bool write, bool *fault);
    /*
     * Optional (may be NULL): a trace point of the engine (nv-trace.h);
     * the provider fills in its channel and drops it while the point is off.
     */
    void (*trace)(void *opaque, NvTraceRecord *rec);
    /* Optional (may be NULL): a method the class stores but does not execute. */
    void (*unimp_method)(void *opaque, uint32_t mthd, uint32_t data);
} NvMemIf;

/* Result of running an engine for a bounded amount of work. */
typedef enum NvEngineStatus {
    NV_ENGINE_IDLE,         /* nothing left to do */
    NV_ENGINE_BUSY,         /* more work: call run again (the budget was used up) */
    NV_ENGINE_ERROR,        /* the operation stopped on an error (already reported) */
} NvEngineStatus;

/*
 * An engine class's behaviour, one row of the host's class table
 * (host/classes.h): its object is created at the first SET_OBJECT of the
 * class on a channel and lives until the channel is unbound.
 */
typedef struct NvEngineOps {
    void *(*create)(const NvGpu *gpu);      /* NULL: out of host memory */
    void (*destroy)(void *obj);
    /* One method (byte offset >= 0x100 of the class, data). */
    NvEngineStatus (*method)(void *obj, const NvMemIf *mem, uint32_t mthd, uint32_t data);
    /*
     * Continues the operation a method left BUSY for about budget units of
     * work, or until the host's monotonic clock (microseconds, glib's)
     * reaches deadline_us (0: none), or until the model is preempted.
     * NULL: BUSY from method() only means the object waits for more
     * methods (inline data), and never holds the channel.
     */
    NvEngineStatus (*run)(void *obj, const NvMemIf *mem, uint64_t budget, int64_t deadline_us);
    uint64_t run_budget;        /* run()'s budget per host slice, in the engine's units */
    /* Optional: why the last call returned ERROR, as the unit reports it (GR: NvSmErrorKind). */
    unsigned (*error_code)(void *obj);
} NvEngineOps;

extern const NvEngineOps nv_ce_engine, nv_i2m_engine, nv_compute_engine, nv_twod_engine,
    nv_threed_engine;

#endif
