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
#define NV_PMC_INTR_CE(bit)     (1u << (bit))   /* from the device-info table */
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

/* PFIFO: channel and PBDMA counts, interrupts, runlists, preemption */
NV_REG32(PFIFO_PBDMA_COUNT,     0x002004)       /* 7:0 PBDMAs */
NV_REG32(PFIFO_CHANNEL_COUNT,   0x002008)
NV_REG32(PFIFO_INTR_0,          0x002100)       /* write-1-clear */
    NV_FIELD(PFIFO_INTR_0, SCHED_ERROR, 8, 1)
    NV_FIELD(PFIFO_INTR_0, PBDMA_INTR, 29, 1)
    NV_FIELD(PFIFO_INTR_0, NON_STALL, 31, 1)
NV_REG32(PFIFO_INTR_EN_0,       0x002140)
#define A_PFIFO_PBDMA_RUNLISTS(p)   (0x002390 + 4 * (p))    /* runlists PBDMA p serves */
NV_REG32(PFIFO_INTR_SCHED_ERROR, 0x00254c)     /* why SCHED_ERROR was raised */
    NV_FIELD(PFIFO_INTR_SCHED_ERROR, CODE, 0, 8)
/*
 * Codes of the runlist reader as dev_fifo names them; the manual has no
 * code for a doorbell naming a channel that is not bound, so the model
 * reports it as a bad TSG (the scheduler was pointed at nothing).
 */
#define NV_SCHED_ERROR_RL_RDAT_TIMEOUT  0x08    /* a runlist entry could not be read */
#define NV_SCHED_ERROR_RL_RDAT_EXTRA    0x09    /* more entries than the scheduler takes */
#define NV_SCHED_ERROR_BAD_TSG          0x20
NV_REG32(PFIFO_PBDMA_INTR_PENDING, 0x0025a0)    /* PBDMAs with a pending interrupt */
NV_REG32(PFIFO_RUNLIST_BLOCK,   0x002630)       /* mask of runlists not scheduled */
NV_REG32(PFIFO_PREEMPT,         0x002634)
    NV_FIELD(PFIFO_PREEMPT, ID, 0, 12)
    NV_FIELD(PFIFO_PREEMPT, PENDING, 20, 1)
    NV_FIELD(PFIFO_PREEMPT, TYPE, 24, 2)        /* 0 channel, 1 TSG */
NV_REG32(PFIFO_RUNLIST_PREEMPT, 0x002638)
#define A_PFIFO_ENGINE_STATUS(e)    (0x002640 + 8 * (e))
#define NV_PFIFO_ENGINES            16
#define A_PFIFO_RUNLIST_BASE_LO(r)  (0x002b00 + 0x10 * (r))
#define A_PFIFO_RUNLIST_BASE_HI(r)  (0x002b04 + 0x10 * (r))
#define A_PFIFO_RUNLIST_SUBMIT(r)   (0x002b08 + 0x10 * (r))     /* entry count: the trigger */
#define A_PFIFO_RUNLIST_STATUS(r)   (0x002b0c + 0x10 * (r))     /* bit 15: submit pending */
#define A_PFIFO_PBDMA_STATUS(p)     (0x003080 + 4 * (p))
#define NV_PBDMAS                   2
#define NV_RUNLISTS                 2
#define NV_CHANNELS                 512

/* PBDMA p (base 0x040000 + 0x2000 * p) */
#define NV_PBDMA_STRIDE             0x2000
#define A_PBDMA_METHOD0(p)          (0x0400c0 + NV_PBDMA_STRIDE * (p))   /* 18:16 subch, 13:2 method */
#define A_PBDMA_DATA0(p)            (0x0400c4 + NV_PBDMA_STRIDE * (p))
#define A_PBDMA_INTR_0(p)           (0x040108 + NV_PBDMA_STRIDE * (p))
#define A_PBDMA_INTR_EN_0(p)        (0x04010c + NV_PBDMA_STRIDE * (p))
#define A_PBDMA_CHANNEL(p)          (0x040120 + NV_PBDMA_STRIDE * (p))
#define A_PBDMA_TIMEOUT(p)          (0x04012c + NV_PBDMA_STRIDE * (p))
#define A_PBDMA_CONFIG(p)           (0x04013c + NV_PBDMA_STRIDE * (p))
#define A_PBDMA_INTR_1(p)           (0x040148 + NV_PBDMA_STRIDE * (p))
#define A_PBDMA_INTR_EN_1(p)        (0x04014c + NV_PBDMA_STRIDE * (p))
#define NV_PBDMA_METHOD0_SUBCH_SHIFT 16
#define NV_PBDMA_INTR_MEMREQ        (1u << 0)
#define NV_PBDMA_INTR_GPFIFO        (1u << 13)
#define NV_PBDMA_INTR_GPPTR         (1u << 14)
#define NV_PBDMA_INTR_GPENTRY       (1u << 15)
#define NV_PBDMA_INTR_PBENTRY       (1u << 18)
#define NV_PBDMA_INTR_METHOD        (1u << 21)
#define NV_PBDMA_INTR_DEVICE        (1u << 23)
#define NV_PBDMA_INTR_SEMAPHORE     (1u << 25)
#define NV_PBDMA_INTR_ACQUIRE       (1u << 26)

/* Copy engine interrupt unit */
NV_REG32(CE_PCE_MAP,            0x104028)
#define A_CE_INTR_EN(i)             (0x10440c + 0x80 * (i))
#define A_CE_INTR_STATUS(i)         (0x104410 + 0x80 * (i))     /* write-1-clear */
#define A_CE_LAUNCH_ERR(i)          (0x104418 + 0x80 * (i))
#define NV_CE_INSTANCES             5
#define NV_CE_INTR_BLOCKPIPE        (1u << 0)
#define NV_CE_INTR_LAUNCHERR        (1u << 2)
#define NV_CE_LAUNCH_ERR_INVALID    1       /* an invalid method or launch value */
#define NV_CE_PCE_MAP_VALUE         0xf

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

/*
 * PGRAPH (0x400000-0x5fffff, GPC units from 0x500000). The unit counts as
 * nouveau's GR init reads them: the GPC count, and per GPC its TPC count and
 * the TPCs of each PES (2 TPCs per PES). Then the registers it polls, and
 * FECS's host interface (its falcon block at 0x409000, method push, the
 * context-switch mailboxes).
 */
#define NV_PGRAPH_BASE              0x400000
#define NV_PGRAPH_SIZE              0x200000
#define A_PGRAPH_INTR               0x400100
#define NV_PGRAPH_INTR_TRAP         (1u << 21)
#define A_PGRAPH_EXCEPTION          0x400108
#define NV_PGRAPH_EXCEPTION_GPC     (1u << 24)
#define A_PGRAPH_GPC_EXCEPTION      0x400118    /* bit g: GPC g */
#define A_PGRAPH_INTR_EN            0x40013c
#define A_PGRAPH_FE_BUSY            0x40060c    /* bit 0: busy */
#define A_PGRAPH_STATUS             0x400700    /* bit 2: icmd pending */
#define A_PGRAPH_FE_PWR_MODE        0x404170    /* bit 4: request pending */
#define NV_PGRAPH_FE_PWR_MODE_REQ   (1u << 4)
#define A_PGRAPH_FS_GPC_COUNT       0x409604    /* bits 4:0 */
#define A_FECS_FALCON_CPUCTL        0x409100
#define A_FECS_FALCON_HWCFG         0x409108
#define A_FECS_FALCON_HWCFG1        0x40912c
#define A_FECS_FALCON_CPUCTL_ALIAS  0x409130
#define A_FECS_METHOD_DATA          0x409500
#define A_FECS_METHOD_PUSH          0x409504
#define A_FECS_CTXSW_MAILBOX(i)     (0x409800 + 4 * (i))
#define A_FECS_CTXSW_STATUS_1       0x409808
#define A_FECS_CURRENT_CTX          0x409b00
#define NV_FECS_CURRENT_CTX_VALID   (1u << 31)
#define NV_FECS_CURRENT_CTX_TARGET_SHIFT 28     /* 29:28 target, 27:0 instance >> 12 */
#define A_FECS_HOST_INT_STATUS      0x409c18
#define A_GPCCS_FALCON_HWCFG        0x41a108
#define A_GPCCS_FALCON_HWCFG1       0x41a12c
/* FECS methods (pushed to METHOD_PUSH with data in METHOD_DATA) and their replies. */
#define NV_FECS_MTHD_HALT_PIPELINE          0x04
#define NV_FECS_MTHD_BIND_POINTER           0x03
#define NV_FECS_MTHD_WFI_GOLDEN_SAVE        0x09
#define NV_FECS_MTHD_DISCOVER_IMAGE_SIZE    0x10
#define NV_FECS_MTHD_DISCOVER_ZCULL_SIZE    0x16
#define NV_FECS_MTHD_SET_WATCHDOG_TIMEOUT   0x21
#define NV_FECS_MTHD_DISCOVER_PM_SIZE       0x25
#define NV_FECS_MTHD_STOP_CTXSW             0x38
#define NV_FECS_MTHD_START_CTXSW            0x39
#define NV_FECS_MB0_RUNNING         (1u << 0)   /* after start; also WFI_GOLDEN_SAVE done */
#define NV_FECS_MB0_ERROR           (1u << 1)
#define NV_FECS_MB0_BIND_DONE       (1u << 4)
#define NV_FECS_MB1_DONE            1           /* ctxsw control methods */
#define NV_GPC_BASE                 0x500000
#define NV_GPC_STRIDE               0x8000
#define NV_GPC_MAX                  8           /* the GPC unit's address range */
#define NV_GPC_FS_TPC_COUNT         0x2608
#define NV_GPC_PES_TPC_MASK(p)      (0x0c30 + 4 * (p))
#define NV_GPC_PES_PRESENT          0x0c50
#define NV_GPC_PES_COUNT            3
#define NV_TPCS_PER_PES             2
/* The trap tree below a GPC: its TPCs, their SMs' error registers. */
#define NV_GPC_EXCEPTION            0x2c90      /* bit 16 + t: TPC t */
#define NV_GPC_EXCEPTION_TPC(t)     (1u << (16 + (t)))
#define NV_TPC_BASE                 0x4000      /* TPC t at GPC + 0x4000 + 0x800 t */
#define NV_TPC_STRIDE               0x800
#define NV_TPC_EXCEPTION            0x0508
#define NV_TPC_EXCEPTION_SM         (1u << 1)
#define NV_SM_WARP_ERROR(s)         (0x0730 + 0x80 * (s))   /* 15:0 error code */
#define NV_SM_GLOBAL_ERROR(s)       (0x0734 + 0x80 * (s))
#define NV_SM_WARP_ERR_ILLEGAL_INSTR_ENCODING   0x09
#define NV_SM_WARP_ERR_ILLEGAL_INSTR_PARAM      0x0b
#define NV_SM_WARP_ERR_OOR_ADDR                 0x0e
#define NV_SM_WARP_ERR_MISALIGNED_ADDR          0x0f
#define NV_SM_GLOBAL_ERR_BPT_INT                (1u << 4)
#define NV_SM_GLOBAL_ERR_TIMEOUT                (1u << 31)
#define NV_PTOP_TYPE_SEC2           0x0d
#define NV_PTOP_TYPE_LCE            0x13

/* UFLUSH: nouveau writes FB_FLUSH and polls it; the model has no caches to flush. */
NV_REG32(UFLUSH_FB_FLUSH,       0x070000)
    NV_FIELD(UFLUSH_FB_FLUSH, PENDING, 1, 1)

/* PCI config-space mirror */
NV_REG32(PCFG_ROM_SHADOW,       0x088050)   /* bit 0: PROM window enable */
NV_REG32(PCFG_MSI_REARM,        0x088704)

/* PFB: memory size */
NV_REG32(PFB_FBHUB_NUM_ACTIVE_LTCS, 0x100800)   /* GR init copies it */
NV_REG32(PFB_LOCAL_MEMORY_RANGE, 0x100ce0)
    NV_FIELD(PFB_LOCAL_MEMORY_RANGE, SCALE, 0, 4)
    NV_FIELD(PFB_LOCAL_MEMORY_RANGE, MAG, 4, 6)
    NV_FIELD(PFB_LOCAL_MEMORY_RANGE, ECC, 30, 1)

/* PFB: interrupt vectors of the MMU fault unit in the VF tree (fixed values) */
NV_REG32(PFB_MMU_INFO_FAULT_VECTOR, 0x100ee0)      /* 15:0 info-fault vector */
NV_REG32(PFB_MMU_NRP_FAULT_VECTOR,  0x100ee4)      /* buffer 0: 31:16 NOTIFY, 15:0 ERROR */
NV_REG32(PFB_MMU_RP_FAULT_VECTOR,   0x100ee8)      /* buffer 1: 31:16 NOTIFY, 15:0 ERROR */
    NV_FIELD(PFB_MMU_FAULT_VECTOR, NOTIFY, 16, 16)
    NV_FIELD(PFB_MMU_FAULT_VECTOR, ERROR, 0, 16)
#define NV_FAULT_VECTOR_INFO            0x86
#define NV_FAULT_VECTOR_NRP_NOTIFY      0x84    /* NOTIFY_NON_REPLAYABLE = 132 */
#define NV_FAULT_VECTOR_NRP_ERROR       0x83
#define NV_FAULT_VECTOR_RP_NOTIFY       0x40    /* NOTIFY_REPLAYABLE = 64 */
#define NV_FAULT_VECTOR_RP_ERROR        0x3f

/* PEXTDEV straps */
NV_REG32(PEXTDEV_BOOT_0,        0x101000)

/* PGC6 always-on scratch: the firmware-boot (devinit) handshake */
NV_REG32(PGC6_SCRATCH_LOCK,     0x118128)   /* bit 0: GFW boot locked scratch */
NV_REG32(PGC6_GFW_BOOT_PROGRESS, 0x118234)  /* 7:0 == 0xff: completed */
#define NV_GFW_BOOT_COMPLETED   0xff

/* PPRIV master and LTC: cache topology */
NV_REG32(PPRIV_MASTER_LTC_COUNT, 0x12006c)
NV_REG32(LTC_CBC_PARAM,         0x17e280)
    NV_FIELD(LTC_CBC_PARAM, SLICES_PER_LTC, 28, 4)

/* VGA CRTC ports (8-bit) */
NV_REG32(VGA_CRTC_INDEX,        0x6013d4)
NV_REG32(VGA_CRTC_DATA,         0x6013d5)

/* Windows */
#define NV_PROM_BASE            0x300000u   /* VBIOS image */
#define NV_PROM_SIZE            0x100000u
#define NV_PRAMIN_BASE          0x700000u   /* 1 MiB of VRAM at BAR0_WINDOW */
#define NV_PRAMIN_SIZE          0x100000u

/* PCCSR: per-channel instance binding and control */
#define A_PCCSR_INST(c)             (0x800000 + 8 * (c))
#define A_PCCSR_CHANNEL(c)          (0x800004 + 8 * (c))
NV_REG32(PCCSR_INST,            0x800000)
    NV_FIELD(PCCSR_INST, PTR, 0, 28)
    NV_FIELD(PCCSR_INST, TARGET, 28, 2)
    NV_FIELD(PCCSR_INST, BIND, 31, 1)
NV_REG32(PCCSR_CHANNEL,         0x800004)
    NV_FIELD(PCCSR_CHANNEL, ENABLE, 0, 1)
    NV_FIELD(PCCSR_CHANNEL, ENABLE_SET, 10, 1)
    NV_FIELD(PCCSR_CHANNEL, ENABLE_CLR, 11, 1)
    NV_FIELD(PCCSR_CHANNEL, PBDMA_FAULTED, 22, 1)
    NV_FIELD(PCCSR_CHANNEL, ENG_FAULTED, 23, 1)
    NV_FIELD(PCCSR_CHANNEL, BUSY, 28, 1)
NV_REG32(PFIFO_DOORBELL_ENABLE, 0xb65000)

/* Turing virtual-function block: the CPU interrupt tree (VF), usermode */
NV_REG32(VF_BASE,               0xb80000)
/* BAR1 and BAR2 (PCI BAR3) binding: instance block of the VMM that translates them */
NV_REG32(VF_BAR1_BLOCK,         0xb80f40)
NV_REG32(VF_BAR2_BLOCK,         0xb80f48)
    NV_FIELD(VF_BAR_BLOCK, PTR, 0, 28)          /* instance block >> 12 */
    NV_FIELD(VF_BAR_BLOCK, TARGET, 28, 2)       /* 0 VRAM, 2 SYS coherent, 3 SYS non-coherent */
    NV_FIELD(VF_BAR_BLOCK, HALVE, 30, 1)        /* BAR2 only */
    NV_FIELD(VF_BAR_BLOCK, MODE, 31, 1)         /* 1: virtual (translated) */
NV_REG32(VF_BAR_BIND_STATUS,    0xb80f50)       /* 1:0 BAR1, 3:2 BAR2 pending: never */
/* MMU fault buffers (i = 0 non-replayable, 1 replayable) and the info-fault latch */
#define A_VF_FAULT_BUF_LO(i)    (0xb83000 + 0x20 * (i))
#define A_VF_FAULT_BUF_HI(i)    (0xb83004 + 0x20 * (i))
#define A_VF_FAULT_BUF_GET(i)   (0xb83008 + 0x20 * (i))
#define A_VF_FAULT_BUF_PUT(i)   (0xb8300c + 0x20 * (i))
#define A_VF_FAULT_BUF_SIZE(i)  (0xb83010 + 0x20 * (i))
#define NV_FAULT_BUFFERS        2
NV_REG32(VF_FAULT_BUF_LO,       0xb83000)
    NV_FIELD(VF_FAULT_BUF_LO, PHYS_MODE, 0, 1)     /* 0: ADDR is a BAR2 virtual address */
    NV_FIELD(VF_FAULT_BUF_LO, PHYS_TARGET, 1, 2)
    NV_FIELD(VF_FAULT_BUF_LO, ADDR, 12, 20)
NV_REG32(VF_FAULT_BUF_SIZE,     0xb83010)
    NV_FIELD(VF_FAULT_BUF_SIZE, ENTRIES, 0, 20)
    NV_FIELD(VF_FAULT_BUF_SIZE, SET_DEFAULT, 30, 1)
    NV_FIELD(VF_FAULT_BUF_SIZE, ENABLE, 31, 1)
#define NV_FAULT_BUF_DEFAULT_ENTRIES 0x400
NV_REG32(VF_FAULT_BUF_PUT,      0xb8300c)
    NV_FIELD(VF_FAULT_BUF_PUT, PTR, 0, 20)
    NV_FIELD(VF_FAULT_BUF_PUT, OVERFLOW, 31, 1)
NV_REG32(VF_FAULT_ADDR_LO,      0xb83080)
NV_REG32(VF_FAULT_ADDR_HI,      0xb83084)
NV_REG32(VF_FAULT_INFO0,        0xb83088)       /* 31:12 inst, 7:0 engine */
NV_REG32(VF_FAULT_INST_HI,      0xb8308c)
NV_REG32(VF_FAULT_INFO1,        0xb83090)
NV_REG32(VF_FAULT_STATUS,       0xb83094)
    NV_FIELD(VF_FAULT_STATUS, RP_NOTIFY, 8, 1)
    NV_FIELD(VF_FAULT_STATUS, NRP_NOTIFY, 9, 1)
    NV_FIELD(VF_FAULT_STATUS, INFO_VALID, 31, 1)
/* TLB invalidate: PDB to invalidate, then the trigger (bit 31 self-clears) */
NV_REG32(VF_MMU_INVALIDATE_PDB,     0xb830a0)
NV_REG32(VF_MMU_INVALIDATE_PDB_HI,  0xb830a4)
NV_REG32(VF_MMU_INVALIDATE,         0xb830b0)
    NV_FIELD(VF_MMU_INVALIDATE, ALL_VA, 0, 1)
    NV_FIELD(VF_MMU_INVALIDATE, ALL_PDB, 1, 1)
    NV_FIELD(VF_MMU_INVALIDATE, TRIGGER, 31, 1)
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
    NV_FIELD(USERMODE_DOORBELL, CHID, 0, 12)
    NV_FIELD(USERMODE_DOORBELL, RUNLIST, 16, 4)

#endif
