#!/usr/bin/env bash
#
# harness_selftest.sh - tests run_golden.sh itself, with a fake vidya.
#
# A harness that cannot fail is worse than none: this script checks that
# run_golden.sh writes the compile_commands.json it promises, passes the
# VIDYA options through as shell words, and reports (and exits non-zero on)
# wrong values, missing blocks, unknown/known bits, row counts and exit
# codes.  The fake vidya builds its v_blocks table from the SQL in
# $FAKE_SQL and exits with $FAKE_EXIT.
#
#   harness_selftest.sh [RUN_GOLDEN]      (default: run_golden.sh beside it)

set -u

here=$(cd "$(dirname "$0")" && pwd)
runner=${1:-$here/run_golden.sh}
work=$(mktemp -d "${TMPDIR:-/tmp}/vidya-golden-selftest.XXXXXX") || exit 2
trap 'rm -rf -- "$work"' EXIT

nfail=0
ok() { printf 'ok   %s\n' "$1"; }
bad() {
	printf 'BAD  %s\n' "$1"
	[[ -n ${2-} ]] && printf '%s\n' "$2" | sed 's/^/     | /'
	nfail=$((nfail + 1))
}

# --- the fake vidya -----------------------------------------------------------
fake=$work/fake-vidya
cat >"$fake" <<'EOF'
#!/usr/bin/env bash
# fake vidya: records its arguments and working directory, copies the
# compile_commands.json it was given, builds v_blocks from $FAKE_SQL.
printf '%s\n' "$@" >"$FAKE_LOG.argv"
pwd >"$FAKE_LOG.cwd"
db=
ccj=
while [[ $# -gt 0 ]]; do
	case $1 in
	--db) db=$2; shift ;;
	*.json) ccj=$1 ;;
	esac
	shift
done
[[ -n $ccj ]] && cp "$ccj" "$FAKE_LOG.ccj"
if [[ -n $db && -n ${FAKE_SQL-} ]]; then
	sqlite3 "$db" "$FAKE_SQL" || exit 1
fi
exit "${FAKE_EXIT:-0}"
EOF
chmod +x "$fake"

export FAKE_LOG=$work/log

schema="CREATE TABLE blocks(block_id TEXT, kind TEXT, file TEXT, function TEXT,
  line INT, end_line INT, parent_id TEXT,
  p1 REAL, p2 REAL, p3 REAL, p4 REAL, p5 REAL, p6 REAL, p7 REAL, p8 REAL,
  p9 REAL, p10 REAL, p11 REAL, p12 REAL, p13 REAL, p14 REAL, p15 REAL,
  cioc REAL, unknowns TEXT, unknown_mask INT);
CREATE VIEW v_blocks AS SELECT * FROM blocks;"

row() { # row ID KIND P1 P2 P3 MASK UNKNOWNS
	printf "INSERT INTO blocks(block_id, kind, file, function, p1, p2, p3, p14, unknown_mask, unknowns)
	  VALUES('%s', '%s', 'a.c', 'main', %s, %s, %s, 4, %s, %s);" "$@"
}

# --- a case -------------------------------------------------------------------
case_dir=$work/demo
mkdir -p "$case_dir/sub"
cat >"$case_dir/a.c" <<'EOF'
// VIDYA: --args "10 out.dat" --nprocs 4
// CC: mpicc
// CFLAGS: -I/opt/x -DNAME="two words"
int main(void) { return 0; }
// EXPECT: main/loop#1 p1=10 p2=10 p3=40960 p14=4
// EXPECT: program p2=10.00000000001 kind=program
// EXPECT-UNKNOWN: main/loop#2 p1 p3
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT-ROWS: kind='loop' 2
EOF
cat >"$case_dir/sub/b.c" <<'EOF'
int helper(void) { return 1; }
// EXPECT: a.c:main/loop#1 p3=40960
// EXPECT: helper p2=0
EOF

good_sql="$schema
$(row program program 12 10 40960 NULL NULL)
$(row 'a.c:main/loop#1' loop 10 10 40960 0 NULL)
$(row 'a.c:main/loop#2' loop 100 100 0 5 "'loop bound'")
$(row 'sub/b.c:helper' function 0 0 0 NULL NULL)"

out=$(FAKE_SQL=$good_sql bash "$runner" "$fake" "$case_dir" 2>&1)
rc=$?
if [[ $rc -eq 0 ]]; then ok "a matching database passes"; else bad "a matching database passes (rc=$rc)" "$out"; fi

argv=$(cat "$FAKE_LOG.argv" 2>/dev/null)
expected_tail=$'--args\n10 out.dat\n--nprocs\n4'
if [[ $argv == analyze$'\n'--no-probe$'\n'--db$'\n'*$'\n'*compile_commands.json$'\n'"$expected_tail" ]]; then
	ok "vidya runs as: analyze --no-probe --db DB CCJ OPTIONS (quoted --args kept whole)"
else
	bad "vidya argv" "$argv"
fi
if [[ $(cat "$FAKE_LOG.cwd" 2>/dev/null) == "${TMPDIR:-/tmp}"/vidya-golden-demo.* ]]; then
	ok "vidya runs inside the temporary copy"
else
	bad "vidya working directory" "$(cat "$FAKE_LOG.cwd" 2>/dev/null)"
fi
ccj=$(cat "$FAKE_LOG.ccj" 2>/dev/null)
if [[ $ccj == *'"arguments": ["mpicc", "-I/opt/x", "-DNAME=two words", "-c", "a.c", "-o", "a.o"], "file": "a.c"}'* &&
	$ccj == *'"arguments": ["mpicc", "-I/opt/x", "-DNAME=two words", "-c", "sub/b.c", "-o", "sub/b.o"], "file": "sub/b.c"}'* &&
	$ccj == *'"directory": "'"${TMPDIR:-/tmp}"/vidya-golden-demo.* ]]; then
	ok "compile_commands.json: one \"arguments\" entry per .c file"
else
	bad "compile_commands.json" "$ccj"
fi
if command -v jq >/dev/null; then
	if jq -e 'length == 2' "$FAKE_LOG.ccj" >/dev/null 2>&1; then
		ok "compile_commands.json is valid JSON"
	else
		bad "compile_commands.json is valid JSON" "$ccj"
	fi
fi

# --- each kind of mismatch is reported -------------------------------------------
expect_fail() { # expect_fail DESCRIPTION PATTERN SQL [FAKE_EXIT]
	local out rc
	out=$(FAKE_SQL=$3 FAKE_EXIT=${4:-0} bash "$runner" "$fake" "$case_dir" 2>&1)
	rc=$?
	if [[ $rc -eq 1 && $out == *"$2"* ]]; then
		ok "$1"
	else
		bad "$1 (rc=$rc, want 1 and '$2')" "$out"
	fi
}

sub() { # sub FROM TO: $good_sql with FROM replaced by TO (once, literally)
	local from=$1 to=$2
	[[ $good_sql == *"$from"* ]] || { echo "selftest bug: '$from' not in the SQL" >&2; exit 2; }
	printf '%s' "${good_sql/"$from"/"$to"}"
}

expect_fail "a wrong value" "FAIL main/loop#1 p3: expected 40960, got 4096   [a.c:5]" \
	"$(sub "'main', 10, 10, 40960" "'main', 10, 10, 4096")"
expect_fail "a value off by more than 1e-9 relative" "FAIL program p2: expected 10.00000000001, got 10.0001" \
	"$(sub "'main', 12, 10," "'main', 12, 10.0001,")"
expect_fail "a missing block" "FAIL helper: no block with id 'sub/b.c:helper'" \
	"$(sub "'sub/b.c:helper'" "'sub/b.c:helper2'")"
expect_fail "a NULL value" "FAIL main/loop#1 p1: expected 10, got NULL" \
	"$(sub "'main', 10, 10, 40960" "'main', NULL, 10, 40960")"
expect_fail "a bit that should be unknown" "FAIL main/loop#2 p3: expected unknown, got known (unknown_mask=1)" \
	"$(sub "4, 5, 'loop bound'" "4, 1, 'loop bound'")"
expect_fail "unknowns NULL with the bit set" "FAIL main/loop#2 p1: expected unknown, got unknown_mask bit set but unknowns NULL" \
	"$(sub "4, 5, 'loop bound'" "4, 5, NULL")"
expect_fail "a bit that should be known" "FAIL main/loop#1 p2: expected known, got unknown (unknown_mask=2)" \
	"$(sub "40960, 4, 0, NULL" "40960, 4, 2, NULL")"
expect_fail "a row count" "FAIL rows [kind='loop']: expected 2, got 1" \
	"$(sub "'a.c:main/loop#2', 'loop'" "'a.c:main/loop#2', 'branch'")"
expect_fail "an exit code" "FAIL exit: expected 0, got 3" "$good_sql" 3
expect_fail "no database" "FAIL database" "" 0
expect_fail "a string column" "FAIL program kind: expected 'program', got 'file'" \
	"$(sub "'program', 'program'" "'program', 'file'")"
expect_fail "a duplicate block id" "FAIL helper: 2 rows with block_id 'sub/b.c:helper'" \
	"$good_sql $(row 'sub/b.c:helper' function 0 0 0 NULL NULL)"

# --- malformed cases are harness errors (exit 2), not passes ---------------------
bad_dir=$work/malformed
mkdir -p "$bad_dir"
printf 'int main(void) { return 0; }\n// EXPECT: main p2\n' >"$bad_dir/m.c"
out=$(FAKE_SQL=$good_sql bash "$runner" "$fake" "$bad_dir" 2>&1)
rc=$?
if [[ $rc -eq 2 ]]; then ok "a malformed EXPECT is an error"; else bad "a malformed EXPECT is an error (rc=$rc)" "$out"; fi
printf 'int main(void) { return 0; }\n' >"$bad_dir/m.c"
out=$(FAKE_SQL=$good_sql bash "$runner" "$fake" "$bad_dir" 2>&1)
rc=$?
if [[ $rc -eq 2 ]]; then ok "a case without checks is an error"; else bad "a case without checks is an error (rc=$rc)" "$out"; fi

# --- SETUP runs in the temporary copy before vidya; a failing one is an error ---------
setup_dir=$work/setup
mkdir -p "$setup_dir"
printf 'int main(void) { return 0; }\n// SETUP: pwd >"$FAKE_LOG.setup"\n// EXPECT: helper p2=0\n' >"$setup_dir/s.c"
setup_sql="$schema
$(row 's.c:helper' function 0 0 0 NULL NULL)"
rm -f "$FAKE_LOG.setup"
out=$(FAKE_SQL=$setup_sql bash "$runner" "$fake" "$setup_dir" 2>&1)
rc=$?
if [[ $rc -eq 0 && -s $FAKE_LOG.setup && $(cat "$FAKE_LOG.setup") == "$(cat "$FAKE_LOG.cwd")" ]]; then
	ok "SETUP runs in the copy before vidya"
else
	bad "SETUP runs in the copy before vidya (rc=$rc)" "$out"
fi
printf 'int main(void) { return 0; }\n// SETUP: false\n// EXPECT: helper p2=0\n' >"$setup_dir/s.c"
out=$(FAKE_SQL=$setup_sql bash "$runner" "$fake" "$setup_dir" 2>&1)
rc=$?
if [[ $rc -eq 2 && $out == *"SETUP command failed"* ]]; then
	ok "a failing SETUP is an error"
else
	bad "a failing SETUP is an error (rc=$rc)" "$out"
fi

if [[ $nfail -gt 0 ]]; then
	printf 'harness self-test: %d FAILED\n' "$nfail"
	exit 1
fi
printf 'harness self-test: all passed\n'
