#!/bin/sh
# nvqemu-image: mesa
# In-guest test "OpenCL through rusticl" (busybox sh; /init has loaded
# nouveau). The image is the main one plus the OpenCL add-on: Mesa's rusticl
# on nouveau's GL driver (nvc0), whose nv50_ir code generator compiles the
# kernels to SASS that the model runs. clinfo lists the platform and device;
# cl-test (tests/guest/opencl/cl-test.c) runs a vector add, a reduction in
# local memory, atomics, integer and float math, each checked against the CPU;
# clpeak's single-precision and integer compute tests run to the end and
# print all ten figures (about 110 s of billions of thread-instructions).
# One PASS:/FAIL: line per check; exits 1 if any failed.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp RUSTICL_ENABLE=nouveau

clinfo > /tmp/clinfo.out 2>&1
rc=$?
grep -E 'Platform Name|Device Name|Device Version|Max compute units' /tmp/clinfo.out
check "clinfo exited with status $rc" [ "$rc" = 0 ]
check "clinfo lists rusticl's platform with nouveau's device" \
    sh -c "grep -q 'rusticl' /tmp/clinfo.out && grep -q 'NV164' /tmp/clinfo.out"

run_program cl-test

timeout 280 clpeak --compute-sp --compute-integer > /tmp/clpeak.out 2>&1
rc=$?
grep -E '^ +(float|int)[0-9]* +:' /tmp/clpeak.out
check "clpeak --compute-sp --compute-integer exited with status $rc and printed its 10 figures" \
    sh -c "[ $rc = 0 ] && [ \$(grep -cE '^ +(float|int)[0-9]* +: [0-9]+\.[0-9]+\$' /tmp/clpeak.out) = 10 ]"

collect_dmesg
check_clean_dmesg
exit "$failed"
