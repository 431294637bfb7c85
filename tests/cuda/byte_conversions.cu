// Conversions of the bytes and halves of a word to float and double: ptxas
// turns (float)((x >> 8) & 0xff) into I2F.U8 R, R.B1 (and .B2, .B3, .H1,
// signed forms), each checked against the CPU.
#include "check.h"
#include <vector>

__global__ void convert(const unsigned *in, float *f, double *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = in[i];
    f[6 * i + 0] = (float)((x >> 8) & 0xff);
    f[6 * i + 1] = (float)((x >> 16) & 0xff);
    f[6 * i + 2] = (float)(x >> 24);
    f[6 * i + 3] = (float)(signed char)(x >> 8);
    f[6 * i + 4] = (float)(unsigned short)(x >> 16);
    f[6 * i + 5] = (float)(short)(x >> 16);
    d[2 * i + 0] = (double)(unsigned char)(x >> 16);
    d[2 * i + 1] = (double)(signed char)(x >> 24);
}

int main()
{
    test_name = "byte_conversions";
    const int n = 4096;
    unsigned *in;
    float *f;
    double *d;
    CHECK(cudaMallocManaged(&in, n * sizeof(unsigned)));
    CHECK(cudaMallocManaged(&f, 6 * n * sizeof(float)));
    CHECK(cudaMallocManaged(&d, 2 * n * sizeof(double)));
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        in[i] = s ^ (s >> 7) * 2654435761u;
    }
    convert<<<(n + 127) / 128, 128>>>(in, f, d, n);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++) {
        unsigned x = in[i];
        float wf[6] = { (float)((x >> 8) & 0xff), (float)((x >> 16) & 0xff), (float)(x >> 24),
                        (float)(signed char)(x >> 8), (float)(unsigned short)(x >> 16),
                        (float)(short)(x >> 16) };
        double wd[2] = { (double)(unsigned char)(x >> 16), (double)(signed char)(x >> 24) };
        for (int k = 0; k < 6; k++)
            EXPECT(f[6 * i + k] == wf[k], "f[%d][%d] = %g, want %g (x %#x)", i, k, f[6 * i + k],
                   wf[k], x);
        for (int k = 0; k < 2; k++)
            EXPECT(d[2 * i + k] == wd[k], "d[%d][%d] = %g, want %g (x %#x)", i, k, d[2 * i + k],
                   wd[k], x);
    }
    return pass();
}
