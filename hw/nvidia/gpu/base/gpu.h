/*
 * The floor of the GPU model core (no QEMU headers): the state of every
 * unit as plain data. Behaviour lives in the rooms above (regs, mem, host,
 * engines, falcon); this header only describes what they share, so every
 * room can include it and none has to include another room for a type.
 *
 * Entry points are serialised by the caller (the QEMU device calls them
 * under its device lock); see hw/nvidia/qemu/nvidia-gpu.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_BASE_GPU_H
#define HW_NVIDIA_GPU_BASE_GPU_H

#include "hw/nvidia/nvgpu.h"
#include "hw/nvidia/nv-falcon.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/sm/sm.h"
#include "util.h"

#define NV_VBIOS_SIZE   0x10000u    /* the ROM image: one 64 KiB PCI expansion image */
#define NV_PLAIN_MAX    64          /* storage for the plain registers (regs/plain-regs.h) */

/* A physical location: a memory target (NV_TARGET_*) and an address in it. */
typedef struct NvPhys {
    uint64_t addr;
    uint32_t target;
} NvPhys;

/* The falcons emulated by effect (falcon/falcon.c). */
typedef enum NvFalconId { NV_FALCON_SEC2, NV_FALCON_GSP, NV_FALCON_PMU, NV_FALCONS } NvFalconId;

typedef enum NvFalconState {
    NV_FALCON_HALTED,           /* after reset or a finished job */
    NV_FALCON_LS_LOADED,        /* SEC2: the ASB placed the RTOS; the next start runs it */
    NV_FALCON_RTOS,             /* SEC2: the RTOS serves its queues */
} NvFalconState;

typedef struct NvFalcon {
    uint32_t regs[NV_FALCON_SIZE / 4];  /* registers without behaviour: storage */
    uint32_t irqstat, irqmask, irqdest;
    uint32_t cpuctl, bind_state, dmemc;
    NvPhys inst;                        /* bound instance block (valid if inst_bound) */
    bool inst_bound;
    NvFalconState state;
    uint32_t gr_booted;                 /* SEC2: bit n = ACR falcon n bootstrapped */
    uint8_t dmem[NV_FALCON_DMEM_SIZE];
} NvFalcon;

/* How compute launches run: the SM array, the watchdog, optional tracing. */
typedef struct NvComputeConfig {
    NvSm *sm;
    uint64_t budget;            /* warp-instructions per launch (0: none) */
    uint32_t sm_count;
    void (*trace)(void *opaque, const char *line);
    void *trace_opaque;
} NvComputeConfig;

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
    uint32_t plain[NV_PLAIN_MAX];
    struct {
        uint32_t intr, intr_en;
        uint32_t sched_error;       /* PFIFO_INTR_SCHED_ERROR: the last code */
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

typedef struct NvDisp NvDisp;

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
    uint64_t chan_bound[NV_CHANNELS / 64];  /* which chan[] are set: the scheduler's walks */
    NvSm *sm;                               /* the SM array (worker threads) */
    NvDisp *disp;                           /* the display engine; NULL: fused off */
    NvComputeConfig compute_cfg;            /* how compute launches run */
    uint32_t next_chid;                     /* round-robin position */
    bool poll_armed;
    bool any_parked;
    bool irq_level;
    uint32_t irq_edges;
    uint64_t err_count[NV_ERR_COUNT];       /* guest errors per kind (atomic) */
    int lock_waiters;                       /* front-end threads waiting to call in (atomic) */
    uint32_t traced_pmc;                    /* lines last traced (NV_TRACE_INTR) */
    uint32_t traced_vf[NV_VF_INTR_LEAVES];
};

/*
 * A BAR0 register unit's handlers (the device layer's unit table, units.h,
 * routes offsets to them). Offsets are BAR0 offsets; register units see
 * aligned 32-bit accesses, window units every size. false: the offset is
 * not implemented (reported as such).
 */
typedef bool NvUnitRead(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val);
typedef bool NvUnitWrite(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size);

#endif
