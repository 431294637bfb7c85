/*
 * Helpers shared by the nvidia-gpu qtests: start a machine with the GPU,
 * map its BARs, access BAR0 registers, VRAM (through PRAMIN) and MSI.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_QTEST_NV_QTEST_H
#define TESTS_QTEST_NV_QTEST_H

#include "libqtest.h"
#include "libqos/pci.h"
#include "libqos/pci-pc.h"
#include "nv-chan.h"

#define GPU_SLOT        4
#define GPU_ID          "gpu"           /* QOM path /machine/peripheral/gpu */
#define MSI_ADDR        0x100000ull     /* guest RAM that receives MSI writes */
#define MSI_DATA        0x4b1d

typedef struct Gpu {
    QTestState *qts;
    QPCIBus *bus;
    QPCIDevice *dev;
    QPCIBar bar0;
} Gpu;

/* Starts machine with the GPU at GPU_SLOT (plus extra arguments) and maps BAR0. */
void gpu_start(Gpu *g, const char *machine, const char *extra);
/* Finds, enables and maps BAR0 again (after a reset). */
void gpu_map(Gpu *g);
void gpu_stop(Gpu *g);
/* The QOM counter guest-errors.KIND (a kind's trace name, include/hw/nvidia/nv-errors.h). */
uint64_t gpu_guest_errors(Gpu *g, const char *kind);

/* A GPU whose guest-error log (-d guest_errors) is kept in a temporary file. */
typedef struct LoggedGpu {
    Gpu g;
    char *log;
} LoggedGpu;

void gpu_start_logged(LoggedGpu *h, const char *machine);
/* The same, with more QEMU arguments (e.g. -global nvidia-gpu.PROP=V). */
void gpu_start_logged_with(LoggedGpu *h, const char *machine, const char *extra);
/* Stops QEMU; returns its guest-error log (to free). */
char *gpu_stop_logged(LoggedGpu *h);

/* QEMU's resident set in bytes. */
uint64_t qemu_rss(QTestState *qts);
/*
 * Whether this test (and so QEMU: make qtest-asan and qtest-tsan build both
 * with the same flags) runs under a sanitizer that keeps memory resident
 * (ASan's quarantine, TSan's shadow and history): resident-set bounds do not
 * hold there.
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NV_QTEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define NV_QTEST_SANITIZED 1
#endif
#endif
#ifndef NV_QTEST_SANITIZED
#define NV_QTEST_SANITIZED 0
#endif

uint32_t rd(Gpu *g, uint32_t off);
void wr(Gpu *g, uint32_t off, uint32_t v);

/* VRAM through the PRAMIN window (moves BAR0_WINDOW). */
uint64_t vram_read64(Gpu *g, uint64_t addr);
void vram_write64(Gpu *g, uint64_t addr, uint64_t v);
uint32_t vram_read32(Gpu *g, uint64_t addr);
void vram_write32(Gpu *g, uint64_t addr, uint32_t v);
void vram_write_buf(Gpu *g, uint64_t addr, const void *buf, size_t len);

/*
 * Writes function func's instruction words from the corpus listing
 * tests/sass/<listing> to VRAM at pa; returns how many instructions.
 */
unsigned sass_upload(Gpu *g, const char *listing, const char *func, uint64_t pa);

/* Points the MSI capability at MSI_ADDR/MSI_DATA and enables it. */
void msi_enable(Gpu *g);

/* Memory (VRAM through PRAMIN, guest RAM) and BAR0 for the page-table and channel builders. */
NvPtMem gpu_pt_mem(Gpu *g);
NvTestRegs gpu_regs(Gpu *g);

#endif
