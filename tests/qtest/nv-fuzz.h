/*
 * Structure-aware fuzzing of the whole device through the qtest API: every
 * input starts from a bound channel whose instance block, page tables, GP
 * ring, pushbuffer, QMD, constant bank and sm_75 code (nvcc's vadd) are in
 * place, with MSI, the fault buffer and BAR1/BAR2 bound; the input's
 * operations then push methods, patch those structures, write registers and
 * BAR apertures, launch compute work and copies and advance the clock, so a
 * mutation reaches the scheduler, the PBDMA, the page walker, the copy
 * engine and the SM through QEMU's glue (DMA, bottom halves, timers, MSI).
 *
 * The same interpreter runs in QEMU's fuzzer (tests/qtest/fuzz target
 * nvidia-gpu-chan, in process) and in the replay qtest, which runs the
 * built-in seeds and the saved corpus against a normal QEMU in make check.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_QTEST_NV_FUZZ_H
#define TESTS_QTEST_NV_FUZZ_H

#include "nv-qtest.h"

/* The device as the fuzzer and the replay create it (after "-device "). */
#define NV_FUZZ_DEVICE  "nvidia-gpu,addr=4.0,vram-size=256M,bar1-size=64M,host-thread=off," \
                        "sm-threads=1,sm-budget=65536,sm-max-hostmem=64M"

typedef struct NvFuzz {
    Gpu g;
    QPCIBar bar1, bar3;
    NvTestChan ch;
    void (*flush)(QTestState *qts);     /* lets queued device work run */
} NvFuzz;

/* Maps the BARs of a freshly reset machine and builds the skeleton. */
void nv_fuzz_setup(NvFuzz *f, QTestState *qts, void (*flush)(QTestState *qts));
/* Runs one input's operations, then flushes. */
void nv_fuzz_run(NvFuzz *f, const uint8_t *data, size_t size);
/* Frees what setup allocated (the machine itself is reset by the caller). */
void nv_fuzz_teardown(NvFuzz *f);

/* Built-in seed inputs (valid work of each kind); NULL past the last. */
GByteArray *nv_fuzz_seed(unsigned i);
/* Asserts what seed i must have done after nv_fuzz_run (waits, bounded). */
void nv_fuzz_check_seed(NvFuzz *f, unsigned i);

/* vadd's length in the skeleton */
#define NV_FUZZ_VADD_N  256

#endif
