# SPDX-License-Identifier: GPL-2.0
# Bring-up smoke test for the new e1000e: bind, link, ping, iperf3 both ways.
dmesg | grep -i e1000e | head -20
setup_pair || { fail setup "setup_pair"; exit 1; }
check driver [ "$(driver_of $IF0)" = e1000e ]
wait_for 5 carrier_up $IF0 && ok carrier0 || fail carrier0 "no carrier"
inpeer sh -c "cat /sys/class/net/$IF1/carrier" | grep -q 1 && ok carrier1 || fail carrier1 no
$ETHTOOL $IF0 | grep -E "Speed|Duplex|Link"
cat /proc/interrupts | grep -i eth
check ping4 ping -c 3 -W 2 $V4_1
check ping6 ping -c 3 -W 2 $V6_1
iperf_start_server
$IPERF -c $V4_1 -t 3 2>&1 | tail -4
iperf_start_server
$IPERF -c $V4_1 -t 3 -R 2>&1 | tail -4
$ETHTOOL -S $IF0 | grep -E "packets|tso|csum|drops" | grep -v " 0$"
cat /proc/interrupts | grep -i eth
dmesg | tail -20
