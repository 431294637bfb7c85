/*
 * The copy engine class TURING_DMA_COPY_A (0xc5b5) as a pure state machine
 * over NvMemIf: methods are stored as they arrive, LAUNCH_DMA snapshots them
 * into an operation, and nv_ce_run() advances that operation by a bounded
 * amount per call, so that a guest's 4 GiB x 4 GiB copy never stalls the
 * caller. Also exports what the inline-to-memory class (i2m.c) shares with
 * it: block-linear addressing, surface access and the semaphore release.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_CE_H
#define HW_NVIDIA_GPU_CE_H

#include "engine.h"

/*
 * Block-linear surfaces (Fermi-style GOBs, the only kind Turing has): a GOB
 * is 64 bytes x 8 rows = 512 bytes; a block is 2^w x 2^h x 2^d GOBs.
 */
#define NV_GOB_WIDTH            64
#define NV_GOB_HEIGHT           8
#define NV_GOB_SHIFT            9       /* log2 of the 512-byte GOB */
#define NV_BL_LOG2_MAX          5       /* 32 GOBs: the largest block edge */

typedef struct NvBlGeom {
    uint8_t log2_w, log2_h, log2_d;     /* block edges in GOBs, log2 */
    uint64_t blocks_x;                  /* blocks in a row of blocks */
    uint64_t blocks_y;                  /* rows of blocks in a slab of blocks */
} NvBlGeom;

/* width in bytes, height in rows; the log2 block edges must be <= NV_BL_LOG2_MAX. */
void nv_bl_geom_init(NvBlGeom *g, unsigned log2_w, unsigned log2_h,
                     unsigned log2_d, uint64_t width, uint64_t height);
/* Byte offset of (x % 64, y % 8) inside its GOB. */
uint32_t nv_bl_gob_offset(uint64_t x, uint64_t y);
/* Byte offset of (x bytes, y rows, z slice) from the surface base (mod 2^64). */
uint64_t nv_bl_offset(const NvBlGeom *g, uint64_t x, uint64_t y, uint64_t z);

/* Where one side of a transfer lives and how it is laid out. */
typedef struct NvSurface {
    bool virt;                  /* else physical, in target */
    uint32_t target;            /* NV_TARGET_* */
    bool block_linear;          /* else pitch */
    uint64_t base;
    uint32_t pitch;             /* pitch layout: bytes from a line to the next */
    uint64_t origin_x;          /* block linear: bytes */
    uint64_t origin_y;          /* block linear: rows */
    uint64_t layer;             /* block linear: the Z slice */
    NvBlGeom geom;
} NvSurface;

/*
 * Reads or writes len bytes at byte x of line `line` of the surface (from
 * its origin, for block linear), split into the runs that are contiguous in
 * memory. false: a fault, already reported by the provider.
 */
bool nv_surface_io(const NvMemIf *mem, const NvSurface *sf, bool write,
                   uint64_t line, uint64_t x, void *buf, uint32_t len);

/* Semaphore release with an optional reduction of the old value. */
typedef enum NvSemOp {
    NV_SEM_OP_ADD,
    NV_SEM_OP_MIN,
    NV_SEM_OP_MAX,
    NV_SEM_OP_INC,              /* old >= payload ? 0 : old + 1 */
    NV_SEM_OP_DEC,              /* old == 0 || old > payload ? payload : old - 1 */
    NV_SEM_OP_AND,
    NV_SEM_OP_OR,
    NV_SEM_OP_XOR,
    NV_SEM_OP_FADD,             /* IEEE single-precision add */
    NV_SEM_OP_COUNT
} NvSemOp;

typedef struct NvSemRelease {
    uint64_t addr;              /* GPU virtual address */
    uint32_t payload;
    bool four_word;             /* payload, 0, then the 64-bit PTIMER time */
    bool reduce;                /* write reduce(old, payload) instead of payload */
    bool is_signed;             /* MIN/MAX compare as int32_t */
    NvSemOp op;
} NvSemRelease;

uint32_t nv_sem_reduce(NvSemOp op, bool is_signed, uint32_t old, uint32_t val);
bool nv_sem_release(const NvMemIf *mem, const NvSemRelease *r);

/* The copy engine */
#define NV_CE_MTHD_FIRST        0x100   /* below: host methods, not the class's */
#define NV_CE_MTHD_END          0x2000  /* the class's method range */
#define NV_CE_CHUNK             4096    /* bytes moved per step, through the stack */

/* A launched operation, snapshotted from the methods at LAUNCH_DMA. */
typedef struct NvCeOp {
    bool active;
    NvSurface src, dst;
    uint32_t src_elem, dst_elem;    /* bytes per element: 1 without remap */
    uint32_t line_len;              /* elements per line */
    uint32_t line_count;
    uint32_t line;                  /* progress: the line being copied */
    uint32_t elem;                  /* progress: its next element */
    bool remap;
    bool read_src;                  /* some destination component is a source one */
    bool read_dst;                  /* some destination component is NO_WRITE */
    uint8_t comp_size, num_src, num_dst;
    uint8_t swizzle[4];             /* C5B5_REMAP_* for DST_X, Y, Z, W */
    uint32_t konst[2];              /* SET_REMAP_CONST_A, _B */
    bool release;
    NvSemRelease sem;
    uint8_t intr;                   /* C5B5_INTERRUPT_* */
} NvCeOp;

typedef struct NvCeState {
    uint32_t mthd[NV_CE_MTHD_END / 4];  /* every method's last value */
    NvCeOp op;
    /*
     * A launch with INTERRUPT_TYPE BLOCKING completed: the caller raises the
     * engine's stalling (blocking) interrupt and clears this. NvMemIf has
     * only the non-stalling one.
     */
    bool blocking_intr;
} NvCeState;

void nv_ce_reset(NvCeState *s);
/*
 * Stores one method (byte offset mthd >= 0x100 of the class, data). A
 * LAUNCH_DMA starts an operation: returns NV_ENGINE_BUSY if it has work left
 * (then the caller calls nv_ce_run), IDLE if done (or nothing started), ERROR
 * on an invalid method or launch (reported through mem->error).
 */
NvEngineStatus nv_ce_method(NvCeState *s, const NvMemIf *mem, uint32_t mthd,
                            uint32_t data);
/*
 * Continues the current operation for about budget bytes (at least one step
 * of up to NV_CE_CHUNK bytes, so that every call makes progress). On
 * completion, releases the semaphore and signals the interrupt. ERROR: a
 * fault (reported by the provider); the operation is dropped, no semaphore.
 */
NvEngineStatus nv_ce_run(NvCeState *s, const NvMemIf *mem, uint64_t budget);

#endif
