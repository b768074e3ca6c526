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
 * down to a multiple of n (tpx_sv_k), nl = min(K, L - l0).  Where L is a
 * multiple of n every row of A and B, every strip and its nl start and end
 * on 16 bytes, and a strip is P = nl / n vectors a run; where it is not
 * (ragged, tpx_sv_rag: the end of this comment) every access is still an
 * aligned 16-byte vector.
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
 * Ragged L (issue 20's odd shapes): the side of S runs has rows off 16
 * bytes, and the strip is laid on B's aligned addresses, not on its columns.
 *   A wide: run q's vectors from the one holding A(q, l0), up to ceil(nl /
 *   n) + 1, to chunks q (K / n + 1) + j, so run q's element p lies at q (K +
 *   n) + o_q + p, o_q = q L mod n.  B's run is aligned as before; its last
 *   unit may end past W H (the slack of the allocation).
 *   A tall: B row q is cut every a elements (tpx_sv_align: a sector, or at
 *   f16 a vector): its units start at x = d_q + j n, d_q = -q L mod a, j <
 *   K / n, while l0 + x < L; strip 0 also takes the one at d_q - n, the rest
 *   of the row's head.  Their elements are A's rows l0 .. l0 + K + a - 2,
 *   so phase 0 loads that run (tpx_sv_tall); a unit crossing the row's end
 *   takes the next row's head (A's rows 0 .. n - 2, column q + 1), which the
 *   strips near the end load after their run.
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

/* Whether the long side is ragged: not a multiple of n, so rows of the
 * side that is S runs start off 16 bytes. */
TPX_HD int tpx_sv_rag(const tpx_geom *g) { return tpx_sp_long(g->w, g->h) % tpx_vec(g) != 0; }

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

/* A tall strip's tile: A's rows [l0, l0 + nr) as the vectors that hold
 * them, *m chunks (nr = nl, or where ragged up to a - 1 rows more: B's units
 * there run past the strip, tpx_sv_move1); then, where one of its units may
 * cross a B row's end (*hd, ragged only), A's first n - 1 rows, from chunk
 * *m.  The chunks in all. */
TPX_HD long long tpx_sv_tall(const tpx_geom *g, long long l0, long long nl, long long *m, int *hd)
{
    int n = tpx_vec(g), rag = tpx_sv_rag(g);
    long long s = tpx_sp_short(g->w, g->h), l = tpx_sp_long(g->w, g->h);
    long long a = rag ? tpx_sv_align(g->w, g->h, n) : 1;
    long long nr = tpx_sv_k(g->w, g->h, g->bx, g->by, n) + a - 1;
    nr = nr < l - l0 ? nr : l - l0;
    *m = tpx_cdiv(nr * s, n);
    *hd = rag && l0 + nl + a - 1 > l;
    return *m + (*hd ? tpx_cdiv((long long)(n - 1) * s, n) : 0);
}

TPX_HD tpx_move tpx_sv_move0(const tpx_geom *g, int rep, int tbx, int i)
{
    int n = tpx_vec(g), rag = tpx_sv_rag(g);
    long long l0, nl = tpx_sv_n(g, tbx, &l0), s = tpx_sp_short(g->w, g->h);
    long long c = i + (long long)rep * g->bx * g->by, l = tpx_sp_long(g->w, g->h);
    if (rep >= TPX_SV_EPT / n || nl < 1)
        return tpx_mv(0, 0, 0);
    if (g->w <= g->h) { /* A's strip is one run (then its head rows) */
        long long m;
        int hd;
        if (c >= tpx_sv_tall(g, l0, nl, &m, &hd))
            return tpx_mv(0, 0, 0);
        return tpx_mv(c < m ? l0 * s / n + c : c - m, tpx_sv_chunk(c, g->swz), 1);
    }
    /* run q: the vectors from the one holding A(q, l0), at most per of them,
     * to chunks q RS + j (RS = K / n, one more where ragged) */
    long long per = tpx_cdiv(nl, n) + rag, q = c / per, j = c - q * per;
    long long v0 = (q * l + l0) / n, cnt = (q * l + l0 + nl - 1) / n - v0 + 1;
    if (q >= s || j >= cnt)
        return tpx_mv(0, 0, 0);
    long long rs = tpx_sv_k(g->w, g->h, g->bx, g->by, n) / n + rag;
    return tpx_mv(v0 + j, tpx_sv_chunk(q * rs + j, g->swz), 1);
}

TPX_HD tpx_move tpx_sv_move1(const tpx_geom *g, int rep, int tbx, int i)
{
    int n = tpx_vec(g), e = rep % n, rag = tpx_sv_rag(g);
    long long l0, nl = tpx_sv_n(g, tbx, &l0), s = tpx_sp_short(g->w, g->h);
    long long l = tpx_sp_long(g->w, g->h), k = tpx_sv_k(g->w, g->h, g->bx, g->by, n);
    long long u = i + (long long)(rep / n) * g->bx * g->by;
    if (nl < 1)
        return tpx_mv(0, 0, 0);
    if (g->w > g->h) { /* B's strip is one run: run q's element p at q RS n + o_q + p */
        if (u >= tpx_cdiv(nl * s, n))
            return tpx_mv(0, 0, 0);
        long long f = u * n + e, p = f / s, q = f - p * s;
        long long z = q * (k / n + rag) * n + q * l % n + p;
        return tpx_mv(tpx_sv_elem(z, n, g->swz), l0 * s / n + u, 1);
    }
    /* B row q's units: where ragged, those that start in [l0 + d_q, l0 + K +
     * d_q) and before L, d_q the offset that puts l0 + d_q on a multiple of a
     * in B (tpx_sv_align); strip 0 also the one at d_q - n (when d_q >= n),
     * which no strip before it takes (its unit K / n) */
    int gl = tpx_sv_glog(g), hd;
    long long al = tpx_sv_align(g->w, g->h, n), kn = k / n, gs = 1LL << gl;
    long long per = rag ? kn + (al > n && tbx == 0) : nl / n;
    long long a = u >> gl, jg = a / s, q = a - jg * s, j = (jg << gl) + (u & (gs - 1));
    long long d = rag ? (al - q * l % al) % al : 0;
    long long x = j < kn ? d + j * n : d - n, m;
    if (u >= (per + gs - 1) / gs * gs * s || j >= per || x < 0 || l0 + x >= l)
        return tpx_mv(0, 0, 0);
    long long xe = x + e, z = xe * s + q;
    if (l0 + xe >= l) { /* past the row's end: the next row's head, column q + 1 */
        tpx_sv_tall(g, l0, nl, &m, &hd);
        z = m * n + (l0 + xe - l) * s + q + 1;
    }
    return tpx_mv(tpx_sv_elem(z, n, g->swz), (q * l + l0 + x) / n, 1);
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
