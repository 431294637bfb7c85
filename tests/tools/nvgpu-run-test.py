#!/usr/bin/python3
# make check test of build/tools/nvgpu-run (TAP): the corpus vadd kernel with
# input files, its dumped output against a Python reference; a faulting
# launch (an unmapped output pointer) exits 1 naming the MMU fault and the
# PC; a wrong argument list exits 2 with the reason.
#   nvgpu-run-test.py NVGPU_RUN SASS_DIR
#
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import random
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
import tap  # noqa: E402 (after the flag)
from tap import test  # noqa: E402

run, sass = sys.argv[1], sys.argv[2]
cubin = os.path.join(sass, 'k01_vadd.sm_75.cubin')


def nvgpu_run(*args):
    return subprocess.run([run, cubin, 'vadd'] + list(args), capture_output=True, text=True,
                          timeout=120)


@test
def vadd_output_matches():
    n = 1000
    rng = random.Random(7)
    a = [float(rng.randint(-1000, 1000)) / 8 for _ in range(n)]
    b = [float(rng.randint(-1000, 1000)) / 4 for _ in range(n)]
    with tempfile.TemporaryDirectory() as d:
        fa, fb, fc = (os.path.join(d, x) for x in ('a', 'b', 'c'))
        open(fa, 'wb').write(struct.pack('<%df' % n, *a))
        open(fb, 'wb').write(struct.pack('<%df' % n, *b))
        r = nvgpu_run('--grid', '8', '--block', '128', '--arg', 'buf:%d:%s' % (4 * n, fa),
                      '--arg', 'buf:%d:%s' % (4 * n, fb), '--arg', 'buf:%d' % (4 * n + 64),
                      '--arg', 's32:%d' % n, '--dump', '2:' + fc, '--stats', '--workers', '2')
        assert r.returncode == 0, r.stderr
        c = struct.unpack('<%df' % (n + 16), open(fc, 'rb').read())
        for i in range(n):
            assert c[i] == a[i] + b[i], (i, c[i], a[i] + b[i])
        assert all(x == 0 for x in c[n:]), 'threads past n stored'
        assert 'thread-instructions:' in r.stdout, r.stdout


@test
def unmapped_pointer_faults():
    r = nvgpu_run('--grid', '1', '--block', '32', '--arg', 'buf:128', '--arg', 'buf:128',
                  '--arg', 'u64:0x40000000', '--arg', 's32:32')
    assert r.returncode == 1, (r.returncode, r.stderr)
    assert 'MMU fault' in r.stderr and 'pc 0x' in r.stderr, r.stderr


@test
def wrong_arguments_refused():
    r = nvgpu_run('--grid', '1', '--block', '32', '--arg', 'buf:128')
    assert r.returncode == 2 and 'takes 4 parameters' in r.stderr, r.stderr
    r = nvgpu_run('--grid', '1', '--block', '32', '--arg', 'buf:128', '--arg', 'buf:128',
                  '--arg', 'buf:128', '--arg', 'u64:5')
    assert r.returncode == 2 and 'wants 4 bytes' in r.stderr, r.stderr


tap.run()
