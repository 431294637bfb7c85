/*
 * The CUDA runtime's core: the context, errors, registration of fat
 * binaries, functions and variables, and device queries.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE     /* program_invocation_short_name */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart-internal.h"

CrtState crt = { .stack_size = 1024, .printf_fifo = 1 << 20, .malloc_heap = 8 << 20 };
static __thread cudaError_t last_error;
static GOnce tables_once = G_ONCE_INIT;

/* NVGPU_CUDA_STATS=1: what the kernels executed, for benchmarks. */
static void print_stats(void)
{
    fprintf(stderr, "nvqemu cudart: %llu launches, %llu warp-instructions, "
            "%llu thread-instructions in %.6f s of kernels (%.3g thread-instructions/s)\n",
            (unsigned long long)crt.launches, (unsigned long long)crt.warp_insns,
            (unsigned long long)crt.thread_insns, crt.kernel_secs,
            crt.kernel_secs > 0 ? (double)crt.thread_insns / crt.kernel_secs : 0.0);
}

static gpointer make_tables(gpointer unused)
{
    const char *stats = getenv("NVGPU_CUDA_STATS");

    if (stats && *stats && strcmp(stats, "0")) {
        atexit(print_stats);
    }
    crt.funcs = g_hash_table_new(NULL, NULL);
    crt.vars = g_hash_table_new(NULL, NULL);
    crt.fatbins = g_hash_table_new(NULL, NULL);
    crt.streams = g_hash_table_new(NULL, NULL);
    crt.events = g_hash_table_new(NULL, NULL);
    crt.managed = g_hash_table_new(NULL, NULL);
    crt.graphs = g_hash_table_new(NULL, NULL);
    crt.execs = g_hash_table_new(NULL, NULL);
    crt.pools = g_hash_table_new(NULL, NULL);
    return NULL;
}

void crt_lock(void)
{
    g_once(&tables_once, make_tables, NULL);
    g_rec_mutex_lock(&crt.lock);
}

static uint64_t env_u64(const char *name)
{
    const char *s = getenv(name);

    return s ? g_ascii_strtoull(s, NULL, 0) : 0;
}

cudaError_t crt_enter(void)
{
    crt_lock();
    if (crt.sticky) {
        return crt.sticky;
    }
    if (!crt.gpu) {
        NvVgpuConfig cfg = {
            .workers = (unsigned)env_u64("NVGPU_CUDA_WORKERS"),
            .budget = env_u64("NVGPU_CUDA_BUDGET"),
            .trace = env_u64("NVGPU_CUDA_TRACE") != 0,
        };

        crt.gpu = nv_vgpu_new(&cfg);
        if (!crt.gpu) {
            return cudaErrorInitializationError;
        }
        crt_devlib_attach();
        crt.gen++;
    }
    return cudaSuccess;
}

cudaError_t crt_leave(cudaError_t e)
{
    if (e) {
        last_error = e;
    }
    g_rec_mutex_unlock(&crt.lock);
    return e;
}

cudaError_t crt_gpu_failed(cudaError_t e)
{
    fprintf(stderr, "nvqemu cudart: GPU error: %s\n", nv_vgpu_last_error(crt.gpu));
    crt.sticky = e;
    return e;
}

/* ---- errors ---- */

typedef struct CrtErrorName {
    cudaError_t code;
    const char *name, *text;
} CrtErrorName;

static const CrtErrorName error_names[] = {
#define CUDA_ERROR(name, value, text) { name, #name, text },
#include "cuda-errors.h"
#undef CUDA_ERROR
};

static const CrtErrorName *error_entry(cudaError_t e)
{
    for (size_t i = 0; i < G_N_ELEMENTS(error_names); i++) {
        if (error_names[i].code == e) {
            return &error_names[i];
        }
    }
    return NULL;
}

CRT_EXPORT const char *cudaGetErrorName(cudaError_t e);
const char *cudaGetErrorName(cudaError_t e)
{
    const CrtErrorName *n = error_entry(e);

    return n ? n->name : "cudaErrorUnknown";
}

/* "cudaErrorInvalidPitchValue" -> "invalid pitch value", made once per code. */
static const char *text_from_name(const char *name)
{
    static GHashTable *made;
    static GMutex lock;
    const char *s;

    g_mutex_lock(&lock);
    if (!made) {
        made = g_hash_table_new(g_str_hash, g_str_equal);
    }
    s = g_hash_table_lookup(made, name);
    if (!s) {
        GString *t = g_string_new(NULL);

        for (const char *p = name + strlen("cudaError"); *p; p++) {
            if (g_ascii_isupper(*p) && t->len) {
                g_string_append_c(t, ' ');
            }
            g_string_append_c(t, g_ascii_tolower(*p));
        }
        s = g_string_free(t, FALSE);
        g_hash_table_insert(made, (gpointer)name, (gpointer)s);
    }
    g_mutex_unlock(&lock);
    return s;
}

CRT_EXPORT const char *cudaGetErrorString(cudaError_t e);
const char *cudaGetErrorString(cudaError_t e)
{
    const CrtErrorName *n = error_entry(e);

    if (!n) {
        return "unrecognized error code";
    }
    return n->text ? n->text : text_from_name(n->name);
}

CRT_EXPORT cudaError_t cudaGetLastError(void);
cudaError_t cudaGetLastError(void)
{
    cudaError_t e;

    crt_lock();
    e = last_error ? last_error : crt.sticky;
    last_error = cudaSuccess;
    g_rec_mutex_unlock(&crt.lock);
    return e;
}

CRT_EXPORT cudaError_t cudaPeekAtLastError(void);
cudaError_t cudaPeekAtLastError(void)
{
    cudaError_t e;

    crt_lock();
    e = last_error ? last_error : crt.sticky;
    g_rec_mutex_unlock(&crt.lock);
    return e;
}

/* ---- registration (nvcc's generated host code) ---- */

typedef struct CrtWrapper {
    uint32_t magic, version;
    const void *data;
    const void *extra;
} CrtWrapper;

CRT_EXPORT void **__cudaRegisterFatBinary(void *wrapper);
void **__cudaRegisterFatBinary(void *wrapper)
{
    const CrtWrapper *w = wrapper;
    CrtFatbin *fb = g_new0(CrtFatbin, 1);
    size_t size = w && w->magic == NV_FATBIN_WRAPPER_MAGIC && w->data ?
                  nv_fatbin_size(w->data) : 0;

    if (!size) {
        snprintf(fb->why, sizeof(fb->why), "an unknown fat binary format");
    } else if (nv_fatbin_find_cubin(w->data, size, 75, &fb->cubin, fb->why, sizeof(fb->why)) !=
               NV_FATBIN_FOUND) {
        fb->cubin = NULL;
    }
    crt_lock();
    g_hash_table_add(crt.fatbins, fb);
    g_rec_mutex_unlock(&crt.lock);
    return (void **)fb;
}

CRT_EXPORT void __cudaRegisterFatBinaryEnd(void **handle);
void __cudaRegisterFatBinaryEnd(void **handle)
{
}

static gboolean func_of(gpointer key, gpointer value, gpointer fb)
{
    CrtFunc *f = value;

    if (f->fb != fb) {
        return FALSE;
    }
    g_free(f->name);
    g_free(f);
    return TRUE;
}

static gboolean var_of(gpointer key, gpointer value, gpointer fb)
{
    CrtVar *v = value;

    if (v->fb != fb) {
        return FALSE;
    }
    g_free(v->name);
    g_free(v);
    return TRUE;
}

CRT_EXPORT void __cudaUnregisterFatBinary(void **handle);
void __cudaUnregisterFatBinary(void **handle)
{
    CrtFatbin *fb = (CrtFatbin *)handle;

    crt_lock();
    g_hash_table_foreach_remove(crt.funcs, func_of, fb);
    g_hash_table_foreach_remove(crt.vars, var_of, fb);
    g_hash_table_remove(crt.fatbins, fb);
    nv_vgpu_module_free(fb->module);
    if (fb->cubin) {
        g_bytes_unref(fb->cubin);
    }
    g_free(fb);
    g_rec_mutex_unlock(&crt.lock);
}

CRT_EXPORT void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun,
                                       const char *device_name, int thread_limit, void *tid,
                                       void *bid, dim3 *bdim, dim3 *gdim, int *wsize);
void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun,
                            const char *device_name, int thread_limit, void *tid,
                            void *bid, dim3 *bdim, dim3 *gdim, int *wsize)
{
    CrtFunc *f = g_new0(CrtFunc, 1);

    f->fb = (CrtFatbin *)handle;
    f->name = g_strdup(device_name);
    f->max_dyn_shared = -1;
    crt_lock();
    g_hash_table_insert(crt.funcs, (gpointer)host_fun, f);
    g_rec_mutex_unlock(&crt.lock);
}

CRT_EXPORT void __cudaRegisterVar(void **handle, char *host_var, char *device_address,
                                  const char *device_name, int ext, size_t size, int constant,
                                  int global);
void __cudaRegisterVar(void **handle, char *host_var, char *device_address,
                       const char *device_name, int ext, size_t size, int constant, int global)
{
    CrtVar *v = g_new0(CrtVar, 1);

    v->fb = (CrtFatbin *)handle;
    v->name = g_strdup(device_name);
    v->size = size;
    crt_lock();
    g_hash_table_insert(crt.vars, host_var, v);
    g_rec_mutex_unlock(&crt.lock);
}

/*
 * A __managed__ variable: host code reaches it through *host_ptr, which the
 * module's loading points at the variable's managed memory (host code calls
 * __cudaInitModule first).
 */
CRT_EXPORT void __cudaRegisterManagedVar(void **handle, void **host_ptr, char *device_address,
                                         const char *device_name, int ext, size_t size,
                                         int constant, int global);
void __cudaRegisterManagedVar(void **handle, void **host_ptr, char *device_address,
                              const char *device_name, int ext, size_t size, int constant,
                              int global)
{
    CrtVar *v = g_new0(CrtVar, 1);

    v->fb = (CrtFatbin *)handle;
    v->name = g_strdup(device_name);
    v->size = size;
    v->managed = host_ptr;
    crt_lock();
    g_hash_table_insert(crt.vars, host_ptr, v);
    g_rec_mutex_unlock(&crt.lock);
}


CRT_EXPORT char __cudaInitModule(void **handle);
char __cudaInitModule(void **handle)
{
    cudaError_t e = crt_enter();

    if (!e) {
        e = crt_fatbin_module((CrtFatbin *)handle);
    }
    return crt_leave(e) == cudaSuccess;
}

/*
 * Managed memory for fb's __managed__ variables, with their initial values
 * from the cubin; false when there is no memory.
 */
static bool place_managed(CrtFatbin *fb, GArray *placed)
{
    GHashTableIter it;
    gpointer key, value;
    NvCubin c;

    if (!nv_cubin_open(&c, g_bytes_get_data(fb->cubin, NULL), g_bytes_get_size(fb->cubin))) {
        return true;    /* the loader says what is wrong with it */
    }
    g_hash_table_iter_init(&it, crt.vars);
    while (g_hash_table_iter_next(&it, &key, &value)) {
        CrtVar *v = value;
        NvVgpuSymbol s;
        uint8_t *mem;

        if (v->fb != fb || !v->managed) {
            continue;
        }
        if (!(mem = nv_vgpu_host_alloc(crt.gpu, MAX(v->size, 1)))) {
            return false;
        }
        g_hash_table_add(crt.managed, mem);
        memset(mem, 0, v->size);
        for (unsigned i = 1; i < nv_cubin_symbol_count(&c); i++) {
            NvCubinSymbol sym;
            NvCubinSection sec;

            if (nv_cubin_symbol(&c, i, &sym) && !strcmp(sym.name, v->name) &&
                nv_cubin_section(&c, sym.section, &sec) && sec.data &&
                sym.value <= sec.size && MIN(v->size, sym.size) <= sec.size - sym.value) {
                memcpy(mem, sec.data + sym.value, MIN(v->size, sym.size));
            }
        }
        *v->managed = mem;
        s = (NvVgpuSymbol){ v->name, (uint64_t)(uintptr_t)mem };
        g_array_append_val(placed, s);
    }
    return true;
}

cudaError_t crt_fatbin_module(CrtFatbin *fb)
{
    g_autoptr(GArray) placed = g_array_new(false, false, sizeof(NvVgpuSymbol));

    if (fb->module) {
        return cudaSuccess;
    }
    if (!fb->cubin) {
        if (!fb->warned) {
            fprintf(stderr, "nvqemu cudart: %s: no sm_75 code in the fat binary (it has %s)\n",
                    program_invocation_short_name, fb->why);
            fb->warned = true;
        }
        return cudaErrorNoKernelImageForDevice;
    }
    if (!place_managed(fb, placed)) {
        return cudaErrorMemoryAllocation;
    }
    fb->module = nv_vgpu_module_load_placed(crt.gpu, g_bytes_get_data(fb->cubin, NULL),
                                            g_bytes_get_size(fb->cubin),
                                            (NvVgpuSymbol *)placed->data, placed->len);
    if (!fb->module) {
        fprintf(stderr, "nvqemu cudart: cannot load the sm_75 cubin: %s\n",
                nv_vgpu_last_error(crt.gpu));
        return nv_vgpu_dead(crt.gpu) ? crt_gpu_failed(cudaErrorLaunchFailure)
                                      : cudaErrorInvalidKernelImage;
    }
    return cudaSuccess;
}

CrtFunc *crt_func(const void *host)
{
    return g_hash_table_lookup(crt.funcs, host);
}

cudaError_t crt_func_kernel(CrtFunc *f)
{
    cudaError_t e = crt_fatbin_module(f->fb);

    if (e || f->gen == crt.gen) {
        return e;
    }
    if (!nv_cubin_find_kernel(nv_vgpu_module_cubin(f->fb->module), f->name, &f->kernel)) {
        return cudaErrorInvalidDeviceFunction;
    }
    f->gen = crt.gen;
    return cudaSuccess;
}

cudaError_t crt_var_address(const void *host, uint64_t *va, uint64_t *size)
{
    CrtVar *v = g_hash_table_lookup(crt.vars, host);
    cudaError_t e;

    if (!v) {
        return cudaErrorInvalidSymbol;
    }
    e = crt_fatbin_module(v->fb);
    if (e) {
        return e;
    }
    return nv_vgpu_module_symbol(v->fb->module, v->name, va, size) ? cudaSuccess
                                                                    : cudaErrorInvalidSymbol;
}

/* ---- versions and devices ---- */

CRT_EXPORT cudaError_t cudaRuntimeGetVersion(int *version);
cudaError_t cudaRuntimeGetVersion(int *version)
{
    if (!version) {
        return last_error = cudaErrorInvalidValue;
    }
    *version = CRT_VERSION;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaDriverGetVersion(int *version);
cudaError_t cudaDriverGetVersion(int *version)
{
    return cudaRuntimeGetVersion(version);
}

CRT_EXPORT cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count) {
        return last_error = cudaErrorInvalidValue;
    }
    *count = 1;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDevice(int *device)
{
    if (!device) {
        return last_error = cudaErrorInvalidValue;
    }
    *device = 0;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaSetDevice(int device);
cudaError_t cudaSetDevice(int device)
{
    cudaError_t e = crt_enter();

    return crt_leave(e ? e : device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

CRT_EXPORT cudaError_t cudaSetDeviceFlags(unsigned flags);
cudaError_t cudaSetDeviceFlags(unsigned flags)
{
    return cudaSetDevice(0);
}

CRT_EXPORT cudaError_t cudaGetDeviceFlags(unsigned *flags);
cudaError_t cudaGetDeviceFlags(unsigned *flags)
{
    if (!flags) {
        return last_error = cudaErrorInvalidValue;
    }
    *flags = 0;
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
    return cudaGetDevice(device);
}

CRT_EXPORT cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceSynchronize(void)
{
    cudaError_t e = crt_enter();

    if (!e) {
        crt_devlib_flush();
    }
    return crt_leave(e);
}

static gboolean free_handle(gpointer key, gpointer value, gpointer unused)
{
    g_free(key);
    return TRUE;
}

static void free_module(gpointer fb, gpointer value, gpointer unused)
{
    nv_vgpu_module_free(((CrtFatbin *)fb)->module);
    ((CrtFatbin *)fb)->module = NULL;
}

CRT_EXPORT cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceReset(void)
{
    crt_lock();
    /* modules die with the GPU; crt_fatbin_module() reloads them in the next context */
    g_hash_table_foreach(crt.fatbins, free_module, NULL);
    crt_devlib_flush();
    nv_vgpu_module_free(crt.devlib);
    nv_vgpu_free(crt.gpu);
    crt.devlib = NULL;
    crt.fifo = NULL;
    crt.grid_sync = 0;
    crt.gpu = NULL;
    crt.sticky = cudaSuccess;
    g_hash_table_foreach_remove(crt.streams, free_handle, NULL);
    g_hash_table_foreach_remove(crt.events, free_handle, NULL);
    g_hash_table_remove_all(crt.managed);     /* their memory died with the GPU */
    crt_pools_reset();
    last_error = cudaSuccess;
    g_rec_mutex_unlock(&crt.lock);
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaDeviceSetLimit(int limit, size_t value);
cudaError_t cudaDeviceSetLimit(int limit, size_t value)
{
    cudaError_t e = crt_enter();

    if (!e) {
        switch (limit) {
        case cudaLimitStackSize:
            e = value && value <= CRT_MAX_STACK ? cudaSuccess : cudaErrorInvalidValue;
            crt.stack_size = e ? crt.stack_size : value;
            break;
        /* fixed once the device library is set up, as by NVIDIA's driver */
        case cudaLimitPrintfFifoSize:
            e = !crt.devlib && value >= CRT_MIN_FIFO && value <= CRT_MAX_FIFO
                ? cudaSuccess : cudaErrorInvalidValue;
            crt.printf_fifo = e ? crt.printf_fifo : value & ~(size_t)7;
            break;
        case cudaLimitMallocHeapSize:
            e = !crt.devlib && value <= CRT_MAX_HEAP ? cudaSuccess : cudaErrorInvalidValue;
            crt.malloc_heap = e ? crt.malloc_heap : value;
            break;
        default:
            e = cudaErrorUnsupportedLimit;
        }
    }
    return crt_leave(e);
}

CRT_EXPORT cudaError_t cudaDeviceGetLimit(size_t *value, int limit);
cudaError_t cudaDeviceGetLimit(size_t *value, int limit)
{
    cudaError_t e = crt_enter();

    if (!e && !value) {
        e = cudaErrorInvalidValue;
    } else if (!e) {
        switch (limit) {
        case cudaLimitStackSize:
            *value = crt.stack_size;
            break;
        case cudaLimitPrintfFifoSize:
            *value = crt.printf_fifo;
            break;
        case cudaLimitMallocHeapSize:
            *value = crt.malloc_heap;
            break;
        default:
            e = cudaErrorUnsupportedLimit;
        }
    }
    return crt_leave(e);
}

/* Cache and shared-memory preferences are hints the model has no use for. */
CRT_EXPORT cudaError_t cudaDeviceSetCacheConfig(int config);
cudaError_t cudaDeviceSetCacheConfig(int config)
{
    return crt_leave(crt_enter());
}

CRT_EXPORT cudaError_t cudaDeviceGetCacheConfig(int *config);
cudaError_t cudaDeviceGetCacheConfig(int *config)
{
    cudaError_t e = crt_enter();

    if (!e && config) {
        *config = 0;    /* cudaFuncCachePreferNone */
    }
    return crt_leave(e ? e : config ? cudaSuccess : cudaErrorInvalidValue);
}

CRT_EXPORT cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest);
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
    if (least) {
        *least = 0;
    }
    if (greatest) {
        *greatest = CRT_PRIORITY_GREATEST;
    }
    return cudaSuccess;
}

static void fill_props(struct cudaDeviceProp *p)
{
    NvVgpuInfo info;

    nv_vgpu_info(crt.gpu, &info);
    memset(p, 0, sizeof(*p));
    g_strlcpy(p->name, info.name, sizeof(p->name));
    memcpy(p->uuid.bytes, "nvqemu-TU104-vgp", 16);
    p->totalGlobalMem = info.device_memory;
    p->sharedMemPerBlock = CRT_SHARED_PER_BLOCK;
    p->regsPerBlock = CRT_REGS_PER_SM;
    p->warpSize = CRT_WARP;
    p->memPitch = INT32_MAX;
    p->maxThreadsPerBlock = CRT_MAX_THREADS;
    p->maxThreadsDim[0] = CRT_MAX_BLOCK_XY;
    p->maxThreadsDim[1] = CRT_MAX_BLOCK_XY;
    p->maxThreadsDim[2] = CRT_MAX_BLOCK_Z;
    p->maxGridSize[0] = CRT_MAX_GRID_X;
    p->maxGridSize[1] = CRT_MAX_GRID_YZ;
    p->maxGridSize[2] = CRT_MAX_GRID_YZ;
    p->totalConstMem = 64 << 10;
    p->major = 7;
    p->minor = 5;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    p->multiProcessorCount = (int)info.sms;
    p->canMapHostMemory = 1;
    p->surfaceAlignment = 512;
    p->concurrentKernels = 1;
    p->pciDeviceID = 0;
    p->asyncEngineCount = 1;
    p->unifiedAddressing = 1;
    p->memoryBusWidth = 256;
    p->l2CacheSize = 4 << 20;
    p->maxThreadsPerMultiProcessor = CRT_MAX_THREADS_PER_SM;
    p->streamPrioritiesSupported = 1;
    p->managedMemory = 1;
    p->concurrentManagedAccess = 1;   /* safe: work completes at submission */
    p->cooperativeLaunch = 1;
    p->memoryPoolsSupported = 1;
    p->hostRegisterSupported = 1;
    p->canUseHostPointerForRegisteredMem = 1;
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->sharedMemPerMultiprocessor = CRT_SHARED_PER_SM;
    p->regsPerMultiprocessor = CRT_REGS_PER_SM;
    p->computePreemptionSupported = 1;
    p->sharedMemPerBlockOptin = CRT_SHARED_OPTIN;
    p->maxBlocksPerMultiProcessor = CRT_MAX_BLOCKS_PER_SM;
    p->gpuPciDeviceID = info.pci_device << 16 | 0x10de;
    p->gpuPciSubsystemID = info.pci_subsystem << 16 | 0x10de;
    p->deviceNumaId = -1;
    p->hostNumaId = -1;
}

CRT_EXPORT cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    cudaError_t e = crt_enter();

    if (!e && (!prop || device != 0)) {
        e = !prop ? cudaErrorInvalidValue : cudaErrorInvalidDevice;
    }
    if (!e) {
        fill_props(prop);
    }
    return crt_leave(e);
}

/* cudaDeviceGetAttribute: attribute number -> property field */
#define PROP_INT(f)     offsetof(struct cudaDeviceProp, f), sizeof(int)
#define PROP_SIZE(f)    offsetof(struct cudaDeviceProp, f), sizeof(size_t)
static const struct {
    int attr;
    size_t offset, size;
} attr_fields[] = {
    { 1, PROP_INT(maxThreadsPerBlock) },
    { 2, PROP_INT(maxThreadsDim[0]) }, { 3, PROP_INT(maxThreadsDim[1]) },
    { 4, PROP_INT(maxThreadsDim[2]) },
    { 5, PROP_INT(maxGridSize[0]) }, { 6, PROP_INT(maxGridSize[1]) },
    { 7, PROP_INT(maxGridSize[2]) },
    { 8, PROP_SIZE(sharedMemPerBlock) }, { 9, PROP_SIZE(totalConstMem) },
    { 10, PROP_INT(warpSize) }, { 11, PROP_SIZE(memPitch) }, { 12, PROP_INT(regsPerBlock) },
    { 14, PROP_SIZE(textureAlignment) }, { 16, PROP_INT(multiProcessorCount) },
    { 18, PROP_INT(integrated) }, { 19, PROP_INT(canMapHostMemory) },
    { 30, PROP_SIZE(surfaceAlignment) }, { 31, PROP_INT(concurrentKernels) },
    { 32, PROP_INT(ECCEnabled) }, { 33, PROP_INT(pciBusID) }, { 34, PROP_INT(pciDeviceID) },
    { 35, PROP_INT(tccDriver) }, { 37, PROP_INT(memoryBusWidth) },
    { 38, PROP_INT(l2CacheSize) }, { 39, PROP_INT(maxThreadsPerMultiProcessor) },
    { 40, PROP_INT(asyncEngineCount) }, { 41, PROP_INT(unifiedAddressing) },
    { 50, PROP_INT(pciDomainID) }, { 51, PROP_SIZE(texturePitchAlignment) },
    { 75, PROP_INT(major) }, { 76, PROP_INT(minor) },
    { 78, PROP_INT(streamPrioritiesSupported) }, { 79, PROP_INT(globalL1CacheSupported) },
    { 80, PROP_INT(localL1CacheSupported) }, { 81, PROP_SIZE(sharedMemPerMultiprocessor) },
    { 82, PROP_INT(regsPerMultiprocessor) }, { 83, PROP_INT(managedMemory) },
    { 84, PROP_INT(isMultiGpuBoard) }, { 85, PROP_INT(multiGpuBoardGroupID) },
    { 86, PROP_INT(hostNativeAtomicSupported) }, { 88, PROP_INT(pageableMemoryAccess) },
    { 89, PROP_INT(concurrentManagedAccess) }, { 90, PROP_INT(computePreemptionSupported) },
    { 91, PROP_INT(canUseHostPointerForRegisteredMem) }, { 95, PROP_INT(cooperativeLaunch) },
    { 97, PROP_SIZE(sharedMemPerBlockOptin) },
    { 99, PROP_INT(hostRegisterSupported) },
    { 106, PROP_INT(maxBlocksPerMultiProcessor) },
    { 108, PROP_INT(persistingL2CacheMaxSize) },
    { 109, PROP_INT(accessPolicyMaxWindowSize) },
    { 111, PROP_SIZE(reservedSharedMemPerBlock) },
    { 115, PROP_INT(memoryPoolsSupported) }, { 120, PROP_INT(clusterLaunch) },
};

/* Attributes with no cudaDeviceProp field in CUDA 13: the T4's figures. */
static const struct {
    int attr, value;
} attr_values[] = {
    { 13, 1590000 },        /* ClockRate, kHz (boost) */
    { 15, 1 },              /* GpuOverlap */
    { 17, 0 },              /* KernelExecTimeout: the watchdog is the model's own */
    { 20, 0 },              /* ComputeMode: default */
    { 36, 5001000 },        /* MemoryClockRate, kHz */
    { 87, 32 },             /* SingleToDoublePrecisionPerfRatio */
    { 98, 0 },              /* CanFlushRemoteWrites */
    { 113, 0 },             /* HostRegisterReadOnlySupported */
    { 101, 0 },             /* DirectManagedMemAccessFromHost */
};

CRT_EXPORT cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device);
cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device)
{
    cudaError_t e = crt_enter();
    struct cudaDeviceProp p;

    if (!e && (!value || device != 0)) {
        e = !value ? cudaErrorInvalidValue : cudaErrorInvalidDevice;
    }
    if (e) {
        return crt_leave(e);
    }
    fill_props(&p);
    for (size_t i = 0; i < G_N_ELEMENTS(attr_fields); i++) {
        if (attr_fields[i].attr == attr) {
            const char *f = (const char *)&p + attr_fields[i].offset;
            size_t s;

            if (attr_fields[i].size == sizeof(int)) {
                memcpy(value, f, sizeof(int));
            } else {
                memcpy(&s, f, sizeof(s));
                *value = (int)MIN(s, (size_t)INT32_MAX);
            }
            return crt_leave(cudaSuccess);
        }
    }
    for (size_t i = 0; i < G_N_ELEMENTS(attr_values); i++) {
        if (attr_values[i].attr == attr) {
            *value = attr_values[i].value;
            return crt_leave(cudaSuccess);
        }
    }
    return crt_leave(cudaErrorInvalidValue);
}

CRT_EXPORT cudaError_t cudaDeviceGetPCIBusId(char *id, int len, int device);
cudaError_t cudaDeviceGetPCIBusId(char *id, int len, int device)
{
    if (!id || len <= 0) {
        return last_error = cudaErrorInvalidValue;
    }
    if (device != 0) {
        return last_error = cudaErrorInvalidDevice;
    }
    g_strlcpy(id, "0000:00:00.0", (size_t)len);
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStart(void)
{
    return cudaSuccess;
}

CRT_EXPORT cudaError_t cudaProfilerStop(void);
cudaError_t cudaProfilerStop(void)
{
    return cudaSuccess;
}

/* Everything libcudart.so.13 exports that this library does not implement. */
static cudaError_t unimplemented(const char *name)
{
    fprintf(stderr, "nvqemu cudart: %s is not implemented\n", name);
    return last_error = cudaErrorNotSupported;
}

#define CUDA_UNIMPLEMENTED(name) \
    CRT_EXPORT cudaError_t name(void); \
    cudaError_t name(void) { return unimplemented(#name); }
#include "unimplemented.h"
#undef CUDA_UNIMPLEMENTED
