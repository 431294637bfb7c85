# The TAP harness of the tools' test scripts: @test collects a check, run()
# runs them in order, prints TAP ("ok N - name", "not ok N - name: why"; a
# failure does not stop the rest) and exits 1 if any failed. A script
# imports it after sys.dont_write_bytecode = True (no __pycache__ in the
# source tree).
#
# SPDX-License-Identifier: GPL-2.0-or-later
import sys

tests = []


def test(fn):
    tests.append(fn)
    return fn


def run():
    print('1..%d' % len(tests))
    failed = 0
    for i, fn in enumerate(tests, 1):
        try:
            fn()
            print('ok %d - %s' % (i, fn.__name__))
        except Exception as e:  # report and go on
            failed += 1
            print('not ok %d - %s: %s' % (i, fn.__name__, str(e).replace('\n', ' ')[:300]))
    sys.exit(1 if failed else 0)
