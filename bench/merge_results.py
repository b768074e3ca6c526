#!/usr/bin/env python3
"""Merges result documents written by `tpx bench --save` on one GPU into one.

The runs must come from the same device (same name, same compute capability)
and the same mode; rows keep their order, a config measured twice keeps the
later row.  The merged document's command lists the commands it came from.

--compact writes the document without indentation and without the rows'
"model" objects (docs/results-format.md: not read back; tpx recomputes the
model, so a shipped file does not carry a stale one): the shipped per-GPU
files are written so.

usage: merge_results.py A.json B.json [...] -o OUT.json [--compact]
"""
import argparse
import json
import os
import re
import sys
import tempfile


def commands(docs):
    """The runs' commands, those that differ only in --kernel folded into one
    (run.sh runs one bench per kernel), so the field stays short."""
    out, kernels = [], {}
    for d in docs:
        for cmd in d["command"].split(" ; "):
            cmd = re.sub(r" --save \S+", "", cmd)  # this merged file is what they saved
            m = re.search(r"--kernel (\S+)", cmd)
            key = re.sub(r"--kernel \S+", "--kernel {}", cmd) if m else cmd
            if key not in kernels:
                kernels[key] = []
                out.append(key)
            if m:
                kernels[key] += [k for k in m.group(1).split(",") if k not in kernels[key]]
    return " ; ".join(k.replace("{}", ",".join(kernels[k])) for k in out)


def flags(cmd):
    """A command's options as {name: value}, lists split on commas."""
    toks = cmd.split()
    out = {}
    for i, t in enumerate(toks):
        if t.startswith("--"):
            v = toks[i + 1] if i + 1 < len(toks) and not toks[i + 1].startswith("--") else ""
            out[t] = set(v.split(",")) if t in ("--kernel", "--size") else v
    return out


def fold_covered(cmds):
    """Drops a command whose configs another one lists already (the same options
    but --kernel and --size, those a subset of the other's): a config measured
    again under a command the file has does not add the command twice."""
    f = [flags(c) for c in cmds]
    rest = [{k: v for k, v in a.items() if k not in ("--kernel", "--size")} for a in f]
    keep = []
    for i, a in enumerate(f):
        if any(j != i and rest[j] == rest[i] and a.get("--kernel", set()) <= b.get("--kernel", set())
               and a.get("--size", set()) <= b.get("--size", set()) and (b != a or j < i)
               for j, b in enumerate(f)):
            continue
        keep.append(cmds[i])
    return keep


def key(row):
    c = row["config"]
    if c["kernel"] in ("memcpy", "cublas"):
        return (c["kernel"], c["width"], c["height"], c["dtype"])
    return (c["kernel"], c["block"], c["width"], c["height"], c["dtype"], c["pad"],
            c["swizzle"], c.get("tile_dtype", c["dtype"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--compact", action="store_true", help="no indentation, no model objects")
    args = ap.parse_args()
    docs = []
    for path in args.inputs:
        try:
            with open(path) as f:
                docs.append(json.load(f))
        except (OSError, ValueError) as e:
            sys.exit(f"{path}: not readable as a result document ({e})")
    first = docs[0]
    for path, d in zip(args.inputs, docs):
        if d.get("format") != "tpx-results":
            sys.exit(f"{path}: not a tpx result document")
        for field in ("name", "compute_capability"):
            if (d["device"] or {}).get(field) != (first["device"] or {}).get(field):
                sys.exit(f"{path}: device {field} differs from {args.inputs[0]}")
        if d["mode"] != first["mode"]:
            sys.exit(f"{path}: mode {d['mode']} differs from {first['mode']}")
    rows, skipped = {}, []
    for d in docs:
        for r in d["results"]:
            rows[key(r)] = r
        skipped += d.get("skipped", [])
    merged = dict(first)
    merged["command"] = " ; ".join(fold_covered(commands(docs).split(" ; ")))
    if len(merged["command"]) > 4096:  # src/measure's reader refuses longer
        sys.exit(f"{args.out}: the merged command list is {len(merged['command'])} bytes, "
                 "more than the 4096 a results file may hold: merge fewer runs")
    merged["date"] = max(d["date"] for d in docs)
    merged["results"] = list(rows.values())
    merged["skipped"] = skipped
    if args.compact:
        for r in merged["results"]:
            r.pop("model", None)
            r.pop("model_note", None)
    # written whole or not at all: a temporary file beside OUT, then renamed
    # (OUT is often the shipped file itself, merged into)
    try:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(args.out)), suffix=".tmp")
    except OSError as e:
        sys.exit(f"{args.out}: cannot write there ({e.strerror})")
    try:
        with os.fdopen(fd, "w") as f:
            if args.compact:
                json.dump(merged, f, separators=(",", ":"))
            else:
                json.dump(merged, f, indent=1)
            f.write("\n")
        os.replace(tmp, args.out)
    except BaseException:
        os.unlink(tmp)
        raise
    print(f"{args.out}: {len(merged['results'])} rows from {len(docs)} files")


if __name__ == "__main__":
    main()
