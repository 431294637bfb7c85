// Fills and copies at odd offsets and sizes: cudaMemset (bytes and words),
// device-to-device copies, host-to-host through the runtime, cudaMemcpyDefault.
#include "check.h"
#include <cstring>
#include <vector>

int main()
{
    test_name = "memset_memcpy";
    const size_t n = 100003;
    std::vector<unsigned char> h(n), back(n), ref(n);
    unsigned char *d1, *d2;
    CHECK(cudaMalloc(&d1, n));
    CHECK(cudaMalloc(&d2, n));
    for (size_t i = 0; i < n; i++)
        h[i] = (unsigned char)(i * 7 + 3);
    CHECK(cudaMemcpy(d1, h.data(), n, cudaMemcpyHostToDevice));
    ref = h;
    // unaligned fills of several lengths
    struct { size_t off, len; int v; } fills[] = {
        { 1, 1, 0x11 }, { 3, 5, 0x22 }, { 17, 4096, 0x33 }, { 8192, 8192, 0x44 }, { n - 9, 9, 0x55 },
    };
    for (auto &f : fills) {
        CHECK(cudaMemset(d1 + f.off, f.v, f.len));
        memset(ref.data() + f.off, f.v, f.len);
    }
    CHECK(cudaMemcpy(back.data(), d1, n, cudaMemcpyDeviceToHost));
    EXPECT(back == ref, "fills differ");
    // device to device, overlapping neither, odd offsets
    CHECK(cudaMemset(d2, 0, n));
    CHECK(cudaMemcpy(d2 + 5, d1 + 11, n - 20, cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(back.data(), d2, n, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; i++) {
        unsigned char want = i >= 5 && i < 5 + n - 20 ? ref[i + 6] : 0;
        EXPECT(back[i] == want, "d2d byte %zu: %d want %d", i, back[i], want);
    }
    // cudaMemcpyDefault infers directions from unified addresses
    std::vector<unsigned char> h2(4000, 0xab), h3(4000);
    CHECK(cudaMemcpy(d2, h2.data(), 4000, cudaMemcpyDefault));
    CHECK(cudaMemcpy(d1, d2, 4000, cudaMemcpyDefault));
    CHECK(cudaMemcpy(h3.data(), d1, 4000, cudaMemcpyDefault));
    EXPECT(h3 == h2, "default-direction round trip");
    CHECK(cudaMemcpy(h3.data(), h.data(), 4000, cudaMemcpyHostToHost));
    EXPECT(!memcmp(h3.data(), h.data(), 4000), "host to host");
    // a zero-length copy and fill are no-ops
    CHECK(cudaMemcpy(d1, h.data(), 0, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d1, 0, 0));
    // a copy of several staging buffers' worth
    const size_t big = 20u << 20;
    std::vector<unsigned> hb(big / 4), bb(big / 4);
    for (size_t i = 0; i < hb.size(); i++)
        hb[i] = (unsigned)(i * 2654435761u);
    unsigned *db;
    CHECK(cudaMalloc(&db, big));
    CHECK(cudaMemcpy(db, hb.data(), big, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(bb.data(), db, big, cudaMemcpyDeviceToHost));
    EXPECT(bb == hb, "20 MiB round trip");
    CHECK(cudaFree(db));
    CHECK(cudaFree(d1));
    CHECK(cudaFree(d2));
    return pass();
}
