#!/usr/bin/env python3
"""Per-function predicted against traced I/O for one habit program.

    habits_compare.py DB

DB holds one `vidya analyze` and one `vidya trace --ops` of the program.
Prints each I/O call site (function, line, call: predicted and measured
calls and bytes), then each function, marked `**OFF` when its predicted
calls or bytes differ from the traced ones by more than 10 %, and a last
line `PROGRAM calls P / M  bytes P / M`.  Exit status 0 when no function
is off, 1 when one is, 2 on a usage error.
"""

import collections
import sqlite3
import sys


def off(p, m):
    if p == m:
        return 0.0
    if m == 0:
        return float("inf")
    return (p - m) / m


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    db = sqlite3.connect(sys.argv[1])
    pred = collections.defaultdict(lambda: [0.0, 0.0, ""])
    for bid, call, line, cnt, tot, unk in db.execute(
            "select s.block_id, s.call, s.line, s.count, s.bytes_total, s.unknowns "
            "from v_io_sites s join v_blocks b on b.block_id = s.block_id "
            "where b.reachable = 1"):
        k = (bid.split(":")[1].split("/")[0], line, call)
        pred[k][0] += cnt
        pred[k][1] += tot or 0
        pred[k][2] = unk or ""
    meas = collections.defaultdict(lambda: [0, 0])
    for fn, line, call, cnt, b in db.execute(
            "select function, line, call, count(*), sum(bytes) from v_trace_ops "
            "where parent_op is null group by function, line, call"):
        meas[(fn, line, call)] = [cnt, b or 0]
    pf = collections.defaultdict(lambda: [0.0, 0.0])
    mf = collections.defaultdict(lambda: [0, 0])
    tp, tm = [0.0, 0.0], [0, 0]
    print("%-20s %5s %-10s %10s %8s %12s %10s" % ("function", "line", "call", "pred n",
                                                   "meas n", "pred B", "meas B"))
    for k in sorted(set(pred) | set(meas), key=lambda k: (k[1] or 0, k[2])):
        p, m = pred.get(k, [0, 0, ""]), meas.get(k, [0, 0])
        for i in (0, 1):
            pf[k[0]][i] += p[i]
            mf[k[0]][i] += m[i]
            tp[i] += p[i]
            tm[i] += m[i]
        bad = abs(off(p[0], m[0])) > 0.1 or abs(off(p[1], m[1])) > 0.1
        print("%-20s %5s %-10s %10.2f %8d %12.1f %10d %s" % (
            str(k[0])[:20], k[1], k[2], p[0], m[0], p[1], m[1],
            ("** " + p[2][:200]) if bad else ""))
    print("-- per function")
    missed = 0
    for f in sorted(set(pf) | set(mf), key=str):
        p, m = pf[f], mf[f]
        bad = abs(off(p[0], m[0])) > 0.1 or abs(off(p[1], m[1])) > 0.1
        missed += bad
        print("%-20s calls %10.2f / %8d  bytes %12.1f / %10d %s" % (
            str(f)[:20], p[0], m[0], p[1], m[1], "**OFF" if bad else ""))
    print("PROGRAM calls %.2f / %d  bytes %.1f / %d" % (tp[0], tm[0], tp[1], tm[1]))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
