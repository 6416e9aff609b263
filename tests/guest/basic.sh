# SPDX-License-Identifier: GPL-2.0
# Basic cases for one NIC model: the expected driver binds both ports, link
# comes up, ping both ways, iperf3 TCP both directions. Sourced after
# lib.sh by the guest; EXPECT_DRIVER comes from the runner's environment file.
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
if ! setup_pair; then
	fail setup "ports not found or not configurable"
	exit 1
fi
d0=$(driver_of "$IF0"); d1=$(driver_of "$IF1" $PEER)
if [ "$d0" = "$EXPECT_DRIVER" ] && [ "$d1" = "$EXPECT_DRIVER" ]; then
	ok bind
else
	fail bind "drivers '$d0' '$d1', expected $EXPECT_DRIVER"
fi
if wait_for 10 carrier_up "$IF0" && wait_for 10 inpeer sh -c "[ \$(cat /sys/class/net/$IF1/carrier) = 1 ]"; then
	ok link
else
	fail link "carrier did not come up within 10 s"
fi
check ping-to-peer ping -c 3 -W 2 $V4_1
check ping-from-peer inpeer ping -c 3 -W 2 $V4_0
check ping6-to-peer ping -6 -c 3 -W 2 $V6_1

# What a driver patch could change, as "@@FACT KEY VALUE" lines for
# tests/run.sh's SAME_AS comparison: offload state, ring sizes, link, the
# counters each direction moved and the throughput of each iperf3 run.
facts() { # facts PREFIX: feature, ring and link state of our port
	$ETHTOOL -k "$IF0" | awk -F': ' 'NF == 2 { gsub(/^[ \t]+/, "", $1); v = $2; gsub(/ /, "_", v); print "@@FACT feature-" $1, v }'
	$ETHTOOL -g "$IF0" | awk '/^Current/ { c = 1 } /:/ { gsub(/[ \t]/, ""); split($0, kv, ":"); if (kv[2] != "") print "@@FACT ring-" (c ? "cur-" : "max-") kv[1], kv[2] }'
	$ETHTOOL "$IF0" | sed -n 's/^[[:space:]]*\(Speed\|Duplex\|Auto-negotiation\): \(.*\)$/@@FACT link-\1 \2/p'
}
counters() { for c in rx_packets tx_packets rx_bytes tx_bytes; do echo "$c $(cat /sys/class/net/$IF0/statistics/$c)"; done; }
facts
counters > /tmp/c0
iperf_case iperf-tcp
iperf_case iperf-tcp-reverse -R
counters > /tmp/c1
# each counter moved (1) or not (0): both runs moved data both ways
paste -d' ' /tmp/c0 /tmp/c1 | awk '{ print "@@FACT moved-" $1, ($4 > $2) }'
for n in iperf-tcp iperf-tcp-reverse; do
	echo "@@FACT rate-$n $(sed -n '/"sum_received"/,/}/s/.*"bits_per_second":[[:space:]]*\([0-9]*\).*/\1/p' /tmp/$n.json | head -n 1)"
done
