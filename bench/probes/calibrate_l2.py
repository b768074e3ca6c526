"""The L2's probes for bench/probes/calibrate.py: the traffic within which it
joins written runs (join: dram_join_write) and its pace at part-written
sectors by the share of the line one block writes (fill: partial_fill_4,
partial_fill_8), the sectors written by several blocks that it loses while
they run (colw: partial_shared_lost); and pstr's rates by the sectors a request
carries and how its reads and writes overlap, printed as comments: measured,
tried as the profile's values and not kept (docs/prediction.md, "The L2 by the
shape of its requests").  Imported by calibrate.py."""
import statistics


def join(t):
    """Per side, the traffic (bytes) within which the L2 joins a short run with
    its neighbour: the join probe's 32-byte runs, whose neighbour comes D
    launches later (each block moves 2 x 8 KB), timed from D = 1 (joined) to
    the two largest D (apart).  The share joined at D is (t_apart - t(D)) /
    (t_apart - t(1)); the distance where it is one half, log-interpolated."""
    out = {}
    for mode in ('read', 'write'):
        ts = sorted((int(d), float(ms)) for m, r, d, ms, _ in t.get('join', []) if m == mode and r == '32')
        if len(ts) < 4:
            continue
        joined, apart = ts[0][1], statistics.fmean(ms for _, ms in ts[-2:])
        share = [(d, (apart - ms) / (apart - joined)) for d, ms in ts]
        for (d0, p0), (d1, p1) in zip(share, share[1:]):
            if p0 >= 0.5 > p1:
                out[mode] = d0 * (d1 / d0) ** ((p0 - 0.5) / (p0 - p1)) * 2 * 8192
                break
    return out


def fill(t):
    """Per piece size (4 and 8 bytes), the fill probe's pace by the block's
    share of a line: the median pieces per ns over both pitches, both runs
    and the distances up to 32 launches (past those the L2 starts to lose
    the lines: not this curve's), over the best share.  Shares 1/4 to 1: at
    1/8 a block writes half a sector, which the split rule prices.  16-byte
    pieces are left out: at shares of 1/2 and 1 they run at the probe's
    whole-sector time (its floor), so they say nothing of the L2."""
    out = {}
    rows = [r for r in t.get('fill', []) if r[0] == '1024' and int(r[4]) <= 32]
    for p in (4, 8):
        ppn = {}
        for f in ('0.2500', '0.5000', '1.0000'):
            v = [float(r[6]) for r in rows if r[2] == str(p) and r[3] == f]
            if v:
                ppn[float(f)] = statistics.median(v)
        if len(ppn) == 3:
            top = max(ppn.values())
            out[p] = [(f, ppn[f] / top) for f in sorted(ppn)]
    return out


def shared_lost(t, sms):
    """The colw probe's part-written sectors lost before their last piece, by
    the data the resident blocks move: a row's x = SMs x resident blocks x 2 x
    S x E bytes (MB), its share lost = DRAM's reads past A's bytes at 64 bytes
    a lost sector (an atom, as traffic.c prices one) over B's sectors; the
    median of the rows within a factor of sqrt 2 of 0.5, 1, 2, ... 32 MB."""
    rows = []
    for r in t.get('colw', []):
        if len(r) < 10:
            continue
        _, e, s, _, l, _, _, res, rd, _ = r[:10]
        b = int(s) * int(l) * int(e) / 1e6
        rows.append((sms * int(res) * 2 * int(s) * int(e) / 1e6, max(0.0, (float(rd) - b) / b / 2)))
    out = []
    for x0 in (0.5, 1, 2, 4, 8, 16, 32):
        v = [y for x, y in rows if x0 / 2 ** 0.5 <= x < x0 * 2 ** 0.5]
        if v:
            out.append((x0, statistics.median(v)))
    return out


def print_shared_lost(t, sms):
    """calibrate.py's lines for partial_shared_lost, where colw rows exist."""
    sl = shared_lost(t, sms)
    if sl:
        print("# sectors several blocks write in part, lost while they run, by MB the resident")
        print("# blocks move: probe colw")
        print("partial_shared_lost=" + ",".join(f"{x:g}:{y:.3f}" for x, y in sl))


def pstr(t):
    """probe pstr's rows (op, P, s, sectors, lines, most bytes, ms, sectors/ns):
    the L2's read rate, partial_req and the overlap's p by the sectors a
    request carries ('rw_p', printed as a comment), or {} without the table."""
    rows = t.get('pstr', [])
    if not rows:
        return {}
    by = {}
    for op, p, s, sect, lines, most, ms, per_ns, _ in rows:
        by.setdefault((op, int(p), int(s)), []).append((float(ms), float(per_ns), int(sect), int(lines),
                                                          int(most)))
    med = {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v)) + v[0][2:]
           for k, v in by.items()}
    reads = [r for (op, _, _), (_, r, sect, lines, _) in med.items()
             if op == 'ld' and lines >= 2 and sect >= 2 * lines]
    part = {}  # part-written sectors k to a request (sectors a multiple of the lines)
    for (op, _, _), (_, r, sect, lines, most) in med.items():
        if op == 'st' and most < 32 and sect % lines == 0 and sect // lines in (1, 2, 4):
            part.setdefault(sect // lines, []).append(r)
    rate = {k: statistics.median(v) for k, v in part.items()}
    ps = {}  # p by the sectors a request carries, where every request carries as many
    for (op, p, s), (cp, _, sect, lines, _) in med.items():
        if op != 'copy' or sect % lines or sect // lines not in (1, 2, 4):
            continue
        ld, st = med[('ld', p, s)][0], med[('st', p, s)][0]
        lo, hi = 1.0, 20.0  # (ld^q + st^q)^(1/q) falls with q: bisect for cp
        if (ld + st) < cp or max(ld, st) > cp:
            continue
        for _ in range(60):
            q = (lo + hi) / 2
            lo, hi = (q, hi) if (ld ** q + st ** q) ** (1 / q) > cp else (lo, q)
        ps.setdefault(sect // lines, []).append((lo + hi) / 2)
    out = {}
    if reads:
        out['l2_read_sectors_ns'] = statistics.median(reads)
    if len(rate) == 3:
        out['partial_req'] = [(k, rate[1] / rate[k]) for k in (1, 2, 4)]
    if len(ps) == 3:
        out['rw_p'] = [(k, statistics.median(ps[k])) for k in (1, 2, 4)]
    return out


def print_l2(c, ps):
    """The L2's rates and partial_req from the pipe probe (c), with pstr's
    (ps) as comments where its table was given."""
    if 'l2_read_sectors_ns' in ps:
        print(f"# pstr: reads at {ps['l2_read_sectors_ns']:.0f} sectors/ns at 2 or more sectors a request "
              "(not in the model)")
    print(f"l2_read_sectors_ns={c['l2_read_sectors_ns']:.0f}")
    print(f"l2_write_sectors_ns={c['l2_write_sectors_ns']:.0f}")
    if 'rw_p' in ps:
        print("# pstr's copy: reads and writes overlap, (r^p + w^p)^(1/p), p by the sectors a request")
        print("# carries " + ", ".join(f"{k}: {v:.2f}" for k, v in ps['rw_p']) + " (not in the model)")
    if 'partial_req' in ps:
        print("# pstr: part-written sectors 1, 2, 4 to a request " +
              ",".join(f"{k}:{v:.3f}" for k, v in ps["partial_req"]) + " (not in the model)")
    print("# a part-written sector's L2 cost by the sectors of its line in one request: probe pipe")
    print("partial_req=" + ",".join(f"{k}:{v:.3f}" for k, v in c['partial_req']))


def lrc(t):
    """The lrc probe's pairs (K = 2 blocks read the same addresses, D launches
    apart) over the many-wave grid (lines 1 apart, 512 MB): the share of the
    possible merges the L2 request coalescer made, by D, per lines a warp
    instruction spans (1, 2, 4, 8): {lines: [(D, share)]}."""
    out = {}
    for r in t.get('lrc', []):
        k, d, n, gap, share = r[0], int(r[1]), int(r[2]), r[3], r[11]
        if k == '2' and gap == '1' and share != 'nan':
            out.setdefault(n, []).append((d, max(0.0, float(share))))
    return {n: sorted(v) for n, v in out.items()}


def print_lrc(t):
    """calibrate.py's lines for lrc_merge_*, where the lrc probe's table was given."""
    curves = lrc(t)
    if curves:
        print("# the share of the possible merges of one read request from two blocks D launches")
        print("# apart that the L2 request coalescer makes, by D, per lines a warp instruction")
        print("# spans: probe lrc under Nsight Compute (its pairs over 512 MB)")
    for n, curve in sorted(curves.items()):
        print(f"lrc_merge_{n}=" + ",".join(f"{d}:{s:.3f}" for d, s in curve))
