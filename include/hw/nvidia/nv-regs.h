/*
 * BAR0 register map of the emulated TU104, as far as the model implements it.
 * Shared by the model core and the qtests. Offsets and fields follow NVIDIA's
 * published manuals (dev_*.ref) and what Linux nouveau programs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_REGS_H
#define HW_NVIDIA_NV_REGS_H

#include "hw/nvidia/nv-fields.h"

#define NV_BAR0_SIZE            (16u << 20)

/* PMC: identification, engine enables, the top-level interrupt tree */
NV_REG32(PMC_BOOT_0,            0x000000)
    NV_FIELD(PMC_BOOT_0, MINOR_REV, 0, 4)
    NV_FIELD(PMC_BOOT_0, MAJOR_REV, 4, 4)
    NV_FIELD(PMC_BOOT_0, IMPLEMENTATION, 20, 4)
    NV_FIELD(PMC_BOOT_0, ARCHITECTURE, 24, 5)
NV_REG32(PMC_BOOT_1,            0x000004)
NV_REG32(PMC_INTR_0,            0x000100)   /* stalling tree, derived */
NV_REG32(PMC_INTR_1,            0x000104)   /* non-stalling tree, derived */
NV_REG32(PMC_INTR_EN_0,         0x000140)
NV_REG32(PMC_INTR_EN_1,         0x000144)
NV_REG32(PMC_INTR_EN_SET_0,     0x000160)
NV_REG32(PMC_INTR_EN_SET_1,     0x000164)
NV_REG32(PMC_INTR_EN_CLEAR_0,   0x000180)
NV_REG32(PMC_INTR_EN_CLEAR_1,   0x000184)
NV_REG32(PMC_ENABLE,            0x000200)
NV_REG32(PMC_BOOT_42,           0x000a00)
    NV_FIELD(PMC_BOOT_42, MINOR_REV, 12, 4)
    NV_FIELD(PMC_BOOT_42, MAJOR_REV, 16, 4)
    NV_FIELD(PMC_BOOT_42, IMPLEMENTATION, 20, 4)
    NV_FIELD(PMC_BOOT_42, ARCHITECTURE, 24, 5)

/* Bits of PMC_INTR_0 (leaf-0 units as nouveau's gp100 mc expects them) */
#define NV_PMC_INTR_FIFO        (1u << 8)
#define NV_PMC_INTR_TIMER       (1u << 20)
#define NV_PMC_INTR_BUS         (1u << 28)

/* PBUS */
NV_REG32(PBUS_INTR_0,           0x001100)   /* W1C */
NV_REG32(PBUS_INTR_EN_0,        0x001140)
NV_REG32(PBUS_BAR0_WINDOW,      0x001700)   /* PRAMIN window base */
    NV_FIELD(PBUS_BAR0_WINDOW, BASE, 0, 24)     /* address >> 16 */
    NV_FIELD(PBUS_BAR0_WINDOW, TARGET, 24, 2)
#define NV_BAR0_WINDOW_TARGET_VRAM          0
#define NV_BAR0_WINDOW_TARGET_SYS_COHERENT  2
#define NV_BAR0_WINDOW_TARGET_SYS_NONCOH    3
#define NV_BAR0_WINDOW_SHIFT    16

/* PTIMER: a 64-bit nanosecond counter and one alarm */
NV_REG32(PTIMER_INTR_0,         0x009100)   /* W1C */
    NV_FIELD(PTIMER_INTR_0, ALARM, 0, 1)
NV_REG32(PTIMER_INTR_EN_0,      0x009140)
NV_REG32(PTIMER_TIME_0,         0x009400)   /* low 32 bits */
NV_REG32(PTIMER_TIME_1,         0x009410)   /* high 32 bits */
NV_REG32(PTIMER_ALARM_0,        0x009420)

/* FUSE: what the factory disabled */
NV_REG32(FUSE_OPT_CE_DISABLE,   0x021c00)
NV_REG32(FUSE_OPT_DISP_DISABLE, 0x021c04)
NV_REG32(FUSE_STATUS_OPT_GPC,   0x021c1c)   /* 1 = GPC disabled */
#define A_FUSE_STATUS_OPT_TPC_GPC(i) (0x021c38 + 4 * (i))
#define NV_FUSE_TPC_GPC_COUNT   8

/* PTOP: scaling counts and the device-info table */
NV_REG32(PTOP_SCAL_NUM_GPCS,        0x022430)
NV_REG32(PTOP_SCAL_NUM_TPC_PER_GPC, 0x022434)
NV_REG32(PTOP_SCAL_NUM_FBPS,        0x022438)
NV_REG32(PTOP_SCAL_LTC_PER_FBP,     0x022450)
NV_REG32(PTOP_SCAL_SLICES_PER_LTC,  0x02245c)
#define A_PTOP_DEVICE_INFO(i)   (0x022700 + 4 * (i))
#define NV_PTOP_DEVICE_INFO_ENTRIES 64
NV_REG32(PTOP_DEVICE_INFO,      0x022700)
    NV_FIELD(PTOP_DEVICE_INFO, KIND, 0, 2)
    NV_FIELD(PTOP_DEVICE_INFO, CHAIN, 31, 1)
    /* KIND = ENGINE_TYPE */
    NV_FIELD(PTOP_DEVICE_INFO, TYPE, 2, 29)
    /* KIND = DATA */
    NV_FIELD(PTOP_DEVICE_INFO, FAULT_ID_VALID, 2, 1)
    NV_FIELD(PTOP_DEVICE_INFO, FAULT_ID, 3, 7)
    NV_FIELD(PTOP_DEVICE_INFO, PRI_BASE, 12, 12)   /* address >> 12 */
    NV_FIELD(PTOP_DEVICE_INFO, INST, 26, 4)
    /* KIND = ENUM */
    NV_FIELD(PTOP_DEVICE_INFO, RESET_VALID, 2, 1)
    NV_FIELD(PTOP_DEVICE_INFO, INTR_VALID, 3, 1)
    NV_FIELD(PTOP_DEVICE_INFO, RUNLIST_VALID, 4, 1)
    NV_FIELD(PTOP_DEVICE_INFO, ENGINE_VALID, 5, 1)
    NV_FIELD(PTOP_DEVICE_INFO, RESET, 9, 5)
    NV_FIELD(PTOP_DEVICE_INFO, INTR, 15, 5)
    NV_FIELD(PTOP_DEVICE_INFO, RUNLIST, 21, 4)
    NV_FIELD(PTOP_DEVICE_INFO, ENGINE, 26, 4)
#define NV_PTOP_KIND_DATA           1
#define NV_PTOP_KIND_ENUM           2
#define NV_PTOP_KIND_ENGINE_TYPE    3
#define NV_PTOP_TYPE_GR             0x00
#define NV_PTOP_TYPE_LCE            0x13

/* PCI config-space mirror */
NV_REG32(PCFG_ROM_SHADOW,       0x088050)   /* bit 0: PROM window enable */
NV_REG32(PCFG_MSI_REARM,        0x088704)

/* PFB: memory size */
NV_REG32(PFB_LOCAL_MEMORY_RANGE, 0x100ce0)
    NV_FIELD(PFB_LOCAL_MEMORY_RANGE, SCALE, 0, 4)
    NV_FIELD(PFB_LOCAL_MEMORY_RANGE, MAG, 4, 6)
    NV_FIELD(PFB_LOCAL_MEMORY_RANGE, ECC, 30, 1)

/* PEXTDEV straps */
NV_REG32(PEXTDEV_BOOT_0,        0x101000)

/* PGC6 always-on scratch: the firmware-boot (devinit) handshake */
NV_REG32(PGC6_SCRATCH_LOCK,     0x118128)   /* bit 0: GFW boot locked scratch */
NV_REG32(PGC6_GFW_BOOT_PROGRESS, 0x118234)  /* 7:0 == 0xff: completed */
#define NV_GFW_BOOT_COMPLETED   0xff

/* Windows */
#define NV_PROM_BASE            0x300000u   /* VBIOS image */
#define NV_PROM_SIZE            0x100000u
#define NV_PRAMIN_BASE          0x700000u   /* 1 MiB of VRAM at BAR0_WINDOW */
#define NV_PRAMIN_SIZE          0x100000u

/* Turing virtual-function block: the CPU interrupt tree (VF), usermode */
NV_REG32(VF_BASE,               0xb80000)
#define A_VF_CPU_INTR_LEAF(i)           (0xb81000 + 4 * (i))
#define A_VF_CPU_INTR_LEAF_EN_SET(i)    (0xb81200 + 4 * (i))
#define A_VF_CPU_INTR_LEAF_EN_CLEAR(i)  (0xb81400 + 4 * (i))
#define NV_VF_INTR_LEAVES       8
NV_REG32(VF_CPU_INTR_TOP,       0xb81600)   /* bit n: leaf 2n or 2n+1 pending */
NV_REG32(VF_CPU_INTR_TOP_EN_SET, 0xb81608)
NV_REG32(VF_CPU_INTR_TOP_EN_CLEAR, 0xb81610)
NV_REG32(USERMODE_TIME_0,       0xbb0080)
NV_REG32(USERMODE_TIME_1,       0xbb0084)
NV_REG32(USERMODE_DOORBELL,     0xbb0090)

#endif
