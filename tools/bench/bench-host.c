/*
 * Host (FIFO) benchmark on the model core: pushbuffer methods per second
 * (host NOPs, and inline-to-memory data dwords), copy-engine bandwidth, and
 * doorbell-to-semaphore latency (doorbell write -> release visible in
 * memory, host work run synchronously as the QEMU bottom half would).
 * Wall-clock figures on this machine; no pass/fail.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/cl-c5b5.h"
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

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void chan_new(FakePlatform *f, NvTestChan *ch)
{
    nvch_init(ch, fake_pt_mem(f), fake_regs(f), 0, 0,
              CH_BASE, NV_TARGET_VRAM, GP_PA, PB_PA);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (uint64_t off = 0; off < DATA_BYTES; off += 1u << NV_PAGE_SHIFT_2M) {
        nvpt_map(&ch->vmm, DATA_VA + off, DATA_PA + off, NV_TARGET_VRAM, NV_PAGE_SHIFT_2M, 0);
    }
}

/* Fills the whole pushbuffer with one non-incrementing method and runs it `rounds` times. */
static double methods_per_s(FakePlatform *f, NvTestChan *ch, uint32_t subch, uint32_t mthd,
                            int rounds)
{
    const uint32_t per_hdr = 4096;
    double t0, t;
    unsigned n = 0;

    ch->pb_pos = ch->pb_start = 0;
    while (ch->pb_pos + per_hdr + 1 <= PB_DWORDS) {
        nvch_push(ch, NV_PB_SEC_NON_INC_METHOD << 29 | per_hdr << 16 | subch << 13 | mthd >> 2);
        for (uint32_t i = 0; i < per_hdr; i++) {
            nvch_push(ch, i);
        }
        n += per_hdr;
    }
    t0 = now_s();
    for (int r = 0; r < rounds; r++) {
        nvch_gp_entry(ch, NVCH_PB_VA, ch->pb_pos);
        nvch_kick(ch);
        fake_run_host(f);
    }
    t = now_s() - t0;
    return (double)n * rounds / t;
}

static double copy_bytes_per_s(FakePlatform *f, NvTestChan *ch, int rounds)
{
    const uint32_t half = DATA_BYTES / 2, line = 4096;
    uint32_t regs[] = { (uint32_t)(DATA_VA >> 32), (uint32_t)DATA_VA,
                        (uint32_t)((DATA_VA + half) >> 32), (uint32_t)(DATA_VA + half),
                        line, line, line, half / line };
    uint32_t launch = NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE,
                               C5B5_DATA_TRANSFER_NON_PIPELINED) |
                      NV_FDP32(0, C5B5_LAUNCH_DMA, MULTI_LINE_ENABLE, 1) |
                      NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) |
                      NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH);
    double t0;

    ch->pb_pos = ch->pb_start = 0;
    nvch_mthd1(ch, 4, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    nvch_mthd(ch, 4, A_C5B5_OFFSET_IN_UPPER, 8, regs);
    nvch_mthd1(ch, 4, A_C5B5_LAUNCH_DMA, launch);
    t0 = now_s();
    for (int r = 0; r < rounds; r++) {
        nvch_gp_entry(ch, NVCH_PB_VA, ch->pb_pos);
        nvch_kick(ch);
        fake_run_host(f);
    }
    return (double)half * rounds / (now_s() - t0);
}

/* Doorbell write -> semaphore value visible, averaged over `rounds`. */
static double doorbell_latency_us(FakePlatform *f, NvTestChan *ch, int rounds)
{
    double t0;

    ch->pb_pos = ch->pb_start = 0;
    t0 = now_s();
    for (int r = 1; r <= rounds; r++) {
        uint32_t d[] = { 0, (uint32_t)SEM_VA, (uint32_t)r,
                         NV_SEMD_OP_RELEASE | R_C46F_SEMAPHORED_RELEASE_SIZE_MASK };
        uint32_t v = 0;

        if (ch->pb_pos + 8 > PB_DWORDS) {
            ch->pb_pos = ch->pb_start = 0;
        }
        nvch_mthd(ch, 0, A_C46F_SEMAPHOREA, 4, d);
        nvch_submit(ch);
        for (int spin = 0; v != (uint32_t)r && spin < 1000; spin++) {
            nvgpu_host_work(f->gpu);
            nvgpu_vram_read(f->gpu, SEM_PA, &v, 4);
        }
        if (v != (uint32_t)r) {
            fprintf(stderr, "bench: release %d never arrived\n", r);
            return -1;
        }
    }
    return (now_s() - t0) / rounds * 1e6;
}

int main(void)
{
    FakePlatform *f = fake_new(VRAM_SIZE);
    NvTestChan ch;
    double nop, i2m, copy, lat;

    chan_new(f, &ch);
    nop = methods_per_s(f, &ch, 0, A_C46F_NOP, 20);
    ch.pb_pos = ch.pb_start = 0;
    nvch_mthd1(&ch, 2, A_C46F_SET_OBJECT, NV_CLASS_KEPLER_INLINE_TO_MEMORY_B);
    {
        uint32_t geom[] = { 64u << 20, 1 }, out[] = { 0, (uint32_t)DATA_VA };
        nvch_mthd(&ch, 2, A_A140_LINE_LENGTH_IN, 2, geom);
        nvch_mthd(&ch, 2, A_A140_OFFSET_OUT_UPPER, 2, out);
        nvch_mthd1(&ch, 2, A_A140_LAUNCH_DMA, NV_FDP32(0, A140_LAUNCH_DMA, DST_MEMORY_LAYOUT, 1));
        nvch_submit(&ch);
        fake_run_host(f);
    }
    i2m = methods_per_s(f, &ch, 2, A_A140_LOAD_INLINE_DATA, 2);
    copy = copy_bytes_per_s(f, &ch, 8);
    lat = doorbell_latency_us(f, &ch, 2000);
    printf("host: %.1f M host NOP methods/s\n", nop / 1e6);
    printf("host: %.1f M inline-to-memory data dwords/s (%.0f MB/s)\n", i2m / 1e6,
           i2m * 4 / 1e6);
    printf("copy engine: %.0f MB/s pitch copy (4 KiB lines, VRAM to VRAM)\n", copy / 1e6);
    printf("host: %.2f us doorbell-to-semaphore (core only: no QEMU bottom-half delay)\n", lat);
    fake_free(f);
    return lat < 0;
}
