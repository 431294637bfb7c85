/*
 * The CUDA runtime: arrays, texture objects and surface objects.
 *
 * A CUDA array is block linear (nv-blocklinear.h): one GOB wide blocks,
 * 2^h GOBs high (the smallest block that holds the height, at most 16
 * GOBs), 2^d deep for 3D arrays; layers of a layered array are whole slabs
 * of blocks apart. Copies to and from arrays run on the copy engine with
 * that layout, and the SM's texture unit reads the same bytes, so both
 * must agree for any test to pass.
 *
 * Texture and surface objects are slots of two pools in device memory, a
 * texture header (TIC) pool and a sampler (TSC) pool of CRT_TEX_SLOTS
 * entries each, bound to the compute class when the first object is made.
 * A texture object's handle is slot | slot << 20: header and sampler at the
 * same index, whichever of the handle's fields the hardware reads. A
 * surface object's handle is the slot of its header.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "cudart-internal.h"
#include "hw/nvidia/nv-blocklinear.h"
#include "hw/nvidia/nv-tex.h"

#define CRT_TEX_SLOTS       4096        /* handles 1..4095 (the sampler field's 12 bits) */
#define CRT_ARRAY_LOG2_MAX  4           /* block edge in GOBs, log2 */
#define CRT_TEX_LINEAR_MAX  (1u << 17)  /* texels of a linear texture (the header's width) */
#define CRT_TEX_PITCH_ALIGN 32          /* pitch headers: base and pitch in 32 bytes */

struct cudaArray {
    struct cudaChannelFormatDesc desc;
    size_t width, height, depth;        /* as created (0: absent dimension) */
    unsigned flags;
    unsigned bpp;                       /* bytes per element */
    uint8_t log2_h, log2_d;
    uint64_t va;                        /* 512-byte aligned (a GOB: the header's address unit) */
    uint64_t alloc;                     /* the allocation it is in */
    unsigned gen;                       /* context generation it belongs to */
};

static struct {
    uint64_t headers, samplers;         /* pool VAs, 0 until the first object */
    unsigned gen;
    bool used[CRT_TEX_SLOTS];
} pools;

static bool array_valid(cudaArray_const_t a)
{
    return a && crt.gpu && a->gen == crt.gen && a->alloc;
}

/* ---- formats ---- */

/* The header's COMPONENTS for a channel description (equal sizes, 1, 2 or 4 channels). */
static int desc_format(const struct cudaChannelFormatDesc *d, unsigned *bpp, unsigned *n)
{
    static const int formats[3][5] = {
        /* by channels: 1, 2, 4 */
        { 0, NV_TIC_FMT_R8, NV_TIC_FMT_G8R8, 0, NV_TIC_FMT_A8B8G8R8 },
        { 0, NV_TIC_FMT_R16, NV_TIC_FMT_R16_G16, 0, NV_TIC_FMT_R16_G16_B16_A16 },
        { 0, NV_TIC_FMT_R32, NV_TIC_FMT_R32_G32, 0, NV_TIC_FMT_R32_G32_B32_A32 },
    };
    int bits = d->x, size;

    *n = (d->x > 0) + (d->y > 0) + (d->z > 0) + (d->w > 0);
    if ((*n != 1 && *n != 2 && *n != 4) || (d->y && d->y != bits) || (d->z && d->z != bits) ||
        (d->w && d->w != bits) || (bits != 8 && bits != 16 && bits != 32) ||
        (unsigned)d->f > cudaChannelFormatKindFloat ||
        (d->f == cudaChannelFormatKindFloat && bits == 8)) {
        return -1;
    }
    size = bits == 8 ? 0 : bits == 16 ? 1 : 2;
    *bpp = (unsigned)bits / 8 * *n;
    return formats[size][*n];
}

CRT_EXPORT struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                              enum cudaChannelFormatKind f);
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f)
{
    return (struct cudaChannelFormatDesc){ x, y, z, w, f };
}

/* ---- arrays ---- */

/* Bytes of one layer (or of the whole 3D array). */
static uint64_t array_layer_bytes(const struct cudaArray *a, bool *ok)
{
    NvBlGeom g;
    uint64_t rows = MAX(a->height, 1), slices = a->flags & cudaArrayLayered ? 1 :
                                                 MAX(a->depth, 1);

    nv_bl_geom_init(&g, 0, a->log2_h, a->log2_d, (uint64_t)a->width * a->bpp, rows);
    *ok = g.blocks_x < (1ull << 24) && g.blocks_y < (1ull << 24) && slices < (1ull << 16);
    return g.blocks_x * g.blocks_y * nv_bl_div_round_up_pow2(slices, a->log2_d) <<
           (NV_GOB_SHIFT + a->log2_h + a->log2_d);
}

static cudaError_t array_new(cudaArray_t *out, const struct cudaChannelFormatDesc *desc,
                             size_t w, size_t h, size_t d, unsigned flags)
{
    struct cudaArray *a;
    uint64_t bytes;
    unsigned n;
    bool ok;

    if (!out || !desc || !w || w > 65536 || h > 65536 || d > 2048 ||
        (flags & ~(unsigned)(cudaArrayLayered | cudaArraySurfaceLoadStore)) ||
        ((flags & cudaArrayLayered) && !d)) {
        return cudaErrorInvalidValue;
    }
    a = g_new0(struct cudaArray, 1);
    a->desc = *desc;
    a->width = w;
    a->height = h;
    a->depth = d;
    a->flags = flags;
    if (desc_format(desc, &a->bpp, &n) < 0) {
        g_free(a);
        return cudaErrorInvalidChannelDescriptor;
    }
    a->log2_h = (uint8_t)MIN(nv_bl_ceil_log2((MAX(h, 1) + NV_GOB_HEIGHT - 1) / NV_GOB_HEIGHT),
                             CRT_ARRAY_LOG2_MAX);
    a->log2_d = (uint8_t)(flags & cudaArrayLayered ? 0 :
                          MIN(nv_bl_ceil_log2(MAX(d, 1)), CRT_ARRAY_LOG2_MAX));
    bytes = array_layer_bytes(a, &ok) * (flags & cudaArrayLayered ? d : 1);
    /* allocations are 256-byte aligned: room to round up to a GOB */
    a->alloc = ok ? nv_vgpu_alloc(crt.gpu, bytes + (1u << NV_GOB_SHIFT) / 2) : 0;
    a->va = (a->alloc + (1u << NV_GOB_SHIFT) - 1) & ~(uint64_t)((1u << NV_GOB_SHIFT) - 1);
    if (!a->alloc) {
        g_free(a);
        return cudaErrorMemoryAllocation;
    }
    a->gen = crt.gen;
    *out = a;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                       size_t width, size_t height, unsigned flags);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (e == cudaSuccess) {
        e = (flags & cudaArrayLayered) ? cudaErrorInvalidValue :
            array_new(array, desc, width, height, 0, flags);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                                         const struct cudaChannelFormatDesc *desc,
                                         struct cudaExtent extent, unsigned flags);
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned flags)
{
    cudaError_t e = crt_enter();

    if (e == cudaSuccess) {
        e = array_new(array, desc, extent.width, extent.height, extent.depth, flags);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaFreeArray(cudaArray_t array)
{
    cudaError_t e = crt_enter();

    if (e == cudaSuccess && array) {
        if (array_valid(array)) {
            nv_vgpu_free_mem(crt.gpu, array->alloc);
        }
        g_free(array);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc,
                                        struct cudaExtent *extent, unsigned *flags,
                                        cudaArray_t array);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned *flags, cudaArray_t array)
{
    cudaError_t e = crt_enter();

    if (e == cudaSuccess && !array_valid(array)) {
        e = cudaErrorInvalidResourceHandle;
    }
    if (e == cudaSuccess) {
        if (desc) {
            *desc = array->desc;
        }
        if (extent) {
            *extent = (struct cudaExtent){ array->width, array->height, array->depth };
        }
        if (flags) {
            *flags = array->flags;
        }
    }
    return crt_leave(e);
}

/* The copy engine's view of slice z of an array, from (x bytes, y). */
static NvVgpuBlock array_block(const struct cudaArray *a, size_t x, size_t y, size_t z)
{
    return (NvVgpuBlock){
        .width = (uint32_t)(a->width * a->bpp), .height = (uint32_t)MAX(a->height, 1),
        .depth = (uint32_t)MAX(a->depth, 1), .log2_h = a->log2_h, .log2_d = a->log2_d,
        .layer = (uint32_t)z, .origin_x = (uint32_t)x, .origin_y = (uint32_t)y,
    };
}

/*
 * width bytes x height rows between an array's slice z at (x bytes, y) and
 * linear memory at ptr (pitch apart): GPU memory directly, host memory
 * through a device staging buffer.
 */
static cudaError_t array_copy(struct cudaArray *a, size_t x, size_t y, size_t z, void *ptr,
                              size_t pitch, size_t width, size_t height, bool to_array)
{
    uint64_t p = (uint64_t)(uintptr_t)ptr, stage = 0, lin;
    NvVgpuBlock b = array_block(a, x, y, z);
    bool host, ok = true;

    if (!array_valid(a)) {
        return cudaErrorInvalidResourceHandle;
    }
    if (!width || !height) {
        return cudaSuccess;
    }
    if (!ptr || pitch < width || x + width > a->width * a->bpp ||
        y + height > MAX(a->height, 1) || z >= MAX(a->depth, 1)) {
        return cudaErrorInvalidValue;
    }
    host = nv_vgpu_mem_find(crt.gpu, p, pitch * (height - 1) + width, NULL, NULL) ==
           NV_VGPU_MEM_NONE;
    lin = p;
    if (host) {
        stage = lin = nv_vgpu_alloc(crt.gpu, width * height);
        if (!stage) {
            return cudaErrorMemoryAllocation;
        }
        for (size_t r = 0; to_array && ok && r < height; r++) {
            ok = nv_vgpu_write(crt.gpu, stage + r * width, (const uint8_t *)ptr + r * pitch,
                               width);
        }
        pitch = width;
    }
    ok = ok && (to_array ? nv_vgpu_copy_block(crt.gpu, a->va, 0, &b, lin, pitch, NULL, width,
                                              height) :
                           nv_vgpu_copy_block(crt.gpu, lin, pitch, NULL, a->va, 0, &b, width,
                                              height));
    for (size_t r = 0; host && !to_array && ok && r < height; r++) {
        ok = nv_vgpu_read(crt.gpu, stage + r * width, (uint8_t *)ptr + r * pitch, width);
    }
    if (stage) {
        nv_vgpu_free_mem(crt.gpu, stage);
    }
    return ok ? cudaSuccess : crt_gpu_failed(cudaErrorIllegalAddress);
}

CRT_EXPORT cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                           const void *src, size_t spitch, size_t width,
                                           size_t height, int kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                const void *src, size_t spitch, size_t width, size_t height,
                                int kind)
{
    cudaError_t e = crt_enter();

    if (e == cudaSuccess) {
        e = (unsigned)kind > cudaMemcpyDefault ? cudaErrorInvalidMemcpyDirection :
            array_copy(dst, wOffset, hOffset, 0, (void *)src, spitch, width, height, true);
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
                                             size_t wOffset, size_t hOffset, size_t width,
                                             size_t height, int kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
                                  size_t wOffset, size_t hOffset, size_t width, size_t height,
                                  int kind)
{
    cudaError_t e = crt_enter();

    if (e == cudaSuccess) {
        e = (unsigned)kind > cudaMemcpyDefault ? cudaErrorInvalidMemcpyDirection :
            array_copy((struct cudaArray *)src, wOffset, hOffset, 0, dst, dpitch, width,
                       height, false);
    }
    return crt_leave(e);
}

/* Array <-> pitched memory, slice by slice (extent in elements for the array side). */
CRT_EXPORT cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
    cudaError_t e = crt_enter();
    struct cudaArray *a;
    const struct cudaPitchedPtr *lin;
    const struct cudaPos *apos, *lpos;
    bool to_array;

    if (e != cudaSuccess || !p || (!p->srcArray == !p->dstArray)) {
        return crt_leave(e != cudaSuccess ? e : p && p->srcArray ? cudaErrorNotSupported :
                         cudaErrorInvalidValue);
    }
    to_array = p->dstArray;
    a = to_array ? p->dstArray : p->srcArray;
    lin = to_array ? &p->srcPtr : &p->dstPtr;
    apos = to_array ? &p->dstPos : &p->srcPos;
    lpos = to_array ? &p->srcPos : &p->dstPos;
    if (!array_valid(a) || (unsigned)p->kind > cudaMemcpyDefault) {
        return crt_leave(array_valid(a) ? cudaErrorInvalidMemcpyDirection :
                         cudaErrorInvalidResourceHandle);
    }
    for (size_t z = 0; e == cudaSuccess && z < MAX(p->extent.depth, 1); z++) {
        uint8_t *row = (uint8_t *)lin->ptr + ((lpos->z + z) * lin->ysize + lpos->y) *
                       lin->pitch + lpos->x;

        e = array_copy(a, apos->x * a->bpp, apos->y, apos->z + z, row, lin->pitch,
                       p->extent.width * a->bpp, MAX(p->extent.height, 1), to_array);
    }
    return crt_leave(e);
}

/* ---- texture and surface objects ---- */

/* The pools of the current context (made on first use); false when out of memory. */
static bool pools_ready(void)
{
    uint64_t bytes = (uint64_t)CRT_TEX_SLOTS * NV_TEX_DESC_BYTES;

    if (pools.headers && pools.gen == crt.gen) {
        return true;
    }
    memset(&pools, 0, sizeof(pools));
    pools.headers = nv_vgpu_alloc(crt.gpu, bytes);
    pools.samplers = nv_vgpu_alloc(crt.gpu, bytes);
    pools.gen = crt.gen;
    if (!pools.headers || !pools.samplers ||
        !nv_vgpu_tex_pools(crt.gpu, pools.headers, CRT_TEX_SLOTS - 1, pools.samplers,
                           CRT_TEX_SLOTS - 1)) {
        pools.headers = 0;
        return false;
    }
    return true;
}

static unsigned slot_new(void)
{
    for (unsigned i = 1; i < CRT_TEX_SLOTS; i++) {
        if (!pools.used[i]) {
            pools.used[i] = true;
            return i;
        }
    }
    return 0;
}

/* Format, data types and swizzle of a header; false for a description CUDA refuses. */
static bool tic_format(uint32_t *tic, const struct cudaChannelFormatDesc *d, bool normalized,
                       bool srgb, unsigned *bpp)
{
    static const uint8_t src[4] = {
        NV_TIC_SRC_R, NV_TIC_SRC_G, NV_TIC_SRC_B, NV_TIC_SRC_A,
    };
    unsigned n, type;
    int fmt = desc_format(d, bpp, &n);

    if (fmt < 0 || (normalized && (d->f == cudaChannelFormatKindFloat || d->x == 32))) {
        return false;
    }
    type = d->f == cudaChannelFormatKindFloat ? NV_TIC_FLOAT :
           d->f == cudaChannelFormatKindSigned ? (normalized ? NV_TIC_SNORM : NV_TIC_SINT) :
           (normalized ? NV_TIC_UNORM : NV_TIC_UINT);
    NV_TIC_SET(tic, COMPONENTS, (uint32_t)fmt);
    for (unsigned c = 0; c < 4; c++) {
        bool is_int = type == NV_TIC_SINT || type == NV_TIC_UINT;

        nv_tex_set(tic, NV_TIC_R_DATA_TYPE_BIT + 3 * c, 3, type);
        nv_tex_set(tic, NV_TIC_X_SOURCE_BIT + 3 * c, 3,
                   c < n ? src[c] : c < 3 ? NV_TIC_SRC_ZERO :
                   is_int ? NV_TIC_SRC_ONE_INT : NV_TIC_SRC_ONE_FLOAT);
    }
    NV_TIC_SET(tic, S_R_G_B_CONVERSION, srgb);
    NV_TIC_SET(tic, NORMALIZED_COORDS, 1);
    return true;
}

static void tic_block_linear(uint32_t *tic, const struct cudaArray *a)
{
    bool layered = a->flags & cudaArrayLayered;
    unsigned type = !a->height && !a->depth ? NV_TIC_TYPE_1D :
                    layered ? (a->height ? NV_TIC_TYPE_2D_ARRAY : NV_TIC_TYPE_1D_ARRAY) :
                    a->depth ? NV_TIC_TYPE_3D : NV_TIC_TYPE_2D;

    NV_TIC_SET(tic, HEADER_VERSION, NV_TIC_HEADER_BLOCKLINEAR);
    NV_TIC_SET(tic, BL_ADDRESS_BITS31TO9, (uint32_t)a->va >> 9);
    NV_TIC_SET(tic, ADDRESS_BITS48TO32, (uint32_t)(a->va >> 32));
    NV_TIC_SET(tic, GOBS_PER_BLOCK_HEIGHT, a->log2_h);
    NV_TIC_SET(tic, GOBS_PER_BLOCK_DEPTH, a->log2_d);
    NV_TIC_SET(tic, TEXTURE_TYPE, type);
    NV_TIC_SET(tic, WIDTH_MINUS_ONE, (uint32_t)a->width - 1);
    NV_TIC_SET(tic, HEIGHT_MINUS_ONE, (uint32_t)MAX(a->height, 1) - 1);
    NV_TIC_SET(tic, DEPTH_MINUS_ONE, (uint32_t)MAX(a->depth, 1) - 1);
}

/* A pitch header for linear memory (1D) or pitch-2D memory. */
static bool tic_pitch(uint32_t *tic, uint64_t va, size_t width, size_t height, size_t pitch,
                      unsigned bpp, bool one_d)
{
    if (!va || va % CRT_TEX_PITCH_ALIGN || pitch % CRT_TEX_PITCH_ALIGN || !width ||
        !height || width > CRT_TEX_LINEAR_MAX || height > 65536 || pitch >= (1u << 22) ||
        width * bpp > pitch || nv_vgpu_mem_find(crt.gpu, va, pitch * (height - 1) +
                                                width * bpp, NULL, NULL) == NV_VGPU_MEM_NONE) {
        return false;
    }
    NV_TIC_SET(tic, HEADER_VERSION, NV_TIC_HEADER_PITCH);
    NV_TIC_SET(tic, PITCH_ADDRESS_BITS31TO5, (uint32_t)va >> 5);
    NV_TIC_SET(tic, ADDRESS_BITS48TO32, (uint32_t)(va >> 32));
    NV_TIC_SET(tic, PITCH_BITS20TO5, (uint32_t)(pitch >> 5) & 0xffff);
    NV_TIC_SET(tic, PITCH_BIT21, (uint32_t)(pitch >> 21) & 1);
    NV_TIC_SET(tic, TEXTURE_TYPE, one_d ? NV_TIC_TYPE_1D : NV_TIC_TYPE_2D_NO_MIPMAP);
    NV_TIC_SET(tic, WIDTH_MINUS_ONE, (uint32_t)width - 1);
    NV_TIC_SET(tic, HEIGHT_MINUS_ONE, (uint32_t)height - 1);
    return true;
}

/* The header of a resource; cudaSuccess or why not. */
static cudaError_t resource_tic(uint32_t *tic, const struct cudaResourceDesc *r, bool normalized,
                                bool srgb)
{
    unsigned bpp;

    memset(tic, 0, NV_TEX_DESC_BYTES);
    switch (r->resType) {
    case cudaResourceTypeArray:
        if (!array_valid(r->res.array.array)) {
            return cudaErrorInvalidResourceHandle;
        }
        if (!tic_format(tic, &r->res.array.array->desc, normalized, srgb, &bpp)) {
            return cudaErrorInvalidChannelDescriptor;
        }
        tic_block_linear(tic, r->res.array.array);
        return cudaSuccess;
    case cudaResourceTypeLinear:
        if (!tic_format(tic, &r->res.linear.desc, normalized, srgb, &bpp)) {
            return cudaErrorInvalidChannelDescriptor;
        }
        return r->res.linear.sizeInBytes % bpp ||
               !tic_pitch(tic, (uint64_t)(uintptr_t)r->res.linear.devPtr,
                          r->res.linear.sizeInBytes / bpp, 1,
                          (r->res.linear.sizeInBytes + CRT_TEX_PITCH_ALIGN - 1) / CRT_TEX_PITCH_ALIGN * CRT_TEX_PITCH_ALIGN, bpp, true) ?
               cudaErrorInvalidValue : cudaSuccess;
    case cudaResourceTypePitch2D:
        if (!tic_format(tic, &r->res.pitch2D.desc, normalized, srgb, &bpp)) {
            return cudaErrorInvalidChannelDescriptor;
        }
        return tic_pitch(tic, (uint64_t)(uintptr_t)r->res.pitch2D.devPtr, r->res.pitch2D.width,
                         r->res.pitch2D.height, r->res.pitch2D.pitchInBytes, bpp, false) ?
               cudaSuccess : cudaErrorInvalidValue;
    default:
        return cudaErrorNotSupported;   /* mipmapped arrays */
    }
}

static uint32_t tsc_address(enum cudaTextureAddressMode m)
{
    return m == cudaAddressModeWrap ? NV_TSC_WRAP : m == cudaAddressModeMirror ? NV_TSC_MIRROR :
           m == cudaAddressModeBorder ? NV_TSC_BORDER : NV_TSC_CLAMP_TO_EDGE;
}

static void sampler_tsc(uint32_t *tsc, const struct cudaTextureDesc *t)
{
    uint32_t filter = t->filterMode == cudaFilterModeLinear ? NV_TSC_FILTER_LINEAR :
                                                              NV_TSC_FILTER_POINT;

    memset(tsc, 0, NV_TEX_DESC_BYTES);
    for (unsigned c = 0; c < 3; c++) {
        nv_tex_set(tsc, NV_TSC_ADDRESS_U_BIT + 3 * c, 3, tsc_address(t->addressMode[c]));
    }
    NV_TSC_SET(tsc, MAG_FILTER, filter);
    NV_TSC_SET(tsc, MIN_FILTER, filter);
    NV_TSC_SET(tsc, MIP_FILTER, NV_TSC_MIP_NONE);
    NV_TSC_SET(tsc, FLOAT_COORD_NORMALIZATION, !t->normalizedCoords);
    for (unsigned c = 0; c < 4; c++) {
        memcpy(&tsc[NV_TSC_BORDER_COLOR_R_BIT / 32 + c], &t->borderColor[c], 4);
    }
}

/* Writes the descriptors of a new object; its slot, or 0 with *e set. */
static unsigned object_new(const uint32_t *tic, const uint32_t *tsc, cudaError_t *e)
{
    unsigned slot;

    if (!pools_ready() || !(slot = slot_new())) {
        *e = cudaErrorMemoryAllocation;
        return 0;
    }
    if (!nv_vgpu_write(crt.gpu, pools.headers + slot * NV_TEX_DESC_BYTES, tic,
                       NV_TEX_DESC_BYTES) ||
        (tsc && !nv_vgpu_write(crt.gpu, pools.samplers + slot * NV_TEX_DESC_BYTES, tsc,
                               NV_TEX_DESC_BYTES))) {
        pools.used[slot] = false;
        *e = crt_gpu_failed(cudaErrorIllegalAddress);
        return 0;
    }
    return slot;
}

static cudaError_t object_free(unsigned long long handle)
{
    unsigned slot = (unsigned)(handle & NV_TEX_HANDLE_TIC_MASK);

    if (!slot || slot >= CRT_TEX_SLOTS || pools.gen != crt.gen || !pools.used[slot]) {
        return handle ? cudaErrorInvalidValue : cudaSuccess;
    }
    pools.used[slot] = false;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaCreateTextureObject(cudaTextureObject_t *obj,
                                               const struct cudaResourceDesc *res,
                                               const struct cudaTextureDesc *tex,
                                               const void *view);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *obj, const struct cudaResourceDesc *res,
                                    const struct cudaTextureDesc *tex, const void *view)
{
    uint32_t tic[NV_TEX_DESC_DWORDS], tsc[NV_TEX_DESC_DWORDS];
    cudaError_t e = crt_enter();
    unsigned slot;

    if (e == cudaSuccess && (!obj || !res || !tex || res->flags)) {
        e = cudaErrorInvalidValue;
    }
    if (e == cudaSuccess && view) {
        e = cudaErrorNotSupported;      /* resource views: not yet */
    }
    if (e == cudaSuccess) {
        e = resource_tic(tic, res, tex->readMode == cudaReadModeNormalizedFloat, tex->sRGB);
    }
    if (e == cudaSuccess) {
        sampler_tsc(tsc, tex);
        slot = object_new(tic, tsc, &e);
        if (slot) {
            *obj = slot | (unsigned long long)slot << NV_TEX_HANDLE_TIC_BITS;
        }
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaDestroyTextureObject(cudaTextureObject_t obj);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t obj)
{
    cudaError_t e = crt_enter();

    return crt_leave(e == cudaSuccess ? object_free(obj) : e);
}

CRT_EXPORT cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *obj,
                                               const struct cudaResourceDesc *res);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *obj, const struct cudaResourceDesc *res)
{
    uint32_t tic[NV_TEX_DESC_DWORDS];
    cudaError_t e = crt_enter();
    unsigned slot;

    if (e == cudaSuccess && (!obj || !res || res->resType != cudaResourceTypeArray)) {
        e = cudaErrorInvalidValue;
    }
    if (e == cudaSuccess && array_valid(res->res.array.array) &&
        !(res->res.array.array->flags & cudaArraySurfaceLoadStore)) {
        e = cudaErrorInvalidValue;      /* CUDA asks for the flag */
    }
    if (e == cudaSuccess) {
        e = resource_tic(tic, res, false, false);
    }
    if (e == cudaSuccess) {
        slot = object_new(tic, NULL, &e);
        if (slot) {
            *obj = slot;
        }
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t obj);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t obj)
{
    cudaError_t e = crt_enter();

    return crt_leave(e == cudaSuccess ? object_free(obj) : e);
}
