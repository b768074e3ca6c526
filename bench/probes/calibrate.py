#!/usr/bin/env python3
"""Turn a probe table (bench/probes/probe.cu, run by bench/probes/run.sh) into
the throughput constants of a device profile (assets/devices/*.txt).

Every constant comes from a probe of its own, never from a sweep of the
catalog (docs/prediction.md, "Calibration"):
  clock_mhz             spin: clock64 cycles over event time under load
  launch_ns_per_block   launch: empty blocks, the slope of time over blocks
  launch_ns_per_warp    launch: the same for 1024-thread blocks, per warp
  mem_latency_ns, latency_per_warp, dram_gbs, overlap_p
                        stream: a one-shot copy at chosen occupancies, fitted
                        with the model's own formula (Little's law per block
                        slot against the DRAM ceiling; predict.c)
  dram_run_read, dram_run_write
                        runs: DRAM efficiency when one side moves in runs of
                        R contiguous bytes (the other side sequential)
  dram_run_window       runs, "order" mode: how many launch-adjacent blocks'
                        runs DRAM sees as one
  dram_join_write       join: the traffic within which the L2 joins a short
                        written run with its neighbour, so DRAM sees them as
                        one (the distance at which half the 32-byte runs are)
  partial_fill_4, partial_fill_8
                        fill: the L2's pace at part-written sectors (stores
                        only, 4- and 8-byte pieces, 1024-thread blocks of one
                        store a thread, the writers of a line up to 32 launches
                        apart) by the share of each line one block writes, over
                        the best share; the model keeps partial_write_cost at
                        a share of one half and scales the rest by this curve
  partial_shared_lost   colw: part-written sectors lost while their writers run
  partial_req           pipe (l2_st): a part-written sector's L2 cost by the
                        sectors of its line one request carries (1, 2, 4), over
                        one alone (docs/prediction.md)
  ld_line_cycles, smem_wavefront_cycles, smem_instr_cycles,
  l2_read_sectors_ns, l2_write_sectors_ns
                        pipe: cycles per line / wavefront, L2 sector rates
                        (pstr's read rate and partial_req printed beside them
                        as comments: measured, tried, not in the model)
  ld_hit_line_cycles    l1s: the column walk, every warp of an SM hitting the
                        same lines (a block's warps sharing the rows they
                        reuse); the pipe probe's own-lines hit where absent
  l1_lines_per_cycle    l1r: a column read's hits at real row pitches; where an
                        instruction's sectors spread over three or four of a
                        line's positions, the lines an L1 pass serves (the
                        median over pitches and base addresses, at the hit
                        cost above); absent without the table (a pass a line)
  st_line_cycles        l2few: stores on 8 SMs, one block each, so the L2 is
                        idle (over the whole GPU the pipe probe's stores run
                        at the L2's partial-write rate, which the l2 limit
                        charges already); the pipe probe's where absent
  walk_eff, walk_eff_aligned
                        reps, mode 7 (tile_rows' walk: rows staged in shared
                        memory, read down its columns, stored mirrored): the
                        pace by the registers a thread's rows hold over the
                        pace at 8, rows 16 to 96 B off 128 and rows on it
  walk_split_16, _8, _4, _2
                        split: where the rows a walk writes do not start on
                        sectors (their bytes a multiple of 16, 8, 4 or 2 and
                        no more), the rate their stores drain at over
                        dram_gbs, by a tile row's bytes: what makes the model's own
                        time (--tpx) grow as the probe's does from rows on
                        sectors to split rows (what the model charges already
                        for part-written sectors is not charged twice)
  walk_split_col_16, _8, _4, _2
                        splitcol: the same with the blocks in tile_vec's
                        column order, where the tile that writes the rest
                        of a split sector is the next block launched
  chase_*               chase: unloaded latencies (documentation only)

A GPU without probes gets its constants from a probed profile by rules
(--derive): the DRAM bandwidth at the probed GPU's share of its theoretical
peak, the L2 rates scaled by SMs x clock, the join distances by the L2's
size, everything else (launch rate, latency, run curves, pipe cycles) as
probed.  Estimates of estimates; the profile files say so.

usage: bench/probes/calibrate.py PROBE.csv [MORE.csv ...] [--sms 132]
                                  [--tpx build/tpx --profile h200]
       (profile lines on stdout; the tables are read as one)
       bench/probes/calibrate.py --derive assets/devices/h200.txt TARGET.txt
"""
import argparse
import csv
import math
import statistics
import sys

from calibrate_l2 import fill, join, print_l2, print_lrc, print_shared_lost, pstr
from calibrate_split import split


def table(paths):
    out = {}
    for path in paths:
        for r in csv.reader(open(path)):
            if r and not r[0].startswith('#') and r[0] != 'probe':
                out.setdefault(r[0], []).append(r[1:])
    return out


def slope(xs, ys):
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def launch(t):
    """ns per block: the slope over the block counts, per block size."""
    by = {}
    for thr, blocks, smem, ms, _ in t['launch']:
        if smem == '0':
            by.setdefault(int(thr), []).append((int(blocks), float(ms) * 1e6))
    per = {thr: slope([b for b, _ in v], [ns for _, ns in v]) for thr, v in by.items()}
    small = statistics.median(v for k, v in per.items() if k <= 256)
    return small, per[max(per)] / (max(per) // 32)


def stream_model(v, k, thr, bps, c, sms):
    """The model's time (ms) for the stream probe: predict.c's formula."""
    nb = 256 * 2 ** 20
    w = max(1, thr // 32)
    blocks = nb // (thr * k * v)
    waves = blocks / (sms * bps)
    if waves < 8:
        waves = math.ceil(waves)
    lines = k * w * max(1, 32 * v // 128)
    work_ns = lines * (c['ld_line_cycles'] + c['st_line_cycles']) / (c['clock_mhz'] * 1e-3)
    t_b = c['mem_latency_ns'] * (1 + c['latency_per_warp'] * w) + work_ns
    t_lat = waves * t_b * 1e-6
    t_dram = 2 * nb / (c['dram_gbs'] * 1e6)
    t_mem = t_dram / (1 - math.exp(-t_dram / t_lat))
    t_sm = blocks / sms * lines * (c['ld_line_cycles'] + c['st_line_cycles']) / (c['clock_mhz'] * 1e3)
    t_l2 = (nb / 32 / c['l2_read_sectors_ns'] + nb / 32 / c['l2_write_sectors_ns']) * 1e-6
    p = c['overlap_p']
    t = (t_mem ** p + t_sm ** p + t_l2 ** p) ** (1 / p)
    return max(t, blocks * max(c['launch_ns_per_block'], c['launch_ns_per_warp'] * w) * 1e-6)


def fit_stream(t, c, sms):
    """Grid search of the latency, its growth per warp, the DRAM ceiling and
    the overlap exponent, minimising the mean |log(model / measured)| over
    the stream rows with at most 4 loads per thread (more and the compiler's
    scheduling, not the memory, decides how many are in flight)."""
    rows = [(int(r[0]), int(r[1]), int(r[2]), int(r[4]), float(r[7])) for r in t['stream']
            if int(r[1]) <= 4]
    peak = max(2 * 256 * 2 ** 20 / (ms * 1e6) for *_, ms in rows)

    def err(lat, a, bw, p):
        q = dict(c, mem_latency_ns=lat, latency_per_warp=a, dram_gbs=bw, overlap_p=p)
        return statistics.fmean(abs(math.log(stream_model(v, k, thr, b, q, sms) / ms))
                                for v, k, thr, b, ms in rows)

    # coarse, then fine around the coarse optimum
    best = min((err(lat, a, bw, p), lat, a, bw, p)
               for lat in range(300, 1201, 50) for a in (0, 0.005, 0.01, 0.02, 0.04)
               for bw in (peak, peak * 1.02, peak * 1.04) for p in (2, 3, 4, 6, 8))
    _, lat0, a0, bw0, p = best
    return min((err(lat, a, bw, p), lat, a, bw, p)
               for lat in range(lat0 - 50, lat0 + 51, 5)
               for a in [max(0, a0 + i * 0.001) for i in range(-5, 6)]
               for bw in [bw0 * (1 + i * 0.0025) for i in range(-4, 5)])


def runs(t):
    got = {}
    for mode, run, ms, gbs in t['runs']:
        got.setdefault(mode, {})[int(run)] = float(gbs)
    seq = max(got['order'].values())
    eta = {}
    for mode in ('read', 'write'):
        eta[mode] = [(r, min(1.0, 1 / (2 * seq / g - 1))) for r, g in sorted(got[mode].items())]
    # order mode, runs of 32 B: the run DRAM saw, read off the "both" curve
    both = sorted(got['both'].items())
    o32 = got['order'][32]
    for (r0, g0), (r1, g1) in zip(both, both[1:]):
        if g0 <= o32 <= g1:
            seen = r0 * (r1 / r0) ** ((o32 - g0) / (g1 - g0))
            return eta, max(1, round(seen / 32))
    return eta, 1


def fit_round_trip(t, c, sms, lat, a, bw, p):
    """The round trip and its growth per warp, refitted to the pages probe's
    one-row blocks when the table has them: a 2-D copy with the index
    arithmetic of a transpose, one word per thread at full occupancy, which
    is how the catalog's kernels meet the memory (the stream probe's bare
    copy keeps the DRAM ceiling and the overlap exponent)."""
    rows = [(int(r[2]), float(r[4])) for r in t.get('pages', []) if r[1] == '1']
    if len(rows) < 2:
        return lat, a

    def err(l, w):
        q = dict(c, mem_latency_ns=l, latency_per_warp=w, dram_gbs=bw, overlap_p=p)
        return statistics.fmean(abs(math.log(stream_model(4, 1, thr, 2048 // thr, q, sms) / ms))
                                for thr, ms in rows)

    _, lat, a = min((err(l, w / 1000), l, w / 1000) for l in range(300, 1001, 5)
                    for w in range(0, 41))
    return lat, a


def block_runs(t):
    """Per side, a block's pace by the bytes it moves per row over its pace
    in one row (the pages probe, same threads per block: sqrt of the time
    ratio, both sides alike), averaged over block sizes; 1 from 1 KB."""
    one = {int(r[2]): float(r[4]) for r in t.get('pages', []) if r[1] == '1'}
    by = {}
    for bx, byy, thr, _, ms, _ in t.get('pages', []):
        if byy != '1':
            by.setdefault(4 * int(bx), []).append(math.sqrt(one[int(thr)] / float(ms)))
    return [(r, min(1.0, statistics.fmean(v))) for r, v in sorted(by.items()) if r < 1024] + \
        ([(1024, 1.0)] if by else [])


def barrier(t):
    """A block's pace with a barrier between one load and one store per
    thread over its pace without (the barrier probe), by threads."""
    got = {}
    for bar, k, thr, _, _, ms, _ in t.get('barrier', []):
        if k == '1':
            got.setdefault(int(thr), {})[bar] = float(ms)
    return [(thr, min(1.0, v['0'] / v['1'])) for thr, v in sorted(got.items()) if len(v) == 2]


def walk(t):
    """A tile walk's pace by the registers a thread's rows hold (rows x
    4-byte words an element) over the best pace at 8 to 16 of the same
    element size, block width and pitch (the reps probe, mode 7, the
    compiler's own registers): the median over those, by alignment of the
    pitch, over its value at 8.  Rows with one block an SM are left out:
    that is occupancy, which the model prices itself."""
    got = {}
    for tb, reps, mode, r32, pitch, bx, by, bps, regs, ms, gbs in t.get('reps', []):
        if mode == '7' and r32 == '0' and int(bps) >= 2 and int(reps) >= 4:
            key = (int(tb), int(bx), int(pitch))
            got.setdefault(key, {})[int(reps) * max(1, int(tb) // 4)] = float(gbs)
    curves = {True: {}, False: {}}
    for (tb, bx, pitch), by_regs in got.items():
        ref = [g for r, g in by_regs.items() if 8 <= r <= 16]
        if not ref:
            continue
        for r, g in by_regs.items():
            if r >= 8:
                curves[pitch * tb % 128 == 0].setdefault(r, []).append(g / max(ref))
    out = {}
    for al, c in curves.items():  # over the point at 8, so shapes of 8 or fewer keep their pace
        med = {r: statistics.median(v) for r, v in sorted(c.items())}
        out[al] = [(r, min(1.0, m / med[min(med)])) for r, m in med.items()] if med else []
    return out


def pipe(t):
    rows = {(r[0], int(r[1])): float(r[3]) for r in t['pipe_rows']}
    clock = float(t['spin'][0][3])  # spin,clock_mhz,0,ms,MHz
    ld = rows[('l2_ld', 32)] / 32
    hit = (rows[('l1_ld', 32)] - rows[('l1_ld', 16)]) / 16
    st = rows[('l2_st', 32)] / 32
    sh_w = (rows[('sh_ld', 32)] - rows[('sh_ld', 1)]) / 31
    sh_i = rows[('sh_ld', 1)] - sh_w
    sect = {(r[0], int(r[1])): float(r[4]) for r in t['pipe_rows']}
    src = {'ld_hit_line_cycles': 'pipe', 'st_line_cycles': 'pipe'}
    walk = {}
    for n, _, mode, _, cyc in t.get('l1_str', []):  # n lines an instruction, any stride
        if mode == '0':
            walk.setdefault(int(n), []).append(float(cyc))
    if 16 in walk and 32 in walk:
        hit = (statistics.median(walk[32]) - statistics.median(walk[16])) / 16
        src['ld_hit_line_cycles'] = 'l1s'
    wide = [int(ln) * hit / float(cyc) for _, _, _, pk, ln, _, cyc in t.get('l1r', [])
            if 2 * int(pk) < int(ln)]
    lpc = statistics.median(wide) if wide else 0
    few = [(int(r[0]), float(r[3])) for r in t.get('few_st', []) if r[1] == '32']
    if few:
        st = min(few)[1] / 32  # the fewest SMs: the L2 idle
        src['st_line_cycles'] = 'l2few'
    return dict(src=src, clock_mhz=clock, ld_line_cycles=ld, ld_hit_line_cycles=hit,
                l1_lines_per_cycle=lpc, st_line_cycles=st,
                smem_wavefront_cycles=sh_w, smem_instr_cycles=sh_i,
                l2_read_sectors_ns=sect[('l2_ld', 1)], l2_write_sectors_ns=sect[('l2_st', 1)],
                partial_req=partial_req(sect))


def partial_req(sect):
    """l2_st at n = 1, 2, 4: whole sectors, 4, 2, 1 a request (ns each: 1 / rate);
    n = 32: one part-written sector a request, whole(1) + extra."""
    whole = {4 // n: 1 / sect[('l2_st', n)] for n in (1, 2, 4)}
    extra = 1 / sect[('l2_st', 32)] - whole[1]
    return [(k, (whole[k] + extra) / (whole[1] + extra)) for k in (1, 2, 4)]


def profile_values(path):
    out = {}
    for line in open(path):
        line = line.strip()
        if line and not line.startswith('#') and '=' in line:
            k, v = line.split('=', 1)
            out[k] = v
    return out


def derive(src, dst):
    s, d = profile_values(src), profile_values(dst)
    ratio = float(s['dram_gbs']) / float(s['peak_gbs'])
    scale = int(d['sms']) * float(d['clock_mhz']) / (int(s['sms']) * float(s['clock_mhz']))
    print(f"# Throughput constants derived from {s['name']}'s probes by the rules of")
    print("# bench/probes/calibrate.py --derive (not measured on this GPU):")
    print(f"clock_mhz={d['clock_mhz']}")
    print(f"dram_gbs={ratio * float(d['peak_gbs']):.0f}")
    print(f"l2_read_sectors_ns={float(s['l2_read_sectors_ns']) * scale:.0f}")
    print(f"l2_write_sectors_ns={float(s['l2_write_sectors_ns']) * scale:.0f}")
    if 'dram_join_write' in s:  # the same share of the L2
        print(f"dram_join_write={float(s['dram_join_write']) * int(d['l2_bytes']) / int(s['l2_bytes']):.0f}")
    for k in ('launch_ns_per_block', 'launch_ns_per_warp', 'mem_latency_ns', 'latency_per_warp',
              'overlap_p', 'dram_run_read', 'dram_run_write', 'dram_run_window', 'block_run_eff',
              'barrier_eff', 'walk_eff', 'walk_eff_aligned', 'walk_split_16', 'walk_split_8',
              'walk_split_4', 'walk_split_2', 'walk_split_col_16', 'walk_split_col_8',
              'walk_split_col_4', 'walk_split_col_2', 'ld_line_cycles', 'ld_hit_line_cycles',
              'l1_lines_per_cycle', 'st_line_cycles', 'smem_wavefront_cycles', 'smem_instr_cycles',
              'partial_write_cost', 'partial_fill_4', 'partial_fill_8', 'partial_req'):
        if k in s:
            print(f"{k}={s[k]}")
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == '--derive':
        return derive(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('probe', nargs='+')
    ap.add_argument('--sms', type=int, default=0, help='SMs (default: the probe header)')
    ap.add_argument('--tpx', help="tpx, for the model's own split ratio (walk_split_*)")
    ap.add_argument('--profile', default='h200', help='the profile --tpx predicts with')
    a = ap.parse_args()
    t = table(a.probe)
    sms = a.sms
    for line in open(a.probe[0]):
        if line.startswith('# device') and not sms:
            sms = int(line.split('sms ')[1].split(',')[0])
    t['pipe_rows'] = [r for k in ('l1_ld', 'sh_ld', 'sh_st', 'l2_ld', 'l2_st')
                      for r in ([[k] + x for x in t.get(k, [])])]
    c, ps = pipe(t), pstr(t)  # pstr's: comments beside the pipe's (calibrate_l2.print_l2)
    c['launch_ns_per_block'], c['launch_ns_per_warp'] = launch(t)
    err, lat, a_w, bw, p = fit_stream(t, c, sms)
    lat, a_w = fit_round_trip(t, c, sms, lat, a_w, bw, p)
    eta, window = runs(t)
    chase = {int(r[0]): float(r[2]) for r in t['chase']}
    print("# Throughput constants from bench/probes/calibrate.py over")
    for path in a.probe:
        print(f"#   {path}")
    print(f"# (the stream fit's mean |log error| {100 * err:.1f} % over its rows; the round")
    print("# trip and its growth per warp from the pages probe's one-row blocks)")
    print(f"clock_mhz={c['clock_mhz']:.0f}")
    print(f"launch_ns_per_block={c['launch_ns_per_block']:.4f}")
    print(f"launch_ns_per_warp={c['launch_ns_per_warp']:.4f}")
    print(f"mem_latency_ns={lat}")
    print(f"latency_per_warp={a_w:.3f}")
    print(f"dram_gbs={bw:.0f}")
    print(f"overlap_p={p}")
    for mode in ('read', 'write'):
        print(f"dram_run_{mode}=" + ",".join(f"{r}:{e:.3f}" for r, e in eta[mode]))
    print(f"dram_run_window={window}")
    j = join(t)
    if 'write' in j:
        print(f"# join: half the written 32-byte runs joined within this traffic (reads "
              f"{j.get('read', 0) / 1e6:.1f} MB,\n# not used: docs/prediction.md)")
        print(f"dram_join_write={j['write']:.0f}")
    w = walk(t)
    for key, curve in (('block_run_eff', block_runs(t)), ('barrier_eff', barrier(t)),
                       ('walk_eff', w[False]), ('walk_eff_aligned', w[True])):
        if curve:
            print(f"{key}=" + ",".join(f"{x}:{y:.3f}" for x, y in curve))
    sp = split(t, c['launch_ns_per_block'], bw, p, a.tpx, a.profile)
    if sp and not a.tpx:
        print("# walk_split_*: against the probe's own reference (no --tpx: not the model's)")
    for off, curve in sorted(sp.items(), reverse=True):
        print(f"walk_split_{off}=" + ",".join(f"{x}:{y:.3f}" for x, y in curve))
    for off, curve in sorted(split(t, c['launch_ns_per_block'], bw, p, a.tpx, a.profile,
                                   'splitcol').items(), reverse=True):
        print(f"walk_split_col_{off}=" + ",".join(f"{x}:{y:.3f}" for x, y in curve))
    print(f"# the L1-hit cost from probe {c['src']['ld_hit_line_cycles']}, the store cost from probe "
          f"{c['src']['st_line_cycles']},\n# the other pipe costs from probe pipe")
    for k in ('ld_line_cycles', 'ld_hit_line_cycles', 'st_line_cycles', 'smem_wavefront_cycles',
              'smem_instr_cycles'):
        print(f"{k}={c[k]:.2f}")
    if c['l1_lines_per_cycle']:
        print("# the lines an L1 pass serves where a load's sectors spread: probe l1r")
        print(f"l1_lines_per_cycle={c['l1_lines_per_cycle']:.2f}")
    print_l2(c, ps)
    fc = fill(t)
    if fc:
        print("# the L2's pace at part-written sectors by the block's share of the line: probe fill")
    for p, curve in sorted(fc.items()):
        print(f"partial_fill_{p}=" + ",".join(f"{x:g}:{y:.3f}" for x, y in curve))
    print_shared_lost(t, sms)
    print_lrc(t)
    big = max(chase)
    print(f"# chase: unloaded latency {chase[min(chase)]:.0f} ns (L2), {chase[big]:.0f} ns "
          f"(DRAM, {big >> 20} MiB)")
    return 0


if __name__ == '__main__':
    sys.exit(main())
