/*
 * The MMU fault unit (BAR0 0xb83000): fault buffers, the info-fault latch,
 * the fault status, and the TLB invalidate trigger.
 *
 * A fault is written as a 32-byte record into buffer 0 (non-replayable),
 * whose address is a BAR2 virtual address unless its LO register selects
 * physical mode, and the buffer's NOTIFY vector is raised in the VF tree.
 * When the buffer is disabled, full or unreachable, the fault goes to the
 * info latch (0xb83080..) and raises the info vector. Never PMC bit 9.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "mmu.h"

#define INFO_REGS 5     /* 0xb83080 .. 0xb83090 */

static uint32_t buf_entries(const NvGpu *gpu, unsigned i)
{
    return NV_FEX32(gpu->r.mmu.buf_size[i], VF_FAULT_BUF_SIZE, ENTRIES);
}

/* Where entry n of buffer i lives; false if it cannot be reached. */
static bool entry_phys(NvGpu *gpu, unsigned i, uint32_t n, NvPhys *p)
{
    uint32_t lo = gpu->r.mmu.buf_lo[i], reason;
    uint64_t base = (uint64_t)gpu->r.mmu.buf_hi[i] << 32 |
                    (lo & R_VF_FAULT_BUF_LO_ADDR_MASK);
    uint64_t at = base + (uint64_t)n * NV_FAULT_ENTRY_SIZE;
    NvPhys inst;
    NvXlate x;

    if (NV_FEX32(lo, VF_FAULT_BUF_LO, PHYS_MODE)) {
        *p = (NvPhys) { at, NV_FEX32(lo, VF_FAULT_BUF_LO, PHYS_TARGET) };
        return true;
    }
    if (!nv_bar_xlate(gpu, 2, at, true, &x, &inst, &reason) || x.sparse) {
        return false;
    }
    *p = x.phys;
    return true;
}

static void record(NvGpu *gpu, const NvFault *f, uint8_t rec[NV_FAULT_ENTRY_SIZE])
{
    uint64_t now = nv_ptimer_now(gpu);
    uint32_t inst_lo = NV_FDP32((uint32_t)f->inst.addr, FAULT_ENTRY_INST_LO, TARGET,
                                f->inst.target);
    uint32_t info1 = R_FAULT_ENTRY_INFO1_VALID_MASK | R_FAULT_ENTRY_INFO1_HUB_MASK;

    info1 = NV_FDP32(info1, FAULT_ENTRY_INFO1, ACCESS, f->access);
    info1 = NV_FDP32(info1, FAULT_ENTRY_INFO1, REASON, f->reason);
    nv_st_le(rec + A_FAULT_ENTRY_INST_LO, inst_lo, 4);
    nv_st_le(rec + A_FAULT_ENTRY_INST_HI, (uint32_t)(f->inst.addr >> 32), 4);
    nv_st_le(rec + A_FAULT_ENTRY_ADDR_LO, (uint32_t)f->va, 4);
    nv_st_le(rec + A_FAULT_ENTRY_ADDR_HI, (uint32_t)(f->va >> 32), 4);
    nv_st_le(rec + A_FAULT_ENTRY_TIME_LO, (uint32_t)now, 4);
    nv_st_le(rec + A_FAULT_ENTRY_TIME_HI, (uint32_t)(now >> 32), 4);
    nv_st_le(rec + A_FAULT_ENTRY_INFO0, NV_FDP32(0, FAULT_ENTRY_INFO0, ENGINE, f->engine), 4);
    nv_st_le(rec + A_FAULT_ENTRY_INFO1, info1, 4);
}

/* Appends to buffer 0; false when it is off, full or unreachable. */
static bool buffer_append(NvGpu *gpu, const NvFault *f)
{
    uint32_t entries = buf_entries(gpu, 0), put, next;
    uint8_t rec[NV_FAULT_ENTRY_SIZE];
    NvPhys p;

    if (!NV_FEX32(gpu->r.mmu.buf_size[0], VF_FAULT_BUF_SIZE, ENABLE) || entries == 0) {
        return false;
    }
    put = NV_FEX32(gpu->r.mmu.buf_put[0], VF_FAULT_BUF_PUT, PTR);
    next = put + 1 >= entries ? 0 : put + 1;
    if (put >= entries || next == gpu->r.mmu.buf_get[0]) {
        gpu->r.mmu.buf_put[0] |= R_VF_FAULT_BUF_PUT_OVERFLOW_MASK;
        NV_GUEST_ERR(gpu, FAULT_BUFFER_FULL,
                     "MMU fault buffer full or corrupt (put %u get %u entries %u)", put,
                     gpu->r.mmu.buf_get[0], entries);
        return false;
    }
    record(gpu, f, rec);
    if (!entry_phys(gpu, 0, put, &p) || !nv_phys_write(gpu, p, rec, sizeof(rec))) {
        NV_GUEST_ERR(gpu, FAULT_BUFFER_UNREACHABLE, "MMU fault buffer entry %u is not reachable",
                     put);
        return false;
    }
    gpu->r.mmu.buf_put[0] = NV_FDP32(gpu->r.mmu.buf_put[0], VF_FAULT_BUF_PUT, PTR, next);
    gpu->r.mmu.status |= R_VF_FAULT_STATUS_NRP_NOTIFY_MASK;
    nv_vf_raise(gpu, NV_FAULT_VECTOR_NRP_NOTIFY);
    return true;
}

/* The info latch keeps the first fault until the driver acknowledges it. */
static void info_latch(NvGpu *gpu, const NvFault *f)
{
    uint8_t rec[NV_FAULT_ENTRY_SIZE];

    if (gpu->r.mmu.status & R_VF_FAULT_STATUS_INFO_VALID_MASK) {
        return;
    }
    record(gpu, f, rec);
    gpu->r.mmu.info[0] = (uint32_t)f->va;
    gpu->r.mmu.info[1] = (uint32_t)(f->va >> 32);
    gpu->r.mmu.info[2] = ((uint32_t)f->inst.addr & R_VF_FAULT_BUF_LO_ADDR_MASK) | f->engine;
    gpu->r.mmu.info[3] = (uint32_t)(f->inst.addr >> 32);
    gpu->r.mmu.info[4] = nv_ld_le(rec + A_FAULT_ENTRY_INFO1, 4);
    gpu->r.mmu.status |= R_VF_FAULT_STATUS_INFO_VALID_MASK;
    nv_vf_raise(gpu, NV_FAULT_VECTOR_INFO);
}

void nv_fault_report(NvGpu *gpu, const NvFault *f)
{
    if (nv_trace_on(gpu, NV_TRACE_MMU_FAULT)) {
        nv_trace(gpu, &(NvTraceRecord) { .id = NV_TRACE_MMU_FAULT, .fault = {
                     f->inst.addr, f->va, f->reason, f->access, f->engine } });
    }
    if (!buffer_append(gpu, f)) {
        info_latch(gpu, f);
    }
}

bool nv_vfmmu_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    NvRegs *r = &gpu->r;

    for (unsigned i = 0; i < NV_FAULT_BUFFERS; i++) {
        uint32_t *regs[] = { &r->mmu.buf_lo[i], &r->mmu.buf_hi[i], &r->mmu.buf_get[i],
                             &r->mmu.buf_put[i], &r->mmu.buf_size[i] };
        if (addr >= A_VF_FAULT_BUF_LO(i) && addr <= A_VF_FAULT_BUF_SIZE(i)) {
            *val = *regs[(addr - A_VF_FAULT_BUF_LO(i)) / 4];
            return true;
        }
    }
    if (addr >= A_VF_FAULT_ADDR_LO && addr < A_VF_FAULT_ADDR_LO + 4 * INFO_REGS) {
        *val = r->mmu.info[(addr - A_VF_FAULT_ADDR_LO) / 4];
        return true;
    }
    switch (addr) {
    case A_VF_FAULT_STATUS:
        *val = r->mmu.status;
        return true;
    case A_VF_MMU_INVALIDATE_PDB:
    case A_VF_MMU_INVALIDATE_PDB_HI:
        *val = r->mmu.inval_pdb[addr == A_VF_MMU_INVALIDATE_PDB_HI];
        return true;
    case A_VF_MMU_INVALIDATE:
        *val = 0;               /* the invalidate has always completed */
        return true;
    }
    return false;
}

static void write_size(NvGpu *gpu, unsigned i, uint32_t val)
{
    uint32_t entries = NV_FEX32(val, VF_FAULT_BUF_SIZE, SET_DEFAULT) ?
                       NV_FAULT_BUF_DEFAULT_ENTRIES : NV_FEX32(val, VF_FAULT_BUF_SIZE, ENTRIES);

    val = NV_FDP32(val, VF_FAULT_BUF_SIZE, SET_DEFAULT, 0);
    gpu->r.mmu.buf_size[i] = NV_FDP32(val, VF_FAULT_BUF_SIZE, ENTRIES, entries);
}

bool nv_vfmmu_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    NvRegs *r = &gpu->r;

    for (unsigned i = 0; i < NV_FAULT_BUFFERS; i++) {
        if (addr == A_VF_FAULT_BUF_LO(i)) {
            r->mmu.buf_lo[i] = val;
        } else if (addr == A_VF_FAULT_BUF_HI(i)) {
            r->mmu.buf_hi[i] = val;
        } else if (addr == A_VF_FAULT_BUF_GET(i)) {
            r->mmu.buf_get[i] = NV_FEX32(val, VF_FAULT_BUF_PUT, PTR);
            if (NV_FEX32(val, VF_FAULT_BUF_PUT, OVERFLOW)) {    /* write 1 clears */
                r->mmu.buf_put[i] &= ~R_VF_FAULT_BUF_PUT_OVERFLOW_MASK;
            }
        } else if (addr == A_VF_FAULT_BUF_SIZE(i)) {
            write_size(gpu, i, val);
        } else if (addr == A_VF_FAULT_BUF_PUT(i)) {
            /* PUT belongs to the hardware */
        } else {
            continue;
        }
        return true;
    }
    switch (addr) {
    case A_VF_FAULT_STATUS:
        r->mmu.status &= ~val;
        return true;
    case A_VF_MMU_INVALIDATE_PDB:
    case A_VF_MMU_INVALIDATE_PDB_HI:
        r->mmu.inval_pdb[addr == A_VF_MMU_INVALIDATE_PDB_HI] = val;
        return true;
    case A_VF_MMU_INVALIDATE:
        if (NV_FEX32(val, VF_MMU_INVALIDATE, TRIGGER)) {
            nv_mmu_tlb_flush(gpu);
        }
        return true;
    }
    return false;
}
