/*
 * Coroutines for work that must stop at a slice's end deep inside its own
 * call chain (a 3D draw: a pixel-shader launch inside the rasterizer inside
 * the clipper inside a vertex batch) and go on at the next slice, on
 * whichever thread runs it then. The body runs on its own stack; only the
 * thread that resumes it runs it, so it needs no lock of its own.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_BASE_CORO_H
#define HW_NVIDIA_GPU_BASE_CORO_H

#include <stdbool.h>
#include <stddef.h>

typedef struct NvCoro NvCoro;
typedef void NvCoroFn(NvCoro *co, void *opaque);

/* A coroutine with a stack of stack_bytes (and a guard page); NULL: no host memory. */
NvCoro *nv_coro_new(size_t stack_bytes);
/* Frees it; its body must have returned (or never started). */
void nv_coro_free(NvCoro *co);

/*
 * Runs fn(co, opaque) on co's stack until it yields or returns; the
 * previous body must have returned. true: fn returned.
 */
bool nv_coro_start(NvCoro *co, NvCoroFn *fn, void *opaque);
/* Goes on with the body where it yielded. true: it has returned. */
bool nv_coro_resume(NvCoro *co);
/* From inside the body: back to whoever started or resumed it. */
void nv_coro_yield(NvCoro *co);
/* Whether the body has yielded and not yet returned. */
bool nv_coro_suspended(const NvCoro *co);

#endif
