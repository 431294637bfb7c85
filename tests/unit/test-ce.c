/*
 * Unit tests of the copy engine class (TURING_DMA_COPY_A, 0xc5b5) over a
 * fake memory: pitch copies, virtual and physical apertures, block linear
 * against an independent reference, remap (memset), semaphores, interrupts,
 * bounded progress, faults, invalid launches and hostile sizes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "fake-mem.h"
#include "engines/ce.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/nv-mmu.h"

#define VA_SIZE     (4u << 20)
#define PHYS_SIZE   (1u << 20)
#define HOLE        (FAKE_VA_BASE + (3u << 20))     /* 64 KiB unmapped */
#define HOLE_SIZE   (64u << 10)
#define SRC_VA      (FAKE_VA_BASE + 0x10000)
#define DST_VA      (FAKE_VA_BASE + (1u << 20))
#define DST2_VA     (FAKE_VA_BASE + (2u << 20))
#define SEM_VA      (FAKE_VA_BASE + 0x8000)
#define SENTINEL    0xee
#define BIG_BUDGET  (1ull << 40)
#define MAX_CALLS   100000

#define LD(field, v)    ((uint32_t)(v) << R_C5B5_LAUNCH_DMA_ ## field ## _SHIFT)
#define L_BASE      (LD(DATA_TRANSFER_TYPE, C5B5_DATA_TRANSFER_NON_PIPELINED) | \
                     LD(FLUSH_ENABLE, 1))
#define L_SRC_PITCH LD(SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH)
#define L_DST_PITCH LD(DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH)
#define L_PITCH     (L_BASE | L_SRC_PITCH | L_DST_PITCH)
#define L_MULTI     LD(MULTI_LINE_ENABLE, 1)
#define L_REMAP     LD(REMAP_ENABLE, 1)
#define L_SRC_PHYS  LD(SRC_TYPE, C5B5_TYPE_PHYSICAL)
#define L_DST_PHYS  LD(DST_TYPE, C5B5_TYPE_PHYSICAL)
#define L_SEM1      LD(SEMAPHORE_TYPE, C5B5_SEMAPHORE_RELEASE_ONE_WORD)
#define L_SEM4      LD(SEMAPHORE_TYPE, C5B5_SEMAPHORE_RELEASE_FOUR_WORD)

typedef struct Ctx {
    FakeMem *f;
    NvMemIf mem;
    NvCeState ce;
} Ctx;

static Ctx *ctx_new(void)
{
    Ctx *c = g_new0(Ctx, 1);

    c->f = fake_mem_new(VA_SIZE, PHYS_SIZE);
    c->f->hole_lo = HOLE;
    c->f->hole_hi = HOLE + HOLE_SIZE;
    c->mem = fake_mem_if(c->f);
    nv_ce_reset(&c->ce);
    return c;
}

static void ctx_free(Ctx *c)
{
    fake_mem_free(c->f);
    g_free(c);
}

static void fill_random(uint8_t *p, size_t len, uint32_t seed)
{
    GRand *r = g_rand_new_with_seed(seed);

    for (size_t i = 0; i < len; i++) {
        p[i] = (uint8_t)g_rand_int(r);
    }
    g_rand_free(r);
}

/* A method that must be accepted without starting anything. */
static void mthd(Ctx *c, uint32_t m, uint32_t data)
{
    g_assert_cmpint(nv_ce_method(&c->ce, &c->mem, m, data), ==, NV_ENGINE_IDLE);
}

static void set_in(Ctx *c, uint64_t addr)
{
    mthd(c, A_C5B5_OFFSET_IN_UPPER, addr >> 32);
    mthd(c, A_C5B5_OFFSET_IN_LOWER, (uint32_t)addr);
}

static void set_out(Ctx *c, uint64_t addr)
{
    mthd(c, A_C5B5_OFFSET_OUT_UPPER, addr >> 32);
    mthd(c, A_C5B5_OFFSET_OUT_LOWER, (uint32_t)addr);
}

static void set_lines(Ctx *c, uint32_t len, uint32_t count, uint32_t pitch_in,
                      uint32_t pitch_out)
{
    mthd(c, A_C5B5_LINE_LENGTH_IN, len);
    mthd(c, A_C5B5_LINE_COUNT, count);
    mthd(c, A_C5B5_PITCH_IN, pitch_in);
    mthd(c, A_C5B5_PITCH_OUT, pitch_out);
}

static void set_sem(Ctx *c, uint64_t addr, uint32_t payload)
{
    mthd(c, A_C5B5_SET_SEMAPHORE_A, addr >> 32);
    mthd(c, A_C5B5_SET_SEMAPHORE_B, (uint32_t)addr);
    mthd(c, A_C5B5_SET_SEMAPHORE_PAYLOAD, payload);
}

static NvEngineStatus launch(Ctx *c, uint32_t l)
{
    return nv_ce_method(&c->ce, &c->mem, A_C5B5_LAUNCH_DMA, l);
}

/* Runs to the end; returns the final status and counts the calls. */
static NvEngineStatus run_all(Ctx *c, uint64_t budget, unsigned *calls)
{
    NvEngineStatus st;
    unsigned n = 0;

    do {
        st = nv_ce_run(&c->ce, &c->mem, budget, 0);
        n++;
        g_assert_cmpuint(n, <, MAX_CALLS);
    } while (st == NV_ENGINE_BUSY);
    if (calls) {
        *calls = n;
    }
    return st;
}

/* Launch and run to completion, expecting success. */
static void copy(Ctx *c, uint32_t l)
{
    NvEngineStatus st = launch(c, l);

    if (st == NV_ENGINE_BUSY) {
        st = run_all(c, BIG_BUDGET, NULL);
    }
    g_assert_cmpint(st, ==, NV_ENGINE_IDLE);
    g_assert_cmpuint(c->f->errors, ==, 0);
    g_assert_cmpuint(c->f->faults, ==, 0);
}

/* Pitch copies */

static void check_2d(const uint8_t *src, uint32_t pin, const uint8_t *dst,
                     uint32_t pout, uint32_t len, uint32_t count)
{
    for (uint32_t y = 0; y < count; y++) {
        g_assert_cmpmem(dst + (size_t)y * pout, len, src + (size_t)y * pin, len);
        if (pout > len && y + 1 < count) {
            /* the gap between lines is untouched */
            for (uint32_t x = len; x < pout; x++) {
                g_assert_cmpuint(dst[(size_t)y * pout + x], ==, SENTINEL);
            }
        }
    }
}

static void test_pitch_1d(void)
{
    Ctx *c = ctx_new();
    uint32_t len = 3 * NV_CE_CHUNK + 1234;
    uint8_t *src = fake_va(c->f, SRC_VA + 3, len);
    uint8_t *dst = fake_va(c->f, DST_VA + 5, len + 1);

    fill_random(src, len, 1);
    memset(dst - 1, SENTINEL, len + 2);
    set_in(c, SRC_VA + 3);
    set_out(c, DST_VA + 5);
    /* LINE_COUNT and pitches must not matter without MULTI_LINE_ENABLE */
    set_lines(c, len, 77, 1, 1);
    copy(c, L_PITCH);
    g_assert_cmpmem(dst, len, src, len);
    g_assert_cmpuint(dst[-1], ==, SENTINEL);
    g_assert_cmpuint(dst[len], ==, SENTINEL);
    g_assert_cmpuint(c->f->max_len, <=, NV_CE_CHUNK);
    ctx_free(c);
}

static void test_pitch_2d(void)
{
    static const struct {
        uint32_t len, count, pin, pout;
    } cases[] = {
        { 555, 37, 1001, 777 },
        { 1, 300, 3, 2 },
        { 4097, 9, 5000, 4099 },
        { 64, 16, 64, 64 },
        { 100, 5, 0, 123 },        /* pitch 0: the same line again */
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Ctx *c = ctx_new();
        uint32_t len = cases[i].len, count = cases[i].count;
        uint32_t pin = cases[i].pin, pout = cases[i].pout;
        size_t ssize = (size_t)pin * count + len, dsize = (size_t)pout * count + len;
        uint8_t *src = fake_va(c->f, SRC_VA, ssize);
        uint8_t *dst = fake_va(c->f, DST_VA, dsize);

        fill_random(src, ssize, 2 + i);
        memset(dst, SENTINEL, dsize);
        set_in(c, SRC_VA);
        set_out(c, DST_VA);
        set_lines(c, len, count, pin, pout);
        copy(c, L_PITCH | L_MULTI);
        check_2d(src, pin, dst, pout, len, count);
        g_assert_cmpuint(dst[(size_t)pout * (count - 1) + len], ==, SENTINEL);
        ctx_free(c);
    }
}

/* Physical apertures: SET_*_PHYS_MODE TARGET -> NV_TARGET_* */
static void test_physical(void)
{
    static const struct {
        bool src_phys, dst_phys;
        uint32_t src_mode, dst_mode;
        uint32_t src_target, dst_target;
    } cases[] = {
        { true, false, C5B5_PHYS_MODE_TARGET_LOCAL_FB, 0, NV_TARGET_VRAM, 0 },
        { false, true, 0, C5B5_PHYS_MODE_TARGET_COHERENT_SYSMEM,
          0, NV_TARGET_SYS_COH },
        { true, true, C5B5_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM,
          C5B5_PHYS_MODE_TARGET_LOCAL_FB, NV_TARGET_SYS_NONCOH, NV_TARGET_VRAM },
        { true, true, C5B5_PHYS_MODE_TARGET_COHERENT_SYSMEM,
          C5B5_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM,
          NV_TARGET_SYS_COH, NV_TARGET_SYS_NONCOH },
    };
    const uint64_t spa = 0x12345, dpa = 0x80001;
    const uint32_t len = 700, count = 3, pin = 701, pout = 1000;

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Ctx *c = ctx_new();
        uint64_t sa = cases[i].src_phys ? spa : SRC_VA;
        uint64_t da = cases[i].dst_phys ? dpa : DST_VA;
        size_t ssize = pin * count, dsize = pout * count;
        uint8_t *src = cases[i].src_phys ?
            fake_phys(c->f, cases[i].src_target, sa, ssize) :
            fake_va(c->f, sa, ssize);
        uint8_t *dst = cases[i].dst_phys ?
            fake_phys(c->f, cases[i].dst_target, da, dsize) :
            fake_va(c->f, da, dsize);
        uint32_t l = L_PITCH | L_MULTI;

        fill_random(src, ssize, 10 + i);
        memset(dst, SENTINEL, dsize);
        set_in(c, sa);
        set_out(c, da);
        set_lines(c, len, count, pin, pout);
        if (cases[i].src_phys) {
            mthd(c, A_C5B5_SET_SRC_PHYS_MODE, cases[i].src_mode);
            l |= L_SRC_PHYS;
        }
        if (cases[i].dst_phys) {
            mthd(c, A_C5B5_SET_DST_PHYS_MODE, cases[i].dst_mode);
            l |= L_DST_PHYS;
        }
        copy(c, l);
        check_2d(src, pin, dst, pout, len, count);
        ctx_free(c);
    }
}

/* Block linear */

/* Hand-derived from the GOB layout: x5 y2 y1 x4 y0 x3 x2 x1 x0. */
static void test_gob_table(void)
{
    static const struct {
        uint32_t x, y, off;
    } t[] = {
        { 0, 0, 0 }, { 15, 0, 15 }, { 16, 0, 32 }, { 31, 0, 47 },
        { 32, 0, 256 }, { 63, 0, 303 }, { 0, 1, 16 }, { 0, 2, 64 },
        { 0, 7, 208 }, { 17, 3, 113 }, { 40, 5, 408 }, { 63, 7, 511 },
        { 64 + 17, 8 + 3, 113 },    /* only x % 64 and y % 8 count */
    };
    bool seen[512] = { false };

    for (unsigned i = 0; i < G_N_ELEMENTS(t); i++) {
        g_assert_cmpuint(nv_bl_gob_offset(t[i].x, t[i].y), ==, t[i].off);
    }
    /* and it is a permutation of the GOB's 512 bytes */
    for (uint32_t y = 0; y < 8; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            uint32_t o = nv_bl_gob_offset(x, y);

            g_assert_cmpuint(o, <, 512);
            g_assert_false(seen[o]);
            seen[o] = true;
        }
    }
}

/*
 * Independent reference: walks the surface's memory in order (blocks along
 * X, then Y, then Z; in a block, GOBs along X, then Y, then Z; in a GOB, the
 * 512 bytes decoded from the interleaved address bits) and records, for
 * every (x, y, z) of the block-aligned surface, its offset.
 */
typedef struct RefBl {
    uint32_t w, h, d;       /* block-aligned extent: bytes, rows, slices */
    uint64_t *off;
} RefBl;

static RefBl ref_bl_new(unsigned lw, unsigned lh, unsigned ld, uint32_t width,
                        uint32_t height, uint32_t depth)
{
    uint32_t bw = 64u << lw, bh = 8u << lh, bd = 1u << ld;
    uint32_t nbx = (width + bw - 1) / bw, nby = (height + bh - 1) / bh;
    uint32_t nbz = (depth + bd - 1) / bd;
    RefBl r = { nbx * bw, nby * bh, nbz * bd, NULL };
    uint64_t addr = 0;

    r.off = g_new(uint64_t, (size_t)r.w * r.h * r.d);
    for (uint32_t bz = 0; bz < nbz; bz++)
    for (uint32_t by = 0; by < nby; by++)
    for (uint32_t bx = 0; bx < nbx; bx++)
    for (uint32_t gz = 0; gz < bd; gz++)
    for (uint32_t gy = 0; gy < (1u << lh); gy++)
    for (uint32_t gx = 0; gx < (1u << lw); gx++)
    for (uint32_t b = 0; b < 512; b++) {
        uint32_t x = (b & 15) | ((b >> 5) & 1) << 4 | ((b >> 8) & 1) << 5;
        uint32_t y = ((b >> 4) & 1) | ((b >> 6) & 3) << 1;
        uint32_t X = bx * bw + gx * 64 + x;
        uint32_t Y = by * bh + gy * 8 + y;
        uint32_t Z = bz * bd + gz;

        r.off[((size_t)Z * r.h + Y) * r.w + X] = addr++;
    }
    return r;
}

static uint64_t ref_bl(const RefBl *r, uint32_t x, uint32_t y, uint32_t z)
{
    return r->off[((size_t)z * r->h + y) * r->w + x];
}

typedef struct BlCase {
    unsigned lw, lh, ld;
    uint32_t width, height, depth, layer;   /* surface; width in bytes */
    uint32_t ox, oy;                        /* origin of the copied rectangle */
    uint32_t len, lines;
} BlCase;

static const BlCase bl_cases[] = {
    { 0, 0, 0, 64, 8, 1, 0, 0, 0, 64, 8 },
    { 0, 1, 0, 200, 37, 1, 0, 13, 5, 150, 29 },
    { 0, 4, 0, 300, 140, 1, 0, 7, 100, 290, 33 },
    { 0, 2, 1, 130, 40, 3, 1, 1, 3, 128, 30 },
    { 0, 2, 1, 130, 40, 3, 2, 60, 0, 70, 40 },
    { 1, 2, 0, 333, 50, 1, 0, 100, 9, 233, 41 },
    { 0, 5, 0, 96, 300, 1, 0, 31, 17, 65, 283 },
    { 2, 0, 2, 250, 20, 5, 4, 3, 2, 240, 17 },
};

static void bl_set_surface(Ctx *c, bool dst, const BlCase *k)
{
    uint32_t bs = k->lw | k->lh << 4 | k->ld << 8 | C5B5_GOB_HEIGHT_FERMI_8 << 12;

    mthd(c, dst ? A_C5B5_SET_DST_BLOCK_SIZE : A_C5B5_SET_SRC_BLOCK_SIZE, bs);
    mthd(c, dst ? A_C5B5_SET_DST_WIDTH : A_C5B5_SET_SRC_WIDTH, k->width);
    mthd(c, dst ? A_C5B5_SET_DST_HEIGHT : A_C5B5_SET_SRC_HEIGHT, k->height);
    mthd(c, dst ? A_C5B5_SET_DST_DEPTH : A_C5B5_SET_SRC_DEPTH, k->depth);
    mthd(c, dst ? A_C5B5_SET_DST_LAYER : A_C5B5_SET_SRC_LAYER, k->layer);
    /* both ways of setting the origin */
    if (dst) {
        mthd(c, A_C5B5_SET_DST_ORIGIN, k->oy << 16 | k->ox);
    } else {
        mthd(c, A_C5B5_SRC_ORIGIN_X, k->ox);
        mthd(c, A_C5B5_SRC_ORIGIN_Y, k->oy);
    }
}

/* nv_bl_offset itself against the reference, everywhere in the surface */
static void test_bl_offsets(void)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(bl_cases); i++) {
        const BlCase *k = &bl_cases[i];
        RefBl r = ref_bl_new(k->lw, k->lh, k->ld, k->width, k->height, k->depth);
        NvBlGeom g;

        nv_bl_geom_init(&g, k->lw, k->lh, k->ld, k->width, k->height);
        for (uint32_t z = 0; z < r.d; z++) {
            for (uint32_t y = 0; y < r.h; y++) {
                for (uint32_t x = 0; x < r.w; x++) {
                    g_assert_cmpuint(nv_bl_offset(&g, x, y, z), ==,
                                     ref_bl(&r, x, y, z));
                }
            }
        }
        g_free(r.off);
    }
}

/* pitch -> block linear -> pitch, both checked against the reference */
static void test_bl_round_trip(void)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(bl_cases); i++) {
        const BlCase *k = &bl_cases[i];
        RefBl r = ref_bl_new(k->lw, k->lh, k->ld, k->width, k->height, k->depth);
        size_t bl_size = (size_t)r.w * r.h * r.d;
        uint32_t pin = k->len + 3, pout = k->len + 11;
        size_t ssize = (size_t)pin * k->lines, dsize = (size_t)pout * k->lines;
        Ctx *c = ctx_new();
        uint8_t *src = fake_va(c->f, SRC_VA, ssize);
        uint8_t *bl = fake_va(c->f, DST_VA, bl_size);
        uint8_t *back = fake_va(c->f, DST2_VA, dsize);
        uint8_t *expect = g_malloc(bl_size);

        g_assert_cmpuint(k->ox + k->len, <=, k->width);
        g_assert_cmpuint(k->oy + k->lines, <=, k->height);
        fill_random(src, ssize, 100 + i);
        memset(bl, SENTINEL, bl_size);
        memset(back, SENTINEL, dsize);
        memset(expect, SENTINEL, bl_size);
        for (uint32_t y = 0; y < k->lines; y++) {
            for (uint32_t x = 0; x < k->len; x++) {
                expect[ref_bl(&r, k->ox + x, k->oy + y, k->layer)] =
                    src[(size_t)y * pin + x];
            }
        }

        /* pitch -> block linear */
        set_in(c, SRC_VA);
        set_out(c, DST_VA);
        set_lines(c, k->len, k->lines, pin, 0);
        bl_set_surface(c, true, k);
        copy(c, L_BASE | L_SRC_PITCH | L_MULTI);
        g_assert_cmpmem(bl, bl_size, expect, bl_size);

        /* block linear -> pitch, in steps smaller than a line */
        set_in(c, DST_VA);
        set_out(c, DST2_VA);
        set_lines(c, k->len, k->lines, 0, pout);
        bl_set_surface(c, false, k);
        g_assert_cmpint(launch(c, L_BASE | L_DST_PITCH | L_MULTI), ==,
                        NV_ENGINE_BUSY);
        g_assert_cmpint(run_all(c, 100, NULL), ==, NV_ENGINE_IDLE);
        check_2d(src, pin, back, pout, k->len, k->lines);

        g_free(expect);
        g_free(r.off);
        ctx_free(c);
    }
}

/* block linear -> block linear with different block shapes and origins */
static void test_bl_to_bl(void)
{
    const BlCase *a = &bl_cases[3], *b = &bl_cases[7];
    RefBl ra = ref_bl_new(a->lw, a->lh, a->ld, a->width, a->height, a->depth);
    RefBl rb = ref_bl_new(b->lw, b->lh, b->ld, b->width, b->height, b->depth);
    size_t asize = (size_t)ra.w * ra.h * ra.d, bsize = (size_t)rb.w * rb.h * rb.d;
    uint32_t len = MIN(a->len, b->len), lines = MIN(a->lines, b->lines);
    Ctx *c = ctx_new();
    uint8_t *sa = fake_va(c->f, SRC_VA, asize);
    uint8_t *db = fake_va(c->f, DST_VA, bsize);

    fill_random(sa, asize, 7);
    memset(db, SENTINEL, bsize);
    set_in(c, SRC_VA);
    set_out(c, DST_VA);
    set_lines(c, len, lines, 0, 0);
    bl_set_surface(c, false, a);
    bl_set_surface(c, true, b);
    copy(c, L_BASE | L_MULTI);
    for (uint32_t y = 0; y < lines; y++) {
        for (uint32_t x = 0; x < len; x++) {
            g_assert_cmpuint(db[ref_bl(&rb, b->ox + x, b->oy + y, b->layer)], ==,
                             sa[ref_bl(&ra, a->ox + x, a->oy + y, a->layer)]);
        }
    }
    g_free(ra.off);
    g_free(rb.off);
    ctx_free(c);
}

/* Remap */

static uint32_t remap(unsigned x, unsigned y, unsigned z, unsigned w,
                      unsigned comp_size, unsigned nsrc, unsigned ndst)
{
    return x | y << 4 | z << 8 | w << 12 | (comp_size - 1) << 16 |
           (nsrc - 1) << 20 | (ndst - 1) << 24;
}

#define NW  C5B5_REMAP_NO_WRITE
#define KA  C5B5_REMAP_CONST_A
#define KB  C5B5_REMAP_CONST_B

/* memset: only constants, so the source is never read (it points at the hole) */
static void test_memset(void)
{
    static const struct {
        unsigned comp_size, sel;
        uint32_t value;
    } cases[] = {
        { 4, KA, 0xdeadbeef },
        { 1, KB, 0x5a },
        { 2, KA, 0x1234 },
        { 3, KB, 0xabcdef },
    };
    const uint32_t n = 3000;

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Ctx *c = ctx_new();
        unsigned cs = cases[i].comp_size;
        uint8_t *dst = fake_va(c->f, DST_VA, (size_t)n * cs + 1);

        memset(dst, SENTINEL, (size_t)n * cs + 1);
        set_in(c, HOLE);
        set_out(c, DST_VA);
        set_lines(c, n, 1, 0, 0);
        mthd(c, A_C5B5_SET_REMAP_CONST_A, cases[i].sel == KA ? cases[i].value : 0);
        mthd(c, A_C5B5_SET_REMAP_CONST_B, cases[i].sel == KB ? cases[i].value : 0);
        mthd(c, A_C5B5_SET_REMAP_COMPONENTS,
             remap(cases[i].sel, NW, NW, NW, cs, 1, 1));
        copy(c, L_PITCH | L_REMAP);
        for (uint32_t e = 0; e < n; e++) {
            for (unsigned b = 0; b < cs; b++) {
                g_assert_cmpuint(dst[e * cs + b], ==,
                                 (uint8_t)(cases[i].value >> (8 * b)));
            }
        }
        g_assert_cmpuint(dst[n * cs], ==, SENTINEL);
        g_assert_cmpuint(c->f->reads, ==, 0);
        ctx_free(c);
    }
}

/* NO_WRITE keeps the destination's bytes; a 2D memset honours pitches. */
static void test_remap_no_write(void)
{
    Ctx *c = ctx_new();
    const uint32_t n = 1500, lines = 3, pout = 4 * n + 100;
    size_t dsize = (size_t)pout * lines;
    uint8_t *dst = fake_va(c->f, DST_VA, dsize);
    uint8_t *orig = g_malloc(dsize);

    fill_random(dst, dsize, 20);
    memcpy(orig, dst, dsize);
    set_in(c, HOLE);
    set_out(c, DST_VA);
    set_lines(c, n, lines, 0, pout);
    mthd(c, A_C5B5_SET_REMAP_CONST_A, 0x7777beef);
    mthd(c, A_C5B5_SET_REMAP_COMPONENTS, remap(KA, NW, NW, NW, 2, 1, 2));
    copy(c, L_PITCH | L_REMAP | L_MULTI);
    for (uint32_t y = 0; y < lines; y++) {
        for (uint32_t e = 0; e < n; e++) {
            size_t o = (size_t)y * pout + 4 * e;

            g_assert_cmpuint(dst[o], ==, 0xef);
            g_assert_cmpuint(dst[o + 1], ==, 0xbe);
            g_assert_cmpuint(dst[o + 2], ==, orig[o + 2]);
            g_assert_cmpuint(dst[o + 3], ==, orig[o + 3]);
        }
        g_assert_cmpmem(dst + (size_t)y * pout + 4 * n, pout - 4 * n,
                        orig + (size_t)y * pout + 4 * n, pout - 4 * n);
    }
    g_free(orig);
    ctx_free(c);
}

/* Swizzles: RGBA -> BGR + constant alpha; 3-byte components; 4 -> 2 */
static void test_remap_swizzle(void)
{
    static const struct {
        unsigned sel[4], cs, nsrc, ndst;
    } cases[] = {
        { { 2, 1, 0, KB }, 1, 4, 4 },
        { { 1, NW, NW, NW }, 3, 2, 1 },
        { { 3, 0, NW, NW }, 4, 4, 2 },
        { { 0, 0, 1, 3 }, 2, 2, 4 },    /* SRC_W beyond NUM_SRC: zero */
    };
    const uint32_t n = 1111, kb = 0x11223344;

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Ctx *c = ctx_new();
        unsigned cs = cases[i].cs, ns = cases[i].nsrc, nd = cases[i].ndst;
        uint8_t *src = fake_va(c->f, SRC_VA, (size_t)n * cs * ns);
        uint8_t *dst = fake_va(c->f, DST_VA, (size_t)n * cs * nd);
        uint8_t *orig = g_malloc((size_t)n * cs * nd);

        fill_random(src, (size_t)n * cs * ns, 30 + i);
        fill_random(dst, (size_t)n * cs * nd, 40 + i);
        memcpy(orig, dst, (size_t)n * cs * nd);
        set_in(c, SRC_VA);
        set_out(c, DST_VA);
        set_lines(c, n, 1, 0, 0);
        mthd(c, A_C5B5_SET_REMAP_CONST_B, kb);
        mthd(c, A_C5B5_SET_REMAP_COMPONENTS,
             remap(cases[i].sel[0], cases[i].sel[1], cases[i].sel[2],
                   cases[i].sel[3], cs, ns, nd));
        copy(c, L_PITCH | L_REMAP);
        for (uint32_t e = 0; e < n; e++) {
            for (unsigned k = 0; k < nd; k++) {
                for (unsigned b = 0; b < cs; b++) {
                    unsigned sel = cases[i].sel[k];
                    size_t o = ((size_t)e * nd + k) * cs + b;
                    uint8_t want = sel == NW ? orig[o] :
                                   sel == KB ? (uint8_t)(kb >> (8 * b)) :
                                   sel >= ns ? 0 :
                                   src[((size_t)e * ns + sel) * cs + b];

                    g_assert_cmpuint(dst[o], ==, want);
                }
            }
        }
        g_free(orig);
        ctx_free(c);
    }
}

/* With remap, block-linear widths and X origins count elements. */
static void test_remap_block_linear(void)
{
    const BlCase k = { 0, 1, 0, 50, 20, 1, 0, 3, 2, 40, 15 };  /* elements */
    const unsigned es = 4;
    RefBl r = ref_bl_new(k.lw, k.lh, k.ld, k.width * es, k.height, k.depth);
    size_t bl_size = (size_t)r.w * r.h * r.d, ssize = (size_t)k.len * es * k.lines;
    Ctx *c = ctx_new();
    uint8_t *src = fake_va(c->f, SRC_VA, ssize);
    uint8_t *bl = fake_va(c->f, DST_VA, bl_size);

    fill_random(src, ssize, 50);
    memset(bl, SENTINEL, bl_size);
    set_in(c, SRC_VA);
    set_out(c, DST_VA);
    set_lines(c, k.len, k.lines, k.len * es, 0);
    bl_set_surface(c, true, &k);
    mthd(c, A_C5B5_SET_REMAP_COMPONENTS, remap(0, NW, NW, NW, 4, 1, 1));
    copy(c, L_BASE | L_SRC_PITCH | L_MULTI | L_REMAP);
    for (uint32_t y = 0; y < k.lines; y++) {
        for (uint32_t x = 0; x < k.len * es; x++) {
            g_assert_cmpuint(bl[ref_bl(&r, k.ox * es + x, k.oy + y, 0)], ==,
                             src[(size_t)y * k.len * es + x]);
        }
    }
    g_free(r.off);
    ctx_free(c);
}

/* Semaphores and interrupts */

static void start_sem_copy(Ctx *c, uint32_t len, uint32_t lines)
{
    fill_random(fake_va(c->f, SRC_VA, (size_t)len * lines), (size_t)len * lines, 60);
    memset(fake_va(c->f, SEM_VA, 16), SENTINEL, 16);
    c->f->watch = SEM_VA;
    c->f->watch_len = 16;
    set_in(c, SRC_VA);
    set_out(c, DST_VA);
    set_lines(c, len, lines, len, len);
}

/* Written once, last, and only when the whole copy is done. */
static void test_semaphore_one_word(void)
{
    Ctx *c = ctx_new();
    uint8_t *sem = fake_va(c->f, SEM_VA, 16);
    unsigned calls = 0;

    start_sem_copy(c, 5000, 20);
    set_sem(c, SEM_VA, 0xcafe1234);
    g_assert_cmpint(launch(c, L_PITCH | L_MULTI | L_SEM1), ==, NV_ENGINE_BUSY);
    while (nv_ce_run(&c->ce, &c->mem, 3000, 0) == NV_ENGINE_BUSY) {
        g_assert_cmpuint(c->f->watch_hits, ==, 0);
        g_assert_cmpuint(sem[0], ==, SENTINEL);
        calls++;
    }
    g_assert_cmpuint(calls, >=, 10);
    g_assert_cmpuint(c->f->watch_hits, ==, 1);
    g_assert_cmpuint(c->f->watch_seq, ==, c->f->writes);
    g_assert_cmpuint(sem[0] | sem[1] << 8 | sem[2] << 16 | (uint32_t)sem[3] << 24,
                     ==, 0xcafe1234);
    g_assert_cmpuint(sem[4], ==, SENTINEL);
    g_assert_cmpmem(fake_va(c->f, DST_VA, 100000), 100000,
                    fake_va(c->f, SRC_VA, 100000), 100000);
    ctx_free(c);
}

static void test_semaphore_four_word(void)
{
    static const uint8_t want[16] = {
        0x78, 0x56, 0x34, 0x12, 0, 0, 0, 0,
        0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
    };
    Ctx *c = ctx_new();

    start_sem_copy(c, 333, 7);
    set_sem(c, SEM_VA, 0x12345678);
    c->f->now = 0x1122334455667788ull;
    copy(c, L_PITCH | L_MULTI | L_SEM4);
    g_assert_cmpmem(fake_va(c->f, SEM_VA, 16), 16, want, 16);
    g_assert_cmpuint(c->f->watch_hits, ==, 1);
    g_assert_cmpuint(c->f->watch_seq, ==, c->f->writes);
    ctx_free(c);
}

/* DATA_TRANSFER_TYPE NONE: just the semaphore, done within the method. */
static void test_semaphore_only(void)
{
    Ctx *c = ctx_new();
    uint32_t v;

    set_sem(c, SEM_VA, 42);
    set_lines(c, 1000, 1000, 0, 0);   /* ignored */
    g_assert_cmpint(launch(c, L_SEM1 | L_SRC_PITCH | L_DST_PITCH), ==,
                    NV_ENGINE_IDLE);
    memcpy(&v, fake_va(c->f, SEM_VA, 4), 4);
    g_assert_cmpuint(GUINT32_FROM_LE(v), ==, 42);
    g_assert_cmpuint(c->f->writes, ==, 1);
    g_assert_cmpuint(c->f->reads, ==, 0);
    ctx_free(c);
}

static void test_semaphore_reduction(void)
{
    static const struct {
        unsigned red, sign;
        uint32_t old, payload, want;
    } t[] = {
        { C5B5_REDUCTION_IADD, C5B5_REDUCTION_SIGN_UNSIGNED, 5, 3, 8 },
        { C5B5_REDUCTION_INC, C5B5_REDUCTION_SIGN_UNSIGNED, 6, 7, 7 },
        { C5B5_REDUCTION_INC, C5B5_REDUCTION_SIGN_UNSIGNED, 7, 7, 0 },
        { C5B5_REDUCTION_DEC, C5B5_REDUCTION_SIGN_UNSIGNED, 0, 9, 9 },
        { C5B5_REDUCTION_DEC, C5B5_REDUCTION_SIGN_UNSIGNED, 4, 9, 3 },
        { C5B5_REDUCTION_IMIN, C5B5_REDUCTION_SIGN_SIGNED, 0xffffffff, 1,
          0xffffffff },
        { C5B5_REDUCTION_IMIN, C5B5_REDUCTION_SIGN_UNSIGNED, 0xffffffff, 1, 1 },
        { C5B5_REDUCTION_IMAX, C5B5_REDUCTION_SIGN_SIGNED, 0xffffffff, 1, 1 },
        { C5B5_REDUCTION_IAND, C5B5_REDUCTION_SIGN_UNSIGNED, 0xff00, 0x0ff0,
          0x0f00 },
        { C5B5_REDUCTION_IOR, C5B5_REDUCTION_SIGN_UNSIGNED, 0xff00, 0x0ff0,
          0xfff0 },
        { C5B5_REDUCTION_IXOR, C5B5_REDUCTION_SIGN_UNSIGNED, 0xff00, 0x0ff0,
          0xf0f0 },
        { C5B5_REDUCTION_FADD, C5B5_REDUCTION_SIGN_SIGNED, 0x3fc00000,
          0x40100000, 0x40700000 },     /* 1.5 + 2.25 = 3.75 */
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(t); i++) {
        Ctx *c = ctx_new();
        uint32_t v = GUINT32_TO_LE(t[i].old);

        memcpy(fake_va(c->f, SEM_VA, 4), &v, 4);
        set_sem(c, SEM_VA, t[i].payload);
        g_assert_cmpint(launch(c, L_SEM1 | LD(SEMAPHORE_REDUCTION, t[i].red) |
                                  LD(SEMAPHORE_REDUCTION_SIGN, t[i].sign) |
                                  LD(SEMAPHORE_REDUCTION_ENABLE, 1)),
                        ==, NV_ENGINE_IDLE);
        memcpy(&v, fake_va(c->f, SEM_VA, 4), 4);
        g_assert_cmphex(GUINT32_FROM_LE(v), ==, t[i].want);
        ctx_free(c);
    }
}

/* Non-blocking: nonstall_intr after the semaphore is visible. */
static void test_interrupts(void)
{
    Ctx *c = ctx_new();

    start_sem_copy(c, 1000, 10);
    set_sem(c, SEM_VA, 0x01020304);
    copy(c, L_PITCH | L_MULTI | L_SEM1 |
            LD(INTERRUPT_TYPE, C5B5_INTERRUPT_NON_BLOCKING));
    g_assert_cmpuint(c->f->intrs, ==, 1);
    g_assert_cmpuint(c->f->at_intr[0], ==, 0x04);
    g_assert_cmpuint(c->f->at_intr[3], ==, 0x01);
    g_assert_cmpuint(c->f->stall_intrs, ==, 0);

    /* Blocking: the stalling interrupt */
    copy(c, L_PITCH | L_MULTI | LD(INTERRUPT_TYPE, C5B5_INTERRUPT_BLOCKING));
    g_assert_cmpuint(c->f->intrs, ==, 1);
    g_assert_cmpuint(c->f->stall_intrs, ==, 1);

    /* None */
    copy(c, L_PITCH | L_MULTI);
    g_assert_cmpuint(c->f->intrs, ==, 1);
    g_assert_cmpuint(c->f->stall_intrs, ==, 1);
    ctx_free(c);
}

/* Budgets */

/* A copy over many small-budget calls ends exactly like a one-shot copy. */
static void test_budget(void)
{
    const uint32_t len = 3000, lines = 200, pin = 3001, pout = 3333;
    size_t ssize = (size_t)pin * lines, dsize = (size_t)pout * lines;
    uint8_t *one_shot = g_malloc(dsize);
    uint64_t budgets[] = { BIG_BUDGET, 5000, 1, 0 };
    unsigned calls;

    for (unsigned i = 0; i < G_N_ELEMENTS(budgets); i++) {
        Ctx *c = ctx_new();
        uint8_t *dst = fake_va(c->f, DST_VA, dsize);

        fill_random(fake_va(c->f, SRC_VA, ssize), ssize, 70);
        memset(dst, SENTINEL, dsize);
        set_in(c, SRC_VA);
        set_out(c, DST_VA);
        set_lines(c, len, lines, pin, pout);
        g_assert_cmpint(launch(c, L_PITCH | L_MULTI), ==, NV_ENGINE_BUSY);
        g_assert_cmpint(run_all(c, budgets[i], &calls), ==, NV_ENGINE_IDLE);
        if (i == 0) {
            g_assert_cmpuint(calls, ==, 1);
            check_2d(fake_va(c->f, SRC_VA, ssize), pin, dst, pout, len, lines);
            memcpy(one_shot, dst, dsize);
        } else {
            /* 3000-byte lines go in one step each (< NV_CE_CHUNK) */
            g_assert_cmpuint(calls, >=, budgets[i] > 3000 ? lines / 2 : lines);
            g_assert_cmpmem(dst, dsize, one_shot, dsize);
        }
        g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, BIG_BUDGET, 0), ==,
                        NV_ENGINE_IDLE);
        ctx_free(c);
    }
    g_free(one_shot);
}

/* Faults */

/* A fault mid-copy: ERROR, the provider's report only, no semaphore/intr. */
static void test_fault(void)
{
    static const struct {
        uint64_t src, dst;
    } cases[] = {
        { HOLE - 20000, DST_VA },       /* the source runs into the hole */
        { SRC_VA, HOLE - 30001 },       /* the destination does */
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Ctx *c = ctx_new();

        memset(fake_va(c->f, SEM_VA, 16), SENTINEL, 16);
        c->f->watch = SEM_VA;
        c->f->watch_len = 16;
        set_in(c, cases[i].src);
        set_out(c, cases[i].dst);
        set_lines(c, 10000, 8, 10000, 10000);
        set_sem(c, SEM_VA, 1);
        g_assert_cmpint(launch(c, L_PITCH | L_MULTI | L_SEM4 |
                                  LD(INTERRUPT_TYPE, C5B5_INTERRUPT_NON_BLOCKING)),
                        ==, NV_ENGINE_BUSY);
        g_assert_cmpint(run_all(c, 7000, NULL), ==, NV_ENGINE_ERROR);
        g_assert_cmpuint(c->f->faults, ==, 1);
        g_assert_cmpuint(c->f->errors, ==, 0);
        g_assert_cmpuint(c->f->intrs, ==, 0);
        g_assert_cmpuint(c->f->watch_hits, ==, 0);
        g_assert_cmpuint(fake_va(c->f, SEM_VA, 1)[0], ==, SENTINEL);
        /* the operation is gone; the engine takes the next launch */
        g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, BIG_BUDGET, 0), ==,
                        NV_ENGINE_IDLE);
        set_in(c, SRC_VA);
        set_out(c, DST_VA);
        c->f->faults = 0;
        copy(c, L_PITCH | L_MULTI);
        ctx_free(c);
    }
}

/* The semaphore itself faults: ERROR, no interrupt. */
static void test_fault_semaphore(void)
{
    Ctx *c = ctx_new();

    set_in(c, SRC_VA);
    set_out(c, DST_VA);
    set_lines(c, 100, 1, 0, 0);
    set_sem(c, HOLE + 8, 1);
    g_assert_cmpint(launch(c, L_PITCH | L_SEM1 |
                              LD(INTERRUPT_TYPE, C5B5_INTERRUPT_NON_BLOCKING)),
                    ==, NV_ENGINE_BUSY);
    g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, BIG_BUDGET, 0), ==, NV_ENGINE_ERROR);
    g_assert_cmpuint(c->f->faults, ==, 1);
    g_assert_cmpuint(c->f->intrs, ==, 0);
    ctx_free(c);
}

/* Invalid methods and launches */

typedef struct BadLaunch {
    uint32_t mthd, data;        /* set first (mthd 0: none) */
    uint32_t launch;
} BadLaunch;

static void test_invalid_launch(void)
{
    static const BadLaunch t[] = {
        { 0, 0, L_PITCH | LD(DATA_TRANSFER_TYPE, 3) },
        { 0, 0, L_PITCH | LD(SEMAPHORE_TYPE, 3) },
        { 0, 0, L_PITCH | LD(INTERRUPT_TYPE, 3) },
        { 0, 0, L_PITCH | LD(SEMAPHORE_REDUCTION, 8) },
        { 0, 0, L_PITCH | LD(SEMAPHORE_REDUCTION, 15) },
        { 0, 0, L_PITCH | LD(VPRMODE, 2) },
        { A_C5B5_SET_REMAP_COMPONENTS, 7, L_PITCH | L_REMAP },
        { A_C5B5_SET_REMAP_COMPONENTS, 0x03007000, L_PITCH | L_REMAP },
        { A_C5B5_SET_SRC_PHYS_MODE, 3, L_PITCH | L_SRC_PHYS },
        { A_C5B5_SET_DST_PHYS_MODE, 3, L_PITCH | L_DST_PHYS },
        { A_C5B5_SET_DST_BLOCK_SIZE, 6 << 4, L_BASE | L_SRC_PITCH },
        { A_C5B5_SET_SRC_BLOCK_SIZE, 6 << 8, L_BASE | L_DST_PITCH },
        { A_C5B5_SET_SRC_BLOCK_SIZE, 6, L_BASE | L_DST_PITCH },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(t); i++) {
        Ctx *c = ctx_new();

        set_in(c, SRC_VA);
        set_out(c, DST_VA);
        set_lines(c, 100, 1, 0, 0);
        set_sem(c, SEM_VA, 1);
        if (t[i].mthd) {
            mthd(c, t[i].mthd, t[i].data);
        }
        g_assert_cmpint(launch(c, t[i].launch), ==, NV_ENGINE_ERROR);
        g_assert_cmpuint(c->f->errors, ==, 1);
        g_assert_cmpuint(c->f->reads + c->f->writes, ==, 0);
        g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, BIG_BUDGET, 0), ==,
                        NV_ENGINE_IDLE);
        ctx_free(c);
    }
}

static void test_invalid_method(void)
{
    static const uint32_t bad[] = { 0, 0x50, 0xfc, 0x102, 0x2000, 0xfffffffc };
    Ctx *c = ctx_new();

    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_cmpint(nv_ce_method(&c->ce, &c->mem, bad[i], 1), ==,
                        NV_ENGINE_ERROR);
    }
    g_assert_cmpuint(c->f->errors, ==, G_N_ELEMENTS(bad));

    /* methods the class has but the model does not act on are stored */
    mthd(c, A_C5B5_PM_TRIGGER_END, 0x1234);
    mthd(c, 0x1ffc, 5);
    mthd(c, A_C5B5_SET_RENDER_ENABLE_C, 1);
    g_assert_cmpuint(c->ce.mthd[A_C5B5_PM_TRIGGER_END / 4], ==, 0x1234);
    g_assert_cmpuint(c->ce.mthd[0x1ffc / 4], ==, 5);
    /* the packed origin sets both 32-bit origin registers */
    mthd(c, A_C5B5_SET_SRC_ORIGIN, 0x00070009);
    g_assert_cmpuint(c->ce.mthd[A_C5B5_SRC_ORIGIN_X / 4], ==, 9);
    g_assert_cmpuint(c->ce.mthd[A_C5B5_SRC_ORIGIN_Y / 4], ==, 7);

    /* a second launch while one is running */
    set_in(c, SRC_VA);
    set_out(c, DST_VA);
    set_lines(c, 100000, 1, 0, 0);
    g_assert_cmpint(launch(c, L_PITCH), ==, NV_ENGINE_BUSY);
    g_assert_cmpint(nv_ce_method(&c->ce, &c->mem, A_C5B5_NOP, 0), ==,
                    NV_ENGINE_BUSY);
    g_assert_cmpint(launch(c, L_PITCH), ==, NV_ENGINE_ERROR);
    g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, BIG_BUDGET, 0), ==, NV_ENGINE_IDLE);
    ctx_free(c);
}

/* Hostile sizes */

/*
 * 4G lines of 4G bytes, every pitch/width/origin at its maximum, in every
 * layout: each call stays within its budget, and progress is steady. The
 * sink memory accepts everything, so nothing stops the copy early.
 */
static void test_absurd_sizes(void)
{
    static const uint32_t launches[] = {
        L_PITCH | L_MULTI,
        L_PITCH | L_MULTI | L_REMAP,
        L_BASE | L_MULTI,
        L_BASE | L_MULTI | L_REMAP,
        L_BASE | L_MULTI | L_SRC_PITCH | L_SRC_PHYS,
    };
    const uint64_t budget = 1u << 20;

    for (unsigned i = 0; i < G_N_ELEMENTS(launches); i++) {
        Ctx *c = ctx_new();
        NvCeOp *op = &c->ce.op;
        uint64_t last = 0;

        c->f->sink = true;
        set_in(c, 0x1ffffffffffffull);
        set_out(c, 0x1ffffffffffffull);
        set_lines(c, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff);
        for (uint32_t m = A_C5B5_SET_DST_WIDTH; m <= A_C5B5_SET_DST_LAYER; m += 4) {
            mthd(c, m, 0xffffffff);
            mthd(c, m + (A_C5B5_SET_SRC_WIDTH - A_C5B5_SET_DST_WIDTH), 0xffffffff);
        }
        mthd(c, A_C5B5_SET_DST_BLOCK_SIZE, 0x555);
        mthd(c, A_C5B5_SET_SRC_BLOCK_SIZE, 0x555);
        mthd(c, A_C5B5_SRC_ORIGIN_X, 0xffffffff);
        mthd(c, A_C5B5_SRC_ORIGIN_Y, 0xffffffff);
        mthd(c, A_C5B5_DST_ORIGIN_X, 0xffffffff);
        mthd(c, A_C5B5_DST_ORIGIN_Y, 0xffffffff);
        mthd(c, A_C5B5_SET_REMAP_COMPONENTS, remap(3, 2, 1, NW, 4, 4, 4));
        g_assert_cmpint(launch(c, launches[i]), ==, NV_ENGINE_BUSY);
        for (unsigned n = 0; n < 8; n++) {
            uint64_t pos;

            fake_mem_clear_counts(c->f);
            g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, budget, 0), ==,
                            NV_ENGINE_BUSY);
            pos = (uint64_t)op->line << 32 | op->elem;
            g_assert_cmpuint(pos, >, last);
            last = pos;
            /* about budget bytes, in 16-byte runs at worst */
            g_assert_cmpuint(c->f->max_len, <=, NV_CE_CHUNK);
            g_assert_cmpuint(c->f->reads + c->f->writes, <=,
                             3 * (budget + NV_CE_CHUNK) / 16);
        }
        g_assert_cmpuint(op->line, ==, 0);
        ctx_free(c);
    }
}

/* Tiny lines: each step still costs the budget something. */
static void test_absurd_line_count(void)
{
    Ctx *c = ctx_new();
    const uint64_t budget = 1u << 20;

    c->f->sink = true;
    set_in(c, SRC_VA);
    set_out(c, DST_VA);
    set_lines(c, 1, 0xffffffff, 0xffffffff, 0xffffffff);
    g_assert_cmpint(launch(c, L_PITCH | L_MULTI), ==, NV_ENGINE_BUSY);
    for (unsigned n = 0; n < 4; n++) {
        fake_mem_clear_counts(c->f);
        g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, budget, 0), ==, NV_ENGINE_BUSY);
        g_assert_cmpuint(c->f->reads, <=, budget / 64 + 1);
    }
    g_assert_cmpuint(c->ce.op.line, ==, 4 * budget / 64);
    ctx_free(c);
}

/*
 * A passed deadline ends the call after a few steps whatever the budget:
 * the host slice is bounded in time (a fuzz input found block-linear and
 * remapped copies whose byte budget took tens of ms).
 */
static void test_deadline(void)
{
    Ctx *c = ctx_new();
    const uint64_t budget = UINT64_MAX;

    c->f->sink = true;
    set_in(c, SRC_VA);
    set_out(c, DST_VA);
    set_lines(c, 1, 0xffffffff, 0xffffffff, 0xffffffff);
    g_assert_cmpint(launch(c, L_PITCH | L_MULTI), ==, NV_ENGINE_BUSY);
    for (unsigned n = 1; n <= 4; n++) {
        int64_t past = g_get_monotonic_time() - 1;

        g_assert_cmpint(nv_ce_run(&c->ce, &c->mem, budget, past), ==, NV_ENGINE_BUSY);
        g_assert_cmpuint(c->ce.op.line, ==, 16 * n);        /* CE_STEPS_PER_CLOCK */
    }
    ctx_free(c);
}

/* On real (small) memory the absurd copy faults at the end of the space. */
static void test_absurd_faults(void)
{
    Ctx *c = ctx_new();
    unsigned calls;

    set_in(c, FAKE_VA_BASE);
    set_out(c, FAKE_VA_BASE + 0x1000);
    set_lines(c, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff);
    g_assert_cmpint(launch(c, L_PITCH | L_MULTI), ==, NV_ENGINE_BUSY);
    g_assert_cmpint(run_all(c, 1u << 20, &calls), ==, NV_ENGINE_ERROR);
    g_assert_cmpuint(calls, <=, 4);
    g_assert_cmpuint(c->f->faults, ==, 1);
    g_assert_cmpuint(c->f->errors, ==, 0);

    /* zero lines or zero length: nothing to do, complete at launch */
    set_lines(c, 0, 0xffffffff, 1, 1);
    g_assert_cmpint(launch(c, L_PITCH | L_MULTI), ==, NV_ENGINE_IDLE);
    set_lines(c, 0xffffffff, 0, 1, 1);
    g_assert_cmpint(launch(c, L_PITCH | L_MULTI), ==, NV_ENGINE_IDLE);
    ctx_free(c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ce/pitch/1d", test_pitch_1d);
    g_test_add_func("/ce/pitch/2d", test_pitch_2d);
    g_test_add_func("/ce/pitch/physical", test_physical);
    g_test_add_func("/ce/blocklinear/gob-table", test_gob_table);
    g_test_add_func("/ce/blocklinear/offsets", test_bl_offsets);
    g_test_add_func("/ce/blocklinear/round-trip", test_bl_round_trip);
    g_test_add_func("/ce/blocklinear/bl-to-bl", test_bl_to_bl);
    g_test_add_func("/ce/remap/memset", test_memset);
    g_test_add_func("/ce/remap/no-write", test_remap_no_write);
    g_test_add_func("/ce/remap/swizzle", test_remap_swizzle);
    g_test_add_func("/ce/remap/block-linear", test_remap_block_linear);
    g_test_add_func("/ce/semaphore/one-word", test_semaphore_one_word);
    g_test_add_func("/ce/semaphore/four-word", test_semaphore_four_word);
    g_test_add_func("/ce/semaphore/only", test_semaphore_only);
    g_test_add_func("/ce/semaphore/reduction", test_semaphore_reduction);
    g_test_add_func("/ce/interrupts", test_interrupts);
    g_test_add_func("/ce/budget", test_budget);
    g_test_add_func("/ce/fault/copy", test_fault);
    g_test_add_func("/ce/fault/semaphore", test_fault_semaphore);
    g_test_add_func("/ce/invalid/launch", test_invalid_launch);
    g_test_add_func("/ce/invalid/method", test_invalid_method);
    g_test_add_func("/ce/absurd/sizes", test_absurd_sizes);
    g_test_add_func("/ce/absurd/line-count", test_absurd_line_count);
    g_test_add_func("/ce/absurd/faults", test_absurd_faults);
    g_test_add_func("/ce/absurd/deadline", test_deadline);
    return g_test_run();
}
