#!/bin/sh
# nvqemu-image: mesa
# In-guest test "a Vulkan scene against lavapipe" (busybox sh; /init has
# loaded nouveau): vk-scene renders one 256x256 scene (textured quads,
# nearest and bilinear; depth-tested and blended triangles; a fan; lines;
# points) on NVK and on Mesa's lavapipe, compares them pixel by pixel and
# writes both side by side as a PNG, which the host gets as
# build/guest/logs/vk-scene/vk-scene.png (the README's picture). Then the
# same with NVK of trixie-backports' newer Mesa (the add-on carries its
# driver library beside the release's). One PASS:/FAIL: line per check;
# exits 1 if any failed.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp
export VK_ADD_DRIVER_FILES=/usr/share/nvqemu/lvp_icd.json

run_program vk-scene /tmp/vk-scene.png
[ -f /tmp/vk-scene.png ] && guest_file /tmp/vk-scene.png

VK_DRIVER_FILES=/usr/share/nvqemu/nouveau-backports_icd.json:/usr/share/nvqemu/lvp_icd.json \
    vk-scene /tmp/vk-scene-backports.png > /tmp/vk-scene-backports.out 2>&1
rc=$?
sed 's/^\(PASS\|FAIL\): scene:/\1: scene on the backports NVK:/' /tmp/vk-scene-backports.out
grep -q '^FAIL:' /tmp/vk-scene-backports.out && failed=1
check "vk-scene on trixie-backports' NVK exited with status $rc" [ "$rc" = 0 ]
collect_dmesg
check_clean_dmesg
exit $failed
