#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host side of the e1000e functional tests: boots the guest with the new
# module, runs full.sh and answers its "@@LINK off|on" requests through the
# QEMU monitor (set_link on hub port net0). Usage:
#   tests/e1000e/run.sh [path/to/e1000e.ko] [extra qemu/run.sh options]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
ko=${1:-$top/drivers-net-e1000e/e1000e.ko}
shift || true
out=${OUT:-$(mktemp -d /tmp/e1000e-test.XXXXXX)}
mkdir -p "$out"
echo "LINKFLAP=1" > "$out/env"

"$top/qemu/run.sh" --module "$ko" --file "$out/env:/test/env" \
	--timeout "${TIMEOUT:-900}" --out "$out/qemu" "$@" "$here/full.sh" \
	> "$out/console.log" 2>&1 &
pid=$!

monitor() {
	python3 - "$out/qemu/monitor.sock" "$1" <<'PY'
import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall((sys.argv[2] + "\n").encode())
time.sleep(0.2)
s.close()
PY
}

seen=0
while kill -0 $pid 2>/dev/null; do
	n=$(grep -c "^@@LINK " "$out/console.log" 2>/dev/null || true)
	while [ "$seen" -lt "$n" ]; do
		seen=$((seen + 1))
		what=$(grep "^@@LINK " "$out/console.log" | sed -n "${seen}p" | awk '{print $2}')
		monitor "set_link net0 $what"
	done
	sleep 0.05
done
wait $pid && rc=0 || rc=$?
grep -E "^@@(CASE|INFO)" "$out/console.log" || true
echo "console: $out/console.log"
exit $rc
