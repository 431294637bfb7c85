#!/bin/sh
# The layout of hw/ (docs/architecture.md, Rooms): the rooms of
# hw/nvidia/gpu include only themselves and the rooms below them (base <
# regs, mem, engines < falcon < host < disp; the device layer, the files directly
# in hw/nvidia/gpu, may include any room), and no file in hw/ is longer
# than MAX_LINES. Prints each violation and exits 1 if there is one.
set -eu
MAX_LINES=1000
bad=0
cd "$(dirname "$0")/../hw"
for f in $(find . -name "*.[ch]"); do
    n=$(wc -l < "$f")
    if [ "$n" -gt "$MAX_LINES" ]; then
        echo "hw/${f#./}: $n lines (at most $MAX_LINES)"; bad=1
    fi
done
cd nvidia/gpu
allowed() {
    case "$1" in
    base) echo "base" ;;
    regs|mem|engines) echo "base $1" ;;
    falcon) echo "base mem falcon" ;;
    host) echo "base mem engines host" ;;
    disp) echo "base host disp" ;;
    esac
}
for room in base regs mem engines falcon host disp; do
    ok=$(allowed "$room")
    for f in "$room"/*.[ch]; do
        for dep in $(sed -n 's|^#include "\.\./\([a-z]*\)/.*|\1|p' "$f"); do
            case " $ok " in
            *" $dep "*) ;;
            *) echo "$f includes ../$dep/: $room may include only: $ok"; bad=1 ;;
            esac
        done
        if grep -q '^#include "\(units\|gpu\)\.h"' "$f" && [ "$room" != base ]; then
            echo "$f includes the device layer"; bad=1
        fi
    done
done
exit $bad
