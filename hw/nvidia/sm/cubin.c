/*
 * sm_75 cubin reader. Every read goes through rd*() with an explicit bound,
 * so a truncated or hostile file fails cleanly instead of being trusted.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "hw/nvidia/sm/cubin.h"

#define ELF_HDR_SIZE    64
#define ELF_SHDR_SIZE   64
#define ELF_SYM_SIZE    24
#define ELF_SHT_SYMTAB  2

/* .nv.info attribute records */
#define EIFMT_SVAL              4
#define EIATTR_MAX_THREADS      0x05
#define EIATTR_PARAM_CBANK      0x0a
#define EIATTR_FRAME_SIZE       0x11
#define EIATTR_MIN_STACK_SIZE   0x12
#define EIATTR_KPARAM_INFO      0x17
#define EIATTR_CBANK_PARAM_SIZE 0x19
#define EIATTR_KPARAM_INFO_V2   0x45    /* kernels with more than 4 KiB of parameters */
#define EIATTR_NUM_BARRIERS     0x4c    /* CUDA >= 12.8; older files use sh_flags */

static bool in_bounds(const NvCubin *c, uint64_t off, uint64_t len)
{
    return off <= c->size && len <= c->size - off;
}

static uint64_t rd(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < n; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

/* A NUL-terminated string inside section sec at off, or NULL. */
static const char *str_at(const NvCubin *c, unsigned sec, uint64_t off)
{
    NvCubinSection s;

    if (!nv_cubin_section(c, sec, &s) || !s.data || off >= s.size) {
        return NULL;
    }
    if (!memchr(s.data + off, '\0', s.size - off)) {
        return NULL;
    }
    return (const char *)s.data + off;
}

bool nv_cubin_open(NvCubin *c, const void *data, size_t size)
{
    const uint8_t *h = data;
    uint32_t flags;

    memset(c, 0, sizeof(*c));
    if (!data || size < ELF_HDR_SIZE || memcmp(h, "\x7f" "ELF", 4) || h[4] != 2 || h[5] != 1 ||
        rd(h + 0x12, 2) != NV_CUBIN_EM_CUDA || rd(h + 0x3a, 2) != ELF_SHDR_SIZE) {
        return false;
    }
    c->data = data;
    c->size = size;
    c->shoff = rd(h + 0x28, 8);
    c->shnum = rd(h + 0x3c, 2);
    c->shstrndx = rd(h + 0x3e, 2);
    if (!c->shnum || c->shstrndx >= c->shnum ||
        !in_bounds(c, c->shoff, (uint64_t)c->shnum * ELF_SHDR_SIZE)) {
        return false;
    }
    /* CUDA >= 12.8 (OSABI 0x41) moved the SM number to bits 8..15 */
    flags = rd(h + 0x30, 4);
    c->sm = h[7] == 0x41 ? (flags >> 8) & 0xff : flags & 0xff;
    for (unsigned i = 1; i < c->shnum; i++) {
        NvCubinSection s;

        if (!nv_cubin_section(c, i, &s)) {
            return false;
        }
        if (s.type == ELF_SHT_SYMTAB && s.entsize == ELF_SYM_SIZE) {
            c->symtab = i;
        }
    }
    return true;
}

unsigned nv_cubin_section_count(const NvCubin *c)
{
    return c->shnum;
}

static bool raw_section(const NvCubin *c, unsigned idx, NvCubinSection *out, uint32_t *name_off)
{
    const uint8_t *sh;

    memset(out, 0, sizeof(*out));
    if (!c->data || idx >= c->shnum) {
        return false;
    }
    sh = c->data + c->shoff + (uint64_t)idx * ELF_SHDR_SIZE;
    *name_off = rd(sh, 4);
    out->type = rd(sh + 4, 4);
    out->flags = rd(sh + 8, 8);
    out->offset = rd(sh + 0x18, 8);
    out->size = rd(sh + 0x20, 8);
    out->link = rd(sh + 0x28, 4);
    out->info = rd(sh + 0x2c, 4);
    out->entsize = rd(sh + 0x38, 8);
    if (out->type != NV_CUBIN_SHT_NOBITS && idx != 0) {
        if (!in_bounds(c, out->offset, out->size)) {
            return false;
        }
        out->data = c->data + out->offset;
    }
    return true;
}

bool nv_cubin_section(const NvCubin *c, unsigned idx, NvCubinSection *out)
{
    uint32_t name_off;
    NvCubinSection strs;
    uint32_t unused;

    if (!raw_section(c, idx, out, &name_off)) {
        return false;
    }
    /* the names live in .shstrtab; read it without recursing */
    if (!raw_section(c, c->shstrndx, &strs, &unused) || !strs.data || name_off >= strs.size ||
        !memchr(strs.data + name_off, '\0', strs.size - name_off)) {
        out->name = "";
        return idx == 0;
    }
    out->name = (const char *)strs.data + name_off;
    return true;
}

/* The section called head + tail (a kernel's own: template names run to kilobytes). */
static unsigned find_section_named(const NvCubin *c, const char *head, const char *tail)
{
    size_t n = strlen(head);
    NvCubinSection s;

    for (unsigned i = 1; i < c->shnum; i++) {
        if (nv_cubin_section(c, i, &s) && !strncmp(s.name, head, n) && !strcmp(s.name + n, tail)) {
            return i;
        }
    }
    return 0;
}

unsigned nv_cubin_find_section(const NvCubin *c, const char *name)
{
    return find_section_named(c, name, "");
}

unsigned nv_cubin_symbol_count(const NvCubin *c)
{
    NvCubinSection s;

    if (!c->symtab || !nv_cubin_section(c, c->symtab, &s) || !s.data) {
        return 0;
    }
    return s.size / ELF_SYM_SIZE;
}

bool nv_cubin_symbol(const NvCubin *c, unsigned idx, NvCubinSymbol *out)
{
    NvCubinSection s;
    const uint8_t *sym;

    memset(out, 0, sizeof(*out));
    if (idx >= nv_cubin_symbol_count(c) || !nv_cubin_section(c, c->symtab, &s)) {
        return false;
    }
    sym = s.data + (uint64_t)idx * ELF_SYM_SIZE;
    out->name = str_at(c, s.link, rd(sym, 4));
    out->info = sym[4];
    out->other = sym[5];
    out->section = rd(sym + 6, 2);
    out->value = rd(sym + 8, 8);
    out->size = rd(sym + 16, 8);
    if (!out->name) {
        out->name = "";
    }
    return true;
}

unsigned nv_cubin_reloc_count(const NvCubin *c, unsigned section)
{
    NvCubinSection s;

    if (!nv_cubin_section(c, section, &s) || !s.data ||
        !((s.type == NV_CUBIN_SHT_REL && s.entsize == 16) ||
          (s.type == NV_CUBIN_SHT_RELA && s.entsize == 24))) {
        return 0;
    }
    return s.size / s.entsize;
}

bool nv_cubin_reloc(const NvCubin *c, unsigned section, unsigned idx, NvCubinReloc *out)
{
    NvCubinSection s;
    const uint8_t *r;
    uint64_t info;

    memset(out, 0, sizeof(*out));
    if (idx >= nv_cubin_reloc_count(c, section) || !nv_cubin_section(c, section, &s)) {
        return false;
    }
    r = s.data + (uint64_t)idx * s.entsize;
    info = rd(r + 8, 8);
    out->offset = rd(r, 8);
    out->type = info & 0xffffffff;
    out->symbol = info >> 32;
    out->addend = s.type == NV_CUBIN_SHT_RELA ? (int64_t)rd(r + 16, 8) : 0;
    return true;
}

/*
 * .nv.info records: format byte, attribute byte, then either a 16-bit value
 * (formats 1..3) or, for EIFMT_SVAL, a 16-bit length and that many bytes.
 */
typedef struct InfoRec {
    uint8_t fmt, attr;
    const uint8_t *data;
    uint32_t len;
    uint32_t value;             /* formats 1..3 */
} InfoRec;

static bool info_next(const NvCubinSection *s, uint64_t *pos, InfoRec *rec)
{
    uint64_t p = *pos;

    if (!s->data || p + 4 > s->size) {
        return false;
    }
    rec->fmt = s->data[p];
    rec->attr = s->data[p + 1];
    rec->value = rd(s->data + p + 2, 2);
    rec->data = NULL;
    rec->len = 0;
    if (rec->fmt == EIFMT_SVAL) {
        rec->len = rec->value;
        if (rec->len > s->size - p - 4) {
            return false;
        }
        rec->data = s->data + p + 4;
    }
    *pos = p + 4 + rec->len;
    return true;
}

/* One parameter's record: index u32, ordinal u16, offset u16, then size and flags. */
static bool is_param_record(const InfoRec *r)
{
    return (r->attr == EIATTR_KPARAM_INFO || r->attr == EIATTR_KPARAM_INFO_V2) && r->len >= 12;
}

static void kernel_info(const NvCubin *c, NvCubinKernel *k)
{
    NvCubinSection s;
    InfoRec r;
    uint64_t pos = 0;

    if (!k->info_section || !nv_cubin_section(c, k->info_section, &s)) {
        return;
    }
    while (info_next(&s, &pos, &r)) {
        if (r.fmt != EIFMT_SVAL) {
            if (r.attr == EIATTR_CBANK_PARAM_SIZE) {
                k->param_size = r.value;
            } else if (r.attr == EIATTR_NUM_BARRIERS) {
                k->barriers = r.value & 0xff;
            }
            continue;
        }
        if (r.attr == EIATTR_PARAM_CBANK && r.len >= 8) {
            k->param_base = rd(r.data + 4, 2);
            k->param_size = rd(r.data + 6, 2);
        } else if (is_param_record(&r)) {
            k->param_count++;
        } else if (r.attr == EIATTR_MAX_THREADS && r.len >= 12) {
            for (unsigned i = 0; i < 3; i++) {
                k->max_threads[i] = rd(r.data + 4 * i, 4);
            }
        }
    }
}

/* Module-wide .nv.info records are keyed by the kernel's symbol index. */
static void module_info(const NvCubin *c, NvCubinKernel *k)
{
    unsigned idx = nv_cubin_find_section(c, ".nv.info");
    NvCubinSection s;
    InfoRec r;
    uint64_t pos = 0;

    if (!idx || !nv_cubin_section(c, idx, &s)) {
        return;
    }
    while (info_next(&s, &pos, &r)) {
        uint32_t v;

        if (r.fmt != EIFMT_SVAL || r.len < 8 || rd(r.data, 4) != k->symbol) {
            continue;
        }
        v = rd(r.data + 4, 4);
        if (r.attr == EIATTR_FRAME_SIZE) {
            k->frame_size = v;
        } else if (r.attr == EIATTR_MIN_STACK_SIZE) {
            k->min_stack_size = v;
        }
    }
}

static bool is_kernel(const NvCubinSymbol *sym)
{
    return (sym->other & NV_CUBIN_STO_CUDA_ENTRY) && (sym->info & 0xf) == NV_CUBIN_STT_FUNC &&
           sym->name[0];
}

static bool kernel_from_symbol(const NvCubin *c, unsigned symidx, NvCubinKernel *k)
{
    NvCubinSymbol sym;
    NvCubinSection text, sec;
    unsigned shared;

    memset(k, 0, sizeof(*k));
    if (!nv_cubin_symbol(c, symidx, &sym) || !is_kernel(&sym) ||
        !nv_cubin_section(c, sym.section, &text) || !text.data ||
        sym.value > text.size || sym.size > text.size - sym.value) {
        return false;
    }
    k->name = sym.name;
    k->symbol = symidx;
    k->text_section = sym.section;
    k->code = text.data + sym.value;
    k->code_size = sym.size ? sym.size : text.size - sym.value;
    k->registers = text.info >> 24;
    /* legacy files keep the barrier count in sh_flags bits 20..26 */
    k->barriers = (text.flags >> 20) & 0x7f;
    k->info_section = find_section_named(c, ".nv.info.", k->name);
    shared = find_section_named(c, ".nv.shared.", k->name);
    if (shared && nv_cubin_section(c, shared, &sec) && sec.size <= UINT32_MAX) {
        k->shared_size = sec.size;
    }
    kernel_info(c, k);
    module_info(c, k);
    return true;
}

unsigned nv_cubin_kernel_count(const NvCubin *c)
{
    unsigned n = 0, count = nv_cubin_symbol_count(c);
    NvCubinSymbol sym;

    for (unsigned i = 0; i < count; i++) {
        if (nv_cubin_symbol(c, i, &sym) && is_kernel(&sym)) {
            n++;
        }
    }
    return n;
}

bool nv_cubin_kernel(const NvCubin *c, unsigned idx, NvCubinKernel *out)
{
    unsigned count = nv_cubin_symbol_count(c);
    NvCubinSymbol sym;

    for (unsigned i = 0; i < count; i++) {
        if (nv_cubin_symbol(c, i, &sym) && is_kernel(&sym) && idx-- == 0) {
            return kernel_from_symbol(c, i, out);
        }
    }
    memset(out, 0, sizeof(*out));
    return false;
}

bool nv_cubin_find_kernel(const NvCubin *c, const char *name, NvCubinKernel *out)
{
    unsigned count = nv_cubin_symbol_count(c);
    NvCubinSymbol sym;

    for (unsigned i = 0; i < count; i++) {
        if (nv_cubin_symbol(c, i, &sym) && is_kernel(&sym) && !strcmp(sym.name, name)) {
            return kernel_from_symbol(c, i, out);
        }
    }
    memset(out, 0, sizeof(*out));
    return false;
}

bool nv_cubin_kernel_param(const NvCubin *c, const NvCubinKernel *k, unsigned idx,
                           NvCubinParam *out)
{
    NvCubinSection s;
    InfoRec r;
    uint64_t pos = 0;

    memset(out, 0, sizeof(*out));
    if (!k->info_section || !nv_cubin_section(c, k->info_section, &s)) {
        return false;
    }
    while (info_next(&s, &pos, &r)) {
        if (r.fmt == EIFMT_SVAL && is_param_record(&r) && idx-- == 0) {
            out->ordinal = rd(r.data + 4, 2);
            out->offset = rd(r.data + 6, 2);
            /* the first form packs the size into bits 18..31, the second keeps it plain */
            out->size = r.attr == EIATTR_KPARAM_INFO ? rd(r.data + 8, 4) >> 18 : rd(r.data + 8, 2);
            return true;
        }
    }
    return false;
}

unsigned nv_cubin_const_bank(const NvCubin *c, const NvCubinKernel *k, unsigned bank)
{
    char prefix[32];
    unsigned idx = 0;

    snprintf(prefix, sizeof(prefix), ".nv.constant%u.", bank);
    if (k) {
        idx = find_section_named(c, prefix, k->name);
    }
    if (!idx) {
        prefix[strlen(prefix) - 1] = '\0';         /* the module-wide bank */
        idx = nv_cubin_find_section(c, prefix);
    }
    return idx;
}
