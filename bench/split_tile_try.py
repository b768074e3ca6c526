#!/usr/bin/env python3
"""What the split-row limit would pick if its rate came from the split probe's
own tile (element size, tile width, rows a thread) instead of the curve by a
tile row's bytes (walk_split_*, the median over 4 to 32 rows a thread).

Tried 2026-12-01 and not kept (docs/PERFORMANCE.md, "Split rows by rows a
thread"): the probe's tiles at 1 to 32 rows a thread give each of tile_rows'
and tile_vec's element-path blocks its own share of DRAM (through the
model's own times at the probe's tile, as calibrate.py does, the launch-floor
tiles kept), and this script re-prices every row the split binds in a
result file with it and counts the groups whose predicted best measures
within 5 % of the measured best, before and after.

  python3 bench/split_tile_try.py --tpx build/tpx \\
      --split bench/results/issue18/h200_split_reps_1.csv,bench/results/issue18/h200_split_reps_2.csv \\
      --splitcol bench/results/issue18/h200_splitcol_reps_1.csv,bench/results/issue18/h200_splitcol_reps_2.csv \\
      bench/results/issue18/h200_heldout13.json.gz ...
"""
import argparse
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate  # noqa: E402 (its probe-table and profile readers)
import calibrate_split  # noqa: E402
import predict_eval  # noqa: E402

ESIZE = {'f16': 2, 'f32': 4, 'f64': 8}


def profile_value(profile, key):
    """KEY of assets/devices/PROFILE.txt, the profile tpx embeds"""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'assets', 'devices',
                        profile + '.txt')
    values = calibrate.profile_values(path)
    if key not in values:
        raise SystemExit(f'{key} not in {path}')
    return float(values[key])


def shares(paths, tag, a, launch_ns, dram, p):
    got = calibrate_split.tile_shares(calibrate.table(paths.split(',')), launch_ns, dram, p,
                                      a.tpx, a.profile, tag, floor=None)
    return {(tb, off, bx, reps): s for tb, off, bx, reps, s in got if s is not None}


def memory_ms(dram, lat):  # predict.c's
    if lat <= 0 or dram <= 0:
        return max(dram, lat)
    x = dram / lat
    return dram if x > 50 else dram / -math.expm1(-x)


def repriced(pr, share, dram, p):
    """predict.c's bind() with the split limit at SHARE of DRAM."""
    rm = pr['resource_ms']
    split = rm['split'] * pr['split_gbs'] / (share * dram)
    parts = [memory_ms(rm['dram'], rm['latency']), rm['sm'], rm['l2'], split, rm['issue']]
    top = max(parts)
    ms = top * sum((x / top) ** p for x in parts) ** (1 / p) / pr['walk_pace']
    return max(ms, rm['launch'])


def group(a, key, blocks, tabs, dram, p):
    kernel, size, dtype, _, pad, swz = key
    cmd = [a.tpx, 'bench', '--no-gpu', '--profile', a.profile, '--json', '--kernel', kernel,
           '--block', ','.join(sorted(blocks)), '--size', size, '--dtype', dtype, '--pad', str(pad)]
    out = subprocess.run(cmd + (['--swizzle'] if swz else []), capture_output=True, text=True)
    rows = []
    for r in json.loads(out.stdout)['results'] if out.returncode == 0 else []:
        c, m = r['config'], r.get('model')
        if not m or bool(c.get('swizzle')) != swz or c['block'] not in blocks:
            continue
        pr = m['prediction']
        ms = new = pr['ms']
        if pr['resource_ms']['split'] > 0:
            e, bx, by = ESIZE[dtype], *map(int, c['block'].split('x'))
            g, row = 1, int(size.split('x')[1]) * e
            while g < 32 and row % (2 * g) == 0:
                g *= 2
            # tile_vec's element path walks in column order (predict.c: split_limit)
            share = tabs['col' if kernel == 'tile_vec' else 'cart'].get((e, g, bx, bx // by))
            if share:
                new = repriced(pr, share, dram, p)
        rows.append((c['block'], blocks[c['block']], ms, new))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tpx', required=True)
    ap.add_argument('--profile', default='h200')
    ap.add_argument('--split', required=True, help='split probe tables, comma-separated')
    ap.add_argument('--splitcol', required=True, help='splitcol probe tables, comma-separated')
    ap.add_argument('results', nargs='+')
    a = ap.parse_args()
    dram = profile_value(a.profile, 'dram_gbs')
    p = profile_value(a.profile, 'overlap_p')
    launch_ns = profile_value(a.profile, 'launch_ns_per_block')
    tabs = {'cart': shares(a.split, 'split', a, launch_ns, dram, p),
            'col': shares(a.splitcol, 'splitcol', a, launch_ns, dram, p)}
    total = [0, 0, 0]
    for path in a.results:
        hits = [0, 0, 0]
        for key, blocks in predict_eval.load_groups(path, False).items():
            if key[0] not in ('tile_rows', 'tile_vec'):
                continue
            rows = group(a, key, blocks, tabs, dram, p)
            if len(rows) < predict_eval.MIN_SHAPES:
                continue
            best = max(r[1] for r in rows)
            old, new = min(rows, key=lambda r: r[2]), min(rows, key=lambda r: r[3])
            ok_old, ok_new = old[1] >= 0.95 * best, new[1] >= 0.95 * best
            hits = [hits[0] + ok_old, hits[1] + ok_new, hits[2] + 1]
            if ok_old != ok_new:
                print(f"  {'gained' if ok_new else 'lost'}: {' '.join(map(str, key[:3]))} pad {key[4]}"
                      f"{' swizzle' if key[5] else ''}: {old[0]} ({old[1] / best:.3f} of the best)"
                      f" -> {new[0]} ({new[1] / best:.3f})")
        print(f"{os.path.basename(path)}: {hits[0]} -> {hits[1]} of {hits[2]} groups")
        total = [t + h for t, h in zip(total, hits)]
    print(f"all: {total[0]} -> {total[1]} of {total[2]} groups")


if __name__ == '__main__':
    main()
