// An illegal address in a kernel: cudaErrorIllegalAddress at the next
// synchronisation, sticky for the whole context (later calls fail with it),
// and gone after cudaDeviceReset, when work runs again; a final reset
// before exit is clean.
#include "check.h"

__global__ void store(int *p, int v)
{
    p[threadIdx.x] = v;
}

int main()
{
    test_name = "error_oob";
    int *d;
    CHECK(cudaMalloc(&d, 256 * sizeof(int)));
    store<<<1, 64>>>(d, 1);
    CHECK(cudaDeviceSynchronize());
    // far past the allocation, into unmapped device address space
    store<<<1, 64>>>(d + (1 << 28), 2);
    cudaError_t e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorIllegalAddress, "sync after the bad store: %s", cudaGetErrorName(e));
    int *d2;
    e = cudaMalloc(&d2, 64);
    EXPECT(e == cudaErrorIllegalAddress, "cudaMalloc after the fault: %s", cudaGetErrorName(e));
    int h = 0;
    e = cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    EXPECT(e == cudaErrorIllegalAddress, "cudaMemcpy after the fault: %s", cudaGetErrorName(e));
    e = cudaGetLastError();
    EXPECT(e == cudaErrorIllegalAddress, "cudaGetLastError: %s", cudaGetErrorName(e));
    e = cudaPeekAtLastError();
    EXPECT(e == cudaErrorIllegalAddress, "still sticky: %s", cudaGetErrorName(e));
    // a null pointer store is illegal too, once the context is fresh again
    CHECK(cudaDeviceReset());
    store<<<1, 32>>>(nullptr, 3);
    e = cudaDeviceSynchronize();
    EXPECT(e == cudaErrorIllegalAddress, "null store: %s", cudaGetErrorName(e));
    CHECK(cudaDeviceReset());
    int *d3, back[32];
    CHECK(cudaMalloc(&d3, sizeof(back)));
    store<<<1, 32>>>(d3, 7);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(back, d3, sizeof(back), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++)
        EXPECT(back[i] == 7, "after reset back[%d] = %d", i, back[i]);
    // ending with a reset, as many programs do: the runtime unregisters the
    // fat binary at exit, after its module died with the context
    CHECK(cudaDeviceReset());
    return pass();
}
