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
template <int REPS, typename E, typename T = E>
__global__ void TPX_BOUNDS tpxk_tile_rows(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_tiled<TPX_K_TILE_ROWS, REPS, E, T>(g, a, b);
}

/* The tile_rows kernels of one rep count (the widening tile pairs as in
 * TPX_FN_TILED). */
template <int REPS> static const void *tile_rows_fn(const tpx_geom *g, int esize)
{
    int t = g->tile_esize ? g->tile_esize : esize;
    switch (esize * 16 + t) {
    case 2 * 16 + 2: return (const void *)tpxk_tile_rows<REPS, unsigned short>;
    case 4 * 16 + 4: return (const void *)tpxk_tile_rows<REPS, unsigned int>;
    case 8 * 16 + 8: return (const void *)tpxk_tile_rows<REPS, unsigned long long>;
    case 4 * 16 + 8: return (const void *)tpxk_tile_rows<REPS, unsigned int, double>;
    case 2 * 16 + 4: return (const void *)tpxk_tile_rows<REPS, unsigned short, float>;
    case 2 * 16 + 8: return (const void *)tpxk_tile_rows<REPS, unsigned short, double>;
    default: return 0;
    }
}

const void *tpx_fn_tile_rows(const tpx_geom *g, int esize)
{
    switch (tpx_reps(TPX_K_TILE_ROWS, g)) {
    case 1: return tile_rows_fn<1>(g, esize);
    case 2: return tile_rows_fn<2>(g, esize);
    case 4: return tile_rows_fn<4>(g, esize);
    case 8: return tile_rows_fn<8>(g, esize);
    case 16: return tile_rows_fn<16>(g, esize);
    case 32: return tile_rows_fn<32>(g, esize);
    default: return tile_rows_fn<0>(g, esize);
    }
}
