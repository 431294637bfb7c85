/*
 * A small reader for sm_75 cubins (CUDA ELF64 files): sections, symbols,
 * relocations, and per kernel what a launcher needs (code, registers,
 * parameter layout, shared memory, stack, barriers, constant banks).
 *
 * The file may come from a guest, so every offset, size and index is
 * checked against the buffer; nothing is copied or allocated. Both the
 * legacy (CUDA <= 12.7) and the CUDA >= 12.8 ELF header layouts are read.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_CUBIN_H
#define HW_NVIDIA_SM_CUBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NV_CUBIN_EM_CUDA            190
#define NV_CUBIN_STO_CUDA_ENTRY     0x10    /* st_other: a kernel entry point */
#define NV_CUBIN_STT_FUNC           2       /* symbol type (st_info & 0xf): a function */
#define NV_CUBIN_SHT_NOBITS         8
#define NV_CUBIN_SHT_REL            9
#define NV_CUBIN_SHT_RELA           4
#define NV_CUBIN_SHT_CUDA_INFO      0x70000000
#define NV_CUBIN_R_CUDA_64          2       /* 64-bit symbol address */
#define NV_CUBIN_R_CUDA_G64         4       /* 64-bit generic address (a pointer initialiser) */
#define NV_CUBIN_R_CUDA_ABS32_LO_32 0x38    /* code: low half of an address into bits 32..63 */
#define NV_CUBIN_R_CUDA_ABS32_HI_32 0x39    /* code: high half of an address into bits 32..63 */
#define NV_CUBIN_R_CUDA_YIELD_OPCODE9_0     0x44    /* code: YIELD may become NOP (optional) */
#define NV_CUBIN_R_CUDA_YIELD_CLEAR_PRED4_87 0x45   /* code: its predicate cleared (optional) */

typedef struct NvCubin {
    const uint8_t *data;
    size_t size;
    uint64_t shoff;
    unsigned shnum;
    unsigned shstrndx;
    unsigned symtab;            /* section index of .symtab, 0 if none */
    unsigned sm;                /* SM version, e.g. 75 */
} NvCubin;

typedef struct NvCubinSection {
    const char *name;
    uint32_t type;
    uint64_t flags;
    uint64_t offset;
    uint64_t size;
    uint32_t link, info;
    uint64_t entsize;
    const uint8_t *data;        /* NULL for NOBITS sections */
} NvCubinSection;

typedef struct NvCubinSymbol {
    const char *name;
    uint64_t value, size;
    unsigned section;           /* st_shndx */
    uint8_t info, other;
} NvCubinSymbol;

typedef struct NvCubinReloc {
    uint64_t offset;            /* within the section relocated */
    uint32_t type;              /* NV_CUBIN_R_* */
    uint32_t symbol;            /* symbol table index */
    int64_t addend;
} NvCubinReloc;

typedef struct NvCubinParam {
    uint32_t ordinal;
    uint32_t offset;            /* from the start of the parameter area */
    uint32_t size;
} NvCubinParam;

typedef struct NvCubinKernel {
    const char *name;
    unsigned symbol;            /* symbol table index */
    unsigned text_section;      /* .text.<name> */
    const uint8_t *code;
    uint64_t code_size;
    unsigned registers;         /* sh_info >> 24 of the text section */
    unsigned info_section;      /* .nv.info.<name>, 0 if none */
    uint32_t param_base;        /* parameters start at c[0x0][param_base] */
    uint32_t param_size;
    unsigned param_count;       /* KPARAM_INFO records */
    uint32_t shared_size;       /* static shared memory (.nv.shared.<name>) */
    uint32_t frame_size;        /* per-thread local frame */
    uint32_t min_stack_size;    /* per-thread stack the code needs */
    uint32_t barriers;          /* named barriers used */
    uint32_t max_threads[3];    /* __launch_bounds__, 0 when absent */
} NvCubinKernel;

/* Checks the ELF header and section table; false if malformed. */
bool nv_cubin_open(NvCubin *cubin, const void *data, size_t size);

unsigned nv_cubin_section_count(const NvCubin *cubin);
bool nv_cubin_section(const NvCubin *cubin, unsigned idx, NvCubinSection *out);
/* Section index by name, 0 if absent. */
unsigned nv_cubin_find_section(const NvCubin *cubin, const char *name);

unsigned nv_cubin_symbol_count(const NvCubin *cubin);
bool nv_cubin_symbol(const NvCubin *cubin, unsigned idx, NvCubinSymbol *out);

/* Relocation idx of a REL/RELA section. */
unsigned nv_cubin_reloc_count(const NvCubin *cubin, unsigned section);
bool nv_cubin_reloc(const NvCubin *cubin, unsigned section, unsigned idx, NvCubinReloc *out);

/* Kernels are the symbols marked STO_CUDA_ENTRY, in symbol table order. */
unsigned nv_cubin_kernel_count(const NvCubin *cubin);
bool nv_cubin_kernel(const NvCubin *cubin, unsigned idx, NvCubinKernel *out);
bool nv_cubin_find_kernel(const NvCubin *cubin, const char *name, NvCubinKernel *out);
bool nv_cubin_kernel_param(const NvCubin *cubin, const NvCubinKernel *kernel,
                           unsigned idx, NvCubinParam *out);

/*
 * Constant bank of a kernel: .nv.constant<bank>.<kernel>, else the module's
 * .nv.constant<bank>. Returns the section index, 0 if none.
 */
unsigned nv_cubin_const_bank(const NvCubin *cubin, const NvCubinKernel *kernel,
                             unsigned bank);

#endif
