#!/usr/bin/env python3
"""The colw probe's rows with Nsight Compute's DRAM bytes beside them.

bench/gpu_colw.sh runs `probe colw` (or colw16) timed, then once a config
under Nsight Compute (`--once`, the same configs in the same order); this
pairs the two in order and prints the table calibrate.py reads
(bench/results/issue18/h200_colw.csv): each timed row plus dram_rd_mb and
dram_wr_mb.  A count of launches that differs from the rows is an error: the
pairing would be wrong.
usage: colw_table.py COLW.csv COLW_NCU.csv
"""
import csv
import sys

UNITS = {"byte": 1e-6, "Kbyte": 1e-3, "Mbyte": 1.0, "Gbyte": 1e3, "KB": 1e-3, "MB": 1.0, "GB": 1e3}


def ncu_rows(path):
    """(dram read MB, dram write MB) per k_colw launch, in order."""
    with open(path, newline="") as fh:
        lines = [l for l in fh if l.startswith('"')]
    rows = list(csv.reader(lines))
    if len(rows) < 2:
        sys.exit(f"colw_table: no Nsight Compute table in {path}")
    head, units = rows[0], rows[1]
    col = {n: i for i, n in enumerate(head)}
    need = ("Kernel Name", "dram__bytes_read.sum", "dram__bytes_write.sum")
    if any(n not in col for n in need):
        sys.exit(f"colw_table: {path} lacks one of {need}")
    out = []
    for r in rows[2:]:
        if "k_colw" not in r[col["Kernel Name"]]:
            continue
        mb = []
        for n in need[1:]:
            u = units[col[n]]
            if u not in UNITS:
                sys.exit(f"colw_table: unit {u!r} of {n}")
            mb.append(float(r[col[n]].replace(",", "")) * UNITS[u])
        out.append(tuple(mb))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(sys.argv[1]) as fh:
        timed = [l.strip() for l in fh if l.startswith("colw,")]
    counts = ncu_rows(sys.argv[2])
    if len(counts) != len(timed):
        sys.exit(f"colw_table: {len(timed)} timed rows, {len(counts)} Nsight Compute launches")
    for t, (rd, wr) in zip(timed, counts):
        print(f"{t},{rd:.1f},{wr:.1f}")


if __name__ == "__main__":
    main()
