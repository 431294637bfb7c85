#!/bin/bash
# Rebuilds the CUDA runtime's device library (vprintf, __assertfail, malloc,
# free for device code) from tools/cudart/devlib/nvq-devlib.cu with nvcc.
# The cubin is committed, so building nvqemu needs no nvcc; run this after
# changing the source or devlib-abi.h / devlib-format.h, and commit both.
#
#   scripts/build-devlib.sh          (NVCC: the compiler, default nvcc)
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
dir=$(cd "$(dirname "$0")/../tools/cudart/devlib" && pwd)
"${NVCC:-nvcc}" -arch=sm_75 -rdc=true -cubin -O2 -o "$dir/nvq-devlib.sm_75.cubin" \
    "$dir/nvq-devlib.cu"
echo "built $dir/nvq-devlib.sm_75.cubin ($(stat -c %s "$dir/nvq-devlib.sm_75.cubin") bytes)"
