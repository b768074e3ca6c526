/*
 * diagonal.cu: the naive transposes with blocks renumbered along diagonals
 * (tpx_diag_remap).  Blocks resident together have consecutive ids; with
 * the usual numbering they all write one band of B, with the diagonal one
 * their tiles are spread over the matrix.  Per-warp accesses are unchanged:
 * only the order in which tiles are visited moves.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

/* naive_row on the remapped tile. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_diagonal_row(tpx_geom g, const E *__restrict__ a,
                                             E *__restrict__ b)
{
    tpx_direct<TPX_K_DIAGONAL_ROW, 1>(g, a, b);
}

/* naive_col on the remapped tile. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_diagonal_col(tpx_geom g, const E *__restrict__ a,
                                             E *__restrict__ b)
{
    tpx_direct<TPX_K_DIAGONAL_COL, 1>(g, a, b);
}

const void *tpx_fn_diagonal_row(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_diagonal_row);
}

const void *tpx_fn_diagonal_col(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_diagonal_col);
}
