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

const void *tpx_fn_copy(tpx_kernel_id k, int esize)
{
    switch (k) {
    case TPX_K_COPY_ROW: return TPX_FN_BY_ESIZE(esize, tpxk_copy_row);
    case TPX_K_COPY_COL: return TPX_FN_BY_ESIZE(esize, tpxk_copy_col);
    default: return 0;
    }
}
