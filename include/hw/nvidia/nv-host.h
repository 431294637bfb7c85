/*
 * Host (FIFO) data structures as the hardware reads them from memory: the
 * instance block's RAMFC words nouveau programs, USERD, runlist entries,
 * GPFIFO entries, pushbuffer method headers, and the host class
 * TURING_CHANNEL_GPFIFO_A (0xc46f) methods. Facts from NVIDIA's dev_ram and
 * clc46f documentation; names and layout are ours.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_HOST_H
#define HW_NVIDIA_NV_HOST_H

#include "hw/nvidia/nv-fields.h"

/* RAMFC (first 512 bytes of the instance block) */
#define NV_RAMFC_USERD_LO       0x008   /* 31:9 address, 1:0 target */
#define NV_RAMFC_USERD_HI       0x00c
#define NV_RAMFC_GP_BASE_LO     0x048   /* 31:3 address */
#define NV_RAMFC_GP_BASE_HI     0x04c   /* 7:0 address 39:32, 20:16 log2(entries) */
#define NV_RAMFC_USERD_ADDR_MASK 0xfffffe00u
#define NV_RAMFC_USERD_TARGET_MASK 0x3u
#define NV_RAMFC_GP_BASE_LO_MASK 0xfffffff8u
NV_REG32(RAMFC_GP_BASE_HI, NV_RAMFC_GP_BASE_HI)
    NV_FIELD(RAMFC_GP_BASE_HI, ADDR, 0, 8)
    NV_FIELD(RAMFC_GP_BASE_HI, LIMIT2, 16, 5)

/* USERD (512 bytes): what the host writes back and the GP_PUT it reads */
#define NV_USERD_SIZE           512
#define NV_USERD_PUT            0x40
#define NV_USERD_GET            0x44
#define NV_USERD_REF            0x48
#define NV_USERD_PUT_HI         0x4c
#define NV_USERD_TOP_LEVEL_GET  0x58
#define NV_USERD_TOP_LEVEL_GET_HI 0x5c
#define NV_USERD_GET_HI         0x60
#define NV_USERD_GP_GET         0x88
#define NV_USERD_GP_PUT         0x8c

/* Runlist entries (16 bytes) */
#define NV_RUNLIST_ENTRY_SIZE   16
#define NV_RUNLIST_MAX_ENTRIES  4096
#define NV_RL_TYPE_TSG          1u      /* dw0 bit 0 */
#define NV_RL_TSG_LENGTH_MASK   0xffu   /* dw1: channels in the TSG */
#define NV_RL_TSG_ID_MASK       0xfffu  /* dw2 */
#define NV_RL_CHAN_ID_MASK      0xfffu  /* dw2 bits 11:0 (instance pointer above) */

/* GPFIFO entries (8 bytes) */
#define NV_GP_ENTRY_SIZE        8
NV_REG32(GP_ENTRY0, 0)
    NV_FIELD(GP_ENTRY0, FETCH_CONDITIONAL, 0, 1)
    NV_FIELD(GP_ENTRY0, GET, 2, 30)             /* address 31:2 */
NV_REG32(GP_ENTRY1, 4)
    NV_FIELD(GP_ENTRY1, GET_HI, 0, 8)           /* address 39:32 */
    NV_FIELD(GP_ENTRY1, OPCODE, 0, 8)           /* when LENGTH is 0 */
    NV_FIELD(GP_ENTRY1, LEVEL_SUBROUTINE, 9, 1)
    NV_FIELD(GP_ENTRY1, LENGTH, 10, 21)         /* dwords */
    NV_FIELD(GP_ENTRY1, SYNC_WAIT, 31, 1)
#define NV_GP_OPCODE_NOP        0
#define NV_GP_OPCODE_ILLEGAL    1
#define NV_GP_OPCODE_GP_CRC     2
#define NV_GP_OPCODE_PB_CRC     3

/* Pushbuffer method headers */
NV_REG32(PB_HDR, 0)
    NV_FIELD(PB_HDR, ADDRESS, 0, 12)            /* method >> 2 */
    NV_FIELD(PB_HDR, SUBDEV_MASK, 4, 12)
    NV_FIELD(PB_HDR, SUBCHANNEL, 13, 3)
    NV_FIELD(PB_HDR, TERT_OP, 16, 2)
    NV_FIELD(PB_HDR, COUNT, 16, 13)
    NV_FIELD(PB_HDR, SEC_OP, 29, 3)
    NV_FIELD(PB_HDR, ADDRESS_OLD, 2, 11)        /* legacy forms: method >> 2 */
    NV_FIELD(PB_HDR, COUNT_OLD, 18, 11)
    NV_FIELD(PB_HDR, CONTROL_OPCODE, 16, 16)    /* subdevice-mask entries */
#define NV_PB_SEC_GRP0_USE_TERT 0
#define NV_PB_SEC_INC_METHOD    1
#define NV_PB_SEC_GRP2_USE_TERT 2
#define NV_PB_SEC_NON_INC_METHOD 3
#define NV_PB_SEC_IMMD_DATA     4
#define NV_PB_SEC_ONE_INC       5
#define NV_PB_SEC_RESERVED6     6
#define NV_PB_SEC_END_SEGMENT   7
#define NV_PB_TERT_GRP0_INC_METHOD 0
#define NV_PB_TERT_SET_SUBDEV_MASK 1
#define NV_PB_TERT_STORE_SUBDEV_MASK 2
#define NV_PB_TERT_USE_SUBDEV_MASK 3
#define NV_PB_TERT_GRP2_NON_INC 0

/* Host class TURING_CHANNEL_GPFIFO_A: methods below 0x100 on any subchannel */
#define NV_HOST_CLASS           0xc46f
#define NV_CLASS_TURING_A       0xc597  /* 3D */
#define NV_CLASS_FERMI_TWOD_A   0x902d  /* 2D */
#define NV_HOST_METHOD_LIMIT    0x100
#define NV_SW_SUBCH_FIRST       5       /* subchannels 5-7: software methods */
#define NV_GRCE_SUBCH           4       /* on the GR runlist: its copy engine */
#define NV_SUBCHANNELS          8
#define NV_C46F_SET_OBJECT      0x0000
#define NV_C46F_ILLEGAL         0x0004
#define NV_C46F_NOP             0x0008
#define NV_C46F_SEMAPHOREA      0x0010  /* 7:0 address 39:32 */
#define NV_C46F_SEMAPHOREB      0x0014  /* 31:2 address 31:2 */
#define NV_C46F_SEMAPHOREC      0x0018  /* payload */
#define NV_C46F_SEMAPHORED      0x001c
#define NV_C46F_NON_STALL_INTERRUPT 0x0020
#define NV_C46F_FB_FLUSH        0x0024
#define NV_C46F_MEM_OP_A        0x0028
#define NV_C46F_MEM_OP_B        0x002c
#define NV_C46F_MEM_OP_C        0x0030
#define NV_C46F_MEM_OP_D        0x0034
#define NV_C46F_SET_REFERENCE   0x0050
#define NV_C46F_SEM_ADDR_LO     0x005c
#define NV_C46F_SEM_ADDR_HI     0x0060
#define NV_C46F_SEM_PAYLOAD_LO  0x0064
#define NV_C46F_SEM_PAYLOAD_HI  0x0068
#define NV_C46F_SEM_EXECUTE     0x006c
#define NV_C46F_WFI             0x0078
#define NV_C46F_CRC_CHECK       0x007c
#define NV_C46F_YIELD           0x0080
#define NV_C46F_CLEAR_FAULTED   0x0084

NV_REG32(C46F_SET_OBJECT, NV_C46F_SET_OBJECT)
    NV_FIELD(C46F_SET_OBJECT, NVCLASS, 0, 16)
NV_REG32(C46F_SEMAPHORED, NV_C46F_SEMAPHORED)
    NV_FIELD(C46F_SEMAPHORED, OPERATION, 0, 5)
    NV_FIELD(C46F_SEMAPHORED, RELEASE_SIZE_4BYTE, 24, 1)
    NV_FIELD(C46F_SEMAPHORED, REDUCTION, 27, 4)
    NV_FIELD(C46F_SEMAPHORED, FORMAT_UNSIGNED, 31, 1)
#define NV_SEMD_OP_ACQUIRE      0x01
#define NV_SEMD_OP_RELEASE      0x02
#define NV_SEMD_OP_ACQ_GEQ      0x04
#define NV_SEMD_OP_ACQ_AND      0x08
#define NV_SEMD_OP_REDUCTION    0x10
NV_REG32(C46F_SEM_EXECUTE, NV_C46F_SEM_EXECUTE)
    NV_FIELD(C46F_SEM_EXECUTE, OPERATION, 0, 3)
    NV_FIELD(C46F_SEM_EXECUTE, PAYLOAD_SIZE_64BIT, 24, 1)
    NV_FIELD(C46F_SEM_EXECUTE, RELEASE_TIMESTAMP, 25, 1)
    NV_FIELD(C46F_SEM_EXECUTE, REDUCTION, 27, 4)
    NV_FIELD(C46F_SEM_EXECUTE, FORMAT_UNSIGNED, 31, 1)
#define NV_SEMX_OP_ACQUIRE      0
#define NV_SEMX_OP_RELEASE      1
#define NV_SEMX_OP_ACQ_STRICT_GEQ 2
#define NV_SEMX_OP_ACQ_CIRC_GEQ 3
#define NV_SEMX_OP_ACQ_AND      4
#define NV_SEMX_OP_ACQ_NOR      5
#define NV_SEMX_OP_REDUCTION    6
/* Reductions (both forms) */
#define NV_SEM_RED_MIN          0
#define NV_SEM_RED_MAX          1
#define NV_SEM_RED_XOR          2
#define NV_SEM_RED_AND          3
#define NV_SEM_RED_OR           4
#define NV_SEM_RED_ADD          5
#define NV_SEM_RED_INC          6
#define NV_SEM_RED_DEC          7
NV_REG32(C46F_MEM_OP_D, NV_C46F_MEM_OP_D)
    NV_FIELD(C46F_MEM_OP_D, OPERATION, 27, 5)
#define NV_MEMOP_MEMBAR                 0x05
#define NV_MEMOP_MMU_TLB_INVALIDATE     0x09
#define NV_MEMOP_MMU_TLB_INVALIDATE_TARGETED 0x0a
#define NV_MEMOP_L2_PEERMEM_INVALIDATE  0x0d
#define NV_MEMOP_L2_SYSMEM_INVALIDATE   0x0e
#define NV_MEMOP_L2_CLEAN_COMPTAGS      0x0f
#define NV_MEMOP_L2_FLUSH_DIRTY         0x10
#define NV_MEMOP_L2_WAIT_FOR_SYS_PENDING_READS 0x15

#endif
