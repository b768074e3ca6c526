"""Nsight Compute's raw CSV (`ncu --csv --page raw --log-file F`) as numbers:
the probe tables' shared reader (colw_table.py, lrc_table.py,
bench/ncu_narrow_table.py, bench/ncu_u4wide_table.py).

The file's quoted lines are a header, a row of units and a row a launch.
`launches(path, kernel, metrics, who)` returns, for every launch whose kernel
name holds `kernel`, in order, the metrics' values in base units (bytes,
sectors, nanoseconds, percent); a file without a table, a metric missing or a unit it
does not know ends the caller with a message that names `who`.
`paired(...)` pairs a probe's timed rows with its launches under Nsight
Compute (the same configs in the same order); `configs(outdir)` walks the
files bench/ncu_stores_probe.sh writes, one a config."""
import csv
import glob
import os
import sys

UNIT = {"": 1.0, "byte": 1.0, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "KB": 1e3, "MB": 1e6, "GB": 1e9,
        "sector": 1.0, "request": 1.0, "ns": 1.0, "nsecond": 1.0, "us": 1e3, "usecond": 1e3,
        "ms": 1e6, "msecond": 1e6, "%": 1.0}


def launches(path, kernel, metrics, who):
    with open(path, newline="") as fh:
        rows = list(csv.reader(l for l in fh if l.startswith('"')))
    if len(rows) < 2:
        sys.exit(f"{who}: no Nsight Compute table in {path}")
    col = {n: i for i, n in enumerate(rows[0])}
    if any(n not in col for n in ("Kernel Name",) + tuple(metrics)):
        sys.exit(f"{who}: {path} lacks one of {metrics}")
    scale = []
    for n in metrics:
        u = rows[1][col[n]]
        if u not in UNIT:
            sys.exit(f"{who}: unit {u!r} of {n}")
        scale.append(UNIT[u])
    return [[float(r[col[n]].replace(",", "")) * k for n, k in zip(metrics, scale)]
            for r in rows[2:] if kernel in r[col["Kernel Name"]]]


def paired(timed_path, prefix, ncu_path, kernel, metrics, who):
    """The timed rows of timed_path that start with prefix (a probe's CSV), each
    with its launch's metrics from ncu_path, in order.  A count of launches that
    differs from the rows ends the caller: the pairing would be wrong."""
    with open(timed_path) as fh:
        timed = [l.strip() for l in fh if l.startswith(prefix)]
    counts = launches(ncu_path, kernel, metrics, who)
    if len(counts) != len(timed):
        sys.exit(f"{who}: {len(timed)} timed rows, {len(counts)} Nsight Compute launches")
    return list(zip(timed, counts))


def configs(outdir):
    """(kernel, block, size, dtype, path) for each ncu_<kernel>_<block>_<size>_<dtype>.csv
    of outdir (bench/ncu_stores_probe.sh), sorted by name."""
    for path in sorted(glob.glob(os.path.join(outdir, "ncu_*.csv"))):
        parts = os.path.basename(path)[4:-4].split("_")
        yield ("_".join(parts[:-3]),) + tuple(parts[-3:]) + (path,)
