# SPDX-License-Identifier: GPL-2.0
# The kernel's own driver conformance tests (tools/testing/selftests/
# drivers/net and drivers/net/hw of the branch), run in the 9p guest in the
# netdev CI layout: NETIF in the root namespace, the other port in netns
# $PEER, REMOTE_TYPE=netns. Each KTAP result line becomes one case.
# SELFTESTS (env) lists the tests, e.g. "ping.py stats.py hw/pp_alloc_fail.py";
# each may run SELFTEST_TIMEOUT seconds (default 300).
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
# ktap_complete NAME RC LOG: case selftest-NAME-complete, ok when the run
# printed its plan ("1..N"), N top-level results, a "# Totals:" line whose
# counts add up to N with fail and error 0, and exited 0 (a run cut short
# by its time limit, a crash of the runner or a missing test fails here,
# whatever the results before it said).
ktap_complete() {
	local plan nres tot sum f e kv
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$3" | head -n 1)
	nres=$(grep -c '^ok \|^not ok ' "$3")
	tot=$(sed -n 's/^# Totals: \(.*\)$/\1/p' "$3" | tail -n 1)
	sum=0
	for kv in $tot; do
		case ${kv#*:} in ''|*[!0-9]*) ;; *) sum=$((sum + ${kv#*:})) ;; esac
	done
	f=$(echo " $tot" | sed -n 's/.* fail:\([0-9]*\).*/\1/p')
	e=$(echo " $tot" | sed -n 's/.* error:\([0-9]*\).*/\1/p')
	if [ -z "$plan" ]; then
		fail "selftest-$1-complete" "no KTAP plan line (rc $2, $nres results)"
	elif [ "$nres" != "$plan" ]; then
		fail "selftest-$1-complete" "$nres of $plan planned tests reported (rc $2)"
	elif [ -z "$tot" ] || [ "$sum" != "$plan" ]; then
		fail "selftest-$1-complete" "totals '${tot:-none}' do not add up to the plan of $plan (rc $2)"
	elif [ "$2" != 0 ] && [ "${f:-0}${e:-0}" = 00 ]; then
		fail "selftest-$1-complete" "exit status $2 with no failed test (time limit or crash)"
	else
		ok "selftest-$1-complete"
	fi
}
cd "$KSRC/tools/testing/selftests/drivers/net" || { fail setup "no selftests in $KSRC"; exit 1; }
for t in $SELFTESTS; do
	name=$(echo "$t" | sed 's#/#-#g; s#\.py$##')
	timeout "${SELFTEST_TIMEOUT:-300}" python3 -u "$t" > /tmp/st.log 2>&1
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
	ktap_complete "$name" "$rc" /tmp/st.log
done
