/*
 * CUDA's driver API (cuda.h, libcuda.so.1) over the same virtual GPU as the
 * runtime: programs that call cuInit, load cubins or fat binaries with
 * cuModuleLoad* and launch with cuLaunchKernel. It lives in libcudart.so.13
 * (it shares the runtime's one context and state); the build's libcuda.so.1
 * is a link to that file, which the dynamic loader maps once.
 *
 * One device, one context: cuCtxCreate and cuDevicePrimaryCtxRetain hand out
 * the same context, counted; when the last reference goes (cuCtxDestroy,
 * cuDevicePrimaryCtxRelease) the device is reset, as destroying a context
 * frees what it held. The current context is per thread, as in CUDA. Calls
 * complete before they return, as the runtime's do. Driver calls that fail
 * through a runtime function also leave it as the runtime's last error.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE     /* program_invocation_short_name */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cudart-internal.h"

/* the runtime's entry points the driver API is made of (defined in cudart*.c) */
cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *ev, unsigned flags);
cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t s);
cudaError_t cudaEventSynchronize(cudaEvent_t ev);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t ev);

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef cudaStream_t CUstream;
typedef cudaEvent_t CUevent;

/* CUresult values this layer returns (the values are ABI), with their names */
#define DRV_ERRORS(X) \
    X(CUDA_SUCCESS, 0, "no error") \
    X(CUDA_ERROR_INVALID_VALUE, 1, "invalid argument") \
    X(CUDA_ERROR_OUT_OF_MEMORY, 2, "out of memory") \
    X(CUDA_ERROR_NOT_INITIALIZED, 3, "initialization error") \
    X(CUDA_ERROR_NO_DEVICE, 100, "no CUDA-capable device is detected") \
    X(CUDA_ERROR_INVALID_DEVICE, 101, "invalid device ordinal") \
    X(CUDA_ERROR_INVALID_IMAGE, 200, "device kernel image is invalid") \
    X(CUDA_ERROR_INVALID_CONTEXT, 201, "invalid device context") \
    X(CUDA_ERROR_NO_BINARY_FOR_GPU, 209, "no kernel image is available for execution on the device") \
    X(CUDA_ERROR_FILE_NOT_FOUND, 301, "file not found") \
    X(CUDA_ERROR_INVALID_HANDLE, 400, "invalid resource handle") \
    X(CUDA_ERROR_NOT_FOUND, 500, "named symbol not found") \
    X(CUDA_ERROR_NOT_READY, 600, "device not ready") \
    X(CUDA_ERROR_ILLEGAL_ADDRESS, 700, "an illegal memory access was encountered") \
    X(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, 701, "too many resources requested for launch") \
    X(CUDA_ERROR_LAUNCH_TIMEOUT, 702, "the launch timed out and was terminated") \
    X(CUDA_ERROR_ASSERT, 710, "device-side assert triggered") \
    X(CUDA_ERROR_ILLEGAL_INSTRUCTION, 715, "an illegal instruction was encountered") \
    X(CUDA_ERROR_MISALIGNED_ADDRESS, 716, "misaligned address") \
    X(CUDA_ERROR_INVALID_ADDRESS_SPACE, 717, "operation not supported on global/shared address space") \
    X(CUDA_ERROR_INVALID_PC, 718, "invalid program counter") \
    X(CUDA_ERROR_LAUNCH_FAILED, 719, "unspecified launch failure") \
    X(CUDA_ERROR_NOT_SUPPORTED, 801, "operation not supported") \
    X(CUDA_ERROR_UNKNOWN, 999, "unknown error")

enum {
#define DRV_ENUM(name, value, text) name = value,
    DRV_ERRORS(DRV_ENUM)
#undef DRV_ENUM
};

static const struct {
    int code;
    const char *name, *text;
} drv_errors[] = {
#define DRV_ROW(name, value, text) { value, #name, text },
    DRV_ERRORS(DRV_ROW)
#undef DRV_ROW
};

/* cuFuncGetAttribute: CUfunction_attribute values */
enum {
    DRV_FUNC_MAX_THREADS_PER_BLOCK = 0, DRV_FUNC_SHARED_SIZE_BYTES = 1,
    DRV_FUNC_CONST_SIZE_BYTES = 2, DRV_FUNC_LOCAL_SIZE_BYTES = 3, DRV_FUNC_NUM_REGS = 4,
    DRV_FUNC_PTX_VERSION = 5, DRV_FUNC_BINARY_VERSION = 6,
    DRV_FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
};
/* cuLaunchKernel's extra[]: the laid-out parameter buffer and its size */
#define DRV_LAUNCH_PARAM_END            ((void *)0)
#define DRV_LAUNCH_PARAM_BUFFER_POINTER ((void *)1)
#define DRV_LAUNCH_PARAM_BUFFER_SIZE    ((void *)2)
#define DRV_EXTRA_MAX                   64      /* entries looked at */

struct CUctx_st {
    int refs;                   /* cuCtxCreate / cuDevicePrimaryCtxRetain less their releases */
};

struct CUmod_st {
    CrtFatbin fb;               /* the code, loaded like a registered fat binary's */
    GHashTable *funcs;          /* name -> struct CUfunc_st */
};

struct CUfunc_st {
    CrtFunc f;
};

static struct CUctx_st the_context;
static bool initialized;
static __thread CUcontext current;
static GHashTable *modules;     /* live CUmodule */

/* The row of drv_errors[] for a driver code; -1 when it is not one this layer returns. */
static int drv_error(int code)
{
    for (size_t i = 0; i < G_N_ELEMENTS(drv_errors); i++) {
        if (drv_errors[i].code == code) {
            return (int)i;
        }
    }
    return -1;
}

/* A runtime error as the driver API's code. */
static CUresult drv_code(cudaError_t e)
{
    if (drv_error(e) >= 0) {
        return e;
    }
    switch ((int)e) {
    case 13:                                    /* cudaErrorInvalidSymbol */
        return CUDA_ERROR_NOT_FOUND;
    case 98:                                    /* cudaErrorInvalidDeviceFunction */
        return CUDA_ERROR_INVALID_HANDLE;
    default:
        return e < 100 ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_UNKNOWN;
    }
}

/*
 * Every call that needs the context: cuInit done, a current context, then
 * the runtime's lock and context. drv_leave() drops the lock.
 */
static CUresult drv_enter(void)
{
    cudaError_t e;

    if (!initialized) {
        return CUDA_ERROR_NOT_INITIALIZED;
    }
    if (!current) {
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    e = crt_enter();
    if (e) {
        g_rec_mutex_unlock(&crt.lock);
    }
    return drv_code(e);
}

static CUresult drv_leave(cudaError_t e)
{
    g_rec_mutex_unlock(&crt.lock);
    return drv_code(e);
}

/* ---- initialization, version, errors ---- */

CRT_EXPORT CUresult cuInit(unsigned flags);
CUresult cuInit(unsigned flags)
{
    if (flags) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    initialized = true;
    return CUDA_SUCCESS;
}

CRT_EXPORT CUresult cuDriverGetVersion(int *version);
CUresult cuDriverGetVersion(int *version)
{
    if (!version) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *version = CRT_VERSION;
    return CUDA_SUCCESS;
}

CRT_EXPORT CUresult cuGetErrorName(CUresult e, const char **name);
CUresult cuGetErrorName(CUresult e, const char **name)
{
    int i = drv_error(e);

    if (i < 0 || !name) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *name = drv_errors[i].name;
    return CUDA_SUCCESS;
}

CRT_EXPORT CUresult cuGetErrorString(CUresult e, const char **text);
CUresult cuGetErrorString(CUresult e, const char **text)
{
    int i = drv_error(e);

    if (i < 0 || !text) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *text = drv_errors[i].text;
    return CUDA_SUCCESS;
}

/* ---- the device ---- */

static CUresult device_check(CUdevice dev)
{
    return !initialized ? CUDA_ERROR_NOT_INITIALIZED : dev ? CUDA_ERROR_INVALID_DEVICE
                                                           : CUDA_SUCCESS;
}

CRT_EXPORT CUresult cuDeviceGetCount(int *count);
CUresult cuDeviceGetCount(int *count)
{
    if (!initialized) {
        return CUDA_ERROR_NOT_INITIALIZED;
    }
    if (!count) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *count = 1;
    return CUDA_SUCCESS;
}

CRT_EXPORT CUresult cuDeviceGet(CUdevice *dev, int ordinal);
CUresult cuDeviceGet(CUdevice *dev, int ordinal)
{
    CUresult r = device_check(ordinal);

    if (!r && !dev) {
        r = CUDA_ERROR_INVALID_VALUE;
    }
    if (!r) {
        *dev = 0;
    }
    return r;
}

CRT_EXPORT CUresult cuDeviceGetAttribute(int *value, int attr, CUdevice dev);
CUresult cuDeviceGetAttribute(int *value, int attr, CUdevice dev)
{
    CUresult r = device_check(dev);

    /* CUdevice_attribute numbers its attributes as cudaDeviceAttr does */
    return r ? r : drv_code(cudaDeviceGetAttribute(value, attr, dev));
}

static CUresult device_props(CUdevice dev, struct cudaDeviceProp *p)
{
    CUresult r = device_check(dev);

    return r ? r : drv_code(cudaGetDeviceProperties(p, dev));
}

CRT_EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
    struct cudaDeviceProp p;
    CUresult r = device_props(dev, &p);

    if (!r && (!name || len <= 0)) {
        r = CUDA_ERROR_INVALID_VALUE;
    }
    if (!r) {
        g_strlcpy(name, p.name, (size_t)len);
    }
    return r;
}

CRT_EXPORT CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev);
CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)
{
    struct cudaDeviceProp p;
    CUresult r = device_props(dev, &p);

    if (!r && !bytes) {
        r = CUDA_ERROR_INVALID_VALUE;
    }
    if (!r) {
        *bytes = p.totalGlobalMem;
    }
    return r;
}

/* ---- contexts ---- */

/* One more reference to the context, made current when asked. */
static CUresult context_retain(CUcontext *ctx, CUdevice dev, bool make_current)
{
    CUresult r = device_check(dev);

    if (!r && !ctx) {
        r = CUDA_ERROR_INVALID_VALUE;
    }
    if (!r) {
        crt_lock();
        the_context.refs++;
        g_rec_mutex_unlock(&crt.lock);
        *ctx = &the_context;
        current = make_current ? &the_context : current;
    }
    return r;
}

/* One reference less; the last one resets the device (its memory and modules go). */
static CUresult context_release(CUcontext ctx)
{
    bool last;

    if (ctx != &the_context) {
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    crt_lock();
    last = the_context.refs > 0 && --the_context.refs == 0;
    g_rec_mutex_unlock(&crt.lock);
    if (last) {
        cudaDeviceReset();
        current = NULL;
    }
    return CUDA_SUCCESS;
}

/* CUDA 12's and 13's cuCtxCreate (the latter with a parameter block, here ignored). */
CRT_EXPORT CUresult cuCtxCreate_v2(CUcontext *ctx, unsigned flags, CUdevice dev);
CUresult cuCtxCreate_v2(CUcontext *ctx, unsigned flags, CUdevice dev)
{
    return context_retain(ctx, dev, true);
}

CRT_EXPORT CUresult cuCtxCreate_v4(CUcontext *ctx, void *params, unsigned flags, CUdevice dev);
CUresult cuCtxCreate_v4(CUcontext *ctx, void *params, unsigned flags, CUdevice dev)
{
    return context_retain(ctx, dev, true);
}

CRT_EXPORT CUresult cuCtxDestroy_v2(CUcontext ctx);
CUresult cuCtxDestroy_v2(CUcontext ctx)
{
    return context_release(ctx);
}

CRT_EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev);
CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev)
{
    return context_retain(ctx, dev, false);
}

CRT_EXPORT CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev);
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev)
{
    CUresult r = device_check(dev);

    return r ? r : context_release(&the_context);
}

CRT_EXPORT CUresult cuCtxSetCurrent(CUcontext ctx);
CUresult cuCtxSetCurrent(CUcontext ctx)
{
    if (!initialized) {
        return CUDA_ERROR_NOT_INITIALIZED;
    }
    if (ctx && ctx != &the_context) {
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    current = ctx;
    return CUDA_SUCCESS;
}

CRT_EXPORT CUresult cuCtxGetCurrent(CUcontext *ctx);
CUresult cuCtxGetCurrent(CUcontext *ctx)
{
    if (!initialized) {
        return CUDA_ERROR_NOT_INITIALIZED;
    }
    if (!ctx) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    *ctx = current;
    return CUDA_SUCCESS;
}

/* One context: the stack has one place, and popping leaves none current. */
CRT_EXPORT CUresult cuCtxPushCurrent_v2(CUcontext ctx);
CUresult cuCtxPushCurrent_v2(CUcontext ctx)
{
    return ctx ? cuCtxSetCurrent(ctx) : CUDA_ERROR_INVALID_VALUE;
}

CRT_EXPORT CUresult cuCtxPopCurrent_v2(CUcontext *ctx);
CUresult cuCtxPopCurrent_v2(CUcontext *ctx)
{
    CUresult r = initialized ? (current ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT)
                             : CUDA_ERROR_NOT_INITIALIZED;

    if (!r) {
        if (ctx) {
            *ctx = current;
        }
        current = NULL;
    }
    return r;
}

CRT_EXPORT CUresult cuCtxGetDevice(CUdevice *dev);
CUresult cuCtxGetDevice(CUdevice *dev)
{
    CUresult r = drv_enter();

    if (r) {
        return r;
    }
    if (!dev) {
        return drv_leave(cudaErrorInvalidValue);
    }
    *dev = 0;
    return drv_leave(cudaSuccess);
}

CRT_EXPORT CUresult cuCtxSynchronize(void);
CUresult cuCtxSynchronize(void)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaDeviceSynchronize());
}

/* ---- modules and functions ---- */

/* The bytes of an ELF image whose size is not given: up to its last header or section. */
static size_t elf_image_size(const uint8_t *p)
{
    const Elf64_Ehdr *eh = (const void *)p;
    size_t end = (size_t)eh->e_shoff + (size_t)eh->e_shnum * eh->e_shentsize;

    if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
        eh->e_shnum > (1u << 15) || eh->e_shoff > NV_FATBIN_MAX_SIZE) {
        return 0;
    }
    end = MAX(end, (size_t)eh->e_phoff + (size_t)eh->e_phnum * eh->e_phentsize);
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        const Elf64_Shdr *sh = (const void *)(p + eh->e_shoff + (size_t)i * sizeof(*sh));

        if (sh->sh_type != SHT_NOBITS && sh->sh_offset <= NV_FATBIN_MAX_SIZE &&
            sh->sh_size <= NV_FATBIN_MAX_SIZE) {
            end = MAX(end, (size_t)(sh->sh_offset + sh->sh_size));
        }
    }
    return end <= NV_FATBIN_MAX_SIZE ? end : 0;
}

/* The sm_75 cubin of an image (a cubin or a fat binary); why: what is wrong. */
static CUresult image_cubin(const void *image, GBytes **cubin, char *why, size_t whylen)
{
    const uint8_t *p = image;
    size_t n;

    if (!image) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    if (!memcmp(p, ELFMAG, SELFMAG)) {
        if (!(n = elf_image_size(p))) {
            snprintf(why, whylen, "an ELF image that is not a 64-bit cubin");
            return CUDA_ERROR_INVALID_IMAGE;
        }
        *cubin = g_bytes_new(p, n);
        return CUDA_SUCCESS;
    }
    if ((n = nv_fatbin_size(p))) {
        switch (nv_fatbin_find_cubin(p, n, 75, cubin, why, whylen)) {
        case NV_FATBIN_FOUND:
            return CUDA_SUCCESS;
        case NV_FATBIN_NO_CODE:
            return CUDA_ERROR_NO_BINARY_FOR_GPU;
        default:
            return CUDA_ERROR_INVALID_IMAGE;
        }
    }
    /* PTX (text) would need NVIDIA's JIT compiler */
    snprintf(why, whylen, "neither a cubin nor a fat binary (PTX is not compiled here)");
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
}

static void module_free(CUmodule m)
{
    g_hash_table_remove(crt.fatbins, &m->fb);
    nv_vgpu_module_free(m->fb.module);
    g_hash_table_destroy(m->funcs);
    g_bytes_unref(m->fb.cubin);
    g_free(m);
}

static void func_free(gpointer p)
{
    CUfunction f = p;

    g_free(f->f.name);
    g_free(f);
}

/* Loads image into a new module now (so that a bad one fails here, as in CUDA). */
static CUresult module_load(CUmodule *out, const void *image)
{
    CUresult r = drv_enter();
    CUmodule m;

    if (r) {
        return r;
    }
    if (!out) {
        return drv_leave(cudaErrorInvalidValue);
    }
    m = g_new0(struct CUmod_st, 1);
    r = image_cubin(image, &m->fb.cubin, m->fb.why, sizeof(m->fb.why));
    if (r) {
        fprintf(stderr, "nvqemu cuda: %s: cannot load the module: %s\n",
                program_invocation_short_name, m->fb.why[0] ? m->fb.why : "no image");
        g_free(m);
        g_rec_mutex_unlock(&crt.lock);
        return r;
    }
    m->funcs = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, func_free);
    g_hash_table_add(crt.fatbins, &m->fb);
    r = drv_code(crt_fatbin_module(&m->fb));
    if (r) {
        module_free(m);
    } else {
        if (!modules) {
            modules = g_hash_table_new(NULL, NULL);
        }
        g_hash_table_add(modules, m);
        *out = m;
    }
    g_rec_mutex_unlock(&crt.lock);
    return r;
}

CRT_EXPORT CUresult cuModuleLoadData(CUmodule *m, const void *image);
CUresult cuModuleLoadData(CUmodule *m, const void *image)
{
    return module_load(m, image);
}

/* JIT options only steer NVIDIA's PTX compiler: nothing to do for binaries. */
CRT_EXPORT CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, void *options,
                                       void **values);
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, void *options,
                            void **values)
{
    return module_load(m, image);
}

CRT_EXPORT CUresult cuModuleLoadFatBinary(CUmodule *m, const void *fatbin);
CUresult cuModuleLoadFatBinary(CUmodule *m, const void *fatbin)
{
    return module_load(m, fatbin);
}

CRT_EXPORT CUresult cuModuleLoad(CUmodule *m, const char *path);
CUresult cuModuleLoad(CUmodule *m, const char *path)
{
    g_autofree char *data = NULL;
    gsize len;

    if (!path || !g_file_get_contents(path, &data, &len, NULL)) {
        return path ? CUDA_ERROR_FILE_NOT_FOUND : CUDA_ERROR_INVALID_VALUE;
    }
    return module_load(m, data);
}

static bool module_valid(CUmodule m)
{
    return m && modules && g_hash_table_contains(modules, m);
}

CRT_EXPORT CUresult cuModuleUnload(CUmodule m);
CUresult cuModuleUnload(CUmodule m)
{
    CUresult r = drv_enter();

    if (r) {
        return r;
    }
    if (!module_valid(m)) {
        return drv_leave(cudaErrorInvalidResourceHandle);
    }
    g_hash_table_remove(modules, m);
    module_free(m);
    return drv_leave(cudaSuccess);
}

CRT_EXPORT CUresult cuModuleGetFunction(CUfunction *out, CUmodule m, const char *name);
CUresult cuModuleGetFunction(CUfunction *out, CUmodule m, const char *name)
{
    CUresult r = drv_enter();
    CUfunction f;
    cudaError_t e;

    if (r) {
        return r;
    }
    if (!module_valid(m)) {
        return drv_leave(cudaErrorInvalidResourceHandle);
    }
    if (!out || !name) {
        return drv_leave(cudaErrorInvalidValue);
    }
    f = g_hash_table_lookup(m->funcs, name);
    if (!f) {
        f = g_new0(struct CUfunc_st, 1);
        f->f = (CrtFunc){ .fb = &m->fb, .name = g_strdup(name), .max_dyn_shared = -1 };
        if ((e = crt_func_kernel(&f->f))) {
            func_free(f);
            g_rec_mutex_unlock(&crt.lock);
            return e == cudaErrorInvalidDeviceFunction ? CUDA_ERROR_NOT_FOUND : drv_code(e);
        }
        g_hash_table_insert(m->funcs, f->f.name, f);
    }
    *out = f;
    return drv_leave(cudaSuccess);
}

CRT_EXPORT CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule m,
                                         const char *name);
CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule m, const char *name)
{
    CUresult r = drv_enter();
    uint64_t va, size;

    if (r) {
        return r;
    }
    if (!module_valid(m)) {
        return drv_leave(cudaErrorInvalidResourceHandle);
    }
    if (!name || crt_fatbin_module(&m->fb)) {
        return drv_leave(cudaErrorInvalidValue);
    }
    if (!nv_vgpu_module_symbol(m->fb.module, name, &va, &size)) {
        g_rec_mutex_unlock(&crt.lock);
        return CUDA_ERROR_NOT_FOUND;
    }
    if (dptr) {
        *dptr = va;
    }
    if (bytes) {
        *bytes = size;
    }
    return drv_leave(cudaSuccess);
}

CRT_EXPORT CUresult cuFuncGetAttribute(int *value, int attr, CUfunction f);
CUresult cuFuncGetAttribute(int *value, int attr, CUfunction f)
{
    struct cudaFuncAttributes a;
    CUresult r = drv_enter();

    if (r) {
        return r;
    }
    if (!f || !value) {
        return drv_leave(cudaErrorInvalidValue);
    }
    r = drv_code(crt_func_kernel(&f->f));
    if (!r) {
        crt_func_attributes(&f->f, &a);
        switch (attr) {
        case DRV_FUNC_MAX_THREADS_PER_BLOCK: *value = a.maxThreadsPerBlock; break;
        case DRV_FUNC_SHARED_SIZE_BYTES: *value = (int)a.sharedSizeBytes; break;
        case DRV_FUNC_CONST_SIZE_BYTES: *value = (int)a.constSizeBytes; break;
        case DRV_FUNC_LOCAL_SIZE_BYTES: *value = (int)a.localSizeBytes; break;
        case DRV_FUNC_NUM_REGS: *value = a.numRegs; break;
        case DRV_FUNC_PTX_VERSION: *value = a.ptxVersion; break;
        case DRV_FUNC_BINARY_VERSION: *value = a.binaryVersion; break;
        case DRV_FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = a.maxDynamicSharedSizeBytes; break;
        default: r = CUDA_ERROR_INVALID_VALUE; break;
        }
    }
    g_rec_mutex_unlock(&crt.lock);
    return r;
}

/*
 * cuLaunchKernel: the arguments as pointers (kernelParams, laid out by the
 * kernel's parameter table) or as one laid-out buffer (extra).
 */
CRT_EXPORT CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                                   unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                   CUstream stream, void **params, void **extra);
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, CUstream stream,
                        void **params, void **extra)
{
    dim3 grid = { gx, gy, gz }, block = { bx, by, bz };
    const void *buf = NULL;
    size_t size = SIZE_MAX;
    CUresult r = drv_enter();

    if (r) {
        return r;
    }
    if (!f) {
        return drv_leave(cudaErrorInvalidResourceHandle);
    }
    if (params || !extra) {
        return drv_leave(params && extra ? cudaErrorInvalidValue
                                         : crt_launch(&f->f, grid, block, params, shared, stream));
    }
    for (unsigned i = 0; i < DRV_EXTRA_MAX && extra[i] != DRV_LAUNCH_PARAM_END; i += 2) {
        if (extra[i] == DRV_LAUNCH_PARAM_BUFFER_POINTER) {
            buf = extra[i + 1];
        } else if (extra[i] == DRV_LAUNCH_PARAM_BUFFER_SIZE && extra[i + 1]) {
            size = *(const size_t *)extra[i + 1];
        } else {
            return drv_leave(cudaErrorInvalidValue);
        }
    }
    return drv_leave(crt_launch_buffer(&f->f, grid, block, shared, stream, buf, size));
}

/* ---- memory ---- */

#define PTR(d) ((void *)(uintptr_t)(d))

CRT_EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes);
CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes)
{
    void *p = NULL;
    CUresult r = drv_enter();

    if (r) {
        return r;
    }
    if (!dptr || !bytes) {
        return drv_leave(cudaErrorInvalidValue);
    }
    r = drv_leave(cudaMalloc(&p, bytes));
    *dptr = (uintptr_t)p;
    return r;
}

CRT_EXPORT CUresult cuMemFree_v2(CUdeviceptr dptr);
CUresult cuMemFree_v2(CUdeviceptr dptr)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaFree(PTR(dptr)));
}

CRT_EXPORT CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total);
CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaMemGetInfo(free_bytes, total));
}

CRT_EXPORT CUresult cuMemAllocHost_v2(void **p, size_t bytes);
CUresult cuMemAllocHost_v2(void **p, size_t bytes)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaMallocHost(p, bytes));
}

CRT_EXPORT CUresult cuMemFreeHost(void *p);
CUresult cuMemFreeHost(void *p)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaFreeHost(p));
}

static CUresult copy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaMemcpy(dst, src, bytes, kind));
}

CRT_EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes)
{
    return copy(PTR(dst), src, bytes, cudaMemcpyHostToDevice);
}

CRT_EXPORT CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes)
{
    return copy(dst, PTR(src), bytes, cudaMemcpyDeviceToHost);
}

CRT_EXPORT CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{
    return copy(PTR(dst), PTR(src), bytes, cudaMemcpyDeviceToDevice);
}

static CUresult fill(CUdeviceptr dst, uint32_t value, unsigned esize, size_t n)
{
    CUresult r = drv_enter();

    if (r) {
        return r;
    }
    if (n > SIZE_MAX / esize) {
        return drv_leave(cudaErrorInvalidValue);
    }
    return drv_leave(n ? crt_fill(dst, n * esize, value, esize, n * esize, 1) : cudaSuccess);
}

CRT_EXPORT CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t n);
CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t n)
{
    return fill(dst, value, 1, n);
}

CRT_EXPORT CUresult cuMemsetD16_v2(CUdeviceptr dst, unsigned short value, size_t n);
CUresult cuMemsetD16_v2(CUdeviceptr dst, unsigned short value, size_t n)
{
    return fill(dst, value, 2, n);
}

CRT_EXPORT CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned value, size_t n);
CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned value, size_t n)
{
    return fill(dst, value, 4, n);
}

/* ---- streams and events (the runtime's objects) ---- */

CRT_EXPORT CUresult cuStreamCreate(CUstream *s, unsigned flags);
CUresult cuStreamCreate(CUstream *s, unsigned flags)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaStreamCreateWithFlags(s, flags));
}

CRT_EXPORT CUresult cuStreamDestroy_v2(CUstream s);
CUresult cuStreamDestroy_v2(CUstream s)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaStreamDestroy(s));
}

CRT_EXPORT CUresult cuStreamSynchronize(CUstream s);
CUresult cuStreamSynchronize(CUstream s)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaStreamSynchronize(s));
}

CRT_EXPORT CUresult cuEventCreate(CUevent *ev, unsigned flags);
CUresult cuEventCreate(CUevent *ev, unsigned flags)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaEventCreateWithFlags(ev, flags));
}

CRT_EXPORT CUresult cuEventRecord(CUevent ev, CUstream s);
CUresult cuEventRecord(CUevent ev, CUstream s)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaEventRecord(ev, s));
}

CRT_EXPORT CUresult cuEventSynchronize(CUevent ev);
CUresult cuEventSynchronize(CUevent ev)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaEventSynchronize(ev));
}

CRT_EXPORT CUresult cuEventElapsedTime_v2(float *ms, CUevent start, CUevent end);
CUresult cuEventElapsedTime_v2(float *ms, CUevent start, CUevent end)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaEventElapsedTime(ms, start, end));
}

CRT_EXPORT CUresult cuEventDestroy_v2(CUevent ev);
CUresult cuEventDestroy_v2(CUevent ev)
{
    CUresult r = drv_enter();

    return r ? r : drv_leave(cudaEventDestroy(ev));
}
