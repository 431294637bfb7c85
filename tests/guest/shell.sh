#!/bin/sh
# Interactive busybox shell on the serial console, for humans:
#   scripts/run-guest --test shell --timeout 0
# The guest powers off when the shell exits (exit code = the shell's).
echo "nvqemu guest shell: nouveau is loaded; 'dmesg', 'ls /dev/dri', 'exit' to power off"
# cttyhack makes the console the shell's controlling terminal (job control).
# Ctrl-C on the host ends QEMU itself (-serial stdio passes signals).
exec setsid cttyhack sh
