#!/bin/bash
# QEMU's own fuzzers over the nvidia-gpu device, in a separate clang build with
# libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer in build/qemu-fuzz
# (first build ~20 min on 2 cores).
#
#   scripts/fuzz-qemu.sh [SECONDS] [TARGET]     (default 60 s, both targets)
#
# TARGET generic-fuzz: QEMU's generic-fuzz over the device's BARs and DMA
#   (corpus build/qemu-fuzz-corpus, not kept);
# TARGET nvidia-gpu-chan: the structure-aware target (tests/qtest/nv-fuzz.c):
#   a bound channel, its structures, methods, compute launches and copies;
#   fuzzes a scratch copy of tools/fuzz/corpus-qemu and merges the inputs that
#   add coverage back (make check replays it: nvidia-gpu-fuzz-test).
# A crash, leak or UBSan report stops the run; its reproducer is written to
# tools/fuzz/crashes/. Environment: FUZZ_ARGS (extra libFuzzer options).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
targets=${2:-generic-fuzz nvidia-gpu-chan}
build=$repo/build
fb=$build/qemu-fuzz
crashes=$repo/tools/fuzz/crashes
step() { echo "== nvqemu: $*"; }

"$repo/scripts/qemu-setup.sh" "$build" >/dev/null     # deps + the hooked QEMU tree
command -v clang >/dev/null 2>&1 && [ -e "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a)" ] ||
    DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=900 install -y \
        --no-install-recommends clang libclang-rt-14-dev
if [ ! -f "$fb/build.ninja" ]; then
    step "configuring the fuzzing QEMU (clang, --enable-fuzzing, ASan, UBSan) in $fb"
    mkdir -p "$fb"
    (cd "$fb" && "$build/qemu-src/configure" --python=/usr/bin/python3 --cc=clang --cxx=clang++ \
        --target-list=x86_64-softmmu --without-default-features --without-default-devices \
        --with-devices-x86_64=oot-min --enable-tcg --enable-pixman --enable-fuzzing \
        --enable-asan --enable-ubsan --extra-cflags=-fno-sanitize-recover=undefined \
        --disable-docs --disable-user --disable-tools --disable-guest-agent \
        --disable-download --disable-install-blobs \
        --firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu) \
        > "$fb.configure.log" 2>&1 || { tail -n 30 "$fb.configure.log"; exit 1; }
    mkdir -p "$fb/qemu-bundle/usr/share"
    ln -sfn /usr/share/seabios "$fb/qemu-bundle/usr/share/seabios"
fi
step "building qemu-fuzz-x86_64"
ninja -C "$fb" qemu-fuzz-x86_64 | "$repo/scripts/progress.sh"

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$crashes"
cd "$fb"
rc=0
for target in $targets; do
    opts=""
    case $target in
    generic-fuzz)
        corpus=$build/qemu-fuzz-corpus
        mkdir -p "$corpus"
        scratch=$corpus
        # libqos maps every BAR into a 512 MiB window: a 64 MiB BAR1 leaves room for the others
        export QEMU_FUZZ_ARGS="-M q35 -nodefaults -device nvidia-gpu,addr=4.0,vram-size=256M,bar1-size=64M,host-thread=off"
        export QEMU_FUZZ_OBJECTS="nvidia-gpu*" ;;
    nvidia-gpu-chan)
        corpus=$repo/tools/fuzz/corpus-qemu
        scratch=$fb/corpus-scratch-chan
        rm -rf "$scratch" && mkdir -p "$scratch" && cp "$corpus"/* "$scratch"/
        opts="-max_len=4096 -len_control=0 -use_value_profile=1"
        unset QEMU_FUZZ_ARGS QEMU_FUZZ_OBJECTS ;;
    *) echo "fuzz-qemu: unknown target $target" >&2; exit 2 ;;
    esac
    step "$target over nvidia-gpu for $secs s (log $fb/$target.log)"
    # shellcheck disable=SC2086
    ./qemu-fuzz-x86_64 --fuzz-target="$target" -max_total_time="$secs" -timeout=30 \
        -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$crashes/" $opts ${FUZZ_ARGS:-} \
        "$scratch" > "$fb/$target.log" 2>&1 || { rc=$?; step "$target stopped with status $rc"; }
    grep -E 'stat::number_of_executed_units|stat::peak_rss|cov:.*ft:' "$fb/$target.log" |
        tail -n 3 | sed 's/^/   /'
    if [ "$scratch" != "$corpus" ]; then
        before=$(ls "$corpus" | wc -l)
        ./qemu-fuzz-x86_64 --fuzz-target="$target" -merge=1 -use_counters=0 -timeout=30 -max_len=4096 \
            "$corpus" "$scratch" > "$fb/$target-merge.log" 2>&1 ||
            step "merge failed: see $fb/$target-merge.log"
        step "corpus: $before -> $(ls "$corpus" | wc -l) files"
    fi
done
exit "$rc"
