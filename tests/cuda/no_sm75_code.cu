// A program carrying only PTX (built with -gencode arch=compute_75,code=compute_75):
// the runtime has no sm_75 cubin to run and no JIT, so every launch fails
// with cudaErrorNoKernelImageForDevice (not sticky) while memory still works.
#include <cstdio>
#include <cstring>

__global__ void twice(int *p) { p[threadIdx.x] *= 2; }

#define FAIL(...) do { printf("FAIL no_sm75_code: " __VA_ARGS__); printf("\n"); return 1; } while (0)

int main()
{
    int *d = nullptr, h[32], back[32];
    for (int i = 0; i < 32; i++) h[i] = i;
    if (cudaMalloc(&d, sizeof(h)) != cudaSuccess) FAIL("cudaMalloc");
    if (cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice) != cudaSuccess) FAIL("H2D");
    twice<<<1, 32>>>(d);
    cudaError_t e = cudaGetLastError();
    if (e != cudaErrorNoKernelImageForDevice)
        FAIL("launch gave %s, want cudaErrorNoKernelImageForDevice", cudaGetErrorName(e));
    if (cudaGetLastError() != cudaSuccess) FAIL("the error was sticky");
    if (cudaMemcpy(back, d, sizeof(h), cudaMemcpyDeviceToHost) != cudaSuccess) FAIL("D2H");
    if (memcmp(back, h, sizeof(h))) FAIL("the data changed without a kernel");
    printf("PASS no_sm75_code\n");
    return 0;
}
