#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the guest's base initramfs, build/guest/base.cpio.gz: busybox-static,
# iperf3, iproute2 (ip, tc), ethtool and the shared libraries ldd finds for
# them, plus qemu/guest/init and qemu/guest/lib.sh. Kernel modules and the
# test script are appended per run by qemu/run.sh (concatenated cpio).
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

out=$BUILD/guest/base.cpio.gz
stage=$BUILD/guest/base.stage
bins="/bin/busybox /usr/bin/iperf3 /sbin/ip /sbin/tc /usr/sbin/ethtool"
inputs="$0 $TOP/qemu/guest/init $TOP/qemu/guest/lib.sh $(for b in $bins; do readlink -f "$b"; done)"
if [ -f "$out" ]; then
	stale=0
	for f in $inputs; do [ "$f" -nt "$out" ] && stale=1; done
	[ $stale = 0 ] && exit 0
fi
log "building guest base image $out"
rm -rf "$stage"
mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,lib,lib64,proc,sys,dev,tmp,run,var/run,etc,root,mnt,test,lib/modules}
for b in $bins; do
	[ -x "$b" ] || die "missing $b (run make deps)"
	cp -L "$b" "$stage$b"
	{ ldd "$b" 2>/dev/null || true; } | { grep -o "/[^ ]*" || true; } | while read -r lib; do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
done
# busybox applets live in /bin; the real ip/tc/ethtool stay at full paths
for a in $("$stage/bin/busybox" --list); do
	[ -e "$stage/bin/$a" ] || ln -s busybox "$stage/bin/$a"
done
install -m 755 "$TOP/qemu/guest/init" "$stage/init"
install -m 644 "$TOP/qemu/guest/lib.sh" "$stage/lib/guest.sh"
echo "root:x:0:0:root:/root:/bin/sh" > "$stage/etc/passwd"
echo "root:x:0:" > "$stage/etc/group"
printf '127.0.0.1 localhost\n::1 localhost\n' > "$stage/etc/hosts"
(cd "$stage" && find . -print0 | LC_ALL=C sort -z | cpio -0 -o -H newc --quiet -R 0:0) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
log "guest base image: $(du -h "$out" | cut -f1)"
