// Dynamic shared memory (extern __shared__) of several sizes, with static
// shared memory beside it; more than 48 KiB once the function attribute
// allows it (64 KiB on sm_75), refused before.
#include "check.h"
#include <vector>

__global__ void reverse_block(const int *in, int *out, int per_block)
{
    extern __shared__ int buf[];
    __shared__ int tag;
    const int *src = in + blockIdx.x * per_block;
    if (threadIdx.x == 0)
        tag = blockIdx.x;
    for (int i = threadIdx.x; i < per_block; i += blockDim.x)
        buf[i] = src[i];
    __syncthreads();
    for (int i = threadIdx.x; i < per_block; i += blockDim.x)
        out[blockIdx.x * per_block + i] = buf[per_block - 1 - i] + tag;
}

static void run(int per_block, int blocks)
{
    size_t bytes = (size_t)per_block * sizeof(int);
    std::vector<int> h(per_block * blocks), o(h.size());
    for (size_t i = 0; i < h.size(); i++)
        h[i] = (int)(i * 31 % 1009);
    int *din, *dout;
    CHECK(cudaMalloc(&din, h.size() * sizeof(int)));
    CHECK(cudaMalloc(&dout, h.size() * sizeof(int)));
    CHECK(cudaMemcpy(din, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    reverse_block<<<blocks, 256, bytes>>>(din, dout, per_block);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(o.data(), dout, o.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++)
        for (int i = 0; i < per_block; i++)
            EXPECT(o[b * per_block + i] == h[b * per_block + per_block - 1 - i] + b,
                   "%d ints: block %d element %d", per_block, b, i);
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));
}

int main()
{
    test_name = "dynamic_shared";
    run(1, 3);
    run(1000, 4);
    run(12000, 2);                      // 48000 bytes: fits the default limit
    const int big = 16000;              // 64000 bytes
    reverse_block<<<1, 256, big * sizeof(int)>>>(nullptr, nullptr, big);
    EXPECT(cudaGetLastError() != cudaSuccess, "64000 bytes accepted without the attribute");
    CHECK(cudaFuncSetAttribute(reverse_block, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               big * sizeof(int)));
    cudaFuncAttributes a;
    CHECK(cudaFuncGetAttributes(&a, reverse_block));
    EXPECT(a.maxDynamicSharedSizeBytes == big * (int)sizeof(int), "attribute reads %d",
           a.maxDynamicSharedSizeBytes);
    run(big, 2);
    EXPECT(cudaFuncSetAttribute(reverse_block, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                70000) == cudaErrorInvalidValue, "70000 bytes accepted");
    cudaGetLastError();
    return pass();
}
