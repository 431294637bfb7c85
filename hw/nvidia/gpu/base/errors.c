/*
 * Guest errors: what the guest did that the hardware would flag, reported
 * to the platform (QEMU logs LOG_GUEST_ERROR and fires a trace event).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>

#include "base.h"

void nv_guest_error(NvGpu *gpu, const char *fmt, ...)
{
    char msg[256];
    va_list ap;

    if (!gpu->plat.guest_error) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    gpu->plat.guest_error(gpu->plat.opaque, msg);
}
