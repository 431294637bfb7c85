/*
 * The copy engine class TURING_DMA_COPY_A (0xc5b5): pitch and block-linear
 * copies, component remapping (memset), semaphore release and interrupts.
 *
 * Every size, pitch, count and address is guest input: all arithmetic is on
 * uint64_t where it can grow (and wraps, never traps: an address that wraps
 * simply faults in the provider), no loop runs longer than the budget or a
 * fixed bound, and data moves through NV_CE_CHUNK-byte stack buffers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "ce.h"
#include "../base/util.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/nv-mmu.h"

/*
 * What one step costs the budget at least: per-access overhead dominates
 * tiny lines, and this keeps a 1-byte x 4G-line copy from making millions
 * of accesses in one call.
 */
#define CE_STEP_MIN_COST    64
/*
 * Steps between looks at the clock: a step of a remapped or block-linear
 * copy costs far more host time per byte than a pitch copy, so the byte
 * budget alone does not bound a slice's time.
 */
#define CE_STEPS_PER_CLOCK  16

/* The copy engine: methods */

static uint32_t ce_reg(const NvCeState *s, uint32_t mthd)
{
    return s->mthd[mthd / 4];
}

/* The packed SET_*_ORIGIN methods set the same origins as *_ORIGIN_X/Y. */
static const struct {
    uint32_t packed, x, y;
} ce_origin_alias[] = {
    { A_C5B5_SET_SRC_ORIGIN, A_C5B5_SRC_ORIGIN_X, A_C5B5_SRC_ORIGIN_Y },
    { A_C5B5_SET_DST_ORIGIN, A_C5B5_DST_ORIGIN_X, A_C5B5_DST_ORIGIN_Y },
};

static void ce_store(NvCeState *s, uint32_t mthd, uint32_t data)
{
    s->mthd[mthd / 4] = data;
    for (unsigned i = 0; i < NV_ARRAY_SIZE(ce_origin_alias); i++) {
        if (mthd == ce_origin_alias[i].packed) {
            s->mthd[ce_origin_alias[i].x / 4] = NV_FEX32(data, C5B5_ORIGIN, X);
            s->mthd[ce_origin_alias[i].y / 4] = NV_FEX32(data, C5B5_ORIGIN, Y);
        }
    }
}

/* LAUNCH_DMA fields whose encodings are not all defined. */
typedef struct CeFieldRule {
    uint8_t shift, length;
    uint16_t defined;           /* bit v set: value v is defined */
    const char *msg;
} CeFieldRule;

#define CE_LAUNCH_FIELD(f)  R_C5B5_LAUNCH_DMA_ ## f ## _SHIFT, \
                            R_C5B5_LAUNCH_DMA_ ## f ## _LENGTH

static const CeFieldRule ce_launch_rules[] = {
    { CE_LAUNCH_FIELD(DATA_TRANSFER_TYPE), 0x0007,
      "CE: LAUNCH_DMA: reserved DATA_TRANSFER_TYPE" },
    /* RELEASE_CONDITIONAL_INTR_SEMAPHORE (3) is defined but not modelled. */
    { CE_LAUNCH_FIELD(SEMAPHORE_TYPE), 0x0007,
      "CE: LAUNCH_DMA: unsupported SEMAPHORE_TYPE" },
    { CE_LAUNCH_FIELD(INTERRUPT_TYPE), 0x0007,
      "CE: LAUNCH_DMA: reserved INTERRUPT_TYPE" },
    { CE_LAUNCH_FIELD(SEMAPHORE_REDUCTION), 0x04ff,
      "CE: LAUNCH_DMA: reserved SEMAPHORE_REDUCTION" },
    { CE_LAUNCH_FIELD(VPRMODE), 0x0003,
      "CE: LAUNCH_DMA: reserved VPRMODE" },
};

static const char *ce_check_launch(uint32_t launch)
{
    for (unsigned i = 0; i < NV_ARRAY_SIZE(ce_launch_rules); i++) {
        const CeFieldRule *r = &ce_launch_rules[i];
        uint32_t v = (launch >> r->shift) & ((1u << r->length) - 1);

        if (!(r->defined & (1u << v))) {
            return r->msg;
        }
    }
    return NULL;
}

/* SEMAPHORE_REDUCTION encodings; the reserved ones never get here. */
static const NvSemOp ce_sem_ops[16] = {
    [C5B5_REDUCTION_IMIN] = NV_SEM_OP_MIN,
    [C5B5_REDUCTION_IMAX] = NV_SEM_OP_MAX,
    [C5B5_REDUCTION_IXOR] = NV_SEM_OP_XOR,
    [C5B5_REDUCTION_IAND] = NV_SEM_OP_AND,
    [C5B5_REDUCTION_IOR] = NV_SEM_OP_OR,
    [C5B5_REDUCTION_IADD] = NV_SEM_OP_ADD,
    [C5B5_REDUCTION_INC] = NV_SEM_OP_INC,
    [C5B5_REDUCTION_DEC] = NV_SEM_OP_DEC,
    [C5B5_REDUCTION_FADD] = NV_SEM_OP_FADD,
};

/* SET_*_PHYS_MODE TARGET -> NV_TARGET_*; the fourth encoding is reserved. */
static const uint32_t ce_phys_targets[] = {
    [C5B5_PHYS_MODE_TARGET_LOCAL_FB] = NV_TARGET_VRAM,
    [C5B5_PHYS_MODE_TARGET_COHERENT_SYSMEM] = NV_TARGET_SYS_COH,
    [C5B5_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM] = NV_TARGET_SYS_NONCOH,
};

/* The methods and LAUNCH_DMA bits that describe one side of a copy. */
typedef struct CeSide {
    uint32_t upper, lower, pitch, phys_mode;
    uint32_t block_size, width, height, layer, origin_x, origin_y;
    uint8_t type_shift, layout_shift;
    const char *bad_target, *bad_block;
} CeSide;

static const CeSide ce_src_side = {
    A_C5B5_OFFSET_IN_UPPER, A_C5B5_OFFSET_IN_LOWER, A_C5B5_PITCH_IN,
    A_C5B5_SET_SRC_PHYS_MODE, A_C5B5_SET_SRC_BLOCK_SIZE, A_C5B5_SET_SRC_WIDTH,
    A_C5B5_SET_SRC_HEIGHT, A_C5B5_SET_SRC_LAYER, A_C5B5_SRC_ORIGIN_X,
    A_C5B5_SRC_ORIGIN_Y,
    R_C5B5_LAUNCH_DMA_SRC_TYPE_SHIFT, R_C5B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_SHIFT,
    "CE: reserved SET_SRC_PHYS_MODE target", "CE: reserved SET_SRC_BLOCK_SIZE",
};

static const CeSide ce_dst_side = {
    A_C5B5_OFFSET_OUT_UPPER, A_C5B5_OFFSET_OUT_LOWER, A_C5B5_PITCH_OUT,
    A_C5B5_SET_DST_PHYS_MODE, A_C5B5_SET_DST_BLOCK_SIZE, A_C5B5_SET_DST_WIDTH,
    A_C5B5_SET_DST_HEIGHT, A_C5B5_SET_DST_LAYER, A_C5B5_DST_ORIGIN_X,
    A_C5B5_DST_ORIGIN_Y,
    R_C5B5_LAUNCH_DMA_DST_TYPE_SHIFT, R_C5B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_SHIFT,
    "CE: reserved SET_DST_PHYS_MODE target", "CE: reserved SET_DST_BLOCK_SIZE",
};

/*
 * Block-linear geometry. With remap, widths and X origins count elements
 * (Mesa nvk: "most X/Y dimensions are in units of blocks"), hence elem.
 * GOB_HEIGHT is not checked: Turing only has 8-row GOBs, and older nouveau
 * code leaves the field 0.
 */
static const char *ce_setup_bl(const NvCeState *s, const CeSide *side,
                               NvSurface *sf, uint32_t elem)
{
    uint32_t bs = ce_reg(s, side->block_size);
    unsigned w = NV_FEX32(bs, C5B5_BLOCK_SIZE, WIDTH);
    unsigned h = NV_FEX32(bs, C5B5_BLOCK_SIZE, HEIGHT);
    unsigned d = NV_FEX32(bs, C5B5_BLOCK_SIZE, DEPTH);

    if (w > C5B5_BLOCK_SIZE_LOG2_MAX || h > C5B5_BLOCK_SIZE_LOG2_MAX ||
        d > C5B5_BLOCK_SIZE_LOG2_MAX) {
        return side->bad_block;
    }
    nv_bl_geom_init(&sf->geom, w, h, d,
                    (uint64_t)ce_reg(s, side->width) * elem,
                    ce_reg(s, side->height));
    sf->origin_x = (uint64_t)ce_reg(s, side->origin_x) * elem;
    sf->origin_y = ce_reg(s, side->origin_y);
    sf->layer = ce_reg(s, side->layer);
    return NULL;
}

static const char *ce_setup_surface(const NvCeState *s, uint32_t launch,
                                    const CeSide *side, NvSurface *sf,
                                    uint32_t elem)
{
    uint32_t upper = NV_FEX32(ce_reg(s, side->upper), C5B5_OFFSET_UPPER, UPPER);

    sf->virt = ((launch >> side->type_shift) & 1) == C5B5_TYPE_VIRTUAL;
    if (!sf->virt) {
        uint32_t t = NV_FEX32(ce_reg(s, side->phys_mode), C5B5_PHYS_MODE,
                              TARGET);

        if (t >= NV_ARRAY_SIZE(ce_phys_targets)) {
            return side->bad_target;
        }
        sf->target = ce_phys_targets[t];
    }
    sf->base = (uint64_t)upper << 32 | ce_reg(s, side->lower);
    sf->pitch = ce_reg(s, side->pitch);
    sf->block_linear =
        ((launch >> side->layout_shift) & 1) == C5B5_LAYOUT_BLOCKLINEAR;
    return sf->block_linear ? ce_setup_bl(s, side, sf, elem) : NULL;
}

/*
 * Remap: each destination element has NUM_DST_COMPONENTS components of
 * COMPONENT_SIZE bytes, each taken from a source component, a constant, or
 * left alone (NO_WRITE). A source component beyond NUM_SRC_COMPONENTS reads
 * as zero (unconfirmed: the hardware's behaviour is not documented).
 */
static const char *ce_setup_remap(NvCeState *s)
{
    NvCeOp *op = &s->op;
    uint32_t rc = ce_reg(s, A_C5B5_SET_REMAP_COMPONENTS);

    op->comp_size = NV_FEX32(rc, C5B5_SET_REMAP_COMPONENTS, COMPONENT_SIZE) + 1;
    op->num_src = NV_FEX32(rc, C5B5_SET_REMAP_COMPONENTS, NUM_SRC_COMPONENTS) + 1;
    op->num_dst = NV_FEX32(rc, C5B5_SET_REMAP_COMPONENTS, NUM_DST_COMPONENTS) + 1;
    op->konst[0] = ce_reg(s, A_C5B5_SET_REMAP_CONST_A);
    op->konst[1] = ce_reg(s, A_C5B5_SET_REMAP_CONST_B);
    for (unsigned c = 0; c < op->num_dst; c++) {
        unsigned shift = R_C5B5_SET_REMAP_COMPONENTS_DST_X_SHIFT +
                         c * C5B5_REMAP_DST_SHIFT_STEP;
        uint8_t sel = (rc >> shift) & 7;

        if (sel > C5B5_REMAP_NO_WRITE) {
            return "CE: reserved SET_REMAP_COMPONENTS selection";
        }
        op->swizzle[c] = sel;
        op->read_src |= sel < op->num_src;
        op->read_dst |= sel == C5B5_REMAP_NO_WRITE;
    }
    op->src_elem = op->comp_size * op->num_src;
    op->dst_elem = op->comp_size * op->num_dst;
    return NULL;
}

static void ce_setup_lines(NvCeState *s, uint32_t launch)
{
    NvCeOp *op = &s->op;
    bool copy = NV_FEX32(launch, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE) !=
                C5B5_DATA_TRANSFER_NONE;
    bool multi = NV_FEX32(launch, C5B5_LAUNCH_DMA, MULTI_LINE_ENABLE);

    op->line_len = ce_reg(s, A_C5B5_LINE_LENGTH_IN);
    op->line_count = !copy || !op->line_len ? 0 :
                     multi ? ce_reg(s, A_C5B5_LINE_COUNT) : 1;
}

static void ce_setup_release(NvCeState *s, uint32_t launch)
{
    NvCeOp *op = &s->op;
    unsigned type = NV_FEX32(launch, C5B5_LAUNCH_DMA, SEMAPHORE_TYPE);
    uint32_t upper = NV_FEX32(ce_reg(s, A_C5B5_SET_SEMAPHORE_A),
                              C5B5_SET_SEMAPHORE_A, UPPER);

    op->release = type != C5B5_SEMAPHORE_NONE;
    op->sem.addr = (uint64_t)upper << 32 | ce_reg(s, A_C5B5_SET_SEMAPHORE_B);
    op->sem.payload = ce_reg(s, A_C5B5_SET_SEMAPHORE_PAYLOAD);
    op->sem.four_word = type == C5B5_SEMAPHORE_RELEASE_FOUR_WORD;
    op->sem.reduce = NV_FEX32(launch, C5B5_LAUNCH_DMA,
                              SEMAPHORE_REDUCTION_ENABLE);
    op->sem.is_signed = NV_FEX32(launch, C5B5_LAUNCH_DMA,
                                 SEMAPHORE_REDUCTION_SIGN) ==
                        C5B5_REDUCTION_SIGN_SIGNED;
    op->sem.op = ce_sem_ops[NV_FEX32(launch, C5B5_LAUNCH_DMA,
                                     SEMAPHORE_REDUCTION)];
}

/* Snapshots the methods into s->op; NULL, or what is wrong with them. */
static const char *ce_setup(NvCeState *s, uint32_t launch)
{
    NvCeOp *op = &s->op;
    const char *err = ce_check_launch(launch);

    if (err) {
        return err;
    }
    op->src_elem = op->dst_elem = 1;
    op->remap = NV_FEX32(launch, C5B5_LAUNCH_DMA, REMAP_ENABLE);
    if (op->remap && (err = ce_setup_remap(s))) {
        return err;
    }
    err = ce_setup_surface(s, launch, &ce_src_side, &op->src, op->src_elem);
    if (!err) {
        err = ce_setup_surface(s, launch, &ce_dst_side, &op->dst, op->dst_elem);
    }
    if (err) {
        return err;
    }
    ce_setup_lines(s, launch);
    ce_setup_release(s, launch);
    op->intr = NV_FEX32(launch, C5B5_LAUNCH_DMA, INTERRUPT_TYPE);
    return NULL;
}

/* The copy is done: semaphore, then interrupt, so the host sees the value. */
static NvEngineStatus ce_complete(NvCeState *s, const NvMemIf *mem)
{
    NvCeOp *op = &s->op;

    op->active = false;
    if (op->release && !nv_sem_release(mem, &op->sem)) {
        return NV_ENGINE_ERROR;
    }
    if (op->intr == C5B5_INTERRUPT_NON_BLOCKING) {
        mem->nonstall_intr(mem->opaque);
    } else if (op->intr == C5B5_INTERRUPT_BLOCKING) {
        mem->stall_intr(mem->opaque);
    }
    return NV_ENGINE_IDLE;
}

static NvEngineStatus ce_fail(NvCeState *s, const NvMemIf *mem,
                              NvGuestErrorKind kind, const char *msg)
{
    memset(&s->op, 0, sizeof(s->op));
    mem->error(mem->opaque, kind, msg);
    return NV_ENGINE_ERROR;
}

static NvEngineStatus ce_launch(NvCeState *s, const NvMemIf *mem,
                                uint32_t launch)
{
    const char *err;

    if (s->op.active) {
        return ce_fail(s, mem, NV_ERR_CE_LAUNCH_BUSY,
                       "CE: LAUNCH_DMA while a copy is in progress");
    }
    memset(&s->op, 0, sizeof(s->op));
    err = ce_setup(s, launch);
    if (err) {
        return ce_fail(s, mem, NV_ERR_CE_LAUNCH_INVALID, err);
    }
    s->op.active = true;
    /* The copy itself waits for nv_ce_run: a launch costs O(1). */
    return s->op.line_count ? NV_ENGINE_BUSY : ce_complete(s, mem);
}

void nv_ce_reset(NvCeState *s)
{
    memset(s, 0, sizeof(*s));
}

NvEngineStatus nv_ce_method(NvCeState *s, const NvMemIf *mem, uint32_t mthd,
                            uint32_t data)
{
    if (mthd < NV_CE_MTHD_FIRST || mthd >= NV_CE_MTHD_END || (mthd & 3)) {
        mem->error(mem->opaque, NV_ERR_CE_BAD_METHOD, "CE: method outside the class");
        return NV_ENGINE_ERROR;
    }
    ce_store(s, mthd, data);
    if (mthd == A_C5B5_LAUNCH_DMA) {
        return ce_launch(s, mem, data);
    }
    return s->op.active ? NV_ENGINE_BUSY : NV_ENGINE_IDLE;
}

/* The copy engine: running a launched operation */

static void ce_remap_elem(const NvCeOp *op, const uint8_t *src, uint8_t *dst)
{
    unsigned cs = op->comp_size;

    for (unsigned c = 0; c < op->num_dst; c++) {
        uint8_t sel = op->swizzle[c];
        uint8_t *d = dst + c * cs;

        if (sel <= C5B5_REMAP_SRC_W) {
            if (sel < op->num_src) {
                memcpy(d, src + sel * cs, cs);
            } else {
                memset(d, 0, cs);
            }
        } else if (sel != C5B5_REMAP_NO_WRITE) {
            nv_st_le(d, op->konst[sel - C5B5_REMAP_CONST_A], cs);
        }
        /* NO_WRITE: d holds what the destination had (read_dst). */
    }
}

/* Moves n elements at the current position (n * elem <= NV_CE_CHUNK). */
static bool ce_step(const NvCeOp *op, const NvMemIf *mem, uint32_t n)
{
    uint8_t sbuf[NV_CE_CHUNK], dbuf[NV_CE_CHUNK];
    uint64_t sx = (uint64_t)op->elem * op->src_elem;
    uint64_t dx = (uint64_t)op->elem * op->dst_elem;
    uint32_t sbytes = n * op->src_elem, dbytes = n * op->dst_elem;

    if (!op->remap) {
        return nv_surface_io(mem, &op->src, false, op->line, sx, sbuf, n) &&
               nv_surface_io(mem, &op->dst, true, op->line, dx, sbuf, n);
    }
    if (op->read_src &&
        !nv_surface_io(mem, &op->src, false, op->line, sx, sbuf, sbytes)) {
        return false;
    }
    if (op->read_dst &&
        !nv_surface_io(mem, &op->dst, false, op->line, dx, dbuf, dbytes)) {
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        ce_remap_elem(op, sbuf + i * op->src_elem, dbuf + i * op->dst_elem);
    }
    return nv_surface_io(mem, &op->dst, true, op->line, dx, dbuf, dbytes);
}

static bool ce_past(int64_t deadline_us, unsigned steps)
{
    return deadline_us && steps % CE_STEPS_PER_CLOCK == 0 &&
           g_get_monotonic_time() >= deadline_us;
}

NvEngineStatus nv_ce_run(NvCeState *s, const NvMemIf *mem, uint64_t budget, int64_t deadline_us)
{
    NvCeOp *op = &s->op;
    uint32_t elem_bytes = NV_MAX(op->src_elem, op->dst_elem);
    uint64_t spent = 0;
    unsigned steps = 0;

    if (!op->active) {
        return NV_ENGINE_IDLE;
    }
    if (op->line >= op->line_count) {
        return ce_complete(s, mem);
    }
    do {
        uint32_t n = NV_MIN(op->line_len - op->elem, NV_CE_CHUNK / elem_bytes);

        if (!ce_step(op, mem, n)) {
            /* A fault: the provider reported it; the operation is dropped. */
            memset(op, 0, sizeof(*op));
            return NV_ENGINE_ERROR;
        }
        op->elem += n;
        if (op->elem == op->line_len) {
            op->elem = 0;
            op->line++;
        }
        spent += NV_MAX((uint64_t)n * elem_bytes, CE_STEP_MIN_COST);
    } while (op->line < op->line_count && spent < budget && !ce_past(deadline_us, ++steps));

    return op->line < op->line_count ? NV_ENGINE_BUSY : ce_complete(s, mem);
}

static void *ce_create(const NvGpu *gpu)
{
    return g_try_new0(NvCeState, 1);    /* zeroed: the reset state */
}

static NvEngineStatus ce_method(void *obj, const NvMemIf *mem, uint32_t mthd, uint32_t data)
{
    return nv_ce_method(obj, mem, mthd, data);
}

static NvEngineStatus ce_run(void *obj, const NvMemIf *mem, uint64_t budget, int64_t deadline_us)
{
    return nv_ce_run(obj, mem, budget, deadline_us);
}

const NvEngineOps nv_ce_engine = {
    .create = ce_create, .destroy = g_free, .method = ce_method, .run = ce_run,
    .run_budget = NV_CE_SLICE_BYTES,
};
