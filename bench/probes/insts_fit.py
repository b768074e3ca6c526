#!/usr/bin/env python3
"""The instruction probe's counts as the model's record (assets/kernel_insts.txt).

Per kernel and element size, a warp's instructions in a whole tile, a + b L
(L: the thread's loads, the model's compiled_loads_per_thread), and in a tile
at the matrix's edge, c + d L s (s: how full the edge tiles are, on average:
their guarded moves run for the elements they hold), mixed by the share of
edge blocks:
    n = (1 - f) (a + b L) + f (c + d L s)
fitted by least squares on relative error to the counts of
bench/probes/insts_parse.py's tables, f, s and L taken from tpx itself
(`tpx bench --no-gpu --json`: prediction.edge_share, edge_active,
loads_per_thread).
A grid taller than CUDA's y limit launches folded, and every thread then
unfolds its block with a division (kernels/tpx_kernel_body.cuh,
tpx_launch_tile): the record's "fold z" line, z the median over the probe's
folded launches of their count over what the fit of their kernel's
unfolded launches predicts; the rows are then fitted to every launch, the
folded ones less z (prediction.grid_folded says which).
It prints each fit's error, and the error where one size at a time is left
out of the fit and predicted (the counts at a size it never saw).
With --only K,..., only those kernels are fitted to every table and may take
form 1; every other kernel is fitted to the first table alone, form 0 (the
record as it was before the second table and form 1, for the kernels no
evaluation has judged with them yet).
usage: insts_fit.py --tpx TPX [--only K,...] TABLE.csv[.gz] [TABLE ...] > assets/kernel_insts.txt
"""
import argparse
import collections
import csv
import gzip
import json
import os
import statistics
import subprocess
import sys


def features(tpx, rows):
    """(kernel, size, dtype, block) -> (L, f), from the model."""
    want = collections.defaultdict(set)
    for r in rows:
        want[(r["kernel"], r["size"], r["dtype"])].add(r["block"])
    out = {}
    for (k, s, d), blocks in sorted(want.items()):
        run = subprocess.run([tpx, "bench", "--no-gpu", "--profile", "h200", "--json", "--kernel", k,
                              "--block", ",".join(sorted(blocks)), "--size", s, "--dtype", d,
                              "--pad", "0"], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"insts_fit: tpx failed on {k} {s} {d}: {run.stderr.strip()}")
        for r in json.loads(run.stdout)["results"]:
            p = (r.get("model") or {}).get("prediction") or {}
            if "loads_per_thread" in p and "edge_share" in p and "edge_active" in p:
                # the row the model reads (compiled_insts_lean): a tpx without
                # it would file tile_strip's two kernels under one
                if "insts_lean" not in p or "grid_folded" not in p:
                    sys.exit(f"insts_fit: {tpx} gives no insts_lean or grid_folded: build the tpx of this tree")
                out[(k, s, d, r["config"]["block"])] = ((p["loads_per_thread"], p["edge_active"]),
                                                        p["edge_share"], p["insts_lean"],
                                                        bool(p["grid_folded"]))
    return out


def solve(a, b):
    """a x = b by Gaussian elimination with pivoting; None where singular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[piv][c]) < 1e-9:
            return None
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c:
                k = m[r][c] / m[c][c]
                m[r] = [x - k * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def basis(l, f, terms):
    """l: (L, s), the thread's loads and how full the edge tiles are."""
    u = {"a": 1 - f, "b": (1 - f) * l[0], "c": f, "d": f * l[0] * l[1]}
    return [u[t] for t in terms]


def fit(pts):
    """pts: ((L, s), f, n) -> {a, b, c, d}: relative least squares, dropping
    the terms the points cannot tell apart (one L, or one L s among the edge
    points: no slope; no edge: c, d = a, b)."""
    ls = {round(p[0][0], 6) for p in pts}
    les = {round(p[0][0] * p[0][1], 6) for p in pts if p[1] > 0.05}
    edge = any(p[1] > 0.05 for p in pts)
    whole = any(p[1] < 0.95 for p in pts)
    terms = [t for t in "abcd" if (t == "a" or t == "c" or t == "b" and len(ls) > 1 or t == "d" and len(les) > 1)
             and (t in "ab" and whole or t in "cd" and edge)]
    ata = [[0.0] * len(terms) for _ in terms]
    atb = [0.0] * len(terms)
    for l, f, n in pts:
        u = [x / n for x in basis(l, f, terms)]
        for i in range(len(terms)):
            atb[i] += u[i]
            for j in range(len(terms)):
                ata[i][j] += u[i] * u[j]
    x = solve(ata, atb) or [statistics.median(p[2] for p in pts)] + [0.0] * (len(terms) - 1)
    co = dict(zip(terms, x))
    # slopes that take the fewest loads met below half the fewest counted
    # are an artefact of few points: the constants alone then
    low = 0.5 * min(p[2] for p in pts)
    l0, le0 = min(p[0][0] for p in pts), min(p[0][0] * p[0][1] for p in pts)
    if any(t in co for t in "bd") and min(co.get("a", low) + co.get("b", 0) * l0,
                                          co.get("c", low) + co.get("d", 0) * le0) < low:
        return fit_const(pts)
    # a slope the points cannot show is 0 beside its constant; a kind of tile
    # the points never met takes the other kind's terms
    for k, sl in (("a", "b"), ("c", "d")):
        if k in co:
            co.setdefault(sl, 0.0)
    co.setdefault("a", co.get("c", 0.0))
    co.setdefault("b", co.get("d", 0.0))
    co.setdefault("c", co["a"])
    co.setdefault("d", co["b"])
    return co


def fit_const(pts):
    """A whole tile's and an edge tile's count, no slope (relative least squares)."""
    co = {"b": 0.0, "d": 0.0}
    for t, pick in (("a", lambda f: f < 0.5), ("c", lambda f: f >= 0.5)):
        ns = [n for _, f, n in pts if pick(f)] or [n for _, _, n in pts]
        co[t] = sum(1 / n for n in ns) / sum(1 / (n * n) for n in ns)
    return co


def predict(co, l, f):
    return max(1.0, (1 - f) * (co["a"] + co["b"] * l[0]) + f * (co["c"] + co["d"] * l[0] * l[1]))


def errs(co, pts):
    return sorted(abs(predict(co, l, f) / n - 1) for l, f, n in pts)


def fold_cost(groups):
    """The median of the folded launches' counts over what their group's
    unfolded launches predict (groups with at least three of those), and
    words on its spread and count."""
    res = []
    for pts in groups.values():
        # form 0 (the edge slope on L alone), as the record was first fitted
        plain = [((l[0], 1.0), f, n) for l, f, n, _, folded in pts if not folded]
        if len(plain) < 3:
            continue
        co = fit(plain)
        res += [n - predict(co, (l[0], 1.0), f) for l, f, n, _, folded in pts if folded]
    if not res:
        return 0.0, "no folded launch in the table"
    res.sort()
    z = statistics.median(res)
    return z, (f"{len(res)} folded launches, quartiles {res[len(res) // 4]:.1f} and "
               f"{res[3 * len(res) // 4]:.1f}")


def fit_form(pts):
    """pts: (l, f, n, size) -> the fit, its errors, and the errors where each
    size is left out of the fit and predicted."""
    p3 = [(l, f, n) for l, f, n, _ in pts]
    co = fit(p3)
    cv = []
    for s in sorted({p[3] for p in pts}):
        train = [(l, f, n) for l, f, n, z in pts if z != s]
        test = [(l, f, n) for l, f, n, z in pts if z == s]
        if train and test:
            cv += errs(fit(train), test)
    cv.sort()
    return co, errs(co, p3), cv


def score(cv):
    """Left-out errors as one number: their median and 90th percentile."""
    return cv[len(cv) // 2] + cv[int(.9 * len(cv))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tpx", required=True)
    ap.add_argument("--only", help="kernels fitted to every table, either form (comma-separated)")
    ap.add_argument("table", nargs="+")
    a = ap.parse_args()
    only = set(a.only.split(",")) if a.only else None
    rows = []
    for i, t in enumerate(a.table):
        opener = gzip.open if t.endswith(".gz") else open
        with opener(t, "rt") as fh:
            rows += [r for r in csv.DictReader(fh) if i == 0 or only is None or r["kernel"] in only]
    feat = features(a.tpx, rows)
    groups = collections.defaultdict(list)
    esize = {"f16": 2, "f32": 4, "f64": 8}
    for r in rows:
        f = feat.get((r["kernel"], r["size"], r["dtype"], r["block"]))
        if f:
            groups[(r["kernel"], esize[r["dtype"]], f[2])].append((f[0], f[1], float(r["inst_per_warp"]), r["size"], f[3]))
    z, spread = fold_cost(groups)
    print("# Warp instructions of every catalog kernel, by element size and whether its loops are")
    print("# compiled for the rep count (1) or run at run time (0): a + b L in a whole tile, and in a")
    print("# tile at the matrix's edge c + d L (form 0) or c + d L s (form 1; L: a thread's loads, s: how")
    print("# full the edge tiles are), the form whose fit predicts the sizes left out better; read by")
    print("# src/model/insts.c.")
    print("# Fitted by bench/probes/insts_fit.py to the counts of the instruction probe")
    print("# (bench/probes/insts.sh, Nsight Compute on an H200, sm_90 SASS;")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    print(f"# {' '.join(os.path.relpath(os.path.abspath(t), root) for t in a.table)}).  Do not edit."
          + (f"  {a.only}: every table, either form; the others: the first table, form 0." if only else ""))
    print("# Per row: the fit's median and 90th-percentile error, and the same with each size left out")
    print("# of the fit and predicted.")
    print(f"# A folded grid's unfolding: z instructions a warp more ({spread}).")
    print(f"fold {z:.1f}")
    allfit, allcv = [], []
    for (k, e, comp), pts0 in sorted(groups.items()):
        pts = [(l, f, n - z if folded else n, s) for l, f, n, s, folded in pts0]
        # both forms of the edge tile's slope, c + d L (0) and c + d L s (1):
        # the one that predicts the sizes left out better
        best = None
        for form in (0, 1) if only is None or k in only else (0,):
            fp = [(l if form else (l[0], 1.0), f, n, s) for l, f, n, s in pts]
            got = fit_form(fp)
            if best is None or got[2] and best[2] and score(got[2]) < score(best[2]):
                best = got + (form,)
        co, fe, cv, form = best
        allfit += fe
        allcv += cv
        q = lambda v, x: f"{v[min(len(v) - 1, int(x * len(v)))] * 100:.0f}" if v else "-"
        print(f"{k} {e} {comp} {co['a']:.2f} {co['b']:.3f} {co['c']:.2f} {co['d']:.3f} {form}"
              f"  # n={len(pts)} fit {q(fe, .5)}/{q(fe, .9)} % left out {q(cv, .5)}/{q(cv, .9)} %"
              + ("" if cv else " (one size: none to leave out)"))
    allfit.sort()
    allcv.sort()
    print(f"fit: median {100 * allfit[len(allfit) // 2]:.1f} %, p90 {100 * allfit[int(.9 * len(allfit))]:.1f} %;"
          f" sizes left out: median {100 * allcv[len(allcv) // 2]:.1f} %, p90 {100 * allcv[int(.9 * len(allcv))]:.1f} %",
          file=sys.stderr)


if __name__ == "__main__":
    main()
