// Integer and bit intrinsics against CPU references: popc, clz, ffs, brev,
// byte_perm, funnel shifts, mulhi, sad, 64-bit multiply/divide/modulo.
#include "check.h"
#include <cstdint>

__global__ void bits(const unsigned *in, unsigned *out, unsigned long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned a = in[i], b = in[(i + 1) % n];
    unsigned *o = out + i * 10;
    o[0] = __popc(a);
    o[1] = __clz(a);
    o[2] = __ffs(a);
    o[3] = __brev(a);
    o[4] = __byte_perm(a, b, 0x5140);
    o[5] = __funnelshift_l(a, b, i & 31);
    o[6] = __umulhi(a, b);
    o[7] = __sad(a, b, 7u);  // signed operands
    o[8] = (unsigned)__popcll(((unsigned long long)a << 32) | b);
    o[9] = __usad(a, b, i);
    unsigned long long x = ((unsigned long long)a << 32) | b, y = (b | 1u) + 3ull;
    out64[i * 3 + 0] = x * y;
    out64[i * 3 + 1] = x / y;
    out64[i * 3 + 2] = (unsigned long long)((long long)x % (long long)y);
}

static unsigned brev(unsigned v)
{
    unsigned r = 0;
    for (int k = 0; k < 32; k++)
        r |= ((v >> k) & 1u) << (31 - k);
    return r;
}

static unsigned byte_perm(unsigned a, unsigned b, unsigned s)
{
    uint64_t v = ((uint64_t)b << 32) | a;
    unsigned r = 0;
    for (int k = 0; k < 4; k++)
        r |= (unsigned)((v >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
    return r;
}

int main()
{
    test_name = "bit_ops";
    const int n = 300;
    unsigned in[n];
    unsigned s = 99;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = i < 4 ? (unsigned[]){ 0u, 1u, 0x80000000u, 0xffffffffu }[i] : s >> (i % 13);
    }
    unsigned *d_in, *d_out;
    unsigned long long *d_out64;
    CHECK(cudaMalloc(&d_in, sizeof(in)));
    CHECK(cudaMalloc(&d_out, n * 10 * sizeof(unsigned)));
    CHECK(cudaMalloc(&d_out64, n * 3 * sizeof(unsigned long long)));
    CHECK(cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice));
    bits<<<(n + 127) / 128, 128>>>(d_in, d_out, d_out64, n);
    CHECK(cudaGetLastError());
    static unsigned out[n * 10];
    static unsigned long long out64[n * 3];
    CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(out64, d_out64, sizeof(out64), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        unsigned a = in[i], b = in[(i + 1) % n], *o = out + i * 10;
        int sh = i & 31;
        unsigned want[10] = {
            (unsigned)__builtin_popcount(a), a ? (unsigned)__builtin_clz(a) : 32u,
            (unsigned)__builtin_ffs(a), brev(a), byte_perm(a, b, 0x5140),
            (unsigned)((((uint64_t)b << 32 | a) << sh) >> 32),
            (unsigned)(((uint64_t)a * b) >> 32),
            ((int)a > (int)b ? a - b : b - a) + 7u,
            (unsigned)__builtin_popcountll(((uint64_t)a << 32) | b),
            (a > b ? a - b : b - a) + (unsigned)i,
        };
        for (int k = 0; k < 10; k++)
            EXPECT(o[k] == want[k], "element %d op %d: a=%#x b=%#x got %#x want %#x", i, k, a, b,
                   o[k], want[k]);
        uint64_t x = ((uint64_t)a << 32) | b, y = (b | 1u) + 3ull;
        EXPECT(out64[i * 3] == x * y, "mul64 %d", i);
        EXPECT(out64[i * 3 + 1] == x / y, "div64 %d", i);
        EXPECT(out64[i * 3 + 2] == (uint64_t)((int64_t)x % (int64_t)y), "mod64 %d", i);
    }
    return pass();
}
