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

e1000-linkloss-reset
    the line "e1000 <pci> ethN: Reset adapter" of the kept e1000 (not
    e1000e). e1000 schedules its reset task from two places: its
    tx_timeout handler, which runs only after the stack's "NETDEV
    WATCHDOG" line (a failure of its own in tests/run.sh), and its
    watchdog when the link is down while TX descriptors are still queued
    ("lost link ... reset controller to flush Tx"). So a bare line is the
    second: e1000's flush after a link flap under load, or after its own
    down/up for an MTU or ring change, which queues frames before the
    link is back. It is e1000's long-standing behaviour at error level,
    not a hang. One line per report, and one report for each link loss
    the guest script caused before it: each "@@MONITOR set_link ... off"
    line (a flap from the QEMU monitor) and each "@@LINKLOSS" line (a
    script's mark before a change that takes e1000's link down and up)
    allows one; a line beyond those is a reset nothing explains and
    stays in the log for the scan.

e1000e-induced-hang
    our e1000e's "TX queue N hung for M ms: ..., resetting" line after
    a test turned the transmitter off on purpose (debugfs tx_stall, whose
    write logs "debugfs tx_stall: transmitter turned off"). Each such
    line allows one hang line after it, on the same port; any other hang
    line (a second one for one stall, or one with no stall before it) is
    a real hang and stays in the log for the scan.
"""
import re
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


# One-line reports that a test causes on purpose: each line matching the
# grant pattern allows one later report line (of the same port, where the
# pattern's first group names one).
GRANTED = {
    "e1000-linkloss-reset": (
        re.compile(r"^@@MONITOR set_link \S+ off|^@@LINKLOSS"),
        re.compile(r"(?:^|\] )e1000 [0-9a-f:.]+ \S+: Reset adapter$")),
    "e1000e-induced-hang": (
        re.compile(r"e1000e ([0-9a-f:.]+) \S+: debugfs tx_stall: "
                   r"transmitter turned off$"),
        re.compile(r"e1000e ([0-9a-f:.]+) \S+: TX queue [0-9]+ hung for "
                   r"[0-9]+ ms: .*, resetting$")),
}


def granted(name, line, grants):
    """True when LINE is a report of kind NAME that an earlier grant
    allows; takes that grant from GRANTS ((name, port) -> unused)."""
    give, report = GRANTED[name]
    m = give.search(line)
    if m:
        key = (name, m.group(1) if m.groups() else None)
        grants[key] = grants.get(key, 0) + 1
        return False
    m = report.search(line)
    if not m:
        return False
    key = (name, m.group(1) if m.groups() else None)
    if grants.get(key, 0) > 0:
        grants[key] -= 1
        return True
    return False


KNOWN = {"pciehp-unplug": pciehp_unplug}
KNOWN.update({n: None for n in GRANTED})
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
    out, i, single, grants = [], 0, {}, {}
    while i < len(lines):
        one = [n for n in names if n in GRANTED
               and granted(n, lines[i], grants)]
        if one:
            single.setdefault(one[0], []).append(i + 1)
            i += 1
            continue
        if START in lines[i]:
            j = i
            while j < len(lines) and END not in lines[j] and j - i < 400:
                j += 1
            block = lines[i:j + 1]
            hit = [n for n in names if KNOWN[n] and KNOWN[n](block)]
            if hit and j < len(lines):
                print("known report %s: %d lines at log line %d"
                      % (hit[0], len(block), i + 1), file=sys.stderr)
                i = j + 1
                continue
        out.append(lines[i])
        i += 1
    for n, at in single.items():
        print("known report %s: %d one-line reports, at log lines %s%s"
              % (n, len(at), ", ".join(map(str, at[:5])),
                 ", ..." if len(at) > 5 else ""), file=sys.stderr)
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
