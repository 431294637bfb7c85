#!/bin/bash
# End-to-end CUDA figures: a few programs of the CUDA suite run through
# scripts/cuda-run (process start, context, module loads, copies, launches,
# checks), with the wall time of the whole run and the kernels' rate from
# the library's --stats line; then saxpy by memory kind and the texture
# fetch rate. Every figure is the min / median / max of RUNS runs, with the
# load average beside them.
#
#   tools/bench/bench-cuda.sh BUILD_DIR
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?build dir}
export NVGPU_CUDART_DIR=$build/tools/cudart
RUNS=5

# min / median / max of the numbers on stdin
stats() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR) printf "%10.2f / %10.2f / %10.2f", v[1], v[int((NR + 1) / 2)], v[NR] }'
}

prog_path() {
    local p=$build/tests/cuda/$1
    [ -x "$p" ] || p=$root/tests/cuda/bin/$1
    echo "$p"
}

echo "== CUDA programs end to end (scripts/cuda-run --stats): min / median / max of $RUNS runs"
echo "   load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-16s %36s %36s\n' program "wall ms" "kernel M thread-instr/s"
for name in matrix_mul reduction scan histogram math_functions fp64; do
    prog=$(prog_path "$name")
    walls=() rates=()
    for _ in $(seq "$RUNS"); do
        t0=$(date +%s%N)
        line=$("$root/scripts/cuda-run" --stats "$prog" 2>&1 >/dev/null | grep ' launches, ' || true)
        t1=$(date +%s%N)
        walls+=($(( (t1 - t0) / 1000000 )))
        # "N launches, W warp-instructions, T thread-instructions in S s of kernels (R ...)"
        rates+=("$(sed -E 's/.*\(([0-9.e+]+) .*/\1/' <<< "$line" | awk '{ print $1 / 1e6 }')")
    done
    printf '%-16s %36s %36s\n' "$name" "$(printf '%s\n' "${walls[@]}" | stats)" \
        "$(printf '%s\n' "${rates[@]}" | stats)"
done

# One kernel streaming through device, managed and pinned memory (4M floats):
# the SM reaches system memory directly (the platform's dma_page), so the
# three should be close.
echo "== saxpy over 4M floats by memory kind: kernel MB/s, min / median / max of $RUNS runs"
prog=$(prog_path memory_kinds)
out=$(for _ in $(seq "$RUNS"); do "$root/scripts/cuda-run" "$prog" $((4 << 20)); done)
for kind in $(awk '$1 == "figure" { print $2 }' <<< "$out" | sort -u); do
    printf '%-8s %36s MB/s\n' "$kind" \
        "$(awk -v k="$kind" '$1 == "figure" && $2 == k { print $5 }' <<< "$out" | stats)"
done

# Texture fetches: bilinear RGBA8 samples (4 texels each) through a texture
# object, one SM worker and one per host core.
echo "== bilinear RGBA8 texture fetches, 512x512 x 16 samples: M samples/s, min / median / max of $RUNS runs"
prog=$(prog_path texture_objects)
for workers in 1 0; do
    rates=$(for _ in $(seq "$RUNS"); do
        NVGPU_CUDA_WORKERS=$workers "$root/scripts/cuda-run" "$prog" --bench |
            awk '$1 == "figure" { print $5 }'
    done | stats)
    printf '%-12s %36s Msamples/s\n' "$([ "$workers" = 1 ] && echo '1 worker' || echo 'all workers')" \
        "$rates"
done
echo "   load average: $(cut -d' ' -f1-3 /proc/loadavg)"
