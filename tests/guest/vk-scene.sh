#!/bin/sh
# nvqemu-image: mesa
# In-guest test "a Vulkan scene against lavapipe" (busybox sh; /init has
# loaded nouveau): vk-scene renders one 256x256 scene (textured quads,
# nearest and bilinear; depth-tested and blended triangles; a fan; lines;
# points) on NVK and on Mesa's lavapipe, compares them pixel by pixel and
# writes both side by side as a PNG, which the host gets as
# build/guest/logs/vk-scene/vk-scene.png (the README's picture). Then the
# same, and the vulkan test's vk-draw and vk-compute, with NVK of
# trixie-backports' newer Mesa (the add-on carries its driver library
# beside the release's). One PASS:/FAIL: line per check;
# exits 1 if any failed.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp
export VK_ADD_DRIVER_FILES=/usr/share/nvqemu/lvp_icd.json

run_program vk-scene /tmp/vk-scene.png
[ -f /tmp/vk-scene.png ] && guest_file /tmp/vk-scene.png

# on_backports ICDS PROGRAM [ARGS...]: PROGRAM on NVK of trixie-backports
# (the first device) and the ICD files ICDS, its PASS:/FAIL: lines marked so
on_backports() {
    icds=/usr/share/nvqemu/nouveau-backports_icd.json${1:+:$1}
    shift
    VK_ADD_DRIVER_FILES='' VK_DRIVER_FILES=$icds "$@" > "/tmp/$1-backports.out" 2>&1
    rc=$?
    sed 's/^\(PASS\|FAIL\): /\1: on the backports NVK: /' "/tmp/$1-backports.out"
    grep -q '^FAIL:' "/tmp/$1-backports.out" && failed=1
    check "$1 on trixie-backports' NVK exited with status $rc" [ "$rc" = 0 ]
}
on_backports /usr/share/nvqemu/lvp_icd.json vk-scene /tmp/vk-scene-backports.png
on_backports '' vk-draw
on_backports '' vk-compute

collect_dmesg
check_clean_dmesg
exit $failed
