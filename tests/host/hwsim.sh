#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host-side check: the 82574/82583 family code of our e1000e built as a
# userspace program against a register model (tests/hwsim); each of its
# ok/FAIL lines becomes a case.
. "$(dirname "$0")/../../scripts/common.sh"
out=$(make -s -C "$TOP/tests/hwsim" OUT="$BUILD/hwsim" check 2>&1)
rc=$?
echo "$out"
echo "$out" | sed -n 's/^ok [0-9]* \([^ ]*\).*/@@CASE ok hwsim-\1/p; s/^not ok [0-9]* \([^ ]*\) *\(.*\)/@@CASE fail hwsim-\1 \2/p; s/^FAIL \([^ :]*\):\{0,1\} *\(.*\)/@@CASE fail hwsim-\1 \2/p'
[ $rc = 0 ] || echo "@@CASE fail hwsim-run make check exited $rc"
echo "@@EXIT 0"
