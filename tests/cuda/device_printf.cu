// Device-side printf through the runtime's device library: every conversion
// printf knows (flags, widths, precisions, '*', length modifiers, strings in
// global and local memory, NULL), compared line by line with the host's own
// snprintf of the same format and values. Output appears at the documented
// synchronisation points, not before; printf returns its argument count; a
// full FIFO (cudaLimitPrintfFifoSize) drops whole records.
#include <algorithm>
#include <cstdarg>
#include <string>
#include <vector>
#include "capture.h"
#include "check.h"

#define FMT1 "t%03d b%d|%5d|%-6u|%+d|%x|%#X|%o|%lld|%llu|%lx|%hd|%hhu|%c|%%|\n"
#define FMT2 "f %f|%.2f|%10.3e|%-12g|%G|%a|%*d|%.*f|%*.*s|\n"
#define FLOOD "flood line from thread %4d of the block: padding padding padding padding\n"
#define FMT3 "s %s|%.3s|%8s|%-8s|%s|%s|%p\n"

__device__ int ret_counts[2];

__global__ void talk(double x, const char *gstr)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    char local[8] = { 'l', 'o', 'c', 'a', 'l', char('0' + t % 10), 0 };
    const char *null = nullptr;

    int r = printf(FMT1, t, blockIdx.x, -t * 37, t * 1000u, t - 2, t * 0xabcdu, t + 0xf00u, t * 8,
                   -1234567890123ll * (t + 1), 18446744073709551615ull - t, 0xfedcba987654ll + t,
                   (short)(-300 - t), (unsigned char)(250 + t), 'a' + t % 26);
    printf(FMT2, x * t, x / (t + 1), x * 1e10 * t, 1.0 / (t + 3), -x * t * 1e-7, x + t,
           t % 7 + 2, -t, t % 5, x * t, 6, 2 + t % 3, "abcdefg");
    printf(FMT3, gstr, gstr, local, "left", null, t & 1 ? "" : "even", (void *)gstr);
    if (t == 0) {
        ret_counts[0] = r;
        ret_counts[1] = printf("no arguments\n");
    }
}

__global__ void flood()
{
    printf(FLOOD, threadIdx.x);
}

static std::vector<std::string> lines(const std::string &s)
{
    std::vector<std::string> v;
    size_t at = 0, nl;

    while ((nl = s.find('\n', at)) != std::string::npos) {
        v.push_back(s.substr(at, nl - at + 1));
        at = nl + 1;
    }
    EXPECT(at == s.size(), "output ends in an incomplete line");
    return v;
}

static std::string fmt(const char *f, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof(buf), f, ap);
    va_end(ap);
    return buf;
}

int main()
{
    test_name = "device_printf";
    const int blocks = 3, threads = 40, n = blocks * threads;
    const double x = 1.375;
    static const char text[] = "global string";
    char *gstr;
    std::vector<std::string> want, got;

    CHECK(cudaMalloc(&gstr, sizeof(text)));
    CHECK(cudaMemcpy(gstr, text, sizeof(text), cudaMemcpyHostToDevice));
    {
        Capture out(stdout);
        talk<<<blocks, threads>>>(x, gstr);
        CHECK(cudaGetLastError());
        EXPECT(out.take().empty(), "device output before a synchronisation point");
        CHECK(cudaDeviceSynchronize());
        got = lines(out.take());
    }
    for (int t = 0; t < n; t++) {
        char local[8] = { 'l', 'o', 'c', 'a', 'l', char('0' + t % 10), 0 };
        want.push_back(fmt(FMT1, t, t / threads, -t * 37, t * 1000u, t - 2, t * 0xabcdu,
                           t + 0xf00u, t * 8, -1234567890123ll * (t + 1),
                           18446744073709551615ull - t, 0xfedcba987654ll + t, (short)(-300 - t),
                           (unsigned char)(250 + t), 'a' + t % 26));
        want.push_back(fmt(FMT2, x * t, x / (t + 1), x * 1e10 * t, 1.0 / (t + 3), -x * t * 1e-7,
                           x + t, t % 7 + 2, -t, t % 5, x * t, 6, 2 + t % 3, "abcdefg"));
        want.push_back(fmt(FMT3, text, text, local, "left", "(null)", t & 1 ? "" : "even",
                           (void *)gstr));
    }
    want.push_back("no arguments\n");
    // lanes and blocks print in an order CUDA leaves open: compare sorted
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    EXPECT(got.size() == want.size(), "%zu lines printed, %zu expected", got.size(), want.size());
    for (size_t i = 0; i < want.size(); i++) {
        EXPECT(got[i] == want[i], "line %zu:\n  got  %s  want %s", i, got[i].c_str(),
               want[i].c_str());
    }
    int counts[2];
    CHECK(cudaMemcpyFromSymbol(counts, ret_counts, sizeof(counts)));
    EXPECT(counts[0] == 14 && counts[1] == 0, "printf returned %d and %d", counts[0], counts[1]);

    // the FIFO size is fixed once the library is set up; a fresh context takes a new one
    EXPECT(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 8192) == cudaErrorInvalidValue,
           "FIFO size changed after use");
    CHECK(cudaDeviceReset());
    CHECK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 8192));
    {
        Capture out(stdout);
        Capture err(stderr);
        flood<<<1, 1024>>>();
        CHECK(cudaDeviceSynchronize());
        got = lines(out.take());
        EXPECT(err.take().find("records lost") != std::string::npos, "no word of lost records");
    }
    // some of the 1024 records fit in 8 KiB, and every one that did is whole
    EXPECT(got.size() > 8 && got.size() < 1024, "%zu lines of the flood", got.size());
    for (const std::string &l : got) {
        int t = atoi(l.c_str() + 23);
        EXPECT(l == fmt(FLOOD, t), "line %s", l.c_str());
    }
    return pass();
}
