/*
 * Register and field naming for the nvqemu model, in the shape of QEMU's
 * hw/registerfields.h (which the model core may not include).
 *
 *   NV_REG32(PMC_BOOT_0, 0x000000)            -> A_PMC_BOOT_0 (offset)
 *   NV_FIELD(PMC_BOOT_0, MINOR_REV, 0, 4)     -> R_PMC_BOOT_0_MINOR_REV_{SHIFT,LENGTH,MASK}
 *   NV_FEX32(val, PMC_BOOT_0, MINOR_REV)      -> extract
 *   NV_FDP32(val, PMC_BOOT_0, MINOR_REV, x)   -> deposit
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_FIELDS_H
#define HW_NVIDIA_NV_FIELDS_H

#include <stdint.h>

#define NV_REG32(reg, addr) enum { A_ ## reg = (addr) };

#define NV_FIELD(reg, field, shift, length)                                   \
    enum {                                                                    \
        R_ ## reg ## _ ## field ## _SHIFT = (shift),                          \
        R_ ## reg ## _ ## field ## _LENGTH = (length),                        \
    };                                                                        \
    static const uint32_t R_ ## reg ## _ ## field ## _MASK =                  \
        (uint32_t)((((uint64_t)1 << (length)) - 1) << (shift));

#define NV_FEX32(val, reg, field)                                             \
    (((uint32_t)(val) & R_ ## reg ## _ ## field ## _MASK) >>                  \
     R_ ## reg ## _ ## field ## _SHIFT)

#define NV_FDP32(val, reg, field, x)                                          \
    (((uint32_t)(val) & ~R_ ## reg ## _ ## field ## _MASK) |                  \
     (((uint32_t)(x) << R_ ## reg ## _ ## field ## _SHIFT) &                  \
      R_ ## reg ## _ ## field ## _MASK))

#endif
