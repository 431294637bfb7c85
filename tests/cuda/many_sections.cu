// A cubin of more than a thousand sections: 350 instantiations of a kernel
// template, each with its own .text, .nv.info and .nv.constant0 section (as
// template-heavy libraries produce). Every one is launched; the sums check
// that each ran once with its own constant.
#include "check.h"
#include <utility>
#include <vector>

#define KERNELS 350

template <int K> __global__ void add_k(int *out)
{
    out[threadIdx.x] += K * (threadIdx.x + 1);
}

template <int... K> static void launch_all(int *d, std::integer_sequence<int, K...>)
{
    (add_k<K><<<1, 32>>>(d), ...);
}

int main()
{
    test_name = "many_sections";
    std::vector<int> h(32);
    int *d;
    CHECK(cudaMalloc(&d, 32 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 32 * sizeof(int)));
    launch_all(d, std::make_integer_sequence<int, KERNELS>{});
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h.data(), d, 32 * sizeof(int), cudaMemcpyDeviceToHost));
    const int sum_k = KERNELS * (KERNELS - 1) / 2;
    for (int i = 0; i < 32; i++)
        EXPECT(h[i] == sum_k * (i + 1), "out[%d] = %d, want %d", i, h[i], sum_k * (i + 1));
    CHECK(cudaFree(d));
    return pass();
}
