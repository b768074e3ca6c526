/*
 * tpx_index.h: the index arithmetic of every transpose kernel, written once.
 *
 * This header is read by nvcc (the CUDA kernels in kernels/) and by the C
 * compiler (the CPU access model in src/model/model.c).  What the views draw is
 * therefore exactly what the GPU runs: both sides call the same functions.
 *
 * Vocabulary (docs/kernels.md is the spec; tpx_kernels.def the table of
 * every kernel's other facts):
 *   A is H rows of W columns, row-major; B = A^T is W rows of H columns.
 *   A kernel is a list of phases separated by barriers.  In each phase a
 *   thread performs `reps` moves; a move copies one element from a source
 *   space (A or the shared tile S) to a destination space (S or B) under one
 *   guard.  Each move is one warp-level load and one warp-level store.
 */
#ifndef TPX_INDEX_H
#define TPX_INDEX_H

#include "tpx_traits.h"

/* ---- block order -------------------------------------------------------- */

/* Diagonal reordering: block (bx, by) works on tile (*tbx, *tby).  On a square
 * grid the seed's form; otherwise NVIDIA's sample form, a bijection for any grid. */
TPX_HD void tpx_diag_remap(const tpx_geom *g, int bx, int by, int *tbx, int *tby)
{
    if (g->gx == g->gy) {
        *tbx = (bx + by) % g->gx;
        *tby = by;
    } else {
        long long bid = bx + (long long)g->gx * by;
        *tby = (int)(bid % g->gy);
        *tbx = (int)((bid / g->gy + *tby) % g->gx);
    }
}

/* The inverse: the block that works on tile (tbx, tby). */
TPX_HD void tpx_diag_unmap(const tpx_geom *g, int tbx, int tby, int *bx, int *by)
{
    /* in 64 bits: (tbx - tby) mod GX + GX passes 2^31 for a grid over 2^30 wide */
    int q = (int)(((long long)(tbx - tby) % g->gx + g->gx) % g->gx);
    if (g->gx == g->gy) { /* tbx = (bx + by) mod GX, tby = by */
        *bx = q;
        *by = tby;
    } else { /* tby = bid mod GY, tbx = (bid / GY + tby) mod GX: bid = q * GY + tby */
        long long bid = (long long)q * g->gy + tby;
        *bx = (int)(bid % g->gx);
        *by = (int)(bid / g->gx);
    }
}

/* Column order: launch block bid = bx + by * GX works on tile (bid / GY,
 * bid mod GY), so consecutive blocks go down a column of tiles.  For a tile
 * grid over A, the blocks resident together then write whole rows of B one
 * after another (tile_vec: the L2 drains B to DRAM in address order). */
TPX_HD void tpx_col_remap(const tpx_geom *g, int bx, int by, int *tbx, int *tby)
{
    if ((unsigned long long)g->gx * (unsigned long long)g->gy <= 0xffffffffull) {
        /* in 32 bits where the grid allows: on the GPU a 64-bit division is
         * a call of ~100 dependent instructions before a block's first load */
        unsigned bid = (unsigned)bx + (unsigned)g->gx * (unsigned)by, q = bid / (unsigned)g->gy;
        *tbx = (int)q;
        *tby = (int)(bid - q * (unsigned)g->gy);
        return;
    }
    long long bid = bx + (long long)g->gx * by;
    *tbx = (int)(bid / g->gy);
    *tby = (int)(bid % g->gy);
}

TPX_HD void tpx_col_unmap(const tpx_geom *g, int tbx, int tby, int *bx, int *by)
{
    long long bid = (long long)tbx * g->gy + tby;
    *bx = (int)(bid % g->gx);
    *by = (int)(bid / g->gx);
}

/* The tile block (bx, by) works on under a block order, and the inverse. */
TPX_HD void tpx_order_remap(tpx_remap r, const tpx_geom *g, int bx, int by, int *tbx, int *tby)
{
    if (r == TPX_REMAP_DIAG) {
        tpx_diag_remap(g, bx, by, tbx, tby);
    } else if (r == TPX_REMAP_COL) {
        tpx_col_remap(g, bx, by, tbx, tby);
    } else {
        *tbx = bx;
        *tby = by;
    }
}

TPX_HD void tpx_order_unmap(tpx_remap r, const tpx_geom *g, int tbx, int tby, int *bx, int *by)
{
    if (r == TPX_REMAP_DIAG) {
        tpx_diag_unmap(g, tbx, tby, bx, by);
    } else if (r == TPX_REMAP_COL) {
        tpx_col_unmap(g, tbx, tby, bx, by);
    } else {
        *bx = tbx;
        *by = tby;
    }
}

/* The tile a block works on (identity unless the kernel remaps). */
TPX_HD void tpx_block_tile(tpx_kernel_id k, const tpx_geom *g, int bx, int by, int *tbx,
                           int *tby)
{
#ifdef TPX_HOST_USER
    if (tpx_is_user(k)) {
        tpx_user_remap(k, g, bx, by, tbx, tby);
        return;
    }
#endif
    tpx_order_remap(tpx_traits_of(k).remap, g, bx, by, tbx, tby);
}

/* The block that works on a tile: tpx_block_tile's inverse. */
TPX_HD void tpx_tile_block(tpx_kernel_id k, const tpx_geom *g, int tbx, int tby, int *bx,
                           int *by)
{
#ifdef TPX_HOST_USER
    if (tpx_is_user(k)) {
        tpx_user_unmap(k, g, tbx, tby, bx, by);
        return;
    }
#endif
    tpx_order_unmap(tpx_traits_of(k).remap, g, tbx, tby, bx, by);
}

/* ---- shared tile addressing --------------------------------------------- */

/* Element (row r, column c) of a shared tile whose rows are `width` elements
 * wide plus padding.  Swizzling XORs the column with the row so that a column
 * walk lands in distinct banks without wasting padding. */
TPX_HD long long tpx_smem_at(const tpx_geom *g, int width, int r, int c)
{
    int col = g->swz ? (c ^ (r & (width - 1))) : c;
    return (long long)r * (width + g->pad) + col;
}

/* ---- the kernels, one move each ----------------------------------------- */

TPX_HD tpx_move tpx_mv(long long src, long long dst, int ok)
{
    tpx_move m;
    m.src = src;
    m.dst = dst;
    m.ok = ok;
    return m;
}

/* Every move function's signature: thread (tx, ty) of the block on tile (bx, by), phase, rep. */
#define TPX_MOVE_ARGS const tpx_geom *g, int phase, int rep, int bx, int by, int tx, int ty
#define TPX_MOVE_UNUSED (void)g, (void)phase, (void)rep, (void)bx, (void)by, (void)tx, (void)ty

#include "tpx_tsec.h"
#include "tpx_tgat.h"
#include "tpx_strip.h"
#include "tpx_svec.h" /* strip_vec's move is there */

/* copy_row: read and write rows, the upper bound. */
TPX_HD tpx_move tpx_mv_copy_row(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, y * g->w + x, x < g->w && y < g->h);
}

/* copy_vec: copy_row with each thread moving one access of tpx_vec(g)
 * elements.  Indices count accesses (16-byte units when vectorised), so the
 * model prices each lane as one access of vec * esize bytes. */
TPX_HD tpx_move tpx_mv_copy_vec(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long wu = g->w / tpx_vec(g); /* accesses per row (exact: w % vec == 0) */
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * wu + x, y * wu + x, x < wu && y < g->h);
}

/* copy_col: read and write columns, the lower bound. */
TPX_HD tpx_move tpx_mv_copy_col(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(x * g->w + y, x * g->w + y, x < g->h && y < g->w);
}

/* naive_row: read rows of A, write columns of B. */
TPX_HD tpx_move tpx_mv_naive_row(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, x * g->h + y, x < g->w && y < g->h);
}

/* naive_col: read columns of A, write rows of B. */
TPX_HD tpx_move tpx_mv_naive_col(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(x * g->w + y, y * g->h + x, x < g->h && y < g->w);
}

/* unroll4_row: naive_row with each thread doing TPX_UNROLL4 elements (reps),
 * BX apart. */
TPX_HD tpx_move tpx_mv_unroll4_row(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = (long long)TPX_UNROLL4 * bx * g->bx + tx + (long long)rep * g->bx;
    long long y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, x * g->h + y, x < g->w && y < g->h);
}

/* unroll4_col: naive_col with each thread doing TPX_UNROLL4 elements, BX apart. */
TPX_HD tpx_move tpx_mv_unroll4_col(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = (long long)TPX_UNROLL4 * bx * g->bx + tx + (long long)rep * g->bx;
    long long y = (long long)by * g->by + ty;
    return tpx_mv(x * g->w + y, y * g->h + x, x < g->h && y < g->w);
}

/* diagonal_row/_col: the naive moves; only the block order (remap) differs. */
TPX_HD tpx_move tpx_mv_diagonal_row(TPX_MOVE_ARGS)
{
    return tpx_mv_naive_row(g, phase, rep, bx, by, tx, ty);
}

TPX_HD tpx_move tpx_mv_diagonal_col(TPX_MOVE_ARGS)
{
    return tpx_mv_naive_col(g, phase, rep, bx, by, tx, ty);
}

/* Phase 0 of smem, smem_rect and smem_staged: a block loads its BX x BY tile of A, rows into rows. */
TPX_HD tpx_move tpx_tile_load(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, tpx_smem_at(g, g->bx, ty, tx), x < g->w && y < g->h);
}

/* smem: phase 1 swaps the block indices and reads the tile by columns (T = BX = BY). */
TPX_HD tpx_move tpx_mv_smem(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    if (phase == 0)
        return tpx_tile_load(g, bx, by, tx, ty);
    int t = g->bx;
    long long x = (long long)by * t + tx, y = (long long)bx * t + ty;
    return tpx_mv(tpx_smem_at(g, t, tx, ty), y * g->h + x, x < g->h && y < g->w);
}

/* smem_rect: phase 1 re-indexes the block's threads as a BY-wide block so
 * that a rectangular tile is written back in full rows of B. */
TPX_HD tpx_move tpx_mv_smem_rect(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    if (phase == 0)
        return tpx_tile_load(g, bx, by, tx, ty);
    int i = ty * g->bx + tx, irow = i / g->by, icol = i % g->by;
    long long x = (long long)by * g->by + icol, y = (long long)bx * g->bx + irow;
    return tpx_mv(tpx_smem_at(g, g->bx, icol, irow), y * g->h + x, x < g->h && y < g->w);
}

/* smem_staged: the tile is loaded as in smem_rect, but after the barrier each
 * thread reads back the element it stored itself and writes it where naive_row
 * would: no corner turn, so B is still written down columns. */
TPX_HD tpx_move tpx_mv_smem_staged(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    if (phase == 0)
        return tpx_tile_load(g, bx, by, tx, ty);
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(tpx_smem_at(g, g->bx, ty, tx), x * g->h + y, x < g->w && y < g->h);
}

/* tile_rows: a T x T tile (T = BX) moved BY rows at a time; rep r is step j = r * BY. */
TPX_HD tpx_move tpx_mv_tile_rows(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    int t = g->bx, j = rep * g->by;
    if (phase == 0) {
        long long x = (long long)bx * t + tx, y = (long long)by * t + ty + j;
        return tpx_mv(y * g->w + x, tpx_smem_at(g, t, ty + j, tx), x < g->w && y < g->h);
    }
    long long x = (long long)by * t + tx, y = (long long)bx * t + ty + j;
    return tpx_mv(tpx_smem_at(g, t, tx, ty + j), y * g->h + x, x < g->h && y < g->w);
}

/* tile_vec's shared tile holds the TRANSPOSED tile: BX * vec rows (B rows)
 * of BX accesses (plus the padding, in accesses).  With 16-byte accesses
 * the 8 lanes of a quarter warp store rows vec apart, which a pad cannot
 * spread over the banks (a row is a multiple of 128 bytes); the swizzle
 * XORs the access with (row / vec) mod 8 instead, putting them on 8
 * different 16-byte bank groups both ways (BX must be a multiple of 8).
 * With one element per access it is tpx_smem_at's swizzle. */
TPX_HD long long tpx_tv_smem(const tpx_geom *g, int r, int c)
{
    int nv = tpx_vec(g);
    if (g->swz)
        c ^= nv > 1 ? (r / nv) & 7 : r & (g->bx - 1);
    return (long long)r * (g->bx + g->pad) + c;
}

/* tile_vec: a (BX*N) x (BX*N) tile, N = vec, moved as N x N sub-blocks.
 * Phase 0: thread (tx, ty) takes sub-blocks (tx, ty + i*BY), i < BX/BY; rep
 * i*N + k loads row k of sub-block i (one access of A) and stores row k of
 * the sub-block's TRANSPOSE into row tx*N + k of the shared tile, access
 * ty + i*BY: the N moves of a sub-block exchange elements (TPX_KF_REGT,
 * tpx_regt_group).  Phase 1 (the threads renumbered like smem_rect's): rep
 * r reads access tx of shared row ty + r*BY, which is a run of B's row
 * (tile column) written whole.  Indices count accesses; with vec 1 this is
 * tile_rows with the transposition moved to the shared store. */
TPX_HD tpx_move tpx_mv_tile_vec(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    int nv = tpx_vec(g);
    long long wu = g->w / nv, hu = g->h / nv; /* accesses per row of A, of B */
    if (phase == 0) {
        int i = rep / nv, k = rep % nv, sby = ty + i * g->by;
        long long x = (long long)bx * g->bx + tx, y = ((long long)by * g->bx + sby) * nv + k;
        return tpx_mv(y * wu + x, tpx_tv_smem(g, tx * nv + k, sby), x < wu && y < g->h);
    }
    int row = ty + rep * g->by;
    long long y = (long long)bx * g->bx * nv + row, x = (long long)by * g->bx + tx;
    return tpx_mv(tpx_tv_smem(g, row, tx), y * hu + x, x < hu && y < g->w);
}

/* tile_sec: B rows cut on 32-byte sectors (tpx_tsec.h says the design).
 * Phase 0 moves single elements of A into shared rows, phase 1 16-byte
 * units of those rows to B (TPX_KF_VECOUT: its indices count units). */
TPX_HD tpx_move tpx_mv_tile_sec(TPX_MOVE_ARGS)
{
    return phase == 0 ? tpx_ts_move0(g, rep, bx, by, tx, ty) : tpx_ts_move1(g, rep, bx, by, tx, ty);
}

/* tile_gather: tile_sec's tile read as A's aligned vectors, B's units
 * gathered in shared memory (tpx_tgat.h says the design).  Phase 0 moves
 * 16-byte vectors, phase 1 single elements loaded and n of them stored as
 * one unit (TPX_KF_GATHER: tpx_gather_group). */
TPX_HD tpx_move tpx_mv_tile_gather(TPX_MOVE_ARGS)
{
    return phase == 0 ? tpx_tg_move0(g, rep, bx, by, tx, ty) : tpx_tg_move1(g, rep, bx, by, tx, ty);
}

/* tile_strip: a strip across the short side, one element a move (tpx_strip.h). */
TPX_HD tpx_move tpx_mv_tile_strip(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    return tpx_sp_move(g, phase, bx, rep * g->bx * g->by + ty * g->bx + tx);
}

/* The moves of the rows a build adds (tpx_kernels.def, TPX_EXTRA_KERNELS). */
#ifdef TPX_EXTRA_KERNELS
#define TPX_EXTRA_MOVES
#include TPX_EXTRA_KERNELS
#undef TPX_EXTRA_MOVES
#endif

/* ---- generic access, for the model and the CUDA bodies ------------------ */

/* Source and destination space of a phase's moves. */
TPX_HD tpx_space tpx_src_space(tpx_kernel_id k, int phase)
{
    return (tpx_phases(k) == 2 && phase == 1) ? TPX_SPACE_S : TPX_SPACE_A;
}

TPX_HD tpx_space tpx_dst_space(tpx_kernel_id k, int phase)
{
    return (tpx_phases(k) == 2 && phase == 0) ? TPX_SPACE_S : TPX_SPACE_B;
}

/* The move of thread (tx, ty) working on tile (tbx, tby), in a phase and rep.
 * The tile is the block after any reordering (tpx_block_tile).  A switch
 * generated from the table; the references have no move (ok = 0). */
TPX_HD tpx_move tpx_tile_move(tpx_kernel_id k, const tpx_geom *g, int phase, int rep, int tbx,
                              int tby, int tx, int ty)
{
    switch (k) {
#define TPX_KERNEL(ID, sym, ...)                                                                   \
    case TPX_K_##ID:                                                                               \
        return tpx_mv_##sym(g, phase, rep, tbx, tby, tx, ty);
#include "tpx_kernels.def"
    default:
#ifdef TPX_HOST_USER
        if (tpx_is_user(k))
            return tpx_user_move(k, g, phase, rep, tbx, tby, tx, ty);
#endif
        return tpx_mv(0, 0, 0);
    }
}

/* The move of thread (tx, ty) of block (bx, by): reorder, then move. */
TPX_HD tpx_move tpx_kernel_move(tpx_kernel_id k, const tpx_geom *g, int phase, int rep, int bx,
                                int by, int tx, int ty)
{
    int tbx, tby;
    tpx_block_tile(k, g, bx, by, &tbx, &tby);
    return tpx_tile_move(k, g, phase, rep, tbx, tby, tx, ty);
}

#endif /* TPX_INDEX_H */
