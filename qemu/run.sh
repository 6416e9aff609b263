#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot one QEMU guest with two NICs of one model on one in-process hub and
# run a guest script in it. Usage:
#   qemu/run.sh [options] GUEST_SCRIPT
# Options:
#   --nic MODEL        e1000e (default), e1000, e1000-82544gc, e1000-82545em,
#                      virtio-net-pci
#   --kernel VARIANT   kernel variant from `make kernel` (default mod)
#   --bzimage FILE     boot this bzImage instead of the variant's
#   --module FILE.ko   insmod FILE.ko in the guest before the script, in the
#                      order given, instead of the variant's own copy of that
#                      module (repeatable; "FILE.ko args" passes parameters)
#   --no-autoload      do not insmod the NIC's driver from the variant
#   --file SRC[:DST]   copy SRC into the guest image (default DST /test/NAME)
#   --root initramfs|9p  guest root: our initramfs (default) or the host's
#                      root over 9p, read-only, with tmpfs on top
#   --icount           single-threaded TCG with -icount shift=1,sleep=off,align=off
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
# The QEMU monitor listens on OUT/monitor.sock (hub ports net0 and net1).
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

nic=e1000e variant=mod bzimage="" root=initramfs icount=0 mem=2048 timeout=300
append="" out="" autoload=1
modules=() files=() traces=() qargs=()
while [ $# -gt 1 ]; do
	case "$1" in
	--nic) nic=$2; shift 2 ;;
	--kernel) variant=$2; shift 2 ;;
	--bzimage) bzimage=$2; shift 2 ;;
	--module) modules+=("$2"); shift 2 ;;
	--no-autoload) autoload=0; shift ;;
	--file) files+=("$2"); shift 2 ;;
	--root) root=$2; shift 2 ;;
	--icount) icount=1; shift ;;
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

case "$nic" in
e1000e) drv=e1000e ;;
e1000|e1000-82544gc|e1000-82545em) drv=e1000 ;;
virtio-net-pci) drv="" ;;
*) die "unknown NIC model $nic" ;;
esac

# The module list the guest loads: the NIC's driver from the variant's
# modules unless given with --module (or already built in), then --module.
modlist=()
have_override() { local m; for m in "${modules[@]}"; do [ "$(basename "${m%% *}" .ko)" = "$1" ] && return 0; done; return 1; }
if [ $autoload = 1 ] && [ -n "$drv" ] && ! have_override "$drv"; then
	ko=$(find "$obj/modroot" -name "$drv.ko" 2>/dev/null | head -n 1)
	[ -n "$ko" ] && modlist+=("$ko")
fi
modlist+=("${modules[@]}")

# Per-run image: the script, listed modules and files, appended as a second
# cpio archive to the base image (the kernel unpacks both).
stage=$out/stage
rm -rf "$stage"; mkdir -p "$stage/test/mod"
cp "$script" "$stage/test/run.sh"
: > "$stage/test/modules"
for m in "${modlist[@]}"; do
	f=${m%% *}; args=""; [ "$f" != "$m" ] && args=${m#* }
	[ -f "$f" ] || die "no module $f"
	cp "$f" "$stage/test/mod/"
	echo "/test/mod/$(basename "$f") $args" >> "$stage/test/modules"
done
for f in "${files[@]}"; do
	src=${f%%:*}; dst=/test/$(basename "$src"); [ "$src" != "$f" ] && dst=${f#*:}
	mkdir -p "$stage$(dirname "$dst")"; cp -a "$src" "$stage$dst"
done

qemu=(qemu-system-x86_64 -nodefaults -no-reboot -machine q35 -cpu max -m "$mem"
      -display none -serial stdio -monitor "unix:$out/monitor.sock,server,nowait"
      -kernel "$bzimage")
if [ $icount = 1 ]; then
	qemu+=(-accel tcg,thread=single -smp 2 -icount shift=1,sleep=off,align=off)
else
	qemu+=(-accel tcg,thread=multi -smp 2)
fi
cmdline="console=ttyS0 panic=-1 oops=panic loglevel=7 $append"
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
for i in 0 1; do
	mac=52:54:00:12:34:0$((i + 1))
	qemu+=(-netdev "hubport,id=net$i,hubid=0")
	if [ "$nic" = e1000e ]; then
		# PCIe root ports, so a test can hot-unplug a NIC
		qemu+=(-device "pcie-root-port,id=rp$i,chassis=$((i + 1)),slot=$((i + 1)),bus=pcie.0"
		       -device "$nic,netdev=net$i,mac=$mac,id=nic$i,bus=rp$i")
	else
		qemu+=(-device "$nic,netdev=net$i,mac=$mac,id=nic$i")
	fi
done
if [ ${#traces[@]} -gt 0 ]; then
	for t in "${traces[@]}"; do qemu+=(-trace "$t"); done
	qemu+=(-D "$out/trace.log")
fi
qemu+=("${qargs[@]}" -append "$cmdline")
printf '%q ' "${qemu[@]}" > "$out/qemu.cmd"
echo >> "$out/qemu.cmd"
rc=0
timeout -k 5 "$timeout" "${qemu[@]}" < /dev/null 2>&1 | tee "$out/console.log" || true
rc=${PIPESTATUS[0]}
status=$(sed -n 's/^@@EXIT \([0-9]*\).*/\1/p' "$out/console.log" | tail -n 1 | tr -d '\r')
if [ $rc = 124 ] || [ $rc = 137 ]; then
	echo "@@HOST timeout after ${timeout}s" | tee -a "$out/console.log"
	exit 124
fi
[ "$status" = 0 ] && exit 0
echo "@@HOST guest exit status ${status:-missing} (qemu rc $rc)" | tee -a "$out/console.log"
exit 1
