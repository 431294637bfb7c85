// Tensor cores through wmma (HMMA.1688 and IMMA.8816 on sm_75): 16x16x16
// tiles of a GEMM with fp16 inputs, fp32 and fp16 accumulators, row- and
// column-major operands, tiles loaded from global and shared memory, and
// 8-bit integer tiles (signed and unsigned, 16x16x16 and 32x8x16, with
// saturation); checked against the CPU. Integer-valued inputs make every
// product and sum exact, so the results must match bit for bit; fractional
// inputs are checked to a bound.
#include <cuda_fp16.h>
#include <mma.h>
#include <algorithm>
#include <vector>
#include "check.h"

using namespace nvcuda;

// C (m x n) = A (m x k, row-major) * B (k x n, ALayout of B) with one warp per 16x16 tile.
template <typename BLayout, typename Acc>
__global__ void gemm(const half *a, const half *b, Acc *c, int m, int n, int k)
{
    int tile_m = blockIdx.y, tile_n = blockIdx.x;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, BLayout> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, Acc> fc;

    wmma::fill_fragment(fc, (Acc)1.0f);
    for (int kk = 0; kk < k; kk += 16) {
        wmma::load_matrix_sync(fa, a + tile_m * 16 * k + kk, k);
        if (std::is_same<BLayout, wmma::row_major>::value) {
            wmma::load_matrix_sync(fb, b + kk * n + tile_n * 16, n);
        } else {
            wmma::load_matrix_sync(fb, b + tile_n * 16 * k + kk, k);
        }
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(c + tile_m * 16 * n + tile_n * 16, fc, n, wmma::mem_row_major);
}

// One tile through shared memory, stored column-major.
__global__ void tile_shared(const half *a, const half *b, float *c)
{
    __shared__ half sa[256], sb[256];
    for (int i = threadIdx.x; i < 256; i += 32) {
        sa[i] = a[i];
        sb[i] = b[i];
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, sa, 16);
    wmma::load_matrix_sync(fb, sb, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_col_major);
}

// 8-bit integer tiles: C = A (row-major) * B + C, saturating or not.
template <typename T, int M, int N, typename BLayout>
__global__ void gemm8(const T *a, const T *b, int *c, bool sat)
{
    wmma::fragment<wmma::matrix_a, M, N, 16, T, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, M, N, 16, T, BLayout> fb;
    wmma::fragment<wmma::accumulator, M, N, 16, int> fc;

    wmma::load_matrix_sync(fc, c, N, wmma::mem_row_major);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, std::is_same<BLayout, wmma::row_major>::value ? N : 16);
    wmma::mma_sync(fc, fa, fb, fc, sat);
    wmma::store_matrix_sync(c, fc, N, wmma::mem_row_major);
}

template <typename T, int M, int N, typename BLayout>
static void run8(const char *what, bool sat, int c0)
{
    const bool b_row = std::is_same<BLayout, wmma::row_major>::value;
    std::vector<T> ha(M * 16), hb(16 * N);
    std::vector<int> hc(M * N, c0), out(M * N);
    unsigned seed = 777;

    for (auto &v : ha) {
        seed = seed * 1103515245u + 12345u;
        v = (T)(seed >> 16);
    }
    for (auto &v : hb) {
        seed = seed * 1103515245u + 12345u;
        v = (T)(seed >> 16);
    }
    T *a, *b;
    int *c;
    CHECK(cudaMalloc(&a, ha.size()));
    CHECK(cudaMalloc(&b, hb.size()));
    CHECK(cudaMalloc(&c, hc.size() * 4));
    CHECK(cudaMemcpy(a, ha.data(), ha.size(), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), hb.size(), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(c, hc.data(), hc.size() * 4, cudaMemcpyHostToDevice));
    gemm8<T, M, N, BLayout><<<1, 32>>>(a, b, c, sat);
    CHECK(cudaMemcpy(out.data(), c, out.size() * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < M; i++) {
        for (int j = 0; j < N; j++) {
            long long want = c0;
            for (int k = 0; k < 16; k++) {
                want += (long long)ha[i * 16 + k] * (b_row ? hb[k * N + j] : hb[j * 16 + k]);
            }
            int w = sat ? (int)std::max(std::min(want, 2147483647ll), -2147483648ll)
                        : (int)(unsigned)want;
            EXPECT(out[i * N + j] == w, "%s: c[%d][%d] = %d, want %d", what, i, j,
                   out[i * N + j], w);
        }
    }
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
}

static float h2f(half h)
{
    return __half2float(h);
}

template <typename BLayout, typename Acc>
static void run(const char *what, int m, int n, int k, bool integers)
{
    std::vector<half> ha(m * k), hb(k * n);
    std::vector<Acc> hc(m * n);
    bool b_row = std::is_same<BLayout, wmma::row_major>::value;
    bool acc32 = std::is_same<Acc, float>::value;
    unsigned seed = 12345;

    for (auto &v : ha) {
        seed = seed * 1103515245u + 12345u;
        v = __float2half(integers ? (float)((int)(seed >> 16) % 7 - 3)
                                  : (float)((seed >> 16) % 2001) / 1000.0f - 1.0f);
    }
    for (auto &v : hb) {
        seed = seed * 1103515245u + 12345u;
        v = __float2half(integers ? (float)((int)(seed >> 16) % 5 - 2)
                                  : (float)((seed >> 16) % 2001) / 1000.0f - 1.0f);
    }
    half *a, *b;
    Acc *c;
    CHECK(cudaMalloc(&a, ha.size() * sizeof(half)));
    CHECK(cudaMalloc(&b, hb.size() * sizeof(half)));
    CHECK(cudaMalloc(&c, hc.size() * sizeof(Acc)));
    CHECK(cudaMemcpy(a, ha.data(), ha.size() * sizeof(half), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), hb.size() * sizeof(half), cudaMemcpyHostToDevice));
    gemm<BLayout, Acc><<<dim3(n / 16, m / 16), 32>>>(a, b, c, m, n, k);
    CHECK(cudaMemcpy(hc.data(), c, hc.size() * sizeof(Acc), cudaMemcpyDeviceToHost));
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
            double want = 1.0;
            for (int kk = 0; kk < k; kk++) {
                want += (double)h2f(ha[i * k + kk]) *
                        h2f(b_row ? hb[kk * n + j] : hb[j * k + kk]);
            }
            double got = acc32 ? (double)(float)hc[i * n + j] : (double)h2f(hc[i * n + j]);
            double tol = integers ? 0.0 : acc32 ? 1e-4 * k : 2e-2 * k;
            EXPECT(fabs(got - want) <= tol, "%s: c[%d][%d] = %.6f, want %.6f", what, i, j, got,
                   want);
        }
    }
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
}

int main()
{
    test_name = "wmma_gemm";
    run<wmma::col_major, float>("f32 acc, B col-major, integers", 32, 48, 64, true);
    run<wmma::row_major, float>("f32 acc, B row-major, integers", 48, 32, 32, true);
    run<wmma::col_major, half>("f16 acc, B col-major, integers", 32, 32, 32, true);
    run<wmma::row_major, float>("f32 acc, fractions", 64, 64, 64, false);
    run<wmma::col_major, half>("f16 acc, fractions", 32, 32, 16, false);

    run8<signed char, 16, 16, wmma::col_major>("s8 16x16x16", false, -5);
    run8<unsigned char, 32, 8, wmma::row_major>("u8 32x8x16, B row-major", false, 1000);
    run8<unsigned char, 16, 16, wmma::col_major>("u8 saturating", true, 2147400000);

    std::vector<half> ha(256), hb(256);
    for (int i = 0; i < 256; i++) {
        ha[i] = __float2half((float)(i % 9 - 4));
        hb[i] = __float2half((float)(i % 5 - 2));
    }
    half *a, *b;
    float *c, hc[256];
    CHECK(cudaMalloc(&a, 512));
    CHECK(cudaMalloc(&b, 512));
    CHECK(cudaMalloc(&c, 1024));
    CHECK(cudaMemcpy(a, ha.data(), 512, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), 512, cudaMemcpyHostToDevice));
    tile_shared<<<1, 32>>>(a, b, c);
    CHECK(cudaMemcpy(hc, c, 1024, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 16; i++) {
        for (int j = 0; j < 16; j++) {
            float want = 0;
            for (int kk = 0; kk < 16; kk++) {
                want += h2f(ha[kk * 16 + i]) * h2f(hb[kk * 16 + j]);  // A col-major
            }
            EXPECT(hc[j * 16 + i] == want, "shared tile c[%d][%d] = %g, want %g", i, j,
                   hc[j * 16 + i], want);
        }
    }
    return pass();
}
