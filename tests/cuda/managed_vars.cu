// __managed__ variables: one storage the host and the GPU share at one
// address, with their initial values; host writes before a launch are seen
// by the kernel, kernel writes are seen by the host after synchronising;
// scalars, arrays and structs, and their addresses passed to kernels.
#include "check.h"

struct Stats {
    int count;
    float sum;
    double max;
};

__managed__ int counter = 42;
__managed__ float table[256];
__managed__ Stats stats = { 1, 0.5f, -1.0 };

__global__ void bump(int by)
{
    atomicAdd(&counter, by);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < 256) {
        table[i] = table[i] * 2.0f + 1.0f;
    }
    if (i == 0) {
        stats.count += 10;
        stats.sum += table[0];
        stats.max = fmax(stats.max, (double)table[0] * 100.0);
    }
}

__global__ void through_pointer(int *p, float *t)
{
    if (threadIdx.x == 0) {
        *p += 1000;
    }
    t[threadIdx.x] += 0.25f;
}

int main()
{
    test_name = "managed_vars";
    EXPECT(counter == 42, "initial counter %d", counter);
    EXPECT(stats.count == 1 && stats.sum == 0.5f && stats.max == -1.0, "initial stats");
    EXPECT(table[17] == 0.0f, "table starts zeroed");
    for (int i = 0; i < 256; i++) {
        table[i] = (float)i;
    }
    bump<<<4, 64>>>(3);
    CHECK(cudaDeviceSynchronize());
    EXPECT(counter == 42 + 3 * 256, "counter %d", counter);
    for (int i = 0; i < 256; i++) {
        EXPECT(table[i] == 2.0f * i + 1.0f, "table[%d] = %g", i, table[i]);
    }
    EXPECT(stats.count == 11 && stats.sum == 1.5f && stats.max == 100.0, "stats %d %g %g",
           stats.count, stats.sum, stats.max);

    counter = 7;
    through_pointer<<<1, 256>>>(&counter, table);
    CHECK(cudaDeviceSynchronize());
    EXPECT(counter == 1007, "counter through a pointer %d", counter);
    EXPECT(table[3] == 7.25f, "table[3] = %g", table[3]);
    cudaPointerAttributes attr;
    CHECK(cudaPointerGetAttributes(&attr, &counter));
    EXPECT(attr.type == cudaMemoryTypeManaged, "attribute type %d", (int)attr.type);
    return pass();
}
