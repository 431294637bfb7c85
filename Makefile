# nvqemu: the two entry points are `make run` and `make check`; both do all setup.
BUILD      ?= build
QBUILD     := $(BUILD)/qemu
CORE       := $(BUILD)/core
QEMU       := $(QBUILD)/qemu-system-x86_64
QTESTS     := nvidia-gpu-qtests
MESON      := /usr/bin/meson
SHELL      := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: all setup qemu core guest check unit qtest qtest-asan qtest-tsan soak guest-test run run-display run-monitor bench bench-guest fuzz fuzz-qemu clean distclean

all: qemu core

setup:
	@scripts/qemu-setup.sh $(BUILD)

qemu: setup
	@echo "== nvqemu: building QEMU with nvidia-gpu (a clean build takes several minutes)"
	@ninja -C $(QBUILD) qemu-system-x86_64 $(QTESTS) | scripts/progress.sh
	@test -f $(QBUILD)/pc-bios/optionrom/linuxboot_dma.bin || \
		$(MAKE) --no-print-directory -C $(QBUILD) pc-bios/optionrom/all >/dev/null 2>&1

core: setup
	@test -f $(CORE)/build.ninja || $(MESON) setup $(CORE) . >$(BUILD)/core-setup.log
	@ninja -C $(CORE) | scripts/progress.sh

# The Linux guest (kernel 6.12 + nouveau + busybox + firmware, Debian packages).
guest:
	@scripts/build-guest.sh $(BUILD)/guest

unit: core
	@$(MESON) test -C $(CORE) --no-rebuild --print-errorlogs --suite unit >/dev/null || true

qtest: qemu
	@$(MESON) test -C $(QBUILD) --no-rebuild --print-errorlogs --suite oot >/dev/null || true

guest-test: qemu core guest
	@$(MESON) test -C $(CORE) --no-rebuild --print-errorlogs --suite guest >/dev/null || true

# Every suite, then one summary line; fails if any test failed.
check: qemu core guest
	@echo "== nvqemu: running unit tests, qtests and guest tests"
	@$(MESON) test -C $(CORE) --no-rebuild --print-errorlogs --suite unit --suite sass --suite cuda --suite guest \
		> $(BUILD)/unit.log 2>&1 || true
	@$(MESON) test -C $(QBUILD) --no-rebuild --print-errorlogs --suite oot > $(BUILD)/qtest.log 2>&1 || true
	@scripts/test-summary.py $(CORE)/meson-logs/testlog.json $(QBUILD)/meson-logs/testlog.json

# Benchmarks: figures printed, never pass/fail.
bench: core
	@echo "== nvqemu: host benchmark (model core, this machine)"
	@$(CORE)/tools/bench/bench-host
	@$(CORE)/tools/bench/bench-sm $(CURDIR)
	@$(CORE)/tools/bench/bench-draw
	@tools/bench/bench-cuda.sh $(CORE)

# What a guest sees (TCG): Vulkan submit round trips, GPU timestamps, BAR1 bandwidth.
bench-guest: qemu guest
	@echo "== nvqemu: guest benchmark (TCG, this machine)"
	@scripts/run-guest --test bench --timeout 300 | grep '^FIGURE:'

# Fuzzing (not part of check; check replays the saved corpora): the model core
# with libFuzzer + sanitizers, and QEMU's fuzzers (generic-fuzz, nvidia-gpu-chan)
# over the device under ASan + UBSan.
FUZZ_SECONDS ?= 60
fuzz:
	@scripts/fuzz.sh $(FUZZ_SECONDS) gpu
	@scripts/fuzz.sh $(FUZZ_SECONDS) sm

fuzz-qemu:
	@scripts/fuzz-qemu.sh $(FUZZ_SECONDS)

# The reset/unplug soak: 1,000 resets and 200 plug cycles mid-workload (not part of check).
soak: qemu
	@NVQEMU_SOAK=1 $(MESON) test -C $(QBUILD) --no-rebuild --print-errorlogs \
		--timeout-multiplier 30 nvidia-gpu-reset-test

# The qtests against a QEMU built with ASan and UBSan (build/qemu-asan; not part of check).
qtest-asan:
	@scripts/qtest-sanitize.sh asan

# The qtests against a QEMU built with ThreadSanitizer (build/qemu-tsan; not part of check).
qtest-tsan:
	@scripts/qtest-sanitize.sh tsan

# Boot the default guest: nouveau binds the GPU; prints its dmesg, DRM nodes, powers off.
run: qemu guest
	@scripts/run-guest --test boot

# The guest with its console on QEMU's display (GTK/SDL window, else VNC :0)
# and a shell on the serial console.
run-display: qemu guest
	@scripts/run-display.sh

# QEMU alone with the GPU behind a root port, shown in `info pci`.
run-monitor: qemu
	@scripts/run-monitor.sh $(QEMU)

clean:
	rm -rf $(CORE)
	-ninja -C $(QBUILD) -t clean >/dev/null 2>&1

distclean:
	rm -rf $(BUILD)
