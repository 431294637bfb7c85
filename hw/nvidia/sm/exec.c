/*
 * The SM interpreter core: code cache, warp scheduling with per-lane PCs,
 * CTAs and their barriers, launches run in slices on worker threads.
 *
 * Warp scheduling (Volta-style independent threads): the warp executes one
 * group of lanes that share a PC. Straight-line code and branches every
 * active lane takes keep the group as it is (the fast path). When lanes
 * part (a divergent branch, a lane blocking on a barrier, EXIT), the
 * warp picks the group with the lowest PC; a group that reaches the PC of
 * another group merges with it. Lanes blocked on BSYNC/WARPSYNC are
 * released when every lane they wait for has arrived or exited. YIELD and
 * long divergent loops rotate between groups so spin-waits make progress.
 *
 * CTAs run whole on one worker: its warps interleave in quanta and at
 * block barriers, so shared memory needs no locks. Global atomics use host
 * atomics on directly mapped memory (correct across workers), and the
 * memory lock otherwise.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include "sm-internal.h"

#define NV_SM_CHUNK_INSNS   64      /* instructions decoded together (1 KiB) */
#define NV_SM_CHUNK_BYTES   (NV_SM_CHUNK_INSNS * 16)
#define NV_SM_WARP_QUANTUM  1024    /* warp-instructions before the next warp runs */
#define NV_SM_CTA_QUANTUM   (1u << 16)  /* per CTA turn on a worker */
#define NV_SM_ROTATE_EVERY  64      /* divergent backward branches between rotations */

typedef struct NvSmCode {
    NvSassInsn in;
    NvSmExecFn fn;              /* NULL: illegal instruction */
} NvSmCode;

typedef struct NvSmChunk {
    uint64_t base;
    bool fetch_fault;           /* the code could not be read */
    NvSmCode code[NV_SM_CHUNK_INSNS];
} NvSmChunk;

struct NvSm {
    unsigned workers;
    GThreadPool *pool;
    GMutex lock;
    GCond done;
    unsigned running;           /* pool tasks of the current slice */
};

/* ---- the executor table ---- */

/*
 * The executors are also built for x86-64 hosts with AVX2/FMA/BMI (the
 * 32-lane loops then vectorise 8 wide, 2-3x faster) where the build links
 * them (a weak reference: NULL otherwise); pick them when the host has
 * those extensions, and the baseline build otherwise.
 */
extern const NvSmExecFn nv_sm_exec_table_v3[NV_SASS_OP_COUNT] __attribute__((weak));

static const NvSmExecFn *exec_table;

const NvSmExecFn *nv_sm_exec_table_get(bool v3)
{
    return v3 ? nv_sm_exec_table_v3 : nv_sm_exec_table;
}

static bool use_v3(void)
{
#if defined(__x86_64__)
    if (!nv_sm_exec_table_v3 || g_getenv("NVGPU_SM_BASELINE")) {
        return false;       /* not built, or NVGPU_SM_BASELINE=1 (tests run both) */
    }
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
#else
    return false;
#endif
}

static gpointer exec_table_init(gpointer unused)
{
    exec_table = use_v3() ? nv_sm_exec_table_v3 : nv_sm_exec_table;
    return NULL;
}

NvSmExecFn nv_sm_executor(unsigned opcode)
{
    static GOnce once = G_ONCE_INIT;

    g_once(&once, exec_table_init, NULL);
    return opcode < NV_SASS_OP_COUNT ? exec_table[opcode] : NULL;
}

/* ---- errors ---- */

static const char *const error_names[] = {
    [NV_SM_OK] = "ok",
    [NV_SM_ERR_MMU] = "MMU fault",
    [NV_SM_ERR_OOR_ADDR] = "out-of-range address",
    [NV_SM_ERR_MISALIGNED] = "misaligned address",
    [NV_SM_ERR_ILLEGAL_INSN] = "illegal instruction",
    [NV_SM_ERR_TRAP] = "trap",
    [NV_SM_ERR_TIMEOUT] = "instruction budget exhausted",
    [NV_SM_ERR_BARRIER] = "barrier deadlock",
    [NV_SM_ERR_RESOURCE] = "out of host memory",
};

const char *nv_sm_error_name(NvSmErrorKind kind)
{
    return (unsigned)kind < G_N_ELEMENTS(error_names) ? error_names[kind] : "?";
}

static void launch_error(NvSmLaunch *l, const NvSmError *e)
{
    g_mutex_lock(&l->lock);
    if (!l->stopped) {
        l->err = *e;
        g_atomic_int_set(&l->stopped, 1);
    }
    g_mutex_unlock(&l->lock);
}

void nv_sm_fault(NvSmWarp *w, NvSmErrorKind kind, uint64_t addr, bool write, uint32_t lane)
{
    NvSmError e = {
        .kind = kind, .pc = w->pc, .addr = addr, .write = write,
        .warp = w->index, .lane = lane,
    };

    memcpy(e.cta, w->cta->id, sizeof(e.cta));
    launch_error(w->l, &e);
}

bool nv_sm_stopped(const NvSmWarp *w)
{
    return g_atomic_int_get(&w->l->stopped);
}

/* ---- operands ---- */

uint32_t nv_sm_cbuf32(NvSmWarp *w, unsigned bank, uint32_t offset)
{
    NvSmLaunch *l = w->l;
    uint32_t v;

    if (bank >= NV_SM_CBUF_BANKS || !l->cbuf[bank] || offset > l->cbuf_size[bank] - 4 ||
        l->cbuf_size[bank] < 4) {
        return 0;
    }
    memcpy(&v, l->cbuf[bank] + (offset & ~3u), 4);
    return GUINT32_FROM_LE(v);
}

static uint32_t cbuf_operand(NvSmWarp *w, const NvSassOperand *o, uint32_t extra)
{
    /* cx[URn][off]: the bank comes from a uniform register (bits 0..4) */
    unsigned bank = o->mods & NV_SASS_MOD_CX ? nv_sm_ureg(w, o->reg) & 0x1f : o->reg;

    return nv_sm_cbuf32(w, bank, o->imm + extra);
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

/* ---- memory through the provider ---- */

bool nv_sm_mem_read(NvSmLaunch *l, uint64_t va, void *buf, size_t len)
{
    uint8_t *out = buf;
    bool ok = true;

    g_mutex_lock(&l->mem_lock);
    while (len && ok) {
        size_t chunk = MIN(len, NV_SM_PAGE_SIZE - (va & (NV_SM_PAGE_SIZE - 1)));
        bool fault = false;
        uint8_t *page = l->mem.page ? l->mem.page(l->mem.opaque, va & ~(uint64_t)(NV_SM_PAGE_SIZE - 1),
                                                  false, &fault) : NULL;

        if (page) {
            memcpy(out, page + (va & (NV_SM_PAGE_SIZE - 1)), chunk);
        } else {
            ok = !fault && l->mem.read && l->mem.read(l->mem.opaque, va, out, chunk);
        }
        out += chunk;
        va += chunk;
        len -= chunk;
    }
    g_mutex_unlock(&l->mem_lock);
    return ok;
}

/* ---- code ---- */

static void chunk_decode(NvSmChunk *c, const uint8_t *bytes)
{
    for (unsigned i = 0; i < NV_SM_CHUNK_INSNS; i++) {
        uint64_t lo, hi;

        memcpy(&lo, bytes + i * 16, 8);
        memcpy(&hi, bytes + i * 16 + 8, 8);
        if (nv_sass_decode(GUINT64_FROM_LE(lo), GUINT64_FROM_LE(hi), c->base + i * 16,
                           &c->code[i].in)) {
            c->code[i].fn = nv_sm_executor(c->code[i].in.opcode);
        }
    }
}

/* Reads and decodes the chunk at base once per launch (the code is read once). */
static NvSmChunk *chunk_get(NvSmLaunch *l, uint64_t base)
{
    NvSmChunk *c;

    g_mutex_lock(&l->code_lock);
    c = g_hash_table_lookup(l->code, &base);
    if (!c) {
        uint8_t *bytes = g_malloc(NV_SM_CHUNK_BYTES);

        c = g_new0(NvSmChunk, 1);
        c->base = base;
        c->fetch_fault = !nv_sm_mem_read(l, base, bytes, NV_SM_CHUNK_BYTES);
        if (!c->fetch_fault) {
            chunk_decode(c, bytes);
        }
        g_free(bytes);
        g_hash_table_insert(l->code, &c->base, c);
    }
    g_mutex_unlock(&l->code_lock);
    return c;
}

/* The instruction at the warp's PC, or NULL after reporting why not. */
static const NvSmCode *fetch(NvSmWarp *w)
{
    uint64_t base = w->pc & ~(uint64_t)(NV_SM_CHUNK_BYTES - 1);
    unsigned slot = (base / NV_SM_CHUNK_BYTES) % NV_SM_WCODE_ENTRIES;
    NvSmChunk *c = w->code[slot];

    if (w->pc & 15) {
        nv_sm_fault(w, NV_SM_ERR_MISALIGNED, w->pc, false, 0);
        return NULL;
    }
    if (!c || c->base != base) {
        c = w->code[slot] = chunk_get(w->l, base);
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
static void pick_group(NvSmWarp *w, bool rotate)
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

static uint32_t waiting_on(const NvSmWarp *w, NvSmWait kind, int arg)
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
        uint32_t at = waiting_on(w, NV_SM_WAIT_BSYNC, b);

        if (at && !(w->conv[b] & w->alive & ~at)) {
            nv_sm_release(w, at);
        }
    }
    ws = waiting_on(w, NV_SM_WAIT_WARPSYNC, -1);
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
    pick_group(w, w->rotate);
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

/* Runs the warp until it blocks, finishes or used quantum instructions. */
static void warp_run(NvSmWarp *w, uint64_t quantum)
{
    NvSmLaunch *l = w->l;
    uint64_t n = 0, lanes = 0;

    while (w->active && n < quantum) {
        const NvSmCode *c = fetch(w);
        uint32_t mask;

        if (!c) {
            break;
        }
        if (!c->fn) {
            nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, w->pc, false, __builtin_ctz(w->active));
            break;
        }
        mask = w->active & nv_sm_pred(w, c->in.guard);
        if (G_UNLIKELY(l->d.trace)) {
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
        } else {
            w->pc = w->next_pc;
            if (G_UNLIKELY(w->pc >= w->merge_pc)) {
                reschedule(w);
            }
        }
    }
    w->executed += n;
    __atomic_fetch_add(&l->thread_insns, lanes, __ATOMIC_RELAXED);
}

/* ---- CTAs ---- */

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
            uint32_t at = waiting_on(w, NV_SM_WAIT_BAR, b);

            w->bar_result = c->bar_acc[b];
            if (at) {
                nv_sm_release(w, at);
                if (!w->active) {
                    pick_group(w, false);
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

static void cta_free(NvSmCta *c)
{
    if (!c) {
        return;
    }
    for (uint32_t i = 0; c->warps && i < c->nwarps; i++) {
        g_free(c->warps[i].r);
        g_free(c->warps[i].local);
    }
    g_free(c->warps);
    g_free(c->shared);
    g_free(c);
}

/* Sets c up as CTA number index: registers of the kernel, shared memory zeroed. */
static void cta_reset(NvSmCta *c, uint64_t index)
{
    NvSmLaunch *l = c->l;
    uint64_t gx = l->d.grid[0], gy = l->d.grid[1];
    size_t live_rows = l->d.regs && l->d.regs < NV_SM_ZERO_ROW ? l->d.regs : NV_SM_ZERO_ROW;

    c->id[0] = index % gx;
    c->id[1] = (index / gx) % gy;
    c->id[2] = index / gx / gy;
    c->cur = 0;
    memset(c->bar_arrived, 0, sizeof(c->bar_arrived));
    memset(c->bar_count, 0, sizeof(c->bar_count));
    memset(c->bar_acc, 0, sizeof(c->bar_acc));
    memset(c->shared, 0, MAX(l->d.shared_bytes, 1));
    for (uint32_t i = 0; i < c->nwarps; i++) {
        NvSmWarp *w = &c->warps[i];
        uint32_t (*r)[NV_SM_LANES] = w->r;
        uint8_t *local = w->local;

        memset(w, 0, sizeof(*w));
        w->r = r;
        w->local = local;
        /* rows past the kernel's register count can only hold this launch's data */
        memset(r, 0, sizeof(r[0]) * live_rows);
        memset(r[NV_SM_SCRATCH_ROW], 0, sizeof(r[0]) * (NV_SM_ROWS - NV_SM_SCRATCH_ROW));
        warp_init(c, w, i, MIN(c->threads - i * NV_SM_LANES, NV_SM_LANES));
    }
}

/* A CTA for grid position index: a recycled one (allocations are the cost) or new. */
static NvSmCta *cta_new(NvSmLaunch *l, uint64_t index)
{
    NvSmCta *c = NULL;

    g_mutex_lock(&l->lock);
    if (l->spare->len) {
        c = g_ptr_array_steal_index_fast(l->spare, l->spare->len - 1);
    }
    g_mutex_unlock(&l->lock);
    if (!c) {
        c = g_new0(NvSmCta, 1);
        c->l = l;
        c->threads = l->threads;
        c->nwarps = l->nwarps;
        c->warps = g_try_new0(NvSmWarp, c->nwarps);
        c->shared = g_try_malloc0(MAX(l->d.shared_bytes, 1));
        if (!c->warps || !c->shared) {
            cta_free(c);
            return NULL;
        }
        for (uint32_t i = 0; i < c->nwarps; i++) {
            c->warps[i].r = g_try_malloc0(sizeof(uint32_t) * NV_SM_LANES * NV_SM_ROWS);
            if (!c->warps[i].r) {
                cta_free(c);
                return NULL;
            }
        }
    }
    cta_reset(c, index);
    return c;
}

/* A finished CTA's memory serves the next one. */
static void cta_recycle(NvSmLaunch *l, NvSmCta *c)
{
    g_mutex_lock(&l->lock);
    if (l->spare->len < 64) {
        g_ptr_array_add(l->spare, c);
        c = NULL;
    }
    g_mutex_unlock(&l->lock);
    cta_free(c);
}

/*
 * Runs the CTA's warps round-robin for up to quantum warp-instructions.
 * Returns true when the CTA is over (finished or the launch stopped).
 */
static bool cta_run(NvSmCta *c, uint64_t quantum, uint64_t *used)
{
    NvSmLaunch *l = c->l;
    uint64_t n = 0;

    while (n < quantum && !g_atomic_int_get(&l->stopped)) {
        bool ran = false;

        for (uint32_t k = 0; k < c->nwarps && n < quantum; k++) {
            NvSmWarp *w = &c->warps[c->cur];

            c->cur = (c->cur + 1) % c->nwarps;
            if (!w->active) {
                continue;
            }
            w->executed = 0;
            warp_run(w, MIN(NV_SM_WARP_QUANTUM, quantum - n));
            n += w->executed;
            ran = true;
            if (g_atomic_int_get(&l->stopped)) {
                break;
            }
        }
        if (cta_done(c)) {
            break;
        }
        if (!cta_check_barriers(c) && !ran) {
            NvSmWarp *w = &c->warps[0];

            for (uint32_t i = 0; i < c->nwarps && !w->alive; i++) {
                w = &c->warps[i];
            }
            /* nothing can run and no barrier can complete: it would hang */
            w->pc = w->lpc[__builtin_ctz(w->alive)];
            nv_sm_fault(w, NV_SM_ERR_BARRIER, 0, false, __builtin_ctz(w->alive));
        }
    }
    *used += n;
    return cta_done(c) || g_atomic_int_get(&l->stopped);
}

/* ---- launches ---- */

static guint chunk_hash(gconstpointer key)
{
    return g_int64_hash(key);
}

static bool desc_valid(const NvSmLaunchDesc *d)
{
    uint64_t threads = (uint64_t)d->block[0] * d->block[1] * d->block[2];

    for (unsigned i = 0; i < 3; i++) {
        if (!d->grid[i] || !d->block[i]) {
            return false;
        }
    }
    return threads <= NV_SM_MAX_THREADS && d->shared_bytes <= NV_SM_MAX_SHARED &&
           d->local_bytes <= NV_SM_MAX_LOCAL && !(d->entry & 15);
}

NvSmLaunch *nv_sm_launch_new(NvSm *sm, const NvSmLaunchDesc *desc,
                             const NvSmMemOps *mem, NvSmError *err)
{
    NvSmLaunch *l;

    *err = (NvSmError){ .kind = NV_SM_OK };
    if (!desc_valid(desc)) {
        err->kind = NV_SM_ERR_OOR_ADDR;
        return NULL;
    }
    l = g_new0(NvSmLaunch, 1);
    l->sm = sm;
    l->d = *desc;
    l->mem = *mem;
    g_mutex_init(&l->mem_lock);
    g_mutex_init(&l->lock);
    g_mutex_init(&l->code_lock);
    l->code = g_hash_table_new_full(chunk_hash, g_int64_equal, NULL, g_free);
    l->parked = g_ptr_array_new();
    l->spare = g_ptr_array_new();
    l->threads = desc->block[0] * desc->block[1] * desc->block[2];
    l->nwarps = (l->threads + NV_SM_LANES - 1) / NV_SM_LANES;
    l->total_ctas = (uint64_t)desc->grid[0] * desc->grid[1] * desc->grid[2];
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        uint32_t size = MIN(desc->cbuf[b].size, NV_SM_CBUF_MAX);

        if (!desc->cbuf[b].valid) {
            continue;
        }
        l->cbuf[b] = g_malloc0(MAX(size, 4));
        l->cbuf_size[b] = size;
        if (size && !nv_sm_mem_read(l, desc->cbuf[b].addr, l->cbuf[b], size)) {
            err->kind = NV_SM_ERR_MMU;
            err->addr = desc->cbuf[b].addr;
            nv_sm_launch_free(l);
            return NULL;
        }
    }
    return l;
}

/* Takes a parked CTA or starts the next one; NULL when none is left. */
static NvSmCta *take_cta(NvSmLaunch *l)
{
    NvSmCta *c = NULL;

    g_mutex_lock(&l->lock);
    if (l->parked->len) {
        c = g_ptr_array_steal_index_fast(l->parked, l->parked->len - 1);
    } else if (l->next_cta < l->total_ctas) {
        uint64_t index = l->next_cta++;

        g_mutex_unlock(&l->lock);
        c = cta_new(l, index);
        if (!c) {
            NvSmError e = { .kind = NV_SM_ERR_RESOURCE };

            launch_error(l, &e);
        }
        return c;
    }
    g_mutex_unlock(&l->lock);
    return c;
}

/* The watchdog fired while c ran: report it at a warp that was running. */
static void cta_timeout(NvSmCta *c)
{
    NvSmWarp *w = &c->warps[0];

    for (uint32_t i = 0; i < c->nwarps; i++) {
        if (c->warps[i].active) {
            w = &c->warps[i];
            break;
        }
    }
    nv_sm_fault(w, NV_SM_ERR_TIMEOUT, 0, false, w->active ? __builtin_ctz(w->active) : 0);
}

static void park(NvSmLaunch *l, NvSmCta *c)
{
    g_mutex_lock(&l->lock);
    g_ptr_array_add(l->parked, c);
    g_mutex_unlock(&l->lock);
}

/* One worker's share of a slice: CTAs until the slice (an absolute count) is used. */
static void run_worker(NvSmLaunch *l, uint64_t until)
{
    while (!g_atomic_int_get(&l->stopped)) {
        uint64_t used = __atomic_load_n(&l->used, __ATOMIC_RELAXED), n = 0;
        uint64_t limit = NV_SM_CTA_QUANTUM;
        NvSmCta *c;

        if (until && used >= until) {
            break;
        }
        c = take_cta(l);
        if (!c) {
            break;
        }
        if (l->d.budget && used >= l->d.budget) {
            cta_timeout(c);
            park(l, c);
            break;
        }
        if (until) {
            limit = MIN(limit, until - used);
        }
        if (l->d.budget) {
            limit = MIN(limit, l->d.budget - used);
        }
        if (cta_run(c, limit, &n)) {
            cta_recycle(l, c);
        } else {
            park(l, c);
        }
        __atomic_fetch_add(&l->used, n, __ATOMIC_RELAXED);
    }
}

typedef struct NvSmTask {
    NvSmLaunch *l;
    uint64_t slice;
} NvSmTask;

static void pool_task(gpointer data, gpointer user)
{
    NvSm *sm = user;
    NvSmTask *t = data;

    run_worker(t->l, t->slice);
    g_mutex_lock(&sm->lock);
    if (--sm->running == 0) {
        g_cond_signal(&sm->done);
    }
    g_mutex_unlock(&sm->lock);
}

static bool launch_over(NvSmLaunch *l)
{
    bool over;

    g_mutex_lock(&l->lock);
    over = l->stopped || (!l->parked->len && l->next_cta >= l->total_ctas);
    g_mutex_unlock(&l->lock);
    return over;
}

bool nv_sm_launch_run(NvSmLaunch *l, uint64_t slice)
{
    NvSm *sm = l->sm;
    uint64_t start = __atomic_load_n(&l->used, __ATOMIC_RELAXED);
    uint64_t until = slice ? start + slice : 0;
    NvSmTask task = { .l = l, .slice = until };
    unsigned n = sm->pool ? MIN((uint64_t)sm->workers, l->total_ctas) : 0;

    if (until && until < start) {
        until = 0;      /* overflow: no limit */
    }
    if (n <= 1) {
        run_worker(l, until);
        return launch_over(l);
    }
    g_mutex_lock(&sm->lock);
    sm->running = n;
    g_mutex_unlock(&sm->lock);
    for (unsigned i = 0; i < n; i++) {
        g_thread_pool_push(sm->pool, &task, NULL);
    }
    g_mutex_lock(&sm->lock);
    while (sm->running) {
        g_cond_wait(&sm->done, &sm->lock);
    }
    g_mutex_unlock(&sm->lock);
    return launch_over(l);
}

const NvSmError *nv_sm_launch_error(const NvSmLaunch *l)
{
    return &l->err;
}

void nv_sm_launch_stats(const NvSmLaunch *l, NvSmStats *stats)
{
    stats->warp_insns = __atomic_load_n(&l->used, __ATOMIC_RELAXED);
    stats->thread_insns = __atomic_load_n(&l->thread_insns, __ATOMIC_RELAXED);
}

void nv_sm_launch_free(NvSmLaunch *l)
{
    if (!l) {
        return;
    }
    for (unsigned i = 0; i < l->parked->len; i++) {
        cta_free(g_ptr_array_index(l->parked, i));
    }
    g_ptr_array_free(l->parked, true);
    for (unsigned i = 0; i < l->spare->len; i++) {
        cta_free(g_ptr_array_index(l->spare, i));
    }
    g_ptr_array_free(l->spare, true);
    g_hash_table_destroy(l->code);
    for (unsigned b = 0; b < NV_SM_CBUF_BANKS; b++) {
        g_free(l->cbuf[b]);
    }
    g_mutex_clear(&l->mem_lock);
    g_mutex_clear(&l->lock);
    g_mutex_clear(&l->code_lock);
    g_free(l);
}

/* ---- the SM array ---- */

NvSm *nv_sm_new(unsigned workers)
{
    NvSm *sm = g_new0(NvSm, 1);

    sm->workers = MAX(workers, 1);
    g_mutex_init(&sm->lock);
    g_cond_init(&sm->done);
    if (sm->workers > 1) {
        sm->pool = g_thread_pool_new(pool_task, sm, (int)sm->workers, false, NULL);
    }
    return sm;
}

void nv_sm_free(NvSm *sm)
{
    if (!sm) {
        return;
    }
    if (sm->pool) {
        g_thread_pool_free(sm->pool, false, true);
    }
    g_mutex_clear(&sm->lock);
    g_cond_clear(&sm->done);
    g_free(sm);
}

unsigned nv_sm_workers(const NvSm *sm)
{
    return sm->workers;
}

/* ---- test hooks ---- */

static const NvSmMemOps no_mem;

NvSmWarp *nv_sm_test_warp_new(uint32_t threads)
{
    static NvSm test_sm = { .workers = 1 };
    NvSmLaunchDesc d = {
        .grid = { 1, 1, 1 }, .block = { MAX(MIN(threads, NV_SM_LANES), 1), 1, 1 },
        .shared_bytes = 1024, .local_bytes = 64,
    };
    NvSmError err;
    NvSmLaunch *l = nv_sm_launch_new(&test_sm, &d, &no_mem, &err);
    NvSmCta *c = l ? cta_new(l, 0) : NULL;

    if (!c) {
        nv_sm_launch_free(l);
        return NULL;
    }
    return &c->warps[0];
}

void nv_sm_test_warp_free(NvSmWarp *w)
{
    NvSmLaunch *l;

    if (!w) {
        return;
    }
    l = w->l;
    cta_free(w->cta);
    nv_sm_launch_free(l);
}

bool nv_sm_test_exec(NvSmWarp *w, uint64_t lo, uint64_t hi)
{
    NvSassInsn in;
    NvSmExecFn fn;

    if (!nv_sass_decode(lo, hi, w->pc, &in) || !(fn = nv_sm_executor(in.opcode))) {
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

NvSmErrorKind nv_sm_test_error(NvSmWarp *w)
{
    NvSmErrorKind k = w->l->err.kind;

    w->l->err = (NvSmError){ .kind = NV_SM_OK };
    g_atomic_int_set(&w->l->stopped, 0);
    return k;
}
