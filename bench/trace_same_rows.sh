#!/usr/bin/env bash
# trace_same_rows.sh - whether two builds of vidya store the same trace of
# the same programs: for a change of the recorder or of its log format
# that must not change what is stored.  Each program (the 4 KiB benchmark
# at 8 MiB in POSIX and stdio form, and test programs of
# tests/trace/progs) is built, analyzed once, then traced with --ops by
# BASE_VIDYA and by VIDYA (each from a fresh run directory), and the logs
# BASE_VIDYA's recorder wrote are loaded again by VIDYA (--load).  It
# prints, per program, whether
#   - every v_trace_ops and v_trace_files column but the times, process
#     and thread numbers is equal between the two builds (handles that are
#     addresses, FILE*, numbered by first appearance: ASLR moves them), and
#   - every column, times included (starts relative to the trace's first
#     call), is equal between BASE_VIDYA's trace and VIDYA's reading of
#     BASE_VIDYA's logs: the reader takes the older format exactly.
# threads_io's threads interleave differently from run to run of any
# build: its rows differ between runs; its per-call and per-file totals
# are compared instead.
#
# usage: BASE_VIDYA=/main/build/vidya VIDYA=build/vidya bench/trace_same_rows.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
VIDYA=${VIDYA:-$root/build/vidya}
BASE_VIDYA=${BASE_VIDYA:?set BASE_VIDYA to the other build\'s vidya}
P=$root/tests/trace/progs
DIR=${DIR:-$here/out}
mkdir -p "$DIR"
W=$(mktemp -d "$DIR/trace-same.XXXXXX")
trap 'rm -rf "$W"' EXIT

# dump DB [times]: v_trace_ops and v_trace_files of the last trace
dump() {
	python3 - "$1" "${2:-0}" <<'PY'
import re, sqlite3, sys
con = sqlite3.connect(sys.argv[1])
times = sys.argv[2] == "1"
tid = con.execute("SELECT max(trace_id) FROM traces").fetchone()[0]
T = re.compile(r"(_s$|^pid$|^thread$|^tid$|^ppid$)")
for v in ("v_trace_ops", "v_trace_files"):
    cols = [r[1] for r in con.execute(f"PRAGMA table_info({v})")]
    keep = [c for c in cols if c != "trace_id" and (times or not T.search(c))]
    order = ", ".join(c for c in keep if not c.endswith("_s"))
    rows = con.execute(f"SELECT {', '.join(keep)} FROM {v} WHERE trace_id = ? ORDER BY {order}",
                       (tid,)).fetchall()
    print(v, keep)
    if times and "start_s" in keep:
        i = keep.index("start_s")
        t0 = min(r[i] for r in rows) if rows else 0
        rows = [tuple(x - t0 if j == i else x for j, x in enumerate(r)) for r in rows]
    if not times and "handle" in keep:
        i, ids = keep.index("handle"), {}
        for r in sorted(rows, key=lambda r: r[0]):
            if r[i] is not None and r[i] > 65535:
                ids.setdefault(r[i], f"h{len(ids)}")
        rows = sorted(tuple(ids.get(x, x) if j == i else x for j, x in enumerate(r)) for r in rows)
    for r in rows:
        print(tuple(round(x, 9) if isinstance(x, float) else x for x in r))
PY
}

totals() {
	sqlite3 "$1" "SELECT call, path, count(*), sum(bytes), min(offset), max(offset) FROM v_trace_ops
		GROUP BY 1, 2 ORDER BY 1, 2;
		SELECT path, api, opens, reads, writes, bytes_read, bytes_written, errors FROM v_trace_files ORDER BY 1, 2"
}

# prog NAME SOURCE CFLAGS ARGS...
prog() {
	local name=$1 src=$2 flags=$3 d=$W/$1 base
	shift 3
	mkdir -p "$d" && cd "$d" || return
	base=$(basename "$src" .c)
	cp "$src" .
	local json=""
	for f in $flags; do json="$json\"$f\", "; done
	printf '[{"directory": "%s", "arguments": ["cc", "-g", "-O0", %s"-c", "%s.c"], "file": "%s.c"}]\n' \
		"$d" "$json" "$base" "$base" >compile_commands.json
	# shellcheck disable=SC2086
	cc -g -O0 $flags "$base.c" -o "$base" ${LIBS:-} || { echo "$name: cannot build"; return; }
	"$VIDYA" analyze --no-probe --quiet --db an.db compile_commands.json --args "$*" >/dev/null 2>&1
	local b v
	for b in base this; do
		v=$VIDYA
		[ $b = base ] && v=$BASE_VIDYA
		cp an.db $b.db
		rm -rf run "kept.$b" && mkdir run "kept.$b" && cd run || return
		"$v" trace --ops --out "../kept.$b" --db "../$b.db" -- "../$base" "$@" >/dev/null 2>&1 ||
			echo "$name: $b trace exited $?"
		cd ..
	done
	cp an.db cross.db
	"$VIDYA" trace --ops --load kept.base/* --db cross.db >/dev/null 2>&1 || echo "$name: --load exited $?"
	local r1 r2
	if [ "$name" = threads_io ]; then
		cmp -s <(totals base.db) <(totals this.db) && r1="same totals" || r1=DIFF
	else
		cmp -s <(dump base.db) <(dump this.db) && r1=same || r1=DIFF
	fi
	cmp -s <(dump base.db 1) <(dump cross.db 1) && r2=same || r2=DIFF
	echo "$name: $(sqlite3 base.db 'SELECT count(*) FROM v_trace_ops') calls; base vs this, times aside: $r1;" \
		"base vs this reading base's logs, times too: $r2"
	cd "$W" || return
}

cp "$here/trace_bench.c" "$W/"
prog bench8 "$W/trace_bench.c" "" data.bin 8 4096 -c
prog bench8s "$W/trace_bench.c" "" data.bin 8 4096 -s -c
prog stdio_io "$P/stdio_io.c" "" 50 600 20
prog posix_io "$P/posix_io.c" "" 8 4096 24 12345
prog chains "$P/chains.c" ""
prog dups "$P/dups.c" ""
prog positions "$P/positions.c" ""
prog rightfile "$P/rightfile.c" ""
prog many_calls "$P/many_calls.c" "" 20000
prog many_calls_r "$P/many_calls.c" "" 20000 r
prog threads_io "$P/threads_io.c" "" 20 3000
LIBS="-L/usr/lib/x86_64-linux-gnu/hdf5/serial -lhdf5" \
	prog hdf5_io "$P/hdf5_io.c" "-I/usr/include/hdf5/serial" 128 128
