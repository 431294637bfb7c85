/*
 * The engine-class table: one row per class the GPU has. A row gives the
 * class number and NVIDIA's name, whose MMU engine id its faults carry
 * (the PBDMA's, the runlist's copy engine's, or GR's), the engine behaviour
 * (engines/engine.h: create, method, run, destroy; none for the host
 * class, whose methods are host/methods.c's), how an engine error other
 * than a fault is reported, and the class's method table (every method and
 * field by name, from include/hw/nvidia/methods/).
 *
 * Adding a class: a row here, its engine file, and its method table.
 * The display classes have no engine: their channels are the display's
 * own (disp/), not FIFO channels, so SET_OBJECT refuses them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_HOST_CLASSES_H
#define HW_NVIDIA_GPU_HOST_CLASSES_H

#include "../engines/engine.h"

/* Whose MMU engine id a fault of the class's work carries. */
typedef enum NvClassUnit { NV_UNIT_HOST, NV_UNIT_CE, NV_UNIT_GR } NvClassUnit;

/* How an engine error (not an MMU fault) of the class is reported. */
typedef enum NvClassError {
    NV_CLASS_ERR_NONE,          /* the class cannot fail */
    NV_CLASS_ERR_CE_LAUNCH,     /* the runlist's copy engine's LAUNCHERR interrupt */
    NV_CLASS_ERR_GR_TRAP,       /* GR's SM exception (trap tree) */
} NvClassError;

/* X(row, number, name, unit, engine ops, error report, method table token) */
#define NV_CLASSES(X)                                                                     \
    X(HOST, 0xc46f, TURING_CHANNEL_GPFIFO_A, HOST, NULL, NONE, C46F)                     \
    X(CE, 0xc5b5, TURING_DMA_COPY_A, CE, &nv_ce_engine, CE_LAUNCH, C5B5)                  \
    X(I2M, 0xa140, KEPLER_INLINE_TO_MEMORY_B, HOST, &nv_i2m_engine, CE_LAUNCH, A140)      \
    X(COMPUTE, 0xc5c0, TURING_COMPUTE_A, GR, &nv_compute_engine, GR_TRAP, C5C0)           \
    X(THREED, 0xc597, TURING_A, GR, &nv_threed_engine, GR_TRAP, C597)                      \
    X(TWOD, 0x902d, FERMI_TWOD_A, GR, &nv_twod_engine, NONE, 902D)                       \
    X(DISP_CORE, 0xc57d, TU102_DISP_CORE_CHANNEL_DMA, HOST, NULL, NONE, C57D)             \
    X(DISP_WINDOW, 0xc57e, TU102_DISP_WINDOW_CHANNEL_DMA, HOST, NULL, NONE, C57E)         \
    X(DISP_WIMM, 0xc57b, TU102_DISP_WINDOW_IMM_CHANNEL_DMA, HOST, NULL, NONE, C57B)       \
    X(DISP_CURSOR, 0xc57a, TU102_DISP_CURSOR, HOST, NULL, NONE, C57A)

enum {
#define NV_CLASS_ENUM_ROW(row, ...) NV_CLASS_##row,
    NV_CLASSES(NV_CLASS_ENUM_ROW)
#undef NV_CLASS_ENUM_ROW
    NV_CLASS_COUNT
};
#define NV_CLASS_NONE (-1)

/* A method (or an array of count methods, stride bytes apart) of a class. */
typedef struct NvMethodName {
    uint16_t offset, stride, count;
    const char *name;
} NvMethodName;

/* A field of the method (array) at offset mthd. */
typedef struct NvFieldName {
    uint16_t mthd;
    uint8_t shift, length;
    const char *name;
} NvFieldName;

typedef struct NvClass {
    uint32_t number;
    const char *name;
    NvClassUnit unit;
    const NvEngineOps *ops;     /* NULL: the host class */
    NvClassError error;
    const NvMethodName *methods;    /* sorted by offset */
    unsigned method_count;
    const NvFieldName *fields;      /* sorted by method */
    unsigned field_count;
} NvClass;

extern const NvClass nv_classes[NV_CLASS_COUNT];

/* The row of class number cls, or NV_CLASS_NONE. */
int nv_class_row(uint32_t cls);
/*
 * The name of method mthd of the class: the method's, or for an element of
 * an array "NAME(i)" written into buf; NULL if the class has no such method.
 */
const char *nv_method_name(const NvClass *cls, uint32_t mthd, char *buf, size_t len);
/* The fields of method mthd (an array's for its elements): *n of them, or NULL. */
const NvFieldName *nv_method_fields(const NvClass *cls, uint32_t mthd, unsigned *n);

#endif
