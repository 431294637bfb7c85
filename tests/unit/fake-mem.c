/*
 * The fake NvMemIf of the engine unit tests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "fake-mem.h"

/* The host bytes behind [addr, addr + len), or NULL: a fault. */
static uint8_t *fake_lookup(FakeMem *f, bool virt, uint32_t target,
                            uint64_t addr, size_t len)
{
    uint8_t *buf = virt ? f->va : target < FAKE_TARGETS ? f->phys[target] : NULL;
    uint64_t size = virt ? f->va_size : f->phys_size;
    uint64_t off;

    if (virt) {
        if (addr < FAKE_VA_BASE) {
            return NULL;
        }
        if (addr < f->hole_hi && addr - f->hole_lo < f->hole_hi - f->hole_lo) {
            return NULL;
        }
        if (addr < f->hole_lo && len > f->hole_lo - addr) {
            return NULL;
        }
    }
    off = virt ? addr - FAKE_VA_BASE : addr;
    if (!buf || off > size || len > size - off) {
        return NULL;
    }
    return buf + off;
}

static bool fake_access(FakeMem *f, bool virt, uint32_t target, uint64_t addr,
                        size_t len, uint8_t **p)
{
    g_assert_cmpuint(len, >, 0);
    f->max_len = MAX(f->max_len, len);
    if (f->sink) {
        *p = NULL;
        return true;
    }
    *p = fake_lookup(f, virt, target, addr, len);
    if (!*p) {
        f->faults++;
        return false;
    }
    return true;
}

static bool fake_read(void *opaque, bool virt, uint32_t target, uint64_t addr,
                      void *buf, size_t len)
{
    FakeMem *f = opaque;
    uint8_t *p;

    f->reads++;
    if (!fake_access(f, virt, target, addr, len, &p)) {
        return false;
    }
    if (p) {
        memcpy(buf, p, len);
    } else {
        memset(buf, 0, len);
    }
    return true;
}

static bool fake_write(void *opaque, bool virt, uint32_t target, uint64_t addr,
                       const void *buf, size_t len)
{
    FakeMem *f = opaque;
    uint8_t *p;

    f->writes++;
    if (!fake_access(f, virt, target, addr, len, &p)) {
        return false;
    }
    if (p) {
        memcpy(p, buf, len);
    }
    if (virt && f->watch_len && addr < f->watch + f->watch_len &&
        addr + len > f->watch) {
        f->watch_hits++;
        f->watch_seq = f->writes;
    }
    return true;
}

static uint64_t fake_time(void *opaque)
{
    return ((FakeMem *)opaque)->now;
}

static void fake_intr(void *opaque)
{
    FakeMem *f = opaque;
    uint8_t *p = f->watch_len ? fake_lookup(f, true, 0, f->watch, 16) : NULL;

    f->intrs++;
    if (p) {
        memcpy(f->at_intr, p, 16);
    }
}

static void fake_stall_intr(void *opaque)
{
    ((FakeMem *)opaque)->stall_intrs++;
}

static void fake_unimp_method(void *opaque, uint32_t mthd, uint32_t data)
{
    ((FakeMem *)opaque)->unimp_methods++;
}

static void fake_error(void *opaque, NvGuestErrorKind kind, const char *msg)
{
    FakeMem *f = opaque;

    f->errors++;
    f->last_error_kind = kind;
    g_strlcpy(f->last_error, msg, sizeof(f->last_error));
    if (g_test_verbose()) {
        g_test_message("engine error: %s", msg);
    }
}

FakeMem *fake_mem_new(uint64_t va_size, uint64_t phys_size)
{
    FakeMem *f = g_new0(FakeMem, 1);

    f->va = g_malloc0(va_size);
    f->va_size = va_size;
    f->phys_size = phys_size;
    f->phys[0] = g_malloc0(phys_size);      /* NV_TARGET_VRAM */
    f->phys[2] = g_malloc0(phys_size);      /* NV_TARGET_SYS_COH */
    f->phys[3] = g_malloc0(phys_size);      /* NV_TARGET_SYS_NONCOH */
    return f;
}

void fake_mem_free(FakeMem *f)
{
    for (unsigned i = 0; i < FAKE_TARGETS; i++) {
        g_free(f->phys[i]);
    }
    g_free(f->va);
    g_free(f);
}

NvMemIf fake_mem_if(FakeMem *f)
{
    return (NvMemIf) {
        .opaque = f,
        .read = fake_read,
        .write = fake_write,
        .time_ns = fake_time,
        .nonstall_intr = fake_intr,
        .stall_intr = fake_stall_intr,
        .error = fake_error,
        .unimp_method = fake_unimp_method,
    };
}

uint8_t *fake_va(FakeMem *f, uint64_t va, uint64_t len)
{
    g_assert_cmpuint(va, >=, FAKE_VA_BASE);
    g_assert_cmpuint(va - FAKE_VA_BASE, <=, f->va_size);
    g_assert_cmpuint(len, <=, f->va_size - (va - FAKE_VA_BASE));
    return f->va + (va - FAKE_VA_BASE);
}

uint8_t *fake_phys(FakeMem *f, uint32_t target, uint64_t addr, uint64_t len)
{
    g_assert_cmpuint(target, <, FAKE_TARGETS);
    g_assert_nonnull(f->phys[target]);
    g_assert_cmpuint(addr + len, <=, f->phys_size);
    return f->phys[target] + addr;
}

void fake_mem_clear_counts(FakeMem *f)
{
    f->reads = f->writes = f->faults = f->errors = f->intrs = f->stall_intrs = 0;
    f->max_len = 0;
    f->watch_hits = f->watch_seq = 0;
    f->last_error[0] = 0;
}
