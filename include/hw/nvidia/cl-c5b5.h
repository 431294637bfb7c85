/*
 * TURING_DMA_COPY_A (class 0xc5b5), the copy engine. Every method and field
 * comes from the class's method table (methods/c5b5.h, generated from
 * NVIDIA's published class description); this header adds the encodings
 * the model acts on and the layouts that the source and destination
 * variants of a method share, declared once under a generic name (each
 * checked against both variants below).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_CL_C5B5_H
#define HW_NVIDIA_CL_C5B5_H

#include "hw/nvidia/nv-fields.h"
#include "hw/nvidia/methods/c5b5.h"

#define NV_CLASS_TURING_DMA_COPY_A      0xc5b5

NV_CLASS_CONSTS(NV_C5B5_METHODS)

/* LAUNCH_DMA encodings */
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

/* SET_*_PHYS_MODE: the aperture of a physical surface */
NV_FIELD(C5B5_PHYS_MODE, TARGET, 0, 2)
#define C5B5_PHYS_MODE_TARGET_LOCAL_FB              0
#define C5B5_PHYS_MODE_TARGET_COHERENT_SYSMEM       1
#define C5B5_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM    2

/* OFFSET_IN_UPPER, OFFSET_OUT_UPPER: address bits 48:32 */
NV_FIELD(C5B5_OFFSET_UPPER, UPPER, 0, 17)

/* SET_REMAP_COMPONENTS selections (DST_X, Y, Z, W are 4 bits apart) */
#define C5B5_REMAP_DST_SHIFT_STEP                   4
#define C5B5_REMAP_SRC_X                            0
#define C5B5_REMAP_SRC_Y                            1
#define C5B5_REMAP_SRC_Z                            2
#define C5B5_REMAP_SRC_W                            3
#define C5B5_REMAP_CONST_A                          4
#define C5B5_REMAP_CONST_B                          5
#define C5B5_REMAP_NO_WRITE                         6

/* SET_*_BLOCK_SIZE (log2 GOBs) and SET_*_ORIGIN (X bytes or elements, Y lines) */
NV_FIELD(C5B5_BLOCK_SIZE, WIDTH, 0, 4)
NV_FIELD(C5B5_BLOCK_SIZE, HEIGHT, 4, 4)
NV_FIELD(C5B5_BLOCK_SIZE, DEPTH, 8, 4)
NV_FIELD(C5B5_BLOCK_SIZE, GOB_HEIGHT, 12, 4)
NV_FIELD(C5B5_ORIGIN, X, 0, 16)
NV_FIELD(C5B5_ORIGIN, Y, 16, 16)
#define C5B5_BLOCK_SIZE_LOG2_MAX                    5   /* THIRTYTWO_GOBS */
#define C5B5_GOB_HEIGHT_FERMI_8                     1

/* The shared layouts are those of both variants. */
#define C5B5_SAME_FIELD(shared, f, mthd, mf)                                   \
    _Static_assert((int)R_C5B5_##shared##_##f##_SHIFT == (int)R_C5B5_##mthd##_##mf##_SHIFT && \
                   (int)R_C5B5_##shared##_##f##_LENGTH == (int)R_C5B5_##mthd##_##mf##_LENGTH, \
                   #mthd "." #mf " is " #shared "." #f);
C5B5_SAME_FIELD(PHYS_MODE, TARGET, SET_SRC_PHYS_MODE, TARGET)
C5B5_SAME_FIELD(PHYS_MODE, TARGET, SET_DST_PHYS_MODE, TARGET)
C5B5_SAME_FIELD(OFFSET_UPPER, UPPER, OFFSET_IN_UPPER, UPPER)
C5B5_SAME_FIELD(OFFSET_UPPER, UPPER, OFFSET_OUT_UPPER, UPPER)
C5B5_SAME_FIELD(BLOCK_SIZE, WIDTH, SET_SRC_BLOCK_SIZE, WIDTH)
C5B5_SAME_FIELD(BLOCK_SIZE, HEIGHT, SET_SRC_BLOCK_SIZE, HEIGHT)
C5B5_SAME_FIELD(BLOCK_SIZE, DEPTH, SET_SRC_BLOCK_SIZE, DEPTH)
C5B5_SAME_FIELD(BLOCK_SIZE, WIDTH, SET_DST_BLOCK_SIZE, WIDTH)
C5B5_SAME_FIELD(BLOCK_SIZE, HEIGHT, SET_DST_BLOCK_SIZE, HEIGHT)
C5B5_SAME_FIELD(BLOCK_SIZE, DEPTH, SET_DST_BLOCK_SIZE, DEPTH)
C5B5_SAME_FIELD(BLOCK_SIZE, GOB_HEIGHT, SET_SRC_BLOCK_SIZE, GOB_HEIGHT)
C5B5_SAME_FIELD(BLOCK_SIZE, GOB_HEIGHT, SET_DST_BLOCK_SIZE, GOB_HEIGHT)
C5B5_SAME_FIELD(ORIGIN, X, SET_SRC_ORIGIN, X)
C5B5_SAME_FIELD(ORIGIN, Y, SET_SRC_ORIGIN, Y)
C5B5_SAME_FIELD(ORIGIN, X, SET_DST_ORIGIN, X)
C5B5_SAME_FIELD(ORIGIN, Y, SET_DST_ORIGIN, Y)
#undef C5B5_SAME_FIELD

#endif
