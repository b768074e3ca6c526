#!/usr/bin/env python3
"""figures: the measured numbers the docs quote, printed from the shipped
result files (bench/results/*.json) so that none is typed in by hand.

  figures.py readme                 the README's measured table (H200, H100)
  figures.py ranking                block shapes at 8192x8192 on the H200
  figures.py check FILE [FILE...]   exit 1 when a section between
                                    <!-- figures:NAME:begin --> and
                                    <!-- figures:NAME:end --> differs from what
                                    this script prints now
  figures.py write FILE [FILE...]   rewrite those sections in place

Only verified rows with a GB/s count; the files' content is read generically
(any kernels, blocks, sizes; format 1 or 2)."""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.environ.get("TPX_RESULTS_DIR") or os.path.join(ROOT, "bench", "results")
SIZE = (8192, 8192)


def load(name):
    with open(os.path.join(RESULTS, name + ".json"), encoding="utf-8") as f:
        doc = json.load(f)
    rows = {}
    for r in doc["results"]:
        c, m = r["config"], r.get("measured") or {}
        if not m.get("verified") or not m.get("gbs"):
            continue
        key = (c["kernel"], c["block"], c["width"], c["height"], c["dtype"], c["pad"],
               bool(c.get("swizzle")))
        rows[key] = m
    return doc, rows


def where(doc, name):
    return "%s, bench/results/%s.json, recorded %s" % (doc["device"]["name"], name,
                                                       doc.get("date", "?")[:10])


def kernels(rows):
    seen = []
    for k in rows:
        if k[0] not in seen:
            seen.append(k[0])
    return seen


def best(rows, kernel, size=SIZE, dtype="f32"):
    """The fastest verified row of kernel at size: (key, measured) or None."""
    cands = [(m["gbs"], k) for k, m in rows.items()
             if k[0] == kernel and (k[2], k[3]) == size and k[4] == dtype]
    if not cands:
        return None
    gbs, key = max(cands)
    return key, rows[key]


def config_words(key):
    kernel, block, _, _, _, pad, swz = key
    if kernel in ("memcpy", "cublas"):
        return "(reference)"
    return "%s%s%s" % (block, " pad %d" % pad if pad else "", " swizzled" if swz else "")


def readme():
    (d2, r2), (d1, r1) = load("h200"), load("h100")
    out = ["Each kernel's fastest verified block at %dx%d f32, cold L2, and the same config on the "
           "H100 (GB = 10^9 bytes; %% of memcpy measured in the same run)." % SIZE, "",
           "- H200: %s" % where(d2, "h200"), "- H100: %s" % where(d1, "h100"), "",
           "| kernel | block | H200 GB/s | % of memcpy | H100 GB/s | % of memcpy | H200/H100 |",
           "|---|---|---:|---:|---:|---:|---:|"]
    for k in kernels(r2) + [k for k in kernels(r1) if k not in kernels(r2)]:
        b = best(r2, k) or best(r1, k)  # a kernel only the H100 file holds: its best
        if not b:
            continue
        key = b[0]
        m, h = r2.get(key), r1.get(key)
        cols = ["%.1f | %.1f%%" % (x["gbs"], x["pct_memcpy"]) if x else "not measured | -"
                for x in (m, h)]
        ratio = "%.2f" % (m["gbs"] / h["gbs"]) if m and h else "-"
        out.append("| %s | %s | %s | %s | %s |" % (k, config_words(key), cols[0], cols[1], ratio))
    return "\n".join(out)


RANKED = ("naive_row", "naive_col", "smem_rect", "tile_rows")


def ranking():
    doc, rows = load("h200")
    out = ["Block shapes ranked by measured GB/s at %dx%d f32, cold L2, on the %s "
           "(pad 0; the tiled kernels also padded, pad 1). Every verified row of the file; "
           "GB = 10^9 bytes." % (SIZE[0], SIZE[1], where(doc, "h200")), "",
           "| kernel | pad | fastest first: block GB/s |", "|---|---|---|"]
    for k in RANKED:
        for pad in sorted({key[5] for key in rows if key[0] == k}):
            cands = sorted(((m["gbs"], key[1]) for key, m in rows.items()
                            if key[0] == k and (key[2], key[3]) == SIZE and key[4] == "f32"
                            and key[5] == pad and not key[6]), reverse=True)
            if cands:
                out.append("| %s | %d | %s |" % (k, pad, ", ".join("%s %.0f" % (b, g)
                                                                  for g, b in cands)))
    return "\n".join(out)


SECTIONS = {"readme": readme, "ranking": ranking}
MARK = re.compile(r"(<!-- figures:(\w+):begin -->\n)(.*?)(<!-- figures:\2:end -->)", re.S)


def regenerate(text):
    def one(m):
        if m.group(2) not in SECTIONS:
            raise SystemExit("figures.py: unknown section '%s'" % m.group(2))
        return m.group(1) + SECTIONS[m.group(2)]() + "\n" + m.group(4)
    return MARK.sub(one, text)


def main(argv):
    if len(argv) == 2 and argv[1] in SECTIONS:
        print(SECTIONS[argv[1]]())
        return 0
    if len(argv) < 3 or argv[1] not in ("check", "write"):
        sys.stderr.write(__doc__)
        return 2
    bad = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if not MARK.search(text):
            print("figures.py: %s has no figures section" % path)
            bad = 1
            continue
        new = regenerate(text)
        if argv[1] == "write" and new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
        elif argv[1] == "check" and new != text:
            print("figures.py: %s quotes figures that differ from bench/results "
                  "(run scripts/figures.py write %s)" % (path, path))
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
