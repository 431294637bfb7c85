// A kernel that never ends: the model's watchdog (an instruction budget per
// launch, here lowered through NVGPU_CUDA_BUDGET) ends it, and the context
// reports cudaErrorLaunchTimeout, sticky until cudaDeviceReset.
#include "check.h"

__global__ void spin(volatile int *flag)
{
    while (*flag == 0)
        ;
}

__global__ void count(int *out, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += i;
    out[threadIdx.x] = sum;
}

int main()
{
    test_name = "watchdog_timeout";
    // before the first CUDA call, so the context is created with it
    setenv("NVGPU_CUDA_BUDGET", "200000", 1);
    int *d;
    CHECK(cudaMalloc(&d, 32 * sizeof(int)));
    // a bounded loop well under the budget completes
    count<<<1, 32>>>(d, 100);
    CHECK(cudaDeviceSynchronize());
    int h[32];
    CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++)
        EXPECT(h[i] == 4950, "count[%d] = %d", i, h[i]);
    CHECK(cudaMemset(d, 0, sizeof(int)));
    spin<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorLaunchTimeout, "sync after the endless kernel: %s", cudaGetErrorName(e));
    e = cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
    EXPECT(e == cudaErrorLaunchTimeout, "sticky: %s", cudaGetErrorName(e));
    EXPECT(cudaGetLastError() == cudaErrorLaunchTimeout, "cudaGetLastError");
    CHECK(cudaDeviceReset());
    CHECK(cudaMalloc(&d, 32 * sizeof(int)));
    count<<<1, 32>>>(d, 10);
    CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
    EXPECT(h[5] == 45, "after reset %d", h[5]);
    return pass();
}
