#!/usr/bin/env python3
"""Deterministic input files for bench/truth.sh.

    truth_inputs.py cdl FILE [NTIME NLAT NLON]   netCDF CDL text for ncgen
    truth_inputs.py data FILE KIB                 compressible text-like data
    truth_inputs.py crlf FILE KIB                 the same text with DOS line ends

Same arguments, same bytes (fixed seed), so that runs can be compared.
"""

import random
import sys


def cdl(path, nt=24, nlat=32, nlon=64):
    r = random.Random(1)
    with open(path, "w") as f:
        f.write("netcdf truth {\n")
        f.write("dimensions:\n\ttime = UNLIMITED ;\n\tlat = %d ;\n\tlon = %d ;\n" % (nlat, nlon))
        f.write("variables:\n")
        f.write("\tdouble time(time) ;\n\t\ttime:units = \"hours since 2000-01-01\" ;\n")
        f.write("\tfloat lat(lat) ;\n\t\tlat:units = \"degrees_north\" ;\n")
        f.write("\tfloat lon(lon) ;\n\t\tlon:units = \"degrees_east\" ;\n")
        f.write("\tfloat temp(time, lat, lon) ;\n\t\ttemp:units = \"K\" ;\n"
                "\t\ttemp:long_name = \"air temperature\" ;\n")
        f.write("\tint count(time, lat) ;\n")
        f.write("\n// global attributes:\n\t\t:title = \"vidya truth benchmark\" ;\n")
        f.write("data:\n\n")
        f.write(" time = %s ;\n\n" % ", ".join(str(6 * i) for i in range(nt)))
        f.write(" lat = %s ;\n\n" % ", ".join("%.2f" % (-90 + 180.0 * i / (nlat - 1))
                                              for i in range(nlat)))
        f.write(" lon = %s ;\n\n" % ", ".join("%.2f" % (360.0 * i / nlon) for i in range(nlon)))
        f.write(" temp =\n")
        vals = []
        for t in range(nt):
            for y in range(nlat):
                vals.append(", ".join("%.2f" % (250 + 40 * r.random()) for _ in range(nlon)))
        f.write(",\n  ".join(vals))
        f.write(" ;\n\n count =\n  ")
        f.write(", ".join(str(r.randrange(1000)) for _ in range(nt * nlat)))
        f.write(" ;\n}\n")


def data(path, kib, eol="\n"):
    r = random.Random(1)
    words = ["alpha", "beta", "gamma", "delta", "omega", "flux", "cell", "mesh", "rank",
             "step", "halo", "ghost", "stripe", "block", "chunk", "vidya"]
    total = kib * 1024
    out = bytearray()
    n = 0
    while len(out) < total:
        line = "%08d %s %s %.6f %d%s" % (n, r.choice(words), r.choice(words), r.random(),
                                         r.randrange(1 << 20), eol)
        out += line.encode()
        n += 1
    with open(path, "wb") as f:
        f.write(out[:total])


def main(argv):
    if len(argv) >= 3 and argv[1] == "cdl":
        dims = [int(x) for x in argv[3:6]] if len(argv) >= 6 else []
        cdl(argv[2], *dims)
    elif len(argv) == 4 and argv[1] == "data":
        data(argv[2], int(argv[3]))
    elif len(argv) == 4 and argv[1] == "crlf":
        data(argv[2], int(argv[3]), "\r\n")
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
