// Kernel parameters of every shape: structs by value (with padding and
// alignment), arrays inside structs, 8-byte and 1-byte scalars, many
// parameters, and pointers mixed with doubles.
#include "check.h"
#include <cstdint>

struct __align__(16) Vec4 {
    float x, y, z, w;
};

struct Mixed {
    char tag;
    double scale;
    short offsets[5];
    int64_t big;
};

struct Table {
    int v[16];
};

__global__ void params(float *out, Vec4 a, Mixed m, char c, Table t, double d, int64_t q,
                       unsigned char u, float *out2)
{
    int i = threadIdx.x;
    out[i] = (a.x + a.y * 2 + a.z * 3 + a.w * 4) * (float)m.scale + m.offsets[i % 5] + t.v[i % 16] +
             (float)c;
    if (i == 0) {
        out2[0] = (float)m.tag;
        out2[1] = (float)(m.big >> 32);
        out2[2] = (float)d;
        out2[3] = (float)(q & 0xffff);
        out2[4] = (float)u;
    }
}

int main()
{
    test_name = "structs_params";
    float *d_out, *d_out2;
    CHECK(cudaMalloc(&d_out, 64 * sizeof(float)));
    CHECK(cudaMalloc(&d_out2, 8 * sizeof(float)));
    Vec4 a = { 1, 2, 3, 4 };
    Mixed m = { 'Q', 0.5, { 1, 2, 3, 4, 5 }, (int64_t)77 << 32 };
    Table t;
    for (int i = 0; i < 16; i++)
        t.v[i] = 100 * i;
    params<<<1, 64>>>(d_out, a, m, (char)-3, t, 2.75, 0x123456789abcLL, 250, d_out2);
    CHECK(cudaGetLastError());
    float out[64], out2[8];
    CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(out2, d_out2, sizeof(out2), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 64; i++) {
        float want = 30.0f * 0.5f + m.offsets[i % 5] + t.v[i % 16] - 3.0f;
        EXPECT(out[i] == want, "out[%d] = %g, want %g", i, out[i], want);
    }
    EXPECT(out2[0] == 'Q', "tag %g", out2[0]);
    EXPECT(out2[1] == 77, "big %g", out2[1]);
    EXPECT(out2[2] == 2.75f, "double %g", out2[2]);
    EXPECT(out2[3] == 0x9abc, "int64 %g", out2[3]);
    EXPECT(out2[4] == 250, "uchar %g", out2[4]);
    return pass();
}
