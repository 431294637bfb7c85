/*
 * KEPLER_INLINE_TO_MEMORY_B (class 0xa140): inline data to memory.
 *
 * The data stream is packed: line n takes bytes [n * LINE_LENGTH_IN,
 * (n + 1) * LINE_LENGTH_IN) of the dwords in order (little-endian), and the
 * bytes of the last dword past LINE_LENGTH_IN * LINE_COUNT are dropped.
 * Lines are PITCH_OUT apart (pitch layout) or rows of the block-linear
 * surface from its origin. LINE_LENGTH_IN and LINE_COUNT are guest input up
 * to 4G each: progress lives in the state, one dword at a time.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "i2m.h"
#include "../base/util.h"
#include "hw/nvidia/cl-a140.h"


static uint32_t i2m_reg(const NvI2mState *s, uint32_t mthd)
{
    return s->mthd[mthd / 4];
}

/* LAUNCH_DMA fields whose encodings are not all defined. */
typedef struct I2mFieldRule {
    uint8_t shift, length;
    uint16_t defined;           /* bit v set: value v is defined */
    const char *msg;
} I2mFieldRule;

#define I2M_LAUNCH_FIELD(f) R_A140_LAUNCH_DMA_ ## f ## _SHIFT, \
                            R_A140_LAUNCH_DMA_ ## f ## _LENGTH

static const I2mFieldRule i2m_launch_rules[] = {
    { I2M_LAUNCH_FIELD(REDUCTION_FORMAT), 0x3,
      "I2M: LAUNCH_DMA: reserved REDUCTION_FORMAT" },
    { I2M_LAUNCH_FIELD(COMPLETION_TYPE), 0x7,
      "I2M: LAUNCH_DMA: reserved COMPLETION_TYPE" },
    { I2M_LAUNCH_FIELD(INTERRUPT_TYPE), 0x3,
      "I2M: LAUNCH_DMA: reserved INTERRUPT_TYPE" },
};

static const char *i2m_check_launch(uint32_t launch)
{
    for (unsigned i = 0; i < NV_ARRAY_SIZE(i2m_launch_rules); i++) {
        const I2mFieldRule *r = &i2m_launch_rules[i];
        uint32_t v = (launch >> r->shift) & ((1u << r->length) - 1);

        if (!(r->defined & (1u << v))) {
            return r->msg;
        }
    }
    return NULL;
}

static const NvSemOp i2m_sem_ops[8] = {
    [A140_REDUCTION_ADD] = NV_SEM_OP_ADD,
    [A140_REDUCTION_MIN] = NV_SEM_OP_MIN,
    [A140_REDUCTION_MAX] = NV_SEM_OP_MAX,
    [A140_REDUCTION_INC] = NV_SEM_OP_INC,
    [A140_REDUCTION_DEC] = NV_SEM_OP_DEC,
    [A140_REDUCTION_AND] = NV_SEM_OP_AND,
    [A140_REDUCTION_OR] = NV_SEM_OP_OR,
    [A140_REDUCTION_XOR] = NV_SEM_OP_XOR,
};

/* The destination: always a GPU virtual address of the channel. */
static const char *i2m_setup_dst(NvI2mState *s, uint32_t launch)
{
    NvSurface *sf = &s->dst;
    uint32_t upper = NV_FEX32(i2m_reg(s, A_A140_OFFSET_OUT_UPPER),
                              A140_OFFSET_OUT_UPPER, VALUE);
    uint32_t bs = i2m_reg(s, A_A140_SET_DST_BLOCK_SIZE);
    unsigned w = NV_FEX32(bs, A140_SET_DST_BLOCK_SIZE, WIDTH);
    unsigned h = NV_FEX32(bs, A140_SET_DST_BLOCK_SIZE, HEIGHT);
    unsigned d = NV_FEX32(bs, A140_SET_DST_BLOCK_SIZE, DEPTH);

    memset(sf, 0, sizeof(*sf));
    sf->virt = true;
    sf->base = (uint64_t)upper << 32 | i2m_reg(s, A_A140_OFFSET_OUT);
    sf->pitch = i2m_reg(s, A_A140_PITCH_OUT);
    sf->block_linear = NV_FEX32(launch, A140_LAUNCH_DMA, DST_MEMORY_LAYOUT) ==
                       A140_LAYOUT_BLOCKLINEAR;
    if (!sf->block_linear) {
        return NULL;
    }
    if (w > A140_BLOCK_SIZE_LOG2_MAX || h > A140_BLOCK_SIZE_LOG2_MAX ||
        d > A140_BLOCK_SIZE_LOG2_MAX) {
        return "I2M: reserved SET_DST_BLOCK_SIZE";
    }
    nv_bl_geom_init(&sf->geom, w, h, d, i2m_reg(s, A_A140_SET_DST_WIDTH),
                    i2m_reg(s, A_A140_SET_DST_HEIGHT));
    sf->origin_x = NV_FEX32(i2m_reg(s, A_A140_SET_DST_ORIGIN_BYTES_X),
                            A140_SET_DST_ORIGIN_BYTES_X, V);
    sf->origin_y = NV_FEX32(i2m_reg(s, A_A140_SET_DST_ORIGIN_SAMPLES_Y),
                            A140_SET_DST_ORIGIN_SAMPLES_Y, V);
    sf->layer = i2m_reg(s, A_A140_SET_DST_LAYER);
    return NULL;
}

static void i2m_setup_release(NvI2mState *s, uint32_t launch)
{
    uint32_t upper = NV_FEX32(i2m_reg(s, A_A140_SET_I2M_SEMAPHORE_A),
                              A140_SET_I2M_SEMAPHORE_A, OFFSET_UPPER);

    s->release = NV_FEX32(launch, A140_LAUNCH_DMA, COMPLETION_TYPE) ==
                 A140_COMPLETION_RELEASE_SEMAPHORE;
    s->sem.addr = (uint64_t)upper << 32 | i2m_reg(s, A_A140_SET_I2M_SEMAPHORE_B);
    s->sem.payload = i2m_reg(s, A_A140_SET_I2M_SEMAPHORE_C);
    s->sem.four_word = NV_FEX32(launch, A140_LAUNCH_DMA, SEMAPHORE_STRUCT_SIZE) ==
                       A140_SEMAPHORE_FOUR_WORDS;
    s->sem.reduce = NV_FEX32(launch, A140_LAUNCH_DMA, REDUCTION_ENABLE);
    s->sem.is_signed = NV_FEX32(launch, A140_LAUNCH_DMA, REDUCTION_FORMAT) ==
                       A140_REDUCTION_FORMAT_SIGNED_32;
    s->sem.op = i2m_sem_ops[NV_FEX32(launch, A140_LAUNCH_DMA, REDUCTION_OP)];
}

static void i2m_drop(NvI2mState *s)
{
    s->active = false;
    s->line = s->line_count = 0;
    s->x = 0;
}

static NvEngineStatus i2m_fail(NvI2mState *s, const NvMemIf *mem,
                               NvGuestErrorKind kind, const char *msg)
{
    i2m_drop(s);
    mem->error(mem->opaque, kind, msg);
    return NV_ENGINE_ERROR;
}

/*
 * All data written: semaphore, then interrupt. Which interrupt INTERRUPT_TYPE
 * INTERRUPT raises is not documented; the non-stalling one is assumed.
 */
static NvEngineStatus i2m_complete(NvI2mState *s, const NvMemIf *mem)
{
    i2m_drop(s);
    if (s->release && !nv_sem_release(mem, &s->sem)) {
        return NV_ENGINE_ERROR;
    }
    if (s->intr) {
        mem->nonstall_intr(mem->opaque);
    }
    return NV_ENGINE_IDLE;
}

static NvEngineStatus i2m_launch(NvI2mState *s, const NvMemIf *mem,
                                 uint32_t launch)
{
    const char *err;

    /*
     * nouveau's GL driver sends floor(size / 4) dwords of a compute launch's
     * parameters after announcing size bytes (rusticl's 26-byte blocks): the
     * new launch ends the short transfer where it stands, with its bytes
     * written and no completion, and the channel goes on.
     */
    if (s->active) {
        i2m_drop(s);
        mem->error(mem->opaque, NV_ERR_I2M_LAUNCH_BUSY,
                   "I2M: LAUNCH_DMA before the previous data: that transfer ends short");
    }
    err = i2m_check_launch(launch);
    if (!err) {
        err = i2m_setup_dst(s, launch);
    }
    if (err) {
        return i2m_fail(s, mem, NV_ERR_I2M_LAUNCH_INVALID, err);
    }
    i2m_setup_release(s, launch);
    s->intr = NV_FEX32(launch, A140_LAUNCH_DMA, INTERRUPT_TYPE) ==
              A140_INTERRUPT_INTERRUPT;
    s->line_len = i2m_reg(s, A_A140_LINE_LENGTH_IN);
    s->line_count = s->line_len ? i2m_reg(s, A_A140_LINE_COUNT) : 0;
    s->line = 0;
    s->x = 0;
    s->active = true;
    return s->line_count ? NV_ENGINE_BUSY : i2m_complete(s, mem);
}

/* One dword: at most 4 writes (4 one-byte lines), each at most 4 bytes. */
static NvEngineStatus i2m_data(NvI2mState *s, const NvMemIf *mem,
                               uint32_t data)
{
    uint8_t b[4] = { data, data >> 8, data >> 16, data >> 24 };
    uint32_t used = 0;

    if (!s->active) {
        return i2m_fail(s, mem, NV_ERR_I2M_EXTRA_DATA,
                        "I2M: LOAD_INLINE_DATA beyond the launched size");
    }
    while (used < 4 && s->line < s->line_count) {
        uint32_t n = NV_MIN(4 - used, s->line_len - s->x);

        if (!nv_surface_io(mem, &s->dst, true, s->line, s->x, b + used, n)) {
            i2m_drop(s);
            return NV_ENGINE_ERROR;
        }
        used += n;
        s->x += n;
        if (s->x == s->line_len) {
            s->x = 0;
            s->line++;
        }
    }
    return s->line < s->line_count ? NV_ENGINE_BUSY : i2m_complete(s, mem);
}

void nv_i2m_reset(NvI2mState *s)
{
    memset(s, 0, sizeof(*s));
}

NvEngineStatus nv_i2m_method(NvI2mState *s, const NvMemIf *mem, uint32_t mthd,
                             uint32_t data)
{
    if (mthd < NV_I2M_MTHD_FIRST || mthd >= NV_I2M_MTHD_END || (mthd & 3)) {
        mem->error(mem->opaque, NV_ERR_I2M_BAD_METHOD, "I2M: method outside the class");
        return NV_ENGINE_ERROR;
    }
    s->mthd[mthd / 4] = data;
    if (mthd == A_A140_LAUNCH_DMA) {
        return i2m_launch(s, mem, data);
    }
    if (mthd == A_A140_LOAD_INLINE_DATA) {
        return i2m_data(s, mem, data);
    }
    return s->active ? NV_ENGINE_BUSY : NV_ENGINE_IDLE;
}

static void *i2m_create(const NvGpu *gpu)
{
    return g_try_new0(NvI2mState, 1);    /* zeroed: the reset state */
}

static NvEngineStatus i2m_method(void *obj, const NvMemIf *mem, uint32_t mthd, uint32_t data)
{
    return nv_i2m_method(obj, mem, mthd, data);
}

const NvEngineOps nv_i2m_engine = {
    .create = i2m_create, .destroy = g_free, .method = i2m_method,
};
