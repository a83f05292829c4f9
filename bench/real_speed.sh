#!/usr/bin/env bash
# bench/real_speed.sh -- vidya analyze's time on real code bases against
# serial `clang -fsyntax-only` over the same translation units, in one run.
#
#   bench/real_speed.sh [PROGRAM...]        (default: fio h5dump ncdump)
#
# The programs are bench/truth.sh's (their packages built from Debian source
# with bear, in $WORK/src/PKG/tree: run `bench/truth.sh PROGRAM` once first).
# For each program, in a scratch directory holding the inputs truth.sh makes:
#   1. the compile commands of the sources linked into the binary
#      (truth_compdb.py), as truth.sh analyzes them;
#   2. clang: one `clang -fsyntax-only` per entry, serially (clang_script.py);
#   3. cold: `vidya analyze --no-probe -j JOBS --root SRC --env-inherit
#      [--entry E] CDB --args "ARGS"` (truth.sh's spec_PROG, so the walk is
#      the real one) on a fresh database;
#   4. unchanged: the same command again on the same database;
#   5. edit: on a copy of the source tree (hard links; the edited file is
#      a real copy, the original is never written), a cold run, then one
#      harmless function appended to one .c file (EDIT, default the file
#      holding the entry) and the command again on that database; then a
#      cold run of the edited copy on a fresh database, and the md5 of
#      v_blocks (without run_id) of the edit run against that cold run;
#   6. reached edit (step "reach", after "edit"): on that copy, a statement
#      inserted at the top of the entry function's body (a code the walk
#      from the entry runs: a static counter incremented), the command again
#      on the edit database, and the md5 of v_blocks against a cold run of
#      that tree.
# Wall time, CPU time (user + sys) and peak RSS with /usr/bin/time; the load
# average after each step; every analyze runs with --timings, and the
# summary lists each step's phases (parse, the walk's three phases with
# their steps and CPU seconds, figures, model, store).  Prints a markdown table of ratios to clang and
# saves it as OUT/summary.md (logs beside it).
#
# Environment:
#   VIDYA   the vidya binary (default: build/vidya of this checkout)
#   WORK    truth.sh's work directory: sources in WORK/src (default
#           ${TMPDIR:-/tmp}/vidya-truth)
#   OUT     results and scratch (default bench/out/speed-STAMP)
#   JOBS    vidya's -j (default 2)
#   CLANG   clang binary (default clang)
#   EDIT    the file (relative to the package tree) to edit, for every
#           program named; default per program below
#   STEPS   which steps to run (default "clang cold unchanged edit reach")
# Exit status 0 when every step ran (whatever the figures); 1 when some
# step failed or the edit run's v_blocks differ from the cold run's; 2 for
# a usage or setup error.

set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
VIDYA=${VIDYA:-$ROOT/build/vidya}
CLANG=${CLANG:-clang}
JOBS=${JOBS:-2}
WORK=${WORK:-${TMPDIR:-/tmp}/vidya-truth}
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
OUT=${OUT:-$ROOT/bench/out/speed-$STAMP}
STEPS=${STEPS:-"clang cold unchanged edit reach"}
PROGRAMS=${*:-fio h5dump ncdump}

die() { echo "real_speed.sh: $*" >&2; exit 2; }
log() { printf '[speed %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

[ -x "$VIDYA" ] || die "no vidya binary at $VIDYA (build it, or set VIDYA)"
VIDYA=$(cd "$(dirname "$VIDYA")" && pwd)/$(basename "$VIDYA")
[ -x /usr/bin/time ] || die "/usr/bin/time missing: apt-get install time"
command -v "$CLANG" >/dev/null || die "$CLANG not found"
for t in python3 sqlite3 md5sum readelf; do command -v $t >/dev/null || die "$t not found"; done
mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)

# truth.sh's program specs (spec_PROG, inputs, ncgen_bin): the same command
# lines and inputs as the truth benchmark
declare -A SRCDIR
# shellcheck source=/dev/null
source <(sed -n -e '/^inputs() /p' -e '/^ncgen_bin() /p' -e '/^spec_[a-z0-9]*() {/,/^}/p' \
	"$HERE/truth.sh")
declare -A PKGOF=([fio]=fio [ncgen]=netcdf [ncdump]=netcdf [ncdump4]=netcdf [h5dump]=hdf5
	[h5ls]=hdf5 [gzip]=gzip [bzip2]=bzip2 [xz]=xz-utils)
declare -A EDITOF=([fio]=fio.c [ncgen]=ncgen/main.c [ncdump]=ncdump/ncdump.c
	[ncdump4]=ncdump/ncdump.c [h5dump]=tools/src/h5dump/h5dump.c [h5ls]=tools/src/h5ls/h5ls.c
	[gzip]=gzip.c [bzip2]=bzip2.c [xz]=src/xz/main.c)
# the real path: the compile commands name it, and the edit step moves
# their paths to its copy by prefix (a symlinked WORK/src left them on the
# original tree, so the "edit" was not seen)
for pkg in netcdf hdf5 fio gzip bzip2 xz-utils; do
	SRCDIR[$pkg]=$(cd "$WORK/src/$pkg/tree" 2>/dev/null && pwd -P || echo "$WORK/src/$pkg/tree")
done
for p in $PROGRAMS; do
	[ -n "${PKGOF[$p]:-}" ] || die "unknown program $p (known: ${!PKGOF[*]})"
	[ -s "${SRCDIR[${PKGOF[$p]}]}/compile_commands.json" ] ||
		die "$p: no built package in ${SRCDIR[${PKGOF[$p]}]} (run bench/truth.sh $p first, or set WORK)"
done

now() { date +%s.%N; }
load() { cut -d' ' -f1 /proc/loadavg; }
has_step() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }

# timed NAME CMD...: runs CMD, sets T_S (wall) T_CPU T_KIB T_RC T_LOAD
timed() {
	local name=$1 u s
	shift
	echo "$*" >"$LOGS/$name.cmd"
	/usr/bin/time -f '%e %M %U %S' -o "$LOGS/$name.time" "$@" >"$LOGS/$name.log" 2>&1
	T_RC=$?
	if read -r T_S T_KIB u s < <(tail -n 1 "$LOGS/$name.time"); then
		T_CPU=$(awk -v a="$u" -v b="$s" 'BEGIN { printf "%.2f", a + b }')
	else
		T_S=NA T_KIB=NA T_CPU=NA
	fi
	T_LOAD=$(load)
	log "$name: ${T_S} s wall, ${T_CPU} s CPU, ${T_KIB} KiB, exit $T_RC, load $T_LOAD"
}

# analyze NAME DB SRC CDB: the truth.sh command line, timed
analyze() {
	local name=$1 db=$2 src=$3 cdb=$4
	local opt=(--env-inherit) v
	[ -n "$ENTRY" ] && opt+=(--entry "$ENTRY")
	for v in $UNSET; do opt+=(--env "$v"); done
	timed "$name" "$VIDYA" analyze --no-probe -j "$JOBS" --timings --db "$db" --root "$src" \
		"${opt[@]}" "$cdb" --args "$ARGS"
	[ "$T_RC" = 0 ] || [ "$T_RC" = 3 ] # 3: some unit not parsed, results stored
}

# v_blocks of the latest run without run_id, ordered: one md5
blocks_md5() {
	local cols
	cols=$(sqlite3 "$1" "SELECT group_concat(name) FROM pragma_table_info('v_blocks') WHERE name <> 'run_id'")
	sqlite3 -batch "$1" "SELECT $cols FROM v_blocks ORDER BY block_id" | md5sum | cut -c1-32
}

# a hard-linked copy of SRC at DST, with CDB's paths moved there
copy_tree() {
	local src=$1 dst=$2 cdb=$3 out=$4
	rm -rf "$dst"
	cp -al "$src" "$dst" 2>/dev/null || cp -a "$src" "$dst" || return 1
	python3 - "$src" "$dst" "$cdb" "$out" <<'EOF'
import json, sys
src, dst, cdb, out = sys.argv[1:]
def mv(s):
    return dst + s[len(src):] if s == src or s.startswith(src + "/") else s.replace(src + "/", dst + "/")
db = json.load(open(cdb))
for e in db:
    for k in ("directory", "file", "output"):
        if k in e:
            e[k] = mv(e[k])
    if "arguments" in e:
        e["arguments"] = [mv(a) for a in e["arguments"]]
    if "command" in e:
        e["command"] = e["command"].replace(src + "/", dst + "/")
json.dump(db, open(out, "w"), indent=1)
EOF
}

# the line after the opening brace of function NAME's definition in FILE
# ("int main(" or "main(" at the start of a line, the brace on a later line
# or at the end of that one); empty when not found
body_line() {
	awk -v fn="$2" '
		!found && ($0 ~ "^(.*[ *])?" fn "[ ]*\\(") { found = 1 }
		found && /\{[ \t]*$/ { print NR + 1; exit }
		found && /;[ \t]*$/ && !/\{/ { found = 0 }' "$1"
}

# reach_edit FILE ENTRY: step 6 (sets re_*, rsame); the edit database and
# tree of step 5
reach_edit() {
	local f=$1 fn=${2##*:} at a b
	[ -n "$fn" ] || fn=main
	at=$(body_line "$f" "$fn")
	if [ -z "$at" ]; then
		FAILED+=("$prog: no body of $fn found in $f for the reached edit")
		return
	fi
	sed -i "${at}i\\	{ static volatile int vidya_bench_reach_$STAMP; vidya_bench_reach_$STAMP++; }" "$f"
	if ! analyze reach edit.db "$etree" "$ecdb"; then
		FAILED+=("$prog: reached edit analyze exit $T_RC")
		return
	fi
	re_s=$T_S re_cpu=$T_CPU re_load=$T_LOAD
	grep -q 'inputs unchanged' "$LOGS/reach.log" &&
		FAILED+=("$prog: the reached edit run saw no change")
	rm -f reach-cold.db
	if analyze reach-cold reach-cold.db "$etree" "$ecdb"; then
		a=$(blocks_md5 edit.db) b=$(blocks_md5 reach-cold.db)
		if [ "$a" = "$b" ]; then rsame=yes; else
			rsame=NO
			FAILED+=("$prog: v_blocks of the reached edit run ($a) differ from a cold run ($b)")
		fi
	fi
}

ROWS=()
FAILED=()
for prog in $PROGRAMS; do
	PKG= BIN= ENTRY= ARGS= UNSET=
	dir=$OUT/$prog
	LOGS=$dir/logs
	rm -rf "$dir" && mkdir -p "$LOGS" || die "cannot create $dir"
	cd "$dir" || die "cd $dir"
	"spec_$prog" >"$LOGS/inputs.log" 2>&1 || { FAILED+=("$prog: making inputs"); continue; }
	src=${SRCDIR[$PKG]}
	cdb=$dir/compile_commands.json
	python3 "$HERE/truth_compdb.py" "$src/$BIN" "$src/compile_commands.json" "$cdb" \
		>"$LOGS/compdb.log" 2>&1 || { FAILED+=("$prog: truth_compdb.py"); continue; }
	ntu=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$cdb")
	log "$prog: $ntu units ($src)"
	clang_s=NA clang_cpu=NA clang_load=NA cold_s=NA cold_cpu=NA cold_kib=NA cold_load=NA
	un_s=NA un_cpu=NA un_load=NA ed_s=NA ed_cpu=NA ed_load=NA same=NA budget=NA
	re_s=NA re_cpu=NA re_load=NA rsame=NA
	if has_step clang; then
		python3 "$HERE/clang_script.py" "$cdb" "$CLANG" >"$dir/clang.sh"
		timed clang bash "$dir/clang.sh"
		if [ "$T_RC" = 0 ]; then
			clang_s=$T_S clang_cpu=$T_CPU clang_load=$T_LOAD
		else
			FAILED+=("$prog: clang -fsyntax-only failed, see $LOGS/clang.log")
		fi
	fi
	if has_step cold; then
		rm -f cold.db
		if analyze cold cold.db "$src" "$cdb"; then
			cold_s=$T_S cold_cpu=$T_CPU cold_kib=$T_KIB cold_load=$T_LOAD
			budget=$(grep -c 'evaluation budget' "$LOGS/cold.log")
			cold_md5=$(blocks_md5 cold.db)
		else
			FAILED+=("$prog: cold analyze exit $T_RC")
		fi
	fi
	if has_step unchanged && [ -e cold.db ]; then
		if analyze unchanged cold.db "$src" "$cdb"; then
			un_s=$T_S un_cpu=$T_CPU un_load=$T_LOAD
			[ "$(blocks_md5 cold.db)" = "$cold_md5" ] ||
				FAILED+=("$prog: v_blocks of the unchanged re-run differ from the cold run")
		else
			FAILED+=("$prog: unchanged analyze exit $T_RC")
		fi
	fi
	if has_step edit; then
		ef=${EDIT:-${EDITOF[$prog]}}
		etree=$dir/tree
		ecdb=$dir/edit/compile_commands.json
		mkdir -p "$dir/edit"
		if ! copy_tree "$src" "$etree" "$cdb" "$ecdb"; then
			FAILED+=("$prog: copying the tree")
		elif analyze edit-prime edit.db "$etree" "$ecdb"; then
			# a real copy of the edited file: the original keeps its bytes
			cp "$etree/$ef" "$etree/$ef.vidya-edit" && mv "$etree/$ef.vidya-edit" "$etree/$ef"
			printf '\nint vidya_bench_edit_%s(int x);\nint vidya_bench_edit_%s(int x) { return x + 1; }\n' \
				"$STAMP" "$STAMP" >>"$etree/$ef"
			if analyze edit edit.db "$etree" "$ecdb"; then
				ed_s=$T_S ed_cpu=$T_CPU ed_load=$T_LOAD
				grep -q 'inputs unchanged' "$LOGS/edit.log" &&
					FAILED+=("$prog: the edit run saw no change (the copy's compile commands name the original tree?)")
				rm -f edit-cold.db
				if analyze edit-cold edit-cold.db "$etree" "$ecdb"; then
					a=$(blocks_md5 edit.db) b=$(blocks_md5 edit-cold.db)
					if [ "$a" = "$b" ]; then same=yes; else
						same=NO
						FAILED+=("$prog: v_blocks of the edit run ($a) differ from a cold run ($b)")
					fi
				fi
			else
				FAILED+=("$prog: edit analyze exit $T_RC")
			fi
			if has_step reach && [ "$same" != NA ]; then
				reach_edit "$etree/$ef" "$ENTRY"
			fi
		else
			FAILED+=("$prog: analyze of the copy exit $T_RC")
		fi
		rm -rf "$etree"
	fi
	ROWS+=("$prog|$ntu|$clang_s|$clang_cpu|$clang_load|$cold_s|$cold_cpu|$cold_kib|$cold_load|$budget|$un_s|$un_cpu|$un_load|$ed_s|$ed_cpu|$ed_load|$same|$re_s|$re_cpu|$re_load|$rsame")
	cd "$OUT" || true
done

{
	echo "# vidya analyze vs serial clang -fsyntax-only on real code bases, $STAMP"
	echo
	echo "vidya $("$VIDYA" --version | head -1) ($(cd "$ROOT" && git describe --always --dirty 2>/dev/null || echo '?')), $(nproc) CPUs, -j $JOBS, $("$CLANG" --version | head -1)"
	echo
	echo "Times are wall seconds (CPU seconds, user + sys, children included, in"
	echo "parentheses); ratios are wall / wall and, in parentheses, CPU / CPU."
	echo
	echo "| program | TUs | clang s | cold s | cold / clang | budget cut | unchanged s | unchanged / clang | one-file edit s | edit / clang | edit = cold | reached edit s | reached edit / clang | reached = cold | peak RSS cold MiB | load (clang, cold, unchanged, edit, reached) |"
	echo "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---|---:|---:|---|---:|---|"
	for r in "${ROWS[@]}"; do
		IFS='|' read -r p n cl clc cll co coc cok col bu un unc unl ed edc edl sm re rec rel rsm <<<"$r"
		ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.3fx", a / b; else print "n/a" }'; }
		mib=$(awk -v k="$cok" 'BEGIN { if (k + 0 > 0) printf "%.0f", k / 1024; else print "n/a" }')
		bcut=$([ "$bu" = NA ] && echo n/a || { [ "$bu" -gt 0 ] && echo yes || echo no; })
		echo "| $p | $n | $cl ($clc) | $co ($coc) | $(ratio "$co" "$cl") ($(ratio "$coc" "$clc")) | $bcut | $un ($unc) | $(ratio "$un" "$cl") ($(ratio "$unc" "$clc")) | $ed ($edc) | $(ratio "$ed" "$cl") ($(ratio "$edc" "$clc")) | $sm | $re ($rec) | $(ratio "$re" "$cl") ($(ratio "$rec" "$clc")) | $rsm | $mib | $cll, $col, $unl, $edl, $rel |"
	done
	echo
	echo "Where each run's time went (\`--timings\`: wall seconds; the walk's phases"
	echo "with their evaluation steps and the walking thread's CPU seconds):"
	echo
	for p in $PROGRAMS; do
		for step in cold unchanged edit reach; do
			t=$(grep -h '^timings:' "$OUT/$p/logs/$step.log" 2>/dev/null | tail -n 1)
			[ -n "$t" ] && echo "- $p $step: ${t#timings: }"
		done
	done
	if [ ${#FAILED[@]} -gt 0 ]; then
		echo
		echo "failed:"
		for f in "${FAILED[@]}"; do echo "- $f"; done
	fi
} >"$OUT/summary.md"
cat "$OUT/summary.md"
[ ${#FAILED[@]} -eq 0 ]
