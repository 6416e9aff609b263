# SPDX-License-Identifier: GPL-2.0
# AF_XDP on our e1000e (QEMU 82574L, two ports on one hub, the second in
# netns $PEER), zero-copy and copy mode, on both queue pairs. Sourced after
# lib.sh by the guest. xdp_xsk.bpf.o (attached with iproute2) sends UDP to
# port 9 to the socket of its receive queue; /test/xdp/xsk (tests/xdp/xsk.c)
# is the socket: rx checks every frame pktgen sends from the peer port
# (headers, checksum, magic, sequence numbers 1..N each once), tx sends
# numbered frames with a pattern that xsk udprx checks at the peer.
# RX steering: two channels and an RSS table sending everything to one
# queue (ethtool -X weight).
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
XD=$TESTDIR/xdp
XSK=$XD/xsk
MOD=/test/mod/e1000e.ko
N=${XSK_COUNT:-5000}

peer_carrier() { inpeer sh -c "[ \$(cat /sys/class/net/$IF1/carrier) = 1 ]"; }
both_up() { wait_for 10 carrier_up "$IF0" && wait_for 10 peer_carrier; }
stat() { $ETHTOOL -S "$1" | sed -n "s/^ *$2: //p"; }
peer_tx() { inpeer cat /sys/class/net/$IF1/statistics/tx_packets; }
# snmp PROTO FIELD [netns]: a /proc/net/snmp counter
snmp() {
	if [ -n "$3" ]; then inpeer cat /proc/net/snmp; else cat /proc/net/snmp; fi |
		awk -v p="$1:" -v f="$2" '$1 == p { if (!h) { for (i = 2; i <= NF; i++) if ($i == f) c = i; h = 1 } else print $c }'
}
# udp_in [netns]: datagrams the UDP layer took in, delivered or not
udp_in() { echo $(( $(snmp Udp InDatagrams $1) + $(snmp Udp NoPorts $1) + $(snmp Udp InErrors $1) )); }
attach() { $IP -force link set dev "$1" xdpdrv obj "$XD/$2.bpf.o" sec xdp; }
detach() { $IP link set dev "$1" xdp off; }
steer() { $ETHTOOL -X $IF0 weight $1 $2; }

# pktgen COUNT [SIZE [SRC_MIN SRC_MAX]]: IPv4 UDP to port 9 of our port,
# SIZE bytes without FCS (default 60); blocks until all are sent
pg() { inpeer sh -c "echo '$2' > /proc/net/pktgen/$1"; }
pktgen() {
	pg kpktgend_0 rem_device_all
	pg kpktgend_0 "add_device $IF1"
	pg "$IF1" "count $1"
	pg "$IF1" "pkt_size ${2:-60}"
	pg "$IF1" "delay 0"
	pg "$IF1" "dst $V4_0"
	pg "$IF1" "dst_mac $MAC0"
	pg "$IF1" "udp_src_min 9"
	pg "$IF1" "udp_src_max 9"
	pg "$IF1" "udp_dst_min 9"
	pg "$IF1" "udp_dst_max 9"
	pg "$IF1" "src_min ${3:-$V4_1}"
	pg "$IF1" "src_max ${4:-$V4_1}"
	pg pgctrl start
}

# xsk_bg LOG CMD...: start CMD (xsk) in the background, wait until ready
xsk_bg() {
	log=$1; shift
	: > "$log"
	"$@" > "$log" 2>&1 &
	xpid=$!
	wait_for 20 grep -q "ready\|bound" "$log"
}
# alive PID: running, not a zombie waiting to be reaped
alive() { [ -r /proc/$1/stat ] && ! grep -q ') Z ' /proc/$1/stat; }

# rx NAME QUEUE MODE [SIZE [CHUNK]]: N pktgen frames into a socket on QUEUE
rx() {
	name=$1 q=$2 mode=$3 size=${4:-60} chunk=${5:-4096}
	r0=$(stat $IF0 rx${q}_xdp_redirect)
	if ! xsk_bg /tmp/$name.log $XSK rx $IF0 $q $mode $N -s $size -f $chunk -t 120; then
		fail $name "socket not ready: $(tail -n 2 /tmp/$name.log | tr '\n' ' ')"
		kill $xpid 2>/dev/null; wait $xpid 2>/dev/null
		return
	fi
	t0=$(peer_tx)
	pktgen $N $size
	wait $xpid; rc=$?
	t1=$(peer_tx) r1=$(stat $IF0 rx${q}_xdp_redirect)
	line=$(grep "^xsk rx" /tmp/$name.log)
	echo "@@INFO $name: peer sent $((t1 - t0)), rx${q}_xdp_redirect +$((r1 - r0)); $line"
	if [ $rc = 0 ] && [ $((r1 - r0)) = $N ]; then
		ok $name
	else
		fail $name "rc $rc, rx${q}_xdp_redirect +$((r1 - r0)) of $N: $(tail -n 2 /tmp/$name.log | tr '\n' ' ')"
	fi
}

# tx NAME QUEUE MODE [SIZE]: N frames from a socket on QUEUE, checked by a
# UDP socket at the peer
tx() {
	name=$1 q=$2 mode=$3 size=${4:-200}
	p0=$(stat $IF0 tx${q}_packets)
	if ! xsk_bg /tmp/$name-peer.log inpeer $XSK udprx $V4_1 7000 $N -s $size -t 120; then
		fail $name "receiver not ready"
		kill $xpid 2>/dev/null; wait $xpid 2>/dev/null
		return
	fi
	upid=$xpid
	$XSK tx $IF0 $q $mode $N -m $MAC1 -a $V4_0 -b $V4_1 -p 7000 -s $size -t 120 > /tmp/$name.log 2>&1
	trc=$?
	wait $upid; urc=$?
	p1=$(stat $IF0 tx${q}_packets)
	echo "@@INFO $name: tx${q}_packets +$((p1 - p0)); $(grep '^xsk tx' /tmp/$name.log); $(grep '^xsk udprx' /tmp/$name-peer.log)"
	if [ $trc = 0 ] && [ $urc = 0 ] && [ $((p1 - p0)) -ge $N ]; then
		ok $name
	else
		fail $name "tx rc $trc, peer rc $urc, tx${q}_packets +$((p1 - p0)): $(tail -n 1 /tmp/$name.log) / $(tail -n 1 /tmp/$name-peer.log)"
	fi
}

setup_pair || { fail setup "ports not found"; exit 1; }
[ "$(driver_of $IF0)" = e1000e ] && [ "$(driver_of $IF1 $PEER)" = e1000e ] &&
	ok bind || fail bind "driver $(driver_of $IF0)"
both_up && ok link || fail link "no carrier within 10 s"
check ping ping -c 2 -W 2 $V4_1
[ -x "$XSK" ] && [ -f "$XD/xdp_xsk.bpf.o" ] || { fail programs "no $XSK or xdp_xsk.bpf.o (make xdp, XDP=1)"; exit 1; }
[ -d /proc/net/pktgen ] || { fail pktgen "no /proc/net/pktgen (CONFIG_NET_PKTGEN)"; exit 1; }
resets0=$(stat $IF0 resets)
inpeer sh -c "echo 1 > /proc/sys/net/ipv6/conf/$IF1/disable_ipv6"
echo 1 > /proc/sys/net/ipv6/conf/$IF0/disable_ipv6
inpeer $IP neigh replace $V4_0 lladdr $MAC0 nud permanent dev $IF1
$IP neigh replace $V4_1 lladdr $MAC1 nud permanent dev $IF0
echo 16777216 > /proc/sys/net/core/rmem_max
inpeer sh -c "echo 16777216 > /proc/sys/net/core/rmem_max"

check channels-2 $ETHTOOL -L $IF0 combined 2
both_up
check attach-xsk attach $IF0 xdp_xsk

# --- zero-copy and copy RX on each queue
check steer-q0 steer 1 0
rx zc-rx-q0 0 zc
rx copy-rx-q0 0 copy
# full-size frames into 2048-byte chunks (1792 bytes after the headroom)
rx zc-rx-q0-1514-chunk2048 0 zc 1514 2048
check steer-q1 steer 0 1
rx zc-rx-q1 1 zc
rx copy-rx-q1 1 copy

# --- both queues at once: zero-copy on 0, copy on 1, RSS spreading
# pktgen's source addresses; the two shares add up to every frame sent
check steer-even $ETHTOOL -X $IF0 default
xsk_bg /tmp/both0.log $XSK rx $IF0 0 zc $N -i 5 -t 120; p0=$xpid
xsk_bg /tmp/both1.log $XSK rx $IF0 1 copy $N -i 5 -t 120; p1=$xpid
pktgen $N 60 192.0.2.10 192.0.2.250
wait $p0; rc0=$?
wait $p1; rc1=$?
g0=$(sed -n 's/^xsk rx.*got \([0-9]*\) of.*/\1/p' /tmp/both0.log)
g1=$(sed -n 's/^xsk rx.*got \([0-9]*\) of.*/\1/p' /tmp/both1.log)
echo "@@INFO zc-q0-copy-q1: $(grep '^xsk rx' /tmp/both0.log); $(grep '^xsk rx' /tmp/both1.log)"
[ $rc0 = 0 ] && [ $rc1 = 0 ] && [ $((${g0:-0} + ${g1:-0})) = $N ] && ok zc-q0-copy-q1 ||
	fail zc-q0-copy-q1 "rc $rc0/$rc1, got ${g0:-?} + ${g1:-?} of $N"

# --- XDP_PASS out of a zero-copy ring: the stack gets copies
check steer-q0-pass steer 1 0
if xsk_bg /tmp/pass.log $XSK bind $IF0 0 zc -t 60; then
	pass0=$(stat $IF0 rx0_xdp_pass)
	check zc-pass-ping ping -c 3 -W 2 $V4_1
	server_start
	iperf_check zc-pass-iperf3 3 -R
	server_stop
	pass1=$(stat $IF0 rx0_xdp_pass)
	echo "@@INFO zc-pass: rx0_xdp_pass +$((pass1 - pass0))"
	[ $((pass1 - pass0)) -gt 1000 ] && ok zc-pass-counted || fail zc-pass-counted "rx0_xdp_pass +$((pass1 - pass0))"
	# frames must fit one buffer: no long packets while bound (2000 is
	# within the XDP program's limit, 2030, so this is the socket's)
	if $IP link set dev $IF0 mtu 2000 2>/dev/null; then
		fail zc-mtu-refused "MTU 2000 accepted with a zero-copy socket bound"
		$IP link set dev $IF0 mtu 1500
	else
		dmesg | grep -q "AF_XDP zero-copy socket is bound" && ok zc-mtu-refused ||
			fail zc-mtu-refused "refused without the AF_XDP message"
	fi
	# the other verdicts on pool buffers: XDP_TX sends a copy back to the
	# peer (its UDP layer sees each), XDP_DROP frees the buffer
	check attach-tx-zc attach $IF0 xdp_tx
	x0=$(stat $IF0 rx0_xdp_tx) u0=$(udp_in $PEER)
	pktgen $N
	sleep 1
	x1=$(stat $IF0 rx0_xdp_tx) u1=$(udp_in $PEER)
	echo "@@INFO zc-xdp-tx: rx0_xdp_tx +$((x1 - x0)), peer UDP in +$((u1 - u0)) of $N"
	[ $((x1 - x0)) = $N ] && [ $((u1 - u0)) = $N ] && ok zc-xdp-tx ||
		fail zc-xdp-tx "rx0_xdp_tx +$((x1 - x0)), peer UDP in +$((u1 - u0)) of $N"
	check attach-drop-zc attach $IF0 xdp_drop
	d0=$(stat $IF0 rx0_xdp_drop) t0=$(peer_tx)
	pktgen $N
	d1=$(stat $IF0 rx0_xdp_drop) t1=$(peer_tx)
	[ $((d1 - d0)) = $((t1 - t0)) ] && [ $((t1 - t0)) -ge $N ] && ok zc-xdp-drop ||
		fail zc-xdp-drop "rx0_xdp_drop +$((d1 - d0)), peer sent $((t1 - t0))"
	check attach-xsk-again attach $IF0 xdp_xsk
	kill $xpid; wait $xpid 2>/dev/null
else
	fail zc-pass "bind failed: $(tail -n 2 /tmp/pass.log | tr '\n' ' ')"
fi

# --- zero-copy and copy TX on each queue, checked at the peer
tx zc-tx-q0 0 zc
tx zc-tx-q1 1 zc
tx copy-tx-q0 0 copy
tx copy-tx-q1 1 copy
tx zc-tx-q0-1500 0 zc 1500

# --- bind and unbind a zero-copy socket on one queue 10 times while
# iperf3 -R runs on the other
for pair in "0 1" "1 0"; do
	set -- $pair
	xq=$1 iq=$2
	if [ $iq = 1 ]; then steer 0 1; else steer 1 0; fi
	server_start
	$IPERF -c $V4_1 -t 200 -R >/tmp/flip$xq.log 2>&1 &
	ipid=$!
	sleep 2
	bad="" n=0 a=$(stat $IF0 rx${iq}_packets)
	while [ $n -lt 10 ]; do
		n=$((n + 1))
		$XSK bind $IF0 $xq zc -t 1 >/tmp/b.log 2>&1 || { bad="bind $n: $(cat /tmp/b.log)"; break; }
		b=$(stat $IF0 rx${iq}_packets)
		[ "$b" -gt "$a" ] || { bad="no traffic on queue $iq around bind $n"; break; }
		a=$b
	done
	[ -z "$bad" ] && ok zc-bind-unbind-q$xq-10 || fail zc-bind-unbind-q$xq-10 "$bad"
	alive $ipid && ok zc-bind-unbind-q$xq-iperf3-alive ||
		fail zc-bind-unbind-q$xq-iperf3-alive "iperf3 on queue $iq ended: $(tail -n 2 /tmp/flip$xq.log | tr '\n' ' ')"
	kill $ipid 2>/dev/null
	wait $ipid 2>/dev/null
	server_stop
done
# and RX still works on that queue after all this
check steer-q0-again steer 1 0
rx zc-rx-q0-after 0 zc

# --- none of it needed a device reset or lost the link
[ "$(stat $IF0 resets)" = "$resets0" ] && ok no-reset || fail no-reset "resets $resets0 -> $(stat $IF0 resets)"
dmesg | grep -q "Link is Down" && fail no-link-loss "$(dmesg | grep 'Link is Down' | head -n 1)" || ok no-link-loss

# --- rmmod with a zero-copy socket bound returns, the socket sees the
# device go; the module loads again and the ports carry traffic
xsk_bg /tmp/hold.log $XSK bind $IF0 0 zc -t 300 || fail rmmod-bound-socket "$(cat /tmp/hold.log)"
hpid=$xpid
rm -f /tmp/rmmod.rc
(rmmod e1000e; echo $? > /tmp/rmmod.rc) &
if wait_for 60 test -s /tmp/rmmod.rc; then
	[ "$(cat /tmp/rmmod.rc)" = 0 ] && ok rmmod-bound || fail rmmod-bound "rmmod exit $(cat /tmp/rmmod.rc)"
else
	fail rmmod-bound "rmmod still running after 60 s"
fi
alive $hpid && ok rmmod-socket-survives || fail rmmod-socket-survives "xsk bind exited: $(cat /tmp/hold.log)"
kill $hpid 2>/dev/null; wait $hpid 2>/dev/null
if insmod $MOD && wait_for 10 ifname_by_mac $MAC0 && wait_for 10 ifname_by_mac $MAC1; then
	ok reload
	IF0=$(ifname_by_mac $MAC0) IF1=$(ifname_by_mac $MAC1)
	$IP link set "$IF1" netns $PEER
	$IP addr add $V4_0/24 dev "$IF0"
	inpeer $IP addr add $V4_1/24 dev "$IF1"
	$IP link set "$IF0" up
	inpeer $IP link set "$IF1" up
	both_up
	check ping-after-reload ping -c 2 -W 2 $V4_1
	server_start
	iperf_check iperf3-after-reload 2
	server_stop
else
	fail reload "insmod or ports missing"
fi
exit 0
