/*
 * The 3D class's macro method expander (MME), Turing's "tu104" kind: the
 * macros a driver loads into instruction RAM run on parameters from the
 * pushbuffer and emit methods back into the class. Pure and resumable: a
 * macro that needs a parameter not yet received parks until one arrives
 * (as the hardware stalls), so a macro spans pushbuffer segments.
 *
 * Instruction groups are 96 bits, sent as 3 dwords high word first;
 * nv-mme.h has the field layout and encodings.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_MME_H
#define HW_NVIDIA_GPU_ENGINES_MME_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/nvidia/nv-mme.h"

/* What a running macro reaches of its class. */
typedef struct NvMmeOps {
    /* A method the macro emits, executed by the class in order; false stops the macro. */
    bool (*method)(void *opaque, uint32_t mthd, uint32_t data);
    /* The class's shadow state of method mthd (byte offset): STATE. */
    uint32_t (*state)(void *opaque, uint32_t mthd);
    /*
     * The EXTENDED barrier: the dwords an MME_DMA_READ_FIFOED asked for,
     * read into buf (at most max); their count, or -1 on a fault
     * (reported by the class).
     */
    int (*dma_fifo)(void *opaque, uint32_t *buf, unsigned max);
    /*
     * Optional: the class is still busy with what the macro emitted (a
     * clear): the macro parks before its next group until nv_mme_resume.
     */
    bool (*busy)(void *opaque);
} NvMmeOps;

typedef enum NvMmeStatus {
    NV_MME_DONE,            /* no macro running */
    NV_MME_WAIT,            /* parked: needs another parameter */
    NV_MME_BUSY,            /* parked: the class is busy (NvMmeOps.busy) */
    NV_MME_ERROR,           /* stopped on a guest error: nv_mme_error() says which */
} NvMmeStatus;

typedef struct NvMme {
    /* memories the driver loads */
    uint32_t iram[NV_MME_IRAM_WORDS];
    uint32_t iram_ptr;                  /* word: LOAD_MME_INSTRUCTION_RAM_POINTER x 3 */
    uint32_t start[NV_MME_MACROS];      /* group address of each macro */
    uint32_t start_ptr;                 /* LOAD_MME_START_ADDRESS_RAM_POINTER */
    uint32_t dram[NV_MME_DRAM_WORDS];   /* DREAD/DWRITE */

    /* the running (or parked) macro */
    bool running, end_next;
    uint32_t ip;                        /* group index */
    uint32_t regs[NV_MME_REGS];
    uint32_t carry, alu[2];
    uint32_t loop_count, loop_start, loop_end;
    uint32_t mthd, inc;                 /* emission method (byte offset) and increment */
    uint32_t load[2];
    uint64_t groups;                    /* executed by this call: the watchdog */
    uint32_t fifo[NV_MME_FIFO_WORDS];   /* parameters not yet consumed */
    uint32_t fifo_head, fifo_count;
    const char *error;                  /* why the last macro stopped with ERROR */
} NvMme;

void nv_mme_reset(NvMme *m);
/* LOAD_MME_INSTRUCTION_RAM_POINTER: a group address. */
void nv_mme_set_insn_ptr(NvMme *m, uint32_t group);
/* LOAD_MME_INSTRUCTION_RAM / START_ADDRESS_RAM at their pointers; false: past the RAM. */
bool nv_mme_load_insn(NvMme *m, uint32_t data);
bool nv_mme_load_start(NvMme *m, uint32_t data);
/* CALL_MME_MACRO(macro) with its first parameter; runs the macro as far as it can. */
NvMmeStatus nv_mme_call(NvMme *m, unsigned macro, uint32_t param, const NvMmeOps *ops,
                        void *opaque);
/* CALL_MME_DATA: one more parameter of the running macro; resumes it. */
NvMmeStatus nv_mme_data(NvMme *m, uint32_t param, const NvMmeOps *ops, void *opaque);
/* The class is no longer busy: a macro parked with NV_MME_BUSY goes on. */
NvMmeStatus nv_mme_resume(NvMme *m, const NvMmeOps *ops, void *opaque);

#endif
