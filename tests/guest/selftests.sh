# SPDX-License-Identifier: GPL-2.0
# The kernel's own driver conformance tests (tools/testing/selftests/
# drivers/net and drivers/net/hw of the branch), run in the 9p guest in the
# netdev CI layout: NETIF in the root namespace, the other port in netns
# $PEER, REMOTE_TYPE=netns. Each KTAP result line becomes one case.
# SELFTESTS (env) lists the tests, e.g. "ping.py stats.py hw/pp_alloc_fail.py".
[ -f "$TESTDIR/env" ] && . "$TESTDIR/env"
setup_pair || { fail setup "ports not found"; exit 1; }
wait_for 10 carrier_up "$IF0"
# PEER_K (env): ethtool -K settings for the peer port, e.g. "tso off".
# QEMU 7.2's TSO sends IPv4 fragments: with many streams toward our port,
# reassembly memory (ipfrag_high_thresh) overflows and whole segments are
# lost, which measures QEMU, not the driver under test.
if [ -n "${PEER_K:-}" ]; then
	inpeer $ETHTOOL -K "$IF1" $PEER_K || { fail setup "ethtool -K $IF1 $PEER_K"; exit 1; }
fi
# Debian 12's ethtool has no JSON ring output: tests/guest/bin/ethtool
# provides it (see there) to the Python tests that run "ethtool --json -g".
PATH="$(cd "$(dirname "$GUEST_LIB")/../../tests/guest/bin" && pwd):$PATH"
export PATH
export NETIF=$IF0 LOCAL_V4=$V4_0 REMOTE_V4=$V4_1 LOCAL_V6=$V6_0 REMOTE_V6=$V6_1
export REMOTE_TYPE=netns REMOTE_ARGS=$PEER
cd "$KSRC/tools/testing/selftests/drivers/net" || { fail setup "no selftests in $KSRC"; exit 1; }
for t in $SELFTESTS; do
	name=$(echo "$t" | sed 's#/#-#g; s#\.py$##')
	timeout 300 python3 -u "$t" > /tmp/st.log 2>&1
	rc=$?
	cat /tmp/st.log
	# KTAP lines: "ok N mod.case [# SKIP reason]" / "not ok N mod.case [# XFAIL]"
	sed -n 's/^\(not ok\|ok\) [0-9]* \([^ ]*\)\(.*\)$/\1|\2|\3/p' /tmp/st.log | while IFS='|' read -r st case rest; do
		case "$st$rest" in
		ok*"# SKIP"*) skip "selftest-$case" "${rest#*# SKIP}" ;;
		"not ok"*"# XFAIL"*) ok "selftest-$case" ;;
		ok*) ok "selftest-$case" ;;
		*) fail "selftest-$case" "$rest (see console)" ;;
		esac
	done
	grep -q '^ok \|^not ok ' /tmp/st.log || fail "selftest-$name" "no KTAP results (rc $rc)"
done
