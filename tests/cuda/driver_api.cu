// The driver API (cuda.h, libcuda.so.1) alone: cuInit, the device, a
// context, modules loaded from this program's own fat binary (its
// .nv_fatbin section), from the cubin inside it and from a file, kernels
// launched with argument pointers and with a laid-out buffer, a module
// global, memsets and copies, events, errors before cuInit and without a
// context, a faulting kernel's sticky error and a fresh context after it.
#include "check.h"
#include <cuda.h>
#include <cstring>
#include <elf.h>
#include <string>
#include <vector>

__device__ float bias;

extern "C" __global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * a + bias;
}

extern "C" __global__ void poke(int *p)
{
    *p = 1;
}

#define CU(call)                                                                    \
    do {                                                                            \
        CUresult r_ = (call);                                                       \
        const char *name_ = "?";                                                    \
        if (r_ != CUDA_SUCCESS) {                                                   \
            cuGetErrorName(r_, &name_);                                             \
            printf("FAIL %s: %s at %s:%d: %s\n", test_name, #call, __FILE__, __LINE__, name_); \
            exit(1);                                                                \
        }                                                                           \
    } while (0)

// The fat binary in this program's .nv_fatbin section that holds the
// kernels above (nvcc may put others there too): each starts with a 16-byte
// header (magic, version, header size, the size of what follows).
static std::vector<char> kernels_fatbin(const std::vector<char> &sec)
{
    for (size_t off = 0; off + 16 <= sec.size();) {
        unsigned magic, hs;
        unsigned long long size;
        memcpy(&magic, &sec[off], 4);
        hs = (unsigned char)sec[off + 6] | (unsigned char)sec[off + 7] << 8;
        memcpy(&size, &sec[off + 8], 8);
        EXPECT(magic == 0xba55ed50u && off + hs + size <= sec.size(), "fat binary at %zu", off);
        std::string body(sec.begin() + off, sec.begin() + off + hs + size);
        if (body.find(".text.scale") != std::string::npos)
            return std::vector<char>(body.begin(), body.end());
        off = (off + hs + size + 7) & ~(size_t)7;
    }
    EXPECT(false, "no fat binary with the kernels");
    return {};
}

// This program's .nv_fatbin section.
static std::vector<char> own_fatbin_section()
{
    FILE *f = fopen("/proc/self/exe", "rb");
    std::vector<char> exe;
    char buf[65536];
    size_t n;

    EXPECT(f, "cannot open /proc/self/exe");
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
        exe.insert(exe.end(), buf, buf + n);
    fclose(f);
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)exe.data();
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(exe.data() + eh->e_shoff);
    const char *names = exe.data() + sh[eh->e_shstrndx].sh_offset;
    for (unsigned i = 0; i < eh->e_shnum; i++)
        if (!strcmp(names + sh[i].sh_name, ".nv_fatbin"))
            return std::vector<char>(exe.data() + sh[i].sh_offset,
                                     exe.data() + sh[i].sh_offset + sh[i].sh_size);
    EXPECT(false, "no .nv_fatbin section");
    return {};
}

// Runs scale(x, 2, n) with bias b through f, by argument pointers or (extra) a buffer.
static void run_scale(CUmodule m, CUfunction f, bool extra)
{
    const int n = 1000;
    std::vector<float> x(n);
    CUdeviceptr dx, dbias;
    size_t bias_size;
    float a = 2.0f, b = 0.5f;

    for (int i = 0; i < n; i++)
        x[i] = i * 0.25f;
    CU(cuModuleGetGlobal(&dbias, &bias_size, m, "bias"));
    EXPECT(bias_size == sizeof(float), "bias is %zu bytes", bias_size);
    CU(cuMemcpyHtoD(dbias, &b, sizeof(b)));
    CU(cuMemAlloc(&dx, n * sizeof(float)));
    CU(cuMemcpyHtoD(dx, x.data(), n * sizeof(float)));
    if (extra) {
        struct { CUdeviceptr x; float a; int n; } args = { dx, a, n };
        size_t size = sizeof(args);
        void *ex[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &args, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                       CU_LAUNCH_PARAM_END };
        CU(cuLaunchKernel(f, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, nullptr, ex));
    } else {
        int nn = n;
        void *args[] = { &dx, &a, &nn };
        CU(cuLaunchKernel(f, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
    }
    CU(cuCtxSynchronize());
    CU(cuMemcpyDtoH(x.data(), dx, n * sizeof(float)));
    for (int i = 0; i < n; i++)
        EXPECT(x[i] == i * 0.25f * a + b, "x[%d] = %g (extra %d)", i, x[i], extra);
    CU(cuMemFree(dx));
}

int main()
{
    test_name = "driver_api";
    CUdevice dev;
    CUcontext ctx, cur;
    CUmodule mfat, melf, mfile;
    CUfunction f, g;
    CUdeviceptr d;
    int count = 0, major = 0, minor = 0, version = 0, regs = 0;
    char name[128];
    size_t total = 0;
    const char *text;

    EXPECT(cuDeviceGetCount(&count) == CUDA_ERROR_NOT_INITIALIZED, "a call before cuInit");
    CU(cuInit(0));
    CU(cuDriverGetVersion(&version));
    EXPECT(version >= 13000, "driver version %d", version);
    CU(cuDeviceGetCount(&count));
    EXPECT(count == 1, "%d devices", count);
    CU(cuDeviceGet(&dev, 0));
    EXPECT(cuDeviceGet(&dev, 1) == CUDA_ERROR_INVALID_DEVICE, "device 1 exists");
    CU(cuDeviceGetName(name, sizeof(name), dev));
    CU(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
    CU(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
    CU(cuDeviceTotalMem(&total, dev));
    printf("device: %s, sm_%d%d, %zu MiB\n", name, major, minor, total >> 20);
    EXPECT(major == 7 && minor == 5 && total > 0 && name[0], "device properties");
    EXPECT(cuMemAlloc(&d, 16) == CUDA_ERROR_INVALID_CONTEXT, "cuMemAlloc without a context");

    CU(cuCtxCreate(&ctx, nullptr, 0, dev));
    CU(cuCtxGetCurrent(&cur));
    EXPECT(cur == ctx, "the new context is not current");

    // the fat binary, the cubin inside it (uncompressed: nvcc's default), a file
    std::vector<char> fat = kernels_fatbin(own_fatbin_section());
    CU(cuModuleLoadFatBinary(&mfat, fat.data()));
    CU(cuModuleGetFunction(&f, mfat, "scale"));
    EXPECT(cuModuleGetFunction(&g, mfat, "no_such_kernel") == CUDA_ERROR_NOT_FOUND,
           "a missing kernel");
    CU(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
    EXPECT(regs > 0, "%d registers", regs);
    run_scale(mfat, f, false);
    run_scale(mfat, f, true);
    std::string bytes(fat.begin(), fat.end());
    size_t at = bytes.find("\x7f" "ELF");
    EXPECT(at != std::string::npos, "no cubin in the fat binary");
    CU(cuModuleLoadData(&melf, fat.data() + at));
    CU(cuModuleGetFunction(&g, melf, "scale"));
    run_scale(melf, g, false);
    const char *path = "/tmp/nvqemu-driver-api.cubin";
    FILE *out = fopen(path, "wb");
    EXPECT(out && fwrite(fat.data() + at, 1, fat.size() - at, out) == fat.size() - at, "write");
    fclose(out);
    CU(cuModuleLoad(&mfile, path));
    remove(path);
    CU(cuModuleGetFunction(&g, mfile, "scale"));
    run_scale(mfile, g, true);
    EXPECT(cuModuleLoad(&mfile, "/nonexistent.cubin") == CUDA_ERROR_FILE_NOT_FOUND, "no file");
    CU(cuModuleUnload(melf));
    EXPECT(cuModuleUnload(melf) == CUDA_ERROR_INVALID_HANDLE, "unloaded twice");

    // memsets, device-to-device copies, events
    const int n = 4096;
    std::vector<unsigned> h(n);
    CUdeviceptr a, b;
    CUevent e0, e1;
    float ms = -1;
    CU(cuMemAlloc(&a, n * 4));
    CU(cuMemAlloc(&b, n * 4));
    CU(cuEventCreate(&e0, 0));
    CU(cuEventCreate(&e1, 0));
    CU(cuEventRecord(e0, nullptr));
    CU(cuMemsetD32(a, 0xdeadbeef, n));
    CU(cuMemsetD8(b, 0x11, n * 4));
    CU(cuMemcpyDtoD(b + 64, a, 256));
    CU(cuEventRecord(e1, nullptr));
    CU(cuEventSynchronize(e1));
    CU(cuEventElapsedTime(&ms, e0, e1));
    EXPECT(ms >= 0, "elapsed %g ms", ms);
    CU(cuMemcpyDtoH(h.data(), b, n * 4));
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == (i >= 16 && i < 80 ? 0xdeadbeefu : 0x11111111u), "b[%d] = %#x", i, h[i]);
    CU(cuEventDestroy(e0));
    CU(cuEventDestroy(e1));

    // a kernel that faults: its error is sticky until the context goes
    CU(cuModuleGetFunction(&g, mfat, "poke"));
    CUdeviceptr bad = 0x10;
    void *args[] = { &bad };
    CU(cuLaunchKernel(g, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr));
    CUresult r = cuCtxSynchronize();
    EXPECT(r == CUDA_ERROR_ILLEGAL_ADDRESS, "fault reported as %d", r);
    EXPECT(cuGetErrorName(r, &text) == CUDA_SUCCESS && !strcmp(text, "CUDA_ERROR_ILLEGAL_ADDRESS"),
           "its name");
    EXPECT(cuMemAlloc(&d, 16) == CUDA_ERROR_ILLEGAL_ADDRESS, "the error is not sticky");
    CU(cuCtxDestroy(ctx));
    CU(cuCtxCreate(&ctx, nullptr, 0, dev));
    CU(cuModuleGetFunction(&f, mfat, "scale"));
    run_scale(mfat, f, false);
    CU(cuCtxDestroy(ctx));
    return pass();
}
