#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Golden decode table of an sm_75 cubin: function, offset, lo64, hi64 and the
text CUDA 11.8's nvdisasm prints, one instruction per line.

Usage: NVDISASM=... sass-tsv.py KERNEL.sm_75.cubin > KERNEL.sm_75.tsv

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


def main():
    lines = listing(sys.argv[1]).splitlines()
    out = ['# function\toffset\tlo64\thi64\tsass']
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
            out.append('%s\t0x%s\t%s\t%s\t%s' % (fn, off, lo, hi, text.rstrip(' ;')))
            i += 2
            continue
        i += 1
    print('\n'.join(out))


if __name__ == '__main__':
    main()
