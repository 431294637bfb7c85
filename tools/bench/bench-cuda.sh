#!/bin/bash
# End-to-end CUDA figures: a few programs of the CUDA suite run through
# scripts/cuda-run (process start, context, module loads, copies, launches,
# checks), with the wall time of the whole run and the kernels' instruction
# counts and rate from the library's --stats line.
#
#   tools/bench/bench-cuda.sh BUILD_DIR
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?build dir}
export NVGPU_CUDART_DIR=$build/tools/cudart
echo "== CUDA programs end to end (scripts/cuda-run --stats, best of 3)"
printf '%-16s %9s %9s %14s %12s %14s\n' program wall_ms kernel_ms warp_instr thread_instr thread_instr/s
for name in matrix_mul reduction scan histogram math_functions fp64; do
    prog=$build/tests/cuda/$name
    [ -x "$prog" ] || prog=$root/tests/cuda/bin/$name
    best=
    for _ in 1 2 3; do
        t0=$(date +%s%N)
        stats=$("$root/scripts/cuda-run" --stats "$prog" 2>&1 >/dev/null | grep ' launches, ' || true)
        t1=$(date +%s%N)
        ms=$(( (t1 - t0) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then
            best=$ms
            line=$stats
        fi
    done
    # "N launches, W warp-instructions, T thread-instructions in S s of kernels (R ...)"
    read -r warp thread secs rate < <(sed -E \
        's/.* ([0-9]+) warp-instructions, ([0-9]+) thread-instructions in ([0-9.]+) s .*\(([0-9.e+]+) .*/\1 \2 \3 \4/' \
        <<< "$line")
    printf '%-16s %9d %9.1f %14s %12s %14s\n' "$name" "$best" "$(awk "BEGIN{print $secs*1000}")" \
        "$warp" "$thread" "$rate"
done

# One kernel streaming through device, managed and pinned memory (4M floats):
# the SM reaches system memory directly (the platform's dma_page), so the
# three should be close.
echo "== saxpy over 4M floats by memory kind (kernel time, best of 3)"
prog=$build/tests/cuda/memory_kinds
[ -x "$prog" ] || prog=$root/tests/cuda/bin/memory_kinds
for _ in 1 2 3; do "$root/scripts/cuda-run" "$prog" $((4 << 20)); done |
    awk '$1 == "figure" { if (!($2 in best) || $3 < best[$2]) { best[$2] = $3; bw[$2] = $5 } }
         END { for (k in best) printf "%-8s %9.2f ms %9.1f MB/s\n", k, best[k], bw[k] }' | sort

# Texture fetches: bilinear RGBA8 samples (4 texels each) through a texture
# object, one SM worker and one per host core.
echo "== bilinear RGBA8 texture fetches, 512x512 x 16 samples (best of 3 launches)"
prog=$build/tests/cuda/texture_objects
[ -x "$prog" ] || prog=$root/tests/cuda/bin/texture_objects
for workers in 1 0; do
    printf '%-12s ' "$([ "$workers" = 1 ] && echo '1 worker' || echo 'all workers')"
    NVGPU_CUDA_WORKERS=$workers "$root/scripts/cuda-run" "$prog" --bench |
        awk '$1 == "figure" { printf "%9.2f ms %8.2f Msamples/s %8.2f Mtexels/s\n", $3, $5, $7 }'
done
