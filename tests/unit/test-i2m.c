/*
 * Unit tests of the inline-to-memory class (KEPLER_INLINE_TO_MEMORY_B,
 * 0xa140) over a fake memory: inline data line by line with a pitch, into
 * block linear, extra data, semaphores, interrupts, faults, invalid launches
 * and hostile sizes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "fake-mem.h"
#include "engines/i2m.h"
#include "hw/nvidia/cl-a140.h"

#define VA_SIZE     (1u << 20)
#define HOLE        (FAKE_VA_BASE + (768u << 10))   /* 4 KiB unmapped */
#define HOLE_SIZE   4096
#define DST_VA      (FAKE_VA_BASE + 0x10000)
#define SEM_VA      (FAKE_VA_BASE + 0x8000)
#define SENTINEL    0xee

#define LD(field, v)    ((uint32_t)(v) << R_A140_LAUNCH_DMA_ ## field ## _SHIFT)
#define L_PITCH     LD(DST_MEMORY_LAYOUT, A140_LAYOUT_PITCH)
#define L_SEM       LD(COMPLETION_TYPE, A140_COMPLETION_RELEASE_SEMAPHORE)
#define L_ONE_WORD  LD(SEMAPHORE_STRUCT_SIZE, A140_SEMAPHORE_ONE_WORD)
#define L_INTR      LD(INTERRUPT_TYPE, A140_INTERRUPT_INTERRUPT)

typedef struct Ctx {
    FakeMem *f;
    NvMemIf mem;
    NvI2mState s;
} Ctx;

static Ctx *ctx_new(void)
{
    Ctx *c = g_new0(Ctx, 1);

    c->f = fake_mem_new(VA_SIZE, 4096);
    c->f->hole_lo = HOLE;
    c->f->hole_hi = HOLE + HOLE_SIZE;
    c->mem = fake_mem_if(c->f);
    nv_i2m_reset(&c->s);
    memset(c->f->va, SENTINEL, VA_SIZE);
    return c;
}

static void ctx_free(Ctx *c)
{
    fake_mem_free(c->f);
    g_free(c);
}

static void mthd(Ctx *c, uint32_t m, uint32_t data)
{
    g_assert_cmpint(nv_i2m_method(&c->s, &c->mem, m, data), ==, NV_ENGINE_IDLE);
}

static NvEngineStatus method(Ctx *c, uint32_t m, uint32_t data)
{
    return nv_i2m_method(&c->s, &c->mem, m, data);
}

static void setup(Ctx *c, uint64_t dst, uint32_t len, uint32_t count,
                  uint32_t pitch)
{
    mthd(c, A_A140_OFFSET_OUT_UPPER, dst >> 32);
    mthd(c, A_A140_OFFSET_OUT, (uint32_t)dst);
    mthd(c, A_A140_LINE_LENGTH_IN, len);
    mthd(c, A_A140_LINE_COUNT, count);
    mthd(c, A_A140_PITCH_OUT, pitch);
}

static void set_sem(Ctx *c, uint64_t addr, uint32_t payload)
{
    mthd(c, A_A140_SET_I2M_SEMAPHORE_A, addr >> 32);
    mthd(c, A_A140_SET_I2M_SEMAPHORE_B, (uint32_t)addr);
    mthd(c, A_A140_SET_I2M_SEMAPHORE_C, payload);
}

/* The stream's bytes: byte i is (i * 7 + 3) & 0xff, packed into dwords. */
static uint8_t stream_byte(uint64_t i)
{
    return (uint8_t)(i * 7 + 3);
}

static uint32_t stream_dword(uint64_t n)
{
    return stream_byte(4 * n) | stream_byte(4 * n + 1) << 8 |
           stream_byte(4 * n + 2) << 16 | (uint32_t)stream_byte(4 * n + 3) << 24;
}

/* Sends the whole stream of len * count bytes; the last dword completes. */
static void send(Ctx *c, uint32_t len, uint32_t count)
{
    uint64_t dwords = ((uint64_t)len * count + 3) / 4;

    for (uint64_t n = 0; n < dwords; n++) {
        g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, stream_dword(n)), ==,
                        n + 1 < dwords ? NV_ENGINE_BUSY : NV_ENGINE_IDLE);
    }
}

/* Line by line with a pitch; the gaps and the bytes after stay untouched. */
static void test_pitch(void)
{
    static const struct {
        uint32_t len, count, pitch;
    } cases[] = {
        { 10, 3, 64 },
        { 7, 1, 0 },
        { 1, 9, 5 },
        { 3, 5, 3 },
        { 4096, 2, 5000 },
        { 13, 11, 17 },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Ctx *c = ctx_new();
        uint32_t len = cases[i].len, count = cases[i].count;
        uint32_t pitch = cases[i].pitch;
        uint8_t *dst = fake_va(c->f, DST_VA, (size_t)MAX(pitch, len) * count + 8);

        setup(c, DST_VA, len, count, pitch);
        g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH), ==, NV_ENGINE_BUSY);
        send(c, len, count);
        for (uint32_t y = 0; y < count; y++) {
            for (uint32_t x = 0; x < len; x++) {
                g_assert_cmpuint(dst[(size_t)y * pitch + x], ==,
                                 stream_byte((uint64_t)y * len + x));
            }
            for (uint32_t x = len; x < pitch && y + 1 < count; x++) {
                g_assert_cmpuint(dst[(size_t)y * pitch + x], ==, SENTINEL);
            }
        }
        g_assert_cmpuint(dst[(size_t)(count - 1) * pitch + len], ==, SENTINEL);
        g_assert_cmpuint(c->f->errors + c->f->faults, ==, 0);
        g_assert_cmpuint(c->f->max_len, <=, 4);
        ctx_free(c);
    }
}

/* A dword past the size is an error; so is data with no launch. */
static void test_extra_data(void)
{
    Ctx *c = ctx_new();

    g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, 1), ==, NV_ENGINE_ERROR);
    g_assert_cmpuint(c->f->errors, ==, 1);

    setup(c, DST_VA, 6, 1, 0);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH), ==, NV_ENGINE_BUSY);
    send(c, 6, 1);
    g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, 0xffffffff), ==,
                    NV_ENGINE_ERROR);
    g_assert_cmpuint(c->f->errors, ==, 2);
    g_assert_cmpuint(fake_va(c->f, DST_VA, 8)[6], ==, SENTINEL);
    g_assert_cmpuint(c->f->writes, ==, 2);
    ctx_free(c);
}

/* Zero bytes: complete (and release) at the launch. */
static void test_empty(void)
{
    Ctx *c = ctx_new();

    set_sem(c, SEM_VA, 9);
    setup(c, DST_VA, 0, 100, 0);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH | L_SEM | L_ONE_WORD),
                    ==, NV_ENGINE_IDLE);
    g_assert_cmpuint(fake_va(c->f, SEM_VA, 4)[0], ==, 9);
    setup(c, DST_VA, 100, 0, 0);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH), ==, NV_ENGINE_IDLE);
    g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, 0), ==, NV_ENGINE_ERROR);
    ctx_free(c);
}

/* Semaphore released after the last dword only; then the interrupt. */
static void test_semaphore(void)
{
    static const uint8_t four[16] = {
        0x44, 0x33, 0x22, 0x11, 0, 0, 0, 0,
        0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe,
    };
    Ctx *c = ctx_new();
    uint8_t *sem = fake_va(c->f, SEM_VA, 16);

    c->f->watch = SEM_VA;
    c->f->watch_len = 16;
    c->f->now = 0xfedcba9876543210ull;
    set_sem(c, SEM_VA, 0x11223344);
    setup(c, DST_VA, 9, 4, 16);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH | L_SEM | L_INTR), ==,
                    NV_ENGINE_BUSY);
    for (unsigned n = 0; n < 8; n++) {
        g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, stream_dword(n)), ==,
                        NV_ENGINE_BUSY);
        g_assert_cmpuint(c->f->watch_hits, ==, 0);
        g_assert_cmpuint(c->f->intrs, ==, 0);
    }
    g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, stream_dword(8)), ==,
                    NV_ENGINE_IDLE);
    g_assert_cmpmem(sem, 16, four, 16);
    g_assert_cmpuint(c->f->watch_seq, ==, c->f->writes);
    g_assert_cmpuint(c->f->intrs, ==, 1);
    g_assert_cmpmem(c->f->at_intr, 16, four, 16);

    /* one word, with a reduction; FLUSH_ONLY releases nothing */
    set_sem(c, SEM_VA, 5);
    setup(c, DST_VA, 4, 1, 0);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH | L_SEM | L_ONE_WORD |
                           LD(REDUCTION_ENABLE, 1) |
                           LD(REDUCTION_OP, A140_REDUCTION_ADD)),
                    ==, NV_ENGINE_BUSY);
    send(c, 4, 1);
    g_assert_cmpuint(sem[0], ==, 0x44 + 5);
    g_assert_cmpuint(sem[4], ==, 0);
    setup(c, DST_VA, 4, 1, 0);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH |
                           LD(COMPLETION_TYPE, A140_COMPLETION_FLUSH_ONLY)),
                    ==, NV_ENGINE_BUSY);
    send(c, 4, 1);
    g_assert_cmpuint(sem[0], ==, 0x44 + 5);
    g_assert_cmpuint(c->f->intrs, ==, 1);
    ctx_free(c);
}

/* Block linear: each byte where the block-linear formula puts it. */
static void test_block_linear(void)
{
    const uint32_t len = 37, count = 21, ox = 45, oy = 6, width = 200;
    const uint32_t height = 40, layer = 1;
    Ctx *c = ctx_new();
    NvBlGeom g;

    setup(c, DST_VA, len, count, 0);
    mthd(c, A_A140_SET_DST_BLOCK_SIZE, 1 << 4 | 1 << 8);   /* 2 x 2 GOBs */
    mthd(c, A_A140_SET_DST_WIDTH, width);
    mthd(c, A_A140_SET_DST_HEIGHT, height);
    mthd(c, A_A140_SET_DST_DEPTH, 2);
    mthd(c, A_A140_SET_DST_LAYER, layer);
    mthd(c, A_A140_SET_DST_ORIGIN_BYTES_X, ox);
    mthd(c, A_A140_SET_DST_ORIGIN_SAMPLES_Y, oy);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, 0), ==, NV_ENGINE_BUSY);
    send(c, len, count);

    nv_bl_geom_init(&g, 0, 1, 1, width, height);
    for (uint32_t y = 0; y < count; y++) {
        for (uint32_t x = 0; x < len; x++) {
            uint64_t o = nv_bl_offset(&g, ox + x, oy + y, layer);

            g_assert_cmpuint(fake_va(c->f, DST_VA + o, 1)[0], ==,
                             stream_byte((uint64_t)y * len + x));
        }
    }
    /*
     * Hand-checked: (45, 6, 1) is in GOB (0, 0) of block (0, 0, 0), slice 1
     * of the block: GOB 2 (after the two GOBs of slice 0); in the GOB,
     * x = 45 -> 256 + 0 + 13, y = 6 -> 3 * 64 + 0: 512 * 2 + 461.
     */
    g_assert_cmpuint(fake_va(c->f, DST_VA + 1024 + 461, 1)[0], ==,
                     stream_byte(0));
    /*
     * The last byte, (81, 26, 1): GOB column 1, GOB row 3, so block row 1
     * (of 4 one-GOB-wide blocks of 2048 bytes), block column 1: block 5;
     * in it slice 1, GOB row 1: GOB 3; in the GOB x 17 -> 32 + 1, y 2 -> 64.
     */
    g_assert_cmpuint(nv_bl_offset(&g, 81, 26, 1), ==, 5 * 2048 + 3 * 512 + 97);
    g_assert_cmpuint(c->f->errors + c->f->faults, ==, 0);
    ctx_free(c);
}

/* A fault mid-transfer: ERROR, no semaphore; then the next launch works. */
static void test_fault(void)
{
    Ctx *c = ctx_new();
    NvEngineStatus st = NV_ENGINE_BUSY;
    unsigned n = 0;

    c->f->watch = SEM_VA;
    c->f->watch_len = 16;
    set_sem(c, SEM_VA, 1);
    setup(c, HOLE - 100, 1000, 1, 0);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH | L_SEM | L_INTR), ==,
                    NV_ENGINE_BUSY);
    while (st == NV_ENGINE_BUSY && n < 1000) {
        st = method(c, A_A140_LOAD_INLINE_DATA, n++);
    }
    g_assert_cmpint(st, ==, NV_ENGINE_ERROR);
    g_assert_cmpuint(n, ==, 26);
    g_assert_cmpuint(c->f->faults, ==, 1);
    g_assert_cmpuint(c->f->errors, ==, 0);
    g_assert_cmpuint(c->f->watch_hits + c->f->intrs, ==, 0);
    /* the rest of the stream is now extra data */
    g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, 0), ==, NV_ENGINE_ERROR);

    setup(c, DST_VA, 8, 1, 0);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH | L_SEM), ==,
                    NV_ENGINE_BUSY);
    send(c, 8, 1);
    g_assert_cmpuint(c->f->watch_hits, ==, 1);
    ctx_free(c);
}

static void test_invalid(void)
{
    static const uint32_t bad_launch[] = {
        L_PITCH | LD(COMPLETION_TYPE, 3),
        L_PITCH | LD(INTERRUPT_TYPE, 2),
        L_PITCH | LD(INTERRUPT_TYPE, 3),
        L_PITCH | LD(REDUCTION_FORMAT, 2),
    };
    static const uint32_t bad_mthd[] = { 0, 0xfc, 0x181, 0x4000 };
    Ctx *c = ctx_new();

    setup(c, DST_VA, 4, 1, 0);
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_launch); i++) {
        g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, bad_launch[i]), ==,
                        NV_ENGINE_ERROR);
        g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, 0), ==,
                        NV_ENGINE_ERROR);
    }
    /* a reserved block size, for a block-linear destination only */
    mthd(c, A_A140_SET_DST_BLOCK_SIZE, 6 << 4);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, 0), ==, NV_ENGINE_ERROR);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH), ==, NV_ENGINE_BUSY);
    /* a launch before the data of the previous one: reported, that one ends, this one waits */
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH), ==, NV_ENGINE_BUSY);
    g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, 0x5a5a5a5a), ==, NV_ENGINE_IDLE);
    g_assert_cmpuint(c->f->writes, ==, 1);
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_mthd); i++) {
        g_assert_cmpint(method(c, bad_mthd[i], 0), ==, NV_ENGINE_ERROR);
    }
    g_assert_cmpuint(c->f->errors, ==, 2 * G_N_ELEMENTS(bad_launch) + 2 +
                                       G_N_ELEMENTS(bad_mthd));
    g_assert_cmpuint(c->f->writes, ==, 1);

    /* methods the model does not act on are stored */
    mthd(c, 0x3400, 0xabc);
    g_assert_cmpuint(c->s.mthd[0x3400 / 4], ==, 0xabc);
    ctx_free(c);
}

/* 4G lines of 4G bytes: every dword is a small fixed amount of work. */
static void test_absurd(void)
{
    Ctx *c = ctx_new();

    c->f->sink = true;
    setup(c, 0x1ffffffffffffffull, 0xffffffff, 0xffffffff, 0xffffffff);
    mthd(c, A_A140_SET_DST_BLOCK_SIZE, 0x555);
    for (uint32_t m = A_A140_SET_DST_WIDTH; m <= A_A140_SET_DST_ORIGIN_SAMPLES_Y;
         m += 4) {
        mthd(c, m, 0xffffffff);
    }
    for (unsigned layout = 0; layout < 2; layout++) {
        g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, layout), ==, NV_ENGINE_BUSY);
        for (unsigned n = 0; n < 100000; n++) {
            g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, n), ==,
                            NV_ENGINE_BUSY);
        }
        g_assert_cmpuint(c->s.x, ==, 400000);
        g_assert_cmpuint(c->f->writes, <=, 2 * 100000);
        /* abandon it */
        nv_i2m_reset(&c->s);
        setup(c, 0x1ffffffffffffffull, 0xffffffff, 0xffffffff, 0xffffffff);
        fake_mem_clear_counts(c->f);
    }

    /* 1-byte lines: one dword covers four lines */
    setup(c, DST_VA, 1, 0xffffffff, 0xffffffff);
    g_assert_cmpint(method(c, A_A140_LAUNCH_DMA, L_PITCH), ==, NV_ENGINE_BUSY);
    g_assert_cmpint(method(c, A_A140_LOAD_INLINE_DATA, 0), ==, NV_ENGINE_BUSY);
    g_assert_cmpuint(c->s.line, ==, 4);
    g_assert_cmpuint(c->f->writes, ==, 4);
    ctx_free(c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/i2m/pitch", test_pitch);
    g_test_add_func("/i2m/extra-data", test_extra_data);
    g_test_add_func("/i2m/empty", test_empty);
    g_test_add_func("/i2m/semaphore", test_semaphore);
    g_test_add_func("/i2m/block-linear", test_block_linear);
    g_test_add_func("/i2m/fault", test_fault);
    g_test_add_func("/i2m/invalid", test_invalid);
    g_test_add_func("/i2m/absurd", test_absurd);
    return g_test_run();
}
