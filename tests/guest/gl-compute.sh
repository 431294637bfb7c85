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
export HOME=/tmp XDG_RUNTIME_DIR=/tmp PIGLIT_PLATFORM=surfaceless_egl
dir=/usr/lib/x86_64-linux-gnu/piglit
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

run() {  # run DRIVER TEST: shader_runner's result word ("pass", "fail", ...)
    if [ "$1" = zink ]; then
        MESA_LOADER_DRIVER_OVERRIDE=zink timeout 120 $dir/bin/shader_runner $dir/$2.shader_test \
            -auto -fbo > /tmp/sr.out 2>&1
    else
        timeout 120 $dir/bin/shader_runner $dir/$2.shader_test -auto -fbo > /tmp/sr.out 2>&1
    fi
    sed -n 's/.*"result": "\([a-z]*\)".*/\1/p' /tmp/sr.out | tail -n 1
}

for driver in nouveau zink; do
    for t in $tests; do
        result=$(run $driver $t)
        [ "$result" = pass ] || sed 's/^/    /' /tmp/sr.out | tail -n 8
        check "$driver: $t: ${result:-no result}" [ "$result" = pass ]
    done
done
for k in $known; do
    result=$(run ${k%%:*} ${k#*:})
    echo "KNOWN FAILURE: ${k%%:*}: ${k#*:}: ${result:-no result}"
    check "${k%%:*}: ${k#*:} still fails as documented" [ "$result" != pass ]
done

collect_dmesg
check_clean_dmesg
exit "$failed"
