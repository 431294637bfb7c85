#!/usr/bin/env python3
# docs/cuda.md's "Implemented" table must list exactly the entry points
# libcudart.so.13 implements: its exports, less the names of
# tools/cudart/unimplemented.h and the _ptds/_ptsz aliases of aliases.ld;
# and the count it states must be theirs. Keeps the coverage table true.
#
#   api-doc.py LIBCUDART UNIMPLEMENTED_H ALIASES_LD CUDA_MD
#
# SPDX-License-Identifier: GPL-2.0-or-later
import re
import subprocess
import sys

lib, unimpl_h, aliases_ld, doc = sys.argv[1:5]
nm = subprocess.run(['nm', '-D', '--defined-only', lib], capture_output=True, text=True,
                    check=True).stdout
exported = {line.split()[2].split('@')[0] for line in nm.splitlines()
            if len(line.split()) >= 3 and line.split()[1] != 'A'}    # not the version node
unimplemented = set(re.findall(r'CUDA_UNIMPLEMENTED\((\w+)\)', open(unimpl_h).read()))
aliases = set(re.findall(r'^(\w+) = \w+;', open(aliases_ld).read(), re.M))
implemented = exported - unimplemented - aliases

text = open(doc).read()
m = re.search(r'Implemented \((\d+) entry points[^\n]*\n(.*?)\n\n', text, re.S)
if not m:
    sys.exit('docs/cuda.md: no "Implemented (N entry points" table')
# names the table mentions as header-only (inline in cuda_runtime.h) are not exports
table = set(re.findall(r'`(\w+)`', re.sub(r'\(and the header-only[^)]*\)', '', m.group(2))))
ok = True
for name in sorted(implemented - table):
    print(f'not in the table: {name}')
    ok = False
for name in sorted(table - implemented):
    print(f'in the table but not implemented: {name}')
    ok = False
if int(m.group(1)) != len(implemented):
    print(f'the table says {m.group(1)} entry points, the library implements {len(implemented)}')
    ok = False
print(f'{len(implemented)} implemented entry points, {len(unimplemented)} unimplemented, '
      f'{len(aliases)} aliases')
sys.exit(0 if ok else 1)
