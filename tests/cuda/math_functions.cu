// The CUDA math library as compiled into the kernel (sinf, expf, logf, powf,
// erff, tanhf, ..., and double sin/exp/log) and the fast intrinsics, against
// the host's libm within the ulp bounds of the CUDA programming guide
// (checked here as a relative error of a few ulps, looser for intrinsics).
#include "check.h"

#define NF 12
#define ND 4

__global__ void fmath(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    float *o = y + i * NF;
    o[0] = sinf(v);
    o[1] = cosf(v);
    o[2] = expf(v * 0.1f);
    o[3] = logf(fabsf(v) + 1.0f);
    o[4] = powf(fabsf(v) + 0.5f, 1.7f);
    o[5] = sqrtf(fabsf(v));
    o[6] = rsqrtf(fabsf(v) + 1.0f);
    o[7] = erff(v * 0.3f);
    o[8] = tanhf(v * 0.2f);
    o[9] = __expf(v * 0.1f);
    o[10] = __sinf(v * 0.1f);
    o[11] = atan2f(v, 3.0f);
}

__global__ void dmath(const double *x, double *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double v = x[i];
    y[i * ND + 0] = sin(v);
    y[i * ND + 1] = exp(v * 0.1);
    y[i * ND + 2] = log(fabs(v) + 1.0);
    y[i * ND + 3] = cbrt(v);
}

int main()
{
    test_name = "math_functions";
    const int n = 2048;
    static float x[n], y[n * NF];
    static double dx[n], dy[n * ND];
    for (int i = 0; i < n; i++) {
        x[i] = (i - n / 2) * 0.0123f;
        dx[i] = (i - n / 2) * 0.0123;
    }
    float *gx, *gy;
    double *gdx, *gdy;
    CHECK(cudaMalloc(&gx, sizeof(x)));
    CHECK(cudaMalloc(&gy, sizeof(y)));
    CHECK(cudaMalloc(&gdx, sizeof(dx)));
    CHECK(cudaMalloc(&gdy, sizeof(dy)));
    CHECK(cudaMemcpy(gx, x, sizeof(x), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(gdx, dx, sizeof(dx), cudaMemcpyHostToDevice));
    fmath<<<n / 128, 128>>>(gx, gy, n);
    dmath<<<n / 128, 128>>>(gdx, gdy, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(y, gy, sizeof(y), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(dy, gdy, sizeof(dy), cudaMemcpyDeviceToHost));
    const double ulp = 1.0 / (1 << 23);
    for (int i = 0; i < n; i++) {
        // the arguments rounded to float exactly as the kernel computes them
        float v = x[i], a01 = v * 0.1f, a03 = v * 0.3f, a02 = v * 0.2f;
        float l1 = std::fabs(v) + 1.0f, p5 = std::fabs(v) + 0.5f;
        struct { double want, rel, abs; } f[NF] = {
            { sin((double)v), 2 * ulp, 2 * ulp }, { cos((double)v), 2 * ulp, 2 * ulp },
            { exp((double)a01), 2 * ulp, 0 }, { log((double)l1), 1 * ulp, ulp },
            { pow((double)p5, (double)1.7f), 4 * ulp, 0 }, { sqrt(fabs((double)v)), ulp, 0 },
            { 1 / sqrt((double)l1), 2 * ulp, 0 }, { erf((double)a03), 2 * ulp, 2 * ulp },
            { tanh((double)a02), 2 * ulp, 2 * ulp },
            { exp((double)a01), 1e-5, 1e-6 }, { sin((double)a01), 1e-5, 1e-6 },  // intrinsics
            { atan2((double)v, 3.0), 3 * ulp, 2 * ulp },
        };
        for (int k = 0; k < NF; k++)
            EXPECT(close_to(y[i * NF + k], f[k].want, f[k].rel, f[k].abs),
                   "float function %d at x=%.9g: %.9g, want %.9g", k, v, y[i * NF + k],
                   f[k].want);
        double d = dx[i], dulp = 1.0 / (1ull << 52);
        double dw[ND] = { sin(d), exp(d * 0.1), log(fabs(d) + 1.0), cbrt(d) };
        for (int k = 0; k < ND; k++)
            EXPECT(close_to(dy[i * ND + k], dw[k], 4 * dulp, 4 * dulp),
                   "double function %d at x=%.17g: %.17g, want %.17g", k, d, dy[i * ND + k],
                   dw[k]);
    }
    return pass();
}
