// Device-side assert: a failing assert prints NVIDIA's message for each
// failing thread (file, line, function, block, thread, expression) and ends
// the kernel with cudaErrorAssert, sticky until cudaDeviceReset; printf
// output the failing thread wrote before it is not lost.
#include <cassert>
#include <string>
#include "capture.h"
#include "check.h"

__global__ void checked(const int *v, int *out)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    assert(v[t] >= 0);
    out[t] = v[t] * 2;
}

__global__ void say_then_check(const int *v)
{
    if (v[threadIdx.x + blockIdx.x * blockDim.x] < 0) {
        printf("before the assert\n");
    }
    assert(v[threadIdx.x + blockIdx.x * blockDim.x] >= 0);
}
static const int assert_line = __LINE__ - 2;

int main()
{
    test_name = "device_assert";
    const int n = 64;
    int h[n], *v, *out;

    for (int i = 0; i < n; i++) {
        h[i] = i;
    }
    CHECK(cudaMalloc(&v, n * sizeof(int)));
    CHECK(cudaMalloc(&out, n * sizeof(int)));
    CHECK(cudaMemcpy(v, h, sizeof(h), cudaMemcpyHostToDevice));
    checked<<<2, 32>>>(v, out);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        EXPECT(h[i] == 2 * i, "out[%d] = %d", i, h[i]);
    }

    // one failing thread, in block 1 lane 5 (thread 37 overall)
    for (int i = 0; i < n; i++) {
        h[i] = i == 37 ? -1 : i;
    }
    CHECK(cudaMemcpy(v, h, sizeof(h), cudaMemcpyHostToDevice));
    std::string out_text, err_text;
    cudaError_t e;
    {
        Capture o(stdout), err(stderr);
        say_then_check<<<2, 32>>>(v);
        e = cudaDeviceSynchronize();
        out_text = o.take();
        err_text = err.take();
    }
    EXPECT(e == cudaErrorAssert, "sync after a failed assert: %s", cudaGetErrorName(e));
    EXPECT(out_text == "before the assert\n", "stdout: \"%s\"", out_text.c_str());
    char want[256];
    snprintf(want, sizeof(want), "%s:%d: void say_then_check(const int *): block: [1,0,0], "
             "thread: [5,0,0] Assertion `v[threadIdx.x + blockIdx.x * blockDim.x] >= 0` failed.\n",
             __FILE__, assert_line);
    EXPECT(err_text == want, "stderr:\n%s\nwanted:\n%s", err_text.c_str(), want);
    e = cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
    EXPECT(e == cudaErrorAssert, "the error is sticky: %s", cudaGetErrorName(e));

    CHECK(cudaDeviceReset());
    CHECK(cudaMalloc(&v, n * sizeof(int)));
    CHECK(cudaMalloc(&out, n * sizeof(int)));
    for (int i = 0; i < n; i++) {
        h[i] = 3 * i;
    }
    CHECK(cudaMemcpy(v, h, sizeof(h), cudaMemcpyHostToDevice));
    checked<<<2, 32>>>(v, out);
    CHECK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
    EXPECT(h[63] == 6 * 63, "after the reset: out[63] = %d", h[63]);
    return pass();
}
