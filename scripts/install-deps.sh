#!/bin/sh
# Install everything nvqemu needs on Debian 12 (run as root; idempotent).
# Adds bookworm-backports (meson >= 1.5) and trixie deb-src (QEMU 10.0.x source),
# reusing the archive address of the machine's own debian.sources.
set -eu
stamp=${NVQEMU_CACHE:-$HOME/.cache/nvqemu}/deps-v1.stamp
pkgs="build-essential dpkg-dev python3 python3-venv python3-setuptools ninja-build \
pkgconf libglib2.0-dev zlib1g-dev libpixman-1-dev bzip2 xz-utils \
lib32gcc-12-dev seabios ipxe-qemu liblz4-dev libzstd-dev"
if [ -f "$stamp" ] && dpkg -s $pkgs meson >/dev/null 2>&1; then
    exit 0
fi
echo "== nvqemu: installing build dependencies from Debian's archive"
APT="apt-get -q -o DPkg::Lock::Timeout=900"
src=/etc/apt/sources.list.d
uri=$(awk '/^URIs:/ { print $2; exit }' "$src/debian.sources")
[ -n "$uri" ] || { echo "install-deps: no URIs: line in $src/debian.sources" >&2; exit 1; }
cat > "$src/nvqemu.sources" <<EOS
Types: deb
URIs: $uri
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: $uri
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
export DEBIAN_FRONTEND=noninteractive
$APT update
$APT install -y --no-install-recommends -t bookworm-backports meson
$APT install -y --no-install-recommends $pkgs
mkdir -p "$(dirname "$stamp")" && touch "$stamp"
