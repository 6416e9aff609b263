# SPDX-License-Identifier: GPL-2.0
# Guest-side helpers, sourced by the guest init and by every test script.
# Results go to the serial console as lines the host runner parses:
#   @@CASE ok NAME | @@CASE fail NAME REASON | @@CASE skip NAME REASON
#   @@EXIT STATUS when the script ends.

TESTDIR=${TESTDIR:-/test}
GUEST_LIB=${GUEST_LIB:-/lib/guest.sh}
export TESTDIR GUEST_LIB
IP=/sbin/ip
TC=/sbin/tc
ETHTOOL=/usr/sbin/ethtool
IPERF=/usr/bin/iperf3
PEER=peer			# network namespace holding the second port
MAC0=52:54:00:12:34:01
MAC1=52:54:00:12:34:02
V4_0=192.0.2.1
V4_1=192.0.2.2
V6_0=2001:db8:1::1
V6_1=2001:db8:1::2

ok() { echo "@@CASE ok $1"; }
# (their own variable is _c: callers count with n)
fail() { _c=$1; shift; echo "@@CASE fail $_c $*"; }
skip() { _c=$1; shift; echo "@@CASE skip $_c $*"; }
# check NAME CMD...: the case passes when CMD succeeds; its output is kept.
check() {
	_c=$1; shift
	if out=$("$@" 2>&1); then ok "$_c"; else fail "$_c" "$(echo "$out" | tail -n 3 | tr '\n' ' ')"; fi
}
SOCAT=/usr/bin/socat
# monitor CMD: run CMD in the QEMU monitor (relayed by qemu/run.sh); the
# console is the only channel, so give the host a moment to act.
monitor() { echo "@@MONITOR $*"; sleep 0.5; }
inpeer() { $IP netns exec $PEER "$@"; }
# pg FILE LINE: write LINE to the peer's /proc/net/pktgen/FILE
pg() { inpeer sh -c "echo '$2' > /proc/net/pktgen/$1"; }
# inpeer_bg [-o FILE] CMD...: CMD in the peer namespace, in the
# background, output to FILE (default dropped); $! is CMD's own pid (ip
# netns exec execs it), so killing $! stops CMD itself and not a subshell
# that would leave it running.
inpeer_bg() {
	_out=/dev/null
	[ "$1" = -o ] && { _out=$2; shift 2; }
	(exec $IP netns exec $PEER "$@") >"$_out" 2>&1 &
}
# listening PORT: a TCP listener on PORT in the peer namespace. A fixed
# sleep after starting a server is not enough on the debug kernel, where
# starting one can take over a second. listening6: the same over IPv6.
listening() {
	inpeer grep -q ":$(printf %04X "$1") 00000000:0000 0A" /proc/net/tcp
}
listening6() {
	inpeer grep -q ":$(printf %04X "$1") 00000000000000000000000000000000:0000 0A" /proc/net/tcp6
}

# server_start [-o LOG] [-6]: one iperf3 server (-1) in the peer,
# listening before this returns, its output in LOG (default: dropped);
# server_stop ends it whether or not a client came, so a failed client
# cannot leave the script waiting on it
server_start() {
	_srvlog=/dev/null
	[ "$1" = -o ] && { _srvlog=$2; shift 2; }
	if [ "$1" = -6 ]; then
		inpeer_bg -o "$_srvlog" $IPERF -s -1 -B $V6_1
		IPERF_SRV=$!
		wait_for 10 listening6 5201
	else
		inpeer_bg -o "$_srvlog" $IPERF -s -1 -B $V4_1
		IPERF_SRV=$!
		wait_for 10 listening 5201
	fi
}
server_stop() { kill $IPERF_SRV 2>/dev/null; wait $IPERF_SRV 2>/dev/null; }

# iperf_case NAME ARGS: case NAME, a short iperf3 TCP run to the peer
# (IPERF_SECS, 3 s unless the scenario says: the debug kernel moves
# ~4 Mbit/s) with its own server, held to iperf_ok's floor. A client
# stuck on a dead connection is killed 30 s after its time.
iperf_case() {
	n=$1; shift
	server_start -o /tmp/iperf-server.log
	iperf_check "$n" "${IPERF_SECS:-3}" "$@"
	server_stop
}

# iperf_floor: the least a short iperf3 run must deliver, in bits per
# second of its duration, on this scenario's kernel (VARIANT from the env
# file; IPERF_FLOOR in the env overrides). Measured here: the debug kernel
# behind the strict IOMMU 3-5 Mbit/s (e1000 about 3), the other kernels
# 300-900 Mbit/s under TCG; the floors are about a tenth of the slowest
# of those, so a port that drops most of its frames fails while a slow
# host passes.
iperf_floor() {
	if [ -n "${IPERF_FLOOR:-}" ]; then
		echo "$IPERF_FLOOR"
	elif [ "${VARIANT:-}" = debug ]; then
		echo 800000
	else
		echo 20000000
	fi
}

# iperf_ok LOG SECS: the iperf3 -J output LOG of a SECS-second client run
# delivered at least the floor in every direction it measured (the
# receiver's byte count: iperf3 prints a receiver summary at 100% loss
# too), and for UDP lost at most UDP_LOSS_MAX percent (default 10). On
# failure IPERF_WHY says what fell short.
iperf_ok() {
	local floor need got loss bad=""
	floor=$(iperf_floor)
	need=$((floor / 8 * $2))
	got=$(sed -n '/"sum_received[a-z_]*":/,/}/s/.*"bytes":[[:space:]]*\([0-9]*\).*/\1/p' "$1")
	if [ -z "$got" ]; then
		IPERF_WHY="no receiver summary: $(grep -o '"error":.*' "$1" | head -c 200)"
		return 1
	fi
	for b in $got; do
		[ "$b" -ge "$need" ] || bad="$bad $b"
	done
	if [ -n "$bad" ]; then
		IPERF_WHY="received$bad bytes in ${2} s, floor $need ($floor bit/s)"
		return 1
	fi
	loss=$(sed -n '/"sum_received":/,/}/s/.*"lost_percent":[[:space:]]*\([0-9]*\).*/\1/p' "$1" | head -n 1)
	if [ -n "$loss" ] && [ "$loss" -gt "${UDP_LOSS_MAX:-10}" ]; then
		IPERF_WHY="lost $loss% (at most ${UDP_LOSS_MAX:-10}%)"
		return 1
	fi
	IPERF_WHY="received $(echo $got | tr ' ' /) bytes in $2 s"
	return 0
}

# iperf_check NAME SECS [-6] ARGS...: case NAME, an iperf3 client run of
# SECS seconds to the peer's server (started by the caller; -6: over
# IPv6) with ARGS, held to iperf_ok's floor; killed 30 s after its time.
iperf_check() {
	local n=$1 secs=$2 to=$V4_1
	shift 2
	[ "${1:-}" = -6 ] && { to="$V6_1"; shift; set -- -6 "$@"; }
	timeout $((secs + 30)) $IPERF -c "$to" -t "$secs" -J "$@" >/tmp/$n.json 2>&1
	local rc=$?
	if [ $rc = 0 ] && iperf_ok /tmp/$n.json "$secs"; then
		ok "$n"
		echo "@@INFO $n $IPERF_WHY"
	else
		[ $rc = 0 ] || IPERF_WHY="iperf3 exit $rc (124: killed); $(grep -o '"error":.*' /tmp/$n.json | head -c 200)"
		fail "$n" "$IPERF_WHY"
		# the run second by second, for the next look at it
		echo "@@INFO $n intervals (bit/s): $(sed -n '/"sum":/,/}/s/.*"bits_per_second":[[:space:]]*\([0-9]*\).*/\1/p' /tmp/$n.json | tr '\n' ' ' | head -c 400)"
	fi
}

# functions DEVICE: PCI addresses of the Intel functions with that device ID.
functions() {
	for d in /sys/bus/pci/devices/*; do
		[ "$(cat "$d/vendor")" = 0x8086 ] && [ "$(cat "$d/device")" = "0x$1" ] && basename "$d"
	done
}

# ifname_by_mac MAC: the interface (in the current namespace) with MAC.
ifname_by_mac() {
	for d in /sys/class/net/*; do
		[ "$(cat "$d/address" 2>/dev/null)" = "$1" ] && { basename "$d"; return 0; }
	done
	return 1
}

# load_modules [LIST]: insmod what the launcher listed in LIST (default
# /test/modules), in order.
load_modules() {
	list=${1:-$TESTDIR/modules}
	[ -f "$list" ] || return 0
	while read -r m args; do
		[ -n "$m" ] || continue
		insmod "$TESTDIR/${m#/test/}" $args || echo "guest: insmod $m failed"
	done < "$list"
}
# load_deferred_modules: the modules run.sh --defer-modules held back.
load_deferred_modules() { load_modules "$TESTDIR/modules.deferred"; }

# wait_for SECONDS CMD...: poll CMD every 0.1 s until it succeeds.
wait_for() {
	t=$(( $1 * 10 )); shift
	while [ $t -gt 0 ]; do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; t=$((t - 1)); done
	return 1
}

carrier_up() { [ "$(cat /sys/class/net/$1/carrier 2>/dev/null)" = 1 ]; }
carrier_down() { [ "$(cat /sys/class/net/$1/carrier 2>/dev/null)" = 0 ]; }

# attach_pair: find both ports by MAC, move the second into the existing
# netns $PEER, address both (IPv4 /24, IPv6 /64 nodad) and bring them up.
# Exports IF0, IF1. Also after a reload, when both ports are new.
attach_pair() {
	wait_for 10 ifname_by_mac $MAC0 || { echo "guest: no interface with $MAC0"; return 1; }
	wait_for 10 ifname_by_mac $MAC1 || { echo "guest: no interface with $MAC1"; return 1; }
	IF0=$(ifname_by_mac $MAC0); IF1=$(ifname_by_mac $MAC1)
	export IF0 IF1
	$IP link set "$IF1" netns $PEER || return 1
	$IP addr add $V4_0/24 dev "$IF0"
	$IP -6 addr add $V6_0/64 dev "$IF0" nodad
	inpeer $IP addr add $V4_1/24 dev "$IF1"
	inpeer $IP -6 addr add $V6_1/64 dev "$IF1" nodad
	$IP link set "$IF0" up
	inpeer $IP link set "$IF1" up
}

# setup_pair: create netns $PEER, then attach_pair.
setup_pair() {
	$IP link set lo up
	$IP netns add $PEER || return 1
	inpeer $IP link set lo up
	attach_pair
}

# driver_of IFNAME [netns]: name of the driver bound to the interface.
driver_of() {
	if [ -n "$2" ]; then
		$IP netns exec "$2" $ETHTOOL -i "$1" | sed -n 's/^driver: //p'
	else
		$ETHTOOL -i "$1" | sed -n 's/^driver: //p'
	fi
}

# iperf_run NAME ARGS...: iperf3 client from the root namespace to the peer;
# passes when the run ends cleanly and moved data. Prints the JSON summary.
iperf_start_server() { inpeer $IPERF -s -D -1 -B $V4_1 >/dev/null 2>&1; sleep 0.3; }

# stall_report: what every task is doing, for a guest about to be killed
# by the host's time limit (a hang leaves no other trace on a kernel
# without the hung-task detector): each task's state, wait channel and
# command, the kernel stack of each task in D state where the kernel has
# /proc/PID/stack, and SysRq's dumps of blocked tasks (w) and of what each
# CPU runs (l) where it has SysRq.
stall_report() {
	echo "@@STALL guest still running ${1}s after boot"
	if [ -w /proc/sysrq-trigger ]; then
		echo w > /proc/sysrq-trigger
		# and what each CPU is running (a CPU spinning in the kernel)
		echo l > /proc/sysrq-trigger
		sleep 1
	fi
	echo "@@STALL tasks (pid state wchan command):"
	# builtins only, but for a user task's command line: a loaded debug
	# guest takes a second or more per fork
	for d in /proc/[0-9]*; do
		read -r st 2>/dev/null < "$d/stat" || continue
		# fields from the state on: state ppid pgrp session tty tpgid flags
		set -- ${st##*) }
		st=$1
		read -r comm 2>/dev/null < "$d/comm"
		wchan=""
		read -r wchan 2>/dev/null < "$d/wchan"
		if [ $(($7 & 0x200000)) = 0 ]; then
			cmd=$(tr '\0' ' ' 2>/dev/null < "$d/cmdline")
		else
			# a kernel thread (PF_KTHREAD); idle ones say nothing
			case $st in I|S) continue ;; esac
			cmd="[$comm]"
		fi
		echo "@@STALL ${d#/proc/} $st ${wchan:-0} $cmd"
		if [ "$st" = D ] && [ -r "$d/stack" ]; then
			while read -r l; do echo "@@STALL    $l"; done 2>/dev/null < "$d/stack"
		fi
	done
	echo "@@STALL end"
}

# stall_watch: report stalls once, shortly before the host's limit
# (test_deadline=SECONDS on the kernel command line, set by qemu/run.sh)
stall_watch() {
	dl=$(sed -n 's/.*test_deadline=\([0-9]*\).*/\1/p' /proc/cmdline)
	[ -n "$dl" ] || return 0
	up=$(cut -d. -f1 /proc/uptime)
	[ "$up" -lt "$dl" ] && sleep $((dl - up))
	stall_report "$dl"
}

# tx_trouble IF: how often IF's transmit path was found stuck: the stack's
# TX timeouts summed over every queue, plus the driver's own count (our
# e1000e resets before the stack's watchdog fires: tx_hangs and resets;
# e1000: tx_timeout_count). 0 for a port that has none of them.
tx_trouble() {
	local n v
	n=$(tx_timeouts "$1")
	for v in $($ETHTOOL -S "$1" 2>/dev/null |
		   sed -n 's/^ *\(tx_hangs\|resets\|tx_timeout_count\): \([0-9]*\)$/\2/p'); do
		n=$((n + v))
	done
	echo "$n"
}

# tx_timeouts IF [inpeer]: the stack's TX timeouts of IF, summed over
# all its queues (in the peer's namespace with inpeer)
tx_timeouts() {
	$2 sh -c "cat /sys/class/net/$1/queues/tx-*/tx_timeout 2>/dev/null" | awk '{ s += $1 } END { print s + 0 }'
}

# hang_counters: one line per PRO/1000 port at the end of a scenario,
# "@@HANGS IF DRIVER tx_hangs=N resets=N tx_timeouts=N" (the stack's
# timeouts summed over all queues); tests/run.sh fails the scenario when
# they exceed the TX stalls it caused on purpose (debugfs tx_stall).
hang_counters() {
	hang_counters_in ""
	$IP netns list 2>/dev/null | awk '{ print $1 }' | grep -qx "$PEER" && hang_counters_in inpeer
}
# hang_counters_in [inpeer]: hang_counters for the root namespace, or for
# the peer's (ip netns exec mounts the namespace's own /sys)
hang_counters_in() {
	local i drv q st
	for i in $($1 ls /sys/class/net); do
		drv=$($1 readlink "/sys/class/net/$i/device/driver" 2>/dev/null)
		case ${drv##*/} in e1000|e1000e) ;; *) continue ;; esac
		q=$(tx_timeouts "$i" $1)
		st=$($1 $ETHTOOL -S "$i" 2>/dev/null)
		echo "@@HANGS $i${1:+@$PEER} ${drv##*/} tx_hangs=$(echo "$st" | sed -n 's/^ *tx_hangs: //p' | grep . || echo 0) resets=$(echo "$st" | sed -n 's/^ *resets: //p' | grep . || echo 0) tx_timeouts=$q"
	done
}

# leak_scan: on a kernel with kmemleak (the debug variant), at the end of
# every scenario: unload e1000e and e1000, so that whatever they left
# allocated has no owner, wait out kmemleak's minimum age (5 s before the
# previous scan), scan twice, and print what it reports. Case leak-scan
# fails on a report whose allocation trace names e1000 or e1000e; any
# report also prints kmemleak's "new suspected memory leaks" line, which
# tests/run.sh's kernel-log scan fails on, whoever leaked.
leak_scan() {
	local km=/sys/kernel/debug/kmemleak n ranges hits a lo m sz b
	[ -w $km ] || return 0
	# once unloaded, a module's frames in a trace are bare addresses:
	# keep each driver's text range (the low 32 bits of its base; module
	# text sits in one 0xffffffff........ window) to know them by
	ranges=$(awk '($1 == "e1000e" || $1 == "e1000") && $6 ~ /^0xffffffff/ { print $1, $2, substr($6, 11) }' /proc/modules)
	rmmod e1000e 2>/dev/null
	rmmod e1000 2>/dev/null
	sleep 6
	echo scan > $km
	echo scan > $km
	n=$(grep -c '^unreferenced object' $km)
	hits=$(for a in $(grep -o '0xffffffff[0-9a-f]\{8\}' $km | sort -u); do
		lo=$((0x${a#0xffffffff}))
		echo "$ranges" | while read -r m sz b; do
			[ -n "$b" ] && [ "$lo" -ge $((0x$b)) ] && [ "$lo" -lt $((0x$b + sz)) ] && echo "$m"
		done
	done | sort -u | tr '\n' ' ')
	# a bare address in a trace is code of an unloaded module, and the
	# only modules these guests unload are e1000e and e1000 (a range
	# above names the instance loaded last; earlier ones, reloaded since,
	# are known by that alone)
	[ -z "$hits" ] && grep -q '^ *0xffffffff[0-9a-f]*$' $km && hits="an unloaded e1000e or e1000"
	if [ "${n:-0}" = 0 ]; then
		ok leak-scan
	elif [ -n "$hits" ] || grep -q 'e1000' $km; then
		fail leak-scan "kmemleak: $n unreferenced objects, allocated by ${hits:-e1000e or e1000}"
		head -n 120 $km
	else
		ok leak-scan
		echo "@@INFO leak-scan: $n unreferenced objects, none allocated by e1000e or e1000 (the kernel-log scan reports them)"
		head -n 60 $km
	fi
}

guest_main() {
	load_modules
	echo "@@BOOTED"
	stall_watch &
	sh -c ". $GUEST_LIB; . $1"
	rc=$?
	hang_counters
	leak_scan
	echo "@@EXIT $rc"
	sync
	poweroff -f
}
