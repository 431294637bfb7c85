// cudaHostRegister: ordinary host memory (malloc'ed, unaligned, and a
// stack array) registered for the GPU: kernels read and write it at the
// same addresses, async copies use it, pointer attributes and device
// pointers say what it is; overlapping and repeated registrations and
// unknown unregistrations are refused; after cudaHostUnregister the memory
// is the program's alone again.
#include <cstdlib>
#include <vector>
#include "check.h"

__global__ void scale_add(float *y, const float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}

int main()
{
    test_name = "host_register";
    const int n = 300000;       // about 1.2 MB, not page-aligned below
    char *raw_x = (char *)malloc(n * sizeof(float) + 64);
    char *raw_y = (char *)malloc(n * sizeof(float) + 64);
    float *x = (float *)(raw_x + 12), *y = (float *)(raw_y + 20);

    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 100);
        y[i] = (float)(i % 7);
    }
    CHECK(cudaHostRegister(x, n * sizeof(float), cudaHostRegisterDefault));
    CHECK(cudaHostRegister(y, n * sizeof(float), cudaHostRegisterMapped));
    EXPECT(cudaHostRegister(x + 100, 64, 0) == cudaErrorHostMemoryAlreadyRegistered,
           "overlapping registration accepted");
    cudaGetLastError();

    float *dx, *dy;
    CHECK(cudaHostGetDevicePointer((void **)&dx, x, 0));
    CHECK(cudaHostGetDevicePointer((void **)&dy, y, 0));
    EXPECT(dx == x && dy == y, "device pointers differ from the host ones");
    cudaPointerAttributes attr;
    CHECK(cudaPointerGetAttributes(&attr, y + 5));
    EXPECT(attr.type == cudaMemoryTypeHost, "attribute type %d", (int)attr.type);

    scale_add<<<(n + 255) / 256, 256>>>(dy, dx, 2.0f, n);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++) {
        EXPECT(y[i] == 2.0f * (i % 100) + (i % 7), "y[%d] = %g", i, y[i]);
    }

    // async copies between device memory and registered memory
    float *d;
    cudaStream_t s;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaMemcpyAsync(d, x, n * sizeof(float), cudaMemcpyHostToDevice, s));
    scale_add<<<(n + 255) / 256, 256, 0, s>>>(d, dx, 1.0f, n);    // d = 2x
    CHECK(cudaMemcpyAsync(y, d, n * sizeof(float), cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i++) {
        EXPECT(y[i] == 2.0f * (i % 100), "after the copies y[%d] = %g", i, y[i]);
    }

    // a small stack array
    int local[37];
    int *dl;
    for (int i = 0; i < 37; i++) {
        local[i] = i;
    }
    CHECK(cudaHostRegister(local, sizeof(local), 0));
    CHECK(cudaHostGetDevicePointer((void **)&dl, local, 0));
    CHECK(cudaMemset(dl, 0, 10 * sizeof(int)));
    EXPECT(local[9] == 0 && local[10] == 10, "memset through registration: %d %d", local[9],
           local[10]);
    CHECK(cudaHostUnregister(local));

    CHECK(cudaHostUnregister(x));
    CHECK(cudaHostUnregister(y));
    EXPECT(cudaHostUnregister(y) == cudaErrorHostMemoryNotRegistered, "double unregister");
    cudaGetLastError();
    CHECK(cudaPointerGetAttributes(&attr, y));
    EXPECT(attr.type == cudaMemoryTypeUnregistered, "after unregistering: type %d",
           (int)attr.type);
    // the same memory again, then the device still works
    CHECK(cudaHostRegister(x, n * sizeof(float), 0));
    CHECK(cudaHostUnregister(x));
    CHECK(cudaFree(d));
    free(raw_x);
    free(raw_y);
    return pass();
}
