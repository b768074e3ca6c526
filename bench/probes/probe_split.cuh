/*
 * probe_split.cuh: what rows split across 32-byte sectors cost a tile walk.
 * The reps probe's mode 7 (tile_rows' pattern: a thread loads its rows,
 * stages them in a padded shared tile, reads it down its columns and stores
 * the mirrored tile) on an 8192 x 8192 array of T whose rows lie P elements
 * past 8192 on the side that is read, the side that is written, or both.
 * A row then starts O = P x sizeof(T) bytes further than the one before:
 * with O a multiple of 32 (the reference, rows off 128 bytes but on
 * sectors) no tile row is split; with O = 16, 8, 4 or 2 all but one row in
 * 32 / gcd(O, 32) start inside a sector and touch one more.  Tiles of 8 to
 * 128 elements by 1 to 32 rows a thread, every element size: the model's
 * split-row pace (bench/probes/calibrate.py, split) is the time at O over
 * the time at the reference, by the tile row's bytes and how many of its
 * rows split.  No catalog kernel.
 */
#ifndef PROBE_SPLIT_CUH
#define PROBE_SPLIT_CUH

#include "probe_reps.cuh"

/* side: 1 the rows read are split, 2 the rows written, 3 both; MODE 15:
 * the blocks in tile_vec's column order, so the tile that writes the rest
 * of a split sector is the next block, not a grid row later ("splitcol") */
template <typename T, int REPS, int MODE>
static void split_one(void *s, void *d, int n, int off, int side, int bx)
{
    auto fn = k_reps<T, REPS, MODE>;
    int by = bx / REPS, smem = bx * (bx + 1) * (int)sizeof(T);
    int pad = off / (int)sizeof(T);
    int ref = 32 / (int)sizeof(T); /* the reference pitch: rows on sectors, off 128 bytes */
    int win = n + (side & 1 ? pad : ref), wout = n + (side & 2 ? pad : ref);
    if (by < 1 || bx * by > 1024 || smem > g_dev.smem_optin)
        return;
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int got = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, fn, bx * by, smem));
    dim3 grid(n / bx, n / bx), block(bx, by);
    double ms =
        probe_time([&] { fn<<<grid, block, smem>>>((const T *)s, (T *)d, win, wout); }, 7, true);
    printf("%s,%d,%d,%d,%d,%d,%d,%d,%.5f,%.1f\n", MODE & 8 ? "splitcol" : "split", (int)sizeof(T), off,
           side, bx, REPS, by, got, ms,
           2.0 * (double)n * n * sizeof(T) / (ms * 1e6));
}

/* Every tile, element size and offset; MODE 15 (column order) only the
 * written side split and the reference */
template <typename T, int MODE>
static void split_t(void *s, void *d, int n)
{
    for (int off : {32, 16, 8, 4, 2}) {
        if (off % (int)sizeof(T))
            continue;
        for (int side : {3, 1, 2}) {
            if (off == 32 ? side != 3 : (MODE & 8) && side != 2) /* 32: the reference */
                continue;
            for (int bx : {8, 16, 32, 64, 128}) {
                split_one<T, 1, MODE>(s, d, n, off, side, bx);
                split_one<T, 2, MODE>(s, d, n, off, side, bx);
                split_one<T, 4, MODE>(s, d, n, off, side, bx);
                split_one<T, 8, MODE>(s, d, n, off, side, bx);
                split_one<T, 16, MODE>(s, d, n, off, side, bx);
                split_one<T, 32, MODE>(s, d, n, off, side, bx);
            }
        }
    }
}

/* MODE 7: the split probe (tile_rows' cartesian order); 15: splitcol */
template <int MODE>
static void run_split(void)
{
    printf("probe,tbytes,off,side,bx,reps,by,bps,ms,gbs\n");
    const int n = 8192;
    const size_t bytes = (size_t)n * (n + 32) * 8;
    void *s, *d;
    probe_pair(bytes, &s, &d);
    split_t<unsigned short, MODE>(s, d, n);
    split_t<unsigned, MODE>(s, d, n);
    split_t<unsigned long long, MODE>(s, d, n);
    probe_pair_free(s, d);
}

#endif
