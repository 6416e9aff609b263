#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make profile: where the guest's instructions go per MB of TCP payload.

Under -icount each guest instruction is one tick of virtual time, so the
instructions spent per MB received bound the icount throughput of
`make bench`. For each driver (ours, stock) two guests run the same TCP
single stream, SHORT and LONG seconds, under the tbprof plugin; the
difference of the two profiles is the stream alone (boot and setup
cancel), divided by the difference of the bytes received. Blocks are
named by System.map (core kernel, nokaslr) and by the guest's
/proc/kallsyms (modules). Results: build/profile/{report.txt,<run>/}.

Environment: SHORT (2), LONG (8) seconds; TOP (40) rows; OURS_KO.
"""
import bisect
import collections
import os
import re
import subprocess
import sys

TOP_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get('BUILD', os.path.join(TOP_DIR, 'build'))
OUT = os.path.join(BUILD, 'profile')
HERE = os.path.dirname(os.path.abspath(__file__))
SHORT = int(os.environ.get('SHORT') or 2)
LONG = int(os.environ.get('LONG') or 8)
TOP = int(os.environ.get('TOP') or 40)
DRIVERS = {
    'ours': os.environ.get('OURS_KO') or os.path.join(BUILD, 'modules/mod/e1000e/e1000e.ko'),
    'stock': os.path.join(BUILD, 'stock/e1000e.ko'),
}
USER_END = 0xffff800000000000


def build_plugin():
    so = os.path.join(OUT, 'tbprof.so')
    src = os.path.join(HERE, 'tbprof.c')
    if not os.path.exists(so) or os.path.getmtime(so) < os.path.getmtime(src):
        subprocess.run(['gcc', '-O2', '-Wall', '-Werror', '-shared', '-fPIC',
                        '-o', so, src], check=True)
    return so


def run_guest(name, ko, dur, so):
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    env_file = os.path.join(d, 'env.in')
    with open(env_file, 'w') as f:
        f.write('DUR=%d\n' % dur)
    tb = os.path.join(d, 'tb.out')
    if os.path.exists(tb):
        os.unlink(tb)
    cmd = [os.path.join(TOP_DIR, 'qemu/run.sh'), '--nic', 'e1000e',
           '--kernel', 'mod', '--icount', '--module', ko,
           '--append', 'nokaslr',
           '--qemu-arg', '-plugin', '--qemu-arg', '%s,out=%s' % (so, tb),
           '--file', env_file + ':/test/env', '--out', d,
           '--timeout', '600', os.path.join(HERE, 'profile.sh')]
    r = subprocess.run(cmd, env=dict(os.environ, BUILD=BUILD),
                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    console = os.path.join(d, 'console.log')
    text = open(console, errors='replace').read() if os.path.exists(console) else ''
    m = re.search(r'@@PROF bytes=(\d+)', text)
    if r.returncode or not m or not os.path.exists(tb):
        sys.exit('profile: run %s failed (rc %d), see %s' % (name, r.returncode, console))
    return d, int(m.group(1))


def symbols(console):
    syms = []
    with open(os.path.join(BUILD, 'kernel-mod/System.map')) as f:
        for line in f:
            a, t, n = line.split()[:3]
            if t in 'tTwW':
                syms.append((int(a, 16), n))
    inside = False
    with open(console, errors='replace') as f:
        for line in f:
            line = line.strip()
            if line == '@@KSYMS-BEGIN':
                inside = True
            elif line == '@@KSYMS-END':
                break
            elif inside:
                p = line.split()
                if len(p) >= 4 and p[1] in 'tT':
                    syms.append((int(p[0], 16), p[2] + ' ' + p[3]))
    syms.sort()
    return [s[0] for s in syms], [s[1] for s in syms]


def profile(d):
    addrs, names = symbols(os.path.join(d, 'console.log'))
    c = collections.Counter()
    with open(os.path.join(d, 'tb.out')) as f:
        for line in f:
            va, n, cnt = line.split()
            va, ins = int(va, 16), int(n) * int(cnt)
            if va < USER_END:
                c['[user space]'] += ins
                continue
            i = bisect.bisect_right(addrs, va) - 1
            c[names[i] if i >= 0 else '[unknown]'] += ins
    return c


def main():
    os.makedirs(OUT, exist_ok=True)
    so = build_plugin()
    per_mb, mbs = {}, {}
    for drv, ko in DRIVERS.items():
        if not os.path.exists(ko):
            sys.exit('profile: no %s (make modules)' % ko)
        ds, bs = run_guest(drv + '-short', ko, SHORT, so)
        dl, bl = run_guest(drv + '-long', ko, LONG, so)
        mb = (bl - bs) / 1e6
        if mb <= 0:
            sys.exit('profile: %s: the long run received no more than the short one' % drv)
        c = profile(dl)
        c.subtract(profile(ds))
        per_mb[drv] = {k: v / mb for k, v in c.items()}
        mbs[drv] = mb
        print('profile: %s done, %.0f MB in the difference' % (drv, mb), flush=True)
    o, s = per_mb['ours'], per_mb['stock']
    lines = ['instructions per MB of TCP payload received, icount shift=1, '
             'TCP single stream, %d s minus %d s run' % (LONG, SHORT), '']
    for drv, t in per_mb.items():
        total = sum(t.values())
        mod = sum(v for k, v in t.items() if k.endswith('[e1000e]'))
        lines.append('%-6s total %9.0f  e1000e module %8.0f (%4.1f%%)  '
                     'copy to/from user %8.0f (%4.1f%%)  over %.0f MB' %
                     (drv, total, mod, 100 * mod / total,
                      t.get('rep_movs_alternative', 0),
                      100 * t.get('rep_movs_alternative', 0) / total, mbs[drv]))
    lines.append('ours/stock total: %.3f' % (sum(o.values()) / sum(s.values())))
    lines += ['', '%-44s %10s %10s %10s' % ('symbol', 'ours', 'stock', 'ours-stock')]
    keys = sorted(set(o) | set(s), key=lambda k: -max(o.get(k, 0), s.get(k, 0)))
    for k in keys[:TOP]:
        lines.append('%-44s %10.0f %10.0f %+10.0f' %
                     (k[:44], o.get(k, 0), s.get(k, 0), o.get(k, 0) - s.get(k, 0)))
    report = '\n'.join(lines) + '\n'
    with open(os.path.join(OUT, 'report.txt'), 'w') as f:
        f.write(report)
    print(report, end='')


if __name__ == '__main__':
    main()
