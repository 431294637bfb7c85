/*
 * The device library's interface with the runtime (tools/cudart/cudart-devlib.c):
 * what nvq-devlib.cu writes to device memory and the host reads back. A plain
 * C header, compiled both by nvcc (device side) and the host compiler.
 *
 * printf FIFO: a header, then records packed from offset 0 of the record
 * area. A lane reserves its record's bytes with one atomic add on `head`; a
 * reservation that fits raises `end` (atomicMax) and one that does not counts
 * in `dropped`, so [0, end) holds only complete records (reservations that
 * fit form a prefix). The host reads it at synchronisation points and resets
 * head and end.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef NVQ_DEVLIB_ABI_H
#define NVQ_DEVLIB_ABI_H

#include <stdint.h>

/* Record kinds */
#define NVQ_REC_PRINTF          1   /* args blob as the compiler laid it out; strings: format, each %s */
#define NVQ_REC_ASSERT          2   /* args: line, block x y z, thread x y z; strings: message, file, function */

#define NVQ_STR_MAX             1024    /* bytes of one string copied (longer ones are cut) */
#define NVQ_ASSERT_ARGS         7

typedef struct NvqFifoHeader {
    uint32_t head;          /* bytes reserved (may pass size) */
    uint32_t end;           /* end of the complete records */
    uint32_t size;          /* bytes of the record area after this header */
    uint32_t dropped;       /* records that did not fit */
} NvqFifoHeader;

typedef struct NvqRecord {
    uint32_t len;           /* of the whole record, header included; a multiple of 8 */
    uint32_t kind;
    uint32_t args_len;      /* bytes of the args blob after the header (a multiple of 8) */
    uint32_t nstr;          /* NUL-terminated strings after the blob */
} NvqRecord;

/*
 * The device heap (malloc/free): heap_size bytes in chunks of 64 KiB. A chunk
 * is free, holds blocks of one size class (16 B << class, up to 32 KiB, a
 * bitmap each), or is part of a run of chunks for one large allocation. A
 * small chunk's state word counts the blocks reserved in it: malloc reserves
 * one (a CAS on the word) before it looks for a free bit, free releases one
 * after clearing its bit, and the last release makes the chunk free again,
 * its bitmap then all zero.
 */
#define NVQ_CHUNK_SHIFT         16
#define NVQ_CLASSES             12
#define NVQ_BITMAP_WORDS        128     /* 4096 blocks of 16 B */
#define NVQ_CHUNK_FREE          0u
#define NVQ_CHUNK_CLASS_SHIFT   24
#define NVQ_CHUNK_COUNT_MASK    0xffffffu
#define NVQ_CHUNK_SMALL(k)      ((1u + (k)) << NVQ_CHUNK_CLASS_SHIFT)  /* + reserved blocks */
#define NVQ_CHUNK_LARGE(n)      (0x80000000u | (n))     /* first of n chunks */
#define NVQ_CHUNK_TAIL          0x40000000u

/* The library's state (its global `nvq_devlib`), written by the runtime. */
typedef struct NvqDevlibState {
    uint64_t fifo;          /* NvqFifoHeader, then the record area */
    uint64_t heap;          /* 64 KiB aligned */
    uint64_t chunk_state;   /* uint32_t per chunk */
    uint64_t bitmaps;       /* NVQ_BITMAP_WORDS uint32_t per chunk */
    uint32_t chunks;
    uint32_t pad;
} NvqDevlibState;

#endif
