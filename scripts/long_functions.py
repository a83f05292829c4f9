#!/usr/bin/env python3
"""long_functions.py - list vidya's C functions longer than a limit.

usage: scripts/long_functions.py [--max N] [--all] [FILE...]

Counts the lines of every function definition, from the first line of its
signature to its closing brace, in the modules' sources (the folders that
scripts/format.sh formats), or in the FILEs given.  It relies on the layout
.clang-format gives (a definition's opening and closing braces alone on a
line in column 0), so run it on formatted code.

Functions longer than --max (default 120) are listed, longest first, as
`LINES FILE:LINE NAME`.  Dispatch switches and serializers may be longer
(docs/contributing.md): those are named in EXEMPT below with the reason, and
are listed only with --all (marked `exempt: REASON`).  Exit status: 1 when a
function that is not exempt is over the limit, else 0.
"""
import argparse
import os
import re
import subprocess
import sys

MODULES = ["util", "extractor", "analyzer", "store", "model", "sysprobe", "trace",
           "optimizer", "dfg", "cli"]

# "file:function" -> why it may be long
EXEMPT = {
    "extractor/eval.c:eval_expr": "dispatch switch (one case per expression kind)",
    "extractor/eval.c:exec": "dispatch switch (one case per statement kind)",
    "extractor/frontend.c:lower_expr_at": "dispatch switch (one case per cursor kind)",
    "extractor/blob.c:vd_blob_read": "serializer (the IR blob, field by field)",
    "sysprobe/json.c:vd_sysprobe_to_json": "serializer",
    "sysprobe/json.c:vd_sysprobe_to_text": "serializer",
}

NAME = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)\s*\(")


def function_name(sig):
    """the name before the parameter list of a signature's text"""
    # the first '(' at depth 0 that follows an identifier
    for m in NAME.finditer(sig):
        before = sig[:m.start()]
        if before.count("(") == before.count(")") and \
                m.group(1) not in ("__attribute__", "VD_PRINTF"):
            return m.group(1)
    return "?"


def functions(path):
    """(name, first line, number of lines) of each definition in path"""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        if lines[i] == "{":
            # the signature: the lines above, back to a blank line, a line
            # ending a declaration or a comment, or a preprocessor line
            j = i - 1
            while j >= 0 and lines[j].strip() and not lines[j].startswith("#") and \
                    not lines[j].rstrip().endswith((";", "*/", "}")) and \
                    not lines[j].startswith(("/*", " *", "//")):
                j -= 1
            start = j + 1
            sig = " ".join(lines[start:i])
            k = i + 1
            while k < len(lines) and not lines[k].startswith("}"):
                k += 1
            if start < i and "(" in sig and "=" not in sig.split("(")[0]:
                out.append((function_name(sig), start + 1, k - start + 1))
            i = k + 1
        else:
            i += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max", type=int, default=120)
    ap.add_argument("--all", action="store_true", help="list the exempt ones too")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    files = a.files
    if not files:
        ls = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             "--"] + [m + "/*.c" for m in MODULES],
                            capture_output=True, text=True, check=True).stdout.split()
        files = [f for f in ls if os.path.isfile(f)]
    rows = []
    for f in files:
        for name, line, n in functions(f):
            if n > a.max:
                rows.append((n, f, line, name, EXEMPT.get(f"{f}:{name}")))
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    bad = 0
    for n, f, line, name, why in rows:
        if why and not a.all:
            continue
        bad += not why
        print(f"{n:5d} {f}:{line} {name}" + (f"  (exempt: {why})" if why else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
