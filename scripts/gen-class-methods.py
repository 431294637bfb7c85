#!/usr/bin/env python3
"""Generate a method table header for one engine class.

Reads one of NVIDIA's published class headers (open-gpu-doc, classes/*/cl*.h)
and writes our own header holding a single X-macro that lists every method
of the class with its byte offset (arrays with their stride and a computed
element count) and every method's fields (shift, length):

    #define NV_<CLS>_METHODS(M, A, F) \\
        M(<CLS>, NAME, offset) \\
        A(<CLS>, NAME, base, stride, count) \\
        F(<CLS>, METHOD, FIELD, shift, length) \\

Only facts are carried over (names, offsets, strides, bit positions); the
source's comments and value enumerations are not.

    scripts/gen-class-methods.py clc5b5.h -o include/hw/nvidia/methods/c5b5.h
    git -C REPO show HEAD:classes/3d/clc597.h | scripts/gen-class-methods.py - --source clc597.h

How the source is read (the formats differ between headers: methods are
written 0x0100 or (0x00000100), values 0x00000003 or (0x00000003)):

  - `NAME hi:lo` is a field when NAME starts with the current method's name
    and "_"; the field's name is the rest. Other hi:lo defines (the host
    class's GPFIFO and pushbuffer entry formats) are remembered as field
    names but belong to no method.
  - `NAME number` is a value (skipped) when NAME is a field name seen so
    far + "_" + something; otherwise it is a method. A method must be 4-byte
    aligned and above the previous method: a define that is not is a stray
    value (reported with --verbose, skipped).
  - `NAME(i) (base+(i)*stride)` is an array; `NAME(i,j) (base+(i)*s1+(j)*s2)`
    is emitted as one array of stride min(s1, s2) over the whole block.
  - Methods below 0x100 belong to the host on every subchannel: they are
    kept only for the host class (c46f), whose methods all lie there.
  - A field covering the whole word is dropped when it is its method's only
    field (its name, V, VALUE or PARAMETER, says nothing).

Array element counts are not in the source. The group of an array is the
arrays of its stride whose bases lie within one stride of the group's first
(SET_COLOR_TARGET_A .. SET_COLOR_TARGET_RESERVED_A, stride 0x40). The group
repeats up to the lowest method offset above its first base that is not in
the group (or 0x4000), whole records only: count = (limit - last base - 4)
/ stride + 1, the same for every member. Where the method space after a
group is unused that overshoots; ARRAY_COUNTS holds the real counts there.

Regenerating the six tables from a mirror of open-gpu-doc:

    R=/path/to/open-gpu-doc; for c in host/clc46f:c46f dma-copy/clc5b5:c5b5 \
        inline-to-memory/cla140:a140 compute/clc5c0:c5c0 3d/clc597:c597 \
        twod/cl902d:902d; do
      git -C $R show HEAD:classes/${c%:*}.h | scripts/gen-class-methods.py - \
          --source classes/${c%:*}.h -o include/hw/nvidia/methods/${c#*:}.h
    done
"""

import argparse
import re
import sys

HOST_CLASS = 'C46F'
HOST_LIMIT = 0x100
CLASS_END = 0x4000

# Where the method space after a group is unused the computed count runs
# into it. The real counts, keyed by the first array of a group (they apply
# to the whole group), each with the computed count and the evidence.
ARRAY_COUNTS = {
    # 768 computed (nothing after 0x3400): the MME shadow scratch RAM has 256
    # words, as the 3D and 2D classes show (CALL_MME_MACRO follows at 0x3800).
    ('A140', 'SET_MME_SHADOW_SCRATCH'): 256,
    ('C5C0', 'SET_MME_SHADOW_SCRATCH'): 256,
    # 120 computed (up to SET_FALCON00 at 0x500): the inline QMD is one QMD
    # of 256 bytes (clc5c0qmd.h; include/hw/nvidia/nv-qmd.h).
    ('C5C0', 'LOAD_INLINE_QMD_DATA'): 64,
    # 17 computed (up to SET_SM_TIMEOUT_INTERVAL at 0xde4): taken to match
    # the 3D class's SET_SCG_GRAPHICS_SCHEDULING_PARAMETERS, 16 words.
    ('C5C0', 'SET_SCG_COMPUTE_SCHEDULING_PARAMETERS'): 16,
    # 17 computed (0xf00-0xf13 unused): 16 scissors, one per viewport.
    ('C597', 'SET_SCISSOR_ENABLE'): 16,
    # 36 computed (0x1780-0x178f unused): a 32x32 stipple, 32 words.
    ('C597', 'SET_POLYGON_STIPPLE_PATTERN'): 32,
    # 20 computed (0x1900-0x190f unused): vertex streams 16-31, the A array
    # holding 0-15, as SET_VERTEX_STREAM_A_* and _B_* (16 each).
    ('C597', 'SET_VERTEX_STREAM_INSTANCE_B'): 16,
    # 11 and 16 computed: one per colour target, 8 (SET_COLOR_TARGET_*).
    ('C597', 'SET_CT_WRITE'): 8,
    ('C597', 'SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA'): 8,
    # 12 computed (0x2180-0x21ff unused): six pipeline shader slots, one per
    # shader type SET_PIPELINE_SHADER's TYPE field selects.
    ('C597', 'SET_PIPELINE_SHADER'): 6,
    # 28 computed (0x23d0-0x23ff unused): 16 data methods after
    # LOAD_CONSTANT_BUFFER_OFFSET, as the open implementations lay the class out.
    ('C597', 'LOAD_CONSTANT_BUFFER'): 16,
    # 16 computed (0x24a0-0x2607 unused): one bind group per shader stage, 5.
    ('C597', 'BIND_GROUP_RESERVED_A'): 5,
    # 143 computed (0x2b00-0x32f3 unused): one per viewport, 16.
    ('C597', 'SET_VARIABLE_PIXEL_RATE_SHADING_CONTROL'): 16,
    # Display classes. 104 computed (up to 0x1000): the core class has 8
    # SORs, as it has 8 heads (GET_RG_SCAN_LINE, 8 words before 0x240).
    ('C57D', 'SOR_SET_CONTROL'): 8,
    # 48 computed (0x240-0x2ff unused): one per head, 8.
    ('C57D', 'SET_GET_BLANKING_CTRL'): 8,
    # 3966 and 4/8/12 computed (the rest of the class unused): the window
    # has 3 planes (packed, or Y/U/V), the window-immediate one point.
    ('C57B', 'SET_POINT_OUT'): 2,
    ('C57E', 'SET_PLANAR_STORAGE'): 3,
    ('C57E', 'SET_CONTEXT_DMA_ISO'): 3,
    ('C57E', 'SET_OFFSET'): 3,
}

# Methods drivers send that the published headers leave out: (class, name,
# offset, stride) rows added to the class, with the evidence.
EXTRA_METHODS = [
    # nouveau's headc57d_mode writes the second field's vertical blank
    # (blank2 end << 16 | start) at 0x2074 + head * 0x400; clc57d.h skips
    # 0x2074 between RASTER_BLANK_START and OVERSCAN_COLOR.
    ('C57D', 'HEAD_SET_RASTER_VERT_BLANK2', 0x2074, 0x400),
]

# Classes whose NAME(a,b) arrays are per-head records (stride a) holding a
# few words (stride b): emitted as one array of the outer stride, over the
# record's first word.
OUTER_STRIDE_CLASSES = {'C57D'}

RE_DEFINE = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)(?:\(([^)]*)\))?\s*(.*)$')
RE_HEX = re.compile(r'^\(?\s*0x([0-9A-Fa-f]+)\s*\)?$')
RE_FIELD = re.compile(r'^(\d+)\s*:\s*(\d+)$')
# strides are decimal (host, copy, 3D classes) or hex (display classes)
NUM = r'(0x[0-9A-Fa-f]+|\d+)'
RE_ARRAY1 = re.compile(r'^\(\s*0x([0-9A-Fa-f]+)\s*\+\s*\(\s*(\w)\s*\)\s*\*\s*' + NUM + r'\s*\)$')
RE_ARRAY2 = re.compile(r'^\(\s*0x([0-9A-Fa-f]+)\s*\+\s*\(\s*(\w)\s*\)\s*\*\s*' + NUM + r'\s*'
                       r'\+\s*\(\s*(\w)\s*\)\s*\*\s*' + NUM + r'\s*\)$')
RE_PREFIX = re.compile(r'^NV([0-9A-Fa-f]{4})_')


class Method:
    def __init__(self, name, offset, stride=0, count=0, note=None, inner=0):
        self.name = name
        self.inner = inner          # words of a per-record array (OUTER_STRIDE_CLASSES)
        self.offset = offset
        self.stride = stride        # 0: a plain method
        self.count = count
        self.note = note
        self.fields = []            # (name, shift, length)
        self.kept = True

    @property
    def is_array(self):
        return self.stride != 0


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def class_of(defines):
    counts = {}
    for name, _, _ in defines:
        m = RE_PREFIX.match(name)
        if m:
            cls = m.group(1).upper()
            counts[cls] = counts.get(cls, 0) + 1
    if not counts:
        sys.exit('gen-class-methods: no NVxxxx_ defines in the input')
    return max(counts, key=counts.get)


def parse(text, cls, log):
    lines = strip_comments(text).splitlines()
    defines = []
    for line in lines:
        m = RE_DEFINE.match(line)
        if m:
            defines.append((m.group(1), m.group(2), m.group(3).strip()))
    cls = cls or class_of(defines)
    prefix = 'NV' + cls + '_'

    methods = []
    fields_seen = set()
    cur = None
    last = -1
    for full, params, value in defines:
        if not full.upper().startswith(prefix):
            continue
        name = full[len(prefix):]
        fm = RE_FIELD.match(value)
        if params is None and fm:
            fields_seen.add(name)
            if cur is not None and name.startswith(cur.name + '_'):
                hi, lo = int(fm.group(1)), int(fm.group(2))
                if hi < lo or hi > 31:
                    sys.exit('gen-class-methods: %s: bad field %s' % (full, value))
                fname = name[len(cur.name) + 1:]
                if any(f[0] == fname for f in cur.fields):
                    log('duplicate field %s: skipped' % name)
                    continue
                cur.fields.append((fname, lo, hi - lo + 1))
            else:
                log('field %s outside a method: skipped' % name)
            continue
        if params is None:
            hm = RE_HEX.match(value)
            if not hm:
                log('define %s = %r: not a method, skipped' % (name, value))
                continue
            if any(name.startswith(f + '_') for f in fields_seen):
                continue                                    # a field's value
            off = int(hm.group(1), 16)
            if off % 4 or off <= last or off >= CLASS_END:
                log('define %s = 0x%x: not a method (out of order or unaligned), skipped'
                    % (name, off))
                continue
            cur = Method(name, off)
        else:
            ps = [p.strip() for p in params.split(',')]
            m1 = RE_ARRAY1.match(value)
            m2 = RE_ARRAY2.match(value)
            if len(ps) == 1 and m1 and m1.group(2) == ps[0]:
                cur = Method(name, int(m1.group(1), 16), int(m1.group(3), 0))
            elif len(ps) == 2 and m2 and (m2.group(2), m2.group(4)) == tuple(ps):
                s1, s2 = int(m2.group(3), 0), int(m2.group(5), 0)
                pick = max if cls in OUTER_STRIDE_CLASSES else min
                cur = Method(name, int(m2.group(1), 16), pick(s1, s2),
                             inner=min(s1, s2) if cls in OUTER_STRIDE_CLASSES else 0,
                             note='%s(%s,%s) is 0x%x + %s*%d + %s*%d: one array of stride %d' %
                                  (name, ps[0], ps[1], int(m2.group(1), 16), ps[0], s1,
                                   ps[1], s2, pick(s1, s2)))
            else:
                log('define %s(%s) = %r: not an array method, skipped'
                    % (name, params, value))
                continue
            if cur.offset % 4 or cur.stride % 4 or cur.offset <= last:
                sys.exit('gen-class-methods: %s: array out of order or unaligned' % full)
        last = cur.offset
        if cls != HOST_CLASS and cur.offset < HOST_LIMIT:
            cur.kept = False
        methods.append(cur)
    return cls, [m for m in methods if m.kept]


def array_groups(methods):
    """Arrays of one stride whose bases lie within one stride of the first."""
    groups = []
    for a in sorted((m for m in methods if m.is_array), key=lambda m: m.offset):
        for g in groups:
            if g[0].stride == a.stride and g[0].offset <= a.offset < g[0].offset + a.stride:
                g.append(a)
                break
        else:
            groups.append([a])
    return groups


def count_arrays(cls, methods, log):
    used = set()
    for g in array_groups(methods):
        first, last, stride = g[0], g[-1], g[0].stride
        limit = min([m.offset for m in methods if m.offset > first.offset and m not in g] +
                    [CLASS_END])
        # whole records: every member of the group's last element fits
        count = (limit - last.offset - 4) // stride + 1
        over = ARRAY_COUNTS.get((cls, first.name))
        if over is not None:
            used.add(first.name)
            if over > count:
                sys.exit('gen-class-methods: override %s %d runs into the next method'
                         % (first.name, over))
            log('array group %s (%d): %d computed, %d from ARRAY_COUNTS'
                % (first.name, len(g), count, over))
            count = over
        else:
            log('array group %s (%d): stride 0x%x, %d' % (first.name, len(g), stride, count))
        for a in g:
            a.count = count
    for key in ARRAY_COUNTS:
        if key[0] == cls and key[1] not in used:
            sys.exit('gen-class-methods: override for %s: not the first array of a group'
                     % key[1])


def split_records(methods):
    """A per-record array's further words (NAME(a,1)...) as arrays NAME_1...,
    as many as fit before the next method of the record."""
    out = []
    offsets = sorted(m.offset for m in methods)
    for m in methods:
        out.append(m)
        if not m.inner:
            continue
        nxt = min([o for o in offsets if o > m.offset] + [m.offset + m.stride])
        for i in range(1, (nxt - m.offset) // m.inner):
            out.append(Method('%s_%d' % (m.name, i), m.offset + i * m.inner, m.stride,
                              note='%s(a,%d)' % (m.name, i)))
    return out


def drop_word_fields(methods):
    for m in methods:
        if len(m.fields) == 1 and m.fields[0][1:] == (0, 32):
            m.fields = []


def emit(cls, methods, source, out):
    guard = 'HW_NVIDIA_METHODS_%s_H' % cls
    w = out.write
    w('/*\n'
      ' * Generated by scripts/gen-class-methods.py from NVIDIA\'s open-gpu-doc,\n'
      ' * %s: names, offsets and field positions\n'
      ' * only; do not edit.\n'
      ' *\n'
      ' * M(cls, method, offset), A(cls, method, base, stride, count),\n'
      ' * F(cls, method, field, shift, length); see nv-fields.h.\n'
      ' *\n'
      ' * SPDX-License-Identifier: GPL-2.0-or-later\n'
      ' */\n' % source)
    w('#ifndef %s\n#define %s\n\n' % (guard, guard))
    w('#define NV_%s_METHODS(M, A, F) \\\n' % cls)
    for m in sorted(methods, key=lambda m: m.offset):
        if m.is_array:
            if m.note:
                w('    /* %s */ \\\n' % m.note)
            row = 'A(%s, %s, 0x%04x, 0x%x, %d)' % (cls, m.name, m.offset, m.stride, m.count)
        else:
            row = 'M(%s, %s, 0x%04x)' % (cls, m.name, m.offset)
        w('    %s \\\n' % row)
        for f in sorted(m.fields, key=lambda f: (f[1], f[2])):
            w('    F(%s, %s, %s, %d, %d) \\\n' % (cls, m.name, f[0], f[1], f[2]))
    w('\n#endif\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('input', help="NVIDIA class header, or - for stdin")
    ap.add_argument('-o', '--output', help='output header (default: stdout)')
    ap.add_argument('--class', dest='cls', help='class, 4 hex digits (default: from the defines)')
    ap.add_argument('--source', help='source name for the header comment (default: input name)')
    ap.add_argument('-v', '--verbose', action='store_true', help='report what is skipped')
    args = ap.parse_args()

    def log(msg):
        if args.verbose:
            print('gen-class-methods: ' + msg, file=sys.stderr)

    if args.input == '-':
        text = sys.stdin.read()
    else:
        with open(args.input) as f:
            text = f.read()
    source = args.source or ('stdin' if args.input == '-' else args.input.split('/')[-1])
    cls, methods = parse(text, args.cls.upper() if args.cls else None, log)
    methods = split_records(methods)
    for c, name, off, stride in EXTRA_METHODS:
        if c == cls:
            methods.append(Method(name, off, stride, note='not in %s; see EXTRA_METHODS' % source))
    drop_word_fields(methods)
    count_arrays(cls, methods, log)
    if args.output:
        with open(args.output, 'w') as f:
            emit(cls, methods, source, f)
    else:
        emit(cls, methods, source, sys.stdout)
    arrays = sum(1 for m in methods if m.is_array)
    log('%s: %d methods (%d arrays), %d fields' %
        (cls, len(methods), arrays, sum(len(m.fields) for m in methods)))


if __name__ == '__main__':
    main()
