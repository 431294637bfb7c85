/*
 * Per-opcode tests of the floating-point executors: every corpus encoding of
 * FADD, FMUL, FFMA, FSETP, FMNMX, DADD, DMUL, DFMA, F2I, I2F and FRND runs on
 * random and special inputs (signed zeros, denormals, infinities, NaNs,
 * rounding ties, out-of-range conversions) and each lane is compared with a
 * C reference built from the decoded fields: host IEEE arithmetic in the
 * instruction's rounding mode, plus the SM's rules written out here (FTZ,
 * SAT, FMZ, the canonical NaN, NaN-to-zero and saturating conversions).
 * MUFU is checked on its special values and against libm within 2 ulp.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fenv.h>
#include <float.h>
#include <glib.h>
#include <math.h>
#include <string.h>

#include "sass-tsv.h"
#include "../../hw/nvidia/sm/sm-internal.h"

static const char *corpus_dir;
static uint32_t rng = 4242;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static float f32(uint32_t v)
{
    float f;

    memcpy(&f, &v, 4);
    return f;
}

static uint32_t u32(float f)
{
    uint32_t v;

    memcpy(&v, &f, 4);
    return v;
}

static double f64(uint64_t v)
{
    double f;

    memcpy(&f, &v, 8);
    return f;
}

static uint64_t u64(double f)
{
    uint64_t v;

    memcpy(&v, &f, 8);
    return v;
}

/* Interesting fp32 bit patterns, then random ones. */
static uint32_t special32(unsigned i)
{
    static const uint32_t s[] = {
        0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x00000001, 0x807fffff, 0x00800000,
        0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x3f000000,
        0x4b000001, 0x3fc00000, 0x40200000, 0x4f000000, 0xcf000000, 0x5f000000, 0x3effffff,
        0x40400000, 0xc0400000, 0x34000000,
    };

    return i < G_N_ELEMENTS(s) ? s[i] : rnd() % 7 == 0 ? rnd() & 0x807fffff : rnd();
}

static uint64_t special64(unsigned i)
{
    static const uint64_t s[] = {
        0, 1ull << 63, 0x3ff0000000000000ull, 0xbff0000000000000ull, 1, 0x000fffffffffffffull,
        0x7fefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
        0x7ff8000000000000ull, 0x3fe0000000000000ull, 0x4330000000000001ull,
        0x43e0000000000000ull, 0xc3e0000000000000ull, 0x41e0000000000000ull,
    };

    return i < G_N_ELEMENTS(s) ? s[i] : (uint64_t)rnd() << 32 | rnd();
}

static const int host_mode[4] = { FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };

static uint32_t ftz(uint32_t v, bool on)
{
    return on && (v & 0x7f800000u) == 0 ? v & 0x80000000u : v;
}

/* A float operand's value in lane l with its .ABS/.NEG (bit operations). */
static uint32_t opnd32(NvSmWarp *w, const NvSassOperand *o, unsigned l)
{
    uint32_t tmp[32];
    uint32_t v = nv_sm_src(w, o, tmp)[l];

    if (o->mods & NV_SASS_MOD_ABS) {
        v &= 0x7fffffffu;
    }
    return o->mods & NV_SASS_MOD_NEG ? v ^ 0x80000000u : v;
}

static uint64_t opnd64(NvSmWarp *w, const NvSassOperand *o, unsigned l)
{
    uint32_t t1[32], t2[32];
    uint64_t v = o->kind == NV_SASS_OPND_IMM ? (uint64_t)o->imm << 32 :
                 (uint64_t)nv_sm_src_hi(w, o, t2)[l] << 32 | nv_sm_src(w, o, t1)[l];

    if (o->mods & NV_SASS_MOD_ABS) {
        v &= ~(1ull << 63);
    }
    return o->mods & NV_SASS_MOD_NEG ? v ^ (1ull << 63) : v;
}

static uint32_t ref_f32(const NvSassInsn *in, uint32_t a, uint32_t b, uint32_t c)
{
    const NvSassModFloat *m = &in->mod.f;
    float x = f32(ftz(a, m->ftz)), y = f32(ftz(b, m->ftz)), r;
    int old = fegetround();

    if (in->opcode != NV_SASS_OP_FADD && m->fmz && (x == 0 || y == 0)) {
        x = y = 0;
    }
    fesetround(host_mode[m->rnd & 3]);
    switch (in->opcode) {
    case NV_SASS_OP_FADD:
        r = x + y;
        break;
    case NV_SASS_OP_FMUL:
        r = x * y;
        break;
    default:
        r = fmaf(x, y, f32(ftz(c, m->ftz)));
        break;
    }
    fesetround(old);
    if (isnan(r)) {
        return m->sat ? 0 : 0x7fffffffu;
    }
    if (m->sat) {
        r = r < 0 ? 0 : r > 1 ? 1 : r;
        r = r == 0 ? 0.0f : r;
    }
    return ftz(u32(r), m->ftz);
}

static bool ref_cmp(unsigned cmp, double x, double y)
{
    bool u = isnan(x) || isnan(y), lt = x < y, eq = x == y, gt = x > y;
    bool r[16] = { false, lt, eq, lt || eq, gt, lt || gt, gt || eq, !u, u, u || lt, u || eq,
                   u || lt || eq, u || gt, u || lt || gt, u || gt || eq, true };

    return r[cmp & 15];
}

static uint32_t ref_bool(unsigned op, uint32_t a, uint32_t b)
{
    return op == 0 ? a & b : op == 1 ? a | b : a ^ b;
}

/* Fills the registers, executes, checks every lane of the destination. */
static unsigned check_word(NvSmWarp *w, uint64_t lo, uint64_t hi)
{
    NvSassInsn in;
    unsigned checked = 0;

    if (!nv_sass_decode(lo, hi, 0, &in) || in.guard.index != NV_SASS_PT || in.guard.negate) {
        return 0;
    }
    switch (in.opcode) {
    case NV_SASS_OP_FADD: case NV_SASS_OP_FMUL: case NV_SASS_OP_FFMA:
    case NV_SASS_OP_FSETP: case NV_SASS_OP_FMNMX: case NV_SASS_OP_DADD:
    case NV_SASS_OP_DMUL: case NV_SASS_OP_DFMA: case NV_SASS_OP_F2I: case NV_SASS_OP_I2F:
    case NV_SASS_OP_FRND:
        break;
    default:
        return 0;
    }
    for (unsigned round = 0; round < 3; round++) {
        uint32_t want[32], want_hi[32], pres = 0, pres2 = 0, acc;
        bool wide = false;

        for (unsigned r = 0; r < NV_SM_ZERO_ROW; r++) {
            for (unsigned l = 0; l < 32; l++) {
                bool pair_lo = r % 2 == 0;
                uint64_t d = special64(l + 32 * round + r);

                w->r[r][l] = in.opcode >= NV_SASS_OP_DMUL && in.opcode <= NV_SASS_OP_DFMA ?
                             (pair_lo ? (uint32_t)d : (uint32_t)(d >> 32)) :
                             special32((l * 7 + r + 32 * round) % 64);
            }
        }
        for (unsigned i = 0; i < 7; i++) {
            w->p[i] = rnd();
        }
        acc = in.n_psrc ? nv_sm_pred(w, in.psrc[0]) : 0;
        for (unsigned l = 0; l < 32; l++) {
            const NvSassOperand *s = in.src;
            const NvSassModCvt *cv = &in.mod.cvt;

            switch (in.opcode) {
            case NV_SASS_OP_FADD: case NV_SASS_OP_FMUL: case NV_SASS_OP_FFMA:
                want[l] = ref_f32(&in, opnd32(w, &s[0], l), opnd32(w, &s[1], l),
                                  in.opcode == NV_SASS_OP_FFMA ? opnd32(w, &s[2], l) : 0);
                break;
            case NV_SASS_OP_FSETP: {
                float x = f32(ftz(opnd32(w, &s[0], l), in.mod.f.ftz));
                float y = f32(ftz(opnd32(w, &s[1], l), in.mod.f.ftz));

                pres |= (uint32_t)ref_cmp(in.mod.f.cmp, x, y) << l;
                break;
            }
            case NV_SASS_OP_FMNMX: {
                uint32_t a = ftz(opnd32(w, &s[0], l), in.mod.f.ftz);
                uint32_t b = ftz(opnd32(w, &s[1], l), in.mod.f.ftz);
                bool is_min = (nv_sm_pred(w, in.psrc[0]) >> l) & 1;
                float x = f32(a), y = f32(b);

                if (isnan(x) || isnan(y)) {
                    want[l] = isnan(x) && isnan(y) ? 0x7fffffffu : isnan(x) ? b : a;
                } else if (x == y) {
                    /* -0 is below +0 */
                    want[l] = is_min ? ((a >> 31) ? a : b) : ((a >> 31) ? b : a);
                } else {
                    want[l] = (x < y) == is_min ? a : b;
                }
                break;
            }
            case NV_SASS_OP_DADD: case NV_SASS_OP_DMUL: case NV_SASS_OP_DFMA: {
                double x = f64(opnd64(w, &s[0], l)), y = f64(opnd64(w, &s[1], l)), r;
                int old = fegetround();

                fesetround(host_mode[in.mod.f.rnd & 3]);
                r = in.opcode == NV_SASS_OP_DADD ? x + y : in.opcode == NV_SASS_OP_DMUL ?
                    x * y : fma(x, y, f64(opnd64(w, &s[2], l)));
                fesetround(old);
                want[l] = isnan(r) ? 0xffffffffu : (uint32_t)u64(r);
                want_hi[l] = isnan(r) ? 0x7fffffffu : (uint32_t)(u64(r) >> 32);
                wide = true;
                break;
            }
            case NV_SASS_OP_F2I: {
                double x = cv->src_bytes == 3 ? f64(opnd64(w, &s[0], l)) :
                           cv->src_bytes == 2 ? f32(ftz(opnd32(w, &s[0], l), cv->ftz)) : NAN;
                unsigned bits = 8u << cv->dst_bytes;
                double lov = cv->dst_signed ? -ldexp(1, (int)bits - 1) : 0;
                double hiv = cv->dst_signed ? ldexp(1, (int)bits - 1) : ldexp(1, (int)bits);
                uint64_t v;

                if (cv->src_bytes < 2) {
                    return checked;     /* f16 sources: covered by the kernels */
                }
                x = cv->rnd == 1 ? floor(x) : cv->rnd == 2 ? ceil(x) : cv->rnd == 3 ? trunc(x) :
                    nearbyint(x);
                if (isnan(x)) {
                    v = 0;
                } else if (x < lov) {
                    v = (uint64_t)(int64_t)lov;
                } else if (x >= hiv) {
                    v = cv->dst_signed ? (1ull << (bits - 1)) - 1 :
                        bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
                } else {
                    v = cv->dst_signed ? (uint64_t)(int64_t)x : (uint64_t)x;
                }
                want[l] = (uint32_t)v;
                want_hi[l] = (uint32_t)(v >> 32);
                wide = bits == 64;
                break;
            }
            case NV_SASS_OP_I2F: {
                uint32_t t1[32], t2[32];
                uint64_t x = nv_sm_src(w, &s[0], t1)[l];
                int old = fegetround();

                if (cv->src_bytes == 3) {
                    x |= (uint64_t)nv_sm_src_hi(w, &s[0], t2)[l] << 32;
                }
                if (cv->dst_bytes == 1) {
                    return checked;
                }
                fesetround(host_mode[cv->rnd & 3]);
                if (cv->dst_bytes == 2) {
                    float f = cv->src_signed ? (cv->src_bytes == 3 ? (float)(int64_t)x :
                                                (float)(int32_t)x) : (float)x;

                    want[l] = u32(f);
                } else {
                    double d = cv->src_signed ? (cv->src_bytes == 3 ? (double)(int64_t)x :
                                                 (double)(int32_t)x) : (double)x;

                    want[l] = (uint32_t)u64(d);
                    want_hi[l] = (uint32_t)(u64(d) >> 32);
                    wide = true;
                }
                fesetround(old);
                break;
            }
            case NV_SASS_OP_FRND: {
                double x = cv->src_bytes == 3 ? f64(opnd64(w, &s[0], l)) :
                           f32(ftz(opnd32(w, &s[0], l), cv->ftz));

                x = cv->rnd == 1 ? floor(x) : cv->rnd == 2 ? ceil(x) : cv->rnd == 3 ? trunc(x) :
                    nearbyint(x);
                if (cv->src_bytes == 3) {
                    want[l] = isnan(x) ? 0xffffffffu : (uint32_t)u64(x);
                    want_hi[l] = isnan(x) ? 0x7fffffffu : (uint32_t)(u64(x) >> 32);
                    wide = true;
                } else {
                    want[l] = isnan(x) ? 0x7fffffffu : ftz(u32((float)x), cv->ftz);
                }
                break;
            }
            }
        }
        g_assert_true(nv_sm_test_exec(w, lo, hi));
        g_assert_cmpint(nv_sm_test_error(w), ==, NV_SM_OK);
        if (in.opcode == NV_SASS_OP_FSETP) {
            uint32_t p0 = ref_bool(in.mod.f.bool_op, pres, acc);

            pres2 = ref_bool(in.mod.f.bool_op, ~pres, acc);
            if (in.pdst[0].index < NV_SASS_PT) {
                g_assert_cmphex(w->p[in.pdst[0].index], ==, p0);
            }
            if (in.pdst[1].index < NV_SASS_PT && in.pdst[1].index != in.pdst[0].index) {
                g_assert_cmphex(w->p[in.pdst[1].index], ==, pres2);
            }
            checked++;
            continue;
        }
        if (in.dst.reg == NV_SASS_RZ) {
            continue;
        }
        for (unsigned l = 0; l < 32; l++) {
            if (w->r[in.dst.reg][l] != want[l] ||
                (wide && in.dst.reg + 1 < NV_SM_ZERO_ROW && w->r[in.dst.reg + 1][l] != want_hi[l])) {
                char text[128];

                nv_sass_disasm(&in, text, sizeof(text));
                g_error("%s lane %u: got %08x:%08x want %08x:%08x", text, l,
                        wide ? w->r[in.dst.reg + 1][l] : 0, w->r[in.dst.reg][l],
                        wide ? want_hi[l] : 0, want[l]);
            }
        }
        checked++;
    }
    return checked;
}

static void test_corpus(void)
{
    GPtrArray *files = tsv_list(corpus_dir);
    NvSmWarp *w = nv_sm_test_warp_new(32);
    unsigned checked = 0;

    for (guint i = 0; i < files->len; i++) {
        TsvFile f;

        g_assert_true(tsv_load(files->pdata[i], &f));
        for (size_t r = 0; r < f.n; r++) {
            checked += check_word(w, f.rows[r].lo, f.rows[r].hi);
        }
        tsv_free(&f);
    }
    g_test_message("%u instruction runs checked", checked);
    g_assert_cmpuint(checked, >, 300);
    nv_sm_test_warp_free(w);
    g_ptr_array_unref(files);
}

/* MUFU: special values exactly, others within 2 ulp of libm. */
static void test_mufu(void)
{
    static const struct { const char *name; unsigned fn; } fns[] = {
        { "RCP", 4 }, { "RSQ", 5 }, { "EX2", 2 }, { "LG2", 3 }, { "SQRT", 8 }, { "SIN", 1 },
        { "COS", 0 }, { "TANH", 9 },
    };
    GPtrArray *files = tsv_list(corpus_dir);
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    NvSmWarp *w = nv_sm_test_warp_new(32);

    for (guint i = 0; i < files->len; i++) {
        TsvFile f;

        g_assert_true(tsv_load(files->pdata[i], &f));
        for (size_t r = 0; r < f.n; r++) {
            NvSassInsn in;

            if (!nv_sass_decode(f.rows[r].lo, f.rows[r].hi, 0, &in) ||
                in.opcode != NV_SASS_OP_MUFU || in.guard.index != NV_SASS_PT ||
                in.src[0].kind != NV_SASS_OPND_REG || in.src[0].mods ||
                in.dst.reg == NV_SASS_RZ ||
                g_hash_table_contains(seen, GUINT_TO_POINTER(in.mod.f.mufu))) {
                continue;
            }
            g_hash_table_add(seen, GUINT_TO_POINTER(in.mod.f.mufu));
            for (unsigned l = 0; l < 32; l++) {
                w->r[in.src[0].reg][l] = l < 24 ? special32(l) : u32((float)l / 7.0f - 2.0f);
            }
            for (size_t k = 0; k < G_N_ELEMENTS(fns); k++) {
                if (fns[k].fn != in.mod.f.mufu) {
                    continue;
                }
                g_assert_true(nv_sm_test_exec(w, f.rows[r].lo, f.rows[r].hi));
                for (unsigned l = 0; l < 32; l++) {
                    float x = f32(ftz(special32(l), true)), got = f32(w->r[in.dst.reg][l]);
                    double ref;

                    if (l >= 24) {
                        x = (float)l / 7.0f - 2.0f;
                    }
                    switch (fns[k].fn) {
                    case 4: ref = 1.0 / x; break;
                    case 5: ref = 1.0 / sqrt(x); break;
                    case 2: ref = exp2(x); break;
                    case 3: ref = log2(x); break;
                    case 8: ref = sqrt(x); break;
                    case 1: ref = sin(2 * M_PI * fmod(x, 1.0)); break;
                    case 0: ref = cos(2 * M_PI * fmod(x, 1.0)); break;
                    default: ref = tanh(x); break;
                    }
                    if (isnan(ref) || (isinf(x) && (fns[k].fn == 0 || fns[k].fn == 1))) {
                        g_assert_true(isnan(got));
                    } else if (isinf(ref) || ref == 0 || fabsf((float)ref) < FLT_MIN) {
                        /* exact at infinities and zeros; FTZ below the normals */
                        g_assert_cmpfloat(got, ==, fabsf((float)ref) < FLT_MIN ?
                                          copysign(0, ref) : ref);
                    } else {
                        g_assert_cmpfloat_with_epsilon(got, ref, fabs(ref) * 2.5e-7 + 1e-7);
                    }
                }
            }
        }
        tsv_free(&f);
    }
    g_assert_cmpuint(g_hash_table_size(seen), >=, 6);
    g_hash_table_destroy(seen);
    nv_sm_test_warp_free(w);
    g_ptr_array_unref(files);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : "tests/sass";
    g_test_add_func("/sm/fp/corpus", test_corpus);
    g_test_add_func("/sm/fp/mufu", test_mufu);
    return g_test_run();
}
