# SPDX-License-Identifier: GPL-2.0
# Tuning aid (not a test): in one guest, TCP single stream and -P 4 under
# several moderation and channel settings; prints Mbit/s and interrupts
# per MB received for each. Run under qemu/run.sh --icount. Settings come
# from $TUNE (env): space-separated NAME=ETHTOOL,ARGS,WITH,COMMAS, "@" for the port,
# e.g. TUNE="def= c1=-L,@,combined,1 us500=-C,@,adaptive-rx,off,rx-usecs,500".
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
setup_pair
# SYSCTL (env): "key=value ..." applied in both namespaces first
for kv in $SYSCTL; do sysctl -qw "$kv"; inpeer sysctl -qw "$kv"; done
wait_for 10 carrier_up $IF0; sleep 1
irqs() { grep -E "eth|e1000e|$IF0|$IF1" /proc/interrupts | awk '{s += $2 + $3} END {print s}'; }
run() { # run LABEL IPERF-ARGS
	server_start
	i0=$(irqs)
	$IPERF -c $V4_1 -t ${DUR:-2} -J "$@" > /tmp/i.json
	i1=$(irqs)
	server_stop
	b=$(sed -n '/"sum_received"/,/}/s/.*"bytes":[[:space:]]*\([0-9]*\).*/\1/p' /tmp/i.json | head -n 1)
	bps=$(sed -n '/"sum_received"/,/}/s/.*"bits_per_second":[[:space:]]*\([0-9.e+]*\).*/\1/p' /tmp/i.json | head -n 1)
	[ -n "$VERBOSE" ] && inpeer grep -A1 "^Ip:" /proc/net/snmp
	echo "@@TUNE $label $1 mbit=$(awk "BEGIN {printf \"%.0f\", $bps / 1e6}") irq_per_mb=$(awk "BEGIN {printf \"%.1f\", ($i1 - $i0) / ($b / 1e6)}")"
}
for s in ${TUNE:-default=}; do
	label=${s%%=*} args=$(echo "${s#*=}" | tr ',' ' ')
	# "@" in the arguments stands for the port: both ports get them
	if [ -n "$args" ]; then
		$ETHTOOL $(echo "$args" | sed "s/@/$IF0/")
		inpeer $ETHTOOL $(echo "$args" | sed "s/@/$IF1/")
	fi
	sleep 1; wait_for 10 carrier_up $IF0
	run tcp1
	run tcp4 -P 4
	echo "@@TUNE $label ping $(ping -c 20 -i 0.05 $V4_1 | tail -n 1)"
done
echo "@@EXIT 0"
