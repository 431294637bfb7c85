/*
 * printf conversions as both sides parse them: the device to size the
 * argument blob ptxas laid out (each argument at its natural alignment,
 * integers of int size and below promoted to 4 bytes, float to double), the
 * host to print it. Compiled by nvcc and by the host compiler.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef NVQ_DEVLIB_FORMAT_H
#define NVQ_DEVLIB_FORMAT_H

#ifdef __CUDACC__
#define NVQ_FMT_FN __device__ static inline
#else
#define NVQ_FMT_FN static inline
#endif

typedef struct NvqConv {
    unsigned start, end;    /* the conversion's characters in the format: [start, end) */
    unsigned star_width, star_prec;  /* '*' fields: each takes an int argument first */
    unsigned size;          /* bytes of the argument: 0 (%%, unknown), 4 or 8 */
    char conv;              /* the conversion character */
    char length;            /* 0, 'h', 'H' (hh), 'l' (l, ll, z, j, t) or 'L' */
} NvqConv;

NVQ_FMT_FN int nvq_fmt_is(char c, const char *set)
{
    for (; *set; set++) {
        if (c == *set) {
            return 1;
        }
    }
    return 0;
}

/*
 * The next conversion in fmt[0..len) from *pos: 1 with *cv filled and *pos
 * past it, 0 when there is none. Literal text is skipped.
 */
NVQ_FMT_FN int nvq_fmt_next(const char *fmt, unsigned len, unsigned *pos, NvqConv *cv)
{
    unsigned i = *pos;

    while (i < len && fmt[i] != '%') {
        i++;
    }
    if (i >= len) {
        *pos = len;
        return 0;
    }
    cv->start = i++;
    cv->star_width = cv->star_prec = 0;
    cv->length = 0;
    while (i < len && nvq_fmt_is(fmt[i], "-+ #0")) {
        i++;
    }
    if (i < len && fmt[i] == '*') {
        cv->star_width = 1;
        i++;
    }
    while (i < len && fmt[i] >= '0' && fmt[i] <= '9') {
        i++;
    }
    if (i < len && fmt[i] == '.') {
        i++;
        if (i < len && fmt[i] == '*') {
            cv->star_prec = 1;
            i++;
        }
        while (i < len && fmt[i] >= '0' && fmt[i] <= '9') {
            i++;
        }
    }
    while (i < len && nvq_fmt_is(fmt[i], "hlzjtL")) {
        cv->length = fmt[i] == 'h' ? (cv->length == 'h' ? 'H' : 'h') : fmt[i] == 'L' ? 'L' : 'l';
        i++;
    }
    cv->conv = i < len ? fmt[i++] : 0;
    cv->end = i;
    if (nvq_fmt_is(cv->conv, "diouxXc")) {
        cv->size = cv->length == 'l' ? 8 : 4;
    } else if (nvq_fmt_is(cv->conv, "eEfFgGaAspn")) {
        cv->size = 8;
    } else {
        cv->size = 0;       /* %% or something printf does not know: no argument */
        cv->star_width = cv->star_prec = 0;
    }
    *pos = i;
    return 1;
}

#endif
