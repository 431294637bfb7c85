/*
 * The device layer: the BAR0 units of the model, one line each (name, base,
 * size, bytewise, read handler, write handler), from every room; units.c
 * builds the lookup table from this list; docs/registers.md describes each
 * unit. Keep it sorted by base.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_UNITS_H
#define HW_NVIDIA_GPU_UNITS_H

#include "base/base.h"
#include "engines/ce.h"
#include "engines/gr.h"
#include "falcon/falcon.h"
#include "host/host.h"
#include "mem/mmu.h"
#include "regs/regs.h"
#include "disp/disp.h"

#define NV_UNITS(X)                                                               \
    X(pmc,     0x000000, 0x001000, false, nv_pmc_read,     nv_pmc_write)         \
    X(pbus,    0x001000, 0x001000, false, nv_pbus_read,    nv_pbus_write)        \
    X(pfifo,   0x002000, 0x002000, false, nv_pfifo_read,   nv_pfifo_write)       \
    X(ptimer,  0x009000, 0x001000, false, nv_ptimer_read,  nv_ptimer_write)      \
    X(gpio,    NV_GPIO_BASE, NV_GPIO_SIZE, false, nv_gpio_read, nv_gpio_write)  \
    X(fuse,    0x021000, 0x001000, false, nv_fuse_read,    NULL)                 \
    X(ptop,    0x022000, 0x001000, false, nv_top_read,     NULL)                 \
    X(pbdma,   0x040000, NV_PBDMAS * NV_PBDMA_STRIDE, false, nv_pbdma_read, nv_pbdma_write) \
    X(uflush,  0x070000, 0x001000, false, nv_uflush_read,  nv_uflush_write)      \
    X(pcfg,    0x088000, 0x001000, false, nv_pcfg_read,    nv_pcfg_write)        \
    X(hda,     0x08a000, 0x001000, false, nv_hda_read,     NULL)                 \
    X(pfb,     0x100000, 0x001000, false, nv_pfb_read,     nv_pfb_write)                 \
    X(pextdev, 0x101000, 0x001000, false, nv_pextdev_read, NULL)                 \
    X(ceintr,  0x104000, 0x001000, false, nv_ceintr_read,  nv_ceintr_write)      \
    X(pmu,     NV_PMU_BASE, NV_FALCON_SIZE, false, nv_pmu_read, nv_pmu_write)  \
    X(gsp,     NV_GSP_BASE, NV_FALCON_SIZE, false, nv_gsp_read, nv_gsp_write)  \
    X(pgc6,    0x118000, 0x001000, false, nv_pgc6_read,    NULL)                 \
    X(ppriv,   0x120000, 0x001000, false, nv_ppriv_read,   NULL)                 \
    X(ltc,     0x17e000, 0x001000, false, nv_ltc_read,     NULL)                 \
    X(prom,    NV_PROM_BASE, NV_PROM_SIZE, true, nv_prom_read, NULL)             \
    X(pgraph,  NV_PGRAPH_BASE, NV_PGRAPH_SIZE, false, nv_pgraph_read, nv_pgraph_write) \
    X(vga,     0x6013d4, 0x000002, true,  nv_vga_read,     nv_vga_write)         \
    X(disp,    NV_DISP_BASE, NV_DISP_SIZE, false, nv_disp_read, nv_disp_write)  \
    X(pramin,  NV_PRAMIN_BASE, NV_PRAMIN_SIZE, true, nv_pramin_read, nv_pramin_write) \
    X(pccsr,   0x800000, NV_CHANNELS * 8, false, nv_pccsr_read, nv_pccsr_write)  \
    X(sec2,    NV_SEC2_BASE, NV_FALCON_SIZE, false, nv_sec2_read, nv_sec2_write) \
    X(vfbar,   0xb80000, 0x001000, false, nv_vfbar_read,   nv_vfbar_write)       \
    X(vfintr,  0xb81000, 0x001000, false, nv_vf_read,      nv_vf_write)          \
    X(vfmmu,   0xb83000, 0x001000, false, nv_vfmmu_read,   nv_vfmmu_write)       \
    X(usermode, 0xbb0000, 0x010000, false, nv_usermode_read, nv_usermode_write)

/*
 * A BAR0 unit: a range and its handlers. Register units see only aligned
 * 32-bit accesses; window units (bytewise) see every access size. A handler
 * returns false for an offset it does not implement, which the dispatcher
 * reports as unimplemented.
 */
typedef struct NvUnit {
    const char *name;
    uint32_t base, size;
    bool bytewise;
    NvUnitRead *read;
    NvUnitWrite *write;
} NvUnit;

/* The BAR0 unit table, sorted by base (units.c). */
extern const NvUnit nv_units[];
extern const size_t nv_units_count;
const NvUnit *nv_unit_find(uint32_t offset);

/* pmc.c: PMC and the root of the interrupt tree */
NvUnitRead nv_pmc_read;
NvUnitWrite nv_pmc_write;
/* Interrupt lines of the units, as seen in PMC_INTR(tree). */
uint32_t nv_pmc_intr(NvGpu *gpu, unsigned tree);
/* Recomputes the interrupt line and tells the platform when it changed. */
void nv_irq_update(NvGpu *gpu);

#endif
