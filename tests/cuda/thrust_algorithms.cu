// Thrust and CUB as they ship with the toolkit: radix sorts of ints and
// floats, scans, a reduction, a partition, unique and a CUB device
// reduction, each checked against the same algorithm on the CPU. Their
// kernels carry template names of several hundred characters and the
// uniform-register operand forms ptxas emits for library code.
#include "check.h"
#include <algorithm>
#include <cub/device/device_reduce.cuh>
#include <numeric>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/unique.h>
#include <vector>

struct IsOdd {
    __host__ __device__ bool operator()(int x) const { return x & 1; }
};

int main()
{
    test_name = "thrust_algorithms";
    const int n = 5000;
    std::vector<int> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (i * 7919) % 10007 - 5000;

    thrust::device_vector<int> d(h.begin(), h.end());
    thrust::sort(d.begin(), d.end());
    std::vector<int> want(h);
    std::sort(want.begin(), want.end());
    thrust::host_vector<int> got = d;
    for (int i = 0; i < n; i++)
        EXPECT(got[i] == want[i], "sort[%d] = %d, want %d", i, got[i], want[i]);

    thrust::device_vector<int> scan(n);
    thrust::inclusive_scan(d.begin(), d.end(), scan.begin());
    std::vector<int> wscan(n);
    std::partial_sum(want.begin(), want.end(), wscan.begin());
    got = scan;
    for (int i = 0; i < n; i++)
        EXPECT(got[i] == wscan[i], "inclusive_scan[%d] = %d, want %d", i, got[i], wscan[i]);
    thrust::exclusive_scan(d.begin(), d.end(), scan.begin(), 7);
    got = scan;
    for (int i = 0; i < n; i++)
        EXPECT(got[i] == 7 + (i ? wscan[i - 1] : 0), "exclusive_scan[%d] = %d", i, got[i]);

    long long sum = thrust::reduce(d.begin(), d.end(), 0LL);
    EXPECT(sum == std::accumulate(h.begin(), h.end(), 0LL), "reduce = %lld", sum);

    std::vector<float> hf(n);
    for (int i = 0; i < n; i++)
        hf[i] = (float)((i * 31) % 97) - 48.5f;
    thrust::device_vector<float> df(hf.begin(), hf.end());
    thrust::sort(df.begin(), df.end(), thrust::greater<float>());
    std::sort(hf.begin(), hf.end(), std::greater<float>());
    thrust::host_vector<float> gotf = df;
    for (int i = 0; i < n; i++)
        EXPECT(gotf[i] == hf[i], "sort<float>[%d] = %g, want %g", i, gotf[i], hf[i]);
    int unique = thrust::unique(df.begin(), df.end()) - df.begin();
    EXPECT(unique == 97, "unique = %d, want 97", unique);

    int odd = thrust::partition(d.begin(), d.end(), IsOdd()) - d.begin();
    int wodd = std::count_if(h.begin(), h.end(), [](int x) { return x & 1; });
    EXPECT(odd == wodd, "partition = %d, want %d", odd, wodd);
    got = d;
    for (int i = 0; i < n; i++)
        EXPECT((got[i] & 1) == (i < odd), "partition[%d] = %d", i, got[i]);

    int *out, *in = thrust::raw_pointer_cast(d.data());
    void *tmp = nullptr;
    size_t tmp_bytes = 0;
    CHECK(cudaMalloc(&out, sizeof(int)));
    CHECK(cub::DeviceReduce::Max(tmp, tmp_bytes, in, out, n));
    CHECK(cudaMalloc(&tmp, tmp_bytes));
    CHECK(cub::DeviceReduce::Max(tmp, tmp_bytes, in, out, n));
    int max;
    CHECK(cudaMemcpy(&max, out, sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(max == want[n - 1], "DeviceReduce::Max = %d, want %d", max, want[n - 1]);
    CHECK(cudaFree(tmp));
    CHECK(cudaFree(out));
    return pass();
}
