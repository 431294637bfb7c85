/*
 * A test channel builder: instance block + address space (nv-pt.h), RAMFC,
 * USERD, a GPFIFO ring and a pushbuffer, bound and enabled through BAR0 and
 * kicked with the doorbell. Memory and registers are reached through
 * callbacks so unit tests and qtests share it.
 *
 * Layout in VRAM from `base`: +0 instance block, +0x1000 USERD,
 * +0x10000.. page tables; the GP ring and the pushbuffer live in `target`
 * memory at gp_pa / pb_pa and are mapped at GP_VA / PB_VA.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_NV_CHAN_H
#define TESTS_NV_CHAN_H

#include "hw/nvidia/cl-c46f.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-host.h"
#include "hw/nvidia/nv-regs.h"
#include "nv-pt.h"

#define NVCH_GP_VA      0x100000ull
#define NVCH_PB_VA      0x200000ull
#define NVCH_PB_PAGES   16
#define NVCH_GP_LIMIT2  6               /* 64 entries */

typedef struct NvTestRegs {
    void *ctx;
    uint32_t (*rd32)(void *ctx, uint32_t off);
    void (*wr32)(void *ctx, uint32_t off, uint32_t v);
} NvTestRegs;

typedef struct NvTestChan {
    NvVmm vmm;
    NvTestRegs regs;
    uint32_t chid, runlist;
    uint64_t inst, userd;
    uint32_t target;                    /* where GP ring and pushbuffer live */
    uint64_t gp_pa, pb_pa;
    uint32_t gp_put;
    uint32_t pb_pos, pb_start;          /* dwords */
} NvTestChan;

static inline void nvch_w32(NvTestChan *ch, uint32_t target, uint64_t addr, uint32_t v)
{
    uint64_t a = addr & ~7ull, q = ch->vmm.mem.read64(ch->vmm.mem.ctx, target, a);
    unsigned sh = (addr & 4) * 8;

    q = (q & ~(0xffffffffull << sh)) | (uint64_t)v << sh;
    ch->vmm.mem.write64(ch->vmm.mem.ctx, target, a, q);
}

static inline uint32_t nvch_r32(NvTestChan *ch, uint32_t target, uint64_t addr)
{
    return (uint32_t)(ch->vmm.mem.read64(ch->vmm.mem.ctx, target, addr & ~7ull) >>
                      ((addr & 4) * 8));
}

/* Builds and binds channel chid on runlist rl; GP ring and pushbuffer in target. */
static inline void nvch_init(NvTestChan *ch, NvPtMem mem, NvTestRegs regs, uint32_t chid,
                             uint32_t rl, uint64_t base, uint32_t target, uint64_t gp_pa,
                             uint64_t pb_pa)
{
    *ch = (NvTestChan) { .regs = regs, .chid = chid, .runlist = rl, .inst = base,
                         .userd = base + 0x1000, .target = target, .gp_pa = gp_pa,
                         .pb_pa = pb_pa };
    nvpt_init(&ch->vmm, mem, NV_TARGET_VRAM, base, base + 0x10000, (1ull << 40) - 1);
    nvpt_map(&ch->vmm, NVCH_GP_VA, gp_pa, target, NV_PAGE_SHIFT_4K, 0);
    for (unsigned i = 0; i < NVCH_PB_PAGES; i++) {
        nvpt_map(&ch->vmm, NVCH_PB_VA + 0x1000 * i, pb_pa + 0x1000 * i, target,
                 NV_PAGE_SHIFT_4K, 0);
    }
    nvch_w32(ch, NV_TARGET_VRAM, base + NV_RAMFC_USERD_LO, (uint32_t)ch->userd);
    nvch_w32(ch, NV_TARGET_VRAM, base + NV_RAMFC_USERD_HI, (uint32_t)(ch->userd >> 32));
    nvch_w32(ch, NV_TARGET_VRAM, base + NV_RAMFC_GP_BASE_LO, (uint32_t)NVCH_GP_VA);
    nvch_w32(ch, NV_TARGET_VRAM, base + NV_RAMFC_GP_BASE_HI,
             (uint32_t)(NVCH_GP_VA >> 32) | NVCH_GP_LIMIT2 << 16);
    regs.wr32(regs.ctx, A_PCCSR_INST(chid), R_PCCSR_INST_BIND_MASK | (uint32_t)(base >> 12));
    regs.wr32(regs.ctx, A_PCCSR_CHANNEL(chid), R_PCCSR_CHANNEL_ENABLE_SET_MASK);
}

static inline void nvch_push(NvTestChan *ch, uint32_t dw)
{
    nvch_w32(ch, ch->target, ch->pb_pa + 4ull * ch->pb_pos++, dw);
}

/* A method header (incrementing) followed by its data. */
static inline void nvch_mthd(NvTestChan *ch, uint32_t subch, uint32_t mthd, unsigned n,
                             const uint32_t *data)
{
    nvch_push(ch, NV_PB_SEC_INC_METHOD << 29 | n << 16 | subch << 13 | mthd >> 2);
    for (unsigned i = 0; i < n; i++) {
        nvch_push(ch, data[i]);
    }
}

static inline void nvch_mthd1(NvTestChan *ch, uint32_t subch, uint32_t mthd, uint32_t v)
{
    nvch_mthd(ch, subch, mthd, 1, &v);
}

/*
 * A compute launch (not submitted): TURING_COMPUTE_A on subch, the QMD at
 * qmd_va scheduled, after invalidating the caches where asked.
 */
static inline void nvch_launch(NvTestChan *ch, uint32_t subch, uint64_t qmd_va, bool invalidate)
{
    nvch_mthd1(ch, subch, A_C46F_SET_OBJECT, NV_CLASS_TURING_COMPUTE_A);
    nvch_mthd1(ch, subch, A_C5C0_SEND_PCAS_A, (uint32_t)(qmd_va >> C5C0_QMD_ADDRESS_SHIFT));
    nvch_mthd1(ch, subch, A_C5C0_SEND_SIGNALING_PCAS_B,
               (invalidate ? R_C5C0_SEND_SIGNALING_PCAS_B_INVALIDATE_MASK : 0) |
               R_C5C0_SEND_SIGNALING_PCAS_B_SCHEDULE_MASK);
}

/* Appends a GP entry for [va, va + dwords) without kicking. */
static inline void nvch_gp_entry(NvTestChan *ch, uint64_t va, uint32_t dwords)
{
    uint64_t at = ch->gp_pa + (uint64_t)ch->gp_put * NV_GP_ENTRY_SIZE;

    nvch_w32(ch, ch->target, at, (uint32_t)va);
    nvch_w32(ch, ch->target, at + 4, (uint32_t)(va >> 32) | dwords << 10);
    ch->gp_put = (ch->gp_put + 1) % (1u << NVCH_GP_LIMIT2);
}

/* Publishes GP_PUT in USERD and rings the doorbell. */
static inline void nvch_kick(NvTestChan *ch)
{
    nvch_w32(ch, NV_TARGET_VRAM, ch->userd + NV_USERD_GP_PUT, ch->gp_put);
    ch->regs.wr32(ch->regs.ctx, A_USERMODE_DOORBELL, ch->runlist << 16 | ch->chid);
}

/* Submits what was pushed since the last submit as one GP entry and kicks. */
static inline void nvch_submit(NvTestChan *ch)
{
    nvch_gp_entry(ch, NVCH_PB_VA + 4ull * ch->pb_start, ch->pb_pos - ch->pb_start);
    ch->pb_start = ch->pb_pos;
    nvch_kick(ch);
}

static inline uint32_t nvch_userd(NvTestChan *ch, uint32_t off)
{
    return nvch_r32(ch, NV_TARGET_VRAM, ch->userd + off);
}

#endif
