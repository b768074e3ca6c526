#!/usr/bin/env python3
"""The lrcw probe's rows with Nsight Compute's counts beside them.

bench/gpu_lrcw.sh runs `probe lrcw` timed, then once a config under Nsight
Compute (`--once`, the same configs in the same order); this pairs the two in
order and prints the table (bench/results/issue18/h200_lrcw.csv): each timed
row, then L1's store sectors, the L2's write sectors and requests (M), how
busy the L2 was, and accesses: what each sector the L2 wrote cost, in whole
sectors at one request each, where the L2 was 90 % busy or more (its rate
over the whole rows' K = 1, P = 16 run, which wrote whole sectors four to a
request with the L2 95 % busy).
usage: lrcw_table.py LRCW.csv LRCW_NCU.csv
"""
import sys

import ncu_raw


MET = ("gpu__time_duration.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
       "lts__t_sectors_srcunit_tex_op_write.sum", "lts__t_requests_srcunit_tex_op_write.sum",
       "lts__throughput.avg.pct_of_peak_sustained_elapsed")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    rows = ncu_raw.paired(sys.argv[1], "lrcw,", sys.argv[2], "k_lrcw", MET, "lrcw_table")
    ref = [m for t, m in rows if t.split(",")[1:3] == ["16", "1"]]
    if not ref:
        sys.exit("lrcw_table: no whole-row (P = 16, K = 1) reference row")
    whole = ref[0][2] / ref[0][0]  # whole sectors per unit of Nsight's time
    print("probe,piece_bytes,k,d,blocks,ms,row_sectors,l1_st_Msectors,lts_wr_Msectors,"
          "lts_wr_Mrequests,lts_pct,accesses")
    for t, (ns, l1, wr, req, pct) in rows:
        acc = whole / (wr / ns) if pct >= 90 else float("nan")
        print(f"{t},{l1 / 1e6:.2f},{wr / 1e6:.2f},{req / 1e6:.2f},{pct:.0f},{acc:.2f}")


if __name__ == "__main__":
    main()
