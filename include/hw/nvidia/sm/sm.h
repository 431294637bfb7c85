/*
 * The SM: executes sm_75 SASS kernels (a grid of CTAs of 32-lane warps).
 *
 * A launch is created from a descriptor (what a QMD says, already decoded
 * and validated by the compute class) and run in bounded slices, so the
 * caller (the host scheduler) stays responsive: each slice executes at most
 * a given number of warp-instructions, spread over worker threads. Memory is
 * reached through NvSmMemOps; the SM never sees the GPU model's internals.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_SM_H
#define HW_NVIDIA_SM_SM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Constant buffer banks a launch can bind (QMD CONSTANT_BUFFER_VALID bits). */
#define NV_SM_CBUF_BANKS        8
#define NV_SM_CBUF_MAX          0x10000u    /* bytes per bank */
#define NV_SM_MAX_THREADS       1024u       /* per CTA */
#define NV_SM_MAX_SHARED        (96u << 10) /* per CTA (Turing) */
#define NV_SM_MAX_LOCAL         (512u << 10)/* per thread */
#define NV_SM_PAGE_BITS         12
#define NV_SM_PAGE_SIZE         (1u << NV_SM_PAGE_BITS)

/* Why a launch stopped early. */
typedef enum NvSmErrorKind {
    NV_SM_OK = 0,
    NV_SM_ERR_MMU,          /* global/generic access to an unmapped or read-only page */
    NV_SM_ERR_OOR_ADDR,     /* shared/local/constant access outside its window */
    NV_SM_ERR_MISALIGNED,   /* address not aligned to the access size */
    NV_SM_ERR_ILLEGAL_INSN, /* undecodable or unexecutable instruction, or code fetch fault */
    NV_SM_ERR_TRAP,         /* BPT.TRAP (__trap()) */
    NV_SM_ERR_TIMEOUT,      /* instruction budget (watchdog) exhausted */
    NV_SM_ERR_BARRIER,      /* every warp of a CTA waits on something that cannot happen */
    NV_SM_ERR_RESOURCE,     /* host memory for the launch could not be allocated */
} NvSmErrorKind;

typedef struct NvSmError {
    NvSmErrorKind kind;
    uint64_t pc;            /* the instruction that stopped the launch */
    uint64_t addr;          /* the faulting address (memory errors) */
    bool write;             /* the faulting access was a write */
    uint32_t cta[3];
    uint32_t warp;          /* warp index within the CTA */
    uint32_t lane;          /* first lane that faulted */
} NvSmError;

/*
 * The SM's view of memory: GPU virtual addresses of the launching channel.
 * Calls are serialised by the SM (a provider need not be thread-safe) and
 * happen while nv_sm_launch_run() runs.
 */
typedef struct NvSmMemOps {
    void *opaque;
    /*
     * Host memory backing the whole 4 KiB page at va (page aligned) when it
     * can be accessed directly (VRAM), or NULL. A NULL page with *fault set
     * means the page is not mapped (or not writable when write): the
     * provider has recorded the MMU fault. A NULL page without *fault means
     * "use read/write for this page".
     */
    uint8_t *(*page)(void *opaque, uint64_t va, bool write, bool *fault);
    /* Slow path: copies len bytes (within one page); false = faulted. */
    bool (*read)(void *opaque, uint64_t va, void *buf, size_t len);
    bool (*write)(void *opaque, uint64_t va, const void *buf, size_t len);
    /* Nanoseconds of the GPU clock (SR_GLOBALTIMER*). */
    uint64_t (*time_ns)(void *opaque);
} NvSmMemOps;

/* One launch: the decoded, validated content of a QMD plus model settings. */
typedef struct NvSmLaunchDesc {
    uint64_t entry;             /* VA of the first instruction */
    uint32_t grid[3];           /* CTAs in x, y, z (each >= 1) */
    uint32_t block[3];          /* threads per CTA in x, y, z (product <= 1024) */
    uint32_t regs;              /* registers per thread the kernel was compiled for */
    uint32_t shared_bytes;      /* shared memory per CTA */
    uint32_t local_bytes;       /* local memory per thread */
    uint64_t shared_window;     /* generic-address base of shared memory (16 MiB) */
    uint64_t local_window;      /* generic-address base of local memory (16 MiB) */
    struct {
        bool valid;
        uint64_t addr;          /* VA */
        uint32_t size;          /* bytes, <= NV_SM_CBUF_MAX */
    } cbuf[NV_SM_CBUF_BANKS];
    uint64_t budget;            /* watchdog: warp-instructions for the launch; 0 = none */
    uint32_t sm_count;          /* SMs the GPU reports (SR_VIRTCFG, %nsmid) */
    /* Trace: called with each executed instruction (disassembled, lane mask). */
    void (*trace)(void *opaque, const char *line);
    void *trace_opaque;
} NvSmLaunchDesc;

typedef struct NvSmStats {
    uint64_t warp_insns;        /* instructions issued per warp */
    uint64_t thread_insns;      /* lanes that executed them */
} NvSmStats;

typedef struct NvSm NvSm;
typedef struct NvSmLaunch NvSmLaunch;

/* An SM array with workers threads (0 or 1: everything runs on the caller). */
NvSm *nv_sm_new(unsigned workers);
void nv_sm_free(NvSm *sm);
unsigned nv_sm_workers(const NvSm *sm);

/*
 * Checks the descriptor and snapshots the constant buffers (read once,
 * here). Returns NULL and fills *err (kind, addr) when the descriptor is
 * invalid or a constant buffer cannot be read.
 */
NvSmLaunch *nv_sm_launch_new(NvSm *sm, const NvSmLaunchDesc *desc,
                             const NvSmMemOps *mem, NvSmError *err);
/*
 * Executes up to slice warp-instructions (0 = until done). Returns true
 * when the launch is over: finished, or stopped by an error
 * (nv_sm_launch_error()). The memory provider must stay valid meanwhile.
 */
bool nv_sm_launch_run(NvSmLaunch *l, uint64_t slice);
const NvSmError *nv_sm_launch_error(const NvSmLaunch *l);
void nv_sm_launch_stats(const NvSmLaunch *l, NvSmStats *stats);
void nv_sm_launch_free(NvSmLaunch *l);

const char *nv_sm_error_name(NvSmErrorKind kind);

#endif
