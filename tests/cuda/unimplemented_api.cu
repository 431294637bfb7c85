// Calls the library does not implement fail loudly: cudaErrorNotSupported
// (not sticky), and the runtime names the function on stderr. IPC handles
// stand for them. Real GPUs implement them, so this test is nvqemu's own.
#include <cstdio>

#define FAIL(...) do { printf("FAIL unimplemented_api: " __VA_ARGS__); printf("\n"); return 1; } while (0)

int main()
{
    int *d;
    if (cudaMalloc(&d, 64) != cudaSuccess) FAIL("cudaMalloc");
    cudaIpcMemHandle_t h;
    cudaError_t e = cudaIpcGetMemHandle(&h, d);
    if (e != cudaErrorNotSupported)
        FAIL("cudaIpcGetMemHandle gave %s, want cudaErrorNotSupported", cudaGetErrorName(e));
    if (cudaGetLastError() != cudaErrorNotSupported) FAIL("last error not recorded");
    if (cudaMemset(d, 0, 64) != cudaSuccess) FAIL("cudaMemset after the failure");
    if (cudaFree(d) != cudaSuccess) FAIL("cudaFree");
    printf("PASS unimplemented_api\n");
    return 0;
}
