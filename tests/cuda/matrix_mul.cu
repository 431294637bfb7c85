// Tiled SGEMM with shared memory on sizes that are not multiples of the
// tile; each dot product uses exactly representable values, so the result
// is exact in any summation order.
#include "check.h"
#include <vector>

#define TILE 16

__global__ void sgemm(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE], Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0;
    for (int t = 0; t < K; t += TILE) {
        As[threadIdx.y][threadIdx.x] =
            row < M && t + threadIdx.x < K ? A[row * K + t + threadIdx.x] : 0;
        Bs[threadIdx.y][threadIdx.x] =
            col < N && t + threadIdx.y < K ? B[(t + threadIdx.y) * N + col] : 0;
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

int main()
{
    test_name = "matrix_mul";
    const int M = 75, N = 61, K = 99;
    std::vector<float> A(M * K), B(K * N), C(M * N);
    for (int i = 0; i < M * K; i++)
        A[i] = (float)((i * 7) % 13 - 6);
    for (int i = 0; i < K * N; i++)
        B[i] = (float)((i * 5) % 11 - 5) * 0.5f;
    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, A.size() * 4));
    CHECK(cudaMalloc(&dB, B.size() * 4));
    CHECK(cudaMalloc(&dC, C.size() * 4));
    CHECK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    sgemm<<<grid, block>>>(dA, dB, dC, M, N, K);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(C.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost));
    for (int r = 0; r < M; r++)
        for (int c = 0; c < N; c++) {
            double want = 0;
            for (int k = 0; k < K; k++)
                want += (double)A[r * K + k] * B[k * N + c];
            EXPECT(C[r * N + c] == (float)want, "C[%d][%d] = %g, want %g", r, c, C[r * N + c],
                   want);
        }
    return pass();
}
