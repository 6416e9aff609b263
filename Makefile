# SPDX-License-Identifier: GPL-2.0
#
# e1000e rework: one Makefile drives the kernel branch, the guest kernels,
# the QEMU tests and the benchmark. `make help` lists the targets.
# Nothing here loads a module on the host: every run of the drivers is in QEMU.

SHELL := /bin/bash
TOP := $(CURDIR)
BUILD ?= $(TOP)/build
export BUILD
VARIANTS := mod builtin regress debug
# The rest of the E1000 x E1000E matrix (mod, builtin and regress are the
# cells (m,m), (y,y) and (y,m)); built by make test-kconfig only.
KCONFIG_CELLS := cell-y-n cell-m-y cell-m-n
T ?= check
K ?= *
J ?= 1

PACKAGES := linux-source-6.12 gcc make sparse qemu-system-x86 busybox-static \
	iperf3 bc bison flex libelf-dev libssl-dev cpio xz-utils kmod ethtool \
	iproute2 ccache codespell iputils-ping socat python3-yaml python3 perl \
	git gnuplot-nox jq clang llvm libbpf-dev

.PHONY: help deps tree patches kernel modules sparse checkpatch vars image \
	xdp tools test test-kconfig stress bench bench-check profile check clean timed-%

help:
	@echo "e1000e rework -- targets (each runs 'deps' first):"
	@echo "  make bench       iperf3 benchmark, stock vs ours (the main job; see README)"
	@echo "                   QUICK=1 smoke run (< 5 min); OURS_KO=file.ko measures that module"
	@echo "  make check       deps, tree, kernel, sparse, checkpatch, patches, test (J=2), bench-check (timed)"
	@echo "  make profile     instructions per MB of TCP by kernel symbol, ours vs stock (QEMU plugin, icount)"
	@echo "  make deps        apt-get install what the project needs (quick when present)"
	@echo "  make tree        unpack linux-source-6.12 into build/linux, regenerate branch e1000e-rework"
	@echo "  make patches     export the branch as a series to build/patches, prove it with git am"
	@echo "  make kernel      build guest kernel variants ($(VARIANTS)) in build/kernel-VARIANT"
	@echo "  make modules     rebuild only e1000e/e1000 (M=) against build/kernel-mod, and stock e1000e"
	@echo "  make sparse      sparse C=2 + W=1 over the branch's e1000e and e1000"
	@echo "  make checkpatch  checkpatch --strict (netdev CI flags) over the series, kernel-doc"
	@echo "  make image       build the guest initramfs (busybox, iperf3, ip, ethtool)"
	@echo "  make xdp         build the XDP test programs (clang -target bpf), xdpmap and xsk"
	@echo "  make tools       build the static guest test tools (tests/tools: badframes)"
	@echo "  make test        run the QEMU test scenarios tagged T (default check; K=glob filters names,"
	@echo "                   J=N boots up to N guests at a time)"
	@echo "  make test-kconfig  the whole E1000 x E1000E matrix: build the other cells, boot all six"
	@echo "  make stress      the full reliability suite on the debug kernel (scenarios tagged stress;"
	@echo "                   K= and J= as for make test)"
	@echo "  make vars        print artifact paths, NAME=value"
	@echo "  make clean       remove build/ (ccache in ~/.cache/ccache stays)"

deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo ">> installing:" $$missing; \
		[ "$$(id -u)" = 0 ] || { echo "error: make deps must run as root (apt-get)"; exit 1; }; \
		apt-get update -q >/dev/null && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing >/dev/null; \
	fi

tree: deps
	@scripts/tree.sh

kernel: tree
	@for v in $(VARIANTS); do scripts/kernel.sh $$v || exit 1; done
	@scripts/modules.sh mod >/dev/null

modules: deps
	@scripts/modules.sh mod

sparse: deps
	@scripts/style.sh sparse

checkpatch: deps
	@scripts/patches.sh export
	@scripts/style.sh checkpatch

patches: deps
	@scripts/patches.sh export
	@scripts/patches.sh am-check

image: deps
	@qemu/mkroot.sh

# XDP test programs (tests/xdp/*.bpf.c, clang for the BPF target), the
# static map tool and the AF_XDP socket tool (xsk), copied into guests
# whose scenario says XDP=1.
XDP_OUT := $(BUILD)/xdp
XDP_SRCS := $(wildcard tests/xdp/*.bpf.c)
XDP_OBJS := $(patsubst tests/xdp/%.bpf.c,$(XDP_OUT)/%.bpf.o,$(XDP_SRCS))
BPF_CFLAGS := -O2 -g -Wall -Werror -target bpf -I/usr/include/$(shell gcc -dumpmachine)

xdp: deps $(XDP_OBJS) $(XDP_OUT)/xdpmap $(XDP_OUT)/xsk

$(XDP_OUT)/%.bpf.o: tests/xdp/%.bpf.c tests/xdp/udp4.h
	@mkdir -p $(@D)
	clang $(BPF_CFLAGS) -c $< -o $@

$(XDP_OUT)/xdpmap: tests/xdp/xdpmap.c
	@mkdir -p $(@D)
	gcc -O2 -Wall -Werror -static -o $@ $<

$(XDP_OUT)/xsk: tests/xdp/xsk.c
	@mkdir -p $(@D)
	gcc -O2 -Wall -Werror -static -o $@ $<

# Static guest test tools (tests/tools/*.c), copied into guests whose
# scenario says TOOLS=1: badframes, crafted bad frames on a raw socket.
TOOLS_OUT := $(BUILD)/tools
TOOLS_BINS := $(patsubst tests/tools/%.c,$(TOOLS_OUT)/%,$(wildcard tests/tools/*.c))

tools: deps $(TOOLS_BINS)

$(TOOLS_OUT)/%: tests/tools/%.c
	@mkdir -p $(@D)
	gcc -O2 -Wall -Werror -static -o $@ $<

test: deps image xdp tools
	@tests/run.sh -t '$(T)' -k '$(K)' -j '$(J)'

# The whole configuration matrix (issue 5): every cell built in its own
# O= folder (ccache shared), then every scenario tagged kconfig.
test-kconfig: kernel image
	@for v in $(KCONFIG_CELLS); do scripts/kernel.sh $$v || exit 1; done
	@tests/run.sh -t kconfig -k '$(K)'
# The full reliability suite (issue 7): flaps, reloads, setting changes,
# hot-unplug, XDP cycles, TX hangs, bad frames and a 256 MiB transfer on
# the debug kernel, each bounded; make check runs smaller counts of each.
stress: kernel image xdp tools
	@tests/run.sh -t stress -k '$(K)' -j '$(J)'

# make bench [QUICK=1] [OURS_KO=/path/e1000e.ko]: guest kernel "mod", the
# branch's and the stock modules, the guest image, then bench/bench.py
# (one QEMU at a time; results in build/bench/{full,quick}).
bench: tree
	@scripts/kernel.sh mod
	@scripts/modules.sh mod >/dev/null
	@qemu/mkroot.sh
	@$(MAKE) --no-print-directory xdp
	@QUICK='$(QUICK)' OURS_KO='$(OURS_KO)' bench/bench.py

# make profile: bench/profile/profile.py, a TCG plugin counting guest
# instructions by translation block; ours and stock, 4 boots (~5 min).
profile: tree
	@scripts/kernel.sh mod
	@scripts/modules.sh mod >/dev/null
	@qemu/mkroot.sh
	@bench/profile/profile.py

# make check's bench phase: the QUICK run; fails only when a run crashed,
# timed out, moved no data or logged a kernel warning, never on a ratio.
bench-check: deps image xdp
	@[ -f "$(BUILD)/stock/e1000e.ko" ] || scripts/modules.sh mod >/dev/null
	@QUICK=1 OURS_KO='$(OURS_KO)' bench/bench.py

vars:
	@echo "TOP=$(TOP)"
	@echo "TREE=$(BUILD)/linux"
	@echo "TREE_BRANCH=e1000e-rework"
	@echo "PRISTINE=$(BUILD)/linux@pristine"
	@echo "PRISTINE_UNPACK=$(BUILD)/am-check"
	@echo "PATCHES=$(BUILD)/patches"
	@$(foreach v,$(VARIANTS),echo "KERNEL_OBJ_$(v)=$(BUILD)/kernel-$(v)"; \
		echo "BZIMAGE_$(v)=$(BUILD)/kernel-$(v)/arch/x86/boot/bzImage";)
	@echo "MODULE_E1000E=$(BUILD)/modules/mod/e1000e/e1000e.ko"
	@echo "MODULE_E1000=$(BUILD)/modules/mod/e1000/e1000.ko"
	@echo "MODULE_E1000E_STOCK=$(BUILD)/stock/e1000e.ko"
	@echo "MODULE_E1000_STOCK=$(BUILD)/stock-e1000/e1000.ko"
	@echo "BENCH=$(BUILD)/bench"
	@echo "MODROOT_mod=$(BUILD)/kernel-mod/modroot"
	@echo "GUEST_IMAGE=$(BUILD)/guest/base.cpio.gz"
	@echo "TEST_LOGS=$(BUILD)/test"

# make check: every phase timed; the first failure stops it. Its test
# phase boots two guests at a time (CHECK_J): on this 2-core kind of
# machine that fits make check in CI's time on a cold machine (README,
# Tests), and each scenario's limit allows for sharing the host.
CHECK_PHASES := deps tree kernel sparse checkpatch patches test bench-check
CHECK_J ?= 2
check:
	@t0=$$(date +%s); \
	for p in $(CHECK_PHASES); do \
		s=$$(date +%s); echo "== phase $$p"; \
		$(MAKE) --no-print-directory $$p J=$(CHECK_J) || { echo "== phase $$p FAILED after $$(( $$(date +%s) - s ))s"; exit 1; }; \
		echo "== phase $$p: $$(( $$(date +%s) - s ))s"; \
	done; \
	echo "== make check: all phases passed in $$(( $$(date +%s) - t0 ))s"

clean:
	rm -rf $(BUILD)
