#!/bin/sh
# In-guest test "GR objects and work on a GR channel" (busybox sh; /init has
# loaded nouveau). Runs /usr/bin/gr-chan (tests/guest/gr-chan.c): a userspace
# channel on the GR runlist, an object of every GR class (which brings GR up:
# SEC2 bootstraps FECS/GPCCS, FECS methods, golden context), inline-to-memory
# writes, a semaphore release and a vadd compute launch through GEM_PUSHBUF,
# every word checked. Then nouveau is unloaded (SEC2's UNLOAD command, the
# PMU's unload image) and loaded again (ACR and SEC2 boot anew), and gr-chan
# runs once more. One PASS:/FAIL: line per check; exits 1 if any failed.
. /tests/lib.sh
failed=0
check() {  # check DESCRIPTION COMMAND...
    desc=$1; shift
    if "$@"; then echo "PASS: $desc"; else echo "FAIL: $desc"; failed=1; fi
}

run_gr_chan() {  # run_gr_chan LABEL
    gr-chan > /tmp/gr-chan.out 2>&1
    rc=$?
    sed "s/^\(PASS\|FAIL\): /\1: $1: /" /tmp/gr-chan.out
    grep -q '^FAIL:' /tmp/gr-chan.out && failed=1
    check "$1: gr-chan exited with status $rc" [ "$rc" = 0 ]
}

run_gr_chan "first load"
check "nouveau unloads (rmmod)" rmmod nouveau
check "nouveau loads again (modprobe): /dev/dri/renderD128 is back" \
    sh -c 'modprobe nouveau && test -e /dev/dri/renderD128'
run_gr_chan "after a reload"

collect_dmesg
check_clean_dmesg
exit "$failed"
