#!/usr/bin/env bash
# heldout_eval.sh - the CIOC model on programs it was never fitted on:
# builds every application of data/heldout/ (same layout as data/corpus:
# APP.c, configs.tsv, meta.txt), and for each configuration runs
# `vidya analyze` WITH the model (what a user gets) and `vidya trace`,
# then compares every function block measured for at least MIN_WALL
# seconds: predicted CIOC (and the analytic estimate) against the traced
# intensity.  Prints one row per function, then the per-function MAE and
# "top function first" per run and overall.
#
# usage: model/heldout_eval.sh [APP ...]       (default: every app)
#   VIDYA=PATH   the vidya binary (default: build/vidya)
#   MODEL=FILE   the model (default: the one vidya analyze uses, data/model.xml)
#   HELDOUT=DIR  the programs (default: data/heldout)
#   MIN_WALL=S   functions measured for less are left out (default 0.02)
#   REPEAT=N     traces per configuration, pooled (default 1)
#   RECORDER_COST=FILE  the recorder's own time per call (model/recorder_cost.sh
#                output); default: measured now; 0: no correction
#   KEEP=DIR     keep the per-function records (rows.csv, before relabelling)
#                and the measurement (recorder_cost.txt) there
#   REUSE=DIR    a KEEP directory of an earlier run: analyze again (a new
#                model or analyzer) but take the measurements - traces and
#                the recorder's cost - from there, so two versions are
#                compared on the same runs; nothing is traced
#
# The measured intensity is honest as in build_dataset.sh: the recorder's
# own time per call is taken out of the wall time (io_s / (wall_s - rec_s));
# the traced figure io_s / wall_s is printed beside it, and the summary
# gives the MAE against both.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
VIDYA=${VIDYA:-$root/build/vidya}
HELDOUT=${HELDOUT:-$root/data/heldout}
MIN_WALL=${MIN_WALL:-0.02}
REPEAT=${REPEAT:-1}
MODEL=${MODEL:-}
RECORDER_COST=${RECORDER_COST:-}
REUSE=${REUSE:-}
if [ -n "$REUSE" ]; then
	[ -f "$REUSE/rows.csv" ] && [ -f "$REUSE/recorder_cost.txt" ] ||
		{ echo "heldout_eval: $REUSE: no rows.csv and recorder_cost.txt (a KEEP= directory)" >&2; exit 1; }
	RECORDER_COST=$REUSE/recorder_cost.txt
fi
[ -x "$VIDYA" ] || { echo "heldout_eval: $VIDYA is not built" >&2; exit 1; }
VIDYA=$(cd "$(dirname "$VIDYA")" && pwd)/$(basename "$VIDYA")
model_opt=()
[ -z "$MODEL" ] || model_opt=(--model "$(cd "$(dirname "$MODEL")" && pwd)/$(basename "$MODEL")")

apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
	for d in "$HELDOUT"/*/; do [ -f "$d/configs.tsv" ] && apps+=("$(basename "$d")"); done
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/vidya-heldout.XXXXXX")
trap 'rm -rf "$work"' EXIT
db=$work/heldout.db
# shellcheck source=model/recorder_lib.sh
. "$here/recorder_lib.sh"
# measured before the first trace and after the last, the mean kept (as
# build_dataset.sh does)
rc_prepare "$work/rc-before.txt" "$RECORDER_COST"
meta() { sed -n "s/^$2=//p" "$HELDOUT/$1/meta.txt" | head -n 1; }

rows=$work/rows.csv
echo "app,config,block_id,cioc,analytic,wall_s,io_s,n_stdio,n_posix,n_meta,run_ops,run_deferred_s,run_mpi,rec_scale,rec_s,intensity,intensity_traced" >"$rows"
for app in "${apps[@]}"; do
	src=$HELDOUT/$app
	adir=$work/$app
	mkdir -p "$adir/run"
	cp "$src"/*.c "$adir/"
	cc=$(meta "$app" cc)
	cflags=$(meta "$app" cflags)
	ldflags=$(meta "$app" ldflags)
	# shellcheck disable=SC2086
	(cd "$adir" && $cc $cflags -o "$app" ./*.c $ldflags) || { echo "heldout_eval: $app does not build" >&2; exit 1; }
	# shellcheck disable=SC2086
	args=$(printf '"%s", ' $cc $cflags)
	printf '[{"directory": "%s", "arguments": [%s"-c", "%s.c"], "file": "%s.c"}]\n' \
		"$adir" "$args" "$app" "$app" >"$adir/compile_commands.json"
	while IFS=$'\t' read -r name setup cargs || [ -n "${name:-}" ]; do
		[ -z "${name:-}" ] || [ "${name:0:1}" = "#" ] && continue
		run=$adir/run
		rm -rf "$run" && mkdir -p "$run"
		setup=${setup//\{dir\}/$run}
		cargs=${cargs//\{dir\}/$run}
		if [ "$setup" != "-" ]; then
			# shellcheck disable=SC2086
			(cd "$run" && "$adir/$app" $setup </dev/null >/dev/null) || { echo "heldout_eval: $app/$name: setup failed" >&2; exit 1; }
		fi
		"$VIDYA" analyze --db "$db" --quiet "${model_opt[@]}" --args "$cargs" \
			"$adir/compile_commands.json" </dev/null >"$work/analyze.log" 2>&1 ||
			{ cat "$work/analyze.log" >&2; echo "heldout_eval: $app/$name: analyze failed" >&2; exit 1; }
		if [ -n "$REUSE" ]; then
			# the earlier run's measurements, this analysis' scores
			sqlite3 -csv "$db" "SELECT block_id, cioc, analytic FROM v_blocks WHERE kind = 'function'" |
				awk -F, -v OFS=, -v app="$app" -v cfg="$name" '
				  FNR == NR { c[$1] = $2; a[$1] = $3; next }
				  FNR > 1 && $1 == app && $2 == cfg && ($3 in c) { $4 = c[$3]; $5 = a[$3]; print }' \
					- "$REUSE/rows.csv" >>"$rows"
			continue
		fi
		t_before=$(sqlite3 "$db" "SELECT coalesce(max(trace_id), 0) FROM traces")
		for ((rep = 1; rep <= REPEAT; rep++)); do
			# shellcheck disable=SC2086
			(cd "$run" && "$VIDYA" trace --db "$db" -- "$adir/$app" $cargs </dev/null >/dev/null 2>"$work/trace.log") ||
				{ cat "$work/trace.log" >&2; echo "heldout_eval: $app/$name: trace failed" >&2; exit 1; }
		done
		sqlite3 -csv "$db" "
		  WITH m AS ($(rc_measured_sql "$t_before" "$REPEAT"))
		  SELECT '$app', '$name', b.block_id, b.cioc, b.analytic, m.wall_s, m.io_s,
		         m.n_stdio, m.n_posix, m.n_meta, m.run_ops, m.run_deferred_s, m.run_mpi, 1, 0, 0, 0
		  FROM m JOIN v_blocks b ON b.block_id = m.block_id
		  WHERE b.kind = 'function' AND m.wall_s >= $MIN_WALL ORDER BY b.seq" >>"$rows"
	done <"$src/configs.tsv"
done
if [ -z "$RECORDER_COST" ] && [ -z "$REUSE" ]; then
	rc_prepare "$work/rc-after.txt" ""
	rc_average "$work/rc-before.txt" "$work/rc-after.txt" >"$work/recorder_cost.txt"
else
	cp "$work/rc-before.txt" "$work/recorder_cost.txt"
fi
echo "heldout_eval: recorder's time per call (us): $(awk '$1 == "class" { printf "%s %s ", $2, $3 }' "$work/recorder_cost.txt")" >&2
# honest labels (relabel.sh), then per function and the summary; the MAE
# with relabel.sh's load factor too
LOAD_SCALE=1 "$here/relabel.sh" "$rows" "$work/recorder_cost.txt" >"$work/scaled.csv"
scaled_mae=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ e = $c["cioc"] - $c["intensity"]; s += e < 0 ? -e : e; n++ } END { if (n) printf "%.3f", s / n }' "$work/scaled.csv")
"$here/relabel.sh" "$rows" "$work/recorder_cost.txt" >"$work/labelled.csv"
if [ -n "${KEEP:-}" ]; then
	mkdir -p "$KEEP" && cp "$rows" "$work/recorder_cost.txt" "$KEEP/"
fi
awk -F, -v scaled="$scaled_mae" '
	function abs(x) { return x < 0 ? -x : x }
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ m = $c["intensity"]; w = $c["wall_s"]; tr = $c["intensity_traced"]
	  key = $1 "/" $2; err = abs($4 - m); aerr = abs($5 - m); terr = abs($4 - tr)
	  printf "%-12s %-14s %-34s predicted %.3f analytic %.3f measured %.3f (traced %.3f, %.2f s)\n", $1, $2, $3, $4, $5, m, tr, w
	  n++; sae += err; saa += aerr; sat += terr; an[$1]++; ae[$1] += err
	  if (!(key in bp) || $4 > bp[key]) { bp[key] = $4; mb[key] = m }
	  if (!(key in bm) || m > bm[key]) bm[key] = m }
	END {
	  for (k in bp) { runs++; if (mb[k] >= bm[k] - 0.02) top++ }
	  for (a in an) printf "%s: %d functions, MAE %.3f\n", a, an[a], ae[a] / an[a]
	  if (n) printf "held-out functions: %d, MAE %.3f (analytic estimate alone %.3f; against the traced figure %.3f; with the load factor %s), top function first in %d of %d runs\n", n, sae / n, saa / n, sat / n, scaled, top, runs
	}' "$work/labelled.csv"
