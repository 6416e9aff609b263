#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/style.sh sparse      sparse (C=2) and W=1 over the branch's e1000e
#                              and e1000, built as external modules against
#                              the mod kernel in build/check/
# scripts/style.sh checkpatch  checkpatch.pl with netdev CI's flags over every
#                              exported patch, and kernel-doc -Wall -none
#                              over our driver's files
# Each prints a count and fails on any error, warning or check.
set -euo pipefail
. "$(dirname "$0")/common.sh"

intel=drivers/net/ethernet/intel
obj=$(kobj mod)

sparse() {
	[ -f "$obj/Module.symvers" ] || die "kernel variant mod not built (make kernel)"
	local total=0 d n logf
	for d in e1000e e1000; do
		rm -rf "$BUILD/check/$d"; mkdir -p "$BUILD/check/$d"
		git -C "$TREE" archive "$BRANCH" "$intel/$d" | tar -x -C "$BUILD/check/$d" --strip-components=5
		logf=$BUILD/check/$d.log
		# no ccache: the warnings are the product here
		make -C "$TREE" O="$obj" -j"$JOBS" M="$BUILD/check/$d" C=2 W=1 modules >"$logf" 2>&1 ||
			{ cat "$logf"; die "$d: build failed"; }
		n=$(grep -cE '(warning|error):' "$logf" || true)
		grep -E '(warning|error):' "$logf" | sed "s#$BUILD/check/#$intel/#" || true
		echo "sparse+W=1 $d: $n warning(s)/error(s)"
		total=$((total + n))
	done
	echo "sparse+W=1: $total in total"
	[ $total = 0 ]
}

# checkpatch looks for /usr/share/codespell/dictionary.txt; Debian 12's
# codespell keeps it under the Python package: without the real file
# --codespell checks nothing and says so on every patch.
CODESPELL_FILE=
find_codespell() {
	local f
	for f in /usr/share/codespell/dictionary.txt /usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt; do
		[ -f "$f" ] && { CODESPELL_FILE=$f; return 0; }
	done
	die "no codespell dictionary (make deps installs codespell)"
}

CP_IGNORE=COMMIT_LOG_LONG_LINE,MACRO_ARG_REUSE,ALLOC_SIZEOF_STRUCT,NO_AUTHOR_SIGN_OFF,GIT_COMMIT_ID,CAMELCASE,FILE_PATH_CHANGES,BAD_REPORTED_BY_LINK

checkpatch() {
	local p n=0 bad=0 s e=0 w=0 c=0 kd=0 f files
	find_codespell
	for p in "$PATCHDIR"/*.patch; do
		[ -e "$p" ] || continue
		case "$(basename "$p")" in 0000-cover-letter.patch) continue ;; esac
		n=$((n + 1))
		s=$("$TREE/scripts/checkpatch.pl" --no-tree --strict --codespell ${CODESPELL_FILE:+--codespellfile "$CODESPELL_FILE"} --max-line-length=80 \
			--ignore "$CP_IGNORE" --showfile -q "$p" 2>&1 || true)
		if [ -n "$s" ]; then echo "$s"; bad=$((bad + 1)); fi
		e=$((e + $(echo "$s" | grep -cE '(^|: )ERROR:' || true)))
		w=$((w + $(echo "$s" | grep -cE '(^|: )WARNING:' || true)))
		c=$((c + $(echo "$s" | grep -cE '(^|: )CHECK:' || true)))
	done
	echo "checkpatch: $n patch(es): $e error(s), $w warning(s), $c check(s)"
	# kernel-doc over our files as they are in the branch. A file that
	# exists in pristine (e1000's, which the series edits) counts only the
	# warnings it did not have there, as netdev CI does ("no new warnings").
	files=$(cd "$TREE" && git diff --name-only --diff-filter=AM pristine "$BRANCH" -- "$intel" | grep -E '\.[ch]$' || true)
	local kdtmp; kdtmp=$(mktemp -d)
	for f in $files; do
		(cd "$TREE" && git show "$BRANCH:$f" > "$kdtmp/new" &&
			scripts/kernel-doc -Wall -none "$kdtmp/new" 2>&1 | sed 's/^[^ ]*:[0-9]*: //' | sort > "$kdtmp/new.w" || true)
		if (cd "$TREE" && git cat-file -e "pristine:$f" 2>/dev/null); then
			(cd "$TREE" && git show "pristine:$f" > "$kdtmp/old" &&
				scripts/kernel-doc -Wall -none "$kdtmp/old" 2>&1 | sed 's/^[^ ]*:[0-9]*: //' | sort > "$kdtmp/old.w" || true)
		else
			: > "$kdtmp/old.w"
		fi
		s=$(comm -13 "$kdtmp/old.w" "$kdtmp/new.w" | sed "s#^#$f: #")
		[ -n "$s" ] && echo "$s" && kd=$((kd + $(echo "$s" | grep -c . )))
	done
	rm -rf "$kdtmp"
	echo "kernel-doc: $(echo $files | wc -w) file(s): $kd new warning(s)"
	[ $((e + w + c + kd + bad)) = 0 ]
}

case "${1:-}" in
sparse) sparse ;;
checkpatch) checkpatch ;;
*) die "usage: $0 sparse|checkpatch" ;;
esac
