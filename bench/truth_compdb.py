#!/usr/bin/env python3
"""Keep the compile_commands.json entries of the sources linked into a binary.

    truth_compdb.py BINARY IN.json OUT.json

A package's compilation database holds every program it builds (netcdf:
ncgen, ncgen3, ncdump, nccopy, ...), and several of them define the same
functions (main, derror, ...).  Analyzing one program should see only the
translation units its binary is made of, as a user analyzing that program
would give.  Those are the DWARF compile units of the binary (built with -g):
their name joined to their compilation directory is matched against each
entry's file joined to its directory.  Prints how many entries were kept.
Exit 1 when none matched (no debug information?).
"""

import json
import os
import re
import subprocess
import sys


def units(binary):
    out = subprocess.run(
        ["readelf", "--debug-dump=info", "--dwarf-depth=1", binary],
        check=True, capture_output=True, text=True, errors="replace").stdout
    files, name, comp = set(), None, None

    def flush():
        if name:
            files.add(os.path.normpath(os.path.join(comp or "", name)))

    for line in out.splitlines():
        if "Compilation Unit @" in line:
            flush()
            name = comp = None
            continue
        m = re.search(r"DW_AT_(name|comp_dir)\s*:\s*(?:\(indirect[^)]*\):\s*)?(.*)$", line)
        if m:
            v = m.group(2).strip()
            if m.group(1) == "name" and name is None:
                name = v
            elif m.group(1) == "comp_dir" and comp is None:
                comp = v
    flush()
    return files


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    linked = units(argv[1])
    with open(argv[2]) as f:
        db = json.load(f)
    keep, seen = [], set()
    for e in db:
        p = os.path.normpath(os.path.join(e.get("directory", ""), e["file"]))
        if p in linked and p not in seen:
            seen.add(p)
            keep.append(e)
    with open(argv[3], "w") as f:
        json.dump(keep, f, indent=1)
    print("%d of %d compile commands are linked into %s" % (len(keep), len(db), argv[1]))
    return 0 if keep else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
