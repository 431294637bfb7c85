/*
 * vk-scene: one 256x256 scene rendered by NVK on the virtual GPU and by
 * Mesa's lavapipe (the CPU Vulkan driver of the same Mesa release), then
 * compared pixel by pixel; the two images side by side (the GPU's on the
 * left) go to a PNG (`vk-scene FILE`).
 *
 * The scene, in a render pass that clears colour and depth: a 64x64 RGBA8
 * texture (8x8 checks of two colour gradients) on a quad sampled nearest at
 * twice its size and on a quad sampled bilinear at 1.5 times; two gradient
 * triangles at different depths (the nearer, drawn second, wins); a
 * triangle fan with a colour per rim vertex; a triangle blended with
 * alpha 0.5 over the nearest quad; lines through pixel centres framing the
 * image; and points of sizes 1 to 8 that the vertex shader writes.
 *
 * What is exact under Vulkan's rules is checked exactly: coverage (both
 * snap to 1/256 pixel and use the top-left rule), nearest texels (against
 * the texture itself, too), flat colours and depth-test outcomes; colours
 * that are interpolated or blended may differ by one step of 8 bits, and
 * in the bilinear quad by three (the filter weights' precision differs:
 * the hardware's are 8-bit fixed point). One PASS:/FAIL: line per check;
 * exit status 1 if a check failed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "vk-common.h"
#include "vk-device.h"
#include "scene_frag_spv.h"
#include "scene_vert_spv.h"

#define S       256u                    /* the image: S x S */
#define TS      64u                     /* the texture */
#define CLEAR_R 0.2f                    /* exact in 8 bits: 51, 51, 102 */
#define CLEAR_B 0.4f

typedef struct SVtx {
    float pos[4], color[4];
    float uv[4];                        /* s, t, 0 colour / 1 nearest / 2 bilinear, point size */
} SVtx;

enum { P_DEPTH, P_FAN, P_BLEND, P_LINES, P_POINTS, P_COUNT };

typedef struct SceneDraw {
    unsigned pipe;
    uint32_t first, count;
} SceneDraw;

/* The bilinear quad, where three steps are allowed; the nearest quad's corner checked texel by texel. */
static const VkRect2D bilinear_rect = { { 150, 20 }, { 96, 96 } };
static const VkRect2D nearest_check = { { 16, 16 }, { 64, 64 } };

static SVtx sv(float x, float y, float z, float r, float g, float b, float a, float s, float t,
               float mode, float psize)
{
    SVtx v = { { x / (S / 2.0f) - 1.0f, y / (S / 2.0f) - 1.0f, z, 1.0f }, { r, g, b, a },
               { s, t, mode, psize } };

    return v;
}

static void texel(uint32_t x, uint32_t y, uint8_t *p)
{
    bool check = ((x / 8) + (y / 8)) & 1;

    p[0] = check ? 230 : (uint8_t)(40 + 2 * y);
    p[1] = check ? (uint8_t)(200 - 2 * y) : 90;
    p[2] = check ? (uint8_t)(40 + 2 * x) : (uint8_t)(200 - 2 * x);
    p[3] = 255;
}

/* A textured quad [x0, x1) x [y0, y1) as two triangles, s and t from 0 to 1. */
static unsigned quad(SVtx *v, float x0, float y0, float x1, float y1, float mode)
{
    SVtx a = sv(x0, y0, 0.5f, 1, 1, 1, 1, 0, 0, mode, 1), b = sv(x1, y0, 0.5f, 1, 1, 1, 1, 1, 0, mode, 1);
    SVtx c = sv(x0, y1, 0.5f, 1, 1, 1, 1, 0, 1, mode, 1), d = sv(x1, y1, 0.5f, 1, 1, 1, 1, 1, 1, mode, 1);

    v[0] = a, v[1] = b, v[2] = c, v[3] = b, v[4] = d, v[5] = c;
    return 6;
}

/* The scene's vertices and draws; returns the number of draws. */
static unsigned scene_build(SVtx *v, SceneDraw *d)
{
    unsigned n = 0, nd = 0, first;

    /* textured quads, then two triangles at depths 0.6 and (drawn after) 0.3 */
    n += quad(v + n, 16, 16, 144, 144, 1);
    n += quad(v + n, bilinear_rect.offset.x, bilinear_rect.offset.y,
              bilinear_rect.offset.x + bilinear_rect.extent.width,
              bilinear_rect.offset.y + bilinear_rect.extent.height, 2);
    v[n++] = sv(20, 160, 0.6f, 1, 0, 0, 1, 0, 0, 0, 1);
    v[n++] = sv(140, 170.25f, 0.6f, 0, 1, 0, 1, 0, 0, 0, 1);
    v[n++] = sv(60.5f, 250, 0.6f, 0, 0, 1, 1, 0, 0, 0, 1);
    v[n++] = sv(60, 150.5f, 0.3f, 1, 1, 0, 1, 0, 0, 0, 1);
    v[n++] = sv(150, 200, 0.3f, 0, 1, 1, 1, 0, 0, 0, 1);
    v[n++] = sv(30.75f, 230, 0.3f, 1, 0, 1, 1, 0, 0, 0, 1);
    d[nd++] = (SceneDraw){ P_DEPTH, 0, n };
    /* a fan of 16 segments around (200, 195) */
    first = n;
    v[n++] = sv(200, 195, 0.4f, 1, 1, 1, 1, 0, 0, 0, 1);
    for (unsigned i = 0; i <= 16; i++) {
        float a = (float)(i % 16) * 6.2831853f / 16;

        v[n++] = sv(200 + 45 * cosf(a), 195 + 45 * sinf(a), 0.4f, 0.5f + 0.5f * cosf(a),
                    0.5f + 0.5f * sinf(a), 0.5f - 0.5f * cosf(a), 1, 0, 0, 0, 1);
    }
    d[nd++] = (SceneDraw){ P_FAN, first, n - first };
    /* alpha 0.5 over the nearest quad's lower right */
    first = n;
    v[n++] = sv(100, 100, 0.2f, 1, 0.5f, 0, 0.5f, 0, 0, 0, 1);
    v[n++] = sv(180, 110, 0.2f, 1, 0.5f, 0, 0.5f, 0, 0, 0, 1);
    v[n++] = sv(120, 180, 0.2f, 1, 0.5f, 0, 0.5f, 0, 0, 0, 1);
    d[nd++] = (SceneDraw){ P_BLEND, first, 3 };
    /* a frame of lines through pixel centres, dark to light along each */
    first = n;
    v[n++] = sv(4, 3.5f, 0.1f, 0.2f, 0.2f, 0.2f, 1, 0, 0, 0, 1);
    v[n++] = sv(252, 3.5f, 0.1f, 1, 1, 1, 1, 0, 0, 0, 1);
    v[n++] = sv(4, 252.5f, 0.1f, 0.2f, 0.2f, 0.2f, 1, 0, 0, 0, 1);
    v[n++] = sv(252, 252.5f, 0.1f, 1, 1, 1, 1, 0, 0, 0, 1);
    v[n++] = sv(3.5f, 4, 0.1f, 0.2f, 0.2f, 0.2f, 1, 0, 0, 0, 1);
    v[n++] = sv(3.5f, 252, 0.1f, 1, 1, 1, 1, 0, 0, 0, 1);
    v[n++] = sv(252.5f, 4, 0.1f, 0.2f, 0.2f, 0.2f, 1, 0, 0, 0, 1);
    v[n++] = sv(252.5f, 252, 0.1f, 1, 1, 1, 1, 0, 0, 0, 1);
    d[nd++] = (SceneDraw){ P_LINES, first, 8 };
    /* points of sizes 1 to 8, centred so that no pixel centre is on an edge */
    first = n;
    for (unsigned i = 0; i < 8; i++) {
        float size = (float)(i + 1), half = (i + 1) & 1 ? 0.5f : 0;

        v[n++] = sv(156 + 12 * i + half, 130 + half, 0.1f, 1, 1, 0.5f, 1, 0, 0, 0, size);
    }
    d[nd++] = (SceneDraw){ P_POINTS, first, 8 };
    return nd;
}

/* ---- the pipelines ---- */

static VkResult pipeline_new(const Vk *vk, VkPipelineLayout pl, unsigned kind, VkPipeline *pipe)
{
    static const VkPrimitiveTopology topo[P_COUNT] = {
        VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN,
        VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_PRIMITIVE_TOPOLOGY_LINE_LIST,
        VK_PRIMITIVE_TOPOLOGY_POINT_LIST };
    GfxDesc g = { .layout = pl, .topo = topo[kind], .depth_test = kind == P_DEPTH || kind == P_FAN,
                  .cfmt = VK_FORMAT_R8G8B8A8_UNORM, .zfmt = VK_FORMAT_D32_SFLOAT, .w = S, .h = S,
                  .blend = { .blendEnable = kind == P_BLEND,
                             .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
                             .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
                             .colorBlendOp = VK_BLEND_OP_ADD,
                             .srcAlphaBlendFactor = VK_BLEND_FACTOR_ZERO,
                             .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                             .alphaBlendOp = VK_BLEND_OP_ADD, .colorWriteMask = 0xf } };
    VkVertexInputBindingDescription bind = { 0, sizeof(SVtx), VK_VERTEX_INPUT_RATE_VERTEX };
    VkVertexInputAttributeDescription attrs[3] = {
        { 0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0 },
        { 1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 16 },
        { 2, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 32 } };
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &bind,
        .vertexAttributeDescriptionCount = 3, .pVertexAttributeDescriptions = attrs };
    VkResult r;

    if ((r = shader_new(vk, scene_vert_spv, sizeof(scene_vert_spv), &g.vs)) != VK_SUCCESS ||
        (r = shader_new(vk, scene_frag_spv, sizeof(scene_frag_spv), &g.fs)) != VK_SUCCESS) {
        return r;
    }
    g.vi = &vi;
    return gfx_pipeline_new(vk, &g, pipe);
}

/* ---- the texture and its descriptors ---- */

/* The texture, uploaded through a staging buffer, and ready for sampling. */
static VkResult texture_new(const Vk *vk, Img *tex)
{
    static uint8_t data[TS * TS * 4];
    VkBuffer staging;
    VkResult r;

    for (uint32_t y = 0; y < TS; y++) {
        for (uint32_t x = 0; x < TS; x++) {
            texel(x, y, data + (y * TS + x) * 4);
        }
    }
    if ((r = img_new(vk, VK_FORMAT_R8G8B8A8_UNORM, TS, TS, VK_IMAGE_USAGE_SAMPLED_BIT,
                     VK_IMAGE_ASPECT_COLOR_BIT, tex)) != VK_SUCCESS ||
        (r = data_buf(vk, data, sizeof(data), VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging)) !=
            VK_SUCCESS ||
        (r = begin(vk)) != VK_SUCCESS) {
        return r;
    }
    VkBufferImageCopy c = { .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
                            .imageExtent = { TS, TS, 1 } };
    layout(vk->cb, tex, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdCopyBufferToImage(vk->cb, staging, tex->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
    layout(vk->cb, tex, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    return submit(vk);
}

/* The pipeline layout: one set, the texture through a nearest and a bilinear sampler. */
static VkResult descriptors_new(const Vk *vk, const Img *tex, VkPipelineLayout *pl,
                                VkDescriptorSet *set)
{
    VkDescriptorSetLayoutBinding b[2] = {
        { 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL },
        { 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL } };
    VkDescriptorSetLayoutCreateInfo lci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 2,
        .pBindings = b };
    VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 };
    VkDescriptorPoolCreateInfo pci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                       .maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &ps };
    VkDescriptorSetLayout sl;
    VkDescriptorPool pool;
    VkSampler smp[2];
    VkDescriptorImageInfo ii[2];
    VkResult r;

    for (unsigned i = 0; i < 2; i++) {
        VkSamplerCreateInfo sci = {
            .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
            .magFilter = i ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
            .minFilter = i ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
            .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
            .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
            .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
            .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE };

        if ((r = vkCreateSampler(vk->dev, &sci, NULL, &smp[i])) != VK_SUCCESS) {
            return r;
        }
        ii[i] = (VkDescriptorImageInfo){ smp[i], tex->view,
                                         VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
    }
    if ((r = vkCreateDescriptorSetLayout(vk->dev, &lci, NULL, &sl)) != VK_SUCCESS ||
        (r = vkCreateDescriptorPool(vk->dev, &pci, NULL, &pool)) != VK_SUCCESS) {
        return r;
    }
    VkDescriptorSetAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = pool, .descriptorSetCount = 1,
                                       .pSetLayouts = &sl };
    VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                        .setLayoutCount = 1, .pSetLayouts = &sl };
    if ((r = vkAllocateDescriptorSets(vk->dev, &ai, set)) != VK_SUCCESS ||
        (r = vkCreatePipelineLayout(vk->dev, &plci, NULL, pl)) != VK_SUCCESS) {
        return r;
    }
    VkWriteDescriptorSet w = { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = *set,
                               .dstBinding = 0, .descriptorCount = 2,
                               .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                               .pImageInfo = ii };
    vkUpdateDescriptorSets(vk->dev, 1, &w, 0, NULL);
    return VK_SUCCESS;
}

/* ---- rendering ---- */

/* Renders the scene on vk's device into px (S x S RGBA8). */
static VkResult render(const Vk *vk, uint8_t *px)
{
    static SVtx v[64];
    SceneDraw d[8];
    unsigned nd = scene_build(v, d);
    VkPipeline pipe[P_COUNT];
    VkPipelineLayout pl;
    VkDescriptorSet set;
    VkBuffer vb;
    Img tex, im, zb;
    Buf out;
    VkDeviceSize zero = 0;
    VkResult r;

    if ((r = texture_new(vk, &tex)) != VK_SUCCESS ||
        (r = descriptors_new(vk, &tex, &pl, &set)) != VK_SUCCESS ||
        (r = data_buf(vk, v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb)) != VK_SUCCESS ||
        (r = img_new(vk, VK_FORMAT_R8G8B8A8_UNORM, S, S, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                     VK_IMAGE_ASPECT_COLOR_BIT, &im)) != VK_SUCCESS ||
        (r = img_new(vk, VK_FORMAT_D32_SFLOAT, S, S, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                     VK_IMAGE_ASPECT_DEPTH_BIT, &zb)) != VK_SUCCESS ||
        (r = buf_new(vk, S * S * 4, &out)) != VK_SUCCESS) {
        return r;
    }
    for (unsigned k = 0; k < P_COUNT; k++) {
        if ((r = pipeline_new(vk, pl, k, &pipe[k])) != VK_SUCCESS) {
            return r;
        }
    }
    if ((r = begin(vk)) != VK_SUCCESS) {
        return r;
    }
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    layout(vk->cb, &zb, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL);
    VkRenderingAttachmentInfo att = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = im.view,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue.color.float32 = { CLEAR_R, CLEAR_R, CLEAR_B, 1 } };
    VkRenderingAttachmentInfo zatt = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = zb.view,
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue.depthStencil.depth = 1.0f };
    VkRenderingInfo ri = { .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                           .renderArea = { { 0, 0 }, { S, S } }, .layerCount = 1,
                           .colorAttachmentCount = 1, .pColorAttachments = &att,
                           .pDepthAttachment = &zatt };
    vkCmdBeginRendering(vk->cb, &ri);
    vkCmdBindVertexBuffers(vk->cb, 0, 1, &vb, &zero);
    for (unsigned i = 0; i < nd; i++) {
        vkCmdBindPipeline(vk->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe[d[i].pipe]);
        vkCmdBindDescriptorSets(vk->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pl, 0, 1, &set, 0, NULL);
        vkCmdDraw(vk->cb, d[i].count, 1, d[i].first, 0);
    }
    vkCmdEndRendering(vk->cb);
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    read_back(vk->cb, &im, &out);
    if ((r = submit(vk)) == VK_SUCCESS) {
        memcpy(px, out.map, S * S * 4);
    }
    return r;
}

/* ---- the PNG ---- */

static void be32(uint8_t *p, uint32_t v)
{
    p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
}

static bool png_chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
    uint8_t head[8], crc[4];
    uLong c = crc32(crc32(0, (const Bytef *)type, 4), data, len);

    be32(head, len);
    memcpy(head + 4, type, 4);
    be32(crc, (uint32_t)c);
    return fwrite(head, 1, 8, f) == 8 && fwrite(data, 1, len, f) == len &&
           fwrite(crc, 1, 4, f) == 4;
}

/* An RGBA8 PNG of w x h pixels, rows unfiltered, deflated by zlib. */
static bool png_write(const char *path, const uint8_t *rgba, uint32_t w, uint32_t h)
{
    static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    uLong raw_len = (uLong)h * (1 + 4 * w), z_len = compressBound(raw_len);
    uint8_t *raw = malloc(raw_len), *z = malloc(z_len), ihdr[13] = { 0 };
    FILE *f = fopen(path, "wb");
    bool ok = raw && z && f;

    for (uint32_t y = 0; ok && y < h; y++) {
        raw[y * (1 + 4 * w)] = 0;
        memcpy(raw + y * (1 + 4 * w) + 1, rgba + (size_t)y * w * 4, 4 * w);
    }
    be32(ihdr, w);
    be32(ihdr + 4, h);
    ihdr[8] = 8;                        /* bits per channel */
    ihdr[9] = 6;                        /* RGBA */
    ok = ok && compress2(z, &z_len, raw, raw_len, 9) == Z_OK && fwrite(sig, 1, 8, f) == 8 &&
         png_chunk(f, "IHDR", ihdr, 13) && png_chunk(f, "IDAT", z, (uint32_t)z_len) &&
         png_chunk(f, "IEND", NULL, 0);
    if (f) {
        ok = !fclose(f) && ok;
    }
    free(raw);
    free(z);
    return ok;
}

/* ---- the comparison ---- */

static unsigned diff(const uint8_t *a, const uint8_t *b)
{
    unsigned d = 0;

    for (unsigned c = 0; c < 4; c++) {
        unsigned e = (unsigned)abs((int)a[c] - (int)b[c]);

        d = e > d ? e : d;
    }
    return d;
}

static bool in_rect(uint32_t x, uint32_t y, const VkRect2D *r)
{
    return x >= (uint32_t)r->offset.x && x < r->offset.x + r->extent.width &&
           y >= (uint32_t)r->offset.y && y < r->offset.y + r->extent.height;
}

static void compare(const uint8_t *gpu, const uint8_t *ref)
{
    unsigned exact = 0, over = 0, worst = 0, worst_bilinear = 0, texels_bad = 0;

    for (uint32_t y = 0; y < S; y++) {
        for (uint32_t x = 0; x < S; x++) {
            const uint8_t *a = gpu + (y * S + x) * 4, *b = ref + (y * S + x) * 4;
            unsigned d = diff(a, b);
            bool bilinear = in_rect(x, y, &bilinear_rect);

            exact += !d;
            over += d > (bilinear ? 3u : 1u);
            if (bilinear) {
                worst_bilinear = d > worst_bilinear ? d : worst_bilinear;
            } else {
                worst = d > worst ? d : worst;
            }
            if (in_rect(x, y, &nearest_check)) {
                uint8_t t[4];

                /* 2x magnification from (16, 16): pixel centres sit a quarter texel in */
                texel((x - 16) / 2, (y - 16) / 2, t);
                texels_bad += diff(a, t) != 0;
            }
        }
    }
    report(!texels_bad, "scene: the nearest-sampled quad shows the texture's texels exactly "
           "(%u of %u pixels wrong)", texels_bad, nearest_check.extent.width *
           nearest_check.extent.height);
    report(!over, "scene: the GPU's image matches lavapipe's within one step of 8 bits, three "
           "in the bilinear quad (%u pixels over; %u of %u identical; largest difference %u, "
           "%u in the bilinear quad)", over, exact, S * S, worst, worst_bilinear);
}

int main(int argc, char **argv)
{
    static uint8_t img[2][S * S * 4], both[S * 2 * S * 4];
    static const VkDriverId ids[2] = { VK_DRIVER_ID_MESA_NVK, VK_DRIVER_ID_MESA_LLVMPIPE };
    static const char *const names[2] = { "NVK", "lavapipe" };
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .pApplicationName = "nvqemu vk-scene",
                              .apiVersion = VK_API_VERSION_1_3 };
    VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                 .pApplicationInfo = &app };
    VkInstance inst;

    if (argc != 2) {
        fprintf(stderr, "usage: vk-scene FILE.png\n");
        return 2;
    }
    VK(vkCreateInstance(&ici, NULL, &inst));
    for (unsigned k = 0; k < 2; k++) {
        VkPhysicalDevice pd = vk_device_of(inst, ids[k]);
        Vk vk = { 0 };
        VkResult r;

        if (!report(pd != VK_NULL_HANDLE, "scene: %s is a Vulkan device", names[k])) {
            return 1;
        }
        r = vk_open(pd, &vk);
        if (r == VK_SUCCESS) {
            r = render(&vk, img[k]);
        }
        if (!report(r == VK_SUCCESS, "scene: %s rendered it (VkResult %d)", names[k], r)) {
            return 1;
        }
    }
    compare(img[0], img[1]);
    for (uint32_t y = 0; y < S; y++) {
        memcpy(both + (size_t)y * 2 * S * 4, img[0] + (size_t)y * S * 4, S * 4);
        memcpy(both + ((size_t)y * 2 + 1) * S * 4, img[1] + (size_t)y * S * 4, S * 4);
    }
    report(png_write(argv[1], both, 2 * S, S), "scene: both images written to %s", argv[1]);
    return failed;
}
