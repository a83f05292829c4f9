# shellcheck shell=bash
# recorder_lib.sh - sourced by model/build_dataset.sh and model/heldout_eval.sh:
# the recorder's own time per call (model/recorder_cost.sh) taken out of a
# traced block's wall time.  Not a program.
#
# rc_prepare FILE [SETTING]: FILE receives the per-class figures.  SETTING
#   (the caller's RECORDER_COST) empty: measured now by recorder_cost.sh
#   with $VIDYA; "0": no correction; a path: that earlier measurement.
rc_prepare() {
	local file=$1 setting=${2:-} lib_dir
	lib_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
	if [ "$setting" = 0 ]; then
		printf 'class stdio 0\nclass posix 0\nclass meta 0\n' >"$file"
	elif [ -n "$setting" ]; then
		[ -f "$setting" ] || { echo "RECORDER_COST=$setting: no such file" >&2; return 1; }
		cp "$setting" "$file"
	else
		echo "the recorder's own time per call (model/recorder_cost.sh)" >&2
		VIDYA=$VIDYA "$lib_dir/recorder_cost.sh" "$file" || return 1
	fi
}

# rc_average A B: the mean of two measurements' per-class figures, with
# both measurements' lines kept as comments
rc_average() {
	awk '$1 == "class" { v[$2] += $3; n[$2]++ }
	     $1 == "deferred_us" { d += $2; nd++ }
	     { c[FILENAME] = c[FILENAME] "# " FILENAME ": " $0 "\n" }
	     END { for (f in c) printf "%s", c[f]
	           split("stdio posix meta", k, " ")
	           for (i = 1; i <= 3; i++) if (n[k[i]]) printf "class %s %.3f\n", k[i], v[k[i]] / n[k[i]]
	           if (nd) printf "deferred_us %.3f\n", d / nd }' "$1" "$2" |
		sed "s|# $(dirname "$1")/|# |"
}

# rc_class FILE CLASS: the microseconds per call of CLASS in FILE (0 if absent)
rc_class() {
	awk -v c="$2" '$1 == "class" && $2 == c { print $3 + 0; f = 1 } END { if (!f) print 0 }' "$1"
}

# rc_measured_sql T_BEFORE REPEAT: a query giving, per block of the traces
# after T_BEFORE (REPEAT of them), the mean wall_s, io_s, io_ops and
# io_bytes per trace, and n_stdio, n_posix, n_meta: the block's calls per
# class of the recorder's cost (buffered stdio; read/write/sync/flush of
# any other layer; open/close/stat/seek and other metadata calls).  A
# block's own top-level calls (innermost block the block or one of its
# loops) count by their class; the rest of its io_ops (calls made in
# callees) are shared out in the proportions of all the traces' calls.
# run_ops and run_deferred_s: the traces' calls and deferred sample time
# (trace_procs, all processes), per trace; run_mpi: 1 when MPI-IO calls were
# made (MPI_Init's time is deferred too, so the deferred time is not the
# recorder's alone).
rc_measured_sql() {
	local t=$1 rep=$2
	cat <<SQL
WITH tb AS (SELECT block_id, sum(wall_s) AS wall_s, sum(io_s) AS io_s,
                   sum(io_ops) AS io_ops, sum(io_bytes) AS io_bytes
            FROM trace_blocks WHERE trace_id > $t GROUP BY block_id),
ops AS (SELECT block_id, sum(calls) AS n,
               sum(calls * (api = 'stdio')) AS s,
               sum(calls * (api <> 'stdio' AND class IN ('read', 'write', 'sync', 'flush'))) AS p
        FROM trace_sites WHERE trace_id > $t AND parent_api IS NULL
        GROUP BY block_id),
mix AS (SELECT coalesce(sum(s) * 1.0 / sum(n), 0) AS s, coalesce(sum(p) * 1.0 / sum(n), 0) AS p,
               coalesce((sum(n) - sum(s) - sum(p)) * 1.0 / sum(n), 0) AS m FROM ops),
own AS (SELECT tb.block_id, coalesce(sum(ops.n), 0) AS n, coalesce(sum(ops.s), 0) AS s,
               coalesce(sum(ops.p), 0) AS p
        FROM tb LEFT JOIN ops ON ops.block_id = tb.block_id
             OR substr(ops.block_id, 1, length(tb.block_id) + 1) = tb.block_id || '/'
        GROUP BY tb.block_id)
SELECT tb.block_id, $rep AS rep, tb.wall_s / $rep AS wall_s,
       tb.io_s / $rep AS io_s, tb.io_ops * 1.0 / $rep AS io_ops,
       tb.io_bytes / $rep AS io_bytes,
       (own.s + max(tb.io_ops - own.n, 0) * mix.s) / $rep AS n_stdio,
       (own.p + max(tb.io_ops - own.n, 0) * mix.p) / $rep AS n_posix,
       (own.n - own.s - own.p + max(tb.io_ops - own.n, 0) * mix.m) / $rep AS n_meta,
       run.ops * 1.0 / $rep AS run_ops, run.deferred_s / $rep AS run_deferred_s, run.mpi AS run_mpi
FROM tb JOIN own ON own.block_id = tb.block_id, mix,
     (SELECT coalesce(sum(ops), 0) AS ops, coalesce(sum(deferred_s), 0) AS deferred_s,
             EXISTS (SELECT 1 FROM trace_sites WHERE trace_id > $t AND api = 'mpiio') AS mpi
      FROM trace_procs WHERE trace_id > $t) AS run
SQL
}
