/*
 * OpenCL on the emulated GPU (guest test "opencl"): Mesa's rusticl over
 * nouveau's GL driver (nvc0, whose nv50_ir code generator emits the SASS).
 * Lists the platform and device as clinfo would, then runs a handful of
 * kernels, each checked word for word against the same computation on the
 * CPU: a vector add, a work-group reduction in local memory with barriers,
 * global atomics, an integer mix (shifts, multiply-high, rotates, min/max,
 * popcount), float math with exact IEEE results, and images: integer
 * reads and writes (exact), bilinear filtering (within 0.01).
 * One PASS:/FAIL: line per check; exits 1 if any failed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed;

static void check(int ok, const char *fmt, const char *what)
{
    printf("%s: %s%s\n", ok ? "PASS" : "FAIL", fmt, what ? what : "");
    failed |= !ok;
}

static const char *source =
    "kernel void vadd(global const float *a, global const float *b, global float *c)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    c[i] = a[i] + b[i];\n"
    "}\n"
    "kernel void reduce(global const uint *in, global uint *out, local uint *tmp)\n"
    "{\n"
    "    size_t l = get_local_id(0), n = get_local_size(0);\n"
    "    tmp[l] = in[get_global_id(0)];\n"
    "    for (size_t s = n / 2; s > 0; s /= 2) {\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        if (l < s)\n"
    "            tmp[l] += tmp[l + s];\n"
    "    }\n"
    "    if (l == 0)\n"
    "        out[get_group_id(0)] = tmp[0];\n"
    "}\n"
    "kernel void histogram(global const uint *in, volatile global uint *bins, global uint *maxv)\n"
    "{\n"
    "    uint v = in[get_global_id(0)];\n"
    "    atomic_inc(&bins[v & 15]);\n"
    "    atomic_max(maxv, v);\n"
    "}\n"
    "kernel void intmix(global const uint *in, global uint *out)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    uint x = in[i], y = in[i ^ 1];\n"
    "    out[4 * i + 0] = mul_hi(x, y) ^ rotate(x, (uint)(i & 31));\n"
    "    out[4 * i + 1] = popcount(x) + clz(y) + (x >> (y & 31));\n"
    "    out[4 * i + 2] = min(x, y) - max((int)x, (int)y);\n"
    "    out[4 * i + 3] = (uint)((int)x / (int)((y | 1) & 0xffff)) + x % ((y & 0xff) + 1);\n"
    "}\n"
    "kernel void fmath(global const float *in, global float *out)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    float x = in[i], y = in[i ^ 1];\n"
    "    out[3 * i + 0] = fma(x, y, 1.5f);\n"
    "    out[3 * i + 1] = sqrt(fabs(x));\n"
    "    out[3 * i + 2] = fmin(x, y) * 0.25f - floor(x);\n"
    "}\n"
    "kernel void imgint(read_only image2d_t src, write_only image2d_t dst)\n"
    "{\n"
    "    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                        CLK_FILTER_NEAREST;\n"
    "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "    uint4 v = read_imageui(src, s, p + (int2)(1, -1));\n"
    "    write_imageui(dst, p, v * 2u + (uint4)(p.x, p.y, 1, 0));\n"
    "}\n"
    "kernel void imglin(read_only image2d_t src, global float4 *out)\n"
    "{\n"
    "    const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    float2 c = (float2)((x + 0.25f) / 64.0f, (y + 0.75f) / 64.0f);\n"
    "    out[y * 64 + x] = read_imagef(src, s, c);\n"
    "}\n";

enum { N = 4096, GROUP = 64, IMG = 64 };

static uint32_t rng = 12345;

static uint32_t next(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng;
}

typedef struct {
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
} Cl;

static cl_mem buffer(Cl *cl, size_t size, const void *init)
{
    cl_int err;
    cl_mem m = clCreateBuffer(cl->ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0),
                              size, (void *)init, &err);

    if (err != CL_SUCCESS) {
        printf("clCreateBuffer(%zu): %d\n", size, err);
        exit(1);
    }
    return m;
}

/*
 * Runs KERNEL over N work-items in groups of GROUP (as a 64x64 grid of 8x8
 * groups when dims is 2); its arguments are set by the caller.
 */
static int run_dims(Cl *cl, cl_kernel k, const char *name, unsigned dims)
{
    size_t global[2] = { dims == 2 ? IMG : N, IMG }, local[2] = { dims == 2 ? 8 : GROUP, 8 };
    cl_int err = clEnqueueNDRangeKernel(cl->q, k, dims, NULL, global, local, 0, NULL, NULL);

    if (err == CL_SUCCESS) {
        err = clFinish(cl->q);
    }
    if (err != CL_SUCCESS) {
        printf("%s: enqueue/finish returned %d\n", name, err);
    }
    return err == CL_SUCCESS;
}

static int run(Cl *cl, cl_kernel k, const char *name)
{
    return run_dims(cl, k, name, 1);
}

static void readback(Cl *cl, cl_mem m, size_t size, void *dst)
{
    if (clEnqueueReadBuffer(cl->q, m, CL_TRUE, 0, size, dst, 0, NULL, NULL) != CL_SUCCESS) {
        memset(dst, 0xa5, size);
    }
}

static cl_kernel kernel(Cl *cl, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(cl->prog, name, &err);

    check(err == CL_SUCCESS, "clCreateKernel ", name);
    return err == CL_SUCCESS ? k : NULL;
}

static void test_vadd(Cl *cl)
{
    static float a[N], b[N], c[N];
    cl_kernel k = kernel(cl, "vadd");
    cl_mem ma, mb, mc;
    unsigned bad = 0;

    if (!k) {
        return;
    }
    for (unsigned i = 0; i < N; i++) {
        a[i] = (float)(int)(next() % 2000000) / 1024.0f;
        b[i] = (float)i * 0.75f;
    }
    ma = buffer(cl, sizeof(a), a);
    mb = buffer(cl, sizeof(b), b);
    mc = buffer(cl, sizeof(c), NULL);
    clSetKernelArg(k, 0, sizeof(ma), &ma);
    clSetKernelArg(k, 1, sizeof(mb), &mb);
    clSetKernelArg(k, 2, sizeof(mc), &mc);
    if (run(cl, k, "vadd")) {
        readback(cl, mc, sizeof(c), c);
        for (unsigned i = 0; i < N; i++) {
            bad += c[i] != a[i] + b[i];
        }
        printf("vadd: c[1000] = %g (want %g), %u of %u differ\n", c[1000], a[1000] + b[1000],
               bad, N);
        check(bad == 0, "vector add of 4096 floats equals the CPU's", NULL);
    } else {
        check(0, "vector add ran", NULL);
    }
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
    clReleaseMemObject(mc);
    clReleaseKernel(k);
}

static void test_reduce(Cl *cl)
{
    static uint32_t in[N], out[N / GROUP];
    cl_kernel k = kernel(cl, "reduce");
    cl_mem mi, mo;
    unsigned bad = 0;

    if (!k) {
        return;
    }
    for (unsigned i = 0; i < N; i++) {
        in[i] = next() >> 8;
    }
    mi = buffer(cl, sizeof(in), in);
    mo = buffer(cl, sizeof(out), NULL);
    clSetKernelArg(k, 0, sizeof(mi), &mi);
    clSetKernelArg(k, 1, sizeof(mo), &mo);
    clSetKernelArg(k, 2, GROUP * sizeof(uint32_t), NULL);
    if (run(cl, k, "reduce")) {
        readback(cl, mo, sizeof(out), out);
        for (unsigned g = 0; g < N / GROUP; g++) {
            uint32_t sum = 0;
            for (unsigned i = 0; i < GROUP; i++) {
                sum += in[g * GROUP + i];
            }
            bad += out[g] != sum;
        }
        check(bad == 0, "work-group sums in local memory with barriers equal the CPU's", NULL);
    } else {
        check(0, "reduction ran", NULL);
    }
    clReleaseMemObject(mi);
    clReleaseMemObject(mo);
    clReleaseKernel(k);
}

static void test_atomics(Cl *cl)
{
    static uint32_t in[N], bins[16], want[16], maxv, wmax;
    cl_kernel k = kernel(cl, "histogram");
    cl_mem mi, mb, mm;
    unsigned bad = 0;

    if (!k) {
        return;
    }
    memset(want, 0, sizeof(want));
    memset(bins, 0, sizeof(bins));
    maxv = wmax = 0;
    for (unsigned i = 0; i < N; i++) {
        in[i] = next();
        want[in[i] & 15]++;
        wmax = in[i] > wmax ? in[i] : wmax;
    }
    mi = buffer(cl, sizeof(in), in);
    mb = buffer(cl, sizeof(bins), bins);
    mm = buffer(cl, sizeof(maxv), &maxv);
    clSetKernelArg(k, 0, sizeof(mi), &mi);
    clSetKernelArg(k, 1, sizeof(mb), &mb);
    clSetKernelArg(k, 2, sizeof(mm), &mm);
    if (run(cl, k, "histogram")) {
        readback(cl, mb, sizeof(bins), bins);
        readback(cl, mm, sizeof(maxv), &maxv);
        for (unsigned i = 0; i < 16; i++) {
            bad += bins[i] != want[i];
        }
        check(bad == 0 && maxv == wmax, "atomic_inc histogram and atomic_max equal the CPU's",
              NULL);
    } else {
        check(0, "atomics ran", NULL);
    }
    clReleaseMemObject(mi);
    clReleaseMemObject(mb);
    clReleaseMemObject(mm);
    clReleaseKernel(k);
}

static uint32_t rotl(uint32_t x, unsigned n)
{
    return n ? x << n | x >> (32 - n) : x;
}

static void test_intmix(Cl *cl)
{
    static uint32_t in[N], out[4 * N];
    cl_kernel k = kernel(cl, "intmix");
    cl_mem mi, mo;
    unsigned bad = 0;

    if (!k) {
        return;
    }
    for (unsigned i = 0; i < N; i++) {
        in[i] = i % 7 ? next() : (i % 3 ? 0x80000000u : 0xffffffffu);
    }
    mi = buffer(cl, sizeof(in), in);
    mo = buffer(cl, sizeof(out), NULL);
    clSetKernelArg(k, 0, sizeof(mi), &mi);
    clSetKernelArg(k, 1, sizeof(mo), &mo);
    if (run(cl, k, "intmix")) {
        readback(cl, mo, sizeof(out), out);
        for (unsigned i = 0; i < N; i++) {
            uint32_t x = in[i], y = in[i ^ 1];
            int32_t d = (int32_t)((y | 1) & 0xffff);
            uint32_t w[4] = {
                (uint32_t)(((uint64_t)x * y) >> 32) ^ rotl(x, i & 31),
                (uint32_t)__builtin_popcount(x) + (y ? (uint32_t)__builtin_clz(y) : 32) +
                    (x >> (y & 31)),
                (x < y ? x : y) - (uint32_t)((int32_t)x > (int32_t)y ? (int32_t)x : (int32_t)y),
                (uint32_t)((int32_t)x / d) + x % ((y & 0xff) + 1),
            };
            for (unsigned j = 0; j < 4; j++) {
                if (out[4 * i + j] != w[j] && bad++ < 4) {
                    printf("intmix[%u][%u]: 0x%08x, want 0x%08x (x 0x%08x y 0x%08x)\n", i, j,
                           out[4 * i + j], w[j], x, y);
                }
            }
        }
        check(bad == 0, "integer mix (mul_hi, rotate, popcount, clz, min/max, div, rem) "
              "equals the CPU's", NULL);
    } else {
        check(0, "integer mix ran", NULL);
    }
    clReleaseMemObject(mi);
    clReleaseMemObject(mo);
    clReleaseKernel(k);
}

/* Distance in units in the last place between two finite floats of the same sign. */
static uint32_t ulps(float a, float b)
{
    uint32_t ua, ub;

    memcpy(&ua, &a, 4);
    memcpy(&ub, &b, 4);
    return ua > ub ? ua - ub : ub - ua;
}

static void test_fmath(Cl *cl)
{
    static float in[N], out[3 * N];
    cl_kernel k = kernel(cl, "fmath");
    cl_mem mi, mo;
    unsigned bad = 0;

    if (!k) {
        return;
    }
    for (unsigned i = 0; i < N; i++) {
        in[i] = ((float)(int32_t)next()) / 65536.0f;
    }
    mi = buffer(cl, sizeof(in), in);
    mo = buffer(cl, sizeof(out), NULL);
    clSetKernelArg(k, 0, sizeof(mi), &mi);
    clSetKernelArg(k, 1, sizeof(mo), &mo);
    if (run(cl, k, "fmath")) {
        readback(cl, mo, sizeof(out), out);
        for (unsigned i = 0; i < N; i++) {
            float x = in[i], y = in[i ^ 1];
            /* fma is correctly rounded; sqrt may be 3 ulp off (OpenCL's default) */
            float w[3] = { __builtin_fmaf(x, y, 1.5f), __builtin_sqrtf(__builtin_fabsf(x)),
                           __builtin_fminf(x, y) * 0.25f - __builtin_floorf(x) };
            for (unsigned j = 0; j < 3; j++) {
                if (ulps(out[3 * i + j], w[j]) > (j == 1 ? 3u : 0u) && bad++ < 4) {
                    printf("fmath[%u][%u]: %a, want %a (x %a y %a)\n", i, j, out[3 * i + j],
                           w[j], x, y);
                }
            }
        }
        check(bad == 0, "fma, fmin, floor bit-exact, sqrt within OpenCL's 3 ulp", NULL);
    } else {
        check(0, "float math ran", NULL);
    }
    clReleaseMemObject(mi);
    clReleaseMemObject(mo);
    clReleaseKernel(k);
}

static cl_mem image(Cl *cl, cl_channel_type type, const void *init)
{
    cl_image_format fmt = { CL_RGBA, type };
    cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = IMG,
                           .image_height = IMG };
    cl_int err;
    cl_mem m = clCreateImage(cl->ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0),
                             &fmt, &desc, (void *)init, &err);

    check(err == CL_SUCCESS, "clCreateImage", NULL);
    return err == CL_SUCCESS ? m : NULL;
}

/* read_imageui with clamping, write_imageui: exact. */
static void test_image_int(Cl *cl)
{
    static uint32_t src[IMG][IMG][4], dst[IMG][IMG][4];
    cl_kernel k = kernel(cl, "imgint");
    size_t origin[3] = { 0, 0, 0 }, region[3] = { IMG, IMG, 1 };
    cl_mem ms, md;
    unsigned bad = 0;

    for (unsigned y = 0; y < IMG; y++) {
        for (unsigned x = 0; x < IMG; x++) {
            for (unsigned c = 0; c < 4; c++) {
                src[y][x][c] = next() >> 4;
            }
        }
    }
    ms = image(cl, CL_UNSIGNED_INT32, src);
    md = image(cl, CL_UNSIGNED_INT32, NULL);
    if (!k || !ms || !md) {
        return;
    }
    clSetKernelArg(k, 0, sizeof(ms), &ms);
    clSetKernelArg(k, 1, sizeof(md), &md);
    if (run_dims(cl, k, "imgint", 2) &&
        clEnqueueReadImage(cl->q, md, CL_TRUE, origin, region, 0, 0, dst, 0, NULL, NULL) ==
        CL_SUCCESS) {
        for (unsigned y = 0; y < IMG; y++) {
            for (unsigned x = 0; x < IMG; x++) {
                unsigned sx = x + 1 < IMG ? x + 1 : IMG - 1, sy = y ? y - 1 : 0;
                uint32_t add[4] = { x, y, 1, 0 };

                for (unsigned c = 0; c < 4; c++) {
                    if (dst[y][x][c] != src[sy][sx][c] * 2 + add[c] && bad++ < 4) {
                        printf("imgint (%u,%u).%u: %u, want %u\n", x, y, c, dst[y][x][c],
                               src[sy][sx][c] * 2 + add[c]);
                    }
                }
            }
        }
        check(bad == 0, "read_imageui (clamp to edge) and write_imageui equal the CPU's", NULL);
    } else {
        check(0, "the integer image kernel ran", NULL);
    }
    clReleaseMemObject(ms);
    clReleaseMemObject(md);
    clReleaseKernel(k);
}

/* read_imagef, RGBA8 UNORM, normalized coordinates, repeat, bilinear: within 0.01. */
static void test_image_linear(Cl *cl)
{
    static uint8_t src[IMG][IMG][4];
    static float out[IMG * IMG][4];
    cl_kernel k = kernel(cl, "imglin");
    cl_mem ms, mo;
    unsigned bad = 0;

    for (unsigned y = 0; y < IMG; y++) {
        for (unsigned x = 0; x < IMG; x++) {
            for (unsigned c = 0; c < 4; c++) {
                src[y][x][c] = (uint8_t)(next() >> 24);
            }
        }
    }
    ms = image(cl, CL_UNORM_INT8, src);
    mo = buffer(cl, sizeof(out), NULL);
    if (!k || !ms) {
        return;
    }
    clSetKernelArg(k, 0, sizeof(ms), &ms);
    clSetKernelArg(k, 1, sizeof(mo), &mo);
    if (run_dims(cl, k, "imglin", 2)) {
        readback(cl, mo, sizeof(out), out);
        for (unsigned y = 0; y < IMG; y++) {
            for (unsigned x = 0; x < IMG; x++) {
                /* texel space: u = x + 0.25 - 0.5, v = y + 0.75 - 0.5; REPEAT wraps */
                unsigned x0 = (x + IMG - 1) % IMG, x1 = x, y0 = y, y1 = (y + 1) % IMG;
                float a = 0.75f, b = 0.25f;

                for (unsigned c = 0; c < 4; c++) {
                    float w = ((1 - a) * ((1 - b) * src[y0][x0][c] + b * src[y1][x0][c]) +
                               a * ((1 - b) * src[y0][x1][c] + b * src[y1][x1][c])) / 255.0f;
                    float d = out[y * IMG + x][c] - w;

                    if ((d > 0.01f || d < -0.01f) && bad++ < 4) {
                        printf("imglin (%u,%u).%u: %f, want %f\n", x, y, c,
                               out[y * IMG + x][c], w);
                    }
                }
            }
        }
        check(bad == 0, "read_imagef with bilinear filtering and repeat within 0.01", NULL);
    } else {
        check(0, "the filtering image kernel ran", NULL);
    }
    clReleaseMemObject(ms);
    clReleaseMemObject(mo);
    clReleaseKernel(k);
}

int main(void)
{
    cl_platform_id plat;
    cl_device_id dev;
    cl_uint n = 0;
    cl_int err;
    char name[256] = "", vendor[256] = "", version[256] = "";
    Cl cl;

    err = clGetPlatformIDs(1, &plat, &n);
    check(err == CL_SUCCESS && n == 1, "an OpenCL platform (rusticl)", NULL);
    if (err != CL_SUCCESS || !n) {
        return 1;
    }
    err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 1, &dev, &n);
    check(err == CL_SUCCESS && n == 1, "a GPU device on it", NULL);
    if (err != CL_SUCCESS || !n) {
        return 1;
    }
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(name), name, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_VENDOR, sizeof(vendor), vendor, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof(version), version, NULL);
    printf("device: %s (%s), %s\n", name, vendor, version);
    check(strstr(name, "NV164") != NULL, "the device is nouveau's NV164 (TU104): ", name);

    cl.ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    check(err == CL_SUCCESS, "clCreateContext", NULL);
    if (err != CL_SUCCESS) {
        return 1;
    }
    cl.q = clCreateCommandQueueWithProperties(cl.ctx, dev, NULL, &err);
    check(err == CL_SUCCESS, "clCreateCommandQueue", NULL);
    cl.prog = clCreateProgramWithSource(cl.ctx, 1, &source, NULL, &err);
    err = err == CL_SUCCESS ? clBuildProgram(cl.prog, 1, &dev, "", NULL, NULL) : err;
    if (err != CL_SUCCESS) {
        static char log[16384];
        clGetProgramBuildInfo(cl.prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
        printf("build log:\n%s\n", log);
    }
    check(err == CL_SUCCESS, "the program builds (clang, SPIR-V, NIR, nv50_ir)", NULL);
    if (err != CL_SUCCESS) {
        return 1;
    }
    test_vadd(&cl);
    test_reduce(&cl);
    test_atomics(&cl);
    test_intmix(&cl);
    test_fmath(&cl);
    test_image_int(&cl);
    test_image_linear(&cl);
    clReleaseProgram(cl.prog);
    clReleaseCommandQueue(cl.q);
    clReleaseContext(cl.ctx);
    return failed;
}
