/*
 * tpx_tvu.h: the index arithmetic of tile_vec's path for rows that do not
 * start on 16 bytes, written once: read by nvcc (bench/tvu_bench.cu) and by
 * the C compiler (tests/test_tvu.c), as tpx_index.h is.
 */
#ifndef TPX_TVU_H
#define TPX_TVU_H

#include "tpx_index.h"

/* ---- tile_vec on rows that do not start on 16 bytes (issue 20) ------------
 * Where W or H is not a multiple of N = 16 / esize, the rows of A or of B do
 * not start on 16 bytes and tile_vec's N x N sub-blocks have no aligned
 * vectors to load.  This path lays the tiles on aligned addresses instead:
 * every global access is one whole 16-byte vector of the flat array (A's in
 * phase 0, B's in phase 1), so no block writes part of a sector another block
 * writes (but at tile edges, where the two are consecutive blocks of the
 * column order), and nothing is written in pieces.  The tile is T x T
 * elements, T = BX * N: tile (tbx, tby) holds A's columns [tbx T, tbx T + T)
 * (B's rows) and rows [tby T, tby T + T) (B's columns).
 *   Phase 0: shared row r holds the aligned vectors of A's row y = tby T + r
 *   that cover the tile's columns (BX + 1 of them: the run starts anywhere
 *   in its first vector), each copied whole with a 16-byte load and store.
 *   Phase 1: the block owns the aligned vectors of B whose first element
 *   lies in one of its B rows at one of its B columns; each thread gathers a
 *   vector's N elements from the shared rows (N element loads) and stores
 *   it whole.  The few elements a vector holds beyond the tile (its last
 *   N - 1 columns, the head of the next B row, A's last partial vector) are
 *   read from A directly.
 * Phase 0 and phase 1 are items numbered tid + rep * threads. */

/* The tile's side in elements, and the 16-byte slots of a shared row. */
TPX_HD int tpx_tvu_side(const tpx_geom *g) { return g->bx * tpx_vec(g); }
TPX_HD int tpx_tvu_slots(const tpx_geom *g) { return g->bx + 1; }
/* The shared tile in 16-byte units. */
TPX_HD long long tpx_tvu_smem_units(const tpx_geom *g)
{
    return (long long)tpx_tvu_side(g) * tpx_tvu_slots(g);
}
/* Items of each phase (tpx_tvu_load, tpx_tvu_store). */
TPX_HD long long tpx_tvu_items(const tpx_geom *g, int phase)
{
    return phase == 0 ? tpx_tvu_smem_units(g) : (long long)tpx_tvu_side(g) * g->bx;
}
/* The grid: tiles along W (x) and along H (y). */
TPX_HD void tpx_tvu_grid(const tpx_geom *g, long long *gx, long long *gy)
{
    *gx = tpx_cdiv(g->w, tpx_tvu_side(g));
    *gy = tpx_cdiv(g->h, tpx_tvu_side(g));
}

/* Shared slot k of row r: rotated by (r / N) mod 8, so that the rows N apart
 * that a phase-1 warp reads fall on different 16-byte bank groups. */
TPX_HD long long tpx_tvu_slot(const tpx_geom *g, int r, int k)
{
    int s = tpx_tvu_slots(g), q = k + (r / tpx_vec(g)) % 8;
    return (long long)r * s + (q >= s ? q - s : q);
}

/* Phase 0, item i: src is A's 16-byte vector (flat index in vectors), dst
 * the shared slot.  ok: the row is in the tile and in A, the vector starts
 * before the tile's run of the row ends, and it lies whole in the array. */
TPX_HD tpx_move tpx_tvu_load(const tpx_geom *g, int tbx, int tby, long long i)
{
    int n = tpx_vec(g), t = tpx_tvu_side(g), s = tpx_tvu_slots(g);
    int r = (int)(i / s), k = (int)(i % s);
    long long y = (long long)tby * t + r, x0 = (long long)tbx * t;
    long long xe = x0 + t < g->w ? x0 + t : g->w;
    long long v = (y * g->w + x0) / n + k;
    int ok = r < t && y < g->h && v * n < y * g->w + xe && (v + 1) * n <= g->w * g->h;
    return tpx_mv(v, tpx_tvu_slot(g, r, k), ok);
}

/* Where A's element (y, x) sits in the shared tile (an element index), x in
 * the tile's columns; -1 where phase 0 did not load it (the row is outside
 * the tile, or the element is in A's last, partial vector). */
TPX_HD long long tpx_tvu_at(const tpx_geom *g, int tbx, int tby, long long y, long long x)
{
    int n = tpx_vec(g), t = tpx_tvu_side(g);
    long long r = y - (long long)tby * t, f = y * g->w + x;
    if (r < 0 || r >= t || f >= g->w * g->h / n * n)
        return -1;
    long long p = f - (y * g->w + (long long)tbx * t) / n * n; /* in the row's loaded run */
    return tpx_tvu_slot(g, (int)r, (int)(p / n)) * n + p % n;
}

/* Phase 1, item j: the block's B row x = tbx T + j / BX and its vector
 * j mod BX: dst is the vector (flat index in vectors, its first element
 * within the tile's columns of row x), src is x.  Element e of the vector is
 * B's element dst * N + e: A's (f mod H, f / H), where it exists (< W H). */
TPX_HD tpx_move tpx_tvu_store(const tpx_geom *g, int tbx, int tby, long long j)
{
    int n = tpx_vec(g), t = tpx_tvu_side(g);
    long long x = (long long)tbx * t + j / g->bx, y0 = (long long)tby * t;
    long long ye = y0 + t < g->h ? y0 + t : g->h;
    long long f = (x * g->h + y0 + n - 1) / n * n + (j % g->bx) * n;
    return tpx_mv(x, f / n, j < tpx_tvu_items(g, 1) && x < g->w && f < x * g->h + ye);
}

#endif /* TPX_TVU_H */
