#!/bin/sh
# Interactive busybox shell on the serial console, for humans:
#   scripts/run-guest --test shell --timeout 0
# The guest powers off when the shell exits (exit code = the shell's).
echo "nvqemu guest shell: nouveau is loaded; 'dmesg', 'ls /dev/dri', 'vulkaninfo --summary',"
echo "'vk-compute', 'gr-chan'; 'exit' to power off"
export HOME=/tmp XDG_RUNTIME_DIR=/tmp     # for vulkaninfo and NVK's shader cache
# With a display (scripts/run-display.sh), a second shell on its console.
if [ -c /dev/tty1 ] && [ -e /sys/class/graphics/fb0 ]; then
    setsid sh -c 'exec sh </dev/tty1 >/dev/tty1 2>&1' &
    echo "nvqemu guest: a shell on the emulated GPU's display (fbcon)" > /dev/tty1
fi
# cttyhack makes the console the shell's controlling terminal (job control).
# Ctrl-C on the host ends QEMU itself (-serial stdio passes signals).
exec setsid cttyhack sh
