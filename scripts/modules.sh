#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make modules: rebuild only the PRO/1000 driver modules, as external
# modules (M=) against the built kernel of a variant, in seconds:
#   scripts/modules.sh [VARIANT]        (default mod)
# - the branch's e1000e and e1000 (build/linux, branch e1000e-rework) into
#   build/modules/VARIANT/{e1000e,e1000}; the resulting .ko replace the ones
#   in build/kernel-VARIANT/modroot that guests load;
# - stock e1000e from the pristine commit into build/stock/e1000e.ko, the
#   benchmark's baseline, built against the same kernel.
# Extra make arguments come from $KMAKE_ARGS (e.g. "W=1 C=2").
set -euo pipefail
. "$(dirname "$0")/common.sh"

variant=${1:-mod}
obj=$(kobj "$variant")
[ -f "$obj/Module.symvers" ] || die "variant $variant not built (make kernel)"
intel=drivers/net/ethernet/intel

# sync SRC DST: mirror a source folder keeping mtimes, so make stays incremental.
sync_dir() {
	mkdir -p "$2"
	(cd "$1" && find . -type f ! -name '*.o' ! -name '*.ko' ! -name '.*.cmd' -print0 |
		cpio -0 -pdmu --quiet "$2")
	# drop sources deleted upstream of the mirror
	(cd "$2" && find . -type f \( -name '*.c' -o -name '*.h' -o -name Makefile -o -name Kconfig \) -print0) |
		while IFS= read -r -d '' f; do [ -e "$1/$f" ] || rm -f "$2/$f" "$2/${f%.c}.o"; done
}
build_ext() { # build_ext DIR: make M=DIR against the variant's kernel
	make -s -C "$TREE" O="$obj" CC="ccache gcc" HOSTCC="ccache gcc" -j"$JOBS" M="$1" ${KMAKE_ARGS:-} modules
}

for d in e1000e e1000; do
	grep -q "^CONFIG_$(echo $d | tr a-z A-Z)=m" "$obj/.config" || continue
	dst=$BUILD/modules/$variant/$d
	sync_dir "$TREE/$intel/$d" "$dst"
	build_ext "$dst"
	inst=$(find "$obj/modroot" -path "*/$intel/$d/$d.ko")
	[ -n "$inst" ] && cp "$dst/$d.ko" "$inst"
	echo "$dst/$d.ko"
done

stock=$BUILD/stock
if [ ! -f "$stock/e1000e.ko" ] || [ "$(cat "$stock/.built-for" 2>/dev/null)" != "$(stat -c %Y "$obj/Module.symvers")" ]; then
	rm -rf "$stock"; mkdir -p "$stock"
	git -C "$TREE" archive pristine "$intel/e1000e" | tar -x -C "$stock" --strip-components=5
	build_ext "$stock"
	stat -c %Y "$obj/Module.symvers" > "$stock/.built-for"
fi
echo "$stock/e1000e.ko"
