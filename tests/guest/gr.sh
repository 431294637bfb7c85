#!/bin/sh
# In-guest test "GR objects and work on a GR channel" (busybox sh; /init has
# loaded nouveau). Runs /usr/bin/gr-chan (tests/guest/gr-chan.c): a userspace
# channel on the GR runlist, an object of every GR class (which brings GR up:
# SEC2 bootstraps FECS/GPCCS, FECS methods, golden context), inline-to-memory
# writes, a semaphore release and a vadd compute launch through GEM_PUSHBUF,
# every word checked. Then a launch that writes to an unmapped address: the
# MMU fault reaches nouveau, which kills that channel, and the next gr-chan
# works again. Then nouveau is unloaded (SEC2's UNLOAD command, the PMU's
# unload image) and loaded again (ACR and SEC2 boot anew), and gr-chan runs
# once more. One PASS:/FAIL: line per check; exits 1 if any failed.
. /tests/lib.sh

run_gr_chan() {  # run_gr_chan LABEL [ARG]
    label=$1; shift
    gr-chan "$@" > /tmp/gr-chan.out 2>&1
    rc=$?
    sed "s/^\(PASS\|FAIL\): /\1: $label: /" /tmp/gr-chan.out
    grep -q '^FAIL:' /tmp/gr-chan.out && failed=1
    check "$label: gr-chan exited with status $rc" [ "$rc" = 0 ]
}

run_gr_chan "first load"

# The faulting launch: nouveau reports the fault on the GR engine and kills the channel.
run_gr_chan "fault" fault
dmesg > /tmp/dmesg
check "nouveau reports the MMU fault (GR, write to 0x7f00000000)" \
    grep -qE 'fault .*VIRT_WRITE.* at 0000007f00000000 engine 40 \[gr\]' /tmp/dmesg
check "nouveau killed the faulting channel" grep -qE 'gr-chan\[[0-9]+\]: channel [0-9]+ killed' /tmp/dmesg
run_gr_chan "after the fault"

check "nouveau unloads (rmmod)" rmmod nouveau
check "nouveau loads again (modprobe): /dev/dri/renderD128 is back" \
    sh -c 'modprobe nouveau && test -e /dev/dri/renderD128'
run_gr_chan "after a reload"

# Errors afterwards, as in boot.sh, but for the lines the deliberate fault makes.
collect_dmesg
grep -vE 'at 0000007f00000000 engine 40 \[gr\]|rc scheduled|gr-chan\[[0-9]+\].*(errored|killed)' \
    /tmp/nv > /tmp/nv.rest
mv /tmp/nv.rest /tmp/nv
check_clean_dmesg
exit "$failed"
