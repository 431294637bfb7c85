/*
 * TURING_DMA_COPY_A (class 0xc5b5), the copy engine: method byte offsets in
 * the class and their fields. Written from NVIDIA's published class
 * description (open-gpu-doc, classes/dma-copy/clc5b5.h); names follow
 * nv-fields.h. Fields that the source and destination variants of a method
 * share are declared once, under the method's generic name.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C5B5_H
#define HW_NVIDIA_CL_C5B5_H

#include "hw/nvidia/nv-fields.h"

#define NV_CLASS_TURING_DMA_COPY_A      0xc5b5

NV_REG32(C5B5_NOP,                      0x0100)
NV_REG32(C5B5_PM_TRIGGER,               0x0140)

/* Semaphore released when a launch completes (SEMAPHORE_TYPE) */
NV_REG32(C5B5_SET_SEMAPHORE_A,          0x0240)
    NV_FIELD(C5B5_SET_SEMAPHORE_A, UPPER, 0, 17)    /* VA bits 48:32 */
NV_REG32(C5B5_SET_SEMAPHORE_B,          0x0244)     /* VA bits 31:0 */
NV_REG32(C5B5_SET_SEMAPHORE_PAYLOAD,    0x0248)

/* Conditional execution (stored, not acted on by the model) */
NV_REG32(C5B5_SET_RENDER_ENABLE_A,      0x0254)
NV_REG32(C5B5_SET_RENDER_ENABLE_B,      0x0258)
NV_REG32(C5B5_SET_RENDER_ENABLE_C,      0x025c)

/* Aperture of a physical (SRC_TYPE/DST_TYPE PHYSICAL) surface */
NV_REG32(C5B5_SET_SRC_PHYS_MODE,        0x0260)
NV_REG32(C5B5_SET_DST_PHYS_MODE,        0x0264)
    NV_FIELD(C5B5_PHYS_MODE, TARGET, 0, 2)
    NV_FIELD(C5B5_PHYS_MODE, BASIC_KIND, 2, 4)
#define C5B5_PHYS_MODE_TARGET_LOCAL_FB              0
#define C5B5_PHYS_MODE_TARGET_COHERENT_SYSMEM       1
#define C5B5_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM    2

NV_REG32(C5B5_LAUNCH_DMA,               0x0300)
    NV_FIELD(C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE, 0, 2)
    NV_FIELD(C5B5_LAUNCH_DMA, FLUSH_ENABLE, 2, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, SEMAPHORE_TYPE, 3, 2)
    NV_FIELD(C5B5_LAUNCH_DMA, INTERRUPT_TYPE, 5, 2)
    NV_FIELD(C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, 7, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, 8, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, MULTI_LINE_ENABLE, 9, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, REMAP_ENABLE, 10, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, FORCE_RMWDISABLE, 11, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, SRC_TYPE, 12, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, DST_TYPE, 13, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, SEMAPHORE_REDUCTION, 14, 4)
    NV_FIELD(C5B5_LAUNCH_DMA, SEMAPHORE_REDUCTION_SIGN, 18, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, SEMAPHORE_REDUCTION_ENABLE, 19, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, SRC_BYPASS_L2, 20, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, DST_BYPASS_L2, 21, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, VPRMODE, 22, 2)
    NV_FIELD(C5B5_LAUNCH_DMA, RESERVED_START_OF_COPY, 24, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, FLUSH_TYPE, 25, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, DISABLE_PLC, 26, 1)
    NV_FIELD(C5B5_LAUNCH_DMA, RESERVED_ERR_CODE, 28, 4)
#define C5B5_DATA_TRANSFER_NONE                     0   /* semaphore/interrupt only */
#define C5B5_DATA_TRANSFER_PIPELINED                1
#define C5B5_DATA_TRANSFER_NON_PIPELINED            2
#define C5B5_SEMAPHORE_NONE                         0
#define C5B5_SEMAPHORE_RELEASE_ONE_WORD             1
#define C5B5_SEMAPHORE_RELEASE_FOUR_WORD            2   /* payload, 0, u64 time */
#define C5B5_SEMAPHORE_RELEASE_CONDITIONAL_INTR     3
#define C5B5_INTERRUPT_NONE                         0
#define C5B5_INTERRUPT_BLOCKING                     1
#define C5B5_INTERRUPT_NON_BLOCKING                 2
#define C5B5_LAYOUT_BLOCKLINEAR                     0
#define C5B5_LAYOUT_PITCH                           1
#define C5B5_TYPE_VIRTUAL                           0
#define C5B5_TYPE_PHYSICAL                          1
#define C5B5_REDUCTION_IMIN                         0
#define C5B5_REDUCTION_IMAX                         1
#define C5B5_REDUCTION_IXOR                         2
#define C5B5_REDUCTION_IAND                         3
#define C5B5_REDUCTION_IOR                          4
#define C5B5_REDUCTION_IADD                         5
#define C5B5_REDUCTION_INC                          6
#define C5B5_REDUCTION_DEC                          7
#define C5B5_REDUCTION_FADD                         10
#define C5B5_REDUCTION_SIGN_SIGNED                  0
#define C5B5_REDUCTION_SIGN_UNSIGNED                1
#define C5B5_VPRMODE_NONE                           0
#define C5B5_VPRMODE_VID2VID                        1

/* The transfer: addresses, pitches (bytes) and the line geometry */
NV_REG32(C5B5_OFFSET_IN_UPPER,          0x0400)
NV_REG32(C5B5_OFFSET_IN_LOWER,          0x0404)
NV_REG32(C5B5_OFFSET_OUT_UPPER,         0x0408)
NV_REG32(C5B5_OFFSET_OUT_LOWER,         0x040c)
    NV_FIELD(C5B5_OFFSET_UPPER, UPPER, 0, 17)       /* address bits 48:32 */
NV_REG32(C5B5_PITCH_IN,                 0x0410)
NV_REG32(C5B5_PITCH_OUT,                0x0414)
NV_REG32(C5B5_LINE_LENGTH_IN,           0x0418)     /* bytes, or elements with remap */
NV_REG32(C5B5_LINE_COUNT,               0x041c)

/* Component remapping (REMAP_ENABLE): how memset is done */
NV_REG32(C5B5_SET_REMAP_CONST_A,        0x0700)
NV_REG32(C5B5_SET_REMAP_CONST_B,        0x0704)
NV_REG32(C5B5_SET_REMAP_COMPONENTS,     0x0708)
    NV_FIELD(C5B5_SET_REMAP_COMPONENTS, DST_X, 0, 3)
    NV_FIELD(C5B5_SET_REMAP_COMPONENTS, DST_Y, 4, 3)
    NV_FIELD(C5B5_SET_REMAP_COMPONENTS, DST_Z, 8, 3)
    NV_FIELD(C5B5_SET_REMAP_COMPONENTS, DST_W, 12, 3)
    NV_FIELD(C5B5_SET_REMAP_COMPONENTS, COMPONENT_SIZE, 16, 2)      /* bytes - 1 */
    NV_FIELD(C5B5_SET_REMAP_COMPONENTS, NUM_SRC_COMPONENTS, 20, 2)  /* count - 1 */
    NV_FIELD(C5B5_SET_REMAP_COMPONENTS, NUM_DST_COMPONENTS, 24, 2)  /* count - 1 */
#define C5B5_REMAP_DST_SHIFT_STEP                   4   /* DST_X, Y, Z, W are 4 bits apart */
#define C5B5_REMAP_SRC_X                            0
#define C5B5_REMAP_SRC_Y                            1
#define C5B5_REMAP_SRC_Z                            2
#define C5B5_REMAP_SRC_W                            3
#define C5B5_REMAP_CONST_A                          4
#define C5B5_REMAP_CONST_B                          5
#define C5B5_REMAP_NO_WRITE                         6

/* Block-linear surfaces: destination 0x70c..0x720, source 0x728..0x73c */
NV_REG32(C5B5_SET_DST_BLOCK_SIZE,       0x070c)
NV_REG32(C5B5_SET_DST_WIDTH,            0x0710)     /* bytes, or elements with remap */
NV_REG32(C5B5_SET_DST_HEIGHT,           0x0714)     /* lines */
NV_REG32(C5B5_SET_DST_DEPTH,            0x0718)
NV_REG32(C5B5_SET_DST_LAYER,            0x071c)     /* the Z slice copied */
NV_REG32(C5B5_SET_DST_ORIGIN,           0x0720)
NV_REG32(C5B5_SET_SRC_BLOCK_SIZE,       0x0728)
NV_REG32(C5B5_SET_SRC_WIDTH,            0x072c)
NV_REG32(C5B5_SET_SRC_HEIGHT,           0x0730)
NV_REG32(C5B5_SET_SRC_DEPTH,            0x0734)
NV_REG32(C5B5_SET_SRC_LAYER,            0x0738)
NV_REG32(C5B5_SET_SRC_ORIGIN,           0x073c)
    NV_FIELD(C5B5_BLOCK_SIZE, WIDTH, 0, 4)          /* log2 GOBs */
    NV_FIELD(C5B5_BLOCK_SIZE, HEIGHT, 4, 4)         /* log2 GOBs */
    NV_FIELD(C5B5_BLOCK_SIZE, DEPTH, 8, 4)          /* log2 GOBs */
    NV_FIELD(C5B5_BLOCK_SIZE, GOB_HEIGHT, 12, 4)
    NV_FIELD(C5B5_ORIGIN, X, 0, 16)                 /* bytes, or elements with remap */
    NV_FIELD(C5B5_ORIGIN, Y, 16, 16)                /* lines */
#define C5B5_BLOCK_SIZE_LOG2_MAX                    5   /* THIRTYTWO_GOBS */
#define C5B5_GOB_HEIGHT_FERMI_8                     1

/* 32-bit origins (the same origin registers as SET_*_ORIGIN, full width) */
NV_REG32(C5B5_SRC_ORIGIN_X,             0x0744)
NV_REG32(C5B5_SRC_ORIGIN_Y,             0x0748)
NV_REG32(C5B5_DST_ORIGIN_X,             0x074c)
NV_REG32(C5B5_DST_ORIGIN_Y,             0x0750)

NV_REG32(C5B5_PM_TRIGGER_END,           0x1114)

#endif
