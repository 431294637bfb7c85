// Shared memory at uniform indices: ptxas addresses it through a uniform
// register (LDS.U.64 R6, [UR4+0x8], LDS.U.128), for static and dynamic
// shared arrays and doubles; every output against the CPU.
#include "check.h"
#include <cmath>
#include <vector>

extern __shared__ float dyn[];

__global__ void sums(float *o, int stride, int n)
{
    __shared__ float s[1024];
    int b = blockIdx.x * stride;
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
        s[i] = (float)i;
    if (threadIdx.x < 64)
        dyn[threadIdx.x] = 2.0f * threadIdx.x;
    __syncthreads();
    float acc = 0;
    for (int i = 0; i < n; i++)
        acc += s[(b + i) & 1023] + dyn[(b + i) & 63];
    o[blockIdx.x * blockDim.x + threadIdx.x] = acc + s[b & 1023] + threadIdx.x;
}

__global__ void mins(double *o, const double *a, int n)
{
    __shared__ double t[256];
    t[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    double m = t[0];
    for (int i = 1; i < n; i++)
        m = fmin(m, t[i]) + fmax(t[i], t[(i * 7) & 255]) * 0.5;
    o[threadIdx.x] = m + threadIdx.x;
}

int main()
{
    test_name = "shared_uniform";
    const int blocks = 8, threads = 128, stride = 37, n = 100;
    float *o;
    double *a, *od;
    CHECK(cudaMallocManaged(&o, blocks * threads * sizeof(float)));
    CHECK(cudaMallocManaged(&a, 256 * sizeof(double)));
    CHECK(cudaMallocManaged(&od, 256 * sizeof(double)));
    for (int i = 0; i < 256; i++)
        a[i] = std::sin(i * 0.37) * 100.0;
    sums<<<blocks, threads, 64 * sizeof(float)>>>(o, stride, n);
    mins<<<1, 256>>>(od, a, 200);
    CHECK(cudaDeviceSynchronize());
    for (int bx = 0; bx < blocks; bx++) {
        int b = bx * stride;
        float acc = 0;
        for (int i = 0; i < n; i++)
            acc += (float)((b + i) & 1023) + 2.0f * (float)((b + i) & 63);
        for (int t = 0; t < threads; t++) {
            float want = acc + (float)(b & 1023) + t;
            EXPECT(o[bx * threads + t] == want, "o[%d][%d] = %g, want %g", bx, t,
                   o[bx * threads + t], want);
        }
    }
    double m = a[0];
    for (int i = 1; i < 200; i++)
        m = std::fmin(m, a[i]) + std::fmax(a[i], a[(i * 7) & 255]) * 0.5;
    for (int t = 0; t < 256; t++)
        EXPECT(od[t] == m + t, "od[%d] = %.17g, want %.17g", t, od[t], m + t);
    return pass();
}
