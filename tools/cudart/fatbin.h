/*
 * NVIDIA fat binaries as nvcc embeds them in host programs: a 16-byte
 * header (magic, version, header size, size of the entries) and entries,
 * each a 64-byte-or-larger header followed by its payload: a cubin (ELF) or
 * PTX text for one architecture, possibly compressed (LZ4 block or zstd
 * frame, as fatbinary's compress modes write them).
 *
 * The layout was learnt from fatbinary's output (see docs/cuda.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TOOLS_CUDART_FATBIN_H
#define TOOLS_CUDART_FATBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <glib.h>

#define NV_FATBIN_MAGIC             0xba55ed50u
#define NV_FATBIN_HEADER_SIZE       16
#define NV_FATBIN_MAX_SIZE          (1ull << 31)
/* the wrapper __cudaRegisterFatBinary receives */
#define NV_FATBIN_WRAPPER_MAGIC     0x466243b1u

/* entry header fields (byte offsets) */
#define NV_FATBIN_E_KIND            0x00    /* u16: NV_FATBIN_KIND_* */
#define NV_FATBIN_E_HEADER_SIZE     0x04    /* u32 */
#define NV_FATBIN_E_PAYLOAD_SIZE    0x08    /* u64, padded */
#define NV_FATBIN_E_COMPRESSED_SIZE 0x10    /* u32, when compressed */
#define NV_FATBIN_E_ARCH            0x1c    /* u32: 75 for sm_75 */
#define NV_FATBIN_E_FLAGS           0x28    /* u64: NV_FATBIN_F_* */
#define NV_FATBIN_E_RAW_SIZE        0x38    /* u64: size once decompressed */
#define NV_FATBIN_E_MIN_HEADER      0x40

#define NV_FATBIN_KIND_PTX          1
#define NV_FATBIN_KIND_ELF          2
#define NV_FATBIN_F_LZ4             0x2000ull
#define NV_FATBIN_F_ZSTD            0x8000ull

typedef enum NvFatbinResult {
    NV_FATBIN_FOUND,
    NV_FATBIN_NO_CODE,          /* well formed, but no cubin for the architecture */
    NV_FATBIN_MALFORMED,
} NvFatbinResult;

/*
 * The size of the fat binary at data (header included), or 0 if data does
 * not start with a fatbin header. Reads the 16-byte header only.
 */
size_t nv_fatbin_size(const void *data);

/*
 * Finds the cubin for sm_<arch> in the fat binary [data, data + size) and
 * returns it (decompressed) in *cubin. On failure a reason goes to why; for
 * NV_FATBIN_NO_CODE it names what the binary has instead (e.g. "PTX for
 * compute_80, cubin for sm_86").
 */
NvFatbinResult nv_fatbin_find_cubin(const void *data, size_t size, unsigned arch,
                                    GBytes **cubin, char *why, size_t whylen);

#endif
