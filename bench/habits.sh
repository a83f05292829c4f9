#!/usr/bin/env bash
# bench/habits.sh -- vidya analyze's predicted I/O per function against
# vidya trace's measurement, on small programs written with the habits of
# real HPC and data code (option parsers, config readers, error macros,
# buffered writers, header-driven record readers, tables of backends...).
#
#   bench/habits.sh [CASE...]        (default: every directory in bench/habits/)
#
# For each case (bench/habits/NN_name: prog.c, args, optional setup.sh that
# makes its inputs) in a scratch copy: setup.sh, gcc -g -O0, `vidya analyze
# --args "$(cat args)"`, setup.sh again (the analysis reads the inputs, the
# run starts from them), `vidya trace --ops -- ./prog ARGS`, then
# bench/habits_compare.py: a case passes when every function's predicted
# calls and bytes are within 10 % of the traced ones.  Prints one line per
# case and the number that pass; reports in OUT/CASE.txt.
#
# Environment: VIDYA (default build/vidya of this checkout), WORK (scratch,
# default ${TMPDIR:-/tmp}/vidya-habits), OUT (reports, default
# bench/out/habits-STAMP).  Exit status 0 when every case was measured
# (whatever the figures), 1 when some could not be, 2 on a usage error.

set -u -o pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
VIDYA=${VIDYA:-$ROOT/build/vidya}
WORK=${WORK:-${TMPDIR:-/tmp}/vidya-habits}
OUT=${OUT:-$ROOT/bench/out/habits-$(date -u +%Y%m%dT%H%M%SZ)}
case ${1:-} in -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
[ -x "$VIDYA" ] || { echo "habits.sh: no vidya binary at $VIDYA (build it, or set VIDYA)" >&2; exit 2; }
command -v gcc >/dev/null && command -v python3 >/dev/null ||
	{ echo "habits.sh: needs gcc and python3" >&2; exit 2; }
mkdir -p "$WORK" "$OUT" || exit 2
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=($(cd "$HERE/habits" && ls -d [0-9]*))
pass=0 n=0 failed=0
for c in "${cases[@]}"; do
	c=${c%/}
	src=$HERE/habits/$c
	[ -f "$src/prog.c" ] || { echo "habits.sh: no case $c" >&2; exit 2; }
	d=$WORK/$c
	rm -rf "$d" && mkdir -p "$d" && cp "$src"/* "$d"/ || exit 1
	(
		cd "$d" || exit 1
		args=$(cat args)
		[ -x setup.sh ] && { ./setup.sh >setup.log 2>&1 || exit 1; }
		gcc -g -O0 -std=gnu11 -o prog prog.c -lm >build.log 2>&1 || exit 1
		printf '[{"directory":"%s","file":"prog.c","arguments":["gcc","-g","-O0","-std=gnu11","-c","prog.c"]}]\n' \
			"$d" >compile_commands.json
		"$VIDYA" analyze compile_commands.json --args "$args" --no-probe --quiet --db v.db \
			>analyze.log 2>&1
		rc=$?
		[ $rc -eq 0 ] || [ $rc -eq 3 ] || exit 1
		[ -x setup.sh ] && { ./setup.sh >>setup.log 2>&1 || exit 1; }
		# shellcheck disable=SC2086  # args is a word list by design
		"$VIDYA" trace --ops --db v.db -- ./prog $args >trace.out 2>trace.err
		sqlite3 v.db "SELECT 1 FROM traces" 2>/dev/null | grep -q 1 || exit 1
	)
	if [ $? -ne 0 ]; then
		echo "$c: not measured (see $d)"
		failed=$((failed + 1))
		continue
	fi
	n=$((n + 1))
	if python3 "$HERE/habits_compare.py" "$d/v.db" >"$OUT/$c.txt"; then
		pass=$((pass + 1))
		st=ok
	else
		st=MISS
	fi
	printf '%-26s %-4s %s\n' "$c" "$st" "$(grep '^PROGRAM' "$OUT/$c.txt")"
done
echo "$pass of $n cases within 10 % per function ($failed not measured); reports in $OUT"
[ $failed -eq 0 ]
