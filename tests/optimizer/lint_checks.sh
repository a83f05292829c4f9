#!/usr/bin/env bash
# lint_checks.sh VIDYA SOURCE_DIR CHECK - one check of `vidya lint` and the
# findings around it (exit codes, rules files, output formats, SARIF,
# fingerprints, the bundled example, `vidya report`).
set -u
VIDYA=$1
SRC=$2
CHECK=$3
[[ $VIDYA == /* ]] || VIDYA=$PWD/$VIDYA
[[ $SRC == /* ]] || SRC=$PWD/$SRC
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-lint.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T"

fail() { echo "FAIL $CHECK: $*" >&2; exit 1; }
expect_rc() { [ "$1" = "$2" ] || fail "$3: exit code $2, expected $1"; }
expect_in() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "$3: '$1' not in output"; }; }
q() { sqlite3 -batch -noheader "$1" "$2"; }

# a fixture copied here with its compile_commands.json (no MPI/HDF5 flags)
fixture() { # NAME DIR
	mkdir -p "$2"
	cp "$SRC/tests/optimizer/fixtures/$1/prog.c" "$2/"
	printf '[{"directory": ".", "file": "prog.c", "arguments": ["cc", "-c", "prog.c"]}]\n' \
		>"$2/compile_commands.json"
}
LINT=("$VIDYA" lint --no-probe)

case $CHECK in
example_ckpt)
	# the bundled example: its README's "thousands of 2 KiB synchronous
	# writes where one write per checkpoint would do"
	cp -R "$SRC/examples/ckpt" ck
	"${LINT[@]}" ck/compile_commands.json --args "256 256 100 10" --db v.db >out.txt 2>err.txt
	expect_rc 0 $? "lint of examples/ckpt"
	expect_in 'checkpoint.c:39:1: warning: 2560 synchronous `write` calls of 2 KiB' out.txt "ckpt finding"
	expect_in 'one `write` of 512 KiB per call of write_checkpoint would do' out.txt "ckpt recommendation"
	expect_in '[small-io-loop]' out.txt "ckpt rule id"
	[ "$(q v.db "SELECT rule || ' ' || block_id || ' ' || line || '-' || end_line FROM v_findings WHERE rule = 'small-io-loop'")" = \
	  "small-io-loop checkpoint.c:write_checkpoint/loop#1 38-39" ] || fail "v_findings row of the ckpt finding"
	[ "$(q v.db "SELECT gain_s > 0 AND io_s > gain_s AND share > 0 AND share < 1 FROM v_findings WHERE rule = 'small-io-loop'")" = 1 ] ||
		fail "seconds at stake of the ckpt finding"
	;;
exit_codes)
	fixture small-io-loop-fires f
	fixture small-io-loop-clean c
	"${LINT[@]}" f/compile_commands.json --db f.db >/dev/null 2>&1
	expect_rc 0 $? "findings without --fail-on"
	"${LINT[@]}" f/compile_commands.json --db f.db --fail-on warning >/dev/null 2>&1
	expect_rc 2 $? "a warning with --fail-on warning"
	"${LINT[@]}" f/compile_commands.json --db f.db --fail-on note >/dev/null 2>&1
	expect_rc 2 $? "a warning with --fail-on note"
	"${LINT[@]}" f/compile_commands.json --db f.db --fail-on error >/dev/null 2>&1
	expect_rc 0 $? "a warning with --fail-on error"
	"$VIDYA" lint --db f.db --fail-on warning >/dev/null 2>&1
	expect_rc 2 $? "a stored run with --fail-on warning"
	"${LINT[@]}" c/compile_commands.json --db c.db --fail-on note >out.txt 2>&1
	expect_rc 0 $? "the clean twin with --fail-on note"
	expect_in "no findings in run 1" out.txt "clean run message"
	"$VIDYA" lint --db f.db --fail-on fatal >/dev/null 2>err.txt
	expect_rc 1 $? "bad --fail-on"
	expect_in "--fail-on 'fatal'" err.txt "bad --fail-on message"
	"$VIDYA" lint --db f.db --bogus >/dev/null 2>err.txt
	expect_rc 1 $? "unknown option"
	expect_in "unknown option '--bogus'" err.txt "unknown option message"
	"$VIDYA" lint --db missing.db >/dev/null 2>err.txt
	expect_rc 1 $? "missing database"
	expect_in "missing.db" err.txt "missing database message"
	"$VIDYA" lint >/dev/null 2>err.txt
	expect_rc 1 $? "nothing to lint"
	"${LINT[@]}" nothere/compile_commands.json --db n.db >/dev/null 2>&1
	expect_rc 1 $? "missing compile_commands.json"
	"$VIDYA" lint --db f.db --run 99 >/dev/null 2>err.txt
	expect_rc 1 $? "no such run"
	expect_in "no analysis run with that number" err.txt "no such run message"
	# a translation unit that does not parse: 3, even with findings
	mkdir p && cp f/prog.c p/ && printf 'int broken(void) { return }\n' >p/bad.c
	printf '[{"directory": ".", "file": "prog.c", "arguments": ["cc", "-c", "prog.c"]},
	  {"directory": ".", "file": "bad.c", "arguments": ["cc", "-c", "bad.c"]}]\n' >p/compile_commands.json
	"${LINT[@]}" p/compile_commands.json --db p.db --fail-on warning >/dev/null 2>&1
	expect_rc 3 $? "a translation unit failed"
	;;
rules_file)
	fixture small-io-loop-fires f
	printf '# raise the bar\nsmall-io-loop.min_calls = 5000\n' >high.rules
	"${LINT[@]}" f/compile_commands.json --db f.db --rules high.rules --fail-on note >out.txt 2>&1
	expect_rc 0 $? "threshold above the site's 1024 calls"
	[ "$(q f.db "SELECT count(*) FROM v_findings")" = 0 ] || fail "findings stored despite the threshold"
	printf 'small-io-loop.severity = error\n' >sev.rules
	"$VIDYA" lint --db f.db --rules sev.rules --fail-on error >out.txt 2>&1
	expect_rc 2 $? "severity raised to error"
	expect_in "error:" out.txt "severity in the text"
	[ "$(q f.db "SELECT severity FROM v_findings")" = error ] || fail "stored severity"
	printf 'small-io-loop.enabled = 0\n' >off.rules
	"$VIDYA" lint --db f.db --rules off.rules --fail-on note >/dev/null 2>&1
	expect_rc 0 $? "rule disabled"
	printf 'small-io-loop.min_calls = 10\nsmall-io-loop.min_cals = 10\n' >bad.rules
	"$VIDYA" lint --db f.db --rules bad.rules >/dev/null 2>err.txt
	expect_rc 1 $? "misspelt setting"
	expect_in "bad.rules:2: rule 'small-io-loop' has no setting 'min_cals'" err.txt "rules file error"
	printf 'no-such-rule.min_calls = 1\n' >bad2.rules
	"$VIDYA" lint --db f.db --rules bad2.rules >/dev/null 2>err.txt
	expect_rc 1 $? "unknown rule"
	expect_in "bad2.rules:1: unknown rule 'no-such-rule'" err.txt "unknown rule message"
	printf 'all.min_gain_s = -1\n' >bad3.rules
	"$VIDYA" lint --db f.db --rules bad3.rules >/dev/null 2>err.txt
	expect_rc 1 $? "negative threshold"
	"$VIDYA" lint --db f.db --rules nothere.rules >/dev/null 2>err.txt
	expect_rc 1 $? "missing rules file"
	expect_in "nothere.rules" err.txt "missing rules file message"
	"$VIDYA" lint --list-rules >list.txt
	for r in small-io-loop sync-in-loop sync-handle open-close-loop random-small-reads reread \
		meta-in-loop prefetch stdio-buffer mpiio-independent hdf5-small-writes rank0-funnel \
		file-per-process unknown-bound seq-scan-no-advice; do
		expect_in "$r" list.txt "--list-rules"
	done
	;;
formats)
	fixture sync-in-loop-fires f
	"${LINT[@]}" f/compile_commands.json --db f.db --format json -o out.json >/dev/null 2>&1
	expect_rc 0 $? "json"
	jq -e '.findings | length == 1 and .[0].rule == "sync-in-loop" and .[0].site_line == 17
	       and (.[0].gain_s > 0) and (.[0].evidence | test("100 `fsync` calls"))' out.json >/dev/null ||
		fail "json content: $(cat out.json)"
	"$VIDYA" lint --db f.db --format gcc >out.txt
	grep -qE '^prog\.c:17:1: error: .* \[sync-in-loop\]$' out.txt || fail "gcc-style line: $(cat out.txt)"
	"$VIDYA" lint --db f.db --format xml >/dev/null 2>err.txt
	expect_rc 1 $? "unknown format"
	"$VIDYA" report --db f.db >rep.txt
	expect_rc 0 $? "report"
	expect_in "findings (1;" rep.txt "report's findings section"
	expect_in "[sync-in-loop]" rep.txt "report's finding"
	"$VIDYA" report --db f.db --format json | jq -e . >/dev/null || fail "report json stays JSON"
	;;
sarif)
	fixture small-io-loop-fires f
	"${LINT[@]}" f/compile_commands.json --db f.db --format sarif -o out.sarif >/dev/null 2>&1
	expect_rc 0 $? "sarif"
	jq -e '.version == "2.1.0" and (.runs | length == 1)
	  and (.runs[0].tool.driver.rules | length == 21)
	  and ([.runs[0].tool.driver.rules[] | select(.help.text | length > 40)] | length == 21)
	  and (.runs[0].results | length == 1)
	  and (.runs[0].results[0].ruleId == "small-io-loop")
	  and (.runs[0].tool.driver.rules[.runs[0].results[0].ruleIndex].id == "small-io-loop")
	  and (.runs[0].results[0].level == "warning")
	  and (.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri == "prog.c")
	  and (.runs[0].results[0].locations[0].physicalLocation.region.startLine == 16)
	  and (.runs[0].results[0].partialFingerprints["vidyaBlockRule/v1"] | test("^[0-9a-f]{16}$"))' \
		out.sarif >/dev/null || fail "SARIF content: $(cat out.sarif)"
	# the official schema and validator: the SARIF multitool (npm package
	# @microsoft/sarif-multitool-linux), when installed; see docs/lint.md
	mt=${SARIF_MULTITOOL:-$(command -v Sarif.Multitool || command -v sarif || true)}
	if [ -n "$mt" ]; then
		DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 "$mt" validate out.sarif -o val.sarif >mt.txt 2>&1 ||
			{ cat mt.txt; fail "SARIF multitool validation"; }
		jq -e '[.runs[].results[] | select(.level == "error")] | length == 0' val.sarif >/dev/null ||
			{ jq '.runs[].results[]' val.sarif; fail "SARIF multitool reported errors"; }
		schema=$(dirname "$(readlink -f "$mt")")/sarif-2.1.0.json
		if [ -f "$schema" ] && python3 -c 'import jsonschema' 2>/dev/null; then
			python3 -c 'import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))' out.sarif "$schema" ||
				fail "SARIF against the published schema"
		fi
		echo "validated with $mt"
	else
		echo "SARIF multitool not installed: schema validation skipped (structure checked)"
	fi
	;;
fingerprints)
	# re-indented and shifted by blank lines: same fingerprint, new line
	fixture open-close-loop-fires a
	fixture open-close-loop-fires b
	{ printf '\n\n\n'; sed 's/\t/    /g' a/prog.c; } >b/prog.c
	"${LINT[@]}" a/compile_commands.json --db a.db >/dev/null 2>&1 || fail "lint a"
	"${LINT[@]}" b/compile_commands.json --db b.db >/dev/null 2>&1 || fail "lint b"
	fa=$(q a.db "SELECT fingerprint FROM v_findings") fb=$(q b.db "SELECT fingerprint FROM v_findings")
	la=$(q a.db "SELECT site_line FROM v_findings") lb=$(q b.db "SELECT site_line FROM v_findings")
	[ -n "$fa" ] && [ "$fa" = "$fb" ] || fail "fingerprints differ: '$fa' '$fb'"
	[ "$lb" = $((la + 3)) ] || fail "lines: $la then $lb"
	# a different rule on another block gets another fingerprint
	fixture sync-in-loop-fires c
	"${LINT[@]}" c/compile_commands.json --db c.db >/dev/null 2>&1 || fail "lint c"
	[ "$(q c.db "SELECT fingerprint FROM v_findings")" != "$fa" ] || fail "fingerprint collision"
	;;
trace_rules)
	# findings from a trace's counters: each program is analyzed, built
	# with -g, run under `vidya trace`, then linted; `fires` lists the
	# trace-* rules that must be among its findings, none for a clean one
	traced() { # NAME SOURCE_FILE
		mkdir "$1" && cp "$2" "$1/prog.c" && (
			cd "$1" &&
			printf '[{"directory": ".", "file": "prog.c", "arguments": ["cc", "-g", "-c", "prog.c"]}]\n' >compile_commands.json &&
			cc -g -O0 -o prog prog.c &&
			"$VIDYA" analyze compile_commands.json --no-probe --db v.db --quiet &&
			"$VIDYA" trace --db v.db -- ./prog >/dev/null 2>&1 &&
			"$VIDYA" lint --db v.db --rules ../trace.rules --format json -o f.json
		) || fail "$1: analyze, build, trace or lint failed"
	}
	got() { sqlite3 -batch -noheader "$1/v.db" "SELECT group_concat(rule, ' ') FROM (SELECT DISTINCT rule FROM v_findings WHERE rule LIKE 'trace-%' ORDER BY rule)"; }
	fires() { # NAME RULE...
		local n=$1 r; shift
		for r in "$@"; do
			[[ " $(got "$n") " == *" $r "* ]] || {
				sqlite3 -header "$n/v.db" "SELECT * FROM v_trace_files" >&2
				fail "$n: $r not reported (got: $(got "$n"))"
			}
		done
	}
	clean() { [ -z "$(got "$1")" ] || fail "$1: trace findings on a clean program: $(got "$1")"; }
	# metadata time depends on the machine and its load (10,000 cached opens
	# take 5 to 35 ms here; under ASan on a loaded machine a clean twin's
	# two opens took over 1 ms): meta makes 40,000, the floor is 10 ms
	printf 'trace-metadata.min_s = 0.01\n' >trace.rules
	cat >small.c <<'C'
#include <fcntl.h>
#include <unistd.h>
static char table[1024][512];
int main(void)
{
	int fd = open("table.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 1024; i++)
		write(fd, table[i], sizeof table[i]);
	close(fd);
	return 0;
}
C
	sed -e 's/for (int i = 0; i < 1024; i++)//' -e 's/write(fd, table\[i\], sizeof table\[i\]);/write(fd, table, sizeof table);/' small.c >small_clean.c
	cat >rnd.c <<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#define BLK 16384
static char big[4 << 20], blk[BLK];
int main(void)
{
	int fd = open("rnd.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
	write(fd, big, sizeof big);
	for (int i = 0; i < 500; i++)
		pread(fd, blk, BLK, (off_t)(rand() % 256) * BLK);
	close(fd);
	return 0;
}
C
	sed 's/(off_t)(rand() % 256) \* BLK/(off_t)(i % 256) * BLK/' rnd.c >rnd_clean.c
	cat >meta.c <<'C'
#include <fcntl.h>
#include <unistd.h>
int main(void)
{
	char b[64] = { 0 };
	for (int i = 0; i < 20000; i++) {
		int fd = open("meta.dat", O_WRONLY | O_CREAT, 0644);
		close(fd);
	}
	int fd = open("meta.dat", O_WRONLY | O_CREAT, 0644);
	write(fd, b, sizeof b);
	close(fd);
	return 0;
}
C
	sed 's/i < 20000/i < 0/' meta.c >meta_clean.c
	cat >imb.c <<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
static char buf[1 << 20];
int main(void)
{
	pid_t p = fork();
	int fd = open("shared.dat", O_WRONLY | O_CREAT, 0644);
	int n = p == 0 ? 32 : 2;
	off_t base = p == 0 ? 0 : (off_t)64 << 20;
	for (int i = 0; i < n; i++) {
		pwrite(fd, buf, sizeof buf, base + (off_t)i * sizeof buf);
		fdatasync(fd);
	}
	close(fd);
	if (p == 0)
		exit(0);
	waitpid(p, NULL, 0);
	return 0;
}
C
	sed -e 's/int n = p == 0 ? 32 : 2;/int n = 4;/' -e '/fdatasync(fd);/d' imb.c >imb_clean.c
	for p in small rnd meta imb; do
		traced "$p" "$p.c"
		traced "${p}_clean" "${p}_clean.c"
	done
	fires small trace-small-requests trace-misaligned
	fires rnd trace-random
	fires meta trace-metadata
	fires imb trace-imbalance
	# stragglers are timing: reported exactly when the measured seconds per
	# process cross the thresholds (on a loaded or a very fast machine the
	# slow syncs of imb may not, or the clean twin's writes may)
	stragglers() { # NAME: 1 when its measurements call for the finding
		sqlite3 -batch -noheader "$1/v.db" "SELECT max(s) >= 0.1 AND (max(s) - min(s)) >= 0.15 * max(s)
			FROM (SELECT sum(read_s + write_s + meta_s) AS s FROM trace_files
			      WHERE (path = 'shared.dat' OR path LIKE '%/shared.dat') AND api = 'posix' GROUP BY pid)"
	}
	for p in imb imb_clean; do
		if [ "$(stragglers $p)" = 1 ]; then
			fires $p trace-stragglers
		else
			[[ " $(got $p) " != *" trace-stragglers "* ]] || fail "$p: stragglers reported below the thresholds"
		fi
	done
	[ "$(stragglers imb)" = 1 ] || echo "syncs too fast here for a straggler: checked that none is reported"
	for p in small rnd meta; do clean "${p}_clean"; done
	[[ " $(got imb_clean) " != *" trace-imbalance "* && " $(got imb_clean) " != *" trace-metadata "* ]] ||
		fail "imb_clean: $(got imb_clean)"
	# a static finding says what the trace measured at its site
	jq -e '[.findings[] | select(.rule == "small-io-loop")][0].confirmed
	       | test("confirmed by the trace: 1024 calls")' small/f.json >/dev/null ||
		fail "trace confirmation: $(cat small/f.json)"
	;;
diff)
	# the small writes fixed: the loop and its finding are gone in run 2
	fixture small-io-loop-fires a
	fixture small-io-loop-clean b
	"${LINT[@]}" a/compile_commands.json --db v.db --root a >/dev/null 2>&1 || fail "lint a"
	"$VIDYA" diff --db v.db >out.txt 2>err.txt
	expect_rc 1 $? "one run only"
	expect_in "holds only one run" err.txt "one run message"
	"${LINT[@]}" b/compile_commands.json --db v.db --root b >/dev/null 2>&1 || fail "lint b"
	"$VIDYA" diff --db v.db >out.txt
	expect_rc 0 $? "diff"
	expect_in "run 1 -> run 2:" out.txt "header"
	expect_in "removed  prog.c:main/loop#1 (loop, line 15)" out.txt "removed loop"
	expect_in "findings small-io-loop -> -" out.txt "finding gone"
	"$VIDYA" diff --db v.db 1 2 --format json >out.json
	jq -e '.run_a == 1 and .run_b == 2 and
	       ([.blocks[] | select(.block_id == "prog.c:main/loop#1")][0]
	        | .status == "removed" and .calls_a == 1024 and .findings_a == "small-io-loop")
	       and ([.blocks[] | select(.block_id == "program")][0] | .calls_a == 1026 and .calls_b == 3)' \
		out.json >/dev/null || fail "diff json: $(cat out.json)"
	# the same run against itself: nothing changed
	"$VIDYA" diff --db v.db 2 2 >out.txt
	expect_in "run 2 -> run 2: 0 blocks changed, 0 added, 0 removed" out.txt "no change"
	# another database, DATABASE:RUN
	cp v.db w.db
	"$VIDYA" diff --db v.db w.db:1 >out.txt
	expect_rc 0 $? "diff against another database"
	expect_in "run 2 -> run 1:" out.txt "cross-database header"
	expect_in "added    prog.c:main/loop#1" out.txt "cross-database added"
	"$VIDYA" diff --db v.db 1 9 >/dev/null 2>err.txt
	expect_rc 1 $? "no such run"
	"$VIDYA" diff --db v.db nonsense 2 >/dev/null 2>err.txt
	expect_rc 1 $? "bad run"
	expect_in "'nonsense' is neither a run number" err.txt "bad run message"
	"$VIDYA" diff --db v.db --format xml >/dev/null 2>err.txt
	expect_rc 1 $? "bad format"
	;;
suppress)
	fixture small-io-loop-fires a
	# inline comments: on the call's line, naming the rule or not; another rule's name does not
	sed -i 's|write(fd, table\[i\], sizeof table\[i\]);|& /* vidya: ignore(sync-in-loop) */|' a/prog.c
	"${LINT[@]}" a/compile_commands.json --db a.db --fail-on note >/dev/null 2>&1
	expect_rc 2 $? "another rule's suppression"
	sed -i 's|ignore(sync-in-loop)|ignore(sync-in-loop, small-io-loop)|' a/prog.c
	"${LINT[@]}" a/compile_commands.json --db a.db --fail-on note >out.txt 2>err.txt
	expect_rc 0 $? "suppressed on the call's line"
	expect_in "1 finding suppressed" err.txt "suppression count"
	[ "$(q a.db "SELECT count(*) FROM v_findings")" = 0 ] || fail "suppressed finding stored"
	fixture small-io-loop-fires b
	sed -i 's|^\tfor (i = 0; i < 1024; i++)$|\t// vidya: ignore\n&|' b/prog.c
	grep -q "// vidya: ignore" b/prog.c || fail "test setup: comment not inserted"
	"${LINT[@]}" b/compile_commands.json --db b.db --fail-on note >/dev/null 2>&1
	expect_rc 0 $? "suppressed on the line before the loop"
	# a baseline: known findings drop out, also from a shifted copy; new ones stay
	fixture small-io-loop-fires c
	"${LINT[@]}" c/compile_commands.json --db c.db --write-baseline base.txt >/dev/null 2>&1
	expect_rc 0 $? "write a baseline"
	grep -qE '^[0-9a-f]{16}  # small-io-loop prog.c:16$' base.txt || fail "baseline content: $(cat base.txt)"
	{ printf '\n\n'; cat c/prog.c; } >c/p2 && mv c/p2 c/prog.c
	"${LINT[@]}" c/compile_commands.json --db c.db --baseline base.txt --fail-on note >out.txt 2>err.txt
	expect_rc 0 $? "baseline suppresses a moved finding"
	expect_in "1 finding suppressed" err.txt "baseline count"
	fixture sync-in-loop-fires d
	"${LINT[@]}" d/compile_commands.json --db d.db --baseline base.txt --fail-on note >/dev/null 2>&1
	expect_rc 2 $? "a finding not in the baseline"
	printf 'not-a-fingerprint\n' >bad.txt
	"$VIDYA" lint --db c.db --baseline bad.txt >/dev/null 2>err.txt
	expect_rc 1 $? "bad baseline"
	expect_in "bad.txt:1: expected a 16-digit fingerprint" err.txt "bad baseline message"
	"$VIDYA" lint --db c.db --baseline nothere.txt >/dev/null 2>err.txt
	expect_rc 1 $? "missing baseline"
	# --max-cioc: the program's CIOC as a gate
	cioc=$(q d.db "SELECT cioc FROM v_blocks WHERE kind = 'program'")
	"$VIDYA" lint --db d.db --max-cioc 0 >/dev/null 2>err.txt
	expect_rc 2 $? "CIOC $cioc above --max-cioc 0"
	expect_in "above --max-cioc 0" err.txt "max-cioc message"
	"$VIDYA" lint --db d.db --max-cioc 1 >/dev/null 2>&1
	expect_rc 0 $? "CIOC $cioc not above 1"
	"$VIDYA" lint --db d.db --max-cioc 2 >/dev/null 2>&1
	expect_rc 1 $? "--max-cioc out of range"
	;;
diff_traces)
	cat >prog.c <<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
static char rec[4096];
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < n; i++)
		write(fd, rec, sizeof rec);
	close(fd);
	return 0;
}
C
	cc -g -O0 -o prog prog.c || fail "cc"
	"$VIDYA" trace --db v.db -- ./prog 10 >/dev/null 2>&1 || fail "trace 1"
	"$VIDYA" diff --traces --db v.db >/dev/null 2>err.txt
	expect_rc 1 $? "one trace only"
	expect_in "holds no second trace" err.txt "one trace message"
	"$VIDYA" trace --db v.db -- ./prog 20 >/dev/null 2>&1 || fail "trace 2"
	"$VIDYA" diff --traces --db v.db >out.txt
	expect_rc 0 $? "diff --traces"
	expect_in "trace 1 -> trace 2: 1 file changed, 0 added, 0 removed" out.txt "header"
	expect_in "changed  $(pwd -P)/out.dat (posix)" out.txt "file"  # the trace keeps absolute paths
	grep -qE '^  writes +10 -> 20$' out.txt || fail "writes delta: $(cat out.txt)"
	grep -qE '^  bytes_written +40960 -> 81920$' out.txt || fail "bytes delta: $(cat out.txt)"
	grep -qE '^  opens ' out.txt && fail "an unchanged counter listed: $(cat out.txt)"
	"$VIDYA" diff --traces --db v.db 2 1 --format json >out.json
	jq -e '.trace_a == 2 and .trace_b == 1 and (.files | length == 1)
	       and .files[0].a.writes == 20 and .files[0].b.writes == 10' out.json >/dev/null ||
		fail "json: $(cat out.json)"
	"$VIDYA" diff --traces --db v.db 1 5 >/dev/null 2>err.txt
	expect_rc 1 $? "no such trace"
	;;
*)
	fail "unknown check"
	;;
esac
exit 0
