/*
 * Source operands: registers, immediates, constant banks and uniform
 * registers as 32 lane values or one warp-uniform value.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

uint32_t nv_sm_cbuf32(NvSmWarp *w, unsigned bank, uint32_t offset)
{
    NvSmLaunch *l = w->l;
    uint32_t v;

    if (bank < NV_SM_CBUF_BANKS && !g_atomic_pointer_get(&l->cbuf[bank]) &&
        g_atomic_int_get(&l->cbuf_lazy[bank]) && !nv_sm_cbuf_fetch(w, bank)) {
        return 0;
    }
    if (bank >= NV_SM_CBUF_BANKS || !l->cbuf[bank] || offset > l->cbuf_size[bank] - 4 ||
        l->cbuf_size[bank] < 4) {
        return 0;
    }
    memcpy(&v, l->cbuf[bank] + (offset & ~3u), 4);
    return GUINT32_FROM_LE(v);
}

bool nv_sm_cbuf_bindless(NvSmWarp *w, unsigned ur, int64_t off, void *buf, unsigned bytes)
{
    uint64_t handle = nv_sm_ureg(w, ur) | (uint64_t)nv_sm_ureg(w, ur + 1u) << 32;
    uint64_t base = (handle & ((1ull << 45) - 1)) << 4, size = (handle >> 45) << 4;

    memset(buf, 0, bytes);
    if (off >= 0 && (uint64_t)off + bytes <= size &&
        !nv_sm_mem_read(w->l, base + (uint64_t)off, buf, bytes)) {
        nv_sm_fault(w, NV_SM_ERR_MMU, base + (uint64_t)off, false, 0);
        return false;
    }
    return true;
}

static uint32_t cbuf_operand(NvSmWarp *w, const NvSassOperand *o, uint32_t extra)
{
    uint32_t off = (o->imm & NV_SM_CBUF_ADDR_MASK) + extra, v;

    if (o->mods & NV_SASS_MOD_CX) {
        nv_sm_cbuf_bindless(w, o->reg, off, &v, 4);
        return GUINT32_FROM_LE(v);
    }
    return nv_sm_cbuf32(w, o->reg, off);
}

static void fill(uint32_t tmp[NV_SM_LANES], uint32_t v)
{
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        tmp[l] = v;
    }
}

const uint32_t *nv_sm_src(NvSmWarp *w, const NvSassOperand *o, uint32_t tmp[NV_SM_LANES])
{
    switch (o->kind) {
    case NV_SASS_OPND_REG:
        return nv_sm_rrow(w, o->reg);
    case NV_SASS_OPND_UREG:
        fill(tmp, nv_sm_ureg(w, o->reg));
        return tmp;
    case NV_SASS_OPND_IMM:
        fill(tmp, o->imm);
        return tmp;
    case NV_SASS_OPND_CBUF:
        fill(tmp, cbuf_operand(w, o, 0));
        return tmp;
    default:
        fill(tmp, 0);
        return tmp;
    }
}

const uint32_t *nv_sm_src_hi(NvSmWarp *w, const NvSassOperand *o, uint32_t tmp[NV_SM_LANES])
{
    switch (o->kind) {
    case NV_SASS_OPND_REG:
        return nv_sm_rrow(w, o->reg == NV_SASS_RZ ? NV_SASS_RZ : o->reg + 1u);
    case NV_SASS_OPND_UREG:
        fill(tmp, o->reg == NV_SASS_URZ ? 0 : nv_sm_ureg(w, o->reg + 1u));
        return tmp;
    case NV_SASS_OPND_CBUF:
        fill(tmp, cbuf_operand(w, o, 4));
        return tmp;
    default:
        fill(tmp, 0);
        return tmp;
    }
}

uint32_t nv_sm_src_uniform(NvSmWarp *w, const NvSassOperand *o)
{
    switch (o->kind) {
    case NV_SASS_OPND_REG:
        return nv_sm_rrow(w, o->reg)[0];
    case NV_SASS_OPND_UREG:
        return nv_sm_ureg(w, o->reg);
    case NV_SASS_OPND_IMM:
        return o->imm;
    case NV_SASS_OPND_CBUF:
        return cbuf_operand(w, o, 0);
    default:
        return 0;
    }
}

