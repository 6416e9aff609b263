# SPDX-License-Identifier: GPL-2.0
# Hot-unplug of an 82574L that no driver was ever bound to, on the debug
# kernel: shows that the lockdep report pciehp gives on unplug (known
# report pciehp-unplug, tests/known_reports.py) comes from the PCI
# hotplug core and not from e1000e. When a kernel stops giving it, the
# case below fails, and the KNOWN= allowance of the stress scenarios can
# go. Sourced after lib.sh; the scenario boots with --no-autoload.
pci=$(functions 10d3 | head -n 1)
pci=${pci:+/sys/bus/pci/devices/$pci}
if [ -z "$pci" ]; then
	fail unplug-nodriver "no 82574L found"
elif [ -e "$pci/driver" ]; then
	fail unplug-nodriver "$(basename "$(readlink "$pci/driver")") is bound to $pci"
else
	monitor device_del nic0
	if wait_for 20 sh -c "! [ -e $pci ]"; then
		ok unplug-nodriver
	else
		fail unplug-nodriver "$pci still there 20 s after device_del"
	fi
	sleep 2
	if dmesg | grep -q "possible circular locking dependency detected" &&
	   dmesg | grep -q "(&ctrl->reset_lock).*pciehp_unconfigure_device"; then
		ok pciehp-report-without-driver
	else
		fail pciehp-report-without-driver "no pciehp lockdep report: drop KNOWN=pciehp-unplug from the stress scenarios"
	fi
fi
