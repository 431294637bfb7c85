/*
 * nvidia-gpu: QEMU PCI Express device presenting the nvqemu GPU model
 * (an NVIDIA Turing TU104, the chip of the Tesla T4).
 *
 * This file is the only glue between QEMU and the model core: PCI identity,
 * BARs and the expansion ROM, MSI/INTx, properties, the alarm timer, DMA,
 * the host (FIFO) thread, reset and the migration blocker. The model itself
 * lives in hw/nvidia/gpu.
 *
 * Locking: the core is single-threaded by contract, so every call into it
 * holds s->lock, except reads of the PTIMER counter, which the guest polls
 * and the core makes safe without it (nvgpu_bar0_read_time). The order is
 * BQL, then s->lock: MMIO handlers, bottom halves and timers (BQL held)
 * take s->lock; the host thread takes only s->lock, never the BQL (its DMA
 * is RAM-only with MemTxAttrs.memory, which QEMU refuses before it would
 * take the BQL for MMIO), so nothing can deadlock. The host thread holds
 * s->lock for one channel slice at a time (it lets go between slices of
 * nvgpu_host_work); a slice ends within about 1 ms of host time, and at
 * once when another thread waits for the lock (model_lock tells the model
 * first), so an MMIO access waits for little more than a pushbuffer chunk
 * or an SM quantum. MMIO never waits for work to finish (a doorbell only
 * records it and wakes the thread).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/atomic.h"
#include "qemu/log.h"
#include "qemu/main-loop.h"
#include "qemu/module.h"
#include "qemu/rcu.h"
#include "qemu/thread.h"
#include "qemu/timer.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qapi/visitor.h"
#include "hw/pci/msi.h"
#include "hw/pci/pci_device.h"
#include "hw/pci/pcie.h"
#include "hw/qdev-properties.h"
#include "migration/blocker.h"
#include "qom/object.h"
#include "hw/nvidia/nvgpu.h"
#include "hw/nvidia/nv-regs.h"
#include "hw/nvidia/nvidia-gpu.h"
#include "hw/nvidia/sm/sm.h"
#include "hw/oot/nvidia/qemu/trace-hw_nvidia.h"
#include "nvidia-bar1.h"
#include "nvidia-display.h"

OBJECT_DECLARE_SIMPLE_TYPE(NvidiaGpuState, NVIDIA_GPU)

struct NvidiaGpuState {
    PCIDevice parent_obj;

    MemoryRegion bar0;
    MemoryRegion bar1;          /* a container: bar1_io below, VRAM aliases above */
    MemoryRegion bar1_io;
    NvidiaBar1Map bar1_map;     /* translated BAR1 pages mapped onto VRAM */
    MemoryRegion bar3;
    MemoryRegion rom;
    NvGpu *gpu;
    QEMUTimer *alarm;
    QEMUTimer *host_timer;
    QEMUBH *irq_bh;
    QEMUBH *host_bh;
    uint32_t irq_edges_seen;
    QemuMutex lock;             /* serialises every call into s->gpu */
    QemuThread host;            /* host-thread=on: runs nvgpu_host_work */
    QemuEvent host_wake;        /* set by kicks; the thread sleeps on it */
    bool host_running;
    bool host_stop;
    bool sync_ready;            /* lock and host_wake are initialised */
    Error *migration_blocker;
    NvidiaDisplay display;      /* display=on: the console, vblank timer, EDID */
    /* Guest errors without -d guest_errors: the first of each kind, then a count a minute */
    int64_t err_reported_us[NV_ERR_COUNT];   /* 0: none reported yet */
    uint64_t err_reported_count[NV_ERR_COUNT];

    /* properties */
    uint64_t vram_size;
    uint64_t bar1_size;
    uint32_t gpcs;
    uint32_t tpcs_per_gpc;
    uint32_t sms_per_tpc;
    uint32_t sm_threads;
    uint64_t sm_budget;
    uint64_t sm_max_hostmem;
    bool sm_trace;
    bool host_thread;
    bool display_on;
};

/* ---- platform services for the model ---- */

static uint64_t plat_time_ns(void *opaque)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static void plat_timer_arm(void *opaque, uint64_t deadline)
{
    NvidiaGpuState *s = opaque;

    timer_mod(s->alarm, deadline);
}

static void plat_timer_cancel(void *opaque)
{
    NvidiaGpuState *s = opaque;

    timer_del(s->alarm);
}

static void plat_bar_unmap(void *opaque)
{
    NvidiaGpuState *s = opaque;

    nvidia_bar1_unmap(&s->bar1_map);
}

static void plat_disp_timer_arm(void *opaque, uint64_t deadline)
{
    NvidiaGpuState *s = opaque;

    nvidia_display_timer_arm(&s->display, deadline);
}

/* May be called from any thread: the bottom half drives the line under the BQL. */
static void plat_irq_update(void *opaque)
{
    NvidiaGpuState *s = opaque;

    qemu_bh_schedule(s->irq_bh);
}

/* DMA may only reach RAM: a descriptor aimed at MMIO fails instead of re-entering. */
static bool plat_dma(NvidiaGpuState *s, uint64_t addr, void *buf, size_t len,
                     DMADirection dir)
{
    MemTxAttrs attrs = { .memory = 1 };

    return pci_dma_rw(PCI_DEVICE(s), addr, buf, len, dir, attrs) == MEMTX_OK;
}

static bool plat_dma_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
    return plat_dma(opaque, addr, buf, len, DMA_DIRECTION_TO_DEVICE);
}

static bool plat_dma_write(void *opaque, uint64_t addr, const void *buf, size_t len)
{
    return plat_dma(opaque, addr, (void *)buf, len, DMA_DIRECTION_FROM_DEVICE);
}

/* Each kind of guest error of the catalogue (nv-errors.h) fires its own trace event. */
static void (*const guest_error_events[NV_ERR_COUNT])(const char *msg) = {
#define ERR_EVENT(kind, name, what) [NV_ERR_##kind] = trace_nvgpu_err_##name,
    NV_GUEST_ERRORS(ERR_EVENT)
#undef ERR_EVENT
};

#define ERR_REPORT_INTERVAL_US  (60 * G_USEC_PER_SEC)

/*
 * Without -d guest_errors the host still hears of guest errors, but a guest
 * cannot flood it: the first error of each kind is reported with its
 * detail, later ones as a count at most once a minute per kind. Called
 * with s->lock held (every call into the model holds it).
 */
static void report_guest_error(NvidiaGpuState *s, unsigned kind, const char *msg)
{
    const char *name = nvgpu_guest_error_name(kind);
    uint64_t count = s->gpu ? nvgpu_guest_error_count(s->gpu, kind) : 0;
    int64_t now = g_get_monotonic_time();

    if (!s->err_reported_us[kind]) {
        warn_report("nvidia-gpu: guest error %s: %s (reported once a minute per kind; "
                    "-d guest_errors logs every one, QOM property guest-errors counts them)",
                    name, msg);
    } else if (now - s->err_reported_us[kind] >= ERR_REPORT_INTERVAL_US &&
               count > s->err_reported_count[kind]) {
        warn_report("nvidia-gpu: %" PRIu64 " more guest errors %s, the last: %s",
                    count - s->err_reported_count[kind], name, msg);
    } else {
        return;
    }
    s->err_reported_us[kind] = now;
    s->err_reported_count[kind] = count;
}

static void plat_guest_error(void *opaque, unsigned kind, const char *msg)
{
    NvidiaGpuState *s = opaque;

    if (kind >= NV_ERR_COUNT) {
        return;
    }
    guest_error_events[kind](msg);
    if (qemu_loglevel_mask(LOG_GUEST_ERROR)) {
        qemu_log("nvidia-gpu: %s: %s\n", nvgpu_guest_error_name(kind), msg);
    } else {
        report_guest_error(s, kind, msg);
    }
}

/*
 * SM workers reach system memory through pci_dma_rw (page walks, global
 * memory), which reads the FlatView under RCU: a worker must be an RCU
 * reader, or a guest remapping a BAR meanwhile could free the view under it.
 */
static void plat_thread_start(void *opaque)
{
    rcu_register_thread();
}

static void plat_thread_stop(void *opaque)
{
    rcu_unregister_thread();
}

/* Called from SM worker threads: a trace event only (thread-safe, no BQL). */
static void plat_sm_trace(void *opaque, const char *line)
{
    trace_nvgpu_sm_insn(line);
}

static void plat_unimp(void *opaque, bool is_write, uint32_t offset, unsigned size,
                       uint32_t value)
{
    qemu_log_mask(LOG_UNIMP, "nvidia-gpu: BAR0 0x%06x size %u: unimplemented %s 0x%x\n",
                  offset, size, is_write ? "write" : "read", value);
    if (is_write) {
        trace_nvgpu_unimp_write(offset, size, value);
    } else {
        trace_nvgpu_unimp_read(offset, size);
    }
}

static void plat_unimp_method(void *opaque, uint32_t chid, const char *cls, const char *mthd,
                              uint32_t offset, uint32_t data)
{
    qemu_log_mask(LOG_UNIMP, "nvidia-gpu: channel %u: %s.%s (0x%04x) = 0x%08x stored, "
                  "not executed (reported once)\n", chid, cls, mthd, offset, data);
    trace_nvgpu_unimp_method(chid, cls, mthd, offset, data);
}

/* The model core's trace points, while QEMU's events are enabled (nv-trace.h). */
static void trace_pb_fetch(const NvTraceRecord *r)
{
    char hex[NV_TRACE_PB_MAX_DWORDS * 9 + 1];
    uint32_t n = MIN(r->pb.count, NV_TRACE_PB_MAX_DWORDS);

    for (uint32_t i = 0; i < n; i++) {
        snprintf(hex + i * 9, sizeof(hex) - i * 9, "%08x%s", r->pb.dwords[i],
                 i + 1 < n ? " " : "");
    }
    hex[n ? n * 9 - 1 : 0] = 0;
    trace_nvgpu_pb_fetch(r->pb.chid, r->pb.va, n, hex);
}

static void plat_trace(void *opaque, const NvTraceRecord *r)
{
    switch (r->id) {
    case NV_TRACE_METHOD:
        trace_nvgpu_method(r->method.chid, r->method.subch, r->method.cls_name,
                           r->method.mthd_name, r->method.mthd, r->method.data);
        break;
    case NV_TRACE_MME_METHOD:
        trace_nvgpu_mme_method(r->method.chid, r->method.cls_name, r->method.mthd_name,
                               r->method.mthd, r->method.data);
        break;
    case NV_TRACE_DISP_METHOD:
        trace_nvgpu_disp_method(r->method.chid, r->method.cls_name, r->method.mthd_name,
                                r->method.mthd, r->method.data);
        break;
    case NV_TRACE_GPFIFO:
        trace_nvgpu_gpfifo(r->gpfifo.chid, r->gpfifo.gp_get, r->gpfifo.va, r->gpfifo.dwords,
                           r->gpfifo.entry0, r->gpfifo.entry1);
        break;
    case NV_TRACE_PB_FETCH:
        trace_pb_fetch(r);
        break;
    case NV_TRACE_RUNLIST:
        trace_nvgpu_runlist(r->runlist.runlist, r->runlist.base, r->runlist.count);
        break;
    case NV_TRACE_DOORBELL:
        trace_nvgpu_doorbell(r->doorbell.chid, r->doorbell.runlist);
        break;
    case NV_TRACE_INTR:
        trace_nvgpu_intr(r->intr.unit, r->intr.bits, r->intr.raised ? "raised" : "cleared");
        break;
    case NV_TRACE_MMU_FAULT:
        trace_nvgpu_mmu_fault(r->fault.inst, r->fault.va, r->fault.reason, r->fault.access,
                              r->fault.engine);
        break;
    case NV_TRACE_LAUNCH:
        trace_nvgpu_launch(r->launch.chid, r->launch.qmd, r->launch.entry, r->launch.grid[0],
                           r->launch.grid[1], r->launch.grid[2], r->launch.block[0],
                           r->launch.block[1], r->launch.block[2]);
        break;
    case NV_TRACE_COUNT:
        break;
    }
}

/*
 * Host (FIFO) work runs on the host thread, or with host-thread=off in
 * bottom halves of the main loop, a bounded batch each. Called with s->lock
 * held, from any thread.
 */
static void plat_host_kick(void *opaque)
{
    NvidiaGpuState *s = opaque;

    if (s->host_running) {
        qemu_event_set(&s->host_wake);
    } else {
        qemu_bh_schedule(s->host_bh);
    }
}

static void plat_host_kick_at(void *opaque, uint64_t deadline)
{
    NvidiaGpuState *s = opaque;

    timer_mod(s->host_timer, deadline);
}

/* On the host thread, between two slices: MMIO waits at most for one slice. */
static void plat_host_yield(void *opaque)
{
    NvidiaGpuState *s = opaque;

    if (s->host_running && qemu_thread_is_self(&s->host)) {
        qemu_mutex_unlock(&s->lock);
        g_thread_yield();       /* a chance for a waiting vCPU to take the lock first */
        qemu_mutex_lock(&s->lock);
    }
}

static bool host_work_locked(NvidiaGpuState *s)
{
    QEMU_LOCK_GUARD(&s->lock);
    trace_nvgpu_host_work();
    return nvgpu_host_work(s->gpu);
}

/* The main-loop host (host-thread=off), and the parked-acquire poll timer. */
static void nvgpu_host_bh(void *opaque)
{
    NvidiaGpuState *s = opaque;

    if (s->host_running) {
        qemu_event_set(&s->host_wake);
    } else if (host_work_locked(s)) {
        qemu_bh_schedule(s->host_bh);   /* more: after the main loop had its turn */
    }
}

/* The host thread: a batch of slices while there is work, else sleep until kicked. */
static void *nvgpu_host_thread(void *opaque)
{
    NvidiaGpuState *s = opaque;

    rcu_register_thread();
    while (!qatomic_read(&s->host_stop)) {
        qemu_event_reset(&s->host_wake);
        if (!host_work_locked(s)) {
            qemu_event_wait(&s->host_wake);
        }
    }
    rcu_unregister_thread();
    return NULL;
}

static void nvgpu_host_thread_stop(NvidiaGpuState *s)
{
    if (s->host_running) {
        qatomic_set(&s->host_stop, true);
        qemu_event_set(&s->host_wake);
        qemu_thread_join(&s->host);
        s->host_running = false;
    }
}

/*
 * s->lock for a call from MMIO, a timer, a bottom half or reset: when the
 * host thread holds it, the model is told first, so the work in progress
 * ends at its next check (a pushbuffer chunk, an SM quantum) instead of
 * at its budget, and the caller waits for little more than that.
 */
typedef NvidiaGpuState ModelLock;

static ModelLock *model_lock(NvidiaGpuState *s)
{
    if (qemu_mutex_trylock(&s->lock) != 0) {
        nvgpu_lock_wait_begin(s->gpu);
        qemu_mutex_lock(&s->lock);
        nvgpu_lock_wait_end(s->gpu);
    }
    return s;
}

static void model_unlock(ModelLock *s)
{
    qemu_mutex_unlock(&s->lock);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC(ModelLock, model_unlock)
#define MODEL_LOCK_GUARD(s) \
    g_autoptr(ModelLock) model_lock_guard_ G_GNUC_UNUSED = model_lock(s)

/* The display glue's lock around its calls into the model. */
static void display_lock(void *opaque)
{
    model_lock(opaque);
}

static void display_unlock(void *opaque)
{
    model_unlock(opaque);
}

static void nvgpu_alarm_cb(void *opaque)
{
    NvidiaGpuState *s = opaque;

    MODEL_LOCK_GUARD(s);
    nvgpu_timer_expired(s->gpu);
}

/* MSI on every rising edge of the model's line; INTx follows the level. */
static void nvgpu_irq_bh(void *opaque)
{
    NvidiaGpuState *s = opaque;
    PCIDevice *pdev = PCI_DEVICE(s);
    uint32_t edges;
    bool level;

    model_lock(s);
    edges = nvgpu_irq_edges(s->gpu);
    level = nvgpu_irq_level(s->gpu);
    model_unlock(s);

    if (msi_enabled(pdev)) {
        pci_set_irq(pdev, 0);
        if (edges != s->irq_edges_seen) {
            trace_nvgpu_msi(edges);
            msi_notify(pdev, 0);
        }
    } else {
        trace_nvgpu_irq_level(level);
        pci_set_irq(pdev, level);
    }
    s->irq_edges_seen = edges;
}

/* ---- BARs ---- */

static uint64_t bar0_read(void *opaque, hwaddr addr, unsigned size)
{
    NvidiaGpuState *s = opaque;
    uint32_t time;

    /* the polled counter never waits for the host thread */
    if (nvgpu_bar0_read_time(s->gpu, addr, size, &time)) {
        return time;
    }
    MODEL_LOCK_GUARD(s);
    return nvgpu_bar0_read(s->gpu, addr, size);
}

static void bar0_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    NvidiaGpuState *s = opaque;

    MODEL_LOCK_GUARD(s);
    nvgpu_bar0_write(s->gpu, addr, val, size);
}

static const MemoryRegionOps bar0_ops = {
    .read = bar0_read,
    .write = bar0_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 4 },
    .impl = { .min_access_size = 1, .max_access_size = 4 },
};

/* BAR1 and BAR3 (NVIDIA's BAR2): apertures translated by the GPU MMU. */
static uint64_t aperture_read(NvidiaGpuState *s, unsigned bar, hwaddr addr, unsigned size)
{
    MODEL_LOCK_GUARD(s);
    return nvgpu_bar_read(s->gpu, bar, addr, size);
}

static void aperture_write(NvidiaGpuState *s, unsigned bar, hwaddr addr, uint64_t val,
                           unsigned size)
{
    MODEL_LOCK_GUARD(s);
    nvgpu_bar_write(s->gpu, bar, addr, val, size);
}

static uint64_t bar1_read(void *opaque, hwaddr addr, unsigned size)
{
    NvidiaGpuState *s = opaque;
    uint64_t v = aperture_read(s, 1, addr, size);

    MODEL_LOCK_GUARD(s);
    nvidia_bar1_touch(&s->bar1_map, addr);
    return v;
}

static void bar1_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    NvidiaGpuState *s = opaque;

    aperture_write(s, 1, addr, val, size);
    MODEL_LOCK_GUARD(s);
    nvidia_bar1_touch(&s->bar1_map, addr);     /* the next accesses there go to RAM */
}

static uint64_t bar3_read(void *opaque, hwaddr addr, unsigned size)
{
    return aperture_read(opaque, 2, addr, size);
}

static void bar3_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    aperture_write(opaque, 2, addr, val, size);
}

#define APERTURE_OPS(rd, wr) {                                      \
    .read = rd,                                                     \
    .write = wr,                                                    \
    .endianness = DEVICE_LITTLE_ENDIAN,                             \
    .valid = { .min_access_size = 1, .max_access_size = 8 },       \
    .impl = { .min_access_size = 1, .max_access_size = 8 },         \
}

static const MemoryRegionOps bar1_ops = APERTURE_OPS(bar1_read, bar1_write);
static const MemoryRegionOps bar3_ops = APERTURE_OPS(bar3_read, bar3_write);

/* ---- device lifecycle ---- */

static bool nvgpu_init_rom(NvidiaGpuState *s, Error **errp)
{
    size_t len;
    const uint8_t *image = nvgpu_rom(s->gpu, &len);

    if (!memory_region_init_rom(&s->rom, OBJECT(s), "nvidia-gpu.rom",
                                pow2ceil(len), errp)) {
        return false;
    }
    memcpy(memory_region_get_ram_ptr(&s->rom), image, len);
    pci_register_bar(PCI_DEVICE(s), PCI_ROM_SLOT, 0, &s->rom);
    return true;
}

/* The board: a Quadro RTX 4000 with its display, or the headless Tesla T4. */
static const NvChipProfile *nvgpu_chip(NvidiaGpuState *s)
{
    return s->display_on ? &nv_chip_tu104_display : &nv_chip_tu104;
}

/* PCI identity, BARs, the expansion ROM and the capabilities. */
static bool nvgpu_init_pci(NvidiaGpuState *s, Error **errp)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    const uint8_t bar64_pref = PCI_BASE_ADDRESS_SPACE_MEMORY |
        PCI_BASE_ADDRESS_MEM_TYPE_64 | PCI_BASE_ADDRESS_MEM_PREFETCH;

    const NvChipProfile *chip = nvgpu_chip(s);

    pci_config_set_interrupt_pin(pdev->config, 1);
    pci_config_set_device_id(pdev->config, chip->pci_device);
    pci_config_set_class(pdev->config, chip->pci_class >> 8);
    pci_config_set_prog_interface(pdev->config, chip->pci_class & 0xff);
    pci_set_word(pdev->config + PCI_SUBSYSTEM_VENDOR_ID, chip->subsys_vendor);
    pci_set_word(pdev->config + PCI_SUBSYSTEM_ID, chip->subsys_device);

    memory_region_init_io(&s->bar0, OBJECT(s), &bar0_ops, s, "nvidia-gpu-bar0",
                          NV_BAR0_SIZE);
    pci_register_bar(pdev, NVIDIA_GPU_BAR_REGS, PCI_BASE_ADDRESS_SPACE_MEMORY, &s->bar0);
    memory_region_init(&s->bar1, OBJECT(s), "nvidia-gpu-bar1", s->bar1_size);
    memory_region_init_io(&s->bar1_io, OBJECT(s), &bar1_ops, s,
                          "nvidia-gpu-bar1-mmio", s->bar1_size);
    memory_region_add_subregion_overlap(&s->bar1, 0, &s->bar1_io, 0);
    nvidia_bar1_init(&s->bar1_map, OBJECT(s), &s->bar1, s->gpu);
    pci_register_bar(pdev, NVIDIA_GPU_BAR_FB, bar64_pref, &s->bar1);
    memory_region_init_io(&s->bar3, OBJECT(s), &bar3_ops, s,
                          "nvidia-gpu-bar3", NVIDIA_GPU_BAR3_SIZE);
    pci_register_bar(pdev, NVIDIA_GPU_BAR_INST, bar64_pref, &s->bar3);
    /* The VBIOS is generated from the chip profile; rombar=0 hides it. */
    if (pdev->romfile) {
        error_setg(errp, "nvidia-gpu: romfile is not supported: the device builds "
                   "its own VBIOS");
        return false;
    }
    if (pdev->rom_bar && !nvgpu_init_rom(s, errp)) {
        return false;
    }
    if (msi_init(pdev, NVIDIA_GPU_CAP_MSI, 1, true, false, errp) < 0) {
        return false;
    }
    if (pcie_endpoint_cap_init(pdev, NVIDIA_GPU_CAP_PCIE) < 0) {
        error_setg(errp, "nvidia-gpu: cannot add the PCI Express capability");
        return false;
    }
    return true;
}

static void nvgpu_teardown(NvidiaGpuState *s);

static void nvgpu_realize(PCIDevice *pdev, Error **errp)
{
    NvidiaGpuState *s = NVIDIA_GPU(pdev);
    NvGpuConfig cfg = {
        .chip = nvgpu_chip(s), .vram_size = s->vram_size, .gpcs = s->gpcs,
        .tpcs_per_gpc = s->tpcs_per_gpc, .sms_per_tpc = s->sms_per_tpc,
        .sm_threads = s->sm_threads, .sm_budget = s->sm_budget, .sm_trace = s->sm_trace,
        .sm_mem_max = s->sm_max_hostmem,
    };
    const NvPlatform plat = {
        .opaque = s, .time_ns = plat_time_ns, .timer_arm = plat_timer_arm,
        .timer_cancel = plat_timer_cancel, .irq_update = plat_irq_update,
        .disp_timer_arm = plat_disp_timer_arm, .bar_unmap = plat_bar_unmap,
        .dma_read = plat_dma_read, .dma_write = plat_dma_write,
        .guest_error = plat_guest_error, .unimp = plat_unimp,
        .unimp_method = plat_unimp_method,
        .host_kick = plat_host_kick, .host_kick_at = plat_host_kick_at,
        .host_yield = plat_host_yield,
        .sm_trace = plat_sm_trace,
        .trace = plat_trace,
        .thread_start = plat_thread_start, .thread_stop = plat_thread_stop,
        .trace_on = {
#define TRACE_STATE(id, name) [NV_TRACE_##id] = &_TRACE_NVGPU_##id##_DSTATE,
            NV_TRACES(TRACE_STATE)
#undef TRACE_STATE
        },
    };
    char why[160];

    if (!nvgpu_config_valid(&cfg, why, sizeof(why))) {
        error_setg(errp, "nvidia-gpu: %s", why);
        return;
    }
    if (!is_power_of_2(s->bar1_size) || s->bar1_size < NVIDIA_GPU_BAR1_MIN ||
        s->bar1_size > NVIDIA_GPU_BAR1_SIZE) {
        error_setg(errp, "nvidia-gpu: bar1-size must be a power of two from 16M to 256M");
        return;
    }
    qemu_mutex_init(&s->lock);
    qemu_event_init(&s->host_wake, false);
    s->sync_ready = true;
    s->alarm = timer_new_ns(QEMU_CLOCK_VIRTUAL, nvgpu_alarm_cb, s);
    s->host_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, nvgpu_host_bh, s);
    s->irq_bh = qemu_bh_new_guarded(nvgpu_irq_bh, s, &DEVICE(s)->mem_reentrancy_guard);
    s->host_bh = qemu_bh_new_guarded(nvgpu_host_bh, s, &DEVICE(s)->mem_reentrancy_guard);
    s->gpu = nvgpu_new(&cfg, &plat);
    if (!s->gpu) {
        error_setg(errp, "nvidia-gpu: cannot reserve %" PRIu64 " MiB of VRAM",
                   s->vram_size / MiB);
        goto fail;
    }
    if (!nvgpu_init_pci(s, errp)) {
        goto fail;
    }
    if (s->display_on) {
        s->display.gpu = s->gpu;
        s->display.lock = display_lock;
        s->display.unlock = display_unlock;
        s->display.opaque = s;
        nvidia_display_init(&s->display, DEVICE(s));
    }
    error_setg(&s->migration_blocker,
               "nvidia-gpu: migration of the GPU model is not supported yet");
    if (migrate_add_blocker(&s->migration_blocker, errp) < 0) {
        goto fail;
    }
    if (s->host_thread) {
        s->host_running = true;
        qemu_thread_create(&s->host, "nvgpu-host", nvgpu_host_thread, s,
                           QEMU_THREAD_JOINABLE);
    }
    return;

fail:
    nvgpu_teardown(s);
}

/* Undoes what realize did, as far as it got (realize's error path, unplug). */
static void nvgpu_teardown(NvidiaGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);

    nvgpu_host_thread_stop(s);
    nvidia_display_fini(&s->display);
    nvidia_bar1_fini(&s->bar1_map);
    /* a subregion refers to its owner: inside our own container, that is a cycle */
    if (s->bar1_io.container) {
        memory_region_del_subregion(&s->bar1, &s->bar1_io);
    }
    migrate_del_blocker(&s->migration_blocker);
    pcie_cap_exit(pdev);
    msi_uninit(pdev);
    nvgpu_free(s->gpu);
    s->gpu = NULL;
    g_clear_pointer(&s->alarm, timer_free);
    g_clear_pointer(&s->host_timer, timer_free);
    g_clear_pointer(&s->irq_bh, qemu_bh_delete);
    g_clear_pointer(&s->host_bh, qemu_bh_delete);
    if (s->sync_ready) {
        qemu_event_destroy(&s->host_wake);
        qemu_mutex_destroy(&s->lock);
        s->sync_ready = false;
    }
}

static void nvgpu_exit(PCIDevice *pdev)
{
    nvgpu_teardown(NVIDIA_GPU(pdev));
}

static void nvgpu_reset_hold(Object *obj, ResetType type)
{
    NvidiaGpuState *s = NVIDIA_GPU(obj);

    trace_nvgpu_reset();
    timer_del(s->host_timer);
    qemu_bh_cancel(s->host_bh);
    /* the host thread ends its slice at its next check; afterwards it finds no work */
    model_lock(s);
    nvgpu_reset(s->gpu);
    s->irq_edges_seen = nvgpu_irq_edges(s->gpu);
    model_unlock(s);
    pci_set_irq(PCI_DEVICE(s), 0);
}

static const Property nvgpu_props[] = {
    DEFINE_PROP_SIZE("vram-size", NvidiaGpuState, vram_size, 1 * GiB),
    DEFINE_PROP_SIZE("bar1-size", NvidiaGpuState, bar1_size, NVIDIA_GPU_BAR1_SIZE),
    DEFINE_PROP_UINT32("gpcs", NvidiaGpuState, gpcs, 1),
    DEFINE_PROP_UINT32("tpcs-per-gpc", NvidiaGpuState, tpcs_per_gpc, 2),
    DEFINE_PROP_UINT32("sms-per-tpc", NvidiaGpuState, sms_per_tpc, 2),
    DEFINE_PROP_UINT32("sm-threads", NvidiaGpuState, sm_threads, 2),
    DEFINE_PROP_UINT64("sm-budget", NvidiaGpuState, sm_budget, 0),
    DEFINE_PROP_SIZE("sm-max-hostmem", NvidiaGpuState, sm_max_hostmem, NV_SM_DEFAULT_MEM_MAX),
    DEFINE_PROP_BOOL("sm-trace", NvidiaGpuState, sm_trace, false),
    DEFINE_PROP_BOOL("host-thread", NvidiaGpuState, host_thread, true),
    DEFINE_PROP_BOOL("display", NvidiaGpuState, display_on, true),
    DEFINE_EDID_PROPERTIES(NvidiaGpuState, display.edid_info),
};

static const struct {
    const char *name, *help;
} nvgpu_prop_help[] = {
    { "vram-size", "video memory (power of two, 256M..32G); host memory is committed "
                   "only when the guest touches it" },
    { "bar1-size", "BAR1 aperture (power of two, 16M..256M; the T4 has 256M)" },
    { "gpcs", "enabled GPCs (1..6)" },
    { "tpcs-per-gpc", "enabled TPCs in each GPC (1..4)" },
    { "sms-per-tpc", "SMs in each TPC (1..2)" },
    { "sm-threads", "host threads executing SM work (1..64)" },
    { "sm-budget", "watchdog: warp-instructions a compute launch may execute before it is "
                   "stopped as a channel error (0: 2^27, about 2 s)" },
    { "sm-max-hostmem", "host memory compute launches may hold together (decoded code, CTA "
                        "state, local memory, constant banks); a launch needing more ends "
                        "with an SM resource error on its channel" },
    { "sm-trace", "trace every executed SM instruction (trace event nvgpu_sm_insn)" },
    { "host-thread", "run the host (FIFO) engine on its own thread; off runs it from "
                     "the main loop, deterministic (qtests, generic-fuzz)" },
    { "display", "on: a Quadro RTX 4000 (TU104GL, 10de:1eb1, VGA class) with one TMDS "
                 "output shown as a graphic console; off: the headless Tesla T4 "
                 "(10de:1eb8, 3D controller, display fused off) for compute" },
    { "xres", "the monitor's preferred width (EDID; 0: 1280)" },
    { "yres", "the monitor's preferred height (EDID; 0: 800)" },
    { "xmax", "the widest mode the monitor lists (EDID)" },
    { "ymax", "the tallest mode the monitor lists (EDID)" },
    { "refresh_rate", "the monitor's refresh rate in mHz (EDID; 0: 75000)" },
};

/* guest-errors: {kind: count} for every kind of the catalogue, since the device was made. */
static void nvgpu_get_guest_errors(Object *obj, Visitor *v, const char *name, void *opaque,
                                   Error **errp)
{
    NvidiaGpuState *s = NVIDIA_GPU(obj);
    bool ok = true;

    if (!visit_start_struct(v, name, NULL, 0, errp)) {
        return;
    }
    for (unsigned k = 0; k < NV_ERR_COUNT && ok; k++) {
        uint64_t n = s->gpu ? nvgpu_guest_error_count(s->gpu, k) : 0;

        ok = visit_type_uint64(v, nvgpu_guest_error_name(k), &n, errp);
    }
    if (ok) {
        visit_check_struct(v, errp);
    }
    visit_end_struct(v, NULL);
}

static void nvgpu_get_sm_hostmem(Object *obj, Visitor *v, const char *name, void *opaque,
                                 Error **errp)
{
    NvidiaGpuState *s = NVIDIA_GPU(obj);
    uint64_t used = s->gpu ? nvgpu_sm_mem_used(s->gpu) : 0;

    visit_type_uint64(v, name, &used, errp);
}

/* monitor-size: "WxH", what the monitor prefers (as when the UI's window is resized). */
static char *nvgpu_get_monitor_size(Object *obj, Error **errp)
{
    NvidiaGpuState *s = NVIDIA_GPU(obj);

    return g_strdup_printf("%ux%u", s->display.edid_info.prefx, s->display.edid_info.prefy);
}

static void nvgpu_set_monitor_size(Object *obj, const char *value, Error **errp)
{
    NvidiaGpuState *s = NVIDIA_GPU(obj);
    unsigned w, h;
    char end;

    if (!s->display.con) {
        error_setg(errp, "nvidia-gpu: monitor-size needs a realized device with display=on");
    } else if (sscanf(value, "%ux%u%c", &w, &h, &end) != 2 || w < 64 || h < 64 ||
               w > 8192 || h > 8192) {
        error_setg(errp, "nvidia-gpu: monitor-size wants WIDTHxHEIGHT, 64..8192 each");
    } else {
        nvidia_display_set_mode(&s->display, w, h);
    }
}

static void nvgpu_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    k->realize = nvgpu_realize;
    k->exit = nvgpu_exit;
    k->vendor_id = nv_chip_tu104.pci_vendor;
    k->device_id = nv_chip_tu104.pci_device;
    k->revision = nv_chip_tu104.boot0 & 0xff;
    k->class_id = nv_chip_tu104.pci_class >> 8;
    rc->phases.hold = nvgpu_reset_hold;
    dc->desc = "NVIDIA Turing TU104 GPU model (Quadro RTX 4000, or Tesla T4 with display=off)";
    device_class_set_props(dc, nvgpu_props);
    object_class_property_add(klass, "sm-hostmem-used", "uint64", nvgpu_get_sm_hostmem,
                              NULL, NULL, NULL);
    object_class_property_set_description(klass, "sm-hostmem-used",
                                          "host memory compute launches hold now (bytes)");
    object_class_property_add_str(klass, "monitor-size", nvgpu_get_monitor_size,
                                  nvgpu_set_monitor_size);
    object_class_property_set_description(klass, "monitor-size",
                                          "the mode the monitor prefers, WxH: setting it at "
                                          "run time plugs in a monitor with that mode (a new "
                                          "EDID and a hot-plug pulse), as resizing the UI's "
                                          "window does");
    object_class_property_add(klass, "guest-errors", "NvidiaGpuGuestErrors",
                              nvgpu_get_guest_errors, NULL, NULL, NULL);
    object_class_property_set_description(klass, "guest-errors",
                                          "guest errors per kind since the device was made "
                                          "(include/hw/nvidia/nv-errors.h)");
    for (size_t i = 0; i < ARRAY_SIZE(nvgpu_prop_help); i++) {
        object_class_property_set_description(klass, nvgpu_prop_help[i].name,
                                              nvgpu_prop_help[i].help);
    }
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);
}

static const TypeInfo nvgpu_info = {
    .name = TYPE_NVIDIA_GPU,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(NvidiaGpuState),
    .class_init = nvgpu_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_PCIE_DEVICE },
        { }
    },
};

static void nvgpu_register_types(void)
{
    type_register_static(&nvgpu_info);
}

type_init(nvgpu_register_types)
