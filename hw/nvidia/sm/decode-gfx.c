/*
 * Graphics-stage instructions (field maps from NAK's sm70 encoder and
 * nv50_ir's gv100 emitter, which agree): attribute loads and stores of the
 * vertex stages, interpolation and discard of the pixel stage. Forms the
 * model does not execute (per-patch and physical attribute addresses,
 * interpolation at an offset or per sample) are refused.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "decode-internal.h"

/* The attribute address and component count of ALD/AST. */
static bool decode_attr(SassDec *d)
{
    NvSassModAttr *a = &d->in->mod.attr;

    a->addr = sass_take(d, 40, 10);
    a->comps = sass_take(d, 74, 2) + 1;
    /* .P (per patch) and .PHYS (an AL2P address) belong to tessellation */
    return sass_expect(d, 76, 2, 0);
}

/* ALD(.O) Rd, a[Ro + addr], Rvtx */
bool sass_decode_ALD(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->op12 != 0x321) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    sass_add_src(d, sass_reg(d, 24), 0);
    sass_add_src(d, sass_reg(d, 32), 1);
    in->mod.attr.output = sass_take(d, 79, 1);
    return decode_attr(d);
}

/* AST a[Ro + addr], Rdata, Rvtx */
bool sass_decode_AST(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->op12 != 0x322) {
        return false;
    }
    sass_add_src(d, sass_reg(d, 24), 0);
    sass_add_src(d, sass_reg(d, 32), 1);
    sass_add_src(d, sass_reg(d, 64), 2);
    return decode_attr(d);
}

/* IPA(.CONSTANT)(.CENTROID) Rd, a[addr] */
bool sass_decode_IPA(SassDec *d)
{
    NvSassInsn *in = d->in;
    NvSassModAttr *a = &in->mod.attr;

    if (in->op12 != 0x326) {
        return false;
    }
    in->dst = sass_reg(d, 16);
    a->addr = sass_take(d, 64, 8) * 4;
    a->comps = 1;
    a->loc = sass_take(d, 76, 2);
    a->freq = sass_take(d, 78, 2);
    /*
     * No offset register (.OFFSET). The predicate result at 81..83 is PT in
     * NAK's encoding and P0 in nv50_ir's, neither of which reads it: its
     * meaning is not established, so the model writes nothing there.
     */
    sass_take(d, 81, 3);
    return a->loc <= 1 && a->freq <= NV_SASS_IPA_STATE && sass_expect(d, 32, 8, NV_SASS_RZ);
}

/* KIL (@P): the lanes stop and their pixels are discarded. */
bool sass_decode_KIL(SassDec *d)
{
    NvSassInsn *in = d->in;

    if (in->op12 != 0x95b) {
        return false;
    }
    sass_add_psrc(d, sass_pred(d, 87, 90));
    return true;
}
