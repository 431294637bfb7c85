/*
 * Unit tests of the BAR0 register table and the first units (PMC, PBUS and
 * PRAMIN, PTIMER, FUSE/PTOP, the VF interrupt tree, reset).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "fake-platform.h"
#include "units.h"

#define VRAM_1G (1ull << 30)

static void test_table_sorted(void)
{
    for (size_t i = 0; i < nv_units_count; i++) {
        const NvUnit *u = &nv_units[i];
        g_assert_cmpuint(u->size, >, 0);
        g_assert_cmpuint((uint64_t)u->base + u->size, <=, NV_BAR0_SIZE);
        g_assert_nonnull(u->read);
        if (i > 0) {
            const NvUnit *p = &nv_units[i - 1];
            g_assert_cmpuint(p->base + p->size, <=, u->base);
        }
        g_assert_true(nv_unit_find(u->base) == u);
        g_assert_true(nv_unit_find(u->base + u->size - 1) == u);
    }
    g_assert_null(nv_unit_find(0x005000));          /* gap between pfifo and ptimer */
    g_assert_null(nv_unit_find(NV_BAR0_SIZE - 1));
}

static void test_identity(void)
{
    FakePlatform *f = fake_new(VRAM_1G);
    uint32_t boot0 = rd32(f, A_PMC_BOOT_0);

    g_assert_cmphex(boot0, ==, 0x164000a1);
    g_assert_cmphex(rd32(f, A_PMC_BOOT_1), ==, 0);
    g_assert_cmphex(NV_FEX32(boot0, PMC_BOOT_0, ARCHITECTURE), ==, 0x16);
    g_assert_cmphex(rd32(f, A_PMC_BOOT_42), ==, 0x164a1000);
    /* A byte read sees part of the register. */
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, A_PMC_BOOT_0, 1), ==, 0xa1);
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, A_PMC_BOOT_0 + 2, 2), ==, 0x1640);
    g_assert_cmphex(rd32(f, A_PFB_LOCAL_MEMORY_RANGE), ==, 0x1a);
    g_assert_cmphex(rd32(f, A_PEXTDEV_BOOT_0), ==, 0x00400000);
    g_assert_cmphex(rd32(f, A_PGC6_SCRATCH_LOCK) & 1, ==, 1);
    g_assert_cmphex(rd32(f, A_PGC6_GFW_BOOT_PROGRESS) & 0xff, ==, 0xff);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);

    f = fake_new(256ull << 20);
    g_assert_cmphex(rd32(f, A_PFB_LOCAL_MEMORY_RANGE), ==, 0x18);
    fake_free(f);
}

static void test_unimplemented(void)
{
    FakePlatform *f = fake_new(VRAM_1G);

    /* Outside every unit, inside a unit but unhandled, and at the end of BAR0. */
    const uint32_t offs[] = { 0x005000, 0x000008, 0x9a0588, NV_BAR0_SIZE - 4 };
    for (size_t i = 0; i < G_N_ELEMENTS(offs); i++) {
        unsigned before = f->unimp_count;
        g_assert_cmphex(rd32(f, offs[i]), ==, 0);
        g_assert_cmpuint(f->unimp_count, ==, before + 1);
        g_assert_false(f->unimp_write);
        g_assert_cmphex(f->unimp_offset, ==, offs[i]);
        wr32(f, offs[i], 0xdeadbeef);
        g_assert_cmpuint(f->unimp_count, ==, before + 2);
        g_assert_true(f->unimp_write);
        g_assert_cmphex(rd32(f, offs[i]), ==, 0);
    }
    /* Accesses that straddle the end of BAR0 or have a bad size are refused. */
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, NV_BAR0_SIZE - 2, 4), ==, 0);
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, 0, 3), ==, 0);
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, UINT32_MAX, 4), ==, 0);
    /* A narrow write to a 32-bit register is not applied. */
    nvgpu_bar0_write(f->gpu, A_PBUS_INTR_EN_0, 0xff, 1);
    g_assert_cmphex(rd32(f, A_PBUS_INTR_EN_0), ==, 0);
    g_assert_true(f->unimp_write);
    fake_free(f);
}

static void test_ptimer_monotonic(void)
{
    FakePlatform *f = fake_new(VRAM_1G);
    uint32_t prev = rd32(f, A_PTIMER_TIME_0);

    /* The clock stands still, yet every read is larger than the last. */
    for (int i = 0; i < 32; i++) {
        uint32_t t = rd32(f, A_PTIMER_TIME_0);
        g_assert_cmpuint(t, >, prev);
        prev = t;
    }
    /* Once the clock moves past the bumped reads, it is the clock again. */
    g_assert_cmpuint(prev, <, 5000);
    fake_advance(f, 5000);
    g_assert_cmpuint(rd32(f, A_PTIMER_TIME_0), ==, 5000);      /* ns since reset */
    prev = 5000;
    /* The usermode mirror reads the same clock. */
    g_assert_cmpuint(rd32(f, A_USERMODE_TIME_0), >, prev);

    /* Setting the time: TIME_1 first, then TIME_0. */
    wr32(f, A_PTIMER_TIME_1, 0x12);
    wr32(f, A_PTIMER_TIME_0, 0x34000000);
    g_assert_cmphex(rd32(f, A_PTIMER_TIME_1), ==, 0x12);
    uint32_t lo = rd32(f, A_PTIMER_TIME_0);
    g_assert_cmphex(lo, >=, 0x34000000);
    g_assert_cmphex(lo, <, 0x34000100);
    fake_free(f);
}

/* The lock-free counter path: only the four time registers, 32-bit reads. */
static void test_ptimer_read_time(void)
{
    FakePlatform *f = fake_new(VRAM_1G);
    static const uint32_t time_regs[] = {
        A_PTIMER_TIME_0, A_PTIMER_TIME_1, A_USERMODE_TIME_0, A_USERMODE_TIME_1,
    };
    uint32_t v, prev;

    for (size_t i = 0; i < G_N_ELEMENTS(time_regs); i++) {
        g_assert_true(nvgpu_bar0_read_time(f->gpu, time_regs[i], 4, &v));
        g_assert_false(nvgpu_bar0_read_time(f->gpu, time_regs[i], 2, &v));
    }
    g_assert_false(nvgpu_bar0_read_time(f->gpu, A_PTIMER_INTR_0, 4, &v));
    g_assert_false(nvgpu_bar0_read_time(f->gpu, A_PTIMER_ALARM_0, 4, &v));
    g_assert_false(nvgpu_bar0_read_time(f->gpu, A_PMC_BOOT_0, 4, &v));
    /* the same strictly increasing clock as the locked path */
    nvgpu_bar0_read_time(f->gpu, A_PTIMER_TIME_0, 4, &prev);
    g_assert_cmpuint(rd32(f, A_PTIMER_TIME_0), >, prev);
    prev = rd32(f, A_PTIMER_TIME_0);
    nvgpu_bar0_read_time(f->gpu, A_USERMODE_TIME_0, 4, &v);
    g_assert_cmpuint(v, >, prev);
    fake_free(f);
}

#define TIME_READS 100000

static gpointer read_times(gpointer data)
{
    FakePlatform *f = ((void **)data)[0];
    uint32_t *out = ((void **)data)[1];

    for (int i = 0; i < TIME_READS; i++) {
        nvgpu_bar0_read_time(f->gpu, A_PTIMER_TIME_0, 4, &out[i]);
    }
    return NULL;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return x < y ? -1 : x > y;
}

/* Two threads read a standing clock: no value is returned twice, each sees it rise. */
static void test_ptimer_concurrent(void)
{
    FakePlatform *f = fake_new(VRAM_1G);
    g_autofree uint32_t *all = g_new(uint32_t, 2 * TIME_READS);
    void *args[2][2] = { { f, all }, { f, all + TIME_READS } };
    GThread *t0 = g_thread_new("time0", read_times, args[0]);
    GThread *t1 = g_thread_new("time1", read_times, args[1]);

    g_thread_join(t0);
    g_thread_join(t1);
    for (int i = 1; i < TIME_READS; i++) {
        g_assert_cmpuint(all[i], >, all[i - 1]);
        g_assert_cmpuint(all[TIME_READS + i], >, all[TIME_READS + i - 1]);
    }
    qsort(all, 2 * TIME_READS, sizeof(*all), cmp_u32);
    for (int i = 1; i < 2 * TIME_READS; i++) {
        g_assert_cmpuint(all[i], !=, all[i - 1]);
    }
    fake_free(f);
}

static void enable_timer_irq(FakePlatform *f)
{
    wr32(f, A_PTIMER_INTR_EN_0, 1);
    wr32(f, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_TIMER);
}

static void test_ptimer_alarm(void)
{
    FakePlatform *f = fake_new(VRAM_1G);
    uint32_t now = rd32(f, A_PTIMER_TIME_0);

    enable_timer_irq(f);
    wr32(f, A_PTIMER_ALARM_0, now + 1000);
    g_assert_true(f->timer_armed);
    g_assert_false(nvgpu_irq_level(f->gpu));
    fake_advance(f, 900);
    g_assert_cmphex(rd32(f, A_PTIMER_INTR_0), ==, 0);
    fake_advance(f, 200);
    g_assert_cmphex(rd32(f, A_PTIMER_INTR_0), ==, 1);
    g_assert_cmphex(rd32(f, A_PMC_INTR_0), ==, NV_PMC_INTR_TIMER);
    g_assert_true(nvgpu_irq_level(f->gpu));
    g_assert_cmpuint(nvgpu_irq_edges(f->gpu), ==, 1);

    /* nouveau's ISR: unarm, rearm with the source still pending -> new edge. */
    wr32(f, A_PMC_INTR_EN_CLEAR_0, 0xffffffff);
    g_assert_false(nvgpu_irq_level(f->gpu));
    wr32(f, A_PMC_INTR_EN_SET_0, NV_PMC_INTR_TIMER);
    g_assert_cmpuint(nvgpu_irq_edges(f->gpu), ==, 2);

    /* Acknowledge (W1C): the line drops. */
    wr32(f, A_PTIMER_INTR_0, 1);
    g_assert_cmphex(rd32(f, A_PMC_INTR_0), ==, 0);
    g_assert_false(nvgpu_irq_level(f->gpu));

    /* An alarm already in the past fires at once. */
    now = rd32(f, A_PTIMER_TIME_0);
    wr32(f, A_PTIMER_ALARM_0, now - 10);
    g_assert_cmphex(rd32(f, A_PTIMER_INTR_0), ==, 1);
    g_assert_true(nvgpu_irq_level(f->gpu));
    fake_free(f);
}

static void test_pramin(void)
{
    FakePlatform *f = fake_new(VRAM_1G);
    uint32_t v;

    /* Window at VRAM 0x12340000: offset 0x100 lands at 0x12340100. */
    wr32(f, A_PBUS_BAR0_WINDOW, 0x1234);
    wr32(f, NV_PRAMIN_BASE + 0x100, 0xcafef00d);
    g_assert_true(nvgpu_vram_read(f->gpu, 0x12340100, &v, 4));
    g_assert_cmphex(v, ==, 0xcafef00d);
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, NV_PRAMIN_BASE + 0x101, 1), ==, 0xf0);
    nvgpu_bar0_write(f->gpu, NV_PRAMIN_BASE + 0x102, 0xbeef, 2);
    g_assert_cmphex(rd32(f, NV_PRAMIN_BASE + 0x100), ==, 0xbeeff00d);
    /* The last dword of the window. */
    wr32(f, NV_PRAMIN_BASE + NV_PRAMIN_SIZE - 4, 0x11223344);
    g_assert_true(nvgpu_vram_read(f->gpu, 0x12340000 + NV_PRAMIN_SIZE - 4, &v, 4));
    g_assert_cmphex(v, ==, 0x11223344);

    /* Beyond the end of VRAM: a guest error, reads 0, nothing written. */
    wr32(f, A_PBUS_BAR0_WINDOW, (uint32_t)(VRAM_1G >> NV_BAR0_WINDOW_SHIFT));
    unsigned errs = f->guest_errors;
    wr32(f, NV_PRAMIN_BASE, 0x55);
    g_assert_cmpuint(f->guest_errors, ==, errs + 1);
    g_assert_cmphex(rd32(f, NV_PRAMIN_BASE), ==, 0);
    g_assert_nonnull(strstr(f->last_error, "PRAMIN"));

    /* System-memory target goes through the platform's DMA. */
    wr32(f, A_PBUS_BAR0_WINDOW, NV_BAR0_WINDOW_TARGET_SYS_COHERENT << 24 | 0x1);
    wr32(f, NV_PRAMIN_BASE + 8, 0xa5a5a5a5);
    g_assert_cmphex(f->sysmem[0x10008], ==, 0xa5);
    g_assert_cmphex(rd32(f, NV_PRAMIN_BASE + 8), ==, 0xa5a5a5a5);
    fake_free(f);
}

static void test_vf_tree(void)
{
    FakePlatform *f = fake_new(VRAM_1G);

    nv_vf_raise(f->gpu, 33);                        /* leaf 1, bit 1 */
    g_assert_cmphex(rd32(f, A_VF_CPU_INTR_LEAF(1)), ==, 2);
    g_assert_cmphex(rd32(f, A_VF_CPU_INTR_TOP), ==, 0);     /* leaf not enabled */
    wr32(f, A_VF_CPU_INTR_LEAF_EN_SET(1), 2);
    g_assert_cmphex(rd32(f, A_VF_CPU_INTR_TOP), ==, 1);
    g_assert_false(nvgpu_irq_level(f->gpu));                /* top not enabled */
    wr32(f, A_VF_CPU_INTR_TOP_EN_SET, 0xf);
    g_assert_true(nvgpu_irq_level(f->gpu));
    wr32(f, A_VF_CPU_INTR_TOP_EN_CLEAR, 0xf);
    g_assert_false(nvgpu_irq_level(f->gpu));
    wr32(f, A_VF_CPU_INTR_TOP_EN_SET, 0xf);
    g_assert_cmpuint(nvgpu_irq_edges(f->gpu), ==, 2);
    wr32(f, A_VF_CPU_INTR_LEAF(1), 2);                      /* W1C */
    g_assert_false(nvgpu_irq_level(f->gpu));
    g_assert_cmphex(rd32(f, A_VF_CPU_INTR_LEAF_EN_CLEAR(1)), ==, 2);
    nv_vf_raise(f->gpu, 256);                               /* no such vector */
    g_assert_false(nvgpu_irq_level(f->gpu));
    fake_free(f);
}

static void test_topology(void)
{
    FakePlatform *f = fake_new(VRAM_1G);

    g_assert_cmpuint(rd32(f, A_PTOP_SCAL_NUM_GPCS), ==, 6);
    g_assert_cmpuint(rd32(f, A_PTOP_SCAL_NUM_TPC_PER_GPC), ==, 4);
    g_assert_cmphex(rd32(f, A_FUSE_STATUS_OPT_GPC), ==, 0x3e);      /* GPC0 only */
    g_assert_cmphex(rd32(f, A_FUSE_STATUS_OPT_TPC_GPC(0)), ==, 0xc); /* TPC0,1 */
    g_assert_cmphex(rd32(f, A_FUSE_STATUS_OPT_TPC_GPC(1)), ==, 0xf);
    g_assert_cmphex(rd32(f, A_FUSE_OPT_DISP_DISABLE), ==, 1);
    g_assert_cmphex(rd32(f, A_FUSE_OPT_CE_DISABLE), ==, 0);
    /* GR and LCE0 on runlist 0, LCE2 on runlist 1, SEC2 (no runlist), then nothing. */
    static const uint32_t table[] = { 0x80000003, 0x80400205, 0x0006183e,
                                      0x8000004f, 0x8010407d, 0x04028c3e,
                                      0x8000004f, 0x8810408d, 0x08238e3e,
                                      0x80000037, 0x80840075, 0x00079e0e };
    for (unsigned i = 0; i < NV_PTOP_DEVICE_INFO_ENTRIES; i++) {
        g_assert_cmphex(rd32(f, A_PTOP_DEVICE_INFO(i)), ==,
                        i < G_N_ELEMENTS(table) ? table[i] : 0);
    }
    fake_free(f);
}

/* The encoder against the table nouveau's parser was checked with (reference §6.2). */
static void test_device_info_encoding(void)
{
    const NvTopEngine gr = { .type = NV_PTOP_TYPE_GR, .inst = 0, .pri_base = 0x400000,
                             .fault_id = 0x40, .engine = 0, .runlist = 0, .intr = 12,
                             .reset = 12 };
    const NvTopEngine lce2 = { .type = NV_PTOP_TYPE_LCE, .inst = 2, .pri_base = 0x104000,
                               .fault_id = 17, .engine = 2, .runlist = 1, .intr = 7,
                               .reset = 7 };
    uint32_t out[3];

    g_assert_cmpuint(nv_top_encode(&gr, out), ==, 3);
    g_assert_cmphex(out[0], ==, 0x80000003);
    g_assert_cmphex(out[1], ==, 0x80400205);
    g_assert_cmphex(out[2], ==, 0x0006183e);
    nv_top_encode(&lce2, out);
    g_assert_cmphex(out[0], ==, 0x8000004f);
    g_assert_cmphex(out[1], ==, 0x8810408d);
    g_assert_cmphex(out[2], ==, 0x08238e3e);
}

static void test_plain_regs(void)
{
    FakePlatform *f = fake_new(VRAM_1G);

    /* Sorted for the binary search, and never inside a window unit. */
    for (unsigned i = 0; i < NV_PLAIN_COUNT; i++) {
        const NvUnit *u = nv_unit_find(nv_plain_regs[i].offset);
        g_assert_true(!u || !u->bytewise);
        g_assert_true(i == 0 || nv_plain_regs[i - 1].offset < nv_plain_regs[i].offset);
    }
    wr32(f, 0x00dc08, 0x1234);                              /* RW */
    g_assert_cmphex(rd32(f, 0x00dc08), ==, 0x1234);
    wr32(f, 0x020460, 0xffff);                              /* RO: no sensor */
    g_assert_cmphex(rd32(f, 0x020460), ==, 0);
    f->gpu->r.plain[NV_PLAIN_GPIO_INTR_0] = 0x5;            /* W1C */
    wr32(f, 0x00dc00, 0x1);
    g_assert_cmphex(rd32(f, 0x00dc00), ==, 0x4);
    wr32(f, 0x100c10, 0xabc);                               /* inside the pfb unit */
    g_assert_cmphex(rd32(f, 0x100c10), ==, 0xabc);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    nvgpu_reset(f->gpu);
    g_assert_cmphex(rd32(f, 0x00dc08), ==, 0);

    g_assert_cmpuint(rd32(f, A_PPRIV_MASTER_LTC_COUNT), ==, 8);
    g_assert_cmphex(rd32(f, A_LTC_CBC_PARAM), ==, 0x40000000);
    nvgpu_bar0_write(f->gpu, A_VGA_CRTC_INDEX, 0x3f, 1);
    nvgpu_bar0_write(f->gpu, A_VGA_CRTC_DATA, 0x57, 1);
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, A_VGA_CRTC_INDEX, 1), ==, 0x3f);
    g_assert_cmphex(nvgpu_bar0_read(f->gpu, A_VGA_CRTC_DATA, 1), ==, 0);
    g_assert_cmpuint(f->unimp_count, ==, 0);
    fake_free(f);
}

/* Offsets whose values a reset must restore. */
static const uint32_t reset_offsets[] = {
    A_PMC_INTR_EN_0, A_PMC_INTR_EN_1, A_PMC_ENABLE, A_PMC_INTR_0, A_PBUS_INTR_EN_0,
    A_PBUS_BAR0_WINDOW, A_PTIMER_INTR_0, A_PTIMER_INTR_EN_0, A_PTIMER_ALARM_0,
    A_PCFG_ROM_SHADOW, A_VF_CPU_INTR_LEAF_EN_SET(0), A_VF_CPU_INTR_TOP_EN_SET,
};

static void test_reset(void)
{
    FakePlatform *f = fake_new(VRAM_1G);
    uint32_t cold[G_N_ELEMENTS(reset_offsets)];

    for (size_t i = 0; i < G_N_ELEMENTS(reset_offsets); i++) {
        cold[i] = rd32(f, reset_offsets[i]);
    }
    enable_timer_irq(f);
    wr32(f, A_PMC_ENABLE, 0xffffffff);
    wr32(f, A_PBUS_INTR_EN_0, 0xe);
    wr32(f, A_PBUS_BAR0_WINDOW, 0x1234);
    wr32(f, A_PCFG_ROM_SHADOW, 0);
    wr32(f, A_VF_CPU_INTR_LEAF_EN_SET(0), 0xff);
    wr32(f, A_VF_CPU_INTR_TOP_EN_SET, 0xf);
    wr32(f, A_PTIMER_TIME_1, 0x40);
    wr32(f, A_PTIMER_TIME_0, 0);
    wr32(f, A_PTIMER_ALARM_0, 0xfffffff0);          /* 16 ns ago: fires at once */
    g_assert_true(nvgpu_irq_level(f->gpu));

    nvgpu_reset(f->gpu);
    for (size_t i = 0; i < G_N_ELEMENTS(reset_offsets); i++) {
        g_assert_cmphex(rd32(f, reset_offsets[i]), ==, cold[i]);
    }
    g_assert_false(nvgpu_irq_level(f->gpu));
    g_assert_false(f->timer_armed);
    g_assert_cmphex(rd32(f, A_PTIMER_TIME_1), ==, 0);     /* the counter restarts */
    fake_free(f);
}

static void test_config(void)
{
    NvGpuConfig ok = { .chip = &nv_chip_tu104, .vram_size = VRAM_1G, .gpcs = 1,
                       .tpcs_per_gpc = 2, .sms_per_tpc = 2, .sm_threads = 2 };
    NvGpuConfig bad;
    char why[128];

    g_assert_true(nvgpu_config_valid(&ok, why, sizeof(why)));
    bad = ok; bad.vram_size = 3ull << 28;
    g_assert_false(nvgpu_config_valid(&bad, why, sizeof(why)));
    g_assert_nonnull(strstr(why, "vram-size"));
    bad = ok; bad.vram_size = 1 << 20;
    g_assert_false(nvgpu_config_valid(&bad, why, sizeof(why)));
    bad = ok; bad.gpcs = 7;
    g_assert_false(nvgpu_config_valid(&bad, why, sizeof(why)));
    bad = ok; bad.tpcs_per_gpc = 0;
    g_assert_false(nvgpu_config_valid(&bad, why, sizeof(why)));
    bad = ok; bad.sm_threads = 0;
    g_assert_false(nvgpu_config_valid(&bad, why, sizeof(why)));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/regs/table-sorted", test_table_sorted);
    g_test_add_func("/regs/identity", test_identity);
    g_test_add_func("/regs/unimplemented", test_unimplemented);
    g_test_add_func("/regs/ptimer-read-time", test_ptimer_read_time);
    g_test_add_func("/regs/ptimer-concurrent", test_ptimer_concurrent);
    g_test_add_func("/regs/ptimer-monotonic", test_ptimer_monotonic);
    g_test_add_func("/regs/ptimer-alarm", test_ptimer_alarm);
    g_test_add_func("/regs/pramin", test_pramin);
    g_test_add_func("/regs/vf-tree", test_vf_tree);
    g_test_add_func("/regs/topology", test_topology);
    g_test_add_func("/regs/device-info-encoding", test_device_info_encoding);
    g_test_add_func("/regs/plain", test_plain_regs);
    g_test_add_func("/regs/reset", test_reset);
    g_test_add_func("/regs/config", test_config);
    return g_test_run();
}
