// Device-side printf needs vprintf from NVIDIA's driver, which nvqemu does
// not provide: the launch fails with cudaErrorInvalidKernelImage (and a
// message naming vprintf on stderr) instead of running broken code, and the
// context stays usable for the program's other kernels.
#include "check.h"

__global__ void talk(int *p)
{
    printf("thread %d\n", threadIdx.x);
    p[threadIdx.x] = 1;
}

int main()
{
    test_name = "device_printf_refused";
    int *d;
    CHECK(cudaMalloc(&d, 32 * sizeof(int)));
    talk<<<1, 32>>>(d);
    cudaError_t e = cudaGetLastError();
    EXPECT(e == cudaErrorInvalidKernelImage, "launch with printf: %s", cudaGetErrorName(e));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemset(d, 0, 32 * sizeof(int)));
    int h[32];
    CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 0, "the kernel must not have run");
    return pass();
}
