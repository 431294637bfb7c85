// Pitched memory: cudaMallocPitch, 2D copies host<->device and
// device<->device between different pitches, cudaMemset2D of a sub-rectangle,
// and a kernel indexing rows by the pitch.
#include "check.h"
#include <vector>

__global__ void add_row_col(float *m, size_t pitch, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float *row = (float *)((char *)m + y * pitch);
        row[x] += 1000.0f * y + x;
    }
}

int main()
{
    test_name = "memcpy2d";
    const int w = 123, h = 45;
    std::vector<float> a(w * h), b(w * h);
    for (int i = 0; i < w * h; i++)
        a[i] = (float)(i % 977);
    float *d, *d2;
    size_t pitch = 0, pitch2 = 0;
    CHECK(cudaMallocPitch((void **)&d, &pitch, w * sizeof(float), h));
    EXPECT(pitch >= w * sizeof(float) && pitch % 256 == 0, "pitch %zu", pitch);
    CHECK(cudaMallocPitch((void **)&d2, &pitch2, (w + 200) * sizeof(float), h));
    CHECK(cudaMemcpy2D(d, pitch, a.data(), w * sizeof(float), w * sizeof(float), h,
                       cudaMemcpyHostToDevice));
    dim3 blk(32, 8), grd((w + 31) / 32, (h + 7) / 8);
    add_row_col<<<grd, blk>>>(d, pitch, w, h);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy2D(d2, pitch2, d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToDevice));
    // clear a 10x5 rectangle at (7, 3)
    CHECK(cudaMemset2D((char *)d2 + 3 * pitch2 + 7 * sizeof(float), pitch2, 0,
                       10 * sizeof(float), 5));
    CHECK(cudaMemcpy2D(b.data(), w * sizeof(float), d2, pitch2, w * sizeof(float), h,
                       cudaMemcpyDeviceToHost));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            bool cleared = x >= 7 && x < 17 && y >= 3 && y < 8;
            float want = cleared ? 0.0f : a[y * w + x] + 1000.0f * y + x;
            EXPECT(b[y * w + x] == want, "(%d,%d) = %g, want %g", x, y, b[y * w + x], want);
        }
    // a width wider than the pitch is refused
    EXPECT(cudaMemcpy2D(d, pitch, a.data(), 4, 8, 2, cudaMemcpyHostToDevice) ==
           cudaErrorInvalidPitchValue, "width > pitch accepted");
    cudaGetLastError();
    CHECK(cudaFree(d));
    CHECK(cudaFree(d2));
    return pass();
}
