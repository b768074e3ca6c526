/*
 * tvr_kernel.cuh: issue 20's register-realigning path (kernels/tpx_tvr.h
 * says the design; every index and guard comes from there, so
 * tests/test_tvr.c checks on the CPU what this runs).  Fast tiles: 2 N
 * 16-byte loads per sub-block all in flight before the first use, a shift
 * (SEL/SHF) per row, tile_vec's register transpose, 16-byte shared stores;
 * after the barrier 2 LDS.128 + a shift + 1 STG.128 per B vector.
 */
#ifndef TVR_KERNEL_CUH
#define TVR_KERNEL_CUH

#include "tpx_tvr.h"
#include "tpx_vec16.cuh"

/* lo:hi shifted by s elements of E. */
template <typename E> __device__ __forceinline__ uint4 tvr_shift(uint4 lo, uint4 hi, int s)
{
    unsigned w[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w}, o[4];
    tpx_tvr_realign(w, s * (int)sizeof(E), o);
    return make_uint4(o[0], o[1], o[2], o[3]);
}

template <typename E> union tvr_vec {
    uint4 u;
    E e[16 / sizeof(E)];
};

/* A fast tile.  NSB = BX / BY sub-block rows per thread, and the halo's
 * rows spread over the block. */
template <typename E, int BX, int NSB>
__device__ __forceinline__ void tvr_full(const tpx_geom &g, int tbx, int tby, const uint4 *__restrict__ a,
                                         uint4 *__restrict__ b, uint4 *s)
{
    constexpr int N = 16 / sizeof(E), BY = BX / NSB;
    int tx = threadIdx.x, ty = threadIdx.y;
    constexpr int HJ = (N + BY - 1) / BY; /* halo rows per thread */
    uint4 lo[NSB][N], hi[NSB][N], hlo[HJ], hhi[HJ];
    int sh[NSB][N], hsh[HJ];
    /* rows by increments of W from the first: 64-bit adds, not products */
    long long f0 = tpx_tvr_arow(&g, tbx, tby, tx, ty);
#pragma unroll
    for (int i = 0; i < NSB; i++)
#pragma unroll
        for (int k = 0; k < N; k++) {
            long long v = tpx_tvr_split(&g, f0 + (i * BY * N + k) * g.w, &sh[i][k]);
            lo[i][k] = tv_ldg(a + v);
            hi[i][k] = tv_ldg(a + v + 1);
        }
    long long fh = tpx_tvr_arow(&g, tbx, tby, tx, BX);
#pragma unroll
    for (int j = 0; j < HJ; j++)
        if (ty + j * BY < N) {
            long long v = tpx_tvr_split(&g, fh + (ty + j * BY) * g.w, &hsh[j]);
            hlo[j] = tv_ldg(a + v);
            hhi[j] = tv_ldg(a + v + 1);
        }
#pragma unroll
    for (int i = 0; i < NSB; i++) {
        uint4 r[N];
#pragma unroll
        for (int k = 0; k < N; k++)
            r[k] = tvr_shift<E>(lo[i][k], hi[i][k], sh[i][k]);
        tv_transpose(r, E());
#pragma unroll
        for (int j = 0; j < N; j++)
            tv_sts(s + tpx_tvr_spos(&g, tx * N + j, ty + i * BY), r[j]);
    }
    E *se = reinterpret_cast<E *>(s);
#pragma unroll
    for (int j = 0; j < HJ; j++)
        if (ty + j * BY < N) {
            tvr_vec<E> h;
            h.u = tvr_shift<E>(hlo[j], hhi[j], hsh[j]);
#pragma unroll
            for (int e = 0; e < N; e++)
                se[tpx_tvr_sat(&g, BX * N + ty + j * BY, tx * N + e)] = h.e[e];
        }
    __syncthreads();
    constexpr int REPS = NSB * N; /* T rows over BY thread rows */
    uint4 o[REPS];
    long long dst[REPS], g0 = tpx_tvr_brow(&g, tbx, tby, ty);
#pragma unroll
    for (int r = 0; r < REPS; r++) {
        int xl = ty + r * BY, c0;
        dst[r] = tpx_tvr_bvec(&g, g0 + r * BY * g.h, tx, &c0);
        o[r] = tvr_shift<E>(tv_lds(s + tpx_tvr_spos(&g, xl, tx)), tv_lds(s + tpx_tvr_spos(&g, xl, tx + 1)),
                            c0);
    }
#pragma unroll
    for (int r = 0; r < REPS; r++)
        tv_stg(b + dst[r], o[r]);
}

/* A tile at the matrix edge: element-wise into the same shared layout
 * (rows y0 .. y0 + T + N - 1 that exist), then each owned vector gathered
 * element by element, from A where the tile lacks the element. */
template <typename E>
__device__ __noinline__ void tvr_edge(tpx_geom g, int tbx, int tby, const E *__restrict__ a,
                                      E *__restrict__ b, E *se)
{
    const int n = tpx_vec(&g), t = tpx_tvu_side(&g), threads = g.bx * g.by;
    const int tid = threadIdx.x + threadIdx.y * g.bx;
    long long x0 = (long long)tbx * t, y0 = (long long)tby * t, wh = g.w * g.h;
    for (int i = tid; i < (t + n) * t; i += threads) {
        int r = i / t, c = i % t;
        if (y0 + r < g.h && x0 + c < g.w)
            se[tpx_tvr_sat(&g, r, c)] = a[(y0 + r) * g.w + x0 + c];
    }
    __syncthreads();
    for (int i = tid; i < t * g.bx; i += threads) {
        int xl = i / g.bx, k = i % g.bx, c0;
        long long x = x0 + xl, v = tpx_tvr_bvec(&g, tpx_tvr_brow(&g, tbx, tby, xl), k, &c0);
        if (x >= g.w || v * n - x * g.h >= (y0 + t < g.h ? y0 + t : g.h))
            continue; /* not a vector this tile owns */
        tvr_vec<E> o;
        for (int e = 0; e < n; e++) {
            long long ex, ey;
            o.e[e] = 0;
            if (!tpx_tvr_belem(&g, v, x, e, &ex, &ey))
                break;
            bool in = ex < x0 + t && ey >= y0 && ey < y0 + t + n;
            o.e[e] = in ? se[tpx_tvr_sat(&g, (int)(ey - y0), (int)(ex - x0))] : a[ey * g.w + ex];
        }
        if ((v + 1) * n <= wh)
            tv_stg(reinterpret_cast<uint4 *>(b) + v, o.u);
        else
            for (int e = 0; v * n + e < wh; e++)
                b[v * n + e] = o.e[e];
    }
}

template <typename E, int BX, int NSB>
__global__ void __launch_bounds__(256) tvr_transpose(tpx_geom gp, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_geom g = gp;
    g.vec = 16 / (int)sizeof(E); /* constants: divisions by N and BX fold */
    g.bx = BX;
    g.by = BX / NSB;
    extern __shared__ uint4 tvr_smem[];
    int tbx, tby;
    tpx_col_remap(&g, blockIdx.x, blockIdx.y, &tbx, &tby);
    if (tpx_tvr_full(&g, tbx, tby))
        tvr_full<E, BX, NSB>(g, tbx, tby, reinterpret_cast<const uint4 *>(a), reinterpret_cast<uint4 *>(b),
                             tvr_smem);
    else
        tvr_edge<E>(g, tbx, tby, a, b, reinterpret_cast<E *>(tvr_smem));
}

template <typename E, int BX>
static void tvr_run_bx(dim3 grid, dim3 block, size_t smem, const tpx_geom &g, const void *a, void *b)
{
    int nsb = BX / g.by;
    if (nsb == 1)
        tvr_transpose<E, BX, 1><<<grid, block, smem>>>(g, (const E *)a, (E *)b);
    else if (nsb == 2)
        tvr_transpose<E, BX, 2><<<grid, block, smem>>>(g, (const E *)a, (E *)b);
    else
        tvr_transpose<E, BX, 4><<<grid, block, smem>>>(g, (const E *)a, (E *)b);
}

template <typename E>
static void tvr_run(dim3 grid, dim3 block, size_t smem, const tpx_geom &g, const void *a, void *b)
{
    if (g.bx == 16)
        tvr_run_bx<E, 16>(grid, block, smem, g, a, b);
    else
        tvr_run_bx<E, 8>(grid, block, smem, g, a, b);
}

/* Launch on W x H elements of esize bytes with a BX x BY block: BX 8 or 16,
 * BX / BY 1, 2 or 4. */
static inline cudaError_t tvr_launch(const void *a, void *b, long long w, long long h, int esize, int bx, int by)
{
    tpx_geom g = {};
    g.w = w, g.h = h, g.bx = bx, g.by = by, g.vec = 16 / esize;
    long long gx, gy;
    tpx_tvu_grid(&g, &gx, &gy);
    int nsb = by > 0 && bx % by == 0 ? bx / by : 0;
    if (gy > 65535 || (bx != 8 && bx != 16) || (nsb != 1 && nsb != 2 && nsb != 4))
        return cudaErrorInvalidConfiguration;
    g.gx = (int)gx, g.gy = (int)gy;
    size_t smem = (size_t)tpx_tvu_smem_units(&g) * 16;
    dim3 grid((unsigned)gx, (unsigned)gy), block((unsigned)bx, (unsigned)by);
    if (esize == 2)
        tvr_run<unsigned short>(grid, block, smem, g, a, b);
    else if (esize == 4)
        tvr_run<unsigned int>(grid, block, smem, g, a, b);
    else
        tvr_run<unsigned long long>(grid, block, smem, g, a, b);
    return cudaGetLastError();
}

#endif /* TVR_KERNEL_CUH */
