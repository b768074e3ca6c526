/*
 * tpx_tgat.h: the index arithmetic of tile_gather (issue 20), written once
 * for nvcc (kernels/tile_gather.cu) and the C compiler (the model, the views,
 * the tests).  Included by tpx_index.h after tpx_tsec.h, whose tile and
 * segments it shares.
 *
 * Why: tile_sec's phase 0 loads single elements, one per lane and A row;
 * for f16 a warp's load is 64 bytes at an odd offset, 3 sectors where 2
 * hold the data, and with the tile's R - TY extra rows the L2 reads 1.7
 * times the sectors of an aligned copy (Nsight Compute, H200, 8191x8193,
 * 2026-11-27: the L2 binds, tile_sec f16 57-75 % of memcpy).  tile_gather
 * reads A as the aligned 16-byte vectors that cover the tile's rows and
 * gathers B's units in shared memory (bench/odd_probe_vl.cuh's vg: 84-92 %
 * of memcpy on an H200 for f16 where tile_sec gave 57-75; this kernel, with
 * the block shapes tpx offers, 85-87 % there and 89-91 % on an H100 with
 * the f16 tile of 16 BY rows (tpx_ts_ty): docs/PERFORMANCE.md).
 *
 * The tile and its segments are tile_sec's (tpx_tsec.h): BX B rows (A
 * columns x0 .. x0 + BX - 1) by TY = 8 BY B columns (f16: 16 BY), each B
 * row cut on 32-byte sectors.  n = 16 bytes of elements, q = 2 n (a sector).
 *   Shared rows: RT = R + q - 1 of them.  Row j < R is A row y0 + j; row
 *   R + i is A row i (i < q - 1): the head of the next B row, which a row's
 *   last segment takes (only a tile that wraps where B's rows are off
 *   sectors, tpx_tg_heads, loads them).
 *   Each holds the V = ceil((BX + n) / n) aligned vectors of A from the one
 *   holding (y, x0): columns x0 .. x0 + BX whatever the row's offset.  The
 *   rows lie on one line: column x0 of row j at o + j S + G floor(j / n)
 *   (tpx_tg_lin; o = x0 mod n, S = V n + W mod n), each row's vectors from
 *   that element rounded down to a vector.  A row's offset in its first
 *   vector grows by W mod n a row, as S does, so every element of the tile is
 *   at o + j S + G floor(j / n) + c: the gather adds where rows laid V n
 *   apart made it compute each row's offset.  Measured on an H200
 *   (2026-11-27, f16 at 7 odd shapes, bench/gpu_ab.sh): with the rows on a
 *   line and the registers bounded to 32 (kernels/tile_gather.cu), 5 to 8
 *   points of memcpy above the rows V n apart at 40 registers; either change
 *   alone gained nothing.  (Nsight Compute, 8191x8193, 32x8: 65 M
 *   instructions either way; 92 % of the warps active against 69 %.)
 *   G = n where S is even, else 0: rows n apart, which
 *   one gather instruction reads, then lie an odd number of 16-byte units
 *   apart, on other banks.  The head rows follow the same rule from
 *   tpx_tg_head.
 *   Phase 0 (16-byte vectors, both sides): slot t + i BX BY is row slot / V,
 *   vector slot mod V; A vector (y W + x0) / n + v to shared vector
 *   start_j / n + v.
 *   Phase 1 (a gather): tile_sec's units (tpx_ts_slot), each taken as n
 *   moves: move e of unit u (rep u n + e) loads element e of the unit, B
 *   element f = s + k n + e of row x, from shared memory (row f - x H - y0 of
 *   column x, or past the row's end head row f - (x + 1) H of column x + 1);
 *   the unit's last move stores the n elements as B's vector (s + k n) / n
 *   (tpx_gather_group).  Past W H (the array's last unit) a move loads the
 *   unit's first element again: its store ends in the slack the runner
 *   allocates.
 * B rows shorter than a sector (H < q) wrap over more than one row: the
 * kernel refuses them (tile_sec moves every shape).
 */
#ifndef TPX_TGAT_H
#define TPX_TGAT_H

#include "tpx_tsec.h"

/* The block shapes kernels/tile_gather.cu compiles in, whose interior tiles
 * take its lean path: 32x8, 64x4, 32x4, 16x16 and 64x8 (1 to 5), else 0. */
TPX_HD int tpx_tg_compiled(int bx, int by)
{
    return bx == 32 && by == 8 ? 1 : bx == 64 && by == 4 ? 2 : bx == 32 && by == 4 ? 3
         : bx == 16 && by == 16 ? 4 : bx == 64 && by == 8 ? 5 : 0;
}

/* The shared rows' step S and gap G (tpx_tg_v, tpx_tg_rows, tpx_tg_head:
 * tpx_traits.h). */
TPX_HD int tpx_tg_step(const tpx_geom *g)
{
    int n = tpx_vec(g);
    return tpx_tg_v(g->bx, n) * n + (int)(g->w % n);
}
TPX_HD int tpx_tg_gap(const tpx_geom *g) { return tpx_tg_step(g) & 1 ? 0 : tpx_vec(g); }

/* Where column x0 of shared row j of tile column tbx lies: o + i S +
 * G floor(i / n), o = x0 mod n, i = j for the tile's rows and j - R past
 * tpx_tg_head for the head rows. */
TPX_HD long long tpx_tg_lin(const tpx_geom *g, int tbx, int j)
{
    int n = tpx_vec(g), r = tpx_ts_rows(g->by, n), i = j < r ? j : j - r;
    long long s = tpx_tg_step(g), gap = tpx_tg_gap(g);
    long long base = j < r ? 0 : tpx_tg_head(g->bx, g->by, n, s, gap);
    return base + (long long)tbx * g->bx % n + i * s + gap * (i / n);
}

/* Shared row j's first element: tpx_tg_lin less the row's offset in its
 * first vector, which is tpx_tg_lin mod n (16-byte aligned). */
TPX_HD long long tpx_tg_row_at(const tpx_geom *g, int tbx, int j)
{
    long long l = tpx_tg_lin(g, tbx, j);
    return l - l % tpx_vec(g);
}

/* A row of shared row j of tile row tby: y0 + j, or a head row. */
TPX_HD long long tpx_tg_arow(const tpx_geom *g, int tby, int j)
{
    int r = tpx_ts_rows(g->by, tpx_vec(g));
    return j < r ? (long long)tby * tpx_ts_ty(g->by, tpx_vec(g)) + j : j - r;
}

/* Shared element holding A (y, x) in shared row j of tile column tbx. */
TPX_HD long long tpx_tg_at(const tpx_geom *g, int tbx, int j, long long y, long long x)
{
    long long n = tpx_vec(g), x0 = (long long)tbx * g->bx;
    return tpx_tg_row_at(g, tbx, j) + y * g->w + x - (y * g->w + x0) / n * n;
}

/* Whether tile row tby's last segments take the next B row's head: the
 * tile wraps and B's rows do not start on sectors (where they do, H mod Q
 * = 0, every segment ends at or before its row's end, and a tile past H
 * needs no head rows: tpx_ts_segment). */
TPX_HD int tpx_tg_heads(const tpx_geom *g, int tby)
{
    return tpx_ts_wraps(g, tby) && g->h % tpx_ts_q(g) != 0;
}

/* The tiles kernels/tile_gather.cu's lean path takes: whole columns and no
 * head rows, so every segment starts lead rows into the tile and ends at TY
 * or its row's end.  Inside the matrix (tpx_ts_interior), and where B's rows
 * start on sectors every tile row (the last ones clamped: rows past H are not
 * loaded, a segment's units end at H, each at lead 0). */
TPX_HD int tpx_tg_lean(const tpx_geom *g, int tbx, int tby)
{
    return tpx_ts_interior(g, tbx, tby) ||
           (((long long)tbx + 1) * g->bx <= g->w && g->h % tpx_ts_q(g) == 0);
}

/* Vector k of shared row j: A's vector *src to shared vector *dst, when the
 * row is in the matrix (head rows only where the tile's segments take them,
 * tpx_tg_heads) and the vector starts before its end. */
TPX_HD int tpx_tg_vec(const tpx_geom *g, int tbx, int tby, int j, int k, long long *src, long long *dst)
{
    int n = tpx_vec(g);
    long long y = tpx_tg_arow(g, tby, j), x0 = (long long)tbx * g->bx;
    *src = (y * g->w + x0) / n + k;
    *dst = tpx_tg_row_at(g, tbx, j) / n + k;
    return j < tpx_tg_rows(g->by, n) && y < g->h && *src < tpx_cdiv(g->w * g->h, n) &&
           (j < tpx_ts_rows(g->by, n) || tpx_tg_heads(g, tby));
}

TPX_HD tpx_move tpx_tg_move0(const tpx_geom *g, int rep, int tbx, int tby, int tx, int ty)
{
    int v = tpx_tg_v(g->bx, tpx_vec(g)), sl = tx + ty * g->bx + rep * g->bx * g->by;
    long long src, dst;
    int ok = tpx_tg_vec(g, tbx, tby, sl / v, sl % v, &src, &dst);
    return tpx_mv(ok ? src : 0, ok ? dst : 0, ok);
}

/* The shared element holding B element f of row x (f inside the row's
 * segment in tile row tby): A row f - x H - y0 of column x, or past the
 * row's end head row f - (x + 1) H of column x + 1. */
TPX_HD long long tpx_tg_src(const tpx_geom *g, int tbx, int tby, long long x, long long f)
{
    long long y = f - x * g->h, col = x, j = y - (long long)tby * tpx_ts_ty(g->by, tpx_vec(g));
    if (y >= g->h) {
        y -= g->h;
        col = x + 1;
        j = tpx_ts_rows(g->by, tpx_vec(g)) + y;
    }
    return tpx_tg_at(g, tbx, (int)j, y, col);
}

/* What move e of a unit of row x whose B elements start at f0 loads:
 * element f0 + e, or past the array (its last unit) f0 again, whose store
 * ends in the slack the runner allocates. */
TPX_HD long long tpx_tg_unit_src(const tpx_geom *g, int tbx, int tby, long long x, long long f0, int e)
{
    return tpx_tg_src(g, tbx, tby, x, f0 + e < g->w * g->h ? f0 + e : f0);
}

/* Move e of unit (c, k): B element f = s + k n + e of row x = x0 + c. */
TPX_HD tpx_move tpx_tg_elem(const tpx_geom *g, int tbx, int tby, int c, int k, int e)
{
    long long x = (long long)tbx * g->bx + c, s, en, n = tpx_vec(g);
    if (x >= g->w)
        return tpx_mv(0, 0, 0);
    tpx_ts_segment(g, x, tby, &s, &en);
    if ((long long)k * n >= en - s)
        return tpx_mv(0, 0, 0);
    return tpx_mv(tpx_tg_unit_src(g, tbx, tby, x, s + k * n, e), (s + k * n) / n, 1);
}

TPX_HD tpx_move tpx_tg_move1(const tpx_geom *g, int rep, int tbx, int tby, int tx, int ty)
{
    int n = tpx_vec(g), c, k;
    if (!tpx_ts_slot(g, rep / n, tx + ty * g->bx, &c, &k))
        return tpx_mv(0, 0, 0);
    return tpx_tg_elem(g, tbx, tby, c, k, rep % n);
}

#endif /* TPX_TGAT_H */
