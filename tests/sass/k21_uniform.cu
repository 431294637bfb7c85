// Uniform datapath: values the compiler proves warp-uniform (kernel arguments,
// blockIdx, loop counters) are computed with UIADD3/ULEA/ULOP3/UPRMT/UPOPC/
// UFLO/USEL/UISETP and moved between files with R2UR/S2UR/UMOV.
extern "C" __global__ void uniform(const int* in, int* out, int n, int k, unsigned m) {
  int base = blockIdx.x * k + (int)__popc(m) + (int)__ffs(m);
  unsigned sel = __byte_perm(m, (unsigned)k, 0x5140);
  int acc = 0;
  for (int j = 0; j < k; j++) {
    int idx = (base + j * 4 + (int)(sel & 7)) & (n - 1);
    acc += in[idx + (m > 3 ? 1 : 0)] << (j & 3);
  }
  int lm;
  asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(lm) : "r"(k & 31), "r"(n & 31));
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc + lm + (int)(sel >> 8);
}
