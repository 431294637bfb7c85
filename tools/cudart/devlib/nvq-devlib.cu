/*
 * nvqemu's device library: the functions NVIDIA's driver supplies to device
 * code (vprintf for printf, __assertfail for assert, malloc and free), here
 * in CUDA C. It is compiled once with nvcc -rdc (scripts/build-devlib.sh) and
 * the cubin is committed; the runtime (tools/cudart/cudart-devlib.c) loads it
 * next to any module whose code calls them and resolves those calls to the
 * functions below (nvq_vprintf for vprintf, ...). They run on the model's SM
 * like any other code.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "devlib-abi.h"
#include "devlib-format.h"

__device__ NvqDevlibState nvq_devlib;

__device__ static unsigned str_len(const char *s)
{
    unsigned n = 0;

    while (n < NVQ_STR_MAX - 1 && s[n]) {
        n++;
    }
    return n;
}

__device__ static unsigned align8(unsigned n)
{
    return (n + 7u) & ~7u;
}

/* A record of len bytes in the FIFO, or NULL when it is full or missing. */
__device__ static NvqRecord *fifo_reserve(unsigned len)
{
    NvqFifoHeader *h = (NvqFifoHeader *)nvq_devlib.fifo;
    unsigned at;

    if (!h) {
        return 0;
    }
    at = atomicAdd(&h->head, len);
    if (at > h->size || h->size - at < len) {
        atomicAdd(&h->dropped, 1u);
        return 0;
    }
    return (NvqRecord *)((char *)(h + 1) + at);
}

__device__ static void fifo_commit(NvqRecord *r)
{
    NvqFifoHeader *h = (NvqFifoHeader *)nvq_devlib.fifo;

    __threadfence();
    atomicMax(&h->end, (unsigned)((char *)r - (char *)(h + 1)) + r->len);
}

/* Copies s (NULL prints as "(null)") cut to NVQ_STR_MAX; the end of the copy. */
__device__ static char *put_str(char *to, const char *s)
{
    unsigned n;

    if (!s) {
        s = "(null)";
    }
    n = str_len(s);
    for (unsigned i = 0; i < n; i++) {
        to[i] = s[i];
    }
    to[n] = 0;
    return to + n + 1;
}

/*
 * The blob bytes the compiler laid out for fmt's arguments, the bytes of its
 * strings, their number, and the number of arguments.
 */
__device__ static unsigned measure(const char *fmt, unsigned flen, const char *args,
                                   unsigned *blob, unsigned *strs, unsigned *nstr)
{
    unsigned pos = 0, off = 0, nargs = 0;
    NvqConv cv;

    *strs = flen + 1;
    *nstr = 1;
    while (nvq_fmt_next(fmt, flen, &pos, &cv)) {
        off += 4 * (cv.star_width + cv.star_prec);
        nargs += cv.star_width + cv.star_prec + (cv.size ? 1 : 0);
        if (!cv.size) {
            continue;
        }
        off = (off + cv.size - 1) & ~(cv.size - 1);
        if (cv.conv == 's') {
            const char *s = *(const char *const *)(args + off);

            *strs += (s ? str_len(s) : 6) + 1;
            ++*nstr;
        }
        off += cv.size;
    }
    *blob = off;
    return nargs;
}

/* vprintf: the number of arguments printed, or -1 (no format, or the FIFO is full). */
extern "C" __device__ int nvq_vprintf(const char *fmt, const char *args)
{
    unsigned flen, blob, strs, nstr, nargs, pos = 0, off = 0;
    NvqRecord *r;
    NvqConv cv;
    char *s;

    if (!fmt) {
        return -1;
    }
    flen = str_len(fmt);
    nargs = measure(fmt, flen, args, &blob, &strs, &nstr);
    r = fifo_reserve(sizeof(*r) + align8(blob) + align8(strs));
    if (!r) {
        return -1;
    }
    r->len = sizeof(*r) + align8(blob) + align8(strs);
    r->kind = NVQ_REC_PRINTF;
    r->args_len = align8(blob);
    r->nstr = nstr;
    for (unsigned i = 0; i < blob; i += 4) {
        ((unsigned *)(r + 1))[i / 4] = *(const unsigned *)(args + i);
    }
    s = put_str((char *)(r + 1) + align8(blob), fmt);
    while (nvq_fmt_next(fmt, flen, &pos, &cv)) {
        off += 4 * (cv.star_width + cv.star_prec);
        if (cv.size) {
            off = (off + cv.size - 1) & ~(cv.size - 1);
            if (cv.conv == 's') {
                s = put_str(s, *(const char *const *)(args + off));
            }
            off += cv.size;
        }
    }
    fifo_commit(r);
    return (int)nargs;
}

/* assert(): one record for the host to print, then a trap ends the kernel. */
extern "C" __device__ void nvq_assertfail(const char *message, const char *file, unsigned line,
                                          const char *function, size_t char_size)
{
    unsigned strs = (message ? str_len(message) : 6) + (file ? str_len(file) : 6) +
                    (function ? str_len(function) : 6) + 3;
    unsigned blob = align8(4 * NVQ_ASSERT_ARGS);
    NvqRecord *r = fifo_reserve(sizeof(*r) + blob + align8(strs));

    if (r) {
        unsigned *a = (unsigned *)(r + 1);

        r->len = sizeof(*r) + blob + align8(strs);
        r->kind = NVQ_REC_ASSERT;
        r->args_len = blob;
        r->nstr = 3;
        a[0] = line;
        a[1] = blockIdx.x;
        a[2] = blockIdx.y;
        a[3] = blockIdx.z;
        a[4] = threadIdx.x;
        a[5] = threadIdx.y;
        a[6] = threadIdx.z;
        put_str(put_str(put_str((char *)a + blob, message), file), function);
        fifo_commit(r);
    }
    __trap();
}

/* ---- the heap ---- */

/* Per size class: the chunk where a block was last found (a hint only). */
__device__ unsigned class_hint[NVQ_CLASSES];

__device__ static unsigned *chunk_state(unsigned i)
{
    return (unsigned *)nvq_devlib.chunk_state + i;
}

__device__ static char *chunk_base(unsigned i)
{
    return (char *)nvq_devlib.heap + ((size_t)i << NVQ_CHUNK_SHIFT);
}

__device__ static unsigned blocks_per_chunk(unsigned k)
{
    return (1u << NVQ_CHUNK_SHIFT) >> (4 + k);
}

/*
 * Reserves a block of class k in chunk i: a chunk of that class with room,
 * or a free chunk, which becomes one.
 */
__device__ static bool reserve(unsigned i, unsigned k)
{
    unsigned st = *(volatile unsigned *)chunk_state(i);

    for (;;) {
        unsigned want;

        if (st == NVQ_CHUNK_FREE) {
            want = NVQ_CHUNK_SMALL(k) + 1;
        } else if ((st & ~NVQ_CHUNK_COUNT_MASK) == NVQ_CHUNK_SMALL(k) &&
                   (st & NVQ_CHUNK_COUNT_MASK) < blocks_per_chunk(k)) {
            want = st + 1;
        } else {
            return false;
        }
        unsigned old = atomicCAS(chunk_state(i), st, want);
        if (old == st) {
            return true;
        }
        st = old;
    }
}

/* Gives a reservation of chunk i back; the last one frees the chunk. */
__device__ static void unreserve(unsigned i)
{
    unsigned st = *(volatile unsigned *)chunk_state(i), old;

    while ((old = atomicCAS(chunk_state(i), st,
                            (st & NVQ_CHUNK_COUNT_MASK) == 1 ? NVQ_CHUNK_FREE : st - 1)) != st) {
        st = old;
    }
}

/*
 * A free block of a chunk this thread holds a reservation in: one exists,
 * as reservations never outnumber blocks, and every failed atomicOr means
 * another reserved thread took one.
 */
__device__ static void *take_block(unsigned i, unsigned k)
{
    unsigned *bm = (unsigned *)nvq_devlib.bitmaps + (size_t)i * NVQ_BITMAP_WORDS;
    unsigned blocks = blocks_per_chunk(k);
    unsigned words = blocks < 32 ? 1 : blocks / 32;
    unsigned valid = blocks < 32 ? (1u << blocks) - 1 : ~0u;

    for (;;) {
        for (unsigned j = 0; j < words; j++) {
            unsigned used = *(volatile unsigned *)&bm[j];

            while (~used & valid) {
                unsigned bit = ~used & valid & (0u - (~used & valid));
                unsigned old = atomicOr(&bm[j], bit);

                if (!(old & bit)) {
                    return chunk_base(i) + ((size_t)(j * 32 + __ffs(bit) - 1) << (4 + k));
                }
                used = old | bit;
            }
        }
    }
}

/* A block of class k, looked for from the chunk where the class last found room. */
__device__ static void *malloc_small(unsigned k)
{
    unsigned n = nvq_devlib.chunks, hint = class_hint[k] < n ? class_hint[k] : 0;

    for (unsigned j = 0; j < n; j++) {
        unsigned i = hint + j < n ? hint + j : hint + j - n;

        if (reserve(i, k)) {
            class_hint[k] = i;
            return take_block(i, k);
        }
    }
    return 0;
}

/* n whole chunks in a row: claimed one by one, released again on a collision. */
__device__ static void *malloc_large(unsigned n)
{
    unsigned total = nvq_devlib.chunks;

    for (unsigned i = 0; n <= total && i <= total - n; i++) {
        unsigned got = 0;

        while (got < n &&
               atomicCAS(chunk_state(i + got), NVQ_CHUNK_FREE, NVQ_CHUNK_TAIL) == NVQ_CHUNK_FREE) {
            got++;
        }
        if (got == n) {
            atomicExch(chunk_state(i), NVQ_CHUNK_LARGE(n));
            return chunk_base(i);
        }
        while (got--) {
            atomicExch(chunk_state(i + got), NVQ_CHUNK_FREE);
        }
    }
    return 0;
}

extern "C" __device__ void *nvq_malloc(size_t size)
{
    if (!size || !nvq_devlib.heap) {
        return 0;
    }
    for (unsigned k = 0; k < NVQ_CLASSES; k++) {
        if (size <= (16u << k)) {
            return malloc_small(k);
        }
    }
    if (size > ((size_t)nvq_devlib.chunks << NVQ_CHUNK_SHIFT)) {
        return 0;
    }
    return malloc_large((unsigned)((size + (1u << NVQ_CHUNK_SHIFT) - 1) >> NVQ_CHUNK_SHIFT));
}

/* Pointers that malloc did not return are ignored. */
extern "C" __device__ void nvq_free(void *p)
{
    size_t off = (char *)p - (char *)nvq_devlib.heap;
    unsigned i, st;

    if (!p || (char *)p < (char *)nvq_devlib.heap ||
        off >= ((size_t)nvq_devlib.chunks << NVQ_CHUNK_SHIFT)) {
        return;
    }
    i = (unsigned)(off >> NVQ_CHUNK_SHIFT);
    st = *(volatile unsigned *)chunk_state(i);
    if (st >= NVQ_CHUNK_SMALL(0) && st < NVQ_CHUNK_SMALL(NVQ_CLASSES)) {
        unsigned k = (st >> NVQ_CHUNK_CLASS_SHIFT) - 1;
        unsigned b = (unsigned)(off & ((1u << NVQ_CHUNK_SHIFT) - 1)) >> (4 + k);
        unsigned *bm = (unsigned *)nvq_devlib.bitmaps + (size_t)i * NVQ_BITMAP_WORDS;

        if (atomicAnd(&bm[b / 32], ~(1u << (b % 32))) & (1u << (b % 32))) {
            unreserve(i);
        }
    } else if ((st & NVQ_CHUNK_LARGE(0)) && !(off & ((1u << NVQ_CHUNK_SHIFT) - 1))) {
        unsigned n = st & ~NVQ_CHUNK_LARGE(0);

        for (unsigned j = n; j-- > 1;) {
            atomicExch(chunk_state(i + j), NVQ_CHUNK_FREE);
        }
        atomicExch(chunk_state(i), NVQ_CHUNK_FREE);
    }
}
