// Calls the library does not implement fail loudly: cudaErrorNotSupported
// (not sticky), and the runtime names the function on stderr. The graph API
// stands for them. Real GPUs implement it, so this test is nvqemu's own.
#include <cstdio>

#define FAIL(...) do { printf("FAIL unimplemented_api: " __VA_ARGS__); printf("\n"); return 1; } while (0)

int main()
{
    cudaGraph_t g;
    cudaError_t e = cudaGraphCreate(&g, 0);
    if (e != cudaErrorNotSupported)
        FAIL("cudaGraphCreate gave %s, want cudaErrorNotSupported", cudaGetErrorName(e));
    if (cudaGetLastError() != cudaErrorNotSupported) FAIL("last error not recorded");
    int *d;
    if (cudaMalloc(&d, 64) != cudaSuccess) FAIL("cudaMalloc after the failure");
    if (cudaFree(d) != cudaSuccess) FAIL("cudaFree");
    printf("PASS unimplemented_api\n");
    return 0;
}
