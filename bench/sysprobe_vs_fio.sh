#!/bin/sh
# sysprobe_vs_fio.sh - compare `vidya sysprobe --full` with fio on one directory.
#
# Runs `vidya sysprobe --full --format json --dir DIR`, then fio with the
# equivalent job options on the same directory in the same run:
#
#   seq write   rw=write     bs=1M  size=<sysprobe's file size>, one pass over a new file
#   seq read    rw=read      bs=1M  same file, time-based for sysprobe's read time
#   rand read   rw=randread  bs=4k  same file, time-based
#   rand write  rw=randwrite bs=4k  same file, time-based
#
# always ioengine=psync iodepth=1 numjobs=1; direct=1 when sysprobe used
# O_DIRECT, otherwise direct=0 with the same flushing sysprobe does in its
# fadvise mode (fdatasync every 32 MiB of sequential writes, every 64
# random writes).  Prints sysprobe / fio for each figure and whether it is
# within +-15 %.  Results go to stdout; the temporary files are removed.
#
# usage: bench/sysprobe_vs_fio.sh [DIR] [ROUNDS]
#   DIR     directory to measure (default: the current directory)
#   ROUNDS  how many sysprobe+fio rounds to run (default: 1)
#   VIDYA   environment: the vidya binary (default: build/vidya, then PATH)
#   SETTLE  environment: seconds to wait (after a sync) between the tools (default 3)
# needs: fio, jq (Debian packages)
set -eu

DIR=${1:-.}
ROUNDS=${2:-1}
VIDYA=${VIDYA:-}
if [ -z "$VIDYA" ]; then
	if [ -x build/vidya ]; then VIDYA=build/vidya; else VIDYA=vidya; fi
fi
for tool in fio jq; do
	command -v "$tool" >/dev/null 2>&1 || { echo "sysprobe_vs_fio: '$tool' is not installed (apt-get install $tool)" >&2; exit 1; }
done
command -v "$VIDYA" >/dev/null 2>&1 || [ -x "$VIDYA" ] || { echo "sysprobe_vs_fio: no vidya binary at '$VIDYA' (set VIDYA=...)" >&2; exit 1; }
[ -d "$DIR" ] || { echo "sysprobe_vs_fio: '$DIR' is not a directory" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vidya-fio.XXXXXX")
FIOFILE="$DIR/.vidya-fio.$$.tmp"
cleanup() { rm -f "$FIOFILE"; rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 1' INT TERM

# Deleting a multi-GiB file makes the file system free (and, mounted with
# -o discard, trim) its blocks; let that finish before the next tool writes,
# so that neither starts in the other's wake.
settle() { sync; sleep "${SETTLE:-3}"; }

# fio MiB/s or IOPS out of its JSON: fio_get FILE rw field
fio_get() { jq -r ".jobs[0].$2.$3" "$1"; }

# name sysprobe-median sysprobe-mean fio unit: one line, and the ratios kept
# for the summary.  sysprobe stores the median over its repetitions; fio
# reports one whole-run average, which the mean of equal-time repetitions
# matches, so both ratios are shown.
ratio_line() {
	awk -v n="$1" -v s="$2" -v m="$3" -v f="$4" -v u="$5" 'BEGIN {
		r = (f > 0) ? s / f : 0; d = (r - 1) * 100; rm = (f > 0) ? m / f : 0;
		verdict = (d <= 15 && d >= -15) ? "ok" : "MISS";
		printf "  %-11s sysprobe %9.1f (mean %9.1f)  fio %9.1f %-5s  ratio %.3f (%+.1f %%) %-4s  mean/fio %.3f\n",
			n, s, m, f, u, r, d, verdict, rm }'
	awk -v n="$1" -v s="$2" -v m="$3" -v f="$4" 'BEGIN { if (f > 0) printf "%s\t%.4f\t%.4f\n", n, s / f, m / f }' >> "$WORK/ratios"
}

echo "# sysprobe vs fio on '$DIR' ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(fio --version), $(uname -r))"
round=1
while [ "$round" -le "$ROUNDS" ]; do
	echo "## round $round"
	settle
	"$VIDYA" sysprobe --full --format json --no-save --no-lshw --dir "$DIR" > "$WORK/sp.json"
	settle
	method=$(jq -r .bench.method "$WORK/sp.json")
	size=$(jq -r '.bench.file_bytes' "$WORK/sp.json")
	size_mib=$(awk -v b="$size" 'BEGIN { printf "%d", b / 1048576 }')
	reps=$(jq -r .bench.reps "$WORK/sp.json")
	sp_sw=$(jq -r .bench.seq_write_MiBps "$WORK/sp.json")
	sp_sr=$(jq -r .bench.seq_read_MiBps "$WORK/sp.json")
	sp_rr=$(jq -r .bench.rand_read_iops "$WORK/sp.json")
	sp_rw=$(jq -r .bench.rand_write_iops "$WORK/sp.json")
	mean_sw=$(jq -r .bench.stats.seq_write_MiBps.mean "$WORK/sp.json")
	mean_sr=$(jq -r .bench.stats.seq_read_MiBps.mean "$WORK/sp.json")
	mean_rr=$(jq -r .bench.stats.rand_read_iops.mean "$WORK/sp.json")
	mean_rw=$(jq -r .bench.stats.rand_write_iops.mean "$WORK/sp.json")
	# sysprobe --full spends reps x 1.2 s on sequential reads and reps x 1.0 s
	# on each random phase; fio gets the same time
	t_read=$(awk -v r="$reps" 'BEGIN { printf "%d", r * 1.2 + 0.5 }')
	t_rand=$(awk -v r="$reps" 'BEGIN { printf "%d", r * 1.0 + 0.5 }')
	echo "  sysprobe: method $method, file $size_mib MiB, $reps repetitions, $(jq -r .storage.device "$WORK/sp.json") ($(jq -r .storage.fstype "$WORK/sp.json"))"

	if [ "$method" = "O_DIRECT" ]; then
		common="--direct=1"
		wflush=""
		rwflush=""
	else
		common="--direct=0 --invalidate=1"
		wflush="--fdatasync=32 --end_fsync=1"
		rwflush="--fdatasync=64 --end_fsync=1"
	fi
	# fallocate=none: sysprobe extends its file by writing, it does not preallocate
	common="$common --ioengine=psync --iodepth=1 --numjobs=1 --fallocate=none --filename=$FIOFILE --size=${size_mib}M --output-format=json"

	rm -f "$FIOFILE"
	settle
	# shellcheck disable=SC2086
	fio --name=seqwrite --rw=write --bs=1M $common $wflush > "$WORK/sw.json"
	# shellcheck disable=SC2086
	fio --name=seqread --rw=read --bs=1M --time_based --runtime="$t_read" $common > "$WORK/sr.json"
	# shellcheck disable=SC2086
	fio --name=randread --rw=randread --bs=4k --time_based --runtime="$t_rand" $common > "$WORK/rr.json"
	# shellcheck disable=SC2086
	fio --name=randwrite --rw=randwrite --bs=4k --time_based --runtime="$t_rand" $common $rwflush > "$WORK/rw.json"
	rm -f "$FIOFILE"

	fio_sw=$(awk -v b="$(fio_get "$WORK/sw.json" write bw_bytes)" 'BEGIN { print b / 1048576 }')
	fio_sr=$(awk -v b="$(fio_get "$WORK/sr.json" read bw_bytes)" 'BEGIN { print b / 1048576 }')
	fio_rr=$(fio_get "$WORK/rr.json" read iops)
	fio_rw=$(fio_get "$WORK/rw.json" write iops)

	ratio_line "seq write" "$sp_sw" "$mean_sw" "$fio_sw" "MiB/s"
	ratio_line "seq read" "$sp_sr" "$mean_sr" "$fio_sr" "MiB/s"
	ratio_line "rand read" "$sp_rr" "$mean_rr" "$fio_rr" "IOPS"
	ratio_line "rand write" "$sp_rw" "$mean_rw" "$fio_rw" "IOPS"
	echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
	round=$((round + 1))
done

if [ "$ROUNDS" -gt 1 ]; then
	echo "## median over $ROUNDS rounds of sysprobe/fio (min .. max); mean/fio likewise"
	for name in "seq write" "seq read" "rand read" "rand write"; do
		grep "^$name	" "$WORK/ratios" | cut -f2,3 | awk -v n="$name" '
			function median(a, k,   i, j, t) {
				for (i = 2; i <= k; i++)
					for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
				return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
			}
			{ r[NR] = $1; m[NR] = $2 }
			END {
				med = median(r, NR); lo = r[1]; hi = r[NR]; mm = median(m, NR);
				d = (med - 1) * 100;
				printf "  %-11s ratio %.3f (%+.1f %%) %-4s (%.3f .. %.3f)   mean/fio %.3f\n", n, med, d,
					(d <= 15 && d >= -15) ? "ok" : "MISS", lo, hi, mm }'
	done
fi
