// Prefix sums: a block-level Hillis-Steele scan in shared memory, inclusive
// and exclusive, then a multi-block scan with a second pass over block totals.
#include "check.h"
#include <vector>

#define B 256

__global__ void block_scan(const int *in, int *out, int *totals, int n, int exclusive)
{
    __shared__ int s[2][B];
    int i = blockIdx.x * B + threadIdx.x, p = 0;
    int v = i < n ? in[i] : 0;
    s[0][threadIdx.x] = v;
    __syncthreads();
    for (int off = 1; off < B; off <<= 1) {
        int x = s[p][threadIdx.x];
        if (threadIdx.x >= off)
            x += s[p][threadIdx.x - off];
        s[p ^ 1][threadIdx.x] = x;
        p ^= 1;
        __syncthreads();
    }
    if (i < n)
        out[i] = exclusive ? s[p][threadIdx.x] - v : s[p][threadIdx.x];
    if (totals && threadIdx.x == B - 1)
        totals[blockIdx.x] = s[p][threadIdx.x];
}

__global__ void add_offsets(int *out, const int *offsets, int n)
{
    int i = blockIdx.x * B + threadIdx.x;
    if (i < n && blockIdx.x > 0)
        out[i] += offsets[blockIdx.x - 1];
}

int main()
{
    test_name = "scan";
    const int n = 60000, blocks = (n + B - 1) / B;   // 235 blocks: one block scans totals
    std::vector<int> h(n), o(n);
    for (int i = 0; i < n; i++)
        h[i] = (i * 13) % 17 - 8;
    int *din, *dout, *dtot, *dtot_scan;
    CHECK(cudaMalloc(&din, n * sizeof(int)));
    CHECK(cudaMalloc(&dout, n * sizeof(int)));
    CHECK(cudaMalloc(&dtot, blocks * sizeof(int)));
    CHECK(cudaMalloc(&dtot_scan, blocks * sizeof(int)));
    CHECK(cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    block_scan<<<1, B>>>(din, dout, nullptr, B, 1);
    CHECK(cudaMemcpy(o.data(), dout, B * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0, acc = 0; i < B; acc += h[i], i++)
        EXPECT(o[i] == acc, "exclusive[%d] = %d, want %d", i, o[i], acc);

    block_scan<<<blocks, B>>>(din, dout, dtot, n, 0);
    block_scan<<<1, B>>>(dtot, dtot_scan, nullptr, blocks, 0);
    add_offsets<<<blocks, B>>>(dout, dtot_scan, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(o.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0, acc = 0; i < n; i++) {
        acc += h[i];
        EXPECT(o[i] == acc, "inclusive[%d] = %d, want %d", i, o[i], acc);
    }
    return pass();
}
