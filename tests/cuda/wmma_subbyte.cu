// Sub-byte tensor cores through wmma's experimental precisions on sm_75:
// 8x8x32 tiles of signed and unsigned 4-bit integers (IMMA.8832.S4/.U4)
// and 8x8x128 tiles of bits (BMMA.88128.XOR.POPC: each result counts the
// differing bits of a row of A and a column of B), a 16x8 product of two
// k-steps accumulated in place, against the CPU, exactly.
#include <mma.h>
#include <vector>
#include "check.h"

using namespace nvcuda;
namespace prec = wmma::experimental::precision;

// C (8 x 8*tiles_n) += A (8 x 32*steps, row-major 4-bit) * B (col-major), C row-major.
template <typename P>
__global__ void mma4(const void *a, const void *b, int *c, int steps, int ldc)
{
    int tile = blockIdx.x;
    wmma::fragment<wmma::matrix_a, 8, 8, 32, P, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 32, P, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 32, int> fc;
    const int k = 32 * steps;

    wmma::load_matrix_sync(fc, c + tile * 8, ldc, wmma::mem_row_major);
    for (int s = 0; s < steps; s++) {
        // 4-bit elements: pointers advance in bytes (two elements each)
        wmma::load_matrix_sync(fa, (const char *)a + s * 16, k);
        wmma::load_matrix_sync(fb, (const char *)b + tile * 8 * k / 2 + s * 16, k);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(c + tile * 8, fc, ldc, wmma::mem_row_major);
}

__global__ void bmma(const unsigned *a, const unsigned *b, int *c)
{
    wmma::fragment<wmma::matrix_a, 8, 8, 128, prec::b1, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 128, prec::b1, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 128, int> fc;

    wmma::fill_fragment(fc, 7);
    wmma::load_matrix_sync(fa, a, 128);
    wmma::load_matrix_sync(fb, b, 128);
    wmma::bmma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(c, fc, 8, wmma::mem_row_major);
}

static int nibble(const std::vector<unsigned char> &m, int i, bool is_signed)
{
    int v = (m[i / 2] >> (4 * (i % 2))) & 15;
    return is_signed && v >= 8 ? v - 16 : v;
}

// 8 x (8*tiles) += (8 x k) * (k x 8*tiles), k = 64: two k-steps per tile.
static void run4(bool is_signed)
{
    const int steps = 2, k = 32 * steps, tiles = 2, n = 8 * tiles;
    std::vector<unsigned char> ha(8 * k / 2), hb(n * k / 2);
    std::vector<int> hc(8 * n), want(8 * n);

    for (size_t i = 0; i < ha.size(); i++) {
        ha[i] = (unsigned char)(i * 37 + 11);
    }
    for (size_t i = 0; i < hb.size(); i++) {
        hb[i] = (unsigned char)(i * 91 + 5);
    }
    for (int i = 0; i < 8 * n; i++) {
        hc[i] = i * 3 - 50;
    }
    for (int r = 0; r < 8; r++) {
        for (int col = 0; col < n; col++) {
            int sum = hc[r * n + col];
            for (int kk = 0; kk < k; kk++) {
                sum += nibble(ha, r * k + kk, is_signed) * nibble(hb, col * k + kk, is_signed);
            }
            want[r * n + col] = sum;
        }
    }
    void *a, *b;
    int *c;
    CHECK(cudaMalloc(&a, ha.size()));
    CHECK(cudaMalloc(&b, hb.size()));
    CHECK(cudaMalloc(&c, hc.size() * 4));
    CHECK(cudaMemcpy(a, ha.data(), ha.size(), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), hb.size(), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(c, hc.data(), hc.size() * 4, cudaMemcpyHostToDevice));
    if (is_signed) {
        mma4<prec::s4><<<tiles, 32>>>(a, b, c, steps, n);
    } else {
        mma4<prec::u4><<<tiles, 32>>>(a, b, c, steps, n);
    }
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 8 * n; i++) {
        EXPECT(hc[i] == want[i], "%s4 c[%d][%d] = %d, want %d", is_signed ? "s" : "u", i / n,
               i % n, hc[i], want[i]);
    }
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
}

static void run1()
{
    std::vector<unsigned> ha(8 * 4), hb(8 * 4);
    std::vector<int> hc(64);

    for (int i = 0; i < 32; i++) {
        ha[i] = 0x9e3779b9u * (i + 1);
        hb[i] = 0x7f4a7c15u * (i + 3) ^ (i % 3 ? 0 : ~0u);
    }
    unsigned *a, *b;
    int *c;
    CHECK(cudaMalloc(&a, 128));
    CHECK(cudaMalloc(&b, 128));
    CHECK(cudaMalloc(&c, 256));
    CHECK(cudaMemcpy(a, ha.data(), 128, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), 128, cudaMemcpyHostToDevice));
    bmma<<<1, 32>>>(a, b, c);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hc.data(), c, 256, cudaMemcpyDeviceToHost));
    for (int r = 0; r < 8; r++) {
        for (int col = 0; col < 8; col++) {
            int want = 7;
            for (int q = 0; q < 4; q++) {
                want += __builtin_popcount(ha[r * 4 + q] ^ hb[col * 4 + q]);
            }
            EXPECT(hc[r * 8 + col] == want, "b1 c[%d][%d] = %d, want %d", r, col,
                   hc[r * 8 + col], want);
        }
    }
}

int main()
{
    test_name = "wmma_subbyte";
    run4(true);
    run4(false);
    run1();
    return pass();
}
