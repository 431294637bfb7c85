// ALU-bound benchmark kernel: integer and fp32 arithmetic in registers, one
// store per thread (make bench; compiled by scripts/bench-kernels.sh).
extern "C" __global__ void alu(unsigned* out, int iters) {
  unsigned a = threadIdx.x + 1, b = blockIdx.x * 7 + 3, c = 0x9e3779b9u;
  float x = (float)threadIdx.x, y = 1.0f;
  for (int i = 0; i < iters; ++i) {
    a = a * 1664525u + b;
    b ^= a >> 7;
    c += a ^ (b << 3);
    x = fmaf(x, 0.999f, y);
    y = y * 0.5f + 0.25f;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = a ^ b ^ c ^ __float_as_uint(x + y);
}
