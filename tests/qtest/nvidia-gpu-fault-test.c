/*
 * The fault-class matrix (security.md §8) inside QEMU: one test per fault
 * class the model detects. Each injects its fault as a guest driver would
 * (BAR0 registers, VRAM through PRAMIN, guest RAM, channels) and checks:
 *  (a) the guest-visible signal: the interrupt bit and what it latched,
 *      PCCSR's fault bits, the MMU fault record and its vector, GR's trap
 *      tree, the copy engine's LAUNCHERR, or the value read back;
 *  (b) one log line `nvidia-gpu: KIND: ...` (-d guest_errors) and one
 *      trace event `nvgpu_err_KIND ...` (-trace, log backend) per fault;
 *  (c) the QOM counter guest-errors.KIND moved from 0 by exactly the faults
 *      injected, and no other kind moved;
 *  (d) recovery: another channel completes work while the faulted one
 *      stays stopped; after the guest's recovery steps (clear the interrupts
 *      and PCCSR's fault bits, or unbind and rebind) the same channel works
 *      again and nothing more is reported.
 *
 * class   test            kinds (how many)                    guest-visible signal
 * F1      f1-gpptr        pbdma_gpptr                         PBDMA GPPTR
 * F2      f2-gpentry      pbdma_gpentry (ILLEGAL, reserved)   PBDMA GPENTRY
 * F3      f3-pb-unmapped  mmu_fault_host                      fault record (HOST0, PDE)
 * F3, F12 f3-pb-mmio      mem_unbacked (own BAR0, IOAPIC)     record UNSUPPORTED_APERTURE
 * F4      f4-pbentry      pbdma_pbentry (SEC_OP 6, GRP2)      PBDMA PBENTRY
 * F5      f5-methods      pbdma_no_object, pbdma_sw_method,   PBDMA METHOD, DEVICE
 *                         pbdma_bad_method (2), pbdma_mem_op,
 *                         pbdma_bad_class
 * F6      f6-semaphore    mmu_fault_host, pbdma_semaphore     fault record; PBDMA SEMAPHORE
 * F8      f8-ramfc        pbdma_memreq, pbdma_gpfifo          PBDMA MEMREQ, GPFIFO
 * F9      f9-runlist      runlist_too_long,                   SCHED_ERROR 0x09, 0x08, 0x20
 *                         runlist_unreadable,
 *                         doorbell_no_channel
 * F10     f10-tables      mmu_fault_host (5)                  records: PTE, cycle, aperture,
 *                                                             PDE, VA limit
 * F10     f10-bars        mmu_fault_bar1, mmu_fault_bar2      records (BAR1 0x80, BAR2 0xc0)
 * F11     f11-read-only   mmu_fault_host, mmu_fault_ce        records (RO_VIOLATION)
 * F12     f12-mmio        mem_unbacked (3)                    records UNSUPPORTED_APERTURE
 * F12     f12-mmio-       mem_unbacked (GP ring, QMD, SM      records UNSUPPORTED_APERTURE
 *         structures      store), sm_mmu                      (HOST0, GR)
 * F13     f13-qmd         qmd_invalid (6)                     PCCSR ENG_FAULTED only
 * F14     f14-sm-mmu      mmu_fault_gr + sm_mmu (2 each)      record (GR 0x40)
 * F15     f15-illegal     sm_illegal_insn, sm_trap            GR trap tree
 * F18     f18-sm-address  sm_oor_addr (2), sm_misaligned      GR trap tree
 * F21     f21-watchdog    sm_timeout, sm_barrier              GR trap tree (TIMEOUT)
 * F22     f22-ce          ce_launch_invalid, i2m_extra_data,  LCE LAUNCHERR; fault record;
 *                         i2m_launch_busy, mmu_fault_ce       only (busy: the short transfer ends)
 * F23     f23-unimp       none (LOG_UNIMP, nvgpu_unimp_*)     reads 0, writes dropped
 * F23     f23-pramin      pramin_range, pramin_target         reads 0, writes dropped
 * G15     storm           doorbell_no_channel (10^4)          SCHED_ERROR 0x20; QMP answers
 *
 * "Only" marks faults for which the model raises no interrupt: the guest
 * learns of them from PCCSR or from a fence that never signals.
 *
 * Not covered, because the model has no such check:
 * F6  a misaligned semaphore: SEMAPHOREB/SEM_ADDR_LO hold address bits 31:2,
 *     so the guest cannot express one.
 * F7  acquire timeouts: an acquire waits until satisfied (no TIMEOUT_EN, no
 *     PBDMA ACQUIRE interrupt); the host test acquire-never shows the wait
 *     never blocks other channels.
 * F8  a bad USERD: USERD reads/writes that fail are not reported.
 * F9  a TSG length mismatch: runlist entries are scheduling hints only.
 * F16 PC overflow/wrap, F17 registers beyond the QMD's count, F19 constant
 *     reads outside a bank (they read 0), F20 CALL/RET misuse: the SM does
 *     not detect them; what runs next ends as an illegal instruction or an
 *     MMU fault (F14, F15).
 * F22 LAUNCH_DMA while a copy runs (ce_launch_busy): unreachable through a
 *     channel, which holds its next method until the copy completes; CE size
 *     overflow is no launch error: the copy runs off its mapping and faults
 *     (tested, mmu_fault_ce).
 * F24 register writes while busy: work completes between host slices, so
 *     no register has a busy state to violate.
 * F25 host caps: sm_resource is nvidia-gpu-caps-test's (the SM's host
 *     memory cap, sm-max-hostmem); chan_no_host_memory needs the host's
 *     allocator to fail. F26 corrupt vmstate: migration is blocked. F27 double fetch:
 *     a rule of the code (every structure is copied once), not a fault with
 *     a signal; the fuzzers rewrite structures during steps.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/cl-c46f.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/nv-errors.h"
#include "hw/nvidia/nv-qmd.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "hw/nvidia/sm/sm.h"
#include "nv-qtest.h"

#define BAD         8               /* the faulting channel: runlist 0 (GR, LCE0) */
#define GOOD        9               /* the witness: runlist 1 (LCE2) */
#define CH_BASE(i)  (0x1000000ull + 0x100000ull * (i))  /* VRAM: inst, USERD, tables */
#define SYS_RING(i) (0x400000ull + 0x40000ull * (i))    /* guest RAM: GP ring + pushbuffer */
#define FAULT_BUF   0x800000ull     /* VRAM: fault buffer 0 (physical mode) */
#define RL_PA       0x900000ull     /* VRAM: runlists */
#define BAR_INST    0xa00000ull     /* VRAM: BAR1/BAR2 instance block, its tables after */
#define SEM_PA      0x3000000ull    /* VRAM page at SEM_VA: each channel's marker */
#define SEM_VA      0x400000ull
#define MARK(chid)  (0x100 + 4 * (chid))
#define DATA_PA     0x3100000ull    /* VRAM, 256 KiB at DATA_VA */
#define DATA_VA     0x800000ull
#define DATA_PAGES  64
#define HOLE_VA     0x7000000000ull /* no page tables: a PDE fault */
#define IOAPIC_PA   0xfec00000ull   /* another device's MMIO */
#define LCE_BAD     0               /* the copy engine of runlist 0, its PMC bit */
#define LCE_BAD_PMC (1u << 5)
#define LCE_GOOD    2
#define GR_PMC      (1u << 12)      /* GR's interrupt in the device-info table */
#define MAX_KINDS   8

typedef struct Kind {
    const char *name;
    uint64_t n;
    const char *detail;             /* how one of its log lines starts, or NULL */
} Kind;

typedef struct Fx {
    Gpu g;
    char *log;
    QDict *base;                    /* guest-errors when the test started */
    Kind want[MAX_KINDS];           /* the faults injected so far */
    NvTestChan bad, good;
    unsigned faults;                /* records written to the fault buffer */
    uint32_t seq;                   /* the last marker payload */
} Fx;

/* ---- the machine ---- */

/* Lets the main loop run the host's bottom halves (each slice is bounded). */
static void settle(Fx *f)
{
    for (int i = 0; i < 20; i++) {
        qtest_clock_step(f->g.qts, 50000);
    }
}

static QDict *guest_errors(Gpu *g)
{
    QDict *resp = qtest_qmp(g->qts, "{'execute': 'qom-get', 'arguments': "
                            "{'path': '/machine/peripheral/" GPU_ID "', "
                            "'property': 'guest-errors'}}");
    QDict *counts = qdict_get_qdict(resp, "return");

    g_assert_nonnull(counts);
    qobject_ref(counts);
    qobject_unref(resp);
    return counts;
}

static void chan_new(Fx *f, NvTestChan *ch, uint32_t chid, uint32_t rl)
{
    nvch_init(ch, gpu_pt_mem(&f->g), gpu_regs(&f->g), chid, rl, CH_BASE(chid),
              NV_TARGET_SYS_COH, SYS_RING(chid), SYS_RING(chid) + 0x1000);
    nvpt_map(&ch->vmm, SEM_VA, SEM_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    for (unsigned i = 0; i < DATA_PAGES; i++) {
        nvpt_map(&ch->vmm, DATA_VA + 0x1000 * i, DATA_PA + 0x1000 * i, NV_TARGET_VRAM,
                 NV_PAGE_SHIFT_4K, 0);
    }
}

/* Every interrupt a driver would take enabled; fault buffer 0 in VRAM. */
static void enable_reporting(Fx *f)
{
    for (unsigned p = 0; p < NV_PBDMAS; p++) {
        wr(&f->g, A_PBDMA_INTR_EN_0(p), 0xffffffff);
    }
    wr(&f->g, A_PFIFO_INTR_EN_0, 0xffffffff);
    wr(&f->g, A_PMC_INTR_EN_SET_0, 0xffffffff);
    wr(&f->g, A_CE_INTR_EN(LCE_BAD), 0xffffffff);
    wr(&f->g, A_CE_INTR_EN(LCE_GOOD), 0xffffffff);
    wr(&f->g, A_PGRAPH_INTR_EN, NV_PGRAPH_INTR_TRAP);
    wr(&f->g, A_VF_CPU_INTR_LEAF_EN_SET(NV_FAULT_VECTOR_NRP_NOTIFY / 32),
       1u << (NV_FAULT_VECTOR_NRP_NOTIFY % 32));
    wr(&f->g, A_VF_CPU_INTR_TOP_EN_SET, 0xffffffff);
    wr(&f->g, A_VF_FAULT_BUF_LO(0), (uint32_t)FAULT_BUF | R_VF_FAULT_BUF_LO_PHYS_MODE_MASK);
    wr(&f->g, A_VF_FAULT_BUF_SIZE(0), R_VF_FAULT_BUF_SIZE_SET_DEFAULT_MASK);
    wr(&f->g, A_VF_FAULT_BUF_SIZE(0), rd(&f->g, A_VF_FAULT_BUF_SIZE(0)) |
                                      R_VF_FAULT_BUF_SIZE_ENABLE_MASK);
}

/* A GPU whose guest errors, unimplemented accesses and their trace events go to a file. */
static void fx_start(Fx *f, const char *extra)
{
    int fd;
    g_autofree char *args = NULL;

    memset(f, 0, sizeof(*f));
    fd = g_file_open_tmp("nvgpu-fault-XXXXXX", &f->log, NULL);
    g_assert_cmpint(fd, >=, 0);
    close(fd);
    args = g_strdup_printf("-d guest_errors,unimp -trace 'enable=nvgpu_err_*' "
                           "-trace 'enable=nvgpu_unimp_*' -D %s %s", f->log,
                           extra ? extra : "");
    gpu_start(&f->g, "q35", args);
    enable_reporting(f);
    chan_new(f, &f->bad, BAD, 0);
    chan_new(f, &f->good, GOOD, 1);
    f->base = guest_errors(&f->g);
}

static void fx_stop(Fx *f)
{
    qobject_unref(f->base);
    gpu_stop(&f->g);
    unlink(f->log);
    g_free(f->log);
}

static uint32_t token(NvTestChan *ch)
{
    return ch->runlist << 16 | ch->chid;
}

static void ring(Fx *f, NvTestChan *ch)
{
    wr(&f->g, A_USERMODE_DOORBELL, token(ch));
    settle(f);
}

static void invalidate(Fx *f)
{
    wr(&f->g, A_VF_MMU_INVALIDATE, R_VF_MMU_INVALIDATE_TRIGGER_MASK |
                                   R_VF_MMU_INVALIDATE_ALL_VA_MASK);
}

/* ---- work: each channel releases payloads to its marker ---- */

/* A 4-byte release (SEM_EXECUTE: SEMAPHOREA holds only 8 of the VA's upper bits). */
static void release_at(NvTestChan *ch, uint64_t va, uint32_t payload)
{
    uint32_t d[] = { (uint32_t)va, (uint32_t)(va >> 32), payload, 0, NV_SEMX_OP_RELEASE };

    nvch_mthd(ch, 0, A_C46F_SEM_ADDR_LO, 5, d);
}

/* Pushes (does not submit) a release of the next marker payload. */
static uint32_t push_mark(Fx *f, NvTestChan *ch)
{
    uint32_t v = ch->chid << 24 | ++f->seq;

    release_at(ch, SEM_VA + MARK(ch->chid), v);
    return v;
}

static uint32_t mark(Fx *f, NvTestChan *ch)
{
    uint32_t v = push_mark(f, ch);

    nvch_submit(ch);
    settle(f);
    return v;
}

static uint32_t marked(Fx *f, NvTestChan *ch)
{
    return vram_read32(&f->g, SEM_PA + MARK(ch->chid));
}

/* The channel completes new work. */
static void expect_works(Fx *f, NvTestChan *ch)
{
    uint32_t v = mark(f, ch);

    g_assert_cmphex(marked(f, ch), ==, v);
}

/* Starts the next pushbuffer segment on a page of its own; returns its offset. */
static uint64_t pb_page(NvTestChan *ch)
{
    ch->pb_pos = ROUND_UP(ch->pb_pos, 1024);
    ch->pb_start = ch->pb_pos;
    return 4ull * ch->pb_pos;
}

/* ---- (b) and (c): the log, the trace and the counters ---- */

static uint64_t injected(const Fx *f, const char *kind)
{
    for (unsigned i = 0; i < MAX_KINDS && f->want[i].name; i++) {
        if (!strcmp(f->want[i].name, kind)) {
            return f->want[i].n;
        }
    }
    return 0;
}

static void inject(Fx *f, const char *kind, uint64_t n)
{
    unsigned i = 0;

    g_assert_true(qdict_haskey(f->base, kind));
    g_assert_cmpint(qdict_get_int(f->base, kind), ==, 0);
    while (i < MAX_KINDS && f->want[i].name && strcmp(f->want[i].name, kind)) {
        i++;
    }
    g_assert_cmpuint(i, <, MAX_KINDS);
    f->want[i].name = kind;
    f->want[i].n += n;
}

/* (c): every kind moved by what was injected of it, no other kind moved. */
static void expect_counts(Fx *f)
{
    QDict *now = guest_errors(&f->g);
    unsigned kinds = 0;

    for (const QDictEntry *e = qdict_first(now); e; e = qdict_next(now, e), kinds++) {
        const char *k = qdict_entry_key(e);
        g_autofree char *got = g_strdup_printf("%s +%" PRId64, k, qdict_get_int(now, k) -
                                               qdict_get_int(f->base, k));
        g_autofree char *want = g_strdup_printf("%s +%" PRIu64, k, injected(f, k));

        g_assert_cmpstr(got, ==, want);
    }
    g_assert_cmpuint(kinds, ==, NV_ERR_COUNT);
    qobject_unref(now);
}

static unsigned occurrences(const char *text, const char *needle)
{
    unsigned n = 0;

    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle)) {
        n++;
    }
    return n;
}

static char *read_log(Fx *f)
{
    char *text = NULL;

    g_assert_true(g_file_get_contents(f->log, &text, NULL, NULL));
    return text;
}

/* (b): one log line and one trace event per fault of kind, one of them starting with detail. */
static void expect_logged(Fx *f, const char *kind, const char *detail)
{
    g_autofree char *text = read_log(f);
    g_autofree char *line = g_strdup_printf("nvidia-gpu: %s: %s", kind, detail ? detail : "");
    g_autofree char *event = g_strdup_printf("nvgpu_err_%s %s", kind, detail ? detail : "");
    size_t line_head = strlen("nvidia-gpu: : ") + strlen(kind);
    size_t event_head = strlen("nvgpu_err_ ") + strlen(kind);

    g_assert_nonnull(strstr(text, line));
    g_assert_nonnull(strstr(text, event));
    line[line_head] = event[event_head] = '\0';
    g_assert_cmpuint(occurrences(text, line), ==, injected(f, kind));
    g_assert_cmpuint(occurrences(text, event), ==, injected(f, kind));
}

/* (b) and (c) for faults of several kinds at once (a list ending in a NULL name). */
static void expect_kinds(Fx *f, const Kind *k)
{
    for (const Kind *i = k; i->name; i++) {
        inject(f, i->name, i->n);
    }
    for (const Kind *i = k; i->name; i++) {
        expect_logged(f, i->name, i->detail);
    }
    expect_counts(f);
}

static void expect_kind(Fx *f, const char *kind, uint64_t n, const char *detail)
{
    expect_kinds(f, (const Kind[]) { { kind, n, detail }, { NULL } });
}

/* ---- (a): guest-visible signals ---- */

static void expect_faulted(Fx *f, NvTestChan *ch, uint32_t bits)
{
    g_assert_cmphex(rd(&f->g, A_PCCSR_CHANNEL(ch->chid)) &
                    (R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK | R_PCCSR_CHANNEL_ENG_FAULTED_MASK),
                    ==, bits);
}

/* A PBDMA error: its bit latched with the method, data and channel; the channel stopped. */
static void expect_pbdma(Fx *f, NvTestChan *ch, uint32_t bit, uint32_t subch, uint32_t mthd,
                         uint32_t data)
{
    unsigned p = ch->runlist;

    g_assert_cmphex(rd(&f->g, A_PBDMA_INTR_0(p)), ==, bit);
    g_assert_cmphex(rd(&f->g, A_PBDMA_METHOD0(p)), ==,
                    subch << NV_PBDMA_METHOD0_SUBCH_SHIFT | mthd);
    g_assert_cmphex(rd(&f->g, A_PBDMA_DATA0(p)), ==, data);
    g_assert_cmpuint(rd(&f->g, A_PBDMA_CHANNEL(p)), ==, ch->chid);
    g_assert_cmphex(rd(&f->g, A_PFIFO_PBDMA_INTR_PENDING), ==, 1u << p);
    g_assert_cmphex(rd(&f->g, A_PFIFO_INTR_0) & R_PFIFO_INTR_0_PBDMA_INTR_MASK, !=, 0);
    g_assert_cmphex(rd(&f->g, A_PMC_INTR_0) & NV_PMC_INTR_FIFO, !=, 0);
    expect_faulted(f, ch, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK);
}

/* The next MMU fault record, its vector and status bit. */
static void expect_fault_access(Fx *f, uint64_t inst, uint64_t va, uint32_t reason,
                                uint32_t engine, uint32_t access)
{
    uint64_t rec = FAULT_BUF + (uint64_t)f->faults++ * NV_FAULT_ENTRY_SIZE;
    uint32_t inst_lo = vram_read32(&f->g, rec + A_FAULT_ENTRY_INST_LO);
    uint32_t info0 = vram_read32(&f->g, rec + A_FAULT_ENTRY_INFO0);
    uint32_t info1 = vram_read32(&f->g, rec + A_FAULT_ENTRY_INFO1);

    g_assert_cmpuint(rd(&f->g, A_VF_FAULT_BUF_PUT(0)), ==, f->faults);
    g_assert_cmphex(inst_lo & ~0xfffu, ==, (uint32_t)inst);
    g_assert_cmphex(NV_FEX32(inst_lo, FAULT_ENTRY_INST_LO, TARGET), ==, NV_TARGET_VRAM);
    g_assert_cmphex(vram_read64(&f->g, rec + A_FAULT_ENTRY_ADDR_LO), ==, va);
    g_assert_cmphex(NV_FEX32(info0, FAULT_ENTRY_INFO0, ENGINE), ==, engine);
    g_assert_cmphex(NV_FEX32(info1, FAULT_ENTRY_INFO1, REASON), ==, reason);
    g_assert_cmphex(NV_FEX32(info1, FAULT_ENTRY_INFO1, ACCESS), ==, access);
    g_assert_cmphex(NV_FEX32(info1, FAULT_ENTRY_INFO1, VALID), ==, 1);
    g_assert_cmphex(rd(&f->g, A_VF_FAULT_STATUS) & R_VF_FAULT_STATUS_NRP_NOTIFY_MASK, !=, 0);
    g_assert_cmphex(rd(&f->g, A_VF_CPU_INTR_LEAF(NV_FAULT_VECTOR_NRP_NOTIFY / 32)), ==,
                    1u << (NV_FAULT_VECTOR_NRP_NOTIFY % 32));
    g_assert_cmphex(rd(&f->g, A_VF_CPU_INTR_TOP), ==, 1u << (NV_FAULT_VECTOR_NRP_NOTIFY / 64));
}

static void expect_fault(Fx *f, uint64_t inst, uint64_t va, uint32_t reason, uint32_t engine,
                         bool write)
{
    expect_fault_access(f, inst, va, reason, engine,
                        write ? NV_FAULT_ACCESS_VIRT_WRITE : NV_FAULT_ACCESS_VIRT_READ);
}

/* GR's trap tree down to SM 0's error registers; the channel engine-faulted. */
static void expect_gr_trap(Fx *f, NvTestChan *ch, uint32_t warp_err, uint32_t global_err)
{
    const uint32_t tpc0 = NV_GPC_BASE + NV_TPC_BASE;

    g_assert_cmphex(rd(&f->g, A_PMC_INTR_0) & GR_PMC, ==, GR_PMC);
    g_assert_cmphex(rd(&f->g, A_PGRAPH_INTR), ==, NV_PGRAPH_INTR_TRAP);
    g_assert_cmphex(rd(&f->g, A_PGRAPH_EXCEPTION), ==, NV_PGRAPH_EXCEPTION_GPC);
    g_assert_cmphex(rd(&f->g, A_PGRAPH_GPC_EXCEPTION), ==, 1);
    g_assert_cmphex(rd(&f->g, NV_GPC_BASE + NV_GPC_EXCEPTION), ==, NV_GPC_EXCEPTION_TPC(0));
    g_assert_cmphex(rd(&f->g, tpc0 + NV_TPC_EXCEPTION), ==, NV_TPC_EXCEPTION_SM);
    g_assert_cmphex(rd(&f->g, tpc0 + NV_SM_WARP_ERROR(0)), ==, warp_err);
    g_assert_cmphex(rd(&f->g, tpc0 + NV_SM_GLOBAL_ERROR(0)), ==, global_err);
    g_assert_cmphex(rd(&f->g, A_FECS_CURRENT_CTX), ==,
                    NV_FECS_CURRENT_CTX_VALID | (uint32_t)(ch->inst >> 12));
    expect_faulted(f, ch, R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
}

/* The copy engine of ch's runlist (LCE0) raised LAUNCHERR; the witness's LCE did not. */
static void expect_launcherr(Fx *f, NvTestChan *ch)
{
    g_assert_cmphex(rd(&f->g, A_CE_INTR_STATUS(LCE_BAD)), ==, NV_CE_INTR_LAUNCHERR);
    g_assert_cmphex(rd(&f->g, A_CE_LAUNCH_ERR(LCE_BAD)), ==, NV_CE_LAUNCH_ERR_INVALID);
    g_assert_cmphex(rd(&f->g, A_CE_INTR_STATUS(LCE_GOOD)), ==, 0);
    g_assert_cmphex(rd(&f->g, A_PMC_INTR_0) & LCE_BAD_PMC, ==, LCE_BAD_PMC);
    expect_faulted(f, ch, R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
}

static void expect_sched_error(Fx *f, uint32_t code)
{
    g_assert_cmphex(rd(&f->g, A_PFIFO_INTR_0) & R_PFIFO_INTR_0_SCHED_ERROR_MASK, !=, 0);
    g_assert_cmphex(rd(&f->g, A_PFIFO_INTR_SCHED_ERROR), ==, code);
    g_assert_cmphex(rd(&f->g, A_PMC_INTR_0) & NV_PMC_INTR_FIFO, ==, NV_PMC_INTR_FIFO);
}

/* ---- (d): isolation and recovery ---- */

/*
 * The witness completes work; the faulted channel's new work waits. Returns
 * the payload that work will release once the channel runs again.
 */
static uint32_t expect_isolated(Fx *f, NvTestChan *ch)
{
    uint32_t old = marked(f, ch), v;

    expect_works(f, &f->good);
    v = mark(f, ch);
    g_assert_cmphex(marked(f, ch), ==, old);
    return v;
}

/* What a driver's interrupt handler does: acknowledge every unit (write-1-clear). */
static void ack_all(Fx *f)
{
    for (unsigned p = 0; p < NV_PBDMAS; p++) {
        wr(&f->g, A_PBDMA_INTR_0(p), 0xffffffff);
    }
    wr(&f->g, A_PFIFO_INTR_0, 0xffffffff);
    wr(&f->g, A_CE_INTR_STATUS(LCE_BAD), 0xffffffff);
    wr(&f->g, A_CE_INTR_STATUS(LCE_GOOD), 0xffffffff);
    wr(&f->g, A_PGRAPH_INTR, NV_PGRAPH_INTR_TRAP);
    wr(&f->g, A_VF_FAULT_BUF_GET(0), rd(&f->g, A_VF_FAULT_BUF_PUT(0)));
    wr(&f->g, A_VF_FAULT_STATUS, 0xffffffff);
    wr(&f->g, A_VF_CPU_INTR_LEAF(NV_FAULT_VECTOR_NRP_NOTIFY / 32), 0xffffffff);
    g_assert_cmphex(rd(&f->g, A_PMC_INTR_0), ==, 0);
    g_assert_cmphex(rd(&f->g, A_VF_CPU_INTR_TOP), ==, 0);
}

/* Recovery by clearing: the interrupts, then PCCSR's fault bits; the channel goes on. */
static void recover_clear(Fx *f, NvTestChan *ch)
{
    ack_all(f);
    wr(&f->g, A_PCCSR_CHANNEL(ch->chid), R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK |
                                         R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    ring(f, ch);
}

/* Recovery by unbinding and binding again: the channel restarts with an empty ring. */
static void recover_rebind(Fx *f, NvTestChan *ch)
{
    ack_all(f);
    wr(&f->g, A_PCCSR_INST(ch->chid), 0);
    wr(&f->g, A_PCCSR_INST(ch->chid), R_PCCSR_INST_BIND_MASK | (uint32_t)(ch->inst >> 12));
    wr(&f->g, A_PCCSR_CHANNEL(ch->chid), R_PCCSR_CHANNEL_ENABLE_SET_MASK);
    ch->gp_put = 0;
    ch->pb_start = ch->pb_pos;
}

/* The channel's work after recovery released v; nothing is pending or reported. */
static void expect_recovered(Fx *f, NvTestChan *ch, uint32_t v)
{
    g_assert_cmphex(marked(f, ch), ==, v);
    expect_faulted(f, ch, 0);
    g_assert_cmphex(rd(&f->g, A_PMC_INTR_0), ==, 0);
    expect_counts(f);
}

/* Isolation, then recovery by rebinding (the faulting entry is not consumed). */
static void expect_rebind_recovers(Fx *f, NvTestChan *ch)
{
    expect_isolated(f, ch);
    recover_rebind(f, ch);
    expect_recovered(f, ch, mark(f, ch));
}

/* Isolation, then recovery by clearing (the faulting method was consumed). */
static void expect_clear_recovers(Fx *f, NvTestChan *ch)
{
    uint32_t v = expect_isolated(f, ch);

    recover_clear(f, ch);
    expect_recovered(f, ch, v);
}

/* ---- F1-F6: GPFIFO, pushbuffer, methods, semaphores ---- */

static void test_gpptr(void)
{
    Fx f;

    fx_start(&f, NULL);
    nvch_w32(&f.bad, NV_TARGET_VRAM, f.bad.userd + NV_USERD_GP_PUT, 1u << NVCH_GP_LIMIT2);
    ring(&f, &f.bad);
    expect_pbdma(&f, &f.bad, NV_PBDMA_INTR_GPPTR, 0, 0, 1u << NVCH_GP_LIMIT2);
    expect_kind(&f, "pbdma_gpptr", 1, "PBDMA0: error 0x00004000 on channel 8");
    /* the isolation check's kick publishes a GP_PUT inside the ring again */
    expect_clear_recovers(&f, &f.bad);
    fx_stop(&f);
}

/* A control entry (length 0) with opcode op. */
static void gp_control(Fx *f, NvTestChan *ch, uint32_t op)
{
    uint64_t at = ch->gp_pa + (uint64_t)ch->gp_put * NV_GP_ENTRY_SIZE;

    nvch_w32(ch, ch->target, at, 0);
    nvch_w32(ch, ch->target, at + 4, op);
    ch->gp_put++;
    nvch_kick(ch);
    settle(f);
}

static void test_gpentry(void)
{
    static const uint32_t ops[] = { NV_GP_OPCODE_ILLEGAL, 0x7f };
    Fx f;

    fx_start(&f, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(ops); i++) {
        gp_control(&f, &f.bad, ops[i]);
        expect_pbdma(&f, &f.bad, NV_PBDMA_INTR_GPENTRY, 0, 0, ops[i]);
        expect_kind(&f, "pbdma_gpentry", 1, "PBDMA0: error 0x00008000 on channel 8");
        expect_rebind_recovers(&f, &f.bad);
    }
    fx_stop(&f);
}

/* Work on a pushbuffer page of its own, fetched from va; returns its payload and page. */
static uint32_t submit_page_at(Fx *f, NvTestChan *ch, uint64_t va, uint64_t *off)
{
    uint32_t v;

    *off = pb_page(ch);
    v = push_mark(f, ch);
    nvch_gp_entry(ch, va, ch->pb_pos - ch->pb_start);
    ch->pb_start = ch->pb_pos;
    nvch_kick(ch);
    settle(f);
    return v;
}

/*
 * The channel waits while the witness works; the driver maps va onto the
 * work's page and restarts the channel, which fetches it again.
 */
static void expect_remap_recovers(Fx *f, NvTestChan *ch, uint64_t va, uint64_t off, uint32_t v)
{
    g_assert_cmphex(marked(f, ch), !=, v);
    expect_works(f, &f->good);
    nvpt_map(&ch->vmm, va, ch->pb_pa + off, ch->target, NV_PAGE_SHIFT_4K, 0);
    invalidate(f);
    recover_clear(f, ch);
    expect_recovered(f, ch, v);
}

static void test_pb_unmapped(void)
{
    uint64_t off;
    uint32_t v;
    Fx f;

    fx_start(&f, NULL);
    v = submit_page_at(&f, &f.bad, HOLE_VA, &off);
    expect_fault(&f, f.bad.inst, HOLE_VA, NV_FAULT_PDE, NV_MMU_ENG_HOST0, false);
    expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK);
    expect_kind(&f, "mmu_fault_host", 1, "channel 8: MMU fault at 0x7000000000 (reason 0, "
                "engine 0x20)");
    expect_remap_recovers(&f, &f.bad, HOLE_VA, off, v);
    fx_stop(&f);
}

/*
 * A pushbuffer in "system memory" that is MMIO: the GPU's own BAR0 and the
 * IOAPIC. DMA is memory-only, so the fetch fails (mem_unbacked), stops the
 * channel and is a fault of an aperture the GPU cannot use (a record, the
 * fault vector), as a bus error is on the hardware.
 */
static void test_pb_mmio(void)
{
    uint64_t targets[2];
    Fx f;

    fx_start(&f, NULL);
    targets[0] = f.g.bar0.addr;
    targets[1] = IOAPIC_PA;
    for (unsigned i = 0; i < G_N_ELEMENTS(targets); i++) {
        uint64_t va = HOLE_VA + 0x1000 * i, off;
        g_autofree char *detail = g_strdup_printf("channel 8: 0x%" PRIx64 " maps to missing "
                                                  "memory 0x%" PRIx64, va, targets[i]);
        uint32_t v;

        nvpt_map(&f.bad.vmm, va, targets[i], NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
        v = submit_page_at(&f, &f.bad, va, &off);
        expect_fault(&f, f.bad.inst, va, NV_FAULT_UNSUPPORTED_APERTURE, NV_MMU_ENG_HOST0, false);
        expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK);
        expect_kind(&f, "mem_unbacked", 1, detail);
        expect_remap_recovers(&f, &f.bad, va, off, v);
    }
    fx_stop(&f);
}

static void test_pbentry(void)
{
    static const uint32_t bad[] = {
        NV_PB_SEC_RESERVED6 << 29,                          /* SEC_OP 6 */
        NV_PB_SEC_GRP2_USE_TERT << 29 | 1 << 16,            /* GRP2 with TERT_OP 1 */
    };
    Fx f;

    fx_start(&f, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        nvch_push(&f.bad, bad[i]);
        nvch_submit(&f.bad);
        settle(&f);
        expect_pbdma(&f, &f.bad, NV_PBDMA_INTR_PBENTRY, 0, 0, bad[i]);
        expect_kind(&f, "pbdma_pbentry", 1, "PBDMA0: error 0x00040000 on channel 8");
        expect_rebind_recovers(&f, &f.bad);
    }
    fx_stop(&f);
}

typedef struct MethodCase {
    uint32_t subch, mthd, data, bit;
    const char *kind;
} MethodCase;

static void test_methods(void)
{
    static const MethodCase cases[] = {
        { 1, 0x0200, 0x1234, NV_PBDMA_INTR_METHOD, "pbdma_no_object" },
        { 6, 0x0200, 0x5678, NV_PBDMA_INTR_DEVICE, "pbdma_sw_method" },
        { 0, A_C46F_ILLEGAL, 0x9, NV_PBDMA_INTR_METHOD, "pbdma_bad_method" },
        { 2, 0x00f0, 0xa, NV_PBDMA_INTR_METHOD, "pbdma_bad_method" },
        { 1, A_C46F_SET_OBJECT, 0xbeef, NV_PBDMA_INTR_METHOD, "pbdma_bad_class" },
        { 0, A_C46F_MEM_OP_D, 0x1f << R_C46F_MEM_OP_D_OPERATION_SHIFT, NV_PBDMA_INTR_METHOD,
          "pbdma_mem_op" },
    };
    Fx f;

    fx_start(&f, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        const MethodCase *c = &cases[i];
        g_autofree char *detail = g_strdup_printf("PBDMA0: error 0x%08x on channel 8 (subch %u "
                                                  "method 0x%04x data 0x%08x)", c->bit,
                                                  c->subch, c->mthd, c->data);

        nvch_mthd1(&f.bad, c->subch, c->mthd, c->data);
        nvch_submit(&f.bad);
        settle(&f);
        expect_pbdma(&f, &f.bad, c->bit, c->subch, c->mthd, c->data);
        expect_kind(&f, c->kind, 1, detail);
        expect_clear_recovers(&f, &f.bad);
    }
    fx_stop(&f);
}

static void test_semaphore(void)
{
    uint32_t reserved[] = { 0, (uint32_t)SEM_VA, 1, 3 };    /* SEMAPHORED operation 3 */
    Fx f;

    fx_start(&f, NULL);
    release_at(&f.bad, HOLE_VA + 0x40, 1);
    nvch_submit(&f.bad);
    settle(&f);
    expect_fault(&f, f.bad.inst, HOLE_VA + 0x40, NV_FAULT_PDE, NV_MMU_ENG_HOST0, true);
    expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK);
    expect_kind(&f, "mmu_fault_host", 1, "channel 8: MMU fault at 0x7000000040");
    expect_clear_recovers(&f, &f.bad);

    nvch_mthd(&f.bad, 0, A_C46F_SEMAPHOREA, 4, reserved);
    nvch_submit(&f.bad);
    settle(&f);
    expect_pbdma(&f, &f.bad, NV_PBDMA_INTR_SEMAPHORE, 0, A_C46F_SEMAPHORED, 3);
    expect_kind(&f, "pbdma_semaphore", 1, "PBDMA0: error 0x02000000 on channel 8");
    expect_clear_recovers(&f, &f.bad);
    fx_stop(&f);
}

/* ---- F8, F9: channel state and the scheduler ---- */

static void test_ramfc(void)
{
    Fx f;
    uint64_t hi_at;
    uint32_t hi, v;

    fx_start(&f, NULL);
    /* an instance block beyond the end of VRAM (1 GiB): RAMFC cannot be read */
    wr(&f.g, A_PCCSR_INST(BAD), 0);
    wr(&f.g, A_PCCSR_INST(BAD), R_PCCSR_INST_BIND_MASK | (uint32_t)((2ull << 30) >> 12));
    wr(&f.g, A_PCCSR_CHANNEL(BAD), R_PCCSR_CHANNEL_ENABLE_SET_MASK);
    ring(&f, &f.bad);
    expect_pbdma(&f, &f.bad, NV_PBDMA_INTR_MEMREQ, 0, 0, 0);
    expect_kind(&f, "pbdma_memreq", 1, "PBDMA0: error 0x00000001 on channel 8");
    expect_rebind_recovers(&f, &f.bad);       /* bound again to its own instance block */

    /* RAMFC describes a GP ring of 2^21 entries */
    hi_at = f.bad.inst + NV_RAMFC_GP_BASE_HI;
    hi = nvch_r32(&f.bad, NV_TARGET_VRAM, hi_at);
    nvch_w32(&f.bad, NV_TARGET_VRAM, hi_at, NV_FDP32(hi, RAMFC_GP_BASE_HI, LIMIT2, 21));
    ring(&f, &f.bad);
    expect_pbdma(&f, &f.bad, NV_PBDMA_INTR_GPFIFO, 0, 0,
                 NV_FDP32(hi, RAMFC_GP_BASE_HI, LIMIT2, 21));
    expect_kind(&f, "pbdma_gpfifo", 1, "PBDMA0: error 0x00002000 on channel 8");
    v = expect_isolated(&f, &f.bad);
    nvch_w32(&f.bad, NV_TARGET_VRAM, hi_at, hi);   /* the driver repairs RAMFC */
    recover_clear(&f, &f.bad);
    expect_recovered(&f, &f.bad, v);
    fx_stop(&f);
}

static void submit_runlist(Fx *f, unsigned rl, uint64_t base, uint32_t count)
{
    wr(&f->g, A_PFIFO_RUNLIST_BASE_LO(rl), (uint32_t)base);
    wr(&f->g, A_PFIFO_RUNLIST_BASE_HI(rl), (uint32_t)(base >> 32));
    wr(&f->g, A_PFIFO_RUNLIST_SUBMIT(rl), count);
    settle(f);
}

/*
 * The scheduler works on: the witness runs, and the bad channel's new work
 * runs once a valid runlist naming it is submitted (no doorbell).
 */
static void expect_scheduler_recovers(Fx *f)
{
    NvTestChan *ch = &f->bad;
    uint32_t v;

    ack_all(f);
    expect_works(f, &f->good);
    v = push_mark(f, ch);
    nvch_gp_entry(ch, NVCH_PB_VA + 4ull * ch->pb_start, ch->pb_pos - ch->pb_start);
    ch->pb_start = ch->pb_pos;
    nvch_w32(ch, NV_TARGET_VRAM, ch->userd + NV_USERD_GP_PUT, ch->gp_put);
    vram_write64(&f->g, RL_PA, 0);                 /* a channel entry */
    vram_write64(&f->g, RL_PA + 8, ch->chid);
    submit_runlist(f, ch->runlist, RL_PA, 1);
    expect_recovered(f, ch, v);
}

static void test_runlist(void)
{
    Fx f;

    fx_start(&f, NULL);
    submit_runlist(&f, 0, RL_PA, NV_RUNLIST_MAX_ENTRIES + 1);
    expect_sched_error(&f, NV_SCHED_ERROR_RL_RDAT_EXTRA);
    expect_kind(&f, "runlist_too_long", 1, "runlist 0: 4097 entries (at most 4096)");
    expect_scheduler_recovers(&f);

    submit_runlist(&f, 0, 1ull << 32 | RL_PA, 1);   /* 4 GiB up: beyond VRAM */
    expect_sched_error(&f, NV_SCHED_ERROR_RL_RDAT_TIMEOUT);
    expect_kind(&f, "runlist_unreadable", 1, "runlist 0: entry 0 at 0x100900000 is not in VRAM");
    expect_scheduler_recovers(&f);

    wr(&f.g, A_USERMODE_DOORBELL, 100);             /* channel 100 was never bound */
    settle(&f);
    expect_sched_error(&f, NV_SCHED_ERROR_BAD_TSG);
    expect_kind(&f, "doorbell_no_channel", 1,
                "doorbell 0x00000064: no bound channel 100 on runlist 0");
    expect_scheduler_recovers(&f);
    fx_stop(&f);
}

/* ---- F10, F11: page tables, BAR1/BAR2, read-only pages ---- */

typedef struct TableCase {
    uint64_t va;
    uint32_t reason;
} TableCase;

static void vm_write(NvVmm *vm, uint64_t at, uint64_t v)
{
    vm->mem.write64(vm->mem.ctx, vm->target, at, v);
}

/*
 * Each case breaks the bad channel's address space and says where and why
 * it faults. An invalid PTE in a page table that exists:
 */
static TableCase invalid_pte(NvVmm *vm)
{
    nvpt_pte_addr(vm, 0x20000000, NV_PAGE_SHIFT_4K);
    return (TableCase) { 0x20000000, NV_FAULT_PTE };
}

/* A directory that points at itself: the walk ends at an invalid "PTE". */
static TableCase cyclic(NvVmm *vm)
{
    uint64_t pd2 = nvpt_next(vm, vm->pd3, 4096), loop = nvpt_alloc(vm, 4096);

    vm_write(vm, loop, nvpt_pde(NV_TARGET_VRAM, loop));
    vm_write(vm, pd2 + 8 * 2, nvpt_pde(NV_TARGET_VRAM, loop));
    return (TableCase) { 0x8000000000ull, NV_FAULT_PTE };
}

/* A valid PTE with the peer aperture. */
static TableCase peer_aperture(NvVmm *vm)
{
    uint64_t pte = nvpt_pte(NV_TARGET_VRAM, SEM_PA);

    vm_write(vm, nvpt_pte_addr(vm, 0x20001000, NV_PAGE_SHIFT_4K),
             NV_FDP64(pte, PTE, APERTURE, NV_PTE_APERTURE_PEER));
    return (TableCase) { 0x20001000, NV_FAULT_UNSUPPORTED_APERTURE };
}

/* A PDE with an address but no valid aperture. */
static TableCase invalid_pde(NvVmm *vm)
{
    uint64_t pd2 = nvpt_next(vm, vm->pd3, 4096);

    vm_write(vm, pd2 + 8 * 3, NV_FDP64(0, PDE, ADDR, pd2 >> NV_PDE_ADDR_ALIGN_SHIFT));
    return (TableCase) { 0xc000000000ull, NV_FAULT_PDE };
}

/* The address space shrunk to 256 MiB (the channel's own VAs stay below). */
static TableCase beyond_limit(NvVmm *vm)
{
    vm_write(vm, vm->inst + A_RAMIN_VA_LIMIT, 0x0fffffff);
    return (TableCase) { 0x20002000, NV_FAULT_VA_LIMIT };
}

static void test_tables(void)
{
    static TableCase (*const cases[])(NvVmm *vm) = {
        invalid_pte, cyclic, peer_aperture, invalid_pde, beyond_limit,
    };
    Fx f;

    fx_start(&f, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        TableCase c = cases[i](&f.bad.vmm);
        g_autofree char *detail = g_strdup_printf("channel 8: MMU fault at 0x%" PRIx64
                                                  " (reason %u, engine 0x20)", c.va, c.reason);

        release_at(&f.bad, c.va, 1);
        nvch_submit(&f.bad);
        settle(&f);
        expect_fault(&f, f.bad.inst, c.va, c.reason, NV_MMU_ENG_HOST0, true);
        expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK);
        expect_kind(&f, "mmu_fault_host", 1, detail);
        expect_clear_recovers(&f, &f.bad);
    }
    fx_stop(&f);
}

static void bind_bars(Fx *f, NvVmm *vm)
{
    uint32_t block = R_VF_BAR_BLOCK_MODE_MASK | NV_TARGET_VRAM << R_VF_BAR_BLOCK_TARGET_SHIFT |
                     (uint32_t)(BAR_INST >> 12);

    nvpt_init(vm, gpu_pt_mem(&f->g), NV_TARGET_VRAM, BAR_INST, BAR_INST + 0x1000,
              NVIDIA_GPU_BAR1_SIZE - 1);
    wr(&f->g, A_VF_BAR1_BLOCK, block);
    wr(&f->g, A_VF_BAR2_BLOCK, block);
}

/* BAR1 and BAR2 (PCI BAR3) through one address space: an invalid PTE, then a loop. */
static void test_bars(void)
{
    QPCIBar bar1, bar3;
    NvVmm vm;
    uint64_t pd2;
    Fx f;

    fx_start(&f, NULL);
    bar3 = qpci_iomap(f.g.dev, NVIDIA_GPU_BAR_INST, NULL);     /* before BAR1: fits */
    bar1 = qpci_iomap(f.g.dev, NVIDIA_GPU_BAR_FB, NULL);
    bind_bars(&f, &vm);
    nvpt_pte_addr(&vm, 0x10000, NV_PAGE_SHIFT_4K);
    g_assert_cmphex(qpci_io_readl(f.g.dev, bar1, 0x10008), ==, 0);
    expect_fault(&f, BAR_INST, 0x10008, NV_FAULT_PTE, NV_MMU_ENG_BAR1, false);
    expect_kind(&f, "mmu_fault_bar1", 1, "BAR1 read at 0x10008: MMU fault (reason 2)");
    ack_all(&f);
    nvpt_map(&vm, 0x10000, DATA_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    invalidate(&f);
    qpci_io_writel(f.g.dev, bar1, 0x10008, 0x0ba51);
    g_assert_cmphex(vram_read32(&f.g, DATA_PA + 8), ==, 0x0ba51);

    /* PD3's entry points back at PD3: the walk ends in a fault after its fixed depth */
    pd2 = vram_read64(&f.g, vm.pd3);
    vram_write64(&f.g, vm.pd3, nvpt_pde(NV_TARGET_VRAM, vm.pd3));
    invalidate(&f);
    qpci_io_writel(f.g.dev, bar3, 0x1000, 0x1234);
    expect_fault(&f, BAR_INST, 0x1000, NV_FAULT_PTE, NV_MMU_ENG_BAR2, true);
    expect_kind(&f, "mmu_fault_bar2", 1, "BAR2 write at 0x1000: MMU fault (reason 2)");
    ack_all(&f);
    vram_write64(&f.g, vm.pd3, pd2);
    nvpt_map(&vm, 0x1000, DATA_PA + 0x1000, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K, 0);
    invalidate(&f);
    qpci_io_writel(f.g.dev, bar3, 0x1000, 0x1234);
    g_assert_cmphex(vram_read32(&f.g, DATA_PA + 0x1000), ==, 0x1234);
    /* no channel was involved: both still work */
    expect_works(&f, &f.good);
    expect_recovered(&f, &f.bad, mark(&f, &f.bad));
    fx_stop(&f);
}

#define RO_VA       (DATA_VA + DATA_PAGES * 0x1000)
#define LAUNCH_PITCH (NV_FDP32(0, C5B5_LAUNCH_DMA, SRC_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) | \
                      NV_FDP32(0, C5B5_LAUNCH_DMA, DST_MEMORY_LAYOUT, C5B5_LAYOUT_PITCH) | \
                      NV_FDP32(0, C5B5_LAUNCH_DMA, MULTI_LINE_ENABLE, 1))

/* A copy-engine launch of lines x len bytes; launch gives the transfer type and more. */
static void ce_copy(NvTestChan *ch, uint64_t src, uint64_t dst, uint32_t len, uint32_t lines,
                    uint32_t pitch_out, uint32_t launch)
{
    uint32_t regs[] = { (uint32_t)(src >> 32), (uint32_t)src, (uint32_t)(dst >> 32),
                        (uint32_t)dst, len, pitch_out, len, lines };

    nvch_mthd1(ch, 4, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    nvch_mthd(ch, 4, A_C5B5_OFFSET_IN_UPPER, 8, regs);
    nvch_mthd1(ch, 4, A_C5B5_LAUNCH_DMA, launch);
}

static uint32_t ce_transfer(void)
{
    return LAUNCH_PITCH | NV_FDP32(0, C5B5_LAUNCH_DMA, DATA_TRANSFER_TYPE,
                                   C5B5_DATA_TRANSFER_NON_PIPELINED);
}

static void test_read_only(void)
{
    Fx f;

    fx_start(&f, NULL);
    nvpt_map(&f.bad.vmm, RO_VA, DATA_PA, NV_TARGET_VRAM, NV_PAGE_SHIFT_4K,
             R_PTE_READ_ONLY_MASK);
    release_at(&f.bad, RO_VA, 1);
    nvch_submit(&f.bad);
    settle(&f);
    expect_fault(&f, f.bad.inst, RO_VA, NV_FAULT_RO_VIOLATION, NV_MMU_ENG_HOST0, true);
    expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK);
    expect_kind(&f, "mmu_fault_host", 1, "channel 8: MMU fault at 0x840000 (reason 6, "
                "engine 0x20)");
    expect_clear_recovers(&f, &f.bad);

    /* the copy engine reads the page but may not write it */
    ce_copy(&f.bad, RO_VA, DATA_VA + 0x1000, 16, 1, 16, ce_transfer());
    ce_copy(&f.bad, DATA_VA + 0x1000, RO_VA + 0x10, 16, 1, 16, ce_transfer());
    nvch_submit(&f.bad);
    settle(&f);
    expect_fault(&f, f.bad.inst, RO_VA + 0x10, NV_FAULT_RO_VIOLATION, NV_MMU_ENG_CE0 + LCE_BAD,
                 true);
    expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    expect_kind(&f, "mmu_fault_ce", 1, "channel 8: MMU fault at 0x840010 (reason 6, engine 0xf)");
    expect_clear_recovers(&f, &f.bad);
    fx_stop(&f);
}

/* ---- F12: engines aimed at MMIO (DMA is memory-only: no MMIO handler runs) ---- */

#define MMIO_VA     0x6000000000ull

/* Refused: an UNSUPPORTED_APERTURE fault record of engine at addr with access. */
static void expect_mmio_refused(Fx *f, uint32_t fault_bit, uint64_t addr, uint32_t engine,
                                uint32_t access, const char *detail)
{
    settle(f);
    g_assert_cmphex(rd(&f->g, A_PFIFO_INTR_EN_0), ==, 0xffffffff);     /* not written */
    expect_fault_access(f, f->bad.inst, addr, NV_FAULT_UNSUPPORTED_APERTURE, engine, access);
    expect_faulted(f, &f->bad, fault_bit);
    expect_kind(f, "mem_unbacked", 1, detail);
    expect_clear_recovers(f, &f->bad);
}

static void test_mmio(void)
{
    uint32_t phys_dst = NV_FDP32(0, C5B5_LAUNCH_DMA, DST_TYPE, C5B5_TYPE_PHYSICAL);
    g_autofree char *detail = NULL;
    uint64_t reg;
    Fx f;

    fx_start(&f, NULL);
    reg = f.g.bar0.addr + A_PFIFO_INTR_EN_0;
    vram_write32(&f.g, DATA_PA, 0x12345678);
    /* a copy to physical "system memory" that is the GPU's own PFIFO_INTR_EN_0 */
    nvch_mthd1(&f.bad, 4, A_C46F_SET_OBJECT, NV_CLASS_TURING_DMA_COPY_A);
    nvch_mthd1(&f.bad, 4, A_C5B5_SET_DST_PHYS_MODE, C5B5_PHYS_MODE_TARGET_COHERENT_SYSMEM);
    ce_copy(&f.bad, DATA_VA, reg, 4, 1, 4, ce_transfer() | phys_dst);
    nvch_submit(&f.bad);
    detail = g_strdup_printf("channel 8: physical write at 0x%" PRIx64 " (target %u) failed",
                             reg, NV_TARGET_SYS_COH);
    expect_mmio_refused(&f, R_PCCSR_CHANNEL_ENG_FAULTED_MASK, reg, NV_MMU_ENG_CE0 + LCE_BAD,
                        NV_FAULT_ACCESS_PHYS_WRITE, detail);

    /* a copy from a page mapped onto another device (the IOAPIC) */
    nvpt_map(&f.bad.vmm, MMIO_VA, IOAPIC_PA, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    ce_copy(&f.bad, MMIO_VA, DATA_VA + 0x1000, 4, 1, 4, ce_transfer());
    nvch_submit(&f.bad);
    expect_mmio_refused(&f, R_PCCSR_CHANNEL_ENG_FAULTED_MASK, MMIO_VA, NV_MMU_ENG_CE0 + LCE_BAD,
                        NV_FAULT_ACCESS_VIRT_READ,
                        "channel 8: 0x6000000000 maps to missing memory 0xfec00000");

    /* a semaphore release on a page mapped onto the GPU's BAR0 */
    nvpt_map(&f.bad.vmm, MMIO_VA + 0x1000, reg & ~0xfffull, NV_TARGET_SYS_COH,
             NV_PAGE_SHIFT_4K, 0);
    release_at(&f.bad, MMIO_VA + 0x1000 + (reg & 0xfff), 0x7777);
    nvch_submit(&f.bad);
    g_free(detail);
    detail = g_strdup_printf("channel 8: 0x%" PRIx64 " maps to missing memory 0x%" PRIx64,
                             (uint64_t)(MMIO_VA + 0x1000 + (reg & 0xfff)), reg);
    expect_mmio_refused(&f, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK,
                        MMIO_VA + 0x1000 + (reg & 0xfff), NV_MMU_ENG_HOST0,
                        NV_FAULT_ACCESS_VIRT_WRITE, detail);
    fx_stop(&f);
}


/* ---- F13-F21: compute launches ---- */

#define SUBCH       1               /* TURING_COMPUTE_A */
#define A_OFF       0x00000         /* vadd's inputs and output in DATA */
#define B_OFF       0x08000
#define C_OFF       0x10000
#define QMD_OFF     0x20000
#define CB0_OFF     0x21000
#define CB0_SIZE    0x200
#define CODE_OFF    0x30000         /* vadd */
#define PROG_OFF    0x38000         /* the small programs */
#define VADD_N      32              /* one warp: one CTA, so exactly one error */

/* sm_75 words from the corpus listings (tests/sass, *.tsv); only predicates patched. */
#define I_EXIT      0x000000000000794dull, 0x000fea0003800000ull    /* EXIT */

static const uint64_t prog_illegal[] = { ~0ull, ~0ull };   /* no instruction */
static const uint64_t prog_trap[] = {
    0x000000000000795cull, 0x000fea0000300000ull,           /* BPT.TRAP */
};
static const uint64_t prog_shared[] = {
    0x00000000ff027984ull, 0x000e240000001800ull,           /* LDS.U R2, [RZ] */
    I_EXIT,
};
static const uint64_t prog_local[] = {
    0x0000000001027983ull, 0x0002a80000100800ull,           /* LDL R2, [R1] */
    I_EXIT,
};
static const uint64_t prog_spin[] = {
    0xfffffff000007947ull, 0x000fc0000383ffffull,           /* BRA to itself */
};
static const uint64_t prog_barrier[] = {
    0x0041000000007b1dull, 0x000fea0000000000ull,           /* BAR.SYNC 0x1, 0x40 (@!P3 -> PT) */
    I_EXIT,
};

/* vadd's constant bank 0: block and grid, then a, b, c and n at 0x160. */
static void write_cb0(Fx *f, uint64_t c_va)
{
    uint8_t cb[CB0_SIZE] = { 0 };
    uint32_t dims[6] = { VADD_N, 1, 1, 1, 1, 1 }, n = VADD_N;
    uint64_t a = DATA_VA + A_OFF, b = DATA_VA + B_OFF;

    memcpy(cb, dims, sizeof(dims));
    memcpy(cb + 0x160, &a, 8);
    memcpy(cb + 0x168, &b, 8);
    memcpy(cb + 0x170, &c_va, 8);
    memcpy(cb + 0x178, &n, 4);
    vram_write_buf(&f->g, DATA_PA + CB0_OFF, cb, sizeof(cb));
}

/* One CTA of one warp running the program at prog; releases payload to ch's marker. */
static void qmd_init(uint32_t q[NV_QMD_DWORDS], NvTestChan *ch, uint64_t prog, uint32_t payload)
{
    const uint32_t grid[3] = { 1, 1, 1 }, block[3] = { VADD_N, 1, 1 };

    memset(q, 0, NV_QMD_BYTES);
    nv_qmd_set_launch(q, prog, grid, block);
    NV_QMD_SET(q, REGISTER_COUNT, 16);
    NV_QMD_SET(q, CONSTANT_BUFFER_VALID, 1);
    nv_qmd_set_cbuf(q, 0, DATA_VA + CB0_OFF, CB0_SIZE);
    NV_QMD_SET(q, SEMAPHORE_RELEASE_ENABLE0, 1);
    NV_QMD_SET(q, RELEASE0_ADDRESS_LOWER, (uint32_t)SEM_VA + MARK(ch->chid));
    NV_QMD_SET(q, RELEASE0_STRUCTURE_SIZE, 1);      /* one word */
    NV_QMD_SET(q, RELEASE0_PAYLOAD, payload);
}

static void launch(Fx *f, NvTestChan *ch, const uint32_t q[NV_QMD_DWORDS])
{
    vram_write_buf(&f->g, DATA_PA + QMD_OFF, q, NV_QMD_BYTES);
    nvch_launch(ch, SUBCH, DATA_VA + QMD_OFF, true);
    nvch_submit(ch);
    settle(f);
}

/* A GPU with vadd, its inputs (a[i] = i, b[i] = 2i) and constant bank in VRAM. */
static void fx_start_compute(Fx *f, const char *extra)
{
    fx_start(f, extra);
    g_assert_cmpuint(sass_upload(&f->g, "k01_vadd.sm_75.tsv", "vadd", DATA_PA + CODE_OFF), >, 8);
    for (uint32_t i = 0; i < VADD_N; i++) {
        float a = (float)i, b = 2.0f * (float)i;

        vram_write_buf(&f->g, DATA_PA + A_OFF + 4 * i, &a, 4);
        vram_write_buf(&f->g, DATA_PA + B_OFF + 4 * i, &b, 4);
    }
    write_cb0(f, DATA_VA + C_OFF);
}

/* A launch of prog (no shared or local memory): it stops with an error, never releasing. */
static void launch_program(Fx *f, const uint64_t *prog, size_t bytes)
{
    uint32_t q[NV_QMD_DWORDS];
    uint32_t before = marked(f, &f->bad);

    vram_write_buf(&f->g, DATA_PA + PROG_OFF, prog, bytes);
    qmd_init(q, &f->bad, DATA_VA + PROG_OFF, 0xdead);
    launch(f, &f->bad, q);
    g_assert_cmphex(marked(f, &f->bad), ==, before);
}

/* vadd on the bad channel completes: its release and every sum. */
static void expect_vadd_works(Fx *f)
{
    uint32_t q[NV_QMD_DWORDS], v = ++f->seq;

    write_cb0(f, DATA_VA + C_OFF);
    qmd_init(q, &f->bad, DATA_VA + CODE_OFF, v);
    launch(f, &f->bad, q);
    for (uint32_t i = 0; i < VADD_N; i++) {
        float c, want = 3.0f * (float)i;
        uint32_t bits = vram_read32(&f->g, DATA_PA + C_OFF + 4 * i);

        memcpy(&c, &bits, 4);
        g_assert_cmpfloat(c, ==, want);
    }
    expect_recovered(f, &f->bad, v);
}

/* QMD_INVALID's reasons: the field each case breaks in a valid vadd QMD. */
static const char *break_qmd(uint32_t q[NV_QMD_DWORDS], unsigned i)
{
    switch (i) {
    case 0:
        NV_QMD_SET(q, QMD_VERSION, 7);
        return "QMD version 2.7 is not supported";
    case 1:
        NV_QMD_SET(q, CTA_RASTER_WIDTH, 0);
        return "grid 0x1x1";
    case 2:
        NV_QMD_SET(q, CTA_THREAD_DIMENSION0, NV_SM_MAX_THREADS + 1);
        return "block 1025x1x1";
    case 3:
        NV_QMD_SET(q, SHARED_MEMORY_SIZE, NV_SM_MAX_SHARED + 16);
        return "shared memory size 98320";
    case 4:
        NV_QMD_SET(q, PROGRAM_ADDRESS_LOWER, (uint32_t)(DATA_VA + CODE_OFF + 8));
        return "program address 0x830008 is not 16-byte aligned";
    default:
        nv_qmd_set_cbuf(q, 0, DATA_VA + CB0_OFF, NV_SM_CBUF_MAX + 16);
        return "constant buffer 0 size 65552";
    }
}

/* The model raises no interrupt for a refused QMD: PCCSR's ENG_FAULTED is all there is. */
/* The structures the host and compute read, and the SM's stores, aimed at the GPU's BAR0. */
static void test_mmio_structures(void)
{
    uint64_t page, qmd = MMIO_VA + 0x2000, out = MMIO_VA + 0x3000;
    uint32_t q[NV_QMD_DWORDS], v;
    g_autofree char *detail = NULL, *sm = NULL;
    Fx f;

    fx_start_compute(&f, NULL);
    page = f.g.bar0.addr + (A_PFIFO_INTR_EN_0 & ~0xfffu);
    /* the GPFIFO ring: the PBDMA's GP fetch; the driver maps the ring back */
    nvpt_map(&f.bad.vmm, NVCH_GP_VA, page, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    invalidate(&f);
    push_mark(&f, &f.bad);
    nvch_submit(&f.bad);
    settle(&f);
    expect_fault_access(&f, f.bad.inst, NVCH_GP_VA, NV_FAULT_UNSUPPORTED_APERTURE,
                        NV_MMU_ENG_HOST0, NV_FAULT_ACCESS_VIRT_READ);
    expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_PBDMA_FAULTED_MASK);
    detail = g_strdup_printf("channel 8: 0x%" PRIx64 " maps to missing memory 0x%" PRIx64,
                             (uint64_t)NVCH_GP_VA, page);
    expect_kind(&f, "mem_unbacked", 1, detail);
    v = expect_isolated(&f, &f.bad);
    nvpt_map(&f.bad.vmm, NVCH_GP_VA, f.bad.gp_pa, f.bad.target, NV_PAGE_SHIFT_4K, 0);
    invalidate(&f);
    recover_clear(&f, &f.bad);
    expect_recovered(&f, &f.bad, v);

    /* the QMD of a launch */
    nvpt_map(&f.bad.vmm, qmd, page, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    nvch_launch(&f.bad, SUBCH, qmd, true);
    nvch_submit(&f.bad);
    g_free(detail);
    detail = g_strdup_printf("channel 8: 0x%" PRIx64 " maps to missing memory 0x%" PRIx64,
                             qmd, page);
    expect_mmio_refused(&f, R_PCCSR_CHANNEL_ENG_FAULTED_MASK, qmd, NV_MMU_ENG_GR,
                        NV_FAULT_ACCESS_VIRT_READ, detail);

    /* the SM's stores: vadd's sums go to a page on BAR0 (STG at +0xd0) */
    nvpt_map(&f.bad.vmm, out, page, NV_TARGET_SYS_COH, NV_PAGE_SHIFT_4K, 0);
    out += A_PFIFO_INTR_EN_0 & 0xfffu;
    write_cb0(&f, out);
    qmd_init(q, &f.bad, DATA_VA + CODE_OFF, 0xdead);
    launch(&f, &f.bad, q);
    g_assert_cmphex(rd(&f.g, A_PFIFO_INTR_EN_0), ==, 0xffffffff);      /* not written */
    expect_fault_access(&f, f.bad.inst, out, NV_FAULT_UNSUPPORTED_APERTURE, NV_MMU_ENG_GR,
                        NV_FAULT_ACCESS_VIRT_WRITE);
    expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    g_free(detail);
    detail = g_strdup_printf("channel 8: 0x%" PRIx64 " maps to missing memory 0x%" PRIx64,
                             out, page + (A_PFIFO_INTR_EN_0 & 0xfffu));
    sm = g_strdup_printf("channel 8: compute: MMU fault at pc 0x%" PRIx64,
                         (uint64_t)DATA_VA + CODE_OFF + 0xd0);
    expect_kinds(&f, (const Kind[]) { { "mem_unbacked", 1, detail }, { "sm_mmu", 1, sm },
                                      { NULL } });
    expect_clear_recovers(&f, &f.bad);
    expect_vadd_works(&f);
    fx_stop(&f);
}

static void test_qmd(void)
{
    Fx f;

    fx_start_compute(&f, NULL);
    for (unsigned i = 0; i < 6; i++) {
        uint32_t q[NV_QMD_DWORDS];
        const char *why;
        g_autofree char *detail = NULL;

        qmd_init(q, &f.bad, DATA_VA + CODE_OFF, 0xdead);
        why = break_qmd(q, i);
        launch(&f, &f.bad, q);
        expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
        detail = g_strdup_printf("channel 8: compute: QMD at 0x%" PRIx64 ": %s",
                                 (uint64_t)(DATA_VA + QMD_OFF), why);
        expect_kind(&f, "qmd_invalid", 1, detail);
        expect_clear_recovers(&f, &f.bad);
    }
    expect_vadd_works(&f);
    fx_stop(&f);
}

/* An MMU fault of the SM: a record with GR's engine id, no trap; the channel engine-faulted. */
static void expect_sm_mmu(Fx *f, uint64_t va, bool write, uint64_t pc)
{
    g_autofree char *fault = g_strdup_printf("channel 8: MMU fault at 0x%" PRIx64
                                             " (reason 0, engine 0x40)", va);
    g_autofree char *sm = g_strdup_printf("channel 8: compute: MMU fault at pc 0x%" PRIx64, pc);

    expect_fault(f, f->bad.inst, va, NV_FAULT_PDE, NV_MMU_ENG_GR, write);
    expect_faulted(f, &f->bad, R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    expect_kinds(f, (const Kind[]) { { "mmu_fault_gr", 1, fault }, { "sm_mmu", 1, sm },
                                     { NULL } });
    expect_clear_recovers(f, &f->bad);
}

static void test_sm_mmu(void)
{
    uint32_t q[NV_QMD_DWORDS];
    Fx f;

    fx_start_compute(&f, NULL);
    /* the program itself lies where nothing is mapped */
    qmd_init(q, &f.bad, HOLE_VA, 0xdead);
    launch(&f, &f.bad, q);
    expect_sm_mmu(&f, HOLE_VA, false, HOLE_VA);
    /* vadd storing its sums where nothing is mapped (STG at +0xd0) */
    write_cb0(&f, HOLE_VA);
    qmd_init(q, &f.bad, DATA_VA + CODE_OFF, 0xdead);
    launch(&f, &f.bad, q);
    expect_sm_mmu(&f, HOLE_VA, true, DATA_VA + CODE_OFF + 0xd0);
    expect_vadd_works(&f);
    fx_stop(&f);
}

/* An SM exception: GR's trap tree, (b) and (c), then recovery. */
static void expect_sm_trap(Fx *f, uint32_t warp_err, uint32_t global_err, const char *kind,
                           const char *what, uint64_t pc)
{
    g_autofree char *detail = g_strdup_printf("channel 8: compute: %s at pc 0x%" PRIx64,
                                              what, pc);

    expect_gr_trap(f, &f->bad, warp_err, global_err);
    expect_kind(f, kind, 1, detail);
    expect_clear_recovers(f, &f->bad);
}

static void test_illegal(void)
{
    const uint64_t pc = DATA_VA + PROG_OFF;
    Fx f;

    fx_start_compute(&f, NULL);
    launch_program(&f, prog_illegal, sizeof(prog_illegal));
    expect_sm_trap(&f, NV_SM_WARP_ERR_ILLEGAL_INSTR_ENCODING, 0, "sm_illegal_insn",
                   "illegal instruction", pc);
    launch_program(&f, prog_trap, sizeof(prog_trap));
    expect_sm_trap(&f, 0, NV_SM_GLOBAL_ERR_BPT_INT, "sm_trap", "trap", pc);
    expect_vadd_works(&f);
    fx_stop(&f);
}

static void test_sm_address(void)
{
    const uint64_t pc = DATA_VA + PROG_OFF;
    uint32_t q[NV_QMD_DWORDS];
    Fx f;

    fx_start_compute(&f, NULL);
    launch_program(&f, prog_shared, sizeof(prog_shared));     /* no shared memory */
    expect_sm_trap(&f, NV_SM_WARP_ERR_OOR_ADDR, 0, "sm_oor_addr", "out-of-range address", pc);
    launch_program(&f, prog_local, sizeof(prog_local));       /* no local memory */
    expect_sm_trap(&f, NV_SM_WARP_ERR_OOR_ADDR, 0, "sm_oor_addr", "out-of-range address", pc);
    /* vadd's 4-byte stores at c + 2 */
    write_cb0(&f, DATA_VA + C_OFF + 2);
    qmd_init(q, &f.bad, DATA_VA + CODE_OFF, 0xdead);
    launch(&f, &f.bad, q);
    expect_sm_trap(&f, NV_SM_WARP_ERR_MISALIGNED_ADDR, 0, "sm_misaligned", "misaligned address",
                   DATA_VA + CODE_OFF + 0xd0);
    expect_vadd_works(&f);
    fx_stop(&f);
}

/*
 * The watchdog (sm-budget warp-instructions) ends an endless loop with GR's
 * TIMEOUT. A CTA waiting at a barrier for more threads than it has is
 * stopped as a deadlock, reported with the same TIMEOUT code: the hardware
 * would sit in it until its watchdog.
 */
static void test_watchdog(void)
{
    const uint64_t pc = DATA_VA + PROG_OFF;
    Fx f;

    fx_start_compute(&f, "-global nvidia-gpu.sm-budget=100000");
    launch_program(&f, prog_spin, sizeof(prog_spin));
    expect_sm_trap(&f, 0, NV_SM_GLOBAL_ERR_TIMEOUT, "sm_timeout",
                   "instruction budget exhausted", pc);
    launch_program(&f, prog_barrier, sizeof(prog_barrier));   /* 32 threads, waits for 64 */
    expect_sm_trap(&f, 0, NV_SM_GLOBAL_ERR_TIMEOUT, "sm_barrier", "barrier deadlock", pc);
    expect_vadd_works(&f);
    fx_stop(&f);
}

/* ---- F22: copy-engine and inline-to-memory launches ---- */

static void expect_launch_error(Fx *f, const char *kind, const char *detail)
{
    expect_launcherr(f, &f->bad);
    expect_kind(f, kind, 1, detail);
    expect_clear_recovers(f, &f->bad);
}

/* Inline-to-memory: one line of len bytes to DATA_VA (not submitted). */
static void i2m_launch(NvTestChan *ch, uint32_t len)
{
    uint32_t geom[] = { len, 1, 0, (uint32_t)DATA_VA };

    nvch_mthd1(ch, 2, A_C46F_SET_OBJECT, NV_CLASS_KEPLER_INLINE_TO_MEMORY_B);
    nvch_mthd(ch, 2, A_A140_LINE_LENGTH_IN, 4, geom);
    nvch_mthd1(ch, 2, A_A140_LAUNCH_DMA, NV_FDP32(0, A140_LAUNCH_DMA, DST_MEMORY_LAYOUT,
                                                  A140_LAYOUT_PITCH));
}

static void test_ce(void)
{
    Fx f;

    fx_start(&f, NULL);
    ce_copy(&f.bad, DATA_VA, DATA_VA + 0x1000, 16, 1, 16, LAUNCH_PITCH | 3);
    nvch_submit(&f.bad);
    settle(&f);
    expect_launch_error(&f, "ce_launch_invalid",
                        "channel 8: CE: LAUNCH_DMA: reserved DATA_TRANSFER_TYPE");

    nvch_mthd1(&f.bad, 2, A_C46F_SET_OBJECT, NV_CLASS_KEPLER_INLINE_TO_MEMORY_B);
    nvch_mthd1(&f.bad, 2, A_A140_LOAD_INLINE_DATA, 0x1111);   /* nothing launched */
    nvch_submit(&f.bad);
    settle(&f);
    expect_launch_error(&f, "i2m_extra_data",
                        "channel 8: I2M: LOAD_INLINE_DATA beyond the launched size");

    /* a launch before the last one's data ends that one short (nouveau's GL driver does it) */
    i2m_launch(&f.bad, 8);
    nvch_mthd1(&f.bad, 2, A_A140_LOAD_INLINE_DATA, 0x1111);    /* one dword of two */
    i2m_launch(&f.bad, 4);
    nvch_mthd1(&f.bad, 2, A_A140_LOAD_INLINE_DATA, 0x2222);
    nvch_submit(&f.bad);
    settle(&f);
    expect_kind(&f, "i2m_launch_busy", 1, "channel 8: I2M: LAUNCH_DMA before the previous "
                "data: that transfer ends short");
    g_assert_cmphex(rd(&f.g, A_CE_INTR_STATUS(LCE_BAD)), ==, 0);
    g_assert_cmphex(vram_read32(&f.g, DATA_PA), ==, 0x2222);

    /* two lines 2 GiB apart: the second lies beyond the mapping */
    ce_copy(&f.bad, DATA_VA, DATA_VA + 0x1000, 16, 2, 0x80000000, ce_transfer());
    nvch_submit(&f.bad);
    settle(&f);
    expect_fault(&f, f.bad.inst, DATA_VA + 0x1000 + 0x80000000ull, NV_FAULT_PDE,
                 NV_MMU_ENG_CE0 + LCE_BAD, true);
    expect_faulted(&f, &f.bad, R_PCCSR_CHANNEL_ENG_FAULTED_MASK);
    expect_kind(&f, "mmu_fault_ce", 1, "channel 8: MMU fault at 0x80801000 (reason 0, "
                "engine 0xf)");
    expect_clear_recovers(&f, &f.bad);
    fx_stop(&f);
}

/* ---- F23: BAR0 registers and the PRAMIN window ---- */

#define UNIMP_REG   0x00f000        /* no unit lives there */

static void expect_in_log(Fx *f, const char *needle)
{
    g_autofree char *text = read_log(f);

    g_assert_nonnull(strstr(text, needle));
}

/* Unimplemented registers and access sizes are LOG_UNIMP, not guest errors. */
static void test_unimp(void)
{
    uint32_t window;
    Fx f;

    fx_start(&f, NULL);
    g_assert_cmphex(rd(&f.g, UNIMP_REG), ==, 0);
    wr(&f.g, UNIMP_REG, 0xdead);
    g_assert_cmphex(rd(&f.g, UNIMP_REG), ==, 0);
    expect_in_log(&f, "nvidia-gpu: BAR0 0x00f000 size 4: unimplemented read 0x0\n");
    expect_in_log(&f, "nvgpu_unimp_read BAR0 0x00f000 size 4: unimplemented read\n");
    expect_in_log(&f, "nvidia-gpu: BAR0 0x00f000 size 4: unimplemented write 0xdead\n");
    expect_in_log(&f, "nvgpu_unimp_write BAR0 0x00f000 size 4: unimplemented write 0xdead\n");
    /* registers take 32-bit writes only: a 16-bit one is dropped */
    window = rd(&f.g, A_PBUS_BAR0_WINDOW);
    qpci_io_writew(f.g.dev, f.g.bar0, A_PBUS_BAR0_WINDOW, 0x1234);
    g_assert_cmphex(rd(&f.g, A_PBUS_BAR0_WINDOW), ==, window);
    expect_in_log(&f, "nvidia-gpu: BAR0 0x001700 size 2: unimplemented write 0x1234\n");
    expect_in_log(&f, "nvgpu_unimp_write BAR0 0x001700 size 2: unimplemented write 0x1234\n");
    expect_counts(&f);
    expect_works(&f, &f.good);
    expect_recovered(&f, &f.bad, mark(&f, &f.bad));
    fx_stop(&f);
}

/* A PRAMIN read and write through a bad window: the read is 0, the write lands nowhere. */
static void pramin_probe(Fx *f, uint32_t window)
{
    wr(&f->g, A_PBUS_BAR0_WINDOW, window);
    g_assert_cmphex(rd(&f->g, NV_PRAMIN_BASE), ==, 0);
    wr(&f->g, NV_PRAMIN_BASE, 0x1111);
}

static void test_pramin(void)
{
    Fx f;

    fx_start(&f, NULL);
    vram_write32(&f.g, 0, 0xfeedface);
    pramin_probe(&f, (1u << 30) >> NV_BAR0_WINDOW_SHIFT);          /* at 1 GiB: past VRAM */
    expect_kind(&f, "pramin_range", 2, "PRAMIN: VRAM address 0x40000000 beyond 1024 MiB");
    pramin_probe(&f, 1u << R_PBUS_BAR0_WINDOW_TARGET_SHIFT);        /* target 1 at 0 */
    expect_kind(&f, "pramin_target", 2, "PRAMIN: invalid window target 1");
    /* the window onto VRAM works, and the dropped writes left VRAM alone */
    g_assert_cmphex(vram_read32(&f.g, 0), ==, 0xfeedface);
    expect_works(&f, &f.good);
    expect_recovered(&f, &f.bad, mark(&f, &f.bad));
    fx_stop(&f);
}

/* ---- G15: an error storm ---- */

#define STORM       10000

static void test_storm(void)
{
    QDict *resp;
    Fx f;

    fx_start(&f, NULL);
    for (unsigned i = 0; i < STORM; i++) {
        wr(&f.g, A_USERMODE_DOORBELL, 100);
    }
    resp = qtest_qmp(f.g.qts, "{'execute': 'query-status'}");
    g_assert_true(qdict_get_bool(qdict_get_qdict(resp, "return"), "running"));
    qobject_unref(resp);
    expect_sched_error(&f, NV_SCHED_ERROR_BAD_TSG);
    expect_kind(&f, "doorbell_no_channel", STORM,
                "doorbell 0x00000064: no bound channel 100 on runlist 0");
    ack_all(&f);
    expect_works(&f, &f.good);
    expect_recovered(&f, &f.bad, mark(&f, &f.bad));
    fx_stop(&f);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        void (*fn)(void);
    } tests[] = {
        { "f1-gpptr", test_gpptr }, { "f2-gpentry", test_gpentry },
        { "f3-pb-unmapped", test_pb_unmapped }, { "f3-pb-mmio", test_pb_mmio },
        { "f4-pbentry", test_pbentry }, { "f5-methods", test_methods },
        { "f6-semaphore", test_semaphore }, { "f8-ramfc", test_ramfc },
        { "f9-runlist", test_runlist }, { "f10-tables", test_tables },
        { "f10-bars", test_bars }, { "f11-read-only", test_read_only },
        { "f12-mmio", test_mmio },
        { "f12-mmio-structures", test_mmio_structures }, { "f13-qmd", test_qmd }, { "f14-sm-mmu", test_sm_mmu },
        { "f15-illegal", test_illegal }, { "f18-sm-address", test_sm_address },
        { "f21-watchdog", test_watchdog }, { "f22-ce", test_ce }, { "f23-unimp", test_unimp },
        { "f23-pramin", test_pramin }, { "storm", test_storm },
    };

    g_test_init(&argc, &argv, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(tests); i++) {
        g_autofree char *path = g_strdup_printf("/nvidia-gpu/fault/%s", tests[i].name);

        qtest_add_func(path, tests[i].fn);
    }
    return g_test_run();
}
