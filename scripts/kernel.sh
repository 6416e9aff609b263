#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make kernel: configure and build one guest kernel variant out of tree,
#   scripts/kernel.sh VARIANT [config]
# tinyconfig + qemu/guest.config + Kconfig.fragment + qemu/variants/VARIANT.config
# are merged by scripts/kconfig/merge_config.sh; any requested line missing
# from the final .config stops the build, naming the option. bzImage and
# modules are built with ccache into build/kernel-VARIANT and the modules
# installed into build/kernel-VARIANT/modroot for the guest image.
#
# Report mode, for configurations Kconfig is expected to adjust: a variant
# file holding the line "# kernel.sh: report-adjusted" may have its own
# requested lines changed by Kconfig. Each such change is printed and
# written to build/kernel-VARIANT/kconfig-adjusted as
#   CONFIG_X=requested -> CONFIG_X=final | merge_config: <its message>
# (merge_config.sh is run once more, with make, to capture its own
# "Value requested for CONFIG_X not in final .config" line), and the build
# goes on with the adjusted configuration. The tests compare that file with
# the outcome they expect. Lines from the other fragments stay fatal.
# kconfig-adjusted is written, empty when nothing changed, for every variant.
# A "# CONFIG_X is not set" line requests n, like CONFIG_X=n.
set -euo pipefail
. "$(dirname "$0")/common.sh"

variant=${1:?variant}
what=${2:-build}
obj=$(kobj "$variant")
cfg=$BUILD/kconfig-scratch/$variant
frags=("$TOP/qemu/guest.config" "$TOP/Kconfig.fragment" "$TOP/qemu/variants/$variant.config")
for f in "${frags[@]}"; do [ -f "$f" ] || die "missing config fragment $f"; done
[ -d "$TREE/.git" ] || die "no tree: run make tree"

export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=e1000e KBUILD_BUILD_HOST=rework
kmake() { local o=$1; shift; make -s -C "$TREE" O="$o" CC="ccache gcc" HOSTCC="ccache gcc" -j"$JOBS" "$@"; }

# A variant file may name a built variant to start from ("# kernel.sh:
# seed VARIANT"): a new build folder is then a copy of that one, and kbuild's
# per-option dependencies rebuild only what the configurations' difference
# touches (for the matrix cells: e1000, e1000e and the link) instead of every
# object. Each variant still has its own O= folder.
seed=$(sed -n 's/^# kernel.sh: seed \([A-Za-z0-9_-]*\)$/\1/p' "${frags[2]}")
if [ -n "$seed" ] && [ ! -f "$obj/.config" ] && [ -f "$(kobj "$seed")/vmlinux" ]; then
	log "variant $variant: new build folder seeded from $(kobj "$seed")"
	rm -rf "$obj"
	cp -a --reflink=auto "$(kobj "$seed")" "$obj"
	rm -rf "$obj/modroot" "$obj/kconfig-adjusted"
fi

# Configure in a scratch folder; copy into the build folder only when the
# result differs, so an unchanged variant rebuilds nothing.
mkdir -p "$cfg" "$obj"
kmake "$cfg" tinyconfig >/dev/null
(cd "$cfg" && "$TREE/scripts/kconfig/merge_config.sh" -m -O "$cfg" "$cfg/.config" "${frags[@]}") \
	>"$cfg/merge.log" 2>&1 || { cat "$cfg/merge.log"; die "merge_config.sh failed"; }
kmake "$cfg" olddefconfig >"$cfg/olddefconfig.log" 2>&1 || { cat "$cfg/olddefconfig.log"; die "olddefconfig failed"; }

# requested FRAGMENT...: the CONFIG_ lines of the fragments, "# CONFIG_X is
# not set" as CONFIG_X=n, last one winning, in order of first mention.
requested() {
	cat "$@" | sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)$/\1/p' \
		-e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/p' |
	  awk -F= '{v[$1]=$0; if (!($1 in o)) { o[$1]=n++ ; k[n-1]=$1 } } END { for (i=0;i<n;i++) print v[k[i]] }'
}
# final SYM: the symbol's line in the final .config, or "absent".
final() { grep -E "^$1=|^# $1 is not set" "$cfg/.config" || echo "absent"; }

report=0
grep -qx '# kernel.sh: report-adjusted' "${frags[2]}" && report=1
own=" $(requested "${frags[2]}" | sed 's/=.*//' | tr '\n' ' ') "

# Every requested line, last one winning, must be in the final .config
# (in report mode the variant's own lines may be adjusted: see above).
missing=0 adjusted=()
while IFS= read -r line; do
	sym=${line%%=*} ok=1
	if [ "${line#*=}" = n ]; then
		grep -qx "# $sym is not set" "$cfg/.config" || grep -qx "$sym=n" "$cfg/.config" ||
			! grep -q "^$sym=" "$cfg/.config" || ok=0
	elif ! grep -qxF "$line" "$cfg/.config"; then
		ok=0
	fi
	[ $ok = 1 ] && continue
	if [ $report = 1 ] && [[ $own == *" $sym "* ]]; then
		adjusted+=("$line -> $(final "$sym")")
		echo "config: $line requested, Kconfig adjusted it to $(final "$sym") (report mode)" >&2
	else
		echo "config: $line requested but final .config has: $(final "$sym")" >&2
		missing=1
	fi
done < <(requested "${frags[@]}")
[ $missing = 0 ] || die "variant $variant: requested options did not survive (see above; check dependencies in $cfg/merge.log)"

# Report mode: let merge_config.sh run make itself once, so that what it
# says about each adjusted option is on record next to the adjustment.
: > "$cfg/kconfig-adjusted"
if [ ${#adjusted[@]} -gt 0 ]; then
	mc=$BUILD/kconfig-scratch/$variant-merge_config
	rm -rf "$mc"; mkdir -p "$mc"
	kmake "$mc" tinyconfig >/dev/null
	(cd "$mc" && "$TREE/scripts/kconfig/merge_config.sh" -O "$mc" "$mc/.config" "${frags[@]}") \
		>"$mc/merge.log" 2>&1 || { cat "$mc/merge.log"; die "merge_config.sh (with make) failed"; }
	for a in "${adjusted[@]}"; do
		sym=${a%%=*}
		msg=$(grep -x "Value requested for $sym not in final .config" "$mc/merge.log" || echo "no message")
		echo "$a | merge_config: $msg" >> "$cfg/kconfig-adjusted"
		echo "config: merge_config.sh on $sym: $msg" >&2
	done
fi
cmp -s "$cfg/.config" "$obj/.config" || cp "$cfg/.config" "$obj/.config"
cp "$cfg/kconfig-adjusted" "$obj/kconfig-adjusted"
[ "$what" = config ] && { log "variant $variant configured in $obj"; exit 0; }

log "building variant $variant in $obj"
kmake "$obj" olddefconfig >/dev/null
kmake "$obj" bzImage modules
rm -rf "$obj/modroot"
kmake "$obj" modules_install INSTALL_MOD_PATH="$obj/modroot" INSTALL_MOD_STRIP=1 >/dev/null
log "variant $variant: $(ls -1 "$obj/arch/x86/boot/bzImage") and $(find "$obj/modroot" -name '*.ko' | wc -l) modules"
