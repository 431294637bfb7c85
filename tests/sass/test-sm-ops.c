/*
 * Per-opcode tests of the memory, warp-wide and control executors on a test
 * warp: encodings are looked up by their nvdisasm text in the golden tables,
 * inputs are random and boundary values, and every result is compared with
 * a C reference written from the PTX definitions (shfl.sync, vote, match,
 * atom.shared, ld/st.shared) and the seed special-register table.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "sass-tsv.h"
#include "sm-harness.h"
#include "hw/nvidia/nv-f16.h"
#include "../../hw/nvidia/sm/sm-internal.h"

static GHashTable *words;       /* nvdisasm text -> "lo hi" */

#define VOTE_TEXT "VOTE.ANY R0, PT, P0"
#define VOTE_DST 0

static NvSmErrorKind exec_text(NvSmWarp *w, const char *text)
{
    const uint64_t *word = g_hash_table_lookup(words, text);

    if (!word) {
        g_error("no golden encoding for \"%s\"", text);
    }
    g_assert_true(nv_sm_test_exec(w, word[0], word[1]));
    return nv_sm_test_error(w);
}

static uint32_t rng = 99;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static uint32_t *reg(NvSmWarp *w, unsigned r)
{
    return w->r[r];
}

/* ---- SHFL ---- */

/* PTX shfl.sync: the source lane of lane l and whether it is in range. */
static unsigned shfl_src(int mode, unsigned l, uint32_t b, uint32_t c, bool *ok)
{
    uint32_t bv = b & 31, clamp = c & 31, seg = (c >> 8) & 31;
    int max_lane = (int)((l & seg) | (clamp & ~seg)), j;

    switch (mode) {
    case 0: j = (int)((l & seg) | (bv & ~seg)); *ok = j <= max_lane; break;
    case 1: j = (int)l - (int)bv; *ok = j >= max_lane; break;
    case 2: j = (int)l + (int)bv; *ok = j <= max_lane; break;
    default: j = (int)(l ^ bv); *ok = j <= max_lane; break;
    }
    if (!*ok) {
        j = (int)l;
    }
    return (unsigned)j;
}

/* The lane values of an operand before execution (immediate, RZ or register). */
static void operand(NvSmWarp *w, const NvSassOperand *o, uint32_t out[32])
{
    for (unsigned l = 0; l < 32; l++) {
        out[l] = o->kind == NV_SASS_OPND_IMM ? o->imm :
                 o->kind == NV_SASS_OPND_REG && o->reg != NV_SASS_RZ ? reg(w, o->reg)[l] : 0;
    }
}

/* Every SHFL encoding of the corpus, random data, lane and clamp/segment values. */
static void test_shfl(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);
    GHashTableIter it;
    gpointer key, value;
    unsigned forms = 0;

    g_hash_table_iter_init(&it, words);
    while (g_hash_table_iter_next(&it, &key, &value)) {
        const uint64_t *word = value;
        NvSassInsn in;

        if (!g_str_has_prefix(key, "SHFL") || !nv_sass_decode(word[0], word[1], 0, &in)) {
            continue;
        }
        forms++;
        for (int round = 0; round < 20; round++) {
            uint32_t a[32], b[32], c[32];

            for (unsigned r = 0; r < NV_SM_ZERO_ROW; r++) {
                for (unsigned l = 0; l < 32; l++) {
                    reg(w, r)[l] = round & 1 ? rnd() & 0x1f1f : rnd();
                }
            }
            w->p[0] = w->p[3] = rnd();
            operand(w, &in.src[0], a);
            operand(w, &in.src[1], b);
            operand(w, &in.src[2], c);
            g_assert_cmpint(exec_text(w, key), ==, NV_SM_OK);
            for (unsigned l = 0; l < 32; l++) {
                bool ok;
                unsigned j = shfl_src(in.mod.warp.mode, l, b[l], c[l], &ok);

                if (in.dst.reg != NV_SASS_RZ) {
                    g_assert_cmphex(reg(w, in.dst.reg)[l], ==, a[j]);
                }
                if (in.pdst[0].index < NV_SASS_PT) {
                    g_assert_cmpuint((w->p[in.pdst[0].index] >> l) & 1, ==, ok);
                }
            }
        }
    }
    g_assert_cmpuint(forms, >=, 4);
    nv_sm_test_warp_free(w);
}

/* ---- VOTE / MATCH ---- */

static void test_vote_match(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);

    for (int round = 0; round < 100; round++) {
        uint32_t p0 = round % 4 == 0 ? 0 : round % 4 == 1 ? ~0u : rnd();
        uint32_t key[32], want_any = 0;

        w->p[0] = p0;
        g_assert_cmpint(exec_text(w, VOTE_TEXT), ==, NV_SM_OK);
        for (unsigned l = 0; l < 32; l++) {
            g_assert_cmphex(reg(w, VOTE_DST)[l], ==, p0);   /* the ballot */
        }
        g_assert_cmphex(nv_sm_pred(w, (NvSassPred){ .index = NV_SASS_PT }), ==, ~0u);
        for (unsigned l = 0; l < 32; l++) {
            key[l] = reg(w, 5)[l] = rnd() % 4;
        }
        g_assert_cmpint(exec_text(w, "MATCH.ANY R0, R5"), ==, NV_SM_OK);
        for (unsigned l = 0; l < 32; l++) {
            uint32_t m = 0;

            for (unsigned k = 0; k < 32; k++) {
                m |= (uint32_t)(key[k] == key[l]) << k;
            }
            g_assert_cmphex(reg(w, 0)[l], ==, m);
            want_any |= m;
        }
        g_assert_cmphex(want_any, ==, ~0u);
    }
    nv_sm_test_warp_free(w);
}

/* ---- shared memory: loads, stores, atomics ---- */

static void test_shared_ld_st(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);
    uint8_t *sh = w->cta->shared;

    for (unsigned i = 0; i < 1024; i++) {
        sh[i] = (uint8_t)rnd();
    }
    for (unsigned l = 0; l < 32; l++) {
        reg(w, 3)[l] = l * 4;
        reg(w, 23)[l] = l * 48;     /* the last lanes run past 1 KiB */
    }
    g_assert_cmpint(exec_text(w, "LDS.U R6, [R3]"), ==, NV_SM_OK);
    g_assert_cmpint(exec_text(w, "LDS.U.128 R8, [R23+0x10]"), ==, NV_SM_ERR_OOR_ADDR);
    for (unsigned l = 0; l < 32; l++) {
        reg(w, 23)[l] = l * 16 % 1008;
    }
    g_assert_cmpint(exec_text(w, "LDS.U.128 R8, [R23+0x10]"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        uint32_t v, q[4];

        memcpy(&v, sh + l * 4, 4);
        g_assert_cmphex(reg(w, 6)[l], ==, v);
        memcpy(q, sh + l * 16 % 1008 + 0x10, 16);
        for (unsigned i = 0; i < 4; i++) {
            g_assert_cmphex(reg(w, 8 + i)[l], ==, q[i]);
        }
    }
    /* the .X4 index scale and a 64-bit store */
    for (unsigned l = 0; l < 32; l++) {
        reg(w, 0)[l] = l * 2;
        reg(w, 4)[l] = rnd();
        reg(w, 5)[l] = rnd();
    }
    for (unsigned l = 0; l < 32; l++) {
        reg(w, 7)[l] = l * 8;
    }
    {
        g_assert_cmpint(exec_text(w, "STS.64 [R7+0x8], R4"), ==, NV_SM_OK);
        for (unsigned l = 0; l < 32; l++) {
            uint32_t v[2];

            memcpy(v, sh + l * 8 + 8, 8);
            g_assert_cmphex(v[0], ==, reg(w, 4)[l]);
            g_assert_cmphex(v[1], ==, reg(w, 5)[l]);
        }
    }
    /* out of the CTA's shared memory: an error, nothing written */
    for (unsigned l = 0; l < 32; l++) {
        reg(w, 3)[l] = 1024 + l * 4;
    }
    g_assert_cmpint(exec_text(w, "LDS.U R6, [R3]"), ==, NV_SM_ERR_OOR_ADDR);
    /* misaligned */
    for (unsigned l = 0; l < 32; l++) {
        reg(w, 3)[l] = 2;
    }
    g_assert_cmpint(exec_text(w, "LDS.U R6, [R3]"), ==, NV_SM_ERR_MISALIGNED);
    g_assert_cmpint(exec_text(w, "STS.64 [R7+0xa], R4"), ==, NV_SM_ERR_MISALIGNED);
    nv_sm_test_warp_free(w);
}

static uint32_t atom_ref(const char *op, uint32_t old, uint32_t b, bool sgn)
{
    if (!strcmp(op, "ADD")) {
        return old + b;
    } else if (!strcmp(op, "MIN")) {
        return sgn ? (uint32_t)MIN((int32_t)old, (int32_t)b) : MIN(old, b);
    } else if (!strcmp(op, "MAX")) {
        return sgn ? (uint32_t)MAX((int32_t)old, (int32_t)b) : MAX(old, b);
    } else if (!strcmp(op, "INC")) {
        return old >= b ? 0 : old + 1;
    } else if (!strcmp(op, "DEC")) {
        return old == 0 || old > b ? b : old - 1;
    } else if (!strcmp(op, "AND")) {
        return old & b;
    } else if (!strcmp(op, "OR")) {
        return old | b;
    } else if (!strcmp(op, "XOR")) {
        return old ^ b;
    }
    return b;   /* EXCH */
}

/* ATOMS.<op>[.S32] R127, [R3.X4], R4: lanes in order on colliding addresses. */
static void test_atoms(void)
{
    static const char *const ops[] = { "ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR",
                                       "EXCH" };
    NvSmWarp *w = nv_sm_test_warp_new(32);
    uint32_t *sh = (uint32_t *)w->cta->shared;
    unsigned ran = 0;

    for (size_t o = 0; o < G_N_ELEMENTS(ops); o++) {
        for (int sgn = 0; sgn < 2; sgn++) {
            char text[64];
            uint32_t mem[256], oldv[32];

            g_snprintf(text, sizeof(text), sgn ? "ATOMS.%s.S32 RZ, [R3.X4], R4" :
                       "ATOMS.%s R127, [R3.X4], R4", ops[o]);
            if (!g_hash_table_contains(words, text)) {
                continue;
            }
            for (unsigned i = 0; i < 256; i++) {
                mem[i] = sh[i] = i % 3 ? rnd() : rnd() % 50;
            }
            for (unsigned l = 0; l < 32; l++) {
                reg(w, 3)[l] = rnd() % 8;       /* collisions */
                reg(w, 4)[l] = l % 4 ? rnd() % 60 : rnd();
            }
            g_assert_cmpint(exec_text(w, text), ==, NV_SM_OK);
            ran++;
            for (unsigned l = 0; l < 32; l++) {
                uint32_t a = reg(w, 3)[l];

                oldv[l] = mem[a];
                mem[a] = atom_ref(ops[o], mem[a], reg(w, 4)[l], sgn);
            }
            for (unsigned i = 0; i < 256; i++) {
                g_assert_cmphex(sh[i], ==, mem[i]);
            }
            if (!sgn) {
                for (unsigned l = 0; l < 32; l++) {
                    g_assert_cmphex(reg(w, 127)[l], ==, oldv[l]);
                }
            }
        }
    }
    g_assert_cmpuint(ran, ==, 2 * G_N_ELEMENTS(ops));
    /* a misaligned atomic stops with the hardware's error */
    if (g_hash_table_contains(words, "ATOMS.ADD RZ, [R3.X4+0x1], R4")) {
        g_assert_cmpint(exec_text(w, "ATOMS.ADD RZ, [R3.X4+0x1], R4"), ==,
                        NV_SM_ERR_MISALIGNED);
    }
    nv_sm_test_warp_free(w);
}

/* ATOMS.CAS returns the old value; CAST.SPIN reports success in Rd. */
static void test_atoms_cas(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);
    uint32_t *sh = (uint32_t *)w->cta->shared;

    for (unsigned l = 0; l < 32; l++) {
        sh[l] = l;
        reg(w, 6)[l] = l * 4;
        reg(w, 4)[l] = l % 2 ? l : l + 1;       /* odd lanes compare equal */
        reg(w, 5)[l] = 1000 + l;
    }
    g_assert_cmpint(exec_text(w, "ATOMS.CAS R127, [R6], R4, R5"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmpuint(reg(w, 127)[l], ==, l);
        g_assert_cmpuint(sh[l], ==, l % 2 ? 1000 + l : l);
    }
    /* every lane on word 0: only the first lane's compare succeeds */
    sh[0] = 7;
    for (unsigned l = 0; l < 32; l++) {
        reg(w, 2)[l] = 7;
        reg(w, 3)[l] = 100 + l;
    }
    g_assert_cmpint(exec_text(w, "ATOMS.CAST.SPIN R3, [RZ], R2, R3"), ==, NV_SM_OK);
    g_assert_cmpuint(sh[0], ==, 100);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmpuint(reg(w, 3)[l], ==, l == 0);
    }
    nv_sm_test_warp_free(w);
}

/* ---- special registers ---- */

static void test_s2r(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);

    g_assert_cmpint(exec_text(w, "S2R R0, SR_LANEID"), ==, NV_SM_OK);
    g_assert_cmpint(exec_text(w, "S2R R3, SR_TID.X"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmpuint(reg(w, 0)[l], ==, l);
        g_assert_cmpuint(reg(w, 3)[l], ==, l);
    }
    g_assert_cmpint(exec_text(w, "S2R R1, SR_LTMASK"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmphex(reg(w, 1)[l], ==, (1u << l) - 1);
    }
    g_assert_cmpint(exec_text(w, "S2R R1, SR_GEMASK"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmphex(reg(w, 1)[l], ==, ~((1u << l) - 1));
    }
    nv_sm_test_warp_free(w);
}

/* ---- control: a divergent branch splits the warp, EXIT retires lanes ---- */

static void test_branch_split(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);
    uint64_t pc = w->pc;

    w->p[0] = 0x0000ffff;
    g_assert_cmpint(exec_text(w, "@P0 BRA `(.L_x_1)"), ==, NV_SM_OK);
    /* the group with the lower PC runs first: here the fall-through lanes,
     * unless the target is below; either way the two groups partition */
    g_assert_true(w->active == 0x0000ffff || w->active == 0xffff0000);
    g_assert_cmpuint(w->alive, ==, ~0u);
    w->pc = pc;
    w->active = w->alive = ~0u;
    w->p[1] = 0xf0f0f0f0;
    g_assert_cmpint(exec_text(w, "@P1 EXIT"), ==, NV_SM_OK);
    g_assert_cmphex(w->alive, ==, 0x0f0f0f0f);
    g_assert_cmphex(w->active, ==, 0x0f0f0f0f);
    nv_sm_test_warp_free(w);
}

/*
 * BRA.CONV (ptxas's fast paths in cooperative groups) is taken only by a
 * converged warp, BRA.DIV only by a diverged one; both to pc + 0x30.
 */
static void test_branch_conv_div(void)
{
    static const struct {
        uint64_t lo;
        bool conv;
    } bra[] = {
        { 0x0000002300007947, true },       /* BRA.CONV (nvdisasm) */
        { 0x0000002200007947, false },      /* BRA.DIV */
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(bra); i++) {
        for (unsigned diverged = 0; diverged < 2; diverged++) {
            NvSmWarp *w = nv_sm_test_warp_new(32);
            uint64_t pc = w->pc;
            bool taken = bra[i].conv != diverged;

            w->active = diverged ? 0x0000ffff : ~0u;
            g_assert_true(nv_sm_test_exec(w, bra[i].lo, 0x000fea0003800000));
            g_assert_cmpint(nv_sm_test_error(w), ==, NV_SM_OK);
            if (diverged && taken) {
                /* the other lanes (at pc) run first; the taken ones wait at the target */
                g_assert_cmphex(w->active, ==, 0xffff0000);
                g_assert_cmphex(w->pc, ==, pc);
                g_assert_cmphex(w->lpc[0], ==, pc + 0x30);
                g_assert_cmphex(w->lpc[15], ==, pc + 0x30);
            } else {
                g_assert_cmphex(w->pc, ==, pc + (taken ? 0x30 : 0x10));
                g_assert_cmphex(w->active, ==, diverged ? 0x0000ffff : ~0u);
            }
            nv_sm_test_warp_free(w);
        }
    }
}

/*
 * Convergence barriers hold per-thread membership: two diverged groups that
 * enter the same barrier in different code (as ptxas allocates barriers)
 * both belong to it, neither passes BSYNC alone, and completion empties it.
 */
static void test_bsync_shared_barrier(void)
{
    static const uint64_t bra_p0[2] = { 0x0000004000000947, 0x000fea0003800000 };
    static const uint64_t bssy_b1[2] = { 0x0000009000017945, 0x000fe20003800000 };
    static const uint64_t bsync_b1[2] = { 0x0000000000017941, 0x000fea0003800000 };
    static const uint64_t bra_far[2] = { 0x0000010000007947, 0x000fea0003800000 };
    NvSmWarp *w = nv_sm_test_warp_new(32);

    w->p[0] = 0xffff0000;
    g_assert_true(nv_sm_test_exec(w, bra_p0[0], bra_p0[1]));
    g_assert_cmphex(w->active, ==, 0x0000ffff);         /* A: the fall-through lanes */
    g_assert_true(nv_sm_test_exec(w, bssy_b1[0], bssy_b1[1]));
    g_assert_true(nv_sm_test_exec(w, bra_far[0], bra_far[1]));
    g_assert_cmphex(w->active, ==, 0xffff0000);         /* B, now at the lowest PC */
    g_assert_true(nv_sm_test_exec(w, bssy_b1[0], bssy_b1[1]));
    g_assert_cmphex(w->conv[1], ==, ~0u);
    g_assert_true(nv_sm_test_exec(w, bsync_b1[0], bsync_b1[1]));
    g_assert_cmphex(w->blocked, ==, 0xffff0000);        /* B waits for A */
    g_assert_cmphex(w->active, ==, 0x0000ffff);
    g_assert_true(nv_sm_test_exec(w, bsync_b1[0], bsync_b1[1]));
    g_assert_cmphex(w->blocked, ==, 0);                 /* both released, the barrier empty */
    g_assert_cmphex(w->conv[1], ==, 0);
    g_assert_cmpint(nv_sm_test_error(w), ==, NV_SM_OK);
    nv_sm_test_warp_free(w);
}

/*
 * The call sequence of a driver-resolved function (vprintf, malloc): LEPC
 * gives the instruction's own address; CALL.ABS.NOINC Ra jumps to {Ra+1:Ra}
 * (per lane: lanes may diverge); RET.ABS.NODEC Ra imm returns to imm + Ra.
 */
static void test_call_abs(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);
    uint64_t pc = w->pc, fn = 0x123456789a0ull;

    w->r[6][0] = w->r[7][0] = 0xdead;
    g_assert_cmpint(exec_text(w, "LEPC R6"), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        g_assert_cmphex(w->r[6][l] | (uint64_t)w->r[7][l] << 32, ==, pc);
        w->r[2][l] = (uint32_t)fn + (l < 8 ? 0x100 : 0);
        w->r[3][l] = (uint32_t)(fn >> 32);
        w->r[20][l] = (uint32_t)(pc + 0x40);
        w->r[21][l] = (uint32_t)((pc + 0x40) >> 32);
    }
    g_assert_cmpint(exec_text(w, "CALL.ABS.NOINC R2"), ==, NV_SM_OK);
    /* two groups: lanes 0..7 wait at fn + 0x100, the others run at fn */
    g_assert_cmphex(w->pc, ==, fn);
    g_assert_cmphex(w->active, ==, 0xffffff00);
    g_assert_cmphex(w->lpc[0], ==, fn + 0x100);
    g_assert_cmpint(exec_text(w, "RET.ABS.NODEC R20 0x10"), ==, NV_SM_OK);
    g_assert_cmphex(w->active & 0x100 ? w->pc : w->lpc[8], ==, pc + 0x50);
    nv_sm_test_warp_free(w);
}

/* BPT.TRAP (__trap()) and an undecodable word stop the launch with their errors. */
/*
 * NAK's bindless ULDC: UR2:UR3 hold NVK's handle (address / 16, size / 16 at
 * bit 45); reads inside the size come from memory, reads past it are 0.
 */
static void test_uldc_bindless(void)
{
    static const uint64_t lo = 0x0000000002027ab9, hi = 0x00029600080008ff;
    static const struct { uint32_t off; uint32_t want; } reads[] = {
        { 0x00, 0x1000 }, { 0x3c, 0x100f }, { 0x40, 0 }, { 0xfffc, 0 },
    };
    SmDev dev;
    NvSmMemOps ops;
    uint64_t buf, handle;
    uint32_t *p;
    NvSmWarp *w;

    g_assert_true(sm_dev_init(&dev, 1 << 20, 1));
    buf = sm_dev_alloc(&dev, 0x100);
    p = sm_dev_ptr(&dev, buf, 0x100);
    for (unsigned i = 0; i < 0x40; i++) {
        p[i] = 0x1000 + i;
    }
    ops = sm_dev_ops(&dev);
    w = nv_sm_test_warp_new_mem(32, NULL, &ops);
    handle = buf >> 4 | (uint64_t)(0x40 >> 4) << 45;
    for (unsigned i = 0; i < G_N_ELEMENTS(reads); i++) {
        w->ur[2] = (uint32_t)handle;
        w->ur[3] = (uint32_t)(handle >> 32);
        g_assert_true(nv_sm_test_exec(w, lo | (uint64_t)reads[i].off << 38, hi));
        g_assert_cmpint(nv_sm_test_error(w), ==, NV_SM_OK);
        g_assert_cmphex(w->ur[2], ==, reads[i].want);
        /* the same buffer as an ALU operand: MOV R3, cx[UR2][off] (NAK's bindless form) */
        w->ur[2] = (uint32_t)handle;
        g_assert_true(nv_sm_test_exec(w, 0x0000000200037a02 | (uint64_t)reads[i].off << 38,
                                      0x000fc80008000f00));
        g_assert_cmpint(nv_sm_test_error(w), ==, NV_SM_OK);
        for (unsigned l = 0; l < 32; l++) {
            g_assert_cmphex(w->r[3][l], ==, reads[i].want);
        }
    }
    nv_sm_test_warp_free(w);
    sm_dev_fini(&dev);
}

/*
 * nv50_ir's float forms: FSET.BF.GT.FTZ.AND R0, R1, R2, PT (1.0 where
 * R1 > R2, a NaN compares false) and FMUL.D2.FTZ R3, R1, R2 (the product
 * halved) and FMUL.M8.
 */
static void test_nv50ir_float(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);
    const float a[4] = { 2.0f, -1.0f, NAN, 3.0f }, b[4] = { 1.0f, 0.0f, 1.0f, 3.0f };

    for (unsigned l = 0; l < 32; l++) {
        memcpy(&w->r[1][l], &a[l % 4], 4);
        memcpy(&w->r[2][l], &b[l % 4], 4);
    }
    g_assert_true(nv_sm_test_exec(w, 0x000000020100720a, 0x0000000003814000));
    g_assert_true(nv_sm_test_exec(w, 0x0000000201037220, 0x0000000000310000));
    g_assert_true(nv_sm_test_exec(w, 0x0000000201047220, 0x0000000000710000));
    g_assert_cmpint(nv_sm_test_error(w), ==, NV_SM_OK);
    for (unsigned l = 0; l < 32; l++) {
        float want = a[l % 4] > b[l % 4] ? 1.0f : 0.0f, half, times8;

        g_assert_cmphex(w->r[0][l], ==, nv_bits_f32(want));
        memcpy(&half, &w->r[3][l], 4);
        memcpy(&times8, &w->r[4][l], 4);
        if (l % 4 != 2) {
            g_assert_cmpfloat(half, ==, a[l % 4] * b[l % 4] / 2);
            g_assert_cmpfloat(times8, ==, a[l % 4] * b[l % 4] * 8);
        }
    }
    nv_sm_test_warp_free(w);
}

static void test_trap_illegal(void)
{
    NvSmWarp *w = nv_sm_test_warp_new(32);

    g_assert_cmpint(exec_text(w, "BPT.TRAP 0x1"), ==, NV_SM_ERR_TRAP);
    g_assert_false(nv_sm_test_exec(w, ~0ull, ~0ull));   /* refused by the decoder */
    nv_sm_test_warp_free(w);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    words = tsv_words(argc > 1 ? argv[1] : "tests/sass");
    g_test_add_func("/sm/ops/shfl", test_shfl);
    g_test_add_func("/sm/ops/vote-match", test_vote_match);
    g_test_add_func("/sm/ops/shared-ld-st", test_shared_ld_st);
    g_test_add_func("/sm/ops/atoms", test_atoms);
    g_test_add_func("/sm/ops/atoms-cas", test_atoms_cas);
    g_test_add_func("/sm/ops/s2r", test_s2r);
    g_test_add_func("/sm/ops/branch-split", test_branch_split);
    g_test_add_func("/sm/ops/branch-conv-div", test_branch_conv_div);
    g_test_add_func("/sm/ops/call-abs", test_call_abs);
    g_test_add_func("/sm/ops/bsync-shared-barrier", test_bsync_shared_barrier);
    g_test_add_func("/sm/ops/trap-illegal", test_trap_illegal);
    g_test_add_func("/sm/ops/uldc-bindless", test_uldc_bindless);
    g_test_add_func("/sm/ops/nv50ir-float", test_nv50ir_float);
    return g_test_run();
}
