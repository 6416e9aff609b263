#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Drop known kernel reports that are not ours from a guest console log.

Usage: known_reports.py NAME[,NAME...] LOG
Prints LOG without the reports named (whole report: from its WARNING line
to the end of its backtrace) and, on stderr, one line per report dropped.
tests/run.sh greps what is left for checker reports; a scenario names the
reports it may show with KNOWN=. An unknown NAME is an error.

Known reports, each with the reason it is not the driver's:

pciehp-unplug
    lockdep "possible circular locking dependency" in the PCIe hotplug
    driver on every surprise-free hot-unplug in Debian's 6.12:
    pciehp_unconfigure_device() takes pci_rescan_remove_lock while the
    pciehp IRQ thread holds ctrl->reset_lock for read, drops reset_lock
    around the device removal and takes it again under
    pci_rescan_remove_lock. It is reported with no NIC driver bound at
    all (device_del of an 82574L whose driver was never loaded, on the
    debug kernel), so it belongs to drivers/pci/hotplug, not to e1000e.
    Lockdep turns itself off after its first report, so scenarios that
    allow it run their unplug phase last.
"""
import sys


# a line of some other report printed into the middle of this one
FOREIGN = ("BUG:", "KASAN", "UBSAN", "Oops", "general protection",
           "unreferenced object", "DMA-API", "ODEBUG", "DMAR:", "Kernel panic")


def pciehp_unplug(block):
    text = "\n".join(block)
    if any(m in text for m in FOREIGN) or text.count("WARNING:") != 1 \
            or text.count("Call Trace") != 1:
        return False
    return ("possible circular locking dependency detected" in block[0]
            and "-pciehp/" in text
            and "(&ctrl->reset_lock)" in text
            and "pciehp_unconfigure_device" in text
            and "(pci_rescan_remove_lock)" in text)


KNOWN = {"pciehp-unplug": pciehp_unplug}
# where a report of the kinds above starts and ends
START = "WARNING: possible circular locking dependency detected"
END = "</TASK>"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    names = [n for n in sys.argv[1].split(",") if n]
    for n in names:
        if n not in KNOWN:
            sys.exit("known_reports.py: no known report %r (have: %s)"
                     % (n, ", ".join(sorted(KNOWN))))
    with open(sys.argv[2], "rb") as f:
        lines = f.read().decode("utf-8", "replace").replace("\r", "").split("\n")
    out, i = [], 0
    while i < len(lines):
        if START in lines[i]:
            j = i
            while j < len(lines) and END not in lines[j] and j - i < 400:
                j += 1
            block = lines[i:j + 1]
            hit = [n for n in names if KNOWN[n](block)]
            if hit and j < len(lines):
                print("known report %s: %d lines at log line %d"
                      % (hit[0], len(block), i + 1), file=sys.stderr)
                i = j + 1
                continue
        out.append(lines[i])
        i += 1
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
