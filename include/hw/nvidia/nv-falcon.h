/*
 * Falcon microcontrollers as the host sees them (SEC2, GSP, PMU): the
 * register block every falcon has, the SEC2 RTOS queue registers, and the
 * structures nouveau exchanges with the ACR and SEC2 firmware. Offsets are
 * from the falcon's base; facts from NVIDIA's dev_falcon manuals and
 * nouveau's nvfw headers (layouts restated, not copied).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_FALCON_H
#define HW_NVIDIA_NV_FALCON_H

#include "hw/nvidia/nv-fields.h"

/* Falcon bases on TU10x (SEC2's is fixed; PTOP's entry is not used for it). */
#define NV_PMU_BASE                 0x10a000
#define NV_GSP_BASE                 0x110000
#define NV_SEC2_BASE                0x840000
#define NV_FALCON_SIZE              0x1000

/* The common register block. */
NV_REG32(FALCON_IRQSSET,        0x000)  /* write 1: set IRQSTAT bits */
NV_REG32(FALCON_IRQSCLR,        0x004)  /* write 1: clear IRQSTAT bits; reads 0 */
NV_REG32(FALCON_IRQSTAT,        0x008)
NV_REG32(FALCON_IRQMSET,        0x010)  /* write 1: set IRQMASK bits */
NV_REG32(FALCON_IRQMCLR,        0x014)  /* write 1: clear IRQMASK bits */
NV_REG32(FALCON_IRQMASK,        0x018)
    /* The interrupt bits of all the IRQ registers above and IRQDEST */
    NV_FIELD(FALCON_IRQ, BIND, 3, 1)            /* instance bind done */
    NV_FIELD(FALCON_IRQ, HALT, 4, 1)
    NV_FIELD(FALCON_IRQ, SWGEN0, 6, 1)          /* the RTOS posted messages */
NV_REG32(FALCON_IRQDEST,        0x01c)
    NV_FIELD(FALCON_IRQDEST, HOST, 0, 16)       /* bit n: IRQ n goes to the host */
    NV_FIELD(FALCON_IRQDEST, TARGET, 16, 16)    /* bit 16 + n: on its non-stall line */
NV_REG32(FALCON_MAILBOX0,       0x040)
NV_REG32(FALCON_MAILBOX1,       0x044)
NV_REG32(FALCON_INST_BIND,      0x054)
    NV_FIELD(FALCON_INST_BIND, PTR, 0, 28)      /* instance block >> 12 */
    NV_FIELD(FALCON_INST_BIND, TARGET, 28, 2)   /* NV_TARGET_* */
    NV_FIELD(FALCON_INST_BIND, VALID, 30, 1)
NV_REG32(FALCON_BIND_CTRL,      0x058)
    NV_FIELD(FALCON_BIND_CTRL, ACK, 1, 1)       /* acknowledge the bind */
NV_REG32(FALCON_BIND_STATUS,    0x0dc)
    NV_FIELD(FALCON_BIND_STATUS, STATE, 12, 3)
#define NV_FALCON_BIND_STATE_DONE   5
NV_REG32(FALCON_CPUCTL,         0x100)
    NV_FIELD(FALCON_CPUCTL, STARTCPU, 1, 1)
    NV_FIELD(FALCON_CPUCTL, HALTED, 4, 1)
    NV_FIELD(FALCON_CPUCTL, ALIAS_EN, 6, 1)
NV_REG32(FALCON_BOOTVEC,        0x104)
NV_REG32(FALCON_HWCFG,          0x108)
    NV_FIELD(FALCON_HWCFG, IMEM_SIZE, 0, 9)     /* 256-byte blocks */
    NV_FIELD(FALCON_HWCFG, DMEM_SIZE, 9, 9)
NV_REG32(FALCON_DMACTL,         0x10c)
    NV_FIELD(FALCON_DMACTL, DMEM_SCRUBBING, 1, 1)   /* pending */
    NV_FIELD(FALCON_DMACTL, IMEM_SCRUBBING, 2, 1)
NV_REG32(FALCON_HWCFG1,         0x12c)
    NV_FIELD(FALCON_HWCFG1, CORE_REV, 0, 4)
    NV_FIELD(FALCON_HWCFG1, SECURITY_MODEL, 4, 2)   /* 2 light, 3 heavy secure */
    NV_FIELD(FALCON_HWCFG1, IMEM_PORTS, 8, 4)
    NV_FIELD(FALCON_HWCFG1, DMEM_PORTS, 12, 4)
NV_REG32(FALCON_CPUCTL_ALIAS,   0x130)  /* CPUCTL's fields */
NV_REG32(FALCON_IMEMC,          0x180)
NV_REG32(FALCON_IMEMD,          0x184)
NV_REG32(FALCON_IMEMT,          0x188)
NV_REG32(FALCON_DMEMC,          0x1c0)
NV_REG32(FALCON_DMEMD,          0x1c4)
    /* The fields of IMEMC and DMEMC */
    NV_FIELD(FALCON_MEMC, OFFSET, 2, 22)        /* word address */
    NV_FIELD(FALCON_MEMC, AINCW, 24, 1)         /* auto-increment on write */
    NV_FIELD(FALCON_MEMC, AINCR, 25, 1)         /* auto-increment on read */
NV_REG32(FALCON_ENGINE,         0x3c0)
    NV_FIELD(FALCON_ENGINE, RESET, 0, 1)        /* held in reset */
NV_REG32(FALCON_SEC2_DEBUG,     0x408)
    NV_FIELD(FALCON_SEC2_DEBUG, DEBUG_MODE, 20, 1)  /* debug-fused */
NV_REG32(FALCON_PMU_INST_BIND,  0x480)  /* the PMU's instance bind: INST_BIND's fields */
NV_REG32(FALCON_PMU_DEBUG,      0xc08)
NV_REG32(SEC2_CMDQ_HEAD,        0xc00)  /* queue positions: DMEM addresses */
NV_REG32(SEC2_CMDQ_TAIL,        0xc04)
NV_REG32(SEC2_MSGQ_HEAD,        0xc80)
NV_REG32(SEC2_MSGQ_TAIL,        0xc84)

/* MAILBOX0 after an HS job: 0 is success; the model's failure code. */
#define NV_ACR_ERROR_NO_WPR         0xac0e0001

#define NV_FALCON_DMEM_SIZE         0x10000     /* 64 KiB, as HWCFG says */
/* Where the SEC2 RTOS keeps its queues (DMEM addresses: the driver accepts any). */
#define NV_SEC2_CMDQ_BASE           0x8000
#define NV_SEC2_MSGQ_BASE           0x9000
#define NV_SEC2_QUEUE_SIZE          0x800

/* HWCFG of a falcon with imem and dmem KiB of memory (4 blocks a KiB). */
#define NV_FALCON_HWCFG_KIB(imem, dmem)                                       \
    NV_FDP32(NV_FDP32(0, FALCON_HWCFG, IMEM_SIZE, (imem) * 4),                \
             FALCON_HWCFG, DMEM_SIZE, (dmem) * 4)
#define NV_FALCON_HWCFG_VALUE       NV_FALCON_HWCFG_KIB(64, 64)

/* HWCFG1: core revision 6, one IMEM and one DMEM port, the security model. */
#define NV_FALCON_SECURITY_LS       2
#define NV_FALCON_SECURITY_HS       3
static inline uint32_t nv_falcon_hwcfg1(uint32_t security)
{
    uint32_t v = NV_FDP32(0, FALCON_HWCFG1, CORE_REV, 6);

    v = NV_FDP32(v, FALCON_HWCFG1, SECURITY_MODEL, security);
    v = NV_FDP32(v, FALCON_HWCFG1, IMEM_PORTS, 1);
    return NV_FDP32(v, FALCON_HWCFG1, DMEM_PORTS, 1);
}
#define NV_FALCON_HWCFG1_HS         nv_falcon_hwcfg1(NV_FALCON_SECURITY_HS)
#define NV_FALCON_HWCFG1_LS         nv_falcon_hwcfg1(NV_FALCON_SECURITY_LS)

/* PFB WPR_INFO: write an index, read the region's bound. */
NV_REG32(PFB_PRI_MMU_WPR_INFO,  0x100cd4)
    NV_FIELD(PFB_PRI_MMU_WPR_INFO, INDEX, 0, 4)
    NV_FIELD(PFB_PRI_MMU_WPR_INFO, ADDR, 8, 24)     /* address >> 16 */
#define NV_WPR_INFO_WPR1_ADDR_LO    2
#define NV_WPR_INFO_WPR1_ADDR_HI    3
#define NV_WPR_LIMIT_GRANULE        0x20000     /* the HI bound is the last 128 KiB block */

/* The HS bootloader's descriptor in DMEM 0 (flcn_bl_dmem_desc_v2), byte offsets. */
#define NV_HS_BL_DESC_SIZE          0x54
#define NV_HS_BL_DESC_DATA_DMA_BASE 0x40        /* u64: VA of the HS data image */
#define NV_HS_BL_DESC_DATA_SIZE     0x48

/* The ACR descriptor at the data image's start (flcn_acr_desc_v1): region 0, 256-byte units. */
#define NV_ACR_DESC_REGION0_START   0x220
#define NV_ACR_DESC_REGION0_END     0x224

/* Message and command headers of the falcon queues: unit, size (bytes), flags, sequence. */
#define NV_FALCON_QHDR_SIZE         4
#define NV_FALCON_QMSG_MAX          128         /* nouveau's message buffer */
#define NV_FALCON_UNIT_REWIND       0x00        /* command: continue at the queue's start */

/* SEC2 (TU10x "v2" unit ids) and its messages. */
#define NV_SEC2_UNIT_INIT           0x01
#define NV_SEC2_UNIT_UNLOAD         0x05
#define NV_SEC2_UNIT_ACR            0x07
#define NV_SEC2_INIT_MSG_SIZE       32
#define NV_SEC2_QUEUE_ID_CMDQ       0
#define NV_SEC2_QUEUE_ID_MSGQ       1
#define NV_SEC2_ACR_BOOTSTRAP_FALCON 0x00       /* command type */
#define NV_SEC2_ACR_MSG_SIZE        16          /* {hdr, type, error, falcon id} */

/* Falcon ids in ACR commands (FECS and GPCCS are the ones SEC2 bootstraps). */
#define NV_ACR_FALCON_FECS          2
#define NV_ACR_FALCON_GPCCS         3

#endif
