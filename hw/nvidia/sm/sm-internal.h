/*
 * SM interpreter internals shared by the executor families (exec-*.c) and
 * the interpreter core (exec.c, warp.c, cta.c, operand.c).
 *
 * A warp keeps its registers as structure-of-arrays rows (r[reg][lane]) so
 * an ALU instruction is a loop over 32 lanes the compiler can vectorise;
 * predicates are 32-bit lane masks. The warp runs one group of lanes at a
 * time: the lanes in `active` all sit at `pc` (their lpc[] entries are stale
 * while they are active); every other live lane has its own lpc[]. See
 * warp.c for the scheduling rules.
 *
 * An executor is called with the lanes that are active and pass the guard
 * predicate (possibly none: it must then change nothing). It reads sources
 * with the helpers below and writes destinations only in those lanes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_SM_INTERNAL_H
#define HW_NVIDIA_SM_SM_INTERNAL_H

#include <string.h>
#include <glib.h>
#include "hw/nvidia/sm/sass.h"
#include "hw/nvidia/sm/sm.h"

#define NV_SM_LANES         32
#define NV_SM_ALL_LANES     0xffffffffu
#define NV_SM_CONV_BARRIERS 16
#define NV_SM_CTA_BARRIERS  16

/* What one Turing SM holds at once (SR_VIRTCFG, CTA residency) */
#define NV_SM_WARPS_PER_SM      32
#define NV_SM_CTAS_PER_SM       16
#define NV_SM_REGS_PER_SM       65536u
#define NV_SM_SHARED_PER_SM     (64u << 10)

/* Register rows: R0..R254, then the zero row (RZ reads), then scratch rows
 * that swallow writes to RZ (also the upper halves of wide writes at R254+).
 * nv_sm_rrow/nv_sm_wrow map every number from RZ up there, so reg + i of a
 * register pair or quad needs no RZ check. */
#define NV_SM_ZERO_ROW      255
#define NV_SM_SCRATCH_ROW   256
#define NV_SM_ROWS          260
#define NV_SM_UREGS         64      /* UR0..UR62, URZ = 63 (reads 0) */
#define NV_SM_WCODE_ENTRIES 8       /* per-warp code chunk cache */

typedef struct NvSmLaunch NvSmLaunch;

/* Padding that keeps fields on different cache lines (false sharing between workers). */
#define NV_SM_APART 64
typedef struct NvSmCta NvSmCta;
typedef struct NvSmWarp NvSmWarp;

/* Per-warp direct-mapped translation cache of host page pointers. */
#define NV_SM_WTLB_BITS     4
#define NV_SM_WTLB_ENTRIES  (1u << NV_SM_WTLB_BITS)

/*
 * The slot of page vpn in a direct-mapped cache of 2^bits entries: a
 * multiplicative hash, since buffers a power of two of pages apart (three
 * 16 MiB arrays) would otherwise all take one slot and evict each other on
 * every access.
 */
static inline unsigned nv_sm_tlb_slot(uint64_t vpn, unsigned bits)
{
    return (unsigned)((vpn * 0x9e3779b97f4a7c15ull) >> (64 - bits));
}
typedef struct NvSmWtlbEntry {
    uint64_t vpn;               /* va >> NV_SM_PAGE_BITS, UINT64_MAX = empty */
    uint8_t *host;              /* page, NULL = slow path */
    bool writable;
} NvSmWtlbEntry;

/* What a blocked lane waits for. */
typedef enum NvSmWait {
    NV_SM_WAIT_NONE = 0,
    NV_SM_WAIT_BSYNC,           /* convergence barrier wait_arg */
    NV_SM_WAIT_WARPSYNC,        /* lanes wait_mask */
    NV_SM_WAIT_BAR,             /* CTA barrier wait_arg */
} NvSmWait;

struct NvSmWarp {
    NvSmCta *cta;
    NvSmLaunch *l;
    uint32_t index;             /* warp within the CTA */
    uint32_t (*r)[NV_SM_LANES]; /* NV_SM_ROWS rows */
    uint32_t ur[NV_SM_UREGS + 2];
    uint32_t p[8];              /* P0..P6 lane masks; p[7] = PT = all lanes */
    uint8_t up;                 /* UP0..UP6 bits; bit 7 = UPT (always set) */

    uint32_t alive;             /* lanes that exist and have not exited */
    uint32_t active;            /* the group being executed */
    uint64_t pc;                /* its PC */
    uint64_t lpc[NV_SM_LANES];  /* PCs of lanes outside the group */
    uint32_t blocked;           /* lanes waiting (wait[] says on what) */
    uint8_t wait[NV_SM_LANES];
    uint8_t wait_arg[NV_SM_LANES];
    uint32_t wait_mask[NV_SM_LANES];
    uint32_t conv[NV_SM_CONV_BARRIERS];  /* convergence barrier lane masks */
    uint32_t bar_result;        /* B2R.RESULT: the last BAR.RED's value */
    bool resched;               /* the executor changed lane PCs or blocked lanes */
    uint64_t next_pc;           /* where the group goes when it does not branch */
    uint64_t merge_pc;          /* the nearest PC above pc some other lane waits at */
    uint32_t div_branches;      /* backward branches taken while diverged */
    bool rotate;                /* next pick: the group after this one (YIELD) */

    uint8_t *local;             /* local memory: local_bytes per lane, lane-major */
    NvSmWtlbEntry tlb[NV_SM_WTLB_ENTRIES];
    struct NvSmChunk *code[NV_SM_WCODE_ENTRIES];  /* recently used code chunks */
    uint64_t executed;          /* warp-instructions in the current run call */
    uint64_t lanes_executed;    /* thread-instructions in it (summed into the launch's count
                                   per CTA turn, not per warp: that line is shared) */
};

/* Threads of a CTA and the state they share. */
struct NvSmCta {
    NvSmLaunch *l;
    uint32_t id[3];
    uint32_t threads, nwarps;
    NvSmWarp *warps;
    uint8_t *shared;
    uint32_t cur;                           /* round-robin warp position */
    uint32_t turn;                          /* turns taken in the current round */
    uint32_t left;                          /* of the current turn's warp quantum */
    bool ran;                               /* some warp ran in this round */
    bool cut;                               /* parked mid-turn by the slice's end */
    uint32_t bar_arrived[NV_SM_CTA_BARRIERS];   /* threads arrived (SYNC and ARV) */
    uint32_t bar_count[NV_SM_CTA_BARRIERS];     /* expected threads; 0 = all live */
    uint32_t bar_acc[NV_SM_CTA_BARRIERS];       /* BAR.RED accumulator */
    uint8_t bar_red[NV_SM_CTA_BARRIERS];        /* its operation */
};

struct NvSmLaunch {
    /* read by every worker while the launch runs, written before it starts */
    NvSm *sm;
    NvSmLaunchDesc d;
    NvSmMemOps mem;
    uint64_t serial;                /* unique per launch: keys the workers' translation caches */
    uint8_t *cbuf[NV_SM_CBUF_BANKS];    /* snapshots, NULL when not bound (or not yet read) */
    uint32_t cbuf_size[NV_SM_CBUF_BANKS];
    int cbuf_lazy[NV_SM_CBUF_BANKS];    /* atomic: bound, snapshotted at the first read */
    uint32_t threads, nwarps;       /* per CTA */
    uint64_t total_ctas;
    uint32_t resident_max;          /* CTAs the GPU would hold at once */
    int stopped;                    /* atomic: an error stopped the launch (read per instruction) */

    /* what workers write, apart from the above: a cache line or more away (NV_SM_APART) */
    char apart0[NV_SM_APART];
    GMutex mem_lock;                /* serialises NvSmMemOps calls and slow atomics */
    GMutex cbuf_lock;
    char apart1[NV_SM_APART];
    GMutex lock;
    uint64_t next_cta;              /* under lock */
    uint64_t live;                  /* CTAs started and not finished, under lock */
    GPtrArray *parked;              /* started CTAs whose turn ended, oldest first, under lock */
    GPtrArray *spare;               /* finished CTAs to reuse, under lock */
    NvSmError err;                  /* under lock; first error wins */
    char apart2[NV_SM_APART];
    GMutex code_lock;
    struct NvSmChunk **code;        /* open-addressed by base VA, under code_lock */
    size_t code_slots, code_count;
    char apart3[NV_SM_APART];
    uint64_t used;                  /* atomic: warp-instructions and fixed costs so far */
    uint64_t thread_insns;          /* atomic */
};

/*
 * A worker's share of a slice: work is charged to it in warp-instructions,
 * and every NV_SM_WARP_QUANTUM of them it checks the deadline and yield
 * requests (the clock is read that often, not per instruction).
 */
typedef struct NvSmTimer {
    int64_t deadline_us;            /* 0: none */
    uint64_t left;                  /* warp-instructions to the next check */
    bool over;                      /* the slice must end */
} NvSmTimer;

/* The decoded form of one instruction and its executor. */
typedef void (*NvSmExecFn)(NvSmWarp *w, const NvSassInsn *in, uint32_t mask);

/* ---- errors ---- */

/* Stops the launch with an error at the current instruction (first error wins). */
void nv_sm_fault(NvSmWarp *w, NvSmErrorKind kind, uint64_t addr, bool write, uint32_t lane);
/* The launch has stopped (error or finished): executors may bail out early. */
static inline bool nv_sm_stopped(const NvSmWarp *w)
{
    return g_atomic_int_get(&w->l->stopped);
}

/* ---- host memory charged against the array's cap (exec.c) ---- */

/* Zeroed memory of bytes, charged; NULL (nothing charged) over the cap or out of memory. */
void *nv_sm_host_alloc(NvSm *sm, size_t bytes);
/* Frees and uncharges what nv_sm_host_alloc(sm, bytes) returned (NULL: nothing). */
void nv_sm_host_free(NvSm *sm, void *p, size_t bytes);

/* Bytes of a warp's local memory (local_bytes per lane). */
static inline size_t nv_sm_local_size(const NvSmLaunch *l)
{
    return (size_t)l->d.local_bytes * NV_SM_LANES;
}

/* ---- registers ---- */

static inline const uint32_t *nv_sm_rrow(NvSmWarp *w, unsigned reg)
{
    return w->r[reg < NV_SM_ZERO_ROW ? reg : NV_SM_ZERO_ROW];
}

static inline uint32_t *nv_sm_wrow(NvSmWarp *w, unsigned reg)
{
    return w->r[reg < NV_SM_ZERO_ROW ? reg : NV_SM_SCRATCH_ROW];
}

static inline uint32_t nv_sm_ureg(const NvSmWarp *w, unsigned ur)
{
    return ur < NV_SASS_URZ ? w->ur[ur] : 0;
}

static inline void nv_sm_set_ureg(NvSmWarp *w, unsigned ur, uint32_t v)
{
    if (ur < NV_SASS_URZ) {
        w->ur[ur] = v;
    }
}

/* Writes v[] into register reg in the lanes of mask. */
static inline void nv_sm_write(NvSmWarp *w, unsigned reg, const uint32_t *v, uint32_t mask)
{
    uint32_t *row = nv_sm_wrow(w, reg);

    if (mask == NV_SM_ALL_LANES) {
        memcpy(row, v, sizeof(uint32_t) * NV_SM_LANES);
        return;
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        row[l] = (mask >> l) & 1 ? v[l] : row[l];
    }
}

/*
 * cx[URn][off]: a bindless constant buffer whose handle is the UR pair
 * (NVK's layout: address / 16 in bits 0..44, size / 16 in 45..63). bytes at
 * off into buf (zeroes past the size); false: an MMU fault stopped the launch.
 */
bool nv_sm_cbuf_bindless(NvSmWarp *w, unsigned ur, int64_t off, void *buf, unsigned bytes);
/* Snapshots a lazily bound bank at its first read; false: a fault stopped the launch. */
bool nv_sm_cbuf_fetch(NvSmWarp *w, unsigned bank);
/* Constant bank read (4 bytes, zero outside the bound size, as hardware). */
uint32_t nv_sm_cbuf32(NvSmWarp *w, unsigned bank, uint32_t offset);

/*
 * Source operand as 32 lane values: a register row (no copy), or tmp filled
 * with an immediate / constant / uniform register. Modifiers are NOT
 * applied (their meaning is the op's).
 */
const uint32_t *nv_sm_src(NvSmWarp *w, const NvSassOperand *o, uint32_t tmp[NV_SM_LANES]);
/* The upper word of a 64-bit source (register pair, cbuf +4, UR pair, imm: 0). */
const uint32_t *nv_sm_src_hi(NvSmWarp *w, const NvSassOperand *o, uint32_t tmp[NV_SM_LANES]);
/* A warp-uniform source (immediate, constant, UR) as one value; register: lane 0. */
uint32_t nv_sm_src_uniform(NvSmWarp *w, const NvSassOperand *o);

/* ---- predicates ---- */

/* The lane mask a predicate operand selects (negation applied). */
static inline uint32_t nv_sm_pred(const NvSmWarp *w, NvSassPred p)
{
    uint32_t v;

    if (p.uniform) {
        v = ((w->up >> p.index) & 1) || p.index == NV_SASS_PT ? NV_SM_ALL_LANES : 0;
    } else {
        v = p.index == NV_SASS_PT ? NV_SM_ALL_LANES : w->p[p.index & 7];
    }
    return p.negate ? ~v : v;
}

/* Sets predicate p to val in the lanes of mask (PT: discarded). Uniform: bit 0 of val. */
static inline void nv_sm_set_pred(NvSmWarp *w, NvSassPred p, uint32_t val, uint32_t mask)
{
    if (p.index >= NV_SASS_PT) {
        return;
    }
    if (p.uniform) {
        if (mask) {
            w->up = (uint8_t)((w->up & ~(1u << p.index)) | ((val & 1) << p.index));
        }
        return;
    }
    w->p[p.index] = (w->p[p.index] & ~mask) | (val & mask);
}

/* ---- control (warp.c, cta.c): executors change lane state only through these ---- */

/* Lanes taken (of the active group) continue at target, the others at next_pc. */
void nv_sm_branch(NvSmWarp *w, uint32_t taken, uint64_t target);
/* The same with a target per lane. */
void nv_sm_branch_lanes(NvSmWarp *w, uint32_t taken, const uint64_t target[NV_SM_LANES]);
/* Lanes wait at this instruction until released (then continue after it). */
void nv_sm_block(NvSmWarp *w, uint32_t lanes, NvSmWait kind, uint8_t arg, uint32_t mask_arg);
void nv_sm_release(NvSmWarp *w, uint32_t lanes);
/* Releases lanes whose BSYNC/WARPSYNC condition holds. */
void nv_sm_check_waits(NvSmWarp *w);
/* The group continues at next_pc, but the warp re-evaluates waits and groups. */
void nv_sm_resched(NvSmWarp *w);
/* Lanes exit. */
void nv_sm_exit(NvSmWarp *w, uint32_t lanes);

/* ---- graphics stages (exec-gfx.c) ---- */

/* Lane l's thread in a graphics launch: its index into NvSmGfx's arrays. */
static inline uint64_t nv_sm_gfx_thread(const NvSmWarp *w, unsigned l)
{
    const NvSmCta *c = w->cta;
    const NvSmLaunchDesc *d = &w->l->d;
    uint64_t cta = c->id[0] + (uint64_t)d->grid[0] * (c->id[1] + (uint64_t)d->grid[1] * c->id[2]);

    return cta * w->l->threads + w->index * NV_SM_LANES + l;
}
/* Pixel lanes that EXIT: their output registers and whether their pixel is kept. */
void nv_sm_gfx_exit(NvSmWarp *w, uint32_t lanes);
/* Lanes arrive at CTA barrier id (count threads expected, 0 = all); red: -1 none,
 * 0 POPC, 1 AND, 2 OR of pred over the arriving lanes. */
void nv_sm_bar_arrive(NvSmWarp *w, unsigned id, uint32_t count, uint32_t lanes,
                      int red, uint32_t pred);

/* ---- memory (exec.c) ---- */

/* Reads guest memory through the provider (any length, page by page, locked). */
bool nv_sm_mem_read(NvSmLaunch *l, uint64_t va, void *buf, size_t len);

/* The cache miss path of nv_sm_global_page(): asks the provider, fills the entry. */
uint8_t *nv_sm_global_page_miss(NvSmWarp *w, uint64_t va, bool write, bool *fault);

/*
 * The host page for va through the warp's cache: a pointer, or NULL with
 * *fault clear for the slow path (nv_sm_global_slow), or NULL with *fault set.
 */
static inline uint8_t *nv_sm_global_page(NvSmWarp *w, uint64_t va, bool write, bool *fault)
{
    uint64_t vpn = va >> NV_SM_PAGE_BITS;
    const NvSmWtlbEntry *e = &w->tlb[nv_sm_tlb_slot(vpn, NV_SM_WTLB_BITS)];

    *fault = false;
    if (G_LIKELY(e->vpn == vpn && (!write || e->writable))) {
        return e->host;
    }
    return nv_sm_global_page_miss(w, va, write, fault);
}

/* Copies size bytes (within one page) through the provider's read/write; false: faulted. */
bool nv_sm_global_slow(NvSmWarp *w, uint64_t va, void *buf, unsigned size, bool write);

/* The new value of an atomic (NvSassAtomOp op on NvSassAtomType type) over old. */
uint64_t nv_sm_atom_apply(unsigned op, unsigned type, uint64_t old, uint64_t b, uint64_t c);
/* One lane's atomic at host memory p (aligned), with host atomics: the old value. */
uint64_t nv_sm_atom_host(uint8_t *p, bool is64, unsigned op, unsigned type, uint64_t b,
                         uint64_t c);
/* The same without a host pointer: read-modify-write under the launch's lock. */
bool nv_sm_atom_slow(NvSmWarp *w, uint64_t addr, bool is64, unsigned op, unsigned type,
                     uint64_t b, uint64_t c, uint64_t *old);

/*
 * Global memory for lane l: size bytes (a power of two <= 16, va aligned to
 * it) between buf and va. false: the launch has been stopped (MMU fault or
 * misaligned address).
 */
bool nv_sm_global_access(NvSmWarp *w, uint64_t va, unsigned l, void *buf, unsigned size,
                         bool write);

/*
 * ---- executors ----
 *
 * Every opcode of NV_SASS_OPCODES has an executor, sass_exec_NAME, defined
 * in its family's exec-*.c with NV_SM_EXECUTOR. exec-table.c collects them
 * into nv_sm_exec_table, so an opcode without an executor does not link.
 * The exec-*.c files are compiled twice on x86-64: baseline, and with
 * NV_SM_VARIANT for AVX2/FMA/BMI hosts, which gives these names a _v3
 * suffix (exec.c refers to that table weakly: builds without it still link).
 */
#ifdef NV_SM_VARIANT
#define NV_SM_VARIANT_NAME(name) name##_v3
#else
#define NV_SM_VARIANT_NAME(name) name
#endif
#define NV_SM_EXEC(name) NV_SM_VARIANT_NAME(sass_exec_##name)

#define NV_SM_DECL_EXEC(name, ...)                                          \
    void NV_SM_EXEC(name)(NvSmWarp *w, const NvSassInsn *in, uint32_t mask);
NV_SASS_OPCODES(NV_SM_DECL_EXEC)
#undef NV_SM_DECL_EXEC

/* Defines opcode name's executor as the file's static executor fn. */
#define NV_SM_EXECUTOR(name, fn)                                            \
    void NV_SM_EXEC(name)(NvSmWarp *w, const NvSassInsn *in, uint32_t mask) \
    {                                                                       \
        fn(w, in, mask);                                                    \
    }

extern const NvSmExecFn NV_SM_VARIANT_NAME(nv_sm_exec_table)[NV_SASS_OP_COUNT];

/* The table of the baseline build, or of the AVX2 one (NULL where not linked). */
const NvSmExecFn *nv_sm_exec_table_get(bool v3);
/* The executor of an opcode in the table in use, or NULL (illegal instruction). */
NvSmExecFn nv_sm_executor(unsigned opcode);
/* A fast form's executor for in (exec-fast.c), or NULL where it has none. */
NvSmExecFn NV_SM_VARIANT_NAME(nv_sm_fast_executor)(const NvSassInsn *in);
/* The fast form of the build in use (NULL: none, or NVGPU_SM_GENERIC is set). */
NvSmExecFn nv_sm_fast_executor_in_use(const NvSassInsn *in);
/* What runs in: its fast form, else its opcode's executor (NULL: illegal). */
NvSmExecFn nv_sm_executor_for(const NvSassInsn *in);

/* ---- the interpreter core (exec.c, warp.c, cta.c), not for executors ---- */

/*
 * Runs the warp until it blocks, finishes or used quantum warp-instructions
 * (a chunk decode counts NV_SM_DECODE_COST, so it may end up to that far past).
 */
void nv_sm_warp_run(NvSmWarp *w, uint64_t quantum);
/* Frees the launch's decoded code. */
void nv_sm_code_free(NvSmLaunch *l);
/* Charges units of work to t; true when the slice must end (checks every quantum). */
bool nv_sm_timer_charge(NvSmLaunch *l, NvSmTimer *t, uint64_t units);
/* Chooses the group the warp executes next (rotate: the one after the current). */
void nv_sm_pick_group(NvSmWarp *w, bool rotate);
/* The blocked lanes waiting on kind (and arg, unless arg < 0). */
uint32_t nv_sm_waiting_on(const NvSmWarp *w, NvSmWait kind, int arg);

/* The CTA coordinates of grid position index. */
void nv_sm_cta_id(const NvSmLaunch *l, uint64_t index, uint32_t id[3]);
/*
 * A CTA for grid position index: reuse (a finished CTA of the launch, or
 * NULL), a spare or a new one; NULL over the cap or out of memory.
 */
NvSmCta *nv_sm_cta_new(NvSmLaunch *l, uint64_t index, NvSmCta *reuse);
void nv_sm_cta_free(NvSmCta *c);
/* A finished CTA's memory serves the next one (takes the launch's lock). */
void nv_sm_cta_recycle(NvSmLaunch *l, NvSmCta *c);
/* The same without the live count, the launch's lock held. */
void nv_sm_cta_spare(NvSmLaunch *l, NvSmCta *c);
/*
 * Runs up to quantum warp-instructions, or until t says the slice is over;
 * true when the CTA is over. Where it stops does not change what the CTA's
 * warps do: the next call resumes the same warp's turn.
 */
bool nv_sm_cta_run(NvSmCta *c, uint64_t quantum, uint64_t *used, NvSmTimer *t);

/*
 * Test hook: a stand-alone warp (one CTA of block[] threads, no memory
 * provider) to run single instructions on. Registers start zeroed.
 */
NvSmWarp *nv_sm_test_warp_new(uint32_t threads);
/* The same with memory, constant banks and texture pools (base's other fields are ignored). */
NvSmWarp *nv_sm_test_warp_new_mem(uint32_t threads, const NvSmLaunchDesc *base,
                                  const NvSmMemOps *mem);
void nv_sm_test_warp_free(NvSmWarp *w);
/* Decodes lo/hi at pc and executes it on w's active lanes; false if illegal. */
bool nv_sm_test_exec(NvSmWarp *w, uint64_t lo, uint64_t hi);
/* The error the test warp stopped with (NV_SM_OK if none); clears it. */
NvSmErrorKind nv_sm_test_error(NvSmWarp *w);

#endif
