// One kernel (saxpy with a grid-stride loop) over device, managed and pinned
// host memory: the same results from each, checked against the CPU, and the
// kernel time of each on stdout (tools/bench/bench-cuda.sh reports them).
#include <vector>
#include "check.h"

__global__ void saxpy(float *y, const float *x, float a, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        y[i] = a * x[i] + y[i];
    }
}

int main(int argc, char **argv)
{
    test_name = "memory_kinds";
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    const size_t bytes = n * sizeof(float);
    const char *names[3] = { "device", "managed", "pinned" };
    std::vector<float> hx(n), hy(n), out(n);
    cudaEvent_t t0, t1;

    for (int i = 0; i < n; i++) {
        hx[i] = (float)(i % 1000) * 0.5f;
        hy[i] = (float)(i % 77);
    }
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    for (int kind = 0; kind < 3; kind++) {
        float *x, *y, ms;

        if (kind == 0) {
            CHECK(cudaMalloc(&x, bytes));
            CHECK(cudaMalloc(&y, bytes));
        } else if (kind == 1) {
            CHECK(cudaMallocManaged(&x, bytes));
            CHECK(cudaMallocManaged(&y, bytes));
        } else {
            CHECK(cudaMallocHost(&x, bytes));
            CHECK(cudaMallocHost(&y, bytes));
        }
        CHECK(cudaMemcpy(x, hx.data(), bytes, cudaMemcpyDefault));
        CHECK(cudaMemcpy(y, hy.data(), bytes, cudaMemcpyDefault));
        CHECK(cudaEventRecord(t0));
        saxpy<<<160, 256>>>(y, x, 3.0f, n);
        CHECK(cudaEventRecord(t1));
        CHECK(cudaEventSynchronize(t1));
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
        CHECK(cudaMemcpy(out.data(), y, bytes, cudaMemcpyDefault));
        for (int i = 0; i < n; i++) {
            EXPECT(out[i] == 3.0f * hx[i] + hy[i], "%s memory: y[%d] = %g", names[kind], i,
                   out[i]);
        }
        printf("figure %s %.2f ms %.1f MB/s\n", names[kind], ms, 3.0 * bytes / 1e3 / ms);
        if (kind == 2) {
            CHECK(cudaFreeHost(x));
            CHECK(cudaFreeHost(y));
        } else {
            CHECK(cudaFree(x));
            CHECK(cudaFree(y));
        }
    }
    return pass();
}
