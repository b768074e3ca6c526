#!/usr/bin/env python3
"""Evaluate tpx's predicted bandwidth against a saved sweep.

For every measured, modelled row of a `tpx bench --save` file, runs
`tpx report --no-gpu --profile NAME --json` for the same config and compares
model.predicted_gbs with measured.gbs: Spearman rank correlation and the
median relative error |pred - meas| / meas, over all rows and over the
DRAM-sized ones (l2_badge "DRAM").  Exit 1 when the bar (Spearman >= 0.8,
median error <= 25 % on DRAM-sized rows) is missed.

usage: bench/predict_eval.py [--tpx build-nocuda/tpx] [--profile h200]
                             [--results bench/results/h200-8192-f32.json] [--markdown]
"""
import argparse
import json
import statistics
import subprocess
import sys


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):  # ties share the mean rank
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den if den else float("nan")


def predict(tpx, profile, cfg):
    cmd = [tpx, "report", "--no-gpu", "--profile", profile, "--json",
           "--kernel", cfg["kernel"], "--block", cfg["block"], "--size", cfg["size"],
           "--dtype", cfg["dtype"], "--pad", str(cfg["pad"])]
    if cfg.get("swizzle"):
        cmd.append("--swizzle")
    if cfg.get("tile_dtype", cfg["dtype"]) != cfg["dtype"]:
        cmd += ["--tile-dtype", cfg["tile_dtype"]]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode == 2:  # refused without a GPU (e.g. a tile over 48 KB): say so, go on
        return None, run.stderr.strip()
    run.check_returncode()
    model = json.loads(run.stdout)["model"]
    return model["predicted_gbs"], model["prediction"]["limiter"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tpx", default="build-nocuda/tpx")
    ap.add_argument("--profile", default="h200")
    ap.add_argument("--results", default="bench/results/h200-8192-f32.json")
    ap.add_argument("--markdown", action="store_true", help="print the table as markdown")
    a = ap.parse_args()
    doc = json.load(open(a.results))
    rows, refused = [], []
    for r in doc["results"]:
        m = r.get("measured")
        if not r.get("model") or not m or not m.get("gbs"):
            continue
        pred, lim = predict(a.tpx, a.profile, r["config"])
        c = r["config"]
        name = f'{c["kernel"]} {c["block"]} {c["size"]} {c["dtype"]} p{c["pad"]}'
        if pred is None:
            refused.append((name, lim))
            continue
        rows.append((name, m["gbs"], pred, lim, m.get("l2_badge")))
    if not rows:
        print("no measured, modelled rows in", a.results)
        return 2
    for name, why in refused:
        print(f"not predicted: {name}: {why}")
    fmt = "| {} | {:.0f} | {:.0f} | {:+.0f} % | {} |" if a.markdown else "{:28s} {:8.0f} {:8.0f} {:+7.0f}%  {}"
    if a.markdown:
        print("| config | measured GB/s | predicted GB/s | error | limiter |\n|---|---:|---:|---:|---|")
    else:
        print(f'{"config":28s} {"measured":>8s} {"predict":>8s} {"error":>8s}  limiter')
    for name, meas, pred, lim, _ in rows:
        print(fmt.format(name, meas, pred, 100 * (pred - meas) / meas, lim))
    ok = True
    badges = sorted({r[4] for r in rows if r[4] and r[4] != "DRAM"})
    groups = [("all", rows)] + [(b, [r for r in rows if r[4] == b]) for b in badges]
    for label, sel in groups + [("DRAM-sized", [r for r in rows if r[4] == "DRAM"])]:
        if not sel:
            continue
        rho = spearman([r[1] for r in sel], [r[2] for r in sel])
        med = statistics.median(abs(r[2] - r[1]) / r[1] for r in sel)
        within = sum(abs(r[2] - r[1]) / r[1] <= 0.25 for r in sel)
        print(f"\n{label}: {len(sel)} rows, Spearman {rho:.3f}, median relative error "
              f"{100 * med:.1f} %, {within} within 25 %")
        if label == "DRAM-sized":
            ok = rho >= 0.8 and med <= 0.25
    print("bar (Spearman >= 0.8, median error <= 25 % on DRAM-sized rows):",
          "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
