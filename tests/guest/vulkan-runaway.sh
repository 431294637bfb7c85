#!/bin/sh
# In-guest test "a runaway Vulkan dispatch" (busybox sh; /init has loaded
# nouveau): vk-compute --runaway submits a shader that never ends. The
# device's watchdog stops it (GR's SM trap, TIMEOUT), nouveau kills the
# channel when the job times out, and the application sees
# VK_ERROR_DEVICE_LOST; the shader's store after its loop never happened.
# nouveau's log must show the trap and the kill, and nothing worse.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp

run_program vk-compute --runaway

collect_dmesg
check "nouveau reported the SM's watchdog ($(grep -c 'TIMEOUT' /tmp/nv) lines)" \
    grep -q 'TIMEOUT' /tmp/nv
check "nouveau killed the job's channel ($(grep -m1 'killed' /tmp/nv))" grep -q 'killed' /tmp/nv
grep -E 'WARNING:|BUG:|Oops|general protection' /tmp/dmesg > /tmp/crash
check "no kernel warning or oops ($(wc -l < /tmp/crash) lines)" [ ! -s /tmp/crash ]
echo "--- nouveau"
cat /tmp/nv | tail -30
exit "$failed"
