// Double precision: + - * / sqrt and fma are correctly rounded on the GPU, so
// they must match the CPU bit for bit; plus conversions to and from integers
// and floats.
#include "check.h"
#include <cstring>

struct R {
    double add, mul, div, sqrt_, fma_, cvt_f, from_ll;
    long long to_ll;
    float to_f;
};

__global__ void ops(const double *a, const double *b, const long long *l, R *r, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    r[i].add = __dadd_rn(a[i], b[i]);
    r[i].mul = __dmul_rn(a[i], b[i]);
    r[i].div = a[i] / b[i];
    r[i].sqrt_ = sqrt(fabs(a[i]));
    r[i].fma_ = fma(a[i], b[i], -a[i]);
    r[i].to_f = (float)a[i];
    r[i].cvt_f = (double)(float)b[i];
    r[i].to_ll = (long long)(a[i] * 1e6);
    r[i].from_ll = (double)l[i];
}

static bool same(double x, double y)
{
    return !memcmp(&x, &y, sizeof(x));
}

int main()
{
    test_name = "fp64";
    const int n = 4096;
    static double a[n], b[n];
    static long long l[n];
    static R r[n];
    unsigned long long s = 88172645463325252ull;
    for (int i = 0; i < n; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        a[i] = ((double)(s >> 11) / (double)(1ull << 53) - 0.5) * 1e3 * (i % 7 + 1);
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        b[i] = ((double)(s >> 11) / (double)(1ull << 53)) * 1e-2 + 1e-9;
        l[i] = (long long)(s >> 3) - (1ll << 59);
    }
    double *da, *db;
    long long *dl;
    R *dr;
    CHECK(cudaMalloc(&da, sizeof(a)));
    CHECK(cudaMalloc(&db, sizeof(b)));
    CHECK(cudaMalloc(&dl, sizeof(l)));
    CHECK(cudaMalloc(&dr, sizeof(r)));
    CHECK(cudaMemcpy(da, a, sizeof(a), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, sizeof(b), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dl, l, sizeof(l), cudaMemcpyHostToDevice));
    ops<<<n / 128, 128>>>(da, db, dl, dr, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(r, dr, sizeof(r), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        EXPECT(same(r[i].add, a[i] + b[i]), "add %d", i);
        EXPECT(same(r[i].mul, a[i] * b[i]), "mul %d", i);
        EXPECT(same(r[i].div, a[i] / b[i]), "div %d: %.17g vs %.17g", i, r[i].div, a[i] / b[i]);
        EXPECT(same(r[i].sqrt_, std::sqrt(std::fabs(a[i]))), "sqrt %d", i);
        EXPECT(same(r[i].fma_, std::fma(a[i], b[i], -a[i])), "fma %d", i);
        EXPECT(r[i].to_f == (float)a[i], "double->float %d", i);
        EXPECT(same(r[i].cvt_f, (double)(float)b[i]), "float->double %d", i);
        EXPECT(r[i].to_ll == (long long)(a[i] * 1e6), "double->s64 %d", i);
        EXPECT(same(r[i].from_ll, (double)l[i]), "s64->double %d", i);
    }
    return pass();
}
