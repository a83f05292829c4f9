#!/usr/bin/env bash
# trace_checks.sh VIDYA CHECK - one end-to-end check of `vidya trace`.
# Each check copies a test program from progs/ into a temporary directory,
# builds it (cc -g -O0), analyzes it with the same arguments it will run
# with, traces it and asserts on v_trace_ops, v_trace_files,
# v_measured_blocks and v_predicted_vs_measured.  Every expected number is
# derived from what the program does (see the comment at the top of each
# program), never from vidya's output.  KEEP=1 keeps the temporary
# directory (program, v.db, out, err) for a look after a failure.
set -u
VIDYA=$1
CHECK=$2
PROGS=$(cd "$(dirname "$0")" && pwd)/progs
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-tracetest.XXXXXX")
trap '[ -n "${KEEP:-}" ] && echo "kept $T" >&2 || rm -rf "$T"' EXIT
cd "$T"

fail() { echo "FAIL $CHECK: $*" >&2; exit 1; }
skip() { echo "skip $CHECK: $*"; exit 0; }
expect_rc() { # expected, actual, what
	[ "$1" = "$2" ] || { [ -s err ] && tail -n 20 err >&2; fail "$3: exit code $2, expected $1"; }
}
expect_in() { # needle, file, what
	grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "$3: '$1' not in output"; }
}
q() { sqlite3 -batch -noheader "$T/v.db" "$1" 2>&1; }
# eq WHAT EXPECTED SQL: the query's result is exactly EXPECTED
eq() {
	local got
	got=$(q "$3")
	[ "$got" = "$2" ] || fail "$1: got '$got', expected '$2'
    query: $3"
}
# between WHAT LO HI SQL: the query gives an integer in [LO, HI]
between() {
	local got
	got=$(q "$4")
	[[ $got =~ ^-?[0-9]+$ ]] && [ "$got" -ge "$2" ] && [ "$got" -le "$3" ] ||
		fail "$1: got '$got', expected $2..$3
    query: $4"
}
# at NAME: SQL condition "the row's path is the program's file NAME" (the
# recorder may store it as given, relative, or absolute)
at() { printf "(path = '%s' OR path LIKE '%%/%s')" "$1" "$1"; }
# line_of MARK FILE: line of the call after the comment /* MARK:mark ... */
line_of() { echo $(($(grep -n "MARK:$1 " "$2" | head -n 1 | cut -d: -f1) + 1)); }
# calls WHERE: "call:class:count ..." of the matching rows, sorted by call
calls() {
	echo "SELECT group_concat(c, ' ') FROM (SELECT call || ':' || class || ':' || count(*) AS c
	      FROM v_trace_ops WHERE $1 GROUP BY call, class ORDER BY call, class)"
}
# offsets WHERE: the matching rows' offsets in call order
offsets() {
	echo "SELECT group_concat(offset, ' ') FROM (SELECT offset FROM v_trace_ops WHERE $1
	      ORDER BY start_s, op_id)"
}

# mpiio_under NCCALL CLASS RANK: "call:count:bytes" of the MPI-IO calls of
# CLASS (read, write) made by the HDF5 calls that the NetCDF call NCCALL
# made on rank RANK
mpiio_under() {
	echo "SELECT group_concat(c, ' ') FROM (SELECT m.call || ':' || count(*) || ':' || sum(m.bytes) AS c
	      FROM v_trace_ops m JOIN v_trace_ops h ON m.parent_op = h.op_id AND m.pid = h.pid AND m.trace_id = h.trace_id
	      JOIN v_trace_ops n ON h.parent_op = n.op_id AND h.pid = n.pid AND h.trace_id = n.trace_id
	      WHERE m.api = 'mpiio' AND m.class = '$2' AND h.api = 'hdf5' AND n.api = 'netcdf' AND n.call = '$1'
	      AND m.rank = $3 GROUP BY m.call ORDER BY m.call)"
}
# hdf5_inside COND: "HDF5 calls begun while an application NetCDF call n
# matching COND ran on their thread | those of them that are not its
# children" (op_ids are given in the order calls begin, per process: the
# calls inside n are those before the application's next call)
hdf5_inside() {
	echo "SELECT count(*) AS calls, coalesce(sum(h.parent_op IS NOT n.op_id OR h.parent_api IS NOT 'netcdf'), 0) AS strays
	      FROM v_trace_ops n JOIN v_trace_ops h ON h.trace_id = n.trace_id AND h.pid = n.pid AND h.thread = n.thread
	      AND h.api = 'hdf5' AND h.op_id > n.op_id AND h.op_id < coalesce((SELECT min(a.op_id) FROM v_trace_ops a
	          WHERE a.trace_id = n.trace_id AND a.pid = n.pid AND a.thread = n.thread AND a.op_id > n.op_id
	          AND a.parent_op IS NULL), 1e18)
	      WHERE n.api = 'netcdf' AND n.parent_op IS NULL AND $1"
}
# need_netcdf_mpi: what a program linked against the MPI build of NetCDF
# needs (Debian's libnetcdf-mpi-19, used with the serial headers, see
# progs/netcdf_par.c); sets root and NCMPI_LIBS, the link flags for the
# library's soname (no libnetcdf_mpi.so without the -dev package).  When
# something is missing the check is skipped with ctest's SKIP status
# (exit 77), saying what is missing.
need_netcdf_mpi() {
	local why= so
	command -v mpirun >/dev/null || why="no mpirun"
	command -v mpicc >/dev/null || why="no mpicc"
	[ -f /usr/include/netcdf.h ] || why="no NetCDF headers (libnetcdf-dev)"
	so=$({ ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null | sed -n 's/^[[:space:]]*\(libnetcdf_mpi\.so\.[0-9]*\) .*/\1/p' | head -n 1)
	[ -n "$why" ] || { [ -n "$so" ] && [ -f "$(mpicc -print-file-name="$so")" ]; } ||
		why="no MPI build of NetCDF (libnetcdf_mpi.so.N, Debian's libnetcdf-mpi-19)"
	NCMPI_LIBS=-l:$so
	nm -D "$(dirname "$VIDYA")/libvidya_trace.so" 2>/dev/null | grep -q " T nc_create_par$" ||
		why="the recorder was built without the NetCDF layer"
	[ -z "$why" ] || { echo "skip $CHECK: $why"; exit 77; }
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
}
# predicted_traced bytes|calls: "call:predicted:traced" per NetCDF
# function, the analysis' bytes (data calls) or calls per process against
# the application's traced ones over the 2 ranks of an mpirun -np 2
predicted_traced() {
	local pred=count traced='count(*)' ops=
	[ "$1" = bytes ] && pred=bytes_total traced='sum(bytes)' ops="AND s.op IN ('read', 'write')"
	echo "SELECT group_concat(c, ' ') FROM (SELECT s.call || ':' || CAST(sum(s.$pred) AS INTEGER) || ':' ||
	      (SELECT $traced / 2 FROM v_trace_ops o WHERE o.call = s.call AND o.parent_api IS NULL) AS c
	      FROM v_io_sites s WHERE s.api = 'netcdf' $ops GROUP BY s.call ORDER BY s.call)"
}
# build NAME COMPILER [FLAGS...]: copy progs/NAME.c here, write a
# compile_commands.json for it, compile it with -g -O0 (LIBS: link flags)
build() {
	local name=$1 comp=$2 f json
	shift 2
	command -v "$comp" >/dev/null || skip "no $comp"
	cp "$PROGS/$name.c" . || fail "no $PROGS/$name.c"
	json="\"$comp\", \"-g\", \"-O0\""
	for f in "$@"; do json="$json, \"$f\""; done
	printf '[{"directory": "%s", "arguments": [%s, "-c", "%s.c", "-o", "%s.o"], "file": "%s.c"}]\n' \
		"$T" "$json" "$name" "$name" "$name" > compile_commands.json
	"$comp" -g -O0 "$@" "$name.c" -o "$name" ${LIBS:-} >build.log 2>&1 ||
		{ cat build.log >&2; fail "cannot build $name"; }
}
# analyze ARGS...: analysis with the arguments the program will run with
analyze() {
	"$VIDYA" analyze --no-probe --quiet --db v.db compile_commands.json --args "$*" ${NPROCS:+--nprocs $NPROCS} \
		>analyze.log 2>&1 || { cat analyze.log >&2; fail "vidya analyze --args \"$*\""; }
}
# trace PROGRAM ARGS...: vidya trace into v.db, stdout to out, stderr to err; sets rc
trace() {
	"$VIDYA" trace --ops --db v.db -- "$@" >out 2>err
	rc=$?
}

# perm N SEED: posix_io.c's Fisher-Yates shuffle of 0..N-1
perm() {
	local n=$1 x=$(($2 % 2147483648)) i j t
	local -a p
	for ((i = 0; i < n; i++)); do p[i]=$i; done
	for ((i = n - 1; i >= 1; i--)); do
		x=$(((x * 1103515245 + 12345) % 2147483648))
		j=$((x % (i + 1)))
		t=${p[i]}
		p[i]=${p[j]}
		p[j]=$t
	done
	echo "${p[*]}"
}
# darshan_rest BLOCKS...: for accesses of one block each at these block
# indices, "consecutive sequential" counted over all accesses after the
# first (Darshan: consecutive = starts at the end of the previous one,
# sequential = starts at or after it)
darshan_rest() {
	local prev=$1 c=0 s=0 b
	shift
	for b in "$@"; do
		[ "$b" -eq $((prev + 1)) ] && c=$((c + 1))
		[ "$b" -ge $((prev + 1)) ] && s=$((s + 1))
		prev=$b
	done
	echo "$c $s"
}
# fcount PATH API COLUMN: a v_trace_files counter
fcount() { echo "SELECT $3 FROM v_trace_files WHERE api = '$2' AND $(at "$1")"; }
# darshan_file NAME ACCESSES CONSEC_W SEQ_W CONSEC_R SEQ_R: the counters of
# one posix file, where the *_W/_R numbers count the accesses after the
# first one of each direction (the first one may count or not: +0..1)
darshan_file() {
	local f=$1 n=$2 cw=$3 sw=$4 cr=$5 sr=$6
	eq "$f: writes" "$n" "$(fcount "$f" posix writes)"
	eq "$f: reads" "$n" "$(fcount "$f" posix reads)"
	between "$f: consec_writes" "$cw" $((cw + 1)) "$(fcount "$f" posix consec_writes)"
	between "$f: seq_writes" "$sw" $((sw + 1)) "$(fcount "$f" posix seq_writes)"
	between "$f: consec_reads" "$cr" $((cr + 1)) "$(fcount "$f" posix consec_reads)"
	between "$f: seq_reads" "$sr" $((sr + 1)) "$(fcount "$f" posix seq_reads)"
	local rnd=$((2 * n - sw - sr - 2))
	between "$f: random_ops" $((rnd)) $((rnd + 2)) "$(fcount "$f" posix random_ops)"
	# every access after the first of its direction is sequential or random
	# (the first one may count as either, or as neither)
	between "$f: seq_reads + seq_writes + random_ops" $((2 * n - 2)) $((2 * n)) \
		"$(fcount "$f" posix "seq_reads + seq_writes + random_ops")"
}

case $CHECK in
stdio)
	# stdio_io 50 600 20: 50 records of 600 bytes, 20 lines of 12 bytes
	build stdio_io cc
	analyze 50 600 20
	trace ./stdio_io 50 600 20
	expect_rc 0 $rc "vidya trace"
	D=$(at stdio.dat) X=$(at stdio.txt)
	eq "stdio calls on stdio.dat" "fclose:close:1 fflush:flush:1 fopen:open:1 fread:read:51 fseek:seek:2 fwrite:write:50" \
		"$(calls "api = 'stdio' AND $D")"
	eq "stdio calls on stdio.txt" "fclose:close:1 fopen:open:1 fprintf:write:20" "$(calls "api = 'stdio' AND $X")"
	eq "fwrite bytes (50 x 600)" "30000|30000|600|600" \
		"SELECT sum(bytes), sum(req_bytes), min(bytes), max(bytes) FROM v_trace_ops WHERE call = 'fwrite' AND $D"
	eq "fread bytes (51 x 600)" "30600|30600" \
		"SELECT sum(bytes), sum(req_bytes) FROM v_trace_ops WHERE call = 'fread' AND $D"
	eq "fprintf bytes (20 x 12)" "240|12|12" \
		"SELECT sum(bytes), min(bytes), max(bytes) FROM v_trace_ops WHERE call = 'fprintf' AND $X"
	eq "glibc's own write(2)/read(2) under stdio are not posix rows" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND ($D OR $X)"
	eq "the application issued every stdio call" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE ($D OR $X) AND parent_api IS NOT NULL"
	eq "no errors" 0 "SELECT count(*) FROM v_trace_ops WHERE ($D OR $X) AND err <> 0"
	eq "durations" "1|1" \
		"SELECT min(dur_s) >= 0, min(start_s) >= 0 FROM v_trace_ops WHERE $D OR $X"
	# source locations of the application's calls
	lw=$(line_of fwrite stdio_io.c) lr=$(line_of fread stdio_io.c) lp=$(line_of fprintf stdio_io.c)
	eq "fwrite call site (write_records, line $lw)" 50 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'fwrite' AND $D AND function = 'write_records'
		 AND line = $lw AND file LIKE '%stdio_io.c' AND block_id LIKE 'stdio_io.c:write_records/loop#1%'"
	eq "fread call sites (50 in read_records line $lr, 1 in main)" "main:1 read_records:50" \
		"SELECT group_concat(function || ':' || n, ' ') FROM (SELECT function, count(*) n FROM v_trace_ops
		 WHERE call = 'fread' AND $D GROUP BY function ORDER BY function)"
	eq "fread line in read_records" "$lr" \
		"SELECT DISTINCT line FROM v_trace_ops WHERE call = 'fread' AND $D AND function = 'read_records'"
	eq "fprintf call site (write_lines, line $lp)" 20 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'fprintf' AND $X AND function = 'write_lines'
		 AND line = $lp AND block_id LIKE 'stdio_io.c:write_lines/loop#1%'"
	# per-file counters
	eq "v_trace_files stdio.dat" "1|1|51|50|2|1|30600|30000" \
		"SELECT nprocs, opens, reads, writes, seeks, flushes, bytes_read, bytes_written
		 FROM v_trace_files WHERE api = 'stdio' AND $D"
	eq "stdio.dat sizes (600 bytes: 100-1k)" "50|50|51|51" \
		"SELECT write_100_1k, write_0_100 + write_100_1k + write_1k_10k + write_10k_100k + write_100k_1m
		 + write_1m_4m + write_4m_10m + write_10m_100m + write_100m_1g + write_1g_plus,
		 read_100_1k, read_0_100 + read_100_1k + read_1k_10k + read_10k_100k + read_100k_1m
		 + read_1m_4m + read_4m_10m + read_10m_100m + read_100m_1g + read_1g_plus
		 FROM v_trace_files WHERE api = 'stdio' AND $D"
	eq "v_trace_files stdio.txt" "1|20|240|20|0" \
		"SELECT opens, writes, bytes_written, write_0_100, reads FROM v_trace_files WHERE api = 'stdio' AND $X"
	# per-block I/O (write_records and write_lines hold nothing but their calls)
	eq "v_measured_blocks write_records" "50|30000" \
		"SELECT io_ops, CAST(io_bytes AS INTEGER) FROM v_measured_blocks WHERE kind = 'function' AND function = 'write_records'"
	eq "v_measured_blocks read_records" "50|30000" \
		"SELECT io_ops, CAST(io_bytes AS INTEGER) FROM v_measured_blocks WHERE kind = 'function' AND function = 'read_records'"
	eq "v_measured_blocks write_lines" "20|240" \
		"SELECT io_ops, CAST(io_bytes AS INTEGER) FROM v_measured_blocks WHERE kind = 'function' AND function = 'write_lines'"
	;;
stdio_lines)
	# stdio_lines 40 (see stdio_lines.c): the traced counts and bytes of each
	# line, character, word and formatted call equal the program's own, at
	# -O0 and at -O2 with _FORTIFY_SOURCE (__getdelim, __fprintf_chk,
	# __printf_chk, __fgets_chk named as written); a read that hits the end
	# of the file is no transfer but an error of the file (err -1)
	for opt in -O0 "-O2 -D_FORTIFY_SOURCE=2"; do
		rm -f v.db lines.txt words.bin
		build stdio_lines cc
		# shellcheck disable=SC2086
		cc -g $opt stdio_lines.c -o stdio_lines >build.log 2>&1 || { cat build.log >&2; fail "cc $opt"; }
		if [ "$opt" != -O0 ]; then
			nm stdio_lines | grep -q "U __getdelim" || fail "$opt: no __getdelim in the program"
			nm stdio_lines | grep -q "U __fprintf_chk" || fail "$opt: no __fprintf_chk in the program"
			nm stdio_lines | grep -q "U __printf_chk" || fail "$opt: no __printf_chk in the program"
		fi
		printf 'alpha beta\ngamma  delta\n\nepsilon\n' >words.in
		"$VIDYA" trace --ops --db v.db -- ./stdio_lines 40 <words.in >out 2>err
		rc=$?
		expect_rc 0 $rc "vidya trace ($opt)"
		L="$(at lines.txt) OR $(at words.in) OR $(at dp.txt)" W=$(at words.bin)
		nr=0 br=0 ne=0
		while read -r _ name n b e; do
			eq "$opt $name: calls|bytes|eofs" "$n|$b|$e" \
				"SELECT count(*) FILTER (WHERE err = 0), coalesce(sum(bytes) FILTER (WHERE err = 0), 0),
				 count(*) FILTER (WHERE err = -1) FROM v_trace_ops
				 WHERE api = 'stdio' AND call = '$name' AND ($L OR $W)"
			case $name in get* | fget* | *scanf) nr=$((nr + n)) br=$((br + b)) ne=$((ne + e)) ;; esac
			case $name in scanf | fgets_unlocked | fsetpos | fseeko64) [ "$n" -gt 0 ] || fail "$opt: no $name call" ;; esac
		done < <(grep '^count ' out)
		[ "$nr" -gt 0 ] || fail "$opt: no count lines in the output"
		eq "$opt: file counters (reads, bytes read, errors = the ends of file)" "$nr|$br|$ne" \
			"SELECT sum(reads), sum(bytes_read), sum(errors) FROM v_trace_files WHERE api = 'stdio' AND ($L OR $W)"
		eq "$opt: no row of an unexpected error" 0 \
			"SELECT count(*) FROM v_trace_ops WHERE ($L OR $W) AND err NOT IN (0, -1)"
		eq "$opt: write(2) after the dprintf calls, at their end" "$(sed -n 's/^dpend //p' out)" \
			"SELECT offset FROM v_trace_ops WHERE call = 'write' AND $(at dp.txt)"
		eq "$opt: glibc's own writes under dprintf are not posix rows" 0 \
			"SELECT count(*) FROM v_trace_ops WHERE parent_call = 'dprintf'"
		printed=$(sed -n 's/^printed //p' out)
		eq "$opt: printf calls on the output file" "$printed" \
			"SELECT count(*) FROM v_trace_ops WHERE call = 'printf' AND $(at out)"
		eq "$opt: no fortified name is stored" 0 \
			"SELECT count(*) FROM v_trace_ops WHERE call LIKE '\_\_%' ESCAPE '\\'"
	done
	;;
posix)
	# posix_io 8 4096 24 12345 (see posix_io.c)
	build posix_io cc
	analyze 8 4096 24 12345
	trace ./posix_io 8 4096 24 12345
	expect_rc 0 $rc "vidya trace"
	S=$(at seq.dat) R=$(at strided.dat) N=$(at rand.dat)
	eq "posix calls on seq.dat" "close:close:1 fsync:sync:1 lseek:seek:1 open:open:1 read:read:8 write:write:8" \
		"$(calls "api = 'posix' AND $S")"
	eq "posix calls on strided.dat" "close:close:1 fdatasync:sync:1 open:open:1 pread:read:8 pwrite:write:8" \
		"$(calls "api = 'posix' AND $R")"
	eq "posix calls on rand.dat" "close:close:1 lseek:seek:24 open:open:1 pwrite:write:24 read:read:24" \
		"$(calls "api = 'posix' AND $N")"
	eq "every data call moves 4096 bytes" "80|4096|4096|4096|4096" \
		"SELECT count(*), min(bytes), max(bytes), min(req_bytes), max(req_bytes) FROM v_trace_ops
		 WHERE api = 'posix' AND class IN ('read', 'write') AND ($S OR $R OR $N)"
	eq "no errors, no parents" "0|0" \
		"SELECT count(*) FILTER (WHERE err <> 0), count(*) FILTER (WHERE parent_api IS NOT NULL)
		 FROM v_trace_ops WHERE $S OR $R OR $N"
	seq8="0 4096 8192 12288 16384 20480 24576 28672"
	eq "seq.dat write offsets" "$seq8" "$(offsets "call = 'write' AND $S")"
	eq "seq.dat read offsets (from the file position)" "$seq8" "$(offsets "call = 'read' AND $S")"
	eq "strided.dat pwrite offsets (2i+1)*4096" "4096 12288 20480 28672 36864 45056 53248 61440" \
		"$(offsets "call = 'pwrite' AND $R")"
	eq "strided.dat pread offsets (backwards)" "61440 53248 45056 36864 28672 20480 12288 4096" \
		"$(offsets "call = 'pread' AND $R")"
	p=$(perm 24 12345)
	want=
	for b in $p; do want="$want $((b * 4096))"; done
	want=${want# }
	eq "rand.dat pwrite offsets (the shuffle)" "$want" "$(offsets "call = 'pwrite' AND $N")"
	eq "rand.dat read offsets (after lseek)" "$want" "$(offsets "call = 'read' AND $N")"
	eq "rand.dat lseek targets" "$want" "$(offsets "call = 'lseek' AND $N")"
	# source locations: each file's calls come from its phase function
	eq "seq.dat calls in seq_phase" 20 "SELECT count(*) FROM v_trace_ops WHERE $S AND function = 'seq_phase'"
	eq "strided.dat calls in strided_phase" 19 \
		"SELECT count(*) FROM v_trace_ops WHERE $R AND function = 'strided_phase'"
	eq "rand.dat calls in rand_phase" 74 "SELECT count(*) FROM v_trace_ops WHERE $N AND function = 'rand_phase'"
	lw=$(line_of write posix_io.c)
	eq "write call site (seq_phase line $lw)" 8 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'write' AND $S AND line = $lw AND file LIKE '%posix_io.c'
		 AND block_id LIKE 'posix_io.c:seq_phase/loop#1%'"
	# io_ops: all 20 calls, or the 16 data calls (the contract does not say which)
	eq "v_measured_blocks seq_phase (20 calls: 16 data calls of 64 KiB in all)" "1|65536" \
		"SELECT io_ops IN (16, 20), CAST(io_bytes AS INTEGER) FROM v_measured_blocks WHERE kind = 'function' AND function = 'seq_phase'"
	eq "v_measured_blocks strided_phase (19 calls: 16 data calls)" "1|65536" \
		"SELECT io_ops IN (16, 19), CAST(io_bytes AS INTEGER) FROM v_measured_blocks WHERE kind = 'function' AND function = 'strided_phase'"
	;;
darshan_counters)
	build posix_io cc
	analyze 8 4096 24 12345
	trace ./posix_io 8 4096 24 12345
	expect_rc 0 $rc "vidya trace"
	# seq.dat: writes at blocks 0..7, reads at 0..7: 7 consecutive after the first
	darshan_file seq.dat 8 7 7 7 7
	# strided.dat: writes at blocks 1,3,..,15 (sequential, never consecutive),
	# reads at 15,13,..,1 (each before the previous one: random)
	darshan_file strided.dat 8 0 7 0 0
	# rand.dat: writes and reads both at the shuffled blocks
	p=$(perm 24 12345)
	read -r c s <<<"$(darshan_rest $p)"
	darshan_file rand.dat 24 "$c" "$s" "$c" "$s"
	[ "$c" -ge 1 ] && [ "$s" -lt 23 ] || fail "test setup: the shuffle should mix patterns ($c consecutive, $s sequential)"
	S=$(at seq.dat) R=$(at strided.dat) N=$(at rand.dat)
	eq "seq.dat: opens seeks syncs bytes" "1|1|1|32768|32768|1" \
		"SELECT opens, seeks, syncs, bytes_read, bytes_written, nprocs FROM v_trace_files WHERE api = 'posix' AND $S"
	eq "strided.dat: opens seeks syncs bytes" "1|0|1|32768|32768" \
		"SELECT opens, seeks, syncs, bytes_read, bytes_written FROM v_trace_files WHERE api = 'posix' AND $R"
	eq "rand.dat: opens seeks syncs bytes" "1|24|0|98304|98304" \
		"SELECT opens, seeks, syncs, bytes_read, bytes_written FROM v_trace_files WHERE api = 'posix' AND $N"
	# Darshan's max byte: offset + length - 1 of the furthest access
	eq "max bytes (seq, strided, rand)" "32767|32767 65535|65535 98303|98303" \
		"SELECT group_concat(m, ' ') FROM (SELECT max_byte_read || '|' || max_byte_written AS m
		 FROM v_trace_files WHERE api = 'posix' AND ($S OR $R OR $N)
		 ORDER BY max_byte_written)"
	eq "4096-byte accesses are in the 1k-10k buckets" "8|8 8|8 24|24" \
		"SELECT group_concat(m, ' ') FROM (SELECT read_1k_10k || '|' || write_1k_10k AS m FROM v_trace_files
		 WHERE api = 'posix' AND ($S OR $R OR $N) ORDER BY writes)"
	eq "nothing in the other size buckets" 0 \
		"SELECT sum(read_0_100 + read_100_1k + read_10k_100k + read_100k_1m + read_1m_4m + read_4m_10m
		 + read_10m_100m + read_100m_1g + read_1g_plus + write_0_100 + write_100_1k + write_10k_100k
		 + write_100k_1m + write_1m_4m + write_4m_10m + write_10m_100m + write_100m_1g + write_1g_plus)
		 FROM v_trace_files WHERE api = 'posix' AND ($S OR $R OR $N)"
	# time counters: the sums of the calls' durations
	for f in seq.dat strided.dat rand.dat; do
		F=$(at $f)
		eq "$f: read_s/write_s are the summed call durations" "1|1" \
			"SELECT abs(read_s - (SELECT sum(dur_s) FROM v_trace_ops WHERE api = 'posix' AND class = 'read' AND $F))
			        <= 1e-6 + 0.01 * read_s,
			        abs(write_s - (SELECT sum(dur_s) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND $F))
			        <= 1e-6 + 0.01 * write_s
			 FROM v_trace_files WHERE api = 'posix' AND $F"
	done
	;;
mpiio)
	command -v mpirun >/dev/null || skip "no mpirun"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	build mpiio mpicc
	NPROCS=2 analyze 4096
	# each rank's vidya trace adds its rank's ops to the same trace
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./mpiio 4096 >out 2>err
	expect_rc 0 $? "mpirun vidya trace"
	expect_in "mpiio: 2 ranks, 4096 doubles each, data ok" out "the program ran under mpirun"
	M=$(at mpiio.dat)
	eq "ranks in the latest trace" "0 1" \
		"SELECT group_concat(rank, ' ') FROM (SELECT DISTINCT rank FROM v_trace_ops WHERE $M ORDER BY rank)"
	eq "one process per rank" "2|1" \
		"SELECT count(DISTINCT pid), count(DISTINCT trace_id) FROM v_trace_ops WHERE $M"
	for r in 0 1; do
		eq "rank $r: application MPI-IO calls" \
			"MPI_File_close:close:1 MPI_File_open:open:1 MPI_File_read_at:read:1 MPI_File_write_at_all:write:1" \
			"$(calls "api = 'mpiio' AND parent_api IS NULL AND rank = $r AND $M")"
		eq "rank $r: write_at_all of 4096 doubles at rank*32768" "$((r * 32768))|32768|32768" \
			"SELECT offset, bytes, req_bytes FROM v_trace_ops WHERE call = 'MPI_File_write_at_all' AND rank = $r AND $M"
		eq "rank $r: read_at of the next rank's part" "$(((1 - r) * 32768))|32768" \
			"SELECT offset, bytes FROM v_trace_ops WHERE call = 'MPI_File_read_at' AND rank = $r AND $M"
		eq "rank $r: the read_at's posix reads" 32768 \
			"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = 'read' AND parent_call = 'MPI_File_read_at'
			 AND rank = $r AND $M"
	done
	lw=$(line_of write_at_all mpiio.c)
	eq "write_at_all call site (main, line $lw)" 2 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'MPI_File_write_at_all' AND $M AND function = 'main'
		 AND line = $lw AND file LIKE '%mpiio.c' AND block_id LIKE 'mpiio.c:main%'"
	between "posix writes issued by MPI-IO" 1 1000000 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND parent_api = 'mpiio' AND $M"
	eq "bytes the posix layer wrote for the collective (2 x 32768)" 65536 \
		"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND $M
		 AND parent_call = 'MPI_File_write_at_all'"
	eq "posix calls on mpiio.dat that MPI-IO did not issue" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND $M AND (parent_api IS NULL OR parent_api <> 'mpiio')"
	eq "parent_op points at the MPI call" 0 \
		"SELECT count(*) FROM v_trace_ops c WHERE c.api = 'posix' AND c.parent_api = 'mpiio' AND $M AND NOT EXISTS
		 (SELECT 1 FROM v_trace_ops p WHERE p.op_id = c.parent_op AND p.pid = c.pid AND p.api = 'mpiio'
		  AND p.call = c.parent_call)"
	eq "v_trace_files mpiio.dat (mpiio)" "2|2|2|2|65536|65536" \
		"SELECT nprocs, opens, writes, reads, bytes_written, bytes_read FROM v_trace_files WHERE api = 'mpiio' AND $M"
	eq "v_trace_files mpiio.dat (posix)" "65536|65536" \
		"SELECT bytes_written, bytes_read FROM v_trace_files WHERE api = 'posix' AND $M"
	;;
mpi_init)
	# mpi_phases: MPI_Init made 0.5 s slow by libslow_init.so (linked in,
	# so it runs inside the recorder's MPI_Init wrapper), then two
	# self-timed phases.  Samples due inside MPI_Init cannot be unwound
	# there: they must land on MPI_Init's caller, start_mpi, never on
	# phase_compute, which runs right after it.
	command -v mpirun >/dev/null || skip "no mpirun"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	command -v mpicc >/dev/null || skip "no mpicc"
	cp "$PROGS/slow_init.c" . && mpicc -shared -fPIC -O2 slow_init.c -o libslow_init.so >build.log 2>&1 ||
		{ cat build.log >&2; fail "cannot build libslow_init.so"; }
	LIBS="-L$T -lslow_init -Wl,-rpath,$T" build mpi_phases mpicc
	NPROCS=2 analyze phases.out
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./mpi_phases phases.out >out 2>err
	expect_rc 0 $? "mpirun vidya trace"
	for r in 0 1; do
		[ "$(grep -c '^phase ' phases.out.$r 2>/dev/null)" = 3 ] || fail "rank $r wrote no results"
		# the program's own numbers must be what it is built to produce
		awk '$2 == "start_mpi" && $3 < 0.5 { bad = 1 }
		     $2 == "phase_compute" && $4 / $3 > 0.01 { bad = 1 }
		     $2 == "phase_io" && $4 / $3 < 0.9 { bad = 1 }
		     END { exit bad }' phases.out.$r || { cat phases.out.$r >&2; fail "rank $r: mpi_phases' self-measured times are off"; }
		while read -r _ name wall io ncalls; do
			got=$(q "SELECT wall_s, CASE WHEN wall_s > 0 THEN min(1.0, io_s / wall_s) END, io_ops FROM trace_blocks
			         WHERE trace_id = (SELECT max(trace_id) FROM traces) AND rank = $r AND block_id = 'mpi_phases.c:$name'")
			IFS='|' read -r mwall mint mops <<<"$got"
			[ -n "$mwall" ] && [ -n "$mint" ] || fail "rank $r, $name: no trace_blocks row (got '$got')"
			diag="SELECT count(*) || ' calls, ' || round(sum(call_s), 4) || ' s, ' || count(*) FILTER (WHERE block_id IS NULL)
			      || ' without block, ' || count(*) FILTER (WHERE parent_op IS NOT NULL) || ' with a parent'
			      FROM v_trace_ops WHERE rank = $r AND call = 'MPI_File_write_at'"
			# every I/O call it made is recorded and attributed to it
			[ "$mops" = "$ncalls" ] ||
				fail "rank $r, $name: io_ops $mops, the program made $ncalls I/O calls (MPI_File_write_at recorded: $(q "$diag"))"
			awk -v w="$wall" -v s="$io" -v mw="$mwall" -v mi="$mint" 'BEGIN {
				i = s / w; d = mi - i; if (d < 0) d = -d
				e = mw - w; if (e < 0) e = -e
				exit !(d <= 0.05 && e <= 0.10 * w) }' ||
				fail "rank $r, $name: measured wall_s $mwall intensity $mint, the program timed itself at wall $wall io $io (intensity $(awk -v w="$wall" -v s="$io" 'BEGIN { printf "%.3f", s / w }')); allowed: intensity +-0.05, wall +-10% (MPI_File_write_at recorded: $(q "$diag"))"
			[ "$name" != phase_io ] || [ "$mops" -ge 2 ] 2>/dev/null || fail "rank $r, phase_io: io_ops $mops, expected >= 2"
		done < phases.out.$r
		# the deferred time is the process's and says where it went
		between "rank $r: deferred_s in ms (at least MPI_Init's 0.5 s sleep)" 500 100000 \
			"SELECT CAST(deferred_s * 1000 AS INTEGER) FROM trace_procs WHERE trace_id = (SELECT max(trace_id) FROM traces) AND rank = $r"
		between "rank $r: unattributed_s in ms (no thread ended inside the loader)" 0 10 \
			"SELECT CAST(unattributed_s * 1000 AS INTEGER) FROM trace_procs WHERE trace_id = (SELECT max(trace_id) FROM traces) AND rank = $r"
	done
	;;
mpiio_async)
	# mpiio_async 4096: every split-collective, non-blocking, shared-pointer
	# and ordered form once per rank, B = 32768 bytes each (see mpiio_async.c)
	command -v mpirun >/dev/null || skip "no mpirun"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	build mpiio_async mpicc
	NPROCS=2 analyze 4096
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./mpiio_async 4096 >out 2>err
	expect_rc 0 $? "mpirun vidya trace"
	expect_in "mpiio_async: 2 ranks, 4096 doubles each, data ok" out "the program ran under mpirun"
	B=32768
	S=$(at split.dat) N=$(at nb.dat) H=$(at shared.dat) M=$(at meta.dat)
	app="api = 'mpiio' AND parent_api IS NULL"
	for r in 0 1; do
		eq "rank $r: split collectives on split.dat" \
			"MPI_File_close:close:1 MPI_File_open:open:1 MPI_File_read_all_begin:read:1 MPI_File_read_all_end:wait:1 MPI_File_read_at_all_begin:read:1 MPI_File_read_at_all_end:wait:1 MPI_File_seek:seek:2 MPI_File_write_all_begin:write:1 MPI_File_write_all_end:wait:1 MPI_File_write_at_all_begin:write:1 MPI_File_write_at_all_end:wait:1" \
			"$(calls "$app AND rank = $r AND $S")"
		eq "rank $r: split.dat begins: offset r*B, B bytes" \
			"MPI_File_read_all_begin:$((r * B)):$B:$B MPI_File_read_at_all_begin:$((r * B)):$B:$B MPI_File_write_all_begin:$((r * B)):$B:$B MPI_File_write_at_all_begin:$((r * B)):$B:$B" \
			"SELECT group_concat(c, ' ') FROM (SELECT call || ':' || offset || ':' || bytes || ':' || req_bytes AS c
			 FROM v_trace_ops WHERE $app AND rank = $r AND $S AND class IN ('read', 'write') ORDER BY call)"
		# Waitany is called twice; the second call waits on the I/O request
		# only when the first returned the message
		eq "rank $r: non-blocking calls and their completions on nb.dat" \
			"MPI_File_close:close:1 MPI_File_iread:read:1 MPI_File_iread_all:read:1 MPI_File_iread_at:read:1 MPI_File_iread_at_all:read:1 MPI_File_iwrite:write:1 MPI_File_iwrite_all:write:1 MPI_File_iwrite_at:write:1 MPI_File_iwrite_at_all:write:1 MPI_File_open:open:1 MPI_File_seek:seek:4 MPI_Test:wait:1 MPI_Testall:wait:1 MPI_Testany:wait:1 MPI_Testsome:wait:1 MPI_Wait:wait:1 MPI_Waitall:wait:1 MPI_Waitsome:wait:1" \
			"$(calls "$app AND rank = $r AND $N AND call <> 'MPI_Waitany'")"
		between "rank $r: MPI_Waitany calls that completed or waited on the iread" 1 2 \
			"SELECT count(*) FROM v_trace_ops WHERE $app AND rank = $r AND $N AND call = 'MPI_Waitany'"
		eq "rank $r: nb.dat offsets: slot k of rank r at (2k + r) * B" \
			"MPI_File_iread_at:$((r * B)) MPI_File_iread:$(((2 + r) * B)) MPI_File_iread_all:$(((4 + r) * B)) MPI_File_iread_at_all:$(((6 + r) * B)) MPI_File_iwrite_at:$((r * B)) MPI_File_iwrite:$(((2 + r) * B)) MPI_File_iwrite_all:$(((4 + r) * B)) MPI_File_iwrite_at_all:$(((6 + r) * B))" \
			"SELECT group_concat(c, ' ') FROM (SELECT call || ':' || offset AS c FROM v_trace_ops
			 WHERE $app AND rank = $r AND $N AND class IN ('read', 'write') ORDER BY class, op_id)"
		eq "rank $r: shared-pointer and ordered calls on shared.dat" \
			"MPI_File_close:close:1 MPI_File_iread_shared:read:1 MPI_File_iwrite_shared:write:1 MPI_File_open:open:1 MPI_File_read_ordered:read:1 MPI_File_read_ordered_begin:read:1 MPI_File_read_ordered_end:wait:1 MPI_File_read_shared:read:1 MPI_File_seek_shared:seek:2 MPI_File_write_ordered:write:1 MPI_File_write_ordered_begin:write:1 MPI_File_write_ordered_end:wait:1 MPI_File_write_shared:write:1 MPI_Wait:wait:2" \
			"$(calls "$app AND rank = $r AND $H")"
		meta="MPI_File_close:close:1 MPI_File_get_position_shared:seek:1 MPI_File_get_size:meta:1 MPI_File_open:open:1 MPI_File_seek_shared:seek:1 MPI_File_set_atomicity:meta:1 MPI_File_set_info:meta:1 MPI_File_set_size:meta:1"
		[ $r = 0 ] && meta="MPI_File_close:close:1 MPI_File_delete:meta:1 ${meta#MPI_File_close:close:1 }"
		eq "rank $r: metadata calls on meta.dat" "$meta" "$(calls "$app AND rank = $r AND $M")"
		eq "rank $r: MPI_File_get_size's posix calls are its children" 1 \
			"SELECT count(*) > 0 FROM v_trace_ops WHERE api = 'posix' AND rank = $r AND $M AND parent_call = 'MPI_File_get_size'"
	done
	eq "every data call moves B bytes (per rank: 4 on split.dat, 8 on nb.dat, 8 on shared.dat)" "40|$B|$B|$B|$B" \
		"SELECT count(*), min(bytes), max(bytes), min(req_bytes), max(req_bytes) FROM v_trace_ops
		 WHERE $app AND class IN ('read', 'write') AND ($S OR $N OR $H)"
	eq "completions move no bytes of their own" "0|0" \
		"SELECT count(*) FILTER (WHERE bytes <> 0), count(*) FILTER (WHERE err <> 0) FROM v_trace_ops WHERE class = 'wait'"
	eq "no errors" 0 "SELECT count(*) FROM v_trace_ops WHERE ($S OR $N OR $H OR $M) AND err <> 0"
	# the time until completion: a begin's or a non-blocking call's transfer
	# ends at its _end or at the MPI_Wait/MPI_Test that returned it
	eq "transfers started by begins and non-blocking calls end after the call (16 per rank)" "32|32" \
		"SELECT count(*), count(*) FILTER (WHERE dur_s > call_s AND call_s > 0) FROM v_trace_ops
		 WHERE $app AND class IN ('read', 'write') AND (call LIKE '%_begin' OR call LIKE 'MPI_File_i%')"
	eq "blocking calls: dur_s is the call's time" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE $app AND NOT (call LIKE '%_begin' OR call LIKE 'MPI_File_i%') AND dur_s <> call_s"
	# the POSIX calls that served each form are linked to it (the data call
	# or the call that completed it) and move its bytes: B per rank
	for f in "$S:MPI_File_write_at_all_begin:MPI_File_write_at_all_end" "$S:MPI_File_read_at_all_begin:MPI_File_read_at_all_end" \
		"$S:MPI_File_write_all_begin:MPI_File_write_all_end" "$S:MPI_File_read_all_begin:MPI_File_read_all_end" \
		"$N:MPI_File_iwrite_at:MPI_Wait" "$N:MPI_File_iread_at:MPI_Test" "$N:MPI_File_iwrite:MPI_Waitall" \
		"$N:MPI_File_iread:MPI_Waitany" "$N:MPI_File_iwrite_all:MPI_Waitsome" "$N:MPI_File_iread_all:MPI_Testall" \
		"$N:MPI_File_iwrite_at_all:MPI_Testany" "$N:MPI_File_iread_at_all:MPI_Testsome" \
		"$H:MPI_File_write_ordered_begin:MPI_File_write_ordered_end" "$H:MPI_File_read_ordered_begin:MPI_File_read_ordered_end" \
		"$H:MPI_File_write_ordered:" "$H:MPI_File_read_ordered:" "$H:MPI_File_write_shared:" "$H:MPI_File_read_shared:"; do
		IFS=: read -r where data done <<<"$f"
		case $data in *read*) cls=read ;; *) cls=write ;; esac
		eq "$data: posix ${cls}s of its B bytes per rank, issued by it${done:+ or $done}" $((2 * B)) \
			"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = '$cls' AND $where
			 AND parent_call IN ('$data', '${done:-$data}')"
	done
	eq "iwrite_shared/iread_shared: posix bytes under them (their MPI_Wait shares the name)" "$((2 * B))|$((2 * B))" \
		"SELECT (SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND $H
		         AND parent_call IN ('MPI_File_iwrite_shared', 'MPI_Wait')),
		        (SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = 'read' AND $H
		         AND parent_call IN ('MPI_File_iread_shared', 'MPI_Wait'))"
	eq "posix calls on the files that MPI-IO did not issue" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND ($S OR $N OR $H OR $M)
		 AND (parent_api IS NULL OR parent_api <> 'mpiio')"
	eq "parent_op points at the MPI call" 0 \
		"SELECT count(*) FROM v_trace_ops c WHERE c.api = 'posix' AND ($S OR $N OR $H OR $M) AND NOT EXISTS
		 (SELECT 1 FROM v_trace_ops p WHERE p.op_id = c.parent_op AND p.pid = c.pid AND p.api = 'mpiio'
		  AND p.call = c.parent_call)"
	eq "rank 0's MPI_File_delete unlinked meta.dat" 1 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND call = 'unlink' AND rank = 0 AND $M AND parent_call = 'MPI_File_delete'"
	eq "MPI_File_set_size truncated through its child" 2 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND call LIKE 'ftruncate%' AND $M AND parent_call = 'MPI_File_set_size'"
	# per-file counters: the data calls count, the completions do not
	eq "v_trace_files (mpiio): split.dat nb.dat shared.dat" \
		"split.dat:4:4:$((4 * B)):$((4 * B)):2 nb.dat:8:8:$((8 * B)):$((8 * B)):2 shared.dat:8:8:$((8 * B)):$((8 * B)):2" \
		"SELECT group_concat(c, ' ') FROM (SELECT replace(path, rtrim(path, replace(path, '/', '')), '') || ':' || writes || ':' || reads
		 || ':' || bytes_written || ':' || bytes_read || ':' || opens AS c FROM v_trace_files
		 WHERE api = 'mpiio' AND ($S OR $N OR $H) ORDER BY writes, c)"
	# the completions are calls of the application, where it made them
	eq "completions' call sites" "nonblocking_forms|shared_forms|split_forms" \
		"SELECT group_concat(f, '|') FROM (SELECT DISTINCT function AS f FROM v_trace_ops WHERE class = 'wait' ORDER BY f)"
	eq "per-block bytes: each transfer once, where it started (2 ranks)" \
		"nonblocking_forms:$((16 * B)) shared_forms:$((16 * B)) split_forms:$((8 * B))" \
		"SELECT group_concat(c, ' ') FROM (SELECT function || ':' || CAST(io_bytes AS INTEGER) AS c FROM v_measured_blocks
		 WHERE kind = 'function' AND function IN ('split_forms', 'nonblocking_forms', 'shared_forms') ORDER BY function)"
	;;
hdf5)
	[ -f /usr/include/hdf5/serial/hdf5.h ] || skip "no serial HDF5 headers"
	LIBS="-L/usr/lib/x86_64-linux-gnu/hdf5/serial -lhdf5" build hdf5_io cc -I/usr/include/hdf5/serial
	analyze 128 128
	trace ./hdf5_io 128 128
	expect_rc 0 $rc "vidya trace"
	expect_in "hdf5_io: 128 x 128 doubles, data ok" out "the program's output"
	H=$(at data.h5)
	eq "application HDF5 calls" \
		"H5Dclose:meta:1 H5Dcreate2:meta:1 H5Dread:read:1 H5Dwrite:write:1 H5Fclose:close:1 H5Fcreate:open:1" \
		"$(calls "api = 'hdf5' AND parent_api IS NULL")"
	eq "H5Dwrite / H5Dread bytes (128 x 128 doubles)" "131072|131072" \
		"SELECT (SELECT bytes FROM v_trace_ops WHERE call = 'H5Dwrite'), (SELECT bytes FROM v_trace_ops WHERE call = 'H5Dread')"
	lw=$(line_of H5Dwrite hdf5_io.c)
	eq "H5Dwrite call site (main, line $lw)" "main|$lw" \
		"SELECT function, line FROM v_trace_ops WHERE call = 'H5Dwrite' AND file LIKE '%hdf5_io.c'"
	eq "HDF5 open and data calls name the file" "H5Dread H5Dwrite H5Fcreate" \
		"SELECT group_concat(call, ' ') FROM (SELECT call FROM v_trace_ops WHERE api = 'hdf5' AND parent_api IS NULL
		 AND call IN ('H5Fcreate', 'H5Dwrite', 'H5Dread') AND path LIKE '%data.h5' ORDER BY call)"
	between "posix writes on data.h5 issued by HDF5" 1 100000 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND parent_api = 'hdf5' AND $H"
	eq "posix calls on data.h5 the application made itself" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND $H AND (parent_api IS NULL OR parent_api <> 'hdf5')"
	eq "H5Fcreate opened the file" 1 \
		"SELECT count(*) > 0 FROM v_trace_ops WHERE api = 'posix' AND class = 'open' AND parent_call = 'H5Fcreate' AND $H"
	# the raw data (above the 64 KiB sieve buffer) goes to the file inside H5Dwrite
	eq "posix bytes written inside H5Dwrite" 131072 \
		"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND parent_call = 'H5Dwrite' AND $H"
	eq "posix bytes read inside H5Dread" 131072 \
		"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = 'read' AND parent_call = 'H5Dread' AND $H"
	eq "parent_op is the H5Dwrite" 1 \
		"SELECT count(DISTINCT c.parent_op) = 1 AND min(c.parent_op) = (SELECT op_id FROM v_trace_ops WHERE call = 'H5Dwrite')
		 FROM v_trace_ops c WHERE c.api = 'posix' AND c.parent_call = 'H5Dwrite'"
	eq "metadata written too (superblock, object headers)" 1 \
		"SELECT sum(bytes) > 131072 FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND $H"
	eq "v_trace_files data.h5 (hdf5)" "1|1|131072|131072" \
		"SELECT writes, reads, bytes_written, bytes_read FROM v_trace_files WHERE api = 'hdf5' AND path LIKE '%data.h5'"
	eq "v_trace_files data.h5 (posix): the raw data is one 128 KiB write" "1|1" \
		"SELECT bytes_written > 131072, write_100k_1m >= 1 FROM v_trace_files WHERE api = 'posix' AND $H"
	;;
netcdf)
	# netcdf_io 16 512: 16 rows of 512 doubles (4096 bytes each), 65536 bytes in all
	[ -f /usr/include/netcdf.h ] || skip "no NetCDF headers (libnetcdf-dev)"
	nm -D "$(dirname "$VIDYA")/libvidya_trace.so" 2>/dev/null | grep -q " T nc_put_vara_double$" ||
		skip "the recorder was built without the NetCDF layer"
	LIBS=-lnetcdf build netcdf_io cc
	analyze 16 512
	trace ./netcdf_io 16 512
	expect_rc 0 $rc "vidya trace"
	expect_in "netcdf_io: 16 x 512 doubles, data ok" out "the program's output"
	N=$(at data.nc)
	eq "application NetCDF calls" \
		"nc_close:close:2 nc_create:open:1 nc_def_dim:meta:2 nc_def_var:meta:1 nc_enddef:meta:1 nc_get_var_double:read:1 nc_inq_varid:meta:1 nc_open:open:1 nc_put_vara_double:write:16" \
		"$(calls "api = 'netcdf' AND parent_api IS NULL")"
	eq "nc_put_vara_double: one row (512 doubles) each; nc_get_var_double: the whole variable" "16|4096|4096|65536" \
		"SELECT count(*), min(bytes), max(req_bytes), (SELECT bytes FROM v_trace_ops WHERE call = 'nc_get_var_double')
		 FROM v_trace_ops WHERE call = 'nc_put_vara_double'"
	eq "NetCDF calls name the file" 16 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'nc_put_vara_double' AND $N"
	lw=$(line_of put_vara netcdf_io.c)
	eq "nc_put_vara_double call site (write_field, line $lw)" 16 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'nc_put_vara_double' AND function = 'write_field' AND line = $lw"
	eq "every HDF5 call has a NetCDF parent" "0" \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'hdf5' AND (parent_api IS NULL OR parent_api <> 'netcdf')"
	eq "each nc_put_vara_double made one H5Dwrite of its 4096 bytes" "16|65536|16" \
		"SELECT count(*), sum(bytes), count(DISTINCT parent_op) FROM v_trace_ops WHERE call = 'H5Dwrite' AND parent_call = 'nc_put_vara_double'"
	eq "nc_get_var_double made the H5Dread of 65536 bytes" 65536 \
		"SELECT sum(bytes) FROM v_trace_ops WHERE call = 'H5Dread' AND parent_call = 'nc_get_var_double'"
	eq "nc_create made H5Fcreate" 1 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'H5Fcreate' AND parent_call = 'nc_create'"
	eq "posix calls on data.nc the application made itself" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND $N AND parent_api IS NULL"
	between "posix writes on data.nc under HDF5 or NetCDF" 1 100000 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND $N AND parent_api IN ('hdf5', 'netcdf')"
	eq "the whole chain: posix reads under H5Dread under nc_get_var_double" 1 \
		"SELECT count(*) > 0 FROM v_trace_ops p JOIN v_trace_ops h ON p.parent_op = h.op_id AND p.trace_id = h.trace_id
		 WHERE p.api = 'posix' AND h.call = 'H5Dread' AND h.parent_call = 'nc_get_var_double'"
	eq "v_trace_files data.nc (netcdf): Darshan-style counters" "2|16|1|65536|65536|16" \
		"SELECT opens, writes, reads, bytes_written, bytes_read, write_1k_10k FROM v_trace_files WHERE api = 'netcdf' AND $N"
	eq "predicted = traced bytes per NetCDF data call" \
		"nc_get_var_double:65536:65536 nc_put_vara_double:65536:65536" \
		"SELECT group_concat(c, ' ') FROM (SELECT s.call || ':' || CAST(sum(s.bytes_total) AS INTEGER) || ':' ||
		 (SELECT sum(bytes) FROM v_trace_ops o WHERE o.call = s.call AND o.parent_api IS NULL) AS c
		 FROM v_io_sites s WHERE s.api = 'netcdf' AND s.op IN ('read', 'write') GROUP BY s.call ORDER BY s.call)"
	# nc_def_dim only defines a size statically (no I/O site), so it is the one traced call not predicted
	eq "predicted = traced calls per NetCDF function" \
		"nc_close:2:2 nc_create:1:1 nc_def_var:1:1 nc_enddef:1:1 nc_get_var_double:1:1 nc_inq_varid:1:1 nc_open:1:1 nc_put_vara_double:16:16" \
		"SELECT group_concat(c, ' ') FROM (SELECT s.call || ':' || CAST(sum(s.count) AS INTEGER) || ':' ||
		 (SELECT count(*) FROM v_trace_ops o WHERE o.call = s.call AND o.parent_api IS NULL) AS c
		 FROM v_io_sites s WHERE s.api = 'netcdf' GROUP BY s.call ORDER BY s.call)"
	;;
netcdf_tools)
	# Debian's NetCDF utilities (netcdf-bin), programs vidya was not built for:
	# ncgen writes a NetCDF-4 file with a 64 x 128 double variable (65536
	# bytes), ncdump reads it, nccopy copies it to the classic format
	for t in ncgen ncdump nccopy; do command -v $t >/dev/null || skip "no $t (netcdf-bin)"; done
	nm -D "$(dirname "$VIDYA")/libvidya_trace.so" 2>/dev/null | grep -q " T nc_get_vara$" ||
		skip "the recorder was built without the NetCDF layer"
	printf 'netcdf t {\ndimensions:\n\ty = 64 ;\n\tx = 128 ;\nvariables:\n\tdouble v(y, x) ;\n\tv:units = "K" ;\ndata:\n v = 1, 2, 3 ;\n}\n' >t.cdl
	ncgen -k nc4 -o t4.nc t.cdl || fail "ncgen"
	trace ncdump t4.nc
	expect_rc 0 $rc "vidya trace ncdump"
	expect_in "v:units = \"K\" ;" out "ncdump's output"
	eq "ncdump: the variable's 64 x 128 doubles through the NetCDF layer" 65536 \
		"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'netcdf' AND class = 'read'"
	eq "ncdump: the H5Dread calls under NetCDF reads move the same bytes" 65536 \
		"SELECT sum(bytes) FROM v_trace_ops WHERE call = 'H5Dread' AND parent_api = 'netcdf' AND parent_call LIKE 'nc_get_var%'"
	eq "ncdump: every HDF5 call has a NetCDF parent (lazy metadata reads under nc_inq_*)" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'hdf5' AND (parent_api IS NULL OR parent_api <> 'netcdf')"
	eq "ncdump: nc_get_att of the 1-character units attribute" "meta|1" \
		"SELECT class, bytes FROM v_trace_ops WHERE call = 'nc_get_att_text' OR call = 'nc_get_att' LIMIT 1"
	rm -f v.db
	trace nccopy -k classic t4.nc c3.nc
	expect_rc 0 $rc "vidya trace nccopy"
	eq "nccopy: reads and writes the variable once each through NetCDF" "65536|65536" \
		"SELECT (SELECT sum(bytes) FROM v_trace_ops WHERE api = 'netcdf' AND class = 'read' AND $(at t4.nc)),
		        (SELECT sum(bytes) FROM v_trace_ops WHERE api = 'netcdf' AND class = 'write' AND $(at c3.nc))"
	eq "nccopy: the classic file is written by POSIX calls under NetCDF calls only" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND $(at c3.nc)
		 AND (parent_api IS NULL OR parent_api <> 'netcdf')"
	between "nccopy: posix bytes written to c3.nc (header + 65536 bytes of data)" 65536 70000 \
		"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'posix' AND class = 'write' AND $(at c3.nc)"
	;;
netcdf_par)
	# mpirun -np 2 netcdf_par 8 512: NetCDF-4 through parallel HDF5 and
	# MPI-IO.  Each rank: 8 collective nc_put_vara_double of one row (512
	# doubles, 4096 bytes), one independent nc_put_var1_int (4 bytes), one
	# nc_get_vara_double of its band (8 x 512 doubles, 32768 bytes).  The
	# program is linked against the MPI build of NetCDF (see need_netcdf_mpi)
	need_netcdf_mpi
	ROWS=8 NX=512
	ROW=$((8 * NX)) BAND=$((8 * ROWS * NX))
	LIBS=$NCMPI_LIBS build netcdf_par mpicc
	NPROCS=2 analyze $ROWS $NX
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./netcdf_par $ROWS $NX >out 2>err
	expect_rc 0 $? "mpirun vidya trace"
	N=$(at par.nc)
	latest="trace_id = (SELECT max(trace_id) FROM traces)"
	for r in 0 1; do
		# the program's own counts: "puts P put_bytes B gets G get_bytes B"
		own=$(sed -n "s/^netcdf_par: rank $r of 2: puts \([0-9]*\) put_bytes \([0-9]*\) gets \([0-9]*\) get_bytes \([0-9]*\), data ok$/\1|\2|\3|\4/p" out)
		[ -n "$own" ] || { cat out err >&2; fail "rank $r: no 'data ok' line with the program's counts"; }
		[ "$own" = "$((ROWS + 1))|$((ROWS * ROW + 4))|1|$BAND" ] ||
			fail "rank $r: the program counted '$own' (puts|put_bytes|gets|get_bytes), it is built to make $((ROWS + 1))|$((ROWS * ROW + 4))|1|$BAND"
		eq "rank $r: NetCDF counters of par.nc = the program's own counts (writes|bytes_written|reads|bytes_read), opens" \
			"$own|2" \
			"SELECT writes, bytes_written, reads, bytes_read, opens FROM trace_files
			 WHERE $latest AND api = 'netcdf' AND rank = $r AND $N"
		eq "rank $r: application NetCDF calls" \
			"nc_close:close:2 nc_create_par:open:1 nc_def_dim:meta:3 nc_def_var:meta:2 nc_enddef:meta:1 nc_get_vara_double:read:1 nc_inq_varid:meta:1 nc_open_par:open:1 nc_put_var1_int:write:1 nc_put_vara_double:write:$ROWS nc_var_par_access:meta:1" \
			"$(calls "api = 'netcdf' AND parent_api IS NULL AND rank = $r")"
		eq "rank $r: each nc_put_vara_double asked for and moved one row" "$ROWS|$ROW|$ROW|$ROW|$ROW" \
			"SELECT count(*), min(bytes), max(bytes), min(req_bytes), max(req_bytes) FROM v_trace_ops
			 WHERE call = 'nc_put_vara_double' AND rank = $r AND $N"
		eq "rank $r: each nc_put_vara_double made one H5Dwrite of its row" "$ROWS|$((ROWS * ROW))|$ROWS" \
			"SELECT count(*), sum(bytes), count(DISTINCT parent_op) FROM v_trace_ops
			 WHERE call = 'H5Dwrite' AND parent_call = 'nc_put_vara_double' AND rank = $r"
		# nc_var_par_access(NC_COLLECTIVE) on "t": its rows go down as
		# MPI-IO collective writes; "owner" stays independent
		eq "rank $r: MPI-IO under H5Dwrite under nc_put_vara_double: collective writes of the rows" \
			"MPI_File_write_at_all:$ROWS:$((ROWS * ROW))" "$(mpiio_under nc_put_vara_double write $r)"
		eq "rank $r: MPI-IO under H5Dwrite under nc_put_var1_int: one independent write of 4 bytes" \
			"MPI_File_write_at:1:4" "$(mpiio_under nc_put_var1_int write $r)"
		eq "rank $r: nc_get_vara_double made the H5Dread of the band" "1|$BAND" \
			"SELECT count(*), sum(bytes) FROM v_trace_ops WHERE call = 'H5Dread' AND parent_call = 'nc_get_vara_double' AND rank = $r"
	done
	# every HDF5 call that began while an nc_put_vara_* ran on its thread
	# (op_ids are given in the order calls begin, per process) is that
	# call's child, and nothing else is
	eq "HDF5 calls made inside nc_put_vara_*: $ROWS per rank, each a child of that call" "$((2 * ROWS))|0" \
		"$(hdf5_inside "n.call GLOB 'nc_put_vara_*'")"
	eq "every HDF5 call has a NetCDF parent" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'hdf5' AND (parent_api IS NULL OR parent_api <> 'netcdf')"
	eq "every MPI-IO call on par.nc was made by HDF5 or NetCDF" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'mpiio' AND $N AND (parent_api IS NULL OR parent_api NOT IN ('hdf5', 'netcdf'))"
	eq "posix calls on par.nc the application made itself" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND $N AND parent_api IS NULL"
	eq "the whole chain: posix bytes under MPI-IO under H5Dwrite under nc_put_vara_double (both ranks' rows)" \
		$((2 * ROWS * ROW)) \
		"SELECT sum(p.bytes) FROM v_trace_ops p
		 JOIN v_trace_ops m ON p.parent_op = m.op_id AND p.pid = m.pid AND p.trace_id = m.trace_id
		 JOIN v_trace_ops h ON m.parent_op = h.op_id AND m.pid = h.pid AND m.trace_id = h.trace_id
		 WHERE p.api = 'posix' AND p.class = 'write' AND m.api = 'mpiio' AND h.call = 'H5Dwrite'
		 AND h.parent_call = 'nc_put_vara_double'"
	lw=$(line_of put_vara netcdf_par.c)
	eq "nc_put_vara_double call site (write_band, line $lw), both ranks" $((2 * ROWS)) \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'nc_put_vara_double' AND function = 'write_band' AND line = $lw
		 AND block_id LIKE 'netcdf_par.c:write_band/loop#%'"
	eq "v_trace_files par.nc (netcdf), both ranks" "2|4|$((2 * (ROWS + 1)))|2|$((2 * (ROWS * ROW + 4)))|$((2 * BAND))" \
		"SELECT nprocs, opens, writes, reads, bytes_written, bytes_read FROM v_trace_files WHERE api = 'netcdf' AND $N"
	eq "the analysis (--nprocs 2): nc_create_par and nc_put_vara_double collective, nc_put_var1_int independent" \
		"nc_create_par:1 nc_put_var1_int:0 nc_put_vara_double:1" \
		"SELECT group_concat(c, ' ') FROM (SELECT DISTINCT call || ':' || collective AS c FROM v_io_sites
		 WHERE call IN ('nc_create_par', 'nc_put_vara_double', 'nc_put_var1_int') ORDER BY c)"
	eq "predicted = traced bytes per process per NetCDF data call" \
		"nc_get_vara_double:$BAND:$BAND nc_put_var1_int:4:4 nc_put_vara_double:$((ROWS * ROW)):$((ROWS * ROW))" \
		"$(predicted_traced bytes)"
	# per block of the program: the analysis' bytes per process (P3) and
	# the bytes the trace measured in the block, over the 2 ranks
	eq "predicted = traced bytes per process per function and loop" \
		"read_band:$BAND:$BAND write_band:$((ROWS * ROW + 4)):$((ROWS * ROW + 4)) write_band/loop#1:$((ROWS * ROW)):$((ROWS * ROW))" \
		"SELECT group_concat(c, ' ') FROM (SELECT substr(b.block_id, 14) || ':' || CAST(b.p3 AS INTEGER) || ':' ||
		 CAST(m.io_bytes / 2 AS INTEGER) AS c FROM v_blocks b JOIN v_measured_blocks m ON m.block_id = b.block_id
		 WHERE b.block_id IN ('netcdf_par.c:write_band', 'netcdf_par.c:write_band/loop#1', 'netcdf_par.c:read_band')
		 ORDER BY b.block_id)"
	# nc_def_dim and nc_var_par_access only set sizes and modes statically
	# (no I/O site): the traced calls that are not predicted
	eq "predicted = traced calls per process per NetCDF function" \
		"nc_close:2:2 nc_create_par:1:1 nc_def_var:2:2 nc_enddef:1:1 nc_get_vara_double:1:1 nc_inq_varid:1:1 nc_open_par:1:1 nc_put_var1_int:1:1 nc_put_vara_double:$ROWS:$ROWS" \
		"$(predicted_traced calls)"
	;;
netcdf_par_forms)
	# mpirun -np 2 netcdf_par_forms 6 256: a record variable on an unlimited
	# dimension written with collective strided puts (128 doubles, 1024
	# bytes, per record), a collective float put (256 floats), two
	# attributes, nc_sync and nc_redef, then a collective whole-variable
	# read (512 floats) and an independent strided read (6 x 128 doubles)
	# per rank (see netcdf_par_forms.c)
	need_netcdf_mpi
	STEPS=6 NX=256
	REC=$((8 * NX / 2)) WB=$((4 * NX))
	LIBS=$NCMPI_LIBS build netcdf_par_forms mpicc
	NPROCS=2 analyze $STEPS $NX
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./netcdf_par_forms $STEPS $NX >out 2>err
	expect_rc 0 $? "mpirun vidya trace"
	F=$(at forms.nc)
	for r in 0 1; do
		own=$(sed -n "s/^netcdf_par_forms: rank $r of 2: data_puts \([0-9]*\) data_put_bytes \([0-9]*\) att_puts \([0-9]*\) att_put_bytes \([0-9]*\) gets \([0-9]*\) get_bytes \([0-9]*\), data ok$/\1 \2 \3 \4 \5 \6/p" out)
		[ -n "$own" ] || { cat out err >&2; fail "rank $r: no 'data ok' line with the program's counts"; }
		read -r dp dpb ap apb g gb <<<"$own"
		[ "$own" = "$((STEPS + 1)) $((STEPS * REC + WB)) 2 5 2 $((2 * WB + STEPS * REC))" ] ||
			fail "rank $r: the program counted '$own', it is built to make $((STEPS + 1)) $((STEPS * REC + WB)) 2 5 2 $((2 * WB + STEPS * REC))"
		eq "rank $r: NetCDF counters of forms.nc = the program's own counts (writes|bytes_written|reads|bytes_read), opens" \
			"$((dp + ap))|$((dpb + apb))|$g|$gb|2" \
			"SELECT writes, bytes_written, reads, bytes_read, opens FROM trace_files
			 WHERE trace_id = (SELECT max(trace_id) FROM traces) AND api = 'netcdf' AND rank = $r AND $F"
		eq "rank $r: application NetCDF calls" \
			"nc_close:close:2 nc_create_par:open:1 nc_def_dim:meta:2 nc_def_var:meta:2 nc_enddef:meta:2 nc_get_att_text:meta:1 nc_get_var_float:read:1 nc_get_vars_double:read:1 nc_inq_varid:meta:2 nc_open_par:open:1 nc_put_att_int:write:1 nc_put_att_text:write:1 nc_put_vara_float:write:1 nc_put_vars_double:write:$STEPS nc_redef:meta:1 nc_sync:sync:1 nc_var_par_access:meta:3" \
			"$(calls "api = 'netcdf' AND parent_api IS NULL AND rank = $r")"
		eq "rank $r: strided puts: collective MPI-IO writes under their H5Dwrite" \
			"MPI_File_write_at_all:$STEPS:$((STEPS * REC))" "$(mpiio_under nc_put_vars_double write $r)"
		eq "rank $r: the float put: one collective MPI-IO write" \
			"MPI_File_write_at_all:1:$WB" "$(mpiio_under nc_put_vara_float write $r)"
		eq "rank $r: the collective whole-variable read: one collective MPI-IO read of both bands" \
			"MPI_File_read_at_all:1:$((2 * WB))" "$(mpiio_under nc_get_var_float read $r)"
		# independent: no collective call; HDF5 reads whole chunks of the record variable
		got=$(q "$(mpiio_under nc_get_vars_double read $r)")
		[[ $got =~ ^MPI_File_read_at:[0-9]+:([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -ge $((STEPS * REC)) ] ||
			fail "rank $r: the independent strided read: got '$got', expected MPI_File_read_at calls of at least $((STEPS * REC)) bytes"
	done
	eq "HDF5 calls made inside nc_put_var*/nc_get_var*: an H5Dwrite or H5Dread each, each a child of its call" \
		"$((2 * (STEPS + 3)))|0" "$(hdf5_inside "n.call GLOB 'nc_[gp][eu]t_var*'")"
	eq "every HDF5 call began inside an application NetCDF call and is its child" "1|0" \
		"SELECT calls = (SELECT count(*) FROM v_trace_ops WHERE api = 'hdf5'), strays FROM ($(hdf5_inside 1))"
	eq "every HDF5 call has a NetCDF parent" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'hdf5' AND (parent_api IS NULL OR parent_api <> 'netcdf')"
	eq "MPI-IO and posix calls on forms.nc the application made itself" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api IN ('mpiio', 'posix') AND $F AND parent_api IS NULL"
	eq "the analysis (--nprocs 2): collective and independent data calls" \
		"nc_get_var_float:1 nc_get_vars_double:0 nc_put_vara_float:1 nc_put_vars_double:1" \
		"SELECT group_concat(c, ' ') FROM (SELECT DISTINCT call || ':' || collective AS c FROM v_io_sites
		 WHERE call GLOB 'nc_[gp][eu]t_var*' ORDER BY c)"
	eq "predicted = traced bytes per process per NetCDF data call" \
		"nc_get_var_float:$((2 * WB)):$((2 * WB)) nc_get_vars_double:$((STEPS * REC)):$((STEPS * REC)) nc_put_att_int:4:4 nc_put_att_text:1:1 nc_put_vara_float:$WB:$WB nc_put_vars_double:$((STEPS * REC)):$((STEPS * REC))" \
		"$(predicted_traced bytes)"
	eq "predicted = traced calls per process per NetCDF function" \
		"nc_close:2:2 nc_create_par:1:1 nc_def_var:2:2 nc_enddef:2:2 nc_get_att_text:1:1 nc_get_var_float:1:1 nc_get_vars_double:1:1 nc_inq_varid:2:2 nc_open_par:1:1 nc_put_att_int:1:1 nc_put_att_text:1:1 nc_put_vara_float:1:1 nc_put_vars_double:$STEPS:$STEPS nc_redef:1:1 nc_sync:1:1" \
		"$(predicted_traced calls)"
	# every loop of main holding NetCDF I/O (the CHECK macro's do-while
	# loops among them): the analysis' bytes per process = traced bytes / 2
	eq "predicted = traced bytes per process per loop with NetCDF I/O: blocks, mismatches" "7|0" \
		"SELECT count(*), sum(CAST(b.p3 AS INTEGER) <> CAST(m.io_bytes / 2 AS INTEGER)) FROM v_blocks b
		 JOIN v_measured_blocks m ON m.block_id = b.block_id WHERE b.kind = 'loop' AND b.p3 > 0
		 AND EXISTS (SELECT 1 FROM v_io_sites s WHERE s.api = 'netcdf' AND s.block_id GLOB b.block_id || '/*')"
	# (reads and writes: nc_get_att_text is a metadata call, its byte the
	# attribute's, which the analysis does not size)
	eq "predicted = traced NetCDF bytes per process in main" "$((1 + 4 + STEPS * REC + WB + 2 * WB + STEPS * REC)):$((1 + 4 + STEPS * REC + WB + 2 * WB + STEPS * REC))" \
		"SELECT (SELECT CAST(sum(bytes_total) AS INTEGER) FROM v_io_sites WHERE api = 'netcdf'
		         AND block_id GLOB 'netcdf_par_forms.c:main/*') || ':' ||
		        (SELECT sum(bytes) / 2 FROM v_trace_ops WHERE api = 'netcdf' AND parent_api IS NULL AND function = 'main'
		         AND class IN ('read', 'write'))"
	;;
pnetcdf)
	# mpirun -np 2 pnetcdf_io 8 512: each rank 8 rows of 512 doubles = 32768 bytes, 65536 in all
	command -v mpirun >/dev/null || skip "no mpirun"
	[ -f /usr/include/pnetcdf.h ] || skip "no PnetCDF headers (libpnetcdf-dev)"
	nm -D "$(dirname "$VIDYA")/libvidya_trace.so" 2>/dev/null | grep -q " T ncmpi_put_vara_double_all$" ||
		skip "the recorder was built without the PnetCDF layer"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	LIBS=-lpnetcdf build pnetcdf_io mpicc
	NPROCS=2 analyze 8 512
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./pnetcdf_io 8 512 >out 2>err
	expect_rc 0 $? "mpirun vidya trace"
	expect_in "pnetcdf_io: 2 ranks, 8 x 512 doubles each, data ok" out "the program ran under mpirun"
	N=$(at data.nc)
	for r in 0 1; do
		eq "rank $r: application PnetCDF calls" \
			"ncmpi_close:close:1 ncmpi_create:open:1 ncmpi_def_dim:meta:2 ncmpi_def_var:meta:1 ncmpi_enddef:meta:1 ncmpi_iget_vara_double:read:1 ncmpi_put_vara_double_all:write:1 ncmpi_wait_all:wait:1" \
			"$(calls "api = 'pnetcdf' AND parent_api IS NULL AND rank = $r")"
		eq "rank $r: put_vara_double_all and iget_vara_double of 8 x 512 doubles" "32768|32768" \
			"SELECT (SELECT bytes FROM v_trace_ops WHERE call = 'ncmpi_put_vara_double_all' AND rank = $r AND $N),
			        (SELECT req_bytes FROM v_trace_ops WHERE call = 'ncmpi_iget_vara_double' AND rank = $r AND $N)"
		eq "rank $r: the collective write is an MPI-IO collective write of the same bytes" 32768 \
			"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'mpiio' AND class = 'write' AND rank = $r
			 AND parent_call = 'ncmpi_put_vara_double_all'"
		eq "rank $r: the iget's transfer happens inside ncmpi_wait_all" 32768 \
			"SELECT sum(bytes) FROM v_trace_ops WHERE api = 'mpiio' AND class = 'read' AND rank = $r
			 AND parent_call = 'ncmpi_wait_all'"
	done
	lw=$(line_of put_all pnetcdf_io.c)
	eq "put_vara_double_all call site (main, line $lw), both ranks" 2 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'ncmpi_put_vara_double_all' AND function = 'main' AND line = $lw"
	eq "every MPI-IO call has a PnetCDF parent" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'mpiio' AND (parent_api IS NULL OR parent_api <> 'pnetcdf')"
	eq "ncmpi_create opened the file through MPI_File_open on both ranks" 2 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'MPI_File_open' AND parent_call = 'ncmpi_create' AND $N"
	eq "the whole chain: pwrite under MPI-IO under ncmpi_put_vara_double_all" 1 \
		"SELECT count(*) > 0 FROM v_trace_ops p JOIN v_trace_ops m ON p.parent_op = m.op_id AND p.trace_id = m.trace_id
		 AND p.pid = m.pid WHERE p.api = 'posix' AND p.class = 'write' AND m.api = 'mpiio'
		 AND m.parent_call = 'ncmpi_put_vara_double_all'"
	eq "posix calls on data.nc the application made itself" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND $N AND parent_api IS NULL"
	eq "v_trace_files data.nc (pnetcdf), both ranks" "2|2|2|65536|65536" \
		"SELECT opens, writes, reads, bytes_written, bytes_read FROM v_trace_files WHERE api = 'pnetcdf' AND $N"
	# the query docs/trace.md gives for Darshan's PnetCDF counters: 2 ranks x
	# (1 create, 1 collective wait, 1 collective write, 1 non-blocking read)
	eq "Darshan PnetCDF counters (docs/trace.md's query), both ranks" \
		"2|0|0|0|2|0|0|0|0|2|2|0|65536|65536" \
		"SELECT
		   sum(call = 'ncmpi_create') AS PNETCDF_FILE_CREATES,
		   sum(call = 'ncmpi_open') AS PNETCDF_FILE_OPENS,
		   sum(call = 'ncmpi_redef') AS PNETCDF_FILE_REDEFS,
		   sum(call = 'ncmpi_wait') AS PNETCDF_FILE_INDEP_WAITS,
		   sum(call = 'ncmpi_wait_all') AS PNETCDF_FILE_COLL_WAITS,
		   sum(call = 'ncmpi_sync') AS PNETCDF_FILE_SYNCS,
		   sum(d AND NOT nb AND NOT coll AND class = 'read') AS PNETCDF_VAR_INDEP_READS,
		   sum(d AND NOT nb AND NOT coll AND class = 'write') AS PNETCDF_VAR_INDEP_WRITES,
		   sum(d AND coll AND class = 'read') AS PNETCDF_VAR_COLL_READS,
		   sum(d AND coll AND class = 'write') AS PNETCDF_VAR_COLL_WRITES,
		   sum(d AND nb AND class = 'read') AS PNETCDF_VAR_NB_READS,
		   sum(d AND nb AND class = 'write') AS PNETCDF_VAR_NB_WRITES,
		   sum(CASE WHEN d AND class = 'read' THEN bytes END) AS PNETCDF_VAR_BYTES_READ,
		   sum(CASE WHEN d AND class = 'write' THEN bytes END) AS PNETCDF_VAR_BYTES_WRITTEN
		 FROM (SELECT path, call, class, bytes,
		         call GLOB 'ncmpi_*_var*' AS d,
		         call GLOB 'ncmpi_[ib]*' AS nb,
		         call GLOB '*_all' AS coll
		       FROM v_trace_ops WHERE api = 'pnetcdf' AND $N)"
	eq "predicted = traced bytes per process per PnetCDF data call" \
		"ncmpi_iget_vara_double:32768:32768 ncmpi_put_vara_double_all:32768:32768" \
		"SELECT group_concat(c, ' ') FROM (SELECT s.call || ':' || CAST(sum(s.bytes_total) AS INTEGER) || ':' ||
		 (SELECT sum(req_bytes) / 2 FROM v_trace_ops o WHERE o.call = s.call AND o.parent_api IS NULL) AS c
		 FROM v_io_sites s WHERE s.api = 'pnetcdf' AND s.op IN ('read', 'write') GROUP BY s.call ORDER BY s.call)"
	;;
threads)
	# threads_io 20 3000: 4 threads x 20 pwrites of 3000 bytes to their own file and to shared.dat
	LIBS=-pthread build threads_io cc -pthread
	analyze 20 3000
	trace ./threads_io 20 3000
	expect_rc 0 $rc "vidya trace"
	expect_in "threads_io: 4 threads, 480000 bytes written" out "the program's output"
	SH=$(at shared.dat)
	own="($(at thread0.dat) OR $(at thread1.dat) OR $(at thread2.dat) OR $(at thread3.dat))"
	for t in 0 1 2 3; do
		F=$(at thread$t.dat)
		eq "thread$t.dat: one thread, 20 pwrites, 60000 bytes, offsets 0..19*3000" "1|20|60000|570000" \
			"SELECT count(DISTINCT thread), count(*), sum(bytes), sum(offset) FROM v_trace_ops WHERE call = 'pwrite' AND $F"
		eq "thread$t.dat: the same thread wrote 20 blocks to shared.dat" 20 \
			"SELECT count(*) FROM v_trace_ops WHERE call = 'pwrite' AND $SH AND thread =
			 (SELECT thread FROM v_trace_ops WHERE call = 'pwrite' AND $F LIMIT 1)"
	done
	eq "threads writing" 4 "SELECT count(DISTINCT thread) FROM v_trace_ops WHERE call = 'pwrite' AND ($SH OR $own)"
	eq "shared.dat: 80 pwrites, 240000 bytes, offsets 0..79*3000" "80|240000|9480000|3000|3000" \
		"SELECT count(*), sum(bytes), sum(offset), min(bytes), max(bytes) FROM v_trace_ops WHERE call = 'pwrite' AND $SH"
	eq "shared.dat: 20 pwrites per thread, each its own range" "0:20 60000:20 120000:20 180000:20" \
		"SELECT group_concat(m, ' ') FROM (SELECT min(offset) || ':' || count(*) AS m FROM v_trace_ops
		 WHERE call = 'pwrite' AND $SH GROUP BY thread ORDER BY min(offset))"
	eq "main opened shared.dat and wrote nothing" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'pwrite' AND thread IN
		 (SELECT thread FROM v_trace_ops WHERE class = 'open' AND $SH)"
	eq "one process" 1 "SELECT count(DISTINCT pid) FROM v_trace_ops WHERE $SH OR $own"
	eq "own files opened and closed by their thread" "4|4" \
		"SELECT count(*) FILTER (WHERE class = 'open'), count(*) FILTER (WHERE class = 'close') FROM v_trace_ops WHERE $own"
	lw=$(line_of own_pwrite threads_io.c)
	eq "pwrite call site (worker, line $lw)" 80 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'pwrite' AND $own AND function = 'worker' AND line = $lw"
	eq "v_trace_files shared.dat" "1|1|80|240000|80" \
		"SELECT nprocs, opens, writes, bytes_written, write_1k_10k FROM v_trace_files WHERE api = 'posix' AND $SH"
	eq "v_trace_files thread*.dat" "4|80|240000" \
		"SELECT count(*), sum(writes), sum(bytes_written) FROM v_trace_files WHERE api = 'posix' AND $own"
	# 4 x (open, 20 pwrites, close, 20 pwrites): 168 calls, 160 of them data calls
	eq "v_measured_blocks worker (all threads)" "1|480000" \
		"SELECT io_ops IN (160, 168), CAST(io_bytes AS INTEGER) FROM v_measured_blocks WHERE kind = 'function' AND function = 'worker'"
	;;
calib)
	build calib cc
	analyze calib.out
	trace ./calib calib.out
	expect_rc 0 $rc "vidya trace"
	[ "$(grep -c '^phase ' calib.out 2>/dev/null)" = 3 ] || fail "calib wrote no results"
	# the program's own numbers must be what it is built to produce
	awk '$2 == "phase_compute" && $4 / $3 > 0.01 { bad = 1 }
	     $2 == "phase_io" && $4 / $3 < 0.9 { bad = 1 }
	     $2 == "phase_mixed" && ($4 / $3 < 0.3 || $4 / $3 > 0.5) { bad = 1 }
	     END { exit bad }' calib.out || { cat calib.out >&2; fail "calib's self-measured intensities are off"; }
	while read -r _ name wall io; do
		got=$(q "SELECT wall_s, intensity, io_ops FROM v_measured_blocks WHERE kind = 'function' AND function = '$name'
		         AND file LIKE '%calib.c'")
		IFS='|' read -r mwall mint mops <<<"$got"
		[ -n "$mwall" ] && [ -n "$mint" ] || fail "$name: no v_measured_blocks row (got '$got')"
		awk -v w="$wall" -v s="$io" -v mw="$mwall" -v mi="$mint" 'BEGIN {
			i = s / w; d = mi - i; if (d < 0) d = -d
			e = mw - w; if (e < 0) e = -e
			exit !(d <= 0.05 && e <= 0.10 * w) }' ||
			fail "$name: measured wall_s $mwall intensity $mint, the program timed itself at wall $wall io $io (intensity $(awk -v w="$wall" -v s="$io" 'BEGIN { printf "%.3f", s / w }')); allowed: intensity +-0.05, wall +-10%"
		case $name in
		phase_compute) [ "$mops" = 0 ] || fail "phase_compute: io_ops $mops, expected 0" ;;
		*) [ "$mops" -ge 2 ] 2>/dev/null || fail "$name: io_ops $mops, expected >= 2" ;;
		esac
		got=$(q "SELECT measured FROM v_predicted_vs_measured WHERE kind = 'function' AND function = '$name'")
		awk -v m="$got" -v w="$wall" -v s="$io" 'BEGIN { d = m - s / w; if (d < 0) d = -d; exit !(m != "" && d <= 0.05) }' ||
			fail "$name: v_predicted_vs_measured.measured '$got', expected $(awk -v w="$wall" -v s="$io" 'BEGIN { printf "%.3f", s / w }') +-0.05"
	done < calib.out
	;;
faithful)
	# the program's stdout, stdin and exit status are the same traced and untraced
	build stdio_io cc
	analyze 30 200 5 3 "two words" 'dollar$x' ""
	./stdio_io 30 200 5 3 "two words" 'dollar$x' "" >plain.out 2>/dev/null
	plain=$?
	expect_rc 3 $plain "setup: stdio_io exits with its STATUS argument"
	trace ./stdio_io 30 200 5 3 "two words" 'dollar$x' ""
	expect_rc $plain $rc "the program's exit status"
	cmp -s plain.out out || { diff plain.out out >&2; fail "stdout differs traced vs untraced"; }
	# fully buffered output into a pipe, flushed at exit
	./stdio_io 40 100 2 0 x | cat >plain.pipe
	"$VIDYA" trace --ops --db v.db -- ./stdio_io 40 100 2 0 x 2>err | cat >traced.pipe
	cmp -s plain.pipe traced.pipe || { diff plain.pipe traced.pipe >&2; fail "piped stdout differs"; }
	[ "$(wc -l <traced.pipe)" = 2 ] || fail "piped output has 2 lines"
	# stdin passes through
	printf 'line one\nline two\n' | "$VIDYA" trace --ops --db v.db -- cat >cat.out 2>err
	expect_rc 0 $? "cat under vidya trace"
	[ "$(cat cat.out)" = "$(printf 'line one\nline two')" ] || { cat cat.out >&2; fail "stdin did not reach the program"; }
	# a program that fails
	"$VIDYA" trace --ops --db v.db -- ./stdio_io 30 200 5 42 >out 2>err
	expect_rc 42 $? "exit status 42"
	# and one killed by a signal
	cp "$PROGS/crash.c" . && cc -g -O0 crash.c -o crash || fail "cannot build crash"
	{ ./crash 10 2 kill; } 2>/dev/null
	plain=$?
	"$VIDYA" trace --ops --db v.db -- ./crash 10 2 kill >out 2>err
	expect_rc $plain $? "killed program"
	;;
crash)
	# crash 10 4 kill: open, 4 writes of 4096 bytes, SIGKILL
	build crash cc
	analyze 10 4 kill
	trace ./crash 10 4 kill
	expect_rc 137 $rc "SIGKILL: 128 + 9"
	C=$(at crash.dat)
	eq "ops before SIGKILL" "open:open:1 write:write:4" "$(calls "api = 'posix' AND $C")"
	eq "their offsets" "0 4096 8192 12288" "$(offsets "call = 'write' AND $C")"
	eq "their bytes" 16384 "SELECT sum(bytes) FROM v_trace_ops WHERE call = 'write' AND $C"
	eq "v_trace_files crash.dat" "1|4|16384|0" \
		"SELECT opens, writes, bytes_written, reads FROM v_trace_files WHERE api = 'posix' AND $C"
	# abort(): SIGABRT, the latest trace has its 3 writes
	analyze 10 3 abort
	trace ./crash 10 3 abort
	expect_rc 134 $rc "abort: 128 + 6"
	eq "ops before abort" "open:open:1 write:write:3" "$(calls "api = 'posix' AND $C")"
	eq "abort's writes" 12288 "SELECT sum(bytes) FROM v_trace_ops WHERE call = 'write' AND $C"
	;;
not_found)
	trace ./no_such_program 1 2
	expect_rc 1 $rc "a missing program"
	expect_in "vidya: error: " err "error message"
	expect_in "no_such_program" err "message names the program"
	trace no_such_command_vidya_test
	expect_rc 1 $rc "a command not in PATH"
	expect_in "no_such_command_vidya_test" err "message names the command"
	"$VIDYA" trace --ops --db v.db >out 2>err
	expect_rc 1 $? "no program at all"
	;;
not_executable)
	printf '#!/bin/sh\necho ran >ran.marker\n' >script.sh
	chmod 644 script.sh
	trace ./script.sh
	expect_rc 1 $rc "a file without execute permission"
	expect_in "vidya: error: " err "error message"
	expect_in "script.sh" err "message names the file"
	[ ! -e ran.marker ] || fail "the file was run"
	mkdir adir
	trace ./adir
	expect_rc 1 $rc "a directory"
	expect_in "adir" err "message names the directory"
	;;
static_binary)
	cp "$PROGS/stdio_io.c" .
	cc -static -g -O0 stdio_io.c -o stdio_static 2>build.log || skip "cc -static does not work here"
	readelf -l stdio_static | grep -q INTERP && fail "test setup: stdio_static is not static"
	./stdio_static 3 10 1 >/dev/null || fail "test setup: stdio_static does not run"
	rm -f stdio.dat stdio.txt
	trace ./stdio_static 3 10 1
	expect_rc 1 $rc "a statically linked program"
	expect_in "vidya: error: " err "error message"
	expect_in "stdio_static" err "message names the program"
	expect_in "LD_PRELOAD" err "message says LD_PRELOAD cannot apply"
	[ ! -e stdio.dat ] || fail "the program was run anyway"
	;;
no_debug_info)
	cp "$PROGS/stdio_io.c" .
	printf '[{"directory": "%s", "arguments": ["cc", "-O0", "-c", "stdio_io.c", "-o", "stdio_io.o"], "file": "stdio_io.c"}]\n' \
		"$T" >compile_commands.json
	cc -O0 -g0 stdio_io.c -o nodebug || fail "cannot build"
	readelf -S nodebug | grep -q '\.debug_info' && fail "test setup: nodebug has debug information"
	analyze 10 600 4
	[ "$(q "SELECT count(*) > 0 FROM v_blocks WHERE kind = 'function'")" = 1 ] || fail "test setup: no analysis"
	trace ./nodebug 10 600 4
	expect_rc 0 $rc "vidya trace"
	expect_in "debug information" err "warning"
	expect_in "checksum" out "the program ran"
	D=$(at stdio.dat)
	eq "ops are stored" "fclose:close:1 fflush:flush:1 fopen:open:1 fread:read:11 fseek:seek:2 fwrite:write:10" \
		"$(calls "api = 'stdio' AND $D")"
	eq "file counters are stored" "10|6000" \
		"SELECT writes, bytes_written FROM v_trace_files WHERE api = 'stdio' AND $D"
	eq "no block rows" 0 "SELECT count(*) FROM v_measured_blocks"
	eq "no block ids on ops" 0 "SELECT count(*) FROM v_trace_ops WHERE block_id IS NOT NULL"
	;;
store_memory)
	# the store streams the logs: with --counters its memory does not grow
	# with the number of calls (it held every call before: about 350 B
	# each, 140 MB more for 400000 calls than for 20000)
	build many_calls cc
	analyze 1000
	maxrss() { # COMMAND...: the largest resident set, in KiB, of it and its children
		python3 -c 'import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if r == 0 else -r)' "$@"
	}
	small=$(maxrss "$VIDYA" trace --db v.db --counters -- ./many_calls 20000)
	large=$(maxrss "$VIDYA" trace --db v.db --counters -- ./many_calls 400000)
	[ "$small" -gt 0 ] && [ "$large" -gt 0 ] || fail "vidya trace failed ($small, $large)"
	eq "400000 calls counted" "400000" \
		"SELECT writes FROM v_trace_files WHERE api = 'posix' AND $(at many.dat) AND trace_id = (SELECT max(trace_id) FROM traces)"
	[ $((large - small)) -le 30000 ] ||
		fail "the store took $small KiB for 20000 calls, $large KiB for 400000"
	;;
many_calls)
	# 400000 calls with stacks and samples, each the previous one's
	# offset - 16 (none is predicted: records of their own): about 10 MiB
	# of log (24 B a call, compact records), three chunks
	build many_calls cc
	analyze 400000 r
	trace ./many_calls 400000 r
	expect_rc 0 $rc "vidya trace"
	expect_in "many_calls: 400000 records" out "the program's output"
	W=$(at many.dat)
	eq "every call across the log's chunks" "close:close:1 fsync:sync:1 open:open:1 pwrite:write:400000" \
		"$(calls "api = 'posix' AND $W")"
	eq "bytes and offsets" "6400000|0|6399984|6399999" \
		"SELECT sum(bytes), min(offset), max(offset), max_byte_written FROM v_trace_ops,
		 (SELECT max_byte_written FROM v_trace_files WHERE api = 'posix' AND $W) WHERE call = 'pwrite' AND $W"
	eq "op ids are 1..n without gaps in the program's own calls" 0 \
		"SELECT count(*) FROM v_trace_ops a WHERE call = 'pwrite' AND $W AND NOT EXISTS
		 (SELECT 1 FROM v_trace_ops b WHERE b.pid = a.pid AND b.op_id = a.op_id + 1)"
	# the first pwrite (at the end) is past the last byte (0): sequential;
	# every later one is below it: random
	eq "backward pwrites" "0|1|399999" \
		"SELECT consec_writes, seq_writes, random_ops FROM v_trace_files WHERE api = 'posix' AND $W"
	eq "every pwrite attributed to main's loop" 400000 \
		"SELECT io_ops FROM v_measured_blocks WHERE block_id = 'many_calls.c:main/loop#1'"
	# 1100000 forward pwrites, every one predicted by the one before: batch
	# entries of about 4 bytes, 4.4 MB of log, two chunks (counted, not
	# kept: the counters see every call)
	"$VIDYA" trace --db v.db -- ./many_calls 1100000 >out 2>err
	expect_rc 0 $? "vidya trace, 1100000 calls"
	eq "batched calls across the log's chunks" "1100000|17600000|1099999|1099999|0|17599999" \
		"SELECT writes, bytes_written, consec_writes, seq_writes, random_ops, max_byte_written
		 FROM v_trace_files WHERE api = 'posix' AND $W AND trace_id = (SELECT max(trace_id) FROM traces)"
	;;
children)
	build children cc
	analyze
	trace ./children
	expect_rc 0 $rc "vidya trace"
	[ "$(wc -c < out)" = 100 ] || fail "the exec'd head's output: $(wc -c < out) bytes, expected 100"
	eq "three process images: the parent, the forked child, the exec'd head" 3 \
		"SELECT count(*) FROM trace_procs WHERE trace_id = (SELECT max(trace_id) FROM traces)"
	eq "the child's parent is the traced program" 1 \
		"SELECT count(*) FROM trace_procs c JOIN trace_procs p ON c.ppid = p.pid AND c.trace_id = p.trace_id
		 WHERE c.trace_id = (SELECT max(trace_id) FROM traces) AND p.exe LIKE '%/children'
		 AND c.exe LIKE '%/children'"
	eq "parent.dat written by one process" "1|3|300" \
		"SELECT nprocs, writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at parent.dat)"
	# exec keeps the pid: the child and the head it became are one process (nprocs 1)
	eq "child.dat: written by the forked child, read by the exec'd head" "1|2|100|100" \
		"SELECT nprocs, writes, bytes_written, bytes_read FROM v_trace_files WHERE api = 'posix'
		 AND $(at child.dat)"
	eq "the parent and the child are different processes" 2 \
		"SELECT count(DISTINCT pid) FROM v_trace_ops WHERE $(at parent.dat) OR $(at child.dat)"
	;;
signals)
	# SIGPROF caught and re-raised (as sort does) and the program's own
	# handler for the recorder's sampling signal: neither sees a sample
	build signals cc
	analyze
	trace ./signals
	expect_rc 0 $rc "vidya trace"
	expect_in "own signals: 2" out "the program's own signals reached its handler exactly twice"
	between "samples were taken meanwhile (main measured at least 0.2 s)" 200 100000 \
		"SELECT CAST(wall_s * 1000 AS INTEGER) FROM v_measured_blocks WHERE block_id = 'signals.c:main'"
	;;
mpiio_stress)
	# MPI_Init dlopens dozens of components: a sample that unwinds while
	# the thread holds the loader's lock deadlocks.  10 kHz sampling, 6
	# runs: the recorder before the fix hung in about 1 run in 8 under load.
	command -v mpirun >/dev/null || skip "no mpirun"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	build mpiio mpicc
	for i in 1 2 3 4 5 6; do
		rm -f v.db
		timeout 60 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --hz 10000 --db v.db \
			-- ./mpiio 1024 >out 2>err
		expect_rc 0 $? "run $i of mpirun vidya trace --hz 10000 (124 = hung)"
	done
	;;
closefds)
	# the program closes every descriptor above 2 and opens its files on 3
	# and 4: the unwinder's pipe must not be there, nor come back there
	# during a sample (it did: the program got 5 and 6, or had 3 and 4
	# closed and replaced under it, exit 1 and an empty output)
	build closefds cc
	./closefds >plain.out 2>plain.err
	expect_rc 0 $? "setup: closefds untraced"
	rm -f out.dat
	"$VIDYA" trace --ops --hz 5000 --db v.db -- ./closefds >out 2>err
	expect_rc 0 $? "closefds traced at 5 kHz"
	expect_in "copied 65536 bytes" out "the program copied its whole input"
	cmp -s plain.out out || { diff plain.out out >&2; fail "stdout differs traced vs untraced"; }
	cmp -s in.dat out.dat || fail "out.dat differs from in.dat"
	eq "its writes on descriptor 4 are charged to out.dat" "16|65536" \
		"SELECT writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at out.dat)"
	;;
nospace)
	# 300000 backward calls need about 7 MiB of log (and 4.7 MiB of data); the log may grow to 6 MiB only
	# (its first 4 MiB chunk, not the second).  The recorder stops and says
	# so, the program runs on: before, the file size limit killed it with
	# SIGXFSZ (exit 153), and a full file system with SIGBUS.
	command -v prlimit >/dev/null || skip "no prlimit"
	build many_calls cc
	trace prlimit --fsize=6291456 ./many_calls 300000 r
	expect_rc 0 $rc "traced under a 6 MiB file size limit"
	expect_in "many_calls: 300000 records" out "the program's output"
	expect_in "stopped early for want of disk space" err "the lost records are reported"
	between "the calls of the first chunk are stored" 10000 299999 \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'pwrite'"
	[ "$(stat -c %s many.dat)" = 4800000 ] || fail "many.dat is complete"
	# a full file system (a 6 MiB tmpfs), when this runs as root
	mkdir mnt
	if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=6m vidya-test mnt 2>/dev/null; then
		rm -f many.dat
		"$VIDYA" trace --ops --out mnt --db v.db -- ./many_calls 300000 r >out 2>err
		rc=$?
		umount mnt
		expect_rc 0 $rc "traced with logs on a full file system"
		expect_in "many_calls: 300000 records" out "the program's output (full file system)"
		expect_in "stopped early for want of disk space" err "reported (full file system)"
	else
		echo "note: no tmpfs (not root): the full file system case is not run"
	fi
	;;
outdir)
	# --out DIR: a <host>-<pid> name planted in DIR before vidya starts (a
	# link to elsewhere) is never used nor followed; logs are private
	build posix_io cc
	mkdir out victim
	# bash -c's pid is the one vidya will have after exec
	bash -c 'ln -s "$PWD/victim" "out/$(hostname)-$$"; exec "$0" trace --out out --db v.db -- ./posix_io 8 4096 24 12345' \
		"$VIDYA" >run.out 2>err
	expect_rc 0 $? "vidya trace --out with a planted link"
	[ -z "$(ls -A victim)" ] || { ls -la victim >&2; fail "logs were written through the planted link"; }
	n=$(find out -mindepth 1 -maxdepth 1 -type d | wc -l)
	[ "$n" = 1 ] || { ls -la out >&2; fail "one fresh log directory in out ($n)"; }
	d=$(find out -mindepth 1 -maxdepth 1 -type d)
	[ "$(stat -c %a "$d")" = 700 ] || fail "log directory mode $(stat -c %a "$d"), expected 700"
	for f in "$d"/*.vtl; do
		[ "$(stat -c %a "$f")" = 600 ] || fail "log $f mode $(stat -c %a "$f"), expected 600"
	done
	# --out that is a link, or is not a directory: refused before running
	ln -s victim outlink
	"$VIDYA" trace --ops --out outlink --db v.db -- sh -c 'echo ran >ran.marker' >out.txt 2>err
	expect_rc 1 $? "--out a symbolic link"
	expect_in "symbolic link" err "says why"
	[ ! -e ran.marker ] || fail "the program ran"
	# a directory of another user (needs root to make one)
	if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
		mkdir foreign && chown nobody foreign
		"$VIDYA" trace --ops --out foreign --db v.db -- sh -c 'echo ran >ran.marker' >out.txt 2>err
		expect_rc 1 $? "--out a directory of another user"
		expect_in "another user" err "says why"
		[ ! -e ran.marker ] || fail "the program ran"
	fi
	;;
bad_db)
	# a database that cannot take the trace is an error before the program
	# runs (before, the program ran, its status became 1 and its logs were
	# left where nothing loads them)
	bad() { # WHAT DB
		rm -f ran.marker
		"$VIDYA" trace --ops --db "$2" -- sh -c 'echo ran >ran.marker; exit 7' >out 2>err
		expect_rc 1 $? "$1"
		expect_in "vidya: error: " err "$1: error message"
		[ ! -e ran.marker ] || fail "$1: the program ran"
	}
	echo 'not a database' >text.db
	bad "a file that is not a database" text.db
	mkdir dir.db
	bad "a directory" dir.db
	"$VIDYA" trace --ops --db ok.db -- true >out 2>err
	expect_rc 0 $? "a new database"
	cp ok.db ro.db
	if [ "$(id -u)" != 0 ]; then
		chmod 444 ro.db
		bad "a read-only database" ro.db
	elif mkdir rofs && mount -t tmpfs -o size=4m vidya-test rofs 2>/dev/null; then
		cp ok.db rofs/ro.db && mount -o remount,ro rofs
		bad "a database on a read-only file system" rofs/ro.db
		umount rofs
	else
		echo "note: root without mount: the read-only case is not run"
	fi
	"$VIDYA" trace --ops --db ok.db -- sh -c 'exit 7' >out 2>err
	expect_rc 7 $? "a good database: the program's status"
	;;
setuid)
	# a set-user-ID program runs in the loader's secure mode, which ignores
	# LD_PRELOAD: vidya says so and exits with the program's own status
	# (before: "the program did not start" and exit 1)
	printf 'int main(void) { return 42; }\n' >status42.c
	cc -o status42 status42.c || fail "cannot build status42"
	chmod 755 "$T"
	if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
		chown nobody status42 && chmod 4755 status42
	else
		skip "needs root to make a set-user-ID program of another user"
	fi
	"$VIDYA" trace --ops --db v.db -- ./status42 >out 2>err
	expect_rc 42 $? "the set-user-ID program's status"
	expect_in "set-user-ID" err "the reason is given"
	grep -q "vidya: error" err && { cat err >&2; fail "no error for a program that ran"; }
	;;
dups)
	# dup, dup2, dup3, fcntl(F_DUPFD): the new descriptor's calls go to the
	# file of the old one (before: to the file the number had earlier)
	build dups cc
	trace ./dups
	expect_rc 0 $rc "vidya trace"
	expect_in "dups done" out "the program's output"
	[ "$(stat -c %s a.dat)" = 1450 ] && [ "$(stat -c %s b.dat)" = 100 ] || fail "setup: file sizes"
	eq "a.dat: every write after a dup is charged to it" "5|1450" \
		"SELECT writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at a.dat)"
	eq "b.dat: only the write before dup2" "1|100" \
		"SELECT writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at b.dat)"
	eq "the dups are recorded" "dup:meta:1 dup2:meta:1 dup3:meta:1 fcntl:meta:1" \
		"$(calls "call IN ('dup', 'dup2', 'dup3', 'fcntl')")"
	# metas: the closes of A and of the three numbers duplicated from it
	eq "a.dat: 1 open, 4 dups (not metadata calls), 4 closes" "1|4|4" \
		"SELECT opens, dups, metas FROM v_trace_files WHERE api = 'posix' AND $(at a.dat)"
	# Darshan's names: POSIX_OPENS counts the dups
	eq "a.dat under Darshan's names" "POSIX_BYTES_WRITTEN=1450 POSIX_DUPS=4 POSIX_OPENS=5 POSIX_SIZE_WRITE_100_1K=4 POSIX_WRITES=5" \
		"SELECT group_concat(x, ' ') FROM (SELECT counter || '=' || value AS x FROM v_trace_darshan
		 WHERE $(at a.dat) AND counter IN ('POSIX_OPENS', 'POSIX_DUPS', 'POSIX_WRITES', 'POSIX_BYTES_WRITTEN',
		 'POSIX_SIZE_WRITE_100_1K') ORDER BY counter)"
	# a program without a single recorded call (the loader sorted empty
	# lists with qsort(NULL, 0, ...), which the sanitizer build aborts on)
	trace true
	expect_rc 0 $rc "vidya trace -- true"
	grep -q "runtime error" err && { cat err >&2; fail "sanitizer report"; }
	;;
metas)
	# metadata calls the catalog counts are recorded too (see progs/metas.c)
	build metas cc
	trace ./metas
	expect_rc 0 $rc "vidya trace"
	expect_in "metas done" out "the program's output"
	for call in posix_fadvise posix_fallocate fallocate truncate rmdir opendir closedir remove; do
		eq "$call is recorded once, as a metadata call" "meta:1" \
			"SELECT class || ':' || count(*) FROM v_trace_ops WHERE call = '$call' OR call = '${call}64' GROUP BY class"
	done
	eq "readdir: 4 entries and the end, one call each" "meta:5" \
		"SELECT class || ':' || count(*) FROM v_trace_ops WHERE call IN ('readdir', 'readdir64') GROUP BY class"
	eq "opendir, readdir, closedir and rmdir name the directory" "8" \
		"SELECT count(*) FROM v_trace_ops WHERE call IN ('opendir', 'readdir', 'readdir64', 'closedir', 'rmdir')
		 AND path LIKE '%/m.dir'"
	;;
maps)
	# file mappings: mmap, mmap64 and munmap recorded, named by the file,
	# anonymous mappings not (see progs/maps.c)
	build maps cc
	trace ./maps
	expect_rc 0 $rc "vidya trace"
	expect_in "maps done" out "the program's output"
	eq "map.dat: mmap 12288, munmap 4096 and 8192, mmap64 4096 at 4096, munmap 4096, mmap 12288, munmap 4096 twice" \
		"mmap:0:12288:0 munmap:-:4096:0 munmap:-:8192:0 mmap64:4096:4096:0 munmap:-:4096:0 mmap:0:12288:0 munmap:-:4096:0 munmap:-:4096:0" \
		"SELECT group_concat(c, ' ') FROM (SELECT call || ':' || coalesce(offset, '-') || ':' || bytes || ':' || err AS c
		 FROM v_trace_ops WHERE call IN ('mmap', 'mmap64', 'munmap') AND $(at map.dat) ORDER BY start_s)"
	eq "the failed mmap: EACCES on other.dat, no bytes" "13:0" \
		"SELECT err || ':' || bytes FROM v_trace_ops WHERE call = 'mmap' AND $(at other.dat)"
	eq "no anonymous mapping is recorded, nor the munmap of a page mapped over" "9" \
		"SELECT count(*) FROM v_trace_ops WHERE call IN ('mmap', 'mmap64', 'munmap')"
	eq "a munmap is its mapping's (same handle, a mapping made before it)" "5" \
		"SELECT count(DISTINCT u.op_id) FROM v_trace_ops u JOIN v_trace_ops m ON m.handle = u.handle
		 AND m.call LIKE 'mmap%' AND m.op_id < u.op_id WHERE u.call = 'munmap'"
	eq "msync names the mapping's file" "1" \
		"SELECT count(*) FROM v_trace_ops WHERE call = 'msync' AND $(at map.dat)"
	# map.dat: 8 mapping calls and 2 closes, 1 sync; other.dat: its close, the failure
	eq "counted as metadata calls of their files, the failure as an error" "10|1|0 1|1" \
		"SELECT (SELECT metas || '|' || syncs || '|' || errors FROM v_trace_files WHERE api = 'posix' AND $(at map.dat))
		 || ' ' || (SELECT metas || '|' || errors FROM v_trace_files WHERE api = 'posix' AND $(at other.dat))"
	;;
rightfile)
	# the right file for every call, failed calls apart (see progs/rightfile.c)
	build rightfile cc
	trace ./rightfile
	expect_rc 0 $rc "vidya trace"
	expect_in "rightfile done" out "the program's output"
	f="opens, reads, writes, bytes_read, bytes_written, errors"
	eq "b.dat: fopen's reused descriptor and the copies' reads are b.dat's" "2|4|1|664|300|0" \
		"SELECT $f FROM v_trace_files WHERE api = 'posix' AND $(at b.dat)"
	eq "a.dat: nothing read after its close" "1|0|1|0|100|0" \
		"SELECT $f FROM v_trace_files WHERE api = 'posix' AND $(at a.dat)"
	# three 10 B writes, each at offset 0 of a fresh descriptor: the last
	# two go back to 0 (random)
	eq "c.dat: three spellings are one absolute path, failures are errors" \
		"1|$T/c.dat|4|0|3|0|30|2|3|2" \
		"SELECT count(*), path, $f, write_0_100, random_ops FROM v_trace_files
		 WHERE api = 'posix' AND path LIKE '%c.dat'"
	eq "a failed open makes no file" 0 "SELECT count(*) FROM v_trace_files WHERE path LIKE '%missing.dat'"
	eq "the failed calls are kept as calls, with their errno" "open:2 open:17 write:9" \
		"SELECT group_concat(call || ':' || err, ' ') FROM (SELECT call, err FROM v_trace_ops
		 WHERE err <> 0 AND api = 'posix' ORDER BY start_s)"
	eq "O_APPEND writes at the end of the file" "0 1000 1100" \
		"$(offsets "api = 'posix' AND class = 'write' AND $(at d.dat)")"
	eq "copy_file_range, sendfile, splice write e.dat" "0 300 400" \
		"$(offsets "api = 'posix' AND class = 'write' AND $(at e.dat)")"
	eq "e.dat counters (300 B, 100 B and 64 B, end to end)" "3|464|2|1|2" \
		"SELECT writes, bytes_written, write_0_100, write_100_1k, consec_writes FROM v_trace_files
		 WHERE api = 'posix' AND $(at e.dat)"
	eq "the copies' read sides, with their offsets" "copy_file_range:0:300 sendfile:0:100 splice:0:64" \
		"SELECT group_concat(call || ':' || offset || ':' || bytes, ' ') FROM (SELECT call, offset, bytes
		 FROM v_trace_ops WHERE class = 'read' AND $(at b.dat) AND call <> 'pread' ORDER BY start_s)"
	# copy_file_range and sendfile (the splices' pipe sides are left out:
	# a pipe is no file)
	eq "a copy's write side is its read side's child (its time counts once)" 2 \
		"SELECT count(*) FROM v_trace_ops w JOIN v_trace_ops r ON w.parent_op = r.op_id AND w.pid = r.pid
		 WHERE w.class = 'write' AND r.class = 'read' AND w.call = r.call"
	;;
hdf5_16)
	# H5_USE_16_API: H5Dcreate and H5Dopen are H5Dcreate1 and H5Dopen1
	[ -f /usr/include/hdf5/serial/hdf5.h ] || skip "no serial HDF5 headers"
	LIBS="-L/usr/lib/x86_64-linux-gnu/hdf5/serial -lhdf5" build hdf5_16 cc -I/usr/include/hdf5/serial
	trace ./hdf5_16
	expect_rc 0 $rc "vidya trace"
	expect_in "hdf5_16: 1000 ints, data ok" out "the program's output"
	eq "the 1.6 dataset calls are recorded and name the file" "H5Dcreate1:1:1 H5Dopen1:1:1" \
		"SELECT group_concat(c, ' ') FROM (SELECT call || ':' || count(*) || ':' || sum($(at v16.h5)) AS c
		 FROM v_trace_ops WHERE call IN ('H5Dcreate1', 'H5Dopen1') GROUP BY call ORDER BY call)"
	eq "HDF5's posix calls on the file are its own, none the application's" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND parent_op IS NULL AND $(at v16.h5)"
	between "posix calls made inside H5Dopen1 are its children" 0 100000 \
		"SELECT count(*) FROM v_trace_ops WHERE api = 'posix' AND parent_call = 'H5Dopen1'"
	eq "hdf5 layer counters" "2|1|1|4000|4000" \
		"SELECT opens, reads, writes, bytes_read, bytes_written FROM v_trace_files WHERE api = 'hdf5' AND $(at v16.h5)"
	;;
exclusions)
	# system files, sockets, eventfd and pipes are no file of the program's
	build noise cc
	"$VIDYA" trace --ops --db v.db --exclude "$T/skip/" -- ./noise >out 2>err
	expect_rc 0 $? "vidya trace --exclude"
	expect_in "noise done" out "the program's output"
	# stdout is the file "out" here: the program's own output file
	eq "only the program's files are left" "data.dat posix|out stdio" \
		"SELECT group_concat(f, '|') FROM (SELECT replace(path, '$T/', '') || ' ' || api AS f
		 FROM v_trace_files ORDER BY path, api)"
	eq "data.dat counters" "4|2048" \
		"SELECT writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at data.dat)"
	eq "no call on an excluded file is kept" 0 \
		"SELECT count(*) FROM v_trace_ops WHERE path LIKE '/proc/%' OR path LIKE '/etc/%' OR path LIKE 'socket:%'
		 OR path LIKE 'anon_inode:%' OR path LIKE 'pipe:%' OR path LIKE '%/skip/%'"
	rm -rf skip
	"$VIDYA" trace --ops --db v.db --include-all -- ./noise >out2 2>err
	expect_rc 0 $? "vidya trace --include-all"
	# a socketpair has two inodes, a pipe one
	eq "--include-all keeps them: /proc, /etc, socket, eventfd, pipe, skip/" "1|1|2|1|1|1" \
		"SELECT sum(path LIKE '/proc/%'), sum(path LIKE '/etc/%'), sum(path LIKE 'socket:%'),
		 sum(path LIKE 'anon_inode:%'), sum(path LIKE 'pipe:%'), sum(path LIKE '%/skip/s.dat')
		 FROM v_trace_files WHERE api = 'posix'"
	;;
counters)
	# the default mode (counters, also spelled --counters): the same
	# per-file counters as with every call kept (--ops), the call sites
	# summed, no call stored, and a database that does not grow with the
	# number of calls
	build rightfile cc
	analyze
	trace ./rightfile
	expect_rc 0 $rc "vidya trace --ops"
	[ "$(q "SELECT count(*) FROM v_trace_ops")" -gt 0 ] || fail "--ops stored no call"
	cols="path, api, $(q "SELECT group_concat(name, ', ') FROM pragma_table_info('v_trace_files')
		WHERE name NOT IN ('trace_id', 'path', 'api', 'read_s', 'write_s', 'meta_s')")"
	files_ops=$(q "SELECT $cols FROM v_trace_files ORDER BY path, api")
	sites_ops=$(q "SELECT api, call, path, block_id, line, calls, errors, bytes FROM v_trace_sites ORDER BY 1, 2, 3, 4, 5")
	[ -n "$files_ops" ] || fail "no file counters with --ops"
	for mode in default --counters; do
		rm -rf sub ./*.dat
		opt=$mode
		[ "$mode" = default ] && opt=
		"$VIDYA" trace --db v.db $opt -- ./rightfile >out 2>err
		expect_rc 0 $? "vidya trace $opt"
		expect_in "(counted, not kept)" err "$mode: the summary says the calls were not kept"
		eq "$mode: no call is stored" 0 "SELECT count(*) FROM v_trace_ops"
		eq "$mode: the same file counters as with --ops" "$files_ops" "SELECT $cols FROM v_trace_files ORDER BY path, api"
		eq "$mode: the same call sites as with --ops" "$sites_ops" \
			"SELECT api, call, path, block_id, line, calls, errors, bytes FROM v_trace_sites ORDER BY 1, 2, 3, 4, 5"
	done
	eq "sites: pread of b.dat, in main" "1|200|1|main" \
		"SELECT calls, bytes, size_100_1k, function FROM v_trace_sites WHERE call = 'pread' AND $(at b.dat)"
	# put()'s three writes, and main's write on the read-only descriptor
	eq "sites: the failed write is an error at its own site" "main:1:1:0:0 put:3:0:30:3" \
		"SELECT group_concat(x, ' ') FROM (SELECT function || ':' || calls || ':' || errors || ':' || bytes
		 || ':' || size_0_100 AS x FROM v_trace_sites WHERE call = 'write' AND $(at c.dat) ORDER BY function)"
	# the database grows by the same whatever the number of calls
	build many_calls cc
	for n in 1000 20000; do
		s0=$(stat -c %s v.db)
		"$VIDYA" trace --db v.db -- ./many_calls $n >out 2>err
		expect_rc 0 $? "vidya trace many_calls $n"
		eq "many_calls $n: counted" "$n|$((16 * n))" \
			"SELECT writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at many.dat)"
		grow[$n]=$(($(stat -c %s v.db) - s0))
	done
	[ "${grow[20000]}" -le $((${grow[1000]} + 8192)) ] ||
		fail "the database grew by ${grow[1000]} B for 1000 calls, ${grow[20000]} B for 20000"
	;;
sigterm)
	# SIGTERM or SIGHUP to vidya trace (mpirun aborting a job, a batch
	# system's limit): passed on to the program, and its trace is stored
	build sleeper cc
	for sig in TERM HUP; do
		rm -f out
		"$VIDYA" trace --ops --db v.db -- ./sleeper >out 2>err &
		vp=$!
		for _ in $(seq 100); do grep -q written out 2>/dev/null && break; sleep 0.1; done
		grep -q written out || { kill -KILL $vp; fail "SIG$sig: the program did not start"; }
		kill -$sig $vp
		wait $vp
		rc=$?
		num=$(kill -l $sig)
		expect_rc $((128 + num)) $rc "vidya trace after SIG$sig (the program's status)"
		eq "SIG$sig: the program's writes are stored" "10|1000" \
			"SELECT writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at slept.dat)"
		eq "SIG$sig: the trace records the program's status" $((128 + num)) \
			"SELECT exit_status FROM traces ORDER BY trace_id DESC LIMIT 1"
	done
	;;
compact)
	# the log's compact call records (vd_tracelog.h, VD_TL_OPC, VD_TL_OPF,
	# VD_TL_OPB's entries): 20000 sequential pwrites take at most 40 B
	# each, and a call torn by a killed program (a record's type never
	# written, or a batch's entry not yet counted) ends the log cleanly there
	build many_calls cc
	mkdir kept
	"$VIDYA" trace --ops --out kept --db v.db -- ./many_calls 20000 >out 2>err
	expect_rc 0 $? "vidya trace --out"
	eq "every call" "close:close:1 fsync:sync:1 open:open:1 pwrite:write:20000" \
		"$(calls "api = 'posix' AND $(at many.dat)")"
	d=$(find kept -mindepth 1 -maxdepth 1 -type d)
	log=$(ls -S "$d"/*.vtl | head -n 1)
	# walks the records: "<compact calls> <their bytes> <batched calls>";
	# then the 10001st compact call is torn: a record's type zeroed and its
	# bytes made garbage, or, in a batch, the entries from it on uncounted
	# and garbage, and the record after the batch unwritten (type 0: a
	# killed program writes nothing after the batch it was filling)
	stats=$(python3 - "$log" <<'PY'
import struct, sys
f = open(sys.argv[1], "r+b")
d = bytearray(f.read())

def varint(at):
    v = sh = 0
    while True:
        b = d[at]
        at += 1
        v |= (b & 0x7F) << sh
        sh += 7
        if not b & 0x80:
            return v, at

off, n, size, batched, torn = 4096, 0, 0, 0, None
while off + 8 <= len(d):
    t, s = struct.unpack_from("<II", d, off)
    if t == 0 or s < 8:
        break
    if t in (7, 8):
        n += 1
        size += s
        if n == 10001:
            torn = ("rec", off, s)
    elif t == 9:
        count = struct.unpack_from("<I", d, off + 8)[0]
        e = off + 16
        for j in range(count):
            n += 1
            batched += 1
            if n == 10001:
                torn = ("batch", off, s, j, e)
            head, e = varint(e)
            _, e = varint(e)
            _, e = varint(e)
            if not head & 1:
                _, e = varint(e)
        size += s
    off += s
print(n, size, batched)
if torn[0] == "rec":
    _, o, s = torn
    d[o:o + s] = b"\xff" * s
    d[o:o + 4] = b"\0\0\0\0"
else:
    _, o, s, j, e = torn
    struct.pack_into("<I", d, o + 8, j)
    d[e:o + s] = b"\xff" * (o + s - e)
    d[o + s:o + s + 4] = b"\0\0\0\0"
f.seek(0)
f.write(d)
PY
)
	set -- $stats
	[ "${1:-0}" -ge 20000 ] || fail "compact records: $stats"
	[ "$2" -le $((40 * $1)) ] || fail "compact records take more than 40 B each: $stats"
	[ "${3:-0}" -ge 19000 ] || fail "sequential calls batched: $stats"
	mv v.db first.db
	"$VIDYA" trace --load "$d" --ops --db v.db >out 2>err
	expect_rc 0 $? "vidya trace --load of a torn log"
	eq "the calls before the torn record, none after" "10000|0|159984" \
		"SELECT count(*), min(offset), max(offset) FROM v_trace_ops WHERE call = 'pwrite'"
	;;
load)
	# --load DIR: logs kept with --out, stored later (here in both modes)
	build rightfile cc
	mkdir kept
	"$VIDYA" trace --ops --out kept --db v.db -- ./rightfile >out 2>err
	expect_rc 0 $? "vidya trace --out"
	d=$(find kept -mindepth 1 -maxdepth 1 -type d)
	[ -n "$d" ] || fail "no kept log directory"
	files=$(q "SELECT path, api, opens, reads, writes, bytes_read, bytes_written, errors FROM v_trace_files ORDER BY 1, 2")
	mv v.db first.db
	"$VIDYA" trace --load "$d" --db v.db --counters >out 2>err
	expect_rc 0 $? "vidya trace --load"
	expect_in "(counted, not kept)" err "the summary"
	eq "the loaded logs give the same counters" "$files" \
		"SELECT path, api, opens, reads, writes, bytes_read, bytes_written, errors FROM v_trace_files ORDER BY 1, 2"
	eq "the loaded trace says where it came from" "(loaded from $(cd "$d" && pwd -P))" \
		"SELECT command FROM traces ORDER BY trace_id DESC LIMIT 1"
	"$VIDYA" trace --load "$d" --db v.db >out 2>err
	expect_rc 0 $? "vidya trace --load, again"
	eq "loaded twice: two traces" 2 "SELECT count(*) FROM traces"
	# the --out directory itself: its <host>-<pid> subdirectories
	"$VIDYA" trace --load kept --db v.db >out 2>err
	expect_rc 0 $? "vidya trace --load of the --out directory"
	eq "the outer directory gives the same counters" "$files" \
		"SELECT path, api, opens, reads, writes, bytes_read, bytes_written, errors FROM v_trace_files
		 WHERE trace_id = (SELECT max(trace_id) FROM traces) ORDER BY 1, 2"
	rm -rf sub ./*.dat
	"$VIDYA" trace --ops --out kept --db first.db -- ./rightfile >out 2>err
	expect_rc 0 $? "vidya trace --out, a second run"
	"$VIDYA" trace --load kept --db v.db >out 2>err
	expect_rc 0 $? "vidya trace --load of two log directories"
	eq "two log directories: one trace of two processes" "4|2" \
		"SELECT count(*), (SELECT count(*) FROM trace_procs WHERE trace_id = (SELECT max(trace_id) FROM traces))
		 FROM traces"
	mkdir empty
	"$VIDYA" trace --load empty --db v.db >out 2>err
	expect_rc 1 $? "--load of a directory without logs"
	expect_in "no trace logs" err "says why"
	expect_in "<host>-<pid>" err "says where logs are looked for"
	"$VIDYA" trace --load nowhere --db v.db >out 2>err
	expect_rc 1 $? "--load of a missing directory"
	expect_in "nowhere" err "names it"
	"$VIDYA" trace --load "$d" --db v.db -- ./rightfile >out 2>err
	expect_rc 1 $? "--load with a program"
	[ ! -s out ] || fail "the program ran"
	;;
locked_db)
	# another writer holds the database for 20 s when the program ends:
	# vidya waits for it, stores the trace and exits with the program's status
	command -v sqlite3 >/dev/null || skip "no sqlite3"
	"$VIDYA" trace --ops --db v.db -- sh -c 'touch started; sleep 2; exit 7' >out 2>err &
	vp=$!
	for _ in $(seq 100); do [ -e started ] && break; sleep 0.1; done
	[ -e started ] || { kill $vp; fail "the program did not start"; }
	printf 'BEGIN EXCLUSIVE;\nDELETE FROM meta WHERE 0;\n.shell sleep 20\nCOMMIT;\n' | sqlite3 v.db &
	lp=$!
	wait $vp
	rc=$?
	wait $lp
	expect_rc 7 $rc "vidya trace with the database locked for 20 s"
	eq "the trace is stored, with the program's status" "1|7" \
		"SELECT count(*), max(exit_status) FROM traces"
	;;
positions)
	# the recorder keeps file positions itself: every write's offset is
	# where it wrote, whatever moved the position (see progs/positions.c)
	build positions cc
	trace ./positions
	expect_rc 0 $rc "vidya trace"
	expect_in "positions done" out "the program's output"
	[ "$(stat -c %s pos.dat)" = 510 ] || fail "setup: pos.dat size"
	eq "the parent's posix writes, at their offsets" "0 40 500 50 60 70 110 130 150" \
		"$(offsets "api = 'posix' AND class = 'write' AND $(at pos.dat) AND pid = (SELECT min(pid) FROM trace_procs WHERE trace_id = (SELECT max(trace_id) FROM traces))")"
	eq "the child's write" "80" \
		"$(offsets "api = 'posix' AND class = 'write' AND $(at pos.dat) AND pid = (SELECT max(pid) FROM trace_procs WHERE trace_id = (SELECT max(trace_id) FROM traces))")"
	eq "the fdopen'ed stream's fwrite" "140" "$(offsets "api = 'stdio' AND class = 'write' AND $(at pos.dat)")"
	eq "a read on fopen's reused descriptor, at 0" "read:0:10" \
		"SELECT group_concat(call || ':' || offset || ':' || bytes, ' ') FROM v_trace_ops
		 WHERE api = 'posix' AND class = 'read' AND $(at pos.dat)"
	# the same writes as Darshan's DXT lists them: numbered from 0 per process
	eq "DXT view of the parent's writes" "X_POSIX:write:0:0:100 X_POSIX:write:8:150:10" \
		"SELECT group_concat(x, ' ') FROM (SELECT module || ':' || wt_rd || ':' || segment || ':' || offset || ':' || length AS x
		 FROM v_trace_dxt WHERE $(at pos.dat) AND wt_rd = 'write' AND segment IN (0, 8) AND pid = (SELECT min(pid) FROM trace_procs
		 WHERE trace_id = (SELECT max(trace_id) FROM traces)) ORDER BY segment)"
	;;
clock)
	# timestamps are CLOCK_MONOTONIC nanoseconds, whether the recorder reads
	# the time-stamp counter (x86-64 with an invariant TSC) or the clock
	# itself (VIDYA_TRACE_CLOCK=monotonic): each write's start, relative to
	# the first write's, and its duration lie within what the program
	# measured around the calls (2 us of slack); the burst's 2000 writes lie
	# within the span measured around them, in order (progs/clock.c)
	build clock cc
	for mode in tsc monotonic; do
		rm -f v.db
		VIDYA_TRACE_CLOCK=$mode trace ./clock
		expect_rc 0 $rc "vidya trace ($mode)"
		q "SELECT printf('%.0f %.0f', (start_s - (SELECT min(start_s) FROM v_trace_ops WHERE call = 'write' AND $(at clk.dat))) * 1e9, dur_s * 1e9)
		   FROM v_trace_ops WHERE call = 'write' AND $(at clk.dat) ORDER BY start_s" >ops.txt
		[ "$(wc -l <ops.txt)" = 8 ] || fail "$mode: 8 timed writes expected, got $(wc -l <ops.txt)"
		grep -v burst out | paste -d' ' - ops.txt | awk -v mode=$mode '
			NR == 1 { b0 = $1; a0 = $2 }
			{ lo = $1 - a0 - 2000; hi = $2 - b0 + 2000
			  if ($3 < lo || $3 > hi) { printf "%s: write %d starts %.0f ns after the first, measured %d..%d\n", mode, NR, $3, lo, hi; bad = 1 }
			  if ($4 < 0 || $4 > $2 - $1 + 2000) { printf "%s: write %d lasts %.0f ns, measured at most %d\n", mode, NR, $4, $2 - $1; bad = 1 } }
			END { exit bad }' >&2 || fail "$mode: timestamps off the program's clock"
		# the burst: all within [before, after] measured around it, relative to
		# the first timed write
		read -r _ bb ba < <(grep '^burst' out)
		read -r b0 a0 < <(head -n 1 out)
		q "SELECT printf('%.0f %.0f %d', (min(start_s) - (SELECT min(start_s) FROM v_trace_ops WHERE call = 'write' AND $(at clk.dat))) * 1e9,
		          (max(start_s + dur_s) - (SELECT min(start_s) FROM v_trace_ops WHERE call = 'write' AND $(at clk.dat))) * 1e9, count(*))
		   FROM v_trace_ops WHERE call = 'write' AND $(at burst.dat)" >burst.txt
		read -r first last n <burst.txt
		[ "$n" = 2000 ] || fail "$mode: 2000 burst writes expected, got $n"
		awk -v f="$first" -v l="$last" -v lo=$((bb - a0 - 2000)) -v hi=$((ba - b0 + 2000)) \
			'BEGIN { exit !(f >= lo && l <= hi && f <= l) }' ||
			fail "$mode: burst $first..$last ns, measured $((bb - a0))..$((ba - b0))"
	done
	;;
chains)
	# one call site reached through call chains that differ only above it
	# (progs/chains.c): the recorder takes the chain again when it differs,
	# even when the stack address and the call's return address are the same
	build chains cc
	analyze 3000
	"$VIDYA" trace --db v.db -- ./chains 3000 >out 2>err
	expect_rc 0 $? "vidya trace"
	eq "writes" "9000|90000" "SELECT writes, bytes_written FROM v_trace_files WHERE api = 'posix' AND $(at chains.dat)"
	eq "I/O calls per function: one, put, two" "3000 9000 6000" \
		"SELECT group_concat(n, ' ') FROM (SELECT io_ops AS n FROM v_measured_blocks WHERE kind = 'function'
		 AND function IN ('one', 'two', 'put') ORDER BY function)"
	;;
tailcall | tailcall_clang)
	# functions left by a tail call at -O2 (progs/tailcall.c) get the time
	# and the calls of what they jumped to, when one chain of tail calls
	# explains the stack; when two could (pick -> via_a or via_b -> spin),
	# only the function every chain passes through does; two tail calls in a
	# row (outer -> middle -> spin2) put back both.  tailcall_clang: the same
	# built by Clang, which marks a tail call by the jump's address
	# (DW_AT_call_pc) and writes no .debug_aranges; its loops in spin and
	# spin2 run too briefly to be checked
	comp=cc
	[ "$CHECK" = tailcall ] || comp=clang
	build tailcall $comp -O2
	[ "$(readelf --debug-dump=info tailcall 2>/dev/null | grep -c DW_AT_call_tail_call)" -ge 7 ] ||
		skip "the compiler made no tail calls (or no DWARF call-site records)"
	head -c 65536 /dev/zero >data.bin
	analyze data.bin 3000 10000000
	trace ./tailcall data.bin 3000 10000000
	expect_rc 0 $rc "vidya trace"
	wall() { q "SELECT coalesce(max(wall_s), 0) FROM v_measured_blocks WHERE kind = 'function' AND function = '$1'"; }
	crunch=$(wall crunch) reader=$(wall reader) spin=$(wall spin) pick=$(wall pick)
	via=$(q "SELECT coalesce(sum(wall_s), 0) FROM v_measured_blocks WHERE kind = 'function' AND function IN ('via_a', 'via_b')")
	awk -v c="$crunch" -v r="$reader" 'BEGIN { exit !(c >= 0.05 && r >= 0.9 * c) }' ||
		fail "reader's wall_s $reader should hold crunch's $crunch (its tail callee)"
	[ $comp = clang ] ||
		awk -v s="$spin" -v p="$pick" -v v="$via" 'BEGIN { exit !(s >= 0.05 && p >= 0.9 * s && v <= 0.05 * s) }' ||
		fail "pick's wall_s $pick should hold spin's $spin, via_a's and via_b's ($via) not (two chains)"
	spin2=$(wall spin2) outer=$(wall outer) middle=$(wall middle)
	[ $comp = clang ] ||
		awk -v s="$spin2" -v o="$outer" -v m="$middle" 'BEGIN { exit !(s >= 0.05 && o >= 0.9 * s && m >= 0.9 * s) }' ||
		fail "outer's ($outer) and middle's ($middle) wall_s should hold spin2's $spin2"
	eq "reader's calls: open, 16 reads, close" 18 \
		"SELECT io_ops FROM v_measured_blocks WHERE kind = 'function' AND function = 'reader'"
	eq "the fsync of syncer (a tail call of an interposed function)" "1|syncer" \
		"SELECT b.io_ops, s.function FROM v_measured_blocks b, v_trace_sites s
		 WHERE b.kind = 'function' AND b.function = 'syncer' AND s.call = 'fsync'"
	eq "main's calls" 21 "SELECT io_ops FROM v_measured_blocks WHERE kind = 'function' AND function = 'main'"
	;;
stale_logs)
	# the temporary log directories of earlier traces killed before they
	# stored their logs (their vidya process is gone) are named, with how to
	# store them; a live one (another vidya storing right now) is not
	mkdir tmp
	h=$(hostname)
	sh -c 'exit 0' &
	dead=$!
	wait $dead
	mkdir -p tmp/vidya-trace.AAAAAA/$h-$dead tmp/vidya-trace.BBBBBB/$h-$$ tmp/vidya-trace.CCCCCC/$h-$dead
	head -c 3000000 /dev/zero >tmp/vidya-trace.AAAAAA/$h-$dead/vidya.1.1.0.vtl
	head -c 100000 /dev/zero >tmp/vidya-trace.BBBBBB/$h-$$/vidya.2.2.0.vtl
	TMPDIR=$T/tmp "$VIDYA" trace --db v.db -- true >out 2>err
	expect_rc 0 $? "vidya trace"
	expect_in "1 log directory of earlier traces that were killed before they were stored (3.0 MB)" err "the warning"
	expect_in "the largest $T/tmp/vidya-trace.AAAAAA/$h-$dead (3.0 MB): store one with \`vidya trace --load DIR\`" err "names it"
	[ -d tmp/vidya-trace.AAAAAA ] || fail "the stale logs were removed"
	[ "$(ls tmp | grep -c vidya-trace)" = 3 ] || fail "vidya's own temporary directory was left: $(ls tmp)"
	rm -rf tmp/vidya-trace.AAAAAA
	TMPDIR=$T/tmp "$VIDYA" trace --db v.db -- true >out 2>err
	expect_rc 0 $? "vidya trace"
	! grep -q "killed before" err || fail "a warning with no stale logs: $(cat err)"
	;;
mpi_singleton)
	# an MPI program run without mpirun starts the runtime's daemon (Open
	# MPI's orted) itself: the daemon is no process of the program's
	command -v mpicc >/dev/null || skip "no mpicc"
	build mpiio mpicc
	timeout 120 "$VIDYA" trace --ops --db v.db -- ./mpiio 512 >out 2>err
	expect_rc 0 $? "vidya trace of a singleton MPI program"
	expect_in "mpiio: 1 ranks, 512 doubles each, data ok" out "the program ran"
	eq "no runtime daemon among the processes" 0 \
		"SELECT count(*) FROM trace_procs WHERE exe LIKE '%/orted' OR exe LIKE '%/prted'"
	eq "only the program's files" 0 \
		"SELECT count(*) FROM v_trace_files WHERE path NOT LIKE '$T/%'"
	eq "its data file in both layers" "mpiio posix" \
		"SELECT group_concat(api, ' ') FROM (SELECT api FROM v_trace_files WHERE $(at mpiio.dat) ORDER BY api)"
	;;
*)
	fail "unknown check"
	;;
esac
echo "ok $CHECK"
