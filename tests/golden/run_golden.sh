#!/usr/bin/env bash
#
# run_golden.sh - run one golden test case against the real vidya binary.
#
#   run_golden.sh VIDYA_BINARY CASE_DIR
#
# A case is a directory of small C files whose expected analysis results are
# written in the files themselves, as `//` comment directives (see README.md):
#
#   // VIDYA: --args "10 out.dat" --nprocs 4   extra options for `vidya analyze`
#   // CC: mpicc                               compiler recorded in compile_commands.json
#   // CFLAGS: -I/usr/include/hdf5/serial      flags recorded before "-c file.c"
#   // EXPECT: main/loop#1 p1=10 p3=40960      column values of one v_blocks row
#   // EXPECT-UNKNOWN: main/loop#1 p1          the row's unknown_mask has P1's bit
#   // EXPECT-KNOWN: main/loop#1 p1 p3         those bits are clear
#   // EXPECT-EXIT: 3                          vidya's exit code (default 0)
#   // EXPECT-ROWS: kind='io' 4                count of v_blocks rows WHERE <clause>
#   // SETUP: ncgen -o in.nc in.cdl            shell command run in the copy first
#
# The case is copied to a fresh temporary directory, a compile_commands.json
# with one entry per .c file is written there, and vidya runs from inside it,
# so relative paths in the programs name files that do not exist at analysis
# time.  Every mismatch prints one line:
#
#   FAIL main/loop#1 p3: expected 40960, got 4096   [ckpt.c:12]
#
# and the script exits 1 if any check failed (2 on a malformed case or a
# harness error).  Needs only bash, sqlite3 and awk (and coreutils' timeout
# when present).
#
# Environment:
#   VIDYA_GOLDEN_KEEP=1       keep the temporary directory (its path is printed)
#   VIDYA_GOLDEN_TIMEOUT=S    seconds before vidya is killed (default 300)
#   VIDYA_GOLDEN_VERBOSE=1    also print one PASS line per check

set -u

prog=${0##*/}

die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 2
}

[[ $# -eq 2 ]] || die "usage: $prog VIDYA_BINARY CASE_DIR"

vidya=$1
case_src=${2%/}
case_name=${case_src##*/}

[[ -d $case_src ]] || die "'$case_src' is not a directory"
if [[ $vidya == */* ]]; then
	[[ -x $vidya ]] || die "'$vidya' is not an executable file"
	vidya=$(cd "${vidya%/*}" && pwd)/${vidya##*/}
else
	command -v "$vidya" >/dev/null || die "'$vidya' not found in PATH"
fi
command -v sqlite3 >/dev/null || die "sqlite3 not found in PATH"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vidya-golden-$case_name.XXXXXX") ||
	die "unable to create a temporary directory"
cleanup() {
	if [[ ${VIDYA_GOLDEN_KEEP:-0} != 0 ]]; then
		printf '%s: kept %s\n' "$prog" "$tmp"
	else
		rm -rf -- "$tmp"
	fi
}
trap cleanup EXIT

cp -R -- "$case_src"/. "$tmp"/ || die "unable to copy '$case_src'"
cd "$tmp" || die "unable to enter '$tmp'"

# --- sources and directives -----------------------------------------------

mapfile -t sources < <(find . -name '*.c' -type f | sed 's|^\./||' | LC_ALL=C sort)
mapfile -t headers < <(find . -name '*.h' -type f | sed 's|^\./||' | LC_ALL=C sort)
[[ ${#sources[@]} -gt 0 ]] || die "$case_name: no .c files"

# One record per directive: "file<TAB>line<TAB>KEYWORD<TAB>rest".
directives=()
dir_re='//[[:space:]]*(VIDYA|CC|CFLAGS|SETUP|EXPECT|EXPECT-UNKNOWN|EXPECT-KNOWN|EXPECT-EXIT|EXPECT-ROWS):[[:space:]]*(.*)$'
for f in "${sources[@]}" "${headers[@]}"; do
	n=0
	while IFS= read -r text || [[ -n $text ]]; do
		n=$((n + 1))
		if [[ $text =~ $dir_re ]]; then
			rest=${BASH_REMATCH[2]}
			rest=${rest%$'\r'}
			rest=${rest%"${rest##*[![:space:]]}"}   # trailing blanks
			directives+=("$f"$'\t'"$n"$'\t'"${BASH_REMATCH[1]}"$'\t'"$rest")
		fi
	done <"$f"
done

vidya_opts=()
cc=cc
cflags=()
expect_exit=0
# shellcheck disable=SC2034 # read and set indirectly by once()
seen_vidya='' seen_cc='' seen_cflags='' seen_exit=''
checks=()
setups=()

once() { # once VAR_NAME KEYWORD WHERE
	[[ -z ${!1} ]] || die "$case_name: $3: second $2 line (first at ${!1})"
	printf -v "$1" '%s' "$3"
}

for d in "${directives[@]}"; do
	IFS=$'\t' read -r f n kw rest <<<"$d"
	where="$f:$n"
	case $kw in
	VIDYA)
		once seen_vidya VIDYA "$where"
		# shell words, so quoted arguments (--args "10 out.dat") stay one word
		eval "vidya_opts=($rest)" || die "$where: cannot parse VIDYA options"
		;;
	CC)
		once seen_cc CC "$where"
		[[ -n $rest ]] || die "$where: empty CC"
		cc=$rest
		;;
	CFLAGS)
		once seen_cflags CFLAGS "$where"
		# shell words: quoting and $(...) work, e.g. $(mpicc --showme:compile)
		eval "cflags=($rest)" || die "$where: cannot parse CFLAGS"
		;;
	SETUP)
		[[ -n $rest ]] || die "$where: empty SETUP"
		setups+=("$where"$'\t'"$rest")
		;;
	EXPECT-EXIT)
		once seen_exit EXPECT-EXIT "$where"
		[[ $rest =~ ^[0-9]+$ ]] || die "$where: EXPECT-EXIT needs a number"
		expect_exit=$rest
		;;
	*)
		[[ -n $rest ]] || die "$where: empty $kw"
		checks+=("$d")
		;;
	esac
done

# --- setup: inputs made at test time (binary files are not checked in) -----

for s in "${setups[@]}"; do
	IFS=$'\t' read -r where scmd <<<"$s"
	bash -c "$scmd" >setup.out 2>&1 || {
		cat setup.out >&2
		die "$where: SETUP command failed: $scmd"
	}
	rm -f setup.out
done

# --- compile_commands.json --------------------------------------------------

json_str() { # a JSON string literal
	local s=$1
	s=${s//\\/\\\\}
	s=${s//\"/\\\"}
	s=${s//$'\t'/\\t}
	printf '"%s"' "$s"
}

{
	printf '[\n'
	i=0
	for f in "${sources[@]}"; do
		i=$((i + 1))
		args=$(json_str "$cc")
		for a in "${cflags[@]}"; do
			args+=", $(json_str "$a")"
		done
		args+=", \"-c\", $(json_str "$f"), \"-o\", $(json_str "${f%.c}.o")"
		printf '  {"directory": %s, "arguments": [%s], "file": %s}' \
			"$(json_str "$tmp")" "$args" "$(json_str "$f")"
		[[ $i -lt ${#sources[@]} ]] && printf ','
		printf '\n'
	done
	printf ']\n'
} >compile_commands.json

# --- run vidya --------------------------------------------------------------

db=$tmp/v.db
cmd=("$vidya" analyze --no-probe --db "$db" "$tmp/compile_commands.json" "${vidya_opts[@]}")
tmo=()
if command -v timeout >/dev/null; then
	tmo=(timeout "${VIDYA_GOLDEN_TIMEOUT:-300}")
fi
"${tmo[@]}" "${cmd[@]}" >vidya.out 2>vidya.err
rc=$?

nfail=0
npass=0

fail() {
	printf 'FAIL %s\n' "$*"
	nfail=$((nfail + 1))
}
pass() {
	[[ ${VIDYA_GOLDEN_VERBOSE:-0} != 0 ]] && printf 'PASS %s\n' "$*"
	npass=$((npass + 1))
}

show_vidya_output() {
	printf -- '--- command (in %s):' "$tmp"
	printf ' %q' "${cmd[@]}"
	printf '\n'
	if [[ -s vidya.err ]]; then
		printf -- '--- vidya stderr (last 40 lines):\n'
		tail -n 40 vidya.err
	fi
	printf -- '---\n'
}

finish() {
	local total=$((npass + nfail))
	if [[ $nfail -gt 0 ]]; then
		show_vidya_output
		printf 'golden %s: %d of %d checks FAILED\n' "$case_name" "$nfail" "$total"
		exit 1
	fi
	printf 'golden %s: all %d checks passed\n' "$case_name" "$total"
	exit 0
}

if [[ ${#tmo[@]} -gt 0 && $rc -eq 124 ]]; then
	fail "exit: vidya did not finish within ${VIDYA_GOLDEN_TIMEOUT:-300}s"
	finish
fi
if [[ $rc -ne $expect_exit ]]; then
	fail "exit: expected $expect_exit, got $rc"
else
	pass "exit $rc"
fi

[[ ${#checks[@]} -gt 0 || -n $seen_exit ]] ||
	die "$case_name: no EXPECT directives: a golden case must check something"

if [[ ${#checks[@]} -eq 0 ]]; then
	finish
fi
if [[ ! -s $db ]]; then
	fail "database: vidya wrote no database at $db"
	finish
fi

# Columns are separated by US (0x1f), not a tab: read would merge the empty
# fields between consecutive tabs.
sql() { # sql QUERY: one result row per line
	sqlite3 -batch -noheader -separator $'\x1f' -nullvalue NULL "$db" "$1" 2>&1
}

if ! out=$(sql "SELECT count(*) FROM v_blocks;") || [[ ! $out =~ ^[0-9]+$ ]]; then
	fail "database: cannot query v_blocks: $out"
	finish
fi

# --- checks -------------------------------------------------------------------

is_file_of_case() {
	local t=$1 s
	for s in "${sources[@]}" "${headers[@]}"; do
		[[ $s == "$t" ]] && return 0
	done
	return 1
}

# The block id an EXPECT names: ids with a ':' and the ids "program" and
# "<file>" are full ids; anything else is relative to the file holding the
# directive ("main/loop#1" in ckpt.c means "ckpt.c:main/loop#1").
resolve_id() { # resolve_id TOKEN FILE
	local t=$1 f=$2
	if [[ $t == *:* || $t == program ]] || is_file_of_case "$t"; then
		printf '%s' "$t"
	else
		printf '%s:%s' "$f" "$t"
	fi
}

sq() { # an SQL string literal
	printf "'%s'" "${1//\'/\'\'}"
}

num_re='^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$'

num_equal() { # num_equal EXPECTED GOT: relative tolerance 1e-9
	awk -v e="$1" -v g="$2" 'BEGIN {
		e += 0; g += 0; d = e - g; if (d < 0) d = -d
		m = e < 0 ? -e : e; a = g < 0 ? -g : g; if (a > m) m = a
		exit !(d <= 1e-9 * m)
	}'
}

fmt_num() { # a number as people write it: 4096.0 -> 4096
	awk -v v="$1" 'BEGIN {
		v += 0
		if (v == int(v) && v < 1e15 && v > -1e15) printf "%d", v
		else printf "%.15g", v
	}'
}

# lookup_row ID LABEL WHERE COLUMNS...: sets $row (US-separated values) or
# fails the check
lookup_row() {
	local id=$1 label=$2 where=$3
	shift 3
	local cols
	cols=$(
		IFS=,
		printf '%s' "$*"
	)
	local n
	n=$(sql "SELECT count(*) FROM v_blocks WHERE block_id = $(sq "$id");")
	if [[ ! $n =~ ^[0-9]+$ ]]; then
		fail "$label: query error: $n   [$where]"
		return 1
	fi
	if [[ $n -eq 0 ]]; then
		local near
		near=$(sql "SELECT block_id FROM v_blocks WHERE block_id LIKE $(sq "${id%%[/#]*}%") ORDER BY block_id LIMIT 8;" | tr '\n' ' ')
		fail "$label: no block with id '$id'${near:+ (ids starting alike: $near)}   [$where]"
		return 1
	fi
	if [[ $n -gt 1 ]]; then
		fail "$label: $n rows with block_id '$id' in v_blocks   [$where]"
		return 1
	fi
	row=$(sql "SELECT $cols FROM v_blocks WHERE block_id = $(sq "$id");")
	if [[ $row == Error:* || $row == *"Parse error"* || $row == *"no such column"* ]]; then
		fail "$label: query error: $row   [$where]"
		return 1
	fi
	return 0
}

check_expect() { # file line rest
	local f=$1 n=$2 rest=$3 where="$1:$2"
	local -a words
	read -r -a words <<<"$rest"
	local token=${words[0]}
	local id
	id=$(resolve_id "$token" "$f")
	local -a cols=() vals=()
	local w
	for w in "${words[@]:1}"; do
		if [[ ! $w =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.+)$ ]]; then
			die "$where: malformed EXPECT term '$w' (want column=value)"
		fi
		cols+=("${BASH_REMATCH[1],,}")
		vals+=("${BASH_REMATCH[2]}")
	done
	[[ ${#cols[@]} -gt 0 ]] || die "$where: EXPECT without column=value terms"
	local row
	lookup_row "$id" "$token" "$where" "${cols[@]}" || return
	local -a got
	IFS=$'\x1f' read -r -a got <<<"$row"
	local i e g
	for i in "${!cols[@]}"; do
		e=${vals[$i]}
		g=${got[$i]-NULL}
		if [[ $e =~ $num_re ]]; then
			if [[ $g =~ $num_re ]] && num_equal "$e" "$g"; then
				pass "$token ${cols[$i]}=$e"
			else
				[[ $g =~ $num_re ]] && g=$(fmt_num "$g")
				fail "$token ${cols[$i]}: expected $e, got $g   [$where]"
			fi
		else
			e=${e#\'}
			e=${e%\'}
			if [[ $g == "$e" ]]; then
				pass "$token ${cols[$i]}=$e"
			else
				fail "$token ${cols[$i]}: expected '$e', got '$g'   [$where]"
			fi
		fi
	done
}

check_mask() { # file line rest want(1=unknown,0=known)
	local f=$1 n=$2 rest=$3 want=$4 where="$1:$2"
	local -a words
	read -r -a words <<<"$rest"
	local token=${words[0]}
	local id
	id=$(resolve_id "$token" "$f")
	[[ ${#words[@]} -gt 1 ]] || die "$where: no parameters named (want p1 .. p15)"
	local row
	lookup_row "$id" "$token" "$where" "unknown_mask" "unknowns IS NOT NULL" || return
	local mask has_unknowns
	IFS=$'\x1f' read -r mask has_unknowns <<<"$row"
	local shown_mask=$mask
	[[ $mask == NULL ]] && mask=0
	if [[ ! $mask =~ ^[0-9]+$ ]]; then
		fail "$token: unknown_mask is not an integer: '$mask'   [$where]"
		return
	fi
	local w k bit
	for w in "${words[@]:1}"; do
		[[ ${w,,} =~ ^p([0-9]+)$ ]] || die "$where: '$w' is not a parameter name (p1 .. p15)"
		k=${BASH_REMATCH[1]}
		((k >= 1 && k <= 15)) || die "$where: '$w' is not a parameter name (p1 .. p15)"
		bit=$(((mask >> (k - 1)) & 1))
		if [[ $want -eq 1 ]]; then
			if [[ $bit -eq 1 && $has_unknowns == 1 ]]; then
				pass "$token $w unknown"
			elif [[ $bit -eq 1 ]]; then
				fail "$token $w: expected unknown, got unknown_mask bit set but unknowns NULL   [$where]"
			else
				fail "$token $w: expected unknown, got known (unknown_mask=$shown_mask)   [$where]"
			fi
		else
			if [[ $bit -eq 0 ]]; then
				pass "$token $w known"
			else
				fail "$token $w: expected known, got unknown (unknown_mask=$shown_mask)   [$where]"
			fi
		fi
	done
}

check_rows() { # file line rest
	local f=$1 n=$2 rest=$3 where="$1:$2"
	local want=${rest##*[[:space:]]}
	local clause=${rest%[[:space:]]*}
	[[ $want =~ ^[0-9]+$ && $clause != "$rest" ]] ||
		die "$where: EXPECT-ROWS needs '<where clause> <count>'"
	local got
	got=$(sql "SELECT count(*) FROM v_blocks WHERE $clause;")
	if [[ ! $got =~ ^[0-9]+$ ]]; then
		fail "rows [$clause]: query error: $got   [$where]"
	elif [[ $got -ne $want ]]; then
		local ids
		ids=$(sql "SELECT block_id FROM v_blocks WHERE $clause ORDER BY block_id LIMIT 10;" | tr '\n' ' ')
		fail "rows [$clause]: expected $want, got $got${ids:+ ($ids)}   [$where]"
	else
		pass "rows [$clause] = $want"
	fi
}

for d in "${checks[@]}"; do
	IFS=$'\t' read -r f n kw rest <<<"$d"
	case $kw in
	EXPECT) check_expect "$f" "$n" "$rest" ;;
	EXPECT-UNKNOWN) check_mask "$f" "$n" "$rest" 1 ;;
	EXPECT-KNOWN) check_mask "$f" "$n" "$rest" 0 ;;
	EXPECT-ROWS) check_rows "$f" "$n" "$rest" ;;
	esac
done

finish
