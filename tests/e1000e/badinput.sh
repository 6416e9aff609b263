# SPDX-License-Identifier: GPL-2.0
# Bad input for our e1000e on QEMU's 82574L (two ports on one hub, the
# second in netns $PEER). Sourced after lib.sh by the guest.
#
# Part 1, bad frames from the wire: tests/tools/badframes (make tools,
# scenario key TOOLS=1) sends each class from the peer port to IF0; the
# counters must account for every frame, no frame with a wrong L4
# checksum may reach a socket (the stack's InCsumErrors rise instead,
# which it only checks when the driver did not say CHECKSUM_UNNECESSARY),
# and after every class ping and a short iperf3 still work.
# Part 2, bad settings from the user: every ethtool setter the driver has,
# MTU and MAC address with values out of range or nonsense; each must fail
# (with the extack message where the kernel or the driver sets one) and
# change nothing, checked by reading every setting back.
# Part 3, module parameters: ours has none, so the kernel warns about
# each one it does not know and loads the module anyway (kernel/module/
# main.c, unknown_module_param_cb); checked exactly so.
# Keys: RANDOM_FRAMES (default 100000), CLASS_FRAMES (frames per class,
# default 200), RANDOM_SEED (default 1).
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
BF=$TESTDIR/tools/badframes
MOD=$TESTDIR/mod/e1000e.ko
NCLASS=${CLASS_FRAMES:-200}
NRANDOM=${RANDOM_FRAMES:-100000}
SEED=${RANDOM_SEED:-1}
UPORT=5555		# a UDP socket waits here
TPORT=9			# no TCP socket here: a good SYN gets a RST
FRAMES_SENT=0
TRIED=0

peer_carrier() { inpeer sh -c "[ \$(cat /sys/class/net/$IF1/carrier) = 1 ]"; }
both_up() { wait_for 10 carrier_up "$IF0" && wait_for 10 peer_carrier; }

val() { awk -v n="$2" '$1 == n { v = $2 } END { print v + 0 }' "$1"; }
d() { echo $(( $(val /tmp/c1 "$1") - $(val /tmp/c0 "$1") )); }

# counters FILE: every counter a case looks at, "name value" per line.
# ethtool -S first: it refreshes the hardware counters that
# /sys/class/net/*/statistics (ndo_get_stats64) reports from.
counters() {
	{
		$ETHTOOL -S $IF0 | awk '{ sub(":", "", $1); n[$1] = $2 }
			END { print "hw_undersize", n["rx_undersize"] + 0
			      print "hw_oversize", n["rx_oversize"] + 0
			      print "hw_total", n["rx_total_packets"] + 0
			      print "csum_ok", n["rx0_csum_ok"] + n["rx1_csum_ok"]
			      print "csum_err", n["rx0_csum_err"] + n["rx1_csum_err"]
			      print "drv_drops", n["rx0_drops"] + n["rx1_drops"] }'
		for f in rx_packets rx_dropped rx_errors rx_length_errors \
			 rx_nohandler rx_missed_errors; do
			echo "$f $(cat /sys/class/net/$IF0/statistics/$f)"
		done
		echo "peer_tx $(inpeer cat /sys/class/net/$IF1/statistics/tx_packets)"
		# Ip.InReceives, Udp.InCsumErrors, IpExt.InCsumErrors, ...
		awk '$1 in h { for (i = 2; i <= NF; i++) print substr($1, 1, length($1) - 1) "." h[$1, i], $i; next }
		     { h[$1] = 1; for (i = 2; i <= NF; i++) h[$1, i] = $i }' /proc/net/snmp /proc/net/netstat
	} > "$1"
	# datagrams that reached a UDP socket, taken or not (a full receive
	# buffer counts in RcvbufErrors)
	echo "udp_sock $(( $(val "$1" Udp.InDatagrams) + $(val "$1" Udp.RcvbufErrors) ))" >> "$1"
}

# settle: wait until our port has taken in everything (rx_packets and the
# hardware's total stay put for half a second, at most 10 s)
settle() {
	t=20 last=""
	while [ $t -gt 0 ]; do
		now="$(cat /sys/class/net/$IF0/statistics/rx_packets) $($ETHTOOL -S $IF0 | grep -E ' rx_(total_packets|oversize):' | tr -d ' \n')"
		[ "$now" = "$last" ] && return 0
		last=$now; sleep 0.5; t=$((t - 1))
	done
}

# send MODE [ARGS]: badframes from the peer port to IF0; SENT := frames sent
send() {
	counters /tmp/c0
	out=$(inpeer $BF -i $IF1 -d $MAC0 -m "$@" 2>&1)
	BFRC=$?
	SENT=$(echo "$out" | sed -n 's/^badframes [^ ]* sent \([0-9]*\) .*/\1/p' | tail -n 1)
	SENT=${SENT:-0}
	echo "@@INFO $out" | head -n 3
	settle
	counters /tmp/c1
}

# expect CASE NAME VALUE...: counter delta NAME must be VALUE; collects
# mismatches in BADS for the class's case
expect() {
	got=$(d "$1")
	[ "$got" = "$2" ] || BADS="$BADS $1=+$got(want +$2)"
}
# class NAME: the case NAME passes when nothing collected in BADS; the
# counters that moved are printed as @@INFO either way
class() {
	info=""
	for c in peer_tx rx_packets hw_total hw_undersize hw_oversize rx_length_errors \
		 rx_errors rx_dropped rx_nohandler rx_missed_errors drv_drops csum_ok csum_err \
		 Ip.InReceives Ip.InHdrErrors Ip.InAddrErrors IpExt.InTruncatedPkts IpExt.InCsumErrors \
		 udp_sock Udp.InDatagrams Udp.RcvbufErrors Udp.NoPorts Udp.InErrors Udp.InCsumErrors \
		 Tcp.InErrs Tcp.InCsumErrors Tcp.OutRsts Icmp.InCsumErrors; do
		v=$(d $c); [ "$v" != 0 ] && info="$info $c=+$v"
	done
	echo "@@INFO frames $1 sent $SENT:$info"
	# nothing sent would make every "+0" expectation hold
	[ "$BFRC" = 0 ] && [ "$SENT" -gt 0 ] || BADS="$BADS badframes failed (status $BFRC, $SENT sent)"
	if [ -z "$BADS" ]; then ok "$1"; else fail "$1" "$BADS"; fi
	BADS=""
}
# bad_class NAME: as class, and the frames count as bad frames sent
bad_class() { FRAMES_SENT=$((FRAMES_SENT + SENT)); echo "@@INFO bad-frames $1 $SENT"; class "$1"; }

# alive NAME: ping and a 1 s iperf3 from our port to the peer still work
# (lib.sh server_start/server_stop: a client that never reached the server
# must not leave the script waiting on it)
alive() {
	server_start
	if ! ping -c 1 -W 2 $V4_1 >/dev/null 2>&1; then
		fail "$1-traffic-after" "no ping reply"
	else
		# 1 s; 3 s on the debug kernel, where slow start takes most of one
		iperf_check "$1-traffic-after" "$([ "${VARIANT:-}" = debug ] && echo 3 || echo 1)"
	fi
	server_stop
}

setup_pair || { fail setup "ports not found"; exit 1; }
[ "$(driver_of $IF0)" = e1000e ] && [ "$(driver_of $IF1 $PEER)" = e1000e ] &&
	ok bind || fail bind "driver $(driver_of $IF0)"
both_up && ok link || fail link "no carrier within 10 s"
check ping ping -c 2 -W 2 $V4_1
[ -x "$BF" ] || { fail tools "no $BF (make tools, TOOLS=1)"; exit 1; }

# ---- settings snapshot, for part 2 and for part 3 (same as at boot)
# settings: every setting ethtool and ip read back, names made neutral
settings() {
	{
		for o in -g -c -l -a -x -k --show-priv-flags; do
			echo "== ethtool $o"; $ETHTOOL $o $IF0 2>&1
		done
		echo "== ethtool"; $ETHTOOL $IF0 2>&1
		echo "== eeprom"; $ETHTOOL -e $IF0 length 64 2>&1
		echo "== ip link"; $IP -o link show dev $IF0 | sed 's/^[0-9]*: //'
	} | sed "s/$IF0/IF0/g"
}
# readable: the snapshot holds what every reader prints, so that two
# equal snapshots mean equal settings, not two failed reads
readable() {
	for w in "Ring parameters" "Coalesce parameters" "Channel parameters" \
		 "Pause parameters" "RX flow hash indirection table" "Features for" \
		 "Private flags" "Auto-negotiation:" "Current message level" "Offset" \
		 "mtu 1500"; do
		echo "$1" | grep -qF "$w" || { echo "no '$w'"; return 1; }
	done
}
BOOT=$(settings)
if why=$(readable "$BOOT"); then
	ok settings-readable
else
	fail settings-readable "$why"
	exit 1
fi

# ==== part 1: bad frames from the wire
# The peer port sends nothing but what badframes sends: no IPv6 (ND,
# MLD), no ARP (static neighbours both ways).
inpeer sh -c "echo 1 > /proc/sys/net/ipv6/conf/$IF1/disable_ipv6"
inpeer $IP neigh replace $V4_0 lladdr $MAC0 nud permanent dev $IF1
$IP neigh replace $V4_1 lladdr $MAC1 nud permanent dev $IF0
# a receive buffer that holds a burst of 200 datagrams under TCG
echo 16777216 > /proc/sys/net/core/rmem_max
echo 16777216 > /proc/sys/net/core/rmem_default
$SOCAT -u UDP4-RECV:$UPORT OPEN:/dev/null &
sock=$!
sleep 0.5
BADS=""

# -- runts: 14..59 bytes, ethertype 0x88b5 (no protocol handler: the core
# drops each and counts it in the device's rx_dropped, not the driver's). QEMU 7.2's e1000e model (hw/net/e1000e_core.c,
# e1000e_receive_iov) pads a frame under 60 bytes with zeros to 60,
# counts it in RUC (our rx_undersize, part of rx_length_errors and
# rx_errors) and still delivers it; the sending model does not pad (its
# TCTL.PSP does nothing), so every runt arrives as one.
send runt -n $NCLASS
expect peer_tx $SENT; expect rx_packets $SENT; expect hw_undersize $SENT
expect rx_length_errors $SENT; expect rx_dropped $SENT; expect drv_drops 0
expect csum_ok 0
bad_class runt
alive runt

# -- over the MTU (our port at 1500, the peer's at 9000 so it can send):
# the 7.2 model drops a frame longer than 1522 bytes (no FCS in QEMU)
# while RCTL.LPE is clear and counts it in ROC (our rx_oversize, part of
# rx_length_errors), e1000x_is_oversized(); 1515..1522 bytes still pass
# (QEMU 8.0 lowered the limit to 1518), so those reach the UDP socket.
inpeer $IP link set $IF1 mtu 9000
both_up
send oversize -n $NCLASS -l 1523-2000 -p $UPORT
expect peer_tx $SENT; expect rx_packets 0; expect hw_oversize $SENT
expect rx_length_errors $SENT; expect udp_sock 0
bad_class oversize
send oversize -n 8 -l 1515-1522 -p $UPORT
expect peer_tx $SENT; expect rx_packets $SENT; expect hw_oversize 0
expect udp_sock $SENT; expect csum_ok $SENT
bad_class over-mtu-1522
# -- jumbo frames (9014 bytes) with jumbo off on our port
send jumbo -n $NCLASS -p $UPORT
expect peer_tx $SENT; expect rx_packets 0; expect hw_oversize $SENT
expect rx_length_errors $SENT; expect udp_sock 0
bad_class jumbo
inpeer $IP link set $IF1 mtu 1500
both_up
alive oversize

# -- checksums. Controls first: the same datagrams and SYNs with right
# checksums reach the socket (or draw a RST), so the bad ones' absence
# below is the checksum's doing. The model checks IPv4 and L4 sums in
# software and reports IPE/TCPE (our rx csum_err); the driver then leaves
# CHECKSUM_NONE and the stack finds the error itself.
send good-udp -n $NCLASS -p $UPORT
expect rx_packets $SENT; expect udp_sock $SENT; expect csum_ok $SENT
expect csum_err 0
class good-udp
send bad-ipcsum -n $NCLASS -p $UPORT
expect rx_packets $SENT; expect udp_sock 0; expect IpExt.InCsumErrors $SENT
expect Ip.InHdrErrors $SENT; expect csum_err $SENT; expect csum_ok 0
bad_class bad-ipcsum
alive bad-ipcsum
send bad-udpcsum -n $NCLASS -p $UPORT
expect rx_packets $SENT; expect udp_sock 0; expect Udp.InCsumErrors $SENT
expect Udp.InErrors $SENT; expect csum_err $SENT; expect csum_ok 0
bad_class bad-udpcsum
alive bad-udpcsum
send good-tcp -n $NCLASS -p $TPORT
expect rx_packets $SENT; expect Tcp.OutRsts $SENT; expect csum_ok $SENT
class good-tcp
send bad-tcpcsum -n $NCLASS -p $TPORT
expect rx_packets $SENT; expect Tcp.InCsumErrors $SENT; expect Tcp.InErrs $SENT
expect Tcp.OutRsts 0; expect csum_err $SENT; expect csum_ok 0
bad_class bad-tcpcsum
alive bad-tcpcsum

# -- VLAN tags. Our port has v10 and v10.20 (802.1Q in 802.1Q) and ad100
# and ad100.200 (802.1Q in 802.1ad). The model strips an outer 0x8100
# tag (CTRL.VME) after checking its VID against the VLAN filter table
# (RCTL.VFE, rx-vlan-filter on): a VID not in it is dropped there
# without any counter; other TPIDs (0x88a8, 0x9100) are not tags to it.
$IP link add link $IF0 name v10 type vlan id 10
$IP link add link v10 name v1020 type vlan id 20
$IP link add link $IF0 name ad100 type vlan proto 802.1ad id 100
$IP link add link ad100 name ad100200 type vlan id 200
for v in v10 v1020 ad100 ad100200; do $IP link set $v up; done
$IP addr add 10.20.0.1/24 dev v1020
$IP addr add 10.30.0.1/24 dev ad100200
sleep 0.5
send stacked -n $NCLASS -v 10,20 -S 10.20.0.2 -D 10.20.0.1 -p $UPORT
expect rx_packets $SENT; expect udp_sock $SENT
class stacked-known
send stacked -n $NCLASS -v 10,21 -S 10.20.0.2 -D 10.20.0.1 -p $UPORT
expect rx_packets $SENT; expect udp_sock 0
bad_class stacked-inner-unknown
send stacked -n $NCLASS -v 11,20 -S 10.20.0.2 -D 10.20.0.1 -p $UPORT
expect peer_tx $SENT; expect rx_packets 0; expect udp_sock 0
bad_class stacked-outer-filtered
send qinq -n $NCLASS -v 100,200 -S 10.30.0.2 -D 10.30.0.1 -p $UPORT
expect rx_packets $SENT; expect udp_sock $SENT
class qinq-known
send qinq -n $NCLASS -v 101,200 -S 10.30.0.2 -D 10.30.0.1 -p $UPORT
expect rx_packets $SENT; expect udp_sock 0
bad_class qinq-unknown
send bogus-vlan -n $NCLASS -p $UPORT
expect peer_tx $SENT; expect rx_packets 0; expect udp_sock 0
bad_class vid4095-filtered
# with the filter off the model hands VID 4095 up, stripped; no device
# has it, so the stack drops it
$ETHTOOL -K $IF0 rx-vlan-filter off
send bogus-vlan -n $NCLASS -p $UPORT
expect rx_packets $SENT; expect udp_sock 0
bad_class vid4095-unfiltered
$ETHTOOL -K $IF0 rx-vlan-filter on
send bogus-tpid -n $NCLASS -v 10 -p $UPORT
expect rx_packets $SENT; expect rx_dropped $SENT; expect udp_sock 0
bad_class bogus-tpid
for v in v1020 v10 ad100200 ad100; do $IP link del $v; done
both_up
alive vlan

# -- truncated headers, half of each class one way, half the other (see
# badframes.c); every one is counted by the layer that refuses it. An
# IPv4 header shorter than its IHL (or than 20 bytes) cannot be sent
# here: the sending model parses each frame's headers and drops one it
# cannot parse (net_tx_pkt_parse() in e1000e_process_tx_desc()) while
# completing the descriptor, so the peer's tx_packets counts it and no
# port ever sees it. The IPv4 case truncates an option instead.
send trunc-ip -n $NCLASS
expect rx_packets $SENT; expect Ip.InHdrErrors $((SENT / 2))
expect IpExt.InTruncatedPkts $((SENT - SENT / 2)); expect csum_ok 0
bad_class trunc-ip
send trunc-tcp -n $NCLASS -p $TPORT
expect rx_packets $SENT; expect IpExt.InTruncatedPkts $((SENT - SENT / 2))
expect Tcp.InErrs $((SENT / 2)); expect Tcp.OutRsts 0; expect csum_ok 0
bad_class trunc-tcp
send trunc-udp -n $NCLASS -p $UPORT
expect rx_packets $SENT; expect Udp.InErrors $SENT; expect udp_sock 0
expect csum_ok 0
bad_class trunc-udp
alive trunc

# -- random frames, 14..1514 bytes, all to our MAC. The VLAN filter is
# off so that the model drops none silently (a random 0x8100 tag); each
# one must then be taken in: rx_packets rises by the number sent.
$ETHTOOL -K $IF0 rx-vlan-filter off
send random -n $NRANDOM -r $SEED
expect peer_tx $SENT; expect rx_packets $SENT; expect hw_oversize 0
bad_class random-$NRANDOM
$ETHTOOL -K $IF0 rx-vlan-filter on
both_up
alive random
kill $sock 2>/dev/null
echo "@@INFO bad-frames-sent $FRAMES_SENT"
$IP neigh del $V4_1 dev $IF0
inpeer $IP neigh del $V4_0 dev $IF1
inpeer sh -c "echo 0 > /proc/sys/net/ipv6/conf/$IF1/disable_ipv6"

# ==== part 2: bad settings from the user
# bad NAME WANT CMD...: CMD must fail, with WANT in its output when WANT
# is not empty (an extack message: ethtool prints "netlink error: MSG",
# ip "Error: MSG"), and every setting must read back as before
BASE=$(settings)
bad() {
	bn=$1 want=$2; shift 2
	TRIED=$((TRIED + 1))
	if out=$("$@" 2>&1); then
		fail "bad-$bn" "accepted: $*"
	elif [ -n "$want" ] && ! echo "$out" | grep -qF -- "$want"; then
		fail "bad-$bn" "want '$want', got: $(echo "$out" | head -n 3 | tr '\n' ' ')"
	else
		now=$(settings)
		if [ "$now" = "$BASE" ] && readable "$now" >/dev/null; then
			ok "bad-$bn"
		else
			echo "$BASE" > /tmp/s0; echo "$now" > /tmp/s1
			fail "bad-$bn" "settings changed: $(diff /tmp/s0 /tmp/s1 | grep '^[-+][^-+]' | head -n 4 | tr '\n' ' ')"
			BASE=$now
		fi
	fi
	echo "@@INFO bad-$bn: $* -> $(echo "$out" | head -n 2 | tr '\n' ' ')"
}
E=$ETHTOOL
# refused MSG CMD...: fails when CMD fails or prints MSG (for commands
# that report a refusal with exit status 0); prints CMD's output
refused() {
	m=$1; shift
	o=$("$@" 2>&1); rc=$?
	echo "$o"
	[ $rc != 0 ] && return 1
	echo "$o" | grep -qF -- "$m" && { echo "(exit status 0)"; return 1; }
	return 0
}
RMAX="requested ring size exceeds maximum"
RALIGN="ring sizes must be multiples of 8 in 64..4096"
UNSUP="cannot modify an unsupported parameter"
CMAX="requested channel count exceeds maximum"
LFAIL="link settings update failed"

# rings (-G): 64..4096 in steps of 8, no mini or jumbo rings
bad ring-rx-5000 "$RMAX" $E -G $IF0 rx 5000
bad ring-tx-8192 "$RMAX" $E -G $IF0 tx 8192
bad ring-rx-4097 "$RMAX" $E -G $IF0 rx 4097
bad ring-rx-0 "$RALIGN" $E -G $IF0 rx 0
bad ring-tx-0 "$RALIGN" $E -G $IF0 tx 0
bad ring-rx-20 "$RALIGN" $E -G $IF0 rx 20
bad ring-tx-32 "$RALIGN" $E -G $IF0 tx 32
bad ring-rx-100 "$RALIGN" $E -G $IF0 rx 100
bad ring-rx-mini "$RMAX" $E -G $IF0 rx-mini 64
bad ring-rx-jumbo "$RMAX" $E -G $IF0 rx-jumbo 64
bad ring-rx-buf-len "not supported" $E -G $IF0 rx-buf-len 4096
bad ring-cqe-size "not supported" $E -G $IF0 cqe-size 64
bad ring-tx-push "not supported" $E -G $IF0 tx-push on
bad ring-negative "" $E -G $IF0 rx -1

# coalescing (-C): rx-usecs 0..10000 and adaptive-rx only
bad coalesce-rx-usecs-20000 "rx-usecs above 10000" $E -C $IF0 adaptive-rx off rx-usecs 20000
bad coalesce-rx-usecs-10001 "rx-usecs above 10000" $E -C $IF0 rx-usecs 10001
for f in rx-frames rx-usecs-irq rx-frames-irq tx-usecs tx-frames tx-usecs-irq \
	 tx-frames-irq stats-block-usecs pkt-rate-low rx-usecs-low rx-frames-low \
	 tx-usecs-low tx-frames-low pkt-rate-high rx-usecs-high rx-frames-high \
	 tx-usecs-high tx-frames-high sample-interval; do
	bad coalesce-$f "$UNSUP" $E -C $IF0 $f 5
done
for f in adaptive-tx cqe-mode-rx cqe-mode-tx; do
	bad coalesce-$f "$UNSUP" $E -C $IF0 $f on
done
bad coalesce-negative "" $E -C $IF0 rx-usecs -5

# channels (-L): combined 1..2, nothing else
bad channels-combined-0 "would result in no RX or TX channel" $E -L $IF0 combined 0
bad channels-combined-3 "$CMAX" $E -L $IF0 combined 3
bad channels-rx-only "$CMAX" $E -L $IF0 rx 1
bad channels-tx-only "$CMAX" $E -L $IF0 tx 1
bad channels-rx-tx "$CMAX" $E -L $IF0 combined 0 rx 1 tx 1
bad channels-other-2 "$CMAX" $E -L $IF0 other 2
bad channels-other-0 "Invalid argument" $E -L $IF0 other 0

# pause (-A): every on/off combination is valid; nonsense words are not
bad pause-word "" $E -A $IF0 rx maybe
bad pause-number "" $E -A $IF0 autoneg 2

# link (-s): autonegotiation with a mode we have, or forced 10/100
bad link-1000-half "$LFAIL" $E -s $IF0 speed 1000 duplex half autoneg on
bad link-forced-1000 "$LFAIL" $E -s $IF0 speed 1000 duplex full autoneg off
bad link-speed-12345 "$LFAIL" $E -s $IF0 speed 12345 duplex full autoneg off
bad link-advertise-none "$LFAIL" $E -s $IF0 advertise 0x0
bad link-advertise-10g "$LFAIL" $E -s $IF0 advertise 0x1000
bad link-port-fibre "$LFAIL" $E -s $IF0 port fibre
bad link-phyad "$LFAIL" $E -s $IF0 phyad 7
bad link-duplex-word "" $E -s $IF0 duplex sideways
bad link-wol "Operation not supported" $E -s $IF0 wol g
bad msglvl-word "" $E -s $IF0 msglvl nonsense
bad msglvl-flag "" $E -s $IF0 msglvl bogus on
# forced speed with forced MDI-X is refused, and refused whole: with
# MDI-X set first (a valid change), the refusal must change nothing
# (each accepted change restarts the link: give it time to go down)
if $E -s $IF0 mdix on 2>/dev/null && sleep 2 && both_up; then
	BASE=$(settings)
	bad link-forced-mdix "$LFAIL" $E -s $IF0 autoneg off speed 100 duplex full
	check link-mdix-auto-again $E -s $IF0 mdix auto
	sleep 2; both_up
	BASE=$(settings)
else
	fail bad-link-forced-mdix "ethtool -s mdix on failed"
fi

# RSS (-X, ioctl in 6.12: no extack there): 2 queues, a 40-byte key,
# Toeplitz only
bad rxfh-equal-3 "" $E -X $IF0 equal 3
bad rxfh-weight-3 "" $E -X $IF0 weight 1 1 1
bad rxfh-hfunc-xor "" $E -X $IF0 hfunc xor
bad rxfh-hfunc-word "" $E -X $IF0 hfunc nonsense
bad rxfh-key-short "" $E -X $IF0 hkey 01:02:03
bad rxfh-context "" $E -X $IF0 context 1 equal 1
# features (-K): ones that are fixed, and one that does not exist
for f in rx-fcs rx-all highdma tx-lockless netns-local hw-tc-offload; do
	bad feature-$f "" $E -K $IF0 $f on
done
bad feature-word "" $E -K $IF0 no-such-feature on
# NVM writes and flow rules: not implemented
bad eeprom-write "Operation not supported" $E -E $IF0 magic 0x10d38086 offset 0 value 0x55
bad eeprom-bad-magic "" $E -E $IF0 magic 0x1 offset 0 value 0x55
# ethtool 6.1 prints the refusal of -N rx-flow-hash but exits 0
bad rxnfc-hash "Operation not supported" refused "Operation not supported" $E -N $IF0 rx-flow-hash tcp4 sdfn
bad rxnfc-rule "" $E -N $IF0 flow-type tcp4 dst-port 80 action 1
bad priv-flag-word "" $E --set-priv-flags $IF0 bogus on
# MTU: 68..9000 on the 82574L
bad mtu-0 "mtu less than device minimum" $IP link set $IF0 mtu 0
bad mtu-67 "mtu less than device minimum" $IP link set $IF0 mtu 67
bad mtu-9001 "mtu greater than device maximum" $IP link set $IF0 mtu 9001
bad mtu-65536 "mtu greater than device maximum" $IP link set $IF0 mtu 65536
bad mtu-negative "" $IP link set $IF0 mtu -1
# MAC address: unicast, not zero
bad mac-multicast "Cannot assign requested address" $IP link set $IF0 address 01:00:5e:00:00:01
bad mac-zero "Cannot assign requested address" $IP link set $IF0 address 00:00:00:00:00:00
bad mac-broadcast "Cannot assign requested address" $IP link set $IF0 address ff:ff:ff:ff:ff:ff
bad mac-short "" $IP link set $IF0 address 52:54
both_up
check ping-after-bad-settings ping -c 2 -W 2 $V4_1

# ==== part 3: module parameters. e1000e has none; for each name it does
# not know the kernel prints "e1000e: unknown parameter 'NAME' ignored"
# and loads the module; what follows "--" is ignored with one line.
# Nonsense must change nothing: the settings read back as at boot.
PARAMS="IntMode=9 InterruptThrottleRate=-5 bogus=1 -- after=1"
TRIED=$((TRIED + 4))
rmmod e1000e || fail modparam-rmmod "rmmod e1000e failed"
dmesg > /tmp/dmesg0
if insmod $MOD $PARAMS; then
	ok modparam-loads
else
	fail modparam-loads "insmod $MOD $PARAMS failed"
fi
dmesg | tail -n +$(( $(wc -l < /tmp/dmesg0) + 1 )) > /tmp/dmesg1
miss=""
for p in IntMode InterruptThrottleRate bogus; do
	grep -q "e1000e: unknown parameter '$p' ignored" /tmp/dmesg1 || miss="$miss $p"
done
grep -q "e1000e: parameters 'after=1 *' after \`--' ignored" /tmp/dmesg1 || miss="$miss after-dashes"
[ -z "$miss" ] && ok modparam-warned || fail modparam-warned "no warning for:$miss ($(tr '\n' ' ' < /tmp/dmesg1 | cut -c1-300))"
# the ports again, as setup_pair left them (netns $PEER still exists)
if attach_pair; then
	both_up
	now=$(settings)
	if [ "$now" = "$BOOT" ] && readable "$now" >/dev/null; then
		ok modparam-defaults
	else
		echo "$BOOT" > /tmp/s0; echo "$now" > /tmp/s1
		fail modparam-defaults "settings differ from boot: $(diff /tmp/s0 /tmp/s1 | grep '^[-+][^-+]' | head -n 4 | tr '\n' ' ')"
	fi
	check modparam-ping ping -c 2 -W 2 $V4_1
else
	fail modparam-ports "ports did not come back after insmod"
fi
echo "@@INFO bad-settings-tried $TRIED"

if dmesg | grep -E "WARNING:|BUG:|Oops|Call Trace|general protection" >/tmp/dmesg.bad; then
	fail dmesg-clean "$(head -n 2 /tmp/dmesg.bad | tr '\n' ' ')"
else
	ok dmesg-clean
fi
