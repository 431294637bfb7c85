/*
 * Unit tests of the pushbuffer decoder against a recording sink: every
 * header kind, data continuing across segments, retry, subdevice masks,
 * END_PB_SEGMENT and malformed headers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>

#include "hw/nvidia/nv-host.h"
#include "host/pb.h"

#define MAX_REC 64

typedef struct Rec {
    unsigned n;
    uint32_t subch[MAX_REC], mthd[MAX_REC], data[MAX_REC];
    uint32_t retry_mthd;        /* RETRY this method while retries > 0 */
    unsigned retries;
    uint32_t stop_mthd;         /* STOP after this method */
} Rec;

static NvSinkResult rec_method(void *opaque, uint32_t subch, uint32_t mthd, uint32_t data)
{
    Rec *r = opaque;

    if (r->retries && mthd == r->retry_mthd) {
        r->retries--;
        return NV_SINK_RETRY;
    }
    g_assert_cmpuint(r->n, <, MAX_REC);
    r->subch[r->n] = subch;
    r->mthd[r->n] = mthd;
    r->data[r->n] = data;
    r->n++;
    return r->stop_mthd && mthd == r->stop_mthd ? NV_SINK_STOP : NV_SINK_OK;
}

static uint32_t hdr(uint32_t sec, uint32_t subch, uint32_t mthd, uint32_t count)
{
    return sec << 29 | count << 16 | subch << 13 | mthd >> 2;
}

static NvPbResult run(NvPbState *st, Rec *r, const uint32_t *dw, size_t n, size_t *used)
{
    NvPbSink sink = { r, rec_method, NULL };
    uint32_t bad = 0;

    return nv_pb_decode(st, dw, n, &sink, used, &bad);
}

static void expect(const Rec *r, unsigned i, uint32_t subch, uint32_t mthd, uint32_t data)
{
    g_assert_cmpuint(i, <, r->n);
    g_assert_cmpuint(r->subch[i], ==, subch);
    g_assert_cmphex(r->mthd[i], ==, mthd);
    g_assert_cmphex(r->data[i], ==, data);
}

static void test_kinds(void)
{
    const uint32_t pb[] = {
        0,                                              /* NOP */
        hdr(NV_PB_SEC_INC_METHOD, 4, 0x400, 3), 1, 2, 3,
        hdr(NV_PB_SEC_NON_INC_METHOD, 1, 0x200, 2), 4, 5,
        hdr(NV_PB_SEC_ONE_INC, 2, 0x300, 3), 6, 7, 8,
        hdr(NV_PB_SEC_IMMD_DATA, 3, 0x104, 0x1abc),     /* immediate: data 13 bits */
        0x00040000 | 5 << 13 | 0x510, 9,                /* legacy incrementing: address in 12:2 */
        0x40040000 | 6 << 13 | 0x520, 10,               /* legacy non-incrementing */
        hdr(NV_PB_SEC_INC_METHOD, 0, 0x10, 0),          /* count 0: no data follows */
    };
    NvPbState st;
    Rec r = { 0 };
    size_t used;

    nv_pb_reset(&st);
    g_assert_cmpint(run(&st, &r, pb, G_N_ELEMENTS(pb), &used), ==, NV_PB_DONE);
    g_assert_cmpuint(used, ==, G_N_ELEMENTS(pb));
    g_assert_cmpuint(r.n, ==, 11);
    expect(&r, 0, 4, 0x400, 1);
    expect(&r, 1, 4, 0x404, 2);
    expect(&r, 2, 4, 0x408, 3);
    expect(&r, 3, 1, 0x200, 4);
    expect(&r, 4, 1, 0x200, 5);
    expect(&r, 5, 2, 0x300, 6);
    expect(&r, 6, 2, 0x304, 7);
    expect(&r, 7, 2, 0x304, 8);
    expect(&r, 8, 3, 0x104, 0x1abc);
    expect(&r, 9, 5, 0x510, 9);
    expect(&r, 10, 6, 0x520, 10);
}

/* Method data that continues in the next GP segment. */
static void test_continuation(void)
{
    const uint32_t seg1[] = { hdr(NV_PB_SEC_INC_METHOD, 4, 0x400, 4), 11, 12 };
    const uint32_t seg2[] = { 13, 14, hdr(NV_PB_SEC_IMMD_DATA, 0, 0x20, 1) };
    NvPbState st;
    Rec r = { 0 };
    size_t used;

    nv_pb_reset(&st);
    g_assert_cmpint(run(&st, &r, seg1, 3, &used), ==, NV_PB_DONE);
    g_assert_cmpuint(st.count, ==, 2);
    g_assert_cmpint(run(&st, &r, seg2, 3, &used), ==, NV_PB_DONE);
    g_assert_cmpuint(r.n, ==, 5);
    expect(&r, 2, 4, 0x408, 13);
    expect(&r, 3, 4, 0x40c, 14);
    expect(&r, 4, 0, 0x20, 1);
}

/* A retried method is presented again, at the same position, with the same state. */
static void test_retry_and_stop(void)
{
    const uint32_t pb[] = { hdr(NV_PB_SEC_INC_METHOD, 0, 0x10, 4), 1, 2, 3, 4, 0 };
    NvPbState st;
    Rec r = { .retry_mthd = 0x1c, .retries = 2, .stop_mthd = 0x14 };
    size_t used, at = 0;

    nv_pb_reset(&st);
    g_assert_cmpint(run(&st, &r, pb, 6, &used), ==, NV_PB_STOPPED);   /* stop after 0x14 */
    g_assert_cmpuint(used, ==, 3);
    at += used;
    g_assert_cmpint(run(&st, &r, pb + at, 6 - at, &used), ==, NV_PB_STOPPED); /* retry 0x1c */
    g_assert_cmpuint(used, ==, 1);
    at += used;
    g_assert_cmpint(run(&st, &r, pb + at, 6 - at, &used), ==, NV_PB_STOPPED);
    g_assert_cmpuint(used, ==, 0);
    g_assert_cmpint(run(&st, &r, pb + at, 6 - at, &used), ==, NV_PB_DONE);
    g_assert_cmpuint(r.n, ==, 4);
    expect(&r, 3, 0, 0x1c, 4);
}

static void test_subdevice_mask(void)
{
    const uint32_t pb[] = {
        0x00010000 | 0x2 << 4,                          /* SET mask 0x2: not us */
        hdr(NV_PB_SEC_INC_METHOD, 0, 0x10, 1), 0xdead,  /* skipped */
        0x00020000 | 0x1 << 4,                          /* STORE mask 0x1 */
        0x00030000,                                     /* USE: us again */
        hdr(NV_PB_SEC_INC_METHOD, 0, 0x14, 1), 0xbeef,
    };
    NvPbState st;
    Rec r = { 0 };
    size_t used;

    nv_pb_reset(&st);
    g_assert_cmpint(run(&st, &r, pb, G_N_ELEMENTS(pb), &used), ==, NV_PB_DONE);
    g_assert_cmpuint(r.n, ==, 1);
    expect(&r, 0, 0, 0x14, 0xbeef);
}

static void test_end_segment(void)
{
    const uint32_t pb[] = { hdr(NV_PB_SEC_IMMD_DATA, 0, 0x20, 0), 0xe0000000, 0x12345678 };
    NvPbState st;
    Rec r = { 0 };
    size_t used;

    nv_pb_reset(&st);
    g_assert_cmpint(run(&st, &r, pb, 3, &used), ==, NV_PB_END_SEGMENT);
    g_assert_cmpuint(used, ==, 2);
    g_assert_cmpuint(r.n, ==, 1);
}

static void test_bad_headers(void)
{
    const uint32_t bad[] = {
        0xc0000000 | 0x10,                      /* SEC_OP 6: reserved */
        0x40010000,                             /* GRP2 with TERT_OP 1 */
        0x00050000 | 0x1 << 4,                  /* subdevice op with stray count bits */
    };

    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        uint32_t pb[] = { hdr(NV_PB_SEC_IMMD_DATA, 0, 0x20, 7), bad[i], 0 };
        NvPbSink sink;
        NvPbState st;
        Rec r = { 0 };
        size_t used;
        uint32_t got = 0;

        sink = (NvPbSink) { &r, rec_method, NULL };
        nv_pb_reset(&st);
        g_assert_cmpint(nv_pb_decode(&st, pb, 3, &sink, &used, &got), ==, NV_PB_BAD_ENTRY);
        g_assert_cmpuint(used, ==, 1);
        g_assert_cmphex(got, ==, bad[i]);
        g_assert_cmpuint(r.n, ==, 1);
    }
}

/* Incrementing past the top of the method space wraps inside it. */
static void test_method_wrap(void)
{
    const uint32_t pb[] = { hdr(NV_PB_SEC_INC_METHOD, 0, 0x3ffc, 2), 1, 2 };
    NvPbState st;
    Rec r = { 0 };
    size_t used;

    nv_pb_reset(&st);
    run(&st, &r, pb, 3, &used);
    expect(&r, 0, 0, 0x3ffc, 1);
    expect(&r, 1, 0, 0x0000, 2);
}

/* A sink that takes runs of method 0x8 whole and counts them. */
typedef struct RunRec {
    Rec rec;
    size_t taken;
    uint32_t last;
    unsigned refused;
} RunRec;

static size_t rec_run(void *opaque, uint32_t subch, uint32_t mthd, const uint32_t *data, size_t n)
{
    RunRec *r = opaque;

    if (mthd != 0x8) {
        r->refused++;
        return 0;
    }
    r->taken += n;
    r->last = data[n - 1];
    return n;
}

/*
 * Runs of a non-incrementing method go to the sink's run callback whole, in
 * as many pieces as the fetches cut them into; the next header decodes as
 * usual, and other methods still arrive one by one (the sink asked once).
 */
static void test_runs(void)
{
    uint32_t pb[32];
    unsigned n = 0;
    NvPbState st;
    RunRec r = { .rec.n = 0 };
    NvPbSink sink = { &r, rec_method, rec_run };
    size_t used, total = 0;
    uint32_t bad = 0;

    pb[n++] = hdr(NV_PB_SEC_NON_INC_METHOD, 0, 0x8, 10);
    for (unsigned i = 0; i < 10; i++) {
        pb[n++] = 100 + i;
    }
    pb[n++] = hdr(NV_PB_SEC_NON_INC_METHOD, 1, 0x200, 3);
    pb[n++] = 1;
    pb[n++] = 2;
    pb[n++] = 3;
    pb[n++] = hdr(NV_PB_SEC_INC_METHOD, 1, 0x100, 2);
    pb[n++] = 7;
    pb[n++] = 8;
    nv_pb_reset(&st);
    /* fetches of 4 dwords: the NOP run arrives in pieces */
    while (total < n) {
        size_t chunk = MIN(4, n - total);

        g_assert_cmpint(nv_pb_decode(&st, pb + total, chunk, &sink, &used, &bad), ==,
                        NV_PB_DONE);
        g_assert_cmpuint(used, ==, chunk);
        total += used;
    }
    g_assert_cmpuint(r.taken, ==, 10);
    g_assert_cmpuint(r.last, ==, 109);
    g_assert_cmpuint(r.rec.n, ==, 5);
    g_assert_cmpuint(r.refused, ==, 1);
    expect(&r.rec, 0, 1, 0x200, 1);
    expect(&r.rec, 2, 1, 0x200, 3);
    expect(&r.rec, 3, 1, 0x100, 7);
    expect(&r.rec, 4, 1, 0x104, 8);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/pb/kinds", test_kinds);
    g_test_add_func("/pb/continuation", test_continuation);
    g_test_add_func("/pb/retry-stop", test_retry_and_stop);
    g_test_add_func("/pb/subdevice-mask", test_subdevice_mask);
    g_test_add_func("/pb/end-segment", test_end_segment);
    g_test_add_func("/pb/bad-headers", test_bad_headers);
    g_test_add_func("/pb/method-wrap", test_method_wrap);
    g_test_add_func("/pb/runs", test_runs);
    return g_test_run();
}
