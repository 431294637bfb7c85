/*
 * PMC: identification, engine enables and the root of the interrupt tree,
 * which gathers the lines of every room's units; and the line itself.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "units.h"

/* BOOT_42 carries BOOT_0's architecture, implementation and revision in other fields. */
static uint32_t boot42(const NvGpu *gpu)
{
    uint32_t b0 = gpu->chip.boot0, v = 0;

    v = NV_FDP32(v, PMC_BOOT_42, ARCHITECTURE, NV_FEX32(b0, PMC_BOOT_0, ARCHITECTURE));
    v = NV_FDP32(v, PMC_BOOT_42, IMPLEMENTATION, NV_FEX32(b0, PMC_BOOT_0, IMPLEMENTATION));
    v = NV_FDP32(v, PMC_BOOT_42, MAJOR_REV, NV_FEX32(b0, PMC_BOOT_0, MAJOR_REV));
    v = NV_FDP32(v, PMC_BOOT_42, MINOR_REV, NV_FEX32(b0, PMC_BOOT_0, MINOR_REV));
    return v;
}

/* Interrupt lines of the units, as seen in PMC_INTR(tree). */
uint32_t nv_pmc_intr(NvGpu *gpu, unsigned tree)
{
    const NvRegs *r = &gpu->r;
    uint32_t v = 0;

    if (tree != 0) {
        return 0;               /* nothing reports on the non-stalling tree yet */
    }
    if (r->ptimer.intr & r->ptimer.intr_en) {
        v |= NV_PMC_INTR_TIMER;
    }
    if (r->pbus.intr & r->pbus.intr_en) {
        v |= NV_PMC_INTR_BUS;
    }
    if (nv_pfifo_intr(gpu) & r->fifo.intr_en) {
        v |= NV_PMC_INTR_FIFO;
    }
    return v | nv_ce_intr_lines(gpu) | nv_falcon_intr_lines(gpu) | nv_gr_intr_lines(gpu) |
           nv_disp_intr_lines(gpu);
}

bool nv_pmc_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    switch (addr) {
    case A_PMC_BOOT_0:
        *val = gpu->chip.boot0;
        return true;
    case A_PMC_BOOT_1:
        *val = 0;               /* little endian, not a vGPU */
        return true;
    case A_PMC_BOOT_42:
        *val = boot42(gpu);
        return true;
    case A_PMC_INTR_0:
    case A_PMC_INTR_1:
        *val = nv_pmc_intr(gpu, addr == A_PMC_INTR_1);
        return true;
    case A_PMC_INTR_EN_0:
    case A_PMC_INTR_EN_SET_0:
    case A_PMC_INTR_EN_CLEAR_0:
        *val = gpu->r.pmc.intr_en[0];
        return true;
    case A_PMC_INTR_EN_1:
    case A_PMC_INTR_EN_SET_1:
    case A_PMC_INTR_EN_CLEAR_1:
        *val = gpu->r.pmc.intr_en[1];
        return true;
    case A_PMC_ENABLE:
        *val = gpu->r.pmc.enable;
        return true;
    }
    return false;
}

bool nv_pmc_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    NvRegs *r = &gpu->r;

    switch (addr) {
    case A_PMC_BOOT_0:
    case A_PMC_BOOT_1:
    case A_PMC_BOOT_42:
    case A_PMC_INTR_0:
    case A_PMC_INTR_1:
        return true;            /* read-only; nouveau's endianness probe writes BOOT_1 */
    case A_PMC_INTR_EN_SET_0:
    case A_PMC_INTR_EN_SET_1:
        r->pmc.intr_en[addr == A_PMC_INTR_EN_SET_1] |= val;
        return true;
    case A_PMC_INTR_EN_CLEAR_0:
    case A_PMC_INTR_EN_CLEAR_1:
        r->pmc.intr_en[addr == A_PMC_INTR_EN_CLEAR_1] &= ~val;
        return true;
    case A_PMC_ENABLE:
        r->pmc.enable = val;
        return true;
    }
    return false;
}

/* The unit behind PMC_INTR_0 bit b: a fixed unit, or an engine of the chip profile. */
static const char *pmc_unit(const NvGpu *gpu, unsigned b)
{
    static const char *const ce[NV_CE_INSTANCES] = { "ce0", "ce1", "ce2", "ce3", "ce4" };

    if (1u << b == NV_PMC_INTR_TIMER) {
        return "ptimer";
    }
    if (1u << b == NV_PMC_INTR_BUS) {
        return "pbus";
    }
    if (1u << b == NV_PMC_INTR_FIFO) {
        return "pfifo";
    }
    if (1u << b == NV_PMC_INTR_DISP) {
        return "disp";
    }
    for (size_t i = 0; i < gpu->chip.engine_count; i++) {
        const NvTopEngine *e = &gpu->chip.engines[i];

        if (e->intr == b && e->type == NV_PTOP_TYPE_LCE && e->inst < NV_CE_INSTANCES) {
            return ce[e->inst];
        }
        if (e->intr == b) {
            return e->type == NV_PTOP_TYPE_GR ? "gr" : e->type == NV_PTOP_TYPE_SEC2 ? "sec2" : "?";
        }
    }
    return "?";
}

/* The bits of a unit's line that changed: those raised, then those cleared. */
static void trace_change(NvGpu *gpu, const char *unit, uint32_t changed, uint32_t now)
{
    if (changed & now) {
        nv_trace(gpu, &(NvTraceRecord) { .id = NV_TRACE_INTR,
                                          .intr = { unit, changed & now, true } });
    }
    if (changed & ~now) {
        nv_trace(gpu, &(NvTraceRecord) { .id = NV_TRACE_INTR,
                                          .intr = { unit, changed & ~now, false } });
    }
}

/* Traces each unit whose line in PMC_INTR_0 or VF leaf changed since the last look. */
static void trace_lines(NvGpu *gpu, uint32_t pmc)
{
    static const char *const leaf[NV_VF_INTR_LEAVES] = {
        "vf-leaf0", "vf-leaf1", "vf-leaf2", "vf-leaf3",
        "vf-leaf4", "vf-leaf5", "vf-leaf6", "vf-leaf7",
    };
    uint32_t changed = pmc ^ gpu->traced_pmc;

    for (; changed; changed &= changed - 1) {
        unsigned b = __builtin_ctz(changed);

        trace_change(gpu, pmc_unit(gpu, b), 1u << b, pmc);
    }
    gpu->traced_pmc = pmc;
    for (unsigned i = 0; i < NV_VF_INTR_LEAVES; i++) {
        uint32_t now = gpu->r.vf.leaf[i];

        if (now != gpu->traced_vf[i]) {
            trace_change(gpu, leaf[i], now ^ gpu->traced_vf[i], now);
            gpu->traced_vf[i] = now;
        }
    }
}

void nv_irq_update(NvGpu *gpu)
{
    if (nv_trace_on(gpu, NV_TRACE_INTR)) {
        trace_lines(gpu, nv_pmc_intr(gpu, 0));
    }
    bool level = (nv_pmc_intr(gpu, 0) & gpu->r.pmc.intr_en[0]) ||
                 (nv_pmc_intr(gpu, 1) & gpu->r.pmc.intr_en[1]) ||
                 nv_vf_pending(gpu);

    if (level == gpu->irq_level) {
        return;
    }
    gpu->irq_level = level;
    if (level) {
        gpu->irq_edges++;
    }
    if (gpu->plat.irq_update) {
        gpu->plat.irq_update(gpu->plat.opaque);
    }
}
