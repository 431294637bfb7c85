/*
 * The macro method expander: Turing's MME interpreter (mme.h). Each group
 * pops the parameters it names, evaluates its predicate, then ALU0, ALU1,
 * OUT0 and OUT1 in that order; branches take effect after the group, and
 * END_NEXT ends the macro after the following group (a delay slot).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "mme.h"

typedef struct Group {
    bool end_next;
    unsigned pred_mode, pred;
    unsigned op[2], dst[2], src[2][2];
    uint16_t imm[2];
    unsigned out_mthd[2], out_emit[2];
} Group;

/* Field `name` of the group (words as received: bits 95..64 first). */
#define GROUP_FIELD(w, name) \
    group_bits(w, NV_MME_##name##_POS, NV_MME_##name##_LEN)

enum {
#define NV_MME_FIELD_POS_ROW(name, pos, len) NV_MME_##name##_POS = pos, NV_MME_##name##_LEN = len,
    NV_MME_FIELDS(NV_MME_FIELD_POS_ROW)
#undef NV_MME_FIELD_POS_ROW
};

static unsigned group_bits(const uint32_t w[3], unsigned pos, unsigned len)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < len; i++) {
        unsigned b = pos + i;

        v |= (uint64_t)((w[2 - b / 32] >> (b % 32)) & 1) << i;
    }
    return (unsigned)v;
}

static void decode_group(const uint32_t w[3], Group *g)
{
    g->end_next = GROUP_FIELD(w, END_NEXT);
    g->pred_mode = GROUP_FIELD(w, PRED_MODE);
    g->pred = GROUP_FIELD(w, PRED);
    g->op[0] = GROUP_FIELD(w, ALU0_OP);
    g->dst[0] = GROUP_FIELD(w, ALU0_DST);
    g->src[0][0] = GROUP_FIELD(w, ALU0_SRC0);
    g->src[0][1] = GROUP_FIELD(w, ALU0_SRC1);
    g->imm[0] = (uint16_t)GROUP_FIELD(w, IMM0);
    g->op[1] = GROUP_FIELD(w, ALU1_OP);
    g->dst[1] = GROUP_FIELD(w, ALU1_DST);
    g->src[1][0] = GROUP_FIELD(w, ALU1_SRC0);
    g->src[1][1] = GROUP_FIELD(w, ALU1_SRC1);
    g->imm[1] = (uint16_t)GROUP_FIELD(w, IMM1);
    g->out_mthd[0] = GROUP_FIELD(w, OUT0_MTHD);
    g->out_emit[0] = GROUP_FIELD(w, OUT0_EMIT);
    g->out_mthd[1] = GROUP_FIELD(w, OUT1_MTHD);
    g->out_emit[1] = GROUP_FIELD(w, OUT1_EMIT);
}

void nv_mme_reset(NvMme *m)
{
    memset(m, 0, sizeof(*m));
}

/*
 * Both RAM addresses count instruction groups: nouveau's GL driver loads
 * macro after macro at group offsets (with word offsets they would overlap),
 * NVK at word counts, which are group offsets too, only sparser.
 */
void nv_mme_set_insn_ptr(NvMme *m, uint32_t group)
{
    m->iram_ptr = group < NV_MME_GROUPS ? group * NV_MME_GROUP_WORDS : NV_MME_IRAM_WORDS;
}

bool nv_mme_load_insn(NvMme *m, uint32_t data)
{
    if (m->iram_ptr >= NV_MME_IRAM_WORDS) {
        return false;
    }
    m->iram[m->iram_ptr++] = data;
    return true;
}

bool nv_mme_load_start(NvMme *m, uint32_t data)
{
    if (m->start_ptr >= NV_MME_MACROS) {
        return false;
    }
    m->start[m->start_ptr++] = data;
    return true;
}

static NvMmeStatus stop(NvMme *m, const char *why)
{
    m->running = false;
    m->fifo_count = 0;
    m->error = why;
    return why ? NV_MME_ERROR : NV_MME_DONE;
}

static uint32_t fifo_pop(NvMme *m)
{
    uint32_t v = m->fifo[m->fifo_head];

    m->fifo_head = (m->fifo_head + 1) % NV_MME_FIFO_WORDS;
    m->fifo_count--;
    return v;
}

static bool fifo_push(NvMme *m, uint32_t v)
{
    if (m->fifo_count >= NV_MME_FIFO_WORDS) {
        return false;
    }
    m->fifo[(m->fifo_head + m->fifo_count++) % NV_MME_FIFO_WORDS] = v;
    return true;
}

/* How many parameters the group pops (LOAD1 only with LOAD0: a second pop). */
static unsigned group_loads(const Group *g)
{
    bool l0 = g->pred == NV_MME_REG_LOAD0, l1 = g->pred == NV_MME_REG_LOAD1;

    for (unsigned a = 0; a < 2; a++) {
        for (unsigned s = 0; s < 2; s++) {
            l0 |= g->src[a][s] == NV_MME_REG_LOAD0;
            l1 |= g->src[a][s] == NV_MME_REG_LOAD1;
        }
        l0 |= g->out_mthd[a] == NV_MME_OUT_LOAD0 || g->out_emit[a] == NV_MME_OUT_LOAD0;
        l1 |= g->out_mthd[a] == NV_MME_OUT_LOAD1 || g->out_emit[a] == NV_MME_OUT_LOAD1;
    }
    return l1 ? 2 : l0;
}

/* A source register of ALU alu (pred: the predicate's, no immediate). */
static bool read_reg(const NvMme *m, const Group *g, int alu, unsigned reg, uint32_t *v)
{
    if (reg < NV_MME_REGS) {
        *v = m->regs[reg];
        return true;
    }
    switch (reg) {
    case NV_MME_REG_ZERO:
        *v = 0;
        return true;
    case NV_MME_REG_IMM:
    case NV_MME_REG_IMMPAIR:
        if (alu < 0) {
            return false;
        }
        *v = (uint32_t)(int32_t)(int16_t)g->imm[reg == NV_MME_REG_IMM ? alu : 1 - alu];
        return true;
    case NV_MME_REG_IMM32:
        *v = (uint32_t)g->imm[0] << 16 | g->imm[1];
        return true;
    case NV_MME_REG_LOAD0:
    case NV_MME_REG_LOAD1:
        *v = m->load[reg - NV_MME_REG_LOAD0];
        return true;
    default:
        return false;
    }
}

static bool compare(unsigned op, uint32_t x, uint32_t y)
{
    switch (op) {
    case NV_MME_ALU_BLT:
    case NV_MME_ALU_SLT:
        return (int32_t)x < (int32_t)y;
    case NV_MME_ALU_BLTU:
    case NV_MME_ALU_SLTU:
        return x < y;
    case NV_MME_ALU_BLE:
    case NV_MME_ALU_SLE:
        return (int32_t)x <= (int32_t)y;
    case NV_MME_ALU_BLEU:
    case NV_MME_ALU_SLEU:
        return x <= y;
    default:        /* BEQ, SEQ */
        return x == y;
    }
}

/* Arithmetic and logic that only compute a result. */
static uint32_t alu_value(NvMme *m, const Group *g, unsigned a, uint32_t x, uint32_t y)
{
    unsigned imm = g->imm[a];
    uint64_t wide;

    switch (g->op[a]) {
    case NV_MME_ALU_ADD:
        m->carry = x + y < x;
        return x + y;
    case NV_MME_ALU_ADDC:
        return x + y + m->carry;
    case NV_MME_ALU_SUB:
        m->carry = x - y > x;
        return x - y;
    case NV_MME_ALU_SUBB:
        return x - y - m->carry;
    case NV_MME_ALU_MUL:
        wide = (uint64_t)(int64_t)(int32_t)x * (uint64_t)(int64_t)(int32_t)y;
        m->carry = (uint32_t)(wide >> 32);
        return (uint32_t)wide;
    case NV_MME_ALU_MULU:
        wide = (uint64_t)x * y;
        m->carry = (uint32_t)(wide >> 32);
        return (uint32_t)wide;
    case NV_MME_ALU_MULH:
        return m->carry;
    case NV_MME_ALU_CLZ:
        return x ? (uint32_t)__builtin_clz(x) : 32;
    case NV_MME_ALU_SLL:
        return x << (y & 31);
    case NV_MME_ALU_SRL:
        return x >> (y & 31);
    case NV_MME_ALU_SRA:
        return (uint32_t)((int32_t)x >> (y & 31));
    case NV_MME_ALU_AND:
        return x & y;
    case NV_MME_ALU_NAND:
        return ~(x & y);
    case NV_MME_ALU_OR:
        return x | y;
    case NV_MME_ALU_XOR:
        return x ^ y;
    case NV_MME_ALU_MERGE: {
        /* insert `bits` bits of y from src_pos into x at dst_pos */
        unsigned dst_pos = (imm >> 10) & 0x3f, bits = (imm >> 5) & 0x1f, src_pos = imm & 0x1f;
        uint32_t field = bits ? (uint32_t)(((uint64_t)1 << bits) - 1) : 0;

        if (dst_pos >= 32) {
            return x;
        }
        return (x & ~(field << dst_pos)) | (((y >> src_pos) & field) << dst_pos);
    }
    default:        /* SLT .. SEQ */
        return compare(g->op[a], x, y) ? ~0u : 0;
    }
}

/*
 * One ALU: its result into *res; control flow into *next; false stops the
 * macro (m->error set, or m->running cleared by a stop branch).
 */
static bool run_alu(NvMme *m, const Group *g, unsigned a, const NvMmeOps *ops, void *opaque,
                    uint32_t *next, bool *stop_after)
{
    uint32_t x, y, res = 0;
    unsigned imm = g->imm[a];

    if (!read_reg(m, g, (int)a, g->src[a][0], &x) || !read_reg(m, g, (int)a, g->src[a][1], &y)) {
        m->error = "reserved source register";
        return false;
    }
    switch (g->op[a]) {
    case NV_MME_ALU_EXTENDED: {
        int n;

        if (x != NV_MME_EXTENDED_BARRIER || y != 1) {
            m->error = "unknown EXTENDED operation";
            return false;
        }
        /* the DMA'd dwords are the next parameters, before any left */
        uint32_t buf[NV_MME_FIFO_WORDS];

        n = ops->dma_fifo(opaque, buf, NV_MME_FIFO_WORDS - m->fifo_count);
        if (n < 0) {
            m->error = "MME DMA read faulted";
            return false;
        }
        for (int i = n - 1; i >= 0; i--) {
            m->fifo_head = (m->fifo_head + NV_MME_FIFO_WORDS - 1) % NV_MME_FIFO_WORDS;
            m->fifo[m->fifo_head] = buf[i];
            m->fifo_count++;
        }
        break;
    }
    case NV_MME_ALU_STATE:
        res = ops->state(opaque, ((x + y) & 0xffff) * 4);
        break;
    case NV_MME_ALU_LOOP:
        if (m->loop_count || imm < 2) {
            m->error = "nested or empty LOOP";
            return false;
        }
        m->loop_count = (x ? x : 1) - 1;
        m->loop_start = m->ip;
        m->loop_end = m->ip + imm - 1;
        break;
    case NV_MME_ALU_JAL:
        *next = m->ip + (imm & 0x7fff);
        break;
    case NV_MME_ALU_BLT:
    case NV_MME_ALU_BLTU:
    case NV_MME_ALU_BLE:
    case NV_MME_ALU_BLEU:
    case NV_MME_ALU_BEQ:
        if (compare(g->op[a], x, y) == !!(imm & NV_MME_BRANCH_IF_TRUE)) {
            int32_t off = (int32_t)(imm << (32 - NV_MME_BRANCH_OFFSET_BITS)) >>
                          (32 - NV_MME_BRANCH_OFFSET_BITS);

            if (off == NV_MME_BRANCH_STOP) {
                *stop_after = true;
            } else {
                *next = m->ip + (uint32_t)off;
            }
        }
        break;
    case NV_MME_ALU_DREAD:
        if (x >= NV_MME_DRAM_WORDS) {
            m->error = "DREAD past the data RAM";
            return false;
        }
        res = m->dram[x];
        break;
    case NV_MME_ALU_DWRITE:
        if (x >= NV_MME_DRAM_WORDS) {
            m->error = "DWRITE past the data RAM";
            return false;
        }
        m->dram[x] = y;
        break;
    default:
        res = alu_value(m, g, a, x, y);
        break;
    }
    m->alu[a] = res;
    if (g->dst[a] < NV_MME_REGS) {
        m->regs[g->dst[a]] = res;
    }
    return true;
}

static bool out_value(const NvMme *m, const Group *g, unsigned src, uint32_t *v)
{
    switch (src) {
    case NV_MME_OUT_ALU0:
    case NV_MME_OUT_ALU1:
        *v = m->alu[src - NV_MME_OUT_ALU0];
        return true;
    case NV_MME_OUT_LOAD0:
    case NV_MME_OUT_LOAD1:
        *v = m->load[src - NV_MME_OUT_LOAD0];
        return true;
    case NV_MME_OUT_IMM0:
    case NV_MME_OUT_IMM1:
        *v = g->imm[src - NV_MME_OUT_IMM0];
        return true;
    case NV_MME_OUT_IMMHIGH0:
    case NV_MME_OUT_IMMHIGH1:
        *v = g->imm[src - NV_MME_OUT_IMMHIGH0] >> 12;
        return true;
    case NV_MME_OUT_IMM32:
        *v = (uint32_t)g->imm[0] << 16 | g->imm[1];
        return true;
    default:
        return false;
    }
}

/* One output: a new method (address 11..0 in dwords, increment 15..12), then data to it. */
static bool run_out(NvMme *m, const Group *g, unsigned o, const NvMmeOps *ops, void *opaque)
{
    uint32_t v;

    if (g->out_mthd[o] != NV_MME_OUT_NONE) {
        if (!out_value(m, g, g->out_mthd[o], &v)) {
            m->error = "reserved output source";
            return false;
        }
        m->mthd = (v & 0xfff) << 2;
        m->inc = (v >> 12) & 0xf;
    }
    if (g->out_emit[o] != NV_MME_OUT_NONE) {
        if (!out_value(m, g, g->out_emit[o], &v)) {
            m->error = "reserved output source";
            return false;
        }
        if (!ops->method(opaque, m->mthd, v)) {
            m->error = "an emitted method failed";
            return false;
        }
        m->mthd = (m->mthd + m->inc * 4) & 0x3ffc;
    }
    return true;
}

/* Runs the macro until it ends, parks for a parameter, or fails. */
static NvMmeStatus run(NvMme *m, const NvMmeOps *ops, void *opaque)
{
    static const char *const modes[16] = { NV_MME_PRED_MODES };

    while (m->running) {
        const uint32_t *w;
        uint32_t next = m->ip + 1, pv;
        unsigned loads;
        bool stop_after = false;
        Group g;

        if (ops->busy && ops->busy(opaque)) {
            return NV_MME_BUSY;         /* parked: resumes when the class is done */
        }
        if (m->ip >= NV_MME_GROUPS) {
            return stop(m, "macro ran past the instruction RAM");
        }
        if (++m->groups > NV_MME_WATCHDOG) {
            return stop(m, "macro watchdog: too many groups");
        }
        w = &m->iram[m->ip * NV_MME_GROUP_WORDS];
        decode_group(w, &g);
        loads = group_loads(&g);
        if (m->fifo_count < loads) {
            m->groups--;
            return NV_MME_WAIT;         /* parked: resumes on the next parameter */
        }
        for (unsigned i = 0; i < loads; i++) {
            m->load[i] = fifo_pop(m);
        }
        if (!read_reg(m, &g, -1, g.pred, &pv)) {
            return stop(m, "reserved predicate register");
        }
        for (unsigned part = 0; part < 4; part++) {
            char c = modes[g.pred_mode & 15][part];
            bool ok;

            if (c != 'U' && (c == 'T') != (pv != 0)) {
                continue;
            }
            ok = part < 2 ? run_alu(m, &g, part, ops, opaque, &next, &stop_after)
                          : run_out(m, &g, part - 2, ops, opaque);
            if (!ok) {
                return stop(m, m->error);
            }
        }
        if (m->end_next || stop_after) {
            return stop(m, NULL);
        }
        m->end_next = g.end_next;
        if (m->loop_count && m->ip == m->loop_end) {
            m->loop_count--;
            next = m->loop_start + 1;
        }
        m->ip = next;
    }
    return NV_MME_DONE;
}

NvMmeStatus nv_mme_call(NvMme *m, unsigned macro, uint32_t param, const NvMmeOps *ops,
                        void *opaque)
{
    uint32_t start;
    bool was_running = m->running;

    m->error = NULL;
    m->fifo_count = 0;
    m->fifo_head = 0;
    if (was_running) {
        /* the last macro still waits for parameters it will not get */
        return stop(m, "macro called while another waits for parameters");
    }
    if (macro >= NV_MME_MACROS) {
        return stop(m, "macro number past the start address RAM");
    }
    start = m->start[macro];
    if (start >= NV_MME_GROUPS) {
        return stop(m, "macro start address past the instruction RAM");
    }
    memset(m->regs, 0, sizeof(m->regs));
    m->running = true;
    m->end_next = false;
    m->ip = start;
    m->carry = m->loop_count = 0;
    m->mthd = m->inc = 0;
    m->groups = 0;
    fifo_push(m, param);
    return run(m, ops, opaque);
}

NvMmeStatus nv_mme_data(NvMme *m, uint32_t param, const NvMmeOps *ops, void *opaque)
{
    if (!m->running) {
        return stop(m, "macro data with no macro waiting for it");
    }
    if (!fifo_push(m, param)) {
        return stop(m, "macro parameter FIFO overflow");
    }
    return run(m, ops, opaque);
}

NvMmeStatus nv_mme_resume(NvMme *m, const NvMmeOps *ops, void *opaque)
{
    return m->running ? run(m, ops, opaque) : NV_MME_DONE;
}
