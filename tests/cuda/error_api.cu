// Errors that are not sticky: bad launch configurations, bad arguments and
// handles; cudaGetLastError clears, cudaPeekAtLastError does not; names and
// strings of error codes; normal work goes on afterwards.
#include "check.h"
#include <cstring>

__global__ void fill(int *p, int v)
{
    p[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main()
{
    test_name = "error_api";
    int *d;
    CHECK(cudaMalloc(&d, 1024 * sizeof(int)));
    fill<<<1, 2048>>>(d, 1);
    EXPECT(cudaPeekAtLastError() == cudaErrorInvalidConfiguration, "block of 2048 threads");
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration, "peek cleared the error");
    EXPECT(cudaGetLastError() == cudaSuccess, "get did not clear the error");
    fill<<<dim3(1, 70000), 1>>>(d, 1);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration, "grid.y of 70000");
    fill<<<0, 32>>>(d, 1);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration, "empty grid");
    int h[4];
    EXPECT(cudaMemcpy(h, d, 16, (cudaMemcpyKind)7) == cudaErrorInvalidMemcpyDirection,
           "bad direction");
    EXPECT(cudaMemcpy(h, h + 1, 8, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue,
           "host pointer as the device source");
    EXPECT(cudaMemcpy(d, h, 8192, cudaMemcpyHostToDevice) == cudaErrorInvalidValue,
           "copy past the end of the allocation");
    EXPECT(cudaFree(h) == cudaErrorInvalidValue, "cudaFree of a host pointer");
    EXPECT(cudaFree(d + 1) == cudaErrorInvalidValue, "cudaFree inside an allocation");
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaStreamDestroy(s));
    EXPECT(cudaStreamDestroy(s) == cudaErrorInvalidResourceHandle, "double stream destroy");
    void *huge;
    EXPECT(cudaMalloc(&huge, 1ull << 50) == cudaErrorMemoryAllocation, "a petabyte");
    cudaGetLastError();
    EXPECT(!strcmp(cudaGetErrorName(cudaErrorIllegalAddress), "cudaErrorIllegalAddress"), "name");
    EXPECT(!strcmp(cudaGetErrorName(cudaSuccess), "cudaSuccess"), "success name");
    EXPECT(strlen(cudaGetErrorString(cudaErrorInvalidValue)) > 0, "string");
    EXPECT(strcmp(cudaGetErrorString(cudaErrorLaunchTimeout),
                  cudaGetErrorString(cudaErrorIllegalAddress)), "distinct strings");
    // and after all that the context still works
    fill<<<4, 256>>>(d, 9);
    CHECK(cudaGetLastError());
    int back[1024];
    CHECK(cudaMemcpy(back, d, sizeof(back), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 1024; i++)
        EXPECT(back[i] == 9, "back[%d] = %d", i, back[i]);
    CHECK(cudaFree(d));
    return pass();
}
