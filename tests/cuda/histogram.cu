// Histograms with atomics: per-block bins in shared memory merged into
// global bins, and direct global atomics; both against a CPU count.
#include "check.h"
#include <vector>

#define BINS 64

__global__ void hist_shared(const unsigned char *in, int n, unsigned *bins)
{
    __shared__ unsigned local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[in[i] % BINS], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        atomicAdd(&bins[b], local[b]);
}

__global__ void hist_global(const unsigned char *in, int n, unsigned *bins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&bins[in[i] % BINS], 1u);
}

int main()
{
    test_name = "histogram";
    const int n = 200000;
    std::vector<unsigned char> h(n);
    unsigned want[BINS] = { 0 }, got[BINS];
    unsigned x = 12345;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        h[i] = (unsigned char)(x >> 16);
        // skewed: a few bins get most of the hits (contention)
        if (i % 3 == 0)
            h[i] = 7;
        want[h[i] % BINS]++;
    }
    unsigned char *din;
    unsigned *bins;
    CHECK(cudaMalloc(&din, n));
    CHECK(cudaMalloc(&bins, sizeof(got)));
    CHECK(cudaMemcpy(din, h.data(), n, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(bins, 0, sizeof(got)));
    hist_shared<<<16, 256>>>(din, n, bins);
    CHECK(cudaMemcpy(got, bins, sizeof(got), cudaMemcpyDeviceToHost));
    for (int b = 0; b < BINS; b++)
        EXPECT(got[b] == want[b], "shared: bin %d = %u, want %u", b, got[b], want[b]);
    CHECK(cudaMemset(bins, 0, sizeof(got)));
    hist_global<<<(n + 255) / 256, 256>>>(din, n, bins);
    CHECK(cudaMemcpy(got, bins, sizeof(got), cudaMemcpyDeviceToHost));
    for (int b = 0; b < BINS; b++)
        EXPECT(got[b] == want[b], "global: bin %d = %u, want %u", b, got[b], want[b]);
    return pass();
}
