/*
 * tpx_kernel_body.cuh: the bodies every kernel file instantiates.  They only
 * loop over moves and copy elements; every index and every guard comes from
 * tpx_index.h, the same functions the CPU model calls.
 *
 * Templates: E is the element (a raw 2-, 4- or 8-byte bit type: a transpose
 * copies bits), T the shared tile's element (E itself, or a wider float type
 * the value is converted to and back: --tile-dtype), K the catalog kernel, REPS the moves per thread per phase
 * when known at compile time (so the loop unrolls and every load of a phase
 * is in flight before the first store), or 0 for a run-time count.
 */
#ifndef TPX_KERNEL_BODY_CUH
#define TPX_KERNEL_BODY_CUH

#include <cuda_fp16.h>

#include "tpx_index.h"

/* Every kernel may be launched with up to 1024 threads per block. */
#define TPX_BOUNDS __launch_bounds__(1024)

/* The most threads an SM holds, by the architecture being compiled: what a
 * kernel's launch bounds may ask room for (ptxas refuses more).  An
 * architecture not listed gets 1536, which every one since sm_80 holds. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define TPX_SM_THREADS 1024 /* sm_75 */
#elif defined(__CUDA_ARCH__) &&                                                                  \
    (__CUDA_ARCH__ == 800 || __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000 || __CUDA_ARCH__ == 1030)
#define TPX_SM_THREADS 2048 /* A100, H100/H200, B200 */
#else
#define TPX_SM_THREADS 1536 /* sm_86, 87, 89, 120 */
#endif

/* Lanes that exist in this thread's warp (the block's last warp may be partial). */
__device__ __forceinline__ unsigned tpx_warp_lanes(void)
{
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int n = blockDim.x * blockDim.y - (t & ~31);
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

/* This block's tile: its (bx, by) in the grid, unfolded where the grid was
 * launched folded (tpx_grid_folded), through the kernel's block order. */
__device__ __forceinline__ void tpx_launch_tile(tpx_kernel_id k, const tpx_geom &g, int *tbx, int *tby)
{
    int bx = blockIdx.x, by = blockIdx.y;
    if (tpx_grid_folded(g.gy)) {
        const unsigned id = blockIdx.x;
        by = (int)(id / (unsigned)g.gx);
        bx = (int)(id - (unsigned)by * (unsigned)g.gx);
    }
    tpx_block_tile(k, &g, bx, by, tbx, tby);
}

/* The block's shared tile (dynamic shared memory, sized by the launcher from
 * tpx_smem_elems).  Taken from the symbol wherever it is used, so the
 * compiler always knows it is shared memory (LDS/STS, never generic LD/ST). */
template <typename E> __device__ __forceinline__ E *tpx_tile_smem(void)
{
    extern __shared__ __align__(16) unsigned char tpx_smem_raw[];
    return reinterpret_cast<E *>(tpx_smem_raw);
}

/* Into and out of the shared tile.  A tile of the matrix's own type keeps
 * the bits; a wider tile holds the value (f16 or f32 data in a float or
 * double tile), which converts back exactly, so the transpose is still
 * bit-exact.  Narrower tiles are refused by config_validate. */
template <typename E, typename T> struct tpx_conv {
    static_assert(sizeof(E) == sizeof(T), "a tile of another type needs a tpx_conv");
    static __device__ __forceinline__ T in(E v) { return v; }
    static __device__ __forceinline__ E out(T v) { return v; }
};
template <> struct tpx_conv<unsigned int, double> { /* f32 data, f64 tile (seed 004) */
    static __device__ __forceinline__ double in(unsigned int v) { return __uint_as_float(v); }
    static __device__ __forceinline__ unsigned int out(double v)
    {
        return __float_as_uint((float)v);
    }
};
template <> struct tpx_conv<unsigned short, float> { /* f16 data, f32 tile */
    static __device__ __forceinline__ float in(unsigned short v)
    {
        return __half2float(__ushort_as_half(v));
    }
    static __device__ __forceinline__ unsigned short out(float v)
    {
        return __half_as_ushort(__float2half_rn(v));
    }
};
template <> struct tpx_conv<unsigned short, double> { /* f16 data, f64 tile */
    static __device__ __forceinline__ double in(unsigned short v)
    {
        return __half2float(__ushort_as_half(v));
    }
    static __device__ __forceinline__ unsigned short out(double v)
    {
        return __half_as_ushort(__float2half_rn((float)v));
    }
};

/* One-phase kernels/* One-phase kernels (copies, naive, unrolled, diagonal): REPS guarded moves. */
template <tpx_kernel_id K, int REPS, typename E>
__device__ __forceinline__ void tpx_direct(const tpx_geom &g, const E *__restrict__ a,
                                           E *__restrict__ b)
{
    int tbx, tby, tx = threadIdx.x, ty = threadIdx.y;
    tpx_launch_tile(K, g, &tbx, &tby);
    tpx_move m[REPS];
    E v[REPS];
#pragma unroll
    for (int r = 0; r < REPS; r++) {
        m[r] = tpx_tile_move(K, &g, 0, r, tbx, tby, tx, ty);
        if (m[r].ok)
            v[r] = a[m[r].src];
    }
#pragma unroll
    for (int r = 0; r < REPS; r++)
        if (m[r].ok)
            b[m[r].dst] = v[r];
}

/* A full tile: every guard passes, so the guards are not evaluated and all
 * of a phase's loads issue before its stores.  v0 is rep 0's element,
 * loaded before the block knew whether its tile is full. */
template <tpx_kernel_id K, int REPS, typename E, typename T>
__device__ __forceinline__ void tpx_full_tile(const tpx_geom &g, int tbx, int tby,
                                              const E *__restrict__ a, E *__restrict__ b, E v0)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    T *s = tpx_tile_smem<T>();
    E v[REPS];
    long long d[REPS];
#pragma unroll
    for (int r = 0; r < REPS; r++) {
        tpx_move m = tpx_tile_move(K, &g, 0, r, tbx, tby, tx, ty);
        v[r] = r == 0 ? v0 : a[m.src];
        d[r] = m.dst;
    }
#pragma unroll
    for (int r = 0; r < REPS; r++)
        s[d[r]] = tpx_conv<E, T>::in(v[r]);
    __syncthreads();
#pragma unroll
    for (int r = 0; r < REPS; r++) {
        tpx_move m = tpx_tile_move(K, &g, 1, r, tbx, tby, tx, ty);
        v[r] = tpx_conv<E, T>::out(s[m.src]);
        d[r] = m.dst;
    }
#pragma unroll
    for (int r = 0; r < REPS; r++)
        b[d[r]] = v[r];
}

/* A tile cut by the matrix edge.  A warp whose lanes all fail a move's guard
 * must not issue that move's shared access at all (docs/kernels.md: a warp issues
 * an instruction only if one of its lanes passes; Nsight Compute counts a
 * shared instruction even when every lane is predicated off).  The moves a
 * warp issues are a prefix of its reps (the guards are x < bound and y < bound
 * and y grows with the rep), so the warp counts them with a vote and runs a
 * loop of exactly that many iterations: a loop the compiler cannot turn into
 * predicated instructions. */
template <tpx_kernel_id K, typename E, typename T>
__device__ __noinline__ void tpx_edge_tile(tpx_geom g, int reps, int tbx, int tby,
                                           const E *__restrict__ a, E *__restrict__ b, E v0)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    T *s = tpx_tile_smem<T>();
    unsigned lanes = tpx_warp_lanes();
    int n = 0;
    for (int r = 0; r < reps; r++)
        n += __any_sync(lanes, tpx_tile_move(K, &g, 0, r, tbx, tby, tx, ty).ok);
#pragma unroll 1
    for (int r = 0; r < n; r++) {
        tpx_move m = tpx_tile_move(K, &g, 0, r, tbx, tby, tx, ty);
        if (m.ok)
            s[m.dst] = tpx_conv<E, T>::in(r == 0 ? v0 : a[m.src]);
    }
    __syncthreads();
    n = 0;
    for (int r = 0; r < reps; r++)
        n += __any_sync(lanes, tpx_tile_move(K, &g, 1, r, tbx, tby, tx, ty).ok);
#pragma unroll 1
    for (int r = 0; r < n; r++) {
        tpx_move m = tpx_tile_move(K, &g, 1, r, tbx, tby, tx, ty);
        if (m.ok)
            b[m.dst] = tpx_conv<E, T>::out(s[m.src]);
    }
}

/* Run-time rep count on a full tile (tile shapes with no specialisation). */
template <tpx_kernel_id K, typename E, typename T>
__device__ __forceinline__ void tpx_full_tile_rt(const tpx_geom &g, int reps, int tbx, int tby,
                                                 const E *__restrict__ a, E *__restrict__ b,
                                                 E v0)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    T *s = tpx_tile_smem<T>();
    s[tpx_tile_move(K, &g, 0, 0, tbx, tby, tx, ty).dst] = tpx_conv<E, T>::in(v0);
#pragma unroll 4
    for (int r = 1; r < reps; r++) {
        tpx_move m = tpx_tile_move(K, &g, 0, r, tbx, tby, tx, ty);
        s[m.dst] = tpx_conv<E, T>::in(a[m.src]);
    }
    __syncthreads();
#pragma unroll 4
    for (int r = 0; r < reps; r++) {
        tpx_move m = tpx_tile_move(K, &g, 1, r, tbx, tby, tx, ty);
        b[m.dst] = tpx_conv<E, T>::out(s[m.src]);
    }
}

template <tpx_kernel_id K, int REPS, typename E, typename T>
__device__ __forceinline__ void tpx_full_tile_any(const tpx_geom &g, int reps, int tbx, int tby,
                                                  const E *__restrict__ a, E *__restrict__ b,
                                                  E v0)
{
    if (REPS > 0)
        tpx_full_tile<K, (REPS > 0 ? REPS : 1), E, T>(g, tbx, tby, a, b, v0);
    else
        tpx_full_tile_rt<K, E, T>(g, reps, tbx, tby, a, b, v0);
}

/* Two-phase kernels (smem, smem_rect, tile_rows): global -> shared tile,
 * barrier, shared tile -> global.  Whether the tile is full is decided once
 * per block from the guards of the thread at the tile's far corner, which
 * has the largest x and y of every move (guards are monotone in x and y).
 * The first element is loaded (under its guard) before that decision, so
 * the decision's arithmetic overlaps the load instead of delaying it: with
 * one element per thread (smem 32x32) that is worth several percent.  An
 * edge warp whose lanes all fail the guard issues no load (a fully
 * predicated-off load makes no request). */
template <tpx_kernel_id K, int REPS, typename E, typename T = E>
__device__ __forceinline__ void tpx_tiled(const tpx_geom &g, const E *__restrict__ a,
                                          E *__restrict__ b)
{
    int tbx, tby;
    tpx_launch_tile(K, g, &tbx, &tby);
    int reps = REPS > 0 ? REPS : tpx_reps(K, &g), last = reps - 1;
    tpx_move m0 = tpx_tile_move(K, &g, 0, 0, tbx, tby, threadIdx.x, threadIdx.y);
    E v0 = 0;
    if (m0.ok)
        v0 = a[m0.src];
    bool full = tpx_tile_move(K, &g, 0, last, tbx, tby, g.bx - 1, g.by - 1).ok &&
                tpx_tile_move(K, &g, 1, last, tbx, tby, g.bx - 1, g.by - 1).ok;
    if (!full) {
        tpx_edge_tile<K, E, T>(g, reps, tbx, tby, a, b, v0);
    } else if (g.swz) {
        tpx_full_tile_any<K, REPS, E, T>(g, reps, tbx, tby, a, b, v0);
    } else {
        tpx_geom plain = g; /* the compiler folds the swizzle away */
        plain.swz = 0;
        tpx_full_tile_any<K, REPS, E, T>(plain, reps, tbx, tby, a, b, v0);
    }
}

/* The compiled kernel `name<E...>` for an element size, as a function pointer. */
#define TPX_FN_BY_ESIZE(esize, name)                                                             \
    ((esize) == 2   ? (const void *)name<unsigned short>                                         \
     : (esize) == 4 ? (const void *)name<unsigned int>                                           \
     : (esize) == 8 ? (const void *)name<unsigned long long>                                     \
                    : (const void *)0)

/* ---- the lookups of the generated kernels (kernels/direct.cu, tiled.cu) -- */

/* A direct kernel for an element size.  W wraps the kernel template:
 * W::fn<E>() is tpxk_<sym><E>.  A TPX_KF_VEC16 kernel whose geometry says
 * 16-byte accesses runs on uint4 (its indices count vectors); only those
 * kernels instantiate the uint4 one. */
template <typename W, unsigned FLAGS> static const void *tpx_direct_fn(const tpx_geom *g, int esize)
{
    if constexpr ((FLAGS & TPX_KF_VEC16) != 0) {
        if (tpx_vec(g) * esize == 16)
            return W::template fn<uint4>();
    }
    switch (esize) {
    case 2: return W::template fn<unsigned short>();
    case 4: return W::template fn<unsigned int>();
    case 8: return W::template fn<unsigned long long>();
    default: return 0;
    }
}

/* A tiled kernel W::fn<REPS, E, T>() for the matrix's element size and the
 * geometry's tile (g->tile_esize, 0: the matrix's type).  Only the widening
 * pairs config_validate accepts are compiled: f32 in f64, f16 in f32 or f64. */
template <typename W, int REPS> static const void *tpx_tiled_types(const tpx_geom *g, int esize)
{
    int t = g->tile_esize ? g->tile_esize : esize;
    switch (esize * 16 + t) {
    case 2 * 16 + 2: return W::template fn<REPS, unsigned short, unsigned short>();
    case 4 * 16 + 4: return W::template fn<REPS, unsigned int, unsigned int>();
    case 8 * 16 + 8: return W::template fn<REPS, unsigned long long, unsigned long long>();
    case 4 * 16 + 8: return W::template fn<REPS, unsigned int, double>();
    case 2 * 16 + 4: return W::template fn<REPS, unsigned short, float>();
    case 2 * 16 + 8: return W::template fn<REPS, unsigned short, double>();
    default: return 0;
    }
}

/* A tiled kernel with its moves per thread as a compile-time constant: the
 * table's reps, or for TPX_REPS_WALK the geometry's tile height / BY when it
 * is a power of two up to 32 (so the loops unroll and every load of a phase
 * is in flight before the first store), else 0 (counted at run time). */
template <typename W, tpx_kernel_id K, int REPS>
static const void *tpx_tiled_fn(const tpx_geom *g, int esize)
{
    if constexpr (REPS != TPX_REPS_WALK) {
        return tpx_tiled_types<W, REPS>(g, esize);
    } else {
        switch (tpx_reps(K, g)) {
        case 1: return tpx_tiled_types<W, 1>(g, esize);
        case 2: return tpx_tiled_types<W, 2>(g, esize);
        case 4: return tpx_tiled_types<W, 4>(g, esize);
        case 8: return tpx_tiled_types<W, 8>(g, esize);
        case 16: return tpx_tiled_types<W, 16>(g, esize);
        case 32: return tpx_tiled_types<W, 32>(g, esize);
        default: return tpx_tiled_types<W, 0>(g, esize);
        }
    }
}

#endif /* TPX_KERNEL_BODY_CUH */
