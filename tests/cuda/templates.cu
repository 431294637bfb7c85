// Templated kernels instantiated for several types, with functors and a
// compile-time block size: each instantiation is its own kernel in the cubin.
#include "check.h"
#include <vector>

struct Square {
    template <typename T> __host__ __device__ T operator()(T x) const { return x * x; }
};

struct AffineI {
    int a, b;
    __host__ __device__ int operator()(int x) const { return a * x + b; }
};

template <typename T, typename F>
__global__ void transform(const T *in, T *out, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = f(in[i]);
}

template <typename T, int BLOCK>
__global__ void block_max(const T *in, T *out)
{
    __shared__ T s[BLOCK];
    s[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
    __syncthreads();
    for (int st = BLOCK / 2; st > 0; st /= 2) {
        if (threadIdx.x < st && s[threadIdx.x + st] > s[threadIdx.x])
            s[threadIdx.x] = s[threadIdx.x + st];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

template <typename T, typename F> static void check_transform(F f, const char *what)
{
    const int n = 3000;
    std::vector<T> h(n), o(n);
    for (int i = 0; i < n; i++)
        h[i] = (T)((i % 101) - 50) / (T)2;
    T *di, *dout;
    CHECK(cudaMalloc(&di, n * sizeof(T)));
    CHECK(cudaMalloc(&dout, n * sizeof(T)));
    CHECK(cudaMemcpy(di, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    transform<<<(n + 127) / 128, 128>>>(di, dout, n, f);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(o.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(o[i] == f(h[i]), "%s element %d", what, i);
    CHECK(cudaFree(di));
    CHECK(cudaFree(dout));
}

template <typename T, int BLOCK> static void check_max(const char *what)
{
    const int blocks = 5, n = blocks * BLOCK;
    std::vector<T> h(n), o(blocks);
    for (int i = 0; i < n; i++)
        h[i] = (T)((i * 7919) % 1000) - (T)500;
    T *di, *dout;
    CHECK(cudaMalloc(&di, n * sizeof(T)));
    CHECK(cudaMalloc(&dout, blocks * sizeof(T)));
    CHECK(cudaMemcpy(di, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    block_max<T, BLOCK><<<blocks, BLOCK>>>(di, dout);
    CHECK(cudaMemcpy(o.data(), dout, blocks * sizeof(T), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++) {
        T m = h[b * BLOCK];
        for (int i = 1; i < BLOCK; i++)
            m = h[b * BLOCK + i] > m ? h[b * BLOCK + i] : m;
        EXPECT(o[b] == m, "%s block %d", what, b);
    }
}

int main()
{
    test_name = "templates";
    check_transform<int>(Square(), "square<int>");
    check_transform<float>(Square(), "square<float>");
    check_transform<double>(Square(), "square<double>");
    check_transform<int>(AffineI{ -3, 7 }, "affine<int>");
    check_max<int, 64>("max<int,64>");
    check_max<float, 128>("max<float,128>");
    check_max<double, 256>("max<double,256>");
    check_max<long long, 32>("max<long long,32>");
    return pass();
}
