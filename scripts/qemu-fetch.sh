#!/bin/sh
# Fetch the current QEMU 10.0.x source package of Debian trixie into the cache
# and unpack it there with Debian's patches (dpkg-source -x). Reused when present.
#   scripts/qemu-fetch.sh CACHE_DIR   -> prints the unpacked tree's path
set -eu
want=10.0                                   # the QEMU major.minor we support
cache=$1
mkdir -p "$cache"
cd "$cache"
ver=$(apt-cache showsrc qemu 2>/dev/null | awk '/^Version:/ { print $2 }' |
      grep -E "^1:${want}\.[0-9]+\+" | sort -V | tail -n 1 || true)
if [ -z "$ver" ]; then
    found=$(apt-cache showsrc qemu 2>/dev/null | awk '/^Version:/ { print $2 }' | tr '\n' ' ')
    echo "qemu-fetch: no QEMU $want.x source package in the archive (found: ${found:-none})." >&2
    echo "qemu-fetch: nvqemu supports QEMU $want only; run scripts/install-deps.sh first." >&2
    exit 1
fi
up=${ver#*:}; up=${up%%+*}                  # e.g. 10.0.13
tree="$cache/qemu-$up"
if [ ! -f "$tree/.nvqemu-unpacked" ]; then
    echo "== nvqemu: fetching QEMU $ver source (apt-get source)" >&2
    apt-get -q source --download-only "qemu=$ver" >&2
    rm -rf "$tree"
    echo "== nvqemu: unpacking with Debian's patches (dpkg-source -x)" >&2
    dpkg-source -x "qemu_${ver#*:}.dsc" "$tree" >&2
    echo "$ver" > "$tree/.nvqemu-unpacked"
fi
echo "$tree"
