#!/bin/sh
# QEMU's generic-fuzz (libFuzzer) over the nvidia-gpu device: a separate
# clang build with --enable-fuzzing in build/qemu-fuzz (first build ~10 min on
# 2 cores), then fuzzing of the device's BARs and DMA for SECONDS (default 60).
#   scripts/fuzz-qemu.sh [SECONDS]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
build=$repo/build
fb=$build/qemu-fuzz
step() { echo "== nvqemu: $*"; }

"$repo/scripts/qemu-setup.sh" "$build" >/dev/null     # deps + the hooked QEMU tree
command -v clang >/dev/null 2>&1 && [ -e "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a)" ] ||
    DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=900 install -y \
        --no-install-recommends clang libclang-rt-14-dev
if [ ! -f "$fb/build.ninja" ]; then
    step "configuring the fuzzing QEMU (clang, --enable-fuzzing) in $fb"
    mkdir -p "$fb"
    (cd "$fb" && "$build/qemu-src/configure" --python=/usr/bin/python3 --cc=clang --cxx=clang++ \
        --target-list=x86_64-softmmu --without-default-features --without-default-devices \
        --with-devices-x86_64=oot-min --enable-tcg --enable-pixman --enable-fuzzing \
        --disable-docs --disable-user --disable-tools --disable-guest-agent \
        --disable-download --disable-install-blobs \
        --firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu) \
        > "$fb.configure.log" 2>&1 || { tail -n 30 "$fb.configure.log"; exit 1; }
    mkdir -p "$fb/qemu-bundle/usr/share"
    ln -sfn /usr/share/seabios "$fb/qemu-bundle/usr/share/seabios"
fi
step "building qemu-fuzz-x86_64"
ninja -C "$fb" qemu-fuzz-x86_64 | "$repo/scripts/progress.sh"
corpus=$build/qemu-fuzz-corpus
mkdir -p "$corpus"
step "generic-fuzz over nvidia-gpu for $secs s (corpus $corpus)"
cd "$fb"
# libqos maps every BAR into a 512 MiB window: a 64 MiB BAR1 leaves room for the others
QEMU_FUZZ_ARGS="-M q35 -nodefaults -device nvidia-gpu,addr=4.0,vram-size=256M,bar1-size=64M,host-thread=off" \
QEMU_FUZZ_OBJECTS="nvidia-gpu*" \
    ./qemu-fuzz-x86_64 --fuzz-target=generic-fuzz -max_total_time="$secs" \
    -print_final_stats=1 "$corpus"
