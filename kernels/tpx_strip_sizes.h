/*
 * tpx_strip_sizes.h: tile_strip's sizes, included by tpx_traits.h (the grid
 * and the shared tile need them); tpx_strip.h has its index arithmetic.
 */
#ifndef TPX_STRIP_SIZES_H
#define TPX_STRIP_SIZES_H

/* A block of BX BY threads holds C = TPX_SP_REPS BX BY elements (8 a
 * thread, its reps in each phase), in a tile of 8 BY rows of BX elements; a
 * strip is the whole short side S = min(W, H) by K = C / S indices of the
 * long side.  Eight: all eight loads of a phase in flight within the 32
 * registers that let an SM hold 2048 threads, and at f64 a 32x16 block's
 * tile (32 KB) fits the 48 KB a block may use.  Measured on an H200
 * (bench/gpu_strip.sh, 2026-11-28): 16-byte units on the side a strip is
 * one run of, or 64 bytes a thread instead of 8 elements, ran no faster
 * (docs/PERFORMANCE.md). */
TPX_HD long long tpx_sp_short(long long w, long long h) { return w < h ? w : h; }
TPX_HD long long tpx_sp_long(long long w, long long h) { return w < h ? h : w; }
TPX_HD long long tpx_sp_cap(int bx, int by) { return (long long)TPX_SP_REPS * bx * by; }
/* K, at least 1 (config_validate refuses a short side longer than C). */
TPX_HD long long tpx_sp_k(long long w, long long h, int bx, int by)
{
    long long s = tpx_sp_short(w, h), c = tpx_sp_cap(bx, by);
    return s > 0 && c >= s ? c / s : 1;
}

/* Whether a full strip has work for every warp in every rep (its K S
 * elements fill C but for fewer than a warp's 32 at the end): true for every
 * short side up to 32, and for longer ones that divide C closely enough.
 * The host then launches the kernel whose walks need no exit
 * (kernels/tile_strip.cu); either kernel keeps all eight loads of a phase in
 * flight. */
TPX_HD int tpx_sp_lean(long long w, long long h, int bx, int by)
{
    long long t = (long long)bx * by, k = tpx_sp_k(w, h, bx, by);
    return (TPX_SP_REPS - 1) * t + ((t - 1) & ~31LL) < k * tpx_sp_short(w, h);
}

/* strip_vec (tpx_svec.h): C = TPX_SV_EPT BX BY elements a block, and K =
 * C / S rounded down to whole 16-byte vectors of n elements, so every strip
 * starts on a vector of the side that is one run.  Where the long side is
 * ragged (not a multiple of n: rows off 16 bytes) a strip's tile also holds
 * the vectors that cover its rows' ragged ends.  Wide: S runs of K / n + 1
 * chunks, whose last unit may read up to n - 2 elements past them.  Tall:
 * B's rows cut every a elements (tpx_sv_align: a 32-byte sector, 2n, or at
 * f16 a vector, n), so a strip holds up to a - 1 rows past it and, at the
 * end, A's first n - 1 rows (tpx_sv_tall), in ceil((K + a - 1) S / n) +
 * ceil((n - 1) S / n) chunks.  K = a floor((floor((C - 2n + 2) / S) - a - n
 * + 2) / a) keeps either within C, a = n where wide (config_validate refuses
 * short sides that leave no K: 0). */
TPX_HD long long tpx_sv_cap(int bx, int by) { return (long long)TPX_SV_EPT * bx * by; }
/* Where a tall ragged strip cuts B's rows: on 32-byte sectors (2n) but at
 * f16 (n = 8), whose units a row then start on 16 bytes only.  Measured on
 * an H200 (2026-11-29, 16 to 256 columns, each at its best block): cut on
 * sectors, f32 and f64 ran 0.4 to 12.7 points of memcpy faster than on
 * 16-byte units and f16 6.3 to 8.4 slower (docs/PERFORMANCE.md). */
TPX_HD long long tpx_sv_align(long long w, long long h, int n)
{
    long long nn = n > 1 ? n : 1;
    return w <= h && tpx_sp_long(w, h) % nn != 0 && nn < 8 ? 2 * nn : nn;
}
TPX_HD long long tpx_sv_k(long long w, long long h, int bx, int by, int n)
{
    long long s = tpx_sp_short(w, h), nn = n > 1 ? n : 1, c = tpx_sv_cap(bx, by), k;
    long long a = tpx_sv_align(w, h, n);
    if (s <= 0)
        return 0;
    if (tpx_sp_long(w, h) % nn == 0)
        return c / s / nn * nn;
    k = c > 2 * nn - 2 ? ((c - 2 * nn + 2) / s - a - nn + 2) / a : 0;
    return k > 0 ? k * a : 0;
}
/* Its tile: C elements in 16-byte chunks, rounded up to 8 chunks (the
 * swizzle, tpx_sv_chunk, permutes chunks within each 128 bytes). */
TPX_HD long long tpx_sv_smem(int bx, int by, int n)
{
    long long nn = n > 1 ? n : 1, chunks = (tpx_sv_cap(bx, by) + nn - 1) / nn;
    return (chunks + 7) / 8 * 8 * nn;
}

#endif /* TPX_STRIP_SIZES_H */
