#!/usr/bin/env bash
# measure_checks.sh VIDYA CHECK - one end-to-end check of `vidya optimize
# --measure`.  measure_prog.c is built as the original and as optimized
# versions (through the runtime header, or with one byte, the standard
# output or the exit status changed) in a temporary directory; the pair is
# measured and the exit status, messages and v_optimize_gain are checked.
# Expected numbers come from what the program does (N records of 9 bytes),
# never from vidya's output.  KEEP=1 keeps the directory.
set -u
VIDYA=$1
CHECK=$2
HERE=$(cd "$(dirname "$0")" && pwd)
RT=$HERE/../../optimizer/runtime
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-measuretest.XXXXXX")
trap '[ -n "${KEEP:-}" ] && echo "kept $T" >&2 || rm -rf "$T"' EXIT
cd "$T"

fail() { echo "FAIL $CHECK: $*" >&2; exit 1; }
expect_rc() { # expected, actual, what
	[ "$1" = "$2" ] || { [ -s err ] && tail -n 20 err >&2; fail "$3: exit code $2, expected $1"; }
}
expect_in() { # needle, file, what
	grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "$3: '$1' not in output"; }
}
q() { sqlite3 -batch -noheader "$T/v.db" "$1" 2>&1; }
eq() { # what expected sql
	local got
	got=$(q "$3")
	[ "$got" = "$2" ] || fail "$1: got '$got', expected '$2'
    query: $3"
}
# prog NAME FLAGS...: measure_prog built with FLAGS into NAME, with the
# same command whatever the flags (-g for call stacks)
cp "$HERE/measure_prog.c" .
prog() {
	local name=$1
	shift
	cc -g -O0 -I"$RT" "$@" measure_prog.c -o "$name" 2>build.log ||
		{ cat build.log >&2; fail "cannot build $name"; }
}
# measure AFTER ARGS...: the original ./orig against AFTER; sets rc
measure() {
	local after=$1
	shift
	"$VIDYA" optimize --measure --db v.db --before ./orig "$@" -- "$after" $N >out 2>err
	rc=$?
}

# enough writes for the original's I/O time (about 1 us a call) and its
# wall time (1000 samples a second) to stand clear of the optimized one's
N=20000
prog orig
case $CHECK in
identical)
	# the writes through the runtime: the same bytes, less I/O time
	prog opt -DOPT
	# an analysis of the original's source: per-block and per-function figures
	printf '[{"directory": "%s", "arguments": ["cc", "-g", "-O0", "-c", "measure_prog.c"], "file": "measure_prog.c"}]\n' \
		"$T" >compile_commands.json
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json --args "$N" >analyze.log 2>&1 ||
		{ cat analyze.log >&2; fail "vidya analyze"; }
	measure ./opt
	expect_rc 0 $rc "identical outputs"
	expect_in "standard output and 2 files compared: identical" out "the table"
	expect_in "I/O time, main thread" out "the table"
	eq "both traces stored" 2 "SELECT count(*) FROM traces"
	eq "one pair" 1 "SELECT count(*) FROM v_optimize_gain"
	eq "its runs" "after:1 before:1" \
		"SELECT group_concat(side || ':' || run, ' ') FROM (SELECT * FROM optimize_runs ORDER BY side)"
	eq "the pair's traces are the two stored" 2 \
		"SELECT count(*) FROM traces t JOIN v_optimize_gain g
		 ON t.trace_id IN (g.before_trace, g.after_trace)"
	eq "identical, outputs: stdout, out.dat, log.txt" "1|3" "SELECT identical, outputs FROM v_optimize_gain"
	eq "nothing differing" "" "SELECT differing FROM v_optimize_gain"
	eq "plausible times: before I/O > 0, walls > 0, I/O below wall" 1 \
		"SELECT before_io_s > 0 AND before_wall_s > 0 AND after_wall_s > 0
		   AND before_io_s < before_wall_s AND after_io_s >= 0 AND after_io_s < after_wall_s
		   AND before_all_io_s >= before_io_s FROM v_optimize_gain"
	# the original makes N writes of its own; the optimized program's
	# main thread makes none (the runtime's thread writes)
	eq "the original's writes: $N" $N \
		"SELECT sum(s.calls) FROM trace_sites s JOIN v_optimize_gain g ON s.trace_id = g.before_trace
		 WHERE s.call = 'write' AND s.path LIKE '%/out.dat'"
	eq "less main-thread I/O time after" 1 "SELECT after_io_s < before_io_s FROM v_optimize_gain"
	eq "wall ratio = before / after" 1 \
		"SELECT abs(wall_ratio - before_wall_s / after_wall_s) < 1e-9 FROM v_optimize_gain"
	eq "the commands" "./orig $N|./opt $N" "SELECT before_command || '|' || after_command FROM v_optimize_gain"
	eq "the label: the program's name" opt "SELECT label FROM v_optimize_gain"
	eq "main, per block (inclusive): I/O time before, less after, intensities" 1 \
		"SELECT before_io_s > 0 AND after_io_s < before_io_s AND before_wall_s > 0
		   AND before_intensity BETWEEN 0 AND 1 FROM v_optimize_gain_blocks
		 WHERE kind = 'function' AND function = 'main'"
	eq "records, per function: the original's calls, the N writes among them" 1 \
		"SELECT before_calls >= $N AND before_io_s > 0 FROM v_optimize_gain_functions
		 WHERE function = 'records'"
	# the optimized run's outputs stay, and they are the original's
	! grep -q "$N records" out || fail "the programs' standard output reached vidya's"
	[ "$(wc -c <out.dat)" = $((9 * N)) ] || fail "out.dat: $(wc -c <out.dat) bytes, expected $((9 * N))"
	[ "$(cat log.txt)" = ran ] || fail "log.txt should hold one line (created files are removed between runs): $(cat log.txt)"
	;;
differ)
	# one byte of record 100 differs: byte 900 of out.dat
	prog bad -DOPT -DFLIP=100
	measure ./bad --label flipped
	expect_rc 2 $rc "a differing output"
	expect_in "out.dat: differs at byte 900" err "the file and the byte named"
	expect_in "DIFFERENT" out "the table"
	eq "stored as not identical" "0" "SELECT identical FROM v_optimize_gain WHERE label = 'flipped'"
	eq "what differed" 1 "SELECT differing LIKE '%/out.dat: differs at byte 900 ($((9 * N)) bytes%' FROM v_optimize_gain"
	eq "log.txt did not differ" 0 "SELECT differing LIKE '%log.txt%' FROM v_optimize_gain"
	eq "both traces stored" 2 "SELECT count(*) FROM traces"
	;;
stdout)
	prog chatty -DOPT -DSTDOUT_DIFF
	measure ./chatty
	expect_rc 2 $rc "a differing standard output"
	# "N records\n" against "N records!\n": the newline's byte differs
	expect_in "standard output: differs at byte $((${#N} + 8))" err "standard output named"
	;;
status)
	prog three -DEXIT3
	measure ./three
	expect_rc 2 $rc "a differing exit status"
	expect_in "exit status 3" err "the statuses named"
	;;
runs)
	# three runs each, alternately; medians; caches dropped before each
	prog opt -DOPT
	echo data >input.bin
	measure ./opt --runs 3 --drop-cache input.bin --label three
	expect_rc 0 $rc "three runs each"
	expect_in "median of 3 runs each" out "the table"
	eq "six traces" 6 "SELECT count(*) FROM traces"
	eq "six runs, in order" "before:1 after:1 before:2 after:2 before:3 after:3" \
		"SELECT group_concat(side || ':' || run, ' ') FROM (SELECT * FROM optimize_runs o
		 JOIN traces t USING (trace_id) ORDER BY t.trace_id)"
	eq "the median wall time of the original" 1 \
		"SELECT before_wall_s = (SELECT wall_s FROM optimize_runs WHERE side = 'before'
		   ORDER BY wall_s LIMIT 1 OFFSET 1) FROM v_optimize_gain"
	eq "the median I/O time of the optimized program" 1 \
		"SELECT after_io_s = (SELECT io_s FROM optimize_runs WHERE side = 'after'
		   ORDER BY io_s LIMIT 1 OFFSET 1) FROM v_optimize_gain"
	eq "the pair's before trace is the median run" 1 \
		"SELECT (SELECT wall_s FROM optimize_runs WHERE trace_id = before_trace) = before_wall_s
		 FROM v_optimize_gain"
	[ "$(cat log.txt)" = ran ] || fail "log.txt after six runs: $(cat log.txt)"
	;;
threads)
	# the same writes made by a worker thread: the main thread's I/O time
	# is what counts as I/O time, every thread's is kept apart
	prog worker -DWORKER
	measure ./worker
	expect_rc 0 $rc "identical outputs"
	eq "one thread: main-thread and all-thread I/O time are the same calls" 1 \
		"SELECT before_all_io_s = before_io_s AND before_io_s > 0 FROM v_optimize_gain"
	eq "a worker: its $N writes are not the main thread's I/O time" 1 \
		"SELECT after_all_io_s > 5 * after_io_s AND after_all_io_s > 0 FROM v_optimize_gain"
	eq "per process, stored: io_s and main_io_s" 1 \
		"SELECT io_s > main_io_s FROM trace_procs p JOIN v_optimize_gain g ON p.trace_id = g.after_trace"
	;;
usage)
	"$VIDYA" optimize --measure --db v.db -- ./orig 5 >out 2>err
	expect_rc 1 $? "no --before"
	expect_in "--before PROG is required" err "the missing option named"
	"$VIDYA" optimize --measure --db v.db --before ./orig >out 2>err
	expect_rc 1 $? "no optimized program"
	expect_in "no optimized program" err "the missing program named"
	"$VIDYA" optimize --measure --db v.db --before ./orig --drop-cache nosuch.bin -- ./orig 5 >out 2>err
	expect_rc 1 $? "a missing --drop-cache file"
	expect_in "nosuch.bin" err "the file named"
	"$VIDYA" optimize --measure --db v.db --before ./nosuch -- ./orig 5 >out 2>err
	expect_rc 1 $? "a missing original program"
	expect_in "./nosuch: cannot execute it" err "the program named"
	"$VIDYA" optimize --measure --db v.db --before ./orig -- ./nosuch 5 >out 2>err
	expect_rc 1 $? "a missing optimized program"
	expect_in "./nosuch: cannot execute it" err "the program named"
	[ ! -e out.dat ] || fail "the original ran although the optimized program is missing"
	[ ! -e v.db ] || fail "a database was written although the command line was wrong"
	mkdir dir.db
	"$VIDYA" optimize --measure --db dir.db --before ./orig -- ./orig 5 >out 2>err
	expect_rc 1 $? "a directory as database"
	expect_in "dir.db" err "the database named"
	[ ! -e out.dat ] || fail "a program ran although the database was unusable"
	"$VIDYA" optimize --measure --help >out 2>err
	expect_rc 0 $? "--help"
	expect_in "--drop-cache FILE" out "the options listed"
	;;
*)
	fail "unknown check"
	;;
esac
echo "ok $CHECK"
