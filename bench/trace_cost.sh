#!/usr/bin/env bash
# trace_cost.sh - what `vidya trace` costs per call on many small calls
# (the 4 KiB IOR-like case of issue 14), against the untraced program in
# the same run: run phase (the program under the recorder), store phase
# (`vidya trace`'s work after the program ended), the store's peak memory
# and the database's growth, per call, in each recording mode.
#
# The program is bench/trace_bench.c (-O2 -g) writing MIB MiB in BS-byte
# POSIX calls and reading it back from the page cache (-c): 2 * MIB MiB / BS
# calls, each a memory copy, so the recorder's cost is all there is to see.
# Rounds alternate untraced and traced runs.  Times are CPU seconds (user +
# system, from wait4), which a machine shared with other work disturbs far
# less than wall time; figures are medians.  The run phase's extra user and
# system time are also given apart (each the median over the rounds of
# traced minus untraced of that round): the user time is the recorder's own
# work and varies far less with the machine's load than the system time
# (the kernel's copies, page faults on the log).  "run" is the program under
# the recorder exactly as `vidya trace` runs it; "store" is the whole
# `vidya trace` command's CPU minus that run's; "store own" is the store
# measured directly: the `vidya trace` process's own CPU time, without its
# children's (`perf stat --no-inherit` on the second trace of a round, "-"
# without a working perf); peak MB is the command's
# largest resident set (the store's, as the program is smaller).  "run
# quartiles" are the first and third quartiles over the rounds of the run
# phase per call; "log B/call" the bytes of call records per call in the
# recorder's logs (of the first round).
#
# Modes: "default" is `vidya trace` as it comes (counters and call sites),
# "--ops" keeps every call too, "--no-stacks" records no call stacks.
#
# BASE_PRELOAD=/other/build/libvidya_trace.so also runs the program under
# that recorder in every round (the order of the two alternating between
# rounds) and prints the run phase of both side by side, with the ratio of
# their extra CPU time per call: a comparison in the same run, on the same
# machine load.  RUN_ONLY=1 skips the whole `vidya trace` command (store
# phase, peak, database growth: "-" in the table).
#
# usage: bench/trace_cost.sh                  (MIB=1024 BS=4096 ROUNDS=5)
#        MODES="default --ops --no-stacks" bench/trace_cost.sh
#        BASE_PRELOAD=../main/build/libvidya_trace.so RUN_ONLY=1 MODES="default --no-stacks" \
#            bench/trace_cost.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
VIDYA=${VIDYA:-$root/build/vidya}
PRELOAD=${PRELOAD:-$(dirname "$VIDYA")/libvidya_trace.so}
ROUNDS=${ROUNDS:-5}
MIB=${MIB:-1024}
BS=${BS:-4096}
MODES=${MODES:-"default --ops"}
BASE_PRELOAD=${BASE_PRELOAD:-}
RUN_ONLY=${RUN_ONLY:-0}
[ -z "$BASE_PRELOAD" ] || [ -f "$BASE_PRELOAD" ] || { echo "trace_cost: no $BASE_PRELOAD" >&2; exit 1; }
DIR=${DIR:-$here/out}
[ -x "$VIDYA" ] || { echo "trace_cost: $VIDYA not built" >&2; exit 1; }
mkdir -p "$DIR"
work=$(mktemp -d "$DIR/trace-cost.XXXXXX")
trap 'rm -rf "$work"' EXIT
# built from a copy in the work directory, analyzed first (as vidya trace is
# used: per-block times need the stacks mapped to the analysis' blocks);
# every trace starts from a copy of that analyzed database
cp "$here/trace_bench.c" "$work/"
(cd "$work" && cc -O2 -g trace_bench.c -o trace_bench)
printf '[{"directory": "%s", "arguments": ["cc", "-O2", "-g", "-c", "trace_bench.c"], "file": "trace_bench.c"}]\n' \
	"$work" >"$work/compile_commands.json"
"$VIDYA" analyze --no-probe --quiet --db "$work/analyzed.db" "$work/compile_commands.json" \
	--args "$work/data.bin $MIB $BS -c" >/dev/null

python3 - "$work" "$VIDYA" "$PRELOAD" "$ROUNDS" "$MIB" "$BS" "$BASE_PRELOAD" "$RUN_ONLY" $MODES <<'PY'
import os, statistics, subprocess, sys, time, sqlite3, shutil
work, vidya, preload, rounds, mib, bs, base, run_only = sys.argv[1:9]
rounds = int(rounds)
run_only = run_only not in ("", "0")
modes = sys.argv[9:]
ab = []  # the BASE_PRELOAD comparison, one row per mode
prog = os.path.join(work, "trace_bench")
data = os.path.join(work, "data.bin")
argv = [prog, data, mib, bs, "-c"]
print(f"# vidya trace cost: {mib} MiB written + read back in {bs} B POSIX calls (cached), "
      f"{rounds} rounds, medians; load average {os.getloadavg()[0]:.1f}")
print(f"# {time.strftime('%Y-%m-%d %H:%M:%S')}, {os.cpu_count()} CPUs")
print()
print("| mode | calls | untraced s | run µs/call | run quartiles | log B/call | run ratio | "
      "run user µs/call | run system µs/call | store µs/call | store own µs/call | store peak MB | "
      "db B/call | whole / untraced |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")

split = {}  # cmd's last user and system seconds, apart
perf = shutil.which("perf") and subprocess.run(
    ["perf", "stat", "-e", "task-clock", "--no-inherit", "true"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0

def run(cmd, env=None, out=None):
    """CPU seconds (user + system) of cmd and its children, peak RSS in MB"""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=out or subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"trace_cost: {cmd[0]} exited {p.returncode}")
    split["user"], split["sys"] = ru.ru_utime, ru.ru_stime
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, time.monotonic() - t0

def log_bytes(logs):
    """bytes of call records per call in the logs (record types 1, 7, 8,
    and 9 with its count of calls: vd_tracelog.h)"""
    import glob, struct
    n = size = 0
    for f in glob.glob(os.path.join(logs, "*.vtl")):
        d = open(f, "rb").read()
        off = 4096
        while off + 8 <= len(d):
            t, s = struct.unpack_from("<II", d, off)
            if t == 0 or s < 8:
                break
            if t in (1, 7, 8):
                n, size = n + 1, size + s
            elif t == 9 and s >= 16:
                n, size = n + struct.unpack_from("<I", d, off + 8)[0], size + s
            off += s
    return size / n if n else 0.0

def quart(v):
    """first and third quartiles of per-round µs/call values"""
    q = statistics.quantiles(v, n=4) if len(v) > 1 else [v[0]] * 3
    return f"{q[0]:.3f}–{q[2]:.3f}"

logper = {}  # (mode, lib) -> log bytes per call, from the first round
for mode in modes:
    opts = [] if mode == "default" else mode.split()
    plain, runs, stores, peaks, dbper, whole, bruns, owns = [], [], [], [], [], [], [], []
    users, systems = [], []  # traced minus untraced, this round
    calls = 0
    for r in range(rounds):
        plain.append(run(argv)[0])
        pu, ps = split["user"], split["sys"]
        # the run phase: the program under the recorder, as vidya trace runs it
        logs = os.path.join(work, "logs")
        shutil.rmtree(logs, ignore_errors=True)
        os.makedirs(logs)
        def traced(lib):
            shutil.rmtree(logs, ignore_errors=True)
            os.makedirs(logs)
            env = dict(os.environ, LD_PRELOAD=lib, VIDYA_TRACE_DIR=logs, VIDYA_TRACE_HZ="1000",
                       VIDYA_TRACE_FRAMES="0" if "--no-stacks" in opts else "1")
            res = run(argv, env)[0], split["user"] - pu
            if (mode, lib) not in logper:
                logper[mode, lib] = log_bytes(logs)
            return res
        if base and r % 2:
            bruns.append(traced(base))
        cpu, user = traced(preload)
        runs.append(cpu)
        users.append(user)
        systems.append(split["sys"] - ps)
        if base and not r % 2:
            bruns.append(traced(base))
        if run_only:
            # calls as the program makes them: written + read back, + open/close
            calls = 2 * int(mib) * 1024 * 1024 // int(bs)
            continue
        # the whole command: run + store; store = whole - run phase
        db = os.path.join(work, f"cost{r}.db")
        shutil.copyfile(os.path.join(work, "analyzed.db"), db)
        cpu, peak, _ = run([vidya, "trace", "--db", db] + opts + ["--"] + argv)
        whole.append(cpu)
        peaks.append(peak)
        con = sqlite3.connect(db)
        calls = con.execute("SELECT sum(ops) FROM trace_procs").fetchone()[0]
        con.close()
        # the database's growth for one trace: a second trace into the same
        # file; under perf stat (when it works) for the vidya process's own
        # CPU time, its children's apart: the store phase measured directly
        size1 = os.path.getsize(db)
        stat = os.path.join(work, "stat.txt")
        pre = ["perf", "stat", "-x,", "-e", "task-clock", "--no-inherit", "-o", stat] if perf else []
        run(pre + [vidya, "trace", "--db", db] + opts + ["--"] + argv)
        dbper.append((os.path.getsize(db) - size1) / calls)
        if perf:
            for line in open(stat):
                if "task-clock" in line:
                    owns.append(float(line.split(",")[0]) / 1e3)
        os.unlink(db)
    u, t = statistics.median(plain), statistics.median(runs)
    own = f"{1e6 * statistics.median(owns) / calls:.3f}" if owns else "-"
    if run_only:
        store = peak = db = ratio = "-"
    else:
        w = statistics.median(whole)
        store, peak = f"{1e6 * (w - t) / calls:.3f}", f"{statistics.median(peaks):.0f}"
        db, ratio = f"{statistics.median(dbper):.1f}", f"{w / u:.2f}"
    per = [1e6 * (runs[i] - plain[i]) / calls for i in range(rounds)]
    print(f"| {mode} | {calls} | {u:.3f} | {1e6 * (t - u) / calls:.3f} | {quart(per)} | "
          f"{logper.get((mode, preload), 0):.1f} | {t / u:.2f} | "
          f"{1e6 * statistics.median(users) / calls:.3f} | "
          f"{1e6 * statistics.median(systems) / calls:.3f} | "
          f"{store} | {own} | {peak} | {db} | {ratio} |")
    sys.stdout.flush()
    if base:
        # per round: this recorder's extra CPU and user time over the
        # untraced run of the same round, and the base's
        this = [(runs[i] - plain[i], users[i]) for i in range(rounds)]
        other = [(bruns[i][0] - plain[i], bruns[i][1]) for i in range(rounds)]
        med = lambda v: 1e6 * statistics.median(v) / calls
        a, b = med([x[0] for x in this]), med([x[0] for x in other])
        au, bu = med([x[1] for x in this]), med([x[1] for x in other])
        qa = quart([1e6 * x[0] / calls for x in this])
        qb = quart([1e6 * x[0] / calls for x in other])
        ab.append((mode, a, b, au, bu, f"{a / b:.2f}" if b > 0 else "-",
                   f"{au / bu:.2f}" if bu > 0 else "-", qa, qb,
                   logper.get((mode, preload), 0), logper.get((mode, base), 0)))
if ab:
    print()
    print(f"Run phase against BASE_PRELOAD={base}, same rounds (medians over the rounds of traced minus untraced; ratios of those medians):")
    print()
    print("| mode | run µs/call | quartiles | base run µs/call | base quartiles | run user µs/call | "
          "base run user µs/call | run ratio this/base | user ratio this/base | log B/call | base log B/call |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for m, a, b, au, bu, ra, ru, qa, qb, la, lb in ab:
        print(f"| {m} | {a:.3f} | {qa} | {b:.3f} | {qb} | {au:.3f} | {bu:.3f} | {ra} | {ru} | "
              f"{la:.1f} | {lb:.1f} |")
PY
