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

/* Falcon bases on TU10x (SEC2's is fixed; PTOP's entry is not used for it). */
#define NV_PMU_BASE                 0x10a000
#define NV_GSP_BASE                 0x110000
#define NV_SEC2_BASE                0x840000
#define NV_FALCON_SIZE              0x1000

/* The common register block. */
#define NV_FALCON_IRQSSET           0x000   /* write 1: set IRQSTAT bits */
#define NV_FALCON_IRQSCLR           0x004   /* write 1: clear IRQSTAT bits; reads 0 */
#define NV_FALCON_IRQSTAT           0x008
#define NV_FALCON_IRQMSET           0x010   /* write 1: set IRQMASK bits */
#define NV_FALCON_IRQMCLR           0x014   /* write 1: clear IRQMASK bits */
#define NV_FALCON_IRQMASK           0x018
#define NV_FALCON_IRQDEST           0x01c   /* 15:0 to the host; 31:16 host's non-stall */
#define NV_FALCON_MAILBOX0          0x040
#define NV_FALCON_MAILBOX1          0x044
#define NV_FALCON_INST_BIND         0x054   /* 30 valid, 29:28 target, 27:0 inst >> 12 */
#define NV_FALCON_BIND_CTRL         0x058   /* bit 1: acknowledge the bind */
#define NV_FALCON_BIND_STATUS       0x0dc   /* 14:12 bind state */
#define NV_FALCON_CPUCTL            0x100
#define NV_FALCON_BOOTVEC           0x104
#define NV_FALCON_HWCFG             0x108
#define NV_FALCON_DMACTL            0x10c   /* 2:1 memory scrubbing pending */
#define NV_FALCON_HWCFG1            0x12c
#define NV_FALCON_CPUCTL_ALIAS      0x130
#define NV_FALCON_IMEMC             0x180
#define NV_FALCON_IMEMD             0x184
#define NV_FALCON_IMEMT             0x188
#define NV_FALCON_DMEMC             0x1c0
#define NV_FALCON_DMEMD             0x1c4
#define NV_FALCON_ENGINE_RESET      0x3c0   /* bit 0: held in reset */
#define NV_FALCON_PMU_INST_BIND     0x480   /* the PMU's instance bind */
#define NV_FALCON_SEC2_DEBUG        0x408   /* bit 20: debug-fused */
#define NV_FALCON_PMU_DEBUG         0xc08
#define NV_SEC2_CMDQ_HEAD           0xc00
#define NV_SEC2_CMDQ_TAIL           0xc04
#define NV_SEC2_MSGQ_HEAD           0xc80
#define NV_SEC2_MSGQ_TAIL           0xc84

/* MAILBOX0 after an HS job: 0 is success; the model's failure code. */
#define NV_ACR_ERROR_NO_WPR         0xac0e0001

#define NV_FALCON_IRQ_BIND          (1u << 3)   /* instance bind done */
#define NV_FALCON_IRQ_HALT          (1u << 4)
#define NV_FALCON_IRQ_SWGEN0        (1u << 6)   /* the RTOS posted messages */
#define NV_FALCON_INST_BIND_VALID   (1u << 30)
#define NV_FALCON_INST_TARGET_SHIFT 28
#define NV_FALCON_BIND_CTRL_ACK     (1u << 1)
#define NV_FALCON_BIND_STATE_DONE   5
#define NV_FALCON_BIND_STATE_SHIFT  12
#define NV_FALCON_CPUCTL_STARTCPU   (1u << 1)
#define NV_FALCON_CPUCTL_HALTED     (1u << 4)
#define NV_FALCON_CPUCTL_ALIAS_EN   (1u << 6)
#define NV_FALCON_MEMC_OFFSET_MASK  0x00fffffc
#define NV_FALCON_MEMC_AINCW        (1u << 24)  /* auto-increment on write */
#define NV_FALCON_MEMC_AINCR        (1u << 25)  /* auto-increment on read */
#define NV_FALCON_DMEM_SIZE         0x10000     /* 64 KiB, as HWCFG says */
/* Where the SEC2 RTOS keeps its queues (DMEM addresses: the driver accepts any). */
#define NV_SEC2_CMDQ_BASE           0x8000
#define NV_SEC2_MSGQ_BASE           0x9000
#define NV_SEC2_QUEUE_SIZE          0x800

/*
 * HWCFG: IMEM and DMEM sizes in 256-byte blocks (bits 8:0, 17:9), given in
 * KiB. HWCFG1: core revision 6 (3:0), security model (5:4: 2 light, 3 heavy
 * secure), one IMEM and one DMEM port (11:8, 15:12).
 */
#define NV_FALCON_HWCFG_KIB(imem, dmem) ((imem) * 4 | (dmem) * 4 << 9)
#define NV_FALCON_HWCFG_VALUE       NV_FALCON_HWCFG_KIB(64, 64)
#define NV_FALCON_HWCFG1_HS         (6 | 3 << 4 | 1 << 8 | 1 << 12)
#define NV_FALCON_HWCFG1_LS         (6 | 2 << 4 | 1 << 8 | 1 << 12)

/* PFB WPR_INFO: write an index, read the region's bound (bits 31:8 = address >> 16). */
#define A_PFB_PRI_MMU_WPR_INFO      0x100cd4
#define NV_WPR_INFO_INDEX_MASK      0xf
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
