// CUDA graphs: an explicit graph (memset, kernels, copies, a host node, a
// diamond of dependencies) instantiated once and launched several times,
// reading its host input anew each launch; a kernel node updated in the
// executable graph; a graph captured from a stream, which runs nothing while
// capturing; a capture forked to a second stream and joined back through
// events; a child graph embedded twice between event record/wait nodes, in
// a clone; checked against the CPU. Cycles and bad handles are refused.
#include <vector>
#include "check.h"

__global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] *= a;
    }
}

__global__ void add(float *y, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] += x[i];
    }
}

static int host_calls;
static void on_host(void *p)
{
    host_calls += *(int *)p;
}

int main()
{
    test_name = "graphs";
    const int n = 1000;
    const size_t bytes = n * sizeof(float);
    std::vector<float> in(n), out(n);
    float *x, *y;
    int step = 1;

    CHECK(cudaMalloc(&x, bytes));
    CHECK(cudaMalloc(&y, bytes));

    // y = 1 + 2 * in as a diamond: copy -> scale, memset -> add -> D2H -> host
    cudaGraph_t g;
    cudaGraphNode_t h2d, sc, zero, ad, d2h, host;
    CHECK(cudaGraphCreate(&g, 0));
    CHECK(cudaGraphAddMemcpyNode1D(&h2d, g, nullptr, 0, x, in.data(), bytes,
                                   cudaMemcpyHostToDevice));
    float a = 2.0f;
    int nn = n;
    void *scale_args[] = { &x, &a, &nn };
    cudaKernelNodeParams kp = {};
    kp.func = (void *)scale;
    kp.gridDim = dim3((n + 255) / 256);
    kp.blockDim = dim3(256);
    kp.kernelParams = scale_args;
    CHECK(cudaGraphAddKernelNode(&sc, g, &h2d, 1, &kp));
    a = 100.0f;     // arguments were copied when the node was made
    cudaMemsetParams mp = {};
    mp.dst = y;
    mp.value = 0x3f800000;   // 1.0f in 4-byte elements
    mp.elementSize = 4;
    mp.width = n;
    mp.height = 1;
    CHECK(cudaGraphAddMemsetNode(&zero, g, nullptr, 0, &mp));
    void *add_args[] = { &y, &x, &nn };
    kp.func = (void *)add;
    kp.kernelParams = add_args;
    cudaGraphNode_t both[] = { sc, zero };
    CHECK(cudaGraphAddKernelNode(&ad, g, both, 2, &kp));
    CHECK(cudaGraphAddMemcpyNode1D(&d2h, g, &ad, 1, out.data(), y, bytes,
                                   cudaMemcpyDeviceToHost));
    cudaHostNodeParams hp = { on_host, &step };
    CHECK(cudaGraphAddHostNode(&host, g, nullptr, 0, &hp));
    CHECK(cudaGraphAddDependencies(g, &d2h, &host, nullptr, 1));
    EXPECT(cudaGraphAddDependencies(g, &host, &h2d, nullptr, 1) == cudaSuccess, "edge");

    size_t count = 0;
    CHECK(cudaGraphGetNodes(g, nullptr, &count));
    EXPECT(count == 6, "%zu nodes", count);
    enum cudaGraphNodeType type;
    CHECK(cudaGraphNodeGetType(zero, &type));
    EXPECT(type == cudaGraphNodeTypeMemset, "node type %d", (int)type);

    cudaGraphExec_t exec;
    // host -> h2d closes a cycle: refused; a fresh graph without that edge is built below
    EXPECT(cudaGraphInstantiate(&exec, g, 0) != cudaSuccess, "a cyclic graph instantiated");
    CHECK(cudaGraphDestroy(g));

    CHECK(cudaGraphCreate(&g, 0));
    a = 2.0f;
    kp.func = (void *)scale;
    kp.kernelParams = scale_args;
    CHECK(cudaGraphAddMemcpyNode1D(&h2d, g, nullptr, 0, x, in.data(), bytes,
                                   cudaMemcpyHostToDevice));
    CHECK(cudaGraphAddKernelNode(&sc, g, &h2d, 1, &kp));
    CHECK(cudaGraphAddMemsetNode(&zero, g, nullptr, 0, &mp));
    kp.func = (void *)add;
    kp.kernelParams = add_args;
    cudaGraphNode_t both2[] = { sc, zero };
    CHECK(cudaGraphAddKernelNode(&ad, g, both2, 2, &kp));
    CHECK(cudaGraphAddMemcpyNode1D(&d2h, g, &ad, 1, out.data(), y, bytes,
                                   cudaMemcpyDeviceToHost));
    CHECK(cudaGraphAddHostNode(&host, g, &d2h, 1, &hp));
    CHECK(cudaGraphInstantiate(&exec, g, 0));
    CHECK(cudaGraphDestroy(g));     // the executable graph is a snapshot

    for (int launch = 0; launch < 3; launch++) {
        for (int i = 0; i < n; i++) {
            in[i] = (float)(i * (launch + 1));
        }
        CHECK(cudaGraphLaunch(exec, 0));
        CHECK(cudaDeviceSynchronize());
        for (int i = 0; i < n; i++) {
            EXPECT(out[i] == 1.0f + 2.0f * in[i], "launch %d: out[%d] = %g", launch, i, out[i]);
        }
    }
    EXPECT(host_calls == 3, "host node ran %d times", host_calls);

    // the scale node of the executable graph, updated to 5x
    a = 5.0f;
    kp.func = (void *)scale;
    kp.kernelParams = scale_args;
    CHECK(cudaGraphExecKernelNodeSetParams(exec, sc, &kp));
    CHECK(cudaGraphLaunch(exec, 0));
    CHECK(cudaDeviceSynchronize());
    EXPECT(out[7] == 1.0f + 5.0f * in[7], "after the update: %g", out[7]);
    CHECK(cudaGraphExecDestroy(exec));
    EXPECT(cudaGraphLaunch(exec, 0) == cudaErrorInvalidValue, "a destroyed graph launched");
    cudaGetLastError();

    // capture: nothing runs until the graph is launched
    cudaStream_t s;
    cudaStreamCaptureStatus st;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaMemset(y, 0, bytes));
    for (int i = 0; i < n; i++) {
        in[i] = 1.0f + i;
    }
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusActive, "capture status %d", (int)st);
    CHECK(cudaMemcpyAsync(x, in.data(), bytes, cudaMemcpyHostToDevice, s));
    scale<<<(n + 127) / 128, 128, 0, s>>>(x, 3.0f, n);
    add<<<(n + 127) / 128, 128, 0, s>>>(y, x, n);
    CHECK(cudaMemcpyAsync(out.data(), y, bytes, cudaMemcpyDeviceToHost, s));
    CHECK(cudaLaunchHostFunc(s, on_host, &step));
    EXPECT(cudaStreamSynchronize(s) == cudaErrorStreamCaptureUnsupported, "sync while capturing");
    cudaGraph_t cg;
    CHECK(cudaStreamEndCapture(s, &cg));
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusNone, "capture status after the end %d", (int)st);
    std::vector<float> ycheck(n);
    CHECK(cudaMemcpy(ycheck.data(), y, bytes, cudaMemcpyDeviceToHost));
    EXPECT(ycheck[5] == 0.0f && host_calls == 4, "captured work ran during capture");
    CHECK(cudaGraphGetNodes(cg, nullptr, &count));
    EXPECT(count == 5, "%zu captured nodes", count);
    CHECK(cudaGraphInstantiate(&exec, cg, 0));
    for (int launch = 1; launch <= 2; launch++) {
        CHECK(cudaGraphLaunch(exec, s));
        CHECK(cudaStreamSynchronize(s));
        for (int i = 0; i < n; i++) {
            EXPECT(out[i] == 3.0f * in[i] * launch, "captured launch %d: out[%d] = %g", launch,
                   i, out[i]);
        }
    }
    EXPECT(host_calls == 6, "host function ran %d times", host_calls);
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(cg));

    // fork and join through events: s2 joins s's capture, both branches run
    // after the copy, the last node after both
    cudaStream_t s2;
    cudaEvent_t forked, joined;
    float *z;
    CHECK(cudaStreamCreate(&s2));
    CHECK(cudaEventCreate(&forked));
    CHECK(cudaEventCreate(&joined));
    CHECK(cudaMalloc(&z, bytes));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaMemcpyAsync(x, in.data(), bytes, cudaMemcpyHostToDevice, s));
    CHECK(cudaEventRecord(forked, s));
    CHECK(cudaStreamWaitEvent(s2, forked, 0));
    CHECK(cudaStreamIsCapturing(s2, &st));
    EXPECT(st == cudaStreamCaptureStatusActive, "the waiting stream did not join");
    {
        unsigned long long id1 = 0, id2 = 0, sid1 = 0, sid2 = 0;
        cudaGraph_t g1 = nullptr, g2 = nullptr;
        const cudaGraphNode_t *dep = nullptr;
        const cudaGraphEdgeData *edge = nullptr;
        size_t ndep = 0;
        CHECK(cudaStreamGetCaptureInfo(s, &st, &id1, &g1, nullptr, nullptr, nullptr));
        CHECK(cudaStreamGetCaptureInfo(s2, &st, &id2, &g2, &dep, &edge, &ndep));
        EXPECT(st == cudaStreamCaptureStatusActive && id1 == id2 && id1 && g1 == g2 && g1,
               "capture info of the joined stream");
        enum cudaGraphNodeType t;
        EXPECT(ndep == 1 && edge && edge[0].type == 0, "%zu dependencies", ndep);
        CHECK(cudaGraphNodeGetType(dep[0], &t));
        EXPECT(t == cudaGraphNodeTypeMemcpy, "the fork point is the copy: type %d", (int)t);
        CHECK(cudaStreamGetId(s, &sid1));
        CHECK(cudaStreamGetId(s2, &sid2));
        EXPECT(sid1 != sid2 && sid1 > 2 && sid2 > 2, "stream ids %llu %llu", sid1, sid2);
        cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
        CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
        EXPECT(mode == cudaStreamCaptureModeGlobal, "the thread's capture mode %d", (int)mode);
        CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
        EXPECT(mode == cudaStreamCaptureModeRelaxed, "mode swapped back %d", (int)mode);
    }
    CHECK(cudaMemsetAsync(y, 0, bytes, s));
    CHECK(cudaMemsetAsync(z, 0, bytes, s2));
    add<<<(n + 127) / 128, 128, 0, s>>>(y, x, n);      // y = x
    add<<<(n + 127) / 128, 128, 0, s2>>>(z, x, n);     // z = x
    scale<<<(n + 127) / 128, 128, 0, s2>>>(z, 4.0f, n);
    CHECK(cudaEventRecord(joined, s2));
    CHECK(cudaStreamWaitEvent(s, joined, 0));
    add<<<(n + 127) / 128, 128, 0, s>>>(y, z, n);      // y = x + 4x
    CHECK(cudaMemcpyAsync(out.data(), y, bytes, cudaMemcpyDeviceToHost, s));
    EXPECT(cudaStreamEndCapture(s2, &cg) == cudaErrorStreamCaptureUnmatched,
           "capture ended on the joined stream");
    cudaGetLastError();
    CHECK(cudaStreamEndCapture(s, &cg));
    CHECK(cudaStreamIsCapturing(s2, &st));
    EXPECT(st == cudaStreamCaptureStatusNone, "the joined stream still captures");
    CHECK(cudaGraphGetNodes(cg, nullptr, &count));
    EXPECT(count == 8, "%zu nodes in the fork/join capture", count);
    // the second branch's memset waits for the copy; the last add for both branches
    cudaGraphNode_t nodes[8], deps[4];
    CHECK(cudaGraphGetNodes(cg, nodes, &count));
    size_t nd = 4;
    CHECK(cudaGraphNodeGetDependencies(nodes[2], deps, nullptr, &nd));
    EXPECT(nd == 1 && deps[0] == nodes[0], "the forked memset: %zu dependencies", nd);
    nd = 4;
    CHECK(cudaGraphNodeGetDependencies(nodes[6], deps, nullptr, &nd));
    EXPECT(nd == 2 && ((deps[0] == nodes[3] && deps[1] == nodes[5]) ||
                       (deps[0] == nodes[5] && deps[1] == nodes[3])),
           "the joining add: %zu dependencies", nd);
    size_t nroots = 0;
    CHECK(cudaGraphGetRootNodes(cg, nullptr, &nroots));
    EXPECT(nroots == 1, "%zu roots", nroots);
    for (int i = 0; i < n; i++) {
        in[i] = 0.5f * i;
    }
    CHECK(cudaGraphInstantiate(&exec, cg, 0));
    CHECK(cudaGraphLaunch(exec, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i++) {
        EXPECT(out[i] == 5.0f * in[i], "fork/join: out[%d] = %g", i, out[i]);
    }
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(cg));
    CHECK(cudaEventDestroy(forked));
    CHECK(cudaEventDestroy(joined));
    CHECK(cudaStreamDestroy(s2));

    // a child graph (scale, then add) twice in a parent, between event nodes; a clone
    cudaGraph_t child, parent, copy;
    cudaGraphNode_t cs, ca, c1, c2, rec0, rec1, wait;
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    CHECK(cudaGraphCreate(&child, 0));
    float two = 2.0f;
    void *child_scale[] = { &y, &two, &nn };
    kp.func = (void *)scale;
    kp.gridDim = dim3((n + 255) / 256);
    kp.kernelParams = child_scale;
    CHECK(cudaGraphAddKernelNode(&cs, child, nullptr, 0, &kp));
    kp.func = (void *)add;
    kp.kernelParams = add_args;     // y += x
    CHECK(cudaGraphAddKernelNode(&ca, child, &cs, 1, &kp));
    CHECK(cudaGraphCreate(&parent, 0));
    CHECK(cudaGraphAddEventRecordNode(&rec0, parent, nullptr, 0, t0));
    CHECK(cudaGraphAddChildGraphNode(&c1, parent, &rec0, 1, child));
    CHECK(cudaGraphAddChildGraphNode(&c2, parent, &c1, 1, child));
    CHECK(cudaGraphAddEventWaitNode(&wait, parent, &c2, 1, t0));
    CHECK(cudaGraphAddEventRecordNode(&rec1, parent, &wait, 1, t1));
    CHECK(cudaGraphDestroy(child));     // the nodes hold their own copies
    CHECK(cudaGraphNodeGetType(c1, &type));
    EXPECT(type == cudaGraphNodeTypeGraph, "child node type %d", (int)type);
    CHECK(cudaGraphClone(&copy, parent));
    CHECK(cudaGraphDestroy(parent));
    CHECK(cudaGraphGetNodes(copy, nullptr, &count));
    EXPECT(count == 5, "%zu nodes in the clone", count);
    CHECK(cudaGraphInstantiate(&exec, copy, 0));
    for (int i = 0; i < n; i++) {
        out[i] = 1.0f;
        in[i] = (float)(i % 10);
    }
    CHECK(cudaMemcpy(y, out.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(x, in.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaGraphLaunch(exec, 0));
    CHECK(cudaMemcpy(out.data(), y, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        // y = 2(2 * 1 + x) + x
        EXPECT(out[i] == 4.0f + 3.0f * in[i], "child graphs: y[%d] = %g", i, out[i]);
    }
    float between = -1;
    CHECK(cudaEventElapsedTime(&between, t0, t1));
    EXPECT(between >= 0, "event nodes recorded nothing: %g", between);
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(copy));
    CHECK(cudaStreamDestroy(s));
    return pass();
}
