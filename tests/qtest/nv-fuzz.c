/*
 * The structure-aware device fuzzer's interpreter (nv-fuzz.h).
 *
 * Input: a sequence of operations, each an opcode byte (mod OP_KINDS) and
 * fixed-size little-endian arguments; an operation cut short by the end of
 * the input is dropped. Every address an operation computes is reduced into
 * the skeleton's regions or the BARs' sizes, so mutations stay where the
 * device is deep rather than spraying unmapped guest memory.
 *
 * Inputs are independent as far as the reset allows: QEMU's system reset
 * brings the device's registers and channels back cold, and the skeleton
 * rewrites every structure it uses (page-directory entries first, so a
 * previous input's corrupt tables are not followed). Other VRAM an input
 * wrote through a physical copy or PRAMIN stays, as on a warm board.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "hw/nvidia/cl-c46f.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "nv-fuzz.h"
#include "nv-fuzz-regs.h"

/* VRAM */
#define CH_BASE     0x1000000ull        /* instance block, USERD, then the tables */
#define PT_POOL     (CH_BASE + 0x10000)
#define GP_PA       0x1100000ull
#define PB_PA       0x1101000ull
#define PB_DWORDS   (NVCH_PB_PAGES * 0x1000 / 4)
#define DATA_PA     0x1200000ull        /* DATA_PAGES pages at DATA_VA */
#define FAULT_BUF   0x1300000ull
/* guest RAM */
#define SYS_PA      0x2000000ull        /* one page at SYS_VA */
/* GPU virtual addresses (all below 2 MiB but DATA: one PD0 entry each) */
#define DATA_VA     0x800000ull
#define DATA_PAGES  16
#define SYS_VA      0xa00000ull
#define RO_VA       0xc00000ull         /* DATA_PA's first page, read-only */

/* In the data pages */
#define QMD_OFF     0x0000
#define CB0_OFF     0x1000
#define CODE_OFF    0x2000
#define A_OFF       0x4000
#define B_OFF       0x6000
#define C_OFF       0x8000
#define SEM_OFF     0xf000
#define VADD_BLOCK  64

#define SUBCH_COMPUTE   1
#define SUBCH_COPY      4
#define MAX_OPS         64
#define MAX_CLOCK_NS    10000000u

enum {
    OP_METHOD,      /* subch u8, method u16, value u32: one method */
    OP_PUSH,        /* count u8, then 4 * (count % 32 + 1) bytes: raw pushbuffer dwords */
    OP_SUBMIT,      /* what was pushed becomes a GP entry; the doorbell rings */
    OP_POKE,        /* region u8, offset u16, value u32: a skeleton structure changes */
    OP_REG_WRITE,   /* reg u8, element u8, value u32 */
    OP_REG_READ,    /* reg u8, element u8 */
    OP_BAR,         /* which u8 (bit 0: BAR1/BAR3, bit 1: write), offset u32, value u32 */
    OP_CLOCK,       /* ns u32 (mod 10 ms) */
    OP_LAUNCH,      /* the QMD in the data pages is sent to the compute class */
    OP_COPY,        /* length u16, flags u32: LAUNCH_DMA of the copy engine in the data pages */
    OP_PTE,         /* va u8, value u64: the PTE of a skeleton page */
    OP_KINDS
};

static const uint8_t op_args[OP_KINDS] = {
    [OP_METHOD] = 7, [OP_PUSH] = 1, [OP_POKE] = 7, [OP_REG_WRITE] = 6, [OP_REG_READ] = 2,
    [OP_BAR] = 9, [OP_CLOCK] = 4, [OP_COPY] = 6, [OP_PTE] = 9,
};

/* Skeleton structures that OP_POKE writes (all VRAM but the last). */
typedef struct Region {
    uint64_t addr;
    uint32_t size;
    bool sys;
} Region;

static const Region regions[] = {
    { CH_BASE, 0x1000 },                /* instance block: RAMFC, PDB */
    { CH_BASE + 0x1000, 0x1000 },       /* USERD */
    { GP_PA, 0x1000 },
    { PB_PA, PB_DWORDS * 4 },
    { DATA_PA, DATA_PAGES * 0x1000 },   /* QMD, constant bank, code, arrays */
    { FAULT_BUF, 0x1000 },
    { SYS_PA, 0x1000, true },
};

/* Registers the operations reach (shared with the core's fuzzer). */
typedef NvFuzzReg Reg;

static const Reg regs[] = {
    NV_FUZZ_REGS(NV_FUZZ_REG_ROW)
    { A_PGRAPH_INTR, 1, 0 },
    { A_PGRAPH_INTR_EN, 1, 0 },
};

/* Pages whose PTE OP_PTE rewrites. */
static const uint64_t pte_vas[] = {
    NVCH_GP_VA, NVCH_PB_VA, DATA_VA + QMD_OFF, DATA_VA + CB0_OFF, DATA_VA + CODE_OFF,
    DATA_VA + A_OFF, DATA_VA + C_OFF, DATA_VA + SEM_OFF, SYS_VA, RO_VA,
};

typedef struct Cursor {
    const uint8_t *p;
    size_t left;
} Cursor;

static uint64_t take(Cursor *c, unsigned bytes)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)c->p[i] << (8 * i);
    }
    c->p += bytes;
    c->left -= bytes;
    return v;
}

/* ---- the skeleton ---- */

static float nv_fuzz_vadd_a[NV_FUZZ_VADD_N], nv_fuzz_vadd_b[NV_FUZZ_VADD_N];

static void init_arrays(void)
{
    for (unsigned i = 0; i < NV_FUZZ_VADD_N; i++) {
        nv_fuzz_vadd_a[i] = (float)i * 0.5f;
        nv_fuzz_vadd_b[i] = 1000.0f - (float)i;
    }
}

static void write_vadd_launch(NvFuzz *f)
{
    uint32_t q[NV_QMD_DWORDS] = { 0 };
    uint8_t cb[0x200] = { 0 };
    uint32_t block[3] = { VADD_BLOCK, 1, 1 }, grid[3] = { NV_FUZZ_VADD_N / VADD_BLOCK, 1, 1 };
    uint64_t a = DATA_VA + A_OFF, b = DATA_VA + B_OFF, c = DATA_VA + C_OFF;
    uint32_t n = NV_FUZZ_VADD_N;

    /* vadd's parameters at 0x160 (a, b, c, n) after the launch dimensions */
    memcpy(cb + 0x0, block, 12);
    memcpy(cb + 0xc, grid, 12);
    memcpy(cb + 0x160, &a, 8);
    memcpy(cb + 0x168, &b, 8);
    memcpy(cb + 0x170, &c, 8);
    memcpy(cb + 0x178, &n, 4);
    vram_write_buf(&f->g, DATA_PA + CB0_OFF, cb, sizeof(cb));
    nv_qmd_set_launch(q, DATA_VA + CODE_OFF, grid, block);
    NV_QMD_SET(q, REGISTER_COUNT, 16);
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, 1);
    nv_qmd_set_cbuf(q, 0, DATA_VA + CB0_OFF, sizeof(cb));
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)(DATA_VA + SEM_OFF));
    NV_QMD_SET(q, RELEASE0_PAYLOAD, 1);
    vram_write_buf(&f->g, DATA_PA + QMD_OFF, q, sizeof(q));
    vram_write_buf(&f->g, DATA_PA + A_OFF, nv_fuzz_vadd_a, sizeof(nv_fuzz_vadd_a));
    vram_write_buf(&f->g, DATA_PA + B_OFF, nv_fuzz_vadd_b, sizeof(nv_fuzz_vadd_b));
    g_assert_cmpuint(sass_upload(&f->g, "k01_vadd.sm_75.tsv", "vadd", DATA_PA + CODE_OFF),
                     >, 8);
}

/* Clears the directory entries a previous input may have corrupted. */
static void clear_directories(Gpu *g)
{
    /* nvpt's bump allocator places PD3, PD2, PD1, PD0 first, in that order */
    for (unsigned level = 0; level < 3; level++) {
        vram_write64(g, PT_POOL + 0x1000 * level, 0);
    }
    for (unsigned e = 0; e < 8; e++) {          /* VA [0, 16 MiB) */
        vram_write64(g, PT_POOL + 0x3000 + NV_PD0_ENTRY_SIZE * e, 0);
        vram_write64(g, PT_POOL + 0x3000 + NV_PD0_ENTRY_SIZE * e + 8, 0);
    }
}

static void map_skeleton(NvFuzz *f)
{
    NvVmm *vm = &f->ch.vmm;
    uint32_t block = R_VF_BAR_BLOCK_MODE_MASK | NV_TARGET_VRAM << R_VF_BAR_BLOCK_TARGET_SHIFT |
                     (uint32_t)(CH_BASE >> 12);

    for (unsigned i = 0; i < DATA_PAGES; i++) {
        nvpt_map(vm, DATA_VA + 0x1000 * i, DATA_PA + 0x1000 * i, NV_TARGET_VRAM,
                 NV_PAGE_SHIFT_4K, 0);
    }
    nvpt_map(vm, SYS_VA, SYS_PA, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    nvpt_map(vm, RO_VA, DATA_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, R_PTE_READ_ONLY_MASK);
    /* BAR1 and BAR2 translate through the channel's own address space */
    wr(&f->g, A_VF_BAR1_BLOCK, block);
    wr(&f->g, A_VF_BAR2_BLOCK, block);
}

void nv_fuzz_setup(NvFuzz *f, QTestState *qts, void (*flush)(QTestState *qts))
{
    *f = (NvFuzz) { .g.qts = qts, .flush = flush };
    init_arrays();
    f->g.bus = qpci_new_pc(qts, NULL);
    gpu_map(&f->g);
    f->bar3 = qpci_iomap(f->g.dev, NVIDIA_GPU_BAR_INST, NULL);
    f->bar1 = qpci_iomap(f->g.dev, NVIDIA_GPU_BAR_FB, NULL);
    msi_enable(&f->g);
    wr(&f->g, A_VF_FAULT_BUF_LO(0), (uint32_t)FAULT_BUF | R_VF_FAULT_BUF_LO_PHYS_MODE_MASK);
    wr(&f->g, A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_SET_DEFAULT_MASK);
    wr(&f->g, A_VF_FAULT_BUF_SIZE(0),
       rd(&f->g, A_VF_FAULT_BUF_SIZE(0)) | R_VF_FAULT_BUF_SIZE_ENABLE_MASK);
    clear_directories(&f->g);
    nvch_init(&f->ch, gpu_pt_mem(&f->g), gpu_regs(&f->g), 0, 0, CH_BASE, NV_TARGET_VRAM,
              GP_PA, PB_PA);
    nvch_w32(&f->ch, NV_TARGET_VRAM, f->ch.userd + NV_USERD_GP_PUT, 0);
    map_skeleton(f);
    write_vadd_launch(f);
}

void nv_fuzz_teardown(NvFuzz *f)
{
    g_free(f->g.dev);
    qpci_free_pc(f->g.bus);
}

/* ---- operations ---- */

static void push(NvFuzz *f, uint32_t dw)
{
    if (f->ch.pb_pos >= PB_DWORDS) {        /* full: what is pending goes first */
        return;
    }
    nvch_push(&f->ch, dw);
}

static void submit(NvFuzz *f)
{
    if (f->ch.pb_pos == f->ch.pb_start) {
        return;
    }
    nvch_submit(&f->ch);
    if (f->ch.pb_pos > PB_DWORDS - 256) {   /* reuse the pushbuffer from its start */
        f->ch.pb_pos = f->ch.pb_start = 0;
    }
    f->flush(f->g.qts);
}

static void method(NvFuzz *f, uint32_t subch, uint32_t mthd, uint32_t v)
{
    push(f, NV_PB_SEC_INC_METHOD << 29 | 1u << 16 | (subch & 7) << 13 | (mthd & 0x7ffc) >> 2);
    push(f, v);
}

static void op_poke(NvFuzz *f, Cursor *c)
{
    const Region *r = &regions[take(c, 1) % G_N_ELEMENTS(regions)];
    uint64_t at = r->addr + (take(c, 2) % r->size & ~3u);
    uint32_t v = (uint32_t)take(c, 4);

    if (r->sys) {
        qtest_writel(f->g.qts, at, v);
    } else {
        vram_write32(&f->g, at, v);
    }
}

static uint32_t reg_at(Cursor *c)
{
    const Reg *r = &regs[take(c, 1) % G_N_ELEMENTS(regs)];

    return r->base + (uint32_t)(take(c, 1) % r->count) * r->stride;
}

static void op_bar(NvFuzz *f, Cursor *c)
{
    uint8_t which = (uint8_t)take(c, 1);
    QPCIBar *bar = which & 1 ? &f->bar3 : &f->bar1;
    uint64_t size = which & 1 ? NVIDIA_GPU_BAR3_SIZE : NVIDIA_GPU_BAR1_MIN;
    uint64_t off = take(c, 4) % size & ~3ull;
    uint32_t v = (uint32_t)take(c, 4);

    if (which & 2) {
        qpci_io_writel(f->g.dev, *bar, off, v);
    } else {
        qpci_io_readl(f->g.dev, *bar, off);
    }
}

static void op_launch(NvFuzz *f)
{
    if (f->ch.pb_pos + 6 <= PB_DWORDS) {
        nvch_launch(&f->ch, SUBCH_COMPUTE, DATA_VA + QMD_OFF, true);
    }
    submit(f);
}

/* A copy from the A array to the C array (virtual), flags as the input says. */
static void op_copy(NvFuzz *f, Cursor *c)
{
    uint32_t len = (uint32_t)take(c, 2), flags = (uint32_t)take(c, 4);

    method(f, SUBCH_COPY, A_C5B5_OFFSET_IN_UPPER, (uint32_t)((DATA_VA + A_OFF) >> 32));
    method(f, SUBCH_COPY, A_C5B5_OFFSET_IN_LOWER, (uint32_t)(DATA_VA + A_OFF));
    method(f, SUBCH_COPY, A_C5B5_OFFSET_OUT_UPPER, (uint32_t)((DATA_VA + C_OFF) >> 32));
    method(f, SUBCH_COPY, A_C5B5_OFFSET_OUT_LOWER, (uint32_t)(DATA_VA + C_OFF));
    method(f, SUBCH_COPY, A_C5B5_LINE_LENGTH_IN, len);
    method(f, SUBCH_COPY, A_C5B5_LINE_COUNT, 1);
    method(f, SUBCH_COPY, A_C5B5_LAUNCH_DMA, flags);
    submit(f);
}

static void op_pte(NvFuzz *f, Cursor *c)
{
    uint64_t va = pte_vas[take(c, 1) % G_N_ELEMENTS(pte_vas)];

    vram_write64(&f->g, nvpt_pte_addr(&f->ch.vmm, va, NV_PAGE_SHIFT_4K), take(c, 8));
    wr(&f->g, A_VF_MMU_INVALIDATE_PDB, (uint32_t)(f->ch.vmm.pd3 >> 8));
    wr(&f->g, A_VF_MMU_INVALIDATE, R_VF_MMU_INVALIDATE_TRIGGER_MASK |
                                   R_VF_MMU_INVALIDATE_ALL_VA_MASK);
}

static void run_op(NvFuzz *f, unsigned op, Cursor *c)
{
    switch (op) {
    case OP_METHOD: {
        uint32_t subch = (uint32_t)take(c, 1), mthd = (uint32_t)take(c, 2);

        method(f, subch, mthd, (uint32_t)take(c, 4));
        break;
    }
    case OP_PUSH:
        for (unsigned n = (unsigned)take(c, 1) % 32 + 1; n && c->left >= 4; n--) {
            push(f, (uint32_t)take(c, 4));
        }
        break;
    case OP_SUBMIT:
        submit(f);
        break;
    case OP_POKE:
        op_poke(f, c);
        break;
    case OP_REG_WRITE: {
        uint32_t off = reg_at(c);

        wr(&f->g, off, (uint32_t)take(c, 4));
        break;
    }
    case OP_REG_READ:
        rd(&f->g, reg_at(c));
        break;
    case OP_BAR:
        op_bar(f, c);
        break;
    case OP_CLOCK:
        qtest_clock_step(f->g.qts, 1 + take(c, 4) % MAX_CLOCK_NS);     /* 0 is refused */
        break;
    case OP_LAUNCH:
        op_launch(f);
        break;
    case OP_COPY:
        op_copy(f, c);
        break;
    case OP_PTE:
        op_pte(f, c);
        break;
    }
}

void nv_fuzz_run(NvFuzz *f, const uint8_t *data, size_t size)
{
    Cursor c = { data, size };

    for (unsigned n = 0; n < MAX_OPS && c.left; n++) {
        unsigned op = take(&c, 1) % OP_KINDS;

        if (c.left < op_args[op]) {
            break;
        }
        run_op(f, op, &c);
    }
    submit(f);
    f->flush(f->g.qts);
}

/* ---- seeds ---- */

static void put(GByteArray *s, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++) {
        uint8_t b = (uint8_t)(v >> (8 * i));

        g_byte_array_append(s, &b, 1);
    }
}

static void put_method(GByteArray *s, uint32_t subch, uint32_t mthd, uint32_t v)
{
    put(s, OP_METHOD, 1);
    put(s, subch, 1);
    put(s, mthd, 2);
    put(s, v, 4);
}

/* A four-word semaphore release through the host class on subchannel 0. */
static void put_semaphore(GByteArray *s, uint32_t payload)
{
    uint64_t va = DATA_VA + SEM_OFF;

    put_method(s, 0, A_C46F_SEM_ADDR_LO, (uint32_t)va);
    put_method(s, 0, A_C46F_SEM_ADDR_HI, (uint32_t)(va >> 32));
    put_method(s, 0, A_C46F_SEM_PAYLOAD_LO, payload);
    put_method(s, 0, A_C46F_SEM_PAYLOAD_HI, 0);
    put_method(s, 0, A_C46F_SEM_EXECUTE, NV_SEMX_OP_RELEASE);
    put(s, OP_SUBMIT, 1);
}

static unsigned reg_index(uint32_t base)
{
    unsigned i = 0;

    while (regs[i].base != base) {
        i++;
    }
    return i;
}

static unsigned pte_index(uint64_t va)
{
    unsigned i = 0;

    while (pte_vas[i] != va) {
        i++;
    }
    return i;
}

GByteArray *nv_fuzz_seed(unsigned i)
{
    GByteArray *s = g_byte_array_new();
    uint32_t copy = NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE,
                             C5B5_DATA_TRANSFER_NON_PIPELINED);

    copy = NV_FDP32(copy, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH);
    copy = NV_FDP32(copy, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH);
    switch (i) {
    case 0:                             /* a host semaphore */
        put_semaphore(s, 0x1234);
        break;
    case 1:                             /* nvcc's vadd on the SM */
        put(s, OP_LAUNCH, 1);
        put(s, OP_CLOCK, 1);
        put(s, 1000000, 4);
        break;
    case 2:                             /* a 4 KiB copy, then a semaphore */
        put(s, OP_COPY, 1);
        put(s, 0x1000, 2);
        put(s, copy, 4);
        put_semaphore(s, 2);
        break;
    case 3:                             /* a launch whose code page is unmapped: a fault */
        put(s, OP_PTE, 1);
        put(s, pte_index(DATA_VA + CODE_OFF), 1);
        put(s, 0, 8);
        put(s, OP_LAUNCH, 1);
        break;
    case 4:                             /* BAR1 writes into the data pages, read back */
        put(s, OP_BAR, 1);
        put(s, 2, 1);
        put(s, DATA_VA + A_OFF, 4);
        put(s, 0xdeadbeef, 4);
        put(s, OP_BAR, 1);
        put(s, 0, 1);
        put(s, DATA_VA + A_OFF, 4);
        put(s, 0, 4);
        break;
    case 5:                             /* a semaphore into guest RAM, then the timer */
        put_method(s, 0, A_C46F_SEM_ADDR_LO, (uint32_t)SYS_VA);
        put_method(s, 0, A_C46F_SEM_ADDR_HI, 0);
        put_method(s, 0, A_C46F_SEM_PAYLOAD_LO, 5);
        put_method(s, 0, A_C46F_SEM_EXECUTE, NV_SEMX_OP_RELEASE);
        put(s, OP_SUBMIT, 1);
        put(s, OP_REG_WRITE, 1);
        put(s, reg_index(A_PTIMER_ALARM_0), 1);
        put(s, 0, 1);
        put(s, 5000, 4);
        put(s, OP_CLOCK, 1);
        put(s, 100000, 4);
        break;
    case 6:                             /* a write to the read-only page by a copy */
        put(s, OP_PTE, 1);
        put(s, pte_index(DATA_VA + C_OFF), 1);
        put(s, nvpt_pte(NV_TARGET_VRAM, DATA_PA + C_OFF) | R_PTE_READ_ONLY_MASK, 8);
        put(s, OP_COPY, 1);
        put(s, 0x100, 2);
        put(s, copy, 4);
        break;
    default:
        g_byte_array_free(s, true);
        return NULL;
    }
    return s;
}

/* ---- what each seed must have done (the replay qtest) ---- */

/* Lets the device work until the semaphore holds payload (bounded). */
static uint32_t wait_sem(NvFuzz *f, uint32_t payload)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < 500 && (v = vram_read32(&f->g, DATA_PA + SEM_OFF)) != payload;
         i++) {
        f->flush(f->g.qts);
    }
    return v;
}

static uint32_t faults_recorded(NvFuzz *f)
{
    for (unsigned i = 0; i < 100 && !rd(&f->g, A_VF_FAULT_BUF_PUT(0)); i++) {
        f->flush(f->g.qts);
    }
    return rd(&f->g, A_VF_FAULT_BUF_PUT(0));
}

static float vram_float(NvFuzz *f, uint64_t pa)
{
    uint32_t bits = vram_read32(&f->g, pa);
    float v;

    memcpy(&v, &bits, 4);
    return v;
}

void nv_fuzz_check_seed(NvFuzz *f, unsigned i)
{
    switch (i) {
    case 0:
        g_assert_cmphex(wait_sem(f, 0x1234), ==, 0x1234);
        break;
    case 1:
        g_assert_cmphex(wait_sem(f, 1), ==, 1);
        for (unsigned k = 0; k < NV_FUZZ_VADD_N; k++) {
            g_assert_cmpfloat(vram_float(f, DATA_PA + C_OFF + 4 * k), ==,
                              nv_fuzz_vadd_a[k] + nv_fuzz_vadd_b[k]);
        }
        break;
    case 2:
        g_assert_cmphex(wait_sem(f, 2), ==, 2);
        for (unsigned k = 0; k < NV_FUZZ_VADD_N; k++) {
            g_assert_cmpfloat(vram_float(f, DATA_PA + C_OFF + 4 * k), ==, nv_fuzz_vadd_a[k]);
        }
        break;
    case 3:     /* the code fetch faults: a record, and no release */
    case 6:     /* the copy's write faults */
        g_assert_cmpuint(faults_recorded(f), >=, 1);
        break;
    case 4:
        g_assert_cmphex(vram_read32(&f->g, DATA_PA + A_OFF), ==, 0xdeadbeef);
        break;
    case 5:
        for (unsigned k = 0; k < 100 && qtest_readl(f->g.qts, SYS_PA) != 5; k++) {
            f->flush(f->g.qts);
        }
        g_assert_cmphex(qtest_readl(f->g.qts, SYS_PA), ==, 5);
        break;
    }
}
