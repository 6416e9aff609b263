#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/patches.sh export   git format-patch pristine..e1000e-rework into
#                             build/patches (cover letter from 3 patches on)
# scripts/patches.sh am-check apply that series with git am to a second
#                             pristine unpack (build/am-check) and compare the
#                             result with the branch, tree for tree
set -euo pipefail
. "$(dirname "$0")/common.sh"

export_series() {
	rm -rf "$PATCHDIR"; mkdir -p "$PATCHDIR"
	local n; n=$(git -C "$TREE" rev-list --count "pristine..$BRANCH")
	local cover=(); [ "$n" -ge 3 ] && cover=(--cover-letter)
	if [ "$n" -gt 0 ]; then
		git_id -C "$TREE" format-patch -q "${cover[@]}" --subject-prefix="PATCH net-next" \
			-o "$PATCHDIR" "pristine..$BRANCH"
		if [ "$n" -ge 3 ]; then
			# cover letter text from the repo, so it is never a template
			python3 - "$PATCHDIR"/0000-cover-letter.patch "$TOP/drivers-net-e1000e/COVER_LETTER" <<'PY'
import sys, os
p, src = sys.argv[1], sys.argv[2]
s = open(p).read()
if os.path.exists(src):
    subj, _, body = open(src).read().partition("\n\n")
    s = s.replace("*** SUBJECT HERE ***", subj.strip()).replace("*** BLURB HERE ***", body.strip())
open(p, "w").write(s)
PY
		fi
	fi
	log "exported $n patch(es) to $PATCHDIR"
}

# bisect_build PATCH: after each patch of the series, e1000e and e1000 of
# the am-check tree build as external modules (M=) against the mod
# kernel, warnings as errors, so the series bisects. Each driver has one
# build folder for the whole series, mirrored with mtimes kept, so a
# patch rebuilds only the files it touched (ccache does the rest).
bisect_build() {
	local d obj dst
	obj=$(kobj mod)
	if [ ! -f "$obj/Module.symvers" ]; then
		[ -n "${BISECT_SKIP_SAID:-}" ] ||
			echo "patches: per-patch builds skipped: no kernel in $obj (make kernel first)"
		BISECT_SKIP_SAID=1
		return 0
	fi
	for d in e1000e e1000; do
		dst=$BUILD/bisect/$d
		mkdir -p "$dst"
		(cd "$AMCHECK/drivers/net/ethernet/intel/$d" && find . -type f -print0 |
			cpio -0 -pdmu --quiet "$dst")
		(cd "$dst" && find . -type f \( -name '*.c' -o -name '*.h' \) -print0) |
			while IFS= read -r -d '' f; do
				[ -e "$AMCHECK/drivers/net/ethernet/intel/$d/$f" ] || rm -f "$dst/$f" "$dst/${f%.c}.o"
			done
		make -s -C "$TREE" O="$obj" CC="ccache gcc" HOSTCC="ccache gcc" -j"$JOBS" \
			M="$dst" KCFLAGS=-Werror modules >"$BUILD/bisect/$d.log" 2>&1 ||
			{ cat "$BUILD/bisect/$d.log"; die "$d does not build after $1"; }
	done
	BISECT_BUILT=$((${BISECT_BUILT:-0} + 1))
}

am_check() {
	. "$TOP/scripts/tree.sh" --library
	unpack_pristine "$AMCHECK"
	cd "$AMCHECK"
	git am --abort >/dev/null 2>&1 || true
	git_id checkout -q -f -B am-check pristine
	git clean -q -f -d -x
	# the per-patch builds start from nothing: an unpack keeps the
	# tarball's dates, older than objects a previous run left
	rm -rf "$BUILD/bisect"
	local p n=0
	for p in "$PATCHDIR"/*.patch; do
		[ -e "$p" ] || continue
		case "$(basename "$p")" in 0000-cover-letter.patch) continue ;; esac
		git_id am -q "$p" || { git am --abort; die "git am failed on $(basename "$p")"; }
		n=$((n + 1))
		bisect_build "$(basename "$p")"
	done
	local want got
	want=$(git -C "$TREE" rev-parse "$BRANCH^{tree}")
	got=$(git rev-parse "HEAD^{tree}")
	[ "$want" = "$got" ] || die "series applied ($n patches) but the tree differs from $BRANCH"
	echo "patches: $n patch(es) applied with git am to a pristine unpack; tree identical to $BRANCH ($got)"
	[ -z "${BISECT_BUILT:-}" ] ||
		echo "patches: e1000e and e1000 built after each of the $BISECT_BUILT patches (-Werror)"
}

case "${1:-}" in
export) export_series ;;
am-check) am_check ;;
*) die "usage: $0 export|am-check" ;;
esac
