/*
 * Plain registers of the BAR0 map: storage with a cold value and an access
 * kind, for registers nouveau programs or polls that need no behaviour.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_PLAIN_REGS_H
#define HW_NVIDIA_GPU_PLAIN_REGS_H

#include <stdint.h>

/*
 * Plain registers: storage with a cold value and an access kind, for
 * registers nouveau programs or polls that need no behaviour (name, offset,
 * cold value, kind). Looked up when no unit handles an offset. Sorted.
 */
#define NV_PLAIN_REGS(X)                                                     \
    X(GPIO_INTR_0,              0x00dc00, 0, NV_PLAIN_W1C)                   \
    X(GPIO_INTR_EN_0,           0x00dc08, 0, NV_PLAIN_RW)                    \
    X(I2C_AUX_INTR,             0x00dc60, 0, NV_PLAIN_W1C)                   \
    X(I2C_AUX_INTR_EN,          0x00dc68, 0, NV_PLAIN_RW)                    \
    X(GPIO_INTR_1,              0x00dc80, 0, NV_PLAIN_W1C)                   \
    X(GPIO_INTR_EN_1,           0x00dc88, 0, NV_PLAIN_RW)                    \
    X(THERM_TEMP,               0x020460, 0, NV_PLAIN_RO) /* no sensor */    \
    X(PFB_SYSMEM_FLUSH_PAGE,    0x100c10, 0, NV_PLAIN_RW)                    \
    X(PFB_MMU_CTRL,             0x100c80, 0, NV_PLAIN_RW)                    \
    X(PFB_MMU_DEBUG_CTRL,       0x100cc4, 0, NV_PLAIN_RW)                    \
    X(PFB_MMU_DEBUG_WR,         0x100cc8, 0, NV_PLAIN_RW)                    \
    X(PFB_MMU_DEBUG_RD,         0x100ccc, 0, NV_PLAIN_RW)                    \
    X(PFB_FBHUB_RAM_CFG,        0x10ecc0, 0, NV_PLAIN_RW) /* RAMMAP follow-up */ \
    X(PPRIV_MASTER_RING_CMD,    0x12004c, 0, NV_PLAIN_RO) /* never busy */  \
    X(LTC_ZBC_CTRL,             0x17e204, 0, NV_PLAIN_RW)                    \
    X(LTC_ZBC_INDEX,            0x17e338, 0, NV_PLAIN_RW)                    \
    X(LTC_ZBC_COLOR_0,          0x17e33c, 0, NV_PLAIN_RW)                    \
    X(LTC_ZBC_COLOR_1,          0x17e340, 0, NV_PLAIN_RW)                    \
    X(LTC_ZBC_COLOR_2,          0x17e344, 0, NV_PLAIN_RW)                    \
    X(LTC_ZBC_COLOR_3,          0x17e348, 0, NV_PLAIN_RW)                    \
    X(LTC_ZBC_DEPTH,            0x17e34c, 0, NV_PLAIN_RW)                    \
    X(PFB_NISO_VPR_SCRUB,       0x1fa80c, 0, NV_PLAIN_RO) /* no scrub needed */ \
    X(PFB_NISO_MMU_CTRL,        0x1fac80, 0, NV_PLAIN_RW)                    \
    X(PFB_NISO_MMU_DEBUG_CTRL,  0x1facc4, 0, NV_PLAIN_RW)                    \
    X(PFB_NISO_MMU_DEBUG_WR,    0x1facc8, 0, NV_PLAIN_RW)                    \
    X(PFB_NISO_MMU_DEBUG_RD,    0x1faccc, 0, NV_PLAIN_RW)                    \
    X(FBPA_BCAST_CFG_0160,      0x9a0160, 0, NV_PLAIN_RW) /* RAMMAP follow-up */ \
    X(FBPA_BCAST_CFG_0584,      0x9a0584, 0, NV_PLAIN_RW)                    \
    X(PFIFO_DOORBELL_ENABLE,    0xb65000, 0, NV_PLAIN_RW) /* doorbells always work */

enum { NV_PLAIN_RW, NV_PLAIN_RO, NV_PLAIN_W1C };

typedef struct NvPlainReg {
    const char *name;
    uint32_t offset, cold;
    unsigned kind;
} NvPlainReg;

#define NV_PLAIN_ENUM(name, off, cold, kind) NV_PLAIN_ ## name,
enum { NV_PLAIN_REGS(NV_PLAIN_ENUM) NV_PLAIN_COUNT };
#undef NV_PLAIN_ENUM

#endif
