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

#if defined(__CUDACC__)
#define TPX_HD static __host__ __device__ __forceinline__
#else
#define TPX_HD static inline
#endif

/* The kernel ids, from the kernel table (tpx_kernels.def).  Kernels first,
 * then the references; ids are the table's order. */
typedef enum tpx_kernel_id {
#define TPX_KERNEL(ID, ...) TPX_K_##ID,
#define TPX_REFERENCE(ID, ...) TPX_K_##ID,
#include "tpx_kernels.def"
    TPX_K_COUNT
} tpx_kernel_id;

/* Memory spaces a move reads from or writes to. */
typedef enum tpx_space { TPX_SPACE_A, TPX_SPACE_B, TPX_SPACE_S } tpx_space;

/* Everything the index arithmetic needs, passed by value to the kernels. */
typedef struct tpx_geom {
    long long w, h; /* A: h rows of w columns */
    int bx, by;     /* blockDim.x, blockDim.y */
    int gx, gy;     /* gridDim.x, gridDim.y */
    int pad;        /* extra elements at the end of each shared tile row */
    int swz;        /* 1: XOR-swizzle the shared column (tile width a power of 2) */
    /* Not index arithmetic (indices count elements): the bytes of a shared
     * tile element when the tile's type is wider than the matrix's (seed 004's
     * double tile over float data), 0 when it is the matrix's own.  The launch
     * picks the compiled kernel and sizes the tile with it. */
    int tile_esize;
} tpx_geom;

/* One element move: dst = src when ok. Indices are in elements of each space. */
typedef struct tpx_move {
    long long src, dst;
    int ok;
} tpx_move;

TPX_HD long long tpx_cdiv(long long a, long long b) { return (a + b - 1) / b; }

/* ---- the kernel's traits (its row of tpx_kernels.def) -------------------- */

typedef enum tpx_tile_shape { TPX_TILE_NONE, TPX_TILE_BLOCK, TPX_TILE_SQUARE } tpx_tile_shape;
typedef enum tpx_remap { TPX_REMAP_NONE, TPX_REMAP_DIAG } tpx_remap;
typedef enum tpx_ref { TPX_REF_NONE, TPX_REF_MEMCPY, TPX_REF_CUBLAS } tpx_ref;

#define TPX_KF_COPY 1u     /* B = A: a copy, not a transpose */
#define TPX_KF_COVERS_B 2u /* the grid is laid over B (x along H) */
#define TPX_KF_SQUARE 4u   /* needs a square block */
#define TPX_REPS_WALK 0    /* reps: tile height / BY (the block walks its tile) */

typedef struct tpx_traits {
    int phases;          /* 0 for the references */
    int reps;            /* moves per thread per phase, or TPX_REPS_WALK */
    int xper;            /* elements per thread along grid x */
    tpx_tile_shape tile; /* the shared tile, if any */
    tpx_remap remap;     /* block order */
    tpx_ref ref;         /* how a reference is measured; TPX_REF_NONE for kernels */
    unsigned flags;      /* TPX_KF_* */
    int dbx, dby;        /* fallback block */
} tpx_traits;

TPX_HD tpx_traits tpx_mk_traits(int phases, int reps, int xper, tpx_tile_shape tile,
                                tpx_remap remap, tpx_ref ref, unsigned flags, int dbx, int dby)
{
    tpx_traits t;
    t.phases = phases;
    t.reps = reps;
    t.xper = xper;
    t.tile = tile;
    t.remap = remap;
    t.ref = ref;
    t.flags = flags;
    t.dbx = dbx;
    t.dby = dby;
    return t;
}

/* A switch generated from the table: with k a compile-time constant (the
 * CUDA templates) it folds to the row's constants. */
TPX_HD tpx_traits tpx_traits_of(tpx_kernel_id k)
{
    switch (k) {
#define TPX_KERNEL(ID, sym, phases, reps, xper, tile, remap, flags, dbx, dby, ...)                 \
    case TPX_K_##ID:                                                                               \
        return tpx_mk_traits(phases, reps, xper, tile, remap, TPX_REF_NONE, flags, dbx, dby);
#define TPX_REFERENCE(ID, sym, ref, flags, ...)                                                    \
    case TPX_K_##ID:                                                                               \
        return tpx_mk_traits(0, 1, 1, TPX_TILE_NONE, TPX_REMAP_NONE, ref, flags, 32, 8);
#include "tpx_kernels.def"
    default:
        return tpx_mk_traits(0, 1, 1, TPX_TILE_NONE, TPX_REMAP_NONE, TPX_REF_NONE, 0, 32, 8);
    }
}

/* Barrier-separated phases (0 for the references). */
TPX_HD int tpx_phases(tpx_kernel_id k) { return tpx_traits_of(k).phases; }
TPX_HD int tpx_is_reference(tpx_kernel_id k) { return tpx_traits_of(k).ref != TPX_REF_NONE; }
TPX_HD int tpx_has_tile(tpx_kernel_id k) { return tpx_traits_of(k).tile != TPX_TILE_NONE; }
TPX_HD int tpx_is_copy(tpx_kernel_id k) { return (tpx_traits_of(k).flags & TPX_KF_COPY) != 0; }
TPX_HD int tpx_is_square_only(tpx_kernel_id k)
{
    return (tpx_traits_of(k).flags & TPX_KF_SQUARE) != 0;
}

/* Which matrix the grid of a kernel covers: 0 = A (x along W), 1 = B (x along H). */
TPX_HD int tpx_grid_covers_b(tpx_kernel_id k)
{
    return (tpx_traits_of(k).flags & TPX_KF_COVERS_B) != 0;
}

/* Rows of elements a block covers along grid y: its tile's height. */
TPX_HD int tpx_tile_height(tpx_kernel_id k, int bx, int by)
{
    return tpx_traits_of(k).tile == TPX_TILE_SQUARE ? bx : by;
}

/* Moves per thread in each phase. */
TPX_HD int tpx_reps(tpx_kernel_id k, const tpx_geom *g)
{
    int r = tpx_traits_of(k).reps;
    return r == TPX_REPS_WALK ? tpx_tile_height(k, g->bx, g->by) / g->by : r;
}

/* Grid dimensions (long long: callers check limits): a block spans xper * BX
 * along grid x and its tile's height along grid y. */
TPX_HD void tpx_grid_dims(tpx_kernel_id k, long long w, long long h, int bx, int by,
                          long long *gx, long long *gy)
{
    long long xs = tpx_grid_covers_b(k) ? h : w; /* extent along grid x */
    long long ys = tpx_grid_covers_b(k) ? w : h; /* extent along grid y */
    *gx = tpx_cdiv(xs, (long long)tpx_traits_of(k).xper * bx);
    *gy = tpx_cdiv(ys, tpx_tile_height(k, bx, by));
}

/* Shared tile size in elements (0 for kernels without a tile): rows of BX
 * elements plus the padding. */
TPX_HD long long tpx_smem_elems(tpx_kernel_id k, int bx, int by, int pad)
{
    if (!tpx_has_tile(k))
        return 0;
    return (long long)tpx_tile_height(k, bx, by) * (bx + pad);
}

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
    int q = ((tbx - tby) % g->gx + g->gx) % g->gx;
    if (g->gx == g->gy) { /* tbx = (bx + by) mod GX, tby = by */
        *bx = q;
        *by = tby;
    } else { /* tby = bid mod GY, tbx = (bid / GY + tby) mod GX: bid = q * GY + tby */
        long long bid = (long long)q * g->gy + tby;
        *bx = (int)(bid % g->gx);
        *by = (int)(bid / g->gx);
    }
}

/* The tile a block works on (identity unless the kernel remaps). */
TPX_HD void tpx_block_tile(tpx_kernel_id k, const tpx_geom *g, int bx, int by, int *tbx,
                           int *tby)
{
    if (tpx_traits_of(k).remap == TPX_REMAP_DIAG) {
        tpx_diag_remap(g, bx, by, tbx, tby);
    } else {
        *tbx = bx;
        *tby = by;
    }
}

/* The block that works on a tile: tpx_block_tile's inverse. */
TPX_HD void tpx_tile_block(tpx_kernel_id k, const tpx_geom *g, int tbx, int tby, int *bx,
                           int *by)
{
    if (tpx_traits_of(k).remap == TPX_REMAP_DIAG) {
        tpx_diag_unmap(g, tbx, tby, bx, by);
    } else {
        *bx = tbx;
        *by = tby;
    }
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

/* Every kernel's move function has this signature: the move of thread
 * (tx, ty) of the block working on tile (bx, by), in a phase and a rep. */
#define TPX_MOVE_ARGS const tpx_geom *g, int phase, int rep, int bx, int by, int tx, int ty
#define TPX_MOVE_UNUSED (void)g, (void)phase, (void)rep, (void)bx, (void)by, (void)tx, (void)ty

/* copy_row: read and write rows, the upper bound. */
TPX_HD tpx_move tpx_mv_copy_row(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, y * g->w + x, x < g->w && y < g->h);
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

/* unroll4_row: naive_row with each thread doing 4 elements (rep 0..3), BX apart. */
TPX_HD tpx_move tpx_mv_unroll4_row(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = 4LL * bx * g->bx + tx + (long long)rep * g->bx;
    long long y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, x * g->h + y, x < g->w && y < g->h);
}

/* unroll4_col: naive_col with each thread doing 4 elements, BX apart. */
TPX_HD tpx_move tpx_mv_unroll4_col(TPX_MOVE_ARGS)
{
    TPX_MOVE_UNUSED;
    long long x = 4LL * bx * g->bx + tx + (long long)rep * g->bx;
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
