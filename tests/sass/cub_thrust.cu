#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/partition.h>
#include <thrust/merge.h>
#include <cub/device/device_histogram.cuh>
struct is_odd { __host__ __device__ bool operator()(int x) const { return x & 1; } };
void run(thrust::device_vector<int> &v, thrust::device_vector<int> &w, thrust::device_vector<int> &o,
         thrust::device_vector<float> &f)
{
    thrust::sort(v.begin(), v.end());
    thrust::sort(f.begin(), f.end());
    thrust::sort_by_key(v.begin(), v.end(), w.begin());
    int s = thrust::reduce(v.begin(), v.end());
    thrust::inclusive_scan(v.begin(), v.end(), o.begin());
    thrust::exclusive_scan(v.begin(), v.end(), o.begin());
    thrust::partition(v.begin(), v.end(), is_odd());
    thrust::merge(v.begin(), v.end(), w.begin(), w.end(), o.begin());
    int *d_hist = thrust::raw_pointer_cast(o.data());
    void *tmp = nullptr; size_t tb = 0;
    cub::DeviceHistogram::HistogramEven(tmp, tb, thrust::raw_pointer_cast(v.data()), d_hist, 65, 0, 64, (int)v.size());
    (void)s;
}
