/*
 * KEPLER_INLINE_TO_MEMORY_B (class 0xa140), "I2M", as a pure state machine
 * over NvMemIf: LAUNCH_DMA announces LINE_COUNT lines of LINE_LENGTH_IN
 * bytes, and each LOAD_INLINE_DATA dword that follows is written at once to
 * the next bytes of the destination (pitch or block linear), so every method
 * costs a small fixed amount. Surfaces and the semaphore release are the
 * engines' shared ones (surface.h, sem.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_I2M_H
#define HW_NVIDIA_GPU_ENGINES_I2M_H

#include "surface.h"
#include "sem.h"

#define NV_I2M_MTHD_FIRST       0x100   /* below: host methods */
#define NV_I2M_MTHD_END         0x4000  /* a subchannel's whole method range */

typedef struct NvI2mState {
    uint32_t mthd[NV_I2M_MTHD_END / 4]; /* every method's last value */
    /* The launched transfer, snapshotted at LAUNCH_DMA */
    bool active;                        /* waiting for LOAD_INLINE_DATA */
    NvSurface dst;
    uint32_t line_len;                  /* bytes per line */
    uint32_t line_count;
    uint32_t line;                      /* progress: the line being written */
    uint32_t x;                         /* progress: its next byte */
    bool release;
    NvSemRelease sem;
    bool intr;
} NvI2mState;

void nv_i2m_reset(NvI2mState *s);
/*
 * Stores one method (byte offset mthd >= 0x100, data). LAUNCH_DMA starts a
 * transfer and LOAD_INLINE_DATA feeds it; both return NV_ENGINE_BUSY while
 * the transfer waits for more data, IDLE once it is complete (semaphore
 * released, interrupt sent) or when nothing is pending, ERROR on an invalid
 * method, launch or extra data (reported through mem->error) or on a fault
 * (reported by the provider; the transfer is dropped).
 */
NvEngineStatus nv_i2m_method(NvI2mState *s, const NvMemIf *mem, uint32_t mthd,
                             uint32_t data);

#endif
