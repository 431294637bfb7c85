// Cooperative launches: grid-wide barriers (cooperative_groups::this_grid()
// .sync()) between phases of one kernel, with as many blocks as the GPU
// holds at once; a grid larger than that is refused with
// cudaErrorCooperativeLaunchTooLarge; the device says it supports them.
// cudaLaunchKernelEx with the cooperative attribute does the same; a
// thread-block cluster (sm_90) is refused.
#include <cooperative_groups.h>
#include <vector>
#include "check.h"

namespace cg = cooperative_groups;

// Phase 1: each block sums its slice; 2: block 0 scans the block sums;
// 3: every element adds its block's offset; repeated rounds reuse the barrier.
__global__ void three_phases(const int *in, int *partial, int *out, int n, int rounds)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ int sum;

    for (int r = 0; r < rounds; r++) {
        if (threadIdx.x == 0) {
            sum = 0;
        }
        __syncthreads();
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) {
            atomicAdd(&sum, in[i] + r);
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            partial[blockIdx.x] = sum;
        }
        grid.sync();
        if (blockIdx.x == 0 && threadIdx.x == 0) {
            int run = 0;
            for (unsigned b = 0; b < gridDim.x; b++) {
                int v = partial[b];
                partial[b] = run;
                run += v;
            }
        }
        grid.sync();
        if (i < n) {
            out[r * n + i] = partial[blockIdx.x] + in[i] + r;
        }
        grid.sync();
    }
}

int main()
{
    test_name = "cooperative_launch";
    int coop = 0, sms = 0, per_sm = 0;
    const int threads = 128, rounds = 3;

    CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    EXPECT(coop == 1, "cooperativeLaunch attribute %d", coop);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, three_phases, threads, 0));
    EXPECT(per_sm > 0, "occupancy %d", per_sm);

    const int blocks = sms * 2, n = blocks * threads - 37;
    std::vector<int> in(n), out(rounds * n);
    for (int i = 0; i < n; i++) {
        in[i] = (i * 7) % 13 - 6;
    }
    int *din, *dpart, *dout;
    CHECK(cudaMalloc(&din, n * sizeof(int)));
    CHECK(cudaMalloc(&dpart, blocks * sizeof(int)));
    CHECK(cudaMalloc(&dout, rounds * n * sizeof(int)));
    CHECK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    int nn = n, rr = rounds;
    void *args[] = { &din, &dpart, &dout, &nn, &rr };
    for (int how = 0; how < 2; how++) {
        CHECK(cudaMemset(dout, 0, out.size() * sizeof(int)));
        if (how == 0) {
            CHECK(cudaLaunchCooperativeKernel((void *)three_phases, blocks, threads, args, 0,
                                              0));
        } else {
            cudaLaunchConfig_t cfg = {};
            cudaLaunchAttribute at[2] = {};
            cfg.gridDim = blocks;
            cfg.blockDim = threads;
            at[0].id = cudaLaunchAttributeCooperative;
            at[0].val.cooperative = 1;
            at[1].id = cudaLaunchAttributePriority;
            at[1].val.priority = 0;
            cfg.attrs = at;
            cfg.numAttrs = 2;
            CHECK(cudaLaunchKernelEx(&cfg, three_phases, (const int *)din, dpart, dout, nn, rr));
        }
        CHECK(cudaMemcpy(out.data(), dout, out.size() * sizeof(int), cudaMemcpyDeviceToHost));
        for (int r = 0; r < rounds; r++) {
            int offset = 0;
            for (int b = 0; b < blocks; b++) {
                int s = 0;
                for (int t = 0; t < threads && b * threads + t < n; t++) {
                    int i = b * threads + t;
                    EXPECT(out[r * n + i] == offset + in[i] + r, "launch %d round %d: out[%d] = %d",
                           how, r, i, out[r * n + i]);
                    s += in[i] + r;
                }
                offset += s;
            }
        }
    }
    {
        cudaLaunchConfig_t cfg = {};
        cudaLaunchAttribute cluster = {};
        cfg.gridDim = 4;
        cfg.blockDim = threads;
        cluster.id = cudaLaunchAttributeClusterDimension;
        cluster.val.clusterDim.x = 2;
        cluster.val.clusterDim.y = cluster.val.clusterDim.z = 1;
        cfg.attrs = &cluster;
        cfg.numAttrs = 1;
        cudaError_t ce = cudaLaunchKernelEx(&cfg, three_phases, (const int *)din, dpart, dout,
                                            nn, rr);
        EXPECT(ce == cudaErrorInvalidValue, "a cluster launch on sm_75: %s", cudaGetErrorName(ce));
        cudaGetLastError();
    }

    // more blocks than the GPU holds at once
    cudaError_t e = cudaLaunchCooperativeKernel((void *)three_phases, per_sm * sms + 1, threads,
                                                args, 0, 0);
    EXPECT(e == cudaErrorCooperativeLaunchTooLarge, "oversized grid: %s", cudaGetErrorName(e));
    EXPECT(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge, "last error");
    CHECK(cudaDeviceSynchronize());
    return pass();
}
