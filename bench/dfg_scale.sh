#!/usr/bin/env bash
# dfg_scale.sh [EVENTS] [FILES] - `vidya dfg`'s time and peak memory on a
# synthetic strace event log: FILES files (one per rank, the seed's 192 by
# default) holding EVENTS events in all (10 million by default), IOR-like:
# each rank opens, writes 1 MiB blocks, lseeks and reads back, under
# /p/scratch/{ssf,fpp}; every 50th call is an <unfinished ...>/<... resumed>
# pair and every 1000th line is malformed.  Prints events/s and peak RSS.
# VIDYA=path/to/vidya to choose the binary (default ./build/vidya).
set -euo pipefail
EVENTS=${1:-10000000}
FILES=${2:-192}
VIDYA=${VIDYA:-./build/vidya}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/vidya-dfgbench.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
per=$((EVENTS / FILES))
gen_start=$(date +%s.%N)
for ((r = 0; r < FILES; r++)); do
	mode=ssf; [ $((r % 2)) = 1 ] && mode=fpp
	awk -v n="$per" -v r="$r" -v mode="$mode" 'BEGIN {
		pid = 10000 + r; t = 36000 + r * 0.001
		f = (mode == "ssf") ? "/p/scratch/ssf/data" : sprintf("/p/scratch/fpp/data.%05d", r)
		for (i = 0; i < n; i++) {
			t += 0.000137
			h = int(t / 3600); m = int((t - h * 3600) / 60); s = t - h * 3600 - m * 60
			ts = sprintf("%02d:%02d:%09.6f", h, m, s)
			k = i % 20
			if (i % 1000 == 999) { print pid " " ts " garbage"; continue }
			if (k == 0) printf "%d %s openat(AT_FDCWD</p/scratch>, \"%s\", O_RDWR|O_CREAT, 0644) = 3<%s> <0.000%03d>\n", pid, ts, f, f, 10 + i % 90
			else if (k < 17 && i % 50 == 7) {
				printf "%d %s write(3<%s>, \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"..., 1048576 <unfinished ...>\n", pid, ts, f
				printf "%d %s <... write resumed>) = 1048576 <0.00%04d>\n", pid, ts, 100 + i % 900
			}
			else if (k < 17) printf "%d %s write(3<%s>, \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"..., 1048576) = 1048576 <0.00%04d>\n", pid, ts, f, 100 + i % 900
			else if (k == 17) printf "%d %s lseek(3<%s>, 0, SEEK_SET) = 0 <0.000002>\n", pid, ts, f
			else if (k == 18) printf "%d %s read(3<%s>, \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"..., 1048576) = 1048576 <0.00%04d>\n", pid, ts, f, 50 + i % 900
			else printf "%d %s close(3<%s>) = 0 <0.000003>\n", pid, ts, f
		}
	}' > "$OUT/ior_host$((r % 2))_$r.st"
done
gen_end=$(date +%s.%N)
bytes=$(du -sb "$OUT" | cut -f1)
echo "generated $EVENTS lines in $FILES files ($((bytes / 1048576)) MiB) in $(echo "$gen_end - $gen_start" | bc) s"
/usr/bin/time -f "%e %U %S %M" -o "$OUT/time" "$VIDYA" dfg "$OUT"/'*.st' --abstract SCRATCH=/p/scratch \
	--depth 2 --format json > "$OUT/g.json" 2> "$OUT/err" || { cat "$OUT/err"; exit 1; }
read -r secs usr sys kib < "$OUT/time"
ev=$(jq .events "$OUT/g.json")
bad=$(jq .malformed "$OUT/g.json")
cpu=$(echo "$usr + $sys" | bc)
echo "vidya dfg: $ev events mapped, $bad malformed lines, $secs s wall, $cpu s CPU (user $usr, sys $sys)," \
	"$(echo "scale=0; $ev / $cpu" | bc) events per CPU second, peak RSS $((kib / 1024)) MiB"
jq -r '.nodes[] | select(.kind == "activity") | "  \(.activity)  n=\(.count)  rd=\(.rd)  mc=\(.mc)"' "$OUT/g.json"
