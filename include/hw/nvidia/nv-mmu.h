/*
 * GPU memory-management structures as the Turing MMU reads them from memory:
 * the instance-block page-directory fields, the Pascal "ver2" 5-level page
 * tables (PDEs and PTEs), and the 32-byte MMU fault record. Shared by the
 * model and the qtests that build page tables.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_MMU_H
#define HW_NVIDIA_NV_MMU_H

#include <stdint.h>

/* Instance block (RAMIN) */
#define NV_RAMIN_PDB            0x200   /* u64: page directory base */
#define NV_RAMIN_VA_LIMIT       0x208   /* u64: last valid VA (limit - 1) */
#define NV_PDB_TARGET_MASK      0x3ull  /* 0 VRAM, 2 SYS coherent, 3 SYS non-coherent */
#define NV_PDB_VOL              (1ull << 2)
#define NV_PDB_VER2             (1ull << 10)
#define NV_PDB_BIG_PAGE_64K     (1ull << 11)
#define NV_PDB_ADDR_MASK        (~0xfffull)

/* Memory targets as instance blocks, PDBs and BAR blocks encode them */
#define NV_TARGET_VRAM          0
#define NV_TARGET_SYS_COH       2
#define NV_TARGET_SYS_NONCOH    3

/* Page-directory levels: VA bit ranges [lo, lo + bits) and entry sizes */
#define NV_VA_BITS              49
#define NV_PD3_SHIFT            47
#define NV_PD3_BITS             2
#define NV_PD2_SHIFT            38
#define NV_PD1_SHIFT            29
#define NV_PDX_BITS             9
#define NV_PD0_SHIFT            21
#define NV_PD0_BITS             8
#define NV_PD0_ENTRY_SIZE       16      /* dual: big-PT PDE (or 2 MiB PTE), small-PT PDE */
#define NV_BIGPT_SHIFT          16
#define NV_BIGPT_BITS           5
#define NV_SMALLPT_SHIFT        12
#define NV_SMALLPT_BITS         9
#define NV_PAGE_SHIFT_4K        12
#define NV_PAGE_SHIFT_64K       16
#define NV_PAGE_SHIFT_2M        21

/* PDE */
#define NV_PDE_IS_PTE           (1ull << 0)
#define NV_PDE_APERTURE_SHIFT   1
#define NV_PDE_APERTURE_MASK    (3ull << 1)
#define NV_PDE_APERTURE_INVALID 0
#define NV_PDE_APERTURE_VRAM    1
#define NV_PDE_APERTURE_SYS_COH 2
#define NV_PDE_APERTURE_SYS_NONCOH 3
#define NV_PDE_VOL              (1ull << 3)
#define NV_PDE_ADDR_MASK        0x003ffffffffffff0ull   /* address >> 4 */
#define NV_PDE_ADDR_SHIFT       4

/* PTE */
#define NV_PTE_VALID            (1ull << 0)
#define NV_PTE_APERTURE_SHIFT   1
#define NV_PTE_APERTURE_MASK    (3ull << 1)
#define NV_PTE_APERTURE_VRAM    0
#define NV_PTE_APERTURE_PEER    1
#define NV_PTE_APERTURE_SYS_COH 2
#define NV_PTE_APERTURE_SYS_NONCOH 3
#define NV_PTE_VOL              (1ull << 3)     /* on an invalid PTE: sparse */
#define NV_PTE_PRIV             (1ull << 5)     /* on an invalid big PTE: blocked */
#define NV_PTE_READ_ONLY        (1ull << 6)
#define NV_PTE_ADDR_SHIFT       8               /* address >> 12, from bit 8 */
#define NV_PTE_VRAM_ADDR_MASK   0x1ffffffull    /* 25 bits (addresses < 128 GiB) */
#define NV_PTE_SYS_ADDR_MASK    0x3fffffffffffull

/* MMU fault record (32 bytes, in a fault buffer) */
#define NV_FAULT_ENTRY_SIZE     32
#define NV_FAULT_ENTRY_INST_LO  0x00
#define NV_FAULT_ENTRY_INST_HI  0x04
#define NV_FAULT_ENTRY_ADDR_LO  0x08
#define NV_FAULT_ENTRY_ADDR_HI  0x0c
#define NV_FAULT_ENTRY_TIME_LO  0x10
#define NV_FAULT_ENTRY_TIME_HI  0x14
#define NV_FAULT_ENTRY_INFO0    0x18    /* 7:0 engine */
#define NV_FAULT_ENTRY_INFO1    0x1c    /* 31 valid, 19:16 access, 14:8 client, 4:0 reason */
#define NV_FAULT_INST_TARGET_SHIFT 8   /* in INST_LO, below the 4 KiB-aligned address */
#define NV_FAULT_INFO1_VALID    (1u << 31)
#define NV_FAULT_INFO1_HUB      (1u << 20)
#define NV_FAULT_INFO1_ACCESS_SHIFT 16
#define NV_FAULT_INFO1_CLIENT_SHIFT 8

/* Fault reasons (NV_PFAULT_FAULT_TYPE_*) */
#define NV_FAULT_PDE                0x0
#define NV_FAULT_PTE                0x2
#define NV_FAULT_VA_LIMIT           0x3
#define NV_FAULT_UNBOUND_INST_BLOCK 0x4
#define NV_FAULT_RO_VIOLATION       0x6
#define NV_FAULT_UNSUPPORTED_APERTURE 0xa

/* Access types (NV_PFAULT_ACCESS_TYPE_*) */
#define NV_FAULT_ACCESS_VIRT_READ   0x0
#define NV_FAULT_ACCESS_VIRT_WRITE  0x1

/* MMU engine ids on Turing (NV_PFAULT_MMU_ENG_ID_*) */
#define NV_MMU_ENG_CE0          0x0f    /* + instance */
#define NV_MMU_ENG_GR           0x40    /* graphics/compute (the SMs) */
#define NV_MMU_ENG_SEC2         0x0e
#define NV_MMU_ENG_HOST0        0x20    /* + PBDMA */
#define NV_MMU_ENG_BAR1         0x80
#define NV_MMU_ENG_BAR2         0xc0

#endif
