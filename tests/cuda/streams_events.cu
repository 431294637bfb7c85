// Streams and events: a chain across streams ordered by cudaStreamWaitEvent
// (each step reads the previous step's output), elapsed times, queries, host
// callbacks that run after the stream's earlier work.
#include "check.h"

__global__ void step(const int *in, int *out, int n, int add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * 2 + add;
}

struct Probe {
    const int *host;
    int seen;
};

static void CUDART_CB probe(void *p)
{
    Probe *pr = (Probe *)p;
    pr->seen = pr->host[7];
}

int main()
{
    test_name = "streams_events";
    const int n = 4096, steps = 6;
    int *buf[2];
    CHECK(cudaMalloc(&buf[0], n * sizeof(int)));
    CHECK(cudaMalloc(&buf[1], n * sizeof(int)));
    int *h;
    CHECK(cudaMallocHost(&h, n * sizeof(int)));
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaStream_t s[3];
    cudaEvent_t done[steps], t0, t1;
    for (auto &x : s)
        CHECK(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking));
    for (auto &e : done)
        CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    CHECK(cudaMemcpyAsync(buf[0], h, n * sizeof(int), cudaMemcpyHostToDevice, s[0]));
    CHECK(cudaEventRecord(t0, s[0]));
    for (int k = 0; k < steps; k++) {
        cudaStream_t st = s[k % 3];
        if (k)
            CHECK(cudaStreamWaitEvent(st, done[k - 1], 0));
        step<<<n / 128, 128, 0, st>>>(buf[k & 1], buf[(k + 1) & 1], n, k);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(done[k], st));
    }
    cudaStream_t last = s[(steps - 1) % 3];
    CHECK(cudaEventRecord(t1, last));
    CHECK(cudaMemcpyAsync(h, buf[steps & 1], n * sizeof(int), cudaMemcpyDeviceToHost, last));
    Probe pr = { h, -1 };
    CHECK(cudaLaunchHostFunc(last, probe, &pr));
    CHECK(cudaStreamSynchronize(last));
    CHECK(cudaEventSynchronize(t1));
    EXPECT(cudaEventQuery(t1) == cudaSuccess, "event not complete after sync");
    EXPECT(cudaStreamQuery(last) == cudaSuccess, "stream busy after sync");
    for (int i = 0; i < n; i++) {
        int want = i;
        for (int k = 0; k < steps; k++)
            want = want * 2 + k;
        EXPECT(h[i] == want, "h[%d] = %d, want %d", i, h[i], want);
    }
    EXPECT(pr.seen == h[7], "the host function ran before the copy (%d)", pr.seen);
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, t0, t1));
    EXPECT(ms >= 0 && ms < 60000, "elapsed %g ms", ms);
    float x;
    EXPECT(cudaEventElapsedTime(&x, done[0], done[1]) == cudaErrorInvalidResourceHandle,
           "timing from events created without it");
    cudaGetLastError();
    for (auto &x2 : s)
        CHECK(cudaStreamDestroy(x2));
    for (auto &e : done)
        CHECK(cudaEventDestroy(e));
    CHECK(cudaEventDestroy(t0));
    CHECK(cudaEventDestroy(t1));
    CHECK(cudaFreeHost(h));
    return pass();
}
