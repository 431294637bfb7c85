#!/bin/sh
# The device's qtests under sanitizers: a separate QEMU build with
# AddressSanitizer and UndefinedBehaviorSanitizer (gcc, --enable-asan
# --enable-ubsan, -fno-sanitize-recover) in build/qemu-asan (first build
# ~15 min on 2 cores), then every qtest of the oot suite; any report fails
# the run (ASan aborts, UBSan halts, LeakSanitizer checks at exit).
#   scripts/qtest-sanitize.sh [MESON TEST ARGS...]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$repo/build
sb=$build/qemu-asan
step() { echo "== nvqemu: $*"; }

"$repo/scripts/qemu-setup.sh" "$build" >/dev/null     # deps + the hooked QEMU tree
if [ ! -f "$sb/build.ninja" ]; then
    step "configuring the sanitizer QEMU (ASan + UBSan) in $sb"
    mkdir -p "$sb"
    (cd "$sb" && "$build/qemu-src/configure" --python=/usr/bin/python3 \
        --target-list=x86_64-softmmu --without-default-features --without-default-devices \
        --with-devices-x86_64=oot-min --enable-tcg --enable-pixman \
        --enable-asan --enable-ubsan --extra-cflags=-fno-sanitize-recover=undefined \
        --disable-docs --disable-user --disable-tools --disable-guest-agent \
        --disable-download --disable-install-blobs \
        --firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu) \
        > "$sb.configure.log" 2>&1 || { tail -n 30 "$sb.configure.log"; exit 1; }
    mkdir -p "$sb/qemu-bundle/usr/share" "$sb/qemu-bundle/usr/lib/ipxe"
    ln -sfn /usr/share/seabios "$sb/qemu-bundle/usr/share/seabios"
    ln -sfn /usr/lib/ipxe/qemu "$sb/qemu-bundle/usr/lib/ipxe/qemu"
fi
qtests=$(grep -o 'tests/qtest/oot/nvidia-gpu[a-z-]*' "$repo/Makefile" | sort -u)
step "building QEMU and the qtests with ASan + UBSan"
# shellcheck disable=SC2086
ninja -C "$sb" qemu-system-x86_64 $qtests | "$repo/scripts/progress.sh"
step "running the qtests under the sanitizers"
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec /usr/bin/meson test -C "$sb" --no-rebuild --print-errorlogs --suite oot "$@"
