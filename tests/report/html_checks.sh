#!/bin/bash
# html_checks.sh VIDYA ROOT CHECK - `vidya report --html` and `vidya diff
# --format html` opened in headless Chromium.
#
# Each page is loaded twice: once for a screenshot with Chromium's log on
# stderr (any console message - an uncaught error, a failed load, a script
# that should not be there - fails the check), once for the DOM as the
# browser parsed it.  The pages have no script of their own, so a console
# line can only come from markup that was not escaped.  Exit 77 (ctest's
# skip) when no Chromium is installed (scripts/setup.sh installs it).
set -u
VIDYA=$1
ROOT=$2
CHECK=$3
T=$(mktemp -d "${TMPDIR:-/tmp}/vidya-html.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

fail() {
	echo "FAIL $CHECK: $*" >&2
	exit 1
}

CHROMIUM=$(command -v chromium || command -v chromium-browser || command -v google-chrome) || {
	echo "SKIP: no chromium on PATH (apt-get install chromium)"
	exit 77
}
mkdir -p "$T/home"

# load PAGE NAME: NAME.png (screenshot), NAME.log (console), NAME.dom;
# 0 when the page loaded with no console message and a real screenshot
load() {
	local page=$1 name=$2
	# HOME in the temporary directory: Chromium writes its profile there;
	# --no-sandbox: the setuid/namespace sandbox is not available to root
	# in a container
	HOME=$T/home timeout 120 "$CHROMIUM" --headless --disable-gpu --no-sandbox --no-first-run \
		--disable-extensions --enable-logging=stderr --v=0 --window-size=1280,2000 \
		--virtual-time-budget=3000 --screenshot="$T/$name.png" "file://$page" \
		>"$T/$name.out" 2>"$T/$name.log" || {
		echo "chromium failed on $page:" >&2
		tail -5 "$T/$name.log" >&2
		return 1
	}
	HOME=$T/home timeout 120 "$CHROMIUM" --headless --disable-gpu --no-sandbox --no-first-run \
		--disable-extensions --enable-logging=stderr --v=0 --virtual-time-budget=3000 \
		--dump-dom "file://$page" >"$T/$name.dom" 2>>"$T/$name.log" || {
		echo "chromium --dump-dom failed on $page" >&2
		return 1
	}
	if grep -E ':CONSOLE\(|:CONSOLE:|Uncaught|ERROR:CONSOLE' "$T/$name.log" >&2; then
		echo "console messages on $page" >&2
		return 1
	fi
	[ -s "$T/$name.png" ] || {
		echo "no screenshot of $page" >&2
		return 1
	}
	# a PNG of the window's size (IHDR: width 1280, height 2000) with more
	# in it than a blank page (about 12 KB at this size)
	[ "$(head -c 8 "$T/$name.png" | od -A n -t x1 | tr -d ' \n')" = 89504e470d0a1a0a ] || {
		echo "$name.png is not a PNG" >&2
		return 1
	}
	[ "$(od -A n -t u1 -j 16 -N 8 "$T/$name.png" | tr -s ' ')" = " 0 0 5 0 0 0 7 208" ] || {
		echo "$name.png is not 1280x2000" >&2
		return 1
	}
	local size
	size=$(wc -c <"$T/$name.png")
	[ "$size" -gt 40000 ] || {
		echo "$name.png is $size bytes: an empty page?" >&2
		return 1
	}
	return 0
}

# every relative link of the pages under DIR leads to a file that exists
check_links() {
	local dir=$1 page target
	while IFS= read -r page; do
		grep -o 'href="[^"#]*' "$page" | sed 's/^href="//' | sort -u | while IFS= read -r target; do
			[ -z "$target" ] && continue
			case $target in
			http:* | https:* | //*) echo "$page links the network: $target" >&2 && exit 1 ;;
			esac
			[ -e "$(dirname "$page")/$target" ] || {
				echo "$page: broken link $target" >&2
				exit 1
			}
		done || return 1
	done < <(find "$dir" -name '*.html')
}

# the bundled example in a scratch copy, one of its sources with markup
# that must come out as text
example_copy() {
	cp -r "$ROOT/examples/ckpt" "$T/ckpt" || fail "copy the example"
	printf '/* <script>console.error("injected")</script> </td></table> & more */\n' \
		>>"$T/ckpt/checkpoint.c"
}

case $CHECK in
example)
	# the check itself must see a console error: a page that makes one fails
	printf '<!DOCTYPE html><html><body><p>x</p><script>undefined_fn();</script></body></html>\n' \
		>bad.html
	if load "$T/bad.html" bad 2>/dev/null; then
		fail "a page with an uncaught error passed the console check"
	fi
	example_copy
	(cd ckpt && "$VIDYA" analyze --no-probe --quiet --db "$T/v.db" compile_commands.json \
		--args "256 256 100 10") || fail "analyze the example"
	"$VIDYA" report --db v.db --html out >rep.out 2>&1 || { cat rep.out >&2; fail "report --html"; }
	grep -q "^wrote out/index.html: 4 source pages, [1-9][0-9]* finding" rep.out ||
		{ cat rep.out >&2; fail "summary line"; }
	[ -f out/index.html ] && [ -f out/style.css ] || fail "index.html and style.css"
	page=$(grep -o 'src/[0-9]*-checkpoint\.c\.html' out/index.html | head -1)
	[ -n "$page" ] && [ -f "out/$page" ] || fail "no page for checkpoint.c"
	grep -q 'small-io-loop' out/index.html || fail "the finding is not in the report"
	grep -q 'checkpoint\.c:39</a>' out/index.html || fail "the finding links its line"
	grep -q '<div class="pdg">' out/index.html || fail "PDG as SVG"
	# the source's markup is text, escaped in the file and in the DOM
	grep -q '&lt;script&gt;console.error(&quot;injected&quot;)&lt;/script&gt; &lt;/td&gt;&lt;/table&gt; &amp; more' \
		"out/$page" || fail "the source line with <script> is not escaped"
	! grep -q '<script' "out/$page" out/index.html || fail "a <script> element in the report"
	# line 39 (the 2 KiB writes) is coloured and carries its calls
	grep -q '<tr id="L39" class="find"><td class="ln"><a href="#L39">39</a></td><td class="g">2560</td>' \
		"out/$page" || fail "line 39's gutter"
	grep 'id="L39"' "out/$page" | grep -q 'style="background:#' || fail "line 39 not coloured"
	grep 'id="L3"' "out/$page" | grep -q 'background' && fail "line 3 (a comment) coloured"
	check_links out || fail "links"
	load "$T/out/index.html" index || fail "index.html in Chromium"
	load "$T/out/$page" file || fail "$page in Chromium"
	grep -q 'Findings' index.dom || fail "the DOM has no findings section"
	grep -q '<svg' index.dom || fail "the DOM has no SVG"
	grep -q '&lt;script&gt;console.error' file.dom || fail "the DOM lost the escaped line"
	grep -q '<script' file.dom && fail "the file page's DOM holds a script element"
	# a source removed after the analysis: its page says so, the rest is written
	rm ckpt/log.c
	"$VIDYA" report --db v.db --html out2 >rep2.out 2>&1 || { cat rep2.out >&2; fail "report with a source gone"; }
	grep -q "(1 source file not found)" rep2.out || { cat rep2.out >&2; fail "summary names the missing file"; }
	grep -q 'could not be read' out2/src/*-log.c.html || fail "log.c page does not say it is missing"
	load "$T/out2/$(cd out2 && ls src/*-log.c.html)" missing || fail "missing-source page in Chromium"
	# errors: a path that cannot be a directory, a database without runs
	: >plainfile
	"$VIDYA" report --db v.db --html plainfile/x >err.out 2>&1 && fail "report into a file's child"
	grep -q "plainfile/x" err.out || fail "the error names the directory: $(cat err.out)"
	;;
trace)
	command -v cc >/dev/null || {
		echo "SKIP: no C compiler"
		exit 77
	}
	example_copy
	(cd ckpt && cc -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -o heat2d main.c stencil.c \
		checkpoint.c log.c -lm) || fail "build the example with -g"
	(cd ckpt && "$VIDYA" analyze --no-probe --quiet --db "$T/v.db" compile_commands.json \
		--args "128 128 50 10") || fail "analyze"
	(cd ckpt && "$VIDYA" trace --db "$T/v.db" -- ./heat2d 128 128 50 10) >tr.out 2>&1 ||
		{ cat tr.out >&2; fail "trace"; }
	"$VIDYA" report --db v.db --html out >rep.out 2>&1 || { cat rep.out >&2; fail "report --html"; }
	n=$(sed -n 's/.*, trace [0-9]* (\([0-9]*\) blocks\{0,1\} plotted).*/\1/p' rep.out)
	[ -n "$n" ] && [ "$n" -ge 3 ] || { cat rep.out >&2; fail "fewer than 3 blocks plotted"; }
	[ "$(grep -o '<circle' out/index.html | wc -l)" -eq "$n" ] || fail "one point per plotted block"
	grep -q 'predicted I/O seconds' out/index.html || fail "scatter axis title"
	[ "$(grep -o 'class="bar"' out/index.html | wc -l)" -ge 6 ] || fail "per-layer bar charts"
	grep -q '>posix</text>' out/index.html || fail "the posix layer has a bar"
	check_links out || fail "links"
	load "$T/out/index.html" index || fail "index.html with a trace in Chromium"
	grep -q '<circle' index.dom || fail "the DOM has no scatter points"
	;;
diff)
	example_copy
	(cd ckpt && "$VIDYA" analyze --no-probe --quiet --db "$T/v.db" compile_commands.json \
		--args "256 256 100 10" &&
		"$VIDYA" analyze --no-probe --quiet --db "$T/v.db" compile_commands.json \
			--args "256 256 200 5") || fail "two analyses"
	"$VIDYA" diff --db v.db --format html >diff.html 2>err.out || { cat err.out >&2; fail "diff --format html"; }
	grep -q '^<!DOCTYPE html>' diff.html || fail "not an HTML document"
	grep -q 'run 1 &rarr; run 2: [1-9][0-9]* blocks changed' diff.html || fail "the summary"
	grep -q '<code>checkpoint.c:write_checkpoint/loop#1</code>' diff.html || fail "the loop changed"
	grep -q '<style>' diff.html || fail "inline style"
	load "$T/diff.html" diff || fail "diff.html in Chromium"
	"$VIDYA" diff --db v.db --format nonsense >out 2>&1 && fail "a bad --format accepted"
	grep -q "expected table, json or html" out || fail "the --format error lists html"
	;;
*)
	fail "unknown check"
	;;
esac
exit 0
