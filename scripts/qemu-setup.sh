#!/bin/sh
# Everything before `ninja`: dependencies, QEMU source (cached outside the tree),
# a private hard-linked copy of it hooked to this checkout, and a configured
# build directory. Each step is skipped when already done.
#   scripts/qemu-setup.sh BUILD_DIR
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$1
cache=${NVQEMU_CACHE:-$HOME/.cache/nvqemu}
step() { echo "== nvqemu: $*"; }

"$repo/scripts/install-deps.sh"
tree=$("$repo/scripts/qemu-fetch.sh" "$cache")
ver=$(cat "$tree/.nvqemu-unpacked")
mkdir -p "$build"
build=$(cd "$build" && pwd)
src="$build/qemu-src"
if [ "$(cat "$src/.nvqemu-unpacked" 2>/dev/null)" != "$ver" ]; then
    step "preparing a private QEMU $ver tree in $src"
    rm -rf "$src" "$build/qemu"
    cp -al "$tree" "$src" 2>/dev/null || cp -a "$tree" "$src"
fi
"$repo/scripts/qemu-hook.sh" "$src"

qbuild="$build/qemu"
# Display backends: VNC always (no library), SDL and GTK where their
# development packages are installed (make run-display picks the best).
ui="--enable-vnc"
for lib in sdl2:sdl gtk+-3.0:gtk; do
    pkg-config --exists "${lib%%:*}" 2>/dev/null && ui="$ui --enable-${lib#*:}"
done
# A build configured with other display options is configured again.
if [ -f "$qbuild/build.ninja" ] && [ "$(cat "$qbuild/.nvqemu-ui" 2>/dev/null)" != "$ui" ]; then
    step "QEMU's display backends changed ($ui): configuring again"
    rm -f "$qbuild/build.ninja"
fi
if [ ! -f "$qbuild/build.ninja" ]; then
    step "configuring QEMU $ver (x86_64, minimal device set) in $qbuild"
    mkdir -p "$qbuild"
    (cd "$qbuild" && "$src/configure" \
        --python=/usr/bin/python3 \
        --target-list=x86_64-softmmu \
        --without-default-features --without-default-devices \
        --with-devices-x86_64=oot-min \
        --enable-kvm --enable-tcg --enable-pixman $ui \
        --disable-docs --disable-user --disable-tools --disable-guest-agent \
        --disable-download --disable-install-blobs \
        --firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu \
        ${NVQEMU_CONFIGURE_EXTRA:-}) > "$build/qemu-configure.log" 2>&1 ||
        { tail -n 30 "$build/qemu-configure.log"; exit 1; }
    echo "$ui" > "$qbuild/.nvqemu-ui"
fi
# An uninstalled binary looks for firmware under qemu-bundle/<path>: point it at
# Debian's seabios/ipxe packages and at the option ROMs built in this tree.
b="$qbuild/qemu-bundle"
mkdir -p "$b/usr/share" "$b/usr/lib/ipxe" "$b/usr/local/share/qemu"
ln -sfn /usr/share/seabios "$b/usr/share/seabios"
ln -sfn /usr/lib/ipxe/qemu "$b/usr/lib/ipxe/qemu"
for r in linuxboot linuxboot_dma multiboot multiboot_dma kvmvapic pvh; do
    ln -sfn "$qbuild/pc-bios/optionrom/$r.bin" "$b/usr/local/share/qemu/$r.bin"
done
echo "$ver" > "$build/qemu-version"
