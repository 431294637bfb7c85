/*
 * The binary interface of CUDA 13's runtime (libcudart.so.13) as programs
 * compiled by nvcc use it: our own declarations of the types, values and
 * structure layouts (x86-64 SysV). Layouts are checked against NVIDIA's
 * headers by tests/cuda/device_query (and the rest of the CUDA suite).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TOOLS_CUDART_CUDART_ABI_H
#define TOOLS_CUDART_CUDART_ABI_H

#include <stddef.h>
#include <stdint.h>

typedef enum cudaError {
#define CUDA_ERROR(name, value, text) name = value,
#include "cuda-errors.h"
#undef CUDA_ERROR
} cudaError_t;

typedef struct dim3 {
    unsigned int x, y, z;
} dim3;

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef void *cudaKernel_t;
typedef void (*cudaHostFn_t)(void *user_data);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *user_data);
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;

/* graphs */
enum cudaGraphNodeType {
    cudaGraphNodeTypeKernel = 0, cudaGraphNodeTypeMemcpy = 1, cudaGraphNodeTypeMemset = 2,
    cudaGraphNodeTypeHost = 3, cudaGraphNodeTypeGraph = 4, cudaGraphNodeTypeEmpty = 5,
    cudaGraphNodeTypeWaitEvent = 6, cudaGraphNodeTypeEventRecord = 7,
};
enum cudaStreamCaptureStatus {
    cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1,
    cudaStreamCaptureStatusInvalidated = 2,
};

struct cudaKernelNodeParams {
    void *func;
    dim3 gridDim, blockDim;
    unsigned int sharedMemBytes;
    void **kernelParams;
    void **extra;
};

struct cudaMemsetParams {
    void *dst;
    size_t pitch;
    unsigned int value, elementSize;
    size_t width, height;       /* width in elements */
};

struct cudaHostNodeParams {
    cudaHostFn_t fn;
    void *userData;
};

/* the special stream handles */
#define CUDA_STREAM_LEGACY          ((cudaStream_t)0x1)
#define CUDA_STREAM_PER_THREAD      ((cudaStream_t)0x2)

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};

enum cudaMemoryType {
    cudaMemoryTypeUnregistered = 0,
    cudaMemoryTypeHost = 1,
    cudaMemoryTypeDevice = 2,
    cudaMemoryTypeManaged = 3,
};

enum cudaLimit {
    cudaLimitStackSize = 0,
    cudaLimitPrintfFifoSize = 1,
    cudaLimitMallocHeapSize = 2,
};

enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};

/* flags */
#define CUDA_EVENT_DISABLE_TIMING   0x02
#define CUDA_EVENT_FLAGS            0x0f    /* blocking sync, disable timing, interprocess, ... */
#define CUDA_HOST_ALLOC_FLAGS       0x0f    /* portable, mapped, write-combined, ... */
#define CUDA_STREAM_FLAGS           0x01    /* non-blocking */
#define CUDA_OCCUPANCY_FLAGS        0x01    /* disable caching override */
#define CUDA_MEM_ATTACH_GLOBAL      0x01
#define CUDA_MEM_ATTACH_HOST        0x02
#define CUDA_MEM_ATTACH_SINGLE      0x04

/* Where managed memory should live (prefetch, advice): passed by value. */
struct cudaMemLocation {
    int type;                   /* enum cudaMemLocationType */
    int id;
};
_Static_assert(sizeof(struct cudaMemLocation) == 8, "cudaMemLocation layout");

/* cudaLaunchKernelEx: attributes (a 64-byte value union after the id) */
typedef struct cudaLaunchAttribute {
    int id;                     /* enum cudaLaunchAttributeID */
    char pad[4];
    union {
        char pad[64];
        int cooperative;
        struct {
            unsigned int x, y, z;
        } clusterDim;
    } val;
} cudaLaunchAttribute;

typedef struct cudaLaunchConfig {
    dim3 gridDim, blockDim;
    size_t dynamicSmemBytes;
    cudaStream_t stream;
    cudaLaunchAttribute *attrs;
    unsigned int numAttrs;
} cudaLaunchConfig_t;

/* memory pools */
struct cudaMemPoolProps {
    int allocType;              /* enum cudaMemAllocationType: 1 pinned */
    int handleTypes;            /* enum cudaMemAllocationHandleType: 0 none */
    struct cudaMemLocation location;
    void *win32SecurityAttributes;
    size_t maxSize;
    unsigned short usage;
    unsigned char reserved[54];
};

typedef struct cudaUUID {
    char bytes[16];
} cudaUUID_t;

struct cudaDeviceProp {
    char name[256];
    cudaUUID_t uuid;
    char luid[8];
    unsigned int luidDeviceNodeMask;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int multiProcessorCount;
    int integrated;
    int canMapHostMemory;
    int maxTexture1D, maxTexture1DMipmap;
    int maxTexture2D[2], maxTexture2DMipmap[2], maxTexture2DLinear[3], maxTexture2DGather[2];
    int maxTexture3D[3], maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2], maxTexture2DLayered[3], maxTextureCubemapLayered[2];
    int maxSurface1D, maxSurface2D[2], maxSurface3D[3];
    int maxSurface1DLayered[2], maxSurface2DLayered[3];
    int maxSurfaceCubemap, maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID, pciDeviceID, pciDomainID;
    int tccDriver;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported;
    int globalL1CacheSupported;
    int localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int multiGpuBoardGroupID;
    int hostNativeAtomicSupported;
    int pageableMemoryAccess;
    int concurrentManagedAccess;
    int computePreemptionSupported;
    int canUseHostPointerForRegisteredMem;
    int cooperativeLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported;
    int sparseCudaArraySupported;
    int hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported;
    int memoryPoolsSupported;
    int gpuDirectRDMASupported;
    unsigned int gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned int memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported;
    int ipcEventSupported;
    int clusterLaunch;
    int unifiedFunctionPointers;
    int deviceNumaConfig;
    int deviceNumaId;
    int mpsEnabled;
    int hostNumaId;
    unsigned int gpuPciDeviceID;
    unsigned int gpuPciSubsystemID;
    int hostNumaMultinodeIpcSupported;
    int reserved[56];
};

struct cudaFuncAttributes {
    size_t sharedSizeBytes;
    size_t constSizeBytes;
    size_t localSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int ptxVersion;
    int binaryVersion;
    int cacheModeCA;
    int maxDynamicSharedSizeBytes;
    int preferredShmemCarveout;
    int clusterDimMustBeSet;
    int requiredClusterWidth, requiredClusterHeight, requiredClusterDepth;
    int clusterSchedulingPolicyPreference;
    int nonPortableClusterSizeAllowed;
    int reserved[16];
};

/* arrays, textures and surfaces */
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaChannelFormatKind {
    cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
    cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3,
};
struct cudaChannelFormatDesc {
    int x, y, z, w;
    enum cudaChannelFormatKind f;
};
struct cudaExtent {
    size_t width, height, depth;
};
struct cudaPos {
    size_t x, y, z;
};
struct cudaPitchedPtr {
    void *ptr;
    size_t pitch, xsize, ysize;
};
struct cudaMemcpy3DParms {
    cudaArray_t srcArray;
    struct cudaPos srcPos;
    struct cudaPitchedPtr srcPtr;
    cudaArray_t dstArray;
    struct cudaPos dstPos;
    struct cudaPitchedPtr dstPtr;
    struct cudaExtent extent;
    int kind;                   /* enum cudaMemcpyKind */
};
#define cudaArrayLayered            0x01
#define cudaArraySurfaceLoadStore   0x02
enum cudaResourceType {
    cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1,
    cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3,
};
struct cudaResourceDesc {
    enum cudaResourceType resType;
    union {
        struct { cudaArray_t array; } array;
        struct { void *mipmap; } mipmap;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t width, height, pitchInBytes;
        } pitch2D;
        struct { int reserved[32]; } reserved;
    } res;
    unsigned int flags;
};
enum cudaTextureAddressMode {
    cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2,
    cudaAddressModeBorder = 3,
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};

struct cudaPointerAttributes {
    enum cudaMemoryType type;
    int device;
    void *devicePointer;
    void *hostPointer;
    long reserved[8];
};

/* layout checks: sizes and a few offsets of NVIDIA's definitions */
_Static_assert(sizeof(struct cudaDeviceProp) == 1008, "cudaDeviceProp layout");
_Static_assert(offsetof(struct cudaDeviceProp, totalGlobalMem) == 288, "cudaDeviceProp");
_Static_assert(offsetof(struct cudaDeviceProp, multiProcessorCount) == 384, "cudaDeviceProp");
_Static_assert(offsetof(struct cudaDeviceProp, sharedMemPerBlockOptin) == 672, "cudaDeviceProp");
_Static_assert(offsetof(struct cudaDeviceProp, reserved) == 784, "cudaDeviceProp");
_Static_assert(sizeof(struct cudaFuncAttributes) == 144, "cudaFuncAttributes layout");
_Static_assert(sizeof(struct cudaPointerAttributes) == 88, "cudaPointerAttributes layout");
_Static_assert(sizeof(struct cudaKernelNodeParams) == 56, "cudaKernelNodeParams layout");
_Static_assert(sizeof(struct cudaMemPoolProps) == 88, "cudaMemPoolProps layout");
_Static_assert(sizeof(cudaLaunchAttribute) == 72, "cudaLaunchAttribute layout");
_Static_assert(sizeof(cudaLaunchConfig_t) == 56, "cudaLaunchConfig_t layout");
_Static_assert(offsetof(struct cudaKernelNodeParams, kernelParams) == 40, "cudaKernelNodeParams");
_Static_assert(sizeof(struct cudaMemsetParams) == 40, "cudaMemsetParams layout");

#endif
