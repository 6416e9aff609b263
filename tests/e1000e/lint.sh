#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# checkpatch --strict and kernel-doc over the new driver; prints one line
# per file and exits non-zero if any file is not clean.
TREE=${TREE:-/work/main/build/linux}
DIR=${1:-$(dirname "$0")/../../drivers-net-e1000e}
rc=0
CODESPELLFILE=${CODESPELLFILE:-$(ls /usr/share/codespell/dictionary.txt /usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt 2>/dev/null | head -n 1)}
for f in "$DIR"/*.c "$DIR"/*.h "$DIR"/Makefile; do
	case "$f" in *.mod.c) continue ;; esac
	out=$("$TREE/scripts/checkpatch.pl" --no-tree --strict --codespell \
		${CODESPELLFILE:+--codespellfile $CODESPELLFILE} \
		--max-line-length=80 --ignore COMMIT_LOG_LONG_LINE,MACRO_ARG_REUSE,ALLOC_SIZEOF_STRUCT,NO_AUTHOR_SIGN_OFF,GIT_COMMIT_ID,CAMELCASE,FILE_PATH_CHANGES,BAD_REPORTED_BY_LINK \
		-f "$f" 2>&1)
	tot=$(echo "$out" | sed -n 's/^total: //p')
	case "$tot" in
	"0 errors, 0 warnings, 0 checks"*) ;;
	*) echo "$out" | grep -E "^(WARNING|ERROR|CHECK)" -A1; rc=1 ;;
	esac
	case "$f" in
	*.c|*.h)
		kd=$("$TREE/scripts/kernel-doc" -Wall -none "$f" 2>&1)
		[ -n "$kd" ] && { echo "$kd"; rc=1; } ;;
	esac
	echo "$(basename "$f"): $tot"
done
exit $rc
