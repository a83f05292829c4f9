#!/usr/bin/env bash
# recorder_cost.sh - measures, on this machine, the time `vidya trace`'s
# recorder spends outside the calls it times, per call: the part of a
# traced block's wall time that is neither the program's own work nor I/O.
# model/build_dataset.sh and model/heldout_eval.sh take it out of the
# measured wall time (docs/model.md, "Honest labels").
#
# usage: model/recorder_cost.sh [OUT]
#   VIDYA=PATH  the vidya binary (default: build/vidya)
#   REPS=N      untraced and traced runs of the yardstick, alternated
#               (default 5); each figure is the median over the runs
#   N=CALLS     calls per phase (default 200000)
#
# Builds model/reccost/reccost.c (-O2 -g), runs it REPS times untraced and
# REPS times under `vidya trace`, and writes OUT (default stdout):
#     class stdio <us per call> / class posix … / class meta …
#     sampling <share of the wall time the sampling adds>
# Per class k, with W the phase's wall time, C the sum of its own timing of
# each call untraced, IO the trace's I/O time of the phase's block, each
# the median over the runs, and s the sampling share (the compute phase
# traced over untraced, less 1):
#     outside_k = ((W_traced - IO) - (1 + s) (W_untraced - C)) / calls
#     deferred_us <the trace's deferred sample time per call, median>
# deferred_us is the part of the recorder's time that the trace itself
# shows (trace_procs.deferred_s: samples due while the recorder wrote a
# record); the pipelines scale the class figures by a run's own deferred
# time per call over this one, so the correction follows the load the run
# was traced under (model/relabel.sh).
# Wall time, like the labels it corrects: on a machine busy with other work
# a traced program waits for a core during the recorder's work too, and the
# training traces are taken under the same load as this measurement.  The
# same figure from the thread's CPU time (the least over the runs: the
# recorder's cost on an idle machine) is in each line's comment.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
VIDYA=${VIDYA:-$root/build/vidya}
REPS=${REPS:-5}
N=${N:-200000}
OUT=${1:-}
[ -z "$OUT" ] || OUT=$(cd "$(dirname "$OUT")" && pwd)/$(basename "$OUT")
[ -x "$VIDYA" ] || { echo "recorder_cost: $VIDYA is not built" >&2; exit 1; }
VIDYA=$(cd "$(dirname "$VIDYA")" && pwd)/$(basename "$VIDYA")
work=$(mktemp -d "${TMPDIR:-/tmp}/vidya-reccost.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$here/reccost/reccost.c" .
cc -g -O2 -std=c11 -o reccost reccost.c || { echo "recorder_cost: reccost.c does not build" >&2; exit 1; }
printf '[{"directory": "%s", "arguments": ["cc", "-g", "-O2", "-std=c11", "-c", "reccost.c"], "file": "reccost.c"}]\n' \
	"$work" >compile_commands.json
"$VIDYA" analyze --no-probe --quiet --no-model --db r.db --args "r.txt $N" compile_commands.json \
	>analyze.log 2>&1 || { cat analyze.log >&2; echo "recorder_cost: analyze failed" >&2; exit 1; }
: >plain.txt
: >traced.txt
: >deferred.txt
for ((i = 1; i <= REPS; i++)); do
	./reccost r.txt "$N" && sed "s/^/$i /" r.txt >>plain.txt ||
		{ echo "recorder_cost: reccost failed" >&2; exit 1; }
	"$VIDYA" trace --db r.db -- ./reccost r.txt "$N" >/dev/null 2>trace.log ||
		{ cat trace.log >&2; echo "recorder_cost: vidya trace failed" >&2; exit 1; }
	tid=$(sqlite3 r.db "SELECT max(trace_id) FROM traces")
	while read -r _ name wall calls _ cpu; do
		io=$(sqlite3 r.db "SELECT coalesce(sum(tb.io_s), 0) FROM trace_blocks tb
		                   JOIN v_blocks b ON b.block_id = tb.block_id
		                   WHERE tb.trace_id = $tid AND b.kind = 'function' AND b.block_id LIKE '%:$name'")
		echo "$i phase $name $wall $calls $io $cpu"
	done <r.txt >>traced.txt
	# the recorder's own time the sampling saw (deferred samples), per call
	sqlite3 r.db "SELECT sum(deferred_s) * 1e6 / sum(ops) FROM trace_procs WHERE trace_id = $tid" >>deferred.txt
done
# per phase, the median of each figure over the runs, then the arithmetic
# above; the same with the thread's CPU time and the least over the runs
# is printed for comparison (the recorder's cost on an idle machine)
awk -v reps="$REPS" '
	function median(a, n,   i, j, t) {
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	function lo(a, k, v) { if (!(k in a) || v < a[k]) a[k] = v }
	FNR == 1 { file++ }
	{ k = $3; names[k] = 1; calls[k] = $5; r = ++n[file, k]
	  if (file == 1) { pw[k, r] = $4; pc[k, r] = $6; lo(PU, k, $7); lo(PCL, k, $6) }
	  else { tw[k, r] = $4; ti[k, r] = $6; lo(TU, k, $7); lo(TIL, k, $6) } }
	END {
	  for (k in names) {
	    m = n[1, k]; for (i = 1; i <= m; i++) a[i] = pw[k, i]; PW[k] = median(a, m)
	    for (i = 1; i <= m; i++) a[i] = pc[k, i]; PC[k] = median(a, m)
	    m = n[2, k]; for (i = 1; i <= m; i++) a[i] = tw[k, i]; TW[k] = median(a, m)
	    for (i = 1; i <= m; i++) a[i] = ti[k, i]; TI[k] = median(a, m)
	  }
	  s = TW["phase_compute"] / PW["phase_compute"] - 1
	  if (s < 0) s = 0
	  su = TU["phase_compute"] / PU["phase_compute"] - 1
	  if (su < 0) su = 0
	  split("stdio posix meta", cls, " ")
	  for (j = 1; j <= 3; j++) {
	    k = "phase_" cls[j]
	    o = ((TW[k] - TI[k]) - (1 + s) * (PW[k] - PC[k])) / calls[k] * 1e6
	    if (o < 0) o = 0
	    u = ((TU[k] - TIL[k]) - (1 + su) * (PU[k] - PCL[k])) / calls[k] * 1e6
	    if (u < 0) u = 0
	    printf "class %s %.3f   # us per call outside the call (wall); %.3f us in CPU time at the least; phase wall %.4f s untraced (calls %.4f s), %.4f s traced (I/O %.4f s); %d calls\n", cls[j], o, u, PW[k], PC[k], TW[k], TI[k], calls[k]
	  }
	  printf "sampling %.4f\n", s
	  printf "runs %d\n", reps
	}' plain.txt traced.txt >result.txt
sort -g deferred.txt | awk '{ v[NR] = $1 } END { printf "deferred_us %.3f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }' >>result.txt
if [ -n "$OUT" ]; then cp result.txt "$OUT"; else cat result.txt; fi
