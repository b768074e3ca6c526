#!/usr/bin/env python3
"""Judge tpx's prediction the way a user asks it: which block shape?

For a saved sweep (`tpx bench --save`), groups the measured, modelled rows by
(kernel, size, dtype, tile dtype, pad, swizzle): one group is the choice a user
makes when only the block shape is free.  For each group of at least MIN_SHAPES
shapes it computes, against the model's predicted GB/s for the same configs
(`tpx bench --no-gpu --profile NAME --json`, one run per group):
  - the Spearman rank correlation over the group's shapes;
  - whether the shape the model ranks first measures within 5 % of the
    measured best ("top-1 within 5 %");
  - the relative error of every row.
Then the summary the issue holds the model to, over DRAM-sized rows (l2_badge
"DRAM"): median within-group Spearman, the lowest kernel's median, the share
of groups whose predicted best is within 5 %, and the all-rows Spearman and
median error.

usage: bench/predict_eval.py [--tpx build-cpu/tpx] [--profile h200]
                           [--results bench/results/h200.json] [--all-badges]
                           [--size WxH] [--groups] [--rows] [--markdown]
--size keeps one matrix size (e.g. 8192x8192) of the file; --markdown prints
the summary as one table row.  A results file ending in .csv is read as a
`tpx bench --csv` table; one ending in .gz is gunzipped first.
Exit 0 when the bars of issue 18 are met on the selection, 1 otherwise.
"""
import argparse
import collections
import csv
import gzip
import json
import statistics
import subprocess
import sys

MIN_SHAPES = 3


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


def group_key(c):
    return (c["kernel"], c["size"], c["dtype"], c.get("tile_dtype", c["dtype"]),
            c.get("pad", 0), bool(c.get("swizzle")))


def predict_group(tpx, profile, key, blocks):
    kernel, size, dtype, tdt, pad, swz = key
    cmd = [tpx, "bench", "--no-gpu", "--profile", profile, "--json", "--kernel", kernel,
           "--block", ",".join(sorted(blocks)), "--size", size, "--dtype", dtype,
           "--pad", str(pad)]
    if tdt != dtype:
        cmd += ["--tile-dtype", tdt]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0,):
        return {}
    out = {}
    for r in json.loads(run.stdout)["results"]:
        c, m = r["config"], r.get("model")
        if not m or m.get("predicted_gbs") is None:
            continue
        if bool(c.get("swizzle")) != swz:
            continue
        out[c["block"]] = (m["predicted_gbs"], (m.get("prediction") or {}).get("limiter", "?"))
    if swz:  # --swizzle adds the swizzled rows beside pad 0; run again for them
        run = subprocess.run(cmd + ["--swizzle"], capture_output=True, text=True)
        if run.returncode == 0:
            for r in json.loads(run.stdout)["results"]:
                c, m = r["config"], r.get("model")
                if m and m.get("predicted_gbs") is not None and c.get("swizzle"):
                    out[c["block"]] = (m["predicted_gbs"],
                                       (m.get("prediction") or {}).get("limiter", "?"))
    return out


def open_text(path):
    """A results file as text, gunzipped first where it ends in .gz."""
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def csv_results(path):
    """The rows of a `tpx bench --csv` table in the --save document's shape."""
    out = []
    for r in csv.DictReader(open_text(path)):
        if r["status"] != "ok" or not r["gbs"]:
            continue
        c = {"kernel": r["kernel"], "block": r["block"], "size": "%sx%s" % (r["width"], r["height"]),
             "dtype": r["dtype"], "tile_dtype": r["tile_dtype"] or r["dtype"],
             "pad": int(r["pad"] or 0), "swizzle": r["swizzle"] == "1"}
        out.append({"config": c, "measured": {"gbs": float(r["gbs"]), "l2_badge": r["l2_badge"],
                                              "verified": r["verified"] == "1"}})
    return out


def load_groups(path, all_badges, size=None):
    if path.removesuffix(".gz").endswith(".csv"):
        rows = csv_results(path)
    else:
        rows = json.load(open_text(path))["results"]
    groups = collections.defaultdict(dict)
    for r in rows:
        m = r.get("measured")
        if r["config"]["kernel"] in ("memcpy", "cublas") or not m or not m.get("gbs") \
                or not m.get("verified", True):
            continue
        if not all_badges and m.get("l2_badge") != "DRAM":
            continue
        if size and r["config"]["size"] != size:
            continue
        groups[group_key(r["config"])][r["config"]["block"]] = m["gbs"]
    return groups


def evaluate(tpx, profile, groups):
    res = []
    for key, meas in sorted(groups.items()):
        pred = predict_group(tpx, profile, key, meas.keys())
        shapes = [b for b in meas if b in pred]
        if not shapes:
            continue
        rows = [(b, meas[b], pred[b][0], pred[b][1]) for b in shapes]
        g = {"key": key, "rows": rows}
        if len(rows) >= MIN_SHAPES:
            g["rho"] = spearman([r[1] for r in rows], [r[2] for r in rows])
            best_meas = max(r[1] for r in rows)
            top = max(rows, key=lambda r: r[2])
            g["top"] = top
            g["top_ratio"] = top[1] / best_meas
        res.append(g)
    return res


def summary(res, label, markdown=False):
    ranked = [g for g in res if "rho" in g and g["rho"] == g["rho"]]
    allrows = [r for g in res for r in g["rows"]]
    if not allrows:
        print(f"{label}: no rows")
        return False
    per_kernel = collections.defaultdict(list)
    for g in ranked:
        per_kernel[g["key"][0]].append(g["rho"])
    med_rho = statistics.median(g["rho"] for g in ranked) if ranked else float("nan")
    worst_k = min(((statistics.median(v), k) for k, v in per_kernel.items()), default=(float("nan"), "-"))
    top_ok = sum(g["top_ratio"] >= 0.95 for g in ranked)
    rho_all = spearman([r[1] for r in allrows], [r[2] for r in allrows])
    med_err = statistics.median(abs(r[2] - r[1]) / r[1] for r in allrows)
    print(f"{label}: {len(allrows)} rows in {len(ranked)} shape groups")
    print(f"  within-group Spearman: median {med_rho:.3f}; lowest kernel {worst_k[1]} {worst_k[0]:.3f}")
    for k in sorted(per_kernel):
        print(f"    {k:14s} median {statistics.median(per_kernel[k]):+.3f} over {len(per_kernel[k])} groups")
    print(f"  predicted best within 5 % of the measured best: {top_ok}/{len(ranked)}"
          f" ({100 * top_ok / max(1, len(ranked)):.0f} %)")
    print(f"  all rows: Spearman {rho_all:.3f}, median relative error {100 * med_err:.1f} %")
    ok = (med_rho >= 0.9 and worst_k[0] >= 0.6 and top_ok >= 0.9 * len(ranked)
          and rho_all >= 0.88 and med_err <= 0.12)
    if markdown:
        print(f"| {label} | {len(allrows)} | {len(ranked)} | {med_rho:.3f} | {worst_k[1]} "
              f"{worst_k[0]:.2f} | {top_ok}/{len(ranked)} ({100 * top_ok / max(1, len(ranked)):.0f} %) "
              f"| {rho_all:.3f} | {100 * med_err:.1f} % |")
        return ok
    print("  bars (median >= 0.9, no kernel < 0.6, top-1 >= 90 %, all-rows >= 0.88 / <= 12 %):",
          "met" if ok else "MISSED")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tpx", default="build-cpu/tpx")
    ap.add_argument("--profile", default="h200")
    ap.add_argument("--results", default="bench/results/h200.json")
    ap.add_argument("--all-badges", action="store_true", help="L2-resident sizes too")
    ap.add_argument("--groups", action="store_true", help="a line per group")
    ap.add_argument("--rows", action="store_true", help="a line per row")
    ap.add_argument("--size", help="only this matrix size (WxH)")
    ap.add_argument("--markdown", action="store_true", help="the summary as a table row")
    a = ap.parse_args()
    groups = load_groups(a.results, a.all_badges, a.size)
    res = evaluate(a.tpx, a.profile, groups)
    if a.groups or a.rows:
        for g in res:
            k = g["key"]
            name = f"{k[0]} {k[1]} {k[2]}{'/' + k[3] if k[3] != k[2] else ''} p{k[4]}{'s' if k[5] else ''}"
            if "rho" in g:
                t = g["top"]
                print(f"{name:36s} rho {g['rho']:+.2f}  top {t[0]:7s} {100 * g['top_ratio']:5.1f} %"
                      f" of best  ({len(g['rows'])} shapes)")
            if a.rows:
                for b, m, p, lim in sorted(g["rows"], key=lambda r: -r[1]):
                    print(f"      {b:8s} meas {m:7.0f} pred {p:7.0f} {100 * (p - m) / m:+5.0f} %  {lim}")
    label = f"{a.results} {a.size or ''} on {a.profile}" if not a.markdown else \
        f"{a.profile} {a.size or 'every DRAM-sized size'} {a.results.split('/')[-1]}"
    ok = summary(res, label, a.markdown)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
