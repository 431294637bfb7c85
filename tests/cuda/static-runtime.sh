#!/bin/sh
# A program built with nvcc's default (static) CUDA runtime is refused by
# scripts/cuda-run with a message saying how to rebuild it, not left to stop
# with NVIDIA's "insufficient driver".
#   static-runtime.sh CUDA_RUN PROGRAM
set -u
out=$("$1" "$2" 2>&1)
rc=$?
echo "$out"
[ "$rc" = 3 ] || { echo "FAIL static_runtime: exit status $rc, want 3"; exit 1; }
case $out in
*"static runtime"*"-cudart=shared"*) echo "PASS static_runtime" ;;
*) echo "FAIL static_runtime: no rebuild advice"; exit 1 ;;
esac
