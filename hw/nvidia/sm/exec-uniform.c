/*
 * SM executors: the uniform datapath's integer and predicate ops, once per
 * warp on URs / uniform predicates, with the semantics of their vector
 * twins (int-alu.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "int-alu.h"

#define LANES NV_SM_LANES

/* ---- operand helpers ---- */

/* The upper word of a uniform 64-bit source (UR pair, cbuf + 4, imm: 0). */
static uint32_t usrc_hi(NvSmWarp *w, const NvSassOperand *o)
{
    uint32_t tmp[LANES];

    if (o->kind == NV_SASS_OPND_UREG || o->kind == NV_SASS_OPND_CBUF) {
        return nv_sm_src_hi(w, o, tmp)[0];
    }
    return 0;
}

static inline bool upred(const NvSmWarp *w, NvSassPred p)
{
    return nv_sm_pred(w, p) != 0;
}

static inline void set_upred(NvSmWarp *w, NvSassPred p, bool v)
{
    nv_sm_set_pred(w, p, v ? NV_SM_ALL_LANES : 0, NV_SM_ALL_LANES);
}

static inline uint32_t usrc(NvSmWarp *w, const NvSassInsn *in, unsigned i)
{
    return nv_sm_src_uniform(w, &in->src[i]);
}

static inline void set_udst(NvSmWarp *w, const NvSassInsn *in, uint32_t v)
{
    nv_sm_set_ureg(w, in->dst.reg, v);
}

static void exec_umov(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, usrc(w, in, 0));
    }
}

static void exec_usel(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, upred(w, in->psrc[0]) ? usrc(w, in, 0) : usrc(w, in, 1));
    }
}

static void exec_uisetp(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    uint32_t t, acc;

    if (!mask) {
        return;
    }
    t = isetp_s(m->cmp, m->is_signed, m->ex, usrc(w, in, 0), usrc(w, in, 1),
                m->ex && upred(w, in->psrc[1])) ? 1 : 0;
    acc = upred(w, in->psrc[0]) ? 1 : 0;
    set_upred(w, in->pdst[0], bool_s(m->bool_op, t, acc) & 1);
    set_upred(w, in->pdst[1], bool_s(m->bool_op, t ^ 1, acc) & 1);
}

static void exec_uiadd3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t v[3], k = 0;
    uint64_t s;

    if (!mask) {
        return;
    }
    for (unsigned i = 0; i < 3; i++) {
        const NvSassOperand *o = &in->src[i];

        v[i] = usrc(w, in, i);
        if (has_mod(o, NV_SASS_MOD_NEG) || has_mod(o, NV_SASS_MOD_NOT)) {
            v[i] = ~v[i];
        }
        k += has_mod(o, NV_SASS_MOD_NEG);
    }
    if (in->mod.i.x) {
        k += upred(w, in->psrc[0]) + upred(w, in->psrc[1]);
    }
    s = iadd3_s(v[0], v[1], v[2], k);
    set_udst(w, in, (uint32_t)s);
    set_upred(w, in->pdst[0], s >= (UINT64_C(1) << 32));
    set_upred(w, in->pdst[1], s >= (UINT64_C(2) << 32));
}

static void exec_ulea(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    const NvSassOperand *bo = &in->src[1];
    uint32_t a, b, c;
    uint64_t s;

    if (!mask) {
        return;
    }
    a = lea_a(&in->src[0], usrc(w, in, 0));
    b = usrc(w, in, 1);
    b = has_mod(bo, NV_SASS_MOD_NEG) ? 0u - b : b ^ not_mask(bo);
    c = m->hi && !m->is_signed ? usrc(w, in, 2) : (uint32_t)((int32_t)a >> 31);
    s = lea_s(m->hi, m->shift, a, b, c, m->x && upred(w, in->psrc[0]));
    set_udst(w, in, (uint32_t)s);
    set_upred(w, in->pdst[0], s >> 32);
}

static void exec_ulop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t r;
    bool nz, q;

    if (!mask) {
        return;
    }
    r = lop3_s(in->mod.i.lut, usrc(w, in, 0), usrc(w, in, 1), usrc(w, in, 2));
    nz = r != 0;
    q = upred(w, in->psrc[0]);
    set_udst(w, in, r);
    set_upred(w, in->pdst[0], in->mod.i.pand ? nz && q : nz || q);
}

static void exec_uprmt(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, prmt_s(in->mod.i.prmt_mode, usrc(w, in, 0), usrc(w, in, 1),
                               usrc(w, in, 2)));
    }
}

static void exec_ushf(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;

    if (mask) {
        set_udst(w, in, shf_s(m->shf_type, m->wrap, m->right, m->hi, usrc(w, in, 0),
                              usrc(w, in, 1), usrc(w, in, 2)));
    }
}

static void exec_usgxt(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, sgxt_s(in->mod.i.is_signed, in->mod.i.wrap, usrc(w, in, 0),
                               usrc(w, in, 1)));
    }
}

static void exec_ubmsk(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, bmsk_s(in->mod.i.wrap, usrc(w, in, 0), usrc(w, in, 1)));
    }
}

static void exec_uplop3(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t a, b, c;

    if (!mask) {
        return;
    }
    a = upred(w, in->psrc[0]) ? 1 : 0;
    b = upred(w, in->psrc[1]) ? 1 : 0;
    c = upred(w, in->psrc[2]) ? 1 : 0;
    set_upred(w, in->pdst[0], lop3_s(in->mod.i.lut, a, b, c) & 1);
    set_upred(w, in->pdst[1], lop3_s(in->mod.i.lut2, a, b, c) & 1);
}

static void exec_uimad(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModIntAlu *m = &in->mod.i;
    const NvSassOperand *co = &in->src[2];
    bool neg = has_mod(co, NV_SASS_MOD_NEG);
    uint32_t inv = neg || has_mod(co, NV_SASS_MOD_NOT) ? UINT32_MAX : 0;
    uint32_t a, b, c, cin, carry;
    uint64_t c64, s;

    if (!mask) {
        return;
    }
    a = usrc(w, in, 0);
    b = usrc(w, in, 1);
    c = usrc(w, in, 2);
    cin = m->x && upred(w, in->psrc[0]);
    if (!m->wide && !m->hi) {
        set_udst(w, in, a * b + (c ^ inv) + neg + cin);
        return;
    }
    c64 = (uint64_t)(usrc_hi(w, co) ^ inv) << 32 | (c ^ inv);
    s = mad64_s(mul64_s(m->is_signed, a, b), c64, neg + cin, &carry);
    if (m->wide) {
        set_udst(w, in, (uint32_t)s);
        nv_sm_set_ureg(w, in->dst.reg + 1u, (uint32_t)(s >> 32));
    } else {
        set_udst(w, in, (uint32_t)(s >> 32));
    }
    set_upred(w, in->pdst[0], carry);
}

static void exec_uflo(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (!mask) {
        return;
    }
    if (in->pdst[0].index != NV_SASS_PT) {
        illegal(w, mask);
        return;
    }
    set_udst(w, in, flo_s(in->mod.i.is_signed, in->mod.i.sh,
                          usrc(w, in, 0) ^ not_mask(&in->src[0])));
}

static void exec_ubrev(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, brev_s(usrc(w, in, 0)));
    }
}

static void exec_upopc(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        set_udst(w, in, popc_s(usrc(w, in, 0) ^ not_mask(&in->src[0])));
    }
}

/* R2UR: the value of the first executing lane (the compiler knows it is uniform). */
static void exec_r2ur(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (!mask) {
        return;
    }
    if (in->pdst[0].index != NV_SASS_PT) {
        illegal(w, mask);
        return;
    }
    set_udst(w, in, nv_sm_rrow(w, in->src[0].reg)[__builtin_ctz(mask)]);
}

/* ---- executors by opcode (exec-table.c) ---- */

NV_SM_EXECUTOR(UMOV, exec_umov)
NV_SM_EXECUTOR(USEL, exec_usel)
NV_SM_EXECUTOR(UISETP, exec_uisetp)
NV_SM_EXECUTOR(UIADD3, exec_uiadd3)
NV_SM_EXECUTOR(ULEA, exec_ulea)
NV_SM_EXECUTOR(ULOP3, exec_ulop3)
NV_SM_EXECUTOR(UPRMT, exec_uprmt)
NV_SM_EXECUTOR(USHF, exec_ushf)
NV_SM_EXECUTOR(USGXT, exec_usgxt)
NV_SM_EXECUTOR(UBMSK, exec_ubmsk)
NV_SM_EXECUTOR(UPLOP3, exec_uplop3)
NV_SM_EXECUTOR(UIMAD, exec_uimad)
NV_SM_EXECUTOR(UFLO, exec_uflo)
NV_SM_EXECUTOR(UBREV, exec_ubrev)
NV_SM_EXECUTOR(UPOPC, exec_upopc)
NV_SM_EXECUTOR(R2UR, exec_r2ur)
