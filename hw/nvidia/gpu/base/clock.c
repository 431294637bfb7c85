/*
 * The GPU clock: PTIMER's 64-bit nanosecond counter (also mirrored at
 * usermode TIME_0/1), the platform's time plus the offset the driver set.
 *
 * nouveau measures every timeout with this counter and gives up when 16
 * reads in a row return the same value, so every read returns a value
 * strictly greater than the previous one, even when the platform clock
 * stands still (qtest, a stopped VM).
 *
 * The counter is read from MMIO without the front end's device lock (the
 * guest polls it, DESIGN.md) and by the host for semaphore timestamps, so
 * offset and last are atomics and "strictly increasing" is a CAS loop.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "base.h"

uint64_t nv_clock_raw(NvGpu *gpu)
{
    return gpu->plat.time_ns(gpu->plat.opaque) +
           __atomic_load_n(&gpu->r.ptimer.offset, __ATOMIC_ACQUIRE);
}

/* Current time for a guest read: strictly increasing, from any thread. */
uint64_t nv_ptimer_now(NvGpu *gpu)
{
    uint64_t t = nv_clock_raw(gpu);
    uint64_t last = __atomic_load_n(&gpu->r.ptimer.last, __ATOMIC_ACQUIRE);
    uint64_t next;

    do {
        next = t > last ? t : last + 1;
    } while (!__atomic_compare_exchange_n(&gpu->r.ptimer.last, &last, next, false,
                                          __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    return next;
}

void nv_clock_set(NvGpu *gpu, uint64_t t)
{
    __atomic_store_n(&gpu->r.ptimer.offset, t - gpu->plat.time_ns(gpu->plat.opaque),
                     __ATOMIC_RELEASE);
    __atomic_store_n(&gpu->r.ptimer.last, t - 1, __ATOMIC_RELEASE);
}

/* TIME_0/TIME_1 reads; shared with the usermode mirror. */
uint32_t nv_ptimer_read_time(NvGpu *gpu, bool high)
{
    uint64_t t = nv_ptimer_now(gpu);

    return high ? (uint32_t)(t >> 32) : (uint32_t)t;
}

bool nvgpu_bar0_read_time(NvGpu *gpu, uint32_t offset, unsigned size, uint32_t *val)
{
    if (size != 4 || (offset != A_PTIMER_TIME_0 && offset != A_PTIMER_TIME_1 &&
                      offset != A_USERMODE_TIME_0 && offset != A_USERMODE_TIME_1)) {
        return false;
    }
    *val = nv_ptimer_read_time(gpu, offset == A_PTIMER_TIME_1 || offset == A_USERMODE_TIME_1);
    return true;
}
