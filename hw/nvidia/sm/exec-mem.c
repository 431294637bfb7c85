/*
 * SM executors: loads, stores, atomics, constant loads, memory barriers.
 *
 * Address spaces: global (GPU virtual addresses through the provider, with a
 * per-warp cache of host page pointers), shared (per CTA, [0, shared_bytes)),
 * local (per thread, [0, local_bytes); the driver puts the stack top there,
 * c[0x0][0x28]) and generic (shared or local when inside their windows,
 * global otherwise). Every access is checked: alignment to its size, the
 * window's bounds, the page mapping; a failing lane stops the launch.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include "sm-internal.h"
#include "hw/nvidia/nv-f16.h"

#define NV_SM_WINDOW_SIZE   (16u << 20)     /* shared and local generic windows */

typedef enum Space { SPACE_GLOBAL, SPACE_SHARED, SPACE_LOCAL } Space;

/* ---- addresses ---- */

/* What a adds to every lane's base: the uniform register (pair) and the offset. */
static uint64_t addr_uniform(NvSmWarp *w, const NvSassAddr *a)
{
    uint64_t add = (uint64_t)(int64_t)a->offset;

    if (a->has_ureg && a->ureg != NV_SASS_URZ) {
        /* a 32-bit address (shared memory) takes one UR, the others a pair */
        add += nv_sm_ureg(w, a->ureg) |
               (a->width == NV_SASS_ADDR_32 ? 0 : (uint64_t)nv_sm_ureg(w, a->ureg + 1u) << 32);
    }
    return add;
}

/* The register row of the base's upper word (RZ's for 32-bit bases). */
static const uint32_t *addr_hi_row(NvSmWarp *w, const NvSassAddr *a)
{
    return nv_sm_rrow(w, a->width == NV_SASS_ADDR_64 && a->reg != NV_SASS_RZ ? a->reg + 1u
                                                                              : NV_SASS_RZ);
}

static unsigned addr_shift(const NvSassAddr *a)
{
    return a->scale ? a->scale + 1 : 0;
}

static uint64_t lane_addr(NvSmWarp *w, const NvSassAddr *a, unsigned l)
{
    uint64_t base = (uint64_t)addr_hi_row(w, a)[l] << 32 | nv_sm_rrow(w, a->reg)[l];

    return (base << addr_shift(a)) + addr_uniform(w, a);
}

/* Every lane's address of a, in one pass that vectorises. */
static void warp_addrs(NvSmWarp *w, const NvSassAddr *a, uint64_t addr[NV_SM_LANES])
{
    const uint32_t *lo = nv_sm_rrow(w, a->reg), *hi = addr_hi_row(w, a);
    unsigned shift = addr_shift(a);
    uint64_t add = addr_uniform(w, a);

    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        addr[l] = (((uint64_t)hi[l] << 32 | lo[l]) << shift) + add;
    }
}

/* Generic addresses inside the shared or local window go there. */
static Space classify(NvSmWarp *w, uint64_t *addr)
{
    const NvSmLaunchDesc *d = &w->l->d;

    if (d->shared_window && *addr - d->shared_window < NV_SM_WINDOW_SIZE) {
        *addr -= d->shared_window;
        return SPACE_SHARED;
    }
    if (d->local_window && *addr - d->local_window < NV_SM_WINDOW_SIZE) {
        *addr -= d->local_window;
        return SPACE_LOCAL;
    }
    return SPACE_GLOBAL;
}

/*
 * Host memory for size bytes of shared/local memory at addr for lane l, or
 * NULL (after reporting the out-of-range access).
 */
static uint8_t *window_ptr(NvSmWarp *w, Space sp, uint64_t addr, unsigned size,
                           unsigned l, bool write)
{
    NvSmLaunch *la = w->l;
    uint64_t limit = sp == SPACE_SHARED ? la->d.shared_bytes : la->d.local_bytes;

    if (addr > limit || size > limit - addr) {
        nv_sm_fault(w, NV_SM_ERR_OOR_ADDR, addr, write, l);
        return NULL;
    }
    if (sp == SPACE_SHARED) {
        return w->cta->shared + addr;
    }
    if (!w->local) {
        /* charged against the cap: up to 16 MiB a warp, kept while the CTA lives */
        w->local = nv_sm_host_alloc(la->sm, nv_sm_local_size(la));
        if (!w->local) {
            nv_sm_fault(w, NV_SM_ERR_RESOURCE, addr, write, l);
            return NULL;
        }
    }
    return w->local + (size_t)l * la->d.local_bytes + addr;
}

/*
 * Copies size bytes (a power of two <= 16, addr aligned to it) between buf
 * and the space for lane l. false: the launch has been stopped.
 */
static inline bool lane_access(NvSmWarp *w, Space sp, uint64_t addr, unsigned l,
                               void *buf, unsigned size, bool write)
{
    uint8_t *p;
    bool fault;

    if (addr & (size - 1)) {
        nv_sm_fault(w, NV_SM_ERR_MISALIGNED, addr, write, l);
        return false;
    }
    if (sp != SPACE_GLOBAL) {
        p = window_ptr(w, sp, addr, size, l, write);
    } else {
        p = nv_sm_global_page(w, addr, write, &fault);
        if (!p && !fault) {
            if (nv_sm_global_slow(w, addr, buf, size, write)) {
                return true;
            }
            fault = true;
        }
        if (fault) {
            nv_sm_fault(w, NV_SM_ERR_MMU, addr, write, l);
            return false;
        }
        p += addr & (NV_SM_PAGE_SIZE - 1);
    }
    if (!p) {
        return false;
    }
    /* constant sizes let the copies inline */
    switch (size) {
    case 4:
        memcpy(write ? p : buf, write ? buf : p, 4);
        break;
    case 8:
        memcpy(write ? p : buf, write ? buf : p, 8);
        break;
    default:
        memcpy(write ? p : buf, write ? buf : p, size);
        break;
    }
    return true;
}

/* ---- loads and stores ---- */

static unsigned size_bytes(unsigned size)
{
    static const uint8_t bytes[] = { 1, 1, 2, 2, 4, 8, 16, 16 };

    return bytes[size & 7];
}

/* The register value of a sub-word load (sign- or zero-extended). */
static uint32_t extend(unsigned size, const uint8_t *b)
{
    switch (size) {
    case NV_SASS_MEM_U8:
        return b[0];
    case NV_SASS_MEM_S8:
        return (uint32_t)(int32_t)(int8_t)b[0];
    case NV_SASS_MEM_U16:
        return (uint32_t)b[0] | (uint32_t)b[1] << 8;
    case NV_SASS_MEM_S16:
        return (uint32_t)(int32_t)(int16_t)((uint16_t)b[0] | (uint16_t)b[1] << 8);
    default:
        return 0;
    }
}

/* The lanes' words at their addresses in page into d. */
static void page_load32(const uint8_t *page, const uint64_t addr[NV_SM_LANES], uint32_t *d)
{
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        uint32_t x;

        memcpy(&x, page + (addr[l] & (NV_SM_PAGE_SIZE - 1)), 4);
        d[l] = GUINT32_FROM_LE(x);
    }
}

/* The lanes' words of v to their addresses in page. */
static void page_store32(uint8_t *page, const uint64_t addr[NV_SM_LANES], const uint32_t *v)
{
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        uint32_t x = GUINT32_TO_LE(v[l]);

        memcpy(page + (addr[l] & (NV_SM_PAGE_SIZE - 1)), &x, 4);
    }
}

/*
 * The common case, checked on the 32-bit register words alone: lane l's
 * address is *first + 4 * l, aligned, inside one page (and the host stores
 * words as the GPU does, so the lanes are one block copy).
 */
static bool consecutive32(NvSmWarp *w, const NvSassAddr *a, uint64_t *first)
{
    const uint32_t *lo = nv_sm_rrow(w, a->reg), *hi = addr_hi_row(w, a);
    uint32_t step = 0;

    if (G_BYTE_ORDER != G_LITTLE_ENDIAN || a->scale || lo[0] > UINT32_MAX - 4 * 31) {
        return false;
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        step |= (hi[l] ^ hi[0]) | (lo[l] - (lo[0] + 4 * l));
    }
    *first = ((uint64_t)hi[0] << 32 | lo[0]) + addr_uniform(w, a);
    return !step && !(*first & 3) &&
           (*first & (NV_SM_PAGE_SIZE - 1)) <= NV_SM_PAGE_SIZE - 4 * NV_SM_LANES;
}

/*
 * LDG/STG of 32 bits in every lane, with .E (64-bit addresses), all lanes
 * aligned and inside one directly mapped page: one translation, then plain
 * copies. Returns false when the general path must run instead; true when
 * the access is done, or stopped the launch on a fault (the provider has
 * reported it, and the general path would report it again).
 */
static bool coalesced32(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, bool write)
{
    const NvSassAddr *a = &in->addr;
    uint64_t addr[NV_SM_LANES], first, diff = 0;
    bool block, fault;
    uint8_t *page;

    if (mask != NV_SM_ALL_LANES || in->mod.mem.size != NV_SASS_MEM_32 || !in->mod.mem.e) {
        return false;
    }
    block = consecutive32(w, a, &first);
    if (!block) {
        warp_addrs(w, a, addr);
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            diff |= ((addr[l] ^ addr[0]) & ~(uint64_t)(NV_SM_PAGE_SIZE - 1)) | (addr[l] & 3);
        }
        if (diff) {
            return false;   /* several pages or misaligned */
        }
        first = addr[0];
    }
    page = nv_sm_global_page(w, first, write, &fault);
    if (fault) {
        nv_sm_fault(w, NV_SM_ERR_MMU, first, write, 0);
        return true;
    }
    if (!page) {
        return false;       /* slow memory (system memory, sparse pages) */
    }
    if (block && write) {
        memcpy(page + (first & (NV_SM_PAGE_SIZE - 1)), nv_sm_rrow(w, in->src[0].reg),
               4 * NV_SM_LANES);
    } else if (block) {
        memcpy(nv_sm_wrow(w, in->dst.reg), page + (first & (NV_SM_PAGE_SIZE - 1)),
               4 * NV_SM_LANES);
    } else if (write) {
        page_store32(page, addr, nv_sm_rrow(w, in->src[0].reg));
    } else {
        page_load32(page, addr, nv_sm_wrow(w, in->dst.reg));
    }
    return true;
}

static void do_load(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, Space space)
{
    unsigned size = size_bytes(in->mod.mem.size), words = MAX(size / 4, 1);

    if (space == SPACE_GLOBAL && in->opcode == NV_SASS_OP_LDG && coalesced32(w, in, mask, false)) {
        return;
    }

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint64_t addr = lane_addr(w, &in->addr, l);
        Space sp = space;
        uint32_t v[4] = { 0 };

        if (space == SPACE_GLOBAL && in->opcode == NV_SASS_OP_LD) {
            sp = classify(w, &addr);
        } else if (space == SPACE_GLOBAL && !in->mod.mem.e) {
            addr = (uint32_t)addr;
        } else if (space != SPACE_GLOBAL) {
            addr = (uint32_t)addr;
        }
        if (!lane_access(w, sp, addr, l, v, size, false)) {
            return;
        }
        if (size < 4) {
            v[0] = extend(in->mod.mem.size, (const uint8_t *)v);
        }
        for (unsigned i = 0; i < words; i++) {
            nv_sm_wrow(w, in->dst.reg + i)[l] = GUINT32_FROM_LE(v[i]);
        }
    }
}

static void do_store(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, Space space)
{
    unsigned size = size_bytes(in->mod.mem.size), words = MAX(size / 4, 1);
    unsigned data = in->src[0].reg;

    if (space == SPACE_GLOBAL && in->opcode == NV_SASS_OP_STG && coalesced32(w, in, mask, true)) {
        return;
    }

    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint64_t addr = lane_addr(w, &in->addr, l);
        Space sp = space;
        uint32_t v[4];

        if (space == SPACE_GLOBAL && in->opcode == NV_SASS_OP_ST) {
            sp = classify(w, &addr);
        } else if (space != SPACE_GLOBAL || !in->mod.mem.e) {
            addr = (uint32_t)addr;
        }
        for (unsigned i = 0; i < words; i++) {
            v[i] = GUINT32_TO_LE(nv_sm_rrow(w, data == NV_SASS_RZ ? data : data + i)[l]);
        }
        if (!lane_access(w, sp, addr, l, v, size, true)) {
            return;
        }
    }
}

static void exec_LDG(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_load(w, in, mask, SPACE_GLOBAL);
}

static void exec_STG(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_store(w, in, mask, SPACE_GLOBAL);
}

static void exec_LDS(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_load(w, in, mask, SPACE_SHARED);
}

static void exec_STS(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_store(w, in, mask, SPACE_SHARED);
}

static void exec_LDL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_load(w, in, mask, SPACE_LOCAL);
}

static void exec_STL(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_store(w, in, mask, SPACE_LOCAL);
}

/*
 * LDSM: matrix i's row r (16 bytes, 16-byte aligned) is at the address lane
 * 8i + r gives; lane l (g = l / 4, t = l % 4) receives row g, elements 2t
 * and 2t + 1, or with .MT88 the transposed matrix's: rows 2t, 2t + 1 of
 * column g.
 */
static void exec_LDSM(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    unsigned n = in->mod.mem.matrices;
    uint16_t m[8][8];
    uint32_t v[NV_SM_LANES];

    if (!mask) {
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        for (unsigned r = 0; r < 8; r++) {
            uint64_t addr = lane_addr(w, &in->addr, 8 * i + r);
            const uint8_t *p;

            if (addr & 15) {
                nv_sm_fault(w, NV_SM_ERR_MISALIGNED, addr, false, 8 * i + r);
                return;
            }
            if (!(p = window_ptr(w, SPACE_SHARED, addr, 16, 8 * i + r, false))) {
                return;
            }
            memcpy(m[r], p, 16);
        }
        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            unsigned g = l / 4, t = l % 4;

            v[l] = in->mod.mem.trans ? m[2 * t][g] | (uint32_t)m[2 * t + 1][g] << 16
                                     : m[g][2 * t] | (uint32_t)m[g][2 * t + 1] << 16;
        }
        nv_sm_write(w, in->dst.reg + i, v, mask);
    }
}

/* ---- constants ---- */

/* One constant-bank value of the LDC/ULDC size: sub-words extended, 64-bit in two words. */
static uint32_t cbuf_load(NvSmWarp *w, unsigned bank, uint32_t off, unsigned size, uint32_t *hi)
{
    uint32_t word = nv_sm_cbuf32(w, bank, off & ~3u);
    unsigned sh = (off & 3) * 8;

    *hi = 0;
    switch (size) {
    case NV_SASS_MEM_U8:
        return (uint8_t)(word >> sh);
    case NV_SASS_MEM_S8:
        return (uint32_t)(int32_t)(int8_t)(word >> sh);
    case NV_SASS_MEM_U16:
        return (uint16_t)(word >> (sh & 16));
    case NV_SASS_MEM_S16:
        return (uint32_t)(int32_t)(int16_t)(word >> (sh & 16));
    default:
        *hi = nv_sm_cbuf32(w, bank, (off & ~3u) + 4);
        return word;
    }
}

static void exec_LDC(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassOperand *cb = &in->src[0];
    const uint32_t *ra = nv_sm_rrow(w, in->src[1].reg);
    unsigned size = in->mod.mem.size;
    uint32_t lo[NV_SM_LANES], hi[NV_SM_LANES];

    if (cb->mods & NV_SASS_MOD_CX || in->mod.mem.ldc_mode) {
        /* bindless and indexed-bank forms: not produced for compute */
        nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, in->pc, false, 0);
        return;
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        lo[l] = cbuf_load(w, cb->reg, (cb->imm + ra[l]) & NV_SM_CBUF_ADDR_MASK, size, &hi[l]);
    }
    nv_sm_write(w, in->dst.reg, lo, mask);
    if (size == NV_SASS_MEM_64) {
        nv_sm_write(w, in->dst.reg == NV_SASS_RZ ? NV_SASS_RZ : in->dst.reg + 1u, hi, mask);
    }
}

static void exec_ULDC(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassOperand *cb = &in->src[0];
    unsigned bank = cb->mods & NV_SASS_MOD_CX ? nv_sm_ureg(w, cb->reg) & 0x1f : cb->reg;
    uint32_t hi;

    if (!mask) {
        return;
    }
    if (in->mod.mem.bindless) {
        uint32_t v[2];

        if (!nv_sm_cbuf_bindless(w, cb->reg, (int32_t)cb->imm, v,
                                 in->mod.mem.size == NV_SASS_MEM_64 ? 8 : 4)) {
            return;             /* faulted */
        }
        nv_sm_set_ureg(w, in->dst.reg, GUINT32_FROM_LE(v[0]));
        if (in->mod.mem.size == NV_SASS_MEM_64 && in->dst.reg != NV_SASS_URZ) {
            nv_sm_set_ureg(w, in->dst.reg + 1u, GUINT32_FROM_LE(v[1]));
        }
        return;
    }
    nv_sm_set_ureg(w, in->dst.reg, cbuf_load(w, bank, cb->imm & NV_SM_CBUF_ADDR_MASK,
                                             in->mod.mem.size, &hi));
    if (in->mod.mem.size == NV_SASS_MEM_64 && in->dst.reg != NV_SASS_URZ) {
        nv_sm_set_ureg(w, in->dst.reg + 1u, hi);
    }
}

/* ---- atomics ---- */

static bool atom_64(unsigned type)
{
    return type == NV_SASS_ATYPE_U64 || type == NV_SASS_ATYPE_S64 || type == NV_SASS_ATYPE_F64;
}

static bool atom_valid(unsigned op, unsigned type)
{
    switch (type) {
    case NV_SASS_ATYPE_F32:
        return op == NV_SASS_ATOM_ADD || op == NV_SASS_ATOM_MIN || op == NV_SASS_ATOM_MAX ||
               op == NV_SASS_ATOM_EXCH;
    case NV_SASS_ATYPE_F16X2:
    case NV_SASS_ATYPE_F64:
        return op == NV_SASS_ATOM_ADD;
    default:
        return true;
    }
}

static uint64_t reg64(NvSmWarp *w, unsigned reg, unsigned l, bool is64)
{
    uint64_t v = nv_sm_rrow(w, reg)[l];

    if (is64 && reg != NV_SASS_RZ) {
        v |= (uint64_t)nv_sm_rrow(w, reg + 1u)[l] << 32;
    }
    return v;
}

/*
 * ATOMG/ATOM/RED/ATOMS: per lane in lane order. Sources: b = src[0], CAS
 * new value = src[1]. ATOMS.CAST(.SPIN) reports success in pdst[0].
 */
static void do_atom(NvSmWarp *w, const NvSassInsn *in, uint32_t mask, Space space, bool ret)
{
    const NvSassModMem *m = &in->mod.mem;
    bool is64 = atom_64(m->atom_type);
    uint32_t ok_lanes = 0;

    if (!atom_valid(m->atom_op, m->atom_type)) {
        nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, in->pc, false, 0);
        return;
    }
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        unsigned l = __builtin_ctz(mm);
        uint64_t addr = lane_addr(w, &in->addr, l), old = 0;
        uint64_t b = reg64(w, in->src[0].reg, l, is64);
        uint64_t c = in->n_src > 1 ? reg64(w, in->src[1].reg, l, is64) : 0;
        Space sp = space;
        uint8_t *p;
        bool fault, stored = true;

        if (space == SPACE_GLOBAL && in->opcode == NV_SASS_OP_ATOM) {
            sp = classify(w, &addr);
        } else if (space != SPACE_GLOBAL || !m->e) {
            addr = (uint32_t)addr;
        }
        if (addr & (is64 ? 7 : 3)) {
            nv_sm_fault(w, NV_SM_ERR_MISALIGNED, addr, true, l);
            return;
        }
        if (sp != SPACE_GLOBAL) {
            /* shared/local: only this worker touches them */
            p = window_ptr(w, sp, addr, is64 ? 8 : 4, l, true);
            if (!p) {
                return;
            }
            old = nv_sm_atom_host(p, is64, m->atom_op, m->atom_type, b, c);
        } else if ((p = nv_sm_global_page(w, addr, true, &fault))) {
            old = nv_sm_atom_host(p + (addr & (NV_SM_PAGE_SIZE - 1)), is64, m->atom_op,
                            m->atom_type, b, c);
        } else if (fault || !nv_sm_atom_slow(w, addr, is64, m->atom_op, m->atom_type, b, c, &old)) {
            nv_sm_fault(w, NV_SM_ERR_MMU, addr, true, l);
            return;
        }
        if (m->atom_op >= NV_SASS_ATOM_CAS) {
            stored = old == (is64 ? b : (uint32_t)b);
        }
        ok_lanes |= (uint32_t)stored << l;
        if (ret && (m->atom_op == NV_SASS_ATOM_CAST || m->atom_op == NV_SASS_ATOM_CAST_SPIN)) {
            /* the shared compare-and-store-test forms return success, not the old value */
            nv_sm_wrow(w, in->dst.reg)[l] = stored;
        } else if (ret) {
            nv_sm_wrow(w, in->dst.reg)[l] = (uint32_t)old;
            if (is64) {
                nv_sm_wrow(w, in->dst.reg == NV_SASS_RZ ? NV_SASS_RZ : in->dst.reg + 1u)[l] =
                    (uint32_t)(old >> 32);
            }
        }
    }
    /* only the global forms have a predicate result (the decoder leaves ATOMS' unset) */
    if (in->opcode == NV_SASS_OP_ATOMG || in->opcode == NV_SASS_OP_ATOM) {
        nv_sm_set_pred(w, in->pdst[0], ok_lanes, mask);
    }
}

static void exec_ATOMG(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_atom(w, in, mask, SPACE_GLOBAL, true);
}

static void exec_RED(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_atom(w, in, mask, SPACE_GLOBAL, false);
}

static void exec_ATOMS(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    do_atom(w, in, mask, SPACE_SHARED, true);
}

/*
 * QSPC.{G,L,S} Pd, RZ, [Ra]: whether a generic address lies in global
 * memory, the local window or the shared window (__isGlobal and friends).
 * The register result's meaning is unverified: only RZ is executed.
 */
static void exec_QSPC(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    uint32_t hit = 0;

    if (in->dst.reg != NV_SASS_RZ) {
        if (mask) {
            nv_sm_fault(w, NV_SM_ERR_ILLEGAL_INSN, in->pc, false, __builtin_ctz(mask));
        }
        return;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = __builtin_ctz(m);
        uint64_t addr = lane_addr(w, &in->addr, l);
        Space sp;

        if (!in->mod.mem.e) {
            addr = (uint32_t)addr;
        }
        sp = classify(w, &addr);
        hit |= (uint32_t)(in->mod.mem.qspc == 0 ? sp == SPACE_GLOBAL :
                          in->mod.mem.qspc == 1 ? sp == SPACE_LOCAL : sp == SPACE_SHARED) << l;
    }
    nv_sm_set_pred(w, in->pdst[0], hit, mask);
}

/* ---- ordering ---- */

static void exec_MEMBAR(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    /* the model's stores are immediately visible; order them for other workers */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static void exec_nop(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
}

/* ---- executors by opcode (exec-table.c) ---- */

NV_SM_EXECUTOR(LDG, exec_LDG)
NV_SM_EXECUTOR(LD, exec_LDG)
NV_SM_EXECUTOR(STG, exec_STG)
NV_SM_EXECUTOR(ST, exec_STG)
NV_SM_EXECUTOR(LDS, exec_LDS)
NV_SM_EXECUTOR(LDSM, exec_LDSM)
NV_SM_EXECUTOR(STS, exec_STS)
NV_SM_EXECUTOR(LDL, exec_LDL)
NV_SM_EXECUTOR(STL, exec_STL)
NV_SM_EXECUTOR(LDC, exec_LDC)
NV_SM_EXECUTOR(ULDC, exec_ULDC)
NV_SM_EXECUTOR(ATOMG, exec_ATOMG)
NV_SM_EXECUTOR(ATOM, exec_ATOMG)
NV_SM_EXECUTOR(RED, exec_RED)
NV_SM_EXECUTOR(ATOMS, exec_ATOMS)
NV_SM_EXECUTOR(MEMBAR, exec_MEMBAR)
NV_SM_EXECUTOR(QSPC, exec_QSPC)
NV_SM_EXECUTOR(CCTL, exec_nop)      /* caches are coherent in the model */
NV_SM_EXECUTOR(ERRBAR, exec_nop)    /* errors are reported synchronously */
