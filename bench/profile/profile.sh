# SPDX-License-Identifier: GPL-2.0
# Guest script of bench/profile (sourced after lib.sh): iperf3 TCP single
# stream port to port for $DUR s (0: none), then the received bytes and the
# module symbols from /proc/kallsyms, which the host needs to name the
# plugin's block addresses (boot with nokaslr: the core kernel's match
# System.map).
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
setup_pair
wait_for 10 carrier_up $IF0; sleep 1
b=0
if [ "${DUR:-0}" -gt 0 ]; then
	server_start
	$IPERF -c $V4_1 -t "$DUR" -J > /tmp/i.json
	server_stop
	b=$(sed -n '/"sum_received"/,/}/s/.*"bytes":[[:space:]]*\([0-9]*\).*/\1/p' /tmp/i.json | head -n 1)
fi
echo "@@PROF bytes=$b"
echo "@@KSYMS-BEGIN"
grep "\[" /proc/kallsyms
echo "@@KSYMS-END"
echo "@@EXIT 0"
