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

# Texture and surface seeds: one instruction of each kind (their nvdisasm-checked
# encodings by text) over a pitch R32 header at pool entry 1 and a sampler at
# entry 2; the pools are the constant bank itself (fuzz-sm.c), the handle at
# c[0x0][0x160].
TEX_TEXTS = [
    'TLD.SCR.LZ R6, R4, R0, R1, 0x0, 0x58, 2D',
    'TEX.SCR.LZ R6, R4, R4, R6, 0x0, 0x58, 2D',
    'TLD4.SCR.A.EF R6, R4, R4, R5, 0x0, 0x58, 2D',
    'SULD.D.BA.2D.STRONG.CTA.TRAP R4, [R8], 0x0, 0x58',
    'SUST.D.BA.2D.128.STRONG.CTA.TRAP [R8], R4, 0x0, 0x58',
    'TEX.B.LZ R4, R8, R6, R3, 2D',
    'SUATOM.D.2D.ADD.STRONG.SYS.IGN R0, [R0], R4, R3',
    'TXQ.B RZ, R4, R0, TEX_HEADER_DIMENSION, 0xf',
]
EXIT = (0x000000000000794d, 0x000fea0003800000)
words = {}
for line in open(os.path.join(here, '..', '..', 'tests', 'sass', 'fuzz-forms.sm_75.tsv')):
    if not line.startswith('#'):
        _, _, lo, hi, text = line.rstrip('\n').split('\t', 4)
        words.setdefault(text, (int(lo, 16), int(hi, 16)))


def tex_cbuf():
    b = cbuf(32, 1)
    tic = bytearray(32)
    # COMPONENTS R32 (0x0f), FLOAT types, X..W sources R, 0, 0, ONE_FLOAT; pitch header
    struct.pack_into('<I', tic, 0, 0x0f | 0x7 << 7 | 0x7 << 10 | 0x7 << 13 | 0x7 << 16 |
                     2 << 19 | 7 << 28)
    addr = DEV_BASE + 0x8000
    struct.pack_into('<Q', tic, 4, (addr >> 5) << 5)             # ADDRESS_BITS31TO5 at 37
    struct.pack_into('<I', tic, 8, 2 << 21)                       # HEADER_VERSION PITCH
    struct.pack_into('<I', tic, 12, 64 >> 5)                      # PITCH_BITS20TO5
    struct.pack_into('<I', tic, 16, 15 | 7 << 23)                 # WIDTH-1, TYPE 2D_NO_MIPMAP
    struct.pack_into('<I', tic, 20, 15)                           # HEIGHT-1
    b[32:64] = tic
    tsc = bytearray(32)
    struct.pack_into('<I', tsc, 4, 2 | 2 << 4 | 1 << 6 | 1 << 25) # linear, unnormalised
    b[64:96] = tsc
    struct.pack_into('<I', b, 0x160, 1 | 2 << 20)
    return b


for text in TEX_TEXTS:
    lo, hi = words[text]
    code = struct.pack('<QQ', lo, hi) + struct.pack('<QQ', *EXIT)
    hdr = bytes([31, 0, 0x00, 0x10, 16, 0, 0, 0])
    name = 'seed-tex-' + text.split()[0].replace('.', '-').lower()
    with open(os.path.join(out, name), 'wb') as fh:
        fh.write(hdr + tex_cbuf() + code)
    count += 1
print('%d seeds in %s' % (count, out))
