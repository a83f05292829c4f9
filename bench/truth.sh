#!/usr/bin/env bash
# bench/truth.sh -- vidya analyze's predicted I/O against vidya trace's
# measured I/O, on real programs built from Debian source packages.
#
#   bench/truth.sh [--setup-apt] [--install-deps] [--rebuild] [PROGRAM...]
#
# For each program (default: all of fio ncgen ncdump ncdump4 nccopy h5dump
# h5ls gzip gunzip bzip2 bunzip2 xz unxz lz4 unlz4 zstd clzip lzop dos2unix; the command
# lines are in the spec_* functions below):
#   1. `apt-get source PKG` into the work directory (outside the project),
#      configure and build it with -g -O0 under `bear`, which writes
#      compile_commands.json; a package is built once and reused by later runs
#      (--rebuild or REBUILD=1 starts from a fresh extraction);
#   2. keeps the compile commands of the sources linked into the program
#      (truth_compdb.py, from the binary's DWARF: a package builds several
#      programs that define the same functions), makes small deterministic
#      inputs in a scratch directory, runs
#      `vidya analyze --no-probe --db DB --root SRC [--entry E]
#      compile_commands.json --args "ARGS"` and then
#      `vidya trace --db DB -- BINARY ARGS` in that directory;
#   3. bench/truth_compare.py compares them: program P2/P3 against the
#      measured calls/bytes, and per I/O call site and per function (how
#      trace calls are matched to sites is described there and in
#      docs/benchmarks.md).
# It prints one report per program and a summary table, and writes them to
# OUT (PROGRAM.txt, PROGRAM.json, summary.md, logs).
#
# Exit status: 0 when every program was built, analyzed, traced and compared
# -- whatever the figures, this is a measurement; 1 when some program could
# not be measured: fetching or building it failed, or vidya analyze or trace
# failed on it (a crash of vidya counts: no figure could be made); the
# others are still measured and the summary says why; 2 for a usage or
# setup error.
#
# Setup (machine, not project): `apt-get source` needs deb-src entries.
# Without them the script stops with a message; --setup-apt adds
# /etc/apt/sources.list.d/vidya-truth-src.sources (deb-src twins of the
# machine's Debian entries) and runs apt-get update. --install-deps installs
# the build tools and libraries with apt-get (see DEPS below).
#
# Environment:
#   VIDYA       the vidya binary (default: build/vidya of this checkout)
#   WORK        sources, builds, scratch runs (default ${TMPDIR:-/tmp}/vidya-truth)
#   OUT         reports (default bench/out/truth-STAMP; bench/out is ignored by git)
#   JOBS        parallel make and analysis jobs (default 2)
#   PROGRAMS    programs to measure when none is named on the command line
#   REBUILD=1   same as --rebuild
#   FILTER=0    analyze the package's whole compile_commands.json instead of
#               the entries linked into the program (see truth_compdb.py)
#   TOP         rows per table in the reports (default 15)

set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
VIDYA=${VIDYA:-$ROOT/build/vidya}
WORK=${WORK:-${TMPDIR:-/tmp}/vidya-truth}
JOBS=${JOBS:-2}
TOP=${TOP:-15}
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
OUT=${OUT:-$ROOT/bench/out/truth-$STAMP}
REBUILD=${REBUILD:-0}
FILTER=${FILTER:-1}
ALL_PROGRAMS="fio ncgen ncdump ncdump4 nccopy h5dump h5ls gzip gunzip bzip2 bunzip2 xz unxz lz4 unlz4 zstd clzip lzop dos2unix"
PROGRAMS=${PROGRAMS:-$ALL_PROGRAMS}
DEPS="bear dpkg-dev build-essential m4 pkg-config zlib1g-dev libhdf5-dev liblzo2-dev python3 sqlite3"
SETUP_APT=0
INSTALL_DEPS=0

usage() { sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; }

sel=()
for a in "$@"; do
	case $a in
	--setup-apt) SETUP_APT=1 ;;
	--install-deps) INSTALL_DEPS=1 ;;
	--rebuild) REBUILD=1 ;;
	-h|--help) usage; exit 0 ;;
	-*) echo "truth.sh: unknown option $a" >&2; exit 2 ;;
	*) sel+=("$a") ;;
	esac
done
[ ${#sel[@]} -gt 0 ] && PROGRAMS="${sel[*]}"
for p in $PROGRAMS; do
	case " $ALL_PROGRAMS " in *" $p "*) ;; *) echo "truth.sh: unknown program $p (known: $ALL_PROGRAMS)" >&2; exit 2 ;; esac
done

log() { printf '[truth %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { echo "truth.sh: $*" >&2; exit 2; }

# ---- setup checks ----------------------------------------------------------

if [ "$INSTALL_DEPS" = 1 ]; then
	log "installing $DEPS"
	apt-get install -y -q $DEPS >/dev/null || die "apt-get install failed"
fi
missing=""
for t in bear dpkg-source make gcc m4 python3 sqlite3; do
	command -v $t >/dev/null 2>&1 || missing="$missing $t"
done
[ -e /usr/include/zlib.h ] || missing="$missing zlib1g-dev"
[ -e /usr/include/hdf5/serial/hdf5.h ] || missing="$missing libhdf5-dev"
[ -n "$missing" ] && die "missing:$missing -- install with: apt-get install $DEPS (or run with --install-deps)"
[ -x "$VIDYA" ] || die "no vidya binary at $VIDYA (build it, or set VIDYA)"

if [ "$SETUP_APT" = 1 ]; then
	f=/etc/apt/sources.list.d/vidya-truth-src.sources
	if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
		src=$(ls /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
		if [ -n "$src" ]; then
			sed -e 's/^Types:.*/Types: deb-src/' "$src" >"$f"
		elif [ -e /etc/apt/sources.list ]; then
			sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"${f%.sources}.list"
		else
			die "no apt source entries to derive deb-src from"
		fi
		log "added deb-src entries in /etc/apt/sources.list.d/"
	fi
	apt-get update -q >/dev/null || die "apt-get update failed"
fi
if [ -z "$(apt-cache showsrc bzip2 2>/dev/null | head -1)" ]; then
	cat >&2 <<'EOF'
truth.sh: `apt-get source` cannot work: apt has no deb-src entries (or no
`apt-get update` since they were added). Add them, e.g. a file
/etc/apt/sources.list.d/debian-src.sources with

    Types: deb-src
    URIs: http://deb.debian.org/debian
    Suites: bookworm bookworm-updates
    Components: main
    Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

then run `apt-get update` -- or rerun this script with --setup-apt, which
does that (deb-src twins of the machine's own entries).
EOF
	exit 2
fi

mkdir -p "$WORK/src" "$WORK/run" "$OUT/logs" || die "cannot create $WORK or $OUT"
WORK=$(cd "$WORK" && pwd)
log "vidya $VIDYA ($(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo '?')), work $WORK, out $OUT"

# ---- packages ----------------------------------------------------------------

declare -A SRCDIR BUILT
FAILED=()
REASON=

# fetch PKG: downloads the source package into $WORK/src/PKG/ (once)
fetch() {
	local pkg=$1 d=$WORK/src/$1
	if [ "$REBUILD" = 1 ] || [ ! -e "$d/.vidya-truth-fetched" ]; then
		rm -rf "$d" && mkdir -p "$d" || return 1
		log "$pkg: apt-get source --download-only"
		(cd "$d" && apt-get source -q --download-only "$pkg") >"$OUT/logs/fetch-$pkg.log" 2>&1 || {
			REASON="apt-get source $pkg failed"
			log "$pkg: apt-get source failed, see $OUT/logs/fetch-$pkg.log"
			return 1
		}
		touch "$d/.vidya-truth-fetched"
	fi
}

# each build_PKG runs in the extracted source and leaves compile_commands.json
build_fio() {
	./configure --disable-optimizations --disable-native --disable-numa --disable-rdma \
		--disable-rados --disable-rbd --disable-http --disable-gfapi --disable-libnfs \
		--disable-pmem --disable-xnvme --disable-libzbc --disable-tcmalloc --disable-dfs \
		--disable-lex &&
		bear -- make -j"$JOBS" fio
}
build_netcdf() {
	# netCDF-4 on: 4.9.0 does not compile without it (libdispatch/dinstance.c)
	CFLAGS="-g -O0" CPPFLAGS=-I/usr/include/hdf5/serial \
		LDFLAGS=-L/usr/lib/$(gcc -print-multiarch)/hdf5/serial \
		./configure --disable-dap --disable-byterange --disable-nczarr --disable-shared \
		--disable-testsets --disable-plugins --disable-doxygen --disable-libxml2 \
		--disable-examples &&
		bear -- make -j"$JOBS"
}
build_hdf5() {
	# only the library and the two tools measured
	./configure --enable-build-mode=production --enable-optimization=none \
		--enable-symbols=yes --disable-shared --disable-hl --disable-tests \
		--disable-fortran --disable-cxx --disable-java &&
		bear -- make -j"$JOBS" -C src &&
		bear --append -- make -j"$JOBS" -C tools/lib &&
		bear --append -- make -j"$JOBS" -C tools/src/h5dump &&
		bear --append -- make -j"$JOBS" -C tools/src/h5ls
}
build_gzip() {
	# the program only: its documentation needs makeinfo
	./configure CFLAGS="-g -O0" && bear -- make -j"$JOBS" -C lib &&
		make version.h && bear --append -- make -j"$JOBS" gzip
}
build_bzip2() {
	# Debian's Makefile links bzip2 with libbz2.so, which at run time would be
	# the system's (no rpath): link the static library built here instead
	bear -- make -j"$JOBS" libbz2.a bzip2.o CFLAGS="-Wall -g -O0 -D_FILE_OFFSET_BITS=64" &&
		gcc -g -o bzip2 bzip2.o libbz2.a
}
build_xz_utils() {
	./configure CFLAGS="-g -O0" --disable-shared --disable-nls --disable-doc \
		--disable-scripts --disable-lzmadec --disable-lzmainfo --disable-xzdec \
		--disable-lzma-links &&
		bear -- make -j"$JOBS"
}
build_lz4() {
	# the command-line program, which compiles the library's sources in;
	# Debian's patch also links -llz4: the static library satisfies it
	make -j"$JOBS" -C lib liblz4.a CFLAGS="-g -O0" &&
		bear -- make -j"$JOBS" -C programs lz4 CFLAGS="-g -O0"
}
build_libzstd() {
	# the command-line program, library compiled in, one thread, without
	# the optional zlib/lzma/lz4 formats
	bear -- make -j"$JOBS" -C programs zstd CFLAGS="-g -O0" HAVE_THREAD=0 HAVE_ZLIB=0 \
		HAVE_LZMA=0 HAVE_LZ4=0
}

build_clzip() {
	./configure CFLAGS="-g -O0" && bear -- make -j"$JOBS" clzip
}
build_lzop() {
	./configure CFLAGS="-g -O0" && bear -- make -j"$JOBS"
}
build_dos2unix() {
	# without translations (gettext's tools are not needed)
	bear -- make -j"$JOBS" dos2unix ENABLE_NLS= CFLAGS="-g -O0"
}

# build PKG: fetch, extract afresh and build, once; sets SRCDIR[PKG].  A
# failed build is tried once more from a fresh extraction: bear's wrapper
# loses its connection to bear when the machine is overloaded.
build() {
	local pkg=$1 d=$WORK/src/$1
	local s=$d/tree
	SRCDIR[$pkg]=$s
	[ -n "${BUILT[$pkg]:-}" ] && return 0
	[ "$REBUILD" != 1 ] && [ -e "$s/.vidya-truth-built" ] && { BUILT[$pkg]=1; return 0; }
	fetch "$pkg" || return 1
	local try t0 blog=$OUT/logs/build-$pkg.log
	for try in 1 2; do
		rm -rf "$s"
		(cd "$d" && dpkg-source -x ./*.dsc tree) >>"$OUT/logs/fetch-$pkg.log" 2>&1 || {
			REASON="dpkg-source -x $pkg failed"
			log "$pkg: $REASON, see $OUT/logs/fetch-$pkg.log"
			return 1
		}
		log "$pkg: building in $s"
		t0=$SECONDS
		if (cd "$s" && "build_${pkg//-/_}") >"$blog" 2>&1 && [ -s "$s/compile_commands.json" ]; then
			echo $((SECONDS - t0)) >"$s/.vidya-truth-built"
			BUILT[$pkg]=1
			log "$pkg: built in $((SECONDS - t0)) s"
			return 0
		fi
		cp "$blog" "$blog.$try"
		log "$pkg: build failed (try $try), see $blog.$try"
	done
	REASON="building $pkg failed"
	return 1
}

# ---- programs ------------------------------------------------------------------
#
# spec_PROG sets PKG, BIN (relative to the source), ENTRY (for --entry, or
# empty), ARGS (argv[1..], identical for the analysis and the run), UNSET
# (environment variables the program reads, unset for the run and bound
# with --env NAME for the analysis, as a user would state them) and
# prepares the scratch directory (the current directory) with its inputs.

inputs() { python3 "$HERE/truth_inputs.py" "$@"; }
ncgen_bin() { echo "${SRCDIR[netcdf]}/ncgen/ncgen"; }

spec_fio() {
	PKG=fio BIN=fio ENTRY=
	ARGS="--name=seqwrite --filename=fio.dat --rw=write --bs=64k --size=8m --ioengine=psync --name=seqread --stonewall --filename=fio.dat --rw=read --bs=64k --size=8m --ioengine=psync"
}
spec_ncgen() {
	PKG=netcdf BIN=ncgen/ncgen ENTRY=ncgen/main.c:main
	ARGS="-b -k classic -o truth.nc truth.cdl"
	inputs cdl truth.cdl
}
spec_ncdump() {
	PKG=netcdf BIN=ncdump/ncdump ENTRY=ncdump/ncdump.c:main
	ARGS="truth.nc"
	inputs cdl truth.cdl && "$(ncgen_bin)" -b -k classic -o truth.nc truth.cdl
}
spec_ncdump4() {
	PKG=netcdf BIN=ncdump/ncdump ENTRY=ncdump/ncdump.c:main
	ARGS="truth4.nc"
	inputs cdl truth.cdl && "$(ncgen_bin)" -b -k nc4 -o truth4.nc truth.cdl
}
spec_nccopy() {
	PKG=netcdf BIN=ncdump/nccopy ENTRY=ncdump/nccopy.c:main
	ARGS="truth.nc copy.nc"
	inputs cdl truth.cdl && "$(ncgen_bin)" -b -k classic -o truth.nc truth.cdl
}
spec_h5dump() {
	PKG=hdf5 BIN=tools/src/h5dump/h5dump ENTRY=tools/src/h5dump/h5dump.c:main
	ARGS="truth.h5"
	inputs cdl truth.cdl && "$(ncgen_bin)" -b -k nc4 -o truth.h5 truth.cdl
}
spec_h5ls() {
	PKG=hdf5 BIN=tools/src/h5ls/h5ls ENTRY=tools/src/h5ls/h5ls.c:main
	ARGS="-r -d truth.h5"
	inputs cdl truth.cdl && "$(ncgen_bin)" -b -k nc4 -o truth.h5 truth.cdl
}
spec_gzip() {
	PKG=gzip BIN=gzip ENTRY=gzip.c:main UNSET=GZIP
	ARGS="-k -f -6 truth.dat"
	inputs data truth.dat 4096
}
spec_gunzip() {
	PKG=gzip BIN=gzip ENTRY=gzip.c:main UNSET=GZIP
	ARGS="-d -k -f truth.dat.gz"
	inputs data truth.dat 4096 && "${SRCDIR[gzip]}/gzip" -k -f -6 truth.dat && rm -f truth.dat
}
spec_bzip2() {
	PKG=bzip2 BIN=bzip2 ENTRY=bzip2.c:main
	ARGS="-k -f truth.dat"
	inputs data truth.dat 4096
}
spec_bunzip2() {
	PKG=bzip2 BIN=bzip2 ENTRY=bzip2.c:main
	ARGS="-d -k -f truth.dat.bz2"
	inputs data truth.dat 4096 && "${SRCDIR[bzip2]}/bzip2" -k -f truth.dat && rm -f truth.dat
}
spec_xz() {
	PKG=xz-utils BIN=src/xz/xz ENTRY=
	ARGS="-k -f -T1 -3 truth.dat"
	inputs data truth.dat 4096
}
spec_unxz() {
	PKG=xz-utils BIN=src/xz/xz ENTRY=
	ARGS="-d -k -f -T1 truth.dat.xz"
	inputs data truth.dat 4096 && "${SRCDIR[xz-utils]}/src/xz/xz" -k -f -T1 -3 truth.dat && rm -f truth.dat
}
spec_lz4() {
	PKG=lz4 BIN=programs/lz4 ENTRY=programs/lz4cli.c:main
	ARGS="-f -1 truth.dat truth.dat.lz4"
	inputs data truth.dat 4096
}
spec_unlz4() {
	PKG=lz4 BIN=programs/lz4 ENTRY=programs/lz4cli.c:main
	ARGS="-d -f truth.dat.lz4 truth.out"
	inputs data truth.dat 4096 && "${SRCDIR[lz4]}/programs/lz4" -q -f -1 truth.dat truth.dat.lz4
}
spec_zstd() {
	PKG=libzstd BIN=programs/zstd ENTRY=programs/zstdcli.c:main
	ARGS="-f -3 truth.dat -o truth.dat.zst"
	inputs data truth.dat 4096
}
spec_clzip() {
	PKG=clzip BIN=clzip ENTRY=main.c:main
	ARGS="-k -f truth.dat"
	inputs data truth.dat 4096
}
spec_lzop() {
	PKG=lzop BIN=src/lzop ENTRY=src/lzop.c:main
	ARGS="-f -o truth.dat.lzo truth.dat"
	inputs data truth.dat 4096
}
spec_dos2unix() {
	PKG=dos2unix BIN=dos2unix ENTRY=dos2unix.c:main
	ARGS="-n truth.txt truth.unix.txt"
	inputs crlf truth.txt 2048
}

needs() { # packages a program needs (inputs included)
	case $1 in
	fio) echo fio ;;
	ncgen|ncdump|ncdump4|nccopy) echo netcdf ;;
	h5dump|h5ls) echo "netcdf hdf5" ;;
	gzip|gunzip) echo gzip ;;
	bzip2|bunzip2) echo bzip2 ;;
	xz|unxz) echo xz-utils ;;
	lz4|unlz4) echo lz4 ;;
	zstd) echo libzstd ;;
	clzip | lzop | dos2unix) echo "$1" ;;
	esac
}

SUMROWS=()
measure() {
	local prog=$1 PKG BIN ENTRY ARGS UNSET=
	local dir=$WORK/run/$prog
	rm -rf "$dir" && mkdir -p "$dir" || return 1
	cd "$dir" || return 1
	"spec_$prog" >"$OUT/logs/inputs-$prog.log" 2>&1 || { REASON="making inputs failed"; log "$prog: $REASON"; cd - >/dev/null; return 1; }
	local src=${SRCDIR[$PKG]}
	local db=$dir/truth.db cdb=$src/compile_commands.json
	if [ "$FILTER" = 1 ]; then
		cdb=$dir/compile_commands.json
		python3 "$HERE/truth_compdb.py" "$src/$BIN" "$src/compile_commands.json" "$cdb" \
			>"$OUT/logs/compdb-$prog.log" 2>&1 || {
			REASON="could not select the binary's compile commands"
			log "$prog: $REASON, see $OUT/logs/compdb-$prog.log"
			cd - >/dev/null; return 1
		}
	fi
	# the traced run gets this script's environment (minus UNSET): so does
	# the analysis's getenv
	local eopt=(--env-inherit)
	[ -n "$ENTRY" ] && eopt+=(--entry "$ENTRY")
	local uopt=() v
	for v in $UNSET; do eopt+=(--env "$v"); uopt+=(-u "$v"); done
	log "$prog: vidya analyze --args \"$ARGS\""
	local t0=$SECONDS rc
	"$VIDYA" analyze --no-probe --quiet -j "$JOBS" --db "$db" --root "$src" "${eopt[@]}" \
		"$cdb" --args "$ARGS" >"$OUT/logs/analyze-$prog.log" 2>&1
	rc=$?
	local ta=$((SECONDS - t0))
	if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
		REASON="vidya analyze failed (exit $rc: $(tail -1 "$OUT/logs/analyze-$prog.log" | cut -c1-80))"
		log "$prog: $REASON, see $OUT/logs/analyze-$prog.log"
		cd - >/dev/null; return 1
	fi
	[ $rc -eq 3 ] && log "$prog: some translation units were not parsed (exit 3)"
	log "$prog: vidya trace -- $BIN $ARGS"
	t0=$SECONDS
	# shellcheck disable=SC2086  # ARGS is a word list by design
	env "${uopt[@]}" "$VIDYA" trace --db "$db" -- "$src/$BIN" $ARGS >"$dir/stdout" 2>"$OUT/logs/trace-$prog.log"
	rc=$?
	local tt=$((SECONDS - t0))
	if ! sqlite3 "$db" "SELECT 1 FROM traces" 2>/dev/null | grep -q 1; then
		REASON="vidya trace stored no trace (exit $rc)"
		log "$prog: $REASON, see $OUT/logs/trace-$prog.log"
		cd - >/dev/null; return 1
	fi
	[ $rc -ne 0 ] && log "$prog: the traced program exited $rc (measured anyway)"
	python3 "$HERE/truth_compare.py" "$db" --name "$prog" --top "$TOP" \
		--json "$OUT/$prog.json" >"$OUT/$prog.txt" 2>>"$OUT/logs/compare-$prog.log" || {
		REASON="truth_compare.py failed"
		log "$prog: comparison failed, see $OUT/logs/compare-$prog.log"
		cd - >/dev/null; return 1
	}
	{
		echo "analyze ${ta} s ($(head -1 "$OUT/logs/compdb-$prog.log" 2>/dev/null || echo "$cdb")), trace ${tt} s (program exit $rc), database $db"
		echo "build of $PKG: $(cat "$src/.vidya-truth-built") s"
	} >>"$OUT/$prog.txt"
	cat "$OUT/$prog.txt"
	echo
	SUMROWS+=("$prog")
	cd - >/dev/null
}

T0=$SECONDS
for prog in $PROGRAMS; do
	ok=1 REASON=
	for pkg in $(needs "$prog"); do
		build "$pkg" || { ok=0; break; }
	done
	if [ $ok = 1 ]; then
		measure "$prog" || ok=0
	fi
	[ $ok = 1 ] || FAILED+=("$prog: $REASON")
done

# ---- summary ---------------------------------------------------------------------

{
	echo "# vidya truth benchmark, $STAMP"
	echo
	echo "vidya $(cd "$ROOT" && git describe --always --dirty 2>/dev/null || echo '?'), $(nproc) CPUs, $((SECONDS - T0)) s in all"
	echo
	python3 - "$OUT" "${SUMROWS[@]}" <<'EOF'
import json, sys
out = sys.argv[1]
def r(x):
    if x is None: return "-"
    return "%.3g" % x
print("| program | command | P2 pred | P2 meas | P2 ratio | P3 pred | P3 meas | P3 ratio | calls in sites within 2x | sites off >100x (unflagged) | unmatched calls |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for p in sys.argv[2:]:
    d = json.load(open("%s/%s.json" % (out, p)))
    cmd = d["command"].split(None, 1)
    cmd = " ".join([cmd[0].rsplit("/", 1)[-1]] + cmd[1:])
    print("| %s | `%s` | %s | %s | %s | %s | %s | %s | %.1f %% | %d (%d) | %d |" % (
        p, cmd, r(d["pred_p2"]), r(d["meas_p2"]), r(d["p2_ratio"]), r(d["pred_p3"]),
        r(d["meas_p3"]), r(d["p3_ratio"]), d["pct_calls_within_2x"], d["sites_off_100x"],
        d["sites_off_100x_unflagged"], d["match"].get("none", 0)))
EOF
	if [ ${#FAILED[@]} -gt 0 ]; then
		echo
		echo "not measured (see $OUT/logs):"
		echo
		for f in "${FAILED[@]}"; do echo "- $f"; done
	fi
} >"$OUT/summary.md"
cat "$OUT/summary.md"
for p in "${SUMROWS[@]}"; do grep '^SUMMARY' "$OUT/$p.txt"; done
log "done in $((SECONDS - T0)) s; reports in $OUT"
[ ${#FAILED[@]} -eq 0 ]
