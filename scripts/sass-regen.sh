#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Rebuild the SASS corpus in tests/sass: for every kNN_*.cu a cubin (CUDA's
# nvcc, any release that still targets sm_75) and its golden decode table
# (CUDA 11.8's nvdisasm, whose spelling the disassembler reproduces), then
# the mutated-word table fuzz.sm_75.tsv. CI uses the committed files; run this
# after adding a kernel. Needs no installation:
#
#   apt-get download nvidia-cuda-toolkit     # Debian 12 non-free, 11.8
#   dpkg -x nvidia-cuda-toolkit_*.deb /tmp/cuda118
#   NVDISASM=/tmp/cuda118/usr/bin/nvdisasm scripts/sass-regen.sh [kNN_name ...]
#
# (with a private apt sources list adding "non-free" if the system lacks it;
# see docs/isa.md).
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
dir="$here/tests/sass"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
NVDISASM=${NVDISASM:-nvdisasm}
export NVDISASM

"$NVDISASM" --version | grep -q 'release 11.8' ||
    { echo "sass-regen: $NVDISASM is not CUDA 11.8's nvdisasm" >&2; exit 1; }

if [ $# -gt 0 ]; then
    kernels="$*"
else
    kernels=$(cd "$dir" && ls k[0-9]*.cu | sed 's/\.cu$//')
fi

for k in $kernels; do
    k=${k%.cu}
    echo "sass-regen: $k"
    "$NVCC" -arch=sm_75 -cubin -O3 -o "$dir/$k.sm_75.cubin" "$dir/$k.cu"
    python3 "$here/scripts/sass-tsv.py" "$dir/$k.sm_75.cubin" > "$dir/$k.sm_75.tsv"
done

# CUB and Thrust as the toolkit's nvcc compiles them: their distinct words
# (the cubin, ~0.8 MB, is not kept)
if [ $# -eq 0 ]; then
    echo "sass-regen: cub_thrust (CUB and Thrust kernels, distinct words)"
    cub=$(mktemp -d)
    "$NVCC" -arch=sm_75 -cubin -O3 -o "$cub/cub_thrust.cubin" "$dir/cub_thrust.cu" &&
    { echo "# raw: the distinct instruction words (without branch labels) of CUB and Thrust kernels (tests/sass/cub_thrust.cu: sort, sort_by_key, reduce, scans, partition, merge, histogram), nvcc -arch=sm_75 -cubin -O3, scripts/sass-tsv.py --distinct; texts from nvdisasm 11.8"
      python3 "$here/scripts/sass-tsv.py" --distinct "$cub/cub_thrust.cubin"; } \
        > "$dir/cub_thrust.sm_75.tsv"
    rm -rf "$cub"
fi

# Mutations of every golden word (and of the same words in every operand
# form), kept where our text equals nvdisasm's; the decoder must agree on all.
dis=${SASS_DIS:-$here/build/core/tests/sass/sass-dis}
cache=${SASS_FUZZ_CACHE:-/tmp/sass-fuzz-cache.tsv}
if [ -x "$dis" ]; then
    fuzz() { python3 "$here/scripts/sass-fuzz.py" --dis "$dis" --cache "$cache" --dedupe "$@"; }
    forms=$(mktemp)
    fuzz --flips 4 --out "$dir/fuzz.sm_75.tsv" "$dir"/k*.sm_75.tsv "$dir"/seeds/*.tsv &&
    fuzz --forms --no-flips --out "$forms" "$dir"/k*.sm_75.tsv "$dir"/seeds/*.tsv &&
    fuzz --flips 2 --out "$dir/fuzz-forms.sm_75.tsv" "$forms" ||
        echo "sass-regen: the decoder disagrees with nvdisasm (see above)" >&2
    rm -f "$forms"
else
    echo "sass-regen: build sass-dis (ninja -C build/core) to refresh the fuzz tables" >&2
fi
