/*
 * Host (FIFO) benchmark on the model core: pushbuffer methods per second
 * (host NOPs, and inline-to-memory data dwords), copy-engine bandwidth, and
 * doorbell-to-semaphore latency (doorbell write -> release visible in
 * memory, host work run synchronously as the QEMU bottom half would).
 * Wall-clock figures on this machine, each the min / median / max of
 * repeated runs of at least a second (bench-stats.h); no pass/fail.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/cl-c5b5.h"
#include "bench-stats.h"
#include "fake-platform.h"

#define VRAM_SIZE   (1ull << 30)
#define CH_BASE     0x1000000ull
#define PB_PA       0x2000000ull        /* pushbuffer and ring in VRAM for the bench */
#define GP_PA       0x1f00000ull
#define SEM_PA      0x3000000ull
#define SEM_VA      0x400000ull
#define DATA_PA     0x4000000ull
#define DATA_VA     0x10000000ull
#define DATA_BYTES  (16u << 20)
#define PB_DWORDS   (NVCH_PB_PAGES * 1024)

static void chan_new(FakePlatform *f, NvTestChan *ch)
{
    nvch_init(ch, fake_pt_mem(f), fake_regs(f), 0, 0,
              CH_BASE, NV_TARGET_VRAM, GP_PA, PB_PA);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (uint64_t off = 0; off < DATA_BYTES; off += 1u << NV_PAGE_SHIFT_2M) {
        nvpt_map(&ch->vmm, DATA_VA + off, DATA_PA + off, NV_TARGET_VRAM, NV_PAGE_SHIFT_2M, 0);
    }
}

/* A channel whose pushbuffer segment [0, dwords) is submitted again per unit. */
typedef struct Seg {
    FakePlatform *f;
    NvTestChan *ch;
    uint32_t dwords;
    double per_unit;                /* what one submission does (methods, bytes) */
} Seg;

static bool seg_unit(void *ctx, double *units)
{
    Seg *s = ctx;

    nvch_gp_entry(s->ch, NVCH_PB_VA, s->dwords);
    nvch_kick(s->ch);
    fake_run_host(s->f);
    *units = s->per_unit;
    return true;
}

/* Fills the pushbuffer after `prefix` dwords with one non-incrementing method's data. */
static void fill_method(Seg *s, uint32_t subch, uint32_t mthd)
{
    const uint32_t per_hdr = 4096;
    NvTestChan *ch = s->ch;
    unsigned n = 0;

    while (ch->pb_pos + per_hdr + 1 <= PB_DWORDS) {
        nvch_push(ch, NV_PB_SEC_NON_INC_METHOD << 29 | per_hdr << 16 | subch << 13 | mthd >> 2);
        for (uint32_t i = 0; i < per_hdr; i++) {
            nvch_push(ch, i);
        }
        n += per_hdr;
    }
    s->dwords = ch->pb_pos;
    s->per_unit = n;
}

/* Host NOPs: the whole pushbuffer of one method. */
static bool nop_setup(Seg *s)
{
    s->ch->pb_pos = s->ch->pb_start = 0;
    fill_method(s, 0, A_C46F_NOP);
    return true;
}

/* Inline-to-memory: a launch of as many bytes as the data dwords that follow it. */
static bool i2m_setup(Seg *s)
{
    NvTestChan *ch = s->ch;
    uint32_t out[] = { (uint32_t)(DATA_VA >> 32), (uint32_t)DATA_VA }, geom[2];
    uint32_t launch_at;

    ch->pb_pos = ch->pb_start = 0;
    nvch_mthd1(ch, 2, A_C46F_SET_OBJECT, NV_CLASS_KEPLER_INLINE_TO_MEMORY_B);
    launch_at = ch->pb_pos;
    /* placeholder geometry, patched once the data's size is known */
    nvch_mthd(ch, 2, A_A140_LINE_LENGTH_IN, 2, (uint32_t[]){ 0, 1 });
    nvch_mthd(ch, 2, A_A140_OFFSET_OUT_UPPER, 2, out);
    nvch_mthd1(ch, 2, A_A140_LAUNCH_DMA, NV_FDP32(0, A140_LAUNCH_DMA, DST_MEMORY_LAYOUT, 1));
    fill_method(s, 2, A_A140_LOAD_INLINE_DATA);
    geom[0] = (uint32_t)s->per_unit * 4;
    geom[1] = 1;
    ch->pb_pos = launch_at;
    nvch_mthd(ch, 2, A_A140_LINE_LENGTH_IN, 2, geom);
    ch->pb_pos = s->dwords;
    s->per_unit *= 4;           /* bytes */
    return true;
}

/* The copy engine: half the data area onto the other half, 4 KiB lines. */
static bool copy_setup(Seg *s)
{
    NvTestChan *ch = s->ch;
    const uint32_t half = DATA_BYTES / 2, line = 4096;
    uint32_t regs[] = { (uint32_t)(DATA_VA >> 32), (uint32_t)DATA_VA,
                        (uint32_t)((DATA_VA + half) >> 32), (uint32_t)(DATA_VA + half),
                        line, line, line, half / line };
    uint32_t launch = NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE,
                               C5B5_DATA_TRANSFER_NON_PIPELINED) |
                      NV_FDP32(0, C5B5_LAUNCH_DMA, MULTI_LINE_ENABLE, 1) |
                      NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
                      NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH);

    ch->pb_pos = ch->pb_start = 0;
    nvch_mthd1(ch, 4, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    nvch_mthd(ch, 4, A_C5B5_OFFSET_IN_UPPER, 8, regs);
    nvch_mthd1(ch, 4, A_C5B5_LAUNCH_DMA, launch);
    s->dwords = ch->pb_pos;
    s->per_unit = half;
    return true;
}

/* Doorbell write -> semaphore value visible: one round trip per unit. */
typedef struct Bell {
    FakePlatform *f;
    NvTestChan *ch;
    uint32_t seq;
} Bell;

static bool bell_unit(void *ctx, double *units)
{
    Bell *b = ctx;
    NvTestChan *ch = b->ch;
    uint32_t r = ++b->seq, v = 0;
    uint32_t d[] = { 0, (uint32_t)SEM_VA, r,
                     NV_SEMD_OP_RELEASE | R_C46F_SEMAPHORED_RELEASE_SIZE_MASK };

    if (ch->pb_pos + 8 > PB_DWORDS) {
        ch->pb_pos = ch->pb_start = 0;
    }
    nvch_mthd(ch, 0, A_C46F_SEMAPHOREA, 4, d);
    nvch_submit(ch);
    for (int spin = 0; v != r && spin < 1000; spin++) {
        nvgpu_host_work(b->f->gpu);
        nvgpu_vram_read(b->f->gpu, SEM_PA, &v, 4);
    }
    if (v != r) {
        fprintf(stderr, "bench: release %u never arrived\n", r);
        return false;
    }
    *units = 1;
    return true;
}

/* One figure of a pushbuffer segment: min / median / max of the rate, scaled. */
static bool seg_figure(const char *what, Seg *s, bool (*setup)(Seg *), double scale,
                       const char *unit)
{
    BenchFigure f;

    if (!setup(s) || !bench_measure(seg_unit, s, &f)) {
        printf("  %-44s FAILED\n", what);
        return false;
    }
    printf("  %-44s ", what);
    bench_print(&f, scale, unit);
    printf("\n");
    return true;
}

int main(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;
    Seg s = { .f = f, .ch = &ch };
    Bell b = { .f = f, .ch = &ch };
    BenchFigure lat;
    bool ok;

    chan_new(f, &ch);
    printf("host and copy engine (model core, no QEMU): min / median / max of %d runs of "
           ">= %.0f s\n", BENCH_RUNS, BENCH_MIN_SECS);
    bench_print_load("before");
    ok = seg_figure("host NOP methods", &s, nop_setup, 1e6, "M methods/s");
    ok &= seg_figure("inline-to-memory data", &s, i2m_setup, 1e6, "MB/s");
    ok &= seg_figure("copy engine, pitch, 4 KiB lines, VRAM->VRAM", &s, copy_setup, 1e6, "MB/s");
    ch.pb_pos = ch.pb_start = 0;
    if (bench_measure(bell_unit, &b, &lat)) {
        /* a rate of round trips: its inverse is the latency (max rate = min latency) */
        printf("  %-44s %9.2f / %9.2f / %9.2f us (core only: no QEMU bottom-half delay)\n",
               "doorbell to semaphore", 1e6 / lat.max, 1e6 / lat.median, 1e6 / lat.min);
    } else {
        ok = false;
    }
    bench_print_load("after");
    fake_free(f);
    return !ok;
}
