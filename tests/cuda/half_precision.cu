// __half and __half2 arithmetic: conversions, packed fused multiply-add,
// comparisons, and a half-precision dot product, checked against float
// references rounded the same way.
#include "check.h"
#include <cuda_fp16.h>

__global__ void halves(const float *a, const float *b, float *sum, float *fma_out,
                       float *dot, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half ha = __float2half(a[i]), hb = __float2half(b[i]);
        sum[i] = __half2float(__hadd(ha, hb));
        __half2 p = __halves2half2(ha, hb), q = __halves2half2(hb, ha);
        __half2 r = __hfma2(p, q, __float2half2_rn(1.0f));
        fma_out[2 * i] = __low2float(r);
        fma_out[2 * i + 1] = __high2float(r);
    }
    if (i == 0) {
        __half acc = __float2half(0.0f);
        for (int k = 0; k < n; k++)
            acc = __hfma(__float2half(a[k]), __float2half(b[k]), acc);
        dot[0] = __half2float(acc);
        dot[1] = __hlt(__float2half(1.5f), __float2half(2.5f)) ? 1.0f : 0.0f;
        dot[2] = __half2float(__hmax(__float2half(-3.0f), __float2half(2.0f)));
    }
}

int main()
{
    test_name = "half_precision";
    const int n = 256;
    float a[n], b[n];
    for (int i = 0; i < n; i++) {
        a[i] = (i % 17) * 0.125f - 1.0f;
        b[i] = (i % 7) * 0.25f + 0.5f;
    }
    float *d_a, *d_b, *d_sum, *d_fma, *d_dot;
    CHECK(cudaMalloc(&d_a, sizeof(a)));
    CHECK(cudaMalloc(&d_b, sizeof(b)));
    CHECK(cudaMalloc(&d_sum, sizeof(a)));
    CHECK(cudaMalloc(&d_fma, 2 * sizeof(a)));
    CHECK(cudaMalloc(&d_dot, 4 * sizeof(float)));
    CHECK(cudaMemcpy(d_a, a, sizeof(a), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, b, sizeof(b), cudaMemcpyHostToDevice));
    halves<<<2, 128>>>(d_a, d_b, d_sum, d_fma, d_dot, n);
    CHECK(cudaGetLastError());
    float sum[n], fma_out[2 * n], dot[4];
    CHECK(cudaMemcpy(sum, d_sum, sizeof(sum), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(fma_out, d_fma, sizeof(fma_out), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(dot, d_dot, sizeof(dot), cudaMemcpyDeviceToHost));
    // inputs and results are exact in half precision (small dyadic values)
    double ref_dot = 0;
    for (int i = 0; i < n; i++) {
        EXPECT(sum[i] == a[i] + b[i], "sum[%d] = %g, want %g", i, sum[i], a[i] + b[i]);
        float want = a[i] * b[i] + 1.0f;
        EXPECT(fma_out[2 * i] == want && fma_out[2 * i + 1] == want, "fma[%d] = %g %g, want %g",
               i, fma_out[2 * i], fma_out[2 * i + 1], want);
        ref_dot += (double)a[i] * b[i];
    }
    EXPECT(close_to(dot[0], ref_dot, 0.02, 0.5), "dot %g, want about %g", dot[0], ref_dot);
    EXPECT(dot[1] == 1.0f, "hlt %g", dot[1]);
    EXPECT(dot[2] == 2.0f, "hmax %g", dot[2]);
    return pass();
}
