#!/bin/bash
# run_bench.sh - time `vidya analyze` against serial `clang -fsyntax-only` on
# synthetic code bases of growing size (bench/gen_project.py).
#
# For each mode (low, medium, high) and each size (translation units):
#   1. generate the project under bench/out/STAMP/proj/MODE-SIZE/ (removed
#      once measured unless KEEP_PROJECTS=1; per run, so that two runs at the
#      same time do not share projects or databases);
#   2. clang: one `clang -fsyntax-only` process per compile_commands.json
#      entry, serially, with the entry's own flags (-c/-o dropped; `mpicc`
#      entries get `mpicc --showme:compile`, as vidya adds them);
#   3. vidya cold: `vidya analyze --no-probe --db DB [COLD FLAGS]` on a fresh
#      database; vidya warm: the same command again on the same database,
#      project unchanged [WARM FLAGS];  wall time and peak RSS (/usr/bin/time).
# Prints a markdown table (and how time and memory grow with size) and saves
# it as bench/out/bench-STAMP.md; logs go to bench/out/STAMP/.
#
# usage: bench/run_bench.sh            (from the repository root or anywhere)
# environment:
#   SIZES        translation units per project (default "10 50 200 1000 2000")
#   MODES        default "low medium high"
#   LINES        lines per module (default 500: 2000 files is about 1M lines)
#   SEED         generator seed (default 1)
#   VIDYA        vidya binary (default: build/vidya of this repository)
#   VIDYA_REV    how to name that binary in the report (default: its --version,
#                plus the commit when it is this repository's build/vidya)
#   JOBS         if set, `-j JOBS` is passed to both vidya runs (unset: vidya's
#                default, the online CPUs)
#   VIDYA_COLD_FLAGS  extra flags of the cold run (default: --no-cache if
#                `vidya analyze --help` mentions it, else none)
#   VIDYA_WARM_FLAGS  extra flags of the warm run (default: none)
#   CLANG        clang binary (default clang)
#   OUT          output directory (default bench/out)
#   KEEP_PROJECTS  1 keeps the generated projects and their databases
# needs: python3, clang, /usr/bin/time (Debian package `time`), and to build
# nothing: the projects are only parsed.  mpicc (openmpi) and the HDF5
# headers (libhdf5-dev) must be installed for the medium and high modes.
set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

SIZES=${SIZES:-"10 50 200 1000 2000"}
MODES=${MODES:-"low medium high"}
LINES=${LINES:-500}
SEED=${SEED:-1}
VIDYA=${VIDYA:-$repo/build/vidya}
CLANG=${CLANG:-clang}
OUT=${OUT:-$repo/bench/out}
JOBS=${JOBS:-}
KEEP_PROJECTS=${KEEP_PROJECTS:-0}

die() { echo "run_bench.sh: $*" >&2; exit 1; }

[ -x "$VIDYA" ] || die "no vidya binary at $VIDYA (set VIDYA=...)"
[ -x /usr/bin/time ] || die "/usr/bin/time missing: apt-get install time"
command -v "$CLANG" >/dev/null || die "$CLANG not found"
command -v python3 >/dev/null || die "python3 not found"
VIDYA=$(cd "$(dirname "$VIDYA")" && pwd)/$(basename "$VIDYA")

help=$("$VIDYA" analyze --help 2>&1 || true)
if [ -z "${VIDYA_COLD_FLAGS+set}" ]; then
	VIDYA_COLD_FLAGS=
	case $help in *--no-cache*) VIDYA_COLD_FLAGS=--no-cache ;; esac
fi
VIDYA_WARM_FLAGS=${VIDYA_WARM_FLAGS:-}
jflag=
[ -n "$JOBS" ] && jflag="-j $JOBS"
cache_note=
case $help in
*cache*) ;;
*) cache_note="this vidya has no per-TU cache: the warm run is a second cold run" ;;
esac

stamp=$(date -u +%Y%m%d-%H%M%S)
logdir=$OUT/$stamp
mkdir -p "$logdir/proj" || die "cannot create $logdir"
results=$logdir/results.tsv
: >"$results"

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
if [ -z "${VIDYA_REV:-}" ]; then
	VIDYA_REV=$("$VIDYA" --version 2>/dev/null | head -n 1)
	if [ "$VIDYA" = "$repo/build/vidya" ]; then
		VIDYA_REV="$VIDYA_REV, repository at $(git -C "$repo" rev-parse --short HEAD 2>/dev/null)"
		[ -n "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ] &&
			VIDYA_REV="$VIDYA_REV + uncommitted changes"
	fi
fi
clangv=$("$CLANG" --version | head -n 1)
{
	echo "# vidya analyze vs clang -fsyntax-only, $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	echo "- machine: $(nproc) CPUs ($cpu), $mem"
	echo "- vidya: $VIDYA ($VIDYA_REV)"
	echo "- clang: $clangv"
	echo "- cold: vidya analyze --no-probe --db DB${jflag:+ $jflag}${VIDYA_COLD_FLAGS:+ $VIDYA_COLD_FLAGS} compile_commands.json (fresh DB)"
	echo "- warm: vidya analyze --no-probe --db DB${jflag:+ $jflag}${VIDYA_WARM_FLAGS:+ $VIDYA_WARM_FLAGS} compile_commands.json (same DB, project unchanged)"
	echo "- modes: $MODES; sizes (translation units): $SIZES; ~$LINES lines per module, seed $SEED"
	[ -n "$cache_note" ] && echo "- note: $cache_note"
	echo
} >"$logdir/header.md"
cat "$logdir/header.md"

now() { date +%s.%N; }

# clang_script CCJSON > SCRIPT: one serial `clang -fsyntax-only` per entry
clang_script() { python3 "$here/clang_script.py" "$1" "$CLANG"; }

# run_vidya NAME DB CCJSON FLAGS... : sets v_s v_kib v_cpu v_rc
run_vidya() {
	local name=$1 db=$2 cc=$3 u s
	shift 3
	echo "$VIDYA analyze --no-probe --db $db $* $cc" >"$logdir/$name.cmd"
	/usr/bin/time -f '%e %M %U %S' -o "$logdir/$name.time" \
		"$VIDYA" analyze --no-probe --db "$db" "$@" "$cc" >"$logdir/$name.log" 2>&1
	v_rc=$?
	# the last line: /usr/bin/time writes "Command exited with non-zero
	# status N" first when the command fails
	if read -r v_s v_kib u s < <(tail -n 1 "$logdir/$name.time"); then
		v_cpu=$(awk -v a="$u" -v b="$s" 'BEGIN { printf "%.2f", a + b }')
	else
		v_s=NA v_kib=NA v_cpu=NA
	fi
}

for mode in $MODES; do
	for n in $SIZES; do
		proj=$logdir/proj/$mode-$n
		gen=$(python3 "$here/gen_project.py" --mode "$mode" --files "$n" \
			--lines-per-file "$LINES" --seed "$SEED" --out "$proj") ||
			die "gen_project.py failed for $mode $n"
		lines=$(echo "$gen" | sed -n 's/.*total_lines=\([0-9]*\).*/\1/p')
		cc=$proj/compile_commands.json

		clang_script "$cc" >"$logdir/clang-$mode-$n.sh"
		t0=$(now)
		if bash "$logdir/clang-$mode-$n.sh" >"$logdir/clang-$mode-$n.log" 2>&1; then
			t1=$(now)
			clang_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
		else
			clang_s=FAIL
		fi

		db=$proj/bench.db
		rm -f "$db" "$db-journal" "$db-wal" "$db-shm"
		# shellcheck disable=SC2086
		run_vidya "cold-$mode-$n" "$db" "$cc" $jflag $VIDYA_COLD_FLAGS
		cold_s=$v_s cold_kib=$v_kib cold_rc=$v_rc cold_cpu=$v_cpu
		# shellcheck disable=SC2086
		run_vidya "warm-$mode-$n" "$db" "$cc" $jflag $VIDYA_WARM_FLAGS
		warm_s=$v_s warm_kib=$v_kib warm_rc=$v_rc warm_cpu=$v_cpu

		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$mode" "$n" \
			"$lines" "$clang_s" "$cold_s" "$cold_kib" "$cold_rc" "$warm_s" "$warm_kib" \
			"$warm_rc" "$cold_cpu" "$warm_cpu" "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$results"
		[ "$KEEP_PROJECTS" = 1 ] || rm -rf "$proj"
		echo "  $mode $n files ($lines lines): clang ${clang_s} s, vidya cold ${cold_s} s" \
			"(rc $cold_rc, $cold_kib KiB), warm ${warm_s} s (rc $warm_rc, $warm_kib KiB)" >&2
	done
done

python3 - "$results" >"$logdir/tables.md" <<'EOF'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
def f(x):
    try:
        return float(x)
    except ValueError:
        return None
def s(x, fmt="%.2f"):
    return fmt % x if x is not None else "n/a"
def ratio(a, b):
    return a / b if a is not None and b else None
def mib(kib):
    return f(kib) / 1024 if f(kib) is not None else None
def rc_note(rc):
    return "" if rc == "0" else (" (rc 3: TUs not parsed)" if rc == "3" else " (FAILED rc %s)" % rc)
print("| mode | files | lines | clang -fsyntax-only s | vidya cold s | cold / clang | vidya warm s | warm / clang | peak RSS cold MiB | peak RSS warm MiB |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for mode, n, lines, cl, cs, ck, crc, ws, wk, wrc, ccpu, wcpu, load in rows:
    c, co, wa = f(cl), f(cs), f(ws)
    print("| %s | %s | %s | %s | %s%s | %s | %s%s | %s | %s | %s |" % (
        mode, n, lines, s(c), s(co), rc_note(crc), s(ratio(co, c), "%.2fx"),
        s(wa), rc_note(wrc), s(ratio(wa, c), "%.2fx"), s(mib(ck), "%.0f"), s(mib(wk), "%.0f")))
print()
print("Growth with size, per 1000 lines (kLOC); \"marginal\" is the increase from the previous size")
print("divided by the added kLOC, which removes fixed start-up costs:")
print()
print("| mode | files | kLOC | clang s/kLOC | cold s/kLOC | cold marginal s/kLOC | warm s/kLOC | RSS MiB/kLOC | RSS marginal MiB/kLOC |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
prev = {}
for mode, n, lines, cl, cs, ck, crc, ws, wk, wrc, ccpu, wcpu, load in rows:
    k = f(lines) / 1000.0
    c, co, wa, r = f(cl), f(cs), f(ws), mib(ck)
    mc = mr = None
    if mode in prev:
        pk, pco, pr = prev[mode]
        if k > pk and co is not None and pco is not None:
            mc = (co - pco) / (k - pk)
        if k > pk and r is not None and pr is not None:
            mr = (r - pr) / (k - pk)
    prev[mode] = (k, co, r)
    print("| %s | %s | %.1f | %s | %s | %s | %s | %s | %s |" % (
        mode, n, k, s(ratio(c, k), "%.4f"), s(ratio(co, k), "%.4f"), s(mc, "%.4f"),
        s(ratio(wa, k), "%.4f"), s(ratio(r, k), "%.3f"), s(mr, "%.3f")))
print()
print("CPU time (user + sys) of the vidya runs; CPU / wall above 1 means parallel work.")
print("Load average (1, 5, 15 min) after the row was measured, as other work on the")
print("machine skews the wall times:")
print()
print("| mode | files | cold CPU s | cold CPU / wall | warm CPU s | warm CPU / wall | load average |")
print("|---|---:|---:|---:|---:|---:|---|")
for mode, n, lines, cl, cs, ck, crc, ws, wk, wrc, ccpu, wcpu, load in rows:
    print("| %s | %s | %s | %s | %s | %s | %s |" % (
        mode, n, s(f(ccpu)), s(ratio(f(ccpu), f(cs))), s(f(wcpu)), s(ratio(f(wcpu), f(ws))), load))
EOF

cat "$logdir/header.md" "$logdir/tables.md" >"$OUT/bench-$stamp.md"
cat "$logdir/tables.md"
echo
echo "saved: $OUT/bench-$stamp.md (logs in $logdir)"
