/*
 * tile_rows.cu: NVIDIA's transpose sample.  The tile is T x T (T = BX) but
 * the block has only ROWS = BY rows of threads, each thread moving T/ROWS
 * elements per phase.  With the rep count a compile-time constant the
 * loops unroll and a thread has all T/ROWS loads of a phase in flight
 * before its first store: that, with a padded tile, is what brings a
 * transpose close to a plain copy (64x4, 16 reps, is often the fastest).
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

/* REPS = T/ROWS moves per thread per phase (0: counted at run time). */
template <int REPS, typename E>
__global__ void TPX_BOUNDS tpxk_tile_rows(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_tiled<TPX_K_TILE_ROWS, REPS>(g, a, b);
}

template <int REPS> static const void *tile_rows_fn(int esize)
{
    switch (esize) {
    case 2: return (const void *)tpxk_tile_rows<REPS, unsigned short>;
    case 4: return (const void *)tpxk_tile_rows<REPS, unsigned int>;
    case 8: return (const void *)tpxk_tile_rows<REPS, unsigned long long>;
    default: return 0;
    }
}

const void *tpx_fn_tile_rows(const tpx_geom *g, int esize)
{
    switch (tpx_reps(TPX_K_TILE_ROWS, g)) {
    case 1: return tile_rows_fn<1>(esize);
    case 2: return tile_rows_fn<2>(esize);
    case 4: return tile_rows_fn<4>(esize);
    case 8: return tile_rows_fn<8>(esize);
    case 16: return tile_rows_fn<16>(esize);
    case 32: return tile_rows_fn<32>(esize);
    default: return tile_rows_fn<0>(esize);
    }
}
