#!/usr/bin/env bash
#
# rewrite_checks.sh - the failure paths of `vidya optimize --apply` and
# `--revert`: whatever fails, the user's files are left as they were (byte
# for byte) and the exit status is 1 with a message naming the file.
#
#   rewrite_checks.sh VIDYA_BINARY SOURCE_ROOT CHECK
#
# CHECK: failed_compile missing_compiler read_only verify revert_changed
#        no_findings command_string header_clash reanalyze
set -u
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 2; }
[[ $# -eq 3 ]] || die "usage: $prog VIDYA_BINARY SOURCE_ROOT CHECK"
vidya=$1 root=$2 check=$3
[[ $vidya == /* ]] || vidya=$PWD/$vidya
[[ $root == /* ]] || root=$PWD/$root
cases=$root/tests/optimizer/rewrite
fail() { echo "FAIL $check: $*"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vidya-rwcheck.XXXXXX") || die "no temporary directory"
trap 'chmod -R u+w -- "$tmp" 2>/dev/null; rm -rf -- "$tmp"' EXIT
cd "$tmp" || die "cd"

# a project of a.c (the small-write loop) and b.c (the stdio records),
# each compiled alone; $1 and $2: extra words of a.c's and b.c's commands
# (JSON strings with their commas)
project() {
	cp "$cases/write-loop/prog.c" a.c && cp "$cases/stdio-records/prog.c" b.c || die "copy"
	cp a.c a.c.orig && cp b.c b.c.orig
	cat >compile_commands.json <<EOF
[{"directory": "$tmp", "file": "a.c", "arguments": [${1:-\"cc\",} "-c", "a.c", "-o", "a.o"]},
 {"directory": "$tmp", "file": "b.c", "arguments": [${2:-\"cc\",} "-c", "b.c", "-o", "b.o"]}]
EOF
}
unchanged() {
	cmp -s a.c a.c.orig || fail "a.c changed ($1)"
	cmp -s b.c b.c.orig || fail "b.c changed ($1)"
	[[ ! -e vd_rt.h ]] || fail "vd_rt.h left behind ($1)"
}
optimize() { "$vidya" optimize --no-probe compile_commands.json "$@" >out.txt 2>err.txt; }

case $check in
failed_compile)
	# b.c's own command rejects a statement before a declaration, which
	# the stdio-buffer edit puts there: a.c compiles, b.c does not, and
	# both are restored
	project "" '"cc", "-std=c99", "-Werror=declaration-after-statement",'
	cc -std=c99 -Werror=declaration-after-statement -c b.c -o /dev/null ||
		die "the original b.c must compile"
	optimize --apply
	rc=$?
	[[ $rc -eq 1 ]] || fail "exit $rc, expected 1"
	grep -q "b.c: the rewritten file does not compile" err.txt || fail "$(cat err.txt)"
	grep -q "every file was restored" err.txt || fail "$(cat err.txt)"
	grep -q "declaration-after-statement" err.txt || fail "no compiler output: $(cat err.txt)"
	unchanged "failed compile"
	[[ -z $(ls .vidya/optimize 2>/dev/null) ]] || fail "originals kept for a failed apply"
	;;
missing_compiler)
	project '"no-such-cc-vidya",' ""
	optimize --apply
	rc=$?
	[[ $rc -eq 1 ]] || fail "exit $rc, expected 1"
	grep -q "a.c: compiler 'no-such-cc-vidya' not found" err.txt || fail "$(cat err.txt)"
	unchanged "missing compiler"
	;;
read_only)
	project
	chmod a-w b.c
	optimize --apply
	rc=$?
	chmod u+w b.c
	[[ $rc -eq 1 ]] || fail "exit $rc, expected 1"
	grep -q "b.c: read-only" err.txt || fail "$(cat err.txt)"
	unchanged "read-only"
	;;
verify)
	project
	optimize --apply --verify 'test -f vd_rt.h && exit 3'
	rc=$?
	[[ $rc -eq 1 ]] || fail "exit $rc, expected 1"
	grep -q "the check 'test -f vd_rt.h && exit 3' failed (exit status 3)" err.txt ||
		fail "$(cat err.txt)"
	unchanged "failed verify"
	optimize --apply --verify 'grep -q vd_rt_write a.c' || fail "a passing check: $(cat err.txt)"
	cmp -s a.c a.c.orig && fail "a.c unchanged after a passing check"
	grep -q "originals kept in .vidya/optimize/" out.txt || fail "$(cat out.txt)"
	"$vidya" optimize --revert >rv.txt 2>&1 || fail "revert: $(cat rv.txt)"
	unchanged "reverted"
	;;
revert_changed)
	project
	optimize --apply || fail "apply: $(cat err.txt)"
	cp a.c a.c.applied
	echo '/* edited after the apply */' >>a.c
	cp a.c a.c.edited
	"$vidya" optimize --revert >rv.txt 2>&1
	rc=$?
	[[ $rc -eq 1 ]] || fail "revert over an edit: exit $rc"
	grep -q "a.c: changed since the apply" rv.txt || fail "$(cat rv.txt)"
	cmp -s a.c a.c.edited || fail "the edited a.c was clobbered"
	cmp -s b.c b.c.orig && fail "b.c was restored although the revert was refused"
	"$vidya" optimize --revert --force >rv.txt 2>&1 || fail "--force: $(cat rv.txt)"
	unchanged "forced revert"
	"$vidya" optimize --revert >rv.txt 2>&1
	[[ $? -eq 1 ]] && grep -q "nothing to revert" rv.txt || fail "a second revert: $(cat rv.txt)"
	# --backup-dir: originals where the user says
	optimize --apply --backup-dir kept || fail "apply --backup-dir: $(cat err.txt)"
	ls kept/*/manifest >/dev/null 2>&1 || fail "no manifest under kept/"
	"$vidya" optimize --revert --backup-dir kept >rv.txt 2>&1 || fail "revert: $(cat rv.txt)"
	unchanged "revert --backup-dir"
	;;
no_findings)
	cat >c.c <<'EOF'
int main(void) { return 0; }
EOF
	echo "[{\"directory\": \"$tmp\", \"file\": \"c.c\", \"arguments\": [\"cc\", \"-c\", \"c.c\"]}]" \
		>compile_commands.json
	optimize --apply
	rc=$?
	[[ $rc -eq 0 ]] || fail "exit $rc with no finding"
	grep -q "no findings in run 1: nothing to optimize" out.txt || fail "$(cat out.txt)"
	grep -q "nothing to rewrite" out.txt || fail "$(cat out.txt)"
	optimize --rule hdf5-small-writes
	[[ $? -eq 1 ]] || fail "--rule of a rule that is not rewritten accepted"
	grep -q "rule the rewriter rewrites" err.txt || fail "$(cat err.txt)"
	;;
reanalyze)
	# the optimized sources analyzed again: the vd_rt_ calls count as the
	# I/O calls they stand for (catalog), the header's own code is not the
	# program's, and no rule advises what the runtime already does
	project
	optimize --apply
	[[ $? -eq 0 ]] || fail "apply: $(cat err.txt)"
	"$vidya" lint --no-probe --db re.db --format json -o re.json compile_commands.json \
		>/dev/null 2>re.err
	rc=$?
	[[ $rc -eq 0 ]] || fail "lint of the optimized project: exit $rc: $(cat re.err)"
	! grep -q 'vd_rt.h' re.json || fail "findings inside vd_rt.h: $(cat re.json)"
	n=$(sqlite3 re.db "SELECT count(*) FROM io_sites WHERE call LIKE 'vd_rt_%' AND count > 0")
	[[ $n -ge 1 ]] || fail "no vd_rt_ call counted as I/O"
	n=$(sqlite3 re.db "SELECT count(*) FROM io_sites WHERE file LIKE '%vd_rt.h' AND count > 0")
	[[ $n -eq 0 ]] || fail "$n I/O sites inside vd_rt.h counted"
	;;
command_string)
	# a "command" string (split without a shell): the re-compile writes
	# its object to a temporary file, not to -oa.o, and no dependency file
	project
	cat >compile_commands.json <<EOF
[{"directory": "$tmp", "file": "a.c", "command": "cc -O2 -MD -MF 'dep file.d' -c a.c -oa.o"},
 {"directory": "$tmp", "file": "b.c", "command": "cc -c \\"b.c\\" -o 'b out.o'"}]
EOF
	optimize --apply || fail "apply: $(cat err.txt)"
	cmp -s a.c a.c.orig && fail "a.c unchanged"
	cmp -s b.c b.c.orig && fail "b.c unchanged"
	for f in a.o 'dep file.d' 'b out.o' b.o; do
		[[ ! -e $f ]] || fail "the re-compile wrote '$f'"
	done
	"$vidya" optimize --revert >rv.txt 2>&1 || fail "revert: $(cat rv.txt)"
	unchanged "reverted"
	;;
header_clash)
	project
	echo '/* the user own vd_rt.h */' >vd_rt.h
	optimize --apply
	rc=$?
	[[ $rc -eq 1 ]] || fail "exit $rc, expected 1"
	grep -q "a different vd_rt.h is already there" err.txt || fail "$(cat err.txt)"
	grep -q "the user own" vd_rt.h || fail "the user's vd_rt.h was replaced"
	rm vd_rt.h
	unchanged "header clash"
	;;
*) die "unknown check '$check'" ;;
esac
echo "ok $check"
