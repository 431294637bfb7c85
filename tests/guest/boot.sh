#!/bin/sh
# In-guest test "nouveau binds headless" (busybox sh; /init has loaded nouveau).
# One PASS:/FAIL: line per check; exits 1 if any check failed.
. /tests/lib.sh
collect_dmesg
failed=0
check() {  # check DESCRIPTION COMMAND...
    desc=$1; shift
    if "$@"; then echo "PASS: $desc"; else echo "FAIL: $desc"; failed=1; fi
}

check "nouveau identifies the chip: NVIDIA TU104 (164000a1)" \
    grep -q 'NVIDIA TU104 (164000a1)' /tmp/nv
check "nouveau reads the VBIOS ($(grep -o 'bios: version [0-9a-f.]*' /tmp/nv | head -n 1))" \
    grep -q 'bios: version [0-9a-f][0-9a-f]*\.' /tmp/nv
check "nouveau reports the VRAM size ($(grep -oE '(VRAM|fb): [0-9]+ MiB' /tmp/nv | head -n 1))" \
    grep -qE 'VRAM: [0-9]+ MiB|fb: [0-9]+ MiB' /tmp/nv
check "/dev/dri/card0 exists" test -e /dev/dri/card0
check "/dev/dri/renderD128 exists" test -e /dev/dri/renderD128

check_clean_dmesg

# Firmware messages other than "loaded" (e.g. "firmware unavailable", with no
# GSP-RM images or with nouveau.config=NvSec2Fw=-1) and ACR's word on the GR
# falcons it cannot bootstrap without SEC2 are not counted as errors: the
# model has no falcon emulation yet. List them.
grep -iE 'firmware|cannot be bootstrapped' /tmp/nv | grep -v '" loaded - ' > /tmp/fw
if [ -s /tmp/fw ]; then
    echo "NOTE: nouveau's firmware and falcon messages:"
    sed 's/^/    /' /tmp/fw
fi

# Guest time between the first and the last nouveau line ("[    2.345678] ...").
awk '/nouveau/ { t = $0; sub(/^\[ */, "", t); sub(/\].*/, "", t)
                 if (n++ == 0) first = t; last = t }
     END { if (n) printf "nouveau probe: %.3f s (%d lines)\n", last - first, n
           else print "nouveau probe: no nouveau lines in dmesg" }' /tmp/nv

echo "--- NVIDIA PCI functions"
for d in /sys/bus/pci/devices/*; do
    [ "$(cat "$d/vendor")" = 0x10de ] || continue
    drv=$(readlink "$d/driver" 2>/dev/null) || drv=none
    echo "${d##*/} $(cat "$d/vendor"):$(cat "$d/device") class $(cat "$d/class") driver ${drv##*/}"
done
echo "--- /dev/dri"
ls -l /dev/dri 2>&1
echo "--- dmesg (nouveau/drm)"
cat /tmp/nv
exit "$failed"
