#!/usr/bin/python3
"""Prints every test of the given meson testlog.json files with its TAP subtest
counts (and its '# note:' lines), then one line 'N passed, M failed'. Exits 1
if anything failed or no test ran."""
import json
import re
import sys

passed = failed = skipped = 0
for path in sys.argv[1:]:
    try:
        entries = [json.loads(line) for line in open(path) if line.strip()]
    except OSError as e:
        print(f"missing test log {path}: {e}")
        failed += 1
        continue
    for t in entries:
        out = t.get("stdout") or ""
        ok = len(re.findall(r"^ok \d+(?! .*# SKIP)", out, re.M))
        skip = len(re.findall(r"^ok \d+ .*# SKIP", out, re.M))
        bad = len(re.findall(r"^not ok \d+", out, re.M))
        if t["result"] not in ("OK", "EXPECTEDFAIL", "SKIP") and bad == 0:
            bad = 1                 # crashed or timed out outside a subtest
        if ok + bad + skip == 0 and t["result"] == "OK":
            ok = 1
        passed += ok
        failed += bad
        skipped += skip
        print(f"  {t['result']:<8} {t['name']:<28} {ok} passed, {bad} failed"
              + (f", {skip} skipped" if skip else ""))
        for note in re.findall(r"^# note: (.*)$", out, re.M):
            print(f"           {note}")
        if bad:
            print(re.sub(r"^", "    | ", (t.get("stdout") or "")[-3000:], flags=re.M))
if passed + failed == 0:
    failed = 1
print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
sys.exit(1 if failed else 0)
