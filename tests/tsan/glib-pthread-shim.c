/*
 * GMutex and GCond over pthreads, preloaded into QEMU under ThreadSanitizer
 * (scripts/qtest-sanitize.sh tsan). Debian's glib implements them with raw
 * futexes, which TSan cannot see, so every access the model core protects
 * with a GMutex would be reported as a race; pthread mutexes and condition
 * variables are intercepted by TSan, so with this shim its happens-before
 * graph is exact. A GMutex or GCond may be used zero-filled without init,
 * so the pthread object behind it is created on first use.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

static void *lazy(gpointer *slot, size_t size, void (*init)(void *), void (*fini)(void *))
{
    void *p = __atomic_load_n(slot, __ATOMIC_ACQUIRE), *expected = NULL;

    if (p) {
        return p;
    }
    p = malloc(size);
    if (!p) {
        abort();                /* test-only shim: no way to report */
    }
    init(p);
    if (!__atomic_compare_exchange_n(slot, &expected, p, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        fini(p);
        free(p);
        p = expected;
    }
    return p;
}

static void mutex_init(void *p)
{
    pthread_mutex_init(p, NULL);
}

static void mutex_fini(void *p)
{
    pthread_mutex_destroy(p);
}

static void cond_init(void *p)
{
    pthread_cond_init(p, NULL);
}

static void cond_fini(void *p)
{
    pthread_cond_destroy(p);
}

static pthread_mutex_t *mutex_of(GMutex *m)
{
    return lazy(&m->p, sizeof(pthread_mutex_t), mutex_init, mutex_fini);
}

static pthread_cond_t *cond_of(GCond *c)
{
    return lazy(&c->p, sizeof(pthread_cond_t), cond_init, cond_fini);
}

void g_mutex_init(GMutex *m)
{
    m->p = NULL;
}

void g_mutex_clear(GMutex *m)
{
    if (m->p) {
        mutex_fini(m->p);
        free(m->p);
        m->p = NULL;
    }
}

void g_mutex_lock(GMutex *m)
{
    pthread_mutex_lock(mutex_of(m));
}

void g_mutex_unlock(GMutex *m)
{
    pthread_mutex_unlock(mutex_of(m));
}

gboolean g_mutex_trylock(GMutex *m)
{
    return pthread_mutex_trylock(mutex_of(m)) == 0;
}

void g_cond_init(GCond *c)
{
    c->p = NULL;
}

void g_cond_clear(GCond *c)
{
    if (c->p) {
        cond_fini(c->p);
        free(c->p);
        c->p = NULL;
    }
}

void g_cond_wait(GCond *c, GMutex *m)
{
    pthread_cond_wait(cond_of(c), mutex_of(m));
}

void g_cond_signal(GCond *c)
{
    pthread_cond_signal(cond_of(c));
}

void g_cond_broadcast(GCond *c)
{
    pthread_cond_broadcast(cond_of(c));
}

/* end_time is g_get_monotonic_time() based, as in glib */
gboolean g_cond_wait_until(GCond *c, GMutex *m, gint64 end_time)
{
    gint64 now = g_get_monotonic_time(), wait = end_time > now ? end_time - now : 0;
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += wait / G_USEC_PER_SEC;
    ts.tv_nsec += (wait % G_USEC_PER_SEC) * 1000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    return pthread_cond_timedwait(cond_of(c), mutex_of(m), &ts) == 0;
}
