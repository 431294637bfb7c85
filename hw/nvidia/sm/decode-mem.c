/*
 * sm_75 SASS decoders: loads, stores, atomics, constant loads and memory
 * barriers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "decode-internal.h"

/*
 * Where the uniform part of an address lives: the UR index, and the bit
 * saying whether Ra is a 64-bit pair (else a zero-extended 32-bit register).
 */
enum { UR_NONE, UR_AT_32, UR_AT_64, UR_AT_64_WIDE70 };

/* [Ra + offset]: Ra at 24..31, signed 24-bit offset at 40..63, + URb (bit 91) */
/* Like decode_addr_at(), for forms that exist only with the uniform part. */
static bool decode_ur_addr_at(SassDec *d, int ur_at, bool e, unsigned off_pos);

static bool decode_addr_at(SassDec *d, int ur_at, bool e, unsigned off_pos)
{
    NvSassAddr *a = &d->in->addr;

    d->in->has_addr = true;
    a->reg = sass_take(d, 24, 8);
    a->offset = sass_take_signed(d, off_pos, 64 - off_pos);
    a->width = e ? NV_SASS_ADDR_64 : NV_SASS_ADDR_32;
    a->ureg = NV_SASS_URZ;
    if (ur_at == UR_NONE) {
        return true;
    }
    unsigned wide_bit = ur_at == UR_AT_64_WIDE70 ? 70 : 90;

    a->has_ureg = sass_take(d, 91, 1);
    if (!a->has_ureg) {
        return sass_expect(d, wide_bit, 1, 0);
    }
    a->ureg = sass_take(d, ur_at == UR_AT_32 ? 32 : 64, 6);
    if (!sass_take(d, wide_bit, 1)) {
        a->width = NV_SASS_ADDR_U32;
    }
    return e;
}

static bool decode_ur_addr_at(SassDec *d, int ur_at, bool e, unsigned off_pos)
{
    return decode_addr_at(d, ur_at, e, off_pos) && (ur_at == UR_NONE || d->in->addr.has_ureg);
}

static bool decode_addr(SassDec *d, int ur_at, bool e)
{
    return decode_addr_at(d, ur_at, e, 40);
}

/*
 * .E, size, scope/order and eviction of global/generic accesses. Only loads
 * can be .CONSTANT; nvdisasm calls MMIO (3) invalid on sm_75.
 */
/*
 * A register field the operation does not use (the compare value of a
 * non-CAS atomic): ptxas writes RZ, NVK's compiler (NAK) leaves it zero.
 */
static bool expect_unused_reg(SassDec *d, unsigned pos)
{
    unsigned r = sass_take(d, pos, 8);

    return r == NV_SASS_RZ || r == 0;
}

static bool decode_global_mods(SassDec *d, bool load)
{
    NvSassModMem *m = &d->in->mod.mem;

    m->e = sass_take(d, 72, 1);
    m->size = sass_take(d, 73, 3);
    m->scope = sass_take(d, 77, 2);
    m->order = sass_take(d, 79, 2);
    m->cache = sass_take(d, 84, 3);
    return m->order != NV_SASS_ORDER_MMIO && (load || m->order != NV_SASS_ORDER_CONSTANT) &&
           m->cache <= 5;
}

/* LDG: form 1 [Ra], form 4 [Ra+URb]; LD (generic) only exists as form 4. */
static bool decode_ldg_like(SassDec *d, bool generic)
{
    NvSassInsn *in = d->in;
    int ur = !generic && in->form == NV_SASS_FORM_RIR ? UR_AT_32 : UR_NONE;

    if (generic ? in->form != NV_SASS_FORM_RIR :
        in->form != NV_SASS_FORM_RRR && in->form != NV_SASS_FORM_RIR) {
        return false;
    }
    if (!decode_global_mods(d, true)) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    if (generic) {
        /* LD has no fault predicate: the field is zero, or PT as LDG's (nvdisasm ignores it) */
        unsigned unused = sass_take(d, 81, 3);

        in->pdst[0].index = NV_SASS_PT;
        if (unused != 0 && unused != NV_SASS_PT) {
            return false;
        }
    } else {
        in->pdst[0] = sass_pred_dst(d, 81);
    }
    if (generic && sass_take(d, 91, 1)) {
        /* LD with a UR (bit 91) is laid out as LDG's: UR at 32..37, 24-bit offset */
        return decode_ur_addr_at(d, UR_AT_32, in->mod.mem.e, 40);
    }
    /* generic accesses have a full 32-bit offset */
    return decode_ur_addr_at(d, ur, in->mod.mem.e, generic ? 32 : 40);
}

bool sass_decode_LDG(SassDec *d)
{
    return decode_ldg_like(d, false);
}

bool sass_decode_LD(SassDec *d)
{
    return decode_ldg_like(d, true);
}

static bool decode_stg_like(SassDec *d, bool generic)
{
    NvSassInsn *in = d->in;
    bool with_ur = in->form == NV_SASS_FORM_RIR;
    /* ST's plain form carries its data in the c slot and a 32-bit offset; with a UR it is laid out as STG */
    bool st_plain = generic && !with_ur;

    if (in->form != NV_SASS_FORM_RRR && !with_ur) {
        return false;
    }
    if (!decode_global_mods(d, false)) {
        return false;
    }
    sass_add_src(d, sass_reg(d, st_plain ? 64 : 32), st_plain ? 2 : 1);
    return decode_ur_addr_at(d, with_ur ? UR_AT_64 : UR_NONE, in->mod.mem.e, st_plain ? 32 : 40);
}

bool sass_decode_STG(SassDec *d)
{
    return decode_stg_like(d, false);
}

bool sass_decode_ST(SassDec *d)
{
    return decode_stg_like(d, true);
}

/* Shared and local memory: 32-bit addresses, optional index scaling. */
static bool decode_shared_local(SassDec *d, bool store, bool shared)
{
    NvSassInsn *in = d->in;
    NvSassModMem *m = &in->mod.mem;

    if (in->form != (store ? NV_SASS_FORM_RRR : NV_SASS_FORM_RIR)) {
        return false;
    }
    m->size = sass_take(d, 73, 3);
    if (store) {
        sass_add_src(d, sass_reg(d, 32), 1);
    } else {
        in->dst = sass_reg(d, 16);
    }
    if (shared) {
        m->u = sass_take(d, 76, 1);
        in->addr.scale = sass_take(d, 78, 2);
    } else {
        m->cache = sass_take(d, 84, 3);
    }
    if (!decode_addr(d, UR_NONE, false)) {
        return false;
    }
    if (shared && !store && sass_take(d, 91, 1)) {
        /* LDS [Ra + URb + offset]: a 32-bit UR at 32..37 (ptxas, for uniform indices) */
        in->addr.has_ureg = true;
        in->addr.ureg = sass_take(d, 32, 6);
        return sass_expect(d, 38, 2, 0);
    }
    return true;
}

bool sass_decode_LDS(SassDec *d)
{
    return decode_shared_local(d, false, true) && d->in->mod.mem.size != NV_SASS_MEM_U128;
}

bool sass_decode_STS(SassDec *d)
{
    return decode_shared_local(d, true, true) && !d->in->mod.mem.u &&
           d->in->mod.mem.size != NV_SASS_MEM_U128;
}

bool sass_decode_LDL(SassDec *d)
{
    return decode_shared_local(d, false, false);
}

bool sass_decode_STL(SassDec *d)
{
    return decode_shared_local(d, true, false) && d->in->mod.mem.size != NV_SASS_MEM_U128;
}

/* LDC Rd, c[bank][Ra + offset] */
bool sass_decode_LDC(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassOperand cb;

    if (in->form != NV_SASS_FORM_RCR || !sass_cbuf_bytes(d, &cb)) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    in->mod.mem.size = sass_take(d, 73, 3);
    in->mod.mem.ldc_mode = sass_take(d, 78, 2);
    sass_add_src(d, cb, -1);
    sass_add_src(d, sass_reg(d, 24), 0);
    return in->mod.mem.size <= NV_SASS_MEM_64;
}

/*
 * ULDC URd, c[bank][offset] or cx[URn][offset]; NAK's bindless form (bit 91,
 * its offset register at 64..71 RZ) names at 24..31 the UR pair of a bindless
 * constant buffer handle (NVK's: address / 16 in bits 0..44, size / 16 in
 * 45..63); nvdisasm's text for it has not been compared (cx[URn] as well).
 */
static bool decode_uldc_bindless(SassDec *d, NvSassOperand *cb)
{
    *cb = (NvSassOperand){
        .kind = NV_SASS_OPND_CBUF, .mods = NV_SASS_MOD_CX,
        .imm = (uint32_t)sass_take_signed(d, 38, 16),
    };
    cb->reg = sass_take(d, 24, 8);
    d->in->mod.mem.bindless = true;
    return sass_take(d, 91, 1) && sass_expect(d, 64, 8, NV_SASS_RZ) &&
           sass_expect(d, 32, 6, 0) && sass_expect(d, 54, 5, 0) && cb->reg < NV_SASS_URZ;
}

bool sass_decode_ULDC(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassOperand cb;
    bool nak_bindless = sass_peek(d, 91, 1) && sass_peek(d, 64, 8) == NV_SASS_RZ;

    if (in->form != NV_SASS_FORM_RCR ||
        !(nak_bindless ? decode_uldc_bindless(d, &cb) : sass_cbuf_bytes(d, &cb))) {
        return false;
    }
    in->uniform = true;
    in->dst = sass_ureg(d, 16);
    in->mod.mem.size = sass_take(d, 73, 3);
    sass_add_src(d, cb, -1);
    /* NAK's bindless loads are 32- or 64-bit */
    return in->mod.mem.size <= NV_SASS_MEM_64 &&
           (!in->mod.mem.bindless || in->mod.mem.size >= NV_SASS_MEM_32);
}

/* ATOMG / ATOM: Pd, Rd, [addr], Rb (, Rc for CAS) */
static bool decode_atom_global(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModMem *m = &in->mod.mem;
    bool cas = in->op12 & 1;
    int ur = in->form == NV_SASS_FORM_RIR ? UR_AT_64_WIDE70 : UR_NONE;

    if (in->form != NV_SASS_FORM_RRR && (cas || in->form != NV_SASS_FORM_RIR)) {
        return false;
    }
    if (!decode_global_mods(d, false)) {
        return false;
    }
    m->atom_type = sass_take(d, 73, 3);
    in->dst = sass_reg(d, 16);
    in->pdst[0] = sass_pred_dst(d, 81);
    sass_add_src(d, sass_reg(d, 32), 1);
    if (cas) {
        m->atom_op = NV_SASS_ATOM_CAS;
        sass_add_src(d, sass_reg(d, 64), 2);
        if (!sass_expect(d, 87, 4, 0) || m->atom_type > NV_SASS_ATYPE_U64) {
            return false;
        }
    } else {
        m->atom_op = sass_take(d, 87, 4);
        if (m->atom_op > NV_SASS_ATOM_SAFEADD) {
            return false;
        }
    }
    return decode_ur_addr_at(d, ur, m->e, 40);
}

bool sass_decode_ATOMG(SassDec *d)
{
    return decode_atom_global(d);
}

/* ATOM: generic-address atomics; the c slot is RZ except for CAS, or holds the address UR */
bool sass_decode_ATOM(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (!decode_atom_global(d)) {
        return false;
    }
    return in->mod.mem.atom_op == NV_SASS_ATOM_CAS || in->addr.has_ureg ||
           expect_unused_reg(d, 64);
}

/* RED: fire-and-forget global atomic. */
bool sass_decode_RED(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModMem *m = &in->mod.mem;

    if (in->form != NV_SASS_FORM_RIR) {
        return false;
    }
    if (!decode_global_mods(d, false)) {
        return false;
    }
    m->atom_type = sass_take(d, 73, 3);
    m->atom_op = sass_take(d, 87, 3);
    /*
     * The destination and predicate-destination fields of ATOMG are unused:
     * ptxas leaves them 0, NVK's compiler writes RZ and PT there.
     */
    (void)sass_take(d, 16, 8);
    (void)sass_take(d, 81, 3);
    sass_add_src(d, sass_reg(d, 32), 1);
    return decode_addr(d, UR_AT_64, m->e);
}

bool sass_decode_ATOMS(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModMem *m = &in->mod.mem;
    bool cas = in->op12 & 1;

    if (in->form != NV_SASS_FORM_RRR) {
        return false;
    }
    m->atom_type = sass_take(d, 73, 2);
    in->addr.scale = sass_take(d, 78, 2);
    in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 32), 1);
    if (cas) {
        unsigned kind = sass_take(d, 87, 4);

        sass_add_src(d, sass_reg(d, 64), 2);
        /* CAST(.SPIN) has no index scaling */
        if (in->addr.scale && kind != 0) {
            return false;
        }
        if (kind == 0) {
            m->atom_op = NV_SASS_ATOM_CAS;
        } else if (kind == 1) {
            m->atom_op = NV_SASS_ATOM_CAST;
        } else if (kind == 3) {
            m->atom_op = NV_SASS_ATOM_CAST_SPIN;
        } else {
            return false;
        }
    } else {
        m->atom_op = sass_take(d, 87, 4);
        if (m->atom_op > NV_SASS_ATOM_EXCH || !expect_unused_reg(d, 64)) {
            return false;
        }
    }
    return m->atom_type < 3 && decode_addr(d, UR_NONE, false);
}

bool sass_decode_CCTL(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->form != NV_SASS_FORM_RIR) {
        return false;
    }
    in->mod.mem.cctl_op = sass_take(d, 87, 4);
    /*
     * CCTL(.E).IV [Ra + offset] and .RS (nv50_ir writes its own sub-op
     * number, 5 for IV, into the field: what nvdisasm calls RS): a 32-bit
     * offset, .E at 72. No-ops in the model, whose memory is coherent.
     */
    if (in->mod.mem.cctl_op == NV_SASS_CCTL_IV || in->mod.mem.cctl_op == NV_SASS_CCTL_RS) {
        in->mod.mem.e = sass_take(d, 72, 1);
        return decode_addr_at(d, UR_NONE, in->mod.mem.e, 32);
    }
    /* otherwise only the address-less IVALL (ptxas) and WBALL (NAK) have been seen */
    return (in->mod.mem.cctl_op == NV_SASS_CCTL_IVALL ||
            in->mod.mem.cctl_op == NV_SASS_CCTL_WBALL) && sass_expect(d, 24, 8, NV_SASS_RZ);
}

/* MEMBAR{.SC,.ALL,}.{CTA,SM,GPU,SYS}(.MMIO) */
bool sass_decode_MEMBAR(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModMem *m = &in->mod.mem;

    if (in->form != NV_SASS_FORM_RIR) {
        return false;
    }
    m->e = sass_take(d, 72, 1);                 /* .MMIO */
    m->scope = sass_take(d, 76, 3);
    m->membar = sass_take(d, 79, 2);            /* 0 .SC, 1 .ALL, 2 plain */
    return m->scope <= NV_SASS_SCOPE_SYS && m->membar < 3;
}

bool sass_decode_ERRBAR(SassDec *d)
{
    return d->in->form == NV_SASS_FORM_RIR;
}

/* QSPC.E.{G,L,S} Pd, Rd, [Ra]: which window a generic address falls in */
bool sass_decode_QSPC(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->form != NV_SASS_FORM_RRR) {
        return false;
    }
    in->mod.mem.e = sass_take(d, 72, 1);
    in->mod.mem.qspc = sass_take(d, 73, 2);
    in->pdst[0] = sass_pred_dst(d, 81);
    in->dst = sass_reg(d, 16);
    return in->mod.mem.qspc < 3 && decode_addr(d, UR_NONE, in->mod.mem.e);
}

/*
 * LDSM.16.M88/.MT88(.2/.4) Rd, [Ra + offset] (ldmatrix): 1, 2 or 4 8x8
 * matrices of 16-bit elements from shared memory, one per register from Rd,
 * their rows' addresses given by lanes 0..7, 8..15, ... (bits 72..73: count,
 * 78: transposed).
 */
bool sass_decode_LDSM(SassDec *d)
{
    NvSassInsn *in = d->in;
    unsigned count;

    if (in->op12 != 0x83b || !decode_addr(d, UR_NONE, false)) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    count = sass_take(d, 72, 2);
    in->mod.mem.matrices = 1u << count;
    in->mod.mem.trans = sass_take(d, 78, 1);
    return count < 3;
}
