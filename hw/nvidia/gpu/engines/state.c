/*
 * State-only classes (FERMI_TWOD_A until it draws): the object
 * keeps the last value of every method of the class, as the hardware's
 * method state does, and executes none. Drivers set the state of these
 * classes up at context creation, so binding them must work.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>

#include "engine.h"

#define STATE_MTHD_END  0x4000  /* a subchannel's whole method range */

typedef struct NvStateObject {
    uint32_t mthd[STATE_MTHD_END / 4];
} NvStateObject;

static void *state_create(const NvGpu *gpu)
{
    return g_try_new0(NvStateObject, 1);
}

static NvEngineStatus state_method(void *obj, const NvMemIf *mem, uint32_t mthd, uint32_t data)
{
    NvStateObject *s = obj;

    if (mthd < STATE_MTHD_END) {
        s->mthd[mthd / 4] = data;
    }
    return NV_ENGINE_IDLE;
}

const NvEngineOps nv_state_engine = {
    .create = state_create, .destroy = g_free, .method = state_method,
};
