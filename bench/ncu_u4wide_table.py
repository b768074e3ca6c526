#!/usr/bin/env python3
"""Nsight Compute's store sectors and write requests beside the GB/s, for
bench/gpu_u4wide_ncu.sh.

Each ncu_<kernel>_<block>_<size>_<dtype>.csv of OUTDIR (bench/ncu_stores_probe.sh
on bench/ncu_u4wide_configs.txt) gives the time, L1's store sectors, the L2's
write sectors and requests and its read sectors (M), and the L2's, L1's and
DRAM's throughput and the active warps (%); OUTDIR/bench_*.csv the measured GB/s
and % of memcpy of the same config.  One row a config.
usage: ncu_u4wide_table.py OUTDIR > table.csv
"""
import csv
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "probes"))
import ncu_raw  # noqa: E402 (bench/probes/ncu_raw.py: the probe tables' reader)

MET = ("gpu__time_duration.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
       "lts__t_sectors_srcunit_tex_op_write.sum", "lts__t_requests_srcunit_tex_op_write.sum",
       "lts__t_sectors_srcunit_tex_op_read.sum", "lts__throughput.avg.pct_of_peak_sustained_elapsed",
       "l1tex__throughput.avg.pct_of_peak_sustained_elapsed",
       "dram__throughput.avg.pct_of_peak_sustained_elapsed", "sm__warps_active.avg.pct_of_peak_sustained_active")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    out = sys.argv[1]
    bench = {}
    for path in sorted(glob.glob(os.path.join(out, "bench_*.csv"))):
        with open(path) as fh:
            for r in csv.DictReader(fh):
                if r["status"] == "ok":
                    bench[(r["kernel"], r["block"], f"{r['width']}x{r['height']}", r["dtype"])] = r
    print("kernel,block,size,dtype,us,SM_st_sec_M,L2_wr_sec_M,L2_wr_req_M,L2rd_sec_M,lts_pct,l1_pct,"
          "dram_pct,warps_pct,gbs,pct_memcpy")
    for k, b, s, dt, path in ncu_raw.configs(out):
        got = ncu_raw.launches(path, "tpxk_", MET, "ncu_u4wide_table")
        if not got:
            continue
        t, st, wr, req, rd, lts, l1, dram, warps = got[0]
        r = bench.get((k, b, s, dt), {})
        gbs, pct = float(r.get("gbs") or 0), float(r.get("pct_memcpy") or 0)
        print(f"{k},{b},{s},{dt},{t / 1e3:.1f},{st / 1e6:.2f},{wr / 1e6:.2f},{req / 1e6:.2f},{rd / 1e6:.2f},"
              f"{lts:.1f},{l1:.1f},{dram:.1f},{warps:.1f},{gbs:.0f},{pct:.1f}")


if __name__ == "__main__":
    main()
