/*
 * Guest errors: what the guest did that the hardware would flag, counted
 * per kind of the catalogue (nv-errors.h) and reported to the platform
 * (QEMU logs LOG_GUEST_ERROR and fires the kind's trace event).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>

#include "base.h"

static const struct {
    const char *name, *what;
} catalogue[NV_ERR_COUNT] = {
#define NV_ERR_ROW(kind, name, what) [NV_ERR_##kind] = { #name, what },
    NV_GUEST_ERRORS(NV_ERR_ROW)
#undef NV_ERR_ROW
};

const char *nvgpu_guest_error_name(unsigned kind)
{
    return kind < NV_ERR_COUNT ? catalogue[kind].name : NULL;
}

const char *nvgpu_guest_error_what(unsigned kind)
{
    return kind < NV_ERR_COUNT ? catalogue[kind].what : NULL;
}

uint64_t nvgpu_guest_error_count(const NvGpu *gpu, unsigned kind)
{
    return kind < NV_ERR_COUNT ? __atomic_load_n(&gpu->err_count[kind], __ATOMIC_RELAXED) : 0;
}

void nv_guest_err(NvGpu *gpu, NvGuestErrorKind kind, const char *fmt, ...)
{
    char msg[256];
    va_list ap;

    __atomic_fetch_add(&gpu->err_count[kind], 1, __ATOMIC_RELAXED);
    if (!gpu->plat.guest_error) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    gpu->plat.guest_error(gpu->plat.opaque, kind, msg);
}
