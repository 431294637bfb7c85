/*
 * SM executors: fp32, fp64, fp16x2, conversions and MUFU.
 *
 * The host's IEEE arithmetic gives the hardware's results in round-to-
 * nearest; other rounding modes switch the host rounding mode around the
 * single operation. What the host does not do the same way is explicit:
 * flush-to-zero (.FTZ, and MUFU, which always flushes), .SAT, .FMZ, the
 * canonical NaN the SM returns, min/max NaN rules, conversions of NaN and
 * out-of-range values (0 and saturation: C conversions would be undefined).
 *
 * MUFU: SIN/COS take their argument in turns (the compiler multiplies by
 * 1/(2 pi) first); RCP64H/RSQ64H work on the high word of a double. The
 * model computes these correctly rounded (the hardware is within ~1-2 ulp;
 * correct rounding is inside that bound).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fenv.h>
#include <math.h>
#include "sm-internal.h"
#include "hw/nvidia/nv-f16.h"

#define LANES NV_SM_LANES
#define FOR_LANES(l) for (unsigned l = 0; l < LANES; l++)

#define NAN32   0x7fffffffu                 /* the SM's fp32 NaN */
#define NAN64   0x7fffffffffffffffull       /* the SM's fp64 NaN */
#define NAN16   0x7fffu

/* ---- rounding modes ---- */

static const int host_rounding[4] = { FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };

/* Switches the host rounding mode for a non-RN op; returns the mode to restore. */
static int round_begin(unsigned rnd)
{
    int old = fegetround();

    fesetround(host_rounding[rnd & 3]);
    return old;
}

static void round_end(int old)
{
    fesetround(old);
}

/* ---- fp32 ---- */

static inline uint32_t ftz32(uint32_t v)
{
    return (v & 0x7f800000u) == 0 ? v & 0x80000000u : v;
}

/* A float source with .ABS/.NEG applied (on the bits: also for NaNs). */
static const uint32_t *fsrc(NvSmWarp *w, const NvSassOperand *o, uint32_t tmp[LANES], bool ftz)
{
    const uint32_t *v = nv_sm_src(w, o, tmp);
    uint32_t clear = o->mods & NV_SASS_MOD_ABS ? 0x80000000u : 0;
    uint32_t flip = o->mods & NV_SASS_MOD_NEG ? 0x80000000u : 0;

    if (!clear && !flip && !ftz) {
        return v;
    }
    FOR_LANES(l) {
        uint32_t x = (v[l] & ~clear) ^ flip;

        tmp[l] = ftz ? ftz32(x) : x;
    }
    return tmp;
}

/* Result post-processing: NaN canonicalisation, .SAT, .FTZ. */
static inline uint32_t fres(float r, bool sat, bool ftz)
{
    uint32_t v;

    if (r != r) {
        return sat ? 0 : NAN32;
    }
    if (sat) {
        r = r < 0.0f ? 0.0f : r > 1.0f ? 1.0f : r;
        r = r == 0.0f ? 0.0f : r;   /* -0 saturates to +0 */
    }
    v = nv_bits_f32(r);
    return ftz ? ftz32(v) : v;
}

enum { F_ADD, F_MUL, F_FMA };

/* The plain (RN, no FTZ/SAT/FMZ) forms: straight loops the compiler vectorises. */
static inline uint32_t canon32(float v)
{
    return v != v ? NAN32 : nv_bits_f32(v);
}

__attribute__((target("fma")))
static void ffma_lanes_hw(const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *r)
{
    FOR_LANES(l) {
        r[l] = canon32(__builtin_fmaf(nv_f32_of(a[l]), nv_f32_of(b[l]), nv_f32_of(c[l])));
    }
}

static void ffma_lanes_sw(const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *r)
{
    FOR_LANES(l) {
        r[l] = canon32(fmaf(nv_f32_of(a[l]), nv_f32_of(b[l]), nv_f32_of(c[l])));
    }
}

static gpointer detect_fma(gpointer unused)
{
    __builtin_cpu_init();
    return GINT_TO_POINTER(__builtin_cpu_supports("fma") ? 2 : 1);
}

static bool fp32_plain(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, int op)
{
    static GOnce fma_once = G_ONCE_INIT;
    const NvSassModFloat *m = &in->mod.f;
    uint32_t ta[LANES], tb[LANES], tc[LANES], r[LANES];
    const uint32_t *a, *b;

    if (m->rnd || m->ftz || m->sat || m->fmz || (op == F_MUL && m->pdiv != 4)) {
        return false;
    }
    a = fsrc(w, &in->src[0], ta, false);
    b = fsrc(w, &in->src[1], tb, false);
    if (op == F_FMA) {
        const uint32_t *c = fsrc(w, &in->src[2], tc, false);

        if (GPOINTER_TO_INT(g_once(&fma_once, detect_fma, NULL)) == 2) {
            ffma_lanes_hw(a, b, c, r);
        } else {
            ffma_lanes_sw(a, b, c, r);
        }
    } else if (op == F_ADD) {
        FOR_LANES(l) {
            r[l] = canon32(nv_f32_of(a[l]) + nv_f32_of(b[l]));
        }
    } else {
        FOR_LANES(l) {
            r[l] = canon32(nv_f32_of(a[l]) * nv_f32_of(b[l]));
        }
    }
    nv_sm_write(w, in->dst.reg, r, mask);
    return true;
}

static void fp32_arith(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, int op)
{
    const NvSassModFloat *m = &in->mod.f;
    uint32_t ta[LANES], tb[LANES], tc[LANES], r[LANES];
    const uint32_t *a, *b, *c;
    int old;

    if (fp32_plain(w, in, mask, op)) {
        return;
    }
    a = fsrc(w, &in->src[0], ta, m->ftz);
    b = fsrc(w, &in->src[1], tb, m->ftz);
    c = op == F_FMA ? fsrc(w, &in->src[2], tc, m->ftz) : NULL;
    old = m->rnd ? round_begin(m->rnd) : 0;

    FOR_LANES(l) {
        float x = nv_f32_of(a[l]), y = nv_f32_of(b[l]), v;

        if (op != F_ADD && m->fmz && (x == 0.0f || y == 0.0f)) {
            /* .FMZ: zero times anything (Inf, NaN) is +0 */
            x = 0.0f;
            y = 0.0f;
        }
        switch (op) {
        case F_ADD:
            v = x + y;
            break;
        case F_MUL:
            /* the post-scale by a power of two is exact unless it leaves the range */
            v = ldexpf(x * y, (int)m->pdiv - 4);
            break;
        default:
            v = fmaf(x, y, nv_f32_of(c[l]));
            break;
        }
        r[l] = fres(v, m->sat, m->ftz);
    }
    if (m->rnd) {
        round_end(old);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_FADD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp32_arith(w, in, mask, F_ADD);
}

static void exec_FMUL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp32_arith(w, in, mask, F_MUL);
}

static void exec_FFMA(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp32_arith(w, in, mask, F_FMA);
}

static void exec_FSEL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], r[LANES], p = nv_sm_pred(w, in->psrc[0]);
    const uint32_t *a = fsrc(w, &in->src[0], ta, false), *b = fsrc(w, &in->src[1], tb, false);

    FOR_LANES(l) {
        r[l] = (p >> l) & 1 ? a[l] : b[l];
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* FMNMX: min when the predicate is true; a NaN loses to a number; -0 < +0. */
static void exec_FMNMX(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    bool ftz = in->mod.f.ftz;
    uint32_t ta[LANES], tb[LANES], r[LANES], p = nv_sm_pred(w, in->psrc[0]);
    const uint32_t *a = fsrc(w, &in->src[0], ta, ftz), *b = fsrc(w, &in->src[1], tb, ftz);

    FOR_LANES(l) {
        float x = nv_f32_of(a[l]), y = nv_f32_of(b[l]);
        bool is_min = (p >> l) & 1, x_less;

        if (x != x || y != y) {
            r[l] = x != x && y != y ? NAN32 : x != x ? b[l] : a[l];
            continue;
        }
        x_less = x < y || (x == y && (a[l] >> 31) > (b[l] >> 31));
        r[l] = x_less == is_min ? a[l] : b[l];
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* FSETP/DSETP/HSETP2 comparisons: 0 F, LT, EQ, LE, GT, NE, GE, NUM, NAN, LTU..GEU, T */
static bool fcmp(unsigned cmp, double x, double y)
{
    bool unord = x != x || y != y;
    bool lt = x < y, eq = x == y, gt = x > y;

    switch (cmp) {
    case 0: return false;
    case 1: return lt;
    case 2: return eq;
    case 3: return lt || eq;
    case 4: return gt;
    case 5: return lt || gt;
    case 6: return gt || eq;
    case 7: return !unord;
    case 8: return unord;
    case 9: return unord || lt;
    case 10: return unord || eq;
    case 11: return unord || lt || eq;
    case 12: return unord || gt;
    case 13: return unord || lt || gt;
    case 14: return unord || gt || eq;
    default: return true;
    }
}

static uint32_t bool_op(unsigned op, uint32_t a, uint32_t b)
{
    return op == NV_SASS_BOOL_AND ? a & b : op == NV_SASS_BOOL_OR ? a | b : a ^ b;
}

static void set_pair(NvSmWarp *w, const NvSassInsn *in, uint32_t r, uint32_t mask)
{
    uint32_t acc = nv_sm_pred(w, in->psrc[0]);

    nv_sm_set_pred(w, in->pdst[0], bool_op(in->mod.f.bool_op, r, acc), mask);
    nv_sm_set_pred(w, in->pdst[1], bool_op(in->mod.f.bool_op, ~r, acc), mask);
}

/* FSET.BF: 1.0 where (a cmp b) bool Pacc holds, else 0.0 */
static void exec_FSET(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    bool ftz = in->mod.f.ftz;
    uint32_t ta[LANES], tb[LANES], r[LANES], acc = nv_sm_pred(w, in->psrc[0]), c = 0;
    const uint32_t *a = fsrc(w, &in->src[0], ta, ftz), *b = fsrc(w, &in->src[1], tb, ftz);

    FOR_LANES(l) {
        c |= (uint32_t)fcmp(in->mod.f.cmp, nv_f32_of(a[l]), nv_f32_of(b[l])) << l;
    }
    c = bool_op(in->mod.f.bool_op, c, acc);
    FOR_LANES(l) {
        r[l] = (c >> l) & 1 ? 0x3f800000u : 0;
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_FSETP(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    bool ftz = in->mod.f.ftz;
    uint32_t ta[LANES], tb[LANES], r = 0;
    const uint32_t *a = fsrc(w, &in->src[0], ta, ftz), *b = fsrc(w, &in->src[1], tb, ftz);

    FOR_LANES(l) {
        r |= (uint32_t)fcmp(in->mod.f.cmp, nv_f32_of(a[l]), nv_f32_of(b[l])) << l;
    }
    set_pair(w, in, r, mask);
}

/*
 * FCHK: true when a / b must take the full-range division path: the fast
 * reciprocal-based sequence is only exact for finite, normal operands whose
 * quotient stays well inside the normal range.
 */
static bool fchk_slow(float a, float b)
{
    int ea, eb;

    if (!isfinite(a) || !isfinite(b) || b == 0.0f || fpclassify(b) == FP_SUBNORMAL ||
        fpclassify(a) == FP_SUBNORMAL) {
        return true;
    }
    if (a == 0.0f) {
        return false;
    }
    frexpf(a, &ea);
    frexpf(b, &eb);
    return ea - eb >= 126 || ea - eb <= -126 || eb >= 126 || eb <= -125;
}

static void exec_FCHK(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], r = 0;
    const uint32_t *a = fsrc(w, &in->src[0], ta, false), *b = fsrc(w, &in->src[1], tb, false);

    FOR_LANES(l) {
        r |= (uint32_t)fchk_slow(nv_f32_of(a[l]), nv_f32_of(b[l])) << l;
    }
    nv_sm_set_pred(w, in->pdst[0], r, mask);
}

/* ---- MUFU ---- */

enum { MUFU_COS, MUFU_SIN, MUFU_EX2, MUFU_LG2, MUFU_RCP, MUFU_RSQ, MUFU_RCP64H,
       MUFU_RSQ64H, MUFU_SQRT, MUFU_TANH };

static float mufu32(unsigned fn, float x)
{
    switch (fn) {
    case MUFU_COS:
        return isinf(x) ? NAN : (float)cos(2.0 * M_PI * fmod((double)x, 1.0));
    case MUFU_SIN:
        return isinf(x) ? NAN : (float)sin(2.0 * M_PI * fmod((double)x, 1.0));
    case MUFU_EX2:
        return exp2f(x);
    case MUFU_LG2:
        return log2f(x);
    case MUFU_RCP:
        return 1.0f / x;
    case MUFU_RSQ:
        return (float)(1.0 / sqrt((double)x));
    case MUFU_SQRT:
        return sqrtf(x);
    default:
        return tanhf(x);
    }
}

static void exec_MUFU(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    unsigned fn = in->mod.f.mufu;
    uint32_t ta[LANES], r[LANES];
    const uint32_t *a = fsrc(w, &in->src[0], ta, fn != MUFU_RCP64H && fn != MUFU_RSQ64H);

    FOR_LANES(l) {
        if (fn == MUFU_RCP64H || fn == MUFU_RSQ64H) {
            double x = nv_f64_of((uint64_t)a[l] << 32);
            double v = fn == MUFU_RCP64H ? 1.0 / x : 1.0 / sqrt(x);

            r[l] = v != v ? (uint32_t)(NAN64 >> 32) : (uint32_t)(nv_bits_f64(v) >> 32);
        } else {
            float v = mufu32(fn, nv_f32_of(a[l]));

            r[l] = v != v ? NAN32 : ftz32(nv_bits_f32(v));
        }
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- fp64 ---- */

/* The 64-bit source in lane l: register pair, constant pair, or imm as the high word. */
static void dsrc(NvSmWarp *w, const NvSassOperand *o, uint64_t out[LANES])
{
    uint32_t tlo[LANES], thi[LANES];
    const uint32_t *lo, *hi;
    uint64_t clear = o->mods & NV_SASS_MOD_ABS ? 1ull << 63 : 0;
    uint64_t flip = o->mods & NV_SASS_MOD_NEG ? 1ull << 63 : 0;

    if (o->kind == NV_SASS_OPND_IMM) {
        FOR_LANES(l) {
            out[l] = (((uint64_t)o->imm << 32) & ~clear) ^ flip;
        }
        return;
    }
    lo = nv_sm_src(w, o, tlo);
    hi = nv_sm_src_hi(w, o, thi);
    FOR_LANES(l) {
        out[l] = (((uint64_t)hi[l] << 32 | lo[l]) & ~clear) ^ flip;
    }
}

static void put64(NvSmWarp *w, unsigned reg, const uint64_t v[LANES], uint32_t mask)
{
    uint32_t lo[LANES], hi[LANES];

    FOR_LANES(l) {
        lo[l] = (uint32_t)v[l];
        hi[l] = (uint32_t)(v[l] >> 32);
    }
    nv_sm_write(w, reg, lo, mask);
    nv_sm_write(w, reg == NV_SASS_RZ ? NV_SASS_RZ : reg + 1u, hi, mask);
}

static void fp64_arith(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, int op)
{
    uint64_t a[LANES], b[LANES], c[LANES], r[LANES];
    int old = in->mod.f.rnd ? round_begin(in->mod.f.rnd) : 0;

    dsrc(w, &in->src[0], a);
    dsrc(w, &in->src[1], b);
    if (op == F_FMA) {
        dsrc(w, &in->src[2], c);
    }
    FOR_LANES(l) {
        double x = nv_f64_of(a[l]), y = nv_f64_of(b[l]);
        double v = op == F_ADD ? x + y : op == F_MUL ? x * y : fma(x, y, nv_f64_of(c[l]));

        r[l] = v != v ? NAN64 : nv_bits_f64(v);
    }
    if (in->mod.f.rnd) {
        round_end(old);
    }
    put64(w, in->dst.reg, r, mask);
}

static void exec_DADD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp64_arith(w, in, mask, F_ADD);
}

static void exec_DMUL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp64_arith(w, in, mask, F_MUL);
}

static void exec_DFMA(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp64_arith(w, in, mask, F_FMA);
}

/*
 * DSETP. Comparison codes 0 and 15 print as MIN and MAX: the halves of
 * fmin/fmax on doubles. ptxas lowers fmin(a, b) to DSETP.MIN P0, P1, a, b
 * then selects a when P0 (else b) and, when P1, quiets b's NaN: so P0 means
 * "a is the result" (IEEE minNum: a NaN loses, -0 < +0) and P1 "both NaN".
 */
static void exec_DSETP(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint64_t a[LANES], b[LANES];
    uint32_t r = 0, nan2 = 0, acc;
    unsigned cmp = in->mod.f.cmp;

    dsrc(w, &in->src[0], a);
    dsrc(w, &in->src[1], b);
    if (cmp != 0 && cmp != 15) {
        FOR_LANES(l) {
            r |= (uint32_t)fcmp(cmp, nv_f64_of(a[l]), nv_f64_of(b[l])) << l;
        }
        set_pair(w, in, r, mask);
        return;
    }
    FOR_LANES(l) {
        double x = nv_f64_of(a[l]), y = nv_f64_of(b[l]);
        bool take_a;

        if (x != x) {
            take_a = false;
        } else if (y != y) {
            take_a = true;
        } else if (x == y) {
            take_a = (a[l] >> 63) == (cmp == 0);    /* min prefers -0, max +0 */
        } else {
            take_a = cmp == 0 ? x < y : x > y;
        }
        r |= (uint32_t)take_a << l;
        nan2 |= (uint32_t)(x != x && y != y) << l;
    }
    acc = nv_sm_pred(w, in->psrc[0]);
    nv_sm_set_pred(w, in->pdst[0], bool_op(in->mod.f.bool_op, r, acc), mask);
    nv_sm_set_pred(w, in->pdst[1], bool_op(in->mod.f.bool_op, nan2, acc), mask);
}

/* ---- fp16x2 ---- */

static inline uint16_t ftz16(uint16_t h)
{
    return (h & 0x7c00) == 0 ? h & 0x8000 : h;
}

/* Source o as two values (halves after swizzle, or an fp32 for .F32), lane l. */
static void hsrc(NvSmWarp *w, const NvSassOperand *o, bool ftz, double out[2][LANES])
{
    uint32_t t[LANES];
    const uint32_t *v = nv_sm_src(w, o, t);

    FOR_LANES(l) {
        for (unsigned i = 0; i < 2; i++) {
            double x;

            if (o->mods & NV_SASS_MOD_F32) {
                x = nv_f32_of(v[l]);
            } else {
                unsigned half = o->mods & NV_SASS_MOD_H0_H0 ? 0 :
                                o->mods & NV_SASS_MOD_H1_H1 ? 1 : i;
                uint16_t h = (uint16_t)(v[l] >> (16 * half));

                x = nv_f16_to_f32(ftz ? ftz16(h) : h);
            }
            if (o->mods & NV_SASS_MOD_ABS) {
                x = fabs(x);
            }
            out[i][l] = o->mods & NV_SASS_MOD_NEG ? -x : x;
        }
    }
}

static uint16_t hres(double v, bool sat, bool ftz)
{
    uint16_t h;

    if (v != v) {
        return sat ? 0 : NAN16;
    }
    if (sat) {
        v = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
        v = v == 0.0 ? 0.0 : v;
    }
    h = nv_f64_to_f16(v);
    return ftz ? ftz16(h) : h;
}

static void fp16_arith(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, int op)
{
    const NvSassModFloat *m = &in->mod.f;
    double a[2][LANES], b[2][LANES], c[2][LANES];
    uint32_t r[LANES];

    hsrc(w, &in->src[0], m->ftz, a);
    hsrc(w, &in->src[1], m->ftz, b);
    if (op == F_FMA) {
        hsrc(w, &in->src[2], m->ftz, c);
    }
    FOR_LANES(l) {
        double v[2];

        for (unsigned i = 0; i < 2; i++) {
            double x = a[i][l], y = b[i][l];

            if (op != F_ADD && m->fmz && (x == 0.0 || y == 0.0)) {
                x = y = 0.0;
            }
            /* products of halves are exact in double; the sum rounds once */
            v[i] = op == F_ADD ? x + y : op == F_MUL ? x * y : fma(x, y, c[i][l]);
        }
        if (m->f32) {
            r[l] = fres((float)v[0], m->sat, m->ftz);
        } else {
            r[l] = hres(v[0], m->sat, m->ftz) | (uint32_t)hres(v[1], m->sat, m->ftz) << 16;
        }
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_HADD2(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp16_arith(w, in, mask, F_ADD);
}

static void exec_HMUL2(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp16_arith(w, in, mask, F_MUL);
}

/* ---- tensor cores ---- */

/*
 * HMMA.1688: D(16x8) = A(16x8) * B(8x8) + C, over the whole warp. Lane l
 * (group g = l / 4, t = l % 4) holds A[g][2t..2t+1] and A[g+8][2t..2t+1]
 * (two fp16x2 registers), B[2t..2t+1][g] (one), and C/D rows g and g+8 at
 * columns 2t..2t+1: four fp32 registers (.F32) or two fp16x2. fp16 products
 * are exact in double; each result is rounded once.
 */
static void exec_HMMA(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    unsigned nc = in->mod.f.f32 ? 4 : 2;
    const uint32_t *ra[2], *rb = nv_sm_rrow(w, in->src[1].reg), *rc[4];
    double a[16][8], b[8][8], c[16][8];
    uint32_t out[4][NV_SM_LANES];

    if (!mask) {
        return;
    }
    for (unsigned r = 0; r < 2; r++) {
        ra[r] = nv_sm_rrow(w, in->src[0].reg + r);
    }
    for (unsigned r = 0; r < nc; r++) {
        rc[r] = nv_sm_rrow(w, in->src[2].reg + r);
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        unsigned g = l / 4, t = l % 4;

        for (unsigned h = 0; h < 2; h++) {
            a[g][2 * t + h] = nv_f16_to_f32((uint16_t)(ra[0][l] >> (16 * h)));
            a[g + 8][2 * t + h] = nv_f16_to_f32((uint16_t)(ra[1][l] >> (16 * h)));
            b[2 * t + h][g] = nv_f16_to_f32((uint16_t)(rb[l] >> (16 * h)));
            c[g][2 * t + h] = nc == 4 ? nv_f32_of(rc[h][l])
                                      : nv_f16_to_f32((uint16_t)(rc[0][l] >> (16 * h)));
            c[g + 8][2 * t + h] = nc == 4 ? nv_f32_of(rc[2 + h][l])
                                          : nv_f16_to_f32((uint16_t)(rc[1][l] >> (16 * h)));
        }
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        unsigned g = l / 4, t = l % 4;

        for (unsigned half = 0; half < 2; half++) {         /* rows g, g + 8 */
            for (unsigned h = 0; h < 2; h++) {              /* columns 2t, 2t + 1 */
                unsigned i = g + 8 * half, j = 2 * t + h;
                double sum = c[i][j];

                for (unsigned k = 0; k < 8; k++) {
                    sum += a[i][k] * b[k][j];
                }
                if (nc == 4) {
                    out[2 * half + h][l] = nv_bits_f32((float)sum);
                } else if (h == 0) {
                    out[half][l] = nv_f64_to_f16(sum);
                } else {
                    out[half][l] |= (uint32_t)nv_f64_to_f16(sum) << 16;
                }
            }
        }
    }
    for (unsigned r = 0; r < nc; r++) {
        nv_sm_write(w, in->dst.reg + r, out[r], mask);
    }
}

/* One byte of an IMMA source, signed or not. */
/*
 * FSWZADD: lane l computes A + B, A - B, B - A or B (its quad position's
 * entry), in fp32 with round to nearest; the partner values come in by a
 * SHFL first, as ptxas and the compilers arrange.
 */
static void exec_FSWZADD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModFloat *m = &in->mod.f;
    uint32_t ta[LANES], tb[LANES], r[LANES];
    const uint32_t *a = fsrc(w, &in->src[0], ta, m->ftz), *b = fsrc(w, &in->src[1], tb, m->ftz);

    for (unsigned l = 0; l < LANES; l++) {
        float x = nv_f32_of(a[l]), y = nv_f32_of(b[l]), v;

        switch ((m->swz >> (6 - 2 * (l % 4))) & 3) {
        case 0:
            v = x + y;
            break;
        case 1:
            v = x - y;
            break;
        case 2:
            v = y - x;
            break;
        default:
            v = y;
            break;
        }
        r[l] = fres(v, false, m->ftz);
    }
    if (mask) {
        nv_sm_write(w, in->dst.reg, r, mask);
    }
}

static void exec_HFMA2(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    fp16_arith(w, in, mask, F_FMA);
}

/* Per-half comparison results as two lane masks. */
static void hcmp(NvSmWarp *w, const NvSassInsn *in, uint32_t res[2])
{
    double a[2][LANES], b[2][LANES];

    hsrc(w, &in->src[0], in->mod.f.ftz, a);
    hsrc(w, &in->src[1], in->mod.f.ftz, b);
    res[0] = res[1] = 0;
    FOR_LANES(l) {
        for (unsigned i = 0; i < 2; i++) {
            res[i] |= (uint32_t)fcmp(in->mod.f.cmp, a[i][l], b[i][l]) << l;
        }
    }
}

static void exec_HSETP2(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModFloat *m = &in->mod.f;
    uint32_t res[2], acc = nv_sm_pred(w, in->psrc[0]);

    hcmp(w, in, res);
    if (m->h_and) {
        set_pair(w, in, res[0] & res[1], mask);
        return;
    }
    nv_sm_set_pred(w, in->pdst[0], bool_op(m->bool_op, res[0], acc), mask);
    nv_sm_set_pred(w, in->pdst[1], bool_op(m->bool_op, res[1], acc), mask);
}

static void exec_HSET2(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModFloat *m = &in->mod.f;
    uint32_t res[2], acc = nv_sm_pred(w, in->psrc[0]), r[LANES];
    uint32_t one = m->bf ? 0x3c00 : 0xffff;

    hcmp(w, in, res);
    res[0] = bool_op(m->bool_op, res[0], acc);
    res[1] = bool_op(m->bool_op, res[1], acc);
    FOR_LANES(l) {
        r[l] = ((res[0] >> l) & 1 ? one : 0) | ((res[1] >> l) & 1 ? one : 0) << 16;
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- conversions ---- */

/* A float source of log2 size bytes (1: f16, 2: f32, 3: f64) as a double. */
static void cvt_fsrc(NvSmWarp *w, const NvSassInsn *in, double out[LANES])
{
    const NvSassOperand *o = &in->src[0];
    unsigned size = in->mod.cvt.src_bytes;
    bool ftz = in->mod.cvt.ftz;

    if (size == 3) {
        uint64_t v[LANES];

        dsrc(w, o, v);
        FOR_LANES(l) {
            out[l] = nv_f64_of(v[l]);
        }
        return;
    }
    {
        uint32_t t[LANES];
        const uint32_t *v = fsrc(w, o, t, ftz && size == 2);

        FOR_LANES(l) {
            out[l] = size == 2 ? nv_f32_of(v[l]) : nv_f16_to_f32(ftz ? ftz16((uint16_t)v[l]) :
                                                            (uint16_t)v[l]);
        }
        if (size != 2 && o->mods & (NV_SASS_MOD_NEG | NV_SASS_MOD_ABS)) {
            /* fsrc applied the modifiers at bit 31; halves need them at bit 15 */
            const uint32_t *raw = nv_sm_src(w, o, t);

            FOR_LANES(l) {
                double x = nv_f16_to_f32((uint16_t)raw[l]);

                x = o->mods & NV_SASS_MOD_ABS ? fabs(x) : x;
                out[l] = o->mods & NV_SASS_MOD_NEG ? -x : x;
            }
        }
    }
}

/* Rounds x to an integral value by mode (RN even, RM floor, RP ceil, RZ trunc). */
static double round_int(double x, unsigned rnd)
{
    switch (rnd) {
    case NV_SASS_RM: return floor(x);
    case NV_SASS_RP: return ceil(x);
    case NV_SASS_RZ_ROUND: return trunc(x);
    default: return nearbyint(x);   /* the default host mode: to nearest even */
    }
}

/* F2I: NaN gives 0, out of range saturates (C casts would be undefined). */
static void exec_F2I(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModCvt *m = &in->mod.cvt;
    double x[LANES];
    uint64_t r[LANES];
    unsigned bits = 8u << m->dst_bytes;
    double lo = m->dst_signed ? -ldexp(1.0, (int)bits - 1) : 0.0;
    double hi = m->dst_signed ? ldexp(1.0, (int)bits - 1) : ldexp(1.0, (int)bits);

    cvt_fsrc(w, in, x);
    FOR_LANES(l) {
        double v = round_int(x[l], m->rnd);
        int64_t iv;

        if (v != v) {
            iv = 0;
        } else if (v < lo) {
            iv = m->dst_signed ? (int64_t)lo : 0;
        } else if (v >= hi) {
            r[l] = m->dst_signed ? (uint64_t)((1ull << (bits - 1)) - 1)
                                 : (bits == 64 ? UINT64_MAX : (1ull << bits) - 1);
            continue;
        } else {
            iv = m->dst_signed ? (int64_t)v : (int64_t)(uint64_t)v;
        }
        r[l] = (uint64_t)iv;
    }
    if (bits == 64) {
        put64(w, in->dst.reg, r, mask);
    } else {
        uint32_t r32[LANES];

        FOR_LANES(l) {
            r32[l] = (uint32_t)r[l];
        }
        nv_sm_write(w, in->dst.reg, r32, mask);
    }
}

/* Writes doubles as floats of log2 size bytes (1, 2, 3) in the current rounding mode. */
static void put_float(NvSmWarp *w, const NvSassInsn *in, const double v[LANES],
                      unsigned size, bool ftz, uint32_t mask)
{
    uint32_t r[LANES];

    if (size == 3) {
        uint64_t r64[LANES];

        FOR_LANES(l) {
            r64[l] = v[l] != v[l] ? NAN64 : nv_bits_f64(v[l]);
        }
        put64(w, in->dst.reg, r64, mask);
        return;
    }
    FOR_LANES(l) {
        if (size == 2) {
            r[l] = fres((float)v[l], false, ftz);
        } else {
            r[l] = hres(v[l], false, ftz);
        }
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_I2F(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModCvt *m = &in->mod.cvt;
    uint32_t tlo[LANES], thi[LANES];
    const uint32_t *lo = nv_sm_src(w, &in->src[0], tlo);
    const uint32_t *hi = m->src_bytes == 3 ? nv_sm_src_hi(w, &in->src[0], thi) : NULL;
    double v[LANES];
    int old;

    if (m->dst_bytes == 1 && m->rnd != NV_SASS_RN) {
        nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, in->pc, false, 0);
        return;
    }
    old = round_begin(m->rnd);
    FOR_LANES(l) {
        uint64_t x = hi ? (uint64_t)hi[l] << 32 | lo[l] : lo[l] >> (m->src_sel << (3 + m->src_bytes));

        /* 8/16-bit sources (the selected byte or half): extend to 32 bits */
        if (m->src_bytes == 0) {
            x = m->src_signed ? (uint32_t)(int8_t)x : (uint8_t)x;
        } else if (m->src_bytes == 1) {
            x = m->src_signed ? (uint32_t)(int16_t)x : (uint16_t)x;
        }
        /* convert straight to the target width so there is one rounding */
        if (m->dst_bytes == 2) {
            v[l] = m->src_signed ? (float)(hi ? (int64_t)x : (int32_t)x) : (float)x;
        } else if (m->dst_bytes == 3) {
            v[l] = m->src_signed ? (double)(hi ? (int64_t)x : (int32_t)x) : (double)x;
        } else {
            v[l] = m->src_signed ? (double)(hi ? (int64_t)x : (int32_t)x) : (double)x;
        }
    }
    round_end(old);
    put_float(w, in, v, m->dst_bytes, false, mask);
}

static void exec_F2F(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModCvt *m = &in->mod.cvt;
    double x[LANES], v[LANES];
    int old;

    if (m->src_bytes == m->dst_bytes || (m->dst_bytes == 1 && m->rnd != NV_SASS_RN)) {
        nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, in->pc, false, 0);
        return;
    }
    cvt_fsrc(w, in, x);
    old = round_begin(m->rnd);
    FOR_LANES(l) {
        v[l] = m->dst_bytes == 2 ? (double)(float)x[l] : x[l];
    }
    round_end(old);
    put_float(w, in, v, m->dst_bytes, m->ftz, mask);
}

static void exec_FRND(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModCvt *m = &in->mod.cvt;
    double x[LANES], v[LANES];

    cvt_fsrc(w, in, x);
    FOR_LANES(l) {
        v[l] = round_int(x[l], m->rnd);
    }
    put_float(w, in, v, m->dst_bytes, m->ftz, mask);
}

/* ---- executors by opcode (exec-table.c) ---- */

NV_SM_EXECUTOR(FADD, exec_FADD)
NV_SM_EXECUTOR(FMUL, exec_FMUL)
NV_SM_EXECUTOR(FFMA, exec_FFMA)
NV_SM_EXECUTOR(FSEL, exec_FSEL)
NV_SM_EXECUTOR(FMNMX, exec_FMNMX)
NV_SM_EXECUTOR(FSET, exec_FSET)
NV_SM_EXECUTOR(FSETP, exec_FSETP)
NV_SM_EXECUTOR(FCHK, exec_FCHK)
NV_SM_EXECUTOR(MUFU, exec_MUFU)
NV_SM_EXECUTOR(DADD, exec_DADD)
NV_SM_EXECUTOR(DMUL, exec_DMUL)
NV_SM_EXECUTOR(DFMA, exec_DFMA)
NV_SM_EXECUTOR(DSETP, exec_DSETP)
NV_SM_EXECUTOR(HADD2, exec_HADD2)
NV_SM_EXECUTOR(HMUL2, exec_HMUL2)
NV_SM_EXECUTOR(HFMA2, exec_HFMA2)
NV_SM_EXECUTOR(HMMA, exec_HMMA)
NV_SM_EXECUTOR(FSWZADD, exec_FSWZADD)
NV_SM_EXECUTOR(HSET2, exec_HSET2)
NV_SM_EXECUTOR(HSETP2, exec_HSETP2)
NV_SM_EXECUTOR(F2I, exec_F2I)
NV_SM_EXECUTOR(I2F, exec_I2F)
NV_SM_EXECUTOR(F2F, exec_F2F)
NV_SM_EXECUTOR(FRND, exec_FRND)
