// Pinned host memory: cudaMallocHost/cudaHostAlloc buffers with async copies
// in streams, a kernel reading mapped host memory directly, pointer attributes.
#include "check.h"

__global__ void scale(float *x, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= s;
}

__global__ void sum_host(const int *host, int n, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, host[i]);
}

int main()
{
    test_name = "pinned_async";
    const int n = 1 << 16, chunks = 4, per = n / chunks;
    float *h, *d;
    CHECK(cudaMallocHost(&h, n * sizeof(float)));
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    for (int i = 0; i < n; i++)
        h[i] = (float)i;
    cudaStream_t s[chunks];
    for (auto &x : s)
        CHECK(cudaStreamCreate(&x));
    for (int c = 0; c < chunks; c++) {
        float *hp = h + c * per, *dp = d + c * per;
        CHECK(cudaMemcpyAsync(dp, hp, per * sizeof(float), cudaMemcpyHostToDevice, s[c]));
        scale<<<per / 256, 256, 0, s[c]>>>(dp, per, (float)(c + 2));
        CHECK(cudaMemcpyAsync(hp, dp, per * sizeof(float), cudaMemcpyDeviceToHost, s[c]));
    }
    for (auto &x : s)
        CHECK(cudaStreamSynchronize(x));
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == (float)i * (i / per + 2), "h[%d] = %g", i, h[i]);

    // mapped pinned memory, read by a kernel in place
    int *hm, *dm, *out, total = 0;
    CHECK(cudaHostAlloc(&hm, 1000 * sizeof(int), cudaHostAllocMapped));
    for (int i = 0; i < 1000; i++) {
        hm[i] = i * 3 - 700;
        total += hm[i];
    }
    CHECK(cudaHostGetDevicePointer(&dm, hm, 0));
    CHECK(cudaMalloc(&out, sizeof(int)));
    CHECK(cudaMemset(out, 0, sizeof(int)));
    sum_host<<<4, 256>>>(dm, 1000, out);
    int got = 0;
    CHECK(cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(got == total, "sum of mapped memory %d, want %d", got, total);

    cudaPointerAttributes a;
    CHECK(cudaPointerGetAttributes(&a, hm));
    EXPECT(a.type == cudaMemoryTypeHost && a.hostPointer == hm, "pinned attributes");
    CHECK(cudaPointerGetAttributes(&a, d + 5));
    EXPECT(a.type == cudaMemoryTypeDevice && a.devicePointer == d + 5, "device attributes");
    int stack_var;
    CHECK(cudaPointerGetAttributes(&a, &stack_var));
    EXPECT(a.type == cudaMemoryTypeUnregistered, "pageable memory type %d", (int)a.type);

    for (auto &x : s)
        CHECK(cudaStreamDestroy(x));
    CHECK(cudaFreeHost(h));
    CHECK(cudaFreeHost(hm));
    CHECK(cudaFree(d));
    CHECK(cudaFree(out));
    return pass();
}
