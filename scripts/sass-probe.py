#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Ask CUDA 11.8's nvdisasm how it prints arbitrary sm_75 instruction words.

Usage: sass-probe.py [-] LO:HI ...     (hex words, or one "lo hi" pair per stdin line)
Prints "lo hi<TAB>text", with text "<rejected>" for words nvdisasm refuses.
As a module: probe([(lo, hi), ...]) -> [text or None].

nvdisasm -b SM75 stops at the first word it cannot decode, so rejected words are
dropped one at a time and the rest is retried. Needs NVDISASM (path to the 11.8
binary, see docs/isa.md for how to obtain it without installing anything)."""
import os, re, struct, subprocess, sys, tempfile

NVDISASM = os.environ.get('NVDISASM', 'nvdisasm')
_LINE = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*/\* 0x[0-9a-f]{16} \*/')
_ERR = re.compile(r'at address 0x([0-9a-f]+)')


def _run(words):
    with tempfile.NamedTemporaryFile(suffix='.bin', delete=False) as f:
        for lo, hi in words:
            f.write(struct.pack('<QQ', lo, hi))
        name = f.name
    try:
        p = subprocess.run([NVDISASM, '-b', 'SM75', '-hex', name],
                           capture_output=True, text=True)
    finally:
        os.unlink(name)
    return p


def probe(words, chunk=2048):
    """Texts for words (list of (lo, hi)); None where nvdisasm rejects."""
    return [t for t, _ in probe_pc(words, chunk)]


def probe_pc(words, chunk=512, jobs=os.cpu_count() or 1):
    """(text, pc) per word: the byte address nvdisasm decoded it at (branch
    targets are relative to it); (None, None) where rejected."""
    from concurrent.futures import ThreadPoolExecutor
    chunks = [list(words[s:s + chunk]) for s in range(0, len(words), chunk)]
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        return [r for part in ex.map(_probe_chunk, chunks) for r in part]


def _probe_chunk(words):
    result = [(None, None)] * len(words)
    alive = list(range(len(words)))
    while alive:
        p = _run([words[i] for i in alive])
        m = _ERR.search(p.stderr)
        if p.returncode != 0 and m:
            bad = int(m.group(1), 16) // 16
            if bad >= len(alive):
                raise RuntimeError(p.stderr)
            del alive[bad]
            continue
        if p.returncode != 0:
            raise RuntimeError(p.stderr)
        texts = {}
        for line in p.stdout.splitlines():
            m = _LINE.search(line)
            if m:
                texts[int(m.group(1), 16) // 16] = m.group(2).rstrip(' ;')
        for pos, i in enumerate(alive):
            result[i] = (texts.get(pos), pos * 16 if pos in texts else None)
        break
    return result


def _parse(tok):
    lo, hi = re.split(r'[:\s,]+', tok.strip())[:2]
    return int(lo, 16), int(hi, 16)


if __name__ == '__main__':
    args = sys.argv[1:]
    if not args or args == ['-']:
        words = [_parse(l) for l in sys.stdin if l.strip() and not l.startswith('#')]
    else:
        words = [_parse(a) for a in args]
    for (lo, hi), text in zip(words, probe(words)):
        print(f'0x{lo:016x} 0x{hi:016x}\t{text if text is not None else "<rejected>"}')
