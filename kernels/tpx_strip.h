/*
 * tpx_strip.h: the index arithmetic of tile_strip (issue 20, thin shapes),
 * written once for nvcc (kernels/tile_strip.cu) and the C compiler (the
 * model, the views, the tests).  Included by tpx_index.h.
 *
 * Why: every other kernel lays a block's x along A's columns or B's, so on a
 * matrix of one to a few dozen columns (or rows) most lanes of a block idle
 * and B's rows are shorter than a sector.  Measured on an H200 (2026-11-27,
 * docs/PERFORMANCE.md): the best of them moves 67108864x1 at 1-14 % of
 * memcpy and 22369621x3 at 4-27 %.
 *
 * The tile: S = min(W, H) is the short side, L = max(W, H) the long one.
 * Strip tbx is the whole short side by the long side's indices [l0, l0 + n),
 * l0 = tbx K, n = min(K, L - l0), K = C / S (tpx_sp_k: C = 8 BX BY elements
 * a block).  One side of the transpose holds a strip as one contiguous run:
 * A's rows l0 .. l0 + n - 1 when A is tall (W <= H), B's rows when A is
 * wide.  The other side holds it as S runs of n elements, one per short
 * index.  Element e of the strip (e < n S) is, on the contiguous side, flat
 * element l0 S + e, and on the other, short index q = e / n at long index
 * l0 + p, p = e mod n: flat element q L + l0 + p.  The shared tile keeps the
 * strip in the contiguous side's order (slot e is the contiguous side's
 * element e; the other side's (q, p) lies at slot p S + q), in rows of BX
 * elements plus the padding, so the run side walks shared memory S slots a
 * lane: pad 1 spreads an even S over the banks, an odd S needs none.
 *   Move e = rep BX BY + ty BX + tx of each phase, guard e < n S: the phase
 *   that touches the contiguous side (phase 0 when A is tall, phase 1 when
 *   wide) moves global l0 S + e <-> slot e; the other global q L + l0 + p
 *   <-> slot p S + q.
 * So both sides of the global traffic are contiguous runs: n S elements on
 * one, n elements (K at most C / S) on the other.
 */
#ifndef TPX_STRIP_H
#define TPX_STRIP_H

#include "tpx_traits.h"

/* The long side's first index of strip tbx and its length n (0 past the end). */
TPX_HD long long tpx_sp_n(const tpx_geom *g, int tbx, long long *l0)
{
    long long k = tpx_sp_k(g->w, g->h, g->bx, g->by), l = tpx_sp_long(g->w, g->h);
    *l0 = (long long)tbx * k;
    return *l0 >= l ? 0 : l - *l0 < k ? l - *l0 : k;
}

/* Whether this phase's global side is the contiguous one: A when A is tall
 * (phase 0), B when it is wide (phase 1). */
TPX_HD int tpx_sp_contig(const tpx_geom *g, int phase) { return (phase == 0) == (g->w <= g->h); }

/* The move of strip element e (e < n S passes the guard). */
TPX_HD tpx_move tpx_sp_move(const tpx_geom *g, int phase, int tbx, int e)
{
    long long l0, n = tpx_sp_n(g, tbx, &l0), s = tpx_sp_short(g->w, g->h);
    tpx_move m;
    m.src = m.dst = 0;
    m.ok = 0;
    if (n <= 0)
        return m;
    long long glob, slot;
    if (tpx_sp_contig(g, phase)) {
        glob = l0 * s + e;
        slot = e;
    } else {
        long long q = e / n, p = e % n;
        glob = q * tpx_sp_long(g->w, g->h) + l0 + p;
        slot = p * s + q;
    }
    long long sm = tpx_smem_at(g, g->bx, (int)(slot / g->bx), (int)(slot % g->bx));
    m.src = phase == 0 ? glob : sm;
    m.dst = phase == 0 ? sm : glob;
    m.ok = e < n * s;
    return m;
}

#endif /* TPX_STRIP_H */
