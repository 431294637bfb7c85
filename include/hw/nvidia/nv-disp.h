/*
 * The display engine of the emulated TU104 (NVDisplay, "disp"): its BAR0
 * registers, the display channels' pushbuffer and notifier formats, RAMHT
 * entries and context DMAs, the GPIO/I2C pads DDC runs over, and the
 * surface formats. Offsets and fields follow NVIDIA's published manual
 * (dev_display.ref, TU104) and class headers (clc57d.h and siblings), and
 * what Linux nouveau programs (../shared/reference/nouveau-tu10x-disp.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_DISP_H
#define HW_NVIDIA_NV_DISP_H

#include "hw/nvidia/nv-fields.h"

/* What the model builds: one head, one SOR (TMDS), two windows (primary, overlay). */
#define NV_DISP_HEADS           1
#define NV_DISP_SORS            1
#define NV_DISP_WINDOWS         2

/* PMC_INTR_0 lines of the display and of GPIO/I2C (gp100 MC) */
#define NV_PMC_INTR_DISP        (1u << 26)
#define NV_PMC_INTR_GPIO        (1u << 21)

/* ---- GPIO and I2C pads (0x00d000) ---- */
#define NV_GPIO_BASE            0x00d000
#define NV_GPIO_SIZE            0x001000
#define A_I2C_PORT(p)           (0x00d014 + 0x20 * (p))    /* bit-banged port p */
#define NV_I2C_PORTS            1
    NV_FIELD(I2C_PORT, SCL_OUT, 0, 1)       /* 1: released (high) */
    NV_FIELD(I2C_PORT, SDA_OUT, 1, 1)
    NV_FIELD(I2C_PORT, SCL_IN, 4, 1)        /* the line: outputs AND the slave */
    NV_FIELD(I2C_PORT, SDA_IN, 5, 1)
NV_REG32(GPIO_UPDATE,           0x00d604)
#define A_GPIO_LINE(l)          (0x00d610 + 4 * (l))
#define NV_GPIO_LINES           32
    NV_FIELD(GPIO_LINE, SENSE, 14, 1)
#define A_GPIO_INPUT_MUX(n)     (0x00d740 + 4 * (n))
#define NV_GPIO_INPUT_MUXES     32
/*
 * GPIO interrupts of lines 0..15: bit l the line went high, bit 16 + l low
 * (W1C); with a display the gpio unit latches the hot-plug line's edges
 * here; the other GPIO and AUX interrupt registers stay plain registers.
 */
NV_REG32(GPIO_INTR_0,           0x00dc00)
NV_REG32(GPIO_INTR_EN_0,        0x00dc08)
#define NV_GPIO_INTR_LOW_SHIFT  16
/* The monitor's hot-plug detect: GPIO line 1, function HPD_0 in the VBIOS */
#define NV_DISP_HPD_LINE        1

/* HDA codec capability: which SORs can carry audio (none) */
NV_REG32(HDA_SOR_CAP,           0x08a15c)

/* ---- the display block (0x610000-0x6fffff) ---- */
#define NV_DISP_BASE            0x610000
#define NV_DISP_SIZE            0x0f0000

NV_REG32(DISP_FE_INST_MEM0,     0x610010)
    NV_FIELD(DISP_FE_INST_MEM0, TARGET, 0, 2)
    NV_FIELD(DISP_FE_INST_MEM0, VALID, 3, 1)
NV_REG32(DISP_FE_INST_MEM1,     0x610014)   /* address >> 16 */
#define NV_DISP_INST_SHIFT      16
NV_REG32(DISP_FE_HW_SYS_CAP,    0x610060)
    NV_FIELD(DISP_FE_HW_SYS_CAP, HEADS, 0, 8)
    NV_FIELD(DISP_FE_HW_SYS_CAP, SORS, 8, 8)
NV_REG32(DISP_FE_HW_SYS_CAPB,   0x610064)   /* window mask */
NV_REG32(DISP_FE_MISC_CONFIGA,  0x610074)
    NV_FIELD(DISP_FE_MISC_CONFIGA, HEADS, 0, 4)
    NV_FIELD(DISP_FE_MISC_CONFIGA, SORS, 8, 4)
    NV_FIELD(DISP_FE_MISC_CONFIGA, WINDOWS, 20, 6)
NV_REG32(DISP_FE_LOCK_CAPS,     0x610078)

/*
 * Channels by control id: core 0, window w 1+w, window-immediate w 33+w,
 * cursor h 73+h (the ids of CHNCTL, PBBASE and the exception registers).
 */
#define NV_DISP_ID_CORE         0
#define NV_DISP_ID_WIN(w)       (1 + (w))
#define NV_DISP_ID_WIMM(w)      (33 + (w))
#define NV_DISP_ID_CURS(h)      (73 + (h))
#define NV_DISP_IDS             81
#define A_DISP_FE_CHNCTL(id)    (0x6104e0 + 4 * (id))
    NV_FIELD(DISP_FE_CHNCTL, ALLOCATION, 0, 1)
    NV_FIELD(DISP_FE_CHNCTL, CONNECTION, 1, 1)
    NV_FIELD(DISP_FE_CHNCTL, PUTPTR_WRITE, 4, 1)  /* cursor: LOCK_PIO_FIFO */
NV_REG32(DISP_FE_CHNSTATUS_CORE, 0x610630)
    NV_FIELD(DISP_FE_CHNSTATUS_CORE, STATE, 16, 5)
#define NV_DISP_CORE_STATE_DEALLOC  0x0
#define NV_DISP_CORE_STATE_IDLE     0xb
#define A_DISP_FE_CHNSTATUS(id)     (0x610664 + 4 * ((id) - 1))   /* id >= 1 */
    NV_FIELD(DISP_FE_CHNSTATUS, STATE, 16, 4)
#define NV_DISP_CHN_STATE_DEALLOC   0x0
#define NV_DISP_CHN_STATE_IDLE      0x4
NV_REG32(DISP_FE_SUPERVISOR_MAIN, 0x6107a8)
    NV_FIELD(DISP_FE_SUPERVISOR_MAIN, RESTART, 31, 1)
#define A_DISP_FE_SUPERVISOR_HEAD(h) (0x6107ac + 4 * (h))
    NV_FIELD(DISP_FE_SUPERVISOR_HEAD, WILL_BLANK, 8, 1)
    NV_FIELD(DISP_FE_SUPERVISOR_HEAD, WILL_SHUTDOWN, 12, 1)
    NV_FIELD(DISP_FE_SUPERVISOR_HEAD, WILL_CHANGE_VPLL, 16, 1)
#define A_DISP_FE_PBBASEHI(id)  (0x610b20 + 0x10 * (id))
#define A_DISP_FE_PBBASE(id)    (0x610b24 + 0x10 * (id))
    NV_FIELD(DISP_FE_PBBASE, TARGET, 0, 2)    /* 1 VRAM, 2 non-coherent, 3 coherent */
#define NV_DISP_PB_SHIFT        8                 /* PBBASE & ~0xf is address >> 8 */
#define A_DISP_FE_PBSUBDEV(id)  (0x610b28 + 0x10 * (id))
#define A_DISP_FE_PBCLIENT(id)  (0x610b2c + 0x10 * (id))
#define A_DISP_FE_EXCEPT(id)    (0x611020 + 12 * (id))
    NV_FIELD(DISP_FE_EXCEPT, METHOD, 0, 12)       /* method >> 2 */
    NV_FIELD(DISP_FE_EXCEPT, REASON, 12, 3)
    NV_FIELD(DISP_FE_EXCEPT, RESTART, 31, 1)      /* write 1: resume the channel */
#define A_DISP_FE_EXCEPTARG(id) (0x611024 + 12 * (id))
#define A_DISP_FE_EXCEPTERR(id) (0x611028 + 12 * (id))
/* FE_EXCEPT reasons (nouveau prints their names) */
#define NV_DISP_EXC_PUSHBUFFER_ERR      1
#define NV_DISP_EXC_RESERVED_METHOD     3
#define NV_DISP_EXC_INVALID_ARG         4
#define NV_DISP_EXC_UNRESOLVABLE_HANDLE 7

/* Interrupts: event status (W1C), RM mask, RM enable per group, and the dispatch summary */
#define A_DISP_EVT_HEAD_TIMING(h)   (0x611800 + 4 * (h))
    NV_FIELD(DISP_EVT_HEAD_TIMING, LOADV, 0, 1)
    NV_FIELD(DISP_EVT_HEAD_TIMING, LAST_DATA, 1, 1)
    NV_FIELD(DISP_EVT_HEAD_TIMING, VBLANK, 2, 1)
NV_REG32(DISP_EVT_ERROR,        0x611848)
NV_REG32(DISP_EVT_EXC_WIN,      0x61184c)
NV_REG32(DISP_EVT_EXC_WINIM,    0x611850)
NV_REG32(DISP_EVT_EXC_OTHER,    0x611854)   /* bit 0 core, 23:16 cursors */
NV_REG32(DISP_EVT_AWAKEN_WIN,   0x611858)
NV_REG32(DISP_EVT_AWAKEN_OTHER, 0x61185c)
NV_REG32(DISP_EVT_CTRL_DISP,    0x611860)
    NV_FIELD(DISP_EVT_CTRL_DISP, SUPERVISOR1, 0, 1)
    NV_FIELD(DISP_EVT_CTRL_DISP, SUPERVISOR2, 1, 1)
    NV_FIELD(DISP_EVT_CTRL_DISP, SUPERVISOR3, 2, 1)
NV_REG32(DISP_RM_INTR_STAT_CTRL_DISP, 0x611c30)
#define A_DISP_MSK_HEAD_TIMING(h)   (0x611cc0 + 4 * (h))
NV_REG32(DISP_MSK_EXC_WIN,      0x611ce4)
NV_REG32(DISP_MSK_EXC_WINIM,    0x611ce8)
NV_REG32(DISP_MSK_EXC_OTHER,    0x611cec)
NV_REG32(DISP_MSK_CTRL_DISP,    0x611cf0)
NV_REG32(DISP_MSK_OR,           0x611cf4)
#define A_DISP_EN_HEAD_TIMING(h)    (0x611d80 + 4 * (h))
NV_REG32(DISP_EN_EXC_WIN,       0x611da4)
NV_REG32(DISP_EN_EXC_WINIM,     0x611da8)
NV_REG32(DISP_EN_EXC_OTHER,     0x611dac)
NV_REG32(DISP_EN_CTRL_DISP,     0x611db0)
NV_REG32(DISP_EN_OR,            0x611db4)
NV_REG32(DISP_RM_INTR_DISPATCH, 0x611ec0)
    NV_FIELD(DISP_RM_INTR_DISPATCH, HEAD_TIMING, 0, 8)
    NV_FIELD(DISP_RM_INTR_DISPATCH, EXC_WIN, 9, 1)
    NV_FIELD(DISP_RM_INTR_DISPATCH, EXC_WINIM, 10, 1)
    NV_FIELD(DISP_RM_INTR_DISPATCH, EXC_OTHER, 11, 1)
    NV_FIELD(DISP_RM_INTR_DISPATCH, CTRL_DISP, 12, 1)

/* Per-head raster generator, per-SOR registers (storage unless named) */
#define A_DISP_RG_DPCA(h)       (0x616330 + 0x800 * (h))   /* 15:0 line, reading latches */
#define A_DISP_RG_DPCB(h)       (0x616334 + 0x800 * (h))   /* 15:0 pixel */
#define A_DISP_SF_DP_AUDIO(h)   (0x616560 + 0x800 * (h))
    NV_FIELD(DISP_SF_DP_AUDIO, PENDING, 31, 1)   /* self-clearing */
#define A_DISP_SOR_CAP(s)       (0x61c000 + 0x800 * (s))
#define A_DISP_SOR_PWR(s)       (0x61c004 + 0x800 * (s))
    NV_FIELD(DISP_SOR_PWR, NORMAL_STATE, 0, 1)
    NV_FIELD(DISP_SOR_PWR, SETTING_NEW, 31, 1)    /* self-clearing */
#define A_DISP_SOR_SEQ_CTL(s)   (0x61c030 + 0x800 * (s))   /* 28: busy, reads 0 */
#define A_DISP_SOR_DP_PADCTL(s) (0x61c034 + 0x800 * (s))
    NV_FIELD(DISP_SOR_DP_PADCTL, PENDING, 31, 1)  /* self-clearing */
NV_REG32(DISP_VBIOS_OWNER,      0x6254e8)   /* bit 1: VBIOS/EFI owns the display: 0 */

/* FE_SW capability page nouveau maps and fills (storage) */
#define NV_DISP_CAPS_BASE       0x640000
#define NV_DISP_CAPS_SIZE       0x001000

/* Channel user areas: PUT/GET, PIO methods, method state mirrors */
#define NV_DISP_CORE_USER       0x680000    /* 64 KiB */
#define NV_DISP_CORE_ARMED      0x8000      /* armed state after the pending ("ASSY") */
#define NV_DISP_CHAN_USER(id)   (0x690000 + 0x1000 * ((id) - 1))  /* id >= 1 */
#define NV_DISP_CHAN_ARMED      0x800
#define NV_DISP_USER_END        0x6e0000
#define NV_DISP_USER_PUT        0x000
#define NV_DISP_USER_GET        0x004
#define NV_DISP_CURS_FREE       0x008       /* cursor PIO: free FIFO slots */
    NV_FIELD(DISP_USER_PTR, PTR, 2, 10)     /* PUT/GET: dword index */

/* ---- the display pushbuffer (one 4 KiB page, clc57d.h NVC57D_DMA) ---- */
#define NV_DISP_PB_SIZE         0x1000
    NV_FIELD(DISP_DMA, OPCODE, 29, 3)
    NV_FIELD(DISP_DMA, COUNT, 18, 10)
    NV_FIELD(DISP_DMA, OFFSET, 2, 12)       /* method >> 2 */
    NV_FIELD(DISP_DMA, JUMP_OFFSET, 2, 10)  /* dword index */
#define NV_DISP_DMA_METHOD      0
#define NV_DISP_DMA_JUMP        1
#define NV_DISP_DMA_NONINC      2
#define NV_DISP_DMA_SUBDEV_MASK 3

/* ---- RAMHT (1024 entries of {handle, context} at the instance memory) ---- */
#define NV_DISP_RAMHT_BITS      10
#define NV_DISP_RAMHT_ENTRIES   (1u << NV_DISP_RAMHT_BITS)
#define NV_DISP_RAMHT_CHID_SHIFT 6          /* hash ^= chid << 6 */
    NV_FIELD(DISP_RAMHT_CTX, VALID, 6, 1)
    NV_FIELD(DISP_RAMHT_CTX, OFFSET, 9, 16)   /* object offset in the instance memory */
    NV_FIELD(DISP_RAMHT_CTX, CHID, 25, 7)     /* channel: 0 core, 1+w window */

/* A context DMA object: 6 words in the instance memory */
#define NV_DISP_CTXDMA_WORDS    6
    NV_FIELD(DISP_CTXDMA_FLAGS, TARGET, 0, 2)    /* 1 VRAM */
#define NV_DISP_CTXDMA_TARGET_VRAM  1
#define NV_DISP_CTXDMA_SHIFT    8           /* start and limit words are address >> 8 */

/* ---- notifiers (16 bytes) ---- */
    NV_FIELD(DISP_NOTIFIER0, STATUS, 30, 2)
#define NV_DISP_NOTIFIER_NOT_BEGUN  0
#define NV_DISP_NOTIFIER_BEGUN      1       /* window notifiers: the flip took */
#define NV_DISP_NOTIFIER_FINISHED   2       /* the core notifier: the update is done */
#define NV_DISP_NOTIFIER_OFFSET_SHIFT 4     /* SET_NOTIFIER_CONTROL OFFSET: 16-byte units */

/* ---- surface formats of WINDOW SET_PARAMS and the cursor ---- */
#define NV_DISP_FMT_I8              0x1e
#define NV_DISP_FMT_RF16_GF16_BF16_AF16 0xca
#define NV_DISP_FMT_A8R8G8B8        0xcf
#define NV_DISP_FMT_A2B10G10R10     0xd1
#define NV_DISP_FMT_A8B8G8R8        0xd5
#define NV_DISP_FMT_R5G6B5          0xe8
#define NV_DISP_FMT_A1R5G5B5        0xe9
#define NV_DISP_FMT_A2R10G10B10     0xdf

/* HEAD_SET_CONTROL_OUTPUT_RESOURCE PIXEL_DEPTH: 24 bpp 4:4:4 */
#define NV_DISP_PIXEL_DEPTH_24      4
/* Window SET_PRESENT_CONTROL BEGIN_MODE; SET_STORAGE MEMORY_LAYOUT */
#define NV_DISP_BEGIN_NON_TEARING   0
#define NV_DISP_LAYOUT_PITCH        1

/* SOR_SET_CONTROL PROTOCOL values nouveau uses for TMDS */
#define NV_DISP_PROTOCOL_SINGLE_TMDS_A  1

#endif
