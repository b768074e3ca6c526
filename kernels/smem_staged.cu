/*
 * smem_staged.cu: seed 000's first attempt.  The block stages its tile of A
 * in shared memory, but after the barrier every thread reads back its own
 * element and stores it where naive_row would, so the global store stays
 * strided: shared memory helps only together with the corner turn (smem).
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

template <typename E, typename T = E>
__global__ void TPX_BOUNDS tpxk_smem_staged(tpx_geom g, const E *__restrict__ a,
                                            E *__restrict__ b)
{
    tpx_tiled<TPX_K_SMEM_STAGED, 1, E, T>(g, a, b);
}

const void *tpx_fn_smem_staged(const tpx_geom *g, int esize)
{
    return TPX_FN_TILED(g, esize, tpxk_smem_staged);
}
