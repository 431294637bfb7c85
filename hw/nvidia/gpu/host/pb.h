/*
 * Pushbuffer decoder: turns pushbuffer dwords into (subchannel, method,
 * data) calls. Pure and resumable: its state survives across GP segments
 * (method data may continue in the next segment) and across a sink that
 * asks to retry a method later (a semaphore acquire that is not yet met).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_PB_H
#define HW_NVIDIA_GPU_PB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum NvPbMode {
    NV_PB_MODE_INC,         /* method address increments with each data dword */
    NV_PB_MODE_NON_INC,     /* every data dword goes to the same method */
    NV_PB_MODE_ONE_INC,     /* the first to the method, the rest to method + 4 */
} NvPbMode;

/* Method byte addresses are 14 bits (12-bit dword address). */
#define NV_PB_METHOD_MASK   0x3ffcu

/* Our subdevice: bit 0 of a SET_SUBDEVICE_MASK value (the only GPU). */
#define NV_PB_SUBDEVICE_ID  1u

typedef struct NvPbState {
    uint32_t mthd;          /* byte address of the method the next data dword goes to */
    uint32_t subch;
    uint32_t count;         /* data dwords still owed to the current header */
    uint32_t first;         /* data dwords consumed so far for this header */
    NvPbMode mode;
    uint32_t stored_mask;   /* STORE_SUBDEVICE_MASK value */
    bool inactive;          /* a subdevice mask excludes us: data is skipped */
    bool one_by_one;        /* the sink refused this header's run: no more asking */
} NvPbState;

typedef enum NvSinkResult {
    NV_SINK_OK,             /* method consumed */
    NV_SINK_RETRY,          /* not consumed: stop here, present it again later */
    NV_SINK_STOP,           /* consumed, but stop decoding (yield, error) */
} NvSinkResult;

typedef struct NvPbSink {
    void *opaque;
    NvSinkResult (*method)(void *opaque, uint32_t subch, uint32_t mthd, uint32_t data);
    /*
     * Optional: n data dwords of a non-incrementing method at once, for
     * methods whose data nothing acts on (host NOP); returns how many it
     * took, 0 to have them delivered one by one.
     */
    size_t (*run)(void *opaque, uint32_t subch, uint32_t mthd, const uint32_t *data, size_t n);
} NvPbSink;

typedef enum NvPbResult {
    NV_PB_DONE,             /* every dword consumed */
    NV_PB_END_SEGMENT,      /* END_PB_SEGMENT: the rest of the segment is ignored */
    NV_PB_STOPPED,          /* the sink stopped or asked to retry */
    NV_PB_BAD_ENTRY,        /* an invalid header (reserved opcode, bad control entry) */
} NvPbResult;

void nv_pb_reset(NvPbState *st);
/*
 * Decodes up to n dwords of one segment. *used tells how many were consumed
 * (the caller's GET advances by that much). On NV_PB_BAD_ENTRY, *used points
 * at the bad dword and *bad holds it.
 */
NvPbResult nv_pb_decode(NvPbState *st, const uint32_t *dw, size_t n, const NvPbSink *sink,
                        size_t *used, uint32_t *bad);

#endif
