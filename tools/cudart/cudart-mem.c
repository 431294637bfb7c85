/*
 * The CUDA runtime's memory API: device and pinned host allocations,
 * copies and fills (all on the copy engine, pageable host memory through
 * the staging buffer), symbols and pointer queries.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "cudart-internal.h"

#define PTR(p)  ((uint64_t)(uintptr_t)(p))

/* ---- allocation ---- */

CRT_EXPORT cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaMalloc(void **ptr, size_t size)
{
    cudaError_t e = crt_enter();
    uint64_t va = 0;

    if (!e && !ptr) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        va = size ? nv_vgpu_alloc(crt.gpu, size) : 0;
        e = size && !va ? cudaErrorMemoryAllocation : cudaSuccess;
        *ptr = (void *)(uintptr_t)va;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
    size_t p = (width + CRT_PITCH_ALIGN - 1) & ~(size_t)(CRT_PITCH_ALIGN - 1);

    if (!pitch || width > SIZE_MAX - CRT_PITCH_ALIGN || (height && p > SIZE_MAX / height)) {
        crt_lock();
        return crt_leave(cudaErrorInvalidValue);
    }
    *pitch = p;
    return cudaMalloc(ptr, p * height);
}

CRT_EXPORT cudaError_t cudaFree(void *ptr);
cudaError_t cudaFree(void *ptr)
{
    cudaError_t e = crt_enter();

    if (e || !ptr) {
        return crt_leave(e);
    }
    if (g_hash_table_remove(crt.managed, ptr)) {
        nv_vgpu_host_free(crt.gpu, ptr);
    } else if (!nv_vgpu_free_mem(crt.gpu, PTR(ptr))) {
        e = cudaErrorInvalidValue;
    }
    return crt_leave(e);
}

/*
 * Managed memory is the GPU's system memory (the pinned heap), mapped at
 * the same address on the host and the GPU, so it needs no migration: the
 * GPU reaches it over "PCIe" and the host directly. Work completes at
 * submission, so the host never sees it while a kernel runs.
 */
CRT_EXPORT cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags);
cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (!e && (!ptr || !size ||
               (flags != CUDA_MEM_ATTACH_GLOBAL && flags != CUDA_MEM_ATTACH_HOST))) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        *ptr = nv_vgpu_host_alloc(crt.gpu, size);
        if (*ptr) {
            g_hash_table_add(crt.managed, *ptr);
        } else {
            e = cudaErrorMemoryAllocation;
        }
    }
    return crt_leave(e);
}

/* A range inside one managed allocation (prefetch, advice, attach). */
static bool is_managed_range(const void *ptr, size_t count)
{
    uint64_t base, size;

    return nv_vgpu_mem_find(crt.gpu, PTR(ptr), MAX(count, 1), &base, &size) ==
               NV_VGPU_MEM_HOST &&
           g_hash_table_contains(crt.managed, (void *)(uintptr_t)base);
}

/* Migration hints: the memory never moves, so they only validate. */
CRT_EXPORT cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count,
                                            struct cudaMemLocation loc, unsigned flags,
                                            cudaStream_t s);
cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, struct cudaMemLocation loc,
                                 unsigned flags, cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e && !crt_stream_valid(s)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e && (flags || !is_managed_range(ptr, count))) {
        e = cudaErrorInvalidValue;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMemAdvise(const void *ptr, size_t count, int advice,
                                     struct cudaMemLocation loc);
cudaError_t cudaMemAdvise(const void *ptr, size_t count, int advice, struct cudaMemLocation loc)
{
    cudaError_t e = crt_enter();

    /* cudaMemAdviseSetReadMostly (1) .. cudaMemAdviseUnsetAccessedBy (6) */
    if (!e && (advice < 1 || advice > 6 || !is_managed_range(ptr, count))) {
        e = cudaErrorInvalidValue;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaStreamAttachMemAsync(cudaStream_t s, void *ptr, size_t length,
                                                unsigned flags);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t s, void *ptr, size_t length, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (!e && !crt_stream_valid(s)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e && ((flags != CUDA_MEM_ATTACH_GLOBAL && flags != CUDA_MEM_ATTACH_HOST &&
                       flags != CUDA_MEM_ATTACH_SINGLE) || !is_managed_range(ptr, length))) {
        e = cudaErrorInvalidValue;
    }
    return crt_leave(e);
}

/* Stream-ordered allocation: work completes at submission, so in order is now. */
CRT_EXPORT cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (!e && (!ptr || (flags & ~CUDA_HOST_ALLOC_FLAGS))) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        *ptr = size ? nv_vgpu_host_alloc(crt.gpu, size) : NULL;
        e = size && !*ptr ? cudaErrorMemoryAllocation : cudaSuccess;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    return cudaHostAlloc(ptr, size, 0);
}

CRT_EXPORT cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaFreeHost(void *ptr)
{
    cudaError_t e = crt_enter();

    /* managed memory is released by cudaFree */
    if (!e && ptr && (g_hash_table_contains(crt.managed, ptr) ||
                      !nv_vgpu_host_free(crt.gpu, ptr))) {
        e = cudaErrorInvalidValue;
    }
    return crt_leave(e);
}

/*
 * Registered host memory is mapped for the GPU at the same addresses (any
 * flags: every registration is portable and mapped here); I/O memory is not
 * supported.
 */
CRT_EXPORT cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags)
{
    cudaError_t e = crt_enter();
    uint64_t p = PTR(ptr);

    if (!e && (!ptr || !size || (flags & ~CRT_HOST_REGISTER_FLAGS))) {
        e = (flags & CRT_HOST_REGISTER_IO) ? cudaErrorNotSupported : cudaErrorInvalidValue;
    } else if (!e && nv_vgpu_mem_find(crt.gpu, p, size, NULL, NULL) != NV_VGPU_MEM_NONE) {
        e = nv_vgpu_mem_find(crt.gpu, p, size, NULL, NULL) == NV_VGPU_MEM_DEVICE
            ? cudaErrorInvalidValue : cudaErrorHostMemoryAlreadyRegistered;
    } else if (!e && !nv_vgpu_host_register(crt.gpu, ptr, size)) {
        /* its pages touch another registration's, or the page tables are full */
        e = cudaErrorHostMemoryAlreadyRegistered;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostUnregister(void *ptr)
{
    cudaError_t e = crt_enter();

    if (!e && !nv_vgpu_host_unregister(crt.gpu, ptr)) {
        e = cudaErrorHostMemoryNotRegistered;
    }
    return crt_leave(e);
}

/* Whether host lies in memory from cudaMallocHost/cudaHostAlloc or registered. */
static bool is_pinned(const void *host)
{
    return nv_vgpu_mem_find(crt.gpu, PTR(host), 1, NULL, NULL) == NV_VGPU_MEM_HOST;
}

CRT_EXPORT cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags);
cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (!e && (!dev || flags || !is_pinned(host))) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        *dev = host;    /* unified addresses */
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaHostGetFlags(unsigned *flags, void *host);
cudaError_t cudaHostGetFlags(unsigned *flags, void *host)
{
    cudaError_t e = crt_enter();

    if (!e && (!flags || !is_pinned(host))) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        *flags = 0;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    cudaError_t e = crt_enter();
    NvVgpuInfo info;

    if (!e && (!free_bytes || !total)) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        nv_vgpu_info(crt.gpu, &info);
        *free_bytes = nv_vgpu_mem_free_bytes(crt.gpu);
        *total = info.device_memory;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr,
                                                const void *ptr);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr, const void *ptr)
{
    cudaError_t e = crt_enter();
    NvVgpuMemKind kind;

    if (!e && !attr) {
        e = cudaErrorInvalidValue;
    }
    if (e) {
        return crt_leave(e);
    }
    kind = nv_vgpu_mem_find(crt.gpu, PTR(ptr), 1, NULL, NULL);
    memset(attr, 0, sizeof(*attr));
    attr->device = kind == NV_VGPU_MEM_DEVICE || kind == NV_VGPU_MEM_HOST ? 0 : -2;
    attr->type = kind == NV_VGPU_MEM_DEVICE ? cudaMemoryTypeDevice :
                 kind == NV_VGPU_MEM_HOST ? cudaMemoryTypeHost : cudaMemoryTypeUnregistered;
    if (kind == NV_VGPU_MEM_HOST && is_managed_range(ptr, 1)) {
        attr->type = cudaMemoryTypeManaged;
    }
    attr->devicePointer = attr->device == 0 ? (void *)ptr : NULL;
    attr->hostPointer = kind == NV_VGPU_MEM_HOST ? (void *)ptr : NULL;
    return crt_leave(cudaSuccess);
}

/* ---- copies ---- */

/* Where a range is: GPU memory (device or pinned), pageable host memory, or bad. */
typedef enum Side { SIDE_GPU, SIDE_HOST, SIDE_BAD } Side;

static Side side_of(uint64_t p, size_t n, bool *is_device)
{
    NvVgpuMemKind k = nv_vgpu_mem_find(crt.gpu, p, n, NULL, NULL);

    *is_device = k == NV_VGPU_MEM_DEVICE;
    return k == NV_VGPU_MEM_INVALID ? SIDE_BAD :
           k == NV_VGPU_MEM_NONE ? SIDE_HOST : SIDE_GPU;
}

/* Does the pointer agree with what kind says it is? Pinned memory fits both. */
static bool kind_fits(bool want_device, Side s, bool is_device)
{
    return want_device ? s == SIDE_GPU : !is_device;
}

/* Does a copy's kind agree with where its destination and source are? */
static bool kind_agrees(int kind, Side ds, bool dd, Side ss, bool sd)
{
    return kind == cudaMemcpyDefault ||
           (kind_fits(kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice, ds, dd) &&
            kind_fits(kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice, ss, sd));
}

cudaError_t crt_copy(uint64_t dst, uint64_t src, size_t n, enum cudaMemcpyKind kind)
{
    bool dd, sd;
    Side ds = side_of(dst, n, &dd), ss = side_of(src, n, &sd);
    bool ok;

    if ((unsigned)kind > cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    if (ds == SIDE_BAD || ss == SIDE_BAD || ((!dst || !src) && n) ||
        !kind_agrees(kind, ds, dd, ss, sd)) {
        return cudaErrorInvalidValue;
    }
    if (!n) {
        return cudaSuccess;
    }
    if (ds == SIDE_HOST && ss == SIDE_HOST) {
        memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, n);
        return cudaSuccess;
    }
    ok = ds == SIDE_HOST ? nv_vgpu_read(crt.gpu, src, (void *)(uintptr_t)dst, n) :
         ss == SIDE_HOST ? nv_vgpu_write(crt.gpu, dst, (const void *)(uintptr_t)src, n) :
                           nv_vgpu_copy(crt.gpu, dst, src, n);
    return ok ? cudaSuccess : crt_gpu_failed(cudaErrorIllegalAddress);
}

static cudaError_t copy_api(void *dst, const void *src, size_t n, int kind, cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e) {
        e = !crt_stream_valid(s) ? cudaErrorInvalidResourceHandle
            : crt_capturing(s) ? crt_capture_copy(s, PTR(dst), PTR(src), n, kind)
            : crt_copy(PTR(dst), PTR(src), n, kind);
    }
    if (!e && !s) {
        crt_devlib_flush();     /* a blocking copy is a synchronisation point */
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind)
{
    return copy_api(dst, src, n, kind, NULL);
}

CRT_EXPORT cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind,
                                       cudaStream_t s);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t s)
{
    return copy_api(dst, src, n, kind, s);
}

/* A 2D range [p, p + pitch * (height - 1) + width) without overflow. */
static bool span2d(uint64_t p, size_t pitch, size_t width, size_t height, size_t *len)
{
    if (!height || !width) {
        *len = 0;
        return true;
    }
    if (width > pitch || (height - 1) > (SIZE_MAX - width) / pitch) {
        return false;
    }
    *len = pitch * (height - 1) + width;
    return p <= UINT64_MAX - *len;
}

/* Pageable rows move through a pinned bounce buffer in one copy-engine job. */
static bool copy2d_host(uint64_t dst, size_t dpitch, uint64_t src, size_t spitch, size_t width,
                        size_t height, bool to_gpu)
{
    uint8_t *bounce = width && height ? nv_vgpu_host_alloc(crt.gpu, width * height) : NULL;
    bool ok;

    if (!bounce) {
        for (size_t r = 0; r < height; r++) {
            if (!(to_gpu ? nv_vgpu_write(crt.gpu, dst + r * dpitch,
                                         (const void *)(uintptr_t)(src + r * spitch), width)
                         : nv_vgpu_read(crt.gpu, src + r * spitch,
                                        (void *)(uintptr_t)(dst + r * dpitch), width))) {
                return false;
            }
        }
        return true;
    }
    for (size_t r = 0; to_gpu && r < height; r++) {
        memcpy(bounce + r * width, (const void *)(uintptr_t)(src + r * spitch), width);
    }
    ok = to_gpu ? nv_vgpu_copy2d(crt.gpu, dst, dpitch, PTR(bounce), width, width, height)
                : nv_vgpu_copy2d(crt.gpu, PTR(bounce), width, src, spitch, width, height);
    for (size_t r = 0; ok && !to_gpu && r < height; r++) {
        memcpy((void *)(uintptr_t)(dst + r * dpitch), bounce + r * width, width);
    }
    nv_vgpu_host_free(crt.gpu, bounce);
    return ok;
}

static cudaError_t copy2d(uint64_t dst, size_t dpitch, uint64_t src, size_t spitch, size_t width,
                          size_t height, int kind)
{
    size_t dlen, slen;
    bool dd, sd, ok = true;
    Side ds, ss;

    if ((unsigned)kind > cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    if (!span2d(dst, dpitch, width, height, &dlen) || !span2d(src, spitch, width, height, &slen)) {
        return cudaErrorInvalidPitchValue;
    }
    if (!dlen) {
        return cudaSuccess;
    }
    ds = side_of(dst, dlen, &dd);
    ss = side_of(src, slen, &sd);
    if (ds == SIDE_BAD || ss == SIDE_BAD || !dst || !src || !kind_agrees(kind, ds, dd, ss, sd)) {
        return cudaErrorInvalidValue;
    }
    if (ds == SIDE_HOST && ss == SIDE_HOST) {
        for (size_t r = 0; r < height; r++) {
            memmove((void *)(uintptr_t)(dst + r * dpitch),
                    (const void *)(uintptr_t)(src + r * spitch), width);
        }
    } else if (ds == SIDE_GPU && ss == SIDE_GPU) {
        ok = nv_vgpu_copy2d(crt.gpu, dst, dpitch, src, spitch, width, height);
    } else {
        ok = copy2d_host(dst, dpitch, src, spitch, width, height, ds == SIDE_GPU);
    }
    return ok ? cudaSuccess : crt_gpu_failed(cudaErrorIllegalAddress);
}

static cudaError_t copy2d_api(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, int kind, cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e) {
        e = crt_capturing(s) ? cudaErrorStreamCaptureUnsupported
            : crt_stream_valid(s) ? copy2d(PTR(dst), dpitch, PTR(src), spitch, width, height, kind)
                                : cudaErrorInvalidResourceHandle;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                    size_t width, size_t height, int kind);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                         size_t width, size_t height, int kind)
{
    return copy2d_api(dst, dpitch, src, spitch, width, height, kind, NULL);
}

CRT_EXPORT cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                                         size_t spitch, size_t width, size_t height, int kind,
                                         cudaStream_t s);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, int kind, cudaStream_t s)
{
    return copy2d_api(dst, dpitch, src, spitch, width, height, kind, s);
}

/* ---- fills ---- */

cudaError_t crt_fill(uint64_t dst, size_t pitch, uint32_t value, unsigned esize, size_t width,
                     size_t height)
{
    size_t len;
    bool dev;

    if (!span2d(dst, pitch, width, height, &len)) {
        return cudaErrorInvalidPitchValue;
    }
    if (len && (!dst || side_of(dst, len, &dev) != SIDE_GPU)) {
        return cudaErrorInvalidValue;
    }
    if (len && (dst | (height > 1 ? pitch : 0) | width) % esize) {
        return cudaErrorInvalidValue;
    }
    if (len && !nv_vgpu_fill2d_elem(crt.gpu, dst, pitch, esize == 1 ? value * 0x01010101u
                                                    : esize == 2 ? (value & 0xffff) * 0x10001u
                                                    : value,
                                    (dst | pitch | width) & 3 ? esize : 4, width, height)) {
        return crt_gpu_failed(cudaErrorIllegalAddress);
    }
    return cudaSuccess;
}

static cudaError_t fill_api(void *dst, size_t pitch, int value, size_t width, size_t height,
                            cudaStream_t s)
{
    cudaError_t e = crt_enter();
    size_t len;

    if (e) {
        return crt_leave(e);
    }
    if (!crt_stream_valid(s)) {
        return crt_leave(cudaErrorInvalidResourceHandle);
    }
    if (crt_capturing(s)) {
        return crt_leave(span2d(PTR(dst), pitch, width, height, &len)
                         ? crt_capture_fill(s, PTR(dst), pitch, value, width, height)
                         : cudaErrorInvalidPitchValue);
    }
    return crt_leave(crt_fill(PTR(dst), pitch, (uint8_t)value, 1, width, height));
}

CRT_EXPORT cudaError_t cudaMemset(void *dst, int value, size_t n);
cudaError_t cudaMemset(void *dst, int value, size_t n)
{
    return fill_api(dst, n, value, n, 1, NULL);
}

CRT_EXPORT cudaError_t cudaMemsetAsync(void *dst, int value, size_t n, cudaStream_t s);
cudaError_t cudaMemsetAsync(void *dst, int value, size_t n, cudaStream_t s)
{
    return fill_api(dst, n, value, n, 1, s);
}

CRT_EXPORT cudaError_t cudaMemset2D(void *dst, size_t pitch, int value, size_t width,
                                    size_t height);
cudaError_t cudaMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height)
{
    return fill_api(dst, pitch, value, width, height, NULL);
}

CRT_EXPORT cudaError_t cudaMemset2DAsync(void *dst, size_t pitch, int value, size_t width,
                                         size_t height, cudaStream_t s);
cudaError_t cudaMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t s)
{
    return fill_api(dst, pitch, value, width, height, s);
}

/* ---- symbols ---- */

static cudaError_t symbol_copy(const void *symbol, void *host, size_t n, size_t offset, int kind,
                               cudaStream_t s, bool to_symbol)
{
    cudaError_t e = crt_enter();
    uint64_t va, size;

    if (!e) {
        e = crt_capturing(s) ? cudaErrorStreamCaptureUnsupported
            : crt_stream_valid(s) ? crt_var_address(symbol, &va, &size)
                                : cudaErrorInvalidResourceHandle;
    }
    if (!e && (offset > size || n > size - offset)) {
        e = cudaErrorInvalidValue;
    }
    if (!e && kind != cudaMemcpyDefault && kind != cudaMemcpyDeviceToDevice &&
        kind != (to_symbol ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost)) {
        e = cudaErrorInvalidMemcpyDirection;
    }
    if (!e) {
        e = to_symbol ? crt_copy(va + offset, PTR(host), n, cudaMemcpyDefault)
                      : crt_copy(PTR(host), va + offset, n, cudaMemcpyDefault);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n,
                                          size_t offset, int kind);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset,
                               int kind)
{
    return symbol_copy(symbol, (void *)src, n, offset, kind, NULL, true);
}

CRT_EXPORT cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n,
                                               size_t offset, int kind, cudaStream_t s);
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n,
                                    size_t offset, int kind, cudaStream_t s)
{
    return symbol_copy(symbol, (void *)src, n, offset, kind, s, true);
}

CRT_EXPORT cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n,
                                            size_t offset, int kind);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset,
                                 int kind)
{
    return symbol_copy(symbol, dst, n, offset, kind, NULL, false);
}

CRT_EXPORT cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n,
                                                 size_t offset, int kind, cudaStream_t s);
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n, size_t offset,
                                      int kind, cudaStream_t s)
{
    return symbol_copy(symbol, dst, n, offset, kind, s, false);
}

CRT_EXPORT cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol);
cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol)
{
    cudaError_t e = crt_enter();
    uint64_t va, size;

    if (!e && !ptr) {
        e = cudaErrorInvalidValue;
    }
    if (!e && !(e = crt_var_address(symbol, &va, &size))) {
        *ptr = (void *)(uintptr_t)va;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaGetSymbolSize(size_t *out, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *out, const void *symbol)
{
    cudaError_t e = crt_enter();
    uint64_t va, size;

    if (!e && !out) {
        e = cudaErrorInvalidValue;
    }
    if (!e && !(e = crt_var_address(symbol, &va, &size))) {
        *out = size;
    }
    return crt_leave(e);
}
