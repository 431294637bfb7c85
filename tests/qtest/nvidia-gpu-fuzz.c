/*
 * QEMU fuzz target nvidia-gpu-chan: the structure-aware device fuzzer
 * (nv-fuzz.h) in process, built into qemu-fuzz-x86_64 by make fuzz-qemu
 * (the hook adds this file to tests/qtest/fuzz). Each input gets a machine
 * just reset, the skeleton, its operations, and a reset after.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "fuzz/fuzz.h"
#include "nv-fuzz.h"

static void nv_chan_fuzz(QTestState *s, const unsigned char *data, size_t size)
{
    NvFuzz f;

    nv_fuzz_setup(&f, s, flush_events);
    nv_fuzz_run(&f, data, size);
    nv_fuzz_teardown(&f);
    fuzz_reset(s);
}

static GString *nv_chan_argv(FuzzTarget *t)
{
    return g_string_new(TARGET_NAME " -machine q35,accel=qtest -m 64M -nodefaults -display none "
                        "-device " NV_FUZZ_DEVICE ",id=" GPU_ID);
}

static void register_nv_fuzz_targets(void)
{
    fuzz_add_target(&(FuzzTarget){
        .name = "nvidia-gpu-chan",
        .description = "nvidia-gpu: methods, structures, registers, BARs and launches "
                       "over a bound channel",
        .get_init_cmdline = nv_chan_argv,
        .fuzz = nv_chan_fuzz,
    });
}

fuzz_target_init(register_nv_fuzz_targets);
