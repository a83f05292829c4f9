#!/usr/bin/env bash
# trace_overhead.sh - cost of `vidya trace` on an I/O-heavy program, against
# the same program untraced, in the same run.
#
# The program (bench/trace_bench.c, built with -O2 -g) writes a file in
# fixed-size blocks and reads it back: "direct" uses O_DIRECT (every call
# goes to the device, none to the page cache: storage-bound, and the
# steadiest on a VM), "synced" fsyncs and drops the page cache before
# reading (storage-bound, noisy on a VM), "cached" does neither
# (memory-speed I/O: the worst case for the recorder's relative cost).
# Each configuration is run ROUNDS times, untraced and traced alternately
# (so drift of the machine hits both alike); the figures are the ratios of
# the median and of the fastest wall times.  "traced" is the program under
# the recorder exactly as `vidya trace` runs it (LD_PRELOAD +
# VIDYA_TRACE_* with stack capture and 1000 Hz sampling); loading the logs
# into the database afterwards is timed separately ("store").
#
# usage: bench/trace_overhead.sh            (ROUNDS=7 MIB=256 by default)
#        ROUNDS=3 MIB=64 bench/trace_overhead.sh
#        ONLY=direct-posix-1MiB,direct-posix-64KiB bench/trace_overhead.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
VIDYA=${VIDYA:-$root/build/vidya}
PRELOAD=${PRELOAD:-$(dirname "$VIDYA")/libvidya_trace.so}
ROUNDS=${ROUNDS:-7}
MIB=${MIB:-256}
DIR=${DIR:-$here/out}
[ -x "$VIDYA" ] || { echo "trace_overhead: $VIDYA not built" >&2; exit 1; }
[ -r "$PRELOAD" ] || { echo "trace_overhead: $PRELOAD not built" >&2; exit 1; }
mkdir -p "$DIR"
work=$(mktemp -d "$DIR/trace-overhead.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -g "$here/trace_bench.c" -o "$work/trace_bench"

# configurations: label, block bytes, extra flag
configs=("direct-posix-1MiB 1048576 -d" "direct-posix-64KiB 65536 -d"
         "synced-posix-1MiB 1048576 -" "synced-posix-64KiB 65536 -" "synced-stdio-64KiB 65536 -s"
         "cached-posix-1MiB 1048576 -c" "cached-posix-64KiB 65536 -c" "cached-stdio-64KiB 65536 -s -c"
         "cached-posix-4KiB 4096 -c" "cached-stdio-4KiB 4096 -s -c")

python3 - "$work" "$PRELOAD" "$VIDYA" "$ROUNDS" "$MIB" "${configs[@]}" <<'PY'
import os, shlex, statistics, subprocess, sys, time, glob, shutil
work, preload, vidya, rounds, mib = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
configs = [c.split(" ", 2) for c in sys.argv[6:]]
only = os.environ.get("ONLY")
if only:
    configs = [c for c in configs if c[0] in only.split(",")]
prog = os.path.join(work, "trace_bench")
data = os.path.join(work, "data.bin")
print(f"# vidya trace overhead: {mib} MiB written + read back, {rounds} rounds, medians")
print(f"# {time.strftime('%Y-%m-%d %H:%M:%S')}, {os.cpu_count()} CPUs, files in {work}")
print()
print("| config | calls | untraced s (median) | traced s (median) | overhead (medians) | overhead (fastest) | store s |")
print("|---|---:|---:|---:|---:|---:|---:|")
for label, bs, flag in configs:
    flag = [] if flag == "-" else shlex.split(flag)
    argv = [prog, data, mib, bs] + flag
    plain, traced, store = [], [], []
    ncalls = 0
    for r in range(rounds):
        for mode in ("plain", "traced"):
            env = dict(os.environ)
            logs = os.path.join(work, "logs")
            if mode == "traced":
                shutil.rmtree(logs, ignore_errors=True)
                os.makedirs(logs)
                env.update(LD_PRELOAD=preload, VIDYA_TRACE_DIR=logs, VIDYA_TRACE_HZ="1000",
                           VIDYA_TRACE_FRAMES="1")
            t0 = time.monotonic()
            out = subprocess.run(argv, env=env, stdout=subprocess.PIPE, check=True).stdout
            dt = time.monotonic() - t0
            (plain if mode == "plain" else traced).append(dt)
        # storing one round's logs, as vidya trace does after the program ends
        db = os.path.join(work, "bench.db")
        t0 = time.monotonic()
        subprocess.run([vidya, "trace", "--db", db, "--", prog, data, mib, bs] + flag,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        total = time.monotonic() - t0
        import sqlite3
        con = sqlite3.connect(db)
        wall, n = con.execute("SELECT wall_s, (SELECT sum(ops) FROM trace_procs p "
                              "WHERE p.trace_id = t.trace_id) FROM traces t "
                              "ORDER BY trace_id DESC LIMIT 1").fetchone()
        con.close()
        store.append(total - wall)
        ncalls = n
    p, t = statistics.median(plain), statistics.median(traced)
    pm, tm = min(plain), min(traced)
    print(f"| {label} | {ncalls} | {p:.3f} | {t:.3f} | {100 * (t / p - 1):+.1f} % | "
          f"{100 * (tm / pm - 1):+.1f} % | {statistics.median(store):.3f} |")
    sys.stdout.flush()
PY
