// Per-thread local memory: an indexed local array (spilled to local memory),
// and a recursive device function, which needs the call stack.
#include "check.h"

__device__ __noinline__ int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__global__ void local_sort(const int *in, int *out, int *fibs)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a[24];
    for (int i = 0; i < 24; i++)
        a[i] = in[t * 24 + i];
    // insertion sort with data-dependent indexing forces a local array
    for (int i = 1; i < 24; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
    for (int i = 0; i < 24; i++)
        out[t * 24 + i] = a[i];
    fibs[t] = fib(t % 16);
}

static int host_fib(int n)
{
    return n < 2 ? n : host_fib(n - 1) + host_fib(n - 2);
}

int main()
{
    test_name = "local_memory_recursion";
    const int threads = 128, n = threads * 24;
    int in[n], out[n], fibs[threads];
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        in[i] = (int)(s >> 8) % 1000 - 500;
    }
    int *d_in, *d_out, *d_fibs;
    CHECK(cudaMalloc(&d_in, sizeof(in)));
    CHECK(cudaMalloc(&d_out, sizeof(out)));
    CHECK(cudaMalloc(&d_fibs, sizeof(fibs)));
    CHECK(cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice));
    local_sort<<<2, threads / 2>>>(d_in, d_out, d_fibs);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(fibs, d_fibs, sizeof(fibs), cudaMemcpyDeviceToHost));
    for (int t = 0; t < threads; t++) {
        int *a = in + t * 24;
        for (int i = 1; i < 24; i++)
            for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
                int x = a[j];
                a[j] = a[j - 1];
                a[j - 1] = x;
            }
        for (int i = 0; i < 24; i++)
            EXPECT(out[t * 24 + i] == a[i], "thread %d element %d: %d, want %d", t, i,
                   out[t * 24 + i], a[i]);
        EXPECT(fibs[t] == host_fib(t % 16), "fib(%d) = %d", t % 16, fibs[t]);
    }
    return pass();
}
