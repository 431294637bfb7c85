/*
 * Pushbuffer decoder (see pb.h). Header formats: dev_ram "FIFO DMA" and the
 * clc46f DMA method formats.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/nv-host.h"
#include "pb.h"

void nv_pb_reset(NvPbState *st)
{
    memset(st, 0, sizeof(*st));
}

static void start(NvPbState *st, uint32_t hdr, NvPbMode mode, uint32_t mthd, uint32_t count)
{
    st->mode = mode;
    st->mthd = mthd;
    st->count = count;
    st->first = 0;
    st->one_by_one = false;
    st->subch = NV_FEX32(hdr, PB_HDR, SUBCHANNEL);
}

static bool subdevice_op(NvPbState *st, uint32_t hdr, uint32_t tert)
{
    uint32_t mask = NV_FEX32(hdr, PB_HDR, SUBDEV_MASK);

    /* The control opcode is the whole of bits 31:16; anything else is malformed. */
    if (NV_FEX32(hdr, PB_HDR, CONTROL_OPCODE) != tert) {
        return false;
    }
    switch (tert) {
    case NV_PB_TERT_SET_SUBDEV_MASK:
        st->inactive = !(mask & NV_PB_SUBDEVICE_ID);
        break;
    case NV_PB_TERT_STORE_SUBDEV_MASK:
        st->stored_mask = mask;
        break;
    case NV_PB_TERT_USE_SUBDEV_MASK:
        st->inactive = !(st->stored_mask & NV_PB_SUBDEVICE_ID);
        break;
    }
    return true;
}

/* Interprets a header dword; false if it is not a valid header. */
static bool header(NvPbState *st, uint32_t hdr, bool *end)
{
    uint32_t sec = NV_FEX32(hdr, PB_HDR, SEC_OP), tert = NV_FEX32(hdr, PB_HDR, TERT_OP);
    uint32_t mthd = NV_FEX32(hdr, PB_HDR, ADDRESS) << 2, count = NV_FEX32(hdr, PB_HDR, COUNT);
    uint32_t old_mthd = NV_FEX32(hdr, PB_HDR, ADDRESS_OLD) << 2;
    uint32_t old_count = NV_FEX32(hdr, PB_HDR, COUNT_OLD);

    switch (sec) {
    case NV_PB_SEC_GRP0_USE_TERT:
        if (tert == NV_PB_TERT_GRP0_INC_METHOD) {     /* legacy form; 0 is the NOP */
            start(st, hdr, NV_PB_MODE_INC, old_mthd, old_count);
            return true;
        }
        return subdevice_op(st, hdr, tert);
    case NV_PB_SEC_GRP2_USE_TERT:
        if (tert != NV_PB_TERT_GRP2_NON_INC) {
            return false;
        }
        start(st, hdr, NV_PB_MODE_NON_INC, old_mthd, old_count);
        return true;
    case NV_PB_SEC_INC_METHOD:
        start(st, hdr, NV_PB_MODE_INC, mthd, count);
        return true;
    case NV_PB_SEC_NON_INC_METHOD:
        start(st, hdr, NV_PB_MODE_NON_INC, mthd, count);
        return true;
    case NV_PB_SEC_ONE_INC:
        start(st, hdr, NV_PB_MODE_ONE_INC, mthd, count);
        return true;
    case NV_PB_SEC_END_SEGMENT:
        *end = true;
        return true;
    }
    return false;               /* RESERVED6; IMMD_DATA is handled by the caller */
}

/* The method the next data dword goes to. */
static uint32_t data_method(const NvPbState *st)
{
    switch (st->mode) {
    case NV_PB_MODE_INC:
        return st->mthd + 4 * st->first;
    case NV_PB_MODE_ONE_INC:
        return st->mthd + (st->first ? 4 : 0);
    default:
        return st->mthd;
    }
}

/* Delivers one method unless a subdevice mask excludes us. */
static NvSinkResult deliver(NvPbState *st, const NvPbSink *sink, uint32_t subch,
                            uint32_t mthd, uint32_t data)
{
    if (st->inactive) {
        return NV_SINK_OK;
    }
    return sink->method(sink->opaque, subch, mthd & NV_PB_METHOD_MASK, data);
}

NvPbResult nv_pb_decode(NvPbState *st, const uint32_t *dw, size_t n, const NvPbSink *sink,
                        size_t *used, uint32_t *bad)
{
    size_t i = 0;
    NvPbResult res = NV_PB_DONE;

    while (i < n) {
        uint32_t v = dw[i];
        NvSinkResult r;
        bool end = false;

        if (st->count > 1 && st->mode == NV_PB_MODE_NON_INC && !st->one_by_one) {
            size_t k = st->count < n - i ? st->count : n - i;

            /* a run the subdevice mask excludes, or one the sink takes whole */
            if (!st->inactive) {
                k = sink->run ? sink->run(sink->opaque, st->subch,
                                          st->mthd & NV_PB_METHOD_MASK, &dw[i], k) : 0;
                st->one_by_one = !k;
            }
            if (k) {
                st->count -= (uint32_t)k;
                st->first += (uint32_t)k;
                i += k;
                continue;
            }
        }
        if (st->count) {                        /* a data dword */
            r = deliver(st, sink, st->subch, data_method(st), v);
            if (r == NV_SINK_RETRY) {
                res = NV_PB_STOPPED;
                break;
            }
            st->count--;
            st->first++;
            i++;
            if (r == NV_SINK_STOP) {
                res = NV_PB_STOPPED;
                break;
            }
            continue;
        }
        if (NV_FEX32(v, PB_HDR, SEC_OP) == NV_PB_SEC_IMMD_DATA) {
            r = deliver(st, sink, NV_FEX32(v, PB_HDR, SUBCHANNEL),
                        NV_FEX32(v, PB_HDR, ADDRESS) << 2, NV_FEX32(v, PB_HDR, COUNT));
            if (r == NV_SINK_RETRY) {
                res = NV_PB_STOPPED;
                break;
            }
            i++;
            if (r == NV_SINK_STOP) {
                res = NV_PB_STOPPED;
                break;
            }
            continue;
        }
        if (!header(st, v, &end)) {
            *bad = v;
            res = NV_PB_BAD_ENTRY;
            break;
        }
        i++;
        if (end) {
            res = NV_PB_END_SEGMENT;
            break;
        }
    }
    *used = i;
    return res;
}
