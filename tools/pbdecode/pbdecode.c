/*
 * pbdecode: prints the methods of a pushbuffer by class and method name,
 * with their fields (in the spirit of envytools' demmt). The headers are
 * decoded by the model's own decoder (host/pb.c), one dword at a time, so
 * every method line can name the VA of its header.
 *
 *   pbdecode [--trace|--raw|--hex] FILE [--subch N=CLASS]... [--channel N]
 *            [--va ADDR] [--no-fields]
 *
 * --trace: a QEMU trace log; its nvgpu_pb_fetch lines are the dwords each
 * channel consumed, decoded per channel (own decoder state and subchannel
 * bindings). --raw: little-endian binary dwords, one stream. --hex: text
 * dwords separated by white space ("0x" optional, '#' comments). Without
 * one of them, FILE is a trace if it is text naming nvgpu_ events, hex
 * dwords if it is other text, raw otherwise. --subch N=CLASS binds a class
 * (hex) to subchannel N before any stream starts, as the hardware does for
 * the copy engine (no SET_OBJECT); --channel N keeps one channel of a
 * trace; --va ADDR is the VA of a raw or hex stream's first dword (0).
 *
 * One line per method; a bad header is printed and skipped (decoding goes
 * on at the next dword). Exit status 0 on success, 1 on unreadable input
 * (a malformed trace line, a bad hex token, a partial dword: reported on
 * stderr, the rest still decoded), 2 on bad usage.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "hw/nvidia/cl-c46f.h"
#include "hw/nvidia/nv-host.h"
#include "hw/nvidia/nv-trace.h"
#include "host/classes.h"
#include "host/pb.h"

#define NO_CLASS        (-1)            /* an unbound subchannel */
#define LINE_BYTES      8192            /* a trace line; a full nvgpu_pb_fetch is ~2.4 KB */
#define TOKEN_BYTES     32              /* a hex dword token */
#define SNIFF_BYTES     65536           /* what is read to guess the input kind */
#define FETCH_EVENT     "nvgpu_pb_fetch "

typedef enum InputKind { INPUT_GUESS, INPUT_TRACE, INPUT_RAW, INPUT_HEX } InputKind;

typedef struct Options {
    InputKind kind;
    const char *path;
    int32_t bound[NV_SUBCHANNELS];      /* --subch: class numbers, or NO_CLASS */
    bool one_channel, fields, va_given;
    uint32_t channel;
    uint64_t va;
} Options;

/* One pushbuffer stream: a channel of a trace, or the whole raw/hex input. */
typedef struct Stream {
    NvPbState pb;
    int32_t bound[NV_SUBCHANNELS];
    uint64_t hdr_va;                    /* the header the current methods come from */
    bool traced;                        /* a trace's channel: lines start "ch N" */
    uint32_t chid;
    bool fields;
} Stream;

static void report(const char *fmt, va_list ap)
{
    fprintf(stderr, "pbdecode: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
}

static void G_GNUC_PRINTF(1, 2) warn(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    report(fmt, ap);
    va_end(ap);
}

static void G_GNUC_PRINTF(2, 3) G_GNUC_NORETURN die(int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    report(fmt, ap);
    va_end(ap);
    exit(code);
}

/* ---- printing methods ---- */

static void stream_init(Stream *s, const Options *o, bool traced, uint32_t chid, uint64_t va)
{
    nv_pb_reset(&s->pb);
    memcpy(s->bound, o->bound, sizeof(s->bound));
    s->hdr_va = va;
    s->traced = traced;
    s->chid = chid;
    s->fields = o->fields;
}

static void print_origin(const Stream *s)
{
    if (s->traced) {
        printf("ch %" PRIu32 " ", s->chid);
    }
    printf("va 0x%" PRIx64, s->hdr_va);
}

/* The class a method goes to: the host class below 0x100, else the subchannel's. */
static const NvClass *method_class(const Stream *s, uint32_t subch, uint32_t mthd)
{
    int row;

    if (mthd < NV_HOST_METHOD_LIMIT) {
        return &nv_classes[NV_CLASS_HOST];
    }
    row = s->bound[subch] == NO_CLASS ? NV_CLASS_NONE : nv_class_row((uint32_t)s->bound[subch]);
    return row == NV_CLASS_NONE ? NULL : &nv_classes[row];
}

/* CLASS.METHOD, or the offset where the class or the method is unknown. */
static void print_method_name(const Stream *s, const NvClass *cls, uint32_t subch,
                              uint32_t mthd)
{
    char buf[128];
    const char *name = cls ? nv_method_name(cls, mthd, buf, sizeof(buf)) : NULL;

    if (cls) {
        printf("%s.", cls->name);
    } else if (s->bound[subch] == NO_CLASS) {
        printf("?.");
    } else {
        printf("0x%04" PRIx32 ".", (uint32_t)s->bound[subch]);
    }
    if (name) {
        printf("%s", name);
    } else {
        printf("0x%04" PRIx32, mthd);
    }
}

static uint32_t field_value(uint32_t data, const NvFieldName *f)
{
    uint64_t mask = (UINT64_C(1) << (f->length > 32 ? 32 : f->length)) - 1;

    return f->shift >= 32 ? 0 : (uint32_t)((data >> f->shift) & mask);
}

/* " (NAME=0x1 ...)": every field of the method, in hex. */
static void print_fields(const NvClass *cls, uint32_t mthd, uint32_t data)
{
    unsigned n;
    const NvFieldName *f = nv_method_fields(cls, mthd, &n);

    for (unsigned i = 0; i < n; i++) {
        printf("%s%s=0x%" PRIx32, i ? " " : " (", f[i].name, field_value(data, &f[i]));
    }
    if (n) {
        printf(")");
    }
}

static NvSinkResult print_method(void *opaque, uint32_t subch, uint32_t mthd, uint32_t data)
{
    Stream *s = opaque;
    const NvClass *cls = method_class(s, subch, mthd);

    print_origin(s);
    printf(" subch %" PRIu32 " ", subch);
    print_method_name(s, cls, subch, mthd);
    printf(" = 0x%08" PRIx32, data);
    if (s->fields && cls) {
        print_fields(cls, mthd, data);
    }
    printf("\n");
    if (mthd == A_C46F_SET_OBJECT) {
        s->bound[subch] = (int32_t)NV_FEX32(data, C46F_SET_OBJECT, NVCLASS);
    }
    return NV_SINK_OK;
}

/* Decodes the dword at va: a header, immediate data, or a method's data. */
static void decode_dword(Stream *s, uint32_t dw, uint64_t va)
{
    NvPbSink sink = { s, print_method, NULL };
    size_t used;
    uint32_t bad = 0;

    if (s->pb.count == 0) {
        s->hdr_va = va;         /* not a data dword: a header (or immediate data) */
    }
    switch (nv_pb_decode(&s->pb, &dw, 1, &sink, &used, &bad)) {
    case NV_PB_BAD_ENTRY:
        if (s->traced) {
            printf("ch %" PRIu32 " ", s->chid);
        }
        printf("bad pushbuffer entry 0x%08" PRIx32 " at va 0x%" PRIx64
               ", decoding goes on at the next dword\n", bad, va);
        break;
    case NV_PB_END_SEGMENT:
        print_origin(s);
        printf(" END_PB_SEGMENT\n");
        break;
    default:
        break;
    }
}

/* ---- numbers ---- */

static bool is_digit_of(int c, int base)
{
    return base == 16 ? isxdigit(c) : isdigit(c);
}

/* An unsigned number of at most max at *p: digits only (no sign, space or "0x"). */
static bool parse_number(const char **p, int base, uint64_t max, uint64_t *v)
{
    const char *q = *p;
    char *end;
    unsigned long long x;

    while (is_digit_of((unsigned char)*q, base)) {
        q++;
    }
    if (q == *p) {
        return false;
    }
    errno = 0;
    x = strtoull(*p, &end, base);
    if (errno || end != q || x > max) {
        return false;
    }
    *p = end;
    *v = x;
    return true;
}

static void skip_hex_prefix(const char **p)
{
    if ((*p)[0] == '0' && ((*p)[1] == 'x' || (*p)[1] == 'X')) {
        *p += 2;
    }
}

static bool skip_literal(const char **p, const char *lit)
{
    size_t n = strlen(lit);

    if (strncmp(*p, lit, n)) {
        return false;
    }
    *p += n;
    return true;
}

/* ---- trace logs ---- */

typedef struct Fetch {
    uint32_t chid, count;
    uint64_t va;
    uint32_t dw[NV_TRACE_PB_MAX_DWORDS];
} Fetch;

/* "ch C va 0xV count N:" */
static bool parse_fetch_head(const char **p, Fetch *f)
{
    uint64_t chid, va, count;

    if (!skip_literal(p, "ch ") || !parse_number(p, 10, UINT32_MAX, &chid) ||
        !skip_literal(p, " va 0x") || !parse_number(p, 16, UINT64_MAX, &va) ||
        !skip_literal(p, " count ") || !parse_number(p, 10, NV_TRACE_PB_MAX_DWORDS, &count) ||
        !skip_literal(p, ":")) {
        return false;
    }
    f->chid = (uint32_t)chid;
    f->va = va;
    f->count = (uint32_t)count;
    return true;
}

/* The rest of an nvgpu_pb_fetch line: its head, then exactly count hex dwords. */
static bool parse_fetch(const char *p, Fetch *f)
{
    if (!parse_fetch_head(&p, f)) {
        return false;
    }
    for (uint32_t i = 0; i < f->count; i++) {
        const char *start;
        uint64_t v;

        if (!skip_literal(&p, " ")) {
            return false;
        }
        start = p;
        if (!parse_number(&p, 16, UINT32_MAX, &v) || p - start > 8) {
            return false;
        }
        f->dw[i] = (uint32_t)v;
    }
    while (*p == ' ' || *p == '\r' || *p == '\n') {
        p++;
    }
    return *p == 0;
}

/* The text after the event name, if the line is an nvgpu_pb_fetch event. */
static const char *fetch_event(const char *line)
{
    const char *e = strstr(line, FETCH_EVENT);

    /* the event starts the line, or follows a "pid@seconds:" prefix */
    if (!e || (e != line && e[-1] != ':')) {
        return NULL;
    }
    return e + strlen(FETCH_EVENT);
}

/* Reads one line into buf; *too_long when it did not fit (the rest is skipped). */
static bool read_line(FILE *f, char *buf, size_t size, bool *too_long)
{
    size_t len;
    int c;

    if (!fgets(buf, (int)size, f)) {
        return false;
    }
    len = strlen(buf);
    *too_long = len == size - 1 && buf[len - 1] != '\n' && !feof(f);
    if (*too_long) {
        while ((c = fgetc(f)) != EOF && c != '\n') {
        }
    }
    return true;
}

static Stream *channel_stream(GHashTable *channels, const Options *o, const Fetch *f)
{
    Stream *s = g_hash_table_lookup(channels, GUINT_TO_POINTER(f->chid));

    if (!s) {
        s = g_new0(Stream, 1);
        stream_init(s, o, true, f->chid, f->va);
        g_hash_table_insert(channels, GUINT_TO_POINTER(f->chid), s);
    }
    return s;
}

static void decode_fetch(GHashTable *channels, const Options *o, const Fetch *f)
{
    Stream *s;

    if (o->one_channel && f->chid != o->channel) {
        return;
    }
    s = channel_stream(channels, o, f);
    for (uint32_t i = 0; i < f->count; i++) {
        decode_dword(s, f->dw[i], f->va + 4 * (uint64_t)i);
    }
}

/* Decodes every nvgpu_pb_fetch line; false if one could not be read. */
static bool decode_trace(FILE *in, const Options *o)
{
    GHashTable *channels = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    char *line = g_malloc(LINE_BYTES);
    Fetch *f = g_new(Fetch, 1);
    unsigned long lineno = 0, fetches = 0;
    bool ok = true, too_long;

    while (read_line(in, line, LINE_BYTES, &too_long)) {
        const char *rest = fetch_event(line);

        lineno++;
        if (!rest) {
            continue;
        }
        fetches++;
        if (too_long || !parse_fetch(rest, f)) {
            warn("%s:%lu: malformed nvgpu_pb_fetch line, skipped", o->path, lineno);
            ok = false;
            continue;
        }
        decode_fetch(channels, o, f);
    }
    if (!fetches) {
        warn("%s: no nvgpu_pb_fetch lines (record with -trace nvgpu_pb_fetch)", o->path);
        ok = false;
    }
    g_free(f);
    g_free(line);
    g_hash_table_destroy(channels);
    return ok;
}

/* ---- raw and hex dwords ---- */

static bool decode_raw(FILE *in, const Options *o)
{
    Stream s;
    uint8_t b[4096];
    uint64_t va = o->va;
    size_t n, i = 0;

    stream_init(&s, o, false, 0, va);
    while ((n = fread(b + i, 1, sizeof(b) - i, in)) > 0) {
        size_t have = i + n;

        for (i = 0; i + 4 <= have; i += 4, va += 4) {
            decode_dword(&s, (uint32_t)b[i] | (uint32_t)b[i + 1] << 8 |
                             (uint32_t)b[i + 2] << 16 | (uint32_t)b[i + 3] << 24, va);
        }
        memmove(b, b + i, have - i);
        i = have - i;
    }
    if (ferror(in)) {
        warn("%s: read error", o->path);
        return false;
    }
    if (i) {
        warn("%s: %zu trailing bytes (not a whole dword) ignored", o->path, i);
        return false;
    }
    return true;
}

/* Skips white space and '#' comments; returns the next other character, or EOF. */
static int skip_blanks(FILE *in, unsigned long *lineno)
{
    int c;

    while ((c = fgetc(in)) != EOF) {
        if (c == '#') {
            while ((c = fgetc(in)) != EOF && c != '\n') {
            }
        }
        if (c == '\n') {
            (*lineno)++;
        } else if (c == EOF || !isspace(c)) {
            return c;
        }
    }
    return EOF;
}

/* The next token, cut at size - 1 characters (a longer one is no dword anyway). */
static bool next_token(FILE *in, char *tok, size_t size, unsigned long *lineno)
{
    size_t n = 0;
    int c = skip_blanks(in, lineno);

    if (c == EOF) {
        return false;
    }
    for (; c != EOF && !isspace(c) && c != '#'; c = fgetc(in)) {
        if (n + 1 < size) {
            tok[n++] = (char)c;
        }
    }
    if (c != EOF) {
        ungetc(c, in);
    }
    tok[n] = 0;
    return true;
}

static bool parse_hex_dword(const char *tok, uint32_t *dw)
{
    const char *p = tok;
    uint64_t v;

    skip_hex_prefix(&p);
    if (strlen(p) > 8 || !parse_number(&p, 16, UINT32_MAX, &v) || *p) {
        return false;
    }
    *dw = (uint32_t)v;
    return true;
}

static bool decode_hex(FILE *in, const Options *o)
{
    Stream s;
    char tok[TOKEN_BYTES];
    unsigned long lineno = 1;
    uint64_t va = o->va;
    uint32_t dw;

    stream_init(&s, o, false, 0, va);
    while (next_token(in, tok, sizeof(tok), &lineno)) {
        if (!parse_hex_dword(tok, &dw)) {
            warn("%s:%lu: not a hex dword: \"%s\"; stopped", o->path, lineno, tok);
            return false;
        }
        decode_dword(&s, dw, va);
        va += 4;
    }
    return true;
}

/* ---- the input kind ---- */

static bool is_text(const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (b[i] < 0x20 && !isspace(b[i])) {
            return false;
        }
    }
    return true;
}

/* A trace if the start is text naming nvgpu_ events, hex if other text, else raw. */
static InputKind guess_kind(FILE *in, const char *path)
{
    char *b = g_malloc(SNIFF_BYTES + 1);
    size_t n = fread(b, 1, SNIFF_BYTES, in);
    InputKind kind = INPUT_RAW;

    b[n] = 0;
    if (is_text((unsigned char *)b, n)) {
        kind = strstr(b, "nvgpu_") ? INPUT_TRACE : INPUT_HEX;
    }
    g_free(b);
    if (ferror(in) || fseek(in, 0, SEEK_SET)) {
        die(1, "%s: cannot read it twice to guess its kind; name --trace, --raw or --hex",
            path);
    }
    return kind;
}

/* ---- options ---- */

#define USAGE "usage: pbdecode [--trace|--raw|--hex] FILE [--subch N=CLASS]... " \
              "[--channel N] [--va ADDR] [--no-fields]\n"

static void G_GNUC_PRINTF(1, 2) G_GNUC_NORETURN usage(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    report(fmt, ap);
    va_end(ap);
    fprintf(stderr, USAGE);
    exit(2);
}

static void parse_subch(Options *o, const char *arg)
{
    const char *p = arg;
    uint64_t subch, cls;

    if (parse_number(&p, 10, NV_SUBCHANNELS - 1, &subch) && skip_literal(&p, "=")) {
        skip_hex_prefix(&p);
        if (parse_number(&p, 16, 0xffff, &cls) && !*p) {
            o->bound[subch] = (int32_t)cls;
            return;
        }
    }
    usage("--subch %s: N=CLASS wanted, a subchannel 0-7 and a hex class (4=c5b5)", arg);
}

static uint64_t parse_option_number(const char *opt, const char *arg, int base, uint64_t max)
{
    const char *p = arg;
    uint64_t v;

    if (base == 16) {
        skip_hex_prefix(&p);
    }
    if (!parse_number(&p, base, max, &v) || *p) {
        usage("%s: bad number \"%s\"", opt, arg);
    }
    return v;
}

static void set_input(Options *o, InputKind kind, const char *path)
{
    if (o->path) {
        usage("one input file only (\"%s\" and \"%s\")", o->path, path);
    }
    o->kind = kind;
    o->path = path;
}

/* The option opt with its value v (NULL: none was given). */
static void parse_value_option(Options *o, const char *opt, const char *v)
{
    static const char *const kinds[] = { [INPUT_TRACE] = "--trace", [INPUT_RAW] = "--raw",
                                         [INPUT_HEX] = "--hex" };
    InputKind k = INPUT_TRACE;

    while (k <= INPUT_HEX && strcmp(opt, kinds[k])) {
        k++;
    }
    if (k > INPUT_HEX && strcmp(opt, "--subch") && strcmp(opt, "--channel") &&
        strcmp(opt, "--va")) {
        usage("unknown option %s", opt);
    }
    if (!v) {
        usage("%s wants a value", opt);
    }
    if (k <= INPUT_HEX) {
        set_input(o, k, v);
    } else if (!strcmp(opt, "--subch")) {
        parse_subch(o, v);
    } else if (!strcmp(opt, "--channel")) {
        o->one_channel = true;
        o->channel = (uint32_t)parse_option_number(opt, v, 10, UINT32_MAX);
    } else {
        o->va_given = true;
        o->va = parse_option_number(opt, v, 16, UINT64_MAX - 3);
    }
}

/* The argument argv[i] (and its value); returns how many arguments it took. */
static int parse_option(Options *o, int argc, char **argv, int i)
{
    const char *a = argv[i];

    if (!strcmp(a, "--no-fields")) {
        o->fields = false;
        return 1;
    }
    if (a[0] != '-' || a[1] == 0) {
        set_input(o, INPUT_GUESS, a);
        return 1;
    }
    parse_value_option(o, a, i + 1 < argc ? argv[i + 1] : NULL);
    return 2;
}

static void parse_options(Options *o, int argc, char **argv)
{
    *o = (Options) { .kind = INPUT_GUESS, .fields = true };
    for (unsigned i = 0; i < NV_SUBCHANNELS; i++) {
        o->bound[i] = NO_CLASS;
    }
    for (int i = 1; i < argc;) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf(USAGE);
            exit(0);
        }
        i += parse_option(o, argc, argv, i);
    }
    if (!o->path) {
        usage("no input file");
    }
}

static void check_options_fit(const Options *o)
{
    if (o->kind == INPUT_TRACE && o->va_given) {
        usage("--va is for raw and hex input (a trace names its VAs)");
    }
    if (o->kind != INPUT_TRACE && o->one_channel) {
        usage("--channel is for trace input (raw and hex input is one stream)");
    }
}

int main(int argc, char **argv)
{
    Options o;
    FILE *in;
    bool ok;

    parse_options(&o, argc, argv);
    in = fopen(o.path, "rb");
    if (!in) {
        die(1, "%s: %s", o.path, strerror(errno));
    }
    if (o.kind == INPUT_GUESS) {
        o.kind = guess_kind(in, o.path);
    }
    check_options_fit(&o);
    ok = o.kind == INPUT_TRACE ? decode_trace(in, &o)
         : o.kind == INPUT_RAW ? decode_raw(in, &o) : decode_hex(in, &o);
    fclose(in);
    return ok ? 0 : 1;
}
