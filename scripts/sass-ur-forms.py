#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks the decoder's rule that a uniform register may stand wherever a
constant-bank operand does: every (opcode, form 3 or 5) word of the golden
tables is moved to its UR twin (form 7 or 6, UR4, bit 91) and disassembled
by sass-dis and by CUDA 11.8 nvdisasm; the two must print the same text or
both refuse it.

  NVDISASM=... sass-ur-forms.py [BUILD/tests/sass/sass-dis]"""
import collections, glob, os, struct, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
DIS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', 'build', 'core', 'tests', 'sass', 'sass-dis')
NVDISASM = os.environ.get('NVDISASM', 'nvdisasm')


def seeds():
    """one word per (opcode, form) in form 3 or 5, without a UR already"""
    out = collections.OrderedDict()
    for path in sorted(glob.glob(os.path.join(here, '..', 'tests', 'sass', '*.tsv'))):
        for line in open(path):
            if line.startswith('#') or not line.strip():
                continue
            f = line.rstrip('\n').split('\t')
            lo, hi = int(f[2], 16), int(f[3], 16)
            form = (lo >> 9) & 7
            if form in (3, 5) and not (hi >> 27) & 1:
                out.setdefault((lo & 0x1ff, form), (lo, hi))
    return out


def ours(lo, hi):
    p = subprocess.run([DIS], input='0x%016x 0x%016x\n' % (lo, hi), capture_output=True, text=True)
    return p.stdout.split('\t', 1)[1].strip()


def theirs(lo, hi):
    with tempfile.NamedTemporaryFile(suffix='.bin') as f:
        f.write(struct.pack('<QQ', lo, hi))
        f.flush()
        p = subprocess.run([NVDISASM, '-b', 'SM75', f.name], capture_output=True, text=True)
    if p.returncode:
        return '<rejected>'
    return p.stdout.strip().split('\n')[-1].split('*/', 1)[1].strip().rstrip(' ;').strip()


def main():
    bad = 0
    items = seeds()
    for (op, form), (lo, hi) in items.items():
        twin = 6 if form == 5 else 7
        nlo = (lo & ~(7 << 9) & ~(0xffffffff << 32)) | twin << 9 | 4 << 32
        nhi = hi | 1 << 27
        a, b = ours(nlo, nhi), theirs(nlo, nhi)
        bad += a != b
        print('%s op %#05x form %d->%d: %s%s' % ('ok ' if a == b else 'BAD', op, form, twin, a,
                                                 '' if a == b else '   nvdisasm: ' + b))
    print('%d of %d UR twins agree with nvdisasm' % (len(items) - bad, len(items)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
