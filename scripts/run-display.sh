#!/bin/sh
# Boot the guest with its console on QEMU's display: nouveau's fbcon on the
# emulated GPU's output, a busybox shell on it and on the serial console.
#   scripts/run-display.sh [QEMU ARGS...]        (make run-display)
# The window is GTK or SDL where QEMU was built with them and a desktop is
# there ($DISPLAY or $WAYLAND_DISPLAY); otherwise a VNC server on
# 127.0.0.1:5900 (NVQEMU_VNC=HOST:DISPLAY to change it). The guest powers
# off when the serial shell exits.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
qemu=${QEMU:-$root/build/qemu/qemu-system-x86_64}
backends=$("$qemu" -display help 2>/dev/null || true)
has() { echo "$backends" | grep -qx "$1"; }
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && has gtk; then
    ui="-display gtk"
elif [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && has sdl; then
    ui="-display sdl"
else
    vnc=${NVQEMU_VNC:-127.0.0.1:0}
    ui="-vnc $vnc"
    echo "run-display: the guest's screen is on VNC $vnc (port $((5900 + ${vnc##*:})))" >&2
fi
# Kernel messages go to the screen too; the shell test opens one there.
# shellcheck disable=SC2086  # ui: separate words by design
NVQEMU_CONSOLE=tty1 exec "$root/scripts/run-guest" --test shell --timeout 0 -- $ui "$@"
