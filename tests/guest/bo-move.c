/*
 * bo-move: in-guest test that buffer moves through the copy engine keep data
 * intact (built static by scripts/build-guest.sh, installed as /usr/bin/bo-move,
 * run by tests/guest/accel.sh).
 *
 * Raw nouveau GEM ioctls (the legacy "abi16" path, no libdrm):
 *  1. a channel on the copy-engine runlist (CHANNEL_ALLOC, fb_ctxdma_handle ~0,
 *     tt_ctxdma_handle NOUVEAU_FIFO_ENGINE_CE). Linux 6.12 gives userspace
 *     channels only while nouveau has a GR channel of its own, so this also
 *     checks that the GR engine is listed and its runlist works;
 *  2. data buffers of 4 KiB..4 MiB, created VRAM|GART (on nv50+ a buffer may
 *     only ever live in the domains it was created with), so they start in
 *     VRAM; each is filled through its CPU mapping with a hash of (buffer,
 *     word offset) and read back;
 *  3a. VRAM->GART by eviction: VRAM-only "filler" buffers fill VRAM
 *     until TTM evicts the data buffers to GART, which nouveau does with its
 *     own copy-engine channel; the fillers are freed again;
 *  3b. rounds of GEM_PUSHBUF on our channel, with a pushbuffer of NOP dwords
 *     whose buffer list asks for every data buffer in the other domain:
 *     validation moves them (GART->VRAM, then VRAM->GART, ...);
 *  4. after each step: CPU_PREP (bounded), GEM_INFO (did it move?), and every
 *     byte compared against its pattern.
 * One PASS:/FAIL: line per check, NOTE: lines for what could not be tested,
 * and a last line "bo-move: N moves requested ..." (accel.sh compares N with
 * the copy-engine copies it traced). Exit status 1 if a check failed, 2 on
 * usage. With "MM: using COPY" nouveau makes every move a copy-engine copy,
 * unless that fails and TTM silently falls back to a CPU copy.
 *
 * Usage: bo-move [-r ROUNDS] [-d DEVICE] [-b SUBMITS]   (ROUNDS of 3b,
 * default 2, so that each buffer goes GART->VRAM and back; -b: the guest
 * benchmark's figures too ("FIGURE:" lines: each round's copy bandwidth,
 * and SUBMITS no-op GEM_PUSHBUFs waited for one by one)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* The DRM and nouveau uAPI from Debian's libdrm-dev (-I/usr/include/libdrm). */
#include <drm.h>
#include <nouveau_drm.h>

#include "guest-drm.h"

/* Values newer than libdrm's copy of nouveau_drm.h (stable kernel uAPI). */
#ifndef NOUVEAU_FIFO_ENGINE_CE
#define NOUVEAU_FIFO_ENGINE_CE          0x30    /* CHANNEL_ALLOC: copy-engine runlist */
#endif
#ifndef NOUVEAU_GETPARAM_VRAM_USED
#define NOUVEAU_GETPARAM_VRAM_USED      19
#endif

/* The nouveau ioctls: libdrm gives the command numbers, drm.h the encoding. */
#define NV_IOCTL(cmd, type) DRM_IOWR(DRM_COMMAND_BASE + (cmd), type)
#define DRM_IOCTL_NOUVEAU_GETPARAM      NV_IOCTL(DRM_NOUVEAU_GETPARAM, struct drm_nouveau_getparam)
#define DRM_IOCTL_NOUVEAU_CHANNEL_ALLOC \
    NV_IOCTL(DRM_NOUVEAU_CHANNEL_ALLOC, struct drm_nouveau_channel_alloc)
#define DRM_IOCTL_NOUVEAU_CHANNEL_FREE \
    DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_CHANNEL_FREE, struct drm_nouveau_channel_free)
#define DRM_IOCTL_NOUVEAU_GEM_NEW       NV_IOCTL(DRM_NOUVEAU_GEM_NEW, struct drm_nouveau_gem_new)
#define DRM_IOCTL_NOUVEAU_GEM_PUSHBUF \
    NV_IOCTL(DRM_NOUVEAU_GEM_PUSHBUF, struct drm_nouveau_gem_pushbuf)
#define DRM_IOCTL_NOUVEAU_GEM_CPU_PREP \
    DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_CPU_PREP, struct drm_nouveau_gem_cpu_prep)
#define DRM_IOCTL_NOUVEAU_GEM_CPU_FINI \
    DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_CPU_FINI, struct drm_nouveau_gem_cpu_fini)
#define DRM_IOCTL_NOUVEAU_GEM_INFO      NV_IOCTL(DRM_NOUVEAU_GEM_INFO, struct drm_nouveau_gem_info)

#define VG      (NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART)
#define NBUF    8
#define PREP_TIMEOUT_MS 20000   /* per buffer; the kernel's own wait is 30 s */
#define PUSH_NOPS 4             /* zero dwords: NOPs for the GPU */
#define MAX(a, b) ((a) > (b) ? (a) : (b))

struct buf {
    uint32_t handle;
    uint64_t size;
    uint64_t map_handle;
    uint32_t *map;
    uint32_t domain;            /* where GEM_INFO last said it is */
};

static const uint64_t sizes[NBUF] = {
    4096, 4096, 65536, 65536, 1 << 20, 1 << 20, 4 << 20, 4 << 20,
};

static int fd = -1;
static int failed;

static void pass(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void pass(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("PASS: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    fflush(stdout);
}

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("FAIL: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    fflush(stdout);
    failed = 1;
}

/* ioctl, restarted on EINTR/EAGAIN a bounded number of times */
static int xioctl(unsigned long req, void *arg)
{
    for (int tries = 0; tries < 1000; tries++) {
        int r = ioctl(fd, req, arg);
        if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
            return r;
        }
    }
    return -1;
}

static const char *dom_name(uint32_t d)
{
    switch (d) {
    case NOUVEAU_GEM_DOMAIN_VRAM: return "VRAM";
    case NOUVEAU_GEM_DOMAIN_GART: return "GART";
    default: return "?";
    }
}

static uint32_t other(uint32_t d)
{
    return d == NOUVEAU_GEM_DOMAIN_VRAM ? NOUVEAU_GEM_DOMAIN_GART
                                        : NOUVEAU_GEM_DOMAIN_VRAM;
}

/* the pattern: a hash of buffer index and word offset (never all-zero) */
static uint32_t pattern(unsigned b, uint64_t word)
{
    uint32_t x = (uint32_t)word * 0x9e3779b1u ^ (b + 1) * 0x85ebca77u;
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* wait (bounded) until the GPU is done with a buffer; 0 or an errno */
static int cpu_prep(uint32_t handle, int write)
{
    return guest_cpu_prep(fd, handle, write, PREP_TIMEOUT_MS);
}

static void cpu_fini(uint32_t handle)
{
    struct drm_nouveau_gem_cpu_fini f = { .handle = handle };
    xioctl(DRM_IOCTL_NOUVEAU_GEM_CPU_FINI, &f);
}

static int gem_new(uint64_t size, uint32_t domain, struct buf *b)
{
    struct drm_nouveau_gem_new n;
    memset(&n, 0, sizeof(n));
    n.info.size = size;
    n.info.domain = domain;
    n.align = 0;
    if (xioctl(DRM_IOCTL_NOUVEAU_GEM_NEW, &n)) {
        return errno;
    }
    b->handle = n.info.handle;
    b->size = n.info.size;
    b->map_handle = n.info.map_handle;
    b->domain = n.info.domain;
    b->map = NULL;
    return 0;
}

static int getparam(uint64_t param, uint64_t *value)
{
    struct drm_nouveau_getparam g = { .param = param };
    if (xioctl(DRM_IOCTL_NOUVEAU_GETPARAM, &g)) {
        return -1;
    }
    *value = g.value;
    return 0;
}

static int gem_info(struct buf *b, struct drm_nouveau_gem_info *i)
{
    memset(i, 0, sizeof(*i));
    i->handle = b->handle;
    return xioctl(DRM_IOCTL_NOUVEAU_GEM_INFO, i) ? errno : 0;
}

/* (re)map a buffer if needed; 0 or an errno */
static int map_buf(struct buf *b, uint64_t map_handle)
{
    if (b->map && b->map_handle == map_handle) {
        return 0;
    }
    if (b->map) {
        munmap(b->map, b->size);
        b->map = NULL;
    }
    void *p = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                   (off_t)map_handle);
    if (p == MAP_FAILED) {
        return errno;
    }
    b->map = p;
    b->map_handle = map_handle;
    return 0;
}

/*
 * Submit the NOP pushbuffer with every data buffer wanted in want[i];
 * 0 or an errno (with *step naming what failed).
 */
static int submit(int chan, struct buf *push, struct buf *bufs,
                  const uint32_t *want, const char **step)
{
    struct drm_nouveau_gem_pushbuf_bo bo[NBUF + 1];
    struct drm_nouveau_gem_pushbuf_push pp;
    struct drm_nouveau_gem_pushbuf req;

    memset(bo, 0, sizeof(bo));
    bo[0].handle = push->handle;
    bo[0].read_domains = NOUVEAU_GEM_DOMAIN_GART;
    bo[0].valid_domains = NOUVEAU_GEM_DOMAIN_GART;
    for (int i = 0; i < NBUF; i++) {
        bo[i + 1].handle = bufs[i].handle;
        bo[i + 1].read_domains = want[i];
        bo[i + 1].write_domains = want[i];
        bo[i + 1].valid_domains = want[i];
    }
    memset(&pp, 0, sizeof(pp));
    pp.bo_index = 0;
    pp.offset = 0;
    pp.length = PUSH_NOPS * 4;
    memset(&req, 0, sizeof(req));
    req.channel = chan;
    req.nr_buffers = NBUF + 1;
    req.buffers = (uintptr_t)bo;
    req.nr_push = 1;
    req.push = (uintptr_t)&pp;
    *step = "GEM_PUSHBUF";
    if (xioctl(DRM_IOCTL_NOUVEAU_GEM_PUSHBUF, &req)) {
        return errno;
    }
    *step = "CPU_PREP(pushbuffer)";
    int e = cpu_prep(push->handle, 0);
    if (e) {
        return e;
    }
    for (int i = 0; i < NBUF; i++) {
        *step = "CPU_PREP(data buffer)";
        e = cpu_prep(bufs[i].handle, 1);
        if (e) {
            return e;
        }
    }
    return 0;
}

/* GEM_INFO for every buffer; how many are not where want[] says */
static int check_domains(struct buf *bufs, const uint32_t *want, char *line,
                         size_t len)
{
    int wrong = 0;
    size_t n = 0;
    line[0] = 0;
    for (int i = 0; i < NBUF; i++) {
        struct drm_nouveau_gem_info info;
        int e = gem_info(&bufs[i], &info);
        uint32_t was = bufs[i].domain;
        if (e) {
            n += snprintf(line + n, len - n, " %d:GEM_INFO errno %d", i, e);
            wrong++;
            continue;
        }
        bufs[i].domain = info.domain;
        if (n < len) {
            n += snprintf(line + n, len - n, " %d:%s>%s", i, dom_name(was),
                          dom_name(info.domain));
        }
        if (info.domain != want[i]) {
            wrong++;
        }
        /* the CPU mapping's offset should not change; follow it if it does */
        if (info.map_handle != bufs[i].map_handle && bufs[i].map) {
            printf("NOTE: buffer %d map offset changed 0x%llx -> 0x%llx\n", i,
                   (unsigned long long)bufs[i].map_handle,
                   (unsigned long long)info.map_handle);
            e = map_buf(&bufs[i], info.map_handle);
            if (e) {
                n += snprintf(line + n, len - n, " %d:mmap errno %d", i, e);
                wrong++;
            }
        }
        if (n >= len) {
            n = len - 1;
        }
    }
    return wrong;
}

/* compare every byte of every buffer with its pattern; 0 if all intact */
static int verify(struct buf *bufs, const char *what)
{
    int bad_bufs = 0;
    uint64_t total = 0;
    for (int i = 0; i < NBUF; i++) {
        const uint32_t *p = bufs[i].map;
        uint64_t words = bufs[i].size / 4, bad = 0, first = 0;
        uint32_t exp0 = 0, got0 = 0;
        for (uint64_t w = 0; w < words; w++) {
            uint32_t got = p[w], exp = pattern(i, w);
            if (got != exp) {
                if (!bad++) {
                    first = w;
                    exp0 = exp;
                    got0 = got;
                }
            }
        }
        total += bufs[i].size;
        if (bad) {
            /* the first differing byte inside the first differing word */
            unsigned byte = 0;
            while (byte < 3 && ((exp0 ^ got0) >> (8 * byte) & 0xff) == 0) {
                byte++;
            }
            fail("%s: buffer %d (%llu KiB, %s): %llu of %llu words differ, "
                 "first at byte 0x%llx (word: expected 0x%08x, got 0x%08x)",
                 what, i, (unsigned long long)bufs[i].size >> 10,
                 dom_name(bufs[i].domain), (unsigned long long)bad,
                 (unsigned long long)words,
                 (unsigned long long)(first * 4 + byte), exp0, got0);
            bad_bufs++;
        }
    }
    if (!bad_bufs) {
        pass("%s: all %d buffers intact (%llu bytes compared)", what, NBUF,
             (unsigned long long)total);
    }
    return bad_bufs;
}

/*
 * Move every data buffer VRAM->GART without a channel of our own: fill VRAM
 * with VRAM-only "filler" buffers until TTM evicts the (older, hence first on
 * its LRU) data buffers to GART, which nouveau does with its copy-engine
 * channel. Big fillers while there is room, then 1 MiB ones, so that only the
 * data buffers are evicted. Returns the number of failed checks.
 */
#define MAXFILL 4096
static int evict_round(struct buf *bufs, int *moves)
{
    static uint32_t fill[MAXFILL];
    uint32_t want[NBUF];
    uint64_t fb = 0, used = 0, filled = 0, data = 0;
    int nf = 0, have_used, ingart = 0, bad = 0, e = 0;
    char line[512];

    for (int i = 0; i < NBUF; i++) {
        want[i] = NOUVEAU_GEM_DOMAIN_GART;
        data += bufs[i].size;
    }
    if (getparam(NOUVEAU_GETPARAM_FB_SIZE, &fb) || !fb) {
        fail("eviction: GETPARAM FB_SIZE: errno %d (%s)", errno,
             strerror(errno));
        return 1;
    }
    have_used = getparam(NOUVEAU_GETPARAM_VRAM_USED, &used) == 0;
    uint64_t t0 = now_ms();
    while (nf < MAXFILL && ingart < NBUF) {
        uint64_t sz = 1 << 20;
        if (have_used) {
            getparam(NOUVEAU_GETPARAM_VRAM_USED, &used);
        } else {
            used = filled + data;   /* an estimate: the kernel's own is small */
        }
        if (fb > used && fb - used >= (80ull << 20)) {
            sz = 64ull << 20;
        }
        struct buf f;
        e = gem_new(sz, NOUVEAU_GEM_DOMAIN_VRAM, &f);
        if (e) {
            fail("eviction: GEM_NEW of a %llu MiB VRAM filler (after %llu MiB):"
                 " errno %d (%s)", (unsigned long long)sz >> 20,
                 (unsigned long long)filled >> 20, e, strerror(e));
            bad = 1;
            break;
        }
        fill[nf++] = f.handle;
        filled += sz;
        ingart = 0;
        for (int i = 0; i < NBUF; i++) {
            struct drm_nouveau_gem_info info;
            if (gem_info(&bufs[i], &info) == 0 &&
                info.domain == NOUVEAU_GEM_DOMAIN_GART) {
                ingart++;
            }
        }
    }
    uint64_t t1 = now_ms();
    for (int i = 0; i < nf; i++) {
        struct drm_gem_close c = { .handle = fill[i] };
        xioctl(DRM_IOCTL_GEM_CLOSE, &c);
    }
    for (int i = 0; i < NBUF; i++) {
        e = cpu_prep(bufs[i].handle, 1);
        if (e) {
            fail("eviction: CPU_PREP buffer %d: errno %d (%s)", i, e,
                 strerror(e));
            return 1;
        }
        *moves += bufs[i].domain == NOUVEAU_GEM_DOMAIN_VRAM;
    }
    int wrong = check_domains(bufs, want, line, sizeof(line));
    if (wrong || bad) {
        fail("eviction moved every buffer VRAM->GART: %d did not move "
             "(%d fillers, %llu of %llu MiB VRAM):%s", wrong, nf,
             (unsigned long long)filled >> 20, (unsigned long long)fb >> 20,
             line);
        bad = 1;
    } else {
        pass("eviction moved every buffer VRAM->GART (%d VRAM fillers, "
             "%llu of %llu MiB, %llu ms):%s", nf,
             (unsigned long long)filled >> 20, (unsigned long long)fb >> 20,
             (unsigned long long)(t1 - t0), line);
    }
    return bad + verify(bufs, "data intact after eviction VRAM->GART");
}

static void usage(void)
{
    fprintf(stderr, "usage: bo-move [-r ROUNDS] [-d DEVICE] [-b SUBMITS]\n");
    exit(2);
}

/* -b: no-op GEM_PUSHBUFs (the NOP pushbuffer alone), each waited for; submissions/s */
static void bench_submits(int chan, struct buf *push, int n)
{
    struct drm_nouveau_gem_pushbuf_bo bo = {
        .handle = push->handle, .read_domains = NOUVEAU_GEM_DOMAIN_GART,
        .valid_domains = NOUVEAU_GEM_DOMAIN_GART };
    struct drm_nouveau_gem_pushbuf_push pp = { .bo_index = 0, .length = PUSH_NOPS * 4 };
    struct drm_nouveau_gem_pushbuf req = {
        .channel = chan, .nr_buffers = 1, .buffers = (uintptr_t)&bo, .nr_push = 1,
        .push = (uintptr_t)&pp };
    uint64_t t0 = now_ms();

    for (int i = 0; i < n; i++) {
        if (xioctl(DRM_IOCTL_NOUVEAU_GEM_PUSHBUF, &req) || cpu_prep(push->handle, 0)) {
            fail("benchmark GEM_PUSHBUF %d: errno %d (%s)", i, errno, strerror(errno));
            return;
        }
    }
    printf("FIGURE: GEM_PUSHBUF of %d NOPs, waited for: %.0f per second (%d submissions)\n",
           PUSH_NOPS, n * 1000.0 / (double)MAX(now_ms() - t0, 1), n);
}

int main(int argc, char **argv)
{
    const char *dev = NULL;
    int rounds = 2, opt, moves = 0, bench = 0;
    uint64_t start = now_ms();
    while ((opt = getopt(argc, argv, "r:d:b:h")) != -1) {
        switch (opt) {
        case 'b':
            bench = atoi(optarg);
            if (bench < 1 || bench > 100000) {
                usage();
            }
            break;
        case 'r':
            rounds = atoi(optarg);
            if (rounds < 1 || rounds > 100) {
                usage();
            }
            break;
        case 'd':
            dev = optarg;
            break;
        default:
            usage();
        }
    }
    setvbuf(stdout, NULL, _IOLBF, 0);

    const char *devs[] = { "/dev/dri/renderD128", "/dev/dri/card0" };
    for (unsigned i = 0; i < 2 && fd < 0; i++) {
        if (dev && i) {
            break;
        }
        fd = open(dev ? dev : devs[i], O_RDWR | O_CLOEXEC);
    }
    if (fd < 0) {
        fail("open %s: errno %d (%s)", dev ? dev : devs[0], errno,
             strerror(errno));
        return 1;
    }

    /* 1. a channel on the copy-engine runlist */
    struct drm_nouveau_channel_alloc ca;
    int chan = -1;
    memset(&ca, 0, sizeof(ca));
    ca.fb_ctxdma_handle = ~0u;
    ca.tt_ctxdma_handle = NOUVEAU_FIFO_ENGINE_CE;
    if (xioctl(DRM_IOCTL_NOUVEAU_CHANNEL_ALLOC, &ca) == 0) {
        chan = ca.channel;
        pass("CHANNEL_ALLOC on the copy-engine runlist: channel %d, pushbuf "
             "domains 0x%x", chan, ca.pushbuf_domains);
    } else {
        fail("CHANNEL_ALLOC (copy engine): errno %d (%s)", errno,
             strerror(errno));
        return 1;
    }

    /* 2. the NOP pushbuffer and the data buffers */
    struct buf push = { 0 }, bufs[NBUF];
    uint32_t want[NBUF];
    const char *step = "";
    int e = gem_new(4096, NOUVEAU_GEM_DOMAIN_GART, &push);
    if (!e) {
        step = "mmap(pushbuffer)";
        e = map_buf(&push, push.map_handle);
    }
    if (e) {
        fail("pushbuffer (4 KiB GART): %s: errno %d (%s)",
             *step ? step : "GEM_NEW", e, strerror(e));
        return 1;
    }
    memset(push.map, 0, push.size);     /* zero dwords: NOPs */

    uint64_t total = 0;
    for (int i = 0; i < NBUF; i++) {
        e = gem_new(sizes[i], VG, &bufs[i]);
        step = "GEM_NEW";
        if (!e) {
            step = "mmap";
            e = map_buf(&bufs[i], bufs[i].map_handle);
        }
        if (e) {
            fail("buffer %d (%llu KiB, VRAM|GART): %s: errno %d (%s)", i,
                 (unsigned long long)sizes[i] >> 10, step, e, strerror(e));
            return 1;
        }
        total += bufs[i].size;
        want[i] = NOUVEAU_GEM_DOMAIN_VRAM;
    }
    char line[512];
    int wrong = check_domains(bufs, want, line, sizeof(line));
    if (wrong) {
        fail("GEM_NEW: %d buffers, VRAM|GART, %llu KiB: %d not in VRAM:%s",
             NBUF, (unsigned long long)total >> 10, wrong, line);
        return 1;
    }
    pass("GEM_NEW + mmap: %d buffers of 4 KiB..4 MiB (%llu KiB), created "
         "VRAM|GART, all in VRAM", NBUF, (unsigned long long)total >> 10);

    /* fill through the CPU mappings, then read back before any move */
    for (int i = 0; i < NBUF; i++) {
        e = cpu_prep(bufs[i].handle, 1);
        if (e) {
            fail("CPU_PREP before fill, buffer %d: errno %d (%s)", i, e,
                 strerror(e));
            return 1;
        }
        for (uint64_t w = 0; w < bufs[i].size / 4; w++) {
            bufs[i].map[w] = pattern(i, w);
        }
        cpu_fini(bufs[i].handle);
    }
    if (verify(bufs, "data written through the VRAM mappings reads back")) {
        return 1;
    }

    /* 3a. VRAM->GART by eviction (nouveau's own copy-engine channel) */
    evict_round(bufs, &moves);

    /* 3b. rounds of every buffer to the other domain, through our channel */
    for (int r = 1; r <= rounds; r++) {
        char what[64];
        uint64_t t0 = now_ms();
        for (int i = 0; i < NBUF; i++) {
            want[i] = other(bufs[i].domain);
        }
        moves += NBUF;
        e = submit(chan, &push, bufs, want, &step);
        if (e) {
            fail("round %d: %s: errno %d (%s)", r, step, e, strerror(e));
            break;
        }
        uint64_t t1 = now_ms();
        wrong = check_domains(bufs, want, line, sizeof(line));
        if (wrong) {
            fail("round %d: moves happened: %d buffers did not move:%s", r,
                 wrong, line);
        } else {
            pass("round %d: moves happened (%llu ms):%s", r,
                 (unsigned long long)(t1 - t0), line);
        }
        if (bench) {
            printf("FIGURE: buffer moves by the copy engine, round %d (%llu KiB each way "
                   "between GART and VRAM): %.1f MB/s\n", r, (unsigned long long)total >> 10,
                   total / 1e3 / (double)MAX(t1 - t0, 1));
        }
        snprintf(what, sizeof(what), "round %d data intact", r);
        verify(bufs, what);
    }

    if (bench) {
        bench_submits(chan, &push, bench);
    }

    /* clean up: everything must go away without complaint */
    for (int i = 0; i < NBUF; i++) {
        struct drm_gem_close c = { .handle = bufs[i].handle };
        munmap(bufs[i].map, bufs[i].size);
        xioctl(DRM_IOCTL_GEM_CLOSE, &c);
    }
    struct drm_gem_close c = { .handle = push.handle };
    munmap(push.map, push.size);
    xioctl(DRM_IOCTL_GEM_CLOSE, &c);
    struct drm_nouveau_channel_free cf = { .channel = chan };
    if (xioctl(DRM_IOCTL_NOUVEAU_CHANNEL_FREE, &cf)) {
        fail("CHANNEL_FREE %d: errno %d (%s)", chan, errno, strerror(errno));
    }
    close(fd);
    printf("bo-move: %d moves requested (%d rounds through the channel), %llu ms\n",
           moves, rounds, (unsigned long long)(now_ms() - start));
    return failed;
}
