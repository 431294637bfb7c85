/*
 * Unit tests of the macro method expander (engines/mme.c) and the 3D class
 * around it (engines/threed.c): macros assembled here group by group from
 * nv-mme.h's field table, run on parameters, their emitted methods
 * checked; parking for parameters, arithmetic with carries, MERGE, STATE,
 * loops and branches, predication, the data RAM, the DMA FIFO, the
 * firmware's SET_FALCON04 answer, stored-only methods reported once, report
 * semaphores, and
 * hostile macros (watchdog, bad addresses, random code).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "fake-mem.h"
#include "engines/compute.h"
#include "engines/engine.h"
#include "engines/mme.h"
#include "engines/threed.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-rt.h"

#define Z       NV_MME_REG_ZERO
#define IMM     NV_MME_REG_IMM
#define L0      NV_MME_REG_LOAD0
#define L1      NV_MME_REG_LOAD1
#define MAX_EMIT 256

enum {
#define FIELD_ROW(name, pos, len) F_##name = pos, F_##name##_LEN = len,
    NV_MME_FIELDS(FIELD_ROW)
#undef FIELD_ROW
};

typedef struct Alu {
    unsigned op, dst, s0, s1;
    uint16_t imm;
} Alu;

typedef struct Out {
    unsigned mthd, emit;
} Out;

#define NOALU   ((Alu){ NV_MME_ALU_ADD, Z, Z, Z, 0 })
#define NOOUT   ((Out){ NV_MME_OUT_NONE, NV_MME_OUT_NONE })
/* A method word for OUT: dword address, increment 1. */
#define MW(m)   ((uint16_t)(((m) >> 2) | 1u << 12))

typedef struct Prog {
    uint32_t w[64 * NV_MME_GROUP_WORDS];
    unsigned n;
} Prog;

static void set_bits(uint32_t w[3], unsigned pos, unsigned len, uint32_t v)
{
    for (unsigned i = 0; i < len; i++) {
        unsigned b = pos + i;

        if ((v >> i) & 1) {
            w[2 - b / 32] |= 1u << (b % 32);
        }
    }
}

#define SET(w, name, v) set_bits(w, F_##name, F_##name##_LEN, v)

static void grp(Prog *p, bool end, unsigned pred_mode, unsigned pred, Alu a0, Alu a1, Out o0,
                Out o1)
{
    uint32_t *w = &p->w[p->n++ * NV_MME_GROUP_WORDS];

    memset(w, 0, 12);
    SET(w, END_NEXT, end);
    SET(w, PRED_MODE, pred_mode);
    SET(w, PRED, pred);
    SET(w, ALU0_OP, a0.op);
    SET(w, ALU0_DST, a0.dst);
    SET(w, ALU0_SRC0, a0.s0);
    SET(w, ALU0_SRC1, a0.s1);
    SET(w, IMM0, a0.imm);
    SET(w, ALU1_OP, a1.op);
    SET(w, ALU1_DST, a1.dst);
    SET(w, ALU1_SRC0, a1.s0);
    SET(w, ALU1_SRC1, a1.s1);
    SET(w, IMM1, a1.imm);
    SET(w, OUT0_MTHD, o0.mthd);
    SET(w, OUT0_EMIT, o0.emit);
    SET(w, OUT1_MTHD, o1.mthd);
    SET(w, OUT1_EMIT, o1.emit);
}

/* An unpredicated group. */
static void op(Prog *p, bool end, Alu a0, Alu a1, Out o0, Out o1)
{
    grp(p, end, 0, Z, a0, a1, o0, o1);
}

/* ---- the MME alone, with a capturing class ---- */

typedef struct Sink {
    uint32_t mthd[MAX_EMIT], data[MAX_EMIT];
    unsigned n;
    uint32_t dma[8];
    int dma_n;
} Sink;

static bool sink_method(void *opaque, uint32_t mthd, uint32_t data)
{
    Sink *s = opaque;

    if (s->n < MAX_EMIT) {
        s->mthd[s->n] = mthd;
        s->data[s->n++] = data;
    }
    return true;
}

static uint32_t sink_state(void *opaque, uint32_t mthd)
{
    return mthd * 3;        /* distinct per method */
}

static int sink_dma(void *opaque, uint32_t *buf, unsigned max)
{
    Sink *s = opaque;

    g_assert_cmpint(s->dma_n, <=, (int)max);
    memcpy(buf, s->dma, sizeof(s->dma[0]) * (unsigned)MAX(s->dma_n, 0));
    return s->dma_n;
}

static const NvMmeOps sink_ops = {
    .method = sink_method, .state = sink_state, .dma_fifo = sink_dma,
};

/* A fresh MME with p loaded as macro 3 at group 2 (after two filler groups). */
static NvMme *mme_with(const Prog *p)
{
    NvMme *m = g_new0(NvMme, 1);

    nv_mme_reset(m);
    for (unsigned i = 0; i < 2 * NV_MME_GROUP_WORDS; i++) {
        g_assert_true(nv_mme_load_insn(m, 0xdeadbeef));
    }
    for (unsigned i = 0; i < p->n * NV_MME_GROUP_WORDS; i++) {
        g_assert_true(nv_mme_load_insn(m, p->w[i]));
    }
    m->start_ptr = 3;
    g_assert_true(nv_mme_load_start(m, 2));
    return m;
}

static NvMmeStatus call(NvMme *m, Sink *s, const uint32_t *params, unsigned n)
{
    NvMmeStatus st = nv_mme_call(m, 3, params[0], &sink_ops, s);

    for (unsigned i = 1; i < n && st == NV_MME_WAIT; i++) {
        st = nv_mme_data(m, params[i], &sink_ops, s);
    }
    return st;
}

/* Emission: a method from an immediate, data from ALU0 and a parameter; parking. */
static void test_emit(void)
{
    Prog p = { .n = 0 };
    Sink s = { .n = 0 };
    NvMme *m;

    /* R0 = LOAD0 + 5; mthd(0x0d74) emit R0 */
    op(&p, false, (Alu){ NV_MME_ALU_ADD, 0, L0, IMM, 5 },
       (Alu){ NV_MME_ALU_ADD, Z, Z, Z, MW(0x0d74) }, (Out){ NV_MME_OUT_IMM1, NV_MME_OUT_ALU0 },
       NOOUT);
    /* emit LOAD0 (to 0x0d78: the increment), the last group after this one */
    op(&p, true, NOALU, NOALU, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_LOAD0 }, NOOUT);
    op(&p, false, NOALU, NOALU, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_IMM32 }, NOOUT);
    op(&p, false, NOALU, NOALU, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_IMM32 }, NOOUT);
    m = mme_with(&p);
    g_assert_cmpint(nv_mme_call(m, 3, 100, &sink_ops, &s), ==, NV_MME_WAIT);
    g_assert_cmpuint(s.n, ==, 1);
    g_assert_cmpint(nv_mme_data(m, 77, &sink_ops, &s), ==, NV_MME_DONE);
    /* the group after END_NEXT ran (a delay slot), the one after it not */
    g_assert_cmpuint(s.n, ==, 3);
    g_assert_cmphex(s.mthd[0], ==, 0x0d74);
    g_assert_cmpuint(s.data[0], ==, 105);
    g_assert_cmphex(s.mthd[1], ==, 0x0d78);
    g_assert_cmpuint(s.data[1], ==, 77);
    g_assert_cmphex(s.mthd[2], ==, 0x0d7c);
    g_free(m);
}

/* ADD/ADDC: a 64-bit sum; MUL/MULH: the signed product's halves; MERGE; SLT; STATE. */
static void test_alu(void)
{
    Prog p = { .n = 0 };
    Sink s = { .n = 0 };
    uint32_t params[4] = { 0xffffffffu, 0x00000001u, 0x00000002u, 0x00000003u };
    NvMme *m;

    /* R0:R1 = the first two parameters, R2:R3 the next two; R4:R5 their 64-bit sum */
    op(&p, false, (Alu){ NV_MME_ALU_ADD, 0, L0, Z, 0 }, (Alu){ NV_MME_ALU_ADD, 1, L1, Z, 0 },
       NOOUT, NOOUT);
    op(&p, false, (Alu){ NV_MME_ALU_ADD, 2, L0, Z, 0 }, (Alu){ NV_MME_ALU_ADD, 3, L1, Z, 0 },
       NOOUT, NOOUT);
    op(&p, false, (Alu){ NV_MME_ALU_ADD, 4, 0, 2, 0 }, (Alu){ NV_MME_ALU_ADDC, 5, 1, 3, 0 },
       (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU0 }, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU1 });
    /* R6 = -3 * 7 (MUL), R7 = MULH: the high half, all ones (paired, as Mesa pairs them) */
    op(&p, false, (Alu){ NV_MME_ALU_MUL, 6, IMM, NV_MME_REG_IMMPAIR, 0xfffd },
       (Alu){ NV_MME_ALU_MULH, 7, Z, Z, 7 }, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU0 },
       (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU1 });
    /* MERGE: 4 bits of R6 from bit 0 into zero at bit 8; SLT -21 < 1 */
    op(&p, false, (Alu){ NV_MME_ALU_MERGE, 8, Z, 6, 8 << 10 | 4 << 5 | 0 },
       (Alu){ NV_MME_ALU_SLT, 9, 6, IMM, 1 }, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU0 },
       (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU1 });
    /* STATE of method word 0x40 + 1: the capturing class returns its offset * 3 */
    op(&p, true, (Alu){ NV_MME_ALU_STATE, 10, IMM, NV_MME_REG_IMMPAIR, 0x40 },
       (Alu){ NV_MME_ALU_OR, Z, Z, Z, 1 }, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU0 }, NOOUT);
    op(&p, false, NOALU, NOALU, NOOUT, NOOUT);
    m = mme_with(&p);
    g_assert_cmpint(call(m, &s, params, 4), ==, NV_MME_DONE);
    g_assert_cmpuint(s.n, ==, 7);
    g_assert_cmphex(s.data[0], ==, 0x00000001u);    /* 0xffffffff + 2 */
    g_assert_cmphex(s.data[1], ==, 0x00000005u);    /* 1 + 3 + the carry */
    g_assert_cmphex(s.data[2], ==, (uint32_t)-21);
    g_assert_cmphex(s.data[3], ==, 0xffffffffu);
    g_assert_cmphex(s.data[4], ==, 0x00000b00u);    /* -21's low 4 bits at 8..11 */
    g_assert_cmphex(s.data[5], ==, 0xffffffffu);
    g_assert_cmphex(s.data[6], ==, 0x41u * 4 * 3);
    g_free(m);
}

/*
 * LOOP 3 over two groups (R0 counts, each pass emits it), a BEQ that skips
 * a group, predication (TTTT on a zero register skips, FFFF runs), the
 * data RAM, and a stop branch.
 */
static void test_control(void)
{
    Prog p = { .n = 0 };
    Sink s = { .n = 0 };
    uint32_t params[1] = { 3 };
    NvMme *m;

    op(&p, false, (Alu){ NV_MME_ALU_LOOP, Z, L0, Z, 3 }, NOALU,
       (Out){ NV_MME_OUT_IMM1, NV_MME_OUT_NONE }, NOOUT);
    op(&p, false, (Alu){ NV_MME_ALU_ADD, 0, 0, IMM, 1 }, NOALU,
       (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU0 }, NOOUT);
    op(&p, false, NOALU, NOALU, NOOUT, NOOUT);
    /* BEQ R0 == 3 (taken when true): +2, over the next group */
    op(&p, false, (Alu){ NV_MME_ALU_BEQ, Z, 0, NV_MME_REG_IMMPAIR, NV_MME_BRANCH_IF_TRUE | 2 },
       (Alu){ NV_MME_ALU_OR, Z, Z, Z, 3 }, NOOUT, NOOUT);
    op(&p, false, NOALU, NOALU, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_IMM32 }, NOOUT);
    /* R1 is 0: TTTT skips everything, FFFF runs */
    grp(&p, false, 1, 1, (Alu){ NV_MME_ALU_ADD, 2, IMM, Z, 9 }, NOALU,
        (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU0 }, NOOUT);
    grp(&p, false, 2, 1, (Alu){ NV_MME_ALU_DWRITE, Z, IMM, NV_MME_REG_IMMPAIR, 5 },
        (Alu){ NV_MME_ALU_ADD, Z, Z, Z, 0x1234 }, NOOUT, NOOUT);
    op(&p, false, (Alu){ NV_MME_ALU_DREAD, 3, IMM, Z, 5 }, NOALU,
       (Out){ NV_MME_OUT_NONE, NV_MME_OUT_ALU0 }, NOOUT);
    /* BLT 0 < 1: stop (offset -4096) */
    op(&p, false, (Alu){ NV_MME_ALU_BLT, Z, Z, NV_MME_REG_IMMPAIR,
                         NV_MME_BRANCH_IF_TRUE | 0x1000 },
       (Alu){ NV_MME_ALU_OR, Z, Z, Z, 1 }, NOOUT, NOOUT);
    op(&p, false, NOALU, NOALU, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_IMM32 }, NOOUT);
    m = mme_with(&p);
    g_assert_cmpint(call(m, &s, params, 1), ==, NV_MME_DONE);
    g_assert_cmpuint(s.n, ==, 4);
    for (unsigned i = 0; i < 3; i++) {
        g_assert_cmpuint(s.data[i], ==, i + 1);
    }
    g_assert_cmphex(s.data[3], ==, 0x1234);
    g_assert_cmphex(m->dram[5], ==, 0x1234);
    g_free(m);
}

/* EXTENDED (0x1000, 1): the DMA'd dwords are the next parameters. */
static void test_dma_fifo(void)
{
    Prog p = { .n = 0 };
    Sink s = { .n = 0, .dma = { 11, 22 }, .dma_n = 2 };
    uint32_t params[1] = { 0 };
    NvMme *m;

    op(&p, false, (Alu){ NV_MME_ALU_EXTENDED, Z, IMM, NV_MME_REG_IMMPAIR, 0x1000 },
       (Alu){ NV_MME_ALU_OR, Z, Z, Z, 1 }, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_LOAD0 }, NOOUT);
    op(&p, true, NOALU, NOALU, (Out){ NV_MME_OUT_NONE, NV_MME_OUT_LOAD0 },
       (Out){ NV_MME_OUT_NONE, NV_MME_OUT_LOAD1 });
    op(&p, false, NOALU, NOALU, NOOUT, NOOUT);
    m = mme_with(&p);
    g_assert_cmpint(call(m, &s, params, 1), ==, NV_MME_DONE);
    g_assert_cmpuint(s.n, ==, 3);
    g_assert_cmpuint(s.data[1], ==, 11);
    g_assert_cmpuint(s.data[2], ==, 22);
    g_free(m);
}

/* Hostile macros end in an error, never a hang or a crash. */
static void test_hostile(void)
{
    Prog p = { .n = 0 };
    Sink s = { .n = 0 };
    uint32_t params[1] = { 0 };
    NvMme *m;
    GRand *r = g_rand_new_with_seed(75);

    /* JAL +0 forever: the watchdog */
    op(&p, false, (Alu){ NV_MME_ALU_JAL, Z, Z, Z, 0x8000 }, NOALU, NOOUT, NOOUT);
    m = mme_with(&p);
    g_assert_cmpint(call(m, &s, params, 1), ==, NV_MME_ERROR);
    g_assert_nonnull(strstr(m->error, "watchdog"));
    /* a start address past the instruction RAM; a macro past the table; RAMs full */
    g_assert_true(nv_mme_load_start(m, NV_MME_GROUPS));
    g_assert_cmpint(nv_mme_call(m, 4, 0, &sink_ops, &s), ==, NV_MME_ERROR);
    g_assert_cmpint(nv_mme_call(m, NV_MME_MACROS, 0, &sink_ops, &s), ==, NV_MME_ERROR);
    nv_mme_set_insn_ptr(m, NV_MME_GROUPS - 1);
    for (unsigned i = 0; i < NV_MME_GROUP_WORDS; i++) {
        g_assert_true(nv_mme_load_insn(m, 0));
    }
    g_assert_false(nv_mme_load_insn(m, 0));
    nv_mme_set_insn_ptr(m, UINT32_MAX);
    g_assert_false(nv_mme_load_insn(m, 0));
    m->start_ptr = NV_MME_MACROS;
    g_assert_false(nv_mme_load_start(m, 0));
    g_free(m);
    /* random code and parameters */
    for (unsigned i = 0; i < 2000; i++) {
        Prog q = { .n = 16 };
        NvMmeStatus st;

        for (unsigned k = 0; k < G_N_ELEMENTS(q.w); k++) {
            q.w[k] = g_rand_int(r);
        }
        m = mme_with(&q);
        s.n = 0;
        s.dma_n = 0;
        st = nv_mme_call(m, 3, g_rand_int(r), &sink_ops, &s);
        for (unsigned k = 0; k < 8 && st == NV_MME_WAIT; k++) {
            st = nv_mme_data(m, g_rand_int(r), &sink_ops, &s);
        }
        g_assert_cmpint(st, <=, NV_MME_ERROR);
        g_free(m);
    }
    g_rand_free(r);
}

/* ---- the 3D class: macros loaded by methods, the firmware's answer ---- */

static void test_class_priv_reg(void)
{
    FakeMem *f = fake_mem_new(1 << 16, 4096);
    NvMemIf mem = fake_mem_if(f);
    void *obj = nv_threed_engine.create(NULL);
    Prog p = { .n = 0 };

    /*
     * As NVK's SET_PRIV_REG: scratch 0 = 0, SET_FALCON04 = the register,
     * then spin until STATE(scratch 0) is 1.
     */
    op(&p, false, NOALU, (Alu){ NV_MME_ALU_ADD, Z, Z, Z, MW(A_C597_SET_MME_SHADOW_SCRATCH) },
       (Out){ NV_MME_OUT_IMM1, NV_MME_OUT_IMM0 }, NOOUT);
    op(&p, false, NOALU, (Alu){ NV_MME_ALU_ADD, Z, Z, Z, MW(A_C597_SET_FALCON04) },
       (Out){ NV_MME_OUT_IMM1, NV_MME_OUT_LOAD0 }, NOOUT);
    op(&p, false, (Alu){ NV_MME_ALU_STATE, 0, IMM, Z, A_C597_SET_MME_SHADOW_SCRATCH / 4 },
       NOALU, NOOUT, NOOUT);
    /* BEQ R0 == 1 false: back to the STATE */
    op(&p, false, (Alu){ NV_MME_ALU_BEQ, Z, 0, NV_MME_REG_IMMPAIR, 0x1fff },
       (Alu){ NV_MME_ALU_ADD, Z, Z, Z, 1 }, NOOUT, NOOUT);
    op(&p, true, NOALU, NOALU, NOOUT, NOOUT);
    op(&p, false, NOALU, NOALU, NOOUT, NOOUT);
    g_assert_nonnull(obj);
    g_assert_cmpint(nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_INSTRUCTION_RAM_POINTER,
                                            0), ==, NV_ENGINE_IDLE);
    for (unsigned i = 0; i < p.n * NV_MME_GROUP_WORDS; i++) {
        g_assert_cmpint(nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_INSTRUCTION_RAM,
                                                p.w[i]), ==, NV_ENGINE_IDLE);
    }
    nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_START_ADDRESS_RAM_POINTER, 5);
    nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_START_ADDRESS_RAM, 0);
    /* without the firmware's answer this would spin into the watchdog */
    g_assert_cmpint(nv_threed_engine.method(obj, &mem, A_C597_CALL_MME_MACRO +
                                            5 * A_C597_CALL_MME_MACRO_STRIDE, 0x419ba4), ==,
                    NV_ENGINE_IDLE);
    nv_threed_engine.destroy(obj);
    fake_mem_free(f);
}

/*
 * Macros loaded as nouveau's GL driver loads them: each at the group after the
 * last one, RAM pointers in groups (in words, the second would overwrite the
 * first), and at NVK's sparser word-count offsets.
 */
static void test_load_groups(void)
{
    static const unsigned pos[2][2] = { { 0, 2 }, { 0, 6 } };      /* nvc0, NVK */

    for (unsigned layout = 0; layout < 2; layout++) {
        NvMme *m = g_new0(NvMme, 1);
        Sink s = { .n = 0 };

        nv_mme_reset(m);
        for (unsigned k = 0; k < 2; k++) {
            Prog p = { .n = 0 };

            /* emit the parameter + k to SET_MME_SHADOW_SCRATCH(k), end */
            op(&p, true, (Alu){ NV_MME_ALU_ADD, 1, L0, IMM, (uint16_t)k },
               (Alu){ NV_MME_ALU_ADD, Z, Z, Z, MW(A_C597_SET_MME_SHADOW_SCRATCH + 4 * k) },
               (Out){ NV_MME_OUT_IMM1, NV_MME_OUT_ALU0 }, NOOUT);
            op(&p, false, NOALU, NOALU, NOOUT, NOOUT);
            nv_mme_set_insn_ptr(m, pos[layout][k]);
            for (unsigned i = 0; i < p.n * NV_MME_GROUP_WORDS; i++) {
                g_assert_true(nv_mme_load_insn(m, p.w[i]));
            }
            m->start_ptr = 5 + k;
            g_assert_true(nv_mme_load_start(m, pos[layout][k]));
        }
        g_assert_cmpint(nv_mme_call(m, 5, 40, &sink_ops, &s), ==, NV_MME_DONE);
        g_assert_cmpint(nv_mme_call(m, 6, 50, &sink_ops, &s), ==, NV_MME_DONE);
        g_assert_cmpuint(s.n, ==, 2);
        g_assert_cmphex(s.mthd[0], ==, A_C597_SET_MME_SHADOW_SCRATCH);
        g_assert_cmpuint(s.data[0], ==, 40);
        g_assert_cmphex(s.mthd[1], ==, A_C597_SET_MME_SHADOW_SCRATCH + 4);
        g_assert_cmpuint(s.data[1], ==, 51);
        g_free(m);
    }
}

/* Methods stored but not executed are reported once each; the MME's own never. */
static void test_class_unimp(void)
{
    FakeMem *f = fake_mem_new(1 << 16, 4096);
    NvMemIf mem = fake_mem_if(f);
    void *obj = nv_threed_engine.create(NULL);

    g_assert_nonnull(obj);
    for (unsigned i = 0; i < 3; i++) {
        nv_threed_engine.method(obj, &mem, A_C597_SET_POLY_SMOOTH, i);
        nv_threed_engine.method(obj, &mem, A_C597_NO_OPERATION, 0);
        nv_threed_engine.method(obj, &mem, A_C597_SET_MME_SHADOW_SCRATCH + 8, i);
        nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_START_ADDRESS_RAM_POINTER, 0);
    }
    g_assert_cmpuint(f->unimp_methods, ==, 1);
    nv_threed_engine.method(obj, &mem, A_C597_SET_LINE_STIPPLE, 0);
    g_assert_cmpuint(f->unimp_methods, ==, 2);
    nv_threed_engine.destroy(obj);
    fake_mem_free(f);
}

/*
 * SET_REPORT_SEMAPHORE: a one-word release, a reduction, a four-word release
 * (payload, 0, time) and a four-word report of a counter (nothing drawn:
 * zero, then the time).
 */
static void test_class_report(void)
{
    FakeMem *f = fake_mem_new(1 << 16, 4096);
    NvMemIf mem = fake_mem_if(f);
    void *obj = nv_threed_engine.create(NULL);
    uint64_t va = FAKE_VA_BASE + 0x100;
    uint32_t w[4];
    uint64_t t;

    f->now = 0x123456789abcull;
    memset(fake_va(f, va, 32), 0xee, 32);
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_A, (uint32_t)(va >> 32));
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_B, (uint32_t)va);
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_C, 40);
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_D,
                            NV_RS_ONE_WORD << R_C597_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_SHIFT);
    memcpy(w, fake_va(f, va, 16), 16);
    g_assert_cmpuint(w[0], ==, 40);
    g_assert_cmphex(w[1], ==, 0xeeeeeeeeu);
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_C, 2);
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_D,
                            NV_RS_ONE_WORD << R_C597_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_SHIFT |
                            1u << R_C597_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_SHIFT);
    g_assert_cmpuint(*(uint32_t *)fake_va(f, va, 4), ==, 42);       /* ADD */
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_D, NV_RS_OP_RELEASE);
    memcpy(w, fake_va(f, va, 16), 16);
    memcpy(&t, fake_va(f, va + 8, 8), 8);
    g_assert_cmpuint(w[0], ==, 2);
    g_assert_cmpuint(w[1], ==, 0);
    g_assert_cmphex(t, ==, f->now);
    memset(fake_va(f, va, 16), 0xee, 16);
    f->now += 1000;
    nv_threed_engine.method(obj, &mem, A_C597_SET_REPORT_SEMAPHORE_D, NV_RS_OP_REPORT_ONLY |
                            NV_RS_REPORT_ZPASS_PIXEL_CNT64 <<
                            R_C597_SET_REPORT_SEMAPHORE_D_REPORT_SHIFT);
    memcpy(w, fake_va(f, va, 16), 16);
    memcpy(&t, fake_va(f, va + 8, 8), 8);
    g_assert_cmpuint(w[0], ==, 0);
    g_assert_cmpuint(w[1], ==, 0);
    g_assert_cmphex(t, ==, f->now);
    nv_threed_engine.destroy(obj);
    fake_mem_free(f);
}

/*
 * A macro that starts a clear too big for one method waits behind it: the
 * method of the same group that follows the clear runs after it, then the
 * macro goes on; the class is busy (the channel waits) all the while.
 */
static void test_class_clear_parks(void)
{
    enum { W = 256, H = 512, PITCH = W * 4 };
    FakeMem *f = fake_mem_new(1 << 20, 4096);
    NvMemIf mem = fake_mem_if(f);
    void *obj = nv_threed_engine.create(NULL);
    uint64_t rt = FAKE_VA_BASE + 0x10000, sem = FAKE_VA_BASE + 0x100;
    const uint32_t target[][2] = {
        { A_C597_SET_COLOR_TARGET_A, (uint32_t)(rt >> 32) },
        { A_C597_SET_COLOR_TARGET_B, (uint32_t)rt },
        { A_C597_SET_COLOR_TARGET_WIDTH, PITCH }, { A_C597_SET_COLOR_TARGET_HEIGHT, H },
        { A_C597_SET_COLOR_TARGET_FORMAT, NV_RT_FMT_A8B8G8R8 },
        { A_C597_SET_COLOR_TARGET_MEMORY,
          NV_RT_LAYOUT_PITCH << R_C597_SET_COLOR_TARGET_MEMORY_LAYOUT_SHIFT },
        { A_C597_SET_COLOR_TARGET_THIRD_DIMENSION, 1 }, { A_C597_SET_CT_SELECT, 1 },
        { A_C597_SET_SURFACE_CLIP_HORIZONTAL, 0xffffu << 16 },
        { A_C597_SET_SURFACE_CLIP_VERTICAL, 0xffffu << 16 },
        { A_C597_SET_COLOR_CLEAR_VALUE, 0x3f800000 },      /* R = 1.0 */
        { A_C597_SET_REPORT_SEMAPHORE_A, (uint32_t)(sem >> 32) },
        { A_C597_SET_REPORT_SEMAPHORE_B, (uint32_t)sem },
        { A_C597_SET_REPORT_SEMAPHORE_C, 0x600d },
    };
    const uint32_t rs_one = NV_RS_ONE_WORD << R_C597_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_SHIFT;
    Prog p = { .n = 0 };
    NvEngineStatus st;
    unsigned runs = 0;

    /* CLEAR_SURFACE(LOAD0) and, in the same group, REPORT_SEMAPHORE_D; then scratch 1 = 7 */
    op(&p, false, (Alu){ NV_MME_ALU_ADD, Z, Z, Z, MW(A_C597_CLEAR_SURFACE) },
       (Alu){ NV_MME_ALU_ADD, Z, Z, Z, MW(A_C597_SET_REPORT_SEMAPHORE_D) },
       (Out){ NV_MME_OUT_IMM0, NV_MME_OUT_LOAD0 }, (Out){ NV_MME_OUT_IMM1, NV_MME_OUT_LOAD1 });
    op(&p, true, (Alu){ NV_MME_ALU_ADD, Z, Z, Z, 7 },
       (Alu){ NV_MME_ALU_ADD, Z, Z, Z, MW(A_C597_SET_MME_SHADOW_SCRATCH + 4) },
       (Out){ NV_MME_OUT_IMM1, NV_MME_OUT_IMM0 }, NOOUT);
    op(&p, false, NOALU, NOALU, NOOUT, NOOUT);
    for (size_t i = 0; i < G_N_ELEMENTS(target); i++) {
        nv_threed_engine.method(obj, &mem, target[i][0], target[i][1]);
    }
    nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_INSTRUCTION_RAM_POINTER, 0);
    for (unsigned i = 0; i < p.n * NV_MME_GROUP_WORDS; i++) {
        nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_INSTRUCTION_RAM, p.w[i]);
    }
    nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_START_ADDRESS_RAM_POINTER, 1);
    nv_threed_engine.method(obj, &mem, A_C597_LOAD_MME_START_ADDRESS_RAM, 0);
    memset(fake_va(f, sem, 4), 0, 4);
    memset(fake_va(f, rt, (size_t)PITCH * H), 0, (size_t)PITCH * H);
    g_assert_cmpint(nv_threed_engine.method(obj, &mem, A_C597_CALL_MME_MACRO +
                                            A_C597_CALL_MME_MACRO_STRIDE,
                                            0x1u << R_C597_CLEAR_SURFACE_R_ENABLE_SHIFT), ==,
                    NV_ENGINE_IDLE);                        /* waits for its second parameter */
    st = nv_threed_engine.method(obj, &mem, A_C597_CALL_MME_DATA + A_C597_CALL_MME_MACRO_STRIDE,
                                 rs_one);
    g_assert_cmpint(st, ==, NV_ENGINE_BUSY);
    /* part of the target is cleared, the report and the rest of the macro wait */
    g_assert_cmpuint(*(uint8_t *)fake_va(f, rt, 1), ==, 255);
    g_assert_cmpuint(*(uint8_t *)fake_va(f, rt + (size_t)PITCH * (H - 1), 1), ==, 0);
    g_assert_cmpuint(*(uint32_t *)fake_va(f, sem, 4), ==, 0);
    g_assert_cmpuint(nv_threed_state(obj, A_C597_SET_MME_SHADOW_SCRATCH + 4), ==, 0);
    while (st == NV_ENGINE_BUSY && runs < 100) {
        st = nv_threed_engine.run(obj, &mem, 8192, 0);
        runs++;
    }
    g_assert_cmpint(st, ==, NV_ENGINE_IDLE);
    g_assert_cmpuint(runs, >=, (W * H - (1u << 16)) / 8192);   /* in budgeted slices */
    for (unsigned y = 0; y < H; y++) {
        g_assert_cmphex(*(uint32_t *)fake_va(f, rt + (size_t)PITCH * y + (W - 1) * 4, 4), ==,
                        0x000000ff);
    }
    g_assert_cmphex(*(uint32_t *)fake_va(f, sem, 4), ==, 0x600d);
    g_assert_cmpuint(nv_threed_state(obj, A_C597_SET_MME_SHADOW_SCRATCH + 4), ==, 7);
    nv_threed_engine.destroy(obj);
    fake_mem_free(f);
}

/* The compute class's report semaphore: releases as the 3D class's (NVK's compute timestamps). */
static void test_compute_report(void)
{
    FakeMem *f = fake_mem_new(1 << 16, 4096);
    NvMemIf mem = fake_mem_if(f);
    NvComputeState *s = g_new0(NvComputeState, 1);
    uint64_t va = FAKE_VA_BASE + 0x200, t;
    uint32_t w[2];

    f->now = 0x42424242abcdull;
    memset(fake_va(f, va, 32), 0xee, 32);
    g_assert_cmpint(nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_A,
                                      (uint32_t)(va >> 32)), ==, NV_ENGINE_IDLE);
    nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_B, (uint32_t)va);
    nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_C, 7);
    g_assert_cmpint(nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_D, NV_RS_OP_RELEASE),
                    ==, NV_ENGINE_IDLE);                    /* four words: payload, 0, time */
    memcpy(w, fake_va(f, va, 8), 8);
    memcpy(&t, fake_va(f, va + 8, 8), 8);
    g_assert_cmpuint(w[0], ==, 7);
    g_assert_cmpuint(w[1], ==, 0);
    g_assert_cmphex(t, ==, f->now);
    nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_C, 3);
    nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_D,
                      NV_RS_ONE_WORD << R_C5C0_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_SHIFT |
                      1u << R_C5C0_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_SHIFT);
    g_assert_cmpuint(*(uint32_t *)fake_va(f, va, 4), ==, 10);       /* ADD */
    /* an unmapped address: the engine stops with an error */
    nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_B, 0x10);
    nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_A, 0);
    g_assert_cmpint(nv_compute_method(s, &mem, A_C5C0_SET_REPORT_SEMAPHORE_D, NV_RS_OP_RELEASE),
                    ==, NV_ENGINE_ERROR);
    g_free(s);
    fake_mem_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/mme/emit", test_emit);
    g_test_add_func("/mme/alu", test_alu);
    g_test_add_func("/mme/control", test_control);
    g_test_add_func("/mme/dma-fifo", test_dma_fifo);
    g_test_add_func("/mme/hostile", test_hostile);
    g_test_add_func("/mme/load-groups", test_load_groups);
    g_test_add_func("/mme/class-priv-reg", test_class_priv_reg);
    g_test_add_func("/mme/class-unimp", test_class_unimp);
    g_test_add_func("/mme/class-report", test_class_report);
    g_test_add_func("/mme/compute-report", test_compute_report);
    g_test_add_func("/mme/class-clear-parks", test_class_clear_parks);
    return g_test_run();
}
