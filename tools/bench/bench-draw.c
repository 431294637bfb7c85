/*
 * make bench: the 3D class's fill rate (a flat-shaded quad over a 512x512
 * RGBA8 target) and triangle rate (a strip of 1000 small triangles), each
 * with one SM worker and with one per host core, over the unit tests' fake
 * memory (tests/unit/draw-harness.c). Figures are min / median / max of
 * five runs of at least a second each (bench-stats.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>

#include "bench-stats.h"
#include "draw-harness.h"

#define FILL_SIZE   512u
#define STRIP_TRIS  1000u

typedef struct DrawBench {
    Ctx *c;
    uint32_t vertices;
    double units;           /* pixels or triangles per draw */
} DrawBench;

static bool draw_unit(void *ctx, double *units)
{
    DrawBench *b = ctx;

    draw_arrays(b->c, NV_3D_OP_TRIANGLE_STRIP, 0, b->vertices);
    *units = b->units;
    return b->c->f->errors == 0;
}

/* The whole target as a two-triangle strip. */
static void fill_setup(DrawBench *b)
{
    const float rgba[4] = { 0.25f, 0.5f, 0.75f, 1.0f };

    vertex(b->c, 0, 0, 0, 0.5f, rgba);
    vertex(b->c, 1, FILL_SIZE, 0, 0.5f, rgba);
    vertex(b->c, 2, 0, FILL_SIZE, 0.5f, rgba);
    vertex(b->c, 3, FILL_SIZE, FILL_SIZE, 0.5f, rgba);
    b->vertices = 4;
    b->units = (double)FILL_SIZE * FILL_SIZE;
}

/* A zigzag strip along the top rows: triangles of about two pixels each. */
static void strip_setup(DrawBench *b)
{
    const float rgba[4] = { 1.0f, 0.5f, 0.25f, 1.0f };

    for (unsigned i = 0; i < STRIP_TRIS + 2; i++) {
        vertex(b->c, i, 0.5f * i, (i & 1) ? 8.0f : 0.0f, 0.5f, rgba);
    }
    b->vertices = STRIP_TRIS + 2;
    b->units = STRIP_TRIS;
}

static void figure(const char *what, void (*setup)(DrawBench *), unsigned workers,
                   double scale, const char *unit, double *median)
{
    DrawBench b = { .c = draw_ctx_new(FILL_SIZE, FILL_SIZE, workers) };
    BenchFigure f;

    pixel_shader(b.c, NV_SPH_IMAP_CONSTANT);
    setup(&b);
    printf("  %-44s", what);
    if (bench_measure(draw_unit, &b, &f)) {
        bench_print(&f, scale, unit);
        *median = f.median;
    } else {
        printf("failed (%s)", b.c->f->last_error);
    }
    printf("\n");
    draw_ctx_free(b.c);
}

int main(void)
{
    unsigned cores = g_get_num_processors();
    double m1 = 0, mn = 0;

    printf("== 3D class: draws over a fake memory, shaders on the SM interpreter\n");
    bench_print_load("before");
    figure("fill rate, flat quad 512x512, 1 worker", fill_setup, 1, 1e6, "M pixels/s", &m1);
    figure("fill rate, flat quad 512x512, all workers", fill_setup, cores, 1e6, "M pixels/s",
           &mn);
    printf("  fill rate: %u workers / 1 worker = %.2fx\n", cores, m1 ? mn / m1 : 0);
    figure("triangle rate, strip of 1000, 1 worker", strip_setup, 1, 1e3, "K triangles/s",
           &m1);
    figure("triangle rate, strip of 1000, all workers", strip_setup, cores, 1e3,
           "K triangles/s", &mn);
    printf("  triangle rate: %u workers / 1 worker = %.2fx\n", cores, m1 ? mn / m1 : 0);
    bench_print_load("after");
    return 0;
}
