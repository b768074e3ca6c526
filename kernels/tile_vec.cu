/*
 * tile_vec.cu: the fastest transpose of issue 11 (bench/fast: tile_vec).
 * Every global and shared access is 16 bytes wide.  A thread loads N x N
 * sub-blocks (N = 16 / element size) as N vectors each, transposes each
 * sub-block in registers, stores the transposed rows to a shared tile that
 * holds the transposed tile (XOR-swizzled in 16-byte units), and after the
 * barrier copies 16-byte pieces of B rows out.  Every index and guard comes
 * from tpx_mv_tile_vec (tpx_index.h), counted in 16-byte accesses; element j
 * of the load of a sub-block's move k is element k of the store of its move
 * j (TPX_KF_REGT), which is what the register transpose does.  When the rows
 * do not start on 16 bytes the geometry says vec 1 and the generic
 * element-wise tile body runs instead (a BX x BX tile, tile_rows' moves with
 * the transposition at the shared store), compiled per rep count as tile_rows is.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"
#include "tpx_vec16.cuh"

/* ---- the 16-byte tile ------------------------------------------------------ */

#define TV_MOVE(ph, rep) tpx_tile_move(TPX_K_TILE_VEC, &g, ph, rep, tbx, tby, threadIdx.x, threadIdx.y)

/* A whole tile: NSB = BX / BY sub-blocks per thread, every load of a phase
 * in flight before its first store, no guard evaluated. */
template <typename E, int NSB>
__device__ __forceinline__ void tv_full(const tpx_geom &g, int tbx, int tby,
                                        const uint4 *__restrict__ a, uint4 *__restrict__ b)
{
    constexpr int N = 16 / sizeof(E);
    uint4 *s = tpx_tile_smem<uint4>();
    uint4 v[NSB][N];
#pragma unroll
    for (int i = 0; i < NSB; i++)
#pragma unroll
        for (int k = 0; k < N; k++)
            v[i][k] = tv_ldg(a + TV_MOVE(0, i * N + k).src);
#pragma unroll
    for (int i = 0; i < NSB; i++) {
        tv_transpose(v[i], E());
#pragma unroll
        for (int j = 0; j < N; j++)
            tv_sts(s + TV_MOVE(0, i * N + j).dst, v[i][j]);
    }
    __syncthreads();
    uint4 o[NSB * N];
#pragma unroll
    for (int r = 0; r < NSB * N; r++)
        o[r] = tv_lds(s + TV_MOVE(1, r).src);
#pragma unroll
    for (int r = 0; r < NSB * N; r++)
        tv_stg(b + TV_MOVE(1, r).dst, o[r]);
}

/* A tile cut by the matrix edge (whole vectors: W and H are multiples of
 * N here).  As tpx_edge_tile: a warp issues exactly the moves one of its
 * lanes passes (a prefix of its reps, counted with a vote), so the model's
 * counts hold on edge tiles too; a sub-block's N moves pass or fail together. */
template <typename E>
__device__ __noinline__ void tv_edge(tpx_geom g, int reps, int tbx, int tby,
                                     const uint4 *__restrict__ a, uint4 *__restrict__ b)
{
    constexpr int N = 16 / sizeof(E);
    uint4 *s = tpx_tile_smem<uint4>();
    unsigned lanes = tpx_warp_lanes();
    int n = 0;
    for (int r = 0; r < reps; r++)
        n += __any_sync(lanes, TV_MOVE(0, r).ok);
#pragma unroll 1
    for (int i = 0; i < n / N; i++) {
        uint4 v[N];
#pragma unroll
        for (int k = 0; k < N; k++) {
            tpx_move m = TV_MOVE(0, i * N + k);
            v[k] = m.ok ? tv_ldg(a + m.src) : make_uint4(0, 0, 0, 0);
        }
        tv_transpose(v, E());
#pragma unroll
        for (int j = 0; j < N; j++) {
            tpx_move m = TV_MOVE(0, i * N + j);
            if (m.ok)
                tv_sts(s + m.dst, v[j]);
        }
    }
    __syncthreads();
    n = 0;
    for (int r = 0; r < reps; r++)
        n += __any_sync(lanes, TV_MOVE(1, r).ok);
#pragma unroll 1
    for (int r = 0; r < n; r++) {
        tpx_move m = TV_MOVE(1, r);
        if (m.ok)
            tv_stg(b + m.dst, tv_lds(s + m.src));
    }
}

/* Full or edge, decided once per block from the far-corner thread's last
 * moves (guards are monotone in x and y).  NSB 0: BX / BY is not 1, 2 or 4
 * and the tile goes through the edge path's run-time loops.  MAXT: blocks of
 * up to 256 threads get a kernel bounded at 256, which may use the registers
 * a 16x16 f16 block needs (8 vectors loaded + 8 permuted); bounded at 1024,
 * the cap of 64 registers spills them. */
template <typename E, int NSB, int MAXT>
__global__ void __launch_bounds__(MAXT) tpxk_tile_vec16(tpx_geom gp, const E *__restrict__ a, E *__restrict__ b)
{
    /* The vector width as a constant the compiler sees (it is 16 / esize on
     * this path): every rep / vec, row / vec and width / vec of the index
     * functions folds into shifts.  Left as the launch parameter they were
     * 25 run-time integer divisions per f16 thread, before its first load. */
    tpx_geom g = gp;
    g.vec = 16 / (int)sizeof(E);
    int tbx, tby, reps = tpx_reps(TPX_K_TILE_VEC, &g);
    tpx_launch_tile(TPX_K_TILE_VEC, g, &tbx, &tby);
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    uint4 *b4 = reinterpret_cast<uint4 *>(b);
    bool full = NSB > 0 &&
                tpx_tile_move(TPX_K_TILE_VEC, &g, 0, reps - 1, tbx, tby, g.bx - 1, g.by - 1).ok &&
                tpx_tile_move(TPX_K_TILE_VEC, &g, 1, reps - 1, tbx, tby, g.bx - 1, g.by - 1).ok;
    if (!full) {
        tv_edge<E>(g, reps, tbx, tby, a4, b4);
    } else if (g.swz) {
        tv_full<E, (NSB > 0 ? NSB : 1)>(g, tbx, tby, a4, b4);
    } else {
        tpx_geom plain = g; /* the compiler folds the swizzle away */
        plain.swz = 0;
        tv_full<E, (NSB > 0 ? NSB : 1)>(plain, tbx, tby, a4, b4);
    }
}

/* One element per access: the generic tile body on tpx_mv_tile_vec's vec-1
 * moves, compiled for tile_rows' rep counts (tpx_instance_reps) so that
 * every load of a phase is in flight before the first store.  The vector
 * width is the constant 1 the compiler sees: left as the launch parameter,
 * every move divided 64-bit indices by it (47 registers a thread; 16x4 at
 * 13000x6500 f16 ran at 58 % of tile_rows' speed with the same moves). */
template <typename E, int REPS>
__global__ void TPX_BOUNDS tpxk_tile_vec1(tpx_geom gp, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_geom g = gp;
    g.vec = 1;
    tpx_tiled<TPX_K_TILE_VEC, REPS>(g, a, b);
}

/* The element path's instances for tpx_tiled_fn, which picks REPS as it does
 * for tile_rows (tpx_instance_reps names the same); tile_vec's tile keeps
 * the data's type (config_validate), so only T = E has a kernel. */
struct tpxk_tile_vec1_fn {
    template <int R, typename E, typename T> static const void *fn()
    {
        return sizeof(T) == sizeof(E) ? (const void *)tpxk_tile_vec1<E, R> : 0;
    }
};

template <int NSB, int MAXT> static const void *tile_vec16_fn(int esize)
{
    switch (esize) {
    case 2: return (const void *)tpxk_tile_vec16<unsigned short, NSB, MAXT>;
    case 4: return (const void *)tpxk_tile_vec16<unsigned int, NSB, MAXT>;
    case 8: return (const void *)tpxk_tile_vec16<unsigned long long, NSB, MAXT>;
    default: return 0;
    }
}

template <int MAXT> static const void *tile_vec16_nsb(const tpx_geom *g, int esize)
{
    switch (g->by > 0 && g->bx % g->by == 0 ? g->bx / g->by : 0) {
    case 1: return tile_vec16_fn<1, MAXT>(esize);
    case 2: return tile_vec16_fn<2, MAXT>(esize);
    case 4: return tile_vec16_fn<4, MAXT>(esize);
    default: return tile_vec16_fn<0, MAXT>(esize);
    }
}

const void *tpx_fn_tile_vec(const tpx_geom *g, int esize)
{
    if (tpx_vec(g) * esize != 16)
        return tpx_tiled_fn<tpxk_tile_vec1_fn, TPX_K_TILE_VEC, TPX_REPS_WALK>(g, esize);
    if ((long long)g->bx * g->by <= 256)
        return tile_vec16_nsb<256>(g, esize);
    return tile_vec16_nsb<1024>(g, esize);
}
