// Warp-level intrinsics against per-warp CPU models: shuffles (indexed, up,
// down, xor, with widths), votes, ballots, __activemask under divergence,
// __match_any_sync, and __syncwarp-ordered exchanges through shared memory.
#include "check.h"

#define W 32

struct Out {
    int shfl, up, down, xr, width8;
    unsigned ballot, active_odd, match;
    int any, all, popc;
    int swapped;
};

__global__ void warps(const int *in, Out *out)
{
    __shared__ int s[64];
    int t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % W;
    int v = in[t];
    Out o;
    o.shfl = __shfl_sync(0xffffffff, v, (lane * 7) % W);
    o.up = __shfl_up_sync(0xffffffff, v, 3);
    o.down = __shfl_down_sync(0xffffffff, v, 5);
    o.xr = __shfl_xor_sync(0xffffffff, v, 9);
    o.width8 = __shfl_sync(0xffffffff, v, 2, 8);
    o.ballot = __ballot_sync(0xffffffff, v & 1);
    o.any = __any_sync(0xffffffff, v > 90);
    o.all = __all_sync(0xffffffff, v >= 0);
    o.popc = __popc(o.ballot);
    o.active_odd = 0;
    if (lane & 1)
        o.active_odd = __activemask();
    o.match = __match_any_sync(0xffffffff, v % 4);
    s[threadIdx.x] = v;
    __syncwarp();
    o.swapped = s[threadIdx.x ^ 1];
    out[t] = o;
}

int main()
{
    test_name = "warp_intrinsics";
    const int n = 64;
    int h[n], *din;
    Out o[n], *dout;
    for (int i = 0; i < n; i++)
        h[i] = (i * 37 + 11) % 97;
    CHECK(cudaMalloc(&din, sizeof(h)));
    CHECK(cudaMalloc(&dout, sizeof(o)));
    CHECK(cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice));
    warps<<<1, n>>>(din, dout);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(o, dout, sizeof(o), cudaMemcpyDeviceToHost));
    for (int t = 0; t < n; t++) {
        int base = t & ~(W - 1), lane = t % W;
        const int *w = h + base;
        unsigned ballot = 0, match = 0;
        bool any = false, all = true;
        for (int l = 0; l < W; l++) {
            ballot |= (unsigned)(w[l] & 1) << l;
            any |= w[l] > 90;
            all &= w[l] >= 0;
            if (w[l] % 4 == w[lane] % 4)
                match |= 1u << l;
        }
        EXPECT(o[t].shfl == w[(lane * 7) % W], "shfl lane %d", t);
        EXPECT(o[t].up == (lane >= 3 ? w[lane - 3] : w[lane]), "shfl_up lane %d", t);
        EXPECT(o[t].down == (lane + 5 < W ? w[lane + 5] : w[lane]), "shfl_down lane %d", t);
        EXPECT(o[t].xr == w[lane ^ 9], "shfl_xor lane %d", t);
        EXPECT(o[t].width8 == w[(lane & ~7) + 2], "shfl width 8 lane %d", t);
        EXPECT(o[t].ballot == ballot && o[t].popc == __builtin_popcount(ballot), "ballot %d", t);
        EXPECT(o[t].any == any && o[t].all == all, "vote lane %d", t);
        EXPECT(o[t].active_odd == (lane & 1 ? 0xaaaaaaaau : 0u), "activemask lane %d: %x", t,
               o[t].active_odd);
        EXPECT(o[t].match == match, "match_any lane %d: %x want %x", t, o[t].match, match);
        EXPECT(o[t].swapped == h[t ^ 1], "syncwarp exchange lane %d", t);
    }
    return pass();
}
