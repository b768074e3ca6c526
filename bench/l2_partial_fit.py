#!/usr/bin/env python3
"""The model's DRAM bytes against bench/results/l2_partial_h200.csv.

For every row of the table (Nsight Compute's DRAM counters for kernels whose
store sectors are written in parts at different times), prints the measured
bytes over the model's (`tpx report --no-gpu --profile h200 --json`), and the
model's count of part-written sectors expected to leave the L2 between two
writers.  docs/prediction.md quotes its output.

usage: bench/l2_partial_fit.py [--tpx build-nocuda/tpx] [--table FILE]
Exit 1 when a ratio is off by more than --tol (default 0.25).
"""
import argparse
import csv
import json
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tpx", default="build-nocuda/tpx")
    ap.add_argument("--table", default="bench/results/l2_partial_h200.csv")
    ap.add_argument("--tol", type=float, default=0.25)
    a = ap.parse_args()
    rows = list(csv.DictReader(l for l in open(a.table) if not l.startswith("#")))
    bad = 0
    print("| config | DRAM read ncu / model | DRAM write ncu / model | evicted (model) |")
    print("|---|---|---|---|")
    for r in rows:
        out = subprocess.run([a.tpx, "report", "--no-gpu", "--profile", "h200", "--json",
                              "--kernel", r["kernel"], "--block", r["block"], "--size", r["size"],
                              "--dtype", r["dtype"]], check=True, capture_output=True, text=True)
        t = json.loads(out.stdout)["model"]["traffic"]
        rd = float(r["dram_read_bytes"]) / t["dram_read_bytes"]
        wr = float(r["dram_write_bytes"]) / t["dram_write_bytes"]
        bad += abs(rd - 1) > a.tol or abs(wr - 1) > a.tol
        print("| %s %s %s %s | %.0f / %.0f MB (%.2f) | %.0f / %.0f MB (%.2f) | %.2f M |" % (
            r["kernel"], r["block"], r["size"], r["dtype"],
            float(r["dram_read_bytes"]) / 1e6, t["dram_read_bytes"] / 1e6, rd,
            float(r["dram_write_bytes"]) / 1e6, t["dram_write_bytes"] / 1e6, wr,
            t["split_sectors_evicted"] / 1e6))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
