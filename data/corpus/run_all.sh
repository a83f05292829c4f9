#!/usr/bin/env bash
# run_all.sh - smoke runner for the training corpus (untraced).
#
# Builds every app of data/corpus/ (or the ones named on the command line)
# from its meta.txt with -Wall -Wextra -Werror added, then for every line of
# its configs.tsv: makes a fresh scratch directory, runs SETUP_ARGS (if not
# "-"), then times ARGS (under mpirun -np NPROCS when nprocs > 1) and prints
# one row: app, config, wall seconds of the run, setup seconds, the app's
# "checksum ..." line. Fails (exit 1) when a build or a run fails, when a run
# prints no checksum line, or when a run takes longer than MAX_S (default 4).
#
#   data/corpus/run_all.sh [APP...]
#   env: CORPUS_TMP (where the temp dir goes, default /tmp), MAX_S,
#        KEEP=1 (keep the temp dir)
set -u
here=$(cd "$(dirname "$0")" && pwd)
max_s=${MAX_S:-4}
tmp=$(mktemp -d "${CORPUS_TMP:-/tmp}/vidya-corpus.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$tmp"' EXIT

if [ $# -gt 0 ]; then apps=("$@"); else
	apps=()
	for d in "$here"/*/; do [ -f "$d/meta.txt" ] && apps+=("$(basename "$d")"); done
fi

meta() { sed -n "s/^$2=//p" "$here/$1/meta.txt" | head -n 1; }
now() { date +%s.%N; }

fail=0 total_run=0 nconf=0
printf '%-13s %-28s %7s %7s  %s\n' app config run_s setup_s checksum
for app in "${apps[@]}"; do
	src="$here/$app/$app.c"
	cc=$(meta "$app" cc) cflags=$(meta "$app" cflags) ldflags=$(meta "$app" ldflags)
	np=$(meta "$app" nprocs)
	mkdir -p "$tmp/$app"
	# shellcheck disable=SC2086 # flags are word lists
	if ! $cc $cflags -Wall -Wextra -Werror -o "$tmp/$app/app" "$src" $ldflags 2>"$tmp/$app/build.log"; then
		echo "BUILD FAILED: $app"; cat "$tmp/$app/build.log"; fail=1; continue
	fi
	while IFS=$'\t' read -r name setup args; do
		[ -z "$name" ] && continue
		case "$name" in \#*) continue ;; esac
		work="$tmp/$app/work"
		rm -rf "$work" && mkdir -p "$work"
		setup=${setup//\{dir\}/$work} args=${args//\{dir\}/$work}
		read -r -a sargv <<<"$setup"
		read -r -a rargv <<<"$args"
		t0=$(now)
		if [ "$setup" != "-" ] && ! (cd "$work" && "$tmp/$app/app" "${sargv[@]}") </dev/null >"$tmp/$app/setup.log" 2>&1; then
			echo "SETUP FAILED: $app $name"; cat "$tmp/$app/setup.log"; fail=1; continue
		fi
		t1=$(now)
		if [ "${np:-1}" -gt 1 ]; then
			(cd "$work" && mpirun --allow-run-as-root --oversubscribe -np "$np" "$tmp/$app/app" "${rargv[@]}") </dev/null >"$tmp/$app/run.log" 2>&1
		else
			(cd "$work" && "$tmp/$app/app" "${rargv[@]}") </dev/null >"$tmp/$app/run.log" 2>&1
		fi
		rc=$?
		t2=$(now)
		run_s=$(echo "$t2 - $t1" | bc) setup_s=$(echo "$t1 - $t0" | bc)
		sum=$(grep -m1 '^checksum' "$tmp/$app/run.log")
		status=""
		if [ $rc -ne 0 ] || [ -z "$sum" ]; then status="FAILED(rc=$rc)"; fail=1; cat "$tmp/$app/run.log"; fi
		if [ "$(echo "$run_s > $max_s" | bc)" = 1 ]; then status="$status TOO-SLOW(>${max_s}s)"; fail=1; fi
		printf '%-13s %-28s %7.2f %7.2f  %s %s\n' "$app" "$name" "$run_s" "$setup_s" "${sum#checksum }" "$status"
		total_run=$(echo "$total_run + $run_s" | bc) nconf=$((nconf + 1))
	done <"$here/$app/configs.tsv"
	rm -rf "$tmp/$app/work"
done
printf 'total: %d configs, %.1f s of runs\n' "$nconf" "$total_run"
[ $fail -eq 0 ] && echo "all configs passed" || echo "SOME CONFIGS FAILED"
exit $fail
