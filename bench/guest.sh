# SPDX-License-Identifier: GPL-2.0
# Benchmark guest script (sourced after lib.sh by the guest init). One boot
# runs every workload of $WORKLOADS, $REPS times, with identical iperf3
# settings whatever the driver. Settings come from $TESTDIR/env:
#   MODE       nic (the two emulated ports), veth or veth-nooff (a veth pair
#              between the same namespaces; -nooff: tso/gso/gro off)
#   EXPECT_DRIVER  driver that must be bound to both ports (MODE=nic)
#   DUR        iperf3 -t seconds
#   WORKLOADS  the runs in order, from: tcp tcp-notso tcp-r tcp-p4 udp64
#              xdp-drop tc-drop; a name given again is its next repetition
#              (rep=2, ...); tcp-notso is tcp with TSO off on both ports for
#              the run (each port's setting is restored after it)
#   PKTGEN_COUNT  frames pktgen sends in xdp-drop and tc-drop (200000)
#   PKTGEN_BURST  frames per pktgen transmit batch, one TX tail write each
#                 (32): the sender costs little next to the receiver
# xdp-drop and tc-drop: pktgen on the peer port (netns $PEER) sends
# PKTGEN_COUNT 64-byte frames (60 + FCS) to our port, which drops them with
# an XDP program counting per CPU (/test/xdp/xdp_dropcnt.bpf.o, any driver)
# or with tc ingress matchall + drop; the rate is frames dropped over the
# guest time from pktgen's start to the last drop.
# Each run prints one line
#   @@RESULT rep=N wl=NAME idx=I status=ok|fail reason=... key=value...
# with iperf3's "end" summary flattened (sum_sent.bytes=...), and counter
# snapshots before (b_*) and after (a_*) the run: /proc/stat, the NICs'
# interrupts in /proc/interrupts, both ports' packet counters. Around each
# run the guest writes PCI config byte 0x3c (interrupt line, a scratch
# register for the OS on x86) of the first NIC with 0xa0+I before and
# 0xc0+I after, so the host cuts QEMU's trace log (event pci_cfg_write) to
# exactly the run, excluding boot and setup.
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
MODE=${MODE:-nic} DUR=${DUR:-5}
WORKLOADS=${WORKLOADS:-tcp tcp-r tcp-p4 udp64}
PKTGEN_COUNT=${PKTGEN_COUNT:-200000}
# Kernel messages that fail a run when they appear during it.
BAD='WARNING:|BUG:|Oops|Call Trace|general protection|[Kk]ernel panic|NETDEV WATCHDOG|Hardware Unit Hang|Reset adapter|Detected Tx Unit Hang|TX queue [0-9]+ hung for|Link is Down|soft lockup|hung task'

echo "@@BENCH mode=$MODE dur=$DUR workloads=$(echo $WORKLOADS | tr ' ' ,)"

# PCI network controllers (class 0x02xxxx) and their interrupts.
NICS=""
for d in /sys/bus/pci/devices/*; do
	case $(cat "$d/class") in 0x02*) NICS="$NICS $d" ;; esac
done
MARKDEV=$(echo $NICS | cut -d' ' -f1)

setup_veth() {
	$IP link set lo up
	$IP netns add $PEER || return 1
	inpeer $IP link set lo up
	$IP link add bv0 type veth peer name bv1 || return 1
	$IP link set bv1 netns $PEER || return 1
	IF0=bv0 IF1=bv1
	$IP addr add $V4_0/24 dev $IF0
	inpeer $IP addr add $V4_1/24 dev $IF1
	if [ "$MODE" = veth-nooff ]; then
		$ETHTOOL -K $IF0 tso off gso off gro off || return 1
		inpeer $ETHTOOL -K $IF1 tso off gso off gro off || return 1
	fi
	$IP link set $IF0 up
	inpeer $IP link set $IF1 up
}

case $MODE in
nic)
	setup_pair || { fail setup "ports not found or not configurable"; exit 1; }
	d0=$(driver_of "$IF0"); d1=$(driver_of "$IF1" $PEER)
	if [ "$d0" != "$EXPECT_DRIVER" ] || [ "$d1" != "$EXPECT_DRIVER" ]; then
		fail bind "drivers '$d0' '$d1', expected $EXPECT_DRIVER"; exit 1
	fi
	ok bind
	;;
veth|veth-nooff)
	# nothing may be bound to the emulated NICs: veth alone carries traffic
	for d in $NICS; do
		[ -e "$d/driver" ] && { fail bind "$(basename "$(readlink "$d/driver")") bound to $d"; exit 1; }
	done
	setup_veth || { fail setup "veth pair"; exit 1; }
	ok bind
	;;
*) fail setup "unknown MODE $MODE"; exit 1 ;;
esac
if wait_for 10 carrier_up "$IF0" && wait_for 10 inpeer sh -c "[ \$(cat /sys/class/net/$IF1/carrier) = 1 ]"; then
	ok link
else
	fail link "carrier did not come up within 10 s"; exit 1
fi
check ping ping -c 2 -W 2 $V4_1
echo "@@INFO if0=$IF0 if1=$IF1 driver=$($ETHTOOL -i $IF0 | sed -n 's/^driver: //p')"
echo "@@INFO features $($ETHTOOL -k $IF0 | grep -E '^(tcp-segmentation-offload|generic-segmentation-offload|generic-receive-offload|rx-checksumming|tx-checksumming):' | tr -d ' ' | tr '\n' ' ')"

IRQS=""
for d in $NICS; do
	if [ -d "$d/msi_irqs" ] && [ -n "$(ls "$d/msi_irqs")" ]; then
		IRQS="$IRQS $(ls "$d/msi_irqs")"
	elif [ -e "$d/driver" ]; then
		IRQS="$IRQS $(cat "$d/irq")"
	fi
done
[ "$MODE" = nic ] || IRQS=""
echo "@@INFO irqs=$(echo $IRQS | tr ' ' ,)"

# snap PREFIX: one line of counters.
snap() {
	pf=$1
	set -- $(grep '^cpu ' /proc/stat)
	busy=$(( $2 + $3 + $4 + $7 + $8 + $9 ))
	total=$(( busy + $5 + $6 ))
	irq=0
	for i in $IRQS; do
		n=$(awk -v i="$i:" '$1 == i { s = 0; for (k = 2; k <= NF && $k ~ /^[0-9]+$/; k++) s += $k; print s }' /proc/interrupts)
		irq=$(( irq + ${n:-0} ))
	done
	s0=/sys/class/net/$IF0/statistics
	echo "${pf}cpu_busy=$busy ${pf}cpu_total=$total ${pf}irqs=$irq" \
		"${pf}if0_tx_packets=$(cat $s0/tx_packets) ${pf}if0_rx_packets=$(cat $s0/rx_packets)" \
		"${pf}if1_tx_packets=$(inpeer cat /sys/class/net/$IF1/statistics/tx_packets)" \
		"${pf}if1_rx_packets=$(inpeer cat /sys/class/net/$IF1/statistics/rx_packets)" \
		"${pf}uptime=$(cut -d' ' -f1 /proc/uptime)"
}

mark() { # mark VALUE: write config byte 0x3c of the first NIC
	[ -n "$MARKDEV" ] || return 0
	printf "\\$(printf %o "$1")" | dd of="$MARKDEV/config" bs=1 seek=60 count=1 conv=notrunc 2>/dev/null
}
ORIG_LINE=$( [ -n "$MARKDEV" ] && dd if="$MARKDEV/config" bs=1 skip=60 count=1 2>/dev/null | od -An -tu1 | tr -d ' ')

# flatten iperf3 -J output: "end" members one level deep, and "error".
flatten() {
	awk '
	{
		line = $0; gsub(/\t/, " ", line); key = ""; rest = line
		if (match(line, /^ *"[^"]*":/)) {
			key = substr(line, RSTART, RLENGTH); sub(/^ *"/, "", key); sub(/": *$/, "", key)
			rest = substr(line, RSTART + RLENGTH)
		}
		s = rest; gsub(/"([^"\\]|\\.)*"/, "S", s)
		o = gsub(/[[{]/, "&", s); c = gsub(/[]}]/, "&", s)
		if (o == 0 && c == 0 && key != "") {
			v = rest; sub(/^ */, "", v); sub(/ *,? *$/, "", v); gsub(/"/, "", v); gsub(/ /, "_", v)
			if (d == 3 && p[2] == "end") printf "%s.%s=%s ", p[3], key, v
			else if (d == 1 && key == "error") printf "error=%s ", v
		}
		closefirst = (rest ~ /^ *[]}]/)
		if (closefirst) d -= c
		for (k = 0; k < o; k++) { d++; p[d] = (k == 0 ? key : "") }
		if (!closefirst) d -= c
	}'
}

# ---- drop workloads (pktgen on the peer port, our port drops)
uptime_cs() { awk '{ split($1, t, "."); print t[1] * 100 + t[2] }' /proc/uptime; }
pg() { inpeer sh -c "echo '$2' > /proc/net/pktgen/$1"; }
drop_count() { # frames dropped so far by the current drop method
	case $1 in
	xdp-drop) $TESTDIR/xdp/xdpmap get drop_cnt 0 2>/dev/null || echo 0 ;;
	tc-drop) $TC -s qdisc show dev $IF0 ingress | sed -n 's/.*(dropped \([0-9]*\),.*/\1/p' | head -n 1 ;;
	esac
}
# drop_run WL: one pktgen burst against XDP_DROP or tc drop; prints the
# key=value part of the @@RESULT line, returns 1 if it could not set up
drop_run() {
	case $1 in
	xdp-drop)
		$IP -force link set dev $IF0 xdpdrv obj $TESTDIR/xdp/xdp_dropcnt.bpf.o sec xdp 2>/tmp/drop.err ||
			{ echo "reason=xdp_attach:$(tr ' \n' '__' < /tmp/drop.err | cut -c1-120)"; return 1; } ;;
	tc-drop)
		{ $TC qdisc add dev $IF0 ingress &&
		  $TC filter add dev $IF0 ingress matchall action drop; } 2>/tmp/drop.err ||
			{ echo "reason=tc:$(tr ' \n' '__' < /tmp/drop.err | cut -c1-120)"; return 1; } ;;
	esac
	sleep 0.5
	pg kpktgend_0 rem_device_all
	pg kpktgend_0 "add_device $IF1"
	for c in "count $PKTGEN_COUNT" "pkt_size 60" "delay 0" "dst $V4_0" \
		 "dst_mac $(cat /sys/class/net/$IF0/address)" "udp_src_min 9" "udp_src_max 9" \
		 "udp_dst_min 9" "udp_dst_max 9" "burst ${PKTGEN_BURST:-32}"; do
		pg "$IF1" "$c"
	done
	c0=$(drop_count $1) t0=$(inpeer cat /sys/class/net/$IF1/statistics/tx_packets)
	s0=$(uptime_cs)
	pg pgctrl start
	s1=$(uptime_cs)
	# drops still coming in: poll until the count holds for 0.3 s
	last=$(drop_count $1) tl=$(uptime_cs) still=0
	while [ $still -lt 30 ] && [ $(( $(uptime_cs) - s1 )) -lt 2000 ]; do
		sleep 0.01
		c=$(drop_count $1)
		if [ "$c" != "$last" ]; then last=$c tl=$(uptime_cs) still=0; else still=$((still + 1)); fi
	done
	t1=$(inpeer cat /sys/class/net/$IF1/statistics/tx_packets)
	pps=$(inpeer cat /proc/net/pktgen/$IF1 | sed -n 's/^ *\([0-9]*\)pps.*/\1/p' | head -n 1)
	case $1 in
	xdp-drop) $IP link set dev $IF0 xdp off ;;
	tc-drop) $TC qdisc del dev $IF0 ingress ;;
	esac
	dt=$(( tl - s0 )); [ $dt -gt 0 ] || dt=1
	echo "sent=$((t1 - t0)) pktgen_count=$PKTGEN_COUNT dropped=$((last - c0)) drop_cs=$dt" \
	     "send_cs=$((s1 - s0)) pktgen_pps=${pps:-0} drop_pps=$(( (last - c0) * 100 / dt ))"
}

# IPv4 reassembly queues still held, both namespaces. QEMU 7.2's TSO
# sends IPv4 fragments; a multi-stream run can leave incomplete queues
# whose memory refuses every fragment of the next run until ipfrag_time
# (30 s) expires them (stock e1000e: 4 Mbit/s right after -P 4).
frag_queues() {
	{ cat /proc/net/sockstat; inpeer cat /proc/net/sockstat; } |
		awk '$1 == "FRAG:" { s += $3 } END { print s + 0 }'
}
# frag_wait: wait until no run's leftovers remain (at most 35 s); prints
# the hundredths of a second waited, reported with the run
frag_wait() {
	fw0=$(uptime_cs)
	while [ "$(frag_queues)" != 0 ] && [ $(( $(uptime_cs) - fw0 )) -lt 3500 ]; do
		sleep 0.5
	done
	echo $(( $(uptime_cs) - fw0 ))
}

# TSO of a port: tso_state NS-CMD IF prints on/off; tso_set NS-CMD IF
# on|off (NS-CMD "" for the root namespace, inpeer for the peer)
tso_state() {
	$1 $ETHTOOL -k $2 | awk '$1 == "tcp-segmentation-offload:" { print $2 }'
}
tso_set() {
	$1 $ETHTOOL -K $2 tso $3 && [ "$(tso_state "$1" $2)" = "$3" ]
}

inpeer $IPERF -s -D -B $V4_1 >/dev/null 2>&1
sleep 0.5
idx=0
for wl in $WORKLOADS; do
	v=n_$(echo "$wl" | tr -c 'a-z0-9\n' _)
	eval "rep=\$(( \${$v:-0} + 1 )); $v=\$rep"
	case $wl in
	tcp|tcp-notso) args="" ;;
	tcp-r) args="-R" ;;
	tcp-p4) args="-P 4" ;;
	udp64) args="-u -b 0 -l 64" ;;
	xdp-drop|tc-drop) args="" ;;
	*) fail "$wl" "unknown workload"; continue ;;
	esac
	case $wl in
	xdp-drop|tc-drop)
		before=$(snap b_)
		dm0=$(dmesg | wc -l)
		mark $((0xa0 + idx % 32))
		res=$(drop_run $wl)
		rc=$?
		mark $((0xc0 + idx % 32))
		after=$(snap a_)
		status=ok reason=-
		bad=$(dmesg | tail -n +$((dm0 + 1)) | grep -E "$BAD" | head -n 1 | tr ' ' _)
		[ $rc = 0 ] || status=fail
		[ -n "$bad" ] && { status=fail reason=kernel_log:$bad; }
		carrier_up "$IF0" || { status=fail reason=lost_link_$IF0; }
		echo "@@RESULT rep=$rep wl=$wl idx=$idx status=$status reason=$reason rc=$rc $before $after $res"
		idx=$((idx + 1))
		sleep 0.2
		continue ;;
	esac
	if [ "$wl" = tcp-notso ]; then
		tso0=$(tso_state "" $IF0) tso1=$(tso_state inpeer $IF1)
		tso_set "" $IF0 off && tso_set inpeer $IF1 off ||
			{ fail "$wl" "ethtool -K tso off"; continue; }
	fi
	fw=$(frag_wait)
	before=$(snap b_)
	dm0=$(dmesg | wc -l)
	mark $((0xa0 + idx % 32))
	$IPERF -c $V4_1 -t "$DUR" -J $args > /tmp/iperf.json 2>&1
	rc=$?
	mark $((0xc0 + idx % 32))
	after=$(snap a_)
	if [ "$wl" = tcp-notso ]; then
		tso_set "" $IF0 "$tso0"
		tso_set inpeer $IF1 "$tso1"
	fi
	status=ok reason=-
	bad=$(dmesg | tail -n +$((dm0 + 1)) | grep -E "$BAD" | head -n 1 | tr ' ' _)
	[ $rc = 0 ] || { status=fail reason=iperf3_rc_$rc; }
	[ -n "$bad" ] && { status=fail reason=kernel_log:$bad; }
	carrier_up "$IF0" || { status=fail reason=lost_link_$IF0; }
	inpeer sh -c "[ \$(cat /sys/class/net/$IF1/carrier) = 1 ]" || { status=fail reason=lost_link_$IF1; }
	echo "@@RESULT rep=$rep wl=$wl idx=$idx status=$status reason=$reason rc=$rc frag_wait_cs=$fw $before $after $(flatten < /tmp/iperf.json)"
	idx=$((idx + 1))
	sleep 0.2
done
[ -n "$ORIG_LINE" ] && mark "$ORIG_LINE"
echo "@@DONE"
exit 0
