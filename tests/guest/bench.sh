#!/bin/sh
# nvqemu-image: mesa
# In-guest benchmark "bench" (make bench-guest): what the guest sees of the
# GPU, as figures ("FIGURE:" lines), not checks. vk-bench: Vulkan
# submit-to-fence round trips and submissions per second (NVK, an empty
# command buffer), the GPU's timestamps, and two compute shaders on NVK and
# on Mesa's lavapipe (the add-on's, on the guest's TCG-emulated CPU) with
# their ratio; bo-move -b: copy-engine moves between GART and VRAM
# and no-op GEM_PUSHBUF submissions per second (nouveau's own uAPI);
# bar1-bw: the CPU's bandwidth into VRAM through BAR1.
# Exits with the programs' status (1 only if they could not run).
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp
rc=0
VK_ADD_DRIVER_FILES=/usr/share/nvqemu/lvp_icd.json vk-bench 200 --compute || rc=1
bo-move -r 4 -b 200 | grep '^FIGURE:' || rc=1
bar1-bw 32 | sed 's/^PASS: CPU writes through BAR1 reach the buffer/FIGURE: BAR1, CPU memcpy into a mapped dumb buffer:/' || rc=1
exit "$rc"
