#!/bin/sh
# Starts QEMU (q35, TCG) with the GPU behind a PCIe root port, lets the
# firmware enumerate PCI, prints the GPU's part of `info pci`, and quits.
set -eu
qemu=$1
settle=${NVQEMU_SETTLE:-3}
out=$(mktemp)
echo "== nvqemu: starting $qemu with -device nvidia-gpu (q35, behind pcie-root-port)"
{ sleep "$settle"; printf 'info pci\nquit\n'; } |
    "$qemu" -M q35 -m 256 -nodefaults -display none \
        -device pcie-root-port,id=rp0,chassis=1,addr=5.0 \
        -device nvidia-gpu,bus=rp0,id=gpu0 \
        -monitor stdio 2>&1 | tr -d '\r' | sed -e 's/\x1b\[[0-9;]*[A-Za-z]//g' |
    awk '/^  Bus/ { dev = $0; next }
         dev != "" && /PCI device 10de:/ { show = 1; print dev }
         /^  Bus/ || /^\(qemu\)/ { show = 0 }
         show { print }
         / id "/ { show = 0 }' > /tmp/nvqemu-run.$$
if grep -q '10de:1eb8' /tmp/nvqemu-run.$$; then
    cat /tmp/nvqemu-run.$$
    rm -f /tmp/nvqemu-run.$$
else
    echo "run: the GPU is missing from info pci" >&2
    rm -f /tmp/nvqemu-run.$$
    exit 1
fi
