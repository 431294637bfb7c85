// fp16x2 arithmetic (HADD2/HMUL2/HFMA2/HSETP2/HSET2), half conversions and
// fp32 min/max (FMNMX), fp32 rounding (FRND) and fp32 division (FCHK).
#include <cuda_fp16.h>
extern "C" __global__ void half_ops(const __half2* a, const __half2* b, __half2* out,
                                    const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 p = a[i], q = b[i];
  __half2 s = __hadd2(p, q);
  __half2 m = __hmul2(s, __hneg2(q));
  __half2 f = __hfma2(m, p, __float2half2_rn(0.25f));
  __half2 sel = __hgt2(f, p);
  if (__hbgt2(p, q)) f = __hsub2(f, sel);
  out[i] = __hfma2_sat(f, s, m);
  float v = x[i];
  float r = fminf(v, 3.0f) + fmaxf(v, -1.0f) + truncf(v) + floorf(v * 2.f) + ceilf(v) + rintf(v);
  r += __half2float(__low2half(p)) * __half2float(__high2half(q));
  y[i] = r / (v + 1.5f);
}
