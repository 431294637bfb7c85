// Reductions: a shared-memory tree (int, exact) and warp shuffles (float),
// each block writing a partial result, then a second pass.
#include "check.h"
#include <vector>

__global__ void tree_sum(const int *in, long long *out, int n)
{
    __shared__ long long s[256];
    int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    long long v = 0;
    if (i < n)
        v = in[i];
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    s[threadIdx.x] = v;
    __syncthreads();
    for (unsigned st = blockDim.x / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st)
            s[threadIdx.x] += s[threadIdx.x + st];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

__global__ void shfl_sum(const float *in, float *out, int n)
{
    __shared__ float warps[32];
    float v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0)
        warps[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < blockDim.x / 32 ? warps[threadIdx.x] : 0;
        v = warp_sum(v);
        if (threadIdx.x == 0)
            out[blockIdx.x] = v;
    }
}

int main()
{
    test_name = "reduction";
    const int n = 100000, blocks = (n + 511) / 512;
    std::vector<int> h(n);
    long long want = 0;
    for (int i = 0; i < n; i++) {
        h[i] = (i * 7919) % 20001 - 10000;
        want += h[i];
    }
    int *d;
    long long *part;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMalloc(&part, blocks * sizeof(long long)));
    CHECK(cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    tree_sum<<<blocks, 256>>>(d, part, n);
    CHECK(cudaGetLastError());
    std::vector<long long> p(blocks);
    CHECK(cudaMemcpy(p.data(), part, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
    long long got = 0;
    for (auto x : p)
        got += x;
    EXPECT(got == want, "tree sum %lld, want %lld", got, want);

    // floats of exactly representable values: the sum is exact in any order
    std::vector<float> f(n);
    double fwant = 0;
    for (int i = 0; i < n; i++) {
        f[i] = (float)((i % 64) - 32) * 0.25f;
        fwant += f[i];
    }
    float *df, *dpart, partial[64];
    CHECK(cudaMalloc(&df, n * sizeof(float)));
    CHECK(cudaMalloc(&dpart, 64 * sizeof(float)));
    CHECK(cudaMemcpy(df, f.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    shfl_sum<<<64, 256>>>(df, dpart, n);
    shfl_sum<<<1, 64>>>(dpart, dpart, 64);
    CHECK(cudaMemcpy(partial, dpart, sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(partial[0] == (float)fwant, "shuffle sum %g, want %g", partial[0], fwant);
    return pass();
}
