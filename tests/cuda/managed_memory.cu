// Managed memory and stream-ordered allocation: cudaMallocManaged memory
// used by the host and kernels without copies, pointer attributes,
// prefetch and advice, cudaFree (not cudaFreeHost) releasing it, and
// cudaMallocAsync/cudaFreeAsync on a stream.
#include "check.h"

__global__ void scale_add(float *x, const float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = a * x[i] + y[i];
}

int main()
{
    test_name = "managed_memory";
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    EXPECT(p.managedMemory == 1, "managedMemory %d", p.managedMemory);

    const int n = 50000;
    float *x, *y;
    CHECK(cudaMallocManaged(&x, n * sizeof(float)));
    CHECK(cudaMallocManaged(&y, n * sizeof(float), cudaMemAttachGlobal));
    for (int i = 0; i < n; i++) {
        x[i] = (float)i;
        y[i] = (float)(n - i);
    }
    cudaPointerAttributes attr;
    CHECK(cudaPointerGetAttributes(&attr, x + 100));
    EXPECT(attr.type == cudaMemoryTypeManaged, "pointer type %d", (int)attr.type);
    EXPECT(attr.devicePointer == x + 100 && attr.hostPointer == x + 100, "pointers");

    cudaMemLocation dev = { cudaMemLocationTypeDevice, 0 };
    CHECK(cudaMemPrefetchAsync(x, n * sizeof(float), dev, 0, 0));
    CHECK(cudaMemAdvise(y, n * sizeof(float), cudaMemAdviseSetReadMostly, dev));
    scale_add<<<(n + 255) / 256, 256>>>(x, y, 2.0f, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++)
        EXPECT(x[i] == 2.0f * i + (float)(n - i), "x[%d] = %g", i, x[i]);
    // the host's writes are seen by the next kernel
    for (int i = 0; i < n; i++)
        x[i] = 1.0f;
    scale_add<<<(n + 255) / 256, 256>>>(x, y, -1.0f, n);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++)
        EXPECT(x[i] == (float)(n - i) - 1.0f, "second pass x[%d] = %g", i, x[i]);

    // hints on memory that is not managed are refused
    float *d;
    CHECK(cudaMalloc(&d, 1024));
    cudaError_t e = cudaMemPrefetchAsync(d, 1024, dev, 0, 0);
    EXPECT(e == cudaErrorInvalidValue, "prefetch of device memory: %s", cudaGetErrorName(e));
    e = cudaMallocManaged(&d, 0);
    EXPECT(e == cudaErrorInvalidValue, "zero-size managed: %s", cudaGetErrorName(e));
    e = cudaFreeHost(x);
    EXPECT(e == cudaErrorInvalidValue, "cudaFreeHost of managed memory: %s", cudaGetErrorName(e));
    cudaGetLastError();
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));

    // stream-ordered allocation
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    float *a, *b;
    CHECK(cudaMallocAsync(&a, 4096 * sizeof(float), s));
    CHECK(cudaMallocAsync(&b, 4096 * sizeof(float), s));
    CHECK(cudaMemsetAsync(a, 0, 4096 * sizeof(float), s));
    CHECK(cudaMemsetAsync(b, 0, 4096 * sizeof(float), s));
    scale_add<<<16, 256, 0, s>>>(a, b, 3.0f, 4096);
    float h[4096];
    CHECK(cudaMemcpyAsync(h, a, sizeof(h), cudaMemcpyDeviceToHost, s));
    CHECK(cudaFreeAsync(a, s));
    CHECK(cudaFreeAsync(b, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < 4096; i++)
        EXPECT(h[i] == 0.0f, "h[%d] = %g", i, h[i]);
    CHECK(cudaStreamDestroy(s));
    return pass();
}
