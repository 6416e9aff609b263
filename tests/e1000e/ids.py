#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare the new driver's device ID tables with the pristine tree's.

Checks that e1000e_all_ids lists exactly upstream's 115 IDs with the same
family, and prints the coverage of the claimed table (e1000e_pci_tbl) and
the missing IDs by family. Exit 1 on any mismatch.
"""
import re
import sys

tree = sys.argv[1] if len(sys.argv) > 1 else '/work/main/build/linux'
drv = sys.argv[2] if len(sys.argv) > 2 else 'drivers-net-e1000e'
up = tree + '/drivers/net/ethernet/intel/e1000e/'

hw = open(up + 'hw.h').read()
names = {n: int(v, 16) for n, v in
         re.findall(r'#define\s+(E1000_DEV_ID_\w+)\s+(0x[0-9A-Fa-f]+)', hw)}
nd = open(up + 'netdev.c').read()
tbl = nd[nd.index('e1000_pci_tbl[]'):]
tbl = tbl[:tbl.index('};')]
upstream = {names[n]: b for n, b in
            re.findall(r'PCI_VDEVICE\(INTEL,\s*(E1000_DEV_ID_\w+)\),\s*board_(\w+)', tbl)}

fam = {'82571': '82571', '82572': '82572', '82573': '82573', '82574': '82574',
       '82583': '82583', '80003es2lan': '80003ES2LAN', 'ich8lan': 'ICH8',
       'ich9lan': 'ICH9', 'ich10lan': 'ICH10', 'pchlan': 'PCH',
       'pch2lan': 'PCH2', 'pch_lpt': 'PCH_LPT', 'pch_spt': 'PCH_SPT',
       'pch_cnp': 'PCH_CNP', 'pch_tgp': 'PCH_TGP', 'pch_adp': 'PCH_ADP',
       'pch_mtp': 'PCH_MTP'}

ours_src = open(drv + '/e1000e_ids.c').read()
ours = {int(d, 16): m for d, m in re.findall(r'ID\((0x[0-9a-f]+), (\w+),', ours_src)}
claimed_src = ours_src[ours_src.index('e1000e_pci_tbl[]'):]
claimed = {int(d, 16): m for d, m in
           re.findall(r'PCI_VDEVICE\(INTEL, (0x[0-9a-f]+)\), E1000E_MAC_(\w+)', claimed_src)}

rc = 0
if len(upstream) != 115:
    print('FAIL upstream table has %d IDs, expected 115' % len(upstream))
    rc = 1
for d, b in sorted(upstream.items()):
    if ours.get(d) != fam[b]:
        print('FAIL id 0x%04x: upstream %s, ours %s' % (d, b, ours.get(d)))
        rc = 1
for d in sorted(set(ours) - set(upstream)):
    print('FAIL id 0x%04x in our table, not upstream' % d)
    rc = 1
for d, m in sorted(claimed.items()):
    if ours.get(d) != m:
        print('FAIL claimed 0x%04x as %s, table says %s' % (d, m, ours.get(d)))
        rc = 1
if rc == 0:
    print('ok ids-table-matches-upstream (%d IDs)' % len(upstream))
print('coverage: %d/%d IDs claimed' % (len(claimed), len(upstream)))
missing = {}
for d, b in sorted(upstream.items()):
    if d not in claimed:
        missing.setdefault(fam[b], []).append('%04x' % d)
for f, ids in missing.items():
    print('missing %s (%d): %s' % (f, len(ids), ' '.join(ids)))
sys.exit(rc)
