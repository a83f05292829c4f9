#!/usr/bin/env bash
# relabel.sh CSV COSTS - the training records of CSV (model/build_dataset.sh's
# blocks.csv) with honest labels, on stdout: for each record
#     rec_s            = (n_stdio x stdio + n_posix x posix + n_meta x meta) us
#     intensity        = io_s / max(wall_s - rec_s, io_s), at most 1
#     intensity_traced = io_s / wall_s, at most 1 (the uncorrected figure)
# with the per-class microseconds of COSTS (model/recorder_cost.sh's output:
# "class NAME US" lines).  With LOAD_SCALE=1, times the run's load factor
#     rec_scale = (run_deferred_s / run_ops) / deferred_us, within [0.5, 3]
# when COSTS has deferred_us and the record its run's deferred sample time
# (at least 10 ms over 20 000 calls or more, no MPI-IO: MPI_Init's time is
# deferred too), else 1: a run traced on a busier machine than the yardstick
# waited longer for the recorder's work too.  Off by default (docs/model.md
# says why).  The columns are found by name; rec_s, intensity,
# intensity_traced and rec_scale (when there) are overwritten.  build_dataset.sh runs it on its own
# output; run it by hand to relabel a training set with another measurement.
set -euo pipefail
[ $# = 2 ] || { echo "usage: relabel.sh CSV COSTS" >&2; exit 2; }
[ -f "$1" ] || { echo "relabel: $1: no such file" >&2; exit 1; }
[ -f "$2" ] || { echo "relabel: $2: no such file" >&2; exit 1; }
awk -F, -v OFS=, -v scale="${LOAD_SCALE:-0}" '
	FNR == NR { split($0, f, " ")
	            if (f[1] == "class") us[f[2]] = f[3] + 0
	            if (f[1] == "deferred_us") dus = f[2] + 0
	            next }
	FNR == 1 {
		for (i = 1; i <= NF; i++) c[$i] = i
		split("wall_s io_s n_stdio n_posix n_meta rec_s intensity intensity_traced", need, " ")
		for (j in need) if (!(need[j] in c)) { printf "relabel: %s: no column %s\n", FILENAME, need[j] > "/dev/stderr"; bad = 1; exit 1 }
		print; next }
	{
		w = $c["wall_s"] + 0; io = $c["io_s"] + 0
		k = 1
		if (scale == 1 && dus > 0 && ("run_deferred_s" in c) && $c["run_mpi"] + 0 == 0 &&
		    $c["run_ops"] >= 20000 && $c["run_deferred_s"] >= 0.01) {
			k = $c["run_deferred_s"] / $c["run_ops"] * 1e6 / dus
			k = k < 0.5 ? 0.5 : k > 3 ? 3 : k
		}
		if ("rec_scale" in c) $c["rec_scale"] = sprintf("%.4g", k)
		rec = k * ($c["n_stdio"] * us["stdio"] + $c["n_posix"] * us["posix"] + $c["n_meta"] * us["meta"]) * 1e-6
		d = w - rec; if (d < io) d = io
		$c["rec_s"] = sprintf("%.9g", rec)
		$c["intensity"] = (w > 0 && d > 0) ? sprintf("%.15g", io / d > 1 ? 1 : io / d) : ""
		$c["intensity_traced"] = w > 0 ? sprintf("%.15g", io / w > 1 ? 1 : io / w) : ""
		print
	}
	END { exit bad }' "$2" "$1"
