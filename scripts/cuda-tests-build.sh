#!/bin/bash
# Regenerates tests/cuda/bin/: the CUDA suite's programs built with nvcc
# exactly as tests/cuda/meson.build builds them (flags from programs.txt,
# -cudart=shared -O2), stripped. Machines without nvcc run these committed
# binaries; rerun this after changing a program or programs.txt and commit
# the result.
#
#   scripts/cuda-tests-build.sh [NVCC]     (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=$root/tests/cuda
nvcc=${1:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "cuda-tests-build: no nvcc (give its path)" >&2; exit 1; }
mkdir -p "$src/bin"
rm -f "$src"/bin/*
while read -r name file flags; do
    case $name in ''|'#'*) continue ;; esac
    echo "  NVCC $name" >&2
    # shellcheck disable=SC2086  # flags are words
    "$nvcc" ${flags:--arch=sm_75} -cudart=shared -O2 -o "$src/bin/$name" "$src/$file"
    strip "$src/bin/$name"
done < "$src/programs.txt"
"$nvcc" --version | tail -1 > "$src/bin/NVCC-VERSION"
