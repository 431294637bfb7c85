/*
 * Semaphore releases and reductions, for every class that writes one.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/nv-rt.h"
#include "sem.h"
#include "../base/util.h"

/* A reduction on values already truncated to the width; top is its sign bit. */
typedef uint64_t NvSemRedFn(uint64_t old, uint64_t val, uint64_t top, bool is_signed);

/* Signed order through the sign-flipped unsigned one: no int conversions. */
static bool sem_less(uint64_t a, uint64_t b, uint64_t top, bool is_signed)
{
    uint64_t flip = is_signed ? top : 0;

    return (a ^ flip) < (b ^ flip);
}

static uint64_t sem_add(uint64_t o, uint64_t v, uint64_t t, bool sg) { return o + v; }
static uint64_t sem_and(uint64_t o, uint64_t v, uint64_t t, bool sg) { return o & v; }
static uint64_t sem_or(uint64_t o, uint64_t v, uint64_t t, bool sg)  { return o | v; }
static uint64_t sem_xor(uint64_t o, uint64_t v, uint64_t t, bool sg) { return o ^ v; }

static uint64_t sem_min(uint64_t o, uint64_t v, uint64_t t, bool sg)
{
    return sem_less(v, o, t, sg) ? v : o;
}

static uint64_t sem_max(uint64_t o, uint64_t v, uint64_t t, bool sg)
{
    return sem_less(o, v, t, sg) ? v : o;
}

/* Wrapping counters, as CUDA's atomicInc/atomicDec define them (unsigned). */
static uint64_t sem_inc(uint64_t o, uint64_t v, uint64_t t, bool sg)
{
    return o >= v ? 0 : o + 1;
}

static uint64_t sem_dec(uint64_t o, uint64_t v, uint64_t t, bool sg)
{
    return o == 0 || o > v ? v : o - 1;
}

static uint64_t sem_fadd(uint64_t o, uint64_t v, uint64_t t, bool sg)
{
    uint32_t a32 = (uint32_t)o, b32 = (uint32_t)v;
    float a, b;

    memcpy(&a, &a32, 4);
    memcpy(&b, &b32, 4);
    a += b;
    memcpy(&a32, &a, 4);
    return a32;
}

static NvSemRedFn *const sem_fns[NV_SEM_OP_COUNT] = {
    [NV_SEM_OP_ADD] = sem_add,
    [NV_SEM_OP_MIN] = sem_min,
    [NV_SEM_OP_MAX] = sem_max,
    [NV_SEM_OP_INC] = sem_inc,
    [NV_SEM_OP_DEC] = sem_dec,
    [NV_SEM_OP_AND] = sem_and,
    [NV_SEM_OP_OR] = sem_or,
    [NV_SEM_OP_XOR] = sem_xor,
    [NV_SEM_OP_FADD] = sem_fadd,
};

uint64_t nv_sem_reduce(NvSemOp op, bool is_signed, bool wide, uint64_t old, uint64_t val)
{
    uint64_t mask = wide ? UINT64_MAX : UINT32_MAX;

    if ((unsigned)op >= NV_SEM_OP_COUNT) {
        return val & mask;
    }
    return sem_fns[op](old & mask, val & mask, mask ^ (mask >> 1), is_signed) & mask;
}

bool nv_sem_release(const NvMemIf *mem, const NvSemRelease *r)
{
    uint8_t b[16];
    uint32_t v = r->payload;

    if (r->reduce) {
        if (!mem->read(mem->opaque, true, 0, r->addr, b, 4)) {
            return false;
        }
        v = (uint32_t)nv_sem_reduce(r->op, r->is_signed, false, nv_ld_le(b, 4), v);
    }
    nv_st_le(b, v, 4);
    if (!r->four_word) {
        return mem->write(mem->opaque, true, 0, r->addr, b, 4);
    }
    nv_st_le(b + 4, 0, 4);
    nv_st_le(b + 8, mem->time_ns(mem->opaque), 8);
    return mem->write(mem->opaque, true, 0, r->addr, b, 16);
}

NvSemRelease nv_sem_report_release(uint64_t va, uint32_t payload, uint32_t d)
{
    return (NvSemRelease) {
        .addr = va, .payload = payload,
        .four_word = NV_FEX32(d, RS_D, STRUCTURE_SIZE) == NV_RS_FOUR_WORDS,
        .reduce = NV_FEX32(d, RS_D, REDUCTION_ENABLE),
        .is_signed = NV_FEX32(d, RS_D, REDUCTION_FORMAT) != 0,
        .op = (NvSemOp)NV_FEX32(d, RS_D, REDUCTION_OP),
    };
}
