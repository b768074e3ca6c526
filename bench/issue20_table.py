#!/usr/bin/env python3
"""Issue 20's table from `tpx bench --csv` runs (bench/gpu_issue20_sec.sh):
for each shape and dtype, % of memcpy measured in the same run for cuBLAS,
each catalog kernel at its best block, and which transpose is best (copy_vec,
a copy, is the ceiling beside them); the median
of the runs, with their range where they differ by more than a point.

usage: bench/issue20_table.py RUN.csv[+MORE.csv] [...]   (a .csv.gz is read as well)
  (RUN+MORE: two benches of one run, each against its own memcpy; a kernel's
  best block over both, cuBLAS's better reading; FILE:-KERNEL reads FILE
  without KERNEL's rows, where a later bench measured it again)
"""
import csv
import gzip
import statistics
import sys
from collections import defaultdict


def read_rows(part):
    """FILE or FILE:-KERNEL: the rows of a tpx bench CSV, gzipped or not."""
    path, _, drop = part.partition(":-")
    f = gzip.open(path, "rt") if path.endswith(".gz") else open(path)
    return [r for r in csv.DictReader(f) if r["kernel"] != drop]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    # (size, dtype) -> kernel -> [best % of memcpy of each run]
    pct = defaultdict(lambda: defaultdict(list))
    blocks = defaultdict(lambda: defaultdict(list))  # the best config of each run
    order = []
    for arg in sys.argv[1:]:
        best = defaultdict(dict)
        rows = [r for part in arg.split("+") for r in read_rows(part)]
        for r in rows:
            if r["status"] != "ok" or r["kernel"] == "memcpy":
                continue
            key = ("%sx%s" % (r["width"], r["height"]), r["dtype"])
            if key not in order:
                order.append(key)
            p = float(r["pct_memcpy"])
            if p > best[key].get(r["kernel"], (-1, ""))[0]:
                best[key][r["kernel"]] = (p, "%s p%s%s" % (r["block"], r["pad"],
                                                      " swizzled" if r.get("swizzle") == "1" else ""))
        for key, ks in best.items():
            for k, (p, b) in ks.items():
                pct[key][k].append(p)
                blocks[key][k].append(b)
    seen = {k for row in pct.values() for k in row}
    kernels = [k for k in ["strip_vec", "tile_strip", "tile_sec", "tile_gather", "tile_vec",
                           "tile_rows", "copy_vec"] if k in seen]
    copies = {"copy_vec", "copy_row", "copy_col"}  # B = A: a ceiling, not a transpose

    def cell(v):
        if not v:
            return "—"
        m = statistics.median(v)
        return "%.1f" % m if max(v) - min(v) <= 1 else "%.1f (%.0f–%.0f)" % (m, min(v), max(v))

    print("| size | dtype | cuBLAS | " + " | ".join(kernels) + " | best transpose | ahead of cuBLAS |")
    print("|---|---|---|" + "---|" * len(kernels) + "---|---|")
    for key in order:
        row = pct[key]
        med = {k: statistics.median(v) for k, v in row.items() if k != "cublas" and k not in copies and v}
        best = max(med, key=med.get) if med else "—"
        cub = statistics.median(row["cublas"]) if row.get("cublas") else None
        ahead = "—" if cub is None or best == "—" else ("yes" if med[best] > cub else "no")
        if best != "—":  # its block in most runs, pad after p
            bl = blocks[key][best]
            best = "%s %s" % (best, max(set(bl), key=bl.count))
        print("| %s | %s | %s | %s | %s | %s |" % (key[0], key[1], cell(row.get("cublas")),
                                                 " | ".join(cell(row.get(k)) for k in kernels),
                                                 best, ahead))


if __name__ == "__main__":
    main()
