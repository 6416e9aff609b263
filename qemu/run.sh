#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot one QEMU guest with two NICs (of one model unless --nic2 says
# otherwise) on one in-process hub and run a guest script in it. Usage:
#   qemu/run.sh [options] GUEST_SCRIPT
# Options:
#   --nic MODEL        e1000e (default), e1000, e1000-82544gc, e1000-82545em,
#                      virtio-net-pci
#   --nic2 MODEL       model of the second port (default: the --nic model),
#                      e.g. --nic e1000e --nic2 e1000 for an 82574L and an
#                      82540EM in one guest; e1000e ports always sit on PCIe
#                      root ports, the other models on the root complex
#   --peer MODEL       a third port on the hub (MAC 52:54:00:12:34:03), as a
#                      known-good partner, e.g. virtio-net-pci
#   --kernel VARIANT   kernel variant from `make kernel` (default mod)
#   --bzimage FILE     boot this bzImage instead of the variant's
#   --module FILE.ko   insmod FILE.ko in the guest before the script, in the
#                      order given, instead of the variant's own copy of that
#                      module (repeatable; "FILE.ko args" passes parameters)
#   --no-autoload      do not insmod the NIC's driver from the variant
#   --defer-modules    list the modules in /test/modules.deferred instead
#                      of /test/modules: the guest boots with none loaded and
#                      the script loads them (load_deferred_modules)
#   --file SRC[:DST]   copy SRC into the guest image (default DST /test/NAME)
#   --root initramfs|9p  guest root: our initramfs (default) or the host's
#                      root over 9p, read-only, with tmpfs on top
#   --icount           single-threaded TCG with -icount shift=1,sleep=off,align=off
#   --single-thread    single-threaded TCG (both vCPUs on one host thread), no
#                      icount: x86 cross-modifying code (text_poke_bp, e.g.
#                      the BPF dispatcher on XDP attach) is not coherent
#                      between MTTCG threads in QEMU 7.2
#   --iommu            an emulated Intel VT-d (intel-iommu) in front of every
#                      device, guest in strict mode (intel_iommu=on
#                      iommu.strict=1): DMA to an unmapped buffer faults;
#                      needs a kernel with INTEL_IOMMU (variant debug)
#   --trace PATTERN    QEMU -trace PATTERN (repeatable), log in OUT/trace.log
#   --qemu-arg ARG     extra QEMU argument (repeatable)
#   --append ARGS      extra kernel command line
#   --mem MB           guest memory (default 2048)
#   --timeout SECONDS  hard wall-clock limit (default 300)
#   --out DIR          where console.log, monitor socket and trace go
#                      (default build/runs/<time>-<pid>)
# The guest sees IF0 (MAC 52:54:00:12:34:01) in the root namespace and IF1
# (52:54:00:12:34:02) moved into netns "peer" once the script calls
# setup_pair (qemu/guest/lib.sh). Lines "@@CASE ..." on the console are the
# results; the exit status is 0 when the guest reported "@@EXIT 0".
# The QEMU monitor listens on OUT/monitor.sock (hub ports net0 and net1,
# devices nic0 and nic1 on root ports rp0 and rp1 for e1000e); the guest
# reaches it by printing "@@MONITOR CMD" (see monitor() in lib.sh).
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

nic=e1000e nic2="" peer="" variant=mod bzimage="" root=initramfs icount=0 single=0 mem=2048 timeout=300
append="" out="" autoload=1 defer=0 iommu=0
modules=() files=() traces=() qargs=()
while [ $# -gt 1 ]; do
	case "$1" in
	--nic) nic=$2; shift 2 ;;
	--nic2) nic2=$2; shift 2 ;;
	--peer) peer=$2; shift 2 ;;
	--defer-modules) defer=1; shift ;;
	--kernel) variant=$2; shift 2 ;;
	--bzimage) bzimage=$2; shift 2 ;;
	--module) modules+=("$2"); shift 2 ;;
	--no-autoload) autoload=0; shift ;;
	--file) files+=("$2"); shift 2 ;;
	--root) root=$2; shift 2 ;;
	--icount) icount=1; shift ;;
	--single-thread) single=1; shift ;;
	--iommu) iommu=1; shift ;;
	--trace) traces+=("$2"); shift 2 ;;
	--qemu-arg) qargs+=("$2"); shift 2 ;;
	--append) append=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	*) die "unknown option $1 (see the header of $0)" ;;
	esac
done
script=${1:?usage: $0 [options] GUEST_SCRIPT}
[ -f "$script" ] || die "no guest script $script"
obj=$(kobj "$variant")
bzimage=${bzimage:-$obj/arch/x86/boot/bzImage}
[ -f "$bzimage" ] || die "no kernel $bzimage (run make kernel)"
out=${out:-$BUILD/runs/$(date +%Y%m%d-%H%M%S)-$$}
mkdir -p "$out"
out=$(cd "$out" && pwd)

nic2=${nic2:-$nic}
driver_for() { # driver_for MODEL: the PRO/1000 driver of a QEMU model
	case "$1" in
	e1000e) echo e1000e ;;
	e1000|e1000-82544gc|e1000-82545em) echo e1000 ;;
	virtio-net-pci) echo "" ;;
	*) die "unknown NIC model $1" ;;
	esac
}
drv=$(driver_for "$nic")
drv2=$(driver_for "$nic2")
[ -z "$peer" ] || [ "$peer" = virtio-net-pci ] || driver_for "$peer" >/dev/null

# The module list the guest loads: the NICs' drivers from the variant's
# modules unless given with --module (or already built in), then --module.
modlist=()
have_override() { local m; for m in "${modules[@]}"; do [ "$(basename "${m%% *}" .ko)" = "$1" ] && return 0; done; return 1; }
for d in $drv $([ "$drv2" != "$drv" ] && echo "$drv2"); do
	[ $autoload = 1 ] && ! have_override "$d" || continue
	ko=$(find "$obj/modroot" -name "$d.ko" 2>/dev/null | head -n 1)
	[ -n "$ko" ] && modlist+=("$ko")
done
modlist+=("${modules[@]}")

# Per-run image: the script, listed modules and files, appended as a second
# cpio archive to the base image (the kernel unpacks both).
stage=$out/stage
rm -rf "$stage"; mkdir -p "$stage/test/mod"
cp "$script" "$stage/test/run.sh"
modfile=$stage/test/modules
[ $defer = 1 ] && modfile=$stage/test/modules.deferred
: > "$stage/test/modules"; : > "$modfile"
for m in "${modlist[@]}"; do
	f=${m%% *}; args=""; [ "$f" != "$m" ] && args=${m#* }
	[ -f "$f" ] || die "no module $f"
	cp "$f" "$stage/test/mod/"
	echo "/test/mod/$(basename "$f") $args" >> "$modfile"
done
for f in "${files[@]}"; do
	src=${f%%:*}; dst=/test/$(basename "$src"); [ "$src" != "$f" ] && dst=${f#*:}
	mkdir -p "$stage$(dirname "$dst")"; cp -a "$src" "$stage$dst"
done

# Native PCIe hotplug (pciehp) on the root ports: QEMU 7.2's q35 hands
# root-port hotplug to ACPI by default, which a guest without acpiphp
# never answers (device_del then does nothing and the guest stalls).
qemu=(qemu-system-x86_64 -nodefaults -no-reboot -machine q35 -cpu max -m "$mem"
      -global ICH9-LPC.acpi-pci-hotplug-with-bridge-support=off
      -display none -serial stdio -monitor "unix:$out/monitor.sock,server,nowait"
      -kernel "$bzimage")
if [ $icount = 1 ]; then
	qemu+=(-accel tcg,thread=single -smp 2 -icount shift=1,sleep=off,align=off)
elif [ $single = 1 ]; then
	qemu+=(-accel tcg,thread=single -smp 2)
else
	qemu+=(-accel tcg,thread=multi -smp 2)
fi
cmdline="console=ttyS0 panic=-1 oops=panic loglevel=7 $append"
if [ "$variant" = debug ]; then
	# -cpu max offers LA57. identify_cpu() clears the boot CPU's feature
	# bits for a moment while IRQs are on; KASAN then takes 47-bit
	# addressing for its shadow range and an IRQ in that window reports
	# a "wild-memory-access" on a 5-level direct-map address (seen once,
	# before any driver loads). 4-level paging has no such window.
	cmdline+=" no5lvl"
	# The soft lockup detector reports a CPU that has not scheduled for
	# twice watchdog_thresh (20 s by default). Under TCG this kernel runs
	# one to two orders of magnitude slower than on hardware, and the
	# stress load (iperf3 between the two ports of this guest) keeps
	# both vCPUs in softirq: on every interrupt exit NAPI and TCP
	# processing run on top of whatever task the interrupt hit. A task
	# in a long kernel path of its own (KASAN freeing its quarantine, a
	# ring resize, an MTU change) then waits for a scheduling point well
	# past 20 s: CI saw "stuck for 22s! [ip]" in e1000e-stress, and with
	# the threshold at 4 s a dev run saw 5 to 29 s in ip, sh and iperf3,
	# each CPU in NAPI receive or TCP output, none in a loop. 60 makes
	# it 120 s: a CPU that never schedules again is still reported.
	cmdline+=" watchdog_thresh=60"
fi
# The guest reports what its tasks are doing shortly before the time
# limit (qemu/guest/lib.sh, stall_watch): a hang then shows where. Not
# under icount, where guest time runs apart from the host's clock.
if [ $icount = 0 ] && [ "$timeout" -gt 40 ]; then
	margin=$((timeout / 10))
	[ $margin -lt 20 ] && margin=20
	cmdline+=" test_deadline=$((timeout - margin))"
fi
if [ $iommu = 1 ]; then
	# before any PCI device, so that every one sits behind it
	qemu+=(-device intel-iommu)
	cmdline+=" intel_iommu=on iommu.strict=1"
fi
if [ "$root" = initramfs ]; then
	"$TOP/qemu/mkroot.sh"
	(cd "$stage" && find . -print0 | cpio -0 -o -H newc --quiet -R 0:0) | gzip -1 > "$out/run.cpio.gz"
	cat "$BUILD/guest/base.cpio.gz" "$out/run.cpio.gz" > "$out/initrd.img"
	qemu+=(-initrd "$out/initrd.img")
	cmdline+=" rdinit=/init"
elif [ "$root" = 9p ]; then
	qemu+=(-fsdev "local,id=root,path=/,security_model=none,readonly=on"
	       -device "virtio-9p-pci,fsdev=root,mount_tag=root"
	       -fsdev "local,id=stage,path=$stage/test,security_model=none,readonly=on"
	       -device "virtio-9p-pci,fsdev=stage,mount_tag=test")
	cmdline+=" root=root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=262144 ro init=$TOP/qemu/guest/init9p"
else
	die "unknown root $root"
fi
models=("$nic" "$nic2")
[ -n "$peer" ] && models+=("$peer")
for i in "${!models[@]}"; do
	model=${models[$i]}
	mac=52:54:00:12:34:0$((i + 1))
	qemu+=(-netdev "hubport,id=net$i,hubid=0")
	if [ "$model" = e1000e ]; then
		# PCIe root ports, so a test can hot-unplug a NIC
		qemu+=(-device "pcie-root-port,id=rp$i,chassis=$((i + 1)),slot=$((i + 1)),bus=pcie.0"
		       -device "$model,netdev=net$i,mac=$mac,id=nic$i,bus=rp$i")
	else
		qemu+=(-device "$model,netdev=net$i,mac=$mac,id=nic$i")
	fi
done
if [ ${#traces[@]} -gt 0 ]; then
	for t in "${traces[@]}"; do qemu+=(-trace "$t"); done
	qemu+=(-D "$out/trace.log")
fi
qemu+=("${qargs[@]}" -append "$cmdline")
printf '%q ' "${qemu[@]}" > "$out/qemu.cmd"
echo >> "$out/qemu.cmd"
# The console is copied to OUT/console.log and stdout; a guest line
# "@@MONITOR CMD" sends CMD to the QEMU monitor (link flaps, hot-unplug)
# and its answer comes back to the console log as "@@MONITOR-REPLY ...".
relay() {
	local line cmd
	while IFS= read -r line; do
		printf '%s\n' "$line"
		case "$line" in
		@@MONITOR\ *)
			cmd=${line#@@MONITOR }; cmd=${cmd%$'\r'}
			printf '%s\n' "$cmd" | socat -t 2 - "UNIX-CONNECT:$out/monitor.sock" 2>&1 | tee -a "$out/monitor.log" |
				tr -d '\r' | grep -v '^QEMU .*monitor\|^(qemu)' | sed 's/^/@@MONITOR-REPLY /'
			;;
		esac
	done
}
rc=0
timeout -k 5 "$timeout" "${qemu[@]}" < /dev/null 2>&1 | relay | tee "$out/console.log" || true
rc=${PIPESTATUS[0]}
status=$(sed -n 's/^@@EXIT \([0-9]*\).*/\1/p' "$out/console.log" | tail -n 1 | tr -d '\r')
if [ $rc = 124 ] || [ $rc = 137 ]; then
	echo "@@HOST timeout after ${timeout}s" | tee -a "$out/console.log"
	exit 124
fi
[ "$status" = 0 ] && exit 0
echo "@@HOST guest exit status ${status:-missing} (qemu rc $rc)" | tee -a "$out/console.log"
exit 1
