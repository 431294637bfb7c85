// Warp intrinsics beyond k05: match.all, vote.all/uni, reductions through
// shuffles with a partial mask, __activemask, generic-address atomics (ATOM),
// 64-bit and float atomics, atomicCAS on shared memory.
extern "C" __global__ void warp2(int* g, unsigned* out, float* f, unsigned long long* u64,
                                 int* any_ptr_is_global) {
  __shared__ int sm[64];
  int t = threadIdx.x;
  sm[t & 63] = t;
  __syncthreads();
  int v = g[t];
  int pred;
  unsigned mall = __match_all_sync(0xffffffff, v, &pred);
  unsigned all = __all_sync(0xffffffff, v > 0);
  unsigned uni = __uni_sync(0xffffffff, v & 1);
  unsigned am = __activemask();
  int* p = (t & 1) ? &sm[t & 31] : any_ptr_is_global;
  int old = atomicAdd(p, v);
  atomicMax(p + 1, old);
  atomicCAS(&sm[(t + 1) & 63], t, v);
  atomicAdd(&f[t & 7], 1.5f);
  atomicAdd(&u64[t & 3], 3ull);
  atomicExch(&u64[4], (unsigned long long)t);
  atomicAnd(&g[1], v);
  atomicXor(&g[2], v);
  atomicDec((unsigned*)&g[3], 9u);
  out[t] = mall + all + uni + am + pred + sm[(t * 7) & 63];
}
