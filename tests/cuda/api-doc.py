#!/usr/bin/env python3
# docs/cuda.md's "Implemented" table must list exactly the runtime entry
# points libcudart.so.13 implements: its exports, less the names of
# tools/cudart/unimplemented.h, the _ptds/_ptsz aliases of aliases.ld and
# the driver API's cu* names, which its "Driver API" table must list
# exactly; and the count each states must be theirs. Keeps the coverage
# tables true.
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
driver = {n for n in implemented if re.match(r'cu[A-Z]', n)}
runtime = implemented - driver
text = open(doc).read()


def check_table(title, names):
    m = re.search(title + r' \((\d+) entry points[^\n]*\n(.*?)\n\n', text, re.S)
    if not m:
        print(f'docs/cuda.md: no "{title} (N entry points" table')
        return False
    # names the table mentions as header-only (inline in cuda_runtime.h) are not exports
    table = set(re.findall(r'`(\w+)`', re.sub(r'\(and the header-only[^)]*\)', '', m.group(2))))
    ok = True
    for name in sorted(names - table):
        print(f'not in the {title} table: {name}')
        ok = False
    for name in sorted(table - names):
        print(f'in the {title} table but not implemented: {name}')
        ok = False
    if int(m.group(1)) != len(names):
        print(f'the {title} table says {m.group(1)} entry points, the library implements {len(names)}')
        ok = False
    return ok


ok = check_table('Implemented', runtime) & check_table('Driver API', driver)
print(f'{len(runtime)} implemented runtime entry points, {len(driver)} driver API ones, '
      f'{len(unimplemented)} unimplemented, {len(aliases)} aliases')
sys.exit(0 if ok else 1)
