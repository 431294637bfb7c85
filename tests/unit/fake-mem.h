/*
 * A fake NvMemIf for the engine unit tests: a GPU virtual space backed by a
 * plain buffer at FAKE_VA_BASE with an unmapped hole, one buffer per
 * physical target, and counters for everything the engines signal.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_UNIT_FAKE_MEM_H
#define TESTS_UNIT_FAKE_MEM_H

#include <glib.h>

#include "engines/engine.h"

#define FAKE_VA_BASE    0x100000000ull  /* upper address bits in play */
#define FAKE_TARGETS    4               /* indexed by NV_TARGET_* */

typedef struct FakeMem {
    uint8_t *va;
    uint64_t va_size;
    uint64_t hole_lo, hole_hi;          /* unmapped VAs [lo, hi) */
    uint8_t *phys[FAKE_TARGETS];        /* NULL: no such target */
    uint64_t phys_size;
    bool sink;                          /* every access succeeds, reads zeros */

    unsigned reads, writes, faults, errors, intrs, unimp_methods;
    unsigned stall_intrs;               /* stalling (blocking) interrupts */
    size_t max_len;                     /* largest single access */
    uint64_t now;                       /* what time_ns returns */
    char last_error[160];
    NvGuestErrorKind last_error_kind;

    /* A watched VA range: which write touched it, and its bytes at interrupt */
    uint64_t watch, watch_len;
    unsigned watch_hits, watch_seq;     /* seq: writes counted at the last hit */
    uint8_t at_intr[16];
} FakeMem;

FakeMem *fake_mem_new(uint64_t va_size, uint64_t phys_size);
void fake_mem_free(FakeMem *f);
NvMemIf fake_mem_if(FakeMem *f);
/* Host pointer for a VA (len bytes must be inside the buffer). */
uint8_t *fake_va(FakeMem *f, uint64_t va, uint64_t len);
uint8_t *fake_phys(FakeMem *f, uint32_t target, uint64_t addr, uint64_t len);
void fake_mem_clear_counts(FakeMem *f);

#endif
