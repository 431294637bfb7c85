/*
 * bar1-bw: the guest CPU's bandwidth into VRAM through BAR1, as fbcon and
 * every dumb buffer reach the screen (built static by
 * scripts/build-guest.sh, installed as /usr/bin/bar1-bw, run by
 * tests/guest/display.sh).
 *
 * A 4 MiB dumb buffer (VRAM, mapped through BAR1 by nouveau) is written
 * with memcpy ROUNDS times and timed; then read back once and compared, so
 * the figure is of writes that arrived. Prints the check and the figures
 * (MB/s of writes and of reads); the figures are a measurement, not a
 * pass/fail criterion.
 *
 * Usage: bar1-bw [ROUNDS]   (default 32: 128 MiB)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <drm_mode.h>

#include "guest-report.h"

#define W       1024
#define H       1024
#define SIZE    ((size_t)W * H * 4)

/* Every copy happens, in order, between the clock reads: the compiler may
 * neither drop a copy whose result the next one overwrites nor move it. */
#define barrier() __asm__ volatile("" ::: "memory")

static double now(void)
{
    struct timespec t;

    barrier();
    clock_gettime(CLOCK_MONOTONIC, &t);
    barrier();
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 32;
    int fd = open("/dev/dri/card0", O_RDWR);
    struct drm_mode_create_dumb create = { .width = W, .height = H, .bpp = 32 };
    struct drm_mode_map_dumb map = { 0 };
    uint32_t *src = malloc(SIZE), *back = malloc(SIZE);
    double t0, write_s, read_s;
    uint8_t *bo;

    if (fd < 0 || !src || !back || rounds < 1 ||
        ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) ||
        (map.handle = create.handle, ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map))) {
        report(false, "bar1-bw: a dumb buffer to map");
        return 1;
    }
    bo = mmap(NULL, create.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
    if (bo == MAP_FAILED || create.size < SIZE) {
        report(false, "bar1-bw: the dumb buffer is mapped");
        return 1;
    }
    for (size_t i = 0; i < SIZE / 4; i++) {
        src[i] = (uint32_t)(i * 2654435761u);
    }
    memset(back, 0, SIZE);          /* its page faults are not part of the read */
    t0 = now();
    for (int r = 0; r < rounds; r++) {
        src[0] = (uint32_t)r;                   /* each round writes something new */
        memcpy(bo, src, SIZE);
        barrier();
    }
    write_s = now() - t0;
    t0 = now();
    memcpy(back, bo, SIZE);
    read_s = now() - t0;
    report(!memcmp(back, src, SIZE), "CPU writes through BAR1 reach the buffer (%d x 4 MiB: "
           "%.0f MB/s written, %.0f MB/s read back)", rounds,
           rounds * SIZE / write_s / 1e6, SIZE / read_s / 1e6);
    return failed;
}
