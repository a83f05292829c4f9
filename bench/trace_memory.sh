#!/usr/bin/env bash
# trace_memory.sh - the store's memory against the number of calls: the
# whole `vidya trace` command's largest resident set (the store's: the
# traced program's own stays near 10 MB, its log pages are dropped as they
# are written), its CPU time and the database it wrote, for 1M and 4M
# calls, in the default mode (counters) and with --ops (every call kept), against
# the untraced program.
#
# The program is bench/trace_bench.c (-O2 -g, analyzed first, as `vidya
# trace` is used) writing MIB MiB in BS-byte POSIX calls and reading it back
# from the page cache: 2 * MIB MiB / BS calls.  Small calls (BS=256) keep
# the data file small; the store's work depends on the calls, not on bytes.
#
# usage: bench/trace_memory.sh                     (SIZES="128 512" BS=256)
#        VIDYA=/path/to/older/vidya bench/trace_memory.sh   (a baseline)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
VIDYA=${VIDYA:-$root/build/vidya}
SIZES=${SIZES:-"128 512"}
BS=${BS:-256}
MODES=${MODES:-"default --ops"}
DIR=${DIR:-$here/out}
[ -x "$VIDYA" ] || { echo "trace_memory: $VIDYA not built" >&2; exit 1; }
mkdir -p "$DIR"
work=$(mktemp -d "$DIR/trace-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$here/trace_bench.c" "$work/"
(cd "$work" && cc -O2 -g trace_bench.c -o trace_bench)
printf '[{"directory": "%s", "arguments": ["cc", "-O2", "-g", "-c", "trace_bench.c"], "file": "trace_bench.c"}]\n' \
	"$work" >"$work/compile_commands.json"
"$VIDYA" analyze --no-probe --quiet --db "$work/analyzed.db" "$work/compile_commands.json" \
	--args "$work/data.bin 128 $BS -c" >/dev/null

python3 - "$work" "$VIDYA" "$BS" "$SIZES" $MODES <<'PY'
import os, shutil, sqlite3, subprocess, sys, time
work, vidya, bs, sizes = sys.argv[1:5]
modes = sys.argv[5:]
prog, data = os.path.join(work, "trace_bench"), os.path.join(work, "data.bin")
print(f"# vidya trace store memory: {bs} B POSIX calls (cached); load average "
      f"{os.getloadavg()[0]:.1f}; {time.strftime('%Y-%m-%d %H:%M:%S')}")
print()
print("| mode | calls | untraced CPU s | whole command CPU s | whole / untraced | peak MB | db MB |")
print("|---|---:|---:|---:|---:|---:|---:|")

def run(cmd):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"trace_memory: {cmd[0]} failed")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024

for mib in sizes.split():
    argv = [prog, data, mib, bs, "-c"]
    plain, _ = run(argv)
    for mode in modes:
        opts = [] if mode == "default" else mode.split()
        db = os.path.join(work, "m.db")
        shutil.copyfile(os.path.join(work, "analyzed.db"), db)
        cpu, peak = run([vidya, "trace", "--db", db] + opts + ["--"] + argv)
        con = sqlite3.connect(db)
        calls = con.execute("SELECT sum(ops) FROM trace_procs").fetchone()[0]
        con.close()
        print(f"| {mode} | {calls} | {plain:.2f} | {cpu:.2f} | {cpu / plain:.2f} | {peak:.0f} | "
              f"{os.path.getsize(db) / 1e6:.0f} |")
        sys.stdout.flush()
        os.unlink(db)
PY
