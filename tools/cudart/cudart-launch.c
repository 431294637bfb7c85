/*
 * The CUDA runtime's execution API: launches (nvcc's <<<>>> path and
 * cudaLaunchKernel), function attributes and occupancy, streams and events.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "cudart-internal.h"

#define MAX_PUSHED      16              /* nested <<<>>> configurations per thread */
#define PARAM_MAX       32764u          /* CUDA 12.1+ on Volta and later */

typedef struct CallConfig {
    dim3 grid, block;
    size_t shared;
    cudaStream_t stream;
} CallConfig;

static __thread CallConfig pushed[MAX_PUSHED];
static __thread unsigned pushed_count;

/* ---- streams ---- */

bool crt_stream_valid(cudaStream_t s)
{
    return !s || s == CUDA_STREAM_LEGACY || s == CUDA_STREAM_PER_THREAD ||
           g_hash_table_contains(crt.streams, s);
}

static cudaError_t stream_new(cudaStream_t *s, unsigned flags, int priority)
{
    cudaError_t e = crt_enter();

    if (!e && (!s || (flags & ~CUDA_STREAM_FLAGS))) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        static unsigned long long next_id = CRT_FIRST_STREAM_ID;

        *s = g_new0(struct CUstream_st, 1);
        (*s)->flags = flags;
        (*s)->priority = priority;
        (*s)->id = next_id++;
        g_hash_table_add(crt.streams, *s);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreate(cudaStream_t *s)
{
    return stream_new(s, 0, 0);
}

CRT_EXPORT cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags)
{
    return stream_new(s, flags, 0);
}

CRT_EXPORT cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags,
                                                    int priority);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int priority)
{
    return stream_new(s, flags, CLAMP(priority, CRT_PRIORITY_GREATEST, 0));
}

CRT_EXPORT cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e && !g_hash_table_remove(crt.streams, s)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e) {
        if (s->capture_deps) {
            g_ptr_array_unref(s->capture_deps);
        }
        if (s->capture_edges) {
            g_array_free(s->capture_edges, true);
        }
        g_free(s);
    }
    return crt_leave(e);
}

/* Work on every stream completes before its call returns: waits are checks. */
static cudaError_t stream_check(cudaStream_t s)
{
    cudaError_t e = crt_enter();

    return crt_leave(e ? e : crt_stream_valid(s) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

CRT_EXPORT cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e && !crt_stream_valid(s)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e && crt_capturing(s)) {
        e = cudaErrorStreamCaptureUnsupported;
    }
    if (!e) {
        crt_devlib_flush();
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaStreamQuery(cudaStream_t s);
cudaError_t cudaStreamQuery(cudaStream_t s)
{
    return stream_check(s);
}

CRT_EXPORT cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t ev, unsigned flags);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t ev, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (!e && (!crt_stream_valid(s) || !g_hash_table_contains(crt.events, ev))) {
        e = cudaErrorInvalidResourceHandle;
    }
    if (!e && ev->capture) {
        e = crt_capture_wait(s, ev);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaStreamGetPriority(cudaStream_t s, int *priority);
cudaError_t cudaStreamGetPriority(cudaStream_t s, int *priority)
{
    cudaError_t e = crt_enter();

    if (!e && (!priority || !crt_stream_valid(s))) {
        e = !priority ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle;
    } else if (!e) {
        *priority = g_hash_table_contains(crt.streams, s) ? s->priority : 0;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned *flags);
cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned *flags)
{
    cudaError_t e = crt_enter();

    if (!e && (!flags || !crt_stream_valid(s))) {
        e = !flags ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle;
    } else if (!e) {
        *flags = g_hash_table_contains(crt.streams, s) ? s->flags : 0;
    }
    return crt_leave(e);
}

/* Host functions run once the stream's earlier work is done: at once. */
CRT_EXPORT cudaError_t cudaLaunchHostFunc(cudaStream_t s, cudaHostFn_t fn, void *data);
cudaError_t cudaLaunchHostFunc(cudaStream_t s, cudaHostFn_t fn, void *data)
{
    cudaError_t e = crt_enter();

    if (!e && (!fn || !crt_stream_valid(s))) {
        e = !fn ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle;
    }
    if (!e && crt_capturing(s)) {
        return crt_leave(crt_capture_host(s, fn, data));
    }
    if (!e) {
        crt_devlib_flush();
    }
    crt_leave(e);
    if (!e) {
        fn(data);
    }
    return e;
}

CRT_EXPORT cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t cb,
                                             void *data, unsigned flags);
cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t cb, void *data,
                                  unsigned flags)
{
    cudaError_t e = crt_enter();

    if (!e && (!cb || flags || !crt_stream_valid(s))) {
        e = !cb || flags ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle;
    }
    if (!e) {
        crt_devlib_flush();
    }
    crt_leave(e);
    if (!e) {
        cb(s, cudaSuccess, data);
    }
    return e;
}

/* ---- events: a host semaphore release with the GPU's timestamp ---- */

CRT_EXPORT cudaError_t cudaEventCreateWithFlags(cudaEvent_t *ev, unsigned flags);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *ev, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (!e && (!ev || (flags & ~CUDA_EVENT_FLAGS))) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        *ev = g_new0(struct CUevent_st, 1);
        (*ev)->flags = flags;
        g_hash_table_add(crt.events, *ev);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaEventCreate(cudaEvent_t *ev);
cudaError_t cudaEventCreate(cudaEvent_t *ev)
{
    return cudaEventCreateWithFlags(ev, 0);
}

CRT_EXPORT cudaError_t cudaEventDestroy(cudaEvent_t ev);
cudaError_t cudaEventDestroy(cudaEvent_t ev)
{
    cudaError_t e = crt_enter();

    if (!e && !g_hash_table_remove(crt.events, ev)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e) {
        if (ev->capture_deps) {
            g_ptr_array_unref(ev->capture_deps);
        }
        g_free(ev);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t s);
cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e && (!g_hash_table_contains(crt.events, ev) || !crt_stream_valid(s))) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e && crt_capturing(s)) {
        crt_capture_record(s, ev);
    } else if (!e) {
        if (ev->capture) {
            g_ptr_array_unref(ev->capture_deps);
            ev->capture = NULL;
            ev->capture_deps = NULL;
        }
        if (nv_vgpu_timestamp(crt.gpu, &ev->ns)) {
            ev->recorded = true;
        } else {
            e = crt_gpu_failed(cudaErrorLaunchFailure);
        }
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaEventRecordWithFlags(cudaEvent_t ev, cudaStream_t s, unsigned flags);
cudaError_t cudaEventRecordWithFlags(cudaEvent_t ev, cudaStream_t s, unsigned flags)
{
    return cudaEventRecord(ev, s);
}

static cudaError_t event_check(cudaEvent_t ev)
{
    cudaError_t e = crt_enter();

    if (!e && !g_hash_table_contains(crt.events, ev)) {
        e = cudaErrorInvalidResourceHandle;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaEventSynchronize(cudaEvent_t ev);
cudaError_t cudaEventSynchronize(cudaEvent_t ev)
{
    cudaError_t e = crt_enter();

    if (!e && !g_hash_table_contains(crt.events, ev)) {
        e = cudaErrorInvalidResourceHandle;
    }
    if (!e) {
        crt_devlib_flush();
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaEventQuery(cudaEvent_t ev);
cudaError_t cudaEventQuery(cudaEvent_t ev)
{
    return event_check(ev);
}

CRT_EXPORT cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    cudaError_t e = crt_enter();

    if (!e && !ms) {
        e = cudaErrorInvalidValue;
    } else if (!e && (!g_hash_table_contains(crt.events, start) ||
                      !g_hash_table_contains(crt.events, end) ||
                      ((start->flags | end->flags) & CUDA_EVENT_DISABLE_TIMING))) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e && (!start->recorded || !end->recorded)) {
        e = cudaErrorNotReady;
    } else if (!e) {
        *ms = (float)((double)(int64_t)(end->ns - start->ns) / 1e6);
    }
    return crt_leave(e);
}

/* ---- launches ---- */

CRT_EXPORT unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared,
                                                struct CUstream_st *stream);
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared,
                                     struct CUstream_st *stream)
{
    if (pushed_count == MAX_PUSHED) {
        return 1;
    }
    pushed[pushed_count++] = (CallConfig) { grid, block, shared, stream };
    return 0;
}

CRT_EXPORT cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared,
                                                  void *stream);
cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream)
{
    CallConfig c;

    if (!pushed_count) {
        return cudaErrorMissingConfiguration;
    }
    c = pushed[--pushed_count];
    *grid = c.grid;
    *block = c.block;
    *shared = c.shared;
    *(cudaStream_t *)stream = c.stream;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *host_fun);
cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *host_fun)
{
    CrtFunc *f;

    crt_lock();
    f = crt_func(host_fun);
    if (kernel) {
        *kernel = f;
    }
    return crt_leave(f && kernel ? cudaSuccess : cudaErrorInvalidDeviceFunction);
}

static int default_dyn_shared(const NvCubinKernel *k)
{
    return (int)(CRT_SHARED_PER_BLOCK - MIN(k->shared_size, CRT_SHARED_PER_BLOCK));
}

static int dyn_shared_limit(const CrtFunc *f)
{
    return f->max_dyn_shared >= 0 ? f->max_dyn_shared : default_dyn_shared(&f->kernel);
}

/* Registers one warp of the kernel holds: allocated in units of 256. */
static unsigned regs_per_warp(const NvCubinKernel *k)
{
    return (MAX(k->registers, 1u) * CRT_WARP + 255) & ~255u;
}

/* The largest block the kernel's registers and launch bounds allow. */
static unsigned max_block(const NvCubinKernel *k)
{
    unsigned by_regs = CRT_REGS_PER_SM / regs_per_warp(k) * CRT_WARP;
    unsigned bound = k->max_threads[0] ? k->max_threads[0] * MAX(k->max_threads[1], 1u) *
                                         MAX(k->max_threads[2], 1u) : CRT_MAX_THREADS;

    return MIN(MIN(by_regs, bound), (unsigned)CRT_MAX_THREADS);
}

static cudaError_t check_config(const CrtFunc *f, dim3 g, dim3 b, size_t shared)
{
    uint64_t threads = (uint64_t)b.x * b.y * b.z;

    if (!g.x || !g.y || !g.z || !threads || g.x > CRT_MAX_GRID_X || g.y > CRT_MAX_GRID_YZ ||
        g.z > CRT_MAX_GRID_YZ || b.x > CRT_MAX_BLOCK_XY || b.y > CRT_MAX_BLOCK_XY ||
        b.z > CRT_MAX_BLOCK_Z || threads > CRT_MAX_THREADS) {
        return cudaErrorInvalidConfiguration;
    }
    if (shared > (size_t)dyn_shared_limit(f)) {
        return cudaErrorInvalidValue;
    }
    return threads > max_block(&f->kernel) ? cudaErrorLaunchOutOfResources : cudaSuccess;
}

static cudaError_t fault_code(NvSmErrorKind kind)
{
    switch (kind) {
    case NV_SM_ERR_MMU:
    case NV_SM_ERR_OOR_ADDR:
        return cudaErrorIllegalAddress;
    case NV_SM_ERR_MISALIGNED:
        return cudaErrorMisalignedAddress;
    case NV_SM_ERR_ILLEGAL_INSN:
        return cudaErrorIllegalInstruction;
    case NV_SM_ERR_TIMEOUT:
        return cudaErrorLaunchTimeout;
    default:
        return cudaErrorLaunchFailure;
    }
}

/* Lays the arguments out as the cubin's parameter table says. */
static cudaError_t marshal(const NvCubin *cubin, const NvCubinKernel *k, void **args,
                           uint8_t *buf)
{
    if (k->param_size > PARAM_MAX || (k->param_count && !args)) {
        return cudaErrorInvalidValue;
    }
    memset(buf, 0, k->param_size);
    for (unsigned i = 0; i < k->param_count; i++) {
        NvCubinParam p;

        if (!nv_cubin_kernel_param(cubin, k, i, &p) || p.ordinal >= k->param_count ||
            p.offset > k->param_size || p.size > k->param_size - p.offset ||
            !args[p.ordinal]) {
            return cudaErrorInvalidValue;
        }
        memcpy(buf + p.offset, args[p.ordinal], p.size);
    }
    return cudaSuccess;
}

/* Runs f with its parameter bytes already laid out (checked by the caller). */
cudaError_t crt_launch_params(CrtFunc *f, dim3 grid, dim3 block, size_t shared,
                              const void *params, uint64_t grid_sync)
{
    NvVgpuLaunch ln;
    NvSmError err;
    NvSmStats st = { 0 };
    gint64 t0;
    cudaError_t e;
    bool ok, asserted;

    if ((e = crt_func_kernel(f))) {
        return e;
    }
    ln = (NvVgpuLaunch) {
        .grid = { grid.x, grid.y, grid.z }, .block = { block.x, block.y, block.z },
        .dyn_shared = (uint32_t)shared, .params = params, .param_size = f->kernel.param_size,
        .stack_size = (uint32_t)crt.stack_size, .grid_sync = grid_sync,
    };
    t0 = g_get_monotonic_time();
    ok = nv_vgpu_launch(crt.gpu, f->fb->module, &f->kernel, &ln, &err, &st);
    crt.kernel_secs += (double)(g_get_monotonic_time() - t0) / 1e6;
    crt.launches++;
    crt.warp_insns += st.warp_insns;
    crt.thread_insns += st.thread_insns;
    if (ok) {
        return cudaSuccess;
    }
    if (err.kind == NV_SM_OK && !nv_vgpu_dead(crt.gpu)) {
        return cudaErrorMemoryAllocation;   /* the launch could not be written */
    }
    /* the kernel faulted: reported by the next call, as a GPU does; a failed assert traps */
    asserted = crt_devlib_flush() && err.kind == NV_SM_ERR_TRAP;
    if (!asserted) {
        fprintf(stderr, "nvqemu cudart: kernel %s: %s\n", f->name, nv_vgpu_last_error(crt.gpu));
    }
    crt.sticky = asserted ? cudaErrorAssert : fault_code(err.kind);
    return cudaSuccess;
}

cudaError_t crt_launch_prepare(CrtFunc *f, dim3 grid, dim3 block, void **args, size_t shared,
                               void **params)
{
    uint8_t buf[PARAM_MAX];
    cudaError_t e;

    if (!f) {
        return cudaErrorInvalidDeviceFunction;
    }
    if ((e = crt_func_kernel(f)) || (e = check_config(f, grid, block, shared)) ||
        (e = marshal(nv_vgpu_module_cubin(f->fb->module), &f->kernel, args, buf))) {
        return e;
    }
    *params = g_memdup2(buf, MAX(f->kernel.param_size, 1u));
    return cudaSuccess;
}

cudaError_t crt_launch(CrtFunc *f, dim3 grid, dim3 block, void **args, size_t shared,
                       cudaStream_t stream)
{
    g_autofree void *params = NULL;
    cudaError_t e;

    if (!f) {
        return cudaErrorInvalidDeviceFunction;
    }
    if (!crt_stream_valid(stream)) {
        return cudaErrorInvalidResourceHandle;
    }
    if ((e = crt_launch_prepare(f, grid, block, args, shared, &params))) {
        return e;
    }
    if (crt_capturing(stream)) {
        return crt_capture_kernel(stream, f, grid, block, shared, g_steal_pointer(&params));
    }
    return crt_launch_params(f, grid, block, shared, params, 0);
}

CRT_EXPORT cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block,
                                          void **args, size_t shared, cudaStream_t stream);
cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void **args,
                               size_t shared, cudaStream_t stream)
{
    cudaError_t e = crt_enter();

    return crt_leave(e ? e : crt_launch(kernel, grid, block, args, shared, stream));
}

CRT_EXPORT cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        size_t shared, cudaStream_t stream);
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                             size_t shared, cudaStream_t stream)
{
    cudaError_t e = crt_enter();

    return crt_leave(e ? e : crt_launch(crt_func(func), grid, block, args, shared, stream));
}

cudaError_t crt_launch_buffer(CrtFunc *f, dim3 grid, dim3 block, size_t shared,
                              cudaStream_t stream, const void *params, size_t size)
{
    cudaError_t e;

    if (!f) {
        return cudaErrorInvalidDeviceFunction;
    }
    if (!crt_stream_valid(stream)) {
        return cudaErrorInvalidResourceHandle;
    }
    if ((e = crt_func_kernel(f)) || (e = check_config(f, grid, block, shared))) {
        return e;
    }
    if (!params || size != f->kernel.param_size) {
        return cudaErrorInvalidValue;
    }
    if (crt_capturing(stream)) {
        return crt_capture_kernel(stream, f, grid, block, shared,
                                  g_memdup2(params, MAX(size, 1u)));
    }
    return crt_launch_params(f, grid, block, shared, params, 0);
}

/* ---- function attributes and occupancy ---- */

static cudaError_t func_for(const void *func, CrtFunc **f)
{
    cudaError_t e = crt_enter();

    if (e) {
        return e;
    }
    *f = crt_func(func);
    return *f ? crt_func_kernel(*f) : cudaErrorInvalidDeviceFunction;
}

void crt_func_attributes(const CrtFunc *f, struct cudaFuncAttributes *attr)
{
    memset(attr, 0, sizeof(*attr));
    attr->sharedSizeBytes = f->kernel.shared_size;
    attr->localSizeBytes = f->kernel.frame_size;
    attr->maxThreadsPerBlock = (int)max_block(&f->kernel);
    attr->numRegs = (int)f->kernel.registers;
    attr->ptxVersion = 75;
    attr->binaryVersion = 75;
    attr->maxDynamicSharedSizeBytes = dyn_shared_limit(f);
    attr->preferredShmemCarveout = -1;
}

CRT_EXPORT cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    CrtFunc *f;
    cudaError_t e = func_for(func, &f);

    if (!e && !attr) {
        e = cudaErrorInvalidValue;
    }
    if (!e) {
        crt_func_attributes(f, attr);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value);
cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value)
{
    CrtFunc *f;
    cudaError_t e = func_for(func, &f);

    if (!e && attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
        if (value < 0 || (uint64_t)value + f->kernel.shared_size > CRT_SHARED_OPTIN) {
            e = cudaErrorInvalidValue;
        } else {
            f->max_dyn_shared = value;
        }
    } else if (!e && attr == cudaFuncAttributePreferredSharedMemoryCarveout) {
        e = value >= -1 && value <= 100 ? cudaSuccess : cudaErrorInvalidValue;
    } else if (!e) {
        e = cudaErrorInvalidValue;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaFuncSetCacheConfig(const void *func, int config);
cudaError_t cudaFuncSetCacheConfig(const void *func, int config)
{
    CrtFunc *f;

    return crt_leave(func_for(func, &f));
}

/* Resident blocks per SM by Turing's limits: warps, blocks, registers, shared memory. */
static int occupancy(const NvCubinKernel *k, int block, size_t dyn)
{
    unsigned warps = ((unsigned)block + CRT_WARP - 1) / CRT_WARP;
    unsigned regs = regs_per_warp(k) * warps;
    size_t shared = k->shared_size + dyn;
    unsigned n = MIN(CRT_MAX_THREADS_PER_SM / CRT_WARP / warps, (unsigned)CRT_MAX_BLOCKS_PER_SM);

    n = MIN(n, CRT_REGS_PER_SM / regs);
    if (shared) {
        n = MIN(n, (unsigned)(CRT_SHARED_PER_SM / shared));
    }
    return (int)n;
}

CRT_EXPORT cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *blocks, const void *func, int block, size_t dyn, unsigned flags);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *blocks, const void *func, int block, size_t dyn, unsigned flags)
{
    CrtFunc *f;
    cudaError_t e = func_for(func, &f);

    if (!e && (!blocks || block <= 0 || (flags & ~CUDA_OCCUPANCY_FLAGS))) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        *blocks = block > (int)max_block(&f->kernel) ? 0 : occupancy(&f->kernel, block, dyn);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks,
                                                                     const void *func,
                                                                     int block, size_t dyn);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func,
                                                          int block, size_t dyn)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, func, block, dyn, 0);
}

CRT_EXPORT cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *bytes,
                                                                 const void *func,
                                                                 int blocks, int block);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, const void *func,
                                                      int blocks, int block)
{
    CrtFunc *f;
    cudaError_t e = func_for(func, &f);

    if (!e && (!bytes || blocks <= 0 || block <= 0)) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        size_t per = CRT_SHARED_PER_SM / (size_t)blocks;

        *bytes = per > f->kernel.shared_size ?
                 MIN(per - f->kernel.shared_size, (size_t)dyn_shared_limit(f)) : 0;
    }
    return crt_leave(e);
}

/* ---- cooperative launches ---- */

/*
 * Every block of the grid must be resident at once (the SM starts them all
 * before any waits long), so the grid is limited by occupancy; grid.sync()
 * finds its barrier in a zeroed workspace whose address the launch's
 * constant bank carries, as NVIDIA's driver provides it.
 */
static cudaError_t cooperative(CrtFunc *f, dim3 grid, dim3 block, void **args, size_t shared,
                               cudaStream_t stream)
{
    g_autofree void *params = NULL;
    NvVgpuInfo info;
    uint64_t blocks = (uint64_t)grid.x * grid.y * grid.z;
    cudaError_t e;

    if (!f) {
        return cudaErrorInvalidDeviceFunction;
    }
    if (!crt_stream_valid(stream)) {
        return cudaErrorInvalidResourceHandle;
    }
    if (crt_capturing(stream)) {
        return cudaErrorStreamCaptureUnsupported;
    }
    if ((e = crt_launch_prepare(f, grid, block, args, shared, &params))) {
        return e;
    }
    nv_vgpu_info(crt.gpu, &info);
    if (blocks > (uint64_t)occupancy(&f->kernel, (int)(block.x * block.y * block.z), shared) *
                 info.sms) {
        return cudaErrorCooperativeLaunchTooLarge;
    }
    if (!crt.grid_sync && !(crt.grid_sync = nv_vgpu_alloc(crt.gpu, CRT_GRID_SYNC_BYTES))) {
        return cudaErrorMemoryAllocation;
    }
    if (!nv_vgpu_fill2d(crt.gpu, crt.grid_sync, 0, 0, CRT_GRID_SYNC_BYTES, 1)) {
        return crt_gpu_failed(cudaErrorLaunchFailure);
    }
    return crt_launch_params(f, grid, block, shared, params, crt.grid_sync);
}

CRT_EXPORT cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block,
                                                   void **args, size_t shared,
                                                   cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        size_t shared, cudaStream_t stream)
{
    cudaError_t e = crt_enter();

    return crt_leave(e ? e : cooperative(crt_func(func), grid, block, args, shared, stream));
}

/*
 * cudaLaunchKernelEx (the header's template calls this): a launch with
 * attributes. Cooperative makes it a cooperative launch; thread-block
 * clusters (sm_90) are refused; the others are scheduling hints with no
 * effect when work completes at submission (access policy, priority,
 * synchronisation and programmatic-launch policies, memory sync domains).
 */
CRT_EXPORT cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *cfg, const void *func,
                                           void **args);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *cfg, const void *func, void **args)
{
    cudaError_t e = crt_enter();
    bool coop = false;

    if (!e && (!cfg || (cfg->numAttrs && !cfg->attrs))) {
        e = cudaErrorInvalidValue;
    }
    for (unsigned i = 0; !e && i < cfg->numAttrs; i++) {
        const cudaLaunchAttribute *a = &cfg->attrs[i];

        if (a->id < 0 || a->id > CRT_LAUNCH_ATTR_MAX) {
            e = cudaErrorInvalidValue;
        } else if (a->id == CRT_LAUNCH_ATTR_COOPERATIVE) {
            coop = a->val.cooperative != 0;
        } else if ((a->id == CRT_LAUNCH_ATTR_CLUSTER_DIMENSION ||
                    a->id == CRT_LAUNCH_ATTR_PREFERRED_CLUSTER) &&
                   a->val.clusterDim.x * a->val.clusterDim.y * a->val.clusterDim.z > 1) {
            e = cudaErrorInvalidValue;      /* clusters need sm_90 */
        }
    }
    if (!e) {
        e = coop ? cooperative(crt_func(func), cfg->gridDim, cfg->blockDim, args,
                               cfg->dynamicSmemBytes, cfg->stream)
                 : crt_launch(crt_func(func), cfg->gridDim, cfg->blockDim, args,
                          cfg->dynamicSmemBytes, cfg->stream);
    }
    return crt_leave(e);
}

/* Stream ids: the legacy stream 1, the per-thread default stream 2, created ones from 3. */
CRT_EXPORT cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long *id);
cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long *id)
{
    cudaError_t e = crt_enter();

    if (!e && !id) {
        e = cudaErrorInvalidValue;
    } else if (!e && !crt_stream_valid(s)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e) {
        *id = s == CUDA_STREAM_PER_THREAD ? 2 : (!s || s == CUDA_STREAM_LEGACY) ? 1 : s->id;
    }
    return crt_leave(e);
}
