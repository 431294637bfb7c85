/*
 * The PASS:/FAIL: lines of the in-guest test programs (one per check, read
 * by the test scripts); failed is the program's exit status.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_GUEST_GUEST_REPORT_H
#define TESTS_GUEST_GUEST_REPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int failed;

__attribute__((format(printf, 2, 3)))
static bool report(bool ok, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fputs(ok ? "PASS: " : "FAIL: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    fflush(stdout);
    failed |= !ok;
    return ok;
}

#endif
