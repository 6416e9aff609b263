# SPDX-License-Identifier: GPL-2.0
# Quick guest-side measurement used while tuning: one 4 s iperf3 TCP run
# to the peer; run with qemu/run.sh --icount --trace e1000e_core_write and
# count the trace lines (MMIO writes) and /proc/interrupts on the host.
setup_pair
wait_for 10 carrier_up $IF0; sleep 1
server_start
$IPERF -c $V4_1 -t 4 -J > /tmp/i.json
server_stop
echo "@@BYTES $(sed -n '/"sum_received"/,/}/s/.*"bytes":[[:space:]]*\([0-9]*\).*/\1/p' /tmp/i.json | head -n 1)"
echo "@@BPS $(sed -n '/"sum_received"/,/}/s/.*"bits_per_second":[[:space:]]*\([0-9.e+]*\).*/\1/p' /tmp/i.json | head -n 1)"
grep -E "eth" /proc/interrupts
