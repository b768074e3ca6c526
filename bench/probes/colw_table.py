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
import sys

import ncu_raw


def ncu_rows(path):
    """(dram read MB, dram write MB) per k_colw launch, in order."""
    got = ncu_raw.launches(path, "k_colw", ("dram__bytes_read.sum", "dram__bytes_write.sum"), "colw_table")
    return [(rd / 1e6, wr / 1e6) for rd, wr in got]


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
