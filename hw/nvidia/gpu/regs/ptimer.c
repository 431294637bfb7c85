/*
 * PTIMER registers: the counter (base/clock.c keeps the clock itself), its
 * interrupt and one alarm on its low 32 bits.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "regs.h"

#define ALARM_HORIZON   (1u << 31)  /* alarms this far behind count as passed */

/* (Re)arms the platform timer for the alarm, or fires it if already due. */
static void ptimer_arm(NvGpu *gpu)
{
    uint32_t delta = gpu->r.ptimer.alarm - (uint32_t)nv_clock_raw(gpu);

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
    nv_clock_set(gpu, 0);         /* a cold counter starts from zero */
    __atomic_store_n(&gpu->r.ptimer.last, 0, __ATOMIC_RELEASE);
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
        nv_clock_set(gpu, (uint64_t)r->ptimer.time_hi_written << 32 | val);
        ptimer_arm(gpu);
        return true;
    case A_PTIMER_ALARM_0:
        r->ptimer.alarm = val;
        ptimer_arm(gpu);
        return true;
    }
    return false;
}
