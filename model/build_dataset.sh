#!/usr/bin/env bash
# build_dataset.sh - the CIOC training set: builds every application of
# data/corpus/, and for each of its configurations runs `vidya analyze`
# (static features) and `vidya trace` (measured truth), then writes one
# record per block to data/training/blocks.csv, with the system profile
# and vidya version it came from (data/training/provenance.txt).
#
# usage: model/build_dataset.sh [APP ...]      (default: every app)
#   OUT=DIR       where the dataset goes (default: data/training)
#   VIDYA=PATH    the vidya binary (default: build/vidya)
#   MIN_WALL=S    blocks measured for less than S seconds are left out
#                 (default 0.02: 20 samples at the default 1000 Hz)
#   REPEAT=N      trace each configuration N times and pool them (default 1):
#                 a block's record has the mean wall and I/O seconds of the
#                 N runs and intensity = total I/O / total wall seconds
#   ONLY=A,B      only the configurations with these names
#   REANALYZE=CSV re-run only the analysis: the measured columns (wall_s,
#                 io_s, io_ops, io_bytes, intensity, rep) of every
#                 configuration found in CSV (an earlier blocks.csv) are
#                 reused instead of tracing again; configurations missing
#                 from CSV are traced as usual.  For changes to the
#                 analyzer or the device model, which do not change what
#                 the programs measure.  The features are priced with the
#                 machine profile the traces were taken with: the
#                 system_profile.json beside CSV (see PROFILE), not the
#                 user's profile cache.
#   PROFILE=JSON  price every analysis with this stored profile (a
#                 `vidya sysprobe --format json` report, such as an earlier
#                 build's system_profile.json) instead of the user's cached
#                 one; analyze then runs with --no-probe.  Default: none,
#                 or with REANALYZE the system_profile.json beside its CSV;
#                 PROFILE=cache: the user's cache even with REANALYZE.
#
# Honest labels: the recorder's own time per call, outside the calls it
# times, lands in a traced block's wall time (0.5-1 us per call on the
# development VM, more than a buffered call itself).  model/recorder_cost.sh
# measures it on this machine per class of call (buffered stdio; data
# system calls; metadata calls) before the first trace and after the last;
# their mean goes to $OUT/recorder_cost.txt.  Each record counts its calls
# per class (n_stdio, n_posix, n_meta: its own calls by their class, those
# made in callees in the run's proportions) and its run's calls and deferred
# sample time (for relabel.sh's optional load factor, LOAD_SCALE=1), and
# model/relabel.sh sets
#     rec_s = the calls priced per class (x rec_scale, 1 unless LOAD_SCALE=1),
#     intensity = io_s / (wall_s - rec_s),
#     intensity_traced = io_s / wall_s (the uncorrected figure).
#   RECORDER_COST=FILE  use that measurement instead; RECORDER_COST=0: none;
#                       with REANALYZE, the recorder_cost.txt beside its CSV
#
# Which blocks become records: function and loop blocks of the analysis
# that the trace measured (v_measured_blocks joined with v_blocks on
# block_id), run for at least MIN_WALL seconds.  Blocks without any I/O
# in the source (p2 = 0) are kept: the model is fitted on blocks with I/O
# and predicts 0 for the others, and the records let that rule be checked.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
VIDYA=${VIDYA:-$root/build/vidya}
OUT=${OUT:-$root/data/training}
MIN_WALL=${MIN_WALL:-0.02}
REPEAT=${REPEAT:-1}
ONLY=${ONLY:-}
REANALYZE=${REANALYZE:-}
PROFILE=${PROFILE:-}
RECORDER_COST=${RECORDER_COST:-}
corpus=$root/data/corpus
[ -x "$VIDYA" ] || { echo "build_dataset: $VIDYA is not built" >&2; exit 1; }
VIDYA=$(cd "$(dirname "$VIDYA")" && pwd)/$(basename "$VIDYA")

# profile_sql JSON: SQL that records the stored sysprobe report JSON as the
# newest profile of the scratch directory's file system (a copy of the row
# `vidya sysprobe` just wrote, its figures replaced by the report's, as
# vd_sysprobe_to_device() derives them: medians, MiB/s x 2^20, us x 1e-6)
profile_sql() {
	local j="readfile('$1')"
	med() { echo "json_extract($j, '\$.bench.stats.$1.median')"; }
	cat <<SQL
.bail on
SELECT CASE WHEN json_extract($j, '\$.schema') = 'vidya-sysprobe' AND json_extract($j, '\$.bench.ran')
            THEN 1 ELSE abs(-9223372036854775807 - 1) END;
CREATE TEMP TABLE p AS SELECT * FROM system_profiles ORDER BY profile_id DESC LIMIT 1;
UPDATE p SET profile_id = NULL, created_at = json_extract($j, '\$.created'),
  method = json_extract($j, '\$.bench.method'), is_default = 0, json = $j,
  profile = 'stored:' || json_extract($j, '\$.host') || '@' || json_extract($j, '\$.created'),
  seq_read_Bps = $(med seq_read_MiBps) * 1048576, seq_write_Bps = $(med seq_write_MiBps) * 1048576,
  rand_read_iops = $(med rand_read_iops), rand_write_iops = $(med rand_write_iops),
  latency_s = $(med write_call_latency_us) * 1e-6, fsync_latency_s = $(med fsync_latency_us) * 1e-6,
  meta_latency_s = $(med meta_latency_us) * 1e-6,
  small_io_threshold = json_extract($j, '\$.bench.small_io_threshold_bytes'),
  concurrency = json_extract($j, '\$.bench.concurrency'),
  cpu_ns_per_op = $(med cpu_ns_per_op), stdio_call_s = $(med stdio_call_ns) * 1e-9,
  cache_read_Bps = $(med cache_read_MiBps) * 1048576, cache_write_Bps = $(med cache_write_MiBps) * 1048576,
  flush_Bps = $(med flush_MiBps) * 1048576,
  dirty_limit_bytes = json_extract($j, '\$.memory.dirty_limit_bytes'),
  cache_bytes = json_extract($j, '\$.memory.available_bytes'),
  scan_ns = $(med sscanf_ns), format_ns = $(med snprintf_ns), strtod_ns = $(med strtod_ns),
  atoi_ns = $(med atoi_ns), mem_ns_per_byte = $(med memcpy_ns_per_KiB) / 1024,
  sort_ns_per_cmp = $(med qsort_ns_per_cmp), math_ns = $(med math_ns),
  create_latency_s = $(med create_latency_us) * 1e-6, unlink_latency_s = $(med unlink_latency_us) * 1e-6;
INSERT INTO system_profiles SELECT * FROM p;
SQL
}

apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
	for d in "$corpus"/*/; do [ -f "$d/configs.tsv" ] && apps+=("$(basename "$d")"); done
fi

# the source the build comes from, before it writes its outputs
describe=$(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)
work=$(mktemp -d "${TMPDIR:-/tmp}/vidya-dataset.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$OUT"
db=$work/corpus.db
csv=$work/blocks.csv
mpirun_root=
[ "$(id -u)" = 0 ] && mpirun_root=--allow-run-as-root

# the machine, probed once (or taken from the user's profile cache), in the
# database every analysis uses
echo "build_dataset: storage profile for $work (vidya sysprobe --quick)" >&2
"$VIDYA" sysprobe --quick --dir "$work" --db "$db" --format json >"$work/profile.json"
# re-analyzing: the profile the reused traces were taken with
if [ -n "$REANALYZE" ] && [ -z "$PROFILE" ] && [ -f "$(dirname "$REANALYZE")/system_profile.json" ]; then
	PROFILE=$(dirname "$REANALYZE")/system_profile.json
fi
[ "$PROFILE" != cache ] || PROFILE=
no_probe=
if [ -n "$PROFILE" ]; then
	[ -f "$PROFILE" ] || { echo "build_dataset: PROFILE=$PROFILE: no such file" >&2; exit 1; }
	echo "build_dataset: pricing with the stored profile $PROFILE, not the profile cache" >&2
	cp "$PROFILE" "$work/profile.json"
	profile_sql "$work/profile.json" | sqlite3 "$db" >/dev/null ||
		{ echo "build_dataset: PROFILE=$PROFILE: not a vidya sysprobe JSON report" >&2; exit 1; }
	no_probe=--no-probe
fi
# the recorder's own time per call on this machine, measured now (and
# again after the last trace)
# shellcheck source=model/recorder_lib.sh
. "$here/recorder_lib.sh"
# re-analyzing: the measurement the reused traces were labelled with
if [ -n "$REANALYZE" ] && [ -z "$RECORDER_COST" ] && [ -f "$(dirname "$REANALYZE")/recorder_cost.txt" ]; then
	RECORDER_COST=$(dirname "$REANALYZE")/recorder_cost.txt
fi
rc_prepare "$work/rc-before.txt" "$RECORDER_COST"
if [ -n "$REANALYZE" ]; then
	[ -f "$REANALYZE" ] || { echo "build_dataset: REANALYZE=$REANALYZE: no such file" >&2; exit 1; }
	cp "$REANALYZE" "$work/old.csv"
	sqlite3 "$db" ".import --csv $work/old.csv old_blocks"
fi

meta() { # meta APP KEY: value of KEY in APP's meta.txt
	sed -n "s/^$2=//p" "$corpus/$1/meta.txt" | head -n 1
}

header_done=0
nconf=0
for app in "${apps[@]}"; do
	src=$corpus/$app
	[ -f "$src/configs.tsv" ] || { echo "build_dataset: $app: no configs.tsv" >&2; exit 1; }
	cc=$(meta "$app" cc)
	cflags=$(meta "$app" cflags)
	ldflags=$(meta "$app" ldflags)
	nprocs=$(meta "$app" nprocs)
	family=$(meta "$app" family)
	adir=$work/$app
	mkdir -p "$adir/run"
	cp "$src"/*.c "$adir/"
	# shellcheck disable=SC2086
	(cd "$adir" && $cc $cflags -o "$app" ./*.c $ldflags) ||
		{ echo "build_dataset: $app does not build" >&2; exit 1; }
	# the compilation database analyze reads (one entry per source)
	{
		echo "["
		first=1
		for c in "$adir"/*.c; do
			[ $first = 1 ] || echo ","
			first=0
			args=$(printf '"%s", ' $cc $cflags)
			printf '{"directory": "%s", "arguments": [%s"-c", "%s"], "file": "%s"}' \
				"$adir" "$args" "$(basename "$c")" "$(basename "$c")"
		done
		echo "]"
	} >"$adir/compile_commands.json"

	while IFS=$'\t' read -r name setup args || [ -n "${name:-}" ]; do
		[ -z "${name:-}" ] || [ "${name:0:1}" = "#" ] && continue
		[ -z "$ONLY" ] || [[ ",$ONLY," == *",$name,"* ]] || continue
		run=$adir/run
		rm -rf "$run" && mkdir -p "$run"
		setup=${setup//\{dir\}/$run}
		args=${args//\{dir\}/$run}
		if [ "$setup" != "-" ]; then
			# shellcheck disable=SC2086
			(cd "$run" && "$adir/$app" $setup </dev/null >/dev/null) ||
				{ echo "build_dataset: $app/$name: setup failed" >&2; exit 1; }
		fi
		# --no-model: the features must not depend on whatever model is installed
		"$VIDYA" analyze --db "$db" --quiet --no-model $no_probe --args "$args" --nprocs "${nprocs:-1}" \
			"$adir/compile_commands.json" </dev/null >"$work/analyze.log" 2>&1 ||
			{ cat "$work/analyze.log" >&2; echo "build_dataset: $app/$name: analyze failed" >&2; exit 1; }
		t_before=$(sqlite3 "$db" "SELECT coalesce(max(trace_id), 0) FROM traces")
		reps=$REPEAT
		old=0
		if [ -n "$REANALYZE" ]; then
			old=$(sqlite3 "$db" "SELECT count(*) FROM old_blocks WHERE app = '$app' AND config = '$name'")
			[ "$old" = 0 ] || reps=0
		fi
		for ((rep = 1; rep <= reps; rep++)); do
			# shellcheck disable=SC2086
			if [ "${nprocs:-1}" -gt 1 ]; then
				# stdin from /dev/null: mpirun forwards stdin, which is configs.tsv here
				(cd "$run" && mpirun $mpirun_root --oversubscribe -np "$nprocs" \
					"$VIDYA" trace --db "$db" -- "$adir/$app" $args </dev/null >/dev/null 2>"$work/trace.log")
			else
				(cd "$run" && "$VIDYA" trace --db "$db" -- "$adir/$app" $args </dev/null >/dev/null 2>"$work/trace.log")
			fi || { cat "$work/trace.log" >&2; echo "build_dataset: $app/$name: trace failed" >&2; exit 1; }
		done
		# one record per block, pooled over the N traces of this configuration
		hdr=-noheader
		[ $header_done = 1 ] || hdr=-header
		header_done=1
		if [ "$old" != 0 ]; then
			# the measurements of the earlier build, per-run means already
			# (and its calls per class, when it counted them)
			ncols=
			for col in n_stdio n_posix n_meta run_ops run_deferred_s run_mpi; do
				if sqlite3 "$db" "SELECT 1 FROM pragma_table_info('old_blocks') WHERE name = '$col'" | grep -q 1; then
					ncols="$ncols, max(CAST($col AS REAL)) AS $col"
				else
					ncols="$ncols, 0 AS $col"
				fi
			done
			measured="SELECT block_id, max(CAST(rep AS INTEGER)) AS rep, max(CAST(wall_s AS REAL)) AS wall_s, max(CAST(io_s AS REAL)) AS io_s,
			                 max(CAST(io_ops AS REAL)) AS io_ops, max(CAST(io_bytes AS REAL)) AS io_bytes$ncols
			          FROM old_blocks WHERE app = '$app' AND config = '$name' GROUP BY block_id"
		else
			measured=$(rc_measured_sql "$t_before" "$REPEAT")
		fi
		sqlite3 -csv $hdr "$db" "
		  WITH m AS ($measured)
		  SELECT '$app' AS app, '$family' AS family, '$name' AS config, m.rep AS rep,
		         b.block_id, b.kind, b.line,
		         b.p1, b.p2, b.p3, b.p4, b.p5, b.p6, b.p7, b.p8, b.p9, b.p10, b.p11, b.p12, b.p13, b.p14, b.p15,
		         b.x1, b.x2, b.x3, b.x4, b.x5, b.x6, b.x7, b.x8, b.x9, b.x10, b.x11, b.x12, b.x13, b.x14, b.x15, b.x16,
		         b.io_s AS pred_io_s, b.compute_s AS pred_compute_s, b.analytic AS analytic,
		         b.unknown_mask AS unknown_mask,
		         m.wall_s AS wall_s, m.io_s AS io_s,
		         m.io_ops AS io_ops, m.io_bytes AS io_bytes,
		         min(1.0, m.io_s / m.wall_s) AS intensity,
		         m.n_stdio AS n_stdio, m.n_posix AS n_posix, m.n_meta AS n_meta,
		         m.run_ops AS run_ops, m.run_deferred_s AS run_deferred_s, m.run_mpi AS run_mpi,
		         1 AS rec_scale, 0 AS rec_s, min(1.0, m.io_s / m.wall_s) AS intensity_traced
		  FROM m JOIN v_blocks b ON b.block_id = m.block_id
		  WHERE b.kind IN ('function', 'loop') AND m.wall_s >= $MIN_WALL
		  ORDER BY b.seq" >>"$csv"
		nconf=$((nconf + 1))
		echo "build_dataset: $app/$name done ($(($(wc -l <"$csv") - 1)) records so far)" >&2
	done <"$src/configs.tsv"
done

# the recorder's cost measured again, the mean of both, and the labels
if [ -z "$RECORDER_COST" ]; then
	rc_prepare "$work/rc-after.txt" ""
	rc_average "$work/rc-before.txt" "$work/rc-after.txt" >"$work/recorder_cost.txt"
else
	cp "$work/rc-before.txt" "$work/recorder_cost.txt"
fi
rc_stdio=$(rc_class "$work/recorder_cost.txt" stdio)
rc_posix=$(rc_class "$work/recorder_cost.txt" posix)
rc_meta=$(rc_class "$work/recorder_cost.txt" meta)
"$here/relabel.sh" "$csv" "$work/recorder_cost.txt" >"$OUT/blocks.csv"
cp "$work/profile.json" "$OUT/system_profile.json"
cp "$work/recorder_cost.txt" "$OUT/recorder_cost.txt"
{
	echo "vidya: $("$VIDYA" --version) ($describe)"
	echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -srm), $(nproc) CPUs"
	echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
	echo "apps: ${apps[*]}"
	if [ -z "$REANALYZE" ]; then
		echo "configurations: $nconf, repeats: $REPEAT"
	else
		echo "configurations: $nconf; re-analyzed: measurements reused from an earlier build (the rep column says how many traces each pools)"
	fi
	echo "records: $(($(wc -l <"$OUT/blocks.csv") - 1)) (function and loop blocks measured >= $MIN_WALL s)"
	echo "recorder's own time per call (us): stdio $rc_stdio, posix $rc_posix, meta $rc_meta (recorder_cost.txt," \
		"model/recorder_cost.sh before the first trace and after the last, averaged; taken out of each" \
		"block's wall time by model/relabel.sh: intensity = io_s / (wall_s - rec_s))"
	if [ -n "$PROFILE" ]; then
		echo "system profile: system_profile.json (the stored profile $(basename "$PROFILE") the analyses were priced with, not the user's cache)"
	else
		echo "system profile: system_profile.json (vidya sysprobe --quick of the scratch directory)"
	fi
	# the measurements' own history, when the earlier build recorded it
	if [ -n "$REANALYZE" ] && [ -f "$(dirname "$REANALYZE")/provenance.txt" ]; then
		echo "the reused measurements' provenance (the earlier build's provenance.txt):"
		sed 's/^/  | /' "$(dirname "$REANALYZE")/provenance.txt"
	fi
} >"$work/provenance.txt"
cp "$work/provenance.txt" "$OUT/provenance.txt"
echo "build_dataset: $(($(wc -l <"$OUT/blocks.csv") - 1)) records -> $OUT/blocks.csv" >&2
