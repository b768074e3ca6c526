/*
 * tpx_index.h: the index arithmetic of every transpose kernel, written once.
 *
 * This header is read by nvcc (the CUDA kernels in kernels/) and by the C
 * compiler (the CPU access model in src/model/model.c).  What the views draw is
 * therefore exactly what the GPU runs: both sides call the same functions.
 *
 * Vocabulary (docs/catalog.md is the spec):
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

/* The kernel catalog.  Order is the catalog's order; ids are stable. */
typedef enum tpx_kernel_id {
    TPX_K_COPY_ROW,
    TPX_K_COPY_COL,
    TPX_K_NAIVE_ROW,
    TPX_K_NAIVE_COL,
    TPX_K_UNROLL4_ROW,
    TPX_K_UNROLL4_COL,
    TPX_K_DIAGONAL_ROW,
    TPX_K_DIAGONAL_COL,
    TPX_K_SMEM,
    TPX_K_SMEM_RECT,
    TPX_K_TILE_ROWS,
    TPX_K_MEMCPY, /* reference: measured, not modelled */
    TPX_K_CUBLAS, /* reference: measured, not modelled */
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
} tpx_geom;

/* One element move: dst = src when ok. Indices are in elements of each space. */
typedef struct tpx_move {
    long long src, dst;
    int ok;
} tpx_move;

TPX_HD long long tpx_cdiv(long long a, long long b) { return (a + b - 1) / b; }

/* ---- grid shape --------------------------------------------------------- */

/* Which matrix the grid of a kernel covers: 0 = A (x along W), 1 = B (x along H). */
TPX_HD int tpx_grid_covers_b(tpx_kernel_id k)
{
    return k == TPX_K_COPY_COL || k == TPX_K_NAIVE_COL || k == TPX_K_UNROLL4_COL ||
           k == TPX_K_DIAGONAL_COL;
}

/* Grid dimensions as catalog.md defines them (long long: callers check limits). */
TPX_HD void tpx_grid_dims(tpx_kernel_id k, long long w, long long h, int bx, int by,
                          long long *gx, long long *gy)
{
    long long xs = tpx_grid_covers_b(k) ? h : w; /* extent along grid x */
    long long ys = tpx_grid_covers_b(k) ? w : h; /* extent along grid y */
    switch (k) {
    case TPX_K_UNROLL4_ROW:
    case TPX_K_UNROLL4_COL:
        *gx = tpx_cdiv(xs, 4LL * bx);
        *gy = tpx_cdiv(ys, by);
        break;
    case TPX_K_TILE_ROWS: /* square tiles of bx x bx, by rows at a time */
        *gx = tpx_cdiv(w, bx);
        *gy = tpx_cdiv(h, bx);
        break;
    default:
        *gx = tpx_cdiv(xs, bx);
        *gy = tpx_cdiv(ys, by);
        break;
    }
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

/* The tile a block works on (identity except for the diagonal kernels). */
TPX_HD void tpx_block_tile(tpx_kernel_id k, const tpx_geom *g, int bx, int by, int *tbx,
                           int *tby)
{
    if (k == TPX_K_DIAGONAL_ROW || k == TPX_K_DIAGONAL_COL) {
        tpx_diag_remap(g, bx, by, tbx, tby);
    } else {
        *tbx = bx;
        *tby = by;
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

/* copy_row: read and write rows, the upper bound. */
TPX_HD tpx_move tpx_copy_row(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, y * g->w + x, x < g->w && y < g->h);
}

/* copy_col: read and write columns, the lower bound. */
TPX_HD tpx_move tpx_copy_col(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(x * g->w + y, x * g->w + y, x < g->h && y < g->w);
}

/* naive_row: read rows of A, write columns of B. */
TPX_HD tpx_move tpx_naive_row(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, x * g->h + y, x < g->w && y < g->h);
}

/* naive_col: read columns of A, write rows of B. */
TPX_HD tpx_move tpx_naive_col(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(x * g->w + y, y * g->h + x, x < g->h && y < g->w);
}

/* unroll4_row: naive_row with each thread doing 4 elements, BX apart. */
TPX_HD tpx_move tpx_unroll4_row(const tpx_geom *g, int bx, int by, int tx, int ty, int k)
{
    long long x = 4LL * bx * g->bx + tx + (long long)k * g->bx;
    long long y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, x * g->h + y, x < g->w && y < g->h);
}

/* unroll4_col: naive_col with each thread doing 4 elements, BX apart. */
TPX_HD tpx_move tpx_unroll4_col(const tpx_geom *g, int bx, int by, int tx, int ty, int k)
{
    long long x = 4LL * bx * g->bx + tx + (long long)k * g->bx;
    long long y = (long long)by * g->by + ty;
    return tpx_mv(x * g->w + y, y * g->h + x, x < g->h && y < g->w);
}

/* smem / smem_rect phase 0: a block loads its tile of A, rows into rows. */
TPX_HD tpx_move tpx_tile_load(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    long long x = (long long)bx * g->bx + tx, y = (long long)by * g->by + ty;
    return tpx_mv(y * g->w + x, tpx_smem_at(g, g->bx, ty, tx), x < g->w && y < g->h);
}

/* smem phase 1: swap the block indices, read the tile by columns (T = BX = BY). */
TPX_HD tpx_move tpx_smem_store(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    int t = g->bx;
    long long x = (long long)by * t + tx, y = (long long)bx * t + ty;
    return tpx_mv(tpx_smem_at(g, t, tx, ty), y * g->h + x, x < g->h && y < g->w);
}

/* smem_rect phase 1: re-index the block's threads as a BY-wide block so that
 * a rectangular tile is written back in full rows of B. */
TPX_HD tpx_move tpx_smem_rect_store(const tpx_geom *g, int bx, int by, int tx, int ty)
{
    int i = ty * g->bx + tx, irow = i / g->by, icol = i % g->by;
    long long x = (long long)by * g->by + icol, y = (long long)bx * g->bx + irow;
    return tpx_mv(tpx_smem_at(g, g->bx, icol, irow), y * g->h + x, x < g->h && y < g->w);
}

/* tile_rows phase 0, step j (0, BY, 2BY, ... < T): T x T tile, BY rows at a time. */
TPX_HD tpx_move tpx_tile_rows_load(const tpx_geom *g, int bx, int by, int tx, int ty, int j)
{
    int t = g->bx;
    long long x = (long long)bx * t + tx, y = (long long)by * t + ty + j;
    return tpx_mv(y * g->w + x, tpx_smem_at(g, t, ty + j, tx), x < g->w && y < g->h);
}

/* tile_rows phase 1, step j. */
TPX_HD tpx_move tpx_tile_rows_store(const tpx_geom *g, int bx, int by, int tx, int ty, int j)
{
    int t = g->bx;
    long long x = (long long)by * t + tx, y = (long long)bx * t + ty + j;
    return tpx_mv(tpx_smem_at(g, t, tx, ty + j), y * g->h + x, x < g->h && y < g->w);
}

/* ---- generic access, for the model -------------------------------------- */

/* Number of barrier-separated phases (0 for the references). */
TPX_HD int tpx_phases(tpx_kernel_id k)
{
    switch (k) {
    case TPX_K_SMEM:
    case TPX_K_SMEM_RECT:
    case TPX_K_TILE_ROWS:
        return 2;
    case TPX_K_MEMCPY:
    case TPX_K_CUBLAS:
    case TPX_K_COUNT:
        return 0;
    default:
        return 1;
    }
}

/* Moves per thread in each phase. */
TPX_HD int tpx_reps(tpx_kernel_id k, const tpx_geom *g)
{
    if (k == TPX_K_UNROLL4_ROW || k == TPX_K_UNROLL4_COL)
        return 4;
    if (k == TPX_K_TILE_ROWS)
        return g->bx / g->by;
    return 1;
}

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
 * The tile is the block after any reordering (tpx_block_tile). */
TPX_HD tpx_move tpx_tile_move(tpx_kernel_id k, const tpx_geom *g, int phase, int rep, int tbx,
                              int tby, int tx, int ty)
{
    switch (k) {
    case TPX_K_COPY_ROW:
        return tpx_copy_row(g, tbx, tby, tx, ty);
    case TPX_K_COPY_COL:
        return tpx_copy_col(g, tbx, tby, tx, ty);
    case TPX_K_NAIVE_ROW:
    case TPX_K_DIAGONAL_ROW:
        return tpx_naive_row(g, tbx, tby, tx, ty);
    case TPX_K_NAIVE_COL:
    case TPX_K_DIAGONAL_COL:
        return tpx_naive_col(g, tbx, tby, tx, ty);
    case TPX_K_UNROLL4_ROW:
        return tpx_unroll4_row(g, tbx, tby, tx, ty, rep);
    case TPX_K_UNROLL4_COL:
        return tpx_unroll4_col(g, tbx, tby, tx, ty, rep);
    case TPX_K_SMEM:
        return phase == 0 ? tpx_tile_load(g, tbx, tby, tx, ty)
                          : tpx_smem_store(g, tbx, tby, tx, ty);
    case TPX_K_SMEM_RECT:
        return phase == 0 ? tpx_tile_load(g, tbx, tby, tx, ty)
                          : tpx_smem_rect_store(g, tbx, tby, tx, ty);
    case TPX_K_TILE_ROWS:
        return phase == 0 ? tpx_tile_rows_load(g, tbx, tby, tx, ty, rep * g->by)
                          : tpx_tile_rows_store(g, tbx, tby, tx, ty, rep * g->by);
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

/* Shared tile size in elements (0 for kernels without a tile). */
TPX_HD long long tpx_smem_elems(tpx_kernel_id k, int bx, int by, int pad)
{
    switch (k) {
    case TPX_K_SMEM:
    case TPX_K_SMEM_RECT:
        return (long long)by * (bx + pad);
    case TPX_K_TILE_ROWS:
        return (long long)bx * (bx + pad);
    default:
        return 0;
    }
}

#endif /* TPX_INDEX_H */
