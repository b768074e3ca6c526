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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    met = ("dram__bytes_read.sum", "dram__bytes_write.sum")
    for t, (rd, wr) in ncu_raw.paired(sys.argv[1], "colw,", sys.argv[2], "k_colw", met, "colw_table"):
        print(f"{t},{rd / 1e6:.1f},{wr / 1e6:.1f}")


if __name__ == "__main__":
    main()
