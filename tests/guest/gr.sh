#!/bin/sh
# In-guest test "GR objects and work on a GR channel" (busybox sh; /init has
# loaded nouveau). Runs /usr/bin/gr-chan (tests/guest/gr-chan.c): a userspace
# channel on the GR runlist, an object of every GR class (which brings GR up:
# SEC2 bootstraps FECS/GPCCS, FECS methods, golden context), then
# inline-to-memory writes and a semaphore release through GEM_PUSHBUF, every
# word checked. One PASS:/FAIL: line per check; exits 1 if any failed.
. /tests/lib.sh
failed=0

gr-chan > /tmp/gr-chan.out 2>&1
rc=$?
cat /tmp/gr-chan.out
grep -q '^FAIL:' /tmp/gr-chan.out && failed=1
if [ "$rc" = 0 ]; then echo "PASS: gr-chan exited with status 0"; else echo "FAIL: gr-chan exited with status $rc"; failed=1; fi

collect_dmesg
check_clean_dmesg
exit "$failed"
