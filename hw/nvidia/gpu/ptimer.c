/*
 * PTIMER: a 64-bit nanosecond counter (also mirrored at usermode TIME_0/1)
 * and one alarm on its low 32 bits.
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
#include "units.h"

#define ALARM_HORIZON   (1u << 31)  /* alarms this far behind count as passed */

static uint64_t raw_now(NvGpu *gpu)
{
    return gpu->plat.time_ns(gpu->plat.opaque) +
           __atomic_load_n(&gpu->r.ptimer.offset, __ATOMIC_ACQUIRE);
}

/* Current time for a guest read: strictly increasing, from any thread. */
uint64_t nv_ptimer_now(NvGpu *gpu)
{
    uint64_t t = raw_now(gpu);
    uint64_t last = __atomic_load_n(&gpu->r.ptimer.last, __ATOMIC_ACQUIRE);
    uint64_t next;

    do {
        next = t > last ? t : last + 1;
    } while (!__atomic_compare_exchange_n(&gpu->r.ptimer.last, &last, next, false,
                                          __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    return next;
}

/* Sets the counter to t: the guest writes TIME_1 first, then TIME_0. */
static void ptimer_set(NvGpu *gpu, uint64_t t)
{
    __atomic_store_n(&gpu->r.ptimer.offset, t - gpu->plat.time_ns(gpu->plat.opaque),
                     __ATOMIC_RELEASE);
    __atomic_store_n(&gpu->r.ptimer.last, t - 1, __ATOMIC_RELEASE);
}

/* (Re)arms the platform timer for the alarm, or fires it if already due. */
static void ptimer_arm(NvGpu *gpu)
{
    uint32_t delta = gpu->r.ptimer.alarm - (uint32_t)raw_now(gpu);

    if (delta == 0 || delta >= ALARM_HORIZON) {
        nv_ptimer_alarm_fire(gpu);
    } else if (gpu->plat.timer_arm) {
        gpu->plat.timer_arm(gpu->plat.opaque, gpu->plat.time_ns(gpu->plat.opaque) + delta);
    }
}

void nv_ptimer_alarm_fire(NvGpu *gpu)
{
    gpu->r.ptimer.intr |= R_PTIMER_INTR_0_ALARM_MASK;
}

void nv_ptimer_reset(NvGpu *gpu)
{
    if (gpu->plat.timer_cancel) {
        gpu->plat.timer_cancel(gpu->plat.opaque);
    }
    ptimer_set(gpu, 0);         /* a cold counter starts from zero */
    __atomic_store_n(&gpu->r.ptimer.last, 0, __ATOMIC_RELEASE);
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

bool nv_ptimer_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    switch (addr) {
    case A_PTIMER_INTR_0:
        *val = gpu->r.ptimer.intr;
        return true;
    case A_PTIMER_INTR_EN_0:
        *val = gpu->r.ptimer.intr_en;
        return true;
    case A_PTIMER_TIME_0:
    case A_PTIMER_TIME_1:
        *val = nv_ptimer_read_time(gpu, addr == A_PTIMER_TIME_1);
        return true;
    case A_PTIMER_ALARM_0:
        *val = gpu->r.ptimer.alarm;
        return true;
    }
    return false;
}

bool nv_ptimer_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    NvRegs *r = &gpu->r;

    switch (addr) {
    case A_PTIMER_INTR_0:
        r->ptimer.intr &= ~val;
        return true;
    case A_PTIMER_INTR_EN_0:
        r->ptimer.intr_en = val & R_PTIMER_INTR_0_ALARM_MASK;
        return true;
    case A_PTIMER_TIME_1:
        r->ptimer.time_hi_written = val;
        return true;
    case A_PTIMER_TIME_0:
        ptimer_set(gpu, (uint64_t)r->ptimer.time_hi_written << 32 | val);
        ptimer_arm(gpu);
        return true;
    case A_PTIMER_ALARM_0:
        r->ptimer.alarm = val;
        ptimer_arm(gpu);
        return true;
    }
    return false;
}
