// Cooperative groups and library-style code: warp-aggregated atomics over a
// coalesced group (VOTEU, UPOPC, FLO on a uniform register), tile
// reductions, binary and labeled partitions with reductions and scans over
// them (BRA.CONV fast paths), fmin/fmax on doubles and conversions from 8-
// and 16-bit integers, each against a CPU reference.
#include "check.h"
#include <cmath>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <vector>
namespace cg = cooperative_groups;

__global__ void aggregate(int *ctr, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && i % 3 != 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        int base = 0;
        if (g.thread_rank() == 0)
            base = atomicAdd(ctr, g.size());
        out[i] = g.shfl(base, 0) + g.thread_rank();
    }
}

__global__ void tile_sum(const int *in, int *out, int n)
{
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int s = cg::reduce(t, i < n ? in[i] : 0, cg::plus<int>());
    if (t.thread_rank() == 0)
        atomicAdd(out, s);
}

__global__ void partitions(const int *in, int *out)
{
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[threadIdx.x];
    int s = cg::reduce(cg::binary_partition(w, v & 1), v, cg::plus<int>());
    cg::coalesced_group l = cg::labeled_partition(w, v % 5);
    out[threadIdx.x] = s * 1000 + cg::exclusive_scan(l, v) + (int)l.size() * 100000;
    if (v % 3) {    /* a diverged warp: the slow paths */
        cg::coalesced_group d = cg::coalesced_threads();
        out[32 + threadIdx.x] = cg::reduce(d, v, cg::plus<int>()) + (int)d.thread_rank() * 1000;
    }
}

__global__ void mixed(const double *a, const double *b, double *o, float *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        o[i] = fmin(a[i], b[i]) + fmax(a[i], 2.0 * b[i]);
        f[i] = fminf((float)a[i], (float)b[i]) + (float)(signed char)(i & 0xff) +
               (float)(unsigned short)(i * 77);
    }
}

int main()
{
    test_name = "cooperative_groups";
    const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
    int *ctr, *out, *in, *sum, *part;
    double *a, *b, *o;
    float *f;
    CHECK(cudaMallocManaged(&ctr, 4));
    CHECK(cudaMallocManaged(&sum, 4));
    CHECK(cudaMallocManaged(&out, n * 4));
    CHECK(cudaMallocManaged(&in, n * 4));
    CHECK(cudaMallocManaged(&part, 64 * 4));
    CHECK(cudaMallocManaged(&a, n * 8));
    CHECK(cudaMallocManaged(&b, n * 8));
    CHECK(cudaMallocManaged(&o, n * 8));
    CHECK(cudaMallocManaged(&f, n * 4));
    *ctr = 0;
    *sum = 0;
    for (int i = 0; i < n; i++) {
        in[i] = i;
        a[i] = i * 0.5;
        b[i] = 300 - i;
        out[i] = -1;
    }
    aggregate<<<blocks, threads>>>(ctr, out, n);
    tile_sum<<<blocks, threads>>>(in, sum, n);
    mixed<<<blocks, threads>>>(a, b, o, f, n);
    CHECK(cudaDeviceSynchronize());
    EXPECT(*sum == n * (n - 1) / 2, "tile sum %d", *sum);
    for (int i = 0; i < 32; i++)
        in[i] = i * 7 % 13;
    partitions<<<1, 32>>>(in, part);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 32; i++) {
        int s = 0, e = 0, size = 0;
        for (int j = 0; j < 32; j++) {
            s += (in[j] & 1) == (in[i] & 1) ? in[j] : 0;
            if (in[j] % 5 == in[i] % 5) {
                size++;
                e += j < i ? in[j] : 0;
            }
        }
        EXPECT(part[i] == s * 1000 + e + size * 100000, "partitions[%d] = %d, want %d", i,
               part[i], s * 1000 + e + size * 100000);
    }
    int dsum = 0, rank = 0;
    for (int j = 0; j < 32; j++)
        dsum += in[j] % 3 ? in[j] : 0;
    for (int i = 0; i < 32; i++) {
        if (in[i] % 3) {
            EXPECT(part[32 + i] == dsum + rank * 1000, "diverged[%d] = %d, want %d", i,
                   part[32 + i], dsum + rank * 1000);
            rank++;
        }
    }

    int active = 0;
    std::vector<int> seen(n, 0);
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0) {
            EXPECT(out[i] == -1, "out[%d] written", i);
            continue;
        }
        active++;
        EXPECT(out[i] >= 0 && out[i] < n, "out[%d] = %d", i, out[i]);
        seen[out[i]]++;
    }
    EXPECT(*ctr == active, "counter %d, want %d", *ctr, active);
    for (int i = 0; i < active; i++)
        EXPECT(seen[i] == 1, "slot %d given %d times", i, seen[i]);
    EXPECT(*sum == n * (n - 1) / 2, "tile sum %d", *sum);
    for (int i = 0; i < n; i++) {
        double wo = fmin(a[i], b[i]) + fmax(a[i], 2.0 * b[i]);
        float wf = fminf((float)a[i], (float)b[i]) + (float)(signed char)(i & 0xff) +
                   (float)(unsigned short)(i * 77);
        EXPECT(o[i] == wo, "o[%d] = %g, want %g", i, o[i], wo);
        EXPECT(f[i] == wf, "f[%d] = %g, want %g", i, f[i], wf);
    }
    return pass();
}
