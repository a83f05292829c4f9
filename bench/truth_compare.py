#!/usr/bin/env python3
"""Compare a `vidya analyze` run with a `vidya trace` of the same command line.

    truth_compare.py DB [--trace ID] [--name NAME] [--top N] [--json FILE]

Reads the trace (default: the latest) and the analysis run it was mapped to
(`traces.run_id`) from the vidya database DB and prints, for that program:

* the program's predicted P2 (I/O calls) and P3 (bytes) against the measured
  calls and bytes the application made with its own code on the stack (the
  `program` row of `trace_blocks`, summed over processes), as ratios
  predicted / measured;
* per I/O call site: predicted count and bytes (`io_sites`) against the
  measured calls and bytes matched to that site (see "Matching" below);
* per function: predicted inclusive P2/P3 (`blocks`) against measured
  inclusive calls and bytes (`trace_blocks`);
* the goal figures: share of the measured calls that lie in sites whose
  predicted count is within 2x of the measured count, and the sites whose
  count is off by more than 100x, with or without an assumption flag.

Matching a call to a site.  `vidya trace` stores, for every call the
application made itself (`parent_api IS NULL`: not the pwrite inside an
H5Dwrite), the innermost stack frame that lies in the analyzed project, with
its project-relative file and the source line of the call instruction, and
sums the calls per such site (`trace_sites.file`, `.line`, `.function`,
`.calls`: stored in vidya trace's default mode and with --ops alike).  For a call made directly by
project code this is the line of the I/O call, which is what `io_sites.line`
holds.  Call names are normalised on both sides (`pwrite64` -> `pwrite`,
`fopen64` -> `fopen`, `__isoc99_fscanf` -> `fscanf`, `_unlocked`, `_chk`).
Tried in order, first hit wins:

  exact  same file, line and call;
  line   same file and line, another call (the compiler turned printf into
         puts or fprintf into fwrite, a macro expanded to another function);
         a site of the same class (read, write, ...) is preferred;
  near   same file and function, same call, within 3 lines (a call
         expression spread over several lines);
  none   no site: the call came from a library function the project calls
         (e.g. a read inside a system library's routine), from code the
         analysis did not see, or from a call the catalog lacks.

A site in a block the analysis marks unreachable (code the entry does not
reach, walked on its own) predicts 0 and is not flagged: its counts are not
part of the program's totals, and its notes are about walking it on its
own, not about why the run reaches it.

Sites that were analyzed several times (a static function in a header
included by several translation units) are merged by (file, line, call):
counts and bytes add up.

Ratios and factors.  ratio = predicted / measured.  A site's count is
"within 2x" when 0.5 <= ratio <= 2 (a site predicted 0 is not).  A site is
"off by > 100x" when max(p, m) / max(min(p, m), 1) > 100 with p, m floored
at 1 -- so a site predicted to run 500 times that never ran counts, as does
one predicted 0 that ran 500 times.  It is "flagged" when the analysis says
its count or bytes rest on an assumed value: `io_sites.unknowns` is set, the
`count_unknown`/`bytes_unknown` flag is set, or the io block's
`unknown_mask` has the P2 or P3 bit.  Unmatched measured calls form pseudo
sites (predicted 0, never flagged).

Exit status 0 when the comparison could be made (whatever the figures), 2
when the database has no trace or no analysis run for it.
"""

import argparse
import json
import re
import sqlite3
import sys
from collections import defaultdict

NEAR_LINES = 3
P2_BIT = 1 << 1
P3_BIT = 1 << 2


def norm_call(name):
    if not name:
        return name
    n = name
    for pre in ("__isoc99_", "__isoc23_", "_IO_", "__"):
        if n.startswith(pre) and len(n) > len(pre) + 2:
            n = n[len(pre):]
            break
    for suf in ("_chk", "_unlocked"):
        if n.endswith(suf):
            n = n[: -len(suf)]
    if n.endswith("64") and n not in ("64",):
        n = n[:-2]
    return n


def fmt(x):
    if x is None:
        return "-"
    if isinstance(x, float) and x != x:
        return "nan"
    ax = abs(x)
    if ax == 0:
        return "0"
    if ax >= 1e6 or ax < 0.01:
        return "%.2e" % x
    if ax >= 100 or float(x).is_integer():
        return "%d" % round(x)
    return "%.2f" % x


def ratio(p, m):
    if m and m > 0:
        return (p or 0.0) / m
    return None


def fmt_ratio(r, p=None):
    if r is None:
        return "inf" if p else "-"
    return fmt(r)


def factor(p, m):
    p = max(p or 0.0, 1.0)
    m = max(m or 0.0, 1.0)
    return max(p, m) / min(p, m)


def site_json(d):
    r = {k: d[k] for k in ("file", "line", "function", "call", "pred", "meas",
                           "pred_bytes", "meas_bytes", "flagged")}
    r["unknowns"] = d["unknowns"][:3]
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("db")
    ap.add_argument("--trace", type=int, help="trace id (default: the latest)")
    ap.add_argument("--name", default=None, help="program name for the report")
    ap.add_argument("--top", type=int, default=15, help="rows per table")
    ap.add_argument("--json", help="also write the figures as JSON to this file")
    a = ap.parse_args()

    db = sqlite3.connect(a.db)
    db.row_factory = sqlite3.Row
    if a.trace is None:
        r = db.execute("SELECT max(trace_id) FROM traces").fetchone()
        tid = r[0]
    else:
        tid = a.trace
    tr = db.execute("SELECT * FROM traces WHERE trace_id = ?", (tid,)).fetchone() if tid else None
    if tr is None:
        print("truth_compare: %s: no trace" % a.db, file=sys.stderr)
        return 2
    rid = tr["run_id"]
    run = db.execute("SELECT * FROM runs WHERE run_id = ?", (rid,)).fetchone() if rid else None
    if run is None:
        print("truth_compare: %s: trace %d has no analysis run" % (a.db, tid), file=sys.stderr)
        return 2
    name = a.name or (tr["command"] or "?").split()[0].rsplit("/", 1)[-1]

    # ---- prediction -------------------------------------------------------
    prog = db.execute(
        "SELECT p2, p3, unknown_mask FROM blocks WHERE run_id = ? AND kind = 'program'", (rid,)
    ).fetchone()
    pred_p2, pred_p3 = (prog["p2"] or 0.0), (prog["p3"] or 0.0)
    blk = {}
    for b in db.execute(
        "SELECT block_id, kind, file, function, line, p2, p3, unknown_mask, unknowns, executions, "
        "reachable FROM blocks WHERE run_id = ?",
        (rid,),
    ):
        blk[b["block_id"]] = b

    sites = {}  # (file, line, ncall) -> dict
    by_line = defaultdict(list)
    by_fn = defaultdict(list)
    for s in db.execute("SELECT * FROM io_sites WHERE run_id = ? ORDER BY seq", (rid,)):
        nc = norm_call(s["call"])
        key = (s["file"], s["line"], nc)
        b = blk.get(s["block_id"])
        fn = b["function"] if b is not None else None
        d = sites.get(key)
        if d is None:
            d = sites[key] = {
                "file": s["file"], "line": s["line"], "call": nc, "op": s["op"],
                "function": fn, "pred": 0.0, "pred_bytes": 0.0, "flagged": False,
                "unknowns": [], "meas": 0, "meas_bytes": 0, "match": defaultdict(int),
                "copies": 0,
            }
            by_line[(s["file"], s["line"])].append(d)
            by_fn[(s["file"], fn, nc)].append(d)
        d["copies"] += 1
        # a site in code the entry does not reach predicts nothing for the
        # run (its counts, from walking that code on its own, are not part
        # of the program's totals); it still matches measured calls
        if b is None or b["reachable"]:
            d["pred"] += s["count"] or 0.0
            d["pred_bytes"] += s["bytes_total"] or 0.0
        mask = b["unknown_mask"] if b is not None else 0
        # an unreachable site's notes are about walking it on its own, not
        # about why the run reaches it: they flag nothing
        if b is not None and not b["reachable"]:
            continue
        if s["unknowns"] or s["count_unknown"] or s["bytes_unknown"] or (mask & (P2_BIT | P3_BIT)):
            d["flagged"] = True
            for u in (s["unknowns"] or (b["unknowns"] if b is not None else "") or "").split("; "):
                if u and u not in d["unknowns"]:
                    d["unknowns"].append(u)

    # ---- measurement ------------------------------------------------------
    m = db.execute(
        "SELECT coalesce(sum(tb.io_ops), 0), coalesce(sum(tb.io_bytes), 0) FROM trace_blocks tb "
        "JOIN blocks b ON b.run_id = ? AND b.block_id = tb.block_id AND b.kind = 'program' "
        "WHERE tb.trace_id = ?",
        (rid, tid),
    ).fetchone()
    meas_p2, meas_p3 = m[0], m[1]
    tot = db.execute(
        "SELECT sum(calls), coalesce(sum(bytes), 0), "
        "sum(calls * (parent_api IS NULL)), "
        "coalesce(sum(CASE WHEN parent_api IS NULL THEN bytes END), 0), "
        "sum(calls * (parent_api IS NULL AND file IS NULL)) "
        "FROM trace_sites WHERE trace_id = ?",
        (tid,),
    ).fetchone()
    all_ops, all_bytes, top_ops, top_bytes, nofile_ops = (x or 0 for x in tot)
    nprocs = db.execute(
        "SELECT count(*) FROM trace_procs WHERE trace_id = ?", (tid,)
    ).fetchone()[0]

    unmatched = {}
    match_count = defaultdict(int)
    for o in db.execute(
        "SELECT call, class, file, line, function, sum(calls) AS n, coalesce(sum(bytes), 0) AS b "
        "FROM trace_sites WHERE trace_id = ? AND parent_api IS NULL AND file IS NOT NULL "
        "GROUP BY call, class, file, line, function",
        (tid,),
    ):
        nc = norm_call(o["call"])
        hit, how = sites.get((o["file"], o["line"], nc)), "exact"
        if hit is None:
            cands = by_line.get((o["file"], o["line"]), [])
            if cands:
                same = [c for c in cands if c["op"] == o["class"]]
                hit, how = (same or cands)[0], "line"
        if hit is None:
            cands = [c for c in by_fn.get((o["file"], o["function"], nc), [])
                     if abs(c["line"] - o["line"]) <= NEAR_LINES]
            if cands:
                cands.sort(key=lambda c: abs(c["line"] - o["line"]))
                hit, how = cands[0], "near"
        if hit is None:
            key = (o["file"], o["line"], nc)
            d = unmatched.get(key)
            if d is None:
                d = unmatched[key] = {
                    "file": o["file"], "line": o["line"], "call": nc, "op": o["class"],
                    "function": o["function"], "pred": 0.0, "pred_bytes": 0.0,
                    "flagged": False, "unknowns": [], "meas": 0, "meas_bytes": 0,
                    "match": defaultdict(int), "copies": 0,
                }
            hit, how = d, "none"
        hit["meas"] += o["n"]
        hit["meas_bytes"] += o["b"]
        hit["match"][how] += o["n"]
        match_count[how] += o["n"]

    # ---- figures ----------------------------------------------------------
    allsites = list(sites.values()) + list(unmatched.values())
    measured_calls = sum(d["meas"] for d in allsites)
    within = sum(d["meas"] for d in allsites
                 if d["meas"] > 0 and d["pred"] > 0 and 0.5 <= d["pred"] / d["meas"] <= 2)
    within_b = sum(d["meas_bytes"] for d in allsites
                   if d["meas_bytes"] > 0 and d["pred_bytes"] > 0
                   and 0.5 <= d["pred_bytes"] / d["meas_bytes"] <= 2)
    measured_bytes = sum(d["meas_bytes"] for d in allsites)
    off = [d for d in allsites if factor(d["pred"], d["meas"]) > 100]
    off_unflagged = [d for d in off if not d["flagged"]]
    off_over = [d for d in off if d["pred"] > d["meas"]]
    off_under = [d for d in off if d["pred"] < d["meas"]]
    sites_run = [d for d in allsites if d["meas"] > 0]

    def pct(x, y):
        return 100.0 * x / y if y else float("nan")

    # ---- report -----------------------------------------------------------
    w = sys.stdout.write
    w("=== %s ===\n" % name)
    w("command:  %s\n" % tr["command"])
    w("analysis: run %d (%s), entry %s, args %s; trace %d, %d process(es), exit %s, %.2f s\n"
      % (rid, run["vidya_version"], run["entry"], json.dumps(run["args"]), tid, nprocs,
         tr["exit_status"], tr["wall_s"] or 0))
    w("\n%-28s %14s %14s %12s\n" % ("program", "predicted", "measured", "pred/meas"))
    w("%-28s %14s %14s %12s\n" % ("P2 I/O calls", fmt(pred_p2), fmt(meas_p2),
                                  fmt_ratio(ratio(pred_p2, meas_p2), pred_p2)))
    w("%-28s %14s %14s %12s\n" % ("P3 bytes", fmt(pred_p3), fmt(meas_p3),
                                  fmt_ratio(ratio(pred_p3, meas_p3), pred_p3)))
    w("(measured: calls the application made with its code on the stack, all processes; "
      "the trace holds %d calls in all, %d at the top layer, %d of them outside the "
      "program's code)\n" % (all_ops, top_ops, nofile_ops))
    w("calls matched to sites: exact %d, line %d, near %d, no site %d (of %d)\n"
      % (match_count["exact"], match_count["line"], match_count["near"],
         match_count["none"], measured_calls))
    w("sites: %d analyzed (%d predicted to run), %d ran, %d measured call sites without a site\n"
      % (len(sites), sum(1 for d in sites.values() if d["pred"] > 0), len(sites_run),
         len(unmatched)))

    def site_table(title, rows):
        if not rows:
            return
        w("\n%s\n" % title)
        w("%-44s %-9s %10s %10s %9s %10s %10s %9s %-6s %s\n" % (
            "site (file:line function)", "call", "pred n", "meas n", "n ratio",
            "pred B", "meas B", "B ratio", "match", "flag"))
        for d in rows:
            loc = "%s:%s %s" % (d["file"], d["line"], d["function"] or "?")
            if len(loc) > 44:
                loc = "..." + loc[-41:]
            how = ",".join(sorted(d["match"])) or "-"
            flag = "yes" if d["flagged"] else "no"
            if d["unknowns"]:
                flag += ": " + d["unknowns"][0][:70]
            w("%-44s %-9s %10s %10s %9s %10s %10s %9s %-6s %s\n" % (
                loc, d["call"], fmt(d["pred"]), fmt(d["meas"]),
                fmt_ratio(ratio(d["pred"], d["meas"]), d["pred"]),
                fmt(d["pred_bytes"]), fmt(d["meas_bytes"]),
                fmt_ratio(ratio(d["pred_bytes"], d["meas_bytes"]), d["pred_bytes"]),
                how, flag))

    top = a.top
    site_table("measured sites, most calls first (top %d of %d):" % (min(top, len(sites_run)),
                                                                        len(sites_run)),
               sorted(sites_run, key=lambda d: (-d["meas"], -d["pred"]))[:top])
    never = [d for d in sites.values() if d["meas"] == 0 and d["pred"] > 0]
    site_table("predicted sites that never ran, largest prediction first (top %d of %d):"
               % (min(top, len(never)), len(never)),
               sorted(never, key=lambda d: -d["pred"])[:top])

    # functions
    fm = defaultdict(lambda: [0, 0.0])
    for r in db.execute(
        "SELECT tb.block_id, sum(tb.io_ops), sum(tb.io_bytes) FROM trace_blocks tb "
        "JOIN blocks b ON b.run_id = ? AND b.block_id = tb.block_id AND b.kind = 'function' "
        "WHERE tb.trace_id = ? GROUP BY tb.block_id",
        (rid, tid),
    ):
        fm[r[0]] = [r[1] or 0, r[2] or 0.0]
    frows = []
    for bid, (mo, mb) in fm.items():
        if mo <= 0:
            continue
        b = blk[bid]
        frows.append((bid, b["p2"] or 0.0, mo, b["p3"] or 0.0, mb, b["executions"],
                      b["unknown_mask"] & (P2_BIT | P3_BIT)))
    frows.sort(key=lambda r: (-r[2], r[0]))
    fwithin = sum(1 for r in frows if r[1] > 0 and 0.5 <= r[1] / r[2] <= 2)
    if frows:
        w("\nfunctions with measured I/O, inclusive, most calls first (top %d of %d; "
          "%d within 2x):\n" % (min(top, len(frows)), len(frows), fwithin))
        w("%-48s %10s %10s %9s %10s %10s %9s %10s %s\n" % (
            "function", "pred P2", "meas n", "n ratio", "pred P3", "meas B", "B ratio",
            "pred exec", "flag"))
        for bid, pp2, mo, pp3, mb, ex, fl in frows[:top]:
            lab = bid if len(bid) <= 48 else "..." + bid[-45:]
            w("%-48s %10s %10s %9s %10s %10s %9s %10s %s\n" % (
                lab, fmt(pp2), fmt(mo), fmt_ratio(ratio(pp2, mo), pp2), fmt(pp3), fmt(mb),
                fmt_ratio(ratio(pp3, mb), pp3), fmt(ex), "yes" if fl else "no"))

    rp2, rp3 = ratio(pred_p2, meas_p2), ratio(pred_p3, meas_p3)
    goal_p = (rp2 is not None and 0.5 <= rp2 <= 2) and (rp3 is not None and 0.5 <= rp3 <= 2)
    goal_w = pct(within, measured_calls) >= 80
    goal_o = not off_unflagged
    w("\ngoals: P2 and P3 within 2x: %s; >= 80%% of calls in sites within 2x: %s; "
      "no site off > 100x unflagged: %s\n" % (
          "met" if goal_p else "missed", "met" if goal_w else "missed",
          "met" if goal_o else "missed"))
    summary = (
        "SUMMARY %s: P2 %s/%s = %s, P3 %s/%s = %s, calls in sites within 2x %.1f%% "
        "(bytes %.1f%%), sites off >100x %d (%d over, %d under; %d unflagged), "
        "unmatched calls %d"
        % (name, fmt(pred_p2), fmt(meas_p2), fmt_ratio(rp2, pred_p2), fmt(pred_p3),
           fmt(meas_p3), fmt_ratio(rp3, pred_p3), pct(within, measured_calls),
           pct(within_b, measured_bytes), len(off), len(off_over), len(off_under),
           len(off_unflagged), match_count["none"]))
    w(summary + "\n")

    if a.json:
        out = {
            "name": name, "command": tr["command"], "trace_id": tid, "run_id": rid,
            "vidya_version": run["vidya_version"], "args": run["args"], "entry": run["entry"],
            "nprocs": nprocs, "wall_s": tr["wall_s"], "exit_status": tr["exit_status"],
            "pred_p2": pred_p2, "meas_p2": meas_p2, "p2_ratio": rp2,
            "pred_p3": pred_p3, "meas_p3": meas_p3, "p3_ratio": rp3,
            "trace_calls": all_ops, "top_layer_calls": top_ops, "outside_calls": nofile_ops,
            "measured_site_calls": measured_calls,
            "pct_calls_within_2x": pct(within, measured_calls),
            "pct_bytes_within_2x": pct(within_b, measured_bytes),
            "sites": len(sites), "sites_ran": len(sites_run),
            "sites_off_100x": len(off), "sites_off_100x_over": len(off_over),
            "sites_off_100x_under": len(off_under),
            "sites_off_100x_unflagged": len(off_unflagged),
            "match": dict(match_count),
            "goals": {"p2_p3_within_2x": goal_p, "calls_within_2x_80pct": goal_w,
                      "no_unflagged_100x": goal_o},
            "summary": summary,
            "off_100x": [site_json(d) for d in
                         sorted(off, key=lambda d: -factor(d["pred"], d["meas"]))[:50]],
            "off_100x_unflagged": [site_json(d) for d in
                                   sorted(off_unflagged, key=lambda d: -d["meas"])],
        }
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1, default=float)
    return 0


if __name__ == "__main__":
    sys.exit(main())
