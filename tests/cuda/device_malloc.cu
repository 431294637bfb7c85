// Device-side malloc/free and new/delete on the runtime's device heap: every
// thread allocates blocks of many sizes (16 B to 200 KiB) and fills them with
// its own pattern, a second kernel checks that no two blocks overlap and
// frees them, the heap runs out (NULL) and recovers once freed, and the heap
// size follows cudaLimitMallocHeapSize.
#include "check.h"

struct Node {
    int value;
    Node *next;
};

__device__ unsigned sizes_for(unsigned t)
{
    static const unsigned table[] = { 1, 16, 17, 100, 256, 1000, 4096, 5000, 32768, 40000, 200000 };
    return table[t % 11];
}

__global__ void fill(unsigned **blocks, unsigned *failed)
{
    unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned n = sizes_for(t) / 4;
    unsigned *p = (unsigned *)malloc(sizes_for(t));

    blocks[t] = p;
    if (!p || ((size_t)p & 15)) {
        atomicAdd(failed, 1u);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        p[i] = t * 0x10001u + i;
    }
}

__global__ void verify_free(unsigned **blocks, unsigned *bad)
{
    unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned *p = blocks[t];

    for (unsigned i = 0; p && i < sizes_for(t) / 4; i++) {
        if (p[i] != t * 0x10001u + i) {
            atomicAdd(bad, 1u);
            break;
        }
    }
    free(p);
}

// Until the heap is exhausted: the number of 4 KiB blocks one thread got.
__global__ void exhaust(unsigned *count, void **keep, unsigned max)
{
    unsigned n = 0;
    void *p;

    while (n < max && (p = malloc(4096))) {
        keep[n++] = p;
    }
    *count = n;
}

__global__ void release(void **keep, const unsigned *count)
{
    for (unsigned i = threadIdx.x; i < *count; i += blockDim.x) {
        free(keep[i]);
    }
}

__global__ void list(int *sum)
{
    Node *head = nullptr;
    for (int i = 1; i <= 10; i++) {
        head = new Node{ i * (int)threadIdx.x, head };
    }
    int s = 0;
    while (head) {
        Node *next = head->next;
        s += head->value;
        delete head;
        head = next;
    }
    int *arr = new int[threadIdx.x + 1];
    arr[threadIdx.x] = s;
    sum[threadIdx.x] = arr[threadIdx.x];
    delete[] arr;
}

int main()
{
    test_name = "device_malloc";
    const unsigned threads = 8 * 64;
    unsigned **blocks, *counters, h[2];

    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64u << 20));
    CHECK(cudaMalloc(&blocks, threads * sizeof(void *)));
    CHECK(cudaMalloc(&counters, 2 * sizeof(unsigned)));
    for (int round = 0; round < 3; round++) {
        CHECK(cudaMemset(counters, 0, 2 * sizeof(unsigned)));
        fill<<<8, 64>>>(blocks, counters);
        verify_free<<<8, 64>>>(blocks, counters + 1);
        CHECK(cudaMemcpy(h, counters, sizeof(h), cudaMemcpyDeviceToHost));
        EXPECT(h[0] == 0, "round %d: %u allocations failed or were misaligned", round, h[0]);
        EXPECT(h[1] == 0, "round %d: %u blocks overlapped another", round, h[1]);
    }

    // 64 MiB of 4 KiB blocks: at most 16384 (chunks the first part used went to other sizes)
    const unsigned max = 1u << 15;
    void **keep;
    unsigned *count, got[2];
    CHECK(cudaMalloc(&keep, max * sizeof(void *)));
    CHECK(cudaMalloc(&count, sizeof(unsigned)));
    exhaust<<<1, 1>>>(count, keep, max);
    CHECK(cudaMemcpy(&got[0], count, sizeof(unsigned), cudaMemcpyDeviceToHost));
    EXPECT(got[0] > 14000 && got[0] <= 16384, "%u 4 KiB blocks in a 64 MiB heap", got[0]);
    release<<<1, 256>>>(keep, count);
    exhaust<<<1, 1>>>(count, keep, max);
    CHECK(cudaMemcpy(&got[1], count, sizeof(unsigned), cudaMemcpyDeviceToHost));
    EXPECT(got[1] == got[0], "after freeing all: %u blocks, before %u", got[1], got[0]);
    release<<<1, 256>>>(keep, count);
    EXPECT(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1u << 20) == cudaErrorInvalidValue,
           "heap size changed after use");

    int *sum, hs[32];
    CHECK(cudaMalloc(&sum, sizeof(hs)));
    list<<<1, 32>>>(sum);
    CHECK(cudaMemcpy(hs, sum, sizeof(hs), cudaMemcpyDeviceToHost));
    for (int t = 0; t < 32; t++) {
        EXPECT(hs[t] == 55 * t, "new/delete list of thread %d: %d", t, hs[t]);
    }
    return pass();
}
