// Stream-ordered memory pools: the device says it has them; the default
// pool's release threshold and reuse flags are set and read back, its used
// and reserved figures follow cudaMallocAsync/cudaFreeAsync with a
// high-water mark that resets; a pool of one's own serves
// cudaMallocFromPoolAsync and can become the device's current pool; memory
// from either works in kernels.
#include <cstdint>
#include "check.h"

__global__ void fill(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i] = v + i;
    }
}

static uint64_t attr64(cudaMemPool_t pool, cudaMemPoolAttr a)
{
    uint64_t v = 0;
    CHECK(cudaMemPoolGetAttribute(pool, a, &v));
    return v;
}

int main()
{
    test_name = "memory_pools";
    int supported = 0;
    CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0));
    EXPECT(supported == 1, "memoryPoolsSupported %d", supported);

    cudaMemPool_t def, cur;
    CHECK(cudaDeviceGetDefaultMemPool(&def, 0));
    CHECK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(def == cur, "the current pool is not the default one");
    uint64_t threshold = UINT64_MAX;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &threshold));
    EXPECT(attr64(def, cudaMemPoolAttrReleaseThreshold) == UINT64_MAX, "threshold");
    int reuse = 0;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &reuse));
    reuse = 1;
    CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &reuse));
    EXPECT(reuse == 0, "reuse flag %d", reuse);

    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    const int n = 10000;
    int *a, *b, h[n];
    CHECK(cudaMallocAsync(&a, n * sizeof(int), s));
    CHECK(cudaMallocAsync(&b, 3 * n * sizeof(int), s));
    EXPECT(attr64(def, cudaMemPoolAttrUsedMemCurrent) == 4 * n * sizeof(int), "used %llu",
           (unsigned long long)attr64(def, cudaMemPoolAttrUsedMemCurrent));
    EXPECT(attr64(def, cudaMemPoolAttrReservedMemCurrent) >= 4 * n * sizeof(int), "reserved");
    fill<<<(n + 255) / 256, 256, 0, s>>>(a, n, 7);
    CHECK(cudaMemcpyAsync(h, a, sizeof(h), cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[n - 1] == 7 + n - 1, "kernel on pool memory: %d", h[n - 1]);
    CHECK(cudaFreeAsync(b, s));
    EXPECT(attr64(def, cudaMemPoolAttrUsedMemCurrent) == n * sizeof(int), "used after a free");
    EXPECT(attr64(def, cudaMemPoolAttrUsedMemHigh) == 4 * n * sizeof(int), "high-water mark");
    uint64_t zero = 0;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero));
    EXPECT(attr64(def, cudaMemPoolAttrUsedMemHigh) == n * sizeof(int), "reset high mark");
    EXPECT(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &zero) ==
           cudaErrorInvalidValue, "current usage is read-only");
    cudaGetLastError();
    CHECK(cudaFreeAsync(a, s));
    CHECK(cudaMemPoolTrimTo(def, 0));

    // a pool of one's own
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    cudaMemPool_t mine;
    CHECK(cudaMemPoolCreate(&mine, &props));
    int *c;
    CHECK(cudaMallocFromPoolAsync(&c, n * sizeof(int), mine, s));
    EXPECT(attr64(mine, cudaMemPoolAttrUsedMemCurrent) == n * sizeof(int), "own pool usage");
    EXPECT(attr64(def, cudaMemPoolAttrUsedMemCurrent) == 0, "default pool usage");
    CHECK(cudaDeviceSetMemPool(0, mine));
    int *d;
    CHECK(cudaMallocAsync(&d, 64, s));
    EXPECT(attr64(mine, cudaMemPoolAttrUsedMemCurrent) == n * sizeof(int) + 64,
           "cudaMallocAsync from the current pool");
    fill<<<(n + 255) / 256, 256, 0, s>>>(c, n, -3);
    CHECK(cudaMemcpyAsync(h, c, sizeof(h), cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[5] == 2, "kernel on the own pool's memory: %d", h[5]);
    CHECK(cudaFreeAsync(c, s));
    CHECK(cudaFreeAsync(d, s));
    CHECK(cudaDeviceSetMemPool(0, def));
    CHECK(cudaMemPoolDestroy(mine));
    EXPECT(cudaMemPoolDestroy(def) == cudaErrorInvalidValue, "destroyed the default pool");
    cudaGetLastError();
    props.location.id = 3;
    EXPECT(cudaMemPoolCreate(&mine, &props) == cudaErrorInvalidValue, "pool on device 3");
    cudaGetLastError();
    CHECK(cudaStreamDestroy(s));
    return pass();
}
