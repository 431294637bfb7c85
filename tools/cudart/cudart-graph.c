/*
 * CUDA graphs: graphs built node by node or captured from a stream,
 * instantiated and launched. Work completes at submission here, so a launch
 * runs the nodes one after the other in an order that respects every
 * dependency (creation order among the ready ones), which is one of the
 * orders CUDA allows. Instantiation takes a snapshot: later changes to the
 * graph do not reach an executable graph, whose kernel nodes can be updated
 * with cudaGraphExecKernelNodeSetParams. Kernel arguments are copied when a
 * node is made, as CUDA does; copies and host functions read their memory
 * when the node runs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "cudart-internal.h"

/* cudart-launch.c: event record nodes record as the API does */
CRT_EXPORT cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t s);

struct CUgraphNode_st {
    cudaGraph_t graph;
    enum cudaGraphNodeType type;
    GPtrArray *deps;                /* nodes of the same graph this one waits for */
    cudaGraphNode_t origin;         /* in an executable graph: the node it copies */
    union {
        struct {
            CrtFunc *f;
            dim3 grid, block;
            size_t shared;
            void *params;           /* the parameter bytes, laid out */
        } kernel;
        struct {
            void *dst;
            const void *src;
            size_t n;
            int kind;
        } copy;
        struct cudaMemsetParams fill;
        struct cudaHostNodeParams host;
        GPtrArray *child;           /* a child graph's snapshot: node copies in order */
        cudaEvent_t event;          /* event record and wait nodes */
    } u;
};

struct CUgraph_st {
    GPtrArray *nodes;               /* owned, in creation order */
};

struct CUgraphExec_st {
    GPtrArray *order;               /* owned copies, in execution order */
};

static void node_free(gpointer p)
{
    cudaGraphNode_t n = p;

    if (n->type == cudaGraphNodeTypeKernel) {
        g_free(n->u.kernel.params);
    } else if (n->type == cudaGraphNodeTypeGraph) {
        g_ptr_array_unref(n->u.child);
    }
    g_ptr_array_unref(n->deps);
    g_free(n);
}

static cudaError_t node_run(cudaGraphNode_t n);
static bool schedule(cudaGraph_t g, GPtrArray *order);
static cudaGraphNode_t node_copy(cudaGraphNode_t n);

static bool graph_valid(cudaGraph_t g)
{
    return g && g_hash_table_contains(crt.graphs, g);
}

static bool node_of(cudaGraph_t g, cudaGraphNode_t n)
{
    return n && g_ptr_array_find(g->nodes, n, NULL);
}

/* A new node of g after deps (all of g), or NULL with *e set. */
static cudaGraphNode_t node_new(cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps,
                                enum cudaGraphNodeType type, cudaError_t *e)
{
    cudaGraphNode_t n;

    *e = graph_valid(g) && (deps || !ndeps) ? cudaSuccess : cudaErrorInvalidValue;
    for (size_t i = 0; !*e && i < ndeps; i++) {
        if (!node_of(g, deps[i])) {
            *e = cudaErrorInvalidValue;
        }
    }
    if (*e) {
        return NULL;
    }
    n = g_new0(struct CUgraphNode_st, 1);
    n->graph = g;
    n->type = type;
    n->deps = g_ptr_array_new();
    for (size_t i = 0; i < ndeps; i++) {
        if (!g_ptr_array_find(n->deps, deps[i], NULL)) {
            g_ptr_array_add(n->deps, deps[i]);
        }
    }
    g_ptr_array_add(g->nodes, n);
    return n;
}

/* ---- what nodes do ---- */

static cudaError_t kernel_params(cudaGraphNode_t n, const void *arg)
{
    const struct cudaKernelNodeParams *p = arg;
    void *params;
    cudaError_t e;

    if (!p || p->extra) {
        return cudaErrorInvalidValue;   /* the "extra" argument format is not supported */
    }
    e = crt_launch_prepare(crt_func(p->func), p->gridDim, p->blockDim, p->kernelParams,
                           p->sharedMemBytes, &params);
    if (!e) {
        g_free(n->u.kernel.params);
        n->u.kernel.f = crt_func(p->func);
        n->u.kernel.grid = p->gridDim;
        n->u.kernel.block = p->blockDim;
        n->u.kernel.shared = p->sharedMemBytes;
        n->u.kernel.params = params;
    }
    return e;
}

static cudaError_t fill_params(cudaGraphNode_t n, const void *arg)
{
    const struct cudaMemsetParams *p = arg;
    size_t es = p ? p->elementSize : 0;

    if (!p || (es != 1 && es != 2 && es != 4) || !p->width || !p->height ||
        p->width > SIZE_MAX / es || (p->height > 1 && p->pitch < p->width * es)) {
        return cudaErrorInvalidValue;
    }
    n->u.fill = *p;
    return cudaSuccess;
}

static cudaError_t node_run(cudaGraphNode_t n)
{
    const struct cudaMemsetParams *f = &n->u.fill;

    switch (n->type) {
    case cudaGraphNodeTypeKernel:
        return crt_launch_params(n->u.kernel.f, n->u.kernel.grid, n->u.kernel.block,
                                 n->u.kernel.shared, n->u.kernel.params, 0);
    case cudaGraphNodeTypeMemcpy:
        return crt_copy((uint64_t)(uintptr_t)n->u.copy.dst, (uint64_t)(uintptr_t)n->u.copy.src,
                        n->u.copy.n, n->u.copy.kind);
    case cudaGraphNodeTypeMemset:
        return crt_fill((uint64_t)(uintptr_t)f->dst,
                        f->height > 1 ? f->pitch : f->width * f->elementSize, f->value,
                        f->elementSize, f->width * f->elementSize, f->height);
    case cudaGraphNodeTypeHost:
        crt_devlib_flush();     /* host work is a synchronisation point */
        n->u.host.fn(n->u.host.userData);
        return cudaSuccess;
    case cudaGraphNodeTypeGraph:
        for (guint i = 0; i < n->u.child->len && !crt.sticky; i++) {
            cudaError_t e = node_run(g_ptr_array_index(n->u.child, i));

            if (e) {
                return e;
            }
        }
        return cudaSuccess;
    case cudaGraphNodeTypeEventRecord:
        return g_hash_table_contains(crt.events, n->u.event) ? cudaEventRecord(n->u.event, NULL)
                                                             : cudaErrorInvalidResourceHandle;
    default:
        return cudaSuccess;     /* empty and event-wait nodes: the order already waits */
    }
}

/* ---- building graphs ---- */

CRT_EXPORT cudaError_t cudaGraphCreate(cudaGraph_t *g, unsigned flags);
cudaError_t cudaGraphCreate(cudaGraph_t *g, unsigned flags)
{
    crt_lock();
    if (!g || flags) {
        return crt_leave(cudaErrorInvalidValue);
    }
    *g = g_new0(struct CUgraph_st, 1);
    (*g)->nodes = g_ptr_array_new_with_free_func(node_free);
    g_hash_table_add(crt.graphs, *g);
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaGraphDestroy(cudaGraph_t g);
cudaError_t cudaGraphDestroy(cudaGraph_t g)
{
    crt_lock();
    if (!g || !g_hash_table_remove(crt.graphs, g)) {
        return crt_leave(cudaErrorInvalidValue);
    }
    g_ptr_array_unref(g->nodes);
    g_free(g);
    return crt_leave(cudaSuccess);
}

/* The API's node makers: a node of type after deps, set up from arg by setup (may be NULL). */
static cudaError_t add_node(cudaGraphNode_t *node, cudaGraph_t g, const cudaGraphNode_t *deps,
                            size_t ndeps, enum cudaGraphNodeType type,
                            cudaError_t (*setup)(cudaGraphNode_t n, const void *arg),
                            const void *arg)
{
    cudaError_t e = crt_enter();
    cudaGraphNode_t n = NULL;

    if (!e && !node) {
        e = cudaErrorInvalidValue;
    }
    if (!e && (n = node_new(g, deps, ndeps, type, &e)) && setup && (e = setup(n, arg))) {
        g_ptr_array_remove(g->nodes, n);
    }
    if (!e) {
        *node = n;
    }
    return crt_leave(e);
}

static cudaError_t copy_setup(cudaGraphNode_t n, const void *arg)
{
    n->u.copy = *(const typeof(n->u.copy) *)arg;
    return n->u.copy.dst && n->u.copy.src && n->u.copy.kind >= 0 && n->u.copy.kind <= 4
           ? cudaSuccess : cudaErrorInvalidValue;
}

static cudaError_t host_setup(cudaGraphNode_t n, const void *arg)
{
    const struct cudaHostNodeParams *p = arg;

    if (!p || !p->fn) {
        return cudaErrorInvalidValue;
    }
    n->u.host = *p;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *node, cudaGraph_t g,
                                              const cudaGraphNode_t *deps, size_t ndeps,
                                              const struct cudaKernelNodeParams *p);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *node, cudaGraph_t g,
                                   const cudaGraphNode_t *deps, size_t ndeps,
                                   const struct cudaKernelNodeParams *p)
{
    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeKernel, kernel_params, p);
}

CRT_EXPORT cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *node, cudaGraph_t g,
                                                const cudaGraphNode_t *deps, size_t ndeps,
                                                void *dst, const void *src, size_t n, int kind);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *node, cudaGraph_t g,
                                     const cudaGraphNode_t *deps, size_t ndeps, void *dst,
                                     const void *src, size_t count, int kind)
{
    struct CUgraphNode_st proto = { .u.copy = { dst, src, count, kind } };

    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeMemcpy, copy_setup, &proto.u.copy);
}

CRT_EXPORT cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *node, cudaGraph_t g,
                                              const cudaGraphNode_t *deps, size_t ndeps,
                                              const struct cudaMemsetParams *p);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *node, cudaGraph_t g,
                                   const cudaGraphNode_t *deps, size_t ndeps,
                                   const struct cudaMemsetParams *p)
{
    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeMemset, fill_params, p);
}

CRT_EXPORT cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *node, cudaGraph_t g,
                                            const cudaGraphNode_t *deps, size_t ndeps,
                                            const struct cudaHostNodeParams *p);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *node, cudaGraph_t g,
                                 const cudaGraphNode_t *deps, size_t ndeps,
                                 const struct cudaHostNodeParams *p)
{
    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeHost, host_setup, p);
}

/* A child graph is copied into its node, as CUDA clones it: later changes do not reach it. */
static cudaError_t child_setup(cudaGraphNode_t n, const void *arg)
{
    cudaGraph_t child = (cudaGraph_t)arg;

    if (!graph_valid(child) || child == n->graph) {
        return cudaErrorInvalidValue;
    }
    n->u.child = g_ptr_array_new_with_free_func(node_free);
    return schedule(child, n->u.child) ? cudaSuccess : cudaErrorInvalidValue;
}

static cudaError_t event_setup(cudaGraphNode_t n, const void *arg)
{
    n->u.event = (cudaEvent_t)arg;
    return g_hash_table_contains(crt.events, n->u.event) ? cudaSuccess
                                                         : cudaErrorInvalidResourceHandle;
}

CRT_EXPORT cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                  const cudaGraphNode_t *deps, size_t ndeps,
                                                  cudaGraph_t child);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *node, cudaGraph_t g,
                                       const cudaGraphNode_t *deps, size_t ndeps,
                                       cudaGraph_t child)
{
    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeGraph, child_setup, child);
}

CRT_EXPORT cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                   const cudaGraphNode_t *deps, size_t ndeps,
                                                   cudaEvent_t ev);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *node, cudaGraph_t g,
                                        const cudaGraphNode_t *deps, size_t ndeps,
                                        cudaEvent_t ev)
{
    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeEventRecord, event_setup, ev);
}

CRT_EXPORT cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                 const cudaGraphNode_t *deps, size_t ndeps,
                                                 cudaEvent_t ev);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *node, cudaGraph_t g,
                                      const cudaGraphNode_t *deps, size_t ndeps,
                                      cudaEvent_t ev)
{
    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeWaitEvent, event_setup, ev);
}

CRT_EXPORT cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *node, cudaGraph_t g,
                                             const cudaGraphNode_t *deps, size_t ndeps);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *node, cudaGraph_t g,
                                  const cudaGraphNode_t *deps, size_t ndeps)
{
    return add_node(node, g, deps, ndeps, cudaGraphNodeTypeEmpty, NULL, NULL);
}

/* Edge data (ports, types) is accepted and has no effect: every edge is a full dependency. */
CRT_EXPORT cudaError_t cudaGraphAddDependencies(cudaGraph_t g, const cudaGraphNode_t *from,
                                                const cudaGraphNode_t *to, const void *edges,
                                                size_t n);
cudaError_t cudaGraphAddDependencies(cudaGraph_t g, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, const void *edges, size_t n)
{
    crt_lock();
    if (!graph_valid(g) || (n && (!from || !to))) {
        return crt_leave(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < n; i++) {
        if (!node_of(g, from[i]) || !node_of(g, to[i]) || from[i] == to[i]) {
            return crt_leave(cudaErrorInvalidValue);
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (!g_ptr_array_find(to[i]->deps, from[i], NULL)) {
            g_ptr_array_add(to[i]->deps, from[i]);
        }
    }
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *count);
cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *count)
{
    crt_lock();
    if (!graph_valid(g) || !count) {
        return crt_leave(cudaErrorInvalidValue);
    }
    for (size_t i = 0; nodes && i < MIN(*count, (size_t)g->nodes->len); i++) {
        nodes[i] = g_ptr_array_index(g->nodes, i);
    }
    *count = nodes ? MIN(*count, (size_t)g->nodes->len) : g->nodes->len;
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *type);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *type)
{
    crt_lock();
    if (!node || !type || !graph_valid(node->graph) || !node_of(node->graph, node)) {
        return crt_leave(cudaErrorInvalidValue);
    }
    *type = node->type;
    return crt_leave(cudaSuccess);
}

/* Edge data is not kept: every edge reads back as a plain full dependency (zeroed data). */
CRT_EXPORT cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *deps,
                                                    void *edges, size_t *count);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *deps,
                                         void *edges, size_t *count)
{
    size_t n;

    crt_lock();
    if (!node || !count || !graph_valid(node->graph) || !node_of(node->graph, node) ||
        (edges && !deps)) {
        return crt_leave(cudaErrorInvalidValue);
    }
    n = deps ? MIN(*count, (size_t)node->deps->len) : node->deps->len;
    for (size_t i = 0; deps && i < n; i++) {
        deps[i] = g_ptr_array_index(node->deps, i);
    }
    if (edges) {
        memset(edges, 0, n * CRT_GRAPH_EDGE_BYTES);
    }
    *count = n;
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaGraphGetRootNodes(cudaGraph_t g, cudaGraphNode_t *roots,
                                             size_t *count);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t g, cudaGraphNode_t *roots, size_t *count)
{
    size_t n = 0;

    crt_lock();
    if (!graph_valid(g) || !count) {
        return crt_leave(cudaErrorInvalidValue);
    }
    for (guint i = 0; i < g->nodes->len; i++) {
        cudaGraphNode_t node = g_ptr_array_index(g->nodes, i);

        if (!node->deps->len) {
            if (roots && n < *count) {
                roots[n] = node;
            }
            n++;
        }
    }
    *count = roots ? MIN(n, *count) : n;
    return crt_leave(cudaSuccess);
}

/* ---- executable graphs ---- */

/* A copy of n without its dependencies (the caller sets them, or runs copies in order). */
static cudaGraphNode_t node_copy(cudaGraphNode_t n)
{
    cudaGraphNode_t c = g_memdup2(n, sizeof(*n));

    c->origin = n;
    c->deps = g_ptr_array_new();
    if (n->type == cudaGraphNodeTypeKernel) {
        c->u.kernel.params = g_memdup2(n->u.kernel.params,
                                       MAX(n->u.kernel.f->kernel.param_size, 1u));
    } else if (n->type == cudaGraphNodeTypeGraph) {
        c->u.child = g_ptr_array_new_with_free_func(node_free);
        for (guint i = 0; i < n->u.child->len; i++) {
            g_ptr_array_add(c->u.child, node_copy(g_ptr_array_index(n->u.child, i)));
        }
    }
    return c;
}

/* A new graph with copies of g's nodes and the same edges. */
CRT_EXPORT cudaError_t cudaGraphClone(cudaGraph_t *clone, cudaGraph_t g);
cudaError_t cudaGraphClone(cudaGraph_t *clone, cudaGraph_t g)
{
    g_autoptr(GHashTable) map = g_hash_table_new(NULL, NULL);
    cudaGraph_t c;

    crt_lock();
    if (!clone || !graph_valid(g)) {
        return crt_leave(cudaErrorInvalidValue);
    }
    crt_leave(cudaGraphCreate(&c, 0));
    crt_lock();
    for (guint i = 0; i < g->nodes->len; i++) {
        cudaGraphNode_t n = g_ptr_array_index(g->nodes, i), copy = node_copy(n);

        copy->graph = c;
        copy->origin = NULL;
        g_hash_table_insert(map, n, copy);
        g_ptr_array_add(c->nodes, copy);
    }
    for (guint i = 0; i < g->nodes->len; i++) {
        cudaGraphNode_t n = g_ptr_array_index(g->nodes, i);
        cudaGraphNode_t copy = g_hash_table_lookup(map, n);

        for (guint d = 0; d < n->deps->len; d++) {
            g_ptr_array_add(copy->deps, g_hash_table_lookup(map, g_ptr_array_index(n->deps, d)));
        }
    }
    *clone = c;
    return crt_leave(cudaSuccess);
}

/* Copies of g's nodes in an order where each follows its dependencies; false on a cycle. */
static bool schedule(cudaGraph_t g, GPtrArray *order)
{
    g_autoptr(GHashTable) done = g_hash_table_new(NULL, NULL);
    bool progress = true;

    while (order->len < g->nodes->len && progress) {
        progress = false;
        for (guint i = 0; i < g->nodes->len; i++) {
            cudaGraphNode_t n = g_ptr_array_index(g->nodes, i);
            bool ready = !g_hash_table_contains(done, n);

            for (guint d = 0; ready && d < n->deps->len; d++) {
                ready = g_hash_table_contains(done, g_ptr_array_index(n->deps, d));
            }
            if (ready) {
                g_hash_table_add(done, n);
                g_ptr_array_add(order, node_copy(n));
                progress = true;
                break;      /* the earliest ready node first */
            }
        }
    }
    return order->len == g->nodes->len;
}

static cudaError_t instantiate(cudaGraphExec_t *exec, cudaGraph_t g, unsigned long long flags)
{
    GPtrArray *order;

    crt_lock();
    if (!exec || !graph_valid(g)) {
        return crt_leave(cudaErrorInvalidValue);
    }
    order = g_ptr_array_new_with_free_func(node_free);
    if (!schedule(g, order)) {
        g_ptr_array_unref(order);
        return crt_leave(cudaErrorInvalidValue);    /* a dependency cycle */
    }
    *exec = g_new0(struct CUgraphExec_st, 1);
    (*exec)->order = order;
    g_hash_table_add(crt.execs, *exec);
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaGraphInstantiate(cudaGraphExec_t *exec, cudaGraph_t g,
                                            unsigned long long flags);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *exec, cudaGraph_t g, unsigned long long flags)
{
    return instantiate(exec, g, flags);
}

CRT_EXPORT cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *exec, cudaGraph_t g,
                                                     unsigned long long flags);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *exec, cudaGraph_t g,
                                          unsigned long long flags)
{
    return instantiate(exec, g, flags);
}

CRT_EXPORT cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec)
{
    crt_lock();
    if (!exec || !g_hash_table_remove(crt.execs, exec)) {
        return crt_leave(cudaErrorInvalidValue);
    }
    g_ptr_array_unref(exec->order);
    g_free(exec);
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec,
                                                        cudaGraphNode_t node,
                                                        const struct cudaKernelNodeParams *p);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *p)
{
    cudaError_t e = crt_enter();

    if (!e && (!exec || !g_hash_table_contains(crt.execs, exec))) {
        e = cudaErrorInvalidValue;
    }
    for (guint i = 0; !e && i < exec->order->len; i++) {
        cudaGraphNode_t c = g_ptr_array_index(exec->order, i);

        if (c->origin == node && c->type == cudaGraphNodeTypeKernel) {
            /* the same function only, as CUDA requires of an update */
            return crt_leave(p && crt_func(p->func) == c->u.kernel.f ? kernel_params(c, p)
                                                                     : cudaErrorInvalidValue);
        }
    }
    return crt_leave(e ? e : cudaErrorInvalidValue);
}

CRT_EXPORT cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t s);
cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e && (!exec || !g_hash_table_contains(crt.execs, exec) || !crt_stream_valid(s))) {
        e = cudaErrorInvalidValue;
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t s);
cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t s)
{
    cudaError_t e = crt_enter();

    if (!e && (!exec || !g_hash_table_contains(crt.execs, exec))) {
        e = cudaErrorInvalidValue;
    } else if (!e && !crt_stream_valid(s)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e && crt_capturing(s)) {
        e = cudaErrorStreamCaptureUnsupported;     /* graphs as child nodes: not built */
    }
    for (guint i = 0; !e && i < exec->order->len && !crt.sticky; i++) {
        e = node_run(g_ptr_array_index(exec->order, i));
    }
    return crt_leave(e);
}

/* ---- stream capture ---- */

bool crt_capturing(cudaStream_t s)
{
    return s && g_hash_table_contains(crt.streams, s) && s->capture;
}

/* Appends n to the capture of s: it depends on what s captured last (and joined). */
static void capture_append(cudaStream_t s, cudaGraphNode_t n)
{
    for (guint i = 0; i < s->capture_deps->len; i++) {
        g_ptr_array_add(n->deps, g_ptr_array_index(s->capture_deps, i));
    }
    g_ptr_array_set_size(s->capture_deps, 0);
    g_ptr_array_add(s->capture_deps, n);
}

static void capture_start(cudaStream_t s, cudaGraph_t g, unsigned long long id, GPtrArray *deps,
                          bool origin)
{
    s->capture = g;
    s->capture_id = id;
    s->capture_deps = deps ? g_ptr_array_copy(deps, NULL, NULL) : g_ptr_array_new();
    s->capture_origin = origin;
}

static void capture_stop(cudaStream_t s)
{
    g_ptr_array_unref(s->capture_deps);
    s->capture = NULL;
    s->capture_deps = NULL;
}

void crt_capture_record(cudaStream_t s, cudaEvent_t ev)
{
    if (ev->capture_deps) {
        g_ptr_array_unref(ev->capture_deps);
    }
    ev->capture = s->capture;
    ev->capture_deps = g_ptr_array_copy(s->capture_deps, NULL, NULL);
}

cudaError_t crt_capture_wait(cudaStream_t s, cudaEvent_t ev)
{
    if (!s || !g_hash_table_contains(crt.streams, s)) {
        return cudaErrorStreamCaptureImplicit;  /* the legacy stream cannot join */
    }
    if (!s->capture) {
        cudaStream_t from = NULL;
        GHashTableIter it;
        gpointer other;

        /* the same sequence number as the stream whose capture it joins */
        g_hash_table_iter_init(&it, crt.streams);
        while (!from && g_hash_table_iter_next(&it, &other, NULL)) {
            from = ((cudaStream_t)other)->capture == ev->capture ? other : NULL;
        }
        capture_start(s, ev->capture, from ? from->capture_id : 0, ev->capture_deps, false);
        return cudaSuccess;
    }
    if (s->capture != ev->capture) {
        return cudaErrorStreamCaptureMerge;      /* two captures cannot merge */
    }
    for (guint i = 0; i < ev->capture_deps->len; i++) {
        gpointer n = g_ptr_array_index(ev->capture_deps, i);

        if (!g_ptr_array_find(s->capture_deps, n, NULL)) {
            g_ptr_array_add(s->capture_deps, n);
        }
    }
    return cudaSuccess;
}

static cudaGraphNode_t capture_node(cudaStream_t s, enum cudaGraphNodeType type)
{
    cudaError_t e;
    cudaGraphNode_t n = node_new(s->capture, NULL, 0, type, &e);

    capture_append(s, n);
    return n;
}

cudaError_t crt_capture_kernel(cudaStream_t s, CrtFunc *f, dim3 grid, dim3 block, size_t shared,
                               void *params)
{
    cudaGraphNode_t n = capture_node(s, cudaGraphNodeTypeKernel);

    n->u.kernel.f = f;
    n->u.kernel.grid = grid;
    n->u.kernel.block = block;
    n->u.kernel.shared = shared;
    n->u.kernel.params = params;
    return cudaSuccess;
}

cudaError_t crt_capture_copy(cudaStream_t s, uint64_t dst, uint64_t src, size_t len, int kind)
{
    cudaGraphNode_t n = capture_node(s, cudaGraphNodeTypeMemcpy);

    n->u.copy.dst = (void *)(uintptr_t)dst;
    n->u.copy.src = (const void *)(uintptr_t)src;
    n->u.copy.n = len;
    n->u.copy.kind = kind;
    return cudaSuccess;
}

cudaError_t crt_capture_fill(cudaStream_t s, uint64_t dst, size_t pitch, int value,
                             size_t width, size_t height)
{
    cudaGraphNode_t n = capture_node(s, cudaGraphNodeTypeMemset);

    n->u.fill = (struct cudaMemsetParams){
        .dst = (void *)(uintptr_t)dst, .pitch = pitch, .value = (uint8_t)value,
        .elementSize = 1, .width = width, .height = height,
    };
    return cudaSuccess;
}

cudaError_t crt_capture_host(cudaStream_t s, cudaHostFn_t fn, void *data)
{
    cudaGraphNode_t n = capture_node(s, cudaGraphNodeTypeHost);

    n->u.host = (struct cudaHostNodeParams){ fn, data };
    return cudaSuccess;
}

/* Every capture mode behaves alike: only work on the capturing stream is captured. */
CRT_EXPORT cudaError_t cudaStreamBeginCapture(cudaStream_t s, int mode);
cudaError_t cudaStreamBeginCapture(cudaStream_t s, int mode)
{
    cudaError_t e = crt_enter();
    cudaGraph_t g;

    if (!e && (!s || !g_hash_table_contains(crt.streams, s))) {
        /* the legacy default stream cannot capture */
        e = crt_stream_valid(s) ? cudaErrorStreamCaptureUnsupported
                                : cudaErrorInvalidResourceHandle;
    } else if (!e && (s->capture || mode < 0 || mode > 2)) {
        e = s->capture ? cudaErrorIllegalState : cudaErrorInvalidValue;
    }
    if (e) {
        return crt_leave(e);
    }
    static unsigned long long captures;

    crt_leave(cudaGraphCreate(&g, 0));
    crt_lock();
    capture_start(s, g, ++captures, NULL, true);
    return crt_leave(cudaSuccess);
}

CRT_EXPORT cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *graph);
cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *graph)
{
    cudaError_t e = crt_enter();

    if (!e && !graph) {
        e = cudaErrorInvalidValue;
    } else if (!e && !crt_capturing(s)) {
        e = crt_stream_valid(s) ? cudaErrorIllegalState : cudaErrorInvalidResourceHandle;
    } else if (!e && !s->capture_origin) {
        e = cudaErrorStreamCaptureUnmatched;    /* end it where it began */
    }
    if (!e) {
        GHashTableIter it;
        gpointer other;

        *graph = s->capture;
        /* the streams that joined it leave it too */
        g_hash_table_iter_init(&it, crt.streams);
        while (g_hash_table_iter_next(&it, &other, NULL)) {
            if (other != s && ((cudaStream_t)other)->capture == *graph) {
                capture_stop(other);
            }
        }
        capture_stop(s);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *st);
cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *st)
{
    cudaError_t e = crt_enter();

    if (!e && !st) {
        e = cudaErrorInvalidValue;
    } else if (!e && !crt_stream_valid(s)) {
        e = cudaErrorInvalidResourceHandle;
    } else if (!e) {
        *st = crt_capturing(s) ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    }
    return crt_leave(e);
}

/*
 * The state of a stream's capture: its sequence number, graph and the nodes
 * its next work will depend on (valid until the next call that captures on
 * it), with zeroed (default) edge data.
 */
CRT_EXPORT cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s,
                                                enum cudaStreamCaptureStatus *status,
                                                unsigned long long *id, cudaGraph_t *graph,
                                                const cudaGraphNode_t **deps,
                                                const void **edges, size_t *ndeps);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s, enum cudaStreamCaptureStatus *status,
                                     unsigned long long *id, cudaGraph_t *graph,
                                     const cudaGraphNode_t **deps, const void **edges,
                                     size_t *ndeps)
{
    cudaError_t e = crt_enter();
    bool on;

    if (!e && !status) {
        e = cudaErrorInvalidValue;
    } else if (!e && !crt_stream_valid(s)) {
        e = cudaErrorInvalidResourceHandle;
    }
    if (e) {
        return crt_leave(e);
    }
    on = crt_capturing(s);
    *status = on ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    if (!on) {
        return crt_leave(cudaSuccess);      /* the other outputs are left alone */
    }
    if (id) {
        *id = s->capture_id;
    }
    if (graph) {
        *graph = s->capture;
    }
    if (deps) {
        *deps = (const cudaGraphNode_t *)s->capture_deps->pdata;
    }
    if (edges) {
        if (!s->capture_edges) {
            s->capture_edges = g_array_new(false, true, CRT_GRAPH_EDGE_BYTES);
        }
        g_array_set_size(s->capture_edges, 0);
        g_array_set_size(s->capture_edges, s->capture_deps->len);
        *edges = s->capture_edges->data;
    }
    if (ndeps) {
        *ndeps = s->capture_deps->len;
    }
    return crt_leave(cudaSuccess);
}

/* Capture modes have no effect here (every capture is relaxed); the thread's mode is kept. */
CRT_EXPORT cudaError_t cudaThreadExchangeStreamCaptureMode(int *mode);
cudaError_t cudaThreadExchangeStreamCaptureMode(int *mode)
{
    static __thread int thread_mode;
    int old;

    if (!mode || *mode < 0 || *mode > 2) {
        return cudaErrorInvalidValue;
    }
    old = thread_mode;
    thread_mode = *mode;
    *mode = old;
    return cudaSuccess;
}
