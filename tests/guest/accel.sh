#!/bin/sh
# In-guest test "buffer moves through the copy engine" (busybox sh; /init has
# loaded nouveau). Runs /usr/bin/bo-move (tests/guest/bo-move.c), which moves
# buffers VRAM<->GART through nouveau's GEM uAPI and checks every byte.
# One PASS:/FAIL: line per check (bo-move's own included); exits 1 if any failed.
. /tests/lib.sh

dmesg > /tmp/dmesg
check "nouveau moves buffers with the copy engine (MM: using COPY for buffer copies)" \
    grep -q 'MM: using COPY for buffer copies' /tmp/dmesg

# With ftrace, count what the kernel really did for each move: the copy
# engine's method (nve0_bo_move_copy, TURING_DMA_COPY_A) or the silent CPU
# fallback TTM takes when the hardware copy fails (ttm_bo_move_memcpy).
t=/sys/kernel/tracing
traced=0
if { [ -e $t/trace ] || mount -t tracefs tracefs $t 2>/dev/null; } &&
   echo nve0_bo_move_copy > $t/set_ftrace_filter 2>/dev/null &&
   echo ttm_bo_move_memcpy >> $t/set_ftrace_filter 2>/dev/null &&
   echo > $t/trace && echo 1 > $t/tracing_on &&
   echo function > $t/current_tracer 2>/dev/null; then
    traced=1
else
    echo "NOTE: no function tracer: cannot count copy-engine vs CPU copies"
fi

bo-move > /tmp/bo-move.out 2>&1
rc=$?
[ "$traced" = 0 ] || echo 0 > $t/tracing_on     # (a tracer change would empty the buffer)
cat /tmp/bo-move.out
grep -q '^FAIL:' /tmp/bo-move.out && failed=1
check "bo-move exited with status $rc" [ "$rc" = 0 ]

if [ "$traced" = 1 ]; then
    moves=$(sed -n 's/^bo-move: \([0-9]*\) moves requested.*/\1/p' /tmp/bo-move.out)
    ce=$(grep -c ' nve0_bo_move_copy <-' $t/trace)
    cpu=$(grep -c ' ttm_bo_move_memcpy <-' $t/trace)
    ok=false
    [ -n "$moves" ] && [ "$ce" -ge "$moves" ] && [ "$cpu" = 0 ] && ok=true
    check "every move used the copy engine (${moves:-?} moves: $ce copy-engine copies, $cpu CPU copies)" $ok
    echo nop > $t/current_tracer; echo > $t/set_ftrace_filter; echo 1 > $t/tracing_on
fi

# Errors afterwards, as in boot.sh.
collect_dmesg
check_clean_dmesg

echo "--- dmesg (nouveau/drm)"
cat /tmp/nv
exit "$failed"
