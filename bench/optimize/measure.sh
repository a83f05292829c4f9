#!/usr/bin/env bash
# bench/optimize/measure.sh - the four loops of issue 12 (and fprintf
# records), each as an original program (progs/NAME.c) and an optimized
# one, measured with `vidya optimize --measure`: both run under vidya trace,
# outputs compared byte for byte, wall time and I/O time (time the main
# thread is blocked in I/O calls, as the trace measures it) before and
# after, medians of RUNS runs each.
#
#   read        read loop with computation between reads, cold page cache
#   read-nora   the same with the kernel's read-ahead off for the file
#   write       small write() records
#   fprintf     small fprintf() records
#   fsync       checkpoint loop: write() + fsync() per record
#   openclose   open/write/close per iteration
#
#   bench/optimize/measure.sh                     # all cases, RUNS=3
#   RUNS=5 ONLY="read write" bench/optimize/measure.sh
#
# Where the optimized programs come from (OPTIMIZED=...):
#   hand   (default) progs/NAME.opt.c, written by hand exactly as the
#          rewriter changes the original (progs/README.md); the figures in
#          docs/benchmarks.md come from these.  It is put in the
#          original's place with vd_rt.h next to it and built with the
#          original's own command
#   apply  `vidya optimize --apply` on the original's source in place (after
#          its analysis with the run's arguments), then the same command.
#          Needs the rewriter (not on the branch that wrote this script:
#          untested until then; written against its command line
#          `vidya optimize --apply [--allow-durability] compile_commands.json
#          --args ...`).  The fsync case passes --allow-durability (the
#          deferred sync is opt-in); OPT_FLAGS adds options to every case.
#          The applied sources are kept as bench/out/.../CASE.applied.c.
#
# Knobs (environment): RUNS, ONLY, MIB (read input, 64), CHUNK (131072),
# WORK (hash passes per chunk, 96), NREC (records, 200000), NSYNC (fsync
# records, 300), NITER (open/close iterations, 2000), HZ (samples per
# second, 1000), CC, VIDYA (default build/vidya), WORK_DIR (scratch, default
# ${TMPDIR:-/tmp}/vidya-bench-measure), OPTIMIZED, OPT_FLAGS, VIDYA_APPLY
# (the vidya that runs --apply, default VIDYA).
# Each case's original is analyzed (vidya analyze --args, the run's
# arguments) before it is measured, for the per-block and per-function
# views (see build below).  Results: bench/out/measure-STAMP/summary.md
# and measure.db (the pairs, the traces, the analyses).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
RUNS=${RUNS:-3}
ONLY=${ONLY:-"read read-nora write fprintf fsync openclose"}
MIB=${MIB:-64}
CHUNK=${CHUNK:-131072}
WORK=${WORK:-96}
NREC=${NREC:-200000}
NSYNC=${NSYNC:-300}
NITER=${NITER:-2000}
HZ=${HZ:-1000}
CC=${CC:-cc}
VIDYA=${VIDYA:-$root/build/vidya}
VIDYA_APPLY=${VIDYA_APPLY:-$VIDYA}
OPTIMIZED=${OPTIMIZED:-hand}
OPT_FLAGS=${OPT_FLAGS:-}
WORK_DIR=${WORK_DIR:-${TMPDIR:-/tmp}/vidya-bench-measure}
stamp=$(date -u +%Y%m%d-%H%M%S)
out="$root/bench/out/measure-$stamp"
db="$out/measure.db"
mkdir -p "$out" "$WORK_DIR"
[ -x "$VIDYA" ] || { echo "no vidya at $VIDYA (build it, or set VIDYA)" >&2; exit 1; }
case $OPTIMIZED in hand | apply) ;; *) echo "OPTIMIZED must be hand or apply" >&2; exit 1 ;; esac

input="$WORK_DIR/input-$MIB.bin"
if [ ! -f "$input" ] || [ "$(stat -c %s "$input")" -ne $((MIB * 1048576)) ]; then
	head -c $((MIB * 1048576)) /dev/urandom >"$input"
	sync
fi

# the program of a case, and its arguments (outputs are relative: each
# case runs in a directory of its own)
prog_of() {
	case $1 in
	read | read-nora) echo readloop ;;
	write) echo smallwrite ;;
	fprintf) echo fprintfloop ;;
	fsync) echo checkpoint ;;
	openclose) echo openclose ;;
	esac
}
args_of() {
	case $1 in
	read) echo "$input $CHUNK $WORK" ;;
	read-nora) echo "$input $CHUNK $WORK nora" ;;
	write | fprintf) echo "out.csv $NREC" ;;
	fsync) echo "ckpt.log $NSYNC" ;;
	openclose) echo "steps.log $NITER" ;;
	esac
}

# the one compile command both versions are built with (the project's own)
compile() { # dir name
	(cd "$1" && "$CC" -O2 -g "$2.c" -o "$2")
}

# build DIR/NAME.orig and DIR/NAME.opt from one source directory DIR/src,
# as in a project: the original is analyzed (vidya analyze --args, the
# run's arguments: the traces' per-block and per-function figures) and
# built, then its source is replaced by the optimized one and built with
# the same command (both binaries' debug information names DIR/src/NAME.c,
# the file the analysis knows)
build() { # name case
	local name=$1 c=$2 d="$WORK_DIR/build-$1"
	rm -rf "$d"
	mkdir -p "$d/src"
	cp "$here/progs/$name.c" "$d/src/$name.c"
	printf '[{"directory": "%s", "arguments": ["%s", "-O2", "-g", "-c", "%s.c"], "file": "%s.c"}]\n' \
		"$d/src" "$CC" "$name" "$name" >"$d/src/compile_commands.json"
	"$VIDYA" analyze --no-probe --quiet --db "$db" "$d/src/compile_commands.json" \
		--args "$(args_of "$c")" >"$out/$c.analyze" 2>&1 ||
		{ cat "$out/$c.analyze" >&2; echo "$c: vidya analyze failed" >&2; return 1; }
	compile "$d/src" "$name"
	mv "$d/src/$name" "$d/$name.orig"
	if [ "$OPTIMIZED" = hand ]; then
		cp "$here/progs/$name.opt.c" "$d/src/$name.c"
		cp "$root/optimizer/runtime/vd_rt.h" "$d/src/"
	else
		# ---- OPTIMIZED=apply: the rewriter produces the optimized source ----
		# (its own analysis, with the run's arguments, in a database of its
		# own; the checkpoint loop's deferred sync needs the opt-in)
		local optin=
		[ "$c" = fsync ] && optin=--allow-durability
		# shellcheck disable=SC2086
		(cd "$d/src" && "$VIDYA_APPLY" optimize --apply --db "$d/apply.db" --no-probe \
			--args "$(args_of "$c")" $optin $OPT_FLAGS compile_commands.json) >"$d/apply.log" 2>&1 ||
			{ cat "$d/apply.log" >&2; echo "$name: vidya optimize --apply failed" >&2; return 1; }
		cp "$d/src/$name.c" "$out/$c.applied.c"
	fi
	compile "$d/src" "$name"
	mv "$d/src/$name" "$d/$name.opt"
}

{
	echo "# vidya optimize --measure benchmark ($stamp)"
	echo
	echo "OPTIMIZED=$OPTIMIZED RUNS=$RUNS MIB=$MIB CHUNK=$CHUNK WORK=$WORK NREC=$NREC NSYNC=$NSYNC" \
		"NITER=$NITER HZ=$HZ; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start;" \
		"commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
	echo
	echo "| case | I/O s before | I/O s after | I/O ratio | all-thread I/O s after | wall s before | wall s after | wall ratio | outputs |"
	echo "|---|---|---|---|---|---|---|---|---|"
} >"$out/summary.md"

status=0
for c in $ONLY; do
	name=$(prog_of "$c")
	[ -n "$name" ] || { echo "unknown case $c" >&2; exit 1; }
	build "$name" "$c"
	bdir="$WORK_DIR/build-$name"
	run="$WORK_DIR/run-$c"
	rm -rf "$run"
	mkdir -p "$run"
	drop=()
	case $c in read | read-nora) drop=(--drop-cache "$input") ;; esac
	# shellcheck disable=SC2046
	if ! (cd "$run" && "$VIDYA" optimize --measure --db "$db" --label "$c" --runs "$RUNS" \
		--hz "$HZ" "${drop[@]}" --before "$bdir/$name.orig" -- "$bdir/$name.opt" \
		$(args_of "$c")) >"$out/$c.txt" 2>"$out/$c.err"; then
		status=1
		echo "$c: vidya optimize --measure failed or outputs differ (see $out/$c.err)" >&2
	fi
	cat "$out/$c.txt"
	sqlite3 -batch -noheader -separator ' ' "$db" \
		"SELECT before_io_s, after_io_s, coalesce(io_ratio, 0), after_all_io_s, before_wall_s,
		        after_wall_s, coalesce(wall_ratio, 0), identical
		 FROM v_optimize_gain WHERE label = '$c' ORDER BY pair_id DESC LIMIT 1" |
		while read -r bi ai ir aa bw aw wr same; do
			printf '| %s | %.4f | %.4f | %.2f× | %.4f | %.3f | %.3f | %.2f× | %s |\n' "$c" \
				"$bi" "$ai" "$ir" "$aa" "$bw" "$aw" "$wr" \
				"$([ "$same" = 1 ] && echo identical || echo DIFFER)"
		done >>"$out/summary.md"
done

echo
cat "$out/summary.md"
echo "pairs: $db (v_optimize_gain, v_optimize_gain_blocks, v_optimize_gain_functions)"
exit $status
