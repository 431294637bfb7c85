/*
 * The SM: executes sm_75 SASS kernels (a grid of CTAs of 32-lane warps).
 *
 * A launch is created from a descriptor (what a QMD says, already decoded
 * and validated by the compute class) and run in bounded slices, so the
 * caller (the host scheduler) stays responsive: a slice ends after a number
 * of warp-instructions, at a host deadline or on request, and its work is
 * spread over worker threads. Memory is reached through NvSmMemOps; the SM
 * never sees the GPU model's internals.
 *
 * The guest drives the SM (it writes the QMD and the code), so the host
 * memory the SM allocates for it is capped for the whole array
 * (NvSmConfig.mem_max): decoded code, CTA state, local memory, constant
 * bank snapshots and the launches themselves. A launch that would exceed
 * the cap stops with NV_SM_ERR_RESOURCE.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_SM_H
#define HW_NVIDIA_SM_SM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Constant buffer banks a launch can bind: a QMD binds 8 (its
 * CONSTANT_BUFFER_VALID bits), a graphics stage 18 (its bind group's slots;
 * nouveau's GL driver keeps its own constants, texture handles among them,
 * in slot 15).
 */
#define NV_SM_CBUF_BANKS        18
#define NV_SM_CBUF_MAX          0x10000u    /* bytes per bank */
/* A constant address is 16 bits: offsets (shown signed by nvdisasm) wrap in the bank. */
#define NV_SM_CBUF_ADDR_MASK    (NV_SM_CBUF_MAX - 1)
#define NV_SM_MAX_THREADS       1024u       /* per CTA */
#define NV_SM_MAX_SHARED        (96u << 10) /* per CTA (Turing) */
#define NV_SM_MAX_LOCAL         (512u << 10)/* per thread */
#define NV_SM_PAGE_BITS         12
#define NV_SM_PAGE_SIZE         (1u << NV_SM_PAGE_BITS)
#define NV_SM_DEFAULT_MEM_MAX   (512ull << 20)  /* NvSmConfig.mem_max 0 */

/*
 * The warp-instruction count (NvSmStats.warp_insns, the watchdog
 * NvSmLaunchDesc.budget, a slice's count) also charges the work around
 * instructions, as fixed costs in warp-instructions: starting a CTA costs
 * NV_SM_CTA_SETUP_COST, decoding a 1 KiB code chunk NV_SM_DECODE_COST.
 * A warp runs NV_SM_WARP_QUANTUM of that count before the next warp of its
 * CTA runs; workers check the slice's deadline as often.
 */
#define NV_SM_WARP_QUANTUM      1024u
#define NV_SM_WARP_SETUP_COST   32u
#define NV_SM_CTA_SETUP_COST(warps, shared_bytes) \
    ((uint64_t)(warps) * NV_SM_WARP_SETUP_COST + (shared_bytes) / 1024u)
#define NV_SM_DECODE_COST       64u

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
    NV_SM_ERR_RESOURCE,     /* host memory for the launch: over NvSmConfig.mem_max, or none */
    NV_SM_ERR_TEX_DESC,     /* a texture header or sampler the texture unit rejects */
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

/*
 * Graphics stages. A vertex or pixel shader launch is a grid of CTAs over
 * NvSmGfx.threads threads (lanes past that do not exist); each thread has
 * its own input and output in the arrays below, indexed by its position in
 * the launch (CTA index * threads per CTA + thread). The 3D class fills the
 * inputs before the launch and reads the outputs after it.
 */
enum { NV_SM_STAGE_COMPUTE = 0, NV_SM_STAGE_VERTEX, NV_SM_STAGE_PIXEL };
#define NV_SM_ATTR_WORDS    256u        /* the 1 KiB attribute space (ALD/AST/IPA) */
#define NV_SM_ATTR_FRONT    0x3fcu      /* pixel input: non-zero for a front face */

/* A pixel lane: where it is, and the primitive its plane equations come from. */
typedef struct NvSmPixel {
    uint16_t x, y;
    uint32_t prim;
    bool covered;               /* else a helper lane (runs, its outputs are dropped) */
} NvSmPixel;

/* The attribute of a primitive at pixel (x, y): a + dx * (x - x0) + dy * (y - y0). */
typedef struct NvSmPlane {
    float a, dx, dy;
} NvSmPlane;

typedef struct NvSmPrim {
    float x0, y0;               /* the window position the planes are relative to */
    NvSmPlane plane[NV_SM_ATTR_WORDS];
    uint32_t flat[NV_SM_ATTR_WORDS];    /* IPA.CONSTANT: the provoking vertex's words */
} NvSmPrim;

typedef struct NvSmGfx {
    unsigned stage;             /* NV_SM_STAGE_VERTEX or _PIXEL */
    uint32_t threads;
    /* vertex: NV_SM_ATTR_WORDS words per thread (ALD reads in, AST writes out) */
    const uint32_t *in;
    uint32_t *out;
    /* pixel */
    const NvSmPixel *pixels;    /* per thread */
    const NvSmPrim *prims;
    uint32_t nprims;
    uint32_t *ps_out;           /* per thread, ps_out_regs words: R0.. at EXIT */
    unsigned ps_out_regs;
    uint8_t *ps_kept;           /* per thread: 1 when a covered lane exited without KIL */
    bool shade_flat;            /* SET_SHADE_MODE flat: IPA.STATE reads the provoking vertex */
} NvSmGfx;

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
    /* texture header (TIC) and sampler (TSC) pools: VA and the largest valid index */
    struct {
        uint64_t addr;
        uint32_t max_index;
    } tex_headers, samplers;
    uint64_t budget;            /* watchdog: warp-instructions for the launch; 0 = none */
    uint32_t sm_count;          /* SMs the GPU reports (SR_VIRTCFG, %nsmid) */
    const NvSmGfx *gfx;         /* graphics stages; NULL: a compute grid */
    /* Trace: called with each executed instruction (disassembled, lane mask). */
    void (*trace)(void *opaque, const char *line);
    void *trace_opaque;
} NvSmLaunchDesc;

typedef struct NvSmStats {
    uint64_t warp_insns;        /* instructions issued per warp, plus the fixed costs */
    uint64_t thread_insns;      /* lanes that executed them */
} NvSmStats;

typedef struct NvSm NvSm;
typedef struct NvSmLaunch NvSmLaunch;

typedef struct NvSmConfig {
    unsigned workers;           /* worker threads (0 or 1: run on the caller's thread) */
    uint64_t mem_max;           /* bytes of host memory all launches together may use;
                                 * 0: NV_SM_DEFAULT_MEM_MAX */
    /*
     * While less host memory than this is charged, workers start new CTAs
     * (up to what a Turing GPU holds at once) before resuming parked ones,
     * so CTAs that wait for other CTAs (cooperative launches' grid barrier)
     * let them run. 0: a worker resumes a parked CTA first (few CTAs live).
     */
    uint64_t resident_mem;
    /*
     * Optional: called on each worker thread before it runs its first task,
     * and before it exits (nv_sm_free), e.g. to register it with QEMU's RCU.
     */
    void (*thread_start)(void *opaque);
    void (*thread_stop)(void *opaque);
    void *opaque;
} NvSmConfig;

/* An SM array (cfg NULL: one worker, the default cap). */
NvSm *nv_sm_new(const NvSmConfig *cfg);
/* Joins the worker threads; no launch may be running. */
void nv_sm_free(NvSm *sm);
/* The worker threads there are (fewer than asked when the host refused some). */
unsigned nv_sm_workers(const NvSm *sm);
/* Bytes of host memory charged against the cap now (all launches). */
uint64_t nv_sm_mem_used(const NvSm *sm);

/*
 * Checks the descriptor and snapshots the constant buffers (read once,
 * here). Returns NULL and fills *err (kind, addr) when the descriptor is
 * invalid, a constant buffer cannot be read, or the launch's memory is over
 * the cap (NV_SM_ERR_RESOURCE).
 */
NvSmLaunch *nv_sm_launch_new(NvSm *sm, const NvSmLaunchDesc *desc,
                             const NvSmMemOps *mem, NvSmError *err);
/*
 * Runs until slice warp-instructions are used (0: no count limit), the
 * monotonic host time (g_get_monotonic_time(), microseconds) reaches
 * deadline_us (0: none), nv_sm_yield_request() was called, or the launch is
 * over. Each worker overshoots the count, the deadline or the request by at
 * most one warp quantum plus one CTA setup or one chunk decode, and does at
 * least that much work per call (a deadline already past still progresses).
 * Where slices end varies with time; what the kernel computes, and where
 * the watchdog fires with one worker, does not. Returns true when the
 * launch is over: finished, or stopped by an error (nv_sm_launch_error()).
 * The memory provider must stay valid meanwhile. One call at a time per
 * NvSm.
 */
bool nv_sm_launch_run(NvSmLaunch *l, uint64_t slice, int64_t deadline_us);
/*
 * From any thread: running slices return at their next check (within one
 * warp quantum per worker); a later nv_sm_launch_run call clears it. For
 * reset/unplug/unbind, which must not wait for a slice.
 */
void nv_sm_yield_request(NvSm *sm);
const NvSmError *nv_sm_launch_error(const NvSmLaunch *l);
void nv_sm_launch_stats(const NvSmLaunch *l, NvSmStats *stats);
void nv_sm_launch_free(NvSmLaunch *l);

const char *nv_sm_error_name(NvSmErrorKind kind);

#endif
