#!/usr/bin/env python3
"""Nsight Compute's L2 sectors beside the model's, for bench/gpu_narrow_ncu.sh.

Each ncu_<kernel>_<block>_<size>_<dtype>.csv of OUTDIR (bench/ncu_stores_probe.sh
on bench/ncu_narrow_configs.txt) gives the time and the L2's read and write
sectors; `tpx report --no-gpu` gives the model's sectors to the L2 for the same
config, and OUTDIR/bench.csv the measured and predicted GB/s.  One row a config.
usage: ncu_narrow_table.py TPX OUTDIR > table.csv
"""
import csv
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "probes"))
import ncu_raw  # noqa: E402 (bench/probes/ncu_raw.py: the probe tables' reader)

MET = ("gpu__time_duration.sum", "lts__t_sectors_srcunit_tex_op_read.sum",
       "lts__t_sectors_srcunit_tex_op_write.sum", "l1tex__t_sector_hit_rate.pct",
       "lts__throughput.avg.pct_of_peak_sustained_elapsed")


def ncu_row(path):
    """The config's one tpxk_ launch: its time (us), the L2's read and write
    sectors (M), L1's hit rate and the L2's throughput (%); None if it has none."""
    got = ncu_raw.launches(path, "tpxk_", MET, "ncu_narrow_table")
    if not got:
        return None
    t, rd, wr, hit, lts = got[0]
    return {"time_us": t / 1e3, "rd": rd / 1e6, "wr": wr / 1e6, "l1_hit": hit, "lts_pct": lts}


def model_l2(tpx, k, b, s, dt):
    out = subprocess.run([tpx, "report", "--no-gpu", "--profile", "h200", "--kernel", k, "--block", b,
                          "--size", s, "--dtype", dt], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.strip().startswith("to L2"):
            f = line.split()
            return float(f[2]) / 1e6, float(f[3]) / 1e6
    return float("nan"), float("nan")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    tpx, out = sys.argv[1:]
    bench = {}
    with open(os.path.join(out, "bench.csv")) as fh:
        for r in csv.DictReader(fh):
            bench[(r["kernel"], r["block"], f"{r['width']}x{r['height']}", r["dtype"])] = r
    print("kernel,block,size,dtype,gbs,predicted_gbs,time_us,model_l2_rd_Msectors,lts_rd_Msectors,"
          "model_l2_wr_Msectors,lts_wr_Msectors,l1_hit_pct,lts_pct")
    for k, b, s, dt, path in ncu_raw.configs(out):
        m = ncu_row(path)
        if not m:
            continue
        mr, mw = model_l2(tpx, k, b, s, dt)
        r = bench.get((k, b, s, dt), {})
        print(f"{k},{b},{s},{dt},{r.get('gbs', '')},{r.get('predicted_gbs', '')},{m['time_us']:.1f},"
              f"{mr:.2f},{m['rd']:.2f},{mw:.2f},{m['wr']:.2f},{m['l1_hit']:.1f},{m['lts_pct']:.1f}")


if __name__ == "__main__":
    main()
