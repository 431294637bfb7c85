/*
 * A warp's instruction loop: the code cache it fetches from, and the
 * scheduling of its lanes with per-lane PCs.
 *
 * Scheduling (Volta-style independent threads): the warp executes one
 * group of lanes that share a PC. Straight-line code and branches every
 * active lane takes keep the group as it is (the fast path). When lanes
 * part (a divergent branch, a lane blocking on a barrier, EXIT), the
 * warp picks the group with the lowest PC; a group that reaches the PC of
 * another group merges with it. Lanes blocked on BSYNC/WARPSYNC are
 * released when every lane they wait for has arrived or exited. YIELD and
 * long divergent loops rotate between groups so spin-waits make progress.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include "sm-internal.h"

#define NV_SM_CHUNK_INSNS   64      /* instructions decoded together (1 KiB) */
#define NV_SM_CHUNK_BYTES   (NV_SM_CHUNK_INSNS * 16)
#define NV_SM_ROTATE_EVERY  64      /* divergent backward branches between rotations */
#define NV_SM_CODE_SLOTS    64      /* the launch's chunk table at first (it doubles) */

typedef struct NvSmCode {
    NvSassInsn in;
    NvSmExecFn fn;              /* NULL: illegal instruction */
    bool unguarded;             /* guard @PT: every active lane executes */
} NvSmCode;

typedef struct NvSmChunk {
    uint64_t base;
    bool fetch_fault;           /* the code could not be read */
    NvSmCode code[NV_SM_CHUNK_INSNS];
} NvSmChunk;

/* ---- code ---- */

static void chunk_decode(NvSmChunk *c, const uint8_t *bytes)
{
    for (unsigned i = 0; i < NV_SM_CHUNK_INSNS; i++) {
        uint64_t lo, hi;

        memcpy(&lo, bytes + i * 16, 8);
        memcpy(&hi, bytes + i * 16 + 8, 8);
        if (nv_sass_decode(GUINT64_FROM_LE(lo), GUINT64_FROM_LE(hi), c->base + i * 16,
                           &c->code[i].in)) {
            c->code[i].fn = nv_sm_executor_for(&c->code[i].in);
            c->code[i].unguarded = c->code[i].in.guard.index == NV_SASS_PT &&
                                   !c->code[i].in.guard.negate;
        }
    }
}

/* The launch's chunk table slot of base: its chunk, or the empty slot it goes to. */
static NvSmChunk **chunk_slot(NvSmChunk **table, size_t slots, uint64_t base)
{
    size_t mask = slots - 1;
    size_t i = (size_t)(((base / NV_SM_CHUNK_BYTES) * 0x9e3779b97f4a7c15ull) >> 32) & mask;

    while (table[i] && table[i]->base != base) {
        i = (i + 1) & mask;
    }
    return &table[i];
}

/* Doubles the chunk table (charged, like the chunks); false over the cap. */
static bool code_grow(NvSmLaunch *l)
{
    size_t slots = l->code_slots ? l->code_slots * 2 : NV_SM_CODE_SLOTS;
    NvSmChunk **table = nv_sm_host_alloc(l->sm, slots * sizeof(*table));

    if (!table) {
        return false;
    }
    for (size_t i = 0; i < l->code_slots; i++) {
        if (l->code[i]) {
            *chunk_slot(table, slots, l->code[i]->base) = l->code[i];
        }
    }
    nv_sm_host_free(l->sm, l->code, l->code_slots * sizeof(*table));
    l->code = table;
    l->code_slots = slots;
    return true;
}

/* Reads and decodes the chunk at base; NULL over the cap. */
static NvSmChunk *chunk_new(NvSmLaunch *l, uint64_t base)
{
    uint8_t bytes[NV_SM_CHUNK_BYTES];
    NvSmChunk *c = nv_sm_host_alloc(l->sm, sizeof(*c));

    if (c) {
        c->base = base;
        c->fetch_fault = !nv_sm_mem_read(l, base, bytes, sizeof(bytes));
        if (!c->fetch_fault) {
            chunk_decode(c, bytes);
        }
    }
    return c;
}

/*
 * The chunk at base, read and decoded once per launch (the code is read
 * once; *decoded set when that happened now). NULL over the cap: chunks stay
 * until the launch ends, as other warps may be running them.
 */
static NvSmChunk *chunk_get(NvSmLaunch *l, uint64_t base, bool *decoded)
{
    NvSmChunk *c = NULL;

    g_mutex_lock(&l->code_lock);
    if (l->code_slots) {
        c = *chunk_slot(l->code, l->code_slots, base);
    }
    /* at most half full, so probes stay short */
    if (!c && ((l->code_count + 1) * 2 <= l->code_slots || code_grow(l)) &&
        (c = chunk_new(l, base))) {
        *chunk_slot(l->code, l->code_slots, base) = c;
        l->code_count++;
        *decoded = true;
    }
    g_mutex_unlock(&l->code_lock);
    return c;
}

void nv_sm_code_free(NvSmLaunch *l)
{
    for (size_t i = 0; i < l->code_slots; i++) {
        nv_sm_host_free(l->sm, l->code[i], sizeof(NvSmChunk));
    }
    nv_sm_host_free(l->sm, l->code, l->code_slots * sizeof(*l->code));
    l->code = NULL;
    l->code_slots = l->code_count = 0;
}

/* A chunk the warp's cache misses (its decode charged to *n); NULL after a fault. */
static NvSmChunk *fetch_miss(NvSmWarp *w, uint64_t base, uint64_t *n)
{
    bool decoded = false;
    NvSmChunk *c = chunk_get(w->l, base, &decoded);

    if (!c) {
        nv_sm_fault(w, NV_SM_ERR_RESOURCE, w->pc, false, __builtin_ctz(w->active));
        return NULL;
    }
    *n += decoded ? NV_SM_DECODE_COST : 0;
    w->code[(base / NV_SM_CHUNK_BYTES) % NV_SM_WCODE_ENTRIES] = c;
    return c;
}

/* The instruction at the warp's PC, or NULL after reporting why not. */
static const NvSmCode *fetch(NvSmWarp *w, uint64_t *n)
{
    uint64_t base = w->pc & ~(uint64_t)(NV_SM_CHUNK_BYTES - 1);
    unsigned slot = (base / NV_SM_CHUNK_BYTES) % NV_SM_WCODE_ENTRIES;
    NvSmChunk *c = w->code[slot];

    if (w->pc & 15) {
        nv_sm_fault(w, NV_SM_ERR_MISALIGNED, w->pc, false, 0);
        return NULL;
    }
    if ((!c || c->base != base) && !(c = fetch_miss(w, base, n))) {
        return NULL;
    }
    if (c->fetch_fault) {
        nv_sm_fault(w, NV_SM_ERR_MMU, w->pc, false, 0);
        return NULL;
    }
    return &c->code[(w->pc - base) / 16];
}

/* ---- warp scheduling ---- */

static uint32_t runnable(const NvSmWarp *w)
{
    return w->alive & ~w->blocked;
}

/*
 * Chooses the next group: the lowest PC among runnable lanes, or with
 * rotate, the lowest PC above the current one (wrapping), so that a group
 * spinning at a low PC lets the others run.
 */
void nv_sm_pick_group(NvSmWarp *w, bool rotate)
{
    uint32_t run = runnable(w);
    uint64_t best = UINT64_MAX, above = UINT64_MAX, merge = UINT64_MAX;

    w->active = 0;
    if (!run) {
        return;
    }
    for (uint32_t m = run; m; m &= m - 1) {
        uint64_t pc = w->lpc[__builtin_ctz(m)];

        best = MIN(best, pc);
        if (pc > w->pc) {
            above = MIN(above, pc);
        }
    }
    if (rotate && above != UINT64_MAX) {
        best = above;
    }
    for (uint32_t m = run; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        if (w->lpc[l] == best) {
            w->active |= 1u << l;
        } else if (w->lpc[l] > best) {
            merge = MIN(merge, w->lpc[l]);
        }
    }
    w->pc = best;
    w->merge_pc = merge;
}

/* Saves the group's lanes at PC pc (they are leaving the fast path). */
static void save_group(NvSmWarp *w, uint32_t lanes, uint64_t pc)
{
    for (uint32_t m = lanes; m; m &= m - 1) {
        w->lpc[__builtin_ctz(m)] = pc;
    }
}

static bool diverged(const NvSmWarp *w)
{
    return (runnable(w) & ~w->active) != 0;
}

void nv_sm_branch(NvSmWarp *w, uint32_t taken, uint64_t target)
{
    taken &= w->active;
    if (!taken) {
        return;
    }
    if (taken == w->active && !diverged(w)) {
        w->next_pc = target;
        return;
    }
    if (target < w->pc && diverged(w) && ++w->div_branches % NV_SM_ROTATE_EVERY == 0) {
        w->rotate = true;
    }
    save_group(w, w->active & ~taken, w->next_pc);
    save_group(w, taken, target);
    w->resched = true;
}

void nv_sm_branch_lanes(NvSmWarp *w, uint32_t taken, const uint64_t target[NV_SM_LANES])
{
    uint32_t same = 0;

    taken &= w->active;
    if (!taken) {
        return;
    }
    for (uint32_t m = taken; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        same |= (uint32_t)(target[l] == target[__builtin_ctz(taken)]) << l;
    }
    if (same == taken) {
        nv_sm_branch(w, taken, target[__builtin_ctz(taken)]);
        return;
    }
    save_group(w, w->active & ~taken, w->next_pc);
    for (uint32_t m = taken; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        w->lpc[l] = target[l];
    }
    w->resched = true;
}

void nv_sm_block(NvSmWarp *w, uint32_t lanes, NvSmWait kind, uint8_t arg, uint32_t mask_arg)
{
    lanes &= w->active;
    if (!lanes) {
        return;
    }
    save_group(w, w->active & ~lanes, w->next_pc);
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        w->lpc[l] = w->pc;      /* released lanes resume after the waiting instruction */
        w->wait[l] = kind;
        w->wait_arg[l] = arg;
        w->wait_mask[l] = mask_arg;
    }
    w->blocked |= lanes;
    w->resched = true;
}

void nv_sm_resched(NvSmWarp *w)
{
    save_group(w, w->active, w->next_pc);
    w->resched = true;
}

void nv_sm_exit(NvSmWarp *w, uint32_t lanes)
{
    lanes &= w->active;
    if (!lanes) {
        return;
    }
    save_group(w, w->active & ~lanes, w->next_pc);
    w->alive &= ~lanes;
    w->resched = true;
}

void nv_sm_gfx_exit(NvSmWarp *w, uint32_t lanes)
{
    const NvSmGfx *g = w->l->d.gfx;

    for (uint32_t m = lanes & w->active; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint64_t t = nv_sm_gfx_thread(w, l);

        for (unsigned r = 0; r < g->ps_out_regs; r++) {
            g->ps_out[t * g->ps_out_regs + r] = nv_sm_rrow(w, r)[l];
        }
        g->ps_kept[t] = g->pixels[t].covered;
    }
}

void nv_sm_release(NvSmWarp *w, uint32_t lanes)
{
    lanes &= w->blocked;
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        w->lpc[l] += 16;
        w->wait[l] = NV_SM_WAIT_NONE;
    }
    w->blocked &= ~lanes;
}

uint32_t nv_sm_waiting_on(const NvSmWarp *w, NvSmWait kind, int arg)
{
    uint32_t lanes = 0;

    for (uint32_t m = w->blocked; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        if (w->wait[l] == kind && (arg < 0 || w->wait_arg[l] == arg)) {
            lanes |= 1u << l;
        }
    }
    return lanes;
}

/* Releases lanes whose convergence (BSYNC) or WARPSYNC condition now holds. */
void nv_sm_check_waits(NvSmWarp *w)
{
    uint32_t ws;

    for (unsigned b = 0; b < NV_SM_CONV_BARRIERS; b++) {
        uint32_t at = nv_sm_waiting_on(w, NV_SM_WAIT_BSYNC, b);

        if (at && !(w->conv[b] & w->alive & ~at)) {
            w->conv[b] &= ~at;
            nv_sm_release(w, at);
        }
    }
    ws = nv_sm_waiting_on(w, NV_SM_WAIT_WARPSYNC, -1);
    for (uint32_t m = ws; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);

        if (!(w->wait_mask[l] & w->alive & ~ws)) {
            nv_sm_release(w, 1u << l);
        }
    }
}

/* After an executor changed lane state: pick the next group. */
static void reschedule(NvSmWarp *w)
{
    if (!w->resched) {
        /* the group reached another group's PC: merge them */
        save_group(w, w->active, w->pc);
    }
    w->resched = false;
    nv_sm_check_waits(w);
    nv_sm_pick_group(w, w->rotate);
    w->rotate = false;
}

static void trace_insn(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    char text[160], line[256];

    nv_sass_disasm(in, text, sizeof(text));
    snprintf(line, sizeof(line), "cta %u,%u,%u warp %u pc 0x%" G_GINT64_MODIFIER "x "
             "active %08x exec %08x: %s", w->cta->id[0], w->cta->id[1], w->cta->id[2],
             w->index, in->pc, w->active, mask, text);
    w->l->d.trace(w->l->d.trace_opaque, line);
}

/* The code entry after c when the group goes straight on to next (NULL: fetch). */
static const NvSmCode *straight_on(const NvSmWarp *w, const NvSmCode *c, uint64_t next)
{
    return next == w->pc + 16 && next % NV_SM_CHUNK_BYTES ? c + 1 : NULL;
}

/*
 * Runs the warp until it blocks, finishes or used quantum warp-instructions.
 * Aligned to a cache line, as the executors are (meson.build): otherwise
 * where the linker happened to put the loop moved the interpreter's rate by
 * 20% between builds that differed in unrelated functions.
 */
__attribute__((aligned(64))) void nv_sm_warp_run(NvSmWarp *w, uint64_t quantum)
{
    NvSmLaunch *l = w->l;
    bool tracing = l->d.trace != NULL;
    const NvSmCode *c = NULL;
    uint64_t n = 0, lanes = 0;

    while (w->active && n < quantum) {
        uint32_t mask;

        /* straight-line code steps through the chunk without a lookup */
        if (!c && !(c = fetch(w, &n))) {
            break;
        }
        if (!c->fn) {
            nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, w->pc, false, __builtin_ctz(w->active));
            break;
        }
        mask = c->unguarded ? w->active : w->active & nv_sm_pred(w, c->in.guard);
        if (G_UNLIKELY(tracing)) {
            trace_insn(w, &c->in, mask);
        }
        w->next_pc = w->pc + 16;
        c->fn(w, &c->in, mask);
        n++;
        /* popcount is a library call on baseline x86-64: skip it for full warps */
        lanes += mask == NV_SM_ALL_LANES ? NV_SM_LANES : (unsigned)__builtin_popcount(mask);
        if (G_UNLIKELY(nv_sm_stopped(w))) {
            break;
        }
        if (w->resched) {
            reschedule(w);
            c = NULL;
        } else {
            c = straight_on(w, c, w->next_pc);
            w->pc = w->next_pc;
            if (G_UNLIKELY(w->pc >= w->merge_pc)) {
                reschedule(w);
                c = NULL;
            }
        }
    }
    w->executed += n;
    w->lanes_executed += lanes;
}

/* ---- test hook ---- */

bool nv_sm_test_exec(NvSmWarp *w, uint64_t lo, uint64_t hi)
{
    NvSassInsn in;
    NvSmExecFn fn;

    if (!nv_sass_decode(lo, hi, w->pc, &in) || !(fn = nv_sm_executor_for(&in))) {
        return false;
    }
    w->next_pc = w->pc + 16;
    fn(w, &in, w->active & nv_sm_pred(w, in.guard));
    if (w->resched) {
        reschedule(w);
    } else {
        w->pc = w->next_pc;
    }
    return true;
}
