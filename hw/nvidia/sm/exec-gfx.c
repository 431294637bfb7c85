/*
 * Graphics-stage instructions: ALD/AST move words between registers and the
 * thread's attribute records (vertex stages), IPA evaluates the primitive's
 * plane equations at the lane's pixel centre (pixel stage), KIL discards
 * the lane's pixel. In a compute grid they are illegal instructions, as on
 * the hardware. What a pixel lane leaves in its output registers is taken
 * at EXIT (nv_sm_gfx_exit in warp.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

/* The graphics launch, or NULL (and the instruction faults) in any other stage. */
static const NvSmGfx *gfx_stage(NvSmWarp *w, unsigned stage, uint32_t mask)
{
    const NvSmGfx *g = w->l->d.gfx;

    if (!g || g->stage != stage) {
        if (mask) {
            nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, 0, false, __builtin_ctz(mask));
        }
        return NULL;
    }
    return g;
}

/* Lane l's attribute word index for a[Ro + addr] + i, or -1 outside the space. */
static int attr_word(const NvSassInsn *in, const uint32_t *off, unsigned l, unsigned i)
{
    uint64_t byte = (uint64_t)in->mod.attr.addr + (off ? off[l] : 0) + 4u * i;

    return byte < NV_SM_ATTR_WORDS * 4u ? (int)(byte / 4) : -1;
}

static const uint32_t *offset_row(NvSmWarp *w, const NvSassInsn *in)
{
    return in->src[0].reg == NV_SASS_RZ ? NULL : nv_sm_rrow(w, in->src[0].reg);
}

/* ALD: vertex inputs (or with .O the thread's outputs); reads outside the space are 0. */
static void exec_ALD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSmGfx *g = gfx_stage(w, NV_SM_STAGE_VERTEX, mask);
    const uint32_t *rec, *off;
    uint32_t v[4][NV_SM_LANES];

    if (!g) {
        return;
    }
    rec = in->mod.attr.output ? g->out : g->in;
    off = offset_row(w, in);
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint64_t t = nv_sm_gfx_thread(w, l);

        for (unsigned i = 0; i < in->mod.attr.comps; i++) {
            int a = attr_word(in, off, l, i);

            v[i][l] = a < 0 ? 0 : rec[t * NV_SM_ATTR_WORDS + a];
        }
    }
    for (unsigned i = 0; i < in->mod.attr.comps; i++) {
        nv_sm_write(w, in->dst.reg + i, v[i], mask);
    }
}

/* AST: vertex outputs; writes outside the space are dropped. */
static void exec_AST(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSmGfx *g = gfx_stage(w, NV_SM_STAGE_VERTEX, mask);
    const uint32_t *off;

    if (!g) {
        return;
    }
    off = offset_row(w, in);
    for (unsigned i = 0; i < in->mod.attr.comps; i++) {
        const uint32_t *data = nv_sm_rrow(w, in->src[1].reg + i);

        for (uint32_t m = mask; m; m &= m - 1) {
            unsigned l = __builtin_ctz(m);
            int a = attr_word(in, off, l, i);

            if (a >= 0) {
                g->out[nv_sm_gfx_thread(w, l) * NV_SM_ATTR_WORDS + a] = data[l];
            }
        }
    }
}

/*
 * IPA: the plane at the pixel centre (the 3D class set the planes up as the
 * fragment shader's input map says: perspective components divided by w),
 * or the provoking vertex's word (.CONSTANT, .STATE under the flat shade
 * model, and the front-face flag). Centroid is the centre with one sample
 * per pixel.
 */
static void exec_IPA(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSmGfx *g = gfx_stage(w, NV_SM_STAGE_PIXEL, mask);
    unsigned a = in->mod.attr.addr / 4;
    bool flat;
    uint32_t v[NV_SM_LANES];

    if (!g) {
        return;
    }
    flat = in->mod.attr.freq == NV_SASS_IPA_CONSTANT || a == NV_SM_ATTR_FRONT / 4 ||
           (in->mod.attr.freq == NV_SASS_IPA_STATE && g->shade_flat);
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        const NvSmPixel *px = &g->pixels[nv_sm_gfx_thread(w, l)];
        const NvSmPrim *p = &g->prims[px->prim];
        const NvSmPlane *pl = &p->plane[a];
        float f = pl->a + pl->dx * ((float)px->x + 0.5f - p->x0) +
                  pl->dy * ((float)px->y + 0.5f - p->y0);

        if (flat) {
            v[l] = p->flat[a];
        } else {
            memcpy(&v[l], &f, 4);
        }
    }
    nv_sm_write(w, in->dst.reg, v, mask);
}

static void exec_KIL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t lanes = mask & nv_sm_pred(w, in->psrc[0]);

    if (gfx_stage(w, NV_SM_STAGE_PIXEL, lanes)) {
        nv_sm_exit(w, lanes);
    }
}

NV_SM_EXECUTOR(ALD, exec_ALD)
NV_SM_EXECUTOR(AST, exec_AST)
NV_SM_EXECUTOR(IPA, exec_IPA)
NV_SM_EXECUTOR(KIL, exec_KIL)
