/*
 * Host (FIFO) data structures as the hardware reads them from memory: the
 * instance block's RAMFC words nouveau programs, USERD, runlist entries,
 * GPFIFO entries and pushbuffer method headers; the host class itself is
 * cl-c46f.h. Facts from NVIDIA's dev_ram documentation; names and layout
 * are ours.
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

#include "hw/nvidia/cl-c46f.h"

#endif
