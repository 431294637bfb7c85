#!/bin/sh
# In-guest test "nouveau binds the GPU" (busybox sh; /init has loaded nouveau).
# One PASS:/FAIL: line per check; exits 1 if any check failed.
. /tests/lib.sh
collect_dmesg

check "nouveau identifies the chip: NVIDIA TU104 (164000a1)" \
    grep -q 'NVIDIA TU104 (164000a1)' /tmp/nv
check "nouveau reads the VBIOS ($(grep -o 'bios: version [0-9a-f.]*' /tmp/nv | head -n 1))" \
    grep -q 'bios: version [0-9a-f][0-9a-f]*\.' /tmp/nv
check "nouveau reports the VRAM size ($(grep -oE '(VRAM|fb): [0-9]+ MiB' /tmp/nv | head -n 1))" \
    grep -qE 'VRAM: [0-9]+ MiB|fb: [0-9]+ MiB' /tmp/nv
check "/dev/dri/card0 exists" test -e /dev/dri/card0
check "/dev/dri/renderD128 exists" test -e /dev/dri/renderD128

check_clean_dmesg

# Every firmware nouveau asks for loads (ACR, SEC2, GR) and ACR can have SEC2
# bootstrap the GR falcons: no "firmware unavailable" but the PMU's (nouveau
# has no PMU firmware for Turing), no "cannot be bootstrapped". With a
# nouveau.config that turns firmware off (Nv*Fw=-1) this check fails.
grep -iE 'firmware|cannot be bootstrapped' /tmp/nv | grep -v '" loaded - ' |
    grep -v 'pmu: firmware unavailable' > /tmp/fw
if [ -s /tmp/fw ]; then
    echo "FAIL: nouveau loads its ACR, SEC2 and GR firmware; offending lines:"
    sed 's/^/    /' /tmp/fw
    failed=1
else
    echo "PASS: nouveau loads its ACR, SEC2 and GR firmware (ACR booted SEC2's RTOS)"
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
