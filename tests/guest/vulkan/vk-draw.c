/*
 * vk-draw: Vulkan graphics through NVK on the virtual GPU, checked pixel by
 * pixel against the CPU. So far clears, which NVK sends to the 3D class as
 * CLEAR_SURFACE: vkCmdClearColorImage of an RGBA8 image, a dynamic-rendering
 * pass whose load op clears its render area, vkCmdClearAttachments of a
 * rectangle inside it, an RGBA32F image, and depth images cleared with
 * vkCmdClearDepthStencilImage (D32_SFLOAT, D16_UNORM), and one layer of
 * a 2D array; every image in
 * optimal (block-linear) tiling, read back with vkCmdCopyImageToBuffer.
 * Then queries: timestamps (vkCmdWriteTimestamp) and an occlusion query,
 * which NVK writes through the 3D class's report semaphores. Then draws
 * (a vertex and a fragment shader NAK compiles): triangles whose coverage
 * is compared with a rasterizer written here (positions snapped to 1/256
 * pixel, the top-left rule), each pixel drawn exactly once where two
 * triangles share an edge (additive blending would show twice), a colour
 * gradient within one step of 8 bits, the depth test between overlapping
 * triangles, an indexed strip with primitive restart, an occlusion
 * query counting the samples drawn, instanced draws (direct and
 * indirect) with a colour per instance, points whose size the vertex
 * shader writes (their squares and gl_PointCoord), lines (coverage
 * between the ends, interpolation along them), and one colour drawn into
 * each common colour format, texel by texel.
 * One PASS:/FAIL: line per check; exit status 1 if a check failed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "vk-common.h"
#include "point_frag_spv.h"
#include "point_vert_spv.h"
#include "tri_vert_spv.h"
#include "tri_frag_spv.h"

#define W   64u                 /* the RGBA8 image */
#define H   48u
#define DW  32u                 /* the other images */

/* ---- the RGBA8 image: a clear, a render pass's load-op clear, a clear of a rectangle ---- */

static bool in_rect(uint32_t x, uint32_t y, const VkRect2D *r)
{
    return x >= (uint32_t)r->offset.x && x < r->offset.x + r->extent.width &&
           y >= (uint32_t)r->offset.y && y < r->offset.y + r->extent.height;
}

static int rgba8(const Vk *vk)
{
    static const VkRect2D area = { { 8, 4 }, { 40, 30 } }, rect = { { 20, 10 }, { 10, 10 } };
    Img im;
    Buf out;

    VK(img_new(vk, VK_FORMAT_R8G8B8A8_UNORM, W, H, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
               VK_IMAGE_ASPECT_COLOR_BIT, &im));
    VK(buf_new(vk, W * H * 4, &out));
    memset(out.map, 0xee, W * H * 4);
    VK(begin(vk));
    VkClearColorValue c0 = { .float32 = { 0.0f, 0.2f, 0.4f, 0.6f } };
    VkImageSubresourceRange all = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdClearColorImage(vk->cb, im.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &c0, 1, &all);
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    VkRenderingAttachmentInfo att = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = im.view,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue.color.float32 = { 1.0f, 0.5f, 0.25f, 1.0f } };
    VkRenderingInfo ri = { .sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = area,
                           .layerCount = 1, .colorAttachmentCount = 1,
                           .pColorAttachments = &att };
    vkCmdBeginRendering(vk->cb, &ri);
    VkClearAttachment ca = { .aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0,
                             .clearValue.color.float32 = { 0.0f, 0.0f, 1.0f, 1.0f } };
    VkClearRect cr = { .rect = rect, .baseArrayLayer = 0, .layerCount = 1 };
    vkCmdClearAttachments(vk->cb, 1, &ca, 1, &cr);
    vkCmdEndRendering(vk->cb);
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    read_back(vk->cb, &im, &out);
    VkResult r = submit(vk);
    if (!report(r == VK_SUCCESS, "rgba8: clears and a read-back completed (VkResult %d)", r)) {
        return 1;
    }
    unsigned bad[3] = { 0 };
    const uint32_t *px = out.map;
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            uint32_t want = in_rect(x, y, &rect) ? 0xffff0000u :
                            in_rect(x, y, &area) ? 0xff4080ffu : 0x99663300u;
            unsigned k = in_rect(x, y, &rect) ? 2 : in_rect(x, y, &area) ? 1 : 0;

            bad[k] += px[y * W + x] != want;
        }
    }
    report(!bad[0], "rgba8: vkCmdClearColorImage, kept outside the render area (%u wrong; "
           "0x%08x)", bad[0], px[0]);
    report(!bad[1], "rgba8: the render pass's load-op clear of its area (%u wrong; 0x%08x)",
           bad[1], px[4 * W + 8]);
    report(!bad[2], "rgba8: vkCmdClearAttachments of a rectangle (%u wrong; 0x%08x)", bad[2],
           px[10 * W + 20]);
    return 0;
}

/* ---- RGBA32F, D32_SFLOAT and D16_UNORM images cleared whole ---- */

static int others(const Vk *vk)
{
    Img f, d32, d16;
    Buf out[3];

    VK(img_new(vk, VK_FORMAT_R32G32B32A32_SFLOAT, DW, DW, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
               VK_IMAGE_ASPECT_COLOR_BIT, &f));
    VK(img_new(vk, VK_FORMAT_D32_SFLOAT, DW, DW, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
               VK_IMAGE_ASPECT_DEPTH_BIT, &d32));
    VK(img_new(vk, VK_FORMAT_D16_UNORM, DW, DW, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
               VK_IMAGE_ASPECT_DEPTH_BIT, &d16));
    VK(buf_new(vk, DW * DW * 16, &out[0]));
    VK(buf_new(vk, DW * DW * 4, &out[1]));
    VK(buf_new(vk, DW * DW * 2, &out[2]));
    VK(begin(vk));
    VkClearColorValue cf = { .float32 = { 1.5f, -2.0f, 3.25f, 0.0f } };
    VkClearDepthStencilValue z32 = { .depth = 0.75f }, z16 = { .depth = 0.25f };
    VkImageSubresourceRange color = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
    VkImageSubresourceRange depth = { VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1 };
    const Img *ims[3] = { &f, &d32, &d16 };
    for (unsigned k = 0; k < 3; k++) {
        layout(vk->cb, ims[k], VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    }
    vkCmdClearColorImage(vk->cb, f.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &cf, 1, &color);
    vkCmdClearDepthStencilImage(vk->cb, d32.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &z32, 1,
                                &depth);
    vkCmdClearDepthStencilImage(vk->cb, d16.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &z16, 1,
                                &depth);
    for (unsigned k = 0; k < 3; k++) {
        layout(vk->cb, ims[k], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        read_back(vk->cb, ims[k], &out[k]);
    }
    VkResult r = submit(vk);
    if (!report(r == VK_SUCCESS, "others: clears and read-backs completed (VkResult %d)", r)) {
        return 1;
    }
    unsigned bad[3] = { 0 };
    const float *fp = out[0].map, *zp = out[1].map;
    const uint16_t *hp = out[2].map;
    for (uint32_t i = 0; i < DW * DW; i++) {
        bad[0] += fp[i * 4] != 1.5f || fp[i * 4 + 1] != -2.0f || fp[i * 4 + 2] != 3.25f ||
                  fp[i * 4 + 3] != 0.0f;
        bad[1] += zp[i] != 0.75f;
        bad[2] += hp[i] != 16384;           /* 0.25 * 65535, rounded */
    }
    report(!bad[0], "vkCmdClearColorImage of RGBA32F (%u of %u wrong; %g %g %g %g)", bad[0],
           DW * DW, fp[0], fp[1], fp[2], fp[3]);
    report(!bad[1], "vkCmdClearDepthStencilImage of D32_SFLOAT (%u of %u wrong; %g)", bad[1],
           DW * DW, zp[0]);
    report(!bad[2], "vkCmdClearDepthStencilImage of D16_UNORM (%u of %u wrong; %u)", bad[2],
           DW * DW, hp[0]);
    return 0;
}

/* ---- a 2D array: all layers cleared, then the middle one again ---- */

static int layers(const Vk *vk)
{
    Img im;
    Buf out;

    VK(img_layers_new(vk, VK_FORMAT_R8G8B8A8_UNORM, DW, DW, 3,
                      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_IMAGE_ASPECT_COLOR_BIT, &im));
    VK(buf_new(vk, DW * DW * 3 * 4, &out));
    VK(begin(vk));
    VkClearColorValue a = { .float32 = { 1.0f, 0.0f, 0.0f, 1.0f } };
    VkClearColorValue b = { .float32 = { 0.0f, 1.0f, 0.0f, 1.0f } };
    VkImageSubresourceRange all = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 3 };
    VkImageSubresourceRange mid = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1, 1 };
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdClearColorImage(vk->cb, im.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &a, 1, &all);
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdClearColorImage(vk->cb, im.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &b, 1, &mid);
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    read_back(vk->cb, &im, &out);
    VkResult r = submit(vk);
    if (!report(r == VK_SUCCESS, "layers: clears and a read-back completed (VkResult %d)", r)) {
        return 1;
    }
    unsigned bad = 0;
    const uint32_t *px = out.map;
    for (uint32_t l = 0; l < 3; l++) {
        for (uint32_t i = 0; i < DW * DW; i++) {
            bad += px[l * DW * DW + i] != (l == 1 ? 0xff00ff00u : 0xff0000ffu);
        }
    }
    report(!bad, "layers: a 2D array cleared whole, then its middle layer (%u of %u wrong; "
           "0x%08x 0x%08x 0x%08x)", bad, 3 * DW * DW, px[0], px[DW * DW], px[2 * DW * DW]);
    return 0;
}

/*
 * ---- queries: two timestamps around a clear, an occlusion query over no
 * draw (the GPU writes them through the 3D class's report semaphores) ----
 */
static int queries(const Vk *vk)
{
    VkQueryPoolCreateInfo tci = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                  .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = 2 };
    VkQueryPoolCreateInfo oci = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                  .queryType = VK_QUERY_TYPE_OCCLUSION, .queryCount = 1 };
    VkQueryPool ts, occ;
    Img im;
    uint64_t t[2] = { 0, 0 }, samples = ~0ull;

    VK(vkCreateQueryPool(vk->dev, &tci, NULL, &ts));
    VK(vkCreateQueryPool(vk->dev, &oci, NULL, &occ));
    VK(img_new(vk, VK_FORMAT_R8G8B8A8_UNORM, DW, DW, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
               VK_IMAGE_ASPECT_COLOR_BIT, &im));
    VK(begin(vk));
    vkCmdResetQueryPool(vk->cb, ts, 0, 2);
    vkCmdResetQueryPool(vk->cb, occ, 0, 1);
    vkCmdWriteTimestamp(vk->cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, ts, 0);
    VkClearColorValue c = { .float32 = { 0.5f, 0.5f, 0.5f, 1.0f } };
    VkImageSubresourceRange all = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdClearColorImage(vk->cb, im.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &c, 1, &all);
    vkCmdBeginQuery(vk->cb, occ, 0, 0);
    vkCmdEndQuery(vk->cb, occ, 0);
    vkCmdWriteTimestamp(vk->cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, ts, 1);
    VkResult r = submit(vk);
    if (!report(r == VK_SUCCESS, "queries: submitted and completed (VkResult %d)", r)) {
        return 1;
    }
    r = vkGetQueryPoolResults(vk->dev, ts, 0, 2, sizeof(t), t, 8,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    report(r == VK_SUCCESS && t[0] && t[1] >= t[0], "queries: two timestamps, in order "
           "(VkResult %d; %llu, %llu)", r, (unsigned long long)t[0], (unsigned long long)t[1]);
    r = vkGetQueryPoolResults(vk->dev, occ, 0, 1, sizeof(samples), &samples, 8,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    report(r == VK_SUCCESS && samples == 0, "queries: an occlusion query over no draw counts "
           "no samples (VkResult %d; %llu)", r, (unsigned long long)samples);
    return 0;
}

/* ---- draws ---- */

#define TW  64u                 /* the render target */
#define TH  48u

typedef struct Vtx {
    float pos[4], color[4];
} Vtx;

/*
 * A graphics pipeline of tri.vert and tri.frag (point.vert and point.frag
 * for sprites) for a colour target of cfmt (and D32 when depth).
 */
static VkResult pipeline_new(const Vk *vk, VkPrimitiveTopology topo, bool blend_add, bool depth,
                             bool restart, bool color_per_instance, bool sprites, VkFormat cfmt,
                             VkPipeline *pipe)
{
    VkPipelineLayoutCreateInfo lci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO };
    GfxDesc g = { .topo = topo, .restart = restart, .depth_test = depth, .cfmt = cfmt,
                  .zfmt = depth ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_UNDEFINED, .w = TW, .h = TH,
                  .blend = { .blendEnable = blend_add, .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
                             .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
                             .colorBlendOp = VK_BLEND_OP_ADD,
                             .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                             .dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO,
                             .alphaBlendOp = VK_BLEND_OP_ADD, .colorWriteMask = 0xf } };
    VkResult r;

    if ((r = shader_new(vk, sprites ? point_vert_spv : tri_vert_spv,
                        sprites ? sizeof(point_vert_spv) : sizeof(tri_vert_spv), &g.vs)) !=
            VK_SUCCESS ||
        (r = shader_new(vk, sprites ? point_frag_spv : tri_frag_spv,
                        sprites ? sizeof(point_frag_spv) : sizeof(tri_frag_spv), &g.fs)) !=
            VK_SUCCESS ||
        (r = vkCreatePipelineLayout(vk->dev, &lci, NULL, &g.layout)) != VK_SUCCESS) {
        return r;
    }
    /* binding 1: a colour per instance, for the instanced draw */
    VkVertexInputBindingDescription bind[2] = {
        { 0, sizeof(Vtx), VK_VERTEX_INPUT_RATE_VERTEX },
        { 1, 16, VK_VERTEX_INPUT_RATE_INSTANCE } };
    VkVertexInputAttributeDescription attrs[2] = {
        { 0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0 },
        { 1, color_per_instance, VK_FORMAT_R32G32B32A32_SFLOAT, color_per_instance ? 0 : 16 } };
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .vertexBindingDescriptionCount = color_per_instance ? 2 : 1,
        .pVertexBindingDescriptions = bind,
        .vertexAttributeDescriptionCount = 2, .pVertexAttributeDescriptions = attrs };

    g.vi = &vi;
    return gfx_pipeline_new(vk, &g, pipe);
}

/* A vertex at window position (x, y) (pixels), depth z, colour rgba. */
static Vtx vtx(float x, float y, float z, float r, float g, float b, float a)
{
    Vtx v = { { x / (TW / 2.0f) - 1.0f, y / (TH / 2.0f) - 1.0f, z, 1.0f }, { r, g, b, a } };

    return v;
}

/*
 * The reference: whether pixel (px, py)'s centre is covered by the triangle
 * of window positions x[], y[] snapped to 1/256 pixel: inside all three
 * edges, or exactly on an edge that is a top edge (horizontal, the triangle
 * below it) or a left edge, with y growing downwards.
 */
static bool ref_covered(const float *x, const float *y, int px, int py)
{
    long long sx[3], sy[3], cx = px * 256LL + 128, cy = py * 256LL + 128, area;
    int o[3] = { 0, 1, 2 };

    for (int i = 0; i < 3; i++) {
        sx[i] = llrintf(x[i] * 256.0f);
        sy[i] = llrintf(y[i] * 256.0f);
    }
    area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sy[1] - sy[0]) * (sx[2] - sx[0]);
    if (!area) {
        return false;
    }
    if (area < 0) {
        o[1] = 2, o[2] = 1;
    }
    for (int e = 0; e < 3; e++) {
        int a = o[e], b = o[(e + 1) % 3];
        long long dx = sx[b] - sx[a], dy = sy[b] - sy[a];
        long long f = dx * (cy - sy[a]) - dy * (cx - sx[a]);
        bool top_left = dy < 0 || (dy == 0 && dx > 0);

        if (f < 0 || (f == 0 && !top_left)) {
            return false;
        }
    }
    return true;
}

typedef struct Scene {
    const Vtx *v;
    uint32_t nv;
    const uint16_t *idx;        /* NULL: a non-indexed draw */
    uint32_t count;
    VkPrimitiveTopology topo;
    bool blend_add, depth, restart;
    const float (*instance_color)[4];   /* non-NULL: instanced, a colour per instance */
    uint32_t instances, first_instance;
    bool indirect;              /* the draw's parameters from a buffer */
    bool sprites;               /* point.vert and point.frag */
} Scene;

/* Renders sc into a TW x TH RGBA8 image cleared to 0 and reads it back into px. */
static int render(const Vk *vk, const Scene *sc, uint32_t *px, uint64_t *samples)
{
    VkPipeline pipe;
    VkBuffer vb, ib = VK_NULL_HANDLE;
    Img im, zb;
    Buf out;
    VkQueryPool occ;
    VkQueryPoolCreateInfo oci = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                  .queryType = VK_QUERY_TYPE_OCCLUSION, .queryCount = 1 };

    VkBuffer colors = VK_NULL_HANDLE, args = VK_NULL_HANDLE;
    uint32_t instances = sc->instances ? sc->instances : 1;

    VK(pipeline_new(vk, sc->topo, sc->blend_add, sc->depth, sc->restart, sc->instance_color != NULL,
                    sc->sprites, VK_FORMAT_R8G8B8A8_UNORM, &pipe));
    VK(data_buf(vk, sc->v, sizeof(Vtx) * sc->nv, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb));
    if (sc->instance_color) {
        VK(data_buf(vk, sc->instance_color, 16 * (sc->first_instance + instances),
                    VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &colors));
    }
    if (sc->indirect) {
        VkDrawIndirectCommand cmd = { sc->count, instances, 0, sc->first_instance };

        VK(data_buf(vk, &cmd, sizeof(cmd), VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &args));
    }
    if (sc->idx) {
        VK(data_buf(vk, sc->idx, 2 * sc->count, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &ib));
    }
    VK(img_new(vk, VK_FORMAT_R8G8B8A8_UNORM, TW, TH, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
               VK_IMAGE_ASPECT_COLOR_BIT, &im));
    VK(img_new(vk, VK_FORMAT_D32_SFLOAT, TW, TH, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
               VK_IMAGE_ASPECT_DEPTH_BIT, &zb));
    VK(buf_new(vk, TW * TH * 4, &out));
    VK(vkCreateQueryPool(vk->dev, &oci, NULL, &occ));
    VK(begin(vk));
    vkCmdResetQueryPool(vk->cb, occ, 0, 1);
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    layout(vk->cb, &zb, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL);
    VkRenderingAttachmentInfo att = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = im.view,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE };
    VkRenderingAttachmentInfo zatt = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = zb.view,
        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue.depthStencil.depth = 1.0f };
    VkRenderingInfo ri = { .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                           .renderArea = { { 0, 0 }, { TW, TH } }, .layerCount = 1,
                           .colorAttachmentCount = 1, .pColorAttachments = &att,
                           .pDepthAttachment = sc->depth ? &zatt : NULL };
    VkDeviceSize zero = 0;
    vkCmdBeginRendering(vk->cb, &ri);
    vkCmdBindPipeline(vk->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
    vkCmdBindVertexBuffers(vk->cb, 0, 1, &vb, &zero);
    if (colors) {
        vkCmdBindVertexBuffers(vk->cb, 1, 1, &colors, &zero);
    }
    vkCmdBeginQuery(vk->cb, occ, 0, 0);
    if (sc->idx) {
        vkCmdBindIndexBuffer(vk->cb, ib, 0, VK_INDEX_TYPE_UINT16);
        vkCmdDrawIndexed(vk->cb, sc->count, instances, 0, 0, sc->first_instance);
    } else if (args) {
        vkCmdDrawIndirect(vk->cb, args, 0, 1, sizeof(VkDrawIndirectCommand));
    } else {
        vkCmdDraw(vk->cb, sc->count, instances, 0, sc->first_instance);
    }
    vkCmdEndQuery(vk->cb, occ, 0);
    vkCmdEndRendering(vk->cb);
    layout(vk->cb, &im, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    read_back(vk->cb, &im, &out);
    VkResult r = submit(vk);
    if (!report(r == VK_SUCCESS, "draw: submitted and completed (VkResult %d)", r)) {
        return 1;
    }
    memcpy(px, out.map, TW * TH * 4);
    r = vkGetQueryPoolResults(vk->dev, occ, 0, 1, sizeof(*samples), samples, 8,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    return r != VK_SUCCESS;
}

static uint8_t chan(uint32_t p, int c)
{
    return (uint8_t)(p >> (8 * c));
}

/*
 * Two triangles sharing the edge from (60.125, 3.25) to (5.5, 44.875),
 * drawn with additive blending in a quarter-intensity colour: every pixel
 * the reference covers by one of them reads 64, none 128 (covered twice).
 */
static int shared_edge(const Vk *vk)
{
    static uint32_t px[TW * TH];
    const float x[4] = { 3.0f, 60.125f, 5.5f, 62.75f }, y[4] = { 2.5f, 3.25f, 44.875f, 46.0f };
    Vtx v[6];
    const int tri[6] = { 0, 1, 2, 1, 3, 2 };
    uint64_t samples = 0, want_samples = 0;
    unsigned bad = 0, twice = 0;

    for (int i = 0; i < 6; i++) {
        v[i] = vtx(x[tri[i]], y[tri[i]], 0.5f, 0.25f, 0.25f, 0.25f, 0.25f);
    }
    Scene sc = { .v = v, .nv = 6, .count = 6, .topo = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
                 .blend_add = true };
    if (render(vk, &sc, px, &samples)) {
        return 1;
    }
    for (int py = 0; py < (int)TH; py++) {
        for (int qx = 0; qx < (int)TW; qx++) {
            float ax[3] = { x[0], x[1], x[2] }, ay[3] = { y[0], y[1], y[2] };
            float bx[3] = { x[1], x[3], x[2] }, by[3] = { y[1], y[3], y[2] };
            int n = ref_covered(ax, ay, qx, py) + ref_covered(bx, by, qx, py);
            uint8_t r = chan(px[py * TW + qx], 0);

            want_samples += n;
            twice += r == 128;
            bad += r != (n ? 64 : 0);
        }
    }
    report(!bad && !twice, "draw: two triangles sharing an edge cover exactly the reference's "
           "pixels, each once (%u wrong, %u twice)", bad, twice);
    report(samples == want_samples, "draw: the occlusion query counts the samples drawn "
           "(%llu, reference %llu)", (unsigned long long)samples,
           (unsigned long long)want_samples);
    return 0;
}

/* One triangle over the target with red, green, blue corners: each pixel within one step. */
static int gradient(const Vk *vk)
{
    static uint32_t px[TW * TH];
    const float x[3] = { -8.0f, 90.0f, -8.0f }, y[3] = { -4.0f, 24.0f, 70.0f };
    Vtx v[3] = { vtx(x[0], y[0], 0.5f, 1, 0, 0, 1), vtx(x[1], y[1], 0.5f, 0, 1, 0, 1),
                 vtx(x[2], y[2], 0.5f, 0, 0, 1, 1) };
    Scene sc = { .v = v, .nv = 3, .count = 3, .topo = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
    uint64_t samples;
    unsigned bad = 0, worst = 0;

    if (render(vk, &sc, px, &samples)) {
        return 1;
    }
    for (unsigned py = 0; py < TH; py++) {
        for (unsigned qx = 0; qx < TW; qx++) {
            double cx = qx + 0.5, cy = py + 0.5;
            double det = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
            double b1 = ((cx - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (cy - y[0])) / det;
            double b2 = ((x[1] - x[0]) * (cy - y[0]) - (cx - x[0]) * (y[1] - y[0])) / det;
            double w[3] = { 1 - b1 - b2, b1, b2 };
            bool in = ref_covered(x, y, (int)qx, (int)py);

            for (int c = 0; c < 4; c++) {
                int want = in ? (int)lrint((c == 3 ? 1.0 : w[c]) * 255.0) : 0;
                unsigned d = (unsigned)abs(chan(px[py * TW + qx], c) - want);

                worst = d > worst ? d : worst;
                bad += d > 1;
            }
        }
    }
    report(!bad, "draw: a colour gradient matches barycentric interpolation within one step "
           "(%u components wrong, largest difference %u)", bad, worst);
    return 0;
}

/* A near triangle drawn after a far one that it partly hides, with the depth test (LESS). */
static int depth(const Vk *vk)
{
    static uint32_t px[TW * TH];
    const float fx[3] = { 2, 62, 2 }, fy[3] = { 2, 2, 46 }, nx[3] = { 62, 62, 10 },
                ny[3] = { 6, 46, 46 };
    Vtx v[6] = { vtx(nx[0], ny[0], 0.25f, 0, 1, 0, 1), vtx(nx[1], ny[1], 0.25f, 0, 1, 0, 1),
                 vtx(nx[2], ny[2], 0.25f, 0, 1, 0, 1), vtx(fx[0], fy[0], 0.75f, 1, 0, 0, 1),
                 vtx(fx[1], fy[1], 0.75f, 1, 0, 0, 1), vtx(fx[2], fy[2], 0.75f, 1, 0, 0, 1) };
    Scene sc = { .v = v, .nv = 6, .count = 6, .topo = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
                 .depth = true };
    uint64_t samples;
    unsigned bad = 0;

    if (render(vk, &sc, px, &samples)) {
        return 1;
    }
    for (int py = 0; py < (int)TH; py++) {
        for (int qx = 0; qx < (int)TW; qx++) {
            uint32_t want = ref_covered(nx, ny, qx, py) ? 0xff00ff00u :
                            ref_covered(fx, fy, qx, py) ? 0xff0000ffu : 0;

            bad += px[py * TW + qx] != want;
        }
    }
    report(!bad, "draw: the depth test keeps the nearer triangle, drawn first (%u wrong)", bad);
    return 0;
}

/* A square as an indexed strip, a restart index, then a second square. */
static int indexed_strip(const Vk *vk)
{
    static uint32_t px[TW * TH];
    Vtx v[8] = { vtx(4, 4, 0.5f, 1, 1, 0, 1), vtx(20, 4, 0.5f, 1, 1, 0, 1),
                 vtx(4, 20, 0.5f, 1, 1, 0, 1), vtx(20, 20, 0.5f, 1, 1, 0, 1),
                 vtx(30, 24, 0.5f, 0, 1, 1, 1), vtx(60, 24, 0.5f, 0, 1, 1, 1),
                 vtx(30, 44, 0.5f, 0, 1, 1, 1), vtx(60, 44, 0.5f, 0, 1, 1, 1) };
    const uint16_t idx[9] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7 };
    Scene sc = { .v = v, .nv = 8, .idx = idx, .count = 9,
                 .topo = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, .restart = true };
    uint64_t samples;
    unsigned bad = 0;

    if (render(vk, &sc, px, &samples)) {
        return 1;
    }
    for (unsigned py = 0; py < TH; py++) {
        for (unsigned qx = 0; qx < TW; qx++) {
            uint32_t want = qx >= 4 && qx < 20 && py >= 4 && py < 20 ? 0xff00ffffu :
                            qx >= 30 && qx < 60 && py >= 24 && py < 44 ? 0xffffff00u : 0;

            bad += px[py * TW + qx] != want;
        }
    }
    report(!bad && samples == 16 * 16 + 30 * 20, "draw: an indexed strip with a restart index "
           "draws two squares (%u pixels wrong, %llu samples)", bad,
           (unsigned long long)samples);
    return 0;
}

/*
 * Instances: one triangle, three instances starting at instance 1, each
 * taking its colour from a per-instance stream (entries 1..3: red, green,
 * blue at a quarter), blended additively: the triangle reads (64, 64, 64)
 * where each instance drew once; entry 0 (white) must not show. Then the
 * same through vkCmdDrawIndirect (NVK's macro reads the parameters with
 * the MME's DMA).
 */
static int instanced(const Vk *vk)
{
    static uint32_t px[TW * TH];
    static const float colors[4][4] = {
        { 1, 1, 1, 1 }, { 0.25f, 0, 0, 0 }, { 0, 0.25f, 0, 0 }, { 0, 0, 0.25f, 0 } };
    const float x[3] = { 4, 60, 4 }, y[3] = { 4, 4, 44 };
    Vtx v[3] = { vtx(x[0], y[0], 0.5f, 0, 0, 0, 0), vtx(x[1], y[1], 0.5f, 0, 0, 0, 0),
                 vtx(x[2], y[2], 0.5f, 0, 0, 0, 0) };
    Scene sc = { .v = v, .nv = 3, .count = 3, .topo = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
                 .blend_add = true, .instance_color = colors, .instances = 3,
                 .first_instance = 1 };
    const char *how[2] = { "vkCmdDraw", "vkCmdDrawIndirect" };
    uint64_t samples;

    for (int k = 0; k < 2; k++) {
        unsigned bad = 0, in = 0;

        sc.indirect = k;
        if (render(vk, &sc, px, &samples)) {
            return 1;
        }
        for (int py = 0; py < (int)TH; py++) {
            for (int qx = 0; qx < (int)TW; qx++) {
                bool c = ref_covered(x, y, qx, py);

                in += c;
                bad += px[py * TW + qx] != (c ? 0x00404040u : 0);
            }
        }
        report(!bad && samples == 3ull * in, "draw: three instances from instance 1 through %s, "
               "each its own colour (%u pixels wrong, %llu samples of %u)", how[k], bad,
               (unsigned long long)samples, 3 * in);
    }
    return 0;
}

/*
 * Points, their size from the vertex shader (1, 3 and 6 pixels; the last
 * centred on a pixel corner), are squares around the vertex; gl_PointCoord
 * runs from (0, 0) at the top left to (1, 1) across each, within one step.
 */
static int points(const Vk *vk)
{
    static uint32_t px[TW * TH];
    const float cx[3] = { 5.5f, 20.5f, 40.0f }, cy[3] = { 5.5f, 20.5f, 30.0f }, size[3] = { 1, 3, 6 };
    Vtx v[3];
    Scene sc = { .v = v, .nv = 3, .count = 3, .topo = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
                 .sprites = true };
    uint64_t samples, want = 0;
    unsigned bad = 0, worst = 0;

    for (int i = 0; i < 3; i++) {
        v[i] = vtx(cx[i], cy[i], 0.5f, 0, 0, 1, size[i]);
    }
    if (render(vk, &sc, px, &samples)) {
        return 1;
    }
    for (int y = 0; y < (int)TH; y++) {
        for (int x = 0; x < (int)TW; x++) {
            uint32_t p = px[y * TW + x];
            int in = -1;

            for (int i = 0; i < 3; i++) {
                float x0 = cx[i] - size[i] / 2, y0 = cy[i] - size[i] / 2;

                if (x + 0.5f >= x0 && x + 0.5f < x0 + size[i] && y + 0.5f >= y0 &&
                    y + 0.5f < y0 + size[i]) {
                    in = i;
                }
            }
            if (in < 0) {
                bad += p != 0;
                continue;
            }
            want++;
            float s = (x + 0.5f - (cx[in] - size[in] / 2)) / size[in];
            float t = (y + 0.5f - (cy[in] - size[in] / 2)) / size[in];
            unsigned ds = abs((int)chan(p, 0) - (int)lrintf(s * 255));
            unsigned dt = abs((int)chan(p, 1) - (int)lrintf(t * 255));

            worst = ds > worst ? ds : worst;
            worst = dt > worst ? dt : worst;
            bad += ds > 1 || dt > 1 || chan(p, 2) != 255;
        }
    }
    report(!bad && samples == want, "draw: points of sizes 1, 3 and 6 from the vertex shader "
           "cover their squares, gl_PointCoord within one step (%u wrong, largest difference %u; "
           "%llu samples of %llu)", bad, worst, (unsigned long long)samples,
           (unsigned long long)want);
    return 0;
}

/*
 * A horizontal and a vertical line through pixel centres, each 1 pixel
 * wide, cover exactly the pixels between their ends (the end pixel not
 * drawn), black to red along the line within one step.
 */
static int lines(const Vk *vk)
{
    static uint32_t px[TW * TH];
    Vtx v[4] = { vtx(4, 10.5f, 0.5f, 0, 0, 0, 1), vtx(40, 10.5f, 0.5f, 1, 0, 0, 1),
                 vtx(50.5f, 4, 0.5f, 0, 0, 0, 1), vtx(50.5f, 30, 0.5f, 1, 0, 0, 1) };
    Scene sc = { .v = v, .nv = 4, .count = 4, .topo = VK_PRIMITIVE_TOPOLOGY_LINE_LIST };
    uint64_t samples;
    unsigned bad = 0, worst = 0;

    if (render(vk, &sc, px, &samples)) {
        return 1;
    }
    for (int y = 0; y < (int)TH; y++) {
        for (int x = 0; x < (int)TW; x++) {
            uint32_t p = px[y * TW + x];
            bool h = y == 10 && x >= 4 && x < 40, vt = x == 50 && y >= 4 && y < 30;
            float f = h ? (x + 0.5f - 4) / 36 : (y + 0.5f - 4) / 26;
            unsigned d = abs((int)chan(p, 0) - (int)lrintf(f * 255));

            if (!h && !vt) {
                bad += p != 0;
                continue;
            }
            worst = d > worst ? d : worst;
            bad += d > 1 || chan(p, 3) != 255;
        }
    }
    report(!bad && samples == 36 + 26, "draw: a horizontal and a vertical line cover exactly the "
           "pixels between their ends, interpolated along the line within one step (%u wrong, "
           "largest difference %u; %llu samples of 62)", bad, worst,
           (unsigned long long)samples);
    return 0;
}

/* ---- colour formats ---- */

typedef struct FmtCase {
    VkFormat fmt;
    const char *name;
    unsigned bytes;
    bool fl;                            /* a float format: the colour exact in halves */
} FmtCase;

/* A float as IEEE half, rounded to nearest even (the values here are normal). */
static uint16_t half_of(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t u;

    memcpy(&u, &h, 2);
    return u;
}

static unsigned unorm(float c, unsigned bits)
{
    return (unsigned)lrintf(c * (float)((1u << bits) - 1));
}

static float srgb_of(float c)
{
    return c <= 0.0031308f ? 12.92f * c : 1.055f * powf(c, 1 / 2.4f) - 0.055f;
}

/* The texel of format f that colour c is stored as; *tol: the steps a channel may be off. */
static void texel_of(VkFormat f, const float c[4], uint8_t *t, unsigned *tol)
{
    uint32_t v = 0;

    *tol = 0;
    switch (f) {
    case VK_FORMAT_R8G8B8A8_UNORM:
    case VK_FORMAT_R8G8_UNORM:
    case VK_FORMAT_R8_UNORM:
        for (int i = 0; i < 4; i++) {
            t[i] = (uint8_t)unorm(c[i], 8);
        }
        return;
    case VK_FORMAT_B8G8R8A8_UNORM:
        t[0] = (uint8_t)unorm(c[2], 8), t[1] = (uint8_t)unorm(c[1], 8);
        t[2] = (uint8_t)unorm(c[0], 8), t[3] = (uint8_t)unorm(c[3], 8);
        return;
    case VK_FORMAT_R8G8B8A8_SRGB:
        for (int i = 0; i < 4; i++) {
            t[i] = (uint8_t)unorm(i < 3 ? srgb_of(c[i]) : c[i], 8);
        }
        *tol = 1;                       /* Vulkan allows sRGB encoding one step off */
        return;
    case VK_FORMAT_R16G16B16A16_UNORM:
        for (int i = 0; i < 4; i++) {
            uint16_t u = (uint16_t)unorm(c[i], 16);

            memcpy(t + 2 * i, &u, 2);
        }
        return;
    case VK_FORMAT_R16G16B16A16_SFLOAT:
    case VK_FORMAT_R16G16_SFLOAT:
    case VK_FORMAT_R16_SFLOAT:
        for (int i = 0; i < 4; i++) {
            uint16_t u = half_of(c[i]);

            memcpy(t + 2 * i, &u, 2);
        }
        return;
    case VK_FORMAT_R32G32B32A32_SFLOAT:
    case VK_FORMAT_R32G32_SFLOAT:
    case VK_FORMAT_R32_SFLOAT:
        memcpy(t, c, 16);
        return;
    case VK_FORMAT_A2B10G10R10_UNORM_PACK32:
        v = unorm(c[0], 10) | unorm(c[1], 10) << 10 | unorm(c[2], 10) << 20 | unorm(c[3], 2) << 30;
        memcpy(t, &v, 4);
        return;
    case VK_FORMAT_B10G11R11_UFLOAT_PACK32:
        /* 11- and 10-bit floats: a half's exponent and top mantissa bits (exact for these values) */
        v = (half_of(c[0]) >> 4 & 0x7ff) | (half_of(c[1]) >> 4 & 0x7ff) << 11 |
            (uint32_t)(half_of(c[2]) >> 5 & 0x3ff) << 22;
        memcpy(t, &v, 4);
        return;
    case VK_FORMAT_R5G6B5_UNORM_PACK16:
        v = unorm(c[0], 5) << 11 | unorm(c[1], 6) << 5 | unorm(c[2], 5);
        memcpy(t, &v, 2);
        return;
    case VK_FORMAT_A1R5G5B5_UNORM_PACK16:
        v = unorm(c[3], 1) << 15 | unorm(c[0], 5) << 10 | unorm(c[1], 5) << 5 | unorm(c[2], 5);
        memcpy(t, &v, 2);
        return;
    default:
        return;
    }
}

/*
 * Each common colour format as a render target: a square of one colour
 * drawn over the whole target, read back texel by texel against the CPU's
 * packing of the same colour: (0.2, 0.4, 0.6, 0.8) for the normalized
 * formats (no channel on a rounding tie at any of their widths), (0.25,
 * 0.5, 0.625, 0.75) for the float ones (exact in halves and in 10- and
 * 11-bit floats, so rounding modes cannot differ).
 */
static int formats(const Vk *vk)
{
    static const FmtCase cases[] = {
        { VK_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", 4, false },
        { VK_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", 4, false },
        { VK_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB", 4, false },
        { VK_FORMAT_R8G8_UNORM, "R8G8_UNORM", 2, false },
        { VK_FORMAT_R8_UNORM, "R8_UNORM", 1, false },
        { VK_FORMAT_R16G16B16A16_UNORM, "R16G16B16A16_UNORM", 8, false },
        { VK_FORMAT_R16G16B16A16_SFLOAT, "R16G16B16A16_SFLOAT", 8, true },
        { VK_FORMAT_R16G16_SFLOAT, "R16G16_SFLOAT", 4, true },
        { VK_FORMAT_R16_SFLOAT, "R16_SFLOAT", 2, true },
        { VK_FORMAT_R32G32B32A32_SFLOAT, "R32G32B32A32_SFLOAT", 16, true },
        { VK_FORMAT_R32G32_SFLOAT, "R32G32_SFLOAT", 8, true },
        { VK_FORMAT_R32_SFLOAT, "R32_SFLOAT", 4, true },
        { VK_FORMAT_A2B10G10R10_UNORM_PACK32, "A2B10G10R10_UNORM", 4, false },
        { VK_FORMAT_B10G11R11_UFLOAT_PACK32, "B10G11R11_UFLOAT", 4, true },
        { VK_FORMAT_R5G6B5_UNORM_PACK16, "R5G6B5_UNORM", 2, false },
        { VK_FORMAT_A1R5G5B5_UNORM_PACK16, "A1R5G5B5_UNORM", 2, false },
    };
    static const float colors[2][4] = { { 0.2f, 0.4f, 0.6f, 0.8f }, { 0.25f, 0.5f, 0.625f, 0.75f } };
    const uint32_t n = 16;
    const float corner[6][2] = { { 0, 0 }, { TW, 0 }, { 0, TH }, { TW, 0 }, { TW, TH }, { 0, TH } };
    VkBuffer vb[2];
    VkDeviceSize zero = 0;
    char skipped[256] = "";

    for (int j = 0; j < 2; j++) {
        const float *c = colors[j];
        Vtx v[6];

        for (int i = 0; i < 6; i++) {
            v[i] = vtx(corner[i][0], corner[i][1], 0.5f, c[0], c[1], c[2], c[3]);
        }
        VK(data_buf(vk, v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb[j]));
    }
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        const FmtCase *fc = &cases[k];
        VkFormatProperties fp;
        VkPipeline pipe;
        Img im;
        Buf out;
        uint8_t want[16] = { 0 };
        unsigned tol, bad = 0, worst = 0;

        vkGetPhysicalDeviceFormatProperties(vk->pdev, fc->fmt, &fp);
        if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)) {
            snprintf(skipped + strlen(skipped), sizeof(skipped) - strlen(skipped), " %s",
                     fc->name);
            continue;
        }
        texel_of(fc->fmt, colors[fc->fl], want, &tol);
        VK(pipeline_new(vk, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false, false, false, false, false,
                        fc->fmt, &pipe));
        VK(img_new(vk, fc->fmt, n, n, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                   VK_IMAGE_ASPECT_COLOR_BIT, &im));
        VK(buf_new(vk, n * n * fc->bytes, &out));
        VK(begin(vk));
        layout(vk->cb, &im, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
        VkRenderingAttachmentInfo att = {
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = im.view,
            .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
            .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE };
        VkRenderingInfo ri = { .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                               .renderArea = { { 0, 0 }, { n, n } }, .layerCount = 1,
                               .colorAttachmentCount = 1, .pColorAttachments = &att };
        vkCmdBeginRendering(vk->cb, &ri);
        vkCmdBindPipeline(vk->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
        vkCmdBindVertexBuffers(vk->cb, 0, 1, &vb[fc->fl], &zero);
        vkCmdDraw(vk->cb, 6, 1, 0, 0);
        vkCmdEndRendering(vk->cb);
        layout(vk->cb, &im, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
               VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        read_back(vk->cb, &im, &out);
        VK(submit(vk));
        for (uint32_t i = 0; i < n * n; i++) {
            const uint8_t *t = (const uint8_t *)out.map + i * fc->bytes;

            for (unsigned b = 0; b < fc->bytes; b++) {
                unsigned d = (unsigned)abs((int)t[b] - (int)want[b]);

                worst = d > worst ? d : worst;
                bad += d > tol;
            }
        }
        report(!bad, "draw: a colour square into %s (%u bytes wrong, largest difference %u; "
               "texel 0: %02x %02x %02x %02x, want %02x %02x %02x %02x)", fc->name, bad, worst,
               ((uint8_t *)out.map)[0], ((uint8_t *)out.map)[1 % fc->bytes],
               ((uint8_t *)out.map)[2 % fc->bytes], ((uint8_t *)out.map)[3 % fc->bytes],
               want[0], want[1 % fc->bytes], want[2 % fc->bytes], want[3 % fc->bytes]);
    }
    printf("formats NVK does not offer as colour targets:%s\n", skipped[0] ? skipped : " none");
    return 0;
}

int main(void)
{
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .pApplicationName = "nvqemu vk-draw",
                              .apiVersion = VK_API_VERSION_1_3 };
    VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                 .pApplicationInfo = &app };
    VkInstance inst;
    Vk vk = { 0 };
    uint32_t count = 1;

    VK(vkCreateInstance(&ici, NULL, &inst));
    VkResult r = vkEnumeratePhysicalDevices(inst, &count, &vk.pdev);
    if (!report((r == VK_SUCCESS || r == VK_INCOMPLETE) && count == 1,
                "a Vulkan physical device (%u)", count)) {
        return 1;
    }
    VK(vk_open(vk.pdev, &vk));

    if (rgba8(&vk) || others(&vk) || layers(&vk) || queries(&vk) || shared_edge(&vk) ||
        gradient(&vk) || depth(&vk) || indexed_strip(&vk) || instanced(&vk) || points(&vk) ||
        lines(&vk) || formats(&vk)) {
        return 1;
    }
    return failed;
}
