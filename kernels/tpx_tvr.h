/*
 * tpx_tvr.h: the index arithmetic of issue 20's second path for rows that do
 * not start on 16 bytes ("tvr": tile_vec with register realignment), written
 * once: read by nvcc (bench/tvr_kernel.cuh) and by the C compiler
 * (tests/test_tvr.c).
 *
 * Why a second path: tpx_tvu.h gathers every 16-byte B vector from shared
 * memory element by element (N loads and ~30 64-bit index instructions per
 * element), and measured 39-47 % of memcpy (f32) on an H200 even at aligned
 * sizes, where tile_vec reaches 97 %.  This path keeps tile_vec's structure
 * (16-byte loads, N x N register transposes, 16-byte shared and global
 * stores, whole loads in flight before their first use) and only changes how
 * a tile is laid on A and B:
 *   Phase 0: thread (tx, ty) owns N x N sub-blocks (sc = tx, sr = ty + i BY).
 *   Row k of a sub-block is A's elements (y, xs .. xs + N - 1),
 *   y = y0 + sr N + k, xs = x0 + sc N: the two aligned 16-byte vectors of the
 *   flat array that hold it are loaded and shifted in registers by
 *   (y W + xs) mod N elements (tpx_tvr_realign).  The N rows are transposed
 *   in registers (tile_vec's tv_transpose) and stored as 16-byte units of the
 *   shared tile: B's local row sc N + j, unit sr.  A tile holds A rows
 *   [y0, y0 + T + N): one sub-block row past the tile (the halo, sr = BX),
 *   so that each B row's owned vectors lie whole in shared memory.  The
 *   halo's N rows of BX sub-blocks are spread over the block (row k of
 *   sub-block column tx by the threads ty = k mod BY), loaded with the
 *   tile's own loads and scattered element by element into shared memory
 *   (one sub-block row more in registers spilled f16 at 172 registers).
 *   Phase 1: B row x = x0 + xl of the tile starts its segment at flat
 *   g0 = x H + y0; the block owns the BX aligned 16-byte vectors of B whose
 *   first element lies in [g0, g0 + T): vector k is units k and k + 1 of
 *   shared row xl shifted by c0 = (-g0) mod N elements, stored whole.
 * A tile whose halo, columns or vector loads leave the matrix runs the edge
 * path instead: element-wise loads into the same shared layout, each owned
 * vector gathered element by element (from A where the tile lacks it). */
#ifndef TPX_TVR_H
#define TPX_TVR_H

#include "tpx_tvu.h"

/* The tile (T = BX N elements a side), its BX + 1 16-byte units per shared
 * row and the grid are step 1's (tpx_tvu.h): tpx_tvu_side, tpx_tvu_slots,
 * tpx_tvu_smem_units, tpx_tvu_grid. */

/* Shared unit u of B's local row r: rotated by r / N (the sub-block column
 * that stores it) so that the 8 lanes of a phase-0 quarter-warp, which store
 * the same unit of rows N apart, hit 8 different 16-byte bank groups
 * (N (BX + 1) + 1 is odd for every N and BX). */
TPX_HD int tpx_tvr_spos(const tpx_geom *g, int r, int u)
{
    int s = tpx_tvu_slots(g), q = u + (r / tpx_vec(g)) % s;
    return r * s + (q >= s ? q - s : q);
}
/* Where A's element (y0 + r, x0 + c) sits in the shared tile, in elements. */
TPX_HD long long tpx_tvr_sat(const tpx_geom *g, int r, int c)
{
    int n = tpx_vec(g);
    return (long long)tpx_tvr_spos(g, c, r / n) * n + r % n;
}

/* Whether tile (tbx, tby) runs the fast path: its columns and its rows with
 * the halo inside the matrix, and the last vector pair it loads (the halo's
 * last row, last sub-block) inside the array. */
TPX_HD int tpx_tvr_full(const tpx_geom *g, int tbx, int tby)
{
    int n = tpx_vec(g), t = tpx_tvu_side(g);
    long long x0 = (long long)tbx * t, y0 = (long long)tby * t, ylast = y0 + t + n - 1;
    return x0 + t <= g->w && ylast < g->h && ((ylast * g->w + x0 + t - n) / n + 2) * n <= g->w * g->h;
}

/* Phase 0: the flat element where row 0 of sub-block (sc, sr) starts in A
 * (y0 + sr N, x0 + sc N); row k starts k W later. */
TPX_HD long long tpx_tvr_arow(const tpx_geom *g, int tbx, int tby, int sc, int sr)
{
    int n = tpx_vec(g), t = tpx_tvu_side(g);
    long long y = (long long)tby * t + (long long)sr * n;
    return y * g->w + (long long)tbx * t + (long long)sc * n;
}
/* The first of the two aligned 16-byte vectors that hold the N elements
 * from flat element f (index in vectors), and in *shift f's offset in it.
 * Unsigned: n is a power of 2 the kernel folds, so a shift and a mask. */
TPX_HD long long tpx_tvr_split(const tpx_geom *g, long long f, int *shift)
{
    unsigned long long u = (unsigned long long)f, n = (unsigned long long)tpx_vec(g);
    *shift = (int)(u % n);
    return (long long)(u / n);
}

/* Phase 1: the flat element g0 = x H + y0 where B row x = x0 + xl starts
 * the tile's segment (row xl + BY starts BY H later).  Vector k of the
 * segment: the 16-byte vector of B it writes (flat index in vectors), and in
 * *shift the offset c0 = (-g0) mod N of its first element in shared units
 * k, k + 1 of row xl. */
TPX_HD long long tpx_tvr_brow(const tpx_geom *g, int tbx, int tby, int xl)
{
    int t = tpx_tvu_side(g);
    return ((long long)tbx * t + xl) * g->h + (long long)tby * t;
}
TPX_HD long long tpx_tvr_bvec(const tpx_geom *g, long long g0, int k, int *shift)
{
    unsigned long long u = (unsigned long long)g0, n = (unsigned long long)tpx_vec(g);
    unsigned long long c0 = (n - u % n) % n;
    *shift = (int)c0;
    return (long long)((u + c0) / n) + k;
}

/* 16 bytes at byte offset b (0..15) of the 32 bytes w[0..7] (little-endian
 * words), into o[0..3]: two word selects by 8 and 4 bytes and a funnel shift
 * by b mod 4; b's known bits fold the unused stages away (f32 b = 4 s, f64
 * b = 8 s).  On the GPU: SEL and SHF, no local memory. */
TPX_HD void tpx_tvr_realign(const unsigned *w, int b, unsigned *o)
{
    unsigned t[6], u[5];
    for (int i = 0; i < 6; i++)
        t[i] = (b & 8) ? w[i + 2] : w[i];
    for (int i = 0; i < 5; i++)
        u[i] = (b & 4) ? t[i + 1] : t[i];
    int r = (b & 3) * 8;
    for (int k = 0; k < 4; k++)
#ifdef __CUDA_ARCH__
        o[k] = __funnelshift_r(u[k], u[k + 1], r); /* one SHF.R.W; r = 0 gives u[k] */
#else
        o[k] = r ? (u[k] >> r) | (u[k + 1] << (32 - r)) : u[k];
#endif
}

/* Edge path, element e of phase-1 vector v (first element in B row x):
 * its B coordinates, walking past the row end; 0 where past the array. */
TPX_HD int tpx_tvr_belem(const tpx_geom *g, long long v, long long x, int e, long long *bx,
                         long long *by)
{
    long long f = v * tpx_vec(g) + e, y = f - x * g->h;
    if (f >= g->w * g->h)
        return 0;
    while (y >= g->h)
        y -= g->h, x++;
    *bx = x, *by = y;
    return 1;
}

#endif /* TPX_TVR_H */
