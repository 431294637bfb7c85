/*
 * The engine-class table (classes.h) and what a channel does with it:
 * binding a class to a subchannel, freeing a channel's objects, reporting
 * an engine's error, and naming methods and fields.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "hw/nvidia/cl-902d.h"
#include "hw/nvidia/cl-a140.h"
#include "hw/nvidia/cl-c46f.h"
#include "hw/nvidia/cl-c597.h"
#include "hw/nvidia/cl-c5b5.h"
#include "hw/nvidia/cl-c5c0.h"
#include "hw/nvidia/cl-c57a.h"
#include "hw/nvidia/cl-c57b.h"
#include "hw/nvidia/cl-c57d.h"
#include "hw/nvidia/cl-c57e.h"
#include "chan.h"
#include "../engines/gr.h"

/* ---- the method tables, from each class's X-macro ---- */

#define NAME_M(cls, name, off) { (off), 0, 1, #name },
#define NAME_A(cls, name, base, stride, count) { (base), (stride), (count), #name },
#define NAME_F(cls, mthd, field, shift, len) { A_##cls##_##mthd, (shift), (len), #field },
#define CLASS_NAMES(row, num, name, unit, ops, err, tab)                                 \
    static const NvMethodName methods_##row[] = {                                         \
        NV_##tab##_METHODS(NAME_M, NAME_A, NV_MTHD_IGNORE)                                \
    };                                                                                    \
    static const NvFieldName fields_##row[] = {                                           \
        NV_##tab##_METHODS(NV_MTHD_IGNORE, NV_MTHD_IGNORE, NAME_F)                        \
    };
NV_CLASSES(CLASS_NAMES)

#define CLASS_ROW(row, num_, name_, unit_, ops_, err_, tab)                               \
    [NV_CLASS_##row] = {                                                                  \
        .number = (num_), .name = #name_, .unit = NV_UNIT_##unit_, .ops = (ops_),         \
        .error = NV_CLASS_ERR_##err_,                                                     \
        .methods = methods_##row, .method_count = NV_ARRAY_SIZE(methods_##row),           \
        .fields = fields_##row, .field_count = NV_ARRAY_SIZE(fields_##row),               \
    },
const NvClass nv_classes[NV_CLASS_COUNT] = { NV_CLASSES(CLASS_ROW) };

int nv_class_row(uint32_t cls)
{
    for (int i = 0; i < NV_CLASS_COUNT; i++) {
        if (nv_classes[i].number == cls) {
            return i;
        }
    }
    return NV_CLASS_NONE;
}

/* ---- names ---- */

static bool covers(const NvMethodName *m, uint32_t mthd, uint32_t *index)
{
    uint32_t d = mthd - m->offset;

    if (mthd < m->offset || (m->stride ? d % m->stride || d / m->stride >= m->count : d)) {
        return false;
    }
    *index = m->stride ? d / m->stride : 0;
    return true;
}

/* The method (array) naming mthd: the exact offset by binary search, else an array element. */
static const NvMethodName *find_method(const NvClass *cls, uint32_t mthd, uint32_t *index)
{
    unsigned lo = 0, hi = cls->method_count;

    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;

        if (cls->methods[mid].offset < mthd) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (lo < cls->method_count && cls->methods[lo].offset == mthd) {
        *index = 0;
        return &cls->methods[lo];
    }
    /* arrays interleave (SET_COLOR_TARGET_A(j), _B(j), ...): look at every one below */
    for (unsigned i = lo; i-- > 0;) {
        if (cls->methods[i].stride && covers(&cls->methods[i], mthd, index)) {
            return &cls->methods[i];
        }
    }
    return NULL;
}

const char *nv_method_name(const NvClass *cls, uint32_t mthd, char *buf, size_t len)
{
    uint32_t index;
    const NvMethodName *m = find_method(cls, mthd, &index);

    if (!m || !m->stride) {
        return m ? m->name : NULL;
    }
    snprintf(buf, len, "%s(%u)", m->name, index);
    return buf;
}

const NvFieldName *nv_method_fields(const NvClass *cls, uint32_t mthd, unsigned *n)
{
    uint32_t index;
    const NvMethodName *m = find_method(cls, mthd, &index);
    unsigned first = 0;

    *n = 0;
    if (!m) {
        return NULL;
    }
    while (first < cls->field_count && cls->fields[first].mthd < m->offset) {
        first++;
    }
    while (first + *n < cls->field_count && cls->fields[first + *n].mthd == m->offset) {
        (*n)++;
    }
    return *n ? &cls->fields[first] : NULL;
}

/* ---- objects of a channel ---- */

bool nv_chan_bind(NvChanCtx *x, uint32_t subch, uint32_t cls)
{
    NvChannel *c = x->c;
    int row = nv_class_row(cls);

    if (row == NV_CLASS_NONE || !nv_classes[row].ops) {
        nv_pbdma_error(x->gpu, c, NV_ERR_PBDMA_BAD_CLASS, subch, A_C46F_SET_OBJECT, cls);
        return false;
    }
    if (!c->obj[row] && !(c->obj[row] = nv_classes[row].ops->create(x->gpu))) {
        nv_pbdma_error(x->gpu, c, NV_ERR_CHAN_NO_HOST_MEMORY, subch, A_C46F_SET_OBJECT, cls);
        return false;
    }
    c->subch_class[subch] = (int8_t)row;
    return true;
}

void *nv_chan_object(const NvChannel *c, unsigned row)
{
    return row < NV_CLASS_COUNT ? c->obj[row] : NULL;
}

void nv_chan_free_objects(NvChannel *c)
{
    for (unsigned row = 0; row < NV_CLASS_COUNT; row++) {
        if (c->obj[row]) {
            nv_classes[row].ops->destroy(c->obj[row]);
            c->obj[row] = NULL;
        }
    }
    c->busy_class = NV_CLASS_NONE;
}

void nv_class_report_error(NvChanCtx *x, int row)
{
    switch (nv_classes[row].error) {
    case NV_CLASS_ERR_CE_LAUNCH:
        nv_ce_interrupt(x->gpu, x->c, NV_CE_INTR_LAUNCHERR, NV_CE_LAUNCH_ERR_INVALID);
        break;
    case NV_CLASS_ERR_GR_TRAP:
        nv_gr_sm_exception(x->gpu, x->inst,
                           (NvSmErrorKind)nv_classes[row].ops->error_code(x->c->obj[row]));
        break;
    case NV_CLASS_ERR_NONE:
        break;
    }
}
