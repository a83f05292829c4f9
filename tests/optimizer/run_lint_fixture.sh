#!/usr/bin/env bash
#
# run_lint_fixture.sh - one lint fixture against the real vidya binary.
#
#   run_lint_fixture.sh VIDYA_BINARY CASE_DIR
#
# A case is a directory holding one C program whose expectations are `//`
# comment directives in the source:
#
#   // LINT: --nprocs 4            extra options for `vidya lint`
#   // CFLAGS: -I/usr/include/x    flags for compile_commands.json (shell words)
#   // FIRES: RULE-ID LINE         this finding must be reported at this line
#   // CLEAN                       no finding at all may be reported
#
# The case is copied to a temporary directory with a compile_commands.json
# written there; `vidya lint --no-probe --format json` runs from inside it.
# With FIRES lines, the findings must be exactly those (rule and line);
# with CLEAN, none.  Exit 0 on success, 1 on a mismatch, 2 on a harness error.

set -u
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 2; }
[[ $# -eq 2 ]] || die "usage: $prog VIDYA_BINARY CASE_DIR"
vidya=$1
case_src=${2%/}
[[ $vidya == /* ]] || vidya=$PWD/$vidya
[[ -x $vidya ]] || die "'$vidya' is not an executable"
[[ -d $case_src ]] || die "'$case_src' is not a directory"
command -v sqlite3 >/dev/null || die "sqlite3 not found"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vidya-lint.XXXXXX") || die "no temporary directory"
trap 'rm -rf -- "$tmp"' EXIT
cp -R -- "$case_src"/. "$tmp"/ || die "unable to copy '$case_src'"
cd "$tmp" || die "unable to enter '$tmp'"

src=$(ls -- *.c 2>/dev/null | head -n 1)
[[ -n $src ]] || die "$case_src: no .c file"

lint_opts=() cflags=() expect=() clean=0
while IFS= read -r text; do
	if [[ $text =~ ^//[[:space:]]*LINT:[[:space:]]*(.*)$ ]]; then
		eval "lint_opts=(${BASH_REMATCH[1]})" || die "bad LINT line"
	elif [[ $text =~ ^//[[:space:]]*CFLAGS:[[:space:]]*(.*)$ ]]; then
		eval "cflags=(${BASH_REMATCH[1]})" || die "bad CFLAGS line"
	elif [[ $text =~ ^//[[:space:]]*FIRES:[[:space:]]*([a-z0-9-]+)[[:space:]]+([0-9]+)[[:space:]]*$ ]]; then
		expect+=("${BASH_REMATCH[1]} ${BASH_REMATCH[2]}")
	elif [[ $text =~ ^//[[:space:]]*CLEAN[[:space:]]*$ ]]; then
		clean=1
	fi
done <"$src"
(( clean || ${#expect[@]} )) || die "$case_src: neither FIRES nor CLEAN"
(( clean && ${#expect[@]} )) && die "$case_src: both FIRES and CLEAN"

args=""
for f in "${cflags[@]}"; do args+="\"$f\", "; done
printf '[{"directory": ".", "file": "%s", "arguments": ["cc", %s"-c", "%s"]}]\n' \
	"$src" "$args" "$src" >compile_commands.json

"$vidya" lint compile_commands.json --no-probe --db lint.db --format json -o findings.json \
	"${lint_opts[@]}" 2>stderr.txt
rc=$?
if [[ $rc -ne 0 ]]; then
	cat stderr.txt >&2
	echo "FAIL ${case_src##*/}: vidya lint exited $rc"
	exit 1
fi
mapfile -t got < <(sqlite3 lint.db "SELECT rule || ' ' || site_line FROM v_findings ORDER BY 1")
mapfile -t want < <(printf '%s\n' "${expect[@]}" | LC_ALL=C sort | sed '/^$/d')
mapfile -t got < <(printf '%s\n' "${got[@]}" | LC_ALL=C sort | sed '/^$/d')
status=0
for w in "${want[@]}"; do
	printf '%s\n' "${got[@]}" | grep -qxF -- "$w" || { echo "FAIL ${case_src##*/}: missing finding '$w'"; status=1; }
done
for g in "${got[@]}"; do
	printf '%s\n' "${want[@]}" | grep -qxF -- "$g" || { echo "FAIL ${case_src##*/}: unexpected finding '$g'"; status=1; }
done
# the JSON output holds the same findings
n_json=$(grep -c '"rule": ' findings.json)
[[ $n_json -eq ${#got[@]} ]] || { echo "FAIL ${case_src##*/}: $n_json findings in JSON, ${#got[@]} in the database"; status=1; }
if [[ $status -ne 0 ]]; then
	sqlite3 lint.db "SELECT rule, site_line, evidence FROM v_findings"
fi
exit $status
