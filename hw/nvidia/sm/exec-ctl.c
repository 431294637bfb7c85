/*
 * SM executors: control flow, convergence and block barriers, warp-wide
 * operations (VOTE, SHFL, MATCH) and special registers.
 *
 * Branches carry a second predicate (psrc[0]) ANDed with the guard. Lanes
 * whose guard is false simply continue with the next instruction; all lane
 * state changes go through exec.c's nv_sm_branch/block/exit helpers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

/* SR numbers (the S2R operand) the model gives values to; others read 0. */
enum {
    SR_LANEID = 0, SR_CLOCK = 1, SR_VIRTCFG = 2, SR_VIRTID = 3, SR_THREAD_KILL = 19,
    SR_TID = 32, SR_TID_X = 33, SR_TID_Y = 34, SR_TID_Z = 35,
    SR_CTAID_X = 37, SR_CTAID_Y = 38, SR_CTAID_Z = 39, SR_NTID = 40,
    SR_NLATC = 42, SR_LWINHI = 46, SR_SWINHI = 47, SR_SWINLO = 48, SR_SWINSZ = 49,
    SR_SMEMSZ = 50, SR_SMEMBANKS = 51, SR_LWINLO = 52, SR_LWINSZ = 53, SR_LMEMLOSZ = 54,
    SR_EQMASK = 56, SR_LTMASK = 57, SR_LEMASK = 58, SR_GTMASK = 59, SR_GEMASK = 60,
    SR_REGALLOC = 61, SR_VIRTUALSMID = 67, SR_CLOCKLO = 80, SR_CLOCKHI = 81,
    SR_GLOBALTIMERLO = 82, SR_GLOBALTIMERHI = 83,
};

#define NV_SM_WINDOW_SIZE_BITS  24

static uint32_t branch_pred(const NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    return in->n_psrc ? mask & nv_sm_pred(w, in->psrc[0]) : mask;
}

static uint64_t pair(NvSmWarp *w, unsigned reg, unsigned l)
{
    uint64_t v = nv_sm_rrow(w, reg)[l];

    return reg == NV_SASS_RZ ? v : v | (uint64_t)nv_sm_rrow(w, reg + 1u)[l] << 32;
}

/* ---- branches ---- */

static void exec_BRA(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t taken = branch_pred(w, in, mask);

    if (in->mod.ctl.div || in->mod.ctl.conv) {
        /* BRA.DIV: taken only when the warp is not converged; BRA.CONV only when it is */
        taken = (w->active != w->alive) == in->mod.ctl.div ? taken : 0;
    }
    nv_sm_branch(w, taken, in->target);
}

/* BRX: next instruction + offset + {Ra+1:Ra}, per lane (jump tables). */
static void exec_BRX(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint64_t target[NV_SM_LANES];
    uint32_t taken = branch_pred(w, in, mask);

    for (uint32_t m = taken; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        target[l] = in->pc + 16 + (uint64_t)(int64_t)(int32_t)in->src[1].imm +
                    pair(w, in->src[0].reg, l);
    }
    nv_sm_branch_lanes(w, taken, target);
}

/*
 * CALL: the callee returns through a register the caller set up. The target
 * is the relative form's function base or the absolute form's address; a
 * register form adds {Ra+1:Ra} per lane.
 */
static void exec_CALL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t taken = branch_pred(w, in, mask);
    uint64_t target[NV_SM_LANES];

    if (in->n_src == 0) {
        nv_sm_branch(w, taken, in->target);
        return;
    }
    for (uint32_t m = taken; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        target[l] = in->target + pair(w, in->src[0].reg, l);
    }
    nv_sm_branch_lanes(w, taken, target);
}

/* RET.NODEC Ra: back to the function base (.REL) or address (.ABS) + {Ra+1:Ra}. */
static void exec_RET(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t taken = branch_pred(w, in, mask);
    uint64_t target[NV_SM_LANES];

    for (uint32_t m = taken; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        target[l] = in->target + pair(w, in->src[0].reg, l);
    }
    nv_sm_branch_lanes(w, taken, target);
}

/* LEPC Rd: the 64-bit address of this instruction (a code VA in this model). */
static void exec_LEPC(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t lo[NV_SM_LANES], hi[NV_SM_LANES];

    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        lo[l] = (uint32_t)in->pc;
        hi[l] = (uint32_t)(in->pc >> 32);
    }
    nv_sm_write(w, in->dst.reg, lo, mask);
    nv_sm_write(w, in->dst.reg + 1u, hi, mask);
}

static void exec_EXIT(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t lanes = branch_pred(w, in, mask);

    if (w->l->d.gfx && w->l->d.gfx->stage == NV_SM_STAGE_PIXEL) {
        nv_sm_gfx_exit(w, lanes);
    }
    nv_sm_exit(w, lanes);
}

static void exec_BPT(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        nv_sm_fault(w, NV_SM_ERR_TRAP, 0, false, __builtin_ctz(mask));
    }
}

/* YIELD/NANOSLEEP: let another group of the warp (and other warps) run. */
static void exec_YIELD(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask && (w->alive & ~w->blocked & ~w->active)) {
        w->rotate = true;
        nv_sm_resched(w);
    }
}

static void exec_nop(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
}

/* ---- convergence barriers ---- */

/*
 * A convergence barrier holds per-thread membership: BSSY adds the lanes
 * that execute it (groups that diverged may use the same barrier in
 * different code, as ptxas allocates them), BSYNC waits until every member
 * has arrived at a BSYNC of that barrier (at any PC), and completion empties
 * it, so the next BSSY starts afresh (loops re-enter with fewer lanes).
 */
static void exec_BSSY(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    w->conv[in->mod.ctl.barrier] |= mask;
}

static void exec_BSYNC(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    unsigned b = in->mod.ctl.barrier;
    uint32_t need = w->conv[b] & w->alive;
    uint32_t wait = branch_pred(w, in, mask) & need;

    if (!wait) {
        return;
    }
    if (!(need & ~w->active)) {
        w->conv[b] &= ~need;    /* the fast path: every member is here */
        return;
    }
    nv_sm_block(w, wait, NV_SM_WAIT_BSYNC, b, 0);
}

static void exec_BREAK(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t leave = branch_pred(w, in, mask);

    if (leave) {
        w->conv[in->mod.ctl.barrier] &= ~leave;
        /* lanes already waiting may now be complete */
        if (w->blocked) {
            nv_sm_resched(w);
        }
    }
}

/* BMOV: convergence barrier <-> register (spilled around calls). */
/*
 * BMOV with MACTIVE: saving it puts the executing lanes in the barrier;
 * restoring it (widened to whole quads with .PQUAD, as ptxas does around
 * tex3DGrad's quad) may neither revive lanes the model has not got at this
 * PC (exited or diverged: hardware would run them as helpers) nor drop
 * some: that is refused, not approximated.
 */
static void bmov_mactive(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    unsigned b = in->mod.ctl.barrier;
    uint32_t want;

    if (in->op12 == 0xf55) {
        w->conv[b] = mask;
        return;
    }
    want = w->conv[b];
    if (in->mod.ctl.pquad) {
        for (unsigned l = 0; l < NV_SM_LANES; l += 4) {
            want |= ((want >> l) & 0xf) ? 0xfu << l : 0;
        }
    }
    if ((want & w->alive) != mask) {
        nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, w->pc, false, __builtin_ctz(mask));
    }
}

static void exec_BMOV(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    unsigned b = in->mod.ctl.barrier;
    uint32_t v[NV_SM_LANES];

    if (!mask) {
        return;
    }
    if (in->op12 == 0xf55 || in->op12 == 0xf56) {
        bmov_mactive(w, in, mask);
        return;
    }
    if (in->op12 == 0x355) {
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            v[l] = w->conv[b];
        }
        nv_sm_write(w, in->dst.reg, v, mask);
        if (in->mod.ctl.clear) {
            w->conv[b] = 0;
        }
    } else {
        /* each lane restores its own membership from its copy */
        const uint32_t *r = nv_sm_rrow(w, in->src[0].reg);
        uint32_t member = 0;

        for (uint32_t m = mask; m; m &= m - 1) {
            unsigned l = __builtin_ctz(m);

            member |= r[l] & (1u << l);
        }
        w->conv[b] = (w->conv[b] & ~mask) | member;
    }
}

static void exec_WARPSYNC(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t tmp[NV_SM_LANES];
    const uint32_t *m = nv_sm_src(w, &in->src[0], tmp);
    uint32_t arrive = branch_pred(w, in, mask);
    uint32_t want;

    if (!arrive) {
        return;
    }
    want = m[__builtin_ctz(arrive)] & w->alive;
    if (!(want & ~w->active)) {
        return;             /* all named lanes are here */
    }
    nv_sm_block(w, arrive, NV_SM_WAIT_WARPSYNC, 0, want);
}

/* ---- block barriers ---- */

static void exec_BAR(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModCtl *c = &in->mod.ctl;
    /* the register form decodes with RZ only: barrier 0, all threads */
    unsigned id = in->src[0].kind == NV_SASS_OPND_IMM ? in->src[0].imm : 0;
    uint32_t count = in->src[1].kind == NV_SASS_OPND_IMM ? in->src[1].imm : 0;
    int red = c->bar_mode == 2 ? c->bar_red : -1;
    uint32_t pred = c->bar_mode == 2 ? nv_sm_pred(w, in->psrc[0]) : 0;

    if (!mask) {
        return;
    }
    nv_sm_bar_arrive(w, id, count, mask, red, pred);
    if (c->bar_mode != 1) {
        nv_sm_block(w, mask, NV_SM_WAIT_BAR, id % NV_SM_CTA_BARRIERS, 0);
    }
}

static void exec_B2R(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t v[NV_SM_LANES];

    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        v[l] = w->bar_result;
    }
    nv_sm_write(w, in->dst.reg, v, mask);
    nv_sm_set_pred(w, in->pdst[0], w->bar_result ? NV_SM_ALL_LANES : 0, mask);
}

/* ---- warp-wide operations ---- */

/* MOVM.16.MT88: lane l holds row l / 4, elements 2(l % 4) and 2(l % 4) + 1; so it gets the transpose's. */
static void exec_MOVM(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const uint32_t *a = nv_sm_rrow(w, in->src[0].reg);
    uint16_t m[8][8];
    uint32_t v[NV_SM_LANES];

    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        m[l / 4][2 * (l % 4)] = (uint16_t)a[l];
        m[l / 4][2 * (l % 4) + 1] = (uint16_t)(a[l] >> 16);
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        unsigned g = l / 4, t = l % 4;

        v[l] = m[2 * t][g] | (uint32_t)m[2 * t + 1][g] << 16;
    }
    nv_sm_write(w, in->dst.reg, v, mask);
}

static void exec_VOTE(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t ballot = nv_sm_pred(w, in->psrc[0]) & mask;
    uint32_t res;

    switch (in->mod.warp.mode) {
    case 0:
        res = ballot == mask;
        break;
    case 1:
        res = ballot != 0;
        break;
    default:
        res = ballot == 0 || ballot == mask;
        break;
    }
    if (in->uniform) {
        if (mask) {
            nv_sm_set_ureg(w, in->dst.reg, ballot);
            nv_sm_set_pred(w, in->pdst[0], res, mask);
        }
        return;
    }
    {
        uint32_t v[NV_SM_LANES];

        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            v[l] = ballot;
        }
        nv_sm_write(w, in->dst.reg, v, mask);
        nv_sm_set_pred(w, in->pdst[0], res ? NV_SM_ALL_LANES : 0, mask);
    }
}

/* SHFL: the PTX shfl.sync lane selection; c packs clamp (0..4) and segment mask (8..12). */
static void exec_SHFL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t tb[NV_SM_LANES], tc[NV_SM_LANES], v[NV_SM_LANES], ok = 0;
    const uint32_t *a = nv_sm_rrow(w, in->src[0].reg);
    const uint32_t *b = nv_sm_src(w, &in->src[1], tb);
    const uint32_t *c = nv_sm_src(w, &in->src[2], tc);

    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        uint32_t bv = b[l] & 31, clamp = c[l] & 31, seg = (c[l] >> 8) & 31;
        int max_lane = (int)((l & seg) | (clamp & ~seg)), min_lane = (int)(l & seg);
        int j;
        bool in_range;

        switch (in->mod.warp.mode) {
        case 0:     /* IDX */
            j = (int)((uint32_t)min_lane | (bv & ~seg));
            in_range = j <= max_lane;
            break;
        case 1:     /* UP */
            j = (int)l - (int)bv;
            in_range = j >= max_lane;
            break;
        case 2:     /* DOWN */
            j = (int)l + (int)bv;
            in_range = j <= max_lane;
            break;
        default:    /* BFLY */
            j = (int)(l ^ bv);
            in_range = j <= max_lane;
            break;
        }
        if (!in_range || j < 0 || j > 31) {
            j = (int)l;
            in_range = false;
        }
        v[l] = a[j];
        ok |= (uint32_t)in_range << l;
    }
    nv_sm_write(w, in->dst.reg, v, mask);
    nv_sm_set_pred(w, in->pdst[0], ok, mask);
}

static void exec_MATCH(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t v[NV_SM_LANES], all_same = 0;
    bool u64 = in->mod.warp.u64;

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint64_t key = u64 ? pair(w, in->src[0].reg, l) : nv_sm_rrow(w, in->src[0].reg)[l];
        uint32_t same = 0;

        for (uint32_t n = mask; n; n &= n - 1) {
            unsigned k = __builtin_ctz(n);
            uint64_t other = u64 ? pair(w, in->src[0].reg, k) : nv_sm_rrow(w, in->src[0].reg)[k];

            same |= (uint32_t)(other == key) << k;
        }
        v[l] = same;
        all_same |= (uint32_t)(same == mask) << l;
    }
    if (in->mod.warp.mode == 0) {
        /* MATCH.ALL: the whole mask when every lane agrees, else 0 */
        for (uint32_t m = mask; m; m &= m - 1) {
            unsigned l = __builtin_ctz(m);

            v[l] = all_same == mask ? mask : 0;
        }
        nv_sm_set_pred(w, in->pdst[0], all_same == mask ? NV_SM_ALL_LANES : 0, mask);
    }
    nv_sm_write(w, in->dst.reg, v, mask);
}

/* ---- special registers ---- */

static uint64_t clock_ns(NvSmWarp *w)
{
    NvSmLaunch *l = w->l;

    return l->mem.time_ns ? l->mem.time_ns(l->mem.opaque) : (uint64_t)g_get_monotonic_time() * 1000;
}

/* The thread coordinates of the warp's lanes from lane 0 on (counted, not divided). */
static void lane_tids(const NvSmWarp *w, unsigned lanes, uint32_t tid[][3])
{
    const NvSmLaunchDesc *d = &w->l->d;
    uint32_t t = w->index * NV_SM_LANES;
    uint32_t x = t % d->block[0], y = t / d->block[0] % d->block[1];
    uint32_t z = t / d->block[0] / d->block[1];

    for (unsigned l = 0; l < lanes; l++) {
        tid[l][0] = x;
        tid[l][1] = y;
        tid[l][2] = z;
        if (++x == d->block[0]) {
            x = 0;
            if (++y == d->block[1]) {
                y = 0;
                z++;
            }
        }
    }
}

/* Special register sr of lane l, whose thread coordinates are tid. */
static uint32_t sreg_value(NvSmWarp *w, unsigned sr, unsigned l, const uint32_t tid[3])
{
    const NvSmLaunchDesc *d = &w->l->d;
    uint32_t tx = tid[0], ty = tid[1], tz = tid[2];
    uint32_t lt = (1u << l) - 1;

    switch (sr) {
    case SR_LANEID:
        return l;
    case SR_VIRTCFG:
        return NV_SM_LANES | NV_SM_WARPS_PER_SM << 8 | (d->sm_count & 0x1ff) << 20;
    case SR_VIRTID:
        return l | (w->index & 0x7f) << 8;
    case SR_TID:
        return (tx & 0x7ff) | (ty & 0x3ff) << 16 | (tz & 0x3f) << 26;
    case SR_TID_X:
        return tx;
    case SR_TID_Y:
        return ty;
    case SR_TID_Z:
        return tz;
    case SR_CTAID_X:
    case SR_CTAID_Y:
    case SR_CTAID_Z:
        return w->cta->id[sr - SR_CTAID_X];
    case SR_NTID:
    case SR_NLATC:
        return w->l->threads;
    case SR_SWINLO:
        return (uint32_t)d->shared_window;
    case SR_SWINHI:
        return (uint32_t)(d->shared_window >> 32);
    case SR_LWINLO:
        return (uint32_t)d->local_window;
    case SR_LWINHI:
        return (uint32_t)(d->local_window >> 32);
    case SR_SWINSZ:
    case SR_LWINSZ:
        return 1u << NV_SM_WINDOW_SIZE_BITS;
    case SR_SMEMSZ:
        return d->shared_bytes;
    case SR_SMEMBANKS:
        return 32;
    case SR_LMEMLOSZ:
        return d->local_bytes;
    case SR_EQMASK:
        return 1u << l;
    case SR_LTMASK:
        return lt;
    case SR_LEMASK:
        return lt | 1u << l;
    case SR_GTMASK:
        return ~(lt | 1u << l);
    case SR_GEMASK:
        return ~lt;
    case SR_REGALLOC:
        return d->regs;
    case SR_VIRTUALSMID:
        return d->sm_count ? (w->cta->id[0] + w->cta->id[1] * d->grid[0]) % d->sm_count : 0;
    case SR_CLOCK:
    case SR_CLOCKLO:
        return (uint32_t)clock_ns(w);
    case SR_CLOCKHI:
        return (uint32_t)(clock_ns(w) >> 32);
    case SR_GLOBALTIMERLO:
        return (uint32_t)clock_ns(w);
    case SR_GLOBALTIMERHI:
        return (uint32_t)(clock_ns(w) >> 32);
    case SR_THREAD_KILL:        /* gl_HelperInvocation: a lane whose pixel is not covered */
        return d->gfx && d->gfx->stage == NV_SM_STAGE_PIXEL &&
               (w->alive >> l & 1) && !d->gfx->pixels[nv_sm_gfx_thread(w, l)].covered;
    default:
        return 0;
    }
}

static void exec_S2R(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t v[NV_SM_LANES], tid[NV_SM_LANES][3];
    unsigned sr = in->src[0].reg;

    if (sr >= SR_CTAID_X && sr <= SR_CTAID_Z) {
        /* every kernel reads these first: the same in every lane */
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            v[l] = w->cta->id[sr - SR_CTAID_X];
        }
    } else {
        lane_tids(w, NV_SM_LANES, tid);
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            v[l] = sr == SR_TID_X ? tid[l][0] : sreg_value(w, sr, l, tid[l]);
        }
    }
    nv_sm_write(w, in->dst.reg, v, mask);
}

/* CS2R: 64-bit reads fill a register pair (SR_CLOCKLO: the whole clock). */
static void exec_CS2R(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t lo[NV_SM_LANES], hi[NV_SM_LANES], tid[NV_SM_LANES][3];
    unsigned sr = in->src[0].reg;

    lane_tids(w, NV_SM_LANES, tid);
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        lo[l] = sr == NV_SASS_SRZ ? 0 : sreg_value(w, sr, l, tid[l]);
        hi[l] = sr == NV_SASS_SRZ ? 0 : sreg_value(w, sr + 1, l, tid[l]);
    }
    nv_sm_write(w, in->dst.reg, lo, mask);
    if (in->mod.ctl.cs2r_64 && in->dst.reg != NV_SASS_RZ) {
        nv_sm_write(w, in->dst.reg + 1u, hi, mask);
    }
}

static void exec_S2UR(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    if (mask) {
        unsigned l = __builtin_ctz(mask);
        uint32_t tid[NV_SM_LANES][3];

        lane_tids(w, l + 1, tid);
        nv_sm_set_ureg(w, in->dst.reg, sreg_value(w, in->src[0].reg, l, tid[l]));
    }
}

/* ---- executors by opcode (exec-table.c) ---- */

NV_SM_EXECUTOR(BRA, exec_BRA)
NV_SM_EXECUTOR(BRX, exec_BRX)
NV_SM_EXECUTOR(CALL, exec_CALL)
NV_SM_EXECUTOR(RET, exec_RET)
NV_SM_EXECUTOR(LEPC, exec_LEPC)
NV_SM_EXECUTOR(EXIT, exec_EXIT)
NV_SM_EXECUTOR(BPT, exec_BPT)
NV_SM_EXECUTOR(YIELD, exec_YIELD)
NV_SM_EXECUTOR(NANOSLEEP, exec_YIELD)
NV_SM_EXECUTOR(NOP, exec_nop)
NV_SM_EXECUTOR(DEPBAR, exec_nop)    /* results are never late in the model */
NV_SM_EXECUTOR(BSSY, exec_BSSY)
NV_SM_EXECUTOR(BSYNC, exec_BSYNC)
NV_SM_EXECUTOR(BREAK, exec_BREAK)
NV_SM_EXECUTOR(BMOV, exec_BMOV)
NV_SM_EXECUTOR(WARPSYNC, exec_WARPSYNC)
NV_SM_EXECUTOR(BAR, exec_BAR)
NV_SM_EXECUTOR(B2R, exec_B2R)
NV_SM_EXECUTOR(VOTE, exec_VOTE)
NV_SM_EXECUTOR(MOVM, exec_MOVM)
NV_SM_EXECUTOR(VOTEU, exec_VOTE)
NV_SM_EXECUTOR(SHFL, exec_SHFL)
NV_SM_EXECUTOR(MATCH, exec_MATCH)
NV_SM_EXECUTOR(S2R, exec_S2R)
NV_SM_EXECUTOR(CS2R, exec_CS2R)
NV_SM_EXECUTOR(S2UR, exec_S2UR)
