/*
 * libFuzzer target over the SM interpreter: the input is a launch (shape,
 * shared/local sizes, the constant bank 0 bytes) and its code. It runs on a
 * flat 1 MiB device memory under a small instruction budget, with 1 worker
 * thread and a 1 MiB host memory cap (code spread over the memory, local
 * memory and CTAs reach it), or 2 workers and the default cap. Any input
 * must end in success or an SM error, never a crash, hang or sanitizer
 * report, and give back all the memory it charged.
 *
 * Input layout: [0] threads per CTA - 1 (mod 64), [1] CTAs - 1 (mod 4),
 * [2..3] shared bytes (mod 4097), [4] local bytes / 16, [5] bit 0: two
 * workers, [6..7] reserved, [8..519] constant bank 0, [520..] code.
 * The texture header and sampler pools are the constant bank's bytes too
 * (16 descriptors each), so texture instructions meet fuzzed descriptors.
 * tools/fuzz/make-sm-seeds.py builds seeds from the corpus kernels and the
 * texture instructions.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/nvidia/sm/sm.h"

#define DEV_BASE    0x10000ull
#define DEV_SIZE    (1u << 20)
#define CODE_VA     (DEV_BASE + DEV_SIZE - 0x10000)     /* the last 64 KiB */
#define CBUF_VA     (CODE_VA - 0x1000)
#define HDR         8
#define CBUF_BYTES  512
#define BUDGET      20000
#define MEM_MAX     (1u << 20)

static uint8_t *mem;

static uint8_t *fz_page(void *opaque, uint64_t va, bool write, bool *fault)
{
    if (va < DEV_BASE || va - DEV_BASE >= DEV_SIZE) {
        *fault = true;
        return NULL;
    }
    /* the code and constant pages are read-only, like a driver would map them */
    if (write && va >= CBUF_VA) {
        *fault = true;
        return NULL;
    }
    return mem + (va - DEV_BASE);
}

static uint64_t fz_time(void *opaque)
{
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static NvSm *sm1, *sm2;
    NvSmMemOps ops = { .page = fz_page, .time_ns = fz_time };
    NvSmLaunchDesc d = { 0 };
    size_t code_len;
    NvSmError err;
    NvSmLaunch *l;

    if (size < HDR + CBUF_BYTES + 16) {
        return 0;
    }
    if (!mem) {
        mem = calloc(1, DEV_SIZE);
        sm1 = nv_sm_new(&(NvSmConfig){ .workers = 1, .mem_max = MEM_MAX });
        sm2 = nv_sm_new(&(NvSmConfig){ .workers = 2 });
        if (!mem || !sm1 || !sm2) {
            abort();
        }
    }
    memset(mem, 0, DEV_SIZE);
    code_len = size - HDR - CBUF_BYTES;
    if (code_len > 0x10000) {
        code_len = 0x10000;
    }
    memcpy(mem + (CBUF_VA - DEV_BASE), data + HDR, CBUF_BYTES);
    memcpy(mem + (CODE_VA - DEV_BASE), data + HDR + CBUF_BYTES, code_len);

    d.entry = CODE_VA;
    d.grid[0] = (data[1] % 4u) + 1;
    d.grid[1] = d.grid[2] = 1;
    d.block[0] = (data[0] % 64u) + 1;
    d.block[1] = d.block[2] = 1;
    d.regs = 255;
    d.shared_bytes = (uint32_t)(data[2] | data[3] << 8) % 4097u;
    d.local_bytes = data[4] * 16u;
    d.shared_window = 0x7f0000000000ull;
    d.local_window = 0x7f0001000000ull;
    d.cbuf[0].valid = true;
    d.cbuf[0].addr = CBUF_VA;
    d.cbuf[0].size = CBUF_BYTES;
    d.tex_headers.addr = d.samplers.addr = CBUF_VA;
    d.tex_headers.max_index = d.samplers.max_index = CBUF_BYTES / 32 - 1;
    d.budget = BUDGET;
    d.sm_count = 40;
    l = nv_sm_launch_new(data[5] & 1 ? sm2 : sm1, &d, &ops, &err);
    if (l) {
        /* small slices: also exercises parking and resuming CTAs */
        while (!nv_sm_launch_run(l, 997, 0)) {
        }
        nv_sm_launch_free(l);
    }
    if (nv_sm_mem_used(sm1) || nv_sm_mem_used(sm2)) {
        abort();    /* charged memory not given back */
    }
    return 0;
}
