#!/usr/bin/env bash
# cache_checks.sh VIDYA - one probe per machine and file system: the first
# `vidya analyze` probes and caches the profile in the user's cache
# (XDG_CACHE_HOME, a directory of this test's own), a second database on
# the same file system takes it from there without probing, records it,
# and `vidya sysprobe` shows it until --refresh measures again.
set -u
VIDYA=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-cachetest.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T"
export XDG_CACHE_HOME=$T/cache
fail() { echo "FAIL: $*" >&2; exit 1; }
cat > app.c <<'C'
#include <stdio.h>
int main(void)
{
	FILE *f = fopen("out.txt", "w");
	for (int i = 0; i < 100; i++)
		fprintf(f, "%d\n", i);
	fclose(f);
	return 0;
}
C
printf '[{"directory": "%s", "arguments": ["cc", "-c", "app.c"], "file": "app.c"}]\n' "$T" \
	> compile_commands.json

"$VIDYA" analyze --quiet --db a.db compile_commands.json >a.out 2>&1 || { cat a.out >&2; fail "first analyze"; }
prof=$(ls "$XDG_CACHE_HOME"/vidya/profiles/*.profile 2>/dev/null | head -n 1)
[ -n "$prof" ] || fail "the first analyze cached no profile"
[ -f "${prof%.profile}.json" ] || fail "no report beside the cached profile"
before=$(stat -c %Y.%s "$prof")
pa=$(sqlite3 a.db "SELECT device_profile FROM v_runs WHERE is_latest")
[ -n "$pa" ] || fail "a.db does not record the profile its run used"

# a second database: no probe (fast, the cache file untouched), same profile
start=$(date +%s.%N)
"$VIDYA" analyze --quiet --db b.db compile_commands.json >b.out 2>&1 || { cat b.out >&2; fail "second analyze"; }
took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
[ "$(stat -c %Y.%s "$prof")" = "$before" ] || fail "the second analyze re-wrote the cached profile"
pb=$(sqlite3 b.db "SELECT device_profile FROM v_runs WHERE is_latest")
[ "$pb" = "$pa" ] || fail "b.db used profile '$pb', a.db '$pa'"
[ "$(sqlite3 b.db "SELECT count(*) FROM system_profiles WHERE profile = '$pa'")" = 1 ] ||
	fail "b.db does not record the cached profile"
awk -v t="$took" 'BEGIN { exit !(t < 5) }' || fail "the second analyze took $took s: it probed again?"
# a third analysis of the same database adds no second copy of the profile
"$VIDYA" analyze --quiet --db b.db compile_commands.json >/dev/null 2>&1 || fail "third analyze"
[ "$(sqlite3 b.db "SELECT count(*) FROM system_profiles")" = 1 ] || fail "the profile was recorded twice"

# vidya sysprobe shows the cached profile; --refresh measures again
"$VIDYA" sysprobe --db c.db >show.out 2>&1 || { cat show.out >&2; fail "sysprobe (cached)"; }
grep -q "cached profile" show.out || { cat show.out >&2; fail "sysprobe did not show the cached profile"; }
[ "$(stat -c %Y.%s "$prof")" = "$before" ] || fail "sysprobe without --refresh re-measured"
"$VIDYA" sysprobe --refresh --quick --no-lshw --db c.db --format json >refresh.json 2>&1 ||
	{ cat refresh.json >&2; fail "sysprobe --refresh"; }
[ "$(stat -c %Y.%s "$prof")" != "$before" ] || fail "--refresh did not replace the cached profile"
pc=$(sqlite3 c.db "SELECT profile FROM system_profiles ORDER BY profile_id DESC LIMIT 1")
[ -n "$pc" ] && [ "$pc" != "$pa" ] || fail "--refresh saved profile '$pc' (was '$pa')"
echo "ok cache"
