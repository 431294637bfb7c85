/*
 * What makes a benchmark figure trustworthy (make bench): each figure is
 * the rate of one measured unit of work repeated until at least
 * BENCH_MIN_SECS have passed, measured BENCH_RUNS times; min / median /
 * max are printed, with the machine's load average beside them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TOOLS_BENCH_BENCH_STATS_H
#define TOOLS_BENCH_BENCH_STATS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BENCH_RUNS      5
#define BENCH_MIN_SECS  1.0

/* One unit of work: false on an error; *units what it did (instructions, bytes...). */
typedef bool (*BenchUnit)(void *ctx, double *units);

typedef struct BenchFigure {
    double rate[BENCH_RUNS];        /* units per second, sorted */
    double min, median, max;
} BenchFigure;

static inline double bench_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Measures unit BENCH_RUNS times, each for at least BENCH_MIN_SECS; false on an error. */
static inline bool bench_measure(BenchUnit unit, void *ctx, BenchFigure *f)
{
    for (int r = 0; r < BENCH_RUNS; r++) {
        double units = 0, t0 = bench_now(), t;

        do {
            double u = 0;

            if (!unit(ctx, &u)) {
                return false;
            }
            units += u;
            t = bench_now() - t0;
        } while (t < BENCH_MIN_SECS);
        f->rate[r] = units / t;
    }
    qsort(f->rate, BENCH_RUNS, sizeof(f->rate[0]), bench_cmp);
    f->min = f->rate[0];
    f->median = f->rate[BENCH_RUNS / 2];
    f->max = f->rate[BENCH_RUNS - 1];
    return true;
}

/* "min / median / max" of a figure scaled by 1/scale, in a fixed-width column. */
static inline void bench_print(const BenchFigure *f, double scale, const char *unit)
{
    printf("%9.2f / %9.2f / %9.2f %s", f->min / scale, f->median / scale, f->max / scale, unit);
}

/* The machine's load averages (1, 5, 15 minutes), as a line. */
static inline void bench_print_load(const char *when)
{
    double l[3];

    if (getloadavg(l, 3) == 3) {
        printf("  load average %s: %.2f %.2f %.2f\n", when, l[0], l[1], l[2]);
    }
}

#endif
