/*
 * naive.cu: the transpose anyone writes first, both ways round.  naive_row
 * reads rows of A (coalesced) and writes columns of B (a sector per lane);
 * naive_col reads columns and writes rows.  Same sector counts, mirrored,
 * yet naive_col is usually faster: strided reads can be served by the L1
 * and by sectors neighbouring warps already pulled in; strided writes not.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

/* Read rows, write columns. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_naive_row(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_direct<TPX_K_NAIVE_ROW, 1>(g, a, b);
}

/* Read columns, write rows. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_naive_col(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_direct<TPX_K_NAIVE_COL, 1>(g, a, b);
}

const void *tpx_fn_naive_row(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_naive_row);
}

const void *tpx_fn_naive_col(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_naive_col);
}
