#!/bin/sh
# The rooms of hw/nvidia/gpu include only themselves and the rooms below
# them (docs/architecture.md): base < regs, mem, engines < falcon < host;
# the device layer (files directly in hw/nvidia/gpu) may include any room.
# Prints each include that climbs and exits 1 if there is one.
set -eu
cd "$(dirname "$0")/../hw/nvidia/gpu"
allowed() {
    case "$1" in
    base) echo "base" ;;
    regs|mem|engines) echo "base $1" ;;
    falcon) echo "base mem falcon" ;;
    host) echo "base mem engines host" ;;
    esac
}
bad=0
for room in base regs mem engines falcon host; do
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
