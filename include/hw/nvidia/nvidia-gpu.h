/*
 * The nvidia-gpu QEMU device: PCI identity and BAR layout, shared by the
 * device and its qtests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NVIDIA_GPU_H
#define HW_NVIDIA_NVIDIA_GPU_H

#define TYPE_NVIDIA_GPU         "nvidia-gpu"

/* PCI BARs: NVIDIA's "BAR2" (instance memory) is PCI BAR 3 (after BAR1's 64-bit pair). */
#define NVIDIA_GPU_BAR_REGS     0
#define NVIDIA_GPU_BAR_FB       1
#define NVIDIA_GPU_BAR_INST     3
#define NVIDIA_GPU_BAR1_SIZE    (256ull << 20)    /* the default and the largest */
#define NVIDIA_GPU_BAR1_MIN     (16ull << 20)
#define NVIDIA_GPU_BAR3_SIZE    (32ull << 20)

/* Capability layout (offsets in config space). */
#define NVIDIA_GPU_CAP_MSI      0x68
#define NVIDIA_GPU_CAP_PCIE     0x78

#endif
