// libcu++'s cuda::atomic at device scope (generic ATOM on a uniform-register
// address, fences): every thread's fetch_add returns a distinct ticket, and
// fetch_max/fetch_min/exchange/compare_exchange leave the values the CPU
// computes.
#include "check.h"
#include <cuda/atomic>
#include <vector>

using DevAtomic = cuda::atomic<int, cuda::thread_scope_device>;

__global__ void tickets(DevAtomic *a, DevAtomic *hi, DevAtomic *lo, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = a[0].fetch_add(1, cuda::memory_order_relaxed);
    out[i] = t;
    hi->fetch_max(t * 3 % 1001, cuda::memory_order_acq_rel);
    lo->fetch_min(1000 - t, cuda::memory_order_seq_cst);
    int expected = 0;
    if (a[1].compare_exchange_strong(expected, i + 1))
        a[2].exchange(i + 1);
}

int main()
{
    test_name = "cuda_atomic";
    const int blocks = 4, threads = 256, n = blocks * threads;
    DevAtomic *a, *hi, *lo;
    int *out;
    CHECK(cudaMallocManaged(&a, 3 * sizeof(DevAtomic)));
    CHECK(cudaMallocManaged(&hi, sizeof(DevAtomic)));
    CHECK(cudaMallocManaged(&lo, sizeof(DevAtomic)));
    CHECK(cudaMallocManaged(&out, n * sizeof(int)));
    for (int i = 0; i < 3; i++)
        new (&a[i]) DevAtomic(0);
    new (hi) DevAtomic(-1);
    new (lo) DevAtomic(1 << 30);
    tickets<<<blocks, threads>>>(a, hi, lo, out);
    CHECK(cudaDeviceSynchronize());
    std::vector<int> seen(n, 0);
    int whi = -1;
    for (int i = 0; i < n; i++) {
        EXPECT(out[i] >= 0 && out[i] < n, "ticket %d = %d", i, out[i]);
        seen[out[i]]++;
        whi = std::max(whi, i * 3 % 1001);
    }
    for (int t = 0; t < n; t++)
        EXPECT(seen[t] == 1, "ticket %d given %d times", t, seen[t]);
    EXPECT(a[0].load() == n, "counter %d", a[0].load());
    EXPECT(hi->load() == whi, "max %d, want %d", hi->load(), whi);
    EXPECT(lo->load() == 1000 - (n - 1), "min %d", lo->load());
    EXPECT(a[1].load() >= 1 && a[1].load() <= n && a[2].load() == a[1].load(),
           "compare_exchange winner %d, exchange %d", a[1].load(), a[2].load());
    return pass();
}
