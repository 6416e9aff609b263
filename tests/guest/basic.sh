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

iperf_case iperf-tcp
iperf_case iperf-tcp-reverse -R
