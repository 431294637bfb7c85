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
 *    writes them (report semaphores), converted to microseconds.
 * Prints "FIGURE: ..." lines; exits 1 if the device cannot be used.
 *
 * Usage: vk-bench [ROUNDS]   (default 200)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vulkan/vulkan.h>

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

static int device(Vk *vk)
{
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .apiVersion = VK_API_VERSION_1_1 };
    VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                 .pApplicationInfo = &app };
    VkQueueFamilyProperties qf[8];
    uint32_t count = 1, nqf = 8;
    VkInstance inst;
    float prio = 1.0f;

    VK(vkCreateInstance(&ici, NULL, &inst));
    VkResult r = vkEnumeratePhysicalDevices(inst, &count, &vk->pdev);
    if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count != 1) {
        return 1;
    }
    vkGetPhysicalDeviceQueueFamilyProperties(vk->pdev, &nqf, qf);
    vk->family = 0;                     /* NVK's first family: graphics, compute, transfer */
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

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
    double *lat, t0;
    Vk vk = { 0 };

    if (rounds < 2 || device(&vk)) {
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
    return timestamps(&vk);
}
