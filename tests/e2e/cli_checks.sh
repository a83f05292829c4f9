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

multi_project() {
	cat > io.h <<'C'
#define RECORD 512
void save_block(int fd, int n);
void log_line(int fd, int step);
C
	cat > main.c <<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "io.h"
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	int fd = open("out.bin", O_WRONLY | O_CREAT, 0644);
	for (int s = 0; s < n; s++) {
		save_block(fd, s + 1);
		log_line(fd, s);
	}
	close(fd);
	return 0;
}
C
	cat > save.c <<'C'
#include <unistd.h>
#include "io.h"
static char buf[RECORD];
void save_block(int fd, int n)
{
	for (int i = 0; i < n; i++)
		write(fd, buf, RECORD);
}
C
	cat > log.c <<'C'
#include <stdio.h>
#include <unistd.h>
#include "io.h"
void log_line(int fd, int step)
{
	char line[64];
	int len = snprintf(line, sizeof line, "step %d\n", step);
	write(fd, line, (size_t)len);
}
C
	printf '[' > compile_commands.json
	sep=
	for f in main.c save.c log.c; do
		printf '%s{"directory": "%s", "arguments": ["cc", "-c", "%s"], "file": "%s"}' "$sep" "$T" "$f" "$f" >> compile_commands.json
		sep=,
	done
	printf ']\n' >> compile_commands.json
}

# an MPI-IO program without any -I for mpi.h
mpi_program() {
	cat > m.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
	MPI_File fh;
	double x[16] = { 0 };
	MPI_Init(&argc, &argv);
	MPI_File_open(MPI_COMM_WORLD, "m.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
	MPI_File_write_all(fh, x, 16, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);
	MPI_Finalize();
	return 0;
}
C
}

# v_blocks of the latest run without the run id, one line per block
blocks_of() {
	local cols
	cols=$(sqlite3 "$1" "SELECT group_concat(name) FROM pragma_table_info('v_blocks') WHERE name <> 'run_id'")
	sqlite3 -batch "$1" "SELECT $cols FROM v_blocks ORDER BY block_id"
}

case $CHECK in
root_symlink)
	# --root spelled through a symbolic link to the directory the
	# compilation database names: the same project, the same results
	mkdir real && (cd real && small_project && sed -i "s|\"$T\"|\"$T/real\"|" compile_commands.json)
	ln -s real link
	"$VIDYA" analyze --no-probe --quiet --db a.db --root "$T/real" real/compile_commands.json --args 7 >/dev/null 2>&1
	expect_rc 0 $? "analyze with the real root"
	"$VIDYA" analyze --no-probe --quiet --db b.db --root "$T/link" real/compile_commands.json --args 7 >/dev/null 2>&1
	expect_rc 0 $? "analyze with the root through a link"
	sql="SELECT kind, file, function, line, p2, p3 FROM v_blocks ORDER BY block_id"
	a=$(sqlite3 a.db "$sql") b=$(sqlite3 b.db "$sql")
	[ -n "$a" ] && [ "$a" = "$b" ] || fail "blocks differ: $a // $b"
	[ "$(sqlite3 b.db "SELECT count(*) FROM v_blocks WHERE file = 'app.c'")" -gt 0 ] ||
		fail "app.c not named relative to the root"
	[ "$(sqlite3 b.db "SELECT p2 FROM v_blocks WHERE kind = 'program'")" = 9.0 ] ||
		fail "program P2 $(sqlite3 b.db "SELECT p2 FROM v_blocks WHERE kind = 'program'"), expected 9 (fopen, 7 fwrite, fclose)"
	;;
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
	env -u COLUMNS "$VIDYA" report --db v.db >table || fail "table"
	grep -q "^ *[0-9][0-9]*  app\.c:[0-9][0-9]* *save/loop#1 " table ||
		{ cat table >&2; fail "table lists the loop (location app.c:LINE, block save/loop#1)"; }
	expect_in "order: I/O-bound blocks (CIOC >= 0.5) by predicted I/O time" table "table says its order"
	# the table fits 80 columns, or $COLUMNS
	sed -n '1,/^$/p;/^rank/,/^$/p' table | awk 'length($0) > 80 { bad = 1 } END { exit bad }' ||
		{ cat table >&2; fail "table wider than 80 columns"; }
	COLUMNS=60 "$VIDYA" report --db v.db >narrow || fail "table at COLUMNS=60"
	sed -n '/^rank/,/^$/p' narrow | awk 'length($0) > 60 { bad = 1 } END { exit bad }' ||
		{ cat narrow >&2; fail "table rows wider than COLUMNS=60"; }
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
unused_bindings)
	# --args words and --define names that nothing reads are reported;
	# STRUCT.FIELD and a bare field name bind struct members
	cat > app.c <<'EOF2'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
struct cfg { long bs; int count; };
int main(int argc, char **argv)
{
	struct cfg c = { 4096, 2 };
	char buf[1 << 16];
	int n = argc > 1 ? atoi(argv[1]) : 1;
	int fd = open("out.dat", O_WRONLY | O_CREAT, 0644);
	for (int i = 0; i < n * c.count; i++)
		write(fd, buf, c.bs);
	close(fd);
	return 0;
}
EOF2
	printf '[{"directory": "%s", "arguments": ["cc", "-c", "app.c"], "file": "app.c"}]\n' "$T" \
		> compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db --args "3 extra" --define cfg.bs=512 --define count=5 \
		--define NOSUCH=1 compile_commands.json >out 2>&1 || fail "analyze"
	expect_in "'extra' (argv[2]) is never read" out "unread argument reported"
	expect_in "define NOSUCH: no variable" out "unused define reported"
	grep -q "'3'" out && fail "argv[1] is read: not reported"
	grep -q "define cfg.bs\|define count" out && fail "used defines are not reported"
	# 3 x 5 writes of 512 bytes
	[ "$(q "SELECT p2 || ' ' || p3 FROM v_blocks WHERE block_id = 'app.c:main/loop#1'")" = "15.0 7680.0" ] ||
		fail "struct.field and field defines bind: $(q "SELECT p2, p3 FROM v_blocks WHERE block_id = 'app.c:main/loop#1'")"
	;;
compute_flag)
	# compute counted under an assumed trip count is flagged (bit 15), exact compute is not
	cat > app.c <<'EOF2'
#include <stdio.h>
double work(int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += i * 0.5;
	return s;
}
int main(void)
{
	int n;
	double t = work(1000);
	while (scanf("%d", &n) == 1)
		t += work(n);
	printf("%f\n", t);
	return 0;
}
EOF2
	printf '[{"directory": "%s", "arguments": ["cc", "-c", "app.c"], "file": "app.c"}]\n' "$T" \
		> compile_commands.json
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json || fail "analyze"
	[ "$(q "SELECT (unknown_mask & 32768) != 0 FROM v_blocks WHERE block_id = 'app.c:main/loop#1'")" = 1 ] ||
		fail "compute under an assumed trip count is flagged"
	[ "$(q "SELECT (unknown_mask & 32768) != 0 FROM v_blocks WHERE block_id = 'app.c:main/call#1'")" = 0 ] ||
		fail "work(1000) has exact compute"
	"$VIDYA" report --db v.db --format json > rep.json || fail "report"
	grep -q '"compute"' rep.json || fail "json names the compute assumption"
	;;
deep_expression)
	# a 10,000-term expression is cut at the nesting limit with a warning,
	# not a crash; a 200,000-term one crashes libclang itself, in the child
	# process that parses it: that unit is an error (exit 3), the other
	# unit's results are stored
	cat > ok.c <<'EOF2'
#include <stdio.h>
int main(void) { FILE *f = fopen("x", "w"); fputs("hi\n", f); fclose(f); return 0; }
EOF2
	awk 'BEGIN { printf "int f(int a) { return a"; for (i = 1; i < 10000; i++) printf " + a"; print "; }" }' > deep.c
	printf '[{"directory": "%s", "arguments": ["cc", "-c", "deep.c"], "file": "deep.c"},
{"directory": "%s", "arguments": ["cc", "-c", "ok.c"], "file": "ok.c"}]\n' "$T" "$T" > compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 0 $? "10,000 terms"
	expect_in "nested more than" out "the cut is said"
	awk 'BEGIN { printf "int f(int a) { return a"; for (i = 1; i < 200000; i++) printf " + a"; print "; }" }' > deep.c
	rm -f v.db
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 3 $? "200,000 terms: one unit fails"
	expect_in "deep.c: error: the parser" out "the error names the file"
	[ "$(q "SELECT p2 FROM v_blocks WHERE block_id = 'program'")" = "3.0" ] || fail "ok.c analyzed"
	;;
pool_crash)
	# the parse workers (one per -j slot, each parsing many units): a
	# worker that crashes on a unit makes that unit an error and is
	# replaced, the units after it are parsed; one worker parsing every
	# unit gives the results of several
	for i in 1 2 3 4; do
		cat > u$i.c <<EOF2
#include <stdio.h>
void f$i(int n) { FILE *f = fopen("o$i", "w"); for (int k = 0; k < n * $i; k++) fputs("x\n", f); fclose(f); }
EOF2
	done
	cat > main.c <<'EOF2'
void f1(int), f2(int), f3(int), f4(int);
int main(void) { f1(10); f2(10); f3(10); f4(10); return 0; }
EOF2
	awk 'BEGIN { printf "int g(int a) { return a"; for (i = 1; i < 200000; i++) printf " + a"; print "; }" }' > deep.c
	unit() { printf '{"directory": "%s", "arguments": ["cc", "-c", "%s"], "file": "%s"}' "$T" "$1" "$1"; }
	{ echo "[$(unit u1.c), $(unit deep.c), $(unit u2.c), $(unit u3.c), $(unit main.c), $(unit u4.c)]"; } > compile_commands.json
	for j in 1 2; do
		"$VIDYA" analyze --no-probe -j $j --db v$j.db compile_commands.json >out$j 2>&1
		expect_rc 3 $? "-j $j: the crashed unit fails the run"
		expect_in "deep.c: error: the parser crashed on this file" out$j "-j $j: the crash is named"
		! grep 'the parser' out$j | grep -qv '^ *deep\.c: ' || fail "-j $j: only deep.c crashed"
		n=$(sqlite3 -batch v$j.db "SELECT count(DISTINCT function) FROM v_blocks WHERE function IN ('f1','f2','f3','f4','main')")
		[ "$n" = 5 ] || fail "-j $j: the units before and after the crash are analyzed ($n of 5)"
	done
	rows() { sqlite3 -batch "$1" "SELECT block_id, p1, p2, p3, ops, executions FROM v_blocks ORDER BY block_id"; }
	[ "$(rows v1.db)" = "$(rows v2.db)" ] || fail "-j 1 and -j 2 give the same blocks"
	# without the crash: one worker for five units, the same as five forks' worth
	{ echo "[$(unit u1.c), $(unit u2.c), $(unit u3.c), $(unit main.c), $(unit u4.c)]"; } > compile_commands.json
	"$VIDYA" analyze --no-probe -j 1 --db w1.db compile_commands.json >out 2>&1
	expect_rc 0 $? "no crash"
	"$VIDYA" analyze --no-probe -j 4 --db w4.db compile_commands.json >out 2>&1
	expect_rc 0 $? "no crash, -j 4"
	[ "$(rows w1.db)" = "$(rows w4.db)" ] || fail "-j 1 and -j 4 give the same blocks"
	[ "$(rows w1.db)" = "$(rows v1.db)" ] || fail "the crash changes no other unit's blocks"
	;;
cache_shadow)
	# a new header that shadows the one found last time (earlier on the
	# include path) invalidates the cached parse
	mkdir inc1 inc2
	echo '#define N 9' > inc2/cfg.h
	cat > app.c <<'EOF2'
#include <unistd.h>
#include "cfg.h"
int main(void)
{
	char b[1];
	for (int i = 0; i < N; i++)
		write(1, b, 1);
	return 0;
}
EOF2
	printf '[{"directory": "%s", "arguments": ["cc", "-Iinc1", "-Iinc2", "-c", "app.c"], "file": "app.c"}]\n' "$T" \
		> compile_commands.json
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json || fail "first run"
	[ "$(q "SELECT p2 FROM v_blocks WHERE block_id = 'app.c:main/loop#1'")" = 9.0 ] || fail "N = 9"
	echo '#define N 5' > inc1/cfg.h
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1 || fail "second run"
	expect_in "0 from the cache" out "the shadowing header is seen"
	[ "$(q "SELECT p2 FROM v_blocks WHERE block_id = 'app.c:main/loop#1'")" = 5.0 ] ||
		fail "N = 5 from inc1/cfg.h: $(q "SELECT p2 FROM v_blocks WHERE block_id = 'app.c:main/loop#1'")"
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1 || fail "third run"
	expect_in "1 from the cache" out "unchanged again: cached"
	;;
env_option)
	# --env NAME=VALUE is what getenv returns, --env NAME an unset variable
	cat > app.c <<'EOF2'
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
	char b[8];
	const char *m = getenv("MODE");
	if (m && strcmp(m, "fast") == 0)
		write(1, b, 1);
	else
		for (int i = 0; i < 10; i++)
			write(1, b, 8);
	return 0;
}
EOF2
	printf '[{"directory": "%s", "arguments": ["cc", "-c", "app.c"], "file": "app.c"}]\n' "$T" \
		> compile_commands.json
	"$VIDYA" analyze --no-probe --quiet --db v.db --env MODE=fast compile_commands.json || fail "analyze"
	[ "$(q "SELECT p2 || ' ' || p3 FROM v_blocks WHERE block_id = 'app.c:main'")" = "1.0 1.0" ] ||
		fail "MODE=fast: one write"
	"$VIDYA" analyze --no-probe --quiet --db v.db --env MODE compile_commands.json || fail "analyze unset"
	[ "$(q "SELECT p2 || ' ' || p3 FROM v_blocks WHERE block_id = 'app.c:main'")" = "10.0 80.0" ] ||
		fail "MODE unset: ten writes"
	"$VIDYA" analyze --no-probe --db v.db --env =x compile_commands.json >out 2>&1
	expect_rc 1 $? "--env without a name"
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
cache)
	multi_project
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json --args 6 >out1 || fail "cold run"
	expect_in "3 translation units, 0 from the cache" out1 "cold run parses all"
	blocks_of v.db > cold
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json --args 6 >out2 || fail "warm run"
	expect_in "3 translation units, 3 from the cache" out2 "warm run reuses all"
	blocks_of v.db > warm
	cmp -s cold warm || fail "warm results differ from cold"
	echo '/* edited */' >> save.c
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json --args 6 >out3 || fail "after an edit"
	expect_in "2 from the cache" out3 "an edited file re-parses alone"
	echo '#define UNUSED 1' >> io.h
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json --args 6 >out4 || fail "after a header edit"
	expect_in "0 from the cache" out4 "a header edit re-parses its includers"
	"$VIDYA" analyze --no-probe --no-cache --db v.db compile_commands.json --args 6 >out5 || fail "--no-cache"
	expect_in "0 from the cache" out5 "--no-cache parses all"
	blocks_of v.db > nocache
	cmp -s cold nocache || fail "results changed although the code did not"
	;;
cache_failed_unit)
	# a unit that fails on errors in its own files is cached as a failure:
	# an unchanged re-run is a hit (exit 3, diagnostics again); fixing the
	# file re-parses it.  A unit missing a header is never cached: the
	# header may be installed later.
	printf '#include <stdio.h>\nvoid w(void);\nint main(void) { w(); return 0; }\n' > main.c
	printf '#include <stdio.h>\nvoid w(void) { FILE *f = fopen("x", "w"); fputs("a", f); fclose(f); }\nint bad(int x) { return x }\n' > bad.c
	printf '#include "later.h"\nint more(void) { return LATER; }\n' > more.c
	printf '[' > compile_commands.json
	sep=
	for f in main.c bad.c; do
		printf '%s{"directory": "%s", "arguments": ["cc", "-c", "%s"], "file": "%s"}' "$sep" "$T" "$f" "$f" >> compile_commands.json
		sep=,
	done
	printf ']\n' >> compile_commands.json
	an() { "$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1; }
	an
	expect_rc 3 $? "a unit with an error"
	an
	expect_rc 3 $? "unchanged, still an error"
	expect_in "inputs unchanged: results of run 1" out "the failed unit is cached: a hit"
	expect_in "expected ';' after return statement" out "its diagnostics again"
	sed -i 's/return x }/return x; }/' bad.c
	an
	expect_rc 0 $? "fixed"
	expect_in "2 translation units, 1 from the cache" out "the fixed unit is parsed again"
	sed -i 's/}\]$/}, {"directory": "'"${T//\//\\/}"'", "arguments": ["cc", "-c", "more.c"], "file": "more.c"}]/' compile_commands.json
	grep -q more.c compile_commands.json || fail "more.c added to the database"
	an
	expect_rc 3 $? "a missing header"
	an
	expect_rc 3 $? "still missing"
	expect_in "3 translation units, 2 from the cache" out "a unit missing a header is not cached"
	echo '#define LATER 1' > later.h
	an
	expect_rc 0 $? "the header installed"
	;;
edit_equals_cold)
	# a one-file edit re-analyzed on the same database gives what a cold
	# analysis of the edited project gives (the acceptance test of any
	# reuse of stored results across runs): a harmless function appended,
	# then a change of what a callee does
	multi_project
	an() { "$VIDYA" analyze --no-probe "$@" compile_commands.json --args 5 >out 2>&1 || { cat out >&2; fail "analyze $*"; }; }
	an --db v.db
	blocks_of v.db > before
	printf '\nint log_unused(int x);\nint log_unused(int x) { return x + 1; }\n' >> log.c
	an --db v.db --timings
	expect_in "2 from the cache" out "the edited unit alone is parsed"
	# --timings: where the time went, phase by phase
	grep -q "parse [0-9.]* s (1 of 3 units parsed), walk: entry [1-9][0-9]* steps" out ||
		{ cat out >&2; fail "--timings names the parse and the entry's walk"; }
	grep -q "unreached code [1-9][0-9]* walks\{0,1\} [1-9][0-9]* steps" out ||
		{ cat out >&2; fail "--timings counts the walks of unreached code (log_unused's at least)"; }
	an --db v.db --timings
	grep -q "timings: run key [0-9.]* s, results of run [0-9]* copied" out ||
		{ cat out >&2; fail "--timings on an unchanged re-run"; }
	blocks_of v.db > edit1
	rm -f c.db && an --db c.db
	blocks_of c.db > cold1
	cmp -s edit1 cold1 || fail "after appending a function: the re-run differs from a cold run"
	sed -i 's/write(fd, buf, RECORD);/write(fd, buf, RECORD \/ 2);/' save.c
	an --db v.db
	blocks_of v.db > edit2
	rm -f c.db && an --db c.db
	blocks_of c.db > cold2
	cmp -s edit2 cold2 || fail "after changing a callee: the re-run differs from a cold run"
	cmp -s edit1 edit2 && fail "changing the callee changed nothing"
	[ "$(q "SELECT p2 || ' ' || p3 FROM v_blocks WHERE block_id = 'save.c:save_block/loop#1'")" = "500.0 128000.0" ] ||
		fail "half the bytes per write (n is assumed 100 there): $(q "SELECT block_id, p2, p3 FROM v_blocks WHERE kind = 'loop'")"
	;;
status_continue)
	# `if (parse(line) != 0) continue;` where parse's failure returns are
	# error paths assumed not taken (checks of strtok_r's result, one in a
	# loop): parse returns 0, the record is written for every line read
	# (the returns of arms no entry takes used to leave the result unknown,
	# and the opcode heuristic wrote 16 % of the records)
	printf 'id,a,b,c\n' >in.csv
	for i in 1 2 3 4 5 6 7 8; do printf '%d,1.5,2.5,3.5\n' $i; done >>in.csv
	cat > app.c <<'C'
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int parse(char *line, double *v)
{
	char *save = NULL, *tok = strtok_r(line, ",", &save);
	if (!tok)
		return -1;
	for (int k = 0; k < 3; k++) {
		tok = strtok_r(NULL, ",", &save);
		if (!tok)
			return -1;
		v[k] = strtod(tok, NULL);
	}
	return 0;
}
int main(int argc, char **argv)
{
	char line[256];
	double v[3];
	long n = argc > 1 ? atol(argv[1]) : 0;
	FILE *out = fopen("out.bin", "wb");
	if (!out)
		return 1;
	for (long i = 0; i < n; i++) {
		snprintf(line, sizeof line, "%ld,%ld.5,2,3", i, i % 7);
		if (parse(line, v) != 0)
			continue;
		fwrite(v, sizeof v, 1, out);
	}
	fclose(out);
	return 0;
}
C
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-O2", "-c", "app.c"], "file": "app.c"}]
JSON
	"$VIDYA" analyze --no-probe --no-model --db v.db --args "100000" compile_commands.json >out.txt 2>&1 ||
		{ cat out.txt >&2; fail "analyze"; }
	w=$(q "SELECT max(p2) FROM v_blocks WHERE block_id LIKE 'app.c:main/loop#1/io#%'")
	awk -v w="$w" 'BEGIN { exit !(w >= 99999 && w <= 100001) }' ||
		fail "the loop's fwrite counts $w calls, expected 100000"
	;;
unreached_independent)
	# code the entry does not reach: each function walked on its own from
	# the state the entry's walk left, not from what the walks before it
	# did (a global another unreached function sets, bytes it writes to a
	# file the entry writes); one appended changes no other block
	cat > app.c <<'C'
#include <fcntl.h>
#include <unistd.h>
static int mode;
static char buf[4096];
void tune(void) { mode = 8; }
void dump(int fd)
{
	int n = mode ? mode : 2;
	for (int i = 0; i < n; i++)
		write(fd, buf, 100);
}
void big(void)
{
	int fd = open("out.bin", O_WRONLY | O_APPEND);
	for (int i = 0; i < 1000; i++)
		write(fd, buf, 4096);
	close(fd);
}
int main(void)
{
	int fd = open("out.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, buf, 10);
	close(fd);
	return 0;
}
C
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-c", "app.c"], "file": "app.c"}]
JSON
	an() { "$VIDYA" analyze --no-probe --db "$1" compile_commands.json >out 2>&1 || { cat out >&2; fail "analyze $1"; }; }
	an v.db
	[ "$(q "SELECT p2 FROM v_blocks WHERE block_id = 'app.c:dump/loop#1/io#1'")" = 2.0 ] ||
		fail "dump sees mode as the entry left it (0: 2 writes), not tune's 8: $(q "SELECT block_id, p2 FROM v_blocks WHERE function = 'dump'")"
	[ "$(q "SELECT group_concat(DISTINCT p8) FROM v_blocks WHERE function = 'main'")" = 10.0 ] ||
		fail "out.bin's size in main's blocks is what main wrote, not big's 4 MB too: $(q "SELECT block_id, p8 FROM v_blocks WHERE function = 'main'")"
	blocks_of v.db > before
	printf 'void tune2(void) { mode = 16; }\n' >> app.c
	an v.db
	blocks_of v.db > after
	# (the file's block ends a line later)
	grep -v '^app.c|file|' before > b1
	grep -v -e '^app.c:tune2' -e '^app.c|file|' after | cmp -s b1 - ||
		{ diff before after >&2; fail "an appended function changed other blocks"; }
	grep -q '^app.c:tune2|' after || fail "the appended function is analyzed"
	rm -f c.db && an c.db
	blocks_of c.db | cmp -s after - || fail "the re-run differs from a cold run"
	;;
unreached_restore)
	# after each walk of unreached code only the arrays of the roots (the
	# globals and their fields) it used are put back: writers walked first
	# reach the entry's arrays through another global (alias), a field
	# (pc->sizes) and a pointer to a pointer (*pp); the readers, walked
	# after them, must still see what main left
	cat > app.c <<'C'
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
struct cfg { int *sizes; int n; };
static int table[4];
static int *alias;
static struct cfg conf;
static int *target;
static int **pp;
static struct cfg *pc = &conf;
static char buf[4096];
void w_alias(void) { alias[1] = 50; }
void w_field(void) { pc->sizes[0] = 70; }
void w_ref(void) { (*pp)[2] = 90; }
void r_table(int fd) { for (int i = 0; i < table[1]; i++) write(fd, buf, 100); }
void r_heap(int fd) { for (int i = 0; i < conf.sizes[0]; i++) write(fd, buf, 100); }
void r_target(int fd) { for (int i = 0; i < target[2]; i++) write(fd, buf, 100); }
int main(void)
{
	table[1] = 3;
	alias = table;
	conf.sizes = malloc(4 * sizeof(int));
	conf.sizes[0] = 5;
	conf.n = 4;
	target = malloc(4 * sizeof(int));
	target[2] = 7;
	pp = &target;
	return conf.n - 4;
}
C
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-c", "app.c"], "file": "app.c"}]
JSON
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1 || { cat out >&2; fail "analyze"; }
	got=$(q "SELECT group_concat(p2, ' ') FROM (SELECT p2 FROM v_blocks WHERE block_id IN
		('app.c:r_table/loop#1/io#1', 'app.c:r_heap/loop#1/io#1', 'app.c:r_target/loop#1/io#1')
		ORDER BY block_id DESC)")
	[ "$got" = "7.0 3.0 5.0" ] ||
		fail "r_target, r_table, r_heap write 7, 3, 5 times (main's values), not 90, 50, 70: $got"
	;;
run_cache)
	# the run-level cache: unchanged inputs reuse the stored results
	# without parsing or walking; any changed input misses
	SRC_DATA=$(cd "$(dirname "$0")/../../data" && pwd)
	multi_project
	an() { "$VIDYA" analyze --no-probe --db v.db compile_commands.json "$@"; }
	latest() { q "SELECT coalesce(cached_from, 'none') FROM v_runs WHERE is_latest"; }
	hit() { # what, options...
		local what=$1; shift
		an "$@" >out 2>&1 || { cat out >&2; fail "$what"; }
		[ "$(latest)" != none ] || { cat out >&2; fail "$what: expected a hit"; }
		expect_in "inputs unchanged: results of run" out "$what"
	}
	miss() { # what, options...
		local what=$1; shift
		an "$@" >out 2>&1 || { cat out >&2; fail "$what"; }
		[ "$(latest)" = none ] || { cat out >&2; fail "$what: expected a miss"; }
	}
	miss "cold run" --args 6
	[ "$(q "SELECT length(run_key) FROM v_runs WHERE run_id = 1")" = 32 ] || fail "run 1 has a key"
	blocks_of v.db > cold
	hit "unchanged re-run" --args 6
	[ "$(latest)" = 1 ] || fail "re-run reuses run 1"
	[ "$(q "SELECT run_key = (SELECT run_key FROM runs WHERE run_id = 1) FROM v_runs WHERE is_latest")" = 1 ] ||
		fail "the cached run has the same key"
	expect_in "3 translation units, 3 from the cache" out "cached run counts its TUs"
	blocks_of v.db > warm
	cmp -s cold warm || fail "cached results differ from cold"
	[ "$(q "SELECT count(*) FROM io_sites WHERE run_id = 2")" = "$(q "SELECT count(*) FROM io_sites WHERE run_id = 1")" ] ||
		fail "the cached run has the sites"
	"$VIDYA" report --db v.db >rep 2>&1 || fail "report of a cached run"
	expect_in "results of run 1" rep "report says where the results came from"
	"$VIDYA" report --db v.db --format json >rep 2>&1 || fail "json report"
	expect_in '"cached_from": 1' rep "json names cached_from"
	# another build of vidya (same version, other code): a miss
	cp "$VIDYA" other-vidya && printf 'x' >>other-vidya
	VIDYA_DATADIR=$SRC_DATA "$T/other-vidya" analyze --no-probe --db v.db compile_commands.json --args 6 >out 2>&1 ||
		{ cat out >&2; fail "another build"; }
	[ "$(latest)" = none ] || { cat out >&2; fail "another build of vidya: expected a miss"; }
	# --no-cache bypasses it (and parses every TU)
	miss "--no-cache" --no-cache --args 6
	expect_in "0 from the cache" out "--no-cache parses"
	blocks_of v.db > nocache
	cmp -s cold nocache || fail "--no-cache results differ"
	# each kind of input
	miss "--args" --args 7
	hit "--args back" --args 6
	miss "--define" --args 6 --define N=3
	miss "--env" --args 6 --env HOME=/x
	# --env-inherit: the environment is in the key, but not `_` (the
	# command the shell ran: `time vidya ...` or `perf record vidya ...`)
	inherit() { # V, _, then hit or miss
		env "V=$1" "_=$2" "$VIDYA" analyze --no-probe --db v.db compile_commands.json \
			--args 6 --env-inherit >out 2>&1 || { cat out >&2; fail "--env-inherit V=$1 _=$2"; }
		if [ "$3" = hit ]; then
			[ "$(latest)" != none ] || fail "--env-inherit V=$1 _=$2: expected a hit"
		else
			[ "$(latest)" = none ] || fail "--env-inherit V=$1 _=$2: expected a miss"
		fi
	}
	inherit 1 /bin/a miss
	inherit 1 /usr/bin/time hit
	inherit 2 /usr/bin/time miss
	miss "--nprocs" --args 6 --nprocs 4
	miss "--assume-trip" --args 6 --assume-trip 50
	miss "--assume-bytes" --args 6 --assume-bytes 100
	miss "--max-depth" --args 6 --max-depth 10
	miss "--paths" --args 6 --paths all
	miss "--entry" --args 6 --entry log_line
	miss "--root" --args 6 --root "$T/.."
	miss "--no-model" --args 6 --no-model
	hit "--no-model again" --args 6 --no-model
	cp "$SRC_DATA/model.xml" m.xml
	hit "the same model's content under another name" --args 6 --model m.xml
	[ "$(q "SELECT model FROM v_runs WHERE is_latest")" = m.xml ] || fail "the run names its model"
	printf '<!-- another -->\n' >> m.xml
	miss "--model" --args 6 --model m.xml
	hit "--model again" --args 6 --model m.xml
	printf '<!-- edited -->\n' >> m.xml
	miss "model content" --args 6 --model m.xml
	cat > mine.xml <<'XML'
<catalog version="1">
  <function name="ncx_put" api="netcdf" op="write" handle="0" count="2" size="-1" flags="binary"/>
</catalog>
XML
	miss "--catalog" --args 6 --catalog mine.xml
	hit "--catalog again" --args 6 --catalog mine.xml
	printf '<!-- edited -->\n' >> mine.xml
	miss "user catalog content" --args 6 --catalog mine.xml
	mkdir dd && cp "$SRC_DATA/catalog.xml" "$SRC_DATA/model.xml" dd/
	printf '<!-- edited -->\n' >> dd/catalog.xml
	VIDYA_DATADIR=$T/dd miss "base catalog content" --args 6 --model "$SRC_DATA/model.xml"
	hit "back to the base catalog" --args 6
	# a header's content, not its time stamp
	touch io.h
	hit "touched header" --args 6
	echo '#define UNUSED 1' >> io.h
	miss "header content" --args 6
	hit "after the header edit" --args 6
	echo '/* edited */' >> save.c
	miss "source content" --args 6
	expect_in "2 from the cache" out "the edited TU alone is parsed"
	blocks_of v.db > edited
	cmp -s cold edited || fail "a comment changed the results"
	# a change of the same size under the same time stamp (a checkout, a
	# build system restoring times): contents decide, never time stamps
	hit "before the same-size edit" --args 6
	cp -p io.h io.h.orig
	sed -i 's/#define RECORD 512/#define RECORD 256/' io.h
	touch -r io.h.orig io.h
	[ "$(stat -c '%s %Y' io.h)" = "$(stat -c '%s %Y' io.h.orig)" ] || fail "same size and time stamp"
	miss "same size, same time stamp, other content" --args 6
	[ "$(q "SELECT p3 FROM v_blocks WHERE block_id = 'save.c:save_block/loop#1'")" = \
		"$(q "SELECT p3 FROM blocks WHERE run_id = 1 AND block_id = 'save.c:save_block/loop#1'") / 2" ] ||
		[ "$(q "SELECT p3 * 2 = (SELECT p3 FROM blocks WHERE run_id = 1 AND block_id = 'save.c:save_block/loop#1') FROM v_blocks WHERE block_id = 'save.c:save_block/loop#1'")" = 1 ] ||
		fail "the new record size is used (half the bytes)"
	blocks_of v.db > sameinc
	"$VIDYA" analyze --no-probe --no-cache --quiet --db fresh.db compile_commands.json --args 6 >/dev/null ||
		fail "cold run of the same-size edit"
	blocks_of fresh.db > freshinc
	cmp -s sameinc freshinc || fail "the same-size edit's results differ from a cold run"
	# the old content back under its old time stamp: each unit keeps one
	# cache entry, so it is parsed again, and gives the first results
	cp -p io.h.orig io.h
	miss "the header's old content back" --args 6
	blocks_of v.db > back
	cmp -s cold back || fail "the header's old content gives other results"
	hit "after the header's old content" --args 6
	# another device profile: the database's newest one differs
	mnt=$(df --output=target "$T" | tail -1)
	q "INSERT INTO system_profiles (created_at, mount, seq_read_Bps, profile) VALUES (datetime('now'), '$mnt', 1e6, 'other')"
	miss "device profile" --args 6
	[ "$(q "SELECT device_profile FROM v_runs WHERE is_latest")" = other ] || fail "the new profile was used"
	hit "same profile again" --args 6
	;;
jobs)
	multi_project
	"$VIDYA" analyze --no-probe -j 1 --db one.db compile_commands.json --args 6 >/dev/null || fail "-j 1"
	"$VIDYA" analyze --no-probe -j 3 --db three.db compile_commands.json --args 6 >/dev/null || fail "-j 3"
	blocks_of one.db > a
	blocks_of three.db > b
	[ -s a ] || fail "no blocks"
	cmp -s a b || { diff a b | head >&2; fail "-j 3 differs from -j 1"; }
	"$VIDYA" analyze --no-probe -j 0 compile_commands.json >out 2>&1
	expect_rc 1 $? "-j 0 is refused"
	;;
shard_merge)
	multi_project
	"$VIDYA" analyze --no-probe --db whole.db compile_commands.json --args 6 >/dev/null || fail "whole run"
	for k in 1 2; do
		"$VIDYA" analyze --no-probe --db shard$k.db --shard $k/2 compile_commands.json >sh$k || fail "shard $k"
	done
	expect_in "shard 1/2: 2 translation units" sh1 "shard 1 takes every other file"
	expect_in "shard 2/2: 1 translation unit" sh2 "shard 2 takes the rest"
	[ "$(sqlite3 shard1.db 'SELECT count(*) FROM v_runs')" = 0 ] || fail "a shard stores no run"
	"$VIDYA" merge --no-probe --db merged.db compile_commands.json shard1.db shard2.db --args 6 >m 2>&1 ||
		{ cat m; fail "merge"; }
	expect_in "3 from the cache" m "merge parses nothing again"
	blocks_of whole.db > a
	blocks_of merged.db > b
	cmp -s a b || { diff a b | head >&2; fail "merged shards differ from one run"; }
	"$VIDYA" analyze --no-probe --db x.db --shard 3/2 compile_commands.json >o 2>&1
	expect_rc 1 $? "--shard 3/2 is refused"
	echo "text" > notadb.db
	"$VIDYA" merge --no-probe --db y.db compile_commands.json notadb.db >o 2>&1
	expect_rc 1 $? "merging a non-database"
	expect_in "notadb.db" o "message names it"
	;;
memo)
	# a call tree that grows 3x per level: summaries must give what a full
	# re-walk gives, and P2 = 3^10 exactly
	{
		echo '#include <unistd.h>'
		echo 'static char buf[64];'
		echo 'void f10(int fd) { write(fd, buf, 64); }'
		for i in 9 8 7 6 5 4 3 2 1 0; do
			echo "void f$i(int fd) { for (int i = 0; i < 2; i++) f$((i + 1))(fd); f$((i + 1))(fd); }"
		done
		echo 'int main(void) { f0(1); return 0; }'
	} > tree.c
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-c", "tree.c"], "file": "tree.c"}]
JSON
	"$VIDYA" analyze --no-probe --quiet --db memo.db compile_commands.json || fail "with summaries"
	"$VIDYA" analyze --no-probe --quiet --no-memo --db walk.db compile_commands.json || fail "without"
	blocks_of memo.db > a
	blocks_of walk.db > b
	# equal, numbers up to a relative 1e-9 (a replayed summary sums in
	# another order than a re-walk)
	paste -d'\n' a b | awk -F'|' '
		NR % 2 == 1 { n = split($0, x, "|"); next }
		{ m = split($0, y, "|"); if (m != n) { bad++; next }
		  for (i = 1; i <= n; i++) {
			if (x[i] == y[i]) continue
			if (x[i] ~ /^-?[0-9.e+-]+$/ && y[i] ~ /^-?[0-9.e+-]+$/) {
				d = x[i] - y[i]; if (d < 0) d = -d
				s = (x[i] < 0 ? -x[i] : x[i]); if (d <= 1e-9 * s) continue
			}
			bad++; print "differs: " x[1] " column " i ": " x[i] " vs " y[i] > "/dev/stderr"
		  } }
		END { exit bad > 0 }' || fail "summaries change the result"
	[ "$(sqlite3 memo.db "SELECT p2 = 59049 FROM v_blocks WHERE block_id = 'program'")" = 1 ] ||
		fail "program P2 is 3^10"
	;;
gcc_flags)
	# flags only gcc knows, relative include paths against "directory",
	# a file listed twice with the same flags (analyzed once)
	small_project
	mkdir -p inc && echo '#define NREC 3' > inc/rec.h
	sed -i 's/#include <stdlib.h>/#include <stdlib.h>\n#include "rec.h"/' app.c
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["gcc", "-O3", "-fno-tree-vectorize", "-fanalyzer",
  "-Wlogical-op", "-mno-red-zone", "-fstack-clash-protection", "-Iinc", "-c", "app.c", "-o", "app.o"],
  "file": "app.c"},
 {"directory": "$T", "command": "gcc -O3 -fno-tree-vectorize -Iinc -c app.c -o app2.o", "file": "app.c"}]
JSON
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json --args 4 >out 2>&1 || { cat out; fail "gcc-only flags stop the parse"; }
	[ "$(q "SELECT p2 = 4 FROM v_blocks WHERE block_id = 'app.c:save/loop#1'")" = 1 ] || fail "app.c analyzed"
	[ "$(q 'SELECT tus_total FROM v_runs')" -le 2 ] || fail "duplicate entries"
	;;
mpicc_wrapper)
	# an entry compiled with mpicc and no -I for mpi.h: the wrapper's flags
	command -v mpicc >/dev/null || { echo "skip: no mpicc"; exit 0; }
	mpi_program
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["mpicc", "-c", "m.c"], "file": "m.c"}]
JSON
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1 || { cat out; fail "mpicc entry"; }
	[ "$(q "SELECT p3 = 128 FROM v_blocks WHERE block_id = 'program'")" = 1 ] || fail "16 doubles written collectively"
	[ "$(q "SELECT count(*) FROM v_io_sites WHERE api = 'mpiio' AND collective = 1")" -ge 2 ] || fail "collective MPI-IO sites"
	;;
compdb_injection)
	# a compile database is untrusted: its compiler names are never run
	# through a shell, and a wrapper is only looked up by plain name in PATH
	command -v mpicc >/dev/null || { echo "skip: no mpicc"; exit 0; }
	mpi_program
	mkdir bin
	printf '#!/bin/sh\ntouch "%s/PWNED_LOCAL"\n' "$T" > bin/mpicc
	chmod +x bin/mpicc
	cp bin/mpicc ./mpicc
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["mpicc;touch PWNED;echo", "-c", "m.c"], "file": "m.c"},
 {"directory": "$T", "command": "mpicc\$(touch PWNED2) -c m.c -o m2.o", "file": "m.c"},
 {"directory": "$T", "arguments": ["mpicc\`touch PWNED3\`", "-DX=1", "-c", "m.c"], "file": "m.c"},
 {"directory": "$T", "arguments": ["./mpicc", "-DX=2", "-c", "m.c"], "file": "m.c"},
 {"directory": "$T", "arguments": ["bin/mpicc", "-DX=3", "-c", "m.c"], "file": "m.c"},
 {"directory": "$T", "arguments": ["mpicc", "-DX=4", "-c", "m.c"], "file": "m.c"}]
JSON
	no_pwned() {
		for f in PWNED PWNED2 PWNED3 PWNED_LOCAL; do
			[ ! -e "$f" ] || fail "$1: the database ran a command: $f was created"
		done
	}
	# with pkg-config's files; then without them (the wrapper fallback) and
	# with relative entries in PATH that hold a planted mpicc
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	rc=$?
	no_pwned "pkg-config run"
	[ $rc = 0 ] || { cat out >&2; fail "pkg-config run: exit code $rc"; }
	PKG_CONFIG_LIBDIR=$T/nopc PKG_CONFIG_PATH= PATH=".:bin::$PATH" \
		"$VIDYA" analyze --no-probe --no-cache --db w.db compile_commands.json >out2 2>&1
	rc=$?
	no_pwned "wrapper run"
	[ $rc = 0 ] || { cat out2 >&2; fail "wrapper run: exit code $rc"; }
	for db in v.db w.db; do
		[ "$(sqlite3 "$db" "SELECT tus_total || '/' || tus_failed FROM v_runs")" = 5/0 ] ||
			fail "$db: every entry found mpi.h: $(sqlite3 "$db" "SELECT tus_total, tus_failed FROM v_runs")"
		[ "$(sqlite3 "$db" "SELECT count(*) FROM v_io_sites WHERE api = 'mpiio' AND collective = 1")" -ge 2 ] ||
			fail "$db: collective MPI-IO sites"
	done
	;;
compdb_strict_json)
	# the database is parsed strictly: truncated text, trailing garbage or an
	# entry without the format's keys is an error giving where and why
	small_project
	entry="{\"directory\": \"$T\", \"arguments\": [\"cc\", \"-c\", \"app.c\"], \"file\": \"app.c\"}"
	bad() { # what, expected text, database text
		printf '%s' "$3" > compile_commands.json
		"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
		expect_rc 1 $? "$1"
		expect_in "compile_commands.json" out "$1: message names the file"
		expect_in "malformed" out "$1: message says malformed"
		expect_in "$2" out "$1: message gives the reason"
		! grep -q "LIBCLANG" out || { cat out >&2; fail "$1: libclang's own error leaks"; }
	}
	bad "truncated" "line 1, column" "[$entry"
	bad "trailing garbage" "line 2, column" "[$entry]
[]"
	bad "trailing comma" "line 1, column" "[$entry,]"
	bad "not an array" "expected a JSON array" "$entry"
	bad "an entry without a file" 'entry 2 has no "file"' "[$entry, {\"directory\": \"$T\", \"arguments\": [\"cc\"]}]"
	bad "a number as argument" "entry 1: argument 2" "[{\"directory\": \"$T\", \"arguments\": [\"cc\", 1], \"file\": \"app.c\"}]"
	bad "no command" 'no "arguments" array or "command" string' "[{\"directory\": \"$T\", \"file\": \"app.c\"}]"
	# a FIFO in place of the database is refused, not read (that would block)
	rm compile_commands.json
	mkfifo compile_commands.json
	timeout 60 "$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 1 $? "a FIFO as database"
	expect_in "not a regular file (a FIFO)" out "message gives the reason"
	# and a well-formed one still works, "command" split as a shell would
	rm compile_commands.json
	printf '[{"directory": "%s", "command": "cc -c \\"app.c\\" -D'"'"'N=1'"'"'", "file": "app.c"}]\n' "$T" > compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1 || { cat out; fail "a valid database"; }
	;;
compdb_response_files)
	# @file arguments are read relative to "directory", split with gcc's
	# quoting and nested; one that cannot be read is a warning naming it
	mkdir -p "my inc" sub
	echo '#define NREC 3' > "my inc/rec.h"
	cat > r.c <<'C'
#include <stdio.h>
#include "rec.h"
int main(void)
{
	FILE *f = fopen("r.out", "w");
	for (int i = 0; i < NREC * SCALE; i++)
		fputc('a', f);
	fclose(f);
	return 0;
}
C
	printf '%s\n' "-I'my inc' -O2" "@sub/more.rsp" > flags.rsp
	printf '%s\n' '"-DSCALE=2" -DLABEL="a\ b"' > sub/more.rsp
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "@flags.rsp", "-c", "r.c"], "file": "r.c"}]
JSON
	(cd / && "$VIDYA" analyze --no-probe --db "$T/v.db" "$T/compile_commands.json") >out 2>&1 ||
		{ cat out; fail "flags from response files"; }
	[ "$(q "SELECT p2 = 6 FROM v_blocks WHERE block_id = 'r.c:main/loop#1'")" = 1 ] ||
		fail "NREC * SCALE from the response files: $(q "SELECT block_id, p2 FROM v_blocks")"
	# a missing one, one that includes itself, and a FIFO (never opened)
	echo '@loop.rsp' > loop.rsp
	mkfifo fifo.rsp
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "@flags.rsp", "@missing.rsp", "@loop.rsp", "@fifo.rsp", "-c", "r.c"], "file": "r.c"}]
JSON
	timeout 60 "$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 0 $? "unreadable response files are warnings"
	expect_in "warning: response file '$T/missing.rsp' not read (No such file or directory)" out "missing file named"
	expect_in "'$T/loop.rsp' not read (response files nested more than 8 deep)" out "nesting is bounded"
	expect_in "'$T/fifo.rsp' not read (not a regular file (a FIFO))" out "a FIFO is not read"
	[ "$(q "SELECT p2 = 6 FROM v_blocks WHERE block_id = 'r.c:main/loop#1'")" = 1 ] || fail "the rest still applies"
	;;
compdb_special_files)
	# only regular files are parsed: a FIFO (opening it blocks), a device
	# (/dev/zero never ends) or a directory as source or -include file is a
	# failed translation unit, and the rest is analyzed
	small_project
	cp app.c app2.c
	mkfifo fifo.c pre.h
	ln -s /dev/zero zero.c
	mkdir dir.c
	printf '[' > compile_commands.json
	sep=
	for f in app.c fifo.c zero.c dir.c; do
		printf '%s{"directory": "%s", "arguments": ["cc", "-c", "%s"], "file": "%s"}' "$sep" "$T" "$f" "$f" >> compile_commands.json
		sep=,
	done
	printf ',{"directory": "%s", "arguments": ["cc", "-include", "pre.h", "-c", "app2.c"], "file": "app2.c"}]\n' "$T" >> compile_commands.json
	timeout 120 "$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 3 $? "special files fail their translation units"
	expect_in "fifo.c: error: source file not parsed: not a regular file (a FIFO)" out "FIFO source"
	expect_in "zero.c: error: source file not parsed: not a regular file (a character device)" out "device source"
	expect_in "dir.c: error: source file not parsed: not a regular file (a directory)" out "directory source"
	expect_in "app2.c: error: '-include pre.h' not read: not a regular file (a FIFO)" out "FIFO -include"
	[ "$(q 'SELECT tus_total || "/" || tus_failed FROM v_runs')" = 5/4 ] ||
		fail "4 of 5 failed: $(q 'SELECT tus_total, tus_failed FROM v_runs')"
	[ "$(q "SELECT count(*) FROM v_blocks WHERE block_id = 'app.c:save'")" = 1 ] ||
		fail "the regular file's blocks are stored"
	;;
dangling_ref)
	# pointers to a function's locals that outlive its call (undefined in
	# C): reading or writing through them must not touch freed memory (the
	# ASan build fails here otherwise); what they point at reads unknown
	cat > d.c <<'C'
#include <unistd.h>
struct holder { int *p; };
int *g;
struct holder gs;
int *tab[2];
static char buf[8];
static void set_global(void) { int l = 7; g = &l; }
static int *addr_of_local(void) { int l = 3; return &l; }
static void set_field(void) { int l = 4; gs.p = &l; }
static void set_elem(void) { int l = 6; tab[0] = &l; }
static void write_through(void) { *g = 9; }
static void live(void) { for (int i = 0; i < *g; i++) write(1, buf, 1); }
/* not reached from main: walked after main's frame is gone */
int unused(void)
{
	for (int i = 0; i < *g; i++)
		write(1, buf, 2);
	return 0;
}
int main(void)
{
	int l = 5;
	g = &l;
	live();
	set_global();
	for (int i = 0; i < *g; i++) write(1, buf, 3);
	write_through();
	int *p = addr_of_local();
	for (int i = 0; i < *p; i++) write(1, buf, 4);
	set_field();
	for (int i = 0; i < *gs.p; i++) write(1, buf, 5);
	set_elem();
	for (int i = 0; i < *tab[0]; i++) write(1, buf, 6);
	g = &l;
	return 0;
}
C
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-c", "d.c"], "file": "d.c"}]
JSON
	"$VIDYA" analyze --no-probe --quiet --assume-trip 37 --db v.db compile_commands.json >out 2>&1 ||
		{ grep -m3 -E 'ERROR|runtime error|SUMMARY' out >&2 || tail -n 5 out >&2; fail "analyze"; }
	p2() { q "SELECT p2 FROM v_blocks WHERE block_id = 'd.c:$1'"; }
	[ "$(p2 live/loop#1)" = 5.0 ] || fail "a pointer to a live local reads it: $(p2 live/loop#1)"
	for b in unused/loop#1 main/loop#1 main/loop#2 main/loop#3 main/loop#4; do
		[ "$(p2 $b)" = 37.0 ] || fail "$b: a dead local reads unknown (assumed 37), got $(p2 $b)"
	done
	;;
const_eval_ub)
	# constant evaluation with C's rules: what C leaves undefined is unknown
	# (the loop runs the assumed 37 times) instead of SIGFPE or a UBSan
	# report; unsigned arithmetic wraps; defined signed arithmetic is exact
	cat > c.c <<'C'
#include <limits.h>
#include <unistd.h>
static char buf[8];
void div_min(void) { long long a = LLONG_MIN, b = -1; for (long long i = 0; i < a / b; i++) write(1, buf, 1); }
void mod_min(void) { long long a = LLONG_MIN, b = -1; for (long long i = 0; i < a % b + 10; i++) write(1, buf, 1); }
void div_zero(void) { long long a = 10, z = 0; for (long long i = 0; i < a / z; i++) write(1, buf, 1); }
void mod_zero(void) { long long a = 10, z = 0; for (long long i = 0; i < a % z; i++) write(1, buf, 1); }
void add_over(void) { long long a = LLONG_MAX, one = 1; for (long long i = 0; i < a + one; i++) write(1, buf, 1); }
void sub_over(void) { long long a = LLONG_MIN, one = 1; for (long long i = 0; i < a - one; i++) write(1, buf, 1); }
void mul_over(void) { long long a = LLONG_MAX / 2 + 1, two = 2; for (long long i = 0; i < a * two; i++) write(1, buf, 1); }
void neg_min(void) { long long a = LLONG_MIN; for (long long i = 0; i < -a; i++) write(1, buf, 1); }
void shl_64(void) { long long a = 1, k = 64; for (long long i = 0; i < (a << k) + 3; i++) write(1, buf, 1); }
void shl_neg_count(void) { long long a = 1, k = -1; for (long long i = 0; i < (a << k) + 3; i++) write(1, buf, 1); }
void shr_64(void) { long long a = 1, k = 64; for (long long i = 0; i < (a >> k) + 3; i++) write(1, buf, 1); }
void shl_neg_value(void) { long long a = -1, k = 3; for (long long i = 0; i < (a << k) + 20; i++) write(1, buf, 1); }
void shl_out_of_range(void) { long long a = 3, k = 62; for (long long i = 0; i < (a << k); i++) write(1, buf, 1); }
void inc_over(void) { long long a = LLONG_MAX; a++; for (long long i = 0; i < a; i++) write(1, buf, 1); }
void assign_over(void) { long long a = LLONG_MAX; a += 1; for (long long i = 0; i < a; i++) write(1, buf, 1); }
void cast_huge(void) { double d = 1e300; for (long long i = 0; i < (long long)d; i++) write(1, buf, 1); }
void unsigned_wrap(void) { unsigned long long u = 0; u = u - 1; for (long long i = 0; i < (int)(u >> 60); i++) write(1, buf, 1); }
void unsigned_mul_wrap(void) { unsigned long long b = 1ULL << 63, two = 2; for (long long i = 0; i < b * two + 4; i++) write(1, buf, 1); }
void unsigned_div(void) { unsigned long long u = 0; u -= 1; for (long long i = 0; i < (int)((u / 2) >> 59); i++) write(1, buf, 1); }
void unsigned_neg(void) { unsigned long long u = 1; for (long long i = 0; i < (-u >> 61) + 1; i++) write(1, buf, 1); }
void signed_ok(void) { long long a = -7, b = 3, c = -16; for (long long i = 0; i < a / b + a % b + (c >> 2) + 20; i++) write(1, buf, 1); }
void shl_ok(void) { long long a = 1, k = 62; for (long long i = 0; i < (a << k) / (a << 60) + 1; i++) write(1, buf, 1); }
int main(void)
{
	div_min(); mod_min(); div_zero(); mod_zero(); add_over(); sub_over(); mul_over();
	neg_min(); shl_64(); shl_neg_count(); shr_64(); shl_neg_value(); shl_out_of_range();
	inc_over(); assign_over(); cast_huge();
	unsigned_wrap(); unsigned_mul_wrap(); unsigned_div(); unsigned_neg(); signed_ok(); shl_ok();
	return 0;
}
C
	cat > compile_commands.json <<JSON
[{"directory": "$T", "arguments": ["cc", "-c", "c.c"], "file": "c.c"}]
JSON
	"$VIDYA" analyze --no-probe --quiet --assume-trip 37 --db v.db compile_commands.json >out 2>&1 ||
		{ grep -m3 -E 'ERROR|runtime error|SUMMARY' out >&2 || tail -n 5 out >&2; fail "analyze"; }
	while read -r fn want; do
		got=$(q "SELECT p2 FROM v_blocks WHERE block_id = 'c.c:$fn/loop#1'")
		[ "$got" = "$want" ] || fail "$fn: loop runs $got times, expected $want"
	done <<'EXPECT'
div_min 37.0
mod_min 37.0
div_zero 37.0
mod_zero 37.0
add_over 37.0
sub_over 37.0
mul_over 37.0
neg_min 37.0
shl_64 37.0
shl_neg_count 37.0
shr_64 37.0
shl_neg_value 37.0
shl_out_of_range 37.0
inc_over 37.0
assign_over 37.0
cast_huge 37.0
unsigned_wrap 15.0
unsigned_mul_wrap 4.0
unsigned_div 15.0
unsigned_neg 8.0
signed_ok 13.0
shl_ok 5.0
EXPECT
	;;
numeric_options)
	# every numeric option is checked: exit 1, one line naming the option
	# and the value, and nothing analyzed or stored
	small_project
	bad() { # expected message, then the command line
		local msg=$1
		shift
		"$VIDYA" "$@" >out 2>&1
		expect_rc 1 $? "$*"
		expect_in "$msg" out "$*"
		[ "$(wc -l < out)" -eq 1 ] || { cat out >&2; fail "$*: one line of output"; }
	}
	A=(analyze --no-probe --db v.db)
	bad "--assume-trip: 'nan' is not a finite number" "${A[@]}" --assume-trip nan compile_commands.json
	bad "--assume-trip: 'inf' is not a finite number" "${A[@]}" --assume-trip inf compile_commands.json
	bad "--assume-bytes: '-1' is out of range" "${A[@]}" --assume-bytes -1 compile_commands.json
	bad "--assume-bytes: '4k' is not a number" "${A[@]}" --assume-bytes 4k compile_commands.json
	bad "--jobs: '4294967297' is out of range" "${A[@]}" -j 4294967297 compile_commands.json
	bad "--jobs: '100000' is out of range (1 to" "${A[@]}" --jobs 100000 compile_commands.json
	bad "4 x online CPUs" "${A[@]}" -j 400 compile_commands.json
	bad "--nprocs: '4294967297' is out of range" "${A[@]}" --nprocs 4294967297 compile_commands.json
	bad "--nprocs: 'zero' is not an integer" "${A[@]}" --nprocs zero compile_commands.json
	bad "--top: 'abc' is not an integer" "${A[@]}" --top abc compile_commands.json
	bad "--top: '-1' is out of range" "${A[@]}" --top -1 compile_commands.json
	bad "--top: '1e3' is not an integer" "${A[@]}" --top 1e3 compile_commands.json
	bad "--max-depth: '-1' is out of range" "${A[@]}" --max-depth -1 compile_commands.json
	bad "--max-depth: '100000' is out of range (1 to 256)" "${A[@]}" --max-depth 100000 compile_commands.json
	bad "--shard: '1/2x' is not K/N" "${A[@]}" --shard 1/2x compile_commands.json
	bad "--shard: '0/2' is out of range" "${A[@]}" --shard 0/2 compile_commands.json
	bad "--shard: '1/2x' is not K/N" merge --no-probe --db v.db --shard 1/2x compile_commands.json x.db
	[ ! -e v.db ] || fail "a refused option must not create the database"
	"$VIDYA" analyze --no-probe --quiet --db v.db --top 5 --assume-trip 1e3 --max-depth 256 -j 1 \
		compile_commands.json >out 2>&1 || { cat out >&2; fail "good values are accepted"; }
	[ "$(q "SELECT assume_trip FROM v_runs")" = 1000.0 ] || fail "--assume-trip 1e3 stored as 1000"
	bad "--run: 'abc' is not an integer" report --db v.db --run abc
	bad "--run: '0' is out of range" report --db v.db --run 0
	bad "--top: '1.5' is not an integer" report --db v.db --top 1.5
	bad "--hz: '1e3' is not an integer" trace --db v.db --hz 1e3 -- true
	bad "--hz: '100001' is out of range" trace --db v.db --hz 100001 -- true
	"$VIDYA" report --db v.db --run 1 --top 3 >out 2>&1 || { cat out >&2; fail "report --run 1"; }
	;;
unknown_option)
	# an unknown option: one line naming it and where help is, not the help
	one_line() { # what, expected text
		expect_rc 1 "$rc" "$1"
		expect_in "$2" out "$1"
		[ "$(wc -l < out)" -eq 1 ] || { cat out >&2; fail "$1: one line, not the help"; }
	}
	"$VIDYA" analyze --frobnicate x.json >out 2>&1; rc=$?
	one_line "analyze --frobnicate" "unknown option '--frobnicate'; try 'vidya analyze --help'"
	"$VIDYA" merge -Z x.json >out 2>&1; rc=$?
	one_line "merge -Z" "unknown option '-Z'; try 'vidya merge --help'"
	"$VIDYA" analyze --quiet=yes x.json >out 2>&1; rc=$?
	one_line "analyze --quiet=yes" "option '--quiet' takes no value"
	"$VIDYA" analyze --no x.json >out 2>&1; rc=$?
	one_line "analyze --no" "ambiguous option '--no'"
	"$VIDYA" analyze x.json --top >out 2>&1; rc=$?
	one_line "analyze --top" "option '--top' needs a value"
	"$VIDYA" report --bogus >out 2>&1; rc=$?
	one_line "report --bogus" "try 'vidya report --help'"
	"$VIDYA" sysprobe --bogus >out 2>&1; rc=$?
	one_line "sysprobe --bogus" "try 'vidya sysprobe --help'"
	"$VIDYA" trace --bogus -- true >out 2>&1; rc=$?
	one_line "trace --bogus" "try 'vidya trace --help'"
	"$VIDYA" model show --bogus >out 2>&1; rc=$?
	one_line "model show --bogus" "try 'vidya model --help'"
	"$VIDYA" --bogus >out 2>&1; rc=$?
	one_line "vidya --bogus" "unknown option '--bogus'; try 'vidya --help'"
	"$VIDYA" frobnicate >out 2>&1; rc=$?
	one_line "vidya frobnicate" "unknown command 'frobnicate'; try 'vidya --help'"
	;;
args_quotes)
	# --args is split like a shell: a quote left open is an error naming
	# the option; closed quotes keep blanks inside one argument
	small_project
	"$VIDYA" analyze --no-probe --db v.db --args '3 "unclosed' compile_commands.json >out 2>&1
	expect_rc 1 $? "unbalanced double quote"
	expect_in "--args: '3 \"unclosed': unterminated double quote" out "message names --args and the value"
	"$VIDYA" analyze --no-probe --db v.db --args "it's" compile_commands.json >out 2>&1
	expect_rc 1 $? "unbalanced single quote"
	expect_in "unterminated single quote" out "message says which quote"
	[ ! -e v.db ] || fail "nothing stored"
	"$VIDYA" analyze --no-probe --quiet --db v.db --args "'6' 'x y'" compile_commands.json >out 2>&1 ||
		{ cat out >&2; fail "balanced quotes"; }
	[ "$(q "SELECT p2 FROM v_blocks WHERE block_id = 'app.c:save/loop#1'")" = 6.0 ] ||
		fail "argv[1] is 6: $(q "SELECT p2 FROM v_blocks WHERE block_id = 'app.c:save/loop#1'")"
	;;
installed)
	# an installed vidya needs neither the source nor the build tree: install
	# into a prefix, move the prefix, run it with a clean environment
	[ -n "${VD_CMAKE:-}" ] || fail "VD_CMAKE (cmake) not set by ctest"
	"$VD_CMAKE" --install "$(dirname "$VIDYA")" --prefix "$T/p" >install.log 2>&1 ||
		{ cat install.log >&2; fail "cmake --install"; }
	mkdir elsewhere && mv "$T/p" elsewhere/prefix
	P=$T/elsewhere/prefix
	for f in bin/vidya share/vidya/catalog.xml share/vidya/model.xml share/man/man1/vidya.1 \
		share/bash-completion/completions/vidya; do
		[ -f "$P/$f" ] || fail "$f not installed"
	done
	bash -n "$P/share/bash-completion/completions/vidya" || fail "completion file is not valid bash"
	# the completion offers the commands
	words=$(bash -c ". '$P/share/bash-completion/completions/vidya'; COMP_WORDS=(vidya an); COMP_CWORD=1; _vidya; echo \"\${COMPREPLY[*]}\"")
	[ "$words" = analyze ] || fail "completion of 'vidya an': '$words'"
	# options and formats come from the command's generated --help
	words=$(bash -c ". '$P/share/bash-completion/completions/vidya'; COMP_WORDS=('$P/bin/vidya' report --format g); COMP_CWORD=3; _vidya; echo \"\${COMPREPLY[*]}\"")
	[ "$words" = graphml ] || fail "completion of 'vidya report --format g': '$words'"
	words=$(bash -c ". '$P/share/bash-completion/completions/vidya'; COMP_WORDS=('$P/bin/vidya' sysprobe --re); COMP_CWORD=2; _vidya; echo \"\${COMPREPLY[*]}\"")
	[ "$words" = --refresh ] || fail "completion of 'vidya sysprobe --re': '$words'"
	# lint, diff and dfg too: their options and formats come from --help
	complete_as() { # expected words...
		local exp=$1; shift
		words=$(bash -c ". '$P/share/bash-completion/completions/vidya'; COMP_WORDS=('$P/bin/vidya' $*); COMP_CWORD=$#; _vidya; echo \"\${COMPREPLY[*]}\"")
		[ "$words" = "$exp" ] || fail "completion of 'vidya $*': '$words', expected '$exp'"
	}
	complete_as "--no-model --no-memo" lint --no-m
	complete_as "--write-baseline" lint --wr
	complete_as "sarif" lint --format s
	complete_as "--traces" diff --tr
	complete_as "json" diff --format j
	complete_as "--keep-pathless" dfg --ke
	complete_as "png pdf" dfg --format p
	if command -v man >/dev/null; then
		MANPATH=$P/share/man man -P cat vidya >man.out 2>&1 || { cat man.out >&2; fail "man vidya"; }
		expect_in "VIDYA_DATADIR" man.out "man page documents the data directory"
	fi
	small_project
	clean() { env -i PATH=/usr/bin:/bin HOME="$T" "$@"; }
	clean "$P/bin/vidya" analyze --no-probe --quiet --db v.db compile_commands.json >out 2>&1 ||
		{ cat out >&2; fail "installed vidya analyze"; }
	[ "$(q "SELECT count(*) FROM v_blocks WHERE block_id = 'app.c:save/loop#1'")" = 1 ] ||
		fail "the installed vidya stored no blocks"
	clean "$P/bin/vidya" model show >out 2>&1 || { cat out >&2; fail "installed vidya model show"; }
	# the recorder is found relative to the binary too
	clean "$P/bin/vidya" trace --db v.db -- /bin/sh -c 'echo x > traced.txt' >out 2>&1 ||
		{ cat out >&2; fail "installed vidya trace"; }
	[ "$(q "SELECT sum(writes) FROM v_trace_files WHERE path LIKE '%traced.txt'")" -ge 1 ] ||
		fail "the installed recorder recorded nothing"
	# its data is the prefix's, never the source tree's: without the
	# installed catalog it stops, and VIDYA_DATADIR points it elsewhere
	mv "$P/share/vidya" "$T/data"
	clean "$P/bin/vidya" analyze --no-probe --quiet --db v2.db compile_commands.json >out 2>&1
	expect_rc 1 $? "installed catalog removed"
	expect_in "catalog.xml" out "message names the missing catalog"
	expect_in "VIDYA_DATADIR" out "message names the variable"
	clean VIDYA_DATADIR="$T/data" "$P/bin/vidya" analyze --no-probe --quiet --db v2.db \
		compile_commands.json >out 2>&1 || { cat out >&2; fail "VIDYA_DATADIR"; }
	;;
msg_forced_include)
	# a missing -include file is named with its flag, on the translation
	# unit, without the line number of clang's predefines buffer
	small_project
	printf '[{"directory": "%s", "arguments": ["cc", "-include", "nothere.h", "-c", "app.c"], "file": "app.c"}]\n' "$T" > compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 3 $? "missing -include"
	expect_in "app.c: error: '-include nothere.h' on the command line of this translation unit: file not found" out "names the flag, the file and the TU"
	! grep -q "app.c:[0-9]" out || { cat out >&2; fail "a line number of a file that has no such line"; }
	;;
msg_parse_failure)
	# libclang's bare "error 4": the argument it rejects is named
	small_project
	printf '[{"directory": "%s", "arguments": ["cc", "-O2", "-std=c77", "-c", "app.c"], "file": "app.c"}]\n' "$T" > compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 3 $? "bad -std"
	expect_in "app.c: error: not parsed: '-std=c77' is not a C standard clang knows" out "names the bad -std"
	# a directory in place of the source says so
	mkdir dir.c
	printf '[{"directory": "%s", "arguments": ["cc", "-c", "dir.c"], "file": "dir.c"}]\n' "$T" > compile_commands.json
	"$VIDYA" analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 3 $? "directory source"
	expect_in "dir.c: error: source file not parsed: not a regular file (a directory)" out "says directory"
	! grep -q "(error [0-9])" out || { cat out >&2; fail "a bare libclang error code"; }
	;;
msg_symlink_loop)
	# a symbolic link loop is not "not found"
	small_project
	ln -s loop2 loop1; ln -s loop1 loop2
	for cmd in "report --db loop1" "analyze --no-probe --db v.db --catalog loop1 compile_commands.json" \
		"analyze --no-probe --db loop1 compile_commands.json" "analyze --no-probe --db v.db loop1" \
		"model show --model loop1" "model fit loop1" "sysprobe --no-save --dir loop1"; do
		# shellcheck disable=SC2086
		"$VIDYA" $cmd >out 2>&1
		expect_rc 1 $? "$cmd"
		grep -qi "too many levels of symbolic links" out || { cat out >&2; fail "$cmd: no 'too many levels of symbolic links'"; }
		! grep -qi "not found\|no database\|does not exist" out || { cat out >&2; fail "$cmd: called not found"; }
	done
	;;
msg_sysprobe_dir)
	"$VIDYA" sysprobe --no-save --dir /proc >out 2>&1
	expect_rc 1 $? "sysprobe --dir /proc"
	expect_in "--dir '/proc': not a regular file system (proc" out "says what /proc is"
	! grep -q "does not exist" out || fail "/proc exists"
	echo x > file
	"$VIDYA" sysprobe --no-save --dir file >out 2>&1
	expect_rc 1 $? "sysprobe --dir FILE"
	expect_in "--dir 'file': not a directory" out "says not a directory"
	;;
msg_trace_empty)
	mkdir -p home/.cargo/bin
	PATH="$T/home/.cargo/bin:$PATH" "$VIDYA" trace --db v.db -- "" >out 2>&1
	expect_rc 1 $? "trace of an empty program name"
	expect_in "the program name is empty" out "says the name is empty"
	! grep -q "cargo" out || fail "a PATH directory named as the program"
	;;
msg_merge_self)
	# merging a database into itself fails at once (it used to wait 15 s
	# for a lock it held itself)
	small_project
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json >out 2>&1 || { cat out >&2; fail "analyze"; }
	ln -s v.db alias.db
	start=$(date +%s)
	"$VIDYA" merge --no-probe --quiet --db v.db compile_commands.json ./alias.db >out 2>&1
	expect_rc 1 $? "merge into itself"
	expect_in "cannot be merged into itself" out "says why"
	[ $(($(date +%s) - start)) -lt 10 ] || fail "merge into itself waited"
	;;
msg_readonly_db)
	# a database that cannot be written is found before the analysis
	small_project
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json >out 2>&1 || { cat out >&2; fail "analyze"; }
	if [ "$(id -u)" = 0 ]; then
		# root writes anything: run a copy of vidya as nobody
		command -v setpriv >/dev/null || { echo "skipped: root without setpriv"; exit 0; }
		mkdir bin && cp "$VIDYA" bin/vidya && cp -rL "$(dirname "$VIDYA")/data" share
		chmod -R a+rX "$T"
		as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups env VIDYA_DATADIR="$T/share" "$T/bin/vidya" "$@"; }
	else
		as_user() { "$VIDYA" "$@"; }
	fi
	chmod a-w v.db
	as_user analyze --no-probe --db v.db compile_commands.json >out 2>&1
	expect_rc 1 $? "read-only database"
	expect_in "database 'v.db' is read-only" out "says read-only"
	! grep -q "top .* blocks\|translation unit" out || { cat out >&2; fail "analyzed before finding out"; }
	as_user trace --db v.db -- /bin/sh -c 'echo the program ran' >out 2>&1
	expect_rc 1 $? "trace into a read-only database"
	expect_in "database 'v.db' is read-only" out "trace says read-only"
	! grep -q "the program ran" out || { cat out >&2; fail "trace ran the program first"; }
	# a writable file in a directory that refuses the journal
	chmod a+w v.db; chmod a-w "$T"
	as_user analyze --no-probe --db v.db compile_commands.json >out 2>&1; rc=$?
	chmod u+w "$T"
	expect_rc 1 $rc "directory not writable"
	expect_in "is not writable" out "says the directory is not writable"
	;;
msg_special_db)
	# only a regular file is a database: never /dev/null (sqlite would
	# leave a world-writable /dev/null-journal)
	small_project
	mkfifo fifo.db
	for db in /dev/null fifo.db "$T"; do
		"$VIDYA" analyze --no-probe --db "$db" compile_commands.json >out 2>&1
		expect_rc 1 $? "--db $db"
		expect_in "not a database file (a vidya database is a regular file)" out "--db $db refused"
	done
	"$VIDYA" sysprobe --quick --db /dev/null >out 2>&1
	expect_rc 1 $? "sysprobe --db /dev/null"
	expect_in "character device" out "sysprobe refuses /dev/null before probing"
	"$VIDYA" report --db /dev/null >out 2>&1
	expect_rc 1 $? "report --db /dev/null"
	[ ! -e /dev/null-journal ] || [ /dev/null-journal -ot out ] || fail "/dev/null-journal created"
	;;
msg_failed_cleanup)
	# a failed analyze removes the database it created and stored nothing in
	"$VIDYA" analyze --no-probe --db new.db nowhere/compile_commands.json >out 2>&1
	expect_rc 1 $? "missing compilation database"
	[ ! -e new.db ] || fail "empty database left behind"
	echo '[]' > compile_commands.json
	"$VIDYA" analyze --no-probe --db new.db compile_commands.json >out 2>&1
	expect_rc 1 $? "empty compilation database"
	[ ! -e new.db ] || fail "empty database left behind (no TUs)"
	# an existing database stays
	small_project
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json >out 2>&1 || { cat out >&2; fail "analyze"; }
	"$VIDYA" analyze --no-probe --db v.db nowhere/compile_commands.json >out 2>&1
	expect_rc 1 $? "missing compilation database, existing database"
	[ -s v.db ] || fail "an existing database was removed"
	;;
*)
	fail "unknown check"
	;;
esac
echo "ok $CHECK"
