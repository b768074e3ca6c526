/*
 * fast_others.cuh: the candidates that are not tile_vec: reg_direct (no
 * shared memory) and tile_rows (the catalog's element-wise best, as a
 * calibration).  Same conventions as fast_kernels.cuh.
 */
#ifndef FAST_OTHERS_CUH
#define FAST_OTHERS_CUH

#include "fast_kernels.cuh"

/* ---- copy_tile: tile_vec's loads, stored back in place (phase A3) --------- */

/* Not a transpose: every 16-byte vector tile_vec would load is stored to the
 * same offset of B, so the block reads and writes TY rows of 4 * TX bytes.
 * Whole aligned tiles only take the vector path; the rest copy elements. */
template <int TX, int TY, int T>
__global__ void __launch_bounds__(T)
    k_copy_tile(const unsigned *__restrict__ a, unsigned *__restrict__ b, ll w, ll h)
{
    typedef tvc<unsigned, TX, TY, T> C;
    ll ntx = (w + TX - 1) / TX, tx0 = (blockIdx.x % ntx) * TX, ty0 = (blockIdx.x / ntx) * TY;
    if (w % 4 == 0 && tx0 + TX <= w && ty0 + TY <= h) {
        uint4 v[C::NSB][C::N];
        tv_gload<unsigned, TX, TY, T, 0>(v, a, w, tx0, ty0);
#pragma unroll
        for (int i = 0; i < C::NSB; i++) {
            unsigned sb = threadIdx.x + i * T, sbx = sb % C::SX, sby = sb / C::SX;
#pragma unroll
            for (int k = 0; k < C::N; k++)
                tv_stg(b + (ty0 + sby * C::N + k) * w + tx0 + sbx * C::N, v[i][k]);
        }
        return;
    }
    for (int i = threadIdx.x; i < TX * TY; i += T) {
        ll y = ty0 + i / TX, x = tx0 + i % TX;
        if (y < h && x < w)
            b[y * w + x] = a[y * w + x];
    }
}

/* ---- reg_direct: no shared memory at all ----------------------------------- */

/* A warp is XL sub-blocks wide and 32/XL tall.  After the register transpose,
 * store k of a warp writes XL rows of B, each (32/XL)*16 contiguous bytes:
 * whole 32-byte sectors, so no byte is wasted, but more lines per request
 * than a staged tile.  R sub-blocks per thread, stacked down the tile. */
template <typename E, int XL, int R>
__global__ void __launch_bounds__(256)
    k_reg_direct(const E *__restrict__ a, E *__restrict__ b, ll w, ll h)
{
    constexpr int N = 16 / sizeof(E), YL = 256 / XL;
    constexpr int TX = XL * N, TY = YL * N * R;
    ll ntx = (w + TX - 1) / TX;
    ll tx0 = (blockIdx.x % ntx) * TX, ty0 = (blockIdx.x / ntx) * TY;
    if (w % N == 0 && h % N == 0 && tx0 + TX <= w && ty0 + TY <= h) {
        unsigned sbx = threadIdx.x % XL, sby = threadIdx.x / XL;
        uint4 v[R][N];
#pragma unroll
        for (int i = 0; i < R; i++) {
            const E *p = a + (ty0 + (sby + i * YL) * N) * w + tx0 + sbx * N;
#pragma unroll
            for (int k = 0; k < N; k++)
                v[i][k] = tv_ldg(p + k * w);
        }
#pragma unroll
        for (int i = 0; i < R; i++) {
            tv_transpose(v[i], E());
            E *q = b + (tx0 + sbx * N) * h + ty0 + (sby + i * YL) * N;
#pragma unroll
            for (int k = 0; k < N; k++)
                tv_stg(q + k * h, v[i][k]);
        }
        return;
    }
    for (int i = threadIdx.x; i < TX * TY; i += 256) {
        int r = i / TX, c = i % TX;
        if (ty0 + r < h && tx0 + c < w)
            b[(tx0 + c) * h + ty0 + r] = a[(ty0 + r) * w + tx0 + c];
    }
}

/* ---- tile_rows: the catalog's best today (element-wise, 64x4, pad 1) ------- */

template <typename E>
__global__ void __launch_bounds__(256)
    k_tile_rows(const E *__restrict__ a, E *__restrict__ b, ll w, ll h)
{
    __shared__ E s[64][65];
    ll ntx = (w + 63) / 64;
    ll tx0 = (blockIdx.x % ntx) * 64, ty0 = (blockIdx.x / ntx) * 64;
    unsigned tx = threadIdx.x % 64, ty = threadIdx.x / 64;
    E v[16];
#pragma unroll
    for (int r = 0; r < 16; r++) {
        ll y = ty0 + ty + 4 * r, x = tx0 + tx;
        if (y < h && x < w)
            v[r] = a[y * w + x];
    }
#pragma unroll
    for (int r = 0; r < 16; r++)
        s[ty + 4 * r][tx] = v[r];
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 16; r++)
        v[r] = s[tx][ty + 4 * r];
#pragma unroll
    for (int r = 0; r < 16; r++) {
        ll y = tx0 + ty + 4 * r, x = ty0 + tx; /* B row y, column x */
        if (y < w && x < h)
            b[y * h + x] = v[r];
    }
}

#endif
