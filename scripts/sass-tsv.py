#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Golden decode table of an sm_75 cubin: function, offset, lo64, hi64 and the
text CUDA 11.8's nvdisasm prints, one instruction per line.

Usage: NVDISASM=... sass-tsv.py [--distinct] KERNEL.sm_75.cubin > KERNEL.sm_75.tsv

--distinct: each distinct instruction word once, as a raw row (function
"raw", offset 0), leaving out those whose text names a label (branches,
relative calls): the compact form of a large library's corpus.

CUDA >= 12.8 writes a new ELF header (OSABI 0x41, ABI version 8, SM number in
e_flags bits 8..15) that nvdisasm 11.8 refuses; a temporary copy gets the
legacy header (OSABI 0x33, ABI 7, e_flags = sm | 0x500 | sm << 16). The code
bytes are not touched."""
import os, re, struct, subprocess, sys, tempfile

NVDISASM = os.environ.get('NVDISASM', 'nvdisasm')


def legacy_header(data):
    b = bytearray(data)
    if b[:4] != b'\x7fELF' or b[4] != 2:
        raise SystemExit('not an ELF64 file')
    if b[7] == 0x41:
        sm = (struct.unpack_from('<I', b, 0x30)[0] >> 8) & 0xff
        b[7], b[8] = 0x33, 7
        struct.pack_into('<I', b, 0x30, sm | 0x500 | (sm << 16))
    return bytes(b)


def listing(path):
    with tempfile.NamedTemporaryFile(suffix='.cubin', delete=False) as f:
        f.write(legacy_header(open(path, 'rb').read()))
        tmp = f.name
    try:
        return subprocess.run([NVDISASM, '-c', '-hex', tmp], capture_output=True,
                              text=True, check=True).stdout
    finally:
        os.unlink(tmp)


INSN = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*/\* (0x[0-9a-f]{16}) \*/')
HI = re.compile(r'^\s*/\* (0x[0-9a-f]{16}) \*/\s*$')
FUNC = re.compile(r'^\s+\.(?:text|section)\s+\.text\.(\S+?),|^([^\s.][^\s:]*):\s*$')


def distinct(rows):
    seen = {}
    for fn, off, lo, hi, text in rows:
        if '`(' not in text and '.L_x' not in text:
            seen.setdefault((lo, hi), text)
    return [('raw', '0000', lo, hi, text) for (lo, hi), text in sorted(seen.items())]


def main():
    args = sys.argv[1:]
    compact = args[:1] == ['--distinct']
    lines = listing(args[-1]).splitlines()
    rows = []
    fn = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = FUNC.search(line)
        if m:
            fn = m.group(1) or m.group(2)
        m = INSN.search(line)
        if m and i + 1 < len(lines) and HI.match(lines[i + 1]):
            off, text, lo = m.groups()
            hi = HI.match(lines[i + 1]).group(1)
            rows.append((fn, off, lo, hi, text.rstrip(' ;')))
            i += 2
            continue
        i += 1
    out = ['# function\toffset\tlo64\thi64\tsass']
    out += ['%s\t0x%s\t%s\t%s\t%s' % r for r in (distinct(rows) if compact else rows)]
    print('\n'.join(out))


if __name__ == '__main__':
    main()
