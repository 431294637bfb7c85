/*
 * A coverage-guided fuzzer of the model core's host path: GPFIFO entries,
 * pushbuffers, host methods, the copy and inline-to-memory engines, the MMU
 * page-table walk, BAR1/BAR2 translation and fault reporting; and the
 * display's registers, channels and pushbuffers (the chip has a display).
 *
 * One model is created once (256 MiB of lazily committed VRAM) with a tiny
 * platform of its own (no glib). Every input starts from nvgpu_reset() and
 * a fixed, valid skeleton in VRAM: channel 0 bound to an instance block
 * whose page tables map its GP ring, pushbuffer, data pages and a few
 * special pages (the page table itself, sparse, read-only, system memory, a
 * 64 KiB and a 2 MiB page); BAR1 and BAR2 translate through the same tables;
 * fault buffer 0 is enabled. The input then overwrites parts of that memory,
 * runs a list of operations (register accesses, BAR accesses, host work) and
 * finally host work, at most MAX_HOST_CALLS calls in all. Afterwards the
 * model is reset again and every VRAM page the input touched is zeroed, so
 * each input runs alone (reproducible) and the footprint stays small.
 *
 * Input layout (little-endian):
 *   byte 0        number of operations (mod 33)
 *   byte 1        number of patches (mod 17)
 *   byte 2        flags (F_*)
 *   operations    8 bytes each: op (bits 3:0 kind, 7:4 sub), idx, arg (u16), value (u32)
 *   patches       region (u8), offset (u16), length (u8), then length bytes
 *   the rest      pushbuffer bytes (at most PB_SIZE), the segment of GP entry 0
 *
 * tools/fuzz/make-seeds.py writes seeds in this format and mirrors the layout
 * below; keep the two in step.
 *
 * The harness never aborts on its own: only the sanitizers (or a hang) end a run.
 * NVFUZZ_VERBOSE=1 prints the guest errors and what an input left behind.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hw/nvidia/nvgpu.h"
#include "hw/nvidia/nv-host.h"
#include "hw/nvidia/nv-mmu.h"
#include "hw/nvidia/nv-regs.h"
#include "base/gpu.h"            /* the VRAM mapping, to zero what an input touched */
#include "../../tests/qtest/nv-fuzz-regs.h"
#include "hw/nvidia/nv-disp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ARRAY_SIZE(a)   (sizeof(a) / sizeof((a)[0]))

#define VRAM_SIZE       (256ull << 20)
#define SYSMEM_SIZE     0x10000u
#define MAX_OPS         32
#define MAX_PATCHES     16
#define MAX_HOST_CALLS  32          /* nvgpu_host_work() calls per input */
#define TIME_START      1000
#define TIME_STEP       1000        /* ns the clock advances per host-work call */

/* ---- the fixed layout (mirrored in make-seeds.py) ---- */

/* VRAM (physical) */
#define INST0           0x10000ull  /* channel 0: RAMFC + PDB */
#define USERD0          0x11000ull
#define INST1           0x12000ull  /* channel 1: same tables, its own USERD and ring */
#define USERD1          0x13000ull
#define PD3             0x14000ull
#define PD2             0x15000ull
#define PD1             0x16000ull
#define PD0             0x17000ull
#define SPT             0x18000ull  /* 4 KiB-page table of VA [0, 2 MiB) */
#define BPT             0x19000ull  /* 64 KiB-page table of VA [0, 2 MiB) */
#define GP_PAGE         0x1a000ull  /* ring 0 at +0, ring 1 at +0x800 */
#define PB_PA           0x1b000ull  /* 4 pages */
#define PB_SIZE         0x4000u
#define DATA_PA         0x1f000ull  /* 4 pages */
#define DATA_SIZE       0x4000u
#define FAULTBUF        0x23000ull
#define RUNLIST         0x24000ull
#define BIG_PA          0x30000ull  /* 64 KiB page */
#define HUGE_PA         0x200000ull /* 2 MiB page */

/* System memory (with F_SYSMEM the GP ring and pushbuffer live here) */
#define SYS_DATA        0x0000ull
#define SYS_GP          0x1000ull
#define SYS_PB          0x2000ull

/* GPU virtual addresses: one small table covers all of them but the last two */
#define GP_VA           0x100000ull
#define PB_VA           0x101000ull
#define DATA_VA         0x105000ull
#define TBL_VA          0x109000ull /* the small page table itself */
#define INST_VA         0x10a000ull
#define USERD_VA        0x10b000ull
#define FB_VA           0x10c000ull /* the fault buffer (BAR2 virtual with F_FAULTBUF_VIRT) */
#define SPARSE_VA       0x10d000ull
#define RO_VA           0x10e000ull /* DATA_PA, read-only */
#define SYS_VA          0x10f000ull /* system memory SYS_DATA */
#define BIG_VA          0x180000ull /* 64 KiB page (big table entry 24) */
#define BLOCKED_VA      0x190000ull /* big entry invalid + PRIV over a valid small PTE */
#define HUGE_VA         0x200000ull /* 2 MiB page (PD0 entry 1) */
#define VA_LIMIT        ((1ull << 40) - 1)
#define GP_LIMIT2       6           /* 64 entries per ring */
#define GP_ENTRIES      (1u << GP_LIMIT2)
#define RING1_OFF       0x800u
#define FAULT_ENTRIES   32
#define SKELETON_LO     INST0       /* the pages the skeleton writes: cleared after each input */
#define SKELETON_HI     (RUNLIST + 0x1000)
#define KEEP_PAGES      64          /* other touched pages kept resident (zeroed) */

/* Flags (byte 2) */
#define F_SYSMEM        0x01    /* GP rings and pushbuffer in system memory */
#define F_FAULTBUF_VIRT 0x02    /* fault buffer addressed through BAR2 */
#define F_BAR1_PHYS     0x04    /* BAR1 in physical mode */
#define F_NO_FAULTBUF   0x08    /* fault buffer off: faults go to the info latch */
#define F_CHAN1         0x10    /* channel 1 (runlist 1) runs the same pushbuffer */
#define F_SPLIT         0x20    /* the pushbuffer as GP entries of 64 dwords */
#define F_NO_KICK       0x40    /* no doorbell: the operations must start the work */
#define F_RL_SUBMIT     0x80    /* submit both runlists */

/* Operation kinds (op bits 3:0; anything else does nothing) */
enum {
    OP_REG_WRITE,       /* regs[idx] element arg <- value */
    OP_REG_READ,
    OP_BAR0_RAW,        /* offset idx << 16 | arg; sub: bits 1:0 size, bit 2 write */
    OP_BAR1,            /* bar_bases[idx] + arg; sub: bits 2:0 size, bit 3 write */
    OP_BAR2,
    OP_HOST_WORK,       /* 1 + value % 8 calls */
    OP_DOORBELL,        /* channel idx % 4 on runlist arg % 4 */
    OP_VRAM_POKE,       /* regions[idx] + arg <- value (u32) */
    OP_TIME,            /* the clock advances value ns */
    OP_BIND,            /* channel idx % 4 bound to instance block arg & 1, enabled */
    OP_RL_SUBMIT,       /* runlist idx & 1 at RUNLIST + arg * 16, value % 8 entries */
    OP_KINDS
};

/* Memory regions that patches and pokes write (target, address, size). */
typedef struct Region {
    bool sys;
    uint64_t addr;
    uint32_t size;
} Region;

enum { R_INST0, R_USERD0, R_GP, R_PB, R_DATA, R_PDS, R_SPT, R_BPT, R_CHAN1, R_FAULTBUF,
       R_RUNLIST, R_SYSMEM, R_COUNT };

/* Registers the operations reach (tests/qtest/nv-fuzz-regs.h) and this layout's own. */
typedef NvFuzzReg Reg;

static const Reg regs[] = {
    NV_FUZZ_REGS(NV_FUZZ_REG_ROW)
    { NV_PRAMIN_BASE + INST0, 64, 4 },          /* window 0: RAMFC, PDB */
    /* the display: channels and their pushbuffers, supervisors, exceptions, DDC */
    { A_DISP_FE_INST_MEM0, 2, 4 },
    { A_DISP_FE_CHNCTL(0), 3, 4 },              /* core, windows 0 and 1 */
    { A_DISP_FE_CHNCTL(NV_DISP_ID_WIMM(0)), 2, 4 },
    { A_DISP_FE_CHNCTL(NV_DISP_ID_CURS(0)), 1, 0 },
    { A_DISP_FE_PBBASE(0), 3, 0x10 },
    { NV_DISP_CORE_USER, 1, 0 },                /* core PUT */
    { NV_DISP_CHAN_USER(1), 2, 0x1000 },        /* window PUTs */
    { NV_DISP_CHAN_USER(NV_DISP_ID_CURS(0)) + 0x200, 4, 4 },
    { A_DISP_FE_SUPERVISOR_MAIN, 2, 4 },
    { A_DISP_FE_EXCEPT(0), 3, 12 },
    { A_DISP_EN_HEAD_TIMING(0), 1, 0 },
    { A_DISP_EVT_CTRL_DISP, 1, 0 },
    { A_DISP_RG_DPCA(0), 1, 0 },
    { A_I2C_PORT(0), 1, 0 },
    { A_GPIO_INTR_0, 3, 8 },
};

/* BAR1/BAR2 offsets the operations start from (virtual, or physical in physical mode). */
static const uint64_t bar_bases[] = {
    GP_VA, PB_VA, DATA_VA, TBL_VA, INST_VA, USERD_VA, FB_VA, SPARSE_VA, RO_VA, SYS_VA,
    BIG_VA, BLOCKED_VA, HUGE_VA, 0, VA_LIMIT - 0xffff, 1ull << NV_VA_BITS,
    0xffff0000ull, VRAM_SIZE - 0x8000, 0xfffffffffffff000ull,
};

static const uint32_t chan_ids[] = { 0, 1, 2, NV_CHANNELS - 1 };

/* ---- the platform ---- */

typedef struct FuzzPlat {
    uint64_t now;
    bool timer_armed;
    uint64_t timer_deadline;
    bool kicked;
    bool kick_at_armed;
    uint64_t kick_at;
    unsigned errors;
    bool verbose;
    uint8_t sysmem[SYSMEM_SIZE];
} FuzzPlat;

static FuzzPlat fp;
static NvGpu *gpu;
static unsigned char *mincore_vec;
static size_t page_size;

static uint64_t p_time(void *o)
{
    return ((FuzzPlat *)o)->now;
}

static void p_timer_arm(void *o, uint64_t deadline)
{
    FuzzPlat *f = o;

    f->timer_armed = true;
    f->timer_deadline = deadline;
}

static void p_timer_cancel(void *o)
{
    ((FuzzPlat *)o)->timer_armed = false;
}

static bool sys_range(uint64_t addr, size_t len)
{
    return addr <= SYSMEM_SIZE && len <= SYSMEM_SIZE - addr;
}

static bool p_dma_read(void *o, uint64_t addr, void *buf, size_t len)
{
    FuzzPlat *f = o;

    if (!sys_range(addr, len)) {
        return false;
    }
    memcpy(buf, f->sysmem + addr, len);
    return true;
}

static bool p_dma_write(void *o, uint64_t addr, const void *buf, size_t len)
{
    FuzzPlat *f = o;

    if (!sys_range(addr, len)) {
        return false;
    }
    memcpy(f->sysmem + addr, buf, len);
    return true;
}

static void p_guest_error(void *o, unsigned kind, const char *msg)
{
    FuzzPlat *f = o;

    f->errors++;
    if (f->verbose) {
        fprintf(stderr, "fuzz-gpu: guest error %s: %s\n", nvgpu_guest_error_name(kind), msg);
    }
}

static void p_host_kick(void *o)
{
    ((FuzzPlat *)o)->kicked = true;
}

static void p_host_kick_at(void *o, uint64_t deadline)
{
    FuzzPlat *f = o;

    f->kick_at_armed = true;
    f->kick_at = deadline;
}

static bool init(void)
{
    static const NvPlatform plat = {
        .opaque = &fp, .time_ns = p_time, .timer_arm = p_timer_arm,
        .timer_cancel = p_timer_cancel, .dma_read = p_dma_read, .dma_write = p_dma_write,
        .guest_error = p_guest_error, .host_kick = p_host_kick,
        .host_kick_at = p_host_kick_at,
    };
    NvGpuConfig cfg = {
        .chip = &nv_chip_tu104_display, .vram_size = VRAM_SIZE,
        .gpcs = 1, .tpcs_per_gpc = 1, .sms_per_tpc = 1, .sm_threads = 1,
        /* A looping kernel ends by the watchdog (a channel error) within the input's time. */
        .sm_budget = 1u << 18,
    };
    long ps = sysconf(_SC_PAGESIZE);

    fp.verbose = getenv("NVFUZZ_VERBOSE") != NULL;
    fp.now = TIME_START;
    page_size = ps > 0 ? (size_t)ps : 4096;
    gpu = nvgpu_new(&cfg, &plat);
    if (!gpu) {
        return false;
    }
    mincore_vec = malloc(VRAM_SIZE / page_size);
    return true;
}

static bool page_is_zero(const uint8_t *p)
{
    const uint64_t *w = (const uint64_t *)p;
    uint64_t acc = 0;

    for (size_t i = 0; i < page_size / 8; i++) {
        acc |= w[i];
    }
    return acc == 0;
}

/*
 * Zeroes every VRAM page the last input touched (the core's writes and the
 * harness's alike) before the next input runs. The skeleton's pages are
 * cleared outright; mincore() finds the other resident pages of the lazily
 * committed mapping. A few of them are kept (cleared if not already zero):
 * giving pages back costs a TLB flush, which is slow on some hosts. When an
 * input touched many, all of them go back to the kernel (MADV_DONTNEED: they
 * read as zero when next touched), which keeps the footprint small.
 */
static void vram_scrub(void)
{
    uint8_t *base = gpu->vram;
    size_t pages = gpu->vram_size / page_size, kept = 0;
    size_t skel_lo = SKELETON_LO / page_size, skel_hi = SKELETON_HI / page_size;

    memset(base + SKELETON_LO, 0, SKELETON_HI - SKELETON_LO);
    if (!mincore_vec || mincore(base, gpu->vram_size, mincore_vec) != 0) {
        if (madvise(base, gpu->vram_size, MADV_DONTNEED) != 0) {
            memset(base, 0, gpu->vram_size);
        }
        return;
    }
    memset(mincore_vec + skel_lo, 0, skel_hi - skel_lo);
    /* Resident pages are rare: skip the vector 8 entries at a time. */
    for (size_t i = 0; i < pages; i += 8) {
        uint64_t w = 0;

        memcpy(&w, mincore_vec + i, pages - i < 8 ? pages - i : 8);
        for (w &= 0x0101010101010101ull; w; w >>= 8) {
            kept += w & 1;
        }
    }
    for (size_t i = 0; kept && i < pages;) {
        uint64_t w;
        size_t j;

        if (i + 8 <= pages && (memcpy(&w, mincore_vec + i, 8), !(w & 0x0101010101010101ull))) {
            i += 8;
            continue;
        }
        if (!(mincore_vec[i] & 1)) {
            i++;
            continue;
        }
        for (j = i; j < pages && (mincore_vec[j] & 1); j++) {
        }
        if (kept <= KEEP_PAGES) {
            for (size_t k = i; k < j; k++) {
                if (!page_is_zero(base + k * page_size)) {
                    memset(base + k * page_size, 0, page_size);
                }
            }
        } else if (madvise(base + i * page_size, (j - i) * page_size, MADV_DONTNEED) != 0) {
            memset(base + i * page_size, 0, (j - i) * page_size);
        }
        i = j;
    }
}

/* ---- memory ---- */

static Region region(unsigned i, uint8_t flags)
{
    bool sys = flags & F_SYSMEM;

    switch (i % R_COUNT) {
    case R_INST0:
        return (Region) { false, INST0, 0x1000 };
    case R_USERD0:
        return (Region) { false, USERD0, 0x1000 };
    case R_GP:
        return (Region) { sys, sys ? SYS_GP : GP_PAGE, 0x1000 };
    case R_PB:
        return (Region) { sys, sys ? SYS_PB : PB_PA, PB_SIZE };
    case R_DATA:
        return (Region) { false, DATA_PA, DATA_SIZE };
    case R_PDS:
        return (Region) { false, PD3, 0x4000 };
    case R_SPT:
        return (Region) { false, SPT, 0x1000 };
    case R_BPT:
        return (Region) { false, BPT, 0x1000 };
    case R_CHAN1:
        return (Region) { false, INST1, 0x2000 };
    case R_FAULTBUF:
        return (Region) { false, FAULTBUF, 0x1000 };
    case R_RUNLIST:
        return (Region) { false, RUNLIST, 0x1000 };
    default:
        return (Region) { true, 0, SYSMEM_SIZE };
    }
}

/* Copies len bytes to offset off of a region (modulo its size, clipped at its end). */
static void region_write(const Region *r, uint32_t off, const void *buf, size_t len)
{
    off %= r->size;
    len = len < r->size - off ? len : r->size - off;
    if (r->sys) {
        memcpy(fp.sysmem + r->addr + off, buf, len);
    } else {
        nvgpu_vram_write(gpu, r->addr + off, buf, len);
    }
}

static void mem_w32(bool sys, uint64_t addr, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

    if (sys) {
        if (sys_range(addr, 4)) {
            memcpy(fp.sysmem + addr, b, 4);
        }
    } else {
        nvgpu_vram_write(gpu, addr, b, 4);
    }
}

static void mem_w64(bool sys, uint64_t addr, uint64_t v)
{
    mem_w32(sys, addr, (uint32_t)v);
    mem_w32(sys, addr + 4, (uint32_t)(v >> 32));
}

static void vram_w32(uint64_t addr, uint32_t v)
{
    mem_w32(false, addr, v);
}

static void vram_w64(uint64_t addr, uint64_t v)
{
    mem_w64(false, addr, v);
}

static uint64_t pde(uint64_t table)
{
    uint64_t e = NV_FDP64(0, PDE, ADDR, table >> NV_PDE_ADDR_ALIGN_SHIFT);

    return NV_FDP64(e, PDE, APERTURE, NV_PDE_APERTURE_VRAM);
}

static uint64_t pte(bool sys, uint64_t addr)
{
    uint64_t e = NV_FDP64(R_PTE_VALID_MASK, PTE, ADDR_SYS, addr >> NV_PAGE_SHIFT_4K);

    return NV_FDP64(e, PTE, APERTURE, sys ? NV_PTE_APERTURE_SYS_COH : NV_PTE_APERTURE_VRAM);
}

static void map4k(uint64_t va, bool sys, uint64_t pa, uint64_t extra)
{
    vram_w64(SPT + 8 * ((va >> NV_PAGE_SHIFT_4K) & 511), pte(sys, pa) | extra);
}

/* The PDB word: a ver2 directory at PD3 in VRAM with 64 KiB big pages. */
static uint64_t pdb(void)
{
    uint64_t e = NV_FDP64(0, RAMIN_PDB, ADDR, PD3 >> NV_PAGE_SHIFT_4K);

    e = NV_FDP64(e, RAMIN_PDB, TARGET, NV_TARGET_VRAM);
    return e | R_RAMIN_PDB_VER2_MASK | R_RAMIN_PDB_BIG_PAGE_64K_MASK;
}

static void ramfc(uint64_t inst, uint64_t userd, uint64_t gp_va)
{
    vram_w32(inst + NV_RAMFC_USERD_LO, (uint32_t)userd | NV_TARGET_VRAM);
    vram_w32(inst + NV_RAMFC_USERD_HI, (uint32_t)(userd >> 32));
    vram_w32(inst + NV_RAMFC_GP_BASE_LO, (uint32_t)gp_va);
    vram_w32(inst + NV_RAMFC_GP_BASE_HI, (uint32_t)(gp_va >> 32) | GP_LIMIT2 << 16);
    vram_w64(inst + A_RAMIN_PDB, pdb());
    vram_w64(inst + A_RAMIN_VA_LIMIT, VA_LIMIT);
}

/* Writes GP entries for the pushbuffer (dwords long) into ring ring_off; returns GP_PUT. */
static uint32_t gp_entries(uint8_t flags, uint32_t ring_off, uint32_t dwords)
{
    bool sys = flags & F_SYSMEM;
    uint64_t ring = (sys ? SYS_GP : GP_PAGE) + ring_off;
    uint32_t seg = flags & F_SPLIT ? 64 : dwords, n = 0;

    for (uint32_t at = 0; at < dwords && n < GP_ENTRIES - 1; n++) {
        uint32_t len = n == GP_ENTRIES - 2 || dwords - at < seg ? dwords - at : seg;
        uint64_t va = PB_VA + 4ull * at;

        mem_w32(sys, ring + 8 * n, (uint32_t)va);
        mem_w32(sys, ring + 8 * n + 4, (uint32_t)(va >> 32) | len << 10);
        at += len;
    }
    return n;
}

/* The valid skeleton every input starts from. */
static void build_skeleton(uint8_t flags, uint32_t pb_dwords)
{
    bool sys = flags & F_SYSMEM;

    ramfc(INST0, USERD0, GP_VA);
    ramfc(INST1, USERD1, GP_VA + RING1_OFF);
    vram_w64(PD3, pde(PD2));
    vram_w64(PD2, pde(PD1));
    vram_w64(PD1, pde(PD0));
    vram_w64(PD0, pde(BPT));                            /* VA [0, 2 MiB): big table */
    vram_w64(PD0 + 8, pde(SPT));                        /* ... and small table */
    vram_w64(PD0 + 16, pte(false, HUGE_PA));            /* VA [2, 4 MiB): a 2 MiB page */
    vram_w64(BPT + 8 * ((BIG_VA >> NV_BIGPT_SHIFT) & 31), pte(false, BIG_PA));
    vram_w64(BPT + 8 * ((BLOCKED_VA >> NV_BIGPT_SHIFT) & 31), R_PTE_PRIV_MASK);

    map4k(GP_VA, sys, sys ? SYS_GP : GP_PAGE, 0);
    for (uint32_t i = 0; i < PB_SIZE / 0x1000; i++) {
        map4k(PB_VA + 0x1000 * i, sys, (sys ? SYS_PB : PB_PA) + 0x1000 * i, 0);
    }
    for (uint32_t i = 0; i < DATA_SIZE / 0x1000; i++) {
        map4k(DATA_VA + 0x1000 * i, false, DATA_PA + 0x1000 * i, 0);
    }
    map4k(TBL_VA, false, SPT, 0);
    map4k(INST_VA, false, INST0, 0);
    map4k(USERD_VA, false, USERD0, 0);
    map4k(FB_VA, false, FAULTBUF, 0);
    vram_w64(SPT + 8 * ((SPARSE_VA >> NV_PAGE_SHIFT_4K) & 511), R_PTE_VOL_MASK);
    map4k(RO_VA, false, DATA_PA, R_PTE_READ_ONLY_MASK);
    map4k(SYS_VA, true, SYS_DATA, 0);
    map4k(BLOCKED_VA, false, DATA_PA, 0);

    /* Runlists: channel 0, then channel 1 (16-byte entries, chid in dword 2). */
    vram_w32(RUNLIST + 8, 0);
    vram_w32(RUNLIST + 16 + 8, 1);

    vram_w32(USERD0 + NV_USERD_GP_PUT, gp_entries(flags, 0, pb_dwords));
    if (flags & F_CHAN1) {
        vram_w32(USERD1 + NV_USERD_GP_PUT, gp_entries(flags, RING1_OFF, pb_dwords));
    }
}

static void wr(uint32_t off, uint32_t v)
{
    nvgpu_bar0_write(gpu, off, v, 4);
}

static void bind(uint32_t chid, uint64_t inst)
{
    wr(A_PCCSR_INST(chid), R_PCCSR_INST_BIND_MASK | (uint32_t)(inst >> NV_PAGE_SHIFT_4K));
    wr(A_PCCSR_CHANNEL(chid), R_PCCSR_CHANNEL_ENABLE_SET_MASK);
}

static void submit_runlist(unsigned rl, uint64_t base, uint32_t count)
{
    wr(A_PFIFO_RUNLIST_BASE_LO(rl), (uint32_t)base);
    wr(A_PFIFO_RUNLIST_BASE_HI(rl), (uint32_t)(base >> 32));
    wr(A_PFIFO_RUNLIST_SUBMIT(rl), count);
}

/* What a driver programs before it submits work. */
static void setup_registers(uint8_t flags)
{
    uint32_t inst = (uint32_t)(INST0 >> NV_PAGE_SHIFT_4K);

    wr(A_VF_BAR1_BLOCK, flags & F_BAR1_PHYS ? 0 : R_VF_BAR_BLOCK_MODE_MASK | inst);
    wr(A_VF_BAR2_BLOCK, R_VF_BAR_BLOCK_MODE_MASK | inst);
    if (flags & F_FAULTBUF_VIRT) {
        wr(A_VF_FAULT_BUF_LO(0), (uint32_t)FB_VA);
    } else {
        wr(A_VF_FAULT_BUF_LO(0), (uint32_t)FAULTBUF | R_VF_FAULT_BUF_LO_PHYS_MODE_MASK);
    }
    wr(A_VF_FAULT_BUF_HI(0), 0);
    if (!(flags & F_NO_FAULTBUF)) {
        wr(A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_ENABLE_MASK | FAULT_ENTRIES);
    }
    wr(A_PMC_INTR_EN_SET_0, ~0u);
    wr(A_PFIFO_INTR_EN_0, ~0u);
    for (unsigned p = 0; p < NV_PBDMAS; p++) {
        wr(A_PBDMA_INTR_EN_0(p), ~0u);
        wr(A_PBDMA_INTR_EN_1(p), ~0u);
    }
    for (unsigned i = 0; i < NV_CE_INSTANCES; i++) {
        wr(A_CE_INTR_EN(i), ~0u);
    }
    for (unsigned i = 0; i < NV_VF_INTR_LEAVES; i++) {
        wr(A_VF_CPU_INTR_LEAF_EN_SET(i), ~0u);
    }
    wr(A_VF_CPU_INTR_TOP_EN_SET, ~0u);

    bind(0, INST0);
    if (flags & F_CHAN1) {
        bind(1, INST1);
    }
    if (flags & F_RL_SUBMIT) {
        submit_runlist(0, RUNLIST, 1);
        submit_runlist(1, RUNLIST + 16, 1);
    }
    if (!(flags & F_NO_KICK)) {
        wr(A_USERMODE_DOORBELL, 0 << 16 | 0);
        if (flags & F_CHAN1) {
            wr(A_USERMODE_DOORBELL, 1 << 16 | 1);
        }
    }
}

/* ---- running ---- */

typedef struct Run {
    uint8_t flags;
    unsigned host_calls;
} Run;

static void advance(uint64_t ns)
{
    fp.now += ns;
    if (fp.timer_armed && fp.now >= fp.timer_deadline) {
        fp.timer_armed = false;
        nvgpu_timer_expired(gpu);
    }
}

/* One host-work call if the budget allows; false when there is nothing left to do. */
static bool host_call(Run *run)
{
    bool more;

    if (run->host_calls >= MAX_HOST_CALLS) {
        return false;
    }
    run->host_calls++;
    fp.kicked = false;
    if (fp.kick_at_armed && fp.now >= fp.kick_at) {
        fp.kick_at_armed = false;
    }
    more = nvgpu_host_work(gpu);
    advance(TIME_STEP);
    return more || fp.kicked;
}

static uint16_t ld16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t ld32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void do_bar(unsigned bar, uint8_t sub, uint8_t idx, uint16_t arg, uint32_t value)
{
    static const unsigned sizes[] = { 1, 2, 4, 8, 0, 3, 6, 9 };
    uint64_t off = bar_bases[idx % ARRAY_SIZE(bar_bases)] + arg;
    unsigned size = sizes[sub & 7];

    if (sub & 8) {
        nvgpu_bar_write(gpu, bar, off, (uint64_t)~value << 32 | value, size);
    } else {
        (void)nvgpu_bar_read(gpu, bar, off, size);
    }
}

static void do_op(Run *run, const uint8_t *p)
{
    uint8_t kind = p[0] & 15, sub = p[0] >> 4, idx = p[1];
    uint16_t arg = ld16(p + 2);
    uint32_t value = ld32(p + 4);
    const Reg *reg = &regs[idx % ARRAY_SIZE(regs)];
    uint32_t reg_off = reg->base + (arg % reg->count) * reg->stride;
    Region r;

    switch (kind) {
    case OP_REG_WRITE:
        wr(reg_off, value);
        break;
    case OP_REG_READ:
        (void)nvgpu_bar0_read(gpu, reg_off, 4);
        break;
    case OP_BAR0_RAW: {
        static const unsigned sizes[] = { 1, 2, 4, 3 };
        uint32_t off = (uint32_t)idx << 16 | arg;

        if (sub & 4) {
            nvgpu_bar0_write(gpu, off, value, sizes[sub & 3]);
        } else {
            (void)nvgpu_bar0_read(gpu, off, sizes[sub & 3]);
        }
        break;
    }
    case OP_BAR1:
    case OP_BAR2:
        do_bar(kind == OP_BAR1 ? 1 : 2, sub, idx, arg, value);
        break;
    case OP_HOST_WORK:
        for (uint32_t i = 0; i <= value % 8 && host_call(run); i++) {
        }
        break;
    case OP_DOORBELL:
        wr(A_USERMODE_DOORBELL, (uint32_t)(arg % 4) << 16 | chan_ids[idx % 4]);
        break;
    case OP_VRAM_POKE:
        r = region(idx, run->flags);
        region_write(&r, arg & ~3u, (uint8_t[4]) { (uint8_t)value, (uint8_t)(value >> 8),
                                                    (uint8_t)(value >> 16),
                                                    (uint8_t)(value >> 24) }, 4);
        break;
    case OP_TIME:
        advance(value);
        break;
    case OP_BIND:
        bind(chan_ids[idx % 4], arg & 1 ? INST1 : INST0);
        break;
    case OP_RL_SUBMIT:
        submit_runlist(idx & 1, RUNLIST + 16ull * (arg % 256), value % 8);
        break;
    default:
        break;
    }
}

static uint32_t vram32(uint64_t addr)
{
    uint32_t v = 0;

    nvgpu_vram_read(gpu, addr, &v, sizeof(v));
    return v;
}

/* NVFUZZ_VERBOSE: what the input left behind, to check that a seed does what it should. */
static void report(const Run *run)
{
    fprintf(stderr, "fuzz-gpu: %u host calls, %u guest errors, irq %d\n", run->host_calls,
            fp.errors, nvgpu_irq_level(gpu));
    for (unsigned c = 0; c < 2; c++) {
        uint64_t userd = c ? USERD1 : USERD0;
        fprintf(stderr, "  ch%u: pccsr %08x/%08x userd gp_get %u gp_put %u get %08x\n", c,
                nvgpu_bar0_read(gpu, A_PCCSR_INST(c), 4),
                nvgpu_bar0_read(gpu, A_PCCSR_CHANNEL(c), 4),
                vram32(userd + NV_USERD_GP_GET), vram32(userd + NV_USERD_GP_PUT),
                vram32(userd + NV_USERD_GET));
    }
    fprintf(stderr, "  pbdma0 intr %08x method %08x data %08x; pfifo %08x; ce0 %08x/%08x\n",
            nvgpu_bar0_read(gpu, A_PBDMA_INTR_0(0), 4), nvgpu_bar0_read(gpu, A_PBDMA_METHOD0(0), 4),
            nvgpu_bar0_read(gpu, A_PBDMA_DATA0(0), 4), nvgpu_bar0_read(gpu, A_PFIFO_INTR_0, 4),
            nvgpu_bar0_read(gpu, A_CE_INTR_STATUS(0), 4), nvgpu_bar0_read(gpu, A_CE_LAUNCH_ERR(0), 4));
    fprintf(stderr, "  fault record 0: inst %08x va %08x_%08x engine %02x info1 %08x\n",
            vram32(FAULTBUF + A_FAULT_ENTRY_INST_LO), vram32(FAULTBUF + A_FAULT_ENTRY_ADDR_HI),
            vram32(FAULTBUF + A_FAULT_ENTRY_ADDR_LO), vram32(FAULTBUF + A_FAULT_ENTRY_INFO0),
            vram32(FAULTBUF + A_FAULT_ENTRY_INFO1));
    fprintf(stderr, "  fault put %08x status %08x; data:", nvgpu_bar0_read(gpu, A_VF_FAULT_BUF_PUT(0), 4),
            nvgpu_bar0_read(gpu, A_VF_FAULT_STATUS, 4));
    for (unsigned i = 0; i < 8; i++) {
        fprintf(stderr, " %08x", vram32(DATA_PA + 4 * i));
    }
    fprintf(stderr, "\n");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    const uint8_t *ops;
    unsigned nops, npatch;
    Run run = { 0 };
    size_t pb_len;

    if (!gpu && !init()) {
        return 0;
    }
    if (size < 3) {
        return 0;
    }
    nops = p[0] % (MAX_OPS + 1);
    npatch = p[1] % (MAX_PATCHES + 1);
    run.flags = p[2];
    p += 3;
    if ((size_t)(end - p) < 8u * nops) {
        nops = (unsigned)((end - p) / 8);
    }
    ops = p;
    p += 8u * nops;

    fp.now = TIME_START;
    fp.timer_armed = fp.kicked = fp.kick_at_armed = false;
    nvgpu_reset(gpu);

    /* The pushbuffer is what follows the patches; find it first to size GP entry 0. */
    const uint8_t *q = p;
    for (unsigned i = 0; i < npatch && end - q >= 4; i++) {
        size_t len = q[3];

        q += 4;
        q += len < (size_t)(end - q) ? len : (size_t)(end - q);
    }
    pb_len = (size_t)(end - q) < PB_SIZE ? (size_t)(end - q) : PB_SIZE;
    build_skeleton(run.flags, (uint32_t)(pb_len / 4));
    {
        Region pb = region(R_PB, run.flags);
        region_write(&pb, 0, q, pb_len);
    }
    for (unsigned i = 0; i < npatch && end - p >= 4; i++) {
        Region r = region(p[0], run.flags);
        size_t len = p[3];
        uint16_t off = ld16(p + 1);

        p += 4;
        len = len < (size_t)(end - p) ? len : (size_t)(end - p);
        region_write(&r, off, p, len);
        p += len;
    }

    setup_registers(run.flags);
    for (unsigned i = 0; i < nops; i++) {
        do_op(&run, ops + 8 * i);
    }
    /* Then let the host run to completion (or until the budget is spent). */
    while (host_call(&run)) {
    }
    /* A parked acquire: give it its poll (a release may be pending elsewhere). */
    while (fp.kick_at_armed && run.host_calls < MAX_HOST_CALLS) {
        if (fp.now < fp.kick_at) {
            advance(fp.kick_at - fp.now);
        }
        while (host_call(&run)) {
        }
    }

    if (fp.verbose) {
        report(&run);
    }
    nvgpu_reset(gpu);           /* frees the channels: nothing outlives the input */
    vram_scrub();
    memset(fp.sysmem, 0, sizeof(fp.sysmem));
    return 0;
}
