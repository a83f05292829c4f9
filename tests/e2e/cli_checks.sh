#!/usr/bin/env bash
# cli_checks.sh VIDYA CHECK - one end-to-end check of the vidya CLI.
# Each check builds a tiny project in a temporary directory, runs vidya and
# asserts exit codes, messages and database contents.
set -u
VIDYA=$1
CHECK=$2
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-e2e.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T"

fail() { echo "FAIL $CHECK: $*" >&2; exit 1; }
expect_rc() { # expected, actual, what
	[ "$1" = "$2" ] || fail "$3: exit code $2, expected $1"
}
expect_in() { # needle, file, what
	grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "$3: '$1' not in output"; }
}
q() { sqlite3 -batch -noheader "$T/v.db" "$1"; }

small_project() {
	cat > app.c <<'C'
#include <stdio.h>
#include <stdlib.h>
static void save(const char *path, int n)
{
	FILE *f = fopen(path, "wb");
	double x = 1.0;
	for (int i = 0; i < n; i++)
		fwrite(&x, sizeof x, 1, f);
	fclose(f);
}
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10;
	save("out.bin", n);
	return 0;
}
C
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-O2", "-c", "app.c", "-o", "app.o"], "file": "app.c"}]
JSON
}

case $CHECK in
missing_compdb)
	"$VIDYA" analyze --no-probe --db v.db nowhere/compile_commands.json >out 2>&1
	expect_rc 1 $? "missing database"
	expect_in "nowhere/compile_commands.json" out "message names the file"
	;;
malformed_compdb)
	echo '{ "not": "an array"' > compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 1 $? "malformed database"
	expect_in "compile_commands.json" out "message names the file"
	expect_in "malformed" out "message gives the reason"
	;;
empty_compdb)
	echo '[]' > compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 1 $? "empty project"
	expect_in "no C translation units" out "message gives the reason"
	;;
missing_source)
	small_project
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-c", "app.c"], "file": "app.c"},
 {"directory": "$T", "arguments": ["cc", "-c", "gone.c"], "file": "gone.c"}]
JSON
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 3 $? "one missing source"
	expect_in "gone.c" out "message names the missing file"
	expect_in "source file not found" out "message gives the reason"
	[ "$(q "SELECT count(*) FROM v_blocks WHERE block_id = 'app.c:save'")" = 1 ] ||
		fail "the other file's blocks are stored"
	;;
not_a_db)
	small_project
	echo "precious text" > notes.txt
	"$VIDYA" analyze --no-probe --db notes.txt compile_commands.json >out 2>&1
	expect_rc 1 $? "a text file as database"
	expect_in "notes.txt" out "message names the file"
	[ "$(cat notes.txt)" = "precious text" ] || fail "the file was modified"
	;;
history)
	small_project
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json --args "5" || fail "first run"
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json --args "7" || fail "second run"
	[ "$(q 'SELECT count(*) FROM v_runs')" = 2 ] || fail "two runs kept"
	[ "$(q "SELECT p2 = 7 FROM v_blocks WHERE block_id = 'app.c:save/loop#1'")" = 1 ] ||
		fail "v_blocks shows the latest run (p2 = 7)"
	[ "$(q "SELECT count(DISTINCT run_id) FROM blocks WHERE block_id = 'app.c:save/loop#1'")" = 2 ] ||
		fail "both runs' blocks kept"
	;;
report_formats)
	small_project
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json --args "5" || fail "analyze"
	"$VIDYA" report --db v.db >table || fail "table"
	expect_in "app.c:save/loop#1" table "table lists the loop"
	"$VIDYA" report --db v.db --format json >j || fail "json"
	expect_in '"block_id"' j "json has blocks"
	expect_in '"app.c:save/loop#1"' j "json has the loop"
	"$VIDYA" report --db v.db --format csv >c || fail "csv"
	n=$(q 'SELECT count(*) FROM v_blocks')
	[ "$(wc -l < c)" -eq $((n + 1)) ] || fail "csv has one row per block plus a header"
	"$VIDYA" report --db v.db --format dot >d || fail "dot"
	expect_in "digraph" d "dot output"
	expect_in "style=dashed" d "dot has call edges"
	"$VIDYA" report --db v.db --format graphml >g || fail "graphml"
	expect_in "<graphml" g "graphml output"
	"$VIDYA" report --db v.db --kind loop --format csv >l || fail "kind filter"
	[ "$(wc -l < l)" -eq 2 ] || fail "one loop row"
	"$VIDYA" report --db v.db --format nonsense >o 2>&1
	expect_rc 1 $? "unknown format"
	;;
user_catalog)
	cat > lib.c <<'C'
#include <stddef.h>
int ncx_put(int id, const double *v, size_t n);
int main(void)
{
	double v[8] = { 0 };
	for (int i = 0; i < 32; i++)
		ncx_put(3, v, 8);
	return 0;
}
C
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-c", "lib.c"], "file": "lib.c"}]
JSON
	cat > mine.xml <<'XML'
<catalog version="1">
  <function name="ncx_put" api="netcdf" op="write" handle="0" count="2" size="-1" flags="binary"/>
</catalog>
XML
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json || fail "without catalog"
	[ "$(q "SELECT count(*) FROM v_blocks WHERE kind = 'io'")" = 0 ] || fail "no io without the catalog"
	"$VIDYA" analyze --no-probe --quiet --db v.db --catalog mine.xml compile_commands.json >out 2>&1 ||
		{ cat out; fail "with catalog"; }
	[ "$(q "SELECT p2 = 32 FROM v_blocks WHERE block_id = 'lib.c:main/loop#1/io#1'")" = 1 ] ||
		fail "the wrapper is an io block called 32 times: $(q "SELECT block_id, p2 FROM v_blocks")"
	[ "$(q "SELECT api FROM v_io_sites WHERE block_id = 'lib.c:main/loop#1/io#1'")" = netcdf ] ||
		fail "its api is the catalog's"
	"$VIDYA" analyze --no-probe --quiet --db v.db --catalog absent.xml compile_commands.json >out 2>&1
	expect_rc 1 $? "missing catalog"
	expect_in "absent.xml" out "message names the catalog"
	;;
entry_option)
	small_project
	"$VIDYA" analyze --no-probe --quiet --db v.db --entry save compile_commands.json || fail "analyze"
	[ "$(q "SELECT reachable FROM v_blocks WHERE block_id = 'app.c:save'")" = 1 ] || fail "save is the entry"
	[ "$(q "SELECT reachable FROM v_blocks WHERE block_id = 'app.c:main'")" = 0 ] || fail "main is not reached"
	;;
usage)
	"$VIDYA" >out 2>&1
	expect_rc 1 $? "no command"
	"$VIDYA" frobnicate >out 2>&1
	expect_rc 1 $? "unknown command"
	expect_in "frobnicate" out "message names the command"
	"$VIDYA" analyze --help >out 2>&1
	expect_rc 0 $? "analyze --help"
	expect_in "--assume-trip" out "help lists options"
	"$VIDYA" analyze --nprocs zero compile_commands.json >out 2>&1
	expect_rc 1 $? "bad --nprocs"
	"$VIDYA" report --db nothing.db >out 2>&1
	expect_rc 1 $? "report without a database"
	expect_in "nothing.db" out "message names the database"
	;;
*)
	fail "unknown check"
	;;
esac
echo "ok $CHECK"
