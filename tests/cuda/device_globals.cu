// __device__ variables: initialised data, arrays and structs in the module,
// updated by kernels, read and written through the symbol API, and a
// pointer to one global stored in another (a relocation in the cubin).
#include "check.h"

struct Config {
    int scale;
    float bias;
};

__device__ int counter = 41;
__device__ int squares[8] = { 0, 1, 4, 9, 16, 25, 36, 49 };
__device__ Config cfg = { 3, 0.5f };
__device__ int *squares_ptr = squares;
__device__ float results[64];

__global__ void work()
{
    int i = threadIdx.x;
    results[i] = cfg.scale * squares_ptr[i % 8] + cfg.bias;
    if (i == 0)
        counter++;
}

int main()
{
    test_name = "device_globals";
    int c = 0, sq[8];
    CHECK(cudaMemcpyFromSymbol(&c, counter, sizeof(int)));
    EXPECT(c == 41, "initial counter %d", c);
    CHECK(cudaMemcpyFromSymbol(sq, squares, sizeof(sq)));
    for (int i = 0; i < 8; i++)
        EXPECT(sq[i] == i * i, "squares[%d] = %d", i, sq[i]);
    work<<<1, 64>>>();
    CHECK(cudaGetLastError());
    float r[64];
    CHECK(cudaMemcpyFromSymbol(r, results, sizeof(r)));
    for (int i = 0; i < 64; i++)
        EXPECT(r[i] == 3.0f * (i % 8) * (i % 8) + 0.5f, "results[%d] = %g", i, r[i]);
    Config k = { -2, 10.0f };
    CHECK(cudaMemcpyToSymbol(cfg, &k, sizeof(k)));
    work<<<1, 64>>>();
    CHECK(cudaMemcpyFromSymbol(r, results, sizeof(r)));
    for (int i = 0; i < 64; i++)
        EXPECT(r[i] == -2.0f * (i % 8) * (i % 8) + 10.0f, "after update results[%d] = %g", i,
               r[i]);
    CHECK(cudaMemcpyFromSymbol(&c, counter, sizeof(int)));
    EXPECT(c == 43, "counter %d after two launches", c);
    return pass();
}
