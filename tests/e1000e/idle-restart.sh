# SPDX-License-Identifier: GPL-2.0
# Restarts of an idle port on the debug kernel: RESTARTS (60) ring-size
# changes back to back (ethtool -G rx 1024, then 2048), after 6 s with no
# traffic. Such a restart keeps the carrier, so the stack's TX watchdog
# keeps looking at the queues it has stopped; every queue's last
# transmit is then older than the 5 s timeout, and on this kernel a
# restart takes 1-6 s (each ring's 2048 pages allocated and freed under
# KASAN), most of that with the queues stopped. Before the driver
# detached the device for the restart (the watchdog skips a device that
# is not present), 60 restarts here gave "NETDEV WATCHDOG" timeouts and
# needless resets. The run is probabilistic: a driver without the fix
# can pass it, one with it must. Sourced after lib.sh.
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
RESTARTS=${RESTARTS:-60}
setup_pair
if ! wait_for 20 carrier_up $IF0; then
	fail idle-restart "no carrier on $IF0"
	exit 0
fi
sleep 6
w0=$(dmesg | grep -c 'NETDEV WATCHDOG')
bad=0
for i in $(seq $((RESTARTS / 2))); do
	for r in 1024 2048; do
		$ETHTOOL -G $IF0 rx $r || bad=$((bad + 1))
	done
done
w1=$(dmesg | grep -c 'NETDEV WATCHDOG')
echo "@@INFO idle-restart restarts $RESTARTS failed $bad watchdog $((w1 - w0))"
if [ $bad -ne 0 ]; then
	fail idle-restart "$bad of $RESTARTS ethtool -G calls failed"
elif [ $((w1 - w0)) -ne 0 ]; then
	fail idle-restart "$((w1 - w0)) TX watchdog timeouts in $RESTARTS restarts"
else
	ok idle-restart
fi
wait_for 20 carrier_up $IF0
check idle-restart-ping ping -c 3 -W 2 $V4_1
