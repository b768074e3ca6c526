"""Nsight Compute's raw CSV (`ncu --csv --page raw --log-file F`) as numbers:
the probe tables' shared reader (colw_table.py, lrc_table.py,
bench/ncu_narrow_table.py).

The file's quoted lines are a header, a row of units and a row a launch.
`launches(path, kernel, metrics, who)` returns, for every launch whose kernel
name holds `kernel`, in order, the metrics' values in base units (bytes,
sectors, nanoseconds, percent); a file without a table, a metric missing or a unit it
does not know ends the caller with a message that names `who`."""
import csv
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
