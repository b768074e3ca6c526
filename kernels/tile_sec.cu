/*
 * tile_sec.cu: B rows cut on 32-byte sectors, for rows at any alignment
 * (issue 20; kernels/tpx_tsec.h says the design).  Every index and guard
 * comes from tpx_mv_tile_sec: phase 0 moves single elements of A into shared
 * rows, phase 1 moves 16-byte units of those rows to B.  A warp issues a
 * move's load and store when one of its lanes passes the guard (a predicated
 * instruction), which is what the model counts.  All of phase 0's loads are
 * in flight before its first shared store when BY is a compiled constant.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"
#include "tpx_vec16.cuh"

/* An interior tile (tpx_ts_interior): whole columns, segments of exactly
 * TY elements inside their rows.  Its moves are tpx_mv_tile_sec's,
 * strength-reduced, and cost a block no more than the design needs: each
 * instruction a block spends before its loads lowers the bytes in flight.
 * Measured on an H200 (bench/odd_probe.cu, 2026-11-27), f32 at 8191x8193:
 * every tile through the move functions ran at 63-70 % of memcpy, the same
 * design written lean at 89 %, and this path, in tpx, at 88 %.  Phase 0: lane tx's window starts at
 * lo = tpx_ts_lead (its segment's offset into the sector), source (y0 + r)
 * W + x, a pointer stepped BY rows a rep, destination tx P + r - lo, guard
 * lo <= r < lo + TY; all R0 loads in flight before the first store.  Phase 1:
 * tpx_ts_slot's unit k of row c, B's vector (x H + y0 + lead) / n + k. */
template <typename E, int BY>
__device__ __forceinline__ void ts_interior(const tpx_geom &g, int tbx, int tby, const E *__restrict__ a,
                                            E *__restrict__ b, E *s)
{
    constexpr int N = 16 / sizeof(E), TY = TPX_TS_T(N) * BY, R = TY + 2 * N - 1, R0 = (R + BY - 1) / BY;
    constexpr int P = ((R + N - 1) / N | 1) * N;
    const int tx = threadIdx.x, ty = threadIdx.y, t = tx + ty * g.bx;
    const long long x0 = (long long)tbx * g.bx, y0 = (long long)tby * TY;
    const int lo = tpx_ts_lead(&g, x0 + tx, y0);
    const E *ap = a + (y0 + ty) * g.w + x0 + tx;
    E *sp = s + tx * P - lo;
    E v[R0];
#pragma unroll
    for (int i = 0; i < R0; i++) {
        int r = ty + i * BY;
        if (r >= lo && r < lo + TY)
            v[i] = ap[(long long)i * BY * g.w];
    }
#pragma unroll
    for (int i = 0; i < R0; i++) {
        int r = ty + i * BY;
        if (r >= lo && r < lo + TY)
            sp[r] = v[i];
    }
    __syncthreads();
    const uint4 *s4 = reinterpret_cast<const uint4 *>(s);
    uint4 *b4 = reinterpret_cast<uint4 *>(b);
#pragma unroll
    for (int i = 0; i < TPX_TS_T(N) / N; i++) {
        int c, k;
        tpx_ts_slot(&g, i, t, &c, &k);
        if (c < g.bx) {
            long long f = (x0 + c) * g.h + y0;
            b4[(f + tpx_ts_lead(&g, x0 + c, y0)) / N + k] = s4[c * (P / N) + k];
        }
    }
}

/* Any tile, each move from tpx_mv_tile_sec (its lane's window once), in
 * run-time loops: the tiles at the matrix's edges and every tile of an
 * uncompiled BY or of rows shorter than R.  Inlined: a call passes the
 * geometry on the stack and spills around it, on every tile. */
template <typename E>
__device__ __forceinline__ void ts_general(tpx_geom g, int tbx, int tby, const E *__restrict__ a, E *__restrict__ b,
                                        E *s)
{
    const int tx = threadIdx.x, ty = threadIdx.y, n = tpx_vec(&g);
    const tpx_ts_lane l = tpx_ts_lane_of(&g, tbx, tby, tx);
    const int wraps = tpx_ts_wraps(&g, tby);
#pragma unroll 4
    for (int r = 0; r < tpx_ts_reps0(g.by, n); r++) {
        tpx_move m = tpx_ts_lane_move(&g, &l, wraps, tx, ty + r * g.by);
        if (m.ok)
            s[m.dst] = a[m.src];
    }
    __syncthreads();
    const uint4 *s4 = reinterpret_cast<const uint4 *>(s);
    uint4 *b4 = reinterpret_cast<uint4 *>(b);
    for (int r = 0; r < tpx_ts_reps1(g.by, n); r++) {
        tpx_move m = tpx_ts_move1(&g, r, tbx, tby, tx, ty);
        if (m.ok)
            b4[m.dst] = s4[m.src];
    }
}

/* Blocks per SM the compiler must fit: 1536 threads of f32 (40 registers,
 * where it picks 46 to 48 alone and fits 5 blocks of 256), which measured 10
 * points of memcpy better; at 32 registers it spills, and each spill is L2
 * write traffic the model does not count.  f16, whose tile is 16 BY rows
 * (tpx_ts_ty: R / BY = 20 loads a thread at BY = 4), 1024 (64 registers: at
 * 40 the 32x4 and 64x4 blocks spilled and fell from 56-66 % of memcpy to
 * 38-43 %, 16x16 and 64x8 held; bench/gpu_ab16.sh, H200, 2026-11-27).  f64
 * is left alone: bounded, it spills and loses 30 points (bench/odd_probe.cu,
 * H200, 2026-11-27).  At most TPX_SM_THREADS. */
template <typename E> constexpr int ts_min_blocks(int maxt, int byc)
{
    constexpr int want = sizeof(E) == 2 ? 1024 : 1536;
    return byc == 0 || sizeof(E) == 8 ? 1 : (want < TPX_SM_THREADS ? want : TPX_SM_THREADS) / maxt;
}

/* BYC: BY as a compiled constant, with the interior path (0: any BY, every
 * tile through ts_general). */
template <typename E, int BYC, int MAXT>
__global__ void __launch_bounds__(MAXT, ts_min_blocks<E>(MAXT, BYC)) tpxk_tile_sec(tpx_geom gp, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_geom g = gp;
    g.vec = 16 / (int)sizeof(E); /* constants: every division by N, Q and TY folds */
    if (BYC)
        g.by = BYC;
    int tbx, tby;
    tpx_launch_tile(TPX_K_TILE_SEC, g, &tbx, &tby);
    E *s = tpx_tile_smem<E>();
    if (BYC && tpx_ts_interior(&g, tbx, tby))
        ts_interior<E, (BYC > 0 ? BYC : 1)>(g, tbx, tby, a, b, s);
    else
        ts_general<E>(g, tbx, tby, a, b, s);
}

template <int BYC, int MAXT> static const void *tile_sec_fn(int esize)
{
    switch (esize) {
    case 2: return (const void *)tpxk_tile_sec<unsigned short, BYC, MAXT>;
    case 4: return (const void *)tpxk_tile_sec<unsigned int, BYC, MAXT>;
    case 8: return (const void *)tpxk_tile_sec<unsigned long long, BYC, MAXT>;
    default: return 0;
    }
}

/* BY as a constant for the common shapes (their interior tiles take the
 * lean path); any other BY runs every tile through ts_general. */
template <int MAXT> static const void *tile_sec_by(const tpx_geom *g, int esize)
{
    switch (g->by) {
    case 4: return tile_sec_fn<4, MAXT>(esize);
    case 8: return tile_sec_fn<8, MAXT>(esize);
    case 16: return tile_sec_fn<16, MAXT>(esize);
    default: return tile_sec_fn<0, MAXT>(esize);
    }
}

const void *tpx_fn_tile_sec(const tpx_geom *g, int esize)
{
    if ((long long)g->bx * g->by <= 256)
        return tile_sec_by<256>(g, esize);
    return tile_sec_by<1024>(g, esize);
}
