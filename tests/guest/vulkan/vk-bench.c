/*
 * vk-bench: what a Vulkan application in the guest sees of the GPU's
 * latency (built by scripts/build-guest.sh, run by tests/guest/bench.sh,
 * `make bench`). Figures, not checks:
 *  - submit-to-fence round trip of an empty command buffer (median and
 *    spread over ROUNDS submissions, waited for one by one): the guest
 *    driver, the kernel's job, the GPFIFO, the host's semaphore release
 *    and the interrupt back;
 *  - submissions per second of the same, back to back;
 *  - the GPU's own view: two timestamps written around nothing, as NVK
 *    writes them (report semaphores), converted to microseconds;
 *  - with --compute, where Mesa's lavapipe is a second device: the same
 *    two compute shaders (an ALU-bound loop, the shape of make bench's
 *    alu.cu, and saxpy) dispatched on NVK and on lavapipe, the median wall
 *    time of each, their ratio and whether the results agree. Lavapipe
 *    runs on the guest's CPU, which TCG emulates; the model's SM runs on
 *    the host's cores, so this is what a guest sees, not the two
 *    implementations' own speeds (make bench has those).
 * Prints "FIGURE: ..." lines; exits 1 if the device cannot be used.
 *
 * Usage: vk-bench [ROUNDS] [--compute]   (default 200)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vulkan/vulkan.h>

#include "vk-device.h"
#include "bench_alu_spv.h"
#include "bench_saxpy_spv.h"

#define VK(call) do { VkResult r_ = (call); if (r_ != VK_SUCCESS) { \
    fprintf(stderr, "vk-bench: %s: %d\n", #call, r_); return 1; } } while (0)

static double now_us(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

typedef struct Vk {
    VkPhysicalDevice pdev;
    VkDevice dev;
    VkQueue queue;
    VkCommandBuffer cb;
    VkFence fence;
    uint32_t family;
} Vk;

static int device(Vk *vk, VkPhysicalDevice pdev)
{
    VkQueueFamilyProperties qf[8];
    uint32_t nqf = 8;
    float prio = 1.0f;

    if (!pdev) {
        return 1;
    }
    vk->pdev = pdev;
    vkGetPhysicalDeviceQueueFamilyProperties(vk->pdev, &nqf, qf);
    vk->family = 0;                     /* the first family: graphics, compute, transfer */
    VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                    .queueFamilyIndex = vk->family, .queueCount = 1,
                                    .pQueuePriorities = &prio };
    VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                               .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci };
    VK(vkCreateDevice(vk->pdev, &dci, NULL, &vk->dev));
    vkGetDeviceQueue(vk->dev, vk->family, 0, &vk->queue);
    VkCommandPoolCreateInfo pci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .queueFamilyIndex = vk->family };
    VkCommandPool pool;
    VK(vkCreateCommandPool(vk->dev, &pci, NULL, &pool));
    VkCommandBufferAllocateInfo cai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                        .commandBufferCount = 1 };
    VK(vkAllocateCommandBuffers(vk->dev, &cai, &vk->cb));
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    VK(vkCreateFence(vk->dev, &fci, NULL, &vk->fence));
    return 0;
}

static VkResult submit(const Vk *vk, bool wait)
{
    VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                        .pCommandBuffers = &vk->cb };
    VkResult r = vkQueueSubmit(vk->queue, 1, &si, wait ? vk->fence : VK_NULL_HANDLE);

    if (r == VK_SUCCESS && wait) {
        r = vkWaitForFences(vk->dev, 1, &vk->fence, VK_TRUE, 10000000000ull);
        vkResetFences(vk->dev, 1, &vk->fence);
    }
    return r;
}

static int timestamps(const Vk *vk)
{
    VkQueryPoolCreateInfo qpi = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                  .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = 2 };
    VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
    VkPhysicalDeviceProperties props;
    VkQueryPool qp;
    uint64_t t[2];

    vkGetPhysicalDeviceProperties(vk->pdev, &props);
    VK(vkCreateQueryPool(vk->dev, &qpi, NULL, &qp));
    VK(vkBeginCommandBuffer(vk->cb, &bi));
    vkCmdResetQueryPool(vk->cb, qp, 0, 2);
    vkCmdWriteTimestamp(vk->cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, qp, 0);
    vkCmdWriteTimestamp(vk->cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 1);
    VK(vkEndCommandBuffer(vk->cb));
    VK(submit(vk, true));
    VK(vkGetQueryPoolResults(vk->dev, qp, 0, 2, sizeof(t), t, 8,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
    printf("FIGURE: GPU time between two timestamps around nothing: %.3f us\n",
           (double)(t[1] - t[0]) * props.limits.timestampPeriod / 1e3);
    return 0;
}

/* ---- compute: NVK against lavapipe ---- */

#define ALU_INVOCATIONS     16384
#define ALU_ITERS           1024
#define SAXPY_N             (4u << 20)
#define COMPUTE_RUNS        3           /* timed, after one warm-up */
#define LOCAL_SIZE          64

typedef struct Push {
    uint32_t iters;
    float a;
    uint32_t n;
} Push;

/* A mapped buffer of size bytes, in memory that is device-local where the device has such. */
static int buffer(const Vk *vk, VkDeviceSize size, VkBuffer *buf, void **map)
{
    VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size,
                              .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT };
    VkPhysicalDeviceMemoryProperties mp;
    VkMemoryRequirements req;
    VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                 VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = UINT32_MAX;
    VkDeviceMemory mem;

    VK(vkCreateBuffer(vk->dev, &bi, NULL, buf));
    vkGetBufferMemoryRequirements(vk->dev, *buf, &req);
    vkGetPhysicalDeviceMemoryProperties(vk->pdev, &mp);
    for (int pass = 0; pass < 2 && type == UINT32_MAX; pass++) {
        VkMemoryPropertyFlags want = host | (pass ? 0 : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);

        for (uint32_t i = 0; i < mp.memoryTypeCount && type == UINT32_MAX; i++) {
            if ((req.memoryTypeBits >> i & 1) &&
                (mp.memoryTypes[i].propertyFlags & want) == want &&
                mp.memoryHeaps[mp.memoryTypes[i].heapIndex].size >= req.size) {
                type = i;
            }
        }
    }
    if (type == UINT32_MAX) {
        return 1;
    }
    VkMemoryAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = req.size, .memoryTypeIndex = type };
    VK(vkAllocateMemory(vk->dev, &ai, NULL, &mem));
    VK(vkBindBufferMemory(vk->dev, *buf, mem, 0));
    VK(vkMapMemory(vk->dev, mem, 0, size, 0, map));
    return 0;
}

/*
 * Runs the shader code over groups workgroups with buffers b0 (and b1) and
 * push constants p, once to warm up and COMPUTE_RUNS times timed: the
 * median wall time of a submission, in milliseconds (< 0: it failed).
 */
static double dispatch(const Vk *vk, const uint32_t *code, size_t size, VkBuffer b0,
                       VkBuffer b1, const Push *p, uint32_t groups)
{
    VkDescriptorSetLayoutBinding bind[2] = {
        { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
        { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
    };
    VkDescriptorSetLayoutCreateInfo dli = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 2,
        .pBindings = bind };
    VkPushConstantRange pr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(*p) };
    VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 };
    VkDescriptorPoolCreateInfo dpi = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                       .maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &ps };
    VkShaderModuleCreateInfo smi = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                     .codeSize = size, .pCode = code };
    VkCommandBufferBeginInfo cbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
    VkDescriptorSetLayout dsl;
    VkPipelineLayout pl;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    VkShaderModule sm;
    VkPipeline pipe;
    double t[COMPUTE_RUNS];

    if (vkCreateDescriptorSetLayout(vk->dev, &dli, NULL, &dsl) ||
        vkCreatePipelineLayout(vk->dev, &(VkPipelineLayoutCreateInfo){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
            .pSetLayouts = &dsl, .pushConstantRangeCount = 1, .pPushConstantRanges = &pr },
            NULL, &pl) ||
        vkCreateDescriptorPool(vk->dev, &dpi, NULL, &pool) ||
        vkAllocateDescriptorSets(vk->dev, &(VkDescriptorSetAllocateInfo){
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool,
            .descriptorSetCount = 1, .pSetLayouts = &dsl }, &set) ||
        vkCreateShaderModule(vk->dev, &smi, NULL, &sm) ||
        vkCreateComputePipelines(vk->dev, VK_NULL_HANDLE, 1, &(VkComputePipelineCreateInfo){
            .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
            .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                       .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = sm, .pName = "main" },
            .layout = pl }, NULL, &pipe)) {
        return -1;
    }
    VkDescriptorBufferInfo dbi[2] = { { b0, 0, VK_WHOLE_SIZE }, { b1 ? b1 : b0, 0, VK_WHOLE_SIZE } };
    VkWriteDescriptorSet wr[2];
    for (int i = 0; i < 2; i++) {
        wr[i] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                        .dstSet = set, .dstBinding = (uint32_t)i,
                                        .descriptorCount = 1,
                                        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                        .pBufferInfo = &dbi[i] };
    }
    vkUpdateDescriptorSets(vk->dev, 2, wr, 0, NULL);
    if (vkBeginCommandBuffer(vk->cb, &cbi)) {
        return -1;
    }
    vkCmdBindPipeline(vk->cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(vk->cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
    vkCmdPushConstants(vk->cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(*p), p);
    vkCmdDispatch(vk->cb, groups, 1, 1);
    if (vkEndCommandBuffer(vk->cb) || submit(vk, true)) {
        return -1;
    }
    for (int i = 0; i < COMPUTE_RUNS; i++) {
        double t0 = now_us();

        if (submit(vk, true)) {
            return -1;
        }
        t[i] = (now_us() - t0) / 1e3;
    }
    qsort(t, COMPUTE_RUNS, sizeof(t[0]), cmp_double);
    return t[COMPUTE_RUNS / 2];
}

/* One device's figures: wall times (ms) of the two shaders and their results. */
typedef struct Run {
    double alu_ms, saxpy_ms;
    uint32_t *alu_out;          /* ALU_INVOCATIONS words */
    float *saxpy_out;           /* SAXPY_N floats, after 1 + COMPUTE_RUNS passes */
} Run;

static int run_compute(VkPhysicalDevice pdev, Run *run)
{
    Vk vk = { 0 };
    VkBuffer out, x, y;
    void *out_map, *x_map, *y_map;
    Push alu = { .iters = ALU_ITERS }, saxpy = { .a = 0.5f, .n = SAXPY_N };

    if (device(&vk, pdev) || buffer(&vk, ALU_INVOCATIONS * 4, &out, &out_map) ||
        buffer(&vk, SAXPY_N * 4, &x, &x_map) || buffer(&vk, SAXPY_N * 4, &y, &y_map)) {
        return 1;
    }
    for (uint32_t i = 0; i < SAXPY_N; i++) {
        ((float *)x_map)[i] = (float)(i % 1000) * 0.25f;
        ((float *)y_map)[i] = (float)(i % 77);
    }
    run->alu_ms = dispatch(&vk, bench_alu_spv, sizeof(bench_alu_spv), out, VK_NULL_HANDLE,
                           &alu, ALU_INVOCATIONS / LOCAL_SIZE);
    run->saxpy_ms = dispatch(&vk, bench_saxpy_spv, sizeof(bench_saxpy_spv), y, x, &saxpy,
                             SAXPY_N / LOCAL_SIZE);
    run->alu_out = malloc(ALU_INVOCATIONS * 4);
    run->saxpy_out = malloc(SAXPY_N * 4);
    memcpy(run->alu_out, out_map, ALU_INVOCATIONS * 4);
    memcpy(run->saxpy_out, y_map, SAXPY_N * 4);
    return run->alu_ms < 0 || run->saxpy_ms < 0;
}

static unsigned differing(const void *a, const void *b, unsigned words)
{
    unsigned n = 0;

    for (unsigned i = 0; i < words; i++) {
        n += memcmp((const uint32_t *)a + i, (const uint32_t *)b + i, 4) != 0;
    }
    return n;
}

static int compute_figures(VkInstance inst)
{
    Run nvk, lvp;

    if (run_compute(vk_device_of(inst, VK_DRIVER_ID_MESA_NVK), &nvk) ||
        run_compute(vk_device_of(inst, VK_DRIVER_ID_MESA_LLVMPIPE), &lvp)) {
        fprintf(stderr, "vk-bench: the compute shaders did not run on NVK and lavapipe\n");
        return 1;
    }
    printf("FIGURE: compute, ALU-bound shader (%u invocations x %u iterations): NVK %.1f ms, "
           "lavapipe %.1f ms (median of %d): lavapipe / NVK %.2f; %u of %u results differ\n",
           ALU_INVOCATIONS, ALU_ITERS, nvk.alu_ms, lvp.alu_ms, COMPUTE_RUNS,
           lvp.alu_ms / nvk.alu_ms, differing(nvk.alu_out, lvp.alu_out, ALU_INVOCATIONS),
           ALU_INVOCATIONS);
    printf("FIGURE: compute, saxpy over %u floats: NVK %.1f ms, lavapipe %.1f ms (median of %d): "
           "lavapipe / NVK %.2f; %u of %u results differ\n", SAXPY_N, nvk.saxpy_ms,
           lvp.saxpy_ms, COMPUTE_RUNS, lvp.saxpy_ms / nvk.saxpy_ms,
           differing(nvk.saxpy_out, lvp.saxpy_out, SAXPY_N), SAXPY_N);
    return 0;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    bool compute = argc > 2 && !strcmp(argv[2], "--compute");
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .apiVersion = VK_API_VERSION_1_1 };
    VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                 .pApplicationInfo = &app };
    VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
    VkInstance inst;
    double *lat, t0;
    Vk vk = { 0 };

    if (rounds < 2 || vkCreateInstance(&ici, NULL, &inst) ||
        device(&vk, vk_device_of(inst, VK_DRIVER_ID_MESA_NVK))) {
        fprintf(stderr, "vk-bench: no usable Vulkan device\n");
        return 1;
    }
    lat = calloc((size_t)rounds, sizeof(*lat));
    VK(vkBeginCommandBuffer(vk.cb, &bi));
    VK(vkEndCommandBuffer(vk.cb));
    VK(submit(&vk, true));                      /* warm up */
    for (int i = 0; i < rounds; i++) {
        t0 = now_us();
        VK(submit(&vk, true));
        lat[i] = now_us() - t0;
    }
    qsort(lat, (size_t)rounds, sizeof(*lat), cmp_double);
    printf("FIGURE: submit-to-fence round trip, empty command buffer: median %.0f us "
           "(min %.0f, 90th percentile %.0f; %d submissions)\n",
           lat[rounds / 2], lat[0], lat[rounds * 9 / 10], rounds);
    t0 = now_us();
    for (int i = 0; i < rounds - 1; i++) {
        VK(submit(&vk, false));
    }
    VK(submit(&vk, true));
    printf("FIGURE: empty submissions back to back: %.0f per second\n",
           rounds / ((now_us() - t0) / 1e6));
    if (timestamps(&vk)) {
        return 1;
    }
    return compute ? compute_figures(inst) : 0;
}
