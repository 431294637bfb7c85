// __constant__ memory: written and read back with the symbol API (with
// offsets), its address and size, and kernels reading it uniformly and by
// a per-thread index.
#include "check.h"

__constant__ float coeff[16];
__constant__ int table[256];

__global__ void poly(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float acc = 0;
        for (int k = 15; k >= 0; k--)
            acc = acc * x[i] + coeff[k];
        y[i] = acc + table[i & 255];
    }
}

int main()
{
    test_name = "constant_memory";
    float c[16];
    int t[256];
    for (int k = 0; k < 16; k++)
        c[k] = 1.0f / (k + 1);
    for (int k = 0; k < 256; k++)
        t[k] = k * k - 100;
    CHECK(cudaMemcpyToSymbol(coeff, c, sizeof(c)));
    CHECK(cudaMemcpyToSymbol(table, t, 128 * sizeof(int)));
    CHECK(cudaMemcpyToSymbol(table, t + 128, 128 * sizeof(int), 128 * sizeof(int)));
    int back[256];
    CHECK(cudaMemcpyFromSymbol(back, table, sizeof(back)));
    for (int k = 0; k < 256; k++)
        EXPECT(back[k] == t[k], "table[%d] = %d", k, back[k]);
    size_t size = 0;
    void *addr = nullptr;
    CHECK(cudaGetSymbolSize(&size, coeff));
    CHECK(cudaGetSymbolAddress(&addr, table));
    EXPECT(size == sizeof(c), "coeff size %zu", size);
    EXPECT(addr != nullptr, "table address");
    int one;
    CHECK(cudaMemcpy(&one, (int *)addr + 77, sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(one == t[77], "table through its address: %d", one);
    EXPECT(cudaMemcpyToSymbol(coeff, c, sizeof(c), 4) == cudaErrorInvalidValue,
           "a copy past the end of the symbol was accepted");
    cudaGetLastError();

    const int n = 2000;
    float x[n], y[n], *dx, *dy;
    for (int i = 0; i < n; i++)
        x[i] = (i % 50) * 0.02f - 0.5f;
    CHECK(cudaMalloc(&dx, sizeof(x)));
    CHECK(cudaMalloc(&dy, sizeof(y)));
    CHECK(cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice));
    poly<<<(n + 127) / 128, 128>>>(dx, dy, n);
    CHECK(cudaMemcpy(y, dy, sizeof(y), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        float acc = 0;
        for (int k = 15; k >= 0; k--)
            acc = __builtin_fmaf(acc, x[i], c[k]);   // nvcc contracts to FMA too
        float want = acc + t[i & 255];
        EXPECT(close_to(y[i], want, 1e-6, 1e-6), "y[%d] = %.9g, want %.9g", i, y[i], want);
    }
    return pass();
}
