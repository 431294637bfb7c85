#!/usr/bin/env python3
"""Host half of the guest test "display" (tests/guest/display.sh).

scripts/run-guest runs it beside the guest: it gets the QEMU options the
test needs (--qemu-opts: the monitor's mode on the GPU, a QMP socket),
then reads the guest's serial log on stdin, passes it through, and at each
"NVQEMU-SCREENDUMP NAME" line takes a QMP screendump and checks its pixels,
printing PASS:/FAIL: lines like the guest's; at "NVQEMU-MONITOR WxH" it
plugs in a monitor preferring that mode (the GPU's monitor-size property).

    display-host.py --qemu-opts SOCKET
    display-host.py --qmp SOCKET --out DIR    (DIR/FAILED marks a failed check)
"""
import json
import os
import socket
import sys

WIDTH, HEIGHT = 1024, 768   # the monitor's mode (the GPU's xres/yres)
GPU_ID = 'nvgpu'

# modetest's SMPTE pattern (libdrm tests/util/pattern.c): seven bars over the
# top two thirds, 75% grey, yellow, cyan, green, magenta, red, blue.
SMPTE_TOP = [(192, 192, 192), (192, 192, 0), (0, 192, 192), (0, 192, 0),
             (192, 0, 192), (192, 0, 0), (0, 0, 192)]


def qmp(sock_path, command, **args):
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(10)
    s.connect(sock_path)
    f = s.makefile('rw')
    f.readline()                                    # greeting
    for cmd in ({'execute': 'qmp_capabilities'}, {'execute': command, 'arguments': args}):
        f.write(json.dumps(cmd) + '\n')
        f.flush()
        while True:
            reply = json.loads(f.readline())
            if 'return' in reply or 'error' in reply:
                break
    s.close()
    if 'error' in reply:
        raise RuntimeError(reply['error'].get('desc', 'QMP error'))


def read_ppm(path):
    with open(path, 'rb') as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:                          # P6 width height maxval
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b'P6' or fields[3] != b'255':
        raise ValueError('not an 8-bit P6 PPM')
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos + 1:]


def pixel(img, x, y):
    w, _, px = img
    o = (y * w + x) * 3
    return tuple(px[o:o + 3])


FAILED = None       # a file marking a failed check (--out DIR/FAILED)


def report(ok, what):
    print('%s: %s' % ('PASS' if ok else 'FAIL', what), flush=True)
    if not ok:
        open(FAILED, 'w').close()


def check_fbcon(img):
    w, h, px = img
    report((w, h) == (WIDTH, HEIGHT), 'the console is %dx%d on QEMU\'s display (%dx%d)'
           % (WIDTH, HEIGHT, w, h))
    # text: some lit pixels in the first text rows, none of them everywhere
    lit = sum(1 for y in range(0, 48) for x in range(0, min(w, 400))
              if max(pixel(img, x, y)) > 64)
    report(50 < lit < 400 * 48 // 2, 'the console shows text (%d lit pixels in its '
           'first rows)' % lit)


def check_modetest(img):
    w, h, _ = img
    report((w, h) == (WIDTH, HEIGHT), 'modetest\'s mode reaches QEMU\'s display (%dx%d)'
           % (w, h))
    got = [pixel(img, (2 * i + 1) * w // 14, h // 3) for i in range(7)]
    report(got == SMPTE_TOP, 'the screen shows modetest\'s SMPTE bars at the '
           'centre of each bar: %s' % ' '.join('%02x%02x%02x' % c for c in got))


CHECKS = {'fbcon': check_fbcon, 'modetest': check_modetest}


def main():
    if sys.argv[1] == '--qemu-opts':
        print(',id=%s,xres=%d,yres=%d -qmp unix:%s,server=on,wait=off'
              % (GPU_ID, WIDTH, HEIGHT, sys.argv[2]))
        return
    global FAILED
    sock_path, out = sys.argv[2], sys.argv[4]
    FAILED = os.path.join(out, 'FAILED')
    for line in sys.stdin:
        sys.stdout.write(line)
        sys.stdout.flush()
        tag = line.strip().split()
        if len(tag) == 2 and tag[0] == 'NVQEMU-MONITOR':
            try:
                qmp(sock_path, 'qom-set', path='/machine/peripheral/' + GPU_ID,
                    property='monitor-size', value=tag[1])
            except (OSError, ValueError, RuntimeError) as e:
                report(False, 'monitor-size %s: %s' % (tag[1], e))
        if len(tag) == 2 and tag[0] == 'NVQEMU-SCREENDUMP' and tag[1] in CHECKS:
            path = os.path.join(out, tag[1] + '.ppm')
            try:
                qmp(sock_path, 'screendump', filename=path)
                CHECKS[tag[1]](read_ppm(path))
            except (OSError, ValueError, RuntimeError) as e:
                report(False, 'screendump %s: %s' % (tag[1], e))


if __name__ == '__main__':
    main()
