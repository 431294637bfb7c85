/*
 * Shared by the in-guest test programs (the C files beside it): the clock and the
 * bounded wait for the GPU to be done with a buffer.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_GUEST_GUEST_DRM_H
#define TESTS_GUEST_GUEST_DRM_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <nouveau_drm.h>

static inline uint64_t now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* CPU_PREP polled (never a blocking wait) for at most timeout_ms; 0 or an errno. */
static inline int guest_cpu_prep(int fd, uint32_t handle, bool write, unsigned timeout_ms)
{
    uint64_t deadline = now_ms() + timeout_ms;

    for (;;) {
        struct drm_nouveau_gem_cpu_prep p = {
            .handle = handle,
            .flags = NOUVEAU_GEM_CPU_PREP_NOWAIT | (write ? NOUVEAU_GEM_CPU_PREP_WRITE : 0),
        };
        if (ioctl(fd, DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_CPU_PREP,
                              struct drm_nouveau_gem_cpu_prep), &p) == 0) {
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

#endif
