/*
 * Integer / predicate / uniform executors (exec-int.c) against an
 * independent reference: every corpus encoding of these opcodes is decoded,
 * run on a test warp whose registers, uniform registers, predicates and
 * constant banks hold random and boundary values, under a partial guard
 * mask, and the whole warp state is compared with the reference's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "sass-tsv.h"
#include "../../hw/nvidia/sm/sm-internal.h"

static const char *corpus_dir;

typedef struct State {
    uint32_t r[256][NV_SM_LANES];      /* row 255 = RZ (always 0) */
    uint32_t ur[64];                   /* 63 = URZ */
    uint32_t p[8];
    uint8_t up;
} State;

#define CBUF_BYTES 0x10000u
static uint8_t *cbufs[NV_SM_CBUF_BANKS];

static void state_get(NvSmWarp *w, State *s)
{
    memset(s, 0, sizeof(*s));
    for (unsigned i = 0; i < 255; i++) {
        memcpy(s->r[i], w->r[i], sizeof(s->r[i]));
    }
    memcpy(s->ur, w->ur, 63 * sizeof(uint32_t));
    memcpy(s->p, w->p, 7 * sizeof(uint32_t));
    s->p[7] = UINT32_MAX;
    s->up = w->up | 0x80;
}

/* ---- the reference: operands ---- */

static uint32_t cb_read(unsigned bank, uint32_t off)
{
    uint32_t v;

    if (bank >= NV_SM_CBUF_BANKS || off > CBUF_BYTES - 4) {
        return 0;
    }
    memcpy(&v, cbufs[bank] + (off & ~3u), 4);
    return GUINT32_FROM_LE(v);
}

static uint32_t ref_ur(const State *s, unsigned i)
{
    return i < 63 ? s->ur[i] : 0;
}

static uint32_t ref_reg(const State *s, unsigned i, unsigned lane)
{
    return i < 255 ? s->r[i][lane] : 0;
}

static uint32_t ref_src(const State *s, const NvSassOperand *o, unsigned lane, bool high)
{
    switch (o->kind) {
    case NV_SASS_OPND_REG:
        return o->reg == 255 ? 0 : ref_reg(s, o->reg + high, lane);
    case NV_SASS_OPND_UREG:
        return o->reg == 63 ? 0 : ref_ur(s, o->reg + high);
    case NV_SASS_OPND_IMM:
        return high ? 0 : o->imm;
    case NV_SASS_OPND_CBUF:
        /* cx[URn]: a bindless buffer; run_one gives it a handle of size 0 (reads 0) */
        return o->mods & NV_SASS_MOD_CX ? 0 : cb_read(o->reg, o->imm + (high ? 4 : 0));
    default:
        g_assert_not_reached();
    }
}

static bool ref_pred(const State *s, NvSassPred p, unsigned lane)
{
    bool v;

    if (p.uniform) {
        v = p.index == 7 || ((s->up >> p.index) & 1);
    } else {
        v = p.index == 7 || ((s->p[p.index] >> lane) & 1);
    }
    return v != p.negate;
}

static void ref_setp(State *s, NvSassPred p, unsigned lane, bool v)
{
    if (p.index >= 7) {
        return;
    }
    if (p.uniform) {
        s->up = (uint8_t)((s->up & ~(1u << p.index)) | ((unsigned)v << p.index));
    } else {
        s->p[p.index] = (s->p[p.index] & ~(1u << lane)) | ((uint32_t)v << lane);
    }
}

static void ref_setr(State *s, const NvSassInsn *in, unsigned off, unsigned lane, uint32_t v)
{
    unsigned r = in->dst.reg + off;

    if (in->uniform) {
        if (in->dst.reg != 63 && r < 63) {
            s->ur[r] = v;
        }
    } else if (in->dst.reg != 255 && r < 255) {
        s->r[r][lane] = v;
    }
}

/* ---- the reference: semantics (written independently of exec-int.c) ---- */

static bool ref_cmp(unsigned cmp, bool sgn, bool ex, uint32_t a, uint32_t b, bool low)
{
    int64_t x = sgn ? (int64_t)(int32_t)a : (int64_t)a;
    int64_t y = sgn ? (int64_t)(int32_t)b : (int64_t)b;

    if (ex && a == b) {
        return low;
    }
    switch (cmp) {
    case 0: return false;
    case 1: return x < y;
    case 2: return x == y;
    case 3: return x <= y;
    case 4: return x > y;
    case 5: return x != y;
    case 6: return x >= y;
    default: return true;
    }
}

static bool ref_bool(unsigned op, bool t, bool acc)
{
    switch (op) {
    case 0: return t && acc;
    case 1: return t || acc;
    default: return t != acc;
    }
}

static uint32_t ref_lut(unsigned lut, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 0;

    for (unsigned bit = 0; bit < 32; bit++) {
        unsigned idx = ((a >> bit) & 1) << 2 | ((b >> bit) & 1) << 1 | ((c >> bit) & 1);

        r |= ((lut >> idx) & 1u) << bit;
    }
    return r;
}

static uint32_t ref_shf(const NvSassModIntAlu *m, uint32_t lo, uint32_t sh, uint32_t hi)
{
    bool is64 = m->shf_type < 2, sgn = m->shf_type == 0 || m->shf_type == 2;
    uint32_t width = is64 ? 64 : 32;
    uint32_t n = m->wrap ? sh % width : MIN(sh, width);
    __int128 v = sgn ? (__int128)(int64_t)((uint64_t)hi << 32 | lo) :
                       (__int128)((uint64_t)hi << 32 | lo);

    /* 128-bit arithmetic: shifts up to 64 are well defined */
    v = m->right ? v >> n : (__int128)((unsigned __int128)v << n);
    return m->hi ? (uint32_t)((unsigned __int128)v >> 32) : (uint32_t)v;
}

static uint32_t ref_prmt(unsigned mode, uint32_t a, uint32_t sel, uint32_t b)
{
    uint8_t bytes[8];
    uint32_t r = 0;

    for (unsigned i = 0; i < 4; i++) {
        bytes[i] = a >> (8 * i);
        bytes[4 + i] = b >> (8 * i);
    }
    for (unsigned i = 0; i < 4; i++) {
        unsigned idx, k = sel & 3;
        uint8_t v;

        switch (mode) {
        case 0:
            idx = (sel >> (4 * i)) & 0xf;
            v = bytes[idx & 7];
            if (idx & 8) {
                v = (v & 0x80) ? 0xff : 0;
            }
            r |= (uint32_t)v << (8 * i);
            continue;
        case 1: idx = (k + i) & 7; break;                       /* F4E */
        case 2: idx = (k - i) & 7; break;                       /* B4E */
        case 3: idx = k; break;                                 /* RC8 */
        case 4: idx = MAX(i, k); break;                         /* ECL */
        case 5: idx = MIN(i, k); break;                         /* ECR */
        default: idx = (k & 1) * 2 + (i & 1); break;            /* RC16 */
        }
        r |= (uint32_t)bytes[idx] << (8 * i);
    }
    return r;
}

static uint32_t ref_flo(bool sgn, bool sh, uint32_t x)
{
    int pos = -1;

    for (int i = 31; i >= 0; i--) {
        bool bit = (x >> i) & 1;
        bool sign = sgn && (x >> 31);

        if (bit != sign) {
            pos = i;
            break;
        }
    }
    if (pos < 0) {
        return UINT32_MAX;
    }
    return sh ? 31 - pos : pos;
}

static uint32_t ref_sgxt(bool sgn, bool wrap, uint32_t a, uint32_t b)
{
    uint32_t n = wrap ? b % 32 : MIN(b, 32);
    uint64_t low;

    if (n == 0 && wrap) {
        return 0;
    }
    if (n == 0) {
        return 0;
    }
    if (n == 32) {
        return a;
    }
    low = a & ((1u << n) - 1);
    if (sgn && ((low >> (n - 1)) & 1)) {
        low |= ~((1ull << n) - 1);
    }
    return (uint32_t)low;
}

static uint32_t ref_bmsk(bool wrap, uint32_t a, uint32_t b)
{
    uint32_t pos = wrap ? a % 32 : a, width = wrap ? b % 32 : MIN(b, 32);
    uint64_t m;

    if (pos >= 32) {
        return 0;
    }
    m = ((1ull << width) - 1) << pos;
    return (uint32_t)m;
}

static uint32_t ref_i2i(unsigned bytes, bool sgn, uint32_t x)
{
    int64_t v = (int32_t)x, lo = sgn ? -(1ll << (8 * (bytes + 1) - 1)) : 0;
    int64_t hi = sgn ? (1ll << (8 * (bytes + 1) - 1)) - 1 : (1ll << (8 * (bytes + 1))) - 1;

    return (uint32_t)(v < lo ? lo : v > hi ? hi : v);
}

static uint32_t ref_idp(const NvSassModIntAlu *m, uint32_t a, uint32_t b, uint32_t c)
{
    int64_t acc = (int32_t)c;

    for (unsigned i = 0; i < (m->idp_4a ? 4u : 2u); i++) {
        int64_t x, y;
        unsigned bi = m->idp_4a ? i : i + (m->idp_hi ? 2 : 0);

        if (m->idp_4a) {
            x = m->is_signed ? (int8_t)(a >> (8 * i)) : (uint8_t)(a >> (8 * i));
        } else {
            x = m->is_signed ? (int16_t)(a >> (16 * i)) : (uint16_t)(a >> (16 * i));
        }
        y = m->b_signed ? (int8_t)(b >> (8 * bi)) : (uint8_t)(b >> (8 * bi));
        acc += x * y;
    }
    return (uint32_t)acc;
}

/* The modified value of an additive source: -x as ~x + 1 (65-bit exact). */
static unsigned __int128 ref_addend(const NvSassOperand *o, uint64_t v, unsigned bits)
{
    uint64_t m = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;

    if (o->mods & NV_SASS_MOD_NEG) {
        return (unsigned __int128)((~v) & m) + 1;
    }
    if (o->mods & NV_SASS_MOD_NOT) {
        return (~v) & m;
    }
    return v;
}

static uint32_t ref_pr(const State *s, unsigned lane)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < 7; i++) {
        v |= ((s->p[i] >> lane) & 1) << i;
    }
    return v;
}

/* Runs the reference for one lane (vector) or once (uniform, lane 0). */
static void ref_exec(State *s, const State *o, const NvSassInsn *in, unsigned l)
{
    const NvSassModIntAlu *m = &in->mod.i;
#define SRC(i) ref_src(o, &in->src[i], l, false)
#define SRCH(i) ref_src(o, &in->src[i], l, true)
#define PSRC(i) ref_pred(o, in->psrc[i], l)

    switch (in->opcode) {
    case NV_SASS_OP_MOV: case NV_SASS_OP_UMOV:
        /* MOV's quad lane mask: only lanes at a named position in their quad */
        if (in->opcode == NV_SASS_OP_UMOV || ((m->mov_mask >> (l % 4)) & 1)) {
            ref_setr(s, in, 0, l, SRC(0));
        }
        break;
    case NV_SASS_OP_SEL: case NV_SASS_OP_USEL:
        ref_setr(s, in, 0, l, PSRC(0) ? SRC(0) : SRC(1));
        break;
    case NV_SASS_OP_ISETP: case NV_SASS_OP_UISETP: {
        bool t = ref_cmp(m->cmp, m->is_signed, m->ex, SRC(0), SRC(1), m->ex && PSRC(1));

        ref_setp(s, in->pdst[0], l, ref_bool(m->bool_op, t, PSRC(0)));
        ref_setp(s, in->pdst[1], l, ref_bool(m->bool_op, !t, PSRC(0)));
        break;
    }
    case NV_SASS_OP_IADD3: case NV_SASS_OP_UIADD3: {
        unsigned __int128 sum = 0;

        for (unsigned i = 0; i < 3; i++) {
            sum += ref_addend(&in->src[i], SRC(i), 32);
        }
        if (m->x) {
            sum += PSRC(0) + PSRC(1);
        }
        ref_setr(s, in, 0, l, (uint32_t)sum);
        ref_setp(s, in->pdst[0], l, (sum >> 32) >= 1);
        ref_setp(s, in->pdst[1], l, (sum >> 32) >= 2);
        break;
    }
    case NV_SASS_OP_LEA: case NV_SASS_OP_ULEA: {
        uint32_t a = (uint32_t)ref_addend(&in->src[0], SRC(0), 32);
        uint32_t b = (uint32_t)ref_addend(&in->src[1], SRC(1), 32);
        uint64_t x = m->hi ? ((uint64_t)(m->is_signed ? (uint32_t)((int32_t)a >> 31) : SRC(2))
                              << 32 | a) : a;
        uint64_t sh = m->hi ? (x << m->shift) >> 32 : (uint32_t)(x << m->shift);
        uint64_t sum = sh + b + (m->x && PSRC(0));

        ref_setr(s, in, 0, l, (uint32_t)sum);
        ref_setp(s, in->pdst[0], l, sum >> 32);
        break;
    }
    case NV_SASS_OP_LOP3: case NV_SASS_OP_ULOP3: {
        uint32_t r = ref_lut(m->lut, SRC(0), SRC(1), SRC(2));

        ref_setr(s, in, 0, l, r);
        ref_setp(s, in->pdst[0], l, m->pand ? (r != 0 && PSRC(0)) : (r != 0 || PSRC(0)));
        break;
    }
    case NV_SASS_OP_PLOP3: case NV_SASS_OP_UPLOP3: {
        unsigned idx = PSRC(0) << 2 | PSRC(1) << 1 | PSRC(2);

        ref_setp(s, in->pdst[0], l, (m->lut >> idx) & 1);
        ref_setp(s, in->pdst[1], l, (m->lut2 >> idx) & 1);
        break;
    }
    case NV_SASS_OP_IABS: {
        int64_t v = (int32_t)SRC(0);

        ref_setr(s, in, 0, l, (uint32_t)(v < 0 ? -v : v));
        break;
    }
    case NV_SASS_OP_POPC: case NV_SASS_OP_UPOPC: {
        uint32_t v = SRC(0), n = 0;

        v = in->src[0].mods & NV_SASS_MOD_NOT ? ~v : v;
        for (unsigned i = 0; i < 32; i++) {
            n += (v >> i) & 1;
        }
        ref_setr(s, in, 0, l, n);
        break;
    }
    case NV_SASS_OP_BREV: case NV_SASS_OP_UBREV: {
        uint32_t v = SRC(0), r = 0;

        for (unsigned i = 0; i < 32; i++) {
            r |= ((v >> i) & 1) << (31 - i);
        }
        ref_setr(s, in, 0, l, r);
        break;
    }
    case NV_SASS_OP_FLO: case NV_SASS_OP_UFLO: {
        uint32_t v = SRC(0);

        v = in->src[0].mods & NV_SASS_MOD_NOT ? ~v : v;
        ref_setr(s, in, 0, l, ref_flo(m->is_signed, m->sh, v));
        break;
    }
    case NV_SASS_OP_PRMT: case NV_SASS_OP_UPRMT:
        ref_setr(s, in, 0, l, ref_prmt(m->prmt_mode, SRC(0), SRC(1), SRC(2)));
        break;
    case NV_SASS_OP_IMNMX: {
        uint32_t a = SRC(0), b = SRC(1);
        int64_t x = m->is_signed ? (int32_t)a : (int64_t)a;
        int64_t y = m->is_signed ? (int32_t)b : (int64_t)b;

        ref_setr(s, in, 0, l, PSRC(0) ? (x < y ? a : b) : (x > y ? a : b));
        break;
    }
    case NV_SASS_OP_SGXT: case NV_SASS_OP_USGXT:
        ref_setr(s, in, 0, l, ref_sgxt(m->is_signed, m->wrap, SRC(0), SRC(1)));
        break;
    case NV_SASS_OP_BMSK: case NV_SASS_OP_UBMSK:
        ref_setr(s, in, 0, l, ref_bmsk(m->wrap, SRC(0), SRC(1)));
        break;
    case NV_SASS_OP_SHF: case NV_SASS_OP_USHF:
        ref_setr(s, in, 0, l, ref_shf(m, SRC(0), SRC(1), SRC(2)));
        break;
    case NV_SASS_OP_IMAD: case NV_SASS_OP_UIMAD: {
        __int128 prod = m->is_signed ? (__int128)(int32_t)SRC(0) * (int32_t)SRC(1) :
                                       (__int128)SRC(0) * SRC(1);
        bool wide = m->wide || m->hi;
        uint64_t c = wide ? (uint64_t)SRCH(2) << 32 | SRC(2) : SRC(2);
        unsigned __int128 sum = (unsigned __int128)(uint64_t)prod +
                                ref_addend(&in->src[2], c, wide ? 64 : 32) +
                                (m->x && PSRC(0));

        if (m->wide) {
            ref_setr(s, in, 0, l, (uint32_t)sum);
            ref_setr(s, in, 1, l, (uint32_t)(sum >> 32));
        } else {
            ref_setr(s, in, 0, l, (uint32_t)(sum >> (m->hi ? 32 : 0)));
        }
        if (wide) {
            ref_setp(s, in->pdst[0], l, (sum >> 64) & 1);
        }
        break;
    }
    case NV_SASS_OP_IDP:
        ref_setr(s, in, 0, l, ref_idp(m, SRC(0), SRC(1),
                                      (uint32_t)ref_addend(&in->src[2], SRC(2), 32)));
        break;
    case NV_SASS_OP_P2R: {
        uint32_t sh = 8 * (m->prmt_mode & 3), msk = (SRC(1) & 0x7f) << sh;

        ref_setr(s, in, 0, l, (SRC(0) & ~msk) | ((ref_pr(o, l) << sh) & msk));
        break;
    }
    case NV_SASS_OP_R2P:
        for (unsigned i = 0; i < 7; i++) {
            if ((SRC(1) >> i) & 1) {
                ref_setp(s, (NvSassPred){ .index = i }, l,
                         (SRC(0) >> (8 * (m->prmt_mode & 3) + i)) & 1);
            }
        }
        break;
    case NV_SASS_OP_I2I:
        ref_setr(s, in, 0, l, ref_i2i(in->mod.cvt.dst_bytes, in->mod.cvt.dst_signed, SRC(0)));
        break;
    default:
        g_assert_not_reached();
    }
#undef SRC
#undef SRCH
#undef PSRC
}

/* ---- the driver ---- */

static bool is_int_op(unsigned op)
{
    switch (op) {
    case NV_SASS_OP_MOV: case NV_SASS_OP_SEL: case NV_SASS_OP_ISETP: case NV_SASS_OP_IADD3:
    case NV_SASS_OP_LEA: case NV_SASS_OP_LOP3: case NV_SASS_OP_IABS: case NV_SASS_OP_PRMT:
    case NV_SASS_OP_IMNMX: case NV_SASS_OP_SGXT: case NV_SASS_OP_SHF: case NV_SASS_OP_BMSK:
    case NV_SASS_OP_PLOP3: case NV_SASS_OP_IMAD: case NV_SASS_OP_IDP: case NV_SASS_OP_FLO:
    case NV_SASS_OP_BREV: case NV_SASS_OP_POPC: case NV_SASS_OP_P2R: case NV_SASS_OP_R2P:
    case NV_SASS_OP_I2I: case NV_SASS_OP_UMOV: case NV_SASS_OP_USEL: case NV_SASS_OP_UISETP:
    case NV_SASS_OP_UIADD3: case NV_SASS_OP_ULEA: case NV_SASS_OP_ULOP3: case NV_SASS_OP_UPRMT:
    case NV_SASS_OP_USHF: case NV_SASS_OP_USGXT: case NV_SASS_OP_UBMSK: case NV_SASS_OP_UPLOP3:
    case NV_SASS_OP_UIMAD: case NV_SASS_OP_UFLO: case NV_SASS_OP_UBREV: case NV_SASS_OP_UPOPC:
    case NV_SASS_OP_R2UR:
        return true;
    default:
        return false;
    }
}

static const uint32_t boundary[] = {
    0, 1, 2, 0xffffffff, 0x80000000, 0x7fffffff, 0x80000001, 0xfffffffe,
    31, 32, 33, 63, 64, 65, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
    0xffffff80, 0xffff8000, 0x55555555, 0xaaaaaaaa,
};

static uint32_t rnd_value(GRand *g)
{
    switch (g_rand_int_range(g, 0, 4)) {
    case 0:
        return boundary[g_rand_int_range(g, 0, G_N_ELEMENTS(boundary))];
    case 1:
        return g_rand_int_range(g, 0, 80);      /* shift counts, widths */
    default:
        return g_rand_int(g);
    }
}

static void randomize(NvSmWarp *w, GRand *g)
{
    for (unsigned i = 0; i < 255; i++) {
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            w->r[i][l] = rnd_value(g);
        }
        /* some rows warp-uniform so equal operands (ISETP.EX, MNMX) happen */
        if (g_rand_int_range(g, 0, 4) == 0) {
            for (unsigned l = 1; l < NV_SM_LANES; l++) {
                w->r[i][l] = w->r[i][0];
            }
        }
    }
    for (unsigned i = 0; i < 63; i++) {
        w->ur[i] = rnd_value(g);
    }
    /* a few equal pairs across rows/URs */
    for (unsigned k = 0; k < 8; k++) {
        unsigned a = g_rand_int_range(g, 0, 255), b = g_rand_int_range(g, 0, 255);

        memcpy(w->r[a], w->r[b], sizeof(w->r[a]));
        w->ur[a % 63] = w->ur[b % 63];
    }
    for (unsigned i = 0; i < 7; i++) {
        w->p[i] = g_rand_int(g);
    }
    w->up = (uint8_t)(g_rand_int(g) | 0x80);
}

/* A guard predicate the instruction does not otherwise use. */
static unsigned free_pred(const NvSassInsn *in)
{
    for (unsigned g = 6; g > 0; g--) {
        bool used = false;

        for (unsigned i = 0; i < in->n_psrc; i++) {
            used |= in->psrc[i].index == g;
        }
        used |= in->pdst[0].index == g || in->pdst[1].index == g;
        if (!used) {
            return g;
        }
    }
    return 0;
}

static unsigned n_words, n_runs, n_illegal;
static GHashTable *seen_ops;

static void run_one(NvSmWarp *w, GRand *g, uint64_t lo, uint64_t hi)
{
    NvSassInsn in;
    State before, after, expect;
    unsigned gp;
    uint32_t mask;
    bool vector_guard;

    g_assert_true(nv_sass_decode(lo, hi, 0, &in));
    gp = free_pred(&in);
    lo = (lo & ~UINT64_C(0xf000)) | (uint64_t)gp << 12;
    g_assert_true(nv_sass_decode(lo, hi, 0, &in));
    g_hash_table_add(seen_ops, GUINT_TO_POINTER(in.opcode));
    vector_guard = !in.uniform || in.opcode == NV_SASS_OP_R2UR;

    randomize(w, g);
    for (unsigned i = 0; i < in.n_src; i++) {
        if (in.src[i].kind == NV_SASS_OPND_CBUF && (in.src[i].mods & NV_SASS_MOD_CX)) {
            nv_sm_set_ureg(w, in.src[i].reg, 0);
            nv_sm_set_ureg(w, in.src[i].reg + 1u, 0);
        }
    }
    if (!vector_guard) {
        /* mostly executing; sometimes the uniform guard is false */
        if (g_rand_int_range(g, 0, 4)) {
            w->up |= 1u << gp;
        } else {
            w->up &= ~(1u << gp);
        }
    } else if (g_rand_int_range(g, 0, 8) == 0) {
        w->p[gp] = g_rand_boolean(g) ? 0 : UINT32_MAX;
    }
    w->active = NV_SM_ALL_LANES;
    w->pc = 0;
    state_get(w, &before);
    mask = vector_guard ? before.p[gp] : ((before.up >> gp) & 1 ? NV_SM_ALL_LANES : 0);
    expect = before;

    if ((in.opcode == NV_SASS_OP_FLO || in.opcode == NV_SASS_OP_UFLO ||
         in.opcode == NV_SASS_OP_R2UR) && in.pdst[0].index != NV_SASS_PT) {
        /* unknown predicate semantics: refused when executed */
        g_assert_true(nv_sm_test_exec(w, lo, hi));
        g_assert_cmpint(nv_sm_test_error(w), ==, mask ? NV_SM_ERR_ILLEGAL_INSN : NV_SM_OK);
        state_get(w, &after);
        g_assert_cmpmem(&after, sizeof(after), &expect, sizeof(expect));
        n_illegal++;
        return;
    }
    if (in.opcode == NV_SASS_OP_R2UR) {
        if (mask) {
            ref_setr(&expect, &in, 0, 0, ref_reg(&before, in.src[0].reg, __builtin_ctz(mask)));
        }
    } else if (in.uniform) {
        if (mask) {
            ref_exec(&expect, &before, &in, 0);
        }
    } else {
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            if ((mask >> l) & 1) {
                ref_exec(&expect, &before, &in, l);
            }
        }
    }
    g_assert_true(nv_sm_test_exec(w, lo, hi));
    g_assert_cmpint(nv_sm_test_error(w), ==, NV_SM_OK);
    state_get(w, &after);
    if (memcmp(&after, &expect, sizeof(after))) {
        char text[128];

        nv_sass_disasm(&in, text, sizeof(text));
        for (unsigned r = 0; r < 256; r++) {
            for (unsigned l = 0; l < NV_SM_LANES; l++) {
                if (after.r[r][l] != expect.r[r][l]) {
                    g_test_message("%s: R%u lane %u got %08x want %08x", text, r, l,
                                   after.r[r][l], expect.r[r][l]);
                    goto fail;
                }
            }
        }
        for (unsigned i = 0; i < 64; i++) {
            if (after.ur[i] != expect.ur[i]) {
                g_test_message("%s: UR%u got %08x want %08x", text, i, after.ur[i],
                               expect.ur[i]);
                goto fail;
            }
        }
        for (unsigned i = 0; i < 8; i++) {
            if (after.p[i] != expect.p[i]) {
                g_test_message("%s: P%u got %08x want %08x", text, i, after.p[i], expect.p[i]);
            }
        }
        if (after.up != expect.up) {
            g_test_message("%s: UP got %02x want %02x", text, after.up, expect.up);
        }
fail:
        g_test_fail();
    }
    n_runs++;
}

static void test_corpus(void)
{
    GPtrArray *files = tsv_list(corpus_dir);
    GHashTable *words = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
                                              (GDestroyNotify)g_bytes_unref, NULL);
    GRand *g = g_rand_new_with_seed(0x1e7);
    NvSmWarp *w = nv_sm_test_warp_new(32);

    g_assert_nonnull(w);
    g_assert_cmpuint(files->len, >, 0);
    seen_ops = g_hash_table_new(NULL, NULL);
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        cbufs[b] = g_malloc(CBUF_BYTES);
        for (unsigned i = 0; i < CBUF_BYTES; i += 4) {
            uint32_t v = GUINT32_TO_LE(rnd_value(g));

            memcpy(cbufs[b] + i, &v, 4);
        }
        w->l->cbuf[b] = g_memdup2(cbufs[b], CBUF_BYTES);
        w->l->cbuf_size[b] = CBUF_BYTES;
    }
    for (unsigned i = 0; i < files->len; i++) {
        TsvFile f;

        g_assert_true(tsv_load(files->pdata[i], &f));
        for (size_t r = 0; r < f.n; r++) {
            NvSassInsn in;
            uint64_t key[2] = { f.rows[r].lo, f.rows[r].hi & ((UINT64_C(1) << 41) - 1) };
            GBytes *k;

            if (!nv_sass_decode(f.rows[r].lo, f.rows[r].hi, 0, &in) || !is_int_op(in.opcode)) {
                continue;
            }
            /* guard bits are replaced; dedupe on the rest */
            key[0] &= ~UINT64_C(0xf000);
            k = g_bytes_new(key, sizeof(key));
            if (!g_hash_table_add(words, k)) {
                continue;
            }
            n_words++;
            for (unsigned t = 0; t < 6; t++) {
                run_one(w, g, f.rows[r].lo, f.rows[r].hi);
            }
        }
        tsv_free(&f);
    }
    g_test_message("%u distinct encodings, %u runs, %u refused (FLO/R2UR predicate), "
                   "%u opcodes", n_words, n_runs, n_illegal, g_hash_table_size(seen_ops));
    /* every registered opcode appears in the corpus */
    g_assert_cmpuint(g_hash_table_size(seen_ops), ==, 37);
    g_assert_cmpuint(n_words, >, 1000);
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        g_free(cbufs[b]);
    }
    g_hash_table_destroy(seen_ops);
    g_hash_table_destroy(words);
    nv_sm_test_warp_free(w);
    g_rand_free(g);
    g_ptr_array_free(files, TRUE);
}

/* Hand-checked values: the reference itself must agree with known results. */
static void test_known_values(void)
{
    NvSassModIntAlu m = { 0 };

    /* ptxas: __clz(0) = 31 - FLO.U32(0) = 32, __ffs(0) = FLO.U32.SH(brev 0) + 1 = 0 */
    g_assert_cmpuint(ref_flo(false, false, 0), ==, UINT32_MAX);
    g_assert_cmpuint(ref_flo(false, true, 0), ==, UINT32_MAX);
    g_assert_cmpuint(ref_flo(false, true, 1), ==, 31);
    g_assert_cmpuint(ref_flo(true, false, 0xffffffff), ==, UINT32_MAX);
    g_assert_cmpuint(ref_flo(true, false, 0xfffffff0), ==, 3);
    /* PTX examples */
    g_assert_cmpuint(ref_bmsk(true, 1, 2), ==, 6);
    g_assert_cmpuint(ref_sgxt(false, true, 0xffffffff, 0), ==, 0);
    g_assert_cmpuint(ref_sgxt(true, false, 0x80, 8), ==, 0xffffff80);
    /* SHF.R.S64 by >= 64 fills with the sign (PTX shr.s64 clamps) */
    m.shf_type = 0, m.right = true;
    g_assert_cmpuint(ref_shf(&m, 0, 100, 0x80000000), ==, 0xffffffff);
    m.shf_type = 1;
    g_assert_cmpuint(ref_shf(&m, 0, 100, 0x80000000), ==, 0);
    g_assert_cmpuint(ref_prmt(0, 0x44332211, 0x3333, 0x88776655), ==, 0x44444444);
    g_assert_cmpuint(ref_prmt(0, 0x000080ff, 0x9910, 0), ==, 0xffff80ff);
    g_assert_cmpuint(ref_prmt(1, 0x44332211, 1, 0x88776655), ==, 0x55443322);
    g_assert_cmpuint(ref_prmt(2, 0x44332211, 0, 0x88776655), ==, 0x66778811);
    g_assert_cmpuint(ref_i2i(0, true, 0x80000000), ==, 0xffffff80);
    g_assert_cmpuint(ref_i2i(1, false, 0x12345), ==, 0xffff);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    corpus_dir = argc > 1 ? argv[1] : ".";
    g_test_add_func("/sm/int/known-values", test_known_values);
    g_test_add_func("/sm/int/corpus", test_corpus);
    return g_test_run();
}
