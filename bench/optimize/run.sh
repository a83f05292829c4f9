#!/usr/bin/env bash
# bench/optimize/run.sh - the runtime library (optimizer/runtime/vd_rt.h)
# against the plain calls it replaces, on the four loops of issue 12:
#
#   read       read loop with computation between reads, cold page cache
#   read-nora  the same with the kernel's read-ahead off for the file
#   write      small write() records          fprintf  small fprintf() records
#   fsync      write() + fsync() per record (deferred sync, opt-in)
#   openclose  open/pread/close per iteration
#
# Each case runs ROUNDS times in the original and the vd_rt_ version,
# alternately; every round's outputs must be byte-identical (the script fails
# otherwise).  Reported: the median I/O time (time the main thread spends
# inside the I/O calls, measured by the program around each call, less the
# cost of the clock reads themselves; "raw" keeps it in), the median wall
# time, and the ratios original / optimized.
#
#   bench/optimize/run.sh                      # all cases, ROUNDS=5
#   ROUNDS=9 ONLY="read write" bench/optimize/run.sh
#
# Knobs (environment): ROUNDS, ONLY, MIB (read input, 64), CHUNK (read size,
# 131072), WORK (computation per chunk, 96), NREC (records, 200000), NSYNC
# (fsync records, 300), NITER (open/close iterations, 2000), CC, WORK_DIR
# (scratch files, default ${TMPDIR:-/tmp}/vidya-bench-optimize).
# Results: bench/out/optimize-STAMP/summary.md and rounds.tsv.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ROUNDS=${ROUNDS:-5}
ONLY=${ONLY:-"read read-nora write fprintf fsync openclose"}
MIB=${MIB:-64}
CHUNK=${CHUNK:-131072}
WORK=${WORK:-96}
NREC=${NREC:-200000}
NSYNC=${NSYNC:-300}
NITER=${NITER:-2000}
CC=${CC:-cc}
WORK_DIR=${WORK_DIR:-${TMPDIR:-/tmp}/vidya-bench-optimize}
stamp=$(date -u +%Y%m%d-%H%M%S)
out="$root/bench/out/optimize-$stamp"
mkdir -p "$out" "$WORK_DIR"

bin="$WORK_DIR/bench_rt"
# the project's flags would do as well: the point is that the header needs
# no library and no -pthread
"$CC" -O2 -g -I"$root/optimizer/runtime" "$here/bench_rt.c" -o "$bin"

input="$WORK_DIR/input-$MIB.bin"
if [ ! -f "$input" ] || [ "$(stat -c %s "$input")" -ne $((MIB * 1048576)) ]; then
	head -c $((MIB * 1048576)) /dev/urandom >"$input"
	sync
fi

rounds="$out/rounds.tsv"
printf 'case\tversion\tround\tio_s\twall_s\tio_raw_s\n' >"$rounds"

# one run: prints "io_s wall_s"; the program's output goes to $2
run_one() { # case version outfile
	local c=$1 v=$2 o=$3 err
	err="$WORK_DIR/err"
	case $c in
	read | read-nora) "$bin" "$c" "$v" "$input" "$CHUNK" "$WORK" >"$o" 2>"$err" ;;
	write | fprintf) rm -f "$o"; sync; "$bin" "$c" "$v" "$o" "$NREC" >/dev/null 2>"$err" ;;
	fsync) rm -f "$o"; sync; "$bin" "$c" "$v" "$o" "$NSYNC" >/dev/null 2>"$err" ;;
	openclose) "$bin" "$c" "$v" "$input" "$NITER" >"$o" 2>"$err" ;;
	esac
	sed -n 's/^io_s=\([0-9.]*\) wall_s=\([0-9.]*\) io_raw_s=\([0-9.]*\).*/\1 \2 \3/p' "$err"
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

status=0
{
	echo "# vd_rt runtime benchmark ($stamp)"
	echo
	echo "ROUNDS=$ROUNDS MIB=$MIB CHUNK=$CHUNK WORK=$WORK NREC=$NREC NSYNC=$NSYNC NITER=$NITER;" \
		"$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
	echo
	echo "| case | I/O s original | I/O s vd_rt | I/O ratio | raw I/O ratio | wall s original | wall s vd_rt | wall ratio | outputs |"
	echo "|---|---|---|---|---|---|---|---|---|"
} >"$out/summary.md"

for c in $ONLY; do
	same=yes
	for r in $(seq 1 "$ROUNDS"); do
		for v in orig opt; do
			read -r io wall raw < <(run_one "$c" "$v" "$WORK_DIR/out.$c.$v")
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$v" "$r" "$io" "$wall" "$raw" >>"$rounds"
		done
		if ! cmp -s "$WORK_DIR/out.$c.orig" "$WORK_DIR/out.$c.opt"; then
			same=NO
			status=1
			echo "$c round $r: outputs differ" >&2
		fi
	done
	med() { awk -F'\t' -v c="$c" -v v="$1" -v k="$2" '$1==c && $2==v {print $k}' "$rounds" | median; }
	io_o=$(med orig 4) io_n=$(med opt 4) w_o=$(med orig 5) w_n=$(med opt 5) r_o=$(med orig 6) r_n=$(med opt 6)
	ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'; }
	printf '| %s | %.4f | %.4f | %s× | %s× | %.3f | %.3f | %s× | %s |\n' "$c" "$io_o" "$io_n" \
		"$(ratio "$io_o" "$io_n")" "$(ratio "$r_o" "$r_n")" "$w_o" "$w_n" "$(ratio "$w_o" "$w_n")" \
		"$([ $same = yes ] && echo identical || echo DIFFER)" >>"$out/summary.md"
done

cat "$out/summary.md"
echo "per-round figures: $rounds"
exit $status
