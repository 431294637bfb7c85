/*
 * Flat device memory + cubin loader over the SM API (see sm-harness.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "sm-harness.h"

#define CUDA_STACK_LIMIT 1024u
#define CBUF0_SIZE      0x1000u
#define DRV_BLOCK       0x0
#define DRV_GRID        0xc
#define DRV_SHARED_WIN  0x18
#define DRV_LOCAL_WIN   0x20
#define DRV_STACK_TOP   0x28

static uint8_t *dev_page(void *opaque, uint64_t va, bool write, bool *fault)
{
    SmDev *d = opaque;
    uint8_t *p = sm_dev_ptr(d, va, NV_SM_PAGE_SIZE);

    *fault = !p;
    return p;
}

static uint64_t dev_time(void *opaque)
{
    return (uint64_t)g_get_monotonic_time() * 1000;
}

NvSmMemOps sm_dev_ops(SmDev *d)
{
    return (NvSmMemOps){ .opaque = d, .page = dev_page, .time_ns = dev_time };
}

bool sm_dev_init_cfg(SmDev *d, uint64_t size, const NvSmConfig *cfg)
{
    memset(d, 0, sizeof(*d));
    d->mem = g_try_malloc0(size);
    d->size = size;
    d->top = 0x1000;        /* keep address 0 of the range unused */
    d->sm = nv_sm_new(cfg);
    return d->mem != NULL;
}

bool sm_dev_init(SmDev *d, uint64_t size, unsigned workers)
{
    return sm_dev_init_cfg(d, size, &(NvSmConfig){ .workers = workers });
}

void sm_dev_fini(SmDev *d)
{
    nv_sm_free(d->sm);
    g_free(d->mem);
}

uint64_t sm_dev_alloc(SmDev *d, uint64_t size)
{
    uint64_t at = (d->top + 255) & ~255ull;

    if (size > d->size || at > d->size - size) {
        return 0;
    }
    d->top = at + size;
    memset(d->mem + at, 0, size);
    return SM_DEV_BASE + at;
}

void *sm_dev_ptr(SmDev *d, uint64_t va, uint64_t len)
{
    if (va < SM_DEV_BASE || va - SM_DEV_BASE > d->size || len > d->size - (va - SM_DEV_BASE)) {
        return NULL;
    }
    return d->mem + (va - SM_DEV_BASE);
}

/* Copies section idx to device memory (NOBITS: zeroed); its address, 0 on failure. */
static uint64_t load_section(SmDev *d, SmModule *m, unsigned idx)
{
    NvCubinSection s;
    uint64_t va;

    if (idx >= G_N_ELEMENTS(m->section_va) || !nv_cubin_section(&m->cubin, idx, &s)) {
        return 0;
    }
    if (m->section_va[idx]) {
        return m->section_va[idx];
    }
    va = sm_dev_alloc(d, MAX(s.size, 16));
    if (va && s.data) {
        memcpy(sm_dev_ptr(d, va, s.size), s.data, s.size);
    }
    m->section_va[idx] = va;
    return va;
}

/* Applies .rel<section> records: 64-bit absolute addresses of symbols. */
static bool relocate(SmDev *d, SmModule *m, unsigned target)
{
    NvCubinSection s;
    char *name;
    unsigned rel;
    bool ok = true;

    if (!nv_cubin_section(&m->cubin, target, &s)) {
        return false;
    }
    name = g_strconcat(".rel", s.name, NULL);
    rel = nv_cubin_find_section(&m->cubin, name);
    g_free(name);
    for (unsigned i = 0; rel && i < nv_cubin_reloc_count(&m->cubin, rel); i++) {
        NvCubinReloc r;
        NvCubinSymbol sym;
        uint64_t addr, base = m->section_va[target];
        uint8_t *p;

        if (!nv_cubin_reloc(&m->cubin, rel, i, &r) || r.type != NV_CUBIN_R_CUDA_64 ||
            !nv_cubin_symbol(&m->cubin, r.symbol, &sym) || !(p = sm_dev_ptr(d, base + r.offset, 8))) {
            ok = false;
            continue;
        }
        addr = load_section(d, m, sym.section) + sym.value + (uint64_t)r.addend;
        addr = GUINT64_TO_LE(addr);
        memcpy(p, &addr, 8);
    }
    return ok;
}

bool sm_module_load(SmDev *d, const char *path, SmModule *out)
{
    gsize len;

    memset(out, 0, sizeof(*out));
    if (!g_file_get_contents(path, &out->image, &len, NULL) ||
        !nv_cubin_open(&out->cubin, out->image, len)) {
        return false;
    }
    /* globals and the module constant banks, relocated */
    for (unsigned i = 1; i < nv_cubin_section_count(&out->cubin); i++) {
        NvCubinSection s;

        if (nv_cubin_section(&out->cubin, i, &s) &&
            (g_str_has_prefix(s.name, ".nv.global") || g_str_has_prefix(s.name, ".nv.constant"))) {
            if (!load_section(d, out, i)) {
                return false;
            }
        }
    }
    for (unsigned i = 1; i < nv_cubin_section_count(&out->cubin); i++) {
        NvCubinSection s;

        if (nv_cubin_section(&out->cubin, i, &s) && g_str_has_prefix(s.name, ".nv.constant") &&
            !relocate(d, out, i)) {
            return false;
        }
    }
    return true;
}

void sm_module_free(SmModule *m)
{
    g_free(m->image);
}

bool sm_kernel_get(SmModule *m, const char *name, SmKernel *out)
{
    out->mod = m;
    if (!nv_cubin_find_kernel(&m->cubin, name, &out->k) ||
        out->k.text_section >= G_N_ELEMENTS(m->section_va)) {
        return false;
    }
    out->entry = 0;
    return true;
}

static void trace_print(void *opaque, const char *line)
{
    fprintf(stderr, "%s\n", line);
}

NvSmLaunch *sm_launch_start(SmDev *d, const SmKernel *k, const uint32_t grid[3],
                            const uint32_t block[3], uint32_t dyn_shared,
                            const void *params, uint32_t param_size, NvSmError *err)
{
    SmModule *m = k->mod;
    uint64_t code = m->section_va[k->k.text_section];
    uint64_t cb0 = sm_dev_alloc(d, CBUF0_SIZE);
    /* the frame plus the CUDA runtime's default stack limit (1 KiB), for calls */
    uint32_t local = d->local_bytes ? d->local_bytes :
                     (MAX(k->k.min_stack_size, k->k.frame_size) + CUDA_STACK_LIMIT + 15) & ~15u;
    uint8_t *c0 = sm_dev_ptr(d, cb0, CBUF0_SIZE);
    NvSmMemOps mem = sm_dev_ops(d);
    NvSmLaunchDesc desc = {
        .grid = { grid[0], grid[1], grid[2] }, .block = { block[0], block[1], block[2] },
        .regs = k->k.registers, .shared_bytes = k->k.shared_size + dyn_shared,
        .local_bytes = local, .shared_window = SM_SHARED_WIN, .local_window = SM_LOCAL_WIN,
        .budget = d->budget, .sm_count = 40,
    };
    uint64_t win;

    *err = (NvSmError){ .kind = NV_SM_ERR_RESOURCE };
    if (!code) {
        /* code uploaded once per kernel, like a driver's code heap */
        NvCubinSection s;

        if (!nv_cubin_section(&m->cubin, k->k.text_section, &s)) {
            return NULL;
        }
        code = load_section(d, m, k->k.text_section);
    }
    if (!code || !c0 || param_size > CBUF0_SIZE - k->k.param_base) {
        return NULL;
    }
    desc.entry = code;
    memcpy(c0 + DRV_BLOCK, block, 12);
    memcpy(c0 + DRV_GRID, grid, 12);
    win = SM_SHARED_WIN;
    memcpy(c0 + DRV_SHARED_WIN, &win, 8);
    win = SM_LOCAL_WIN;
    memcpy(c0 + DRV_LOCAL_WIN, &win, 8);
    memcpy(c0 + DRV_STACK_TOP, &local, 4);
    memcpy(c0 + k->k.param_base, params, param_size);
    desc.cbuf[0].valid = true;
    desc.cbuf[0].addr = cb0;
    desc.cbuf[0].size = CBUF0_SIZE;
    for (unsigned b = 1; b < NV_SM_CBUF_BANKS; b++) {
        unsigned sec = nv_cubin_const_bank(&m->cubin, &k->k, b);
        NvCubinSection s;

        if (sec && nv_cubin_section(&m->cubin, sec, &s) && load_section(d, m, sec)) {
            desc.cbuf[b].valid = true;
            desc.cbuf[b].addr = m->section_va[sec];
            desc.cbuf[b].size = (uint32_t)MIN(s.size, NV_SM_CBUF_MAX);
        }
    }
    if (d->trace) {
        desc.trace = trace_print;
    }
    return nv_sm_launch_new(d->sm, &desc, &mem, err);
}

NvSmErrorKind sm_launch(SmDev *d, const SmKernel *k, const uint32_t grid[3],
                        const uint32_t block[3], uint32_t dyn_shared,
                        const void *params, uint32_t param_size,
                        NvSmError *err, NvSmStats *stats)
{
    NvSmError e;
    NvSmLaunch *l = sm_launch_start(d, k, grid, block, dyn_shared, params, param_size, &e);

    if (l) {
        while (!nv_sm_launch_run(l, 1u << 20, 0)) {
        }
        e = *nv_sm_launch_error(l);
        if (stats) {
            nv_sm_launch_stats(l, stats);
        }
        nv_sm_launch_free(l);
    }
    if (err) {
        *err = e;
    }
    return e.kind;
}
