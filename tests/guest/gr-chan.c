/*
 * gr-chan: in-guest test of a userspace channel on nouveau's GR runlist
 * (built static by scripts/build-guest.sh, run by tests/guest/gr.sh).
 *
 * Raw nouveau abi16 ioctls (no libdrm):
 *  1. CHANNEL_ALLOC on the GR runlist (fb_ctxdma_handle ~0, tt_ctxdma_handle
 *     NOUVEAU_FIFO_ENGINE_GR);
 *  2. GROBJ_ALLOC of every GR class of a Turing (inline-to-memory, compute,
 *     3D, 2D): the first one makes nouveau bring GR up (SEC2 bootstraps FECS
 *     and GPCCS, FECS methods, the golden context), the object binds the
 *     channel's GR context;
 *  3. GEM_PUSHBUF of a pushbuffer that binds KEPLER_INLINE_TO_MEMORY_B on a
 *     subchannel, writes a pattern inline into a GART buffer, then releases
 *     a host semaphore behind it; CPU_PREP (bounded) and every word checked,
 *     the words around the pattern untouched;
 *  4. a compute launch: the sm_75 vadd kernel of the SASS corpus (code from
 *     its cubin, /usr/share/nvqemu) over 1000 floats, with a QMD and constant
 *     bank 0 laid out as the CUDA driver does, sent with TURING_COMPUTE_A's
 *     SEND_PCAS; every sum checked, the QMD's release semaphore too;
 *  5. the channel freed again.
 * With the argument "fault", vadd's output pointer is an unmapped VA: the
 * launch must fault (an MMU fault nouveau reports and recovers from by
 * killing the channel) and write nothing, neither sums nor the release.
 * One PASS:/FAIL: line per check; exit status 1 if a check failed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <nouveau_drm.h>

#include "guest-drm.h"
#include "guest-report.h"
#include "hw/nvidia/nv-host.h"
#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/sm/cubin.h"

/* Newer than libdrm's copy of nouveau_drm.h (stable kernel uAPI). */
#ifndef NOUVEAU_FIFO_ENGINE_GR
#define NOUVEAU_FIFO_ENGINE_GR  0x01    /* CHANNEL_ALLOC: the GR runlist */
#endif

#define NV_IOCTL(cmd, type) DRM_IOWR(DRM_COMMAND_BASE + (cmd), type)
#define NV_IOCTL_W(cmd, type) DRM_IOW(DRM_COMMAND_BASE + (cmd), type)

#define DST_SIZE        0x10000
#define DATA_AT         0x100       /* where the inline data goes in the buffer */
#define DATA_WORDS      300         /* more than one pushbuffer method's worth */
#define SEM_AT          0x8000
#define SEM_PAYLOAD     0x5eed1234u
#define FILL            0xdeadbeefu
#define I2M_SUBCH       1
#define PREP_TIMEOUT_MS 20000

/* The compute launch: vadd(a, b, c, n) and where its data lives in one buffer. */
#define VADD_CUBIN      "/usr/share/nvqemu/k01_vadd.sm_75.cubin"
#define COMPUTE_SUBCH   2
#define N_ELEMS         1000
#define BLOCK           128
#define A_AT            0x00000
#define B_AT            0x10000
#define C_AT            0x20000
#define QMD_AT          0x30000
#define CB0_AT          0x31000
#define CB0_SIZE        0x400
#define CODE_AT         0x32000     /* 256-byte aligned, as QMD program addresses are */
#define CSEM_AT         0x3f000
#define LAUNCH_SIZE     0x40000
#define LAUNCH_PAYLOAD  0x1a0c4ed5u
#define CUBIN_MAX       (1u << 20)
#define UNMAPPED_VA     0x7f00000000ull     /* nothing of ours is mapped there */

static const uint32_t gr_classes[] = { 0xa140, 0xc5c0, 0xc597, 0x902d };

static int fd = -1;


static uint32_t pattern(uint32_t i)
{
    uint32_t x = i * 0x9e3779b1u + 0x7f4a7c15u;
    x ^= x >> 15;
    return x * 0x2c1b3c6du;
}

typedef struct Buf {
    uint32_t handle;
    uint64_t va, size;
    uint32_t *map;
} Buf;

/* A GART buffer, CPU-mapped; 0 or an errno. */
static int buf_new(uint64_t size, Buf *b)
{
    struct drm_nouveau_gem_new n = { .info = { .size = size,
                                               .domain = NOUVEAU_GEM_DOMAIN_GART } };

    if (ioctl(fd, NV_IOCTL(DRM_NOUVEAU_GEM_NEW, struct drm_nouveau_gem_new), &n)) {
        return errno;
    }
    b->handle = n.info.handle;
    b->va = n.info.offset;              /* the buffer's GPU VA in our address space */
    b->size = n.info.size;
    b->map = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                  (off_t)n.info.map_handle);
    return b->map == MAP_FAILED ? errno : 0;
}

/* Pushbuffer writer: method headers as the host decodes them. */
typedef struct Push {
    uint32_t *p;
    unsigned n, cap;
} Push;

static void emit(Push *s, uint32_t v)
{
    if (s->n < s->cap) {
        s->p[s->n] = v;
    }
    s->n++;
}

static void mthd(Push *s, unsigned sec, unsigned subch, uint32_t method, unsigned count)
{
    emit(s, (uint32_t)sec << 29 | count << 16 | subch << 13 | method >> 2);
}

/* Bind I2M, write the pattern inline, release a host semaphore after it. */
static void build_push(Push *s, uint64_t dst_va)
{
    uint64_t out = dst_va + DATA_AT, sem = dst_va + SEM_AT;

    mthd(s, NV_PB_SEC_INC_METHOD, I2M_SUBCH, A_C46F_SET_OBJECT, 1);
    emit(s, NV_CLASS_KEPLER_INLINE_TO_MEMORY_B);
    mthd(s, NV_PB_SEC_INC_METHOD, I2M_SUBCH, A_A140_LINE_LENGTH_IN, 4);
    emit(s, DATA_WORDS * 4);                            /* LINE_LENGTH_IN */
    emit(s, 1);                                         /* LINE_COUNT */
    emit(s, (uint32_t)(out >> 32));                     /* OFFSET_OUT_UPPER */
    emit(s, (uint32_t)out);                             /* OFFSET_OUT */
    mthd(s, NV_PB_SEC_INC_METHOD, I2M_SUBCH, A_A140_LAUNCH_DMA, 1);
    emit(s, NV_FDP32(0, A140_LAUNCH_DMA, DST_MEMORY_LAYOUT, A140_LAYOUT_PITCH));
    mthd(s, NV_PB_SEC_NON_INC_METHOD, I2M_SUBCH, A_A140_LOAD_INLINE_DATA, DATA_WORDS);
    for (uint32_t i = 0; i < DATA_WORDS; i++) {
        emit(s, pattern(i));
    }
    mthd(s, NV_PB_SEC_INC_METHOD, 0, A_C46F_SEMAPHOREA, 4);
    emit(s, (uint32_t)(sem >> 32));
    emit(s, (uint32_t)sem);
    emit(s, SEM_PAYLOAD);
    emit(s, NV_FDP32(NV_FDP32(0, C46F_SEMAPHORED, OPERATION, NV_SEMD_OP_RELEASE),
                     C46F_SEMAPHORED, RELEASE_SIZE, NV_SEMD_RELEASE_SIZE_4BYTE));
}

static int submit(int chan, Buf *push, unsigned words, Buf *dst)
{
    struct drm_nouveau_gem_pushbuf_bo bo[2] = {
        { .handle = push->handle, .read_domains = NOUVEAU_GEM_DOMAIN_GART,
          .valid_domains = NOUVEAU_GEM_DOMAIN_GART },
        { .handle = dst->handle, .write_domains = NOUVEAU_GEM_DOMAIN_GART,
          .valid_domains = NOUVEAU_GEM_DOMAIN_GART },
    };
    struct drm_nouveau_gem_pushbuf_push pp = { .bo_index = 0, .length = words * 4 };
    struct drm_nouveau_gem_pushbuf req = {
        .channel = chan, .nr_buffers = 2, .buffers = (uintptr_t)bo,
        .nr_push = 1, .push = (uintptr_t)&pp,
    };

    if (ioctl(fd, NV_IOCTL(DRM_NOUVEAU_GEM_PUSHBUF, struct drm_nouveau_gem_pushbuf), &req)) {
        return errno;
    }
    return guest_cpu_prep(fd, dst->handle, false, PREP_TIMEOUT_MS);
}

/* The kernel's cubin, read whole (k->code points into *file); false if unusable. */
static bool load_vadd(uint8_t **file, NvCubinKernel *k)
{
    static NvCubin cubin;
    FILE *f = fopen(VADD_CUBIN, "rb");
    size_t len = 0;

    *file = malloc(CUBIN_MAX);
    if (f && *file) {
        len = fread(*file, 1, CUBIN_MAX, f);
    }
    if (f) {
        fclose(f);
    }
    return len > 0 && len < CUBIN_MAX && nv_cubin_open(&cubin, *file, len) &&
           nv_cubin_find_kernel(&cubin, "vadd", k) && k->code_size <= CSEM_AT - CODE_AT &&
           k->param_base + 28 <= CB0_SIZE;
}

static float in_a(uint32_t i) { return (float)i * 0.5f; }
static float in_b(uint32_t i) { return (float)(N_ELEMS - i) * 0.25f; }

/*
 * Inputs, code, constant bank 0 (block and grid sizes first, then the
 * parameters where the cubin puts them) and a QMD 2.3 whose release
 * semaphore lands after the grid, all in one buffer at va.
 */
static void build_launch(const Buf *d, const NvCubinKernel *k, uint64_t c)
{
    uint8_t *m = (uint8_t *)d->map;
    uint64_t a = d->va + A_AT, b = d->va + B_AT, code = d->va + CODE_AT;
    uint64_t cb0 = d->va + CB0_AT, sem = d->va + CSEM_AT;
    uint32_t block[3] = { BLOCK, 1, 1 }, grid[3] = { (N_ELEMS + BLOCK - 1) / BLOCK, 1, 1 };
    uint32_t n = N_ELEMS, *q = (uint32_t *)(m + QMD_AT);

    memset(m, 0, d->size);
    for (uint32_t i = 0; i < N_ELEMS; i++) {
        float va = in_a(i), vb = in_b(i);
        memcpy(m + A_AT + 4 * i, &va, 4);
        memcpy(m + B_AT + 4 * i, &vb, 4);
    }
    for (uint32_t w = 0; w < (B_AT - A_AT) / 4; w++) {
        memcpy(m + C_AT + 4 * w, &(uint32_t){ FILL }, 4);
    }
    memcpy(m + CODE_AT, k->code, k->code_size);
    memcpy(m + CB0_AT, block, 12);
    memcpy(m + CB0_AT + 0xc, grid, 12);
    memcpy(m + CB0_AT + k->param_base, &a, 8);
    memcpy(m + CB0_AT + k->param_base + 8, &b, 8);
    memcpy(m + CB0_AT + k->param_base + 16, &c, 8);
    memcpy(m + CB0_AT + k->param_base + 24, &n, 4);
    nv_qmd_set_launch(q, code, grid, block);
    NV_QMD_SET(q, REGISTER_COUNT, k->registers);
    NV_QMD_SET(q, SHARED_MEMORY_SIZE, k->shared_size);
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, 1);
    nv_qmd_set_cbuf(q, 0, cb0, CB0_SIZE);
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)sem);
    NV_QMD_SET(q, RELEASE0_ADDRESS_UPPER, (uint32_t)(sem >> 32));
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 1);          /* one word */
    NV_QMD_SET(q, RELEASE0_PAYLOAD, LAUNCH_PAYLOAD);
}

static void push_launch(Push *s, uint64_t qmd_va)
{
    mthd(s, NV_PB_SEC_INC_METHOD, COMPUTE_SUBCH, A_C46F_SET_OBJECT, 1);
    emit(s, NV_CLASS_TURING_COMPUTE_A);
    mthd(s, NV_PB_SEC_INC_METHOD, COMPUTE_SUBCH, A_C5C0_SEND_PCAS_A, 1);
    emit(s, (uint32_t)(qmd_va >> C5C0_QMD_ADDRESS_SHIFT));
    mthd(s, NV_PB_SEC_INC_METHOD, COMPUTE_SUBCH, A_C5C0_SEND_SIGNALING_PCAS_B, 1);
    emit(s, R_C5C0_SEND_SIGNALING_PCAS_B_INVALIDATE_MASK |
            R_C5C0_SEND_SIGNALING_PCAS_B_SCHEDULE_MASK);
}

/* The faulting launch: C still all fill, no release. */
static void check_fault(const Buf *d)
{
    const uint8_t *m = (const uint8_t *)d->map;
    unsigned written = 0;
    uint32_t sem;

    for (uint32_t i = 0; i < (B_AT - A_AT) / 4; i++) {
        uint32_t bits;
        memcpy(&bits, m + C_AT + 4 * i, 4);
        written += bits != FILL;
    }
    memcpy(&sem, m + CSEM_AT, 4);
    report(written == 0 && sem == 0, "the faulting launch wrote nothing (%u words changed, "
           "release 0x%08x)", written, sem);
}

/* Every sum exact (one float add), the words past n untouched, the release written. */
static void check_launch(const Buf *d)
{
    const uint8_t *m = (const uint8_t *)d->map;
    unsigned bad = 0, first = 0;
    uint32_t sem;

    for (uint32_t i = 0; i < (B_AT - A_AT) / 4; i++) {
        float want = in_a(i) + in_b(i), got;
        uint32_t bits, fill = FILL;
        memcpy(&bits, m + C_AT + 4 * i, 4);
        memcpy(&got, &bits, 4);
        bool ok = i < N_ELEMS ? got == want : bits == fill;
        if (!ok && bad++ == 0) {
            first = i;
        }
    }
    memcpy(&sem, m + CSEM_AT, 4);
    if (bad) {
        report(false, "vadd over %u floats: %u words wrong, the first at element %u", N_ELEMS,
               bad, first);
    } else {
        report(true, "vadd over %u floats: every sum right, the words past them untouched",
               N_ELEMS);
    }
    report(sem == LAUNCH_PAYLOAD, "the QMD's release semaphore: 0x%08x", sem);
}

/* Every word: the pattern where I2M wrote, the fill elsewhere, the payload at SEM_AT. */
static void check_dst(const Buf *dst)
{
    unsigned bad = 0, first = 0;

    for (uint32_t w = 0; w < dst->size / 4; w++) {
        uint32_t want = FILL;
        if (w >= DATA_AT / 4 && w < DATA_AT / 4 + DATA_WORDS) {
            want = pattern(w - DATA_AT / 4);
        } else if (w == SEM_AT / 4) {
            want = SEM_PAYLOAD;
        }
        if (dst->map[w] != want && bad++ == 0) {
            first = w;
        }
    }
    if (bad) {
        report(false, "inline-to-memory and semaphore: %u of %llu words wrong, the first at "
               "byte 0x%x", bad, (unsigned long long)dst->size / 4, first * 4);
    } else {
        report(true, "inline-to-memory wrote %u words and the semaphore released, the other "
               "%llu words untouched", DATA_WORDS,
               (unsigned long long)dst->size / 4 - DATA_WORDS - 1);
    }
}

int main(int argc, char **argv)
{
    bool fault = argc > 1 && strcmp(argv[1], "fault") == 0;

    fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        report(false, "open /dev/dri/renderD128: errno %d (%s)", errno, strerror(errno));
        return 1;
    }

    /* 1. the channel */
    struct drm_nouveau_channel_alloc ca = { .fb_ctxdma_handle = ~0u,
                                            .tt_ctxdma_handle = NOUVEAU_FIFO_ENGINE_GR };
    if (ioctl(fd, NV_IOCTL(DRM_NOUVEAU_CHANNEL_ALLOC, struct drm_nouveau_channel_alloc), &ca)) {
        report(false, "CHANNEL_ALLOC on the GR runlist: errno %d (%s)", errno, strerror(errno));
        return 1;
    }
    report(true, "CHANNEL_ALLOC on the GR runlist: channel %d", ca.channel);

    /* 2. every GR class */
    for (unsigned i = 0; i < sizeof(gr_classes) / sizeof(gr_classes[0]); i++) {
        struct drm_nouveau_grobj_alloc g = { .channel = ca.channel, .handle = 0xbeef0000 + i,
                                             .class = gr_classes[i] };
        uint64_t t0 = now_ms();
        int r = ioctl(fd, NV_IOCTL_W(DRM_NOUVEAU_GROBJ_ALLOC, struct drm_nouveau_grobj_alloc),
                      &g);
        report(r == 0, "GROBJ_ALLOC class 0x%04x: %s (%llu ms)", gr_classes[i],
               r ? strerror(errno) : "created", (unsigned long long)(now_ms() - t0));
    }

    /* 3. work on the GR channel */
    Buf dst, push;
    int e = buf_new(DST_SIZE, &dst);
    if (!e) {
        e = buf_new(0x4000, &push);
    }
    if (e) {
        report(false, "GEM_NEW + mmap (GART): errno %d (%s)", e, strerror(e));
        return 1;
    }
    for (uint32_t w = 0; w < dst.size / 4; w++) {
        dst.map[w] = FILL;
    }
    Push s = { .p = push.map, .cap = push.size / 4 };
    build_push(&s, dst.va);
    e = submit(ca.channel, &push, s.n, &dst);
    report(e == 0, "GEM_PUSHBUF on the GR channel (%u dwords, buffer at VA 0x%llx): %s", s.n,
           (unsigned long long)dst.va, e ? strerror(e) : "done");
    if (!e) {
        check_dst(&dst);
    }

    /* 4. a compute launch */
    Buf data;
    uint8_t *cubin = NULL;
    NvCubinKernel k;
    if (!load_vadd(&cubin, &k)) {
        report(false, "%s: no usable vadd kernel", VADD_CUBIN);
    } else if ((e = buf_new(LAUNCH_SIZE, &data)) != 0) {
        report(false, "GEM_NEW + mmap (GART, launch data): errno %d (%s)", e, strerror(e));
    } else {
        build_launch(&data, &k, fault ? UNMAPPED_VA : data.va + C_AT);
        s = (Push){ .p = push.map, .cap = push.size / 4 };
        push_launch(&s, data.va + QMD_AT);
        uint64_t t0 = now_ms();
        e = submit(ca.channel, &push, s.n, &data);
        report(e == 0, "compute launch through GEM_PUSHBUF (%u registers, %llu bytes of code): "
               "%s (%llu ms)", k.registers, (unsigned long long)k.code_size,
               e ? strerror(e) : "done", (unsigned long long)(now_ms() - t0));
        if (!e) {
            fault ? check_fault(&data) : check_launch(&data);
        }
    }
    free(cubin);

    /* 5. clean up */
    struct drm_nouveau_channel_free cf = { .channel = ca.channel };
    int r = ioctl(fd, NV_IOCTL_W(DRM_NOUVEAU_CHANNEL_FREE, struct drm_nouveau_channel_free), &cf);
    report(r == 0, "CHANNEL_FREE: %s", r ? strerror(errno) : "freed");
    close(fd);
    return failed;
}
