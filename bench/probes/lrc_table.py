#!/usr/bin/env python3
"""The lrc probe's rows with Nsight Compute's counts beside them.

bench/gpu_lrc.sh runs `probe lrc` timed, then once a config under Nsight
Compute (`--once`, the same configs in the same order); this pairs the two in
order and prints the table (bench/results/issue18/h200_lrc.csv): each timed
row, then L1's load sectors, the L2's read sectors, the sectors the L2
request coalescer merged ("coalescing achieved, hardware"), all in M, and
merged_share: (L1's sectors - the L2's) over (L1's sectors - the distinct
ones), the share of the possible merges made.  A count of launches that
differs from the rows is an error: the pairing would be wrong.
With --loads, probe lrcl's rows (the same by the loads a thread sends:
bench/gpu_lrc.sh PROBE lrcl; a column more, loads, before k).
usage: lrc_table.py [--loads] LRC.csv LRC_NCU.csv
"""
import sys

import ncu_raw


MET = ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "lts__t_sectors_srcunit_tex_op_read.sum",
       "lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum")


def main():
    loads = len(sys.argv) == 4 and sys.argv[1] == '--loads'
    args = sys.argv[2:] if loads else sys.argv[1:]
    if len(args) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    rows = ncu_raw.paired(args[0], "lrcl," if loads else "lrc,", args[1], "k_lrc", MET, "lrc_table")
    print(("probe,loads,k,d,lines_per_inst,blocks," if loads else "probe,k,d,lines_per_inst,line_gap,blocks,") +
          "ms,l1_sectors,distinct_sectors,l1_Msectors,lts_rd_Msectors,lrc_merged_Msectors,merged_share")
    for t, (l1, lts, merged) in rows:  # L1's load sectors, the L2's read sectors, the LRC's merged
        distinct = float(t.split(",")[8])
        share = (l1 - lts) / (l1 - distinct) if l1 > distinct else float("nan")
        print(f"{t},{l1 / 1e6:.3f},{lts / 1e6:.3f},{merged / 1e6:.3f},{share:.3f}")


if __name__ == "__main__":
    main()
