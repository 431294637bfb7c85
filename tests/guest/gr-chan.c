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
 *  4. the channel freed again.
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
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <nouveau_drm.h>

#include "hw/nvidia/nv-host.h"
#include "hw/nvidia/cl-a140.h"

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

static const uint32_t gr_classes[] = { 0xa140, 0xc5c0, 0xc597, 0x902d };

static int fd = -1;
static int failed;

static void report(bool ok, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fputs(ok ? "PASS: " : "FAIL: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    fflush(stdout);
    failed |= !ok;
}

static uint32_t pattern(uint32_t i)
{
    uint32_t x = i * 0x9e3779b1u + 0x7f4a7c15u;
    x ^= x >> 15;
    return x * 0x2c1b3c6du;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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

/* Waits (bounded) until the GPU is done with a buffer; 0 or an errno. */
static int cpu_prep(uint32_t handle)
{
    uint64_t deadline = now_ms() + PREP_TIMEOUT_MS;

    for (;;) {
        struct drm_nouveau_gem_cpu_prep p = { .handle = handle,
                                              .flags = NOUVEAU_GEM_CPU_PREP_NOWAIT };
        if (ioctl(fd, NV_IOCTL_W(DRM_NOUVEAU_GEM_CPU_PREP, struct drm_nouveau_gem_cpu_prep),
                  &p) == 0) {
            return 0;
        }
        if (errno != EBUSY && errno != EINTR && errno != EAGAIN) {
            return errno;
        }
        if (now_ms() > deadline) {
            return ETIMEDOUT;
        }
        usleep(1000);
    }
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

    mthd(s, NV_PB_SEC_INC_METHOD, I2M_SUBCH, NV_C46F_SET_OBJECT, 1);
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
    mthd(s, NV_PB_SEC_INC_METHOD, 0, NV_C46F_SEMAPHOREA, 4);
    emit(s, (uint32_t)(sem >> 32));
    emit(s, (uint32_t)sem);
    emit(s, SEM_PAYLOAD);
    emit(s, NV_FDP32(NV_FDP32(0, C46F_SEMAPHORED, OPERATION, NV_SEMD_OP_RELEASE),
                     C46F_SEMAPHORED, RELEASE_SIZE_4BYTE, 1));
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
    return cpu_prep(dst->handle);
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

int main(void)
{
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

    /* 4. clean up */
    struct drm_nouveau_channel_free cf = { .channel = ca.channel };
    int r = ioctl(fd, NV_IOCTL_W(DRM_NOUVEAU_CHANNEL_FREE, struct drm_nouveau_channel_free), &cf);
    report(r == 0, "CHANNEL_FREE: %s", r ? strerror(errno) : "freed");
    close(fd);
    return failed;
}
