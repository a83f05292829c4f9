#!/usr/bin/env bash
# dfg_checks.sh VIDYA CHECK - one end-to-end check of `vidya dfg`.
# progs/dfg_io.c does known I/O (8 x 4096-byte writes, fsync, 4 x 8192-byte
# preads or lseek+reads, a child writing 3 x 100 bytes); it is run under
# `strace -f -tt -T -y` and under `vidya trace`, and the graphs built from
# both are checked against those numbers (never against vidya's own output);
# recompute.py recomputes every statistic from the events `--events` exports.
# KEEP=1 keeps the temporary directory.
set -u
VIDYA=$1
CHECK=$2
PROGS=$(cd "$(dirname "$0")" && pwd)/progs
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-dfgtest.XXXXXX")
trap '[ -n "${KEEP:-}" ] && echo "kept $T" >&2 || rm -rf "$T"' EXIT
cd "$T"
mkdir d

fail() { echo "FAIL $CHECK: $*" >&2; exit 1; }
skip() { echo "skip $CHECK: $*"; exit 0; }
# jqeq WHAT EXPECTED FILTER FILE
jqeq() {
	local got
	got=$(jq -r "$3" "$4" 2>&1)
	[ "$got" = "$2" ] || fail "$1: got '$got', expected '$2'
    jq: $3"
}
node() { # FIELD ACTIVITY -> jq filter
	echo ".nodes[] | select(.activity == \"$2\") | .$1"
}
edge() { # FROM TO
	echo ".edges[] | select(.from == \"$1\" and .to == \"$2\") | .count"
}
cc -O0 -o prog "$PROGS/dfg_io.c" || fail "cannot build dfg_io.c"
M=(--abstract "D=$T/d" --filter '$D')

# the graph of one run, checked the same whatever the source (--group-calls:
# pread64 -> read, openat -> open, fsync -> sync in both)
check_graph() { # JSON READ-ACTIVITY
	local j=$1 r=$2
	jqeq "traces" 2 .traces "$j"
	jqeq "writes" 8 "$(node count 'write:$D/out.dat')" "$j"
	jqeq "written bytes" 32768 "$(node bytes 'write:$D/out.dat')" "$j"
	jqeq "reads" 4 "$(node count "$r")" "$j"
	jqeq "read bytes" 32768 "$(node bytes "$r")" "$j"
	jqeq "child writes" 3 "$(node count 'write:$D/child.dat')" "$j"
	jqeq "child bytes" 300 "$(node bytes 'write:$D/child.dat')" "$j"
	jqeq "opens" 2 "$(node count 'open:$D/out.dat')" "$j"
	jqeq "write -> write" 7 "$(edge 'write:$D/out.dat' 'write:$D/out.dat')" "$j"
	jqeq "write -> sync" 1 "$(edge 'write:$D/out.dat' 'sync:$D/out.dat')" "$j"
	jqeq "child write -> write" 2 "$(edge 'write:$D/child.dat' 'write:$D/child.dat')" "$j"
	jqeq "start edges" 2 '[.edges[] | select(.from == "START") | .count] | add' "$j"
	jqeq "end edges" 2 '[.edges[] | select(.to == "END") | .count] | add' "$j"
	# every event is one node count; rd sums to 1
	jqeq "events" "$(jq '[.nodes[] | select(.kind == "activity") | .count] | add' "$j")" .events "$j"
	jqeq "rd sum" 1 '[.nodes[] | select(.kind == "activity") | .rd] | add * 1000 | round / 1000' "$j"
	# each node's count is its incoming and its outgoing edge counts
	jqeq "flow" 0 '. as $g | [.nodes[] | select(.kind == "activity") | .activity as $a |
		([$g.edges[] | select(.to == $a) | .count] | add) - .count,
		([$g.edges[] | select(.from == $a) | .count] | add) - .count] | map(fabs) | add' "$j"
}

case $CHECK in
strace)
	command -v strace > /dev/null || skip "strace is not installed"
	strace -f -tt -T -y -o run_h_1.st ./prog "$T/d" p || fail "strace run failed"
	"$VIDYA" dfg run_h_1.st --case process --group-calls "${M[@]}" --format json > g.json 2> err ||
		fail "vidya dfg: $(cat err)"
	check_graph g.json 'read:$D/out.dat'
	# every statistic recomputed independently from the exported events
	"$VIDYA" dfg run_h_1.st --case process --events ev.csv --format json > all.json || fail "events"
	python3 "$PROGS/../recompute.py" ev.csv all.json > rc.out || fail "recompute: $(cat rc.out)"
	"$VIDYA" dfg "$PROGS"/../fixtures/*.st --events ev2.csv --format json > ls.json || fail "events ls"
	python3 "$PROGS/../recompute.py" ev2.csv ls.json > rc.out || fail "recompute ls: $(cat rc.out)"
	# without grouping the variants stay apart
	"$VIDYA" dfg run_h_1.st --case process "${M[@]}" --format json > raw.json || fail "raw"
	jqeq "pread64" 4 "$(node count 'pread64:$D/out.dat')" raw.json
	jqeq "openat" 2 "$(node count 'openat:$D/out.dat')" raw.json
	# one case per file: the child's calls come after the parent's
	"$VIDYA" dfg run_h_1.st "${M[@]}" --group-calls --format json > file.json || fail "file"
	jqeq "one trace" 1 .traces file.json
	jqeq "close -> child open" 1 "$(edge 'close:$D/out.dat' 'open:$D/child.dat')" file.json
	# DOT, GraphML, SVG, PNG, table
	"$VIDYA" dfg run_h_1.st "${M[@]}" --format dot > g.dot || fail "dot"
	grep -q 'write:$D/out.dat\\nLoad: ' g.dot || fail "no DOT label"
	"$VIDYA" dfg run_h_1.st "${M[@]}" --format graphml > g.graphml || fail "graphml"
	grep -q '<graphml' g.graphml || fail "no GraphML"
	"$VIDYA" dfg run_h_1.st "${M[@]}" --format svg -o g.svg || fail "svg"
	grep -q '<svg' g.svg || fail "no SVG"
	"$VIDYA" dfg run_h_1.st "${M[@]}" --format png -o g.png || fail "png"
	[ "$(head -c 4 g.png | tail -c 3)" = PNG ] || fail "no PNG"
	"$VIDYA" dfg run_h_1.st "${M[@]}" --top 2 --format json > top.json || fail "top"
	jqeq "top 2" 2 '[.nodes[] | select(.kind == "activity")] | length' top.json
	# the loads that were kept are the two largest
	jqeq "top loads" "$(jq '[.nodes[] | select(.kind == "activity") | .rd] | sort | reverse | .[0:2] | add' g.json)" \
		'[.nodes[] | select(.kind == "activity") | .rd] | add' top.json
	;;
vidya)
	"$VIDYA" trace --ops --db v.db -- ./prog "$T/d" p > /dev/null 2> err || fail "vidya trace: $(cat err)"
	"$VIDYA" dfg --db v.db --layer posix --case process --group-calls "${M[@]}" --format json > g.json 2> err ||
		fail "vidya dfg: $(cat err)"
	check_graph g.json 'read:$D/out.dat'
	"$VIDYA" dfg --db v.db --case thread --events ev.csv --format json > all.json || fail "events"
	# a trace in the default mode keeps counters, not the calls a graph needs
	cp v.db counters.db
	"$VIDYA" trace --db counters.db -- ./prog "$T/d" p > /dev/null 2> err || fail "vidya trace: $(cat err)"
	"$VIDYA" dfg --db counters.db --format json > none.json 2> err
	[ $? = 1 ] || fail "vidya dfg on a counters-only trace: exit status not 1"
	grep -q "counters.db: trace 2 keeps counters only .*re-trace with \`vidya trace --ops\`" err ||
		fail "vidya dfg on a counters-only trace: $(cat err)"
	"$VIDYA" dfg --db counters.db --trace 1 --format json > one.json 2> err || fail "trace 1 still reads: $(cat err)"
	python3 "$PROGS/../recompute.py" ev.csv all.json > rc.out || fail "recompute: $(cat rc.out)"
	# the same from strace, when there is one: the same nodes and edges
	if command -v strace > /dev/null; then
		strace -f -tt -T -y -o run_h_1.st ./prog "$T/d" p || fail "strace run failed"
		"$VIDYA" dfg run_h_1.st --case process --group-calls "${M[@]}" --format json > s.json || fail "s"
		jqeq "same nodes" "$(jq -c '[.nodes[] | [.activity, .count, .bytes]] | sort' s.json)" \
			'[.nodes[] | [.activity, .count, .bytes]] | sort | tostring' g.json
		jqeq "same edges" "$(jq -c '[.edges[] | [.from, .to, .count]] | sort' s.json)" \
			'[.edges[] | [.from, .to, .count]] | sort | tostring' g.json
	fi
	;;
compare)
	# two vidya traces: pread (green) vs lseek + read (red)
	"$VIDYA" trace --ops --db v.db -- ./prog "$T/d" p > /dev/null 2> err || fail "trace 1: $(cat err)"
	"$VIDYA" trace --ops --db v.db -- ./prog "$T/d" s > /dev/null 2> err || fail "trace 2: $(cat err)"
	"$VIDYA" dfg --db v.db --trace 1 --trace 2 --layer posix "${M[@]}" --format json > c.json 2> err ||
		fail "compare: $(cat err)"
	jqeq "partitioned" true .partitioned c.json
	# vidya records pread64 under its plain name
	jqeq "pread only green" green "$(node part 'pread:$D/out.dat')" c.json
	jqeq "lseek only red" red "$(node part 'lseek:$D/out.dat')" c.json
	jqeq "read only red" red "$(node part 'read:$D/out.dat')" c.json
	jqeq "writes in both" both "$(node part 'write:$D/out.dat')" c.json
	jqeq "lseek -> read red" red \
		'.edges[] | select(.from == "lseek:$D/out.dat" and .to == "read:$D/out.dat") | .part' c.json
	jqeq "four lseek -> read" 4 "$(edge 'lseek:$D/out.dat' 'read:$D/out.dat')" c.json
	# the same comparison from two strace files chosen by name
	if command -v strace > /dev/null; then
		strace -f -tt -T -y -o p_h_1.st ./prog "$T/d" p || fail "strace p"
		strace -f -tt -T -y -o s_h_2.st ./prog "$T/d" s || fail "strace s"
		"$VIDYA" dfg 'p_h_*.st' s_h_2.st --green 'p_*' --red 's_*' "${M[@]}" --format json > sc.json ||
			fail "strace compare"
		jqeq "strace pread green" green "$(node part 'pread64:$D/out.dat')" sc.json
		jqeq "strace lseek red" red "$(node part 'lseek:$D/out.dat')" sc.json
		jqeq "strace write both" both "$(node part 'write:$D/out.dat')" sc.json
	fi
	;;
ior|mpiio)
	# the seed's IOR experiments, 2 MPI ranks traced by vidya: single shared
	# file against file per process (its Figure 8), MPI-IO against POSIX on
	# the shared file (its Figure 9); paths shown as $SCRATCH/...
	command -v mpirun > /dev/null || skip "no mpirun"
	command -v mpicc > /dev/null || skip "no mpicc"
	[ "$(id -u)" = 0 ] && root=--allow-run-as-root || root=
	mpicc -O0 -o ior "$PROGS/ior_like.c" || fail "cannot build ior_like.c"
	mkdir sc
	S=(--abstract "SCRATCH=$T/sc" --filter '$SCRATCH')
	run() {
		timeout 240 mpirun $root --oversubscribe -np 2 "$VIDYA" trace --ops --db v.db -- ./ior "$T/sc" "$@" \
			> out 2> err || fail "mpirun vidya trace ior $*: $(tail -5 err)"
	}
	if [ "$CHECK" = ior ]; then
		run ssf posix
		run fpp posix
		"$VIDYA" dfg --db v.db --trace 1 --trace 2 --layer posix "${S[@]}" --format json > c.json 2> err ||
			fail "dfg: $(cat err)"
		jqeq "traces: 2 ranks x 2 runs" 4 .traces c.json
		for m in ssf fpp; do
			[ $m = ssf ] && part=green || part=red
			# per rank 3 segments x 4 transfers of 16 KiB written and read back
			jqeq "$m writes" 24 "$(node count "write:\$SCRATCH/$m")" c.json
			jqeq "$m bytes written" 393216 "$(node bytes "write:\$SCRATCH/$m")" c.json
			jqeq "$m reads" 24 "$(node count "read:\$SCRATCH/$m")" c.json
			jqeq "$m lseeks" 48 "$(node count "lseek:\$SCRATCH/$m")" c.json
			jqeq "$m lseek -> write" 24 "$(edge "lseek:\$SCRATCH/$m" "write:\$SCRATCH/$m")" c.json
			jqeq "$m write $part" $part "$(node part "write:\$SCRATCH/$m")" c.json
			jqeq "$m mc within the 2 ranks" true \
				".nodes[] | select(.activity == \"write:\$SCRATCH/$m\") | .mc >= 1 and .mc <= 2" c.json
		done
		# only the $SCRATCH tree is mapped
		"$VIDYA" dfg --db v.db --trace 1 --trace 2 --events ev.csv --format json > all.json || fail "events"
		python3 "$PROGS/../recompute.py" ev.csv all.json > rc.out || fail "recompute: $(cat rc.out)"
		jqeq "only scratch" 0 '[.nodes[] | select(.kind == "activity") | select(.activity | contains("$SCRATCH") | not)] | length' c.json
	else
		run ssf mpiio
		run ssf posix
		"$VIDYA" dfg --db v.db --trace 1 --trace 2 --layer posix,mpiio "${S[@]}" --format json > c.json 2> err ||
			fail "dfg: $(cat err)"
		jqeq "MPI_File_write_at green" green "$(node part 'MPI_File_write_at:$SCRATCH/ssf')" c.json
		jqeq "MPI_File_write_at x 24" 24 "$(node count 'MPI_File_write_at:$SCRATCH/ssf')" c.json
		# MPI-IO reaches the file with positioned calls, POSIX with lseek first
		jqeq "pwrite green" green \
			'[.nodes[] | select(.activity | test("^pwrite(64)?:\\$SCRATCH/ssf$")) | .part] | unique | join(",")' c.json
		jqeq "pwrite x 24" 24 \
			'[.nodes[] | select(.activity | test("^pwrite(64)?:\\$SCRATCH/ssf$")) | .count] | add' c.json
		jqeq "lseek red" red "$(node part 'lseek:$SCRATCH/ssf')" c.json
		jqeq "write red" red "$(node part 'write:$SCRATCH/ssf')" c.json
		jqeq "lseek -> write red" red \
			'.edges[] | select(.from == "lseek:$SCRATCH/ssf" and .to == "write:$SCRATCH/ssf") | .part' c.json
	fi
	;;
layers)
	# --layer on a vidya trace of HDF5 traffic (tests/trace/progs/hdf5_io.c:
	# one 128 x 128 dataset of doubles written and read back in data.h5)
	[ -f /usr/include/hdf5/serial/hdf5.h ] || skip "no serial HDF5 headers"
	cc -O0 -I/usr/include/hdf5/serial -o h5 "$PROGS/../../trace/progs/hdf5_io.c" \
		-L/usr/lib/x86_64-linux-gnu/hdf5/serial -lhdf5 || fail "cannot build hdf5_io.c"
	"$VIDYA" trace --ops --db v.db -- ./h5 128 128 > /dev/null 2> err || fail "vidya trace: $(cat err)"
	# vidya trace records absolute paths: keep every level of data.h5's
	F="$(pwd -P)/data.h5"
	H=(--filter data.h5 --depth "$(printf %s "$F" | tr -cd / | wc -c)")
	"$VIDYA" dfg --db v.db --layer hdf5 "${H[@]}" --format json > h.json || fail "hdf5 layer"
	jqeq "hdf5 activities" "H5Dclose:$F H5Dcreate2:$F H5Dread:$F H5Dwrite:$F H5Fclose:$F H5Fcreate:$F" \
		'[.nodes[] | select(.kind == "activity") | .activity] | sort | join(" ")' h.json
	jqeq "H5Dwrite bytes" 131072 "$(node bytes "H5Dwrite:$F")" h.json
	jqeq "H5Dwrite -> H5Dread" 1 "$(edge "H5Dwrite:$F" "H5Dread:$F")" h.json
	"$VIDYA" dfg --db v.db --layer posix "${H[@]}" --format json > p.json || fail "posix layer"
	jqeq "no HDF5 call in the posix layer" 0 '[.nodes[] | select(.activity | startswith("H5"))] | length' p.json
	jqeq "the raw data under H5Dwrite" true \
		'[.nodes[] | select(.activity | test("^p?write(64)?:")) | .bytes] | add >= 131072' p.json
	"$VIDYA" dfg --db v.db --layer posix,hdf5 "${H[@]}" --format json > b.json || fail "both layers"
	jqeq "both layers: the events of each" \
		"$(( $(jq .events h.json) + $(jq .events p.json) ))" .events b.json
	;;
errors)
	printf '1 10:00:00.000001 read(3</a/b/c>, "x", 1) = 1 <0.000001>\ngarbage line\n' > m.st
	"$VIDYA" dfg m.st > out 2> err; rc=$?
	[ $rc = 0 ] || fail "malformed lines must not be fatal (exit $rc)"
	grep -q "m.st:2: " err || fail "the malformed line is not named: $(cat err)"
	grep -q "read:/a/b" out || fail "the good line is lost"
	for args in "--bogus" "--depth x m.st" "--depth -1 m.st" "--format xml m.st" "--format svg m.st" \
		"--color pink m.st" "--case rank m.st" "--abstract NOEQ m.st" "--trace 1 m.st" "" \
		"--green nomatch m.st" "missing.st" "--db missing.db" "--db m.st" "--db m.st --layer nfs" \
		"--top 0 m.st"; do
		# shellcheck disable=SC2086
		"$VIDYA" dfg $args > out 2> err; rc=$?
		[ $rc = 1 ] || fail "'vidya dfg $args' exit $rc, expected 1"
		grep -q "vidya: error: " err || fail "'vidya dfg $args': no error message: $(cat err)"
	done
	"$VIDYA" dfg --format svg -o /nonexistent/dir/g.svg m.st > out 2> err && fail "unwritable output accepted"
	grep -q "vidya: error: " err || fail "unwritable output: no error message"
	"$VIDYA" dfg --help | grep -q -- "--abstract" || fail "--help"
	;;
*)
	fail "unknown check"
	;;
esac
echo "ok $CHECK"
