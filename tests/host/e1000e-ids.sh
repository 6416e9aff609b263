#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host-side check: our e1000e's ID tables against the pristine tree's
# e1000_pci_tbl (tests/e1000e/ids.py); prints the coverage line.
. "$(dirname "$0")/../../scripts/common.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
git -C "$TREE" archive pristine drivers/net/ethernet/intel/e1000e | tar -x -C "$tmp"
if out=$(/usr/bin/python3 "$TOP/tests/e1000e/ids.py" "$tmp" "$TOP/drivers-net-e1000e" 2>&1); then
	echo "$out"
	echo "@@CASE ok id-table"
else
	echo "$out"
	echo "@@CASE fail id-table $(echo "$out" | tail -n 2 | tr '\n' ' ')"
fi
echo "$out" | grep -i 'coverage\|claimed' | head -n 3 | sed 's/^/@@INFO /'
# the PCI/PCI-X IDs e1000e names at boot when e1000 is not built in must be
# exactly the IDs of e1000's table
ids() { grep -o '0x[0-9A-Fa-f]\{4\}' | tr a-f A-F | sort -u; }
ours=$(sed -n '/e1000e_pci_x_ids\[\] __initconst = {/,/^};/p' "$TOP/drivers-net-e1000e/e1000e_ids.c" | ids)
theirs=$(git -C "$TREE" show pristine:drivers/net/ethernet/intel/e1000/e1000_main.c |
	sed -n '/e1000_pci_tbl\[\] = {/,/^};/p' | grep -o 'DEVICE(0x[0-9A-Fa-f]\{4\})' | ids)
n=$(echo "$theirs" | grep -c .)
if [ "$n" -gt 30 ] && [ "$ours" = "$theirs" ]; then
	echo "@@CASE ok pci-x-ids"
else
	echo "@@CASE fail pci-x-ids e1000e lists $(echo "$ours" | grep -c .), e1000's table has $n: $(diff <(echo "$ours") <(echo "$theirs") | grep '^[<>]' | tr '\n' ' ')"
fi
echo "@@EXIT 0"
