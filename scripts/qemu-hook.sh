#!/bin/sh
# Hook this repository into a QEMU source tree: symlinks plus four appended
# lines (idempotent). The tree must be private to this checkout (see qemu-setup.sh).
#   scripts/qemu-hook.sh QEMU_SRC
set -eu
qemu=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
ln -sfn "$repo/hw"          "$qemu/hw/oot"
ln -sfn "$repo/tests/qtest" "$qemu/tests/qtest/oot"
for d in "$repo"/include/hw/*/; do
    ln -sfn "${d%/}" "$qemu/include/hw/$(basename "$d")"
done
ln -sfn "$repo/configs/x86_64-oot-min.mak" \
        "$qemu/configs/devices/x86_64-softmmu/oot-min.mak"
# Appending rewrites the file: break any hard link to the shared cache first.
append() {
    grep -qxF "$2" "$1" && return 0
    cp "$1" "$1.tmp" && mv "$1.tmp" "$1"
    printf '%s\n' "$2" >> "$1"
}
append "$qemu/hw/meson.build"          "subdir('oot')"
append "$qemu/hw/Kconfig"              "source oot/Kconfig"
append "$qemu/tests/qtest/meson.build" "subdir('oot')"
# The structure-aware fuzz target, in qemu-fuzz-x86_64 (fuzzing builds only).
append "$qemu/tests/qtest/fuzz/meson.build" \
    "specific_fuzz_ss.add(when: 'CONFIG_NVIDIA_GPU', if_true: [files('../oot/nvidia-gpu-fuzz.c', '../oot/nv-fuzz.c', '../oot/nv-qtest.c'), declare_dependency(include_directories: include_directories('..'))])"
