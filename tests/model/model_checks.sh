#!/usr/bin/env bash
# model_checks.sh VIDYA CHECK - end-to-end checks of `vidya model` and of
# the training-data pipeline (model/build_dataset.sh).
set -u
VIDYA=$1
CHECK=$2
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-modeltest.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL $CHECK: $*" >&2; exit 1; }
expect_in() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "$3: '$1' not in output"; }; }

case $CHECK in
dataset)
	# one configuration of one corpus application, end to end
	OUT=$T/ds ONLY=c4-io-4k-osync VIDYA=$VIDYA bash "$ROOT/model/build_dataset.sh" iorbench \
		>log 2>&1 || { cat log >&2; fail "build_dataset.sh"; }
	head -n 1 ds/blocks.csv | grep -q '^app,family,config,rep,block_id,kind,line,p1,' ||
		fail "no CSV header"
	n=$(($(wc -l < ds/blocks.csv) - 1))
	[ "$n" -ge 2 ] || fail "$n records, expected at least write_phase and main"
	grep -q '^iorbench,iobench,c4-io-4k-osync,1,iorbench.c:write_phase,function' ds/blocks.csv ||
		fail "no record for write_phase"
	# O_SYNC 4 KiB writes: write_phase is I/O-bound
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	         $5 == "iorbench.c:write_phase" { exit !($c["intensity"] > 0.5) }' ds/blocks.csv ||
		fail "write_phase's measured intensity is not above 0.5"
	expect_in "records:" ds/provenance.txt "provenance"
	[ -s ds/system_profile.json ] || fail "no system profile"
	;;
cli)
	data=$ROOT/data/training/blocks.csv
	[ -f "$data" ] || fail "no $data"
	"$VIDYA" model fit "$data" --variant both --link logit --out m.xml >fit.out 2>&1 ||
		{ cat fit.out >&2; fail "model fit"; }
	expect_in "adjusted R-squared" fit.out "fit table"
	expect_in "t-ratio" fit.out "fit table"
	expect_in "model written to m.xml" fit.out "fit"
	"$VIDYA" model show --model m.xml >show.out 2>&1 || fail "model show"
	expect_in "R-squared" show.out "show"
	"$VIDYA" model eval "$data" >eval.out 2>&1 || { cat eval.out >&2; fail "model eval"; }
	for v in analytic paper absolute both; do expect_in "$v" eval.out "eval rows"; done
	expect_in "best:" eval.out "eval"
	# errors name the file
	echo "not xml" > bad.xml
	"$VIDYA" model show --model bad.xml >err.out 2>&1 && fail "a bad model file was accepted"
	expect_in "bad.xml" err.out "error names the file"
	"$VIDYA" model fit nonexistent.csv >err.out 2>&1 && fail "a missing data file was accepted"
	expect_in "nonexistent.csv" err.out "error names the file"
	# analyze uses the model it is given, and says so in runs.model
	cat > app.c <<'C'
#include <stdio.h>
int main(void)
{
	FILE *f = fopen("out.txt", "w");
	for (int i = 0; i < 1000; i++)
		fprintf(f, "%d\n", i);
	fclose(f);
	return 0;
}
C
	printf '[{"directory": "%s", "arguments": ["cc", "-c", "app.c"], "file": "app.c"}]\n' "$T" \
		> compile_commands.json
	"$VIDYA" analyze --no-probe --quiet --db v.db --model m.xml compile_commands.json || fail "analyze --model"
	[ "$(sqlite3 v.db 'SELECT model FROM v_runs WHERE is_latest')" = m.xml ] || fail "runs.model is not m.xml"
	sqlite3 v.db "SELECT count(*) FROM v_blocks WHERE cioc < 0 OR cioc > 1" | grep -qx 0 || fail "cioc out of [0, 1]"
	"$VIDYA" analyze --no-probe --quiet --db v.db --no-model compile_commands.json || fail "analyze --no-model"
	[ -z "$(sqlite3 v.db 'SELECT model FROM v_runs WHERE is_latest')" ] || fail "--no-model still names a model"
	"$VIDYA" analyze --no-probe --quiet --db v.db --model bad.xml compile_commands.json >err.out 2>&1 &&
		fail "analyze accepted a bad model"
	expect_in "bad.xml" err.out "analyze names the bad model"
	;;
*)
	fail "unknown check"
	;;
esac
echo "ok $CHECK"
