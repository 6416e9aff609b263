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

# iperf_case NAME ARGS: a short iperf3 TCP run (IPERF_SECS, 3 s unless the
# scenario says: the debug kernel moves ~4 Mbit/s); passes if it moved
# more than 1 MB.
IPERF_SECS=${IPERF_SECS:-3}
iperf_case() {
	n=$1; shift
	server_start -o /tmp/iperf-server.log
	if $IPERF -c $V4_1 -t "$IPERF_SECS" -J "$@" >/tmp/$n.json 2>&1; then
		bps=$(sed -n '/"sum_received"/,/}/s/.*"bits_per_second":[[:space:]]*\([0-9.e+]*\).*/\1/p' /tmp/$n.json | head -n 1)
		bytes=$(sed -n '/"sum_received"/,/}/s/.*"bytes":[[:space:]]*\([0-9]*\).*/\1/p' /tmp/$n.json | head -n 1)
		if [ -n "$bytes" ] && [ "$bytes" -gt 1000000 ]; then
			ok "$n"
			echo "@@INFO $n bytes=$bytes bits_per_second=$bps"
		else
			fail "$n" "moved ${bytes:-no} bytes"
			# what iperf3 said, for the next look at this
			echo "@@INFO $n client: $(tr -d '\n' < /tmp/$n.json | head -c 600)"
			echo "@@INFO $n server: $(tr -d '\n' < /tmp/iperf-server.log | head -c 300)"
		fi
	else
		fail "$n" "iperf3: $(grep -o '"error":.*' /tmp/$n.json | head -c 200)"
	fi
	server_stop
}
iperf_case iperf-tcp
iperf_case iperf-tcp-reverse -R
