#!/bin/sh
# In-guest test "Vulkan through NVK" (busybox sh; /init has loaded nouveau):
# Mesa's NVK (from trixie) on nouveau's new uAPI finds the GPU, and
# vkCreateDevice runs NVK's context setup on a GR channel (its 3D and compute
# state, MME macros, the copy engine for uploads) without an error; then
# vk-compute (compute shaders, images) and vk-draw (clears). One
# PASS:/FAIL: line per check; exits 1 if any failed.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp

vulkaninfo --summary > /tmp/vk-summary 2>&1
rc=$?
check "vulkaninfo --summary exited with status $rc" [ "$rc" = 0 ]
check "NVK lists the GPU ($(sed -n 's/^[[:space:]]*deviceName *= //p' /tmp/vk-summary | head -n 1))" \
    grep -qE 'deviceName += (.* \()?NVK TU104' /tmp/vk-summary
check "the driver is NVK ($(sed -n 's/^[[:space:]]*driverInfo *= //p' /tmp/vk-summary | head -n 1))" \
    grep -qE 'driverName += NVK' /tmp/vk-summary

# The full report creates a logical device: NVK's queue setup runs on the GPU.
vulkaninfo > /tmp/vk-full 2>&1
rc=$?
check "vulkaninfo (device creation included) exited with status $rc" [ "$rc" = 0 ]
grep -E 'ERROR|DEVICE_LOST|WARNING' /tmp/vk-full > /tmp/vk-errors
check "vulkaninfo reports no error ($(wc -l < /tmp/vk-errors) lines)" [ ! -s /tmp/vk-errors ]
[ -s /tmp/vk-errors ] && sed 's/^/    /' /tmp/vk-errors | head -20

# A compute dispatch: NVK compiles vadd.comp to sm_75 code, the SM runs it.
run_program vk-compute

# Graphics: clears through the 3D class (CLEAR_SURFACE), read back and checked.
run_program vk-draw

collect_dmesg
check_clean_dmesg
echo "--- vulkaninfo --summary"
cat /tmp/vk-summary
exit "$failed"
