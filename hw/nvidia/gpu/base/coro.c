/*
 * Coroutines on ucontext (as QEMU's coroutine-ucontext backend), with the
 * stack switches announced to AddressSanitizer and ThreadSanitizer so that
 * the fuzzers and the TSan qtests follow them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <glib.h>

#include "coro.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CORO_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define CORO_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CORO_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define CORO_TSAN 1
#endif
#ifdef CORO_ASAN
#include <sanitizer/asan_interface.h>
#endif
#ifdef CORO_TSAN
#include <sanitizer/tsan_interface.h>
#endif

struct NvCoro {
    ucontext_t tmpl, self, caller;    /* tmpl: getcontext's, for makecontext */
    uint8_t *map;                       /* guard page, then the stack */
    size_t map_bytes, page;
    NvCoroFn *fn;
    void *opaque;
    bool suspended;                     /* yielded, not yet returned */
#ifdef CORO_ASAN
    void *self_fake, *caller_fake;      /* each side's fake stack while the other runs */
    const void *caller_bottom;
    size_t caller_size;
#endif
#ifdef CORO_TSAN
    void *fiber, *caller_fiber;
#endif
};

/* ---- the sanitizers' view of a switch: before it, then after it on the new stack ---- */

static void switch_in_begin(NvCoro *co)
{
#ifdef CORO_ASAN
    __sanitizer_start_switch_fiber(&co->caller_fake, co->map + co->page, co->map_bytes - co->page);
#endif
#ifdef CORO_TSAN
    co->caller_fiber = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(co->fiber, 0);
#endif
}

static void switch_in_end(NvCoro *co)
{
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(co->self_fake, &co->caller_bottom, &co->caller_size);
#endif
    (void)co;
}

static void switch_out_begin(NvCoro *co, bool last)
{
#ifdef CORO_ASAN
    /* a body that has returned never runs again: its fake stack goes */
    __sanitizer_start_switch_fiber(last ? NULL : &co->self_fake, co->caller_bottom,
                                   co->caller_size);
#endif
#ifdef CORO_TSAN
    __tsan_switch_to_fiber(co->caller_fiber, 0);
#endif
    (void)co, (void)last;
}

static void switch_out_end(NvCoro *co)
{
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(co->caller_fake, NULL, NULL);
#endif
    (void)co;
}

/* ---- the coroutine ---- */

/* makecontext passes ints: the coroutine's address in two halves */
static void trampoline(unsigned hi, unsigned lo)
{
    NvCoro *co = (NvCoro *)(uintptr_t)((uint64_t)hi << 32 | lo);

    switch_in_end(co);
    co->fn(co, co->opaque);
    co->suspended = false;
    switch_out_begin(co, true);
    swapcontext(&co->self, &co->caller);    /* not resumed: the next start makes a new context */
}

NvCoro *nv_coro_new(size_t stack_bytes)
{
    NvCoro *co = g_try_new0(NvCoro, 1);
    long page = sysconf(_SC_PAGESIZE);

    if (!co) {
        return NULL;
    }
    co->page = page > 0 ? (size_t)page : 4096;
    co->map_bytes = co->page + (stack_bytes + co->page - 1) / co->page * co->page;
    co->map = mmap(NULL, co->map_bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (co->map == MAP_FAILED || mprotect(co->map, co->page, PROT_NONE) ||
        getcontext(&co->tmpl)) {
        if (co->map != MAP_FAILED) {
            munmap(co->map, co->map_bytes);
        }
        g_free(co);
        return NULL;
    }
#ifdef CORO_TSAN
    co->fiber = __tsan_create_fiber(0);
#endif
    return co;
}

void nv_coro_free(NvCoro *co)
{
    if (!co) {
        return;
    }
#ifdef CORO_TSAN
    __tsan_destroy_fiber(co->fiber);
#endif
    munmap(co->map, co->map_bytes);
    g_free(co);
}

bool nv_coro_resume(NvCoro *co)
{
    if (!co->suspended) {
        return true;
    }
    switch_in_begin(co);
    swapcontext(&co->caller, &co->self);
    switch_out_end(co);
    return !co->suspended;
}

bool nv_coro_start(NvCoro *co, NvCoroFn *fn, void *opaque)
{
    uint64_t p = (uintptr_t)co;

    if (co->suspended) {
        return false;                   /* the previous body is still running */
    }
    co->self = co->tmpl;
    co->self.uc_stack.ss_sp = co->map + co->page;
    co->self.uc_stack.ss_size = co->map_bytes - co->page;
    co->self.uc_link = NULL;
#ifdef CORO_ASAN
    co->self_fake = NULL;
#endif
    co->fn = fn;
    co->opaque = opaque;
    makecontext(&co->self, (void (*)(void))trampoline, 2, (unsigned)(p >> 32), (unsigned)p);
    co->suspended = true;               /* until the body returns */
    return nv_coro_resume(co);
}

void nv_coro_yield(NvCoro *co)
{
    switch_out_begin(co, false);
    swapcontext(&co->self, &co->caller);
    switch_in_end(co);
}

bool nv_coro_suspended(const NvCoro *co)
{
    return co && co->suspended;
}
