#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host-side check (tests/scenarios, NIC column "host"): the PCI ID lists the
# e1000 series relies on, read from the tree (build/linux):
# - pcie-ids: the PCIe PRO/1000 IDs e1000 names at boot (e1000_pcie_ids in
#   the branch's e1000_main.c) are exactly the IDs of the stock e1000e table;
# - no-overlap: e1000's own table (branch) shares no ID with that list;
# - table-kept: e1000's table is the stock one (the audit removed nothing).
# Prints @@CASE lines like a guest.
. "$(dirname "$0")/../../scripts/common.sh"
intel=drivers/net/ethernet/intel
ids() { grep -o '0x[0-9A-Fa-f]\{4\}' | tr a-f A-F | sort -u; }
branch_main=$(git -C "$TREE" show "$BRANCH:$intel/e1000/e1000_main.c")
pristine_main=$(git -C "$TREE" show "pristine:$intel/e1000/e1000_main.c")
ours=$(echo "$branch_main" | sed -n '/e1000_pcie_ids\[\] __initconst = {/,/^};/p' | ids)
# e1000e: the E1000_DEV_ID_ names of its table, resolved through hw.h
e1000e_hw=$(git -C "$TREE" show "pristine:$intel/e1000e/hw.h")
theirs=$(git -C "$TREE" show "pristine:$intel/e1000e/netdev.c" |
	sed -n '/e1000_pci_tbl\[\] = {/,/^};/p' | grep -o 'E1000_DEV_ID_[A-Z0-9_]*' | sort -u |
	while read -r s; do echo "$e1000e_hw" | awk -v s="$s" '$1 == "#define" && $2 == s { print $3 }'; done | ids)
table() { sed -n '/e1000_pci_tbl\[\] = {/,/^};/p' | grep -o 'DEVICE(0x[0-9A-Fa-f]\{4\})' | ids; }
e1000_now=$(echo "$branch_main" | table)
e1000_stock=$(echo "$pristine_main" | table)

n_ours=$(echo "$ours" | grep -c .) n_theirs=$(echo "$theirs" | grep -c .)
if [ "$n_theirs" -gt 100 ] && [ "$ours" = "$theirs" ]; then
	echo "@@CASE ok pcie-ids"
else
	echo "@@CASE fail pcie-ids e1000 lists $n_ours, e1000e's table has $n_theirs: $(diff <(echo "$ours") <(echo "$theirs") | grep '^[<>]' | tr '\n' ' ')"
fi
common=$(comm -12 <(echo "$e1000_now") <(echo "$theirs") | tr '\n' ' ')
if [ -n "$e1000_now" ] && [ -z "$common" ]; then
	echo "@@CASE ok no-overlap"
else
	echo "@@CASE fail no-overlap e1000 table ($(echo "$e1000_now" | grep -c .) IDs) shares: ${common:-its table is empty}"
fi
if [ -n "$e1000_now" ] && [ "$e1000_now" = "$e1000_stock" ]; then
	echo "@@CASE ok table-kept"
else
	echo "@@CASE fail table-kept e1000 table differs from stock: $(diff <(echo "$e1000_stock") <(echo "$e1000_now") | grep '^[<>]' | tr '\n' ' ')"
fi
echo "@@EXIT 0"
