#!/usr/bin/env bash
# trace_profile.sh - where the recorder's run-phase time goes, measured
# inside the traced run itself: the 4 KiB case of bench/trace_cost.sh
# (bench/trace_bench.c, MIB MiB written and read back from the page cache
# in BS-byte POSIX calls) under `perf record -e cpu-clock -g`, every
# sample classified by its call chain:
#
#   user     the recorder's own code (a leaf in the preload library or in
#            libunwind): the wrappers, the records, the chains, the clock
#   kernel   the kernel working for the recorder (a chain through its
#            functions: the log's pages made writable, its chunks mapped)
#   sampling the wall-clock samples: the timer's signal delivered and
#            returned from, the handler, and its kernel time
#
# and the sum, in µs per call (samples / HZ / calls).  Unlike the
# difference of two runs' CPU times (bench/trace_cost.sh), which other
# work on a shared machine moves by ±0.2 µs per call from run to run, this
# counts the recorder's share of one run; what it cannot see is the
# recorder's indirect cost (the program's own code slowed by the caches
# the recorder uses), and its figures carry perf's own sampling overhead.
#
# BASE_PRELOAD=/other/libvidya_trace.so profiles that recorder too, in
# the same rounds (the order of the two alternating), for a comparison.
# Needs perf with kernel symbols (root, or kernel.perf_event_paranoid <= 1).
#
# usage: bench/trace_profile.sh                        (MIB=1024 BS=4096 ROUNDS=3 HZ=4000)
#        BASE_PRELOAD=../main/build/libvidya_trace.so ROUNDS=5 bench/trace_profile.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
PRELOAD=${PRELOAD:-$root/build/libvidya_trace.so}
BASE_PRELOAD=${BASE_PRELOAD:-}
ROUNDS=${ROUNDS:-3}
MIB=${MIB:-1024}
BS=${BS:-4096}
HZ=${HZ:-4000}
DIR=${DIR:-$here/out}
command -v perf >/dev/null || { echo "trace_profile: no perf" >&2; exit 1; }
for lib in "$PRELOAD" $BASE_PRELOAD; do
	[ -f "$lib" ] || { echo "trace_profile: no $lib" >&2; exit 1; }
done
mkdir -p "$DIR"
work=$(mktemp -d "$DIR/trace-profile.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -g "$here/trace_bench.c" -o "$work/trace_bench"

python3 - "$work" "$PRELOAD" "$BASE_PRELOAD" "$ROUNDS" "$MIB" "$BS" "$HZ" <<'PY'
import os, re, shutil, statistics, subprocess, sys, time
work, preload, base, rounds, mib, bs, hz = sys.argv[1:8]
rounds, hz = int(rounds), int(hz)
calls = 2 * int(mib) * 1024 * 1024 // int(bs)
argv = [os.path.join(work, "trace_bench"), os.path.join(work, "data.bin"), mib, bs, "-c"]
# the recorder's internal functions (not the wrappers, whose names are the
# interposed calls': their callees are the real calls)
INTERNAL = re.compile(
    r"^(vt_\w+|chain_\w+|on_sample|maybe_flush|flush_at_end|prefault|reserve_slow|map_chunk|"
    r"open_log|batch_open|write_delta|write_full|write_sample|write_modules|module_cb|end_named|"
    r"backtrace_here|ck_anchor|init_once|ensure_init|start_timer|fd_path|allocate|mark_nospace|"
    r"_U\w+|unw_\w+)(\.\w+)*$")
SAMPLER = re.compile(r"^(on_sample|write_sample|maybe_flush|flush_at_end|backtrace_here)(\.\w+)*$")
SIGNAL = re.compile(r"^(arch_do_signal_or_restart|handle_signal|x64_setup_rt_frame|get_signal|"
                    r"__x64_sys_rt_sigreturn|posix_timer_\w+|send_sigqueue|__restore_rt|"
                    r"restore_sigcontext|signal_setup_done)$")

def classify(frames, libs):
    """'user', 'kernel', 'sampling' or None for one sample's (sym, dso) chain"""
    if not frames:
        return None
    syms = [s for s, _ in frames]
    if any(SIGNAL.match(s) for s in syms):
        return "sampling"
    sym, dso = frames[0]
    internal = [s for s, d in frames if any(d.endswith(l) for l in libs) and INTERNAL.match(s)]
    if any(dso.endswith(l) for l in libs) or "libunwind" in dso:
        return "sampling" if any(SAMPLER.match(s) for s in internal) else "user"
    if dso == "[kernel.kallsyms]" and internal:
        return "sampling" if any(SAMPLER.match(s) for s in internal) else "kernel"
    return None

def profile(lib):
    data = os.path.join(work, "perf.data")
    logs = os.path.join(work, "logs")
    shutil.rmtree(logs, ignore_errors=True)
    os.makedirs(logs)
    env = dict(os.environ, VIDYA_TRACE_DIR=logs, VIDYA_TRACE_HZ="1000", VIDYA_TRACE_FRAMES="1")
    pre = ["env", f"LD_PRELOAD={lib}"] if lib else []
    subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", str(hz), "-g", "-o", data,
                    "--"] + pre + argv, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = subprocess.run(["perf", "script", "-F", "comm,ip,sym,dso", "-i", data],
                         capture_output=True, text=True).stdout
    libs = [os.path.basename(lib)] if lib else []
    count = {"total": 0, "user": 0, "kernel": 0, "sampling": 0}
    for block in out.split("\n\n"):
        lines = block.strip().split("\n")
        if len(lines) < 2 or lines[0].strip() != "trace_bench":
            continue
        frames = []
        for l in lines[1:]:
            m = re.match(r"\s*[0-9a-f]+ (.*) \((.*)\)$", l)
            if m:
                frames.append((m.group(1).split("+")[0], m.group(2)))
        count["total"] += 1
        c = classify(frames, libs) if lib else None
        if c:
            count[c] += 1
    return {k: 1e6 * v / hz / calls for k, v in count.items()}

libs = [("this", preload)] + ([("base", base)] if base else [])
res = {name: [] for name, _ in libs}
plain = []
print(f"# recorder's share of the run: {mib} MiB written + read back in {bs} B POSIX calls "
      f"(cached), {calls} calls, perf cpu-clock at {hz} Hz, {rounds} rounds, medians; "
      f"load average {os.getloadavg()[0]:.1f}")
print(f"# {time.strftime('%Y-%m-%d %H:%M:%S')}, {os.cpu_count()} CPUs")
for r in range(rounds):
    plain.append(profile(None)["total"])
    for name, lib in (libs if r % 2 == 0 else libs[::-1]):
        res[name].append(profile(lib))
print()
print("| recorder | total µs/call (untraced: %.3f) | recorder µs/call | quartiles | user | kernel | sampling |"
      % statistics.median(plain))
print("|---|---:|---:|---:|---:|---:|---:|")
for name, lib in libs:
    v = res[name]
    rec = [x["user"] + x["kernel"] + x["sampling"] for x in v]
    q = statistics.quantiles(rec, n=4) if len(rec) > 1 else [rec[0]] * 3
    med = lambda k: statistics.median(x[k] for x in v)
    print(f"| {name} ({lib}) | {med('total'):.3f} | {statistics.median(rec):.3f} | "
          f"{q[0]:.3f}–{q[2]:.3f} | {med('user'):.3f} | {med('kernel'):.3f} | {med('sampling'):.3f} |")
PY
