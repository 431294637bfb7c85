#!/bin/bash
# Coverage-guided fuzzing of the model core's host path (tools/fuzz/fuzz-gpu.c)
# with libFuzzer, ASan and UBSan.
#
#   scripts/fuzz.sh [SECONDS] [TARGET]      (default 60 s, target gpu)
#
# TARGET gpu: the host path (tools/fuzz/fuzz-gpu.c, corpus tools/fuzz/corpus);
# TARGET sm: the SM interpreter (tools/fuzz/fuzz-sm.c, tools/fuzz/corpus-sm).
# Builds build/fuzz/fuzz-TARGET with clang, fuzzes for SECONDS on a scratch
# copy of the corpus, then merges the inputs that add coverage back into it
# (-merge=1). A crash, leak or UBSan report stops the run;
# its reproducer is written to tools/fuzz/crashes/ (replay it with
# `build/fuzz/fuzz-gpu tools/fuzz/crashes/crash-...`).
#
# Environment: CC (default clang), FUZZ_MAX_LEN (default 12288),
# FUZZ_KEEP_GOING=1 (fork mode: record crashes and go on), FUZZ_ARGS (extra
# libFuzzer options).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail

cd "$(dirname "$0")/.."
secs=${1:-60}
target=${2:-gpu}
[[ $secs =~ ^[0-9]+$ && $target =~ ^(gpu|sm)$ ]] || { echo "usage: $0 [SECONDS] [gpu|sm]" >&2; exit 2; }
CC=${CC:-clang}
out=build/fuzz
bin=$out/fuzz-$target
scratch=$out/corpus-scratch-$target
corpus=tools/fuzz/corpus
[ "$target" = sm ] && corpus=tools/fuzz/corpus-sm
crashes=tools/fuzz/crashes
log=$out/fuzz-$target.log
mkdir -p "$out" "$crashes" "$corpus"

say() { echo "== fuzz: $*"; }

# libFuzzer's runtime is in libclang-rt-NN-dev; install it if clang cannot link it.
fuzzer_links() {
    echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' \
        > "$out/probe.c"
    "$CC" -fsanitize=fuzzer,address,undefined "$out/probe.c" -o "$out/probe" 2>/dev/null
}
if ! command -v "$CC" >/dev/null; then
    echo "fuzz: $CC not found (apt-get install clang)" >&2
    exit 1
fi
if ! fuzzer_links; then
    ver=$("$CC" -dumpversion | cut -d. -f1)
    say "clang cannot link -fsanitize=fuzzer: installing libclang-rt-$ver-dev"
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get -q -o DPkg::Lock::Timeout=900 install -y "libclang-rt-$ver-dev" >/dev/null
    fuzzer_links || { echo "fuzz: still cannot link -fsanitize=fuzzer" >&2; exit 1; }
fi
rm -f "$out/probe" "$out/probe.c"

say "building $bin"
"$CC" -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -fno-omit-frame-pointer -Iinclude -Ihw/nvidia/gpu $(pkg-config --cflags glib-2.0) \
    hw/nvidia/gpu/*.c hw/nvidia/gpu/*/*.c hw/nvidia/sm/*.c "tools/fuzz/fuzz-$target.c" -o "$bin" \
    $(pkg-config --libs glib-2.0) -lm

rm -rf "$scratch"
mkdir -p "$scratch"
cp "$corpus"/* "$scratch"/ 2>/dev/null || true
say "fuzzing for ${secs}s on $(ls "$scratch" | wc -l) inputs (log: $log)"

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
opts=(-max_total_time="$secs" -max_len="${FUZZ_MAX_LEN:-12288}" -len_control=0 -timeout=20
      -rss_limit_mb=2048 -artifact_prefix="$crashes/" -print_final_stats=1 -use_value_profile=1)
if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
    opts+=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
fi
# shellcheck disable=SC2086
set +e
"$bin" "${opts[@]}" ${FUZZ_ARGS:-} "$scratch" 2>&1 | tee "$log" |
    grep --line-buffered -E 'INITED|pulse|DONE|ERROR|SUMMARY|Test unit written|runtime error|stat::' |
    sed -u 's/^/   /'
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" != 0 ]; then
    say "the fuzzer stopped with status $rc: see $log and $crashes/"
fi

# Only inputs that reach new edges are kept (-use_counters=0: hit counts and
# value profiles are left out), so the saved corpus that `make check` replays
# stays small; the next run starts from it.
before=$(ls "$corpus" | wc -l)
say "merging new inputs into $corpus"
"$bin" -merge=1 -use_counters=0 -use_value_profile=0 -max_len="${FUZZ_MAX_LEN:-12288}" \
    -timeout=20 -rss_limit_mb=2048 "$corpus" "$scratch" >"$out/merge.log" 2>&1 ||
    say "merge failed: see $out/merge.log"
grep -E '^MERGE-OUTER: [0-9]+ new files' "$out/merge.log" | sed 's/^/   /' || true
after=$(ls "$corpus" | wc -l)
say "corpus: $before -> $after files, $(cat "$corpus"/* | wc -c) bytes"
exit "$rc"
