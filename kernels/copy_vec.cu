/*
 * copy_vec.cu: the honest ceiling (issue 11).  copy_row with every access 16
 * bytes wide: the move indices count 16-byte vectors (tpx_mv_copy_vec), so
 * the same body as copy_row runs on uint4, one LDG.128 and one STG.128 per
 * thread.  When the rows do not start on 16 bytes the geometry says vec 1
 * and the element-typed kernel runs instead.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

template <typename E>
__global__ void TPX_BOUNDS tpxk_copy_vec(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_direct<TPX_K_COPY_VEC, 1>(g, a, b);
}

const void *tpx_fn_copy_vec(const tpx_geom *g, int esize)
{
    if (tpx_vec(g) * esize == 16)
        return (const void *)tpxk_copy_vec<uint4>;
    return TPX_FN_BY_ESIZE(esize, tpxk_copy_vec);
}
