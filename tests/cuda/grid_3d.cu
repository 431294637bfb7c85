// 3D grids and blocks: every thread of a 3D launch writes its global linear
// index computed from blockIdx/blockDim/threadIdx/gridDim, and each element
// is written exactly once.
#include "check.h"

__global__ void coords(int *out, int *hits, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz)
        return;
    int i = (z * ny + y) * nx + x;
    out[i] = (z << 20) | (y << 10) | x;
    atomicAdd(&hits[i], 1);
    // the grid shape as the kernel sees it
    if (i == 0) {
        out[nx * ny * nz + 0] = gridDim.x * 10000 + gridDim.y * 100 + gridDim.z;
        out[nx * ny * nz + 1] = blockDim.x * 10000 + blockDim.y * 100 + blockDim.z;
    }
}

int main()
{
    test_name = "grid_3d";
    const int nx = 37, ny = 19, nz = 11, n = nx * ny * nz;
    int *d_out, *d_hits;
    CHECK(cudaMalloc(&d_out, (n + 2) * sizeof(int)));
    CHECK(cudaMalloc(&d_hits, n * sizeof(int)));
    CHECK(cudaMemset(d_hits, 0, n * sizeof(int)));
    dim3 block(8, 4, 2);
    dim3 grid((nx + 7) / 8, (ny + 3) / 4, (nz + 1) / 2);
    coords<<<grid, block>>>(d_out, d_hits, nx, ny, nz);
    CHECK(cudaGetLastError());
    int *out = new int[n + 2], *hits = new int[n];
    CHECK(cudaMemcpy(out, d_out, (n + 2) * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hits, d_hits, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) {
                int i = (z * ny + y) * nx + x;
                EXPECT(out[i] == ((z << 20) | (y << 10) | x), "out(%d,%d,%d) = %#x", x, y, z,
                       out[i]);
                EXPECT(hits[i] == 1, "hits(%d,%d,%d) = %d", x, y, z, hits[i]);
            }
    EXPECT(out[n] == 5 * 10000 + 5 * 100 + 6, "gridDim %d", out[n]);
    EXPECT(out[n + 1] == 8 * 10000 + 4 * 100 + 2, "blockDim %d", out[n + 1]);
    // a block over the 1024-thread limit is refused at launch
    coords<<<1, dim3(32, 32, 2)>>>(d_out, d_hits, nx, ny, nz);
    cudaError_t e = cudaGetLastError();
    EXPECT(e == cudaErrorInvalidConfiguration, "oversized block: %s", cudaGetErrorName(e));
    delete[] out;
    delete[] hits;
    return pass();
}
