"""The split probe's rate for bench/probes/calibrate.py (walk_split_*): the
model's own times at the probe's tile, through tpx report, and the rate
that makes them grow as the probe's did.  Imported by calibrate.py."""
import functools
import json
import math
import statistics
import subprocess


@functools.lru_cache(maxsize=None)  # the reference tile is asked once per offset
def model_times(tpx, profile, tb, off, bx, by):
    """tile_rows at the probe's tile with the rows of B OFF bytes into a
    sector (A's on sectors, as in the probe): the model's time without the
    split limit and its walk pace, from tpx report; None where launch-bound
    (the split cannot show there)."""
    dt = {2: 'f16', 4: 'f32', 8: 'f64'}[tb]
    out = subprocess.run([tpx, 'report', '--json', '--no-gpu', '--profile', profile,
                          '--kernel', 'tile_rows', '--block', f'{bx}x{by}', '--pad', '1',
                          '--size', f'{8192 + 32 // tb}x{8192 + off // tb}', '--dtype', dt],
                         capture_output=True, text=True, check=True).stdout
    p = json.loads(out)['model']['prediction']
    if p['resource_ms']['launch'] >= p['ms_unsplit']:
        return None
    return p['ms_unsplit'], p['walk_pace']


# Rows a thread the curves take: the probe measures 1 to 32 since 2026-12-01,
# and the per-tile shares at 1 and 2 did not rank the catalog's blocks better
# than the median over 4 to 32 (docs/PERFORMANCE.md, "Split rows by rows a
# thread"), so the curves keep the range they were first read over.
REPS_MIN = 4


def tile_shares(t, launch_ns, dram_gbs, p_norm, tpx=None, profile=None, tag='split', floor=0.8):
    """(element bytes, offset, bx, reps, share) for every tile of the probe
    table t's rows tagged TAG: the rate the split stores drain at over
    dram_gbs that makes the model's own time at the probe's tile grow by the
    measured ratio (see split), capped at 1; None where it grows by no more
    than the model says already.  Tiles whose block launches alone take FLOOR of the
    reference's time are left out (None: none are)."""
    d = {}
    for tb, off, side, bx, reps, by, bps, ms, gbs in t.get(tag, []):
        if side == '2' or off == '32':  # the reference is side 3: both on sectors
            key = (int(tb), int(off), int(bx), int(reps))
            d[key] = (min(float(ms), d.get(key, (math.inf,))[0]), int(by))  # the faster run
    for (tb, off, bx, reps), (ms, by) in sorted(d.items()):
        ref = d.get((tb, 32, bx, reps))
        if off == 32 or not ref:
            continue
        if floor is not None and (8192 // bx) ** 2 * launch_ns * 1e-6 >= floor * ref[0]:
            continue
        ratio = ref[0] / ms
        t_ref = t_un = ref[0]
        w = 1.0
        if tpx:
            got = [model_times(tpx, profile, tb, o, bx, by) for o in (32, off)]
            if None in got:
                continue
            (t_ref, w), (t_un, _) = got
        grown = (t_ref * w / ratio) ** p_norm - (t_un * w) ** p_norm
        if grown <= 0:  # no slower than the model already is: no limit to add
            yield tb, off, bx, reps, None
            continue
        share = 8192 * 8192 * tb / (grown ** (1 / p_norm) * 1e6) / dram_gbs
        yield tb, off, bx, reps, min(1.0, share)


def split(t, launch_ns, dram_gbs, p_norm, tpx=None, profile=None, tag='split'):
    """The rate the stores of rows split across sectors drain at, as a share
    of dram_gbs, by offset and the bytes of a tile row (element sizes agree
    by bytes, not by elements): the median over element sizes and rows a
    thread (REPS_MIN to 32) of the split probe's side 2 (the rows written
    split, the rows read on sectors) against its reference (both on
    sectors).  The model puts it beside its other limits in a p-norm
    (predict.c), so the rate is what makes the model's own time at the
    probe's tile grow by the measured ratio R:
        t_split = ((t_ref w / R)^p - (t_unsplit w)^p)^(1/p),  rate = bytes / t_split
    (t_ref, t_unsplit: the model's times at the reference and at the split
    pitch without the limit; w its walk pace).  Tiles whose reference runs
    at the launch floor are left out (the split hides under it, as in the
    model); a tile row none of whose tiles is slower than the model gets 1
    (the limit never binds there).  Without --tpx the probe's own reference
    time stands for the model's (t_ref = t_unsplit = the measured
    reference).  tag 'splitcol':
    the probe's blocks in column order (tile_vec's), against its own
    reference in that order; the model's times are tile_rows' (cartesian)
    at the same tile, since no walk of the catalog has that order at rows
    on sectors (tile_vec takes its 16-byte path there)."""
    curves = {}
    for tb, off, bx, reps, share in tile_shares(t, launch_ns, dram_gbs, p_norm, tpx, profile, tag):
        if reps < REPS_MIN:
            continue
        shares = curves.setdefault(off, {}).setdefault(bx * tb, [])
        if share is not None:
            shares.append(share)
    # a tile row where no tile was slower than the model: a limit that never
    # binds (1), not a gap the curve would fill with its last point
    return {off: [(bx, statistics.median(v) if v else 1.0) for bx, v in sorted(c.items())]
            for off, c in curves.items()}
