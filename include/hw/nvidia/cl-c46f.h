/*
 * TURING_CHANNEL_GPFIFO_A (class 0xc46f), the host class: methods below
 * 0x100 on any subchannel. Every method and field comes from the class's
 * method table (methods/c46f.h, generated from NVIDIA's published class
 * description); this header adds the subchannel conventions and the
 * encodings the model acts on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C46F_H
#define HW_NVIDIA_CL_C46F_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c46f.h"

#define NV_HOST_CLASS           0xc46f
#define NV_HOST_METHOD_LIMIT    0x100
#define NV_SW_SUBCH_FIRST       5       /* subchannels 5-7: software methods */
#define NV_GRCE_SUBCH           4       /* on the GR runlist: its copy engine */
#define NV_SUBCHANNELS          8

NV_CLASS_CONSTS(NV_C46F_METHODS)

/* SEMAPHORED */
#define NV_SEMD_OP_ACQUIRE      0x01
#define NV_SEMD_OP_RELEASE      0x02
#define NV_SEMD_OP_ACQ_GEQ      0x04
#define NV_SEMD_OP_ACQ_AND      0x08
#define NV_SEMD_OP_REDUCTION    0x10
#define NV_SEMD_RELEASE_SIZE_16BYTE 0
#define NV_SEMD_RELEASE_SIZE_4BYTE  1
#define NV_SEMD_FORMAT_SIGNED   0
#define NV_SEMD_FORMAT_UNSIGNED 1

/* SEM_EXECUTE */
#define NV_SEMX_OP_ACQUIRE      0
#define NV_SEMX_OP_RELEASE      1
#define NV_SEMX_OP_ACQ_STRICT_GEQ 2
#define NV_SEMX_OP_ACQ_CIRC_GEQ 3
#define NV_SEMX_OP_ACQ_AND      4
#define NV_SEMX_OP_ACQ_NOR      5
#define NV_SEMX_OP_REDUCTION    6
#define NV_SEMX_PAYLOAD_SIZE_32BIT 0
#define NV_SEMX_PAYLOAD_SIZE_64BIT 1
#define NV_SEMX_FORMAT_SIGNED   0
#define NV_SEMX_FORMAT_UNSIGNED 1

/* REDUCTION (both forms) */
#define NV_SEM_RED_MIN          0
#define NV_SEM_RED_MAX          1
#define NV_SEM_RED_XOR          2
#define NV_SEM_RED_AND          3
#define NV_SEM_RED_OR           4
#define NV_SEM_RED_ADD          5
#define NV_SEM_RED_INC          6
#define NV_SEM_RED_DEC          7

/* MEM_OP_D OPERATION */
#define NV_MEMOP_MEMBAR                 0x05
#define NV_MEMOP_MMU_TLB_INVALIDATE     0x09
#define NV_MEMOP_MMU_TLB_INVALIDATE_TARGETED 0x0a
#define NV_MEMOP_L2_PEERMEM_INVALIDATE  0x0d
#define NV_MEMOP_L2_SYSMEM_INVALIDATE   0x0e
#define NV_MEMOP_L2_CLEAN_COMPTAGS      0x0f
#define NV_MEMOP_L2_FLUSH_DIRTY         0x10
#define NV_MEMOP_L2_WAIT_FOR_SYS_PENDING_READS 0x15

#endif
