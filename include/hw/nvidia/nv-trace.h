/*
 * Trace points of the model core. The core cannot fire QEMU's trace events
 * itself: it builds a record and hands it to NvPlatform.trace, but only
 * while NvPlatform.trace_on[id] points at a non-zero flag (QEMU points it
 * at the event's enable state), so a disabled trace point costs one load.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_TRACE_H
#define HW_NVIDIA_NV_TRACE_H

#include <stdbool.h>
#include <stdint.h>

/* X(ID, name): QEMU's trace event is nvgpu_<name>. */
#define NV_TRACES(X)                                                          \
    X(METHOD, method)           /* a method executed on a channel */          \
    X(GPFIFO, gpfifo)           /* a GPFIFO entry fetched */                  \
    X(PB_FETCH, pb_fetch)       /* pushbuffer dwords fetched (pbdecode's input) */ \
    X(RUNLIST, runlist)         /* a runlist submitted */                     \
    X(DOORBELL, doorbell)       /* a doorbell rung */                         \
    X(INTR, intr)               /* a unit's interrupt line raised or cleared */ \
    X(MMU_FAULT, mmu_fault)     /* an MMU fault recorded */                   \
    X(LAUNCH, launch)           /* a compute launch started */ \
    X(MME_METHOD, mme_method)   /* a method a 3D-class macro emitted */ \
    X(DISP_METHOD, disp_method) /* a method a display channel took */

typedef enum NvTraceId {
#define NV_TRACE_ENUM_ROW(id, name) NV_TRACE_##id,
    NV_TRACES(NV_TRACE_ENUM_ROW)
#undef NV_TRACE_ENUM_ROW
    NV_TRACE_COUNT
} NvTraceId;

#define NV_TRACE_PB_MAX_DWORDS  256     /* dwords of one PB_FETCH record */

typedef struct NvTraceRecord {
    NvTraceId id;
    union {
        struct {
            uint32_t chid, subch, cls, mthd, data;
            const char *cls_name, *mthd_name;   /* "?" when unknown */
        } method;                       /* METHOD, MME_METHOD (the engine sets mthd, data) */
        struct {
            uint32_t chid, gp_get, entry0, entry1;
            uint32_t dwords;            /* 0: a control entry */
            uint64_t va;
        } gpfifo;
        struct {
            uint32_t chid, count;
            uint64_t va;
            const uint32_t *dwords;
        } pb;
        struct {
            uint32_t runlist, count;
            uint64_t base;
        } runlist;
        struct {
            uint32_t chid, runlist;
        } doorbell;
        struct {
            const char *unit;
            uint32_t bits;
            bool raised;
        } intr;
        struct {
            uint64_t inst, va;
            uint32_t reason, access, engine;
        } fault;
        struct {
            uint32_t chid;
            uint64_t qmd, entry;
            uint32_t grid[3], block[3];
        } launch;
    };
} NvTraceRecord;

#endif
