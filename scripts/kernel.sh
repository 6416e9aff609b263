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

# Configure in a scratch folder; copy into the build folder only when the
# result differs, so an unchanged variant rebuilds nothing.
mkdir -p "$cfg" "$obj"
kmake "$cfg" tinyconfig >/dev/null
(cd "$cfg" && "$TREE/scripts/kconfig/merge_config.sh" -m -O "$cfg" "$cfg/.config" "${frags[@]}") \
	>"$cfg/merge.log" 2>&1 || { cat "$cfg/merge.log"; die "merge_config.sh failed"; }
kmake "$cfg" olddefconfig >"$cfg/olddefconfig.log" 2>&1 || { cat "$cfg/olddefconfig.log"; die "olddefconfig failed"; }

# Every requested line, last one winning, must be in the final .config.
missing=0
while IFS= read -r line; do
	sym=${line%%=*}
	if [ "${line#*=}" = n ]; then
		grep -qx "# $sym is not set" "$cfg/.config" || grep -qx "$sym=n" "$cfg/.config" ||
			! grep -q "^$sym=" "$cfg/.config" || { echo "config: $line requested, got $(grep "^$sym=" "$cfg/.config")" >&2; missing=1; }
	elif ! grep -qxF "$line" "$cfg/.config"; then
		got=$(grep -E "^$sym=|^# $sym is not set" "$cfg/.config" || echo "absent")
		echo "config: $line requested but final .config has: $got" >&2
		missing=1
	fi
done < <(cat "${frags[@]}" | sed -n 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)$/\1/p' |
	  awk -F= '{v[$1]=$0; if (!($1 in o)) { o[$1]=n++ ; k[n-1]=$1 } } END { for (i=0;i<n;i++) print v[k[i]] }')
[ $missing = 0 ] || die "variant $variant: requested options did not survive (see above; check dependencies in $cfg/merge.log)"
cmp -s "$cfg/.config" "$obj/.config" || cp "$cfg/.config" "$obj/.config"
[ "$what" = config ] && { log "variant $variant configured in $obj"; exit 0; }

log "building variant $variant in $obj"
kmake "$obj" olddefconfig >/dev/null
kmake "$obj" bzImage modules
rm -rf "$obj/modroot"
kmake "$obj" modules_install INSTALL_MOD_PATH="$obj/modroot" INSTALL_MOD_STRIP=1 >/dev/null
log "variant $variant: $(ls -1 "$obj/arch/x86/boot/bzImage") and $(find "$obj/modroot" -name '*.ko' | wc -l) modules"
