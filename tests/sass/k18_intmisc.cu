// Integer odds: dot products (IDP), bit-field extract/insert (SGXT/BMSK),
// saturating narrowing conversions (I2I), 64-bit float<->int conversions,
// 64-bit clock (CS2R), min/max of doubles.
extern "C" __global__ void intmisc(const int* a, const int* b, int* out,
                                   const double* d, long long* ll, unsigned long long* ull,
                                   double* dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  int r = __dp4a(x, y, i) + __dp2a_lo(x, y, 7) + __dp2a_hi((unsigned)x, (unsigned)y, 3u);
  int bits;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(bits) : "r"(x), "r"(y & 31), "r"(5));
  unsigned ins;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(ins) : "r"(x), "r"(y), "r"(3), "r"(i & 15));
  int sat;
  asm("cvt.sat.s8.s32 %0, %1;" : "=r"(sat) : "r"(x));
  int sat16;
  asm("cvt.sat.u16.s32 %0, %1;" : "=r"(sat16) : "r"(y));
  out[i] = r + bits + (int)ins + sat + sat16;
  double v = d[i];
  ll[i] = (long long)v + (long long)(float)x;
  ull[i] = (unsigned long long)(v * 3.0) + clock64();
  dout[i] = fmin(v, (double)y) + fmax(v, 2.0) + trunc(v) + floor(v) + (double)ll[i];
}
