#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare nvqemu's SASS decoder/disassembler with CUDA 11.8 nvdisasm on
mutations of known-good instruction words.

  sass-fuzz.py --dis BUILD/tests/sass/sass-dis [--cache FILE] [--out FILE.tsv]
               [--ops 0x3a8,0x9a8] [--flips N] [--seed S] SEED.tsv...

Seeds are the words of golden tables; each is mutated by flipping single
bits (0..104, not the opcode) and a few random bit groups. Every variant goes
to nvdisasm (results cached in --cache) and to sass-dis, then:
  equal text         verified (written to --out as a raw golden table)
  different text     BUG: printed
  we accept, nvdisasm rejects   BUG: printed
  we reject, nvdisasm accepts   gap: counted per opcode
Needs NVDISASM (see sass-probe.py)."""
import argparse, collections, importlib.util, os, random, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('sass_probe', os.path.join(here, 'sass-probe.py'))
sass_probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sass_probe)


def load_seeds(paths):
    words = []
    for p in paths:
        for line in open(p):
            if line.startswith('#') or not line.strip():
                continue
            f = line.rstrip('\n').split('\t')
            words.append((int(f[2], 16), int(f[3], 16)))
    return words


single = set()


def mutate(seeds, flips, rng):
    """{variant: seed it came from}; single-bit flips go into the global 'single'"""
    out = {}
    for lo, hi in seeds:
        out.setdefault((lo, hi), (lo, hi))
        for bit in range(12, 105):
            if bit < 64:
                w = (lo ^ (1 << bit), hi)
            else:
                w = (lo, hi ^ (1 << (bit - 64)))
            out.setdefault(w, (lo, hi))
            single.add(w)
        for _ in range(flips):
            l, h = lo, hi
            for _ in range(rng.randint(2, 4)):
                bit = rng.randint(12, 104)
                if bit < 64:
                    l ^= 1 << bit
                else:
                    h ^= 1 << (bit - 64)
            out.setdefault((l, h), (lo, hi))
    return out


def load_cache(path):
    cache = {}
    if path and os.path.exists(path):
        for line in open(path):
            lo, hi, pc, text = line.rstrip('\n').split('\t')
            cache[(int(lo, 16), int(hi, 16))] = (None if text == '<rejected>' else text,
                                                 None if pc == '-' else int(pc, 16))
    return cache


def save_cache(path, cache):
    if not path:
        return
    with open(path, 'w') as f:
        for (lo, hi), (text, pc) in sorted(cache.items()):
            f.write('%x\t%x\t%s\t%s\n' % (lo, hi, '-' if pc is None else '%x' % pc,
                                          '<rejected>' if text is None else text))


def ours(dis, words_pc):
    inp = ''.join('%x %x %x\n' % (lo, hi, pc or 0) for (lo, hi), pc in words_pc)
    p = subprocess.run([dis], input=inp, capture_output=True, text=True, check=True)
    res = []
    for line in p.stdout.splitlines():
        text = line.split('\t', 1)[1]
        res.append(None if text == '<rejected>' else text)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--dis', required=True)
    ap.add_argument('--cache')
    ap.add_argument('--out')
    ap.add_argument('--ops', help='only seeds with these 12-bit opcodes')
    ap.add_argument('--flips', type=int, default=8)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--max-report', type=int, default=60)
    ap.add_argument('--show-gaps', action='store_true')
    ap.add_argument('--dedupe', action='store_true')
    ap.add_argument('--forms', action='store_true', help='also try every operand form')
    ap.add_argument('--no-flips', action='store_true', help='only the seeds themselves')
    ap.add_argument('seeds', nargs='+')
    args = ap.parse_args()

    seeds = load_seeds(args.seeds)
    if args.ops:
        ops = {int(x, 16) for x in args.ops.split(',')}
        seeds = [w for w in seeds if w[0] & 0xfff in ops]
    if args.dedupe:
        # one seed per opcode and modifier pattern (bits 72..91)
        by_key = {}
        for lo, hi in seeds:
            by_key.setdefault((lo & 0xfff, (hi >> 8) & 0xfffff), (lo, hi))
        seeds = list(by_key.values())
    seeds = sorted(set(seeds))
    if args.forms:
        # the same word in every operand form (bits 9..11)
        seeds = sorted({(lo & ~0xe00 | f << 9, hi) for lo, hi in seeds for f in range(8)})
    origin = mutate(seeds, args.flips, random.Random(args.seed)) if not args.no_flips else \
        {w: w for w in seeds}
    words = sorted(origin)
    cache = load_cache(args.cache)
    todo = [w for w in words + seeds if w not in cache]
    if todo:
        print('nvdisasm: %d new words' % len(todo), file=sys.stderr)
        for w, r in zip(todo, sass_probe.probe_pc(todo)):
            cache[w] = r
        save_cache(args.cache, cache)
    ref = [cache[w] for w in words]
    mine = ours(args.dis, [(w, r[1]) for w, r in zip(words, ref)])
    stats = collections.Counter()
    gaps = collections.Counter()
    bugs = []
    verified = []
    for w, (text, pc), got in zip(words, ref, mine):
        if text is None and got is None:
            stats['both reject'] += 1
        elif text is None:
            stats['BUG accepted'] += 1
            bugs.append('0x%016x 0x%016x accepted, nvdisasm rejects: "%s"' % (w[0], w[1], got))
        elif got is None and (text == cache[origin[w]][0] or w not in single):
            stats['gap: bit nvdisasm ignores / multi-bit'] += 1
        elif got is None:
            stats['gap'] += 1
            if args.show_gaps:
                print('gap 0x%016x 0x%016x "%s"' % (w[0], w[1], text))
            gaps['%03x %s' % (w[0] & 0xfff, text.split()[0] if not text.startswith('@')
                               else text.split()[1])] += 1
        elif got != text:
            stats['BUG text'] += 1
            bugs.append('0x%016x 0x%016x want "%s" got "%s"' % (w[0], w[1], text, got))
        else:
            stats['verified'] += 1
            verified.append((w, pc, text))
    for b in bugs[:args.max_report]:
        print(b)
    print(dict(stats))
    for k, v in gaps.most_common(40):
        print('  gap %5d  %s' % (v, k))
    if args.out:
        # one word per opcode and spelling (registers and numbers abstracted)
        shape = re.compile(r'\b(U?R|U?P|SR|B|SB)\d+\b|-?0x[0-9a-f]+|[-+]?\d[\d.e+-]*')
        kept = {}
        for (lo, hi), pc, text in verified:
            kept.setdefault((lo & 0xfff, shape.sub('#', text)), ((lo, hi), pc, text))
        with open(args.out, 'w') as f:
            f.write('# raw: nvdisasm 11.8 -b SM75 on mutated words (scripts/sass-fuzz.py)\n')
            f.write('# function\toffset\tlo64\thi64\tsass\n')
            for (lo, hi), pc, text in sorted(kept.values()):
                f.write('raw\t0x%04x\t0x%016x\t0x%016x\t%s\n' % (pc, lo, hi, text))
    return 1 if bugs else 0


if __name__ == '__main__':
    sys.exit(main())
