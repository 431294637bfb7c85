// Device queries: properties of the virtual TU104 (a Tesla T4), the same
// through cudaDeviceGetAttribute, versions, memory info. Built against
// NVIDIA's headers, so it also checks the runtime's structure layouts.
#include "check.h"
#include <cstring>

int main()
{
    test_name = "device_query";
    int count = 0, dev = -1, rt = 0, drv = 0;
    CHECK(cudaGetDeviceCount(&count));
    EXPECT(count == 1, "%d devices", count);
    CHECK(cudaSetDevice(0));
    CHECK(cudaGetDevice(&dev));
    EXPECT(dev == 0, "device %d", dev);
    EXPECT(cudaSetDevice(1) == cudaErrorInvalidDevice, "device 1 accepted");
    CHECK(cudaRuntimeGetVersion(&rt));
    CHECK(cudaDriverGetVersion(&drv));
    EXPECT(rt >= 13000 && drv >= rt, "versions %d %d", rt, drv);

    cudaDeviceProp p;
    memset(&p, 0x5a, sizeof(p));
    CHECK(cudaGetDeviceProperties(&p, 0));
    EXPECT(p.name[0] && strlen(p.name) < sizeof(p.name), "name");
    EXPECT(p.major == 7 && p.minor == 5, "compute capability %d.%d", p.major, p.minor);
    EXPECT(p.warpSize == 32, "warpSize %d", p.warpSize);
    EXPECT(p.maxThreadsPerBlock == 1024, "maxThreadsPerBlock %d", p.maxThreadsPerBlock);
    EXPECT(p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[2] == 64, "maxThreadsDim");
    EXPECT(p.maxGridSize[0] == 0x7fffffff && p.maxGridSize[1] == 65535, "maxGridSize");
    EXPECT(p.sharedMemPerBlock == 49152, "sharedMemPerBlock %zu", p.sharedMemPerBlock);
    EXPECT(p.sharedMemPerBlockOptin == 65536, "optin %zu", p.sharedMemPerBlockOptin);
    EXPECT(p.regsPerBlock == 65536, "regsPerBlock %d", p.regsPerBlock);
    EXPECT(p.multiProcessorCount > 0, "SMs %d", p.multiProcessorCount);
    EXPECT(p.maxThreadsPerMultiProcessor == 1024, "threads/SM %d", p.maxThreadsPerMultiProcessor);
    EXPECT(p.totalConstMem == 65536, "totalConstMem %zu", p.totalConstMem);
    EXPECT(p.totalGlobalMem >= (1ull << 30), "totalGlobalMem %zu", p.totalGlobalMem);
    EXPECT(p.unifiedAddressing == 1, "unifiedAddressing");

    struct { cudaDeviceAttr a; long want; } attrs[] = {
        { cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock },
        { cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0] },
        { cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2] },
        { cudaDevAttrMaxGridDimX, p.maxGridSize[0] },
        { cudaDevAttrMaxSharedMemoryPerBlock, (long)p.sharedMemPerBlock },
        { cudaDevAttrWarpSize, p.warpSize },
        { cudaDevAttrMultiProcessorCount, p.multiProcessorCount },
        { cudaDevAttrComputeCapabilityMajor, p.major },
        { cudaDevAttrComputeCapabilityMinor, p.minor },
        { cudaDevAttrMaxSharedMemoryPerBlockOptin, (long)p.sharedMemPerBlockOptin },
        { cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor },
        { cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor },
        { cudaDevAttrUnifiedAddressing, 1 },
        // no cudaDeviceProp field in CUDA 13: the T4's boost and memory clocks
        { cudaDevAttrClockRate, 1590000 },
        { cudaDevAttrMemoryClockRate, 5001000 },
        { cudaDevAttrSingleToDoublePrecisionPerfRatio, 32 },
    };
    for (auto &t : attrs) {
        int v = -1;
        CHECK(cudaDeviceGetAttribute(&v, t.a, 0));
        EXPECT(v == t.want, "attribute %d = %d, want %ld", (int)t.a, v, t.want);
    }
    size_t free_b = 0, total = 0;
    CHECK(cudaMemGetInfo(&free_b, &total));
    EXPECT(total == p.totalGlobalMem && free_b <= total && free_b > 0, "mem %zu/%zu", free_b,
           total);
    void *d;
    CHECK(cudaMalloc(&d, 64 << 20));
    size_t free2;
    CHECK(cudaMemGetInfo(&free2, &total));
    EXPECT(free2 <= free_b - (64 << 20), "free memory did not drop: %zu -> %zu", free_b, free2);
    CHECK(cudaFree(d));
    return pass();
}
