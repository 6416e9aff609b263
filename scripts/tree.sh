#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make tree: unpack Debian's linux-source-6.12 once per package version into
# build/linux as a git repository whose first commit (tag "pristine") is the
# unpacked tree, then regenerate branch e1000e-rework from that commit with
# the project's changes as separate commits:
#   1. the e1000e rewrite (drivers-net-e1000e/, if it holds a driver),
#   2. the e1000 series and Kconfig changes (drivers-net-e1000/series).
# Every run starts again from "pristine": nothing of an earlier run survives.
set -euo pipefail
. "$(dirname "$0")/common.sh"

# unpack_pristine DIR: DIR becomes a git repo holding the tarball's tree as
# its only commit, tagged "pristine", reused while the package version holds.
unpack_pristine() {
	local dir=$1 ver
	ver=$(pkg_version)
	if [ -f "$dir/.git/pristine-version" ] &&
	   [ "$(cat "$dir/.git/pristine-version")" = "$ver" ] &&
	   git -C "$dir" rev-parse -q --verify pristine >/dev/null; then
		return 0
	fi
	log "unpacking linux-source-6.12 $ver into $dir"
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	tar -xf "$SRC_TARBALL" -C "$dir.tmp" --strip-components=1
	cd "$dir.tmp"
	# Debian's packaging appends a block ignoring every top-level entry;
	# without dropping it the tree would not behave as a kernel checkout
	# (git status/add would see nothing). It is the only change made.
	python3 - <<'PY'
import re
p = ".gitignore"
s = open(p).read()
i = s.find("#\n# Debian packaging:")
if i < 0:
    raise SystemExit("Debian block not found in .gitignore")
open(p, "w").write(s[:i].rstrip("\n") + "\n")
PY
	git init -q -b pristine-base
	git_id add -A .
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git_id commit -q -m "Linux $ver (Debian linux-source-6.12, pristine)

Unpacked from $SRC_TARBALL. Debian's top-level ignore-everything block
in .gitignore is dropped so that the tree behaves as a kernel checkout."
	git tag pristine
	echo "$ver" > .git/pristine-version
	cd - >/dev/null
	mv "$dir.tmp" "$dir"
}

# commit_e1000e: replace drivers/net/ethernet/intel/e1000e with our driver.
commit_e1000e() {
	local src=$TOP/drivers-net-e1000e dst=drivers/net/ethernet/intel/e1000e
	[ -f "$src/Makefile" ] || { log "drivers-net-e1000e holds no driver yet: no e1000e commit"; return 0; }
	[ -f "$src/COMMIT_MSG" ] || die "drivers-net-e1000e/COMMIT_MSG missing"
	git rm -q -r "$dst"
	mkdir -p "$dst"
	# the files git sees (tracked, or new and not ignored): build products
	# of an M= build in this folder stay out
	(cd "$src" && git ls-files -z --cached --others --exclude-standard . |
		grep -zv -e '^COMMIT_MSG$' -e '^COVER_LETTER$' |
		while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
		cpio -0 -pdm --quiet "$TREE/$dst")
	git add -A "$dst"
	git_id commit -q -F "$src/COMMIT_MSG"
}

# apply_series DIR: git am every patch named in DIR/series, in order.
apply_series() {
	local dir=$1 p
	[ -f "$dir/series" ] || { log "$dir has no series file: nothing to apply"; return 0; }
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		[ -f "$dir/$p" ] || die "$dir/series names missing patch $p"
		git_id am -q --keep-cr "$dir/$p" || { git am --abort || true; die "patch $p does not apply"; }
	done < "$dir/series"
}

[ "${1:-}" = --library ] && return 0

unpack_pristine "$TREE"
cd "$TREE"
git am --abort >/dev/null 2>&1 || true
git_id checkout -q -f -B "$BRANCH" pristine
git clean -q -f -d -x
commit_e1000e
apply_series "$TOP/drivers-net-e1000"
n=$(git rev-list --count pristine..HEAD)
log "branch $BRANCH: $n commit(s) on pristine $(git rev-parse --short pristine)"
git log --oneline pristine..HEAD >&2 || true
