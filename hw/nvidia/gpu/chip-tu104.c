/*
 * TU104 (the chip of the Tesla T4) as the model presents it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "gpu.h"

const NvChipProfile nv_chip_tu104 = {
    .name = "TU104",
    .boot0 = 0x164000a1,            /* architecture 0x16, implementation 4, rev a1 */
    .pci_vendor = 0x10de,
    .pci_device = 0x1eb8,           /* Tesla T4 */
    .subsys_vendor = 0x10de,
    .subsys_device = 0x12a2,
    .pci_class = 0x030200,          /* 3D controller: no VGA, no display */
    .strap = 0x00400000,            /* 27 MHz crystal, RAMCFG 0 */
    .vbios_version = { 0x90, 0x04, 0x10, 0x00, 0x01 },
    .max_gpcs = 6,
    .max_tpcs_per_gpc = 4,
    .sms_per_tpc = 2,
    .fbps = 4,
    .ltc_per_fbp = 2,
    .slices_per_ltc = 4,
    .display_fused_off = true,
    .engines = NULL,                /* see nv_top_build_device_info() */
    .engine_count = 0,
};
