/*
 * Unit tests of the model's tables: the guest-error catalogue (its names,
 * counters, and one QEMU trace event per kind), the trace points' events,
 * and the engine-class table with its method and field names.
 *
 * Argument: the path of hw/nvidia/qemu/trace-events.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hw/nvidia/cl-c46f.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/cl-c5b5.h"
#include "fake-platform.h"
#include "host/classes.h"

static const char *trace_events_path;

/* The names of the events declared in trace-events that start with prefix. */
static GHashTable *events_with(const char *prefix)
{
    g_autofree char *text = NULL;
    g_auto(GStrv) lines = NULL;
    GHashTable *set = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

    g_assert_true(g_file_get_contents(trace_events_path, &text, NULL, NULL));
    lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        const char *paren = strchr(*l, '(');

        if (**l != '#' && paren && g_str_has_prefix(*l, prefix)) {
            g_hash_table_add(set, g_strndup(*l, paren - *l));
        }
    }
    return set;
}

/* Every kind has its event nvgpu_err_<name>, and every such event a kind. */
static void test_error_events(void)
{
    g_autoptr(GHashTable) events = events_with("nvgpu_err_");

    for (unsigned k = 0; k < NV_ERR_COUNT; k++) {
        g_autofree char *ev = g_strdup_printf("nvgpu_err_%s", nvgpu_guest_error_name(k));

        g_assert_nonnull(nvgpu_guest_error_what(k));
        g_assert_true(g_hash_table_contains(events, ev));
    }
    g_assert_cmpuint(g_hash_table_size(events), ==, NV_ERR_COUNT);
    g_assert_null(nvgpu_guest_error_name(NV_ERR_COUNT));
}

static void test_trace_events(void)
{
    static const char *const names[] = {
#define NAME(id, name) "nvgpu_" #name,
        NV_TRACES(NAME)
#undef NAME
    };
    g_autoptr(GHashTable) events = events_with("nvgpu_");

    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        g_assert_true(g_hash_table_contains(events, names[i]));
    }
}

/* Guest errors are counted per kind, and the platform hears of each with its kind. */
static void test_error_counters(void)
{
    FakePlatform *f = fake_new(1ull << 30);

    nvgpu_bar0_write(f->gpu, A_USERMODE_DOORBELL, 5, 4);       /* no channel 5 */
    nvgpu_bar0_write(f->gpu, A_USERMODE_DOORBELL, 6, 4);
    g_assert_cmpuint(nvgpu_guest_error_count(f->gpu, NV_ERR_DOORBELL_NO_CHANNEL), ==, 2);
    g_assert_cmpuint(f->last_error_kind, ==, NV_ERR_DOORBELL_NO_CHANNEL);
    wr32(f, A_PBUS_BAR0_WINDOW, 1u << R_PBUS_BAR0_WINDOW_TARGET_SHIFT);  /* reserved target */
    rd32(f, NV_PRAMIN_BASE);
    g_assert_cmpuint(nvgpu_guest_error_count(f->gpu, NV_ERR_PRAMIN_TARGET), ==, 1);
    g_assert_cmpuint(f->guest_errors, ==, 3);
    /* a reset keeps the counts: they describe the device since it was made */
    nvgpu_reset(f->gpu);
    g_assert_cmpuint(nvgpu_guest_error_count(f->gpu, NV_ERR_DOORBELL_NO_CHANNEL), ==, 2);
    g_assert_cmpuint(nvgpu_guest_error_count(f->gpu, NV_ERR_COUNT), ==, 0);
    fake_free(f);
}

/* The classes without an engine: the host's, and the display's (their channels are its own). */
static bool engineless(int row)
{
    return row == NV_CLASS_HOST || row == NV_CLASS_DISP_CORE || row == NV_CLASS_DISP_WINDOW ||
           row == NV_CLASS_DISP_WIMM || row == NV_CLASS_DISP_CURSOR;
}

static void test_class_rows(void)
{
    for (int i = 0; i < NV_CLASS_COUNT; i++) {
        const NvClass *c = &nv_classes[i];

        g_assert_cmpint(nv_class_row(c->number), ==, i);
        g_assert_true((c->ops == NULL) == engineless(i));
        g_assert_cmpuint(c->method_count, >, 0);
        for (unsigned m = 1; m < c->method_count; m++) {
            g_assert_cmpuint(c->methods[m - 1].offset, <, c->methods[m].offset);
        }
        for (unsigned f = 1; f < c->field_count; f++) {
            g_assert_cmpuint(c->fields[f - 1].mthd, <=, c->fields[f].mthd);
        }
    }
    g_assert_cmpint(nv_class_row(0xbeef), ==, NV_CLASS_NONE);
    g_assert_cmpint(nv_class_row(0xc5b5), ==, NV_CLASS_CE);
}

static void test_method_names(void)
{
    const NvClass *host = &nv_classes[NV_CLASS_HOST], *ce = &nv_classes[NV_CLASS_CE];
    const NvClass *threed = &nv_classes[NV_CLASS_THREED];
    const NvFieldName *fl;
    unsigned n, i;
    char buf[64];

    g_assert_cmpstr(nv_method_name(host, A_C46F_SEM_EXECUTE, buf, sizeof(buf)), ==,
                    "SEM_EXECUTE");
    g_assert_null(nv_method_name(host, 0x0040, buf, sizeof(buf)));
    g_assert_cmpstr(nv_method_name(ce, A_C5B5_LAUNCH_DMA, buf, sizeof(buf)), ==, "LAUNCH_DMA");
    g_assert_cmpstr(nv_method_name(threed, A_C597_SET_COLOR_TARGET_A +
                                   3 * A_C597_SET_COLOR_TARGET_A_STRIDE, buf, sizeof(buf)),
                    ==, "SET_COLOR_TARGET_A(3)");
    /* an element of an interleaved array, not its first */
    g_assert_cmpstr(nv_method_name(threed, A_C597_SET_COLOR_TARGET_B +
                                   7 * A_C597_SET_COLOR_TARGET_B_STRIDE, buf, sizeof(buf)),
                    ==, "SET_COLOR_TARGET_B(7)");
    /* past the eighth colour target, the next method's name */
    g_assert_cmpstr(nv_method_name(threed, A_C597_SET_COLOR_TARGET_A +
                                   8 * A_C597_SET_COLOR_TARGET_A_STRIDE, buf, sizeof(buf)),
                    !=, "SET_COLOR_TARGET_A(8)");

    fl = nv_method_fields(ce, A_C5B5_LAUNCH_DMA, &n);
    g_assert_nonnull(fl);
    for (i = 0; i < n && strcmp(fl[i].name, "REMAP_ENABLE"); i++) {
    }
    g_assert_cmpuint(i, <, n);
    g_assert_cmpuint(fl[i].shift, ==, 10);
    g_assert_cmpuint(fl[i].length, ==, 1);
    /* array elements share their array's fields */
    g_assert_nonnull(nv_method_fields(threed, A_C597_SET_COLOR_TARGET_A +
                                      A_C597_SET_COLOR_TARGET_A_STRIDE, &n));
    g_assert_null(nv_method_fields(host, 0x0040, &n));
    g_assert_cmpuint(n, ==, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_assert_cmpint(argc, ==, 2);
    trace_events_path = argv[1];
    g_test_add_func("/catalogue/error-events", test_error_events);
    g_test_add_func("/catalogue/trace-events", test_trace_events);
    g_test_add_func("/catalogue/error-counters", test_error_counters);
    g_test_add_func("/catalogue/class-rows", test_class_rows);
    g_test_add_func("/catalogue/method-names", test_method_names);
    return g_test_run();
}
