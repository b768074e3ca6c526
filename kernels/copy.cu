/*
 * copy.cu: the two bounds of a transpose, which are not transposes at all.
 * copy_row reads and writes rows (every sector a warp touches is fully
 * used: the ceiling); copy_col walks columns on both sides (a sector per
 * lane per access: the floor).  Any transpose lands between them.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

/* The ceiling: rows in, rows out. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_copy_row(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_direct<TPX_K_COPY_ROW, 1>(g, a, b);
}

/* The floor: consecutive threads walk down a column. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_copy_col(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_direct<TPX_K_COPY_COL, 1>(g, a, b);
}

const void *tpx_fn_copy_row(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_copy_row);
}

const void *tpx_fn_copy_col(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_copy_col);
}
