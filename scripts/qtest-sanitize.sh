#!/bin/sh
# The device's qtests under sanitizers, against a separate QEMU build (first
# build ~15 min on 2 cores), then every qtest of the oot suite; any report
# fails the run.
#   asan: AddressSanitizer + UndefinedBehaviorSanitizer (gcc, --enable-asan
#         --enable-ubsan, -fno-sanitize-recover) in build/qemu-asan: ASan
#         aborts, UBSan halts, LeakSanitizer checks at exit.
#   tsan: ThreadSanitizer (gcc, --enable-tsan) in build/qemu-tsan, with
#         tests/tsan/glib-pthread-shim.c preloaded so that the GMutex/GCond
#         the model core uses are visible to TSan; the threaded qtests (host
#         thread, SM workers, BAR remaps under system-memory kernels) must
#         report no data race.
#   scripts/qtest-sanitize.sh [asan|tsan] [MESON TEST ARGS...]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$repo/build
mode=asan
case "${1:-}" in asan|tsan) mode=$1; shift ;; esac
sb=$build/qemu-$mode
step() { echo "== nvqemu: $*"; }

case $mode in
asan) flags="--enable-asan --enable-ubsan --extra-cflags=-fno-sanitize-recover=undefined" ;;
tsan) flags="--enable-tsan" ;;
esac

"$repo/scripts/qemu-setup.sh" "$build" >/dev/null     # deps + the hooked QEMU tree
if [ ! -f "$sb/build.ninja" ]; then
    step "configuring the sanitizer QEMU ($mode) in $sb"
    mkdir -p "$sb"
    # shellcheck disable=SC2086
    (cd "$sb" && "$build/qemu-src/configure" --python=/usr/bin/python3 \
        --target-list=x86_64-softmmu --without-default-features --without-default-devices \
        --with-devices-x86_64=oot-min --enable-tcg --enable-pixman $flags \
        --disable-docs --disable-user --disable-tools --disable-guest-agent \
        --disable-download --disable-install-blobs \
        --firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu) \
        > "$sb.configure.log" 2>&1 || { tail -n 30 "$sb.configure.log"; exit 1; }
    mkdir -p "$sb/qemu-bundle/usr/share" "$sb/qemu-bundle/usr/lib/ipxe"
    ln -sfn /usr/share/seabios "$sb/qemu-bundle/usr/share/seabios"
    ln -sfn /usr/lib/ipxe/qemu "$sb/qemu-bundle/usr/lib/ipxe/qemu"
fi
step "building QEMU and the qtests with $mode"
ninja -C "$sb" qemu-system-x86_64 nvidia-gpu-qtests | "$repo/scripts/progress.sh"
step "running the qtests under $mode"
case $mode in
asan)
    export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    exec /usr/bin/meson test -C "$sb" --no-rebuild --print-errorlogs --suite oot \
        --timeout-multiplier 5 "$@" ;;
tsan)
    shim=$sb/glib-pthread-shim.so
    # shellcheck disable=SC2046
    cc -shared -fPIC -O2 -o "$shim" "$repo/tests/tsan/glib-pthread-shim.c" \
        $(pkg-config --cflags --libs glib-2.0) -lpthread
    export LD_PRELOAD=$shim
    export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:exitcode=66:second_deadlock_stack=1:die_after_fork=0:suppressions=$repo/tests/tsan/suppressions.tsan}
    exec /usr/bin/meson test -C "$sb" --no-rebuild --print-errorlogs --suite oot \
        --timeout-multiplier 10 "$@" ;;
esac
