/*
 * Internal state of the GPU model core (no QEMU headers).
 *
 * Entry points are serialised by the caller (the QEMU device calls them
 * under the BQL); the host-thread issue adds its own locking.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_GPU_H
#define HW_NVIDIA_GPU_GPU_H

#include "hw/nvidia/nvgpu.h"
#include "hw/nvidia/nv-regs.h"
#include "plain-regs.h"
#include "vbios.h"
#include "compute.h"

/* A physical location: a memory target (NV_TARGET_*) and an address in it. */
typedef struct NvPhys {
    uint64_t addr;
    uint32_t target;
} NvPhys;

#include "falcon.h"

/* One cached 4 KiB translation. */
typedef struct NvTlbEntry {
    bool valid;
    bool read_only;
    bool sparse;
    NvPhys inst;            /* address space it belongs to */
    uint64_t vpn;           /* va >> 12 */
    NvPhys page;            /* 4 KiB frame */
} NvTlbEntry;

#define NV_TLB_ENTRIES 64

/* Registers with state; zeroed and re-initialised by nvgpu_reset(). */
typedef struct NvRegs {
    struct {
        uint32_t intr_en[2];
        uint32_t enable;
    } pmc;
    struct {
        uint32_t intr, intr_en;
        uint32_t bar0_window;
    } pbus;
    struct {
        uint32_t intr, intr_en;
        uint32_t alarm;
        uint32_t time_hi_written;   /* TIME_1 waits for TIME_0 to set the clock */
        uint64_t offset;            /* PTIMER = platform time + offset */
        uint64_t last;              /* last value returned: reads strictly increase */
    } ptimer;
    struct {
        uint32_t rom_shadow;
    } pcfg;
    struct {
        bool trap;                  /* an SM exception waits in the trap tree */
        uint32_t warp_err, global_err;
    } gr;
    struct {
        uint32_t wpr_index;         /* WPR_INFO: which bound a read returns */
        uint64_t wpr_start, wpr_end;    /* set by the ACR jobs; 0: no region */
    } pfb;
    struct {
        uint32_t bar_block[2];      /* BAR1, BAR2 */
        uint32_t inval_pdb[2];
        uint32_t buf_lo[NV_FAULT_BUFFERS], buf_hi[NV_FAULT_BUFFERS];
        uint32_t buf_get[NV_FAULT_BUFFERS], buf_put[NV_FAULT_BUFFERS];
        uint32_t buf_size[NV_FAULT_BUFFERS];
        uint32_t info[5];           /* the info-fault latch, 0xb83080.. */
        uint32_t status;
    } mmu;
    uint32_t plain[NV_PLAIN_COUNT];
    struct {
        uint32_t intr, intr_en;
        uint32_t runlist_block, preempt, runlist_preempt;
        uint32_t rl_base_lo[NV_RUNLISTS], rl_base_hi[NV_RUNLISTS], rl_count[NV_RUNLISTS];
        uint32_t pccsr_inst[NV_CHANNELS], pccsr_ctrl[NV_CHANNELS];
        uint32_t pbdma_intr0[NV_PBDMAS], pbdma_en0[NV_PBDMAS];
        uint32_t pbdma_intr1[NV_PBDMAS], pbdma_en1[NV_PBDMAS];
        uint32_t pbdma_method[NV_PBDMAS], pbdma_data[NV_PBDMAS], pbdma_chid[NV_PBDMAS];
        uint32_t pbdma_timeout[NV_PBDMAS], pbdma_config[NV_PBDMAS];
        uint32_t ce_intr[NV_CE_INSTANCES], ce_intr_en[NV_CE_INSTANCES];
        uint32_t ce_launch_err[NV_CE_INSTANCES];
    } fifo;
    struct {
        uint32_t vga_crtc_index;
    } vga;
    struct {
        uint32_t leaf[NV_VF_INTR_LEAVES];
        uint32_t leaf_en[NV_VF_INTR_LEAVES];
        uint32_t top_en;
    } vf;
} NvRegs;

struct NvGpu {
    NvGpuConfig cfg;
    NvChipProfile chip;
    NvPlatform plat;
    uint8_t *vram;
    uint64_t vram_size;
    uint8_t rom[NV_VBIOS_SIZE];
    size_t rom_len;
    uint32_t device_info[NV_PTOP_DEVICE_INFO_ENTRIES];
    NvRegs r;
    NvTlbEntry tlb[NV_TLB_ENTRIES];
    NvFalcon falcon[NV_FALCONS];            /* SEC2, GSP, PMU */
    uint32_t *pgraph;                       /* PGRAPH register file (gr.c) */
    struct NvChannel *chan[NV_CHANNELS];    /* host state of bound channels */
    NvSm *sm;                               /* the SM array (worker threads) */
    NvComputeConfig compute_cfg;            /* how compute launches run */
    uint32_t next_chid;                     /* round-robin position */
    bool poll_armed;
    bool any_parked;
    bool irq_level;
    uint32_t irq_edges;
};

/*
 * A BAR0 unit: a range and its handlers. Offsets passed to handlers are BAR0
 * offsets. Register units see only aligned 32-bit accesses; window units
 * (bytewise) see every access size. A handler returns false for an offset it
 * does not implement, which the dispatcher reports as unimplemented.
 */
typedef struct NvUnit {
    const char *name;
    uint32_t base, size;
    bool bytewise;
    bool (*read)(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val);
    bool (*write)(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size);
} NvUnit;

/* The BAR0 unit table, sorted by base (regtable.c). */
extern const NvUnit nv_units[];
extern const size_t nv_units_count;
const NvUnit *nv_unit_find(uint32_t offset);

/* Per-unit cold state and derived interrupt lines. */
void nv_ptimer_reset(NvGpu *gpu);
uint64_t nv_ptimer_now(NvGpu *gpu);
void nv_ptimer_alarm_fire(NvGpu *gpu);
uint32_t nv_pmc_intr(NvGpu *gpu, unsigned tree);
bool nv_vf_pending(NvGpu *gpu);
void nv_top_build_device_info(NvGpu *gpu);
const NvTopEngine *nv_top_engine(const NvGpu *gpu, uint32_t type);
bool nv_gr_alloc(NvGpu *gpu);
void nv_gr_reset(NvGpu *gpu);
/* An SM error of a launch on the channel at inst, raised as GR's SM trap. */
void nv_gr_sm_exception(NvGpu *gpu, NvPhys inst, NvSmErrorKind kind);
uint32_t nv_gr_intr_lines(NvGpu *gpu);

/* Recomputes the interrupt line and tells the platform when it changed. */
void nv_irq_update(NvGpu *gpu);

/* Reports a guest mistake through the platform (printf-style). */
void nv_guest_error(NvGpu *gpu, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Little-endian access to a byte buffer at a checked offset. */
static inline uint32_t nv_ld_le(const uint8_t *p, unsigned size)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < size; i++) {
        v |= (uint32_t)p[i] << (8 * i);
    }
    return v;
}

static inline void nv_st_le(uint8_t *p, uint32_t v, unsigned size)
{
    for (unsigned i = 0; i < size; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

#endif
