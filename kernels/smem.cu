/*
 * smem.cu: stage a tile in shared memory so that both global sides are
 * coalesced.  A block reads its tile of A by rows into shared memory, waits
 * at a barrier, and writes B by rows while reading the tile by columns: the
 * strided walk moves from global memory into shared memory, where a column
 * of a 32-wide tile of words sits in one bank (a 32-way conflict) until a
 * pad of one element per row, or an XOR swizzle, spreads it over the banks.
 * smem needs a square block; smem_rect renumbers the threads after the
 * barrier so that any BX x BY tile goes back out in full rows.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

/* Square tile, T = BX = BY. */
template <typename E, typename T = E>
__global__ void TPX_BOUNDS tpxk_smem(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_tiled<TPX_K_SMEM, 1, E, T>(g, a, b);
}

/* Rectangular tile, threads re-indexed as a BY-wide block after the barrier. */
template <typename E, typename T = E>
__global__ void TPX_BOUNDS tpxk_smem_rect(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_tiled<TPX_K_SMEM_RECT, 1, E, T>(g, a, b);
}

const void *tpx_fn_smem(const tpx_geom *g, int esize)
{
    return TPX_FN_TILED(g, esize, tpxk_smem);
}

const void *tpx_fn_smem_rect(const tpx_geom *g, int esize)
{
    return TPX_FN_TILED(g, esize, tpxk_smem_rect);
}
