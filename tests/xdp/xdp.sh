# SPDX-License-Identifier: GPL-2.0
# XDP on our e1000e (QEMU 82574L, two ports on one hub, the second in netns
# $PEER). Sourced after lib.sh by the guest. The programs are the ones
# `make xdp` builds from tests/xdp/*.bpf.c, in /test/xdp (scenario key
# XDP=1), loaded with iproute2; xdpmap reads and writes their maps.
# Frames come from pktgen on the peer port, so every count is exact: what
# the peer's port sent (its tx_packets) against what our port's XDP
# counters and the stacks' SNMP counters saw.
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
XD=$TESTDIR/xdp
XDPMAP=$XD/xdpmap

peer_carrier() { inpeer sh -c "[ \$(cat /sys/class/net/$IF1/carrier) = 1 ]"; }
both_up() { wait_for 10 carrier_up "$IF0" && wait_for 10 peer_carrier; }

# stat IF NAME [netns]: one ethtool -S counter
stat() {
	if [ -n "$3" ]; then
		inpeer $ETHTOOL -S "$1" | sed -n "s/^ *$2: //p"
	else
		$ETHTOOL -S "$1" | sed -n "s/^ *$2: //p"
	fi
}
# qsum IF DIR NAME [netns]: DIR0_NAME + DIR1_NAME, e.g. qsum eth0 rx xdp_drop
qsum() {
	if [ -n "$4" ]; then
		inpeer $ETHTOOL -S "$1"
	else
		$ETHTOOL -S "$1"
	fi | awk -v a="$2" -v n="$3" '$1 == a "0_" n ":" || $1 == a "1_" n ":" { s += $2 } END { print s + 0 }'
}
# snmp PROTO FIELD [netns]: a /proc/net/snmp counter, e.g. snmp Udp NoPorts
snmp() {
	if [ -n "$3" ]; then inpeer cat /proc/net/snmp; else cat /proc/net/snmp; fi |
		awk -v p="$1:" -v f="$2" '$1 == p { if (!h) { for (i = 2; i <= NF; i++) if ($i == f) c = i; h = 1 } else print $c }'
}
# udp_in [netns]: datagrams the UDP layer took in, delivered or not
udp_in() { echo $(( $(snmp Udp InDatagrams $1) + $(snmp Udp NoPorts $1) + $(snmp Udp InErrors $1) )); }
ip6_in() { awk '$1 == "Ip6InReceives" { print $2 }' /proc/net/snmp6; }
peer_tx() { inpeer cat /sys/class/net/$IF1/statistics/tx_packets; }
peer_rx() { inpeer cat /sys/class/net/$IF1/statistics/rx_packets; }
rx_pkts() { cat /sys/class/net/$IF0/statistics/rx_packets; }

# native (driver) mode only: no silent fall back to generic XDP
attach() { $IP -force link set dev "$1" xdpdrv obj "$XD/$2.bpf.o" sec xdp; }
detach() { $IP link set dev "$1" xdp off; }
attached() { $IP link show dev "$1" | grep -q "xdp qdisc\|prog/xdp id" && ! $IP link show dev "$1" | grep -q xdpgeneric; }

# pktgen COUNT DPORT [SRC_MIN SRC_MAX]: COUNT 64-byte UDP frames (60 + FCS)
# from the peer port to our port, source port 9, one every $PG_DELAY ns
# (0: as fast as it can); blocks until all are sent.
pktgen() {
	pg kpktgend_0 rem_device_all
	pg kpktgend_0 "add_device $IF1"
	pg "$IF1" "count $1"
	pg "$IF1" "pkt_size 60"
	pg "$IF1" "delay ${PG_DELAY:-0}"
	pg "$IF1" "dst $V4_0"
	pg "$IF1" "dst_mac $MAC0"
	pg "$IF1" "udp_src_min 9"
	pg "$IF1" "udp_src_max 9"
	pg "$IF1" "udp_dst_min $2"
	pg "$IF1" "udp_dst_max $2"
	pg "$IF1" "src_min ${3:-$V4_1}"
	pg "$IF1" "src_max ${4:-$V4_1}"
	pg pgctrl start
	sleep 1
}

setup_pair || { fail setup "ports not found"; exit 1; }
[ "$(driver_of $IF0)" = e1000e ] && [ "$(driver_of $IF1 $PEER)" = e1000e ] &&
	ok bind || fail bind "driver $(driver_of $IF0)"
both_up && ok link || fail link "no carrier within 10 s"
check ping ping -c 2 -W 2 $V4_1
[ -x "$XDPMAP" ] && [ -f "$XD/xdp_drop.bpf.o" ] || { fail programs "no $XD (make xdp, XDP=1)"; exit 1; }
[ -d /proc/net/pktgen ] || { fail pktgen "no /proc/net/pktgen (CONFIG_NET_PKTGEN)"; exit 1; }
resets0=$(stat $IF0 resets)
# the peer port sends nothing but pktgen's frames: no IPv6 (ND, MLD), no ARP
inpeer sh -c "echo 1 > /proc/sys/net/ipv6/conf/$IF1/disable_ipv6"
inpeer $IP neigh replace $V4_0 lladdr $MAC0 nud permanent dev $IF1
$IP neigh replace $V4_1 lladdr $MAC1 nud permanent dev $IF0

# --- MTU: a frame must fit one 2048-byte buffer (MTU 2030 with a VLAN tag)
$IP link set dev $IF0 mtu 3000
out=$(attach $IF0 xdp_pass 2>&1)
if [ $? != 0 ] && echo "$out" | grep -q "MTU 3000 too large for XDP" && ! attached $IF0; then
	ok mtu-refused-extack
else
	fail mtu-refused-extack "attach at MTU 3000: $(echo "$out" | tr '\n' ' ')"
fi
$IP link set dev $IF0 mtu 1500
both_up
check attach-pass attach $IF0 xdp_pass
attached $IF0 && ok attached-shown || fail attached-shown "$($IP link show dev $IF0)"
if $IP link set dev $IF0 mtu 3000 2>/dev/null; then
	fail mtu-raise-refused "MTU 3000 accepted with a program attached"
	$IP link set dev $IF0 mtu 1500
else
	ok mtu-raise-refused
fi
check mtu-2030-with-prog $IP link set dev $IF0 mtu 2030
both_up
check ping-mtu-2030 ping -c 2 -W 2 $V4_1
$IP link set dev $IF0 mtu 1500
both_up

# --- XDP_PASS: the stack still gets everything
p0=$(qsum $IF0 rx xdp_pass)
server_start
iperf_check pass-iperf3 3 -R
server_stop
p1=$(qsum $IF0 rx xdp_pass)
[ $((p1 - p0)) -gt 10000 ] && ok pass-counted || fail pass-counted "xdp_pass grew by $((p1 - p0)) during a 3 s iperf3 -R"
echo "@@INFO xdp_pass +$((p1 - p0))"

# --- XDP_DROP: every frame the peer sends is dropped, the stack sees none
check attach-drop attach $IF0 xdp_drop
sleep 1
t0=$(peer_tx) d0=$(qsum $IF0 rx xdp_drop) i0=$(snmp Ip InReceives) s0=$(ip6_in)
pktgen 5000 9
t1=$(peer_tx) d1=$(qsum $IF0 rx xdp_drop) i1=$(snmp Ip InReceives) s1=$(ip6_in)
echo "@@INFO drop: peer sent $((t1 - t0)), xdp_drop +$((d1 - d0)), Ip InReceives +$((i1 - i0)), Ip6InReceives +$((s1 - s0))"
if [ $((t1 - t0)) -ge 5000 ] && [ $((d1 - d0)) = $((t1 - t0)) ]; then
	ok drop-counts-all
else
	fail drop-counts-all "peer sent $((t1 - t0)), xdp_drop +$((d1 - d0))"
fi
[ $((i1 - i0)) = 0 ] && [ $((s1 - s0)) = 0 ] && ok drop-stack-sees-none ||
	fail drop-stack-sees-none "Ip InReceives +$((i1 - i0)), Ip6InReceives +$((s1 - s0))"
ping -c 1 -W 1 $V4_1 >/dev/null 2>&1 && fail drop-ping-fails "ping answered with XDP_DROP on" || ok drop-ping-fails

# --- XDP_ABORTED: dropped and counted apart
check attach-aborted attach $IF0 xdp_aborted
t0=$(peer_tx) a0=$(qsum $IF0 rx xdp_aborted)
pktgen 1000 9
t1=$(peer_tx) a1=$(qsum $IF0 rx xdp_aborted)
[ $((t1 - t0)) -ge 1000 ] && [ $((a1 - a0)) = $((t1 - t0)) ] && ok aborted-counted ||
	fail aborted-counted "peer sent $((t1 - t0)), xdp_aborted +$((a1 - a0))"

# --- XDP_TX: UDP to port 9 comes back to the peer, addresses swapped; the
# peer's UDP layer sees each reflection (no socket: NoPorts), ours none
check attach-tx attach $IF0 xdp_tx
t0=$(peer_tx) x0=$(qsum $IF0 rx xdp_tx) u0=$(udp_in $PEER) r0=$(udp_in)
pktgen 3000 9
t1=$(peer_tx) x1=$(qsum $IF0 rx xdp_tx) u1=$(udp_in $PEER) r1=$(udp_in)
echo "@@INFO tx: peer sent $((t1 - t0)), xdp_tx +$((x1 - x0)), peer UDP in +$((u1 - u0)), our UDP in +$((r1 - r0))"
[ $((x1 - x0)) = 3000 ] && ok tx-counted || fail tx-counted "xdp_tx +$((x1 - x0)), want 3000"
[ $((u1 - u0)) = 3000 ] && ok tx-reflected-to-peer || fail tx-reflected-to-peer "peer UDP layer got $((u1 - u0)) of 3000"
[ $((r1 - r0)) = 0 ] && ok tx-stack-sees-none || fail tx-stack-sees-none "our UDP layer got $((r1 - r0))"
check tx-ping-passes ping -c 2 -W 2 $V4_1

# --- XDP_REDIRECT: UDP to 7777 on our port goes out of the peer port (its
# ndo_xdp_xmit) as UDP to 7778, crosses the hub back to our port, and the
# program passes it to our stack
check attach-redirect attach $IF0 xdp_redirect
ifx1=$(inpeer cat /sys/class/net/$IF1/ifindex)
check devmap-set inpeer $XDPMAP set tx_port 0 $ifx1
# pktgen and the redirected frames share the peer port's TX ring: at full
# rate pktgen keeps it full and redirected frames find no slot, so pace it.
# Paced at 50 us, a pause of the peer's TX cleaning still filled the ring
# once in make check (xdp_xmit_err +119 of 3000): 100 us doubles the slack,
# and a frame the ring refuses must be counted in xdp_xmit_err, at most 1%
# a socket on port 7778 receives what came back (pktgen's 18-byte payloads)
echo 16777216 > /proc/sys/net/core/rmem_max
$SOCAT -u UDP-RECV:7778,bind=$V4_0,rcvbuf=16777216 OPEN:/tmp/r7778,creat,trunc &
spid=$!
sleep 0.5
rd0=$(qsum $IF0 rx xdp_redirect) xm0=$(qsum $IF1 tx xdp_xmit $PEER) r0=$(udp_in)
xe0=$(qsum $IF1 tx xdp_xmit_err $PEER)
PG_DELAY=100000
pktgen 3000 7777
PG_DELAY=0
rd1=$(qsum $IF0 rx xdp_redirect) xm1=$(qsum $IF1 tx xdp_xmit $PEER) r1=$(udp_in)
xe1=$(qsum $IF1 tx xdp_xmit_err $PEER)
kill $spid 2>/dev/null; wait $spid 2>/dev/null
got=$(( $(wc -c < /tmp/r7778) / 18 ))
echo "@@INFO redirect: xdp_redirect +$((rd1 - rd0)), peer port xdp_xmit +$((xm1 - xm0)) (err +$((xe1 - xe0))), our UDP in +$((r1 - r0)), port 7778 got $got"
[ $((rd1 - rd0)) = 3000 ] && ok redirect-counted || fail redirect-counted "xdp_redirect +$((rd1 - rd0)), want 3000"
xm=$((xm1 - xm0)) xe=$((xe1 - xe0))
[ $((xm + xe)) = 3000 ] && [ $xe -le 30 ] && ok redirect-xmit-peer-port ||
	fail redirect-xmit-peer-port "peer port xdp_xmit +$xm, xdp_xmit_err +$xe: want 3000 in all, at most 30 refused"
[ $((r1 - r0)) = $xm ] && [ $got = $xm ] && ok redirect-came-back ||
	fail redirect-came-back "our UDP layer got $((r1 - r0)), port 7778 $got datagrams of $xm sent by the peer port"

# --- a counting program, its map read back
check attach-count attach $IF0 xdp_count
c0=$($XDPMAP get xdp_cnt 0)
ping -c 3 -W 2 $V4_1 >/dev/null 2>&1
c1=$($XDPMAP get xdp_cnt 0)
[ -n "$c1" ] && [ $((c1 - c0)) -ge 3 ] && ok count-map || fail count-map "xdp_cnt $c0 -> $c1"

# --- attach/detach 50 times (and swap pass <-> count) under iperf3 -R load
detach $IF0
server_start
$IPERF -c $V4_1 -t 250 -R >/tmp/flip.log 2>&1 &
ipid=$!
sleep 1
bad="" n=0 up0=$(cut -d. -f1 /proc/uptime)
while [ $n -lt 50 ]; do
	n=$((n + 1))
	prog=xdp_pass; [ $((n % 2)) = 0 ] && prog=xdp_count
	attach $IF0 $prog || { bad="attach $n failed"; break; }
	# a second program replaces the first without detaching
	[ $((n % 5)) = 0 ] && { attach $IF0 xdp_pass || { bad="swap $n failed"; break; }; }
	a=$(rx_pkts); sleep 0.3; b=$(rx_pkts)
	[ "$b" -gt "$a" ] || { bad="no traffic after attach $n"; break; }
	detach $IF0 || { bad="detach $n failed"; break; }
	a=$(rx_pkts); sleep 0.3; b=$(rx_pkts)
	[ "$b" -gt "$a" ] || { bad="no traffic after detach $n"; break; }
done
[ -z "$bad" ] && ok attach-detach-50 || fail attach-detach-50 "$bad"
echo "@@INFO attach-detach: $n rounds in $(( $(cut -d. -f1 /proc/uptime) - up0 )) s"
# the iperf3 client quits on the first error: still running means the
# connection survived every switch
kill -0 $ipid 2>/dev/null && ok attach-detach-iperf3-alive ||
	fail attach-detach-iperf3-alive "iperf3 ended early: $(tail -n 2 /tmp/flip.log | tr '\n' ' ')"
kill $ipid 2>/dev/null
wait $ipid 2>/dev/null
server_stop

# --- two channels: both RX queues run the program (RSS hashes IPv4
# addresses only, so pktgen varies the source address)
check channels-2 $ETHTOOL -L $IF0 combined 2
both_up
check attach-drop-2q attach $IF0 xdp_drop
t0=$(peer_tx) q0a=$(stat $IF0 rx0_xdp_drop) q1a=$(stat $IF0 rx1_xdp_drop)
pktgen 4000 9 192.0.2.10 192.0.2.250
t1=$(peer_tx) q0b=$(stat $IF0 rx0_xdp_drop) q1b=$(stat $IF0 rx1_xdp_drop)
echo "@@INFO drop-2q: peer sent $((t1 - t0)), rx0 +$((q0b - q0a)), rx1 +$((q1b - q1a))"
[ $((q0b - q0a)) -gt 0 ] && [ $((q1b - q1a)) -gt 0 ] &&
[ $((q0b - q0a + q1b - q1a)) = $((t1 - t0)) ] && ok drop-2q ||
	fail drop-2q "peer sent $((t1 - t0)), rx0_xdp_drop +$((q0b - q0a)), rx1_xdp_drop +$((q1b - q1a))"
# the reflections go to the varied source addresses, not the peer's own:
# count them at the peer port (its rx_packets), not in its UDP layer
check attach-tx-2q attach $IF0 xdp_tx
x0a=$(stat $IF0 rx0_xdp_tx) x1a=$(stat $IF0 rx1_xdp_tx) u0=$(peer_rx)
pktgen 4000 9 192.0.2.10 192.0.2.250
x0b=$(stat $IF0 rx0_xdp_tx) x1b=$(stat $IF0 rx1_xdp_tx) u1=$(peer_rx)
echo "@@INFO tx-2q: rx0 +$((x0b - x0a)), rx1 +$((x1b - x1a)), peer port rx +$((u1 - u0))"
[ $((x0b - x0a)) -gt 0 ] && [ $((x1b - x1a)) -gt 0 ] && [ $((u1 - u0)) = 4000 ] && ok tx-2q ||
	fail tx-2q "rx0_xdp_tx +$((x0b - x0a)), rx1_xdp_tx +$((x1b - x1a)), peer port rx +$((u1 - u0)) of 4000"
check attach-pass-2q attach $IF0 xdp_pass
server_start
iperf_check pass-2q-iperf3-P4 3 -R -P 4
server_stop
check detach-2q detach $IF0
check channels-1 $ETHTOOL -L $IF0 combined 1
both_up
check ping-after ping -c 2 -W 2 $V4_1

# --- none of this reset the device
[ "$(stat $IF0 resets)" = "$resets0" ] && ok no-reset || fail no-reset "resets $resets0 -> $(stat $IF0 resets)"
dmesg | grep -q "Link is Down" && fail no-link-loss "$(dmesg | grep 'Link is Down' | head -n 1)" || ok no-link-loss

# --- a TX hang with XDP_TX frames queued: the transmitter is turned off
# (debugfs tx_stall) and pktgen's frames, reflected, fill the TX ring. The
# reset keeps the rings and page pools: the queued frames' pages go back
# to the RX pool, and reflection works again, every frame, with the link
# kept up; the refill after the reset found a page for every descriptor
# (rx alloc_fail unchanged: kept rings keep their per-queue counters).
sw=/sys/kernel/debug/e1000e/$(basename "$(readlink /sys/class/net/$IF0/device)")/tx_stall
hangs() { stat $IF0 tx_hangs; }
resets() { stat $IF0 resets; }
reset_since() { [ "$(resets)" -gt "$1" ]; }
check attach-tx-hang attach $IF0 xdp_tx
h0=$(hangs) r0=$(resets) f0=$(qsum $IF0 rx alloc_fail) d0=$(qsum $IF0 rx drops)
if echo 1 > "$sw"; then
	pktgen 2000 9
	wait_for 10 reset_since "$r0"
	h1=$(hangs) r1=$(resets)
	echo "@@INFO tx-hang: tx_hangs +$((h1 - h0)), resets +$((r1 - r0)), rx drops +$(($(qsum $IF0 rx drops) - d0))"
	[ $((h1 - h0)) -ge 1 ] && [ $((r1 - r0)) -ge 1 ] && ok tx-hang-reset ||
		fail tx-hang-reset "tx_hangs +$((h1 - h0)), resets +$((r1 - r0))"
else
	fail tx-hang-reset "cannot write $sw"
fi
both_up
u0=$(udp_in $PEER) x0=$(qsum $IF0 rx xdp_tx)
pktgen 3000 9
u1=$(udp_in $PEER) x1=$(qsum $IF0 rx xdp_tx) f1=$(qsum $IF0 rx alloc_fail)
[ $((x1 - x0)) = 3000 ] && [ $((u1 - u0)) = 3000 ] && ok tx-after-hang ||
	fail tx-after-hang "xdp_tx +$((x1 - x0)), peer UDP layer got $((u1 - u0)) of 3000"
[ "$f1" = "$f0" ] && ok tx-hang-no-alloc-fail || fail tx-hang-no-alloc-fail "rx alloc_fail $f0 -> $f1"
check detach-after-hang detach $IF0
check ping-after-hang ping -c 2 -W 2 $V4_1
dmesg | grep -q "Link is Down" && fail hang-keeps-link "$(dmesg | grep 'Link is Down' | head -n 1)" || ok hang-keeps-link
exit 0
