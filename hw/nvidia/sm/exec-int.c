/*
 * SM executors: integer ALU and predicate logic on the 32 lanes; the
 * uniform datapath's twins are in exec-uniform.c, the semantics of one
 * lane that both use in int-alu.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "int-alu.h"

#define LANES NV_SM_LANES

/* ---- MOV, SEL ---- */

/* MOV: with a quad lane mask, only the lanes whose position in their quad it names. */
static void exec_mov(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t[LANES];
    const uint32_t *b = nv_sm_src(w, &in->src[0], t);
    unsigned q = in->mod.i.mov_mask;

    if (q != 0xf) {
        uint32_t quads = 0;

        for (unsigned l = 0; l < LANES; l += 4) {
            quads |= (uint32_t)q << l;
        }
        mask &= quads;
    }
    if (mask) {
        nv_sm_write(w, in->dst.reg, b, mask);
    }
}

static void exec_sel(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], r[LANES];
    const uint32_t *a, *b;
    uint32_t p;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    p = nv_sm_pred(w, in->psrc[0]);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = (p >> l) & 1 ? a[l] : b[l];
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- ISETP ---- */

static void exec_isetp(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t ta[LANES], tb[LANES], tv[LANES];
    const uint32_t *a, *b;
    uint32_t low, acc, t = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    acc = nv_sm_pred(w, in->psrc[0]);
    low = m->ex ? nv_sm_pred(w, in->psrc[1]) : 0;
    for (unsigned l = 0; l < LANES; l++) {
        tv[l] = isetp_s(m->cmp, m->is_signed, m->ex, a[l], b[l], (low >> l) & 1);
    }
    for (unsigned l = 0; l < LANES; l++) {
        t |= tv[l] << l;
    }
    nv_sm_set_pred(w, in->pdst[0], bool_s(m->bool_op, t, acc), mask);
    nv_sm_set_pred(w, in->pdst[1], bool_s(m->bool_op, ~t, acc), mask);
}

/* ---- IADD3 ---- */

static void exec_iadd3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES], carry[LANES];
    const uint32_t *a, *b, *c;
    uint32_t inv[3], k = 0, cin0 = 0, cin1 = 0, p0 = 0, p1 = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, &in->src[2], t2);
    for (unsigned i = 0; i < 3; i++) {
        bool neg = has_mod(&in->src[i], NV_SASS_MOD_NEG) || has_mod(&in->src[i], NV_SASS_MOD_NOT);

        inv[i] = neg ? UINT32_MAX : 0;
        k += has_mod(&in->src[i], NV_SASS_MOD_NEG);
    }
    if (in->mod.i.x) {
        cin0 = nv_sm_pred(w, in->psrc[0]);
        cin1 = nv_sm_pred(w, in->psrc[1]);
    }
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t s = iadd3_s(a[l] ^ inv[0], b[l] ^ inv[1], c[l] ^ inv[2],
                             k + ((cin0 >> l) & 1) + ((cin1 >> l) & 1));

        r[l] = (uint32_t)s;
        carry[l] = (uint32_t)(s >> 32);
    }
    /* carries as lane masks only when some predicate takes them */
    if (in->pdst[0].index != NV_SASS_PT || in->pdst[1].index != NV_SASS_PT) {
        for (unsigned l = 0; l < LANES; l++) {
            p0 |= (uint32_t)(carry[l] >= 1) << l;
            p1 |= (uint32_t)(carry[l] >= 2) << l;
        }
    }
    nv_sm_write(w, in->dst.reg, r, mask);
    nv_sm_set_pred(w, in->pdst[0], p0, mask);
    nv_sm_set_pred(w, in->pdst[1], p1, mask);
}

/* ---- LEA ---- */

static void exec_lea(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *b, *c = NULL;
    uint32_t binv = not_mask(&in->src[1]), bneg = has_mod(&in->src[1], NV_SASS_MOD_NEG);
    uint32_t cin = 0, p = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    if (m->hi && !m->is_signed) {
        c = nv_sm_src(w, &in->src[2], t2);
    }
    if (m->x) {
        cin = nv_sm_pred(w, in->psrc[0]);
    }
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t av = lea_a(&in->src[0], a[l]);
        uint32_t bv = bneg ? 0u - b[l] : b[l] ^ binv;
        uint32_t cv = c ? c[l] : (uint32_t)((int32_t)av >> 31);
        uint64_t s = lea_s(m->hi, m->shift, av, bv, cv, (cin >> l) & 1);

        r[l] = (uint32_t)s;
        p |= (uint32_t)(s >> 32) << l;
    }
    nv_sm_write(w, in->dst.reg, r, mask);
    nv_sm_set_pred(w, in->pdst[0], p, mask);
}

/* ---- LOP3, PLOP3 ---- */

static void exec_lop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *b, *c;
    uint32_t nz = 0, q;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = lop3_s(m->lut, a[l], b[l], c[l]);
    }
    for (unsigned l = 0; l < LANES; l++) {
        nz |= (uint32_t)(r[l] != 0) << l;
    }
    q = nv_sm_pred(w, in->psrc[0]);
    nv_sm_write(w, in->dst.reg, r, mask);
    /* PTX lop3.{or,and}: p = (d != 0) BoolOp q */
    nv_sm_set_pred(w, in->pdst[0], m->pand ? nz & q : nz | q, mask);
}

static void exec_plop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t a = nv_sm_pred(w, in->psrc[0]);
    uint32_t b = nv_sm_pred(w, in->psrc[1]);
    uint32_t c = nv_sm_pred(w, in->psrc[2]);
    uint32_t r0 = lop3_s(in->mod.i.lut, a, b, c), r1 = lop3_s(in->mod.i.lut2, a, b, c);

    nv_sm_set_pred(w, in->pdst[0], r0, mask);
    nv_sm_set_pred(w, in->pdst[1], r1, mask);
}

/* ---- unary ops: IABS, POPC, BREV, FLO ---- */

#define UNARY_EXEC(name, expr)                                              \
static void exec_##name(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)   \
{                                                                           \
    uint32_t t[LANES], r[LANES];                                            \
    const uint32_t *s;                                                      \
    uint32_t inv;                                                           \
                                                                            \
    if (!mask) {                                                            \
        return;                                                             \
    }                                                                       \
    s = nv_sm_src(w, &in->src[0], t);                                       \
    inv = not_mask(&in->src[0]);                                            \
    (void)inv;                                                              \
    for (unsigned l = 0; l < LANES; l++) {                                  \
        uint32_t x = s[l];                                                  \
        r[l] = (expr);                                                      \
    }                                                                       \
    nv_sm_write(w, in->dst.reg, r, mask);                                   \
}

UNARY_EXEC(iabs, iabs_s(x))
UNARY_EXEC(popc, popc_s(x ^ inv))
UNARY_EXEC(brev, brev_s(x))
UNARY_EXEC(flo_body, flo_s(in->mod.i.is_signed, in->mod.i.sh, x ^ inv))

static void exec_flo(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    /* what FLO's predicate result means is not known */
    if (in->pdst[0].index != NV_SASS_PT) {
        if (mask) {
            illegal(w, mask);
        }
        return;
    }
    exec_flo_body(w, in, mask);
}

/* ---- PRMT, IMNMX, SGXT, BMSK, SHF ---- */

static void exec_prmt(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *s, *b;
    unsigned mode = in->mod.i.prmt_mode;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    s = nv_sm_src(w, &in->src[1], t1);
    b = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = prmt_s(mode, a[l], s[l], b[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_imnmx(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], r[LANES];
    const uint32_t *a, *b;
    uint32_t p;
    bool sgn = in->mod.i.is_signed;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    p = nv_sm_pred(w, in->psrc[0]);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = imnmx_s(sgn, (p >> l) & 1, a[l], b[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* |a - b| + c, wrapping at 32 bits like PTX sad */
static void exec_vabsdiff(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tb[LANES], tc[LANES], r[LANES];
    const uint32_t *a, *b, *c;
    bool sgn = in->mod.i.is_signed;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    b = nv_sm_src(w, &in->src[1], tb);
    c = nv_sm_src(w, &in->src[2], tc);
    for (unsigned l = 0; l < LANES; l++) {
        bool a_less = sgn ? (int32_t)a[l] < (int32_t)b[l] : a[l] < b[l];

        r[l] = (a_less ? b[l] - a[l] : a[l] - b[l]) + c[l];
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

#define BINARY_EXEC(name, expr)                                             \
static void exec_##name(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)   \
{                                                                           \
    uint32_t ta[LANES], tb[LANES], r[LANES];                                \
    const uint32_t *a, *b;                                                  \
                                                                            \
    if (!mask) {                                                            \
        return;                                                             \
    }                                                                       \
    a = nv_sm_src(w, &in->src[0], ta);                                      \
    b = nv_sm_src(w, &in->src[1], tb);                                      \
    for (unsigned l = 0; l < LANES; l++) {                                  \
        r[l] = (expr);                                                      \
    }                                                                       \
    nv_sm_write(w, in->dst.reg, r, mask);                                   \
}

BINARY_EXEC(sgxt, sgxt_s(in->mod.i.is_signed, in->mod.i.wrap, a[l], b[l]))
BINARY_EXEC(bmsk, bmsk_s(in->mod.i.wrap, a[l], b[l]))

static void exec_shf(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *lo, *sh, *hi;

    if (!mask) {
        return;
    }
    lo = nv_sm_src(w, &in->src[0], t0);
    sh = nv_sm_src(w, &in->src[1], t1);
    hi = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = shf_s(m->shf_type, m->wrap, m->right, m->hi, lo[l], sh[l], hi[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- IMAD (plain, .WIDE, .HI), IDP ---- */

static void exec_imad(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], t3[LANES], r[LANES], rh[LANES];
    const uint32_t *a, *b, *c, *ch;
    const NvSassOperand *co = &in->src[2];
    bool neg = has_mod(co, NV_SASS_MOD_NEG);
    uint32_t inv = neg || has_mod(co, NV_SASS_MOD_NOT) ? UINT32_MAX : 0;
    uint32_t cin = 0, p = 0;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, co, t2);
    if (m->x) {
        cin = nv_sm_pred(w, in->psrc[0]);
    }
    if (!m->wide && !m->hi) {
        for (unsigned l = 0; l < LANES; l++) {
            r[l] = a[l] * b[l] + (c[l] ^ inv) + neg + ((cin >> l) & 1);
        }
        nv_sm_write(w, in->dst.reg, r, mask);
        return;
    }
    /* the 64-bit forms add the register pair {c+1:c} */
    ch = nv_sm_src_hi(w, co, t3);
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t c64 = ((uint64_t)(ch[l] ^ inv) << 32 | (c[l] ^ inv));
        uint32_t carry;
        uint64_t s = mad64_s(mul64_s(m->is_signed, a[l], b[l]), c64,
                             neg + ((cin >> l) & 1), &carry);

        r[l] = (uint32_t)s;
        rh[l] = (uint32_t)(s >> 32);
        p |= carry << l;
    }
    if (m->wide) {
        nv_sm_write(w, in->dst.reg, r, mask);
        nv_sm_write(w, in->dst.reg + 1u, rh, mask);
    } else {
        nv_sm_write(w, in->dst.reg, rh, mask);
    }
    nv_sm_set_pred(w, in->pdst[0], p, mask);
}

static void exec_idp(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t0[LANES], t1[LANES], t2[LANES], r[LANES];
    const uint32_t *a, *b, *c;
    bool neg = has_mod(&in->src[2], NV_SASS_MOD_NEG);

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], t0);
    b = nv_sm_src(w, &in->src[1], t1);
    c = nv_sm_src(w, &in->src[2], t2);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = idp_s(m->idp_4a, m->idp_hi, m->is_signed, m->b_signed, a[l], b[l],
                     neg ? 0u - c[l] : c[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- P2R, R2P, I2I ---- */

static uint32_t pr_bits(const NvSmWarp *w, unsigned lane)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < 7; i++) {
        v |= ((w->p[i] >> lane) & 1) << i;
    }
    return v;
}

static void exec_p2r(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tm[LANES], r[LANES];
    const uint32_t *a, *m;
    unsigned byte = in->mod.i.prmt_mode & 3;

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    m = nv_sm_src(w, &in->src[1], tm);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = p2r_s(byte, pr_bits(w, l), a[l], m[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

static void exec_r2p(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ta[LANES], tm[LANES], val[7] = { 0 }, sel[7] = { 0 };
    const uint32_t *a, *m;
    unsigned shift = 8 * (in->mod.i.prmt_mode & 3);

    if (!mask) {
        return;
    }
    a = nv_sm_src(w, &in->src[0], ta);
    m = nv_sm_src(w, &in->src[1], tm);
    for (unsigned l = 0; l < LANES; l++) {
        for (unsigned i = 0; i < 7; i++) {
            val[i] |= ((a[l] >> (shift + i)) & 1) << l;
            sel[i] |= ((m[l] >> i) & 1) << l;
        }
    }
    for (unsigned i = 0; i < 7; i++) {
        uint32_t lanes = sel[i] & mask;

        w->p[i] = (w->p[i] & ~lanes) | (val[i] & lanes);
    }
}

static void exec_i2i(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t t[LANES], r[LANES];
    const uint32_t *s;
    unsigned bytes = in->mod.cvt.dst_bytes;
    bool sgn = in->mod.cvt.dst_signed;

    if (!mask) {
        return;
    }
    s = nv_sm_src(w, &in->src[0], t);
    for (unsigned l = 0; l < LANES; l++) {
        r[l] = i2i_s(bytes, sgn, s[l]);
    }
    nv_sm_write(w, in->dst.reg, r, mask);
}

/* ---- executors by opcode (exec-table.c) ---- */

NV_SM_EXECUTOR(MOV, exec_mov)
NV_SM_EXECUTOR(SEL, exec_sel)
NV_SM_EXECUTOR(ISETP, exec_isetp)
NV_SM_EXECUTOR(IADD3, exec_iadd3)
NV_SM_EXECUTOR(LEA, exec_lea)
NV_SM_EXECUTOR(LOP3, exec_lop3)
NV_SM_EXECUTOR(IABS, exec_iabs)
NV_SM_EXECUTOR(PRMT, exec_prmt)
NV_SM_EXECUTOR(IMNMX, exec_imnmx)
NV_SM_EXECUTOR(VABSDIFF, exec_vabsdiff)
NV_SM_EXECUTOR(SGXT, exec_sgxt)
NV_SM_EXECUTOR(SHF, exec_shf)
NV_SM_EXECUTOR(BMSK, exec_bmsk)
NV_SM_EXECUTOR(PLOP3, exec_plop3)
NV_SM_EXECUTOR(IMAD, exec_imad)
NV_SM_EXECUTOR(IDP, exec_idp)
NV_SM_EXECUTOR(FLO, exec_flo)
NV_SM_EXECUTOR(BREV, exec_brev)
NV_SM_EXECUTOR(POPC, exec_popc)
NV_SM_EXECUTOR(P2R, exec_p2r)
NV_SM_EXECUTOR(R2P, exec_r2p)
NV_SM_EXECUTOR(I2I, exec_i2i)
