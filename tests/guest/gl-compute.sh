#!/bin/sh
# nvqemu-image: mesa
# In-guest test "GL compute shaders" (busybox sh; /init has loaded nouveau).
# piglit's shader_runner (EGL without a window, rendering to an FBO) runs a
# fixed list of arb_compute_shader execution tests, which check their results
# through buffers, atomic counters and images (none of them draws), on
# nouveau's GL driver (nvc0: nv50_ir compiles) and on zink (GL on NVK: NAK
# compiles). One PASS:/FAIL: line per test and driver; the known failures are
# run too and named. Exits 1 if any check failed.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp
dir=$PIGLIT_DIR
tests="atomic-counter basic-global-id basic-group-id basic-local-id-atomic basic-local-index
       basic-ssbo basic-texelFetch basic-uniform-access border-color min-dvec4-double-large-group-size
       multiple-texture-reading multiple-workgroups shared-atomicCompSwap-int shared-atomics
       simple-barrier simple-barrier-atomics"
# Known to fail, by name (a pass is reported too, so that the list stays true):
# none at present. basic-texelFetch (a texture uploaded by a 2D blit on
# nouveau, by a draw on zink) and min-dvec4-double-large-group-size (its
# constants read through NAK's bindless cx[] operands) were, until the 2D
# class and the 3D pipeline existed.
known=""

shader_test() {  # shader_test DRIVER TEST: shader_runner's result word
    piglit_run "$1" $dir/bin/shader_runner $dir/$2.shader_test
}
piglit_known_run() { shader_test "$@"; }

for driver in nouveau zink; do
    for t in $tests; do
        piglit_check $driver $t "$(shader_test $driver $t)"
    done
done
piglit_known "$known"

collect_dmesg
check_clean_dmesg
exit "$failed"
