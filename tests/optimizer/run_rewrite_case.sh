#!/usr/bin/env bash
#
# run_rewrite_case.sh - one rewriter case against the real vidya binary.
#
#   run_rewrite_case.sh VIDYA_BINARY SOURCE_ROOT CASE_DIR
#
# A case is a directory holding prog.c, whose `//` directives say what to
# expect, and for a rewritten case expected.diff (the unified diff vidya
# optimize must print, written by hand):
#
#   // OPTIMIZE: --rule prefetch       options for `vidya optimize` (shell words)
#   // SETUP: COMMAND                  run (bash -c) in the case before anything
#   // EXPECT: rewritten               the diff is expected.diff, and then:
#        --apply changes prog.c to exactly what the diff gives (patch), puts
#        vd_rt.h next to it when the diff includes it, the rewritten program
#        builds with the original command and prints the same bytes, exits
#        the same and writes byte-identical files; --revert restores prog.c
#        byte for byte and removes vd_rt.h
#   // EXPECT: not rewritten: TEXT     the output holds TEXT, no diff, nothing changed
#
# The program is built as `cc -O2 prog.c -o prog` (the compile command in
# the generated compile_commands.json) and run in a fresh copy of the case.
set -u
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 2; }
[[ $# -eq 3 ]] || die "usage: $prog VIDYA_BINARY SOURCE_ROOT CASE_DIR"
vidya=$1 srcroot=$2 case_src=${3%/}
[[ $case_src == /* ]] || case_src=$PWD/$case_src
[[ $srcroot == /* ]] || srcroot=$PWD/$srcroot
[[ $vidya == /* ]] || vidya=$PWD/$vidya
[[ -x $vidya ]] || die "'$vidya' is not an executable"
name=${case_src##*/}
fail() { echo "FAIL $name: $*"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vidya-rewrite.XXXXXX") || die "no temporary directory"
trap 'chmod -R u+w -- "$tmp" 2>/dev/null; rm -rf -- "$tmp"' EXIT
src=$tmp/src
mkdir "$src" && cp -R -- "$case_src"/. "$src"/ || die "unable to copy '$case_src'"
cd "$src" || die "unable to enter '$src'"
[[ -f prog.c ]] || die "$case_src: no prog.c"

opts=() setup="" expect=""
while IFS= read -r text; do
	if [[ $text =~ ^//[[:space:]]*OPTIMIZE:[[:space:]]*(.*)$ ]]; then
		eval "opts=(${BASH_REMATCH[1]})" || die "bad OPTIMIZE line"
	elif [[ $text =~ ^//[[:space:]]*SETUP:[[:space:]]*(.*)$ ]]; then
		setup=${BASH_REMATCH[1]}
	elif [[ $text =~ ^//[[:space:]]*EXPECT:[[:space:]]*(.*)$ ]]; then
		expect=${BASH_REMATCH[1]}
	fi
done <prog.c
[[ -n $expect ]] || die "$case_src: no EXPECT line"
if [[ -n $setup ]]; then bash -c "$setup" || die "SETUP failed"; fi
printf '[{"directory": "%s", "file": "prog.c", "arguments": ["cc", "-O2", "prog.c", "-o", "prog"]}]\n' \
	"$src" >compile_commands.json
cp prog.c "$tmp/prog.c.orig"
cp -R -- "$src" "$tmp/pristine" || die "copy"

# run the program built from the current prog.c in a fresh copy of the
# case; its stdout, exit status and files into $tmp/$1
run_prog() {
	local out=$tmp/$1
	cc -O2 prog.c -o prog || fail "prog.c does not build ($1)"
	cp -R -- "$tmp/pristine" "$out" && cp prog "$out/" || die "copy"
	(cd "$out" && ./prog >stdout.txt; echo $? >status.txt)
	rm -f -- "$out/prog"
}
run_prog before

"$vidya" optimize --no-probe compile_commands.json "${opts[@]}" >out.txt 2>err.txt
rc=$?
[[ $rc -eq 0 ]] || { cat err.txt; fail "vidya optimize exited $rc"; }
cmp -s prog.c "$tmp/prog.c.orig" || fail "optimize without --apply changed prog.c"
[[ ! -e vd_rt.h ]] || fail "optimize without --apply wrote vd_rt.h"
sed -n '/^--- a\//,$p' out.txt >got.diff

if [[ $expect != rewritten ]]; then
	grep -qF -- "$expect" out.txt || { cat out.txt; fail "no '$expect' in the output"; }
	[[ ! -s got.diff ]] || { cat got.diff; fail "a diff was printed"; }
	grep -q '^nothing to rewrite$' out.txt || fail "no 'nothing to rewrite'"
	echo "ok $name: reported, not rewritten"
	exit 0
fi

diff -u "$case_src/expected.diff" got.diff || fail "the diff differs from expected.diff"
grep -q '^    rewritten' out.txt || fail "no finding marked rewritten"
# the diff is a real patch: it applies to the original
mkdir "$tmp/patched" && cp prog.c "$tmp/patched/" || die "copy"
(cd "$tmp/patched" && patch -s -p1 <"$src/got.diff") || fail "the diff does not apply with patch -p1"

"$vidya" optimize --no-probe compile_commands.json "${opts[@]}" --apply >apply.txt 2>&1 ||
	{ cat apply.txt; fail "--apply failed"; }
cmp -s prog.c "$tmp/patched/prog.c" || fail "--apply wrote something else than the diff"
if grep -q 'vd_rt.h' got.diff; then
	cmp -s vd_rt.h "$srcroot/optimizer/runtime/vd_rt.h" || fail "vd_rt.h is not the runtime header"
fi
run_prog after
for f in $(cd "$tmp/before" && find . -type f | LC_ALL=C sort); do
	cmp -s "$tmp/before/$f" "$tmp/after/$f" || fail "the optimized program's $f differs"
done
n1=$(cd "$tmp/before" && find . -type f | wc -l) n2=$(cd "$tmp/after" && find . -type f | wc -l)
[[ $n1 -eq $n2 ]] || fail "the optimized program wrote $n2 files, the original $n1"

"$vidya" optimize --revert >revert.txt 2>&1 || { cat revert.txt; fail "--revert failed"; }
cmp prog.c "$tmp/prog.c.orig" || fail "--revert did not restore prog.c byte for byte"
[[ ! -e vd_rt.h ]] || fail "--revert left vd_rt.h"
"$vidya" optimize --revert >revert2.txt 2>&1 && fail "a second --revert succeeded"
grep -q 'nothing to revert' revert2.txt || fail "second --revert: $(cat revert2.txt)"
echo "ok $name: diff, apply ($(cat "$tmp/after/status.txt"), $n2 identical files), revert"
