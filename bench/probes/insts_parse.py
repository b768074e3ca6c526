#!/usr/bin/env python3
"""The instruction probe's counts as a table (bench/probes/insts.sh's output).

Each Nsight Compute run printed tpx bench's JSON (the configs, in launch
order: --once launches each once) and then its table, a row per launch.
Rows are paired in order and checked by block and grid; the CSV written has a
row per config: kernel, size, dtype, block, warps, instructions per warp
(measured), and the model's memory instructions per warp for the same config.
usage: insts_parse.py DIR [DIR ...] > table.csv
"""
import csv
import glob
import io
import json
import os
import sys


def parse_run(path):
    text = open(path, errors="replace").read()
    start = text.find("{")
    cut = text.find('"ID","Process ID"')
    if start < 0 or cut < 0:
        return []
    try:
        doc, _ = json.JSONDecoder().raw_decode(text[start:cut])
    except ValueError:
        return []
    configs = [r for r in doc["results"] if r.get("measured_status") in (None, "ok", "verified")
               or r.get("measured")]
    rows = list(csv.DictReader(io.StringIO(text[cut:])))
    rows = [r for r in rows if r.get("launch__kernel_name", "").startswith("tpxk_")
            or "tpxk_" in r.get("Kernel Name", "")]
    rows = [r for r in rows if r.get("smsp__inst_executed.sum", "") not in ("", "inst")]
    out = []
    if len(rows) != len(configs):
        print(f"{path}: {len(configs)} configs, {len(rows)} launches: skipped", file=sys.stderr)
        return []
    num = lambda s: float(s.replace(",", ""))
    for c, r in zip(configs, rows):
        cfg = c["config"]
        bx, by = (int(v) for v in cfg["block"].split("x"))
        if int(num(r["launch__block_dim_x"])) != bx or int(num(r["launch__block_dim_y"])) != by:
            print(f"{path}: launch order does not match at {cfg}", file=sys.stderr)
            return []
        warps = num(r["smsp__warps_launched.sum"])
        m = c.get("model") or {}
        out.append({"kernel": cfg["kernel"], "size": cfg["size"], "dtype": cfg["dtype"],
                    "block": cfg["block"], "blocks": int(num(r["sm__ctas_launched.sum"])),
                    "warps": int(warps),
                    "inst_per_warp": round(num(r["smsp__inst_executed.sum"]) / warps, 2),
                    "model_mem_per_warp": m.get("instructions_per_warp", "")})
    return out


def main():
    w = csv.DictWriter(sys.stdout, ["kernel", "size", "dtype", "block", "blocks", "warps",
                                    "inst_per_warp", "model_mem_per_warp"])
    w.writeheader()
    for d in sys.argv[1:]:
        for p in sorted(glob.glob(os.path.join(d, "ncu_*.txt"))):
            for row in parse_run(p):
                w.writerow(row)


if __name__ == "__main__":
    main()
