/*
 * The BAR0 units of the model: one line each (name, base, size, bytewise,
 * read handler, write handler). regtable.c builds the lookup table from this
 * list; docs/registers.md describes each unit. Keep it sorted by base.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_UNITS_H
#define HW_NVIDIA_GPU_UNITS_H

#include "gpu.h"

#define NV_UNITS(X)                                                               \
    X(pmc,     0x000000, 0x001000, false, nv_pmc_read,     nv_pmc_write)         \
    X(pbus,    0x001000, 0x001000, false, nv_pbus_read,    nv_pbus_write)        \
    X(pfifo,   0x002000, 0x002000, false, nv_pfifo_read,   nv_pfifo_write)       \
    X(ptimer,  0x009000, 0x001000, false, nv_ptimer_read,  nv_ptimer_write)      \
    X(fuse,    0x021000, 0x001000, false, nv_fuse_read,    NULL)                 \
    X(ptop,    0x022000, 0x001000, false, nv_top_read,     NULL)                 \
    X(pbdma,   0x040000, NV_PBDMAS * NV_PBDMA_STRIDE, false, nv_pbdma_read, nv_pbdma_write) \
    X(uflush,  0x070000, 0x001000, false, nv_uflush_read,  nv_uflush_write)      \
    X(pcfg,    0x088000, 0x001000, false, nv_pcfg_read,    nv_pcfg_write)        \
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
    X(pramin,  NV_PRAMIN_BASE, NV_PRAMIN_SIZE, true, nv_pramin_read, nv_pramin_write) \
    X(pccsr,   0x800000, NV_CHANNELS * 8, false, nv_pccsr_read, nv_pccsr_write)  \
    X(sec2,    NV_SEC2_BASE, NV_FALCON_SIZE, false, nv_sec2_read, nv_sec2_write) \
    X(vfbar,   0xb80000, 0x001000, false, nv_vfbar_read,   nv_vfbar_write)       \
    X(vfintr,  0xb81000, 0x001000, false, nv_vf_read,      nv_vf_write)          \
    X(vfmmu,   0xb83000, 0x001000, false, nv_vfmmu_read,   nv_vfmmu_write)       \
    X(usermode, 0xbb0000, 0x010000, false, nv_usermode_read, nv_usermode_write)

typedef bool NvUnitRead(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val);
typedef bool NvUnitWrite(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size);

NvUnitRead nv_pmc_read, nv_pbus_read, nv_ptimer_read, nv_fuse_read, nv_top_read,
    nv_pcfg_read, nv_pfb_read, nv_pextdev_read, nv_pgc6_read, nv_prom_read,
    nv_pramin_read, nv_vf_read, nv_uflush_read, nv_vfbar_read, nv_vfmmu_read,
    nv_usermode_read, nv_ppriv_read, nv_ltc_read, nv_vga_read, nv_pfifo_read,
    nv_pbdma_read, nv_ceintr_read, nv_pccsr_read, nv_pmu_read, nv_gsp_read, nv_sec2_read,
    nv_pgraph_read;
NvUnitWrite nv_pmc_write, nv_pbus_write, nv_ptimer_write, nv_pcfg_write,
    nv_pramin_write, nv_vf_write, nv_uflush_write, nv_vfbar_write, nv_vfmmu_write,
    nv_vga_write, nv_pfifo_write, nv_pbdma_write, nv_ceintr_write, nv_pccsr_write,
    nv_usermode_write, nv_pfb_write, nv_pmu_write, nv_gsp_write, nv_sec2_write,
    nv_pgraph_write;

/* Plain registers (plain-regs.c). */
extern const NvPlainReg nv_plain_regs[NV_PLAIN_COUNT];
bool nv_plain_read(NvGpu *gpu, uint32_t addr, uint32_t *val);
bool nv_plain_write(NvGpu *gpu, uint32_t addr, uint32_t val);
void nv_plain_reset(NvGpu *gpu);


/* Helpers shared between units. */
uint32_t nv_ptimer_read_time(NvGpu *gpu, bool high);
void nv_vf_raise(NvGpu *gpu, unsigned vector);
unsigned nv_top_encode(const NvTopEngine *e, uint32_t out[3]);
void nv_doorbell(NvGpu *gpu, uint32_t token);

#endif
