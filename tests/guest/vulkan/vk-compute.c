/*
 * vk-compute: in-guest Vulkan compute test through NVK (built by
 * scripts/build-guest.sh against the Vulkan loader, run by
 * tests/guest/vulkan.sh). vadd.comp (compiled to SPIR-V at image build, then
 * by NVK's compiler to sm_75 SASS) adds two 4096-float buffers in
 * host-visible memory; one vkCmdDispatch, a fence wait bounded at 30 s, and
 * every sum checked, the words past them untouched. Then the transfer
 * commands into a fourth buffer: vkCmdFillBuffer, vkCmdUpdateBuffer and a
 * vkCmdCopyBuffer of sums, every word checked. Then reduce.comp: the sum of
 * 65659 uints by workgroup trees in shared memory (barriers) and one
 * atomicAdd per workgroup, checked against the CPU's sum. Then mix.comp:
 * division by a variable, a dynamically indexed local array, subgroup add,
 * broadcast and ballot, sqrt/exp2/sin, each result checked (the float
 * functions within Vulkan's precision). Then mix2.comp over a 2-D dispatch:
 * 64-bit integers, doubles, bit operations, a divergent loop, shared and
 * global atomics (add, min, xor, compare-and-swap). Then mix3.comp: subgroup
 * shuffles and votes, rounding and conversions, min/max/clamp, selects, and
 * a compare-and-swap on shared memory. Then mix4.comp: 16- and 8-bit
 * integers and 16-bit stores (NVK has no 16-bit floats on Turing). Then
 * img.comp: images in optimal (block-linear) tiling filled by
 * vkCmdCopyBufferToImage, read with texelFetch and textureLod (nearest and
 * bilinear with repeat), a storage image loaded and stored in place and
 * one counted into with imageAtomicAdd, read back with
 * vkCmdCopyImageToBuffer. Then img2.comp: a 2D array and a 3D image
 * (texelFetch, nearest, linear between slices) and the clamp-to-border and
 * mirrored-repeat address modes, textureSize, mipmaps, cube maps and cube
 * map arrays. Then img4.comp: explicit gradients and texel offsets. Then
 * img3.comp: depth images read, compared through shadow samplers and
 * gathered; all against the CPU.
 * One PASS:/FAIL: line per check; exit status 1 if a check failed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "../guest-report.h"
#include "mix2_spv.h"
#include "mix3_spv.h"
#include "mix4_spv.h"
#include "mix_spv.h"
#include "img2_spv.h"
#include "img3_spv.h"
#include "img4_spv.h"
#include "img_spv.h"
#include "reduce_spv.h"
#include "runaway_spv.h"
#include "vadd_spv.h"

#define N           4096u
#define EXTRA       64u             /* words past n in c that must stay untouched */
#define GROUP       64u             /* local_size_x of vadd.comp */
#define FILL        0xdeadbeefu
#define FENCE_NS    30000000000ull
#define RUNAWAY_NS  120000000000ull     /* the watchdog, then nouveau's job timeout */
#define FILL_WORD   0x0badf00du     /* vkCmdFillBuffer's value */
#define UPD_AT      256u            /* vkCmdUpdateBuffer: words at UPD_AT.. */
#define UPD_WORDS   64u
#define COPY_AT     1024u           /* vkCmdCopyBuffer: c[0..COPY_WORDS) to d[COPY_AT..] */
#define COPY_WORDS  1024u
#define RED_N       65659u          /* reduce.comp's input: a partial last workgroup */
#define MIX_N       4096u           /* mix.comp: invocations, 8 result words each */
#define MIX2_ROWS   2u              /* mix2.comp: MIX_N invocations per row of workgroups */
#define MIX2_N      (MIX_N * MIX2_ROWS)



/* Stops the test at the first Vulkan call that fails. */
#define VK(call)                                                            \
    do {                                                                    \
        VkResult r_ = (call);                                               \
        if (r_ != VK_SUCCESS) {                                             \
            report(false, "%s: VkResult %d", #call, r_);                   \
            return 1;                                                       \
        }                                                                   \
    } while (0)

typedef struct Buf {
    VkBuffer buf;
    VkDeviceMemory mem;
    uint32_t *map;
} Buf;

/* The first memory type of bits with the properties want; UINT32_MAX if none. */
static uint32_t mem_type(const VkPhysicalDeviceMemoryProperties *mp, uint32_t bits,
                         VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < mp->memoryTypeCount; i++) {
        if ((bits & (1u << i)) && (mp->memoryTypes[i].propertyFlags & want) == want) {
            return i;
        }
    }
    return UINT32_MAX;
}

/* A host-visible, coherent storage buffer of words, mapped. */
static VkResult buf_new(VkDevice dev, const VkPhysicalDeviceMemoryProperties *mp,
                        uint32_t words, Buf *b)
{
    VkBufferCreateInfo bi = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = words * 4ull,
        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkMemoryRequirements req;
    VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                 VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    VkResult r = vkCreateBuffer(dev, &bi, NULL, &b->buf);

    if (r != VK_SUCCESS) {
        return r;
    }
    vkGetBufferMemoryRequirements(dev, b->buf, &req);
    uint32_t type = mem_type(mp, req.memoryTypeBits, want);
    if (type == UINT32_MAX) {
        return VK_ERROR_FEATURE_NOT_PRESENT;
    }
    VkMemoryAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = req.size, .memoryTypeIndex = type };
    if ((r = vkAllocateMemory(dev, &ai, NULL, &b->mem)) != VK_SUCCESS ||
        (r = vkBindBufferMemory(dev, b->buf, b->mem, 0)) != VK_SUCCESS) {
        return r;
    }
    return vkMapMemory(dev, b->mem, 0, VK_WHOLE_SIZE, 0, (void **)&b->map);
}

static uint32_t upd_word(uint32_t i) { return 0x5eed0000u + i * 3; }
static uint32_t red_word(uint32_t i) { return (i * 7 + 3) % 1000; }
static uint32_t mix_word(uint32_t i) { return i * 2654435761u >> 7; }

static float as_float(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

/* mix.comp's eight results for invocation i, as the CPU computes them. */
static void mix_expect(const uint32_t *v, uint32_t i, uint32_t sg, uint32_t want[8],
                       float fwant[2])
{
    uint32_t x = v[i], d = x % 13 + 1, first = i / sg * sg, sum = 0, ballot = 0;

    for (uint32_t l = 0; l < sg; l++) {
        sum += v[first + l];
        ballot |= (uint32_t)(v[first + l] % 3 == 0) << l;
    }
    want[0] = x / d;
    want[1] = x % d;
    want[2] = x * (x & 15) + i;
    want[3] = sum;
    want[4] = v[first];
    want[5] = ballot;
    float f = (float)(x % 1000) / 100.0f;
    fwant[0] = sqrtf(f);
    fwant[1] = exp2f(f * 0.1f) + sinf(f);
}

static uint32_t mix2_word(uint32_t i) { return mix_word(i) | 1; }

/* mix2.comp's first five results and its row for invocation i (x != 0). */
static void mix2_expect(uint32_t x, uint32_t i, uint32_t want[8])
{
    uint64_t w = (uint64_t)x * 0x9e3779b97f4a7c15ull + ((uint64_t)i << 33);
    double d = (double)x * 1.0000001 + 0.25;
    uint32_t rev = 0, s = 0;

    for (unsigned b = 0; b < 32; b++) {
        rev |= ((x >> b) & 1) << (31 - b);
    }
    for (uint32_t k = 0; k < 64 && (x >> (k & 31)) % 7 != 3; k++) {
        s += k * x;
    }
    want[0] = (uint32_t)(w >> 29) ^ (uint32_t)w;
    want[1] = (uint32_t)(d * 3.0);
    want[2] = (uint32_t)__builtin_popcount(x) | (uint32_t)(31 - __builtin_clz(x)) << 8 |
              (uint32_t)__builtin_ctz(x | 0x80000000u) << 16;
    want[3] = rev ^ ((x >> 5) & 0x1ff);
    want[4] = s;
    want[7] = i / MIX_N;
}

/* Checks mix2.comp's output and accumulators; the count of wrong words. */
static unsigned mix2_check(const uint32_t *v, const uint32_t *o, const uint32_t *acc,
                           uint32_t *first)
{
    uint32_t min = UINT32_MAX, xr = 0, winners = 0;
    unsigned bad = 0;

    for (uint32_t i = 0; i < MIX2_N; i++) {
        uint32_t want[8], wgmax = 0;
        for (uint32_t l = i / GROUP * GROUP; l < i / GROUP * GROUP + GROUP; l++) {
            wgmax = v[l] > wgmax ? v[l] : wgmax;
        }
        mix2_expect(v[i], i, want);
        want[5] = wgmax;
        /* compare-and-swap: one invocation finds 0, the others the winner's value */
        want[6] = o[i * 8 + 6] == 0 ? 0 : acc[3];
        winners += o[i * 8 + 6] == 0;
        for (unsigned k = 0; k < 8; k++) {
            if (o[i * 8 + k] != want[k] && bad++ == 0) {
                *first = i * 8 + k;
            }
        }
        min = v[i] < min ? v[i] : min;
        xr ^= v[i];
    }
    bad += (acc[0] != MIX2_N) + (acc[1] != min) + (acc[2] != xr) + (winners != 1) +
           (acc[3] == 0 || acc[3] > MIX2_N);
    return bad;
}

/* One line for a mix: all of its words right, or how many and the first wrong. */
static void report_mix(const char *what, unsigned bad, uint32_t first, const uint32_t *o,
                       uint32_t words)
{
    if (bad) {
        report(false, "%s: %u of %u results wrong, the first word %u (result %u of "
               "invocation %u: 0x%08x)", what, bad, words, first, first % 8, first / 8,
               o[first]);
    } else {
        report(true, "%s: all right (%u results)", what, words);
    }
}

/* mix4.comp's four results and its 16-bit store for invocation i. */
static void mix4_expect(uint32_t x, uint32_t i, uint32_t want[4], uint16_t *h)
{
    int16_t a = (int16_t)((int16_t)((int16_t)x * -7) >> 3);
    uint16_t s = (uint16_t)((uint16_t)x * 3 + (uint16_t)(x >> 16));
    int8_t t = (int8_t)((int8_t)x >> 2);

    want[0] = (uint16_t)a | (uint32_t)(a < 0) << 16;
    want[1] = (uint32_t)((int32_t)(int8_t)(x >> 8) * 3);
    want[2] = s | (uint32_t)(uint8_t)t << 16;
    want[3] = i;
    *h = (uint16_t)(x ^ (x >> 7));
}

/* mix3.comp's eight results for invocation i. */
static void mix3_expect(const uint32_t *v, uint32_t i, uint32_t sg, uint32_t want[8])
{
    uint32_t x = v[i], lane = i % sg, base = i - lane, all = 1, any = 0;
    float f = (float)((int32_t)(x % 2001) - 1000) * 0.1428571f;
    int32_t si = (int32_t)(x - 0x40000000u);
    int32_t cl = si < -12345 ? -12345 : si > 67890 ? 67890 : si;
    float hi = f > 1.5f ? f : 1.5f, lo = f < -2.25f ? f : -2.25f, diff = hi - lo;
    uint32_t bits;

    for (uint32_t l = 0; l < sg; l++) {
        all &= v[base + l] > 1000;
        any |= v[base + l] % 97 == 0;
    }
    memcpy(&bits, &diff, 4);
    want[0] = v[base + ((lane * 5 + 3) & (sg - 1))];
    want[1] = v[base + (lane ^ 6)];
    want[2] = all | any << 1;
    want[3] = (uint32_t)((int32_t)rintf(f) + 1000) | (uint32_t)((int32_t)floorf(f) + 1000) << 16;
    want[4] = (uint32_t)((int32_t)ceilf(f) + 1000) | (uint32_t)((int32_t)truncf(f) + 1000) << 16;
    want[5] = (uint32_t)cl ^ (x > 777 ? x : 777) ^ ((x >> 3) < 999999 ? x >> 3 : 999999);
    want[6] = bits ^ (f > 0 ? 1 : 2);
    want[7] = 1;
}

/* Checks mix.comp's output; the count of wrong words. */
static unsigned mix_check(const uint32_t *v, const uint32_t *o, uint32_t sg, uint32_t *first)
{
    unsigned bad = 0;

    for (uint32_t i = 0; i < MIX_N; i++) {
        uint32_t want[8];
        float fw[2];
        mix_expect(v, i, sg, want, fw);
        for (unsigned k = 0; k < 8; k++) {
            bool ok = k < 6 ? o[i * 8 + k] == want[k]
                            : fabsf(as_float(o[i * 8 + k]) - fw[k - 6]) <=
                              1e-4f * (1.0f + fabsf(fw[k - 6]));
            if (!ok && bad++ == 0) {
                *first = i * 8 + k;
            }
        }
    }
    return bad;
}

/* A compute pipeline of SPIR-V code (NVK compiles it to sm_75 code here). */
static VkResult make_pipeline(VkDevice dev, VkPipelineLayout pl, const uint32_t *code,
                              size_t size, VkPipeline *pipe)
{
    VkShaderModuleCreateInfo smci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                      .codeSize = size, .pCode = code };
    VkShaderModule sm;
    VkResult r = vkCreateShaderModule(dev, &smci, NULL, &sm);

    if (r != VK_SUCCESS) {
        return r;
    }
    VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                   .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = sm, .pName = "main" },
        .layout = pl };
    return vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, pipe);
}

/* A descriptor set of the three storage buffers, in binding order. */
static VkResult make_set(VkDevice dev, VkDescriptorPool dp, VkDescriptorSetLayout dsl,
                         VkBuffer b0, VkBuffer b1, VkBuffer b2, VkDescriptorSet *ds)
{
    VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                         .descriptorPool = dp, .descriptorSetCount = 1,
                                         .pSetLayouts = &dsl };
    VkResult r = vkAllocateDescriptorSets(dev, &dsai, ds);

    if (r != VK_SUCCESS) {
        return r;
    }
    VkDescriptorBufferInfo dbi[3] = { { b0, 0, VK_WHOLE_SIZE }, { b1, 0, VK_WHOLE_SIZE },
                                      { b2, 0, VK_WHOLE_SIZE } };
    VkWriteDescriptorSet wds = { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = *ds, .descriptorCount = 3,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = dbi };
    vkUpdateDescriptorSets(dev, 1, &wds, 0, NULL);
    return VK_SUCCESS;
}

/* Resets cb and begins recording a one-time submission into it. */
static VkResult cb_begin(VkCommandBuffer cb)
{
    VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                    .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
    VkResult r = vkResetCommandBuffer(cb, 0);

    return r == VK_SUCCESS ? vkBeginCommandBuffer(cb, &bi) : r;
}

/*
 * Records one dispatch of pipe over ds (n as the push constant, unless 0)
 * into cb from scratch, and a barrier that makes its writes visible to the
 * host.
 */
static VkResult record_dispatch(VkCommandBuffer cb, VkPipeline pipe, VkPipelineLayout pl,
                                VkDescriptorSet ds, uint32_t n, uint32_t gx, uint32_t gy)
{
    VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
    VkResult r = cb_begin(cb);

    if (r != VK_SUCCESS) {
        return r;
    }
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &ds, 0, NULL);
    if (n) {
        vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &n);
    }
    vkCmdDispatch(cb, gx, gy, 1);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
    return VK_SUCCESS;
}

/* Ends cb, submits it and waits (bounded) for it. */
static uint64_t fence_ns = FENCE_NS;   /* how long a dispatch is waited for */

static VkResult submit_wait(VkDevice dev, VkQueue queue, VkCommandBuffer cb, VkFence fence)
{
    VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                        .pCommandBuffers = &cb };
    VkResult r = vkEndCommandBuffer(cb);

    if (r == VK_SUCCESS) {
        r = vkResetFences(dev, 1, &fence);
    }
    if (r == VK_SUCCESS) {
        r = vkQueueSubmit(queue, 1, &si, fence);
    }
    return r == VK_SUCCESS ? vkWaitForFences(dev, 1, &fence, VK_TRUE, fence_ns) : r;
}

/* What every dispatch uses. */
typedef struct Vk {
    VkDevice dev;
    VkQueue queue;
    VkCommandBuffer cb;
    VkFence fence;
    VkDescriptorPool dp;
    VkDescriptorSetLayout dsl;
    VkPipelineLayout pl;
} Vk;

/* One dispatch of pipe over (b0, b1, b2), n as the push constant unless 0, waited for. */
static VkResult run(const Vk *vk, VkPipeline pipe, VkBuffer b0, VkBuffer b1, VkBuffer b2,
                    uint32_t n, uint32_t gx, uint32_t gy)
{
    VkDescriptorSet ds;
    VkResult r = make_set(vk->dev, vk->dp, vk->dsl, b0, b1, b2, &ds);

    if (r == VK_SUCCESS) {
        r = record_dispatch(vk->cb, pipe, vk->pl, ds, n, gx, gy);
    }
    return r == VK_SUCCESS ? submit_wait(vk->dev, vk->queue, vk->cb, vk->fence) : r;
}

/*
 * vk-compute --runaway: a dispatch that never ends (runaway.comp spins on a
 * flag nothing sets). The GPU's watchdog stops it, nouveau kills the
 * channel when the job's timeout expires, and the application must learn
 * of it. Where it learns: NVK 25's vkWaitForFences waits for the job's
 * fence, which the kernel signals (with an error the syncobj wait does not
 * pass on) when it kills the job, so it returns success as on a real
 * board; the queue's next wait or submit then checks the channel and
 * reports VK_ERROR_DEVICE_LOST. The shader's store after its loop must
 * never have happened: nothing the guest asked for completes silently.
 */
static int runaway(const Vk *vk, VkPipeline pipe, Buf *flag)
{
    VkResult r;

    flag->map[0] = 0;
    flag->map[1] = FILL;
    fence_ns = RUNAWAY_NS;
    r = run(vk, pipe, flag->buf, flag->buf, flag->buf, 0, 1, 1);
    report(r == VK_SUCCESS || r == VK_ERROR_DEVICE_LOST,
           "the runaway dispatch ended within %llu s (vkWaitForFences: VkResult %d)",
           RUNAWAY_NS / 1000000000ull, r);
    report(flag->map[1] == FILL, "its store after the endless loop never happened (0x%x)",
           flag->map[1]);
    r = vkQueueWaitIdle(vk->queue);
    report(r == VK_ERROR_DEVICE_LOST, "the application sees VK_ERROR_DEVICE_LOST "
           "(vkQueueWaitIdle: VkResult %d)", r);
    return r == VK_ERROR_DEVICE_LOST && flag->map[1] == FILL ? 0 : 1;
}

/* ---- images ---- */

#define IMG         16u                 /* img.comp's images are IMG x IMG */
#define IMG_COUNTS  4u                  /* texels of the atomic counter image */

typedef struct Img {
    VkImage img;
    VkDeviceMemory mem;
    VkImageView view;
    VkImageAspectFlags aspect;
} Img;

static uint32_t img_rgba(uint32_t x, uint32_t y)
{
    return (x * 16) | ((x * 7 + y * 16) & 255) << 8 | ((x * y) & 255) << 16 |
           (255 - x - y) << 24;
}

static uint32_t img_store_word(uint32_t x, uint32_t y) { return x * 1000 + y * 7; }

/* An image of ext (array layers, mip levels) in optimal tiling, device-local, and its view. */
static VkResult img_new(VkDevice dev, const VkPhysicalDeviceMemoryProperties *mp, VkFormat fmt,
                        VkExtent3D ext, uint32_t layers, uint32_t levels, VkImageViewType vt,
                        VkImageUsageFlags usage, Img *im)
{
    VkImageCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = vt == VK_IMAGE_VIEW_TYPE_3D ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D,
        .flags = vt == VK_IMAGE_VIEW_TYPE_CUBE || vt == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY ?
                 VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
        .format = fmt, .extent = ext, .mipLevels = levels, .arrayLayers = layers,
        .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE, .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED };
    VkMemoryRequirements req;
    VkResult r = vkCreateImage(dev, &ci, NULL, &im->img);

    if (r != VK_SUCCESS) {
        return r;
    }
    im->aspect = fmt == VK_FORMAT_D32_SFLOAT || fmt == VK_FORMAT_D16_UNORM ?
                 VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    vkGetImageMemoryRequirements(dev, im->img, &req);
    VkMemoryAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
        .memoryTypeIndex = mem_type(mp, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) };
    if (ai.memoryTypeIndex == UINT32_MAX) {
        return VK_ERROR_FEATURE_NOT_PRESENT;
    }
    if ((r = vkAllocateMemory(dev, &ai, NULL, &im->mem)) != VK_SUCCESS ||
        (r = vkBindImageMemory(dev, im->img, im->mem, 0)) != VK_SUCCESS) {
        return r;
    }
    VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = im->img, .viewType = vt,
        .format = fmt, .subresourceRange = { im->aspect, 0, levels, 0, layers } };
    return vkCreateImageView(dev, &vci, NULL, &im->view);
}

/* A layout transition of a whole colour image, with the accesses on either side. */
static void img_barrier(VkCommandBuffer cb, const Img *im, VkImageLayout from, VkImageLayout to,
                        VkAccessFlags src, VkAccessFlags dst)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER, .srcAccessMask = src,
        .dstAccessMask = dst, .oldLayout = from, .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = im->img,
        .subresourceRange = { im->aspect, 0, VK_REMAINING_MIP_LEVELS, 0,
                              VK_REMAINING_ARRAY_LAYERS } };

    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, NULL, 0, NULL, 1, &b);
}

/* Copies n regions of stage into im, then moves it to layout for shaders. */
static void img_upload(VkCommandBuffer cb, const Img *im, VkBuffer stage,
                       const VkBufferImageCopy *regions, uint32_t n, VkImageLayout layout)
{
    img_barrier(cb, im, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                VK_ACCESS_TRANSFER_WRITE_BIT);
    vkCmdCopyBufferToImage(cb, stage, im->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, n, regions);
    img_barrier(cb, im, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, layout,
                VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

/* A sampler; maxLod > 0 with linear mipmap filtering. */
static VkSampler sampler_new(VkDevice dev, VkFilter filter, VkSamplerAddressMode mode,
                             float max_lod)
{
    VkSamplerCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = filter,
        .minFilter = filter, .addressModeU = mode, .addressModeV = mode, .addressModeW = mode,
        .mipmapMode = max_lod > 0 ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST,
        .maxLod = max_lod, .borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE };
    VkSampler s = VK_NULL_HANDLE;

    vkCreateSampler(dev, &ci, NULL, &s);
    return s;
}

/* A clamp-to-edge sampler comparing with op (VK_COMPARE_OP_*). */
static VkSampler shadow_sampler_new(VkDevice dev, VkFilter filter, VkCompareOp op)
{
    VkSamplerCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = filter,
        .minFilter = filter, .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, .compareEnable = VK_TRUE,
        .compareOp = op };
    VkSampler s = VK_NULL_HANDLE;

    vkCreateSampler(dev, &ci, NULL, &s);
    return s;
}

/* Vulkan's bilinear filter of the G channel at texel coordinates (u, v), repeat. */
static float img_bilinear_g(float u, float v)
{
    float x = u - 0.5f, y = v - 0.5f, a = x - floorf(x), b = y - floorf(y), sum = 0;
    int x0 = (int)floorf(x), y0 = (int)floorf(y);

    for (unsigned k = 0; k < 4; k++) {
        uint32_t tx = (uint32_t)(x0 + (int)(k & 1) + (int)IMG) % IMG;
        uint32_t ty = (uint32_t)(y0 + (int)(k >> 1) + (int)IMG) % IMG;
        float g = (float)((img_rgba(tx, ty) >> 8) & 255) / 255.0f;

        sum += ((k & 1) ? a : 1 - a) * ((k >> 1) ? b : 1 - b) * g;
    }
    return sum;
}

/* img.comp's results against the CPU. */
static void images_check(const uint32_t *o, const uint32_t *store, const uint32_t *counts)
{
    unsigned bad_fetch = 0, bad_near = 0, bad_lin = 0, bad_store = 0, bad_atom = 0, bad_cas = 0;
    uint64_t seen[IMG_COUNTS] = { 0 };

    for (uint32_t y = 0; y < IMG; y++) {
        for (uint32_t x = 0; x < IMG; x++) {
            uint32_t i = y * IMG + x;
            float want = img_bilinear_g(x + 0.75f + (float)(x % 3) * 0.5f, y + 0.25f + IMG / 2);

            bad_fetch += o[i * 5] != img_rgba(x, y);
            bad_near += o[i * 5 + 1] != img_rgba(x, y);
            /* 8-bit weights (subTexelPrecisionBits): within one unit of the format */
            bad_lin += !(fabsf(as_float(o[i * 5 + 2]) - want) <= 1.0f / 255);
            /* the compare-and-swap found the stored value and replaced it */
            bad_cas += o[i * 5 + 4] != img_store_word(x, y) * 3 + 1;
            bad_store += store[i] != (img_store_word(x, y) ^ 0xabcdu) + 0x100000u;
            if (o[i * 5 + 3] < 64) {
                bad_atom += (seen[x % IMG_COUNTS] >> o[i * 5 + 3]) & 1;
                seen[x % IMG_COUNTS] |= 1ull << o[i * 5 + 3];
            } else {
                bad_atom++;
            }
        }
    }
    for (uint32_t k = 0; k < IMG_COUNTS; k++) {
        bad_atom += counts[k] != IMG * IMG / IMG_COUNTS;
    }
    report(!bad_fetch, "img: texelFetch of an RGBA8 image in optimal tiling (%u of %u wrong)",
           bad_fetch, IMG * IMG);
    report(!bad_near, "img: textureLod, nearest, clamp to edge (%u of %u wrong)", bad_near,
           IMG * IMG);
    report(!bad_lin, "img: textureLod, bilinear, repeat, within 1/255 (%u of %u wrong; "
           "texel (0,0): %.6f, want %.6f)", bad_lin, IMG * IMG, as_float(o[2]),
           img_bilinear_g(0.75f, 0.25f + IMG / 2));
    report(!bad_store && !bad_cas, "img: imageLoad/imageStore in place, then "
           "imageAtomicCompSwap of the stored value, an imageAtomicAdd with no result, read "
           "back by vkCmdCopyImageToBuffer "
           "(%u, %u of %u wrong)", bad_store, bad_cas, IMG * IMG);
    report(!bad_atom, "img: imageAtomicAdd: each counter %u, every old value once (%u "
           "wrong; counters %u %u %u %u)", IMG * IMG / IMG_COUNTS, bad_atom, counts[0],
           counts[1], counts[2], counts[3]);
}

/* Uploads, dispatches img.comp over its images and reads the storage images back. */
static VkResult images_record(VkCommandBuffer cb, VkPipeline pipe, VkPipelineLayout pl,
                              VkDescriptorSet ds, const Img im[3], const Buf *stage)
{
    /* stage: rgba texels, storage words, zeroed counters; then the read-back area */
    VkBufferImageCopy up[3] = {
        { .bufferOffset = 0, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
          .imageExtent = { IMG, IMG, 1 } },
        { .bufferOffset = IMG * IMG * 4, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
          .imageExtent = { IMG, IMG, 1 } },
        { .bufferOffset = IMG * IMG * 8, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
          .imageExtent = { IMG_COUNTS, 1, 1 } },
    };
    VkBufferImageCopy down[2] = { up[1], up[2] };
    VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
    VkResult r = cb_begin(cb);

    down[0].bufferOffset = IMG * IMG * 12;
    down[1].bufferOffset = IMG * IMG * 16;
    if (r != VK_SUCCESS) {
        return r;
    }
    for (unsigned k = 0; k < 3; k++) {
        img_upload(cb, &im[k], stage->buf, &up[k], 1,
                   k ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    }
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &ds, 0, NULL);
    vkCmdDispatch(cb, 1, 1, 1);
    for (unsigned k = 1; k < 3; k++) {
        img_barrier(cb, &im[k], VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                    VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        vkCmdCopyImageToBuffer(cb, im[k].img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, stage->buf,
                               1, &down[k - 1]);
    }
    mb.srcAccessMask |= VK_ACCESS_SHADER_WRITE_BIT;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
    return VK_SUCCESS;
}

/*
 * A pipeline of code whose set 0 is a storage buffer (binding 0) and n
 * combined image samplers (1..n), and a descriptor set for it.
 */
typedef struct Sampled {
    VkPipelineLayout pl;
    VkPipeline pipe;
    VkDescriptorSet ds;
} Sampled;

static VkResult sampled_new(VkDevice dev, uint32_t n, const uint32_t *code, size_t size,
                            Sampled *sp)
{
    VkDescriptorSetLayoutBinding bind[8];
    VkDescriptorSetLayout dsl;
    VkDescriptorPool dp;
    VkResult r;

    for (uint32_t i = 0; i <= n && i < 8; i++) {
        bind[i] = (VkDescriptorSetLayoutBinding){
            .binding = i, .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
            .descriptorType = i ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER :
                                  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER };
    }
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = n + 1,
        .pBindings = bind };
    VkDescriptorPoolSize ps[2] = { { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 },
                                   { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, n } };
    VkDescriptorPoolCreateInfo dpci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                        .maxSets = 1, .poolSizeCount = 2, .pPoolSizes = ps };
    if (n >= 8) {
        return VK_ERROR_INITIALIZATION_FAILED;
    }
    if ((r = vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl)) != VK_SUCCESS) {
        return r;
    }
    VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                        .setLayoutCount = 1, .pSetLayouts = &dsl };
    VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                         .descriptorSetCount = 1, .pSetLayouts = &dsl };
    if ((r = vkCreatePipelineLayout(dev, &plci, NULL, &sp->pl)) != VK_SUCCESS ||
        (r = make_pipeline(dev, sp->pl, code, size, &sp->pipe)) != VK_SUCCESS ||
        (r = vkCreateDescriptorPool(dev, &dpci, NULL, &dp)) != VK_SUCCESS) {
        return r;
    }
    dsai.descriptorPool = dp;
    return vkAllocateDescriptorSets(dev, &dsai, &sp->ds);
}

/* Points the set at out (binding 0) and the n images with their samplers. */
static void sampled_write(VkDevice dev, const Sampled *sp, VkBuffer out,
                          const VkDescriptorImageInfo *dii, uint32_t n)
{
    VkDescriptorBufferInfo dbi = { out, 0, VK_WHOLE_SIZE };
    VkWriteDescriptorSet wds[8];

    for (uint32_t i = 0; i <= n && i < 8; i++) {
        wds[i] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sp->ds, .dstBinding = i,
            .descriptorCount = 1,
            .descriptorType = i ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER :
                                  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .pBufferInfo = i ? NULL : &dbi, .pImageInfo = i ? &dii[i - 1] : NULL };
    }
    vkUpdateDescriptorSets(dev, n < 8 ? n + 1 : 8, wds, 0, NULL);
}

/* Records a dispatch of sp's pipeline (groups x 1 x 1), then makes its writes visible to the host. */
static void sampled_dispatch(VkCommandBuffer cb, const Sampled *sp, uint32_t groups)
{
    VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_HOST_READ_BIT };

    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, sp->pipe);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, sp->pl, 0, 1, &sp->ds, 0, NULL);
    vkCmdDispatch(cb, groups, 1, 1);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
}

/* img3.comp's depth images: 8x8, exact values. */
static float d32_at(uint32_t x, uint32_t y) { return (float)((x * 7 + y * 3) % 16) / 16.0f; }
static uint16_t d16_at(uint32_t x, uint32_t y) { return (uint16_t)((x * 9000 + y * 1000) % 65536); }

static void images3_check(const uint32_t *o)
{
    unsigned bad[6] = { 0 };

    for (uint32_t i = 0; i < 64; i++) {
        uint32_t x = i % 8, y = i / 8, x1 = x < 7 ? x + 1 : 7, y1 = y < 7 ? y + 1 : 7;
        float ref = (float)(i % 5) * 0.25f, d16 = (float)(d16_at(x, y) / 65535.0);
        float pcf = 0.5f * (ref < d32_at(x, y)) + 0.5f * (ref < d32_at(x1, y));

        bad[0] += as_float(o[i * 6]) != d32_at(x, y);
        bad[1] += as_float(o[i * 6 + 1]) != (ref < d32_at(x, y) ? 1.0f : 0.0f);
        bad[2] += as_float(o[i * 6 + 2]) != pcf;
        bad[3] += as_float(o[i * 6 + 3]) != d16;
        bad[4] += as_float(o[i * 6 + 4]) != (ref >= d16 ? 1.0f : 0.0f);
        /* gather order: (x, y1), (x1, y1), (x1, y), (x, y) */
        bad[5] += o[i * 6 + 5] != ((ref < d32_at(x, y1)) | (ref < d32_at(x1, y1)) << 1 |
                                   (ref < d32_at(x1, y)) << 2 | (ref < d32_at(x, y)) << 3);
    }
    report(!bad[0], "img3: D32_SFLOAT read as depth (%u of 64 wrong)", bad[0]);
    report(!bad[1], "img3: D32_SFLOAT compared (LESS) at texel centres (%u of 64 wrong)",
           bad[1]);
    report(!bad[2], "img3: D32_SFLOAT compared between two texels, linear: the comparisons "
           "averaged (%u of 64 wrong)", bad[2]);
    report(!bad[3], "img3: D16_UNORM read as depth (%u of 64 wrong)", bad[3]);
    report(!bad[4], "img3: D16_UNORM compared (GREATER_OR_EQUAL), nearest (%u of 64 wrong)",
           bad[4]);
    report(!bad[5], "img3: textureGather through the LESS sampler: the four comparisons "
           "(%u of 64 wrong; 0x%x)", bad[5], o[5]);
}

/* img3.comp over two depth images uploaded by vkCmdCopyBufferToImage. */
static int images3(const Vk *vk, const VkPhysicalDeviceMemoryProperties *mp)
{
    VkDevice dev = vk->dev;
    Sampled sp;
    Img im[2];
    Buf out, stage;

    VK(sampled_new(dev, 4, img3_spv, sizeof(img3_spv), &sp));
    VK(img_new(dev, mp, VK_FORMAT_D32_SFLOAT, (VkExtent3D){ 8, 8, 1 }, 1, 1,
               VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_USAGE_SAMPLED_BIT, &im[0]));
    VK(img_new(dev, mp, VK_FORMAT_D16_UNORM, (VkExtent3D){ 8, 8, 1 }, 1, 1,
               VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_USAGE_SAMPLED_BIT, &im[1]));
    VK(buf_new(dev, mp, 64 * 6, &out));
    VK(buf_new(dev, mp, 64 + 32, &stage));
    uint16_t *h = (uint16_t *)(stage.map + 64);
    for (uint32_t y = 0; y < 8; y++) {
        for (uint32_t x = 0; x < 8; x++) {
            float d = d32_at(x, y);
            memcpy(&stage.map[y * 8 + x], &d, 4);
            h[y * 8 + x] = d16_at(x, y);
        }
    }
    VkSampler nearest = sampler_new(dev, VK_FILTER_NEAREST,
                                    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 0.0f);
    VkSampler less = shadow_sampler_new(dev, VK_FILTER_LINEAR, VK_COMPARE_OP_LESS);
    VkSampler gequal = shadow_sampler_new(dev, VK_FILTER_NEAREST,
                                          VK_COMPARE_OP_GREATER_OR_EQUAL);
    VkDescriptorImageInfo dii[4] = {
        { nearest, im[0].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { less, im[0].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { nearest, im[1].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { gequal, im[1].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
    };
    sampled_write(dev, &sp, out.buf, dii, 4);

    VkBufferImageCopy up[2] = {
        { .bufferOffset = 0, .imageSubresource = { VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1 },
          .imageExtent = { 8, 8, 1 } },
        { .bufferOffset = 64 * 4, .imageSubresource = { VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1 },
          .imageExtent = { 8, 8, 1 } },
    };
    VkCommandBuffer cb = vk->cb;
    VK(cb_begin(cb));
    for (unsigned k = 0; k < 2; k++) {
        img_upload(cb, &im[k], stage.buf, &up[k], 1, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    }
    sampled_dispatch(cb, &sp, 1);
    VkResult r = submit_wait(dev, vk->queue, cb, vk->fence);
    if (report(r == VK_SUCCESS, "img3: uploads and one dispatch completed (VkResult %d)", r)) {
        images3_check(out.map);
    }
    return r == VK_SUCCESS ? 0 : 1;
}

/* img2.comp's images: an 8x8x3 array and an 8x8x4 volume of RGBA8. */
#define IMG2_N      192u                /* invocations: one per array texel */
#define IMG2_WORDS  16u                 /* results per invocation */
#define MIP_LEVELS  5u                  /* img2.comp's mipmapped 16x16 image */

static uint32_t arr_rgba(uint32_t x, uint32_t y, uint32_t l)
{
    return (x * 30 + l) | (y * 30) << 8 | (l * 80) << 16 | 0xffu << 24;
}

static uint32_t vol_rgba(uint32_t x, uint32_t y, uint32_t z)
{
    return ((x * 7 + y * 13 + z * 50) & 255) | (x * 32) << 8 | (z * 60) << 16 | (y * 16) << 24;
}

static uint32_t mip_rgba(uint32_t level, uint32_t x, uint32_t y)
{
    return ((level * 60 + x * 9 + y) & 255) | (x * 20) << 8 | (y * 20) << 16 | (level * 50) << 24;
}

static uint32_t cube_rgba(uint32_t face, uint32_t x, uint32_t y)
{
    return (face * 40 + x) | (y * 16) << 8 | (face * 50) << 16 | (x * 16) << 24;
}

/* Layer l (cube l / 6, face l % 6) of the cube map array. */
static uint32_t cubes_rgba(uint32_t l, uint32_t x, uint32_t y)
{
    return ((l * 20 + x) & 255) | (y * 15) << 8 | (l * 21) << 16 | 0x80u << 24;
}

/* Half of each byte of a and b, the sum rounded: within one of packUnorm4x8's rounding. */
static bool mip_mix_ok(uint32_t got, uint32_t a, uint32_t b)
{
    for (unsigned k = 0; k < 32; k += 8) {
        int want = (int)(((a >> k) & 255) + ((b >> k) & 255)), g = (int)((got >> k) & 255) * 2;

        if (g < want - 2 || g > want + 2) {
            return false;
        }
    }
    return true;
}

/* Texel i of the 16x16 image under an address mode (clamp to border: -1 outside). */
static int img2_wrap(int i, bool border)
{
    int m = ((i % 32) + 32) % 32;

    if (border) {
        return i < 0 || i >= (int)IMG ? -1 : i;
    }
    return m >= (int)IMG ? 31 - m : m;
}

static void images2_check(const uint32_t *o)
{
    unsigned bad[15] = { 0 };

    for (uint32_t i = 0; i < IMG2_N; i++) {
        uint32_t x = i % 8, y = i / 8 % 8, l = i / 64;
        float r0 = (float)(vol_rgba(x, y, l) & 255) / 255, r1 = (float)(vol_rgba(x, y, l + 1) & 255) / 255;
        int fx = (int)floorf((float)(i % 33) - 8.5f), fy = (int)(i % 16);
        int bx = img2_wrap(fx, true), mx = img2_wrap(fx, false);

        bad[0] += o[i * IMG2_WORDS] != arr_rgba(x, y, l);
        bad[1] += o[i * IMG2_WORDS + 1] != arr_rgba(x, y, l);
        bad[2] += o[i * IMG2_WORDS + 2] != vol_rgba(x, y, l + 1);
        /* z = l + 1.25 slices: weights 0.25 and 0.75 of slices l and l + 1 */
        bad[3] += !(fabsf(as_float(o[i * IMG2_WORDS + 3]) - (0.25f * r0 + 0.75f * r1)) <= 1.0f / 255);
        bad[4] += o[i * IMG2_WORDS + 4] != (bx < 0 ? 0xffffffffu : img_rgba((uint32_t)bx, (uint32_t)fy));
        bad[5] += o[i * IMG2_WORDS + 5] != img_rgba((uint32_t)mx, (uint32_t)fy);
        /* textureSize: the 8x8x3 array; the 8x8x4 volume and the 16x16 image */
        bad[6] += o[i * IMG2_WORDS + 6] != (8 | 8 << 8 | 3 << 16) ||
                  o[i * IMG2_WORDS + 7] != (8 | 8 << 8 | 4 << 16 | IMG << 20 | IMG << 26);
        /* the mipmapped image: (x, y) of the 8x8 level 1, x / 2 of level 2, x / 4 of 3 */
        bad[7] += o[i * IMG2_WORDS + 8] != mip_rgba(1, x, y);
        bad[8] += !mip_mix_ok(o[i * IMG2_WORDS + 9], mip_rgba(2, x / 2, y / 2),
                              mip_rgba(3, x / 4, y / 4));
        bad[9] += o[i * IMG2_WORDS + 10] != mip_rgba(2, x / 2, y / 2);
        bad[10] += o[i * IMG2_WORDS + 11] != (2 | 2 << 8 | MIP_LEVELS << 16);
        /* the cube: face i % 6, texel ((i / 6) % 16, (i / 6) / 16 * 7) */
        bad[11] += o[i * IMG2_WORDS + 12] != cube_rgba(i % 6, i / 6 % 16, i / 6 / 16 * 7);
        bad[12] += o[i * IMG2_WORDS + 13] != (IMG | IMG << 8);
        /* the second cube of the array: layers 6..11 */
        bad[13] += o[i * IMG2_WORDS + 14] != cubes_rgba(6 + i % 6, i / 6 % 16, i / 6 / 16 * 7);
        bad[14] += o[i * IMG2_WORDS + 15] != (IMG | IMG << 8 | 2 << 16);
    }
    report(!bad[0] && !bad[1], "img2: 2D array: texelFetch and nearest textureLod of each "
           "layer (%u, %u of %u wrong)", bad[0], bad[1], IMG2_N);
    report(!bad[2], "img2: 3D image: texelFetch (%u of %u wrong)", bad[2], IMG2_N);
    report(!bad[3], "img2: 3D image: linear between slices, within 1/255 (%u of %u wrong)",
           bad[3], IMG2_N);
    report(!bad[4], "img2: clamp to border, opaque white (%u of %u wrong)", bad[4], IMG2_N);
    report(!bad[5], "img2: mirrored repeat (%u of %u wrong)", bad[5], IMG2_N);
    report(!bad[6], "img2: textureSize of the array, the volume and the 2D image (%u of %u "
           "wrong; 0x%08x 0x%08x)", bad[6], IMG2_N, o[6], o[7]);
    report(!bad[7] && !bad[9], "img2: mipmaps: textureLod at level 1 and texelFetch of level 2 "
           "(%u, %u of %u wrong; 0x%08x, want 0x%08x)", bad[7], bad[9], IMG2_N, o[8],
           mip_rgba(1, 0, 0));
    report(!bad[8], "img2: mipmaps: textureLod 2.5 blends levels 2 and 3 (%u of %u wrong; "
           "0x%08x)", bad[8], IMG2_N, o[9]);
    report(!bad[10], "img2: mipmaps: textureSize of level 3 and textureQueryLevels (0x%08x)",
           o[11]);
    report(!bad[11], "img2: cube map: textureLod in a direction onto each face (%u of %u "
           "wrong; 0x%08x, want 0x%08x)", bad[11], IMG2_N, o[12], cube_rgba(0, 0, 0));
    report(!bad[12], "img2: cube map: textureSize (0x%08x)", o[13]);
    report(!bad[13], "img2: cube map array: textureLod onto each face of the second cube (%u "
           "of %u wrong; 0x%08x, want 0x%08x)", bad[13], IMG2_N, o[14], cubes_rgba(6, 0, 0));
    report(!bad[14], "img2: cube map array: textureSize (0x%08x)", o[15]);
}

static uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* img4.comp's results: texel (x, y) of its 8x8 grid, 8 words each. */
static void images4_check(const uint32_t *o)
{
    unsigned bad[8] = { 0 };

    for (uint32_t i = 0; i < 64; i++) {
        uint32_t x = i % 8, y = i / 8, gx = umin(2 * x + 2, IMG - 1);
        uint32_t gx1 = umin(2 * x + 3, IMG - 1);
        uint32_t gy = 2 * y + 1, gy1 = umin(2 * y + 2, IMG - 1), want[8];

        want[0] = mip_rgba(1, x, y);                    /* gradients of 2 texels: LOD 1 */
        want[1] = mip_rgba(2, x / 2, y / 2);            /* the longer one, 4 texels: LOD 2 */
        want[2] = mip_rgba(0, 2 * x + 1, 2 * y + 1);    /* LOD -1: level 0, magnified */
        want[3] = mip_rgba(1, umin(x + 1, 7u), y ? y - 1 : 0);
        want[4] = img_rgba(umin(2 * x + 3, IMG - 1), y ? 2 * y - 2 : 0);
        want[5] = img_rgba(2 * x, 2 * y + 1);
        /* gather order (i0, j1), (i1, j1), (i1, j0), (i0, j0); green */
        want[6] = (img_rgba(gx, gy1) >> 8 & 255) | (img_rgba(gx1, gy1) >> 8 & 255) << 8 |
                  (img_rgba(gx1, gy) >> 8 & 255) << 16 | (img_rgba(gx, gy) >> 8 & 255) << 24;
        want[7] = mip_rgba(1, x / 2 + 1, y / 2 + 1);
        for (unsigned k = 0; k < 8; k++) {
            bad[k] += o[i * 8 + k] != want[k];
        }
    }
    report(!bad[0] && !bad[1] && !bad[2], "img4: textureGrad: LOD 1, LOD 2 from the longer "
           "gradient, LOD -1 magnified (%u, %u, %u of 64 wrong; 0x%08x 0x%08x 0x%08x)",
           bad[0], bad[1], bad[2], o[0], o[1], o[2]);
    report(!bad[3], "img4: textureGradOffset (%u of 64 wrong; 0x%08x)", bad[3], o[3]);
    report(!bad[4], "img4: textureLodOffset, clamped to the edge (%u of 64 wrong; 0x%08x)",
           bad[4], o[4]);
    report(!bad[5] && !bad[7], "img4: texelFetchOffset at level 0 and level 1 (%u, %u of 64 "
           "wrong; 0x%08x 0x%08x)", bad[5], bad[7], o[5], o[7]);
    report(!bad[6], "img4: textureGatherOffset of green (%u of 64 wrong; 0x%08x)", bad[6], o[6]);
}

/* img4.comp over img2.comp's mipmapped image and img.comp's RGBA8 one, both uploaded. */
static int images4(const Vk *vk, const VkPhysicalDeviceMemoryProperties *mp, const Img *mip,
                   const Img *rgba)
{
    VkDevice dev = vk->dev;
    Sampled sp;
    Buf out;

    VK(sampled_new(dev, 2, img4_spv, sizeof(img4_spv), &sp));
    VK(buf_new(dev, mp, 64 * 8, &out));
    VkSampler mipmap = sampler_new(dev, VK_FILTER_NEAREST,
                                   VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, MIP_LEVELS - 1);
    VkSampler nearest = sampler_new(dev, VK_FILTER_NEAREST,
                                    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 0.0f);
    VkDescriptorImageInfo dii[2] = {
        { mipmap, mip->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { nearest, rgba->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
    };
    sampled_write(dev, &sp, out.buf, dii, 2);
    VkCommandBuffer cb = vk->cb;
    VK(cb_begin(cb));
    sampled_dispatch(cb, &sp, 1);
    VkResult r = submit_wait(dev, vk->queue, cb, vk->fence);
    if (report(r == VK_SUCCESS, "img4: one dispatch completed (VkResult %d)", r)) {
        images4_check(out.map);
    }
    return r == VK_SUCCESS ? images3(vk, mp) : 1;
}

/* Uploads the array and the volume, then one dispatch of img2.comp. */
static VkResult images2_record(VkCommandBuffer cb, const Sampled *sp, const Img im[5],
                               const Buf *stage)
{
    /* the array, the volume, each level of the mipmapped image, the cube's faces */
    VkBufferImageCopy up[4 + MIP_LEVELS] = {
        { .bufferOffset = 0, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 3 },
          .imageExtent = { 8, 8, 1 } },
        { .bufferOffset = 8 * 8 * 3 * 4, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
          .imageExtent = { 8, 8, 4 } },
    };
    uint32_t at = 8 * 8 * 7 * 4;

    for (uint32_t lv = 0; lv < MIP_LEVELS; lv++) {
        up[2 + lv] = (VkBufferImageCopy){
            .bufferOffset = at, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, lv, 0, 1 },
            .imageExtent = { IMG >> lv, IMG >> lv, 1 } };
        at += (IMG >> lv) * (IMG >> lv) * 4;
    }
    up[2 + MIP_LEVELS] = (VkBufferImageCopy){
        .bufferOffset = at, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 6 },
        .imageExtent = { IMG, IMG, 1 } };
    up[3 + MIP_LEVELS] = (VkBufferImageCopy){
        .bufferOffset = at + IMG * IMG * 6 * 4,
        .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 12 },
        .imageExtent = { IMG, IMG, 1 } };
    VkResult r = cb_begin(cb);

    if (r != VK_SUCCESS) {
        return r;
    }
    for (unsigned k = 0; k < 5; k++) {
        img_upload(cb, &im[k], stage->buf, &up[k < 3 ? k : k - 1 + MIP_LEVELS],
                   k == 2 ? MIP_LEVELS : 1, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    }
    sampled_dispatch(cb, sp, IMG2_N / 64);
    return VK_SUCCESS;
}

/* img2.comp over a new array and volume and img.comp's RGBA8 image (rgba). */
static int images2(const Vk *vk, const VkPhysicalDeviceMemoryProperties *mp, const Img *rgba)
{
    VkDevice dev = vk->dev;
    Sampled sp;
    Img im[5];
    Buf out, stage;

    VK(sampled_new(dev, 7, img2_spv, sizeof(img2_spv), &sp));
    VK(img_new(dev, mp, VK_FORMAT_R8G8B8A8_UNORM, (VkExtent3D){ 8, 8, 1 }, 3, 1,
               VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_IMAGE_USAGE_SAMPLED_BIT, &im[0]));
    VK(img_new(dev, mp, VK_FORMAT_R8G8B8A8_UNORM, (VkExtent3D){ 8, 8, 4 }, 1, 1,
               VK_IMAGE_VIEW_TYPE_3D, VK_IMAGE_USAGE_SAMPLED_BIT, &im[1]));
    VK(img_new(dev, mp, VK_FORMAT_R8G8B8A8_UNORM, (VkExtent3D){ IMG, IMG, 1 }, 1, MIP_LEVELS,
               VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_USAGE_SAMPLED_BIT, &im[2]));
    VK(img_new(dev, mp, VK_FORMAT_R8G8B8A8_UNORM, (VkExtent3D){ IMG, IMG, 1 }, 6, 1,
               VK_IMAGE_VIEW_TYPE_CUBE, VK_IMAGE_USAGE_SAMPLED_BIT, &im[3]));
    VK(img_new(dev, mp, VK_FORMAT_R8G8B8A8_UNORM, (VkExtent3D){ IMG, IMG, 1 }, 12, 1,
               VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, VK_IMAGE_USAGE_SAMPLED_BIT, &im[4]));
    VK(buf_new(dev, mp, IMG2_N * IMG2_WORDS, &out));
    VK(buf_new(dev, mp, 8 * 8 * 7 + IMG * IMG * 20, &stage));
    uint32_t *mipw = stage.map + 8 * 8 * 7;
    for (uint32_t lv = 0; lv < MIP_LEVELS; lv++) {
        for (uint32_t y = 0; y < (IMG >> lv); y++) {
            for (uint32_t x = 0; x < (IMG >> lv); x++) {
                *mipw++ = mip_rgba(lv, x, y);
            }
        }
    }
    for (uint32_t f = 0; f < 6; f++) {
        for (uint32_t y = 0; y < IMG; y++) {
            for (uint32_t x = 0; x < IMG; x++) {
                *mipw++ = cube_rgba(f, x, y);
            }
        }
    }
    for (uint32_t l = 0; l < 12; l++) {
        for (uint32_t y = 0; y < IMG; y++) {
            for (uint32_t x = 0; x < IMG; x++) {
                *mipw++ = cubes_rgba(l, x, y);
            }
        }
    }
    for (uint32_t z = 0; z < 4; z++) {
        for (uint32_t y = 0; y < 8; y++) {
            for (uint32_t x = 0; x < 8; x++) {
                if (z < 3) {
                    stage.map[(z * 8 + y) * 8 + x] = arr_rgba(x, y, z);
                }
                stage.map[8 * 8 * 3 + (z * 8 + y) * 8 + x] = vol_rgba(x, y, z);
            }
        }
    }
    VkSampler nearest = sampler_new(dev, VK_FILTER_NEAREST,
                                    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 0.0f);
    VkSampler linear = sampler_new(dev, VK_FILTER_LINEAR,
                                    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 0.0f);
    VkSampler border = sampler_new(dev, VK_FILTER_NEAREST,
                                    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER, 0.0f);
    VkSampler mirror = sampler_new(dev, VK_FILTER_NEAREST,
                                    VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT, 0.0f);
    VkSampler mipmap = sampler_new(dev, VK_FILTER_NEAREST,
                                   VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, MIP_LEVELS - 1);
    VkDescriptorImageInfo dii[7] = {
        { nearest, im[0].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { linear, im[1].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { border, rgba->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { mirror, rgba->view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { mipmap, im[2].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { nearest, im[3].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { nearest, im[4].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
    };
    sampled_write(dev, &sp, out.buf, dii, 7);
    VK(images2_record(vk->cb, &sp, im, &stage));
    VkResult r = submit_wait(dev, vk->queue, vk->cb, vk->fence);
    if (report(r == VK_SUCCESS, "img2: uploads and one dispatch completed (VkResult %d)", r)) {
        images2_check(out.map);
    }
    return r == VK_SUCCESS ? images4(vk, mp, &im[2], rgba) : 1;
}

/* img.comp: its layout, images, samplers and descriptors; checks its results. */
static int images(const Vk *vk, const VkPhysicalDeviceMemoryProperties *mp)
{
    static const VkDescriptorType types[5] = {
        VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
        VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
    };
    VkDevice dev = vk->dev;
    VkDescriptorSetLayoutBinding bind[5];
    VkDescriptorSetLayout dsl;
    VkPipelineLayout pl;
    VkPipeline pipe;
    VkDescriptorPool dp;
    VkDescriptorSet ds;
    Img im[3];
    Buf out, stage;

    for (uint32_t i = 0; i < 5; i++) {
        bind[i] = (VkDescriptorSetLayoutBinding){ .binding = i, .descriptorType = types[i],
                                                  .descriptorCount = 1,
                                                  .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
    }
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 5,
        .pBindings = bind };
    VK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl));
    VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                        .setLayoutCount = 1, .pSetLayouts = &dsl };
    VK(vkCreatePipelineLayout(dev, &plci, NULL, &pl));
    VK(make_pipeline(dev, pl, img_spv, sizeof(img_spv), &pipe));
    VkDescriptorPoolSize ps[3] = { { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 },
                                   { VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2 },
                                   { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 } };
    VkDescriptorPoolCreateInfo dpci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                        .maxSets = 1, .poolSizeCount = 3, .pPoolSizes = ps };
    VK(vkCreateDescriptorPool(dev, &dpci, NULL, &dp));
    VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                         .descriptorPool = dp, .descriptorSetCount = 1,
                                         .pSetLayouts = &dsl };
    VK(vkAllocateDescriptorSets(dev, &dsai, &ds));

    VK(img_new(dev, mp, VK_FORMAT_R8G8B8A8_UNORM, (VkExtent3D){ IMG, IMG, 1 }, 1, 1,
               VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_USAGE_SAMPLED_BIT, &im[0]));
    VK(img_new(dev, mp, VK_FORMAT_R32_UINT, (VkExtent3D){ IMG, IMG, 1 }, 1, 1,
               VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_USAGE_STORAGE_BIT, &im[1]));
    VK(img_new(dev, mp, VK_FORMAT_R32_UINT, (VkExtent3D){ IMG_COUNTS, 1, 1 }, 1, 1,
               VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_USAGE_STORAGE_BIT, &im[2]));
    VK(buf_new(dev, mp, IMG * IMG * 5, &out));
    VK(buf_new(dev, mp, IMG * IMG * 5, &stage));
    memset(stage.map, 0, IMG * IMG * 20);
    for (uint32_t y = 0; y < IMG; y++) {
        for (uint32_t x = 0; x < IMG; x++) {
            stage.map[y * IMG + x] = img_rgba(x, y);
            stage.map[IMG * IMG + y * IMG + x] = img_store_word(x, y);
        }
    }
    VkSampler nearest = sampler_new(dev, VK_FILTER_NEAREST,
                                    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 0.0f);
    VkSampler linear = sampler_new(dev, VK_FILTER_LINEAR,
                                    VK_SAMPLER_ADDRESS_MODE_REPEAT, 0.0f);
    VkDescriptorBufferInfo dbi = { out.buf, 0, VK_WHOLE_SIZE };
    VkDescriptorImageInfo dii[4] = {
        { VK_NULL_HANDLE, im[1].view, VK_IMAGE_LAYOUT_GENERAL },
        { nearest, im[0].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { linear, im[0].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
        { VK_NULL_HANDLE, im[2].view, VK_IMAGE_LAYOUT_GENERAL },
    };
    VkWriteDescriptorSet wds[5];
    for (uint32_t i = 0; i < 5; i++) {
        wds[i] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                         .dstSet = ds, .dstBinding = i, .descriptorCount = 1,
                                         .descriptorType = types[i],
                                         .pBufferInfo = i ? NULL : &dbi,
                                         .pImageInfo = i ? &dii[i - 1] : NULL };
    }
    vkUpdateDescriptorSets(dev, 5, wds, 0, NULL);
    VK(images_record(vk->cb, pipe, pl, ds, im, &stage));
    VkResult r = submit_wait(dev, vk->queue, vk->cb, vk->fence);
    if (report(r == VK_SUCCESS, "img: uploads, one dispatch and read-backs completed "
               "(VkResult %d)", r)) {
        images_check(out.map, stage.map + IMG * IMG * 3, stage.map + IMG * IMG * 4);
    }
    return r == VK_SUCCESS ? images2(vk, mp, &im[0]) : 1;
}

static float in_a(uint32_t i) { return (float)i * 0.5f; }
static float in_b(uint32_t i) { return (float)(N - i) * 0.25f; }

int main(int argc, char **argv)
{
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .pApplicationName = "nvqemu vk-compute",
                              .apiVersion = VK_API_VERSION_1_2 };
    VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                 .pApplicationInfo = &app };
    VkInstance inst;
    VK(vkCreateInstance(&ici, NULL, &inst));

    uint32_t count = 1;
    VkPhysicalDevice pdev;
    VkResult r = vkEnumeratePhysicalDevices(inst, &count, &pdev);
    if (!report((r == VK_SUCCESS || r == VK_INCOMPLETE) && count == 1,
                "a Vulkan physical device (%u)", count)) {
        return 1;
    }
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(pdev, &props);
    report(strstr(props.deviceName, "NVK") != NULL, "the device is NVK's: %s", props.deviceName);

    /* A queue family with compute. */
    VkQueueFamilyProperties qf[8];
    uint32_t nqf = 8, family = UINT32_MAX;
    vkGetPhysicalDeviceQueueFamilyProperties(pdev, &nqf, qf);
    for (uint32_t i = 0; i < nqf && family == UINT32_MAX; i++) {
        if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
            family = i;
        }
    }
    if (!report(family != UINT32_MAX, "a compute queue family (%u)", family)) {
        return 1;
    }
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                    .queueFamilyIndex = family, .queueCount = 1,
                                    .pQueuePriorities = &prio };
    VkPhysicalDeviceFeatures have, enable = { 0 };
    vkGetPhysicalDeviceFeatures(pdev, &have);
    if (!report(have.shaderInt64 && have.shaderFloat64, "64-bit integers and doubles in "
                "shaders (%u, %u)", have.shaderInt64, have.shaderFloat64)) {
        return 1;
    }
    enable.shaderInt64 = enable.shaderFloat64 = enable.shaderInt16 = VK_TRUE;
    enable.imageCubeArray = have.imageCubeArray;     /* img2.comp's cube map array */
    /* mix4's narrow types */
    VkPhysicalDeviceVulkan11Features f11 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
        .storageBuffer16BitAccess = VK_TRUE };
    VkPhysicalDeviceVulkan12Features f12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &f11,
        .shaderInt8 = VK_TRUE };
    VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &f12,
                               .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
                               .pEnabledFeatures = &enable };
    VkDevice dev;
    VK(vkCreateDevice(pdev, &dci, NULL, &dev));
    VkQueue queue;
    vkGetDeviceQueue(dev, family, 0, &queue);

    /* The buffers. */
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(pdev, &mp);
    Buf a, b, c;
    VK(buf_new(dev, &mp, N, &a));
    VK(buf_new(dev, &mp, N, &b));
    VK(buf_new(dev, &mp, N + EXTRA, &c));
    for (uint32_t i = 0; i < N; i++) {
        float va = in_a(i), vb = in_b(i);
        memcpy(&a.map[i], &va, 4);
        memcpy(&b.map[i], &vb, 4);
    }
    for (uint32_t i = 0; i < N + EXTRA; i++) {
        c.map[i] = FILL;
    }

    /* The pipeline: three storage buffers and n as a push constant. */
    VkDescriptorSetLayoutBinding bind[3];
    for (uint32_t i = 0; i < 3; i++) {
        bind[i] = (VkDescriptorSetLayoutBinding){
            .binding = i, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
    }
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 3, .pBindings = bind };
    VkDescriptorSetLayout dsl;
    VK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl));
    VkPushConstantRange pcr = { .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .size = 4 };
    VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                        .setLayoutCount = 1, .pSetLayouts = &dsl,
                                        .pushConstantRangeCount = 1,
                                        .pPushConstantRanges = &pcr };
    VkPipelineLayout pl;
    VK(vkCreatePipelineLayout(dev, &plci, NULL, &pl));
    VkPipeline pipe, red_pipe, mix_pipe, mix2_pipe, mix3_pipe, mix4_pipe;
    VK(make_pipeline(dev, pl, vadd_spv, sizeof(vadd_spv), &pipe));
    VK(make_pipeline(dev, pl, reduce_spv, sizeof(reduce_spv), &red_pipe));
    VK(make_pipeline(dev, pl, mix_spv, sizeof(mix_spv), &mix_pipe));
    VK(make_pipeline(dev, pl, mix2_spv, sizeof(mix2_spv), &mix2_pipe));
    VK(make_pipeline(dev, pl, mix3_spv, sizeof(mix3_spv), &mix3_pipe));
    VK(make_pipeline(dev, pl, mix4_spv, sizeof(mix4_spv), &mix4_pipe));
    VkPipeline runaway_pipe;
    VK(make_pipeline(dev, pl, runaway_spv, sizeof(runaway_spv), &runaway_pipe));
    report(true, "compute pipelines created (NVK compiled vadd, reduce and mix to mix4 to "
           "sm_75 code)");

    VkDescriptorPoolSize ps = { .type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                .descriptorCount = 18 };
    VkDescriptorPoolCreateInfo dpci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                        .maxSets = 6, .poolSizeCount = 1, .pPoolSizes = &ps };
    VkDescriptorPool dp;
    VK(vkCreateDescriptorPool(dev, &dpci, NULL, &dp));

    /* Record, submit, wait. */
    VkCommandPoolCreateInfo cpi = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .queueFamilyIndex = family };
    VkCommandPool pool;
    VK(vkCreateCommandPool(dev, &cpi, NULL, &pool));
    VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1 };
    VkCommandBuffer cb;
    VK(vkAllocateCommandBuffers(dev, &cbai, &cb));
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    VkFence fence;
    VK(vkCreateFence(dev, &fci, NULL, &fence));
    const Vk vk = { dev, queue, cb, fence, dp, dsl, pl };
    if (argc > 1 && !strcmp(argv[1], "--runaway")) {
        return runaway(&vk, runaway_pipe, &c);
    }
    r = run(&vk, pipe, a.buf, b.buf, c.buf, N, N / GROUP, 1);
    if (!report(r == VK_SUCCESS, "vkCmdDispatch of %u workgroups completed (VkResult %d)",
                N / GROUP, r)) {
        return 1;
    }

    unsigned bad = 0, first = 0;
    for (uint32_t i = 0; i < N + EXTRA; i++) {
        float want = in_a(i) + in_b(i), got;
        memcpy(&got, &c.map[i], 4);
        bool ok = i < N ? got == want : c.map[i] == FILL;
        if (!ok && bad++ == 0) {
            first = i;
        }
    }
    if (bad) {
        report(false, "vadd over %u floats: %u words wrong, the first at element %u", N, bad,
               first);
    } else {
        report(true, "vadd over %u floats: every sum right, the words past them untouched", N);
    }

    /* Transfers: fill, update (data in the command buffer), copy. */
    Buf d;
    VK(buf_new(dev, &mp, N, &d));
    for (uint32_t i = 0; i < N; i++) {
        d.map[i] = FILL;
    }
    uint32_t upd[UPD_WORDS];
    for (uint32_t i = 0; i < UPD_WORDS; i++) {
        upd[i] = upd_word(i);
    }
    VkMemoryBarrier tb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT |
                                            VK_ACCESS_HOST_READ_BIT };
    VkBufferCopy region = { .srcOffset = 0, .dstOffset = COPY_AT * 4, .size = COPY_WORDS * 4 };
    VK(vkResetCommandBuffer(cb, 0));
    VK(vkBeginCommandBuffer(cb, &cbbi));
    vkCmdFillBuffer(cb, d.buf, 0, VK_WHOLE_SIZE, FILL_WORD);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &tb, 0, NULL, 0, NULL);
    vkCmdUpdateBuffer(cb, d.buf, UPD_AT * 4, sizeof(upd), upd);
    vkCmdCopyBuffer(cb, c.buf, d.buf, 1, &region);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &tb, 0, NULL, 0, NULL);
    r = submit_wait(dev, queue, cb, fence);
    if (!report(r == VK_SUCCESS, "fill, update and copy completed (VkResult %d)", r)) {
        return 1;
    }
    bad = 0;
    for (uint32_t i = 0; i < N; i++) {
        uint32_t want = FILL_WORD;
        if (i >= UPD_AT && i < UPD_AT + UPD_WORDS) {
            want = upd_word(i - UPD_AT);
        } else if (i >= COPY_AT && i < COPY_AT + COPY_WORDS) {
            want = c.map[i - COPY_AT];
        }
        if (d.map[i] != want && bad++ == 0) {
            first = i;
        }
    }
    if (bad) {
        report(false, "transfers: %u of %u words wrong, the first at word %u (0x%08x)", bad, N,
               first, d.map[first]);
    } else {
        report(true, "vkCmdFillBuffer, vkCmdUpdateBuffer and vkCmdCopyBuffer: all %u words "
               "right", N);
    }

    /* The reduction: shared memory, barriers and a global atomic. */
    Buf in, out;
    VK(buf_new(dev, &mp, RED_N, &in));
    VK(buf_new(dev, &mp, 16, &out));
    uint32_t want = 0;
    for (uint32_t i = 0; i < RED_N; i++) {
        in.map[i] = red_word(i);
        want += in.map[i];
    }
    out.map[0] = 0;
    uint32_t groups = (RED_N + GROUP - 1) / GROUP;
    r = run(&vk, red_pipe, in.buf, in.buf, out.buf, RED_N, groups, 1);
    if (report(r == VK_SUCCESS, "reduce: %u workgroups completed (VkResult %d)", groups, r)) {
        report(out.map[0] == want, "reduce: the sum of %u uints is %u (want %u)", RED_N,
               out.map[0], want);
    }

    /* The mix: the subgroup size decides which invocations share results. */
    VkPhysicalDeviceSubgroupProperties sgp = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES };
    VkPhysicalDeviceProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                       .pNext = &sgp };
    vkGetPhysicalDeviceProperties2(pdev, &p2);
    if (!report(sgp.subgroupSize >= 1 && sgp.subgroupSize <= 32 && GROUP % sgp.subgroupSize == 0,
                "subgroup size %u", sgp.subgroupSize)) {
        return 1;
    }
    Buf mv, mo;
    VK(buf_new(dev, &mp, MIX_N, &mv));
    VK(buf_new(dev, &mp, MIX_N * 8, &mo));
    for (uint32_t i = 0; i < MIX_N; i++) {
        mv.map[i] = mix_word(i);
    }
    r = run(&vk, mix_pipe, mv.buf, mv.buf, mo.buf, 0, MIX_N / GROUP, 1);
    if (report(r == VK_SUCCESS, "mix: %u workgroups completed (VkResult %d)", MIX_N / GROUP,
               r)) {
        bad = mix_check(mv.map, mo.map, sgp.subgroupSize, &first);
        report_mix("mix: division, local array, subgroup add/broadcast/ballot, sqrt/exp2/sin",
                   bad, first, mo.map, MIX_N * 8);
    }

    /* The second mix, over two rows of workgroups. */
    Buf m2v, m2acc, m2o;
    VK(buf_new(dev, &mp, MIX2_N, &m2v));
    VK(buf_new(dev, &mp, 16, &m2acc));
    VK(buf_new(dev, &mp, MIX2_N * 8, &m2o));
    for (uint32_t i = 0; i < MIX2_N; i++) {
        m2v.map[i] = mix2_word(i);
    }
    m2acc.map[0] = 0;
    m2acc.map[1] = UINT32_MAX;
    m2acc.map[2] = 0;
    m2acc.map[3] = 0;
    r = run(&vk, mix2_pipe, m2v.buf, m2acc.buf, m2o.buf, 0, MIX_N / GROUP, MIX2_ROWS);
    if (report(r == VK_SUCCESS, "mix2: %ux%u workgroups completed (VkResult %d)",
               MIX_N / GROUP, MIX2_ROWS, r)) {
        bad = mix2_check(m2v.map, m2o.map, m2acc.map, &first);
        report_mix("mix2: 64-bit integers, doubles, bit operations, a divergent loop, shared "
                   "and global atomics (accumulators included)", bad, first, m2o.map,
                   MIX2_N * 8);
        if (bad) {
            printf("NOTE: mix2 accumulators %u 0x%08x 0x%08x %u\n", m2acc.map[0],
                   m2acc.map[1], m2acc.map[2], m2acc.map[3]);
        }
    }

    /* The third mix reuses the first one's input. */
    r = run(&vk, mix3_pipe, mv.buf, mv.buf, mo.buf, 0, MIX_N / GROUP, 1);
    if (report(r == VK_SUCCESS, "mix3: %u workgroups completed (VkResult %d)", MIX_N / GROUP,
               r)) {
        bad = 0;
        for (uint32_t i = 0; i < MIX_N; i++) {
            uint32_t want3[8];
            mix3_expect(mv.map, i, sgp.subgroupSize, want3);
            for (unsigned k = 0; k < 8; k++) {
                if (mo.map[i * 8 + k] != want3[k] && bad++ == 0) {
                    first = i * 8 + k;
                }
            }
        }
        report_mix("mix3: shuffles, votes, rounding, conversions, min/max/clamp, selects, a "
                   "shared compare-and-swap", bad, first, mo.map, MIX_N * 8);
    }

    /* The fourth mix: narrow types, its 16-bit stores into a buffer of their own. */
    Buf m4h;
    VK(buf_new(dev, &mp, MIX_N / 2, &m4h));
    r = run(&vk, mix4_pipe, mv.buf, m4h.buf, mo.buf, 0, MIX_N / GROUP, 1);
    if (report(r == VK_SUCCESS, "mix4: %u workgroups completed (VkResult %d)", MIX_N / GROUP,
               r)) {
        const uint16_t *h = (const uint16_t *)m4h.map;
        bad = 0;
        for (uint32_t i = 0; i < MIX_N; i++) {
            uint32_t want4[4];
            uint16_t wh;
            mix4_expect(mv.map[i], i, want4, &wh);
            for (unsigned k = 0; k < 4; k++) {
                if (mo.map[i * 4 + k] != want4[k] && bad++ == 0) {
                    first = i * 4 + k;
                }
            }
            if (h[i] != wh && bad++ == 0) {
                first = i * 4;
            }
        }
        report_mix("mix4: 16- and 8-bit integers, 16-bit stores", bad, first, mo.map,
                   MIX_N * 4);
    }
    images(&vk, &mp);
    vkDestroyDevice(dev, NULL);
    vkDestroyInstance(inst, NULL);
    return failed;
}
