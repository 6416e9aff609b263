# SPDX-License-Identifier: GPL-2.0
# Reliability under load for our e1000e on QEMU's 82574L (issue 7), meant
# for the debug kernel (variant debug: KASAN, lockdep, kmemleak, DMA-API
# debug...) and the 9p root (python3 for ynl). Sourced after lib.sh.
# Phases (PHASES, default all but xdp), each bounded by a count from env:
#   flap     FLAPS link off/on from the QEMU monitor, carrier follows
#   reload   RELOADS rmmod/insmod cycles under iperf3 load
#   change   CHANGES ring, channel, coalescing, MTU and feature changes in
#            random order (SEED) under load; CHANGE_KINDS limits them to
#            those numbers of change_one (e.g. "0 1": ring sizes only)
#   xdp      XDP_CYCLES attach/detach of xdp_pass under load (needs XDP=1)
#   txhang   TXHANGS stalls of the transmitter (debugfs tx_stall): the
#            driver's hang check resets, frames leave the port within 5 s
#   blob     BLOB_MB of random data over TCP, sha256 compared, steady and
#            while the link flaps
#   unplug   UNPLUGS hot-unplug/re-plug of port 0 from the monitor
# After each phase: traffic flows (ping, iperf3), kmemleak finds nothing,
# and no page_pool is left detached with pages in flight (netdev netlink);
# with LEAKS_EACH=0 the last two once, after the last phase.
# DRV=e1000 runs the phases that apply to the kept e1000 (flap, reload,
# change, blob) on QEMU's 82540EM.
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
DRV=${DRV:-e1000e}
MOD=$TESTDIR/mod/$DRV.ko
# unplug last: it meets a known lockdep report of pciehp (KNOWN=pciehp-unplug,
# tests/known_reports.py), after which lockdep is off for the boot
PHASES=${PHASES:-"flap reload change txhang blob unplug"}
FLAPS=${FLAPS:-200} RELOADS=${RELOADS:-50} CHANGES=${CHANGES:-100}
UNPLUGS=${UNPLUGS:-20} XDP_CYCLES=${XDP_CYCLES:-50} TXHANGS=${TXHANGS:-5}
BLOB_MB=${BLOB_MB:-256} SEED=${SEED:-$(date +%s)}
KMEMLEAK=/sys/kernel/debug/kmemleak

peer_carrier() { inpeer sh -c "[ \$(cat /sys/class/net/$IF1/carrier) = 1 ]"; }
both_up() { wait_for 15 carrier_up "$IF0" && wait_for 15 peer_carrier; }
info() { echo "@@INFO $*"; }

# address_port0: addresses and link up after port 0 is re-plugged
address_port0() {
	$IP addr add $V4_0/24 dev "$IF0" 2>/dev/null
	$IP -6 addr add $V6_0/64 dev "$IF0" nodad 2>/dev/null
	$IP link set "$IF0" up
}

# background load: one iperf3 TCP stream to the peer until load_stop, on
# its own port. The server runs by inpeer_bg, so $! is iperf3's own pid:
# killing a subshell instead left the server running a test whose client
# had gone with the port, and the next check found it busy.
# The client starts once the server listens (lib.sh listening): a client
# refused by a server not up yet left a phase without load (txhang).
LOAD_PORT=5211
load_start() {
	inpeer_bg $IPERF -s -p $LOAD_PORT -B $V4_1
	SRV=$!
	wait_for 10 listening $LOAD_PORT || echo "load: no iperf3 server on port $LOAD_PORT"
	$IPERF -c $V4_1 -p $LOAD_PORT -t 3600 --connect-timeout 3000 >/dev/null 2>&1 &
	LOAD=$!
}
load_stop() {
	[ -n "$LOAD" ] && kill $LOAD 2>/dev/null
	wait $LOAD 2>/dev/null
	kill $SRV 2>/dev/null
	wait $SRV 2>/dev/null
	LOAD="" SRV=""
}

# traffic NAME: ping and a 2 s iperf3 run both ways after a phase
traffic() {
	both_up || { fail "$1-traffic" "no carrier"; return 1; }
	if ! ping -c 2 -W 3 $V4_1 >/dev/null 2>&1 && ! ping -c 3 -W 3 $V4_1 >/dev/null 2>&1; then
		fail "$1-traffic" "ping $V4_1 fails"; return 1
	fi
	server_start
	# both ways at once, each held to a floor: 2 s on the fast kernels;
	# on the debug kernel (3-5 Mbit/s one way, 0.76 Mbit/s a way seen in a
	# 2 s --bidir run) 6 s and 0.3 Mbit/s a way
	if [ "${VARIANT:-}" = debug ]; then
		_f=${IPERF_FLOOR:-}
		IPERF_FLOOR=${_f:-300000}
		iperf_check "$1-traffic" 6 --bidir
		IPERF_FLOOR=$_f
	else
		iperf_check "$1-traffic" 2 --bidir
	fi
	server_stop
}

# pp_held SECS [inpeer]: page_pools of the namespace left detached
# (device or ring gone) with pages in flight, after up to SECS seconds; a
# summary to stderr
pp_held() {
	$2 python3 - "$KSRC" "$1" <<'PY'
import sys, time
ksrc, secs = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, ksrc + "/tools/net/ynl")
from lib import YnlFamily
nl = YnlFamily(ksrc + "/Documentation/netlink/specs/netdev.yaml", schema="")
for t in range(secs + 1):
    pools = nl.dump("page-pool-get", {})
    held = [p for p in pools if "detach-time" in p and p.get("inflight", 0)]
    if not held or t == secs:
        break
    time.sleep(1)
live = sum(p.get("inflight", 0) for p in pools if "detach-time" not in p)
print(" ".join("pool %d: %d pages" % (p["id"], p["inflight"]) for p in held), end="")
print("pools %d, pages in flight in live pools %d" % (len(pools), live), file=sys.stderr)
PY
}

# pp_both SECS: pp_held in both namespaces (pools belong to their
# device's); prints what is held, "" when nothing
pp_both() {
	local b
	b=$(pp_held "$1" 2>/tmp/pp.info) || b="ynl: $(tail -n 1 /tmp/pp.info)"
	b="$b$(pp_held "$1" inpeer 2>>/tmp/pp.info)" ||
		b="$b ynl (peer): $(tail -n 1 /tmp/pp.info)"
	echo "$b"
}

# pp_holders NAME: what may hold pages of a detached pool, per namespace:
# the socket and reassembly totals, and the TCP sockets that have receive
# memory charged or are not established or listening
pp_holders() {
	local ns
	for ns in "" inpeer; do
		info "$1 holders ${ns:-root}: $($ns cat /proc/net/sockstat | tr '\n' ';')"
		$ns ss -tanmoi | awk -v tag="@@INFO $1 socket ${ns:-root}:" \
			'/^[A-Z]/ { l = $0; next } { if ($0 ~ /skmem:\(r[1-9]/ || l !~ /^(ESTAB|LISTEN)/) print tag, l, $0 }'
	done
}

# leaks NAME: kmemleak finds no unreferenced object, and no page_pool of
# a removed or downed port keeps pages (netdev netlink, page-pool-get)
leaks() {
	if [ -w $KMEMLEAK ]; then
		echo scan > $KMEMLEAK; sleep 1; echo scan > $KMEMLEAK
		# the report's text, not its size: debugfs files show size 0,
		# so "[ -s ]" passed a phase right after kmemleak logged 5 new
		# suspected leaks (e1000-stress-full, change phase)
		n=$(grep -c '^unreferenced object' $KMEMLEAK)
		if [ "${n:-0}" -gt 0 ]; then
			fail "$1-kmemleak" "$n objects"
			head -n 40 $KMEMLEAK
			echo clear > $KMEMLEAK
		else
			ok "$1-kmemleak"
		fi
	else
		skip "$1-kmemleak" "kernel without CONFIG_DEBUG_KMEMLEAK"
	fi
	if [ -z "$KSRC" ] || ! command -v python3 >/dev/null; then
		skip "$1-page-pool" "no ynl here (needs the 9p root and KSRC)"
		return
	fi
	# A page comes back when the skb holding it is freed. A socket holds
	# an unread skb until it is read or closed (a FIN waits in a
	# CLOSE-WAIT socket's queue until the application closes it), so
	# 10 s, then what holds memory, then up to 50 s more. 60 s is
	# page_pool's own bound: it warns about a pool it no longer shows
	# that is not released after 60 s ("stalled pool shutdown", a
	# failure in tests/run.sh's scan).
	bad=$(pp_both 10)
	info "$1 page_pool $(tr '\n' ';' < /tmp/pp.info) $(reasm), peer $(inpeer awk "$REASM_AWK" /proc/net/snmp)"
	if [ -n "$bad" ]; then
		info "$1 page_pool after 10 s: $bad"
		pp_holders "$1"
		t0=$(date +%s)
		bad=$(pp_both 50)
		info "$1 page_pool $(($(date +%s) - t0 + 10)) s after the phase: ${bad:-none held}"
	fi
	[ -z "$bad" ] && ok "$1-page-pool" || fail "$1-page-pool" "after 60 s: $bad"
}

phase_flap() {
	load_start
	n=0 slow=0
	for i in $(seq "$FLAPS"); do
		monitor set_link nic0 off
		wait_for 2 carrier_down "$IF0" || slow=$((slow + 1))
		monitor set_link nic0 on
		wait_for 3 carrier_up "$IF0" || { fail flap "no carrier after flap $i"; break; }
		n=$i
	done
	load_stop
	info "stress flaps $n carrier-down-late $slow"
	[ "$n" = "$FLAPS" ] && [ $slow = 0 ] && ok flap || fail flap "$n of $FLAPS, $slow without carrier down in 2 s"
}

phase_reload() {
	n=0
	for i in $(seq "$RELOADS"); do
		load_start
		sleep 1
		rmmod $DRV || { fail reload "rmmod $i: $?"; break; }
		load_stop
		insmod "$MOD" || { fail reload "insmod $i"; break; }
		attach_pair || { fail reload "ports not back after insmod $i"; break; }
		both_up || { fail reload "no carrier after insmod $i"; break; }
		n=$i
	done
	info "stress reloads $n"
	[ "$n" = "$RELOADS" ] && ok reload
}

# one random setting change; the list is what a user would try
change_one() {
	case $1 in
	0) $ETHTOOL -G "$IF0" rx "$2" ;;
	1) $ETHTOOL -G "$IF0" tx "$2" ;;
	2) $ETHTOOL -L "$IF0" combined "$([ "$4" = on ] && echo 2 || echo 1)" ;;
	3) $ETHTOOL -C "$IF0" adaptive-rx on ;;
	4) $ETHTOOL -C "$IF0" adaptive-rx off rx-usecs $(( $2 / 4 )) ;;
	5) $IP link set "$IF0" mtu "$3" ;;
	6) $ETHTOOL -K "$IF0" tso "$4" ;;
	7) $ETHTOOL -K "$IF0" gro "$4" ;;
	8) $ETHTOOL -K "$IF0" rx "$4" ;;
	9) $ETHTOOL -K "$IF0" tx "$4" ;;
	10) $ETHTOOL -K "$IF0" rxvlan "$4" txvlan "$4" ;;
	11) $ETHTOOL -K "$IF0" sg "$4" ;;
	esac
}
# setting_of KIND: what change_one KIND sets, as the port reports it now
feat() { $ETHTOOL -k "$IF0" | sed -n "s/^$1: \([a-z]*\).*/\1/p"; }
cur_of() { # cur_of ethtool-flag section-regex: Current value of a -g/-l line
	$ETHTOOL "$1" "$IF0" 2>/dev/null | awk -v k="$2" '/^Current/ { c = 1 } c && $0 ~ "^" k ":" { print $2; exit }'
}
setting_of() {
	case $1 in
	0) cur_of -g RX ;;
	1) cur_of -g TX ;;
	2) cur_of -l Combined ;;
	3) $ETHTOOL -c "$IF0" | awk '/^Adaptive RX:/ { print $3 }' ;;
	4) $ETHTOOL -c "$IF0" | awk '/^Adaptive RX:/ { a = $3 } /^rx-usecs:/ { u = $2 } END { print a, u }' ;;
	5) cat "/sys/class/net/$IF0/mtu" ;;
	6) feat tcp-segmentation-offload ;;
	7) feat generic-receive-offload ;;
	8) feat rx-checksumming ;;
	9) feat tx-checksumming ;;
	10) echo "$(feat rx-vlan-offload) $(feat tx-vlan-offload)" ;;
	11) feat scatter-gather ;;
	esac
}
# wanted KIND A B C: what setting_of KIND reads once change_one applied
wanted() {
	case $1 in
	0|1) echo "$2" ;;
	2) [ "$4" = on ] && echo 2 || echo 1 ;;
	3) echo on ;;
	4) echo "off $(( $2 / 4 ))" ;;
	5) echo "$3" ;;
	10) echo "$4 $4" ;;
	*) echo "$4" ;;
	esac
}
# invalid KIND A B C: why the change cannot apply in the port's present
# state, or nothing when it is valid and must be applied
invalid() {
	case $DRV:$1 in
	e1000:2) echo "e1000 has one queue (no ethtool -L)"; return ;;
	e1000:3|e1000:4) echo "e1000 has no adaptive coalescing"; return ;;
	esac
	if [ "$1" = 6 ] && [ "$4" = on ]; then
		[ "$(feat tx-checksumming)" = off ] && { echo "TSO on with TX checksums off"; return; }
		[ "$(feat scatter-gather)" = off ] && { echo "TSO on with scatter-gather off"; return; }
	fi
}
phase_change() {
	info "stress change seed $SEED"
	RX0=$($ETHTOOL -g "$IF0" | awk '/^Current/ { c = 1 } c && /^RX:/ { print $2; exit }')
	TX0=$($ETHTOOL -g "$IF0" | awk '/^Current/ { c = 1 } c && /^TX:/ { print $2; exit }')
	load_start
	awk -v s="$SEED" -v n="$CHANGES" -v kinds="$CHANGE_KINDS" 'BEGIN { srand(s);
		split("64 128 256 512 1024 2048 4096", r); split("1500 9000 1280 4000 68 1500", m);
		nk = split(kinds, k);
		for (i = 0; i < n; i++) {
			w = nk ? k[int(rand() * nk) + 1] : int(rand() * 12);
			print w, r[int(rand() * 7) + 1], m[int(rand() * 6) + 1], rand() < 0.5 ? "on" : "off"
		} }' > /tmp/changes
	# Each change is applied (it succeeded and reads back as asked), or
	# refused as invalid in the port's present state (invalid names why);
	# a valid change refused, or one that succeeded and reads back
	# otherwise, fails the phase.
	n=0 refused=0 applied=0 wrong=0
	: > /tmp/ch.wrong
	while read -r what a b c; do
		why=$(invalid "$what" "$a" "$b" "$c")
		# a change may take the link down with frames queued: the one
		# e1000 reset that may follow (tests/known_reports.py)
		echo "@@LINKLOSS change $n"
		t0=$(cut -d' ' -f1 /proc/uptime)
		change_one "$what" "$a" "$b" "$c" >/tmp/ch.log 2>&1
		rc=$?
		# how long each took: a full restart (ring size, MTU, channels)
		# of a debug kernel frees and maps every page of both rings
		dt=$(awk -v t0="$t0" '{ printf "%.2f", $1 - t0 }' /proc/uptime)
		got=$(setting_of "$what") want=$(wanted "$what" "$a" "$b" "$c")
		if [ $rc = 0 ] && [ "$got" = "$want" ] && [ -z "$why" ]; then
			applied=$((applied + 1)) res=applied
		elif [ -n "$why" ] && [ "$got" != "$want" ]; then
			refused=$((refused + 1)) res="refused: $why"
		else
			wrong=$((wrong + 1))
			res="WRONG: exit $rc, reads '$got', wanted '$want'${why:+, expected a refusal: $why}: $(tr '\n' ' ' < /tmp/ch.log | head -c 200)"
			[ "$wrong" -le 3 ] && echo "change $n (kind $what $a $b $c): $res" >> /tmp/ch.wrong
		fi
		echo "change $n: $what $a $b $c ($dt s) $res"
		n=$((n + 1))
		sleep 0.2
	done < /tmp/changes
	load_stop
	# back to the defaults, the state every later phase expects
	$ETHTOOL -G "$IF0" rx $RX0 tx $TX0
	[ "$DRV" = e1000e ] && $ETHTOOL -L "$IF0" combined 2 && $ETHTOOL -C "$IF0" adaptive-rx on
	$IP link set "$IF0" mtu 1500
	$ETHTOOL -K "$IF0" tso on gro on rx on tx on sg on rxvlan on txvlan on
	info "stress changes $n applied $applied refused $refused wrong $wrong"
	if [ "$n" != "$CHANGES" ]; then
		fail change "$n of $CHANGES changes made"
	elif [ "$wrong" != 0 ]; then
		fail change "$wrong of $n changes neither applied nor refused as invalid: $(tr '\n' ' ' < /tmp/ch.wrong)"
	else
		ok change
	fi
}

phase_unplug() {
	n=0 lockdep_off=""
	for i in $(seq "$UNPLUGS"); do
		load_start
		sleep 1
		pci=/sys/bus/pci/devices/$(basename "$(readlink /sys/class/net/$IF0/device)")
		monitor device_del nic0
		# pciehp: attention button, 5 s to cancel, then removal and slot
		# power off, after which QEMU lets the device go
		wait_for 20 sh -c "! ls -d $pci >/dev/null 2>&1" || { fail unplug "port 0 still there 20 s after device_del ($i)"; break; }
		sleep 2
		load_stop
		back=0
		for try in 1 2 3 4 5; do
			monitor device_add e1000e,netdev=net0,mac=$MAC0,id=nic0,bus=rp0
			wait_for 10 ifname_by_mac $MAC0 && { back=1; break; }
		done
		[ $back = 1 ] || { fail unplug "port 0 not back after device_add ($i)"; break; }
		IF0=$(ifname_by_mac $MAC0); address_port0
		both_up || { fail unplug "no carrier after re-plug $i"; break; }
		n=$i
		# lockdep turns itself off at its first report, and pciehp
		# gives one on this kernel (KNOWN=pciehp-unplug)
		[ -z "$lockdep_off" ] && [ "$(lockdep_on)" = 0 ] && lockdep_off=$i
	done
	info "stress unplugs $n"
	[ "$n" = "$UNPLUGS" ] && ok unplug
	if [ -z "$(lockdep_on)" ]; then
		skip unplug-lockdep "kernel without lockdep"
	elif [ -n "$lockdep_off" ]; then
		skip unplug-lockdep "lockdep went off during unplug $lockdep_off (pciehp's known report): unplugs $lockdep_off to $n ran at least in part without it"
	else
		ok unplug-lockdep
	fi
}
# lockdep_on: 1 while lockdep checks, 0 once it turned itself off, nothing
# on a kernel without it
lockdep_on() { sed -n 's/^ *debug_locks: *\([0-9]*\)$/\1/p' /proc/lockdep_stats 2>/dev/null; }

phase_xdp() {
	[ -f "$TESTDIR/xdp/xdp_pass.bpf.o" ] || { skip xdp "no XDP programs (scenario key XDP=1)"; return; }
	load_start
	n=0
	for i in $(seq "$XDP_CYCLES"); do
		$IP -force link set dev "$IF0" xdpdrv obj "$TESTDIR/xdp/xdp_pass.bpf.o" sec xdp || { fail xdp "attach $i"; break; }
		sleep 0.3
		$IP link set dev "$IF0" xdp off || { fail xdp "detach $i"; break; }
		n=$i
	done
	load_stop
	info "stress xdp-cycles $n"
	[ "$n" = "$XDP_CYCLES" ] && ok xdp
}

# txhang: turn the transmitter off behind the driver (debugfs); the
# service task's hang check must reset the device, and frames must leave
# the port again within 5 s of the stall, with no NETDEV WATCHDOG
# (tests/run.sh fails any guest log that has one). "Frames back" is the
# first rise of the port's tx_packets (frames the device completed) after
# the stall: 0.3 s in, anything sent before it has been cleaned, and the
# transmitter completes nothing while off. "Ping answered" is the first
# echo reply to a request sent after the stall: an ICMP echo every 0.2 s
# gives the port frames to send as soon as it can, and a reply to a
# request sent before the stall (RX keeps working, and a loaded peer can
# answer late) does not count; it once showed an answer at 723 ms, before
# the hang had even been detected. One must come within 10 s.
# Both times come from one python process, with its own raw ICMP socket:
# it writes the switch, polls sysfs every 20 ms and sends and reads the
# echoes in between. Shell loops forking cat are no clock here: on the
# debug kernel the resumed load's softirqs starve them for seconds (a
# trace showed frames leaving 2.1 s after a stall that such a loop timed
# at 8.5 s), and a python started next to a ping took longer than the
# whole probe to start.
stall_timer() {
	python3 - "$1" /sys/class/net/$IF0/statistics/tx_packets $V4_1 <<'PY'
import os, select, socket, struct, sys, time
sw, path, peer = sys.argv[1:4]
def done():
    with open(path) as f:
        return int(f.read())
def csum(b):
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    s = (s >> 16) + (s & 0xffff)
    return ~(s + (s >> 16)) & 0xffff
ident = os.getpid() & 0xffff
sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
sock.setblocking(False)
sent = set()
def echo(seq):
    hdr = struct.pack("!BBHHH", 8, 0, 0, ident, seq) + b"e1000e-txhang-probe!"
    hdr = hdr[:2] + struct.pack("!H", csum(hdr)) + hdr[4:]
    sent.add(seq)
    try:
        sock.sendto(hdr, (peer, 0))
    except OSError:
        pass
def replies():
    # (seq, time) of the echo replies to us read so far
    out = []
    while True:
        try:
            pkt = sock.recv(2048)
        except BlockingIOError:
            return out
        ihl = (pkt[0] & 15) * 4
        typ, _, _, rid, seq = struct.unpack("!BBHHH", pkt[ihl:ihl + 8])
        if typ == 0 and rid == ident and seq in sent:
            out.append((seq, time.time()))
# one answered echo first: the path works before the stall
seq, start = 0, time.time()
ok = False
while not ok and time.time() - start < 20:
    seq += 1
    echo(seq)
    select.select([sock], [], [], 0.2)
    ok = bool(replies())
t0 = time.time()
with open(sw, "w") as f:
    f.write("1")
first = seq + 1
r0, dt, dp, next_echo = None, 0, 0, t0
while time.time() - t0 < 10 and not (dt and dp):
    now = time.time()
    if r0 is None and now - t0 >= 0.3:
        r0 = done()
    elif r0 is not None and not dt and done() > r0:
        dt = int((now - t0) * 1000)
    if now >= next_echo:
        seq += 1
        echo(seq)
        next_echo += 0.2
    for s, t in replies():
        if s >= first and not dp:
            dp = int((t - t0) * 1000)
    select.select([sock], [], [], 0.02)
print(dt, dp)
PY
}
tx_hangs() { $ETHTOOL -S "$IF0" | sed -n 's/^ *tx_hangs: //p'; }
phase_txhang() {
	sw=/sys/kernel/debug/e1000e/$(basename "$(readlink /sys/class/net/$IF0/device)")/tx_stall
	[ -w "$sw" ] || { fail txhang "no $sw"; return; }
	n=0 worst=0 worst_ping=0
	h0=$(tx_hangs)
	for i in $(seq "$TXHANGS"); do
		load_start
		sleep 1
		kill -0 "$LOAD" 2>/dev/null || echo "txhang $i: the load's iperf3 client is not running"
		set -- $(stall_timer "$sw")
		dt=${1:-0} dp=${2:-0}
		load_stop
		echo "txhang $i: frames back after $dt ms, ping answered after $dp ms"
		[ "$dt" -gt 0 ] || { fail txhang "no frames sent 10 s after stall $i"; break; }
		[ "$dp" -gt 0 ] || { fail txhang "no echo reply 10 s after stall $i"; break; }
		[ "$dt" -gt $worst ] && worst=$dt
		[ "$dp" -gt $worst_ping ] && worst_ping=$dp
		n=$i
		both_up
	done
	h1=$(tx_hangs)
	# the reset keeps the page pools: destroy them (down and up) so that
	# the page_pool check after the phase sees any page the resets lost
	$IP link set "$IF0" down
	$IP link set "$IF0" up
	both_up
	info "stress txhangs $n hangs-detected $((h1 - h0)) worst-ms $worst worst-ping-ms $worst_ping"
	[ "$n" = "$TXHANGS" ] || return
	[ $((h1 - h0)) -ge "$n" ] && ok txhang-detected || fail txhang-detected "tx_hangs +$((h1 - h0)) for $n stalls"
	[ $worst -le 5000 ] && ok txhang-5s || fail txhang-5s "frames back after $worst ms"
}

# blob: BLOB_MB random MiB over TCP with every offload on, sent to the
# peer with socat; sha256 compared; then again while the link flaps
# The client retries its connect for up to 10 s: on the debug kernel over
# 9p the listener can take over a second to start (a fixed 1 s wait was
# refused twice in one run), and a flap may drop the first SYN.
blob_fetch() {
	socat -u OPEN:/tmp/blob TCP-LISTEN:8080,bind=$V4_0,reuseaddr &
	srv=$!
	sleep 1
	got=$(inpeer sh -c "socat -u TCP:$V4_0:8080,retry=20,interval=0.5 - | sha256sum" | cut -d' ' -f1)
	kill $srv 2>/dev/null
	wait $srv 2>/dev/null
}
phase_blob() {
	dd if=/dev/urandom of=/tmp/blob bs=1M count="$BLOB_MB" 2>/dev/null
	want=$(sha256sum < /tmp/blob | cut -d' ' -f1)
	$ETHTOOL -K "$IF0" tso on gso on gro on rx on tx on sg on
	inpeer $ETHTOOL -K "$IF1" tso on gso on gro on rx on tx on sg on
	blob_fetch
	[ "$want" = "$got" ] && ok blob-sha256 || fail blob-sha256 "got $got want $want"
	touch /tmp/flapping
	(
		sleep 2
		while [ -f /tmp/flapping ]; do
			monitor set_link nic0 off; sleep 0.5; monitor set_link nic0 on; sleep 2
		done
	) &
	flapper=$!
	blob_fetch
	rm -f /tmp/flapping /tmp/blob
	wait $flapper
	[ "$want" = "$got" ] && ok blob-sha256-flapping || fail blob-sha256-flapping "got $got want $want"
	info "stress bytes-verified $((BLOB_MB * 2 * 1048576))"
}

# QEMU 7.2's e1000e TSO sends IPv4 fragments: a datagram that lost a
# fragment waits in reassembly for ipfrag_time (30 s) holding its pages,
# which pp_held would count as a pool not giving pages back. 3 s here, so
# its 10 s bound measures the driver, not the reassembly timer.
# (strings, not functions: the guest's busybox sh has no declare -f to
# carry a function into the peer's namespace)
SET_FRAG_TIME='echo 3 > /proc/sys/net/ipv4/ipfrag_time && echo 3 > /proc/sys/net/ipv6/ip6frag_time'
REASM_AWK='/^Ip:/ { if (!h) { for (i = 2; i <= NF; i++) c[$i] = i; h = 1 } else print "ReasmTimeout " $c["ReasmTimeout"] " ReasmFails " $c["ReasmFails"] }'
reasm() { awk "$REASM_AWK" /proc/net/snmp; }
setup_pair || { fail setup "ports not found"; exit 1; }
sh -c "$SET_FRAG_TIME" && inpeer sh -c "$SET_FRAG_TIME" ||
	{ fail setup "cannot set ipfrag_time"; exit 1; }
both_up && ok link || fail link "no carrier"
[ -w $KMEMLEAK ] && echo clear > $KMEMLEAK
traffic start
for p in $PHASES; do
	echo "== phase $p at $(cut -d" " -f1 /proc/uptime) s"
	"phase_$p"
	traffic "$p"
	# LEAKS_EACH=0 (make check's small run): the leak checks once, at the
	# end, instead of after every phase; each costs about a minute here
	[ "${LEAKS_EACH:-1}" = 0 ] || leaks "$p"
done
# every port down: the rings' pools are gone, nothing may stay in flight
$IP link set "$IF0" down; inpeer $IP link set "$IF1" down
leaks final
info "driver resets logged $(dmesg | grep -c 'resetting')"
echo "== end at $(cut -d" " -f1 /proc/uptime) s"
