/*
 * CTAs: their warps, block barriers and lifecycle.
 *
 * A CTA runs whole on one worker: its warps interleave in quanta and at
 * block barriers, so shared memory needs no locks. Global atomics use host
 * atomics on directly mapped memory (correct across workers), and the
 * memory lock otherwise. The round-robin position (warp, turn, what is left
 * of its quantum) lives in the CTA, so a run cut short by a slice's end
 * resumes exactly where it stopped: slices do not change the interleaving.
 *
 * Every allocation is charged against the array's cap (nv_sm_host_alloc).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

#define NV_SM_REG_BYTES     (sizeof(uint32_t) * NV_SM_LANES * NV_SM_ROWS)  /* per warp */

static uint32_t cta_live_threads(const NvSmCta *c)
{
    uint32_t n = 0;

    for (uint32_t i = 0; i < c->nwarps; i++) {
        n += (unsigned)__builtin_popcount(c->warps[i].alive);
    }
    return n;
}

/* Completes the block barriers every expected thread has reached. */
static bool cta_check_barriers(NvSmCta *c)
{
    bool released = false;
    uint32_t live = cta_live_threads(c);

    for (unsigned b = 0; b < NV_SM_CTA_BARRIERS; b++) {
        uint32_t want = c->bar_count[b] ? c->bar_count[b] : live;

        if (!c->bar_arrived[b] || c->bar_arrived[b] < want) {
            continue;
        }
        for (uint32_t i = 0; i < c->nwarps; i++) {
            NvSmWarp *w = &c->warps[i];
            uint32_t at = nv_sm_waiting_on(w, NV_SM_WAIT_BAR, b);

            w->bar_result = c->bar_acc[b];
            if (at) {
                nv_sm_release(w, at);
                if (!w->active) {
                    nv_sm_pick_group(w, false);
                }
            }
        }
        c->bar_arrived[b] = 0;
        c->bar_count[b] = 0;
        c->bar_acc[b] = c->bar_red[b] == 1 ? 1 : 0;  /* AND starts true */
        released = true;
    }
    return released;
}

void nv_sm_bar_arrive(NvSmWarp *w, unsigned id, uint32_t count, uint32_t lanes,
                      int red, uint32_t pred)
{
    NvSmCta *c = w->cta;

    id %= NV_SM_CTA_BARRIERS;
    if (!c->bar_arrived[id]) {
        c->bar_red[id] = red < 0 ? 0 : red;
        c->bar_acc[id] = red == 1 ? 1 : 0;
    }
    c->bar_arrived[id] += (unsigned)__builtin_popcount(lanes);
    c->bar_count[id] = count;
    switch (red) {
    case 0:
        c->bar_acc[id] += (unsigned)__builtin_popcount(lanes & pred);
        break;
    case 1:
        c->bar_acc[id] &= (lanes & ~pred) == 0;
        break;
    case 2:
        c->bar_acc[id] |= (lanes & pred) != 0;
        break;
    }
}

static bool cta_done(const NvSmCta *c)
{
    for (uint32_t i = 0; i < c->nwarps; i++) {
        if (c->warps[i].alive) {
            return false;
        }
    }
    return true;
}

static void warp_init(NvSmCta *c, NvSmWarp *w, uint32_t index, uint32_t threads)
{
    NvSmLaunch *l = c->l;

    w->cta = c;
    w->l = l;
    w->index = index;
    w->alive = threads >= 32 ? NV_SM_ALL_LANES : (1u << threads) - 1;
    w->active = w->alive;
    w->pc = l->d.entry;
    w->merge_pc = UINT64_MAX;
    w->p[NV_SASS_PT] = NV_SM_ALL_LANES;
    w->up = 1u << NV_SASS_PT;
    for (unsigned i = 0; i < NV_SM_WTLB_ENTRIES; i++) {
        w->tlb[i].vpn = UINT64_MAX;
    }
}

void nv_sm_cta_free(NvSmCta *c)
{
    NvSm *sm;

    if (!c) {
        return;
    }
    sm = c->l->sm;
    for (uint32_t i = 0; c->warps && i < c->nwarps; i++) {
        nv_sm_host_free(sm, c->warps[i].r, NV_SM_REG_BYTES);
        nv_sm_host_free(sm, c->warps[i].local, nv_sm_local_size(c->l));
    }
    nv_sm_host_free(sm, c->warps, sizeof(NvSmWarp) * c->nwarps);
    nv_sm_host_free(sm, c->shared, MAX(c->l->d.shared_bytes, 1));
    nv_sm_host_free(sm, c, sizeof(*c));
}

void nv_sm_cta_id(const NvSmLaunch *l, uint64_t index, uint32_t id[3])
{
    uint64_t gx = l->d.grid[0], gy = l->d.grid[1];

    id[0] = index % gx;
    id[1] = (index / gx) % gy;
    id[2] = index / gx / gy;
}

/* Sets c up as CTA number index: registers of the kernel, shared memory zeroed. */
static void cta_reset(NvSmCta *c, uint64_t index)
{
    NvSmLaunch *l = c->l;
    size_t live_rows = l->d.regs && l->d.regs < NV_SM_ZERO_ROW ? l->d.regs : NV_SM_ZERO_ROW;

    uint32_t threads = c->threads;

    /* graphics launches end mid-CTA: the threads past the last vertex or pixel do not exist */
    if (l->d.gfx && (uint64_t)index * c->threads + threads > l->d.gfx->threads) {
        threads = (uint32_t)(l->d.gfx->threads - MIN(index * c->threads, l->d.gfx->threads));
    }
    nv_sm_cta_id(l, index, c->id);
    c->cur = 0;
    c->turn = 0;
    c->left = NV_SM_WARP_QUANTUM;
    c->ran = false;
    memset(c->bar_arrived, 0, sizeof(c->bar_arrived));
    memset(c->bar_count, 0, sizeof(c->bar_count));
    memset(c->bar_acc, 0, sizeof(c->bar_acc));
    memset(c->shared, 0, MAX(l->d.shared_bytes, 1));
    for (uint32_t i = 0; i < c->nwarps; i++) {
        NvSmWarp *w = &c->warps[i];
        uint32_t (*r)[NV_SM_LANES] = w->r;
        uint8_t *local = w->local;
        bool reused = w->l == l;    /* this launch's: its code and translations hold */
        struct NvSmChunk *code[NV_SM_WCODE_ENTRIES];
        NvSmWtlbEntry tlb[NV_SM_WTLB_ENTRIES];

        memcpy(code, w->code, sizeof(code));
        memcpy(tlb, w->tlb, sizeof(tlb));
        memset(w, 0, sizeof(*w));
        w->r = r;
        w->local = local;
        /* rows past the kernel's register count can only hold this launch's data */
        memset(r, 0, sizeof(r[0]) * live_rows);
        memset(r[NV_SM_SCRATCH_ROW], 0, sizeof(r[0]) * (NV_SM_ROWS - NV_SM_SCRATCH_ROW));
        warp_init(c, w, i, threads > i * NV_SM_LANES ?
                           MIN(threads - i * NV_SM_LANES, NV_SM_LANES) : 0);
        if (reused) {
            memcpy(w->code, code, sizeof(code));
            memcpy(w->tlb, tlb, sizeof(tlb));
        }
    }
}

/* A new CTA's memory (local memory comes when a warp first uses it); NULL over the cap. */
static NvSmCta *cta_alloc(NvSmLaunch *l)
{
    NvSmCta *c = nv_sm_host_alloc(l->sm, sizeof(*c));

    if (!c) {
        return NULL;
    }
    c->l = l;
    c->threads = l->threads;
    c->nwarps = l->nwarps;
    c->warps = nv_sm_host_alloc(l->sm, sizeof(NvSmWarp) * c->nwarps);
    c->shared = nv_sm_host_alloc(l->sm, MAX(l->d.shared_bytes, 1));
    if (!c->warps || !c->shared) {
        nv_sm_cta_free(c);
        return NULL;
    }
    for (uint32_t i = 0; i < c->nwarps; i++) {
        c->warps[i].r = nv_sm_host_alloc(l->sm, NV_SM_REG_BYTES);
        if (!c->warps[i].r) {
            nv_sm_cta_free(c);
            return NULL;
        }
    }
    return c;
}

/*
 * A CTA for grid position index: reuse (a CTA of this launch that finished
 * on this worker), a spare one (allocations are the cost) or a new one.
 */
NvSmCta *nv_sm_cta_new(NvSmLaunch *l, uint64_t index, NvSmCta *reuse)
{
    NvSmCta *c = reuse;

    if (!c) {
        g_mutex_lock(&l->lock);
        if (l->spare->len) {
            c = g_ptr_array_steal_index_fast(l->spare, l->spare->len - 1);
        }
        g_mutex_unlock(&l->lock);
    }
    if (!c && !(c = cta_alloc(l))) {
        return NULL;
    }
    cta_reset(c, index);
    return c;
}

void nv_sm_cta_spare(NvSmLaunch *l, NvSmCta *c)
{
    if (l->spare->len < 64) {
        g_ptr_array_add(l->spare, c);
    } else {
        nv_sm_cta_free(c);
    }
}

/* A finished CTA's memory serves the next one. */
void nv_sm_cta_recycle(NvSmLaunch *l, NvSmCta *c)
{
    g_mutex_lock(&l->lock);
    l->live--;
    nv_sm_cta_spare(l, c);
    g_mutex_unlock(&l->lock);
}

/* The current warp's turn is over: the next warp's begins. */
static void next_turn(NvSmCta *c)
{
    c->cur = (c->cur + 1) % c->nwarps;
    c->turn++;
    c->left = NV_SM_WARP_QUANTUM;
}

/*
 * Every warp had its turn: completes barriers and starts the next round.
 * true when the CTA cannot go on (finished, or a barrier deadlock stopped it).
 */
static bool round_end(NvSmCta *c)
{
    if (cta_done(c)) {
        return true;
    }
    if (!cta_check_barriers(c) && !c->ran) {
        NvSmWarp *w = &c->warps[0];

        for (uint32_t i = 0; i < c->nwarps && !w->alive; i++) {
            w = &c->warps[i];
        }
        /* nothing can run and no barrier can complete: it would hang */
        w->pc = w->lpc[__builtin_ctz(w->alive)];
        nv_sm_fault(w, NV_SM_ERR_BARRIER, 0, false, __builtin_ctz(w->alive));
        return true;
    }
    c->turn = 0;
    c->ran = false;
    return false;
}

/*
 * Runs the CTA's warps round-robin, each for a quantum per turn, for up to
 * quantum warp-instructions or until t ends the slice. Returns true when the
 * CTA is over (finished or the launch stopped).
 */
bool nv_sm_cta_run(NvSmCta *c, uint64_t quantum, uint64_t *used, NvSmTimer *t)
{
    NvSmLaunch *l = c->l;
    uint64_t n = 0, lanes = 0;

    while (n < quantum && !t->over && !g_atomic_int_get(&l->stopped)) {
        NvSmWarp *w;

        if (c->turn == c->nwarps && round_end(c)) {
            break;
        }
        w = &c->warps[c->cur];
        if (!w->active) {
            next_turn(c);
            continue;
        }
        w->executed = w->lanes_executed = 0;
        nv_sm_warp_run(w, MIN(MIN((uint64_t)c->left, quantum - n), t->left));
        n += w->executed;
        lanes += w->lanes_executed;
        c->ran = true;
        if (w->executed >= c->left || !w->active) {
            next_turn(c);
        } else {
            c->left -= (uint32_t)w->executed;  /* cut short: the turn goes on next time */
        }
        nv_sm_timer_charge(l, t, w->executed);
    }
    *used += n;
    __atomic_fetch_add(&l->thread_insns, lanes, __ATOMIC_RELAXED);
    return cta_done(c) || g_atomic_int_get(&l->stopped);
}
