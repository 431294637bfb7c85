#!/bin/sh
# nvqemu-image: mesa
# In-guest test "vkmark" (busybox sh; /init has loaded nouveau): vkmark
# 2025.01 (trixie) runs its default benchmark list on NVK, each scene for
# 2 s at the display's mode, presenting through KMS on the emulated display
# engine (--winsys kms): vertex (device-local and not), texture (two
# anisotropy settings), shading (four models), effect2d (two kernels),
# desktop, cube and clear must each report a frame rate, vkmark must exit
# 0, and nouveau must log no error. --winsys headless is a known failure
# of Mesa 25.0.7, run and named: NVK's swapchain there wants a buffer blit
# whose command buffers the headless WSI never creates, and the first
# present reads through a null pointer (docs/guest.md). One PASS:/FAIL:
# line per check; exits 1 if any failed.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp

vkmark --winsys kms -b :duration=2 > /tmp/vkmark.out 2>&1
rc=$?
cat /tmp/vkmark.out
check "vkmark --winsys kms exited with status $rc" [ "$rc" = 0 ]
for b in 'vertex\] device-local=true' 'vertex\] device-local=false' 'texture\] anisotropy=0' \
         'texture\] anisotropy=16' 'shading\] shading=gouraud' 'shading\] shading=blinn-phong-inf' \
         'shading\] shading=phong' 'shading\] shading=cel' 'effect2d\] kernel=edge' \
         'effect2d\] kernel=blur' 'desktop\]' 'cube\]' 'clear\]'; do
    line=$(grep "^\[$b" /tmp/vkmark.out | head -n 1)
    check "vkmark ran [${b%%\\]*}]${b#*\\]} to its end (${line#*: })" \
        sh -c "echo '$line' | grep -q 'FPS: [0-9]'"
done
check "vkmark reported no error" sh -c "! grep -qiE 'error|lost' /tmp/vkmark.out"

vkmark --winsys headless -b clear:duration=1 > /tmp/headless.out 2>&1
rc=$?
echo "KNOWN FAILURE: vkmark --winsys headless: exit status $rc (Mesa 25.0.7's headless WSI on NVK)"
check "vkmark --winsys headless still fails as documented" [ "$rc" != 0 ]

collect_dmesg
# the known failure's segfault report (it names libvulkan_nouveau.so) is not nouveau's
for f in /tmp/dmesg /tmp/nv; do
    grep -v 'vkmark\[[0-9]*\]: segfault\|\] Code: ' $f > $f.kept
    mv $f.kept $f
done
check_clean_dmesg
exit $failed
