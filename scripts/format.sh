#!/usr/bin/env bash
# format.sh [--check] [FILE...] - clang-format vidya's C sources in place
# with the repository's .clang-format, or, with --check, change nothing and
# report how many lines formatting would change (exit 1 if any).  Without
# files: every *.c and *.h of the product's modules (the folders below).  Test
# inputs (golden programs, fixtures, the model corpus, the bundled example) are
# left as written: their line numbers are part of the expected results.
# Needs clang-format (Debian: clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
if [ "${1:-}" = "--check" ]; then
	check=1
	shift
fi
fmt=${CLANG_FORMAT:-clang-format}
if ! command -v "$fmt" >/dev/null; then
	echo "format.sh: $fmt not found (apt-get install clang-format)" >&2
	exit 2
fi
if [ $# -eq 0 ]; then
	modules=(util extractor analyzer store model sysprobe trace optimizer dfg report cli)
	mapfile -t files < <(git ls-files --cached --others --exclude-standard -- \
				 "${modules[@]/%//*.c}" "${modules[@]/%//*.h}" |
				 while read -r f; do [ -f "$f" ] && echo "$f"; done)
else
	files=("$@")
fi

changed=0 nfiles=0
for f in "${files[@]}"; do
	if [ ! -f "$f" ]; then
		echo "format.sh: $f: no such file" >&2
		exit 2
	fi
	if [ $check -eq 0 ]; then
		"$fmt" -i --style=file "$f"
		continue
	fi
	# lines of the file that formatting would remove or rewrite
	n=$("$fmt" --style=file "$f" | diff "$f" - | grep -c '^<' || true)
	if [ "$n" -gt 0 ]; then
		echo "$f: $n lines"
		changed=$((changed + n))
		nfiles=$((nfiles + 1))
	fi
done
if [ $check -eq 1 ]; then
	echo "format.sh: $changed lines in $nfiles of ${#files[@]} files would change" >&2
	[ $changed -eq 0 ] || exit 1
fi
