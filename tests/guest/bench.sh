#!/bin/sh
# In-guest benchmark "bench" (make bench): what the guest sees of the GPU,
# as figures ("FIGURE:" lines), not checks. vk-bench: Vulkan submit-to-fence
# round trips and submissions per second (NVK, an empty command buffer) and
# the GPU's timestamps; bo-move -b: copy-engine moves between GART and VRAM
# and no-op GEM_PUSHBUF submissions per second (nouveau's own uAPI);
# bar1-bw: the CPU's bandwidth into VRAM through BAR1.
# Exits with the programs' status (1 only if they could not run).
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp
rc=0
vk-bench 200 || rc=1
bo-move -r 4 -b 200 | grep '^FIGURE:' || rc=1
bar1-bw 32 | sed 's/^PASS: CPU writes through BAR1 reach the buffer/FIGURE: BAR1, CPU memcpy into a mapped dumb buffer:/' || rc=1
exit "$rc"
