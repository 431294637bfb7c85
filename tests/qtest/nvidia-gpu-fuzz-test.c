/*
 * The structure-aware device fuzzer (nv-fuzz.h) as a qtest: each built-in
 * seed runs on a freshly reset machine and must do what it asks (a
 * semaphore, nvcc's vadd on the SM, a copy, a fault record, BAR1 writes, a
 * release into guest RAM); then every input of the saved corpus
 * (tools/fuzz/corpus-qemu, grown by make fuzz-qemu) runs on a reset machine,
 * and after every 16th input and the last one the semaphore seed must still
 * work: no input leaves the device or QEMU broken.
 *
 *   nvidia-gpu-fuzz-test --write-seeds DIR   writes the seeds as files (for the fuzzer)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "nv-fuzz.h"

#define ALIVE_EVERY 16

/* What the fuzzer's flush_events does in process: let queued work run. */
static void settle(QTestState *qts)
{
    for (int i = 0; i < 4; i++) {
        qtest_clock_step(qts, 50000);
    }
}

static QTestState *start(void)
{
    return qtest_init("-machine q35 -m 64M -nodefaults -device " NV_FUZZ_DEVICE ",id=" GPU_ID);
}

static void run_input(QTestState *qts, const uint8_t *data, size_t len, int seed)
{
    NvFuzz f;

    qtest_system_reset(qts);
    nv_fuzz_setup(&f, qts, settle);
    nv_fuzz_run(&f, data, len);
    if (seed >= 0) {
        nv_fuzz_check_seed(&f, seed);
    }
    nv_fuzz_teardown(&f);
}

static void test_seeds(void)
{
    QTestState *qts = start();
    GByteArray *s;

    for (unsigned i = 0; (s = nv_fuzz_seed(i)); i++) {
        run_input(qts, s->data, s->len, i);
        g_byte_array_free(s, true);
    }
    qtest_quit(qts);
}

static char *corpus_dir(void)
{
    g_autofree char *dir = g_path_get_dirname(__FILE__);

    return g_build_filename(dir, "..", "..", "tools", "fuzz", "corpus-qemu", NULL);
}

static void test_corpus(void)
{
    g_autofree char *path = corpus_dir();
    g_autoptr(GDir) dir = g_dir_open(path, 0, NULL);
    GByteArray *alive = nv_fuzz_seed(0);
    QTestState *qts = start();
    const char *name;
    unsigned n = 0;

    g_assert_nonnull(dir);
    while ((name = g_dir_read_name(dir))) {
        g_autofree char *file = g_build_filename(path, name, NULL);
        g_autofree char *data = NULL;
        gsize len;

        g_assert_true(g_file_get_contents(file, &data, &len, NULL));
        run_input(qts, (const uint8_t *)data, len, -1);
        if (++n % ALIVE_EVERY == 0) {
            run_input(qts, alive->data, alive->len, 0);
        }
    }
    run_input(qts, alive->data, alive->len, 0);
    g_test_message("%u corpus inputs replayed", n);
    g_assert_cmpuint(n, >, 0);
    g_byte_array_free(alive, true);
    qtest_quit(qts);
}

static int write_seeds(const char *dir)
{
    GByteArray *s;

    g_mkdir_with_parents(dir, 0755);
    for (unsigned i = 0; (s = nv_fuzz_seed(i)); i++) {
        g_autofree char *file = g_strdup_printf("%s/seed-%u", dir, i);

        if (!g_file_set_contents(file, (const char *)s->data, s->len, NULL)) {
            return 1;
        }
        g_byte_array_free(s, true);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--write-seeds")) {
        return write_seeds(argv[2]);
    }
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/nvidia-gpu/fuzz/seeds", test_seeds);
    qtest_add_func("/nvidia-gpu/fuzz/corpus", test_corpus);
    return g_test_run();
}
