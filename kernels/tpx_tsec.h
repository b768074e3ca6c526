/*
 * tpx_tsec.h: the index arithmetic of tile_sec (issue 20), written once for
 * nvcc (kernels/tile_sec.cu) and the C compiler (the model, the views,
 * tests/test_tsec.c).  Included by tpx_index.h.
 *
 * Why: a tile laid on A's columns writes each B row from one tile boundary to
 * the next, and where rows do not start on 32 bytes every such boundary cuts a
 * sector in two, written by two blocks at different times.  Measured on an
 * H200 (bench/odd_probe.cu, 2026-11-27): tile_rows' L2 write requests double
 * at 8191x8193 and it falls from 85-90 % of memcpy to 62-72 %.  tile_sec cuts
 * the B rows on sectors instead.
 *
 * The tile: BX B rows (A columns x0 .. x0 + BX - 1, one per lane) by TY = 8 BY
 * B columns (16 BY for f16: tpx_ts_ty).  Segment tby of B row x is the run
 * of B's flat array from
 * start = x H + tby TY rounded up to a sector (Q = 32 bytes of elements) to
 * the next segment's start; the last segment of a row runs to (x + 1) H
 * rounded up, taking the head of the next row, which the previous rounding
 * left out.  Every segment but the array's last starts and ends on a sector,
 * so every sector of B is written whole by one block.
 *   Phase 0 (elements): rep i of thread (tx, ty) is B element f = x H + y0 + r,
 *   r = ty + i BY < R = TY + Q - 1 (x = x0 + tx, y0 = tby TY), loaded from A
 *   (row f mod H, column f / H: past the row's end it is the next column's
 *   head) into shared row tx at f - start, when f lies in the segment.
 *   Phase 1 (16-byte units): the segment's vectors, unit k of shared row c to
 *   B vector start / N + k (N = 16 bytes of elements), the tile's units in
 *   row order over the threads.  TY / (N BY) reps cover the TY / N vectors of
 *   every row; ceil(2 / BY) more cover the up to 2 further vectors a last
 *   segment has.
 * The array's last segment may end inside a vector: that store writes up to
 * 14 bytes past the matrix, which the runner allocates (B is a whole number
 * of 16-byte vectors); nothing past W H is part of the result.
 */
#ifndef TPX_TSEC_H
#define TPX_TSEC_H

#include "tpx_traits.h"

/* Elements per sector (Q; N = tpx_vec per 16-byte vector).  The sizes TY,
 * R, the shared pitch and the reps are tpx_traits.h's tpx_ts_*. */
TPX_HD int tpx_ts_q(const tpx_geom *g) { return 2 * tpx_vec(g); }

/* Flat element f rounded up to a sector (q elements; f >= 0). */
TPX_HD long long tpx_ts_up(long long f, long long q)
{
    unsigned long long u = (unsigned long long)q;
    return (long long)((unsigned long long)(f + q - 1) / u * u);
}

/* Segment tby of B row x: [*s, *e) in B's flat elements (empty past the
 * array's end). */
TPX_HD void tpx_ts_segment(const tpx_geom *g, long long x, int tby, long long *s, long long *e)
{
    long long q = tpx_ts_q(g), n = g->w * g->h, ty = tpx_ts_ty(g->by, tpx_vec(g));
    long long st = tpx_ts_up(x * g->h + tby * ty, q);
    long long en = tby < g->gy - 1 ? st + ty : tpx_ts_up((x + 1) * g->h, q);
    *s = st < n ? st : n;
    *e = en < n ? en : n;
}

/* B element f = x H + y (y may pass H) comes from A row f mod H of column
 * f / H: inside the row that is (y, x); past its end the division finds the
 * next column's head (a tile in the middle of a row never divides). */
TPX_HD long long tpx_ts_src(const tpx_geom *g, long long f, long long x, long long y)
{
    if (y < g->h)
        return y * g->w + x;
    return (f % g->h) * g->w + f / g->h;
}

/* Whether tile row tby's rows can reach past H (a segment that runs into
 * the next B row): only there does a source need tpx_ts_src's division, and
 * the kernel compiles the other tiles without it. */
TPX_HD int tpx_ts_wraps(const tpx_geom *g, int tby)
{
    return (long long)tby * tpx_ts_ty(g->by, tpx_vec(g)) + tpx_ts_rows(g->by, tpx_vec(g)) > g->h;
}

/* Where a segment starting at B element x H + y0 (not past the row's end)
 * begins inside its sector: (-(x H + y0)) mod Q, the rows of the tile it
 * skips. */
TPX_HD int tpx_ts_lead(const tpx_geom *g, long long x, long long y0)
{
    unsigned long long q = (unsigned long long)tpx_ts_q(g), f = (unsigned long long)(x * g->h + y0);
    return (int)((q - f % q) % q);
}

/* A tile whose every lane has a whole segment of TY elements inside its own
 * B row: its columns inside W, not a row's last segment, no row past H. */
TPX_HD int tpx_ts_interior(const tpx_geom *g, int tbx, int tby)
{
    return ((long long)tbx + 1) * g->bx <= g->w && tby < g->gy - 1 && !tpx_ts_wraps(g, tby);
}

/* Phase 0's lane tx: B row x = x0 + tx, its first element f0 = x H + y0 in
 * the tile's rows, and its segment as the window [lo, hi) of r (f = f0 + r):
 * empty past W.  Computed once per thread; each rep then tests one r. */
typedef struct tpx_ts_lane {
    long long x, y0, f0;
    int lo, hi;
} tpx_ts_lane;

TPX_HD tpx_ts_lane tpx_ts_lane_of(const tpx_geom *g, int tbx, int tby, int tx)
{
    tpx_ts_lane l;
    long long s, e;
    l.x = (long long)tbx * g->bx + tx;
    l.y0 = (long long)tby * tpx_ts_ty(g->by, tpx_vec(g));
    l.f0 = l.x * g->h + l.y0;
    l.lo = l.hi = 0;
    if (l.x < g->w) {
        tpx_ts_segment(g, l.x, tby, &s, &e);
        l.lo = (int)(s - l.f0); /* in [0, Q) */
        l.hi = (int)(e - l.f0); /* at most R */
    }
    return l;
}


/* Row r of lane l: A's element into shared row tx at r - lo.  wraps:
 * tpx_ts_wraps of the lane's tile; without it the source is row y0 + r < H
 * of column x, with it tpx_ts_src's division finds it. */
TPX_HD tpx_move tpx_ts_lane_move(const tpx_geom *g, const tpx_ts_lane *l, int wraps, int tx, int r)
{
    int ok = r >= l->lo && r < l->hi;
    long long y = l->y0 + r, src = y * g->w + l->x;
    if (wraps)
        src = ok ? tpx_ts_src(g, l->f0 + r, l->x, y) : 0;
    return tpx_mv(src, (long long)tx * tpx_ts_pitch(g->by, tpx_vec(g)) + r - l->lo, ok);
}

TPX_HD tpx_move tpx_ts_move0(const tpx_geom *g, int rep, int tbx, int tby, int tx, int ty)
{
    tpx_ts_lane l = tpx_ts_lane_of(g, tbx, tby, tx);
    return tpx_ts_lane_move(g, &l, tpx_ts_wraps(g, tby), tx, ty + rep * g->by);
}

/* Phase 1: rep i of thread t = tx + ty BX takes slot t + i BX BY of the
 * tile's rows of TY / n units: row c = slot / (TY / n), unit k = slot mod
 * (TY / n), so a warp stores long runs of B (two rows of 256 bytes for f32
 * at BY = 8).  The 8 / n reps cover every row's TY / n units; then
 * ceil(2 / BY) reps take slot t + (i - 8 / n) BX BY as row slot / 2, unit
 * TY / n + slot mod 2: the up to 2 units a row's last segment has past TY. */
TPX_HD int tpx_ts_slot(const tpx_geom *g, int rep, int t, int *c, int *k)
{
    int n = tpx_vec(g), threads = g->bx * g->by, kv = tpx_ts_ty(g->by, n) / n, main1 = tpx_ts_main1(n);
    int slot = t + threads * (rep < main1 ? rep : rep - main1);
    *c = rep < main1 ? slot / kv : slot / 2;
    *k = rep < main1 ? slot % kv : kv + slot % 2;
    return rep < tpx_ts_reps1(g->by, n) && *c < g->bx;
}

/* Unit k of the tile's row c: shared unit c P / n + k to B's vector s / n + k,
 * when the segment has it. */
TPX_HD tpx_move tpx_ts_unit(const tpx_geom *g, int tbx, int tby, int c, int k)
{
    long long x = (long long)tbx * g->bx + c, s, e, n = tpx_vec(g);
    if (x >= g->w)
        return tpx_mv(0, 0, 0);
    tpx_ts_segment(g, x, tby, &s, &e);
    return tpx_mv((long long)c * (tpx_ts_pitch(g->by, (int)n) / n) + k, s / n + k, k * n < e - s);
}

TPX_HD tpx_move tpx_ts_move1(const tpx_geom *g, int rep, int tbx, int tby, int tx, int ty)
{
    int c, k;
    if (!tpx_ts_slot(g, rep, tx + ty * g->bx, &c, &k))
        return tpx_mv(0, 0, 0);
    return tpx_ts_unit(g, tbx, tby, c, k);
}

#endif /* TPX_TSEC_H */
