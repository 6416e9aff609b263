#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test runner: boots one guest per scenario of tests/scenarios,
# prints one line per case ("ok NAME", "FAIL NAME: reason", "skip NAME:
# reason") and, last, "N passed, N failed, N skipped". Exit status 1 when
# anything failed.
#   tests/run.sh [-t TAG] [-k PATTERN] [-j N]
# -t runs scenarios carrying TAG (default: check), -k those whose name
# matches the shell glob PATTERN, -j runs up to N guests at a time (a
# scenario with SAME_AS= waits for the one it names); each scenario's lines
# print when it ends. Logs: build/test/<scenario>/console.log.
# NIC "host" runs tests/host/SCRIPT on the host instead of booting a guest.
# Launcher keys: NIC2=MODEL, PEER=MODEL, DEFER_MODULES=1 become run.sh's
# --nic2, --peer and --defer-modules; XDP=1 copies build/xdp (make xdp: the
# XDP test programs and xdpmap) to /test/xdp; TOOLS=1 copies build/tools
# (make tools: the static test tools of tests/tools, e.g. badframes) to
# /test/tools.
# Host-side keys of a scenario line (see tests/scenarios):
#   TIMEOUT=SECONDS  the guest's hard limit (default $TIMEOUT or 300)
#   EXPECT_KCONFIG=none|CONFIG_X=v  case NAME/kconfig: the variant's
#       build/kernel-V/kconfig-adjusted (scripts/kernel.sh) must be empty,
#       or record CONFIG_X adjusted to v with merge_config's message naming it
#   SAME_AS=OTHER  case NAME/same-as-OTHER: this guest reported the same
#       cases with the same results as scenario OTHER (run earlier)
set -uo pipefail
. "$(dirname "$0")/../scripts/common.sh"

tag=check pattern='*' njobs=1
usage() { echo "usage: $0 [-t TAG] [-k PATTERN] [-j N]" >&2; exit 2; }
while getopts "t:k:j:" o; do
	case $o in
	t) tag=$OPTARG ;;
	k) pattern=$OPTARG ;;
	j) njobs=$OPTARG ;;
	*) usage ;;
	esac
done
case $njobs in ''|*[!0-9]*|0*) echo "$0: -j wants a count of 1 or more, not '$njobs'" >&2; usage ;; esac
pass=0 failn=0 skipn=0
# this invocation, written into each scenario's folder (SAME_AS wants its
# reference from the same run)
RUN_ID=$$-$(date +%s)
# the emulator's version, for cases that depend on what its models do
# (QEMU_VERSION in a guest's env file)
QEMU_VERSION=$(qemu-system-x86_64 --version 2>/dev/null | sed -n '1s/.*version \([0-9][0-9.]*\).*/\1/p')
res() { # res KIND NAME [REASON]
	case $1 in
	ok) echo "ok $2"; pass=$((pass + 1)) ;;
	fail) echo "FAIL $2: ${3:-}"; failn=$((failn + 1)) ;;
	skip) echo "skip $2: ${3:-}"; skipn=$((skipn + 1)) ;;
	esac
}

# Kernel messages that fail a scenario wherever they appear.
# The debug kernel's checkers (KASAN, lockdep, kmemleak, DMA-API debug,
# debug objects, hung tasks, RCU stalls, VT-d faults) report through these.
BAD='(WARNING:|BUG:|Oops|Call Trace|general protection|kernel panic|Kernel panic|KASAN|UBSAN|possible circular locking|unreferenced object|suspected memory leak|DMA-API|ODEBUG|blocked for more than|detected stall|stalled pool shutdown|DMAR: \[DMA|NETDEV WATCHDOG|Hardware Unit Hang|Reset adapter|Detected Tx Unit Hang|TX queue [0-9]+ hung for|reset failed)'
# Boot-time lines of the debug kernel that match BAD and report nothing.
BENIGN='DMA-API: (preallocated [0-9]+ debug entries|debugging enabled by kernel config)$'
# bad_numbered LOG: those lines of LOG as "N:line"; bad_lines without N
bad_numbered() { tr -d '\r' < "$1" | grep -anE "$BAD" | grep -avE "$BENIGN"; }
bad_lines() { bad_numbered "$1" | cut -d: -f2-; }
# report_excerpt LOG: the first report of LOG, from the console line before
# it up to 40 lines on, as comment lines: CI keeps only what run.sh prints,
# and a one-line reason without its trace (CI's soft lockup in "ip" on
# 2026-12-06) cannot be traced to its cause
report_excerpt() {
	local n
	n=$(bad_numbered "$1" | head -n 1 | cut -d: -f1)
	[ -n "$n" ] || return 0
	echo "# first report, $1 line $n:"
	sed -n "$((n > 1 ? n - 1 : 1)),$((n + 40))p" "$1" | tr -d '\r' | sed 's/^/#   /'
}

# stall_excerpt LOG: the guest's own report of what its tasks were doing
# before the time limit (qemu/guest/lib.sh, stall_report), as comment
# lines: first its task list, then the kernel's SysRq dumps
STALL_SECTION='/^@@STALL guest/,/^@@STALL end/'
stall_excerpt() {
	local sec
	grep -aq '^@@STALL guest' "$1" || return 0
	sec=$(tr -d '\r' < "$1" | sed -n "${STALL_SECTION}p")
	echo "# the guest's tasks before the time limit, $1:"
	echo "$sec" | grep -a '^@@STALL' | head -n 80 | sed 's/^/#   /'
	echo "# and the kernel's dumps (SysRq w, l):"
	echo "$sec" | grep -av '^@@' | head -n 150 | sed 's/^/#   /'
}
# without_stall LOG: LOG without the guest's stall report
without_stall() {
	tr -d '\r' < "$1" | sed "${STALL_SECTION}d"
}

# hang_case NAME LOG: case NAME/tx-hangs from the guest's @@HANGS lines
# (qemu/guest/lib.sh, hang_counters: each PRO/1000 port at the end): the
# driver's hang and reset counts may not exceed the TX stalls the
# scenario caused (debugfs tx_stall lines in LOG), and no TX queue may
# have timed out. No case when no port was left to read.
hang_case() {
	local stalls hangs=0 resets=0 tmo=0 l
	grep -aq '^@@HANGS ' "$2" || return 0
	stalls=$(grep -ac 'debugfs tx_stall: transmitter turned off' "$2")
	while read -r l; do
		l=" $l "
		hangs=$((hangs + $(echo "$l" | sed -n 's/.* tx_hangs=\([0-9]*\) .*/\1/p' | grep . || echo 0)))
		resets=$((resets + $(echo "$l" | sed -n 's/.* resets=\([0-9]*\) .*/\1/p' | grep . || echo 0)))
		tmo=$((tmo + $(echo "$l" | sed -n 's/.* tx_timeouts=\([0-9]*\) .*/\1/p' | grep . || echo 0)))
	done < <(grep -a '^@@HANGS ' "$2" | tr -d '\r')
	if [ "$hangs" -le "$stalls" ] && [ "$resets" -le "$stalls" ] && [ "$tmo" = 0 ]; then
		res ok "$1/tx-hangs"
	else
		res fail "$1/tx-hangs" "tx_hangs $hangs, resets $resets, TX timeouts $tmo for $stalls stalls caused on purpose: $(grep -a '^@@HANGS ' "$2" | tr -d '\r' | cut -c9- | tr '\n' ';')"
	fi
}

run_scenario() {
	local name=$1 nic=$2 variant=$3 script=$4; shift 4
	local out=$BUILD/test/$name envf kv opts=() rc
	rm -rf "$out"; mkdir -p "$out"
	echo "$RUN_ID" > "$out/run-id"
	envf=$out/env
	printf "KSRC=%s\nVARIANT=%s\nQEMU_VERSION=%s\n" "$TREE" "$variant" "$QEMU_VERSION" > "$envf"
	for kv in "$@"; do
		case $kv in
		MODULE=stock) opts+=(--module "$BUILD/stock/e1000e.ko") ;;
		MODULE=ours) opts+=(--module "$BUILD/modules/mod/e1000e/e1000e.ko") ;;
		ROOT=*) opts+=(--root "${kv#ROOT=}") ;;
		MODULE=stock-e1000) opts+=(--module "$BUILD/stock-e1000/e1000.ko") ;;
		NIC2=*) opts+=(--nic2 "${kv#NIC2=}") ;;
		PEER=*) opts+=(--peer "${kv#PEER=}") ;;
		DEFER_MODULES=1) opts+=(--defer-modules) ;;
		MODULE=ours-e1000) opts+=(--module "$BUILD/modules/mod/e1000/e1000.ko") ;;
		MODULE=/*) opts+=(--module "${kv#MODULE=}") ;;	# a module file (dev runs)
		XDP=1) opts+=(--file "$BUILD/xdp:/test/xdp") ;;
		TOOLS=1) opts+=(--file "$BUILD/tools:/test/tools") ;;
		QEMU_OPTS=*) read -r -a q <<<"${kv#QEMU_OPTS=}"; opts+=("${q[@]}") ;;
		esac
		printf "%s=%q\n" "${kv%%=*}" "${kv#*=}" >> "$envf"
	done
	if [ "$nic" = host ]; then
		# NIC "host": tests/host/SCRIPT runs here, no guest, same @@CASE lines
		"$TOP/tests/host/$script" > "$out/console.log" 2>&1
		local hline
		while IFS= read -r hline; do
			set -- $hline
			res "$2" "$name/$3" "$(echo "$hline" | cut -d' ' -f4-)"
		done < <(grep -a '^@@CASE ' "$out/console.log")
		grep -aq '^@@EXIT 0' "$out/console.log" ||
			res fail "$name/host" "tests/host/$script did not finish (log $out/console.log)"
		return
	fi
	[ -f "$(kobj "$variant")/arch/x86/boot/bzImage" ] ||
		{ res fail "$name/boot" "kernel variant $variant not built (make kernel)"; return; }
	local i
	for ((i = 0; i < ${#opts[@]}; i++)); do
		[ "${opts[i]}" = --module ] && [ ! -f "${opts[i + 1]}" ] &&
			{ res fail "$name/boot" "no module ${opts[i + 1]} (make modules)"; return; }
	done
	local want_kc="" same="" known="" adj tmo=${TIMEOUT:-300}
	for kv in "$@"; do
		case $kv in
		TIMEOUT=*) tmo=${kv#TIMEOUT=} ;;
		EXPECT_KCONFIG=*) want_kc=${kv#EXPECT_KCONFIG=} ;;
		SAME_AS=*) same=${kv#SAME_AS=} ;;
		KNOWN=*) known=${kv#KNOWN=} ;;
		esac
	done
	if [ -n "$want_kc" ]; then
		adj=$(kobj "$variant")/kconfig-adjusted
		if [ ! -f "$adj" ]; then
			res fail "$name/kconfig" "no $adj (scripts/kernel.sh $variant)"
		elif [ "$want_kc" = none ]; then
			[ ! -s "$adj" ] && res ok "$name/kconfig" ||
				res fail "$name/kconfig" "Kconfig adjusted the request: $(tr '\n' ';' < "$adj")"
		elif grep -qE "^${want_kc%%=*}=[^ ]* -> ${want_kc} \| merge_config: Value requested for ${want_kc%%=*} not in final \.config$" "$adj"; then
			res ok "$name/kconfig"
		else
			res fail "$name/kconfig" "want ${want_kc%%=*} adjusted to $want_kc with merge_config naming it; got: $(tr '\n' ';' < "$adj")"
		fi
	fi
	"$TOP/qemu/run.sh" --nic "$nic" --kernel "$variant" --out "$out" --timeout "$tmo" \
		--file "$envf:/test/env" "${opts[@]}" "$TOP/tests/guest/$script" >/dev/null 2>&1
	rc=$?
	local log=$out/console.log line kind case reason
	while IFS= read -r line; do
		line=${line%$'\r'}
		set -- $line
		kind=$2 case=$3; shift 3; reason=$*
		res "$kind" "$name/$case" "$reason"
	done < <(grep -a '^@@CASE ' "$log")
	if [ $rc = 124 ] || grep -aq 'terminating on signal 15 from pid [0-9]* (timeout)' "$log"; then
		res fail "$name/guest" "timed out after ${tmo}s (log $log)"
		stall_excerpt "$log"
	elif ! grep -aq '^@@EXIT 0' "$log"; then
		res fail "$name/guest" "guest script did not finish cleanly ($(grep -a '^@@EXIT\|^@@HOST' "$log" | tr -d '\r' | tail -n 1); log $log)"
	fi
	hang_case "$name" "$log"
	# KNOWN=name,...: reports that are not ours (tests/known_reports.py
	# says which and why) are taken out of the log before the scan
	# The guest's stall report (its SysRq dumps print traces) is not a
	# kernel report: a guest that timed out has failed already
	local scan=$log note="" base=$log
	if grep -aq '^@@STALL guest' "$log"; then
		base=$out/console.nostall
		without_stall "$log" > "$base"
		scan=$base
	fi
	if [ -n "$known" ]; then
		scan=$out/console.scanned
		if ! python3 "$TOP/tests/known_reports.py" "$known" "$base" >"$scan" 2>"$out/known.txt"; then
			res fail "$name/kernel-log" "known_reports.py: $(tail -n 1 "$out/known.txt")"
			scan=$base
		elif [ -s "$out/known.txt" ]; then
			note=" (not ours: $(tr '\n' ';' < "$out/known.txt"))"
		fi
	fi
	if bad_lines "$scan" >/dev/null; then
		res fail "$name/kernel-log" "$(bad_lines "$scan" | head -n 2 | tr '\n' ' ')"
		report_excerpt "$scan"
	else
		res ok "$name/kernel-log$note"
	fi
	[ -n "$same" ] && same_as "$name" "$same" "$log"
}

# facts LOG: the guest's "@@FACT KEY VALUE" lines, sorted
facts() { grep -a '^@@FACT ' "$1" 2>/dev/null | tr -d '\r' | cut -d' ' -f2- | sort; }
# SAME_RATE_FACTOR: how much slower than its reference a throughput may
# be, one guest at a time. Faster is no failure: the series' 82544GC ran
# 2.6x stock's rate in one run here (stock's 82544 TSO path); the other
# pairs came within 1.3x of each other. With two guests at a time (-j 2,
# make check) the rates say more about the neighbour than the driver:
# the series' 82540EM ran 3.8x, 5.9x and 7.3x slower than stock beside
# other guests. There the rates are printed, not compared; every run
# still has lib.sh's data floor.
SAME_RATE_FACTOR=3
# same_as NAME OTHER LOG: case NAME/same-as-OTHER. OTHER ran in this
# invocation (its run-id is ours) and reported the same cases with the
# same results, the same facts (offloads, rings, link, which counters
# moved; basic.sh), and no throughput below OTHER's / SAME_RATE_FACTOR
same_as() {
	local ref=$BUILD/test/$2 a b why="" k va vb
	if [ ! -f "$ref/console.log" ] || [ "$(cat "$ref/run-id" 2>/dev/null)" != "$RUN_ID" ]; then
		res fail "$1/same-as-$2" "scenario $2 has not run in this invocation (make test runs it first)"
		return
	fi
	a=$(case_results "$ref/console.log") b=$(case_results "$3")
	[ -n "$b" ] && [ "$a" = "$b" ] ||
		why="results differ: $(diff <(echo "$a") <(echo "$b") | grep '^[<>]' | tr '\n' ' ')"
	a=$(facts "$ref/console.log" | grep -v '^rate-') b=$(facts "$3" | grep -v '^rate-')
	[ -n "$b" ] && [ "$a" = "$b" ] ||
		why="$why${why:+; }facts differ: $(diff <(echo "$a") <(echo "$b") | grep '^[<>]' | head -n 8 | tr '\n' ' ')"
	[ "$njobs" = 1 ] && while read -r k va; do
		vb=$(facts "$3" | sed -n "s/^$k //p")
		if [ -z "$va" ] || [ -z "$vb" ] || [ "$va" = 0 ] || [ "$vb" = 0 ] ||
		   [ $((vb * SAME_RATE_FACTOR)) -lt "$va" ]; then
			why="$why${why:+; }$k ${vb:-none} bit/s, under 1/$SAME_RATE_FACTOR of $2's ${va:-none}"
		fi
	done < <(facts "$ref/console.log" | grep '^rate-')
	if [ -z "$why" ]; then
		res ok "$1/same-as-$2"
		echo "# same-as-$2: $(facts "$3" | grep -c .) facts, rates $(facts "$3" | sed -n 's/^rate-//p' | tr '\n' ' ')against $(facts "$ref/console.log" | sed -n 's/^rate-//p' | tr '\n' ' ')$([ "$njobs" = 1 ] || echo "(not compared: $njobs guests at a time)")"
	else
		res fail "$1/same-as-$2" "$why"
	fi
}

# case_results LOG: "kind case" of every @@CASE line, sorted.
case_results() { grep -a '^@@CASE ' "$1" 2>/dev/null | tr -d '\r' | awk '{print $2, $3}' | sort; }

# timed_scenario NAME ARGS...: run_scenario, then a comment line with its
# wall time and its limit ("# time NAME: S s of LIMIT s"). make check's
# limits are set from these on a cold machine: each scenario's time at
# most a third of its limit (README, Tests).
timed_scenario() {
	local t0=$SECONDS lim=${TIMEOUT:-300} kv
	for kv in "$@"; do
		case $kv in TIMEOUT=*) lim=${kv#TIMEOUT=} ;; esac
	done
	run_scenario "$@"
	[ "$2" = host ] && lim=-
	echo "# time $1: $((SECONDS - t0)) s of $lim s"
}

# one_scenario NAME ARGS...: in parallel runs, the scenario's lines go to
# build/test/NAME.results and print, whole, when it ends
one_scenario() {
	local f=$BUILD/test/$1.results
	if [ "$njobs" = 1 ]; then
		timed_scenario "$@"
		return
	fi
	mkdir -p "$BUILD/test"
	timed_scenario "$@" > "$f" 2>&1
	( flock 9; cat "$f" ) 9>"$BUILD/test/.print.lock"
}

order=()
declare -A pid_of
while read -r name nic variant script rest; do
	case "$name" in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2254
	case "$name" in $pattern) ;; *) continue ;; esac
	tags=$(echo " $rest " | sed -n 's/.* TAGS=\([^ ]*\).*/\1/p')
	[ "$tag" = all ] || case ",$tags," in *",$tag,"*) ;; *) continue ;; esac
	order+=("$name")
	if [ "$njobs" -gt 1 ]; then
		# a SAME_AS scenario waits for its reference only
		same=$(echo " $rest " | sed -n 's/.* SAME_AS=\([^ ]*\) .*/\1/p')
		[ -n "$same" ] && [ -n "${pid_of[$same]:-}" ] &&
			kill -0 "${pid_of[$same]}" 2>/dev/null && wait "${pid_of[$same]}"
		while [ "$(jobs -rp | wc -l)" -ge "$njobs" ]; do wait -n; done
		echo ">> $name"
		# KEY="a b" values in scenarios are quoted shell words
		eval "one_scenario \"\$name\" \"\$nic\" \"\$variant\" \"\$script\" $rest" </dev/null &
		pid_of[$name]=$!
	else
		eval "one_scenario \"\$name\" \"\$nic\" \"\$variant\" \"\$script\" $rest"
	fi
done < "${SCENARIOS:-$TOP/tests/scenarios}"
if [ "$njobs" -gt 1 ]; then
	wait
	for name in "${order[@]}"; do
		pass=$((pass + $(grep -c '^ok ' "$BUILD/test/$name.results")))
		failn=$((failn + $(grep -c '^FAIL ' "$BUILD/test/$name.results")))
		skipn=$((skipn + $(grep -c '^skip ' "$BUILD/test/$name.results")))
	done
fi
line="$pass passed, $failn failed"
[ $skipn -gt 0 ] && line+=", $skipn skipped"
echo "$line"
[ $failn = 0 ] && [ $((pass + skipn)) -gt 0 ]
