# SPDX-License-Identifier: GPL-2.0
# One cell of the E1000 x E1000E configuration matrix (tests/scenarios, tag
# kconfig). The guest has an 82574L (QEMU e1000e, PCIe, 8086:10d3) and an
# 82540EM (QEMU e1000, PCI, 8086:100e) and a virtio-net partner on one hub,
# and boots with no module loaded (run.sh --defer-modules). The scenario
# writes down what each PRO/1000 function must look like:
#   BOOT_82574L, BOOT_82540EM       right after boot, no module loaded
#   MODULES_82574L, MODULES_82540EM after loading the variant's e1000e.ko and
#                                   e1000.ko (unset: the phase is skipped)
# each one of
#   up      bound to its driver (e1000e / e1000), link, ping and a short
#           iperf3 to the partner
#   absent  no driver, no interface, and not named in the kernel log
#   named   no driver, and exactly one kernel log line naming its address,
#           8086:DEVICE and the option it needs: e1000's line for the
#           82574L (CONFIG_E1000E), e1000e's for the 82540EM (CONFIG_E1000)
#   none    the guest must not have such a function
# After each phase, "no-silent-loss": when a PRO/1000 driver is present
# (built in or loaded), every PRO/1000 function is bound or named.
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
PEER_MAC=52:54:00:12:34:03
PEER_V4=192.0.2.254

bound_driver() { [ -e "/sys/bus/pci/devices/$1/driver" ] && basename "$(readlink "/sys/bus/pci/devices/$1/driver")"; }
netdev_of() { ls "/sys/bus/pci/devices/$1/net" 2>/dev/null | head -n 1; }
named_count() { # named_count ADDR DEVICE: kernel log lines naming the function
	# e1000 names a PCIe part (CONFIG_E1000E), e1000e a PCI/PCI-X one
	dmesg | grep -F "$1 [8086:$2]: " |
		grep -cE "e1000: [^ ]* \[8086:[0-9a-f]{4}\]: PCIe PRO/1000 left without a driver: it needs CONFIG_E1000E\$|e1000e: [^ ]* \[8086:[0-9a-f]{4}\]: PCI/PCI-X PRO/1000 left without a driver: it needs CONFIG_E1000\$"
}

setup_peer() {
	wait_for 10 ifname_by_mac $PEER_MAC || { echo "no partner port $PEER_MAC"; return 1; }
	p=$(ifname_by_mac $PEER_MAC)
	$IP link set lo up
	$IP netns add $PEER && $IP link set "$p" netns $PEER || return 1
	inpeer $IP link set lo up
	inpeer $IP addr add $PEER_V4/24 dev "$p"
	inpeer $IP link set "$p" up
	inpeer $IPERF -s -D -B $PEER_V4 >/dev/null 2>&1
	sleep 0.3
}

# traffic IFNAME V4: address the port, then ping and a 1 s iperf3 run to
# the partner; prints why on failure.
traffic() {
	$IP addr add "$2/24" dev "$1" && $IP link set "$1" up || { echo "cannot configure $1"; return 1; }
	if ! wait_for 10 carrier_up "$1"; then echo "$1: no carrier"; return 1; fi
	r=0
	ping -c 2 -W 2 $PEER_V4 >/tmp/ping.log 2>&1 || { echo "$1: ping: $(tail -n 2 /tmp/ping.log | tr '\n' ' ')"; r=1; }
	if [ $r = 0 ]; then
		$IPERF -c $PEER_V4 -B "$2" -t 1 -J >/tmp/iperf.json 2>&1
		bytes=$(sed -n '/"sum_received"/,/}/s/.*"bytes":[[:space:]]*\([0-9]*\).*/\1/p' /tmp/iperf.json | head -n 1)
		if [ -n "$bytes" ] && [ "$bytes" -gt 100000 ]; then
			echo "@@INFO $1 iperf3 bytes=$bytes" >/dev/console
		else
			echo "$1: iperf3 moved ${bytes:-no} bytes"; r=1
		fi
	fi
	$IP addr flush dev "$1"; $IP link set "$1" down
	return $r
}

# expect PHASE MODEL DEVICE DRIVER V4 OUTCOME
expect() {
	model=$2 dev=$3 drv=$4 v4=$5 want=$6 cname="$1-$2"
	addrs=$(functions "$dev")
	if [ "$want" = none ]; then
		[ -z "$addrs" ] && ok "$cname" || fail "$cname" "unexpected $model at $addrs"
		return
	fi
	[ -n "$addrs" ] || { fail "$cname" "no $model (8086:$dev) in the guest"; return; }
	why=""
	for a in $addrs; do
		b=$(bound_driver "$a") n=$(netdev_of "$a") c=$(named_count "$a" "$dev")
		case "$want" in
		up)
			if [ "$b" != "$drv" ]; then why="$why $a: driver '${b:-none}', want $drv;"
			elif [ -z "$n" ]; then why="$why $a: bound but no interface;"
			elif ! out=$(traffic "$n" "$v4"); then why="$why $a: $out;"
			fi ;;
		absent)
			[ -z "$b" ] || why="$why $a: bound to $b, want no driver;"
			[ "$c" = 0 ] || why="$why $a: named $c time(s) in the log, want no line;" ;;
		named)
			[ -z "$b" ] || why="$why $a: bound to $b, want no driver;"
			[ "$c" = 1 ] || why="$why $a: named $c time(s) in the log, want exactly 1;" ;;
		*) why="$why unknown expectation '$want';" ;;
		esac
	done
	if [ -z "$why" ]; then ok "$cname"; echo "@@INFO $cname $want at $addrs"; else fail "$cname" "$want expected:$why"; fi
}

# no_silent_loss PHASE: with a PRO/1000 driver present, no PRO/1000
# function may be without a driver and without a word.
no_silent_loss() {
	if [ ! -d /sys/bus/pci/drivers/e1000 ] && [ ! -d /sys/bus/pci/drivers/e1000e ]; then
		ok "$1-no-silent-loss"; echo "@@INFO $1: no PRO/1000 driver in the kernel"; return
	fi
	lost=""
	for dev in 10d3 100e; do
		for a in $(functions $dev); do
			[ -n "$(bound_driver "$a")" ] || [ "$(named_count "$a" $dev)" -ge 1 ] || lost="$lost $a(8086:$dev)"
		done
	done
	[ -z "$lost" ] && ok "$1-no-silent-loss" || fail "$1-no-silent-loss" "silently without a driver:$lost"
}

sleep 1		# let the built-in drivers finish probing
if ! out=$(setup_peer 2>&1); then
	fail partner "virtio-net partner not usable: $out"
	exit 1
fi
expect boot 82574l 10d3 e1000e 192.0.2.1 "${BOOT_82574L:?}"
expect boot 82540em 100e e1000 192.0.2.3 "${BOOT_82540EM:?}"
no_silent_loss boot
if [ -n "${MODULES_82574L:-}${MODULES_82540EM:-}" ]; then
	load_deferred_modules
	sleep 1
	expect modules 82574l 10d3 e1000e 192.0.2.1 "${MODULES_82574L:?}"
	expect modules 82540em 100e e1000 192.0.2.3 "${MODULES_82540EM:?}"
	no_silent_loss modules
fi
exit 0
