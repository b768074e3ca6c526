/*
 * tpx_svec.h: the index arithmetic of strip_vec (issue 20, thin shapes),
 * written once for nvcc (kernels/strip_vec.cu) and the C compiler (the
 * model, the views, the tests).  Included by tpx_index.h after tpx_strip.h,
 * whose strip it keeps, and after tpx_mv and TPX_MOVE_ARGS: its move is at
 * the end of this file.
 *
 * Why: tile_strip moves single elements, and at f16 its SMs issue about 60
 * instructions an element: half of memcpy on an H200 (Nsight Compute,
 * docs/PERFORMANCE.md).  The same strip with 16-byte accesses on both sides
 * (bench/strip_probe.cu, 2026-11-29) reached 89-100 % of memcpy at short
 * sides of 1 to 16 and 85-99 % at 32 to 256, f16 included.
 *
 * The strip: S = min(W, H), L = max(W, H), n = 16 bytes of elements.  A
 * block holds C = 16 BX BY elements (tpx_sv_cap); strip tbx is the whole
 * short side by the long side's [l0, l0 + nl), l0 = tbx K, K = C / S rounded
 * down to a multiple of n (tpx_sv_k), nl = min(K, L - l0).  L is a multiple
 * of n (config_validate), so every row of A and B, every strip and its nl
 * start and end on 16 bytes, and a strip is P = nl / n vectors a run.
 *   Shared memory: 16-byte chunks, chunk c at c, or swizzled (--swizzle)
 *   at tpx_sv_chunk(c) = c ^ ((c / 8 ^ c / 64) mod 8): lanes 8 or 64 chunks
 *   apart land on other banks.  Which is faster depends on S and the dtype
 *   (H200, docs/PERFORMANCE.md: at f16 with short sides of 1 to 7 the plain
 *   layout wins by 8-14 points of memcpy, the swizzle's arithmetic an
 *   element costing more than the conflicts it saves; where A is wide with
 *   64 or more rows the swizzle wins by up to 54, and at tall f16 strips of
 *   16 and 32 columns by 13-15), so it is the user's choice, as a tile's is.
 *   Phase 0 (16-byte vectors, both sides; rep r < 16 / n, chunk c = i + r T
 *   of the block's T threads, i = ty BX + tx, guard c < P S): the source
 *   side as it lies.  A tall (W <= H): A's flat run l0 S .. (l0 + nl) S, vector
 *   l0 S / n + c to chunk c.  A wide: run q = c / P of A's row q, its vector
 *   j = c mod P, (q L + l0) / n + j, to chunk q K / n + j.
 *   Phase 1 (a gather: rep = g n + e, element e of unit u = i + g T, g <
 *   32 / n): each unit of B is n single-element loads from shared memory
 *   and one 16-byte store (tpx_gather_group).
 *     A wide: B's strip is one run l0 S .. (l0 + nl) S; unit u (guard u < P
 *     S) is B vector l0 S / n + u, its element e the strip's f = u n + e =
 *     p S + q: run q's element p, shared element q K + p.
 *     A tall: B's rows q = 0 .. S - 1, each [l0, l0 + nl).  Units go G along
 *     a row, the rows in turn (G = 2^gl: 8, or the largest power of 2 up to
 *     K / n): unit u is group a = u / G, row q = a mod S, unit j = (a / S) G
 *     + u mod G of the row (guard j < P; u < ceil(P / G) G S), B vector
 *     (q L + l0) / n + j, element e from A's row j n + e of the strip, column
 *     q: shared element (j n + e) S + q.  A warp's stores then fill whole
 *     sectors (with G = 1 each lane wrote half a sector of another row: 23-52
 *     % of memcpy at short sides of 32 to 256 in the probe).
 *   Shared element z lies at tpx_sv_chunk(z / n) n + z mod n.
 * A unit's n loads cost a warp what tile_gather's do; the probe measured
 * this arithmetic's speed, the model counts its accesses.
 */
#ifndef TPX_SVEC_H
#define TPX_SVEC_H

#include "tpx_traits.h"

/* Where 16-byte chunk c of the tile lies: c, or swizzled (--swizzle). */
TPX_HD long long tpx_sv_chunk(long long c, int swz)
{
    return swz ? c ^ (((c >> 3) ^ (c >> 6)) & 7) : c;
}

/* Where shared element z lies, n elements a chunk. */
TPX_HD long long tpx_sv_elem(long long z, int n, int swz)
{
    return tpx_sv_chunk(z / n, swz) * n + z % n;
}

/* Strip tbx: its first long index *l0 and its length nl (0 past the end). */
TPX_HD long long tpx_sv_n(const tpx_geom *g, int tbx, long long *l0)
{
    long long k = tpx_sv_k(g->w, g->h, g->bx, g->by, tpx_vec(g)), l = tpx_sp_long(g->w, g->h);
    *l0 = (long long)tbx * k;
    return k < 1 || *l0 >= l ? 0 : l - *l0 < k ? l - *l0 : k;
}

/* log2 G: a tall strip's units a row taken together, 8 at most and no more
 * than a full strip's vectors a run. */
TPX_HD int tpx_sv_glog(const tpx_geom *g)
{
    long long per = tpx_sv_k(g->w, g->h, g->bx, g->by, tpx_vec(g)) / tpx_vec(g);
    int gl = 0;
    while (gl < 3 && (2LL << gl) <= per)
        gl++;
    return gl;
}

TPX_HD tpx_move tpx_sv_move0(const tpx_geom *g, int rep, int tbx, int i)
{
    int n = tpx_vec(g);
    long long l0, nl = tpx_sv_n(g, tbx, &l0), s = tpx_sp_short(g->w, g->h);
    long long per = nl / n, c = i + (long long)rep * g->bx * g->by;
    if (rep >= TPX_SV_EPT / n || c >= per * s)
        return tpx_mv(0, 0, 0);
    if (g->w <= g->h)
        return tpx_mv(l0 * s / n + c, tpx_sv_chunk(c, g->swz), 1);
    long long q = c / per, j = c - q * per, k = tpx_sv_k(g->w, g->h, g->bx, g->by, n);
    return tpx_mv((q * tpx_sp_long(g->w, g->h) + l0) / n + j, tpx_sv_chunk(q * (k / n) + j, g->swz),
                  1);
}

TPX_HD tpx_move tpx_sv_move1(const tpx_geom *g, int rep, int tbx, int i)
{
    int n = tpx_vec(g), e = rep % n;
    long long l0, nl = tpx_sv_n(g, tbx, &l0), s = tpx_sp_short(g->w, g->h);
    long long l = tpx_sp_long(g->w, g->h), per = nl / n;
    long long u = i + (long long)(rep / n) * g->bx * g->by;
    if (per < 1)
        return tpx_mv(0, 0, 0);
    if (g->w > g->h) { /* B's strip is one run */
        if (u >= per * s)
            return tpx_mv(0, 0, 0);
        long long f = u * n + e, p = f / s, q = f - p * s;
        long long k = tpx_sv_k(g->w, g->h, g->bx, g->by, n);
        return tpx_mv(tpx_sv_elem(q * k + p, n, g->swz), l0 * s / n + u, 1);
    }
    int gl = tpx_sv_glog(g);
    long long gs = 1LL << gl, a = u >> gl, jg = a / s, q = a - jg * s;
    long long j = (jg << gl) + (u & (gs - 1));
    if (u >= (per + gs - 1) / gs * gs * s || j >= per)
        return tpx_mv(0, 0, 0);
    return tpx_mv(tpx_sv_elem((j * n + e) * s + q, n, g->swz), (q * l + l0) / n + j, 1);
}

/* strip_vec's move (tpx_index.h's signature).  Phase 0 moves 16-byte
 * vectors, phase 1 single elements loaded and n of them stored as one unit
 * (TPX_KF_GATHER: tpx_gather_group). */
TPX_HD tpx_move tpx_mv_strip_vec(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    int i = ty * g->bx + tx;
    return phase == 0 ? tpx_sv_move0(g, rep, bx, i) : tpx_sv_move1(g, rep, bx, i);
}

#endif /* TPX_SVEC_H */
