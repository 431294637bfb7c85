// Function attributes and the occupancy calculator: register and shared
// memory use read from the cubin, limits of the virtual TU104, and
// cudaFuncSetAttribute for dynamic shared memory.
#include "check.h"

__global__ void small_kernel(int *p)
{
    p[threadIdx.x] = threadIdx.x;
}

__global__ void shared_kernel(int *p)
{
    __shared__ int buf[2048];
    buf[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}

__global__ void __launch_bounds__(256) bounded_kernel(float *p)
{
    p[threadIdx.x] *= 2.0f;
}

int main()
{
    test_name = "occupancy_attrs";
    cudaFuncAttributes a;
    CHECK(cudaFuncGetAttributes(&a, small_kernel));
    EXPECT(a.maxThreadsPerBlock == 1024, "maxThreadsPerBlock %d", a.maxThreadsPerBlock);
    EXPECT(a.numRegs > 0 && a.numRegs <= 255, "numRegs %d", a.numRegs);
    EXPECT(a.sharedSizeBytes == 0, "sharedSizeBytes %zu", a.sharedSizeBytes);
    EXPECT(a.ptxVersion >= 75 || a.ptxVersion == 0, "ptxVersion %d", a.ptxVersion);
    EXPECT(a.binaryVersion == 75, "binaryVersion %d", a.binaryVersion);
    CHECK(cudaFuncGetAttributes(&a, shared_kernel));
    EXPECT(a.sharedSizeBytes == 2048 * sizeof(int), "static shared %zu", a.sharedSizeBytes);
    CHECK(cudaFuncGetAttributes(&a, bounded_kernel));
    EXPECT(a.maxThreadsPerBlock == 256, "launch bounds %d", a.maxThreadsPerBlock);

    // Turing: 1024 threads, 16 blocks, 64 KiB shared memory per SM
    int blocks = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, small_kernel, 64, 0));
    EXPECT(blocks == 16, "64-thread blocks per SM %d", blocks);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, small_kernel, 256, 0));
    EXPECT(blocks == 4, "256-thread blocks per SM %d", blocks);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, shared_kernel, 32, 0));
    EXPECT(blocks == 8, "8 KiB-shared blocks per SM %d", blocks);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, small_kernel, 32, 48 * 1024));
    EXPECT(blocks == 1, "48 KiB dynamic shared blocks per SM %d", blocks);
    int min_grid = 0, block = 0;
    CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, small_kernel, 0, 0));
    EXPECT(block >= 64 && block <= 1024 && block % 32 == 0, "block size %d", block);
    EXPECT(min_grid >= 40, "min grid %d", min_grid);

    // dynamic shared memory past 48 KiB needs the opt-in attribute
    int *d;
    CHECK(cudaMalloc(&d, 1024 * sizeof(int)));
    small_kernel<<<1, 32, 60 * 1024>>>(d);
    cudaError_t e = cudaGetLastError();
    EXPECT(e == cudaErrorInvalidValue, "60 KiB without opt-in: %s", cudaGetErrorName(e));
    CHECK(cudaFuncSetAttribute(small_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               60 * 1024));
    CHECK(cudaFuncGetAttributes(&a, small_kernel));
    EXPECT(a.maxDynamicSharedSizeBytes == 60 * 1024, "opt-in %d", a.maxDynamicSharedSizeBytes);
    small_kernel<<<1, 32, 60 * 1024>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    e = cudaFuncSetAttribute(small_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             65 * 1024);
    EXPECT(e == cudaErrorInvalidValue, "over 64 KiB: %s", cudaGetErrorName(e));
    cudaGetLastError();
    return pass();
}
