/*
 * unroll4.cu: the naive transposes with four elements per thread, one block
 * width apart.  Each instruction's access pattern is the naive one; what
 * changes is that a thread has four independent loads to issue before it
 * waits for any, so fewer blocks keep more bytes in flight.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

/* naive_row, four elements per thread. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_unroll4_row(tpx_geom g, const E *__restrict__ a,
                                            E *__restrict__ b)
{
    tpx_direct<TPX_K_UNROLL4_ROW, 4>(g, a, b);
}

/* naive_col, four elements per thread. */
template <typename E>
__global__ void TPX_BOUNDS tpxk_unroll4_col(tpx_geom g, const E *__restrict__ a,
                                            E *__restrict__ b)
{
    tpx_direct<TPX_K_UNROLL4_COL, 4>(g, a, b);
}

const void *tpx_fn_unroll4_row(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_unroll4_row);
}

const void *tpx_fn_unroll4_col(const tpx_geom *g, int esize)
{
    (void)g;
    return TPX_FN_BY_ESIZE(esize, tpxk_unroll4_col);
}
