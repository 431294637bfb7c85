/*
 * The CUDA runtime over the virtual GPU: state shared by its parts.
 *
 * One context per process, created on first use: an NvVgpu (tools/vgpu).
 * Every API call takes the runtime lock and runs to completion on the GPU
 * before it returns, so asynchronous calls complete early (which CUDA
 * allows) and streams are always idle. Kernel faults are sticky, as on a
 * GPU: every later call returns the error until cudaDeviceReset.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TOOLS_CUDART_CUDART_INTERNAL_H
#define TOOLS_CUDART_CUDART_INTERNAL_H

#include <glib.h>

#include "cudart-abi.h"
#include "fatbin.h"
#include "vgpu.h"

#define CRT_EXPORT __attribute__((visibility("default")))
#define CRT_VERSION             13000       /* runtime and driver API version */
#define CRT_SHARED_PER_BLOCK    (48u << 10)
#define CRT_SHARED_OPTIN        (64u << 10) /* sm_75, with the attribute */
#define CRT_SHARED_PER_SM       (64u << 10)
#define CRT_REGS_PER_SM         65536
#define CRT_MAX_THREADS         1024
#define CRT_MAX_BLOCK_XY        1024        /* blockDim.x and .y */
#define CRT_MAX_BLOCK_Z         64
#define CRT_MAX_GRID_X          0x7fffffff
#define CRT_MAX_GRID_YZ         65535
#define CRT_MAX_STACK           (512u << 10) /* cudaLimitStackSize, per thread */
#define CRT_MIN_FIFO            4096        /* cudaLimitPrintfFifoSize */
#define CRT_MAX_FIFO            (256u << 20)
#define CRT_MAX_HEAP            (4ull << 30) /* cudaLimitMallocHeapSize */
#define CRT_PRIORITY_GREATEST   (-5)        /* stream priorities run 0 (least) .. -5 */
#define CRT_MAX_THREADS_PER_SM  1024
#define CRT_MAX_BLOCKS_PER_SM   16
#define CRT_WARP                32
#define CRT_PITCH_ALIGN         512
#define CRT_HOST_REGISTER_IO    4           /* cudaHostRegisterIoMemory */
#define CRT_HOST_REGISTER_FLAGS 0xb         /* Portable | Mapped | ReadOnly */
#define CRT_GRID_SYNC_BYTES     256         /* cooperative groups' grid barrier */
#define CRT_GRAPH_EDGE_BYTES    8           /* sizeof(cudaGraphEdgeData) */
#define CRT_FIRST_STREAM_ID     3           /* 1, 2: the legacy and per-thread default streams */
#define CRT_MEM_ALLOCATION_PINNED   1       /* cudaMemAllocationTypePinned */
/* cudaLaunchAttributeID values with an effect here */
#define CRT_LAUNCH_ATTR_COOPERATIVE         2
#define CRT_LAUNCH_ATTR_CLUSTER_DIMENSION   4
#define CRT_LAUNCH_ATTR_PREFERRED_CLUSTER   11
#define CRT_LAUNCH_ATTR_MAX                 11
#define CRT_MEM_LOCATION_DEVICE     1       /* cudaMemLocationTypeDevice */
/* cudaMemPoolAttr values past the three reuse flags */
#define CRT_POOL_ATTR_RELEASE_THRESHOLD 4
#define CRT_POOL_ATTR_RESERVED_CURRENT  5
#define CRT_POOL_ATTR_RESERVED_HIGH     6
#define CRT_POOL_ATTR_USED_CURRENT      7
#define CRT_POOL_ATTR_USED_HIGH         8

typedef struct CrtFatbin {
    GBytes *cubin;              /* the sm_75 cubin, NULL if the binary has none */
    char why[200];              /* then: what it has instead */
    bool warned;                /* ... which was reported once */
    NvVgpuModule *module;       /* loaded in the current context; freed by reset */
} CrtFatbin;

typedef struct CrtFunc {
    CrtFatbin *fb;
    char *name;                 /* the device (mangled) name */
    NvCubinKernel kernel;       /* valid for context generation gen */
    unsigned gen;
    int max_dyn_shared;         /* cudaFuncAttributeMaxDynamicSharedMemorySize */
} CrtFunc;

typedef struct CrtVar {
    CrtFatbin *fb;
    char *name;
    size_t size;
    void **managed;             /* __managed__: the host's pointer to it (set at module load) */
} CrtVar;

struct CUstream_st {
    unsigned flags;
    int priority;
    unsigned long long id;      /* cudaStreamGetId: unique in the process */
    unsigned long long capture_id;  /* the capture's sequence number */
    GArray *capture_edges;      /* zeroed edge data for capture_deps */
    cudaGraph_t capture;        /* the graph being captured (cudart-graph.c), or NULL */
    GPtrArray *capture_deps;    /* what its next captured node depends on */
    bool capture_origin;        /* capture began here (else joined through an event) */
};

struct CUevent_st {
    unsigned flags;
    bool recorded;
    uint64_t ns;                /* the GPU timer when it completed */
    cudaGraph_t capture;        /* recorded in a capture: the graph ... */
    GPtrArray *capture_deps;    /* ... and the nodes it stands for */
};

typedef struct CrtState {
    GRecMutex lock;
    GHashTable *funcs;          /* host stub address -> CrtFunc */
    GHashTable *vars;           /* host shadow address -> CrtVar */
    GHashTable *fatbins;        /* registered CrtFatbin */
    GHashTable *streams;        /* live cudaStream_t */
    GHashTable *events;         /* live cudaEvent_t */
    GHashTable *managed;        /* bases of cudaMallocManaged allocations */
    GHashTable *graphs;         /* live cudaGraph_t */
    GHashTable *execs;          /* live cudaGraphExec_t */
    GHashTable *pools;          /* live cudaMemPool_t of cudaMemPoolCreate */
    NvVgpu *gpu;
    unsigned gen;               /* context generation: bumped by cudaDeviceReset */
    cudaError_t sticky;
    size_t stack_size;          /* cudaLimitStackSize */
    size_t printf_fifo, malloc_heap;
    /* the device library (cudart-devlib.c), loaded when code calls it */
    NvVgpuModule *devlib;
    bool devlib_failed;
    void *fifo;                 /* its printf FIFO (pinned) */
    size_t fifo_size;           /* bytes of its record area */
    uint64_t grid_sync;         /* cooperative launches' grid-barrier workspace, 0 until used */
    /* NVGPU_CUDA_STATS: totals printed at exit */
    uint64_t launches, warp_insns, thread_insns;
    double kernel_secs;
} CrtState;

extern CrtState crt;

/*
 * Every API call: crt_enter() takes the lock and makes sure of the context
 * (returning the sticky error or a creation failure), crt_leave() records a
 * failure as the thread's last error and drops the lock.
 */
cudaError_t crt_enter(void);
cudaError_t crt_leave(cudaError_t e);
/* Takes the lock without touching the context. */
void crt_lock(void);
/* A GPU operation failed: the channel is dead, the context sticky. */
cudaError_t crt_gpu_failed(cudaError_t e);

/* The function or variable registered at a host address (NULL if none). */
CrtFunc *crt_func(const void *host);
/* Loads the function's module if needed; fills f->kernel. */
cudaError_t crt_func_kernel(CrtFunc *f);
cudaError_t crt_var_address(const void *host, uint64_t *va, uint64_t *size);
bool crt_stream_valid(cudaStream_t s);

/*
 * The device library: crt_devlib_attach() hooks it to a new context;
 * crt_devlib_flush() prints what device printf and assert wrote (at CUDA's
 * synchronisation points and after a fault) and says whether an assert
 * failed.
 */
void crt_devlib_attach(void);
bool crt_devlib_flush(void);

/*
 * Launches: crt_launch_prepare() checks a launch and lays its arguments out
 * (*params: g_free), crt_launch_params() runs it.
 */
cudaError_t crt_launch_prepare(CrtFunc *f, dim3 grid, dim3 block, void **args, size_t shared,
                               void **params);
cudaError_t crt_launch_params(CrtFunc *f, dim3 grid, dim3 block, size_t shared,
                              const void *params, uint64_t grid_sync);
/* A launch on a stream: from argument pointers, or from laid-out bytes (size checked). */
cudaError_t crt_launch(CrtFunc *f, dim3 grid, dim3 block, void **args, size_t shared,
                       cudaStream_t stream);
cudaError_t crt_launch_buffer(CrtFunc *f, dim3 grid, dim3 block, size_t shared,
                              cudaStream_t stream, const void *params, size_t size);
/* cudaFuncGetAttributes of a loaded function (crt_func_kernel done). */
void crt_func_attributes(const CrtFunc *f, struct cudaFuncAttributes *attr);
/* The module of a fat binary or cubin in the current context (crt_enter done). */
cudaError_t crt_fatbin_module(CrtFatbin *fb);

/*
 * Stream capture (cudart-graph.c): whether s is capturing, and the work that
 * is recorded instead of run while it is (arguments checked by the caller;
 * the kernel's params are taken over).
 */
bool crt_capturing(cudaStream_t s);
cudaError_t crt_capture_kernel(cudaStream_t s, CrtFunc *f, dim3 grid, dim3 block, size_t shared,
                               void *params);
cudaError_t crt_capture_copy(cudaStream_t s, uint64_t dst, uint64_t src, size_t len, int kind);
cudaError_t crt_capture_fill(cudaStream_t s, uint64_t dst, size_t pitch, int value,
                             size_t width, size_t height);
cudaError_t crt_capture_host(cudaStream_t s, cudaHostFn_t fn, void *data);
/*
 * Events in captures: recording one on a capturing stream marks its place;
 * a stream that waits for it joins the capture there (fork), or, capturing
 * already, depends on it (join).
 */
void crt_capture_record(cudaStream_t s, cudaEvent_t ev);
cudaError_t crt_capture_wait(cudaStream_t s, cudaEvent_t ev);

/* Fills width bytes of height lines (pitch apart) with esize-byte elements of value. */
cudaError_t crt_fill(uint64_t dst, size_t pitch, uint32_t value, unsigned esize, size_t width,
                     size_t height);

/* The memory pools' allocations died with the device (cudart-pool.c). */
void crt_pools_reset(void);

/* Memory copies between any two addresses (kind checked by the caller). */
cudaError_t crt_copy(uint64_t dst, uint64_t src, size_t n, enum cudaMemcpyKind kind);

#endif
