#!/usr/bin/env python3
"""Asks the GPU what wide shared accesses cost, pattern by pattern.

Builds bench/smem_probe.cu, runs it once under Nsight Compute with the
SASS-patched shared wavefront and instruction counters, and writes
bench/results/smem_probe_<gpu>.csv: one row per (pattern, width, op) with the
lanes' byte offsets, the measured wavefronts, the model's count (the C rule,
through tpx_smem_rule) and each candidate rule's count.  Then it says which
candidate rules match every measured row, and lists the model's mismatches.

A launch carries up to 4 patterns (pattern s run by 64^s warps, decoded in
base 64; smem_probe.cu says why that is exact), so ~700 patterns of 2, 4, 8
and 16 bytes take ~175 profiled launches: about 1-2 minutes on an H200
(ncu spends ~0.3-0.6 s per launch with one pass of SASS-patched metrics).

usage: bench/smem_probe.py [--build build-gpu] [--gpu h200] [--dry-run]
  --dry-run: no GPU; writes the table (to the temp dir unless --out) with the
  model's and the candidates' counts and an empty measured column: checks the
  script and that the C rule equals rule_pair.
  --rescore CSV: no GPU; the measured column of CSV scored again against the
  model and the candidates of today (after a rule changes).
Exit 0 when the model matches every measured row, 1 otherwise, 2 on misuse.
"""
import argparse
import csv
import io
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

from smem_rules import RULES  # bench/: beside this script

SMEM = 49152  # the probe's shared array: offsets stay below it
BASE, GROUP = 64, 4
WIDTHS = (2, 4, 8, 16)
METRICS = {
    "ld_wave": ["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_cmd_read.sum"],
    "st_wave": ["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
                "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_cmd_write.sum"],
    "ld_inst": ["smsp__sass_inst_executed_op_shared_ld.sum"],
    "st_inst": ["smsp__sass_inst_executed_op_shared_st.sum"],
}

# ---- patterns ---------------------------------------------------------------


def patterns(e):
    """(name, 32 byte offsets or None per lane) for access width e."""
    out, seen = [], set()

    def add(name, f, mask=None):
        a = [None if (mask is not None and not mask(l)) else f(l) * e for l in range(32)]
        if all(x is None for x in a) or any(x is not None and (x < 0 or x + e > SMEM) for x in a):
            return
        key = tuple(a)
        if key not in seen:
            seen.add(key)
            out.append((name, a))

    for s in list(range(34)) + [64, 128, 256, 512]:
        add("stride%d" % s, lambda l, s=s: l * s)
    add("bcast_at5", lambda l: 5)
    for k in (1, 2, 4, 8, 16, 32, 64):
        add("half_bcast_k%d" % k, lambda l, k=k: (l // 16) * k)
        add("quarter_bcast_k%d" % k, lambda l, k=k: (l // 8) * k)
    add("pairs_alike", lambda l: l // 2)
    add("pairs_alike_xor2", lambda l: (l // 4) * 2 + l % 2)
    add("fours_alike", lambda l: l // 4)
    for s in (1, 2, 3, 4, 8, 16, 17, 32, 33):
        add("halves_alike_s%d" % s, lambda l, s=s: (l % 16) * s)
    for s in (1, 2, 16, 17):
        for off in (1, 2, 8, 16, 32, 256):
            add("halves_s%d_off%d" % (s, off), lambda l, s=s, o=off: (l % 16) * s + (l // 16) * o)
    for s in (1, 2, 4, 8):
        for off in (0, 1, 8, 32):
            add("quarters_s%d_off%d" % (s, off), lambda l, s=s, o=off: (l % 8) * s + (l // 8) * o)
    for t in (8, 16, 32):
        for p in (0, 1, 2):
            add("tile%d_p%d_col" % (t, p), lambda l, t=t, p=p: (l % t) * (t + p) + l // t)
            add("tile%d_p%d_row" % (t, p), lambda l, t=t, p=p: (l // t) * (t + p) + l % t)
    add("rect32x8_p1_col", lambda l: (l % 8) * 33 + l // 8)
    for k in (1, 5, 16, 31):
        add("xor%d" % k, lambda l, k=k: l ^ k)
    for c in (0, 3):
        add("swizzle_col%d" % c, lambda l, c=c: l * 32 + (c ^ l))
    rng = random.Random(1000 + e)
    for i in range(3):
        perm = list(range(32))
        rng.shuffle(perm)
        add("perm%d" % i, lambda l, p=perm: p[l])
    add("reversed", lambda l: 31 - l)
    for i, span in enumerate((4096, 4096, 4096, 4096, 128, 128, 256, 256)):
        r = [rng.randrange(max(1, span // e)) for _ in range(32)]
        add("random%d_span%d" % (i, span), lambda l, r=r: r[l])
    masks = {
        "lane0": lambda l: l == 0, "l0_8_16_24": lambda l: l % 8 == 0,
        "lo_half": lambda l: l < 16, "hi_half": lambda l: l >= 16,
        "even": lambda l: l % 2 == 0, "odd": lambda l: l % 2 == 1,
        "quarter0": lambda l: l < 8, "l0_16": lambda l: l in (0, 16),
        "l0_8": lambda l: l in (0, 8), "l7_31": lambda l: l in (7, 31),
    }
    for i in range(2):
        m = rng.getrandbits(32) | 1
        masks["rand%d" % i] = lambda l, m=m: (m >> l) & 1
    bases = {"stride1": lambda l: l, "stride2": lambda l: 2 * l, "bank0": lambda l: l * 128 // e,
             "tile16_p0_col": lambda l: (l % 16) * 16 + l // 16}
    for bn, f in bases.items():
        for mn, m in masks.items():
            add("%s_%s" % (bn, mn), f, m)
    return out


# ---- running ----------------------------------------------------------------


def addr_text(addrs):
    return " ".join("-" if a is None else str(a) for a in addrs)


def c_model(tool, rows):
    """The model's count per row from the C rule (tpx_smem_rule)."""
    text = "pattern,width,op,addrs\n" + "".join(
        "%s,%d,%s,%s\n" % (r["pattern"], r["width"], r["op"], r["addrs"]) for r in rows)
    p = subprocess.run([tool], input=text, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("%s failed: %s" % (tool, p.stderr.strip()))
    got = list(csv.DictReader(io.StringIO(p.stdout)))
    if len(got) != len(rows):
        sys.exit("%s: %d rows for %d" % (tool, len(got), len(rows)))
    return [int(g["model"]) for g in got]


def build(args):
    exe = os.path.join(args.build, "smem_probe")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "smem_probe.cu")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        subprocess.run([args.nvcc, "-arch=" + args.arch, "-O3", "-o", exe, src], check=True)
    return exe


def check_sass(exe):
    """One STS and one LDS of the right width in each kernel, nothing else shared."""
    tool = shutil.which("cuobjdump")
    if not tool:
        print("cuobjdump not found: SASS not checked (the instruction counters still are)")
        return
    sass = subprocess.run([tool, "-sass", exe], capture_output=True, text=True, check=True).stdout
    want = {2: ".U16", 4: "", 8: ".64", 16: ".128"}
    for fn in re.split(r"\n\s*Function : ", sass)[1:]:
        w = int(re.match(r"_Z10smem_probeILi(\d+)E", fn).group(1))
        for op in ("LDS", "STS"):
            found = re.findall(r"\b%s(\.[A-Z0-9]+)?\s" % op, fn)
            if found != [want[w]]:
                sys.exit("SASS of smem_probe<%d>: %s %s, want one %s%s" % (w, op, found, op, want[w]))
    print("SASS: one LDS and one STS of the right width per kernel")


def pick_metrics(args, exe):
    """The first name of each counter this ncu knows (a one-launch trial)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("4 1 " + " ".join(str(4 * l) for l in range(32)) + "\n")
    names = {}
    for key, cands in METRICS.items():
        for m in cands:
            p = subprocess.run([args.ncu, "--clock-control", "none", "--metrics", m, "--csv", exe,
                                f.name], capture_output=True, text=True)
            if p.returncode == 0 and "ERROR" not in p.stdout + p.stderr:
                names[key] = m
                break
        else:
            sys.exit("this ncu has none of %s" % cands)
    os.unlink(f.name)
    return names


def decode(total, groups, what):
    """Per-pattern counts from a base-64 sum; each must be 1..63."""
    digits = []
    for _ in range(groups):
        digits.append(int(total) % BASE)
        total = int(total) // BASE
    if total or not all(digits):
        raise ValueError("%s does not decode in base %d: %s" % (what, BASE, digits))
    return digits


def launches(pats):
    """Launch lines: up to GROUP patterns of one width each."""
    out = []
    for e in WIDTHS:
        ps = [p for p in pats if p[0] == e]
        for i in range(0, len(ps), GROUP):
            out.append(ps[i:i + GROUP])
    return out


def run_ncu(args, exe, groups, names):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for g in groups:
            f.write("%d %d %s\n" % (g[0][0], len(g), " ".join(
                "-1" if a is None else str(a) for p in g for a in p[2])))
    cmd = [args.ncu, "--clock-control", "none", "--cache-control", "none", "-k",
           "regex:smem_probe", "--metrics", ",".join(names.values()), "--csv", "--page", "raw",
           "--print-units", "base", exe, f.name]
    p = subprocess.run(cmd, capture_output=True, text=True)
    os.unlink(f.name)
    if p.returncode != 0:
        sys.exit("ncu failed (%d):\n%s\n%s" % (p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
    rows = list(csv.reader(io.StringIO("\n".join(
        l for l in p.stdout.splitlines() if not l.startswith("==")))))
    head = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
    cols = rows[head]
    data = [dict(zip(cols, r)) for r in rows[head + 1:]
            if len(r) == len(cols) and r[0].strip().isdigit()]
    if len(data) != len(groups):
        sys.exit("ncu profiled %d launches, want %d" % (len(data), len(groups)))
    meas = {}
    for g, rec in zip(groups, data):
        n = len(g)
        val = {k: float(rec[m].replace(",", "")) for k, m in names.items()}
        for op in ("ld", "st"):
            if decode(val[op + "_inst"], n, op + " instructions") != [1] * n:
                sys.exit("launch of %s: not one %s instruction per warp" % (g[0][1], op))
            for p, w in zip(g, decode(val[op + "_wave"], n, op + " wavefronts")):
                meas[(p[0], p[1], op)] = w
    return meas


def gpu_slug():
    try:
        name = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                              capture_output=True, text=True, check=True).stdout.splitlines()[0]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "gpu"
    m = re.search(r"\b([A-Z]+\d+[A-Za-z]*)\b", name.replace("NVIDIA ", ""))
    return (m.group(1) if m else re.sub(r"\W+", "_", name)).lower()


def report(rows):
    """Which rules match every measured row; the model's mismatches."""
    meas = [r for r in rows if r["measured"] != ""]
    if not meas:
        print("no measured rows (--dry-run)")
        return 0
    for name in RULES:
        bad = [r for r in meas if r["rule_" + name] != r["measured"]]
        print("rule %-12s matches %4d of %d%s" % (name, len(meas) - len(bad), len(meas),
                                                  "  <- every row" if not bad else ""))
    bad = [r for r in meas if r["model"] != r["measured"]]
    for r in bad[:40]:
        print("MISMATCH %-26s w%-2d %s measured %2d model %2d  [%s]" % (
            r["pattern"], r["width"], r["op"], r["measured"], r["model"], r["addrs"]))
    print("%d rows, %d mismatches with the model" % (len(meas), len(bad)))
    return 1 if bad else 0


def read_measured(path):
    """The measured column of a table this script wrote, by (width, pattern, op)."""
    with open(path) as f:
        head = f.readline()
        if not head.startswith("# bench/smem_probe.py"):
            sys.exit("%s: not a table written by bench/smem_probe.py" % path)
        return {(int(r["width"]), r["pattern"], r["op"]): int(r["measured"])
                for r in csv.DictReader(f) if r["measured"] != ""}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build-gpu", help="where smem_probe and tpx_smem_rule are")
    ap.add_argument("--gpu", help="name in the table's file name (default: from nvidia-smi)")
    ap.add_argument("--out", help="table path (default bench/results/smem_probe_<gpu>.csv)")
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--ncu", default="ncu")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--dry-run", action="store_true", help="no GPU: model and candidates only")
    ap.add_argument("--rescore", metavar="CSV",
                    help="no GPU: take the measured column of a table written before and "
                         "write the table again with today's model and candidate rules")
    args = ap.parse_args()
    t0 = time.time()
    pats = [(e, n, a) for e in WIDTHS for n, a in patterns(e)]
    groups = launches(pats)
    print("%d patterns, %d launches" % (len(pats), len(groups)))
    meas = {}
    if args.rescore:
        meas = read_measured(args.rescore)
        args.out = args.out or args.rescore
    elif not args.dry_run:
        exe = build(args)
        check_sass(exe)
        meas = run_ncu(args, exe, groups, pick_metrics(args, exe))
    rows = []
    for e, n, a in pats:
        for op in ("ld", "st"):
            r = {"pattern": n, "width": e, "op": op, "addrs": addr_text(a),
                 "measured": meas.get((e, n, op), "")}
            for name, f in RULES.items():
                r["rule_" + name] = f(e, op, a)
            rows.append(r)
    tool = os.path.join(args.build, "tpx_smem_rule")
    if not os.path.exists(tool):
        sys.exit("%s not found: build tpx first (cmake --build %s)" % (tool, args.build))
    for r, m in zip(rows, c_model(tool, rows)):
        r["model"] = m
    differ = [r for r in rows if r["model"] != r["rule_pair"]]
    if differ:
        sys.exit("the C model and rule_pair differ on %d rows, e.g. %s" % (
            len(differ), differ[0]))
    out = args.out or (os.path.join(tempfile.gettempdir(), "smem_probe_dryrun.csv") if args.dry_run
                       else "bench/results/smem_probe_%s.csv" % (args.gpu or gpu_slug()))
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    cols = ["pattern", "width", "op", "addrs", "measured", "model"] + ["rule_" + n for n in RULES]
    with open(out, "w", newline="") as f:
        f.write("# bench/smem_probe.py%s, %s; measured = ncu SASS-patched wavefronts\n" % (
            " --dry-run" if args.dry_run else "", time.strftime("%Y-%m-%d")))
        w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print("wrote %s (%.0f s)" % (out, time.time() - t0))
    return report(rows)


if __name__ == "__main__":
    sys.exit(main())
