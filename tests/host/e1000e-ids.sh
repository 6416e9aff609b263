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
echo "@@EXIT 0"
