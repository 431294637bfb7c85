// A kernel whose parameters fill 32,000 bytes of constant bank 0 (CUDA 12.1+
// allows 32,764 on Volta and later): reads at fixed offsets past 0x8000
// (ptxas's constant operands and ULDC, which nvdisasm shows as negative) and
// at computed offsets (LDC with a register) must see the values passed.
#include "check.h"
#include <vector>

#define WORDS 8000

struct Big {
    int v[WORDS];
};

__global__ void read_big(Big b, int *out, int idx)
{
    int t = threadIdx.x;
    out[t] = b.v[WORDS - 1 - t] + b.v[idx + t];     // computed offsets
    if (t == 0) {
        out[64] = b.v[7000];                        // fixed offsets beyond 0x8000
        out[65] = b.v[WORDS - 1] * b.v[6500];
    }
}

int main()
{
    test_name = "large_params";
    static Big b;
    for (int i = 0; i < WORDS; i++)
        b.v[i] = i * 3 + 1;
    int *d;
    std::vector<int> h(66);
    CHECK(cudaMalloc(&d, 66 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 66 * sizeof(int)));
    const int idx = 7500;
    read_big<<<1, 64>>>(b, d, idx);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h.data(), d, 66 * sizeof(int), cudaMemcpyDeviceToHost));
    for (int t = 0; t < 64; t++) {
        int want = b.v[WORDS - 1 - t] + b.v[idx + t];
        EXPECT(h[t] == want, "out[%d] = %d, want %d", t, h[t], want);
    }
    EXPECT(h[64] == b.v[7000], "out[64] = %d, want %d", h[64], b.v[7000]);
    EXPECT(h[65] == b.v[WORDS - 1] * b.v[6500], "out[65] = %d", h[65]);
    CHECK(cudaFree(d));
    return pass();
}
