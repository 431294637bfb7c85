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
#include "hw/nvidia/nv-fields.h"

/* Instance block (RAMIN) */
NV_REG64(RAMIN_PDB,         0x200)      /* page directory base */
    NV_FIELD64(RAMIN_PDB, TARGET, 0, 2)         /* NV_TARGET_* */
    NV_FIELD64(RAMIN_PDB, VOL, 2, 1)
    NV_FIELD64(RAMIN_PDB, VER2, 10, 1)
    NV_FIELD64(RAMIN_PDB, BIG_PAGE_64K, 11, 1)
    NV_FIELD64(RAMIN_PDB, ADDR, 12, 52)         /* address >> 12 */
NV_REG64(RAMIN_VA_LIMIT,    0x208)      /* last valid VA (limit - 1) */

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
NV_FIELD64(PDE, IS_PTE, 0, 1)
NV_FIELD64(PDE, APERTURE, 1, 2)
NV_FIELD64(PDE, VOL, 3, 1)
NV_FIELD64(PDE, ADDR, 4, 50)                /* address >> NV_PDE_ADDR_ALIGN_SHIFT */
#define NV_PDE_ADDR_ALIGN_SHIFT 8           /* tables are 256-byte aligned */
#define NV_PDE_APERTURE_INVALID 0
#define NV_PDE_APERTURE_VRAM    1
#define NV_PDE_APERTURE_SYS_COH 2
#define NV_PDE_APERTURE_SYS_NONCOH 3

/* PTE */
NV_FIELD64(PTE, VALID, 0, 1)
NV_FIELD64(PTE, APERTURE, 1, 2)
NV_FIELD64(PTE, VOL, 3, 1)                  /* on an invalid PTE: sparse */
NV_FIELD64(PTE, PRIV, 5, 1)                 /* on an invalid big PTE: blocked */
NV_FIELD64(PTE, READ_ONLY, 6, 1)
NV_FIELD64(PTE, ADDR_VID, 8, 25)            /* address >> 12 (addresses < 128 GiB) */
NV_FIELD64(PTE, ADDR_SYS, 8, 46)            /* address >> 12 */
#define NV_PTE_APERTURE_VRAM    0
#define NV_PTE_APERTURE_PEER    1
#define NV_PTE_APERTURE_SYS_COH 2
#define NV_PTE_APERTURE_SYS_NONCOH 3

/* MMU fault record (32 bytes, in a fault buffer) */
#define NV_FAULT_ENTRY_SIZE     32
NV_REG32(FAULT_ENTRY_INST_LO,   0x00)
    NV_FIELD(FAULT_ENTRY_INST_LO, TARGET, 8, 2)     /* NV_TARGET_* */
    NV_FIELD(FAULT_ENTRY_INST_LO, ADDR, 12, 20)     /* instance block >> 12 */
NV_REG32(FAULT_ENTRY_INST_HI,   0x04)
NV_REG32(FAULT_ENTRY_ADDR_LO,   0x08)
NV_REG32(FAULT_ENTRY_ADDR_HI,   0x0c)
NV_REG32(FAULT_ENTRY_TIME_LO,   0x10)
NV_REG32(FAULT_ENTRY_TIME_HI,   0x14)
NV_REG32(FAULT_ENTRY_INFO0,     0x18)
    NV_FIELD(FAULT_ENTRY_INFO0, ENGINE, 0, 8)       /* NV_MMU_ENG_* */
NV_REG32(FAULT_ENTRY_INFO1,     0x1c)
    NV_FIELD(FAULT_ENTRY_INFO1, REASON, 0, 5)       /* NV_FAULT_* */
    NV_FIELD(FAULT_ENTRY_INFO1, CLIENT, 8, 7)
    NV_FIELD(FAULT_ENTRY_INFO1, ACCESS, 16, 4)      /* NV_FAULT_ACCESS_* */
    NV_FIELD(FAULT_ENTRY_INFO1, HUB, 20, 1)
    NV_FIELD(FAULT_ENTRY_INFO1, VALID, 31, 1)

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
#define NV_FAULT_ACCESS_PHYS_READ   0x8
#define NV_FAULT_ACCESS_PHYS_WRITE  0x9

/* MMU engine ids on Turing (NV_PFAULT_MMU_ENG_ID_*) */
#define NV_MMU_ENG_CE0          0x0f    /* + instance */
#define NV_MMU_ENG_GR           0x40    /* graphics/compute (the SMs) */
#define NV_MMU_ENG_SEC2         0x0e
#define NV_MMU_ENG_HOST0        0x20    /* + PBDMA */
#define NV_MMU_ENG_BAR1         0x80
#define NV_MMU_ENG_BAR2         0xc0

#endif
