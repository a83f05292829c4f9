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
jobs)
	multi_project
	"$VIDYA" analyze --no-probe --no-cache -j 1 --db one.db compile_commands.json --args 6 >/dev/null || fail "-j 1"
	"$VIDYA" analyze --no-probe --no-cache -j 3 --db three.db compile_commands.json --args 6 >/dev/null || fail "-j 3"
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
*)
	fail "unknown check"
	;;
esac
echo "ok $CHECK"
