/*
 * Stream-ordered memory pools: the device's default pool, pools of one's
 * own, their attributes and cudaMallocFromPoolAsync. Work completes at
 * submission here, so a pool hands out and takes back device memory at once:
 * what it tracks is the bytes its allocations use (and, as nothing is
 * cached, reserve), with their high-water marks, and the attributes a
 * program sets (release threshold, reuse policies), which it reads back.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "cudart-internal.h"

/* cudart-mem.c: pools hand out the device memory cudaMalloc does */
CRT_EXPORT cudaError_t cudaMalloc(void **ptr, size_t size);
CRT_EXPORT cudaError_t cudaFree(void *ptr);

struct CUmemPoolHandle_st {
    uint64_t release_threshold;
    int reuse[3];                   /* cudaMemPoolReuse* attributes 1..3 */
    uint64_t used, used_high;       /* bytes of live allocations */
};

static struct CUmemPoolHandle_st default_pool = { .reuse = { 1, 1, 1 } };
static cudaMemPool_t current_pool = &default_pool;

/* Allocations from pools: address -> CrtPoolAlloc (under the runtime lock). */
typedef struct CrtPoolAlloc {
    cudaMemPool_t pool;
    uint64_t size;
} CrtPoolAlloc;

static GHashTable *pool_allocs;

static bool pool_valid(cudaMemPool_t p)
{
    return p == &default_pool || (p && g_hash_table_contains(crt.pools, p));
}

/* Allocates from p (the stream checked by the caller, the runtime lock held). */
static cudaError_t pool_alloc(void **ptr, size_t size, cudaMemPool_t p)
{
    CrtPoolAlloc *a;
    cudaError_t e = cudaMalloc(ptr, size);     /* the lock is recursive */

    if (e) {
        return e;
    }
    if (!pool_allocs) {
        pool_allocs = g_hash_table_new_full(NULL, NULL, NULL, g_free);
    }
    a = g_new(CrtPoolAlloc, 1);
    *a = (CrtPoolAlloc){ p, size };
    g_hash_table_insert(pool_allocs, *ptr, a);
    p->used += size;
    p->used_high = MAX(p->used_high, p->used);
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t s);
cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t s)
{
    crt_lock();
    if (!crt_stream_valid(s)) {
        return crt_leave(cudaErrorInvalidResourceHandle);
    }
    return crt_leave(pool_alloc(ptr, size, current_pool));
}

CRT_EXPORT cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t pool,
                                               cudaStream_t s);
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t pool, cudaStream_t s)
{
    crt_lock();
    if (!crt_stream_valid(s)) {
        return crt_leave(cudaErrorInvalidResourceHandle);
    }
    if (!pool_valid(pool)) {
        return crt_leave(cudaErrorInvalidValue);
    }
    return crt_leave(pool_alloc(ptr, size, pool));
}

CRT_EXPORT cudaError_t cudaFreeAsync(void *ptr, cudaStream_t s);
cudaError_t cudaFreeAsync(void *ptr, cudaStream_t s)
{
    CrtPoolAlloc *a;
    cudaError_t e;

    crt_lock();
    if (!crt_stream_valid(s)) {
        return crt_leave(cudaErrorInvalidResourceHandle);
    }
    a = pool_allocs ? g_hash_table_lookup(pool_allocs, ptr) : NULL;
    e = cudaFree(ptr);
    if (!e && a) {
        a->pool->used -= MIN(a->size, a->pool->used);
        g_hash_table_remove(pool_allocs, ptr);
    }
    return crt_leave(e);
}

/* The device's memory is gone: so are the pools' allocations (cudaDeviceReset). */
void crt_pools_reset(void)
{
    GHashTableIter it;
    gpointer p;

    if (pool_allocs) {
        g_hash_table_remove_all(pool_allocs);
    }
    default_pool.used = 0;
    g_hash_table_iter_init(&it, crt.pools);
    while (g_hash_table_iter_next(&it, &p, NULL)) {
        ((cudaMemPool_t)p)->used = 0;
    }
}

CRT_EXPORT cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device)
{
    crt_lock();
    if (!pool || device != 0) {
        return crt_leave(device != 0 ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    }
    *pool = &default_pool;
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device)
{
    crt_lock();
    if (!pool || device != 0) {
        return crt_leave(device != 0 ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    }
    *pool = current_pool;
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool)
{
    crt_lock();
    if (device != 0 || !pool_valid(pool)) {
        return crt_leave(device != 0 ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    }
    current_pool = pool;
    return crt_leave(cudaSuccess);
}

/* Pools of device memory on device 0, pinned, without export handles. */
CRT_EXPORT cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool,
                                         const struct cudaMemPoolProps *props);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const struct cudaMemPoolProps *props)
{
    crt_lock();
    if (!pool || !props || props->allocType != CRT_MEM_ALLOCATION_PINNED ||
        props->location.type != CRT_MEM_LOCATION_DEVICE || props->location.id != 0) {
        return crt_leave(cudaErrorInvalidValue);
    }
    if (props->handleTypes) {
        return crt_leave(cudaErrorNotSupported);    /* IPC export */
    }
    *pool = g_new0(struct CUmemPoolHandle_st, 1);
    (*pool)->reuse[0] = (*pool)->reuse[1] = (*pool)->reuse[2] = 1;
    g_hash_table_add(crt.pools, *pool);
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool)
{
    crt_lock();
    if (!pool || !g_hash_table_remove(crt.pools, pool)) {
        return crt_leave(cudaErrorInvalidValue);    /* the default pool is not destroyed */
    }
    if (current_pool == pool) {
        current_pool = &default_pool;
    }
    /* allocations still live are freed by cudaFreeAsync, which no longer counts them */
    if (pool_allocs) {
        GHashTableIter it;
        gpointer a;

        g_hash_table_iter_init(&it, pool_allocs);
        while (g_hash_table_iter_next(&it, NULL, &a)) {
            if (((CrtPoolAlloc *)a)->pool == pool) {
                g_hash_table_iter_remove(&it);
            }
        }
    }
    g_free(pool);
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t keep);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t keep)
{
    crt_lock();
    return crt_leave(pool_valid(pool) ? cudaSuccess : cudaErrorInvalidValue);
}

/* Attribute value types: reuse flags are int, the rest cuuint64_t. */
static cudaError_t pool_attr(cudaMemPool_t pool, int attr, void *value, bool set)
{
    uint64_t v64 = 0;

    if (!pool_valid(pool) || !value || attr < 1 || attr > 8) {
        return cudaErrorInvalidValue;
    }
    if (attr <= 3) {
        if (set) {
            pool->reuse[attr - 1] = *(int *)value != 0;
        } else {
            *(int *)value = pool->reuse[attr - 1];
        }
        return cudaSuccess;
    }
    if (set) {
        memcpy(&v64, value, 8);
        switch (attr) {
        case CRT_POOL_ATTR_RELEASE_THRESHOLD:
            pool->release_threshold = v64;
            return cudaSuccess;
        case CRT_POOL_ATTR_RESERVED_HIGH:
        case CRT_POOL_ATTR_USED_HIGH:
            if (v64) {
                return cudaErrorInvalidValue;   /* only a reset to 0 */
            }
            pool->used_high = pool->used;
            return cudaSuccess;
        default:
            return cudaErrorInvalidValue;       /* current figures are read-only */
        }
    }
    switch (attr) {
    case CRT_POOL_ATTR_RELEASE_THRESHOLD:
        v64 = pool->release_threshold;
        break;
    case CRT_POOL_ATTR_RESERVED_CURRENT:
    case CRT_POOL_ATTR_USED_CURRENT:
        v64 = pool->used;       /* nothing is cached: reserved is what is used */
        break;
    default:
        v64 = pool->used_high;
    }
    memcpy(value, &v64, 8);
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, int attr, void *value);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, int attr, void *value)
{
    crt_lock();
    return crt_leave(pool_attr(pool, attr, value, true));
}

CRT_EXPORT cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, int attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, int attr, void *value)
{
    crt_lock();
    return crt_leave(pool_attr(pool, attr, value, false));
}
