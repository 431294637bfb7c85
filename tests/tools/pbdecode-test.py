#!/usr/bin/python3
# make check test of build/tools/pbdecode/pbdecode (TAP): the committed
# nouveau trace decodes to the committed golden output and to the same
# methods the model itself traced (its nvgpu_method lines); a hand-written
# hex pushbuffer covers every header kind, binding, an array element, an
# unknown class and method, a bad entry and --subch, line by line; the raw
# form decodes the same; malformed trace lines, usage errors and random
# input end with the documented exit status, never a crash.
#   pbdecode-test.py PBDECODE DATA_DIR
#
# The golden output, after a deliberate change of the output format:
#   build/core/tools/pbdecode/pbdecode tests/tools/pbdecode/nouveau-accel.trace \
#       > tests/tools/pbdecode/nouveau-accel.golden
#
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
import tap  # noqa: E402 (after the flag)
from tap import test  # noqa: E402

pbdecode, data = sys.argv[1], sys.argv[2]
trace = os.path.join(data, 'nouveau-accel.trace')
golden = os.path.join(data, 'nouveau-accel.golden')


def run(*args):
    r = subprocess.run([pbdecode] + list(args), capture_output=True, text=True, timeout=60)
    assert r.returncode >= 0, 'killed by signal %d: %s' % (-r.returncode, args)
    return r


def write(d, name, content):
    path = os.path.join(d, name)
    with open(path, 'wb' if isinstance(content, bytes) else 'w') as f:
        f.write(content)
    return path


def expect_lines(got, want):
    got = got.splitlines()
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, 'line %d: got %r, want %r' % (i + 1, g, w)
    assert len(got) == len(want), 'got %d lines, want %d' % (len(got), len(want))


@test
def nouveau_trace_matches_golden():
    r = run(trace)
    assert r.returncode == 0, r.stderr
    expect_lines(r.stdout, open(golden).read().splitlines())


@test
def nouveau_trace_matches_model_methods():
    """Per channel, the methods decoded from nvgpu_pb_fetch are the nvgpu_method lines."""
    model, ours = {}, {}
    method = re.compile(r'nvgpu_method ch (\d+) subch (\d+) (\S+) \(0x[0-9a-f]+\) = (0x[0-9a-f]+)')
    for line in open(trace):
        m = method.match(line)
        if m:
            model.setdefault(m[1], []).append(m.group(2, 3, 4))
    r = run('--no-fields', trace)
    assert r.returncode == 0, r.stderr
    decoded = re.compile(r'ch (\d+) va 0x[0-9a-f]+ subch (\d+) (\S+) = (0x[0-9a-f]+)$')
    for line in r.stdout.splitlines():
        m = decoded.match(line)
        assert m, line
        ours.setdefault(m[1], []).append(m.group(2, 3, 4))
    assert sorted(model) == ['1', '2'], sorted(model)
    for ch in model:
        assert ours.get(ch) == model[ch], 'channel %s differs' % ch


@test
def channel_option_keeps_one_channel():
    r = run('--trace', trace, '--channel', '2')
    assert r.returncode == 0, r.stderr
    want = [l for l in open(golden).read().splitlines() if l.startswith('ch 2 ')]
    assert len(want) > 10, len(want)
    expect_lines(r.stdout, want)


# Every header kind, SET_OBJECT, an array element, unknown class and method,
# a bad entry, END_PB_SEGMENT; subchannel 4 is bound by --subch 4=c5b5.
HEX = '''\
# SET_OBJECT: subchannel 1 gets TURING_A (increasing header, one dword)
20012000 0000c597
00000000                        # NOP (legacy increasing header, count 0)
# increasing: SET_COLOR_TARGET_A(3), _B(3), _WIDTH(3)
0x20032230 00000012 34560000 00000780
# non-increasing: LINE_COUNT twice on subchannel 4
60028107 00000001 00000002
# increment-once: OFFSET_IN_UPPER, then OFFSET_IN_LOWER twice
a0038100 00000001 00002000 00003000
# immediate: LAUNCH_DMA = 0x386; the host's NOP on subchannel 4
838680c0 80008002
# a reserved opcode, then an immediate method on unbound subchannel 2
c0000000 800140c0
# an unknown copy-engine method; an unknown class on subchannel 3
80008041 20016000 0000c0b5 800160c0
e0000000                        # END_PB_SEGMENT
'''
LAUNCH_FIELDS = ('DATA_TRANSFER_TYPE=0x2 FLUSH_ENABLE=0x1 SEMAPHORE_TYPE=0x0 '
                 'INTERRUPT_TYPE=0x0 SRC_MEMORY_LAYOUT=0x1 DST_MEMORY_LAYOUT=0x1 '
                 'MULTI_LINE_ENABLE=0x1 REMAP_ENABLE=0x0 FORCE_RMWDISABLE=0x0 SRC_TYPE=0x0 '
                 'DST_TYPE=0x0 SEMAPHORE_REDUCTION=0x0 SEMAPHORE_REDUCTION_SIGN=0x0 '
                 'SEMAPHORE_REDUCTION_ENABLE=0x0 SRC_BYPASS_L2=0x0 DST_BYPASS_L2=0x0 '
                 'VPRMODE=0x0 RESERVED_START_OF_COPY=0x0 FLUSH_TYPE=0x0 DISABLE_PLC=0x0 '
                 'RESERVED_ERR_CODE=0x0')
HEX_DECODED = [
    'va 0x0 subch 1 TURING_CHANNEL_GPFIFO_A.SET_OBJECT = 0x0000c597 (NVCLASS=0xc597 ENGINE=0x0)',
    'va 0xc subch 1 TURING_A.SET_COLOR_TARGET_A(3) = 0x00000012 (OFFSET_UPPER=0x12)',
    'va 0xc subch 1 TURING_A.SET_COLOR_TARGET_B(3) = 0x34560000',
    'va 0xc subch 1 TURING_A.SET_COLOR_TARGET_WIDTH(3) = 0x00000780 (V=0x780)',
    'va 0x1c subch 4 TURING_DMA_COPY_A.LINE_COUNT = 0x00000001',
    'va 0x1c subch 4 TURING_DMA_COPY_A.LINE_COUNT = 0x00000002',
    'va 0x28 subch 4 TURING_DMA_COPY_A.OFFSET_IN_UPPER = 0x00000001 (UPPER=0x1)',
    'va 0x28 subch 4 TURING_DMA_COPY_A.OFFSET_IN_LOWER = 0x00002000',
    'va 0x28 subch 4 TURING_DMA_COPY_A.OFFSET_IN_LOWER = 0x00003000',
    'va 0x38 subch 4 TURING_DMA_COPY_A.LAUNCH_DMA = 0x00000386 (%s)' % LAUNCH_FIELDS,
    'va 0x3c subch 4 TURING_CHANNEL_GPFIFO_A.NOP = 0x00000000',
    'bad pushbuffer entry 0xc0000000 at va 0x40, decoding goes on at the next dword',
    'va 0x44 subch 2 ?.0x0300 = 0x00000001',
    'va 0x48 subch 4 TURING_DMA_COPY_A.0x0104 = 0x00000000',
    'va 0x4c subch 3 TURING_CHANNEL_GPFIFO_A.SET_OBJECT = 0x0000c0b5 (NVCLASS=0xc0b5 ENGINE=0x0)',
    'va 0x54 subch 3 0xc0b5.0x0300 = 0x00000001',
    'va 0x58 END_PB_SEGMENT',
]


def hex_dwords():
    text = re.sub(r'#.*', '', HEX)
    return [int(t, 16) for t in text.split()]


@test
def hex_pushbuffer_decodes():
    with tempfile.TemporaryDirectory() as d:
        r = run('--hex', write(d, 'pb.hex', HEX), '--subch', '4=c5b5')
        assert r.returncode == 0, r.stderr
        expect_lines(r.stdout, HEX_DECODED)


@test
def subch_option_binds_before_the_stream():
    with tempfile.TemporaryDirectory() as d:
        path = write(d, 'pb.hex', '838680c0\n')
        r = run('--hex', path, '--no-fields')
        expect_lines(r.stdout, ['va 0x0 subch 4 ?.0x0300 = 0x00000386'])
        r = run('--hex', path, '--no-fields', '--subch', '4=0xc5b5', '--subch', '1=c597')
        expect_lines(r.stdout, ['va 0x0 subch 4 TURING_DMA_COPY_A.LAUNCH_DMA = 0x00000386'])


@test
def raw_dump_decodes_like_hex():
    dw = hex_dwords()
    with tempfile.TemporaryDirectory() as d:
        raw = write(d, 'pb.bin', struct.pack('<%dI' % len(dw), *dw))
        r = run('--raw', raw, '--subch', '4=c5b5')
        assert r.returncode == 0, r.stderr
        expect_lines(r.stdout, HEX_DECODED)
        r = run(raw, '--subch', '4=c5b5', '--va', '0x15000', '--no-fields')   # guessed: raw
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert lines[0] == 'va 0x15000 subch 1 TURING_CHANNEL_GPFIFO_A.SET_OBJECT = 0x0000c597'
        assert lines[-1] == 'va 0x15058 END_PB_SEGMENT', lines[-1]


@test
def trace_prefixes_continuations_and_bad_lines():
    lines = [
        '4242@1700000000.123456:nvgpu_pb_fetch ch 7 va 0x1000 count 3: 20038100 00000000 00027000',
        'nvgpu_gpfifo ch 7 GP[1] va 0x2000 dwords 2 (0x00002000 0x00000800)',
        # the header above owes this segment its second data dword
        'nvgpu_pb_fetch ch 7 va 0x2000 count 2: 00000000 e0000000',
        'nvgpu_pb_fetch ch 7 va 0x3000 count 3: 00000001',              # too few dwords
        'nvgpu_pb_fetch ch 7 va 0x3000 count 1: 0000000g',              # not hex
        'nvgpu_pb_fetch ch 7 va 0x3000 count 1: 000000001',             # nine digits
        'nvgpu_pb_fetch ch 7 va 0x3000 count 257: ' + ' '.join(['00000000'] * 257),
        'nvgpu_pb_fetch ch 7 va 0x3000 count 1: ' + '0' * 20000,        # over a line
        'nvgpu_pb_fetch ch -1 va 0x3000 count 0:',
        'xnvgpu_pb_fetch ch 7 va 0x3000 count 1: 00000000',             # not the event
        'nvgpu_pb_fetch ch 8 va 0x4000 count 1: 80018000',
    ]
    with tempfile.TemporaryDirectory() as d:
        r = run(write(d, 't.log', '\n'.join(lines) + '\n'), '--no-fields', '--subch', '4=c5b5')
    assert r.returncode == 1, (r.returncode, r.stderr)
    expect_lines(r.stdout, [
        'ch 7 va 0x1000 subch 4 TURING_DMA_COPY_A.OFFSET_IN_UPPER = 0x00000000',
        'ch 7 va 0x1000 subch 4 TURING_DMA_COPY_A.OFFSET_IN_LOWER = 0x00027000',
        'ch 7 va 0x1000 subch 4 TURING_DMA_COPY_A.OFFSET_OUT_UPPER = 0x00000000',
        'ch 7 va 0x2004 END_PB_SEGMENT',
        'ch 8 va 0x4000 subch 4 TURING_CHANNEL_GPFIFO_A.SET_OBJECT = 0x00000001',
    ])
    bad = [int(n) for n in re.findall(r':(\d+): malformed nvgpu_pb_fetch line', r.stderr)]
    assert bad == [4, 5, 6, 7, 8, 9], r.stderr


@test
def usage_errors_exit_2():
    with tempfile.TemporaryDirectory() as d:
        hx = write(d, 'pb.hex', '00000000\n')
        for args in ([], ['--subch', '8=c5b5', hx], ['--subch', '4=', hx],
                     ['--subch', '4=10000', hx], ['--subch', '4:c5b5', hx], ['--bogus', hx],
                     ['--channel', '1', hx], ['--trace', trace, '--va', '0x10'], [hx, hx],
                     ['--channel', 'x', '--trace', trace], ['--raw']):
            r = run(*args)
            assert r.returncode == 2, (args, r.returncode, r.stderr)
            assert 'usage: pbdecode' in r.stderr, (args, r.stderr)


@test
def unreadable_input_exits_1():
    with tempfile.TemporaryDirectory() as d:
        r = run(os.path.join(d, 'missing'))
        assert r.returncode == 1 and 'missing' in r.stderr, (r.returncode, r.stderr)
        r = run('--raw', write(d, 'odd.bin', b'\x00\x00\x00\x00\x01\x02'))
        assert r.returncode == 1 and '2 trailing bytes' in r.stderr, r.stderr
        r = run('--hex', write(d, 'typo.hex', '20012000\n\n0000c59z 00000000\n'))
        assert r.returncode == 1 and 'typo.hex:3: not a hex dword' in r.stderr, r.stderr
        r = run('--hex', write(d, 'long.hex', '0' * 100))
        assert r.returncode == 1 and 'not a hex dword' in r.stderr, r.stderr
        r = run('--trace', write(d, 'empty.log', 'nvgpu_doorbell ch 1 runlist 1\n'))
        assert r.returncode == 1 and 'no nvgpu_pb_fetch lines' in r.stderr, r.stderr


@test
def random_input_never_crashes():
    rng = random.Random(1)
    fetch = open(trace).read().splitlines()
    with tempfile.TemporaryDirectory() as d:
        for i in range(40):
            raw = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 4096)))
            r = run('--raw', write(d, 'r.bin', raw), '--subch', '%d=c5b5' % (i % 8))
            assert r.returncode in (0, 1), r.returncode
            lines = [list(rng.choice(fetch)) for _ in range(20)]
            for line in lines:
                for _ in range(rng.randint(0, 4)):
                    if line:
                        line[rng.randrange(len(line))] = chr(rng.randint(1, 255))
            r = run('--trace', write(d, 't.log', '\n'.join(''.join(l) for l in lines)))
            assert r.returncode in (0, 1), r.returncode


tap.run()
