/*
 * TU104 (the chip of the Tesla T4) as the model presents it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hw/nvidia/nv-mmu.h"
#include "../base/gpu.h"

/*
 * The engines the model runs, as the device-info table lists them: GR and
 * LCE0 on runlist 0 (the graphics runlist, as on the real chip), LCE2 alone
 * on runlist 1; each runlist is served by its own PBDMA. Fault ids follow
 * NVIDIA's dev_fault (GR 0x40, CE n = 15 + n). GR's interrupt bit is 12:
 * nouveau's gp100 MC takes engine bits in 0x9000 as non-legacy, and GR
 * claims its vector itself (a legacy bit would be taken first and GR's
 * handler refused); SEC2 takes the other non-legacy bit, 15, and has no
 * runlist (its falcon is emulated, falcon.c; nouveau uses a fixed base for
 * it). Other interrupt and reset bits avoid those nouveau reserves.
 */
static const NvTopEngine tu104_engines[] = {
    { .type = NV_PTOP_TYPE_GR, .inst = 0, .pri_base = 0x400000, .fault_id = NV_MMU_ENG_GR,
      .engine = 0, .runlist = 0, .intr = 12, .reset = 12 },
    { .type = NV_PTOP_TYPE_LCE, .inst = 0, .pri_base = 0x104000, .fault_id = 15,
      .engine = 1, .runlist = 0, .intr = 5, .reset = 6 },
    { .type = NV_PTOP_TYPE_LCE, .inst = 2, .pri_base = 0x104000, .fault_id = 17,
      .engine = 2, .runlist = 1, .intr = 7, .reset = 7 },
    { .type = NV_PTOP_TYPE_SEC2, .inst = 0, .pri_base = NV_SEC2_BASE, .fault_id = NV_MMU_ENG_SEC2,
      .intr = 15, .reset = 15, .no_runlist = true },
};

#define TU104_COMMON                                                              \
    .boot0 = 0x164000a1,            /* architecture 0x16, implementation 4, rev a1 */ \
    .pci_vendor = 0x10de,                                                         \
    .subsys_vendor = 0x10de,                                                      \
    .strap = 0x00400000,            /* 27 MHz crystal, RAMCFG 0 */                \
    .vbios_version = { 0x90, 0x04, 0x10, 0x00, 0x01 },                            \
    .max_gpcs = 6,                                                                \
    .max_tpcs_per_gpc = 4,                                                        \
    .sms_per_tpc = 2,                                                             \
    .fbps = 4,                                                                    \
    .ltc_per_fbp = 2,                                                             \
    .slices_per_ltc = 4,                                                          \
    .engines = tu104_engines,                                                     \
    .engine_count = sizeof(tu104_engines) / sizeof(tu104_engines[0])

/*
 * The Quadro RTX 4000 is the TU104GL board with display outputs: the same
 * chip and professional variant as the T4, so everything but the display
 * is the T4's. Its outputs are DisplayPort; the model drives one of them
 * as TMDS (DVI-D), as a passive DP++ adapter does.
 */
const NvChipProfile nv_chip_tu104_display = {
    TU104_COMMON,
    .name = "TU104",
    .pci_device = 0x1eb1,           /* Quadro RTX 4000 */
    .subsys_device = 0x12a0,
    .pci_class = 0x030000,          /* VGA-compatible controller */
    .display_fused_off = false,
};

/* The Tesla T4: a compute board, its display fused off. */
const NvChipProfile nv_chip_tu104 = {
    TU104_COMMON,
    .name = "TU104",
    .pci_device = 0x1eb8,           /* Tesla T4 */
    .subsys_device = 0x12a2,
    .pci_class = 0x030200,          /* 3D controller: no VGA, no display */
    .display_fused_off = true,
};
