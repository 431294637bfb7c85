/*
 * The BAR0 register units that need only the floor: PBUS and its PRAMIN
 * window, PTIMER, PTOP and the fuses, the VF interrupt tree, the board and
 * memory-subsystem registers, the plain registers, and the VBIOS image.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_REGS_REGS_H
#define HW_NVIDIA_GPU_REGS_REGS_H

#include "../base/base.h"
#include "plain-regs.h"
#include "vbios.h"

NvUnitRead nv_pbus_read, nv_pramin_read, nv_ptimer_read, nv_top_read, nv_fuse_read,
    nv_vf_read, nv_pcfg_read, nv_pextdev_read, nv_pgc6_read, nv_prom_read, nv_vga_read,
    nv_pfb_read, nv_ppriv_read, nv_ltc_read;
NvUnitWrite nv_pbus_write, nv_pramin_write, nv_ptimer_write, nv_vf_write, nv_pcfg_write,
    nv_vga_write, nv_pfb_write;

/* ptimer.c */
void nv_ptimer_reset(NvGpu *gpu);
void nv_ptimer_alarm_fire(NvGpu *gpu);

/* top.c: the device-info table of the chip profile's engines */
void nv_top_build_device_info(NvGpu *gpu);
unsigned nv_top_encode(const NvTopEngine *e, uint32_t out[3]);

/* vf.c: whether the VF tree has a pending, enabled vector */
bool nv_vf_pending(NvGpu *gpu);

/* plain-regs.c */
extern const NvPlainReg nv_plain_regs[NV_PLAIN_COUNT];
bool nv_plain_read(NvGpu *gpu, uint32_t addr, uint32_t *val);
bool nv_plain_write(NvGpu *gpu, uint32_t addr, uint32_t val);
void nv_plain_reset(NvGpu *gpu);

#endif
