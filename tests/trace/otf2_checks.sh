#!/usr/bin/env bash
# otf2_checks.sh VIDYA CHECK - `vidya trace --otf2 DIR`: a test program of
# progs/ is traced, the trace exported as an OTF2 archive and read back
# with otf2-print (Debian's otf2-tools).  Expected numbers come from the
# database the archive was written from (v_trace_ops) and from what the
# program does, never from the export's own output.  KEEP=1 keeps the
# temporary directory.
set -u
VIDYA=$1
CHECK=$2
PROGS=$(cd "$(dirname "$0")" && pwd)/progs
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-otf2test.XXXXXX")
trap '[ -n "${KEEP:-}" ] && echo "kept $T" >&2 || rm -rf "$T"' EXIT
cd "$T"

fail() { echo "FAIL otf2.$CHECK: $*" >&2; exit 1; }
skip() { echo "skip otf2.$CHECK: $*"; exit 77; }
q() { sqlite3 -batch -noheader "$T/v.db" "$1" 2>&1; }
eq() { # WHAT EXPECTED GOT
	[ "$2" = "$3" ] || fail "$1: got '$3', expected '$2'"
}
# export: vidya trace --otf2 arch --db v.db, then the events and the
# global definitions as otf2-print prints them
export_arch() {
	"$VIDYA" trace --otf2 arch --db v.db "$@" >out 2>err || { cat err >&2; fail "vidya trace --otf2: exit $?"; }
	[ -f arch/traces.otf2 ] || fail "no arch/traces.otf2"
	otf2-print arch/traces.otf2 >events 2>print.err || { cat print.err >&2; fail "otf2-print cannot read the archive"; }
	otf2-print -G arch/traces.otf2 >defs 2>>print.err || { cat print.err >&2; fail "otf2-print -G"; }
	! grep -q "warning" print.err || { cat print.err >&2; fail "otf2-print warns about the archive"; }
}
nev() { grep -c "^$1 " events; }
# the data operations the store has: reads, writes, flushes and syncs that succeeded
data_ops() {
	q "SELECT count(*) FROM v_trace_ops WHERE err = 0 AND class IN ('read', 'write', 'flush', 'sync')
	   AND api IN ('posix', 'stdio', 'mpiio', 'hdf5', 'netcdf', 'pnetcdf')"
}
build() { # NAME COMPILER [FLAGS...]
	local name=$1 comp=$2
	shift 2
	command -v "$comp" >/dev/null || skip "no $comp"
	cp "$PROGS/$name.c" . || fail "no $PROGS/$name.c"
	"$comp" -g -O0 "$@" "$name.c" -o "$name" ${LIBS:-} >build.log 2>&1 || { cat build.log >&2; fail "cannot build $name"; }
}
trace() {
	"$VIDYA" trace --ops --db v.db "$@" >out 2>err || { cat err >&2; fail "vidya trace --ops $*: exit $?"; }
}
command -v otf2-print >/dev/null || skip "no otf2-print (Debian's otf2-tools)"

case $CHECK in
posix)
	# posix_io 8 4096 24 12345: seq.dat (8 writes, 8 reads, fsync, 1 lseek),
	# strided.dat (8 pwrite, 8 pread, fdatasync), rand.dat (24 pwrite, 24
	# lseek + read), every transfer 4096 bytes
	build posix_io cc
	trace ./posix_io 8 4096 24 12345
	export_arch
	n=$(data_ops)
	eq "POSIX data operations stored (16 + 17 + 16 + 1 + 48)" 82 \
		"$(q "SELECT count(*) FROM v_trace_ops WHERE err = 0 AND api = 'posix' AND class IN ('read', 'write', 'flush', 'sync')")"
	eq "IoOperationBegin events" "$n" "$(nev IO_OPERATION_BEGIN)"
	eq "IoOperationComplete events" "$n" "$(nev IO_OPERATION_COMPLETE)"
	eq "reads" "$(q "SELECT count(*) FROM v_trace_ops WHERE err = 0 AND class = 'read'")" \
		"$(grep -c "^IO_OPERATION_BEGIN .*Mode: READ," events)"
	eq "fsync and fdatasync are flushes" 2 "$(grep -c "^IO_OPERATION_BEGIN .*Mode: FLUSH," events)"
	eq "opens and closes" "3 3" "$(nev IO_CREATE_HANDLE) $(nev IO_DESTROY_HANDLE)"
	# its report on stdout (the file out here): a stdio handle opened before the trace
	grep -q '^IO_HANDLE .*/out".*I/O Paradigm: "ISO C I/O" <[0-9]*>, Flags: {PRE_CREATED}' defs ||
		fail "no pre-created ISO C handle for stdout"
	eq "seeks (1 + 24 lseek)" 25 "$(nev IO_SEEK)"
	for f in seq.dat strided.dat rand.dat; do
		grep -q "^IO_REGULAR_FILE .*Name: \"[^\"]*/$f\"" defs || fail "no IoRegularFile $f in the definitions"
		grep -q "^IO_HANDLE .*Name: \"[^\"]*/$f\".*I/O Paradigm: \"POSIX I/O\"" defs || fail "no POSIX handle on $f"
	done
	eq "one POSIX paradigm" 1 "$(grep -c '^IO_PARADIGM .*Identification: "POSIX"' defs)"
	# the 8th pread of strided.dat (backwards: offset 4096): its size and offset
	id=$(q "SELECT op_id FROM v_trace_ops WHERE call = 'pread' AND offset = 4096")
	[ -n "$id" ] || fail "no pread at offset 4096 in v_trace_ops"
	grep -A1 "^IO_OPERATION_BEGIN .*Mode: READ, .*Bytes Request: 4096, Matching Id: $id\$" events |
		grep -q '("offset" <0>; UINT64; 4096)' || fail "pread $id: no read of 4096 bytes at offset 4096"
	grep -q "^IO_OPERATION_COMPLETE .*Bytes Result: 4096, Matching Id: $id\$" events ||
		fail "pread $id: no completion with 4096 bytes"
	# the lseek targets of rand.dat are the IoSeek results
	eq "seek results" "$(q "SELECT group_concat(offset, ' ') FROM (SELECT offset FROM v_trace_ops WHERE call = 'lseek' ORDER BY op_id)")" \
		"$(sed -n 's/^IO_SEEK .*Offset Result: \([0-9]*\).*/\1/p' events | tr '\n' ' ' | sed 's/ $//')"
	eq "one location, its event count" "$(grep -c '^IO_' events)" \
		"$(sed -n 's/^LOCATION .*# Events: \([0-9]*\),.*/\1/p' defs)"
	;;
hdf5)
	[ -f /usr/include/hdf5/serial/hdf5.h ] || skip "no serial HDF5 headers"
	LIBS="-L/usr/lib/x86_64-linux-gnu/hdf5/serial -lhdf5" build hdf5_io cc -I/usr/include/hdf5/serial
	trace ./hdf5_io 128 128
	export_arch
	n=$(data_ops)
	eq "IoOperationBegin/Complete events = stored data operations" "$n $n" \
		"$(nev IO_OPERATION_BEGIN) $(nev IO_OPERATION_COMPLETE)"
	grep -q '^IO_PARADIGM .*Identification: "HDF5"' defs || fail "no HDF5 paradigm"
	# the POSIX handle HDF5 opened data.h5 with names an HDF5 handle as its parent
	hd=$(sed -n 's/^IO_HANDLE *\([0-9]*\) .*I\/O Paradigm: "HDF5".*/\1/p' defs | tr '\n' ' ')
	[ -n "$hd" ] || fail "no HDF5 handle"
	par=$(sed -n 's/^IO_HANDLE .*data\.h5".*I\/O Paradigm: "POSIX I\/O".*Parent: "[^"]*" <\([0-9]*\)>.*/\1/p' defs)
	[ -n "$par" ] || { cat defs >&2; fail "the POSIX handle on data.h5 has no parent handle"; }
	[[ " $hd" == *" $par "* ]] || fail "the POSIX handle's parent $par is not an HDF5 handle ($hd)"
	eq "H5Dwrite: a write of 131072 bytes (128 x 128 doubles) on an HDF5 handle" 1 \
		"$(grep -c '^IO_OPERATION_BEGIN .*Mode: WRITE, .*Bytes Request: 131072, Matching Id: '"$(q "SELECT op_id FROM v_trace_ops WHERE call = 'H5Dwrite'")"'$' events)"
	;;
netcdf)
	# netcdf_io 16 512: 16 nc_put_vara_double of 4096 bytes, one
	# nc_get_var_double of 65536, through HDF5 (NetCDF-4) to POSIX
	[ -f /usr/include/netcdf.h ] || skip "no NetCDF headers (libnetcdf-dev)"
	nm -D "$(dirname "$VIDYA")/libvidya_trace.so" 2>/dev/null | grep -q " T nc_put_vara_double$" ||
		skip "the recorder was built without the NetCDF layer"
	LIBS=-lnetcdf build netcdf_io cc
	trace ./netcdf_io 16 512
	export_arch
	n=$(data_ops)
	eq "IoOperationBegin/Complete events = stored data operations" "$n $n" \
		"$(nev IO_OPERATION_BEGIN) $(nev IO_OPERATION_COMPLETE)"
	eq "NetCDF, HDF5 and POSIX paradigms" "1 1 1" \
		"$(grep -c '^IO_PARADIGM .*Identification: "NETCDF"' defs) $(grep -c '^IO_PARADIGM .*Identification: "HDF5"' defs) $(grep -c '^IO_PARADIGM .*Identification: "POSIX"' defs)"
	nd=$(sed -n 's/^IO_HANDLE *\([0-9]*\) .*I\/O Paradigm: "NetCDF".*/\1/p' defs | tr '\n' ' ')
	pars=$(sed -n 's/^IO_HANDLE .*data\.nc".*I\/O Paradigm: "HDF5".*Flags: NONE.*Parent: "[^"]*" <\([0-9]*\)>.*/\1/p' defs | tr '\n' ' ')
	[ -n "$pars" ] || fail "no HDF5 handle with a parent"
	for p in $pars; do
		[[ " $nd" == *" $p "* ]] || fail "HDF5 handle parent $p is not a NetCDF handle ($nd)"
	done
	nc=$(sed -n 's/^IO_HANDLE *\([0-9]*\) .*I\/O Paradigm: "NetCDF".*/\1/p' defs | head -n 1)
	eq "16 NetCDF writes of 4096 bytes" 16 \
		"$(grep -c '^IO_OPERATION_BEGIN .*Handle: "[^"]*data\.nc" <'"$nc"'>, Mode: WRITE, .*Bytes Request: 4096,' events)"
	;;
mpiio)
	# mpiio 4096 under mpirun -np 2: per rank one MPI_File_write_at_all and
	# one MPI_File_read_at of 32768 bytes, each with its pwrite/pread below
	command -v mpirun >/dev/null || skip "no mpirun"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	build mpiio mpicc
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./mpiio 4096 >out 2>err ||
		{ cat err >&2; fail "mpirun vidya trace"; }
	export_arch
	n=$(data_ops)
	eq "IoOperationBegin/Complete events = stored data operations" "$n $n" \
		"$(nev IO_OPERATION_BEGIN) $(nev IO_OPERATION_COMPLETE)"
	eq "two processes, one location each" "2 2" \
		"$(grep -c '^LOCATION_GROUP .*Type: PROCESS' defs) $(grep -c '^LOCATION ' defs)"
	grep -q '^IO_PARADIGM .*Identification: "MPI-IO".*Class: PARALLEL' defs || fail "no parallel MPI-IO paradigm"
	eq "collective writes of 32768 bytes (write_at_all, one per rank)" 2 \
		"$(grep -c '^IO_OPERATION_BEGIN .*Mode: WRITE, Operation Flags: {COLLECTIVE}, Bytes Request: 32768,' events)"
	eq "independent reads of 32768 bytes (MPI_File_read_at and pread, per rank)" 4 \
		"$(grep -c '^IO_OPERATION_BEGIN .*Mode: READ, Operation Flags: NONE, Bytes Request: 32768,' events)"
	# each rank's POSIX handle on mpiio.dat has an MPI-IO handle as its parent
	md=$(sed -n 's/^IO_HANDLE *\([0-9]*\) .*I\/O Paradigm: "MPI I\/O".*/\1/p' defs | tr '\n' ' ')
	pars=$(sed -n 's/^IO_HANDLE .*mpiio\.dat".*I\/O Paradigm: "POSIX I\/O".*Parent: "[^"]*" <\([0-9]*\)>.*/\1/p' defs | tr '\n' ' ')
	eq "POSIX handles on mpiio.dat with a parent" 2 "$(echo $pars | wc -w)"
	for p in $pars; do
		[[ " $md" == *" $p "* ]] || fail "parent $p is not an MPI-IO handle ($md)"
	done
	;;
mpiio_async)
	# mpiio_async 4096 under mpirun -np 2: non-blocking MPI-IO calls, split
	# collectives and the aio_ calls OMPIO serves them with; each is
	# Begin, Issued (its call returned), Complete (its transfer ended)
	command -v mpirun >/dev/null || skip "no mpirun"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	build mpiio_async mpicc
	timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./mpiio_async 4096 >out 2>err ||
		{ cat err >&2; fail "mpirun vidya trace"; }
	export_arch
	n=$(data_ops)
	eq "IoOperationBegin/Complete events = stored data operations" "$n $n" \
		"$(nev IO_OPERATION_BEGIN) $(nev IO_OPERATION_COMPLETE)"
	nb=$(q "SELECT count(*) FROM v_trace_ops WHERE err = 0 AND class IN ('read', 'write')
		AND (call GLOB 'MPI_File_i*' OR call GLOB '*_begin' OR call GLOB 'aio_*')")
	[ "$nb" -gt 0 ] || fail "no non-blocking calls stored"
	eq "IoOperationIssued per non-blocking call" "$nb" "$(nev IO_OPERATION_ISSUED)"
	eq "NON_BLOCKING begins" "$nb" "$(grep -c '^IO_OPERATION_BEGIN .*Operation Flags: {NON_BLOCKING' events)"
	# per location, an issued operation began before and completes after
	awk '$1 ~ /^IO_OPERATION_(BEGIN|ISSUED|COMPLETE)$/ { id = $NF; k = $2 ":" id
		if ($1 == "IO_OPERATION_BEGIN") b[k] = 1
		else if ($1 == "IO_OPERATION_ISSUED") { if (!b[k]) { print "issued before begin: " k; bad = 1 }; i[k] = 1 }
		else if (i[k] != 1 && b[k] != 1) { print "complete without begin: " k; bad = 1 } }
		END { exit bad }' events || fail "Begin/Issued/Complete out of order"
	;;
errors)
	build posix_io cc
	# a store without calls: the default mode (counters) keeps none
	"$VIDYA" trace --db v.db -- ./posix_io 2 512 2 1 >out 2>err || fail "vidya trace"
	"$VIDYA" trace --otf2 arch --db v.db >out 2>err
	eq "exit status, a trace without calls" 1 $?
	grep -q "v.db: trace 1 keeps counters only .*re-trace with \`vidya trace --ops\`" err ||
		{ cat err >&2; fail "no clear message for a trace without calls"; }
	[ ! -e arch/traces.otf2 ] || fail "an archive was written for nothing"
	# a trace that recorded nothing at all (kept with --ops) is not one to re-trace
	"$VIDYA" trace --ops --db nothing.db -- true >out 2>err || fail "vidya trace --ops -- true"
	"$VIDYA" trace --otf2 arch --db nothing.db >out 2>err
	eq "exit status, a trace that recorded nothing" 1 $?
	grep -q "nothing.db: trace 1 recorded no calls" err || { cat err >&2; fail "no message for a trace of nothing"; }
	"$VIDYA" trace --otf2 arch --db v.db --trace 7 >out 2>err
	eq "exit status, no trace 7" 1 $?
	grep -q "v.db: no trace 7" err || { cat err >&2; fail "no message naming the missing trace"; }
	"$VIDYA" trace --otf2 arch --db none.db >out 2>err
	eq "exit status, no database" 1 $?
	grep -q "none.db: no such database" err || { cat err >&2; fail "no message for a missing database"; }
	[ ! -e none.db ] || fail "the export created a database"
	# a database with no trace at all
	sqlite3 empty.db "CREATE TABLE traces (trace_id INTEGER)"
	"$VIDYA" trace --otf2 arch --db empty.db >out 2>err
	eq "exit status, no trace yet" 1 $?
	grep -q "empty.db: no trace yet" err || { cat err >&2; fail "no message for a database without traces"; }
	# unwritable places
	trace ./posix_io 2 512 2 1
	: >plain
	"$VIDYA" trace --otf2 plain --db v.db >out 2>err
	eq "exit status, DIR is a file" 1 $?
	grep -q "plain: not a directory" err || { cat err >&2; fail "no message for a file as DIR"; }
	"$VIDYA" trace --otf2 plain/sub --db v.db >out 2>err
	eq "exit status, DIR under a file" 1 $?
	grep -q "plain/sub: cannot create the directory" err || { cat err >&2; fail "no message for an impossible DIR"; }
	"$VIDYA" trace --otf2 arch --db v.db >out 2>err || { cat err >&2; fail "export after the errors"; }
	"$VIDYA" trace --otf2 arch --db v.db >out 2>err
	eq "exit status, an archive already there" 1 $?
	grep -q "arch: already holds an OTF2 archive" err || { cat err >&2; fail "no message for an existing archive"; }
	mkdir -p half/traces
	"$VIDYA" trace --otf2 half --db v.db >out 2>err
	eq "exit status, a traces/ directory there" 1 $?
	grep -q "half: already holds an OTF2 archive (traces is there)" err || { cat err >&2; fail "no message for traces/"; }
	"$VIDYA" trace --otf2 arch2 --db v.db -- ./posix_io >out 2>err
	eq "exit status, --otf2 with a program" 1 $?
	for o in --counters --ops; do
		"$VIDYA" trace --otf2 arch2 $o --db v.db >out 2>err
		eq "exit status, --otf2 with $o" 1 $?
		grep -q "takes only --db and --trace" err || { cat err >&2; fail "no message for --otf2 $o"; }
	done
	[ ! -e arch2 ] || fail "arch2 made after a usage error"
	"$VIDYA" trace --trace 1 --db v.db -- ./posix_io 1 1 1 1 >out 2>err
	eq "exit status, --trace without --otf2" 1 $?
	# the bash completion offers --otf2 (it reads the options from --help)
	comp=$PROGS/../../../cli/vidya.bash-completion
	words=$(bash -c ". '$comp'; COMP_WORDS=('$VIDYA' trace --ot); COMP_CWORD=2; _vidya; echo \"\${COMPREPLY[*]}\"")
	eq "completion of 'vidya trace --ot'" --otf2 "$words"
	;;
*)
	fail "unknown check"
	;;
esac
echo "ok otf2.$CHECK"
