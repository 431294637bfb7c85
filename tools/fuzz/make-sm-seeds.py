#!/usr/bin/python3
# Writes seed inputs of tools/fuzz/fuzz-sm.c into tools/fuzz/corpus-sm/: every
# function of the golden listings in tests/sass (the corpus kernels as nvcc
# compiled them) with a constant bank whose parameters point into the
# harness's device memory, so the fuzzer starts from real, deep executions.
# The layout mirrors fuzz-sm.c; keep them in step.
# Standard library only:  /usr/bin/python3 tools/fuzz/make-sm-seeds.py [OUTDIR]
#
# SPDX-License-Identifier: GPL-2.0-or-later
import glob
import os
import struct
import sys

DEV_BASE, CBUF_BYTES, PARAM_BASE = 0x10000, 512, 0x160
here = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'corpus-sm')
os.makedirs(out, exist_ok=True)


def cbuf(threads, ctas):
    b = bytearray(CBUF_BYTES)
    struct.pack_into('<3I', b, 0x0, threads, 1, 1)            # blockDim
    struct.pack_into('<3I', b, 0xc, ctas, 1, 1)               # gridDim
    struct.pack_into('<QQI', b, 0x18, 0x7f0000000000, 0x7f0001000000, 256)
    # parameters: buffers 4 KiB apart in device memory, then small integers
    for i in range(8):
        struct.pack_into('<Q', b, PARAM_BASE + 8 * i, DEV_BASE + 0x1000 * (i + 1))
    struct.pack_into('<4I', b, PARAM_BASE + 0x40, 64, 3, 7, 100)
    return b


count = 0
for tsv in sorted(glob.glob(os.path.join(here, '..', '..', 'tests', 'sass', 'k*.tsv'))):
    funcs = {}
    for line in open(tsv):
        if line.startswith('#'):
            continue
        f, off, lo, hi, _ = line.rstrip('\n').split('\t', 4)
        funcs.setdefault(f, []).append((int(off, 16), int(lo, 16), int(hi, 16)))
    for f, rows in funcs.items():
        if rows[0][0] != 0:
            continue        # a subroutine in the middle of a section
        code = b''.join(struct.pack('<QQ', lo, hi) for _, lo, hi in rows)
        for threads, ctas in ((32, 1), (40, 2)):
            hdr = bytes([threads - 1, ctas - 1, 0x00, 0x10, 16, count & 1, 0, 0])
            name = 'seed-%s-%s-%d' % (os.path.basename(tsv).split('.')[0], f.strip('$'), threads)
            with open(os.path.join(out, name), 'wb') as fh:
                fh.write(hdr + cbuf(threads, ctas) + code)
            count += 1
print('%d seeds in %s' % (count, out))
