// Texture and surface objects over CUDA arrays (block linear), pitched and
// linear memory: point and bilinear sampling, normalised coordinates, the
// address modes, 8-bit normalised reads, layered and 3D arrays (also with
// explicit gradients: tex3DGrad, tex2DLayeredGrad), gathers, and surface
// reads and writes; every result checked against the CPU.
// With --bench: the bilinear RGBA8 fetch rate for make bench (a figure line).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static int failures;
static void check(bool ok, const char *what, int i, double got, double want)
{
    if (!ok && failures++ < 10) {
        printf("FAIL %s [%d]: got %.9g want %.9g\n", what, i, got, want);
    }
}

__global__ void sample2d(cudaTextureObject_t t, const float2 *uv, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float>(t, uv[i].x, uv[i].y);
}
__global__ void sample2d4(cudaTextureObject_t t, const float2 *uv, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float4>(t, uv[i].x, uv[i].y);
}
__global__ void fetch1d(cudaTextureObject_t t, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<int>(t, i * 3 % n);
}
__global__ void sample3d(cudaTextureObject_t t, float *out, int w, int h, int d)
{
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    out[(z * h + y) * w + x] = tex3D<float>(t, x + 0.5f, y + 0.5f, z + 0.5f);
}
// With explicit gradients of one texel: still level 0 (these arrays have no mips), but
// ptxas builds each lane's quad for tex3DGrad (SHFL, FSWZADD, BMOV.PQUAD MACTIVE)
// and samples with TEX's implicit LOD; tex2DLayeredGrad is TXD.
__global__ void sample3d_grad(cudaTextureObject_t t, float *out, int w, int h, int d)
{
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    out[(z * h + y) * w + x] = tex3DGrad<float>(t, x + 0.5f, y + 0.5f, z + 0.5f,
                                                make_float4(1, 0, 0, 0), make_float4(0, 1, 0, 0));
}
__global__ void sample_layered_grad(cudaTextureObject_t t, float *out, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x, l = blockIdx.y;
    out[(l * h + y) * w + x] = tex2DLayeredGrad<float>(t, x + 0.5f, y + 0.5f, l,
                                                       make_float2(1, 0), make_float2(0, 1));
}
__global__ void sample_layered(cudaTextureObject_t t, float *out, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x, l = blockIdx.y;
    out[(l * h + y) * w + x] = tex2DLayered<float>(t, x + 0.5f, y + 0.5f, l);
}
__global__ void gather(cudaTextureObject_t t, const float2 *uv, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2Dgather<float4>(t, uv[i].x, uv[i].y, 0);
}
__global__ void surf_scale(cudaSurfaceObject_t s, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x;
    float v;
    surf2Dread(&v, s, x * 4, y);
    surf2Dwrite(v * 2.0f + 1.0f, s, x * 4, y);
}
__global__ void surf_bytes(cudaSurfaceObject_t s, int w)
{
    int x = threadIdx.x, y = blockIdx.x;
    uchar4 v;
    surf2Dread(&v, s, x * 4, y);
    surf2Dwrite(make_uchar4(v.w, v.z, v.y, v.x), s, x * 4, y);
}

// make bench: 512x512 RGBA8 read as normalised floats, bilinear, 16 samples per thread.
__global__ void bench_kernel(cudaTextureObject_t t, float *out, int side)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    float4 acc = make_float4(0, 0, 0, 0);
    for (int k = 0; k < 16; k++) {
        float4 v = tex2D<float4>(t, (x + 0.3f + k * 0.11f) / side, (y + 0.7f) / side);
        acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
    }
    out[y * side + x] = acc.x + acc.y + acc.z + acc.w;
}

static unsigned seed = 12345;
static float frand() { seed = seed * 1103515245u + 12345u; return (seed >> 8) / 16777216.0f; }

// CUDA's bilinear rule: x - 0.5, fraction quantised to 8 bits.
static float bilinear(const std::vector<float> &img, int w, int h, float u, float v, bool wrap)
{
    auto at = [&](int x, int y) {
        if (wrap) { x = ((x % w) + w) % w; y = ((y % h) + h) % h; }
        else { x = x < 0 ? 0 : x >= w ? w - 1 : x; y = y < 0 ? 0 : y >= h ? h - 1 : y; }
        return img[y * w + x];
    };
    float xb = u - 0.5f, yb = v - 0.5f;
    int x0 = (int)floorf(xb), y0 = (int)floorf(yb);
    float a = rintf((xb - floorf(xb)) * 256) / 256, b = rintf((yb - floorf(yb)) * 256) / 256;
    return (1 - a) * (1 - b) * at(x0, y0) + a * (1 - b) * at(x0 + 1, y0) +
           (1 - a) * b * at(x0, y0 + 1) + a * b * at(x0 + 1, y0 + 1);
}

static cudaTextureObject_t array_texture(cudaArray_t a, cudaTextureAddressMode m,
                                         cudaTextureFilterMode f, bool norm,
                                         cudaTextureReadMode rm = cudaReadModeElementType)
{
    cudaResourceDesc r = {};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
    td.filterMode = f;
    td.readMode = rm;
    td.normalizedCoords = norm;
    td.borderColor[0] = 7.5f;
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &r, &td, nullptr));
    return t;
}

// Bilinear fetches per second over a 512x512 RGBA8 texture (best of 3 launches).
static int bench()
{
    const int S = 512;
    std::vector<uchar4> img(S * S);
    for (int i = 0; i < S * S; i++) img[i] = make_uchar4(i, i >> 3, i >> 6, 255);
    cudaChannelFormatDesc d = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a;
    float *out, best = 1e30f;
    CK(cudaMallocArray(&a, &d, S, S, 0));
    CK(cudaMemcpy2DToArray(a, 0, 0, img.data(), S * 4, S * 4, S, cudaMemcpyHostToDevice));
    CK(cudaMalloc(&out, S * S * 4));
    cudaTextureObject_t t = array_texture(a, cudaAddressModeWrap, cudaFilterModeLinear, true,
                                          cudaReadModeNormalizedFloat);
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (int r = 0; r < 3; r++) {
        float ms;
        CK(cudaEventRecord(e0));
        bench_kernel<<<dim3(S / 128, S), 128>>>(t, out, S);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        CK(cudaEventElapsedTime(&ms, e0, e1));
        best = ms < best ? ms : best;
    }
    double samples = (double)S * S * 16;
    printf("figure texture_bilinear_rgba8 %.2f ms %.2f Msamples/s %.2f Mtexels/s\n", best,
           samples / 1e3 / best, 4 * samples / 1e3 / best);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--bench")) {
        return bench();
    }
    const int W = 37, H = 23, N = 256;
    std::vector<float> img(W * H);
    for (int i = 0; i < W * H; i++) img[i] = (float)((i * 37) % 101) - 20.0f;

    cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    CK(cudaMallocArray(&arr, &fdesc, W, H, cudaArraySurfaceLoadStore));
    CK(cudaMemcpy2DToArray(arr, 0, 0, img.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    // the copy engine's block-linear layout reads back unchanged
    std::vector<float> back(W * H);
    CK(cudaMemcpy2DFromArray(back.data(), W * 4, arr, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
    for (int i = 0; i < W * H; i++) check(back[i] == img[i], "array round trip", i, back[i], img[i]);

    float2 *uv, *huv;
    float *out, *hout = new float[N];
    float4 *out4, *hout4 = new float4[N];
    CK(cudaMallocManaged(&uv, N * sizeof(float2)));
    CK(cudaMalloc(&out, N * 4));
    CK(cudaMalloc(&out4, N * 16));
    huv = uv;

    // point sampling at texel centres: exact
    cudaTextureObject_t tp = array_texture(arr, cudaAddressModeClamp, cudaFilterModePoint, false);
    for (int i = 0; i < N; i++) huv[i] = make_float2((i % W) + 0.5f, (i / W % H) + 0.5f);
    sample2d<<<(N + 127) / 128, 128>>>(tp, uv, out, N);
    CK(cudaMemcpy(hout, out, N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) check(hout[i] == img[(i / W % H) * W + i % W], "point", i, hout[i], img[(i / W % H) * W + i % W]);

    // bilinear, clamp, unnormalised coordinates (some outside the image)
    cudaTextureObject_t tl = array_texture(arr, cudaAddressModeClamp, cudaFilterModeLinear, false);
    for (int i = 0; i < N; i++) huv[i] = make_float2(frand() * (W + 4) - 2, frand() * (H + 4) - 2);
    sample2d<<<(N + 127) / 128, 128>>>(tl, uv, out, N);
    CK(cudaMemcpy(hout, out, N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        float want = bilinear(img, W, H, huv[i].x, huv[i].y, false);
        check(fabsf(hout[i] - want) <= 1e-4f * (1 + fabsf(want)), "bilinear clamp", i, hout[i], want);
    }

    // bilinear, wrap, normalised coordinates
    cudaTextureObject_t tw = array_texture(arr, cudaAddressModeWrap, cudaFilterModeLinear, true);
    for (int i = 0; i < N; i++) huv[i] = make_float2(frand() * 3 - 1, frand() * 3 - 1);
    sample2d<<<(N + 127) / 128, 128>>>(tw, uv, out, N);
    CK(cudaMemcpy(hout, out, N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        float want = bilinear(img, W, H, huv[i].x * W, huv[i].y * H, true);
        check(fabsf(hout[i] - want) <= 1e-4f * (1 + fabsf(want)), "bilinear wrap", i, hout[i], want);
    }

    // border: outside gives the border colour
    cudaTextureObject_t tb = array_texture(arr, cudaAddressModeBorder, cudaFilterModePoint, false);
    for (int i = 0; i < N; i++) huv[i] = make_float2(i % 2 ? -3.0f : W + 1.5f, 1.5f);
    sample2d<<<(N + 127) / 128, 128>>>(tb, uv, out, N);
    CK(cudaMemcpy(hout, out, N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) check(hout[i] == 7.5f, "border", i, hout[i], 7.5f);

    // gather of the 2x2 footprint
    for (int i = 0; i < N; i++) huv[i] = make_float2(1 + (i % (W - 2)) + 0.25f, 1 + (i / W % (H - 2)) + 0.75f);
    gather<<<(N + 127) / 128, 128>>>(tp, uv, out4, N);
    CK(cudaMemcpy(hout4, out4, N * 16, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        int x0 = (int)floorf(huv[i].x - 0.5f), y0 = (int)floorf(huv[i].y - 0.5f);
        check(hout4[i].x == img[(y0 + 1) * W + x0], "gather x", i, hout4[i].x, img[(y0 + 1) * W + x0]);
        check(hout4[i].w == img[y0 * W + x0], "gather w", i, hout4[i].w, img[y0 * W + x0]);
        check(hout4[i].z == img[y0 * W + x0 + 1], "gather z", i, hout4[i].z, img[y0 * W + x0 + 1]);
    }

    // 8-bit RGBA read as normalised floats, mirror addressing
    const int CW = 16, CH = 8;
    std::vector<uchar4> rgba(CW * CH);
    for (int i = 0; i < CW * CH; i++) rgba[i] = make_uchar4(i, 255 - i, i * 3, 200);
    cudaChannelFormatDesc cdesc = cudaCreateChannelDesc<uchar4>();
    cudaArray_t carr;
    CK(cudaMallocArray(&carr, &cdesc, CW, CH, cudaArraySurfaceLoadStore));
    CK(cudaMemcpy2DToArray(carr, 0, 0, rgba.data(), CW * 4, CW * 4, CH, cudaMemcpyHostToDevice));
    cudaTextureObject_t tc = array_texture(carr, cudaAddressModeMirror, cudaFilterModePoint, true,
                                           cudaReadModeNormalizedFloat);
    for (int i = 0; i < N; i++) huv[i] = make_float2((i % 40 + 0.5f) / CW - 1.0f, ((i / 40) % CH + 0.5f) / CH);
    sample2d4<<<(N + 127) / 128, 128>>>(tc, uv, out4, N);
    CK(cudaMemcpy(hout4, out4, N * 16, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        int x = i % 40 - CW, y = (i / 40) % CH;
        x = x < 0 ? -1 - x : x;                 // mirror of [-16, 0) is [15 .. 0]
        x = x >= CW ? 2 * CW - 1 - x : x;
        uchar4 c = rgba[y * CW + x];
        check(hout4[i].x == c.x / 255.0f && hout4[i].y == c.y / 255.0f &&
              hout4[i].w == c.w / 255.0f, "rgba8 mirror", i, hout4[i].x, c.x / 255.0f);
    }

    // surfaces: scale in place, then byte reversal of RGBA8
    cudaResourceDesc sr = {};
    sr.resType = cudaResourceTypeArray;
    sr.res.array.array = arr;
    cudaSurfaceObject_t so;
    CK(cudaCreateSurfaceObject(&so, &sr));
    surf_scale<<<H, W>>>(so, W, H);
    CK(cudaMemcpy2DFromArray(back.data(), W * 4, arr, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
    for (int i = 0; i < W * H; i++) check(back[i] == img[i] * 2 + 1, "surface float", i, back[i], img[i] * 2 + 1);
    sr.res.array.array = carr;
    cudaSurfaceObject_t sc;
    CK(cudaCreateSurfaceObject(&sc, &sr));
    surf_bytes<<<CH, CW>>>(sc, CW);
    std::vector<uchar4> rb(CW * CH);
    CK(cudaMemcpy2DFromArray(rb.data(), CW * 4, carr, 0, 0, CW * 4, CH, cudaMemcpyDeviceToHost));
    for (int i = 0; i < CW * CH; i++) check(rb[i].x == rgba[i].w && rb[i].w == rgba[i].x, "surface rgba8", i, rb[i].x, rgba[i].w);

    // linear memory: tex1Dfetch of ints
    int *lin, *iout, hi[N];
    CK(cudaMalloc(&lin, N * 4));
    CK(cudaMalloc(&iout, N * 4));
    for (int i = 0; i < N; i++) hi[i] = i * i - 1000;
    CK(cudaMemcpy(lin, hi, N * 4, cudaMemcpyHostToDevice));
    cudaResourceDesc lr = {};
    lr.resType = cudaResourceTypeLinear;
    lr.res.linear.devPtr = lin;
    lr.res.linear.desc = cudaCreateChannelDesc<int>();
    lr.res.linear.sizeInBytes = N * 4;
    cudaTextureDesc ld = {};
    cudaTextureObject_t tlin;
    CK(cudaCreateTextureObject(&tlin, &lr, &ld, nullptr));
    fetch1d<<<1, N>>>(tlin, iout, N);
    int ho[N];
    CK(cudaMemcpy(ho, iout, N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) check(ho[i] == hi[i * 3 % N], "tex1Dfetch", i, ho[i], hi[i * 3 % N]);

    // pitched memory: point sampling
    float *pm;
    size_t pitch;
    CK(cudaMallocPitch(&pm, &pitch, W * 4, H));
    CK(cudaMemcpy2D(pm, pitch, img.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    cudaResourceDesc pr = {};
    pr.resType = cudaResourceTypePitch2D;
    pr.res.pitch2D.devPtr = pm;
    pr.res.pitch2D.desc = fdesc;
    pr.res.pitch2D.width = W;
    pr.res.pitch2D.height = H;
    pr.res.pitch2D.pitchInBytes = pitch;
    cudaTextureDesc pd = {};
    pd.addressMode[0] = pd.addressMode[1] = cudaAddressModeClamp;
    cudaTextureObject_t tpitch;
    CK(cudaCreateTextureObject(&tpitch, &pr, &pd, nullptr));
    for (int i = 0; i < N; i++) huv[i] = make_float2((i * 7 % W) + 0.5f, (i % H) + 0.5f);
    sample2d<<<(N + 127) / 128, 128>>>(tpitch, uv, out, N);
    CK(cudaMemcpy(hout, out, N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) check(hout[i] == img[(i % H) * W + i * 7 % W], "pitch2D", i, hout[i], img[(i % H) * W + i * 7 % W]);

    // 3D and layered arrays through cudaMemcpy3D
    const int X = 20, Y = 12, Z = 5;
    std::vector<float> vol(X * Y * Z), vout(X * Y * Z);
    for (int i = 0; i < X * Y * Z; i++) vol[i] = i * 0.25f;
    float *dv;
    CK(cudaMalloc(&dv, X * Y * Z * 4));
    for (int layered = 0; layered < 2; layered++) {
        cudaArray_t va;
        CK(cudaMalloc3DArray(&va, &fdesc, make_cudaExtent(X, Y, Z), layered ? cudaArrayLayered : 0));
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr(vol.data(), X * 4, X, Y);
        p.dstArray = va;
        p.extent = make_cudaExtent(X, Y, Z);
        p.kind = cudaMemcpyHostToDevice;
        CK(cudaMemcpy3D(&p));
        cudaTextureObject_t tv = array_texture(va, cudaAddressModeClamp, cudaFilterModePoint, false);
        if (layered) sample_layered<<<dim3(Y, Z), X>>>(tv, dv, X, Y);
        else sample3d<<<dim3(Y, Z), X>>>(tv, dv, X, Y, Z);
        CK(cudaMemcpy(vout.data(), dv, X * Y * Z * 4, cudaMemcpyDeviceToHost));
        for (int i = 0; i < X * Y * Z; i++) check(vout[i] == vol[i], layered ? "layered" : "3D", i, vout[i], vol[i]);
        CK(cudaMemset(dv, 0, X * Y * Z * 4));
        if (layered) sample_layered_grad<<<dim3(Y, Z), X>>>(tv, dv, X, Y);
        else sample3d_grad<<<dim3(Y, Z), X>>>(tv, dv, X, Y, Z);
        CK(cudaMemcpy(vout.data(), dv, X * Y * Z * 4, cudaMemcpyDeviceToHost));
        for (int i = 0; i < X * Y * Z; i++) {
            check(vout[i] == vol[i], layered ? "layered, gradients" : "3D, gradients", i, vout[i], vol[i]);
        }
        CK(cudaDestroyTextureObject(tv));
        CK(cudaFreeArray(va));
    }
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS texture_objects\n");
    return 0;
}
