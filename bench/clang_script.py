#!/usr/bin/env python3
"""Print a shell script running one serial `clang -fsyntax-only` per entry.

    clang_script.py COMPILE_COMMANDS.json [CLANG] > clang.sh

Each entry's own flags are kept (-c and -o FILE dropped); `mpicc`-style
wrapper entries get `mpicc --showme:compile` added, as vidya adds them.
Flags this clang rejects as unknown (GCC-only ones such as -fstdarg-opt,
which libclang ignores when vidya parses) are dropped, each tried once.
Used by run_bench.sh and real_speed.sh for the clang reference time.
"""

import json
import shlex
import subprocess
import sys

wrapper_flags = {}


def wflags(cc):
    name = cc.rsplit("/", 1)[-1]
    if name not in ("mpicc", "mpicxx", "mpic++", "mpiCC"):
        return []
    if name not in wrapper_flags:
        try:
            out = subprocess.run([cc, "--showme:compile"], capture_output=True, text=True).stdout
        except OSError:
            out = ""
        wrapper_flags[name] = shlex.split(out)
    return wrapper_flags[name]


known = {}


def accepted(clang, flag):
    """Whether clang takes `flag` (GCC-only flags are "unknown argument")."""
    if not flag.startswith(("-f", "-m", "-W")) or "=" in flag and flag.startswith("-W"):
        return True
    if flag not in known:
        r = subprocess.run([clang, "-fsyntax-only", "-x", "c", "-", flag], input="",
                           capture_output=True, text=True)
        known[flag] = "unknown argument" not in r.stderr
    return known[flag]


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    clang = argv[2] if len(argv) == 3 else "clang"
    print("set -e")
    for e in json.load(open(argv[1])):
        args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        out, skip = [clang, "-fsyntax-only"], False
        for a in args[1:]:
            if skip:
                skip = False
                continue
            if a == "-o":
                skip = True
                continue
            if a == "-c" or a.startswith("-o") or not accepted(clang, a):
                continue
            out.append(a)
        out += wflags(args[0])
        print("cd %s && %s" % (shlex.quote(e["directory"]), " ".join(map(shlex.quote, out))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
