/*
 * What the in-guest Vulkan test programs share (vk-draw, vk-scene): the
 * device, command buffer and fence of one queue, images in optimal tiling
 * with their views, mapped buffers, layout barriers, read-backs and
 * one-shot submits.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_GUEST_VULKAN_VK_COMMON_H
#define TESTS_GUEST_VULKAN_VK_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "../guest-report.h"

#define VK(call) do { \
    VkResult r_ = (call); \
    if (r_ != VK_SUCCESS) { \
        report(false, "%s returned %d", #call, r_); \
        return 1; \
    } \
} while (0)

typedef struct Vk {
    VkPhysicalDevice pdev;
    VkPhysicalDeviceMemoryProperties mp;
    VkDevice dev;
    VkQueue queue;
    VkCommandBuffer cb;
    VkFence fence;
} Vk;

typedef struct Img {
    VkImage img;
    VkImageView view;
    VkFormat fmt;
    VkImageAspectFlags aspect;
    uint32_t w, h, layers;
} Img;

typedef struct Buf {
    VkBuffer buf;
    void *map;
} Buf;

static inline uint32_t mem_type(const Vk *vk, uint32_t bits, VkMemoryPropertyFlags want)
{
    for (uint32_t i = 0; i < vk->mp.memoryTypeCount; i++) {
        if ((bits >> i) & 1 && (vk->mp.memoryTypes[i].propertyFlags & want) == want) {
            return i;
        }
    }
    return 0;
}

static inline VkResult bind_memory(const Vk *vk, VkMemoryRequirements req, VkMemoryPropertyFlags want,
                            VkDeviceMemory *mem)
{
    VkMemoryAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = req.size,
                                .memoryTypeIndex = mem_type(vk, req.memoryTypeBits, want) };

    return vkAllocateMemory(vk->dev, &ai, NULL, mem);
}

/* A host-visible buffer of size bytes for read-backs, mapped. */
static inline VkResult buf_new(const Vk *vk, VkDeviceSize size, Buf *b)
{
    VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size,
                              .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT };
    VkMemoryRequirements req;
    VkDeviceMemory mem;
    VkResult r;

    if ((r = vkCreateBuffer(vk->dev, &bi, NULL, &b->buf)) != VK_SUCCESS) {
        return r;
    }
    vkGetBufferMemoryRequirements(vk->dev, b->buf, &req);
    if ((r = bind_memory(vk, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, &mem)) != VK_SUCCESS ||
        (r = vkBindBufferMemory(vk->dev, b->buf, mem, 0)) != VK_SUCCESS) {
        return r;
    }
    return vkMapMemory(vk->dev, mem, 0, size, 0, &b->map);
}

/* A w x h image of fmt with `layers` layers in optimal tiling, device-local, and its view. */
static inline VkResult img_layers_new(const Vk *vk, VkFormat fmt, uint32_t w, uint32_t h,
                               uint32_t layers, VkImageUsageFlags usage,
                               VkImageAspectFlags aspect, Img *im)
{
    VkImageCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
        .format = fmt, .extent = { w, h, 1 }, .mipLevels = 1, .arrayLayers = layers,
        .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT };
    VkMemoryRequirements req;
    VkDeviceMemory mem;
    VkResult r;

    im->fmt = fmt;
    im->aspect = aspect;
    im->w = w;
    im->h = h;
    im->layers = layers;
    if ((r = vkCreateImage(vk->dev, &ci, NULL, &im->img)) != VK_SUCCESS) {
        return r;
    }
    vkGetImageMemoryRequirements(vk->dev, im->img, &req);
    if ((r = bind_memory(vk, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &mem)) != VK_SUCCESS ||
        (r = vkBindImageMemory(vk->dev, im->img, mem, 0)) != VK_SUCCESS) {
        return r;
    }
    VkImageViewCreateInfo vi = { .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                 .image = im->img,
                                 .viewType = layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY :
                                                          VK_IMAGE_VIEW_TYPE_2D,
                                 .format = fmt,
                                 .subresourceRange = { aspect, 0, 1, 0, layers } };
    return vkCreateImageView(vk->dev, &vi, NULL, &im->view);
}

static inline VkResult img_new(const Vk *vk, VkFormat fmt, uint32_t w, uint32_t h,
                        VkImageUsageFlags usage, VkImageAspectFlags aspect, Img *im)
{
    return img_layers_new(vk, fmt, w, h, 1, usage, aspect, im);
}

/* A full barrier moving im from one layout to another. */
static inline void layout(VkCommandBuffer cb, const Img *im, VkImageLayout from, VkImageLayout to)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
        .oldLayout = from, .newLayout = to, .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = im->img,
        .subresourceRange = { im->aspect, 0, 1, 0, im->layers } };

    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, NULL, 0, NULL, 1, &b);
}

/* Copies im (in TRANSFER_SRC_OPTIMAL) into out, tightly packed, and makes it host-visible. */
static inline void read_back(VkCommandBuffer cb, const Img *im, const Buf *out)
{
    VkBufferImageCopy c = { .imageSubresource = { im->aspect, 0, 0, im->layers },
                            .imageExtent = { im->w, im->h, 1 } };
    VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_HOST_READ_BIT };

    vkCmdCopyImageToBuffer(cb, im->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out->buf, 1, &c);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &mb, 0, NULL, 0, NULL);
}

static inline VkResult begin(const Vk *vk)
{
    VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                    .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };

    vkResetCommandBuffer(vk->cb, 0);
    return vkBeginCommandBuffer(vk->cb, &bi);
}

static inline VkResult submit(const Vk *vk)
{
    VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                        .pCommandBuffers = &vk->cb };
    VkResult r;

    if ((r = vkEndCommandBuffer(vk->cb)) != VK_SUCCESS ||
        (r = vkResetFences(vk->dev, 1, &vk->fence)) != VK_SUCCESS ||
        (r = vkQueueSubmit(vk->queue, 1, &si, vk->fence)) != VK_SUCCESS) {
        return r;
    }
    return vkWaitForFences(vk->dev, 1, &vk->fence, VK_TRUE, 5000000000ull);
}

/* A host-visible buffer holding data (vertices, indices). */
static inline VkResult data_buf(const Vk *vk, const void *data, size_t size, VkBufferUsageFlags usage,
                         VkBuffer *out)
{
    VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size,
                              .usage = usage };
    VkMemoryRequirements req;
    VkDeviceMemory mem;
    void *map;
    VkResult r;

    if ((r = vkCreateBuffer(vk->dev, &bi, NULL, out)) != VK_SUCCESS) {
        return r;
    }
    vkGetBufferMemoryRequirements(vk->dev, *out, &req);
    if ((r = bind_memory(vk, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, &mem)) != VK_SUCCESS ||
        (r = vkBindBufferMemory(vk->dev, *out, mem, 0)) != VK_SUCCESS ||
        (r = vkMapMemory(vk->dev, mem, 0, size, 0, &map)) != VK_SUCCESS) {
        return r;
    }
    memcpy(map, data, size);
    return VK_SUCCESS;
}


/* A logical device with one queue of the first graphics family, a command buffer and a fence. */
static inline VkResult vk_open(VkPhysicalDevice pdev, Vk *vk)
{
    uint32_t family = UINT32_MAX, nqf = 8;
    VkQueueFamilyProperties qf[8];
    float prio = 1.0f;
    VkResult r;

    vk->pdev = pdev;
    vkGetPhysicalDeviceQueueFamilyProperties(pdev, &nqf, qf);
    for (uint32_t i = 0; i < nqf && family == UINT32_MAX; i++) {
        if (qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
            family = i;
        }
    }
    if (family == UINT32_MAX) {
        return VK_ERROR_FEATURE_NOT_PRESENT;
    }
    VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                    .queueFamilyIndex = family, .queueCount = 1,
                                    .pQueuePriorities = &prio };
    VkPhysicalDeviceVulkan13Features f13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .dynamicRendering = VK_TRUE };
    VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &f13,
                               .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci };
    if ((r = vkCreateDevice(pdev, &dci, NULL, &vk->dev)) != VK_SUCCESS) {
        return r;
    }
    vkGetDeviceQueue(vk->dev, family, 0, &vk->queue);
    vkGetPhysicalDeviceMemoryProperties(pdev, &vk->mp);
    VkCommandPoolCreateInfo pci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                    .queueFamilyIndex = family };
    VkCommandPool pool;
    if ((r = vkCreateCommandPool(vk->dev, &pci, NULL, &pool)) != VK_SUCCESS) {
        return r;
    }
    VkCommandBufferAllocateInfo cai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                        .commandBufferCount = 1 };
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    if ((r = vkAllocateCommandBuffers(vk->dev, &cai, &vk->cb)) != VK_SUCCESS) {
        return r;
    }
    return vkCreateFence(vk->dev, &fci, NULL, &vk->fence);
}

/* A shader module of SPIR-V words. */
static inline VkResult shader_new(const Vk *vk, const uint32_t *code, size_t size,
                                  VkShaderModule *m)
{
    VkShaderModuleCreateInfo ci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = size, .pCode = code };

    return vkCreateShaderModule(vk->dev, &ci, NULL, m);
}

/*
 * What the tests' graphics pipelines differ in; the rest is fixed: fill, no
 * culling, one sample, a viewport and scissor over the w x h target, depth
 * LESS (tested and written when depth_test), one colour attachment.
 */
typedef struct GfxDesc {
    VkShaderModule vs, fs;
    VkPipelineLayout layout;
    const VkPipelineVertexInputStateCreateInfo *vi;
    VkPrimitiveTopology topo;
    bool restart, depth_test;
    VkPipelineColorBlendAttachmentState blend;
    VkFormat cfmt, zfmt;                /* zfmt VK_FORMAT_UNDEFINED: no depth attachment */
    uint32_t w, h;
} GfxDesc;

static inline VkResult gfx_pipeline_new(const Vk *vk, const GfxDesc *g, VkPipeline *pipe)
{
    VkPipelineShaderStageCreateInfo stages[2] = {
        { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
          .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = g->vs, .pName = "main" },
        { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
          .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = g->fs, .pName = "main" } };
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = g->topo, .primitiveRestartEnable = g->restart };
    VkViewport vp = { 0, 0, (float)g->w, (float)g->h, 0, 1 };
    VkRect2D sc = { { 0, 0 }, { g->w, g->h } };
    VkPipelineViewportStateCreateInfo vps = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .viewportCount = 1,
        .pViewports = &vp, .scissorCount = 1, .pScissors = &sc };
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
        .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f };
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT };
    VkPipelineDepthStencilStateCreateInfo ds = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
        .depthTestEnable = g->depth_test, .depthWriteEnable = g->depth_test,
        .depthCompareOp = VK_COMPARE_OP_LESS };
    VkPipelineColorBlendStateCreateInfo cb = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
        .attachmentCount = 1, .pAttachments = &g->blend };
    VkPipelineRenderingCreateInfo rci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO, .colorAttachmentCount = 1,
        .pColorAttachmentFormats = &g->cfmt, .depthAttachmentFormat = g->zfmt };
    VkGraphicsPipelineCreateInfo gci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &rci,
        .stageCount = 2, .pStages = stages, .pVertexInputState = g->vi,
        .pInputAssemblyState = &ia, .pViewportState = &vps, .pRasterizationState = &rs,
        .pMultisampleState = &ms, .pDepthStencilState = &ds, .pColorBlendState = &cb,
        .layout = g->layout };

    return vkCreateGraphicsPipelines(vk->dev, VK_NULL_HANDLE, 1, &gci, NULL, pipe);
}

#endif
