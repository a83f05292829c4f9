#!/usr/bin/env python3
"""recompute.py EVENTS.csv GRAPH.json - recomputes the DFG and every node
statistic from the event log that `vidya dfg --events` exported, with the
definitions of docs/dfg.md written again independently, and compares them
with the graph `vidya dfg --format json` wrote.  Exit 0 when all agree."""
import csv
import json
import sys
from collections import defaultdict

events = [r for r in csv.DictReader(open(sys.argv[1], newline="")) if r["activity"]]
graph = json.load(open(sys.argv[2]))
bad = []

cases = defaultdict(list)
for i, r in enumerate(events):
    cases[r["case"]].append((float(r["start"]), i, r))
edges = defaultdict(int)
for evs in cases.values():
    evs.sort(key=lambda x: (x[0], x[1]))
    trace = ["START"] + [r["activity"] for _, _, r in evs] + ["END"]
    for a, b in zip(trace, trace[1:]):
        edges[(a, b)] += 1

total = sum(float(r["dur"]) for r in events)
stats = {}
for a in {r["activity"] for r in events}:
    mine = [r for r in events if r["activity"] == a]
    d = sum(float(r["dur"]) for r in mine)
    per_case = defaultdict(list)
    for r in mine:
        if float(r["dur"]) > 0:
            per_case[r["case"]].append(int(r["size"]) / float(r["dur"]))
    dr = (sum(sum(v) / len(v) for v in per_case.values()) / len(per_case)) if per_case else 0.0
    iv = sorted(((float(r["start"]), float(r["start"]) + float(r["dur"])) for r in mine),
                key=lambda x: x[0])
    mc = 0
    for i, (s, e) in enumerate(iv):
        k = i + 1
        while k < len(iv) and iv[k][0] < e:
            k += 1
        mc = max(mc, k - i)
    stats[a] = dict(count=len(mine), dur_s=d, rd=d / total if total > 0 else 0.0,
                    bytes=sum(int(r["size"]) for r in mine), dr_Bps=dr, mc=mc)


def close(x, y):
    return abs(x - y) <= 1e-6 * max(1.0, abs(x), abs(y))


got = {n["activity"]: n for n in graph["nodes"] if n["kind"] == "activity"}
if set(got) != set(stats):
    bad.append(f"activities differ: {sorted(set(got) ^ set(stats))}")
for a, want in stats.items():
    g = got.get(a)
    if not g:
        continue
    for k, v in want.items():
        if not close(float(g[k]), float(v)):
            bad.append(f"{a}: {k} = {g[k]}, recomputed {v}")
gedges = {(e["from"], e["to"]): e["count"] for e in graph["edges"]}
if gedges != dict(edges):
    bad.append(f"edges differ: {sorted(set(gedges.items()) ^ set(edges.items()))}")
if graph["traces"] != len(cases) or graph["events"] != len(events):
    bad.append(f"traces/events {graph['traces']}/{graph['events']}, recomputed {len(cases)}/{len(events)}")
for b in bad:
    print(b)
print(f"recomputed {len(stats)} activities, {len(edges)} edges from {len(events)} events:",
      "mismatch" if bad else "all agree")
sys.exit(1 if bad else 0)
